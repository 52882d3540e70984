// Events for public changes that no rule logs itself (issue 13 item 4).
//
// Rather than an event at each of the many places that change a Vagabond's
// items, a relationship, the quests, the Alliance's supporters and officers
// or a hand's size, the State takes a snapshot of these public parts and
// logs what differs after each step of the game (State::Advance), where the
// change happened. A bot that applies the events in order arrives at the
// observation's values at every request. Only recorded when the setup
// records events.
//
// Law 1.2.1: after each step, not at each decision's end: where a decision
// ends depends on hidden cards (a defender is asked to ambush only when it
// holds a matching ambush card, and a choice of one card is no decision),
// so the changes logged at its end came before or after the events that
// followed, telling every seat what the hand held.
#ifndef WOODLAND_REFEREE_RULES_PUBLIC_EVENTS_H_
#define WOODLAND_REFEREE_RULES_PUBLIC_EVENTS_H_

#include <array>

#include "referee/rules/small_vector.h"
#include "referee/rules/state.h"

namespace woodland::rules {

struct PublicSnapshot {
  // Fixed-size parts only: a snapshot is taken twice per decision (issue 19:
  // no allocation).
  struct Vagabond {
    int8_t character = -1, clearing = -1, forest = -1, coalition = -1;
    std::array<int8_t, kNumFactions> relation{};
    // How many items of each kind * 4 + state bits (1 exhausted, 2 damaged).
    std::array<int8_t, kNumItems * 4> items{};
    SmallVector<int8_t, 16> quests_done;
  };
  std::array<Vagabond, 2> vagabonds;
  SmallVector<int8_t, 16> quests;  // face up (shared, Law 9.7.2)
  int supporters = 0, officers = 0;
  int num_seats = 0;
  std::array<int, kMaxSeats> hand_sizes{};
  std::array<int8_t, kNumItems> supply{};
  std::array<std::array<int8_t, kNumItems>, kMaxSeats> seat_items{};
  std::array<bool, kMaxClearings> ruin_item{};
  std::array<int8_t, kMaxClearings> ruins{};  // ruin pieces (Explore, 9.5.3)
};

PublicSnapshot TakePublicSnapshot(const State& s);
// Logs the differences between `before` and now; `first_event` is where the
// changes' own events begin (a pawn move logged there is not repeated).
// Returns the snapshot of now.
PublicSnapshot LogPublicChanges(State& s, const PublicSnapshot& before,
                                size_t first_event);

}  // namespace woodland::rules

#endif  // WOODLAND_REFEREE_RULES_PUBLIC_EVENTS_H_
