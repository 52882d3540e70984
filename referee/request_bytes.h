// Issue 19.3: a DecisionRequest written directly as its wire form, for a
// request nothing in the referee reads (no listener reading requests, no
// decorator): its fields in field-number order, each as protobuf's
// serialization of the same message writes it, the observation and the
// events as the bytes the referee already made for them (ViewCache,
// SharedEvents, the board event), the options' entries from the match's
// OptionLabels (an option with a kept label has its entry made once). No
// message is built; the bot's connection sends the bytes as they are
// (BotConnection::DecideBytes).
#ifndef WOODLAND_REFEREE_REQUEST_BYTES_H_
#define WOODLAND_REFEREE_REQUEST_BYTES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "referee/convert.h"
#include "referee/rules/state.h"

namespace woodland::referee {

// One request at a time, its buffers reused. Fields are added in their
// numbers' order: Start (1-6), AddView (7), AddEvent (8, once per event),
// Finish (9-12).
class RequestBytes {
 public:
  // Clears the request and writes the match id, the seat's decision count
  // (in the deprecated field 2 too), the seat, its faction, the prompt and
  // the options of `s` (labels from `labels`).
  void Start(const rules::State& s, absl::string_view match_id,
             int64_t seat_decisions, int seat, OptionLabels& labels);
  // The observation, given as its serialization.
  void AddView(absl::string_view observation);
  // One event, given as its serialization.
  void AddEvent(absl::string_view event);
  // The deadline, the time bank, the seat's decision count and whether the
  // observation is left out as unchanged.
  void Finish(absl::Duration deadline, absl::Duration bank,
              int64_t seat_decisions, bool unchanged);

  absl::string_view bytes() const { return bytes_; }
  // The label of option `i` as written.
  absl::string_view Label(int i) const {
    return absl::string_view(bytes_).substr(labels_[i].offset, labels_[i].size);
  }

 private:
  void AddPrompt(const rules::State& s);
  void AddDuration(int number, absl::Duration d);

  std::string bytes_;
  std::string part_;  // a submessage being written
  std::vector<OptionLabels::Span> labels_;
};

}  // namespace woodland::referee

#endif  // WOODLAND_REFEREE_REQUEST_BYTES_H_
