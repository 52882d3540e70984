// State created by the Exiles and Partisans deck's cards (Law 20.8.1;
// rules in exiles.cc): warriors lying on Coffin Makers and items exhausted
// in Crafted Items boxes by League of Adventurous Mice. Part of State (a
// plain value); everything here is public, so observations copy it whole.
#ifndef WOODLAND_REFEREE_RULES_EXILES_BOARD_H_
#define WOODLAND_REFEREE_RULES_EXILES_BOARD_H_

#include <array>
#include <cstdint>

#include "referee/rules/types.h"

namespace woodland::rules {

struct ExilesBoard {
  // Coffin Makers: warriors of each faction on the card instead of in
  // their supplies.
  std::array<int8_t, kNumFactions> coffins{};
  // League of Adventurous Mice: items exhausted in each seat's Crafted
  // Items box, by item kind (a subset of SeatState::items).
  std::array<std::array<int8_t, kNumItems>, kMaxSeats> exhausted{};

  bool Empty() const {
    for (int8_t n : coffins) {
      if (n != 0) return false;
    }
    for (const auto& seat : exhausted) {
      for (int8_t n : seat) {
        if (n != 0) return false;
      }
    }
    return true;
  }
  // The untouched board adds nothing (standard-deck hashes stay as they
  // were, and so do the golden signatures).
  template <class H>
  void HashInto(H& h) const {
    if (Empty()) return;
    for (int8_t n : coffins) h.Add(n);
    for (const auto& seat : exhausted) {
      for (int8_t n : seat) h.Add(n);
    }
  }
  template <class F>
  void ForEachCard(F&&) const {}
  int OffMapWarriors(int faction) const { return coffins[faction]; }
  int OffMapPieces(int) const { return 0; }
  int HeldItems(int) const { return 0; }  // exhausted items stay in the box
};

}  // namespace woodland::rules

#endif  // WOODLAND_REFEREE_RULES_EXILES_BOARD_H_
