#include "referee/convert.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <iterator>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/types/span.h"
#include "referee/convert_factions.h"
#include "referee/rules/check.h"
#include "referee/rules/faction.h"
#include "referee/rules/hirelings.h"
#include "referee/rules/landmarks.h"
#include "referee/rules/map_rules.h"
#include "referee/rules/observation.h"
#include "referee/rules/quest_deck.h"
#include "referee/wire_fields.h"

namespace woodland::rules {
absl::string_view EyrieLeaderName(int leader);  // eyrie.cc
absl::string_view EyrieColumnName(int col);     // eyrie.cc
}  // namespace woodland::rules

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
  const auto [first, second] = rules::QuestItems(quest);  // Law 9.5.5
  out->add_items(std::string(rules::ItemName(first)));
  out->add_items(std::string(rules::ItemName(second)));
}

int ActionModule(const State& s) {
  // As State::OptionLabel: the module owning the prompt's range labels its
  // codes, except that both Vagabonds share prompt kinds.
  const rules::Prompt& p = s.prompt();
  if (p.seat < 0) return rules::kNoFaction;
  int f = s.seat(p.seat).faction;
  auto vagabond = [](int x) {
    return x == rules::kVagabond || x == rules::kVagabond2;
  };
  if (p.kind >= rules::kFactionPromptBase) {
    const int owner = (p.kind - rules::kFactionPromptBase) / 32;
    if (owner < rules::kNumFactions && rules::GetFaction(owner) != nullptr &&
        !(vagabond(owner) && vagabond(f))) {
      f = owner;
    }
  }
  return f;
}

std::string ColumnKey(int column) {
  static constexpr const char* kNames[] = {"recruit", "move", "battle",
                                           "build"};
  return column >= 0 && column < 4 ? kNames[column] : "";
}

v1::Prompt PromptToProto(const State& s) {
  v1::Prompt p;
  PromptToProto(s, &p);
  return p;
}

void PromptToProto(const State& s, v1::Prompt* out) {
  const absl::string_view kind = s.PromptKey(), law = s.PromptLaw();
  out->set_kind(kind.data(), kind.size());
  out->set_text(s.PromptText());
  out->set_law(law.data(), law.size());
}

namespace {

// Law 22.2.4: the hireling of a "hireling" extra (b = its hireling), or the
// Exile aided with item -1 - b (its ability).
void ExtraHireling(const State& s, const rules::Option& o,
                   v1::ExtraChoice* out) {
  const int hireling = o.b < 0 ? int{rules::kHirelingExile} : o.b;
  if (const rules::HirelingCard* h = s.hirelings().Find(hireling))
    out->set_hireling(std::string(rules::HirelingKey(h->hireling, h->demoted)));
  if (o.b < 0) out->set_item(std::string(rules::ItemName(-1 - o.b)));
}

}  // namespace

OptionLabels::Kept* OptionLabels::Find(const State& s, const rules::Option& o) {
  bool kept = false;
  uint64_t key = uint64_t{o.kind} | uint64_t{static_cast<uint8_t>(o.a)} << 8 |
                 uint64_t{static_cast<uint8_t>(o.b)} << 16 |
                 uint64_t{static_cast<uint16_t>(o.card)} << 24;
  switch (o.kind) {
    case rules::kOptMove:  // the Ferry moves (Law 25.3)
      key |= uint64_t{rules::IsFerryCrossing(s, o.a, o.b)} << 40;
      kept = true;
      break;
    case rules::kOptFaction:  // a hireling's name is its side's (22.3.2)
    case rules::kOptBattle:
      kept = !rules::IsHirelingTarget(o.kind == rules::kOptBattle ? o.b : o.a);
      break;
    case rules::kOptCount: {
      // "Move N warriors from A to B" names the prompt's clearings.
      const rules::Prompt& p = s.prompt();
      if (o.b < 0 && p.kind == rules::kPromptMoveCount) {
        key |= uint64_t{1} << 56 | uint64_t{static_cast<uint8_t>(p.a)} << 40 |
               uint64_t{static_cast<uint8_t>(p.b)} << 48;
      }
      kept = true;
      break;
    }
    case rules::kOptAction: {
      // The modules whose ActionLabel reads only the action's code (the
      // others' labels name costs, prices or the character).
      if (s.prompt().kind >= rules::kHirelingPromptBase) break;
      const int module = ActionModule(s);
      kept = module == rules::kMarquise || module == rules::kEyrie ||
             module == rules::kAlliance || module == rules::kCorvid;
      key |= uint64_t{static_cast<uint8_t>(module)} << 48;
      break;
    }
    case rules::kOptExtra:  // but the Exiles deck's and the hirelings'
      kept = o.a != rules::kExtraPropagandaBureau &&
             o.a != rules::kExtraLeague && o.a != rules::kExtraHireling;
      break;
    case rules::kOptDone:
    case rules::kOptYes:
    case rules::kOptCard:
    case rules::kOptClearing:
    case rules::kOptSuit:
    case rules::kOptDecree:
    case rules::kOptItem:
    case rules::kOptQuest:
    case rules::kOptForest:
    case rules::kOptPiece:
    case rules::kOptLeader:
    case rules::kOptCharacter:
      kept = true;
      break;
  }
  if (!kept) {
    made_ = s.OptionLabel(o);
    made_key_ = key;
    return nullptr;
  }
  auto [it, added] = kept_.try_emplace(key);
  if (added) it->second.label = s.OptionLabel(o);
  return &it->second;
}

const std::string& OptionLabels::Of(const State& s, const rules::Option& o) {
  Kept* k = Find(s, o);
  return k != nullptr ? k->label : made_;
}

void OptionToProto(const State& s, const rules::Option& o, v1::Option* out) {
  OptionToProto(s, o, out, nullptr);
}

void OptionToProto(const State& s, const rules::Option& o, v1::Option* out,
                   OptionLabels* labels) {
  if (labels != nullptr) {
    out->set_label(labels->Of(s, o));
  } else {
    out->set_label(s.OptionLabel(o));
  }
  OptionPayloadToProto(s, o, out);
}

