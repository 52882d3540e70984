// Live spectating (issue 15.5): what a spectator of a running match may
// see, kept by a MatchListener on the match's thread: the public events
// (the same MatchUpdate events WatchMatch streams) and the board as a
// spectator observes it (seat -1: no hand, no hidden piece, never the
// seed). Snapshots are taken at most every `min_interval`, so watching
// costs a match little; and only while someone watches (issue 12: a
// StateJson call watches a match for `watch_for`), so an arena whose page no
// one opens converts nothing. The events made while no one watched are
// converted when someone does: running, at the match's next decision;
// finished, from the final state kept with the entry.
#ifndef WOODLAND_ARENA_HTTP_LIVE_H_
#define WOODLAND_ARENA_HTTP_LIVE_H_

#include <atomic>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "absl/time/time.h"
#include "referee/match_runner.h"

namespace woodland::arena::http {

class LiveMatches {
 public:
  explicit LiveMatches(absl::Duration min_interval = absl::Milliseconds(100),
                       int keep_finished = 16,
                       absl::Duration watch_for = absl::Seconds(10))
      : min_interval_(min_interval),
        keep_finished_(keep_finished),
        watch_for_(watch_for) {}

  // A listener for one match (arena match id, tournament id, seat bots).
  std::unique_ptr<referee::MatchListener> Listen(int64_t tournament,
                                                 int64_t match,
                                                 std::vector<std::string> bots);

  // [{"match","tournament","bots","factions","events","done"}...], running
  // first.
  std::string ListJson() const;
  // {"match","done","map":...,"observation":...,"events_total",
  //  "events":[events with index >= after]}; NOT_FOUND when unknown.
  // Watches the match for `watch_for` from now.
  absl::StatusOr<std::string> StateJson(int64_t match, int64_t after);

 private:
  struct Entry {
    int64_t tournament = 0, match = 0;
    std::vector<std::string> bots;
    std::vector<std::string> factions;
    std::string map_json, observation_json;
    std::vector<std::string> events;  // JSON objects
    bool done = false;
    absl::Time last_snapshot = absl::InfinitePast();
    // The events no one watched, in the final state (from index
    // backlog_from on), converted by the first StateJson.
    std::optional<rules::State> backlog;
    size_t backlog_from = 0;
    // Read by the match's thread without the lock.
    std::atomic<int64_t> watched_until_ms{0};
    std::atomic<size_t> events_total{0};  // made so far (public or not yet)
  };
  class Listener;
  void Finish(int64_t match);
  // Appends the JSON of the events of `u` (the caller holds mu_).
  static void AppendEvents(Entry& e, const v1::MatchUpdate& u);

  const absl::Duration min_interval_;
  const int keep_finished_;
  const absl::Duration watch_for_;
  mutable std::mutex mu_;
  std::map<int64_t, std::shared_ptr<Entry>> entries_;
  std::deque<int64_t> finished_;
};

}  // namespace woodland::arena::http

#endif  // WOODLAND_ARENA_HTTP_LIVE_H_
