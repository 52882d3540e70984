// Scenario tests for the Lord of the Hundreds (Law 14), and random games with
// the Hundreds seated among the base factions.
#include <algorithm>

#include "gtest/gtest.h"
#include "referee/rules/observation.h"
#include "test/referee/rules/random_play.h"
#include "test/referee/rules/scenario.h"

namespace woodland::rules::testing {
namespace {

GameSetup Table(std::vector<int8_t> factions) {
  GameSetup setup;
  setup.factions = std::move(factions);
  return setup;
}

TEST(HundredsRandom, TwoSeatsWithEachBaseFaction) {
  for (int8_t other : {kMarquise, kEyrie, kAlliance, kVagabond}) {
    RandomGamesCheck(Table({kHundreds, other}), 1000 + 100 * other, 20);
  }
}

}  // namespace
}  // namespace woodland::rules::testing
