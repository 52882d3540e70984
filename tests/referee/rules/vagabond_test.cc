// Scenario tests for the Vagabond (Law 9). Seats: 0 Marquise, 1 Eyrie,
// 2 Alliance, 3 Vagabond.
#include <algorithm>

#include "gtest/gtest.h"
#include "referee/rules/landmarks.h"
#include "referee/rules/observation.h"
#include "tests/referee/rules/scenario.h"

namespace woodland::rules::testing {
namespace {

const FactionModule* Vg() { return GetFaction(kVagabond); }
constexpr int kVb = 3;

Scenario VagabondGame(Phase phase, int clearing, int character = 0,
                      int current = kVb) {
  Scenario sc({kMarquise, kEyrie, kAlliance, kVagabond});
  sc.s().SetCurrent(current, phase);
  VagabondBoard& vb = sc.s().mutable_vagabond();
  vb.character = static_cast<int8_t>(character);
  vb.clearing = static_cast<int8_t>(clearing);
  vb.forest = -1;
  return sc;
}

int Count(const State& s, int kind, bool exhausted, bool damaged) {
  int n = 0;
  for (const VItem& it : s.vagabond().items) {
    n += it.kind == kind && it.exhausted == exhausted && it.damaged == damaged;
  }
  return n;
}

TEST(Vagabond, Law_9_3_SetupCharacterForestQuestsRuinsAndItems) {
  rules::GameSetup setup;
  setup.factions = {kMarquise, kEyrie, kAlliance, kVagabond};
  setup.first_seat = 0;
  auto st = State::NewGame(setup, 3);
  ASSERT_TRUE(st.ok());
  Scenario sc;
  sc.state = std::make_unique<State>(*std::move(st));
  State& s = sc.s();
  while (sc.Key() != "vagabond.setup.character") ASSERT_TRUE(s.Apply(0).ok());
  // Law 26: the nine characters of the base game, Riverfolk and the Pack.
  EXPECT_EQ(sc.Labels(), (std::vector<std::string>{
                             "Thief", "Tinker", "Ranger", "Vagrant", "Arbiter",
                             "Scoundrel", "Adventurer", "Harrier", "Ronin"}));
  sc.Choose("Thief");
  EXPECT_EQ(sc.Labels().size(), 7u) << "seven forests on the Autumn map";
  sc.Choose("Forest 3");
  const VagabondBoard& vb = s.vagabond();
  EXPECT_EQ(vb.forest, 2);
  EXPECT_EQ(vb.quests.size(), 3u);
  EXPECT_EQ(vb.quest_deck.size(), 12u);
  EXPECT_EQ(Count(s, kBoot, false, false), 1);
  EXPECT_EQ(Count(s, kTorch, false, false), 1);
  EXPECT_EQ(Count(s, kTea, false, false), 1);
  EXPECT_EQ(Count(s, kSword, false, false), 1);
  int ruins = 0;
  for (int c = 0; c < 12; ++c) ruins += vb.ruin_item[c] > 0;
  EXPECT_EQ(ruins, 4);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

TEST(Vagabond, Law_9_4_1_RefreshThreePlusTwoPerTea) {
  Scenario sc = VagabondGame(kPhaseBirdsong, C(1));
  State& s = sc.s();
  sc.Item(kTea);
  for (int i = 0; i < 3; ++i) sc.Item(kBoot, true);
  for (int i = 0; i < 2; ++i) sc.Item(kSword, true);
  for (int i = 0; i < 2; ++i) sc.Item(kTorch, true);
  sc.Start([](State& s) { Vg()->PushBirdsong(s, kVb); });
  EXPECT_EQ(sc.Key(), "vagabond.refresh");
  EXPECT_EQ(s.prompt().a, 5);
  for (const char* k : {"boot", "boot", "boot", "sword", "sword"}) sc.Choose(k);
  EXPECT_EQ(Count(s, kTorch, true, false), 2);
  EXPECT_EQ(sc.Key(), "vagabond.slip");
}

TEST(Vagabond, Law_9_4_2_SlipToAClearingOrForestIgnoringHostility) {
  Scenario sc = VagabondGame(kPhaseBirdsong, C(1));
  State& s = sc.s();
  s.mutable_vagabond().relation[kEyrie] = kHostile;
  s.SetWarriors(kEyrie, C(5), 3);
  sc.Start([](State& s) { Vg()->PushBirdsong(s, kVb); });
  EXPECT_TRUE(sc.Offers("5 (rabbit)"));
  EXPECT_TRUE(sc.Offers("Forest 1"));
  EXPECT_TRUE(sc.Offers("Forest 2"));
  EXPECT_FALSE(sc.Offers("Forest 3"));
  sc.Choose("Forest 2");
  EXPECT_EQ(s.vagabond().forest, 1);
  EXPECT_EQ(s.vagabond().clearing, -1);
}

TEST(Vagabond,
     Law_9_5_1_MoveCostsABootOrTwoIntoHostileWarriors_And_9_2_3_Nimble) {
  Scenario sc = VagabondGame(kPhaseDaylight, C(1));
  State& s = sc.s();
  sc.Item(kBoot);
  s.mutable_vagabond().relation[kEyrie] = kHostile;
  s.SetWarriors(kEyrie, C(5), 1);
  s.SetWarriors(kMarquise, C(1), 5);  // the Marquise rules both ends
  s.SetWarriors(kMarquise, C(9), 5);
  sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
  sc.Choose("Move (boot)");
  EXPECT_FALSE(sc.Offers("5 (rabbit)")) << "two boots needed";
  EXPECT_TRUE(sc.Offers("9 (mouse)"));
  sc.Choose("9 (mouse)");
  EXPECT_EQ(s.vagabond().clearing, C(9));
  EXPECT_EQ(Count(s, kBoot, true, false), 1);
}

TEST(Vagabond, Law_9_5_1_FromAForestOnlyToItsClearings) {
  Scenario sc = VagabondGame(kPhaseDaylight, -1);
  State& s = sc.s();
  s.mutable_vagabond().forest = 3;  // F4: clearings 3, 6, 11
  sc.Item(kBoot);
  sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
  sc.Choose("Move (boot)");
  EXPECT_EQ(sc.Labels(),
            (std::vector<std::string>{"3 (rabbit)", "6 (fox)", "11 (mouse)"}));
}

TEST(Vagabond,
     Law_9_2_6_And_9_2_7_And_9_2_9_III_SwordsCapHitsDamageItemsHostile) {
  Scenario sc = VagabondGame(kPhaseDaylight, C(5));
  State& s = sc.s();
  sc.Item(kSword);
  sc.Item(kBoot);
  sc.Item(kTorch);
  s.SetWarriors(kEyrie, C(5), 3);
  sc.Dice({3, 2});
  sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
  sc.Choose("Battle (sword)");
  // One sword: one rolled hit. The Eyrie deal two: two items are damaged.
  EXPECT_EQ(sc.Key(), "vagabond.take_hit");
  sc.Choose("boot");
  sc.Choose("torch");
  EXPECT_EQ(s.clearing(C(5)).warriors[kEyrie], 2);
  EXPECT_EQ(Count(s, kBoot, false, true), 1);
  EXPECT_EQ(Count(s, kTorch, false, true), 1);
  EXPECT_EQ(s.vagabond().relation[kEyrie], kHostile);
  EXPECT_EQ(s.seat(kVb).vp, 0)
      << "no Infamy for the warrior that made them Hostile";
}

TEST(Vagabond, Law_9_2_9_III_a_InfamyForHostilePiecesInBattleOnHisTurn) {
  Scenario sc = VagabondGame(kPhaseDaylight, C(5));
  State& s = sc.s();
  for (int i = 0; i < 3; ++i) sc.Item(kSword);
  s.mutable_vagabond().relation[kEyrie] = kHostile;
  s.SetWarriors(kEyrie, C(5), 1);
  s.SetPieces(kRoost, C(5), 1);
  sc.Dice({3, 0});
  sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
  sc.Choose("Battle (sword)");
  // A warrior and a roost: 2 Infamy plus 1 for the building.
  EXPECT_EQ(s.seat(kVb).vp, 3);
}

TEST(Vagabond, Law_9_2_4_WithoutSwordsHeIsDefenseless) {
  Scenario sc = VagabondGame(kPhaseDaylight, C(5), 0, 0);
  State& s = sc.s();
  sc.Item(kBoot);
  sc.Item(kTorch);
  s.SetWarriors(kMarquise, C(5), 1);
  sc.Dice({0, 0});
  sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kVagabond); });
  EXPECT_EQ(sc.Key(), "vagabond.take_hit")
      << "one extra hit though the roll was 0";
  EXPECT_EQ(s.prompt().a, 1);
}

