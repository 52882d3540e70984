#include "arena/service.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "arena/conformance_check.h"
#include "google/protobuf/util/json_util.h"
#include "referee/bot_connection.h"
#include "referee/convert.h"
#include "referee/match_runner.h"
#include "referee/rules/faction.h"

namespace woodland::arena {
namespace {

grpc::Status ToGrpc(const absl::Status& s) {
  return s.ok() ? grpc::Status::OK
                : grpc::Status(static_cast<grpc::StatusCode>(s.code()),
                               std::string(s.message()));
}

const char* StateName(int s) {
  switch (s) {
    case v1::TOURNAMENT_STATE_RUNNING:
      return "running";
    case v1::TOURNAMENT_STATE_FINISHED:
      return "finished";
    case v1::TOURNAMENT_STATE_CANCELLED:
      return "cancelled";
    default:
      return "failed";
  }
}

// Versions are stored comma-separated with the matches that seat them.
absl::Status CheckVersion(const std::string& v, bool required) {
  if (v.empty() && !required) return absl::OkStatus();
  bool ok = !v.empty() && v.size() <= 64;
  for (char c : v) {
    ok &= absl::ascii_isalnum(static_cast<unsigned char>(c)) || c == '.' ||
          c == '_' || c == '-';
  }
  return ok ? absl::OkStatus()
            : absl::InvalidArgumentError(
                  "a version is 1-64 characters of [A-Za-z0-9._-]");
}

v1::ConformanceState ConformanceToProto(const std::string& s) {
  return s == "passed"    ? v1::CONFORMANCE_STATE_PASSED
         : s == "failed"  ? v1::CONFORMANCE_STATE_FAILED
         : s == "pending" ? v1::CONFORMANCE_STATE_PENDING
                          : v1::CONFORMANCE_STATE_UNSPECIFIED;
}

void FactionToStanding(const TournamentConfig& c, size_t f,
                       const FactionStats& fs, v1::FactionStanding* out) {
  out->set_faction(referee::FactionToProto(c.factions[f]));
  out->set_ordinal(fs.rating.Ordinal());
  out->set_games(fs.games);
  out->set_wins(fs.wins);
  out->set_mean_vp(fs.games ? 1.0 * fs.vp / fs.games : 0);
}

}  // namespace

ArenaService::ArenaService(Store* store, ArenaMetrics* metrics,
                           std::vector<std::string> referees, int workers,
                           referee::BotCatalog catalog,
                           referee::WatchLimits watch)
    : store_(store),
      metrics_(metrics),
      referees_(std::move(referees)),
      workers_(workers),
      catalog_(std::move(catalog)),
      watch_limiter_(watch.max_total, watch.max_per_client) {
  checker_ = std::thread([this] {
    std::unique_lock<std::mutex> lock(check_mu_);
    for (;;) {
      check_cv_.wait(lock, [this] { return checks_stop_ || !checks_.empty(); });
      if (checks_stop_) return;
      Check c = std::move(checks_.front());
      checks_.pop_front();
      ++checks_running_;
      lock.unlock();
      ConformanceOptions options;
      options.quick = conformance_ == "quick";
      options.catalog = &catalog_;
      const ConformanceReport report = CheckConformance(c.spec, options);
      (void)store_->SetConformance(c.name, c.version,
                                   report.passed() ? "passed" : "failed",
                                   report.first_failure);
      std::fprintf(stderr,
                   "arena: bot %s version '%s' %s the conformance check%s%s\n",
                   c.name.c_str(), c.version.c_str(),
                   report.passed() ? "passed" : "failed",
                   report.passed() ? "" : ": ", report.first_failure.c_str());
      lock.lock();
      --checks_running_;
      check_cv_.notify_all();
    }
  });
  ticker_ = std::thread([this] {
    std::unique_lock<std::mutex> lock(ticker_mu_);
    while (!ticker_cv_.wait_for(lock, std::chrono::milliseconds(50),
                                [this] { return stopping_; })) {
      const absl::Duration poll = poll_;  // set_node writes it under the lock
      lock.unlock();
      watchers_.WakeAll();
      if (poll > absl::ZeroDuration() && absl::Now() >= next_poll_) {
        next_poll_ = absl::Now() + poll;
        Poll();
      }
      lock.lock();
    }
  });
}

ArenaService::~ArenaService() {
  {
    std::lock_guard<std::mutex> lock(check_mu_);
    checks_stop_ = true;
  }
  check_cv_.notify_all();
  checker_.join();
  {
    std::lock_guard<std::mutex> lock(ticker_mu_);
    stopping_ = true;
  }
  ticker_cv_.notify_all();
  ticker_.join();
  // Joined outside mu_: a finishing tournament thread takes mu_ itself.
  std::vector<Running*> all;
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (auto& [id, r] : running_) {
      r->cancel = true;
      all.push_back(r.get());
    }
  }
  for (Running* r : all) r->Join();
}

