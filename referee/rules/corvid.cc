// The Corvid Conspiracy (Law 13).
#include "referee/rules/faction.h"
#include "referee/rules/observation.h"

namespace woodland::rules {

void ObserveCorvid(const State& s, int seat, Observation& o) {
  o.corvid = s.corvid();
}

void RegisterCorvid() {}

}  // namespace woodland::rules
