// Scenario tests for the Lord of the Hundreds (Law 14), and random games with
// the Hundreds seated among the base factions.
#include <algorithm>

#include "gtest/gtest.h"
#include "referee/rules/exiles.h"
#include "referee/rules/hirelings.h"
#include "referee/rules/landmarks.h"
#include "referee/rules/observation.h"
#include "tests/referee/rules/random_play.h"
#include "tests/referee/rules/scenario.h"

namespace woodland::rules::testing {
namespace {

GameSetup Table(std::vector<int8_t> factions) {
  GameSetup setup;
  setup.factions = std::move(factions);
  return setup;
}

const FactionModule* Hu() { return GetFaction(kHundreds); }

// Seats: 0 Hundreds, 1 Marquise (2 Eyrie when asked for).
Scenario HuGame(Phase phase, std::vector<int8_t> f = {kHundreds, kMarquise}) {
  Scenario sc(std::move(f));
  sc.s().SetCurrent(0, phase);
  return sc;
}
// The warlord and `others` warriors in clearing c.
void Warlord(State& s, int c, int others) {
  s.SetWarriors(kHundreds, c, others + 1);
  s.mutable_hundreds().warlord = static_cast<int8_t>(c);
}
// An item from the supply into the Hoard.
void Hoard(State& s, int item) {
  --s.mutable_item_supply()[item];
  ++s.mutable_hundreds().hoard[item];
}
void Mood(State& s, int mood) {
  s.mutable_hundreds().mood = static_cast<int8_t>(mood);
}
int Hw(const State& s, int c) { return s.clearing(c).warriors[kHundreds]; }

// A table with three hirelings beside the factions (Law 19.6): `first` and
// two that bring no pieces to these scenarios.
Scenario HirelingGame(std::vector<int8_t> factions, int8_t first,
                      bool demoted) {
  GameSetup g = Table(std::move(factions));
  g.hirelings = {{first, demoted},
                 {kHirelingPopularBand, true},
                 {kHirelingSpringUprising, true}};
  return Scenario(g, 5);
}
// The card of a hireling in play (its index on the hirelings' board).
HirelingCard& HirelingOf(State& s, int hireling) {
  for (HirelingCard& h : s.mutable_hirelings().cards) {
    if (h.hireling == hireling) return h;
  }
  ADD_FAILURE() << "hireling not in play";
  return s.mutable_hirelings().cards[0];
}
int HirelingTarget(const State& s, int hireling) {
  const auto& cards = s.hirelings().cards;
  for (size_t i = 0; i < cards.size(); ++i) {
    if (cards[i].hireling == hireling)
      return kBattleHirelingBase + static_cast<int>(i);
  }
  return -1;
}
// n of the hireling's warriors from its supply into c.
void HirelingWarriors(State& s, int hireling, int c, int n) {
  HirelingCard& h = HirelingOf(s, hireling);
  h.supply = static_cast<int8_t>(h.supply - n);
  h.warriors[c] = static_cast<int8_t>(h.warriors[c] + n);
  s.mutable_hirelings().RecomputeOnMap();
}
// The Riverfolk's warriors fight and rule for `buyer` this turn (11.2.7.III).
void Mercenaries(State& s, int buyer) {
  s.mutable_riverfolk().mercs_for = static_cast<int8_t>(buyer);
  s.mutable_riverfolk().mercs_turn = static_cast<int16_t>(s.turn());
}

// --- Setup (Law 14.3) -------------------------------------------------------

TEST(Hundreds, Law_14_3_2_GarrisonInTheCornerOppositeAStart) {
  GameSetup setup;
  setup.factions = {kMarquise, kHundreds};
  setup.first_seat = 0;
  auto st = State::NewGame(setup, 11);
  ASSERT_TRUE(st.ok()) << st.status();
  State& s = *st;
  while (s.phase() == kPhaseSetup) ASSERT_TRUE(s.Apply(0).ok());
  const int keep = s.marquise().keep;
  ASSERT_GE(keep, 0);
  // Law 14.3.2: the corner diagonally opposite the Marquise's start (the
  // only one, so taken without asking).
  EXPECT_EQ(s.hundreds().warlord, s.map().OppositeCorner(keep));
  EXPECT_EQ(s.clearing(s.hundreds().warlord).pieces[kStronghold], 1);
}

TEST(Hundreds, Law_14_3_2_AnyFreeCornerWhenNoOppositeIsFree) {
  Scenario sc({kMarquise, kEyrie, kHundreds});
  State& s = sc.s();
  // Starts in 1 and 3 (opposite each other): neither opposite is free.
  s.SetPieces(kKeep, C(1), 1);
  s.SetPieces(kRoost, C(3), 1);
  sc.Start([](State& s) { Hu()->PushSetup(s, 2); });
  EXPECT_EQ(sc.Key(), "hundreds.setup.corner");
  auto labels = sc.Labels();
  std::sort(labels.begin(), labels.end());
  EXPECT_EQ(labels, (std::vector<std::string>{"2 (mouse)", "4 (rabbit)"}));
}

TEST(Hundreds, Law_14_3_2_TheDuchysTunnelMarksItsStartingCorner) {
  // The Duchy (setup order G, before the Hundreds' I) start with a tunnel, a
  // token, in their corner (12.3.3): no garrison there, and the keep's
  // opposite corner is taken.
  Scenario sc({kMarquise, kDuchy, kHundreds});
  State& s = sc.s();
  s.SetPieces(kKeep, C(1), 1);
  s.SetPieces(kTunnel, C(3), 1);
  s.SetWarriors(kDuchy, C(3), 2);
  sc.Start([](State& s) { Hu()->PushSetup(s, 2); });
  EXPECT_EQ(sc.Key(), "hundreds.setup.corner");
  auto labels = sc.Labels();
  std::sort(labels.begin(), labels.end());
  EXPECT_EQ(labels, (std::vector<std::string>{"2 (mouse)", "4 (rabbit)"}));
}

TEST(Hundreds, Law_14_3_SetupPlacesWarlordFourWarriorsStrongholdItemsStubborn) {
  Scenario sc({kMarquise, kEyrie, kHundreds});
  State& s = sc.s();
  s.SetPieces(kKeep, C(1), 1);
  s.SetPieces(kRoost, C(3), 1);
  sc.Start([](State& s) { Hu()->PushSetup(s, 2); });
  s.mutable_hundreds().mood = kMoodBitter;
  sc.Choose("4 (rabbit)");
  EXPECT_EQ(Hw(s, C(4)), 5) << "14.3.2: the warlord and four warriors";
  EXPECT_EQ(s.hundreds().warlord, C(4));
  EXPECT_EQ(s.clearing(C(4)).pieces[kStronghold], 1);
  EXPECT_EQ(s.hundreds().mood, kMoodStubborn) << "14.3.4";
  // 14.3.1: 20 warriors and the warlord, 6 strongholds.
  EXPECT_EQ(s.warrior_supply(kHundreds) + 5, 21);
  EXPECT_EQ(s.piece_supply(kStronghold) + 1, 6);
  // 14.3.3: the four "R" items under the four ruins.
  std::vector<int> items;
  for (int c = 0; c < 12; ++c) {
    if (s.vagabond().ruin_item[c] > 0)
      items.push_back(s.vagabond().ruin_item[c] - 1);
  }
  std::sort(items.begin(), items.end());
  EXPECT_EQ(items, (std::vector<int>{kBoot, kSack, kHammer, kSword}));
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

// --- The Hoard (Law 14.2.4) -------------------------------------------------

TEST(Hundreds, Law_14_2_4_II_CommandByItemsOnTheCommandTrack) {
  constexpr int kItems[] = {kBoot, kBoot, kSack, kSack};
  constexpr int kCommand[] = {1, 2, 2, 3, 4};  // 0..4 items
  for (int n = 0; n <= 4; ++n) {
    Scenario sc = HuGame(kPhaseDaylight);
    State& s = sc.s();
    Warlord(s, C(5), 1);
    for (int i = 0; i < n; ++i) Hoard(s, kItems[i]);
    Hoard(s, kHammer);  // a Prowess item changes nothing here
    sc.Start([](State& s) { Hu()->PushDaylight(s, 0); });
    ASSERT_EQ(sc.Key(), "hundreds.command");
    EXPECT_EQ(s.prompt().a, kCommand[n]) << n << " items";
  }
}

TEST(Hundreds,
     Law_14_2_4_II_And_14_4_2_RecruitProwessAtWarlordOnePerStronghold) {
  constexpr int kItems[] = {kHammer, kTea, kSword, kCrossbow};
  constexpr int kProwess[] = {1, 2, 2, 3, 4};
  for (int n = 0; n <= 4; ++n) {
    Scenario sc = HuGame(kPhaseBirdsong);
    State& s = sc.s();
    Warlord(s, C(5), 0);
    s.SetPieces(kStronghold, C(2), 1);
    s.SetPieces(kStronghold, C(11), 2);
    for (int i = 0; i < n; ++i) Hoard(s, kItems[i]);
    Hoard(s, kCoin);  // a Command item changes nothing here
    sc.Start([](State& s) { Hu()->PushBirdsong(s, 0); });
    EXPECT_EQ(sc.Key(), "hundreds.mood");
    EXPECT_EQ(Hw(s, C(5)), 1 + kProwess[n]) << n << " items";
    EXPECT_EQ(Hw(s, C(2)), 1);
    EXPECT_EQ(Hw(s, C(11)), 2);
  }
}

TEST(Hundreds, Law_14_4_2_TooFewWarriorsTheHundredsChooseStrongholds) {
  Scenario sc = HuGame(kPhaseBirdsong);
  State& s = sc.s();
  Warlord(s, C(5), 17);  // 18 on the map: two regular warriors left
  s.SetPieces(kStronghold, C(2), 1);
  s.SetPieces(kStronghold, C(11), 1);
  s.SetPieces(kStronghold, C(9), 1);
  sc.Start([](State& s) { Hu()->PushBirdsong(s, 0); });
  // Prowess 1 at the warlord leaves one warrior for three strongholds.
  EXPECT_EQ(Hw(s, C(5)), 19);
  EXPECT_EQ(sc.Key(), "hundreds.recruit");
  sc.Choose("11 (mouse)");
  EXPECT_EQ(Hw(s, C(11)), 1);
  EXPECT_EQ(Hw(s, C(2)) + Hw(s, C(9)), 0);
  EXPECT_EQ(s.hundreds().warlord, C(5)) << "the warlord is never recruited";
}

TEST(Hundreds, Law_14_2_4_I_FullTrackRemovesAnItemForOneVp) {
  Scenario sc = HuGame(kPhaseDaylight);
  State& s = sc.s();
  Warlord(s, C(5), 0);
  for (int item : {kBoot, kSack, kSack, kCoin}) Hoard(s, item);
  s.SetPieces(kStronghold, C(3), 1);  // rabbit
  sc.Give(0, "Travel Gear", kFox);    // boot, costs rabbit
  sc.Start([](State& s) { Hu()->PushDaylight(s, 0); });
  sc.Choose("Travel Gear (fox)");
  sc.Choose("Take the boot into the Hoard");
  EXPECT_EQ(sc.Key(), "hundreds.hoard.full");
  auto labels = sc.Labels();
  std::sort(labels.begin(), labels.end());
  EXPECT_EQ(labels, (std::vector<std::string>{"boot", "coin", "sack"}));
  sc.Choose("sack");
  EXPECT_EQ(s.hundreds().hoard[kBoot], 2);
  EXPECT_EQ(s.hundreds().hoard[kSack], 1);
  EXPECT_EQ(s.hundreds().removed[kSack], 1);
  EXPECT_EQ(s.seat(0).vp, 1);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

// --- Contempt for Trade (Law 14.2.3), crafting (14.2.1) ---------------------

TEST(Hundreds, Law_14_2_1_And_14_2_3_KeepTheItemForNoVp) {
  Scenario sc = HuGame(kPhaseDaylight);
  State& s = sc.s();
  Warlord(s, C(5), 0);
  s.SetPieces(kStronghold, C(1), 1);  // fox: strongholds craft
  sc.Give(0, "Anvil", kFox);          // hammer, 2 VP
  sc.Start([](State& s) { Hu()->PushDaylight(s, 0); });
  sc.Choose("Anvil (fox)");
  EXPECT_EQ(sc.Key(), "hundreds.contempt_for_trade");
  sc.Choose("Take the hammer into the Hoard");
  EXPECT_EQ(s.hundreds().hoard[kHammer], 1);
  EXPECT_EQ(s.seat(0).items[kHammer], 0) << "no Crafted Items box";
  EXPECT_EQ(s.seat(0).vp, 0);
}

TEST(Hundreds, Law_14_2_3_RemoveTheItemToScoreItsVp) {
  Scenario sc = HuGame(kPhaseDaylight);
  State& s = sc.s();
  Warlord(s, C(5), 0);
  s.SetPieces(kStronghold, C(1), 1);
  sc.Give(0, "Anvil", kFox);
  sc.Start([](State& s) { Hu()->PushDaylight(s, 0); });
  sc.Choose("Anvil (fox)");
  sc.Choose("Remove the hammer and score 2 VP");
  EXPECT_EQ(s.hundreds().hoard[kHammer], 0);
  EXPECT_EQ(s.hundreds().removed[kHammer], 1);
  EXPECT_EQ(s.item_supply()[kHammer], 0) << "removed permanently";
  EXPECT_EQ(s.seat(0).vp, 2);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

// --- The warlord (Law 14.2.2) -----------------------------------------------

TEST(Hundreds, Law_14_2_2_FavorRemovesEverythingButTheWarlord) {
  Scenario sc = HuGame(kPhaseDaylight);
  State& s = sc.s();
  s.SetCurrent(1, kPhaseDaylight);
  for (int c : {1, 8, 12}) s.SetPieces(kWorkshop, C(c), 1);
  Warlord(s, C(6), 2);
  s.SetPieces(kStronghold, C(6), 1);
  s.SetPieces(kMob, C(6), 1);
  sc.Give(1, "Favor of the Foxes");
  sc.Start([](State& s) { PushCraft(s, 1); });
  sc.Choose("Favor of the Foxes (fox)");
  EXPECT_EQ(Hw(s, C(6)), 1);
  EXPECT_EQ(s.hundreds().warlord, C(6));
  EXPECT_EQ(s.clearing(C(6)).pieces[kStronghold], 0);
  EXPECT_EQ(s.clearing(C(6)).pieces[kMob], 0);
  EXPECT_EQ(s.seat(1).vp, 2) << "3.2.1: the stronghold and the mob";
}

TEST(Hundreds, Law_14_2_2_TaxCollectorCannotRemoveTheWarlord) {
  Scenario sc = HuGame(kPhaseDaylight);
  State& s = sc.s();
  Warlord(s, C(5), 0);
  s.SetWarriors(kHundreds, C(9), 2);
  sc.Craft(0, "Tax Collector");
  sc.Start([](State& s) { Hu()->PushDaylight(s, 0); });
  sc.Choose("Use Tax Collector");
  // The only clearing offered is 9 (taken at once): the lone warlord stays.
  EXPECT_EQ(Hw(s, C(9)), 1);
  EXPECT_EQ(Hw(s, C(5)), 1);
  EXPECT_EQ(s.hundreds().warlord, C(5));
}

TEST(Hundreds, Law_14_2_2_TheHundredsChooseWhetherAHitTakesTheWarlord) {
  Scenario sc = HuGame(kPhaseDaylight);
  State& s = sc.s();
  s.SetCurrent(1, kPhaseDaylight);
  Warlord(s, C(5), 2);
  Mood(s, kMoodRowdy);
  s.SetWarriors(kMarquise, C(5), 3);
  sc.Dice({1, 0});
  sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kHundreds); });
  EXPECT_EQ(sc.Key(), "hundreds.warlord_hit");
  sc.Choose("The warlord is removed");
  EXPECT_EQ(Hw(s, C(5)), 2);
  EXPECT_EQ(s.hundreds().warlord, -1);
  EXPECT_TRUE(s.CheckInvariants().ok());
}

TEST(Hundreds, Law_14_2_2_MovesChooseWhetherTheWarlordGoes) {
  Scenario sc = HuGame(kPhaseDaylight);
  State& s = sc.s();
  Warlord(s, C(5), 2);
  sc.Start([](State& s) { Hu()->PushDaylight(s, 0); });
  sc.Choose("Move");
  sc.Choose("Move from 5 (rabbit) to 1 (fox)");
  auto labels = sc.Labels();
  std::sort(labels.begin(), labels.end());
  EXPECT_EQ(labels,
            (std::vector<std::string>{
                "Move 1 warrior from 5 (rabbit) to 1 (fox)",
                "Move 2 warriors from 5 (rabbit) to 1 (fox)",
                "Move the warlord and 1 warrior from 5 (rabbit) to 1 (fox)",
                "Move the warlord and 2 warriors from 5 (rabbit) to 1 (fox)",
                "Move the warlord from 5 (rabbit) to 1 (fox)"}));
  sc.Choose("Move 2 warriors from 5 (rabbit) to 1 (fox)");
  EXPECT_EQ(s.hundreds().warlord, C(5));
  EXPECT_EQ(Hw(s, C(1)), 2);
}

TEST(Hundreds, Law_14_2_2_NotRemovedByAnEffectOutsideBattle) {
  Scenario sc = HuGame(kPhaseDaylight);
  State& s = sc.s();
  s.SetCurrent(1, kPhaseDaylight);
  Warlord(s, C(5), 0);
  // Another player's effect removing a warrior (e.g. a Strike): the lone
  // warlord stays.
  s.RemoveWarriors(kHundreds, C(5), 1, kMarquise);
  EXPECT_EQ(Hw(s, C(5)), 1);
  EXPECT_EQ(s.hundreds().warlord, C(5));
  EXPECT_TRUE(s.CheckInvariants().ok());
}

TEST(Hundreds, Law_14_2_2_NotMovedOutsideTheHundredsTurn) {
  Scenario sc = HuGame(kPhaseDaylight);
  State& s = sc.s();
  s.SetCurrent(1, kPhaseDaylight);
  Warlord(s, C(5), 1);
  // Another player moving every Hundreds warrior out (e.g. a Vagabond's
  // allied warriors): the warlord stays behind.
  s.MoveWarriors(kHundreds, C(5), C(1), 2, kMarquise);
  EXPECT_EQ(Hw(s, C(5)), 1);
  EXPECT_EQ(Hw(s, C(1)), 1);
  EXPECT_EQ(s.hundreds().warlord, C(5));
}

TEST(Hundreds, Law_14_2_2_FallsWithTheLastWarriorInBattle) {
  Scenario sc = HuGame(kPhaseDaylight);
  State& s = sc.s();
  s.SetCurrent(1, kPhaseDaylight);
  Warlord(s, C(5), 0);
  Mood(s, kMoodRowdy);
  s.SetWarriors(kMarquise, C(5), 3);
  sc.Dice({2, 0});
  sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kHundreds); });
  EXPECT_EQ(Hw(s, C(5)), 0);
  EXPECT_EQ(s.hundreds().warlord, -1);
  EXPECT_TRUE(s.CheckInvariants().ok());
}

