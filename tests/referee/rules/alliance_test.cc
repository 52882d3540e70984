// Scenario tests for the Woodland Alliance (Law 8). Seats: 0 Marquise,
// 1 Eyrie, 2 Alliance.
#include <algorithm>

#include "gtest/gtest.h"
#include "referee/rules/landmarks.h"
#include "referee/rules/observation.h"
#include "tests/referee/rules/scenario.h"

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
  ASSERT_FALSE(s.discard().empty());
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
  // `pending` tasks wait below the Birdsong: with enough of them a copied
  // state's stack (a SmallVector) is full, so the push made by the choice
  // reallocates it (as in search, or replay from a copy).
  auto revolt_with = [](int pending) {
    Scenario sc = AllianceGame(kPhaseBirdsong);
    State& s = sc.s();
    s.SetPieces(kSympathy, C(2), 1);
    sc.Supporter("Mouse-in-a-Sack", kMouse);
    sc.Supporter("Sappers", kBird);
    sc.Supporter("Anvil", kFox);
    for (int i = 0; i <= pending; ++i)
      s.Push(Task{.kind = kTaskPause, .seat = 0});
    Al()->PushBirdsong(s, 2);
    s.Run();
    EXPECT_EQ(sc.Key(), "alliance.revolt");
    return s;
  };
  int pending = 0;
  for (;; ++pending) {
    ASSERT_LT(pending, 64) << "no stack fills its capacity";
    const State copy = revolt_with(pending);
    if (copy.stack().size() == copy.stack().capacity()) break;
  }
  const State s = revolt_with(pending);
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

// --- Issue 9
// ------------------------------------------------------------------

namespace woodland::rules::testing {
namespace {

// Law 8.6.1: operations "up to your number of officers" — officers lost
// during the Evening (a base removed in an operation's battle, 8.2.4) shrink
// the operations still to come.
TEST(Alliance, Law_8_6_1_OfficersLostInAnOperationShrinkTheRest) {
  Scenario sc = AllianceGame(kPhaseEvening);
  State& s = sc.s();
  s.mutable_alliance().officers = 4;
  s.SetWarriorSupply(kAlliance, 10 - 4);
  s.SetPieces(kBaseFox, C(1), 1);
  s.SetPieces(kBaseMouse, C(2), 1);
  s.SetWarriors(kAlliance, C(1), 1);
  s.SetWarriors(kMarquise, C(1), 3);
  sc.Dice({3, 2});  // the Alliance attacks: 1 hit (one warrior), takes 2
  sc.Start([](State& s) { Al()->PushEvening(s, 2); });
  ASSERT_EQ(sc.Key(), "alliance.operation");
  sc.Choose("Battle");
  if (sc.Key() == "battle") sc.Choose("Battle Marquise de Cat in 1 (fox)");
  // The base fell: 4 officers lose half rounded up, 2 remain; one of those
  // operations is spent, so exactly one is left.
  ASSERT_EQ(s.clearing(C(1)).pieces[kBaseFox], 0);
  EXPECT_EQ(s.alliance().officers, 2);
  ASSERT_EQ(sc.Key(), "alliance.operation");
  EXPECT_EQ(s.prompt().a, 1) << "operations left";
  sc.Choose("Recruit (a warrior at a base)");
  if (sc.Key() == "alliance.recruit") sc.Choose("2 (mouse)");
  EXPECT_NE(sc.Key(), "alliance.operation") << "no operation left";
  EXPECT_EQ(s.clearing(C(2)).warriors[kAlliance], 1);
}

// Law 8.6.1: with every officer lost, the operations end at once.
TEST(Alliance, Law_8_6_1_NoOfficersLeftEndsTheOperations) {
  Scenario sc = AllianceGame(kPhaseEvening);
  State& s = sc.s();
  s.mutable_alliance().officers = 2;  // two operations at the start
  s.SetWarriorSupply(kAlliance, 10 - 2);
  s.SetPieces(kBaseFox, C(1), 1);
  s.SetPieces(kBaseMouse, C(2), 1);
  s.SetWarriors(kAlliance, C(1), 1);
  s.SetWarriors(kMarquise, C(1), 3);
  sc.Dice({3, 2});
  sc.Start([](State& s) { Al()->PushEvening(s, 2); });
  sc.Choose("Battle");
  if (sc.Key() == "battle") sc.Choose("Battle Marquise de Cat in 1 (fox)");
  EXPECT_EQ(s.alliance().officers, 1) << "half of 2 rounded up is lost";
  EXPECT_NE(sc.Key(), "alliance.operation") << "1 officer, 1 operation used";
}

}  // namespace
}  // namespace woodland::rules::testing

