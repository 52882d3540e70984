// The hirelings in the protocol (Law 22): one HirelingView per card, the
// markers, hireling pieces in the clearing views, and MatchSpec.hirelings.
#include <string>
#include <vector>

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

TEST(HirelingsProto, Law_22_3_2_BattleOptionNamesTheHirelingByKey) {
  const State s = HirelingTable();
  v1::Option o;
  OptionToProto(
      s,
      {.kind = rules::kOptBattle, .a = 4, .b = rules::kBattleHirelingBase + 1},
      &o);
  EXPECT_EQ(o.battle().clearing(), 5);
  EXPECT_EQ(o.battle().hireling(), "streetband");  // card 1's side in play
  EXPECT_EQ(o.battle().defender(), v1::FACTION_UNSPECIFIED);
  v1::Option f;
  OptionToProto(s, {.kind = rules::kOptBattle, .a = 4, .b = rules::kEyrie}, &f);
  EXPECT_EQ(f.battle().hireling(), "");
  EXPECT_EQ(f.battle().defender(), v1::FACTION_EYRIE);
}

// A targeted removal's hireling target (Strike, Convert, Sanctify: Law
// 22.3.2) is a FactionChoice naming the hireling by key.
TEST(HirelingsProto, Law_22_3_2_TargetedRemovalNamesTheHireling) {
  const State s = HirelingTable();
  v1::Option o;
  OptionToProto(
      s, {.kind = rules::kOptFaction, .a = rules::kBattleHirelingBase + 1}, &o);
  EXPECT_EQ(o.faction().hireling(), "streetband");
  EXPECT_EQ(o.faction().faction(), v1::FACTION_UNSPECIFIED);
  EXPECT_EQ(s.OptionLabel({.kind = rules::kOptFaction,
                           .a = rules::kBattleHirelingBase + 1}),
            rules::HirelingTargetName(s, rules::kBattleHirelingBase + 1));
  v1::Option f;
  OptionToProto(s, {.kind = rules::kOptFaction, .a = rules::kEyrie}, &f);
  EXPECT_EQ(f.faction().hireling(), "");
  EXPECT_EQ(f.faction().faction(), v1::FACTION_EYRIE);
}

State ExileTable() {
  rules::GameSetup setup;
  setup.factions = {rules::kMarquise, rules::kEyrie};
  setup.hirelings = {{rules::kHirelingExile, false},
                     {rules::kHirelingPopularBand, false},
                     {rules::kHirelingFlameBearers, true}};
  setup.first_seat = 0;
  State s = *State::NewGame(setup, 9);
  s.ClearForScenario();
  s.SetCurrent(0, rules::kPhaseDaylight);
  return s;
}

TEST(HirelingsProto, Law_22_2_4_HirelingExtraNamesTheHirelingAndItem) {
  const State s = ExileTable();
  v1::Option o;
  OptionToProto(s,
                {.kind = rules::kOptExtra,
                 .a = rules::kExtraHireling,
                 .b = rules::kHirelingPopularBand},
                &o);
  EXPECT_EQ(o.extra().action(), "hireling");
  EXPECT_EQ(o.extra().hireling(), "band");
  EXPECT_EQ(o.extra().item(), "");
  // Aiding the Exile with a sword (b = -1 - item).
  v1::Option aid;
  OptionToProto(s,
                {.kind = rules::kOptExtra,
                 .a = rules::kExtraHireling,
                 .b = static_cast<int8_t>(-1 - rules::kSword)},
                &aid);
  EXPECT_EQ(aid.extra().hireling(), "exile");
  EXPECT_EQ(aid.extra().item(), "sword");
}

TEST(HirelingsProto, Law_22_2_2_ExileClubsLostAndBandLocksAreShown) {
  State s = ExileTable();
  rules::HirelingCard& exile = s.mutable_hirelings().cards[0];
  exile.clubs = 1;
  exile.clubs_exhausted = 1;
  exile.clubs_lost = 1;  // a hit it could not exhaust (its ability)
  rules::HirelingsBoard& b = s.mutable_hirelings();
  b.band_turn = static_cast<int16_t>(s.turn());
  b.band_lock[1] = (1u << 4) | (1u << 11);  // the Eyrie: 5 and 12
  v1::Observation o;
  ObservationToProto(s, 0, &o);
  EXPECT_EQ(o.hirelings(0).clubs_ready(), 1);
  EXPECT_EQ(o.hirelings(0).clubs_exhausted(), 1);
  EXPECT_EQ(o.hirelings(0).clubs_lost(), 1);
  EXPECT_EQ(o.hirelings(0).band_locks_size(), 0);  // only the Band's card
  const v1::HirelingView& band = o.hirelings(1);
  ASSERT_EQ(band.band_locks_size(), 1);
  EXPECT_EQ(band.band_locks(0).faction(), v1::FACTION_EYRIE);
  EXPECT_EQ(std::vector<int>(band.band_locks(0).clearings().begin(),
                             band.band_locks(0).clearings().end()),
            (std::vector<int>{5, 12}));
  // Held only during the turn they were taken in.
  b.band_turn = static_cast<int16_t>(s.turn() - 1);
  v1::Observation later;
  ObservationToProto(s, 0, &later);
  EXPECT_EQ(later.hirelings(1).band_locks_size(), 0);
}

TEST(HirelingsProto, Issue13_HirelingEventsNameAttackerAndBrigandItem) {
  const State s = ExileTable();
  v1::Event e;
  EventToProto(s,
               {.kind = rules::kEvHireling,
                .seat = 1,
                .a = rules::kHirelingPopularBand,
                .b = rules::kHireOpAttacked,
                .c = 4,
                .d = rules::kEyrie},
               0, &e);
  EXPECT_EQ(e.hireling().change(), "attacked");
  EXPECT_EQ(e.hireling().attacker(), v1::FACTION_EYRIE);
  EXPECT_EQ(e.hireling().clearing(), 5);
  v1::Event b;
  EventToProto(s,
               {.kind = rules::kEvHireling,
                .seat = 1,
                .a = rules::kHirelingExile,
                .b = rules::kHireOpBrigand,
                .c = 5,
                .d = rules::kBoot},
               0, &b);
  EXPECT_EQ(b.hireling().change(), "brigand");
  EXPECT_EQ(b.hireling().count(), rules::kBoot);  // older bots' reading
  EXPECT_EQ(b.hireling().item(), "boot");
  EXPECT_EQ(b.hireling().attacker(), v1::FACTION_UNSPECIFIED);
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