TEST(Vagabond, Law_9_5_3_ExploreTakesTheRuinItemAndScores) {
  Scenario sc = VagabondGame(kPhaseDaylight, C(6));
  State& s = sc.s();
  sc.Item(kTorch);
  s.mutable_vagabond().ruin_item[C(6)] = kHammer + 1;
  ++s.mutable_vagabond().box[kHammer];
  sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
  sc.Choose("Explore the ruin (torch)");
  EXPECT_EQ(Count(s, kHammer, false, false), 1);
  EXPECT_EQ(s.seat(kVb).vp, 1);
  EXPECT_EQ(s.clearing(C(6)).pieces[kRuin], 0);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

TEST(Vagabond, Law_9_5_4_AidImprovesRelationshipsAndTakesAnItem) {
  Scenario sc = VagabondGame(kPhaseDaylight, C(1));
  State& s = sc.s();
  sc.Item(kBoot);
  sc.Item(kTorch);
  s.SetWarriors(kMarquise, C(1), 1);
  s.mutable_item_supply()[kCoin] -= 1;
  s.mutable_seat(0).items[kCoin] = 1;
  const CardId card = sc.Give(kVb, "Anvil", kFox);
  sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
  sc.Choose("Aid");
  sc.Choose("boot");  // which item to exhaust
  EXPECT_EQ(s.vagabond().relation[kMarquise], 1);
  EXPECT_EQ(s.seat(kVb).vp, 1);
  EXPECT_EQ(s.seat(0).hand, std::vector<CardId>{card});
  EXPECT_EQ(sc.Key(), "vagabond.aid.take_item");
  sc.Choose("coin");
  EXPECT_EQ(Count(s, kCoin, false, false), 1);
  EXPECT_EQ(s.seat(0).items[kCoin], 0);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

TEST(Vagabond,
     Law_9_2_9_I_a_And_9_2_9_II_a_NextStepNeedsTwoAidsAlliesScoreTwo) {
  Scenario sc = VagabondGame(kPhaseDaylight, C(1));
  State& s = sc.s();
  s.mutable_vagabond().relation[kMarquise] = 1;
  for (int i = 0; i < 3; ++i) sc.Item(kBoot);
  s.SetWarriors(kMarquise, C(1), 1);
  for (int i = 0; i < 3; ++i) s.DrawCards(kVb, 1);
  for (const char* n : {"Anvil", "Armorers", "Sappers"}) sc.Give(kVb, n);
  auto aid = [&] {
    sc.Choose("Aid");
    if (sc.Key() == "vagabond.aid.card") {
      ASSERT_TRUE(s.Apply(kVb, 0).ok());
    }
  };
  sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
  aid();
  EXPECT_EQ(s.vagabond().relation[kMarquise], 1);
  aid();
  EXPECT_EQ(s.vagabond().relation[kMarquise], 2);
  EXPECT_EQ(s.seat(kVb).vp, 2);
  s.mutable_vagabond().relation[kMarquise] = kAllied;
  aid();
  EXPECT_EQ(s.seat(kVb).vp, 4);
}

TEST(Vagabond, Law_9_5_5_QuestExhaustsItsItemsAndRewards) {
  Scenario sc = VagabondGame(kPhaseDaylight, C(1));
  State& s = sc.s();
  VagabondBoard& vb = s.mutable_vagabond();
  vb.quests = {0};  // Errand (fox): tea and boot
  vb.quest_deck = {1, 2};
  sc.Item(kTea);
  sc.Item(kBoot);
  sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
  sc.Choose("Quest");
  EXPECT_EQ(sc.Key(), "vagabond.quest.reward");
  sc.Choose("Score VP for the quest");
  EXPECT_EQ(s.seat(kVb).vp, 1) << "one fox quest done";
  EXPECT_EQ(s.vagabond().quests_done, std::vector<int8_t>{0});
  EXPECT_EQ(s.vagabond().quests.size(), 1u) << "a new quest was drawn";
  EXPECT_EQ(Count(s, kTea, true, false), 1);
  EXPECT_EQ(Count(s, kBoot, true, false), 1);
}

TEST(Vagabond, Law_9_5_6_StrikeABuildingWhenNoWarriors) {
  Scenario sc = VagabondGame(kPhaseDaylight, C(5));
  State& s = sc.s();
  sc.Item(kCrossbow);
  s.SetPieces(kRoost, C(5), 1);
  sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
  sc.Choose("Strike (crossbow)");
  EXPECT_EQ(s.clearing(C(5)).pieces[kRoost], 0);
  EXPECT_EQ(s.seat(kVb).vp, 1);
  EXPECT_EQ(s.vagabond().relation[kEyrie], 0)
      << "buildings never make a faction Hostile";
}

TEST(Vagabond, Law_9_5_8_CraftWithHammersMatchingHisClearing) {
  Scenario sc = VagabondGame(kPhaseDaylight, C(1));
  State& s = sc.s();
  sc.Item(kHammer);
  sc.Give(kVb, "Foxfolk Steel", kFox);  // fox, fox: two hammers needed
  sc.Give(kVb, "Anvil", kFox);
  sc.Give(kVb, "Crossbow", kBird);  // a second card he can craft: a choice
  sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
  sc.Choose("Craft (hammers)");
  EXPECT_TRUE(sc.Offers("Crossbow (bird)"));
  EXPECT_FALSE(sc.Offers("Foxfolk Steel (fox)"));
  sc.Choose("Anvil (fox)");
  EXPECT_EQ(Count(s, kHammer, true, false), 1);
  EXPECT_EQ(Count(s, kHammer, false, false), 1)
      << "the crafted hammer arrives face up";
  EXPECT_EQ(s.seat(kVb).vp, 2);
}

// Law 4.1.1 with 10.2.1's note: a crafting piece's suit is its clearing's,
// and the Lost City's clearing is every suit, so there his hammers pay an
// icon of any suit.
TEST(Vagabond, Law_4_1_1_HammersInTheLostCityPayAnySuit) {
  Scenario sc = VagabondGame(kPhaseDaylight, C(10));  // printed rabbit
  State& s = sc.s();
  SetUpLandmark(s, kLandmarkLostCity, C(10));
  sc.Item(kHammer);
  sc.Give(kVb, "Anvil", kFox);      // fox
  sc.Give(kVb, "Crossbow", kBird);  // a second card he can craft: a choice
  sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
  sc.Choose("Craft (hammers)");
  sc.Choose("Anvil (fox)");
  EXPECT_EQ(Count(s, kHammer, true, false), 1) << "his hammer paid";
  EXPECT_EQ(s.seat(kVb).vp, 2);
}

// Law 9.5.5: a quest matching his clearing; the Lost City matches all.
TEST(Vagabond, Law_9_5_5_AQuestOfAnySuitInTheLostCity) {
  Scenario sc = VagabondGame(kPhaseDaylight, C(10));  // printed rabbit
  State& s = sc.s();
  SetUpLandmark(s, kLandmarkLostCity, C(10));
  s.mutable_vagabond().quests = {0};  // Errand (fox): tea and boot
  s.mutable_vagabond().quest_deck = {1, 2};
  sc.Item(kTea);
  sc.Item(kBoot);
  sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
  EXPECT_TRUE(sc.Offers("Quest"));
}

TEST(Vagabond, Law_9_5_9_TheThiefSteals) {
  Scenario sc = VagabondGame(kPhaseDaylight, C(1));
  State& s = sc.s();
  sc.Item(kTorch);
  s.SetWarriors(kMarquise, C(1), 1);
  sc.Give(0, "Anvil");
  sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
  sc.Choose("Thief special action (torch)");
  EXPECT_EQ(s.seat(kVb).hand.size(), 1u);
  EXPECT_TRUE(s.seat(0).hand.empty());
}

TEST(Vagabond, Law_9_5_9_TheRangerHidesOutAndDaylightEnds) {
  Scenario sc = VagabondGame(kPhaseDaylight, C(1), 2);
  State& s = sc.s();
  sc.Item(kTorch);
  sc.Item(kBoot, false, true);
  sc.Item(kSword, false, true);
  sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
  sc.Choose("Ranger special action (torch)");
  sc.Choose("damaged boot");
  EXPECT_EQ(Count(s, kBoot, false, true) + Count(s, kSword, false, true), 0);
  EXPECT_TRUE(sc.Paused()) << "Daylight ended";
}

TEST(Vagabond, Law_9_2_5_I_ATrackHoldsThreeItems) {
  Scenario sc = VagabondGame(kPhaseEvening, C(1));
  State& s = sc.s();
  for (int i = 0; i < 4; ++i) sc.Item(kCoin);
  for (int i = 0; i < 6; ++i) sc.Item(kSword);
  sc.Start([](State& s) { Vg()->PushEvening(s, kVb); });
  EXPECT_EQ(s.seat(kVb).hand.size(), 4u) << "1 + 3 coins on the track";
  EXPECT_EQ(sc.Key(), "vagabond.item_limit")
      << "the fourth coin sits in the Satchel: 7 items, limit 6";
}

TEST(Vagabond, Law_9_6_RestDrawAndItemLimit) {
  Scenario sc = VagabondGame(kPhaseEvening, -1);
  State& s = sc.s();
  s.mutable_vagabond().forest = 0;
  sc.Item(kCoin);
  sc.Item(kBoot, false, true);
  for (int i = 0; i < 6; ++i) sc.Item(kSword, true);
  sc.Start([](State& s) { Vg()->PushEvening(s, kVb); });
  EXPECT_EQ(Count(s, kBoot, false, true), 0) << "rested in a forest";
  EXPECT_EQ(s.seat(kVb).hand.size(), 2u) << "1 + 1 coin";
  EXPECT_EQ(sc.Key(), "vagabond.item_limit") << "7 in the Satchel, limit 6";
  sc.Choose("sword");
  EXPECT_EQ(s.vagabond().removed[kSword], 1);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

TEST(Vagabond, Law_9_2_2_I_And_9_2_7_LoneWandererDamagesThreeItemsNotRemoved) {
  Scenario sc = VagabondGame(kPhaseDaylight, C(1), 0, 0);
  State& s = sc.s();
  for (int c : {1, 6, 8}) s.SetPieces(kWorkshop, C(c), 1);
  for (int k : {kBoot, kTorch, kSword, kTea}) sc.Item(k);
  sc.Give(0, "Favor of the Foxes");
  sc.Start([](State& s) { PushCraft(s, 0); });
  sc.Choose("Favor of the Foxes (fox)");
  EXPECT_EQ(sc.Key(), "vagabond.lone_wanderer");
  sc.Choose("boot");
  sc.Choose("torch");
  sc.Choose("tea");
  EXPECT_EQ(s.vagabond().clearing, C(1)) << "the pawn stays";
  EXPECT_EQ(Count(s, kSword, false, false), 1);
}

TEST(Vagabond,
     Law_9_2_9_II_c_And_9_2_9_II_d_FightingWithAnAllyAndLosingItsWarriors) {
  Scenario sc = VagabondGame(kPhaseDaylight, C(5));
  State& s = sc.s();
  s.mutable_vagabond().relation[kMarquise] = kAllied;
  sc.Item(kSword);
  s.SetWarriors(kMarquise, C(5), 3);
  s.SetWarriors(kEyrie, C(5), 4);
  sc.Dice({3, 2});
  sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
  sc.Choose("Battle (sword)");
  sc.Choose("Battle Eyrie Dynasties in 5 (rabbit)");
  sc.Choose("Marquise de Cat");
  // Cap 1 sword + 3 allied warriors: 3 rolled hits.
  EXPECT_EQ(s.clearing(C(5)).warriors[kEyrie], 1);
  ASSERT_EQ(sc.Key(), "vagabond.take_hit");
  sc.Choose("Marquise de Cat");
  sc.Choose("Marquise de Cat");
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 1);
  EXPECT_EQ(s.vagabond().relation[kMarquise], kHostile)
      << "2 allied warriors lost, 0 items";
}

TEST(Vagabond, Law_9_2_8_CoalitionWinsWithItsPartner) {
  Scenario sc = VagabondGame(kPhaseDaylight, C(1));
  State& s = sc.s();
  s.mutable_seat(kVb).vp = 12;
  s.mutable_seat(0).vp = 5;
  s.mutable_seat(1).vp = 9;
  s.mutable_seat(2).vp = 5;
  sc.Give(kVb, "Dominance", kFox);
  sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
  sc.Choose("Activate Dominance (fox)");
  EXPECT_EQ(sc.Key(), "vagabond.coalition");
  EXPECT_EQ(sc.Labels(),
            (std::vector<std::string>{"Marquise de Cat", "Woodland Alliance"}));
  sc.Choose("Woodland Alliance");
  EXPECT_EQ(s.vagabond().coalition, 2);
  s.mutable_seat(2).vp = 30;  // the partner reaches 30 ...
  sc.Choose("Done");          // ... noticed at the next step of play
  ASSERT_TRUE(s.IsTerminal());
  EXPECT_EQ(s.winners(), (std::vector<int8_t>{2, kVb}));
}

TEST(Vagabond, Law_1_2_ItemsArePublicRuinItemsHidden) {
  Scenario sc = VagabondGame(kPhaseDaylight, C(1));
  State& s = sc.s();
  sc.Item(kSword);
  const Observation o = Observe(s, 0);
  ASSERT_EQ(o.vagabond_items.size(), 1u);
  EXPECT_EQ(o.vagabond_items[0].kind, kSword);
}

}  // namespace
}  // namespace woodland::rules::testing

