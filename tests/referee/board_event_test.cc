// Issue 19.3: the board event computed from serialized views
// (BoardEventFromBytes) is the one BoardEventToProto computes, at every
// request of whole random matches (base and expansion factions, 2-6 seats).
#include "referee/board_event.h"

#include <gtest/gtest.h>

#include "referee/convert.h"
#include "referee/rules/chance.h"
#include "referee/rules/types.h"
#include "referee/view_cache.h"
#include "tests/referee/view_hash.h"

namespace woodland::referee {
namespace {

std::string Deterministic(const google::protobuf::Message& o) {
  std::string out;
  test_util::AppendDeterministic(o, &out);
  return out;
}

// Plays a random game, comparing both board events at each decision; returns
// how many events there were.
int CompareOverGame(const std::vector<int8_t>& factions, uint64_t seed) {
  rules::GameSetup setup;
  setup.factions = factions;
  setup.record_events = true;
  setup.max_turns = 60;
  auto started = rules::State::NewGame(setup, seed);
  EXPECT_TRUE(started.ok()) << started.status();
  if (!started.ok()) return 0;
  rules::State s = *std::move(started);
  const int n = s.num_seats();
  std::vector<v1::Observation> shown(n);
  std::vector<std::string> last(n);
  rules::Chance pick(seed);
  int events = 0;
  for (int step = 0; !s.IsTerminal() && step < 4000; ++step) {
    const int seat = s.deciding_seat();
    v1::Observation now;
    ObservationToProto(s, seat, &now);
    const std::string bytes = Deterministic(now);
    v1::Event slow, fast;
    const bool slow_has = BoardEventToProto(s, seat, now, &shown[seat], &slow);
    const bool fast_has =
        BoardEventFromBytes(s, seat, last[seat], bytes, &fast);
    EXPECT_EQ(slow_has, fast_has) << "step " << step;
    EXPECT_EQ(slow.SerializeAsString(), fast.SerializeAsString())
        << "step " << step << "\n"
        << slow.DebugString() << "\nvs\n"
        << fast.DebugString();
    if (slow.SerializeAsString() != fast.SerializeAsString()) return events;
    // Left as bytes, the view serializes to the same bytes (what the bot
    // receives).
    v1::Event raw;
    EXPECT_EQ(BoardEventFromBytes(s, seat, last[seat], bytes, &raw,
                                  /*raw_view=*/true),
              fast_has);
    EXPECT_EQ(Deterministic(raw), Deterministic(fast)) << "step " << step;
    events += slow_has;
    last[seat] = bytes;
    const int k = pick.Draw(rules::kChancePick, s.options().size());
    EXPECT_TRUE(s.Apply(seat, k).ok());
  }
  return events;
}

TEST(BoardEvent, Issue19_FromBytesEqualsBoardEventToProto_BaseFactions) {
  for (uint64_t seed : {1, 2, 3}) {
    EXPECT_GT(CompareOverGame({rules::kMarquise, rules::kEyrie,
                               rules::kAlliance, rules::kVagabond},
                              seed),
              10);
  }
}

TEST(BoardEvent, Issue19_FromBytesEqualsBoardEventToProto_Expansions) {
  EXPECT_GT(CompareOverGame({rules::kCult, rules::kRiverfolk, rules::kDuchy,
                             rules::kCorvid, rules::kHundreds, rules::kKeepers},
                            4),
            10);
  EXPECT_GT(CompareOverGame({rules::kVagabond, rules::kVagabond2}, 5), 5);
}

// Issue 19.3: the board event written as bytes (AppendBoardEventFromFields)
// is the serialization of the one BoardEventFromFields builds with its view
// left as bytes (what a bot received before), at every request of random
// games (views from ViewCache, which says where their fields lie).
int CompareBytesOverGame(const std::vector<int8_t>& factions, uint64_t seed) {
  rules::GameSetup setup;
  setup.factions = factions;
  setup.record_events = true;
  setup.max_turns = 60;
  auto started = rules::State::NewGame(setup, seed);
  EXPECT_TRUE(started.ok()) << started.status();
  if (!started.ok()) return 0;
  rules::State s = *std::move(started);
  const int n = s.num_seats();
  ViewCache cache;
  std::vector<std::string> last(n);
  std::vector<ViewFields> last_fields(n);
  rules::Chance pick(seed);
  int events = 0;
  for (int step = 0; !s.IsTerminal() && step < 4000; ++step) {
    const int seat = s.deciding_seat();
    std::string now;
    ViewFields now_fields;
    cache.Serialize(s, seat, &now, &now_fields);
    v1::Event built;
    const bool has = BoardEventFromFields(
        s, seat, last[seat], last_fields[seat], now, now_fields, &built,
        /*raw_view=*/true);
    std::string bytes = "kept";
    EXPECT_EQ(AppendBoardEventFromFields(s, seat, last[seat], last_fields[seat],
                                         now, now_fields, &bytes),
              has)
        << "step " << step;
    EXPECT_EQ(bytes, has ? "kept" + built.SerializeAsString() : "kept")
        << "step " << step;
    if (bytes != (has ? "kept" + built.SerializeAsString() : "kept"))
      return events;
    events += has;
    last[seat] = now;
    last_fields[seat] = now_fields;
    const int k = pick.Draw(rules::kChancePick, s.options().size());
    EXPECT_TRUE(s.Apply(seat, k).ok());
  }
  return events;
}

TEST(BoardEvent, Issue19_WrittenAsBytesIsTheBuiltEventsSerialization) {
  EXPECT_GT(CompareBytesOverGame({rules::kMarquise, rules::kEyrie,
                                  rules::kAlliance, rules::kVagabond},
                                 1),
            10);
  EXPECT_GT(
      CompareBytesOverGame({rules::kCult, rules::kRiverfolk, rules::kDuchy,
                            rules::kCorvid, rules::kHundreds, rules::kKeepers},
                           4),
      10);
  EXPECT_GT(CompareBytesOverGame({rules::kVagabond, rules::kVagabond2}, 5), 5);
}

// A field missing from the new view (present before) is a change, and the
// event's view leaves it out, as BoardEventToProto does.
TEST(BoardEvent, Issue19_RemovedFieldIsAChange) {
  rules::GameSetup setup;
  setup.factions = {rules::kMarquise, rules::kEyrie};
  auto s = rules::State::NewGame(setup, 1);
  ASSERT_TRUE(s.ok());
  v1::Observation before, after;
  ObservationToProto(*s, 0, &before);
  after = before;
  after.clear_marquise();
  ASSERT_TRUE(before.has_marquise());
  v1::Observation shown = before;
  v1::Event slow, fast;
  ASSERT_TRUE(BoardEventToProto(*s, 0, after, &shown, &slow));
  ASSERT_TRUE(BoardEventFromBytes(*s, 0, Deterministic(before),
                                  Deterministic(after), &fast));
  EXPECT_EQ(slow.SerializeAsString(), fast.SerializeAsString());
  EXPECT_FALSE(fast.board().view().has_marquise());
  EXPECT_EQ(fast.board().fields(0), "marquise");
}

}  // namespace
}  // namespace woodland::referee
