#include "arena/store.h"

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

namespace woodland::arena {
namespace {

// Numbered migrations; never edit a released one, append a new one.
const char* const kMigrations[] = {
    // 1: initial schema
    R"sql(
    CREATE TABLE bots(id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL, spec TEXT NOT NULL);
    CREATE TABLE tournaments(id INTEGER PRIMARY KEY, config_key TEXT UNIQUE NOT NULL,
                             state TEXT NOT NULL DEFAULT 'running');
    CREATE TABLE matches(id INTEGER PRIMARY KEY, tournament_id INTEGER NOT NULL,
                         table_index INTEGER NOT NULL, bots TEXT NOT NULL,
                         factions TEXT NOT NULL, seed INTEGER NOT NULL,
                         state TEXT NOT NULL DEFAULT 'pending', result TEXT, replay TEXT,
                         UNIQUE(tournament_id, table_index));
    CREATE TABLE ratings(tournament_id INTEGER NOT NULL, bot TEXT NOT NULL,
                         faction INTEGER NOT NULL, mu REAL, sigma REAL, games INTEGER,
                                                  wins INTEGER, vp INTEGER, PRIMARY KEY(tournament_id, bot, faction));
    )sql",
    // 2: bot metadata; the request a tournament was created from (to resume
    //    it after a restart) and whether it is a ladder
    R"sql(
    ALTER TABLE bots ADD COLUMN version TEXT NOT NULL DEFAULT '';
    ALTER TABLE bots ADD COLUMN owner TEXT NOT NULL DEFAULT '';
    ALTER TABLE tournaments ADD COLUMN request BLOB;
    ALTER TABLE tournaments ADD COLUMN ladder INTEGER NOT NULL DEFAULT 0;
    )sql",
    // 3: forfeits of a match (issue 14.3), one "seat:kind:reason" line each
    R"sql(
    ALTER TABLE matches ADD COLUMN forfeits TEXT NOT NULL DEFAULT '';
    )sql",
    // 4: replays by match id check the other tables sharing their seed
    R"sql(
    CREATE INDEX matches_by_seed ON matches(tournament_id, seed);
    )sql",
    // 5 (issue 14): bot versions with their conformance check, enabled and
    //    deleted bots, the versions a match seated, per-seat stderr kept
    //    for the bots' owners, persistent ladder ratings per version and
    //    faction, and accounts (tokens stored as SHA-256 only). Bots
    //    registered before checks existed count as passed.
    R"sql(
    ALTER TABLE bots ADD COLUMN enabled INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE bots ADD COLUMN deleted INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE bot_versions(id INTEGER PRIMARY KEY, bot TEXT NOT NULL,
                              version TEXT NOT NULL, spec TEXT NOT NULL,
                              carry INTEGER NOT NULL DEFAULT 1,
                              conformance TEXT NOT NULL DEFAULT 'passed',
                              detail TEXT NOT NULL DEFAULT '',
                              UNIQUE(bot, version));
    INSERT INTO bot_versions(bot, version, spec) SELECT name, version, spec FROM bots;
    ALTER TABLE matches ADD COLUMN versions TEXT NOT NULL DEFAULT '';
    CREATE TABLE match_stderr(match_id INTEGER NOT NULL, seat INTEGER NOT NULL,
                              text TEXT NOT NULL, PRIMARY KEY(match_id, seat));
    CREATE TABLE ladder_ratings(bot TEXT NOT NULL, version TEXT NOT NULL,
                                faction INTEGER NOT NULL, mu REAL, sigma REAL,
                                games INTEGER, wins INTEGER, vp INTEGER,
                                PRIMARY KEY(bot, version, faction));
    CREATE TABLE users(name TEXT PRIMARY KEY, role TEXT NOT NULL,
                       token_hash TEXT UNIQUE NOT NULL);
    )sql",
    // 6: several arena nodes on one database (issue 18.2): a running match
    //    is claimed by a node ("host/pid") until its lease (Unix ms) ends;
    //    rating rows are written only for a longer prefix of the schedule
    //    than the one stored (rated_upto), so nodes never overwrite newer
    //    ratings with older ones.
    R"sql(
    ALTER TABLE matches ADD COLUMN claimed_by TEXT NOT NULL DEFAULT '';
    ALTER TABLE matches ADD COLUMN lease_until INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE tournaments ADD COLUMN rated_upto INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE tournaments ADD COLUMN runner TEXT NOT NULL DEFAULT '';
    ALTER TABLE tournaments ADD COLUMN runner_lease INTEGER NOT NULL DEFAULT 0;
    )sql",
    // 7: a ladder's probes of suspended bots (issue 14): when the next one
    //    is due (Unix ms) and the wait that led to it, so a restarted arena
    //    keeps the backoff.
    R"sql(
    CREATE TABLE ladder_probes(tournament_id INTEGER NOT NULL,
                               bot TEXT NOT NULL, due_ms BIGINT NOT NULL,
                               backoff_ms BIGINT NOT NULL,
                               PRIMARY KEY(tournament_id, bot));
    )sql",
};