// Issue 16 item 9: concurrent cancels joined the same thread at once.
void ArenaService::Running::Join() {
  std::lock_guard<std::mutex> lock(join_mu);
  if (thread.joinable()) thread.join();
}

void ArenaService::WaitForChecks() {
  std::unique_lock<std::mutex> lock(check_mu_);
  check_cv_.wait(lock,
                 [this] { return checks_.empty() && checks_running_ == 0; });
}

grpc::Status ArenaService::Caller(const grpc::ServerContextBase* ctx,
                                  Principal* who, bool admin) {
  if (auth_ == nullptr) {
    *who = Principal{"", true, true};
    return grpc::Status::OK;
  }
  if (ctx == nullptr) {
    // An in-process reader that checked the caller's token itself (the web
    // API, same tokens): it reads what any user may; it owns no bot (the
    // name cannot be a user's) and is no admin.
    if (admin) {
      return grpc::Status(grpc::StatusCode::PERMISSION_DENIED,
                          "only an admin may do this");
    }
    *who = Principal{"<in-process reader>", false, false};
    return grpc::Status::OK;
  }
  absl::StatusOr<Principal> p = auth_->Caller(*ctx);
  if (!p.ok()) return ToGrpc(p.status());
  if (admin && !p->admin) {
    return grpc::Status(grpc::StatusCode::PERMISSION_DENIED,
                        "only an admin may do this");
  }
  *who = *p;
  return grpc::Status::OK;
}

absl::StatusOr<BotRow> ArenaService::OwnedBot(const Principal& who,
                                              const std::string& name,
                                              bool moderate) {
  absl::StatusOr<BotRow> bot = store_->Bot(name);
  if (!bot.ok()) return bot.status();
  if (bot->deleted) return absl::NotFoundError("bot '" + name + "' is deleted");
  if (who.local || bot->owner == who.user || (moderate && who.admin))
    return bot;
  return absl::PermissionDeniedError("only the owner of bot '" + name +
                                     "' may do this");
}

std::string ArenaService::FirstCheckState(const std::string& spec) const {
  if (conformance_ == "off" || absl::StartsWith(spec, "builtin:"))
    return "passed";
  return "pending";
}

void ArenaService::QueueCheck(const std::string& name,
                              const std::string& version,
                              const std::string& spec) {
  if (FirstCheckState(spec) == "passed") return;
  {
    std::lock_guard<std::mutex> lock(check_mu_);
    checks_.push_back({name, version, spec});
  }
  check_cv_.notify_all();
}

grpc::Status ArenaService::Record(const std::string& name, v1::BotRecord* r) {
  absl::StatusOr<BotRow> b = store_->Bot(name);
  if (!b.ok()) return ToGrpc(b.status());
  r->set_name(b->name);
  // A row stored before the catalogue existed may hold a command line.
  r->set_spec(absl::StartsWith(b->spec, "exec:") ? "exec:(hidden)" : b->spec);
  r->set_version(b->version);
  r->set_owner(b->owner);
  r->set_conformance(ConformanceToProto(b->conformance));
  r->set_conformance_detail(b->conformance_detail);
  r->set_enabled(b->enabled && !b->deleted);
  if (auto v = store_->BotVersions(name); v.ok()) {
    for (const std::string& version : *v) r->add_versions(version);
  }
  return grpc::Status::OK;
}

grpc::Status ArenaService::RegisterBot(grpc::ServerContext* ctx,
                                       const v1::RegisterBotRequest* req,
                                       v1::BotRecord* out) {
  Principal who;
  if (grpc::Status a = Caller(ctx, &who); !a.ok()) return a;
  if (req->name().empty() || req->name().size() > 64) {
    return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT,
                        "a bot needs a name of 1-64 characters");
  }
  if (absl::Status s = CheckVersion(req->version(), false); !s.ok())
    return ToGrpc(s);
  if (absl::Status s = referee::ValidateBotSpec(req->spec()); !s.ok())
    return ToGrpc(s);
  if (absl::Status s = catalog_.CheckRemote(req->spec()); !s.ok())
    return ToGrpc(s);
  BotRow row;
  row.name = req->name();
  row.spec = req->spec();
  row.version = req->version();
  row.owner = who.local ? req->owner() : who.user;
  row.conformance = FirstCheckState(req->spec());
  if (absl::Status s = store_->InsertBot(row); !s.ok()) return ToGrpc(s);
  QueueCheck(row.name, row.version, row.spec);
  return Record(row.name, out);
}

grpc::Status ArenaService::UpdateBot(grpc::ServerContext* ctx,
                                     const v1::UpdateBotRequest* req,
                                     v1::BotRecord* out) {
  Principal who;
  if (grpc::Status a = Caller(ctx, &who); !a.ok()) return a;
  absl::StatusOr<BotRow> bot = OwnedBot(who, req->name(), false);
  if (!bot.ok()) return ToGrpc(bot.status());
  if (absl::Status s = CheckVersion(req->version(), true); !s.ok())
    return ToGrpc(s);
  const std::string spec = req->spec().empty() ? bot->spec : req->spec();
  if (absl::Status s = referee::ValidateBotSpec(spec); !s.ok())
    return ToGrpc(s);
  if (absl::Status s = catalog_.CheckRemote(spec); !s.ok()) return ToGrpc(s);
  if (absl::Status s =
          store_->AddBotVersion(req->name(), req->version(), spec,
                                !req->restart_rating(), FirstCheckState(spec));
      !s.ok()) {
    return ToGrpc(s);
  }
  QueueCheck(req->name(), req->version(), spec);
  return Record(req->name(), out);
}

