// Scenario tests for the Riverfolk Company (Law 11) and random games with the
// Riverfolk seated. Seats in scenarios: 0 Riverfolk, 1 Marquise, 2 Eyrie
// (3 Vagabond where seated).
#include <algorithm>

#include "gtest/gtest.h"
#include "referee/rules/observation.h"
#include "tests/referee/rules/random_play.h"
#include "tests/referee/rules/scenario.h"

namespace woodland::rules::testing {
namespace {

const FactionModule* Rf() { return GetFaction(kRiverfolk); }

Scenario RiverfolkGame(Phase phase, int current = 0,
                       std::vector<int8_t> factions = {kRiverfolk, kMarquise,
                                                       kEyrie}) {
  Scenario sc(std::move(factions));
  sc.s().SetCurrent(current, phase);
  return sc;
}

// Puts n of `faction`'s warriors from its supply into a Riverfolk box.
void ToBox(State& s, std::array<int8_t, kNumFactions>& box, int faction,
           int n) {
  s.SetWarriorSupply(faction, s.warrior_supply(faction) - n);
  box[faction] += n;
}
void Funds(State& s, int faction, int n) {
  ToBox(s, s.mutable_riverfolk().funds, faction, n);
}
void Prices(State& s, int card, int boats, int mercs) {
  s.mutable_riverfolk().prices = {static_cast<int8_t>(card),
                                  static_cast<int8_t>(boats),
                                  static_cast<int8_t>(mercs)};
}
bool HasMove(const State& s, int faction, int from, int to) {
  for (const Option& o : LegalMoves(s, faction, -1))
    if (o.a == from && o.b == to) return true;
  return false;
}
bool HasBattle(const State& s, int faction, int c, int defender) {
  for (const Option& o : LegalBattles(s, faction, -1))
    if (o.a == c && o.b == defender) return true;
  return false;
}

// --- Setup (Law 11.3) -------------------------------------------------------

TEST(Riverfolk, Law_11_3_SetupRiverWarriorsStartingFundsAndPrices) {
  GameSetup setup;
  setup.factions = {kMarquise, kRiverfolk};
  setup.first_seat = 0;
  auto st = State::NewGame(setup, 3);
  ASSERT_TRUE(st.ok()) << st.status();
  State& s = *st;
  while (s.phase() == kPhaseSetup && s.deciding_seat() == 0)
    ASSERT_TRUE(s.Apply(0).ok());
  ASSERT_EQ(s.PromptKey(), "riverfolk.setup_warrior");
  // 11.3.2: only clearings touching the river (Autumn: 4, 5, 7, 10, 11).
  for (const Option& o : s.options()) {
    ASSERT_EQ(o.kind, kOptClearing);
    EXPECT_TRUE(o.a == C(4) || o.a == C(5) || o.a == C(7) || o.a == C(10) ||
                o.a == C(11))
        << o.a + 1;
  }
  for (int i = 0; i < 4; ++i) {
    ASSERT_EQ(s.PromptKey(), "riverfolk.setup_warrior");
    ASSERT_TRUE(s.Apply(0).ok());
  }
  int on_map = 0;
  for (int c = 0; c < 12; ++c) on_map += s.clearing(c).warriors[kRiverfolk];
  EXPECT_EQ(on_map, 4) << "11.3.2";
  EXPECT_EQ(s.riverfolk().payments[kRiverfolk], 3) << "11.3.4";
  EXPECT_EQ(s.warrior_supply(kRiverfolk), 15 - 4 - 3) << "11.3.1";
  // 11.3.3: nine trade posts, three of each suit, none on the map.
  EXPECT_EQ(s.piece_supply(kTradePostFox), 3);
  EXPECT_EQ(s.piece_supply(kTradePostRabbit), 3);
  EXPECT_EQ(s.piece_supply(kTradePostMouse), 3);
  // 11.3.5: a price per service, any space of its track (1-4).
  for (int service = 0; service < 3; ++service) {
    ASSERT_EQ(s.PromptKey(), "riverfolk.price");
    ASSERT_EQ(s.options().size(), 4u);
    ASSERT_TRUE(s.Apply(service + 1).ok());
    EXPECT_EQ(s.riverfolk().prices[service], service + 2);
  }
  EXPECT_NE(s.phase(), kPhaseSetup);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

// --- Faction rules (Law 11.2) -----------------------------------------------

TEST(Riverfolk, Law_11_2_2_SwimmersMoveAlongRiversIgnoringRule) {
  Scenario sc = RiverfolkGame(kPhaseDaylight);
  State& s = sc.s();
  s.SetWarriors(kRiverfolk, C(4), 1);
  s.SetWarriors(kMarquise, C(4), 2);  // the Marquise rule 4 and 7
  s.SetWarriors(kMarquise, C(7), 2);
  EXPECT_TRUE(HasMove(s, kRiverfolk, C(4), C(7))) << "river, no rule needed";
  EXPECT_FALSE(HasMove(s, kRiverfolk, C(4), C(8))) << "path: rule needed";
  EXPECT_FALSE(HasMove(s, kMarquise, C(4), C(7))) << "rivers are not paths";
  s.SetWarriors(kMarquise, C(4), 0);  // now the Riverfolk rule 4
  EXPECT_TRUE(HasMove(s, kRiverfolk, C(4), C(8))) << "still move by path";
}

TEST(Riverfolk, Law_11_2_3_PublicHandShownToEverySeat) {
  Scenario sc = RiverfolkGame(kPhaseDaylight);
  State& s = sc.s();
  const CardId rf = sc.Give(0, "Anvil");
  const CardId cat = sc.Give(1, "Sappers");
  for (int seat = 0; seat < 3; ++seat) {
    const Observation o = Observe(s, seat);
    EXPECT_EQ(o.riverfolk_hand, std::vector<CardId>{rf}) << seat;
    EXPECT_EQ(std::count(o.hand.begin(), o.hand.end(), cat), seat == 1);
  }
  EXPECT_TRUE(CheckRedaction(s, 2).ok());
}

TEST(Riverfolk, Law_11_2_3_RandomCardTakenFromThePublicHand) {
  Scenario sc = RiverfolkGame(kPhaseBirdsong, 1);
  State& s = sc.s();
  sc.Craft(1, "Stand and Deliver!");
  sc.Give(0, "Anvil");
  sc.Give(0, "Sappers");
  sc.Start(
      [](State& s) { s.Push(Task{.kind = kTaskBirdsongCards, .seat = 1}); });
  sc.Choose("Stand and Deliver!: Riverfolk Company");
  EXPECT_EQ(s.seat(0).hand.size(), 1u);
  EXPECT_EQ(s.seat(1).hand.size(), 1u);
  EXPECT_EQ(s.seat(0).vp, 1);
  EXPECT_EQ(Observe(s, 2).riverfolk_hand, s.seat(0).hand);
}

TEST(Riverfolk, Law_11_2_5_I_TradeDisruptionHalvesFundsAndPostLeavesGame) {
  Scenario sc = RiverfolkGame(kPhaseDaylight, 1);
  State& s = sc.s();
  s.SetPieces(kTradePostFox, C(8), 1);
  Funds(s, kRiverfolk, 3);
  Funds(s, kMarquise, 2);
  const int cat_supply = s.warrior_supply(kMarquise);
  sc.Start([](State& s) {
    std::array<int8_t, kNumPieces> p{};
    p[kTradePostFox] = 1;
    s.RemovePieces(kRiverfolk, C(8), 0, p, kMarquise);
  });
  EXPECT_EQ(s.seat(1).vp, 1) << "Law 3.2.1: a token removed";
  // Five funds: half rounded up is three, chosen by the Riverfolk.
  ASSERT_EQ(sc.Key(), "riverfolk.trade_disruption");
  sc.Choose("Marquise de Cat");
  sc.Choose("Marquise de Cat");  // the third: the Riverfolk's own
  EXPECT_TRUE(sc.Paused());
  EXPECT_EQ(s.riverfolk().FundsTotal(), 2);
  EXPECT_EQ(s.warrior_supply(kMarquise), cat_supply + 2) << "back to owner";
  // Removed from the game: not back to the supply, its track space stays
  // empty (a crafting piece).
  EXPECT_EQ(s.piece_supply(kTradePostFox), 3 - 1);
  EXPECT_EQ(Rf()->CraftingPieces(s)[kFox], 1);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

// Each removed trade post halves the funds left when it is removed: a Favor
// taking two posts at once costs 8 -> 4 -> 2 funds, not 4 twice.
TEST(Riverfolk, Law_11_2_5_I_EachRemovedPostHalvesTheFundsThenLeft) {
  Scenario sc = RiverfolkGame(kPhaseDaylight, 1);
  State& s = sc.s();
  const int a = C(8), b = C(3);
  s.SetPieces(kTradePostFox + s.SuitOf(a), a, 1);
  s.SetPieces(kTradePostFox + s.SuitOf(b), b, 1);
  Funds(s, kRiverfolk, 8);
  sc.Start([&](State& s) {
    for (int c : {a, b}) {
      std::array<int8_t, kNumPieces> p{};
      p[kTradePostFox + s.SuitOf(c)] = 1;
      s.RemovePieces(kRiverfolk, c, 0, p, kMarquise);
    }
  });
  EXPECT_TRUE(sc.Paused()) << sc.Key();
  EXPECT_EQ(s.riverfolk().FundsTotal(), 2);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

// --- Birdsong (Law 11.4) ----------------------------------------------------

TEST(Riverfolk, Law_11_4_1_ProtectionismTwoWarriorsOnlyIntoEmptyPayments) {
  Scenario sc = RiverfolkGame(kPhaseBirdsong);
  State& s = sc.s();
  const int supply = s.warrior_supply(kRiverfolk);
  sc.Start([](State& s) { Rf()->PushBirdsong(s, 0); });
  EXPECT_EQ(s.riverfolk().funds[kRiverfolk], 2) << "two, then gathered";
  EXPECT_EQ(s.warrior_supply(kRiverfolk), supply - 2);
  // Payments not empty: nothing added.
  ToBox(s, s.mutable_riverfolk().payments, kMarquise, 1);
  sc.Start([](State& s) { Rf()->PushBirdsong(s, 0); });
  EXPECT_EQ(s.riverfolk().funds[kRiverfolk], 2);
  EXPECT_EQ(s.riverfolk().funds[kMarquise], 1);
}

TEST(Riverfolk, Law_11_4_2_DividendsOnePerTwoFundsWithATradePost) {
  Scenario sc = RiverfolkGame(kPhaseBirdsong);
  State& s = sc.s();
  Funds(s, kRiverfolk, 3);
  Funds(s, kEyrie, 2);
  ToBox(s, s.mutable_riverfolk().payments, kMarquise, 4);   // not scored
  ToBox(s, s.mutable_riverfolk().committed, kMarquise, 2);  // not scored
  sc.Start([](State& s) { Rf()->PushBirdsong(s, 0); });
  EXPECT_EQ(s.seat(0).vp, 0) << "no trade post on the map";
  // Law 11.4.3: everything gathered into Funds.
  EXPECT_EQ(s.riverfolk().FundsTotal(), 11);
  EXPECT_EQ(s.riverfolk().PaymentsTotal(), 0);
  s.SetPieces(kTradePostMouse, C(2), 1);
  ToBox(s, s.mutable_riverfolk().payments, kMarquise, 1);
  sc.Start([](State& s) { Rf()->PushBirdsong(s, 0); });
  EXPECT_EQ(s.seat(0).vp, 5) << "11 funds: 5 VP";
}

TEST(Riverfolk, Law_11_4_3_GatherFundsFromPaymentsAndCommitted) {
  Scenario sc = RiverfolkGame(kPhaseBirdsong);
  State& s = sc.s();
  ToBox(s, s.mutable_riverfolk().payments, kEyrie, 2);
  ToBox(s, s.mutable_riverfolk().committed, kMarquise, 3);
  Funds(s, kMarquise, 1);
  sc.Start([](State& s) { Rf()->PushBirdsong(s, 0); });
  EXPECT_EQ(s.riverfolk().funds[kEyrie], 2);
  EXPECT_EQ(s.riverfolk().funds[kMarquise], 4);
  EXPECT_EQ(s.riverfolk().committed[kMarquise], 0);
  EXPECT_EQ(s.riverfolk().payments[kEyrie], 0);
}

// --- Daylight (Law 11.5) ----------------------------------------------------

TEST(Riverfolk, Law_11_5_1_MoveCommitsOneFund) {
  Scenario sc = RiverfolkGame(kPhaseDaylight);
  State& s = sc.s();
  s.SetWarriors(kRiverfolk, C(4), 2);
  sc.Start([](State& s) { Rf()->PushDaylight(s, 0); });
  EXPECT_FALSE(sc.Offers("Move (commit a fund)")) << "no funds";
  Funds(s, kMarquise, 1);
  Funds(s, kEyrie, 1);
  sc.Start([](State& s) { Rf()->PushDaylight(s, 0); });
  sc.Choose("Move (commit a fund)");
  ASSERT_EQ(sc.Key(), "riverfolk.commit");
  sc.Choose("Eyrie Dynasties");
  EXPECT_EQ(s.riverfolk().committed[kEyrie], 1);
  EXPECT_EQ(s.riverfolk().funds[kEyrie], 0);
  sc.Choose("Move from 4 (rabbit) to 7 (mouse)");
  sc.Choose("Move 2 warriors from 4 (rabbit) to 7 (mouse)");
  EXPECT_EQ(s.clearing(C(7)).warriors[kRiverfolk], 2);
  EXPECT_EQ(sc.Key(), "riverfolk.action");
}

TEST(Riverfolk, Law_11_5_2_BattleCommitsOneFund) {
  Scenario sc = RiverfolkGame(kPhaseDaylight);
  State& s = sc.s();
  s.SetWarriors(kRiverfolk, C(4), 2);
  s.SetWarriors(kEyrie, C(4), 1);
  Funds(s, kRiverfolk, 1);
  sc.Dice({1, 1});
  sc.Start([](State& s) { Rf()->PushDaylight(s, 0); });
  sc.Choose("Battle (commit a fund)");
  EXPECT_EQ(s.riverfolk().committed[kRiverfolk], 1);
  EXPECT_EQ(s.clearing(C(4)).warriors[kEyrie], 0) << "the battle was fought";
  EXPECT_EQ(s.clearing(C(4)).warriors[kRiverfolk], 1);
}

TEST(Riverfolk, Law_11_5_4_DrawCommitsOneFund) {
  Scenario sc = RiverfolkGame(kPhaseDaylight);
  State& s = sc.s();
  Funds(s, kRiverfolk, 1);
  sc.Start([](State& s) { Rf()->PushDaylight(s, 0); });
  sc.Choose("Draw a card (commit a fund)");
  EXPECT_EQ(s.seat(0).hand.size(), 1u);
  EXPECT_EQ(s.riverfolk().committed[kRiverfolk], 1);
  EXPECT_EQ(s.riverfolk().FundsTotal(), 0);
}

TEST(Riverfolk, Law_11_5_5_RecruitSpendsAFundInARiverClearing) {
  Scenario sc = RiverfolkGame(kPhaseDaylight);
  State& s = sc.s();
  Funds(s, kMarquise, 1);
  const int cat_supply = s.warrior_supply(kMarquise);
  sc.Start([](State& s) { Rf()->PushDaylight(s, 0); });
  sc.Choose("Recruit (spend a fund)");
  EXPECT_EQ(s.warrior_supply(kMarquise), cat_supply + 1) << "to its owner";
  ASSERT_EQ(sc.Key(), "riverfolk.recruit");
  EXPECT_FALSE(sc.Offers("8 (fox)")) << "no river";
  EXPECT_FALSE(sc.Offers("1 (fox)"));
  sc.Choose("10 (rabbit)");
  EXPECT_EQ(s.clearing(C(10)).warriors[kRiverfolk], 1);
  EXPECT_EQ(s.riverfolk().FundsTotal(), 0);
  EXPECT_EQ(s.riverfolk().committed[kMarquise], 0) << "spent, not committed";
}

TEST(Riverfolk, Law_11_5_6_TradePostSpendsTwoOfTheRulersFundsAndScores) {
  Scenario sc = RiverfolkGame(kPhaseDaylight);
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(8), 1);   // Marquise rule 8 (fox)
  s.SetWarriors(kEyrie, C(9), 1);      // Eyrie rule 9: no Eyrie funds
  s.SetWarriors(kMarquise, C(2), 1);   // ruled, but already has a post
  s.SetWarriors(kRiverfolk, C(7), 1);  // ruled by the Riverfolk
  s.SetPieces(kTradePostMouse, C(2), 1);
  Funds(s, kMarquise, 2);
  Funds(s, kRiverfolk, 3);
  const int cat_supply = s.warrior_supply(kMarquise);
  sc.Start([](State& s) { Rf()->PushDaylight(s, 0); });
  sc.Choose("Establish a trade post (spend two of the ruler's funds)");
  ASSERT_EQ(sc.Key(), "riverfolk.trade_post");
  EXPECT_FALSE(sc.Offers("9 (mouse)")) << "the ruler has no funds";
  EXPECT_FALSE(sc.Offers("2 (mouse)")) << "already a trade post";
  EXPECT_FALSE(sc.Offers("12 (fox)")) << "nobody rules it";
  EXPECT_TRUE(sc.Offers("7 (mouse)"));
  sc.Choose("8 (fox)");
  EXPECT_EQ(s.clearing(C(8)).pieces[kTradePostFox], 1);
  EXPECT_EQ(s.clearing(C(8)).warriors[kRiverfolk], 1);
  EXPECT_EQ(s.seat(0).vp, 2);
  EXPECT_EQ(s.riverfolk().funds[kMarquise], 0);
  EXPECT_EQ(s.riverfolk().funds[kRiverfolk], 3) << "the ruler's funds";
  EXPECT_EQ(s.warrior_supply(kMarquise), cat_supply + 2);
}

TEST(Riverfolk, Law_11_2_1_And_11_5_3_CraftByCommittingFundsToTrackSpaces) {
  Scenario sc = RiverfolkGame(kPhaseDaylight);
  State& s = sc.s();
  sc.Give(0, "Anvil");  // fox
  Funds(s, kEyrie, 2);
  sc.Start([](State& s) { Rf()->PushDaylight(s, 0); });
  EXPECT_FALSE(sc.Offers("Craft (commit funds to the Trade Posts tracks)"))
      << "no empty fox space";
  s.SetPieces(kTradePostFox, C(1), 1);
  sc.Start([](State& s) { Rf()->PushDaylight(s, 0); });
  sc.Give(0, "Crossbow", kBird);  // a second craftable card: a choice
  sc.Choose("Craft (commit funds to the Trade Posts tracks)");
  EXPECT_TRUE(sc.Offers("Crossbow (bird)"));
  sc.Choose("Anvil (fox)");
  EXPECT_EQ(s.seat(0).items[kHammer], 1);
  EXPECT_EQ(s.seat(0).vp, 2);
  EXPECT_EQ(sc.Key(), "riverfolk.action") << "one fox space used";
  EXPECT_EQ(s.riverfolk().committed[kEyrie], 1);
  EXPECT_EQ(s.riverfolk().funds[kEyrie], 1);
}

TEST(Riverfolk, Law_11_5_3_CraftingNeedsAFundPerCost) {
  Scenario sc = RiverfolkGame(kPhaseDaylight);
  State& s = sc.s();
  sc.Give(0, "Tax Collector");  // fox, rabbit, mouse
  s.SetPieces(kTradePostFox, C(1), 1);
  s.SetPieces(kTradePostRabbit, C(5), 1);
  s.SetPieces(kTradePostMouse, C(2), 1);
  Funds(s, kRiverfolk, 2);
  EXPECT_FALSE(CraftableExists(s, 0)) << "three spaces but two funds";
  Funds(s, kRiverfolk, 1);
  EXPECT_TRUE(CraftableExists(s, 0));
}

TEST(Riverfolk, Law_11_5_3_I_ExportDiscardsForAWarriorInPayments) {
  Scenario sc = RiverfolkGame(kPhaseDaylight);
  State& s = sc.s();
  const CardId anvil = sc.Give(0, "Anvil");
  s.SetPieces(kTradePostFox, C(1), 1);
  Funds(s, kRiverfolk, 1);
  const int supply = s.warrior_supply(kRiverfolk);
  sc.Start([](State& s) { Rf()->PushDaylight(s, 0); });
  sc.Choose("Export (a craftable card for a warrior in Payments)");
  EXPECT_TRUE(s.seat(0).hand.empty());
  EXPECT_EQ(s.discard().back(), anvil);
  EXPECT_EQ(s.seat(0).items[kHammer], 0) << "the benefit is ignored";
  EXPECT_EQ(s.seat(0).vp, 0);
  EXPECT_EQ(s.riverfolk().payments[kRiverfolk], 1);
  EXPECT_EQ(s.warrior_supply(kRiverfolk), supply - 1);
  EXPECT_EQ(s.riverfolk().committed[kRiverfolk], 1) << "the cost is paid";
}

TEST(Riverfolk, Law_11_5_3_I_NoExportOfWhatCannotBeCrafted) {
  Scenario sc = RiverfolkGame(kPhaseDaylight);
  State& s = sc.s();
  sc.Give(0, "Anvil");
  s.SetPieces(kTradePostFox, C(1), 1);
  Funds(s, kRiverfolk, 1);
  s.mutable_item_supply()[kHammer] = 0;  // FAQ: the item is not in supply
  s.mutable_seat(1).items[kHammer] = 1;
  sc.Start([](State& s) { Rf()->PushDaylight(s, 0); });
  EXPECT_FALSE(
      sc.Offers("Export (a craftable card for a warrior in Payments)"));
}

// --- Evening (Law 11.6) -----------------------------------------------------

TEST(Riverfolk, Law_11_6_DiscardToFiveThenSetCosts) {
  Scenario sc = RiverfolkGame(kPhaseEvening);
  State& s = sc.s();
  for (const char* name : {"Anvil", "Sappers", "Cobbler", "Crossbow",
                           "Root Tea", "Bake Sale", "Investments"}) {
    sc.Give(0, name);
  }
  Prices(s, 1, 1, 1);
  sc.Start([](State& s) { Rf()->PushEvening(s, 0); });
  ASSERT_EQ(sc.Key(), "discard.hand_limit");
  sc.Choose("Anvil (fox)");
  sc.Choose("Sappers (bird)");
  EXPECT_EQ(s.seat(0).hand.size(), 5u) << "11.6.1";
  ASSERT_EQ(sc.Key(), "riverfolk.price");
  EXPECT_EQ(sc.Labels(), (std::vector<std::string>{"1", "2", "3", "4"}));
  sc.Choose("4");
  sc.Choose("3");
  sc.Choose("2");
  EXPECT_EQ(s.riverfolk().prices, (std::array<int8_t, 3>{4, 3, 2}))
      << "hand card, riverboats, mercenaries";
  EXPECT_TRUE(sc.Paused());
}

// --- Services (Law 11.2.6-11.2.7) -------------------------------------------

TEST(Riverfolk, Law_11_2_6_ServicesOfferedAtStartOfAnotherPlayersBirdsong) {
  Scenario sc = RiverfolkGame(kPhaseBirdsong, 1);
  State& s = sc.s();
  Prices(s, 2, 3, 4);
  sc.Give(0, "Anvil");
  sc.Start([](State& s) { s.Push(Task{.kind = kTaskTurn, .seat = 1}); });
  ASSERT_EQ(sc.Key(), "riverfolk.buy_service");
  EXPECT_EQ(s.deciding_seat(), 1) << "the buyer decides";
  EXPECT_EQ(sc.Labels(),
            (std::vector<std::string>{"Anvil (fox)", "Riverboats for 3",
                                      "Mercenaries for 4", "Done"}));
}

TEST(Riverfolk, Law_14_2_2_TheWarlordOffTheMapPaysForNoService) {
  // Law 14.2.2: the warlord is placed only by setup and Anoint. Off the map
  // it waits in the Hundreds' supply, and is no payment for a service
  // (11.2.6.I): with the warlord and one warrior there, a price of 2 is out
  // of reach and a price of 1 is paid with the warrior.
  Scenario sc = RiverfolkGame(kPhaseBirdsong, 1, {kRiverfolk, kHundreds});
  State& s = sc.s();
  s.mutable_hundreds().warlord = -1;
  s.SetWarriorSupply(kHundreds, 2);
  Prices(s, 2, 1, 4);
  sc.Give(0, "Anvil");
  sc.Start([](State& s) { Rf()->AtOthersBirdsongStart(s, 1); });
  ASSERT_EQ(sc.Key(), "riverfolk.buy_service");
  EXPECT_EQ(sc.Labels(),
            (std::vector<std::string>{"Riverboats for 1", "Done"}));
  sc.Choose("Riverboats for 1");
  EXPECT_EQ(s.warrior_supply(kHundreds), 1) << "the warlord stays";
  EXPECT_EQ(s.riverfolk().payments[kHundreds], 1);
}

TEST(Riverfolk, Law_11_2_6_I_And_11_2_7_I_BuyerPaysWarriorsForAHandCard) {
  Scenario sc = RiverfolkGame(kPhaseBirdsong, 1);
  State& s = sc.s();
  Prices(s, 2, 3, 4);
  const CardId anvil = sc.Give(0, "Anvil");
  const int supply = s.warrior_supply(kMarquise);
  sc.Start([](State& s) { Rf()->AtOthersBirdsongStart(s, 1); });
  sc.Choose("Anvil (fox)");
  EXPECT_EQ(s.seat(1).hand, std::vector<CardId>{anvil});
  EXPECT_TRUE(s.seat(0).hand.empty());
  EXPECT_EQ(s.warrior_supply(kMarquise), supply - 2);
  EXPECT_EQ(s.riverfolk().payments[kMarquise], 2);
  EXPECT_TRUE(sc.Paused()) << "one service only: no trade post";
}

TEST(Riverfolk, Law_11_2_6_I_NoServiceWithoutWarriorsToPay) {
  Scenario sc = RiverfolkGame(kPhaseBirdsong, 1);
  State& s = sc.s();
  Prices(s, 3, 3, 3);
  sc.Give(0, "Anvil");
  s.SetWarriorSupply(kMarquise, 2);
  sc.Start([](State& s) { Rf()->AtOthersBirdsongStart(s, 1); });
  EXPECT_TRUE(sc.Paused());
}

TEST(Riverfolk, Law_11_2_6_II_OneServicePlusOnePerTradePostClearing) {
  Scenario sc = RiverfolkGame(kPhaseBirdsong, 1);
  State& s = sc.s();
  Prices(s, 1, 1, 1);
  for (const char* name : {"Anvil", "Sappers", "Cobbler", "Crossbow"})
    sc.Give(0, name);
  s.SetPieces(kTradePostFox, C(1), 1);
  s.SetPieces(kTradePostMouse, C(2), 1);
  s.SetPieces(kTradePostRabbit, C(3), 1);
  s.SetWarriors(kMarquise, C(1), 1);  // pieces at two trade posts
  s.SetPieces(kSawmill, C(2), 1);
  sc.Start([](State& s) { Rf()->AtOthersBirdsongStart(s, 1); });
  sc.Choose("Anvil (fox)");
  sc.Choose("Sappers (bird)");
  sc.Choose("Cobbler (rabbit)");
  EXPECT_TRUE(sc.Paused()) << "1 + 2 services";
  EXPECT_EQ(s.seat(1).hand.size(), 3u);
  EXPECT_EQ(s.riverfolk().payments[kMarquise], 3);
}

TEST(Riverfolk, Law_11_2_6_III_VagabondPaysByExhaustingItems) {
  Scenario sc =
      RiverfolkGame(kPhaseBirdsong, 1, {kRiverfolk, kVagabond, kMarquise});
  State& s = sc.s();
  Prices(s, 2, 1, 1);
  sc.Give(0, "Anvil");
  sc.Item(kBoot);
  sc.Item(kSword);
  sc.Item(kTorch);
  const int supply = s.warrior_supply(kRiverfolk);
  sc.Start([](State& s) { Rf()->AtOthersBirdsongStart(s, 1); });
  // 11.2.7.III.b: no mercenaries; 11.2.7.II: riverboats for him too.
  EXPECT_EQ(sc.Labels(), (std::vector<std::string>{
                             "Anvil (fox)", "Riverboats for 1", "Done"}));
  sc.Choose("Anvil (fox)");
  ASSERT_EQ(sc.Key(), "riverfolk.vagabond_pay");
  sc.Choose("boot");
  sc.Choose("torch");
  int exhausted = 0;
  for (const VItem& it : s.vagabond().items) exhausted += it.exhausted;
  EXPECT_EQ(exhausted, 2);
  EXPECT_TRUE(s.vagabond().items[1].exhausted == false) << "the sword";
  EXPECT_EQ(s.riverfolk().payments[kRiverfolk], 2);
  EXPECT_EQ(s.warrior_supply(kRiverfolk), supply - 2);
  EXPECT_EQ(s.seat(1).hand.size(), 1u);
}

// Rules decision (11.2.6): the second Vagabond (Law 9.7) buys as the first
// does: Riverboats yes, Mercenaries never (11.2.7.III.b).
TEST(Riverfolk, Law_11_2_7_III_b_SecondVagabondCannotBuyMercenaries) {
  Scenario sc = RiverfolkGame(kPhaseBirdsong, 2,
                              {kRiverfolk, kVagabond, kVagabond2, kMarquise});
  State& s = sc.s();
  Prices(s, 1, 1, 1);
  for (int kind : {kBoot, kSword, kTorch})
    s.mutable_vagabond(kVagabond2)
        .items.push_back(VItem{static_cast<int8_t>(kind), false, false});
  sc.Start([](State& s) { Rf()->AtOthersBirdsongStart(s, 2); });
  EXPECT_EQ(sc.Labels(),
            (std::vector<std::string>{"Riverboats for 1", "Done"}));
}

TEST(Riverfolk, Law_11_2_7_II_RiverboatsMakeRiversPathsForTheBuyer) {
  Scenario sc = RiverfolkGame(kPhaseBirdsong, 1);
  State& s = sc.s();
  Prices(s, 1, 2, 1);
  s.SetWarriors(kMarquise, C(4), 1);  // rules 4
  s.SetWarriors(kMarquise, C(5), 1);  // rules 5; 10 ruled by the Eyrie
  s.SetWarriors(kEyrie, C(10), 2);
  s.SetWarriors(kEyrie, C(5), 1);  // tie in 5: nobody rules
  EXPECT_FALSE(HasMove(s, kMarquise, C(4), C(7)));
  sc.Start([](State& s) { Rf()->AtOthersBirdsongStart(s, 1); });
  sc.Choose("Riverboats for 2");
  EXPECT_EQ(s.riverfolk().payments[kMarquise], 2);
  EXPECT_TRUE(HasMove(s, kMarquise, C(4), C(7)));
  EXPECT_FALSE(HasMove(s, kMarquise, C(5), C(10))) << "rule still needed";
  EXPECT_FALSE(HasMove(s, kEyrie, C(10), C(11))) << "only for the buyer";
  s.SetCurrent(2, kPhaseBirdsong);  // the next turn
  s.mutable_riverfolk().boats_turn = static_cast<int16_t>(s.turn() - 1);
  EXPECT_FALSE(HasMove(s, kMarquise, C(4), C(7))) << "until end of turn";
}

// Rules decision (11.2.2, 11.2.7.II): rivers are paths for moving only.
// The Marquise with Riverboats still draws wood through printed paths:
// wood in 4 does not reach a build in 7 across the 4-7 river.
TEST(Riverfolk, Law_11_2_7_II_RiverboatsAreForMovesNotForConnectingWood) {
  Scenario sc = RiverfolkGame(kPhaseDaylight, 1);
  State& s = sc.s();
  s.mutable_riverfolk().boats_for = kMarquise;
  s.mutable_riverfolk().boats_turn = static_cast<int16_t>(s.turn());
  s.SetPieces(kSawmill, C(1), 1);
  s.SetWarriors(kMarquise, C(1), 1);
  s.SetWarriors(kMarquise, C(4), 1);
  s.SetWarriors(kMarquise, C(7), 1);
  s.SetPieces(kWood, C(4), 1);
  ASSERT_TRUE(HasMove(s, kMarquise, C(4), C(7))) << "the river is a path";
  sc.Start([](State& s) { GetFaction(kMarquise)->PushDaylight(s, 1); });
  sc.Choose("Build");
  sc.Choose("sawmill");
  // 4 was the only clearing offered (7 lacks connected wood): built there.
  EXPECT_EQ(s.clearing(C(4)).pieces[kSawmill], 1);
  EXPECT_EQ(s.clearing(C(7)).pieces[kSawmill], 0);
  EXPECT_EQ(s.clearing(C(4)).pieces[kWood], 0);
}

TEST(Riverfolk, Law_11_2_7_III_MercenariesRuleForTheBuyerAfterBirdsong) {
  Scenario sc = RiverfolkGame(kPhaseBirdsong, 1);
  State& s = sc.s();
  Prices(s, 1, 1, 3);
  s.SetWarriors(kRiverfolk, C(8), 2);
  s.SetWarriors(kMarquise, C(8), 1);
  s.SetWarriors(kEyrie, C(8), 2);
  s.SetWarriors(kRiverfolk, C(4), 1);
  sc.Start([](State& s) { Rf()->AtOthersBirdsongStart(s, 1); });
  sc.Choose("Mercenaries for 3");
  EXPECT_EQ(s.riverfolk().payments[kMarquise], 3);
  EXPECT_EQ(s.Ruler(C(8)), kEyrie) << "not in Birdsong: 2 Riverfolk, 2 Eyrie";
  s.set_phase(kPhaseDaylight);
  EXPECT_EQ(s.Ruler(C(8)), kMarquise) << "1 + 2 mercenaries > 2";
  EXPECT_EQ(s.Ruler(C(4)), kMarquise) << "the Riverfolk no longer rule";
  s.set_phase(kPhaseEvening);
  EXPECT_EQ(s.Ruler(C(8)), kMarquise);
  EXPECT_FALSE(HasMove(s, kMarquise, C(4), C(8)) &&
               s.clearing(C(4)).warriors[kMarquise] == 0)
      << "mercenaries cannot be moved";
}

// Law 2.5: rule follows the pieces moved while mercenaries rule for their
// buyer, and once the hire is over (or in Birdsong) it is the pieces' alone.
TEST(Riverfolk, Law_2_5_RuleFollowsPiecesMovedWhileMercenariesRule) {
  Scenario sc = RiverfolkGame(kPhaseDaylight, 1);
  State& s = sc.s();
  s.SetWarriors(kRiverfolk, C(8), 2);
  s.SetWarriors(kMarquise, C(8), 1);
  s.SetWarriors(kEyrie, C(8), 2);
  s.mutable_riverfolk().mercs_for = kMarquise;
  s.mutable_riverfolk().mercs_turn = static_cast<int16_t>(s.turn());
  EXPECT_EQ(s.Ruler(C(8)), kMarquise) << "1 + 2 mercenaries > 2";
  s.SetWarriors(kEyrie, C(8), 4);
  EXPECT_EQ(s.Ruler(C(8)), kEyrie) << "4 > 1 + 2 mercenaries";
  s.SetWarriors(kRiverfolk, C(8), 5);
  EXPECT_EQ(s.Ruler(C(8)), kMarquise) << "1 + 5 mercenaries > 4";
  s.set_phase(kPhaseBirdsong);
  EXPECT_EQ(s.Ruler(C(8)), kRiverfolk) << "not in Birdsong: 5 > 4 > 1";
  s.set_phase(kPhaseDaylight);
  s.mutable_riverfolk().mercs_turn = static_cast<int16_t>(s.turn() - 1);
  EXPECT_EQ(s.Ruler(C(8)), kRiverfolk) << "an earlier turn's hire: 5 > 4";
  s.SetWarriors(kRiverfolk, C(8), 0);
  EXPECT_EQ(s.Ruler(C(8)), kEyrie) << "4 > 1";
  s.SetWarriors(kMarquise, C(8), 4);
  EXPECT_EQ(s.Ruler(C(8)), kEyrie) << "Law 7.2.2: the Eyrie rule ties";
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

TEST(Riverfolk, Law_11_2_7_III_MercenariesBattleForTheBuyerNotTheRiverfolk) {
  Scenario sc = RiverfolkGame(kPhaseDaylight, 1);
  State& s = sc.s();
  s.SetWarriors(kRiverfolk, C(8), 2);
  s.SetWarriors(kEyrie, C(8), 1);
  s.SetPieces(kTradePostFox, C(8), 1);
  EXPECT_FALSE(HasBattle(s, kMarquise, C(8), kEyrie));
  s.mutable_riverfolk().mercs_for = kMarquise;
  s.mutable_riverfolk().mercs_turn = static_cast<int16_t>(s.turn());
  // FAQ: mercenaries alone may battle, but never the Riverfolk.
  EXPECT_TRUE(HasBattle(s, kMarquise, C(8), kEyrie));
  EXPECT_FALSE(HasBattle(s, kMarquise, C(8), kRiverfolk));
  s.SetWarriors(kMarquise, C(8), 1);
  EXPECT_TRUE(HasBattle(s, kMarquise, C(8), kRiverfolk))
      << "own warriors may battle the Riverfolk";
  EXPECT_EQ(GetFaction(kMarquise)->RolledHitCap(s, C(8), true), 3);
}

TEST(Riverfolk, Law_11_2_7_III_MercenariesAreNoLongerEnemyPieces) {
  Scenario sc = RiverfolkGame(kPhaseDaylight, 1);
  State& s = sc.s();
  s.SetWarriors(kRiverfolk, C(1), 2);  // fox clearings 1 and 8
  s.SetPieces(kTradePostFox, C(1), 1);
  s.SetWarriors(kRiverfolk, C(8), 1);
  s.SetWarriors(kEyrie, C(8), 1);
  s.SetPieces(kWorkshop, C(8), 2);  // three fox crafting pieces
  s.SetPieces(kWorkshop, C(12), 1);
  sc.Give(1, "Favor of the Foxes");
  s.mutable_riverfolk().mercs_for = kMarquise;
  s.mutable_riverfolk().mercs_turn = static_cast<int16_t>(s.turn());
  sc.Start([](State& s) { PushCraft(s, 1); });
  sc.Choose("Favor of the Foxes (fox)");
  EXPECT_EQ(s.clearing(C(1)).warriors[kRiverfolk], 2) << "mercenaries stay";
  EXPECT_EQ(s.clearing(C(8)).warriors[kRiverfolk], 1);
  EXPECT_EQ(s.clearing(C(1)).pieces[kTradePostFox], 0) << "an enemy token";
  EXPECT_EQ(s.clearing(C(8)).warriors[kEyrie], 0);
  EXPECT_EQ(s.seat(1).vp, 1) << "Law 3.2.1: the trade post";
}

TEST(Riverfolk, Law_11_2_7_III_a_BuyerTakesOddHitsMercenariesEvenHits) {
  Scenario sc = RiverfolkGame(kPhaseDaylight, 1);
  State& s = sc.s();
  s.SetWarriors(kRiverfolk, C(8), 2);
  s.SetWarriors(kMarquise, C(8), 2);
  s.SetPieces(kSawmill, C(8), 1);
  s.SetWarriors(kEyrie, C(8), 3);
  s.mutable_riverfolk().mercs_for = kMarquise;
  s.mutable_riverfolk().mercs_turn = static_cast<int16_t>(s.turn());
  sc.Dice({3, 3});
  sc.Start([](State& s) { PushBattle(s, C(8), kMarquise, kEyrie); });
  // The Eyrie deal 3 hits: a Marquise warrior, a mercenary, a Marquise
  // warrior; the sawmill stays while a mercenary is left.
  EXPECT_EQ(s.clearing(C(8)).warriors[kMarquise], 0);
  EXPECT_EQ(s.clearing(C(8)).warriors[kRiverfolk], 1);
  EXPECT_EQ(s.clearing(C(8)).pieces[kSawmill], 1);
  EXPECT_EQ(s.clearing(C(8)).warriors[kEyrie], 0) << "4 warriors deal 3";
}

TEST(Riverfolk, Law_11_2_7_III_a_BuildingsOnlyWithNoWarriorsLeft) {
  Scenario sc = RiverfolkGame(kPhaseDaylight, 1);
  State& s = sc.s();
  s.SetWarriors(kRiverfolk, C(8), 1);
  s.SetPieces(kSawmill, C(8), 1);
  s.SetWarriors(kEyrie, C(8), 3);
  s.mutable_riverfolk().mercs_for = kMarquise;
  s.mutable_riverfolk().mercs_turn = static_cast<int16_t>(s.turn());
  sc.Dice({2, 2});
  sc.Start([](State& s) { PushBattle(s, C(8), kMarquise, kEyrie); });
  EXPECT_EQ(s.clearing(C(8)).warriors[kRiverfolk], 0) << "the first hit";
  EXPECT_EQ(s.clearing(C(8)).pieces[kSawmill], 0) << "then the building";
  EXPECT_EQ(s.clearing(C(8)).warriors[kEyrie], 2) << "one mercenary: 1 hit";
}

TEST(Riverfolk, Law_11_2_7_III_b_VagabondNotHostileForRemovingMercenaries) {
  Scenario sc =
      RiverfolkGame(kPhaseDaylight, 1, {kRiverfolk, kMarquise, kVagabond});
  State& s = sc.s();
  s.SetWarriors(kRiverfolk, C(8), 2);
  VagabondBoard& vb = s.mutable_vagabond();
  vb.clearing = C(8);
  vb.forest = -1;
  sc.Item(kSword);
  sc.Item(kSword);
  s.mutable_riverfolk().mercs_for = kMarquise;
  s.mutable_riverfolk().mercs_turn = static_cast<int16_t>(s.turn());
  sc.Dice({2, 2});
  sc.Start([](State& s) { PushBattle(s, C(8), kMarquise, kVagabond); });
  while (!sc.Paused()) ASSERT_TRUE(s.Apply(0).ok());
  EXPECT_LT(s.clearing(C(8)).warriors[kRiverfolk], 2) << "hits were taken";
  EXPECT_NE(s.vagabond().relation[kRiverfolk], kHostile);
}

// --- Random games -----------------------------------------------------------

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

// The random games reach every part of the faction, so the checks above
// cover them: services bought (each kind), funds of other factions, trade
// posts placed and removed, mercenaries in rule.
TEST(Riverfolk, RandomGamesReachServicesTradePostsAndDisruption) {
  bool boats = false, mercs = false, card = false, gone = false,
       foreign = false, vagabond_paid = false;
  DecisionHook hook = [&](const State& s, uint64_t, int) {
    const RiverfolkBoard& rf = s.riverfolk();
    boats |= rf.boats_turn == s.turn();
    mercs |= rf.mercs_turn == s.turn() && s.phase() == kPhaseDaylight;
    card |= s.prompt().kind != kPromptNone &&
            s.PromptKey() == "riverfolk.buy_service" &&
            s.options()[0].kind == kOptCard;
    gone |= rf.posts_gone[0] + rf.posts_gone[1] + rf.posts_gone[2] > 0;
    foreign |= rf.funds[kMarquise] + rf.funds[kEyrie] > 0;
    vagabond_paid |= s.PromptKey() == "riverfolk.vagabond_pay";
    return absl::OkStatus();
  };
  RandomGamesCheck(Mix({kMarquise, kEyrie, kVagabond, kRiverfolk}), 9001, 30,
                   hook);
  EXPECT_TRUE(boats);
  EXPECT_TRUE(mercs);
  EXPECT_TRUE(card);
  EXPECT_TRUE(gone);
  EXPECT_TRUE(foreign);
  EXPECT_TRUE(vagabond_paid);
}

TEST(Riverfolk, RandomGamesFiveSeats) {
  RandomGamesCheck(Mix({kMarquise, kEyrie, kAlliance, kVagabond, kRiverfolk}),
                   7001, 100);
}

}  // namespace
}  // namespace woodland::rules::testing
