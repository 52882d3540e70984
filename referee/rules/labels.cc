// Readable prompt texts and option labels.
#include <cstdlib>
#include <iterator>

#include "absl/strings/str_cat.h"
#include "referee/rules/exiles.h"
#include "referee/rules/faction.h"
#include "referee/rules/hirelings.h"
#include "referee/rules/landmarks.h"
#include "referee/rules/map_rules.h"
#include "referee/rules/state.h"

namespace woodland::rules {

absl::string_view EyrieLeaderName(int leader);
absl::string_view EyrieColumnName(int col);
absl::string_view VagabondCharacterName(int c);
absl::string_view QuestName(int q);
int QuestSuit(int q);
absl::string_view DuchyMinisterName(int m);  // duchy.cc

absl::string_view RelationshipName(int level) {
  static constexpr absl::string_view kLevels[] = {"indifferent", "1", "2",
                                                  "allied"};
  return level == kHostile                ? "hostile"
         : level >= 0 && level <= kAllied ? kLevels[level]
                                          : "unknown";
}

absl::string_view VpReasonName(int reason) {
  switch (reason) {
    case kVpBuilding:
      return "building";
    case kVpRoosts:
      return "roosts";
    case kVpItem:
      return "item";
    case kVpRemoval:
      return "removal";
    case kVpCard:
      return "card";
    case kVpLeader:
      return "leader";
    case kVpTurmoil:
      return "turmoil";
    case kVpSympathy:
      return "sympathy";
    case kVpVagabond:
      return "vagabond";
    case kVpMap:
      return "map";
    case kVpRitual:
      return "ritual";
    case kVpTradePost:
      return "trade_post";
    case kVpDividends:
      return "dividends";
    case kVpDuchyCrown:
      return "duchy_crown";
    case kVpDuchyMinister:
      return "duchy_minister";
    case kVpPlot:
      return "plot";
    case kVpHoard:
      return "hoard";
    case kVpOppress:
      return "oppress";
    case kVpRelics:
      return "relics";
  }
  return "other";
}

absl::string_view TakeSourceName(int source) {
  static constexpr absl::string_view kNames[] = {
      "other",  "stand_and_deliver", "dominance", "aid", "outrage", "steal",
      "corvid", "service",           "day_labor"};
  static_assert(std::size(kNames) == kNumTakeSources);
  return source >= 0 && source < kNumTakeSources ? kNames[source] : "other";
}

std::string State::PromptText() const {
  const PromptInfo& info = GetPromptInfo(prompt_.kind);
  return info.text ? info.text(*this, prompt_) : std::string();
}

absl::string_view State::PromptLaw() const {
  return GetPromptInfo(prompt_.kind).law;
}

absl::string_view State::PromptKey() const {
  return GetPromptInfo(prompt_.kind).key;
}

std::string State::OptionLabel(const Option& o) const {
  switch (o.kind) {
    case kOptDone:
      return "Done";
    case kOptYes:
      return "Yes";
    case kOptCard:
      return CardName(*this, o.card);
    case kOptClearing:
      return ClearingName(*this, o.a);
    case kOptMove:
      return absl::StrCat(
          "Move from ", ClearingName(*this, o.a), " to ",
          ClearingName(*this, o.b),
          IsFerryCrossing(*this, o.a, o.b) ? " by the Ferry" : "");
    case kOptCount:
      if (o.b >= 0) {  // allied warriors moving with the Vagabond
        return absl::StrCat("With ", int{o.a}, " ", FactionName(o.b),
                            o.a == 1 ? " warrior" : " warriors");
      }
      if (prompt_.kind == kPromptMoveCount) {
        return absl::StrCat("Move ", int{o.a},
                            o.a == 1 ? " warrior" : " warriors", " from ",
                            ClearingName(*this, prompt_.a), " to ",
                            ClearingName(*this, prompt_.b));
      }
      return absl::StrCat(int{o.a});
    case kOptBattle:
      if (IsHirelingTarget(o.b)) {  // Law 22.3.2
        return absl::StrCat("Battle ", HirelingTargetName(*this, o.b), " in ",
                            ClearingName(*this, o.a));
      }
      return absl::StrCat("Battle ", FactionName(o.b), " in ",
                          ClearingName(*this, o.a));
    case kOptFaction:
      if (IsHirelingTarget(o.a)) return HirelingTargetName(*this, o.a);
      if (o.card != kNoCard) {
        return absl::StrCat(card(o.card).name, ": ", FactionName(o.a));
      }
      return std::string(FactionName(o.a));
    case kOptPiece:
      return std::string(GetPieceInfo(o.a).name);
    case kOptAction: {
      // The module that asked labels its action codes, also when it asks
      // another seat (services, Law 11.2.6; trophies, 15.2.5).
      // Both Vagabonds share prompt kinds: the deciding one labels his own.
      if (prompt_.kind >= kHirelingPromptBase) {
        return HirelingActionLabel(*this, o);
      }
      int f = seats_[prompt_.seat].faction;
      auto vagabond = [](int x) { return x == kVagabond || x == kVagabond2; };
      if (prompt_.kind >= kFactionPromptBase) {
        const int owner = (prompt_.kind - kFactionPromptBase) / 32;
        if (owner < kNumFactions && GetFaction(owner) != nullptr &&
            !(vagabond(owner) && vagabond(f))) {
          f = owner;
        }
      }
      return GetFaction(f)->ActionLabel(*this, o);
    }
    case kOptSuit:
      if (o.b >= 0) {  // an Eyrie Decree card: a = suit, b = column
        return o.card == kNoCard ? absl::StrCat("Loyal Vizier (bird) in ",
                                                EyrieColumnName(o.b))
                                 : absl::StrCat(CardName(*this, o.card), " in ",
                                                EyrieColumnName(o.b));
      }
      return std::string(SuitName(o.a));
    case kOptDecree:
      return absl::StrCat("Add ", CardName(*this, o.card), " to the ",
                          EyrieColumnName(o.a), " column");
    case kOptLeader:
      return std::string(EyrieLeaderName(o.a));
    case kOptEffect: {
      const Task& t = stack_[stack_.size() - 1 - stack_.back().a + o.a];
      std::string name(GetTaskHandler(t.kind).name);
      return t.a >= 0 && t.a < def_->map.num_clearings
                 ? absl::StrCat(name, " in ", ClearingName(*this, t.a))
                 : name;
    }
    case kOptItem:
      return absl::StrCat(o.b > 0 && (o.b & kItemDamaged) ? "damaged " : "",
                          o.b > 0 && (o.b & kItemExhausted) ? "exhausted "
                          : o.b > 0 && (o.b & kItemFaceUp)  ? "face-up "
                                                            : "",
                          ItemName(o.a));
    case kOptQuest:
      return absl::StrCat(QuestName(o.a), " (", SuitName(QuestSuit(o.a)), ")");
    case kOptForest:
      return absl::StrCat("Forest ", o.a + 1);
    case kOptCharacter:
      return std::string(VagabondCharacterName(o.a));
    case kOptExtra:
      switch (o.a) {
        case kExtraActivateDominance:
          return absl::StrCat("Activate ", CardName(*this, o.card));
        case kExtraTakeDominance:
          return absl::StrCat("Take the available ", CardName(*this, o.card));
        case kExtraTaxCollector:
          return "Use Tax Collector";
        case kExtraCodebreakers:
          return "Use Codebreakers";
        case kExtraOpenPath: {
          auto [a, b] = map().closed_paths[o.b];
          return absl::StrCat("Remove the closed path between ",
                              ClearingName(*this, a), " and ",
                              ClearingName(*this, b));
        }
        case kExtraExposure:
          return absl::StrCat("Exposure: guess the plot in ",
                              ClearingName(*this, o.b));
        case kExtraPropagandaBureau:
        case kExtraLeague:
          return ExilesExtraLabel(*this, o);
        case kExtraBlackMarket:
          return absl::StrCat("Black Market: swap ", CardName(*this, o.card),
                              " for face-down card ", o.b + 1);
        case kExtraHireling:
          return HirelingExtraLabel(*this, o);
      }
  }
  return "?";
}

absl::string_view State::EventKindName(int kind) {
  // Expansion events by name (their numbers depend on which are merged).
  switch (kind) {
    case kEvPlotFlip:
      return "plot_flip";
    case kEvPlotSwap:
      return "plot_swap";
    case kEvExposure:
      return "exposure";
  }
  static constexpr absl::string_view kNames[] = {
      "turn",    "draw",   "discard",   "place",     "move",   "remove",
      "vp",      "battle", "dice",      "ambush",    "craft",  "decree",
      "turmoil", "leader", "dominance", "take_card", "reveal", "game_over",
      "pawn",    "ferry",  "open_path"};
  // Expansion events by name (independent of their enum positions).
  switch (kind) {
    case kEvBurrow:
      return "duchy.burrow";
    case kEvDuchyReveal:
      return "duchy.reveal";
    case kEvMinister:
      return "duchy.minister";
    case kEvHits:
      return "hits";
    case kEvItem:
      return "item";
    case kEvSeatItem:
      return "seat_item";
    case kEvItemSupply:
      return "item_supply";
    case kEvRelationship:
      return "relationship";
    case kEvQuest:
      return "quest";
    case kEvCoalition:
      return "coalition";
    case kEvSupporters:
      return "supporters";
    case kEvOfficers:
      return "officers";
    case kEvHandSize:
      return "hand_size";
    case kEvReshuffle:
      return "reshuffle";
    case kEvRuinItem:
      return "ruin_item";
    case kEvCharacter:
      return "character";
    case kEvLandmark:
      return "landmark";
    case kEvDraft:
      return "draft";
    case kEvHireling:
      return "hireling";
  }
  return kind < static_cast<int>(std::size(kNames)) ? kNames[kind] : "unknown";
}

std::string State::EventText(const Event& e, int seat) const {
  const bool shown = EventCardVisible(e, seat);
  const std::string card_name = shown ? CardName(*this, e.card) : "a card";
  auto who = [&](int s) {
    return s >= 0 && s < num_seats()
               ? std::string(FactionName(seats_[s].faction))
               : std::string("?");
  };
  auto what = [&](int piece, int n) {
    if (piece < 0) return absl::StrCat(n, n == 1 ? " warrior" : " warriors");
    return absl::StrCat(n, " ", GetPieceInfo(piece).name);
  };
  switch (e.kind) {
    case kEvTurn:
      return absl::StrCat("Turn ", e.d, ": ", who(e.seat));
    case kEvDraw:
      return absl::StrCat(who(e.seat), " drew ", int{e.a},
                          e.a == 1 ? " card" : " cards");
    case kEvDiscard:
      return absl::StrCat(card_name, " was discarded");
    case kEvPlace:
      return absl::StrCat(e.faction < 0 ? "The map" : FactionName(e.faction),
                          " placed ", what(e.b, e.a), " in ",
                          ClearingName(*this, e.c));
    case kEvMove:
      return absl::StrCat(FactionName(e.faction), " moved ", what(-1, e.a),
                          " from ", ClearingName(*this, e.b), " to ",
                          ClearingName(*this, e.c));
    case kEvRemove:
      return absl::StrCat(e.faction < 0 ? "The map" : FactionName(e.faction),
                          " lost ", what(e.b, e.a), " in ",
                          ClearingName(*this, e.c));
    case kEvVp:
      return absl::StrCat(who(e.seat), e.d >= 0 ? " scored " : " lost ",
                          e.d >= 0 ? e.d : -e.d, " VP");
    case kEvBattle:
      return absl::StrCat(FactionName(e.faction), " battles ", FactionName(e.b),
                          " in ", ClearingName(*this, e.c));
    case kEvDice:
      return absl::StrCat("Dice: ", int{e.a}, " and ", int{e.b});
    case kEvAmbush:
      return absl::StrCat(who(e.seat), " played ", card_name);
    case kEvCraft:
      return absl::StrCat(who(e.seat), " crafted ", card_name);
    case kEvDecree:
      return absl::StrCat("Eyrie Dynasties added ", card_name,
                          " to the Decree");
    case kEvTurmoil:
      return "Eyrie Dynasties fell into turmoil";
    case kEvLeader:
      return absl::StrCat("Eyrie Dynasties chose the ", EyrieLeaderName(e.a),
                          " leader");
    case kEvDominance:
      return absl::StrCat(who(e.seat), " activated ", card_name);
    case kEvTakeCard:
      return e.a >= 0
                 ? absl::StrCat(who(e.seat), " took ", card_name, " from ",
                                who(e.a))
                 : absl::StrCat(who(e.seat), " took the available ", card_name);
    case kEvReveal:
      return absl::StrCat(who(e.seat), " looked at the hand of ", who(e.a));
    case kEvGameOver:
      return "The game is over";
    case kEvPlotFlip:
      return absl::StrCat("Corvid Conspiracy flipped the plot in ",
                          ClearingName(*this, e.c), ": ",
                          GetPieceInfo(e.b).name);
    case kEvPlotSwap:
      return absl::StrCat("Corvid Conspiracy swapped the plots in ",
                          ClearingName(*this, e.b), " and ",
                          ClearingName(*this, e.c));
    case kEvExposure:
      return absl::StrCat(who(e.seat), " showed ", card_name,
                          " and guessed the plot in ", ClearingName(*this, e.c),
                          " is a ", GetPieceInfo(e.b).name, ": ",
                          e.a ? "right" : "wrong");
    case kEvPawn:
      return e.c >= 0
                 ? absl::StrCat("The Vagabond moved to ",
                                ClearingName(*this, e.c))
                 : absl::StrCat("The Vagabond moved into forest ", e.d + 1);
    case kEvBurrow:
      return e.b == 2 ? absl::StrCat("Underground Duchy placed ", what(-1, e.a),
                                     " in the Burrow")
             : e.b == 1
                 ? absl::StrCat("Underground Duchy moved ", what(-1, e.a),
                                " from the Burrow to ",
                                ClearingName(*this, e.c))
                 : absl::StrCat("Underground Duchy moved ", what(-1, e.a),
                                " from ", ClearingName(*this, e.c),
                                " into the Burrow");
    case kEvDuchyReveal:
      return absl::StrCat("Underground Duchy revealed ", card_name);
    case kEvMinister:
      return absl::StrCat("Underground Duchy ",
                          e.b == 1 ? "swayed the " : "lost the ",
                          DuchyMinisterName(e.a));
    case kEvFerry:
      return absl::StrCat("The Ferry crossed the lake to ",
                          ClearingName(*this, e.c));
    case kEvHits:
      return absl::StrCat("Battle in ", ClearingName(*this, e.c), ": ",
                          FactionName(e.faction), " deals ", int{e.a},
                          " hits, the defender ", int{e.b});
    case kEvItem:
      return absl::StrCat(FactionName(e.faction),
                          e.d > 0 ? " gained " : " lost ", std::abs(e.d),
                          e.b & 2 ? " damaged" : "",
                          e.b & 1 ? " exhausted " : " ", ItemName(e.a));
    case kEvSeatItem:
      return absl::StrCat(who(e.seat), e.d > 0 ? " gained " : " lost ",
                          std::abs(e.d), " crafted ", ItemName(e.a));
    case kEvItemSupply:
      return absl::StrCat("The item supply ", e.d > 0 ? "gained " : "lost ",
                          std::abs(e.d), " ", ItemName(e.a));
    case kEvRelationship:
      return absl::StrCat(FactionName(e.faction), "'s relationship with ",
                          FactionName(e.a), " is now ", RelationshipName(e.b));
    case kEvQuest:
      return absl::StrCat("Quest ", QuestName(e.a),
                          e.b == 0   ? " is face up"
                          : e.b == 1 ? " was completed"
                                     : " left the face-up quests");
    case kEvCoalition:
      return absl::StrCat(FactionName(e.faction), " formed a coalition with ",
                          who(e.a));
    case kEvSupporters:
      return absl::StrCat("The Alliance has ", int{e.a}, " supporters");
    case kEvOfficers:
      return absl::StrCat("The Alliance has ", int{e.a}, " officers");
    case kEvHandSize:
      return absl::StrCat(who(e.seat), " holds ", int{e.a}, " cards");
    case kEvReshuffle:
      return absl::StrCat("The discard pile became the deck (", e.d, " cards)");
    case kEvRuinItem:
      return absl::StrCat("The ruin in ", ClearingName(*this, e.c),
                          " no longer hides an item");
    case kEvCharacter:
      return absl::StrCat(FactionName(e.faction), " is the ",
                          VagabondCharacterName(e.a));
    case kEvHireling:
      return HirelingEventText(*this, e);
    case kEvOpenPath: {
      auto [a, b] = map().closed_paths[e.a];
      return absl::StrCat(
          FactionName(e.faction), " removed the closed path between ",
          ClearingName(*this, a), " and ", ClearingName(*this, b));
    }
    case kEvLandmark:
      return absl::StrCat("Landmark ", LandmarkKey(e.a), " set up in ",
                          ClearingName(*this, e.c));
    case kEvDraft:
      return absl::StrCat("Seat ", e.seat + 1, " drafted ", FactionName(e.a));
  }
  return "?";
}

}  // namespace woodland::rules
