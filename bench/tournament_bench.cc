// Issue 19.4: arena throughput. A round-robin tournament of four-player
// matches (marquise, eyrie, alliance, vagabond) between six random_bot
// processes that are already running (grpc:// specs, as an arena seats
// registered bots), two workers and then the arena's default (two per
// core), results in a SQLite file; printed per
// transport (TCP on 127.0.0.1 and Unix-domain sockets):
//   matches/hour   the tournament's matches over its wall time
//   per match      wall ms spent, summed over the workers, in the referee
//                  (engine, observations, protocol, replay record), waiting
//                  for bot answers, encoding results and replays to JSON,
//                  the store (claims, syncs, result transactions) and
//                  waiting for the run's lock
//   cpu            CPU seconds of this process (arena + referee) and of the
//                  six bot processes, and the cores they kept busy
//
// Matches are full length (the referee's default limit of 1000 faction
// turns; random bots rarely reach it) unless --max-turns caps them.
//
// Run: build/bench/tournament_bench [--tables N (4: 60 matches)]
//        [--workers W,W,...|auto (2,auto: two workers, as issue 19 measures,
//         then the arena's default, two per core)]
//        [--transport tcp|unix|both (both)] [--repeat R]
//        [--stream on|off|both (on: Play streams, issue 19)]
//        [--max-turns T (0: full games)]
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/time/clock.h"
#include "arena/tournament.h"
#include "referee/process.h"
#include "referee/rules/types.h"

