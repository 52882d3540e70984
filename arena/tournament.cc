#include "arena/tournament.h"

#include <grpcpp/grpcpp.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <deque>
#include <limits>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/strip.h"
#include "arena/auth.h"
#include "google/protobuf/util/json_util.h"
#include "google/protobuf/util/time_util.h"
#include "referee/convert.h"
#include "referee/match_runner.h"
#include "referee/rules/faction.h"
#include "woodland/v1/referee.grpc.pb.h"

namespace woodland::arena {
namespace {

using google::protobuf::util::TimeUtil;

}  // namespace

std::string ConfigKey(const TournamentConfig& c) {
  if (!c.key.empty()) return c.key;
  std::vector<std::string> bots;
  for (const auto& b : c.bots) bots.push_back(b.name + "=" + b.spec);
  return absl::StrCat(
      "bots:", absl::StrJoin(bots, ";"),
      "|factions:", absl::StrJoin(c.factions, ","), "|players:", c.players,
      "|tables:", c.tables_per_pairing,
      "|seed:", c.random_seeds ? "random" : absl::StrCat(c.seed),
      c.deck == "standard" ? "" : absl::StrCat("|deck:", c.deck),
      // A non-default table is part of the key (default keys unchanged).
      c.table.ByteSizeLong() == 0
          ? ""
          : absl::StrCat("|table:", c.table.ShortDebugString()));
}

namespace {

ScheduleSpec Spec(const TournamentConfig& c) {
  return ScheduleSpec{static_cast<int>(c.bots.size()), c.factions, c.players,
                      c.tables_per_pairing, c.seed};
}

LedgerOptions LedgerOf(const TournamentConfig& c) {
  LedgerOptions o;
  for (const TournamentBot& b : c.bots) o.bots.push_back(b.name);
  o.factions = c.factions;
  o.players = c.players;
  o.model = c.rating;
  o.suspend_after = c.suspend_after;
  o.draft = c.table.draft();
  return o;
}

Table TableOf(const MatchRow& m) {
  return Table{m.table_index, m.bots, m.factions, m.seed};
}

bool ParseResult(const MatchRow& m, v1::MatchResult* r) {
  return m.state == "done" &&
         google::protobuf::util::JsonStringToMessage(m.result_json, r).ok();
}

// Everything from the stored rows: every table in the balance, every
// finished match applied in schedule order.
Ledger Load(const TournamentConfig& c, const std::vector<MatchRow>& rows) {
  Ledger ledger(LedgerOf(c));
  for (const MatchRow& m : rows) ledger.Schedule(TableOf(m));
  for (const MatchRow& m : rows) {
    v1::MatchResult r;
    if (ParseResult(m, &r)) ledger.Apply(m.bots, r, ParseForfeits(m.forfeits));
  }
  return ledger;
}

Standings Compute(const TournamentConfig& c,
                  const std::vector<MatchRow>& rows) {
  return Load(c, rows).Snapshot(static_cast<int>(rows.size()));
}

// One referee address may name a fleet: gRPC resolves it (e.g.
// dns:///woodland-referee:50051 on a headless Kubernetes Service, or
// ipv4:10.0.0.1:50051,10.0.0.2:50051) and balances calls round_robin over
// the backends its client-side health checks report serving.
grpc::ChannelArguments RefereeChannelArgs() {
  grpc::ChannelArguments args;
  args.SetServiceConfigJSON(R"({"loadBalancingConfig": [{"round_robin": {}}],)"
                            R"( "healthCheckConfig": {"serviceName": ""}})");
  return args;
}

// Runs matches on remote referees, round-robin over the healthy ones; a
// worker that fails a call is skipped for a while and the match is retried
// on the next (with a fleet address, on the next backend of the fleet).
class RefereePool {
 public:
  RefereePool(const std::vector<std::string>& addresses, ArenaMetrics* metrics,
              std::string token = "")
      : metrics_(metrics), token_(std::move(token)) {
    for (const std::string& a : addresses) {
      Worker w;
      w.address = a;
      // A resolver scheme or several addresses: a fleet behind one channel.
      w.fleet = a.find(',') != std::string::npos || a.rfind("dns:", 0) == 0 ||
                a.rfind("ipv4:", 0) == 0 || a.rfind("ipv6:", 0) == 0;
      w.stub = v1::Referee::NewStub(grpc::CreateCustomChannel(
          a, grpc::InsecureChannelCredentials(), RefereeChannelArgs()));
      workers_.push_back(std::move(w));
    }
    ReportUp();
  }

  // `seal`: tables of a group share a seed, so nobody may watch one or
  // fetch its replay (the replay comes back with the result). A ladder
  // table has its own seed: unsealed, it is watchable while it runs
  // (entered in `live` under `match`).
  absl::StatusOr<referee::MatchOutput> Run(const v1::MatchSpec& spec,
                                           bool seal = true,
                                           LiveMatches* live = nullptr,
                                           int64_t match = 0) {
    absl::Status last = absl::UnavailableError("no referee worker");
    int fleets = 0;
    for (const Worker& w : workers_) fleets += w.fleet;
    const int attempts =
        3 * static_cast<int>(workers_.size()) + 3 + 10 * fleets;
    for (int attempt = 0; attempt < attempts; ++attempt) {
      Worker* w = Next();
      if (w == nullptr) {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        continue;
      }
      v1::MatchSpec s = spec;
      // Ids unique across arenas and attempts: the referee keeps finished
      // matches by id.
      s.set_match_id(absl::StrCat(spec.match_id(), "-", nonce_, "-a", attempt));
      grpc::ClientContext ctx;
      ctx.set_deadline(std::chrono::system_clock::now() +
                       std::chrono::minutes(30));
      AddToken(&ctx, token_);
      s.set_sealed(seal);
      referee::MatchOutput out;
      if (live != nullptr && !seal)
        live->Set(match, {s.match_id(), w->address});
      grpc::Status st = w->stub->RunMatch(&ctx, s, &out.result);
      if (live != nullptr) live->Erase(match);
      // Issue 14: stderr is kept apart, for the bot's owner only.
      for (v1::SeatResult& seat : *out.result.mutable_seats()) {
        out.stderr_by_seat.push_back(seat.stderr());
        seat.clear_stderr();
      }
      if (st.ok() && out.result.has_replay()) {
        out.replay = std::move(*out.result.mutable_replay());
        out.result.clear_replay();
      } else if (st.ok()) {  // a referee from before sealing existed
        grpc::ClientContext rctx;
        rctx.set_deadline(std::chrono::system_clock::now() +
                          std::chrono::seconds(30));
        AddToken(&rctx, token_);
        v1::GetReplayRequest req;
        req.set_match_id(s.match_id());
        st = w->stub->GetReplay(&rctx, req, &out.replay);
      }
      if (st.ok()) {
        MarkUp(w);
        return out;
      }
      if (st.error_code() == grpc::StatusCode::INVALID_ARGUMENT) {
        return absl::InvalidArgumentError(st.error_message());
      }
      if (st.error_code() == grpc::StatusCode::ALREADY_EXISTS)
        continue;  // next id
      last = absl::UnavailableError(st.error_message());
      MarkDown(w, st.error_message());
    }
    return last;
  }

