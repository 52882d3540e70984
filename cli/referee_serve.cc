// `woodland referee serve`: the Referee gRPC service with health checking,
// reflection and Prometheus metrics.
#include <grpcpp/grpcpp.h>

#include <csignal>
#include <cstdlib>
#include <iostream>

#include "arena/auth.h"
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
                 "[--allow-endpoint HOST:PORT|HOST:*|A.B.C.D/N ...]\n"
                 "         [--max-kept-matches N] [--accounts-db ARENA_DB]\n";
    return 2;
  }
  auto args = Args::Parse(
      {argv.begin() + 1, argv.end()},
      {"--port", "--metrics-port", "--workers", "--address", "--stderr-dir",
       "--bot", "--bots-file", "--allow-endpoint", "--max-watchers",
       "--max-watchers-per-client", "--max-deadline-ms", "--max-time-bank-ms",
       "--max-kept-matches", "--accounts-db"},
      {});
  if (!args.ok()) {
    std::cerr << "woodland referee: " << args.status().message() << "\n";
    return 2;
  }
  if (absl::Status s = MakeDirFlag(*args, "--stderr-dir"); !s.ok()) {
    std::cerr << "woodland referee: " << s.message() << "\n";
    return 2;
  }
  auto port = args->Number<int>("--port", 50051);
  auto metrics_port = args->Number<int>("--metrics-port", 9464);
  auto workers = args->Number<int>("--workers", 16);
  auto max_watchers = args->Number<int>("--max-watchers", 256);
  auto per_client = args->Number<int>("--max-watchers-per-client", 16);
  if (!port.ok() || !metrics_port.ok() || !workers.ok() || *workers < 1 ||
      *workers > 256 || !max_watchers.ok() || *max_watchers < 1 ||
      !per_client.ok() || *per_client < 1) {
    std::cerr << "woodland referee: --port, --metrics-port, --workers, "
                 "--max-watchers and --max-watchers-per-client take "
                 "numbers (--workers: 1 to 256)\n";
    return 2;
  }
  // Operator bounds on what a RunMatch request may ask for.
  auto max_deadline = args->Number<int64_t>("--max-deadline-ms", 60000);
  auto max_bank = args->Number<int64_t>("--max-time-bank-ms", 3600000);
  constexpr int64_t kDay = 86400000;
  if (!max_deadline.ok() || !max_bank.ok() || *max_deadline < 1 ||
      *max_deadline > kDay || *max_bank < 1 || *max_bank > kDay) {
    std::cerr << "woodland referee: --max-deadline-ms and --max-time-bank-ms "
                 "take 1 to 86400000\n";
    return 2;
  }
  // Issue 14.6: finished matches kept for GetReplay (about 340 KB each).
  auto kept = args->Number<int64_t>("--max-kept-matches", 1000);
  if (!kept.ok() || *kept < 1 || *kept > 1000000) {
    std::cerr << "woodland referee: --max-kept-matches takes 1 to 1000000\n";
    return 2;
  }
  const std::string address = args->Get("--address", "127.0.0.1");
  referee::RefereeMetrics metrics;
  referee::MatchOptions options;
  options.metrics = &metrics;
  options.max_deadline = absl::Milliseconds(*max_deadline);
  options.max_time_bank = absl::Milliseconds(*max_bank);
  options.stderr_dir = args->Get("--stderr-dir", "");
  absl::StatusOr<referee::BotCatalog> catalog = CatalogFromArgs(*args);
  if (!catalog.ok()) {
    std::cerr << "woodland referee: " << catalog.status().message() << "\n";
    return 2;
  }
  referee::RefereeService service(options, *std::move(catalog), *workers,
                                  static_cast<size_t>(*kept),
                                  {*max_watchers, *per_client});
  // Issue 14: with accounts (the users of an arena database), every call
  // needs a token; RunMatch an admin's (the arena's own account).
  std::unique_ptr<arena::Store> accounts;
  std::unique_ptr<arena::Authorizer> authorizer;
  if (args->Has("--accounts-db")) {
    auto store = arena::Store::Open(args->Get("--accounts-db"));
    if (!store.ok()) {
      std::cerr << "woodland referee: " << store.status().message() << "\n";
      return 2;
    }
    accounts = *std::move(store);
    authorizer = std::make_unique<arena::Authorizer>(accounts.get(), true);
    service.set_authenticate(
        [a = authorizer.get()](const grpc::CallbackServerContext& ctx,
                               const std::string& method) {
          absl::StatusOr<arena::Principal> p = a->Caller(ctx);
          if (!p.ok()) {
            return grpc::Status(grpc::StatusCode::UNAUTHENTICATED,
                                std::string(p.status().message()));
          }
          if (method == "RunMatch" && !p->admin) {
            return grpc::Status(grpc::StatusCode::PERMISSION_DENIED,
                                "only an admin may run matches");
          }
          return grpc::Status::OK;
        });
  }
  return ServeUntilSignal("referee", &service, address, *port,
                          metrics.registry(), *metrics_port);
}

}  // namespace woodland::cli
