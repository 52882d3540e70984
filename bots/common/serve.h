// Shared plumbing for the C++ bot servers: flags and the gRPC server loop.
#ifndef WOODLAND_BOTS_COMMON_SERVE_H_
#define WOODLAND_BOTS_COMMON_SERVE_H_

#include <grpcpp/grpcpp.h>

#include <cstdint>
#include <string>

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

// Listens on flags.listen (else 127.0.0.1:port), prints "listening on
// ADDRESS" to stderr, and serves until the process is ended. Returns an exit
// code.
int ServeBot(grpc::Service* service, const BotFlags& flags,
             const std::string& program);

}  // namespace woodland::bots

#endif  // WOODLAND_BOTS_COMMON_SERVE_H_
