// Every decision makes progress: no sequence of choices brings a game back
// to a decision point it has already been at. State::Hash covers the board,
// the cards, every faction board, the task stack and the options offered, so
// a repeated hash within one game is a cycle a bot could follow forever
// (answering instantly, it would never spend its time bank), stalling the
// match inside one turn where no turn limit ends it. Random games over every
// faction, with 2 to 6 seats, look for such a cycle.
#include <string>
#include <unordered_map>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "referee/rules/faction.h"
#include "referee/rules/playout.h"

namespace woodland::rules {
namespace {

// Plays `games` random games of `factions` and fails at the first decision
// point that repeats an earlier one of the same game.
void ExpectNoCycle(std::vector<int8_t> factions, uint64_t first_seed, int games,
                   const GameSetup& table = {}) {
  for (int g = 0; g < games; ++g) {
    GameSetup setup = table;
    setup.factions = factions;
    setup.max_turns = 400;
    const uint64_t seed = first_seed + g;
    std::unordered_map<uint64_t, int> seen;  // hash -> decision index
    std::vector<std::string> path;           // prompt key per decision
    DecisionHook hook = [&](const State& s, uint64_t, int d) -> absl::Status {
      path.emplace_back(s.PromptKey());
      auto [it, fresh] = seen.emplace(s.Hash(), d);
      if (fresh) return absl::OkStatus();
      std::string cycle;
      for (int i = it->second; i <= d; ++i)
        absl::StrAppend(&cycle, " ", path[i]);
      return absl::InternalError(absl::StrCat(
          "decision ", d, " repeats decision ", it->second, " (seat ",
          s.prompt().seat, ", turn ", s.turn(), "):", cycle));
    };
    auto r = RandomPlayout(setup, seed, PolicySeedFor(seed), hook);
    ASSERT_TRUE(r.ok()) << "seed " << seed << ": " << r.status();
  }
}

TEST(Progress, NoCycleInTheBaseGame) {
  ExpectNoCycle({kMarquise, kEyrie, kAlliance, kVagabond}, 100, 60);
}

// Law 9.5: the Vagabond's Craft is an action; choosing it and then crafting
// nothing must not return him to the same menu unchanged.
TEST(Progress, NoCycleWithTheVagabondCrafting) {
  ExpectNoCycle({kVagabond, kMarquise}, 200, 80);
  ExpectNoCycle({kVagabond, kVagabond2, kEyrie}, 300, 40);
}

// Law 8.5.1 (Alliance) and 11.5.3 (Riverfolk): Craft from a menu of actions.
TEST(Progress, NoCycleInMenuFactions) {
  ExpectNoCycle({kAlliance, kRiverfolk, kMarquise}, 400, 60);
}

TEST(Progress, NoCycleInTheExpansions) {
  ExpectNoCycle({kCult, kRiverfolk, kDuchy, kCorvid}, 500, 30);
  ExpectNoCycle({kHundreds, kKeepers, kVagabond, kEyrie}, 600, 30);
  ExpectNoCycle({kMarquise, kEyrie, kAlliance, kVagabond, kCult, kDuchy}, 700,
                20);
}

// The other maps (25), the Exiles and Partisans deck (20.8.1), landmarks (24)
// and hirelings (22) bring their own prompts.
TEST(Progress, NoCycleOnEveryTable) {
  int seed = 800;
  for (const char* map : {"winter", "lake", "mountain"}) {
    GameSetup table;
    table.map = map;
    table.deck = "exiles";
    table.landmarks = {{kLandmarkLostCity, -1}, {kLandmarkBlackMarket, -1}};
    table.hirelings = {{kHirelingFlameBearers, false},
                       {kHirelingVaultKeepers, true},
                       {kHirelingPopularBand, false}};
    ExpectNoCycle({kMarquise, kEyrie, kAlliance, kVagabond}, seed, 15, table);
    table.hirelings = {{kHirelingForestPatrol, false},
                       {kHirelingExile, true},
                       {kHirelingLastDynasty, false}};
    ExpectNoCycle({kCult, kRiverfolk, kCorvid, kDuchy}, seed + 100, 15, table);
    seed += 1000;
  }
}

}  // namespace
}  // namespace woodland::rules
