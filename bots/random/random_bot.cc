// A bot that chooses uniformly among the legal options.
//
//   random_bot [--listen ADDRESS | --port N] [--seed S] [--name NAME]
//
// Listens on ADDRESS (--listen or WOODLAND_BOT_ADDRESS, e.g. unix:/path, as
// the referee passes to the bots it launches), else on 127.0.0.1:N (N = 0 or
// absent: WOODLAND_BOT_PORT, else any free port), and prints "listening on
// ADDRESS" to stderr.
#include <grpcpp/grpcpp.h>

#include <cstdlib>
#include <iostream>
#include <mutex>
#include <string>

#include "bots/common/serve.h"
#include "referee/rules/chance.h"
#include "woodland/v1/bot.grpc.pb.h"

namespace {

using woodland::v1::Ack;
using woodland::v1::BotInfo;
using woodland::v1::Decision;
using woodland::v1::DecisionRequest;
using woodland::v1::HelloRequest;
using woodland::v1::MatchEnd;
using woodland::v1::MatchStart;

class RandomBot final : public woodland::v1::Bot::Service {
 public:
  RandomBot(uint64_t seed, std::string name)
      : rng_(seed), name_(std::move(name)) {}

  grpc::Status Hello(grpc::ServerContext*, const HelloRequest*,
                     BotInfo* info) override {
    info->set_name(name_);
    info->set_version("1.0");
    info->set_author("Woodland Arena");
    info->set_language("C++");
    return grpc::Status::OK;
  }
  grpc::Status StartMatch(grpc::ServerContext*, const MatchStart*,
                          Ack*) override {
    return grpc::Status::OK;
  }
  grpc::Status Decide(grpc::ServerContext*, const DecisionRequest* req,
                      Decision* d) override {
    if (req->options_size() == 0) {
      return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, "no options");
    }
    std::lock_guard<std::mutex> lock(mu_);
    d->set_option_index(
        rng_.Draw(woodland::rules::kChancePick, req->options_size()));
    return grpc::Status::OK;
  }
  grpc::Status EndMatch(grpc::ServerContext*, const MatchEnd*, Ack*) override {
    return grpc::Status::OK;
  }

 private:
  std::mutex mu_;
  woodland::rules::Chance rng_;
  std::string name_;
};

}  // namespace

int main(int argc, char** argv) {
  woodland::bots::BotFlags flags;
  flags.name = "random";
  std::string error;
  if (!woodland::bots::ParseBotFlags(argc, argv, flags, error)) {
    std::cerr << "random_bot: " << error << "\n";
    return 2;
  }
  RandomBot bot(flags.seed, flags.name);
  // It never reads the observation (issue 19: requests may omit it), nor
  // the prompt and events (issue 19.3: not even parsed), and answers in
  // microseconds: one thread serves every call.
  return woodland::bots::ServeBot(
      &bot, flags, "random_bot",
      {.ignores_observation = true,
       .one_thread = true,
       .ignored_request_fields = {DecisionRequest::kPromptFieldNumber,
                                  DecisionRequest::kEventsFieldNumber}});
}
