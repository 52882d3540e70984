// `woodland tournament`: a round-robin tournament between bots, run to its
// end (or resumed, with --db, after an interruption), with standings.
#include "arena/tournament.h"

#include <unistd.h>

#include <chrono>
#include <csignal>
#include <iostream>
#include <thread>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "arena/http/local_arena.h"
#include "arena/http/server.h"
#include "cli/args.h"
#include "cli/bot_check.h"
#include "cli/commands.h"
#include "cli/table_flags.h"
#include "prometheus/exposer.h"
#include "referee/rules/types.h"

namespace woodland::cli {
namespace {
volatile std::sig_atomic_t g_stop = 0;
void OnStop(int) { g_stop = 1; }

absl::Status ReadBotsAndFactions(const Args& args, arena::TournamentConfig& c) {
  for (const std::string& b : args.All("--bot")) {
    std::pair<std::string, std::string> kv =
        absl::StrSplit(b, absl::MaxSplits('=', 1));
    if (kv.first.empty() || kv.second.empty())
      return absl::InvalidArgumentError("--bot wants NAME=SPEC, got '" + b +
                                        "'");
    if (absl::Status s = CheckExecBot(kv.second); !s.ok()) return s;
    c.bots.push_back({kv.first, kv.second});
  }
  for (absl::string_view key : absl::StrSplit(
           args.Get("--factions", "marquise,eyrie,alliance,vagabond"), ',')) {
    const int f = rules::ParseFaction(key);
    if (f < 0)
      return absl::InvalidArgumentError("unknown faction '" + std::string(key) +
                                        "'");
    c.factions.push_back(f);
  }
  return absl::OkStatus();
}

// Everything the flags say of the tournament but its catalogue, metrics and
// pages: bots, factions, numbers, rating and the table (issue 12).
absl::Status ReadConfig(const Args& args, arena::TournamentConfig& c) {
  if (absl::Status s = ReadBotsAndFactions(args, c); !s.ok()) return s;
  // Issue 14: the rating dynamics factor, as `arena serve --tau`.
  if (args.Has("--tau") &&
      (!absl::SimpleAtod(args.Get("--tau"), &c.rating.tau) ||
       !(c.rating.tau >= 0) || c.rating.tau > 100)) {
    return absl::InvalidArgumentError(
        "--tau takes a number from 0 to 100, got " + args.Get("--tau"));
  }
  auto players = args.Number<int>("--players", 4);
  auto tables = args.Number<int>("--tables", 4);
  auto seed = args.Number<uint64_t>("--seed", 1);
  auto workers = args.Number<int>("--workers", arena::DefaultWorkers());
  auto deadline = args.Number<int64_t>("--deadline-ms", 1000);
  auto stop_after = args.Number<int>("--stop-after", 0);
  for (const absl::Status& s :
       {players.status(), tables.status(), seed.status(), workers.status(),
        deadline.status(), stop_after.status()}) {
    if (!s.ok()) return s;
  }
  if (*workers < 1 || *workers > 64)
    return absl::InvalidArgumentError("--workers takes 1 to 64, got " +
                                      args.Get("--workers"));
  if (*deadline < 1 || *deadline > 60000) {
    return absl::InvalidArgumentError("--deadline-ms takes 1 to 60000, got " +
                                      args.Get("--deadline-ms"));
  }
  c.players = *players;
  c.deck = args.Get("--deck", "standard");  // Law 20.8
  c.tables_per_pairing = *tables;
  c.seed = *seed;
  c.random_seeds = !args.Has("--seed");  // secret seeds unless pinned
  c.workers = *workers;
  c.decision_deadline = absl::Milliseconds(*deadline);
  c.stop_after = *stop_after;
  // --draft: the bots draft their factions from the pool (Law 19.8).
  const bool draft = args.Has("--draft");
  if (draft) c.table.set_draft(true);
  // Issue 12: the table every match is played on (defaults leave it unset).
  return ReadTableFlags(args, /*defaults=*/false, draft, c.table);
}

// Optional metrics while the tournament runs; null if not asked for.
absl::StatusOr<std::unique_ptr<prometheus::Exposer>> ServeMetrics(
    const Args& args, arena::ArenaMetrics& metrics) {
  if (!args.Has("--metrics-port")) return nullptr;
  std::unique_ptr<prometheus::Exposer> exposer;
  try {
    exposer = std::make_unique<prometheus::Exposer>("127.0.0.1:" +
                                                    args.Get("--metrics-port"));
  } catch (const std::exception& e) {
    return absl::UnavailableError(absl::StrCat("cannot serve metrics on port ",
                                               args.Get("--metrics-port"), ": ",
                                               e.what()));
  }
  exposer->RegisterCollectable(metrics.registry());
  std::cerr << "metrics on http://127.0.0.1:"
            << exposer->GetListeningPorts().front()
            << "/metrics while the tournament runs\n";
  return exposer;
}

// Issue 15: the web pages over this run (null without --http-port).
absl::StatusOr<std::unique_ptr<arena::http::HttpServer>> ServePages(
    const Args& args, arena::http::LocalArena& local,
    arena::http::LiveMatches& live, arena::TournamentConfig& c) {
  if (!args.Has("--http-port")) return nullptr;
  auto http_port = args.Number<int>("--http-port", 0);
  if (!http_port.ok() || *http_port < 0 || *http_port > 65535)
    return absl::InvalidArgumentError("--http-port takes 0 to 65535");
  c.listen = [&live](int64_t t, int64_t m, std::vector<std::string> bots) {
    return live.Listen(t, m, std::move(bots));
  };
  arena::http::HttpOptions options;
  options.port = *http_port;
  auto started = arena::http::HttpServer::Start(&local, &live, options);
  if (!started.ok()) return started.status();
  std::cerr << "tournament http on 127.0.0.1:" << (*started)->port()
            << std::endl;
  return started;
}

// A progress bar on a terminal.
void Progress(int done, int total) {
  if (!isatty(2) || total == 0) return;
  const int width = 40, filled = width * done / total;
  std::cerr << "\r[" << std::string(filled, '#')
            << std::string(width - filled, '.') << "] " << done << "/" << total
            << " matches" << (done == total ? "\n" : "") << std::flush;
}

}  // namespace

int TournamentMain(const std::vector<std::string>& argv) {
  auto args = Args::Parse(
      argv, {"--bot",        "--factions",  "--players",      "--tables",
             "--seed",       "--db",        "--workers",      "--deadline-ms",
             "--stop-after", "--referee",   "--metrics-port", "--bots-file",
             "--map",        "--suits",     "--deck",         "--setup",
             "--landmarks",  "--hirelings", "--http-port",    "--tau"},
      {"--json", "--draft"});
  auto fail = [](absl::string_view msg, int code = 2) {
    std::cerr << "woodland tournament: " << msg << "\n";
    return code;
  };
  if (!args.ok()) return fail(args.status().message());
  arena::TournamentConfig c;
  if (absl::Status s = ReadConfig(*args, c); !s.ok()) return fail(s.message());
  // catalog:NAME bots resolve through --bots-file here; remote referees
  // resolve them in their own catalogue.
  referee::BotCatalog catalog;
  for (const std::string& f : args->All("--bots-file")) {
    if (absl::Status s = catalog.AddFile(f); !s.ok()) return fail(s.message());
  }
  c.catalog = &catalog;
  c.referees = args->All("--referee");  // HOST:PORT of referee workers
  arena::ArenaMetrics metrics;
  auto exposer = ServeMetrics(*args, metrics);
  if (!exposer.ok()) return fail(exposer.status().message(), 1);
  if (*exposer) c.metrics = &metrics;
  auto store = arena::Store::Open(args->Get("--db", ":memory:"));
  if (!store.ok()) return fail(store.status().message());
  arena::http::LiveMatches live;
  arena::http::LocalArena local(store->get(), &c);
  auto http = ServePages(*args, local, live, c);
  if (!http.ok()) {
    return fail(http.status().message(),
                absl::IsInvalidArgument(http.status()) ? 2 : 1);
  }
  auto standings = arena::RunTournament(c, **store, Progress);
  if (!standings.ok()) {
    return fail(standings.status().message(),
                absl::IsInvalidArgument(standings.status()) ? 2 : 1);
  }
  std::cout << (args->Has("--json") ? arena::StandingsJson(c, *standings)
                                    : arena::StandingsText(c, *standings))
            << std::endl;
  if (*http) {
    std::cerr << "serving the pages until interrupted" << std::endl;
    std::signal(SIGINT, OnStop);
    std::signal(SIGTERM, OnStop);
    while (!g_stop) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return 0;
}

}  // namespace woodland::cli
