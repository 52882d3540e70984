// The Lizard Cult's board (Law 10): everything about the faction that is
// not a piece on the map. Part of State (a plain value: keep it cheap to
// copy); only cult.cc writes it. Observe() copies it into every observation
// after cult.cc's ObserveCult redacts what a seat may not know (nothing: the
// Outcast, the Acolytes box, the Lost Souls pile and revealed cards are all
// public, Law 10.2.6 and 10.5).
//
// Gardens not on the map sit on the Gardens tracks, which are the piece
// supply (State::piece_supply(kGardenFox + suit)).
#ifndef WOODLAND_REFEREE_RULES_CULT_BOARD_H_
#define WOODLAND_REFEREE_RULES_CULT_BOARD_H_

#include <cstdint>
#include <vector>

#include "referee/rules/types.h"

namespace woodland::rules {

struct CultBoard {
  int8_t outcast = -1;  // Outcast suit (Law 10.3.3, 10.4.1); -1 before setup
  bool hated = false;   // the outcast marker shows its Hated side
  int8_t acolytes = 0;  // warriors in the Acolytes box (Law 10.2.3, 10.5.4)
  uint8_t scored = 0;   // suits scored this turn, bit per suit (10.5.3)
  std::vector<int16_t> lost_souls;  // the Lost Souls pile (Law 10.2.6)
  std::vector<int16_t> revealed;    // cards revealed this turn (Law 10.5)

  // Adds every field to the state hash (State::Hash). The untouched board
  // (no Cult seated) adds nothing, so games without the Cult keep their
  // hashes (and the golden signatures).
  template <class H>
  void HashInto(H& h) const {
    if (outcast < 0 && !hated && acolytes == 0 && scored == 0 &&
        lost_souls.empty() && revealed.empty()) {
      return;
    }
    h.Add(outcast);
    h.Add(hated);
    h.Add(acolytes);
    h.Add(scored);
    h.AddAll(lost_souls);
    h.AddAll(revealed);
  }
  // Calls f(card id) for every card of the shared deck held on this board,
  // for card conservation (State::CheckInvariants) and ClearForScenario.
  template <class F>
  void ForEachCard(F&& f) const {
    for (int16_t id : lost_souls) f(id);
    for (int16_t id : revealed) f(id);
  }
  // Warriors of `faction` kept off the map on this board (conservation).
  int OffMapWarriors(int faction) const {
    return faction == kCult ? acolytes : 0;
  }
  // Pieces of kind `piece` kept off the map on this board, neither on the map
  // nor in the supply (conservation).
  int OffMapPieces(int piece) const { return 0; }
  // Items of kind `item` held on this board (the item supply's conservation).
  int HeldItems(int item) const { return 0; }
};

}  // namespace woodland::rules

#endif  // WOODLAND_REFEREE_RULES_CULT_BOARD_H_