// --- Issue 9: the Alliance board, table by table
// ------------------------------- Numbers are the faction board's (Law 8.4.2.II
// "listed above the sympathy token", 8.4.2.III "the victory points on the space
// uncovered"), written out here, not read from the engine.

namespace woodland::rules::testing {
namespace {

// The sympathy track, token k = 1..10: supporters to place it and VP scored.
constexpr int kBoardCost[10] = {1, 1, 1, 2, 2, 2, 3, 3, 3, 3};
constexpr int kBoardVp[10] = {0, 1, 1, 1, 2, 2, 3, 4, 4, 4};
// Clearing 12 (fox) is the target; the first token already out is in 11,
// adjacent to 12 (Law 8.4.2.I), the rest anywhere else.
constexpr int kOthers[9] = {11, 1, 2, 3, 4, 5, 6, 7, 8};

// Puts `placed` tokens on the map besides clearing 12.
void PlaceTokens(State& s, int placed) {
  for (int i = 0; i < placed; ++i) s.SetPieces(kSympathy, C(kOthers[i]), 1);
}

// Declines to revolt (Law 8.4.1 comes before 8.4.2) when it is offered.
void SkipRevolt(Scenario& sc) {
  if (sc.Key() == "alliance.revolt") sc.Choose("Done");
}

TEST(Alliance, Law_8_4_2_II_And_III_SympathyTrackCostAndVpAtEveryToken) {
  for (int k = 1; k <= 10; ++k) {
    SCOPED_TRACE(::testing::Message() << "token " << k);
    // One supporter short: clearing 12 is not offered.
    {
      Scenario sc = AllianceGame(kPhaseBirdsong);
      State& s = sc.s();
      PlaceTokens(s, k - 1);
      for (int i = 0; i < kBoardCost[k - 1] - 1; ++i)
        sc.Supporter("Tax Collector", kFox);
      sc.Start([](State& s) { Al()->PushBirdsong(s, 2); });
      SkipRevolt(sc);
      EXPECT_FALSE(sc.Offers("12 (fox)"));
    }
    // Exactly the cost: offered, all spent, the track's VP scored.
    Scenario sc = AllianceGame(kPhaseBirdsong);
    State& s = sc.s();
    PlaceTokens(s, k - 1);
    for (int i = 0; i < kBoardCost[k - 1]; ++i)
      sc.Supporter("Tax Collector", kFox);
    sc.Supporter("Bake Sale", kRabbit);  // not spendable on a fox clearing
    sc.Start([](State& s) { Al()->PushBirdsong(s, 2); });
    SkipRevolt(sc);
    sc.Choose("12 (fox)");
    EXPECT_EQ(s.clearing(C(12)).pieces[kSympathy], 1);
    EXPECT_EQ(s.seat(2).vp, kBoardVp[k - 1]);
    EXPECT_EQ(s.alliance().supporters.size(), 1u) << "the rabbit is kept";
    EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
  }
}

// Law 8.6.1.IV: Organize scores the same track (no supporters spent).
TEST(Alliance, Law_8_6_1_IV_OrganizeScoresTheTrackAtEveryToken) {
  for (int k = 1; k <= 10; ++k) {
    SCOPED_TRACE(::testing::Message() << "token " << k);
    Scenario sc = AllianceGame(kPhaseEvening);
    State& s = sc.s();
    PlaceTokens(s, k - 1);
    s.mutable_alliance().officers = 1;
    s.SetWarriorSupply(kAlliance, 10 - 1);
    s.SetWarriors(kAlliance, C(12), 2);
    sc.Start([](State& s) { Al()->PushEvening(s, 2); });
    sc.Choose("Organize (a warrior becomes sympathy)");
    if (sc.Key() == "alliance.organize") sc.Choose("12 (fox)");
    EXPECT_EQ(s.clearing(C(12)).pieces[kSympathy], 1);
    EXPECT_EQ(s.clearing(C(12)).warriors[kAlliance], 1);
    EXPECT_EQ(s.warrior_supply(kAlliance), 10 - 1 - 1);
    EXPECT_EQ(s.seat(2).vp, kBoardVp[k - 1]);
  }
}

// Law 8.2.5.I: one sympathy token per clearing, for Spread and Organize.
TEST(Alliance, Law_8_2_5_I_OneSympathyTokenPerClearing) {
  Scenario sc = AllianceGame(kPhaseBirdsong);
  State& s = sc.s();
  s.SetPieces(kSympathy, C(12), 1);
  s.SetPieces(kSympathy, C(11), 1);
  for (int i = 0; i < 3; ++i) sc.Supporter("Tax Collector", kFox);
  sc.Start([](State& s) { Al()->PushBirdsong(s, 2); });
  SkipRevolt(sc);
  ASSERT_EQ(sc.Key(), "alliance.spread_sympathy");
  EXPECT_TRUE(sc.Offers("6 (fox)")) << "fox, next to 11";
  EXPECT_FALSE(sc.Offers("12 (fox)"));

  Scenario ev = AllianceGame(kPhaseEvening);
  State& e = ev.s();
  e.SetPieces(kSympathy, C(12), 1);
  e.mutable_alliance().officers = 1;
  e.SetWarriorSupply(kAlliance, 10 - 1);
  e.SetWarriors(kAlliance, C(12), 2);
  ev.Start([](State& s) { Al()->PushEvening(s, 2); });
  EXPECT_FALSE(ev.Offers("Organize (a warrior becomes sympathy)"));
}

// Law 8.4.2.II.a: martial law from 3 warriors of another player, not 2; any
// other player's warriors count, the Alliance's own do not.
TEST(Alliance, Law_8_4_2_II_a_MartialLawFromThreeWarriorsOfAnotherPlayer) {
  struct Case {
    int faction;
    int warriors;
    int cost;
  };
  for (const Case& c :
       {Case{kMarquise, 2, 1}, Case{kMarquise, 3, 2}, Case{kEyrie, 3, 2},
        Case{kEyrie, 5, 2}, Case{kAlliance, 3, 1}}) {
    SCOPED_TRACE(::testing::Message()
                 << FactionName(c.faction) << " x" << c.warriors);
    for (int have : {c.cost - 1, c.cost}) {
      Scenario sc = AllianceGame(kPhaseBirdsong);
      State& s = sc.s();
      s.SetWarriors(c.faction, C(12), c.warriors);
      for (int i = 0; i < have; ++i) sc.Supporter("Tax Collector", kFox);
      sc.Start([](State& s) { Al()->PushBirdsong(s, 2); });
      EXPECT_EQ(sc.Offers("12 (fox)"), have == c.cost) << have;
    }
  }
}

// Law 8.2.3.I: five supporters at most with no base on the map; with any
// base the stack is unlimited.
TEST(Alliance, Law_8_2_3_I_SupportersUnlimitedWithABase) {
  for (bool base : {false, true}) {
    SCOPED_TRACE(base ? "a base on the map" : "no base");
    Scenario sc = AllianceGame(kPhaseDaylight);
    State& s = sc.s();
    if (base) s.SetPieces(kBaseMouse, C(2), 1);
    for (const char* n : {"Tax Collector", "Tax Collector", "Tax Collector",
                          "Stand and Deliver!", "Stand and Deliver!", "Cobbler",
                          "Cobbler", "Command Warren"}) {
      sc.Give(2, n);
    }
    sc.Start([](State& s) { Al()->PushDaylight(s, 2); });
    for (int i = 0; i < 8; ++i) {
      sc.Choose("Mobilize (a card to the supporters)");
      if (sc.Key() == "alliance.mobilize") {
        ASSERT_TRUE(s.Apply(s.deciding_seat(), 0).ok());
      }
    }
    EXPECT_EQ(s.alliance().supporters.size(), base ? 8u : 5u);
    EXPECT_EQ(s.discard().size(), base ? 0u : 3u);
  }
}

// Law 8.6.1: one operation per officer, 1 to 3 officers.
TEST(Alliance, Law_8_6_1_ExactlyOneOperationPerOfficer) {
  for (int officers = 1; officers <= 3; ++officers) {
    SCOPED_TRACE(::testing::Message() << officers << " officers");
    Scenario sc = AllianceGame(kPhaseEvening);
    State& s = sc.s();
    s.mutable_alliance().officers = static_cast<int8_t>(officers);
    s.SetWarriorSupply(kAlliance, 10 - officers);
    s.SetPieces(kBaseMouse, C(2), 1);
    sc.Start([](State& s) { Al()->PushEvening(s, 2); });
    int taken = 0;
    while (sc.Key() == "alliance.operation" && taken < 10) {
      sc.Choose("Recruit (a warrior at a base)");
      if (sc.Key() == "alliance.recruit") sc.Choose("2 (mouse)");
      ++taken;
    }
    EXPECT_EQ(taken, officers);
    EXPECT_EQ(s.clearing(C(2)).warriors[kAlliance], officers);
  }
}

// Law 8.6.2: draw one card plus one per uncovered draw bonus (a base on the
// map uncovers one), for 0 to 3 bases.
TEST(Alliance, Law_8_6_2_DrawOnePlusOnePerBaseOnTheMap) {
  const int bases[3] = {kBaseFox, kBaseRabbit, kBaseMouse};
  const int where[3] = {1, 3, 2};
  for (int n = 0; n <= 3; ++n) {
    SCOPED_TRACE(::testing::Message() << n << " bases");
    Scenario sc = AllianceGame(kPhaseEvening);
    State& s = sc.s();
    for (int i = 0; i < n; ++i) s.SetPieces(bases[i], C(where[i]), 1);
    sc.Start([](State& s) {
      // Only the draw: no officers, so no operations.
      Al()->PushEvening(s, 2);
    });
    EXPECT_EQ(s.seat(2).hand.size(), static_cast<size_t>(1 + n));
  }
}

// Law 8.6.2: then discard down to five cards.
TEST(Alliance, Law_8_6_2_HandLimitFiveAfterDrawing) {
  for (int held : {3, 4, 5, 6}) {
    SCOPED_TRACE(::testing::Message() << held << " cards held");
    Scenario sc = AllianceGame(kPhaseEvening);
    State& s = sc.s();
    const char* names[6] = {"Tax Collector", "Tax Collector", "Tax Collector",
                            "Cobbler",       "Cobbler",       "Command Warren"};
    for (int i = 0; i < held; ++i) sc.Give(2, names[i]);
    sc.Start([](State& s) { Al()->PushEvening(s, 2); });
    int discarded = 0;
    while (sc.Key() == "discard.hand_limit") {
      ASSERT_TRUE(s.Apply(s.deciding_seat(), 0).ok());
      ++discarded;
    }
    EXPECT_EQ(s.seat(2).hand.size(), std::min<size_t>(held + 1, 5));
    EXPECT_EQ(discarded, std::max(0, held + 1 - 5));
  }
}

// Law 8.5.3: Train spends a card matching a base on the map (birds wild) for
// one officer; a card matching no base cannot train.
TEST(Alliance, Law_8_5_3_TrainSpendsACardMatchingABaseForOneOfficer) {
  struct Case {
    const char* card;
    int suit;
    bool trains;
  };
  for (const Case& c :
       {Case{"Anvil", kFox, true}, Case{"Armorers", kBird, true},
        Case{"Bake Sale", kRabbit, false}, Case{"Sword", kMouse, false}}) {
    SCOPED_TRACE(c.card);
    Scenario sc = AllianceGame(kPhaseDaylight);
    State& s = sc.s();
    s.SetPieces(kBaseFox, C(1), 1);
    const CardId id = sc.Give(2, c.card, c.suit);
    sc.Start([](State& s) { Al()->PushDaylight(s, 2); });
    EXPECT_EQ(sc.Offers("Train (an officer)"), c.trains);
    if (!c.trains) continue;
    sc.Choose("Train (an officer)");
    if (sc.Key() == "alliance.train") sc.Choose(CardName(s, id));
    EXPECT_EQ(s.alliance().officers, 1);
    EXPECT_EQ(s.warrior_supply(kAlliance), 10 - 1);
    EXPECT_EQ(s.discard().back(), id);
  }
}

// Law 8.6.1.III: Recruit places one warrior in a clearing with a base, and
// only there.
TEST(Alliance, Law_8_6_1_III_RecruitOneWarriorAtABase) {
  Scenario sc = AllianceGame(kPhaseEvening);
  State& s = sc.s();
  s.mutable_alliance().officers = 1;
  s.SetWarriorSupply(kAlliance, 9);
  s.SetPieces(kBaseRabbit, C(3), 1);
  s.SetPieces(kBaseMouse, C(7), 1);
  sc.Start([](State& s) { Al()->PushEvening(s, 2); });
  sc.Choose("Recruit (a warrior at a base)");
  ASSERT_EQ(sc.Key(), "alliance.recruit");
  EXPECT_EQ(sc.Labels(), (std::vector<std::string>{"3 (rabbit)", "7 (mouse)"}));
  sc.Choose("7 (mouse)");
  EXPECT_EQ(s.clearing(C(7)).warriors[kAlliance], 1);
  EXPECT_EQ(s.clearing(C(3)).warriors[kAlliance], 0);
  EXPECT_EQ(s.warrior_supply(kAlliance), 8);
}

// Law 8.4.1: Revolt costs two supporters matching the clearing (one is not
// enough), needs a sympathetic clearing without a base whose base is still
// on the board, and gives one officer.
TEST(Alliance, Law_8_4_1_RevoltCostAndOfficerAndTargets) {
  for (int have : {1, 2}) {
    SCOPED_TRACE(::testing::Message() << have << " supporters");
    Scenario sc = AllianceGame(kPhaseBirdsong);
    State& s = sc.s();
    s.SetPieces(kSympathy, C(8), 1);  // fox
    s.SetPieces(kSympathy, C(1), 1);  // fox
    s.SetPieces(kSympathy, C(5), 1);  // rabbit, no rabbit supporter
    for (int i = 0; i < have; ++i) sc.Supporter("Tax Collector", kFox);
    sc.Supporter("Bake Sale", kRabbit);
    sc.Start([](State& s) { Al()->PushBirdsong(s, 2); });
    if (have < 2) {
      EXPECT_NE(sc.Key(), "alliance.revolt") << "no revolt for 1 supporter";
      continue;
    }
    ASSERT_EQ(sc.Key(), "alliance.revolt");
    EXPECT_TRUE(sc.Offers("1 (fox)"));
    EXPECT_FALSE(sc.Offers("5 (rabbit)")) << "one rabbit supporter only";
    sc.Choose("8 (fox)");
    EXPECT_EQ(s.clearing(C(8)).pieces[kBaseFox], 1);
    EXPECT_EQ(s.clearing(C(8)).warriors[kAlliance], 2) << "2 fox sympathy";
    EXPECT_EQ(s.alliance().officers, 1);
    EXPECT_EQ(s.alliance().supporters.size(), 1u);
    // The fox base is on the map: no more fox revolts (1 is fox too).
    EXPECT_NE(sc.Key(), "alliance.revolt");
  }
}

}  // namespace
}  // namespace woodland::rules::testing

