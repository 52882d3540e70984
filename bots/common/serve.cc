#include "bots/common/serve.h"

#include <cstdlib>
#include <functional>
#include <iostream>
#include <map>
#include <mutex>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "absl/synchronization/mutex.h"
#include "google/protobuf/arena.h"
#include "referee/wire_fields.h"

namespace woodland::bots {
namespace {

// Issue 19: serves a bot's own Bot service, adding Play (decisions on one
// stream, each answered by the bot's Decide) and the observations left out
// of requests because nothing changed (kept here per match and seat).
class Wrapper final : public v1::Bot::Service {
 public:
  Wrapper(v1::Bot::Service* bot, const ServeOptions& o) : bot_(bot), o_(o) {
    // The observation only if the bot ignores it (else it is kept per seat).
    for (int f : o.ignored_request_fields) {
      if (f != v1::DecisionRequest::kObservationFieldNumber)
        dropped_.push_back(f);
    }
    if (o.ignores_observation)
      dropped_.push_back(v1::DecisionRequest::kObservationFieldNumber);
  }

  grpc::Status Hello(grpc::ServerContext* ctx, const v1::HelloRequest* req,
                     v1::BotInfo* info) override {
    grpc::Status st = bot_->Hello(ctx, req, info);
    info->set_play_stream(true);
    info->set_accepts_unchanged_observation(true);
    return st;
  }
  grpc::Status StartMatch(grpc::ServerContext* ctx, const v1::MatchStart* m,
                          v1::Ack* ack) override {
    return bot_->StartMatch(ctx, m, ack);
  }
  grpc::Status EndMatch(grpc::ServerContext* ctx, const v1::MatchEnd* m,
                        v1::Ack* ack) override {
    Forget(m->match_id());
    return bot_->EndMatch(ctx, m, ack);
  }
  grpc::Status Decide(grpc::ServerContext* ctx, const v1::DecisionRequest* req,
                      v1::Decision* d) override {
    if (o_.ignores_observation) return bot_->Decide(ctx, req, d);
    v1::DecisionRequest copy = *req;  // rare: Play is the referee's path
    return DecideKeeping(ctx, &copy, d);
  }
  // One request read into a reused message (its parts keep their memory),
  // answered, then the next one, until the referee ends the stream.
  grpc::Status Play(grpc::ServerContext* ctx,
                    grpc::ServerReaderWriter<v1::Decision, v1::DecisionRequest>*
                        stream) override {
    v1::DecisionRequest req;
    v1::Decision d;
    while (stream->Read(&req)) {
      d.Clear();
      grpc::Status st = DecideOnStream(ctx, &req, &d);
      if (!st.ok()) return st;
      if (!stream->Write(d)) break;
    }
    return grpc::Status::OK;
  }
  // The request fields dropped before a Play request is parsed.
  const std::vector<int>& dropped_fields() const { return dropped_; }
  // One decision of a Play stream (`req` may be changed: its observation
  // is filled in or kept).
  grpc::Status DecideOnStream(grpc::ServerContext* ctx,
                              v1::DecisionRequest* req, v1::Decision* d) {
    return o_.ignores_observation ? bot_->Decide(ctx, req, d)
                                  : DecideKeeping(ctx, req, d);
  }

 private:
  static std::string Key(const v1::DecisionRequest& r) {
    return absl::StrCat(r.match_id(), "/", r.seat());
  }
  // The bot decides with the seat's whole observation; afterwards the
  // request's observation is the one kept for the seat (swapped, not
  // copied).
  grpc::Status DecideKeeping(grpc::ServerContext* ctx, v1::DecisionRequest* r,
                             v1::Decision* d) {
    const std::string key = Key(*r);
    if (r->observation_unchanged()) {
      std::lock_guard<std::mutex> lock(mu_);
      auto it = kept_.find(key);
      if (it == kept_.end()) {
        return grpc::Status(grpc::StatusCode::FAILED_PRECONDITION,
                            "observation_unchanged, but no observation kept "
                            "for this match and seat");
      }
      r->mutable_observation()->Swap(&it->second);
    }
    grpc::Status st = bot_->Decide(ctx, r, d);
    std::lock_guard<std::mutex> lock(mu_);
    // A referee that never ends its matches cannot grow this without bound.
    if (kept_.size() >= kMaxKept && !kept_.count(key)) kept_.clear();
    kept_[key].Swap(r->mutable_observation());
    return st;
  }
  void Forget(const std::string& match_id) {
    const std::string prefix = match_id + "/";
    std::lock_guard<std::mutex> lock(mu_);
    auto it = kept_.lower_bound(prefix);
    while (it != kept_.end() &&
           it->first.compare(0, prefix.size(), prefix) == 0)
      it = kept_.erase(it);
  }

