#include "referee/convert_factions.h"

#include <string>

#include "absl/strings/ascii.h"
#include "referee/convert.h"
#include "referee/rules/hirelings.h"

namespace woodland::referee {

// The Lizard Cult (Law 10).
void CultViewToProto(const rules::State& s, const rules::Observation& o,
                     v1::CultView* out) {
  const rules::CultBoard& cb = o.cult;
  if (cb.outcast >= 0) out->set_outcast(SuitToProto(cb.outcast));
  out->set_hated(cb.hated);
  out->set_acolytes(cb.acolytes);
  for (rules::CardId id : cb.lost_souls)
    CardToProto(s, id, out->add_lost_souls());
  for (rules::CardId id : cb.revealed) CardToProto(s, id, out->add_revealed());
  for (int suit = 0; suit < rules::kNumClearingSuits; ++suit) {
    out->add_gardens_on_tracks(s.piece_supply(rules::kGardenFox + suit));
    if (cb.scored >> suit & 1) out->add_scored_this_turn(SuitToProto(suit));
  }
}

// The Riverfolk Company (Law 11): everything is public.
namespace {

void FactionCounts(const std::array<int8_t, rules::kNumFactions>& box,
                   google::protobuf::RepeatedPtrField<v1::FactionCount>* out) {
  for (int f = 0; f < rules::kNumFactions; ++f) {
    if (box[f] == 0) continue;
    v1::FactionCount* fc = out->Add();
    fc->set_faction(FactionToProto(f));
    fc->set_count(box[f]);
  }
}

void PostCount(int piece, int n,
               google::protobuf::RepeatedPtrField<v1::PieceCount>* out) {
  v1::PieceCount* pc = out->Add();
  pc->set_piece(std::string(rules::GetPieceInfo(piece).name));
  pc->set_owner(FactionToProto(rules::kRiverfolk));
  pc->set_count(n);
}

}  // namespace

void RiverfolkViewToProto(const rules::State& s, const rules::Observation& o,
                          v1::RiverfolkView* out) {
  const rules::RiverfolkBoard& rf = o.riverfolk;
  FactionCounts(rf.payments, out->mutable_payments());
  FactionCounts(rf.funds, out->mutable_funds());
  FactionCounts(rf.committed, out->mutable_committed());
  out->set_price_hand_card(rf.prices[rules::kServiceHandCard]);
  out->set_price_riverboats(rf.prices[rules::kServiceRiverboats]);
  out->set_price_mercenaries(rf.prices[rules::kServiceMercenaries]);
  for (int suit = 0; suit < rules::kNumClearingSuits; ++suit) {
    const int piece = rules::kTradePostFox + suit;
    int on_map = 0;
    for (const rules::ClearingState& c : o.clearings) on_map += c.pieces[piece];
    PostCount(piece, on_map, out->mutable_trade_posts_on_map());
    PostCount(piece, s.piece_supply(piece),
              out->mutable_trade_posts_on_tracks());
    PostCount(piece, rf.posts_gone[suit], out->mutable_trade_posts_removed());
  }
  for (rules::CardId id : o.riverfolk_hand) CardToProto(s, id, out->add_hand());
  if (rf.boats_turn == s.turn() && rf.boats_for != rules::kNoFaction)
    out->set_riverboats_for(FactionToProto(rf.boats_for));
  if (rf.mercs_turn == s.turn() && rf.mercs_for != rules::kNoFaction)
    out->set_mercenaries_for(FactionToProto(rf.mercs_for));
}

// The Underground Duchy (Law 12).
void DuchyViewToProto(const rules::State& s, const rules::Observation& o,
                      v1::DuchyView* out) {
  static constexpr const char* kRanks[] = {"squire", "noble", "lord"};
  const rules::DuchyBoard& b = o.duchy;
  out->set_burrow_warriors(b.burrow);
  for (int m = 0; m < rules::kNumMinisters; ++m) {
    v1::DuchyView::Minister* mv = out->add_ministers();
    mv->set_name(std::string(rules::DuchyMinisterName(m)));
    mv->set_rank(kRanks[rules::MinisterRank(m)]);
    mv->set_swayed(b.Swayed(m));
    mv->set_acted(b.used >> m & 1);
  }
  for (int r = 0; r < rules::kNumRanks; ++r) {
    out->add_crowns_on_board(b.CrownsLeft(r));
    out->add_crowns_lost(b.crowns_lost[r]);
  }
  for (rules::CardId id : b.revealed) CardToProto(s, id, out->add_revealed());
  out->set_assembly_actions_taken(b.actions);
}

// The Corvid Conspiracy (Law 13). Plots come from the observation's
// clearings, where ObserveCorvid already hid face-down kinds from others.
void CorvidViewToProto(const rules::State& s, const rules::Observation& o,
                       v1::CorvidView* out) {
  for (size_t c = 0; c < o.clearings.size(); ++c) {
    for (int p = rules::kPlotBomb; p <= rules::kPlotHidden; ++p) {
      if (o.clearings[c].pieces[p] == 0) continue;
      v1::CorvidPlot* plot = out->add_plots();
      plot->set_clearing(static_cast<int32_t>(c) + 1);
      plot->set_plot(std::string(rules::GetPieceInfo(p).name));
      plot->set_face_up(o.corvid.FaceUp(static_cast<int>(c)));
      if (p == rules::kPlotExtortion && plot->face_up())
        out->set_face_up_extortions(out->face_up_extortions() + 1);
    }
  }
  const bool own = o.seat >= 0 && o.seat == s.SeatOf(rules::kCorvid);
  int supply = 0;
  for (int p = rules::kPlotBomb; p <= rules::kPlotRaid; ++p) {
    supply += s.piece_supply(p);
    if (own && s.piece_supply(p) > 0) {
      v1::PieceCount* pc = out->add_own_supply();
      pc->set_piece(std::string(rules::GetPieceInfo(p).name));
      pc->set_owner(FactionToProto(rules::kCorvid));
      pc->set_count(s.piece_supply(p));
    }
  }
  out->set_plots_in_supply(supply);
  out->set_plotted_this_turn(o.corvid.plotted);
}

// The Lord of the Hundreds (Law 14).
void HundredsViewToProto(const rules::State& s, const rules::Observation& o,
                         v1::HundredsView* out) {
  const rules::HundredsBoard& hb = o.hundreds;
  out->set_warlord_clearing(hb.warlord + 1);
  out->set_warlord_on_coffin_makers(hb.warlord_on_coffins);
  out->set_mood(absl::AsciiStrToLower(rules::HundredsMoodName(hb.mood)));
  for (int i = 0; i < rules::kNumItems; ++i) {
    const int track = rules::HundredsBoard::TrackOf(i);
    if (hb.hoard[i] > 0 && track >= 0) {
      v1::ItemCount* c =
          track == 0 ? out->add_command_track() : out->add_prowess_track();
      c->set_item(std::string(rules::ItemName(i)));
      c->set_count(hb.hoard[i]);
    }
    if (hb.removed[i] > 0) {
      v1::ItemCount* c = out->add_removed_items();
      c->set_item(std::string(rules::ItemName(i)));
      c->set_count(hb.removed[i]);
    }
  }
  out->set_command(hb.Command());
  out->set_prowess(hb.Prowess());
  for (size_t c = 0; c < o.clearings.size(); ++c) {
    if (o.clearings[c].pieces[rules::kMob] > 0)
      out->add_mob_clearings(static_cast<int32_t>(c) + 1);
  }
}

// The Keepers in Iron (Law 15), from the observation (face-down relic
// values already redacted to 0 by ObserveKeepers).
namespace {

constexpr const char* kRelicTypeNames[] = {"figure", "tablet", "jewelry"};
constexpr const char* kRetinueNames[] = {"move", "battle_then_delve",
                                         "move_or_recover"};

void KeepersRelicsToProto(const std::vector<rules::KeepersRelic>& relics,
                          v1::KeepersRelicPlace* out) {
  for (const rules::KeepersRelic& r : relics) {
    v1::KeepersRelic* p = out->add_relics();
    p->set_type(kRelicTypeNames[r.type]);
    p->set_value(r.value);
    p->set_face_up(r.face_up);
  }
}

}  // namespace

void KeepersViewToProto(const rules::State& s, const rules::Observation& o,
                        v1::KeepersView* out) {
  const rules::KeepersBoard& kb = o.keepers;
  for (size_t f = 0; f < kb.forests.size(); ++f) {
    v1::KeepersRelicPlace* p = out->add_relics();
    p->set_forest(static_cast<int>(f) + 1);
    KeepersRelicsToProto(kb.forests[f], p);
    for (int c = 0; c < s.map().num_clearings; ++c) {
      if (s.map().forests[f] >> c & 1) p->add_clearings_around(c + 1);
    }
  }
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (kb.clearings[c].empty()) continue;
    v1::KeepersRelicPlace* p = out->add_relics();
    p->set_clearing(c + 1);
    KeepersRelicsToProto(kb.clearings[c], p);
  }
  for (int t = 0; t < rules::kRelicTypes; ++t) {
    v1::KeepersRelicRow* row = out->add_recovered();
    row->set_type(kRelicTypeNames[t]);
    for (int8_t v : kb.recovered[t]) row->add_values(v);
  }
  for (int i = 0; i < 3; ++i) {  // Law 15.2.2: front i, back i + 1
    v1::KeepersWaystation* w = out->add_waystations();
    w->set_front(kRelicTypeNames[i]);
    w->set_back(kRelicTypeNames[(i + 1) % 3]);
    w->set_shown(kRelicTypeNames[kb.flipped[i] ? (i + 1) % 3 : i]);
    w->set_clearing(kb.waystation[i] + 1);
  }
  for (int col = 0; col < 3; ++col) {
    v1::KeepersRetinueColumn* c = out->add_retinue();
    c->set_column(kRetinueNames[col]);
    int retainers = 0;
    for (int16_t id : kb.retinue[col]) {
      if (id == rules::kFaithfulRetainer) {
        ++retainers;
      } else {
        CardToProto(s, id, c->add_cards());
      }
    }
    c->set_faithful_retainers(retainers);
  }
  out->set_retainers_removed(kb.retainers_removed);
  v1::KeepersRelicPlace pending;
  KeepersRelicsToProto(kb.pending, &pending);
  *out->mutable_awaiting_forest() = pending.relics();
}

