#include "referee/rules/observation.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "referee/rules/exiles.h"
#include "referee/rules/observe_seated.h"

namespace woodland::rules {

namespace {

// Law 19.8.3.I: the homelands, grouped by faction (public).
void ObserveHomelands(const State& s, Observation& o) {
  const LandmarksBoard& lb = s.landmarks();
  for (size_t i = 0; i < lb.homeland_clearings.size(); ++i) {
    const int8_t f = lb.homeland_factions[i];
    auto it = std::find_if(o.homelands.begin(), o.homelands.end(),
                           [f](const auto& h) { return h.faction == f; });
    if (it == o.homelands.end())
      it = o.homelands.insert(o.homelands.end(),
                              {.faction = f, .clearings = {}});
    it->clearings.push_back(lb.homeland_clearings[i]);
  }
}

// Copies a container's elements into `v`, keeping v's capacity.
template <class V, class C>
void Assign(V& v, const C& c) {
  v.assign(c.begin(), c.end());
}

}  // namespace

namespace {

// ObserveInto; with `every_board` false, the boards of the expansion
// factions not seated are left as `o` holds them (observe_seated.h).
void Fill(const State& s, int seat, Observation& o, bool every_board) {
  o.seat = seat;
  o.current_seat = s.current_seat();
  o.phase = s.phase();
  o.turn = s.turn();
  o.clearings.resize(s.map().num_clearings);
  for (int c = 0; c < s.map().num_clearings; ++c)
    o.clearings[c] = s.clearing(c);
  o.seats.resize(s.num_seats());
  for (int i = 0; i < s.num_seats(); ++i) {
    const SeatState& st = s.seat(i);
    SeatView& v = o.seats[i];
    v.faction = st.faction;
    v.vp = st.vp;
    v.dominance = st.dominance;
    v.hand_size = static_cast<int>(st.hand.size());  // Law 1.2.1: count only
    Assign(v.play_area, st.play_area);
    v.items = st.items;
  }
  o.hand.clear();
  if (seat >= 0 && seat < s.num_seats()) Assign(o.hand, s.seat(seat).hand);
  Assign(o.discard, s.discard());  // Law 1.2.2
  Assign(o.available_dominance, s.available_dominance());
  o.deck_size = static_cast<int>(s.deck().size());
  o.item_supply = s.item_supply();
  o.reveals.clear();
  for (const Reveal& r : s.reveals()) {
    if (r.viewer == seat) o.reveals.push_back(r);
  }
  o.keep = s.marquise().keep;
  o.marquise_placed = s.marquise().placed;
  o.eyrie_leader = s.eyrie().leader;
  o.eyrie_deposed = s.eyrie().deposed;
  for (int col = 0; col < 4; ++col)
    Assign(o.decree[col], s.eyrie().decree[col]);
  o.viziers = s.eyrie().viziers;
  const VagabondBoard& vb = s.vagabond();
  o.vagabond_character = vb.character;
  o.vagabond_clearing = vb.clearing;
  o.vagabond_forest = vb.forest;
  Assign(o.vagabond_items, vb.items);
  o.relations = vb.relation;
  Assign(o.quests, vb.quests);
  Assign(o.quests_done, vb.quests_done);
  o.ruins_with_items.clear();
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (vb.ruin_item[c] > 0 || s.vagabond(kVagabond2).ruin_item[c] > 0)
      o.ruins_with_items.push_back(static_cast<int8_t>(c));
  }
  o.vagabonds.clear();
  for (int f : {kVagabond, kVagabond2}) {
    if (s.SeatOf(f) < 0) continue;
    Observation::VagabondPublic& v =
        o.vagabonds.emplace_back(static_cast<int8_t>(f), s.vagabond(f));
    v.board.ruin_item = {};      // hidden until explored (Law 9.3.4)
    v.board.quest_deck.clear();  // face down
  }
  o.supporters = static_cast<int>(s.alliance().supporters.size());
  o.officers = s.alliance().officers;
  o.supporter_cards.clear();
  if (seat >= 0 && seat < s.num_seats() && s.seat(seat).faction == kAlliance) {
    Assign(o.supporter_cards, s.alliance().supporters);  // Law 8.2.3
  }
  o.riverfolk_hand.clear();
  const auto board = [&](int faction) {
    return every_board || s.SeatOf(faction) >= 0;
  };
  if (board(kCult)) ObserveCult(s, seat, o);
  if (board(kRiverfolk)) ObserveRiverfolk(s, seat, o);
  if (board(kDuchy)) ObserveDuchy(s, seat, o);
  if (board(kCorvid)) ObserveCorvid(s, seat, o);
  if (board(kHundreds)) ObserveHundreds(s, seat, o);
  if (board(kKeepers)) ObserveKeepers(s, seat, o);
  ObserveExiles(s, seat, o);
  o.hirelings = s.hirelings();  // Law 22: nothing about them is hidden
  o.homelands.clear();
  ObserveHomelands(s, o);
}

}  // namespace

