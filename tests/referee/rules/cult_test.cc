// Scenario tests for the Lizard Cult (Law 10). Seats: 0 Marquise, 1 Eyrie,
// 2 Lizard Cult unless a test says otherwise. Numbers come from the Law's
// text and the Cult's board (Gardens tracks: 0, 2, 2, 3, 4 VP; a draw bonus
// on each track once two gardens of its suit are on the map).
#include <algorithm>
#include <set>
#include <string>

#include "gtest/gtest.h"
#include "referee/rules/landmarks.h"
#include "referee/rules/observation.h"
#include "tests/referee/rules/random_play.h"
#include "tests/referee/rules/scenario.h"

namespace woodland::rules::testing {
namespace {

const FactionModule* Cu() { return GetFaction(kCult); }
constexpr int kSeat = 2;

Scenario CultGame(Phase phase, int outcast = kFox, bool hated = false) {
  Scenario sc({kMarquise, kEyrie, kCult});
  sc.s().SetCurrent(kSeat, phase);
  sc.s().mutable_cult().outcast = outcast;
  sc.s().mutable_cult().hated = hated;
  return sc;
}

// Puts n Cult warriors into the Acolytes box (from the supply).
void Acolytes(State& s, int n) {
  s.SetWarriorSupply(kCult, s.warrior_supply(kCult) - n);
  s.mutable_cult().acolytes += n;
}

// Puts a card into the Lost Souls pile.
CardId LostSoul(Scenario& sc, const std::string& name, int suit) {
  const CardId id = sc.Give(0, name, suit);
  sc.s().RemoveFromHand(0, id);
  sc.s().mutable_cult().lost_souls.push_back(id);
  return id;
}

int HandCount(const State& s, int seat) {
  return static_cast<int>(s.seat(seat).hand.size());
}

// --- Setup (Law 10.3)
// ---------------------------------------------------------

TEST(Cult, Law_10_3_2_StartsInFreeCornerOppositeAStartingCorner) {
  GameSetup setup;
  setup.factions = {kMarquise, kAlliance, kCult};
  setup.first_seat = 0;
  auto st = State::NewGame(setup, 3);
  ASSERT_TRUE(st.ok()) << st.status();
  State& s = *st;
  // The Marquise sets up first (Law 5.1.7): keep in corner 1.
  while (s.PromptKey() != "cult.setup.outcast") {
    ASSERT_EQ(s.phase(), kPhaseSetup);
    const auto& opts = s.options();
    int pick = 0;
    for (size_t i = 0; i < opts.size(); ++i) {
      if (s.OptionLabel(opts[i]) == "1 (fox)") pick = static_cast<int>(i);
    }
    ASSERT_NE(s.PromptKey(), "cult.setup.corner")
        << "only one corner is opposite a starting corner: no choice";
    ASSERT_TRUE(s.Apply(pick).ok());
  }
  ASSERT_EQ(s.marquise().keep, C(1));
  // The Cult went to the corner diagonally opposite the keep (3).
  EXPECT_EQ(s.clearing(C(3)).warriors[kCult], 4);
  EXPECT_EQ(s.clearing(C(3)).pieces[kGardenRabbit], 1) << "matching suit";
}

TEST(Cult, Law_10_3_2_And_10_3_3_And_10_3_4_SetupPiecesAndOutcast) {
  GameSetup setup;
  setup.factions = {kMarquise, kEyrie, kCult};
  setup.first_seat = 0;
  auto st = State::NewGame(setup, 7);
  ASSERT_TRUE(st.ok()) << st.status();
  State& s = *st;
  while (s.PromptKey() != "cult.setup.corner") ASSERT_TRUE(s.Apply(0).ok());
  // Marquise and Eyrie hold two opposite corners: the Cult picks one of the
  // two others (none is opposite a starting corner).
  ASSERT_EQ(s.options().size(), 2u);
  const int corner = s.options()[0].a;
  ASSERT_TRUE(s.Apply(0).ok());
  EXPECT_EQ(s.clearing(corner).warriors[kCult], 4) << "10.3.2";
  EXPECT_EQ(s.clearing(corner).pieces[kGardenFox + s.SuitOf(corner)], 1);
  int adjacent = 0;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (s.map().Adjacent(corner, c)) {
      ++adjacent;
      EXPECT_EQ(s.clearing(c).warriors[kCult], 1) << "adjacent " << c + 1;
    }
  }
  EXPECT_EQ(s.warrior_supply(kCult), 25 - 4 - adjacent) << "10.3.1";
  // 10.3.4: 14 gardens on the tracks, 5 of each suit but the start's.
  int on_tracks = 0;
  for (int suit = 0; suit < 3; ++suit)
    on_tracks += s.piece_supply(kGardenFox + suit);
  EXPECT_EQ(on_tracks, 14);
  EXPECT_EQ(s.PromptKey(), "cult.setup.outcast");
  EXPECT_EQ(s.options().size(), 3u) << "10.3.3: any of the three suits";
  for (size_t i = 0; i < s.options().size(); ++i) {
    if (s.OptionLabel(s.options()[i]) == "rabbit") {
      ASSERT_TRUE(s.Apply(static_cast<int>(i)).ok());
      break;
    }
  }
  EXPECT_EQ(s.cult().outcast, kRabbit);
  EXPECT_FALSE(s.cult().hated);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

// --- Faction rules (Law 10.2)
// --------------------------------------------------

TEST(Cult, Law_10_2_4_PilgrimsRuleGardenClearingsOverLordsOfTheForest) {
  Scenario sc = CultGame(kPhaseDaylight);
  State& s = sc.s();
  s.SetPieces(kGardenRabbit, C(5), 1);
  s.SetWarriors(kMarquise, C(5), 3);
  EXPECT_EQ(s.Ruler(C(5)), kCult) << "one garden beats three warriors";
  // The Eyrie would rule a tie it is part of (7.2.2); the garden wins.
  s.SetWarriors(kMarquise, C(5), 0);
  s.SetWarriors(kEyrie, C(5), 1);
  s.SetPieces(kRoost, C(5), 1);
  EXPECT_EQ(s.Ruler(C(5)), kCult);
  // Without a garden, Cult warriors rule only by presence (Law 2.5).
  s.SetPieces(kGardenRabbit, C(5), 0);
  s.SetWarriors(kCult, C(5), 2);
  EXPECT_EQ(s.Ruler(C(5)), kEyrie) << "2-2 tie: Lords of the Forest";
}

TEST(Cult, Law_10_2_6_LostSoulsTakeEveryDiscardEvenDominance) {
  Scenario sc = CultGame(kPhaseDaylight);
  State& s = sc.s();
  const CardId anvil = sc.Give(0, "Anvil", kFox);
  const CardId dom = sc.Give(1, "Dominance", kMouse);
  s.RemoveFromHand(0, anvil);
  s.Discard(anvil);
  s.RemoveFromHand(1, dom);
  s.Discard(dom);
  EXPECT_EQ(s.cult().lost_souls, (std::vector<CardId>{anvil, dom}));
  EXPECT_TRUE(s.discard().empty());
  EXPECT_TRUE(s.available_dominance().empty());
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

TEST(Cult, Law_10_2_3_RevengeDefendingWarriorsBecomeAcolytes) {
  Scenario sc = CultGame(kPhaseDaylight, kFox);
  State& s = sc.s();
  s.SetCurrent(0, kPhaseDaylight);
  s.SetWarriors(kMarquise, C(5), 3);
  s.SetWarriors(kCult, C(5), 3);
  const int supply = s.warrior_supply(kCult);
  sc.Dice({2, 1});  // Marquise deals 2, the Cult deals 1
  sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kCult); });
  EXPECT_EQ(s.clearing(C(5)).warriors[kCult], 1);
  EXPECT_EQ(s.cult().acolytes, 2) << "both removed defenders";
  EXPECT_EQ(s.warrior_supply(kCult), supply);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

TEST(Cult, Law_10_2_3_RevengeNotWhenAttacking) {
  Scenario sc = CultGame(kPhaseBirdsong, kRabbit);
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(5), 3);
  s.SetWarriors(kCult, C(5), 3);
  const int supply = s.warrior_supply(kCult);
  sc.Dice({2, 1});  // the Cult deals 2, the Marquise 1
  sc.Start([](State& s) { PushBattle(s, C(5), kCult, kMarquise); });
  EXPECT_EQ(s.clearing(C(5)).warriors[kCult], 2);
  EXPECT_EQ(s.cult().acolytes, 0);
  EXPECT_EQ(s.warrior_supply(kCult), supply + 1);
}