grpc::Status ArenaService::SetBotEnabled(grpc::ServerContext* ctx,
                                         const v1::SetBotEnabledRequest* req,
                                         v1::BotRecord* out) {
  Principal who;
  if (grpc::Status a = Caller(ctx, &who); !a.ok()) return a;
  absl::StatusOr<BotRow> bot = OwnedBot(who, req->name(), true);
  if (!bot.ok()) return ToGrpc(bot.status());
  if (absl::Status s = store_->SetBotEnabled(req->name(), req->enabled());
      !s.ok())
    return ToGrpc(s);
  if (req->enabled()) {  // also resumes a suspended bot: probed at once
    std::lock_guard<std::mutex> lock(resume_mu_);
    ++resume_requests_[req->name()];
  }
  return Record(req->name(), out);
}

grpc::Status ArenaService::DeleteBot(grpc::ServerContext* ctx,
                                     const v1::BotRef* req,
                                     v1::BotRecord* out) {
  Principal who;
  if (grpc::Status a = Caller(ctx, &who); !a.ok()) return a;
  absl::StatusOr<BotRow> bot = OwnedBot(who, req->name(), true);
  if (!bot.ok()) return ToGrpc(bot.status());
  if (absl::Status s = store_->DeleteBot(req->name()); !s.ok())
    return ToGrpc(s);
  return Record(req->name(), out);
}

grpc::Status ArenaService::GetBotRatings(grpc::ServerContext* ctx,
                                         const v1::BotRef* req,
                                         v1::BotRatingsResponse* out) {
  Principal who;
  if (grpc::Status a = Caller(ctx, &who); !a.ok()) return a;
  absl::StatusOr<BotRow> bot = store_->Bot(req->name());
  if (!bot.ok()) return ToGrpc(bot.status());
  auto rows = store_->LadderRatings(req->name());
  if (!rows.ok()) return ToGrpc(rows.status());
  out->set_bot(bot->name);
  out->set_current_version(bot->version);
  for (const LadderRatingRow& r : *rows) {
    auto* o = out->add_ratings();
    o->set_version(r.version);
    o->set_faction(r.faction < 0 ? v1::FACTION_UNSPECIFIED
                                 : referee::FactionToProto(r.faction));
    o->set_mu(r.mu);
    o->set_sigma(r.sigma);
    o->set_ordinal(Rating{r.mu, r.sigma}.Ordinal());
    o->set_games(r.games);
    o->set_wins(r.wins);
    o->set_mean_vp(r.games ? 1.0 * r.vp / r.games : 0);
  }
  return grpc::Status::OK;
}

grpc::Status ArenaService::GetBotStderr(grpc::ServerContext* ctx,
                                        const v1::BotStderrRequest* req,
                                        v1::BotStderrResponse* out) {
  Principal who;
  if (grpc::Status a = Caller(ctx, &who); !a.ok()) return a;
  // Only the owner (not even an admin: a bot's stderr may hold its plans).
  absl::StatusOr<BotRow> bot = store_->Bot(req->bot());
  if (!bot.ok()) return ToGrpc(bot.status());
  if (!who.local && bot->owner != who.user) {
    return grpc::Status(grpc::StatusCode::PERMISSION_DENIED,
                        "only the bot's owner may read its stderr");
  }
  absl::StatusOr<MatchRow> m = store_->MatchById(req->match_id());
  if (!m.ok()) return ToGrpc(m.status());
  Running* r = Find(m->tournament);
  if (r == nullptr)
    return grpc::Status(grpc::StatusCode::NOT_FOUND, "no such tournament");
  auto texts = store_->Stderr(m->id, static_cast<int>(m->bots.size()));
  if (!texts.ok()) return ToGrpc(texts.status());
  for (size_t seat = 0; seat < m->bots.size(); ++seat) {
    const int b = m->bots[seat];
    if (b < 0 || b >= static_cast<int>(r->config.bots.size()) ||
        r->config.bots[b].name != req->bot())
      continue;
    out->add_seats(static_cast<int>(seat));
    out->add_stderr((*texts)[seat]);
  }
  if (out->seats_size() == 0) {
    return grpc::Status(grpc::StatusCode::NOT_FOUND,
                        "the bot did not play that match");
  }
  return grpc::Status::OK;
}

