// Runs one match between bots.
//
// The runner owns the match's rules::State. At each decision it sends the
// deciding seat's bot a DecisionRequest holding that seat's observation, the
// prompt, the legal options and the public events since that seat's last
// request, with a deadline of min(decision deadline, time bank left). A
// timeout, transport error, crash, or out-of-range answer is a fault: the
// seat's fallback (uniform random over the legal options, from a stream
// seeded by the match seed) decides instead and the fault is recorded with
// its reason. After `max_strikes` faults the fallback plays that seat for the
// rest of the match. Nothing a bot does can stop the match from finishing.
#ifndef WOODLAND_REFEREE_MATCH_RUNNER_H_
#define WOODLAND_REFEREE_MATCH_RUNNER_H_

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "referee/bot_catalog.h"
#include "referee/bot_connection.h"
#include "referee/clock.h"
#include "referee/history.h"
#include "referee/metrics.h"
#include "referee/rules/state.h"
#include "woodland/v1/referee.pb.h"

namespace woodland::referee {

struct MatchOptions {
  absl::Duration default_deadline = absl::Seconds(1);
  absl::Duration default_time_bank = absl::Seconds(60);
  int default_max_strikes = 3;
  int default_max_turns = 1000;
  // Operator bounds on what a spec may ask for (issue 16 item 8); a spec
  // beyond them is refused with INVALID_ARGUMENT.
  absl::Duration max_deadline = absl::Seconds(60);
  absl::Duration max_time_bank = absl::Hours(1);
  int max_strikes_limit = 1000;
  int max_turns_limit = 100000;
  ConnectOptions connect;
  Clock* clock = RealClock::Get();
  RefereeMetrics* metrics = nullptr;  // optional
  // Resolves `catalog:NAME` seats (optional; without it such seats are a bad
  // spec). Results, replays and updates keep the catalogue name.
  const BotCatalog* catalog = nullptr;
  // If set, every match keeps its history there for Referee.GetHistory and
  // MatchStart carries each seat's token (issue 13 item 5).
  HistoryRegistry* history = nullptr;
  // If set, each launched bot's stderr is saved as DIR/MATCH-seatN.stderr.
  std::string stderr_dir;
  // If set, applied to every request just before it is sent (the
  // conformance check adds unknown future fields this way).
  std::function<void(v1::DecisionRequest*)> decorate_request;
};

// Observes a running match (all calls come from the match's thread, but
// Watched(), which a watcher's thread may flip).
class MatchListener {
 public:
  virtual ~MatchListener() = default;
  // Just before a request is sent to a bot, with the true state. A listener
  // whose ReadsRequests() is false gets an empty `r`: the referee then
  // writes the request as bytes (issue 19.3) and builds no message for it.
  virtual void OnRequest(const rules::State& s, const v1::DecisionRequest& r) {}
  virtual bool ReadsRequests() const { return true; }
  // After a decision that made public events (events only, no decision
  // count) and once at the end (result set).
  virtual void OnUpdate(const v1::MatchUpdate& u) {}
  // Whether anyone follows the updates now (issue 12). While no one does,
  // the runner converts no event: the public events made meanwhile wait and
  // go out together in the first update made while watched, so a listener
  // gets every public event once, in order, whenever it watched.
  virtual bool Watched() const { return true; }
  // At the end, before the final update: the public events never published
  // (s.events() from `from` on). By default they are converted and passed to
  // OnUpdate; a listener may keep the state and convert them only when
  // someone asks (PublicEventUpdates).
  virtual void OnBacklog(const rules::State& s, size_t from,
                         const std::string& match_id);
  // Just before MatchStart is sent to the bot of `seat`.
  virtual void OnMatchStart(int seat, const v1::MatchStart& start) {}
  // Just before MatchEnd is sent to the bot of `seat`.
  virtual void OnMatchEnd(int seat, const v1::MatchEnd& end) {}
};

// The public events (a spectator's view) of `s` from index `from` on, as
// updates of at most kMaxEventsPerUpdate events (a backlog of a long match
// stays far below gRPC's 4 MB message limit, and a watcher's stream stays
// flow-controlled message by message).
inline constexpr size_t kMaxEventsPerUpdate = 100;
std::vector<v1::MatchUpdate> PublicEventUpdates(const rules::State& s,
                                                size_t from,
                                                const std::string& match_id);

struct MatchOutput {
  v1::MatchResult result;
  v1::Replay replay;
  std::optional<rules::State> final_state;
  // Issue 14: each seat's captured stderr ("" for bots not launched), kept
  // out of the result and replay (only the bot's owner may read it).
  std::vector<std::string> stderr_by_seat;
};

// Errors are for a bad spec only (unknown faction, bad bot spec, bad map...);
// misbehaving bots never make RunMatch fail.
absl::StatusOr<MatchOutput> RunMatch(const v1::MatchSpec& spec,
                                     const MatchOptions& options,
                                     MatchListener* listener = nullptr);

// Checks a spec against the operator's bounds: durations (non-negative,
// nanos in [0, 1e9), at most the maxima), counts, and names (match id, map
// and deck: plain names, see ValidateName). The empty match id is allowed
// (RunMatch picks one).
absl::Status ValidateSpec(const v1::MatchSpec& spec, const MatchOptions& o);

// The engine setup a spec describes (validated).
// Reads the table configuration of a spec (setup mode, landmarks) into
// `setup` (issue 12).
absl::Status TableFromSpec(const v1::MatchSpec& spec, rules::GameSetup& setup);
// Law 19.8: an advanced-setup spec whose seats name no faction drafts them.
bool IsDraftSpec(const v1::MatchSpec& spec);
// Reads the draft pool and the number of Vagabond setup cards of a draft
// spec into `setup` (refused on a spec that does not draft).
absl::Status DraftFromSpec(const v1::MatchSpec& spec, bool draft,
                           rules::GameSetup& setup);
absl::StatusOr<rules::GameSetup> SetupFromSpec(const v1::MatchSpec& spec,
                                               int default_max_turns);

// Rebuilds the state at decision `at` (or the end, if at < 0) from a replay.
absl::StatusOr<rules::State> StateFromReplay(const v1::Replay& replay,
                                             int64_t at = -1);

// Re-simulates a replay and compares everything derivable with what it
// records: every decision (seat, option index in range, option label), the
// seat order, and the whole result (match id, end reason, winners,
// decisions, turns, final state hash; per seat: faction, victory points,
// winner, decision count). Returns one line per difference (empty: all
// agree), or an error when the replay cannot be re-simulated.
absl::StatusOr<std::vector<std::string>> VerifyReplay(const v1::Replay& replay);

std::string HashHex(uint64_t h);

}  // namespace woodland::referee

#endif  // WOODLAND_REFEREE_MATCH_RUNNER_H_
