// Small readers of a DecisionRequest's observation shared by the heuristic's
// scoring files (policy.cc and the per-faction plans): a clearing by id, a
// faction's warriors in a clearing, a faction's victory points.
#ifndef WOODLAND_BOTS_HEURISTIC_REQUEST_VIEW_H_
#define WOODLAND_BOTS_HEURISTIC_REQUEST_VIEW_H_

#include "woodland/v1/bot.pb.h"

namespace woodland::bots {

// The clearing with 1-based id `id` in the request's view, or nullptr.
inline const v1::ClearingView* Clearing(const v1::DecisionRequest& r, int id) {
  for (const auto& c : r.observation().clearings()) {
    if (c.id() == id) return &c;
  }
  return nullptr;
}

// `f`'s warriors in `c` (0 for a null clearing).
inline int Warriors(const v1::ClearingView& c, v1::Faction f) {
  for (const auto& w : c.warriors()) {
    if (w.faction() == f) return w.count();
  }
  return 0;
}
inline int Warriors(const v1::ClearingView* c, v1::Faction f) {
  return c == nullptr ? 0 : Warriors(*c, f);
}

// `f`'s victory points (0 when `f` is not seated).
inline int VpOf(const v1::DecisionRequest& r, v1::Faction f) {
  for (const auto& seat : r.observation().seats()) {
    if (seat.faction() == f) return seat.victory_points();
  }
  return 0;
}

}  // namespace woodland::bots

#endif  // WOODLAND_BOTS_HEURISTIC_REQUEST_VIEW_H_
