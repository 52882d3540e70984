// The conformance check of a bot (`woodland conformance`, and the arena
// before it schedules a newly registered bot or version, issue 14): Hello,
// the start/end notifications, full games with every faction (2 players),
// tables of 3 to 6 players with the bot in every seat, six-seat expansion
// tables, and unknown future fields in every request. `quick` keeps the
// protocol checks, one two-player game and the unknown-fields game.
#ifndef WOODLAND_ARENA_CONFORMANCE_CHECK_H_
#define WOODLAND_ARENA_CONFORMANCE_CHECK_H_

#include <cstdint>
#include <functional>
#include <string>

#include "absl/time/time.h"
#include "referee/bot_catalog.h"

namespace woodland::arena {

struct ConformanceOptions {
  absl::Duration deadline = absl::Seconds(1);
  uint64_t seed = 1;
  bool quick = false;
  // Resolves catalog:NAME (optional).
  const referee::BotCatalog* catalog = nullptr;
  // Told every check as it ends (optional).
  std::function<void(bool ok, const std::string& check,
                     const std::string& detail)>
      on_check;
};

struct ConformanceReport {
  int checks = 0, failures = 0;
  std::string first_failure;  // "check: detail"
  bool passed() const { return checks > 0 && failures == 0; }
};

ConformanceReport CheckConformance(const std::string& spec,
                                   const ConformanceOptions& options);

}  // namespace woodland::arena

#endif  // WOODLAND_ARENA_CONFORMANCE_CHECK_H_
