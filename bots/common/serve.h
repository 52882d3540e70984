// Shared plumbing for the C++ bot servers: flags and the gRPC server loop.
#ifndef WOODLAND_BOTS_COMMON_SERVE_H_
#define WOODLAND_BOTS_COMMON_SERVE_H_

#include <grpcpp/grpcpp.h>

#include <cstdint>
#include <string>

namespace woodland::bots {

struct BotFlags {
  int port = 0;  // 0: WOODLAND_BOT_PORT, else any free port
  uint64_t seed = 1;
  std::string name;
};

// Parses --port N, --seed S and --name NAME. On error returns false and
// sets `error`.
bool ParseBotFlags(int argc, char** argv, BotFlags& flags, std::string& error);

// Listens on 127.0.0.1:port, prints "listening on 127.0.0.1:PORT" to
// stderr, and serves until the process is ended. Returns an exit code.
int ServeBot(grpc::Service* service, int port, const std::string& program);

}  // namespace woodland::bots

#endif  // WOODLAND_BOTS_COMMON_SERVE_H_
