// The Keepers in Iron (Law 15): the entry point other rules modules call in
// keepers.cc (the faction's hooks are FactionModule's, faction.h).
#ifndef WOODLAND_REFEREE_RULES_KEEPERS_H_
#define WOODLAND_REFEREE_RULES_KEEPERS_H_

#include "referee/rules/state.h"

namespace woodland::rules {

// Law 15.2.5 with FAQ 41: a hireling's hit removes one relic of kind `piece`
// (kRelicFigure + type) from clearing c. Nobody scores (Law 22.3.6: the
// hireling is no faction), and the seat `placer` puts the relic face up in a
// forest: the hireling's controller, or for an uncontrolled hireling the
// player taking the turn.
void RemoveRelicForHireling(State& s, int piece, int c, int placer);

}  // namespace woodland::rules

#endif  // WOODLAND_REFEREE_RULES_KEEPERS_H_
