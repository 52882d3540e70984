// Prometheus metrics of a referee. Families are registered once, here;
// labels stay low-cardinality (bot name, faction, outcome, reason).
#ifndef WOODLAND_REFEREE_METRICS_H_
#define WOODLAND_REFEREE_METRICS_H_

#include <memory>
#include <string>

#include "prometheus/counter.h"
#include "prometheus/family.h"
#include "prometheus/gauge.h"
#include "prometheus/histogram.h"
#include "prometheus/registry.h"

namespace woodland::referee {

class RefereeMetrics {
 public:
  RefereeMetrics();
  std::shared_ptr<prometheus::Registry> registry() { return registry_; }

  void MatchStarted();
  void MatchFinished(const std::string& outcome, double seconds);
  void Decision(const std::string& faction);
  void BotLatency(const std::string& bot, double seconds);
  void Fault(const std::string& bot, const std::string& reason);

 private:
  std::shared_ptr<prometheus::Registry> registry_;
  prometheus::Family<prometheus::Counter>& started_;
  prometheus::Family<prometheus::Counter>& finished_;
  prometheus::Family<prometheus::Counter>& decisions_;
  prometheus::Family<prometheus::Histogram>& latency_;
  prometheus::Family<prometheus::Counter>& faults_;
  prometheus::Family<prometheus::Gauge>& active_;
  prometheus::Family<prometheus::Histogram>& duration_;
  prometheus::Gauge& active_gauge_;
  // The unlabelled series exist from construction, so they read 0 rather
  // than missing until their first change.
  prometheus::Counter& started_counter_;
};

// Keeps a bot-supplied name usable as a label value: at most 40 characters
// of [A-Za-z0-9._-].
std::string LabelSafe(const std::string& s);

}  // namespace woodland::referee

#endif  // WOODLAND_REFEREE_METRICS_H_
