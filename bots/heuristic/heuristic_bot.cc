// The heuristic bot as a gRPC server (see policy.h).
//
//   heuristic_bot [--port N] [--seed S] [--name NAME]
//
// Listens on 127.0.0.1:N (N = 0 or absent: WOODLAND_BOT_PORT, else any free
// port) and prints "listening on 127.0.0.1:PORT" to stderr.
#include <grpcpp/grpcpp.h>

#include <cstdlib>
#include <iostream>
#include <map>
#include <mutex>
#include <string>

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
  int port = 0;
  uint64_t seed = 1;
  std::string name = "heuristic";
  if (const char* env = std::getenv("WOODLAND_BOT_PORT")) port = std::atoi(env);
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    if (a == "--port") {
      port = std::atoi(argv[i + 1]);
    } else if (a == "--seed") {
      seed = std::strtoull(argv[i + 1], nullptr, 10);
    } else if (a == "--name") {
      name = argv[i + 1];
    } else {
      std::cerr << "heuristic_bot: unknown flag " << a << "\n";
      return 2;
    }
  }
  HeuristicBot bot(seed, name);
  grpc::ServerBuilder builder;
  int bound = 0;
  builder.AddListeningPort("127.0.0.1:" + std::to_string(port),
                           grpc::InsecureServerCredentials(), &bound);
  builder.RegisterService(&bot);
  std::unique_ptr<grpc::Server> server = builder.BuildAndStart();
  if (!server || bound == 0) {
    std::cerr << "heuristic_bot: could not listen on port " << port << "\n";
    return 1;
  }
  std::cerr << "listening on 127.0.0.1:" << bound << std::endl;
  server->Wait();
  return 0;
}
