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
    "COALESCE(result, ''), forfeits FROM matches ";

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
                               const std::vector<RatingRow>& ratings) {
  std::lock_guard<std::mutex> lock(mu_);
  if (absl::Status st = Exec("BEGIN IMMEDIATE;"); !st.ok()) return st;
  Stmt u(db_,
         "UPDATE matches SET state = 'done', result = ?, replay = ?, "
         "forfeits = ? WHERE id = ? AND state != 'done'");
  u.Bind(1, result_json).Bind(2, replay_json).Bind(3, forfeits).Bind(4, match);
  absl::Status st = u.Step() == SQLITE_DONE ? WriteRatings(tournament, ratings)
                                            : Error(db_, "saving a result");
  if (!st.ok()) {
    (void)Exec("ROLLBACK;");
    return st;
  }
  return Exec("COMMIT;");
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
  Stmt ins(db_,
           "INSERT INTO bots(name, spec, version, owner) VALUES(?, ?, ?, ?)");
  ins.Bind(1, bot.name)
      .Bind(2, bot.spec)
      .Bind(3, bot.version)
      .Bind(4, bot.owner);
  const int rc = ins.Step();
  if (rc == SQLITE_CONSTRAINT) {
    return absl::AlreadyExistsError("a bot named '" + bot.name +
                                    "' is already registered");
  }
  return rc == SQLITE_DONE ? absl::OkStatus() : Error(db_, "registering a bot");
}

absl::StatusOr<std::vector<BotRow>> Store::Bots() {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt q(db_, "SELECT name, spec, version, owner FROM bots ORDER BY id");
  std::vector<BotRow> out;
  while (q.Step() == SQLITE_ROW)
    out.push_back({q.Text(0), q.Text(1), q.Text(2), q.Text(3)});
  return out;
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