TEST(Cult, Law_10_2_5_FearOfTheFaithfulRandomDiscardWhenGardenRemoved) {
  Scenario sc = CultGame(kPhaseDaylight, kFox);
  State& s = sc.s();
  s.SetCurrent(0, kPhaseDaylight);
  s.SetPieces(kGardenRabbit, C(5), 1);
  s.SetWarriors(kMarquise, C(5), 2);
  sc.Give(kSeat, "Anvil", kFox);
  sc.Give(kSeat, "Bake Sale", kRabbit);
  sc.Dice({2, 0});  // two hits: the garden goes (no Cult warriors there)
  sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kCult); });
  EXPECT_EQ(s.clearing(C(5)).pieces[kGardenRabbit], 0);
  EXPECT_EQ(s.piece_supply(kGardenRabbit), 5) << "back on its track";
  EXPECT_EQ(HandCount(s, kSeat), 1) << "one random card discarded";
  ASSERT_EQ(s.cult().lost_souls.size(), 1u) << "discarded to the Lost Souls";
  EXPECT_EQ(s.seat(0).vp, 1) << "Law 3.2.1";
}

TEST(Cult, Law_10_2_5_TheRandomDiscardLeavesTheCultsHandInPublic) {
  // The discarded card is public, and so is where it came from: the event
  // names the Cult's hand (as every discard from a hand does), so the other
  // seats know the Cult no longer holds it.
  GameSetup setup = Scenario::SetupOf({kMarquise, kEyrie, kCult});
  setup.record_events = true;
  Scenario sc(setup, 7);
  State& s = sc.s();
  s.SetPieces(kGardenRabbit, C(5), 1);
  const CardId id = sc.Give(kSeat, "Anvil", kFox);
  std::array<int8_t, kNumPieces> garden{};
  garden[kGardenRabbit] = 1;
  s.RemovePieces(kCult, C(5), 0, garden, kMarquise);
  ASSERT_EQ(s.cult().lost_souls, std::vector<int16_t>{id});
  const Event* discard = nullptr;
  for (const Event& e : s.events()) {
    if (e.kind == kEvDiscard) discard = &e;
  }
  ASSERT_NE(discard, nullptr);
  EXPECT_EQ(discard->card, id);
  EXPECT_EQ(discard->seat, kSeat);
  EXPECT_EQ(discard->b, kDiscardHand);
}

TEST(Cult, Law_10_2_1_CraftsInEveningWithOutcastGardensOnly) {
  Scenario sc = CultGame(kPhaseEvening, kMouse);
  State& s = sc.s();
  s.SetPieces(kGardenMouse, C(2), 1);
  s.SetPieces(kGardenRabbit, C(5), 1);
  s.SetPieces(kGardenFox, C(1), 1);
  const auto pieces = Cu()->CraftingPieces(s);
  EXPECT_EQ(pieces[kMouse], 1);
  EXPECT_EQ(pieces[kRabbit], 0) << "not the Outcast";
  EXPECT_EQ(pieces[kFox], 0);
  sc.Give(kSeat, "Sword", kMouse);            // costs 2 mouse? (not craftable)
  sc.Give(kSeat, "Mouse-in-a-Sack", kMouse);  // costs 1 mouse
  sc.Give(kSeat, "Bake Sale", kRabbit);       // costs 1 rabbit: no
  sc.Start([](State& s) { Cu()->PushEvening(s, kSeat); });
  EXPECT_EQ(sc.Key(), "craft");
  EXPECT_TRUE(sc.Offers("Mouse-in-a-Sack (mouse)"));
  EXPECT_FALSE(sc.Offers("Bake Sale (rabbit)"));
}

