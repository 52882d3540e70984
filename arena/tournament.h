// Runs a round-robin tournament between bots to its end, persisting every
// result, and computes standings: Plackett-Luce ratings overall and per
// (bot, faction), win rates and mean VP, faction strength, and how evenly
// factions and seats were spread.
//
// Ratings are updated incrementally (arena/ledger.h) in schedule order, so
// they do not depend on the order matches finish in, a resumed tournament
// ends with exactly the ratings of an uninterrupted one, and a result costs
// the same however many matches are stored. RecomputeRatings gives the same
// numbers from scratch.
#ifndef WOODLAND_ARENA_TOURNAMENT_H_
#define WOODLAND_ARENA_TOURNAMENT_H_

#include <atomic>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "arena/ledger.h"
#include "arena/metrics.h"
#include "arena/rating.h"
#include "arena/schedule.h"
#include "arena/store.h"
#include "referee/bot_catalog.h"
#include "referee/match_runner.h"
#include "woodland/v1/arena.pb.h"

namespace woodland::arena {

struct TournamentBot {
  std::string name;
  std::string spec;  // catalog:, grpc://, exec: (operator only) or builtin:
};

// Issue 14: what the ladder may seat now, by tournament bot: whether the
// bot is schedulable (enabled, not deleted, its version passed the
// conformance check) and its current spec and version.
struct LiveBot {
  bool schedulable = true;
  std::string spec, version;
  // Why it is not schedulable ("disabled", "conformance pending", ...).
  std::string why;
  // Times the operator asked to resume the bot (SetBotEnabled true): a
  // suspended bot is probed at the next table when this grows.
  int64_t resume_requests = 0;
};

// Running matches on remote referees and their WatchMatch ids.
class LiveMatches {
 public:
  struct Entry {
    std::string watch_match_id, referee;
  };
  void Set(int64_t match, Entry e) {
    std::lock_guard<std::mutex> lock(mu_);
    live_[match] = std::move(e);
  }
  void Erase(int64_t match) {
    std::lock_guard<std::mutex> lock(mu_);
    live_.erase(match);
  }
  bool Get(int64_t match, Entry* out) {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = live_.find(match);
    if (it == live_.end()) return false;
    *out = it->second;
    return true;
  }