namespace woodland::rules::testing {
namespace {

// Every Alliance prompt cites the clause that gives the choice: spending
// supporters is step 2 of Revolt (8.4.1.II) or of Spread Sympathy (8.4.2.II).
TEST(Alliance, Law_8_4_1_II_And_8_4_2_II_SpendingSupportersCitesItsAction) {
  for (bool revolt : {true, false}) {
    SCOPED_TRACE(revolt ? "revolt" : "spread");
    Scenario sc = AllianceGame(kPhaseBirdsong);
    State& s = sc.s();
    if (revolt) s.SetPieces(kSympathy, C(8), 1);
    sc.Supporter("Anvil", kFox);
    sc.Supporter("Foxfolk Steel", kFox);
    sc.Supporter("Root Tea", kFox);
    sc.Start([](State& s) { Al()->PushBirdsong(s, 2); });
    if (!revolt) {
      ASSERT_EQ(sc.Key(), "alliance.spread_sympathy");
      EXPECT_EQ(s.PromptLaw(), "8.4.2");
    } else {
      ASSERT_EQ(sc.Key(), "alliance.revolt");
      EXPECT_EQ(s.PromptLaw(), "8.4.1");
    }
    sc.Choose(revolt ? "8 (fox)" : "1 (fox)");
    ASSERT_EQ(sc.Key(), "alliance.spend_supporters");
    EXPECT_EQ(s.PromptLaw(), revolt ? "8.4.1.II" : "8.4.2.II");
  }
}

}  // namespace
}  // namespace woodland::rules::testing

