// The heuristic (bots/heuristic/policy.h) as a playout policy on engine
// states (issue 17 item 3). The heuristic reads a DecisionRequest; a
// playout asks it at every step, so building that request is the cost of a
// heuristic playout. PlayoutPolicy fills one reused request with only the
// observation fields the heuristic reads (no heap traffic once warm, the
// map's static parts written once), answers a
// forced decision without asking, and exposes the heuristic's option
// scores for the search's priors.
#ifndef WOODLAND_BOTS_SEARCH_PLAYOUT_POLICY_H_
#define WOODLAND_BOTS_SEARCH_PLAYOUT_POLICY_H_

#include <cstdint>
#include <vector>

#include "bots/heuristic/policy.h"
#include "referee/rules/state.h"
#include "woodland/v1/bot.pb.h"

namespace woodland::bots {

// The request the referee would send the deciding seat of `s` (without
// events), built fresh: the reference for PlayoutPolicy (and its bench).
v1::DecisionRequest PlayoutRequest(const rules::State& s);

// The same with only the observation fields the heuristic reads (the
// heuristic picks as on the full request: playout_policy_test).
// Reuses `req`'s storage: its clearings' paths, slots and rivers are
// rebuilt only when `static_parts` (a new map topology).
void LeanPlayoutRequest(const rules::State& s, v1::DecisionRequest* req,
                        bool static_parts = true);

class PlayoutPolicy {
 public:
  explicit PlayoutPolicy(uint64_t seed) : heuristic_(seed) {}

  // The heuristic's pick among the options of `s` (0 when only one).
  int Choose(const rules::State& s);

  // The deciding seat's request for `s` (valid until the next call).
  const v1::DecisionRequest& Request(const rules::State& s);

 private:
  HeuristicPolicy heuristic_;
  // One request reused: its repeated fields keep their elements and
  // strings (no heap traffic once warm).
  v1::DecisionRequest request_;
  uint64_t topology_ = ~0ULL;
};

}  // namespace woodland::bots

#endif  // WOODLAND_BOTS_SEARCH_PLAYOUT_POLICY_H_
