// Scenario tests for the Corvid Conspiracy (Law 13). Seats: 0 Marquise,
// 1 Corvid (unless a test says otherwise). Autumn map: fox 1 6 8 12, mouse
// 2 7 9 11, rabbit 3 4 5 10; 1 borders 5, 9 and 10.
#include <algorithm>
#include <string>
#include <tuple>

#include "gtest/gtest.h"
#include "referee/rules/landmarks.h"
#include "referee/rules/observation.h"
#include "referee/rules/playout.h"
#include "tests/referee/rules/random_play.h"
#include "tests/referee/rules/scenario.h"

namespace woodland::rules::testing {
namespace {

constexpr int kCo = 1;  // the Corvids' seat in CorvidGame

const FactionModule* Co() { return GetFaction(kCorvid); }

Scenario CorvidGame(Phase phase, int current = kCo) {
  Scenario sc({kMarquise, kCorvid});
  sc.s().SetCurrent(current, phase);
  return sc;
}

void Plot(State& s, int kind, int c, bool face_up = false) {
  s.SetPieces(kind, c, 1);
  if (face_up) s.mutable_corvid().face_up |= static_cast<uint16_t>(1u << c);
}

// Pushes the end-of-Daylight window of `seat`, where Daylight actions from
// any source (Exposure, 13.2.4) are offered.
void PushDaylightExtras(State& s, int seat) {
  s.Push(Task{.kind = kTaskTakeDominance,
              .seat = static_cast<int8_t>(seat),
              .step = 10});
}

TEST(Corvid, Law_13_3_SetupOneWarriorInAClearingOfEachSuit) {
  GameSetup setup;
  setup.factions = {kMarquise, kCorvid};
  setup.first_seat = 0;
  auto st = State::NewGame(setup, 3);
  ASSERT_TRUE(st.ok()) << st.status();
  State& s = *st;
  std::vector<int> suits;
  while (s.phase() == kPhaseSetup) {
    if (s.PromptKey() == "corvid.setup") suits.push_back(s.prompt().a);
    ASSERT_TRUE(s.Apply(static_cast<int>(s.options().size()) - 1).ok());
  }
  EXPECT_EQ(suits, (std::vector<int>{kFox, kRabbit, kMouse}));
  std::array<int, 3> per_suit{};
  int total = 0;
  for (int c = 0; c < 12; ++c) {
    per_suit[s.SuitOf(c)] += s.clearing(c).warriors[kCorvid];
    total += s.clearing(c).warriors[kCorvid];
  }
  EXPECT_EQ(per_suit, (std::array<int, 3>{1, 1, 1})) << "Law 13.3.2";
  EXPECT_EQ(total + s.warrior_supply(kCorvid), 15) << "Law 13.3.1";
  for (int p = kPlotBomb; p <= kPlotRaid; ++p)
    EXPECT_EQ(s.piece_supply(p), 2) << "Law 13.2.2: two of each type";
}

TEST(Corvid, Law_13_2_2_I_FaceDownPlotKnownOnlyToTheCorvids) {
  Scenario sc = CorvidGame(kPhaseDaylight);
  State& s = sc.s();
  Plot(s, kPlotBomb, C(5));
  Plot(s, kPlotSnare, C(9), /*face_up=*/true);
  const Observation mine = Observe(s, kCo);
  EXPECT_EQ(mine.clearings[C(5)].pieces[kPlotBomb], 1);
  EXPECT_EQ(mine.clearings[C(5)].pieces[kPlotHidden], 0);
  for (int seat : {0, -1}) {
    const Observation o = Observe(s, seat);
    EXPECT_EQ(o.clearings[C(5)].pieces[kPlotBomb], 0) << seat;
    EXPECT_EQ(o.clearings[C(5)].pieces[kPlotHidden], 1) << seat;
    EXPECT_EQ(o.clearings[C(9)].pieces[kPlotSnare], 1) << "face up: public";
  }
}

// Two positions that differ only in which face-down plot lies where look
// the same to every other seat, events included.
TEST(Corvid, Law_13_2_2_I_OthersCannotTellFaceDownPlotsApart) {
  Scenario a = CorvidGame(kPhaseDaylight);
  Scenario b = CorvidGame(kPhaseDaylight);
  Plot(a.s(), kPlotBomb, C(1));
  Plot(a.s(), kPlotRaid, C(9));
  Plot(b.s(), kPlotExtortion, C(1));
  Plot(b.s(), kPlotSnare, C(9));
  for (Scenario* sc : {&a, &b}) {
    sc->s().SetWarriors(kCorvid, C(5), 3);
    sc->s().SetWarriors(kMarquise, C(5), 1);
  }
  // Each places a different plot in 5 through the Plot action.
  auto plot = [](Scenario& sc, const std::string& kind) {
    sc.Start([](State& s) { Co()->PushDaylight(s, kCo); });
    sc.Choose("Plot (place a face-down plot)");
    sc.Choose(kind);  // 5 is the only clearing with Corvid warriors
  };
  plot(a, "snare plot");
  plot(b, "raid plot");
  EXPECT_NE(a.s().Hash(), b.s().Hash());
  for (int seat : {0, -1}) {
    const Observation oa = Observe(a.s(), seat), ob = Observe(b.s(), seat);
    EXPECT_EQ(ObservationJson(a.s(), oa), ObservationJson(b.s(), ob));
    for (int c = 0; c < 12; ++c) {
      EXPECT_EQ(oa.clearings[c].pieces, ob.clearings[c].pieces) << c;
    }
    EXPECT_EQ(oa.corvid.face_up, ob.corvid.face_up);
  }
  // The decisions and the board other seats see are identical, so are the
  // prompts offered to seat 0 next (none differ by kind).
  EXPECT_EQ(Observe(a.s(), kCo).clearings[C(5)].pieces[kPlotSnare], 1);
  EXPECT_EQ(Observe(b.s(), kCo).clearings[C(5)].pieces[kPlotRaid], 1);
}

// Plays the Plot action placing `kind` in 5 from a fresh recorded game and
// returns the state.
State PlotWithEvents(const std::string& kind) {
  GameSetup setup;
  setup.factions = {kMarquise, kCorvid};
  setup.first_seat = 0;
  setup.record_events = true;
  State s = *State::NewGame(setup, 5);
  s.ClearForScenario();
  s.SetCurrent(kCo, kPhaseDaylight);
  s.SetWarriors(kCorvid, C(5), 2);
  s.Push(Task{.kind = kTaskPause, .seat = 0});
  Co()->PushDaylight(s, kCo);
  s.Run();
  for (const std::string& label :
       {std::string("Plot (place a face-down plot)"), kind}) {
    bool done = false;
    for (size_t i = 0; i < s.options().size() && !done; ++i) {
      if (s.OptionLabel(s.options()[i]) == label) {
        EXPECT_TRUE(s.Apply(static_cast<int>(i)).ok());
        done = true;
      }
    }
    EXPECT_TRUE(done) << label;
  }
  return s;
}

TEST(Corvid, Law_13_2_2_I_PlacementEventsAreTheSameWhateverThePlot) {
  const State bomb = PlotWithEvents("bomb plot");
  const State raid = PlotWithEvents("raid plot");
  EXPECT_EQ(bomb.clearing(C(5)).pieces[kPlotBomb], 1);
  EXPECT_EQ(raid.clearing(C(5)).pieces[kPlotRaid], 1);
  ASSERT_EQ(bomb.events().size(), raid.events().size());
  int placed = 0;
  for (size_t i = 0; i < bomb.events().size(); ++i) {
    const Event &x = bomb.events()[i], &y = raid.events()[i];
    EXPECT_EQ(std::tie(x.kind, x.seat, x.faction, x.a, x.b, x.c, x.d, x.card),
              std::tie(y.kind, y.seat, y.faction, y.a, y.b, y.c, y.d, y.card));
    for (int seat : {-1, 0}) {
      EXPECT_EQ(bomb.EventText(x, seat), raid.EventText(y, seat));
    }
    if (x.kind == kEvPlace && x.b >= 0) {
      EXPECT_EQ(x.b, kPlotHidden);
      ++placed;
    }
  }
  EXPECT_EQ(placed, 1);
  const Observation ob = Observe(bomb, 0), orr = Observe(raid, 0);
  EXPECT_EQ(ObservationJson(bomb, ob), ObservationJson(raid, orr));
}

TEST(Corvid, Law_13_5_2_PlotCostsAWarriorPlusOnePerPlotPlacedThisTurn) {
  Scenario sc = CorvidGame(kPhaseDaylight);
  State& s = sc.s();
  s.SetWarriors(kCorvid, C(5), 3);
  s.SetWarriors(kCorvid, C(1), 1);
  s.SetWarriors(kCorvid, C(9), 2);
  s.SetWarriors(kCorvid, C(10), 3);
  sc.Start([](State& s) { Co()->PushDaylight(s, kCo); });
  sc.Choose("Plot (place a face-down plot)");
  sc.Choose("1 (fox)");
  sc.Choose("bomb plot");
  EXPECT_EQ(s.clearing(C(1)).warriors[kCorvid], 0) << "first plot: 1 warrior";
  EXPECT_EQ(s.clearing(C(1)).pieces[kPlotBomb], 1);
  EXPECT_EQ(s.piece_supply(kPlotBomb), 1);
  sc.Choose("Plot (place a face-down plot)");
  EXPECT_TRUE(sc.Offers("9 (mouse)"));
  EXPECT_TRUE(sc.Offers("5 (rabbit)"));
  sc.Choose("9 (mouse)");
  sc.Choose("snare plot");
  EXPECT_EQ(s.clearing(C(9)).warriors[kCorvid], 0) << "second plot: 2";
  // Third plot needs 3 warriors: 5 and 10 have them, 1 and 12 do not.
  s.SetWarriors(kCorvid, C(1), 2);
  s.SetWarriors(kCorvid, C(12), 2);
  sc.Choose("Plot (place a face-down plot)");
  EXPECT_TRUE(sc.Offers("10 (rabbit)"));
  EXPECT_FALSE(sc.Offers("12 (fox)"));
  sc.Choose("5 (rabbit)");
  sc.Choose("raid plot");
  EXPECT_EQ(s.clearing(C(5)).warriors[kCorvid], 0) << "third plot: 3";
  EXPECT_EQ(s.corvid().plotted, 3);
}

TEST(Corvid, Law_13_2_2_II_OnlyOnePlotPerClearing) {
  Scenario sc = CorvidGame(kPhaseDaylight);
  State& s = sc.s();
  s.SetWarriors(kCorvid, C(5), 3);
  s.SetWarriors(kCorvid, C(1), 3);
  s.SetWarriors(kCorvid, C(9), 3);
  Plot(s, kPlotBomb, C(5));
  sc.Start([](State& s) { Co()->PushDaylight(s, kCo); });
  sc.Choose("Plot (place a face-down plot)");
  ASSERT_EQ(sc.Key(), "corvid.plot");
  EXPECT_FALSE(sc.Offers("5 (rabbit)"));
  EXPECT_TRUE(sc.Offers("1 (fox)"));
  EXPECT_TRUE(sc.Offers("9 (mouse)"));
}

TEST(Corvid, Law_13_5_DaylightHasThreeActions) {
  Scenario sc = CorvidGame(kPhaseDaylight);
  State& s = sc.s();
  s.SetWarriors(kCorvid, C(1), 6);
  sc.Start([](State& s) { Co()->PushDaylight(s, kCo); });
  for (int i = 0; i < 3; ++i) {
    sc.Choose("Move");
    sc.Choose("Move from 1 (fox) to 5 (rabbit)");
    sc.Choose("Move 1 warrior from 1 (fox) to 5 (rabbit)");
  }
  EXPECT_EQ(s.clearing(C(5)).warriors[kCorvid], 3);
  EXPECT_TRUE(sc.Paused()) << "no fourth action: " << sc.Key();
}

TEST(Corvid, Law_13_2_3_NimbleMovesWithoutRuling) {
  Scenario sc = CorvidGame(kPhaseDaylight);
  State& s = sc.s();
  s.SetWarriors(kCorvid, C(1), 1);
  s.SetWarriors(kMarquise, C(1), 3);
  s.SetWarriors(kMarquise, C(5), 3);
  bool found = false;
  for (const Option& o : LegalMoves(s, kCorvid, -1))
    found |= o.a == C(1) && o.b == C(5);
  EXPECT_TRUE(found) << "the Marquise rules both ends";
  // The general rule still binds everyone else (4.2.1).
  s.SetWarriors(kMarquise, C(10), 1);
  s.SetWarriors(kCorvid, C(10), 2);
  s.SetWarriors(kCorvid, C(12), 2);
  for (const Option& o : LegalMoves(s, kMarquise, -1))
    EXPECT_FALSE(o.a == C(10) && o.b == C(12));
}

TEST(Corvid, Law_13_4_2_FlipScoresOneVpPerFaceUpPlot) {
  Scenario sc = CorvidGame(kPhaseBirdsong);
  State& s = sc.s();
  Plot(s, kPlotSnare, C(2), true);
  Plot(s, kPlotRaid, C(3), true);
  Plot(s, kPlotSnare, C(5));
  Plot(s, kPlotRaid, C(9));
  s.SetWarriors(kCorvid, C(5), 1);
  sc.Start([](State& s) { Co()->PushBirdsong(s, kCo); });
  ASSERT_EQ(sc.Key(), "corvid.flip");
  EXPECT_FALSE(sc.Offers("9 (mouse)")) << "no Corvid warrior in 9";
  EXPECT_FALSE(sc.Offers("2 (mouse)")) << "already face up";
  sc.Choose("5 (rabbit)");
  EXPECT_TRUE(s.corvid().FaceUp(C(5)));
  EXPECT_EQ(s.seat(kCo).vp, 3) << "three face-up plots, the new one included";
}

TEST(Corvid, Law_13_7_1_BombRemovesEnemyPiecesThenItself) {
  Scenario sc = CorvidGame(kPhaseBirdsong);
  State& s = sc.s();
  Plot(s, kPlotBomb, C(5));
  s.SetWarriors(kCorvid, C(5), 2);
  s.SetWarriors(kMarquise, C(5), 3);
  s.SetPieces(kSawmill, C(5), 1);
  s.SetPieces(kWood, C(5), 1);
  sc.Start([](State& s) { Co()->PushBirdsong(s, kCo); });
  sc.Choose("5 (rabbit)");
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 0);
  EXPECT_EQ(s.clearing(C(5)).pieces[kSawmill], 0);
  EXPECT_EQ(s.clearing(C(5)).pieces[kWood], 0);
  EXPECT_EQ(s.clearing(C(5)).pieces[kPlotBomb], 0) << "the bomb goes too";
  EXPECT_EQ(s.clearing(C(5)).warriors[kCorvid], 2) << "own warriors stay";
  EXPECT_EQ(s.piece_supply(kPlotBomb), 2);
  EXPECT_FALSE(s.corvid().FaceUp(C(5)));
  // 1 VP for the flip (one face-up plot) + 2 for the sawmill and wood (3.2.1).
  EXPECT_EQ(s.seat(kCo).vp, 3);
}

TEST(Corvid, Law_13_7_2_FaceUpSnareStopsEnemyPlacingAndMoving) {
  Scenario sc = CorvidGame(kPhaseDaylight, 0);
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(5), 3);
  Plot(s, kPlotSnare, C(5));
  // Face down: no effect.
  EXPECT_TRUE(s.CanPlace(kMarquise, C(5)));
  EXPECT_FALSE(LegalMoves(s, kMarquise, -1).empty());
  s.mutable_corvid().face_up |= 1u << C(5);
  EXPECT_FALSE(s.CanPlace(kMarquise, C(5)));
  EXPECT_EQ(s.PlaceWarriors(kMarquise, C(5), 1), 0);
  EXPECT_FALSE(s.PlacePiece(kSawmill, C(5)));
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 3);
  for (const Option& o : LegalMoves(s, kMarquise, -1))
    EXPECT_NE(o.a, C(5)) << "no move out of the snared clearing";
  EXPECT_TRUE(s.CanPlace(kCorvid, C(5))) << "only enemies are snared";
  s.SetWarriors(kCorvid, C(5), 1);
  bool out = false;
  for (const Option& o : LegalMoves(s, kCorvid, -1)) out |= o.a == C(5);
  EXPECT_TRUE(out);
}

