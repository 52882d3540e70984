#include "bots/search/playout_policy.h"

#include <string>

#include "referee/convert.h"
#include "referee/convert_factions.h"
#include "referee/rules/observation.h"

namespace woodland::bots {
namespace {

void Fill(const rules::State& s, v1::DecisionRequest* req) {
  const int seat = s.deciding_seat();
  req->set_seat(seat);
  req->set_faction(referee::FactionToProto(s.seat(seat).faction));
  referee::PromptToProto(s, req->mutable_prompt());
  for (const rules::Option& o : s.options())
    referee::OptionToProto(s, o, req->add_options());
  referee::ObservationToProto(s, seat, req->mutable_observation());
}

// The clearings' paths, slots and rivers change only with the map's
// topology (opened paths, the Elder Treetop): rebuilt when `static_parts`.
void ClearingStatics(const rules::State& s, int c, v1::ClearingView* cv) {
  const rules::MapDef& m = s.map();
  cv->Clear();
  cv->set_id(c + 1);
  cv->set_suit(referee::SuitToProto(m.clearings[c].suit));
  cv->set_slots(m.clearings[c].slots +
                (s.landmarks().at[rules::kLandmarkElderTreetop] == c));
  for (int n = 0; n < m.num_clearings; ++n) {
    if (s.Adjacent(c, n)) cv->add_adjacent(n + 1);
    if (m.clearings[c].river >> n & 1) cv->add_rivers(n + 1);
  }
  cv->set_coastal(m.clearings[c].coastal);
}

void LeanClearings(const rules::State& s, const rules::Observation& o,
                   bool static_parts, v1::Observation* out) {
  const int n = s.map().num_clearings;
  if (out->clearings_size() != n) {
    out->clear_clearings();
    static_parts = true;
  }
  for (int c = 0; c < n; ++c) {
    v1::ClearingView* cv = c < out->clearings_size() ? out->mutable_clearings(c)
                                                     : out->add_clearings();
    if (static_parts) ClearingStatics(s, c, cv);
    cv->mutable_warriors()->Clear();  // keeps the elements for reuse
    cv->mutable_pieces()->Clear();
    for (const rules::SeatView& v : o.seats) {
      if (v.faction < 0) continue;
      const int w = o.clearings[c].warriors[v.faction];
      if (w == 0) continue;
      v1::FactionCount* fc = cv->add_warriors();
      fc->set_faction(referee::FactionToProto(v.faction));
      fc->set_count(w);
    }
    for (int p = 0; p < rules::kNumPieces; ++p) {
      const int k = o.clearings[c].pieces[p];
      if (k == 0) continue;
      v1::PieceCount* pc = cv->add_pieces();
      const absl::string_view name = rules::GetPieceInfo(p).name;
      pc->set_piece(name.data(), name.size());
      pc->set_owner(referee::FactionToProto(rules::GetPieceInfo(p).owner));
      pc->set_count(k);
    }
    cv->set_ruler(referee::FactionToProto(s.Ruler(c)));
  }
}

void LeanBoards(const rules::State& s, const rules::Observation& o,
                v1::Observation* out) {
  // Clear keeps nested messages and strings for reuse.
  out->clear_marquise();
  out->clear_eyrie();
  out->clear_alliance();
  out->clear_vagabond();
  out->clear_vagabonds();
  out->clear_cult();
  out->clear_riverfolk();
  out->clear_duchy();
  out->clear_corvid();
  out->clear_hundreds();
  out->clear_keepers();
  out->clear_hirelings();
  referee::BaseBoardsToProto(s, o, out);
  for (const rules::Observation::VagabondPublic& v : o.vagabonds) {
    v1::VagabondView* vv = out->add_vagabonds();
    // The heuristic reads each Vagabond from `vagabonds` (MyVagabond), so
    // the old single field 16 is left out (a copy cost a fifth of a pick).
    referee::VagabondViewToProto(s, o, v.faction, v.board, vv);
  }
  if (s.SeatOf(rules::kCult) >= 0)
    referee::CultViewToProto(s, o, out->mutable_cult());
  if (s.SeatOf(rules::kRiverfolk) >= 0)
    referee::RiverfolkViewToProto(s, o, out->mutable_riverfolk());
  if (s.SeatOf(rules::kDuchy) >= 0)
    referee::DuchyViewToProto(s, o, out->mutable_duchy());
  if (s.SeatOf(rules::kCorvid) >= 0)
    referee::CorvidViewToProto(s, o, out->mutable_corvid());
  if (s.SeatOf(rules::kHundreds) >= 0)
    referee::HundredsViewToProto(s, o, out->mutable_hundreds());
  if (s.SeatOf(rules::kKeepers) >= 0)
    referee::KeepersViewToProto(s, o, out->mutable_keepers());
  referee::HirelingsToProto(s, o, out);
}

// The observation's fields the heuristic reads (clearings, seats, hand,
// faction boards), as ObservationToProto fills them; left out: the
// discard pile, available dominance, supply, progress, reveals, the
// Exiles' view and the seats' crafted cards and items.
void LeanObservation(const rules::State& s, int seat, bool static_parts,
                     v1::Observation* out) {
  // Refilled in place at every playout decision (issue 19: no allocation).
  thread_local rules::Observation o;
  rules::ObserveInto(s, seat, o);
  out->set_seat(o.seat);
  out->set_current_seat(o.current_seat);
  out->set_phase(static_cast<v1::Phase>(o.phase + 1));
  out->set_turn(o.turn);
  LeanClearings(s, o, static_parts, out);
  out->clear_seats();
  out->clear_hand();
  for (size_t i = 0; i < o.seats.size(); ++i) {
    const rules::SeatView& v = o.seats[i];
    v1::SeatView* sv = out->add_seats();
    sv->set_seat(static_cast<int>(i));
    sv->set_faction(referee::FactionToProto(v.faction));
    sv->set_victory_points(v.vp);
    sv->set_hand_size(v.hand_size);
    if (v.dominance != rules::kNoCard)
      referee::CardToProto(s, v.dominance, sv->mutable_dominance());
  }
  for (rules::CardId id : o.hand) referee::CardToProto(s, id, out->add_hand());
  LeanBoards(s, o, out);
}

}  // namespace

void LeanPlayoutRequest(const rules::State& s, v1::DecisionRequest* req,
                        bool static_parts) {
  const int seat = s.deciding_seat();
  req->clear_options();
  req->set_seat(seat);
  req->set_faction(referee::FactionToProto(s.seat(seat).faction));
  referee::PromptToProto(s, req->mutable_prompt());
  for (const rules::Option& o : s.options())
    referee::OptionToProto(s, o, req->add_options());
  LeanObservation(s, seat, static_parts, req->mutable_observation());
}

v1::DecisionRequest PlayoutRequest(const rules::State& s) {
  v1::DecisionRequest req;
  Fill(s, &req);
  return req;
}

const v1::DecisionRequest& PlayoutPolicy::Request(const rules::State& s) {
  // The topology the clearings' static parts were built for.
  const uint64_t key = (static_cast<uint64_t>(s.opened_paths()) << 16) ^
                       static_cast<uint64_t>(
                           s.landmarks().at[rules::kLandmarkElderTreetop] + 1) ^
                       (reinterpret_cast<uintptr_t>(&s.map()) << 24);
  LeanPlayoutRequest(s, &request_, key != topology_);
  topology_ = key;
  return request_;
}

int PlayoutPolicy::Choose(const rules::State& s) {
  if (s.options().size() <= 1) return 0;
  return heuristic_.Choose(Request(s));
}

}  // namespace woodland::bots