grpc::Status ArenaService::ListBots(grpc::ServerContext* ctx,
                                    const v1::ListBotsRequest*,
                                    v1::ListBotsResponse* out) {
  Principal who;
  if (grpc::Status a = Caller(ctx, &who); !a.ok()) return a;
  auto bots = store_->Bots();
  if (!bots.ok()) return ToGrpc(bots.status());
  for (const BotRow& b : *bots) {
    if (grpc::Status st = Record(b.name, out->add_bots()); !st.ok()) return st;
  }
  return grpc::Status::OK;
}

namespace {

// Issue 12: a table configuration is checked once, on a table of the
// tournament's size, before any match is scheduled.
absl::Status CheckTable(const TournamentConfig& c) {
  v1::MatchSpec spec;
  for (int i = 0; i < c.players && i < static_cast<int>(c.factions.size());
       ++i) {
    v1::SeatSpec* seat = spec.add_seats();
    seat->set_faction(referee::FactionToProto(c.factions[i]));
    seat->set_bot("builtin:random");
  }
  ApplyTable(c, spec);
  absl::StatusOr<rules::GameSetup> setup = referee::SetupFromSpec(spec, 1000);
  if (!setup.ok()) return setup.status();
  setup->first_seat = 0;
  absl::StatusOr<rules::State> s = rules::State::NewGame(*setup, 1);
  if (!s.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("table_setup: ", s.status().message()));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::vector<LiveBot>> ArenaService::LiveBotsOf(
    const std::vector<TournamentBot>& bots) {
  auto rows = store_->Bots(true);
  if (!rows.ok()) return rows.status();
  std::map<std::string, const BotRow*> by_name;
  for (const BotRow& b : *rows) by_name[b.name] = &b;
  std::vector<LiveBot> live;
  for (const TournamentBot& t : bots) {
    auto it = by_name.find(t.name);
    if (it == by_name.end()) {
      live.push_back({false, t.spec, "", "unknown"});
      continue;
    }
    const BotRow& b = *it->second;
    LiveBot l{b.schedulable(), b.spec, b.version, ""};
    if (b.deleted) {
      l.why = "deleted";
    } else if (!b.enabled) {
      l.why = "disabled";
    } else if (b.conformance != "passed") {
      l.why = "conformance " + b.conformance;
    } else if (!catalog_.CheckRemote(b.spec).ok()) {
      l.schedulable = false;
      l.why = "not in the catalogue";
    }
    {
      std::lock_guard<std::mutex> lock(resume_mu_);
      auto r = resume_requests_.find(t.name);
      if (r != resume_requests_.end()) l.resume_requests = r->second;
    }
    live.push_back(std::move(l));
  }
  return live;
}

absl::StatusOr<TournamentConfig> ArenaService::Configure(
    const v1::CreateTournamentRequest& req) {
  auto bots = store_->Bots(true);  // a resumed one may seat a deleted bot
  if (!bots.ok()) return bots.status();
  std::map<std::string, std::string> specs;
  for (const BotRow& b : *bots) specs[b.name] = b.spec;
  TournamentConfig c;
  std::set<std::string> seen;
  for (const std::string& name : req.bots()) {
    auto it = specs.find(name);
    if (it == specs.end())
      return absl::NotFoundError("unknown bot '" + name + "'");
    if (!seen.insert(name).second)
      return absl::InvalidArgumentError("bot '" + name + "' listed twice");
    c.bots.push_back({name, it->second});
  }
  rules::RegisterAll();
  for (int f : req.factions()) {
    const int faction = referee::FactionFromProto(static_cast<v1::Faction>(f));
    if (faction < 0 || rules::GetFaction(faction) == nullptr) {
      return absl::InvalidArgumentError(
          absl::StrCat("faction ", f, " is not available"));
    }
    if (std::find(c.factions.begin(), c.factions.end(), faction) !=
        c.factions.end()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "faction ", rules::FactionKey(faction), " is in the pool twice"));
    }
    c.factions.push_back(faction);
  }
  if (c.factions.empty()) {
    c.factions = {rules::kMarquise, rules::kEyrie, rules::kAlliance,
                  rules::kVagabond};
  }
  c.players = req.players() > 0 ? req.players() : 4;
  if (c.players < 2 || c.players > 4) {
    return absl::InvalidArgumentError(
        absl::StrCat("impossible table size ", c.players,
                     ": 2 to 4 players are supported today"));
  }
  c.tables_per_pairing =
      req.tables_per_pairing() > 0 ? req.tables_per_pairing() : c.players;
  c.seed = req.seed();
  c.random_seeds = !req.has_seed();
  c.table = req.table_setup();
  if (absl::Status st = CheckTable(c); !st.ok()) return st;
  c.workers = workers_;
  c.ladder_tables = workers_;
  c.max_turns = max_turns_;
  c.referees = referees_;
  c.metrics = metrics_;
  c.catalog = &catalog_;
  c.rating = rating_;
  c.node_id = node_id_;
  c.lease = lease_;
  c.listen = listen_;
  c.live = &live_;
  c.referee_token = referee_token_;
  return c;
}

ArenaService::Running* ArenaService::Find(int64_t id) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = running_.find(id);
  return it == running_.end() ? nullptr : it->second.get();
}

