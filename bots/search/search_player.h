// One seat of one match played by search: tracks the seat's information
// (InfoTracker), searches each decision the engine can rebuild (ismcts.h)
// within the decision's time share, and lets the heuristic policy answer
// the rest (and every decision when no MatchStart was seen).
#ifndef WOODLAND_BOTS_SEARCH_SEARCH_PLAYER_H_
#define WOODLAND_BOTS_SEARCH_SEARCH_PLAYER_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "bots/heuristic/policy.h"
#include "bots/search/info_tracker.h"
#include "bots/search/ismcts.h"
#include "woodland/v1/bot.pb.h"

namespace woodland::bots {

struct SearchPlayerOptions {
  double deadline_fraction = 0.5;  // of the decision's deadline
  double bank_fraction = 0.02;     // of the remaining time bank
  double max_seconds = 10;
  // > 0: a fixed number of iterations per decision instead of the clock
  // (reproducible play for tests).
  int fixed_iterations = 0;
  int horizon_turns = 6;
  uint64_t seed = 1;
  // The heuristic's choice stands unless the search's choice scores at
  // least this much better for the seat (values in [0, 1]).
  double override_margin = 0;
  double material = 0;  // SearchConfig::material
  // SearchConfig::policy_chance: playout decisions the heuristic takes.
  // Defaults from search_bench (issue 17): heuristic playouts in a flat
  // rollout search (tree_depth 1) with no margin won more games against
  // three heuristic bots than random playouts in a deep tree with a margin.
  double policy_chance = 1;
  int tree_depth = 1;  // SearchConfig::tree_depth
  // > 0: PUCT at the root with priors from a softmax of the heuristic's
  // option scores at this temperature (SearchConfig::root_priors, puct).
  double prior_temperature = 0;
  double puct = 1.0;
};

struct SearchPlayerStats {
  int64_t searched = 0, fallback = 0, iterations = 0, playout_decisions = 0;
  // Searched decisions where the search's best differed from the
  // heuristic's, and of those the ones where it overrode the heuristic.
  int64_t disagreed = 0, overrides = 0;
  double search_seconds = 0, search_cpu_seconds = 0;
};

class SearchPlayer {
 public:
  // `start` may be null (then the heuristic plays every decision).
  SearchPlayer(const v1::MatchStart* start, SearchPlayerOptions options);

  int Choose(const v1::DecisionRequest& r, std::string* note = nullptr);

  // The search's whole input for this request (after Choose has folded in
  // its events): the information state and the seed. For the no-cheating
  // test.
  const std::optional<rules::InfoState>& last_input() const { return last_; }
  uint64_t last_seed() const { return last_seed_; }
  const SearchPlayerStats& stats() const { return stats_; }

  // Seconds to search for this request.
  double Budget(const v1::DecisionRequest& r) const;

 private:
  SearchPlayerOptions options_;
  std::unique_ptr<InfoTracker> tracker_;
  HeuristicPolicy heuristic_;
  std::optional<rules::InfoState> last_;
  uint64_t last_seed_ = 0;
  SearchPlayerStats stats_;
};

}  // namespace woodland::bots

#endif  // WOODLAND_BOTS_SEARCH_SEARCH_PLAYER_H_