// A statement of the store's database; the call sites read like SQLite's
// (Step() == kRow / kDone), whatever the engine.
constexpr DbStatement::StepResult kRow = DbStatement::kRow;
constexpr DbStatement::StepResult kDone = DbStatement::kDone;
constexpr DbStatement::StepResult kConstraint = DbStatement::kConstraint;

class Stmt {
 public:
  Stmt(Db* db, const std::string& sql) : s_(db->Prepare(sql)) {}
  bool ok() const { return s_->ok(); }
  Stmt& Bind(int i, int64_t v) {
    s_->Bind(i, v);
    return *this;
  }
  Stmt& Bind(int i, double v) {
    s_->Bind(i, v);
    return *this;
  }
  Stmt& Bind(int i, const std::string& v) {
    s_->Bind(i, v);
    return *this;
  }
  Stmt& BindBlob(int i, const std::string& v) {
    s_->BindBlob(i, v);
    return *this;
  }
  DbStatement::StepResult Step() { return s_->Step(); }
  void Reset() { s_->Reset(); }
  int64_t Int(int c) { return s_->Int(c); }
  double Real(int c) { return s_->Real(c); }
  std::string Text(int c) { return s_->Text(c); }
  std::string Blob(int c) { return s_->Blob(c); }
  int64_t Changes() { return s_->Changes(); }

 private:
  std::unique_ptr<DbStatement> s_;
};

absl::Status Error(Db* db, const std::string& what) {
  return absl::InternalError(absl::StrCat(what, ": ", db->LastError()));
}

std::vector<int> Ints(const std::string& s) {
  std::vector<int> out;
  for (absl::string_view p : absl::StrSplit(s, ',', absl::SkipEmpty())) {
    int v = 0;
    if (absl::SimpleAtoi(p, &v)) out.push_back(v);
  }
  return out;
}

}  // namespace

absl::StatusOr<std::unique_ptr<Store>> Store::Open(const std::string& target) {
  absl::StatusOr<std::unique_ptr<Db>> db = OpenDb(target);
  if (!db.ok()) return db.status();
  std::unique_ptr<Store> s(new Store());
  s->db_ = *std::move(db);
  if (absl::Status st = s->Migrate(); !st.ok()) return st;
  return s;
}

Store::~Store() = default;

absl::Status Store::Exec(const std::string& sql) { return db_->Exec(sql); }

absl::Status Store::Migrate() {
  // Programs opening one database together (arena nodes, the CLI and a
  // watcher) migrate one at a time. PostgreSQL: a session-level advisory
  // lock, released below, and a transaction per migration. SQLite: one write
  // transaction taken before the version is read (BEGIN IMMEDIATE waits on
  // the busy timeout; a deferred transaction's later upgrade would fail at
  // once with "database is locked" in WAL mode).
  const bool pg = db_->engine() == Db::kPostgres;
  if (pg) {
    if (absl::Status st = Exec("SELECT pg_advisory_lock(727001);"); !st.ok())
      return st;
  } else if (absl::Status st = db_->Begin(); !st.ok()) {
    return absl::UnavailableError(
        absl::StrCat("locking the database to migrate it: ", st.message()));
  }
  const int before = version_;
  absl::Status st = MigrateLocked(/*transaction_each=*/pg);
  if (pg) {
    (void)Exec("SELECT pg_advisory_unlock(727001);");
  } else if (st.ok()) {
    st = Exec("COMMIT;");
  }
  if (!pg && !st.ok()) {
    (void)Exec("ROLLBACK;");
    version_ = before;
  }
  return st;
}

absl::Status Store::MigrateLocked(bool transaction_each) {
  if (absl::Status st = Exec("CREATE TABLE IF NOT EXISTS "
                             "schema_version(version BIGINT NOT NULL);");
      !st.ok()) {
    return st;
  }
  int version = 0;
  {
    Stmt q(db_.get(), "SELECT COALESCE(MAX(version), 0) FROM schema_version");
    if (!q.ok() || q.Step() != kRow)
      return Error(db_.get(), "reading the schema version");
    version = static_cast<int>(q.Int(0));
  }
  version_ = version;
  const int latest = static_cast<int>(std::size(kMigrations));
  if (version_ > latest) {
    return absl::FailedPreconditionError(
        absl::StrCat("the database has schema version ", version_,
                     ", newer than this program's ", latest));
  }
  for (int v = version_; v < latest; ++v) {
    const std::string step =
        absl::StrCat(db_->TranslateDdl(kMigrations[v]),
                     " INSERT INTO schema_version VALUES(", v + 1, ");");
    absl::Status st = Exec(
        transaction_each ? absl::StrCat("BEGIN; ", step, " COMMIT;") : step);
    if (!st.ok()) {
      if (transaction_each) (void)Exec("ROLLBACK;");
      return absl::InternalError(
          absl::StrCat("migration ", v + 1, " failed: ", st.message()));
    }
    version_ = v + 1;
  }
  return absl::OkStatus();
}