void ArenaService::Status(int64_t id, const Running& r,
                          v1::TournamentStatus* out) {
  out->set_tournament_id(id);
  out->set_state(static_cast<v1::TournamentState>(r.state.load()));
  out->set_matches_done(r.done);
  out->set_matches_total(r.total);
  out->set_ladder(r.ladder);
  out->set_error(r.error);
  *out->mutable_table_setup() = r.config.table;
  out->set_matches_running(r.running);
  out->set_settled(r.settled);
  std::lock_guard<std::mutex> lock(r.waiting_mu);
  out->set_waiting(r.waiting);
}

void ArenaService::UpdateStateMetrics() {
  if (metrics_ == nullptr) return;
  std::map<std::string, int> counts = {
      {"running", 0}, {"finished", 0}, {"cancelled", 0}, {"failed", 0}};
  std::lock_guard<std::mutex> lock(mu_);
  for (auto& [id, r] : running_) ++counts[StateName(r->state)];
  for (auto& [state, n] : counts) metrics_->Tournaments(state, n);
}

grpc::Status ArenaService::Launch(v1::CreateTournamentRequest req, bool ladder,
                                  int64_t resume_id,
                                  v1::TournamentStatus* status) {
  absl::StatusOr<TournamentConfig> config = Configure(req);
  if (!config.ok()) return ToGrpc(config.status());
  // Rows stored by older versions may hold specs no longer allowed (an
  // ended tournament stays queryable; nothing with them runs).
  for (const TournamentBot& b : config->bots) {
    if (absl::Status s = catalog_.CheckRemote(b.spec); !s.ok())
      return ToGrpc(s);
  }
  int total = 0;  // issue 14.6: known at creation
  if (!ladder) {
    auto tables =
        RoundRobin({static_cast<int>(config->bots.size()), config->factions,
                    config->players, config->tables_per_pairing, config->seed});
    if (!tables.ok()) return ToGrpc(tables.status());
    // The operator's bound (--max-tables); resumed ones were accepted once.
    if (resume_id == 0 && static_cast<int64_t>(tables->size()) > max_tables_) {
      return grpc::Status(
          grpc::StatusCode::INVALID_ARGUMENT,
          absl::StrCat("the tournament has ", tables->size(),
                       " tables; this arena allows at most ", max_tables_));
    }
    total = static_cast<int>(tables->size());
  } else if (static_cast<int>(config->bots.size()) < config->players) {
    return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT,
                        "a ladder needs at least `players` bots");
  }
  int64_t id = resume_id;
  if (id == 0) {
    config->key = absl::StrCat(ladder ? "ladder#" : "tournament#",
                               absl::ToUnixNanos(absl::Now()), "#", counter_++);
    bool created = false;
    auto tid = store_->FindOrCreateTournament(config->key, &created);
    if (!tid.ok()) return ToGrpc(tid.status());
    id = *tid;
    // Held before other nodes can see the request (issue 18.2).
    if (ladder) (void)ClaimLadder(id);
    std::string bytes;
    req.SerializeToString(&bytes);
    if (absl::Status s = store_->SetTournamentRequest(id, bytes, ladder);
        !s.ok())
      return ToGrpc(s);
  }
  auto run = std::make_unique<Running>();
  run->config = *config;
  run->ladder = ladder;
  run->total = total;
  Running* r = run.get();
  r->config.cancel = &r->cancel;
  r->config.running = &r->running;
  r->config.waiting = [r](const std::string& why) {
    std::lock_guard<std::mutex> lock(r->waiting_mu);
    r->waiting = why;
  };
  if (ladder) {
    const std::vector<TournamentBot> bots = r->config.bots;
    r->config.live_bots = [this, bots] { return LiveBotsOf(bots); };
    r->config.standings = [r](const Standings& s) {
      auto copy = std::make_shared<const Standings>(s);
      std::lock_guard<std::mutex> lock(r->waiting_mu);
      r->standings = std::move(copy);
    };
  }

  r->thread = std::thread([this, r, id, ladder] {
    // Issue 14.4: `done` counts every stored result, also those from
    // before a restart.
    auto progress = [r](int done, int total) {
      r->done = done;
      r->total = total;
    };
    absl::StatusOr<Standings> s =
        ladder ? RunLadderById(r->config, *store_, id, progress)
               : RunTournamentById(r->config, *store_, id, progress);
    if (!s.ok()) {
      r->error = std::string(s.status().message());
      r->state = v1::TOURNAMENT_STATE_FAILED;
      (void)store_->SetTournamentState(id, "failed");
    } else if (r->cancel) {
      r->state = v1::TOURNAMENT_STATE_CANCELLED;
      (void)store_->SetTournamentState(id, "cancelled");
    } else {
      r->state = v1::TOURNAMENT_STATE_FINISHED;
      (void)store_->SetTournamentState(id, "finished");
    }
    {
      std::lock_guard<std::mutex> lock(r->waiting_mu);
      r->waiting.clear();
    }
    r->settled = true;  // after the last result and the state
    UpdateStateMetrics();
  });
  {
    std::lock_guard<std::mutex> lock(mu_);
    running_[id] = std::move(run);
  }
  UpdateStateMetrics();
  Status(id, *r, status);
  return grpc::Status::OK;
}

