// Scenario tests for the core rules (Law 1-5), named after their clauses.
#include <algorithm>

#include "gtest/gtest.h"
#include "referee/rules/landmarks.h"
#include "tests/referee/rules/scenario.h"

namespace woodland::rules::testing {
namespace {

bool InHand(const State& s, int seat, CardId id) {
  const auto& h = s.seat(seat).hand;
  return std::find(h.begin(), h.end(), id) != h.end();
}

TEST(CoreLaw, Law_1_4_1_BirdsongDaylightEveningThenTheNextPlayer) {
  GameSetup setup;
  setup.factions = {kMarquise, kEyrie};
  setup.first_seat = 0;
  setup.record_events = true;
  auto st = State::NewGame(setup, 3);
  ASSERT_TRUE(st.ok()) << st.status();
  State& s = *st;
  while (s.phase() == kPhaseSetup) ASSERT_TRUE(s.Apply(0).ok());
  ASSERT_EQ(s.current_seat(), 0);
  // The Marquise's Birdsong asks nothing; her first question is in Daylight.
  EXPECT_EQ(s.phase(), kPhaseDaylight);
  const size_t turn_start = s.events().size();
  Phase last = s.phase();
  for (int i = 0; i < 1000 && s.current_seat() == 0; ++i) {
    ASSERT_TRUE(s.Apply(0).ok());
    if (s.current_seat() == 0) {
      EXPECT_GE(s.phase(), last) << "phases never go back within a turn";
      last = s.phase();
    }
  }
  ASSERT_EQ(s.current_seat(), 1);
  // In the log: the Birdsong wood, then the Evening draw, then the next
  // player's turn, in that order.
  int wood = -1, draw = -1, next_turn = -1;
  for (size_t i = 0; i < s.events().size(); ++i) {
    const Event& e = s.events()[i];
    if (wood < 0 && e.kind == kEvPlace && e.b == kWood)
      wood = static_cast<int>(i);
    if (i >= turn_start && e.kind == kEvDraw && e.seat == 0)
      draw = static_cast<int>(i);
    if (e.kind == kEvTurn && e.seat == 1) next_turn = static_cast<int>(i);
  }
  EXPECT_GE(wood, 0);
  EXPECT_GT(draw, wood);
  EXPECT_GT(next_turn, draw);
}

TEST(CoreLaw, Law_2_5_RuleIsMostWarriorsAndBuildingsNotTokens) {
  Scenario sc;
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(5), 2);
  s.SetWarriors(kEyrie, C(5), 1);
  EXPECT_EQ(s.Ruler(C(5)), kMarquise);
  s.SetPieces(kWood, C(5), 3);  // tokens do not count
  s.SetWarriors(kEyrie, C(5), 3);
  EXPECT_EQ(s.Ruler(C(5)), kEyrie);
  s.SetPieces(kSawmill, C(5), 2);  // buildings do
  EXPECT_EQ(s.Ruler(C(5)), kMarquise);
  EXPECT_EQ(s.Ruler(C(6)), kNoFaction);
}

// Law 2.5: "If there is a tie between players [...] no one rules the
// clearing" (the Eyrie's Lords of the Forest, 7.2.2, are the exception).
TEST(CoreLaw, Law_2_5_ATieWithoutTheEyrieIsRuledByNoOne) {
  Scenario sc({kMarquise, kAlliance, kVagabond});
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(5), 2);
  s.SetWarriors(kAlliance, C(5), 1);
  s.SetPieces(kBaseRabbit, C(5), 1);  // 1 warrior + 1 building = 2
  EXPECT_EQ(s.Ruler(C(5)), kNoFaction);
  s.SetWarriors(kAlliance, C(5), 2);  // 3 against 2: the Alliance rules
  EXPECT_EQ(s.Ruler(C(5)), kAlliance);
  s.SetWarriors(kMarquise, C(5), 3);  // tied again, either order of factions
  EXPECT_EQ(s.Ruler(C(5)), kNoFaction);
}

TEST(CoreLaw, Law_7_2_2_LordsOfTheForestRuleTiesButNotEmptyClearings) {
  Scenario sc;
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(5), 2);
  s.SetWarriors(kEyrie, C(5), 1);
  s.SetPieces(kRoost, C(5), 1);
  EXPECT_EQ(s.Ruler(C(5)), kEyrie);
  EXPECT_EQ(s.Ruler(C(7)), kNoFaction);
}

TEST(CoreLaw, Law_2_1_1_BirdsAreWild) {
  Scenario sc;
  const CardId bird = sc.Give(0, "Sappers", kBird);
  sc.Give(0, "Travel Gear", kFox);
  const auto m = MatchingCards(sc.s(), 0, kRabbit);
  ASSERT_EQ(m.size(), 1u);
  EXPECT_EQ(m[0].card, bird);
  EXPECT_EQ(MatchingCards(sc.s(), 0, kFox).size(), 2u);
}

TEST(CoreLaw, Law_2_1_EmptyDeckIsReformedFromDiscards) {
  Scenario sc;
  State& s = sc.s();
  s.DrawCards(1, static_cast<int>(s.deck().size()));
  ASSERT_TRUE(s.deck().empty());
  const auto hand = s.seat(1).hand;
  for (CardId id : hand) {
    s.RemoveFromHand(1, id);
    s.Discard(id);
  }
  // The first discard onto the empty deck became the new deck at once
  // (Law 2.1, p16); the rest wait in the discard pile.
  ASSERT_EQ(s.deck().size(), 1u);
  const size_t discarded = s.discard().size();
  s.DrawCards(0, 1);
  EXPECT_EQ(s.seat(0).hand.size(), 1u);
  // Drawing the deck's last card reshuffles the discard pile at once.
  EXPECT_TRUE(s.discard().empty());
  EXPECT_EQ(s.deck().size(), discarded);
  EXPECT_TRUE(s.CheckInvariants().ok());
}

TEST(CoreLaw, Law_21_24_And_3_2_1_RemovedBuildingsLeaveTheMapAndScore) {
  Scenario sc;
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(5), 1);
  s.SetPieces(kRoost, C(5), 2);
  sc.Dice({1, 0});
  sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kEyrie); });
  // One rolled hit plus one for a defenseless defender (4.3.5.II).
  EXPECT_EQ(s.clearing(C(5)).pieces[kRoost], 0);
  EXPECT_EQ(s.seat(0).vp, 2);
  EXPECT_EQ(s.eyrie().roosts, 0);
}

