// Landmarks (Law 24) and their setup (Law 19.5). The Law prints no
// landmark's own card; the tests follow the cards as the reference facts
// record them (setup restriction and rule of each).
#include "referee/rules/landmarks.h"

#include <algorithm>

#include "gtest/gtest.h"
#include "referee/rules/map_rules.h"
#include "tests/referee/rules/random_play.h"
#include "tests/referee/rules/scenario.h"

namespace woodland::rules {
namespace {

using testing::C;
using testing::Scenario;

GameSetup Table(std::vector<int8_t> factions, std::string map = "autumn") {
  GameSetup setup;
  setup.factions = std::move(factions);
  setup.map = std::move(map);
  setup.first_seat = 0;
  return setup;
}

std::vector<int> OptionClearings(const State& s) {
  std::vector<int> out;
  for (const Option& o : s.options()) {
    EXPECT_EQ(o.kind, kOptClearing);
    out.push_back(o.a);
  }
  return out;
}

TEST(Landmarks, Law_19_5_3_LastPlayerSetsUpFirstSecondToLastTheSecond) {
  GameSetup setup = Table({kMarquise, kEyrie, kAlliance});
  setup.landmarks = {{kLandmarkLostCity, -1}, {kLandmarkLegendaryForge, -1}};
  auto s = State::NewGame(setup, 3);
  ASSERT_TRUE(s.ok()) << s.status();
  // Three seats, seat 0 first: seat 2 is last, seat 1 second-to-last.
  ASSERT_EQ(s->prompt().kind, kPromptLandmarkClearing);
  EXPECT_EQ(s->prompt().seat, 2);
  EXPECT_EQ(s->prompt().a, kLandmarkLostCity);
  EXPECT_EQ(s->PromptLaw(), "19.5.3");
  ASSERT_TRUE(s->Apply(0).ok());
  ASSERT_EQ(s->prompt().kind, kPromptLandmarkClearing);
  EXPECT_EQ(s->prompt().seat, 1);
  EXPECT_EQ(s->prompt().a, kLandmarkLegendaryForge);
}

TEST(Landmarks, LostCity_SetUpInARiverClearing) {
  GameSetup setup = Table({kMarquise, kEyrie, kAlliance});
  setup.landmarks = {{kLandmarkLostCity, -1}};
  auto s = State::NewGame(setup, 3);
  ASSERT_TRUE(s.ok());
  // Autumn's rivers link 4-7, 5-10, 7-11 and 10-11.
  std::vector<int> want = {C(4), C(5), C(7), C(10), C(11)};
  EXPECT_EQ(OptionClearings(*s), want);
}

TEST(Landmarks, LegendaryForge_NotNextToAnotherLandmark) {
  GameSetup setup = Table({kMarquise, kEyrie, kAlliance});
  setup.landmarks = {{kLandmarkLostCity, C(10)}, {kLandmarkLegendaryForge, -1}};
  auto s = State::NewGame(setup, 3);
  ASSERT_TRUE(s.ok());
  ASSERT_EQ(s->prompt().kind, kPromptLandmarkClearing);
  const std::vector<int> opts = OptionClearings(*s);
  // Clearing 10 holds the Lost City; 1, 2 and 12 are next to it.
  for (int c : {C(10), C(1), C(2), C(12)}) {
    EXPECT_EQ(std::count(opts.begin(), opts.end(), c), 0) << c + 1;
  }
  EXPECT_EQ(opts.size(), 12u - 4u);
}

TEST(Landmarks, ElderTreetop_CornerOnlyAndNotForTwoPlayers) {
  GameSetup two = Table({kMarquise, kEyrie});
  two.landmarks = {{kLandmarkElderTreetop, -1}};
  EXPECT_FALSE(State::NewGame(two, 1).ok());
  GameSetup three = Table({kMarquise, kEyrie, kAlliance});
  three.landmarks = {{kLandmarkElderTreetop, -1}};
  auto s = State::NewGame(three, 1);
  ASSERT_TRUE(s.ok());
  std::vector<int> want = {C(1), C(2), C(3), C(4)};
  EXPECT_EQ(OptionClearings(*s), want);
}

TEST(Landmarks, ElderTreetop_AddsABuildingSlot) {
  Scenario sc(Table({kMarquise, kEyrie, kAlliance}), 1);
  const int before = sc.s().OpenSlots(C(3));
  SetUpLandmark(sc.s(), kLandmarkElderTreetop, C(3));
  EXPECT_EQ(sc.s().OpenSlots(C(3)), before + 1);
  EXPECT_EQ(before, 1);  // Autumn clearing 3 prints one slot
}

// The Elder Treetop's card (reference facts): removing an enemy building
// from its slot scores one extra VP. Slots are not told apart: its slot
// holds a building when every slot of the clearing is filled.
TEST(Landmarks, ElderTreetop_RemovingTheBuildingInItsSlotScoresOneMore) {
  Scenario sc(Table({kMarquise, kEyrie, kAlliance}), 1);
  State& s = sc.s();
  SetUpLandmark(s, kLandmarkElderTreetop, C(3));  // Autumn 3: one slot + 1
  ASSERT_TRUE(s.PlacePiece(kRoost, C(3)));
  ASSERT_TRUE(s.PlacePiece(kSawmill, C(3)));
  ASSERT_EQ(s.OpenSlots(C(3)), 0);
  std::array<int8_t, kNumPieces> roost{};
  roost[kRoost] = 1;
  // Law 3.2.1: one VP for the building, and one for the Treetop's slot.
  s.RemovePieces(kEyrie, C(3), 0, roost, kMarquise);
  EXPECT_EQ(s.seat(0).vp, 2);
  // Now a slot is free, so the Treetop's slot holds no building: the
  // sawmill removed next scores the usual one.
  std::array<int8_t, kNumPieces> sawmill{};
  sawmill[kSawmill] = 1;
  s.RemovePieces(kMarquise, C(3), 0, sawmill, kEyrie);
  EXPECT_EQ(s.seat(1).vp, 1);
  EXPECT_TRUE(s.CheckInvariants().ok());
}

TEST(Landmarks, ElderTreetop_NoExtraForTokensOrOwnBuildingsOrElsewhere) {
  Scenario sc(Table({kMarquise, kEyrie, kAlliance}), 1);
  State& s = sc.s();
  SetUpLandmark(s, kLandmarkElderTreetop, C(3));
  ASSERT_TRUE(s.PlacePiece(kRoost, C(3)));
  ASSERT_TRUE(s.PlacePiece(kSawmill, C(3)));
  ASSERT_TRUE(s.PlacePiece(kWood, C(3)));
  std::array<int8_t, kNumPieces> wood{};
  wood[kWood] = 1;
  s.RemovePieces(kMarquise, C(3), 0, wood, kEyrie);  // a token
  EXPECT_EQ(s.seat(1).vp, 1);
  std::array<int8_t, kNumPieces> sawmill{};
  sawmill[kSawmill] = 1;
  s.RemovePieces(kMarquise, C(3), 0, sawmill, kMarquise);  // its own
  EXPECT_EQ(s.seat(0).vp, 0);
  // A full clearing without the Treetop scores one per building.
  ASSERT_TRUE(s.PlacePiece(kRoost, C(1)));
  ASSERT_EQ(s.OpenSlots(C(1)), 0);
  std::array<int8_t, kNumPieces> roost{};
  roost[kRoost] = 1;
  s.RemovePieces(kEyrie, C(1), 0, roost, kAlliance);
  EXPECT_EQ(s.seat(2).vp, 1);
}

TEST(Landmarks, BlackMarket_OneSlotNoRuinAndThreeCards) {
  GameSetup setup = Table({kMarquise, kEyrie, kAlliance});
  setup.landmarks = {{kLandmarkBlackMarket, -1}};
  auto s = State::NewGame(setup, 5);
  ASSERT_TRUE(s.ok());
  // Autumn: clearings 1, 3 and 4 print one slot and no ruin.
  std::vector<int> want = {C(1), C(3), C(4)};
  EXPECT_EQ(OptionClearings(*s), want);
  ASSERT_TRUE(s->Apply(0).ok());
  EXPECT_EQ(s->landmarks().black_market.size(), 3u);
  EXPECT_TRUE(s->CheckInvariants().ok());
}

// Law 19.5 sets up landmarks before 19.7 removes the dominance cards of a
// two-player game; the Black Market's three cards are drawn from the deck
// after that removal (docs/rules-decisions.md), so none is a dominance card.
TEST(Landmarks, Law_19_7_TwoPlayersBlackMarketHoldsNoDominanceCard) {
  GameSetup setup = Table({kMarquise, kEyrie});
  setup.landmarks = {{kLandmarkBlackMarket, C(4)}};
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    auto s = State::NewGame(setup, seed);
    ASSERT_TRUE(s.ok());
    ASSERT_EQ(s->landmarks().black_market.size(), 3u);
    for (CardId id : s->landmarks().black_market) {
      EXPECT_NE(s->card(id).kind, kDominanceCard) << "seed " << seed;
    }
  }
}

TEST(Landmarks, BlackMarket_SwapOncePerTurnWithPiecesThere) {
  Scenario sc(Table({kMarquise, kEyrie, kAlliance}), 1);
  State& s = sc.s();
  SetUpLandmark(s, kLandmarkBlackMarket, C(4));
  const CardId mine = sc.Card("Ambush!", kFox);
  s.GiveCard(0, mine);
  std::vector<Option> opts;
  AppendLandmarkExtras(s, 0, opts);
  EXPECT_TRUE(opts.empty());  // no Marquise piece in clearing 4
  s.SetWarriors(kMarquise, C(4), 1);
  AppendLandmarkExtras(s, 0, opts);
  ASSERT_EQ(opts.size(), 3u);  // one hand card x three face-down cards
  const CardId hidden = s.landmarks().black_market[opts[1].b];
  ResolveBlackMarket(s, 0, opts[1]);
  EXPECT_EQ(s.seat(0).hand, std::vector<CardId>{hidden});
  EXPECT_EQ(s.landmarks().black_market[1], mine);
  opts.clear();
  AppendLandmarkExtras(s, 0, opts);
  EXPECT_TRUE(opts.empty());  // once per turn
  EXPECT_TRUE(s.CheckInvariants().ok());
}

TEST(Landmarks, LegendaryForge_ItemsBySuitAndCraftingScoresAndDraws) {
  Scenario sc(Table({kMarquise, kEyrie, kAlliance}), 1);
  State& s = sc.s();
  const auto supply = s.item_supply();
  SetUpLandmark(s, kLandmarkLegendaryForge, C(1));  // a fox clearing
  // Fox: two swords, a crossbow and a hammer leave the supply.
  EXPECT_EQ(s.landmarks().forge[kSword], 2);
  EXPECT_EQ(s.landmarks().forge[kCrossbow], 1);
  EXPECT_EQ(s.landmarks().forge[kHammer], 1);
  EXPECT_EQ(s.item_supply()[kSword], supply[kSword] - 2);
  EXPECT_TRUE(s.CheckInvariants().ok());
  // Marquise workshops in two fox clearings, one at the Forge.
  s.SetPieces(kWorkshop, C(1), 1);
  s.SetPieces(kWorkshop, C(8), 1);
  const CardId steel = sc.Card("Foxfolk Steel");
  s.GiveCard(0, steel);
  sc.Start([](State& st) { PushCraft(st, 0); });
  ASSERT_EQ(s.prompt().kind, kPromptCraft);
  int pick = -1;
  for (size_t i = 0; i < s.options().size(); ++i) {
    if (s.options()[i].card == steel) pick = static_cast<int>(i);
  }
  ASSERT_GE(pick, 0);
  ASSERT_TRUE(s.Apply(pick).ok());
  // The card's 2 VP and the Forge's 1; the Forge's card is drawn.
  EXPECT_EQ(s.seat(0).vp, 2 + 1);
  EXPECT_EQ(s.seat(0).items[kSword], 1);
  EXPECT_EQ(s.landmarks().forge[kSword], 1);
  EXPECT_EQ(s.seat(0).hand.size(), 1u);
  EXPECT_TRUE(s.CheckInvariants().ok());
}

TEST(Landmarks, Law_25_4_4_TowerOnAnyMapScoresItsRuler) {
  Scenario sc(Table({kMarquise, kEyrie, kAlliance}), 1);
  State& s = sc.s();
  EXPECT_TRUE(CanSetUpLandmark(s, kLandmarkTower, C(11)));  // a ruin
  EXPECT_FALSE(CanSetUpLandmark(s, kLandmarkTower, C(1)));  // no ruin
  SetUpLandmark(s, kLandmarkTower, C(11));
  s.SetWarriors(kMarquise, C(11), 2);
  EndOfEvening(s, 0);
  EXPECT_EQ(s.seat(0).vp, 1);
  EndOfEvening(s, 1);  // the Eyrie rule nothing there
  EXPECT_EQ(s.seat(1).vp, 0);
}

TEST(Landmarks, Law_25_3_5_FerryOnAutumnCrossesByRiver) {
  Scenario sc(Table({kMarquise, kEyrie, kAlliance}), 1);
  State& s = sc.s();
  EXPECT_FALSE(CanSetUpLandmark(s, kLandmarkFerry, C(1)));  // no river
  SetUpLandmark(s, kLandmarkFerry, C(7));
  // 7 is linked by river (and by no path) to 4 and 11.
  EXPECT_TRUE(IsFerryCrossing(s, C(7), C(4)));
  EXPECT_TRUE(IsFerryCrossing(s, C(7), C(11)));
  EXPECT_FALSE(IsFerryCrossing(s, C(7), C(10)));  // no river link
  EXPECT_FALSE(IsFerryCrossing(s, C(7), C(8)));   // a path, not a crossing
  s.SetWarriors(kMarquise, C(7), 1);
  FerryCrossed(s, 0, C(4));
  EXPECT_EQ(s.ferry(), C(4));
  EXPECT_EQ(s.landmarks().at[kLandmarkFerry], C(4));
  EXPECT_FALSE(IsFerryCrossing(s, C(4), C(7)));  // once per turn
}

// A clearing fixed in the setup is held to the card's setup as a player's
// choice is (Law 19.5.3 "as described on its card").
TEST(Landmarks, Law_19_5_3_AFixedClearingFollowsTheCardsSetup) {
  GameSetup setup = Table({kMarquise, kEyrie, kAlliance});
  setup.landmarks = {{kLandmarkBlackMarket, C(2)}};  // two slots
  EXPECT_FALSE(State::NewGame(setup, 1).ok());
  setup.landmarks = {{kLandmarkElderTreetop, C(5)}};  // not a corner
  EXPECT_FALSE(State::NewGame(setup, 1).ok());
  // 12 is next to 10, where the Lost City was set up first.
  setup.landmarks = {{kLandmarkLostCity, C(10)},
                     {kLandmarkLegendaryForge, C(12)}};
  EXPECT_FALSE(State::NewGame(setup, 1).ok());
  setup.landmarks = {{kLandmarkBlackMarket, C(1)}};
  EXPECT_TRUE(State::NewGame(setup, 1).ok());
  // The Lake's own Ferry is a landmark too (Law 25.3.1).
  setup.map = "lake";
  setup.landmarks.clear();
  const int ferry = State::NewGame(setup, 1)->ferry();
  setup.landmarks = {{kLandmarkLegendaryForge, static_cast<int8_t>(ferry)}};
  EXPECT_FALSE(State::NewGame(setup, 1).ok());
}

TEST(Landmarks, LostCity_CountsAsEverySuit) {
  Scenario sc(Table({kMarquise, kEyrie, kAlliance}), 1);
  State& s = sc.s();
  SetUpLandmark(s, kLandmarkLostCity, C(10));
  for (int suit = 0; suit < kNumClearingSuits; ++suit) {
    EXPECT_TRUE(s.ClearingIs(C(10), suit)) << suit;
  }
  EXPECT_FALSE(s.ClearingIs(C(11), kFox));  // 11 is a mouse clearing
}

TEST(Landmarks, Law_24_1_1_SetupRefusesTwoInOneClearing) {
  GameSetup setup = Table({kMarquise, kEyrie, kAlliance});
  setup.landmarks = {{kLandmarkLostCity, C(10)}, {kLandmarkTower, C(10)}};
  EXPECT_FALSE(State::NewGame(setup, 1).ok());
  setup.landmarks = {{kLandmarkLostCity, -1},
                     {kLandmarkTower, -1},
                     {kLandmarkBlackMarket, -1}};
  EXPECT_FALSE(State::NewGame(setup, 1).ok());  // Law 19.5.1: one or two
}

TEST(Landmarks, FlagParsesAndPrints) {
  GameSetup setup;
  ASSERT_TRUE(ParseLandmarksFlag("lost_city,forge@7", setup).ok());
  ASSERT_EQ(setup.landmarks.size(), 2u);
  EXPECT_EQ(setup.landmarks[1].first, kLandmarkLegendaryForge);
  EXPECT_EQ(setup.landmarks[1].second, C(7));
  EXPECT_EQ(LandmarksFlag(setup), "lost_city,forge@7");
  EXPECT_FALSE(ParseLandmarksFlag("castle", setup).ok());
  EXPECT_FALSE(ParseLandmarksFlag("forge@13", setup).ok());
}

TEST(Landmarks, Law_19_5_2_RandomLandmarkDealtFromTheChanceStream) {
  GameSetup setup = Table({kMarquise, kEyrie, kAlliance});
  setup.landmarks = {{-1, -1}};
  std::array<int, kNumLandmarks> seen{};
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    auto s = State::NewGame(setup, seed);
    ASSERT_TRUE(s.ok());
    ASSERT_EQ(s->prompt().kind, kPromptLandmarkClearing);
    ++seen[s->prompt().a];
  }
  for (int l = 0; l < kNumLandmarks; ++l) EXPECT_GT(seen[l], 0) << l;
}

