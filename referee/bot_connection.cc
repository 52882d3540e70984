#include "referee/bot_connection.h"

#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/grpcpp.h>
#include <stdlib.h>

#include <algorithm>
#include <climits>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/synchronization/mutex.h"
#include "google/protobuf/io/coded_stream.h"
#include "google/protobuf/wire_format_lite.h"
#include "referee/bot_catalog.h"
#include "referee/process.h"
#include "referee/rules/chance.h"
#include "referee/sandbox.h"
#include "woodland/v1/bot.grpc.pb.h"

namespace woodland::referee {
namespace {

// Issue 19.3: a request on its way to a bot: a message, or its wire form
// sent as it is (no message built: grpc::SerializationTraits below).
struct OutgoingRequest {
  const v1::DecisionRequest* message = nullptr;
  absl::string_view bytes;
};

}  // namespace
}  // namespace woodland::referee

// How gRPC serializes an OutgoingRequest: a message as protobuf does; the
// bytes copied into the call's buffer once (gRPC may still hold the buffer
// after the write completes). Only sent, never received.
template <>
class grpc::SerializationTraits<woodland::referee::OutgoingRequest> {
 public:
  static grpc::Status Serialize(const woodland::referee::OutgoingRequest& r,
                                grpc::ByteBuffer* buffer, bool* own_buffer) {
    if (r.message != nullptr) {
      return grpc::SerializationTraits<
          woodland::v1::DecisionRequest>::Serialize(*r.message, buffer,
                                                    own_buffer);
    }
    grpc::Slice slice(r.bytes.data(), r.bytes.size());
    grpc::ByteBuffer copy(&slice, 1);
    buffer->Swap(&copy);
    *own_buffer = true;
    return grpc::Status::OK;
  }
  static grpc::Status Deserialize(grpc::ByteBuffer*,
                                  woodland::referee::OutgoingRequest*) {
    return grpc::Status(grpc::StatusCode::UNIMPLEMENTED, "sent only");
  }
};

namespace woodland::referee {
namespace {

// Issue 19.3: decisions go through a generic stub (public gRPC API): the
// request is an OutgoingRequest, the answer a Decision parsed as ever.
using DecideStub = grpc::TemplatedGenericStub<OutgoingRequest, v1::Decision>;

// "/woodland.v1.Bot/NAME", the path of the Bot method NAME.
const std::string& BotMethod(absl::string_view name) {
  static const auto* const kDecide = new std::string(
      absl::StrCat("/", v1::Bot::service_full_name(), "/Decide"));
  static const auto* const kPlay =
      new std::string(absl::StrCat("/", v1::Bot::service_full_name(), "/Play"));
  return name == "Play" ? *kPlay : *kDecide;
}

// Issue 19.3: gRPC's default epoll1 engine has one process-wide poller
// thread; with two match workers, the one polling reads the other's answer
// and wakes it (a futex hand-off per decision). With "poll" each worker
// polls its own stream's socket through its own completion queue. Set at
// load time, before any gRPC use in a process that links the referee; an
// operator's GRPC_POLL_STRATEGY wins.
[[maybe_unused]] const bool kPerThreadPolling = [] {
  setenv("GRPC_POLL_STRATEGY", "poll", /*overwrite=*/0);
  return true;
}();

absl::Status FromGrpc(const grpc::Status& s) {
  if (s.ok()) return absl::OkStatus();
  return absl::Status(static_cast<absl::StatusCode>(s.error_code()),
                      s.error_message());
}

std::chrono::system_clock::time_point DeadlineIn(absl::Duration d) {
  return std::chrono::system_clock::now() + absl::ToChronoMicroseconds(d);
}

// An answer that is already there.
template <typename T>
BotConnection::Answer<T> Ready(T value) {
  return [value = std::move(value)]() mutable { return std::move(value); };
}

// Issue 19.3: a unary call begun in a CallGroup (Start), its answer
// awaited by Wait, bounded by the call's deadline.
template <typename Response>
class PendingUnary {
 public:
  PendingUnary(CallGroup& group, absl::Duration timeout, bool wait_for_ready)
      : group_(group) {
    ctx_.set_deadline(DeadlineIn(timeout));
    ctx_.set_wait_for_ready(wait_for_ready);
  }
  ~PendingUnary() {
    if (!reader_ || waited_) return;
    ctx_.TryCancel();
    (void)Wait();
  }
  // `begin(ctx, cq)` begins the call (a stub's AsyncNAME).
  template <typename Begin>
  void Start(Begin begin) {
    reader_ = begin(&ctx_, group_.queue());
    reader_->Finish(&response_, &status_, this);
  }
  absl::StatusOr<Response> Wait() {
    waited_ = true;
    if (!group_.Await(this))
      return absl::InternalError("the call did not complete");
    if (absl::Status s = FromGrpc(status_); !s.ok()) return s;
    return std::move(response_);
  }

