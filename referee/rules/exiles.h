// The Exiles and Partisans deck (Law 20.8.1): the effects of its 25
// persistent cards (the other 29 cards are the standard deck's). The core
// calls these hooks at each card's timing window; exiles.cc holds the rules.
// Every hook is a no-op in games without the deck (State::exiles_deck()).
#ifndef WOODLAND_REFEREE_RULES_EXILES_H_
#define WOODLAND_REFEREE_RULES_EXILES_H_

#include <string>
#include <vector>

#include "referee/rules/state.h"

namespace woodland::rules {

struct Observation;

// True for the CardEffects of the Exiles and Partisans deck.
inline bool IsExilesEffect(int effect) {
  return effect >= kBoatBuilders && effect <= kMurineBroker;
}

// The effects each frequent hook below looks at, as State::EffectsInPlay
// gives them: the hooks are inline tests of these masks (issue 12 speed;
// most calls find none of the cards in play), then the *Cards functions.
inline constexpr uint32_t kExilesBirdsongEffects =
    1u << kFalseOrders | 1u << kSwapMeet;
inline constexpr uint32_t kExilesDaylightEffects =
    1u << kPropagandaBureau | 1u << kLeagueOfAdventurousMice;
inline constexpr uint32_t kExilesMoveEffects =
    1u << kCorvidPlanners | 1u << kBoatBuilders | 1u << kTunnels;

// Task handler and prompts (called by RegisterCoreTasks).
void RegisterExiles();

// --- Turn windows (core_tasks.cc TurnStep) ---------------------------------
// Start of Birdsong: Coffin Makers scores and empties; Saboteurs; League
// items refresh.
void ExilesBirdsongStart(State& s, int seat);
// "In Birdsong" (the Birdsong cards window): False Orders, Swap Meet.
void AppendExilesBirdsongCards(const State& s, int seat,
                               std::vector<Option>& opts);
inline void AppendExilesBirdsong(const State& s, int seat,
                                 std::vector<Option>& opts) {
  if (s.EffectsInPlay(seat) & kExilesBirdsongEffects) {
    AppendExilesBirdsongCards(s, seat, opts);
  }
}
// Resolves an option AppendExilesBirdsong offered; false if it is not one.
bool ResolveExilesBirdsong(State& s, int seat, const Option& o);
// End of Birdsong: Eyrie Emigre.
void ExilesBirdsongEnd(State& s, int seat);
// Start of Evening: Charm Offensive.
void ExilesEveningStart(State& s, int seat);
// "Once in Daylight": Propaganda Bureau, League of Adventurous Mice
// (kOptExtra).
void AppendExilesDaylightCards(const State& s, int seat,
                               std::vector<Option>& opts);
inline void AppendExilesDaylight(const State& s, int seat,
                                 std::vector<Option>& opts) {
  if (s.EffectsInPlay(seat) & kExilesDaylightEffects) {
    AppendExilesDaylightCards(s, seat, opts);
  }
}
void ResolveExilesDaylight(State& s, int seat, const Option& o);
std::string ExilesExtraLabel(const State& s, const Option& o);

// --- Rules the cards change --------------------------------------------------
// Moving (LegalMoves): Corvid Planners (ignore rule), Boat Builders (rivers
// as paths), Tunnels (clearings with the mover's crafting pieces adjacent).
struct ExilesMoveRules {
  bool ignore_rule = false;
  bool rivers = false;
  ClearingMask tunnels = 0;
};
ExilesMoveRules ExilesMovingCards(const State& s, int seat, int faction);
inline ExilesMoveRules ExilesMoving(const State& s, int faction) {
  const int seat = s.SeatOf(faction);
  if (seat < 0 || !(s.EffectsInPlay(seat) & kExilesMoveEffects)) return {};
  return ExilesMovingCards(s, seat, faction);
}
// Battle (Law 4.3.4 window): the Partisans cards.
void AppendExilesPartisans(const State& s, int seat, std::vector<Option>& opts);
inline void AppendExilesBattleEffects(const State& s, int seat, bool attacker,
                                      std::vector<Option>& opts) {
  if (s.HasEffect(seat, kPartisans)) AppendExilesPartisans(s, seat, opts);
}
// Uses a card AppendExilesBattleEffects offered; false if it is not one.
bool UseExilesBattleEffect(State& s, int seat, bool attacker, CardId id);
// Crafting an item (Law 4.1.2): Master Engravers, Murine Broker.
void ExilesItemCrafted(State& s, int seat);
// Soup Kitchens: rule added by `faction`'s tokens in c (Law 2.5).
int ExilesExtraPresence(const State& s, int faction, int c);
// Coffin Makers: whether warriors of `faction` removed now go onto the card
// (a seat has it, and no rule of the faction's own comes first).
bool CoffinMakersCatch(const State& s, int faction);
// Coffin Makers: takes n removed warriors of `faction`; false if no seat
// has the card (they go to the supply).
bool ExilesTakeWarriors(State& s, int faction, int n);
// Informants: defers the current player's Evening draw of n cards to a
// decision; false if the draw happens now.
bool ExilesDeferDraw(State& s, int seat, int n);
// A persistent card left `seat`'s play area (discarded): Coffin Makers
// returns the warriors on it to their supplies.
void ExilesLeftPlay(State& s, int seat, CardId id);

// Observation: the board is public (Law 1.2).
void ObserveExiles(const State& s, int seat, Observation& o);

}  // namespace woodland::rules

#endif  // WOODLAND_REFEREE_RULES_EXILES_H_
