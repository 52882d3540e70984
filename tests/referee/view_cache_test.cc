// Issue 19.3: the sectioned view (ViewCache, referee/view_cache.h) writes
// exactly the bytes of the plain view (ObservationToProto serialized
// deterministically), and says where each of its fields lies exactly as a
// scan of those bytes finds them. Checked over random games of many tables
// (two to six seats, two Vagabonds, the Exiles and Partisans deck,
// hirelings, the Mountain's paths, a draft, every expansion faction), at
// every decision: for every seat and the spectator with one cache asked for
// all of them each time, and for the deciding seat with another asked only
// for it, as the match runner does (its kept sections, the Corvids' above
// all, then lag many decisions behind).
#include "referee/view_cache.h"

#include <gtest/gtest.h>

#include "referee/convert.h"
#include "referee/rules/chance.h"
#include "referee/rules/types.h"
#include "referee/wire_fields.h"
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

// Whether `f` says where each top-level field of `view` lies, as a scan of
// its bytes finds them.
bool FieldsAreTheScanned(const std::string& view, const ViewFields& f) {
  if (!f.ok) return false;
  ViewFields scanned;
  const absl::Status st = wire::ForEachField(view, [&](const wire::Field& x) {
    const auto at = static_cast<uint32_t>(x.bytes.data() - view.data());
    if (scanned.end[x.number] == 0) scanned.begin[x.number] = at;
    scanned.end[x.number] = at + static_cast<uint32_t>(x.bytes.size());
  });
  if (!st.ok()) return false;
  for (int n = 0; n <= ViewFields::kMaxField; ++n) {
    const bool absent = scanned.end[n] == 0;
    if (absent ? f.begin[n] != f.end[n]
               : f.begin[n] != scanned.begin[n] || f.end[n] != scanned.end[n])
      return false;
  }
  return true;
}

// Plays a random game of `setup`, checking both caches at every decision;
// returns the deciding-seat cache's counts.
ViewCache::Stats CheckGame(rules::GameSetup setup, uint64_t seed) {
  setup.record_events = true;
  if (setup.max_turns == 0) setup.max_turns = 40;
  auto started = rules::State::NewGame(setup, seed);
  EXPECT_TRUE(started.ok()) << started.status();
  if (!started.ok()) return {};
  rules::State s = *std::move(started);
  const int n = s.num_seats();
  std::string view;
  ViewFields fields;
  ViewCache every_seat, deciding_seat;
  rules::Chance pick(seed);
  for (int step = 0; !s.IsTerminal() && step < 5000; ++step) {
    for (int i = -1; i < n; ++i) {
      every_seat.Serialize(s, i, &view, &fields);
      const std::string plain = View(s, i);
      EXPECT_EQ(view, plain) << "seat " << i << " step " << step;
      EXPECT_TRUE(FieldsAreTheScanned(view, fields))
          << "seat " << i << " step " << step;
      if (view != plain) return deciding_seat.stats();
    }
    const int seat = s.deciding_seat();
    deciding_seat.Serialize(s, seat, &view, &fields);
    EXPECT_EQ(view, View(s, seat))
        << "deciding seat " << seat << " step " << step;
    EXPECT_TRUE(FieldsAreTheScanned(view, fields)) << "step " << step;
    const int k = pick.Draw(rules::kChancePick, s.options().size());
    EXPECT_TRUE(s.Apply(seat, k).ok());
  }
  return deciding_seat.stats();
}

void CheckTable(const rules::GameSetup& setup, std::vector<uint64_t> seeds) {
  ViewCache::Stats all;
  for (uint64_t seed : seeds) {
    const ViewCache::Stats c = CheckGame(setup, seed);
    all.made += c.made;
    all.kept += c.kept;
  }
  // The cache serves: most sections are kept from an earlier view.
  EXPECT_GT(all.kept, all.made);
  std::printf("%lld of %lld sections kept\n", static_cast<long long>(all.kept),
              static_cast<long long>(all.kept + all.made));
}

TEST(ViewCache, Issue19_SectionedViewIsThePlainView_MarquiseEyrie) {
  rules::GameSetup setup;
  setup.factions = {rules::kMarquise, rules::kEyrie};
  CheckTable(setup, {1, 2});
}

TEST(ViewCache, Issue19_SectionedViewIsThePlainView_AutumnStandard) {
  rules::GameSetup setup;
  setup.factions = {rules::kMarquise, rules::kEyrie, rules::kAlliance,
                    rules::kVagabond};
  CheckTable(setup, {1, 2, 3});
}

TEST(ViewCache,
     Issue19_SectionedViewIsThePlainView_LakeExilesHirelingsTwoVagabonds) {
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

TEST(ViewCache, Issue19_SectionedViewIsThePlainView_SixExpansionFactions) {
  rules::GameSetup setup;
  setup.map = "winter";
  setup.factions = {rules::kCult,   rules::kRiverfolk, rules::kDuchy,
                    rules::kCorvid, rules::kHundreds,  rules::kKeepers};
  CheckTable(setup, {6, 7});
}

TEST(ViewCache, Issue19_SectionedViewIsThePlainView_SixSeatsHirelingsExiles) {
  rules::GameSetup setup;
  setup.deck = "exiles";
  setup.factions = {rules::kVagabond,  rules::kMarquise, rules::kVagabond2,
                    rules::kRiverfolk, rules::kEyrie,    rules::kCorvid};
  setup.hirelings = {{rules::kHirelingSpringUprising, true},
                     {rules::kHirelingFlameBearers, false},
                     {rules::kHirelingVaultKeepers, false}};
  CheckTable(setup, {8, 9});
}

TEST(ViewCache, Issue19_SectionedViewIsThePlainView_DraftedMountainTable) {
  rules::GameSetup setup;
  setup.mode = rules::GameSetup::kAdvancedSetup;
  setup.map = "mountain";
  setup.deck = "exiles";
  setup.factions.assign(4, rules::kNoFaction);
  CheckTable(setup, {10, 11});
}

TEST(ViewCache, Issue19_SectionedViewIsThePlainView_MountainLandmarksCorvids) {
  rules::GameSetup setup;
  setup.map = "mountain";
  setup.deck = "exiles";
  setup.factions = {rules::kCorvid, rules::kMarquise, rules::kDuchy,
                    rules::kVagabond};
  setup.landmarks = {{rules::kLandmarkElderTreetop, -1},
                     {rules::kLandmarkLegendaryForge, -1}};
  CheckTable(setup, {12, 13});
}

}  // namespace
}  // namespace woodland::referee