// --- Looters (Law 14.2.5) ---------------------------------------------------

TEST(Hundreds, Law_14_2_5_LootersDealNoRolledHitsAndTakeAnItem) {
  Scenario sc = HuGame(kPhaseDaylight);
  State& s = sc.s();
  Warlord(s, C(9), 3);
  Mood(s, kMoodRowdy);
  s.SetWarriors(kMarquise, C(9), 1);
  --s.mutable_item_supply()[kCoin];
  ++s.mutable_seat(1).items[kCoin];
  sc.Dice({3, 0});
  sc.Start([](State& s) { PushBattle(s, C(9), kHundreds, kMarquise); });
  EXPECT_EQ(sc.Key(), "hundreds.looters");
  sc.Choose("Loot Marquise de Cat");
  EXPECT_EQ(s.clearing(C(9)).warriors[kMarquise], 1) << "no rolled hits";
  // The Hundreds rule 9: the coin (the only item) goes to the Hoard.
  EXPECT_EQ(s.seat(1).items[kCoin], 0);
  EXPECT_EQ(s.hundreds().hoard[kCoin], 1);
  EXPECT_TRUE(s.CheckInvariants().ok());
}

TEST(Hundreds, Law_14_2_5_And_14_7_8_LootersStillDealExtraHits) {
  Scenario sc = HuGame(kPhaseDaylight);
  State& s = sc.s();
  Warlord(s, C(9), 3);
  Mood(s, kMoodWrathful);
  s.SetWarriors(kMarquise, C(9), 2);
  --s.mutable_item_supply()[kCoin];
  ++s.mutable_seat(1).items[kCoin];
  sc.Dice({3, 0});
  sc.Start([](State& s) { PushBattle(s, C(9), kHundreds, kMarquise); });
  sc.Choose("Loot Marquise de Cat");
  EXPECT_EQ(s.clearing(C(9)).warriors[kMarquise], 1) << "only Wrathful's hit";
  EXPECT_EQ(s.hundreds().hoard[kCoin], 1);
}

