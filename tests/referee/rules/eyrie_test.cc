// Scenario tests for the Eyrie Dynasties (Law 7).
#include <set>
#include <string>

#include "gtest/gtest.h"
#include "referee/rules/landmarks.h"
#include "tests/referee/rules/scenario.h"

namespace woodland::rules::testing {
namespace {

const FactionModule* Ey() { return GetFaction(kEyrie); }

// Law 7.8.1-7.8.4, in the Law's order.
const char* const kLeaderNames[4] = {"Builder", "Charismatic", "Commander",
                                     "Despot"};

// The Eyrie board of a new game right after choosing leader `name` in setup
// (Law 7.3.3-7.3.4): what the engine gives that leader, not a copy of its
// table (Law_7_8_LoyalViziersByLeaderName checks it against the Law).
EyrieBoard NewGameWithLeader(const std::string& name) {
  GameSetup setup;
  setup.factions = {kMarquise, kEyrie};
  setup.first_seat = 0;
  auto st = State::NewGame(setup, 3);
  EXPECT_TRUE(st.ok());
  Scenario sc;
  sc.state = std::make_unique<State>(*std::move(st));
  while (sc.Key() != "eyrie.leader") EXPECT_TRUE(sc.s().Apply(0).ok());
  sc.Choose(name);
  return sc.s().eyrie();
}

// Puts leader `leader` (index into kLeaderNames) with its viziers as a new
// game gives them.
void SetLeader(State& s, int leader) {
  const EyrieBoard from = NewGameWithLeader(kLeaderNames[leader]);
  s.mutable_eyrie().leader = from.leader;
  s.mutable_eyrie().viziers = from.viziers;
}

Scenario EyrieTurn(Phase phase) {
  Scenario sc;
  sc.s().SetCurrent(1, phase);
  SetLeader(sc.s(), 0);
  return sc;
}

TEST(Eyrie, Law_7_5_1_DaylightCraftsWithRoostsBeforeTheDecree) {
  Scenario sc = EyrieTurn(kPhaseDaylight);
  State& s = sc.s();
  s.SetPieces(kRoost, C(1), 1);
  sc.Give(1, "Anvil");
  sc.Start([](State& s) { Ey()->PushDaylight(s, 1); });
  EXPECT_EQ(sc.Key(), "craft");
  sc.Choose("Anvil (fox)");
  EXPECT_EQ(s.seat(1).items[kHammer], 1);
}

TEST(Eyrie, Law_7_4_1_EmergencyOrdersDrawWhenTheHandIsEmpty) {
  Scenario sc = EyrieTurn(kPhaseBirdsong);
  State& s = sc.s();
  s.SetPieces(kRoost, C(3), 1);
  sc.Start([](State& s) { Ey()->PushBirdsong(s, 1); });
  EXPECT_EQ(sc.Key(), "eyrie.decree.add");
  EXPECT_EQ(s.seat(1).hand.size(), 1u);
  EXPECT_EQ(sc.Labels().size(), 4u) << "one card, four columns, no stopping";
  ASSERT_TRUE(s.Apply(0).ok());
  EXPECT_EQ(s.eyrie().decree[0].size(), 1u);
  EXPECT_TRUE(sc.Paused());
}

TEST(Eyrie, Law_7_4_2_AtMostOneOfTheAddedCardsIsABird) {
  Scenario sc = EyrieTurn(kPhaseBirdsong);
  State& s = sc.s();
  s.SetPieces(kRoost, C(3), 1);
  sc.Give(1, "Sappers");
  sc.Give(1, "Armorers");
  sc.Give(1, "Anvil");
  sc.Start([](State& s) { Ey()->PushBirdsong(s, 1); });
  EXPECT_EQ(sc.Labels().size(), 12u);
  sc.Choose("Add Sappers (bird) to the Recruit column");
  EXPECT_EQ(sc.Labels(), (std::vector<std::string>{
                             "Add Anvil (fox) to the Recruit column",
                             "Add Anvil (fox) to the Move column",
                             "Add Anvil (fox) to the Battle column",
                             "Add Anvil (fox) to the Build column", "Done"}));
  sc.Choose("Add Anvil (fox) to the Build column");
  EXPECT_TRUE(sc.Paused()) << "two cards added";
}

TEST(Eyrie, Law_7_4_3_NewRoostInTheClearingWithFewestWarriors) {
  Scenario sc = EyrieTurn(kPhaseBirdsong);
  State& s = sc.s();
  for (int c = 1; c <= 12; ++c) {
    if (c != 7) s.SetWarriors(kMarquise, C(c), 1);
  }
  sc.Give(1, "Anvil");
  sc.Start([](State& s) { Ey()->PushBirdsong(s, 1); });
  sc.Choose("Add Anvil (fox) to the Move column");
  EXPECT_EQ(s.clearing(C(7)).pieces[kRoost], 1);
  EXPECT_EQ(s.clearing(C(7)).warriors[kEyrie], 3);
  EXPECT_EQ(s.eyrie().roosts, 1);
}

// A Marquise-Eyrie table with the hirelings given as (hireling, demoted),
// their pieces all back in their supplies.
Scenario HirelingTable(std::vector<std::pair<int8_t, bool>> hirelings) {
  GameSetup g;
  g.factions = {kMarquise, kEyrie};
  g.hirelings = std::move(hirelings);
  Scenario sc(g, 61);
  for (HirelingCard& h : sc.s().mutable_hirelings().cards) {
    for (int c = 0; c < kMaxClearings; ++c) {
      h.supply = static_cast<int8_t>(h.supply + h.warriors[c]);
      h.vault_supply = static_cast<int8_t>(h.vault_supply + h.vaults[c]);
      h.warriors[c] = h.vaults[c] = 0;
    }
  }
  sc.s().mutable_hirelings().RecomputeOnMap();
  sc.s().SetCurrent(1, kPhaseBirdsong);
  SetLeader(sc.s(), 0);
  return sc;
}

// Law 7.4.3 with 22.3.3: hireling warriors are warriors too (not faction
// pieces, but "the fewest warriors" counts every warrior there).
TEST(Eyrie, Law_7_4_3_NewRoostCountsHirelingWarriorsToo) {
  Scenario sc = HirelingTable({{kHirelingPopularBand, false},
                               {kHirelingFlameBearers, false},
                               {kHirelingVaultKeepers, true}});
  State& s = sc.s();
  for (int c = 1; c <= 12; ++c) {
    if (c != 7 && c != 10) s.SetWarriors(kMarquise, C(c), 1);
  }
  HirelingCard& band = s.mutable_hirelings().cards[0];
  ASSERT_EQ(band.hireling, kHirelingPopularBand);
  band.supply = static_cast<int8_t>(band.supply - 2);
  band.warriors[C(7)] = 2;  // uncontrolled: 7 holds two warriors, 10 none
  s.mutable_hirelings().RecomputeOnMap();
  sc.Give(1, "Anvil");
  sc.Start([](State& s) { Ey()->PushBirdsong(s, 1); });
  sc.Choose("Add Anvil (fox) to the Move column");
  ASSERT_TRUE(sc.Paused()) << sc.Key() << ": only 10 has the fewest";
  EXPECT_EQ(s.clearing(C(10)).pieces[kRoost], 1);
  EXPECT_EQ(s.clearing(C(7)).pieces[kRoost], 0);
}

// Law 7.4.3 with 1.5.4: short of warriors, the new roost still comes with as
// many warriors as are left (a rules decision).
TEST(Eyrie, Law_7_4_3_NewRoostShortOfWarriorsPlacesWhatIsLeft) {
  Scenario sc = EyrieTurn(kPhaseBirdsong);
  State& s = sc.s();
  for (int c = 1; c <= 12; ++c) {
    if (c != 7) s.SetWarriors(kMarquise, C(c), 1);
  }
  s.SetWarriors(kEyrie, C(1), 19);  // one warrior left in the supply
  sc.Give(1, "Anvil");
  sc.Start([](State& s) { Ey()->PushBirdsong(s, 1); });
  sc.Choose("Add Anvil (fox) to the Move column");
  EXPECT_TRUE(sc.Paused());
  EXPECT_EQ(s.clearing(C(7)).pieces[kRoost], 1);
  EXPECT_EQ(s.clearing(C(7)).warriors[kEyrie], 1);
  EXPECT_EQ(s.eyrie().roosts, 1);
}

// Law 7.5.2.I and IV with 13.7.2: no Decree placement under a face-up snare;
// with no other roost or ruled clearing of the suit, turmoil follows.
TEST(Eyrie, Law_13_7_2_FaceUpSnareStopsDecreeRecruitAndBuild) {
  for (int col : {0, 3}) {
    Scenario sc({kCorvid, kEyrie});
    State& s = sc.s();
    s.SetCurrent(1, kPhaseDaylight);
    SetLeader(s, 0);
    s.mutable_eyrie().viziers = {0, 0, 0, 0};
    s.SetPieces(kRoost, C(1), 1);    // fox, snared
    s.SetWarriors(kEyrie, C(8), 1);  // fox, ruled, snared
    for (int c : {1, 8}) {
      s.SetPieces(kPlotSnare, C(c), 1);
      s.mutable_corvid().face_up |= static_cast<uint16_t>(1u << C(c));
    }
    s.mutable_eyrie().decree[col].push_back(sc.Card("Anvil", kFox));
    sc.Start([](State& s) { Ey()->PushDaylight(s, 1); });
    EXPECT_EQ(sc.Key(), "eyrie.leader") << "column " << col;
    EXPECT_EQ(s.clearing(C(1)).warriors[kEyrie], 0);
    EXPECT_EQ(s.clearing(C(8)).pieces[kRoost], 0);
  }
}

// Law 7.5.2.III with 9.2.8: the Vagabond in coalition with the Eyrie is no
// enemy, so a Decree battle cannot target him: turmoil when he is the only
// other piece in a matching clearing.
TEST(Eyrie, Law_9_2_8_DecreeBattleCannotTargetTheCoalitionPartner) {
  for (bool coalition : {true, false}) {
    Scenario sc({kMarquise, kEyrie, kVagabond});
    State& s = sc.s();
    s.SetCurrent(1, kPhaseDaylight);
    SetLeader(s, 0);
    s.mutable_eyrie().viziers = {0, 0, 0, 0};
    VagabondBoard& vb = s.mutable_vagabond();
    vb.clearing = C(1);
    vb.forest = -1;
    vb.coalition = coalition ? 1 : -1;
    s.SetWarriors(kEyrie, C(1), 2);
    s.mutable_eyrie().decree[2].push_back(sc.Card("Anvil", kFox));
    sc.Start([](State& s) { Ey()->PushDaylight(s, 1); });
    EXPECT_EQ(sc.Key() == "eyrie.leader", coalition) << sc.Key();
  }
}

// Law 7.5.2.III with 22.3.2: an uncontrolled hireling is an enemy the Decree
// may battle; the Eyrie's own hireling is not (turmoil).
TEST(Eyrie, Law_22_3_2_DecreeBattleTargetsEnemyHirelingsOnly) {
  for (bool own : {false, true}) {
    Scenario sc = HirelingTable({{kHirelingVaultKeepers, false},
                                 {kHirelingPopularBand, false},
                                 {kHirelingSpringUprising, true}});
    State& s = sc.s();
    s.SetCurrent(1, kPhaseDaylight);
    s.mutable_eyrie().viziers = {0, 0, 0, 0};
    HirelingCard& keepers = s.mutable_hirelings().cards[0];
    ASSERT_EQ(keepers.hireling, kHirelingVaultKeepers);
    keepers.vault_supply = static_cast<int8_t>(keepers.vault_supply - 1);
    keepers.vaults[C(1)] = 1;  // fox
    if (own) keepers.controller = kEyrie;
    s.mutable_hirelings().RecomputeOnMap();
    s.SetWarriors(kEyrie, C(1), 2);
    s.mutable_eyrie().decree[2].push_back(sc.Card("Anvil", kFox));
    sc.Start([](State& s) { Ey()->PushDaylight(s, 1); });
    if (own) {  // its hireling's action is offered: decline it
      sc.Choose("Done");
      sc.Choose("Anvil (fox) in Battle");
    }
    EXPECT_EQ(sc.Key() == "eyrie.leader", own) << sc.Key();
    EXPECT_EQ(s.hirelings().cards[0].vaults[C(1)], own ? 1 : 0);
  }
}

TEST(Eyrie, Law_7_5_2_DecreeResolvesLeftToRight) {
  Scenario sc = EyrieTurn(kPhaseDaylight);  // Builder: recruit, move
  State& s = sc.s();
  s.SetPieces(kRoost, C(1), 1);
  s.SetWarriors(kEyrie, C(1), 1);
  sc.Start([](State& s) { Ey()->PushDaylight(s, 1); });
  // The recruit vizier ran without a choice; the move vizier asks.
  EXPECT_EQ(sc.Key(), "eyrie.decree.move");
  EXPECT_EQ(s.clearing(C(1)).warriors[kEyrie], 2);
  sc.Choose("Move from 1 (fox) to 5 (rabbit)");
  sc.Choose("Move 1 warrior from 1 (fox) to 5 (rabbit)");
  EXPECT_TRUE(sc.Paused());
  EXPECT_EQ(s.eyrie().leader, 0) << "no turmoil";
}

TEST(Eyrie, Law_7_5_2_II_MoveMustStartInAMatchingClearing) {
  Scenario sc = EyrieTurn(kPhaseDaylight);
  State& s = sc.s();
  SetLeader(s, 3);  // Despot: move, build viziers
  s.SetWarriors(kEyrie, C(1), 1);
  s.SetWarriors(kEyrie, C(5), 1);
  s.SetPieces(kRoost, C(9), 1);
  s.mutable_eyrie().decree[1].push_back(sc.Card("Bake Sale", kRabbit));
  s.mutable_eyrie().viziers = {0, 0, 0, 1};  // only the build vizier
  sc.Start([](State& s) { Ey()->PushDaylight(s, 1); });
  EXPECT_EQ(sc.Key(), "eyrie.decree.move");
  for (const std::string& l : sc.Labels()) {
    EXPECT_EQ(l.rfind("Move from 5 (rabbit)", 0), 0u) << l;
  }
}

TEST(Eyrie, Law_7_5_2_IV_BuildNeedsRuleAndNoRoost) {
  Scenario sc = EyrieTurn(kPhaseDaylight);
  State& s = sc.s();
  SetLeader(s, 3);
  s.mutable_eyrie().viziers = {0, 0, 0, 0};
  s.SetPieces(kRoost, C(1), 1);
  s.SetWarriors(kEyrie, C(8), 1);
  s.SetWarriors(kEyrie, C(12), 1);
  s.SetWarriors(kMarquise, C(12), 2);
  s.mutable_eyrie().decree[3].push_back(sc.Card("Anvil", kFox));
  sc.Start([](State& s) { Ey()->PushDaylight(s, 1); });
  // Fox clearings: 1 has a roost, 12 is not ruled; only 8 remains.
  EXPECT_TRUE(sc.Paused());
  EXPECT_EQ(s.clearing(C(8)).pieces[kRoost], 1);
  EXPECT_EQ(s.eyrie().roosts, 2);
}

TEST(Eyrie, Law_3_3_1_DominanceActivatedBetweenDecreeCardsBeforeTurmoil) {
  // The battle card scores the tenth VP; the build card then fails. The
  // dominance card can be activated between the two (Daylight, 3.3.1),
  // before turmoil ends Daylight (7.7.4).
  Scenario sc = EyrieTurn(kPhaseDaylight);
  State& s = sc.s();
  s.mutable_eyrie().viziers = {0, 0, 0, 0};
  s.mutable_seat(1).vp = 9;
  sc.Give(1, "Dominance", kFox);
  s.SetWarriors(kEyrie, C(1), 2);
  s.SetPieces(kSawmill, C(1), 1);
  s.mutable_eyrie().decree[2].push_back(sc.Card("Anvil", kFox));
  s.mutable_eyrie().decree[3].push_back(sc.Card("Sword", kMouse));
  sc.Start([](State& s) { Ey()->PushDaylight(s, 1); });
  // The only battle (and no extra yet) resolved at once: 1 VP, the tenth.
  ASSERT_EQ(s.clearing(C(1)).pieces[kSawmill], 0);
  ASSERT_EQ(s.seat(1).vp, 10);
  EXPECT_EQ(sc.Key(), "eyrie.decree.resolve");
  sc.Choose("Activate Dominance (fox)");
  EXPECT_NE(s.seat(1).dominance, kNoCard);
  EXPECT_EQ(sc.Key(), "eyrie.leader") << "the build card fails: turmoil";
}

TEST(Eyrie, Law_3_3_4_DominanceTakenBetweenDecreeCards) {
  Scenario sc = EyrieTurn(kPhaseDaylight);
  State& s = sc.s();
  s.mutable_eyrie().viziers = {0, 0, 0, 0};
  s.SetPieces(kRoost, C(1), 1);
  const CardId dom = sc.Give(1, "Dominance", kMouse);
  s.RemoveFromHand(1, dom);
  s.mutable_available_dominance().push_back(dom);
  sc.Give(1, "Crossbow", kMouse);
  s.mutable_eyrie().decree[0].push_back(sc.Card("Anvil", kFox));
  s.mutable_eyrie().decree[0].push_back(sc.Card("Ambush!", kFox));
  sc.Start([](State& s) { Ey()->PushDaylight(s, 1); });
  // Crafting offers it too (Crossbow is craftable); finish crafting first.
  ASSERT_EQ(sc.Key(), "craft");
  sc.Choose("Done");
  ASSERT_EQ(sc.Key(), "eyrie.decree.resolve");
  sc.Choose("Anvil (fox) in Recruit");
  ASSERT_EQ(sc.Key(), "eyrie.decree.resolve");
  sc.Choose("Take the available Dominance (mouse)");
  EXPECT_EQ(s.seat(1).hand, std::vector<CardId>{dom});
  EXPECT_TRUE(sc.Paused()) << "the second recruit card resolved";
  EXPECT_EQ(s.clearing(C(1)).warriors[kEyrie], 2);
}

TEST(Eyrie, Cards_TaxCollectorUsableBetweenDecreeCards) {
  Scenario sc = EyrieTurn(kPhaseDaylight);
  State& s = sc.s();
  s.mutable_eyrie().viziers = {0, 0, 0, 0};
  s.SetPieces(kRoost, C(1), 1);
  sc.Craft(1, "Tax Collector");
  s.mutable_eyrie().decree[0].push_back(sc.Card("Anvil", kFox));
  s.mutable_eyrie().decree[0].push_back(sc.Card("Ambush!", kFox));
  sc.Start([](State& s) { Ey()->PushDaylight(s, 1); });
  // No warrior yet, so no Tax Collector: the first recruit card resolves
  // at once; after it, the warrior it placed can be taxed.
  ASSERT_EQ(sc.Key(), "eyrie.decree.resolve");
  ASSERT_EQ(s.clearing(C(1)).warriors[kEyrie], 1);
  sc.Choose("Use Tax Collector");
  EXPECT_EQ(s.seat(1).hand.size(), 1u);
  EXPECT_TRUE(sc.Paused()) << "the second recruit card resolved";
  EXPECT_EQ(s.clearing(C(1)).warriors[kEyrie], 1);
}

TEST(Eyrie, Law_7_7_TurmoilHumiliatesPurgesDeposesAndRests) {
  Scenario sc = EyrieTurn(kPhaseDaylight);
  State& s = sc.s();
  SetLeader(s, 1);  // Charismatic: recruit, battle
  s.mutable_seat(1).vp = 5;
  const CardId sappers = sc.Card("Sappers");
  const CardId anvil = sc.Card("Anvil");
  s.GiveCard(1, sappers);
  s.RemoveFromHand(1, sappers);
  s.mutable_eyrie().decree[0].push_back(sappers);
  s.GiveCard(1, anvil);
  s.RemoveFromHand(1, anvil);
  s.mutable_eyrie().decree[1].push_back(anvil);
  sc.Start([](State& s) { Ey()->PushDaylight(s, 1); });
  // No roost: the first recruit fails at once (7.5.2, 7.7).
  EXPECT_EQ(sc.Key(), "eyrie.leader");
  EXPECT_EQ(s.seat(1).vp, 2) << "1 bird card + 2 viziers";
  EXPECT_TRUE(s.eyrie().decree[0].empty());
  EXPECT_TRUE(s.eyrie().decree[1].empty());
  EXPECT_EQ(s.discard().size(), 2u);
  EXPECT_EQ(sc.Labels(),
            (std::vector<std::string>{"Builder", "Commander", "Despot"}));
  sc.Choose("Despot");
  EXPECT_EQ(s.eyrie().viziers, (std::array<int8_t, 4>{0, 1, 0, 1}));
  EXPECT_TRUE(sc.Paused()) << "Daylight ends (7.7.4)";
  EXPECT_TRUE(s.daylight_closed());
}

TEST(Eyrie, Law_7_7_3_TurmoilLeaderChoiceCitesDepose) {
  Scenario sc = EyrieTurn(kPhaseDaylight);
  State& s = sc.s();
  SetLeader(s, 3);  // Despot: move, build; no warriors so move fails
  sc.Start([](State& s) { Ey()->PushDaylight(s, 1); });
  EXPECT_EQ(sc.Key(), "eyrie.leader");
  EXPECT_EQ(s.PromptLaw(), "7.7.3");
  EXPECT_EQ(s.PromptText(), "Turmoil: choose a new leader.");
}

TEST(Eyrie, Law_7_3_3_SetupLeaderChoiceCitesChooseLeader) {
  GameSetup setup;
  setup.factions = {kMarquise, kEyrie};
  setup.first_seat = 0;
  auto st = State::NewGame(setup, 3);
  ASSERT_TRUE(st.ok());
  State& s = *st;
  while (s.PromptKey() != "eyrie.leader") ASSERT_TRUE(s.Apply(0).ok());
  EXPECT_EQ(s.phase(), kPhaseSetup);
  EXPECT_EQ(s.PromptLaw(), "7.3.3");
}

TEST(Eyrie, Law_7_7_3_I_WhenAllLeadersAreFaceDownTheyTurnFaceUp) {
  Scenario sc = EyrieTurn(kPhaseDaylight);
  State& s = sc.s();
  SetLeader(s, 3);  // Despot: move, build; no warriors so move fails
  s.mutable_eyrie().deposed = 0b0111;
  sc.Start([](State& s) { Ey()->PushDaylight(s, 1); });
  EXPECT_EQ(sc.Key(), "eyrie.leader");
  EXPECT_EQ(sc.Labels().size(), 4u);
  EXPECT_EQ(s.eyrie().deposed, 0);
}

TEST(Eyrie, Law_7_8_2_CharismaticRecruitsTwo) {
  Scenario sc = EyrieTurn(kPhaseDaylight);
  State& s = sc.s();
  SetLeader(s, 1);
  s.mutable_eyrie().viziers = {1, 0, 0, 0};
  s.SetPieces(kRoost, C(1), 1);
  sc.Start([](State& s) { Ey()->PushDaylight(s, 1); });
  EXPECT_EQ(s.clearing(C(1)).warriors[kEyrie], 2);
  EXPECT_TRUE(sc.Paused());
}

TEST(Eyrie, Law_7_8_2_CharismaticWithOneWarriorLeftPlacesItThenTurmoil) {
  Scenario sc = EyrieTurn(kPhaseDaylight);
  State& s = sc.s();
  SetLeader(s, 1);
  s.mutable_eyrie().viziers = {1, 0, 0, 0};
  s.SetPieces(kRoost, C(1), 1);
  s.SetWarriors(kEyrie, C(7), 19);
  sc.Start([](State& s) { Ey()->PushDaylight(s, 1); });
  EXPECT_EQ(s.clearing(C(1)).warriors[kEyrie], 1);
  EXPECT_EQ(sc.Key(), "eyrie.leader");
}

TEST(Eyrie, Law_7_8_3_CommanderDealsAnExtraHitAsAttacker) {
  Scenario sc = EyrieTurn(kPhaseDaylight);
  State& s = sc.s();
  SetLeader(s, 2);
  s.SetWarriors(kEyrie, C(5), 1);
  s.SetWarriors(kMarquise, C(5), 3);
  sc.Dice({1, 0});
  sc.Start([](State& s) { PushBattle(s, C(5), kEyrie, kMarquise); });
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 1);
}

TEST(Eyrie, Law_7_8_4_DespotScoresOncePerBattleThatRemovesABuilding) {
  Scenario sc = EyrieTurn(kPhaseDaylight);
  State& s = sc.s();
  SetLeader(s, 3);
  s.SetWarriors(kEyrie, C(5), 2);
  s.SetPieces(kSawmill, C(5), 1);
  s.SetPieces(kWood, C(5), 1);
  sc.Dice({2, 0});
  sc.Start([](State& s) { PushBattle(s, C(5), kEyrie, kMarquise); });
  if (sc.Key() == "battle.remove_piece") sc.Choose("sawmill");
  // 2 rolled + 1 defenseless = 3 hits, 2 pieces: both go; 2 VP + 1 Despot.
  EXPECT_EQ(s.seat(1).vp, 3);
}

TEST(Eyrie, Law_7_8_4_DespotScoresOnDefenceToo) {
  Scenario sc = EyrieTurn(kPhaseDaylight);
  State& s = sc.s();
  SetLeader(s, 3);
  s.SetCurrent(0, kPhaseDaylight);  // the Marquise attacks the Eyrie
  s.SetWarriors(kMarquise, C(5), 1);
  s.SetPieces(kSawmill, C(5), 1);
  s.SetWarriors(kEyrie, C(5), 3);
  sc.Dice({2, 2});
  sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kEyrie); });
  // The defender deals 2: the warrior, then the sawmill (3.2.1: 1 VP);
  // the Despot scores one more.
  EXPECT_EQ(s.clearing(C(5)).pieces[kSawmill], 0);
  EXPECT_EQ(s.seat(1).vp, 2);
}