namespace woodland::rules::testing {
namespace {

TEST(Vagabond, Cards_StandAndDeliverOnTheVagabondAndArmorersForHim) {
  Scenario sc = VagabondGame(kPhaseBirdsong, C(5), 0, 0);
  State& s = sc.s();
  sc.Craft(0, "Stand and Deliver!");
  sc.Give(kVb, "Anvil");
  sc.Start(
      [](State& s) { s.Push(Task{.kind = kTaskBirdsongCards, .seat = 0}); });
  sc.Choose("Stand and Deliver!: Vagabond");
  EXPECT_EQ(s.seat(0).hand.size(), 1u);
  EXPECT_EQ(s.seat(kVb).vp, 1);

  // Armorers in the Vagabond's play area ignore the rolled hits he takes.
  Scenario sc2 = VagabondGame(kPhaseDaylight, C(5), 0, 0);
  State& s2 = sc2.s();
  sc2.Craft(kVb, "Armorers");
  sc2.Item(kSword);
  s2.SetWarriors(kMarquise, C(5), 3);
  sc2.Dice({3, 1});
  sc2.Start([](State& s) { PushBattle(s, C(5), kMarquise, kVagabond); });
  EXPECT_EQ(sc2.Key(), "battle.effect");
  EXPECT_EQ(s2.deciding_seat(), kVb);
  sc2.Choose("Armorers (bird)");
  EXPECT_EQ(Count(s2, kSword, false, false), 1) << "no item damaged";
  EXPECT_EQ(s2.clearing(C(5)).warriors[kMarquise], 2);
  EXPECT_EQ(s2.vagabond().relation[kMarquise], kHostile);
}

}  // namespace
}  // namespace woodland::rules::testing