namespace woodland::rules::testing {
namespace {

// Law 4.3.6: "the side taking hits ... also choose[s] the order of any
// effects triggered by their pieces being removed" — here the Alliance, not
// the current player, orders the Outrage and the discard down to five that
// losing a sympathy token and its last base trigger.
TEST(Alliance, Law_4_3_6_TheSideTakingHitsOrdersTheEffectsItsLossesTrigger) {
  Scenario sc = AllianceGame(kPhaseDaylight, 0);
  State& s = sc.s();
  s.SetPieces(kBaseFox, C(1), 1);
  s.SetPieces(kSympathy, C(1), 1);
  sc.Supporter("Bake Sale", kRabbit);
  sc.Supporter("Cobbler", kRabbit);
  sc.Supporter("Root Tea", kMouse);
  sc.Supporter("Sword", kMouse);
  sc.Supporter("Travel Gear", kMouse);
  sc.Supporter("Codebreakers", kMouse);
  s.SetWarriors(kMarquise, C(1), 2);
  sc.Give(0, "Anvil", kFox);
  sc.Dice({1, 1});  // 1 rolled hit + 1 (defenseless): base and sympathy
  sc.Start([](State& s) { PushBattle(s, C(1), kMarquise, kAlliance); });
  ASSERT_EQ(s.clearing(C(1)).pieces[kBaseFox], 0);
  ASSERT_EQ(s.clearing(C(1)).pieces[kSympathy], 0);
  ASSERT_EQ(sc.Key(), "order_effects");
  EXPECT_EQ(s.deciding_seat(), 2) << "the Alliance took the hits";
}

// Law 8.4.2.II with the Lost City (Law 24): its clearing counts as every
// suit, so any supporter pays for sympathy there.
TEST(Alliance, Law_8_4_2_II_AnySupporterMatchesTheLostCity) {
  Scenario sc = AllianceGame(kPhaseBirdsong);
  State& s = sc.s();
  SetUpLandmark(s, kLandmarkLostCity, C(10));  // printed rabbit
  sc.Supporter("Anvil", kFox);
  sc.Start([](State& s) { Al()->PushBirdsong(s, 2); });
  ASSERT_EQ(sc.Key(), "alliance.spread_sympathy");
  sc.Choose("10 (rabbit)");
  EXPECT_EQ(s.clearing(C(10)).pieces[kSympathy], 1);
  EXPECT_TRUE(s.alliance().supporters.empty());
}

// Law 8.2.6 with the Lost City: the card given must match the clearing, and
// any card does there.
TEST(Alliance, Law_8_2_6_OutrageInTheLostCityTakesAnyCard) {
  Scenario sc = AllianceGame(kPhaseDaylight, 0);
  State& s = sc.s();
  SetUpLandmark(s, kLandmarkLostCity, C(10));  // printed rabbit
  s.SetPieces(kSympathy, C(10), 1);
  s.SetWarriors(kMarquise, C(1), 2);
  const CardId fox = sc.Give(0, "Anvil", kFox);
  sc.Start([](State& s) { PushMove(s, 0, -1, false); });
  sc.Choose("Move from 1 (fox) to 10 (rabbit)");
  sc.Choose("Move 1 warrior from 1 (fox) to 10 (rabbit)");
  EXPECT_EQ(s.alliance().supporters, std::vector<CardId>{fox});
  EXPECT_TRUE(s.seat(0).hand.empty());
}

// Law 8.4.1.III with the Lost City: a sympathetic Lost City matches the
// base's printed suit, whatever it is.
TEST(Alliance, Law_8_4_1_III_RevoltCountsASympatheticLostCity) {
  Scenario sc = AllianceGame(kPhaseBirdsong);
  State& s = sc.s();
  SetUpLandmark(s, kLandmarkLostCity, C(10));  // printed rabbit
  s.SetPieces(kSympathy, C(2), 1);             // mouse
  s.SetPieces(kSympathy, C(10), 1);
  sc.Supporter("Mouse-in-a-Sack", kMouse);
  sc.Supporter("Sappers", kBird);
  sc.Start([](State& s) { Al()->PushBirdsong(s, 2); });
  ASSERT_EQ(sc.Key(), "alliance.revolt");
  sc.Choose("2 (mouse)");
  EXPECT_EQ(s.clearing(C(2)).pieces[kBaseMouse], 1);
  EXPECT_EQ(s.clearing(C(2)).warriors[kAlliance], 2)
      << "2 and the Lost City match the mouse base";
}

}  // namespace
}  // namespace woodland::rules::testing