TEST(Corvid, Law_13_7_3_ExtortionTakesARandomCardFromEachEnemyThere) {
  Scenario sc({kMarquise, kCorvid, kEyrie});
  State& s = sc.s();
  s.SetCurrent(kCo, kPhaseBirdsong);
  Plot(s, kPlotExtortion, C(5));
  s.SetWarriors(kCorvid, C(5), 1);
  s.SetWarriors(kMarquise, C(5), 1);
  sc.Give(0, "Anvil", kFox);
  sc.Give(0, "Bake Sale", kRabbit);
  sc.Give(2, "Sappers", kBird);  // the Eyrie has no piece in 5
  sc.Start([](State& s) { Co()->PushBirdsong(s, kCo); });
  sc.Choose("5 (rabbit)");
  EXPECT_EQ(s.seat(0).hand.size(), 1u);
  EXPECT_EQ(s.seat(2).hand.size(), 1u);
  EXPECT_EQ(s.seat(kCo).hand.size(), 1u);
  EXPECT_EQ(s.seat(kCo).vp, 1);
}

TEST(Corvid, Law_13_6_2_DrawOnePlusOnePerFaceUpExtortion) {
  Scenario sc = CorvidGame(kPhaseEvening);
  State& s = sc.s();
  Plot(s, kPlotExtortion, C(2), true);
  Plot(s, kPlotExtortion, C(3), true);
  Plot(s, kPlotBomb, C(4));  // face down: no extra card even if extortion
  s.SetWarriors(kCorvid, C(1), 1);  // a move is possible: exert is offered
  sc.Start([](State& s) { Co()->PushEvening(s, kCo); });
  ASSERT_EQ(sc.Key(), "corvid.exert");
  sc.Choose("Done");
  EXPECT_EQ(s.seat(kCo).hand.size(), 3u);
}

