// The Underground Duchy (Law 12): clause-named scenarios and random games.
#include <algorithm>
#include <set>
#include <string>

#include "referee/rules/faction.h"
#include "referee/rules/landmarks.h"
#include "referee/rules/observation.h"
#include "tests/referee/rules/random_play.h"
#include "tests/referee/rules/scenario.h"

namespace woodland::rules::testing {
namespace {

const FactionModule* Du() { return GetFaction(kDuchy); }

// Seat 0 is the Duchy, seat 1 the Marquise; Daylight of the Duchy.
Scenario DuchyGame(Phase phase = kPhaseDaylight) {
  Scenario sc({kDuchy, kMarquise});
  sc.s().SetCurrent(0, phase);
  return sc;
}

void SetBurrow(State& s, int n) {
  s.SetWarriorSupply(kDuchy, s.warrior_supply(kDuchy) + s.duchy().burrow - n);
  s.mutable_duchy().burrow = static_cast<int8_t>(n);
}

void Sway(State& s, int m) { s.mutable_duchy().swayed |= 1u << m; }

// Starts Parliament directly: Assembly's two actions are spent.
void StartParliament(Scenario& sc) {
  sc.s().mutable_duchy().actions = 2;
  sc.Start([](State& s) { Du()->PushDaylight(s, 0); });
}

bool Has(const std::vector<CardId>& v, CardId id) {
  return std::find(v.begin(), v.end(), id) != v.end();
}

bool ChooseIn(State& s, const std::string& label) {
  for (size_t i = 0; i < s.options().size(); ++i) {
    if (s.OptionLabel(s.options()[i]) == label)
      return s.Apply(static_cast<int>(i)).ok();
  }
  return false;
}

// --- Setup (Law 12.3)
// ---------------------------------------------------------

TEST(Duchy, Law_12_3_3_SurfaceOppositeTheKeepWithTwoWarriorsAround) {
  GameSetup setup;
  setup.factions = {kMarquise, kDuchy};
  setup.first_seat = 0;
  auto st = State::NewGame(setup, 3);
  ASSERT_TRUE(st.ok());
  State& s = *st;
  ASSERT_TRUE(ChooseIn(s, "1 (fox)"));  // the keep
  while (s.phase() == kPhaseSetup &&
         s.seat(s.deciding_seat()).faction == kMarquise) {
    ASSERT_TRUE(s.Apply(0).ok());
  }
  // Clearing 3, diagonally opposite the keep's corner 1, is the only choice
  // (taken without asking).
  EXPECT_NE(s.phase(), kPhaseSetup);
  EXPECT_EQ(s.clearing(C(3)).warriors[kDuchy], 2);
  EXPECT_EQ(s.clearing(C(3)).pieces[kTunnel], 1);
  for (int c : {6, 7, 11}) EXPECT_EQ(s.clearing(C(c)).warriors[kDuchy], 2) << c;
  int on_map = 0;
  for (int c = 0; c < 12; ++c) on_map += s.clearing(c).warriors[kDuchy];
  EXPECT_EQ(on_map, 8);
  // Law 12.3.1 and 12.3.4: 20 warriors, 3 tunnels, 3 citadels, 3 markets.
  EXPECT_EQ(s.warrior_supply(kDuchy), 20 - 8);
  EXPECT_EQ(s.piece_supply(kTunnel), 2);
  EXPECT_EQ(s.piece_supply(kCitadel), 3);
  EXPECT_EQ(s.piece_supply(kMarket), 3);
  EXPECT_EQ(s.duchy().burrow, 0);
  EXPECT_EQ(s.duchy().swayed, 0) << "Law 12.3.5: nine unswayed ministers";
  for (int rank = 0; rank < 3; ++rank)
    EXPECT_EQ(s.duchy().CrownsLeft(rank), 3) << "Law 12.3.6";
}

// Law 12.3.3: the Marquise's starting corner is the keep's (6.3.2), even
// when she places all three buildings in the clearings around it (6.3.4):
// the Duchy still surfaces diagonally opposite it.
TEST(Duchy, Law_12_3_3_TheKeepAloneMarksTheMarquisesStartingCorner) {
  GameSetup setup;
  setup.factions = {kMarquise, kDuchy};
  setup.first_seat = 0;
  auto st = State::NewGame(setup, 3);
  ASSERT_TRUE(st.ok());
  State& s = *st;
  ASSERT_TRUE(ChooseIn(s, "1 (fox)"));  // the keep
  while (s.phase() == kPhaseSetup &&
         s.seat(s.deciding_seat()).faction == kMarquise) {
    if (std::string(s.PromptKey()) == "marquise.setup.building") {
      ASSERT_TRUE(ChooseIn(s, "5 (rabbit)") || ChooseIn(s, "10 (rabbit)"));
    } else {
      ASSERT_TRUE(s.Apply(0).ok());
    }
  }
  ASSERT_EQ(s.clearing(C(1)).pieces[kKeep], 1);
  for (int p : {kSawmill, kWorkshop, kRecruiter})
    ASSERT_EQ(s.clearing(C(1)).pieces[p], 0) << p;
  // Only clearing 3, diagonally opposite the keep, and taken without asking.
  EXPECT_NE(std::string(s.PromptKey()), "duchy.setup_corner");
  EXPECT_EQ(s.clearing(C(3)).pieces[kTunnel], 1);
  EXPECT_EQ(s.clearing(C(3)).warriors[kDuchy], 2);
}

TEST(Duchy, Law_12_3_3_AnyFreeCornerWhenNoOppositeIsFree) {
  GameSetup setup;
  setup.factions = {kMarquise, kEyrie, kDuchy};
  setup.first_seat = 0;
  auto st = State::NewGame(setup, 3);
  ASSERT_TRUE(st.ok());
  State& s = *st;
  ASSERT_TRUE(ChooseIn(s, "1 (fox)"));  // the keep
  while (s.phase() == kPhaseSetup &&
         std::string(s.PromptKey()) != "duchy.setup_corner") {
    if (!ChooseIn(s, "3 (rabbit)")) {
      ASSERT_TRUE(s.Apply(0).ok());
    }
  }
  ASSERT_EQ(s.clearing(C(3)).pieces[kRoost], 1);
  // 1 and 3 are starting corners and opposite each other: 2 or 4 remain.
  std::vector<std::string> labels;
  for (const Option& o : s.options()) labels.push_back(s.OptionLabel(o));
  EXPECT_EQ(labels, (std::vector<std::string>{"2 (mouse)", "4 (rabbit)"}));
  ASSERT_TRUE(ChooseIn(s, "4 (rabbit)"));
  EXPECT_EQ(s.clearing(C(4)).pieces[kTunnel], 1);
  for (int c : {8, 9, 12}) {
    EXPECT_EQ(s.clearing(C(c)).warriors[kDuchy], 2) << c;
  }
}

// Law 12.3.3: only another player's starting corner is excluded; the
// Riverfolk's setup warriors (11.3.2) do not make a corner a starting corner
// (a five-seat table once left the Duchy no corner at all).
TEST(Duchy, Law_12_3_3_RiverfolkWarriorsDoNotTakeACorner) {
  GameSetup setup;
  setup.factions = {kMarquise, kRiverfolk, kDuchy};
  setup.first_seat = 0;
  auto st = State::NewGame(setup, 3);
  ASSERT_TRUE(st.ok());
  State& s = *st;
  // A corner on the river whose opposite corner takes the keep.
  int river_corner = -1, keep = -1;
  for (int c = 0; c < s.map().num_clearings && keep < 0; ++c) {
    const int opp = s.map().OppositeCorner(c);
    if (s.map().clearings[c].corner && s.map().clearings[c].river != 0 &&
        opp >= 0) {
      river_corner = c;
      keep = opp;
    }
  }
  ASSERT_GE(keep, 0);
  const std::string keep_label =
      s.OptionLabel({.kind = kOptClearing, .a = static_cast<int8_t>(keep)});
  const std::string river_label = s.OptionLabel(
      {.kind = kOptClearing, .a = static_cast<int8_t>(river_corner)});
  ASSERT_TRUE(ChooseIn(s, keep_label));
  while (s.phase() == kPhaseSetup &&
         s.seat(s.deciding_seat()).faction != kDuchy) {
    const bool placing =
        std::string(s.PromptKey()) == "riverfolk.setup_warrior";
    if (!placing || !ChooseIn(s, river_label)) {
      ASSERT_TRUE(s.Apply(0).ok());
    }
  }
  ASSERT_GT(s.clearing(river_corner).warriors[kRiverfolk], 0);
  // The only corner opposite a starting corner is the Riverfolk's one: the
  // Duchy surfaces there.
  if (s.phase() == kPhaseSetup) {
    ASSERT_TRUE(ChooseIn(s, river_label));
  }
  EXPECT_EQ(s.clearing(river_corner).pieces[kTunnel], 1);
  EXPECT_EQ(s.clearing(river_corner).warriors[kDuchy], 2);
}

// --- Birdsong (Law 12.4)
// --------------------------------------------------------

TEST(Duchy, Law_12_4_BirdsongPlacesOnePlusWarriorIconsInTheBurrow) {
  // The citadel track uncovers 1, 2 and 2 more warrior icons.
  const int expected[] = {1, 2, 4, 6};
  for (int n = 0; n <= 3; ++n) {
    Scenario sc = DuchyGame(kPhaseBirdsong);
    State& s = sc.s();
    const int where[] = {C(1), C(5), C(8)};
    for (int i = 0; i < n; ++i) s.SetPieces(kCitadel, where[i], 1);
    sc.Start([](State& s) { Du()->PushBirdsong(s, 0); });
    EXPECT_EQ(s.duchy().burrow, expected[n]) << n << " citadels";
    EXPECT_EQ(s.warrior_supply(kDuchy), 20 - expected[n]);
  }
}

TEST(Duchy, Law_12_4_BirdsongPlacesOnlyWhatTheSupplyHolds) {
  Scenario sc = DuchyGame(kPhaseBirdsong);
  State& s = sc.s();
  s.SetPieces(kCitadel, C(1), 1);
  s.SetWarriors(kDuchy, C(5), 19);  // one warrior left in the supply
  sc.Start([](State& s) { Du()->PushBirdsong(s, 0); });
  EXPECT_EQ(s.duchy().burrow, 1);
  EXPECT_EQ(s.warrior_supply(kDuchy), 0);
}

// --- The Burrow (Law 12.2.2)
// ------------------------------------------------------

TEST(Duchy, Law_12_2_2_BurrowIsAdjacentToTunnelsAndAlwaysRuled) {
  Scenario sc = DuchyGame();
  State& s = sc.s();
  s.SetPieces(kTunnel, C(5), 1);
  s.SetWarriors(kDuchy, C(5), 1);
  s.SetWarriors(kMarquise, C(5), 4);  // the Marquise rules 5
  s.SetWarriors(kDuchy, C(1), 1);
  SetBurrow(s, 3);
  sc.Start([](State& s) { Du()->PushDaylight(s, 0); });
  sc.Choose("Move");
  EXPECT_TRUE(sc.Offers("Move from the Burrow to 5 (rabbit)"));
  EXPECT_TRUE(sc.Offers("Move from 5 (rabbit) to the Burrow"));
  EXPECT_FALSE(sc.Offers("Move from the Burrow to 1 (fox)")) << "no tunnel";
  EXPECT_FALSE(sc.Offers("Move from 1 (fox) to the Burrow"));
  sc.Choose("Move from the Burrow to 5 (rabbit)");
  sc.Choose("3");
  EXPECT_EQ(s.clearing(C(5)).warriors[kDuchy], 4);
  EXPECT_EQ(s.duchy().burrow, 0);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

TEST(Duchy, Law_12_2_2_WarriorsMoveIntoTheBurrow) {
  Scenario sc = DuchyGame();
  State& s = sc.s();
  s.SetPieces(kTunnel, C(5), 1);
  s.SetWarriors(kDuchy, C(5), 3);
  sc.Start([](State& s) { Du()->PushDaylight(s, 0); });
  sc.Choose("Move");
  sc.Choose("Move from 5 (rabbit) to the Burrow");
  sc.Choose("2");
  EXPECT_EQ(s.clearing(C(5)).warriors[kDuchy], 1);
  EXPECT_EQ(s.duchy().burrow, 2);
  EXPECT_EQ(s.warrior_supply(kDuchy), 20 - 3);
}

// --- Assembly (Law 12.5.1)
// ----------------------------------------------------------

TEST(Duchy, Law_12_5_1_II_RecruitPlacesInTheBurrowTwoActionsOnly) {
  Scenario sc = DuchyGame();
  State& s = sc.s();
  sc.Start([](State& s) { Du()->PushDaylight(s, 0); });
  EXPECT_EQ(sc.Key(), "duchy.assembly");
  sc.Choose("Recruit in the Burrow");
  EXPECT_EQ(s.duchy().burrow, 1);
  sc.Choose("Recruit in the Burrow");
  EXPECT_EQ(s.duchy().burrow, 2);
  EXPECT_TRUE(sc.Paused()) << "Law 12.5.1: up to two actions; got " << sc.Key();
}

TEST(Duchy, Law_12_5_1_I_BuildRevealsAMatchingCardInARuledClearing) {
  Scenario sc = DuchyGame();
  State& s = sc.s();
  s.SetWarriors(kDuchy, C(1), 1);   // fox, ruled
  s.SetWarriors(kDuchy, C(5), 1);   // rabbit, ruled
  s.SetWarriors(kDuchy, C(10), 1);  // rabbit, ruled
  s.SetWarriors(kDuchy, C(9), 1);   // mouse, tied: not ruled
  s.SetWarriors(kMarquise, C(9), 1);
  const CardId bake = sc.Give(0, "Bake Sale", kRabbit);
  sc.Give(0, "Investments", kMouse);
  sc.Start([](State& s) { Du()->PushDaylight(s, 0); });
  sc.Choose("Build (reveal a matching card)");
  sc.Choose("citadel");
  EXPECT_TRUE(sc.Offers("5 (rabbit)"));
  EXPECT_TRUE(sc.Offers("10 (rabbit)"));
  EXPECT_FALSE(sc.Offers("1 (fox)")) << "no fox card";
  EXPECT_FALSE(sc.Offers("9 (mouse)")) << "not ruled";
  sc.Choose("5 (rabbit)");  // the only matching card is revealed
  EXPECT_EQ(s.clearing(C(5)).pieces[kCitadel], 1);
  EXPECT_TRUE(Has(s.duchy().revealed, bake));
  EXPECT_FALSE(Has(s.seat(0).hand, bake));
  EXPECT_FALSE(Has(s.discard(), bake));
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

TEST(Duchy, Law_12_5_1_V_DigSpendsACardAndMovesOneToFourFromTheBurrow) {
  Scenario sc = DuchyGame();
  State& s = sc.s();
  SetBurrow(s, 6);
  const CardId anvil = sc.Give(0, "Anvil", kFox);
  sc.Start([](State& s) { Du()->PushDaylight(s, 0); });
  sc.Choose("Dig (spend a matching card)");
  EXPECT_FALSE(sc.Offers("5 (rabbit)")) << "no rabbit card";
  sc.Choose("8 (fox)");
  EXPECT_EQ(sc.Key(), "duchy.dig_count");
  EXPECT_TRUE(sc.Offers("1"));
  EXPECT_TRUE(sc.Offers("4"));
  EXPECT_FALSE(sc.Offers("5")) << "up to four";
  sc.Choose("4");
  EXPECT_EQ(s.clearing(C(8)).pieces[kTunnel], 1);
  EXPECT_EQ(s.clearing(C(8)).warriors[kDuchy], 4);
  EXPECT_EQ(s.duchy().burrow, 2);
  EXPECT_TRUE(Has(s.discard(), anvil)) << "spent";
}

TEST(Duchy, Law_12_5_1_V_DigNeedsAWarriorInTheBurrowAndAnUntunnelledClearing) {
  Scenario sc = DuchyGame();
  State& s = sc.s();
  sc.Give(0, "Anvil", kFox);
  sc.Start([](State& s) { Du()->PushDaylight(s, 0); });
  EXPECT_FALSE(sc.Offers("Dig (spend a matching card)"))
      << "at least one warrior must move from the Burrow";
  SetBurrow(s, 1);
  sc.Start([](State& s) { Du()->PushDaylight(s, 0); });
  EXPECT_TRUE(sc.Offers("Dig (spend a matching card)"));
}

TEST(Duchy, Law_12_2_4_AllTunnelsOnTheMapRemoveOneFirst) {
  Scenario sc = DuchyGame();
  State& s = sc.s();
  for (int c : {1, 5, 9}) s.SetPieces(kTunnel, C(c), 1);
  SetBurrow(s, 1);
  sc.Give(0, "Anvil", kFox);
  sc.Start([](State& s) { Du()->PushDaylight(s, 0); });
  sc.Choose("Dig (spend a matching card)");
  EXPECT_FALSE(sc.Offers("1 (fox)")) << "already has a tunnel";
  sc.Choose("8 (fox)");
  EXPECT_EQ(sc.Key(), "duchy.dig_remove_tunnel");
  sc.Choose("Remove the tunnel in 5 (rabbit)");
  EXPECT_EQ(s.clearing(C(5)).pieces[kTunnel], 0);
  EXPECT_EQ(s.clearing(C(8)).pieces[kTunnel], 1);
  EXPECT_EQ(s.clearing(C(8)).warriors[kDuchy], 1);
  EXPECT_EQ(s.piece_supply(kTunnel), 0);
}

// --- Parliament (Law 12.5.2)
// -----------------------------------------------------------

TEST(Duchy, Law_12_5_2_I_ForemoleBuildsInAnyRuledClearingWithAnyCard) {
  Scenario sc = DuchyGame();
  State& s = sc.s();
  Sway(s, kForemole);
  s.SetWarriors(kDuchy, C(1), 1);  // fox
  const CardId bake = sc.Give(0, "Bake Sale", kRabbit);
  StartParliament(sc);
  sc.Choose("Foremole");
  sc.Choose("market");  // clearing and card have one choice each
  EXPECT_EQ(s.clearing(C(1)).pieces[kMarket], 1);
  EXPECT_TRUE(Has(s.duchy().revealed, bake));
  EXPECT_TRUE(sc.Paused()) << "each minister once: " << sc.Key();
}

TEST(Duchy, Law_12_5_2_II_CaptainInitiatesABattle) {
  Scenario sc = DuchyGame();
  State& s = sc.s();
  Sway(s, kCaptain);
  s.SetWarriors(kDuchy, C(1), 1);
  s.SetWarriors(kDuchy, C(5), 1);
  s.SetWarriors(kMarquise, C(1), 1);
  s.SetWarriors(kMarquise, C(5), 1);
  StartParliament(sc);
  EXPECT_EQ(sc.Key(), "duchy.parliament");
  sc.Choose("Captain");
  EXPECT_TRUE(sc.Offers("Battle Marquise de Cat in 1 (fox)"));
  EXPECT_TRUE(sc.Offers("Battle Marquise de Cat in 5 (rabbit)"));
  EXPECT_FALSE(sc.Offers("Done")) << "the battle is the action";
}

TEST(Duchy, Law_12_5_2_III_MarshalTakesAMove) {
  Scenario sc = DuchyGame();
  State& s = sc.s();
  Sway(s, kMarshal);
  s.SetWarriors(kDuchy, C(1), 2);
  StartParliament(sc);
  sc.Choose("Marshal");
  EXPECT_EQ(sc.Key(), "duchy.move");
  sc.Choose("Move from 1 (fox) to 5 (rabbit)");
  sc.Choose("2");
  EXPECT_EQ(s.clearing(C(5)).warriors[kDuchy], 2);
  EXPECT_TRUE(sc.Paused());
}

TEST(Duchy, Law_12_5_2_IV_BrigadierTakesUpToTwoMoves) {
  Scenario sc = DuchyGame();
  State& s = sc.s();
  Sway(s, kBrigadier);
  s.SetWarriors(kDuchy, C(1), 2);
  s.SetWarriors(kMarquise, C(1), 1);
  StartParliament(sc);
  sc.Choose("Brigadier");
  EXPECT_TRUE(sc.Offers("Up to two battles"));
  sc.Choose("Up to two moves");
  EXPECT_FALSE(sc.Offers("Done")) << "the first move is the action";
  sc.Choose("Move from 1 (fox) to 5 (rabbit)");
  sc.Choose("1");
  EXPECT_TRUE(sc.Offers("Done")) << "the second is optional";
  sc.Choose("Move from 5 (rabbit) to 2 (mouse)");  // its one warrior
  EXPECT_EQ(s.clearing(C(2)).warriors[kDuchy], 1);
  EXPECT_TRUE(sc.Paused()) << "no third move";
}

TEST(Duchy, Law_12_5_2_IV_BrigadierInitiatesUpToTwoBattles) {
  Scenario sc = DuchyGame();
  State& s = sc.s();
  Sway(s, kBrigadier);
  s.SetWarriors(kDuchy, C(1), 3);
  s.SetWarriors(kDuchy, C(5), 3);
  s.SetWarriors(kMarquise, C(1), 1);
  s.SetWarriors(kMarquise, C(5), 1);
  StartParliament(sc);
  sc.Choose("Brigadier");
  sc.Choose("Up to two battles");
  sc.Dice({3, 2});
  sc.Choose("Battle Marquise de Cat in 1 (fox)");
  EXPECT_EQ(s.clearing(C(1)).warriors[kMarquise], 0);
  // The second battle (only 5 is left, but "Done" is offered).
  EXPECT_TRUE(sc.Offers("Battle Marquise de Cat in 5 (rabbit)"));
  EXPECT_TRUE(sc.Offers("Done"));
}

TEST(Duchy, Law_12_5_2_V_BankerSpendsCardsOfOneSuitForAVpEach) {
  Scenario sc = DuchyGame();
  State& s = sc.s();
  Sway(s, kBanker);
  const CardId anvil = sc.Give(0, "Anvil", kFox);
  sc.Give(0, "Foxfolk Steel", kFox);
  const CardId sappers = sc.Give(0, "Sappers", kBird);
  const CardId bake = sc.Give(0, "Bake Sale", kRabbit);
  StartParliament(sc);
  sc.Choose("Banker");
  sc.Choose("fox");
  EXPECT_FALSE(sc.Offers("Bake Sale (rabbit)")) << "one suit";
  EXPECT_FALSE(sc.Offers("Done")) << "at least one card";
  sc.Choose("Anvil (fox)");
  EXPECT_FALSE(sc.Offers("Bake Sale (rabbit)"));
  sc.Choose("Sappers (bird)");  // birds are wild (Law 2.1.1)
  sc.Choose("Done");
  EXPECT_EQ(s.seat(0).vp, 2);
  EXPECT_TRUE(Has(s.discard(), anvil));
  EXPECT_TRUE(Has(s.discard(), sappers));
  EXPECT_TRUE(Has(s.seat(0).hand, bake));
  EXPECT_EQ(s.seat(0).hand.size(), 2u);
}

TEST(Duchy, Law_12_5_2_VI_MayorTakesTheActionOfASwayedNobleOrSquire) {
  Scenario sc = DuchyGame();
  State& s = sc.s();
  Sway(s, kMayor);
  Sway(s, kMarshal);
  Sway(s, kEarlOfStone);
  s.SetWarriors(kDuchy, C(1), 2);
  s.SetPieces(kCitadel, C(1), 1);
  StartParliament(sc);
  sc.Choose("Marshal");
  sc.Choose("Move from 1 (fox) to 5 (rabbit)");
  sc.Choose("1");
  EXPECT_FALSE(sc.Offers("Marshal")) << "once per turn";
  sc.Choose("Mayor");
  // Only the Marshal qualifies (the Earl is a lord, the Mayor himself is
  // excluded), so the Mayor acts as the Marshal at once, again.
  EXPECT_EQ(sc.Key(), "duchy.move");
  sc.Choose("Move from 1 (fox) to 5 (rabbit)");
  EXPECT_EQ(s.clearing(C(5)).warriors[kDuchy], 2);
  EXPECT_FALSE(sc.Offers("Mayor"));
  EXPECT_TRUE(sc.Offers("Earl of Stone"));
}

TEST(Duchy, Law_12_5_2_VI_MayorOffersOnlyNoblesAndSquires) {
  Scenario sc = DuchyGame();
  State& s = sc.s();
  Sway(s, kMayor);
  Sway(s, kMarshal);
  Sway(s, kBanker);
  Sway(s, kBaronOfDirt);
  s.SetWarriors(kDuchy, C(1), 2);
  s.SetPieces(kMarket, C(1), 1);
  sc.Give(0, "Anvil", kFox);
  StartParliament(sc);
  sc.Choose("Mayor");
  EXPECT_EQ(sc.Key(), "duchy.mayor");
  EXPECT_TRUE(sc.Offers("Marshal"));
  EXPECT_TRUE(sc.Offers("Banker"));
  EXPECT_FALSE(sc.Offers("Baron of Dirt"));
  EXPECT_FALSE(sc.Offers("Mayor"));
}

TEST(Duchy, Law_12_5_2_VII_DuchessOfMudScoresTwoWithAllThreeTunnels) {
  for (int tunnels = 2; tunnels <= 3; ++tunnels) {
    Scenario sc = DuchyGame();
    State& s = sc.s();
    Sway(s, kDuchessOfMud);
    const int where[] = {C(1), C(5), C(9)};
    for (int i = 0; i < tunnels; ++i) s.SetPieces(kTunnel, where[i], 1);
    StartParliament(sc);
    if (tunnels == 2) {
      EXPECT_TRUE(sc.Paused()) << "nothing to score";
      EXPECT_EQ(s.seat(0).vp, 0);
    } else {
      sc.Choose("Duchess of Mud");
      EXPECT_EQ(s.seat(0).vp, 2);
    }
  }
}

TEST(Duchy, Law_12_5_2_VIII_BaronOfDirtScoresOnePerMarket) {
  Scenario sc = DuchyGame();
  State& s = sc.s();
  Sway(s, kBaronOfDirt);
  s.SetPieces(kMarket, C(1), 1);
  s.SetPieces(kMarket, C(5), 1);
  s.SetPieces(kCitadel, C(9), 1);
  StartParliament(sc);
  sc.Choose("Baron of Dirt");
  EXPECT_EQ(s.seat(0).vp, 2);
}

TEST(Duchy, Law_12_5_2_IX_EarlOfStoneScoresOnePerCitadel) {
  Scenario sc = DuchyGame();
  State& s = sc.s();
  Sway(s, kEarlOfStone);
  s.SetPieces(kCitadel, C(1), 1);
  s.SetPieces(kCitadel, C(5), 1);
  s.SetPieces(kCitadel, C(9), 1);
  s.SetPieces(kMarket, C(8), 1);
  StartParliament(sc);
  sc.Choose("Earl of Stone");
  EXPECT_EQ(s.seat(0).vp, 3);
}

// --- Sway (Law 12.5.3)
// ------------------------------------------------------------------

TEST(Duchy, Law_12_5_3_II_EachClearingAllowsOneMatchingCard) {
  Scenario sc = DuchyGame();
  State& s = sc.s();
  s.SetWarriors(kDuchy, C(1), 1);  // one fox clearing
  SetBurrow(s, 3);                 // the Burrow is unsuited
  const CardId anvil = sc.Give(0, "Anvil", kFox);
  const CardId steel = sc.Give(0, "Foxfolk Steel", kFox);
  StartParliament(sc);
  EXPECT_TRUE(sc.Paused()) << "two fox cards need two fox clearings";
  s.SetPieces(kTunnel, C(8), 1);  // any Duchy piece: a second fox clearing
  StartParliament(sc);
  EXPECT_EQ(sc.Key(), "duchy.sway");
  EXPECT_TRUE(sc.Offers("Sway the Captain (reveal 2 cards)"));
  EXPECT_FALSE(sc.Offers("Sway the Banker (reveal 3 cards)"));
  sc.Choose("Sway the Captain (reveal 2 cards)");
  sc.Choose("Anvil (fox)");  // the second card has no alternative
  EXPECT_TRUE(s.duchy().Swayed(kCaptain));
  EXPECT_EQ(s.seat(0).vp, 1) << "a squire's crown";
  EXPECT_TRUE(Has(s.duchy().revealed, anvil));
  EXPECT_TRUE(Has(s.duchy().revealed, steel));
  EXPECT_TRUE(s.seat(0).hand.empty());
  EXPECT_EQ(s.duchy().CrownsLeft(0), 2);
  EXPECT_TRUE(sc.Paused()) << "one minister per turn";
}

TEST(Duchy, Law_12_5_3_II_OnlyCardsThatStillFitAreOffered) {
  Scenario sc = DuchyGame();
  State& s = sc.s();
  s.SetWarriors(kDuchy, C(1), 1);  // fox
  s.SetWarriors(kDuchy, C(5), 1);  // rabbit
  s.SetWarriors(kDuchy, C(9), 1);  // mouse
  sc.Give(0, "Anvil", kFox);
  sc.Give(0, "Foxfolk Steel", kFox);
  sc.Give(0, "Bake Sale", kRabbit);
  sc.Give(0, "Sappers", kBird);
  StartParliament(sc);
  sc.Choose("Sway the Banker (reveal 3 cards)");
  sc.Choose("Anvil (fox)");
  // One fox clearing: a second fox card no longer fits.
  EXPECT_FALSE(sc.Offers("Foxfolk Steel (fox)"));
  EXPECT_TRUE(sc.Offers("Bake Sale (rabbit)"));
  EXPECT_TRUE(sc.Offers("Sappers (bird)"));
  sc.Choose("Sappers (bird)");  // Bake Sale follows: the only card left
  EXPECT_TRUE(s.duchy().Swayed(kBanker));
  EXPECT_EQ(s.duchy().revealed.size(), 3u);
}

TEST(Duchy, Law_12_5_3_III_CrownVpByRank) {
  // The crown spaces score 1 (squire), 2 (noble) and 3 (lord).
  const struct {
    int minister;
    const char* label;
    int vp;
  } cases[] = {{kMarshal, "Sway the Marshal (reveal 2 cards)", 1},
               {kMayor, "Sway the Mayor (reveal 3 cards)", 2},
               {kEarlOfStone, "Sway the Earl of Stone (reveal 4 cards)", 3}};
  for (const auto& k : cases) {
    Scenario sc = DuchyGame();
    State& s = sc.s();
    for (int c : {1, 8, 12, 6}) s.SetWarriors(kDuchy, C(c), 1);  // fox
    sc.Give(0, "Anvil", kFox);
    sc.Give(0, "Foxfolk Steel", kFox);
    sc.Give(0, "Travel Gear", kFox);
    sc.Give(0, "Root Tea", kFox);
    StartParliament(sc);
    sc.Choose(k.label);
    while (sc.Key() == "duchy.sway_card") sc.Choose(sc.Labels()[0]);
    EXPECT_TRUE(s.duchy().Swayed(k.minister)) << k.label;
    EXPECT_EQ(s.seat(0).vp, k.vp) << k.label;
  }
}

TEST(Duchy, Law_12_5_3_I_NeedsACrownOfTheRank) {
  Scenario sc = DuchyGame();
  State& s = sc.s();
  for (int c : {1, 8}) s.SetWarriors(kDuchy, C(c), 1);
  sc.Give(0, "Anvil", kFox);
  sc.Give(0, "Foxfolk Steel", kFox);
  Sway(s, kForemole);
  s.mutable_duchy().crowns_lost[0] = 2;  // the other squire crowns are gone
  StartParliament(sc);
  EXPECT_FALSE(sc.Offers("Sway the Captain (reveal 2 cards)"));
  EXPECT_FALSE(sc.Offers("Sway the Foremole (reveal 2 cards)"))
      << "already swayed";
}

TEST(Duchy, Law_12_5_3_II_RevealedCardsArePublicUntilReturned) {
  Scenario sc = DuchyGame();
  State& s = sc.s();
  s.SetWarriors(kDuchy, C(1), 1);
  const CardId anvil = sc.Give(0, "Anvil", kFox);
  sc.Start([](State& s) { Du()->PushDaylight(s, 0); });
  sc.Choose("Build (reveal a matching card)");
  sc.Choose("citadel");
  const Observation o = Observe(s, 1);  // the Marquise's view
  EXPECT_TRUE(Has(o.duchy.revealed, anvil));
  EXPECT_EQ(o.seats[0].hand_size, 0);
  EXPECT_TRUE(CheckRedaction(s, 1).ok());
}

// --- Price of Failure (Law 12.2.3)
// ---------------------------------------------------------

TEST(Duchy, Law_12_2_3_PriceOfFailureReturnsOneHighestRankMinister) {
  Scenario sc = DuchyGame(kPhaseDaylight);
  State& s = sc.s();
  s.SetPieces(kCitadel, C(5), 1);
  s.SetPieces(kMarket, C(5), 1);
  Sway(s, kCaptain);
  Sway(s, kBrigadier);
  Sway(s, kBanker);
  for (const char* n : {"Anvil", "Foxfolk Steel", "Bake Sale"}) sc.Give(0, n);
  sc.Start([](State& s) {
    std::array<int8_t, kNumPieces> p{};
    p[kCitadel] = p[kMarket] = 1;  // two buildings at once
    s.RemovePieces(kDuchy, C(5), 0, p, kMarquise);
  });
  EXPECT_EQ(sc.Key(), "duchy.price_of_failure");
  EXPECT_TRUE(sc.Offers("Return the Brigadier"));
  EXPECT_TRUE(sc.Offers("Return the Banker"));
  EXPECT_FALSE(sc.Offers("Return the Captain")) << "a squire ranks lower";
  sc.Choose("Return the Banker");
  EXPECT_FALSE(s.duchy().Swayed(kBanker));
  EXPECT_TRUE(s.duchy().Swayed(kBrigadier));
  EXPECT_TRUE(s.duchy().Swayed(kCaptain));
  EXPECT_EQ(s.duchy().crowns_lost[1], 1) << "the crown leaves the game";
  EXPECT_EQ(s.duchy().CrownsLeft(1), 1);
  EXPECT_EQ(s.seat(0).hand.size(), 2u) << "one random card discarded";
  EXPECT_EQ(s.discard().size(), 1u);
  EXPECT_EQ(s.seat(1).vp, 2) << "Law 3.2.1 as usual";
  EXPECT_TRUE(sc.Paused()) << "once for both buildings";
}

TEST(Duchy, Law_12_2_3_WithoutMinistersStillDiscardsARandomCard) {
  Scenario sc = DuchyGame(kPhaseDaylight);
  State& s = sc.s();
  s.SetPieces(kMarket, C(5), 1);
  sc.Give(0, "Anvil");
  sc.Start([](State& s) {
    std::array<int8_t, kNumPieces> p{};
    p[kMarket] = 1;
    s.RemovePieces(kDuchy, C(5), 0, p, kMarquise);
  });
  EXPECT_TRUE(sc.Paused());
  EXPECT_TRUE(s.seat(0).hand.empty());
}

TEST(Duchy, Law_12_2_3_TunnelsAreNotBuildings) {
  Scenario sc = DuchyGame(kPhaseDaylight);
  State& s = sc.s();
  s.SetPieces(kTunnel, C(5), 1);
  Sway(s, kCaptain);
  sc.Give(0, "Anvil");
  sc.Start([](State& s) {
    std::array<int8_t, kNumPieces> p{};
    p[kTunnel] = 1;
    s.RemovePieces(kDuchy, C(5), 0, p, kMarquise);
  });
  EXPECT_TRUE(s.duchy().Swayed(kCaptain));
  EXPECT_EQ(s.seat(0).hand.size(), 1u);
}

// --- Evening (Law 12.6)
// -----------------------------------------------------------------------

TEST(Duchy, Law_12_6_1_BirdsRevealedAreDiscardedTheRestReturn) {
  Scenario sc = DuchyGame(kPhaseEvening);
  State& s = sc.s();
  const CardId bake = sc.Give(0, "Bake Sale", kRabbit);
  const CardId sappers = sc.Give(0, "Sappers", kBird);
  for (CardId id : {bake, sappers}) {
    s.RemoveFromHand(0, id);
    s.mutable_duchy().revealed.push_back(id);
  }
  sc.Start([](State& s) { Du()->PushEvening(s, 0); });
  EXPECT_TRUE(Has(s.seat(0).hand, bake));
  EXPECT_TRUE(Has(s.discard(), sappers));
  EXPECT_TRUE(s.duchy().revealed.empty());
}

TEST(Duchy, Law_12_6_3_DrawOnePlusOnePerMarketThenFiveCards) {
  Scenario sc = DuchyGame(kPhaseEvening);
  State& s = sc.s();
  s.SetPieces(kMarket, C(1), 1);
  s.SetPieces(kMarket, C(5), 1);
  s.SetPieces(kCitadel, C(9), 1);
  sc.Start([](State& s) { Du()->PushEvening(s, 0); });
  EXPECT_EQ(s.seat(0).hand.size(), 3u);
  for (const char* n : {"Anvil", "Foxfolk Steel"}) sc.Give(0, n);
  sc.Start([](State& s) { Du()->PushEvening(s, 0); });
  // 5 + 3 drawn: discard three down to five.
  if (sc.Key() == "craft") sc.Choose("Done");
  for (int i = 0; i < 3; ++i) {
    ASSERT_EQ(sc.Key(), "discard.hand_limit") << i;
    ASSERT_TRUE(s.Apply(0).ok());
  }
  EXPECT_TRUE(sc.Paused());
  EXPECT_EQ(s.seat(0).hand.size(), 5u);
}

TEST(Duchy, Law_12_2_1_And_12_6_2_CraftsInEveningWithCitadelsAndMarkets) {
  Scenario sc = DuchyGame();
  State& s = sc.s();
  s.SetPieces(kMarket, C(5), 1);  // rabbit
  s.SetWarriors(kDuchy, C(5), 1);
  sc.Give(0, "A Visit to Friends", kRabbit);  // costs one rabbit
  sc.Start([](State& s) { Du()->PushDaylight(s, 0); });
  for (const std::string& l : sc.Labels())
    EXPECT_EQ(l.find("Visit"), std::string::npos) << "not in Daylight: " << l;
  s.SetCurrent(0, kPhaseEvening);
  sc.Start([](State& s) { Du()->PushEvening(s, 0); });
  sc.Choose("A Visit to Friends (rabbit)");
  EXPECT_EQ(s.seat(0).vp, 1);
}

TEST(Duchy, Law_8_2_6_And_12_2_2_LeavingTheBurrowForSympathyCausesOutrage) {
  Scenario sc({kDuchy, kAlliance});
  State& s = sc.s();
  s.SetPieces(kSympathy, C(5), 1);
  s.SetPieces(kTunnel, C(5), 1);
  SetBurrow(s, 2);
  const CardId bake = sc.Give(0, "Bake Sale", kRabbit);
  sc.Give(0, "Anvil", kFox);
  sc.Start([](State& s) { Du()->PushDaylight(s, 0); });
  sc.Choose("Move");  // from the Burrow to 5: the only move
  sc.Choose("2");
  EXPECT_EQ(s.clearing(C(5)).warriors[kDuchy], 2);
  EXPECT_EQ(s.alliance().supporters, std::vector<CardId>{bake});
  EXPECT_EQ(s.seat(0).hand.size(), 1u);
}

TEST(Duchy, Law_12_2_3_ABattleThatRemovesACitadelCostsAMinister) {
  Scenario sc = DuchyGame();
  State& s = sc.s();
  s.SetCurrent(1, kPhaseDaylight);
  s.SetPieces(kCitadel, C(5), 1);
  s.SetWarriors(kMarquise, C(5), 2);
  Sway(s, kCaptain);
  sc.Give(0, "Bake Sale", kRabbit);
  sc.Dice({2, 1});
  sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kDuchy); });
  EXPECT_EQ(s.clearing(C(5)).pieces[kCitadel], 0);
  EXPECT_FALSE(s.duchy().Swayed(kCaptain)) << "the only swayed minister";
  EXPECT_EQ(s.duchy().crowns_lost[0], 1);
  EXPECT_TRUE(s.seat(0).hand.empty()) << "a random card discarded";
  EXPECT_EQ(s.seat(1).vp, 1);
}

// Law 12.2.3 with 12.5.2.IV (decision): the Price of Failure resolves right
// after the battle whose hits removed the building (4.3.6); a minister it
// returns while its action is under way finishes that action.
TEST(Duchy, Law_12_2_3_AReturnedBrigadierStillOffersItsSecondBattle) {
  Scenario sc = DuchyGame();
  State& s = sc.s();
  Sway(s, kBrigadier);
  s.SetWarriors(kDuchy, C(1), 1);
  s.SetPieces(kCitadel, C(1), 1);
  s.SetWarriors(kMarquise, C(1), 2);
  s.SetWarriors(kDuchy, C(5), 2);
  s.SetWarriors(kMarquise, C(5), 1);
  sc.Give(0, "Anvil", kFox);
  StartParliament(sc);
  sc.Choose("Brigadier");
  sc.Choose("Up to two battles");
  sc.Dice({2, 2});  // two hits each way: the Duchy loses its warrior and
                    // the citadel
  sc.Choose("Battle Marquise de Cat in 1 (fox)");
  EXPECT_EQ(s.clearing(C(1)).pieces[kCitadel], 0);
  EXPECT_FALSE(s.duchy().Swayed(kBrigadier)) << "the price was paid";
  EXPECT_EQ(s.duchy().crowns_lost[1], 1);
  EXPECT_TRUE(s.seat(0).hand.empty()) << "a random card discarded";
  EXPECT_TRUE(sc.Offers("Battle Marquise de Cat in 5 (rabbit)"));
  EXPECT_TRUE(sc.Offers("Done"));
}

// Law 13.7.2 with 12.2.2 and 12.5.1.V: a face-up snare holds Duchy
// warriors in its clearing (not into the Burrow) and takes no tunnel, but
// warriors may still come up into it from the Burrow.
TEST(Duchy, Law_13_7_2_AFaceUpSnareHoldsWarriorsOutOfTheBurrow) {
  Scenario sc({kDuchy, kCorvid});
  State& s = sc.s();
  s.SetPieces(kTunnel, C(5), 1);
  s.SetWarriors(kDuchy, C(5), 2);
  s.SetPieces(kTunnel, C(1), 1);
  s.SetPieces(kPlotSnare, C(5), 1);
  s.mutable_corvid().face_up |= static_cast<uint16_t>(1u << C(5));
  s.SetPieces(kPlotSnare, C(10), 1);
  s.mutable_corvid().face_up |= static_cast<uint16_t>(1u << C(10));
  SetBurrow(s, 2);
  sc.Give(0, "Bake Sale", kRabbit);
  sc.Start([](State& s) { Du()->PushDaylight(s, 0); });
  sc.Choose("Dig (spend a matching card)");
  EXPECT_FALSE(sc.Offers("10 (rabbit)")) << "no tunnel placed under a snare";
  EXPECT_TRUE(sc.Offers("4 (rabbit)"));
  sc.s().ResetStack();
  sc.Start([](State& s) { Du()->PushDaylight(s, 0); });
  sc.Choose("Move");
  EXPECT_FALSE(sc.Offers("Move from 5 (rabbit) to the Burrow"));
  EXPECT_TRUE(sc.Offers("Move from the Burrow to 5 (rabbit)"));
  EXPECT_TRUE(sc.Offers("Move from the Burrow to 1 (fox)"));
}

// Law 12.5.1.I and 12.5.1.V with the Lost City (decision: its clearing counts
// as every suit for clearing-suit checks): any card matches it to build or
// dig there.
TEST(Duchy, Law_12_5_1_I_And_12_5_1_V_AnyCardMatchesTheLostCity) {
  Scenario sc = DuchyGame();
  State& s = sc.s();
  SetUpLandmark(s, kLandmarkLostCity, C(10));  // printed rabbit
  for (int c : {1, 5, 10}) s.SetWarriors(kDuchy, C(c), 1);
  SetBurrow(s, 1);
  const CardId anvil = sc.Give(0, "Anvil", kFox);
  sc.Start([](State& s) { Du()->PushDaylight(s, 0); });
  sc.Choose("Build (reveal a matching card)");
  sc.Choose("citadel");
  EXPECT_TRUE(sc.Offers("1 (fox)"));
  EXPECT_TRUE(sc.Offers("10 (rabbit)")) << "the fox card matches the city";
  EXPECT_FALSE(sc.Offers("5 (rabbit)")) << "a printed rabbit clearing";
  sc.Choose("10 (rabbit)");
  EXPECT_EQ(s.clearing(C(10)).pieces[kCitadel], 1);
  EXPECT_TRUE(Has(s.duchy().revealed, anvil));
  s.mutable_duchy().revealed.clear();  // back in hand, as in Evening
  s.mutable_seat(0).hand.push_back(anvil);
  sc.Start([](State& s) { Du()->PushDaylight(s, 0); });
  sc.Choose("Dig (spend a matching card)");
  EXPECT_TRUE(sc.Offers("10 (rabbit)"));
  EXPECT_FALSE(sc.Offers("5 (rabbit)")) << "a printed rabbit clearing";
}

// Law 12.5.3.II with the Lost City (same decision): a Duchy piece there lets
// the Duchy reveal one card of any suit.
TEST(Duchy, Law_12_5_3_II_TheLostCityAllowsOneCardOfAnySuit) {
  Scenario sc = DuchyGame();
  State& s = sc.s();
  SetUpLandmark(s, kLandmarkLostCity, C(10));
  s.SetWarriors(kDuchy, C(1), 1);   // fox
  s.SetWarriors(kDuchy, C(10), 1);  // the Lost City
  sc.Give(0, "Anvil", kFox);
  sc.Give(0, "Foxfolk Steel", kFox);
  sc.Give(0, "Travel Gear", kFox);
  StartParliament(sc);
  EXPECT_TRUE(sc.Offers("Sway the Captain (reveal 2 cards)"));
  EXPECT_FALSE(sc.Offers("Sway the Banker (reveal 3 cards)"))
      << "two clearings, one card each";
  sc.Choose("Sway the Captain (reveal 2 cards)");
  EXPECT_EQ(sc.Key(), "duchy.sway_card");
  sc.Choose("Anvil (fox)");
  EXPECT_TRUE(sc.Offers("Foxfolk Steel (fox)"));
  sc.Choose("Foxfolk Steel (fox)");
  EXPECT_TRUE(s.duchy().Swayed(kCaptain));
}

// Law 12.2.2 with 22.2.2 (the Bands: an enemy that moved into a Band
// clearing this turn cannot move out of it): moves between the Burrow and a
// clearing are moves like any other, in and out.
TEST(Duchy, Law_12_2_2_And_22_2_2_TheBandHoldsWarriorsFromTheBurrowToo) {
  GameSetup setup;
  setup.factions = {kDuchy, kMarquise};
  setup.hirelings = {{kHirelingPopularBand, false},
                     {kHirelingVaultKeepers, false},
                     {kHirelingSpringUprising, false}};
  for (bool from_burrow : {true, false}) {
    Scenario sc(setup, 7);
    State& s = sc.s();
    sc.s().SetCurrent(0, kPhaseDaylight);
    HirelingCard& band = s.mutable_hirelings().cards[0];
    ASSERT_EQ(band.hireling, kHirelingPopularBand);
    --band.supply;
    ++band.warriors[C(5)];
    s.mutable_hirelings().RecomputeOnMap();
    for (int c : {1, 5}) s.SetPieces(kTunnel, C(c), 1);
    s.SetWarriors(kDuchy, C(1), 3);
    SetBurrow(s, 2);
    sc.Start([](State& s) { Du()->PushDaylight(s, 0); });
    sc.Choose("Move");
    sc.Choose(from_burrow ? "Move from the Burrow to 5 (rabbit)"
                          : "Move from 1 (fox) to 5 (rabbit)");
    sc.Choose("1");
    ASSERT_EQ(s.clearing(C(5)).warriors[kDuchy], 1);
    sc.Choose("Move");
    EXPECT_FALSE(sc.Offers("Move from 5 (rabbit) to the Burrow"))
        << from_burrow;
    EXPECT_FALSE(sc.Offers("Move from 5 (rabbit) to 1 (fox)")) << from_burrow;
    EXPECT_TRUE(sc.Offers("Move from 1 (fox) to the Burrow")) << from_burrow;
  }
}

TEST(DuchyRandom, TwoToFiveSeats) {
  const std::vector<std::vector<int8_t>> mixes = {
      {kDuchy, kMarquise},
      {kEyrie, kDuchy},
      {kAlliance, kDuchy},
      {kVagabond, kDuchy},
      {kMarquise, kEyrie, kDuchy},
      {kDuchy, kAlliance, kVagabond},
      {kMarquise, kEyrie, kAlliance, kDuchy},
      {kMarquise, kEyrie, kAlliance, kVagabond, kDuchy},
  };
  uint64_t seed = 1000;
  for (const auto& mix : mixes) {
    GameSetup setup;
    setup.factions = mix;
    setup.shuffle_seats = true;
    RandomGamesCheck(setup, seed, 60);
    seed += 1000;
  }
}

// Random play reaches every Duchy decision (so the random games above check
// conservation, redaction and replay through all of them).
TEST(DuchyRandom, EveryDecisionIsReached) {
  std::set<std::string> keys;
  int duchy_wins = 0;
  for (uint64_t seed = 1; seed <= 150; ++seed) {
    GameSetup setup;
    setup.factions = {kMarquise, kDuchy, kEyrie};
    setup.max_turns = 1000;
    DecisionHook hook = [&](const State& s, uint64_t, int) {
      keys.insert(std::string(s.PromptKey()));
      return absl::OkStatus();
    };
    auto r = RandomPlayout(setup, seed, PolicySeedFor(seed), hook);
    ASSERT_TRUE(r.ok());
    for (int8_t w : r->final_state.winners())
      duchy_wins += r->final_state.seat(w).faction == kDuchy;
  }
  for (const char* k :
       {"duchy.setup_corner", "duchy.assembly", "duchy.move",
        "duchy.move_count", "duchy.build_piece", "duchy.build_clearing",
        "duchy.build_card", "duchy.dig_clearing", "duchy.dig_remove_tunnel",
        "duchy.dig_card", "duchy.dig_count", "duchy.parliament", "duchy.mayor",
        "duchy.brigadier", "duchy.banker_suit", "duchy.banker_card",
        "duchy.sway", "duchy.sway_card", "duchy.price_of_failure"}) {
    EXPECT_TRUE(keys.count(k)) << k;
  }
  EXPECT_GT(duchy_wins, 0);
}

// Law 12.2.2: the Burrow is a clearing the Duchy always rules, even empty,
// so Royal Claim ("one VP per clearing you rule") counts it.
TEST(Duchy, Law_12_2_2_RoyalClaimCountsTheBurrow) {
  Scenario sc = DuchyGame(kPhaseBirdsong);
  State& s = sc.s();
  SetBurrow(s, 0);
  for (int c : {1, 5}) s.SetWarriors(kDuchy, C(c), 1);
  sc.Craft(0, "Royal Claim");
  sc.Start(
      [](State& s) { s.Push(Task{.kind = kTaskBirdsongCards, .seat = 0}); });
  sc.Choose("Royal Claim (bird)");
  EXPECT_EQ(s.seat(0).vp, 3);  // clearings 1 and 5, and the Burrow
}

}  // namespace
}  // namespace woodland::rules::testing
