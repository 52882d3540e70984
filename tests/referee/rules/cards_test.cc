// Scenario tests for the standard deck's effects at their timing windows.
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "referee/rules/observation.h"
#include "tests/referee/rules/scenario.h"

namespace woodland::rules::testing {
namespace {

TEST(Cards, Armorers_DiscardToIgnoreRolledHits) {
  Scenario sc;
  State& s = sc.s();
  s.SetCurrent(1, kPhaseDaylight);
  s.SetWarriors(kEyrie, C(5), 3);
  s.SetWarriors(kMarquise, C(5), 3);
  const CardId armorers = sc.Craft(0, "Armorers");
  sc.Dice({3, 2});
  sc.Start([](State& s) { PushBattle(s, C(5), kEyrie, kMarquise); });
  EXPECT_EQ(sc.Key(), "battle.effect");
  EXPECT_EQ(s.deciding_seat(), 0);
  sc.Choose("Armorers (bird)");
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 3);
  EXPECT_EQ(s.clearing(C(5)).warriors[kEyrie], 1);
  EXPECT_TRUE(s.seat(0).play_area.empty());
  EXPECT_EQ(s.discard().back(), armorers);
}

TEST(Cards, Sappers_DefenderDiscardsForAnExtraHit) {
  Scenario sc;
  State& s = sc.s();
  s.SetCurrent(1, kPhaseDaylight);
  s.SetWarriors(kEyrie, C(5), 3);
  s.SetWarriors(kMarquise, C(5), 3);
  sc.Craft(0, "Sappers");
  sc.Dice({0, 0});
  sc.Start([](State& s) { PushBattle(s, C(5), kEyrie, kMarquise); });
  sc.Choose("Sappers (bird)");
  EXPECT_EQ(s.clearing(C(5)).warriors[kEyrie], 2);
}

TEST(Cards, BrutalTactics_ExtraHitAndTheDefenderScores) {
  Scenario sc;
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(5), 2);
  s.SetWarriors(kEyrie, C(5), 3);
  sc.Craft(0, "Brutal Tactics");
  sc.Dice({1, 0});
  sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kEyrie); });
  sc.Choose("Brutal Tactics (bird)");
  EXPECT_EQ(s.clearing(C(5)).warriors[kEyrie], 1);
  EXPECT_EQ(s.seat(1).vp, 1);
  EXPECT_EQ(s.seat(0).play_area.size(), 1u) << "Brutal Tactics stays";
}

TEST(Cards, ScoutingParty_AmbushesDoNotAffectTheAttacker) {
  Scenario sc;
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(5), 2);
  s.SetWarriors(kEyrie, C(5), 2);
  sc.Craft(0, "Scouting Party");
  sc.Give(1, "Ambush!", kRabbit);
  sc.Dice({0, 0});
  sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kEyrie); });
  EXPECT_TRUE(sc.Paused());
  EXPECT_EQ(s.seat(1).hand.size(), 1u);
}

TEST(Cards, RoyalClaim_DiscardInBirdsongForAPointPerRuledClearing) {
  Scenario sc;
  State& s = sc.s();
  s.SetCurrent(0, kPhaseBirdsong);
  for (int c : {1, 5, 9}) s.SetWarriors(kMarquise, C(c), 1);
  const CardId claim = sc.Craft(0, "Royal Claim");
  sc.Start(
      [](State& s) { s.Push(Task{.kind = kTaskBirdsongCards, .seat = 0}); });
  sc.Choose("Royal Claim (bird)");
  EXPECT_EQ(s.seat(0).vp, 3);
  EXPECT_EQ(s.discard().back(), claim);
  EXPECT_TRUE(sc.Paused());
}

TEST(Cards, StandAndDeliver_TakeARandomCardAndTheVictimScores) {
  Scenario sc;
  State& s = sc.s();
  s.SetCurrent(0, kPhaseBirdsong);
  sc.Craft(0, "Stand and Deliver!");
  sc.Give(1, "Anvil");
  sc.Give(1, "Sappers");
  sc.Start(
      [](State& s) { s.Push(Task{.kind = kTaskBirdsongCards, .seat = 0}); });
  sc.Choose("Stand and Deliver!: Eyrie Dynasties");
  EXPECT_EQ(s.seat(0).hand.size(), 1u);
  EXPECT_EQ(s.seat(1).hand.size(), 1u);
  EXPECT_EQ(s.seat(1).vp, 1);
  EXPECT_TRUE(sc.Paused()) << "once per Birdsong";
}

TEST(Cards, TaxCollector_RemoveAWarriorToDrawOncePerDaylight) {
  Scenario sc;
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(1), 2);
  s.SetWarriors(kMarquise, C(5), 1);
  sc.Craft(0, "Tax Collector");
  sc.Start([](State& s) { PushCraft(s, 0); });
  sc.Choose("Use Tax Collector");
  sc.Choose("5 (rabbit)");
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 0);
  EXPECT_EQ(s.seat(0).hand.size(), 1u);
  EXPECT_FALSE(sc.Offers("Use Tax Collector"));
}