 private:
  struct Worker {
    std::string address;
    std::unique_ptr<v1::Referee::Stub> stub;
    absl::Time down_until = absl::InfinitePast();
    bool down = false;   // its last call failed
    bool fleet = false;  // gRPC balances over the backends of the address
  };
  Worker* Next() {
    std::lock_guard<std::mutex> lock(mu_);
    const absl::Time now = absl::Now();
    for (size_t i = 0; i < workers_.size(); ++i) {
      Worker& w = workers_[(next_++) % workers_.size()];
      if (w.down_until <= now) return &w;
    }
    return nullptr;
  }
  // Issue 14.5/14.6: the gauge counts workers whose last call succeeded,
  // and a failing worker is logged once per failure streak.
  void MarkDown(Worker* w, const std::string& why) {
    std::lock_guard<std::mutex> lock(mu_);
    // A fleet's failed call lost one backend, which gRPC's health checks
    // take out of the rotation: retry at once on the others.
    w->down_until =
        absl::Now() + (w->fleet ? absl::Milliseconds(100) : absl::Seconds(2));
    if (!w->down) {
      std::fprintf(stderr, "arena: referee worker %s failed: %s\n",
                   w->address.c_str(), why.c_str());
    }
    w->down = true;
    ReportUpLocked();
  }
  void MarkUp(Worker* w) {
    std::lock_guard<std::mutex> lock(mu_);
    if (w->down) {
      std::fprintf(stderr, "arena: referee worker %s is back\n",
                   w->address.c_str());
    }
    w->down = false;
    ReportUpLocked();
  }
  void ReportUp() {
    std::lock_guard<std::mutex> lock(mu_);
    ReportUpLocked();
  }
  void ReportUpLocked() {
    int up = 0;
    for (const Worker& w : workers_) up += !w.down;
    if (metrics_ != nullptr) metrics_->WorkersUp(up);
  }
  ArenaMetrics* metrics_;
  const std::string token_;
  std::mutex mu_;
  std::vector<Worker> workers_;
  size_t next_ = 0;
  const int64_t nonce_ =
      absl::ToUnixMicros(absl::Now()) ^ (static_cast<int64_t>(getpid()) << 40);
};

}  // namespace

void ApplyTable(const TournamentConfig& c, v1::MatchSpec& spec) {
  const v1::TableSetup& t = c.table;
  if (!t.map().empty()) spec.set_map(t.map());
  if (!t.deck().empty()) spec.set_deck(t.deck());
  *spec.mutable_suits() = t.suits();
  spec.set_random_suits(t.random_suits());
  *spec.mutable_landmarks() = t.landmarks();
  spec.set_setup_mode(t.setup_mode());
  *spec.mutable_hirelings() = t.hirelings();  // Law 22, 19.6
  if (!t.draft()) return;
  // Law 19.8: a drafting table seats bots only, and the tournament's pool
  // is the draft pool (19.8.1; vagabond2 is the second Vagabond card).
  for (v1::SeatSpec& seat : *spec.mutable_seats()) seat.clear_faction();
  for (int f : c.factions) {
    if (f == rules::kVagabond2) {
      spec.set_vagabond_setup_cards(2);
    } else {
      spec.add_draft_pool(referee::FactionToProto(f));
    }
  }
}

namespace {

v1::MatchSpec SpecOf(const TournamentConfig& c, int64_t tid,
                     const MatchRow& m) {
  v1::MatchSpec spec;
  spec.set_match_id(absl::StrCat("t", tid, "-", m.table_index));
  spec.set_seed(m.seed);
  if (c.deck != "standard") spec.set_deck(c.deck);
  // Law 5.1.1 leaves the starting player to chance; the schedule rotates
  // every bot through every seat, so seat 0 starts (recorded in the
  // result as first_seat_pinned).
  spec.set_first_seat(0);
  if (c.max_turns > 0) spec.set_max_turns(c.max_turns);
  *spec.mutable_decision_deadline() = TimeUtil::NanosecondsToDuration(
      absl::ToInt64Nanoseconds(c.decision_deadline));
  for (size_t seat = 0; seat < m.bots.size(); ++seat) {
    v1::SeatSpec* ss = spec.add_seats();
    ss->set_faction(referee::FactionToProto(m.factions[seat]));
    ss->set_bot(seat < m.specs.size() ? m.specs[seat]
                                      : c.bots[m.bots[seat]].spec);
  }
  ApplyTable(c, spec);
  return spec;
}

// `channels`: the calling worker's channels to grpc:// bots, kept across
// its matches (issue 19.4).
absl::StatusOr<referee::MatchOutput> Play(const TournamentConfig& c,
                                          RefereePool* pool, int64_t tid,
                                          const MatchRow& m,
                                          referee::BotChannels* channels,
                                          bool ladder = false) {
  const v1::MatchSpec spec = SpecOf(c, tid, m);
  referee::MatchOptions local;
  local.catalog = c.catalog;
  local.connect.play_stream = c.play_stream;
  local.connect.channels = channels;
  if (pool) return pool->Run(spec, !ladder, c.live, m.id);
  std::unique_ptr<referee::MatchListener> listener;
  if (c.listen) {
    std::vector<std::string> names;
    for (int b : m.bots) names.push_back(c.bots[b].name);
    listener = c.listen(tid, m.id, std::move(names));
  }
  return referee::RunMatch(spec, local, listener.get());
}

// Stores a finished match with its forfeits and the rating rows it
// changed: constant work, whatever the number of stored matches.
// A ladder match also updates the persistent ratings of the bot versions
// it seated (issue 14), in the same transaction.
absl::Status Record(Store& store, int64_t tid, const MatchRow& m,
                    const referee::MatchOutput& out, Ledger& ledger,
                    const TournamentConfig* ladder = nullptr) {
  std::vector<SeatForfeit> forfeits = FindForfeits(out.result, out.replay);
  const std::string forfeit_text = ForfeitsText(forfeits);
  std::string result, replay;
  (void)google::protobuf::util::MessageToJsonString(out.result, &result);
  (void)google::protobuf::util::MessageToJsonString(out.replay, &replay);
  LadderUpdate update;
  if (ladder != nullptr) {
    for (size_t i = 0; i < m.bots.size(); ++i) {
      update.bots.push_back(ladder->bots[m.bots[i]].name);
      update.versions.push_back(i < m.versions.size() ? m.versions[i] : "");
      // The faction played (drafted ones come from the result, 19.8).
      update.factions.push_back(
          static_cast<int>(i) < out.result.seats_size()
              ? referee::FactionFromProto(out.result.seats(i).faction())
              : m.factions[i]);
    }
    const RatingModel model = ladder->rating;
    update.apply = [&out, &forfeits, model](
                       std::vector<LadderRatingRow>& overall,
                       std::vector<LadderRatingRow>& by_faction) {
      UpdateLadderRows(out.result, forfeits, model, overall, by_faction);
    };
  }
  const std::vector<SeatForfeit> kept = forfeits;
  ledger.Offer(m.table_index, m.bots, out.result, kept);
  return store.SaveResult(m.id, result, replay, forfeit_text, tid,
                          ledger.TakeChangedRows(), out.stderr_by_seat,
                          ladder != nullptr ? &update : nullptr);
}

}  // namespace

namespace {

int64_t NowMs() { return absl::ToUnixMillis(absl::Now()); }

// Counts a match as being played while it lives (TournamentConfig::running).
class RunningMatch {
 public:
  explicit RunningMatch(std::atomic<int>* n) : n_(n) {
    if (n_ != nullptr) ++*n_;
  }
  // Takes over a count made earlier and released (see LadderRun::Take).
  RunningMatch(std::atomic<int>* n, bool counted) : n_(n) {
    if (n_ != nullptr && !counted) ++*n_;
  }
  // Leaves the count made to the guard that adopts it.
  void Release() { n_ = nullptr; }
  ~RunningMatch() {
    if (n_ != nullptr) --*n_;
  }
  RunningMatch(const RunningMatch&) = delete;
  RunningMatch& operator=(const RunningMatch&) = delete;