absl::StatusOr<int64_t> Store::UpsertBot(const std::string& name,
                                         const std::string& spec) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt ins(db_.get(),
           "INSERT INTO bots(name, spec) VALUES(?, ?) "
           "ON CONFLICT(name) DO UPDATE SET spec = excluded.spec");
  if (!ins.ok() || ins.Bind(1, name).Bind(2, spec).Step() != kDone) {
    return Error(db_.get(), "saving bot " + name);
  }
  Stmt q(db_.get(), "SELECT id FROM bots WHERE name = ?");
  q.Bind(1, name);
  if (q.Step() != kRow) return Error(db_.get(), "reading bot " + name);
  return q.Int(0);
}

absl::StatusOr<int64_t> Store::FindOrCreateTournament(const std::string& key,
                                                      bool* created) {
  std::lock_guard<std::mutex> lock(mu_);
  // One statement decides who creates it: another process (an arena node,
  // a second `woodland tournament` on the same database) racing on the same
  // key inserts nothing and reads the row below.
  Stmt ins(db_.get(),
           "INSERT INTO tournaments(config_key) VALUES(?) "
           "ON CONFLICT(config_key) DO NOTHING RETURNING id");
  switch (ins.Bind(1, key).Step()) {
    case kRow:
      *created = true;
      return ins.Int(0);
    case kDone:
      break;
    default:
      return Error(db_.get(), "creating the tournament");
  }
  Stmt q(db_.get(), "SELECT id FROM tournaments WHERE config_key = ?");
  q.Bind(1, key);
  if (q.Step() != kRow) return Error(db_.get(), "reading the tournament");
  *created = false;
  return q.Int(0);
}

absl::Status Store::InsertMatches(int64_t tournament,
                                  const std::vector<Table>& tables,
                                  int* inserted) {
  std::lock_guard<std::mutex> lock(mu_);
  if (absl::Status st = db_->Begin(); !st.ok()) return st;
  if (inserted != nullptr) *inserted = 0;
  for (const Table& t : tables) {
    Stmt ins(db_.get(),
             "INSERT INTO matches(tournament_id, table_index, bots, "
             "factions, seed) "
             "VALUES(?, ?, ?, ?, ?) ON CONFLICT DO NOTHING");
    ins.Bind(1, tournament)
        .Bind(2, static_cast<int64_t>(t.index))
        .Bind(3, absl::StrJoin(t.bots, ","))
        .Bind(4, absl::StrJoin(t.factions, ","))
        .Bind(5, static_cast<int64_t>(t.seed));
    if (ins.Step() != kDone) {
      (void)Exec("ROLLBACK;");
      return Error(db_.get(), "scheduling matches");
    }
    if (inserted != nullptr) *inserted += static_cast<int>(ins.Changes());
  }
  return Exec("COMMIT;");
}

absl::StatusOr<int64_t> Store::InsertMatch(int64_t tournament,
                                           const Table& table) {
  if (absl::Status st = InsertMatches(tournament, {table}); !st.ok()) return st;
  std::lock_guard<std::mutex> lock(mu_);
  Stmt q(db_.get(),
         "SELECT id FROM matches WHERE tournament_id = ? AND table_index = ?");
  q.Bind(1, tournament).Bind(2, static_cast<int64_t>(table.index));
  if (q.Step() != kRow) return Error(db_.get(), "reading a new match");
  return q.Int(0);
}

namespace {

constexpr char kMatchColumns[] =
    "SELECT id, table_index, bots, factions, seed, state, "
    "COALESCE(result, ''), forfeits, versions, tournament_id, claimed_by, "
    "lease_until FROM matches ";

MatchRow ReadMatch(Stmt& q) {
  MatchRow m;
  m.id = q.Int(0);
  m.table_index = static_cast<int>(q.Int(1));
  m.bots = Ints(q.Text(2));
  m.factions = Ints(q.Text(3));
  m.seed = static_cast<uint64_t>(q.Int(4));
  m.state = q.Text(5);
  m.result_json = q.Text(6);
  m.forfeits = q.Text(7);
  const std::string versions = q.Text(8);
  if (!versions.empty()) {
    std::vector<std::string> parts = absl::StrSplit(versions, ',');
    m.versions = std::move(parts);
  }
  m.tournament = q.Int(9);
  m.claimed_by = q.Text(10);
  m.lease_until_ms = q.Int(11);
  return m;
}

}  // namespace

absl::StatusOr<std::vector<MatchRow>> Store::Matches(int64_t tournament) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt q(db_.get(), std::string(kMatchColumns) +
                        "WHERE tournament_id = ? ORDER BY table_index");
  q.Bind(1, tournament);
  std::vector<MatchRow> out;
  while (q.Step() == kRow) {
    out.push_back(ReadMatch(q));
    ++match_rows_read_;
  }
  return out;
}

absl::StatusOr<std::vector<MatchRow>> Store::MatchesPage(int64_t tournament,
                                                         int after, int limit) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt q(db_.get(), std::string(kMatchColumns) +
                        "WHERE tournament_id = ? AND table_index > ? "
                        "ORDER BY table_index LIMIT ?");
  q.Bind(1, tournament)
      .Bind(2, static_cast<int64_t>(after))
      .Bind(3, static_cast<int64_t>(limit));
  std::vector<MatchRow> out;
  while (q.Step() == kRow) out.push_back(ReadMatch(q));
  return out;
}

