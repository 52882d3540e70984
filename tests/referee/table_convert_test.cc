// The table configuration in the protocol (issue 12 item 7): the homelands
// of the advanced setup's draft (Law 19.8.3.I) in every observation.
#include <algorithm>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "referee/convert.h"
#include "referee/rules/state.h"

namespace woodland::referee {
namespace {

using rules::State;

// Plays a drafted table's setup with the first option everywhere, keeping
// each homeland choice (faction, clearing 1-12) in the order made.
std::vector<std::pair<v1::Faction, std::vector<int>>> DraftedSetup(State& s) {
  std::vector<std::pair<v1::Faction, std::vector<int>>> chosen;
  while (s.phase() == rules::kPhaseSetup && !s.IsTerminal()) {
    if (s.prompt().kind == rules::kPromptHomeland) {
      const v1::Faction f = FactionToProto(s.seat(s.prompt().seat).faction);
      auto it = std::find_if(chosen.begin(), chosen.end(),
                             [f](const auto& e) { return e.first == f; });
      if (it == chosen.end()) it = chosen.insert(chosen.end(), {f, {}});
      it->second.push_back(s.options()[0].a + 1);
    }
    EXPECT_TRUE(s.Apply(0).ok());
  }
  return chosen;
}

TEST(TableProto, Law_19_8_3_I_HomelandsArePublicForEverySeat) {
  rules::GameSetup setup;
  setup.mode = rules::GameSetup::kAdvancedSetup;
  setup.factions.assign(4, rules::kNoFaction);
  setup.first_seat = 0;
  State s = *State::NewGame(setup, 12);
  const auto chosen = DraftedSetup(s);
  ASSERT_FALSE(chosen.empty());
  for (int seat = -1; seat < 4; ++seat) {
    v1::Observation o;
    ObservationToProto(s, seat, &o);
    ASSERT_EQ(o.homelands_size(), static_cast<int>(chosen.size())) << seat;
    for (size_t i = 0; i < chosen.size(); ++i) {
      const v1::Homeland& h = o.homelands(static_cast<int>(i));
      EXPECT_EQ(h.faction(), chosen[i].first);
      EXPECT_EQ(std::vector<int>(h.clearings().begin(), h.clearings().end()),
                chosen[i].second);
    }
  }
}

TEST(TableProto, Law_5_1_StandardSetupHasNoHomelands) {
  rules::GameSetup setup;
  setup.factions = {rules::kMarquise, rules::kEyrie, rules::kAlliance};
  State s = *State::NewGame(setup, 12);
  while (s.phase() == rules::kPhaseSetup && !s.IsTerminal())
    ASSERT_TRUE(s.Apply(0).ok());
  for (int seat = -1; seat < 3; ++seat) {
    v1::Observation o;
    ObservationToProto(s, seat, &o);
    EXPECT_EQ(o.homelands_size(), 0) << seat;
  }
}

}  // namespace
}  // namespace woodland::referee
