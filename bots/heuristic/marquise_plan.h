// The heuristic bot's plan for the Marquise de Cat (Law 6): an economy
// first (sawmills until wood flows, Overwork when wood is short, bird cards
// for extra Builds), then workshops and recruiters for their VP; battles
// only where they take buildings or a Riverfolk trade post (Law 11.2.5.I),
// and Field Hospitals only when several warriors come back.
#ifndef WOODLAND_BOTS_HEURISTIC_MARQUISE_PLAN_H_
#define WOODLAND_BOTS_HEURISTIC_MARQUISE_PLAN_H_

#include "woodland/v1/bot.pb.h"

namespace woodland::bots {

// Scores option `o` of a Marquise decision (higher is better); false if the
// plan does not know the prompt (the general heuristic then scores it).
bool MarquisePlanScore(const v1::DecisionRequest& r, const v1::Option& o,
                       double* score);

}  // namespace woodland::bots

#endif  // WOODLAND_BOTS_HEURISTIC_MARQUISE_PLAN_H_
