// The hirelings in the protocol (Law 22): one HirelingView per card, the
// markers, hireling pieces in the clearing views, and MatchSpec.hirelings.
#include <string>

#include "gtest/gtest.h"
#include "referee/convert.h"
#include "referee/match_runner.h"
#include "referee/rules/faction.h"
#include "referee/rules/hirelings.h"
#include "referee/rules/state.h"

namespace woodland::referee {
namespace {

using rules::State;

State HirelingTable() {
  rules::GameSetup setup;
  setup.factions = {rules::kMarquise, rules::kEyrie, rules::kCult};
  setup.hirelings = {{rules::kHirelingSpringUprising, false},
                     {rules::kHirelingPopularBand, true},
                     {rules::kHirelingFlameBearers, true}};
  setup.first_seat = 0;
  State s = *State::NewGame(setup, 9);
  s.ClearForScenario();
  s.SetCurrent(0, rules::kPhaseDaylight);
  rules::HirelingCard& band = s.mutable_hirelings().cards[1];
  band.controller = rules::kEyrie;  // seat 1
  band.control = 2;
  band.supply -= 3;
  band.warriors[4] = 3;  // clearing 5
  s.mutable_hirelings().RecomputeOnMap();
  s.mutable_hirelings().markers_on_track = 0b110;  // 4 taken
  s.mutable_hirelings().markers_waiting[2] = 1;
  return s;
}

TEST(HirelingsProto, Law_22_EveryHirelingInEveryObservation) {
  const State s = HirelingTable();
  for (int seat = 0; seat < 3; ++seat) {
    v1::Observation o;
    ObservationToProto(s, seat, &o);
    ASSERT_EQ(o.hirelings_size(), 3);
    EXPECT_EQ(o.hirelings(0).key(), "uprising");
    EXPECT_EQ(o.hirelings(0).controller_seat(), -1);  // in the supply
    EXPECT_EQ(o.hirelings(0).blocks(0), v1::FACTION_ALLIANCE);
    const v1::HirelingView& band = o.hirelings(1);
    EXPECT_EQ(band.name(), "Street Band");
    EXPECT_TRUE(band.demoted());
    EXPECT_EQ(band.controller_seat(), 1);
    EXPECT_EQ(band.controller(), v1::FACTION_EYRIE);
    EXPECT_EQ(band.control_markers(), 2);
    ASSERT_EQ(band.pieces_size(), 1);
    EXPECT_EQ(band.pieces(0).clearing(), 5);
    EXPECT_EQ(band.pieces(0).warriors(), 3);
    EXPECT_EQ(band.warriors_in_supply(), 2);  // of 5
    // Law 22.3.1: the Eyrie rules clearing 5 with the Band alone.
    const v1::ClearingView& c5 = o.clearings(4);
    EXPECT_EQ(c5.ruler(), v1::FACTION_EYRIE);
    bool shown = false;
    for (const v1::PieceCount& p : c5.pieces()) {
      if (p.piece() == "Street Band warrior") {
        shown = true;
        EXPECT_EQ(p.count(), 3);
        EXPECT_EQ(p.owner(), v1::FACTION_UNSPECIFIED);  // 22.3.3
      }
    }
    EXPECT_TRUE(shown);
    ASSERT_EQ(o.hireling_markers().on_track_size(), 2);
    EXPECT_EQ(o.hireling_markers().on_track(0), 8);
    EXPECT_EQ(o.hireling_markers().on_track(1), 12);
    EXPECT_EQ(o.hireling_markers().waiting_by_seat(2), 1);
  }
}

TEST(HirelingsProto, Law_19_6_5_MatchSpecRefusesABlockedFaction) {
  v1::MatchSpec spec;
  for (auto f : {v1::FACTION_MARQUISE, v1::FACTION_EYRIE}) {
    v1::SeatSpec* seat = spec.add_seats();
    seat->set_faction(f);
    seat->set_bot("builtin:random");
  }
  for (const char* h : {"nobles", "band", "exile"}) {
    spec.add_hirelings()->set_hireling(h);
  }
  spec.set_seed(5);
  spec.set_max_turns(5);
  auto out = RunMatch(spec, MatchOptions{});
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(out.status().message().find("19.6.5"), std::string::npos);
  spec.mutable_hirelings(0)->set_hireling("dragons");
  EXPECT_FALSE(RunMatch(spec, MatchOptions{}).ok());
  // Without the Eyrie's hireling the match runs and its replay keeps them.
  spec.mutable_hirelings(0)->set_hireling("scouts");
  out = RunMatch(spec, MatchOptions{});
  ASSERT_TRUE(out.ok()) << out.status();
  ASSERT_EQ(out->replay.spec().hirelings_size(), 3);
  EXPECT_EQ(out->replay.spec().hirelings(0).hireling(), "scouts");
}

}  // namespace
}  // namespace woodland::referee
