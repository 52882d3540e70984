// `woodland referee serve`: the Referee gRPC service with health checking,
// reflection and Prometheus metrics.
#include <grpcpp/grpcpp.h>

#include <csignal>
#include <cstdlib>
#include <iostream>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/serve.h"
#include "referee/metrics.h"
#include "referee/service.h"

namespace woodland::cli {
int RefereeMain(const std::vector<std::string>& argv) {
  if (argv.empty() || argv[0] != "serve") {
    std::cerr << "usage: woodland referee serve [--port P] [--metrics-port M] "
                 "[--workers W]\n"
                 "         [--bot NAME=SPEC ...] [--bots-file FILE] "
                 "[--allow-endpoint HOST:PORT|HOST:*|A.B.C.D/N ...]\n";
    return 2;
  }
  auto args =
      Args::Parse({argv.begin() + 1, argv.end()},
                  {"--port", "--metrics-port", "--workers", "--address",
                   "--stderr-dir", "--bot", "--bots-file", "--allow-endpoint"},
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
  referee::MatchOptions options;
  options.metrics = &metrics;
  options.stderr_dir = args->Get("--stderr-dir", "");
  absl::StatusOr<referee::BotCatalog> catalog = CatalogFromArgs(*args);
  if (!catalog.ok()) {
    std::cerr << "woodland referee: " << catalog.status().message() << "\n";
    return 2;
  }
  referee::RefereeService service(options, *std::move(catalog), *workers);
  return ServeUntilSignal("referee", &service, address, *port,
                          metrics.registry(), *metrics_port);
}

}  // namespace woodland::cli
