// Issue 19.3: the shared scanner of a message's top-level fields
// (referee/wire_fields.h) on real requests and on malformed bytes: bytes
// from the network give a Status, never a crash or a read past the end.
#include "referee/wire_fields.h"

#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "woodland/v1/bot.pb.h"

namespace woodland::wire {
namespace {

v1::DecisionRequest Request() {
  v1::DecisionRequest r;
  r.set_match_id("m1");
  r.set_seat(2);
  r.mutable_prompt()->set_text("Choose");
  for (int i = 0; i < 3; ++i) r.add_options()->set_label("option");
  r.mutable_observation()->set_turn(7);
  r.add_events()->set_text("an event");
  r.add_events()->set_text("another");
  r.set_seat_decision_index(5);
  return r;
}

// The fields visited, concatenated, are the message itself.
std::string Concatenated(absl::string_view b, std::vector<int>* numbers) {
  std::string all;
  EXPECT_TRUE(ForEachField(b, [&](const Field& f) {
                all.append(f.bytes.data(), f.bytes.size());
                if (numbers) numbers->push_back(f.number);
              }).ok());
  return all;
}

TEST(RefereeWire, Issue19_FieldsOfARequestInOrder) {
  const std::string b = Request().SerializeAsString();
  std::vector<int> numbers;
  EXPECT_EQ(Concatenated(b, &numbers), b);
  const std::vector<int> want = {1, 3, 5, 6, 6, 6, 7, 8, 8, 11};
  EXPECT_EQ(numbers, want);
  EXPECT_TRUE(ForEachField("", [](const Field&) { FAIL(); }).ok());
}

TEST(RefereeWire, Issue19_DroppedFieldsParseAsClearedFields) {
  const v1::DecisionRequest r = Request();
  std::string out = "kept:";
  ASSERT_TRUE(AppendWithoutFields(r.SerializeAsString(), {7, 8, 5}, &out).ok());
  ASSERT_EQ(out.substr(0, 5), "kept:");
  v1::DecisionRequest parsed;
  ASSERT_TRUE(parsed.ParseFromString(out.substr(5)));
  v1::DecisionRequest want = r;
  want.clear_observation();
  want.clear_events();
  want.clear_prompt();
  EXPECT_EQ(parsed.SerializeAsString(), want.SerializeAsString());
  // Nothing to drop: the same bytes.
  std::string same;
  ASSERT_TRUE(AppendWithoutFields(r.SerializeAsString(), {42}, &same).ok());
  EXPECT_EQ(same, r.SerializeAsString());
}

TEST(RefereeWire, Issue19_EveryTruncationIsAStatusOrAFieldBoundary) {
  const std::string b = Request().SerializeAsString();
  std::vector<size_t> boundaries = {0};
  ASSERT_TRUE(ForEachField(b, [&](const Field& f) {
                boundaries.push_back(f.bytes.data() + f.bytes.size() -
                                     b.data());
              }).ok());
  for (size_t n = 0; n <= b.size(); ++n) {
    // A copy of exactly n bytes: a read past its end is caught by ASan and
    // valgrind, not hidden by the rest of `b`.
    const std::string cut = b.substr(0, n);
    const bool boundary =
        std::find(boundaries.begin(), boundaries.end(), n) != boundaries.end();
    std::string out;
    EXPECT_EQ(ForEachField(cut, [](const Field&) {}).ok(), boundary) << n;
    EXPECT_EQ(AppendWithoutFields(cut, {7}, &out).ok(), boundary) << n;
  }
}

TEST(RefereeWire, Issue19_MalformedBytesAreInvalidArgument) {
  const std::vector<std::string> bad = {
      std::string("\x0a\x05"
                  "abc",
                  5),                              // length past the end
      std::string("\x0a\xff\xff\xff\xff\x0f", 6),  // a 4 GB length
      std::string(11, '\xff'),                     // a varint tag too long
      std::string("\x08\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff", 11),
      std::string("\x0e\x00", 2),      // wire type 6
      std::string("\x0f\x00", 2),      // wire type 7
      std::string("\x0c", 1),          // a stray end-group
      std::string("\x0b\x08\x01", 3),  // a group never ended
      std::string("\x02\x00", 2),      // field number 0
      std::string("\x00", 1),          // tag 0
      std::string("\x09\x01\x02", 3),  // fixed64 cut short
      std::string("\x0d\x01", 2),      // fixed32 cut short
  };
  for (const std::string& b : bad) {
    std::string out;
    const absl::Status st = ForEachField(b, [](const Field&) {});
    EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument) << b.size();
    EXPECT_FALSE(AppendWithoutFields(b, {1}, &out).ok());
  }
  // A group is one field, skipped whole.
  std::vector<int> numbers;
  EXPECT_EQ(Concatenated(std::string("\x0b\x10\x01\x0c\x18\x02", 6), &numbers),
            std::string("\x0b\x10\x01\x0c\x18\x02", 6));
  EXPECT_EQ(numbers, (std::vector<int>{1, 3}));
}

TEST(RefereeWire, Issue19_RandomBytesNeverCrashAndOkMeansWholeFields) {
  std::mt19937 rng(19);
  const std::string good = Request().SerializeAsString();
  for (int i = 0; i < 20000; ++i) {
    std::string b;
    if (i % 2) {  // a real request with a few bytes changed
      b = good;
      for (int k = 0; k < 3; ++k)
        b[rng() % b.size()] = static_cast<char>(rng());
    } else {
      b.resize(rng() % 40);
      for (char& c : b) c = static_cast<char>(rng());
    }
    std::string all;
    if (ForEachField(b, [&](const Field& f) {
          all.append(f.bytes.data(), f.bytes.size());
        }).ok()) {
      EXPECT_EQ(all, b);
    }
    std::string out;
    (void)AppendWithoutFields(b, {7, 8}, &out);
  }
}

}  // namespace
}  // namespace woodland::wire
