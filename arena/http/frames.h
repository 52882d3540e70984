// Replay frames for the web viewer (issue 15.4): the engine replays a
// finished match and serves the board at any decision as one view may know
// it, so the browser applies no rules.
//
// Views: a seat (its observation, Law 1.2: its own hand, nothing of
// another's), "public" (a spectator: no hand at all) and "full" (the
// operator's view of a finished match: the public board plus every hand).
#ifndef WOODLAND_ARENA_HTTP_FRAMES_H_
#define WOODLAND_ARENA_HTTP_FRAMES_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "referee/rules/defs.h"
#include "woodland/v1/referee.pb.h"

namespace woodland::arena::http {

struct View {
  enum Kind { kSeat, kPublic, kFull } kind = kPublic;
  int seat = -1;
};
// "public", "full" or a seat number.
absl::StatusOr<View> ParseView(const std::string& text);

// The map as the viewer draws it: clearings (suit, slots, ruin, corner),
// paths, rivers, forests and their adjacency, the Ferry and Tower. JSON.
std::string MapJson(const rules::MapDef& m);

class ReplayFrames {
 public:
  // Replays the whole match once to index its turns and events.
  static absl::StatusOr<std::unique_ptr<ReplayFrames>> Build(
      const v1::Replay& replay);

  int64_t decisions() const { return replay_.decisions_size(); }
  // {"decisions","seats":[faction...],"bots":[...],"map":{...},
  //  "turn_starts":[decision index of each turn's first decision],
  //  "turn_numbers":[the turn number (faction turns begun) there],
  //  "event_steps":[decision indices after which new events happened]}
  std::string IndexJson() const;
  // The board after `at` decisions (clamped) in `view`: {"at","turn",
  // "observation":<Observation JSON>,"hands":[...] (full view only),
  // "events":[{"i","kind","text","seat"}...] (the last `max_events`, as
  // the view may know them), "next":{"seat","label"} (the decision taken
  // next, when the view may see it)}.
  absl::StatusOr<std::string> FrameJson(int64_t at, const View& view,
                                        int max_events = 400) const;

 private:
  explicit ReplayFrames(v1::Replay replay) : replay_(std::move(replay)) {}
  v1::Replay replay_;
  std::string map_json_;
  std::vector<int> turn_starts_, turn_numbers_, event_steps_;
};

}  // namespace woodland::arena::http

#endif  // WOODLAND_ARENA_HTTP_FRAMES_H_
