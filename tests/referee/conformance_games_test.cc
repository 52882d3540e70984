// The games `woodland conformance` plays (issues 10.8, 11.7): every faction,
// every seat count up to six, and valid setups only.
#include "cli/conformance_games.h"

#include <set>

#include "gtest/gtest.h"
#include "referee/rules/state.h"

namespace woodland::cli {
namespace {

std::vector<int> Implemented() {
  rules::RegisterAll();
  std::vector<int> out;
  for (int f = 0; f < rules::kNumFactions; ++f) {
    if (rules::GetFaction(f) != nullptr) out.push_back(f);
  }
  return out;
}

TEST(ConformanceGames, AllTenFactionsAreImplemented) {
  EXPECT_EQ(Implemented().size(), 11u);  // ten factions, two Vagabonds
}

TEST(ConformanceGames, EveryFactionIsPlayedByTheBotAtTwoAndAtLargerTables) {
  const std::vector<int> factions = Implemented();
  std::set<int> at_two, at_more;
  for (const ConformanceGame& g : ConformanceGames(factions)) {
    for (size_t i = 0; i < g.seats.size(); ++i) {
      if (!g.bot_seats[i]) continue;
      (g.seats.size() == 2 ? at_two : at_more).insert(g.seats[i]);
    }
  }
  for (int f : factions) {
    EXPECT_TRUE(at_two.count(f)) << rules::FactionKey(f);
    EXPECT_TRUE(at_more.count(f)) << rules::FactionKey(f);
  }
}

TEST(ConformanceGames, EverySeatCountAndSixSeatExpansionTables) {
  std::set<size_t> sizes;
  int six_with_both_vagabonds = 0, six_without_base = 0;
  for (const ConformanceGame& g : ConformanceGames(Implemented())) {
    sizes.insert(g.seats.size());
    if (g.seats.size() != 6) continue;
    const std::set<int> s(g.seats.begin(), g.seats.end());
    six_with_both_vagabonds += s.count(rules::kVagabond2);
    six_without_base += *s.begin() >= rules::kCult;
  }
  EXPECT_EQ(sizes, (std::set<size_t>{2, 3, 4, 5, 6}));
  EXPECT_GE(six_with_both_vagabonds, 1);
  EXPECT_GE(six_without_base, 1);
}

TEST(ConformanceGames, EverySetupIsAValidGame) {
  for (const ConformanceGame& g : ConformanceGames(Implemented())) {
    rules::GameSetup setup;
    for (int f : g.seats) setup.factions.push_back(static_cast<int8_t>(f));
    if (g.tournament_table) {  // drafted seats (Law 19.8)
      setup.mode = rules::GameSetup::kAdvancedSetup;
      setup.map = "lake";
      setup.deck = "exiles";
    }
    EXPECT_TRUE(rules::State::NewGame(setup, 1).ok()) << g.name;
    EXPECT_EQ(g.seats.size(), g.bot_seats.size()) << g.name;
    if (g.tournament_table) continue;
    EXPECT_EQ(std::set<int>(g.seats.begin(), g.seats.end()).size(),
              g.seats.size())
        << g.name;
  }
}

// Issue 12: bots (older ones too, kits_test) play a tournament table:
// drafted seats on a variant map with the other deck.
TEST(ConformanceGames, Issue12_OneTournamentTableBeforeTheLastGame) {
  const std::vector<ConformanceGame> games = ConformanceGames(Implemented());
  int tables = 0;
  for (const ConformanceGame& g : games) tables += g.tournament_table;
  EXPECT_EQ(tables, 1);
  ASSERT_GE(games.size(), 2u);
  EXPECT_TRUE(games[games.size() - 2].tournament_table);
  EXPECT_TRUE(games.back().unknown_fields) << "quick mode plays the last";
}

}  // namespace
}  // namespace woodland::cli
