// The heuristic bot's plan for the Eyrie Dynasties (Law 7): a Decree that
// can always be resolved (Law 7.7: a card that cannot be resolved throws
// the Eyrie into turmoil). Before adding a card the plan counts what the
// whole Decree will demand this turn (a roost of the suit per Recruit card
// and warriors in supply, warriors of the suit per Move card, a distinct
// free ruled clearing of the suit per Build card, an enemy building beside
// our warriors per Battle card) against what the map offers; it builds
// roosts where the moves lead, resolves suited cards before birds, and
// picks the leaders whose viziers are easiest to satisfy.
#ifndef WOODLAND_BOTS_HEURISTIC_EYRIE_PLAN_H_
#define WOODLAND_BOTS_HEURISTIC_EYRIE_PLAN_H_

#include "woodland/v1/bot.pb.h"

namespace woodland::bots {

// Scores option `o` of an Eyrie decision (higher is better); false if the
// plan does not know the prompt (the general heuristic then scores it).
bool EyriePlanScore(const v1::DecisionRequest& r, const v1::Option& o,
                    double* score);

}  // namespace woodland::bots

#endif  // WOODLAND_BOTS_HEURISTIC_EYRIE_PLAN_H_