 private:
  std::atomic<int>* n_;
};

std::string HostName() {
  char host[256] = {0};
  if (gethostname(host, sizeof host - 1) != 0) return "localhost";
  return host;
}

}  // namespace

// "host/pid": unique among live arena processes, and a node on the same
// host can tell that a claimer died (its pid is gone) without waiting for
// the lease to run out: a restarted single node resumes at once.
std::string DefaultNodeId() {
  return absl::StrCat(HostName(), "/", static_cast<int64_t>(getpid()));
}

// `claimed_by` if it names a process of this host that no longer exists.
std::string DeadOnThisHost(const std::string& claimed_by) {
  const size_t slash = claimed_by.rfind('/');
  if (slash == std::string::npos || claimed_by.substr(0, slash) != HostName()) {
    return "";
  }
  int64_t pid = 0;
  if (!absl::SimpleAtoi(claimed_by.substr(slash + 1), &pid) || pid <= 0)
    return "";
  return kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH ? claimed_by
                                                                 : "";
}

namespace {

// One node's share of a tournament's pending matches (issue 18.2). Several
// nodes (arena processes on one database) may run the same tournament: each
// claims a match before playing it (Store::ClaimMatch, with a lease its
// heartbeat renews), takes over the claims of dead nodes, stores each result
// once, and feeds the others' results into its ledger in schedule order, so
// every node ends with the ratings of a single-node run.
class PendingRun {
 public:
  PendingRun(const TournamentConfig& c, Store& store, int64_t tid,
             const Progress& progress)
      : c_(c),
        store_(store),
        tid_(tid),
        progress_(progress),
        node_(c.node_id.empty() ? DefaultNodeId() : c.node_id),
        lease_ms_(std::max<int64_t>(1000, absl::ToInt64Milliseconds(c.lease))),
        ledger_(LedgerOf(c)) {}

  absl::StatusOr<Standings> Run();

 private:
  absl::Status Load();
  void Worker();
  // The next match for a worker: a claim whose node is gone (taken over as
  // soon as its lease ends: every node waits for it), else the next match
  // nobody started, else, with nothing left to start, an open match once
  // it can be claimed, waiting for the other nodes' results meanwhile.
  // nullopt when every match is done (or the run stops).
  absl::StatusOr<std::optional<MatchRow>> Next();
  // Under mu_: a running match of `rows` this run may take over now.
  std::optional<MatchRow> TakeOverLocked(const std::vector<MatchRow>& rows,
                                         int64_t now_ms);
  // Claims, plays and records one match; false when another node holds it.
  // `channels`: the worker's own (BotChannels is one thread's).
  absl::StatusOr<bool> PlayOne(const MatchRow& m,
                               referee::BotChannels* channels);
  // Offers the results other nodes stored since the ledger's prefix.
  absl::Status SyncLocked();
  absl::Status ReloadLedgerLocked();
  bool Stopped() const { return c_.cancel != nullptr && c_.cancel->load(); }
  void Heartbeat();

  const TournamentConfig& c_;
  Store& store_;
  const int64_t tid_;
  const Progress& progress_;
  const std::string node_;
  const int64_t lease_ms_;
  std::unique_ptr<RefereePool> pool_;
  std::mutex mu_;  // guards everything below up to the heartbeat's
  Ledger ledger_;
  std::vector<MatchRow> rows_;     // the schedule, by table index
  std::set<int> done_;             // table indices known done
  std::vector<MatchRow> pending_;  // not done when the run started
  std::set<int> in_play_;          // table indices this run's workers hold
  size_t next_ = 0;
  int started_ = 0;  // matches taken from pending_
  int taken_ = 0;    // matches handed to workers (stop_after counts them)
  int total_ = 0;
  absl::Status failure_ = absl::OkStatus();
  // The heartbeat has its own lock: a worker holding mu_ through a slow
  // store write must not delay the renewal of this node's leases.
  std::mutex heartbeat_mu_;
  bool stop_heartbeat_ = false;
  std::condition_variable heartbeat_cv_;
};

absl::Status PendingRun::Load() {
  absl::StatusOr<std::vector<MatchRow>> rows = store_.Matches(tid_);
  if (!rows.ok()) return rows.status();
  // Read once per run; each result then updates the ledger.
  for (const MatchRow& m : *rows) ledger_.Schedule(TableOf(m));
  for (MatchRow& m : *rows) {
    v1::MatchResult r;
    if (ParseResult(m, &r)) {
      done_.insert(m.table_index);
      ledger_.Offer(m.table_index, m.bots, r, ParseForfeits(m.forfeits));
    } else if (m.state != "done") {
      m.result_json.clear();
      pending_.push_back(m);
    }
  }
  total_ = static_cast<int>(rows->size());
  // Kept without results (replays and results live in the store).
  rows_ = *std::move(rows);
  for (MatchRow& m : rows_) m.result_json.clear();
  return absl::OkStatus();
}

absl::Status PendingRun::SyncLocked() {
  absl::StatusOr<std::vector<MatchRow>> rows =
      store_.MatchesInState(tid_, /*done=*/true, ledger_.next_to_apply());
  if (!rows.ok()) return rows.status();
  for (const MatchRow& m : *rows) {
    if (done_.count(m.table_index)) continue;
    v1::MatchResult r;
    if (!ParseResult(m, &r)) continue;
    done_.insert(m.table_index);
    ledger_.Offer(m.table_index, m.bots, r, ParseForfeits(m.forfeits));
  }
  return absl::OkStatus();
}

absl::Status PendingRun::ReloadLedgerLocked() {
  ledger_ = Ledger(LedgerOf(c_));
  for (const MatchRow& m : rows_) ledger_.Schedule(TableOf(m));
  done_.clear();
  return SyncLocked();
}

// Adds the time since `since` to a timing counter (when timings are on).
void AddSince(std::atomic<int64_t>* counter, absl::Time since) {
  if (counter != nullptr)
    counter->fetch_add(absl::ToInt64Nanoseconds(absl::Now() - since));
}

// The referee's measure of the time spent waiting for the bots' answers.
int64_t ThinkingNanos(const v1::MatchResult& r) {
  int64_t ns = 0;
  for (const v1::SeatResult& seat : r.seats()) {
    ns += TimeUtil::DurationToNanoseconds(seat.thinking_time());
  }
  return ns;
}

absl::StatusOr<bool> PendingRun::PlayOne(const MatchRow& m,
                                         referee::BotChannels* channels) {
  TournamentTimings* t = c_.timings;
  auto counter = [t](std::atomic<int64_t> TournamentTimings::*field) {
    return t != nullptr ? &(t->*field) : nullptr;
  };
  absl::Time t0 = absl::Now();
  const int64_t now = NowMs();
  absl::StatusOr<bool> claimed = store_.ClaimMatch(
      m.id, node_, now + lease_ms_, now, DeadOnThisHost(m.claimed_by));
  AddSince(counter(&TournamentTimings::store_ns), t0);
  if (!claimed.ok() || !*claimed) return claimed;
  const RunningMatch running(c_.running);
  if (c_.metrics) c_.metrics->Started();
  const absl::Time start = t0 = absl::Now();
  absl::StatusOr<referee::MatchOutput> out =
      Play(c_, pool_.get(), tid_, m, channels);
  AddSince(counter(&TournamentTimings::play_ns), t0);
  if (!out.ok()) return out.status();
  if (t != nullptr) {
    t->bots_ns += ThinkingNanos(out->result);
    t->decisions += out->result.decisions();
    ++t->matches;
  }
  t0 = absl::Now();
  std::vector<SeatForfeit> forfeits = FindForfeits(out->result, out->replay);
  const std::string forfeit_text = ForfeitsText(forfeits);
  std::string result, replay;
  (void)google::protobuf::util::MessageToJsonString(out->result, &result);
  (void)google::protobuf::util::MessageToJsonString(out->replay, &replay);
  AddSince(counter(&TournamentTimings::encode_ns), t0);
  t0 = absl::Now();
  std::lock_guard<std::mutex> lock(mu_);
  AddSince(counter(&TournamentTimings::lock_ns), t0);
  t0 = absl::Now();
  if (absl::Status st = SyncLocked(); !st.ok()) return st;
  if (done_.count(m.table_index)) return true;  // another node stored it
  ledger_.Offer(m.table_index, m.bots, out->result, std::move(forfeits));
  absl::Status st = store_.SaveResult(
      m.id, result, replay, forfeit_text, tid_, ledger_.TakeChangedRows(),
      out->stderr_by_seat, /*ladder=*/nullptr, ledger_.next_to_apply());
  if (absl::IsAlreadyExists(st)) {
    // Stored by a node that took over this match meanwhile: its result
    // counts, and the ledger is rebuilt from the store (a rare path).
    st = ReloadLedgerLocked();
  } else if (st.ok()) {
    done_.insert(m.table_index);
  }
  AddSince(counter(&TournamentTimings::store_ns), t0);
  if (!st.ok()) return st;
  if (c_.metrics) {
    c_.metrics->Finished(absl::ToDoubleSeconds(absl::Now() - start));
    c_.metrics->RatingUpdate();
  }
  if (progress_) progress_(static_cast<int>(done_.size()), total_);
  return true;
}

std::optional<MatchRow> PendingRun::TakeOverLocked(
    const std::vector<MatchRow>& rows, int64_t now_ms) {
  for (const MatchRow& m : rows) {
    if (m.state != "running" || in_play_.count(m.table_index) ||
        done_.count(m.table_index)) {
      continue;
    }
    // Held under this node's name by none of this run's workers: left by an
    // earlier process of the node.
    const bool orphan = m.claimed_by == node_ || m.claimed_by.empty();
    if (!orphan && m.lease_until_ms >= now_ms &&
        DeadOnThisHost(m.claimed_by).empty()) {
      continue;
    }
    if (!orphan) {
      const std::string why =
          m.lease_until_ms < now_ms
              ? absl::StrCat("lease ended ", now_ms - m.lease_until_ms,
                             " ms ago")
              : "its process is gone";
      std::fprintf(stderr,
                   "arena: node %s takes over table %d of tournament %lld "
                   "from %s (%s)\n",
                   node_.c_str(), m.table_index, static_cast<long long>(tid_),
                   m.claimed_by.c_str(), why.c_str());
    }
    return m;
  }
  return std::nullopt;
}

absl::StatusOr<std::optional<MatchRow>> PendingRun::Next() {
  for (;;) {
    if (Stopped()) return std::nullopt;
    absl::StatusOr<std::vector<MatchRow>> running = store_.RunningMatches(tid_);
    if (!running.ok()) return running.status();
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (!failure_.ok()) return std::nullopt;
      if (c_.stop_after > 0 && taken_ >= c_.stop_after) return std::nullopt;
      std::optional<MatchRow> m = TakeOverLocked(*running, NowMs());
      while (!m && next_ < pending_.size()) {
        ++started_;
        const MatchRow& p = pending_[next_++];
        if (!in_play_.count(p.table_index) && !done_.count(p.table_index))
          m = p;
      }
      if (m) {
        in_play_.insert(m->table_index);
        ++taken_;
        return m;
      }
    }
    // Nothing left to start: the open matches are being played, here or by
    // live nodes; their results, or their expired leases, come.
    absl::StatusOr<std::vector<MatchRow>> open =
        store_.MatchesInState(tid_, /*done=*/false, 0);
    if (!open.ok()) return open.status();
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (open->empty()) return std::nullopt;
      // One left pending (a node stopped before playing it).
      for (const MatchRow& m : *open) {
        if (m.state == "pending" && !in_play_.count(m.table_index)) {
          in_play_.insert(m.table_index);
          ++taken_;
          return m;
        }
      }
      if (absl::Status st = SyncLocked(); !st.ok()) return st;
      if (progress_) progress_(static_cast<int>(done_.size()), total_);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(
        std::clamp<int64_t>(lease_ms_ / 20, 50, 500)));
  }
}

