// The Arena gRPC service: registered bots, tournaments and ladders run on
// their own threads against local or remote referees, persisted in the
// Store; on start it resumes whatever was running when it stopped.
#ifndef WOODLAND_ARENA_SERVICE_H_
#define WOODLAND_ARENA_SERVICE_H_

#include <atomic>
#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "arena/auth.h"
#include "arena/metrics.h"
#include "arena/store.h"
#include "arena/tournament.h"
#include "referee/bot_catalog.h"
#include "referee/service.h"
#include "referee/watch.h"
#include "woodland/v1/arena.grpc.pb.h"

namespace woodland::arena {

// WatchTournament uses the callback API (a stream costs no thread; see
// referee/watch.h); the other methods are synchronous.
class ArenaService final
    : public v1::Arena::WithCallbackMethod_WatchTournament<v1::Arena::Service> {
 public:
  // Bots are registered as catalog:NAME (entries of `catalog`, which the
  // remote referees must share), builtin:random or an allowed grpc://
  // endpoint; never as a command line (issue 16.1).
  ArenaService(Store* store, ArenaMetrics* metrics,
               std::vector<std::string> referees, int workers,
               referee::BotCatalog catalog = {},
               referee::WatchLimits watch = {});
  ~ArenaService() override;  // cancels running tournaments and waits

  // Largest tournament (in tables) a client may create.
  void set_max_tables(int64_t n) { max_tables_ = n; }
  // Faction turns before a match of tournaments started from now on stops
  // unfinished (0: the referee's default).
  void set_max_turns(int n) { max_turns_ = n; }
  // The rating model of tournaments and ladders started from now on (its
  // dynamics factor tau; default 25/300).
  void set_rating_model(const RatingModel& m) { rating_ = m; }
  // Several nodes on one database (issue 18.2): this node's name in claims,
  // the lease of a claim, and how often to look for tournaments that other
  // nodes created or abandoned (0: never; the ladders this node runs have
  // their lease renewed at the same pace).
  void set_node(const std::string& id, absl::Duration lease,
                absl::Duration poll) {
    // The ticker reads poll_ under ticker_mu_: once it sees a poll period,
    // it sees the node and lease too.
    std::lock_guard<std::mutex> lock(ticker_mu_);
    node_id_ = id.empty() ? DefaultNodeId() : id;
    lease_ = lease;
    poll_ = poll;
  }
  // Issue 15.5: a listener for each match of tournaments started from now
  // on that runs in this process (the web's live view). Call before
  // ResumeAll.
  void set_match_listener(decltype(TournamentConfig::listen) listen) {
    listen_ = std::move(listen);
  }
  // Issue 14: accounts (an authorizer with accounts on checks every call;
  // default: local mode, everything allowed) and the token this arena sends
  // its remote referees.
  void set_authorizer(const Authorizer* a) { auth_ = a; }
  void set_referee_token(std::string t) { referee_token_ = std::move(t); }
  // The conformance check a newly registered bot or version must pass
  // before it is scheduled: "full" (woodland conformance), "quick" (the
  // protocol, one game, unknown fields) or "off". builtin: bots pass.
  void set_conformance(std::string mode) { conformance_ = std::move(mode); }
  // Waits until no conformance check is queued or running (tests).
  void WaitForChecks();

  // Restart recovery: relaunches tournaments and ladders stored as running.
  void ResumeAll();

  // Issue 14.2: the explicit full recomputation of a stored tournament's
  // ratings (rewritten in the store; equal to the incremental ones).
  absl::StatusOr<Standings> Recompute(int64_t tournament,
                                      TournamentConfig* config = nullptr);

  grpc::Status RegisterBot(grpc::ServerContext*, const v1::RegisterBotRequest*,
                           v1::BotRecord*) override;
  grpc::Status ListBots(grpc::ServerContext*, const v1::ListBotsRequest*,
                        v1::ListBotsResponse*) override;
  grpc::Status CreateTournament(grpc::ServerContext*,
                                const v1::CreateTournamentRequest*,
                                v1::TournamentStatus*) override;
  grpc::ServerWriteReactor<v1::TournamentStatus>* WatchTournament(
      grpc::CallbackServerContext* ctx, const v1::TournamentRef* ref) override;
  grpc::Status ListMatches(grpc::ServerContext*, const v1::ListMatchesRequest*,
                           v1::ListMatchesResponse*) override;
  grpc::Status ListTournaments(grpc::ServerContext*,
                               const v1::ListTournamentsRequest*,
                               v1::ListTournamentsResponse*) override;
  grpc::Status GetMatchReplay(grpc::ServerContext*,
                              const v1::MatchReplayRequest*,
                              v1::Replay*) override;
  grpc::Status GetStandings(grpc::ServerContext*, const v1::TournamentRef*,
                            v1::StandingsResponse*) override;
  grpc::Status CancelTournament(grpc::ServerContext*, const v1::TournamentRef*,
                                v1::TournamentStatus*) override;
  grpc::Status StartLadder(grpc::ServerContext*, const v1::StartLadderRequest*,
                           v1::TournamentStatus*) override;
  grpc::Status UpdateBot(grpc::ServerContext*, const v1::UpdateBotRequest*,
                         v1::BotRecord*) override;
  grpc::Status SetBotEnabled(grpc::ServerContext*,
                             const v1::SetBotEnabledRequest*,
                             v1::BotRecord*) override;
  grpc::Status DeleteBot(grpc::ServerContext*, const v1::BotRef*,
                         v1::BotRecord*) override;
  grpc::Status GetBotRatings(grpc::ServerContext*, const v1::BotRef*,
                             v1::BotRatingsResponse*) override;
  grpc::Status GetBotStderr(grpc::ServerContext*, const v1::BotStderrRequest*,
                            v1::BotStderrResponse*) override;

 private:
  struct Running {
    TournamentConfig config;
    bool ladder = false;
    std::atomic<bool> cancel{false};
    std::atomic<int> done{0}, total{0};
    std::atomic<int> state{v1::TOURNAMENT_STATE_RUNNING};
    // Issue 14: matches being played, whether the run has stopped (its
    // counts final), and why a ladder waits ("" while it schedules).
    std::atomic<int> running{0};
    std::atomic<bool> settled{false};
    mutable std::mutex waiting_mu;
    std::string waiting;
    // A ladder's standings as its run last published them (issue 14.2:
    // GetStandings reads no stored match); guarded by waiting_mu.
    std::shared_ptr<const Standings> standings;
    std::string error;
    std::thread thread;
    std::mutex join_mu;  // the thread is joined once, under this lock
    void Join();
  };
  class Watch;

  absl::StatusOr<TournamentConfig> Configure(
      const v1::CreateTournamentRequest& req);
  grpc::Status Launch(v1::CreateTournamentRequest req, bool ladder,
                      int64_t resume_id, v1::TournamentStatus* status);
  Running* Find(int64_t id);
  // The caller (UNAUTHENTICATED without a valid token, accounts on); with
  // `admin`, PERMISSION_DENIED for a non-admin.
  grpc::Status Caller(const grpc::ServerContextBase* ctx, Principal* who,
                      bool admin = false);
  // The bot, if `who` may change it (its owner; with `moderate`, also an
  // admin).
  absl::StatusOr<BotRow> OwnedBot(const Principal& who, const std::string& name,
                                  bool moderate);
  grpc::Status Record(const std::string& name, v1::BotRecord* out);
  // Queues the check of a new bot or version (or passes it at once).
  std::string FirstCheckState(const std::string& spec) const;
  void QueueCheck(const std::string& name, const std::string& version,
                  const std::string& spec);
  absl::StatusOr<std::vector<LiveBot>> LiveBotsOf(
      const std::vector<TournamentBot>& bots);
  void Status(int64_t id, const Running& r, v1::TournamentStatus* out);
  void UpdateStateMetrics();

  Store* store_;
  ArenaMetrics* metrics_;
  std::vector<std::string> referees_;
  int workers_;
  referee::BotCatalog catalog_;
  int64_t max_tables_ = 1000;
  int max_turns_ = 0;
  RatingModel rating_;
  std::string node_id_ = DefaultNodeId();
  absl::Duration lease_ = absl::Seconds(30);
  absl::Duration poll_ = absl::ZeroDuration();
  absl::Time next_poll_ = absl::InfinitePast();
  // Joins tournaments other nodes created, takes over abandoned ladders,
  // stops those another node cancelled, renews this node's ladder leases.
  void Poll();
  // False when another live node runs the ladder `id`.
  bool ClaimLadder(int64_t id);
  decltype(TournamentConfig::listen) listen_;
  const Authorizer* auth_ = nullptr;
  std::string referee_token_;
  std::string conformance_ = "full";
  LiveMatches live_;
  // Issue 14: SetBotEnabled(true) calls per bot name: a ladder probes a
  // suspended bot at once when its count grows.
  std::mutex resume_mu_;
  std::map<std::string, int64_t> resume_requests_;
  // Conformance checks, one at a time on their own thread.
  struct Check {
    std::string name, version, spec;
  };
  std::mutex check_mu_;
  std::condition_variable check_cv_;
  std::deque<Check> checks_;
  int checks_running_ = 0;
  bool checks_stop_ = false;
  std::thread checker_;
  // Held by ResumeAll and around a new tournament's Launch: a poll's
  // ResumeAll seeing a tournament between its stored request and its entry
  // in running_ (or two ResumeAll calls, at start-up and from the poll) would
  // launch a second run of it.
  std::mutex launch_mu_;
  std::mutex mu_;
  std::map<int64_t, std::unique_ptr<Running>> running_;
  std::atomic<int64_t> counter_{0};
  // Watch streams: woken every 50 ms by one ticker thread.
  referee::StreamLimiter watch_limiter_;
  referee::WatcherSet watchers_;
  std::mutex ticker_mu_;
  std::condition_variable ticker_cv_;
  bool stopping_ = false;
  std::thread ticker_;
};

}  // namespace woodland::arena

#endif  // WOODLAND_ARENA_SERVICE_H_
