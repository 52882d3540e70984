// Connections from the referee to bots. A bot is named by a spec:
//   grpc://HOST:PORT     a bot already listening
//   exec:COMMAND ARGS    the referee launches it sandboxed (referee/
//                        sandbox.h) with `--listen unix:PATH` (and
//                        WOODLAND_BOT_ADDRESS=unix:PATH), waits for its
//                        socket and Hello, captures its stderr and kills its
//                        whole process tree afterwards
//   builtin:random       an in-process uniform-random bot
//   catalog:NAME         an operator's catalogue entry (referee/bot_catalog.h),
//                        resolved by the match runner before connecting
// Every call has a deadline; every failure comes back as a Status, which the
// match runner turns into a recorded fault. Nothing a bot sends is trusted.
#ifndef WOODLAND_REFEREE_BOT_CONNECTION_H_
#define WOODLAND_REFEREE_BOT_CONNECTION_H_

#include <map>
#include <memory>
#include <set>
#include <string>

#include "absl/functional/any_invocable.h"
#include "absl/functional/function_ref.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "referee/sandbox.h"
#include "woodland/v1/bot.pb.h"

namespace grpc {
class Channel;
class CompletionQueue;
}  // namespace grpc

namespace woodland::referee {

// Issue 19.4: channels to `grpc://` bots kept across the matches of one
// thread (a tournament worker): a match then greets its bots without a new
// connection per seat (TCP or Unix-socket handshake, HTTP/2 settings,
// resolver and connector thread hops). Each channel has its own subchannel
// pool, so its connection carries this thread's calls only. Not thread-safe:
// one per match thread, outliving the matches that use it. `exec:` bots
// never use it (each launch listens on a new socket).
class BotChannels {
 public:
  BotChannels();
  ~BotChannels();
  BotChannels(const BotChannels&) = delete;
  BotChannels& operator=(const BotChannels&) = delete;
  // The channel kept under `key` (null if none yet: the caller creates
  // it). At most kMax are kept: one more drops them all.
  std::shared_ptr<grpc::Channel>& Slot(const std::string& key);
  static constexpr size_t kMax = 64;

 private:
  std::map<std::string, std::shared_ptr<grpc::Channel>> channels_;
};

// Issue 19.3: calls begun together (BotConnection::Begin*) and awaited on
// one thread. gRPC moves a call on (connects, sends, reads) only while its
// completion queue is polled: the group's calls share one, so awaiting any
// of them moves all on, and no bot's call waits for another's answer.
// Outlives its calls' answers; not thread-safe.
class CallGroup {
 public:
  CallGroup();
  ~CallGroup();
  CallGroup(const CallGroup&) = delete;
  CallGroup& operator=(const CallGroup&) = delete;
  grpc::CompletionQueue* queue() { return queue_.get(); }
  // Waits until the call tagged `tag` has completed (false: it never will).
  bool Await(void* tag);

 private:
  std::unique_ptr<grpc::CompletionQueue> queue_;
  std::set<void*> done_;  // completed, not awaited yet
};

class BotConnection {
 public:
  virtual ~BotConnection() = default;
  virtual absl::StatusOr<v1::BotInfo> Hello(absl::Duration timeout) = 0;
  virtual absl::Status StartMatch(const v1::MatchStart& m,
                                  absl::Duration timeout) = 0;
  virtual absl::StatusOr<v1::Decision> Decide(const v1::DecisionRequest& r,
                                              absl::Duration deadline) = 0;
  // Issue 19.3: as Decide, calling `meanwhile` once while the bot thinks
  // (once the request is on its way, before the answer is awaited), so that
  // the referee's own work overlaps the bot's; `meanwhile` must leave `r`
  // alone. By default it runs after Decide.
  virtual absl::StatusOr<v1::Decision> DecideOverlapped(
      const v1::DecisionRequest& r, absl::Duration deadline,
      absl::FunctionRef<void()> meanwhile) {
    absl::StatusOr<v1::Decision> d = Decide(r, deadline);
    meanwhile();
    return d;
  }
  // Issue 19.3: as DecideOverlapped, the request given as its wire form
  // (a serialized DecisionRequest, e.g. referee/request_bytes.h) and sent
  // as it is, not parsed into a message. By default it is parsed and passed
  // to DecideOverlapped (an unparsable request is an InvalidArgument
  // status; `meanwhile` runs all the same).
  virtual absl::StatusOr<v1::Decision> DecideBytes(
      absl::string_view request, absl::Duration deadline,
      absl::FunctionRef<void()> meanwhile);
  virtual absl::Status EndMatch(const v1::MatchEnd& m,
                                absl::Duration timeout) = 0;
  // Issue 19.3: Hello, StartMatch and EndMatch in two halves, so that the
  // match runner sends a call to every seat's bot before it awaits any
  // answer (no bot waits for another's, and no thread per seat): Begin*
  // sends the call in `group` and returns what awaits its answer (call it
  // once, before any other call on this connection; `m` and `group` must
  // live until then). By default the whole call is made in Begin*.
  template <typename T>
  using Answer = absl::AnyInvocable<T() &&>;
  virtual Answer<absl::StatusOr<v1::BotInfo>> BeginHello(absl::Duration timeout,
                                                         CallGroup& group);
  virtual Answer<absl::Status> BeginStartMatch(const v1::MatchStart& m,
                                               absl::Duration timeout,
                                               CallGroup& group);
  virtual Answer<absl::Status> BeginEndMatch(const v1::MatchEnd& m,
                                             absl::Duration timeout,
                                             CallGroup& group);
  // True once a launched bot process has exited.
  virtual bool Exited() { return false; }
  // Asks a launched bot process to end (SIGTERM) without waiting, so that a
  // match's bots end together; destroying the connection then reaps it.
  virtual void BeginStop() {}
  // Captured stderr of a launched bot ("" otherwise).
  virtual std::string Stderr() { return ""; }
};

struct ConnectOptions {
  absl::Duration startup_timeout = absl::Seconds(10);
  // Largest message accepted from a bot (a Decision is tiny).
  int max_receive_bytes = 64 * 1024;
  uint64_t builtin_seed = 1;
  // Issue 19: send decisions on a Play stream to bots whose BotInfo sets
  // play_stream (false: always one Decide call per decision).
  bool play_stream = true;
  // How `exec:` bots are confined (default: DefaultSandboxOptions()).
  SandboxOptions sandbox = DefaultSandboxOptions();
  // Optional (issue 19.4): where `grpc://` bots' channels are kept across
  // matches (null: a new channel per match and seat).
  BotChannels* channels = nullptr;
};

absl::StatusOr<std::unique_ptr<BotConnection>> ConnectBot(
    const std::string& spec, const ConnectOptions& options);

// Checks a spec's syntax without connecting.
absl::Status ValidateBotSpec(const std::string& spec);

}  // namespace woodland::referee

#endif  // WOODLAND_REFEREE_BOT_CONNECTION_H_
