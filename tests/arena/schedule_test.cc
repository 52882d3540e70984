// Scheduling balance properties.
#include "arena/schedule.h"

#include <numeric>
#include <set>

#include "gtest/gtest.h"

namespace woodland::arena {
namespace {

TEST(Schedule, EveryBotPlaysEveryFactionAndSeatEqually) {
  for (int bots : {4, 5, 6}) {
    ScheduleSpec spec{bots, {0, 1, 2, 3}, 4, 4, 7};
    auto tables = RoundRobin(spec);
    ASSERT_TRUE(tables.ok());
    const Balance b = MeasureBalance(spec, *tables);
    EXPECT_EQ(b.faction_imbalance, 0) << bots << " bots";
    EXPECT_EQ(b.seat_imbalance, 0) << bots << " bots";
    for (const Table& t : *tables) {
      EXPECT_EQ(std::set<int>(t.bots.begin(), t.bots.end()).size(), 4u)
          << "a bot seated twice";
      EXPECT_EQ(std::set<int>(t.factions.begin(), t.factions.end()).size(), 4u);
    }
  }
}

TEST(Schedule, GroupsSharePairedSeedsAndEveryPairMeets) {
  ScheduleSpec spec{5, {0, 1, 2, 3}, 3, 3, 1};
  auto tables = RoundRobin(spec);
  ASSERT_TRUE(tables.ok());
  EXPECT_EQ(tables->size(), 10u * 3u);  // C(5,3) combinations x 3 tables
  for (size_t i = 0; i < tables->size(); i += 3) {
    EXPECT_EQ((*tables)[i].seed, (*tables)[i + 1].seed);
    EXPECT_EQ((*tables)[i].seed, (*tables)[i + 2].seed);
  }
  std::set<std::pair<int, int>> met;
  for (const Table& t : *tables) {
    for (int a : t.bots) {
      for (int b : t.bots) met.insert({a, b});
    }
  }
  EXPECT_EQ(met.size(), 25u);
  const Balance b = MeasureBalance(spec, *tables);
  EXPECT_EQ(b.seat_imbalance, 0);
  // Pool of 4, tables of 3: factions rotate between groups; report the
  // imbalance rather than promise zero.
  EXPECT_LE(b.faction_imbalance, 3);
}

TEST(Schedule, PartialGroupsAreAsEvenAsPossible) {
  ScheduleSpec spec{4, {0, 1, 2, 3}, 4, 2, 1};
  auto tables = RoundRobin(spec);
  ASSERT_TRUE(tables.ok());
  const Balance b = MeasureBalance(spec, *tables);
  EXPECT_LE(b.faction_imbalance, 1);
  EXPECT_LE(b.seat_imbalance, 1);
}

TEST(Schedule, OversizedSchedulesAreRefused) {
  // C(100, 4) combinations would be millions of tables.
  auto many_bots = RoundRobin({100, {0, 1, 2, 3}, 4, 4, 1});
  ASSERT_FALSE(many_bots.ok());
  EXPECT_NE(many_bots.status().message().find("too many tables"),
            std::string::npos);
  EXPECT_FALSE(RoundRobin({4, {0, 1, 2, 3}, 4, 1000000, 1}).ok());
  EXPECT_TRUE(
      RoundRobin({12, {0, 1, 2, 3}, 4, 4, 1}).ok());  // 495 x 4 tables is fine
}

TEST(Schedule, ImpossibleTablesAreClearErrors) {
  EXPECT_FALSE(RoundRobin({3, {0, 1, 2, 3}, 4, 4, 1}).ok());
  EXPECT_FALSE(RoundRobin({4, {0, 1}, 4, 4, 1}).ok());
  EXPECT_FALSE(RoundRobin({4, {0, 1, 2, 3}, 7, 4, 1}).ok());
  EXPECT_FALSE(RoundRobin({4, {0, 1, 2, 3}, 4, 0, 1}).ok());
}

// Issue 10.7: tables of 5 and 6. A full round (tables per pairing a
// multiple of lcm(players, pool)) seats every bot at every faction of the
// pool and every seat equally often: imbalance at most 1 (here exactly 0),
// whether the pool is the table's size or all ten factions.
TEST(Schedule, Issue10_FiveAndSixSeatTablesBalanceFactionsAndSeats) {
  const std::vector<int> ten = {0, 1, 2, 3, 5, 6, 7, 8, 9, 10};
  for (int players : {5, 6}) {
    for (const std::vector<int>& pool :
         {std::vector<int>(ten.begin(), ten.begin() + players), ten}) {
      const int n = static_cast<int>(pool.size());
      const int full_round = std::lcm(players, n);
      for (int bots : {players, players + 1, players + 2}) {
        ScheduleSpec spec{bots, pool, players, full_round, 11};
        auto tables = RoundRobin(spec);
        ASSERT_TRUE(tables.ok()) << tables.status();
        const Balance b = MeasureBalance(spec, *tables);
        EXPECT_LE(b.faction_imbalance, 1)
            << players << " players, pool " << n << ", " << bots << " bots";
        EXPECT_LE(b.seat_imbalance, 1)
            << players << " players, pool " << n << ", " << bots << " bots";
        for (const Table& t : *tables) {
          ASSERT_EQ(t.factions.size(), static_cast<size_t>(players));
          EXPECT_EQ(std::set<int>(t.bots.begin(), t.bots.end()).size(),
                    t.bots.size());
          EXPECT_EQ(std::set<int>(t.factions.begin(), t.factions.end()).size(),
                    t.factions.size());
        }
        for (int bot = 0; bot < bots; ++bot) {
          for (int f = 0; f < n; ++f) EXPECT_GT(b.faction_games[bot][f], 0);
        }
      }
    }
  }
}

// Partial rounds with a large pool still spread factions: every faction of
// the pool is dealt within one round's worth of groups.
TEST(Schedule, Issue10_LargePoolPartialRoundsSeatEveryFaction) {
  const std::vector<int> ten = {0, 1, 2, 3, 5, 6, 7, 8, 9, 10};
  ScheduleSpec spec{7, ten, 6, 6, 2};  // one group per combination
  auto tables = RoundRobin(spec);
  ASSERT_TRUE(tables.ok());
  std::set<int> dealt;
  for (const Table& t : *tables)
    dealt.insert(t.factions.begin(), t.factions.end());
  EXPECT_EQ(dealt.size(), ten.size());
}

}  // namespace
}  // namespace woodland::arena