namespace woodland::rules::testing {
namespace {

TEST(Vagabond, Law_9_2_9_II_b_AlliedWarriorsMovedByHimCauseNoOutrage) {
  // FAQ (8th printing): Alliance warriors the Vagabond moves (by force, Law
  // 1.5.5) into a sympathetic clearing do not trigger Outrage. Other allied
  // warriors do, and their owner pays
  // (Law_1_5_5_ForcedAlliedWarriorsTheirOwnerPaysOutrage).
  Scenario sc = VagabondGame(kPhaseDaylight, C(1));
  State& s = sc.s();
  s.mutable_vagabond().relation[kAlliance] = kAllied;
  sc.Item(kBoot);
  s.SetWarriors(kAlliance, C(1), 3);
  s.SetPieces(kSympathy, C(5), 1);
  sc.Give(kVb, "Bake Sale", kRabbit);
  sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
  sc.Choose("Move (boot)");
  sc.Choose("5 (rabbit)");
  sc.Choose("With 2 Woodland Alliance warriors");
  EXPECT_EQ(s.clearing(C(5)).warriors[kAlliance], 2);
  EXPECT_TRUE(s.alliance().supporters.empty()) << "no Outrage";
  EXPECT_EQ(s.seat(kVb).hand.size(), 1u);
  EXPECT_EQ(s.vagabond().clearing, C(5));
}

TEST(Vagabond, Law_1_5_5_ForcedAlliedWarriorsTheirOwnerPaysOutrage) {
  // Law 9.2.9.II.b: the Vagabond *forces* allied warriors to move; Law 1.5.5
  // resolves that as the owner's own move, so the owner (not the Vagabond)
  // moved warriors into a sympathetic clearing and pays Outrage (8.2.6).
  Scenario sc = VagabondGame(kPhaseDaylight, C(1));
  State& s = sc.s();
  s.mutable_vagabond().relation[kMarquise] = kAllied;
  sc.Item(kBoot);
  s.SetWarriors(kMarquise, C(1), 3);
  s.SetPieces(kSympathy, C(5), 1);
  sc.Give(kVb, "Bake Sale", kRabbit);
  const CardId card = sc.Give(0, "Root Tea", kRabbit);
  sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
  sc.Choose("Move (boot)");
  sc.Choose("5 (rabbit)");
  sc.Choose("With 2 Marquise de Cat warriors");
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 2);
  EXPECT_EQ(s.alliance().supporters, std::vector<CardId>{card})
      << "the Marquise, whose warriors moved, gives her matching card";
  EXPECT_TRUE(s.seat(0).hand.empty());
  EXPECT_EQ(s.seat(kVb).hand.size(), 1u) << "the Vagabond pays nothing";
}

TEST(Vagabond, Law_9_2_9_II_b_AlliedWarriorsNeedTheirFactionToRuleAnEnd) {
  // Law 4.2.1: the ally must rule the origin or the destination; allied
  // warriors have no Nimble (9.2.3 is the pawn's).
  Scenario sc = VagabondGame(kPhaseDaylight, C(1));
  State& s = sc.s();
  s.mutable_vagabond().relation[kMarquise] = kAllied;
  sc.Item(kBoot);
  s.SetWarriors(kMarquise, C(1), 2);
  s.SetWarriors(kEyrie, C(1), 3);     // the Eyrie rule the origin
  s.SetWarriors(kMarquise, C(9), 1);  // the Marquise rule 9, not 5
  sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
  sc.Choose("Move (boot)");
  sc.Choose("5 (rabbit)");
  EXPECT_EQ(s.vagabond().clearing, C(5)) << "moved alone: nothing to ask";
  EXPECT_EQ(s.clearing(C(1)).warriors[kMarquise], 2);

  Scenario sc2 = VagabondGame(kPhaseDaylight, C(1));
  State& s2 = sc2.s();
  s2.mutable_vagabond().relation[kMarquise] = kAllied;
  sc2.Item(kBoot);
  s2.SetWarriors(kMarquise, C(1), 2);
  s2.SetWarriors(kEyrie, C(1), 3);
  s2.SetWarriors(kMarquise, C(9), 1);
  sc2.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
  sc2.Choose("Move (boot)");
  sc2.Choose("9 (mouse)");
  ASSERT_EQ(sc2.Key(), "vagabond.move.allies");
  sc2.Choose("With 2 Marquise de Cat warriors");
  EXPECT_EQ(s2.clearing(C(9)).warriors[kMarquise], 3);
}

}  // namespace
}  // namespace woodland::rules::testing

// Issue 9, points 4-6 and 10: which item, on which side.
namespace woodland::rules::testing {
namespace {

TEST(Vagabond, Law_9_6_1_RestMovesDamagedItemsToTheSatchelFaceUp) {
  Scenario sc = VagabondGame(kPhaseEvening, -1);
  State& s = sc.s();
  s.mutable_vagabond().forest = 0;
  sc.Item(kBoot, true, true);    // exhausted and damaged
  sc.Item(kTorch, false, true);  // face up and damaged
  sc.Item(kSword, true);         // exhausted, undamaged: Rest leaves it
  sc.Start([](State& s) { Vg()->PushEvening(s, kVb); });
  EXPECT_EQ(Count(s, kBoot, false, false), 1) << "flipped face up";
  EXPECT_EQ(Count(s, kTorch, false, false), 1);
  EXPECT_EQ(Count(s, kSword, true, false), 1) << "not a damaged item";
}

TEST(Vagabond, Law_9_6_1_NoRestInAClearing) {
  Scenario sc = VagabondGame(kPhaseEvening, C(1));
  State& s = sc.s();
  sc.Item(kBoot, true, true);
  sc.Start([](State& s) { Vg()->PushEvening(s, kVb); });
  EXPECT_EQ(Count(s, kBoot, true, true), 1);
}

TEST(Vagabond, Law_9_4_1_RefreshMayFlipADamagedItemWhichStaysDamaged) {
  Scenario sc = VagabondGame(kPhaseBirdsong, C(1));
  State& s = sc.s();
  for (int i = 0; i < 3; ++i) sc.Item(kBoot, true);
  sc.Item(kBoot, true, true);
  sc.Start([](State& s) { Vg()->PushBirdsong(s, kVb); });
  ASSERT_EQ(sc.Key(), "vagabond.refresh");
  EXPECT_EQ(sc.Labels(), (std::vector<std::string>{"boot", "damaged boot"}));
  sc.Choose("damaged boot");
  EXPECT_EQ(Count(s, kBoot, false, true), 1) << "face up, still damaged";
  EXPECT_EQ(Count(s, kBoot, true, false), 1) << "three refreshed in all";
  EXPECT_EQ(sc.Key(), "vagabond.slip");
}

TEST(Vagabond, Law_9_4_1_AllExhaustedItemsWithinTheCountAreRefreshed) {
  Scenario sc = VagabondGame(kPhaseBirdsong, C(1));
  State& s = sc.s();
  sc.Item(kBoot, true);
  sc.Item(kSword, true, true);
  sc.Item(kTorch, true);
  sc.Start([](State& s) { Vg()->PushBirdsong(s, kVb); });
  EXPECT_EQ(sc.Key(), "vagabond.slip");
  EXPECT_EQ(Count(s, kBoot, false, false) + Count(s, kSword, false, true) +
                Count(s, kTorch, false, false),
            3);
}

TEST(Vagabond, Law_9_2_7_HeChoosesTheFaceUpOrTheExhaustedCopyToDamage) {
  Scenario sc = VagabondGame(kPhaseDaylight, C(5));
  State& s = sc.s();
  sc.Item(kSword);
  sc.Item(kBoot);
  sc.Item(kBoot, true);
  s.SetWarriors(kEyrie, C(5), 3);
  sc.Dice({3, 1});
  sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
  sc.Choose("Battle (sword)");
  ASSERT_EQ(sc.Key(), "vagabond.take_hit");
  EXPECT_EQ(sc.Labels(), (std::vector<std::string>{"sword", "face-up boot",
                                                   "exhausted boot"}));
  sc.Choose("exhausted boot");
  EXPECT_EQ(Count(s, kBoot, true, true), 1);
  EXPECT_EQ(Count(s, kBoot, false, false), 1) << "the face-up boot is kept";
}

TEST(Vagabond, Law_9_2_2_I_FullRemovalDamagesTheChosenCopy) {
  Scenario sc = VagabondGame(kPhaseDaylight, C(1), 0, 0);
  State& s = sc.s();
  for (int c : {1, 6, 8}) s.SetPieces(kWorkshop, C(c), 1);
  sc.Item(kTorch);
  sc.Item(kTorch, true);
  sc.Item(kSword);
  sc.Item(kBoot);
  sc.Give(0, "Favor of the Foxes");
  sc.Start([](State& s) { PushCraft(s, 0); });
  sc.Choose("Favor of the Foxes (fox)");
  ASSERT_EQ(sc.Key(), "vagabond.lone_wanderer");
  sc.Choose("face-up torch");
  EXPECT_EQ(Count(s, kTorch, false, true), 1);
  EXPECT_EQ(Count(s, kTorch, true, false), 1);
  EXPECT_FALSE(sc.Offers("face-up torch")) << "only one torch left to damage";
  EXPECT_TRUE(sc.Offers("torch"));
}

TEST(Vagabond, Law_9_5_7_RepairKeepsTheSideOfTheChosenCopy) {
  Scenario sc = VagabondGame(kPhaseDaylight, C(1));
  State& s = sc.s();
  sc.Item(kHammer);
  sc.Item(kBoot, false, true);
  sc.Item(kBoot, true, true);
  sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
  sc.Choose("Repair (hammer)");
  EXPECT_EQ(sc.Labels(), (std::vector<std::string>{"damaged face-up boot",
                                                   "damaged exhausted boot"}));
  sc.Choose("damaged face-up boot");
  EXPECT_EQ(Count(s, kBoot, false, false), 1);
  EXPECT_EQ(Count(s, kBoot, true, true), 1);
  EXPECT_EQ(Count(s, kHammer, true, false), 1);
}

TEST(Vagabond, Law_9_6_4_ItemsOnTheTracksCannotBeRemoved) {
  Scenario sc = VagabondGame(kPhaseEvening, C(1));
  State& s = sc.s();
  sc.Item(kTea);   // on the Refresh track
  sc.Item(kCoin);  // on the coin track
  for (int i = 0; i < 6; ++i) sc.Item(kSword, true);
  sc.Item(kBoot, false, true);  // Damaged box
  sc.Start([](State& s) { Vg()->PushEvening(s, kVb); });
  ASSERT_EQ(sc.Key(), "vagabond.item_limit") << "7 in Satchel and Damaged box";
  EXPECT_EQ(sc.Labels(), (std::vector<std::string>{"sword", "damaged boot"}));
  sc.Choose("damaged boot");
  EXPECT_EQ(s.vagabond().removed[kBoot], 1);
  EXPECT_EQ(Count(s, kTea, false, false), 1);
}

TEST(Vagabond, Law_9_6_4_AFaceUpItemBeyondItsTrackAndExhaustedOnesMayGo) {
  Scenario sc = VagabondGame(kPhaseEvening, C(1));
  State& s = sc.s();
  for (int i = 0; i < 4; ++i) sc.Item(kTea);  // the fourth is in the Satchel
  sc.Item(kTea, true);                        // exhausted: in the Satchel
  for (int i = 0; i < 3; ++i) sc.Item(kHammer);
  for (int i = 0; i < 2; ++i) sc.Item(kHammer, true);
  sc.Start([](State& s) { Vg()->PushEvening(s, kVb); });
  ASSERT_EQ(sc.Key(), "vagabond.item_limit") << "7 in the Satchel, limit 6";
  EXPECT_EQ(sc.Labels(),
            (std::vector<std::string>{"face-up tea", "exhausted tea",
                                      "face-up hammer", "exhausted hammer"}));
  sc.Choose("exhausted hammer");
  EXPECT_EQ(Count(s, kHammer, true, false), 1);
  EXPECT_EQ(Count(s, kHammer, false, false), 3);
}

}  // namespace
}  // namespace woodland::rules::testing

