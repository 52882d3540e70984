#include "bots/search/search_player.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "bots/search/playout_policy.h"

namespace woodland::bots {
namespace {

double Seconds(const google::protobuf::Duration& d) {
  return static_cast<double>(d.seconds()) + d.nanos() * 1e-9;
}

}  // namespace

SearchPlayer::SearchPlayer(const v1::MatchStart* start,
                           SearchPlayerOptions options)
    : options_(options), heuristic_(options.seed) {
  if (start != nullptr) tracker_ = std::make_unique<InfoTracker>(*start);
}

double SearchPlayer::Budget(const v1::DecisionRequest& r) const {
  double t = options_.max_seconds;
  if (r.has_deadline())
    t = std::min(t, options_.deadline_fraction * Seconds(r.deadline()));
  if (r.has_time_bank())
    t = std::min(t, options_.bank_fraction * Seconds(r.time_bank()));
  return std::max(0.0, t);
}

int SearchPlayer::Choose(const v1::DecisionRequest& r, std::string* note) {
  // The heuristic sees every request (it tracks this turn's aids).
  const int fallback = heuristic_.Choose(r);
  last_.reset();
  if (tracker_ == nullptr) return fallback;
  absl::StatusOr<rules::InfoState> info = tracker_->Update(r);
  if (!info.ok() || !rules::Determinizable(*info)) {
    ++stats_.fallback;
    return fallback;
  }
  last_ = *info;
  last_seed_ = options_.seed * 0x9E3779B97F4A7C15ULL +
               static_cast<uint64_t>(r.seat_decision_index()) * 1000003ULL +
               static_cast<uint64_t>(r.seat());
  SearchConfig config;
  config.seed = last_seed_;
  config.horizon_turns = options_.horizon_turns;
  config.material = options_.material;
  config.tree_depth = options_.tree_depth;
  PlayoutPolicy playout_heuristic(last_seed_);
  if (options_.policy_chance > 0) {
    config.policy_chance = options_.policy_chance;
    config.playout_policy = [&playout_heuristic](const rules::State& s) {
      return playout_heuristic.Choose(s);
    };
  }
  if (options_.fixed_iterations > 0) {
    config.seconds = 0;
    config.max_iterations = options_.fixed_iterations;
  } else {
    config.seconds = Budget(r);
    if (config.seconds <= 0.001) {
      ++stats_.fallback;
      return fallback;
    }
  }
  config.prior = fallback;
  if (options_.prior_temperature > 0) {
    config.root_priors =
        RootPriors(heuristic_.Scores(r), options_.prior_temperature);
    config.puct = options_.puct;
  }
  SearchStats st;
  std::optional<int> pick = Search(*info, InfoTracker::Labels(r), config, &st);
  if (!pick.has_value()) {
    ++stats_.fallback;
    return fallback;
  }
  ++stats_.searched;
  stats_.iterations += st.iterations;
  stats_.playout_decisions += st.playout_decisions;
  stats_.search_seconds += st.seconds;
  stats_.search_cpu_seconds += st.cpu_seconds;
  if (note != nullptr) *note = absl::StrCat("ismcts ", st.iterations, " it");
  // Few playouts are noisy: keep the heuristic's choice unless the search
  // found a clearly better one.
  if (*pick == fallback) return fallback;
  ++stats_.disagreed;
  if (fallback < static_cast<int>(st.values.size()) &&
      st.values[*pick] < st.values[fallback] + options_.override_margin)
    return fallback;
  ++stats_.overrides;
  return *pick;
}

}  // namespace woodland::bots