TEST(CoreLaw, Law_3_1_ThirtyPointsWinsAtOnce) {
  Scenario sc;
  State& s = sc.s();
  s.mutable_seat(0).vp = 29;
  s.SetWarriors(kMarquise, C(5), 1);
  s.SetPieces(kRoost, C(5), 1);
  sc.Dice({1, 0});
  sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kEyrie); });
  ASSERT_TRUE(s.IsTerminal());
  EXPECT_EQ(s.end_reason(), kReason30Vp);
  EXPECT_EQ(s.winners(), std::vector<int8_t>{0});
}

TEST(CoreLaw, Law_3_3_1_ActivatingDominanceNeedsTenPoints) {
  Scenario sc;
  State& s = sc.s();
  const CardId dom = sc.Give(0, "Dominance", kFox);
  s.mutable_seat(0).vp = 9;
  sc.Start([](State& s) { GetFaction(kMarquise)->PushDaylight(s, 0); });
  EXPECT_TRUE(sc.Paused()) << sc.Key();  // nothing to do at all
  Scenario sc2;
  State& s2 = sc2.s();
  const CardId dom2 = sc2.Give(0, "Dominance", kFox);
  s2.mutable_seat(0).vp = 10;
  sc2.Start([](State& s) { GetFaction(kMarquise)->PushDaylight(s, 0); });
  sc2.Choose("Activate Dominance (fox)");
  EXPECT_EQ(s2.seat(0).dominance, dom2);
  EXPECT_FALSE(InHand(s2, 0, dom2));
  s2.AddVp(0, 5, kVpCard);  // Law 3.3.1: no more scoring
  EXPECT_EQ(s2.seat(0).vp, 10);
  (void)dom;
}

TEST(CoreLaw, Law_3_3_1_I_SuitDominanceWinsAtStartOfBirdsong) {
  Scenario sc;
  State& s = sc.s();
  s.mutable_seat(0).dominance = sc.Card("Dominance", kFox);
  s.SetWarriors(kMarquise, C(1), 1);
  s.SetWarriors(kMarquise, C(6), 1);
  s.SetWarriors(kMarquise, C(8), 1);
  sc.Start([](State& s) { s.Push(Task{.kind = kTaskTurn, .seat = 0}); });
  ASSERT_TRUE(s.IsTerminal());
  EXPECT_EQ(s.end_reason(), kReasonDominance);
  EXPECT_EQ(s.winners(), std::vector<int8_t>{0});
}

TEST(CoreLaw, Law_3_3_1_I_TwoClearingsOfTheSuitAreNotEnough) {
  Scenario sc;
  State& s = sc.s();
  s.mutable_seat(0).dominance = sc.Card("Dominance", kFox);
  s.SetWarriors(kMarquise, C(1), 1);
  s.SetWarriors(kMarquise, C(6), 1);
  s.SetWarriors(kMarquise, C(5), 1);
  sc.Start([](State& s) { s.Push(Task{.kind = kTaskTurn, .seat = 0}); });
  EXPECT_FALSE(s.IsTerminal());
}

TEST(CoreLaw, Law_3_3_1_II_BirdDominanceNeedsOppositeCorners) {
  for (int other : {3, 2}) {
    Scenario sc;
    State& s = sc.s();
    s.mutable_seat(0).dominance = sc.Card("Dominance", kBird);
    s.SetWarriors(kMarquise, C(1), 1);
    s.SetWarriors(kMarquise, C(other), 1);
    sc.Start([](State& s) { s.Push(Task{.kind = kTaskTurn, .seat = 0}); });
    EXPECT_EQ(s.IsTerminal(), other == 3) << "corners 1 and " << other;
  }
}

TEST(CoreLaw, Law_3_3_3_SpentDominanceBecomesAvailable) {
  Scenario sc;
  State& s = sc.s();
  const CardId dom = sc.Give(0, "Dominance", kMouse);
  s.RemoveFromHand(0, dom);
  s.Discard(dom);
  EXPECT_EQ(s.available_dominance(), std::vector<CardId>{dom});
  EXPECT_TRUE(s.discard().empty());
}

TEST(CoreLaw, Law_3_3_4_TakingBirdDominanceNeedsABirdCard) {
  Scenario sc;
  State& s = sc.s();
  const CardId dom = sc.Give(0, "Dominance", kBird);
  s.RemoveFromHand(0, dom);
  s.Discard(dom);
  const CardId fox = sc.Give(0, "Travel Gear", kFox);
  sc.Start([](State& s) { GetFaction(kMarquise)->PushDaylight(s, 0); });
  EXPECT_TRUE(sc.Paused()) << "a fox card cannot pay for bird dominance";
  const CardId bird = sc.Give(0, "Sappers", kBird);
  sc.Start([](State& s) { GetFaction(kMarquise)->PushDaylight(s, 0); });
  sc.Choose("Take the available Dominance (bird)");
  // Only the bird card could pay, so it was spent without a choice.
  EXPECT_TRUE(InHand(s, 0, dom));
  EXPECT_TRUE(InHand(s, 0, fox));
  EXPECT_FALSE(InHand(s, 0, bird));
  EXPECT_TRUE(s.available_dominance().empty());
}

TEST(CoreLaw, Law_4_1_1_And_4_1_2_And_6_2_1_WorkshopsOncePerTurnItemKept) {
  Scenario sc;
  State& s = sc.s();
  s.SetPieces(kWorkshop, C(1), 1);
  s.SetWarriors(kMarquise, C(1), 1);
  sc.Give(0, "Anvil", kFox);
  sc.Give(0, "Crossbow", kBird);
  sc.Start([](State& s) { PushCraft(s, 0); });
  EXPECT_TRUE(sc.Offers("Anvil (fox)"));
  EXPECT_TRUE(sc.Offers("Crossbow (bird)"));
  sc.Choose("Anvil (fox)");
  EXPECT_TRUE(sc.Paused()) << "the one fox workshop is used up";
  EXPECT_EQ(s.seat(0).items[kHammer], 1);
  EXPECT_EQ(s.seat(0).vp, 2);  // Law 3.2.2
}