TEST(Eyrie, Law_7_8_4_DespotScoresWhenItsAmbushRemovesABuilding) {
  Scenario sc = EyrieTurn(kPhaseDaylight);
  State& s = sc.s();
  SetLeader(s, 3);
  s.SetCurrent(0, kPhaseDaylight);
  s.SetWarriors(kMarquise, C(5), 1);
  s.SetPieces(kWorkshop, C(5), 1);
  s.SetWarriors(kEyrie, C(5), 1);
  sc.Give(1, "Ambush!", kRabbit);
  sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kEyrie); });
  ASSERT_EQ(sc.Key(), "battle.ambush");
  sc.Choose("Ambush! (rabbit)");
  // Two ambush hits: the warrior and the workshop; no attacker is left, so
  // the battle ends (4.3.1.II) with 1 VP for the workshop and 1 Despot VP.
  EXPECT_TRUE(sc.Paused());
  EXPECT_EQ(s.clearing(C(5)).pieces[kWorkshop], 0);
  EXPECT_EQ(s.seat(1).vp, 2);
}

TEST(Eyrie, Law_7_8_4_DespotScoresNothingExtraForWarriorsOnly) {
  Scenario sc = EyrieTurn(kPhaseDaylight);
  State& s = sc.s();
  SetLeader(s, 3);
  s.SetCurrent(0, kPhaseDaylight);
  s.SetWarriors(kMarquise, C(5), 2);
  s.SetPieces(kSawmill, C(5), 1);
  s.SetWarriors(kEyrie, C(5), 3);
  sc.Dice({2, 2});
  sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kEyrie); });
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 0);
  EXPECT_EQ(s.clearing(C(5)).pieces[kSawmill], 1);
  EXPECT_EQ(s.seat(1).vp, 0);
}

