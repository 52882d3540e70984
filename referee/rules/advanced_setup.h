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

}  // namespace woodland::rules

#endif  // WOODLAND_REFEREE_RULES_ADVANCED_SETUP_H_