  static constexpr size_t kMaxKept = 4096;
  v1::Bot::Service* bot_;
  ServeOptions o_;
  std::vector<int> dropped_;
  std::mutex mu_;
  std::map<std::string, v1::Observation> kept_;
};

// Issue 19.3: the whole server on one thread (ServeOptions.one_thread). It
// waits on the only completion queue, so the thread that polls the sockets
// is the one that answers: no hand-off between threads per decision. Each
// call is a small state machine whose tag is itself, with at most one
// operation pending at a time.
class Call {
 public:
  virtual ~Call() = default;
  virtual void Proceed(bool ok) = 0;
};

// Play is served raw (ByteBuffers): PlayCall parses each request itself, so
// that a bot never parses the fields it ignores (the observation, or those
// in ServeOptions.ignored_request_fields; referee/wire_fields.h drops them).
using AsyncService = v1::Bot::WithRawMethod_Play<v1::Bot::AsyncService>;

// A unary method: `request` asks gRPC for the next call of that method,
// `handle` answers it (the Wrapper's own method).
template <typename Req, typename Resp>
class UnaryCall final : public Call {
 public:
  using RequestFn =
      std::function<void(grpc::ServerContext*, Req*,
                         grpc::ServerAsyncResponseWriter<Resp>*, void*)>;
  using HandleFn =
      std::function<grpc::Status(grpc::ServerContext*, const Req*, Resp*)>;
  UnaryCall(RequestFn request, HandleFn handle)
      : request_(std::move(request)),
        handle_(std::move(handle)),
        writer_(&ctx_) {
    request_(&ctx_, &req_, &writer_, this);
  }
  void Proceed(bool ok) override {
    if (!ok || answered_) {  // shutting down, or the answer went out
      delete this;
      return;
    }
    new UnaryCall(request_, handle_);  // ready for the next one
    Resp resp;
    const grpc::Status st = handle_(&ctx_, &req_, &resp);
    answered_ = true;
    if (st.ok()) {
      writer_.Finish(resp, st, this);
    } else {
      writer_.FinishWithError(st, this);
    }
  }

 private:
  RequestFn request_;
  HandleFn handle_;
  grpc::ServerContext ctx_;
  Req req_;
  grpc::ServerAsyncResponseWriter<Resp> writer_;
  bool answered_ = false;
};

// A Play stream: read a request, answer it, read the next, until the
// referee ends the stream or a write fails; then the status.
class PlayCall final : public Call {
 public:
  PlayCall(AsyncService* service, grpc::ServerCompletionQueue* cq,
           Wrapper* wrapper)
      : service_(service),
        cq_(cq),
        wrapper_(wrapper),
        stream_(&ctx_),
        block_(new char[kBlock]),
        arena_(ArenaOn(block_.get())) {
    service_->RequestPlay(&ctx_, &stream_, cq_, cq_, this);
  }
  void Proceed(bool ok) override {
    switch (state_) {
      case kRequested:
        if (!ok) {
          delete this;
          return;
        }
        new PlayCall(service_, cq_, wrapper_);
        Read();
        return;
      case kReading: {
        if (!ok) return Finish(grpc::Status::OK);  // the referee is done
        if (!Parse()) {
          return Finish(grpc::Status(grpc::StatusCode::INTERNAL,
                                     "cannot parse the DecisionRequest"));
        }
        d_.Clear();
        if (grpc::Status st = wrapper_->DecideOnStream(&ctx_, req_, &d_);
            !st.ok()) {
          return Finish(st);
        }
        bool own;
        out_.Clear();
        if (!grpc::SerializationTraits<v1::Decision>::Serialize(d_, &out_, &own)
                 .ok()) {
          return Finish(grpc::Status(grpc::StatusCode::INTERNAL,
                                     "cannot serialize the Decision"));
        }
        state_ = kWriting;
        stream_.Write(out_, this);
        return;
      }
      case kWriting:
        if (!ok) return Finish(grpc::Status::OK);
        Read();
        return;
      case kFinishing:
        delete this;
        return;
    }
  }