// --- Audit alli27: interactions with other factions' pieces ----------------

namespace woodland::rules::testing {
namespace {

// A Marquise / Eyrie / Alliance table with the Popular Band in play (Law
// 19.6; its flip sides are fixed, so no seated faction is kept out).
Scenario AllianceWithBand() {
  GameSetup g;
  g.factions = {kMarquise, kEyrie, kAlliance};
  g.hirelings = {{kHirelingPopularBand, false},
                 {kHirelingFlameBearers, true},
                 {kHirelingVaultKeepers, true}};
  Scenario sc(g, 7);
  sc.s().SetCurrent(2, kPhaseBirdsong);
  return sc;
}

// Gives the Band to `controller` (kNoFaction: nobody) with n warriors in c.
void BandIn(State& s, int controller, int c, int n) {
  for (HirelingCard& h : s.mutable_hirelings().cards) {
    if (h.hireling != kHirelingPopularBand) continue;
    h.controller = static_cast<int8_t>(controller);
    h.control = controller == kNoFaction ? 0 : 2;
    h.supply = static_cast<int8_t>(h.supply + h.warriors[c] - n);
    h.warriors[c] = static_cast<int8_t>(n);
  }
  s.mutable_hirelings().RecomputeOnMap();
}

// Law 8.4.2.II.a: "at least 3 warriors of another player, including
// warriors they are treating as their own for rule (... hirelings ...)";
// a controller treats its hireling's pieces as its own for rule (22.3.1).
// So a player's own warriors and those of the hirelings it controls add up;
// an uncontrolled hireling is no player, and the Alliance's own hireling is
// not another player's.
TEST(Alliance,
     Law_8_4_2_II_a_MartialLawCountsTheHirelingWarriorsAPlayerControls) {
  struct Case {
    const char* what;
    int controller;  // of the Band
    int band;        // Band warriors in 12
    int marquise;    // Marquise warriors in 12
    int cost;
  };
  for (const Case& c : {
           Case{"2 Marquise + 1 of her Band", kMarquise, 1, 2, 2},
           Case{"3 warriors of the Eyrie's Band", kEyrie, 3, 0, 2},
           Case{"2 Marquise + 1 of the Eyrie's Band", kEyrie, 1, 2, 1},
           Case{"3 of an uncontrolled Band", kNoFaction, 3, 0, 1},
           Case{"3 of the Alliance's own Band", kAlliance, 3, 0, 1},
       }) {
    SCOPED_TRACE(c.what);
    for (int have : {c.cost - 1, c.cost}) {
      Scenario sc = AllianceWithBand();
      State& s = sc.s();
      BandIn(s, c.controller, C(12), c.band);
      s.SetWarriors(kMarquise, C(12), c.marquise);
      for (int i = 0; i < have; ++i) sc.Supporter("Tax Collector", kFox);
      sc.Start([](State& s) { Al()->PushBirdsong(s, 2); });
      EXPECT_EQ(sc.Offers("12 (fox)"), have == c.cost) << have;
    }
  }
}

// Law 8.6.1.III with 13.7.2: Recruit places a warrior in a clearing with a
// base, and a face-up snare forbids the Alliance placing there: that base is
// no Recruit target (the operation would place nothing), and with no other
// base Recruit is not offered at all.
TEST(Alliance, Law_8_6_1_III_And_13_7_2_NoRecruitAtABaseUnderAFaceUpSnare) {
  Scenario sc({kMarquise, kEyrie, kAlliance, kCorvid});
  State& s = sc.s();
  s.SetCurrent(2, kPhaseEvening);
  s.mutable_alliance().officers = 1;
  s.SetWarriorSupply(kAlliance, 9);
  s.SetPieces(kBaseRabbit, C(3), 1);
  s.SetPieces(kBaseMouse, C(7), 1);
  s.SetPieces(kPlotSnare, C(7), 1);
  s.mutable_corvid().face_up |= static_cast<uint16_t>(1u << C(7));
  ASSERT_FALSE(s.CanPlace(kAlliance, C(7)));
  sc.Start([](State& s) { Al()->PushEvening(s, 2); });
  sc.Choose("Recruit (a warrior at a base)");
  if (sc.Key() == "alliance.recruit") {  // asked only with a choice left
    EXPECT_FALSE(sc.Offers("7 (mouse)"));
    sc.Choose("3 (rabbit)");
  }
  EXPECT_EQ(s.clearing(C(3)).warriors[kAlliance], 1);
  EXPECT_EQ(s.clearing(C(7)).warriors[kAlliance], 0);
  // Only the snared base left: no Recruit.
  s.SetPieces(kBaseRabbit, C(3), 0);
  sc.Start([](State& s) { Al()->PushEvening(s, 2); });
  EXPECT_FALSE(sc.Offers("Recruit (a warrior at a base)"));
}

// Rules decision (11.2.2, 11.2.7.II, docs/rules-decisions.md): Riverboats
// make rivers paths for moving only; the Alliance that bought them still
// spreads sympathy only to clearings adjacent by a path (8.4.2.I).
TEST(Alliance,
     Law_8_4_2_I_And_11_2_7_II_RiverboatsDoNotSpreadSympathyAlongRivers) {
  Scenario sc({kMarquise, kEyrie, kAlliance, kRiverfolk});
  State& s = sc.s();
  s.SetCurrent(2, kPhaseBirdsong);
  s.mutable_riverfolk().boats_for = kAlliance;
  s.mutable_riverfolk().boats_turn = static_cast<int16_t>(s.turn());
  ASSERT_EQ(GetFaction(kRiverfolk)->RiverAccess(s, kAlliance), 1);
  ASSERT_TRUE(s.map().clearings[C(4)].river >> C(7) & 1);
  ASSERT_FALSE(s.Adjacent(C(4), C(7)));
  s.SetPieces(kSympathy, C(4), 1);
  sc.Supporter("Sappers", kBird);
  sc.Start([](State& s) { Al()->PushBirdsong(s, 2); });
  ASSERT_EQ(sc.Key(), "alliance.spread_sympathy");
  EXPECT_FALSE(sc.Offers("7 (mouse)"));
  for (const Option& o : s.options()) {
    if (o.kind != kOptClearing) continue;
    EXPECT_TRUE(s.Adjacent(C(4), o.a)) << int{o.a};
  }
}

}  // namespace
}  // namespace woodland::rules::testing
