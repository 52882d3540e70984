// The landmarks in play (Law 24) and the advanced setup's draft (Law 19):
// part of State (a plain value); only landmarks.cc and advanced_setup.cc
// write it. Observe() shows the landmarks' clearings, the Forge's items and
// how many cards wait at the Black Market (face down: nobody sees them).
//
// The Ferry and the Tower keep their clearings in State (ferry(), tower())
// because the variant maps place them without any landmark rules (25.3.1,
// 25.4.1); `at` mirrors them once placed so placement checks see them.
#ifndef WOODLAND_REFEREE_RULES_LANDMARKS_BOARD_H_
#define WOODLAND_REFEREE_RULES_LANDMARKS_BOARD_H_

#include <array>
#include <cstdint>
#include <vector>

#include "referee/rules/types.h"

namespace woodland::rules {

struct LandmarksBoard {
  // Clearing of each landmark, -1 when not on the map.
  std::array<int8_t, kNumLandmarks> at{-1, -1, -1, -1, -1, -1};
  // Items on the Legendary Forge's card (Law 24, its card's setup).
  std::array<int8_t, kNumItems> forge{};
  // Face-down cards beside the Black Market's card.
  std::vector<int16_t> black_market;
  uint8_t market_used = 0;  // seats that swapped this turn (bit per seat)
  // Advanced setup (Law 19.8): the faction setup cards still in the pool
  // (faction, or -1 once taken), the Vagabond character dealt beside each,
  // whether the last card is locked (19.8.2.II), and whether a militant
  // faction was chosen.
  std::vector<int8_t> pool;
  std::vector<int8_t> pool_character;
  bool locked = false;
  bool militant_chosen = false;
  // Homelands chosen with the faction setup cards (Law 19.8.3.I): clearing
  // i belongs to faction homeland_factions[i].
  std::vector<int8_t> homeland_clearings;
  std::vector<int8_t> homeland_factions;

  bool Empty() const {
    for (int8_t c : at) {
      if (c >= 0) return false;
    }
    return black_market.empty() && market_used == 0 && pool.empty() &&
           !locked && !militant_chosen && homeland_clearings.empty();
  }
  // The untouched board (no landmark, no draft) adds nothing, so standard
  // tables keep their hashes (and the golden signatures).
  template <class H>
  void HashInto(H& h) const {
    bool forge_empty = true;
    for (int8_t v : forge) forge_empty &= v == 0;
    if (Empty() && forge_empty) return;
    for (int8_t v : at) h.Add(v);
    for (int8_t v : forge) h.Add(v);
    h.AddAll(black_market);
    h.Add(market_used);
    h.AddAll(pool);
    h.AddAll(pool_character);
    h.Add(locked);
    h.Add(militant_chosen);
    h.AddAll(homeland_clearings);
    h.AddAll(homeland_factions);
  }
  template <class F>
  void ForEachCard(F&& f) const {
    for (int16_t id : black_market) f(id);
  }
  int OffMapWarriors(int) const { return 0; }
  int OffMapPieces(int) const { return 0; }
  int HeldItems(int item) const { return forge[item]; }
};

}  // namespace woodland::rules

#endif  // WOODLAND_REFEREE_RULES_LANDMARKS_BOARD_H_