TEST(Eyrie, Law_7_8_4_OnlyTheDespotScoresTheExtraPoint) {
  Scenario sc = EyrieTurn(kPhaseDaylight);  // Builder
  State& s = sc.s();
  s.SetCurrent(0, kPhaseDaylight);
  s.SetWarriors(kMarquise, C(5), 1);
  s.SetPieces(kSawmill, C(5), 1);
  s.SetWarriors(kEyrie, C(5), 3);
  sc.Dice({2, 2});
  sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kEyrie); });
  EXPECT_EQ(s.clearing(C(5)).pieces[kSawmill], 0);
  EXPECT_EQ(s.seat(1).vp, 1);
}

TEST(Eyrie, Law_7_2_1_RoostsCraft_And_7_2_3_DisdainForTrade_And_7_8_1_Builder) {
  for (int leader : {2, 0}) {
    Scenario sc = EyrieTurn(kPhaseDaylight);
    State& s = sc.s();
    SetLeader(s, leader);
    s.SetPieces(kRoost, C(1), 1);
    sc.Give(1, "Anvil");
    sc.Start([](State& s) { PushCraft(s, 1); });
    sc.Choose("Anvil (fox)");
    EXPECT_EQ(s.seat(1).vp, leader == 0 ? 2 : 1) << "leader " << leader;
  }
}