TEST(Cult, Law_10_2_2_HatredOfBirdsBirdCardsOnlySacrifice) {
  Scenario sc = CultGame(kPhaseDaylight);
  State& s = sc.s();
  s.SetWarriors(kCult, C(5), 1);
  s.SetPieces(kGardenRabbit, C(5), 1);  // a ruled clearing and a garden
  sc.Give(kSeat, "Sappers", kBird);
  sc.Start([](State& s) { Cu()->PushDaylight(s, kSeat); });
  EXPECT_FALSE(sc.Offers("Build (a garden)"));
  EXPECT_FALSE(sc.Offers("Recruit"));
  EXPECT_FALSE(sc.Offers("Score"));
  EXPECT_TRUE(sc.Offers("Sacrifice (a warrior to the Acolytes)"));
}

TEST(Cult, Law_10_2_1_CraftedItemCardGoesToLostSouls) {
  Scenario sc = CultGame(kPhaseEvening, kMouse);
  State& s = sc.s();
  s.SetPieces(kGardenMouse, C(2), 1);
  const CardId sack = sc.Give(kSeat, "Mouse-in-a-Sack", kMouse);
  sc.Start([](State& s) { Cu()->PushEvening(s, kSeat); });
  sc.Choose("Mouse-in-a-Sack (mouse)");
  EXPECT_EQ(s.seat(kSeat).items[kSack], 1);
  EXPECT_EQ(s.seat(kSeat).vp, 1) << "the card's printed VP (Law 3.2.2)";
  EXPECT_EQ(s.cult().lost_souls, (std::vector<CardId>{sack}))
      << "Law 10.2.6: a spent card";
}

// --- Birdsong (Law 10.4)
// ---------------------------------------------------------

TEST(Cult, Law_10_4_1_SuitWithMostLostSoulsBecomesOutcast) {
  Scenario sc = CultGame(kPhaseBirdsong, kFox, true);
  State& s = sc.s();
  LostSoul(sc, "Anvil", kFox);
  LostSoul(sc, "Bake Sale", kRabbit);
  LostSoul(sc, "Smuggler's Trail", kRabbit);
  LostSoul(sc, "Sappers", kBird);
  LostSoul(sc, "Royal Claim", kBird);
  LostSoul(sc, "Armorers", kBird);  // birds are ignored
  sc.Start([](State& s) { Cu()->PushBirdsong(s, kSeat); });
  EXPECT_EQ(s.cult().outcast, kRabbit);
  EXPECT_FALSE(s.cult().hated) << "a new Outcast shows its Outcast side";
}

TEST(Cult, Law_10_4_1_SameSuitAgainTurnsHated) {
  Scenario sc = CultGame(kPhaseBirdsong, kRabbit, false);
  State& s = sc.s();
  LostSoul(sc, "Bake Sale", kRabbit);
  sc.Start([](State& s) { Cu()->PushBirdsong(s, kSeat); });
  EXPECT_EQ(s.cult().outcast, kRabbit);
  EXPECT_TRUE(s.cult().hated);
}

TEST(Cult, Law_10_4_1_TieKeepsSuitAndTurnsHated) {
  Scenario sc = CultGame(kPhaseBirdsong, kMouse, false);
  State& s = sc.s();
  LostSoul(sc, "Anvil", kFox);
  LostSoul(sc, "Bake Sale", kRabbit);
  sc.Start([](State& s) { Cu()->PushBirdsong(s, kSeat); });
  EXPECT_EQ(s.cult().outcast, kMouse);
  EXPECT_TRUE(s.cult().hated);
  // An empty pile is a tie too; Hated stays Hated.
  sc.Start([](State& s) { Cu()->PushBirdsong(s, kSeat); });
  EXPECT_EQ(s.cult().outcast, kMouse);
  EXPECT_TRUE(s.cult().hated);
}

TEST(Cult, Law_10_4_2_LostSoulsDiscardedDominanceBecomesAvailable) {
  Scenario sc = CultGame(kPhaseBirdsong);
  State& s = sc.s();
  const CardId anvil = LostSoul(sc, "Anvil", kFox);
  const CardId dom = LostSoul(sc, "Dominance", kRabbit);
  sc.Start([](State& s) { Cu()->PushBirdsong(s, kSeat); });
  EXPECT_TRUE(s.cult().lost_souls.empty());
  EXPECT_EQ(s.discard(), (std::vector<CardId>{anvil}));
  EXPECT_EQ(s.available_dominance(), (std::vector<CardId>{dom}));
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

Task ConspiracyMenu() {
  return Task{.kind = static_cast<uint8_t>(kFactionTaskBase + 16 * kCult + 1),
              .seat = kSeat,
              .step = 1};
}

TEST(Cult, Law_10_4_3_ConspiraciesNeedAcolytesAndOutcastClearings) {
  Scenario sc = CultGame(kPhaseBirdsong, kRabbit);
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(5), 1);  // rabbit
  s.SetWarriors(kCult, C(5), 1);
  s.SetWarriors(kMarquise, C(1), 1);  // fox: not the Outcast
  s.SetWarriors(kCult, C(1), 1);
  Acolytes(s, 1);
  LostSoul(sc, "Bake Sale", kRabbit);  // keeps rabbit, turns it Hated
  sc.Start([](State& s) { Cu()->PushBirdsong(s, kSeat); });
  // Hated: crusade and convert cost one acolyte.
  EXPECT_TRUE(sc.Offers("Crusade (1 acolyte)"));
  EXPECT_TRUE(sc.Offers("Convert (1 acolyte)"));
  sc.Choose("Convert (1 acolyte)");
  // The only Outcast clearing with an enemy warrior is 5: converted there.
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 0);
  EXPECT_EQ(s.clearing(C(5)).warriors[kCult], 2);
  EXPECT_EQ(s.clearing(C(1)).warriors[kMarquise], 1);
  EXPECT_EQ(s.cult().acolytes, 0);
}