 private:
  CallGroup& group_;
  grpc::ClientContext ctx_;
  std::unique_ptr<grpc::ClientAsyncResponseReader<Response>> reader_;
  Response response_;
  grpc::Status status_;
  bool waited_ = false;
};

// Issue 19: a bot's Play stream. The referee writes one request and waits
// for one answer, on its own thread through the stream's completion queue
// (no thread hop, no call set-up per decision), each wait bounded by that
// decision's deadline. Any failure (timeout, error, the bot closing the
// stream) ends the stream: the next decision opens a new one, so a late
// answer is never taken for a later request.
class PlayStream {
 public:
  explicit PlayStream(DecideStub* stub) {
    call_ = stub->PrepareCall(&ctx_, BotMethod("Play"), &cq_);
    call_->StartCall(Tag(kStart));
    pending_ = 1 << kStart;
  }
  ~PlayStream() {
    if (!finished_) {
      ctx_.TryCancel();
      (void)Finish(absl::InfiniteFuture());
    }
    cq_.Shutdown();
    void* tag;
    bool ok;
    while (cq_.Next(&tag, &ok)) {
    }
  }

  // Issue 19.3: ends the stream at once (the destructor then only awaits
  // its end).
  void Cancel() { ctx_.TryCancel(); }

  // Sends `r`, calls `meanwhile` (unless the stream failed before `r` was
  // sent; `r` is serialized by then) and waits for the answer until
  // `until`. Not OK: the stream is over (Finish was called; drop the
  // stream).
  absl::StatusOr<v1::Decision> Decide(const OutgoingRequest& r,
                                      absl::Time until,
                                      absl::FunctionRef<void()> meanwhile) {
    if (pending_ & (1 << kStart)) {
      if (!Await(1 << kStart, until) || !start_ok_) return End(until);
    }
    v1::Decision d;
    call_->Write(r, Tag(kWrite));
    call_->Read(&d, Tag(kRead));
    pending_ |= (1 << kWrite) | (1 << kRead);
    meanwhile();
    if (!Await((1 << kWrite) | (1 << kRead), until) || !write_ok_ ||
        !read_ok_) {
      return End(until);
    }
    return d;
  }

 private:
  enum Op { kStart, kWrite, kRead, kFinish };
  static void* Tag(Op op) { return reinterpret_cast<void*>(op + 1); }

  // Waits until none of the `ops` is pending; false at `until`.
  bool Await(int ops, absl::Time until) {
    const auto deadline = absl::ToChronoTime(until);
    while (pending_ & ops) {
      void* tag;
      bool ok;
      const auto st =
          until == absl::InfiniteFuture()
              ? (cq_.Next(&tag, &ok) ? grpc::CompletionQueue::GOT_EVENT
                                     : grpc::CompletionQueue::SHUTDOWN)
              : cq_.AsyncNext(&tag, &ok, deadline);
      if (st != grpc::CompletionQueue::GOT_EVENT) return false;
      const int op = static_cast<int>(reinterpret_cast<intptr_t>(tag)) - 1;
      pending_ &= ~(1 << op);
      if (op == kStart) start_ok_ = ok;
      if (op == kWrite) write_ok_ = ok;
      if (op == kRead) read_ok_ = ok;
    }
    return true;
  }
  // Ends the stream; returns why it ended (a timeout if `until` passed).
  absl::Status End(absl::Time until) {
    const bool late = absl::Now() >= until;
    if (late) ctx_.TryCancel();
    // A failed read or write ended the call on our side, or the bot sent
    // its status: Finish returns at once (bounded all the same).
    absl::Status s =
        Finish(late ? absl::InfiniteFuture() : absl::Now() + absl::Seconds(1));
    if (late) return absl::DeadlineExceededError("no answer on the stream");
    if (s.ok()) return absl::UnavailableError("the bot ended the Play stream");
    return s;
  }
  // Cancelled, every pending operation completes at once; `until` bounds a
  // bot that keeps the stream open after a failed write.
  absl::Status Finish(absl::Time until) {
    finished_ = true;
    grpc::Status status;
    call_->Finish(&status, Tag(kFinish));
    pending_ |= 1 << kFinish;
    if (!Await(~0, until)) {
      ctx_.TryCancel();
      Await(~0, absl::InfiniteFuture());
    }
    return FromGrpc(status);
  }

