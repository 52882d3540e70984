#include "arena/metrics.h"

namespace woodland::arena {

using prometheus::BuildCounter;
using prometheus::BuildGauge;
using prometheus::BuildHistogram;

ArenaMetrics::ArenaMetrics()
    : registry_(std::make_shared<prometheus::Registry>()),
      tournaments_(BuildGauge()
                       .Name("woodland_arena_tournaments")
                       .Help("Tournaments by state.")
                       .Register(*registry_)),
      scheduled_(BuildCounter()
                     .Name("woodland_arena_matches_scheduled_total")
                     .Help("Matches scheduled.")
                     .Register(*registry_)
                     .Add({})),
      running_(BuildGauge()
                   .Name("woodland_arena_matches_running")
                   .Help("Matches in progress.")
                   .Register(*registry_)
                   .Add({})),
      finished_(BuildCounter()
                    .Name("woodland_arena_matches_finished_total")
                    .Help("Matches finished and stored.")
                    .Register(*registry_)
                    .Add({})),
      failed_(BuildCounter()
                  .Name("woodland_arena_matches_failed_total")
                  .Help("Matches that could not be run.")
                  .Register(*registry_)
                  .Add({})),
      queue_(BuildGauge()
                 .Name("woodland_arena_queue_depth")
                 .Help("Matches waiting to run.")
                 .Register(*registry_)
                 .Add({})),
      workers_up_(BuildGauge()
                      .Name("woodland_arena_referee_workers_up")
                      .Help("Referee workers answering (or 1 for in-process).")
                      .Register(*registry_)
                      .Add({})),
      rating_updates_(BuildCounter()
                          .Name("woodland_arena_rating_updates_total")
                          .Help("Rating updates (one per stored match).")
                          .Register(*registry_)
                          .Add({})),
      duration_(BuildHistogram()
                    .Name("woodland_arena_match_duration_seconds")
                    .Help("Wall time of matches as seen by the arena.")
                    .Register(*registry_)
                    .Add({}, prometheus::Histogram::BucketBoundaries{
                                 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300})) {}

void ArenaMetrics::Tournaments(const std::string& state, double n) {
  tournaments_.Add({{"state", state}}).Set(n);
}

void ArenaMetrics::Finished(double seconds) {
  running_.Decrement();
  finished_.Increment();
  duration_.Observe(seconds);
}

}  // namespace woodland::arena