TEST(Hundreds, Law_14_7_7_StubbornIgnoresTheFirstAmbushHit) {
  Scenario sc = HuGame(kPhaseDaylight);
  State& s = sc.s();
  Warlord(s, C(9), 2);
  s.SetWarriors(kMarquise, C(9), 1);
  sc.Give(1, "Ambush!", kMouse);
  sc.Dice({0, 0});
  sc.Start([](State& s) { PushBattle(s, C(9), kHundreds, kMarquise); });
  sc.Choose("Ambush! (mouse)");
  if (sc.Key() == "hundreds.warlord_hit") sc.Choose("The warlord stays");
  EXPECT_EQ(Hw(s, C(9)), 2) << "two ambush hits, the first ignored";
}

TEST(Hundreds, Law_14_2_5_NoItemWithoutRule) {
  Scenario sc = HuGame(kPhaseDaylight);
  State& s = sc.s();
  Warlord(s, C(9), 0);
  Mood(s, kMoodRowdy);
  s.SetWarriors(kMarquise, C(9), 3);
  --s.mutable_item_supply()[kCoin];
  ++s.mutable_seat(1).items[kCoin];
  sc.Dice({3, 0});
  sc.Start([](State& s) { PushBattle(s, C(9), kHundreds, kMarquise); });
  sc.Choose("Loot Marquise de Cat");
  EXPECT_TRUE(sc.Paused());
  EXPECT_EQ(s.seat(1).items[kCoin], 1);
  EXPECT_EQ(s.hundreds().hoard[kCoin], 0);
}

TEST(Hundreds, Law_14_2_5_NoLootingWithoutCraftedItems) {
  Scenario sc = HuGame(kPhaseDaylight);
  State& s = sc.s();
  Warlord(s, C(9), 3);
  Mood(s, kMoodRowdy);
  s.SetWarriors(kMarquise, C(9), 2);
  sc.Dice({3, 0});
  sc.Start([](State& s) { PushBattle(s, C(9), kHundreds, kMarquise); });
  EXPECT_TRUE(sc.Paused()) << sc.Key();
  EXPECT_EQ(s.clearing(C(9)).warriors[kMarquise], 0) << "rolled hits dealt";
}

TEST(Hundreds, Law_14_2_5_TheVagabondCannotBeLooted) {
  Scenario sc = HuGame(kPhaseDaylight, {kHundreds, kVagabond});
  State& s = sc.s();
  Warlord(s, C(9), 3);
  s.mutable_vagabond().clearing = C(9);
  s.mutable_vagabond().forest = -1;
  sc.Item(kSword);
  --s.mutable_item_supply()[kCoin];  // even with an item in the box
  ++s.mutable_seat(1).items[kCoin];
  sc.Dice({0, 0});
  sc.Start([](State& s) { PushBattle(s, C(9), kHundreds, kVagabond); });
  EXPECT_NE(sc.Key(), "hundreds.looters");
}

// --- Birdsong (Law 14.4) ----------------------------------------------------

