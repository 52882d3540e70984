// Arena persistence on SQLite (WAL) or PostgreSQL (arena/db.h): bots,
// tournaments, matches with their results and replays, and ratings. Schema
// changes are numbered migrations applied in order on Open. A match result
// and the ratings it implies are written in one transaction, so a crash
// never counts a match twice or loses one: on restart, matches left
// "running" go back to "pending".
#ifndef WOODLAND_ARENA_STORE_H_
#define WOODLAND_ARENA_STORE_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "arena/db.h"
#include "arena/schedule.h"

namespace woodland::arena {

struct MatchRow {
  int64_t id = 0;
  int table_index = 0;
  std::vector<int> bots;      // tournament bot positions by seat
  std::vector<int> factions;  // by seat
  uint64_t seed = 0;
  std::string state;  // pending, running, done
  std::string result_json;
  std::string forfeits;               // ForfeitsText (arena/ledger.h)
  std::vector<std::string> versions;  // by seat ("" if not recorded)
  std::vector<std::string> specs;     // by seat, when scheduled (not stored)
  int64_t tournament = 0;             // set by MatchById
  // The node running it ("host/pid") and until when (Unix ms) its claim
  // holds unless renewed (issue 18.2).
  std::string claimed_by;
  int64_t lease_until_ms = 0;
};

struct BotRow {
  std::string name, spec, version, owner;
  // Issue 14: lifecycle. conformance: the current version's check
  // (pending, passed or failed) and its first failure.
  bool enabled = true, deleted = false;
  std::string conformance = "passed", conformance_detail = "";
  // Scheduled only if enabled, not deleted and its version passed.
  bool schedulable() const {
    return enabled && !deleted && conformance == "passed";
  }
};

struct UserRow {
  std::string name, role;  // role: admin or user
};

// A persistent ladder rating (issue 14): per bot version, overall
// (faction -1) and per faction, across every ladder.
struct LadderRatingRow {
  std::string bot, version;
  int faction = -1;
  double mu = 0, sigma = 0;
  int games = 0, wins = 0, vp = 0;
  bool found = false;  // read from the store (else: a new rating)
};

// Applied inside SaveResult's transaction: the persistent rows of the
// seated (bot, version)s are read (overall and with their factions, by
// seat), updated by `apply` and written back.
struct LadderUpdate {
  std::vector<std::string> bots, versions;  // by seat
  std::vector<int> factions;                // by seat
  std::function<void(std::vector<LadderRatingRow>& overall,
                     std::vector<LadderRatingRow>& by_faction)>
      apply;
};

struct TournamentRow {
  int64_t id = 0;
  std::string state;
  std::string request;  // serialized creation request
  bool ladder = false;
};

struct RatingRow {
  std::string bot;
  int faction = -1;  // -1: overall
  double mu = 0, sigma = 0;
  int games = 0, wins = 0, vp = 0;
};

// A ladder's next probe of a suspended bot (issue 14): due at `due_ms`
// (Unix ms), after waiting `backoff_ms`. `suspended` false: no probe (the
// row is deleted).
struct ProbeRow {
  std::string bot;
  int64_t due_ms = 0, backoff_ms = 0;
  bool suspended = true;
};

class Store {
 public:
  // `target`: a SQLite file (":memory:" for a private one) or a PostgreSQL
  // URL (postgres://USER:PASSWORD@HOST:PORT/DB), see arena/db.h.
  static absl::StatusOr<std::unique_ptr<Store>> Open(const std::string& target);
  ~Store();

