// The Riverfolk Company (Law 11).
#include "referee/rules/faction.h"
#include "referee/rules/observation.h"

namespace woodland::rules {

void ObserveRiverfolk(const State& s, int seat, Observation& o) {
  o.riverfolk = s.riverfolk();
}

void RegisterRiverfolk() {}

}  // namespace woodland::rules
