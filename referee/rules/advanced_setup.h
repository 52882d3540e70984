// The advanced setup (Law 19): five cards and the choice of three (19.7,
// 19.10), and the draft of faction setup cards (19.8): militant and
// insurgent cards, the lock on the last insurgent, the two-player pool and
// the Vagabond's dealt character. Landmarks (19.5) are in landmarks.h;
// hirelings (19.6) are only recorded in GameSetup here.
//
// A drafted table is a GameSetup with mode kAdvancedSetup and every entry
// of `factions` kNoFaction: its seats get their factions as they choose.
#ifndef WOODLAND_REFEREE_RULES_ADVANCED_SETUP_H_
#define WOODLAND_REFEREE_RULES_ADVANCED_SETUP_H_

#include <vector>

#include "absl/status/status.h"
#include "referee/rules/chance.h"
#include "referee/rules/state.h"

namespace woodland::rules {

// Law 19.8.2: a militant faction's setup card shows a red name and sword.
bool IsMilitant(int faction);
// Does the setup draft its factions (advanced, every seat kNoFaction)?
bool IsDraft(const GameSetup& setup);
// The factions a hireling in play keeps out of the game (Law 19.6.5).
bool BlockedByHirelings(const GameSetup& setup, int faction);
// Checks an advanced setup (the draft pool is big enough, ...).
absl::Status ValidateAdvancedSetup(const GameSetup& setup);
// Law 19.8.2: deals the faction setup cards into `board` and fixes the
// character dealt beside a Vagabond card into `setup.characters`.
absl::Status DealDraft(GameSetup& setup, int seats, Chance& chance,
                       LandmarksBoard& board);
// Pushes the draft (19.8.3) and the choice of starting hands (19.10).
void PushDraft(State& s);
void PushKeepHands(State& s);

// --- The faction setup cards (Law 19.8.3) -----------------------------------
// A drafted table sets each faction up by its faction setup card, not by its
// standard setup: the factions with homelands ask kPromptHomeland through
// these helpers (their own setup tasks keep the rest of their setup).

// Are the faction setup cards in use (the table drafts, Law 19.8)?
bool SetupCards(const State& s);
// Law 19.8.3.I: is `c` the homeland of a faction other than `faction`
// (kNoFaction: of anyone)?
bool EnemyHomeland(const State& s, int faction, int c);
// Records `c` as a homeland of `faction`.
void AddHomeland(State& s, int faction, int c);
// The homelands of `faction`, in the order chosen.
std::vector<int> Homelands(const State& s, int faction);
// Law 19.8.3.II: a card's requirement on the distance to enemy homelands.
enum class HomelandRule {
  kAny,
  kNotAdjacent,  // not adjacent, else adjacent
  kTwoBetween,   // two or more clearings between, else not adjacent, else any
};
// The clearings `faction` may choose as a homeland among `candidates` (no
// enemy homeland, 19.8.3.I), best first by `rule` (19.8.3.II): only those
// of the best tier any candidate reaches.
std::vector<Option> HomelandOptions(const State& s, int faction,
                                    const std::vector<int>& candidates,
                                    HomelandRule rule);
// The homeland options of a one-homeland card: clearings where `faction`
// can place (with an open building slot if `slot`), on the map edge if
// `edge` (if none is left, anywhere: the Law is silent), by `rule`.
std::vector<Option> CardHomelandOptions(const State& s, int faction, bool edge,
                                        bool slot, HomelandRule rule);
// The Keepers' two adjacent homelands on the map edge, two or more
// clearings from enemy homelands (their card; Law 19.8.3.III). `first` is
// the first homeland once chosen (else -1).
std::vector<Option> PairedHomelandOptions(const State& s, int faction,
                                          int first);
// Puts `n` warriors of `faction` among the clearings adjacent to `center`
// as evenly as possible, asking `seat` where whenever it is a choice.
void PushSpread(State& s, int seat, int faction, int center, int n);

}  // namespace woodland::rules

#endif  // WOODLAND_REFEREE_RULES_ADVANCED_SETUP_H_