void OptionPayloadToProto(const State& s, const rules::Option& o,
                          v1::Option* out) {
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
      out->mutable_character()->set_character(out->label());
      break;
    case rules::kOptBattle:
      out->mutable_battle()->set_clearing(o.a + 1);
      // Law 22.3.2: a hireling battled has no faction; its card's key.
      if (rules::IsHirelingTarget(o.b)) {
        const int card = rules::HirelingTargetCard(o.b);
        if (card < static_cast<int>(s.hirelings().cards.size())) {
          const rules::HirelingCard& h = s.hirelings().cards[card];
          out->mutable_battle()->set_hireling(
              std::string(rules::HirelingKey(h.hireling, h.demoted)));
        }
        break;
      }
      out->mutable_battle()->set_defender(FactionToProto(o.b));
      break;
    case rules::kOptFaction:
      if (rules::IsHirelingTarget(o.a)) {  // Law 22.3.2
        const int card = rules::HirelingTargetCard(o.a);
        if (card >= 0 && card < static_cast<int>(s.hirelings().cards.size())) {
          const rules::HirelingCard& h = s.hirelings().cards[card];
          out->mutable_faction()->set_hireling(
              std::string(rules::HirelingKey(h.hireling, h.demoted)));
        }
        break;
      }
      out->mutable_faction()->set_faction(FactionToProto(o.a));
      MaybeCard(s, o.card,
                [&] { return out->mutable_faction()->mutable_card(); });
      break;
    case rules::kOptPiece:
      out->mutable_piece()->set_piece(
          std::string(rules::GetPieceInfo(o.a).name));
      out->mutable_piece()->set_owner(
          FactionToProto(rules::GetPieceInfo(o.a).owner));
      break;
    case rules::kOptAction:
      out->mutable_action()->set_code(o.a);
      out->mutable_action()->set_module(FactionToProto(ActionModule(s)));
      out->mutable_action()->set_name(out->label());
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
      out->mutable_decree()->set_column_name(ColumnKey(o.a));
      break;
    case rules::kOptLeader:
      out->mutable_leader()->set_leader(out->label());
      break;
    case rules::kOptExtra: {
      static constexpr const char* kNames[] = {
          "activate_dominance", "take_dominance", "tax_collector",
          "codebreakers", "open_path", "exposure",
          // The Exiles and Partisans deck's "once in Daylight" cards.
          "propaganda_bureau", "league_of_adventurous_mice", "black_market",
          "hireling"};
      static_assert(std::size(kNames) == rules::kExtraHireling + 1);
      static_assert(rules::kExtraOpenPath == 4);
      out->mutable_extra()->set_action(kNames[o.a]);
      if (o.a == rules::kExtraExposure)
        out->mutable_extra()->set_clearing(o.b + 1);
      if (o.a == rules::kExtraHireling)
        ExtraHireling(s, o, out->mutable_extra());
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

OptionLabels::Span OptionLabels::AppendEntry(const State& s,
                                             const rules::Option& o, int number,
                                             std::string* out) {
  const size_t start = out->size();
  Kept* k = Find(s, o);
  if (k == nullptr) {
    k = LastMade(s, o);
    if (k == nullptr) {
      const size_t at = AppendMade(s, o, made_, number, out);
      return {start + at, made_.size()};
    }
    if (k->label != made_) {
      k->label = made_;
      k->entry.clear();
    }
  }
  if (k->entry.empty() || k->entry_number != number) {
    k->entry.clear();
    k->entry_number = number;
    k->label_offset = AppendMade(s, o, k->label, number, &k->entry);
  }
  out->append(k->entry);
  return {start + k->label_offset, k->label.size()};
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
    // Law 9.2.9: a marker for each non-Vagabond faction (none yet for a
    // seat still drafting, 19.8.3).
    if (f < 0 || f == rules::kVagabond || f == rules::kVagabond2) continue;
    v1::Relationship* rel = vv->add_relationships();
    rel->set_faction(FactionToProto(f));
    rel->set_level(std::string(rules::RelationshipName(vb.relation[f])));
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

namespace {

// Keys of the standard deck's effects (data/decks, defs.cc), by CardEffect.
std::string EffectKey(int effect) {
  static constexpr const char* kKeys[] = {
      "", "armorers", "brutal_tactics", "royal_claim", "sappers", "favor",
      "stand_and_deliver", "tax_collector", "better_burrow_bank", "cobbler",
      "command_warren", "codebreakers", "scouting_party",
      // The Exiles and Partisans deck.
      "boat_builders", "corvid_planners", "eyrie_emigre", "saboteurs",
      "soup_kitchens", "false_orders", "partisans", "informants",
      "propaganda_bureau", "charm_offensive", "coffin_makers", "swap_meet",
      "tunnels", "league_of_adventurous_mice", "master_engravers",
      "murine_broker"};
  static_assert(std::size(kKeys) == rules::kNumCardEffects);
  return effect >= 0 && effect < rules::kNumCardEffects
             ? kKeys[effect]
             : absl::StrCat("effect_", effect);
}

// Short texts in the project's own words (Law 4 card effects).
std::string EffectText(int effect) {
  switch (effect) {
    case rules::kArmorers:
      return "In battle, discard to ignore all rolled hits you take.";
    case rules::kBrutalTactics:
      return "As attacker, deal an extra hit; the defender scores one VP.";
    case rules::kRoyalClaim:
      return "Birdsong: discard to score one VP per clearing you rule.";
    case rules::kSappers:
      return "As defender, discard to deal an extra hit.";
    case rules::kFavor:
      return "Remove all enemy pieces in clearings of the card's suit.";
    case rules::kStandAndDeliver:
      return "Birdsong: take a random card from a player, who scores one VP.";
    case rules::kTaxCollector:
      return "Once in Daylight: remove one of your warriors to draw a card.";
    case rules::kBetterBurrowBank:
      return "Birdsong: you and another player each draw a card.";
    case rules::kCobbler:
      return "Start of Evening: you may take a move.";
    case rules::kCommandWarren:
      return "Start of Daylight: you may initiate a battle.";
    case rules::kCodebreakers:
      return "Once in Daylight: look at another player's hand.";
    case rules::kScoutingParty:
      return "As attacker, you are not affected by ambush cards.";
  }
  return "";
}

std::string CardKindName(int kind) {
  static constexpr const char* kNames[] = {"ambush", "dominance", "item",
                                           "immediate", "persistent"};
  return kind >= 0 && kind < 5 ? kNames[kind] : "other";
}

// Law 13.2.2: the Corvids' supply shows only how many plots, to others.
bool HiddenPlot(int piece) {
  return piece >= rules::kPlotBomb && piece <= rules::kPlotRaid;
}

// Calls emit(piece, count) for each entry of faction f's supply as a seat
// sees it (`own`: its own supply): another seat sees the Corvids' plots as
// one count of face-down plots (Law 13.2.2).
template <typename Emit>
void ForVisibleSupply(const State& s, int f, bool own, Emit emit) {
  int hidden = 0;
  const rules::FactionPieces& pieces = rules::kPiecesOf[f];  // ascending
  for (int i = 0; i < pieces.count; ++i) {
    const int p = pieces.piece[i];
    if (p == rules::kPlotHidden) continue;
    if (HiddenPlot(p) && !own) {
      hidden += s.piece_supply(p);
      continue;
    }
    emit(p, s.piece_supply(p));
  }
  if (f == rules::kCorvid && !own) emit(rules::kPlotHidden, hidden);
}

void SupplyToProto(const State& s, int seat,
                   google::protobuf::RepeatedPtrField<v1::FactionSupply>* out) {
  for (int i = 0; i < s.num_seats(); ++i) {
    const int f = s.seat(i).faction;
    if (f < 0) continue;  // still drafting (Law 19.8.3)
    v1::FactionSupply* fs = out->Add();
    fs->set_faction(FactionToProto(f));
    fs->set_warriors(s.warrior_supply(f));
    ForVisibleSupply(s, f, seat == i, [&](int piece, int count) {
      v1::PieceCount* pc = fs->add_pieces();
      pc->set_piece(std::string(rules::GetPieceInfo(piece).name));
      pc->set_owner(FactionToProto(f));
      pc->set_count(count);
    });
  }
}

using wire::PutBytes;
using wire::PutInt32;
using wire::PutString;

// A packed repeated int32 or enum field (proto3's default), written when
// not empty: its tag, size and each value's varint (a negative one
// sign-extended). At most kMaxPacked values (a varint takes at most 10
// bytes).
void PutPackedInt32(int number, absl::Span<const int32_t> v, std::string* out) {
  if (v.empty()) return;
  constexpr size_t kMaxPacked = 16;
  CHECK_LE(v.size(), kMaxPacked) << "packed field " << number;
  uint8_t buf[kMaxPacked * 10];
  uint8_t* p = buf;
  for (int32_t x : v)
    p = wire::WriteVarint(static_cast<uint64_t>(static_cast<int64_t>(x)), p);
  PutBytes(number,
           absl::string_view(reinterpret_cast<const char*>(buf), p - buf), out);
}

// A PieceCount (as SupplyToProto and PostCount set it) as field `number`
// (below 16), in one append: a piece's name is short, so the entry is
// below 128 bytes and its tag and size take one byte each.
void PutPieceCount(int number, int piece, int owner, int count,
                   std::string* out) {
  static_assert(v1::PieceCount::kPieceFieldNumber == 1 &&
                v1::PieceCount::kOwnerFieldNumber == 2 &&
                v1::PieceCount::kCountFieldNumber == 3);
  const absl::string_view name = rules::GetPieceInfo(piece).name;
  const int32_t faction = FactionToProto(owner);
  if (number >= 16 || name.size() > 64) {  // not expected: the long way
    std::string entry;
    PutString(1, name, &entry);
    PutInt32(2, faction, &entry);
    PutInt32(3, count, &entry);
    PutBytes(number, entry, out);
    return;
  }
  uint8_t buf[128];
  uint8_t* p = wire::WriteStringField(1, name, buf + 2);
  p = wire::WriteInt32Field(2, faction, p);
  p = wire::WriteInt32Field(3, count, p);
  buf[0] = static_cast<uint8_t>(wire::LengthTag(number));
  buf[1] = static_cast<uint8_t>(p - buf - 2);
  out->append(reinterpret_cast<const char*>(buf), p - buf);
}

// A Card as CardToProto sets it (empty for no card) into `card`.
void WriteCard(const State& s, CardId id, std::string* card) {
  static_assert(v1::Card::kIdFieldNumber == 1 &&
                v1::Card::kNameFieldNumber == 2 &&
                v1::Card::kSuitFieldNumber == 3);
  card->clear();
  if (id == rules::kNoCard) return;
  PutInt32(1, id, card);
  PutString(2, s.card(id).name, card);
  PutInt32(3, SuitToProto(s.card(id).suit), card);
}

// The same as field `number`.
void PutCard(const State& s, int number, CardId id, std::string& scratch,
             std::string* out) {
  WriteCard(s, id, &scratch);
  PutBytes(number, scratch, out);
}

}  // namespace

const std::string& KeptCards::Of(const State& s, CardId id) {
  static const std::string kNone;  // "no card": an empty Card
  if (id < 0) return kNone;
  if (static_cast<size_t>(id) >= bytes_.size()) {
    bytes_.resize(id + 1);
    made_.resize(id + 1);
  }
  if (!made_[id]) {
    WriteCard(s, id, &bytes_[id]);
    made_[id] = true;
  }
  return bytes_[id];
}

void AppendSupplyField(const State& s, const rules::Observation& o,
                       std::string* out) {
  // The bytes SupplyToProto's message serialises to.
  static_assert(v1::Observation::kSupplyFieldNumber == 30 &&
                v1::FactionSupply::kFactionFieldNumber == 1 &&
                v1::FactionSupply::kWarriorsFieldNumber == 2 &&
                v1::FactionSupply::kPiecesFieldNumber == 3);
  for (int i = 0; i < s.num_seats(); ++i) {
    const int f = s.seat(i).faction;
    if (f < 0) continue;  // still drafting (Law 19.8.3)
    AppendFactionSupplyEntry(s, f, o.seat == i, out);
  }
}

void AppendFactionSupplyEntry(const State& s, int faction, bool own,
                              std::string* out) {
  thread_local std::string entry;  // a kept buffer
  entry.clear();
  PutInt32(1, FactionToProto(faction), &entry);
  PutInt32(2, s.warrior_supply(faction), &entry);
  ForVisibleSupply(s, faction, own, [&](int piece, int count) {
    PutPieceCount(3, piece, faction, count, &entry);
  });
  PutBytes(30, entry, out);
}

namespace {

// A QuestChoice as QuestToProto sets it, as an entry of field `number`.
void PutQuest(int number, int quest, std::string& scratch, std::string* out) {
  static_assert(v1::QuestChoice::kQuestFieldNumber == 1 &&
                v1::QuestChoice::kNameFieldNumber == 2 &&
                v1::QuestChoice::kSuitFieldNumber == 3 &&
                v1::QuestChoice::kItemsFieldNumber == 4);
  scratch.clear();
  PutInt32(1, quest, &scratch);
  PutString(2, rules::QuestName(quest), &scratch);
  PutInt32(3, SuitToProto(rules::QuestSuit(quest)), &scratch);
  const auto [first, second] = rules::QuestItems(quest);
  PutBytes(4, rules::ItemName(first), &scratch);  // repeated: always written
  PutBytes(4, rules::ItemName(second), &scratch);
  PutBytes(number, scratch, out);
}

// One VagabondView as VagabondToProto sets it, as an entry of field
// `number`.
void PutVagabondView(const State& s, const rules::Observation& o, int faction,
                     const rules::VagabondBoard& vb, int number,
                     std::string* out) {
  static_assert(v1::VagabondView::kCharacterFieldNumber == 1 &&
                v1::VagabondView::kClearingFieldNumber == 2 &&
                v1::VagabondView::kForestFieldNumber == 3 &&
                v1::VagabondView::kItemsFieldNumber == 4 &&
                v1::VagabondView::kRelationshipsFieldNumber == 5 &&
                v1::VagabondView::kQuestsFieldNumber == 6 &&
                v1::VagabondView::kQuestsDoneFieldNumber == 7 &&
                v1::VagabondView::kRuinsWithItemsFieldNumber == 8 &&
                v1::VagabondView::kCoalitionFieldNumber == 9 &&
                v1::VagabondView::kFactionFieldNumber == 10 &&
                v1::VagabondView::kScorchedClearingFieldNumber == 11 &&
                v1::VagabondItem::kItemFieldNumber == 1 &&
                v1::VagabondItem::kExhaustedFieldNumber == 2 &&
                v1::VagabondItem::kDamagedFieldNumber == 3 &&
                v1::Relationship::kFactionFieldNumber == 1 &&
                v1::Relationship::kLevelFieldNumber == 2);
  thread_local std::string view, part;  // kept buffers
  view.clear();
  if (vb.character >= 0)
    PutString(1, rules::VagabondCharacterName(vb.character), &view);
  PutInt32(2, vb.clearing + 1, &view);
  PutInt32(3, vb.forest + 1, &view);
  for (const rules::VItem& it : vb.items) {
    part.clear();
    PutString(1, rules::ItemName(it.kind), &part);
    PutInt32(2, it.exhausted, &part);
    PutInt32(3, it.damaged, &part);
    PutBytes(4, part, &view);
  }
  for (int i = 0; i < s.num_seats(); ++i) {
    const int f = s.seat(i).faction;
    // Law 9.2.9: a marker for each non-Vagabond faction (none yet for a
    // seat still drafting, 19.8.3).
    if (f < 0 || f == rules::kVagabond || f == rules::kVagabond2) continue;
    part.clear();
    PutInt32(1, FactionToProto(f), &part);
    PutString(2, rules::RelationshipName(vb.relation[f]), &part);
    PutBytes(5, part, &view);
  }
  for (int8_t q : o.quests) PutQuest(6, q, part, &view);
  for (int8_t q : vb.quests_done) PutQuest(7, q, part, &view);
  if (!o.ruins_with_items.empty()) {  // packed
    part.clear();
    for (int8_t c : o.ruins_with_items) {
      uint8_t buf[10];
      const uint8_t* end = wire::WriteVarint(
          static_cast<uint64_t>(static_cast<int64_t>(c + 1)), buf);
      part.append(reinterpret_cast<const char*>(buf), end - buf);
    }
    PutBytes(8, part, &view);
  }
  if (vb.coalition >= 0)
    PutInt32(9, FactionToProto(s.seat(vb.coalition).faction), &view);
  PutInt32(10, FactionToProto(faction), &view);
  PutInt32(11, vb.scorched + 1, &view);
  PutBytes(number, view, out);
}

}  // namespace

namespace {

// A message field `number` holding only the Card `id` (as MaybeCard sets
// it: absent for no card) as its field `card_number`, in `out`.
void PutCardField(const State& s, int card_number, CardId id,
                  std::string* out) {
  if (id == rules::kNoCard) return;
  thread_local std::string card;  // a kept buffer
  WriteCard(s, id, &card);
  PutBytes(card_number, card, out);
}

// Issue 19.3: the payload OptionPayloadToProto sets, written by hand after
// the label into `option` (a v1::Option's bytes); false (nothing written)
// for the kinds it leaves to the message: the extras and a hireling's
// battle or faction (Law 22.3.2).
bool PutOptionPayload(const State& s, const rules::Option& o,
                      const std::string& label, std::string* option) {
  static_assert(
      v1::Option::kDoneFieldNumber == 2 && v1::Option::kYesFieldNumber == 3 &&
      v1::Option::kCardFieldNumber == 4 &&
      v1::Option::kClearingFieldNumber == 5 &&
      v1::Option::kMoveFieldNumber == 6 && v1::Option::kCountFieldNumber == 7 &&
      v1::Option::kBattleFieldNumber == 8 &&
      v1::Option::kFactionFieldNumber == 9 &&
      v1::Option::kPieceFieldNumber == 10 &&
      v1::Option::kActionFieldNumber == 11 &&
      v1::Option::kSuitFieldNumber == 12 &&
      v1::Option::kDecreeFieldNumber == 13 &&
      v1::Option::kLeaderFieldNumber == 14 &&
      v1::Option::kEffectFieldNumber == 16 &&
      v1::Option::kItemFieldNumber == 17 &&
      v1::Option::kQuestFieldNumber == 18 &&
      v1::Option::kForestFieldNumber == 19 &&
      v1::Option::kCharacterFieldNumber == 20);
  thread_local std::string part;  // the payload's message, kept buffer
  part.clear();
  int number = 0;  // the payload's field
  switch (o.kind) {
    case rules::kOptDone:
      number = 2;
      break;
    case rules::kOptYes:
      number = 3;
      break;
    case rules::kOptCard:  // the card itself, absent for no card
      if (o.card != rules::kNoCard) PutCard(s, 4, o.card, part, option);
      return true;
    case rules::kOptClearing:
      number = 5;
      PutInt32(1, o.a + 1, &part);
      break;
    case rules::kOptMove:
      number = 6;
      PutInt32(1, o.a + 1, &part);
      PutInt32(2, o.b + 1, &part);
      break;
    case rules::kOptCount:
      number = 7;
      PutInt32(1, o.a, &part);
      if (o.b >= 0) PutInt32(2, FactionToProto(o.b), &part);
      break;
    case rules::kOptBattle:
      if (rules::IsHirelingTarget(o.b)) return false;
      number = 8;
      PutInt32(1, o.a + 1, &part);
      PutInt32(2, FactionToProto(o.b), &part);
      break;
    case rules::kOptFaction:
      if (rules::IsHirelingTarget(o.a)) return false;
      number = 9;
      PutInt32(1, FactionToProto(o.a), &part);
      PutCardField(s, 2, o.card, &part);
      break;
    case rules::kOptPiece:
      number = 10;
      PutString(1, rules::GetPieceInfo(o.a).name, &part);
      PutInt32(2, FactionToProto(rules::GetPieceInfo(o.a).owner), &part);
      break;
    case rules::kOptAction:
      number = 11;
      PutInt32(1, o.a, &part);
      PutInt32(2, FactionToProto(ActionModule(s)), &part);
      PutString(3, label, &part);
      break;
    case rules::kOptSuit:
      number = 12;
      PutInt32(1, SuitToProto(o.a), &part);
      PutInt32(2, o.b, &part);
      PutCardField(s, 3, o.card, &part);
      break;
    case rules::kOptDecree:
      number = 13;
      PutCardField(s, 1, o.card, &part);
      PutInt32(2, o.a, &part);
      PutString(3, ColumnKey(o.a), &part);
      break;
    case rules::kOptLeader:
      number = 14;
      PutString(1, label, &part);
      break;
    case rules::kOptEffect:
      number = 16;
      PutInt32(1, o.a, &part);
      break;
    case rules::kOptItem:
      number = 17;
      PutString(1, rules::ItemName(o.a), &part);
      PutInt32(2, o.b > 0 && (o.b & rules::kItemDamaged), &part);
      PutInt32(3, o.b > 0 && (o.b & rules::kItemExhausted), &part);
      break;
    case rules::kOptQuest:
      PutQuest(18, o.a, part, option);
      return true;
    case rules::kOptForest:
      number = 19;
      PutInt32(1, o.a + 1, &part);
      break;
    case rules::kOptCharacter:
      number = 20;
      PutString(1, label, &part);
      break;
    default:  // the extras (and any kind without a payload)
      return false;
  }
  PutBytes(number, part, option);
  return true;
}

}  // namespace

OptionLabels::Kept* OptionLabels::LastMade(const State& s,
                                           const rules::Option& o) {
  // Law 22.3.2: a hireling's key names its card's side (demoted or not).
  const bool hireling =
      (o.kind == rules::kOptFaction && rules::IsHirelingTarget(o.a)) ||
      (o.kind == rules::kOptBattle && rules::IsHirelingTarget(o.b)) ||
      (o.kind == rules::kOptExtra && o.a == rules::kExtraHireling);
  if (hireling) return nullptr;
  uint64_t key = made_key_;
  if (o.kind == rules::kOptAction) {  // the payload names the module
    key &= ~(uint64_t{0xFF} << 48);
    key |= uint64_t{static_cast<uint8_t>(ActionModule(s))} << 48;
  }
  return &last_made_[key];
}

size_t OptionLabels::AppendMade(const State& s, const rules::Option& o,
                                const std::string& label, int number,
                                std::string* out) {
  static_assert(v1::Option::kLabelFieldNumber == 1);
  // The label's offset in the entry: after the entry's head and its tag
  // and size (nothing when empty).
  const auto label_at = [&](size_t head_size) {
    return head_size + (label.empty() ? 0 : 1 + wire::VarintSize(label.size()));
  };
  thread_local std::string option;  // a kept buffer
  option.clear();
  PutString(1, label, &option);
  if (PutOptionPayload(s, o, label, &option)) {
    PutBytes(number, option, out);
    return label_at(wire::VarintSize(wire::LengthTag(number)) +
                    wire::VarintSize(option.size()));
  }
  if (!scratch_) scratch_ = std::make_unique<v1::Option>();
  scratch_->Clear();
  scratch_->set_label(label);
  OptionPayloadToProto(s, o, scratch_.get());
  // The label, field 1, is written first.
  return label_at(wire::PutMessage(number, *scratch_, out));
}

void AppendVagabondField(const State& s, const rules::Observation& o,
                         int number, std::string* out) {
  static_assert(v1::Observation::kVagabondFieldNumber == 16 &&
                v1::Observation::kVagabondsFieldNumber == 23);
  for (const rules::Observation::VagabondPublic& v : o.vagabonds) {
    if (number == 23 || v.faction == rules::kVagabond)
      PutVagabondView(s, o, v.faction, v.board, number, out);
  }
}

namespace {

// Field 13 as BaseBoards sets it (Law 6: the Keep and the buildings placed).
void PutMarquiseView(const rules::Observation& o, std::string* board) {
  static_assert(v1::MarquiseView::kKeepClearingFieldNumber == 1 &&
                v1::MarquiseView::kSawmillsFieldNumber == 2 &&
                v1::MarquiseView::kWorkshopsFieldNumber == 3 &&
                v1::MarquiseView::kRecruitersFieldNumber == 4);
  PutInt32(1, o.keep + 1, board);
  for (int b = 0; b < 3; ++b) PutInt32(2 + b, o.marquise_placed[b], board);
}

// Field 14 as BaseBoards sets it (Law 7: the leader, the deposed leaders,
// the Decree's columns with their Viziers, the roosts on the map).
void PutEyrieView(const State& s, const rules::Observation& o, KeptCards& cards,
                  std::string* board) {
  static_assert(v1::EyrieView::kLeaderFieldNumber == 1 &&
                v1::EyrieView::kDeposedLeadersFieldNumber == 2 &&
                v1::EyrieView::kDecreeFieldNumber == 3 &&
                v1::EyrieView::kRoostsFieldNumber == 4 &&
                v1::DecreeColumn::kCardsFieldNumber == 1 &&
                v1::DecreeColumn::kViziersFieldNumber == 2);
  rules::Option leader{.kind = rules::kOptLeader};
  if (o.eyrie_leader >= 0) {
    leader.a = o.eyrie_leader;
    PutString(1, s.OptionLabel(leader), board);
  }
  for (int l = 0; l < 4; ++l) {
    if ((o.eyrie_deposed >> l & 1) == 0) continue;
    leader.a = static_cast<int8_t>(l);
    PutBytes(2, s.OptionLabel(leader), board);  // repeated: always written
  }
  thread_local std::string column;  // a kept buffer
  for (int col = 0; col < 4; ++col) {
    column.clear();
    for (CardId id : o.decree[col]) PutBytes(1, cards.Of(s, id), &column);
    PutInt32(2, o.viziers[col], &column);
    PutBytes(3, column, board);
  }
  PutInt32(4, s.eyrie().roosts, board);
}

// Field 15 as BaseBoards sets it (Law 8.2: the supporters' cards only in
// the Alliance's own view, as the observation holds them).
void PutAllianceView(const State& s, const rules::Observation& o,
                     KeptCards& cards, std::string* board) {
  static_assert(v1::AllianceView::kSupportersFieldNumber == 1 &&
                v1::AllianceView::kSupporterCardsFieldNumber == 2 &&
                v1::AllianceView::kOfficersFieldNumber == 3);
  PutInt32(1, o.supporters, board);
  for (CardId id : o.supporter_cards) PutBytes(2, cards.Of(s, id), board);
  PutInt32(3, o.officers, board);
}

}  // namespace

void AppendBaseBoardField(const State& s, const rules::Observation& o,
                          int number, KeptCards& cards, std::string* out) {
  static_assert(v1::Observation::kMarquiseFieldNumber == 13 &&
                v1::Observation::kEyrieFieldNumber == 14 &&
                v1::Observation::kAllianceFieldNumber == 15);
  constexpr int kFactions[] = {rules::kMarquise, rules::kEyrie,
                               rules::kAlliance};
  if (number < 13 || number > 15 || s.SeatOf(kFactions[number - 13]) < 0)
    return;
  thread_local std::string board;  // a kept buffer
  board.clear();
  if (number == 13) PutMarquiseView(o, &board);
  if (number == 14) PutEyrieView(s, o, cards, &board);
  if (number == 15) PutAllianceView(s, o, cards, &board);
  PutBytes(number, board, out);  // a message field: written even if empty
}

void AppendCultField(const State& s, const rules::Observation& o,
                     KeptCards& cards, std::string* out) {
  static_assert(v1::Observation::kCultFieldNumber == 17 &&
                v1::CultView::kOutcastFieldNumber == 1 &&
                v1::CultView::kHatedFieldNumber == 2 &&
                v1::CultView::kAcolytesFieldNumber == 3 &&
                v1::CultView::kLostSoulsFieldNumber == 4 &&
                v1::CultView::kRevealedFieldNumber == 5 &&
                v1::CultView::kGardensOnTracksFieldNumber == 6 &&
                v1::CultView::kScoredThisTurnFieldNumber == 7);
  if (s.SeatOf(rules::kCult) < 0) return;
  const rules::CultBoard& cb = o.cult;
  thread_local std::string view;  // a kept buffer
  view.clear();
  if (cb.outcast >= 0) PutInt32(1, SuitToProto(cb.outcast), &view);
  PutInt32(2, cb.hated, &view);
  PutInt32(3, cb.acolytes, &view);
  for (CardId id : cb.lost_souls) PutBytes(4, cards.Of(s, id), &view);
  for (CardId id : cb.revealed) PutBytes(5, cards.Of(s, id), &view);
  std::array<int32_t, rules::kNumClearingSuits> gardens, scored;
  int num_scored = 0;
  for (int suit = 0; suit < rules::kNumClearingSuits; ++suit) {
    gardens[suit] = s.piece_supply(rules::kGardenFox + suit);
    if (cb.scored >> suit & 1) scored[num_scored++] = SuitToProto(suit);
  }
  PutPackedInt32(6, gardens, &view);
  PutPackedInt32(7, absl::MakeConstSpan(scored.data(), num_scored), &view);
  PutBytes(17, view, out);  // a message field: written even if empty
}

void AppendRevealedHandsField(const State& s, const rules::Observation& o,
                              KeptCards& cards, std::string* out) {
  static_assert(v1::Observation::kRevealedHandsFieldNumber == 12 &&
                v1::RevealedHand::kSeatFieldNumber == 1 &&
                v1::RevealedHand::kTurnFieldNumber == 2 &&
                v1::RevealedHand::kCardsFieldNumber == 3);
  thread_local std::string hand;  // a kept buffer
  for (const rules::Reveal& r : o.reveals) {
    hand.clear();
    PutInt32(1, r.target, &hand);
    PutInt32(2, r.turn, &hand);
    for (CardId id : r.cards) PutBytes(3, cards.Of(s, id), &hand);
    PutBytes(12, hand, out);
  }
}

void AppendSeatViewEntry(const State& s, const rules::Observation& o, int i,
                         KeptCards& cards, std::string* out) {
  static_assert(v1::Observation::kSeatsFieldNumber == 6 &&
                v1::SeatView::kSeatFieldNumber == 1 &&
                v1::SeatView::kFactionFieldNumber == 2 &&
                v1::SeatView::kVictoryPointsFieldNumber == 3 &&
                v1::SeatView::kHandSizeFieldNumber == 4 &&
                v1::SeatView::kDominanceFieldNumber == 5 &&
                v1::SeatView::kPlayAreaFieldNumber == 6 &&
                v1::SeatView::kItemsFieldNumber == 7 &&
                v1::ItemCount::kItemFieldNumber == 1 &&
                v1::ItemCount::kCountFieldNumber == 2);
  const rules::SeatView& v = o.seats[i];
  thread_local std::string view, part;  // kept buffers
  view.clear();
  PutInt32(1, i, &view);
  PutInt32(2, FactionToProto(v.faction), &view);
  PutInt32(3, v.vp, &view);
  PutInt32(4, v.hand_size, &view);
  if (v.dominance != rules::kNoCard)
    PutBytes(5, cards.Of(s, v.dominance), &view);
  for (CardId id : v.play_area) PutBytes(6, cards.Of(s, id), &view);
  for (int item = 0; item < rules::kNumItems; ++item) {
    if (v.items[item] == 0) continue;
    part.clear();
    PutString(1, rules::ItemName(item), &part);
    PutInt32(2, v.items[item], &part);
    PutBytes(7, part, &view);
  }
  PutBytes(6, view, out);
}

// Issue 19.3: field 31 written by hand, as ProgressToProto sets it
// (ViewCache's tests compare the bytes).
void AppendProgressField(const State& s, std::string* out) {
  static_assert(v1::Observation::kProgressFieldNumber == 31 &&
                v1::TurnProgress::kMarquiseActionsLeftFieldNumber == 1 &&
                v1::TurnProgress::kDecreeResolvedFieldNumber == 2 &&
                v1::TurnProgress::kAllianceOperationsLeftFieldNumber == 3 &&
                v1::TurnProgress::kVagabondsFieldNumber == 4 &&
                v1::TurnProgress::kCraftingUsedFieldNumber == 5 &&
                v1::TurnProgress::kEffectsUsedFieldNumber == 6 &&
                v1::TurnProgress::kFerryUsedFieldNumber == 7 &&
                v1::TurnProgress::kPathOpenedFieldNumber == 8 &&
                v1::VagabondProgress::kFactionFieldNumber == 1 &&
                v1::VagabondProgress::kAidsFieldNumber == 2 &&
                v1::VagabondProgress::kItemsExhaustedFieldNumber == 3 &&
                v1::SeatEffects::kSeatFieldNumber == 1 &&
                v1::SeatEffects::kEffectsFieldNumber == 2);
  thread_local std::string view, part, inner;  // kept buffers
  view.clear();
  const auto packed = [&](int number, const int32_t* v, int n) {
    PutPackedInt32(number, absl::MakeConstSpan(v, n), &view);
  };
  if (s.SeatOf(rules::kMarquise) >= 0) PutInt32(1, s.marquise().actions, &view);
  if (s.SeatOf(rules::kEyrie) >= 0) {
    int32_t resolved[4];
    for (int col = 0; col < 4; ++col)
      resolved[col] = std::popcount(s.eyrie().resolved[col]);
    packed(2, resolved, 4);
  }
  if (s.SeatOf(rules::kAlliance) >= 0) {
    PutInt32(3, std::max(0, s.alliance().officers - s.alliance().ops_used),
             &view);
  }
  for (int f : {rules::kVagabond, rules::kVagabond2}) {
    if (s.SeatOf(f) < 0) continue;
    const rules::VagabondBoard& vb = s.vagabond(f);
    part.clear();
    PutInt32(1, FactionToProto(f), &part);
    for (int g = 0; g < rules::kNumFactions; ++g) {
      if (vb.aids[g] == 0) continue;
      inner.clear();
      PutInt32(1, FactionToProto(g), &inner);
      PutInt32(2, vb.aids[g], &inner);
      PutBytes(2, inner, &part);
    }
    int exhausted = 0;
    for (const rules::VItem& it : vb.items) exhausted += it.exhausted;
    PutInt32(3, exhausted, &part);
    PutBytes(4, part, &view);
  }
  int32_t crafting[rules::kNumClearingSuits];
  for (int suit = 0; suit < rules::kNumClearingSuits; ++suit)
    crafting[suit] = s.craft_used()[suit];
  packed(5, crafting, rules::kNumClearingSuits);
  for (int i = 0; i < s.num_seats(); ++i) {
    const uint32_t used = s.seat(i).used_effects;
    if (used == 0) continue;
    part.clear();
    PutInt32(1, i, &part);
    for (int e = 0; e < 32; ++e) {
      if (used >> e & 1) PutBytes(2, EffectKey(e), &part);
    }
    PutBytes(6, part, &view);
  }
  PutInt32(7, s.ferry_used() ? 1 : 0, &view);
  PutInt32(8, s.path_opened_this_turn() ? 1 : 0, &view);
  PutBytes(31, view, out);
}

void AppendRiverfolkField(const State& s, const rules::Observation& o,
                          std::string* out) {
  // As RiverfolkViewToProto (Law 11: all public), when seated.
  if (s.SeatOf(rules::kRiverfolk) < 0) return;
  static_assert(v1::Observation::kRiverfolkFieldNumber == 18 &&
                v1::RiverfolkView::kPaymentsFieldNumber == 1 &&
                v1::RiverfolkView::kFundsFieldNumber == 2 &&
                v1::RiverfolkView::kCommittedFieldNumber == 3 &&
                v1::RiverfolkView::kPriceHandCardFieldNumber == 4 &&
                v1::RiverfolkView::kPriceRiverboatsFieldNumber == 5 &&
                v1::RiverfolkView::kPriceMercenariesFieldNumber == 6 &&
                v1::RiverfolkView::kTradePostsOnMapFieldNumber == 7 &&
                v1::RiverfolkView::kTradePostsOnTracksFieldNumber == 8 &&
                v1::RiverfolkView::kTradePostsRemovedFieldNumber == 9 &&
                v1::RiverfolkView::kHandFieldNumber == 10 &&
                v1::RiverfolkView::kRiverboatsForFieldNumber == 11 &&
                v1::RiverfolkView::kMercenariesForFieldNumber == 12 &&
                v1::FactionCount::kFactionFieldNumber == 1 &&
                v1::FactionCount::kCountFieldNumber == 2);
  const rules::RiverfolkBoard& rf = o.riverfolk;
  thread_local std::string view, part;  // kept buffers
  view.clear();
  const auto counts = [&](int number,
                          const std::array<int8_t, rules::kNumFactions>& box) {
    for (int f = 0; f < rules::kNumFactions; ++f) {
      if (box[f] == 0) continue;
      part.clear();
      PutInt32(1, FactionToProto(f), &part);
      PutInt32(2, box[f], &part);
      PutBytes(number, part, &view);
    }
  };
  counts(1, rf.payments);
  counts(2, rf.funds);
  counts(3, rf.committed);
  PutInt32(4, rf.prices[rules::kServiceHandCard], &view);
  PutInt32(5, rf.prices[rules::kServiceRiverboats], &view);
  PutInt32(6, rf.prices[rules::kServiceMercenaries], &view);
  std::array<int, rules::kNumClearingSuits> on_map{};
  for (int suit = 0; suit < rules::kNumClearingSuits; ++suit) {
    const int piece = rules::kTradePostFox + suit;
    for (const rules::ClearingState& c : o.clearings)
      on_map[suit] += c.pieces[piece];
  }
  for (int suit = 0; suit < rules::kNumClearingSuits; ++suit) {
    PutPieceCount(7, rules::kTradePostFox + suit, rules::kRiverfolk,
                  on_map[suit], &view);
  }
  for (int suit = 0; suit < rules::kNumClearingSuits; ++suit) {
    const int piece = rules::kTradePostFox + suit;
    PutPieceCount(8, piece, rules::kRiverfolk, s.piece_supply(piece), &view);
  }
  for (int suit = 0; suit < rules::kNumClearingSuits; ++suit) {
    PutPieceCount(9, rules::kTradePostFox + suit, rules::kRiverfolk,
                  rf.posts_gone[suit], &view);
  }
  for (rules::CardId id : o.riverfolk_hand) PutCard(s, 10, id, part, &view);
  if (rf.boats_turn == s.turn() && rf.boats_for != rules::kNoFaction)
    PutInt32(11, FactionToProto(rf.boats_for), &view);
  if (rf.mercs_turn == s.turn() && rf.mercs_for != rules::kNoFaction)
    PutInt32(12, FactionToProto(rf.mercs_for), &view);
  PutBytes(18, view, out);
}

namespace {

void ProgressToProto(const State& s, v1::TurnProgress* p) {
  if (s.SeatOf(rules::kMarquise) >= 0)
    p->set_marquise_actions_left(s.marquise().actions);
  if (s.SeatOf(rules::kEyrie) >= 0) {
    for (int col = 0; col < 4; ++col)
      p->add_decree_resolved(std::popcount(s.eyrie().resolved[col]));
  }
  if (s.SeatOf(rules::kAlliance) >= 0) {
    p->set_alliance_operations_left(
        std::max(0, s.alliance().officers - s.alliance().ops_used));
  }
  for (int f : {rules::kVagabond, rules::kVagabond2}) {
    if (s.SeatOf(f) < 0) continue;
    const rules::VagabondBoard& vb = s.vagabond(f);
    v1::VagabondProgress* vp = p->add_vagabonds();
    vp->set_faction(FactionToProto(f));
    for (int g = 0; g < rules::kNumFactions; ++g) {
      if (vb.aids[g] == 0) continue;
      v1::FactionCount* fc = vp->add_aids();
      fc->set_faction(FactionToProto(g));
      fc->set_count(vb.aids[g]);
    }
    int exhausted = 0;
    for (const rules::VItem& it : vb.items) exhausted += it.exhausted;
    vp->set_items_exhausted(exhausted);
  }
  for (int suit = 0; suit < rules::kNumClearingSuits; ++suit)
    p->add_crafting_used(s.craft_used()[suit]);
  for (int i = 0; i < s.num_seats(); ++i) {
    const uint32_t used = s.seat(i).used_effects;
    if (used == 0) continue;
    v1::SeatEffects* se = p->add_effects_used();
    se->set_seat(i);
    for (int e = 0; e < 32; ++e) {
      if (used >> e & 1) se->add_effects(EffectKey(e));
    }
  }
  p->set_ferry_used(s.ferry_used());
  p->set_path_opened(s.path_opened_this_turn());
}

void BattleToProto(const State& s, v1::Observation* out) {
  const rules::BattleState& b = s.battle();
  if (b.attacker == rules::kNoFaction || b.clearing < 0) return;
  v1::BattleView* bv = out->mutable_battle();
  bv->set_attacker(FactionToProto(b.attacker));
  bv->set_defender(FactionToProto(b.defender));
  bv->set_clearing(b.clearing + 1);
  if (b.ambush != rules::kNoCard)
    CardToProto(s, b.ambush, bv->mutable_ambush());
  bv->set_attacker_roll(b.roll_hi);
  bv->set_defender_roll(b.roll_lo);
  bv->set_attacker_rolled_hits(b.att_hits);
  bv->set_defender_rolled_hits(b.def_hits);
  bv->set_attacker_hits_left(b.hits_left[0]);
  bv->set_defender_hits_left(b.hits_left[1]);
}

}  // namespace

void GameDefinitionToProto(const State& s, v1::GameDefinition* out) {
  const rules::MapDef& m = s.map();
  v1::MapDefinition* md = out->mutable_map();
  md->set_key(m.key);
  md->set_title(m.title);
  for (int c = 0; c < m.num_clearings; ++c) {
    const rules::ClearingDef& cd = m.clearings[c];
    v1::ClearingDefinition* cv = md->add_clearings();
    cv->set_id(c + 1);
    cv->set_suit(SuitToProto(cd.suit));
    cv->set_slots(cd.slots);
    cv->set_ruin(cd.ruin);
    cv->set_corner(cd.corner);
    cv->set_edge(cd.edge);
    for (int n = 0; n < m.num_clearings; ++n) {
      if (cd.adjacent >> n & 1) cv->add_paths(n + 1);
      if (cd.river >> n & 1) cv->add_rivers(n + 1);
    }
    cv->set_coastal(cd.coastal);
    cv->set_opposite_corner(m.OppositeCorner(c) + 1);
  }
  for (size_t f = 0; f < m.forests.size(); ++f) {
    v1::ForestDefinition* fd = md->add_forests();
    fd->set_id(static_cast<int>(f) + 1);
    for (int c = 0; c < m.num_clearings; ++c) {
      if (m.forests[f] >> c & 1) fd->add_clearings(c + 1);
    }
    if (f < m.forest_adjacent.size()) {
      for (int8_t g : m.forest_adjacent[f]) fd->add_adjacent_forests(g + 1);
    }
  }
  for (auto [a, b] : m.closed_paths) {
    v1::PathEvent* p = md->add_closed_paths();
    p->set_clearing(a + 1);
    p->set_other_clearing(b + 1);
  }
  md->set_ferry(m.ferry + 1);
  md->set_pass(m.tower + 1);
  md->set_suits_printed(m.suits_printed);
  const rules::DeckDef& deck = s.def().deck;
  out->set_deck(deck.key);
  out->set_deck_title(deck.title);
  for (size_t id = 0; id < deck.cards.size(); ++id) {
    const rules::CardDef& cd = deck.cards[id];
    v1::CardDefinition* c = out->add_cards();
    c->set_id(static_cast<int>(id));
    c->set_name(cd.name);
    c->set_suit(SuitToProto(cd.suit));
    c->set_kind(CardKindName(cd.kind));
    for (int8_t suit : cd.cost) c->add_cost(SuitToProto(suit));
    if (cd.item >= 0) c->set_item(std::string(rules::ItemName(cd.item)));
    c->set_vp(cd.vp);
    if (cd.effect != rules::kNoEffect) {
      c->set_effect(EffectKey(cd.effect));
      c->set_effect_text(EffectText(cd.effect));
    }
  }
  // The seated factions' boxes; a drafting table (Law 19.8.2) also shows
  // the box of every faction whose setup card was dealt.
  std::vector<int> boxed;
  for (int i = 0; i < s.num_seats(); ++i) {
    if (s.seat(i).faction >= 0) boxed.push_back(s.seat(i).faction);
  }
  for (int8_t f : s.landmarks().pool) {
    if (f >= 0 && std::find(boxed.begin(), boxed.end(), f) == boxed.end())
      boxed.push_back(f);
  }
  for (int f : boxed) {
    const rules::FactionModule* fm = rules::GetFaction(f);
    v1::FactionBox* box = out->add_boxes();
    box->set_faction(FactionToProto(f));
    box->set_warriors(fm->warriors());
    const auto pieces = fm->pieces();
    for (int p = 0; p < rules::kNumPieces; ++p) {
      if (pieces[p] == 0) continue;
      v1::PieceCount* pc = box->add_pieces();
      pc->set_piece(std::string(rules::GetPieceInfo(p).name));
      pc->set_owner(FactionToProto(rules::GetPieceInfo(p).owner));
      pc->set_count(pieces[p]);
    }
  }
  out->set_turn_limit(s.def().setup.max_turns);
  // The item supply before setup (Law 5.1.4 ff.): today's less what setup
  // logged, so the events rebuild it.
  std::array<int, rules::kNumItems> items{};
  for (int i = 0; i < rules::kNumItems; ++i) items[i] = s.item_supply()[i];
  for (const rules::Event& e : s.events()) {
    if (e.kind == rules::kEvItemSupply) items[e.a] -= e.d;
  }
  for (int i = 0; i < rules::kNumItems; ++i) {
    if (items[i] == 0) continue;
    v1::ItemCount* ic = out->add_items();
    ic->set_item(std::string(rules::ItemName(i)));
    ic->set_count(items[i]);
  }
}

// Landmarks (Law 24) and the draft pool (Law 19.8): all public but the
// Black Market's face-down cards, shown as a count.
void LandmarksToProto(const State& s, v1::LandmarksView* out) {
  const rules::LandmarksBoard& lb = s.landmarks();
  for (int l = 0; l < rules::kNumLandmarks; ++l) {
    if (lb.at[l] < 0) continue;
    v1::LandmarkView* v = out->add_landmarks();
    v->set_landmark(std::string(rules::LandmarkKey(l)));
    v->set_clearing(lb.at[l] + 1);
  }
  for (int i = 0; i < rules::kNumItems; ++i) {
    if (lb.forge[i] == 0) continue;
    v1::ItemCount* ic = out->add_forge_items();
    ic->set_item(std::string(rules::ItemName(i)));
    ic->set_count(lb.forge[i]);
  }
  out->set_black_market_cards(static_cast<int>(lb.black_market.size()));
  for (int8_t f : lb.pool) {
    if (f >= 0) out->add_draft_pool(FactionToProto(f));
  }
  out->set_draft_locked(lb.locked);
}

void VagabondViewToProto(const State& s, const rules::Observation& o,
                         int faction, const rules::VagabondBoard& board,
                         v1::VagabondView* out) {
  VagabondToProto(s, o, faction, board, out);
}

namespace {

// The Marquise's, Eyrie's and Alliance's boards (fields 13-15) of those
// asked for and seated.
void BaseBoards(const State& s, const rules::Observation& o,
                v1::Observation* out, bool marquise, bool eyrie,
                bool alliance) {
  if (marquise && s.SeatOf(rules::kMarquise) >= 0) {
    v1::MarquiseView* mv = out->mutable_marquise();
    mv->set_keep_clearing(o.keep + 1);
    mv->set_sawmills(o.marquise_placed[0]);
    mv->set_workshops(o.marquise_placed[1]);
    mv->set_recruiters(o.marquise_placed[2]);
  }
  if (eyrie && s.SeatOf(rules::kEyrie) >= 0) {
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
  if (alliance && s.SeatOf(rules::kAlliance) >= 0) {
    v1::AllianceView* av = out->mutable_alliance();
    av->set_supporters(o.supporters);
    Cards(s, o.supporter_cards, av->mutable_supporter_cards());
    av->set_officers(o.officers);
  }
}

}  // namespace

void BaseBoardsToProto(const State& s, const rules::Observation& o,
                       v1::Observation* out) {
  BaseBoards(s, o, out, true, true, true);
}

void ClearingViewToProto(const State& s, const rules::Observation& o, int c,
                         v1::ClearingView* cv) {
  const rules::MapDef& m = s.map();
  cv->set_id(c + 1);
  cv->set_suit(SuitToProto(m.clearings[c].suit));
  cv->set_slots(m.clearings[c].slots +
                (s.landmarks().at[rules::kLandmarkElderTreetop] == c));
  // Ascending, bit by bit (issue 19.3: not a scan of every pair).
  const unsigned on_map = (1u << m.num_clearings) - 1;
  for (unsigned a = s.AdjacentMask(c) & on_map; a != 0; a &= a - 1)
    cv->add_adjacent(std::countr_zero(a) + 1);
  for (unsigned r = m.clearings[c].river & on_map; r != 0; r &= r - 1)
    cv->add_rivers(std::countr_zero(r) + 1);
  cv->set_coastal(m.clearings[c].coastal);
  cv->set_ferry(s.ferry() == c);
  cv->set_pass(s.tower() == c);
  for (size_t i = 0; i < m.closed_paths.size(); ++i) {
    if (s.opened_paths() >> i & 1) continue;
    auto [a, b] = m.closed_paths[i];
    if (a == c || b == c) cv->add_closed_paths((a == c ? b : a) + 1);
  }
  for (const rules::SeatView& v : o.seats) {
    if (v.faction < 0) continue;  // still drafting (Law 19.8.3)
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
  HirelingClearingPiecesToProto(o.hirelings, c, cv);  // Law 22
  cv->set_ruler(FactionToProto(s.Ruler(c)));
}

void SeatViewToProto(const State& s, const rules::Observation& o, int i,
                     v1::SeatView* sv) {
  const rules::SeatView& v = o.seats[i];
  sv->set_seat(i);
  sv->set_faction(FactionToProto(v.faction));
  sv->set_victory_points(v.vp);
  sv->set_hand_size(v.hand_size);
  if (v.dominance != rules::kNoCard)
    CardToProto(s, v.dominance, sv->mutable_dominance());
  Cards(s, v.play_area, sv->mutable_play_area());
  Items(v.items, sv->mutable_items());
}

void ObservationToProto(const State& s, int seat, v1::Observation* out) {
  ObservationToProto(s, rules::Observe(s, seat), out, kAllObservationFields);
}

void ObservationToProto(const State& s, const rules::Observation& o,
                        v1::Observation* out, uint64_t fields) {
  const int seat = o.seat;
  // Field n where bit n is set.
  const auto want = [fields](int n) { return (fields >> n & 1) != 0; };
  static_assert(v1::Observation::kExilesFieldNumber < 64);
  static_assert(v1::Observation::kSeatFieldNumber == 1 &&
                v1::Observation::kCurrentSeatFieldNumber == 2 &&
                v1::Observation::kPhaseFieldNumber == 3 &&
                v1::Observation::kTurnFieldNumber == 4 &&
                v1::Observation::kClearingsFieldNumber == 5 &&
                v1::Observation::kSeatsFieldNumber == 6 &&
                v1::Observation::kHandFieldNumber == 7 &&
                v1::Observation::kDiscardPileFieldNumber == 8 &&
                v1::Observation::kAvailableDominanceFieldNumber == 9);
  if (want(1)) out->set_seat(o.seat);
  if (want(2)) out->set_current_seat(o.current_seat);
  if (want(3)) out->set_phase(static_cast<v1::Phase>(o.phase + 1));
  if (want(4)) out->set_turn(o.turn);
  if (want(5)) {
    const int num_clearings = s.map().num_clearings;
    out->mutable_clearings()->Reserve(num_clearings);
    for (int c = 0; c < num_clearings; ++c)
      ClearingViewToProto(s, o, c, out->add_clearings());
  }
  if (want(6)) {
    for (size_t i = 0; i < o.seats.size(); ++i)
      SeatViewToProto(s, o, static_cast<int>(i), out->add_seats());
  }
  if (want(7)) Cards(s, o.hand, out->mutable_hand());
  if (want(8)) Cards(s, o.discard, out->mutable_discard_pile());
  if (want(9))
    Cards(s, o.available_dominance, out->mutable_available_dominance());
  if (want(26) && !s.landmarks().Empty())
    LandmarksToProto(s, out->mutable_landmarks());
  if (want(10)) out->set_deck_size(o.deck_size);
  if (want(11)) Items(o.item_supply, out->mutable_item_supply());
  for (size_t i = 0; want(12) && i < o.reveals.size(); ++i) {
    v1::RevealedHand* rh = out->add_revealed_hands();
    rh->set_seat(o.reveals[i].target);
    rh->set_turn(o.reveals[i].turn);
    Cards(s, o.reveals[i].cards, rh->mutable_cards());
  }
  // Issue 19.3: only the boards asked for (the view cache makes one at a
  // time; the Eyrie's holds every Decree card).
  BaseBoards(s, o, out, want(13), want(14), want(15));
  for (const rules::Observation::VagabondPublic& v : o.vagabonds) {
    // Field 16 repeats the first Vagabond's entry of field 23.
    const bool first = want(16) && v.faction == rules::kVagabond;
    if (want(23)) {
      v1::VagabondView* vv = out->add_vagabonds();
      VagabondToProto(s, o, v.faction, v.board, vv);
      if (first) *out->mutable_vagabond() = *vv;
    } else if (first) {
      VagabondToProto(s, o, v.faction, v.board, out->mutable_vagabond());
    }
  }
  if (want(17) && s.SeatOf(rules::kCult) >= 0)
    CultViewToProto(s, o, out->mutable_cult());
  if (want(18) && s.SeatOf(rules::kRiverfolk) >= 0)
    RiverfolkViewToProto(s, o, out->mutable_riverfolk());
  if (want(19) && s.SeatOf(rules::kDuchy) >= 0)
    DuchyViewToProto(s, o, out->mutable_duchy());
  if (want(20) && s.SeatOf(rules::kCorvid) >= 0)
    CorvidViewToProto(s, o, out->mutable_corvid());
  if (want(21) && s.SeatOf(rules::kHundreds) >= 0)
    HundredsViewToProto(s, o, out->mutable_hundreds());
  if (want(22) && s.SeatOf(rules::kKeepers) >= 0)
    KeepersViewToProto(s, o, out->mutable_keepers());
  if (want(30)) SupplyToProto(s, seat, out->mutable_supply());
  if (want(31)) ProgressToProto(s, out->mutable_progress());
  if (want(32)) BattleToProto(s, out);
  if (want(50) && s.exiles_deck())
    ExilesViewToProto(s, o, out->mutable_exiles());
  // Law 22 (their pieces are in the clearings, ClearingViewToProto).
  if (want(24) || want(25)) {
    HirelingsToProto(s, o, out, /*clearing_pieces=*/false);
    if (!want(24)) out->clear_hirelings();
    if (!want(25)) out->clear_hireling_markers();
  }
  if (!want(33)) return;
  // Law 19.8.3.I: the homelands, public.
  for (const rules::Observation::Homeland& h : o.homelands) {
    v1::Homeland* hv = out->add_homelands();
    hv->set_faction(FactionToProto(h.faction));
    for (int8_t c : h.clearings) hv->add_clearings(c + 1);
  }
}

namespace {

// A clearing index as the protocol numbers it: 1-12, 0 for none.
int Cl(int c) { return c >= 0 ? c + 1 : 0; }

std::string PieceName(int piece) {
  return piece < 0 ? "warrior" : std::string(rules::GetPieceInfo(piece).name);
}

void PieceEventToProto(const rules::Event& e, v1::PieceEvent* pe) {
  pe->set_faction(FactionToProto(e.faction));
  pe->set_piece(PieceName(e.b));
  pe->set_count(e.a);
  pe->set_clearing(Cl(e.c));
}

void ItemEventToProto(const rules::Event& e, v1::ItemEvent* ie) {
  ie->set_faction(FactionToProto(e.faction));
  ie->set_item(std::string(rules::ItemName(e.a)));
  if (e.kind == rules::kEvItem) {
    ie->set_exhausted(e.b & 1);
    ie->set_damaged(e.b & 2);
  }
  ie->set_delta(e.d);
}

// The typed payload (issue 13 item 1). Kinds without one (added by later
// modules) carry their raw numbers in `other`.
// Law 22: the hireling event's op (hirelings.h HirelingEventOp) by name.
void HirelingEventToProto(const State& s, const rules::Event& e,
                          v1::HirelingEvent* h) {
  static constexpr const char* kChange[] = {
      "place",    "remove",       "vault_place", "vault_remove", "hired",
      "marker",   "exile_forest", "to_card",     "control",      "battle",
      "attacked", "brigand",      "scouts"};
  if (e.b < 0 || e.b >= static_cast<int>(std::size(kChange))) return;
  h->set_change(kChange[e.b]);
  if (e.b != rules::kHireOpMarker && e.a >= 0) {
    bool demoted = false;  // the side in play, as HirelingView.key says
    for (const auto& card : s.hirelings().cards)
      demoted |= card.hireling == e.a && card.demoted;
    h->set_hireling(std::string(rules::HirelingKey(e.a, demoted)));
  }
  h->set_clearing(Cl(e.c));
  if (e.b == rules::kHireOpBattle) {
    h->set_defender(FactionToProto(e.d));
  } else if (e.b == rules::kHireOpAttacked) {
    h->set_attacker(FactionToProto(e.d));  // 22.3.2
  } else if (e.b == rules::kHireOpScouts) {
    // Event.seat swaps the rolls (Rabbit Scouts).
  } else if (e.b == rules::kHireOpBrigand) {
    h->set_count(e.d);  // the item's index: older bots read it
    if (e.d >= 0 && e.d < rules::kNumItems)
      h->set_item(std::string(rules::ItemName(e.d)));
  } else if (e.b == rules::kHireOpExileForest) {
    h->set_count(e.d + 1);  // forests are numbered from 1
  } else {
    h->set_count(e.d);
  }
}

// An event's card into the field `get` makes, if the card is shown: a
// hidden card stays an absent field (never an empty Card).
template <typename Get>
void ShownCard(const State& s, const rules::Event& e, bool card_shown,
               Get get) {
  if (card_shown && e.card != rules::kNoCard) CardToProto(s, e.card, get());
}

// Events of the base game's turn, cards and battles; false for any other
// kind.
bool CoreEventToProto(const State& s, const rules::Event& e, bool card_shown,
                      v1::Event* out) {
  auto card = [&](auto get) { ShownCard(s, e, card_shown, get); };
  switch (e.kind) {
    case rules::kEvTurn:
      out->mutable_turn()->set_turn(e.d);
      return true;
    case rules::kEvDraw:
      out->mutable_draw()->set_count(e.a);
      return true;
    case rules::kEvDiscard:
      out->mutable_discard();
      card([&] { return out->mutable_discard()->mutable_card(); });
      out->mutable_discard()->set_source(e.b == rules::kDiscardHand ? "hand"
                                                                    : "other");
      return true;
    case rules::kEvPlace:
      PieceEventToProto(e, out->mutable_place());
      return true;
    case rules::kEvRemove:
      PieceEventToProto(e, out->mutable_remove());
      return true;
    case rules::kEvMove: {
      v1::MoveEvent* m = out->mutable_move();
      m->set_faction(FactionToProto(e.faction));
      m->set_count(e.a);
      m->set_from_clearing(Cl(e.b));
      m->set_to_clearing(Cl(e.c));
      return true;
    }
    case rules::kEvVp:
      out->mutable_vp()->set_delta(e.d);
      out->mutable_vp()->set_reason(std::string(rules::VpReasonName(e.a)));
      return true;
    case rules::kEvBattle:
      out->mutable_battle()->set_attacker(FactionToProto(e.faction));
      out->mutable_battle()->set_defender(FactionToProto(e.b));
      out->mutable_battle()->set_clearing(Cl(e.c));
      return true;
    case rules::kEvDice:
      out->mutable_dice()->set_attacker_roll(e.a);
      out->mutable_dice()->set_defender_roll(e.b);
      return true;
    case rules::kEvHits: {
      v1::HitsEvent* h = out->mutable_hits();
      h->set_attacker(FactionToProto(e.faction));
      h->set_clearing(Cl(e.c));
      h->set_attacker_deals(e.a);
      h->set_defender_deals(e.b);
      return true;
    }
    case rules::kEvAmbush:
      out->mutable_ambush();
      card([&] { return out->mutable_ambush()->mutable_card(); });
      return true;
    case rules::kEvCraft:
      out->mutable_craft();
      card([&] { return out->mutable_craft()->mutable_card(); });
      return true;
    case rules::kEvDominance:
      out->mutable_dominance();
      card([&] { return out->mutable_dominance()->mutable_card(); });
      return true;
    case rules::kEvDuchyReveal:
      out->mutable_duchy_reveal();
      card([&] { return out->mutable_duchy_reveal()->mutable_card(); });
      return true;
    case rules::kEvDecree:
      out->mutable_decree();
      card([&] { return out->mutable_decree()->mutable_card(); });
      out->mutable_decree()->set_column(ColumnKey(e.a));
      return true;
    case rules::kEvTurmoil:
      out->mutable_turmoil();
      return true;
    case rules::kEvLeader:
      out->mutable_leader()->set_leader(
          std::string(rules::EyrieLeaderName(e.a)));
      return true;
    case rules::kEvTakeCard:
      out->mutable_take_card()->set_from_seat(e.a);
      out->mutable_take_card()->set_source(
          std::string(rules::TakeSourceName(e.b < 0 ? 0 : e.b)));
      out->mutable_take_card();
      card([&] { return out->mutable_take_card()->mutable_card(); });
      return true;
    case rules::kEvReveal:
      out->mutable_reveal()->set_target_seat(e.a);
      return true;
    case rules::kEvGameOver:
      out->mutable_game_over()->set_reason(
          EndReasonToProto(static_cast<rules::EndReason>(e.a)));
      return true;
    default:
      return false;
  }
}

// Events of pawns, landmarks, hirelings, the expansion factions and the
// Vagabond's items and quests; false for any other kind.
bool BoardEventToProto(const State& s, const rules::Event& e, bool card_shown,
                       v1::Event* out) {
  auto card = [&](auto get) { ShownCard(s, e, card_shown, get); };
  switch (e.kind) {
    case rules::kEvPawn:
      out->mutable_pawn()->set_faction(FactionToProto(e.faction));
      out->mutable_pawn()->set_clearing(Cl(e.c));
      out->mutable_pawn()->set_forest(e.c >= 0 ? 0 : e.d + 1);
      return true;
    case rules::kEvFerry:
      out->mutable_ferry()->set_from_clearing(Cl(e.b));
      out->mutable_ferry()->set_to_clearing(Cl(e.c));
      return true;
    case rules::kEvOpenPath: {
      auto [a, b] = s.map().closed_paths[e.a];
      out->mutable_open_path()->set_clearing(a + 1);
      out->mutable_open_path()->set_other_clearing(b + 1);
      return true;
    }
    case rules::kEvBurrow: {
      static constexpr const char* kDir[] = {"into_burrow", "out_of_burrow",
                                             "placed"};
      v1::BurrowEvent* b = out->mutable_duchy_burrow();
      b->set_count(e.a);
      b->set_direction(e.b >= 0 && e.b < 3 ? kDir[e.b] : "");
      b->set_clearing(Cl(e.c));
      return true;
    }
    case rules::kEvLandmark:
      out->mutable_landmark()->set_landmark(
          std::string(rules::LandmarkKey(e.a)));
      out->mutable_landmark()->set_clearing(Cl(e.c));
      return true;
    case rules::kEvDraft:
      out->mutable_draft()->set_faction(FactionToProto(e.a));
      return true;
    case rules::kEvHireling:
      HirelingEventToProto(s, e, out->mutable_hireling());
      return true;
    case rules::kEvMinister:
      out->mutable_duchy_minister()->set_minister(
          std::string(rules::DuchyMinisterName(e.a)));
      out->mutable_duchy_minister()->set_swayed(e.b == 1);
      return true;
    case rules::kEvPlotFlip:
      out->mutable_plot_flip()->set_clearing(Cl(e.c));
      out->mutable_plot_flip()->set_plot(PieceName(e.b));
      return true;
    case rules::kEvPlotSwap:
      out->mutable_plot_swap()->set_clearing(Cl(e.b));
      out->mutable_plot_swap()->set_other_clearing(Cl(e.c));
      return true;
    case rules::kEvExposure:
      out->mutable_exposure()->set_clearing(Cl(e.c));
      out->mutable_exposure()->set_plot(PieceName(e.b));
      out->mutable_exposure()->set_right(e.a > 0);
      out->mutable_exposure();
      card([&] { return out->mutable_exposure()->mutable_card(); });
      return true;
    case rules::kEvItem:
      ItemEventToProto(e, out->mutable_item());
      return true;
    case rules::kEvSeatItem:
      ItemEventToProto(e, out->mutable_seat_item());
      return true;
    case rules::kEvItemSupply:
      ItemEventToProto(e, out->mutable_item_supply());
      return true;
    case rules::kEvRelationship:
      out->mutable_relationship()->set_vagabond(FactionToProto(e.faction));
      out->mutable_relationship()->set_faction(FactionToProto(e.a));
      out->mutable_relationship()->set_level(
          std::string(rules::RelationshipName(e.b)));
      return true;
    case rules::kEvQuest: {
      static constexpr const char* kChange[] = {"face_up", "completed",
                                                "removed"};
      QuestToProto(e.a, out->mutable_quest()->mutable_quest());
      out->mutable_quest()->set_change(e.b >= 0 && e.b < 3 ? kChange[e.b] : "");
      out->mutable_quest()->set_by(FactionToProto(e.faction));
      return true;
    }
    case rules::kEvCoalition:
      out->mutable_coalition()->set_vagabond(FactionToProto(e.faction));
      out->mutable_coalition()->set_partner_seat(e.a);
      if (e.a >= 0 && e.a < s.num_seats()) {
        out->mutable_coalition()->set_partner(
            FactionToProto(s.seat(e.a).faction));
      }
      return true;
    case rules::kEvSupporters:
      out->mutable_supporters()->set_count(e.a);
      return true;
    case rules::kEvOfficers:
      out->mutable_officers()->set_count(e.a);
      return true;
    case rules::kEvHandSize:
      out->mutable_hand_size()->set_count(e.a);
      return true;
    case rules::kEvReshuffle:
      out->mutable_reshuffle()->set_count(e.d);
      return true;
    case rules::kEvRuinItem:
      out->mutable_ruin_item()->set_clearing(Cl(e.c));
      return true;
    case rules::kEvCharacter:
      out->mutable_character()->set_faction(FactionToProto(e.faction));
      out->mutable_character()->set_character(
          std::string(rules::VagabondCharacterName(e.a)));
      return true;
    default:
      return false;
  }
}

void EventPayloadToProto(const State& s, const rules::Event& e, bool card_shown,
                         v1::Event* out) {
  if (CoreEventToProto(s, e, card_shown, out) ||
      BoardEventToProto(s, e, card_shown, out)) {
    return;
  }
  v1::GenericEvent* g = out->mutable_other();
  g->set_a(e.a);
  g->set_b(e.b);
  g->set_c(e.c);
  g->set_d(e.d);
}

}  // namespace

namespace {

// The deprecated untyped fields a-d of an event (they keep their meaning
// for older bots); clearing fields are numbered 1-12 as printed, like
// everywhere else.
std::array<int32_t, 4> EventNumbers(const rules::Event& e) {
  const bool b_clearing =
      e.kind == rules::kEvMove || e.kind == rules::kEvPlotSwap;
  const bool c_clearing =
      e.kind == rules::kEvMove || e.kind == rules::kEvPlace ||
      e.kind == rules::kEvRemove || e.kind == rules::kEvBattle ||
      e.kind == rules::kEvPlotFlip || e.kind == rules::kEvPlotSwap ||
      e.kind == rules::kEvExposure ||
      e.kind == rules::kEvBurrow ||  // 0: the Burrow's supply case
      e.kind == rules::kEvHireling;  // 0: no clearing
  return {e.a, b_clearing ? e.b + 1 : e.b, c_clearing ? e.c + 1 : e.c, e.d};
}

}  // namespace

void EventToProto(const State& s, const rules::Event& e, int seat,
                  v1::Event* out) {
  out->set_kind(std::string(State::EventKindName(e.kind)));
  out->set_text(s.EventText(e, seat));
  out->set_seat(e.seat);
  out->set_faction(FactionToProto(e.faction));
  const std::array<int32_t, 4> n = EventNumbers(e);
  out->set_a(n[0]);
  out->set_b(n[1]);
  out->set_c(n[2]);
  out->set_d(n[3]);
  const bool shown = State::EventCardVisible(e, seat);
  if (shown) MaybeCard(s, e.card, [&] { return out->mutable_card(); });
  EventPayloadToProto(s, e, shown, out);
}

namespace {

// Issue 19.3: the payload of the most frequent events (turn, draw, place,
// move, remove, VP, battle, dice, hits and the counts) written by hand into
// `buf` as EventPayloadToProto sets it and protobuf serializes it (the
// payload field, then its fields in number order); 0 for other kinds (the
// caller builds those). `buf` holds kMaxPayload bytes.
constexpr size_t kMaxPayload = 128;
size_t HandWrittenPayload(const rules::Event& e, uint8_t* buf) {
  static_assert(
      v1::Event::kTurnFieldNumber == 20 && v1::Event::kDrawFieldNumber == 21 &&
      v1::Event::kPlaceFieldNumber == 23 && v1::Event::kMoveFieldNumber == 24 &&
      v1::Event::kRemoveFieldNumber == 25 && v1::Event::kVpFieldNumber == 26 &&
      v1::Event::kBattleFieldNumber == 27 &&
      v1::Event::kDiceFieldNumber == 28 && v1::Event::kHitsFieldNumber == 47 &&
      v1::Event::kSupportersFieldNumber == 54 &&
      v1::Event::kOfficersFieldNumber == 55 &&
      v1::Event::kHandSizeFieldNumber == 56 &&
      v1::Event::kReshuffleFieldNumber == 57);
  static_assert(v1::PieceEvent::kFactionFieldNumber == 1 &&
                v1::PieceEvent::kPieceFieldNumber == 2 &&
                v1::PieceEvent::kCountFieldNumber == 3 &&
                v1::PieceEvent::kClearingFieldNumber == 4 &&
                v1::MoveEvent::kFactionFieldNumber == 1 &&
                v1::MoveEvent::kCountFieldNumber == 2 &&
                v1::MoveEvent::kFromClearingFieldNumber == 3 &&
                v1::MoveEvent::kToClearingFieldNumber == 4 &&
                v1::VpEvent::kDeltaFieldNumber == 1 &&
                v1::VpEvent::kReasonFieldNumber == 2 &&
                v1::BattleEvent::kAttackerFieldNumber == 1 &&
                v1::BattleEvent::kDefenderFieldNumber == 2 &&
                v1::BattleEvent::kClearingFieldNumber == 3 &&
                v1::DiceEvent::kAttackerRollFieldNumber == 1 &&
                v1::DiceEvent::kDefenderRollFieldNumber == 2 &&
                v1::HitsEvent::kAttackerFieldNumber == 1 &&
                v1::HitsEvent::kClearingFieldNumber == 2 &&
                v1::HitsEvent::kAttackerDealsFieldNumber == 3 &&
                v1::HitsEvent::kDefenderDealsFieldNumber == 4 &&
                v1::TurnEvent::kTurnFieldNumber == 1 &&
                v1::CountEvent::kCountFieldNumber == 1);
  // The payload's own fields: four int32 at most (ten bytes each with
  // their tags: 44) and a name of at most 64 bytes.
  uint8_t inner[kMaxPayload - 8];
  uint8_t* p = inner;
  const auto name = [&p](int number, absl::string_view v) {
    if (v.size() > 64) return false;
    p = wire::WriteStringField(number, v, p);
    return true;
  };
  int number = 0;
  switch (e.kind) {
    case rules::kEvTurn:
      number = 20;
      p = wire::WriteInt32Field(1, e.d, p);
      break;
    case rules::kEvDraw:
      number = 21;
      p = wire::WriteInt32Field(1, e.a, p);
      break;
    case rules::kEvPlace:
    case rules::kEvRemove:  // as PieceEventToProto
      number = e.kind == rules::kEvPlace ? 23 : 25;
      p = wire::WriteInt32Field(1, FactionToProto(e.faction), p);
      if (!name(2, e.b < 0 ? absl::string_view("warrior")
                           : rules::GetPieceInfo(e.b).name)) {
        return 0;
      }
      p = wire::WriteInt32Field(3, e.a, p);
      p = wire::WriteInt32Field(4, Cl(e.c), p);
      break;
    case rules::kEvMove:
      number = 24;
      p = wire::WriteInt32Field(1, FactionToProto(e.faction), p);
      p = wire::WriteInt32Field(2, e.a, p);
      p = wire::WriteInt32Field(3, Cl(e.b), p);
      p = wire::WriteInt32Field(4, Cl(e.c), p);
      break;
    case rules::kEvVp:
      number = 26;
      p = wire::WriteInt32Field(1, e.d, p);
      if (!name(2, rules::VpReasonName(e.a))) return 0;
      break;
    case rules::kEvBattle:
      number = 27;
      p = wire::WriteInt32Field(1, FactionToProto(e.faction), p);
      p = wire::WriteInt32Field(2, FactionToProto(e.b), p);
      p = wire::WriteInt32Field(3, Cl(e.c), p);
      break;
    case rules::kEvDice:
      number = 28;
      p = wire::WriteInt32Field(1, e.a, p);
      p = wire::WriteInt32Field(2, e.b, p);
      break;
    case rules::kEvHits:
      number = 47;
      p = wire::WriteInt32Field(1, FactionToProto(e.faction), p);
      p = wire::WriteInt32Field(2, Cl(e.c), p);
      p = wire::WriteInt32Field(3, e.a, p);
      p = wire::WriteInt32Field(4, e.b, p);
      break;
    case rules::kEvSupporters:
    case rules::kEvOfficers:
    case rules::kEvHandSize:
      number = e.kind == rules::kEvSupporters ? 54
               : e.kind == rules::kEvOfficers ? 55
                                              : 56;
      p = wire::WriteInt32Field(1, e.a, p);
      break;
    case rules::kEvReshuffle:
      number = 57;
      p = wire::WriteInt32Field(1, e.d, p);
      break;
    default:
      return 0;
  }
  const absl::string_view bytes(reinterpret_cast<const char*>(inner),
                                p - inner);
  return wire::WriteLengthField(number, bytes, buf) - buf;
}

}  // namespace

void AppendEventBytes(const State& s, const rules::Event& e, int seat,
                      std::string* out, v1::Event* scratch) {
  // Fields 1-9 by hand, in number order, as EventToProto sets them; then
  // the payload (one field numbered 19 or more): an event holding only it
  // serializes to just its bytes.
  static_assert(
      v1::Event::kKindFieldNumber == 1 && v1::Event::kTextFieldNumber == 2 &&
      v1::Event::kSeatFieldNumber == 3 && v1::Event::kFactionFieldNumber == 4 &&
      v1::Event::kAFieldNumber == 5 && v1::Event::kDFieldNumber == 8 &&
      v1::Event::kCardFieldNumber == 9);
  static_assert(v1::Card::kIdFieldNumber == 1 &&
                v1::Card::kNameFieldNumber == 2 &&
                v1::Card::kSuitFieldNumber == 3);
  const absl::string_view kind = State::EventKindName(e.kind);
  const std::string text = s.EventText(e, seat);
  const int32_t faction = FactionToProto(e.faction);
  const std::array<int32_t, 4> n = EventNumbers(e);
  const bool shown = State::EventCardVisible(e, seat);
  uint8_t hand[kMaxPayload];
  const size_t hand_size = HandWrittenPayload(e, hand);
  if (hand_size == 0) {
    scratch->Clear();
    EventPayloadToProto(s, e, shown, scratch);
  }
  size_t size =
      wire::StringFieldSize(1, kind) + wire::StringFieldSize(2, text) +
      wire::Int32FieldSize(3, e.seat) + wire::Int32FieldSize(4, faction);
  for (int i = 0; i < 4; ++i) size += wire::Int32FieldSize(5 + i, n[i]);
  // As CardToProto sets it, when shown.
  const bool card = shown && e.card != rules::kNoCard;
  absl::string_view card_name;
  int32_t card_suit = 0;
  size_t card_size = 0;
  if (card) {
    card_name = s.card(e.card).name;
    card_suit = SuitToProto(s.card(e.card).suit);
    card_size = wire::Int32FieldSize(1, e.card) +
                wire::StringFieldSize(2, card_name) +
                wire::Int32FieldSize(3, card_suit);
    size += wire::LengthFieldSize(9, card_size);
  }
  const size_t payload = hand_size > 0 ? hand_size : scratch->ByteSizeLong();
  const size_t at = out->size();
  out->resize(at + size + payload);
  uint8_t* p = reinterpret_cast<uint8_t*>(&(*out)[at]);
  p = wire::WriteStringField(1, kind, p);
  p = wire::WriteStringField(2, text, p);
  p = wire::WriteInt32Field(3, e.seat, p);
  p = wire::WriteInt32Field(4, faction, p);
  for (int i = 0; i < 4; ++i) p = wire::WriteInt32Field(5 + i, n[i], p);
  if (card) {
    p = wire::WriteVarint(wire::LengthTag(9), p);
    p = wire::WriteVarint(card_size, p);
    p = wire::WriteInt32Field(1, e.card, p);
    p = wire::WriteStringField(2, card_name, p);
    p = wire::WriteInt32Field(3, card_suit, p);
  }
  if (hand_size > 0) {
    std::memcpy(p, hand, hand_size);
  } else {
    scratch->SerializeWithCachedSizesToArray(p);
  }
}

bool BoardEventCovers(const std::string& field) {
  // The map, the seat's own hand and the item supply have their own events
  // (place, move, remove, draw, item_supply, ...); `seat` never changes.
  return field != "seat" && field != "clearings" && field != "hand" &&
         field != "item_supply";
}

bool BoardEventToProto(const State& s, int seat, const v1::Observation& now,
                       v1::Observation* shown, v1::Event* out) {
  const auto* desc = v1::Observation::descriptor();
  const auto* refl = v1::Observation::GetReflection();
  v1::Observation cur = now, changed;
  std::vector<std::string> names;
  for (int i = 0; i < desc->field_count(); ++i) {
    const auto* f = desc->field(i);
    if (!BoardEventCovers(std::string(f->name()))) continue;
    // Each field compared through messages holding only that field.
    const std::vector<const google::protobuf::FieldDescriptor*> one = {f};
    v1::Observation was, is;
    refl->SwapFields(shown, &was, one);
    refl->SwapFields(&cur, &is, one);
    if (was.SerializeAsString() != is.SerializeAsString()) {
      names.emplace_back(f->name());
      v1::Observation copy = is;
      refl->SwapFields(&changed, &copy, one);
    }
    refl->SwapFields(shown, &is, one);
  }
  if (names.empty()) return false;
  out->set_kind("board");
  out->set_text(absl::StrCat("changed: ", absl::StrJoin(names, ", ")));
  out->set_seat(seat);
  out->set_faction(seat >= 0 ? FactionToProto(s.seat(seat).faction)
                             : v1::FACTION_UNSPECIFIED);
  v1::BoardEvent* board = out->mutable_board();
  for (const std::string& n : names) board->add_fields(n);
  *board->mutable_view() = std::move(changed);
  return true;
}

}  // namespace woodland::referee
