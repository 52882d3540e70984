#include "arena/store.h"

#include <sqlite3.h>

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
};

class Stmt {
 public:
  Stmt(sqlite3* db, const std::string& sql) {
    ok_ = sqlite3_prepare_v2(db, sql.c_str(), -1, &s_, nullptr) == SQLITE_OK;
  }
  ~Stmt() { sqlite3_finalize(s_); }
  bool ok() const { return ok_; }
  sqlite3_stmt* get() { return s_; }
  Stmt& Bind(int i, int64_t v) {
    sqlite3_bind_int64(s_, i, v);
    return *this;
  }
  Stmt& Bind(int i, double v) {
    sqlite3_bind_double(s_, i, v);
    return *this;
  }
  Stmt& Bind(int i, const std::string& v) {
    sqlite3_bind_text(s_, i, v.c_str(), static_cast<int>(v.size()),
                      SQLITE_TRANSIENT);
    return *this;
  }
  int Step() { return sqlite3_step(s_); }
  int64_t Int(int c) { return sqlite3_column_int64(s_, c); }
  double Real(int c) { return sqlite3_column_double(s_, c); }
  std::string Text(int c) {
    const unsigned char* t = sqlite3_column_text(s_, c);
    return t ? reinterpret_cast<const char*>(t) : "";
  }

 private:
  sqlite3_stmt* s_ = nullptr;
  bool ok_ = false;
};

absl::Status Error(sqlite3* db, const std::string& what) {
  return absl::InternalError(absl::StrCat(what, ": ", sqlite3_errmsg(db)));
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

absl::StatusOr<std::unique_ptr<Store>> Store::Open(const std::string& path) {
  std::unique_ptr<Store> s(new Store());
  if (sqlite3_open_v2(path.c_str(), &s->db_,
                      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
                      nullptr) != SQLITE_OK) {
    return absl::UnavailableError(absl::StrCat("cannot open database ", path));
  }
  sqlite3_busy_timeout(s->db_, 5000);
  if (absl::Status st =
          s->Exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;");
      !st.ok()) {
    return st;
  }
  if (absl::Status st = s->Migrate(); !st.ok()) return st;
  return s;
}

Store::~Store() { sqlite3_close(db_); }

absl::Status Store::Exec(const std::string& sql) {
  char* err = nullptr;
  if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
    std::string msg = err ? err : "unknown error";
    sqlite3_free(err);
    return absl::InternalError(msg);
  }
  return absl::OkStatus();
}