TEST(Corvid, Law_13_6_1_ExertTakesOneActionInsteadOfDrawing) {
  Scenario sc = CorvidGame(kPhaseEvening);
  State& s = sc.s();
  s.SetWarriors(kCorvid, C(1), 1);
  sc.Start([](State& s) { Co()->PushEvening(s, kCo); });
  sc.Choose("Move");
  sc.Choose("Move from 1 (fox) to 5 (rabbit)");
  EXPECT_TRUE(sc.Paused()) << sc.Key();
  EXPECT_EQ(s.clearing(C(5)).warriors[kCorvid], 1);
  EXPECT_TRUE(s.seat(kCo).hand.empty()) << "no draw after exerting";
}

TEST(Corvid, Law_13_6_2_HandLimitFive) {
  Scenario sc = CorvidGame(kPhaseEvening);
  State& s = sc.s();
  for (const char* n :
       {"Anvil", "Bake Sale", "Sappers", "Armorers", "Royal Claim"})
    sc.Give(kCo, n);
  sc.Start([](State& s) { Co()->PushEvening(s, kCo); });
  EXPECT_EQ(sc.Key(), "discard.hand_limit");
  sc.Choose(s.OptionLabel(s.options()[0]));
  EXPECT_EQ(s.seat(kCo).hand.size(), 5u);
}

