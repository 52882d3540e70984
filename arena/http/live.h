// Live spectating (issue 15.5): what a spectator of a running match may
// see, kept by a MatchListener on the match's thread: the public events
// (the same MatchUpdate events WatchMatch streams) and the board as a
// spectator observes it (seat -1: no hand, no hidden piece, never the
// seed). Snapshots are taken at most every `min_interval`, so watching
// costs a match little.
#ifndef WOODLAND_ARENA_HTTP_LIVE_H_
#define WOODLAND_ARENA_HTTP_LIVE_H_

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "absl/time/time.h"
#include "referee/match_runner.h"

namespace woodland::arena::http {

class LiveMatches {
 public:
  explicit LiveMatches(absl::Duration min_interval = absl::Milliseconds(100),
                       int keep_finished = 16)
      : min_interval_(min_interval), keep_finished_(keep_finished) {}

  // A listener for one match (arena match id, tournament id, seat bots).
  std::unique_ptr<referee::MatchListener> Listen(int64_t tournament,
                                                 int64_t match,
                                                 std::vector<std::string> bots);

  // [{"match","tournament","bots","factions","events","done"}...], running
  // first.
  std::string ListJson() const;
  // {"match","done","map":...,"observation":...,"events_total",
  //  "events":[events with index >= after]}; NOT_FOUND when unknown.
  absl::StatusOr<std::string> StateJson(int64_t match, int64_t after) const;

 private:
  struct Entry {
    int64_t tournament = 0, match = 0;
    std::vector<std::string> bots;
    std::vector<std::string> factions;
    std::string map_json, observation_json;
    std::vector<std::string> events;  // JSON objects
    bool done = false;
    absl::Time last_snapshot = absl::InfinitePast();
  };
  class Listener;
  void Finish(int64_t match);

  const absl::Duration min_interval_;
  const int keep_finished_;
  mutable std::mutex mu_;
  std::map<int64_t, std::shared_ptr<Entry>> entries_;
  std::deque<int64_t> finished_;
};

}  // namespace woodland::arena::http

#endif  // WOODLAND_ARENA_HTTP_LIVE_H_