  grpc::ClientContext ctx_;
  grpc::CompletionQueue cq_;
  std::unique_ptr<grpc::ClientAsyncReaderWriter<OutgoingRequest, v1::Decision>>
      call_;
  int pending_ = 0;
  bool start_ok_ = false, write_ok_ = false, read_ok_ = false;
  bool finished_ = false;
};

class GrpcBot : public BotConnection {
 public:
  // `cache` (optional) keeps the channel for the thread's next matches.
  GrpcBot(const std::string& target, const ConnectOptions& o,
          BotChannels* cache = nullptr)
      : use_stream_(o.play_stream) {
    std::shared_ptr<grpc::Channel>* slot = nullptr;
    if (cache != nullptr) {
      slot = &cache->Slot(absl::StrCat(target, "|", o.max_receive_bytes));
      channel_ = *slot;
    }
    if (!channel_) channel_ = NewChannel(target, o, cache != nullptr);
    if (slot != nullptr) *slot = channel_;
    stub_ = v1::Bot::NewStub(channel_);
    decide_stub_ = std::make_unique<DecideStub>(channel_);
  }

  static std::shared_ptr<grpc::Channel> NewChannel(const std::string& target,
                                                   const ConnectOptions& o,
                                                   bool own_connection) {
    grpc::ChannelArguments args;
    args.SetMaxReceiveMessageSize(o.max_receive_bytes);
    args.SetInt(GRPC_ARG_ENABLE_RETRIES, 0);
    // A launched bot needs a moment to listen: reconnect quickly meanwhile.
    args.SetInt(GRPC_ARG_INITIAL_RECONNECT_BACKOFF_MS, 20);
    args.SetInt(GRPC_ARG_MIN_RECONNECT_BACKOFF_MS, 20);
    args.SetInt(GRPC_ARG_MAX_RECONNECT_BACKOFF_MS, 250);
    // Issue 19.3: no bandwidth-probing PINGs (and their acks) between
    // decisions: messages are small and the default window holds many.
    args.SetInt(GRPC_ARG_HTTP2_BDP_PROBE, 0);
    // Issue 19.4: a kept channel's connection is not shared with other
    // threads' channels to the same bot (gRPC's global subchannel pool).
    if (own_connection) args.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
    return grpc::CreateCustomChannel(target, grpc::InsecureChannelCredentials(),
                                     args);
  }