grpc::Status ArenaService::CreateTournament(
    grpc::ServerContext* ctx, const v1::CreateTournamentRequest* req,
    v1::TournamentStatus* status) {
  Principal who;
  if (grpc::Status a = Caller(ctx, &who, /*admin=*/true); !a.ok()) return a;
  std::lock_guard<std::mutex> launch(launch_mu_);
  return Launch(*req, false, 0, status);
}

grpc::Status ArenaService::StartLadder(grpc::ServerContext* ctx,
                                       const v1::StartLadderRequest* req,
                                       v1::TournamentStatus* status) {
  Principal who;
  if (grpc::Status a = Caller(ctx, &who, /*admin=*/true); !a.ok()) return a;
  v1::CreateTournamentRequest t;
  if (req->bots().empty()) {
    auto bots = store_->Bots();
    if (!bots.ok()) return ToGrpc(bots.status());
    for (const BotRow& b : *bots) t.add_bots(b.name);
  } else {
    *t.mutable_bots() = req->bots();
  }
  *t.mutable_factions() = req->factions();
  t.set_players(req->players());
  if (req->has_seed()) t.set_seed(req->seed());
  *t.mutable_table_setup() = req->table_setup();
  std::lock_guard<std::mutex> launch(launch_mu_);
  return Launch(t, true, 0, status);
}

bool ArenaService::ClaimLadder(int64_t id) {
  absl::StatusOr<std::string> runner = store_->TournamentRunner(id);
  if (!runner.ok()) return false;
  const int64_t now = absl::ToUnixMillis(absl::Now());
  absl::StatusOr<bool> claimed = store_->ClaimTournament(
      id, node_id_, now + absl::ToInt64Milliseconds(lease_), now,
      DeadOnThisHost(*runner));
  return claimed.ok() && *claimed;
}

void ArenaService::Poll() {
  auto rows = store_->Tournaments();
  if (!rows.ok()) return;
  std::vector<Running*> cancelled;
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (const TournamentRow& t : *rows) {
      auto it = running_.find(t.id);
      if (it == running_.end()) continue;
      Running& r = *it->second;
      if (r.state != v1::TOURNAMENT_STATE_RUNNING) continue;
      // Cancelled on another node: stop here too.
      if (t.state == "cancelled") r.cancel = true;
    }
  }
  const int64_t now = absl::ToUnixMillis(absl::Now());
  for (const TournamentRow& t : *rows) {
    bool mine = false;
    {
      std::lock_guard<std::mutex> lock(mu_);
      auto it = running_.find(t.id);
      mine = it != running_.end() && it->second->thread.joinable() &&
             it->second->state == v1::TOURNAMENT_STATE_RUNNING;
    }
    if (mine && t.ladder) {
      (void)store_->ClaimTournament(
          t.id, node_id_, now + absl::ToInt64Milliseconds(lease_), now);
    }
  }
  ResumeAll();
}

void ArenaService::ResumeAll() {
  std::lock_guard<std::mutex> launch(launch_mu_);
  // Checks cut short by a stop run again.
  if (auto bots = store_->Bots(); bots.ok()) {
    for (const BotRow& b : *bots) {
      if (b.conformance == "pending") QueueCheck(b.name, b.version, b.spec);
    }
  }
  auto rows = store_->Tournaments();
  if (!rows.ok()) return;
  for (const TournamentRow& t : *rows) {
    if (t.request.empty()) continue;
    {
      // Known here: running on this node, or ended. A ladder another node
      // held is retried (its runner may have died).
      std::lock_guard<std::mutex> lock(mu_);
      auto it = running_.find(t.id);
      if (it != running_.end() &&
          (it->second->thread.joinable() ||
           it->second->state != v1::TOURNAMENT_STATE_RUNNING ||
           t.state != "running")) {
        continue;
      }
      if (it != running_.end()) running_.erase(it);
    }
    v1::CreateTournamentRequest req;
    if (!req.ParseFromString(t.request)) continue;
    if (t.state == "running" && t.ladder && !ClaimLadder(t.id)) {
      // Another live node runs this ladder: shown here as running.
      absl::StatusOr<TournamentConfig> config = Configure(req);
      if (!config.ok()) continue;
      auto run = std::make_unique<Running>();
      run->config = *config;
      run->ladder = true;
      std::lock_guard<std::mutex> lock(mu_);
      running_[t.id] = std::move(run);
      continue;
    }
    if (t.state == "running") {
      v1::TournamentStatus ignored;
      (void)Launch(req, t.ladder, t.id, &ignored);
      continue;
    }
    // Ended ones stay queryable (standings, matches, status).
    absl::StatusOr<TournamentConfig> config = Configure(req);
    if (!config.ok()) continue;
    auto run = std::make_unique<Running>();
    run->config = *config;
    run->ladder = t.ladder;
    run->settled = true;
    run->state = t.state == "finished"    ? v1::TOURNAMENT_STATE_FINISHED
                 : t.state == "cancelled" ? v1::TOURNAMENT_STATE_CANCELLED
                                          : v1::TOURNAMENT_STATE_FAILED;
    if (auto matches = store_->Matches(t.id); matches.ok()) {
      int done = 0;
      for (const MatchRow& m : *matches) done += m.state == "done";
      run->done = done;
      run->total = t.ladder ? 0 : static_cast<int>(matches->size());
    }
    std::lock_guard<std::mutex> lock(mu_);
    running_[t.id] = std::move(run);
  }
  UpdateStateMetrics();
}