absl::StatusOr<Store::StoredReplay> Store::Replay(int64_t match) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt q(db_.get(),
         "SELECT tournament_id, seed, state, COALESCE(replay, '') FROM "
         "matches WHERE id = ?");
  q.Bind(1, match);
  if (q.Step() != kRow) return absl::NotFoundError("no such match");
  StoredReplay r{q.Int(0), static_cast<uint64_t>(q.Int(1)), q.Text(2),
                 q.Text(3)};
  Stmt others(db_.get(),
              "SELECT COUNT(*) FROM matches WHERE tournament_id = ? AND "
              "seed = ? AND state != 'done' AND id != ?");
  others.Bind(1, r.tournament)
      .Bind(2, static_cast<int64_t>(r.seed))
      .Bind(3, match);
  if (others.Step() != kRow) return Error(db_.get(), "reading matches");
  r.unfinished_with_seed = static_cast<int>(others.Int(0));
  return r;
}

absl::Status Store::ResetRunning(int64_t tournament) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt u(db_.get(),
         "UPDATE matches SET state = 'pending' WHERE tournament_id = ? AND "
         "state = 'running'");
  return u.Bind(1, tournament).Step() == kDone
             ? absl::OkStatus()
             : Error(db_.get(), "resetting matches");
}

absl::Status Store::MarkRunning(int64_t match) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt u(db_.get(),
         "UPDATE matches SET state = 'running' WHERE id = ? AND state = "
         "'pending'");
  return u.Bind(1, match).Step() == kDone
             ? absl::OkStatus()
             : Error(db_.get(), "starting a match");
}

absl::Status Store::SaveResult(int64_t match, const std::string& result_json,
                               const std::string& replay_json,
                               const std::string& forfeits, int64_t tournament,
                               const std::vector<RatingRow>& ratings,
                               const std::vector<std::string>& stderr_by_seat,
                               const LadderUpdate* ladder, int rated_upto) {
  std::lock_guard<std::mutex> lock(mu_);
  if (absl::Status st = db_->Begin(); !st.ok()) return st;
  Stmt u(db_.get(),
         "UPDATE matches SET state = 'done', result = ?, replay = ?, "
         "forfeits = ?, claimed_by = '', lease_until = 0 "
         "WHERE id = ? AND state != 'done'");
  u.Bind(1, result_json).Bind(2, replay_json).Bind(3, forfeits).Bind(4, match);
  absl::Status st = u.Step() == kDone ? absl::OkStatus()
                                      : Error(db_.get(), "saving a result");
  // Exactly once: another node (after this one's lease ran out) stored it.
  if (st.ok() && u.Changes() == 0) {
    st = absl::AlreadyExistsError("the match was already stored");
  }
  bool write = st.ok() && !ratings.empty();
  if (write && rated_upto >= 0) {
    Stmt g(db_.get(),
           "UPDATE tournaments SET rated_upto = ? WHERE id = ? AND "
           "rated_upto < ?");
    g.Bind(1, static_cast<int64_t>(rated_upto))
        .Bind(2, tournament)
        .Bind(3, static_cast<int64_t>(rated_upto));
    if (g.Step() != kDone) st = Error(db_.get(), "saving the rated prefix");
    write = st.ok() && g.Changes() == 1;
  }
  if (write) st = WriteRatings(tournament, ratings);
  const bool changed = st.ok();
  for (size_t seat = 0; changed && seat < stderr_by_seat.size(); ++seat) {
    if (stderr_by_seat[seat].empty()) continue;
    Stmt e(db_.get(),
           "INSERT INTO match_stderr(match_id, seat, text) VALUES(?, ?, ?) "
           "ON CONFLICT(match_id, seat) DO UPDATE SET text = excluded.text");
    e.Bind(1, match)
        .Bind(2, static_cast<int64_t>(seat))
        .Bind(3, stderr_by_seat[seat]);
    if (e.Step() != kDone) st = Error(db_.get(), "saving stderr");
  }
  if (changed && st.ok() && ladder != nullptr) st = UpdateLadder(*ladder);
  if (!st.ok()) {
    db_->Rollback();
    return st;
  }
  return db_->Commit();
}

absl::StatusOr<bool> Store::ClaimMatch(int64_t match, const std::string& node,
                                       int64_t lease_until_ms, int64_t now_ms,
                                       const std::string& dead_node) {
  std::lock_guard<std::mutex> lock(mu_);
  // One UPDATE decides: PostgreSQL locks the row and re-checks the
  // condition for a second claimer, SQLite has one writer at a time.
  Stmt u(db_.get(),
         "UPDATE matches SET state = 'running', claimed_by = ?, "
         "lease_until = ? WHERE id = ? AND (state = 'pending' OR "
         "(state = 'running' AND (claimed_by = '' OR claimed_by = ? OR "
         "claimed_by = ? OR lease_until < ?)))");
  u.Bind(1, node)
      .Bind(2, lease_until_ms)
      .Bind(3, match)
      .Bind(4, node)
      .Bind(5, dead_node.empty() ? node : dead_node)
      .Bind(6, now_ms);
  if (u.Step() != kDone) return Error(db_.get(), "claiming a match");
  return u.Changes() == 1;
}

