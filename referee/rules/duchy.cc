// The Underground Duchy (Law 12).
#include "referee/rules/faction.h"
#include "referee/rules/observation.h"

namespace woodland::rules {

void ObserveDuchy(const State& s, int seat, Observation& o) {
  o.duchy = s.duchy();
}

void RegisterDuchy() {}

}  // namespace woodland::rules