 private:
  enum State { kRequested, kReading, kWriting, kFinishing };
  // Each request is read into a message on an arena, reset per request: a
  // reused heap message would still free and allocate its submessages.
  void Read() {
    state_ = kReading;
    in_.Clear();
    stream_.Read(&in_, this);
  }
  // The request just read, into a message on the arena (without its
  // observation if the bot ignores it).
  bool Parse() {
    arena_.Reset();  // keeps its first block
    req_ = google::protobuf::Arena::CreateMessage<v1::DecisionRequest>(&arena_);
    grpc::Slice slice;
    if (!in_.TrySingleSlice(&slice).ok() && !in_.DumpToSingleSlice(&slice).ok())
      return false;
    const absl::string_view bytes(reinterpret_cast<const char*>(slice.begin()),
                                  slice.size());
    const std::vector<int>& skip = wrapper_->dropped_fields();
    if (!skip.empty()) {
      // Bytes that are not a message fail here as in the parse below.
      scratch_.clear();
      return wire::AppendWithoutFields(bytes, skip, &scratch_).ok() &&
             req_->ParseFromString(scratch_);
    }
    return req_->ParseFromArray(bytes.data(), static_cast<int>(bytes.size()));
  }
  void Finish(const grpc::Status& st) {
    state_ = kFinishing;
    stream_.Finish(st, this);
  }

