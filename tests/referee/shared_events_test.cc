// Issue 19.3: events converted once for every seat (referee/shared_events.h)
// are, for each seat, exactly its own conversion (EventToProto with its
// seat), and a card the seat may not see is never in them (Law 1.2), over
// random games of many tables, each seat reading the events at its own
// requests as the match runner does.
#include "referee/shared_events.h"

#include <gtest/gtest.h>

#include "referee/convert.h"
#include "referee/rules/chance.h"
#include "referee/rules/types.h"
#include "referee/wire_fields.h"

namespace woodland::referee {
namespace {

// Plays a random game; returns how many events a seat got whose card it
// was not shown.
int CheckGame(rules::GameSetup setup, uint64_t seed) {
  setup.record_events = true;
  setup.max_turns = 40;
  auto started = rules::State::NewGame(setup, seed);
  EXPECT_TRUE(started.ok()) << started.status();
  if (!started.ok()) return 0;
  rules::State s = *std::move(started);
  SharedEvents shared;
  std::vector<size_t> cursor(s.num_seats(), 0);
  rules::Chance pick(seed);
  int hidden = 0;
  for (int step = 0; !s.IsTerminal() && step < 5000; ++step) {
    const int seat = s.deciding_seat();
    for (size_t e = cursor[seat]; e < s.events().size(); ++e) {
      v1::Event own;
      EventToProto(s, s.events()[e], seat, &own);
      const std::string& bytes = shared.Bytes(s, e, seat);
      EXPECT_EQ(bytes, own.SerializeAsString())
          << "seat " << seat << " event " << e << ": " << own.DebugString();
      if (bytes != own.SerializeAsString()) return hidden;
      const rules::Event& ev = s.events()[e];
      if (ev.card != rules::kNoCard &&
          !rules::State::EventCardVisible(ev, seat)) {
        ++hidden;
        v1::Event got;
        EXPECT_TRUE(got.ParseFromString(bytes));
        EXPECT_FALSE(got.has_card()) << got.DebugString();
      }
    }
    cursor[seat] = s.events().size();
    const int k = pick.Draw(rules::kChancePick, s.options().size());
    EXPECT_TRUE(s.Apply(seat, k).ok());
  }
  return hidden;
}

TEST(SharedEvents, Issue19_EachSeatGetsItsOwnConversion_BaseFactions) {
  rules::GameSetup setup;
  setup.factions = {rules::kMarquise, rules::kEyrie, rules::kAlliance,
                    rules::kVagabond};
  int hidden = 0;
  for (uint64_t seed : {1, 2}) hidden += CheckGame(setup, seed);
  EXPECT_GT(hidden, 0) << "some events hide their card from some seats";
}

TEST(SharedEvents, Issue19_EachSeatGetsItsOwnConversion_HirelingsExiles) {
  rules::GameSetup setup;
  setup.map = "lake";
  setup.deck = "exiles";
  setup.factions = {rules::kMarquise,  rules::kVagabond, rules::kEyrie,
                    rules::kVagabond2, rules::kCorvid,   rules::kRiverfolk};
  setup.hirelings = {{rules::kHirelingFlameBearers, false},
                     {rules::kHirelingVaultKeepers, true},
                     {rules::kHirelingPopularBand, false}};
  for (uint64_t seed : {3, 4}) CheckGame(setup, seed);
}

TEST(SharedEvents, Issue19_EachSeatGetsItsOwnConversion_Expansions) {
  rules::GameSetup setup;
  setup.factions = {rules::kCult,   rules::kRiverfolk, rules::kDuchy,
                    rules::kCorvid, rules::kHundreds,  rules::kKeepers};
  CheckGame(setup, 5);
}

// Drafted seats (Law 19.8.3) name no faction until the draft is done.
TEST(SharedEvents, Issue19_EachSeatGetsItsOwnConversion_Draft) {
  rules::GameSetup setup;
  setup.mode = rules::GameSetup::kAdvancedSetup;
  setup.map = "mountain";
  setup.factions.assign(4, rules::kNoFaction);
  for (uint64_t seed : {6, 7}) CheckGame(setup, seed);
}

// Issue 19.3: an event written by hand (AppendEventBytes: fields 1-9 by
// hand, the payload built) is byte for byte EventToProto's serialization,
// for every seat and a spectator, cards shown or hidden (Law 1.2), on
// tables with every kind of event (expansions, hirelings, the Exiles and
// Partisans deck, a draft), appended after what the buffer holds.
int CheckHandWritten(rules::GameSetup setup, uint64_t seed) {
  setup.record_events = true;
  setup.max_turns = 40;
  auto started = rules::State::NewGame(setup, seed);
  EXPECT_TRUE(started.ok()) << started.status();
  if (!started.ok()) return 0;
  rules::State s = *std::move(started);
  rules::Chance pick(seed);
  for (int step = 0; !s.IsTerminal() && step < 5000; ++step) {
    const int k = pick.Draw(rules::kChancePick, s.options().size());
    EXPECT_TRUE(s.Apply(s.deciding_seat(), k).ok());
  }
  v1::Event scratch;
  int checked = 0;
  for (const rules::Event& e : s.events()) {
    for (int seat = -1; seat < s.num_seats(); ++seat) {
      v1::Event own;
      EventToProto(s, e, seat, &own);
      std::string got = "kept";
      AppendEventBytes(s, e, seat, &got, &scratch);
      EXPECT_EQ(got, "kept" + own.SerializeAsString()) << own.DebugString();
      if (got != "kept" + own.SerializeAsString()) return checked;
      ++checked;
    }
  }
  return checked;
}

TEST(SharedEvents, Issue19_HandWrittenEventsAreTheirSerialization) {
  rules::GameSetup base;
  base.factions = {rules::kMarquise, rules::kEyrie, rules::kAlliance,
                   rules::kVagabond};
  EXPECT_GT(CheckHandWritten(base, 1), 1000);
  rules::GameSetup exiles;
  exiles.map = "lake";
  exiles.deck = "exiles";
  exiles.factions = {rules::kMarquise,  rules::kVagabond, rules::kEyrie,
                     rules::kVagabond2, rules::kCorvid,   rules::kRiverfolk};
  exiles.hirelings = {{rules::kHirelingFlameBearers, false},
                      {rules::kHirelingVaultKeepers, true},
                      {rules::kHirelingPopularBand, false}};
  EXPECT_GT(CheckHandWritten(exiles, 3), 1000);
  rules::GameSetup expansions;
  expansions.factions = {rules::kCult,   rules::kRiverfolk, rules::kDuchy,
                         rules::kCorvid, rules::kHundreds,  rules::kKeepers};
  EXPECT_GT(CheckHandWritten(expansions, 5), 1000);
  rules::GameSetup draft;
  draft.mode = rules::GameSetup::kAdvancedSetup;
  draft.map = "mountain";
  draft.factions.assign(4, rules::kNoFaction);
  EXPECT_GT(CheckHandWritten(draft, 6), 1000);
}

// Issue 19.3: the labels a match keeps (OptionLabels) are the engine's:
// at every decision of random games, every option's label from the match's
// OptionLabels is State::OptionLabel, and its OptionToProto the same as
// without them; tables with the Ferry (the Lake map), hirelings, the
// Exiles and Partisans deck, expansion factions and a draft. Returns how
// many labels were compared.
int CheckLabels(rules::GameSetup setup, uint64_t seed) {
  setup.max_turns = 40;
  auto started = rules::State::NewGame(setup, seed);
  EXPECT_TRUE(started.ok()) << started.status();
  if (!started.ok()) return 0;
  rules::State s = *std::move(started);
  OptionLabels labels;
  rules::Chance pick(seed);
  int checked = 0;
  for (int step = 0; !s.IsTerminal() && step < 5000; ++step) {
    for (const rules::Option& o : s.options()) {
      const std::string want = s.OptionLabel(o);
      EXPECT_EQ(labels.Of(s, o), want) << "step " << step;
      if (labels.Of(s, o) != want) return checked;
      v1::Option kept, made;
      OptionToProto(s, o, &kept, &labels);
      OptionToProto(s, o, &made);
      EXPECT_EQ(kept.SerializeAsString(), made.SerializeAsString());
      ++checked;
    }
    const int k = pick.Draw(rules::kChancePick, s.options().size());
    EXPECT_TRUE(s.Apply(s.deciding_seat(), k).ok());
  }
  return checked;
}

TEST(OptionLabels, Issue19_KeptLabelsAreTheEnginesLabels) {
  rules::GameSetup base;
  base.factions = {rules::kMarquise, rules::kEyrie, rules::kAlliance,
                   rules::kVagabond};
  EXPECT_GT(CheckLabels(base, 1), 1000);
  rules::GameSetup lake;
  lake.map = "lake";
  lake.deck = "exiles";
  lake.factions = {rules::kMarquise,  rules::kVagabond, rules::kEyrie,
                   rules::kVagabond2, rules::kCorvid,   rules::kRiverfolk};
  lake.hirelings = {{rules::kHirelingFlameBearers, false},
                    {rules::kHirelingVaultKeepers, true},
                    {rules::kHirelingPopularBand, false}};
  for (uint64_t seed : {2, 3}) EXPECT_GT(CheckLabels(lake, seed), 1000);
  rules::GameSetup expansions;
  expansions.factions = {rules::kCult,   rules::kRiverfolk, rules::kDuchy,
                         rules::kCorvid, rules::kHundreds,  rules::kKeepers};
  EXPECT_GT(CheckLabels(expansions, 4), 1000);
  rules::GameSetup draft;
  draft.mode = rules::GameSetup::kAdvancedSetup;
  draft.map = "mountain";
  draft.factions.assign(4, rules::kNoFaction);
  EXPECT_GT(CheckLabels(draft, 5), 1000);
}

// Issue 19.3: the labels and option entries (OptionLabels::AppendEntry) a
// match keeps are its own. Two matches whose clearings' suits and cards
// differ (the Autumn map and the standard deck; the Lake map and the Exiles
// and Partisans deck) are played in turn on one thread, a decision of each
// at a time, each with its own OptionLabels: every option's entry is the
// serialization of its OptionToProto as a request's field 6, its label
// where AppendEntry says, and Of(s, o) the engine's label (a cache shared by
// a thread's matches would give one match the other's). Returns how many
// options were compared.
int CheckInterleaved(std::vector<rules::GameSetup> setups) {
  std::vector<rules::State> games;
  for (rules::GameSetup& setup : setups) {
    setup.max_turns = 40;
    auto started = rules::State::NewGame(setup, games.size() + 1);
    EXPECT_TRUE(started.ok()) << started.status();
    if (!started.ok()) return 0;
    games.push_back(*std::move(started));
  }
  std::vector<OptionLabels> labels(games.size());
  rules::Chance pick(7);
  int checked = 0;
  std::string entry, want;
  for (int step = 0; step < 3000; ++step) {
    for (size_t g = 0; g < games.size(); ++g) {
      rules::State& s = games[g];
      if (s.IsTerminal()) continue;
      for (const rules::Option& o : s.options()) {
        v1::Option made;
        OptionToProto(s, o, &made);
        want.clear();
        wire::PutBytes(6, made.SerializeAsString(), &want);
        entry.assign("x");  // appended after what a request holds
        const OptionLabels::Span at = labels[g].AppendEntry(s, o, 6, &entry);
        EXPECT_EQ(entry.substr(1), want) << "game " << g << " step " << step;
        EXPECT_EQ(entry.substr(at.offset, at.size), made.label());
        EXPECT_EQ(labels[g].Of(s, o), made.label());
        if (entry.substr(1) != want) return checked;
        ++checked;
      }
      const int k = pick.Draw(rules::kChancePick, s.options().size());
      EXPECT_TRUE(s.Apply(s.deciding_seat(), k).ok());
    }
  }
  return checked;
}

TEST(OptionLabels, Issue19_3_InterleavedMatchesKeepTheirOwnLabels) {
  rules::GameSetup autumn;
  autumn.factions = {rules::kMarquise, rules::kEyrie, rules::kAlliance,
                     rules::kVagabond};
  rules::GameSetup lake = autumn;
  lake.map = "lake";
  lake.deck = "exiles";
  EXPECT_GT(CheckInterleaved({autumn, lake}), 2000);
}

// Issue 19.3: an option whose label is made anew (the Vagabonds', the
// Riverfolk's, the Cult's and the other expansion factions' actions, the
// hirelings' prompts, once-per-turn effects, the Exiles deck's extras)
// reuses the entry it last had only as its serialization: at every decision
// of random tables with those factions, hirelings and a draft, every
// option's entry is its OptionToProto's.
TEST(OptionLabels, Issue19_3_EntriesOfLabelsMadeAnewAreTheirSerialization) {
  rules::GameSetup lake;
  lake.map = "lake";
  lake.deck = "exiles";
  lake.factions = {rules::kVagabond, rules::kRiverfolk, rules::kVagabond2,
                   rules::kCult,     rules::kMarquise,  rules::kDuchy};
  lake.hirelings = {{rules::kHirelingFlameBearers, false},
                    {rules::kHirelingVaultKeepers, true},
                    {rules::kHirelingPopularBand, false}};
  EXPECT_GT(CheckInterleaved({lake}), 1000);
  rules::GameSetup expansions;
  expansions.factions = {rules::kCult,   rules::kRiverfolk, rules::kDuchy,
                         rules::kCorvid, rules::kHundreds,  rules::kKeepers};
  EXPECT_GT(CheckInterleaved({expansions}), 1000);
  rules::GameSetup draft;
  draft.mode = rules::GameSetup::kAdvancedSetup;
  draft.factions.assign(5, rules::kNoFaction);
  EXPECT_GT(CheckInterleaved({draft}), 1000);
}

}  // namespace
}  // namespace woodland::referee
