#include "referee/convert.h"

#include <iterator>

#include "referee/convert_factions.h"
#include "referee/rules/faction.h"
#include "referee/rules/observation.h"

namespace woodland::referee {

using rules::CardId;
using rules::State;

v1::Faction FactionToProto(int faction) {
  return faction < 0 ? v1::FACTION_UNSPECIFIED
                     : static_cast<v1::Faction>(faction + 1);
}

int FactionFromProto(v1::Faction f) {
  const int v = static_cast<int>(f) - 1;
  return v >= 0 && v < rules::kNumFactions ? v : -1;
}

v1::Suit SuitToProto(int suit) {
  return suit >= 0 && suit < rules::kNumSuits ? static_cast<v1::Suit>(suit + 1)
                                              : v1::SUIT_UNSPECIFIED;
}

v1::EndReason EndReasonToProto(rules::EndReason r) {
  switch (r) {
    case rules::kReason30Vp:
      return v1::END_REASON_VICTORY_POINTS;
    case rules::kReasonDominance:
      return v1::END_REASON_DOMINANCE;
    case rules::kReasonTurnLimit:
      return v1::END_REASON_TURN_LIMIT;
    case rules::kNotOver:
      break;
  }
  return v1::END_REASON_UNSPECIFIED;
}

void CardToProto(const State& s, CardId id, v1::Card* out) {
  if (id == rules::kNoCard) return;
  out->set_id(id);
  out->set_name(s.card(id).name);
  out->set_suit(SuitToProto(s.card(id).suit));
}

// "No card" is an absent Card field, never Card{id: 0} (card 0 is a real
// card): the submessage is created only when there is a card.
template <typename GetField>
void MaybeCard(const State& s, CardId id, GetField get) {
  if (id != rules::kNoCard) CardToProto(s, id, get());
}

void QuestToProto(int quest, v1::QuestChoice* out) {
  out->set_quest(quest);
  out->set_name(std::string(rules::QuestName(quest)));
  out->set_suit(SuitToProto(rules::QuestSuit(quest)));
}

v1::Prompt PromptToProto(const State& s) {
  v1::Prompt p;
  p.set_kind(std::string(s.PromptKey()));
  p.set_text(s.PromptText());
  p.set_law(std::string(s.PromptLaw()));
  return p;
}

void OptionToProto(const State& s, const rules::Option& o, v1::Option* out) {
  out->set_label(s.OptionLabel(o));
  switch (o.kind) {
    case rules::kOptDone:
      out->mutable_done();
      break;
    case rules::kOptYes:
      out->mutable_yes();
      break;
    case rules::kOptCard:
      MaybeCard(s, o.card, [&] { return out->mutable_card(); });
      break;
    case rules::kOptClearing:
      out->mutable_clearing()->set_clearing(o.a + 1);
      break;
    case rules::kOptMove:
      out->mutable_move()->set_from_clearing(o.a + 1);
      out->mutable_move()->set_to_clearing(o.b + 1);
      break;
    case rules::kOptCount:
      out->mutable_count()->set_count(o.a);
      if (o.b >= 0) out->mutable_count()->set_faction(FactionToProto(o.b));
      break;
    case rules::kOptItem:
      out->mutable_item()->set_item(std::string(rules::ItemName(o.a)));
      out->mutable_item()->set_damaged(o.b > 0 && (o.b & rules::kItemDamaged));
      out->mutable_item()->set_exhausted(o.b > 0 &&
                                         (o.b & rules::kItemExhausted));
      break;
    case rules::kOptQuest:
      QuestToProto(o.a, out->mutable_quest());
      break;
    case rules::kOptForest:
      out->mutable_forest()->set_forest(o.a + 1);
      break;
    case rules::kOptCharacter:
      out->mutable_character()->set_character(s.OptionLabel(o));
      break;
    case rules::kOptBattle:
      out->mutable_battle()->set_clearing(o.a + 1);
      out->mutable_battle()->set_defender(FactionToProto(o.b));
      break;
    case rules::kOptFaction:
      out->mutable_faction()->set_faction(FactionToProto(o.a));
      MaybeCard(s, o.card,
                [&] { return out->mutable_faction()->mutable_card(); });
      break;
    case rules::kOptPiece:
      out->mutable_piece()->set_piece(
          std::string(rules::GetPieceInfo(o.a).name));
      break;
    case rules::kOptAction:
      out->mutable_action()->set_code(o.a);
      break;
    case rules::kOptSuit:
      out->mutable_suit()->set_suit(SuitToProto(o.a));
      out->mutable_suit()->set_column(o.b);
      MaybeCard(s, o.card, [&] { return out->mutable_suit()->mutable_card(); });
      break;
    case rules::kOptDecree:
      MaybeCard(s, o.card,
                [&] { return out->mutable_decree()->mutable_card(); });
      out->mutable_decree()->set_column(o.a);
      break;
    case rules::kOptLeader:
      out->mutable_leader()->set_leader(s.OptionLabel(o));
      break;
    case rules::kOptExtra: {
      static constexpr const char* kNames[] = {"activate_dominance",
                                               "take_dominance",
                                               "tax_collector",
                                               "codebreakers",
                                               "open_path",
                                               "exposure",
                                               "hireling"};
      static_assert(std::size(kNames) == rules::kExtraHireling + 1);
      static_assert(rules::kExtraOpenPath == 4);
      out->mutable_extra()->set_action(kNames[o.a]);
      if (o.a == rules::kExtraExposure)
        out->mutable_extra()->set_clearing(o.b + 1);
      if (o.a == rules::kExtraOpenPath) {
        auto [a, b] = s.map().closed_paths[o.b];
        out->mutable_extra()->set_clearing(a + 1);
        out->mutable_extra()->set_other_clearing(b + 1);
      }
      MaybeCard(s, o.card,
                [&] { return out->mutable_extra()->mutable_card(); });
      break;
    }
    case rules::kOptEffect:
      out->mutable_effect()->set_index(o.a);
      break;
  }
}

namespace {

void Cards(const State& s, const std::vector<CardId>& ids,
           google::protobuf::RepeatedPtrField<v1::Card>* out) {
  for (CardId id : ids) CardToProto(s, id, out->Add());
}

void Items(const std::array<int8_t, rules::kNumItems>& items,
           google::protobuf::RepeatedPtrField<v1::ItemCount>* out) {
  for (int i = 0; i < rules::kNumItems; ++i) {
    if (items[i] == 0) continue;
    v1::ItemCount* ic = out->Add();
    ic->set_item(std::string(rules::ItemName(i)));
    ic->set_count(items[i]);
  }
}

// One Vagabond's board (Law 9.2, 9.7); the face-up quests are shared.
void VagabondToProto(const State& s, const rules::Observation& o, int faction,
                     const rules::VagabondBoard& vb, v1::VagabondView* vv) {
  vv->set_faction(FactionToProto(faction));
  if (vb.character >= 0) {
    vv->set_character(std::string(rules::VagabondCharacterName(vb.character)));
  }
  vv->set_clearing(vb.clearing + 1);
  vv->set_forest(vb.forest + 1);
  for (const rules::VItem& it : vb.items) {
    v1::VagabondItem* vi = vv->add_items();
    vi->set_item(std::string(rules::ItemName(it.kind)));
    vi->set_exhausted(it.exhausted);
    vi->set_damaged(it.damaged);
  }
  for (int i = 0; i < s.num_seats(); ++i) {
    const int f = s.seat(i).faction;
    // Law 9.2.9: a marker for each non-Vagabond faction.
    if (f == rules::kVagabond || f == rules::kVagabond2) continue;
    static constexpr const char* kLevels[] = {"indifferent", "1", "2",
                                              "allied"};
    const int r = vb.relation[f];
    v1::Relationship* rel = vv->add_relationships();
    rel->set_faction(FactionToProto(f));
    rel->set_level(r == rules::kHostile ? "hostile" : kLevels[r]);
  }
  for (int8_t q : o.quests) QuestToProto(q, vv->add_quests());
  for (int8_t q : vb.quests_done) QuestToProto(q, vv->add_quests_done());
  for (int8_t c : o.ruins_with_items) vv->add_ruins_with_items(c + 1);
  if (vb.coalition >= 0) {
    vv->set_coalition(FactionToProto(s.seat(vb.coalition).faction));
  }
  vv->set_scorched_clearing(vb.scorched + 1);
}

}  // namespace

void ObservationToProto(const State& s, int seat, v1::Observation* out) {
  const rules::Observation o = rules::Observe(s, seat);
  out->set_seat(o.seat);
  out->set_current_seat(o.current_seat);
  out->set_phase(static_cast<v1::Phase>(o.phase + 1));
  out->set_turn(o.turn);
  const rules::MapDef& m = s.map();
  for (int c = 0; c < m.num_clearings; ++c) {
    v1::ClearingView* cv = out->add_clearings();
    cv->set_id(c + 1);
    cv->set_suit(SuitToProto(m.clearings[c].suit));
    cv->set_slots(m.clearings[c].slots);
    for (int n = 0; n < m.num_clearings; ++n) {
      if (s.Adjacent(c, n)) cv->add_adjacent(n + 1);
      if (m.clearings[c].river >> n & 1) cv->add_rivers(n + 1);
    }
    cv->set_coastal(m.clearings[c].coastal);
    cv->set_ferry(s.ferry() == c);
    cv->set_pass(m.tower == c);
    for (size_t i = 0; i < m.closed_paths.size(); ++i) {
      if (s.opened_paths() >> i & 1) continue;
      auto [a, b] = m.closed_paths[i];
      if (a == c || b == c) cv->add_closed_paths((a == c ? b : a) + 1);
    }
    for (const rules::SeatView& v : o.seats) {
      const int w = o.clearings[c].warriors[v.faction];
      if (w == 0) continue;
      v1::FactionCount* fc = cv->add_warriors();
      fc->set_faction(FactionToProto(v.faction));
      fc->set_count(w);
    }
    for (int p = 0; p < rules::kNumPieces; ++p) {
      const int n = o.clearings[c].pieces[p];
      if (n == 0) continue;
      v1::PieceCount* pc = cv->add_pieces();
      pc->set_piece(std::string(rules::GetPieceInfo(p).name));
      pc->set_owner(FactionToProto(rules::GetPieceInfo(p).owner));
      pc->set_count(n);
    }
    cv->set_ruler(FactionToProto(s.Ruler(c)));
  }
  for (size_t i = 0; i < o.seats.size(); ++i) {
    const rules::SeatView& v = o.seats[i];
    v1::SeatView* sv = out->add_seats();
    sv->set_seat(static_cast<int>(i));
    sv->set_faction(FactionToProto(v.faction));
    sv->set_victory_points(v.vp);
    sv->set_hand_size(v.hand_size);
    if (v.dominance != rules::kNoCard)
      CardToProto(s, v.dominance, sv->mutable_dominance());
    Cards(s, v.play_area, sv->mutable_play_area());
    Items(v.items, sv->mutable_items());
  }
  Cards(s, o.hand, out->mutable_hand());
  Cards(s, o.discard, out->mutable_discard_pile());
  Cards(s, o.available_dominance, out->mutable_available_dominance());
  out->set_deck_size(o.deck_size);
  Items(o.item_supply, out->mutable_item_supply());
  for (const rules::Reveal& r : o.reveals) {
    v1::RevealedHand* rh = out->add_revealed_hands();
    rh->set_seat(r.target);
    rh->set_turn(r.turn);
    Cards(s, r.cards, rh->mutable_cards());
  }
  if (s.SeatOf(rules::kMarquise) >= 0) {
    v1::MarquiseView* mv = out->mutable_marquise();
    mv->set_keep_clearing(o.keep + 1);
    mv->set_sawmills(o.marquise_placed[0]);
    mv->set_workshops(o.marquise_placed[1]);
    mv->set_recruiters(o.marquise_placed[2]);
  }
  if (s.SeatOf(rules::kEyrie) >= 0) {
    v1::EyrieView* ev = out->mutable_eyrie();
    rules::Option leader{.kind = rules::kOptLeader};
    if (o.eyrie_leader >= 0) {
      leader.a = o.eyrie_leader;
      ev->set_leader(s.OptionLabel(leader));
    }
    for (int l = 0; l < 4; ++l) {
      if (o.eyrie_deposed >> l & 1) {
        leader.a = static_cast<int8_t>(l);
        ev->add_deposed_leaders(s.OptionLabel(leader));
      }
    }
    for (int col = 0; col < 4; ++col) {
      v1::DecreeColumn* dc = ev->add_decree();
      Cards(s, o.decree[col], dc->mutable_cards());
      dc->set_viziers(o.viziers[col]);
    }
    ev->set_roosts(s.eyrie().roosts);
  }
  if (s.SeatOf(rules::kAlliance) >= 0) {
    v1::AllianceView* av = out->mutable_alliance();
    av->set_supporters(o.supporters);
    Cards(s, o.supporter_cards, av->mutable_supporter_cards());
    av->set_officers(o.officers);
  }
  for (const rules::Observation::VagabondPublic& v : o.vagabonds) {
    v1::VagabondView* vv = out->add_vagabonds();
    VagabondToProto(s, o, v.faction, v.board, vv);
    if (v.faction == rules::kVagabond) *out->mutable_vagabond() = *vv;
  }
  if (s.SeatOf(rules::kCult) >= 0) CultViewToProto(s, o, out->mutable_cult());
  if (s.SeatOf(rules::kRiverfolk) >= 0)
    RiverfolkViewToProto(s, o, out->mutable_riverfolk());
  if (s.SeatOf(rules::kDuchy) >= 0)
    DuchyViewToProto(s, o, out->mutable_duchy());
  if (s.SeatOf(rules::kCorvid) >= 0)
    CorvidViewToProto(s, o, out->mutable_corvid());
  if (s.SeatOf(rules::kHundreds) >= 0)
    HundredsViewToProto(s, o, out->mutable_hundreds());
  if (s.SeatOf(rules::kKeepers) >= 0)
    KeepersViewToProto(s, o, out->mutable_keepers());
  HirelingsToProto(s, o, out);  // Law 22
}

void EventToProto(const State& s, const rules::Event& e, int seat,
                  v1::Event* out) {
  out->set_kind(std::string(State::EventKindName(e.kind)));
  out->set_text(s.EventText(e, seat));
  out->set_seat(e.seat);
  out->set_faction(FactionToProto(e.faction));
  // Clearing fields are numbered 1-12 as printed, like everywhere else.
  const bool b_clearing =
      e.kind == rules::kEvMove || e.kind == rules::kEvPlotSwap;
  const bool c_clearing =
      e.kind == rules::kEvMove || e.kind == rules::kEvPlace ||
      e.kind == rules::kEvRemove || e.kind == rules::kEvBattle ||
      e.kind == rules::kEvPlotFlip || e.kind == rules::kEvPlotSwap ||
      e.kind == rules::kEvExposure ||
      e.kind == rules::kEvBurrow ||  // 0: the Burrow's supply case
      e.kind == rules::kEvHireling;  // 0: no clearing
  out->set_a(e.a);
  out->set_b(b_clearing ? e.b + 1 : e.b);
  out->set_c(c_clearing ? e.c + 1 : e.c);
  out->set_d(e.d);
  if (State::EventCardVisible(e, seat))
    MaybeCard(s, e.card, [&] { return out->mutable_card(); });
}

}  // namespace woodland::referee
