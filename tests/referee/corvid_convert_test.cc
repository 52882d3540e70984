// The protocol never carries a face-down Corvid plot's kind to another seat
// (Law 13.2.2.I): observations, the CorvidView and events.
#include <string>

#include "gtest/gtest.h"
#include "referee/convert.h"
#include "referee/rules/faction.h"
#include "referee/rules/state.h"

namespace woodland::referee {
namespace {

using rules::State;

State CorvidTable() {
  rules::GameSetup setup;
  setup.factions = {rules::kMarquise, rules::kCorvid};
  setup.first_seat = 0;
  setup.record_events = true;
  State s = *State::NewGame(setup, 9);
  s.ClearForScenario();
  s.SetCurrent(0, rules::kPhaseDaylight);
  EXPECT_TRUE(s.PlacePiece(rules::kPlotBomb, 4));  // clearing 5, face down
  s.SetPieces(rules::kPlotSnare, 8, 1);            // clearing 9, face up
  s.mutable_corvid().face_up |= 1u << 8;
  return s;
}

TEST(CorvidProto, Law_13_2_2_I_OthersSeeOnlyAFaceDownPlot) {
  const State s = CorvidTable();
  v1::Observation other;
  ObservationToProto(s, 0, &other);
  const std::string text = other.DebugString();
  EXPECT_EQ(text.find("bomb plot"), std::string::npos) << text;
  const v1::CorvidView& view = other.corvid();
  ASSERT_EQ(view.plots_size(), 2);
  EXPECT_EQ(view.plots(0).clearing(), 5);
  EXPECT_EQ(view.plots(0).plot(), "face-down plot");
  EXPECT_FALSE(view.plots(0).face_up());
  EXPECT_EQ(view.plots(1).clearing(), 9);
  EXPECT_EQ(view.plots(1).plot(), "snare plot");
  EXPECT_TRUE(view.plots(1).face_up());
  EXPECT_EQ(view.plots_in_supply(), 6);  // 8 tokens, 2 on the map
  EXPECT_EQ(view.own_supply_size(), 0) << "kinds in supply stay hidden";

  v1::Observation mine;
  ObservationToProto(s, 1, &mine);
  EXPECT_EQ(mine.corvid().plots(0).plot(), "bomb plot");
  int own = 0;
  for (const v1::PieceCount& p : mine.corvid().own_supply()) own += p.count();
  EXPECT_EQ(own, 6);
}

TEST(CorvidProto, Law_13_2_2_I_PlacementEventNamesNoKind) {
  const State s = CorvidTable();
  int placements = 0;
  for (const rules::Event& e : s.events()) {
    if (e.kind != rules::kEvPlace) continue;
    ++placements;
    for (int seat : {-1, 0, 1}) {
      v1::Event out;
      EventToProto(s, e, seat, &out);
      EXPECT_EQ(out.b(), rules::kPlotHidden);
      EXPECT_EQ(out.c(), 5);
      EXPECT_EQ(out.DebugString().find("bomb"), std::string::npos);
    }
  }
  EXPECT_EQ(placements, 1);
}

TEST(CorvidProto, Law_13_2_4_ExposureOptionNamesItsClearing) {
  const State s = CorvidTable();
  v1::Option out;
  OptionToProto(
      s,
      rules::Option{
          .kind = rules::kOptExtra, .a = rules::kExtraExposure, .b = 4},
      &out);
  EXPECT_EQ(out.extra().action(), "exposure");
  EXPECT_EQ(out.extra().clearing(), 5);
}

}  // namespace
}  // namespace woodland::referee
