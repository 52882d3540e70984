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
    // 5: several arena nodes on one database (issue 18.2): a running match
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
  // Arena nodes starting together on one PostgreSQL database migrate one at
  // a time (a session-level advisory lock, released below).
  const bool pg = db_->engine() == Db::kPostgres;
  if (pg) {
    if (absl::Status st = Exec("SELECT pg_advisory_lock(727001);"); !st.ok())
      return st;
  }
  absl::Status st = MigrateLocked();
  if (pg) (void)Exec("SELECT pg_advisory_unlock(727001);");
  return st;
}

absl::Status Store::MigrateLocked() {
  if (absl::Status st = Exec("CREATE TABLE IF NOT EXISTS "
                             "schema_version(version BIGINT NOT NULL);");
      !st.ok()) {
    return st;
  }
  Stmt q(db_.get(), "SELECT COALESCE(MAX(version), 0) FROM schema_version");
  if (!q.ok() || q.Step() != kRow)
    return Error(db_.get(), "reading the schema version");
  version_ = static_cast<int>(q.Int(0));
  const int latest = static_cast<int>(std::size(kMigrations));
  if (version_ > latest) {
    return absl::FailedPreconditionError(
        absl::StrCat("the database has schema version ", version_,
                     ", newer than this program's ", latest));
  }
  for (int v = version_; v < latest; ++v) {
    absl::Status st = Exec(absl::StrCat(
        "BEGIN; ", db_->TranslateDdl(kMigrations[v]),
        " INSERT INTO schema_version VALUES(", v + 1, "); COMMIT;"));
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
  Stmt q(db_.get(), "SELECT id FROM tournaments WHERE config_key = ?");
  q.Bind(1, key);
  if (q.Step() == kRow) {
    *created = false;
    return q.Int(0);
  }
  Stmt ins(db_.get(),
           "INSERT INTO tournaments(config_key) VALUES(?) RETURNING id");
  if (ins.Bind(1, key).Step() != kRow)
    return Error(db_.get(), "creating the tournament");
  *created = true;
  return ins.Int(0);
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
    "COALESCE(result, ''), forfeits, claimed_by, lease_until FROM matches ";

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
  m.claimed_by = q.Text(8);
  m.lease_until_ms = q.Int(9);
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
                               int rated_upto) {
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
  Stmt ins(db_.get(),
           "INSERT INTO bots(name, spec, version, owner) VALUES(?, ?, ?, ?)");
  ins.Bind(1, bot.name)
      .Bind(2, bot.spec)
      .Bind(3, bot.version)
      .Bind(4, bot.owner);
  const int rc = ins.Step();
  if (rc == kConstraint) {
    return absl::AlreadyExistsError("a bot named '" + bot.name +
                                    "' is already registered");
  }
  return rc == kDone ? absl::OkStatus() : Error(db_.get(), "registering a bot");
}

absl::StatusOr<std::vector<BotRow>> Store::Bots() {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt q(db_.get(), "SELECT name, spec, version, owner FROM bots ORDER BY id");
  std::vector<BotRow> out;
  while (q.Step() == kRow)
    out.push_back({q.Text(0), q.Text(1), q.Text(2), q.Text(3)});
  return out;
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