TEST(Cards, BetterBurrowBank_YouAndAnotherDrawAtStartOfBirdsong) {
  Scenario sc;
  State& s = sc.s();
  s.SetCurrent(0, kPhaseBirdsong);
  sc.Craft(0, "Better Burrow Bank");
  sc.Start([](State& s) { s.Push(Task{.kind = kTaskBurrowBank, .seat = 0}); });
  EXPECT_EQ(s.seat(0).hand.size(), 1u);
  EXPECT_EQ(s.seat(1).hand.size(), 1u);
}

TEST(Cards,
     CommandWarren_BattleAtStartOfDaylight_And_Cobbler_MoveAtStartOfEvening) {
  Scenario sc;
  State& s = sc.s();
  s.SetCurrent(0, kPhaseBirdsong);
  s.SetWarriors(kMarquise, C(1), 2);
  s.SetWarriors(kEyrie, C(1), 1);
  sc.Craft(0, "Command Warren");
  sc.Craft(0, "Cobbler");
  sc.Start([](State& s) { s.Push(Task{.kind = kTaskTurn, .seat = 0}); });
  EXPECT_EQ(sc.Key(), "card.command_warren");
  sc.Choose("Done");
  EXPECT_EQ(sc.Key(), "marquise.action");
  sc.Choose("Done");
  EXPECT_EQ(sc.Key(), "card.cobbler");
  EXPECT_TRUE(sc.Offers("Move from 1 (fox) to 5 (rabbit)"));
}

TEST(Cards, Codebreakers_ShowsAHandToItsUserOnly) {
  Scenario sc;
  State& s = sc.s();
  sc.Craft(0, "Codebreakers");
  const CardId secret = sc.Give(1, "Anvil");
  sc.Start([](State& s) { PushCraft(s, 0); });
  sc.Choose("Use Codebreakers");
  const Observation mine = Observe(s, 0);
  ASSERT_EQ(mine.reveals.size(), 1u);
  EXPECT_EQ(mine.reveals[0].cards, std::vector<CardId>{secret});
  EXPECT_TRUE(Observe(s, 1).reveals.empty());
}

TEST(Cards, Favor_RemovesEveryEnemyPieceInMatchingClearings) {
  Scenario sc;
  State& s = sc.s();
  for (int c : {1, 6, 8}) s.SetPieces(kWorkshop, C(c), 1);
  s.SetWarriors(kMarquise, C(1), 1);
  s.SetWarriors(kEyrie, C(1), 2);
  s.SetPieces(kRoost, C(8), 1);
  s.SetWarriors(kEyrie, C(5), 2);  // rabbit: untouched
  const CardId favor = sc.Give(0, "Favor of the Foxes");
  sc.Start([](State& s) { PushCraft(s, 0); });
  sc.Choose("Favor of the Foxes (fox)");
  EXPECT_EQ(s.clearing(C(1)).warriors[kEyrie], 0);
  EXPECT_EQ(s.clearing(C(1)).warriors[kMarquise], 1);
  EXPECT_EQ(s.clearing(C(8)).pieces[kRoost], 0);
  EXPECT_EQ(s.clearing(C(5)).warriors[kEyrie], 2);
  EXPECT_EQ(s.seat(0).vp, 1);
  EXPECT_EQ(s.discard().back(), favor);
}

TEST(Cards, Law_1_2_1_ObservationShowsOwnHandAndOnlyCountsOfOthers) {
  Scenario sc;
  State& s = sc.s();
  const CardId mine = sc.Give(0, "Anvil");
  const CardId theirs = sc.Give(1, "Sappers");
  const Observation o = Observe(s, 0);
  EXPECT_EQ(o.hand, std::vector<CardId>{mine});
  EXPECT_EQ(o.seats[1].hand_size, 1);
  const std::string json = ObservationJson(s, o);
  EXPECT_EQ(json.find(s.card(theirs).name), std::string::npos) << json;
}

// Brutal Tactics (no limit printed): once in each battle as attacker, so in
// every battle of a turn; the defender scores each time (Law 4.3.4 window).
TEST(Cards, BrutalTactics_OnceInEachBattleAndInEveryBattle) {
  Scenario sc;
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(5), 3);
  s.SetWarriors(kEyrie, C(5), 3);
  s.SetWarriors(kMarquise, C(1), 3);
  s.SetWarriors(kEyrie, C(1), 3);
  sc.Craft(0, "Brutal Tactics");
  for (int c : {C(5), C(1)}) {
    SCOPED_TRACE(c + 1);
    sc.Dice({0, 0});
    sc.Start([c](State& s) { PushBattle(s, c, kMarquise, kEyrie); });
    ASSERT_EQ(sc.Key(), "battle.effect");
    sc.Choose("Brutal Tactics (bird)");
    if (sc.Key() == "battle.effect") {
      EXPECT_FALSE(sc.Offers("Brutal Tactics (bird)")) << "once a battle";
    }
  }
  EXPECT_EQ(s.seat(1).vp, 2) << "the defender scored in both battles";
  EXPECT_EQ(s.clearing(C(5)).warriors[kEyrie], 2);
  EXPECT_EQ(s.clearing(C(1)).warriors[kEyrie], 2);
}

}  // namespace
}  // namespace woodland::rules::testing