TEST(CoreLaw, Law_4_1_2_ItemNotInSupplyCannotBeCrafted) {
  Scenario sc;
  State& s = sc.s();
  s.SetPieces(kWorkshop, C(1), 1);
  s.mutable_item_supply()[kHammer] = 0;
  s.mutable_seat(1).items[kHammer] = 1;  // keep the item count whole
  sc.Give(0, "Anvil", kFox);
  sc.Start([](State& s) { PushCraft(s, 0); });
  EXPECT_TRUE(sc.Paused());
}

TEST(CoreLaw, Law_4_1_3_And_4_1_4_PersistentEffectsStayWithoutDuplicates) {
  Scenario sc;
  State& s = sc.s();
  s.SetPieces(kWorkshop, C(1), 1);
  sc.Craft(0, "Armorers");
  EXPECT_EQ(s.seat(0).play_area.size(), 1u) << "crafted effects stay in play";
  sc.Give(0, "Armorers");
  sc.Start([](State& s) { PushCraft(s, 0); });
  EXPECT_TRUE(sc.Paused());
}

TEST(CoreLaw, Law_4_1_1_AnySuitCostAsksWhichSuitPays) {
  Scenario sc;
  State& s = sc.s();
  s.SetPieces(kWorkshop, C(1), 1);
  s.SetPieces(kWorkshop, C(8), 1);
  s.SetPieces(kWorkshop, C(5), 1);
  s.SetPieces(kWorkshop, C(2), 1);
  const CardId claim = sc.Give(0, "Royal Claim");
  sc.Start([](State& s) { PushCraft(s, 0); });
  sc.Choose("Royal Claim (bird)");
  EXPECT_EQ(sc.Key(), "craft.any_suit");
  EXPECT_EQ(sc.Labels(), (std::vector<std::string>{"fox", "rabbit", "mouse"}));
  sc.Choose("rabbit");
  sc.Choose("mouse");
  // Only fox pieces are left: the rest is paid without asking.
  EXPECT_TRUE(sc.Paused());
  EXPECT_EQ(s.seat(0).play_area, std::vector<CardId>{claim});
}

TEST(CoreLaw, Law_4_2_1_MoveNeedsRuleAtOriginOrDestination) {
  Scenario sc;
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(5), 1);
  s.SetWarriors(kEyrie, C(5), 2);
  EXPECT_TRUE(LegalMoves(s, kMarquise, -1).empty());
  s.SetWarriors(kMarquise, C(2), 1);
  sc.Start([](State& s) { PushMove(s, 0, -1, false); });
  EXPECT_TRUE(sc.Offers("Move from 5 (rabbit) to 2 (mouse)"));
  EXPECT_FALSE(sc.Offers("Move from 5 (rabbit) to 1 (fox)"));
  EXPECT_TRUE(sc.Offers("Move from 2 (mouse) to 6 (fox)"));
  sc.Choose("Move from 5 (rabbit) to 2 (mouse)");
  EXPECT_TRUE(sc.Paused()) << "one warrior: no count to choose";
  EXPECT_EQ(s.clearing(C(2)).warriors[kMarquise], 2);
}

TEST(CoreLaw, Law_4_2_MoveAsksHowMany) {
  Scenario sc;
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(5), 3);
  sc.Start([](State& s) { PushMove(s, 0, -1, false); });
  EXPECT_FALSE(sc.Offers("Move from 5 (rabbit) to 10 (rabbit)"))
      << "a river is not a path (Law 2.3)";
  sc.Choose("Move from 5 (rabbit) to 2 (mouse)");
  EXPECT_EQ(sc.Labels().size(), 3u);
  sc.Choose("Move 2 warriors from 5 (rabbit) to 2 (mouse)");
  EXPECT_EQ(s.clearing(C(2)).warriors[kMarquise], 2);
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 1);
}

TEST(CoreLaw, Law_4_3_1_II_AmbushDealsTwoHitsBeforeTheRoll) {
  Scenario sc;
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(5), 3);
  s.SetWarriors(kEyrie, C(5), 2);
  const CardId ambush = sc.Give(1, "Ambush!", kRabbit);
  sc.Dice({2, 1});
  sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kEyrie); });
  EXPECT_EQ(sc.Key(), "battle.ambush");
  EXPECT_EQ(s.deciding_seat(), 1);
  sc.Choose("Ambush! (rabbit)");
  // 3 - 2 ambush hits = 1 attacker; rolls 2/1 capped at 1 each.
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 0);
  EXPECT_EQ(s.clearing(C(5)).warriors[kEyrie], 1);
  EXPECT_EQ(s.discard().back(), ambush);
}

TEST(CoreLaw, Law_4_3_1_II_AmbushThatRemovesAllAttackersEndsTheBattle) {
  Scenario sc;
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(5), 2);
  s.SetWarriors(kEyrie, C(5), 2);
  sc.Give(1, "Ambush!", kBird);
  const int draws = s.chance().draws();
  sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kEyrie); });
  sc.Choose("Ambush! (bird)");
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 0);
  EXPECT_EQ(s.clearing(C(5)).warriors[kEyrie], 2);
  EXPECT_EQ(s.chance().draws(), draws) << "no dice were rolled";
}

TEST(CoreLaw, Law_4_3_1_I_AttackerFoilsTheAmbush) {
  Scenario sc;
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(5), 2);
  s.SetWarriors(kEyrie, C(5), 2);
  sc.Give(1, "Ambush!", kRabbit);
  sc.Give(0, "Ambush!", kBird);
  sc.Dice({0, 0});
  sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kEyrie); });
  sc.Choose("Ambush! (rabbit)");
  EXPECT_EQ(sc.Key(), "battle.foil_ambush");
  sc.Choose("Ambush! (bird)");
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 2);
  EXPECT_EQ(s.discard().size(), 2u);
}

TEST(CoreLaw, Law_4_3_1_AmbushMustMatchTheClearing) {
  Scenario sc;
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(5), 2);
  s.SetWarriors(kEyrie, C(5), 2);
  sc.Give(1, "Ambush!", kFox);  // clearing 5 is rabbit
  sc.Dice({0, 0});
  sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kEyrie); });
  EXPECT_TRUE(sc.Paused());
}

TEST(CoreLaw, Law_4_3_3_I_RolledHitsCappedByWarriors) {
  Scenario sc;
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(5), 1);
  s.SetWarriors(kEyrie, C(5), 5);
  sc.Dice({3, 3});
  sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kEyrie); });
  EXPECT_EQ(s.clearing(C(5)).warriors[kEyrie], 4);
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 0);
}