absl::Status Store::Migrate() {
  if (absl::Status st = Exec("CREATE TABLE IF NOT EXISTS "
                             "schema_version(version INTEGER NOT NULL);");
      !st.ok()) {
    return st;
  }
  Stmt q(db_, "SELECT COALESCE(MAX(version), 0) FROM schema_version");
  if (!q.ok() || q.Step() != SQLITE_ROW)
    return Error(db_, "reading the schema version");
  version_ = static_cast<int>(q.Int(0));
  const int latest = static_cast<int>(std::size(kMigrations));
  if (version_ > latest) {
    return absl::FailedPreconditionError(
        absl::StrCat("the database has schema version ", version_,
                     ", newer than this program's ", latest));
  }
  for (int v = version_; v < latest; ++v) {
    absl::Status st = Exec(absl::StrCat("BEGIN; ", kMigrations[v],
                                        " INSERT INTO schema_version VALUES(",
                                        v + 1, "); COMMIT;"));
    if (!st.ok()) {
      (void)Exec("ROLLBACK;");
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
  Stmt ins(db_,
           "INSERT INTO bots(name, spec) VALUES(?, ?) "
           "ON CONFLICT(name) DO UPDATE SET spec = excluded.spec");
  if (!ins.ok() || ins.Bind(1, name).Bind(2, spec).Step() != SQLITE_DONE) {
    return Error(db_, "saving bot " + name);
  }
  Stmt q(db_, "SELECT id FROM bots WHERE name = ?");
  q.Bind(1, name);
  if (q.Step() != SQLITE_ROW) return Error(db_, "reading bot " + name);
  return q.Int(0);
}

absl::StatusOr<int64_t> Store::FindOrCreateTournament(const std::string& key,
                                                      bool* created) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt q(db_, "SELECT id FROM tournaments WHERE config_key = ?");
  q.Bind(1, key);
  if (q.Step() == SQLITE_ROW) {
    *created = false;
    return q.Int(0);
  }
  Stmt ins(db_, "INSERT INTO tournaments(config_key) VALUES(?)");
  if (ins.Bind(1, key).Step() != SQLITE_DONE)
    return Error(db_, "creating the tournament");
  *created = true;
  return sqlite3_last_insert_rowid(db_);
}

absl::Status Store::InsertMatches(int64_t tournament,
                                  const std::vector<Table>& tables,
                                  int* inserted) {
  std::lock_guard<std::mutex> lock(mu_);
  if (absl::Status st = Exec("BEGIN;"); !st.ok()) return st;
  if (inserted != nullptr) *inserted = 0;
  for (const Table& t : tables) {
    Stmt ins(db_,
             "INSERT OR IGNORE INTO matches(tournament_id, table_index, bots, "
             "factions, seed) "
             "VALUES(?, ?, ?, ?, ?)");
    ins.Bind(1, tournament)
        .Bind(2, static_cast<int64_t>(t.index))
        .Bind(3, absl::StrJoin(t.bots, ","))
        .Bind(4, absl::StrJoin(t.factions, ","))
        .Bind(5, static_cast<int64_t>(t.seed));
    if (ins.Step() != SQLITE_DONE) {
      (void)Exec("ROLLBACK;");
      return Error(db_, "scheduling matches");
    }
    if (inserted != nullptr) *inserted += sqlite3_changes(db_);
  }
  return Exec("COMMIT;");
}

absl::StatusOr<int64_t> Store::InsertMatch(int64_t tournament,
                                           const Table& table) {
  if (absl::Status st = InsertMatches(tournament, {table}); !st.ok()) return st;
  std::lock_guard<std::mutex> lock(mu_);
  Stmt q(db_,
         "SELECT id FROM matches WHERE tournament_id = ? AND table_index = ?");
  q.Bind(1, tournament).Bind(2, static_cast<int64_t>(table.index));
  if (q.Step() != SQLITE_ROW) return Error(db_, "reading a new match");
  return q.Int(0);
}

namespace {

constexpr char kMatchColumns[] =
    "SELECT id, table_index, bots, factions, seed, state, "
    "COALESCE(result, ''), forfeits, versions, tournament_id FROM matches ";

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
  return m;
}

}  // namespace

absl::StatusOr<std::vector<MatchRow>> Store::Matches(int64_t tournament) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt q(db_, std::string(kMatchColumns) +
                  "WHERE tournament_id = ? ORDER BY table_index");
  q.Bind(1, tournament);
  std::vector<MatchRow> out;
  while (q.Step() == SQLITE_ROW) {
    out.push_back(ReadMatch(q));
    ++match_rows_read_;
  }
  return out;
}

absl::StatusOr<std::vector<MatchRow>> Store::MatchesPage(int64_t tournament,
                                                         int after, int limit) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt q(db_, std::string(kMatchColumns) +
                  "WHERE tournament_id = ? AND table_index > ? "
                  "ORDER BY table_index LIMIT ?");
  q.Bind(1, tournament)
      .Bind(2, static_cast<int64_t>(after))
      .Bind(3, static_cast<int64_t>(limit));
  std::vector<MatchRow> out;
  while (q.Step() == SQLITE_ROW) out.push_back(ReadMatch(q));
  return out;
}

absl::StatusOr<Store::StoredReplay> Store::Replay(int64_t match) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt q(db_,
         "SELECT tournament_id, seed, state, COALESCE(replay, '') FROM "
         "matches WHERE id = ?");
  q.Bind(1, match);
  if (q.Step() != SQLITE_ROW) return absl::NotFoundError("no such match");
  StoredReplay r{q.Int(0), static_cast<uint64_t>(q.Int(1)), q.Text(2),
                 q.Text(3)};
  Stmt others(db_,
              "SELECT COUNT(*) FROM matches WHERE tournament_id = ? AND "
              "seed = ? AND state != 'done' AND id != ?");
  others.Bind(1, r.tournament)
      .Bind(2, static_cast<int64_t>(r.seed))
      .Bind(3, match);
  if (others.Step() != SQLITE_ROW) return Error(db_, "reading matches");
  r.unfinished_with_seed = static_cast<int>(others.Int(0));
  return r;
}

