// Issue 19.3: the view fingerprint (referee/view_key.h) is exact: wherever
// two states have equal keys, every seat's observation of both is the same
// bytes. Checked over random games of many tables, at every decision, for
// every seat against the previous decision, and for the deciding seat
// against its previous request (the bytes the match runner reuses).
#include "referee/view_key.h"

#include <gtest/gtest.h>

#include "referee/convert.h"
#include "referee/rules/chance.h"
#include "referee/rules/types.h"
#include "tests/referee/view_hash.h"

namespace woodland::referee {
namespace {

std::string View(const rules::State& s, int seat) {
  v1::Observation o;
  ObservationToProto(s, seat, &o);
  std::string out;
  test_util::AppendDeterministic(o, &out);
  return out;
}

struct Counts {
  int reused = 0;     // requests whose kept view the key lets the runner reuse
  int unchanged = 0;  // requests whose view is its seat's last one
  int requests = 0;
};

// Plays a random game of `setup`; at each decision compares every seat's
// view with the one of the previous decision when the key is unchanged, and
// the deciding seat's with its previous request's when the key is the one
// kept then.
Counts CheckGame(rules::GameSetup setup, uint64_t seed) {
  setup.record_events = true;
  if (setup.max_turns == 0) setup.max_turns = 40;
  Counts counts;
  auto started = rules::State::NewGame(setup, seed);
  EXPECT_TRUE(started.ok()) << started.status();
  if (!started.ok()) return counts;
  rules::State s = *std::move(started);
  const int n = s.num_seats();
  std::string key, prev_key;
  std::vector<std::string> prev(n), kept_key(n), kept_view(n);
  rules::Chance pick(seed);
  for (int step = 0; !s.IsTerminal() && step < 5000; ++step) {
    ViewKey(s, &key);
    for (int i = 0; i < n; ++i) {
      std::string now = View(s, i);
      if (key == prev_key) {
        EXPECT_EQ(now, prev[i]) << "seat " << i << " step " << step;
        if (now != prev[i]) return counts;
      }
      prev[i] = std::move(now);
    }
    const int seat = s.deciding_seat();
    ++counts.requests;
    counts.unchanged += prev[seat] == kept_view[seat];
    if (key == kept_key[seat]) {
      ++counts.reused;
      EXPECT_EQ(prev[seat], kept_view[seat])
          << "seat " << seat << " step " << step;
      if (prev[seat] != kept_view[seat]) return counts;
    }
    kept_key[seat] = key;
    kept_view[seat] = prev[seat];
    prev_key = key;
    const int k = pick.Draw(rules::kChancePick, s.options().size());
    EXPECT_TRUE(s.Apply(seat, k).ok());
  }
  return counts;
}

void CheckTable(const rules::GameSetup& setup, std::vector<uint64_t> seeds) {
  Counts all;
  for (uint64_t seed : seeds) {
    const Counts c = CheckGame(setup, seed);
    all.reused += c.reused;
    all.requests += c.requests;
    all.unchanged += c.unchanged;
  }
  // The key serves: some requests repeat their seat's last view.
  EXPECT_GT(all.reused, 0);
  std::printf("%d of %d requests reuse the kept view (%d views unchanged)\n",
              all.reused, all.requests, all.unchanged);
}

TEST(ViewKey, Issue19_EqualKeysMeanEqualViews_MarquiseEyrie) {
  rules::GameSetup setup;
  setup.factions = {rules::kMarquise, rules::kEyrie};
  CheckTable(setup, {1, 2});
}

TEST(ViewKey, Issue19_EqualKeysMeanEqualViews_AutumnStandard) {
  rules::GameSetup setup;
  setup.factions = {rules::kMarquise, rules::kEyrie, rules::kAlliance,
                    rules::kVagabond};
  CheckTable(setup, {1, 2, 3});
}

TEST(ViewKey, Issue19_EqualKeysMeanEqualViews_LakeExilesHirelingsTwoVagabonds) {
  rules::GameSetup setup;
  setup.map = "lake";
  setup.deck = "exiles";
  setup.factions = {rules::kMarquise, rules::kVagabond, rules::kEyrie,
                    rules::kVagabond2, rules::kAlliance};
  setup.hirelings = {{rules::kHirelingFlameBearers, false},
                     {rules::kHirelingVaultKeepers, true},
                     {rules::kHirelingPopularBand, false}};
  CheckTable(setup, {4, 5});
}

TEST(ViewKey, Issue19_EqualKeysMeanEqualViews_SixExpansionFactions) {
  rules::GameSetup setup;
  setup.map = "winter";
  setup.factions = {rules::kCult,   rules::kRiverfolk, rules::kDuchy,
                    rules::kCorvid, rules::kHundreds,  rules::kKeepers};
  CheckTable(setup, {6, 7});
}

TEST(ViewKey, Issue19_EqualKeysMeanEqualViews_SixSeatsHirelingsExiles) {
  rules::GameSetup setup;
  setup.deck = "exiles";
  setup.factions = {rules::kVagabond,  rules::kMarquise, rules::kVagabond2,
                    rules::kRiverfolk, rules::kEyrie,    rules::kCorvid};
  setup.hirelings = {{rules::kHirelingSpringUprising, true},
                     {rules::kHirelingFlameBearers, false},
                     {rules::kHirelingVaultKeepers, false}};
  CheckTable(setup, {8, 9});
}

TEST(ViewKey, Issue19_EqualKeysMeanEqualViews_DraftedMountainTable) {
  rules::GameSetup setup;
  setup.mode = rules::GameSetup::kAdvancedSetup;
  setup.map = "mountain";
  setup.deck = "exiles";
  setup.factions.assign(4, rules::kNoFaction);
  CheckTable(setup, {10, 11});
}

}  // namespace
}  // namespace woodland::referee