TEST(Cult, Law_10_4_3_NotHatedCostsTwoAndThree) {
  Scenario sc = CultGame(kPhaseBirdsong, kRabbit);
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(5), 1);
  s.SetPieces(kWorkshop, C(5), 1);
  s.SetWarriors(kCult, C(5), 1);
  Acolytes(s, 2);
  LostSoul(sc, "Anvil", kFox);
  LostSoul(sc, "Bake Sale", kRabbit);
  LostSoul(sc, "Smuggler's Trail", kRabbit);
  s.mutable_cult().outcast = kMouse;  // rabbit becomes the new Outcast
  sc.Start([](State& s) { Cu()->PushBirdsong(s, kSeat); });
  ASSERT_EQ(s.cult().outcast, kRabbit);
  ASSERT_FALSE(s.cult().hated);
  EXPECT_TRUE(sc.Offers("Crusade (2 acolytes)"));
  EXPECT_TRUE(sc.Offers("Convert (2 acolytes)"));
  EXPECT_FALSE(sc.Offers("Sanctify (3 acolytes)")) << "two acolytes only";
  Acolytes(s, 1);
  sc.Start([](State& s) { s.Push(ConspiracyMenu()); });
  EXPECT_TRUE(sc.Offers("Sanctify (3 acolytes)"));
}

TEST(Cult, Law_10_4_3_II_ConvertReplacesEnemyWarrior) {
  Scenario sc = CultGame(kPhaseBirdsong, kRabbit);
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(5), 2);
  s.SetWarriors(kEyrie, C(5), 1);
  s.SetWarriors(kEyrie, C(10), 1);  // rabbit too
  s.SetWarriors(kEyrie, C(1), 1);   // fox: not offered
  Acolytes(s, 3);
  const int supply = s.warrior_supply(kCult);
  sc.Start([](State& s) { s.Push(ConspiracyMenu()); });
  sc.Choose("Convert (2 acolytes)");
  EXPECT_TRUE(sc.Offers("10 (rabbit)"));
  EXPECT_FALSE(sc.Offers("1 (fox)"));
  sc.Choose("5 (rabbit)");
  EXPECT_EQ(sc.Key(), "cult.convert_faction");
  sc.Choose("Eyrie Dynasties");
  EXPECT_EQ(s.clearing(C(5)).warriors[kEyrie], 0);
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 2);
  EXPECT_EQ(s.clearing(C(5)).warriors[kCult], 1);
  EXPECT_EQ(s.cult().acolytes, 1);
  EXPECT_EQ(s.warrior_supply(kCult), supply + 2 - 1)
      << "acolytes return to the supply, one warrior placed";
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

TEST(Cult, Law_10_4_3_III_SanctifyReplacesEnemyBuildingWithOutcastGarden) {
  Scenario sc = CultGame(kPhaseBirdsong, kRabbit);
  State& s = sc.s();
  s.SetPieces(kSawmill, C(5), 1);
  s.SetPieces(kWorkshop, C(5), 1);
  Acolytes(s, 3);
  sc.Start([](State& s) { s.Push(ConspiracyMenu()); });
  sc.Choose("Sanctify (3 acolytes)");
  EXPECT_EQ(sc.Key(), "cult.sanctify_piece");
  sc.Choose("workshop");
  EXPECT_EQ(s.clearing(C(5)).pieces[kWorkshop], 0);
  EXPECT_EQ(s.clearing(C(5)).pieces[kSawmill], 1);
  EXPECT_EQ(s.clearing(C(5)).pieces[kGardenRabbit], 1);
  EXPECT_EQ(s.seat(kSeat).vp, 1) << "Law 3.2.1: a removed building";
  EXPECT_EQ(s.cult().acolytes, 0);
  EXPECT_EQ(s.Ruler(C(5)), kCult);
}

TEST(Cult, Law_10_4_3_III_NoSanctifyWithoutGardenOfOutcastSuit) {
  Scenario sc = CultGame(kPhaseBirdsong, kRabbit);
  State& s = sc.s();
  s.SetPieces(kWorkshop, C(5), 1);
  s.set_piece_supply(kGardenRabbit, 0);  // all five rabbit gardens used
  Acolytes(s, 3);
  sc.Start([](State& s) { s.Push(ConspiracyMenu()); });
  EXPECT_FALSE(sc.Offers("Sanctify (3 acolytes)"));
  s.set_piece_supply(kGardenRabbit, 5);
}

TEST(Cult, Law_10_4_3_I_CrusadeMovesThenMayBattleInDestination) {
  Scenario sc = CultGame(kPhaseBirdsong, kRabbit);
  State& s = sc.s();
  s.SetWarriors(kCult, C(5), 3);  // rabbit, adjacent to 1 (fox)
  s.SetWarriors(kMarquise, C(1), 1);
  Acolytes(s, 2);
  sc.Start([](State& s) { s.Push(ConspiracyMenu()); });
  sc.Choose("Crusade (2 acolytes)");
  EXPECT_EQ(sc.Key(), "cult.crusade");
  EXPECT_FALSE(sc.Offers("Battle Marquise de Cat in 1 (fox)"))
      << "1 is not an Outcast clearing";
  sc.Choose("Move from 5 (rabbit) to 1 (fox)");
  sc.Choose("Move 2 warriors from 5 (rabbit) to 1 (fox)");
  EXPECT_EQ(sc.Key(), "cult.crusade_battle");
  sc.Dice({1, 0});
  sc.Choose("Battle Marquise de Cat in 1 (fox)");
  EXPECT_EQ(s.clearing(C(1)).warriors[kMarquise], 0);
  EXPECT_EQ(s.clearing(C(1)).warriors[kCult], 2);
  EXPECT_EQ(s.cult().acolytes, 0);
}