  int schema_version() const { return version_; }
  absl::StatusOr<int64_t> UpsertBot(const std::string& name,
                                    const std::string& spec);
  // A tournament is identified by its configuration key; an existing one is
  // returned (and `created` is false) so an interrupted run can resume.
  absl::StatusOr<int64_t> FindOrCreateTournament(const std::string& key,
                                                 bool* created);
  // INSERT OR IGNORE; `inserted` (optional) gets the number of new rows.
  absl::Status InsertMatches(int64_t tournament,
                             const std::vector<Table>& tables,
                             int* inserted = nullptr);
  // One table; returns its match id (also when it already existed).
  absl::StatusOr<int64_t> InsertMatch(int64_t tournament, const Table& table);
  absl::StatusOr<std::vector<MatchRow>> Matches(int64_t tournament);
  // At most `limit` rows with table_index > `after`, in schedule order.
  absl::StatusOr<std::vector<MatchRow>> MatchesPage(int64_t tournament,
                                                    int after, int limit);
  struct StoredReplay {
    int64_t tournament = 0;
    uint64_t seed = 0;
    std::string state, replay_json;
    int unfinished_with_seed = 0;  // other tables of the tournament
  };
  absl::StatusOr<StoredReplay> Replay(int64_t match);
  absl::Status ResetRunning(int64_t tournament);
  absl::Status MarkRunning(int64_t match);
  // Stores a result with its forfeits and the rating rows it changed
  // (upserted; rows of other bots stay).
  // With `stderr_by_seat` (non-empty texts kept for the bot's owner) and
  // `ladder` (the persistent ratings), all in the same transaction.
  // ALREADY_EXISTS, with nothing written, when the match is already done
  // (another node stored it). With `rated_upto` >= 0 (the ledger's applied
  // prefix) the rows are written only if no node has stored ratings of a
  // prefix as long.
  absl::Status SaveResult(int64_t match, const std::string& result_json,
                          const std::string& replay_json,
                          const std::string& forfeits, int64_t tournament,
                          const std::vector<RatingRow>& ratings,
                          const std::vector<std::string>& stderr_by_seat = {},
                          const LadderUpdate* ladder = nullptr,
                          int rated_upto = -1);
  // Claims a match for `node` until `lease_until_ms`: true if it was
  // pending, or running under an expired lease, under no node, under `node`
  // itself or under `dead_node` (a node known dead). Atomic across nodes.
  absl::StatusOr<bool> ClaimMatch(int64_t match, const std::string& node,
                                  int64_t lease_until_ms, int64_t now_ms,
                                  const std::string& dead_node = "");
  // A whole tournament for one node (a ladder creates its tables as it
  // goes, so one node runs it): claimed like a match.
  absl::StatusOr<bool> ClaimTournament(int64_t tournament,
                                       const std::string& node,
                                       int64_t lease_until_ms, int64_t now_ms,
                                       const std::string& dead_node = "");
  absl::StatusOr<std::string> TournamentRunner(int64_t tournament);
  // Extends the leases of `node`'s running matches of a tournament.
  absl::Status RenewLeases(int64_t tournament, const std::string& node,
                           int64_t lease_until_ms);
  // The running matches of a tournament (claimed by some node), in order.
  absl::StatusOr<std::vector<MatchRow>> RunningMatches(int64_t tournament);
  // Matches done (or not done) with table_index >= from_index, in order.
  absl::StatusOr<std::vector<MatchRow>> MatchesInState(int64_t tournament,
                                                       bool done,
                                                       int from_index);
  // Records the versions a scheduled ladder table seats.
  absl::Status SetMatchVersions(int64_t match,
                                const std::vector<std::string>& versions);
  absl::StatusOr<MatchRow> MatchById(int64_t match);
  // The captured stderr of a match by seat ("" where none was kept).
  absl::StatusOr<std::vector<std::string>> Stderr(int64_t match, int seats);

  // Issue 14, bot lifecycle. InsertBot also records its first version with
  // `bot.conformance` as its check state.
  absl::StatusOr<BotRow> Bot(const std::string& name);
  // A new version (ALREADY_EXISTS if it exists); its persistent ratings
  // start from the current version's when `carry`, else afresh.
  absl::Status AddBotVersion(const std::string& name,
                             const std::string& version,
                             const std::string& spec, bool carry,
                             const std::string& conformance);
  absl::Status SetConformance(const std::string& name,
                              const std::string& version,
                              const std::string& state,
                              const std::string& detail);
  absl::Status SetBotEnabled(const std::string& name, bool enabled);
  absl::Status DeleteBot(const std::string& name);
  absl::StatusOr<std::vector<std::string>> BotVersions(const std::string& name);
  // A ladder's probes of its suspended bots (kept across restarts).
  absl::Status SaveProbe(int64_t tournament, const ProbeRow& probe);
  absl::StatusOr<std::vector<ProbeRow>> Probes(int64_t tournament);
  absl::StatusOr<std::vector<LadderRatingRow>> LadderRatings(
      const std::string& bot);

  // Accounts (issue 14): tokens are stored as their SHA-256 only.
  absl::Status InsertUser(const std::string& name, const std::string& role,
                          const std::string& token_hash);
  absl::StatusOr<UserRow> UserByTokenHash(const std::string& token_hash);
  // Replaces every rating row of a tournament (full recomputation).
  absl::Status ReplaceRatings(int64_t tournament,
                              const std::vector<RatingRow>& ratings);
  // Match rows read by Matches() since Open (issue 14.2: a finished match
  // must not re-read every stored one).
  int64_t match_rows_read() const { return match_rows_read_; }
  absl::Status SetTournamentState(int64_t tournament, const std::string& state);
  // Fails with ALREADY_EXISTS for a taken name.
  absl::Status InsertBot(const BotRow& bot);
  // Deleted bots only with `include_deleted`.
  absl::StatusOr<std::vector<BotRow>> Bots(bool include_deleted = false);
  absl::Status SetTournamentRequest(int64_t tournament,
                                    const std::string& request, bool ladder);
  absl::StatusOr<std::vector<TournamentRow>> Tournaments();
  absl::StatusOr<std::string> TournamentState(int64_t tournament);
  absl::StatusOr<std::vector<RatingRow>> Ratings(int64_t tournament);

 private:
  Store() = default;
  absl::Status Exec(const std::string& sql);
  absl::Status Migrate();
  // Runs the missing migrations; `transaction_each`: each in its own
  // transaction (else the caller holds one around them all).
  absl::Status MigrateLocked(bool transaction_each);

  std::unique_ptr<Db> db_;
  absl::Status WriteRatings(int64_t tournament,
                            const std::vector<RatingRow>& ratings);
  absl::Status UpdateLadder(const LadderUpdate& update);

  int version_ = 0;
  std::atomic<int64_t> match_rows_read_{0};
  std::mutex mu_;
};

}  // namespace woodland::arena

#endif  // WOODLAND_ARENA_STORE_H_
