#include "referee/rules/playout.h"

#include "absl/strings/str_cat.h"

namespace woodland::rules {

absl::StatusOr<PlayoutResult> RandomPlayout(const Setup& setup, uint64_t seed,
                                            uint64_t policy_seed,
                                            const DecisionHook& hook) {
  absl::StatusOr<State> s = State::NewGame(setup, seed);
  if (!s.ok()) return s.status();
  Chance policy(policy_seed);
  std::vector<int32_t> decisions;
  while (!s->IsTerminal()) {
    const int index = static_cast<int>(decisions.size());
    if (hook) {
      absl::Status st = hook(*s, index);
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

absl::StatusOr<State> Replay(const Setup& setup, uint64_t seed,
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

}  // namespace woodland::rules