// Random games with landmarks on every map, 2-6 seats.
TEST(Landmarks, RandomGamesOnEveryMap) {
  const std::vector<std::vector<int8_t>> tables = {
      {kMarquise, kEyrie},
      {kMarquise, kEyrie, kAlliance},
      {kMarquise, kEyrie, kAlliance, kVagabond},
      {kMarquise, kEyrie, kAlliance, kVagabond, kRiverfolk},
      {kMarquise, kEyrie, kAlliance, kVagabond, kCult, kDuchy}};
  const std::vector<std::vector<std::pair<int8_t, int8_t>>> sets = {
      {{kLandmarkLegendaryForge, -1}, {kLandmarkBlackMarket, -1}},
      {{kLandmarkLostCity, -1}, {kLandmarkFerry, -1}},
      {{kLandmarkTower, -1}, {-1, -1}}};
  uint64_t seed = 100;
  for (const char* map : {"autumn", "winter", "lake", "mountain"}) {
    for (size_t t = 0; t < tables.size(); ++t) {
      GameSetup setup = Table(tables[t], map);
      setup.first_seat = -1;
      setup.landmarks = sets[(t + seed) % sets.size()];
      SCOPED_TRACE(absl::StrCat(map, " seats ", tables[t].size()));
      testing::RandomGamesCheck(setup, seed, 2);
      seed += 2;
    }
  }
}