TEST(CoreLaw, Law_4_3_3_AttackerDealsHighRollDefenderLow) {
  Scenario sc;
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(5), 5);
  s.SetWarriors(kEyrie, C(5), 5);
  sc.Dice({1, 3});
  sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kEyrie); });
  EXPECT_EQ(s.clearing(C(5)).warriors[kEyrie], 2);
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 4);
}

TEST(CoreLaw, Law_4_3_5_II_DefenselessDefenderTakesAnExtraHit) {
  Scenario sc;
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(5), 3);
  s.SetPieces(kRoost, C(5), 1);
  sc.Dice({0, 0});
  sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kEyrie); });
  EXPECT_EQ(s.clearing(C(5)).pieces[kRoost], 0);
  EXPECT_EQ(s.seat(0).vp, 1);
}

TEST(CoreLaw, Law_4_3_6_WarriorsGoFirstThenTheOwnerChooses) {
  Scenario sc;
  State& s = sc.s();
  s.SetCurrent(1, kPhaseDaylight);
  s.SetWarriors(kMarquise, C(5), 1);
  s.SetPieces(kSawmill, C(5), 1);
  s.SetPieces(kWorkshop, C(5), 1);
  s.SetWarriors(kEyrie, C(5), 3);
  sc.Dice({2, 0});
  sc.Start([](State& s) { PushBattle(s, C(5), kEyrie, kMarquise); });
  EXPECT_EQ(sc.Key(), "battle.remove_piece");
  EXPECT_EQ(s.deciding_seat(), 0);
  EXPECT_EQ(sc.Labels(), (std::vector<std::string>{"sawmill", "workshop"}));
  sc.Choose("workshop");
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 0);
  EXPECT_EQ(s.clearing(C(5)).pieces[kWorkshop], 0);
  EXPECT_EQ(s.clearing(C(5)).pieces[kSawmill], 1);
  EXPECT_EQ(s.seat(1).vp, 1);
  EXPECT_EQ(s.marquise().placed[1], 0);  // back on its track (21.24)
}

TEST(CoreLaw, Law_4_3_6_HitsAreSimultaneous) {
  Scenario sc;
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(5), 2);
  s.SetWarriors(kEyrie, C(5), 2);
  sc.Dice({2, 2});
  sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kEyrie); });
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 0);
  EXPECT_EQ(s.clearing(C(5)).warriors[kEyrie], 0);
}

TEST(CoreLaw, Law_5_1_3_TwoPlayersRemoveDominanceAndEachDrawsThree) {
  rules::GameSetup setup;
  setup.factions = {kMarquise, kEyrie};
  auto s = State::NewGame(setup, 3);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->removed_cards().size(), 4u);
  for (CardId id : s->removed_cards())
    EXPECT_EQ(s->card(id).kind, kDominanceCard);
  EXPECT_EQ(s->seat(0).hand.size(), 3u);
  EXPECT_EQ(s->seat(1).hand.size(), 3u);
  EXPECT_EQ(s->deck().size(), 54u - 4u - 6u);
}

TEST(CoreLaw, Law_5_1_4_And_5_1_5_RuinsAndItemSupply) {
  rules::GameSetup setup;
  setup.factions = {kMarquise, kEyrie};
  auto s = State::NewGame(setup, 3);
  ASSERT_TRUE(s.ok());
  for (int id : {6, 10, 11, 12}) EXPECT_EQ(s->clearing(C(id)).pieces[kRuin], 1);
  EXPECT_EQ(s->clearing(C(5)).pieces[kRuin], 0);
  EXPECT_EQ(s->item_supply()[kBoot], 2);
  EXPECT_EQ(s->item_supply()[kHammer], 1);
  EXPECT_EQ(s->item_supply()[kCoin], 2);
}

TEST(CoreLaw, Law_5_1_1_SeatsMayBeShuffledBySeed) {
  rules::GameSetup setup;
  setup.factions = {kMarquise, kEyrie};
  setup.shuffle_seats = true;
  bool eyrie_first = false, marquise_first = false;
  for (uint64_t seed = 1; seed < 40; ++seed) {
    auto s = State::NewGame(setup, seed);
    ASSERT_TRUE(s.ok());
    (s->seat(0).faction == kEyrie ? eyrie_first : marquise_first) = true;
  }
  EXPECT_TRUE(eyrie_first && marquise_first);
}

TEST(CoreLaw, SetupErrorsAreStatusesNotCrashes) {
  rules::GameSetup setup;
  setup.factions = {kMarquise};
  EXPECT_EQ(State::NewGame(setup, 1).status().code(),
            absl::StatusCode::kInvalidArgument);
  setup.factions = {kMarquise, kMarquise};
  EXPECT_EQ(State::NewGame(setup, 1).status().code(),
            absl::StatusCode::kInvalidArgument);
  setup.factions = {kMarquise, static_cast<int8_t>(kNumFactions)};
  EXPECT_EQ(State::NewGame(setup, 1).status().code(),
            absl::StatusCode::kInvalidArgument)
      << "no such faction";
  setup.factions = {kMarquise, kVagabond2};  // Law 9.7: a second Vagabond
  EXPECT_EQ(State::NewGame(setup, 1).status().code(),
            absl::StatusCode::kInvalidArgument);
  setup.factions = {kMarquise, kEyrie};
  setup.map = "nowhere";
  EXPECT_EQ(State::NewGame(setup, 1).status().code(),
            absl::StatusCode::kNotFound);
}

TEST(Decisions, OutOfTurnAndUnofferedChoicesLeaveTheStateUntouched) {
  rules::GameSetup setup;
  setup.factions = {kMarquise, kEyrie};
  setup.first_seat = 0;
  auto s = State::NewGame(setup, 5);
  ASSERT_TRUE(s.ok());
  const uint64_t before = s->Hash();
  const int other = 1 - s->deciding_seat();
  EXPECT_EQ(s->Apply(other, 0).code(), absl::StatusCode::kPermissionDenied);
  EXPECT_EQ(s->Apply(s->deciding_seat(), -1).code(),
            absl::StatusCode::kOutOfRange);
  EXPECT_EQ(s->Apply(s->deciding_seat(), 1000).code(),
            absl::StatusCode::kOutOfRange);
  EXPECT_EQ(s->Hash(), before);
}