TEST(Hundreds, Law_14_4_1_RazeRemovesBuildingsAndTokensTakesRuinItem) {
  Scenario sc = HuGame(kPhaseBirdsong);
  State& s = sc.s();
  Warlord(s, C(5), 0);
  s.SetPieces(kMob, C(6), 1);
  s.SetPieces(kSawmill, C(6), 1);
  s.SetPieces(kWood, C(6), 1);
  s.SetWarriors(kMarquise, C(6), 2);
  const int item = kHammer;  // an "R" item under the ruin
  s.mutable_vagabond().ruin_item[C(6)] = item + 1;
  ++s.mutable_vagabond().box[item];
  sc.Dice({kMouse});
  sc.Start([](State& s) { Hu()->PushBirdsong(s, 0); });
  EXPECT_EQ(s.clearing(C(6)).pieces[kSawmill], 0);
  EXPECT_EQ(s.clearing(C(6)).pieces[kWood], 0);
  EXPECT_EQ(s.clearing(C(6)).warriors[kMarquise], 2) << "warriors stay";
  EXPECT_EQ(s.seat(0).vp, 2) << "3.2.1";
  EXPECT_EQ(s.hundreds().hoard[item], 1);
  EXPECT_EQ(s.clearing(C(6)).pieces[kRuin], 0) << "its last item taken";
  // The mob die shows mouse: a mouse clearing next to a mob (6: 2 and 11).
  EXPECT_EQ(sc.Key(), "hundreds.raze.mob");
  auto labels = sc.Labels();
  std::sort(labels.begin(), labels.end());
  EXPECT_EQ(labels, (std::vector<std::string>{"11 (mouse)", "2 (mouse)"}));
  sc.Choose("11 (mouse)");
  EXPECT_EQ(s.clearing(C(11)).pieces[kMob], 1);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

// Two Vagabonds (Law 9.7.1): `first` under the ruin in `c` on the first
// Vagabond's board, `second` on the second's.
void TwoRuinItems(State& s, int c, int first, int second) {
  s.mutable_vagabond(kVagabond).ruin_item[c] = static_cast<int8_t>(first + 1);
  ++s.mutable_vagabond(kVagabond).box[first];
  s.mutable_vagabond(kVagabond2).ruin_item[c] = static_cast<int8_t>(second + 1);
  ++s.mutable_vagabond(kVagabond2).box[second];
}

TEST(Hundreds, Law_14_4_1_RazeLeavesTheRuinWhileAnItemIsLeft) {
  // Law 9.7.1: with two Vagabonds each ruin holds two "R" items; raze looks
  // at both and takes one (9.7.3), and the ruin goes only with its last item
  // (14.4.1).
  Scenario sc = HuGame(kPhaseBirdsong, {kHundreds, kVagabond, kVagabond2});
  State& s = sc.s();
  Warlord(s, C(5), 0);
  s.SetPieces(kMob, C(6), 1);
  TwoRuinItems(s, C(6), kHammer, kSword);
  ASSERT_EQ(s.clearing(C(6)).pieces[kRuin], 1);
  sc.Dice({kMouse});
  sc.Start([](State& s) { Hu()->PushBirdsong(s, 0); });
  ASSERT_EQ(sc.Key(), "hundreds.raze.item") << "Law 9.7.3: they choose";
  auto labels = sc.Labels();
  std::sort(labels.begin(), labels.end());
  EXPECT_EQ(labels, (std::vector<std::string>{"hammer", "sword"}));
  sc.Choose("sword");
  EXPECT_EQ(s.hundreds().hoard[kSword], 1);
  EXPECT_EQ(s.hundreds().hoard[kHammer], 0) << "one item per raze";
  EXPECT_EQ(s.vagabond(kVagabond).ruin_item[C(6)], kHammer + 1)
      << "the other item stays under the ruin";
  EXPECT_EQ(s.clearing(C(6)).pieces[kRuin], 1) << "an item is still under it";
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

TEST(Hundreds, Law_9_7_3_RazeTakesNoRItemOfAKindTheHoardHoldsFromARuin) {
  // Law 9.7.3: a player cannot take an "R" item if they have the same type
  // of "R" item on their faction board. A hammer razed from a ruin earlier
  // rules out the ruin's hammer; the sword is taken.
  Scenario sc = HuGame(kPhaseBirdsong, {kHundreds, kVagabond, kVagabond2});
  State& s = sc.s();
  Warlord(s, C(5), 0);
  s.SetPieces(kMob, C(6), 1);
  TwoRuinItems(s, C(6), kHammer, kSword);
  s.mutable_vagabond(kVagabond).box[kHammer]++;  // the first hammer, razed
  s.mutable_hundreds().hoard[kHammer] = 1;
  s.mutable_hundreds().ruin_hoard[kHammer] = 1;
  sc.Dice({kMouse});
  sc.Start([](State& s) { Hu()->PushBirdsong(s, 0); });
  EXPECT_NE(sc.Key(), "hundreds.raze.item") << "one item may be taken";
  EXPECT_EQ(s.hundreds().hoard[kSword], 1);
  EXPECT_EQ(s.hundreds().hoard[kHammer], 1);
  EXPECT_EQ(s.vagabond(kVagabond).ruin_item[C(6)], kHammer + 1);
  EXPECT_EQ(s.clearing(C(6)).pieces[kRuin], 1);
  EXPECT_EQ(s.hundreds().ruin_hoard[kSword], 1) << "an R item now";
}

TEST(Hundreds, Law_9_7_3_RazeLeavesRItemsOfKindsTheHoardHoldsFromRuins) {
  // Both "R" kinds are already in the Hoard from ruins: nothing is taken and
  // the ruin stays with both items (14.4.1: it goes with its last item).
  Scenario sc = HuGame(kPhaseBirdsong, {kHundreds, kVagabond, kVagabond2});
  State& s = sc.s();
  Warlord(s, C(5), 0);
  s.SetPieces(kMob, C(6), 1);
  TwoRuinItems(s, C(6), kHammer, kSword);
  s.mutable_vagabond(kVagabond).box[kHammer]++;
  s.mutable_vagabond(kVagabond2).box[kSword]++;
  for (int item : {kHammer, kSword}) {
    s.mutable_hundreds().hoard[item] = 1;
    s.mutable_hundreds().ruin_hoard[item] = 1;
  }
  sc.Dice({kMouse});
  sc.Start([](State& s) { Hu()->PushBirdsong(s, 0); });
  EXPECT_EQ(s.hundreds().hoard[kHammer], 1);
  EXPECT_EQ(s.hundreds().hoard[kSword], 1);
  EXPECT_EQ(s.vagabond(kVagabond).ruin_item[C(6)], kHammer + 1);
  EXPECT_EQ(s.vagabond(kVagabond2).ruin_item[C(6)], kSword + 1);
  EXPECT_EQ(s.clearing(C(6)).pieces[kRuin], 1);
}

TEST(Hundreds, Law_9_7_3_AnItemTakenByLavishIsTheRItemFirst) {
  // Rules decision (docs/rules-decisions.md, 9.7.3): items of one kind are
  // alike but for the "R" mark; an item leaving the Hoard (Lavish, 14.7.4)
  // is the "R" one when there is one, which leaves the Hundreds free to
  // take that kind from a ruin again.
  Scenario sc = HuGame(kPhaseBirdsong);
  State& s = sc.s();
  Warlord(s, C(5), 0);
  Hoard(s, kSword);
  Hoard(s, kSword);
  s.mutable_hundreds().ruin_hoard[kSword] = 1;
  sc.Start([](State& s) { Hu()->PushBirdsong(s, 0); });
  sc.Choose("Lavish");
  ASSERT_EQ(sc.Key(), "hundreds.lavish");
  sc.Choose("sword");
  EXPECT_EQ(s.hundreds().hoard[kSword], 1);
  EXPECT_EQ(s.hundreds().ruin_hoard[kSword], 0);
}

TEST(Hundreds, Law_14_2_2_OnlyAnointPlacesTheWarlordFromTheSupply) {
  // Law 14.2.2: off the map the warlord waits in the supply and is placed
  // only by setup and Anoint: with it alone there, no other placement (an
  // Exiles card, a hireling's, 1.5.4) takes it, and Anoint still does.
  Scenario sc = HuGame(kPhaseBirdsong);
  State& s = sc.s();
  s.mutable_hundreds().warlord = -1;
  s.SetWarriorSupply(kHundreds, 1);
  EXPECT_EQ(s.PlaceWarriors(kHundreds, C(7), 1), 0);
  EXPECT_EQ(Hw(s, C(7)), 0);
  sc.Start([](State& s) { Hu()->PushBirdsong(s, 0); });
  ASSERT_EQ(sc.Key(), "hundreds.anoint");
  sc.Choose("7 (mouse)");
  EXPECT_EQ(s.hundreds().warlord, C(7));
  EXPECT_EQ(Hw(s, C(7)), 1);
  EXPECT_EQ(s.warrior_supply(kHundreds), 0);
}

// Coffin Makers (Exiles deck, 20.8.1) in play: warriors removed go onto the
// card instead of the supply, the warlord (a warrior, 14.2.2) too. Seats: 0
// Hundreds, 1 Marquise, who owns the card.
Scenario CoffinGame(Phase phase) {
  GameSetup setup = Scenario::SetupOf({kHundreds, kMarquise});
  setup.deck = "exiles";
  Scenario sc(setup, 7);
  sc.s().SetCurrent(0, phase);
  sc.Craft(1, "Coffin Makers");
  return sc;
}

// The warlord off the map on Coffin Makers among `n` Hundreds warriors
// there; the supply holds the rest of the 21 not on the map.
void WarlordOnCoffins(State& s, int n, int on_map) {
  s.mutable_hundreds().warlord = -1;
  s.mutable_hundreds().warlord_on_coffins = true;
  s.mutable_exiles().coffins[kHundreds] = static_cast<int8_t>(n);
  s.SetWarriorSupply(kHundreds, 21 - n - on_map);
}

// The warlord falls in a battle onto Coffin Makers: it is not in the supply,
// so every warrior of the supply is a plain one and may be placed.
TEST(Hundreds, Law_14_2_2_AWarlordOnCoffinMakersReservesNoSupplyWarrior) {
  Scenario sc = CoffinGame(kPhaseDaylight);
  State& s = sc.s();
  s.SetCurrent(1, kPhaseDaylight);
  Warlord(s, C(5), 2);
  Mood(s, kMoodRowdy);  // not Stubborn, which would ignore the first hit
  s.SetWarriors(kMarquise, C(5), 3);
  sc.Dice({1, 0});
  sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kHundreds); });
  ASSERT_EQ(sc.Key(), "hundreds.warlord_hit");
  sc.Choose("The warlord is removed");
  EXPECT_EQ(s.hundreds().warlord, -1);
  EXPECT_EQ(s.exiles().coffins[kHundreds], 1);
  EXPECT_EQ(Hu()->ReservedWarriors(s), 0) << "the warlord lies on the card";
  const int supply = s.warrior_supply(kHundreds);
  EXPECT_EQ(s.PlaceWarriors(kHundreds, C(7), supply), supply);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