TEST(Eyrie, Law_7_6_RoostTrackScoresAndDrawBonus) {
  Scenario sc = EyrieTurn(kPhaseEvening);
  State& s = sc.s();
  s.SetPieces(kRoost, C(1), 1);
  s.SetPieces(kRoost, C(5), 1);
  s.SetPieces(kRoost, C(9), 1);
  sc.Start([](State& s) { Ey()->PushEvening(s, 1); });
  EXPECT_EQ(s.seat(1).vp, 2);
  EXPECT_EQ(s.seat(1).hand.size(), 2u);
}

// --- Table-driven checks against the Law and the Eyrie board ----------------

// Law 7.8: the Decree columns each leader's two Loyal Viziers begin on
// (recruit, move, battle, build), written from the Law's text by name.
struct LeaderFact {
  const char* name;
  std::array<int8_t, 4> viziers;
};
constexpr LeaderFact kLawLeaders[] = {
    {"Builder", {1, 1, 0, 0}},      // 7.8.1 Recruit and Move
    {"Charismatic", {1, 0, 1, 0}},  // 7.8.2 Recruit and Battle
    {"Commander", {0, 1, 1, 0}},    // 7.8.3 Move and Battle
    {"Despot", {0, 1, 0, 1}},       // 7.8.4 Move and Build
};

