// The Underground Duchy's board (Law 12): everything about the faction that is
// not a piece on the map. Part of State (a plain value: keep it cheap to
// copy); only duchy.cc writes it. Observe() copies it into every observation
// after duchy.cc's ObserveDuchy redacts what a seat may not know.
#ifndef WOODLAND_REFEREE_RULES_DUCHY_BOARD_H_
#define WOODLAND_REFEREE_RULES_DUCHY_BOARD_H_

#include <cstdint>
#include <vector>

#include "referee/rules/types.h"

namespace woodland::rules {

struct DuchyBoard {
  // Adds every field to the state hash (State::Hash).
  template <class H>
  void HashInto(H& h) const {}
  // Calls f(card id) for every card of the shared deck held on this board,
  // for card conservation (State::CheckInvariants) and ClearForScenario.
  template <class F>
  void ForEachCard(F&& f) const {}
  // Warriors of `faction` kept off the map on this board (conservation).
  int OffMapWarriors(int faction) const { return 0; }
  // Pieces of kind `piece` kept off the map on this board, neither on the map
  // nor in the supply (conservation).
  int OffMapPieces(int piece) const { return 0; }
  // Items of kind `item` held on this board (the item supply's conservation).
  int HeldItems(int item) const { return 0; }
};

}  // namespace woodland::rules

#endif  // WOODLAND_REFEREE_RULES_DUCHY_BOARD_H_