namespace woodland::rules::testing {
namespace {

TEST(CoreLaw, Law_1_1_3_TheCurrentPlayerOrdersSimultaneousEffects) {
  Scenario sc;
  State& s = sc.s();
  s.SetCurrent(1, kPhaseDaylight);
  for (int c : {1, 6, 8}) s.SetPieces(kRoost, C(c), 1);
  s.SetPieces(kKeep, C(2), 1);
  s.SetWarriors(kMarquise, C(1), 1);
  s.SetWarriors(kMarquise, C(12), 2);
  sc.Give(0, "Anvil", kFox);
  sc.Give(0, "Foxfolk Steel", kFox);
  sc.Give(1, "Favor of the Foxes");
  sc.Start([](State& s) { PushCraft(s, 1); });
  sc.Choose("Favor of the Foxes (fox)");
  EXPECT_EQ(sc.Key(), "order_effects");
  EXPECT_EQ(s.deciding_seat(), 1) << "the Eyrie, whose turn it is, orders them";
  EXPECT_EQ(sc.Labels(),
            (std::vector<std::string>{"marquise.field_hospitals in 1 (fox)",
                                      "marquise.field_hospitals in 12 (fox)"}));
  sc.Choose("marquise.field_hospitals in 12 (fox)");
  EXPECT_EQ(sc.Key(), "marquise.field_hospitals");
  EXPECT_EQ(s.prompt().a, C(12));
  sc.Choose("Anvil (fox)");
  EXPECT_EQ(s.clearing(C(2)).warriors[kMarquise], 2);
  // The remaining effect needs no ordering: it asks at once.
  EXPECT_EQ(sc.Key(), "marquise.field_hospitals");
  EXPECT_EQ(s.prompt().a, C(1));
  sc.Choose("Foxfolk Steel (fox)");
  EXPECT_EQ(s.clearing(C(2)).warriors[kMarquise], 3);
  EXPECT_TRUE(s.CheckInvariants().ok());
}

// Law 4.1.2 with the printed cards: crafting an item card takes its item and
// scores the VP printed on it. The table is the standard deck's item cards
// as printed (name, suit, item, VP), not the engine's deck file.
TEST(Cards, Law_4_1_2_EveryItemCardScoresItsPrintedVp) {
  struct Printed {
    const char* name;
    int suit;
    int item;
    int vp;
  };
  const Printed kItemCards[] = {
      {"Arms Trader", kBird, kSword, 2},
      {"Birdy Bindle", kBird, kSack, 1},
      {"Crossbow", kBird, kCrossbow, 1},
      {"Woodland Runners", kBird, kBoot, 1},
      {"Anvil", kFox, kHammer, 2},
      {"Foxfolk Steel", kFox, kSword, 2},
      {"Gently Used Knapsack", kFox, kSack, 1},
      {"Protection Racket", kFox, kCoin, 3},
      {"Root Tea", kFox, kTea, 2},
      {"Travel Gear", kFox, kBoot, 1},
      {"A Visit to Friends", kRabbit, kBoot, 1},
      {"Bake Sale", kRabbit, kCoin, 3},
      {"Root Tea", kRabbit, kTea, 2},
      {"Smuggler's Trail", kRabbit, kSack, 1},
      {"Crossbow", kMouse, kCrossbow, 1},
      {"Investments", kMouse, kCoin, 3},
      {"Mouse-in-a-Sack", kMouse, kSack, 1},
      {"Root Tea", kMouse, kTea, 2},
      {"Sword", kMouse, kSword, 2},
      {"Travel Gear", kMouse, kBoot, 1},
  };
  for (const Printed& card : kItemCards) {
    SCOPED_TRACE(card.name);
    Scenario sc;
    State& s = sc.s();
    // Two workshops of every suit pay any printed item cost.
    for (int c : {1, 6, 3, 5, 2, 7}) s.SetPieces(kWorkshop, C(c), 1);
    const CardId id = sc.Give(0, card.name, card.suit);
    const int items_before = s.seat(0).items[card.item];
    sc.Start([](State& s) { PushCraft(s, 0); });
    ASSERT_EQ(s.card(id).name, card.name);
    const std::string label =
        absl::StrCat(card.name, " (", SuitName(card.suit), ")");
    sc.Choose(label);
    EXPECT_EQ(s.seat(0).vp, card.vp);
    EXPECT_EQ(s.seat(0).items[card.item], items_before + 1);
  }
}

}  // namespace
}  // namespace woodland::rules::testing