TEST(Corvid, Law_13_7_4_RaidPlacesAWarriorInEachAdjacentClearing) {
  Scenario sc = CorvidGame(kPhaseDaylight, 0);
  State& s = sc.s();
  Plot(s, kPlotRaid, C(1));
  sc.Start([](State& s) {
    std::array<int8_t, kNumPieces> raid{};
    raid[kPlotRaid] = 1;
    s.RemovePieces(kCorvid, C(1), 0, raid, kMarquise);
  });
  for (int c : {5, 9, 10})
    EXPECT_EQ(s.clearing(C(c)).warriors[kCorvid], 1) << c;
  EXPECT_EQ(s.clearing(C(1)).warriors[kCorvid], 0);
  EXPECT_EQ(s.seat(0).vp, 1) << "a token removed (3.2.1)";
}

TEST(Corvid, Law_13_7_4_RaidShortOfWarriorsCorvidsChoose) {
  Scenario sc = CorvidGame(kPhaseDaylight, 0);
  State& s = sc.s();
  Plot(s, kPlotRaid, C(1));
  s.SetWarriors(kCorvid, C(12), 13);  // 2 left in supply for 3 clearings
  sc.Start([](State& s) {
    std::array<int8_t, kNumPieces> raid{};
    raid[kPlotRaid] = 1;
    s.RemovePieces(kCorvid, C(1), 0, raid, kMarquise);
  });
  ASSERT_EQ(sc.Key(), "corvid.raid_short");
  sc.Choose("10 (rabbit)");
  sc.Choose("5 (rabbit)");
  EXPECT_EQ(s.clearing(C(9)).warriors[kCorvid], 0);
  EXPECT_EQ(s.clearing(C(10)).warriors[kCorvid], 1);
  EXPECT_EQ(s.warrior_supply(kCorvid), 0);
}

