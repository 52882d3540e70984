// Issue 19.3: the "board" event of a seat (issue 13 item 4, defined by
// BoardEventToProto in referee/convert.h) computed from the serialized
// views, without copying or re-serializing any message: each Observation
// field the event covers is compared as its bytes in the deterministic
// serialization of the previous and the new view. Same result as
// BoardEventToProto with `shown` = the previous view (board_event_test
// checks it at every request of random matches).
#ifndef WOODLAND_REFEREE_BOARD_EVENT_H_
#define WOODLAND_REFEREE_BOARD_EVENT_H_

#include <array>
#include <cstdint>
#include <string>

#include "absl/strings/string_view.h"
#include "referee/rules/state.h"
#include "woodland/v1/game.pb.h"

namespace woodland::referee {

// `was` and `now`: the seat's previous view ("" before its first request)
// and its new one, each serialized deterministically. Sets `out` and
// returns true when a covered field differs. With `raw_view` the event's
// view is left as its bytes (an unknown field 2 of BoardEvent, which
// serializes to the very bytes of the parsed view: field 2 is BoardEvent's
// last): for an event only sent on, never read (issue 19.3).
bool BoardEventFromBytes(const rules::State& s, int seat, absl::string_view was,
                         absl::string_view now, v1::Event* out,
                         bool raw_view = false);

// Where each top-level field of a serialized view lies (its entries are
// consecutive, as protobuf writes them): bytes [begin[n], end[n]) for field
// n, empty when absent. Filled while the view is written (ViewCache,
// referee/view_cache.h), so nothing has to scan the view again.
struct ViewFields {
  static constexpr int kMaxField = 63;
  std::array<uint32_t, kMaxField + 1> begin{}, end{};
  bool ok = true;  // false: not known (the view must be scanned)
  void Clear() {
    begin.fill(0);
    end.fill(0);
    ok = true;
  }
};

// The same as BoardEventFromBytes from the fields' places in both views.
// When it returns true, `out` holds the event whatever it held before (the
// fields an event sets are set, its board's replaced): a kept event is
// reused, its strings keeping their buffers.
bool BoardEventFromFields(const rules::State& s, int seat,
                          absl::string_view was, const ViewFields& was_fields,
                          absl::string_view now, const ViewFields& now_fields,
                          v1::Event* out, bool raw_view = false);

// Issue 19.3: appends the serialization of the event BoardEventFromFields
// sets with `raw_view` (the very bytes a bot receives), written without
// building the event; returns whether there is one (nothing is appended
// otherwise).
bool AppendBoardEventFromFields(const rules::State& s, int seat,
                                absl::string_view was,
                                const ViewFields& was_fields,
                                absl::string_view now,
                                const ViewFields& now_fields, std::string* out);

}  // namespace woodland::referee

#endif  // WOODLAND_REFEREE_BOARD_EVENT_H_