// Issue 9, point 9: coalition partners are not enemies (Law 9.2.8, 21.8).
namespace woodland::rules::testing {
namespace {

TEST(Vagabond, Law_9_2_8_HeNeitherBattlesNorStrikesHisCoalitionPartner) {
  Scenario sc = VagabondGame(kPhaseDaylight, C(5));
  State& s = sc.s();
  s.mutable_vagabond().coalition = 2;  // the Alliance
  sc.Item(kSword);
  sc.Item(kCrossbow);
  s.SetWarriors(kAlliance, C(5), 2);
  sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
  EXPECT_FALSE(sc.Offers("Battle (sword)"));
  EXPECT_FALSE(sc.Offers("Strike (crossbow)"));

  s.SetWarriors(kEyrie, C(5), 1);
  s.SetWarriors(kMarquise, C(5), 1);
  sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
  sc.Choose("Battle (sword)");
  EXPECT_EQ(sc.Labels(),
            (std::vector<std::string>{"Battle Marquise de Cat in 5 (rabbit)",
                                      "Battle Eyrie Dynasties in 5 (rabbit)"}));
  sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
  sc.Choose("Strike (crossbow)");
  EXPECT_EQ(sc.Labels(),
            (std::vector<std::string>{"Marquise de Cat", "Eyrie Dynasties"}));
}

TEST(Vagabond, Law_9_2_8_HisCoalitionPartnerCannotBattleHim) {
  Scenario sc = VagabondGame(kPhaseDaylight, C(5), 0, 2);
  State& s = sc.s();
  s.mutable_vagabond().coalition = 2;
  s.SetWarriors(kAlliance, C(5), 2);
  EXPECT_TRUE(LegalBattles(s, kAlliance, -1).empty());
  s.SetWarriors(kMarquise, C(5), 1);
  EXPECT_EQ(LegalBattles(s, kAlliance, -1).size(), 1u) << "the Marquise only";
  EXPECT_EQ(LegalBattles(s, kMarquise, -1).size(), 2u)
      << "others may still battle both";
}

TEST(Vagabond, Law_9_2_8_RevoltSparesTheCoalitionPartner) {
  Scenario sc = VagabondGame(kPhaseBirdsong, C(2), 0, 2);
  State& s = sc.s();
  s.mutable_vagabond().coalition = 2;
  for (int k : {kBoot, kTorch, kSword}) sc.Item(k);
  s.SetPieces(kSympathy, C(2), 1);
  sc.Supporter("Mouse-in-a-Sack", kMouse);
  sc.Supporter("Sappers", kBird);
  sc.Start([](State& s) { GetFaction(kAlliance)->PushBirdsong(s, 2); });
  ASSERT_EQ(sc.Key(), "alliance.revolt");
  sc.Choose("2 (mouse)");
  EXPECT_NE(sc.Key(), "vagabond.lone_wanderer");
  EXPECT_EQ(Count(s, kBoot, false, false) + Count(s, kTorch, false, false) +
                Count(s, kSword, false, false),
            3)
      << "no item damaged";
}

TEST(Vagabond, Law_9_2_8_AFavorSparesTheCoalitionPartner) {
  Scenario sc = VagabondGame(kPhaseDaylight, C(1), 0, 0);
  State& s = sc.s();
  s.mutable_vagabond().coalition = 0;  // the Marquise
  for (int c : {1, 6, 8}) s.SetPieces(kWorkshop, C(c), 1);
  for (int k : {kBoot, kTorch, kSword}) sc.Item(k);
  s.SetWarriors(kEyrie, C(1), 2);
  sc.Give(0, "Favor of the Foxes");
  sc.Start([](State& s) { PushCraft(s, 0); });
  sc.Choose("Favor of the Foxes (fox)");
  EXPECT_NE(sc.Key(), "vagabond.lone_wanderer");
  EXPECT_EQ(Count(s, kBoot, false, false) + Count(s, kTorch, false, false) +
                Count(s, kSword, false, false),
            3)
      << "no item damaged";
  EXPECT_EQ(s.clearing(C(1)).warriors[kEyrie], 0) << "enemies are removed";
}

}  // namespace
}  // namespace woodland::rules::testing

