// The heuristic's plan for the Underground Duchy (Law 12): surface from the
// Burrow through tunnels, build citadels (more warriors) and markets (more
// cards) where the Duchy rules, sway the highest minister it can afford
// (lords score most) without revealing birds, and use every minister each
// turn. Scores only the Duchy's own prompts; others fall to the general rules.
#ifndef WOODLAND_BOTS_HEURISTIC_DUCHY_PLAN_H_
#define WOODLAND_BOTS_HEURISTIC_DUCHY_PLAN_H_

#include <optional>

#include "woodland/v1/bot.pb.h"

namespace woodland::bots {

// The score of option `o` for the Duchy, or nullopt if the plan has no
// opinion (the general heuristic decides).
std::optional<double> DuchyScore(const v1::DecisionRequest& r,
                                 const v1::Option& o);

// Dominance for a faction that rules (Law 3.3.1), usable by any ruling
// faction's plan (tried for the Corvid and Keepers: no gain measured): the
// score of a take_dominance / activate_dominance option (take one of a suit we
// rule two clearings of; activate once we rule three, or two while our VP are
// below `early_vp`; a bird card only while we hold opposite corners), nullopt
// for any other option.
std::optional<double> RulerDominanceScore(const v1::DecisionRequest& r,
                                          const v1::Option& o, int early_vp);

// With our dominance active: a bonus for entering a clearing of its suit we
// do not rule, a malus for leaving one we rule (either may be null).
double DominanceMoveBonus(const v1::DecisionRequest& r,
                          const v1::ClearingView* from,
                          const v1::ClearingView* to);

}  // namespace woodland::bots

#endif  // WOODLAND_BOTS_HEURISTIC_DUCHY_PLAN_H_