absl::StatusOr<bool> Store::ClaimTournament(int64_t tournament,
                                            const std::string& node,
                                            int64_t lease_until_ms,
                                            int64_t now_ms,
                                            const std::string& dead_node) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt u(db_.get(),
         "UPDATE tournaments SET runner = ?, runner_lease = ? WHERE id = ? "
         "AND (runner = '' OR runner = ? OR runner = ? OR runner_lease < ?)");
  u.Bind(1, node)
      .Bind(2, lease_until_ms)
      .Bind(3, tournament)
      .Bind(4, node)
      .Bind(5, dead_node.empty() ? node : dead_node)
      .Bind(6, now_ms);
  if (u.Step() != kDone) return Error(db_.get(), "claiming a tournament");
  return u.Changes() == 1;
}

absl::StatusOr<std::string> Store::TournamentRunner(int64_t tournament) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt q(db_.get(), "SELECT runner FROM tournaments WHERE id = ?");
  q.Bind(1, tournament);
  if (q.Step() != kRow) return absl::NotFoundError("no such tournament");
  return q.Text(0);
}

absl::Status Store::RenewLeases(int64_t tournament, const std::string& node,
                                int64_t lease_until_ms) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt u(db_.get(),
         "UPDATE matches SET lease_until = ? WHERE tournament_id = ? AND "
         "claimed_by = ? AND state = 'running'");
  u.Bind(1, lease_until_ms).Bind(2, tournament).Bind(3, node);
  return u.Step() == kDone ? absl::OkStatus()
                           : Error(db_.get(), "renewing leases");
}

absl::StatusOr<std::vector<MatchRow>> Store::RunningMatches(
    int64_t tournament) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt q(db_.get(), std::string(kMatchColumns) +
                        "WHERE tournament_id = ? AND state = 'running' "
                        "ORDER BY table_index");
  q.Bind(1, tournament);
  std::vector<MatchRow> out;
  while (q.Step() == kRow) out.push_back(ReadMatch(q));
  return out;
}

absl::StatusOr<std::vector<MatchRow>> Store::MatchesInState(int64_t tournament,
                                                            bool done,
                                                            int from_index) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt q(db_.get(),
         std::string(kMatchColumns) +
             (done ? "WHERE tournament_id = ? AND state = 'done' "
                   : "WHERE tournament_id = ? AND state != 'done' ") +
             "AND table_index >= ? ORDER BY table_index");
  q.Bind(1, tournament).Bind(2, static_cast<int64_t>(from_index));
  std::vector<MatchRow> out;
  while (q.Step() == kRow) out.push_back(ReadMatch(q));
  return out;
}

namespace {

LadderRatingRow ReadLadderRow(Db* db, const std::string& bot,
                              const std::string& version, int faction) {
  LadderRatingRow r;
  r.bot = bot;
  r.version = version;
  r.faction = faction;
  Stmt q(db,
         "SELECT mu, sigma, games, wins, vp FROM ladder_ratings WHERE bot = ? "
         "AND version = ? AND faction = ?");
  q.Bind(1, bot).Bind(2, version).Bind(3, static_cast<int64_t>(faction));
  if (q.Step() == kRow) {
    r.mu = q.Real(0);
    r.sigma = q.Real(1);
    r.games = static_cast<int>(q.Int(2));
    r.wins = static_cast<int>(q.Int(3));
    r.vp = static_cast<int>(q.Int(4));
    r.found = true;
  }
  return r;
}

bool WriteLadderRow(Db* db, const LadderRatingRow& r) {
  Stmt w(db,
         "INSERT INTO ladder_ratings(bot, version, faction, mu, sigma, games, "
         "wins, vp) VALUES(?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(bot, version, "
         "faction) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, "
         "games = excluded.games, wins = excluded.wins, vp = excluded.vp");
  w.Bind(1, r.bot)
      .Bind(2, r.version)
      .Bind(3, static_cast<int64_t>(r.faction))
      .Bind(4, r.mu)
      .Bind(5, r.sigma)
      .Bind(6, static_cast<int64_t>(r.games))
      .Bind(7, static_cast<int64_t>(r.wins))
      .Bind(8, static_cast<int64_t>(r.vp));
  return w.Step() == kDone;
}

}  // namespace

absl::Status Store::UpdateLadder(const LadderUpdate& u) {
  std::vector<LadderRatingRow> overall, by_faction;
  for (size_t i = 0; i < u.bots.size(); ++i) {
    overall.push_back(ReadLadderRow(db_.get(), u.bots[i], u.versions[i], -1));
    by_faction.push_back(
        ReadLadderRow(db_.get(), u.bots[i], u.versions[i], u.factions[i]));
  }
  u.apply(overall, by_faction);
  for (const auto* rows : {&overall, &by_faction}) {
    for (const LadderRatingRow& r : *rows) {
      if (!WriteLadderRow(db_.get(), r))
        return Error(db_.get(), "saving ladder ratings");
    }
  }
  return absl::OkStatus();
}