absl::Status Store::ResetRunning(int64_t tournament) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt u(db_,
         "UPDATE matches SET state = 'pending' WHERE tournament_id = ? AND "
         "state = 'running'");
  return u.Bind(1, tournament).Step() == SQLITE_DONE
             ? absl::OkStatus()
             : Error(db_, "resetting matches");
}

absl::Status Store::MarkRunning(int64_t match) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt u(db_,
         "UPDATE matches SET state = 'running' WHERE id = ? AND state = "
         "'pending'");
  return u.Bind(1, match).Step() == SQLITE_DONE
             ? absl::OkStatus()
             : Error(db_, "starting a match");
}

absl::Status Store::SaveResult(int64_t match, const std::string& result_json,
                               const std::string& replay_json,
                               const std::string& forfeits, int64_t tournament,
                               const std::vector<RatingRow>& ratings,
                               const std::vector<std::string>& stderr_by_seat,
                               const LadderUpdate* ladder) {
  std::lock_guard<std::mutex> lock(mu_);
  if (absl::Status st = Exec("BEGIN IMMEDIATE;"); !st.ok()) return st;
  Stmt u(db_,
         "UPDATE matches SET state = 'done', result = ?, replay = ?, "
         "forfeits = ? WHERE id = ? AND state != 'done'");
  u.Bind(1, result_json).Bind(2, replay_json).Bind(3, forfeits).Bind(4, match);
  const bool stepped = u.Step() == SQLITE_DONE;
  // A result stored already (never twice): nothing else changes.
  const bool changed = stepped && sqlite3_changes(db_) > 0;
  absl::Status st = stepped ? WriteRatings(tournament, ratings)
                            : Error(db_, "saving a result");
  for (size_t seat = 0; changed && st.ok() && seat < stderr_by_seat.size();
       ++seat) {
    if (stderr_by_seat[seat].empty()) continue;
    Stmt e(db_, "INSERT OR REPLACE INTO match_stderr VALUES(?, ?, ?)");
    e.Bind(1, match)
        .Bind(2, static_cast<int64_t>(seat))
        .Bind(3, stderr_by_seat[seat]);
    if (e.Step() != SQLITE_DONE) st = Error(db_, "saving stderr");
  }
  if (changed && st.ok() && ladder != nullptr) st = UpdateLadder(*ladder);
  if (!st.ok()) {
    (void)Exec("ROLLBACK;");
    return st;
  }
  return Exec("COMMIT;");
}

namespace {

LadderRatingRow ReadLadderRow(sqlite3* db, const std::string& bot,
                              const std::string& version, int faction) {
  LadderRatingRow r;
  r.bot = bot;
  r.version = version;
  r.faction = faction;
  Stmt q(db,
         "SELECT mu, sigma, games, wins, vp FROM ladder_ratings WHERE bot = ? "
         "AND version = ? AND faction = ?");
  q.Bind(1, bot).Bind(2, version).Bind(3, static_cast<int64_t>(faction));
  if (q.Step() == SQLITE_ROW) {
    r.mu = q.Real(0);
    r.sigma = q.Real(1);
    r.games = static_cast<int>(q.Int(2));
    r.wins = static_cast<int>(q.Int(3));
    r.vp = static_cast<int>(q.Int(4));
    r.found = true;
  }
  return r;
}

bool WriteLadderRow(sqlite3* db, const LadderRatingRow& r) {
  Stmt w(
      db,
      "INSERT OR REPLACE INTO ladder_ratings VALUES(?, ?, ?, ?, ?, ?, ?, ?)");
  w.Bind(1, r.bot)
      .Bind(2, r.version)
      .Bind(3, static_cast<int64_t>(r.faction))
      .Bind(4, r.mu)
      .Bind(5, r.sigma)
      .Bind(6, static_cast<int64_t>(r.games))
      .Bind(7, static_cast<int64_t>(r.wins))
      .Bind(8, static_cast<int64_t>(r.vp));
  return w.Step() == SQLITE_DONE;
}

}  // namespace