// Rules decision (14.4.3): Anoint names no source, so a warlord on Coffin
// Makers is anointed from the card; the warrior it replaces goes to the card.
TEST(Hundreds, Law_14_4_3_AnointTakesTheWarlordFromCoffinMakers) {
  Scenario sc = CoffinGame(kPhaseBirdsong);
  State& s = sc.s();
  s.SetWarriors(kHundreds, C(9), 2);
  s.SetWarriors(kHundreds, C(5), 1);  // two choices: none is taken at once
  WarlordOnCoffins(s, 1, 3);
  sc.Start([](State& s) { Hu()->PushBirdsong(s, 0); });
  ASSERT_EQ(sc.Key(), "hundreds.anoint");
  sc.Choose("9 (mouse)");
  EXPECT_EQ(s.hundreds().warlord, C(9));
  EXPECT_FALSE(s.hundreds().warlord_on_coffins);
  EXPECT_EQ(Hw(s, C(9)), 2);
  EXPECT_EQ(s.exiles().coffins[kHundreds], 1) << "the replaced warrior";
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

TEST(Hundreds, Law_14_4_3_AnointPlacesTheWarlordFromCoffinMakers) {
  Scenario sc = CoffinGame(kPhaseBirdsong);
  State& s = sc.s();
  WarlordOnCoffins(s, 2, 0);
  sc.Start([](State& s) { Hu()->PushBirdsong(s, 0); });
  ASSERT_EQ(sc.Key(), "hundreds.anoint");
  sc.Choose("7 (mouse)");
  EXPECT_EQ(s.hundreds().warlord, C(7));
  EXPECT_EQ(Hw(s, C(7)), 1);
  EXPECT_EQ(s.exiles().coffins[kHundreds], 1);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

// The card's warriors go back at its owner's Birdsong: the warlord with them
// is in the supply again.
TEST(Hundreds, Law_14_2_2_TheWarlordReturnsFromCoffinMakersToTheSupply) {
  Scenario sc = CoffinGame(kPhaseBirdsong);
  State& s = sc.s();
  WarlordOnCoffins(s, 2, 0);
  s.SetCurrent(1, kPhaseBirdsong);
  sc.Start([](State& s) { ExilesBirdsongStart(s, 1); });
  EXPECT_FALSE(s.hundreds().warlord_on_coffins);
  EXPECT_EQ(s.warrior_supply(kHundreds), 21);
  EXPECT_EQ(Hu()->ReservedWarriors(s), 1);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

TEST(Hundreds, Law_14_4_3_AnointReplacesAWarrior) {
  Scenario sc = HuGame(kPhaseBirdsong);
  State& s = sc.s();
  s.SetWarriors(kHundreds, C(5), 2);
  s.SetWarriors(kHundreds, C(9), 1);
  sc.Start([](State& s) { Hu()->PushBirdsong(s, 0); });
  EXPECT_EQ(sc.Key(), "hundreds.anoint");
  auto labels = sc.Labels();
  std::sort(labels.begin(), labels.end());
  EXPECT_EQ(labels, (std::vector<std::string>{"5 (rabbit)", "9 (mouse)"}));
  sc.Choose("9 (mouse)");
  EXPECT_EQ(s.hundreds().warlord, C(9));
  EXPECT_EQ(Hw(s, C(9)), 1) << "replaced, not added";
  EXPECT_TRUE(s.CheckInvariants().ok());
}

TEST(Hundreds, Law_14_4_3_AnointPlacesTheWarlordAnywhereWithoutWarriors) {
  Scenario sc = HuGame(kPhaseBirdsong);
  State& s = sc.s();
  sc.Start([](State& s) { Hu()->PushBirdsong(s, 0); });
  EXPECT_EQ(sc.Key(), "hundreds.anoint");
  EXPECT_EQ(s.options().size(), 12u);
  sc.Choose("7 (mouse)");
  EXPECT_EQ(s.hundreds().warlord, C(7));
  EXPECT_EQ(Hw(s, C(7)), 1);
}

TEST(Hundreds, Law_14_4_4_NewMoodShowsNoHoardItem) {
  Scenario sc = HuGame(kPhaseBirdsong);
  State& s = sc.s();
  Warlord(s, C(5), 0);
  Hoard(s, kSword);  // Wrathful shows a sword
  sc.Start([](State& s) { Hu()->PushBirdsong(s, 0); });
  ASSERT_EQ(sc.Key(), "hundreds.mood");
  auto labels = sc.Labels();
  std::sort(labels.begin(), labels.end());
  EXPECT_EQ(labels, (std::vector<std::string>{"Bitter", "Grandiose", "Jubilant",
                                              "Lavish", "Relentless", "Rowdy"}))
      << "not the same mood (Stubborn), not Wrathful";
  sc.Choose("Rowdy");
  EXPECT_EQ(s.hundreds().mood, kMoodRowdy);
}

TEST(Hundreds, Law_14_4_4_LavishStaysLavishWithoutAChoice) {
  Scenario sc = HuGame(kPhaseBirdsong);
  State& s = sc.s();
  Warlord(s, C(5), 0);
  Mood(s, kMoodLavish);
  for (int i : {kHammer, kTea, kBoot, kSack, kCoin, kCrossbow, kSword})
    Hoard(s, i);
  sc.Start([](State& s) { Hu()->PushBirdsong(s, 0); });
  EXPECT_EQ(s.hundreds().mood, kMoodLavish);
  EXPECT_EQ(sc.Key(), "hundreds.lavish");
}

// --- Daylight (Law 14.5) ----------------------------------------------------

TEST(Hundreds, Law_14_5_2_III_BuildInAMatchingClearingYouRule) {
  Scenario sc = HuGame(kPhaseDaylight);
  State& s = sc.s();
  Warlord(s, C(5), 1);                // rabbit, ruled
  s.SetWarriors(kHundreds, C(2), 1);  // mouse, ruled
  s.SetWarriors(kHundreds, C(1), 1);  // fox, ruled, no fox card
  s.SetWarriors(kHundreds, C(9), 1);  // mouse, ruled by the Marquise
  s.SetWarriors(kMarquise, C(9), 2);
  sc.Give(0, "Bake Sale");
  sc.Give(0, "Sword");
  sc.Start([](State& s) { Hu()->PushDaylight(s, 0); });
  sc.Choose("Build a stronghold");
  EXPECT_EQ(sc.Key(), "hundreds.build");
  auto labels = sc.Labels();
  std::sort(labels.begin(), labels.end());
  EXPECT_EQ(labels, (std::vector<std::string>{"2 (mouse)", "5 (rabbit)"}));
  sc.Choose("5 (rabbit)");
  EXPECT_EQ(s.clearing(C(5)).pieces[kStronghold], 1);
  EXPECT_EQ(s.seat(0).hand.size(), 1u);
  EXPECT_EQ(s.discard().size(), 1u);
}

TEST(Hundreds, Law_14_5_2_CommandActionsUpToYourCommand) {
  for (int items : {0, 1}) {  // Command 1, then 2
    Scenario sc = HuGame(kPhaseDaylight);
    State& s = sc.s();
    Warlord(s, C(5), 3);
    if (items > 0) Hoard(s, kCoin);
    sc.Start([](State& s) { Hu()->PushDaylight(s, 0); });
    sc.Choose("Move");
    sc.Choose("Move from 5 (rabbit) to 1 (fox)");
    sc.Choose("Move 1 warrior from 5 (rabbit) to 1 (fox)");
    if (items == 0) {
      EXPECT_EQ(sc.Key(), "hundreds.advance") << "one action at Command 1";
    } else {
      EXPECT_EQ(sc.Key(), "hundreds.command");
      EXPECT_EQ(s.prompt().a, 1);
      EXPECT_TRUE(sc.Offers("Move"));
    }
  }
}

// Decision (docs/rules-decisions.md): Command is read before each action,
// so a boot looted in a Command battle adds an action at once.
TEST(Hundreds, Law_14_5_2_CommandIsReadBeforeEachAction) {
  Scenario sc = HuGame(kPhaseDaylight);
  State& s = sc.s();
  Warlord(s, C(9), 3);
  s.SetWarriors(kMarquise, C(9), 1);
  --s.mutable_item_supply()[kBoot];
  ++s.mutable_seat(1).items[kBoot];
  sc.Dice({3, 0});
  sc.Start([](State& s) { Hu()->PushDaylight(s, 0); });
  ASSERT_EQ(s.prompt().a, 1) << "Command 1";
  sc.Choose("Battle");
  EXPECT_EQ(sc.Key(), "hundreds.looters") << "the only battle, unasked";
  sc.Choose("Loot Marquise de Cat");
  ASSERT_EQ(s.hundreds().hoard[kBoot], 1);
  EXPECT_EQ(sc.Key(), "hundreds.command");
  EXPECT_EQ(s.prompt().a, 1) << "Command 2, one action used";
}

TEST(Hundreds, Law_14_5_3_AdvanceMovesTheWarlordThenBattles) {
  Scenario sc = HuGame(kPhaseDaylight);
  State& s = sc.s();
  Warlord(s, C(5), 1);
  s.SetWarriors(kMarquise, C(1), 1);
  sc.Dice({0, 0});
  sc.Start([](State& s) { Hu()->PushDaylight(s, 0); });
  ASSERT_EQ(sc.Key(), "hundreds.command");
  sc.Choose("Done");
  ASSERT_EQ(sc.Key(), "hundreds.advance");
  EXPECT_EQ(s.prompt().a, 1) << "Prowess 1 with an empty track";
  EXPECT_FALSE(sc.Offers("Move from 1 (fox) to 5 (rabbit)"));
  sc.Choose("Move from 5 (rabbit) to 1 (fox)");
  EXPECT_FALSE(sc.Offers("Move 1 warrior from 5 (rabbit) to 1 (fox)"))
      << "the warlord moves";
  sc.Choose("Move the warlord and 1 warrior from 5 (rabbit) to 1 (fox)");
  EXPECT_EQ(s.hundreds().warlord, C(1));
  EXPECT_EQ(sc.Key(), "hundreds.advance.battle");
  sc.Choose("Battle Marquise de Cat in 1 (fox)");
  EXPECT_TRUE(sc.Paused()) << "one advance at Prowess 1: " << sc.Key();
}

// --- Evening (Law 14.6) -----------------------------------------------------

TEST(Hundreds, Law_14_6_1_InciteNeedsAWarriorAndNoMob) {
  Scenario sc = HuGame(kPhaseEvening);
  State& s = sc.s();
  Warlord(s, C(5), 0);                // rabbit
  s.SetWarriors(kHundreds, C(3), 1);  // rabbit, already a mob
  s.SetPieces(kMob, C(3), 1);
  s.SetWarriors(kHundreds, C(1), 1);  // fox: no fox card
  s.SetWarriors(kHundreds, C(4), 1);  // rabbit
  sc.Give(0, "Bake Sale");
  sc.Start([](State& s) { Hu()->PushEvening(s, 0); });
  EXPECT_EQ(sc.Key(), "hundreds.incite");
  auto labels = sc.Labels();
  std::sort(labels.begin(), labels.end());
  EXPECT_EQ(labels,
            (std::vector<std::string>{"4 (rabbit)", "5 (rabbit)", "Done"}));
  sc.Choose("4 (rabbit)");
  EXPECT_EQ(s.clearing(C(4)).pieces[kMob], 1);
  EXPECT_TRUE(s.seat(0).hand.size() <= 1u);
}

TEST(Hundreds, Law_14_6_2_OppressScoresByClearings) {
  constexpr int kVp[] = {0, 1, 1, 2, 2, 3, 4, 4};  // 0..7 clearings
  for (int n = 0; n <= 7; ++n) {
    Scenario sc = HuGame(kPhaseEvening);
    State& s = sc.s();
    for (int c = 0; c < n; ++c) s.SetWarriors(kHundreds, c, 1);
    // Ruled, but with an enemy token: never oppressed.
    s.SetWarriors(kHundreds, C(12), 2);
    s.SetPieces(kWood, C(12), 1);
    sc.Start([](State& s) { Hu()->PushEvening(s, 0); });
    EXPECT_TRUE(sc.Paused());
    EXPECT_EQ(s.seat(0).vp, kVp[n]) << n << " clearings";
  }
}

TEST(Hundreds, Law_14_6_2_AMobAloneDoesNotRule) {
  Scenario sc = HuGame(kPhaseEvening);
  State& s = sc.s();
  s.SetPieces(kMob, C(5), 1);
  s.SetWarriors(kHundreds, C(6), 1);
  s.SetPieces(kMob, C(6), 1);
  sc.Start([](State& s) { Hu()->PushEvening(s, 0); });
  EXPECT_EQ(s.seat(0).vp, 1) << "only 6: a mob is a token, not rule";
}

TEST(Hundreds, Law_14_6_3_DrawOneThenDiscardToFive) {
  Scenario sc = HuGame(kPhaseEvening);
  State& s = sc.s();
  for (const char* name : {"Anvil", "Sword", "Crossbow", "Cobbler", "Sappers"})
    sc.Give(0, name);
  sc.Start([](State& s) { Hu()->PushEvening(s, 0); });
  EXPECT_EQ(sc.Key(), "discard.hand_limit");
  EXPECT_EQ(s.seat(0).hand.size(), 6u);
  sc.Choose("Anvil (fox)");
  EXPECT_EQ(s.seat(0).hand.size(), 5u);
  EXPECT_TRUE(sc.Paused());
}

// FAQ 44, Law 11.2.7.III: hired mercenaries are no longer enemy pieces, so
// a mob (or a warrior) with them is oppression; a trade post still is an
// enemy piece, and mercenaries alone are no Hundreds piece.
TEST(Hundreds, Law_14_6_2_And_14_7_6_MercenariesAreNotEnemyPieces) {
  Scenario sc = HuGame(kPhaseEvening, {kHundreds, kMarquise, kRiverfolk});
  State& s = sc.s();
  Mercenaries(s, kHundreds);
  Mood(s, kMoodRowdy);
  Warlord(s, C(5), 2);
  s.SetWarriors(kRiverfolk, C(5), 3);
  s.SetWarriors(kHundreds, C(1), 1);
  s.SetWarriors(kRiverfolk, C(1), 1);
  s.SetWarriors(kHundreds, C(2), 1);
  s.SetPieces(kMob, C(6), 1);
  s.SetWarriors(kRiverfolk, C(6), 2);
  s.SetPieces(kTradePostFox, C(6), 1);
  s.SetWarriors(kRiverfolk, C(7), 1);
  ASSERT_TRUE(s.Rules(kHundreds, C(6)));
  ASSERT_TRUE(s.Rules(kHundreds, C(7)));
  sc.Start([](State& s) { Hu()->PushEvening(s, 0); });
  EXPECT_EQ(s.seat(0).vp, 2) << "5, 1 and 2 oppressed (not 6 or 7)";
  EXPECT_EQ(s.seat(0).hand.size(), 2u)
      << "Rowdy: no enemy piece at the warlord, one more card";
}

// Law 22.3.2: a hireling is an enemy to all but its controller, so its
// pieces stop oppression and count for Rowdy.
TEST(Hundreds, Law_14_6_2_And_14_7_6_EnemyHirelingPiecesAreEnemyPieces) {
  Scenario sc = HirelingGame({kHundreds, kEyrie}, kHirelingForestPatrol, false);
  State& s = sc.s();
  s.SetCurrent(0, kPhaseEvening);
  Mood(s, kMoodRowdy);
  Warlord(s, C(5), 3);
  HirelingWarriors(s, kHirelingForestPatrol, C(5), 3);
  s.SetWarriors(kHundreds, C(2), 1);
  s.SetWarriors(kHundreds, C(3), 1);
  ASSERT_TRUE(s.Rules(kHundreds, C(5)));
  sc.Start([](State& s) { Hu()->PushEvening(s, 0); });
  EXPECT_EQ(s.seat(0).vp, 1) << "2 and 3 oppressed, not 5";
  EXPECT_EQ(s.seat(0).hand.size(), 3u) << "Rowdy: three enemy pieces";
}

// --- Moods (Law 14.7) -------------------------------------------------------

TEST(Hundreds, Law_14_7_1_BitterTradesNearbyMobsForWarriorsBeforeTheRoll) {
  Scenario sc = HuGame(kPhaseDaylight);
  State& s = sc.s();
  Warlord(s, C(5), 1);
  Mood(s, kMoodBitter);
  s.SetWarriors(kMarquise, C(5), 3);
  for (int c : {5, 1, 3}) s.SetPieces(kMob, C(c), 1);
  sc.Start([](State& s) { PushBattle(s, C(5), kHundreds, kMarquise); });
  EXPECT_EQ(sc.Key(), "hundreds.bitter");
  auto labels = sc.Labels();
  std::sort(labels.begin(), labels.end());
  EXPECT_EQ(labels, (std::vector<std::string>{"1 (fox)", "5 (rabbit)", "Done"}))
      << "3 is not adjacent to 5";
  sc.Choose("1 (fox)");
  EXPECT_EQ(s.clearing(C(1)).pieces[kMob], 0);
  EXPECT_EQ(Hw(s, C(5)), 3);
  sc.Choose("5 (rabbit)");
  EXPECT_EQ(Hw(s, C(5)), 4);
  EXPECT_EQ(s.clearing(C(3)).pieces[kMob], 1);
}

TEST(Hundreds, Law_14_7_1_NotBitterOutsideTheWarlordsClearing) {
  Scenario sc = HuGame(kPhaseDaylight);
  State& s = sc.s();
  Warlord(s, C(9), 0);
  s.SetWarriors(kHundreds, C(5), 2);
  Mood(s, kMoodBitter);
  s.SetWarriors(kMarquise, C(5), 3);
  s.SetPieces(kMob, C(5), 1);
  sc.Dice({0, 0});
  sc.Start([](State& s) { PushBattle(s, C(5), kHundreds, kMarquise); });
  EXPECT_TRUE(sc.Paused()) << sc.Key();
}

TEST(Hundreds, Law_14_7_2_GrandioseAdvancesBeforeCommanding) {
  for (bool grandiose : {false, true}) {
    Scenario sc = HuGame(kPhaseDaylight);
    State& s = sc.s();
    Warlord(s, C(5), 1);
    Mood(s, grandiose ? kMoodGrandiose : kMoodRowdy);
    sc.Start([](State& s) { Hu()->PushDaylight(s, 0); });
    EXPECT_EQ(sc.Key(), grandiose ? "hundreds.advance" : "hundreds.command");
    sc.Choose("Done");
    EXPECT_EQ(sc.Key(), grandiose ? "hundreds.command" : "hundreds.advance");
  }
}

TEST(Hundreds, Law_14_7_3_JubilantInciteAtTheWarlordSpreadsMobs) {
  Scenario sc = HuGame(kPhaseEvening);
  State& s = sc.s();
  Warlord(s, C(5), 0);
  s.SetWarriors(kHundreds, C(4), 1);
  Mood(s, kMoodJubilant);
  sc.Give(0, "Bake Sale");
  sc.Give(0, "Smuggler's Trail");
  sc.Dice({kMouse});
  sc.Start([](State& s) { Hu()->PushEvening(s, 0); });
  sc.Choose("5 (rabbit)");
  sc.Choose("Bake Sale (rabbit)");
  ASSERT_EQ(sc.Key(), "hundreds.jubilant");
  EXPECT_EQ(s.prompt().a, 4) << "up to four times";
  sc.Choose("Roll the mob die");
  // Mouse next to the mob at 5: only 2 (taken at once).
  EXPECT_EQ(s.clearing(C(2)).pieces[kMob], 1);
  EXPECT_EQ(sc.Key(), "hundreds.jubilant");
  EXPECT_EQ(s.prompt().a, 3);
  sc.Choose("Done");
  // Inciting away from the warlord: no Jubilant rolls.
  sc.Choose("4 (rabbit)");
  EXPECT_NE(sc.Key(), "hundreds.jubilant");
}

TEST(Hundreds, Law_14_7_4_LavishTradesHoardItemsForTwoWarriors) {
  Scenario sc = HuGame(kPhaseBirdsong);
  State& s = sc.s();
  Warlord(s, C(5), 0);
  Hoard(s, kHammer);
  Hoard(s, kBoot);
  sc.Start([](State& s) { Hu()->PushBirdsong(s, 0); });
  const int before = Hw(s, C(5));
  sc.Choose("Lavish");
  EXPECT_EQ(sc.Key(), "hundreds.lavish");
  sc.Choose("hammer");
  EXPECT_EQ(Hw(s, C(5)), before + 2);
  EXPECT_EQ(s.hundreds().hoard[kHammer], 0);
  EXPECT_EQ(s.hundreds().removed[kHammer], 1);
  sc.Choose("Done");
  EXPECT_TRUE(sc.Paused());
  EXPECT_EQ(s.hundreds().hoard[kBoot], 1);
}

TEST(Hundreds, Law_14_7_5_RelentlessMovesOrBattlesOnceMore) {
  for (bool relentless : {false, true}) {
    Scenario sc = HuGame(kPhaseDaylight);
    State& s = sc.s();
    Warlord(s, C(5), 3);
    Mood(s, relentless ? kMoodRelentless : kMoodRowdy);
    s.SetWarriors(kMarquise, C(1), 1);
    s.SetWarriors(kMarquise, C(9), 1);
    sc.Dice({0, 0});
    sc.Start([](State& s) { Hu()->PushDaylight(s, 0); });
    sc.Choose("Done");  // no Command actions
    sc.Choose("Move from 5 (rabbit) to 1 (fox)");
    sc.Choose("Move the warlord and 3 warriors from 5 (rabbit) to 1 (fox)");
    sc.Choose("Battle Marquise de Cat in 1 (fox)");
    if (relentless) {
      EXPECT_EQ(sc.Key(), "hundreds.relentless");
      sc.Choose("Move from 1 (fox) to 9 (mouse)");
      sc.Choose("Move the warlord and 3 warriors from 1 (fox) to 9 (mouse)");
      EXPECT_EQ(s.hundreds().warlord, C(9));
    } else {
      EXPECT_TRUE(sc.Paused()) << sc.Key();
    }
  }
}

TEST(Hundreds, Law_14_7_6_RowdyDrawsOneOrTwoMore) {
  // 14.6.3 draws one; Rowdy one more, or two more with 3+ enemy pieces.
  struct Case {
    int mood, enemies, hand;
  } cases[] = {{kMoodStubborn, 3, 1}, {kMoodRowdy, 2, 2}, {kMoodRowdy, 3, 3}};
  for (const Case& k : cases) {
    Scenario sc = HuGame(kPhaseEvening);
    State& s = sc.s();
    Warlord(s, C(5), 3);
    Mood(s, k.mood);
    s.SetWarriors(kMarquise, C(5), k.enemies - 1);
    s.SetPieces(kWood, C(5), 1);  // a token counts as an enemy piece
    sc.Start([](State& s) { Hu()->PushEvening(s, 0); });
    EXPECT_EQ(s.seat(0).hand.size(), static_cast<size_t>(k.hand))
        << k.mood << " " << k.enemies;
  }
}

// Decision (docs/rules-decisions.md): with the warlord off the map (it fell
// in Daylight) Rowdy still draws one more card; only the two-card case needs
// the warlord's clearing.
TEST(Hundreds, Law_14_7_6_RowdyWithoutTheWarlordDrawsOneMore) {
  Scenario sc = HuGame(kPhaseEvening);
  State& s = sc.s();
  Mood(s, kMoodRowdy);
  s.SetWarriors(kHundreds, C(5), 1);
  ASSERT_EQ(s.hundreds().warlord, -1);
  sc.Start([](State& s) { Hu()->PushEvening(s, 0); });
  EXPECT_EQ(s.seat(0).hand.size(), 2u);
}

TEST(Hundreds, Law_14_7_7_StubbornIgnoresTheFirstHitAtTheWarlord) {
  struct Case {
    int mood, hits, left;
  } cases[] = {
      {kMoodStubborn, 1, 3}, {kMoodStubborn, 2, 2}, {kMoodRowdy, 1, 2}};
  for (const Case& k : cases) {
    Scenario sc = HuGame(kPhaseDaylight);
    State& s = sc.s();
    s.SetCurrent(1, kPhaseDaylight);
    Warlord(s, C(5), 2);
    Mood(s, k.mood);
    s.SetWarriors(kMarquise, C(5), 3);
    sc.Dice({k.hits, 0});
    sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kHundreds); });
    if (sc.Key() == "hundreds.warlord_hit") sc.Choose("The warlord stays");
    EXPECT_EQ(Hw(s, C(5)), k.left) << k.mood << " " << k.hits;
  }
}

