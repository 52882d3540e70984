// The Lizard Cult (Law 10).
#include "referee/rules/faction.h"
#include "referee/rules/observation.h"

namespace woodland::rules {

void ObserveCult(const State& s, int seat, Observation& o) {
  o.cult = s.cult();
}

void RegisterCult() {}

}  // namespace woodland::rules