void ObserveInto(const State& s, int seat, Observation& o) {
  Fill(s, seat, o, /*every_board=*/true);
}

void ObserveSeatedInto(const State& s, int seat, Observation& o) {
  Fill(s, seat, o, /*every_board=*/false);
}

Observation Observe(const State& s, int seat) {
  Observation o;
  ObserveInto(s, seat, o);
  return o;
}

std::string ObservationJson(const State& s, const Observation& o) {
  auto cards = [&](const std::vector<CardId>& v) {
    return absl::StrCat("[",
                        absl::StrJoin(v, ",",
                                      [&](std::string* out, CardId id) {
                                        absl::StrAppend(
                                            out, "\"", s.card(id).name, " (",
                                            SuitName(s.card(id).suit), ")\"");
                                      }),
                        "]");
  };
  std::string j = absl::StrCat("{\"seat\":", o.seat, ",\"turn\":", o.turn,
                               ",\"current_seat\":", o.current_seat,
                               ",\"phase\":", int{o.phase}, ",\"clearings\":[");
  for (size_t c = 0; c < o.clearings.size(); ++c) {
    absl::StrAppend(&j, c ? "," : "", "{\"id\":", c + 1, ",\"warriors\":{");
    bool first = true;
    for (const SeatView& v : o.seats) {
      const int n = o.clearings[c].warriors[v.faction];
      if (n == 0) continue;
      absl::StrAppend(&j, first ? "" : ",", "\"", FactionKey(v.faction),
                      "\":", n);
      first = false;
    }
    absl::StrAppend(&j, "},\"pieces\":{");
    first = true;
    for (int p = 0; p < kNumPieces; ++p) {
      const int n = o.clearings[c].pieces[p];
      if (n == 0) continue;
      absl::StrAppend(&j, first ? "" : ",", "\"", GetPieceInfo(p).name,
                      "\":", n);
      first = false;
    }
    absl::StrAppend(&j, "}}");
  }
  absl::StrAppend(&j, "],\"seats\":[");
  for (size_t i = 0; i < o.seats.size(); ++i) {
    const SeatView& v = o.seats[i];
    absl::StrAppend(&j, i ? "," : "", "{\"faction\":\"", FactionKey(v.faction),
                    "\",\"vp\":", v.vp, ",\"hand_size\":", v.hand_size,
                    ",\"play_area\":", cards(v.play_area), "}");
  }
  absl::StrAppend(&j, "],\"hand\":", cards(o.hand),
                  ",\"discard\":", cards(o.discard),
                  ",\"deck_size\":", o.deck_size, ",\"decree\":[");
  for (int col = 0; col < 4; ++col) {
    absl::StrAppend(&j, col ? "," : "", cards(o.decree[col]));
  }
  absl::StrAppend(&j, "]}");
  return j;
}

}  // namespace woodland::rules