absl::Status Store::UpdateLadder(const LadderUpdate& u) {
  std::vector<LadderRatingRow> overall, by_faction;
  for (size_t i = 0; i < u.bots.size(); ++i) {
    overall.push_back(ReadLadderRow(db_, u.bots[i], u.versions[i], -1));
    by_faction.push_back(
        ReadLadderRow(db_, u.bots[i], u.versions[i], u.factions[i]));
  }
  u.apply(overall, by_faction);
  for (const auto* rows : {&overall, &by_faction}) {
    for (const LadderRatingRow& r : *rows) {
      if (!WriteLadderRow(db_, r)) return Error(db_, "saving ladder ratings");
    }
  }
  return absl::OkStatus();
}

absl::Status Store::WriteRatings(int64_t tournament,
                                 const std::vector<RatingRow>& ratings) {
  Stmt ins(db_,
           "INSERT OR REPLACE INTO ratings VALUES(?, ?, ?, ?, ?, ?, ?, ?)");
  for (const RatingRow& r : ratings) {
    sqlite3_reset(ins.get());
    ins.Bind(1, tournament)
        .Bind(2, r.bot)
        .Bind(3, static_cast<int64_t>(r.faction))
        .Bind(4, r.mu)
        .Bind(5, r.sigma)
        .Bind(6, static_cast<int64_t>(r.games))
        .Bind(7, static_cast<int64_t>(r.wins))
        .Bind(8, static_cast<int64_t>(r.vp));
    if (ins.Step() != SQLITE_DONE) return Error(db_, "saving ratings");
  }
  return absl::OkStatus();
}

absl::Status Store::ReplaceRatings(int64_t tournament,
                                   const std::vector<RatingRow>& ratings) {
  std::lock_guard<std::mutex> lock(mu_);
  if (absl::Status st = Exec("BEGIN IMMEDIATE;"); !st.ok()) return st;
  Stmt del(db_, "DELETE FROM ratings WHERE tournament_id = ?");
  absl::Status st = del.Bind(1, tournament).Step() == SQLITE_DONE
                        ? WriteRatings(tournament, ratings)
                        : Error(db_, "clearing ratings");
  if (!st.ok()) {
    (void)Exec("ROLLBACK;");
    return st;
  }
  return Exec("COMMIT;");
}

absl::Status Store::InsertBot(const BotRow& bot) {
  std::lock_guard<std::mutex> lock(mu_);
  if (absl::Status st = Exec("BEGIN IMMEDIATE;"); !st.ok()) return st;
  Stmt ins(db_,
           "INSERT INTO bots(name, spec, version, owner) VALUES(?, ?, ?, ?)");
  ins.Bind(1, bot.name)
      .Bind(2, bot.spec)
      .Bind(3, bot.version)
      .Bind(4, bot.owner);
  const int rc = ins.Step();
  absl::Status st = absl::OkStatus();
  if (rc == SQLITE_CONSTRAINT) {
    st = absl::AlreadyExistsError("a bot named '" + bot.name +
                                  "' is already registered");
  } else if (rc != SQLITE_DONE) {
    st = Error(db_, "registering a bot");
  } else {
    Stmt v(db_,
           "INSERT INTO bot_versions(bot, version, spec, conformance, detail) "
           "VALUES(?, ?, ?, ?, ?)");
    v.Bind(1, bot.name)
        .Bind(2, bot.version)
        .Bind(3, bot.spec)
        .Bind(4, bot.conformance)
        .Bind(5, bot.conformance_detail);
    if (v.Step() != SQLITE_DONE) st = Error(db_, "registering a version");
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
  BotRow b{q.Text(0), q.Text(1), q.Text(2), q.Text(3)};
  b.enabled = q.Int(4) != 0;
  b.deleted = q.Int(5) != 0;
  b.conformance = q.Text(6);
  b.conformance_detail = q.Text(7);
  return b;
}

}  // namespace

absl::StatusOr<std::vector<BotRow>> Store::Bots(bool include_deleted) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt q(db_, std::string(kBotColumns) +
                  (include_deleted ? "" : "WHERE b.deleted = 0 ") +
                  "ORDER BY b.id");
  std::vector<BotRow> out;
  while (q.Step() == SQLITE_ROW) out.push_back(ReadBot(q));
  return out;
}

