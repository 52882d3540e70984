#include "referee/metrics.h"

namespace woodland::referee {

using prometheus::BuildCounter;
using prometheus::BuildGauge;
using prometheus::BuildHistogram;

RefereeMetrics::RefereeMetrics()
    : registry_(std::make_shared<prometheus::Registry>()),
      started_(BuildCounter()
                   .Name("woodland_matches_started_total")
                   .Help("Matches started by this referee.")
                   .Register(*registry_)),
      finished_(BuildCounter()
                    .Name("woodland_matches_finished_total")
                    .Help("Matches finished, by outcome.")
                    .Register(*registry_)),
      decisions_(BuildCounter()
                     .Name("woodland_decisions_total")
                     .Help("Decisions taken, by faction.")
                     .Register(*registry_)),
      latency_(BuildHistogram()
                   .Name("woodland_bot_decision_latency_seconds")
                   .Help("Time bots take to answer Decide, by bot.")
                   .Register(*registry_)),
      faults_(BuildCounter()
                  .Name("woodland_bot_faults_total")
                  .Help("Bot faults (timeouts, errors, fallbacks), by bot and "
                        "reason.")
                  .Register(*registry_)),
      active_(BuildGauge()
                  .Name("woodland_active_matches")
                  .Help("Matches in progress.")
                  .Register(*registry_)),
      duration_(BuildHistogram()
                    .Name("woodland_match_duration_seconds")
                    .Help("Wall time of finished matches.")
                    .Register(*registry_)),
      active_gauge_(active_.Add({})),
      started_counter_(started_.Add({})) {}

void RefereeMetrics::MatchStarted() {
  started_counter_.Increment();
  active_gauge_.Increment();
}

void RefereeMetrics::MatchFinished(const std::string& outcome, double seconds) {
  finished_.Add({{"outcome", outcome}}).Increment();
  active_gauge_.Decrement();
  static const prometheus::Histogram::BucketBoundaries kBuckets = {
      0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600};
  duration_.Add({}, kBuckets).Observe(seconds);
}

void RefereeMetrics::Decision(const std::string& faction) {
  decisions_.Add({{"faction", faction}}).Increment();
}

void RefereeMetrics::BotLatency(const std::string& bot, double seconds) {
  static const prometheus::Histogram::BucketBoundaries kBuckets = {
      0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 2, 5};
  latency_.Add({{"bot", LabelSafe(bot)}}, kBuckets).Observe(seconds);
}

void RefereeMetrics::Fault(const std::string& bot, const std::string& reason) {
  faults_.Add({{"bot", LabelSafe(bot)}, {"reason", reason}}).Increment();
}

std::string LabelSafe(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (out.size() >= 40) break;
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                    (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
    out.push_back(ok ? c : '_');
  }
  return out.empty() ? "unnamed" : out;
}

}  // namespace woodland::referee