  absl::StatusOr<v1::BotInfo> Hello(absl::Duration timeout) override {
    CallGroup group;
    return BeginHello(timeout, group)();
  }
  Answer<absl::StatusOr<v1::BotInfo>> BeginHello(absl::Duration timeout,
                                                 CallGroup& group) override {
    // A just-launched bot may not listen yet: wait for ready.
    auto call =
        std::make_unique<PendingUnary<v1::BotInfo>>(group, timeout, true);
    v1::HelloRequest req;
    req.set_protocol_version(1);
    call->Start([&](grpc::ClientContext* ctx, grpc::CompletionQueue* cq) {
      return stub_->AsyncHello(ctx, req, cq);
    });
    return [this, call = std::move(call)]() -> absl::StatusOr<v1::BotInfo> {
      absl::StatusOr<v1::BotInfo> info = call->Wait();
      if (info.ok()) use_stream_ = use_stream_ && info->play_stream();
      return info;
    };
  }
  absl::Status StartMatch(const v1::MatchStart& m,
                          absl::Duration timeout) override {
    CallGroup group;
    return BeginStartMatch(m, timeout, group)();
  }
  Answer<absl::Status> BeginStartMatch(const v1::MatchStart& m,
                                       absl::Duration timeout,
                                       CallGroup& group) override {
    return Acked(group, timeout,
                 [&](grpc::ClientContext* ctx, grpc::CompletionQueue* cq) {
                   return stub_->AsyncStartMatch(ctx, m, cq);
                 });
  }
  absl::StatusOr<v1::Decision> Decide(const v1::DecisionRequest& r,
                                      absl::Duration deadline) override {
    return DecideOverlapped(r, deadline, [] {});
  }
  absl::StatusOr<v1::Decision> DecideOverlapped(
      const v1::DecisionRequest& r, absl::Duration deadline,
      absl::FunctionRef<void()> meanwhile) override {
    return Overlapped(OutgoingRequest{&r, {}}, deadline, meanwhile);
  }
  absl::StatusOr<v1::Decision> DecideBytes(
      absl::string_view request, absl::Duration deadline,
      absl::FunctionRef<void()> meanwhile) override {
    return Overlapped(OutgoingRequest{nullptr, request}, deadline, meanwhile);
  }

  absl::Status EndMatch(const v1::MatchEnd& m,
                        absl::Duration timeout) override {
    CallGroup group;
    return BeginEndMatch(m, timeout, group)();
  }
  // The match's last decision was made: its stream is cancelled before
  // MatchEnd is sent, and closed while MatchEnd is on its way.
  Answer<absl::Status> BeginEndMatch(const v1::MatchEnd& m,
                                     absl::Duration timeout,
                                     CallGroup& group) override {
    if (stream_) stream_->Cancel();
    Answer<absl::Status> ack =
        Acked(group, timeout,
              [&](grpc::ClientContext* ctx, grpc::CompletionQueue* cq) {
                return stub_->AsyncEndMatch(ctx, m, cq);
              });
    return [this, ack = std::move(ack)]() mutable {
      stream_.reset();
      return std::move(ack)();
    };
  }

 private:
  // A call answered by an Ack, begun by `begin(ctx, cq)`.
  template <typename Begin>
  static Answer<absl::Status> Acked(CallGroup& group, absl::Duration timeout,
                                    Begin begin) {
    auto call = std::make_unique<PendingUnary<v1::Ack>>(group, timeout, false);
    call->Start(begin);
    return [call = std::move(call)] { return call->Wait().status(); };
  }
  // Sends `r`, calling `meanwhile` once (after the answer unless Send
  // calls it sooner).
  absl::StatusOr<v1::Decision> Overlapped(const OutgoingRequest& r,
                                          absl::Duration deadline,
                                          absl::FunctionRef<void()> meanwhile) {
    bool called = false;
    const auto once = [&] {
      if (!called) meanwhile();
      called = true;
    };
    absl::StatusOr<v1::Decision> d = Send(r, deadline, once);
    once();
    return d;
  }
  // Decide on the Play stream if the bot serves it, else one Decide call
  // (`meanwhile` while the stream's answer is awaited).
  absl::StatusOr<v1::Decision> Send(const OutgoingRequest& r,
                                    absl::Duration deadline,
                                    absl::FunctionRef<void()> meanwhile) {
    if (use_stream_) {
      const absl::Time until = absl::Now() + deadline;
      if (!stream_) stream_ = std::make_unique<PlayStream>(decide_stub_.get());
      absl::StatusOr<v1::Decision> d = stream_->Decide(r, until, meanwhile);
      if (d.ok()) return d;
      stream_.reset();
      // A bot that advertised Play without serving it: Decide from now on.
      if (d.status().code() != absl::StatusCode::kUnimplemented) return d;
      use_stream_ = false;
      deadline = std::max(until - absl::Now(), absl::ZeroDuration());
    }
    return Unary(r, deadline);
  }
  // One Decide call through the generic stub, bounded by `deadline` (on
  // this thread's own completion queue, reused from call to call).
  absl::StatusOr<v1::Decision> Unary(const OutgoingRequest& r,
                                     absl::Duration deadline) {
    grpc::ClientContext ctx;
    ctx.set_deadline(DeadlineIn(deadline));
    auto call = decide_stub_->PrepareUnaryCall(&ctx, BotMethod("Decide"), r,
                                               &unary_cq_);
    call->StartCall();
    v1::Decision d;
    grpc::Status status;
    call->Finish(&d, &status, &status);
    void* tag;
    bool ok;
    if (!unary_cq_.Next(&tag, &ok) || tag != &status || !ok) {
      return absl::InternalError("the Decide call did not complete");
    }
    if (absl::Status s = FromGrpc(status); !s.ok()) return s;
    return d;
  }

  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<v1::Bot::Stub> stub_;
  std::unique_ptr<DecideStub> decide_stub_;
  grpc::CompletionQueue unary_cq_;
  bool use_stream_;
  std::unique_ptr<PlayStream> stream_;
};

// Bounds a wait on a bot: unless disarmed within the armed time, it calls
// `fire` (which kills the bot's whole process tree, so the wait ends).
// Arming wakes the watchdog's thread only when the new end is earlier than
// the one it sleeps towards (issue 19.3: no thread switch per decision; a
// thread that wakes for an older arming just sleeps on to the current end).
class Watchdog {
 public:
  explicit Watchdog(std::function<void()> fire)
      : fire_(std::move(fire)), thread_([this] { Loop(); }) {}
  ~Watchdog() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      quit_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }
  void Arm(absl::Duration d) {
    std::lock_guard<std::mutex> lock(mu_);
    until_ = absl::Now() + d;
    armed_ = true;
    if (until_ < sleeping_until_) cv_.notify_all();
  }
  void Disarm() {
    std::lock_guard<std::mutex> lock(mu_);
    armed_ = false;
  }
  bool fired() {
    std::lock_guard<std::mutex> lock(mu_);
    return fired_;
  }