absl::Status Store::WriteRatings(int64_t tournament,
                                 const std::vector<RatingRow>& ratings) {
  Stmt ins(db_.get(),
           "INSERT INTO ratings(tournament_id, bot, faction, mu, sigma, games, "
           "wins, vp) VALUES(?, ?, ?, ?, ?, ?, ?, ?) "
           "ON CONFLICT(tournament_id, bot, faction) DO UPDATE SET "
           "mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, "
           "wins = excluded.wins, vp = excluded.vp");
  for (const RatingRow& r : ratings) {
    ins.Reset();
    ins.Bind(1, tournament)
        .Bind(2, r.bot)
        .Bind(3, static_cast<int64_t>(r.faction))
        .Bind(4, r.mu)
        .Bind(5, r.sigma)
        .Bind(6, static_cast<int64_t>(r.games))
        .Bind(7, static_cast<int64_t>(r.wins))
        .Bind(8, static_cast<int64_t>(r.vp));
    if (ins.Step() != kDone) return Error(db_.get(), "saving ratings");
  }
  return absl::OkStatus();
}

absl::Status Store::ReplaceRatings(int64_t tournament,
                                   const std::vector<RatingRow>& ratings) {
  std::lock_guard<std::mutex> lock(mu_);
  if (absl::Status st = db_->Begin(); !st.ok()) return st;
  Stmt del(db_.get(), "DELETE FROM ratings WHERE tournament_id = ?");
  absl::Status st = del.Bind(1, tournament).Step() == kDone
                        ? WriteRatings(tournament, ratings)
                        : Error(db_.get(), "clearing ratings");
  if (!st.ok()) {
    (void)Exec("ROLLBACK;");
    return st;
  }
  return Exec("COMMIT;");
}

absl::Status Store::InsertBot(const BotRow& bot) {
  std::lock_guard<std::mutex> lock(mu_);
  if (absl::Status st = db_->Begin(); !st.ok()) return st;
  Stmt ins(db_.get(),
           "INSERT INTO bots(name, spec, version, owner) VALUES(?, ?, ?, ?)");
  ins.Bind(1, bot.name)
      .Bind(2, bot.spec)
      .Bind(3, bot.version)
      .Bind(4, bot.owner);
  const int rc = ins.Step();
  absl::Status st = absl::OkStatus();
  if (rc == kConstraint) {
    st = absl::AlreadyExistsError("a bot named '" + bot.name +
                                  "' is already registered");
  } else if (rc != kDone) {
    st = Error(db_.get(), "registering a bot");
  } else {
    Stmt v(db_.get(),
           "INSERT INTO bot_versions(bot, version, spec, conformance, detail) "
           "VALUES(?, ?, ?, ?, ?)");
    v.Bind(1, bot.name)
        .Bind(2, bot.version)
        .Bind(3, bot.spec)
        .Bind(4, bot.conformance)
        .Bind(5, bot.conformance_detail);
    if (v.Step() != kDone) st = Error(db_.get(), "registering a version");
  }
  if (!st.ok()) {
    (void)Exec("ROLLBACK;");
    return st;
  }
  return Exec("COMMIT;");
}

namespace {

constexpr char kBotColumns[] =
    "SELECT b.name, b.spec, b.version, b.owner, b.enabled, b.deleted, "
    "COALESCE(v.conformance, 'passed'), COALESCE(v.detail, '') FROM bots b "
    "LEFT JOIN bot_versions v ON v.bot = b.name AND v.version = b.version ";

BotRow ReadBot(Stmt& q) {
  BotRow b;
  b.name = q.Text(0);
  b.spec = q.Text(1);
  b.version = q.Text(2);
  b.owner = q.Text(3);
  b.enabled = q.Int(4) != 0;
  b.deleted = q.Int(5) != 0;
  b.conformance = q.Text(6);
  b.conformance_detail = q.Text(7);
  return b;
}

}  // namespace

absl::StatusOr<std::vector<BotRow>> Store::Bots(bool include_deleted) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt q(db_.get(), std::string(kBotColumns) +
                        (include_deleted ? "" : "WHERE b.deleted = 0 ") +
                        "ORDER BY b.id");
  std::vector<BotRow> out;
  while (q.Step() == kRow) out.push_back(ReadBot(q));
  return out;
}

absl::StatusOr<BotRow> Store::Bot(const std::string& name) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt q(db_.get(), std::string(kBotColumns) + "WHERE b.name = ?");
  q.Bind(1, name);
  if (q.Step() != kRow)
    return absl::NotFoundError("unknown bot '" + name + "'");
  return ReadBot(q);
}

