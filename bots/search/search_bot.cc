// The search bot as a gRPC server: information-set MCTS (ismcts.h) on the
// rules engine, from the seat's own view only (info_tracker.h), with the
// heuristic policy answering whatever the search cannot rebuild.
//
//   search_bot [--listen ADDRESS | --port N] [--seed S] [--name NAME]
//              [--deadline-fraction F] [--bank-fraction B] [--max-seconds T]
//              [--horizon TURNS] [--margin M] [--iterations I]
//              [--material W] [--policy P] [--depth D]
//              [--temperature T] [--puct C]
//
// Time per decision: min(F x the decision's deadline, B x the remaining
// time bank, T) (defaults 0.5, 0.02, 10 s). The heuristic's choice stands
// unless the search's scores M better (default 0). --iterations I > 0:
// I playouts per decision instead of the clock (reproducible strength on a
// loaded machine, for tests and tournaments of fixed work). --material W:
// the weight of map and hand standing in a cut-off playout's value;
// --policy P: the share of playout decisions the heuristic takes; --depth D:
// decisions in the tree per playout (1: flat rollouts over the root);
// --temperature T > 0: PUCT at the root with a softmax of the heuristic's
// option scores at T as priors, --puct C its constant (default 1).
#include <grpcpp/grpcpp.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "bots/common/serve.h"
#include "bots/heuristic/policy.h"
#include "bots/search/search_player.h"
#include "woodland/v1/bot.grpc.pb.h"

namespace {

using woodland::bots::SearchPlayer;
using woodland::bots::SearchPlayerOptions;

class SearchBot final : public woodland::v1::Bot::Service {
 public:
  SearchBot(SearchPlayerOptions options, std::string name)
      : options_(options), name_(std::move(name)) {}

  grpc::Status Hello(grpc::ServerContext*, const woodland::v1::HelloRequest*,
                     woodland::v1::BotInfo* info) override {
    info->set_name(name_);
    info->set_version("0.1");
    info->set_author("Woodland Arena");
    info->set_language("C++");
    return grpc::Status::OK;
  }
  grpc::Status StartMatch(grpc::ServerContext*,
                          const woodland::v1::MatchStart* start,
                          woodland::v1::Ack*) override {
    std::lock_guard<std::mutex> lock(mu_);
    starts_[start->match_id() + "#" + std::to_string(start->seat())] = *start;
    return grpc::Status::OK;
  }
  grpc::Status Decide(grpc::ServerContext*,
                      const woodland::v1::DecisionRequest* req,
                      woodland::v1::Decision* d) override {
    if (req->options_size() == 0) {
      return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, "no options");
    }
    SearchPlayer* player;
    {
      std::lock_guard<std::mutex> lock(mu_);
      const std::string key =
          req->match_id() + "#" + std::to_string(req->seat());
      auto it = players_.find(key);
      if (it == players_.end()) {
        auto st = starts_.find(key);
        it = players_
                 .emplace(key, std::make_unique<SearchPlayer>(
                                   st == starts_.end() ? nullptr : &st->second,
                                   options_))
                 .first;
      }
      player = it->second.get();
    }
    // One decision at a time per seat (the referee waits for each answer).
    std::string note;
    d->set_option_index(player->Choose(*req, &note));
    d->set_note(note);
    return grpc::Status::OK;
  }
  grpc::Status EndMatch(grpc::ServerContext*, const woodland::v1::MatchEnd* end,
                        woodland::v1::Ack*) override {
    std::lock_guard<std::mutex> lock(mu_);
    const std::string prefix = end->match_id() + "#";
    for (auto it = players_.begin(); it != players_.end();) {
      it = it->first.rfind(prefix, 0) == 0 ? players_.erase(it) : std::next(it);
    }
    for (auto it = starts_.begin(); it != starts_.end();) {
      it = it->first.rfind(prefix, 0) == 0 ? starts_.erase(it) : std::next(it);
    }
    return grpc::Status::OK;
  }

 private:
  std::mutex mu_;
  SearchPlayerOptions options_;
  std::string name_;
  std::map<std::string, woodland::v1::MatchStart> starts_;
  std::map<std::string, std::unique_ptr<SearchPlayer>> players_;
};

}  // namespace

int main(int argc, char** argv) {
  SearchPlayerOptions options;
  // Search flags first; the rest go to the common bot flags.
  std::vector<char*> rest = {argv[0]};
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const bool ours = a == "--deadline-fraction" || a == "--bank-fraction" ||
                      a == "--max-seconds" || a == "--horizon" ||
                      a == "--margin" || a == "--iterations" ||
                      a == "--material" || a == "--policy" || a == "--depth" ||
                      a == "--temperature" || a == "--puct";
    if (!ours || i + 1 >= argc) {
      rest.push_back(argv[i]);
      continue;
    }
    const double v = std::atof(argv[++i]);
    if (a == "--deadline-fraction") options.deadline_fraction = v;
    if (a == "--bank-fraction") options.bank_fraction = v;
    if (a == "--max-seconds") options.max_seconds = v;
    if (a == "--horizon") options.horizon_turns = static_cast<int>(v);
    if (a == "--margin") options.override_margin = v;
    if (a == "--iterations") options.fixed_iterations = static_cast<int>(v);
    if (a == "--material") options.material = v;
    if (a == "--policy") options.policy_chance = v;
    if (a == "--depth") options.tree_depth = static_cast<int>(v);
    if (a == "--temperature") options.prior_temperature = v;
    if (a == "--puct") options.puct = v;
  }
  woodland::bots::BotFlags flags;
  flags.name = "search";
  std::string error;
  if (!woodland::bots::ParseBotFlags(static_cast<int>(rest.size()), rest.data(),
                                     flags, error)) {
    std::cerr << "search_bot: " << error << "\n";
    return 2;
  }
  options.seed = flags.seed;
  SearchBot bot(options, flags.name);
  return woodland::bots::ServeBot(&bot, flags, "search_bot");
}