TEST(Decisions, PromptsCarryKindTextAndLawClause) {
  rules::GameSetup setup;
  setup.factions = {kMarquise, kEyrie};
  setup.first_seat = 0;
  auto s = State::NewGame(setup, 5);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->PromptKey(), "marquise.setup.keep");
  EXPECT_EQ(s->PromptLaw(), "6.3.2");
  EXPECT_FALSE(s->PromptText().empty());
  EXPECT_EQ(s->OptionLabel(s->options()[0]), "1 (fox)");
}

}  // namespace
}  // namespace woodland::rules::testing

namespace woodland::rules::testing {
namespace {

TEST(CoreLaw, Law_3_1_1_SimultaneousThirtyGoesToTheCurrentPlayer) {
  // Both sides remove a building of the other in the same battle (extra
  // hits: the Commander attacking, Sappers defending) and reach 30 at once:
  // the player whose turn it is wins.
  Scenario sc;
  State& s = sc.s();
  s.SetCurrent(1, kPhaseDaylight);
  s.mutable_eyrie().leader = 2;  // Commander
  s.mutable_seat(0).vp = 29;
  s.mutable_seat(1).vp = 29;
  s.SetPieces(kSawmill, C(5), 1);
  s.SetPieces(kRoost, C(5), 1);
  s.SetWarriors(kMarquise, C(5), 1);
  s.SetWarriors(kEyrie, C(5), 1);
  sc.Craft(0, "Sappers");
  sc.Dice({3, 3});
  sc.Start([](State& s) { PushBattle(s, C(5), kEyrie, kMarquise); });
  sc.Choose("Sappers (bird)");
  ASSERT_TRUE(s.IsTerminal());
  EXPECT_EQ(s.seat(0).vp, 30);
  EXPECT_EQ(s.seat(1).vp, 30);
  EXPECT_EQ(s.winners(), std::vector<int8_t>{1});
}

// Prompt clauses (p16 numbering): each choice cites the clause that gives it
// to that player.

TEST(CoreLaw, Law_6_6_And_7_6_2_And_8_6_2_And_9_6_3_HandLimitCitesOwnEvening) {
  const std::vector<std::pair<int8_t, std::string>> kClause = {
      {kMarquise, "6.6"},
      {kEyrie, "7.6.2"},
      {kAlliance, "8.6.2"},
      {kVagabond, "9.6.3"}};
  for (const auto& [faction, clause] : kClause) {
    Scenario sc({kMarquise, kEyrie, kAlliance, kVagabond});
    State& s = sc.s();
    const int seat = s.SeatOf(faction);
    s.SetCurrent(seat, kPhaseEvening);
    for (int i = 0; i < 7; ++i) s.DrawCards(seat, 1);
    sc.Start([seat](State& s) {
      GetFaction(s.seat(seat).faction)->PushEvening(s, seat);
    });
    EXPECT_EQ(sc.Key(), "discard.hand_limit") << FactionName(faction);
    EXPECT_EQ(s.PromptLaw(), clause) << FactionName(faction);
  }
}

TEST(CoreLaw, Law_3_3_1_EndOfDaylightWindowIsNotCrafting) {
  Scenario sc;
  State& s = sc.s();
  sc.Craft(0, "Codebreakers");
  sc.Start(
      [](State& s) { s.Push(Task{.kind = kTaskTurn, .seat = 0, .step = 6}); });
  EXPECT_EQ(sc.Key(), "daylight.end");
  EXPECT_EQ(s.PromptLaw(), "3.3.1");
  EXPECT_TRUE(sc.Offers("Use Codebreakers"));
}

TEST(CoreLaw, Law_4_3_4_AfterRollEffectsAndLaw_4_3_6_DealHitsCiteP16) {
  Scenario sc;
  State& s = sc.s();
  sc.Craft(0, "Armorers");
  s.SetWarriors(kMarquise, C(5), 2);
  s.SetPieces(kSawmill, C(5), 1);
  s.SetPieces(kWorkshop, C(5), 1);
  s.SetWarriors(kEyrie, C(5), 3);
  s.SetCurrent(1, kPhaseDaylight);
  sc.Dice({3, 0});
  sc.Start([](State& s) { PushBattle(s, C(5), kEyrie, kMarquise); });
  ASSERT_EQ(sc.Key(), "battle.effect");
  EXPECT_EQ(s.PromptLaw(), "4.3.4");
  sc.Choose("Done");
  ASSERT_EQ(sc.Key(), "battle.remove_piece");
  EXPECT_EQ(s.PromptLaw(), "4.3.6");
}

}  // namespace
}  // namespace woodland::rules::testing

// --- Issue 9: battle effects after the roll, reshuffle ----------------------

namespace woodland::rules::testing {
namespace {

// A card in `seat`'s hand that goes to the discard pile when discarded (a
// dominance card would become available instead, Law 3.3.3).
CardId Discardable(const State& s, int seat) {
  for (CardId id : s.seat(seat).hand) {
    if (s.card(id).kind != kDominanceCard) return id;
  }
  ADD_FAILURE() << "no discardable card";
  return kNoCard;
}

// Law 4.3.4: the attacker chooses the order when both sides have after-roll
// effects, and a player who passed may still answer the other's effect.
TEST(CoreLaw, Law_4_3_4_APlayerWhoPassedMayAnswerTheOthersEffect) {
  Scenario sc;
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(5), 3);
  s.SetWarriors(kEyrie, C(5), 3);
  sc.Craft(0, "Brutal Tactics");
  sc.Craft(1, "Sappers");
  sc.Dice({1, 1});
  sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kEyrie); });
  ASSERT_EQ(sc.Key(), "battle.effect");
  EXPECT_EQ(s.deciding_seat(), 0) << "the attacker chooses the order";
  sc.Choose("Done");
  ASSERT_EQ(sc.Key(), "battle.effect");
  EXPECT_EQ(s.deciding_seat(), 1);
  sc.Choose("Sappers (bird)");
  ASSERT_EQ(sc.Key(), "battle.effect") << "the attacker may answer";
  EXPECT_EQ(s.deciding_seat(), 0);
  sc.Choose("Brutal Tactics (bird)");
  EXPECT_TRUE(sc.Paused());
  // Each side deals its rolled hit plus one extra hit.
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 1);
  EXPECT_EQ(s.clearing(C(5)).warriors[kEyrie], 1);
  EXPECT_EQ(s.seat(1).vp, 1) << "Brutal Tactics: the defender scores one";
}