TEST(Eyrie, Law_7_8_LoyalViziersByLeaderName) {
  for (const LeaderFact& f : kLawLeaders) {
    // Law 7.3.3-7.3.4: chosen in setup.
    const EyrieBoard b = NewGameWithLeader(f.name);
    EXPECT_EQ(b.viziers, f.viziers) << f.name << " in setup";
    // Law 7.7.3: chosen in turmoil (from a leader that is not this one).
    for (const char* before : {"Builder", "Despot"}) {
      if (std::string(before) == f.name) continue;
      Scenario sc = EyrieTurn(kPhaseDaylight);
      State& s = sc.s();
      const EyrieBoard from = NewGameWithLeader(before);
      s.mutable_eyrie().leader = from.leader;
      s.mutable_eyrie().viziers = from.viziers;
      // No warriors and no roost: the first vizier's action fails.
      sc.Start([](State& s) { Ey()->PushDaylight(s, 1); });
      ASSERT_EQ(sc.Key(), "eyrie.leader");
      sc.Choose(f.name);
      EXPECT_EQ(s.eyrie().viziers, f.viziers) << f.name << " in turmoil";
    }
  }
}

TEST(Eyrie, Law_7_6_1_And_7_6_2_RoostTrackAtEveryIndex) {
  // Roosts track: the VP on the rightmost empty space by roosts on the map
  // (0..7), and cards drawn: one plus the draw bonuses uncovered by the
  // 3rd and the 6th roost (factions.yaml roost_track).
  constexpr int kVp[8] = {0, 0, 1, 2, 3, 4, 4, 5};
  constexpr int kDraw[8] = {1, 1, 1, 2, 2, 2, 3, 3};
  for (int roosts = 0; roosts <= 7; ++roosts) {
    Scenario sc = EyrieTurn(kPhaseEvening);
    State& s = sc.s();
    for (int c = 1; c <= roosts; ++c) s.SetPieces(kRoost, C(c), 1);
    sc.Start([](State& s) { Ey()->PushEvening(s, 1); });
    EXPECT_EQ(s.seat(1).vp, kVp[roosts]) << roosts << " roosts";
    EXPECT_EQ(static_cast<int>(s.seat(1).hand.size()), kDraw[roosts])
        << roosts << " roosts";
    EXPECT_TRUE(sc.Paused());
  }
}