absl::StatusOr<Standings> ArenaService::Recompute(int64_t tournament,
                                                  TournamentConfig* out) {
  auto rows = store_->Tournaments();
  if (!rows.ok()) return rows.status();
  for (const TournamentRow& t : *rows) {
    if (t.id != tournament) continue;
    v1::CreateTournamentRequest req;
    if (t.request.empty() || !req.ParseFromString(t.request))
      return absl::FailedPreconditionError("the tournament has no request");
    absl::StatusOr<TournamentConfig> config = Configure(req);
    if (!config.ok()) return config.status();
    if (out != nullptr) *out = *config;
    return RecomputeRatings(*config, *store_, tournament);
  }
  return absl::NotFoundError("no such tournament");
}

// Writes a tournament's status whenever it changes, until it ends.
class ArenaService::Watch
    : public referee::PullWriteReactor<v1::TournamentStatus> {
 public:
  Watch(ArenaService* service, int64_t id, Running* r, std::string client)
      : service_(service), id_(id), r_(r), client_(std::move(client)) {
    service_->watchers_.Add(this);
  }

 private:
  bool Produce(v1::TournamentStatus* out, bool* done) override {
    if (ended_) {
      *done = true;
      return false;
    }
    v1::TournamentStatus s;
    service_->Status(id_, *r_, &s);
    // Issue 14: a cancelled run's last match still ends and is stored: the
    // stream ends once the counts are final.
    ended_ = s.state() != v1::TOURNAMENT_STATE_RUNNING && s.settled();
    if (s.matches_done() == last_done_ && s.state() == last_state_ &&
        s.settled() == last_settled_ && s.waiting() == last_waiting_) {
      *done = ended_;
      return false;
    }
    last_done_ = s.matches_done();
    last_state_ = s.state();
    last_settled_ = s.settled();
    last_waiting_ = s.waiting();
    *out = std::move(s);
    return true;
  }
  void Closed() override {
    service_->watchers_.Remove(this);
    service_->watch_limiter_.Release(client_);
  }

  ArenaService* service_;
  const int64_t id_;
  Running* r_;
  const std::string client_;
  int last_done_ = -1, last_state_ = -1;
  bool last_settled_ = false, ended_ = false;
  std::string last_waiting_;
};

grpc::ServerWriteReactor<v1::TournamentStatus>* ArenaService::WatchTournament(
    grpc::CallbackServerContext* ctx, const v1::TournamentRef* ref) {
  Principal who;
  if (grpc::Status a = Caller(ctx, &who); !a.ok())
    return new referee::RefusedStream<v1::TournamentStatus>(a);
  Running* r = Find(ref->tournament_id());
  if (r == nullptr) {
    return new referee::RefusedStream<v1::TournamentStatus>(
        grpc::Status(grpc::StatusCode::NOT_FOUND, "no such tournament"));
  }
  const std::string client = referee::StreamLimiter::ClientOf(ctx->peer());
  if (!watch_limiter_.Acquire(client)) {
    return new referee::RefusedStream<v1::TournamentStatus>(grpc::Status(
        grpc::StatusCode::RESOURCE_EXHAUSTED, "too many open watch streams"));
  }
  auto* watch = new Watch(this, ref->tournament_id(), r, client);
  watch->Wake();
  return watch;
}

grpc::Status ArenaService::ListMatches(grpc::ServerContext* ctx,
                                       const v1::ListMatchesRequest* req,
                                       v1::ListMatchesResponse* out) {
  Principal who;
  if (grpc::Status a = Caller(ctx, &who); !a.ok()) return a;
  Running* r = Find(req->tournament_id());
  if (r == nullptr)
    return grpc::Status(grpc::StatusCode::NOT_FOUND, "no such tournament");
  std::string next;
  auto rows = MatchPage(*store_, *req, &next);
  if (!rows.ok()) return ToGrpc(rows.status());
  for (const MatchRow& m : *rows) {
    v1::MatchSummary* s = out->add_matches();
    MatchSummaryOf(m, r->config.bots, s);
    for (size_t i = 0; i < m.bots.size(); ++i)
      s->add_versions(i < m.versions.size() ? m.versions[i] : "");
    // Issue 14: a running remote ladder table can be watched.
    LiveMatches::Entry live;
    if (m.state == "running" && live_.Get(m.id, &live)) {
      s->set_watch_match_id(live.watch_match_id);
      s->set_referee(live.referee);
    }
  }
  out->set_next_page_token(next);
  return grpc::Status::OK;
}