// Law 4.3.4: after the attacker's effect the defender may answer before the
// attacker uses another one.
TEST(CoreLaw, Law_4_3_4_TheDefenderMayAnswerTheAttackersEffect) {
  Scenario sc;
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(5), 3);
  s.SetWarriors(kEyrie, C(5), 3);
  sc.Craft(0, "Brutal Tactics");
  sc.Craft(0, "Armorers");
  sc.Craft(1, "Armorers");
  sc.Dice({2, 1});
  sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kEyrie); });
  ASSERT_EQ(s.deciding_seat(), 0);
  sc.Choose("Brutal Tactics (bird)");
  ASSERT_EQ(sc.Key(), "battle.effect");
  EXPECT_EQ(s.deciding_seat(), 1) << "the defender answers";
  sc.Choose("Armorers (bird)");
  ASSERT_EQ(sc.Key(), "battle.effect");
  EXPECT_EQ(s.deciding_seat(), 0);
  sc.Choose("Armorers (bird)");
  EXPECT_TRUE(sc.Paused());
  // Both rolled results ignored; only Brutal Tactics' extra hit remains.
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 3);
  EXPECT_EQ(s.clearing(C(5)).warriors[kEyrie], 2);
}

// Law 2.1: "If the deck is ever empty, shuffle the discard pile immediately
// to form a new deck" (the seeds reshuffled at the next draw).
TEST(CoreLaw, Law_2_1_EmptyDeckIsReshuffledAtOnceNotAtTheNextDraw) {
  Scenario sc;
  State& s = sc.s();
  s.DrawCards(1, 8);
  const CardId early = Discardable(s, 1);
  s.RemoveFromHand(1, early);
  s.Discard(early);
  ASSERT_EQ(s.discard().size(), 1u);
  s.DrawCards(1, static_cast<int>(s.deck().size()));
  // The deck ran out: the discard pile is already the new deck.
  EXPECT_EQ(s.deck(), std::vector<CardId>{early});
  EXPECT_TRUE(s.discard().empty());
  // A card discarded now starts the new discard pile.
  const CardId late = Discardable(s, 1);
  s.RemoveFromHand(1, late);
  s.Discard(late);
  EXPECT_EQ(s.discard(), std::vector<CardId>{late});
  EXPECT_EQ(s.deck().size(), 1u);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

// Law 2.1: an empty deck with an empty discard pile becomes a deck again as
// soon as a card is discarded.
TEST(CoreLaw, Law_2_1_DiscardOntoAnEmptyDeckFormsTheNewDeck) {
  Scenario sc;
  State& s = sc.s();
  s.DrawCards(1, static_cast<int>(s.deck().size()));
  ASSERT_TRUE(s.deck().empty());
  ASSERT_TRUE(s.discard().empty());
  const CardId id = Discardable(s, 1);
  s.RemoveFromHand(1, id);
  s.Discard(id);
  EXPECT_EQ(s.deck(), std::vector<CardId>{id});
  EXPECT_TRUE(s.discard().empty());
}

}  // namespace
}  // namespace woodland::rules::testing

// --- Issue 9: core rules, table by table -------------------------------------

namespace woodland::rules::testing {
namespace {

// Law 2.1.1 and 2.1.1.II: a bird card counts as any suit; a card of another
// suit never counts as a bird.
TEST(CoreLaw, Law_2_1_1_II_BirdsMatchEverySuitButOnlyBirdsMatchBird) {
  Scenario sc;
  State& s = sc.s();
  const CardId fox = sc.Give(0, "Anvil", kFox);
  const CardId rabbit = sc.Give(0, "Bake Sale", kRabbit);
  const CardId mouse = sc.Give(0, "Sword", kMouse);
  const CardId bird = sc.Give(0, "Armorers", kBird);
  struct Case {
    int suit;
    std::vector<CardId> match;
  };
  for (const Case& c : {Case{kFox, {fox, bird}}, Case{kRabbit, {rabbit, bird}},
                        Case{kMouse, {mouse, bird}}, Case{kBird, {bird}}}) {
    std::vector<CardId> got;
    for (const Option& o : MatchingCards(s, 0, c.suit)) got.push_back(o.card);
    std::sort(got.begin(), got.end());
    std::vector<CardId> want = c.match;
    std::sort(want.begin(), want.end());
    EXPECT_EQ(got, want) << SuitName(c.suit);
  }
}

// Law 4.3.1 with 2.1.1: a bird ambush matches every clearing; a suited one
// only its own suit.
TEST(CoreLaw, Law_4_3_1_BirdAmbushMatchesAnyClearingSuitedOnlyItsOwn) {
  struct Case {
    int ambush_suit;
    int clearing;
    bool offered;
  };
  for (const Case& c :
       {Case{kBird, 1, true}, Case{kBird, 5, true}, Case{kBird, 2, true},
        Case{kFox, 1, true}, Case{kFox, 5, false}, Case{kRabbit, 5, true},
        Case{kRabbit, 2, false}, Case{kMouse, 2, true},
        Case{kMouse, 1, false}}) {
    SCOPED_TRACE(::testing::Message()
                 << SuitName(c.ambush_suit) << " in " << c.clearing);
    Scenario sc;
    State& s = sc.s();
    s.SetWarriors(kMarquise, C(c.clearing), 2);
    s.SetWarriors(kEyrie, C(c.clearing), 2);
    sc.Give(1, "Ambush!", c.ambush_suit);
    sc.Dice({0, 0});
    sc.Start(
        [&](State& s) { PushBattle(s, C(c.clearing), kMarquise, kEyrie); });
    EXPECT_EQ(sc.Key() == "battle.ambush", c.offered);
  }
}

// Law 4.1.1: crafting pieces must match the cost's suits, each once per
// turn; "any" takes a piece of any suit. Marquise workshops in fox clearing 1
// and rabbit clearing 5.
TEST(CoreLaw, Law_4_1_1_CraftingPiecesMustMatchTheCost) {
  struct Case {
    const char* card;
    int suit;
    bool craftable;
  };
  for (const Case& c : {
           Case{"Anvil", kFox, true},               // fox
           Case{"Travel Gear", kFox, true},         // rabbit
           Case{"Root Tea", kFox, false},           // mouse
           Case{"Foxfolk Steel", kFox, false},      // fox, fox
           Case{"Protection Racket", kFox, false},  // rabbit, rabbit
           Case{"Tax Collector", kFox, false},      // fox, rabbit, mouse
           Case{"Royal Claim", kBird, false},       // any x4
       }) {
    SCOPED_TRACE(c.card);
    Scenario sc;
    State& s = sc.s();
    s.SetPieces(kWorkshop, C(1), 1);
    s.SetPieces(kWorkshop, C(5), 1);
    sc.Give(0, c.card, c.suit);
    sc.Start([](State& s) { PushCraft(s, 0); });
    EXPECT_EQ(sc.Key() == "craft", c.craftable);
  }
  // Two of the same: fox, fox is payable with two fox workshops, and "any"
  // with pieces of mixed suits.
  for (const char* card : {"Foxfolk Steel", "Brutal Tactics"}) {
    Scenario sc;
    State& s = sc.s();
    s.SetPieces(kWorkshop, C(1), 1);
    s.SetPieces(kWorkshop, C(8), 1);
    sc.Give(0, card);
    sc.Start([](State& s) { PushCraft(s, 0); });
    EXPECT_EQ(sc.Key(), "craft") << card;
  }
  Scenario sc;
  State& s = sc.s();
  for (int c : {1, 5, 2, 8}) s.SetPieces(kWorkshop, C(c), 1);
  sc.Give(0, "Royal Claim");
  sc.Start([](State& s) { PushCraft(s, 0); });
  EXPECT_EQ(sc.Key(), "craft") << "any, any, any, any from 4 pieces";
}

// Law 4.3.3.I: the defender's rolled hits are capped by its warriors too.
TEST(CoreLaw, Law_4_3_3_I_DefenderRolledHitsCappedByItsWarriors) {
  for (int def : {1, 2, 3, 4}) {
    SCOPED_TRACE(::testing::Message() << def << " defending warriors");
    Scenario sc;
    State& s = sc.s();
    s.SetWarriors(kMarquise, C(5), 5);
    s.SetWarriors(kEyrie, C(5), def);
    sc.Dice({3, 3});  // both roll 3
    sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kEyrie); });
    EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 5 - std::min(3, def));
    EXPECT_EQ(s.clearing(C(5)).warriors[kEyrie], def - std::min(3, def));
  }
}

