// Fair round-robin scheduling for asymmetric multiplayer tournaments.
//
// Every combination of `players` bots meets in groups of `players` tables.
// Within a group the tables share one seed (same setup luck) and the bots
// rotate through the group's factions and seat positions as a Latin square,
// so each bot plays each of those factions and each seat exactly once.
// `tables_per_pairing` tables are played per combination (full groups are
// balanced exactly; a partial last group is as even as the numbers allow).
// When the faction pool is larger than `players`, successive groups take
// successive windows of `players` factions that tile the pool, so a full
// round (tables_per_pairing a multiple of lcm(players, pool size)) balances
// factions and seats exactly at any table size from 2 to 6.
#ifndef WOODLAND_ARENA_SCHEDULE_H_
#define WOODLAND_ARENA_SCHEDULE_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"

namespace woodland::arena {

struct Table {
  int index = 0;              // position in the schedule
  std::vector<int> bots;      // by seat: index into the tournament's bots
  std::vector<int> factions;  // by seat: rules::Faction
  uint64_t seed = 0;
};

struct ScheduleSpec {
  int num_bots = 0;
  std::vector<int> faction_pool;
  int players = 4;
  int tables_per_pairing = 4;
  uint64_t seed = 1;
};

// The largest schedule accepted.
inline constexpr int64_t kMaxTables = 100000;

absl::StatusOr<std::vector<Table>> RoundRobin(const ScheduleSpec& spec);

// How evenly a schedule spreads factions and seats over bots.
struct Balance {
  std::vector<std::vector<int>> faction_games;  // [bot][faction in pool order]
  std::vector<std::vector<int>> seat_games;     // [bot][seat]
  int faction_imbalance = 0;  // max over bots of (max - min) faction games
  int seat_imbalance = 0;     // max over bots of (max - min) seat games
};
Balance MeasureBalance(const ScheduleSpec& spec,
                       const std::vector<Table>& tables);

// Issue 14.1: a ladder table for the chosen bots (tournament positions),
// rotating factions and seats by what each bot has played so far
// (`balance`, indexed like a tournament's): each bot gets a faction of the
// pool and a seat such that, in order, the largest resulting imbalance of
// any chosen bot, the sum of their imbalances and the sum of their counts
// of what they get are smallest (exhaustive: pools of up to ~12 factions and
// tables of up to 6). `round` breaks ties so equal choices rotate.
Table LadderTable(const Balance& balance, const std::vector<int>& bots,
                  const std::vector<int>& faction_pool, int round);

// Picks the bots of a ladder table and calls LadderTable: `candidates` in
// order of priority (least certain rating first); among the first
// `players + spare` of them, the `players` whose best table keeps the
// balance best win, then those earliest in priority order.
Table PickLadderTable(const Balance& balance,
                      const std::vector<int>& candidates, int players,
                      const std::vector<int>& faction_pool, int round,
                      int spare = 3);

}  // namespace woodland::arena

#endif  // WOODLAND_ARENA_SCHEDULE_H_
