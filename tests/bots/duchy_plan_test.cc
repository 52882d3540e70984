// The heuristic's Underground Duchy plan (Law 12) in-process: four-player
// games with the Duchy played by the heuristic policy (through the protocol
// view, exactly as a bot sees it) and the other seats by uniform random
// choices; the same games with a random Duchy are the baseline.
#include <cstdio>

#include "bots/heuristic/policy.h"
#include "gtest/gtest.h"
#include "referee/convert.h"
#include "referee/rules/state.h"

namespace woodland::bots {
namespace {

using rules::GameSetup;
using rules::State;

uint64_t Next(uint64_t& x) {
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return x;
}

// Plays one game; returns whether the Duchy won.
bool PlayGame(uint64_t seed, int duchy_seat, bool heuristic) {
  GameSetup setup;
  setup.factions = {rules::kMarquise, rules::kEyrie, rules::kAlliance};
  setup.factions.insert(setup.factions.begin() + duchy_seat, rules::kDuchy);
  setup.max_turns = 400;
  auto st = State::NewGame(setup, seed);
  EXPECT_TRUE(st.ok());
  State& s = *st;
  HeuristicPolicy policy(seed);
  uint64_t rng = seed * 2654435761u + 1;
  while (!s.IsTerminal()) {
    const int seat = s.deciding_seat();
    int choice;
    if (heuristic && seat == duchy_seat) {
      v1::DecisionRequest r;
      r.set_seat(seat);
      r.set_faction(v1::FACTION_DUCHY);
      *r.mutable_prompt() = referee::PromptToProto(s);
      for (const rules::Option& o : s.options())
        referee::OptionToProto(s, o, r.add_options());
      referee::ObservationToProto(s, seat, r.mutable_observation());
      choice = policy.Choose(r);
    } else {
      choice = static_cast<int>(Next(rng) % s.options().size());
    }
    EXPECT_TRUE(s.Apply(choice).ok());
  }
  for (int8_t w : s.winners()) {
    if (w == duchy_seat) return true;
  }
  return false;
}

TEST(DuchyPlan, BeatsARandomDuchyAgainstRandomOpponents) {
  constexpr int kGames = 80;
  int heuristic_wins = 0, random_wins = 0;
  for (int g = 0; g < kGames; ++g) {
    heuristic_wins += PlayGame(500 + g, g % 4, true);
    random_wins += PlayGame(500 + g, g % 4, false);
  }
  std::printf(
      "Duchy win rate over %d four-player games: heuristic %d%%, "
      "random %d%%\n",
      kGames, 100 * heuristic_wins / kGames, 100 * random_wins / kGames);
  EXPECT_GT(heuristic_wins, random_wins);
}

}  // namespace
}  // namespace woodland::bots