TEST(Cult, Law_10_4_3_I_CrusadeBattleInOutcastClearing) {
  Scenario sc = CultGame(kPhaseBirdsong, kFox);
  State& s = sc.s();
  s.SetWarriors(kCult, C(1), 2);
  s.SetWarriors(kEyrie, C(1), 2);
  Acolytes(s, 2);
  sc.Start([](State& s) { s.Push(ConspiracyMenu()); });
  sc.Dice({1, 1});
  // The battle in 1 is the only crusade (the Eyrie rule 1 by Lords of the
  // Forest, so no move from it).
  sc.Choose("Crusade (2 acolytes)");
  EXPECT_EQ(s.clearing(C(1)).warriors[kEyrie], 1);
  EXPECT_EQ(s.clearing(C(1)).warriors[kCult], 1);
}

// --- Daylight (Law 10.5)
// -----------------------------------------------------------

TEST(Cult, Law_10_5_1_BuildInRuledMatchingClearing) {
  Scenario sc = CultGame(kPhaseDaylight);
  State& s = sc.s();
  s.SetWarriors(kCult, C(5), 1);  // rabbit, ruled
  s.SetWarriors(kCult, C(4), 1);  // rabbit, ruled
  s.SetWarriors(kCult, C(2), 1);  // mouse, ruled
  s.SetWarriors(kCult, C(10), 1);
  s.SetWarriors(kMarquise, C(10), 2);  // rabbit, not ruled
  const CardId card = sc.Give(kSeat, "Bake Sale", kRabbit);
  sc.Give(kSeat, "Sappers", kBird);
  sc.Start([](State& s) { Cu()->PushDaylight(s, kSeat); });
  sc.Choose("Build (a garden)");
  EXPECT_EQ(sc.Key(), "cult.ritual_clearing");
  EXPECT_TRUE(sc.Offers("4 (rabbit)"));
  EXPECT_FALSE(sc.Offers("10 (rabbit)")) << "not ruled";
  EXPECT_FALSE(sc.Offers("2 (mouse)")) << "10.2.2: the bird card is not wild";
  sc.Choose("5 (rabbit)");
  EXPECT_EQ(s.clearing(C(5)).pieces[kGardenRabbit], 1);
  EXPECT_EQ(s.piece_supply(kGardenRabbit), 4);
  EXPECT_EQ(s.cult().revealed, (std::vector<CardId>{card}));
  EXPECT_EQ(HandCount(s, kSeat), 1);
  EXPECT_FALSE(sc.Offers("Build (a garden)"))
      << "a revealed card serves one ritual";
}

TEST(Cult, Law_10_5_2_RecruitInAnyMatchingClearing) {
  Scenario sc = CultGame(kPhaseDaylight);
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(10), 2);  // rabbit, Marquise rules
  sc.Give(kSeat, "Bake Sale", kRabbit);
  sc.Start([](State& s) { Cu()->PushDaylight(s, kSeat); });
  sc.Choose("Recruit");
  EXPECT_FALSE(sc.Offers("1 (fox)"));
  sc.Choose("10 (rabbit)");
  EXPECT_EQ(s.clearing(C(10)).warriors[kCult], 1);
  EXPECT_EQ(s.cult().revealed.size(), 1u);
}

TEST(Cult, Law_10_5_3_ScoreSpendsCardForTrackVpOncePerSuit) {
  Scenario sc = CultGame(kPhaseDaylight);
  State& s = sc.s();
  s.SetPieces(kGardenFox, C(1), 1);
  s.SetPieces(kGardenFox, C(6), 1);
  s.SetPieces(kGardenFox, C(8), 1);  // three fox gardens: 2 VP
  s.SetPieces(kGardenMouse, C(2), 1);
  s.SetPieces(kGardenMouse, C(7), 1);
  s.SetPieces(kGardenMouse, C(9), 1);
  s.SetPieces(kGardenMouse, C(11), 1);  // four mouse gardens: 3 VP
  const CardId fox = sc.Give(kSeat, "Anvil", kFox);
  sc.Give(kSeat, "Foxfolk Steel", kFox);
  sc.Give(kSeat, "Sword", kMouse);
  sc.Give(kSeat, "Bake Sale", kRabbit);
  sc.Start([](State& s) { Cu()->PushDaylight(s, kSeat); });
  sc.Choose("Score");
  EXPECT_EQ(sc.Key(), "cult.score_suit");
  EXPECT_FALSE(sc.Offers("rabbit")) << "no rabbit garden on the map";
  sc.Choose("fox");
  sc.Choose(CardName(s, fox));
  EXPECT_EQ(s.seat(kSeat).vp, 2);
  EXPECT_EQ(s.cult().lost_souls, (std::vector<CardId>{fox}))
      << "spent into the Lost Souls";
  EXPECT_TRUE(s.cult().revealed.empty());
  sc.Choose("Score");  // only mouse is left: fox was scored this turn
  EXPECT_EQ(s.seat(kSeat).vp, 5);
  EXPECT_FALSE(sc.Offers("Score"))
      << "Foxfolk Steel is in hand, but fox scored once this turn";
}

