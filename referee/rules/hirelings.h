// The Marauder hirelings (Law 22, 19.6): the core's entry points into
// hirelings.cc. The hirelings are no faction: they have no seat and no turn.
// Their controller takes their actions at the timings of Law 22.2, which the
// core opens through the calls below (setup, start of Birdsong, Daylight
// actions, end of turn); scoring a hireling marker is in State::AddVp.
#ifndef WOODLAND_REFEREE_RULES_HIRELINGS_H_
#define WOODLAND_REFEREE_RULES_HIRELINGS_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "referee/rules/state.h"

namespace woodland::rules {

// Task kinds and prompt kinds of the hirelings: after every faction's range.
inline constexpr int kHirelingTaskBase = 240;    // [240, 256)
inline constexpr int kHirelingPromptBase = 480;  // [480, 512)

// Event::b of kEvHireling.
enum HirelingEventOp : int8_t {
  kHireOpPlace = 0,    // d warriors placed in c
  kHireOpRemove,       // d warriors removed from c
  kHireOpVaultPlace,   // a vault placed in c
  kHireOpVaultRemove,  // a vault removed from c
  kHireOpHired,        // seat took control, rolling d control markers
  kHireOpMarker,       // seat took the hireling marker of space d
  kHireOpExileForest,  // the Exile moved to forest d
  kHireOpToCard,       // d warriors went onto the card from c
  kHireOpControl,      // seat removed a control marker: d left
  kHireOpBattle,       // the hireling battles faction d in c (seat: controller)
  kHireOpAttacked,     // seat's faction d battles the hireling in c (22.3.2)
  kHireOpBrigand,      // seat took item d from a ruin in c (The Brigand)
  kHireOpScouts,       // seat spent a card: the rolls are swapped (Scouts)
};

// Law 22.3.2: battling a hireling. A kOptBattle option whose b is
// kBattleHirelingBase + i battles the hireling on card i (its pieces in
// clearing a); LegalBattles offers them and PushBattle dispatches them.
inline constexpr int kBattleHirelingBase = 32;
inline bool IsHirelingTarget(int defender) {
  return defender >= kBattleHirelingBase;
}

// Names (Law 20.4, 20.11): "Forest Patrol" / "Feline Physicians", and keys
// for setups and the command line ("patrol", "physicians", ...).
absl::string_view HirelingName(int hireling, bool demoted);
absl::string_view HirelingKey(int hireling, bool demoted);
// A hireling side by key or name (case-insensitive); "KEY:demoted" names the
// demoted side too; "random" (hireling -1) is dealt at setup (DealHirelings).
// Error for an unknown name.
absl::Status ParseHireling(absl::string_view text, int8_t* hireling,
                           bool* demoted);
// `--hirelings patrol,dynasty:demoted,nobles`: appends to setup.hirelings.
absl::Status ParseHirelingsFlag(absl::string_view text, GameSetup& setup);
// The faction a hireling keeps out of the game (Law 19.6.5), or kNoFaction;
// the Exile also blocks the second Vagabond.
std::vector<int8_t> HirelingBlocks(int hireling);

// Law 19.6, 19.6.5: checks the setup's hirelings (known, distinct, no seated
// faction blocked by one). Called from State::NewGame.
absl::Status ValidateHirelings(const GameSetup& setup);
// Law 19.6.2: how many of the three dealt hirelings are flipped to their
// demoted side at a table of `players` (for the advanced setup's draw).
int HirelingsDemotedAtSetup(int players);
// Law 19.6.1-19.6.2: replaces each random entry (-1) of setup.hirelings by a
// card dealt from the chance stream (kChanceSetup) among those not in play
// and keeping no seated faction out (19.6.5), then flips random ones of the
// dealt cards so that HirelingsDemotedAtSetup(seats) are demoted in all
// (cards named with a side keep it). Called by State::NewGame.
absl::Status DealHirelings(GameSetup& setup, int seats, Chance& chance);
// Law 19.6.1-19.6.4: puts the cards in play and pushes their setup (run
// after the factions' setup, see State::NewGame).
void PushHirelingSetup(State& s);
// Law 22.1.1: the score of `seat` went from `before` to `after`.
void HirelingsOnScore(State& s, int seat, int before, int after);
// Law 22.2.3: start-of-Birdsong actions of the hirelings `seat` controls.
void HirelingsBirdsongStart(State& s, int seat);
// Law 22.2.4: the Daylight actions `seat` may take now (kOptExtra), and
// their resolution.
void AppendHirelingExtras(const State& s, int seat, std::vector<Option>& opts);
void ResolveHirelingExtra(State& s, int seat, const Option& o);
// Law 22.2.2, the Exile's ability (any time on one's turn): the items
// `seat` may give it now (kOptExtra, resolved by ResolveHirelingExtra), and
// a window for them at the start of Evening (pushed only if there are any).
void AppendAidTheExile(const State& s, int seat, std::vector<Option>& opts);
void PushAidTheExileWindow(State& s, int seat);
// Law 22.1.1, 22.1.3: hiring, control markers and passing control at the
// end of `seat`'s turn.
void HirelingsEndOfTurn(State& s, int seat);
// Labels of kOptAction options asked by hireling prompts, of kExtraHireling
// and text of kEvHireling.
std::string HirelingActionLabel(const State& s, const Option& o);
std::string HirelingExtraLabel(const State& s, const Option& o);
std::string HirelingEventText(const State& s, const Event& e);
// Law 22.3.1 / Bluebird Nobles: does `faction` rule clearings it ties for?
bool HirelingRulesTies(const State& s, int faction);
// Law 22.3.2: appends the battles `faction` may start against enemy
// hirelings in clearing c (it has warriors, a pawn or mercenaries there).
void AppendHirelingTargets(const State& s, int faction, int c,
                           std::vector<Option>& opts);
bool HirelingTargetsIn(const State& s, int faction, int c);
// Law 4.3 against a hireling: `attacker` battles the hireling of
// kOptBattle's b in c (Spring Uprising: a matching card first).
void PushHirelingDefense(State& s, int c, int attacker, int defender);
// The hireling named by a kOptBattle's b ("Forest Patrol").
std::string HirelingTargetName(const State& s, int defender);
// The hireling card of a kOptBattle's b, or -1 (for the protocol).
int HirelingTargetCard(int defender);
// Core battle (Law 4.3) hooks for the controllers' abilities: a battle
// began (per-battle flags); before the roll (Rabbit Scouts may swap the
// rolls); the rolls are swapped; hits the faction ignores (Badger
// Bodyguards: the first hit in each battle).
void HirelingsBattleStart(State& s);
void HirelingsBeforeRoll(State& s);
bool HirelingsSwapRolls(const State& s);
int HirelingIgnoredHits(State& s, int faction, int hits);
// Law 22.3.4 / the Bands: clearings `faction` may not move out of this turn
// (it moved into a Band clearing), bit per clearing.
uint32_t HirelingMoveLock(const State& s, int faction);
// Feline Physicians: n warriors of `faction` were removed from c.
void HirelingsOnWarriorsRemoved(State& s, int faction, int c, int n);
// "Remove all enemy pieces" (the Alliance's Revolt, 8.4.1.III): removes the
// warriors and vaults in c of every hireling that is an enemy of `remover`
// (22.3.2); returns the vaults removed, which the remover scores (22.3.6).
int RemoveEnemyHirelingPieces(State& s, int c, int remover);
// Every "remove all enemy pieces" effect (Revolt 8.4.1.III, Favor cards,
// bomb 13.7.1, Scorched Earth 26.6.2) takes the enemy hirelings' pieces in c
// too (22.3.2) and `remover` scores 1 VP per vault removed (22.3.6: hireling
// buildings score). buildings_only: Raze (14.4.1) takes only vaults.
void RemoveEnemyHirelingsFor(State& s, int c, int remover,
                             bool buildings_only = false);
// Targeted removals ("remove an enemy warrior / building": Strike 9.5.6,
// Convert 10.4.3.II, Sanctify 10.4.3.III) may take an enemy hireling's
// pieces (22.3.2). A target option names hireling card i as
// kBattleHirelingBase + i (kOptFaction's a), like battles do.
// The enemy hirelings of `remover` with warriors (buildings: vaults) in c.
std::vector<int> EnemyHirelingTargets(const State& s, int remover, int c,
                                      bool buildings);
// Removes one warrior of the hireling target in c, or (none there, or
// `building`) one vault, which `remover` scores (22.3.6).
void RemoveHirelingTargetPiece(State& s, int target, int c, int remover,
                               bool building);
// The warriors of the hireling target in c.
int HirelingWarriorsIn(const State& s, int target, int c);
// A faction's warriors moved (the Bands' lock records it).
void HirelingsOnWarriorsMoved(State& s, int faction, int to);
// Names of hireling pieces in clearing views ("Forest Patrol warrior").
std::string HirelingPieceName(int hireling, bool demoted, bool vault);

}  // namespace woodland::rules

#endif  // WOODLAND_REFEREE_RULES_HIRELINGS_H_
