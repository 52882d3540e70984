// The Underground Duchy (Law 12): clause-named scenarios and random games.
#include "referee/rules/faction.h"
#include "referee/rules/observation.h"
#include "test/referee/rules/random_play.h"
#include "test/referee/rules/scenario.h"

namespace woodland::rules::testing {
namespace {

TEST(DuchyRandom, TwoToFiveSeats) {
  const std::vector<std::vector<int8_t>> mixes = {
      {kDuchy, kMarquise},
      {kEyrie, kDuchy},
      {kAlliance, kDuchy},
      {kVagabond, kDuchy},
      {kMarquise, kEyrie, kDuchy},
      {kDuchy, kAlliance, kVagabond},
      {kMarquise, kEyrie, kAlliance, kDuchy},
      {kMarquise, kEyrie, kAlliance, kVagabond, kDuchy},
  };
  uint64_t seed = 1000;
  for (const auto& mix : mixes) {
    GameSetup setup;
    setup.factions = mix;
    setup.shuffle_seats = true;
    RandomGamesCheck(setup, seed, 60);
    seed += 1000;
  }
}

}  // namespace
}  // namespace woodland::rules::testing
