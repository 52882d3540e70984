// `woodland arena serve`: the Arena gRPC service with health checking,
// reflection and Prometheus metrics; resumes unfinished tournaments.
#include <grpcpp/grpcpp.h>

#include <csignal>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <thread>

#include "absl/strings/numbers.h"
#include "arena/http/server.h"
#include "arena/service.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "cli/serve.h"

namespace woodland::cli {
namespace {

// `woodland arena recompute --db FILE --tournament ID`: the explicit full
// recomputation of a tournament's or ladder's ratings (issue 14.2).
int Recompute(const std::vector<std::string>& argv) {
  auto args = Args::Parse({argv.begin() + 1, argv.end()},
                          {"--db", "--tournament"}, {"--json"});
  auto id = args.ok() ? args->Number<int64_t>("--tournament", 0)
                      : absl::StatusOr<int64_t>(args.status());
  if (!id.ok() || *id <= 0) {
    std::cerr << "usage: woodland arena recompute --db FILE --tournament ID "
                 "[--json]\n";
    return 2;
  }
  auto store = arena::Store::Open(args->Get("--db", "arena.db"));
  if (!store.ok()) {
    std::cerr << "woodland arena: " << store.status().message() << "\n";
    return 1;
  }
  arena::ArenaService service(store->get(), nullptr, {}, 1);
  arena::TournamentConfig config;
  auto s = service.Recompute(*id, &config);
  if (!s.ok()) {
    std::cerr << "woodland arena: " << s.status().message() << "\n";
    return 1;
  }
  std::cout << (args->Has("--json") ? arena::StandingsJson(config, *s)
                                    : arena::StandingsText(config, *s));
  return 0;
}

// `woodland arena user add NAME --role admin|user --db FILE`: adds an
// account and prints its API token (shown once; stored hashed).
int User(const std::vector<std::string>& argv) {
  auto args =
      Args::Parse({argv.begin() + 1, argv.end()}, {"--db", "--role"}, {});
  if (!args.ok() || args->positional().size() != 2 ||
      args->positional()[0] != "add") {
    std::cerr << "usage: woodland arena user add NAME [--role admin|user] "
                 "--db FILE\n";
    return 2;
  }
  auto store = arena::Store::Open(args->Get("--db", "arena.db"));
  if (!store.ok()) {
    std::cerr << "woodland arena: " << store.status().message() << "\n";
    return 1;
  }
  auto token = arena::AddUser(**store, args->positional()[1],
                              args->Get("--role", "user"));
  if (!token.ok()) {
    std::cerr << "woodland arena: " << token.status().message() << "\n";
    return 1;
  }
  std::cout << *token << "\n";
  return 0;
}

}  // namespace

// The token in FILE (first line), for calls to remote referees.
static absl::StatusOr<std::string> ReadTokenFile(const std::string& path) {
  std::ifstream in(path);
  std::string token;
  if (!in || !std::getline(in, token) || token.empty())
    return absl::InvalidArgumentError("cannot read a token from " + path);
  return token;
}

int ArenaUsage() {
  std::cerr << "usage: woodland arena serve [--port P] [--metrics-port M] "
               "[--db FILE|postgres://USER@HOST:PORT/DB]\n"
               "       [--node-id NAME] [--lease-seconds S] "
               "[--poll-seconds S]\n"
               "                            [--referee HOST:PORT ...] "
               "[--workers W (2 per core)] [--tau T]\n"
               "         [--accounts] [--referee-token-file F] "
               "[--conformance full|quick|off] [--max-turns T]\n"
               "       woodland arena recompute --db FILE --tournament ID\n"
               "       woodland arena user add NAME [--role admin|user] "
               "--db FILE\n";
  return 2;
}

// The service's settings from the flags: turns per match, the rating
// model, the node's lease and poll, the registration check.
absl::Status ConfigureArena(const Args& args, arena::ArenaService& service) {
  // Faction turns before a match stops unfinished (0: the referee's 1000);
  // soaks shorten games with it.
  auto max_turns = args.Number<int>("--max-turns", 0);
  if (!max_turns.ok() || *max_turns < 0) {
    return absl::InvalidArgumentError("--max-turns takes a number >= 0");
  }
  service.set_max_turns(*max_turns);
  arena::RatingModel model;  // tau: the rating dynamics factor (issue 14)
  if (args.Has("--tau") &&
      (!absl::SimpleAtod(args.Get("--tau"), &model.tau) || model.tau < 0)) {
    return absl::InvalidArgumentError("--tau takes a number >= 0");
  }
  service.set_rating_model(model);
  // Several arena nodes on one PostgreSQL database (issue 18.2).
  const std::string db = args.Get("--db", "arena.db");
  auto lease = args.Number<int>("--lease-seconds", 30);
  auto poll =
      args.Number<int>("--poll-seconds", arena::IsPostgresUrl(db) ? 2 : 0);
  if (!lease.ok() || *lease < 1 || *lease > 3600 || !poll.ok() || *poll < 0 ||
      *poll > 3600 || args.Get("--node-id").size() > 200) {
    return absl::InvalidArgumentError(
        "--lease-seconds takes 1-3600, "
        "--poll-seconds 0-3600, --node-id at most 200 characters");
  }
  service.set_node(args.Get("--node-id"), absl::Seconds(*lease),
                   absl::Seconds(*poll));
  const std::string conformance = args.Get("--conformance", "full");
  if (conformance != "full" && conformance != "quick" && conformance != "off") {
    return absl::InvalidArgumentError("--conformance is full, quick or off");
  }
  service.set_conformance(conformance);
  return absl::OkStatus();
}

// Issue 15: the web pages and JSON API with live views of local matches,
// if --http-port asks for them (null otherwise). INVALID_ARGUMENT: a bad
// flag.
absl::StatusOr<std::unique_ptr<arena::http::HttpServer>> StartArenaHttp(
    const Args& args, const std::string& address, arena::ArenaService& service,
    arena::http::LiveMatches& live, arena::Authorizer& authorizer) {
  if (!args.Has("--http-port")) return nullptr;
  auto http_port = args.Number<int>("--http-port", 0);
  if (!http_port.ok() || *http_port < 0 || *http_port > 65535) {
    return absl::InvalidArgumentError("--http-port takes 0 to 65535");
  }
  service.set_match_listener(
      [&live](int64_t t, int64_t m, std::vector<std::string> bots) {
        return live.Listen(t, m, std::move(bots));
      });
  arena::http::HttpOptions options;
  options.address = address;
  options.port = *http_port;
  // With accounts on, the API takes the same tokens as the gRPC
  // metadata (issue 14), checked by the same authorizer.
  if (authorizer.enabled()) {
    options.authorize = [&authorizer](absl::string_view token) {
      return authorizer.CheckToken(token).status();
    };
  }
  auto started = arena::http::HttpServer::Start(&service, &live, options);
  if (!started.ok()) return absl::UnavailableError(started.status().message());
  std::cerr << "arena http on " << address << ":" << (*started)->port()
            << std::endl;
  return started;
}

int ArenaMain(const std::vector<std::string>& argv) {
  if (!argv.empty() && argv[0] == "recompute") return Recompute(argv);
  if (!argv.empty() && argv[0] == "user") return User(argv);
  if (argv.empty() || argv[0] != "serve") return ArenaUsage();
  auto args = Args::Parse(
      {argv.begin() + 1, argv.end()},
      {"--port",         "--metrics-port", "--db",
       "--referee",      "--workers",      "--address",
       "--bot",          "--bots-file",    "--allow-endpoint",
       "--max-tables",   "--max-watchers", "--max-watchers-per-client",
       "--tau",          "--node-id",      "--lease-seconds",
       "--poll-seconds", "--http-port",    "--referee-token-file",
       "--conformance",  "--max-turns"},
      {"--accounts"});
  if (!args.ok()) {
    std::cerr << "woodland arena: " << args.status().message() << "\n";
    return 2;
  }
  auto port = args->Number<int>("--port", 50050);
  auto metrics_port = args->Number<int>("--metrics-port", 9465);
  auto workers = args->Number<int>("--workers", arena::DefaultWorkers());
  auto max_tables = args->Number<int64_t>("--max-tables", 1000);
  if (!max_tables.ok() || *max_tables < 1) {
    std::cerr << "woodland arena: --max-tables takes a positive number\n";
    return 2;
  }
  auto max_watchers = args->Number<int>("--max-watchers", 256);
  auto per_client = args->Number<int>("--max-watchers-per-client", 16);
  if (!port.ok() || !metrics_port.ok() || !workers.ok() || *workers < 1 ||
      *workers > 256 || !max_watchers.ok() || *max_watchers < 1 ||
      !per_client.ok() || *per_client < 1) {
    std::cerr << "woodland arena: --port, --metrics-port, --workers, "
                 "--max-watchers and --max-watchers-per-client take "
                 "numbers (--workers: 1 to 256)\n";
    return 2;
  }
  auto store = arena::Store::Open(args->Get("--db", "arena.db"));
  if (!store.ok()) {
    std::cerr << "woodland arena: " << store.status().message() << "\n";
    return 1;
  }
  absl::StatusOr<referee::BotCatalog> catalog = CatalogFromArgs(*args);
  if (!catalog.ok()) {
    std::cerr << "woodland arena: " << catalog.status().message() << "\n";
    return 2;
  }
  const std::string address = args->Get("--address", "127.0.0.1");
  arena::ArenaMetrics metrics;
  arena::http::LiveMatches live;  // outlives the service's matches
  arena::ArenaService service(store->get(), &metrics, args->All("--referee"),
                              *workers, *std::move(catalog),
                              {*max_watchers, *per_client});
  service.set_max_tables(*max_tables);
  if (absl::Status st = ConfigureArena(*args, service); !st.ok()) {
    std::cerr << "woodland arena: " << st.message() << "\n";
    return 2;
  }
  // Issue 14: accounts, the referees' token, the registration check.
  arena::Authorizer authorizer(store->get(), args->Has("--accounts"));
  if (authorizer.enabled()) service.set_authorizer(&authorizer);
  if (args->Has("--referee-token-file")) {
    auto token = ReadTokenFile(args->Get("--referee-token-file"));
    if (!token.ok()) {
      std::cerr << "woodland arena: " << token.status().message() << "\n";
      return 2;
    }
    service.set_referee_token(*token);
  }
  // Issue 15: the web pages and JSON API, live views of local matches.
  auto http = StartArenaHttp(*args, address, service, live, authorizer);
  if (!http.ok()) {
    std::cerr << "woodland arena: " << http.status().message() << "\n";
    return http.status().code() == absl::StatusCode::kInvalidArgument ? 2 : 1;
  }
  service.ResumeAll();  // running tournaments stay "running" and resume here
  return ServeUntilSignal("arena", &service, address, *port, metrics.registry(),
                          *metrics_port);
}

}  // namespace woodland::cli
