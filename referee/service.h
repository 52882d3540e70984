// The Referee gRPC service (callback API). RunMatch hands each match to a
// worker pool, so gRPC threads never block on bots; WatchMatch streams a
// match's public events live; GetReplay serves finished matches' replays,
// except sealed ones, whose replay only their RunMatch caller gets.
#ifndef WOODLAND_REFEREE_SERVICE_H_
#define WOODLAND_REFEREE_SERVICE_H_

#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <thread>
#include <vector>

#include "referee/match_runner.h"
#include "referee/watch.h"
#include "woodland/v1/referee.grpc.pb.h"

namespace woodland::referee {

// A fixed set of threads running queued jobs. A job is told which thread
// (0..threads-1) runs it, so it can use that thread's own state.
class WorkerPool {
 public:
  explicit WorkerPool(int threads);
  ~WorkerPool();  // finishes queued jobs, then joins
  void Submit(std::function<void(int worker)> job);

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::function<void(int)>> jobs_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

// Updates of one match, kept for late watchers until the match is evicted.
// Publishing wakes the match's watch streams; it never waits for them.
// While no stream watches, the runner makes no live update (issue 12): the
// events it did not publish stay in the final state kept here (KeepBacklog)
// and become one update, in their place before the result, the first time
// a watcher reaches them.
class MatchChannel {
 public:
  void Publish(const v1::MatchUpdate& u);
  void KeepBacklog(const rules::State& s, size_t from,
                   const std::string& match_id);
  // Update `i` if it exists (true); else *done says whether the match is over.
  bool TryGet(size_t i, v1::MatchUpdate* out, bool* done);
  WatcherSet& watchers() { return watchers_; }
  // Whether a stream watches now (read by the match's thread).
  bool Watched() const { return !watchers_.Empty(); }

 private:
  std::mutex mu_;
  std::vector<v1::MatchUpdate> updates_;
  bool done_ = false;
  // The unconverted events: the final state, where they start, and the index
  // in updates_ their update takes.
  std::optional<rules::State> backlog_;
  size_t backlog_from_ = 0, backlog_at_ = 0;
  std::string match_id_;
  WatcherSet watchers_;
};

// Bounds on WatchMatch streams (operator flags --max-watchers and
// --max-watchers-per-client); beyond them a stream gets RESOURCE_EXHAUSTED.
struct WatchLimits {
  int max_total = 256;
  int max_per_client = 16;
};

class RefereeService final : public v1::Referee::CallbackService {
 public:
  // Seats of RunMatch requests are checked against `catalog` (no exec:
  // from the network; grpc:// only if allowed) and resolved through it.
  RefereeService(MatchOptions options, BotCatalog catalog, int workers,
                 size_t max_kept_matches = 1000, WatchLimits watch = {});
  ~RefereeService() override;

  // Issue 14: with accounts on, every call is checked first; `method` is
  // "RunMatch", "WatchMatch" or "GetReplay". A non-OK status refuses it.
  using Authenticate = std::function<grpc::Status(
      const grpc::CallbackServerContext& ctx, const std::string& method)>;
  void set_authenticate(Authenticate a) { authenticate_ = std::move(a); }

  grpc::ServerUnaryReactor* RunMatch(grpc::CallbackServerContext* ctx,
                                     const v1::MatchSpec* spec,
                                     v1::MatchResult* result) override;
  grpc::ServerWriteReactor<v1::MatchUpdate>* WatchMatch(
      grpc::CallbackServerContext* ctx, const v1::WatchRequest* req) override;
  grpc::ServerUnaryReactor* GetReplay(grpc::CallbackServerContext* ctx,
                                      const v1::GetReplayRequest* req,
                                      v1::Replay* replay) override;
  // Issue 13 item 5: a seat's own events, authorised by its token.
  grpc::ServerUnaryReactor* GetHistory(grpc::CallbackServerContext* ctx,
                                       const v1::HistoryRequest* req,
                                       v1::History* history) override;

 private:
  std::shared_ptr<MatchChannel> Channel(const std::string& id, bool create);
  bool Sealed(const std::string& id);

  BotCatalog catalog_;
  HistoryRegistry history_;
  MatchOptions options_;  // options_.catalog points at catalog_, .history
                          // at history_
  std::mutex mu_;
  std::map<std::string, std::shared_ptr<MatchChannel>> channels_;
  std::map<std::string, v1::Replay> replays_;
  std::set<std::string> sealed_;  // private to their RunMatch caller
  std::deque<std::string> kept_order_;
  size_t max_kept_;
  Authenticate authenticate_;
  StreamLimiter watch_limiter_;
  // Issue 19.4: each match thread's channels to grpc:// bots, kept across
  // its matches (a BotChannels is one thread's).
  std::vector<std::unique_ptr<BotChannels>> worker_channels_;
  std::unique_ptr<WorkerPool> pool_;  // last: joined first
};

}  // namespace woodland::referee

#endif  // WOODLAND_REFEREE_SERVICE_H_
