// The heuristic's plan for the Keepers in Iron (Law 15): move beside the
// forests that hold relics (KeepersRelicPlace.clearings_around), encamp
// waystations there showing the types lying near, delve into a clearing
// whose waystation shows the relic's type from a forest they rule around
// (15.5.2.II.b), carry relics toward the nearest waystation of their type
// and recover them (lowest values first, so the Retinue card is rarely
// lost), decamp to flip a waystation whose other type waits in its clearing,
// battle trade posts they outnumber, and feed the Retinue's Move or Recover
// and Battle then Delve columns. Reads only the seat's own observation and
// the option labels.
#ifndef WOODLAND_BOTS_HEURISTIC_KEEPERS_PLAN_H_
#define WOODLAND_BOTS_HEURISTIC_KEEPERS_PLAN_H_

#include "woodland/v1/bot.pb.h"

namespace woodland::bots {

// Scores `o` when the plan has an opinion on this prompt: returns true and
// sets *score; false leaves the option to the general policy.
bool KeepersPlanScore(const v1::DecisionRequest& r, const v1::Option& o,
                      double* score);

}  // namespace woodland::bots

#endif  // WOODLAND_BOTS_HEURISTIC_KEEPERS_PLAN_H_