void PendingRun::Worker() {
  referee::BotChannels channels;  // kept across this worker's matches
  for (;;) {
    absl::StatusOr<std::optional<MatchRow>> next = Next();
    if (next.ok() && !next->has_value()) return;
    absl::StatusOr<bool> played = next.ok()
                                      ? PlayOne(**next, &channels)
                                      : absl::StatusOr<bool>(next.status());
    std::lock_guard<std::mutex> lock(mu_);
    if (next.ok()) in_play_.erase((*next)->table_index);
    if (!played.ok()) {
      if (failure_.ok()) failure_ = played.status();
      if (c_.metrics) c_.metrics->Failed();
      return;
    }
  }
}

void PendingRun::Heartbeat() {
  std::unique_lock<std::mutex> lock(heartbeat_mu_);
  while (!heartbeat_cv_.wait_for(lock, std::chrono::milliseconds(lease_ms_ / 3),
                                 [this] { return stop_heartbeat_; })) {
    lock.unlock();
    (void)store_.RenewLeases(tid_, node_, NowMs() + lease_ms_);
    lock.lock();
  }
}

absl::StatusOr<Standings> PendingRun::Run() {
  if (absl::Status st = Load(); !st.ok()) return st;
  if (progress_) progress_(static_cast<int>(done_.size()), total_);
  if (c_.metrics) c_.metrics->Queued(static_cast<int>(pending_.size()));
  if (!c_.referees.empty())
    pool_ = std::make_unique<RefereePool>(c_.referees, c_.metrics,
                                          c_.referee_token);
  else if (c_.metrics)
    c_.metrics->WorkersUp(1);
  std::thread heartbeat([this] { Heartbeat(); });
  std::vector<std::thread> threads;
  for (int w = 0; w < std::max(1, c_.workers); ++w)
    threads.emplace_back([this] { Worker(); });
  for (std::thread& t : threads) t.join();
  {
    std::lock_guard<std::mutex> lock(heartbeat_mu_);
    stop_heartbeat_ = true;
  }
  heartbeat_cv_.notify_all();
  heartbeat.join();
  // Matches never started leave the queue (cancel, stop, failure).
  if (c_.metrics) {
    c_.metrics->Queued(-(static_cast<int>(pending_.size()) - started_));
  }
  if (!failure_.ok()) return failure_;
  std::lock_guard<std::mutex> lock(mu_);
  if (absl::Status s = SyncLocked(); !s.ok()) return s;
  // The last results may have come from other nodes: report them too.
  if (progress_) progress_(static_cast<int>(done_.size()), total_);
  if (ledger_.next_to_apply() == total_) return ledger_.Snapshot(total_);
  // Stopped with results finished out of order: all stored ones count.
  absl::StatusOr<std::vector<MatchRow>> final_rows = store_.Matches(tid_);
  if (!final_rows.ok()) return final_rows.status();
  return Compute(c_, *final_rows);
}

}  // namespace

absl::StatusOr<std::vector<MatchRow>> MatchPage(
    Store& store, const v1::ListMatchesRequest& req, std::string* next_token) {
  if (req.page_size() < 0 || req.page_size() > 10000)
    return absl::InvalidArgumentError("page_size must be 0 to 10000");
  const int size = req.page_size() > 0 ? req.page_size() : 1000;
  int after = -1;
  if (!req.page_token().empty() &&
      (!absl::SimpleAtoi(req.page_token(), &after) || after < 0)) {
    return absl::InvalidArgumentError("invalid page_token");
  }
  auto rows = store.MatchesPage(req.tournament_id(), after, size + 1);
  if (!rows.ok()) return rows.status();
  next_token->clear();
  if (static_cast<int>(rows->size()) > size) {
    rows->resize(size);
    *next_token = absl::StrCat(rows->back().table_index);
  }
  return rows;
}

