#include "cli/serve.h"

#include <grpcpp/ext/proto_server_reflection_plugin.h>
#include <grpcpp/health_check_service_interface.h>
#include <sys/stat.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <iostream>
#include <thread>

#include "prometheus/exposer.h"

namespace woodland::cli {
namespace {
volatile std::sig_atomic_t g_stop = 0;
void OnSignal(int) { g_stop = 1; }
}  // namespace

int ServeUntilSignal(const std::string& name, grpc::Service* service,
                     const std::string& address, int port,
                     std::shared_ptr<prometheus::Registry> metrics,
                     int metrics_port) {
  for (auto [value, flag] :
       {std::pair{port, "--port"}, std::pair{metrics_port, "--metrics-port"}}) {
    if (value < 0 || value > 65535) {
      std::cerr << "woodland " << name << ": " << flag
                << " must be in 0..65535, got " << value << "\n";
      return 2;
    }
  }
  // The metrics web server throws on a busy or invalid address.
  std::unique_ptr<prometheus::Exposer> exposer;
  try {
    exposer = std::make_unique<prometheus::Exposer>(
        address + ":" + std::to_string(metrics_port));
  } catch (const std::exception& e) {
    std::cerr << "woodland " << name << ": cannot serve metrics on " << address
              << ":" << metrics_port
              << " (in use or not an address): " << e.what() << "\n";
    return 1;
  }
  exposer->RegisterCollectable(metrics);
  grpc::EnableDefaultHealthCheckService(true);
  grpc::reflection::InitProtoReflectionServerBuilderPlugin();
  grpc::ServerBuilder builder;
  // Issue 16 item 10: with SO_REUSEPORT a second server could bind the same
  // port and answer some of the calls. A port in use fails the start.
  builder.AddChannelArgument(GRPC_ARG_ALLOW_REUSEPORT, 0);
  int bound = 0;
  builder.AddListeningPort(address + ":" + std::to_string(port),
                           grpc::InsecureServerCredentials(), &bound);
  builder.SetMaxReceiveMessageSize(1 << 20);
  builder.RegisterService(service);
  std::unique_ptr<grpc::Server> server = builder.BuildAndStart();
  if (!server || bound == 0) {
    std::cerr << "woodland " << name << ": cannot listen on " << address << ":"
              << port << " (in use, or not an address)\n";
    return 1;
  }
  // Machine-readable line for scripts and tests, on stderr and on stdout
  // unless both are the same file or terminal (issue 14.6: printed twice).
  const std::string ready =
      name + " listening on " + address + ":" + std::to_string(bound) +
      " metrics on " + address + ":" +
      std::to_string(exposer->GetListeningPorts().front());
  struct stat out {
  }, err{};
  const bool same = fstat(1, &out) == 0 && fstat(2, &err) == 0 &&
                    out.st_dev == err.st_dev && out.st_ino == err.st_ino;
  if (!same) std::cout << ready << std::endl;
  std::cerr << ready << std::endl;
  std::signal(SIGINT, OnSignal);
  std::signal(SIGTERM, OnSignal);
  while (!g_stop) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  std::cerr << name << ": stopping" << std::endl;
  server->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(5));
  std::cerr << name << ": stopped" << std::endl;
  // Everything is answered and written; skip the metrics web server's slow
  // teardown (about two seconds).
  std::_Exit(0);
}

}  // namespace woodland::cli
