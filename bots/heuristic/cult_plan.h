// The heuristic bot's plan for the Lizard Cult (Law 10): grow gardens where
// the Cult's warriors stand, score the fullest Gardens track every turn,
// recruit where one more warrior lets a garden be built, sacrifice birds for
// acolytes and spend them in Outcast clearings on crusades against trade
// posts, converting their guards (else other warriors) and sanctifying enemy
// buildings; take and activate a dominance card only where gardens hold the
// suit (Law 10.2.4).
#ifndef WOODLAND_BOTS_HEURISTIC_CULT_PLAN_H_
#define WOODLAND_BOTS_HEURISTIC_CULT_PLAN_H_

#include "woodland/v1/bot.pb.h"

namespace woodland::bots {

// Scores option `o` of a Cult decision; false if the prompt is not one the
// plan knows (the general heuristic then scores it).
bool CultScore(const v1::DecisionRequest& r, const v1::Option& o,
               double* score);

// Law 3.3: the Cult's dominance decisions (take, activate): only where its
// gardens (Law 10.2.4) already hold the clearings. False for other options.
bool CultDominanceScore(const v1::DecisionRequest& r, const v1::Option& o,
                        double* score);

}  // namespace woodland::bots

#endif  // WOODLAND_BOTS_HEURISTIC_CULT_PLAN_H_
