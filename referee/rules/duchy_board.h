// The Underground Duchy's board (Law 12): everything about the faction that is
// not a piece on the map. Part of State (a plain value: keep it cheap to
// copy); only duchy.cc writes it. Observe() copies it into every observation
// after duchy.cc's ObserveDuchy redacts what a seat may not know (nothing: the
// whole board is public, revealed cards included).
//
// The Burrow (Law 12.2.2) is not a clearing of the map: the engine's map has
// only printed clearings, and no other faction may ever enter it. Its
// warriors are counted here (`burrow`) and leave the warrior supply while
// there (OffMapWarriors). The Duchy's own move task adds the moves between
// the Burrow and each tunnelled clearing; recruiting places into it.
//
// Ministers are numbered by rank: 0-2 squires, 3-5 nobles, 6-8 lords
// (DuchyMinister). Each rank has three crowns (Law 12.3.6); a swayed
// minister carries one, and the Price of Failure removes it from the game.
#ifndef WOODLAND_REFEREE_RULES_DUCHY_BOARD_H_
#define WOODLAND_REFEREE_RULES_DUCHY_BOARD_H_

#include <array>
#include <cstdint>
#include <vector>

#include "absl/strings/string_view.h"
#include "referee/rules/types.h"

namespace woodland::rules {

// The nine minister cards (Law 12.5.2), grouped by rank (Law 12.5.3.I).
enum DuchyMinister : int8_t {
  kForemole = 0,  // squires
  kCaptain,
  kMarshal,
  kBrigadier,  // nobles
  kBanker,
  kMayor,
  kDuchessOfMud,  // lords
  kBaronOfDirt,
  kEarlOfStone,
};
inline constexpr int kNumMinisters = 9;
inline constexpr int kNumRanks = 3;  // squire, noble, lord
inline constexpr int kCrownsPerRank = 3;
inline int MinisterRank(int m) { return m / 3; }
absl::string_view DuchyMinisterName(int m);  // duchy.cc

struct DuchyBoard {
  int8_t burrow = 0;    // warriors in the Burrow (Law 12.2.2)
  uint16_t swayed = 0;  // bit per minister above the board (12.5.3.III)
  // Crowns removed from the game by the Price of Failure, per rank (12.2.3).
  std::array<int8_t, kNumRanks> crowns_lost{};
  // Cards revealed this turn (Law 12.5.1.I, 12.5.2.I, 12.5.3.II): in the
  // play area (Law 2.1.4), public, returned in Evening (12.6.1).
  std::vector<int16_t> revealed;  // CardId
  // Scratch for the current turn.
  int8_t actions = 0;            // Assembly actions taken (12.5.1)
  uint16_t used = 0;             // ministers whose action was taken (12.5.2)
  bool failure_pending = false;  // a Price of Failure task is on the stack

  bool Swayed(int m) const { return swayed >> m & 1; }
  // Crowns of `rank` still on the faction board.
  int CrownsLeft(int rank) const {
    int n = kCrownsPerRank - crowns_lost[rank];
    for (int m = rank * 3; m < rank * 3 + 3; ++m) n -= Swayed(m);
    return n;
  }

  // Unchanged since the box (no Duchy seated, or before its setup).
  bool Untouched() const {
    return burrow == 0 && swayed == 0 &&
           crowns_lost == decltype(crowns_lost){} && revealed.empty() &&
           actions == 0 && used == 0 && !failure_pending;
  }
  // Adds every field to the state hash (State::Hash); nothing while
  // untouched, so games without the Duchy keep their hashes.
  template <class H>
  void HashInto(H& h) const {
    if (Untouched()) return;
    h.Add(burrow);
    h.Add(swayed);
    for (int8_t v : crowns_lost) h.Add(v);
    h.AddAll(revealed);
    h.Add(actions);
    h.Add(used);
    h.Add(failure_pending);
  }
  // Calls f(card id) for every card of the shared deck held on this board,
  // for card conservation (State::CheckInvariants) and ClearForScenario.
  template <class F>
  void ForEachCard(F&& f) const {
    for (int16_t id : revealed) f(id);
  }
  // Warriors of `faction` kept off the map on this board (conservation).
  int OffMapWarriors(int faction) const {
    return faction == kDuchy ? burrow : 0;
  }
  // Pieces of kind `piece` kept off the map on this board, neither on the map
  // nor in the supply (conservation).
  int OffMapPieces(int piece) const { return 0; }
  // Items of kind `item` held on this board (the item supply's conservation).
  int HeldItems(int item) const { return 0; }
};

}  // namespace woodland::rules

#endif  // WOODLAND_REFEREE_RULES_DUCHY_BOARD_H_