// Law 4.3.3.I: the attacker's rolled hits are capped by its warriors.
TEST(CoreLaw, Law_4_3_3_I_AttackerRolledHitsCappedByItsWarriors) {
  for (int att : {1, 2, 3, 4}) {
    SCOPED_TRACE(::testing::Message() << att << " attacking warriors");
    Scenario sc;
    State& s = sc.s();
    s.SetWarriors(kMarquise, C(5), att);
    s.SetWarriors(kEyrie, C(5), 5);
    sc.Dice({3, 0});
    sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kEyrie); });
    EXPECT_EQ(s.clearing(C(5)).warriors[kEyrie], 5 - std::min(3, att));
  }
}

// Law 4.3.5.II: an extra hit only when the defender has no warriors there.
TEST(CoreLaw, Law_4_3_5_II_DefenselessOnlyWithoutWarriors) {
  for (int def_warriors : {0, 1}) {
    SCOPED_TRACE(::testing::Message() << def_warriors << " defending warriors");
    Scenario sc;
    State& s = sc.s();
    s.SetWarriors(kMarquise, C(5), 3);
    s.SetWarriors(kEyrie, C(5), def_warriors);
    s.SetPieces(kRoost, C(5), 2);
    sc.Dice({1, 0});  // one rolled hit
    sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kEyrie); });
    // Rolled hit 1, plus 1 if defenseless.
    const int removed_roosts = def_warriors == 0 ? 2 : 0;
    EXPECT_EQ(s.clearing(C(5)).pieces[kRoost], 2 - removed_roosts);
    EXPECT_EQ(s.clearing(C(5)).warriors[kEyrie], 0);
    EXPECT_EQ(s.seat(0).vp, removed_roosts) << "Law 3.2.1";
  }
}

// Law 3.1: 30 VP wins at once; 29 does not.
TEST(CoreLaw, Law_3_1_ThirtyWinsTwentyNineDoesNot) {
  for (int before : {27, 28, 29}) {
    SCOPED_TRACE(::testing::Message() << before << " VP before");
    Scenario sc;
    State& s = sc.s();
    s.mutable_seat(0).vp = static_cast<int16_t>(before);
    s.SetWarriors(kMarquise, C(5), 2);
    s.SetPieces(kRoost, C(5), 2);
    sc.Dice({1, 0});  // rolled 1 + defenseless 1: two roosts, 2 VP
    sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kEyrie); });
    EXPECT_EQ(s.IsTerminal(), before + 2 >= 30);
    if (s.IsTerminal()) {
      EXPECT_EQ(s.end_reason(), kReason30Vp);
      EXPECT_EQ(s.winners(), std::vector<int8_t>{0});
    }
  }
}

// Law 3.3.1: a dominance card may be activated from 10 VP, not below.
TEST(CoreLaw, Law_3_3_1_DominanceActivatesFromTenVictoryPoints) {
  for (int vp : {8, 9, 10, 11}) {
    SCOPED_TRACE(::testing::Message() << vp << " VP");
    Scenario sc;
    State& s = sc.s();
    sc.Give(0, "Dominance", kRabbit);
    s.mutable_seat(0).vp = static_cast<int16_t>(vp);
    sc.Start([](State& s) { GetFaction(kMarquise)->PushDaylight(s, 0); });
    EXPECT_EQ(sc.Offers("Activate Dominance (rabbit)"), vp >= 10);
  }
}

