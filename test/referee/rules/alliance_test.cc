// Scenario tests for the Woodland Alliance (Law 8). Seats: 0 Marquise,
// 1 Eyrie, 2 Alliance.
#include <algorithm>

#include "gtest/gtest.h"
#include "referee/rules/observation.h"
#include "test/referee/rules/scenario.h"

namespace woodland::rules::testing {
namespace {

const FactionModule* Al() { return GetFaction(kAlliance); }

Scenario AllianceGame(Phase phase, int current = 2) {
  Scenario sc({kMarquise, kEyrie, kAlliance});
  sc.s().SetCurrent(current, phase);
  return sc;
}

TEST(Alliance, Law_5_1_7_And_8_3_SetupInOrderThenThreeSupporters) {
  rules::GameSetup setup;
  setup.factions = {kMarquise, kEyrie, kAlliance};
  setup.first_seat = 0;
  auto st = State::NewGame(setup, 7);
  ASSERT_TRUE(st.ok()) << st.status();
  State& s = *st;
  // Law 5.1.7: the Marquise and the Eyrie choose their setup first; the
  // Alliance's setup asks nothing.
  while (s.phase() == kPhaseSetup) {
    EXPECT_NE(s.deciding_seat(), 2);
    ASSERT_TRUE(s.Apply(0).ok());
  }
  EXPECT_EQ(s.alliance().supporters.size(), 3u) << "Law 8.3.4";
  for (int c = 0; c < 12; ++c) {
    EXPECT_EQ(s.clearing(c).pieces[kSympathy], 0);
  }
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

TEST(Alliance,
     Law_8_4_2_I_And_8_4_2_III_SpreadSympathyAnywhereFirstThenAdjacent) {
  Scenario sc = AllianceGame(kPhaseBirdsong);
  State& s = sc.s();
  sc.Supporter("Anvil", kFox);
  sc.Supporter("Bake Sale", kRabbit);
  sc.Start([](State& s) { Al()->PushBirdsong(s, 2); });
  EXPECT_EQ(sc.Key(), "alliance.spread_sympathy");
  EXPECT_TRUE(sc.Offers("8 (fox)")) << "no sympathy yet: any clearing";
  sc.Choose("1 (fox)");
  EXPECT_EQ(s.clearing(C(1)).pieces[kSympathy], 1);
  EXPECT_EQ(s.seat(2).vp, 0);  // the first token scores 0
  // Now only clearings next to sympathy: 5 is rabbit and adjacent to 1.
  EXPECT_TRUE(sc.Offers("5 (rabbit)"));
  EXPECT_FALSE(sc.Offers("3 (rabbit)"));
  sc.Choose("5 (rabbit)");
  EXPECT_EQ(s.seat(2).vp, 1);
  EXPECT_TRUE(s.alliance().supporters.empty());
}

TEST(Alliance, Law_8_4_2_II_a_MartialLawCostsOneMore) {
  Scenario sc = AllianceGame(kPhaseBirdsong);
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(1), 3);
  sc.Supporter("Anvil", kFox);
  sc.Start([](State& s) { Al()->PushBirdsong(s, 2); });
  EXPECT_FALSE(sc.Offers("1 (fox)"))
      << "3 Marquise warriors: 2 supporters needed";
  sc.Supporter("Sappers", kBird);
  sc.Start([](State& s) { Al()->PushBirdsong(s, 2); });
  sc.Choose("1 (fox)");
  EXPECT_TRUE(s.alliance().supporters.empty());
}

TEST(Alliance, Law_8_4_1_III_RevoltRemovesEnemiesPlacesBaseWarriorsAndOfficer) {
  Scenario sc = AllianceGame(kPhaseBirdsong);
  State& s = sc.s();
  s.SetPieces(kSympathy, C(2), 1);  // mouse
  s.SetPieces(kSympathy, C(7), 1);  // mouse
  s.SetPieces(kSympathy, C(5), 1);  // rabbit: does not count
  s.SetWarriors(kMarquise, C(2), 2);
  s.SetPieces(kSawmill, C(2), 1);
  s.SetWarriors(kEyrie, C(2), 1);
  sc.Supporter("Mouse-in-a-Sack", kMouse);
  sc.Supporter("Sappers", kBird);
  sc.Start([](State& s) { Al()->PushBirdsong(s, 2); });
  EXPECT_EQ(sc.Key(), "alliance.revolt");
  sc.Choose("2 (mouse)");
  EXPECT_EQ(s.clearing(C(2)).warriors[kMarquise], 0);
  EXPECT_EQ(s.clearing(C(2)).warriors[kEyrie], 0);
  EXPECT_EQ(s.clearing(C(2)).pieces[kSawmill], 0);
  EXPECT_EQ(s.clearing(C(2)).pieces[kBaseMouse], 1);
  EXPECT_EQ(s.clearing(C(2)).warriors[kAlliance], 2)
      << "two sympathetic mouse clearings";
  EXPECT_EQ(s.alliance().officers, 1);
  EXPECT_EQ(s.seat(2).vp, 1) << "one VP for the sawmill";
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

TEST(Alliance, Law_8_2_6_MovingIntoSympathyCausesOutrage) {
  Scenario sc = AllianceGame(kPhaseDaylight, 0);
  State& s = sc.s();
  s.SetPieces(kSympathy, C(5), 1);
  s.SetWarriors(kMarquise, C(1), 2);
  const CardId rabbit = sc.Give(0, "Bake Sale", kRabbit);
  sc.Give(0, "Anvil", kFox);
  sc.Start([](State& s) { PushMove(s, 0, -1, false); });
  sc.Choose("Move from 1 (fox) to 5 (rabbit)");
  sc.Choose("Move 1 warrior from 1 (fox) to 5 (rabbit)");
  // One matching card: given without a choice.
  EXPECT_EQ(s.alliance().supporters, std::vector<CardId>{rabbit});
  EXPECT_EQ(s.seat(0).hand.size(), 1u);
}

TEST(Alliance, Law_8_2_6_OutrageWithoutAMatchingCardShowsTheHand) {
  Scenario sc = AllianceGame(kPhaseDaylight, 0);
  State& s = sc.s();
  s.SetPieces(kSympathy, C(5), 1);
  s.SetWarriors(kMarquise, C(1), 2);
  sc.Give(0, "Anvil", kFox);
  sc.Start([](State& s) { PushMove(s, 0, -1, false); });
  sc.Choose("Move from 1 (fox) to 5 (rabbit)");
  sc.Choose("Move 2 warriors from 1 (fox) to 5 (rabbit)");
  EXPECT_EQ(s.alliance().supporters.size(), 1u) << "drawn from the deck";
  EXPECT_EQ(s.seat(0).hand.size(), 1u);
  const Observation alliance = Observe(s, 2);
  ASSERT_EQ(alliance.reveals.size(), 1u);
  EXPECT_EQ(alliance.reveals[0].target, 0);
  EXPECT_TRUE(Observe(s, 1).reveals.empty());
}

TEST(Alliance, Law_8_2_6_RemovingSympathyCausesOutrage) {
  Scenario sc = AllianceGame(kPhaseDaylight, 0);
  State& s = sc.s();
  s.SetPieces(kSympathy, C(5), 1);
  s.SetWarriors(kMarquise, C(5), 2);
  sc.Give(0, "Bake Sale", kRabbit);
  sc.Give(0, "A Visit to Friends", kRabbit);
  sc.Dice({1, 0});
  sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kAlliance); });
  EXPECT_EQ(sc.Key(), "alliance.outrage");
  EXPECT_EQ(s.deciding_seat(), 0);
  sc.Choose("A Visit to Friends (rabbit)");
  EXPECT_EQ(s.clearing(C(5)).pieces[kSympathy], 0);
  EXPECT_EQ(s.seat(0).vp, 1);
  EXPECT_EQ(s.alliance().supporters.size(), 1u);
}

