// The Corvid Conspiracy's board (Law 13): everything about the faction that is
// not a piece on the map. Part of State (a plain value: keep it cheap to
// copy); only corvid.cc writes it. Observe() copies it into every observation
// after corvid.cc's ObserveCorvid redacts what a seat may not know.
//
// Plot tokens on the map are pieces kPlotBomb..kPlotRaid in their clearing
// (at most one per clearing, Law 13.2.2.II); which of them lie face up is
// kept here. A face-down plot's kind is known to the Corvids alone: every
// other seat's observation shows it as kPlotHidden, and events log it so.
#ifndef WOODLAND_REFEREE_RULES_CORVID_BOARD_H_
#define WOODLAND_REFEREE_RULES_CORVID_BOARD_H_

#include <cstdint>
#include <vector>

#include "referee/rules/types.h"

namespace woodland::rules {

struct CorvidBoard {
  uint16_t face_up = 0;   // bit c: the plot in clearing c is face up (13.2.2.I)
  int8_t plotted = 0;     // plots placed this turn (13.5.2)
  bool exposing = false;  // a removal by Exposure is resolving (13.7.4)

  bool FaceUp(int c) const { return face_up >> c & 1; }

  // Adds every field to the state hash (State::Hash). An untouched board
  // (no Corvids seated) adds nothing, so base-game signatures stay put.
  template <class H>
  void HashInto(H& h) const {
    if (face_up == 0 && plotted == 0 && !exposing) return;
    h.Add(face_up);
    h.Add(plotted);
    h.Add(exposing);
  }
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

#endif  // WOODLAND_REFEREE_RULES_CORVID_BOARD_H_