// Law 6.6 / 7.6 / 8.6.2 (the general hand limit of five at the end of
// Evening): after drawing, discard down to five, for every base faction.
TEST(CoreLaw, Law_8_6_2_And_6_6_And_7_6_HandLimitFiveAtEndOfEvening) {
  for (int faction : {kMarquise, kEyrie, kAlliance}) {
    for (int held : {4, 5, 7}) {
      SCOPED_TRACE(::testing::Message()
                   << FactionName(faction) << " holds " << held);
      Scenario sc({kMarquise, kEyrie, kAlliance});
      State& s = sc.s();
      const int seat = s.SeatOf(faction);
      s.SetCurrent(seat, kPhaseEvening);
      if (faction == kEyrie) s.mutable_eyrie().leader = 0;
      const char* names[7] = {
          "Tax Collector", "Tax Collector",  "Tax Collector", "Cobbler",
          "Cobbler",       "Command Warren", "Command Warren"};
      for (int i = 0; i < held; ++i) sc.Give(seat, names[i]);
      sc.Start([&](State& s) { GetFaction(faction)->PushEvening(s, seat); });
      int discarded = 0;
      while (sc.Key() == "discard.hand_limit" && discarded < 10) {
        ASSERT_EQ(s.deciding_seat(), seat);
        ASSERT_TRUE(s.Apply(seat, 0).ok());
        ++discarded;
      }
      // Each draws exactly one here (no draw bonus on the map).
      EXPECT_EQ(s.seat(seat).hand.size(), std::min<size_t>(held + 1, 5));
      EXPECT_EQ(discarded, std::max(0, held + 1 - 5));
    }
  }
}

// Law 3.2.1 with 9.2.8 and the glossary (21.8): a point is scored only for an
// enemy's building or token; a coalition partner is no enemy. The Vagabond
// is given no dominance card here so that 3.3.1 does not hide the rule.
TEST(CoreLaw, Law_3_2_1_OnlyAnEnemysBuildingOrTokenScores) {
  Scenario sc({kMarquise, kEyrie, kAlliance, kVagabond});
  State& s = sc.s();
  const int vb = s.SeatOf(kVagabond);
  s.mutable_vagabond().coalition = static_cast<int8_t>(s.SeatOf(kMarquise));
  ASSERT_FALSE(s.AreEnemies(kVagabond, kMarquise));
  s.SetPieces(kSawmill, C(1), 1);
  s.SetPieces(kRoost, C(2), 1);
  std::array<int8_t, kNumPieces> sawmill{}, roost{};
  sawmill[kSawmill] = 1;
  roost[kRoost] = 1;
  s.RemovePieces(kMarquise, C(1), 0, sawmill, kVagabond);
  EXPECT_EQ(s.seat(vb).vp, 0) << "the partner's sawmill scores nothing";
  s.RemovePieces(kEyrie, C(2), 0, roost, kVagabond);
  EXPECT_EQ(s.seat(vb).vp, 1) << "an enemy's roost scores one";
}

// Law 4.3.1: an ambush card must match the clearing of battle; the Lost City
// (Law 24, docs/rules-decisions.md) makes its clearing every suit, so a fox
// ambush matches rabbit clearing 10 there, for the defender and the foil.
TEST(CoreLaw, Law_4_3_1_AmbushMatchesTheLostCitysClearingInEverySuit) {
  GameSetup setup = Scenario::SetupOf({kMarquise, kEyrie});
  Scenario sc(setup, 7);
  State& s = sc.s();
  SetUpLandmark(s, kLandmarkLostCity, C(10));
  ASSERT_EQ(s.SuitOf(C(10)), kRabbit);
  s.SetWarriors(kMarquise, C(10), 3);
  s.SetWarriors(kEyrie, C(10), 2);
  sc.Give(1, "Ambush!", kFox);
  sc.Give(0, "Ambush!", kMouse);
  sc.Dice({0, 0});
  sc.Start([](State& s) { PushBattle(s, C(10), kMarquise, kEyrie); });
  ASSERT_EQ(sc.Key(), "battle.ambush");
  sc.Choose("Ambush! (fox)");
  ASSERT_EQ(sc.Key(), "battle.foil_ambush");
  sc.Choose("Ambush! (mouse)");
  EXPECT_EQ(s.clearing(C(10)).warriors[kMarquise], 3) << "foiled";
  EXPECT_EQ(s.discard().size(), 2u);
}

// Law 4.2 with 25.3.5: a move limited to a suit may start in the Lost City's
// clearing whatever its printed suit, by path or by the Ferry alike.
TEST(CoreLaw, Law_4_2_ASuitLimitedMoveLeavesTheLostCityByTheFerryToo) {
  GameSetup setup = Scenario::SetupOf({kMarquise, kEyrie});
  setup.map = "lake";
  setup.suits = {kFox,   kFox,    kMouse, kRabbit, kMouse,  kFox,
                 kMouse, kRabbit, kFox,   kMouse,  kRabbit, kRabbit};
  Scenario sc(setup, 7);
  State& s = sc.s();
  ASSERT_EQ(s.ferry(), C(1));
  ASSERT_EQ(s.SuitOf(C(1)), kFox);
  SetUpLandmark(s, kLandmarkLostCity, C(1));
  s.SetWarriors(kMarquise, C(1), 3);
  sc.Start([](State& s) { PushMove(s, 0, kMouse, false); });
  EXPECT_TRUE(sc.Offers("Move from 1 (fox) to 5 (mouse)"));  // by path
  EXPECT_TRUE(sc.Offers("Move from 1 (fox) to 11 (rabbit) by the Ferry"));
}

// Law 7.2.2 with 11.2.7.III and 1.5.2: Lords of the Forest rule a tie only
// with at least one Eyrie piece there; hired mercenaries count for the
// Eyrie's rule but are still Riverfolk pieces, not Eyrie pieces.
TEST(CoreLaw, Law_7_2_2_LordsOfTheForestNeedAnEyriePieceNotOnlyMercenaries) {
  Scenario sc({kMarquise, kEyrie, kRiverfolk});
  State& s = sc.s();
  s.SetCurrent(1, kPhaseDaylight);
  s.SetWarriors(kRiverfolk, C(8), 2);
  s.SetWarriors(kMarquise, C(8), 2);
  s.mutable_riverfolk().mercs_for = kEyrie;
  s.mutable_riverfolk().mercs_turn = static_cast<int16_t>(s.turn());
  EXPECT_EQ(s.Ruler(C(8)), kNoFaction) << "2 mercenaries tie 2: no Eyrie piece";
  s.SetWarriors(kEyrie, C(8), 1);
  s.SetWarriors(kMarquise, C(8), 3);
  EXPECT_EQ(s.Ruler(C(8)), kEyrie) << "1 + 2 mercenaries tie 3: Eyrie rule";
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

}  // namespace
}  // namespace woodland::rules::testing
