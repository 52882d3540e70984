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

#include <algorithm>
#include <set>

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

// Issue 19.3: every Observation field numbered 10 or more is a section of
// its own (a field missing from kRestFields would never be written).
TEST(ViewCache, Issue19_EveryLaterFieldIsASection) {
  const auto* d = v1::Observation::descriptor();
  std::vector<int> later;
  for (int i = 0; i < d->field_count(); ++i) {
    if (d->field(i)->number() >= 10) later.push_back(d->field(i)->number());
  }
  std::sort(later.begin(), later.end());
  EXPECT_EQ(later, std::vector<int>(ViewCache::kRestFields.begin(),
                                    ViewCache::kRestFields.end()));
}

// Whether `d` or a message in its fields has a map field.
bool HasMap(const google::protobuf::Descriptor* d,
            std::set<const google::protobuf::Descriptor*>& seen) {
  if (!seen.insert(d).second) return false;
  for (int i = 0; i < d->field_count(); ++i) {
    const google::protobuf::FieldDescriptor* f = d->field(i);
    if (f->is_map()) return true;
    if (f->message_type() != nullptr && HasMap(f->message_type(), seen))
      return true;
  }
  return false;
}

// Issue 19.3: the view cache serializes sections without the deterministic
// flag, which only orders map entries: the view has no map.
TEST(ViewCache, Issue19_TheViewHasNoMap) {
  std::set<const google::protobuf::Descriptor*> seen;
  EXPECT_FALSE(HasMap(v1::Observation::descriptor(), seen));
}

// Issue 19.3: random tables drawn from a seed: two to six seats of any
// factions (both Vagabonds among them), any map and deck, hirelings and
// landmarks or not.
rules::GameSetup RandomTable(uint64_t seed) {
  rules::Chance draw(seed);
  rules::GameSetup setup;
  static constexpr const char* kMaps[] = {"autumn", "winter", "lake",
                                          "mountain"};
  setup.map = kMaps[draw.Draw(rules::kChancePick, 4)];
  setup.deck = draw.Draw(rules::kChancePick, 2) ? "exiles" : "standard";
  const int seats = 2 + draw.Draw(rules::kChancePick, 5);
  std::vector<int8_t> pool;
  for (int f = 0; f < rules::kNumFactions; ++f) pool.push_back(f);
  for (int i = 0; i < seats; ++i) {
    const int k = draw.Draw(rules::kChancePick, pool.size());
    setup.factions.push_back(pool[k]);
    pool.erase(pool.begin() + k);
  }
  // The second Vagabond only with the first (Law 9.7).
  for (int8_t& f : setup.factions) {
    if (f == rules::kVagabond2 &&
        std::find(setup.factions.begin(), setup.factions.end(),
                  rules::kVagabond) == setup.factions.end()) {
      f = rules::kVagabond;
    }
  }
  if (seats <= 4 && draw.Draw(rules::kChancePick, 2)) {
    std::vector<int8_t> hirelings;
    for (int h = 0; h < rules::kNumHirelings; ++h) hirelings.push_back(h);
    for (int i = 0; i < 3; ++i) {
      const int k = draw.Draw(rules::kChancePick, hirelings.size());
      setup.hirelings.push_back(
          {hirelings[k], draw.Draw(rules::kChancePick, 2) != 0});
      hirelings.erase(hirelings.begin() + k);
    }
  }
  if (draw.Draw(rules::kChancePick, 2)) {
    setup.landmarks = {{rules::kLandmarkElderTreetop, -1},
                       {rules::kLandmarkLegendaryForge, -1}};
  }
  return setup;
}

