// Prometheus metrics of the arena (families registered once, here).
#ifndef WOODLAND_ARENA_METRICS_H_
#define WOODLAND_ARENA_METRICS_H_

#include <memory>
#include <string>

#include "prometheus/counter.h"
#include "prometheus/family.h"
#include "prometheus/gauge.h"
#include "prometheus/histogram.h"
#include "prometheus/registry.h"

namespace woodland::arena {

class ArenaMetrics {
 public:
  ArenaMetrics();
  std::shared_ptr<prometheus::Registry> registry() { return registry_; }

  void Tournaments(const std::string& state, double n);
  void Scheduled(int n) { scheduled_.Increment(n); }
  void Started() {
    running_.Increment();
    queue_.Decrement();
  }
  void Queued(int n) { queue_.Increment(n); }
  void Finished(double seconds);
  void Failed() {
    running_.Decrement();
    failed_.Increment();
  }
  void RatingUpdate() { rating_updates_.Increment(); }
  void WorkersUp(int n) { workers_up_.Set(n); }

 private:
  std::shared_ptr<prometheus::Registry> registry_;
  prometheus::Family<prometheus::Gauge>& tournaments_;
  prometheus::Counter& scheduled_;
  prometheus::Gauge& running_;
  prometheus::Counter& finished_;
  prometheus::Counter& failed_;
  prometheus::Gauge& queue_;
  prometheus::Gauge& workers_up_;
  prometheus::Counter& rating_updates_;
  prometheus::Histogram& duration_;
};

}  // namespace woodland::arena

#endif  // WOODLAND_ARENA_METRICS_H_