TEST(Corvid, Law_13_2_4_ExposureRightGuessRemovesPlotScoresAndNoRaid) {
  Scenario sc = CorvidGame(kPhaseDaylight, 0);
  State& s = sc.s();
  Plot(s, kPlotRaid, C(1));
  s.SetWarriors(kMarquise, C(1), 1);
  const CardId anvil = sc.Give(0, "Anvil", kFox);
  sc.Start([](State& s) { PushDaylightExtras(s, 0); });
  sc.Choose("Exposure: guess the plot in 1 (fox)");
  ASSERT_EQ(sc.Key(), "corvid.exposure_guess") << "one matching card";
  sc.Choose("raid plot");
  EXPECT_EQ(s.clearing(C(1)).pieces[kPlotRaid], 0);
  EXPECT_EQ(s.piece_supply(kPlotRaid), 2);
  EXPECT_EQ(s.seat(0).vp, 1);
  for (int c : {5, 9, 10}) EXPECT_EQ(s.clearing(C(c)).warriors[kCorvid], 0);
  EXPECT_EQ(s.seat(0).hand, std::vector<CardId>{anvil}) << "card kept";
}

TEST(Corvid, Law_13_2_4_ExposureWrongGuessGivesTheCardToTheCorvids) {
  Scenario sc = CorvidGame(kPhaseDaylight, 0);
  State& s = sc.s();
  Plot(s, kPlotRaid, C(1));
  s.SetWarriors(kMarquise, C(1), 1);
  sc.Give(0, "Anvil", kFox);
  const CardId bird = sc.Give(0, "Sappers", kBird);
  sc.Start([](State& s) { PushDaylightExtras(s, 0); });
  sc.Choose("Exposure: guess the plot in 1 (fox)");
  ASSERT_EQ(sc.Key(), "corvid.exposure_card");
  sc.Choose(CardName(s, bird));
  sc.Choose("bomb plot");
  EXPECT_EQ(s.clearing(C(1)).pieces[kPlotRaid], 1) << "still there";
  EXPECT_EQ(s.seat(kCo).hand, std::vector<CardId>{bird});
  EXPECT_EQ(s.seat(0).hand.size(), 1u);
  EXPECT_EQ(s.seat(0).vp, 0);
  // Any number of times: the Marquise may guess again.
  EXPECT_TRUE(sc.Offers("Exposure: guess the plot in 1 (fox)"));
}

