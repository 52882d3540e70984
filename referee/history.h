// History on demand (issue 13 item 5): a seat's own view of every event of
// its match since the start, for a bot restarted mid-match.
//
// The match runner keeps one MatchHistory per match (the raw events and a
// copy of the starting state, from which each seat's view is converted the
// same way its requests are) and registers it under the match id; the
// referee service answers GetHistory from the registry. A request names the
// seat and carries that seat's secret token (MatchStart.history_token): a
// wrong token or seat is refused, and a seat only ever gets its own
// redacted view (Law 1.2).
#ifndef WOODLAND_REFEREE_HISTORY_H_
#define WOODLAND_REFEREE_HISTORY_H_

#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "referee/rules/state.h"
#include "woodland/v1/referee.pb.h"

namespace woodland::referee {

class MatchHistory {
 public:
  // `start`: the match's state before any decision (names and the map for
  // the events' texts); one token per seat.
  MatchHistory(const rules::State& start, std::vector<std::string> tokens);
  // Takes the events of `s` logged since the last call.
  void Update(const rules::State& s);
  void Finish();
  // A referee-made event the seat was sent after the first `position`
  // events of the match (the board event, issue 13 item 4).
  void AddSeatEvent(int seat, size_t position, v1::Event e);
  // The seat's events so far, or PERMISSION_DENIED.
  absl::StatusOr<v1::History> Get(int seat, const std::string& token) const;
  const std::string& token(int seat) const { return tokens_[seat]; }

 private:
  mutable std::mutex mu_;
  const rules::State start_;
  const std::vector<std::string> tokens_;
  std::vector<rules::Event> events_;
  // By seat: (position, event), in order.
  std::map<int, std::vector<std::pair<size_t, v1::Event>>> seat_events_;
  bool over_ = false;
};

// A fresh secret: 32 hex digits from the kernel's CSPRNG.
std::string NewHistoryToken();

// Histories by match id, the most recent `max_kept` kept.
class HistoryRegistry {
 public:
  explicit HistoryRegistry(size_t max_kept = 1000) : max_kept_(max_kept) {}
  void Add(const std::string& match_id, std::shared_ptr<MatchHistory> h);
  std::shared_ptr<MatchHistory> Find(const std::string& match_id) const;

 private:
  mutable std::mutex mu_;
  std::map<std::string, std::shared_ptr<MatchHistory>> by_id_;
  std::deque<std::string> order_;
  size_t max_kept_;
};

}  // namespace woodland::referee

#endif  // WOODLAND_REFEREE_HISTORY_H_