// Table-driven checks of every Vagabond number, from the Law (and the
// board and character cards it transcribes), never from engine tables.
namespace woodland::rules::testing {
namespace {

// One Aid to the Marquise in fox clearing 1 (a card and a boot each).
void AidMarquise(Scenario& sc) {
  sc.Choose("Aid");
  if (sc.Key() == "vagabond.aid.card") {
    ASSERT_TRUE(sc.s().Apply(kVb, 0).ok());
  }
}

Scenario AidGame(int relation, int aids) {
  Scenario sc = VagabondGame(kPhaseDaylight, C(1));
  State& s = sc.s();
  s.mutable_vagabond().relation[kMarquise] = static_cast<int8_t>(relation);
  s.SetWarriors(kMarquise, C(1), 1);
  for (int i = 0; i < aids; ++i) {
    sc.Item(kBoot);
    sc.Give(kVb, "Tax Collector", kFox);
  }
  sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
  return sc;
}

TEST(Vagabond, Law_9_2_9_I_a_b_EachStepNeedsItsAidsInOneTurnAndScores) {
  // The Relationships chart: Indifferent -> +1 -> +2 -> Allied costs 1, 2
  // and 3 Aids in one turn and scores 1, 2 and 2 VP.
  struct Row {
    int from, aids, vp;
  };
  for (const Row& r : {Row{0, 1, 1}, Row{1, 2, 2}, Row{2, 3, 2}}) {
    SCOPED_TRACE(r.from);
    Scenario sc = AidGame(r.from, r.aids);
    State& s = sc.s();
    for (int i = 1; i < r.aids; ++i) AidMarquise(sc);
    EXPECT_EQ(s.vagabond().relation[kMarquise], r.from) << "one Aid short";
    EXPECT_EQ(s.seat(kVb).vp, 0);
    AidMarquise(sc);
    EXPECT_EQ(s.vagabond().relation[kMarquise], r.from + 1);
    EXPECT_EQ(s.seat(kVb).vp, r.vp);
  }
}

TEST(Vagabond, Law_9_2_9_I_a_AnAidCountsTowardOneStepOnly) {
  Scenario sc = AidGame(0, 3);
  State& s = sc.s();
  AidMarquise(sc);  // Indifferent -> +1
  AidMarquise(sc);
  EXPECT_EQ(s.vagabond().relation[kMarquise], 1) << "the next step needs 2";
  AidMarquise(sc);
  EXPECT_EQ(s.vagabond().relation[kMarquise], 2);
  EXPECT_EQ(s.seat(kVb).vp, 1 + 2);
}

TEST(Vagabond, Law_9_2_9_I_a_AidsOfAnEarlierTurnDoNotCount) {
  Scenario sc = AidGame(1, 1);
  State& s = sc.s();
  AidMarquise(sc);
  sc.Item(kBoot);
  sc.Give(kVb, "Tax Collector", kFox);
  sc.Start([](State& s) { Vg()->PushBirdsong(s, kVb); });  // a new turn
  sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
  AidMarquise(sc);
  EXPECT_EQ(s.vagabond().relation[kMarquise], 1);
  EXPECT_EQ(s.seat(kVb).vp, 0);
}

TEST(Vagabond, Law_9_2_9_II_a_EveryAidToAnAllyScoresTwo) {
  Scenario sc = AidGame(kAllied, 3);
  State& s = sc.s();
  for (int i = 1; i <= 3; ++i) {
    AidMarquise(sc);
    EXPECT_EQ(s.seat(kVb).vp, 2 * i);
  }
  EXPECT_EQ(s.vagabond().relation[kMarquise], kAllied);
}

TEST(Vagabond, Law_9_2_9_III_c_AidingAHostileFactionScoresNothing) {
  Scenario sc = AidGame(kHostile, 3);
  State& s = sc.s();
  for (int i = 0; i < 3; ++i) AidMarquise(sc);
  EXPECT_EQ(s.vagabond().relation[kMarquise], kHostile);
  EXPECT_EQ(s.seat(kVb).vp, 0);
}

TEST(Vagabond, Law_9_5_1_And_9_2_9_III_b_BootsPerMove) {
  struct Row {
    bool hostile;        // the Eyrie are Hostile
    int eyrie_warriors;  // in the destination, 5
    int boots;
    bool offered;
    int exhausted;
  };
  for (const Row& r : {Row{false, 0, 1, true, 1}, Row{false, 2, 1, true, 1},
                       Row{true, 0, 1, true, 1}, Row{true, 1, 1, false, 0},
                       Row{true, 1, 2, true, 2}, Row{true, 1, 3, true, 2}}) {
    SCOPED_TRACE(::testing::Message()
                 << r.hostile << r.eyrie_warriors << r.boots);
    Scenario sc = VagabondGame(kPhaseDaylight, C(1));
    State& s = sc.s();
    if (r.hostile) s.mutable_vagabond().relation[kEyrie] = kHostile;
    s.SetWarriors(kEyrie, C(5), r.eyrie_warriors);
    s.SetPieces(kRoost, C(5), 1);  // a Hostile building costs nothing
    for (int i = 0; i < r.boots; ++i) sc.Item(kBoot);
    sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
    sc.Choose("Move (boot)");
    EXPECT_EQ(sc.Offers("5 (rabbit)"), r.offered);
    if (!r.offered) continue;
    sc.Choose("5 (rabbit)");
    EXPECT_EQ(Count(s, kBoot, true, false), r.exhausted);
    EXPECT_EQ(Count(s, kBoot, false, false), r.boots - r.exhausted);
  }
}

TEST(Vagabond, Law_9_4_2_SlipExhaustsNoBoot) {
  Scenario sc = VagabondGame(kPhaseBirdsong, C(1));
  State& s = sc.s();
  sc.Item(kBoot);
  sc.Start([](State& s) { Vg()->PushBirdsong(s, kVb); });
  sc.Choose("5 (rabbit)");
  EXPECT_EQ(Count(s, kBoot, false, false), 1);
}

TEST(Vagabond, Law_9_5_ActionsExhaustExactlyTheirItems) {
  struct Row {
    const char* action;
    int item;
  };
  // Battle: a sword (9.5.2); Strike: a crossbow (9.5.6); Explore: a torch
  // (9.5.3); Steal: a torch (26.1.2).
  for (const Row& r :
       {Row{"Battle (sword)", kSword}, Row{"Strike (crossbow)", kCrossbow},
        Row{"Explore the ruin (torch)", kTorch},
        Row{"Thief special action (torch)", kTorch}}) {
    SCOPED_TRACE(r.action);
    Scenario sc = VagabondGame(kPhaseDaylight, C(6));
    State& s = sc.s();
    for (int k : {kSword, kCrossbow, kTorch, kBoot, kHammer}) {
      sc.Item(k);
      sc.Item(k);
    }
    s.SetWarriors(kMarquise, C(6), 2);
    sc.Give(0, "Anvil");
    s.mutable_vagabond().ruin_item[C(6)] = kSack + 1;
    ++s.mutable_vagabond().box[kSack];
    sc.Dice({0, 0});
    sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
    sc.Choose(r.action);
    for (int k : {kSword, kCrossbow, kTorch, kBoot, kHammer}) {
      EXPECT_EQ(Count(s, k, true, false), k == r.item ? 1 : 0) << k;
    }
  }
}

TEST(Vagabond, Law_9_5_3_ExploringScoresOneAndExhaustsOneTorch) {
  Scenario sc = VagabondGame(kPhaseDaylight, C(6));
  State& s = sc.s();
  sc.Item(kTorch);
  sc.Item(kTorch);
  s.mutable_vagabond().ruin_item[C(6)] = kBoot + 1;
  ++s.mutable_vagabond().box[kBoot];
  sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
  sc.Choose("Explore the ruin (torch)");
  EXPECT_EQ(Count(s, kTorch, true, false), 1);
  EXPECT_EQ(Count(s, kTorch, false, false), 1);
  EXPECT_EQ(Count(s, kBoot, false, false), 1);
  EXPECT_EQ(s.seat(kVb).vp, 1);
}

TEST(Vagabond, Law_9_5_8_OneHammerPerCraftingIcon) {
  struct Row {
    const char* card;
    int icons;
    const char* suit;
  };
  // Royal Claim: four "any" icons (the hammers match fox clearing 1).
  for (const Row& r :
       {Row{"Anvil", 1, "fox"}, Row{"Foxfolk Steel", 2, "fox"},
        Row{"Favor of the Foxes", 3, "fox"}, Row{"Royal Claim", 4, "bird"}}) {
    SCOPED_TRACE(r.card);
    Scenario sc = VagabondGame(kPhaseDaylight, C(1));
    State& s = sc.s();
    for (int i = 0; i < 4; ++i) sc.Item(kHammer);
    sc.Give(kVb, r.card);
    sc.Give(kVb, "Crossbow", kBird);  // a second craftable card: a choice
    sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
    sc.Choose("Craft (hammers)");
    sc.Choose(std::string(r.card) + " (" + r.suit + ")");
    EXPECT_EQ(Count(s, kHammer, true, false), r.icons);
  }
}

TEST(Vagabond, Law_9_5_4_AidExhaustsAnyOneItemOfHisChoice) {
  Scenario sc = VagabondGame(kPhaseDaylight, C(1));
  State& s = sc.s();
  sc.Item(kBoot);
  sc.Item(kSword);
  sc.Item(kTorch, false, true);  // damaged: cannot be exhausted
  s.SetWarriors(kMarquise, C(1), 1);
  sc.Give(kVb, "Anvil", kFox);
  sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
  sc.Choose("Aid");
  EXPECT_EQ(sc.Labels(), (std::vector<std::string>{"boot", "sword"}));
  sc.Choose("sword");
  EXPECT_EQ(Count(s, kSword, true, false), 1);
  EXPECT_EQ(Count(s, kBoot, false, false), 1);
}

TEST(Vagabond, Law_9_2_6_UndamagedSwordsCapHisRolledHits) {
  struct Row {
    int face_up, exhausted, damaged, hits;
  };
  // One face-up sword is exhausted to battle; face-down swords count,
  // damaged ones do not. The roll is 3.
  for (const Row& r : {Row{1, 0, 0, 1}, Row{2, 0, 0, 2}, Row{3, 0, 0, 3},
                       Row{1, 1, 0, 2}, Row{1, 0, 2, 1}, Row{1, 1, 2, 2}}) {
    SCOPED_TRACE(::testing::Message() << r.face_up << r.exhausted << r.damaged);
    Scenario sc = VagabondGame(kPhaseDaylight, C(5));
    State& s = sc.s();
    for (int i = 0; i < r.face_up; ++i) sc.Item(kSword);
    for (int i = 0; i < r.exhausted; ++i) sc.Item(kSword, true);
    for (int i = 0; i < r.damaged; ++i) sc.Item(kSword, false, true);
    s.SetWarriors(kEyrie, C(5), 4);
    sc.Dice({3, 0});
    sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
    sc.Choose("Battle (sword)");
    EXPECT_EQ(s.clearing(C(5)).warriors[kEyrie], 4 - r.hits);
  }
}

TEST(Vagabond, Law_9_2_4_DefenselessWithoutAnUndamagedSword) {
  struct Row {
    bool exhausted_sword, damaged_sword, defenseless;
  };
  for (const Row& r : {Row{false, false, true}, Row{false, true, true},
                       Row{true, false, false}}) {
    SCOPED_TRACE(::testing::Message() << r.exhausted_sword << r.damaged_sword);
    Scenario sc = VagabondGame(kPhaseDaylight, C(5), 0, 0);
    State& s = sc.s();
    sc.Item(kBoot);
    sc.Item(kTorch);
    if (r.exhausted_sword) sc.Item(kSword, true);
    if (r.damaged_sword) sc.Item(kSword, false, true);
    s.SetWarriors(kMarquise, C(5), 1);
    sc.Dice({0, 0});
    sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kVagabond); });
    if (r.defenseless) {
      ASSERT_EQ(sc.Key(), "vagabond.take_hit");
      EXPECT_EQ(s.prompt().a, 1) << "one extra hit";
    } else {
      EXPECT_TRUE(sc.Paused()) << "no hit";
    }
  }
}

