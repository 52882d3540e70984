// The heuristic bot's plan for the Woodland Alliance (Law 8): keep
// supporters coming (Mobilize while below the cap of five, Law 8.2.3.I),
// spread sympathy toward Riverfolk trade posts and enemy buildings and away
// from Martial Law, revolt where most enemy buildings and tokens fall
// (8.4.1.III scores each one, and a trade post removed halves the
// Riverfolk's funds, 11.2.5.I), and move warriors into unsympathetic
// clearings for Organize (8.6.1.IV).
#ifndef WOODLAND_BOTS_HEURISTIC_ALLIANCE_PLAN_H_
#define WOODLAND_BOTS_HEURISTIC_ALLIANCE_PLAN_H_

#include "woodland/v1/bot.pb.h"

namespace woodland::bots {

// Scores option `o` of an Alliance decision (higher is better); false if
// the plan does not know the prompt (the general heuristic then scores it).
bool AlliancePlanScore(const v1::DecisionRequest& r, const v1::Option& o,
                       double* score);

}  // namespace woodland::bots

#endif  // WOODLAND_BOTS_HEURISTIC_ALLIANCE_PLAN_H_
