#include "bots/common/serve.h"

#include <cstdlib>
#include <iostream>
#include <map>
#include <mutex>

#include "absl/strings/str_cat.h"
#include "absl/synchronization/mutex.h"

namespace woodland::bots {
namespace {

// Issue 19: serves a bot's own Bot service, adding Play (decisions on one
// stream, each answered by the bot's Decide) and the observations left out
// of requests because nothing changed (kept here per match and seat).
class Wrapper final : public v1::Bot::Service {
 public:
  Wrapper(v1::Bot::Service* bot, const ServeOptions& o) : bot_(bot), o_(o) {}

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
      grpc::Status st = o_.ignores_observation ? bot_->Decide(ctx, &req, &d)
                                               : DecideKeeping(ctx, &req, &d);
      if (!st.ok()) return st;
      if (!stream->Write(d)) break;
    }
    return grpc::Status::OK;
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
  std::mutex mu_;
  std::map<std::string, v1::Observation> kept_;
};

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
  builder.RegisterService(&service);
  std::unique_ptr<grpc::Server> server = builder.BuildAndStart();
  if (!server || bound == 0) {
    std::cerr << program << ": could not listen on " << address << "\n";
    return 1;
  }
  std::cerr << "listening on "
            << (tcp ? "127.0.0.1:" + std::to_string(bound) : address)
            << std::endl;
  server->Wait();
  return 0;
}

}  // namespace woodland::bots
