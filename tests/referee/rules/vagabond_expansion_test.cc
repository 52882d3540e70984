// Scenario tests for the Vagabond's own pawn moves and Strike under the
// expansion factions' and maps' rules: the Corvids' snare and Nimble (Law
// 13), Riverboats (11.2.7.II), the Lake's Ferry (25.3.5), Scorched Earth
// (26.6.2) against the Duchy's Burrow, and the warlord (14.2.2); plus the
// Ferry in the modules that move their own warriors.
#include <algorithm>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tests/referee/rules/random_play.h"
#include "tests/referee/rules/scenario.h"

namespace woodland::rules::testing {
namespace {

constexpr int8_t kHarrierC = 7;  // character index in Law 26 order

// A table of `factions` (seat i is factions[i]); seat `vb` is current.
Scenario Table(std::vector<int8_t> factions, int vb,
               const std::string& map = "") {
  GameSetup setup;
  setup.factions = std::move(factions);
  if (!map.empty()) setup.map = map;
  if (map == "lake") {  // the suits of the Ferry tests in maps_test.cc
    setup.suits = {kFox,   kFox,    kMouse, kRabbit, kMouse,  kFox,
                   kMouse, kRabbit, kFox,   kMouse,  kRabbit, kRabbit};
  }
  Scenario sc(setup, 7);
  sc.s().SetCurrent(vb, kPhaseDaylight);
  return sc;
}

void Place(State& s, int c, int character = 0) {
  VagabondBoard& vb = s.mutable_vagabond();
  vb.character = static_cast<int8_t>(character);
  vb.clearing = static_cast<int8_t>(c);
  vb.forest = -1;
}

void Give(State& s, int kind) {
  s.mutable_vagabond().items.push_back(VItem{static_cast<int8_t>(kind)});
  ++s.mutable_vagabond().box[kind];
}

int Ready(const State& s, int kind) {
  int n = 0;
  for (const VItem& it : s.vagabond().items)
    n += it.kind == kind && !it.exhausted && !it.damaged;
  return n;
}

void Daylight(State& s, int seat) {
  GetFaction(s.seat(seat).faction)->PushDaylight(s, seat);
}

// Does the prompt offer printed clearing `id` (label "id (suit)")?
bool OffersClearing(const Scenario& sc, int id) {
  const std::string prefix = std::to_string(id) + " (";
  for (const std::string& l : sc.Labels())
    if (l.rfind(prefix, 0) == 0) return true;
  return false;
}

void Snare(State& s, int c, bool face_up) {
  s.SetPieces(kPlotSnare, c, 1);
  if (face_up) s.mutable_corvid().face_up |= static_cast<uint16_t>(1u << c);
}

// --- The Corvids (Law 13) ---------------------------------------------------

TEST(VagabondExpansion, Law_13_7_2_FaceUpSnareHoldsThePawn) {
  Scenario sc = Table({kMarquise, kCorvid, kVagabond}, 2);
  State& s = sc.s();
  Place(s, C(1));
  Give(s, kBoot);
  Snare(s, C(1), /*face_up=*/false);
  sc.Start([](State& s) { Daylight(s, 2); });
  EXPECT_TRUE(sc.Offers("Move (boot)")) << "a face-down snare holds nobody";
  s.mutable_corvid().face_up |= 1u << C(1);
  sc.Start([](State& s) { Daylight(s, 2); });
  EXPECT_FALSE(sc.Offers("Move (boot)")) << "no move out of a face-up snare";
}

TEST(VagabondExpansion, Law_13_7_2_SnareHoldsTheHarriersGlide) {
  Scenario sc = Table({kMarquise, kCorvid, kVagabond}, 2);
  State& s = sc.s();
  Place(s, C(1), kHarrierC);
  Give(s, kTorch);
  sc.Start([](State& s) { Daylight(s, 2); });
  EXPECT_TRUE(sc.Offers("Harrier special action (torch)"));
  Snare(s, C(1), /*face_up=*/true);
  sc.Start([](State& s) { Daylight(s, 2); });
  EXPECT_FALSE(sc.Offers("Harrier special action (torch)"));
}

TEST(VagabondExpansion, Law_9_4_2_SlipIgnoresTheSnare) {
  Scenario sc = Table({kMarquise, kCorvid, kVagabond}, 2);
  State& s = sc.s();
  s.SetCurrent(2, kPhaseBirdsong);
  Place(s, C(1));
  Snare(s, C(1), /*face_up=*/true);
  sc.Start([](State& s) { GetFaction(kVagabond)->PushBirdsong(s, 2); });
  for (int i = 0; i < 20 && sc.Key() != "vagabond.slip"; ++i)
    ASSERT_TRUE(s.Apply(0).ok());
  ASSERT_EQ(sc.Key(), "vagabond.slip");
  EXPECT_TRUE(OffersClearing(sc, 5)) << "1 and 5 are linked by a path";
}

TEST(VagabondExpansion, Law_13_2_3_AlliedCorvidsGoAlongIgnoringRule) {
  Scenario sc = Table({kMarquise, kCorvid, kVagabond}, 2);
  State& s = sc.s();
  Place(s, C(1));
  Give(s, kBoot);
  s.mutable_vagabond().relation[kCorvid] = kAllied;
  s.SetWarriors(kCorvid, C(1), 2);
  s.SetWarriors(kMarquise, C(1), 3);  // the Marquise rule both ends
  s.SetWarriors(kMarquise, C(5), 3);
  sc.Start([](State& s) { Daylight(s, 2); });
  sc.Choose("Move (boot)");
  sc.Choose("5 (rabbit)");
  ASSERT_EQ(sc.Key(), "vagabond.move.allies");
  sc.Choose("With 2 Corvid Conspiracy warriors");
  EXPECT_EQ(s.clearing(C(5)).warriors[kCorvid], 2);
  EXPECT_EQ(s.vagabond().clearing, C(5));
}

TEST(VagabondExpansion, Law_13_7_2_SnareHoldsThePawnAndHisAllies) {
  // The pawn is held, so his Marquise allies there do not move either.
  Scenario sc = Table({kMarquise, kCorvid, kVagabond}, 2);
  State& s = sc.s();
  Place(s, C(1));
  Give(s, kBoot);
  s.mutable_vagabond().relation[kMarquise] = kAllied;
  s.SetWarriors(kMarquise, C(1), 2);
  Snare(s, C(1), /*face_up=*/true);
  sc.Start([](State& s) { Daylight(s, 2); });
  EXPECT_FALSE(sc.Offers("Move (boot)"));
  EXPECT_EQ(s.clearing(C(1)).warriors[kMarquise], 2);
}

// --- The Riverfolk (Law 11.2.7.II) -----------------------------------------

TEST(VagabondExpansion, Law_11_2_7_II_RiverboatsLetThePawnMoveAlongRivers) {
  Scenario sc = Table({kRiverfolk, kVagabond, kMarquise}, 1);
  State& s = sc.s();
  s.SetCurrent(1, kPhaseBirdsong);
  s.mutable_riverfolk().prices = {2, 1, 1};
  Place(s, C(4));
  Give(s, kBoot);
  Give(s, kSword);
  sc.Start([](State& s) { Daylight(s, 1); });
  sc.Choose("Move (boot)");
  EXPECT_FALSE(OffersClearing(sc, 7)) << "4 and 7: a river, no path";
  sc.Start(
      [](State& s) { GetFaction(kRiverfolk)->AtOthersBirdsongStart(s, 1); });
  ASSERT_TRUE(sc.Offers("Riverboats for 1"));
  sc.Choose("Riverboats for 1");
  ASSERT_EQ(sc.Key(), "riverfolk.vagabond_pay");
  sc.Choose("sword");  // 11.2.6.III: one item per point of the price
  EXPECT_EQ(Ready(s, kSword), 0);
  s.SetCurrent(1, kPhaseDaylight);
  sc.Start([](State& s) { Daylight(s, 1); });
  sc.Choose("Move (boot)");
  EXPECT_TRUE(OffersClearing(sc, 7));
  EXPECT_TRUE(OffersClearing(sc, 8)) << "paths stay paths";
  const std::string to7 = [&] {
    for (const std::string& l : sc.Labels())
      if (l.rfind("7 (", 0) == 0) return l;
    return std::string();
  }();
  sc.Choose(to7);
  EXPECT_EQ(s.vagabond().clearing, C(7));
  EXPECT_EQ(Ready(s, kBoot), 0);
}

TEST(VagabondExpansion, Law_11_2_7_II_RiverboatsLetHimSlipAlongRivers) {
  Scenario sc = Table({kRiverfolk, kVagabond, kMarquise}, 1);
  State& s = sc.s();
  s.SetCurrent(1, kPhaseBirdsong);
  Place(s, C(4));
  auto slip = [&] {
    sc.Start([](State& s) { GetFaction(kVagabond)->PushBirdsong(s, 1); });
    for (int i = 0; i < 20 && sc.Key() != "vagabond.slip"; ++i)
      EXPECT_TRUE(s.Apply(0).ok());
    return OffersClearing(sc, 7);  // 4 and 7: a river, no path
  };
  EXPECT_FALSE(slip());
  s.mutable_riverfolk().boats_for = kVagabond;  // bought this turn
  s.mutable_riverfolk().boats_turn = static_cast<int16_t>(s.turn());
  EXPECT_TRUE(slip());
}

// --- The Lake's Ferry (Law 25.3.5) ------------------------------------------

TEST(VagabondExpansion, Law_25_3_5_ThePawnCrossesByFerryAndDraws) {
  Scenario sc = Table({kMarquise, kEyrie, kVagabond}, 2, "lake");
  State& s = sc.s();
  ASSERT_EQ(s.ferry(), C(1));
  Place(s, C(1));
  Give(s, kBoot);
  Give(s, kBoot);
  // Nobody rules 1 or 11: the pawn needs no rule (9.2.3), even by Ferry.
  const size_t hand = s.seat(2).hand.size();
  sc.Start([](State& s) { Daylight(s, 2); });
  sc.Choose("Move (boot)");
  EXPECT_TRUE(sc.Offers("5 (mouse)")) << "by path";
  EXPECT_TRUE(sc.Offers("Move from 1 (fox) to 10 (mouse) by the Ferry"));
  sc.Choose("Move from 1 (fox) to 11 (rabbit) by the Ferry");
  EXPECT_EQ(s.vagabond().clearing, C(11));
  EXPECT_EQ(s.ferry(), C(11)) << "the Ferry goes along";
  EXPECT_EQ(s.seat(2).hand.size(), hand + 1) << "he draws one card";
  EXPECT_EQ(Ready(s, kBoot), 1) << "still one boot";
  // Once per turn.
  sc.Start([](State& s) { Daylight(s, 2); });
  sc.Choose("Move (boot)");
  for (const std::string& l : sc.Labels())
    EXPECT_EQ(l.find("Ferry"), std::string::npos) << l;
}

TEST(VagabondExpansion, Law_25_3_5_HostileDestinationByFerryCostsTwoBoots) {
  Scenario sc = Table({kMarquise, kEyrie, kVagabond}, 2, "lake");
  State& s = sc.s();
  Place(s, C(1));
  Give(s, kBoot);
  s.mutable_vagabond().relation[kMarquise] = kHostile;
  s.SetWarriors(kMarquise, C(11), 1);
  sc.Start([](State& s) { Daylight(s, 2); });
  sc.Choose("Move (boot)");
  EXPECT_FALSE(sc.Offers("Move from 1 (fox) to 11 (rabbit) by the Ferry"));
  EXPECT_TRUE(sc.Offers("Move from 1 (fox) to 12 (rabbit) by the Ferry"));
}

TEST(VagabondExpansion, FAQ_30_AlliedWarriorsCrossByFerryAndTheirPlayerDraws) {
  Scenario sc = Table({kMarquise, kEyrie, kVagabond}, 2, "lake");
  State& s = sc.s();
  Place(s, C(1));
  Give(s, kBoot);
  s.mutable_vagabond().relation[kMarquise] = kAllied;
  s.SetWarriors(kMarquise, C(1), 2);  // the Marquise rule the origin
  const size_t mine = s.seat(2).hand.size(), theirs = s.seat(0).hand.size();
  sc.Start([](State& s) { Daylight(s, 2); });
  sc.Choose("Move (boot)");
  sc.Choose("Move from 1 (fox) to 12 (rabbit) by the Ferry");
  ASSERT_EQ(sc.Key(), "vagabond.move.allies");
  sc.Choose("With 2 Marquise de Cat warriors");
  EXPECT_EQ(s.clearing(C(12)).warriors[kMarquise], 2);
  EXPECT_EQ(s.ferry(), C(12));
  EXPECT_EQ(s.seat(2).hand.size(), mine + 1);
  EXPECT_EQ(s.seat(0).hand.size(), theirs + 1) << "each player draws";
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

TEST(VagabondExpansion, Law_25_3_5_AlliesNeedRuleToCrossByFerry) {
  Scenario sc = Table({kMarquise, kEyrie, kVagabond}, 2, "lake");
  State& s = sc.s();
  Place(s, C(1));
  Give(s, kBoot);
  s.mutable_vagabond().relation[kMarquise] = kAllied;
  s.SetWarriors(kMarquise, C(1), 2);
  s.SetWarriors(kEyrie, C(1), 3);  // the Eyrie rule 1; nobody rules 12
  sc.Start([](State& s) { Daylight(s, 2); });
  sc.Choose("Move (boot)");
  sc.Choose("Move from 1 (fox) to 12 (rabbit) by the Ferry");
  EXPECT_EQ(s.vagabond().clearing, C(12)) << "alone: nothing to ask";
  EXPECT_EQ(s.clearing(C(1)).warriors[kMarquise], 2);
}

TEST(VagabondExpansion, Law_25_3_5_TheHundredsMoveTheFerryAndDraw) {
  Scenario sc = Table({kHundreds, kMarquise}, 0, "lake");
  State& s = sc.s();
  s.SetWarriors(kHundreds, C(1), 2);
  s.mutable_hundreds().warlord = C(1);
  const size_t hand = s.seat(0).hand.size();
  sc.Start([](State& s) { Daylight(s, 0); });
  sc.Choose("Move");
  sc.Choose("Move from 1 (fox) to 11 (rabbit) by the Ferry");
  sc.Choose("Move 1 warrior from 1 (fox) to 11 (rabbit)");
  EXPECT_EQ(s.clearing(C(11)).warriors[kHundreds], 1);
  EXPECT_EQ(s.ferry(), C(11));
  EXPECT_EQ(s.seat(0).hand.size(), hand + 1);
}

TEST(VagabondExpansion, Law_25_3_5_TheDuchyMoveTheFerryAndDraw) {
  Scenario sc = Table({kDuchy, kMarquise}, 0, "lake");
  State& s = sc.s();
  s.SetWarriors(kDuchy, C(1), 2);
  const size_t hand = s.seat(0).hand.size();
  sc.Start([](State& s) { Daylight(s, 0); });
  sc.Choose("Move");
  sc.Choose("Move from 1 (fox) to 11 (rabbit) by the Ferry");
  sc.Choose("2");
  EXPECT_EQ(s.clearing(C(11)).warriors[kDuchy], 2);
  EXPECT_EQ(s.ferry(), C(11));
  EXPECT_EQ(s.seat(0).hand.size(), hand + 1);
}

TEST(VagabondExpansion, Law_25_3_5_TheCultsCrusadeMovesTheFerryAndDraws) {
  Scenario sc = Table({kCult, kMarquise}, 0, "lake");
  State& s = sc.s();
  s.SetCurrent(0, kPhaseBirdsong);
  s.mutable_cult().outcast = kFox;  // 1 is fox
  s.SetWarriors(kCult, C(1), 2);
  s.SetWarriorSupply(kCult, s.warrior_supply(kCult) - 2);
  s.mutable_cult().acolytes = 2;
  const size_t hand = s.seat(0).hand.size();
  sc.Start([](State& s) {  // the Conspiracies menu (10.4.3), as cult_test
    s.Push(Task{.kind = static_cast<uint8_t>(kFactionTaskBase + 16 * kCult + 1),
                .seat = 0,
                .step = 1});
  });
  sc.Choose("Crusade (2 acolytes)");
  sc.Choose("Move from 1 (fox) to 11 (rabbit) by the Ferry");
  sc.Choose("Move 2 warriors from 1 (fox) to 11 (rabbit)");
  EXPECT_EQ(s.clearing(C(11)).warriors[kCult], 2);
  EXPECT_EQ(s.ferry(), C(11));
  EXPECT_EQ(s.seat(0).hand.size(), hand + 1);
}

// --- Scorched Earth (Law 26.6.2) and the snare in the Burrow ----------------

TEST(VagabondExpansion, Law_26_6_2_NoBurrowMoveIntoTheScorchedClearing) {
  Scenario sc = Table({kDuchy, kMarquise, kVagabond}, 0);
  State& s = sc.s();
  // A coalition partner's tunnel (9.2.8) survives Scorched Earth.
  s.SetPieces(kTunnel, C(5), 1);
  s.SetPieces(kTunnel, C(1), 1);
  s.SetWarriorSupply(kDuchy, s.warrior_supply(kDuchy) - 2);
  s.mutable_duchy().burrow = 2;
  s.SetWarriors(kDuchy, C(1), 1);  // more than one move to choose from
  Place(s, C(5));
  s.mutable_vagabond().scorched = C(5);
  ++s.mutable_vagabond().removed[kTorch];
  ++s.mutable_vagabond().box[kTorch];
  sc.Start([](State& s) { Daylight(s, 0); });
  sc.Choose("Move");
  EXPECT_TRUE(sc.Offers("Move from the Burrow to 1 (fox)"));
  EXPECT_FALSE(sc.Offers("Move from the Burrow to 5 (rabbit)"));
}

TEST(VagabondExpansion, Law_26_6_2_NoRelicDelvedIntoTheScorchedClearing) {
  Scenario sc = Table({kMarquise, kKeepers, kVagabond}, 1);
  State& s = sc.s();
  s.SetWarriors(kKeepers, C(1), 2);  // forest 0 touches 1 (keepers_test)
  s.mutable_keepers().forests.resize(1);
  constexpr int kTablet = 1;  // relic types: figure, tablet, jewelry
  s.mutable_keepers().forests[0].push_back({kTablet, 1, false});
  s.set_piece_supply(kRelicFigure + kTablet,
                     s.piece_supply(kRelicFigure + kTablet) - 1);
  const CardId anvil = sc.Give(1, "Anvil", kFox);
  s.RemoveFromHand(1, anvil);
  s.mutable_keepers().retinue[1].push_back(anvil);
  Place(s, C(1));
  sc.Start([](State& s) { Daylight(s, 1); });
  EXPECT_TRUE(sc.Offers("Use Anvil (fox) (Battle then Delve)"));
  // The Scoundrel's coalition partner (9.2.8) keeps its warriors there.
  s.mutable_vagabond().coalition = 1;
  s.mutable_vagabond().scorched = C(1);
  sc.Start([](State& s) { Daylight(s, 1); });
  EXPECT_FALSE(sc.Offers("Use Anvil (fox) (Battle then Delve)"));
}

TEST(VagabondExpansion, Law_13_7_2_SnareHoldsWarriorsOutOfTheBurrow) {
  Scenario sc = Table({kDuchy, kCorvid}, 0);
  State& s = sc.s();
  s.SetPieces(kTunnel, C(5), 1);
  s.SetPieces(kTunnel, C(1), 1);
  s.SetWarriors(kDuchy, C(5), 1);
  s.SetWarriors(kDuchy, C(1), 1);
  Snare(s, C(5), /*face_up=*/true);
  sc.Start([](State& s) { Daylight(s, 0); });
  sc.Choose("Move");
  EXPECT_TRUE(sc.Offers("Move from 1 (fox) to the Burrow"));
  EXPECT_FALSE(sc.Offers("Move from 5 (rabbit) to the Burrow"));
}

// --- The warlord (Law 14.2.2) -----------------------------------------------

TEST(VagabondExpansion, Law_14_2_2_StrikeCannotRemoveALoneWarlord) {
  Scenario sc = Table({kHundreds, kMarquise, kVagabond}, 2);
  State& s = sc.s();
  Place(s, C(5));
  Give(s, kCrossbow);
  s.SetWarriors(kHundreds, C(5), 1);
  s.mutable_hundreds().warlord = C(5);
  s.SetPieces(kStronghold, C(5), 1);
  sc.Start([](State& s) { Daylight(s, 2); });
  EXPECT_FALSE(sc.Offers("Strike (crossbow)"))
      << "the warlord is a warrior: the stronghold is shielded (9.5.6)";
  s.SetWarriors(kHundreds, C(5), 2);
  sc.Start([](State& s) { Daylight(s, 2); });
  sc.Choose("Strike (crossbow)");  // the one target: nothing to ask
  EXPECT_EQ(s.clearing(C(5)).warriors[kHundreds], 1);
  EXPECT_EQ(s.hundreds().warlord, C(5)) << "the warlord stays";
  EXPECT_EQ(s.clearing(C(5)).pieces[kStronghold], 1);
}

// --- Random play -------------------------------------------------------------

// The Vagabond beside the Riverfolk (Riverboats), the Corvids (snares) and
// the Hundreds (the warlord) on the Lake (the Ferry); then both Vagabonds
// with the Duchy and the Cult.
TEST(VagabondExpansion, RandomGamesOnTheLakeWithRiverfolkCorvidsHundreds) {
  GameSetup setup;
  setup.map = "lake";
  setup.factions = {kVagabond, kRiverfolk, kCorvid, kHundreds};
  int ferry = 0, river = 0;  // pawn moves offered by Ferry / by river
  RandomGamesCheck(
      setup, 7310001, 60, [&](const State& s, uint64_t, int) -> absl::Status {
        if (s.PromptKey() != "vagabond.move") return {};
        const int from = s.vagabond().clearing;
        for (const Option& o : s.options()) {
          ferry += o.kind == kOptMove;
          river +=
              o.kind == kOptClearing && from >= 0 && !s.Adjacent(from, o.a);
        }
        return absl::OkStatus();
      });
  EXPECT_GT(ferry, 0);
  EXPECT_GT(river, 0);
}

TEST(VagabondExpansion, RandomGamesTwoVagabondsWithDuchyAndCult) {
  GameSetup setup;
  setup.map = "lake";
  setup.factions = {kDuchy, kVagabond, kCult, kVagabond2, kCorvid};
  RandomGamesCheck(setup, 7320001, 40);
}

TEST(VagabondExpansion, Law_14_2_2_TheWarlordStaysWhenTheVagabondMovesAllies) {
  Scenario sc = Table({kHundreds, kMarquise, kVagabond}, 2);
  State& s = sc.s();
  Place(s, C(5));
  Give(s, kBoot);
  s.mutable_vagabond().relation[kHundreds] = kAllied;
  s.SetWarriors(kHundreds, C(5), 3);  // the warlord and two warriors
  s.mutable_hundreds().warlord = C(5);
  sc.Start([](State& s) { Daylight(s, 2); });
  sc.Choose("Move (boot)");
  sc.Choose("1 (fox)");
  ASSERT_EQ(sc.Key(), "vagabond.move.allies");
  EXPECT_TRUE(sc.Offers("With 2 Lord of the Hundreds warriors"));
  EXPECT_FALSE(sc.Offers("With 3 Lord of the Hundreds warriors"));
  sc.Choose("With 2 Lord of the Hundreds warriors");
  EXPECT_EQ(s.clearing(C(1)).warriors[kHundreds], 2);
  EXPECT_EQ(s.clearing(C(5)).warriors[kHundreds], 1);
  EXPECT_EQ(s.hundreds().warlord, C(5));
}

}  // namespace
}  // namespace woodland::rules::testing
