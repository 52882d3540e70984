// Uniform-random playouts: the engine's own driver for self-play, property
// tests and benchmarks. Choices come from a separate Chance stream so the
// game's own randomness is untouched by the policy.
#ifndef WOODLAND_REFEREE_RULES_PLAYOUT_H_
#define WOODLAND_REFEREE_RULES_PLAYOUT_H_

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
using DecisionHook = std::function<absl::Status(const State&, int decision)>;

// Plays one game from (setup, seed) choosing uniformly among the options.
absl::StatusOr<PlayoutResult> RandomPlayout(const Setup& setup, uint64_t seed,
                                            uint64_t policy_seed,
                                            const DecisionHook& hook = nullptr);

// Replays a decision sequence from (setup, seed).
absl::StatusOr<State> Replay(const Setup& setup, uint64_t seed,
                             const std::vector<int32_t>& decisions);

}  // namespace woodland::rules

#endif  // WOODLAND_REFEREE_RULES_PLAYOUT_H_
