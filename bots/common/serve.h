// Shared plumbing for the C++ bot servers: flags and the gRPC server loop.
#ifndef WOODLAND_BOTS_COMMON_SERVE_H_
#define WOODLAND_BOTS_COMMON_SERVE_H_

#include <grpcpp/grpcpp.h>

#include <cstdint>
#include <string>
#include <vector>

#include "woodland/v1/bot.grpc.pb.h"

namespace woodland::bots {

struct BotFlags {
  // Where to listen: a gRPC address (`unix:/path/bot.sock`, `HOST:PORT`)
  // from --listen or WOODLAND_BOT_ADDRESS (what the referee passes to a bot
  // it launches); if empty, 127.0.0.1:port.
  std::string listen;
  int port = 0;  // 0: WOODLAND_BOT_PORT, else any free port
  uint64_t seed = 1;
  std::string name;
};

// Parses --listen ADDRESS, --port N, --seed S and --name NAME. On error
// returns false and sets `error`.
bool ParseBotFlags(int argc, char** argv, BotFlags& flags, std::string& error);

struct ServeOptions {
  // Issue 19: the bot's Decide never reads DecisionRequest.observation, so
  // the server accepts requests without it (BotInfo.
  // accepts_unchanged_observation) and does not keep a copy to fill it in.
  bool ignores_observation = false;
  // Issue 19.3: the bot's methods return within microseconds, so serve every
  // call on one thread that also polls the sockets (gRPC's async API): no
  // hand-off between threads per decision. A slow method would delay every
  // other call, of every match, meanwhile: thinking bots keep this off (one
  // thread per call).
  bool one_thread = false;
  // Issue 19.3: numbers of further DecisionRequest fields the bot's Decide
  // never reads (e.g. 8, the events): a Play request is parsed without them
  // (a bot that reads only the options parses only those). The observation
  // (7) is governed by `ignores_observation` alone.
  std::vector<int> ignored_request_fields;
};

// Listens on flags.listen (else 127.0.0.1:port), prints "listening on
// ADDRESS" to stderr, and serves until the process is ended. Returns an exit
// code.
//
// Issue 19: the bot's own Bot service is served behind a wrapper that also
// implements Play (the referee's decisions on one stream, each answered by
// the bot's Decide) and advertises it in BotInfo.play_stream; it also sets
// BotInfo.accepts_unchanged_observation and, when a request says
// observation_unchanged, fills in that seat's previous observation before
// the bot's Decide sees the request (unless `ignores_observation`). The
// bot's decision code is unchanged: it sees a whole request either way.
int ServeBot(woodland::v1::Bot::Service* service, const BotFlags& flags,
             const std::string& program, const ServeOptions& options = {});

}  // namespace woodland::bots

#endif  // WOODLAND_BOTS_COMMON_SERVE_H_
