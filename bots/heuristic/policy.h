// A faction-aware heuristic policy: scores every legal option from the
// prompt kind, the option's typed payload and the seat's own observation
// (never anything hidden), and picks the best (ties broken by a seeded
// stream). It plays through the same protocol as any other bot.
#ifndef WOODLAND_BOTS_HEURISTIC_POLICY_H_
#define WOODLAND_BOTS_HEURISTIC_POLICY_H_

#include <cstdint>
#include <vector>

#include "bots/heuristic/vagabond_plan.h"
#include "woodland/v1/bot.pb.h"

namespace woodland::bots {

class HeuristicPolicy {
 public:
  explicit HeuristicPolicy(uint64_t seed)
      : state_(seed * 0x9E3779B97F4A7C15ULL + 1) {}
  int Choose(const v1::DecisionRequest& request);
  // Each option's score, what Choose maximizes (without its tie-breaking
  // jitter and the request's events): the search's priors (bots/search).
  std::vector<double> Scores(const v1::DecisionRequest& request);

 private:
  double Score(const v1::DecisionRequest& r, const v1::Option& o);
  double Jitter();
  uint64_t state_;
  VagabondMemory vagabond_;  // vagabond_plan.h
};

}  // namespace woodland::bots

#endif  // WOODLAND_BOTS_HEURISTIC_POLICY_H_
