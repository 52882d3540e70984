// The Riverfolk Company (Law 11): clause scenarios and random games.
#include "gtest/gtest.h"
#include "referee/rules/observation.h"
#include "test/referee/rules/random_play.h"
#include "test/referee/rules/scenario.h"

namespace woodland::rules::testing {
namespace {

GameSetup Mix(std::vector<int8_t> factions) {
  GameSetup setup;
  setup.factions = std::move(factions);
  setup.shuffle_seats = true;
  return setup;
}

TEST(Riverfolk, RandomGamesTwoSeats) {
  RandomGamesCheck(Mix({kMarquise, kRiverfolk}), 1, 100);
  RandomGamesCheck(Mix({kEyrie, kRiverfolk}), 1001, 100);
  RandomGamesCheck(Mix({kAlliance, kRiverfolk}), 2001, 100);
  RandomGamesCheck(Mix({kVagabond, kRiverfolk}), 3001, 100);
}

TEST(Riverfolk, RandomGamesThreeAndFourSeats) {
  RandomGamesCheck(Mix({kMarquise, kEyrie, kRiverfolk}), 4001, 100);
  RandomGamesCheck(Mix({kAlliance, kVagabond, kRiverfolk}), 5001, 100);
  RandomGamesCheck(Mix({kMarquise, kEyrie, kVagabond, kRiverfolk}), 6001, 100);
}

TEST(Riverfolk, RandomGamesFiveSeats) {
  RandomGamesCheck(
      Mix({kMarquise, kEyrie, kAlliance, kVagabond, kRiverfolk}), 7001, 100);
}

}  // namespace
}  // namespace woodland::rules::testing