TEST(Eyrie, Law_7_6_2_HandLimitIsFive) {
  for (int hand : {3, 4, 5, 6, 9}) {
    Scenario sc = EyrieTurn(kPhaseEvening);
    State& s = sc.s();
    s.SetPieces(kRoost, C(1), 1);  // draws one card
    s.DrawCards(1, hand);
    sc.Start([](State& s) { Ey()->PushEvening(s, 1); });
    int discards = 0;
    while (sc.Key() == "discard.hand_limit") {
      ASSERT_TRUE(s.Apply(0).ok());
      ++discards;
    }
    EXPECT_TRUE(sc.Paused());
    EXPECT_EQ(static_cast<int>(s.seat(1).hand.size()), std::min(hand + 1, 5));
    EXPECT_EQ(discards, std::max(hand + 1 - 5, 0));
  }
}

// The clearing a Decree option is about: "N (suit)", "Move from N ...",
// "Battle <faction> in N (suit)".
int LabelClearing(const std::string& l) {
  size_t at = 0;
  if (l.rfind("Move from ", 0) == 0) at = 10;
  if (l.rfind("Battle ", 0) == 0) at = l.find(" in ") + 4;
  return std::stoi(l.substr(at));
}

TEST(Eyrie, Law_7_5_2_DecreeCardsMatchTheirClearingAndBirdsAreWild) {
  // Two clearings of each suit on the Autumn map.
  const std::vector<std::pair<int, int>> kClearings = {
      {1, kFox},    {8, kFox},   {4, kRabbit},
      {5, kRabbit}, {2, kMouse}, {7, kMouse}};
  const std::pair<const char*, int> kCards[] = {{"Anvil", kFox},
                                                {"Bake Sale", kRabbit},
                                                {"Sword", kMouse},
                                                {"Sappers", kBird}};
  const char* const kKeys[4] = {"eyrie.decree.recruit", "eyrie.decree.move",
                                "eyrie.decree.battle", "eyrie.decree.build"};
  for (int col = 0; col < 4; ++col) {
    for (const auto& [card, suit] : kCards) {
      Scenario sc = EyrieTurn(kPhaseDaylight);
      State& s = sc.s();
      s.mutable_eyrie().viziers = {0, 0, 0, 0};
      std::set<int> want;
      for (const auto& [c, csuit] : kClearings) {
        if (col == 0) s.SetPieces(kRoost, C(c), 1);       // 7.5.2.I
        if (col > 0) s.SetWarriors(kEyrie, C(c), 1);      // 7.5.2.II-IV
        if (col == 2) s.SetWarriors(kMarquise, C(c), 1);  // 7.5.2.III
        // 2.1.1: a bird card is wild; otherwise the suits match.
        if (suit == kBird || csuit == suit) want.insert(c);
      }
      s.mutable_eyrie().decree[col].push_back(sc.Card(card, suit));
      sc.Start([](State& s) { Ey()->PushDaylight(s, 1); });
      ASSERT_EQ(sc.Key(), kKeys[col]) << card << " in column " << col;
      std::set<int> got;
      for (const std::string& l : sc.Labels()) got.insert(LabelClearing(l));
      EXPECT_EQ(got, want) << card << " in column " << col;
    }
  }
}