 private:
  void Loop() {
    std::unique_lock<std::mutex> lock(mu_);
    while (!quit_) {
      if (!armed_) {
        sleeping_until_ = absl::InfiniteFuture();
        cv_.wait(lock);
        continue;
      }
      const absl::Time until = until_;
      const absl::Time now = absl::Now();
      if (now >= until) {
        armed_ = false;
        fired_ = true;
        fire_();
        continue;
      }
      sleeping_until_ = until;
      cv_.wait_for(lock, absl::ToChronoMicroseconds(until - now));
    }
  }

  std::function<void()> fire_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool armed_ = false, fired_ = false, quit_ = false;
  absl::Time until_;
  // The end of the thread's current wait (InfiniteFuture: until notified).
  absl::Time sleeping_until_ = absl::InfinitePast();
  std::thread thread_;
};

// A launched bot: a sandboxed process listening on a Unix socket in its
// private directory (referee/sandbox.h). Every call on it is bounded by a
// watchdog that kills the whole sandbox if gRPC's own deadline does not end
// the call (e.g. a bot flooding HTTP/2 control frames).
class ExecBot : public BotConnection {
 public:
  static constexpr absl::Duration kGrace = absl::Seconds(2);

  ExecBot(std::unique_ptr<Sandbox> sb, std::unique_ptr<ChildProcess> p,
          const ConnectOptions& o)
      : sandbox_(std::move(sb)),
        process_(std::move(p)),
        options_(o),
        watchdog_([this] {
          process_->Kill();
          sandbox_->KillAll();
        }) {}
  ~ExecBot() override {
    process_->Stop();  // reaps it (asked to end by BeginStop, if called)
    rpc_.reset();      // drops the channel
    sandbox_.reset();
  }

