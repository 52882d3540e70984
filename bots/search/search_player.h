// One seat of one match played by search: tracks the seat's information
// (InfoTracker), searches each decision the engine can rebuild (ismcts.h)
// within the decision's time share, and lets the heuristic policy answer
// the rest (and every decision when no MatchStart was seen).
//
// A decision in the middle of a phase (a second action, a move's count, a
// battle's step) cannot be rebuilt from the observation alone: the engine's
// task stack is not public. The player remembers its own last rebuilt
// decision and its answer (the turn's control state) and continues it at
// the next request with the dice that request's events show (and, where
// another seat decided in between, the first of their answers that leads
// to the decision asked); Determinizer::Resume puts that control onto each
// fresh deal of the new observation. Everything in it comes from the
// seat's own requests and answers.
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
  // Searched decisions resumed from the turn's control state (mid-phase).
  int64_t resumed = 0;
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
  // Hash of the turn's control state the last search resumed from (0:
  // rebuilt at the phase's start).
  uint64_t last_control_hash() const { return last_control_hash_; }
  // The last decision as this seat rebuilt it (one determinization), or
  // null when it could not be rebuilt: the turn's memory (tests).
  const rules::State* last_root() const {
    return shadow_.has_value() ? &shadow_->root : nullptr;
  }
  const SearchPlayerStats& stats() const { return stats_; }

  // Seconds to search for this request.
  double Budget(const v1::DecisionRequest& r) const;

 private:
  SearchPlayerOptions options_;
  std::unique_ptr<InfoTracker> tracker_;
  HeuristicPolicy heuristic_;
  // The turn's control state for this request (see the header comment), or
  // nullopt when the last rebuilt decision does not lead to it.
  std::optional<rules::State> FindControl(
      const rules::Determinizer& det, const rules::InfoState& info,
      const std::vector<std::string>& labels, const v1::DecisionRequest& r);

  struct Shadow {
    rules::State root;  // the last rebuilt decision of this seat
    int choice;         // this seat's answer there
    int turn, current_seat;
  };
  std::optional<Shadow> shadow_;
  std::optional<rules::InfoState> last_;
  uint64_t last_seed_ = 0, last_control_hash_ = 0;
  SearchPlayerStats stats_;
};

}  // namespace woodland::bots

#endif  // WOODLAND_BOTS_SEARCH_SEARCH_PLAYER_H_
