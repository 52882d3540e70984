// Uniform-random playouts: the engine's own driver for self-play, property
// tests and benchmarks. Choices come from a separate Chance stream so the
// game's own randomness is untouched by the policy.
#ifndef WOODLAND_REFEREE_RULES_PLAYOUT_H_
#define WOODLAND_REFEREE_RULES_PLAYOUT_H_

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "absl/status/statusor.h"
#include "referee/rules/state.h"

namespace woodland::rules {

struct PlayoutResult {
  State final_state;
  std::vector<int32_t> decisions;  // option index chosen at each decision
};

// Called before every decision (for property checks); a non-OK status stops
// the playout and is returned.
using DecisionHook =
    std::function<absl::Status(const State&, uint64_t seed, int decision)>;

// Plays one game from (setup, seed) choosing uniformly among the options.
absl::StatusOr<PlayoutResult> RandomPlayout(const GameSetup& setup,
                                            uint64_t seed, uint64_t policy_seed,
                                            const DecisionHook& hook = nullptr);

// Replays a decision sequence from (setup, seed).
absl::StatusOr<State> Replay(const GameSetup& setup, uint64_t seed,
                             const std::vector<int32_t>& decisions);

// Summary of many uniform-random games from consecutive seeds; `signature`
// hashes every final state, so any functional change in the engine moves it
// (a Stockfish-style bench signature).
struct SelfplaySummary {
  int games = 0;
  int finished = 0;
  int64_t turns = 0;
  int64_t decisions = 0;
  int largest_option_list = 0;
  uint64_t signature = 1469598103934665603ULL;
  // wins[faction][0] by 30 VP, [1] by dominance.
  std::array<std::array<int, 2>, kNumFactions> wins{};
};

// Plays games with seeds first_seed, first_seed + 1, ...; the policy seed is
// derived from the game seed. Stops at the first error (which names the seed
// and decision index).
absl::StatusOr<SelfplaySummary> Selfplay(const GameSetup& setup,
                                         uint64_t first_seed, int games,
                                         const DecisionHook& hook = nullptr);
uint64_t PolicySeedFor(uint64_t game_seed);

}  // namespace woodland::rules

#endif  // WOODLAND_REFEREE_RULES_PLAYOUT_H_