  AsyncService* service_;
  grpc::ServerCompletionQueue* cq_;
  Wrapper* wrapper_;
  grpc::ServerContext ctx_;
  grpc::ServerAsyncReaderWriter<grpc::ByteBuffer, grpc::ByteBuffer> stream_;
  grpc::ByteBuffer in_, out_;
  std::string scratch_;
  // Holds a typical request without a further allocation.
  static constexpr size_t kBlock = 64 * 1024;
  static google::protobuf::ArenaOptions ArenaOn(char* block) {
    google::protobuf::ArenaOptions o;
    o.initial_block = block;
    o.initial_block_size = kBlock;
    return o;
  }
  std::unique_ptr<char[]> block_;
  google::protobuf::Arena arena_;
  v1::DecisionRequest* req_ = nullptr;
  v1::Decision d_;
  State state_ = kRequested;
};

// Asks for the first call of every method, then answers calls until the
// queue shuts down.
void RunOneThread(AsyncService* service, grpc::ServerCompletionQueue* cq,
                  Wrapper* w) {
  using grpc::ServerAsyncResponseWriter;
  using grpc::ServerContext;
  new UnaryCall<v1::HelloRequest, v1::BotInfo>(
      [=](ServerContext* c, v1::HelloRequest* r,
          ServerAsyncResponseWriter<v1::BotInfo>* wr,
          void* tag) { service->RequestHello(c, r, wr, cq, cq, tag); },
      [=](ServerContext* c, const v1::HelloRequest* r, v1::BotInfo* o) {
        return w->Hello(c, r, o);
      });
  new UnaryCall<v1::MatchStart, v1::Ack>(
      [=](ServerContext* c, v1::MatchStart* r,
          ServerAsyncResponseWriter<v1::Ack>* wr,
          void* tag) { service->RequestStartMatch(c, r, wr, cq, cq, tag); },
      [=](ServerContext* c, const v1::MatchStart* r, v1::Ack* o) {
        return w->StartMatch(c, r, o);
      });
  new UnaryCall<v1::MatchEnd, v1::Ack>(
      [=](ServerContext* c, v1::MatchEnd* r,
          ServerAsyncResponseWriter<v1::Ack>* wr,
          void* tag) { service->RequestEndMatch(c, r, wr, cq, cq, tag); },
      [=](ServerContext* c, const v1::MatchEnd* r, v1::Ack* o) {
        return w->EndMatch(c, r, o);
      });
  new UnaryCall<v1::DecisionRequest, v1::Decision>(
      [=](ServerContext* c, v1::DecisionRequest* r,
          ServerAsyncResponseWriter<v1::Decision>* wr,
          void* tag) { service->RequestDecide(c, r, wr, cq, cq, tag); },
      [=](ServerContext* c, const v1::DecisionRequest* r, v1::Decision* o) {
        return w->Decide(c, r, o);
      });
  new PlayCall(service, cq, w);
  void* tag;
  bool ok;
  while (cq->Next(&tag, &ok)) static_cast<Call*>(tag)->Proceed(ok);
}

}  // namespace

bool ParseBotFlags(int argc, char** argv, BotFlags& flags, std::string& error) {
  if (const char* env = std::getenv("WOODLAND_BOT_PORT"))
    flags.port = std::atoi(env);
  if (const char* env = std::getenv("WOODLAND_BOT_ADDRESS")) flags.listen = env;
  for (int i = 1; i < argc; i += 2) {
    const std::string a = argv[i];
    if (i + 1 >= argc) {
      error = a + " needs a value";
      return false;
    }
    if (a == "--listen") {
      flags.listen = argv[i + 1];
    } else if (a == "--port") {
      flags.port = std::atoi(argv[i + 1]);
    } else if (a == "--seed") {
      flags.seed = std::strtoull(argv[i + 1], nullptr, 10);
    } else if (a == "--name") {
      flags.name = argv[i + 1];
    } else {
      error = "unknown flag " + a;
      return false;
    }
  }
  return true;
}

int ServeBot(v1::Bot::Service* bot, const BotFlags& flags,
             const std::string& program, const ServeOptions& options) {
  // Issue 19.3: gRPC's default epoll1 engine has one process-wide poller
  // thread, which reads a stream's message and then wakes the handler
  // thread blocked in its Read (a futex hand-off and two context switches
  // per decision). "poll" lets the handler poll its own call's socket.
  // Before gRPC starts; an operator's GRPC_POLL_STRATEGY wins.
  setenv("GRPC_POLL_STRATEGY", "poll", /*overwrite=*/0);
  Wrapper service(bot, options);
  // Issue 19.3: Debian's Abseil is built without NDEBUG, so every
  // absl::Mutex (gRPC's locks) also runs the debug deadlock detector, a
  // process-wide graph behind one global lock: off for serving.
  absl::SetMutexDeadlockDetectionMode(absl::OnDeadlockCycle::kIgnore);
  const bool tcp = flags.listen.empty();
  const std::string address =
      tcp ? "127.0.0.1:" + std::to_string(flags.port) : flags.listen;
  grpc::ServerBuilder builder;
  int bound = 0;
  builder.AddListeningPort(address, grpc::InsecureServerCredentials(), &bound);
  // Issue 19.3: no bandwidth-probing PINGs (and their acks) between
  // decisions: messages are small and the default window holds many.
  builder.AddChannelArgument(GRPC_ARG_HTTP2_BDP_PROBE, 0);
  AsyncService async;
  std::unique_ptr<grpc::ServerCompletionQueue> cq;
  if (options.one_thread) {
    builder.RegisterService(&async);
    cq = builder.AddCompletionQueue();
  } else {
    builder.RegisterService(&service);
  }
  std::unique_ptr<grpc::Server> server = builder.BuildAndStart();
  if (!server || bound == 0) {
    std::cerr << program << ": could not listen on " << address << "\n";
    return 1;
  }
  std::cerr << "listening on "
            << (tcp ? "127.0.0.1:" + std::to_string(bound) : address)
            << std::endl;
  if (options.one_thread) {
    RunOneThread(&async, cq.get(), &service);
  } else {
    server->Wait();
  }
  return 0;
}

}  // namespace woodland::bots