absl::Status Store::AddBotVersion(const std::string& name,
                                  const std::string& version,
                                  const std::string& spec, bool carry,
                                  const std::string& conformance) {
  std::lock_guard<std::mutex> lock(mu_);
  if (absl::Status st = db_->Begin(); !st.ok()) return st;
  std::string previous;
  absl::Status st = absl::OkStatus();
  {
    Stmt q(db_.get(),
           "SELECT version FROM bots WHERE name = ? AND deleted = 0");
    q.Bind(1, name);
    if (q.Step() == kRow) {
      previous = q.Text(0);
    } else {
      st = absl::NotFoundError("unknown bot '" + name + "'");
    }
  }
  if (st.ok()) {
    Stmt v(db_.get(),
           "INSERT INTO bot_versions(bot, version, spec, carry, conformance) "
           "VALUES(?, ?, ?, ?, ?)");
    v.Bind(1, name)
        .Bind(2, version)
        .Bind(3, spec)
        .Bind(4, static_cast<int64_t>(carry))
        .Bind(5, conformance);
    const int rc = v.Step();
    if (rc == kConstraint) {
      st = absl::AlreadyExistsError("bot '" + name + "' already has version '" +
                                    version + "'");
    } else if (rc != kDone) {
      st = Error(db_.get(), "adding a version");
    }
  }
  if (st.ok()) {
    Stmt u(db_.get(), "UPDATE bots SET version = ?, spec = ? WHERE name = ?");
    if (u.Bind(1, version).Bind(2, spec).Bind(3, name).Step() != kDone)
      st = Error(db_.get(), "updating a bot");
  }
  if (st.ok() && carry) {  // the ratings go on from the previous version's
    Stmt c(db_.get(),
           "INSERT INTO ladder_ratings(bot, version, faction, mu, sigma, "
           "games, wins, vp) SELECT bot, ?, faction, mu, sigma, games, wins, "
           "vp FROM ladder_ratings WHERE bot = ? AND version = ? "
           "ON CONFLICT(bot, version, faction) DO UPDATE SET mu = "
           "excluded.mu, sigma = excluded.sigma, games = excluded.games, "
           "wins = excluded.wins, vp = excluded.vp");
    if (c.Bind(1, version).Bind(2, name).Bind(3, previous).Step() != kDone)
      st = Error(db_.get(), "carrying ratings over");
  }
  if (!st.ok()) {
    (void)Exec("ROLLBACK;");
    return st;
  }
  return Exec("COMMIT;");
}

absl::Status Store::SetConformance(const std::string& name,
                                   const std::string& version,
                                   const std::string& state,
                                   const std::string& detail) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt u(db_.get(),
         "UPDATE bot_versions SET conformance = ?, detail = ? WHERE bot = ? "
         "AND version = ?");
  u.Bind(1, state).Bind(2, detail).Bind(3, name).Bind(4, version);
  return u.Step() == kDone ? absl::OkStatus()
                           : Error(db_.get(), "saving a conformance check");
}

absl::Status Store::SetBotEnabled(const std::string& name, bool enabled) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt u(db_.get(),
         "UPDATE bots SET enabled = ? WHERE name = ? AND deleted = 0");
  u.Bind(1, static_cast<int64_t>(enabled)).Bind(2, name);
  if (u.Step() != kDone) return Error(db_.get(), "updating a bot");
  return u.Changes() > 0 ? absl::OkStatus()
                         : absl::NotFoundError("unknown bot '" + name + "'");
}

absl::Status Store::DeleteBot(const std::string& name) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt u(db_.get(),
         "UPDATE bots SET deleted = 1, enabled = 0 WHERE name = ? AND "
         "deleted = 0");
  u.Bind(1, name);
  if (u.Step() != kDone) return Error(db_.get(), "deleting a bot");
  return u.Changes() > 0 ? absl::OkStatus()
                         : absl::NotFoundError("unknown bot '" + name + "'");
}

absl::StatusOr<std::vector<std::string>> Store::BotVersions(
    const std::string& name) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt q(db_.get(),
         "SELECT version FROM bot_versions WHERE bot = ? ORDER BY id");
  q.Bind(1, name);
  std::vector<std::string> out;
  while (q.Step() == kRow) out.push_back(q.Text(0));
  return out;
}

absl::StatusOr<std::vector<LadderRatingRow>> Store::LadderRatings(
    const std::string& bot) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt q(db_.get(),
         "SELECT r.version, r.faction, r.mu, r.sigma, r.games, r.wins, r.vp "
         "FROM ladder_ratings r LEFT JOIN bot_versions v ON v.bot = r.bot AND "
         "v.version = r.version WHERE r.bot = ? ORDER BY v.id, r.faction");
  q.Bind(1, bot);
  std::vector<LadderRatingRow> out;
  while (q.Step() == kRow) {
    LadderRatingRow r;
    r.bot = bot;
    r.version = q.Text(0);
    r.faction = static_cast<int>(q.Int(1));
    r.mu = q.Real(2);
    r.sigma = q.Real(3);
    r.games = static_cast<int>(q.Int(4));
    r.wins = static_cast<int>(q.Int(5));
    r.vp = static_cast<int>(q.Int(6));
    r.found = true;
    out.push_back(r);
  }
  return out;
}

absl::Status Store::SaveProbe(int64_t tournament, const ProbeRow& probe) {
  std::lock_guard<std::mutex> lock(mu_);
  if (!probe.suspended) {
    Stmt d(db_.get(),
           "DELETE FROM ladder_probes WHERE tournament_id = ? AND bot = ?");
    return d.Bind(1, tournament).Bind(2, probe.bot).Step() == kDone
               ? absl::OkStatus()
               : Error(db_.get(), "clearing a probe");
  }
  Stmt u(db_.get(),
         "INSERT INTO ladder_probes(tournament_id, bot, due_ms, backoff_ms) "
         "VALUES(?, ?, ?, ?) ON CONFLICT(tournament_id, bot) DO UPDATE SET "
         "due_ms = excluded.due_ms, backoff_ms = excluded.backoff_ms");
  u.Bind(1, tournament)
      .Bind(2, probe.bot)
      .Bind(3, probe.due_ms)
      .Bind(4, probe.backoff_ms);
  return u.Step() == kDone ? absl::OkStatus()
                           : Error(db_.get(), "saving a probe");
}

