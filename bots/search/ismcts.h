// Information-set Monte Carlo tree search (single-observer ISMCTS, as in
// Cowling, Powley & Whitehouse 2012 and OpenSpiel's IS-MCTS) on the rules
// engine. Every iteration draws a determinization of the seat's
// information state (determinize.h), walks one shared tree whose edges are
// the engine's typed options (an edge is available only in the
// determinizations that offer it), expands one node, plays a cheap random
// playout for a bounded number of faction turns and backs up one value per
// seat. Each seat picks its own edges by UCT on its own value (max^n); the
// value scores a seat's VP progress against the leader, shared within a
// Vagabond coalition (Law 9.2.8), so a playout need not reach 30 VP.
#ifndef WOODLAND_BOTS_SEARCH_ISMCTS_H_
#define WOODLAND_BOTS_SEARCH_ISMCTS_H_

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "referee/rules/determinize.h"

namespace woodland::bots {

struct SearchConfig {
  double seconds = 0.1;    // wall-clock budget (<= 0: iterations only)
  int max_iterations = 0;  // 0: until the time is up
  uint64_t seed = 1;
  int horizon_turns = 6;     // faction turns per playout beyond the root's
  double exploration = 0.7;  // UCT constant on values in [0, 1]
  // Playouts choose "done" (end a step, decline) only with this
  // probability when something else is offered.
  double done_chance = 0.15;
  // A prior root choice (request index, -1 none), e.g. the heuristic's: it
  // is tried first and gets a bias of prior_bias / (visits + 1).
  int prior = -1;
  double prior_bias = 0.1;
  // PUCT priors over the root's options (request order, summing to 1),
  // e.g. a softmax of the heuristic's option scores (RootPriors): when
  // set, the root picks by Q + puct * P * sqrt(N) / (1 + n) (AlphaZero's
  // rule; an unvisited option's Q is the root's mean) instead of UCT, so
  // the playouts go where the heuristic and the results agree.
  std::vector<double> root_priors;
  double puct = 1.0;
  // Weight of the material term in a cut-off playout's value (SeatValues).
  double material = 0;
  // A playout decision is taken by `playout_policy` (an index into the
  // state's options, e.g. the heuristic's) with this probability, else at
  // random: slower playouts that play like the opponents do.
  double policy_chance = 0;
  std::function<int(const rules::State&)> playout_policy;
  // Decisions in the tree per iteration (0: unlimited). 1 is a flat
  // Monte Carlo rollout search over the root's options: with the opponents'
  // own policy in the playouts it improves on that policy (a rollout
  // algorithm), where a deeper tree first meets each later decision with a
  // random pick. In a deeper tree an unvisited node's first edge is the
  // playout policy's choice when playouts follow it (policy_chance >= 1).
  int tree_depth = 0;
  // The seat's memory of the turn in progress (Determinizer::Resume): when
  // set, every determinization resumes from it instead of from the start
  // of the phase. Not owned.
  const rules::State* control = nullptr;
};

struct SearchStats {
  int iterations = 0;
  int tree_nodes = 0;  // nodes of the search tree, the root included
  int64_t playout_decisions = 0;
  double seconds = 0;          // wall clock
  double cpu_seconds = 0;      // this thread's CPU time (playouts/s/core)
  std::vector<int> visits;     // per root option (request order)
  std::vector<double> values;  // mean value for the searching seat
};

// Values in [0, 1] per seat for a (final or cut-off) state. A cut-off
// state's progress is the VP (or dominance share) plus `material` x the
// seat's standing on the map and in hand, in VP terms: half a VP per ruled
// clearing, a quarter per warrior or building, half per card.
std::array<double, rules::kMaxSeats> SeatValues(const rules::State& s,
                                                double material = 0);

// A softmax of option scores at `temperature` (the priors for
// SearchConfig::root_priors).
std::vector<double> RootPriors(const std::vector<double>& scores,
                               double temperature);

// The decision asked, rebuilt for `seed`: resumed from `control` when
// given (it must then match as is), else the phase resumed from its start
// and aligned (AlignRoot); nullopt when the rebuilt decision is another.
std::optional<rules::State> RootFor(const rules::Determinizer& det, int seat,
                                    const std::vector<std::string>& labels,
                                    uint64_t seed,
                                    const rules::State* control = nullptr);

// The index (into `labels`, the request's options) to play, or nullopt when
// this table/phase cannot be rebuilt or the rebuilt decision differs from
// the one asked (the caller then plays another policy).
std::optional<int> Search(const rules::InfoState& info,
                          const std::vector<std::string>& labels,
                          const SearchConfig& config,
                          SearchStats* stats = nullptr);

}  // namespace woodland::bots

#endif  // WOODLAND_BOTS_SEARCH_ISMCTS_H_