 private:
  std::mutex mu_;
  std::map<int64_t, Entry> live_;
};

// Where a tournament's time goes (issue 19.4), summed over workers in
// nanoseconds: playing matches (referee and bots), of which waiting for bot
// answers (thinking time as the referee measured it), encoding results and
// replays, the store (claims, syncs and result writes) and waiting for the
// run's lock. Optional; the tournament benchmark reads it.
struct TournamentTimings {
  std::atomic<int64_t> play_ns{0}, bots_ns{0}, encode_ns{0}, store_ns{0},
      lock_ns{0}, matches{0}, decisions{0};
};

struct TournamentConfig {
  std::vector<TournamentBot> bots;
  std::vector<int> factions;  // the faction pool
  int players = 4;
  int tables_per_pairing = 4;
  std::string deck = "standard";  // the shared deck of every table (20.8)
  uint64_t seed = 1;
  // Issue 16.2: each group of tables (and each ladder table) gets its own
  // seed from the kernel's CSPRNG, stored with its tables so a resumed run
  // keeps it; `seed` then only shapes nothing. False: seeds derived from
  // `seed` (reproducible, but whoever knows it knows every hand).
  bool random_seeds = false;
  int workers = 2;  // matches at once
  // Matches a ladder plays at once (the arena sets it to its `workers`).
  // Each table is picked when a worker frees, with the tables in flight
  // counted in the faction and seat balance; ratings still apply in table
  // order. 1: one table at a time (deterministic; the tests' default).
  int ladder_tables = 1;
  absl::Duration decision_deadline = absl::Seconds(1);
  // Stop (as if killed) after this many matches of this run; 0: never.
  int stop_after = 0;
  // Referee workers (HOST:PORT). Empty: matches run in this process.
  // Matches are spread over the workers in turn; a match lost to a failed
  // worker is run again on another and stored once.
  std::vector<std::string> referees;
  // Optional: checked before each match starts; set it to stop early.
  const std::atomic<bool>* cancel = nullptr;
  ArenaMetrics* metrics = nullptr;  // optional
  // Resolves catalog:NAME bots of matches run in this process (optional).
  // Remote referees get the names and resolve them in their own catalogue.
  const referee::BotCatalog* catalog = nullptr;
  // Identifies the tournament in the store (default: from the config, so
  // rerunning the same command resumes it).
  std::string key;
  // The rating model, with its dynamics factor tau (issue 14).
  RatingModel rating;
  // A ladder stops seating a bot that failed to start in this many matches
  // in a row (issue 14.3); 0: never.
  int suspend_after = 3;
  // Issue 14: a suspended bot is probed: `probe_after` after its suspension
  // the ladder seats it at one table again; a start there ends the
  // suspension, a failed one doubles the wait (at most `probe_max`).
  // Zero: a suspension lasts (until the operator resumes the bot).
  absl::Duration probe_after = absl::Seconds(30);
  absl::Duration probe_max = absl::Minutes(30);
  // The clock of the probes (tests inject one; default absl::Now).
  std::function<absl::Time()> now;
  // Optional (ladders): told why no table can be seated ("" once one can).
  std::function<void(const std::string&)> waiting;
  // Optional (ladders): the standings after the stored ladder is read and
  // after each result, under the run's lock, so a service answers
  // GetStandings without re-reading every stored match (issue 14.2).
  std::function<void(const Standings&)> standings;
  // Optional: matches of this run being played now (issue 14).
  std::atomic<int>* running = nullptr;
  // Several arena nodes on one database (issue 18.2): this node's name in
  // match claims (default "host/pid") and how long a claim holds without
  // the node's heartbeat (renewed every third of it).
  std::string node_id;
  absl::Duration lease = absl::Seconds(30);
  // Optional (issue 15.5): a listener for each match run in this process
  // (tournament id, match id, bot names by seat), e.g. the web's live view.
  std::function<std::unique_ptr<referee::MatchListener>(
      int64_t, int64_t, std::vector<std::string>)>
      listen;
  // The table every match is played on (issue 12).
  v1::TableSetup table;
  // Issue 14 (ladders): asked before each table is picked (optional; else
  // every bot is schedulable with its configured spec and no version).
  std::function<absl::StatusOr<std::vector<LiveBot>>()> live_bots;
  // Optional: running remote matches are entered here (WatchMatch ids).
  LiveMatches* live = nullptr;
  // Faction turns before a match stops unfinished (0: the referee's
  // default, 1000); the soak shortens games with it.
  int max_turns = 0;
  // Token sent to remote referees (accounts on; "" sends none).
  std::string referee_token;
  TournamentTimings* timings = nullptr;  // optional (issue 19.4)
  // Issue 19: matches run in this process send decisions on Play streams
  // to bots that offer them (false: one Decide call each; for comparison).
  bool play_stream = true;
};

// Sets a match spec's table fields (map, suits, deck, landmarks, setup mode)
// from the tournament's table; a drafting table (Law 19.8) clears the seats'
// factions and makes the faction pool the draft pool.
void ApplyTable(const TournamentConfig& c, v1::MatchSpec& spec);

using Progress = std::function<void(int done, int total)>;

// ListMatches paging (issue 14), shared by the Arena service and the local
// arena of `woodland tournament --http-port`: the rows of one page (at most
// 10,000; a malformed token or size is INVALID_ARGUMENT) and the token of
// the next page ("" on the last).
absl::StatusOr<std::vector<MatchRow>> MatchPage(
    Store& store, const v1::ListMatchesRequest& req, std::string* next_token);
// One stored match as the API reports it: bots by name, factions, and for a
// finished match its VP, winners and finish time.
void MatchSummaryOf(const MatchRow& m, const std::vector<TournamentBot>& bots,
                    v1::MatchSummary* out);

// Issue 19.4: how many matches a tournament or an arena plays at once
// unless told (--workers): two per core of this machine (at least 2, at most
// 64). A match's thread spends most of each decision waiting for the bot's
// answer (tournament_bench: about 100 us of round trip against 25 us of
// referee work), so one match per core leaves the cores half idle.
int DefaultWorkers();

// This process's default node name, "host/pid" (issue 18.2).
std::string DefaultNodeId();
// `claimed_by` if it names a process of this host that no longer exists
// (its claims may be taken at once), else "".
std::string DeadOnThisHost(const std::string& claimed_by);

absl::StatusOr<Standings> RunTournament(const TournamentConfig& config,
                                        Store& store,
                                        const Progress& progress = nullptr);

// A ladder: `ladder_tables` tables at a time, the `players` bots not suspended
// with the least certain ratings (fewest tables in flight; then highest sigma;
// then fewest games), each given the faction and seat that keep its faction and
// seat counts most even (LadderTable), until `config.cancel` is set or
// `max_matches` (if > 0) have been played. Progress reports the matches done in
// the whole ladder (also those stored before a restart) and total 0.
absl::StatusOr<Standings> RunLadder(const TournamentConfig& config,
                                    Store& store, int max_matches,
                                    const Progress& progress = nullptr);

// The same on a tournament already stored under `tournament` (the service
// creates the row first, then runs or resumes it).
absl::StatusOr<Standings> RunTournamentById(const TournamentConfig& config,
                                            Store& store, int64_t tournament,
                                            const Progress& progress);
absl::StatusOr<Standings> RunLadderById(const TournamentConfig& config,
                                        Store& store, int64_t tournament,
                                        const Progress& progress,
                                        int max_matches = 0);

// Standings from what is stored (also for a tournament still running).
absl::StatusOr<Standings> StoredStandings(const TournamentConfig& config,
                                          Store& store, int64_t tournament);
std::string ConfigKey(const TournamentConfig& config);

// The explicit full recomputation (issue 14.2): every stored result again,
// in schedule order; rewrites the tournament's rating rows and returns the
// standings. Equal to what the incremental updates stored.
absl::StatusOr<Standings> RecomputeRatings(const TournamentConfig& config,
                                           Store& store, int64_t tournament);

std::string StandingsText(const TournamentConfig& config, const Standings& s);
// The table a tournament's matches are played on, in a line ("map lake,
// suits random, deck exiles, setup advanced, ..."; issue 12).
std::string TableText(const v1::TableSetup& t);
std::string StandingsJson(const TournamentConfig& config, const Standings& s);

}  // namespace woodland::arena

#endif  // WOODLAND_ARENA_TOURNAMENT_H_
