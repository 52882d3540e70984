// A bot served in the test's own process that records the peer of every
// Hello: the client's address and port, one per connection. Tests that keep
// channels across matches (issue 19.4) count the connections a bot saw.
#ifndef WOODLAND_TESTS_COMMON_PEER_BOT_H_
#define WOODLAND_TESTS_COMMON_PEER_BOT_H_

#include <grpcpp/grpcpp.h>

#include <mutex>
#include <set>
#include <string>

#include "woodland/v1/bot.grpc.pb.h"

namespace woodland::test_util {

class PeerBot final : public v1::Bot::Service {
 public:
  grpc::Status Hello(grpc::ServerContext* ctx, const v1::HelloRequest*,
                     v1::BotInfo* info) override {
    std::lock_guard<std::mutex> lock(mu_);
    peers_.insert(ctx->peer());
    ++hellos_;
    info->set_name("peer");
    return grpc::Status::OK;
  }
  grpc::Status StartMatch(grpc::ServerContext*, const v1::MatchStart*,
                          v1::Ack*) override {
    return grpc::Status::OK;
  }
  grpc::Status Decide(grpc::ServerContext*, const v1::DecisionRequest* r,
                      v1::Decision* d) override {
    d->set_option_index((r->seat_decision_index() * 7) % r->options_size());
    return grpc::Status::OK;
  }
  grpc::Status EndMatch(grpc::ServerContext*, const v1::MatchEnd*,
                        v1::Ack*) override {
    return grpc::Status::OK;
  }
  std::set<std::string> peers() {
    std::lock_guard<std::mutex> lock(mu_);
    return peers_;
  }
  int hellos() {
    std::lock_guard<std::mutex> lock(mu_);
    return hellos_;
  }

 private:
  std::mutex mu_;
  std::set<std::string> peers_;
  int hellos_ = 0;
};

}  // namespace woodland::test_util

#endif  // WOODLAND_TESTS_COMMON_PEER_BOT_H_