TEST(Vagabond, Law_9_4_1_RefreshesThreePlusTwoPerTeaOnTheTrack) {
  // At most three teas sit on the track (9.2.5.I); an exhausted tea is not
  // on it.
  struct Row {
    int teas, exhausted_teas, count;
  };
  for (const Row& r : {Row{0, 0, 3}, Row{1, 0, 5}, Row{2, 0, 7}, Row{3, 0, 9},
                       Row{4, 0, 9}, Row{1, 2, 5}}) {
    SCOPED_TRACE(::testing::Message() << r.teas << " " << r.exhausted_teas);
    Scenario sc = VagabondGame(kPhaseBirdsong, C(1));
    State& s = sc.s();
    for (int i = 0; i < r.teas; ++i) sc.Item(kTea);
    for (int i = 0; i < r.exhausted_teas; ++i) sc.Item(kTea, true);
    for (int i = 0; i < 10; ++i) sc.Item(kBoot, true);
    sc.Item(kSword, true);
    sc.Start([](State& s) { Vg()->PushBirdsong(s, kVb); });
    ASSERT_EQ(sc.Key(), "vagabond.refresh");
    EXPECT_EQ(s.prompt().a, r.count);
  }
}

TEST(Vagabond, Law_9_6_2_DrawsOnePlusOnePerCoinOnTheTrack) {
  struct Row {
    int coins, exhausted_coins, draw;
  };
  for (const Row& r : {Row{0, 0, 1}, Row{1, 0, 2}, Row{2, 0, 3}, Row{3, 0, 4},
                       Row{4, 0, 4}, Row{1, 1, 2}}) {
    SCOPED_TRACE(::testing::Message() << r.coins << " " << r.exhausted_coins);
    Scenario sc = VagabondGame(kPhaseEvening, C(1));
    State& s = sc.s();
    for (int i = 0; i < r.coins; ++i) sc.Item(kCoin);
    for (int i = 0; i < r.exhausted_coins; ++i) sc.Item(kCoin, true);
    sc.Start([](State& s) { Vg()->PushEvening(s, kVb); });
    EXPECT_EQ(s.seat(kVb).hand.size(), static_cast<size_t>(r.draw));
  }
}

TEST(Vagabond, Law_9_6_3_DiscardsDownToFiveCards) {
  Scenario sc = VagabondGame(kPhaseEvening, C(1));
  State& s = sc.s();
  for (int i = 0; i < 6; ++i) s.DrawCards(kVb, 1);
  sc.Start([](State& s) { Vg()->PushEvening(s, kVb); });  // draws a 7th
  int discarded = 0;
  while (sc.Key() == "discard.hand_limit") {
    ASSERT_TRUE(s.Apply(kVb, 0).ok());
    ++discarded;
  }
  EXPECT_EQ(discarded, 2);
  EXPECT_EQ(s.seat(kVb).hand.size(), 5u);
}

TEST(Vagabond, Law_9_6_4_ItemLimitIsSixPlusTwoPerSackOnTheTrack) {
  // Items counted: Satchel and Damaged box; sacks beyond three and
  // exhausted sacks are in the Satchel.
  struct Row {
    int sacks, exhausted_sacks, limit;
  };
  for (const Row& r : {Row{0, 0, 6}, Row{1, 0, 8}, Row{2, 0, 10}, Row{3, 0, 12},
                       Row{4, 0, 12}, Row{1, 1, 8}}) {
    for (int extra : {0, 1}) {
      SCOPED_TRACE(::testing::Message()
                   << r.sacks << " " << r.exhausted_sacks << " +" << extra);
      Scenario sc = VagabondGame(kPhaseEvening, C(1));
      State& s = sc.s();
      for (int i = 0; i < r.sacks; ++i) sc.Item(kSack);
      for (int i = 0; i < r.exhausted_sacks; ++i) sc.Item(kSack, true);
      const int in_satchel = std::max(0, r.sacks - 3) + r.exhausted_sacks;
      for (int i = in_satchel; i < r.limit + extra; ++i) {
        sc.Item(kHammer, true);
      }
      sc.Start([](State& s) { Vg()->PushEvening(s, kVb); });
      while (sc.Key() == "vagabond.item_limit") {
        ASSERT_TRUE(s.Apply(kVb, 0).ok());
      }
      int removed = 0;
      for (int8_t n : s.vagabond().removed) removed += n;
      EXPECT_EQ(removed, extra);
      EXPECT_TRUE(sc.Paused());
    }
  }
}

TEST(Vagabond, Law_9_5_5_RewardIsVpPerMatchingCompletedQuestOrTwoCards) {
  // Quests 0, 7, 8 are fox (Errand, Fundraising, Give a Speech); 2 is mouse.
  struct Row {
    std::vector<int8_t> done;
    int vp;
  };
  for (const Row& r :
       {Row{{}, 1}, Row{{7}, 2}, Row{{7, 8}, 3}, Row{{2}, 1}, Row{{2, 7}, 2}}) {
    SCOPED_TRACE(r.vp);
    Scenario sc = VagabondGame(kPhaseDaylight, C(1));
    State& s = sc.s();
    VagabondBoard& vb = s.mutable_vagabond();
    vb.quests = {0};  // Errand (fox): tea and boot
    vb.quest_deck = {1};
    vb.quests_done = r.done;
    sc.Item(kTea);
    sc.Item(kBoot);
    sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
    sc.Choose("Quest");
    sc.Choose("Score VP for the quest");
    EXPECT_EQ(s.seat(kVb).vp, r.vp);
  }
  Scenario sc = VagabondGame(kPhaseDaylight, C(1));
  State& s = sc.s();
  s.mutable_vagabond().quests = {0};
  sc.Item(kTea);
  sc.Item(kBoot);
  sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
  sc.Choose("Quest");
  sc.Choose("Draw two cards");
  EXPECT_EQ(s.seat(kVb).hand.size(), 2u);
  EXPECT_EQ(s.seat(kVb).vp, 0);
}