// Stubborn holds in every battle at the warlord, a battle against a
// hireling too, whatever an earlier battle used.
TEST(Hundreds, Law_14_7_7_StubbornInABattleAgainstAHireling) {
  Scenario sc = HirelingGame({kHundreds, kEyrie}, kHirelingForestPatrol, false);
  State& s = sc.s();
  Warlord(s, C(5), 2);
  s.SetWarriors(kEyrie, C(5), 1);
  HirelingWarriors(s, kHirelingForestPatrol, C(5), 2);
  sc.Dice({1, 1});
  sc.Start([](State& s) { PushBattle(s, C(5), kHundreds, kEyrie); });
  ASSERT_TRUE(sc.Paused()) << sc.Key();
  ASSERT_EQ(Hw(s, C(5)), 3) << "the first hit ignored";
  sc.Dice({1, 1});
  const int patrol = HirelingTarget(s, kHirelingForestPatrol);
  sc.Start([patrol](State& s) { PushBattle(s, C(5), kHundreds, patrol); });
  if (sc.Key() == "hundreds.warlord_hit") sc.Choose("The warlord stays");
  EXPECT_EQ(Hw(s, C(5)), 3) << "the patrol's one hit ignored as well";
}

// "This does not combine with other abilities that let you ignore the first
// hit": the Badger Bodyguards (the first hit in each battle) add nothing.
TEST(Hundreds, Law_14_7_7_StubbornDoesNotCombineWithBadgerBodyguards) {
  Scenario sc =
      HirelingGame({kHundreds, kMarquise}, kHirelingVaultKeepers, true);
  State& s = sc.s();
  HirelingOf(s, kHirelingVaultKeepers).controller = kHundreds;
  HirelingOf(s, kHirelingVaultKeepers).control = 2;
  s.SetCurrent(1, kPhaseDaylight);
  Warlord(s, C(5), 2);
  s.SetWarriors(kMarquise, C(5), 3);
  sc.Dice({2, 0});
  sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kHundreds); });
  if (sc.Key() == "hundreds.warlord_hit") sc.Choose("The warlord stays");
  EXPECT_EQ(Hw(s, C(5)), 2) << "two hits, one ignored";
}

