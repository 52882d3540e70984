// The variant maps' own rules (Law 25): the Lake's Ferry, the Mountain's
// closed paths and its Pass. The core calls these at the points the Law
// names; on a map without these pieces each does nothing.
#ifndef WOODLAND_REFEREE_RULES_MAP_RULES_H_
#define WOODLAND_REFEREE_RULES_MAP_RULES_H_

#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "referee/rules/state.h"

namespace woodland::rules {

// Law 25.3.5: is moving from `from` to `to` a Ferry crossing (from the
// Ferry's clearing to another coastal clearing not linked by a path, the
// Ferry unused this turn)?
bool IsFerryCrossing(const State& s, int from, int to);
// Appends the Ferry crossings `faction` may take (rule at either end,
// 4.2.1) to a list of kOptMove options.
void AppendFerryMoves(const State& s, int faction, int from_suit,
                      std::vector<Option>& opts);
// After pieces of `seat` crossed by Ferry: the Ferry goes along and the
// player draws a card (25.3.5).
void FerryCrossed(State& s, int seat, int to);

// Law 25.4.3: the closed paths `seat` may remove now (Daylight action),
// once per turn (an inline test first: most maps have none).
void AppendOpenPathExtrasNow(const State& s, int seat,
                             std::vector<Option>& opts);
inline void AppendOpenPathExtras(const State& s, int seat,
                                 std::vector<Option>& opts) {
  if (s.closed_paths_left() != 0 && !s.path_opened_this_turn()) {
    AppendOpenPathExtrasNow(s, seat, opts);
  }
}
void PushOpenPath(State& s, int seat, int path);

// Law 25.4.4: at the end of a player's Evening, ruling the Pass scores 1.
void EndOfEvening(State& s, int seat);

// Reads a command line's clearing suits into `setup` (Law 19.1): "random"
// (suit markers even on a printed map), "printed" (the default), or one of
// fox, rabbit, mouse per clearing, comma-separated.
absl::Status ParseSuitsFlag(absl::string_view text, GameSetup& setup);

void RegisterMapRules();

}  // namespace woodland::rules

#endif  // WOODLAND_REFEREE_RULES_MAP_RULES_H_