TEST(Eyrie, Law_7_5_2_IV_And_7_2_2_BuildWhereRuledWithoutARoost) {
  Scenario sc = EyrieTurn(kPhaseDaylight);
  State& s = sc.s();
  s.mutable_eyrie().viziers = {0, 0, 0, 0};
  s.SetWarriors(kEyrie, C(1), 1);  // ruled, no roost: yes
  s.SetWarriors(kEyrie, C(2), 2);  // ruled, a roost: no
  s.SetPieces(kRoost, C(2), 1);
  s.SetWarriors(kEyrie, C(5), 1);  // fewer than the Marquise: no
  s.SetWarriors(kMarquise, C(5), 2);
  s.SetWarriors(kEyrie, C(7), 2);  // tied: Lords of the Forest (7.2.2): yes
  s.SetWarriors(kMarquise, C(7), 2);
  s.SetWarriors(kMarquise, C(9), 1);  // no Eyrie piece: no
  s.SetPieces(kSawmill, C(8), 2);     // ruled (3 to 2), no open slot: no
  s.SetWarriors(kEyrie, C(8), 3);
  s.mutable_eyrie().decree[3].push_back(sc.Card("Sappers", kBird));
  sc.Start([](State& s) { Ey()->PushDaylight(s, 1); });
  ASSERT_EQ(sc.Key(), "eyrie.decree.build");
  std::set<int> got;
  for (const std::string& l : sc.Labels()) got.insert(LabelClearing(l));
  EXPECT_EQ(got, (std::set<int>{1, 7}));
}

}  // namespace
}  // namespace woodland::rules::testing

