// `woodland arena serve`: the Arena gRPC service with health checking,
// reflection and Prometheus metrics; resumes unfinished tournaments.
#include <grpcpp/ext/proto_server_reflection_plugin.h>
#include <grpcpp/grpcpp.h>
#include <grpcpp/health_check_service_interface.h>

#include <csignal>
#include <cstdlib>
#include <iostream>
#include <thread>

#include "arena/service.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "prometheus/exposer.h"

namespace woodland::cli {
namespace {
volatile std::sig_atomic_t g_stop = 0;
void OnSignal(int) { g_stop = 1; }
}  // namespace

int ArenaMain(const std::vector<std::string>& argv) {
  if (argv.empty() || argv[0] != "serve") {
    std::cerr << "usage: woodland arena serve [--port P] [--metrics-port M] "
                 "[--db FILE]\n"
                 "                            [--referee HOST:PORT ...] "
                 "[--workers W]\n";
    return 2;
  }
  auto args = Args::Parse({argv.begin() + 1, argv.end()},
                          {"--port", "--metrics-port", "--db", "--referee",
                           "--workers", "--address"},
                          {});
  if (!args.ok()) {
    std::cerr << "woodland arena: " << args.status().message() << "\n";
    return 2;
  }
  auto port = args->Number<int>("--port", 50050);
  auto metrics_port = args->Number<int>("--metrics-port", 9465);
  auto workers = args->Number<int>("--workers", 2);
  if (!port.ok() || !metrics_port.ok() || !workers.ok() || *workers < 1) {
    std::cerr << "woodland arena: --port, --metrics-port and --workers take "
                 "numbers\n";
    return 2;
  }
  auto store = arena::Store::Open(args->Get("--db", "arena.db"));
  if (!store.ok()) {
    std::cerr << "woodland arena: " << store.status().message() << "\n";
    return 1;
  }
  const std::string address = args->Get("--address", "127.0.0.1");
  arena::ArenaMetrics metrics;
  prometheus::Exposer exposer(address + ":" + std::to_string(*metrics_port));
  exposer.RegisterCollectable(metrics.registry());
  arena::ArenaService service(store->get(), &metrics, args->All("--referee"),
                              *workers);
  service.ResumeAll();

  grpc::EnableDefaultHealthCheckService(true);
  grpc::reflection::InitProtoReflectionServerBuilderPlugin();
  grpc::ServerBuilder builder;
  int bound = 0;
  builder.AddListeningPort(address + ":" + std::to_string(*port),
                           grpc::InsecureServerCredentials(), &bound);
  builder.SetMaxReceiveMessageSize(1 << 20);
  builder.RegisterService(&service);
  std::unique_ptr<grpc::Server> server = builder.BuildAndStart();
  if (!server || bound == 0) {
    std::cerr << "woodland arena: cannot listen on " << address << ":" << *port
              << "\n";
    return 1;
  }
  const std::string ready = "arena listening on " + address + ":" +
                            std::to_string(bound) + " metrics on " + address +
                            ":" +
                            std::to_string(exposer.GetListeningPorts().front());
  std::cout << ready << std::endl;
  std::cerr << ready << std::endl;
  std::signal(SIGINT, OnSignal);
  std::signal(SIGTERM, OnSignal);
  while (!g_stop) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  server->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(5));
  // Running tournaments stay "running" in the store and resume next start.
  std::_Exit(0);
}

}  // namespace woodland::cli
