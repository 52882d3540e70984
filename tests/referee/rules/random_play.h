// Test support: random games checked at every decision.
//
// RandomGamesCheck plays uniform-random games and checks, at every decision,
// card and piece conservation (State::CheckInvariants) and that no seat's
// observation holds another seat's hidden cards; at the end of each game,
// that the public event log accounts for the board and the scores, and that
// replaying the decisions (from the start, and for some games from a random
// earlier decision, also on a copy) rebuilds the same state. Every faction's
// own tests run it with that faction seated.
#ifndef WOODLAND_TEST_REFEREE_RULES_RANDOM_PLAY_H_
#define WOODLAND_TEST_REFEREE_RULES_RANDOM_PLAY_H_

#include <algorithm>
#include <array>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "referee/rules/faction.h"
#include "referee/rules/observation.h"
#include "referee/rules/playout.h"

namespace woodland::rules::testing {

// Law 1.2: another seat's hand and the deck never appear in an observation
// except through a reveal made to this seat.
inline absl::Status CheckRedaction(const State& s, int seat) {
  const Observation o = Observe(s, seat);
  std::vector<CardId> seen = o.hand;
  auto add = [&](const std::vector<CardId>& v) {
    seen.insert(seen.end(), v.begin(), v.end());
  };
  add(o.discard);
  add(o.available_dominance);
  for (const auto& col : o.decree) add(col);
  for (const SeatView& v : o.seats) {
    add(v.play_area);
    if (v.dominance != kNoCard) seen.push_back(v.dominance);
  }
  std::sort(seen.begin(), seen.end());
  auto hidden = [&](const auto& v) {  // any container, not copied
    for (CardId id : v) {
      if (std::binary_search(seen.begin(), seen.end(), id)) return id;
    }
    return kNoCard;
  };
  // Law 11.2.3: the Riverfolk's hand is public, shown to every seat.
  const int riverfolk = s.SeatOf(kRiverfolk);
  // Compared element by element: no std::vector copy of the SmallVector.
  const auto& public_hand = o.riverfolk_hand;
  if (riverfolk >= 0 ? !std::equal(public_hand.begin(), public_hand.end(),
                                   s.seat(riverfolk).hand.begin(),
                                   s.seat(riverfolk).hand.end())
                     : !public_hand.empty()) {
    return absl::InternalError("the Riverfolk's public hand differs");
  }
  for (int other = 0; other < s.num_seats(); ++other) {
    if (other == seat || other == riverfolk) continue;
    if (CardId id = hidden(s.seat(other).hand); id != kNoCard) {
      return absl::InternalError(absl::StrCat("seat ", seat, " sees card ", id,
                                              " in seat ", other, "'s hand"));
    }
  }
  if (s.seat(seat).faction != kAlliance) {
    if (!o.supporter_cards.empty())
      return absl::InternalError("supporters shown to a non-Alliance seat");
    if (CardId id = hidden(s.alliance().supporters); id != kNoCard) {
      return absl::InternalError(
          absl::StrCat("seat ", seat, " sees supporter ", id));
    }
  }
  if (CardId id = hidden(s.deck()); id != kNoCard) {
    return absl::InternalError(
        absl::StrCat("seat ", seat, " sees deck card ", id));
  }
  for (const Reveal& r : o.reveals) {
    if (r.viewer != seat) return absl::InternalError("someone else's reveal");
  }
  if (o.hand != s.seat(seat).hand)
    return absl::InternalError("own hand differs");
  return absl::OkStatus();
}

// Rebuilds the map and the scores from the public event log alone and
// compares them with the state: every placement, move, removal and VP
// change must have been logged with a reason.
inline absl::Status CheckEventLedger(const State& s) {
  std::array<ClearingState, kMaxClearings> board{};
  // Law 5.1.4: ruins are laid before setup (unlogged); their removal is
  // logged (issue 13).
  for (int c = 0; c < s.map().num_clearings; ++c)
    board[c].pieces[kRuin] = s.map().clearings[c].ruin ? 1 : 0;
  std::vector<int> vp(s.num_seats(), 0);
  for (const Event& e : s.events()) {
    switch (e.kind) {
      case kEvPlace:
        (e.b < 0 ? board[e.c].warriors[e.faction] : board[e.c].pieces[e.b]) +=
            e.a;
        break;
      case kEvRemove:
        (e.b < 0 ? board[e.c].warriors[e.faction] : board[e.c].pieces[e.b]) -=
            e.a;
        break;
      case kEvMove:
        board[e.b].warriors[e.faction] -= e.a;
        board[e.c].warriors[e.faction] += e.a;
        break;
      case kEvBurrow:  // Duchy warriors into (b 0) / out of (b 1) the Burrow
        if (e.b == 0) board[e.c].warriors[e.faction] -= e.a;
        if (e.b == 1) board[e.c].warriors[e.faction] += e.a;
        break;
      case kEvPlotFlip:  // Law 13.4.2: a face-down plot shows its kind
        --board[e.c].pieces[kPlotHidden];
        ++board[e.c].pieces[e.b];
        break;
      case kEvPlotSwap:  // Law 13.5.4
        for (int p = kPlotBomb; p <= kPlotHidden; ++p)
          std::swap(board[e.b].pieces[p], board[e.c].pieces[p]);
        break;
      case kEvVp:
        if (e.a < kVpBuilding || e.a >= kNumVpReasons)
          return absl::InternalError("VP without reason");
        vp[e.seat] += e.d;
        break;
    }
  }
  // The log is public: it accounts for what a spectator sees (face-down
  // plots as kPlotHidden, Law 13.2.2.I).
  const Observation spectator = Observe(s, -1);
  for (int c = 0; c < s.map().num_clearings; ++c) {
    const ClearingState& actual = spectator.clearings[c];
    if (actual.warriors != board[c].warriors ||
        actual.pieces != board[c].pieces) {
      return absl::InternalError(
          absl::StrCat("clearing ", c + 1, " differs from its events"));
    }
  }
  for (int seat = 0; seat < s.num_seats(); ++seat) {
    if (vp[seat] != s.seat(seat).vp) {
      return absl::InternalError(
          absl::StrCat("seat ", seat, " has ", s.seat(seat).vp,
                       " VP but its events add to ", vp[seat]));
    }
  }
  return absl::OkStatus();
}

// Plays `games` random games of `setup` from seeds first_seed, first_seed+1,
// ... and checks each as described above. `extra` (optional) runs at every
// decision too (e.g. a faction's own hidden-information check).
inline void RandomGamesCheck(GameSetup setup, uint64_t first_seed, int games,
                             const DecisionHook& extra = nullptr) {
  if (setup.max_turns == 0) setup.max_turns = 1000;
  const uint64_t first = first_seed;
  for (int g = 0; g < games; ++g) {
    const uint64_t seed = first + g;
    const bool deep = g % 50 == 0;
    std::vector<uint64_t> hashes;
    DecisionHook hook = [&](const State& s, uint64_t, int d) -> absl::Status {
      if (absl::Status st = s.CheckInvariants(); !st.ok()) return st;
      if (extra) {
        if (absl::Status st = extra(s, seed, d); !st.ok()) return st;
      }
      if (deep) hashes.push_back(s.Hash());
      if (deep || d % 16 == 0) {
        for (int seat = 0; seat < s.num_seats(); ++seat) {
          if (absl::Status st = CheckRedaction(s, seat); !st.ok()) return st;
        }
      }
      return absl::OkStatus();
    };
    GameSetup game_setup = setup;
    game_setup.record_events = deep;
    auto r = RandomPlayout(game_setup, seed, PolicySeedFor(seed), hook);
    ASSERT_TRUE(r.ok()) << r.status();
    if (deep) {
      absl::Status ledger = CheckEventLedger(r->final_state);
      ASSERT_TRUE(ledger.ok()) << "seed " << seed << ": " << ledger;
    }
    ASSERT_TRUE(r->final_state.CheckInvariants().ok());
    ASSERT_NE(r->final_state.end_reason(), kNotOver);
    auto replay = Replay(setup, seed, r->decisions);
    ASSERT_TRUE(replay.ok()) << replay.status();
    ASSERT_EQ(replay->Hash(), r->final_state.Hash()) << "seed " << seed;
    if (deep && !r->decisions.empty()) {
      const size_t k = (seed * 7919) % r->decisions.size();
      std::vector<int32_t> prefix(r->decisions.begin(),
                                  r->decisions.begin() + k);
      auto partial = Replay(setup, seed, prefix);
      ASSERT_TRUE(partial.ok());
      ASSERT_EQ(partial->Hash(), hashes[k])
          << "seed " << seed << " prefix " << k;
      // A copy taken mid-game continues exactly like the original.
      State copy = *partial;
      for (size_t i = k; i < r->decisions.size(); ++i) {
        ASSERT_TRUE(copy.Apply(r->decisions[i]).ok());
      }
      ASSERT_EQ(copy.Hash(), r->final_state.Hash());
    }
  }
}

}  // namespace woodland::rules::testing

#endif  // WOODLAND_TEST_REFEREE_RULES_RANDOM_PLAY_H_
