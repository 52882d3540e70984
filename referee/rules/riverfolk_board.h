// The Riverfolk Company's board (Law 11): everything about the faction that is
// not a piece on the map. Part of State (a plain value: keep it cheap to
// copy); only riverfolk.cc writes it. Observe() copies it into every
// observation after riverfolk.cc's ObserveRiverfolk redacts what a seat may not
// know (nothing: the board and the hand are public, Law 11.2.3).
//
// Warriors of any faction sit in the three boxes (Law 11.2.4, 11.2.6.I): they
// left their owner's supply and go back to it when spent. Warriors committed
// to the Trade Posts tracks for crafting (11.5.3) are kept in `committed`:
// both return to Funds in the next Birdsong (11.4.3); the spaces they fill are
// counted by State::craft_used().
#ifndef WOODLAND_REFEREE_RULES_RIVERFOLK_BOARD_H_
#define WOODLAND_REFEREE_RULES_RIVERFOLK_BOARD_H_

#include <array>
#include <cstdint>
#include <vector>

#include "referee/rules/types.h"

namespace woodland::rules {

// The three services (Law 11.2.7), index into RiverfolkBoard::prices.
enum RiverfolkService : int8_t {
  kServiceHandCard = 0,
  kServiceRiverboats,
  kServiceMercenaries,
};
inline constexpr int kNumRiverfolkServices = 3;

struct RiverfolkBoard {
  // Warriors by owning faction in each box (Law 11.2.4).
  std::array<int8_t, kNumFactions> payments{};
  std::array<int8_t, kNumFactions> funds{};
  std::array<int8_t, kNumFactions> committed{};
  // Price of each service, 1-4 (Law 11.3.5, 11.6.2); 0 before setup.
  std::array<int8_t, kNumRiverfolkServices> prices{};
  // Trade posts removed from the game, by suit (Law 11.2.5.I).
  std::array<int8_t, 3> posts_gone{};
  // Funds owed for cards crafted this Daylight, committed once the crafting
  // step ends (Law 11.5.3; the Riverfolk choose which warriors).
  int8_t pending_commit = 0;
  // Services bought this turn (Law 11.2.7.II-III): by whom, in which turn.
  int8_t boats_for = kNoFaction;
  int8_t mercs_for = kNoFaction;
  int16_t boats_turn = -1;
  int16_t mercs_turn = -1;

  int FundsTotal() const {
    int n = 0;
    for (int8_t v : funds) n += v;
    return n;
  }
  int PaymentsTotal() const {
    int n = 0;
    for (int8_t v : payments) n += v;
    return n;
  }
  // Law 11.2.7.III: the change to `faction`'s presence (rule) from the `rf`
  // Riverfolk warriors of a clearing in turn `turn`, after Birdsong: they
  // count for the buyer of mercenaries instead of the Riverfolk.
  int MercPresence(int faction, int rf, int turn, bool after_birdsong) const {
    if (mercs_turn != turn || !after_birdsong || rf == 0) return 0;
    if (faction == mercs_for) return rf;
    if (faction == kRiverfolk) return -rf;
    return 0;
  }

  friend bool operator==(const RiverfolkBoard&,
                         const RiverfolkBoard&) = default;

  // Adds every field to the state hash (State::Hash). A board untouched
  // since the start (no Riverfolk seated) adds nothing, so games without the
  // Riverfolk keep their golden signatures.
  template <class H>
  void HashInto(H& h) const {
    if (*this == RiverfolkBoard{}) return;
    for (int8_t v : payments) h.Add(v);
    for (int8_t v : funds) h.Add(v);
    for (int8_t v : committed) h.Add(v);
    for (int8_t v : prices) h.Add(v);
    for (int8_t v : posts_gone) h.Add(v);
    h.Add(pending_commit);
    h.Add(boats_for);
    h.Add(mercs_for);
    h.Add(boats_turn);
    h.Add(mercs_turn);
  }
  // Calls f(card id) for every card of the shared deck held on this board,
  // for card conservation (State::CheckInvariants) and ClearForScenario. The
  // Riverfolk's hand is an ordinary hand (SeatState), only shown to all.
  template <class F>
  void ForEachCard(F&& f) const {}
  // Warriors of `faction` kept off the map on this board (conservation).
  int OffMapWarriors(int faction) const {
    return payments[faction] + funds[faction] + committed[faction];
  }
  // Pieces of kind `piece` kept off the map on this board, neither on the map
  // nor in the supply (conservation): trade posts removed from the game.
  int OffMapPieces(int piece) const {
    if (piece < kTradePostFox || piece > kTradePostMouse) return 0;
    return posts_gone[piece - kTradePostFox];
  }
  // Items of kind `item` held on this board (the item supply's conservation).
  int HeldItems(int item) const { return 0; }
};

}  // namespace woodland::rules

#endif  // WOODLAND_REFEREE_RULES_RIVERFOLK_BOARD_H_
