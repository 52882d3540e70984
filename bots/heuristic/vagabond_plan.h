// The heuristic bot's plan for a Vagabond (Law 9), either of the two (9.7).
// Against loose opponents the Vagabond scores by what its ready items can
// do where it stands: explore ruins (9.5.3), quest (9.5.5), remove
// unguarded buildings and tokens (4.3.6.II via 9.5.2 / 9.5.6), fight the
// Hostile for Infamy (9.2.9.III.a) and aid allies (9.2.9.II.a). It moves
// toward the clearing where most of that is possible.
#ifndef WOODLAND_BOTS_HEURISTIC_VAGABOND_PLAN_H_
#define WOODLAND_BOTS_HEURISTIC_VAGABOND_PLAN_H_

#include "woodland/v1/bot.pb.h"

namespace woodland::bots {

// This seat's own Vagabond board (with two Vagabonds, Law 9.7, the one whose
// faction is ours; older referees send only `vagabond`).
const v1::VagabondView& MyVagabond(const v1::DecisionRequest& r);

// Our relationship with `f` (Law 9.2.9): -1 Hostile, 0 Indifferent, 1-2
// the Allied track spaces, 3 Allied.
int VagabondRelation(const v1::DecisionRequest& r, v1::Faction f);

// Ready (face up, undamaged) items of a kind.
int ReadyItems(const v1::DecisionRequest& r, const char* item);

// What the Vagabond could score in clearing `id` with its ready items, in
// rough VP (0: nothing to do there).
double VagabondClearingValue(const v1::DecisionRequest& r, int id);

// Scores an option of a Vagabond prompt this plan decides (move, strike,
// aid card, refresh); returns false for anything else.
bool VagabondPlanScore(const v1::DecisionRequest& r, const v1::Option& o,
                       double* score);

}  // namespace woodland::bots

#endif  // WOODLAND_BOTS_HEURISTIC_VAGABOND_PLAN_H_