absl::StatusOr<BotRow> Store::Bot(const std::string& name) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt q(db_, std::string(kBotColumns) + "WHERE b.name = ?");
  q.Bind(1, name);
  if (q.Step() != SQLITE_ROW)
    return absl::NotFoundError("unknown bot '" + name + "'");
  return ReadBot(q);
}

absl::Status Store::AddBotVersion(const std::string& name,
                                  const std::string& version,
                                  const std::string& spec, bool carry,
                                  const std::string& conformance) {
  std::lock_guard<std::mutex> lock(mu_);
  if (absl::Status st = Exec("BEGIN IMMEDIATE;"); !st.ok()) return st;
  std::string previous;
  absl::Status st = absl::OkStatus();
  {
    Stmt q(db_, "SELECT version FROM bots WHERE name = ? AND deleted = 0");
    q.Bind(1, name);
    if (q.Step() == SQLITE_ROW) {
      previous = q.Text(0);
    } else {
      st = absl::NotFoundError("unknown bot '" + name + "'");
    }
  }
  if (st.ok()) {
    Stmt v(db_,
           "INSERT INTO bot_versions(bot, version, spec, carry, conformance) "
           "VALUES(?, ?, ?, ?, ?)");
    v.Bind(1, name)
        .Bind(2, version)
        .Bind(3, spec)
        .Bind(4, static_cast<int64_t>(carry))
        .Bind(5, conformance);
    const int rc = v.Step();
    if (rc == SQLITE_CONSTRAINT) {
      st = absl::AlreadyExistsError("bot '" + name + "' already has version '" +
                                    version + "'");
    } else if (rc != SQLITE_DONE) {
      st = Error(db_, "adding a version");
    }
  }
  if (st.ok()) {
    Stmt u(db_, "UPDATE bots SET version = ?, spec = ? WHERE name = ?");
    if (u.Bind(1, version).Bind(2, spec).Bind(3, name).Step() != SQLITE_DONE)
      st = Error(db_, "updating a bot");
  }
  if (st.ok() && carry) {  // the ratings go on from the previous version's
    Stmt c(db_,
           "INSERT OR REPLACE INTO ladder_ratings SELECT bot, ?, faction, mu, "
           "sigma, games, wins, vp FROM ladder_ratings WHERE bot = ? AND "
           "version = ?");
    if (c.Bind(1, version).Bind(2, name).Bind(3, previous).Step() !=
        SQLITE_DONE)
      st = Error(db_, "carrying ratings over");
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
  Stmt u(db_,
         "UPDATE bot_versions SET conformance = ?, detail = ? WHERE bot = ? "
         "AND version = ?");
  u.Bind(1, state).Bind(2, detail).Bind(3, name).Bind(4, version);
  return u.Step() == SQLITE_DONE ? absl::OkStatus()
                                 : Error(db_, "saving a conformance check");
}

absl::Status Store::SetBotEnabled(const std::string& name, bool enabled) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt u(db_, "UPDATE bots SET enabled = ? WHERE name = ? AND deleted = 0");
  u.Bind(1, static_cast<int64_t>(enabled)).Bind(2, name);
  if (u.Step() != SQLITE_DONE) return Error(db_, "updating a bot");
  return sqlite3_changes(db_)
             ? absl::OkStatus()
             : absl::NotFoundError("unknown bot '" + name + "'");
}

absl::Status Store::DeleteBot(const std::string& name) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt u(db_,
         "UPDATE bots SET deleted = 1, enabled = 0 WHERE name = ? AND "
         "deleted = 0");
  u.Bind(1, name);
  if (u.Step() != SQLITE_DONE) return Error(db_, "deleting a bot");
  return sqlite3_changes(db_)
             ? absl::OkStatus()
             : absl::NotFoundError("unknown bot '" + name + "'");
}

absl::StatusOr<std::vector<std::string>> Store::BotVersions(
    const std::string& name) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt q(db_, "SELECT version FROM bot_versions WHERE bot = ? ORDER BY id");
  q.Bind(1, name);
  std::vector<std::string> out;
  while (q.Step() == SQLITE_ROW) out.push_back(q.Text(0));
  return out;
}