TEST(Corvid, Law_13_2_4_ExposureNeedsPiecesThereAMatchingCardAndFaceDown) {
  Scenario sc = CorvidGame(kPhaseDaylight, 0);
  State& s = sc.s();
  Plot(s, kPlotRaid, C(10));        // rabbit, no Marquise piece
  Plot(s, kPlotBomb, C(5));         // rabbit
  Plot(s, kPlotRaid, C(7));         // mouse: no mouse card
  Plot(s, kPlotSnare, C(4), true);  // rabbit, face up
  for (int c : {5, 7, 4}) s.SetWarriors(kMarquise, C(c), 1);
  sc.Give(0, "Bake Sale", kRabbit);
  sc.Start([](State& s) { PushDaylightExtras(s, 0); });
  EXPECT_TRUE(sc.Offers("Exposure: guess the plot in 5 (rabbit)"));
  EXPECT_FALSE(sc.Offers("Exposure: guess the plot in 10 (rabbit)"))
      << "no Marquise piece in 10";
  EXPECT_FALSE(sc.Offers("Exposure: guess the plot in 7 (mouse)"))
      << "no matching card";
  EXPECT_FALSE(sc.Offers("Exposure: guess the plot in 4 (rabbit)"))
      << "face up";
}

TEST(Corvid, Law_13_2_4_NoExposureOfYourOwnPlotsOrOutsideYourDaylight) {
  Scenario sc = CorvidGame(kPhaseDaylight, kCo);
  State& s = sc.s();
  Plot(s, kPlotRaid, C(1));
  s.SetWarriors(kMarquise, C(1), 1);
  s.SetWarriors(kCorvid, C(1), 1);
  sc.Give(0, "Anvil", kFox);
  sc.Give(kCo, "Foxfolk Steel", kFox);
  std::vector<Option> opts;
  AppendDaylightExtras(s, 0, opts);
  EXPECT_TRUE(opts.empty()) << "not the Marquise's turn";
  AppendDaylightExtras(s, kCo, opts);
  EXPECT_TRUE(opts.empty()) << "the Corvids do not expose themselves";
}

TEST(Corvid, Law_13_2_5_EmbeddedAgentsExtraHitWithFaceDownPlot) {
  Scenario sc = CorvidGame(kPhaseDaylight, 0);
  State& s = sc.s();
  Plot(s, kPlotBomb, C(1));  // face down, no Corvid warrior: defenseless
  s.SetWarriors(kMarquise, C(1), 2);
  sc.Dice({0, 0});
  sc.Start([](State& s) { PushBattle(s, C(1), kMarquise, kCorvid); });
  EXPECT_EQ(s.clearing(C(1)).warriors[kMarquise], 1)
      << "one extra hit although defenseless";
  EXPECT_EQ(s.clearing(C(1)).pieces[kPlotBomb], 0) << "defenseless: 1 hit";
  EXPECT_EQ(s.seat(0).vp, 1);
}

TEST(Corvid, Law_13_2_5_NoExtraHitWithAFaceUpPlot) {
  Scenario sc = CorvidGame(kPhaseDaylight, 0);
  State& s = sc.s();
  Plot(s, kPlotSnare, C(1), true);
  s.SetWarriors(kMarquise, C(1), 2);
  sc.Dice({0, 0});
  sc.Start([](State& s) { PushBattle(s, C(1), kMarquise, kCorvid); });
  EXPECT_EQ(s.clearing(C(1)).warriors[kMarquise], 2);
  EXPECT_EQ(s.clearing(C(1)).pieces[kPlotSnare], 0);
}

TEST(Corvid, Law_13_5_4_TrickSwapsTwoPlotsOfTheSameFacing) {
  Scenario sc = CorvidGame(kPhaseDaylight);
  State& s = sc.s();
  Plot(s, kPlotBomb, C(1));
  Plot(s, kPlotSnare, C(5));
  Plot(s, kPlotRaid, C(9), true);
  sc.Start([](State& s) { Co()->PushDaylight(s, kCo); });
  sc.Choose("Trick (swap two plots)");
  EXPECT_FALSE(sc.Offers("9 (mouse)")) << "the only face-up plot";
  sc.Choose("1 (fox)");
  // Only one partner of the same facing: 5 is taken at once.
  EXPECT_EQ(s.clearing(C(1)).pieces[kPlotSnare], 1);
  EXPECT_EQ(s.clearing(C(5)).pieces[kPlotBomb], 1);
  EXPECT_EQ(s.clearing(C(9)).pieces[kPlotRaid], 1);
  EXPECT_FALSE(s.corvid().FaceUp(C(1)));
  EXPECT_FALSE(s.corvid().FaceUp(C(5)));
}

