// Issue 19.3: a bounds-checked walk over the top-level fields of a protobuf
// message's wire form, without parsing it into a message. The referee splits
// a serialized view into its fields (referee/board_event.cc) and the bot
// server drops request fields a bot never reads before parsing
// (bots/common/serve.cc). Built on protobuf's own CodedInputStream and
// WireFormatLite::SkipField; bytes that are not a message's wire form (from
// the network: truncated, an invalid wire type or tag, a stray end-group)
// give an InvalidArgument status, never a read past the end.
#ifndef WOODLAND_REFEREE_WIRE_FIELDS_H_
#define WOODLAND_REFEREE_WIRE_FIELDS_H_

#include <string>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace woodland::wire {

// One occurrence of a top-level field: its number and its bytes, tag
// included (a view into the scanned message).
struct Field {
  int number = 0;
  absl::string_view bytes;
};

// Calls `visit` on each top-level field of `message` in order (groups are
// skipped whole). OK if the bytes were all visited.
absl::Status ForEachField(absl::string_view message,
                          absl::FunctionRef<void(const Field&)> visit);

// Appends `message` without every occurrence of the fields numbered in
// `skip` to `out`. On error `out` may hold part of it.
absl::Status AppendWithoutFields(absl::string_view message,
                                 absl::Span<const int> skip, std::string* out);

}  // namespace woodland::wire

#endif  // WOODLAND_REFEREE_WIRE_FIELDS_H_