  absl::StatusOr<v1::BotInfo> Hello(absl::Duration t) override {
    CallGroup group;
    return BeginHello(t, group)();
  }
  // Waits for the bot's socket (failing fast if the process exits), then
  // greets it.
  Answer<absl::StatusOr<v1::BotInfo>> BeginHello(absl::Duration t,
                                                 CallGroup& group) override {
    using Info = absl::StatusOr<v1::BotInfo>;
    const absl::Time until = absl::Now() + t;
    while (!sandbox_->Listening()) {
      if (!process_->Running()) return Ready<Info>(Ended("during startup"));
      if (absl::Now() >= until) {
        return Ready<Info>(absl::DeadlineExceededError(
            absl::StrCat("the bot did not listen on ", sandbox_->address(),
                         " within ", absl::FormatDuration(t))));
      }
      absl::SleepFor(absl::Milliseconds(2));
    }
    if (!rpc_) rpc_ = std::make_unique<GrpcBot>(sandbox_->address(), options_);
    return GuardedBegin<Info>(until - absl::Now(), [&](absl::Duration d) {
      return rpc_->BeginHello(d, group);
    });
  }
  absl::Status StartMatch(const v1::MatchStart& m, absl::Duration t) override {
    CallGroup group;
    return BeginStartMatch(m, t, group)();
  }
  Answer<absl::Status> BeginStartMatch(const v1::MatchStart& m,
                                       absl::Duration t,
                                       CallGroup& group) override {
    if (!rpc_) return Ready(absl::FailedPreconditionError("no Hello yet"));
    return GuardedBegin<absl::Status>(t, [&](absl::Duration d) {
      return rpc_->BeginStartMatch(m, d, group);
    });
  }
  absl::StatusOr<v1::Decision> Decide(const v1::DecisionRequest& r,
                                      absl::Duration t) override {
    return DecideOverlapped(r, t, [] {});
  }
  absl::StatusOr<v1::Decision> DecideOverlapped(
      const v1::DecisionRequest& r, absl::Duration t,
      absl::FunctionRef<void()> meanwhile) override {
    if (!rpc_) {
      meanwhile();
      return absl::FailedPreconditionError("no Hello yet");
    }
    return Classified(Guarded(t, [&](absl::Duration dl) {
      return rpc_->DecideOverlapped(r, dl, meanwhile);
    }));
  }
  absl::StatusOr<v1::Decision> DecideBytes(
      absl::string_view request, absl::Duration t,
      absl::FunctionRef<void()> meanwhile) override {
    if (!rpc_) {
      meanwhile();
      return absl::FailedPreconditionError("no Hello yet");
    }
    return Classified(Guarded(t, [&](absl::Duration dl) {
      return rpc_->DecideBytes(request, dl, meanwhile);
    }));
  }
  absl::Status EndMatch(const v1::MatchEnd& m, absl::Duration t) override {
    CallGroup group;
    return BeginEndMatch(m, t, group)();
  }
  Answer<absl::Status> BeginEndMatch(const v1::MatchEnd& m, absl::Duration t,
                                     CallGroup& group) override {
    if (!rpc_) return Ready(absl::FailedPreconditionError("no Hello yet"));
    return GuardedBegin<absl::Status>(
        t, [&](absl::Duration d) { return rpc_->BeginEndMatch(m, d, group); });
  }
  bool Exited() override { return !process_->Running(); }
  std::string Stderr() override { return process_->Stderr(); }
  void BeginStop() override { process_->Terminate(); }

