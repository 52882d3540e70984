#include "referee/bot_connection.h"

#include <grpcpp/grpcpp.h>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "referee/bot_catalog.h"
#include "referee/process.h"
#include "referee/rules/chance.h"
#include "woodland/v1/bot.grpc.pb.h"

namespace woodland::referee {
namespace {

absl::Status FromGrpc(const grpc::Status& s) {
  if (s.ok()) return absl::OkStatus();
  return absl::Status(static_cast<absl::StatusCode>(s.error_code()),
                      s.error_message());
}

std::chrono::system_clock::time_point DeadlineIn(absl::Duration d) {
  return std::chrono::system_clock::now() + absl::ToChronoMicroseconds(d);
}

class GrpcBot : public BotConnection {
 public:
  GrpcBot(const std::string& target, const ConnectOptions& o) {
    grpc::ChannelArguments args;
    args.SetMaxReceiveMessageSize(o.max_receive_bytes);
    args.SetInt(GRPC_ARG_ENABLE_RETRIES, 0);
    // A launched bot needs a moment to listen: reconnect quickly meanwhile.
    args.SetInt(GRPC_ARG_INITIAL_RECONNECT_BACKOFF_MS, 20);
    args.SetInt(GRPC_ARG_MIN_RECONNECT_BACKOFF_MS, 20);
    args.SetInt(GRPC_ARG_MAX_RECONNECT_BACKOFF_MS, 250);
    channel_ = grpc::CreateCustomChannel(
        target, grpc::InsecureChannelCredentials(), args);
    stub_ = v1::Bot::NewStub(channel_);
  }

  absl::StatusOr<v1::BotInfo> Hello(absl::Duration timeout) override {
    grpc::ClientContext ctx;
    ctx.set_deadline(DeadlineIn(timeout));
    ctx.set_wait_for_ready(true);  // a just-launched bot may not listen yet
    v1::HelloRequest req;
    req.set_protocol_version(1);
    v1::BotInfo info;
    absl::Status s = FromGrpc(stub_->Hello(&ctx, req, &info));
    if (!s.ok()) return s;
    return info;
  }
  absl::Status StartMatch(const v1::MatchStart& m,
                          absl::Duration timeout) override {
    grpc::ClientContext ctx;
    ctx.set_deadline(DeadlineIn(timeout));
    v1::Ack ack;
    return FromGrpc(stub_->StartMatch(&ctx, m, &ack));
  }
  absl::StatusOr<v1::Decision> Decide(const v1::DecisionRequest& r,
                                      absl::Duration deadline) override {
    grpc::ClientContext ctx;
    ctx.set_deadline(DeadlineIn(deadline));
    v1::Decision d;
    absl::Status s = FromGrpc(stub_->Decide(&ctx, r, &d));
    if (!s.ok()) return s;
    return d;
  }
  absl::Status EndMatch(const v1::MatchEnd& m,
                        absl::Duration timeout) override {
    grpc::ClientContext ctx;
    ctx.set_deadline(DeadlineIn(timeout));
    v1::Ack ack;
    return FromGrpc(stub_->EndMatch(&ctx, m, &ack));
  }

 private:
  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<v1::Bot::Stub> stub_;
};

class ExecBot : public BotConnection {
 public:
  ExecBot(std::unique_ptr<ChildProcess> p, std::unique_ptr<GrpcBot> rpc)
      : process_(std::move(p)), rpc_(std::move(rpc)) {}
  ~ExecBot() override { process_->Stop(); }

