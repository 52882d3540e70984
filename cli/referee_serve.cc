// `woodland referee serve`: the Referee gRPC service with health checking,
// reflection and Prometheus metrics.
#include <grpcpp/ext/proto_server_reflection_plugin.h>
#include <grpcpp/grpcpp.h>
#include <grpcpp/health_check_service_interface.h>

#include <csignal>
#include <cstdlib>
#include <iostream>

#include "cli/args.h"
#include "cli/commands.h"
#include "prometheus/exposer.h"
#include "referee/metrics.h"
#include "referee/service.h"

namespace woodland::cli {
namespace {
volatile std::sig_atomic_t g_stop = 0;
void OnSignal(int) { g_stop = 1; }
}  // namespace

int RefereeMain(const std::vector<std::string>& argv) {
  if (argv.empty() || argv[0] != "serve") {
    std::cerr << "usage: woodland referee serve [--port P] [--metrics-port M] "
                 "[--workers W]\n";
    return 2;
  }
  auto args = Args::Parse(
      {argv.begin() + 1, argv.end()},
      {"--port", "--metrics-port", "--workers", "--address", "--stderr-dir"},
      {});
  if (!args.ok()) {
    std::cerr << "woodland referee: " << args.status().message() << "\n";
    return 2;
  }
  auto port = args->Number<int>("--port", 50051);
  auto metrics_port = args->Number<int>("--metrics-port", 9464);
  auto workers = args->Number<int>("--workers", 16);
  if (!port.ok() || !metrics_port.ok() || !workers.ok() || *workers < 1) {
    std::cerr << "woodland referee: --port, --metrics-port and --workers take "
                 "numbers\n";
    return 2;
  }
  const std::string address = args->Get("--address", "127.0.0.1");
  referee::RefereeMetrics metrics;
  prometheus::Exposer exposer(address + ":" + std::to_string(*metrics_port));
  exposer.RegisterCollectable(metrics.registry());
  referee::MatchOptions options;
  options.metrics = &metrics;
  options.stderr_dir = args->Get("--stderr-dir", "");
  referee::RefereeService service(options, *workers);

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
    std::cerr << "woodland referee: cannot listen on " << address << ":"
              << *port << "\n";
    return 1;
  }
  // Machine-readable line for scripts and tests (stdout and stderr).
  const std::string ready = "referee listening on " + address + ":" +
                            std::to_string(bound) + " metrics on " + address +
                            ":" +
                            std::to_string(exposer.GetListeningPorts().front());
  std::cout << ready << std::endl;
  std::cerr << ready << std::endl;
  std::signal(SIGINT, OnSignal);
  std::signal(SIGTERM, OnSignal);
  while (!g_stop) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  std::cerr << "referee: stopping" << std::endl;
  server->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(5));
  std::cerr << "referee: stopped" << std::endl;
  // Everything is answered and written; skip the metrics web server's slow
  // teardown (about two seconds).
  std::_Exit(0);
}

}  // namespace woodland::cli
