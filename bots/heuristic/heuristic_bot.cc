// The heuristic bot as a gRPC server (see policy.h).
//
//   heuristic_bot [--listen ADDRESS | --port N] [--seed S] [--name NAME]
//
// Listens on ADDRESS (--listen or WOODLAND_BOT_ADDRESS, e.g. unix:/path, as
// the referee passes to the bots it launches), else on 127.0.0.1:N (N = 0 or
// absent: WOODLAND_BOT_PORT, else any free port), and prints "listening on
// ADDRESS" to stderr.
#include <grpcpp/grpcpp.h>

#include <cstdlib>
#include <iostream>
#include <map>
#include <mutex>
#include <string>

#include "bots/common/serve.h"
#include "bots/heuristic/policy.h"
#include "woodland/v1/bot.grpc.pb.h"

namespace {

using woodland::bots::HeuristicPolicy;

class HeuristicBot final : public woodland::v1::Bot::Service {
 public:
  HeuristicBot(uint64_t seed, std::string name)
      : seed_(seed), name_(std::move(name)) {}

  grpc::Status Hello(grpc::ServerContext*, const woodland::v1::HelloRequest*,
                     woodland::v1::BotInfo* info) override {
    info->set_name(name_);
    info->set_version("0.1");
    info->set_author("Woodland Arena");
    info->set_language("C++");
    return grpc::Status::OK;
  }
  grpc::Status StartMatch(grpc::ServerContext*, const woodland::v1::MatchStart*,
                          woodland::v1::Ack*) override {
    return grpc::Status::OK;
  }
  grpc::Status Decide(grpc::ServerContext*,
                      const woodland::v1::DecisionRequest* req,
                      woodland::v1::Decision* d) override {
    if (req->options_size() == 0) {
      return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, "no options");
    }
    std::lock_guard<std::mutex> lock(mu_);
    // One policy per (match, seat), so concurrent matches stay independent.
    auto key = req->match_id() + "#" + std::to_string(req->seat());
    auto it = policies_.find(key);
    if (it == policies_.end())
      it = policies_.emplace(key, HeuristicPolicy(seed_)).first;
    d->set_option_index(it->second.Choose(*req));
    return grpc::Status::OK;
  }
  grpc::Status EndMatch(grpc::ServerContext*, const woodland::v1::MatchEnd* end,
                        woodland::v1::Ack*) override {
    std::lock_guard<std::mutex> lock(mu_);
    for (auto it = policies_.begin(); it != policies_.end();) {
      it = it->first.rfind(end->match_id() + "#", 0) == 0 ? policies_.erase(it)
                                                          : std::next(it);
    }
    return grpc::Status::OK;
  }

 private:
  std::mutex mu_;
  uint64_t seed_;
  std::string name_;
  std::map<std::string, HeuristicPolicy> policies_;
};

}  // namespace

int main(int argc, char** argv) {
  woodland::bots::BotFlags flags;
  flags.name = "heuristic";
  std::string error;
  if (!woodland::bots::ParseBotFlags(argc, argv, flags, error)) {
    std::cerr << "heuristic_bot: " << error << "\n";
    return 2;
  }
  HeuristicBot bot(flags.seed, flags.name);
  return woodland::bots::ServeBot(&bot, flags, "heuristic_bot");
}
