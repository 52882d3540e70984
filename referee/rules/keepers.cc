// The Keepers in Iron (Law 15).
#include "referee/rules/faction.h"
#include "referee/rules/observation.h"

namespace woodland::rules {

void ObserveKeepers(const State& s, int seat, Observation& o) {
  o.keepers = s.keepers();
}

void RegisterKeepers() {}

}  // namespace woodland::rules
