// Issue 19.3: a view fingerprint. ViewKey writes, without building any
// observation, an exact encoding of every part of a State that a seat's
// observation (ObservationToProto) is made of: the map's pieces, the seats
// (hands in full, so one key serves every seat), supplies, piles, reveals,
// every faction board, landmarks, hirelings, the battle, the crafting and
// effects used, turn, phase and current seat. Left out is only what no view
// shows: the task stack, the prompt and options, the chance stream, the
// counters, the event log and the deck's order (its size is in).
//
// Equal keys mean equal views for every seat (the view is a function of the
// parts encoded and the seat), so the match runner sends a seat the bytes
// kept from its previous request when the key is the one kept with them.
// The encoding is exact, not a hash: values are written as fixed-width
// words, lists with their sizes and each expansion board (whose HashInto
// writes fields only once it is touched) as a section with its length.
// view_key_test checks it over random games of many tables.
#ifndef WOODLAND_REFEREE_VIEW_KEY_H_
#define WOODLAND_REFEREE_VIEW_KEY_H_

#include <string>

#include "referee/rules/state.h"

namespace woodland::referee {

// Replaces `out` with the key of `s` (reusing its capacity).
void ViewKey(const rules::State& s, std::string* out);

}  // namespace woodland::referee

#endif  // WOODLAND_REFEREE_VIEW_KEY_H_