namespace {

using woodland::referee::ChildProcess;

double SelfCpuSeconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_utime.tv_sec + u.ru_stime.tv_sec +
         1e-6 * (u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

// utime + stime of a running process, from /proc/PID/stat.
double ProcessCpuSeconds(pid_t pid) {
  std::ifstream in(absl::StrCat("/proc/", pid, "/stat"));
  std::string line;
  std::getline(in, line);
  const size_t paren = line.rfind(')');
  if (paren == std::string::npos) return 0;
  std::vector<std::string> f =
      absl::StrSplit(line.substr(paren + 2), ' ', absl::SkipEmpty());
  if (f.size() < 13) return 0;
  return (std::atof(f[11].c_str()) + std::atof(f[12].c_str())) /
         sysconf(_SC_CLK_TCK);
}

struct Bots {
  std::vector<std::unique_ptr<ChildProcess>> processes;
  std::vector<std::string> specs;
  std::string dir;
  double Cpu() const {
    double s = 0;
    for (const auto& p : processes) s += ProcessCpuSeconds(p->pid());
    return s;
  }
};

// Six random_bot processes listening on TCP ports or Unix sockets.
Bots StartBots(const std::string& transport, int n) {
  Bots b;
  b.dir = absl::StrCat("/tmp/tournament_bench.", getpid());
  std::filesystem::create_directories(b.dir);
  for (int i = 0; i < n; ++i) {
    std::string address;
    if (transport == "unix") {
      address = absl::StrCat("unix:", b.dir, "/bot", i, ".sock");
    } else {
      address = absl::StrCat("127.0.0.1:", *woodland::referee::PickFreePort());
    }
    auto p = ChildProcess::Start({WOODLAND_RANDOM_BOT, "--listen", address,
                                  "--seed", std::to_string(i + 1)},
                                 {});
    if (!p.ok()) {
      std::fprintf(stderr, "cannot start random_bot: %s\n",
                   std::string(p.status().message()).c_str());
      std::exit(1);
    }
    b.processes.push_back(*std::move(p));
    b.specs.push_back("grpc://" + address);
  }
  return b;
}

void RunOnce(const std::string& transport, int tables, int workers, bool stream,
             int max_turns) {
  using namespace woodland;
  Bots bots = StartBots(transport, 6);
  const std::string db = bots.dir + "/arena.db";
  auto store = arena::Store::Open(db);
  if (!store.ok()) {
    std::fprintf(stderr, "store: %s\n", store.status().ToString().c_str());
    std::exit(1);
  }
  arena::TournamentConfig c;
  for (size_t i = 0; i < bots.specs.size(); ++i)
    c.bots.push_back({absl::StrCat("random", i), bots.specs[i]});
  for (int f :
       {rules::kMarquise, rules::kEyrie, rules::kAlliance, rules::kVagabond}) {
    c.factions.push_back(f);
  }
  c.players = 4;
  c.tables_per_pairing = tables;
  c.workers = workers;
  c.seed = 19;
  c.decision_deadline = absl::Seconds(5);  // a loaded machine is no fault
  c.play_stream = stream;
  c.max_turns = max_turns;
  arena::TournamentTimings t;
  c.timings = &t;
  // The bots start listening meanwhile: the referee waits for them.
  absl::SleepFor(absl::Milliseconds(300));
  const double cpu0 = SelfCpuSeconds(), bots0 = bots.Cpu();
  const absl::Time t0 = absl::Now();
  auto standings = arena::RunTournament(c, **store);
  const double wall = absl::ToDoubleSeconds(absl::Now() - t0);
  const double cpu = SelfCpuSeconds() - cpu0, bots_cpu = bots.Cpu() - bots0;
  if (!standings.ok()) {
    std::fprintf(stderr, "tournament: %s\n",
                 standings.status().ToString().c_str());
    std::exit(1);
  }
  const double n = static_cast<double>(t.matches.load());
  auto ms = [n](const std::atomic<int64_t>& ns) { return ns / 1e6 / n; };
  double load[3] = {0, 0, 0};
  getloadavg(load, 3);
  std::printf(
      "%-4s %-6s %d workers  %3.0f matches  %6.2f s  %7.0f matches/hour  "
      "%5.0f decisions/match  %6.0f decisions/s  load %.2f\n",
      transport.c_str(), stream ? "stream" : "unary", workers, n, wall,
      n * 3600 / wall, t.decisions / n, t.decisions / wall, load[0]);
  std::printf(
      "     per match (ms, summed over %d workers): referee %.1f  bots %.1f"
      "  encode %.1f  store %.1f  lock wait %.1f\n",
      workers, ms(t.play_ns) - ms(t.bots_ns), ms(t.bots_ns), ms(t.encode_ns),
      ms(t.store_ns), ms(t.lock_ns));
  std::printf(
      "     cpu: arena+referee %.2f s  bots %.2f s  busy cores %.2f\n"
      "     per decision: wall referee %.1f us, bot wait %.1f us; cpu"
      " arena+referee %.1f us, bots %.1f us\n",
      cpu, bots_cpu, (cpu + bots_cpu) / wall,
      (t.play_ns - t.bots_ns) / 1e3 / t.decisions,
      t.bots_ns / 1e3 / t.decisions, cpu * 1e6 / t.decisions,
      bots_cpu * 1e6 / t.decisions);
  std::fflush(stdout);
  store->reset();
  for (auto& p : bots.processes) p->Stop();
  std::filesystem::remove_all(bots.dir);
}

}  // namespace

int main(int argc, char** argv) {
  int tables = 4, repeat = 1, max_turns = 0;
  // The set-up (two), then the arena's default (two per core).
  std::vector<int> workers = {2, woodland::arena::DefaultWorkers()};
  std::string transport = "both", stream = "on";
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string f = argv[i];
    if (f == "--tables") tables = std::atoi(argv[i + 1]);
    if (f == "--workers") {
      workers.clear();
      for (absl::string_view w : absl::StrSplit(argv[i + 1], ',')) {
        workers.push_back(w == "auto" ? woodland::arena::DefaultWorkers()
                                      : std::atoi(std::string(w).c_str()));
      }
    }
    if (f == "--transport") transport = argv[i + 1];
    if (f == "--repeat") repeat = std::atoi(argv[i + 1]);
    if (f == "--stream") stream = argv[i + 1];
    if (f == "--max-turns") max_turns = std::atoi(argv[i + 1]);
  }
  workers.erase(std::unique(workers.begin(), workers.end()), workers.end());
  for (int r = 0; r < repeat; ++r) {
    for (const std::string tr : {"tcp", "unix"}) {
      if (transport != "both" && transport != tr) continue;
      for (int w : workers) {
        // A/B in one run: unary Decide calls, then Play streams.
        if (stream == "off" || stream == "both")
          RunOnce(tr, tables, w, false, max_turns);
        if (stream == "on" || stream == "both")
          RunOnce(tr, tables, w, true, max_turns);
      }
    }
  }
  return 0;
}
