// Issue 19.3: a seat's observation for a caller that reads the expansion
// factions' boards only while they are seated (the referee's view cache),
// apart from observation.h, which most of the engine's users include.
#ifndef WOODLAND_REFEREE_RULES_OBSERVE_SEATED_H_
#define WOODLAND_REFEREE_RULES_OBSERVE_SEATED_H_

#include "referee/rules/observation.h"

namespace woodland::rules {

// As ObserveInto, but the boards of the Lizard Cult, the Riverfolk, the
// Duchy, the Corvids, the Hundreds and the Keepers are observed only while
// that faction is seated: an unseated one's board (and, for the Riverfolk,
// its public hand, cleared) is left as `o` holds it. ObserveInto copied and
// redacted all six at every view (the Keepers' relics, the Corvids' plots,
// whether in play or not).
void ObserveSeatedInto(const State& s, int seat, Observation& o);

}  // namespace woodland::rules

#endif  // WOODLAND_REFEREE_RULES_OBSERVE_SEATED_H_
