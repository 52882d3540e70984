#include "referee/rules/playout.h"

#include <algorithm>

#include "absl/strings/str_cat.h"

namespace woodland::rules {

absl::StatusOr<PlayoutResult> RandomPlayout(const GameSetup& setup,
                                            uint64_t seed, uint64_t policy_seed,
                                            const DecisionHook& hook) {
  absl::StatusOr<State> s = State::NewGame(setup, seed);
  if (!s.ok()) return s.status();
  Chance policy(policy_seed);
  std::vector<int32_t> decisions;
  while (!s->IsTerminal()) {
    const int index = static_cast<int>(decisions.size());
    if (hook) {
      absl::Status st = hook(*s, seed, index);
      if (!st.ok()) {
        return absl::Status(st.code(), absl::StrCat("seed ", seed, " decision ",
                                                    index, ": ", st.message()));
      }
    }
    const int n = static_cast<int>(s->options().size());
    const int choice = policy.Draw(kChancePick, n);
    decisions.push_back(choice);
    absl::Status st = s->Apply(choice);
    if (!st.ok()) return st;
  }
  return PlayoutResult{*std::move(s), std::move(decisions)};
}

absl::StatusOr<State> Replay(const GameSetup& setup, uint64_t seed,
                             const std::vector<int32_t>& decisions) {
  absl::StatusOr<State> s = State::NewGame(setup, seed);
  if (!s.ok()) return s.status();
  for (size_t i = 0; i < decisions.size(); ++i) {
    absl::Status st = s->Apply(decisions[i]);
    if (!st.ok()) {
      return absl::Status(st.code(),
                          absl::StrCat("decision ", i, ": ", st.message()));
    }
  }
  return s;
}

uint64_t PolicySeedFor(uint64_t game_seed) {
  return game_seed * 0x9E3779B97F4A7C15ULL + 7;
}

absl::StatusOr<SelfplaySummary> Selfplay(const GameSetup& setup,
                                         uint64_t first_seed, int games,
                                         const DecisionHook& hook) {
  SelfplaySummary sum;
  for (int g = 0; g < games; ++g) {
    const uint64_t seed = first_seed + static_cast<uint64_t>(g);
    auto r = RandomPlayout(setup, seed, PolicySeedFor(seed), hook);
    if (!r.ok()) return r.status();
    const State& s = r->final_state;
    ++sum.games;
    sum.turns += s.counters().turns;
    sum.decisions += s.counters().decisions;
    sum.largest_option_list =
        std::max(sum.largest_option_list, s.counters().largest_option_list);
    sum.signature = (sum.signature ^ s.Hash()) * 1099511628211ULL;
    if (s.end_reason() == kReasonTurnLimit) continue;
    ++sum.finished;
    for (int w : s.winners()) {
      ++sum.wins[s.seat(w).faction][s.end_reason() == kReasonDominance ? 1 : 0];
    }
  }
  return sum;
}

}  // namespace woodland::rules