TEST(Hundreds, Law_14_7_8_WrathfulDealsAnExtraHitAtTheWarlord) {
  for (int mood : {kMoodWrathful, kMoodRowdy}) {
    Scenario sc = HuGame(kPhaseDaylight);
    State& s = sc.s();
    Warlord(s, C(5), 2);
    Mood(s, mood);
    s.SetWarriors(kMarquise, C(5), 3);
    sc.Dice({1, 0});
    sc.Start([](State& s) { PushBattle(s, C(5), kHundreds, kMarquise); });
    EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise],
              mood == kMoodWrathful ? 1 : 2);
  }
}

TEST(HundredsRandom, TwoSeatsWithEachBaseFaction) {
  for (int8_t other : {kMarquise, kEyrie, kAlliance, kVagabond}) {
    RandomGamesCheck(Table({kHundreds, other}), 1000 + 100 * other, 60);
  }
}

TEST(HundredsRandom, ThreeSeats) {
  RandomGamesCheck(Table({kMarquise, kEyrie, kHundreds}), 2000, 40);
  RandomGamesCheck(Table({kHundreds, kAlliance, kVagabond}), 2100, 40);
  RandomGamesCheck(Table({kVagabond, kHundreds, kMarquise}), 2200, 40);
}

TEST(HundredsRandom, FourSeats) {
  GameSetup shuffled = Table({kMarquise, kEyrie, kAlliance, kHundreds});
  shuffled.shuffle_seats = true;
  RandomGamesCheck(shuffled, 3000, 40);
  RandomGamesCheck(Table({kEyrie, kHundreds, kVagabond, kAlliance}), 3100, 30);
}