grpc::Status ArenaService::ListTournaments(grpc::ServerContext* ctx,
                                           const v1::ListTournamentsRequest*,
                                           v1::ListTournamentsResponse* out) {
  Principal who;
  if (grpc::Status a = Caller(ctx, &who); !a.ok()) return a;
  std::vector<int64_t> ids;
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (const auto& [id, r] : running_) ids.push_back(id);
  }
  for (int64_t id : ids) {
    Running* r = Find(id);
    if (r != nullptr) Status(id, *r, out->add_tournaments());
  }
  return grpc::Status::OK;
}

grpc::Status ArenaService::GetMatchReplay(grpc::ServerContext* ctx,
                                          const v1::MatchReplayRequest* req,
                                          v1::Replay* out) {
  Principal who;
  if (grpc::Status a = Caller(ctx, &who); !a.ok()) return a;
  auto stored = store_->Replay(req->match_id());
  if (!stored.ok()) return ToGrpc(stored.status());
  if (stored->state != "done") {
    return grpc::Status(grpc::StatusCode::FAILED_PRECONDITION,
                        "the match has not finished");
  }
  // The tables of a round-robin group share a seed: a replay would tell
  // every hand of the tables still to play.
  if (stored->unfinished_with_seed > 0) {
    return grpc::Status(grpc::StatusCode::FAILED_PRECONDITION,
                        "a table sharing this match's seed is unfinished");
  }
  if (!google::protobuf::util::JsonStringToMessage(stored->replay_json, out)
           .ok()) {
    return grpc::Status(grpc::StatusCode::DATA_LOSS,
                        "the stored replay does not parse");
  }
  return grpc::Status::OK;
}

grpc::Status ArenaService::GetStandings(grpc::ServerContext* ctx,
                                        const v1::TournamentRef* ref,
                                        v1::StandingsResponse* out) {
  Principal who;
  if (grpc::Status a = Caller(ctx, &who); !a.ok()) return a;
  Running* r = Find(ref->tournament_id());
  if (r == nullptr)
    return grpc::Status(grpc::StatusCode::NOT_FOUND, "no such tournament");
  // A ladder's own published standings: constant work however many
  // matches it has stored (equal to StoredStandings: the ledger applies the
  // same results in the same order).
  std::shared_ptr<const Standings> published;
  {
    std::lock_guard<std::mutex> lock(r->waiting_mu);
    published = r->standings;
  }
  absl::StatusOr<Standings> s =
      published != nullptr
          ? absl::StatusOr<Standings>(*published)
          : StoredStandings(r->config, *store_, ref->tournament_id());
  if (!s.ok()) return ToGrpc(s.status());
  for (const BotStanding& b : s->bots) {
    v1::BotStanding* o = out->add_bots();
    o->set_bot(b.name);
    o->set_ordinal(b.rating.Ordinal());
    o->set_mu(b.rating.mu);
    o->set_sigma(b.rating.sigma);
    o->set_games(b.games);
    o->set_wins(b.wins);
    o->set_mean_vp(b.games ? 1.0 * b.vp / b.games : 0);
    o->set_forfeits(b.forfeits);
    o->set_suspended(b.suspended);
    for (size_t f = 0; f < b.by_faction.size(); ++f) {
      FactionToStanding(r->config, f, b.by_faction[f], o->add_factions());
    }
  }
  for (size_t f = 0; f < s->factions.size(); ++f) {
    FactionToStanding(r->config, f, s->factions[f], out->add_factions());
  }
  out->set_faction_imbalance(s->balance.faction_imbalance);
  out->set_seat_imbalance(s->balance.seat_imbalance);
  return grpc::Status::OK;
}

grpc::Status ArenaService::CancelTournament(grpc::ServerContext* ctx,
                                            const v1::TournamentRef* ref,
                                            v1::TournamentStatus* status) {
  Principal who;
  if (grpc::Status a = Caller(ctx, &who, /*admin=*/true); !a.ok()) return a;
  Running* r = Find(ref->tournament_id());
  if (r == nullptr)
    return grpc::Status(grpc::StatusCode::NOT_FOUND, "no such tournament");
  // Issue 14.6: returns at once, cancelled (also in the store, so a restart
  // does not resume it); a running match ends in the background and its
  // result is still stored (the destructor joins the thread).
  if (!r->cancel.exchange(true) && r->state == v1::TOURNAMENT_STATE_RUNNING) {
    r->state = v1::TOURNAMENT_STATE_CANCELLED;
    (void)store_->SetTournamentState(ref->tournament_id(), "cancelled");
    UpdateStateMetrics();
  }
  Status(ref->tournament_id(), *r, status);
  return grpc::Status::OK;
}

}  // namespace woodland::arena