 private:
  // A failed decision's status, a crash if the process is ending.
  absl::StatusOr<v1::Decision> Classified(absl::StatusOr<v1::Decision> d) {
    if (!d.ok() && d.status().code() != absl::StatusCode::kDeadlineExceeded) {
      // A dropped connection often means the process is dying: give it a
      // moment so the fault is classified as a crash, not a transport error.
      const absl::Time until = absl::Now() + absl::Milliseconds(200);
      while (process_->Running() && absl::Now() < until)
        absl::SleepFor(absl::Milliseconds(5));
      if (!process_->Running()) return Ended(d.status().message());
    }
    return d;
  }
  // Runs `call(d)` under the watchdog (d + kGrace); a call the watchdog had
  // to end is a timeout.
  template <typename Call>
  auto Guarded(absl::Duration d, Call call) -> decltype(call(d)) {
    if (watchdog_.fired()) return KilledBefore();
    d = std::max(d, absl::ZeroDuration());
    watchdog_.Arm(d + kGrace);
    auto result = call(d);
    watchdog_.Disarm();
    if (watchdog_.fired()) return KilledDuring(d + kGrace);
    return result;
  }
  // Issue 19.3: as Guarded, for a call in two halves (`begin(d)` begins
  // it): the watchdog is armed from its start until its answer is awaited.
  // That may come only after an earlier seat's answer, awaited at most
  // kGrace past that call's end (its own watchdog), which was no later
  // than this call's end (begun earlier, with no later end): one more
  // kGrace spares a bot that answered in time.
  template <typename T>
  Answer<T> GuardedBegin(absl::Duration d,
                         absl::FunctionRef<Answer<T>(absl::Duration)> begin) {
    if (watchdog_.fired()) return Ready<T>(KilledBefore());
    d = std::max(d, absl::ZeroDuration());
    watchdog_.Arm(d + 2 * kGrace);
    return [this, d, answer = begin(d)]() mutable -> T {
      T result = std::move(answer)();
      watchdog_.Disarm();
      if (watchdog_.fired()) return KilledDuring(d + 2 * kGrace);
      return result;
    };
  }
  static absl::Status KilledBefore() {
    return absl::DeadlineExceededError("the bot was killed by the watchdog");
  }
  // `armed`: how long the watchdog waited.
  static absl::Status KilledDuring(absl::Duration armed) {
    return absl::DeadlineExceededError(
        absl::StrCat("no answer within ", absl::FormatDuration(armed),
                     " despite the deadline: the bot was killed (watchdog)"));
  }
  absl::Status Ended(absl::string_view detail) {
    const std::string note = sandbox_->LimitNote(process_->ExitStatus());
    return absl::UnavailableError(absl::StrCat(
        "bot process ended", note.empty() ? "" : " (" + note + ")", " ", detail,
        "; stderr: ", process_->Stderr().substr(0, 300)));
  }

  std::unique_ptr<Sandbox> sandbox_;
  std::unique_ptr<ChildProcess> process_;
  ConnectOptions options_;
  std::unique_ptr<GrpcBot> rpc_;
  Watchdog watchdog_;
};

// Uniform-random choices from its own seeded stream (never the match's).
class BuiltinRandomBot : public BotConnection {
 public:
  explicit BuiltinRandomBot(uint64_t seed) : rng_(seed) {}
  absl::StatusOr<v1::BotInfo> Hello(absl::Duration) override {
    v1::BotInfo info;
    info.set_name("builtin-random");
    info.set_version("1");
    info.set_author("Woodland Arena");
    info.set_language("C++");
    return info;
  }
  absl::Status StartMatch(const v1::MatchStart&, absl::Duration) override {
    return absl::OkStatus();
  }
  absl::StatusOr<v1::Decision> Decide(const v1::DecisionRequest& r,
                                      absl::Duration) override {
    v1::Decision d;
    if (r.options_size() > 0)
      d.set_option_index(rng_.Draw(rules::kChancePick, r.options_size()));
    return d;
  }
  // Issue 19.3: only the options are read: counted, nothing parsed, up to
  // the first field after them (a request's fields are in number order, as
  // protobuf and RequestBytes write them; out of order, fewer options are
  // counted and the answer is still one of them).
  absl::StatusOr<v1::Decision> DecideBytes(
      absl::string_view request, absl::Duration,
      absl::FunctionRef<void()> meanwhile) override {
    meanwhile();
    static_assert(v1::DecisionRequest::kOptionsFieldNumber == 6);
    using google::protobuf::internal::WireFormatLite;
    google::protobuf::io::CodedInputStream in(
        reinterpret_cast<const uint8_t*>(request.data()),
        static_cast<int>(std::min<size_t>(request.size(), INT32_MAX)));
    int options = 0;
    for (uint32_t tag; (tag = in.ReadTag()) != 0;) {
      const uint32_t number = WireFormatLite::GetTagFieldNumber(tag);
      if (number > 6) break;
      if (!WireFormatLite::SkipField(&in, tag))
        return absl::InvalidArgumentError("not a DecisionRequest");
      options += number == 6;
    }
    v1::Decision d;
    if (options > 0) d.set_option_index(rng_.Draw(rules::kChancePick, options));
    return d;
  }
  absl::Status EndMatch(const v1::MatchEnd&, absl::Duration) override {
    return absl::OkStatus();
  }

 private:
  rules::Chance rng_;
};

}  // namespace

