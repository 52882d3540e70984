#include "bots/common/serve.h"

#include <cstdlib>
#include <iostream>

#include "absl/synchronization/mutex.h"

namespace woodland::bots {

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

int ServeBot(grpc::Service* service, const BotFlags& flags,
             const std::string& program) {
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
  builder.RegisterService(service);
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