TEST(HundredsRandom, FiveSeats) {
  GameSetup all = Table({kMarquise, kEyrie, kAlliance, kVagabond, kHundreds});
  all.shuffle_seats = true;
  RandomGamesCheck(all, 4000, 40);
}

// Law 14.5.2.III with the Lost City (Law 24): any card matches its
// clearing.
TEST(Hundreds, Law_14_5_2_III_BuildInTheLostCityWithAnyCard) {
  Scenario sc = HuGame(kPhaseDaylight);
  State& s = sc.s();
  SetUpLandmark(s, kLandmarkLostCity, C(10));  // printed rabbit
  Warlord(s, C(10), 1);
  sc.Give(0, "Anvil", kFox);
  sc.Start([](State& s) { Hu()->PushDaylight(s, 0); });
  ASSERT_TRUE(sc.Offers("Build a stronghold"));
  sc.Choose("Build a stronghold");
  if (sc.Key() == "hundreds.build") sc.Choose("10 (rabbit)");
  EXPECT_EQ(s.clearing(C(10)).pieces[kStronghold], 1);
}

// Law 14.6.1 with the Lost City (Law 24): any card matches its clearing.
TEST(Hundreds, Law_14_6_1_InciteInTheLostCityWithAnyCard) {
  Scenario sc = HuGame(kPhaseEvening);
  State& s = sc.s();
  SetUpLandmark(s, kLandmarkLostCity, C(10));  // printed rabbit
  Warlord(s, C(10), 0);
  sc.Give(0, "Anvil", kFox);
  sc.Start([](State& s) { Hu()->PushEvening(s, 0); });
  ASSERT_EQ(sc.Key(), "hundreds.incite");
  EXPECT_TRUE(sc.Offers("10 (rabbit)"));
}

}  // namespace
}  // namespace woodland::rules::testing