TEST(Cult, Law_10_5_3_ScoreVpByGardensOnTheMap) {
  // The track's printed values above its rightmost empty space.
  const int expected[] = {0, 2, 2, 3, 4};
  for (int n = 1; n <= 5; ++n) {
    Scenario sc = CultGame(kPhaseDaylight);
    State& s = sc.s();
    const int clearings[] = {1, 8, 8, 6, 12};  // 8 has two slots
    for (int i = 0; i < n; ++i) {
      const int c = C(clearings[i]);
      s.SetPieces(kGardenFox, c, s.clearing(c).pieces[kGardenFox] + 1);
    }
    sc.Give(kSeat, "Anvil", kFox);
    sc.Start([](State& s) { Cu()->PushDaylight(s, kSeat); });
    sc.Choose("Score");
    EXPECT_EQ(s.seat(kSeat).vp, expected[n - 1]) << n << " gardens";
  }
}

TEST(Cult, Law_10_5_4_SacrificeNeedsBirdCard) {
  Scenario sc = CultGame(kPhaseDaylight);
  State& s = sc.s();
  sc.Give(kSeat, "Anvil", kFox);
  sc.Start([](State& s) { Cu()->PushDaylight(s, kSeat); });
  EXPECT_FALSE(sc.Offers("Sacrifice (a warrior to the Acolytes)"));
  const CardId bird = sc.Give(kSeat, "Sappers", kBird);
  const int supply = s.warrior_supply(kCult);
  sc.Start([](State& s) { Cu()->PushDaylight(s, kSeat); });
  sc.Choose("Sacrifice (a warrior to the Acolytes)");
  EXPECT_EQ(s.cult().acolytes, 1);
  EXPECT_EQ(s.warrior_supply(kCult), supply - 1);
  EXPECT_EQ(s.cult().revealed, (std::vector<CardId>{bird}));
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

TEST(Cult, Law_10_5_ADominanceCardServesARitualOfItsSuit) {
  // Decision (3.3.3 with 10.5): a dominance card may be spent for its suit,
  // so it may also be revealed for a ritual of its suit (a bird dominance
  // card for Sacrifice); spent to Score, it goes to the Lost Souls.
  Scenario sc = CultGame(kPhaseDaylight);
  State& s = sc.s();
  const CardId rabbit = sc.Give(kSeat, "Dominance", kRabbit);
  const CardId bird = sc.Give(kSeat, "Dominance", kBird);
  sc.Start([](State& s) { Cu()->PushDaylight(s, kSeat); });
  sc.Choose("Recruit");
  sc.Choose("10 (rabbit)");
  EXPECT_EQ(s.clearing(C(10)).warriors[kCult], 1);
  sc.Choose("Sacrifice (a warrior to the Acolytes)");
  EXPECT_EQ(s.cult().acolytes, 1);
  EXPECT_EQ(s.cult().revealed, (std::vector<CardId>{rabbit, bird}));

  Scenario score = CultGame(kPhaseDaylight);
  State& t = score.s();
  t.SetPieces(kGardenRabbit, C(5), 1);
  t.SetPieces(kGardenRabbit, C(10), 1);  // two rabbit gardens: 2 VP
  const CardId dom = score.Give(kSeat, "Dominance", kRabbit);
  score.Start([](State& s) { Cu()->PushDaylight(s, kSeat); });
  score.Choose("Score");  // one suit, one card: nothing more to ask
  EXPECT_EQ(t.seat(kSeat).vp, 2);
  EXPECT_EQ(t.cult().lost_souls, (std::vector<CardId>{dom}));
  EXPECT_TRUE(t.available_dominance().empty());
}

// --- Evening (Law 10.6)
// -------------------------------------------------------------

TEST(Cult, Law_10_6_1_RevealedCardsReturnToHand) {
  Scenario sc = CultGame(kPhaseDaylight);
  State& s = sc.s();
  const CardId card = sc.Give(kSeat, "Bake Sale", kRabbit);
  sc.Start([](State& s) { Cu()->PushDaylight(s, kSeat); });
  sc.Choose("Recruit");
  sc.Choose("5 (rabbit)");
  ASSERT_EQ(HandCount(s, kSeat), 0);
  s.SetCurrent(kSeat, kPhaseEvening);
  sc.Start([](State& s) { Cu()->PushEvening(s, kSeat); });
  EXPECT_TRUE(s.cult().revealed.empty());
  const auto& hand = s.seat(kSeat).hand;
  EXPECT_NE(std::find(hand.begin(), hand.end(), card), hand.end());
}

TEST(Cult, Law_10_6_3_DrawOnePlusOnePerUncoveredBonus) {
  {
    Scenario sc = CultGame(kPhaseEvening);
    State& s = sc.s();
    s.SetPieces(kGardenFox, C(1), 1);
    s.SetPieces(kGardenFox, C(6), 1);    // fox track: bonus uncovered
    s.SetPieces(kGardenMouse, C(2), 1);  // mouse: one garden, no bonus
    sc.Start([](State& s) { Cu()->PushEvening(s, kSeat); });
    EXPECT_EQ(HandCount(s, kSeat), 2);
  }
  Scenario sc = CultGame(kPhaseEvening);
  State& s = sc.s();
  for (int c : {1, 6, 2, 7, 5, 4}) {
    s.SetPieces(kGardenFox + s.SuitOf(C(c)), C(c), 1);
  }
  sc.Start([](State& s) { Cu()->PushEvening(s, kSeat); });
  EXPECT_EQ(HandCount(s, kSeat), 4) << "all three bonuses";
}

TEST(Cult, Law_10_6_3_HandLimitFiveDiscardsToLostSouls) {
  Scenario sc = CultGame(kPhaseEvening);
  State& s = sc.s();
  for (const char* name :
       {"Anvil", "Bake Sale", "Sword", "Sappers", "Armorers"}) {
    sc.Give(kSeat, name);
  }
  sc.Start([](State& s) { Cu()->PushEvening(s, kSeat); });
  EXPECT_EQ(sc.Key(), "discard.hand_limit");
  EXPECT_EQ(s.PromptLaw(), "10.6.3");
  ASSERT_TRUE(s.Apply(0).ok());
  EXPECT_EQ(HandCount(s, kSeat), 5);
  EXPECT_EQ(s.cult().lost_souls.size(), 1u);
}

TEST(Cult, ObservationShowsTheBoardToEverySeat) {
  Scenario sc = CultGame(kPhaseDaylight, kMouse, true);
  State& s = sc.s();
  LostSoul(sc, "Anvil", kFox);
  Acolytes(s, 2);
  const Observation o = Observe(s, 0);
  EXPECT_EQ(o.cult.outcast, kMouse);
  EXPECT_TRUE(o.cult.hated);
  EXPECT_EQ(o.cult.acolytes, 2);
  EXPECT_EQ(o.cult.lost_souls, s.cult().lost_souls);
}

TEST(Cult, Law_10_4_3_III_HatedSanctifyCostsTwo) {
  Scenario sc = CultGame(kPhaseBirdsong, kRabbit, true);
  State& s = sc.s();
  s.SetPieces(kWorkshop, C(5), 1);
  Acolytes(s, 2);
  sc.Start([](State& s) { s.Push(ConspiracyMenu()); });
  sc.Choose("Sanctify (2 acolytes)");
  EXPECT_EQ(s.clearing(C(5)).pieces[kGardenRabbit], 1);
  EXPECT_EQ(s.cult().acolytes, 0);
}

TEST(Cult, Law_10_4_3_II_NoConvertWhereTheKeepBlocksPlacement) {
  // Law 6.2.2: only the Marquise places pieces in the keep's clearing, so
  // the Cult warrior of a conversion cannot be placed there.
  Scenario sc = CultGame(kPhaseBirdsong, kRabbit);
  State& s = sc.s();
  s.SetPieces(kKeep, C(3), 1);  // rabbit corner
  s.SetWarriors(kMarquise, C(3), 2);
  s.SetWarriors(kMarquise, C(4), 1);
  Acolytes(s, 2);
  sc.Start([](State& s) { s.Push(ConspiracyMenu()); });
  sc.Choose("Convert (2 acolytes)");
  EXPECT_EQ(s.clearing(C(3)).warriors[kMarquise], 2);
  EXPECT_EQ(s.clearing(C(4)).warriors[kMarquise], 0) << "the only target";
  EXPECT_EQ(s.clearing(C(4)).warriors[kCult], 1);
}

TEST(Cult, Law_10_4_3_II_ConvertCannotRemoveTheWarlord) {
  // Law 14.2.2: the warlord cannot be removed outside of battle, and a
  // replacement needs the removal (21.23, FAQ 38): the warlord alone is no
  // target; beside another Hundreds warrior, that warrior is converted.
  Scenario sc({kMarquise, kHundreds, kCult});
  State& s = sc.s();
  s.SetCurrent(kSeat, kPhaseBirdsong);
  s.mutable_cult().outcast = kRabbit;
  s.SetWarriors(kHundreds, C(5), 1);  // rabbit: the warlord alone
  s.mutable_hundreds().warlord = C(5);
  Acolytes(s, 2);
  sc.Start([](State& s) { s.Push(ConspiracyMenu()); });
  EXPECT_FALSE(sc.Offers("Convert (2 acolytes)"));
  s.SetWarriors(kHundreds, C(5), 2);  // the warlord and one more
  sc.Start([](State& s) { s.Push(ConspiracyMenu()); });
  sc.Choose("Convert (2 acolytes)");  // the one target: no more questions
  EXPECT_EQ(s.clearing(C(5)).warriors[kHundreds], 1);
  EXPECT_EQ(s.hundreds().warlord, C(5));
  EXPECT_EQ(s.clearing(C(5)).warriors[kCult], 1);
}

TEST(Cult, Law_10_3_2_AnyFreeCornerWhenNoneIsOppositeAStart) {
  GameSetup setup;
  setup.factions = {kVagabond, kCult};
  setup.first_seat = 0;
  auto st = State::NewGame(setup, 5);
  ASSERT_TRUE(st.ok()) << st.status();
  State& s = *st;
  while (s.PromptKey() != "cult.setup.corner") ASSERT_TRUE(s.Apply(0).ok());
  EXPECT_EQ(s.options().size(), 4u) << "the Vagabond has no corner";
}

TEST(Cult, Law_10_5_TurnRevealsThenEveningReturnsAndScoreResetsNextTurn) {
  // A whole Cult turn through the turn task: Birdsong, Daylight, Evening.
  Scenario sc = CultGame(kPhaseBirdsong, kFox);
  State& s = sc.s();
  s.SetPieces(kGardenFox, C(1), 1);
  s.SetPieces(kGardenFox, C(8), 1);
  s.SetWarriors(kCult, C(1), 2);
  sc.Give(kSeat, "Anvil", kFox);
  const CardId steel = sc.Give(kSeat, "Foxfolk Steel", kFox);
  s.mutable_cult().scored = 1 << kFox;  // left over from the last turn
  sc.Start([](State& s) { s.Push(Task{.kind = kTaskTurn, .seat = kSeat}); });
  // Birdsong had nothing to ask; Daylight: fox may be scored again.
  ASSERT_EQ(sc.Key(), "cult.ritual");
  sc.Choose("Recruit");
  sc.Choose("1 (fox)");
  sc.Choose(CardName(s, steel));
  EXPECT_EQ(s.cult().revealed, (std::vector<CardId>{steel}));
  sc.Choose("Score");
  EXPECT_EQ(s.seat(kSeat).vp, 2) << "two fox gardens";
  sc.Choose("Done");
  // Evening: the revealed card is back in hand (one drawn on top: 1 + the
  // fox track's bonus = 2 cards).
  const auto& hand = s.seat(kSeat).hand;
  EXPECT_NE(std::find(hand.begin(), hand.end(), steel), hand.end());
  EXPECT_TRUE(s.cult().revealed.empty());
}

// --- Random games
// --------------------------------------------------------------

void RandomGames(std::vector<int8_t> factions, uint64_t seed, int games) {
  GameSetup setup;
  setup.factions = std::move(factions);
  setup.shuffle_seats = true;
  RandomGamesCheck(setup, seed, games);
}

TEST(CultRandom, TwoSeats) { RandomGames({kCult, kMarquise}, 100, 150); }
TEST(CultRandom, TwoSeatsWithVagabond) {
  RandomGames({kCult, kVagabond}, 1000, 100);
}
TEST(CultRandom, ThreeSeats) {
  RandomGames({kEyrie, kAlliance, kCult}, 2000, 100);
}
TEST(CultRandom, FourSeats) {
  RandomGames({kMarquise, kEyrie, kVagabond, kCult}, 3000, 80);
}
TEST(CultRandom, FiveSeats) {
  RandomGames({kMarquise, kEyrie, kAlliance, kVagabond, kCult}, 4000, 80);
}

// Law 2.5, 10.2.4, 11.2.7.III: with the Riverfolk's mercenaries and the
// Cult's gardens on one table, the rule kept per clearing is the rule every
// hook gives (CheckInvariants at each decision).
TEST(CultRandom, Law_10_2_4_SixSeatsWithTheRiverfolkKeepRule) {
  RandomGames({kMarquise, kEyrie, kAlliance, kVagabond, kRiverfolk, kCult},
              5000, 40);
}

// Random play reaches every part of the faction: the prompts of each
// conspiracy and ritual, Revenge, the Hated Outcast and the Lost Souls.
TEST(CultRandom, RandomPlayReachesEveryRule) {
  GameSetup setup;
  setup.factions = {kMarquise, kEyrie, kAlliance, kCult};
  setup.shuffle_seats = true;
  setup.max_turns = 400;
  std::set<std::string> keys;
  std::set<std::string> labels;
  bool revenge = false, hated = false, lost = false, ritual_vp = false;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    int acolytes = 0;
    DecisionHook hook = [&](const State& s, uint64_t, int) {
      keys.insert(std::string(s.PromptKey()));
      if (s.deciding_seat() == s.SeatOf(kCult)) {
        for (const Option& o : s.options()) {
          if (o.kind == kOptAction) {
            std::string l = s.OptionLabel(o);
            labels.insert(l.substr(0, l.find(' ')));
          }
        }
      }
      // Acolytes growing outside the Cult's Daylight come from Revenge.
      if (s.cult().acolytes > acolytes && s.current_seat() != s.SeatOf(kCult))
        revenge = true;
      acolytes = s.cult().acolytes;
      hated |= s.cult().hated;
      lost |= !s.cult().lost_souls.empty();
      ritual_vp |= s.seat(s.SeatOf(kCult)).vp > 0;
      return absl::OkStatus();
    };
    ASSERT_TRUE(RandomPlayout(setup, seed, PolicySeedFor(seed), hook).ok());
  }
  for (const char* k :
       {"cult.setup.outcast", "cult.conspiracy", "cult.crusade",
        "cult.crusade_battle", "cult.convert", "cult.convert_faction",
        "cult.sanctify_piece", "cult.ritual", "cult.ritual_card",
        "cult.ritual_clearing", "cult.score_suit"}) {
    EXPECT_TRUE(keys.count(k)) << k;
  }
  for (const char* l : {"Crusade", "Convert", "Sanctify", "Build", "Recruit",
                        "Score", "Sacrifice"}) {
    EXPECT_TRUE(labels.count(l)) << l;
  }
  EXPECT_TRUE(revenge);
  EXPECT_TRUE(hated);
  EXPECT_TRUE(lost);
  EXPECT_TRUE(ritual_vp);
}