// Law 4.1.1 with 10.2.1's note: a crafting piece's suit is its clearing's,
// and the Lost City's clearing counts as every suit (Law 24), so a workshop
// there pays one icon of any suit, once per turn like any crafting piece.
TEST(Landmarks, Law_4_1_1_ACraftingPieceInTheLostCityPaysAnySuit) {
  Scenario sc;
  State& s = sc.s();
  SetUpLandmark(s, kLandmarkLostCity, C(10));  // printed rabbit
  s.SetPieces(kWorkshop, C(1), 1);             // fox
  s.SetPieces(kWorkshop, C(10), 1);
  sc.Give(0, "Foxfolk Steel", kFox);  // fox, fox
  sc.Give(0, "Travel Gear", kMouse);  // rabbit
  sc.Start([](State& s) { PushCraft(s, 0); });
  ASSERT_TRUE(sc.Offers("Foxfolk Steel (fox)"));
  sc.Choose("Foxfolk Steel (fox)");
  EXPECT_EQ(s.seat(0).items[kSword], 1);
  EXPECT_TRUE(sc.Paused())
      << "the Lost City's workshop is used: no rabbit left";
}

// Law 4.1.1: "any" icons are paid by pieces of a suit, as the crafter
// chooses, and by the Lost City's piece once those are used up.
TEST(Landmarks, Law_4_1_1_AnyIconsAreLastPaidByTheLostCitysPiece) {
  Scenario sc;
  State& s = sc.s();
  SetUpLandmark(s, kLandmarkLostCity, C(10));  // printed rabbit
  for (int c : {1, 8, 2, 10}) s.SetPieces(kWorkshop, C(c), 1);  // fox fox mouse
  const CardId claim = sc.Give(0, "Royal Claim");
  sc.Start([](State& s) { PushCraft(s, 0); });
  sc.Choose("Royal Claim (bird)");
  ASSERT_EQ(sc.Key(), "craft.any_suit");
  EXPECT_EQ(sc.Labels(), (std::vector<std::string>{"fox", "mouse"}));
  sc.Choose("fox");
  EXPECT_EQ(sc.Labels(), (std::vector<std::string>{"fox", "mouse"}));
  sc.Choose("mouse");
  // The last fox piece, then the Lost City's, without asking.
  EXPECT_TRUE(sc.Paused());
  EXPECT_EQ(s.seat(0).play_area, std::vector<CardId>{claim});
}

}  // namespace
}  // namespace woodland::rules