void MatchSummaryOf(const MatchRow& m, const std::vector<TournamentBot>& bots,
                    v1::MatchSummary* s) {
  s->set_table(m.table_index);
  s->set_match_id(m.id);
  s->set_state(m.state);
  v1::MatchResult result;
  const bool done =
      m.state == "done" &&
      google::protobuf::util::JsonStringToMessage(m.result_json, &result).ok();
  for (size_t i = 0; i < m.bots.size(); ++i) {
    s->add_bots(bots[m.bots[i]].name);
    // The faction played (a drafted one, Law 19.8, is known once done).
    s->add_factions(done && static_cast<int>(i) < result.seats_size()
                        ? result.seats(i).faction()
                        : referee::FactionToProto(m.factions[i]));
  }
  if (done) {
    s->set_finished_unix_ms(result.finished_unix_ms());
    for (const v1::SeatResult& seat : result.seats()) {
      s->add_victory_points(seat.victory_points());
      if (seat.winner()) s->add_winners(bots[m.bots[seat.seat()]].name);
    }
  }
}

// Runs every stored match of tournament `tid` that is not done yet, with
// any other nodes running the same tournament.
absl::StatusOr<Standings> RunPending(const TournamentConfig& c, Store& store,
                                     int64_t tid, const Progress& progress) {
  PendingRun run(c, store, tid, progress);
  return run.Run();
}

