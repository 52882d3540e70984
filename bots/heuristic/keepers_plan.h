// The heuristic's plan for the Keepers in Iron (Law 15): keep a warrior
// camp beside the relics, encamp waystations showing the types still
// missing, delve relics into ruled clearings, carry them to a waystation of
// their type and recover them (lowest values first, so the Retinue card is
// rarely lost), and feed the Retinue's Move or Recover and Battle then Delve
// columns. Reads only the seat's own observation and the option labels.
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
