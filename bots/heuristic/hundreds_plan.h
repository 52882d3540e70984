// The heuristic bot's plan for the Lord of the Hundreds (Law 14).
#ifndef WOODLAND_BOTS_HEURISTIC_HUNDREDS_PLAN_H_
#define WOODLAND_BOTS_HEURISTIC_HUNDREDS_PLAN_H_

#include "woodland/v1/bot.pb.h"

namespace woodland::bots {

// Scores an option of a "hundreds.*" prompt (higher is better); returns false
// for any other prompt. The plan: keep the warlord alive and fighting where
// it outnumbers the enemy, spread mobs onto enemy buildings (raze scores and
// takes ruin items), hoard items until Command and Prowess reach 3, then
// sell crafted items for VP, and build strongholds where they oppress.
bool HundredsScore(const v1::DecisionRequest& r, const v1::Option& o,
                   double* score);

}  // namespace woodland::bots

#endif  // WOODLAND_BOTS_HEURISTIC_HUNDREDS_PLAN_H_