  // Retries until the process listens, failing fast if it exits.
  absl::StatusOr<v1::BotInfo> Hello(absl::Duration t) override {
    const absl::Time until = absl::Now() + t;
    absl::Status last = absl::DeadlineExceededError("bot did not answer Hello");
    while (absl::Now() < until) {
      if (!process_->Running()) {
        return absl::UnavailableError(
            absl::StrCat("bot process exited during startup; stderr: ",
                         process_->Stderr().substr(0, 500)));
      }
      auto info =
          rpc_->Hello(std::min(absl::Milliseconds(250), until - absl::Now()));
      if (info.ok()) return info;
      last = info.status();
    }
    return last;
  }
  absl::Status StartMatch(const v1::MatchStart& m, absl::Duration t) override {
    return rpc_->StartMatch(m, t);
  }
  absl::StatusOr<v1::Decision> Decide(const v1::DecisionRequest& r,
                                      absl::Duration t) override {
    absl::StatusOr<v1::Decision> d = rpc_->Decide(r, t);
    if (!d.ok() && d.status().code() != absl::StatusCode::kDeadlineExceeded) {
      // A dropped connection often means the process is dying: give it a
      // moment so the fault is classified as a crash, not a transport error.
      const absl::Time until = absl::Now() + absl::Milliseconds(200);
      while (process_->Running() && absl::Now() < until)
        absl::SleepFor(absl::Milliseconds(5));
    }
    return d;
  }
  absl::Status EndMatch(const v1::MatchEnd& m, absl::Duration t) override {
    return rpc_->EndMatch(m, t);
  }
  bool Exited() override { return !process_->Running(); }
  std::string Stderr() override { return process_->Stderr(); }

 private:
  std::unique_ptr<ChildProcess> process_;
  std::unique_ptr<GrpcBot> rpc_;
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
  absl::Status EndMatch(const v1::MatchEnd&, absl::Duration) override {
    return absl::OkStatus();
  }

 private:
  rules::Chance rng_;
};

}  // namespace

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
  if (spec == "builtin:random") {
    return std::unique_ptr<BotConnection>(new BuiltinRandomBot(o.builtin_seed));
  }
  if (absl::StartsWith(spec, "grpc://")) {
    return std::unique_ptr<BotConnection>(new GrpcBot(spec.substr(7), o));
  }
  if (absl::StartsWith(spec, kCatalogPrefix)) {
    return absl::FailedPreconditionError("catalogue name not resolved");
  }
  const std::vector<std::string> base =
      absl::StrSplit(spec.substr(5), ' ', absl::SkipWhitespace());
  absl::Status last = absl::UnavailableError("the bot did not start");
  for (int attempt = 0; attempt < 3; ++attempt) {
    absl::StatusOr<int> port = PickFreePort();
    if (!port.ok()) return port.status();
    std::vector<std::string> argv = base;
    argv.push_back("--port");
    argv.push_back(absl::StrCat(*port));
    auto proc =
        ChildProcess::Start(argv, {absl::StrCat("WOODLAND_BOT_PORT=", *port)});
    if (!proc.ok()) return proc.status();
    // A bot that prints "listening on 127.0.0.1:PORT" proves the port is its
    // own (a port is bound once); if it dies instead (e.g. it lost the port
    // to another process), launch it again on another port. Bots that print
    // nothing are greeted after a short wait.
    const std::string line = absl::StrCat("listening on 127.0.0.1:", *port);
    // Bots that print nothing are greeted after at most a second (Hello
    // itself keeps retrying until the startup timeout).
    const absl::Time until =
        absl::Now() + std::min(o.startup_timeout, absl::Seconds(1));
    bool exited = false;
    while (absl::Now() < until) {
      if ((*proc)->Stderr().find(line) != std::string::npos) break;
      if (!(*proc)->Running()) {
        exited = true;
        break;
      }
      absl::SleepFor(absl::Milliseconds(2));
    }
    if (exited) {
      last = absl::UnavailableError(
          absl::StrCat("bot process exited during startup; stderr: ",
                       (*proc)->Stderr().substr(0, 300)));
      continue;
    }
    auto rpc = std::make_unique<GrpcBot>(absl::StrCat("127.0.0.1:", *port), o);
    return std::unique_ptr<BotConnection>(
        new ExecBot(*std::move(proc), std::move(rpc)));
  }
  return last;
}

}  // namespace woodland::referee
