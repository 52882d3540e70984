// Scenario tests for the Keepers in Iron (Law 15). Seats: 0 Marquise,
// 1 Eyrie, 2 Keepers unless a test says otherwise. Autumn forests by index:
// 0 (F1) touches 1 2 5 10, 1 (F2) 1 9 10 12, 2 (F3) 2 6 10 11 12, 3 (F4)
// 3 6 11, 4 (F5) 3 7 11 12, 5 (F6) 4 7 8 12, 6 (F7) 4 9 12.
#include <algorithm>
#include <map>

#include "absl/strings/match.h"
#include "gtest/gtest.h"
#include "referee/rules/landmarks.h"
#include "referee/rules/observation.h"
#include "tests/referee/rules/random_play.h"
#include "tests/referee/rules/scenario.h"

namespace woodland::rules::testing {
namespace {

const FactionModule* Kp() { return GetFaction(kKeepers); }
constexpr int kFigure = 0, kTablet = 1, kJewelry = 2;
constexpr int kKp = 2;  // the Keepers' seat

Scenario KeepersGame(Phase phase) {
  Scenario sc({kMarquise, kEyrie, kKeepers});
  sc.s().SetCurrent(kKp, phase);
  return sc;
}

// A face-up relic in clearing c (from the supply left by ClearForScenario).
void PutRelic(State& s, int c, int type, int value) {
  s.SetPieces(kRelicFigure + type, c,
              s.clearing(c).pieces[kRelicFigure + type] + 1);
  s.mutable_keepers().clearings[c].push_back(
      {static_cast<int8_t>(type), static_cast<int8_t>(value), true});
}
void PutForestRelic(State& s, int f, int type, int value, bool face_up) {
  auto& forests = s.mutable_keepers().forests;
  if (static_cast<int>(forests.size()) <= f) forests.resize(f + 1);
  forests[f].push_back(
      {static_cast<int8_t>(type), static_cast<int8_t>(value), face_up});
  s.set_piece_supply(kRelicFigure + type,
                     s.piece_supply(kRelicFigure + type) - 1);
}
// Waystation ws (front type ws, back type ws+1) in clearing c.
void PutWaystation(State& s, int ws, bool back, int c) {
  KeepersBoard& kb = s.mutable_keepers();
  kb.waystation[ws] = static_cast<int8_t>(c);
  kb.flipped[ws] = back;
  const int piece = kWaystationFigure + (back ? (ws + 1) % 3 : ws);
  s.SetPieces(piece, c, s.clearing(c).pieces[piece] + 1);
}
// Puts a deck card into a Retinue column.
CardId Retinue(Scenario& sc, int col, const std::string& name, int suit) {
  const CardId id = sc.Give(kKp, name, suit);
  sc.s().RemoveFromHand(kKp, id);
  sc.s().mutable_keepers().retinue[col].push_back(id);
  return id;
}
bool InDiscard(const State& s, CardId id) {
  return std::find(s.discard().begin(), s.discard().end(), id) !=
         s.discard().end();
}
int Relics(const State& s, int c, int type) {
  return s.clearing(c).pieces[kRelicFigure + type];
}

// --- Setup (Law 15.3) -------------------------------------------------------

State NewSetUpGame(std::vector<int8_t> factions, uint64_t seed) {
  GameSetup setup;
  setup.factions = std::move(factions);
  setup.first_seat = 0;
  auto st = State::NewGame(setup, seed);
  EXPECT_TRUE(st.ok()) << st.status();
  State s = *std::move(st);
  while (s.phase() == kPhaseSetup) EXPECT_TRUE(s.Apply(0).ok());
  return s;
}

TEST(Keepers, Law_15_3_1_And_15_3_4_RelicsOnePerForestThenAwayFromWarriors) {
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    State s = NewSetUpGame({kMarquise, kKeepers}, seed);
    const MapDef& m = s.map();
    const auto& forests = s.keepers().forests;
    ASSERT_EQ(forests.size(), m.forests.size());
    std::map<int, std::vector<int>> values;  // by type
    std::vector<int> extra;                  // eligible forests' counts
    for (size_t f = 0; f < forests.size(); ++f) {
      EXPECT_GE(forests[f].size(), 1u) << "15.3.1: one in each forest";
      bool near = false;
      for (int c = 0; c < m.num_clearings; ++c)
        near |= (m.forests[f] >> c & 1) && s.clearing(c).warriors[kKeepers];
      if (near) {
        EXPECT_EQ(forests[f].size(), 1u) << "15.3.4: not next to warriors";
      } else {
        extra.push_back(static_cast<int>(forests[f].size()) - 1);
      }
      for (const KeepersRelic& r : forests[f]) {
        EXPECT_FALSE(r.face_up);
        values[r.type].push_back(r.value);
      }
    }
    // 15.2.1: four of each type, valued 1, 2, 3, 3.
    for (int type = 0; type < 3; ++type) {
      std::sort(values[type].begin(), values[type].end());
      EXPECT_EQ(values[type], (std::vector<int>{1, 2, 3, 3}));
    }
    // 15.3.4: the 12 - 7 = 5 others as evenly as possible.
    ASSERT_FALSE(extra.empty());
    int sum = 0;
    for (int e : extra) sum += e;
    EXPECT_EQ(sum, 12 - 7);
    EXPECT_LE(*std::max_element(extra.begin(), extra.end()) -
                  *std::min_element(extra.begin(), extra.end()),
              1);
    EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
  }
}

TEST(Keepers, Law_15_3_3_FourWarriorsOppositeTheKeepAndFourOnTheEdgeBeside) {
  State s = NewSetUpGame({kMarquise, kKeepers}, 3);
  const int keep = s.marquise().keep;
  ASSERT_GE(keep, 0);
  const int corner = s.map().OppositeCorner(keep);
  EXPECT_EQ(s.clearing(corner).warriors[kKeepers], 4);
  int edge = -1;
  for (int c = 0; c < 12; ++c) {
    if (c != corner && s.clearing(c).warriors[kKeepers] > 0) edge = c;
  }
  ASSERT_GE(edge, 0);
  EXPECT_EQ(s.clearing(edge).warriors[kKeepers], 4);
  EXPECT_TRUE(s.map().Adjacent(corner, edge));
  EXPECT_TRUE(s.map().clearings[edge].edge);
  EXPECT_EQ(s.warrior_supply(kKeepers), 15 - 8) << "15.3.2";
}

TEST(Keepers, Law_15_3_5_And_15_3_6_RetainersTuckedWaystationsOnBoard) {
  State s = NewSetUpGame({kMarquise, kKeepers}, 5);
  for (const auto& col : s.keepers().retinue) {
    ASSERT_EQ(col.size(), 1u);
    EXPECT_EQ(col[0], kFaithfulRetainer);
  }
  for (int8_t c : s.keepers().waystation) EXPECT_EQ(c, -1);
}

// --- Hidden relic values (Law 15.2.1, 15.3.1) --------------------------------

TEST(Keepers, Law_15_2_1_FaceDownValuesReachNoSeat) {
  State a = NewSetUpGame({kMarquise, kEyrie, kKeepers}, 11);
  State b = a;
  // b differs only in the hidden values: each forest's face-down values
  // rotate among the relics of the same type.
  auto& forests = b.mutable_keepers().forests;
  for (int type = 0; type < 3; ++type) {
    std::vector<KeepersRelic*> of_type;
    for (auto& f : forests)
      for (auto& r : f)
        if (r.type == type) of_type.push_back(&r);
    const int8_t first = of_type[0]->value;
    for (size_t i = 0; i + 1 < of_type.size(); ++i)
      of_type[i]->value = of_type[i + 1]->value;
    of_type.back()->value = first;
  }
  ASSERT_NE(a.Hash(), b.Hash());
  for (int seat = 0; seat < 3; ++seat) {
    const Observation oa = Observe(a, seat), ob = Observe(b, seat);
    EXPECT_TRUE(oa.keepers == ob.keepers) << "seat " << seat;
    for (const auto& f : oa.keepers.forests)
      for (const KeepersRelic& r : f) EXPECT_EQ(r.value, 0);
    EXPECT_EQ(ObservationJson(a, oa), ObservationJson(b, ob));
  }
}

// Law 15.3.1: the relics left for step 4 (15.3.4) are still face down while
// the Keepers choose where their warriors go; nobody knows their values.
TEST(Keepers, Law_15_3_1_RelicsWaitingForStep4HideTheirValues) {
  GameSetup setup;
  setup.factions = {kMarquise, kEyrie, kKeepers};
  setup.first_seat = 0;
  auto st = State::NewGame(setup, 7);
  ASSERT_TRUE(st.ok()) << st.status();
  State a = *std::move(st);
  while (a.phase() == kPhaseSetup &&
         !absl::StartsWith(a.PromptKey(), "keepers."))
    ASSERT_TRUE(a.Apply(0).ok());
  ASSERT_TRUE(absl::StartsWith(a.PromptKey(), "keepers.setup"))
      << a.PromptKey();
  ASSERT_GE(a.keepers().pending.size(), 2u);
  State b = a;
  // b differs only in the hidden values of the relics waiting for step 4.
  for (KeepersRelic& r : b.mutable_keepers().pending) {
    ASSERT_FALSE(r.face_up);
    r.value = static_cast<int8_t>(r.value % 3 + 1);
  }
  for (int seat = 0; seat < 3; ++seat) {
    const Observation oa = Observe(a, seat), ob = Observe(b, seat);
    EXPECT_TRUE(oa.keepers == ob.keepers) << "seat " << seat;
    for (const KeepersRelic& r : oa.keepers.pending) EXPECT_EQ(r.value, 0);
  }
}

// --- Birdsong (Law 15.4) ----------------------------------------------------

TEST(Keepers, Law_15_4_1_EncampReplacesAWarriorOncePerClearing) {
  Scenario sc = KeepersGame(kPhaseBirdsong);
  State& s = sc.s();
  s.SetWarriors(kKeepers, C(5), 2);
  sc.Start([](State& s) { Kp()->PushBirdsong(s, kKp); });
  EXPECT_EQ(sc.Key(), "keepers.encamp");
  sc.Choose("5 (rabbit)");
  EXPECT_TRUE(sc.Offers("Waystation figure/tablet showing tablet"));
  sc.Choose("Waystation figure/tablet showing tablet");
  EXPECT_EQ(s.clearing(C(5)).warriors[kKeepers], 1);
  EXPECT_EQ(s.clearing(C(5)).pieces[kWaystationTablet], 1);
  EXPECT_EQ(s.keepers().waystation[0], C(5));
  // Once per clearing: 5 still has a warrior and a slot, but is not offered.
  EXPECT_NE(sc.Key(), "keepers.encamp");
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

TEST(Keepers, Law_15_4_1_NothingOnTheMapPlacesWaystationAndWarriorOnEdge) {
  Scenario sc = KeepersGame(kPhaseBirdsong);
  State& s = sc.s();
  sc.Start([](State& s) { Kp()->PushBirdsong(s, kKp); });
  EXPECT_EQ(sc.Key(), "keepers.encamp");
  EXPECT_FALSE(sc.Offers("Done"));
  EXPECT_FALSE(sc.Offers("10 (rabbit)")) << "10 is not on the map edge";
  EXPECT_TRUE(sc.Offers("8 (fox)"));
  sc.Choose("8 (fox)");
  sc.Choose("Waystation jewelry/figure showing figure");
  EXPECT_EQ(s.clearing(C(8)).pieces[kWaystationFigure], 1);
  EXPECT_EQ(s.clearing(C(8)).warriors[kKeepers], 1);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

TEST(Keepers, Law_15_4_2_DecampReplacesAWaystationWithAWarrior) {
  Scenario sc = KeepersGame(kPhaseBirdsong);
  State& s = sc.s();
  PutWaystation(s, 1, false, C(7));
  sc.Start([](State& s) { Kp()->PushBirdsong(s, kKp); });
  // No warrior anywhere, but a waystation: no edge placement.
  EXPECT_EQ(sc.Key(), "keepers.decamp");
  sc.Choose("Decamp the tablet waystation in 7 (mouse)");
  EXPECT_EQ(s.clearing(C(7)).pieces[kWaystationTablet], 0);
  EXPECT_EQ(s.clearing(C(7)).warriors[kKeepers], 1);
  EXPECT_EQ(s.keepers().waystation[1], -1);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

TEST(Keepers,
     Law_15_4_3_RecruitSpendsACardForTwoWarriorsAtAMatchingWaystation) {
  Scenario sc = KeepersGame(kPhaseBirdsong);
  State& s = sc.s();
  PutWaystation(s, 0, false, C(1));  // fox
  PutWaystation(s, 1, false, C(7));  // mouse
  s.SetWarriors(kKeepers, C(1), 1);
  s.SetWarriors(kKeepers, C(7), 1);
  const CardId anvil = sc.Give(kKp, "Anvil", kFox);
  sc.Start([](State& s) {
    Task t{.kind = static_cast<uint8_t>(kFactionTaskBase + 16 * kKeepers + 3),
           .seat = kKp};
    s.Push(t);
  });
  EXPECT_EQ(sc.Key(), "keepers.recruit");
  EXPECT_FALSE(sc.Offers("Spend Anvil (fox): two warriors at 7 (mouse)"));
  sc.Choose("Spend Anvil (fox): two warriors at 1 (fox)");
  EXPECT_EQ(s.clearing(C(1)).warriors[kKeepers], 3);
  EXPECT_TRUE(InDiscard(s, anvil));
}

// Law 15.4.3 with 13.7.2: a face-up snare keeps the Keepers' warriors out,
// so no card is spent to recruit at a waystation there.
TEST(Keepers, Law_15_4_3_NoRecruitWhereWarriorsCannotBePlaced) {
  Scenario sc({kCorvid, kEyrie, kKeepers});
  State& s = sc.s();
  s.SetCurrent(kKp, kPhaseBirdsong);
  PutWaystation(s, 0, false, C(1));  // fox
  PutWaystation(s, 1, false, C(2));  // mouse
  s.SetPieces(kPlotSnare, C(2), 1);
  s.mutable_corvid().face_up |= static_cast<uint16_t>(1u << C(2));
  ASSERT_FALSE(s.CanPlace(kKeepers, C(2)));
  sc.Give(kKp, "Birdy Bindle", kBird);
  sc.Start([](State& s) {
    s.Push(
        Task{.kind = static_cast<uint8_t>(kFactionTaskBase + 16 * kKeepers + 3),
             .seat = kKp});
  });
  EXPECT_EQ(sc.Key(), "keepers.recruit");
  EXPECT_TRUE(sc.Offers("Spend Birdy Bindle (bird): two warriors at 1 (fox)"));
  EXPECT_FALSE(
      sc.Offers("Spend Birdy Bindle (bird): two warriors at 2 (mouse)"));
}

// Law 15.4.2 with 13.7.2: decamp replaces the waystation with a warrior; where
// no Keeper warrior may be placed, the waystation stays.
TEST(Keepers, Law_15_4_2_NoDecampWhereAWarriorCannotBePlaced) {
  Scenario sc({kCorvid, kEyrie, kKeepers});
  State& s = sc.s();
  s.SetCurrent(kKp, kPhaseBirdsong);
  PutWaystation(s, 1, false, C(2));
  PutWaystation(s, 2, false, C(7));
  s.SetPieces(kPlotSnare, C(2), 1);
  s.mutable_corvid().face_up |= static_cast<uint16_t>(1u << C(2));
  sc.Start([](State& s) {
    s.Push(
        Task{.kind = static_cast<uint8_t>(kFactionTaskBase + 16 * kKeepers + 2),
             .seat = kKp});
  });
  EXPECT_EQ(sc.Key(), "keepers.decamp");
  EXPECT_TRUE(sc.Offers("Decamp the jewelry waystation in 7 (mouse)"));
  EXPECT_FALSE(sc.Offers("Decamp the tablet waystation in 2 (mouse)"));
}

// Law 15.4.1-15.4.2 (rules decision): each step is once per clearing; the
// Law does not stop a waystation encamped this Birdsong from being decamped.
TEST(Keepers, Law_15_4_2_DecampAWaystationEncampedThisBirdsong) {
  Scenario sc = KeepersGame(kPhaseBirdsong);
  State& s = sc.s();
  s.SetWarriors(kKeepers, C(5), 2);
  sc.Start([](State& s) { Kp()->PushBirdsong(s, kKp); });
  sc.Choose("5 (rabbit)");
  sc.Choose("Waystation figure/tablet showing figure");
  EXPECT_EQ(sc.Key(), "keepers.decamp");
  sc.Choose("Decamp the figure waystation in 5 (rabbit)");
  EXPECT_EQ(s.clearing(C(5)).warriors[kKeepers], 2);
  EXPECT_EQ(s.clearing(C(5)).pieces[kWaystationFigure], 0);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

// --- Daylight (Law 15.5) ----------------------------------------------------

TEST(Keepers, Law_15_5_1_And_15_2_3_WaystationsOfAnyTypeCraft) {
  Scenario sc = KeepersGame(kPhaseDaylight);
  State& s = sc.s();
  PutWaystation(s, 0, false, C(1));  // fox clearing
  PutWaystation(s, 2, true, C(8));   // fox clearing, another type
  PutWaystation(s, 1, false, C(5));  // rabbit
  const auto pieces = Kp()->CraftingPieces(s);
  EXPECT_EQ(pieces[kFox], 2);
  EXPECT_EQ(pieces[kRabbit], 1);
  EXPECT_EQ(pieces[kMouse], 0);
}

TEST(Keepers, Law_15_5_2_I_MoveColumnMovesFromAMatchingClearing) {
  Scenario sc = KeepersGame(kPhaseDaylight);
  State& s = sc.s();
  s.SetWarriors(kKeepers, C(1), 2);  // fox
  s.SetWarriors(kKeepers, C(5), 2);  // rabbit
  s.mutable_keepers().retinue[0].clear();
  Retinue(sc, 0, "Anvil", kFox);
  sc.Start([](State& s) { Kp()->PushDaylight(s, kKp); });
  sc.Choose("Use Anvil (fox) (Move)");
  EXPECT_TRUE(sc.Offers("Move from 1 (fox) to 9 (mouse)"));
  EXPECT_FALSE(sc.Offers("Move from 5 (rabbit) to 2 (mouse)"));
  sc.Choose("Move from 1 (fox) to 9 (mouse)");
  sc.Choose("Move 2 warriors from 1 (fox) to 9 (mouse)");
  EXPECT_EQ(s.clearing(C(9)).warriors[kKeepers], 2);
  EXPECT_TRUE(sc.Paused()) << "each card acts once: " << sc.Key();
}

// Battle then delve in clearing 1 (fox); forest 0 touches 1, 2, 5, 10.
void DelveSetup(Scenario& sc, int value) {
  State& s = sc.s();
  s.SetWarriors(kKeepers, C(1), 2);
  s.SetWarriors(kEyrie, C(1), 1);
  PutForestRelic(s, 0, kTablet, value, false);
  Retinue(sc, 1, "Anvil", kFox);
  sc.Start([](State& s) { Kp()->PushDaylight(s, kKp); });
  sc.Choose("Use Anvil (fox) (Battle then Delve)");
}

TEST(Keepers, Law_15_5_2_II_MustBattleThenDelveFlipsTheRelicIntoTheClearing) {
  Scenario sc = KeepersGame(kPhaseDaylight);
  State& s = sc.s();
  sc.Dice({2, 0});
  DelveSetup(sc, 1);
  // The battle is not optional: the Eyrie warrior is gone before delving.
  EXPECT_EQ(s.clearing(C(1)).warriors[kEyrie], 0);
  EXPECT_EQ(sc.Key(), "keepers.delve");
  sc.Choose("Forest 1");
  EXPECT_EQ(Relics(s, C(1), kTablet), 1);
  ASSERT_EQ(s.keepers().clearings[C(1)].size(), 1u);
  EXPECT_TRUE(s.keepers().clearings[C(1)][0].face_up) << "15.5.2.II.a";
  EXPECT_EQ(s.keepers().clearings[C(1)][0].value, 1);
  EXPECT_TRUE(s.keepers().forests[0].empty());
  // 15.5.2.II.b: one ruled clearing next to the forest, value 1: kept.
  EXPECT_EQ(s.keepers().retinue[1].size(), 1u);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

TEST(Keepers, Law_15_5_2_II_b_DiscardWhenRulingFewerClearingsThanTheValue) {
  Scenario sc = KeepersGame(kPhaseDaylight);
  State& s = sc.s();
  sc.Dice({2, 0});
  s.mutable_keepers().retinue[1].clear();
  DelveSetup(sc, 2);
  sc.Choose("Forest 1");
  EXPECT_EQ(s.keepers().clearings[C(1)][0].value, 2);
  EXPECT_TRUE(s.keepers().retinue[1].empty());
  EXPECT_EQ(s.discard().size(), 1u);
  EXPECT_EQ(s.card(s.discard()[0]).name, "Anvil");
}

TEST(Keepers, Law_15_5_2_II_b_RulingEnoughClearingsKeepsTheCard) {
  Scenario sc = KeepersGame(kPhaseDaylight);
  State& s = sc.s();
  sc.Dice({2, 0});
  s.mutable_keepers().retinue[1].clear();
  s.SetWarriors(kKeepers, C(5), 1);  // second ruled clearing next to forest 1
  DelveSetup(sc, 2);
  sc.Choose("Forest 1");
  EXPECT_EQ(s.keepers().retinue[1].size(), 1u);
  EXPECT_TRUE(s.discard().empty());
}

TEST(Keepers, Law_15_5_2_II_NoDelveWithoutRule) {
  Scenario sc = KeepersGame(kPhaseDaylight);
  State& s = sc.s();
  s.SetWarriors(kKeepers, C(1), 1);
  s.SetWarriors(kMarquise, C(1), 1);
  s.SetPieces(kSawmill, C(1), 1);
  PutForestRelic(s, 0, kTablet, 1, false);
  sc.Dice({0, 0});
  Retinue(sc, 1, "Anvil", kFox);
  sc.Start([](State& s) { Kp()->PushDaylight(s, kKp); });
  sc.Choose("Use Anvil (fox) (Battle then Delve)");
  EXPECT_NE(sc.Key(), "keepers.delve");
  EXPECT_EQ(s.keepers().forests[0].size(), 1u);
}

// Move or recover in 5 (rabbit) with a tablet waystation.
TEST(Keepers, Law_15_5_2_III_RecoverScoresTheValueAndTwoForAColumn) {
  Scenario sc = KeepersGame(kPhaseDaylight);
  State& s = sc.s();
  s.SetWarriors(kKeepers, C(5), 1);
  s.SetWarriors(kKeepers, C(3), 1);
  s.SetWarriors(kKeepers, C(4), 1);  // three rabbit clearings ruled
  PutWaystation(s, 0, true, C(5));   // showing tablet
  PutRelic(s, C(5), kTablet, 3);
  PutRelic(s, C(5), kFigure, 1);  // no figure waystation there
  s.mutable_keepers().recovered[kFigure] = {1};
  s.mutable_keepers().recovered[kJewelry] = {2};
  s.set_piece_supply(kRelicFigure, s.piece_supply(kRelicFigure) - 1);
  s.set_piece_supply(kRelicJewelry, s.piece_supply(kRelicJewelry) - 1);
  Retinue(sc, 2, "Bake Sale", kRabbit);
  sc.Start([](State& s) { Kp()->PushDaylight(s, kKp); });
  sc.Choose("Use Bake Sale (rabbit) (Move or Recover)");
  sc.Choose("5 (rabbit)");  // the tablet is the only relic to recover
  EXPECT_EQ(Relics(s, C(5), kFigure), 1) << "no figure waystation there";
  // 3 for the value, 2 for filling the first column of all three types.
  EXPECT_EQ(s.seat(kKp).vp, 3 + 2);
  EXPECT_EQ(Relics(s, C(5), kTablet), 0);
  EXPECT_EQ(s.keepers().recovered[kTablet], (std::vector<int8_t>{3}));
  EXPECT_EQ(s.keepers().retinue[2].size(), 1u) << "3 ruled >= 3: kept";
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

TEST(Keepers, Law_15_5_2_III_c_FewerRuledThanValueEndsRecoverAndDiscards) {
  Scenario sc = KeepersGame(kPhaseDaylight);
  State& s = sc.s();
  s.SetWarriors(kKeepers, C(5), 1);  // one rabbit clearing ruled
  PutWaystation(s, 1, false, C(5));  // showing tablet
  PutRelic(s, C(5), kTablet, 2);
  PutRelic(s, C(5), kTablet, 1);
  s.mutable_keepers().retinue[2].clear();
  const CardId bake = Retinue(sc, 2, "Bake Sale", kRabbit);
  sc.Start([](State& s) { Kp()->PushDaylight(s, kKp); });
  sc.Choose("Use Bake Sale (rabbit) (Move or Recover)");
  sc.Choose("5 (rabbit)");
  sc.Choose("Recover the tablet relic (value 1)");
  EXPECT_EQ(s.seat(kKp).vp, 1);
  // 1 ruled >= 1: may go on (or stop).
  EXPECT_TRUE(sc.Offers("Done"));
  sc.Choose("Recover the tablet relic (value 2)");
  EXPECT_EQ(s.seat(kKp).vp, 1 + 2);
  EXPECT_TRUE(InDiscard(s, bake));
  EXPECT_TRUE(s.keepers().retinue[2].empty());
  EXPECT_TRUE(sc.Paused());
}

TEST(Keepers, Law_15_3_5_DiscardedFaithfulRetainerLeavesTheGame) {
  Scenario sc = KeepersGame(kPhaseDaylight);
  State& s = sc.s();
  sc.Dice({2, 0});
  KeepersBoard& kb = s.mutable_keepers();
  kb.retinue[1] = {kFaithfulRetainer};
  s.SetWarriors(kKeepers, C(1), 2);
  s.SetWarriors(kEyrie, C(1), 1);
  PutForestRelic(s, 0, kJewelry, 3, false);
  sc.Start([](State& s) { Kp()->PushDaylight(s, kKp); });
  sc.Choose("Use Faithful Retainer (bird) (Battle then Delve)");
  sc.Choose("Forest 1");
  EXPECT_TRUE(s.keepers().retinue[1].empty());
  EXPECT_EQ(s.keepers().retainers_removed, 1);
  EXPECT_TRUE(s.discard().empty());
}

// --- Devout Knights and Prized Trophies (Law 15.2.4, 15.2.5) ----------------

TEST(Keepers, Law_15_2_4_IgnoreTheFirstHitWithARelicAndAWarrior) {
  Scenario sc = KeepersGame(kPhaseDaylight);
  State& s = sc.s();
  sc.s().SetCurrent(1, kPhaseDaylight);
  s.SetWarriors(kKeepers, C(12), 2);
  s.SetWarriors(kEyrie, C(12), 3);
  PutRelic(s, C(12), kFigure, 2);
  sc.Dice({2, 0});  // the Eyrie deal 2 hits
  sc.Start([](State& s) { PushBattle(s, C(12), kEyrie, kKeepers); });
  EXPECT_EQ(s.clearing(C(12)).warriors[kKeepers], 1) << "one of two ignored";
}

TEST(Keepers, Law_15_2_4_NoRelicNoIgnoredHit) {
  Scenario sc = KeepersGame(kPhaseDaylight);
  State& s = sc.s();
  sc.s().SetCurrent(1, kPhaseDaylight);
  s.SetWarriors(kKeepers, C(12), 2);
  s.SetWarriors(kEyrie, C(12), 3);
  sc.Dice({2, 0});
  sc.Start([](State& s) { PushBattle(s, C(12), kEyrie, kKeepers); });
  EXPECT_EQ(s.clearing(C(12)).warriors[kKeepers], 0);
}

TEST(Keepers, Law_15_2_4_AmbushedIgnoreOneAmbushHitOnly) {
  Scenario sc = KeepersGame(kPhaseDaylight);
  State& s = sc.s();
  s.SetWarriors(kKeepers, C(12), 3);
  s.SetWarriors(kEyrie, C(12), 1);
  PutRelic(s, C(12), kFigure, 2);
  sc.Give(1, "Ambush!", kFox);
  sc.Dice({1, 1});  // after the ambush, the Eyrie deal 1 more hit
  sc.Start([](State& s) { PushBattle(s, C(12), kKeepers, kEyrie); });
  sc.Choose("Ambush! (fox)");
  // Ambush: 2 hits, 1 ignored; the roll's hit is not ignored: 3 - 1 - 1.
  EXPECT_EQ(s.clearing(C(12)).warriors[kKeepers], 1);
}

TEST(Keepers, Law_15_2_4_MoveOneRelicWithEachWarrior) {
  Scenario sc = KeepersGame(kPhaseDaylight);
  State& s = sc.s();
  s.SetWarriors(kKeepers, C(1), 2);
  PutRelic(s, C(1), kFigure, 1);
  PutRelic(s, C(1), kTablet, 3);
  PutRelic(s, C(1), kJewelry, 2);
  sc.Start([](State& s) { PushMove(s, kKp, -1, false); });
  sc.Choose("Move from 1 (fox) to 5 (rabbit)");
  sc.Choose("Move 2 warriors from 1 (fox) to 5 (rabbit)");
  EXPECT_EQ(sc.Key(), "keepers.devout_knights");
  sc.Choose("Carry the tablet relic (value 3)");
  sc.Choose("Carry the figure relic (value 1)");
  EXPECT_TRUE(sc.Paused()) << "two warriors carry two relics";
  EXPECT_EQ(Relics(s, C(5), kTablet) + Relics(s, C(5), kFigure), 2);
  EXPECT_EQ(Relics(s, C(1), kJewelry), 1);
  EXPECT_EQ(s.keepers().clearings[C(5)].size(), 2u);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

TEST(Keepers, Law_15_2_5_EnemyRemovingARelicScoresTwoAndPlacesItInAForest) {
  Scenario sc = KeepersGame(kPhaseDaylight);
  State& s = sc.s();
  sc.s().SetCurrent(1, kPhaseDaylight);
  s.SetWarriors(kEyrie, C(12), 3);
  PutRelic(s, C(12), kJewelry, 3);
  sc.Start([](State& s) { PushBattle(s, C(12), kEyrie, kKeepers); });
  // Defenseless Keepers: the relic goes.
  EXPECT_EQ(sc.Key(), "keepers.prized_trophies");
  EXPECT_EQ(s.deciding_seat(), 1) << "the remover places it";
  sc.Choose("Forest 4");
  EXPECT_EQ(s.seat(1).vp, 2) << "1 for the token + 1 extra";
  ASSERT_EQ(s.keepers().forests[3].size(), 1u);
  EXPECT_TRUE(s.keepers().forests[3][0].face_up);
  EXPECT_EQ(s.keepers().forests[3][0].value, 3);
  // Face up in the forest: every seat sees its value.
  EXPECT_EQ(Observe(s, 0).keepers.forests[3][0].value, 3);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

TEST(Keepers, Law_15_2_2_AnEnemyRemovingAWaystationSendsItBackToTheBoard) {
  Scenario sc = KeepersGame(kPhaseDaylight);
  State& s = sc.s();
  sc.s().SetCurrent(1, kPhaseDaylight);
  s.SetWarriors(kEyrie, C(12), 3);
  PutWaystation(s, 2, true, C(12));  // jewelry/figure showing figure
  sc.Start([](State& s) { PushBattle(s, C(12), kEyrie, kKeepers); });
  EXPECT_EQ(s.clearing(C(12)).pieces[kWaystationFigure], 0);
  EXPECT_EQ(s.keepers().waystation[2], -1);
  EXPECT_EQ(s.seat(1).vp, 1) << "Law 3.2.1 only: a waystation is no relic";
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

// Law 15.2.2 with 4.3.6 (rules decision): of two waystations showing the
// type removed, the Keepers choose which one goes back to their board; the
// one left there decides what they may encamp later.
TEST(Keepers, Law_15_2_2_TheKeepersChooseWhichWaystationShowingTheTypeGoes) {
  Scenario sc = KeepersGame(kPhaseDaylight);
  State& s = sc.s();
  sc.s().SetCurrent(1, kPhaseDaylight);
  s.SetWarriors(kEyrie, C(12), 1);
  PutWaystation(s, 0, false, C(12));  // figure/tablet showing figure
  PutWaystation(s, 2, true, C(12));   // jewelry/figure showing figure
  sc.Dice({0, 0});                    // only the defenseless extra hit
  sc.Start([](State& s) { PushBattle(s, C(12), kEyrie, kKeepers); });
  ASSERT_EQ(sc.Key(), "keepers.lose_waystation");
  EXPECT_EQ(s.deciding_seat(), kKp);
  EXPECT_EQ(sc.Labels(),
            (std::vector<std::string>{"Lose the figure/tablet waystation",
                                      "Lose the jewelry/figure waystation"}));
  sc.Choose("Lose the jewelry/figure waystation");
  EXPECT_TRUE(sc.Paused()) << sc.Key();
  const KeepersBoard& kb = s.keepers();
  EXPECT_EQ(kb.waystation[2], -1);
  EXPECT_FALSE(kb.flipped[2]);
  EXPECT_EQ(kb.waystation[0], C(12));
  EXPECT_FALSE(kb.flipped[0]);
  EXPECT_EQ(s.clearing(C(12)).pieces[kWaystationFigure], 1);
  EXPECT_EQ(s.seat(1).vp, 1);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

// The same choice with the other answer: the flipped waystation stays and
// still shows its back.
TEST(Keepers, Law_15_2_2_TheKeptWaystationStillShowsTheType) {
  Scenario sc = KeepersGame(kPhaseDaylight);
  State& s = sc.s();
  PutWaystation(s, 0, false, C(12));
  PutWaystation(s, 2, true, C(12));
  sc.Start([](State& s) {
    std::array<int8_t, kNumPieces> pieces{};
    pieces[kWaystationFigure] = 1;
    s.RemovePieces(kKeepers, C(12), 0, pieces, kNoFaction);
  });
  ASSERT_EQ(sc.Key(), "keepers.lose_waystation");
  sc.Choose("Lose the figure/tablet waystation");
  EXPECT_TRUE(sc.Paused()) << sc.Key();
  const KeepersBoard& kb = s.keepers();
  EXPECT_EQ(kb.waystation[0], -1);
  EXPECT_EQ(kb.waystation[2], C(12));
  EXPECT_TRUE(kb.flipped[2]);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

// No question when the answer cannot differ: both waystations showing the
// type go, or only one shows it.
TEST(Keepers, Law_15_2_2_NoWaystationChoiceWhenBothGoOrOneShowsTheType) {
  Scenario sc = KeepersGame(kPhaseDaylight);
  State& s = sc.s();
  PutWaystation(s, 0, false, C(12));
  PutWaystation(s, 2, true, C(12));
  PutWaystation(s, 1, false, C(7));  // tablet/jewelry showing tablet
  sc.Start([](State& s) {
    std::array<int8_t, kNumPieces> both{};
    both[kWaystationFigure] = 2;
    s.RemovePieces(kKeepers, C(12), 0, both, kNoFaction);
    std::array<int8_t, kNumPieces> one{};
    one[kWaystationTablet] = 1;
    s.RemovePieces(kKeepers, C(7), 0, one, kNoFaction);
  });
  EXPECT_TRUE(sc.Paused()) << sc.Key();
  for (int ws = 0; ws < 3; ++ws) EXPECT_EQ(s.keepers().waystation[ws], -1);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

TEST(Keepers, Law_15_5_2_ColumnsLeftToRightNeverBack) {
  Scenario sc = KeepersGame(kPhaseDaylight);
  State& s = sc.s();
  s.SetWarriors(kKeepers, C(1), 2);
  s.SetWarriors(kEyrie, C(1), 1);
  Retinue(sc, 0, "Anvil", kFox);
  Retinue(sc, 1, "Foxfolk Steel", kFox);
  sc.Dice({0, 0});
  sc.Start([](State& s) { Kp()->PushDaylight(s, kKp); });
  EXPECT_TRUE(sc.Offers("Use Anvil (fox) (Move)"));
  sc.Choose("Done");
  sc.Choose("Use Foxfolk Steel (fox) (Battle then Delve)");
  // After the battle the Move column is over: the Anvil is not offered.
  EXPECT_FALSE(sc.Offers("Use Anvil (fox) (Move)"));
  EXPECT_EQ(s.keepers().retinue[0].size(), 1u) << "unused cards stay";
}

TEST(Keepers, Law_15_5_2_III_MoveInsteadOfRecovering) {
  Scenario sc = KeepersGame(kPhaseDaylight);
  State& s = sc.s();
  s.SetWarriors(kKeepers, C(5), 2);
  PutWaystation(s, 1, false, C(5));  // tablet
  PutRelic(s, C(5), kTablet, 2);
  Retinue(sc, 2, "Bake Sale", kRabbit);
  sc.Start([](State& s) { Kp()->PushDaylight(s, kKp); });
  sc.Choose("Use Bake Sale (rabbit) (Move or Recover)");
  EXPECT_TRUE(sc.Offers("5 (rabbit)"));
  sc.Choose("Move");
  sc.Choose("Move from 5 (rabbit) to 1 (fox)");
  sc.Choose("Move 1 warrior from 5 (rabbit) to 1 (fox)");
  sc.Choose("Done");  // carry no relic
  EXPECT_EQ(Relics(s, C(5), kTablet), 1) << "moved, so nothing recovered";
  EXPECT_EQ(s.seat(kKp).vp, 0);
}

TEST(Keepers, Law_15_5_2_II_a_FaceDownRelicsOfATypeAreOneChoice) {
  Scenario sc = KeepersGame(kPhaseDaylight);
  State& s = sc.s();
  s.SetWarriors(kKeepers, C(1), 1);
  PutForestRelic(s, 0, kTablet, 1, false);
  PutForestRelic(s, 0, kTablet, 3, false);
  PutForestRelic(s, 0, kTablet, 2, true);
  Retinue(sc, 1, "Anvil", kFox);
  sc.Start([](State& s) { Kp()->PushDaylight(s, kKp); });
  sc.Choose("Use Anvil (fox) (Battle then Delve)");
  sc.Choose("Forest 1");
  // Two face-down tablets look alike: one option; the face-up one differs.
  EXPECT_EQ(sc.Labels(),
            (std::vector<std::string>{"Delve the tablet relic (face down)",
                                      "Delve the tablet relic (value 2)"}));
  sc.Choose("Delve the tablet relic (face down)");
  ASSERT_EQ(s.keepers().clearings[C(1)].size(), 1u);
  const KeepersRelic r = s.keepers().clearings[C(1)][0];
  EXPECT_TRUE(r.face_up);
  EXPECT_TRUE(r.value == 1 || r.value == 3);
  EXPECT_EQ(s.keepers().forests[0].size(), 2u);
}

TEST(Keepers, Law_15_4_2_DecampNeedsAWarriorToReplaceIt) {
  Scenario sc = KeepersGame(kPhaseBirdsong);
  State& s = sc.s();
  PutWaystation(s, 1, false, C(7));
  s.SetWarriors(kKeepers, C(2), 15);  // the whole supply on the map
  s.SetWarriors(kMarquise, C(2), 0);
  sc.Start([](State& s) {
    s.Push(
        Task{.kind = static_cast<uint8_t>(kFactionTaskBase + 16 * kKeepers + 2),
             .seat = kKp});
  });
  EXPECT_TRUE(sc.Paused());
  EXPECT_EQ(s.clearing(C(7)).pieces[kWaystationTablet], 1);
}

TEST(Keepers, Law_15_2_5_And_4_3_6_TheKeepersChooseWhichRelicOfTheTypeGoes) {
  Scenario sc = KeepersGame(kPhaseDaylight);
  State& s = sc.s();
  sc.s().SetCurrent(1, kPhaseDaylight);
  s.SetWarriors(kEyrie, C(12), 1);
  PutRelic(s, C(12), kFigure, 3);
  PutRelic(s, C(12), kFigure, 1);
  sc.Dice({0, 0});  // only the defenseless extra hit
  sc.Start([](State& s) { PushBattle(s, C(12), kEyrie, kKeepers); });
  EXPECT_EQ(sc.Key(), "keepers.lose_relic");
  EXPECT_EQ(s.deciding_seat(), kKp);
  sc.Choose("Lose the figure relic (value 3)");
  EXPECT_EQ(s.deciding_seat(), 1);
  sc.Choose("Forest 7");
  ASSERT_EQ(s.keepers().clearings[C(12)].size(), 1u);
  EXPECT_EQ(s.keepers().clearings[C(12)][0].value, 1);
  ASSERT_EQ(s.keepers().forests[6].size(), 1u);
  EXPECT_EQ(s.keepers().forests[6][0].value, 3);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

TEST(Keepers, Law_15_2_5_NoExtraPointWithoutAnEnemyRemover) {
  Scenario sc = KeepersGame(kPhaseDaylight);
  State& s = sc.s();
  PutRelic(s, C(12), kTablet, 2);
  sc.Start([](State& s) {
    std::array<int8_t, kNumPieces> pieces{};
    pieces[kRelicTablet] = 1;
    s.RemovePieces(kKeepers, C(12), 0, pieces, kNoFaction);
  });
  EXPECT_EQ(sc.Key(), "keepers.prized_trophies");
  EXPECT_EQ(s.deciding_seat(), kKp) << "the current player places it";
  sc.Choose("Forest 1");
  for (int seat = 0; seat < 3; ++seat) EXPECT_EQ(s.seat(seat).vp, 0);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

// Law 15.2.5 with FAQ 42 (rules decision): a coalition partner is no enemy,
// so Prized Trophies scores it nothing; the relic still goes face up to a
// forest of the remover's choice, as with no remover (FAQ 41).
TEST(Keepers, Law_15_2_5_ACoalitionPartnerScoresNoExtraPoint) {
  Scenario sc({kMarquise, kEyrie, kKeepers, kVagabond});
  State& s = sc.s();
  s.SetCurrent(3, kPhaseDaylight);
  s.mutable_vagabond().coalition = kKp;
  ASSERT_FALSE(s.AreEnemies(kKeepers, kVagabond));
  PutRelic(s, C(12), kTablet, 2);
  sc.Start([](State& s) {
    std::array<int8_t, kNumPieces> pieces{};
    pieces[kRelicTablet] = 1;
    s.RemovePieces(kKeepers, C(12), 0, pieces, kVagabond);
  });
  int vp = 0;
  for (int seat = 0; seat < 4; ++seat) vp += s.seat(seat).vp;
  EXPECT_EQ(sc.Key(), "keepers.prized_trophies");
  EXPECT_EQ(s.deciding_seat(), 3) << "the remover places it";
  sc.Choose("Forest 2");
  int after = 0;
  for (int seat = 0; seat < 4; ++seat) after += s.seat(seat).vp;
  EXPECT_EQ(after, vp) << "no extra point for a non-enemy";
  ASSERT_EQ(s.keepers().forests[1].size(), 1u);
  EXPECT_TRUE(s.keepers().forests[1][0].face_up);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

// --- Interactions: the Vagabond, the Exiles deck ---------------------------

// A Vagabond in a four-seat game: Marquise, Eyrie, Keepers (seat 2), and
// the Vagabond (seat 3) in clearing c as `character` (Law 26 order).
Scenario WithVagabond(int c, int character = 0) {
  Scenario sc({kMarquise, kEyrie, kKeepers, kVagabond});
  sc.s().SetCurrent(3, kPhaseDaylight);
  VagabondBoard& vb = sc.s().mutable_vagabond();
  vb.character = static_cast<int8_t>(character);
  vb.clearing = static_cast<int8_t>(c);
  vb.forest = -1;
  return sc;
}

// Law 15.2.5 with 9.2.9.III.a: a Vagabond removing a relic of the Hostile
// Keepers in battle on his turn scores the token (3.2.1), the trophy's
// extra point and Infamy, and places the relic himself.
TEST(Keepers, Law_15_2_5_AHostileVagabondScoresTokenTrophyAndInfamy) {
  Scenario sc = WithVagabond(C(12));
  State& s = sc.s();
  sc.Item(kSword);
  s.mutable_vagabond().relation[kKeepers] = kHostile;
  PutRelic(s, C(12), kJewelry, 2);
  sc.Dice({0, 0});  // only the defenseless extra hit (4.3.5.II)
  sc.Start([](State& s) { PushBattle(s, C(12), kVagabond, kKeepers); });
  ASSERT_EQ(sc.Key(), "keepers.prized_trophies");
  EXPECT_EQ(s.deciding_seat(), 3);
  sc.Choose("Forest 2");
  EXPECT_EQ(s.seat(3).vp, 3);
  EXPECT_EQ(s.vagabond().relation[kKeepers], kHostile);
  ASSERT_EQ(s.keepers().forests[1].size(), 1u);
  EXPECT_TRUE(s.keepers().forests[1][0].face_up);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

// Law 15.2.5 with 26.4.2: in a battle the Vagrant instigates he removes the
// buildings and tokens, so he places a relic lost there and scores the
// trophy's extra point; the instigated attacker scores nothing.
TEST(Keepers, Law_15_2_5_TheInstigatingVagrantPlacesTheRelic) {
  Scenario sc = WithVagabond(C(12), /*Vagrant*/ 3);
  State& s = sc.s();
  sc.Item(kTorch);
  s.SetWarriors(kEyrie, C(12), 2);
  PutRelic(s, C(12), kFigure, 1);
  sc.Dice({1, 0});
  sc.Start([](State& s) { GetFaction(kVagabond)->PushDaylight(s, 3); });
  sc.Choose("Vagrant special action (torch)");
  sc.Choose("Eyrie Dynasties");
  ASSERT_EQ(sc.Key(), "vagabond.special.instigate.defender");
  sc.Choose("Keepers in Iron");
  // One rolled hit and the defenseless one: the relic goes to the Vagrant.
  ASSERT_EQ(sc.Key(), "keepers.prized_trophies");
  EXPECT_EQ(s.deciding_seat(), 3);
  sc.Choose("Forest 3");
  EXPECT_EQ(s.seat(3).vp, 2) << "the token and the trophy's extra point";
  EXPECT_EQ(s.seat(1).vp, 0);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

// Law 15.2.4 with 9.2.9.II.b and 1.5.5: the Vagabond forces allied Keeper
// warriors to move with him, and a forced move is resolved as if the Keepers
// chose it, so they may carry a relic with each warrior moved (as forced
// Eyrie benefit from Lords of the Forest, 1.5.5's example).
TEST(Keepers, Law_15_2_4_KeeperWarriorsForcedToMoveStillCarryRelics) {
  Scenario sc = WithVagabond(C(1));
  State& s = sc.s();
  s.mutable_vagabond().relation[kKeepers] = kAllied;
  sc.Item(kBoot);
  s.SetWarriors(kKeepers, C(1), 2);
  PutRelic(s, C(1), kFigure, 1);
  PutRelic(s, C(1), kTablet, 3);
  sc.Start([](State& s) { GetFaction(kVagabond)->PushDaylight(s, 3); });
  sc.Choose("Move (boot)");
  sc.Choose("5 (rabbit)");
  sc.Choose("With 1 Keepers in Iron warrior");
  ASSERT_EQ(sc.Key(), "keepers.devout_knights");
  EXPECT_EQ(s.deciding_seat(), kKp) << "the Keepers decide (1.5.5)";
  sc.Choose("Carry the tablet relic (value 3)");
  EXPECT_EQ(Relics(s, C(5), kTablet), 1);
  EXPECT_EQ(Relics(s, C(1), kFigure), 1) << "one relic per warrior moved";
  EXPECT_EQ(s.vagabond().clearing, C(5));
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

// Coffin Makers (Exiles and Partisans deck): "whenever any warriors would
// return to a supply, place them on this card instead". Encamp replaces a
// Keeper warrior (15.4.1; replace is remove then place, 21.23), so that
// warrior goes onto the card.
TEST(Keepers, Law_15_4_1_AnEncampedWarriorGoesOntoTheCoffinMakers) {
  GameSetup setup;
  setup.factions = {kMarquise, kEyrie, kKeepers};
  setup.deck = "exiles";
  Scenario sc(setup, 7);
  State& s = sc.s();
  s.SetCurrent(kKp, kPhaseBirdsong);
  sc.Craft(0, "Coffin Makers");
  s.SetWarriors(kKeepers, C(5), 2);
  const int supply = s.warrior_supply(kKeepers);
  sc.Start([](State& s) { Kp()->PushBirdsong(s, kKp); });
  sc.Choose("5 (rabbit)");
  sc.Choose("Waystation figure/tablet showing tablet");
  EXPECT_EQ(s.clearing(C(5)).warriors[kKeepers], 1);
  EXPECT_EQ(s.exiles().coffins[kKeepers], 1);
  EXPECT_EQ(s.warrior_supply(kKeepers), supply);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

// --- Evening (Law 15.6) -----------------------------------------------------

TEST(Keepers, Law_15_6_1_LiveOffTheLand) {
  Scenario sc = KeepersGame(kPhaseEvening);
  State& s = sc.s();
  s.SetWarriors(kKeepers, C(1), 4);
  s.SetWarriors(kKeepers, C(5), 3);
  s.SetWarriors(kKeepers, C(9), 6);
  s.mutable_keepers().retinue = {};
  sc.Start([](State& s) { Kp()->PushEvening(s, kKp); });
  EXPECT_EQ(s.clearing(C(1)).warriors[kKeepers], 3);
  EXPECT_EQ(s.clearing(C(5)).warriors[kKeepers], 3);
  EXPECT_EQ(s.clearing(C(9)).warriors[kKeepers], 5);
}

TEST(Keepers, Law_15_6_2_AddCardsOrShiftOneUpToTen) {
  Scenario sc = KeepersGame(kPhaseEvening);
  State& s = sc.s();
  s.mutable_keepers().retinue = {};
  s.mutable_keepers().retinue[0] = {kFaithfulRetainer};
  sc.Give(kKp, "Anvil", kFox);
  sc.Give(kKp, "Bake Sale", kRabbit);
  sc.Start([](State& s) {
    s.Push(Task{
        .kind = static_cast<uint8_t>(kFactionTaskBase + 16 * kKeepers + 10),
        .seat = kKp});
  });
  EXPECT_EQ(sc.Key(), "keepers.gather_retinue");
  EXPECT_TRUE(
      sc.Offers("Shift Faithful Retainer (bird) from Move to Battle "
                "then Delve"));
  sc.Choose("Add Anvil (fox) to Move or Recover");
  EXPECT_FALSE(
      sc.Offers("Shift Faithful Retainer (bird) from Move to Battle "
                "then Delve"))
      << "add or shift, not both";
  sc.Choose("Add Bake Sale (rabbit) to Move");
  EXPECT_EQ(s.keepers().retinue[0].size(), 2u);
  EXPECT_EQ(s.keepers().retinue[2].size(), 1u);
  // Ten cards at most.
  Scenario sc2 = KeepersGame(kPhaseEvening);
  sc2.s().mutable_keepers().retinue = {};
  sc2.s().mutable_keepers().retinue[0].assign(10, kFaithfulRetainer);
  sc2.Give(kKp, "Anvil", kFox);
  sc2.Start([](State& s) {
    s.Push(Task{
        .kind = static_cast<uint8_t>(kFactionTaskBase + 16 * kKeepers + 10),
        .seat = kKp});
  });
  EXPECT_FALSE(sc2.Offers("Add Anvil (fox) to Move"));
}

TEST(Keepers, Law_15_6_3_DrawOnePlusOnePerWaystation) {
  Scenario sc = KeepersGame(kPhaseEvening);
  State& s = sc.s();
  PutWaystation(s, 0, false, C(1));
  PutWaystation(s, 1, false, C(5));
  s.mutable_keepers().retinue = {};
  sc.Start([](State& s) { Kp()->PushEvening(s, kKp); });
  EXPECT_EQ(s.seat(kKp).hand.size(), 1u + 2u);
}

// --- Random games
// -------------------------------------------------------------

// No face-down value in any observation, option label or prompt, and no
// relic event carrying more than one token of a type.
absl::Status HiddenRelicCheck(const State& s, uint64_t, int d) {
  if (s.SeatOf(kKeepers) < 0) return absl::OkStatus();
  for (int seat = 0; seat < s.num_seats(); ++seat) {
    const Observation o = Observe(s, seat);
    for (const auto& f : o.keepers.forests) {
      for (const KeepersRelic& r : f) {
        if (!r.face_up && r.value != 0)
          return absl::InternalError("a face-down value is observed");
      }
    }
  }
  for (const Event& e : s.events()) {
    if ((e.kind == kEvPlace || e.kind == kEvRemove) && e.b >= kRelicFigure &&
        e.b <= kRelicJewelry && e.d != 0)
      return absl::InternalError("a relic event carries a value");
  }
  if (d % 8 != 0) return absl::OkStatus();
  // The same position with the face-down values permuted looks the same.
  State t = s;
  std::vector<KeepersRelic*> hidden;
  for (auto& f : t.mutable_keepers().forests)
    for (auto& r : f)
      if (!r.face_up) hidden.push_back(&r);
  if (hidden.size() < 2) return absl::OkStatus();
  const int8_t first = hidden[0]->value;
  for (size_t i = 0; i + 1 < hidden.size(); ++i)
    hidden[i]->value = hidden[i + 1]->value;
  hidden.back()->value = first;
  for (int seat = 0; seat < s.num_seats(); ++seat) {
    if (!(Observe(s, seat).keepers == Observe(t, seat).keepers))
      return absl::InternalError("observations differ by hidden values");
  }
  if (s.PromptText() != t.PromptText())
    return absl::InternalError("prompt differs by hidden values");
  for (const Option& o : s.options()) {
    if (s.OptionLabel(o) != t.OptionLabel(o))
      return absl::InternalError("label differs by hidden values");
  }
  return absl::OkStatus();
}

TEST(KeepersRandom, TwoSeats) {
  GameSetup setup;
  setup.factions = {kKeepers, kMarquise};
  RandomGamesCheck(setup, 1000, 150, HiddenRelicCheck);
}

TEST(KeepersRandom, ThreeSeats) {
  GameSetup setup;
  setup.factions = {kMarquise, kKeepers, kEyrie};
  setup.shuffle_seats = true;
  RandomGamesCheck(setup, 2000, 100, HiddenRelicCheck);
}

TEST(KeepersRandom, FourSeats) {
  GameSetup setup;
  setup.factions = {kKeepers, kAlliance, kVagabond, kEyrie};
  setup.shuffle_seats = true;
  RandomGamesCheck(setup, 3000, 90, HiddenRelicCheck);
}

TEST(KeepersRandom, FiveSeats) {
  GameSetup setup;
  setup.factions = {kMarquise, kEyrie, kAlliance, kVagabond, kKeepers};
  setup.shuffle_seats = true;
  RandomGamesCheck(setup, 4000, 70, HiddenRelicCheck);
}

// Law 15.4.3 with the Lost City (Law 24): its clearing counts as every
// suit, so any card recruits at a waystation there.
TEST(Keepers, Law_15_4_3_AnyCardRecruitsAtAWaystationInTheLostCity) {
  Scenario sc = KeepersGame(kPhaseBirdsong);
  State& s = sc.s();
  SetUpLandmark(s, kLandmarkLostCity, C(10));  // printed rabbit
  PutWaystation(s, 0, false, C(10));
  sc.Give(kKp, "Anvil", kFox);
  sc.Start([](State& s) {
    s.Push(
        Task{.kind = static_cast<uint8_t>(kFactionTaskBase + 16 * kKeepers + 3),
             .seat = kKp});
  });
  EXPECT_EQ(sc.Key(), "keepers.recruit");
  EXPECT_TRUE(sc.Offers("Spend Anvil (fox): two warriors at 10 (rabbit)"));
}

// Law 15.5.2.III with the Lost City (Law 24): a fox Retinue card matches
// its clearing, and every ruled clearing matches it for the count of
// 15.5.2.III.c (two clearings match when they share a suit).
TEST(Keepers, Law_15_5_2_III_c_EveryRuledClearingMatchesTheLostCity) {
  Scenario sc = KeepersGame(kPhaseDaylight);
  State& s = sc.s();
  SetUpLandmark(s, kLandmarkLostCity, C(10));  // printed rabbit
  s.SetWarriors(kKeepers, C(10), 1);
  s.SetWarriors(kKeepers, C(2), 1);  // mouse
  PutWaystation(s, 0, true, C(10));  // showing tablet
  PutRelic(s, C(10), kTablet, 2);
  s.mutable_keepers().retinue[2].clear();
  Retinue(sc, 2, "Anvil", kFox);
  sc.Start([](State& s) { Kp()->PushDaylight(s, kKp); });
  sc.Choose("Use Anvil (fox) (Move or Recover)");
  sc.Choose("10 (rabbit)");
  if (sc.Offers("Recover the tablet relic (value 2)"))
    sc.Choose("Recover the tablet relic (value 2)");
  EXPECT_EQ(s.seat(kKp).vp, 2);
  EXPECT_EQ(s.keepers().retinue[2].size(), 1u) << "2 ruled >= 2: kept";
}

}  // namespace
}  // namespace woodland::rules::testing
