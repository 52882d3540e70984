// The Lord of the Hundreds (Law 14).
#include "referee/rules/faction.h"
#include "referee/rules/observation.h"

namespace woodland::rules {

void ObserveHundreds(const State& s, int seat, Observation& o) {
  o.hundreds = s.hundreds();
}

void RegisterHundreds() {}

}  // namespace woodland::rules
