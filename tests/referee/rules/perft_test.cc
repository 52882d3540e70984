// Perft-style exact counts: the number of distinct decision sequences of a
// given depth from fixed positions. Chance lives inside the State, so a
// position's tree is fully determined. Depths 1-2 at the start are checked
// by hand (see comments); the deeper counts pin the engine's behaviour and
// change only with a deliberate rules change.
#include "gtest/gtest.h"
#include "referee/rules/playout.h"
#include "referee/rules/state.h"

namespace woodland::rules {
namespace {

uint64_t Perft(const State& s, int depth) {
  if (depth == 0 || s.IsTerminal()) return 1;
  uint64_t n = 0;
  for (int i = 0; i < static_cast<int>(s.options().size()); ++i) {
    State next = s;
    EXPECT_TRUE(next.Apply(i).ok());
    n += Perft(next, depth - 1);
  }
  return n;
}

State Start(uint64_t seed) {
  GameSetup setup;
  setup.factions = {kMarquise, kEyrie};
  setup.first_seat = 0;
  return *State::NewGame(setup, seed);
}

// Position A: the first decision of a Marquise/Eyrie game.
TEST(Perft, StartPosition) {
  const State s = Start(42);
  // Four corners for the keep (Law 6.3.2).
  EXPECT_EQ(Perft(s, 1), 4u);
  // Then the sawmill: the keep clearing or an adjacent one with an open
  // slot. Corner 1: {1,5,9,10}; 2: {2,5,6,10}; 3: {3,6,7,11}; 4: {4,8,9,12}.
  EXPECT_EQ(Perft(s, 2), 16u);
  // Then the workshop: 14 ways per corner (e.g. corner 1: sawmill in 1
  // leaves {5,9,10}; in 5 or 9 all four; in 10 its one open slot is gone).
  EXPECT_EQ(Perft(s, 3), 56u);
  EXPECT_EQ(Perft(s, 4), 168u);
  // The Eyrie's corner is forced (opposite the keep), then 4 leaders.
  EXPECT_EQ(Perft(s, 5), 168u * 4);
}

// Position B: seed 42, uniform-random decisions (policy seed 5), at the
// first Eyrie Decree move after at least 120 decisions.
TEST(Perft, MidgamePosition) {
  State s = Start(42);
  Chance policy(5);
  int i = 0;
  for (; !s.IsTerminal() && (i < 120 || s.PromptKey() != "eyrie.decree.move");
       ++i) {
    ASSERT_TRUE(s.Apply(policy.Draw(kChancePick, s.options().size())).ok());
  }
  ASSERT_FALSE(s.IsTerminal());
  EXPECT_EQ(i, 123);
  EXPECT_EQ(Perft(s, 1), 5u);
  EXPECT_EQ(Perft(s, 2), 10u);
  EXPECT_EQ(Perft(s, 3), 45u);
  EXPECT_EQ(Perft(s, 4), 140u);
  EXPECT_EQ(Perft(s, 5), 380u);
}

// Positions C and D: a four-player game (seed 9, policy seed 11) at the first
// decisions where the Alliance and then the Vagabond decide in Daylight.
// (The Vagabond chooses among the nine characters of Law 26 at setup.)
State FourPlayerAt(const std::string& key) {
  GameSetup setup;
  setup.factions = {kMarquise, kEyrie, kAlliance, kVagabond};
  setup.first_seat = 0;
  State s = *State::NewGame(setup, 9);
  Chance policy(11);
  while (!s.IsTerminal() && (s.PromptKey() != key || s.turn() < 6)) {
    EXPECT_TRUE(s.Apply(policy.Draw(kChancePick, s.options().size())).ok());
  }
  return s;
}

TEST(Perft, FourPlayerAllianceDaylight) {
  const State s = FourPlayerAt("alliance.action");
  std::vector<std::string> labels;
  for (const Option& o : s.options()) labels.push_back(s.OptionLabel(o));
  EXPECT_EQ(labels, (std::vector<std::string>{
                        "Mobilize (a card to the supporters)", "Done"}));
  EXPECT_EQ(Perft(s, 1), 2u);
  EXPECT_EQ(Perft(s, 2), 10u);
  EXPECT_EQ(Perft(s, 3), 29u);
  EXPECT_EQ(Perft(s, 4), 112u);
}

TEST(Perft, FourPlayerVagabondDaylight) {
  const State s = FourPlayerAt("vagabond.action");
  std::vector<std::string> labels;
  for (const Option& o : s.options()) labels.push_back(s.OptionLabel(o));
  EXPECT_EQ(labels, (std::vector<std::string>{"Move (boot)", "Done"}));
  EXPECT_EQ(Perft(s, 1), 2u);
  EXPECT_EQ(Perft(s, 2), 8u);
  EXPECT_EQ(Perft(s, 3), 44u);
  EXPECT_EQ(Perft(s, 4), 232u);
}

// Positions E-G: the first decisions of expansion tables (seat 0 first).
State StartOf(std::vector<int8_t> factions, uint64_t seed,
              const std::string& map = "autumn") {
  GameSetup setup;
  setup.factions = std::move(factions);
  setup.first_seat = 0;
  setup.map = map;
  return *State::NewGame(setup, seed);
}

// Position E: Cult and Riverfolk. The Cult set up first (Law 5.1.7, setup
// order) and, with no other starting corner yet, may take any of the four
// corners (10.3.2).
TEST(Perft, CultRiverfolkStart) {
  const State s = StartOf({kCult, kRiverfolk}, 42);
  EXPECT_EQ(s.PromptKey(), "cult.setup.corner");
  EXPECT_EQ(Perft(s, 1), 4u);
  EXPECT_EQ(Perft(s, 2), 12u);
  EXPECT_EQ(Perft(s, 3), 60u);
}

// Position F: the Underworld and Marauder factions at one table. The Duchy
// set up first and may take any corner (12.3.3: none is taken yet).
TEST(Perft, DuchyCorvidHundredsKeepersStart) {
  const State s = StartOf({kDuchy, kCorvid, kHundreds, kKeepers}, 42);
  EXPECT_EQ(s.PromptKey(), "duchy.setup_corner");
  EXPECT_EQ(Perft(s, 1), 4u);
  EXPECT_EQ(Perft(s, 2), 16u);
  EXPECT_EQ(Perft(s, 3), 64u);
}

// Position G: a six-seat table with both Vagabonds on the Mountain map, at
// the first Daylight decision of turn 8 (policy seed 3).
TEST(Perft, SixSeatsOnTheMountain) {
  State s =
      StartOf({kMarquise, kEyrie, kVagabond, kVagabond2, kCorvid, kRiverfolk},
              7, "mountain");
  Chance policy(3);
  while (!s.IsTerminal() && (s.turn() < 8 || s.phase() != kPhaseDaylight)) {
    ASSERT_TRUE(s.Apply(policy.Draw(kChancePick, s.options().size())).ok());
  }
  EXPECT_EQ(s.PromptKey(), "eyrie.leader");
  EXPECT_EQ(Perft(s, 1), 2u);
  EXPECT_EQ(Perft(s, 2), 6u);
  EXPECT_EQ(Perft(s, 3), 34u);
}

// Positions H-J: the Marquise's first decisions on the other three maps
// (Law 25), counted by hand from the map data (paths, slots, ruins in
// ../shared/reference/maps.yaml; Law 6.3.1-6.3.3: keep in a corner, then a
// sawmill and a workshop in the keep's clearing or one adjacent to it, each
// in an open slot; a ruin fills a slot, 5.1.4; rivers are not paths, 2.3).
// Winter: corners 1{1,5,10,11} 2{2,6,7,12} 3{3,7,8,12} 4{4,9,10,11}, where
// 1, 2, 7, 10 and the ruined 8, 9 have one open slot, the rest two: a
// sawmill in a one-slot clearing leaves 3 places for the workshop, else 4.
TEST(Perft, Law_25_2_WinterMarquiseStart) {
  const State s = StartOf({kMarquise, kEyrie}, 42, "winter");
  EXPECT_EQ(s.PromptKey(), "marquise.setup.keep");
  EXPECT_EQ(Perft(s, 1), 4u);
  EXPECT_EQ(Perft(s, 2), 16u);
  EXPECT_EQ(Perft(s, 3), 4u * (3 + 4 + 3 + 4));
}

// Lake (corners renumbered, 25.3): 1{1,5,9} 2{2,7,8,10} 3{3,8,9,12}
// 4{4,5,6}; the lake links coastal clearings like rivers, not paths
// (25.3.2). Clearing 1 has two slots, 5/10/12 two open beside their ruin,
// 6 two, and 2, 3, 4, 7, 8, 9 one.
TEST(Perft, Law_25_3_LakeMarquiseStart) {
  const State s = StartOf({kMarquise, kEyrie}, 42, "lake");
  EXPECT_EQ(s.PromptKey(), "marquise.setup.keep");
  EXPECT_EQ(Perft(s, 1), 4u);
  EXPECT_EQ(Perft(s, 2), 3u + 4 + 4 + 3);
  // Corner 1: 3+3+2; 2: 3+3+3+4; 3: 3+3+3+4; 4: 2+3+3.
  EXPECT_EQ(Perft(s, 3), 8u + 13 + 13 + 8);
}

// Mountain: the six closed paths do not connect (25.4.2), so each corner has
// two neighbours: 1{8,9} 2{6,11} 3{6,11} 4{8,12}. Corners have two slots, 6
// and 8 one, the ruined 9, 11 and 12 two open.
TEST(Perft, Law_25_4_MountainMarquiseStart) {
  const State s = StartOf({kMarquise, kEyrie}, 42, "mountain");
  EXPECT_EQ(s.PromptKey(), "marquise.setup.keep");
  EXPECT_EQ(Perft(s, 1), 4u);
  EXPECT_EQ(Perft(s, 2), 4u * 3);
  EXPECT_EQ(Perft(s, 3), 4u * (3 + 2 + 3));
}

}  // namespace
}  // namespace woodland::rules
