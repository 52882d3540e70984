// The Keepers in Iron's board (Law 15): everything about the faction that is
// not a piece on the map. Part of State (a plain value: keep it cheap to
// copy); only keepers.cc writes it. Observe() copies it into every observation
// after keepers.cc's ObserveKeepers redacts what a seat may not know.
//
// Relics (15.2.1) are tokens of three types (0 figure, 1 tablet, 2 jewelry;
// pieces kRelicFigure + type). A relic in a clearing is a piece on the map
// (its count in ClearingState) and listed here with its value; relics in
// forests, recovered relics and relics an enemy removed (waiting for a
// forest, 15.2.5) are off the map and only listed here. A face-down relic's
// value is known to nobody (15.3.1): observations show it as value 0.
//
// Waystations (15.2.2): three double-sided buildings; waystation i shows
// type i on its front and type (i + 1) % 3 on its back. On the map it is the
// piece kWaystationFigure + shown type. Each side is one piece in the box, so
// the supply holds, per type, the two sides of that type not face up on the
// map (conservation counts sides).
#ifndef WOODLAND_REFEREE_RULES_KEEPERS_BOARD_H_
#define WOODLAND_REFEREE_RULES_KEEPERS_BOARD_H_

#include <array>
#include <cstdint>
#include <vector>

#include "referee/rules/types.h"

namespace woodland::rules {

// Faithful Retainers (15.3.5) are bird cards of the faction, not of the
// shared deck: in a Retinue column they are this value instead of a CardId.
inline constexpr int16_t kFaithfulRetainer = -2;
inline constexpr int kRelicTypes = 3;

struct KeepersRelic {
  int8_t type = 0;
  int8_t value = 0;  // 1..3; 0 in an observation of a face-down relic
  bool face_up = false;
  friend bool operator==(const KeepersRelic&, const KeepersRelic&) = default;
};

struct KeepersBoard {
  std::vector<std::vector<KeepersRelic>> forests;  // by forest index
  std::array<std::vector<KeepersRelic>, kMaxClearings> clearings;  // face up
  std::array<std::vector<int8_t>, kRelicTypes> recovered;  // values, by type
  std::vector<KeepersRelic> pending;  // removed, not yet in a forest (15.2.5)
  std::array<int8_t, 3> waystation{-1, -1, -1};  // clearing, -1 off the map
  std::array<bool, 3> flipped{};                 // showing the back
  std::array<std::vector<int16_t>, 3> retinue;   // move, battle, move/recover
  int8_t retainers_removed = 0;                  // Faithful Retainers discarded
  // Turn scratch: clearings encamped / decamped in this Birdsong (15.4),
  // Retinue cards not yet used this Daylight (15.5.2), a hit ignored from an
  // ambush in the battle in progress (15.2.4).
  uint16_t encamped = 0;
  uint16_t decamped = 0;
  std::array<std::vector<int16_t>, 3> to_act;
  bool devout_used = false;

  friend bool operator==(const KeepersBoard&, const KeepersBoard&) = default;

  // Adds every field to the state hash (State::Hash). An unused board adds
  // nothing, so tables without the Keepers keep their golden signatures.
  template <class H>
  void HashInto(H& h) const {
    if (*this == KeepersBoard{}) return;
    auto relics = [&](const std::vector<KeepersRelic>& v) {
      h.Add(static_cast<int16_t>(v.size()));
      for (const KeepersRelic& r : v) {
        h.Add(r.type);
        h.Add(r.value);
        h.Add(r.face_up);
      }
    };
    h.Add(static_cast<int16_t>(forests.size()));
    for (const auto& f : forests) relics(f);
    for (const auto& c : clearings) relics(c);
    for (const auto& r : recovered) h.AddAll(r);
    relics(pending);
    for (int i = 0; i < 3; ++i) {
      h.Add(waystation[i]);
      h.Add(flipped[i]);
      h.AddAll(retinue[i]);
      h.AddAll(to_act[i]);
    }
    h.Add(retainers_removed);
    h.Add(encamped);
    h.Add(decamped);
    h.Add(devout_used);
  }
  // Calls f(card id) for every card of the shared deck held on this board,
  // for card conservation (State::CheckInvariants) and ClearForScenario.
  template <class F>
  void ForEachCard(F&& f) const {
    for (const auto& col : retinue) {
      for (int16_t id : col) {
        if (id != kFaithfulRetainer) f(id);
      }
    }
  }
  // Warriors of `faction` kept off the map on this board (conservation).
  int OffMapWarriors(int faction) const { return 0; }
  // Pieces of kind `piece` kept off the map on this board, neither on the map
  // nor in the supply (conservation): relics in forests, recovered, pending.
  int OffMapPieces(int piece) const {
    const int type = piece - kRelicFigure;
    if (type < 0 || type >= kRelicTypes) return 0;
    int n = static_cast<int>(recovered[type].size());
    for (const auto& f : forests) {
      for (const KeepersRelic& r : f) n += r.type == type;
    }
    for (const KeepersRelic& r : pending) n += r.type == type;
    return n;
  }
  // Items of kind `item` held on this board (the item supply's conservation).
  int HeldItems(int item) const { return 0; }
};

}  // namespace woodland::rules

#endif  // WOODLAND_REFEREE_RULES_KEEPERS_BOARD_H_