TEST(Vagabond, Law_9_5_5_OnlyQuestsOfHisClearingsSuitWithBothItemsReady) {
  Scenario sc = VagabondGame(kPhaseDaylight, C(1));  // fox
  State& s = sc.s();
  s.mutable_vagabond().quests = {1, 2, 7};  // Errand (rabbit), Escort
  sc.Item(kTea);                            // (mouse), Fundraising (fox)
  sc.Item(kBoot);
  sc.Item(kBoot);
  sc.Item(kCoin, true);  // Fundraising needs a ready coin
  sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
  EXPECT_FALSE(sc.Offers("Quest"));
}

// Law 9.5.5: the new quest is drawn last, after the reward is chosen (the
// player chooses VP or cards without seeing the replacement).
TEST(Vagabond, Law_9_5_5_TheNewQuestIsDrawnAfterTheReward) {
  for (const std::string reward :
       {"Score VP for the quest", "Draw two cards"}) {
    SCOPED_TRACE(reward);
    Scenario sc = VagabondGame(kPhaseDaylight, C(1));  // fox
    State& s = sc.s();
    VagabondBoard& vb = s.mutable_vagabond();
    vb.quests = {0, 3, 4};  // Errand (fox); Expel Bandits rabbit and mouse
    vb.quest_deck = {5};
    sc.Item(kTea);
    sc.Item(kBoot);
    sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
    sc.Choose("Quest");
    ASSERT_EQ(sc.Key(), "vagabond.quest.reward");
    EXPECT_EQ(s.vagabond().quests, (SmallVector<int8_t, 16>{3, 4}))
        << "no replacement before the reward";
    EXPECT_EQ(s.vagabond().quest_deck.size(), 1u);
    sc.Choose(reward);
    EXPECT_EQ(s.vagabond().quests, (SmallVector<int8_t, 16>{3, 4, 5}));
    EXPECT_TRUE(s.vagabond().quest_deck.empty());
  }
}

TEST(Vagabond, Law_26_StartingItemsOfEachOfTheNineCharacters) {
  struct Row {
    const char* name;
    std::vector<int> items;
  };
  for (const Row& r : {Row{"Thief", {kBoot, kTorch, kTea, kSword}},
                       Row{"Tinker", {kBoot, kTorch, kSack, kHammer}},
                       Row{"Ranger", {kBoot, kTorch, kCrossbow, kSword}},
                       Row{"Vagrant", {kCoin, kTorch, kBoot}},
                       Row{"Arbiter", {kBoot, kTorch, kSword, kSword}},
                       Row{"Scoundrel", {kBoot, kBoot, kTorch, kCrossbow}},
                       Row{"Adventurer", {kBoot, kTorch, kHammer}},
                       Row{"Harrier", {kCoin, kTorch, kSword, kCrossbow}},
                       Row{"Ronin", {kBoot, kBoot, kTorch, kSword}}}) {
    SCOPED_TRACE(r.name);
    GameSetup setup;
    setup.factions = {kMarquise, kEyrie, kAlliance, kVagabond};
    setup.first_seat = 0;
    auto st = State::NewGame(setup, 3);
    ASSERT_TRUE(st.ok());
    Scenario sc;
    sc.state = std::make_unique<State>(*std::move(st));
    State& s = sc.s();
    while (sc.Key() != "vagabond.setup.character") {
      ASSERT_TRUE(s.Apply(0).ok());
    }
    sc.Choose(r.name);
    sc.Choose("Forest 1");
    std::vector<int> got;
    for (const VItem& it : s.vagabond().items) {
      EXPECT_FALSE(it.exhausted || it.damaged) << "face up (9.3.5)";
      got.push_back(it.kind);
    }
    std::vector<int> want = r.items;
    std::sort(got.begin(), got.end());
    std::sort(want.begin(), want.end());
    EXPECT_EQ(got, want);
  }
}

TEST(Vagabond, Law_26_2_2_TheTinkerTakesAMatchingOrBirdCardFromTheDiscard) {
  Scenario sc = VagabondGame(kPhaseDaylight, C(1), 1);  // fox clearing
  State& s = sc.s();
  sc.Item(kTorch);
  for (const char* n : {"Anvil", "Sappers", "Codebreakers"}) {
    const CardId id = sc.Give(0, n);
    s.RemoveFromHand(0, id);
    s.Discard(id);
  }
  sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
  sc.Choose("Tinker special action (torch)");
  EXPECT_EQ(sc.Labels(),
            (std::vector<std::string>{"Anvil (fox)", "Sappers (bird)"}));
  sc.Choose("Sappers (bird)");
  EXPECT_EQ(s.seat(kVb).hand.size(), 1u);
  EXPECT_EQ(s.discard().size(), 2u);
  EXPECT_EQ(Count(s, kTorch, true, false), 1);
}

TEST(Vagabond, Law_26_3_2_HideoutRepairsThreeItems) {
  Scenario sc = VagabondGame(kPhaseDaylight, C(1), 2);
  State& s = sc.s();
  sc.Item(kTorch);
  for (int k : {kBoot, kSword, kHammer, kCrossbow}) sc.Item(k, false, true);
  sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
  sc.Choose("Ranger special action (torch)");
  for (const char* k : {"damaged boot", "damaged sword", "damaged hammer"}) {
    sc.Choose(k);
  }
  EXPECT_EQ(Count(s, kCrossbow, false, true), 1) << "only three";
  EXPECT_EQ(Count(s, kTorch, true, false), 1);
  EXPECT_EQ(Count(s, kHammer, false, false), 1) << "no hammer needed";
  EXPECT_TRUE(sc.Paused()) << "Daylight ended";
}

}  // namespace
}  // namespace woodland::rules::testing

namespace woodland::rules::testing {
namespace {

TEST(Vagabond, Law_26_1_2_And_26_2_2_And_26_3_2_SpecialActionPromptsCiteThem) {
  Scenario sc = VagabondGame(kPhaseDaylight, C(1));
  State& s = sc.s();
  sc.Item(kTorch);
  s.SetWarriors(kMarquise, C(1), 1);
  s.SetWarriors(kEyrie, C(1), 1);
  sc.Give(0, "Anvil");
  sc.Give(1, "Sappers");
  sc.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
  sc.Choose("Thief special action (torch)");
  EXPECT_EQ(sc.Key(), "vagabond.special.steal");
  EXPECT_EQ(s.PromptLaw(), "26.1.2");

  Scenario sc2 = VagabondGame(kPhaseDaylight, C(1), 1);
  State& s2 = sc2.s();
  sc2.Item(kTorch);
  for (const char* n : {"Anvil", "Sappers"}) {
    const CardId id = sc2.Give(0, n);
    s2.RemoveFromHand(0, id);
    s2.Discard(id);
  }
  sc2.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
  sc2.Choose("Tinker special action (torch)");
  EXPECT_EQ(sc2.Key(), "vagabond.special.day_labor");
  EXPECT_EQ(s2.PromptLaw(), "26.2.2");

  Scenario sc3 = VagabondGame(kPhaseDaylight, C(1), 2);
  State& s3 = sc3.s();
  sc3.Item(kTorch);
  sc3.Item(kBoot, false, true);
  sc3.Item(kSword, false, true);
  sc3.Start([](State& s) { Vg()->PushDaylight(s, kVb); });
  sc3.Choose("Ranger special action (torch)");
  EXPECT_EQ(sc3.Key(), "vagabond.special.hideout");
  EXPECT_EQ(s3.PromptLaw(), "26.3.2");
}

}  // namespace
}  // namespace woodland::rules::testing