TEST(ViewCache, Issue19_SectionedViewIsThePlainView_RandomTables) {
  int tables = 0;
  for (uint64_t seed = 100; tables < 12 && seed < 400; ++seed) {
    rules::GameSetup setup = RandomTable(seed);
    setup.max_turns = 24;
    if (!rules::State::NewGame(setup, seed).ok()) continue;  // not allowed
    SCOPED_TRACE(testing::Message() << "table seed " << seed);
    ++tables;
    CheckGame(setup, seed);
  }
  EXPECT_EQ(tables, 12);
}

}  // namespace
// The turn's progress written by hand (defined in convert.cc).
void AppendProgressField(const rules::State& s, std::string* out);
namespace {

// Issue 19.3: the supplies (field 30) and the Riverfolk's board (field 18)
// written by hand are the serialization of ObservationToProto with only that
// field, for every seat and the spectator (the Corvids' plots by kind in
// their own view only, Law 13.2.2.I) at every decision of random games with
// the Corvids and the Riverfolk, and of a table without the Riverfolk.
int CheckHandWrittenFields(const rules::GameSetup& table, uint64_t seed,
                           std::vector<int> fields = {30, 18}) {
  rules::GameSetup setup = table;
  setup.max_turns = 40;
  auto started = rules::State::NewGame(setup, seed);
  EXPECT_TRUE(started.ok()) << started.status();
  if (!started.ok()) return 0;
  rules::State s = *std::move(started);
  rules::Chance pick(seed);
  int checked = 0;
  KeptCards cards;
  for (int step = 0; !s.IsTerminal() && step < 5000; ++step) {
    for (int seat = -1; seat < s.num_seats(); ++seat) {
      const rules::Observation o = rules::Observe(s, seat);
      for (int number : fields) {
        v1::Observation only;
        ObservationToProto(s, o, &only, uint64_t{1} << number);
        std::string want = "kept", got = "kept";
        test_util::AppendDeterministic(only, &want);
        if (number == 30) AppendSupplyField(s, o, &got);
        if (number == 18) AppendRiverfolkField(s, o, &got);
        if (number == 31) AppendProgressField(s, &got);
        if (number == 16 || number == 23)
          AppendVagabondField(s, o, number, &got);
        if (number == 12) AppendRevealedHandsField(s, o, cards, &got);
        if (number == 17) AppendCultField(s, o, cards, &got);
        if (number >= 13 && number <= 15)
          AppendBaseBoardField(s, o, number, cards, &got);
        for (int i = 0; number == 6 && i < static_cast<int>(o.seats.size());
             ++i) {
          AppendSeatViewEntry(s, o, i, cards, &got);
        }
        EXPECT_EQ(got, want)
            << "field " << number << " seat " << seat << " step " << step;
        if (got != want) return checked;
        ++checked;
      }
    }
    const int k = pick.Draw(rules::kChancePick, s.options().size());
    EXPECT_TRUE(s.Apply(s.deciding_seat(), k).ok());
  }
  return checked;
}

TEST(ViewCache, Issue19_HandWrittenSupplyAndRiverfolkAreTheirSerialization) {
  rules::GameSetup with;
  with.factions = {rules::kCorvid,   rules::kRiverfolk, rules::kMarquise,
                   rules::kVagabond, rules::kCult,      rules::kEyrie};
  for (uint64_t seed : {1, 2})
    EXPECT_GT(CheckHandWrittenFields(with, seed), 100);
  rules::GameSetup without;
  without.factions = {rules::kMarquise, rules::kEyrie};
  EXPECT_GT(CheckHandWrittenFields(without, 3), 100);
  rules::GameSetup draft;
  draft.mode = rules::GameSetup::kAdvancedSetup;
  draft.factions.assign(4, rules::kNoFaction);
  EXPECT_GT(CheckHandWrittenFields(draft, 4), 100);
}

// Issue 19.3: the turn's progress (field 31) written by hand is the
// serialization of ObservationToProto with only that field (Marquise
// actions, Decree columns resolved, Alliance operations, Vagabond aids and
// exhausted items, crafting, once-per-turn effects) at every decision.
TEST(ViewCache, Issue19_HandWrittenProgressIsItsSerialization) {
  rules::GameSetup table;
  table.factions = {rules::kMarquise, rules::kEyrie, rules::kAlliance,
                    rules::kVagabond};
  for (uint64_t seed : {5, 6})
    EXPECT_GT(CheckHandWrittenFields(table, seed, {31}), 100);
  rules::GameSetup two_vagabonds;
  two_vagabonds.factions = {rules::kVagabond, rules::kVagabond2, rules::kCult,
                            rules::kRiverfolk};
  EXPECT_GT(CheckHandWrittenFields(two_vagabonds, 7, {31}), 100);
}

// Issue 19.3: the Vagabonds' boards (field 16, the first Vagabond's, and
// 23, every Vagabond's) written by hand are their serialization (items,
// relationships, quests, ruins with items, coalition, the Scoundrel's
// torch) at every decision, with one and two Vagabonds and in a draft.
TEST(ViewCache, Issue19_3_HandWrittenVagabondsAreTheirSerialization) {
  rules::GameSetup one;
  one.factions = {rules::kMarquise, rules::kEyrie, rules::kAlliance,
                  rules::kVagabond};
  for (uint64_t seed : {8, 9})
    EXPECT_GT(CheckHandWrittenFields(one, seed, {16, 23}), 100);
  rules::GameSetup two;
  two.map = "lake";
  two.factions = {rules::kVagabond, rules::kVagabond2, rules::kCult,
                  rules::kRiverfolk};
  EXPECT_GT(CheckHandWrittenFields(two, 10, {16, 23}), 100);
  rules::GameSetup draft;
  draft.mode = rules::GameSetup::kAdvancedSetup;
  draft.factions.assign(5, rules::kNoFaction);
  EXPECT_GT(CheckHandWrittenFields(draft, 11, {16, 23}), 100);
}

// Issue 19.3: the seats' public views (field 6: victory points, hand
// sizes, dominance cards, play areas, items), the hands shown to the viewer
// (field 12, its own) and the Marquise's, Eyrie's and Alliance's boards
// (fields 13-15: the Decree's cards and Viziers, leaders, the supporters'
// cards in the Alliance's view only, Law 8.2.5) written by hand are their
// serialization, for every seat and the spectator at every decision, with
// and without those factions seated and in a draft.
TEST(ViewCache, Issue19_3_HandWrittenSeatsAndBaseBoardsAreTheirSerialization) {
  rules::GameSetup base;
  base.factions = {rules::kMarquise, rules::kEyrie, rules::kAlliance,
                   rules::kVagabond};
  for (uint64_t seed : {12, 13})
    EXPECT_GT(CheckHandWrittenFields(base, seed, {6, 12, 13, 14, 15}), 100);
  rules::GameSetup exiles;
  exiles.deck = "exiles";
  exiles.factions = {rules::kEyrie, rules::kCorvid, rules::kAlliance};
  EXPECT_GT(CheckHandWrittenFields(exiles, 14, {6, 12, 13, 14, 15}), 100);
  rules::GameSetup draft;
  draft.mode = rules::GameSetup::kAdvancedSetup;
  draft.factions.assign(5, rules::kNoFaction);
  EXPECT_GT(CheckHandWrittenFields(draft, 15, {6, 12, 13, 14, 15}), 100);
}

// Issue 19.3: the Lizard Cult's board (field 17: the Outcast and whether
// Hated, Law 10.4.1; the Acolytes, 10.2.3; the Lost Souls, 10.2.6; the cards
// revealed and suits scored this turn, 10.5; the gardens left on its
// tracks) written by hand is its serialization at every decision, and
// nothing while the Cult is not seated.
TEST(ViewCache, Issue19_3_HandWrittenCultIsItsSerialization) {
  rules::GameSetup cult;
  cult.factions = {rules::kCult, rules::kMarquise, rules::kEyrie,
                   rules::kRiverfolk};
  for (uint64_t seed : {16, 17})
    EXPECT_GT(CheckHandWrittenFields(cult, seed, {17}), 100);
  rules::GameSetup without;
  without.factions = {rules::kMarquise, rules::kEyrie};
  EXPECT_GT(CheckHandWrittenFields(without, 18, {17}), 100);
  rules::GameSetup draft;
  draft.mode = rules::GameSetup::kAdvancedSetup;
  draft.factions.assign(6, rules::kNoFaction);
  EXPECT_GT(CheckHandWrittenFields(draft, 19, {17}), 100);
}

}  // namespace
}  // namespace woodland::referee
