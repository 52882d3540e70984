#include "referee/request_bytes.h"

#include "referee/wire_fields.h"
#include "woodland/v1/bot.pb.h"

namespace woodland::referee {

using wire::PutBytes;
using wire::PutInt32;
using wire::PutInt64;
using wire::PutString;
using Request = v1::DecisionRequest;

void RequestBytes::Start(const rules::State& s, absl::string_view match_id,
                         int64_t seat_decisions, int seat,
                         OptionLabels& labels) {
  static_assert(Request::kMatchIdFieldNumber == 1 &&
                Request::kDecisionIndexFieldNumber == 2 &&
                Request::kSeatFieldNumber == 3 &&
                Request::kFactionFieldNumber == 4 &&
                Request::kOptionsFieldNumber == 6);
  bytes_.clear();
  PutString(1, match_id, &bytes_);
  // The deprecated count holds the seat's own count too (issue 16.6).
  PutInt64(2, seat_decisions, &bytes_);
  PutInt32(3, seat, &bytes_);
  PutInt32(4, FactionToProto(s.seat(seat).faction), &bytes_);
  AddPrompt(s);
  labels_.clear();
  for (const rules::Option& o : s.options())
    labels_.push_back(labels.AppendEntry(s, o, 6, &bytes_));
}

// As PromptToProto: field 5, always present.
void RequestBytes::AddPrompt(const rules::State& s) {
  static_assert(
      Request::kPromptFieldNumber == 5 && v1::Prompt::kKindFieldNumber == 1 &&
      v1::Prompt::kTextFieldNumber == 2 && v1::Prompt::kLawFieldNumber == 3);
  part_.clear();
  PutString(1, s.PromptKey(), &part_);
  PutString(2, s.PromptText(), &part_);
  PutString(3, s.PromptLaw(), &part_);
  PutBytes(5, part_, &bytes_);
}

void RequestBytes::AddView(absl::string_view observation) {
  static_assert(Request::kObservationFieldNumber == 7);
  PutBytes(7, observation, &bytes_);
}

void RequestBytes::AddEvent(absl::string_view event) {
  static_assert(Request::kEventsFieldNumber == 8);
  PutBytes(8, event, &bytes_);
}

// A google.protobuf.Duration field, present even when zero (as the runner's
// ToProto sets it).
void RequestBytes::AddDuration(int number, absl::Duration d) {
  constexpr int64_t kNanosPerSecond = 1000000000;
  const int64_t ns = absl::ToInt64Nanoseconds(d);
  // Tag, size and two varint fields: at most 24 bytes, the size one byte.
  uint8_t buf[32];
  uint8_t* const body = wire::WriteVarint(wire::LengthTag(number), buf) + 1;
  uint8_t* end = body;
  if (const int64_t seconds = ns / kNanosPerSecond; seconds != 0) {
    end = wire::WriteVarint(wire::VarintTag(1), end);
    end = wire::WriteVarint(static_cast<uint64_t>(seconds), end);
  }
  end =
      wire::WriteInt32Field(2, static_cast<int32_t>(ns % kNanosPerSecond), end);
  body[-1] = static_cast<uint8_t>(end - body);
  bytes_.append(reinterpret_cast<const char*>(buf), end - buf);
}

void RequestBytes::Finish(absl::Duration deadline, absl::Duration bank,
                          int64_t seat_decisions, bool unchanged) {
  static_assert(Request::kDeadlineFieldNumber == 9 &&
                Request::kTimeBankFieldNumber == 10 &&
                Request::kSeatDecisionIndexFieldNumber == 11 &&
                Request::kObservationUnchangedFieldNumber == 12);
  AddDuration(9, deadline);
  AddDuration(10, bank);
  PutInt64(11, seat_decisions, &bytes_);
  PutInt64(12, unchanged ? 1 : 0, &bytes_);
}

}  // namespace woodland::referee