namespace {

// The faction pool: implemented factions, each once. A second Vagabond
// only joins a first (Law 9.7), so 'vagabond2' needs 'vagabond' and a pool
// of exactly `players` factions (every table seats the whole pool).
absl::Status ValidatePool(const TournamentConfig& c) {
  rules::RegisterAll();
  std::set<int> seen;
  for (int f : c.factions) {
    if (f < 0 || f >= rules::kNumFactions || rules::GetFaction(f) == nullptr)
      return absl::InvalidArgumentError(
          absl::StrCat("faction ", f, " is not available"));
    if (!seen.insert(f).second) {
      return absl::InvalidArgumentError(absl::StrCat(
          "faction ", rules::FactionKey(f), " is in the pool twice"));
    }
  }
  if (c.table.draft()) {
    // Law 19.8: the pool is dealt from, so it may be larger than a table;
    // vagabond2 is the second Vagabond setup card (19.8.1).
    if (c.table.setup_mode() != v1::SETUP_MODE_ADVANCED) {
      return absl::InvalidArgumentError(
          "a draft needs the advanced setup (Law 19.8)");
    }
    if (seen.count(rules::kVagabond2) && !seen.count(rules::kVagabond)) {
      return absl::InvalidArgumentError(
          "'vagabond2' is the second Vagabond setup card: it needs "
          "'vagabond' in the pool (Law 19.8.1)");
    }
    return absl::OkStatus();
  }
  if (seen.count(rules::kVagabond2) &&
      (!seen.count(rules::kVagabond) ||
       static_cast<int>(c.factions.size()) != c.players)) {
    return absl::InvalidArgumentError(
        "'vagabond2' joins 'vagabond' (Law 9.7): it needs 'vagabond' in a "
        "pool of exactly --players factions");
  }
  return absl::OkStatus();
}

absl::Status Validate(const TournamentConfig& c) {
  if (absl::Status st = ValidatePool(c); !st.ok()) return st;
  if (c.bots.size() < 2)
    return absl::InvalidArgumentError("a tournament needs at least 2 bots");
  std::map<std::string, int> names;
  for (const TournamentBot& b : c.bots) {
    if (b.name.empty())
      return absl::InvalidArgumentError("every bot needs a name");
    if (!names.emplace(b.name, 1).second) {
      return absl::InvalidArgumentError("duplicate bot name '" + b.name + "'");
    }
    if (absl::Status st = referee::ValidateBotSpec(b.spec); !st.ok()) return st;
    // Matches run here resolve catalogue names now, not mid-tournament.
    if (c.referees.empty() && b.spec.rfind(referee::kCatalogPrefix, 0) == 0) {
      if (c.catalog == nullptr) {
        return absl::InvalidArgumentError(
            absl::StrCat("bot '", b.name,
                         "' names a catalogue bot but there "
                         "is no catalogue (--bots-file)"));
      }
      if (absl::StatusOr<std::string> r = c.catalog->Resolve(b.spec); !r.ok())
        return absl::InvalidArgumentError(r.status().message());
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<Standings> RunTournamentById(const TournamentConfig& c,
                                            Store& store, int64_t tid,
                                            const Progress& progress) {
  if (absl::Status st = Validate(c); !st.ok()) return st;
  absl::StatusOr<std::vector<Table>> tables = RoundRobin(Spec(c));
  if (!tables.ok()) return tables.status();
  if (c.random_seeds) {  // one fresh secret seed per group (equal seeds)
    std::map<uint64_t, uint64_t> fresh;
    for (Table& t : *tables) {
      auto [it, added] = fresh.emplace(t.seed, 0);
      if (added) it->second = referee::SecureRandom64();
      t.seed = it->second;
    }
  }
  // INSERT OR IGNORE: a resumed run keeps the stored seeds.
  int inserted = 0;
  if (absl::Status st = store.InsertMatches(tid, *tables, &inserted); !st.ok())
    return st;
  if (c.metrics) c.metrics->Scheduled(inserted);  // each match counted once
  // Crash recovery needs no reset: a match left running by a dead node is
  // claimed again (at once if that node was on this host, else when its
  // lease ends).
  absl::StatusOr<Standings> s = RunPending(c, store, tid, progress);
  if (s.ok() && s->matches_done == s->matches_total)
    (void)store.SetTournamentState(tid, "finished");
  return s;
}

namespace {

// Records the config's bots and finds (or creates) its tournament row.
absl::StatusOr<int64_t> StoreTournament(const TournamentConfig& c, Store& store,
                                        bool* created) {
  for (const TournamentBot& b : c.bots) {
    if (auto id = store.UpsertBot(b.name, b.spec); !id.ok()) return id.status();
  }
  return store.FindOrCreateTournament(ConfigKey(c), created);
}

}  // namespace

int DefaultWorkers() {
  const int cores = static_cast<int>(std::thread::hardware_concurrency());
  return std::clamp(2 * cores, 2, 64);
}

absl::StatusOr<Standings> RunTournament(const TournamentConfig& c, Store& store,
                                        const Progress& progress) {
  if (absl::Status st = Validate(c); !st.ok()) return st;
  if (absl::StatusOr<std::vector<Table>> t = RoundRobin(Spec(c)); !t.ok())
    return t.status();
  bool created = false;
  absl::StatusOr<int64_t> tid = StoreTournament(c, store, &created);
  if (!tid.ok()) return tid.status();
  absl::StatusOr<Standings> s = RunTournamentById(c, store, *tid, progress);
  if (s.ok()) s->resumed = !created;
  return s;
}

absl::StatusOr<Standings> StoredStandings(const TournamentConfig& c,
                                          Store& store, int64_t tournament) {
  absl::StatusOr<std::vector<MatchRow>> rows = store.Matches(tournament);
  if (!rows.ok()) return rows.status();
  return Compute(c, *rows);
}

absl::StatusOr<Standings> RunLadder(const TournamentConfig& c, Store& store,
                                    int max_matches, const Progress& progress) {
  bool created = false;
  absl::StatusOr<int64_t> tid = StoreTournament(c, store, &created);
  if (!tid.ok()) return tid.status();
  return RunLadderById(c, store, *tid, progress, max_matches);
}

namespace {

absl::Time Now(const TournamentConfig& c) {
  return c.now ? c.now() : absl::Now();
}

// Issue 14: the ladder's suspension policy. A suspended bot is probed:
// `probe_after` after its suspension it may be seated at one table again
// (first in line); if it starts there its failure streak ends and so does
// the suspension; if not, the next probe waits twice as long (at most
// `probe_max`). An operator's resume (LiveBot::resume_requests) makes the
// probe due at once. Each probe's due time and wait are stored (with a
// store), so a restarted ladder keeps them.
class Probation {
 public:
  Probation(const TournamentConfig& c, const Ledger& ledger,
            Store* store = nullptr, int64_t tid = 0)
      : c_(c), bots_(ledger.num_bots()), store_(store), tid_(tid) {
    std::map<std::string, ProbeRow> saved;
    if (store_ != nullptr) {
      absl::StatusOr<std::vector<ProbeRow>> rows = store_->Probes(tid_);
      if (rows.ok()) {
        for (ProbeRow& r : *rows) saved[r.bot] = std::move(r);
      }
    }
    const absl::Time now = Now(c);
    for (int b = 0; b < ledger.num_bots(); ++b) {
      auto it = saved.find(c.bots[b].name);
      if (ledger.bot(b).suspended && it != saved.end()) {
        Bot& x = bots_[b];
        x.suspended = true;
        x.due = it->second.due_ms == std::numeric_limits<int64_t>::max()
                    ? absl::InfiniteFuture()
                    : absl::FromUnixMillis(it->second.due_ms);
        x.backoff = absl::Milliseconds(it->second.backoff_ms);
        continue;
      }
      Update(b, ledger, now);
    }
  }
  // Whether suspended bot `b` may be seated now (its probe is due).
  bool Due(int b, const LiveBot& live, absl::Time now) {
    Bot& x = bots_[b];
    if (x.resumes_seen < 0) x.resumes_seen = live.resume_requests;
    if (live.resume_requests > x.resumes_seen) {
      x.resumes_seen = live.resume_requests;
      x.due = now;
    }
    return x.due <= now;
  }
  // After a table that seated `b` (or at the start): a new suspension
  // waits probe_after, a failed probe twice the last wait.
  void Update(int b, const Ledger& ledger, absl::Time now) {
    Bot& x = bots_[b];
    const bool suspended = ledger.bot(b).suspended;
    if (suspended) {
      x.backoff =
          x.suspended ? std::min(2 * x.backoff, c_.probe_max) : c_.probe_after;
      x.due = x.backoff > absl::ZeroDuration() ? now + x.backoff
                                               : absl::InfiniteFuture();
    } else if (x.suspended) {
      std::fprintf(stderr, "arena: bot %s started again: resumed\n",
                   c_.bots[b].name.c_str());
    }
    if (store_ != nullptr && (suspended || x.suspended)) Save(b, suspended);
    x.suspended = suspended;
  }
  // " (probe in 25 s)" or " (no probe)".
  std::string When(int b, absl::Time now) const {
    const absl::Time due = bots_[b].due;
    if (due == absl::InfiniteFuture()) return " (no probe)";
    return absl::StrCat(
        " (probe in ",
        absl::ToInt64Seconds(absl::Ceil(
            std::max(due - now, absl::ZeroDuration()), absl::Seconds(1))),
        " s)");
  }

 private:
  struct Bot {
    bool suspended = false;
    absl::Time due = absl::InfinitePast();
    absl::Duration backoff;
    int64_t resumes_seen = -1;
  };
  void Save(int b, bool suspended) {
    const Bot& x = bots_[b];
    ProbeRow row;
    row.bot = c_.bots[b].name;
    row.suspended = suspended;
    row.due_ms = x.due == absl::InfiniteFuture()
                     ? std::numeric_limits<int64_t>::max()
                     : absl::ToUnixMillis(x.due);
    row.backoff_ms = absl::ToInt64Milliseconds(x.backoff);
    if (absl::Status st = store_->SaveProbe(tid_, row); !st.ok()) {
      std::fprintf(stderr, "arena: saving the probe of %s: %s\n",
                   row.bot.c_str(), std::string(st.message()).c_str());
    }
  }
  const TournamentConfig& c_;
  std::vector<Bot> bots_;
  Store* store_;
  int64_t tid_;
};

// Why a ladder cannot seat a table: "waiting: 3 schedulable bots for 4
// seats (suspended: b1 (probe in 25 s); disabled: b2)".
std::string WaitingReason(const TournamentConfig& c, const Ledger& ledger,
                          const std::vector<LiveBot>& live, int schedulable,
                          const Probation& probation, absl::Time now) {
  std::map<std::string, std::vector<std::string>> why;
  for (int b = 0; b < ledger.num_bots(); ++b) {
    if (!live[b].schedulable) {
      why[live[b].why.empty() ? "not schedulable" : live[b].why].push_back(
          c.bots[b].name);
    } else if (ledger.bot(b).suspended) {
      why["suspended"].push_back(c.bots[b].name + probation.When(b, now));
    }
  }
  std::vector<std::string> parts;
  for (const auto& [reason, names] : why)
    parts.push_back(absl::StrCat(reason, ": ", absl::StrJoin(names, ", ")));
  return absl::StrCat("waiting: ", schedulable, " schedulable bot",
                      schedulable == 1 ? "" : "s", " for ", c.players, " seats",
                      parts.empty() ? "" : " (", absl::StrJoin(parts, "; "),
                      parts.empty() ? "" : ")");
}

// The bots the ladder may seat: suspended bots whose probe is due (and not
// already being probed at a table in flight) before all, then the fewest
// tables in flight, then the least certain rating (highest sigma, then
// fewest games): PickLadderTable seats the first few that keep the balance.
absl::StatusOr<std::vector<int>> LadderBots(const TournamentConfig& c,
                                            const Ledger& ledger,
                                            const std::vector<LiveBot>& live,
                                            Probation& probation,
                                            const std::vector<int>& in_flight) {
  const absl::Time now = Now(c);
  std::vector<int> order;
  std::vector<bool> probe(ledger.num_bots(), false);
  for (int b = 0; b < ledger.num_bots(); ++b) {
    if (!live[b].schedulable) continue;
    if (ledger.bot(b).suspended) {
      probe[b] = in_flight[b] == 0 && probation.Due(b, live[b], now);
      if (!probe[b]) continue;
    }
    order.push_back(b);
  }
  if (static_cast<int>(order.size()) < c.players) {
    return absl::FailedPreconditionError(WaitingReason(
        c, ledger, live, static_cast<int>(order.size()), probation, now));
  }
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    if (probe[a] != probe[b]) return static_cast<bool>(probe[a]);
    if (in_flight[a] != in_flight[b]) return in_flight[a] < in_flight[b];
    const BotStanding &x = ledger.bot(a), &y = ledger.bot(b);
    if (x.rating.sigma != y.rating.sigma)
      return x.rating.sigma > y.rating.sigma;
    return x.games < y.games;
  });
  return order;
}

// Schedules and stores the next ladder table.
// Every bot with its configured spec unless `live_bots` says otherwise.
absl::StatusOr<std::vector<LiveBot>> LiveBots(const TournamentConfig& c) {
  std::vector<LiveBot> live;
  if (c.live_bots) {
    absl::StatusOr<std::vector<LiveBot>> l = c.live_bots();
    if (!l.ok()) return l.status();
    live = *std::move(l);
  }
  live.resize(c.bots.size());
  for (size_t b = 0; b < c.bots.size(); ++b) {
    if (live[b].spec.empty()) live[b].spec = c.bots[b].spec;
  }
  return live;
}

// The specs and versions of a table's seats, from what is live now.
void SeatSpecs(const std::vector<LiveBot>& live, MatchRow* m) {
  m->specs.clear();
  m->versions.clear();
  for (int b : m->bots) {
    m->specs.push_back(live[b].spec);
    m->versions.push_back(live[b].version);
  }
}

// Schedules and stores the next ladder table.
absl::StatusOr<MatchRow> NextLadderMatch(const TournamentConfig& c,
                                         Store& store, int64_t tid,
                                         Ledger& ledger, int index,
                                         Probation& probation,
                                         const std::vector<int>& in_flight) {
  absl::StatusOr<std::vector<LiveBot>> live = LiveBots(c);
  if (!live.ok()) return live.status();
  absl::StatusOr<std::vector<int>> bots =
      LadderBots(c, ledger, *live, probation, in_flight);
  if (!bots.ok()) return bots.status();
  Table t =
      PickLadderTable(ledger.balance(), *bots, c.players, c.factions, index);
  t.seed = c.random_seeds ? referee::SecureRandom64()
                          : c.seed * 1000003ULL + static_cast<uint64_t>(index);
  absl::StatusOr<int64_t> id = store.InsertMatch(tid, t);
  if (!id.ok()) return id.status();
  ledger.Schedule(t);
  if (c.metrics) {
    c.metrics->Scheduled(1);
    c.metrics->Queued(1);
  }
  MatchRow m;
  m.id = *id;
  m.table_index = t.index;
  m.bots = t.bots;
  m.factions = t.factions;
  m.seed = t.seed;
  m.state = "pending";
  SeatSpecs(*live, &m);
  if (absl::Status st = store.SetMatchVersions(m.id, m.versions); !st.ok())
    return st;
  return m;
}

}  // namespace

namespace {

// One ladder run: `ladder_tables` workers each pick the next table (under
// the lock, with the tables in flight already in the ledger's balance),
// play it unlocked and record it. Matches left pending by a crash are
// played first. A failed match or store stops the run after the matches in
// flight end.
class LadderRun {
 public:
  LadderRun(const TournamentConfig& c, Store& store, int64_t tid,
            const Progress& progress, int max_matches)
      : c_(c),
        store_(store),
        tid_(tid),
        progress_(progress),
        max_matches_(max_matches),
        ledger_(LedgerOf(c)),
        in_flight_(c.bots.size(), 0) {}

  absl::StatusOr<Standings> Run();

 private:
  absl::Status Load();
  void Worker();
  // The next match to play (nullopt: stop), or a waiting reason.
  absl::StatusOr<std::optional<MatchRow>> Take();
  absl::Status Finish(const MatchRow& m, const referee::MatchOutput& out);
  bool Stopped() const { return c_.cancel != nullptr && c_.cancel->load(); }

  const TournamentConfig& c_;
  Store& store_;
  const int64_t tid_;
  const Progress& progress_;
  const int max_matches_;
  std::unique_ptr<RefereePool> pool_;
  std::mutex mu_;  // guards everything below
  Ledger ledger_;
  std::optional<Probation> probation_;
  std::deque<MatchRow> again_;  // left pending by a crash: run first
  std::vector<int> in_flight_;  // tables being played, per bot
  int next_index_ = 0;
  int started_ = 0;
  std::string waiting_;  // what c.waiting was told last
  absl::Status failure_ = absl::OkStatus();
};

absl::Status LadderRun::Load() {
  if (absl::Status st = store_.ResetRunning(tid_); !st.ok()) return st;
  // The stored ladder is read once; then every match updates the ledger.
  absl::StatusOr<std::vector<MatchRow>> rows = store_.Matches(tid_);
  if (!rows.ok()) return rows.status();
  for (const MatchRow& m : *rows) ledger_.Schedule(TableOf(m));
  for (MatchRow& m : *rows) {
    next_index_ = std::max(next_index_, m.table_index + 1);
    v1::MatchResult r;
    if (ParseResult(m, &r)) {
      ledger_.Offer(m.table_index, m.bots, r, ParseForfeits(m.forfeits));
    } else if (m.state != "done") {
      again_.push_back(std::move(m));
    }
  }
  (void)ledger_.TakeChangedRows();  // stored already
  probation_.emplace(c_, ledger_, &store_, tid_);
  return absl::OkStatus();
}

absl::StatusOr<std::optional<MatchRow>> LadderRun::Take() {
  std::lock_guard<std::mutex> lock(mu_);
  // Issue 14.6: counted as running before the stop check, so whoever sets
  // the cancel flag and then reads no running match knows none will start.
  RunningMatch counted(c_.running);
  if (!failure_.ok() || Stopped() ||
      (max_matches_ > 0 && started_ >= max_matches_)) {
    return std::nullopt;
  }
  MatchRow m;
  if (!again_.empty()) {
    m = std::move(again_.front());
    again_.pop_front();
    // Left by a crash: played by the bots' current versions.
    absl::StatusOr<std::vector<LiveBot>> live = LiveBots(c_);
    if (!live.ok()) return live.status();
    SeatSpecs(*live, &m);
    if (absl::Status st = store_.SetMatchVersions(m.id, m.versions); !st.ok())
      return st;
  } else {
    absl::StatusOr<MatchRow> next = NextLadderMatch(
        c_, store_, tid_, ledger_, next_index_, *probation_, in_flight_);
    if (!next.ok()) return next.status();
    m = *std::move(next);
    ++next_index_;
  }
  if (!waiting_.empty()) {
    waiting_.clear();
    if (c_.waiting) c_.waiting("");
  }
  for (int b : m.bots) ++in_flight_[b];
  ++started_;
  counted.Release();  // the worker's guard adopts it
  return m;
}

absl::Status LadderRun::Finish(const MatchRow& m,
                               const referee::MatchOutput& out) {
  std::lock_guard<std::mutex> lock(mu_);
  for (int b : m.bots) --in_flight_[b];
  if (absl::Status st = Record(store_, tid_, m, out, ledger_, &c_); !st.ok())
    return st;
  for (int b : m.bots) probation_->Update(b, ledger_, Now(c_));
  if (progress_) progress_(ledger_.matches_done(), 0);
  if (c_.standings) c_.standings(ledger_.Snapshot(next_index_));
  return absl::OkStatus();
}

void LadderRun::Worker() {
  // Issue 14: bots still being checked, disabled or suspended may come
  // back: a ladder of live bots (or with probes) waits for enough of them,
  // and says why.
  const bool may_wait = c_.live_bots || c_.probe_after > absl::ZeroDuration();
  referee::BotChannels channels;  // kept across this worker's matches
  for (;;) {
    absl::StatusOr<std::optional<MatchRow>> next = Take();
    if (!next.ok() && may_wait && absl::IsFailedPrecondition(next.status())) {
      {
        std::lock_guard<std::mutex> lock(mu_);
        if (waiting_ != next.status().message()) {
          waiting_ = std::string(next.status().message());
          if (c_.waiting) c_.waiting(waiting_);
        }
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      continue;
    }
    if (next.ok() && !next->has_value()) return;
    absl::Status st = next.status();
    if (st.ok()) {
      const MatchRow& m = **next;
      const RunningMatch running(c_.running, /*counted=*/true);
      if (c_.metrics) c_.metrics->Started();
      const absl::Time t0 = absl::Now();
      st = store_.MarkRunning(m.id);
      absl::StatusOr<referee::MatchOutput> out =
          st.ok() ? Play(c_, pool_.get(), tid_, m, &channels, /*ladder=*/true)
                  : st;
      st = out.ok() ? Finish(m, *out) : out.status();
      if (st.ok() && c_.metrics) {
        c_.metrics->Finished(absl::ToDoubleSeconds(absl::Now() - t0));
        c_.metrics->RatingUpdate();
      }
    }
    if (!st.ok()) {
      std::lock_guard<std::mutex> lock(mu_);
      if (failure_.ok()) failure_ = st;
      if (c_.metrics) c_.metrics->Failed();
      return;
    }
  }
}

absl::StatusOr<Standings> LadderRun::Run() {
  const int p = c_.players;
  if (static_cast<int>(c_.bots.size()) < p ||
      static_cast<int>(c_.factions.size()) < p || p < 2) {
    return absl::InvalidArgumentError(
        "a ladder needs at least `players` bots and factions");
  }
  if (absl::Status st = ValidatePool(c_); !st.ok()) return st;
  if (absl::Status st = Load(); !st.ok()) return st;
  const int resumed = static_cast<int>(again_.size());
  if (c_.metrics) c_.metrics->Queued(resumed);
  if (!c_.referees.empty())
    pool_ = std::make_unique<RefereePool>(c_.referees, c_.metrics,
                                          c_.referee_token);
  else if (c_.metrics)
    c_.metrics->WorkersUp(1);
  if (progress_) progress_(ledger_.matches_done(), 0);
  if (c_.standings) c_.standings(ledger_.Snapshot(next_index_));
  std::vector<std::thread> threads;
  for (int w = 0; w < std::max(1, c_.ladder_tables); ++w)
    threads.emplace_back([this] { Worker(); });
  for (std::thread& t : threads) t.join();
  // Resumed matches never started leave the queue (cancel, stop, failure).
  if (c_.metrics) c_.metrics->Queued(-static_cast<int>(again_.size()));
  if (!failure_.ok()) return failure_;
  return ledger_.Snapshot(next_index_);
}

}  // namespace

absl::StatusOr<Standings> RunLadderById(const TournamentConfig& c, Store& store,
                                        int64_t tid, const Progress& progress,
                                        int max_matches) {
  LadderRun run(c, store, tid, progress, max_matches);
  return run.Run();
}

absl::StatusOr<Standings> RecomputeRatings(const TournamentConfig& c,
                                           Store& store, int64_t tournament) {
  absl::StatusOr<std::vector<MatchRow>> rows = store.Matches(tournament);
  if (!rows.ok()) return rows.status();
  const Ledger ledger = Load(c, *rows);
  if (absl::Status st = store.ReplaceRatings(tournament, ledger.AllRows());
      !st.ok()) {
    return st;
  }
  return ledger.Snapshot(static_cast<int>(rows->size()));
}

std::string TableText(const v1::TableSetup& t) {
  std::vector<std::string> parts;
  parts.push_back("map " + (t.map().empty() ? std::string("autumn") : t.map()));
  if (t.random_suits()) {
    parts.push_back("suits random");
  } else if (t.suits_size() > 0) {
    std::vector<std::string> suits;
    for (int suit : t.suits()) {
      suits.push_back(absl::AsciiStrToLower(
          absl::StripPrefix(v1::Suit_Name(suit), "SUIT_")));
    }
    parts.push_back("suits " + absl::StrJoin(suits, ","));
  }
  parts.push_back("deck " +
                  (t.deck().empty() ? std::string("standard") : t.deck()));
  parts.push_back(t.setup_mode() == v1::SETUP_MODE_ADVANCED ? "setup advanced"
                                                            : "setup standard");
  if (t.draft()) parts.push_back("draft");
  if (t.landmarks_size() > 0) {
    std::vector<std::string> landmarks;
    for (const v1::LandmarkSpec& l : t.landmarks()) {
      landmarks.push_back(l.clearing() > 0
                              ? absl::StrCat(l.landmark(), "@", l.clearing())
                              : l.landmark());
    }
    parts.push_back("landmarks " + absl::StrJoin(landmarks, ","));
  }
  if (t.hirelings_size() > 0) {
    std::vector<std::string> hirelings;
    for (const v1::HirelingSpec& h : t.hirelings()) {
      hirelings.push_back(h.hireling() + (h.demoted() ? " (demoted)" : ""));
    }
    parts.push_back("hirelings " + absl::StrJoin(hirelings, ","));
  }
  return absl::StrJoin(parts, ", ");
}

std::string StandingsText(const TournamentConfig& c, const Standings& s) {
  std::string out = absl::StrFormat(
      "%d/%d matches%s\ntable: %s\n\n", s.matches_done, s.matches_total,
      s.resumed ? " (resumed)" : "", TableText(c.table));
  absl::StrAppendFormat(&out, "%-4s %-20s %8s %7s %7s %6s %6s %7s %8s\n",
                        "rank", "bot", "ordinal", "mu", "sigma", "games",
                        "wins", "mean VP", "forfeits");
  for (size_t i = 0; i < s.bots.size(); ++i) {
    const BotStanding& b = s.bots[i];
    absl::StrAppendFormat(
        &out, "%-4d %-20s %8.2f %7.2f %7.2f %6d %5.0f%% %7.1f %8d%s\n", i + 1,
        b.name, b.rating.Ordinal(), b.rating.mu, b.rating.sigma, b.games,
        b.games ? 100.0 * b.wins / b.games : 0.0,
        b.games ? 1.0 * b.vp / b.games : 0.0, b.forfeits,
        b.suspended ? "  SUSPENDED" : "");
  }
  out += "\nby faction (all bots):\n";
  for (size_t f = 0; f < s.factions.size(); ++f) {
    const FactionStats& fs = s.factions[f];
    absl::StrAppendFormat(
        &out, "  %-10s games %4d  win rate %5.1f%%  mean VP %5.1f\n",
        rules::FactionKey(c.factions[f]), fs.games,
        fs.games ? 100.0 * fs.wins / fs.games : 0.0,
        fs.games ? 1.0 * fs.vp / fs.games : 0.0);
  }
  out += "\nby bot and faction (ordinal / win rate):\n";
  for (const BotStanding& b : s.bots) {
    absl::StrAppendFormat(&out, "  %-20s", b.name);
    for (size_t f = 0; f < b.by_faction.size(); ++f) {
      const FactionStats& fs = b.by_faction[f];
      absl::StrAppendFormat(
          &out, "  %s %6.2f/%3.0f%%", rules::FactionKey(c.factions[f]),
          fs.rating.Ordinal(), fs.games ? 100.0 * fs.wins / fs.games : 0.0);
    }
    out += "\n";
  }
  absl::StrAppendFormat(
      &out, "\nimbalance: factions %d, seats %d (max - min games per bot)\n",
      s.balance.faction_imbalance, s.balance.seat_imbalance);
  return out;
}

std::string StandingsJson(const TournamentConfig& c, const Standings& s) {
  std::string out = absl::StrCat("{\"matches_done\":", s.matches_done,
                                 ",\"matches_total\":", s.matches_total,
                                 ",\"resumed\":", s.resumed ? "true" : "false");
  // Issue 12: the table the matches were played on (as TableSetup's JSON).
  std::string table;
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  (void)google::protobuf::util::MessageToJsonString(c.table, &table, options);
  absl::StrAppend(&out, ",\"table\":", table, ",\"standings\":[");
  for (size_t i = 0; i < s.bots.size(); ++i) {
    const BotStanding& b = s.bots[i];
    absl::StrAppend(
        &out, i ? "," : "", "{\"bot\":\"", b.name,
        "\",\"ordinal\":", b.rating.Ordinal(), ",\"mu\":", b.rating.mu,
        ",\"sigma\":", b.rating.sigma, ",\"games\":", b.games,
        ",\"wins\":", b.wins, ",\"vp\":", b.vp, ",\"forfeits\":", b.forfeits,
        ",\"suspended\":", b.suspended ? "true" : "false", ",\"by_faction\":{");
    for (size_t f = 0; f < b.by_faction.size(); ++f) {
      const FactionStats& fs = b.by_faction[f];
      absl::StrAppend(
          &out, f ? "," : "", "\"", rules::FactionKey(c.factions[f]),
          "\":{\"ordinal\":", fs.rating.Ordinal(), ",\"games\":", fs.games,
          ",\"wins\":", fs.wins, ",\"vp\":", fs.vp, "}");
    }
    out += "}}";
  }
  out += "],\"factions\":{";
  for (size_t f = 0; f < s.factions.size(); ++f) {
    const FactionStats& fs = s.factions[f];
    absl::StrAppend(&out, f ? "," : "", "\"", rules::FactionKey(c.factions[f]),
                    "\":{\"games\":", fs.games, ",\"wins\":", fs.wins,
                    ",\"vp\":", fs.vp, "}");
  }
  absl::StrAppend(&out,
                  "},\"imbalance\":{\"factions\":", s.balance.faction_imbalance,
                  ",\"seats\":", s.balance.seat_imbalance, "}}");
  return out;
}

}  // namespace woodland::arena