// Rules decision: "Both plot tokens must be face up or face down" reads as
// both of one facing; two face-up plots swap and stay face up, a snare's
// hold going with it.
TEST(Corvid, Law_13_5_4_TrickSwapsTwoFaceUpPlotsWhichStayFaceUp) {
  Scenario sc = CorvidGame(kPhaseDaylight);
  State& s = sc.s();
  Plot(s, kPlotSnare, C(1), true);
  Plot(s, kPlotExtortion, C(5), true);
  Plot(s, kPlotRaid, C(9));
  sc.Start([](State& s) { Co()->PushDaylight(s, kCo); });
  sc.Choose("Trick (swap two plots)");
  EXPECT_FALSE(sc.Offers("9 (mouse)")) << "the only face-down plot";
  sc.Choose("5 (rabbit)");
  EXPECT_EQ(s.clearing(C(1)).pieces[kPlotExtortion], 1);
  EXPECT_EQ(s.clearing(C(5)).pieces[kPlotSnare], 1);
  EXPECT_TRUE(s.corvid().FaceUp(C(1)));
  EXPECT_TRUE(s.corvid().FaceUp(C(5)));
  EXPECT_FALSE(s.corvid().FaceUp(C(9)));
  EXPECT_TRUE(s.CanPlace(kMarquise, C(1))) << "the snare left 1";
  EXPECT_FALSE(s.CanPlace(kMarquise, C(5))) << "and holds 5 (13.7.2)";
}

TEST(Corvid, Law_13_4_3_RecruitOneWarriorInEachMatchingClearing) {
  Scenario sc = CorvidGame(kPhaseBirdsong);
  State& s = sc.s();
  sc.Give(kCo, "Bake Sale", kRabbit);
  sc.Start([](State& s) { Co()->PushBirdsong(s, kCo); });
  ASSERT_EQ(sc.Key(), "corvid.recruit");
  sc.Choose("Bake Sale (rabbit)");
  for (int c : {3, 4, 5, 10}) EXPECT_EQ(s.clearing(C(c)).warriors[kCorvid], 1);
  EXPECT_EQ(s.warrior_supply(kCorvid), 15 - 4);
  EXPECT_TRUE(sc.Paused()) << "once per turn";
}

TEST(Corvid, Law_13_4_3_RecruitWithABirdChoosesTheSuit) {
  Scenario sc = CorvidGame(kPhaseBirdsong);
  State& s = sc.s();
  sc.Give(kCo, "Sappers", kBird);
  sc.Start([](State& s) { Co()->PushBirdsong(s, kCo); });
  sc.Choose("Sappers (bird)");
  sc.Choose("fox");
  for (int c : {1, 6, 8, 12}) EXPECT_EQ(s.clearing(C(c)).warriors[kCorvid], 1);
  EXPECT_EQ(s.clearing(C(5)).warriors[kCorvid], 0);
}

TEST(Corvid, Law_13_4_1_And_13_2_1_CraftInBirdsongWithPlotsEitherFacing) {
  Scenario sc = CorvidGame(kPhaseBirdsong);
  State& s = sc.s();
  Plot(s, kPlotBomb, C(1));     // face down, fox
  sc.Give(kCo, "Anvil", kFox);  // costs one fox
  sc.Start([](State& s) { Co()->PushBirdsong(s, kCo); });
  ASSERT_EQ(sc.Key(), "craft");
  sc.Choose("Anvil (fox)");
  EXPECT_EQ(s.seat(kCo).items[kHammer], 1);
}

// Random games: hidden plots stay hidden in every observation and event.
absl::Status CheckPlotsHidden(const State& s) {
  const int corvid = s.SeatOf(kCorvid);
  for (int seat = -1; seat < s.num_seats(); ++seat) {
    if (seat == corvid) continue;
    const Observation o = Observe(s, seat);
    for (int c = 0; c < s.map().num_clearings; ++c) {
      for (int p = kPlotBomb; p <= kPlotRaid; ++p) {
        const int shown = o.clearings[c].pieces[p];
        const int public_n = s.corvid().FaceUp(c) ? s.clearing(c).pieces[p] : 0;
        if (shown != public_n) {
          return absl::InternalError(
              absl::StrCat("seat ", seat, " sees a face-down plot in ", c + 1));
        }
      }
    }
  }
  // Replays the public events: a plot's kind is named only once flipped
  // (or by an Exposure's guess), never on placement or a face-down removal.
  std::array<int, kMaxClearings> known{};
  known.fill(-1);
  for (const Event& e : s.events()) {
    const bool real_plot = e.b >= kPlotBomb && e.b <= kPlotRaid;
    if (e.kind == kEvPlace && real_plot)
      return absl::InternalError("a plot was logged face up when placed");
    if (e.kind == kEvRemove && real_plot && known[e.c] != e.b)
      return absl::InternalError("a face-down plot's removal names it");
    if (e.kind == kEvPlace || e.kind == kEvRemove) {
      for (int seat = 0; seat < s.num_seats(); ++seat) {
        if (seat == corvid) continue;
        const std::string text = s.EventText(e, seat);
        for (int p = kPlotBomb; p <= kPlotRaid; ++p) {
          if (p != e.b &&
              text.find(std::string(GetPieceInfo(p).name)) != std::string::npos)
            return absl::InternalError(absl::StrCat("event leaks: ", text));
        }
      }
    }
    if (e.kind == kEvPlotFlip) known[e.c] = e.b;
    if (e.kind == kEvPlotSwap) std::swap(known[e.b], known[e.c]);
    if (e.kind == kEvRemove && e.b >= kPlotBomb && e.b <= kPlotHidden)
      known[e.c] = -1;
  }
  return absl::OkStatus();
}