absl::StatusOr<std::vector<LadderRatingRow>> Store::LadderRatings(
    const std::string& bot) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt q(db_,
         "SELECT r.version, r.faction, r.mu, r.sigma, r.games, r.wins, r.vp "
         "FROM ladder_ratings r LEFT JOIN bot_versions v ON v.bot = r.bot AND "
         "v.version = r.version WHERE r.bot = ? ORDER BY v.id, r.faction");
  q.Bind(1, bot);
  std::vector<LadderRatingRow> out;
  while (q.Step() == SQLITE_ROW) {
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

absl::Status Store::SetMatchVersions(int64_t match,
                                     const std::vector<std::string>& versions) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt u(db_, "UPDATE matches SET versions = ? WHERE id = ?");
  u.Bind(1, absl::StrJoin(versions, ",")).Bind(2, match);
  return u.Step() == SQLITE_DONE ? absl::OkStatus()
                                 : Error(db_, "saving versions");
}

absl::StatusOr<MatchRow> Store::MatchById(int64_t match) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt q(db_, std::string(kMatchColumns) + "WHERE id = ?");
  q.Bind(1, match);
  if (q.Step() != SQLITE_ROW) return absl::NotFoundError("no such match");
  return ReadMatch(q);
}

absl::StatusOr<std::vector<std::string>> Store::Stderr(int64_t match,
                                                       int seats) {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<std::string> out(seats);
  Stmt q(db_, "SELECT seat, text FROM match_stderr WHERE match_id = ?");
  q.Bind(1, match);
  while (q.Step() == SQLITE_ROW) {
    const int64_t seat = q.Int(0);
    if (seat >= 0 && seat < seats) out[seat] = q.Text(1);
  }
  return out;
}

absl::Status Store::InsertUser(const std::string& name, const std::string& role,
                               const std::string& token_hash) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt ins(db_, "INSERT INTO users VALUES(?, ?, ?)");
  const int rc = ins.Bind(1, name).Bind(2, role).Bind(3, token_hash).Step();
  if (rc == SQLITE_CONSTRAINT)
    return absl::AlreadyExistsError("user '" + name + "' exists");
  return rc == SQLITE_DONE ? absl::OkStatus() : Error(db_, "adding a user");
}

absl::StatusOr<UserRow> Store::UserByTokenHash(const std::string& token_hash) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt q(db_, "SELECT name, role FROM users WHERE token_hash = ?");
  q.Bind(1, token_hash);
  if (q.Step() != SQLITE_ROW)
    return absl::UnauthenticatedError("unknown token");
  return UserRow{q.Text(0), q.Text(1)};
}

absl::Status Store::SetTournamentRequest(int64_t tournament,
                                         const std::string& request,
                                         bool ladder) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt u(db_, "UPDATE tournaments SET request = ?, ladder = ? WHERE id = ?");
  u.Bind(1, request).Bind(2, static_cast<int64_t>(ladder)).Bind(3, tournament);
  return u.Step() == SQLITE_DONE ? absl::OkStatus()
                                 : Error(db_, "saving the request");
}

absl::StatusOr<std::vector<TournamentRow>> Store::Tournaments() {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt q(db_,
         "SELECT id, state, COALESCE(request, ''), ladder FROM tournaments "
         "ORDER BY id");
  std::vector<TournamentRow> out;
  while (q.Step() == SQLITE_ROW) {
    out.push_back({q.Int(0), q.Text(1), q.Text(2), q.Int(3) != 0});
  }
  return out;
}

absl::Status Store::SetTournamentState(int64_t tournament,
                                       const std::string& state) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt u(db_, "UPDATE tournaments SET state = ? WHERE id = ?");
  return u.Bind(1, state).Bind(2, tournament).Step() == SQLITE_DONE
             ? absl::OkStatus()
             : Error(db_, "updating the tournament");
}

absl::StatusOr<std::string> Store::TournamentState(int64_t tournament) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt q(db_, "SELECT state FROM tournaments WHERE id = ?");
  q.Bind(1, tournament);
  if (q.Step() != SQLITE_ROW) return absl::NotFoundError("no such tournament");
  return q.Text(0);
}

absl::StatusOr<std::vector<RatingRow>> Store::Ratings(int64_t tournament) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt q(db_,
         "SELECT bot, faction, mu, sigma, games, wins, vp FROM ratings "
         "WHERE tournament_id = ? ORDER BY bot, faction");
  q.Bind(1, tournament);
  std::vector<RatingRow> out;
  while (q.Step() == SQLITE_ROW) {
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