// The Exiles and Partisans deck's card state (Law 20.8.1): public.
void ExilesViewToProto(const rules::State& s, const rules::Observation& o,
                       v1::ExilesView* out) {
  for (int f = 0; f < rules::kNumFactions; ++f) {
    if (o.exiles.coffins[f] == 0) continue;
    v1::ExilesCoffin* c = out->add_coffin_makers();
    c->set_faction(FactionToProto(f));
    c->set_warriors(o.exiles.coffins[f]);
  }
  for (int seat = 0; seat < s.num_seats(); ++seat) {
    v1::ExilesExhaustedItems* e = nullptr;
    for (int i = 0; i < rules::kNumItems; ++i) {
      if (o.exiles.exhausted[seat][i] == 0) continue;
      if (e == nullptr) {
        e = out->add_exhausted();
        e->set_seat(seat);
      }
      v1::ItemCount* ic = e->add_items();
      ic->set_item(std::string(rules::ItemName(i)));
      ic->set_count(o.exiles.exhausted[seat][i]);
    }
  }
}

// --- The hirelings (Law 22, hirelings.cc) -----------------------------------

namespace {

// The Bands' ability: the clearings each seat moved into this turn (held
// only during the turn they were recorded, as HirelingMoveLock).
void BandLocksToProto(const rules::State& s, const rules::HirelingsBoard& b,
                      v1::HirelingView* hv) {
  if (b.band_turn != s.turn()) return;
  for (int seat = 0; seat < s.num_seats(); ++seat) {
    if (b.band_lock[seat] == 0) continue;
    v1::BandLock* lock = hv->add_band_locks();
    lock->set_faction(FactionToProto(s.seat(seat).faction));
    for (int c = 0; c < s.map().num_clearings; ++c) {
      if (b.band_lock[seat] >> c & 1) lock->add_clearings(c + 1);
    }
  }
}

}  // namespace