absl::StatusOr<std::vector<ProbeRow>> Store::Probes(int64_t tournament) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt q(db_.get(),
         "SELECT bot, due_ms, backoff_ms FROM ladder_probes WHERE "
         "tournament_id = ? ORDER BY bot");
  q.Bind(1, tournament);
  std::vector<ProbeRow> out;
  while (q.Step() == kRow) {
    ProbeRow r;
    r.bot = q.Text(0);
    r.due_ms = q.Int(1);
    r.backoff_ms = q.Int(2);
    r.suspended = true;
    out.push_back(r);
  }
  return out;
}

absl::Status Store::SetMatchVersions(int64_t match,
                                     const std::vector<std::string>& versions) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt u(db_.get(), "UPDATE matches SET versions = ? WHERE id = ?");
  u.Bind(1, absl::StrJoin(versions, ",")).Bind(2, match);
  return u.Step() == kDone ? absl::OkStatus()
                           : Error(db_.get(), "saving versions");
}

absl::StatusOr<MatchRow> Store::MatchById(int64_t match) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt q(db_.get(), std::string(kMatchColumns) + "WHERE id = ?");
  q.Bind(1, match);
  if (q.Step() != kRow) return absl::NotFoundError("no such match");
  return ReadMatch(q);
}

absl::StatusOr<std::vector<std::string>> Store::Stderr(int64_t match,
                                                       int seats) {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<std::string> out(seats);
  Stmt q(db_.get(), "SELECT seat, text FROM match_stderr WHERE match_id = ?");
  q.Bind(1, match);
  while (q.Step() == kRow) {
    const int64_t seat = q.Int(0);
    if (seat >= 0 && seat < seats) out[seat] = q.Text(1);
  }
  return out;
}

absl::Status Store::InsertUser(const std::string& name, const std::string& role,
                               const std::string& token_hash) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt ins(db_.get(), "INSERT INTO users VALUES(?, ?, ?)");
  const int rc = ins.Bind(1, name).Bind(2, role).Bind(3, token_hash).Step();
  if (rc == kConstraint)
    return absl::AlreadyExistsError("user '" + name + "' exists");
  return rc == kDone ? absl::OkStatus() : Error(db_.get(), "adding a user");
}

absl::StatusOr<UserRow> Store::UserByTokenHash(const std::string& token_hash) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt q(db_.get(), "SELECT name, role FROM users WHERE token_hash = ?");
  q.Bind(1, token_hash);
  if (q.Step() != kRow) return absl::UnauthenticatedError("unknown token");
  return UserRow{q.Text(0), q.Text(1)};
}

absl::Status Store::SetTournamentRequest(int64_t tournament,
                                         const std::string& request,
                                         bool ladder) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt u(db_.get(),
         "UPDATE tournaments SET request = ?, ladder = ? WHERE id = ?");
  u.BindBlob(1, request)
      .Bind(2, static_cast<int64_t>(ladder))
      .Bind(3, tournament);
  return u.Step() == kDone ? absl::OkStatus()
                           : Error(db_.get(), "saving the request");
}

absl::StatusOr<std::vector<TournamentRow>> Store::Tournaments() {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt q(db_.get(),
         "SELECT id, state, COALESCE(request, ''), ladder FROM tournaments "
         "ORDER BY id");
  std::vector<TournamentRow> out;
  while (q.Step() == kRow) {
    out.push_back({q.Int(0), q.Text(1), q.Blob(2), q.Int(3) != 0});
  }
  return out;
}

absl::Status Store::SetTournamentState(int64_t tournament,
                                       const std::string& state) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt u(db_.get(), "UPDATE tournaments SET state = ? WHERE id = ?");
  return u.Bind(1, state).Bind(2, tournament).Step() == kDone
             ? absl::OkStatus()
             : Error(db_.get(), "updating the tournament");
}

absl::StatusOr<std::string> Store::TournamentState(int64_t tournament) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt q(db_.get(), "SELECT state FROM tournaments WHERE id = ?");
  q.Bind(1, tournament);
  if (q.Step() != kRow) return absl::NotFoundError("no such tournament");
  return q.Text(0);
}

absl::StatusOr<std::vector<RatingRow>> Store::Ratings(int64_t tournament) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt q(db_.get(),
         "SELECT bot, faction, mu, sigma, games, wins, vp FROM ratings "
         "WHERE tournament_id = ? ORDER BY bot, faction");
  q.Bind(1, tournament);
  std::vector<RatingRow> out;
  while (q.Step() == kRow) {
    RatingRow r;
    r.bot = q.Text(0);
    r.faction = static_cast<int>(q.Int(1));
    r.mu = q.Real(2);
    r.sigma = q.Real(3);
    r.games = static_cast<int>(q.Int(4));
    r.wins = static_cast<int>(q.Int(5));
    r.vp = static_cast<int>(q.Int(6));
    out.push_back(r);
  }
  return out;
}

}  // namespace woodland::arena
