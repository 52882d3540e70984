// Standings kept incrementally: each finished match updates the ratings
// (overall and per (bot, faction)), the counts and the faction/seat balance
// of the bots it seated, so the cost of a result does not grow with the
// number of stored matches (issue 14.2). A full recomputation applies the
// same updates to every stored match in schedule order and gives the same
// numbers.
//
// Forfeits (issue 14.3): a seat whose bot never connected, or whose
// decisions were mostly made by the referee's fallback, is rated last (tied
// with any other forfeit) and gets no win, whatever the stand-in achieved.
// A bot that failed to start in `suspend_after` matches in a row is
// suspended: the ladder seats it again only to probe it (a start there
// ends the suspension; see TournamentConfig::probe_after).
#ifndef WOODLAND_ARENA_LEDGER_H_
#define WOODLAND_ARENA_LEDGER_H_

#include <map>
#include <set>
#include <string>
#include <vector>

#include "arena/rating.h"
#include "arena/schedule.h"
#include "woodland/v1/referee.pb.h"

namespace woodland::arena {

struct RatingRow;
struct LadderRatingRow;

struct SeatForfeit {
  int seat = -1;
  bool never_started = false;  // else: the fallback played most decisions
  std::string reason;
  bool operator==(const SeatForfeit&) const = default;
};

// The forfeits of a finished match, from its result and replay.
std::vector<SeatForfeit> FindForfeits(const v1::MatchResult& result,
                                      const v1::Replay& replay);
// Stored form (one "seat:kind:reason" line each) and back.
std::string ForfeitsText(const std::vector<SeatForfeit>& forfeits);
std::vector<SeatForfeit> ParseForfeits(const std::string& text);

// Ranks for the rating update: forfeits last; the others winners first,
// then by VP (ties equal).
std::vector<int> Ranks(const v1::MatchResult& r,
                       const std::vector<SeatForfeit>& forfeits);

// Issue 14: the persistent ladder ratings of the seated bot versions
// (rows by seat, overall and with the seat's faction; rows not found start
// from the default rating), updated from one match like the ledger's.
void UpdateLadderRows(const v1::MatchResult& r,
                      const std::vector<SeatForfeit>& forfeits,
                      const RatingModel& model,
                      std::vector<LadderRatingRow>& overall,
                      std::vector<LadderRatingRow>& by_faction);

struct FactionStats {
  int games = 0, wins = 0, vp = 0;
  Rating rating;
};

struct BotStanding {
  std::string name;
  Rating rating;
  int games = 0, wins = 0, vp = 0;
  int forfeits = 0;
  int start_failures_in_a_row = 0;
  bool suspended = false;
  std::vector<FactionStats> by_faction;  // pool order
};

struct Standings {
  std::vector<BotStanding> bots;       // best first (by ordinal)
  std::vector<FactionStats> factions;  // pool order, all bots together
  Balance balance;
  int matches_done = 0, matches_total = 0;
  bool resumed = false;
};

struct LedgerOptions {
  std::vector<std::string> bots;  // names, tournament order
  std::vector<int> factions;      // the pool
  int players = 4;
  RatingModel model;
  int suspend_after = 3;  // start failures in a row; 0: never suspend
  // Law 19.8: the seats draft their factions, so the faction balance counts
  // each result's factions rather than the schedule's.
  bool draft = false;
};

class Ledger {
 public:
  explicit Ledger(LedgerOptions options);

  // A table entered the schedule (counted in the balance).
  void Schedule(const Table& table);
  // A finished match, applied at once.
  void Apply(const std::vector<int>& bots, const v1::MatchResult& result,
             const std::vector<SeatForfeit>& forfeits);
  // A finished match of a schedule played out of order: applied once every
  // table before it has been, so the result never depends on the order
  // matches finish in. Tables are numbered from 0.
  void Offer(int table_index, const std::vector<int>& bots,
             const v1::MatchResult& result, std::vector<SeatForfeit> forfeits);
  int next_to_apply() const { return next_; }

  // Rows for the bots whose ratings changed since the last call.
  std::vector<RatingRow> TakeChangedRows();
  std::vector<RatingRow> AllRows() const;

  const BotStanding& bot(int i) const { return bots_[i]; }
  int num_bots() const { return static_cast<int>(bots_.size()); }
  const Balance& balance() const { return balance_; }
  int matches_done() const { return done_; }
  const LedgerOptions& options() const { return options_; }
  // Sorted best first (stable: ties keep tournament order).
  Standings Snapshot(int matches_total) const;

 private:
  struct Waiting {
    std::vector<int> bots;
    v1::MatchResult result;
    std::vector<SeatForfeit> forfeits;
  };
  void RowsOf(int bot, int pool_index, std::vector<RatingRow>* out) const;
  void UpdateImbalance();

  LedgerOptions options_;
  std::vector<BotStanding> bots_;
  std::vector<FactionStats> factions_;
  Balance balance_;
  int done_ = 0;
  int next_ = 0;
  std::map<int, Waiting> waiting_;
  std::set<std::pair<int, int>> changed_;  // (bot, pool index or -1)
};

}  // namespace woodland::arena

#endif  // WOODLAND_ARENA_LEDGER_H_