// Law 10.4.3.II with the Lost City (Law 24): its clearing counts as every
// suit, the Outcast's too.
TEST(Cult, Law_10_4_3_II_ConvertInTheLostCity) {
  Scenario sc = CultGame(kPhaseBirdsong, kFox);
  State& s = sc.s();
  SetUpLandmark(s, kLandmarkLostCity, C(10));  // printed rabbit
  s.SetWarriors(kEyrie, C(10), 1);
  s.SetWarriors(kEyrie, C(5), 1);  // rabbit: not offered
  Acolytes(s, 3);
  sc.Start([](State& s) { s.Push(ConspiracyMenu()); });
  sc.Choose("Convert (2 acolytes)");
  EXPECT_FALSE(sc.Offers("5 (rabbit)"));
  EXPECT_EQ(s.clearing(C(10)).warriors[kCult], 1) << "the only target";
}

// Law 10.5.1 with the Lost City: a ruled Lost City matches any non-bird
// card (10.2.2); the garden shows the revealed card's suit, the one the
// clearing is taken as.
TEST(Cult, Law_10_5_1_BuildInTheLostCityWithAnyNonBirdCard) {
  Scenario sc = CultGame(kPhaseDaylight);
  State& s = sc.s();
  SetUpLandmark(s, kLandmarkLostCity, C(10));  // printed rabbit
  s.SetWarriors(kCult, C(10), 1);
  sc.Give(kSeat, "Sappers", kBird);
  sc.Give(kSeat, "Anvil", kFox);
  sc.Start([](State& s) { Cu()->PushDaylight(s, kSeat); });
  sc.Choose("Build (a garden)");
  // One clearing, one card fit: both chosen without asking (10.2.2: the
  // bird card does not).
  EXPECT_EQ(s.clearing(C(10)).pieces[kGardenFox], 1);
  EXPECT_EQ(s.clearing(C(10)).pieces[kGardenRabbit], 0);
  EXPECT_EQ(HandCount(s, kSeat), 1) << "the bird card stays";
}

}  // namespace
}  // namespace woodland::rules::testing