void HirelingsToProto(const rules::State& s, const rules::Observation& o,
                      v1::Observation* out, bool clearing_pieces) {
  const rules::HirelingsBoard& b = o.hirelings;
  if (!b.InPlay()) return;
  auto items = [](const std::array<int8_t, rules::kNumItems>& v,
                  google::protobuf::RepeatedPtrField<v1::ItemCount>* dst) {
    for (int i = 0; i < rules::kNumItems; ++i) {
      if (v[i] == 0) continue;
      v1::ItemCount* ic = dst->Add();
      ic->set_item(std::string(rules::ItemName(i)));
      ic->set_count(v[i]);
    }
  };
  for (const rules::HirelingCard& h : b.cards) {
    v1::HirelingView* hv = out->add_hirelings();
    hv->set_key(std::string(rules::HirelingKey(h.hireling, h.demoted)));
    hv->set_name(std::string(rules::HirelingName(h.hireling, h.demoted)));
    hv->set_demoted(h.demoted);
    hv->set_controller_seat(h.Controlled() ? s.SeatOf(h.controller) : -1);
    hv->set_controller(FactionToProto(h.controller));
    hv->set_control_markers(h.control);
    hv->set_gained_this_turn(h.Controlled() && h.gained_turn == s.turn());
    hv->set_daylight_used(h.used);
    for (int c = 0; c < s.map().num_clearings; ++c) {
      if (h.warriors[c] == 0 && h.vaults[c] == 0) continue;
      v1::HirelingPieces* hp = hv->add_pieces();
      hp->set_clearing(c + 1);
      hp->set_warriors(h.warriors[c]);
      hp->set_vaults(h.vaults[c]);
    }
    hv->set_warriors_in_supply(h.supply);
    hv->set_warriors_on_card(h.held);
    hv->set_vaults_in_supply(h.vault_supply);
    hv->set_forest(h.forest + 1);
    hv->set_clubs_ready(h.clubs);
    hv->set_clubs_exhausted(h.clubs_exhausted);
    items(h.items, hv->mutable_items_ready());
    items(h.items_exhausted, hv->mutable_items_exhausted());
    for (int8_t f : rules::HirelingBlocks(h.hireling))
      hv->add_blocks(FactionToProto(f));
    hv->set_clubs_lost(h.clubs_lost);
    if (h.hireling == rules::kHirelingPopularBand) BandLocksToProto(s, b, hv);
  }
  v1::HirelingMarkers* m = out->mutable_hireling_markers();
  for (size_t i = 0; i < rules::kHirelingMarkerSpaces.size(); ++i) {
    if (b.markers_on_track >> i & 1)
      m->add_on_track(rules::kHirelingMarkerSpaces[i]);
  }
  for (int seat = 0; seat < s.num_seats(); ++seat)
    m->add_waiting_by_seat(b.markers_waiting[seat]);
  if (!clearing_pieces) return;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    bool any = false;
    for (const rules::HirelingCard& h : b.cards)
      any |= h.warriors[c] != 0 || h.vaults[c] != 0;
    if (any) HirelingClearingPiecesToProto(b, c, out->mutable_clearings(c));
  }
}

void HirelingClearingPiecesToProto(const rules::HirelingsBoard& b, int c,
                                   v1::ClearingView* cv) {
  for (const rules::HirelingCard& h : b.cards) {
    for (bool vault : {false, true}) {
      const int n = vault ? h.vaults[c] : h.warriors[c];
      if (n == 0) continue;
      v1::PieceCount* pc = cv->add_pieces();
      pc->set_piece(rules::HirelingPieceName(h.hireling, h.demoted, vault));
      pc->set_count(n);
    }
  }
}

}  // namespace woodland::referee