namespace woodland::rules::testing {
namespace {

TEST(Eyrie, Cards_BirdsongCardsCanBeUsedBetweenBirdsongSteps) {
  // Stand and Deliver! "in Birdsong": after Emergency Orders, before the
  // Decree, so the stolen card can be added to it.
  Scenario sc = EyrieTurn(kPhaseBirdsong);
  State& s = sc.s();
  s.SetPieces(kRoost, C(3), 1);
  sc.Craft(1, "Stand and Deliver!");
  sc.Give(0, "Anvil");
  sc.Start([](State& s) { Ey()->PushBirdsong(s, 1); });
  EXPECT_EQ(sc.Key(), "birdsong.cards");
  EXPECT_EQ(s.seat(1).hand.size(), 1u) << "Emergency Orders came first";
  sc.Choose("Stand and Deliver!: Marquise de Cat");
  EXPECT_EQ(s.seat(1).hand.size(), 2u);
  EXPECT_EQ(sc.Key(), "eyrie.decree.add");
}

// Law 7.5.2 with the Lost City (Law 24): its clearing counts as every suit,
// so a fox card in the Decree recruits at a roost there.
TEST(Eyrie, Law_7_5_2_I_AFoxDecreeCardRecruitsInTheLostCity) {
  Scenario sc = EyrieTurn(kPhaseDaylight);
  State& s = sc.s();
  SetUpLandmark(s, kLandmarkLostCity, C(10));  // printed rabbit
  s.mutable_eyrie().viziers = {0, 0, 0, 0};
  s.SetPieces(kRoost, C(1), 1);  // fox
  s.SetPieces(kRoost, C(10), 1);
  s.mutable_eyrie().decree[0].push_back(sc.Card("Anvil", kFox));
  sc.Start([](State& s) { Ey()->PushDaylight(s, 1); });
  ASSERT_EQ(sc.Key(), "eyrie.decree.recruit");
  EXPECT_TRUE(sc.Offers("10 (rabbit)"));
  EXPECT_TRUE(sc.Offers("1 (fox)"));
}

}  // namespace
}  // namespace woodland::rules::testing