TEST(Alliance, Law_8_2_2_GuerrillaWarDefenderDealsTheHighRoll) {
  Scenario sc = AllianceGame(kPhaseDaylight, 0);
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(5), 3);
  s.SetWarriors(kAlliance, C(5), 3);
  sc.Dice({3, 1});
  sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kAlliance); });
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 0);
  EXPECT_EQ(s.clearing(C(5)).warriors[kAlliance], 2);
}

TEST(Alliance, Law_8_2_3_I_FiveSupportersAtMostWithoutABase) {
  Scenario sc = AllianceGame(kPhaseDaylight);
  State& s = sc.s();
  for (const char* n : {"Anvil", "Bake Sale", "Sword", "Crossbow", "Armorers"})
    sc.Supporter(n);
  const CardId card = sc.Give(2, "Root Tea", kMouse);
  sc.Start([](State& s) { Al()->PushDaylight(s, 2); });
  sc.Choose("Mobilize (a card to the supporters)");
  EXPECT_EQ(s.alliance().supporters.size(), 5u);
  EXPECT_EQ(s.discard().back(), card);
}

TEST(Alliance, Law_8_5_3_TrainNeedsACardMatchingABuiltBase) {
  Scenario sc = AllianceGame(kPhaseDaylight);
  State& s = sc.s();
  sc.Give(2, "Anvil", kFox);
  sc.Start([](State& s) { Al()->PushDaylight(s, 2); });
  EXPECT_FALSE(sc.Offers("Train (an officer)"));
  s.SetPieces(kBaseFox, C(1), 1);
  sc.Start([](State& s) { Al()->PushDaylight(s, 2); });
  if (sc.Key() == "alliance.action") {
    sc.Choose("Train (an officer)");
  }
  EXPECT_EQ(s.alliance().officers, 1);
  EXPECT_EQ(s.warrior_supply(kAlliance), 9);
  EXPECT_TRUE(s.CheckInvariants().ok());
}

