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
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "arena/http/local_arena.h"
#include "arena/http/server.h"
#include "cli/args.h"
#include "cli/bot_check.h"
#include "cli/commands.h"
#include "cli/table_flags.h"
#include "prometheus/exposer.h"
#include "referee/convert.h"
#include "referee/rules/defs.h"
#include "referee/rules/hirelings.h"
#include "referee/rules/map_rules.h"
#include "referee/rules/types.h"

namespace woodland::cli {
namespace {
volatile std::sig_atomic_t g_stop = 0;
void OnStop(int) { g_stop = 1; }
}  // namespace

int TournamentMain(const std::vector<std::string>& argv) {
  auto args = Args::Parse(
      argv, {"--bot",        "--factions",  "--players",      "--tables",
             "--seed",       "--db",        "--workers",      "--deadline-ms",
             "--stop-after", "--referee",   "--metrics-port", "--bots-file",
             "--map",        "--suits",     "--deck",         "--setup",
             "--landmarks",  "--hirelings", "--http-port",    "--tau"},
      {"--json", "--draft"});
  auto fail = [](const std::string& msg) {
    std::cerr << "woodland tournament: " << msg << "\n";
    return 2;
  };
  if (!args.ok()) return fail(std::string(args.status().message()));
  arena::TournamentConfig c;
  for (const std::string& b : args->All("--bot")) {
    std::pair<std::string, std::string> kv =
        absl::StrSplit(b, absl::MaxSplits('=', 1));
    if (kv.first.empty() || kv.second.empty())
      return fail("--bot wants NAME=SPEC, got '" + b + "'");
    c.bots.push_back({kv.first, kv.second});
  }
  for (absl::string_view key : absl::StrSplit(
           args->Get("--factions", "marquise,eyrie,alliance,vagabond"), ',')) {
    const int f = rules::ParseFaction(key);
    if (f < 0) return fail("unknown faction '" + std::string(key) + "'");
    c.factions.push_back(f);
  }
  // Issue 14: the rating dynamics factor, as `arena serve --tau`.
  if (args->Has("--tau") &&
      (!absl::SimpleAtod(args->Get("--tau"), &c.rating.tau) ||
       !(c.rating.tau >= 0) || c.rating.tau > 100)) {
    return fail("--tau takes a number from 0 to 100, got " +
                args->Get("--tau"));
  }
  auto players = args->Number<int>("--players", 4);
  auto tables = args->Number<int>("--tables", 4);
  auto seed = args->Number<uint64_t>("--seed", 1);
  auto workers = args->Number<int>("--workers", 2);
  auto deadline = args->Number<int64_t>("--deadline-ms", 1000);
  auto stop_after = args->Number<int>("--stop-after", 0);
  for (const absl::Status& s :
       {players.status(), tables.status(), seed.status(), workers.status(),
        deadline.status(), stop_after.status()}) {
    if (!s.ok()) return fail(std::string(s.message()));
  }
  if (*workers < 1 || *workers > 64)
    return fail("--workers takes 1 to 64, got " + args->Get("--workers"));
  if (*deadline < 1 || *deadline > 60000) {
    return fail("--deadline-ms takes 1 to 60000, got " +
                args->Get("--deadline-ms"));
  }
  for (const arena::TournamentBot& b : c.bots) {
    if (absl::Status s = CheckExecBot(b.spec); !s.ok())
      return fail(std::string(s.message()));
  }
  c.players = *players;
  c.deck = args->Get("--deck", "standard");  // Law 20.8
  if (!rules::BuiltinDeck(c.deck).ok()) {
    return fail(absl::StrCat(
        "unknown deck '", c.deck,
        "' (decks: ", absl::StrJoin(rules::BuiltinDeckKeys(), ", "), ")"));
  }
  c.tables_per_pairing = *tables;
  c.seed = *seed;
  c.random_seeds = !args->Has("--seed");  // secret seeds unless pinned
  c.workers = *workers;
  c.decision_deadline = absl::Milliseconds(*deadline);
  c.stop_after = *stop_after;
  // Issue 12: the table every match is played on (defaults leave it unset).
  if (args->Has("--map")) c.table.set_map(args->Get("--map"));
  if (args->Has("--deck")) c.table.set_deck(args->Get("--deck"));
  if (args->Has("--suits")) {
    rules::GameSetup suits;
    if (absl::Status st = rules::ParseSuitsFlag(args->Get("--suits"), suits);
        !st.ok()) {
      return fail(std::string(st.message()));
    }
    for (int8_t suit : suits.suits)
      c.table.add_suits(referee::SuitToProto(suit));
    c.table.set_random_suits(suits.random_suits);
  }
  // --draft: the bots draft their factions from the pool (advanced setup,
  // Law 19.8); --setup defaults to advanced then.
  const bool draft = args->Has("--draft");
  if (draft) c.table.set_draft(true);
  if (args->Has("--setup") || args->Has("--landmarks") || draft) {
    if (absl::Status st =
            AddTableFlags(args->Get("--setup", draft ? "advanced" : "standard"),
                          args->Get("--landmarks", ""), c.table);
        !st.ok()) {
      return fail(std::string(st.message()));
    }
  }
  // --hirelings patrol,dynasty:demoted,band (Law 22, 19.6): every match's.
  rules::GameSetup hirelings;
  if (absl::Status st =
          rules::ParseHirelingsFlag(args->Get("--hirelings", ""), hirelings);
      !st.ok()) {
    return fail(std::string(st.message()));
  }
  for (const auto& [h, demoted] : hirelings.hirelings) {
    v1::HirelingSpec* hs = c.table.add_hirelings();
    hs->set_hireling(std::string(rules::HirelingKey(h, demoted)));
    hs->set_demoted(demoted);
  }
  // catalog:NAME bots resolve through --bots-file here; remote referees
  // resolve them in their own catalogue.
  referee::BotCatalog catalog;
  for (const std::string& f : args->All("--bots-file")) {
    if (absl::Status s = catalog.AddFile(f); !s.ok())
      return fail(std::string(s.message()));
  }
  c.catalog = &catalog;
  c.referees =
      args->All("--referee");  // HOST:PORT of referee workers
                               // Optional metrics while the tournament runs.
  arena::ArenaMetrics metrics;
  std::unique_ptr<prometheus::Exposer> exposer;
  if (args->Has("--metrics-port")) {
    try {
      exposer = std::make_unique<prometheus::Exposer>(
          "127.0.0.1:" + args->Get("--metrics-port"));
    } catch (const std::exception& e) {
      std::cerr << "woodland tournament: cannot serve metrics on port "
                << args->Get("--metrics-port") << ": " << e.what() << "\n";
      return 1;
    }
    exposer->RegisterCollectable(metrics.registry());
    c.metrics = &metrics;
    std::cerr << "metrics on http://127.0.0.1:"
              << exposer->GetListeningPorts().front()
              << "/metrics while the tournament runs\n";
  }
  auto store = arena::Store::Open(args->Get("--db", ":memory:"));
  if (!store.ok()) return fail(std::string(store.status().message()));
  // Issue 15: the web pages over this run, served until interrupted.
  arena::http::LiveMatches live;
  arena::http::LocalArena local(store->get(), &c);
  std::unique_ptr<arena::http::HttpServer> http;
  if (args->Has("--http-port")) {
    auto http_port = args->Number<int>("--http-port", 0);
    if (!http_port.ok() || *http_port < 0 || *http_port > 65535)
      return fail("--http-port takes 0 to 65535");
    c.listen = [&live](int64_t t, int64_t m, std::vector<std::string> bots) {
      return live.Listen(t, m, std::move(bots));
    };
    arena::http::HttpOptions options;
    options.port = *http_port;
    auto started = arena::http::HttpServer::Start(&local, &live, options);
    if (!started.ok()) {
      std::cerr << "woodland tournament: " << started.status().message()
                << "\n";
      return 1;
    }
    http = *std::move(started);
    std::cerr << "tournament http on 127.0.0.1:" << http->port() << std::endl;
  }
  const bool tty = isatty(2);
  auto progress = [tty](int done, int total) {
    if (!tty || total == 0) return;
    const int width = 40, filled = width * done / total;
    std::cerr << "\r[" << std::string(filled, '#')
              << std::string(width - filled, '.') << "] " << done << "/"
              << total << " matches" << (done == total ? "\n" : "")
              << std::flush;
  };
  auto standings = arena::RunTournament(c, **store, progress);
  if (!standings.ok()) {
    std::cerr << "woodland tournament: " << standings.status().message()
              << "\n";
    return standings.status().code() == absl::StatusCode::kInvalidArgument ? 2
                                                                           : 1;
  }
  std::cout << (args->Has("--json") ? arena::StandingsJson(c, *standings)
                                    : arena::StandingsText(c, *standings))
            << std::endl;
  if (http) {
    std::cerr << "serving the pages until interrupted" << std::endl;
    std::signal(SIGINT, OnStop);
    std::signal(SIGTERM, OnStop);
    while (!g_stop) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return 0;
}

}  // namespace woodland::cli