void RunMix(std::vector<int8_t> factions, uint64_t seed, int games) {
  GameSetup setup;
  setup.factions = std::move(factions);
  setup.shuffle_seats = true;
  setup.record_events = true;
  RandomGamesCheck(setup, seed, games,
                   [](const State& s, uint64_t, int d) -> absl::Status {
                     if (d % 8 != 0) return absl::OkStatus();
                     return CheckPlotsHidden(s);
                   });
}

// Random games with every event recorded: the mechanics all occur, and no
// event or observation of another seat ever names a face-down plot.
TEST(CorvidRandom, EveryMechanicOccursAndEventsNeverLeak) {
  std::array<int, kNumPieces> flipped{};
  int placed = 0, swaps = 0, right = 0, wrong = 0, hidden_lost = 0;
  int games = 0;
  for (uint64_t seed = 500; seed < 530; ++seed) {
    GameSetup setup;
    setup.factions = {kMarquise, kEyrie, kVagabond, kCorvid};
    setup.shuffle_seats = true;
    setup.record_events = true;
    setup.max_turns = 400;
    auto r = RandomPlayout(
        setup, seed, PolicySeedFor(seed), [](const State& s, uint64_t, int d) {
          return d % 8 == 0 ? CheckPlotsHidden(s) : absl::OkStatus();
        });
    ASSERT_TRUE(r.ok()) << r.status();
    ASSERT_TRUE(CheckPlotsHidden(r->final_state).ok());
    ++games;
    for (const Event& e : r->final_state.events()) {
      if (e.kind == kEvPlotFlip) ++flipped[e.b];
      if (e.kind == kEvPlace && e.b == kPlotHidden) ++placed;
      if (e.kind == kEvPlotSwap) ++swaps;
      if (e.kind == kEvExposure) ++(e.a ? right : wrong);
      if (e.kind == kEvRemove && e.b == kPlotHidden) ++hidden_lost;
    }
  }
  EXPECT_GT(placed, 0);
  for (int p = kPlotBomb; p <= kPlotRaid; ++p) EXPECT_GT(flipped[p], 0) << p;
  EXPECT_GT(swaps, 0);
  EXPECT_GT(right, 0);
  EXPECT_GT(wrong, 0);
  EXPECT_GT(hidden_lost, 0);
  EXPECT_EQ(games, 30);
}

TEST(CorvidRandom, TwoSeats) {
  RunMix({kMarquise, kCorvid}, 1000, 400);
  RunMix({kVagabond, kCorvid}, 1500, 240);
}
TEST(CorvidRandom, ThreeSeats) {
  RunMix({kEyrie, kAlliance, kCorvid}, 2000, 320);
  RunMix({kMarquise, kVagabond, kCorvid}, 2500, 240);
}
TEST(CorvidRandom, FourSeats) {
  RunMix({kMarquise, kEyrie, kVagabond, kCorvid}, 3000, 240);
  RunMix({kMarquise, kAlliance, kVagabond, kCorvid}, 3500, 160);
}
TEST(CorvidRandom, FiveSeats) {
  RunMix({kMarquise, kEyrie, kAlliance, kVagabond, kCorvid}, 4000, 200);
}

// Law 13.4.3 with the Lost City (Law 24): its clearing counts as every
// suit, so it gets a warrior whatever suit the Corvids recruit in.
TEST(Corvid, Law_13_4_3_RecruitAlsoInTheLostCity) {
  Scenario sc = CorvidGame(kPhaseBirdsong);
  State& s = sc.s();
  SetUpLandmark(s, kLandmarkLostCity, C(10));  // printed rabbit
  sc.Give(kCo, "Anvil", kFox);
  sc.Start([](State& s) { Co()->PushBirdsong(s, kCo); });
  ASSERT_EQ(sc.Key(), "corvid.recruit");
  sc.Choose("Anvil (fox)");
  for (int c : {1, 6, 8, 10, 12})
    EXPECT_EQ(s.clearing(C(c)).warriors[kCorvid], 1) << c;
}

// Law 13.2.4 with the Lost City (Law 24): any card matches its clearing.
TEST(Corvid, Law_13_2_4_ExposureInTheLostCityTakesAnyCard) {
  Scenario sc = CorvidGame(kPhaseDaylight, 0);
  State& s = sc.s();
  SetUpLandmark(s, kLandmarkLostCity, C(10));  // printed rabbit
  Plot(s, kPlotBomb, C(10));
  s.SetWarriors(kMarquise, C(10), 1);
  sc.Give(0, "Anvil", kFox);
  sc.Start([](State& s) { PushDaylightExtras(s, 0); });
  EXPECT_TRUE(sc.Offers("Exposure: guess the plot in 10 (rabbit)"));
}

}  // namespace
}  // namespace woodland::rules::testing