absl::StatusOr<v1::Decision> BotConnection::DecideBytes(
    absl::string_view request, absl::Duration deadline,
    absl::FunctionRef<void()> meanwhile) {
  v1::DecisionRequest r;
  if (!r.ParseFromArray(request.data(), static_cast<int>(request.size()))) {
    meanwhile();
    return absl::InvalidArgumentError("not a DecisionRequest");
  }
  return DecideOverlapped(r, deadline, meanwhile);
}

BotConnection::Answer<absl::StatusOr<v1::BotInfo>> BotConnection::BeginHello(
    absl::Duration timeout, CallGroup&) {
  return Ready(Hello(timeout));
}

BotConnection::Answer<absl::Status> BotConnection::BeginStartMatch(
    const v1::MatchStart& m, absl::Duration timeout, CallGroup&) {
  return Ready(StartMatch(m, timeout));
}

BotConnection::Answer<absl::Status> BotConnection::BeginEndMatch(
    const v1::MatchEnd& m, absl::Duration timeout, CallGroup&) {
  return Ready(EndMatch(m, timeout));
}

CallGroup::CallGroup() : queue_(std::make_unique<grpc::CompletionQueue>()) {}

CallGroup::~CallGroup() {
  queue_->Shutdown();
  void* tag;
  bool ok;
  while (queue_->Next(&tag, &ok)) {
  }
}

bool CallGroup::Await(void* tag) {
  while (done_.erase(tag) == 0) {
    void* next;
    bool ok;
    if (!queue_->Next(&next, &ok)) return false;
    done_.insert(next);
  }
  return true;
}

BotChannels::BotChannels() = default;
BotChannels::~BotChannels() = default;

std::shared_ptr<grpc::Channel>& BotChannels::Slot(const std::string& key) {
  if (channels_.size() >= kMax && !channels_.count(key)) channels_.clear();
  return channels_[key];
}

absl::Status ValidateBotSpec(const std::string& spec) {
  if (spec == "builtin:random") return absl::OkStatus();
  if (absl::StartsWith(spec, "grpc://") && spec.size() > 7)
    return absl::OkStatus();
  if (absl::StartsWith(spec, "exec:") && spec.size() > 5)
    return absl::OkStatus();
  if (absl::StartsWith(spec, kCatalogPrefix) &&
      ValidBotName(spec.substr(sizeof kCatalogPrefix - 1)))
    return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat(
      "bad bot spec '", spec.substr(0, 100),
      "': use catalog:NAME, grpc://HOST:PORT, exec:COMMAND or builtin:random"));
}

absl::StatusOr<std::unique_ptr<BotConnection>> ConnectBot(
    const std::string& spec, const ConnectOptions& o) {
  if (absl::Status s = ValidateBotSpec(spec); !s.ok()) return s;
  // Issue 19.3: Debian's Abseil is built without NDEBUG, so every
  // absl::Mutex (gRPC's locks) also runs the debug deadlock detector, a
  // process-wide graph behind one global lock: off for the referee.
  static const bool no_deadlock_detection = [] {
    absl::SetMutexDeadlockDetectionMode(absl::OnDeadlockCycle::kIgnore);
    return true;
  }();
  (void)no_deadlock_detection;
  if (spec == "builtin:random") {
    return std::unique_ptr<BotConnection>(new BuiltinRandomBot(o.builtin_seed));
  }
  if (absl::StartsWith(spec, "grpc://")) {
    return std::unique_ptr<BotConnection>(
        new GrpcBot(spec.substr(7), o, o.channels));
  }
  if (absl::StartsWith(spec, kCatalogPrefix)) {
    return absl::FailedPreconditionError("catalogue name not resolved");
  }
  const std::vector<std::string> command =
      absl::StrSplit(spec.substr(5), ' ', absl::SkipWhitespace());
  auto sandbox = Sandbox::Prepare(command, o.sandbox);
  if (!sandbox.ok()) return sandbox.status();
  auto proc = ChildProcess::Start((*sandbox)->argv(), (*sandbox)->env(),
                                  256 * 1024, (*sandbox)->setup());
  if (!proc.ok()) return proc.status();
  return std::unique_ptr<BotConnection>(
      new ExecBot(*std::move(sandbox), *std::move(proc), o));
}

}  // namespace woodland::referee