TEST(Alliance, Law_8_2_4_LosingABaseCostsSupportersAndOfficers) {
  Scenario sc = AllianceGame(kPhaseDaylight, 0);
  State& s = sc.s();
  s.SetPieces(kBaseFox, C(1), 1);
  s.mutable_alliance().officers = 3;
  s.SetWarriorSupply(kAlliance, 7);
  sc.Supporter("Anvil", kFox);
  sc.Supporter("Sappers", kBird);
  for (const char* n : {"Bake Sale", "Sword", "Cobbler", "Codebreakers"})
    sc.Supporter(n);
  sc.Supporter("Root Tea", kMouse);
  sc.Supporter("Travel Gear", kMouse);
  s.SetWarriors(kMarquise, C(1), 2);
  sc.Dice({2, 0});
  sc.Start([](State& s) { PushBattle(s, C(1), kMarquise, kAlliance); });
  // Fox and bird supporters go; two of three officers; then down to five.
  EXPECT_EQ(s.alliance().officers, 1);
  EXPECT_EQ(sc.Key(), "alliance.discard_supporters");
  ASSERT_TRUE(s.Apply(s.deciding_seat(), 0).ok());
  EXPECT_EQ(s.alliance().supporters.size(), 5u);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

TEST(Alliance, Law_8_6_1_And_8_6_1_IV_OperationsLimitedByOfficersOrganize) {
  Scenario sc = AllianceGame(kPhaseEvening);
  State& s = sc.s();
  s.mutable_alliance().officers = 1;
  s.SetWarriorSupply(kAlliance, 7);
  s.SetWarriors(kAlliance, C(6), 2);
  sc.Start([](State& s) { Al()->PushEvening(s, 2); });
  EXPECT_EQ(sc.Key(), "alliance.operation");
  sc.Choose("Organize (a warrior becomes sympathy)");
  EXPECT_EQ(s.clearing(C(6)).pieces[kSympathy], 1);
  EXPECT_EQ(s.clearing(C(6)).warriors[kAlliance], 1);
  EXPECT_TRUE(sc.Paused()) << "no operations left; drew and stopped";
  EXPECT_EQ(s.seat(2).hand.size(), 1u) << "one card, no base on the map";
}

TEST(Alliance, Law_8_6_2_DrawOnePlusOnePerBase) {
  Scenario sc = AllianceGame(kPhaseEvening);
  State& s = sc.s();
  s.SetPieces(kBaseFox, C(1), 1);
  s.SetPieces(kBaseMouse, C(2), 1);
  sc.Start([](State& s) { Al()->PushEvening(s, 2); });
  EXPECT_EQ(s.seat(2).hand.size(), 3u);
}

TEST(Alliance, Law_8_2_3_SupportersAreHiddenFromOthers) {
  Scenario sc = AllianceGame(kPhaseDaylight);
  State& s = sc.s();
  const CardId sup = sc.Supporter("Anvil");
  EXPECT_EQ(Observe(s, 2).supporter_cards, std::vector<CardId>{sup});
  EXPECT_TRUE(Observe(s, 0).supporter_cards.empty());
  EXPECT_EQ(Observe(s, 0).supporters, 1);
}

}  // namespace
}  // namespace woodland::rules::testing

namespace woodland::rules::testing {
namespace {

// Regression: choosing a revolt used to read the Birdsong task through a
// reference invalidated by pushing the revolt, and charged a wrong cost.
TEST(Alliance, Law_8_4_1_II_RevoltCostsExactlyTwoSupporters) {
  Scenario sc = AllianceGame(kPhaseBirdsong);
  State& s = sc.s();
  s.SetPieces(kSympathy, C(2), 1);
  sc.Supporter("Mouse-in-a-Sack", kMouse);
  sc.Supporter("Sappers", kBird);
  sc.Supporter("Anvil", kFox);
  s.Push(Task{.kind = kTaskPause, .seat = 0});
  Al()->PushBirdsong(s, 2);
  s.Run();
  ASSERT_EQ(sc.Key(), "alliance.revolt");
  // A copied state's stack has no spare capacity, so the push made by the
  // choice reallocates it (as in search, or replay from a copy).
  for (int i = 0; i < 50; ++i) {
    State copy = s;
    ASSERT_EQ(copy.stack().size(), copy.stack().capacity());
    ASSERT_TRUE(copy.Apply(copy.deciding_seat(), 0).ok());
    EXPECT_EQ(copy.clearing(C(2)).pieces[kBaseMouse], 1);
    EXPECT_EQ(copy.alliance().supporters.size(), 1u);
  }
}

}  // namespace
}  // namespace woodland::rules::testing
