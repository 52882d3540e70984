// Issue 14 soak: a ladder of built-in random bots run on one SQLite file,
// printing per chunk the matches per second and the stored match rows read
// per match (a result must not re-read the stored matches). Every
// `--restart-every` matches the ladder stops and the store is closed and
// opened again (an arena restart: the ledger is rebuilt from the file). At
// the end it checks, against the database: no match lost or counted twice
// (table indexes 0..N-1, all done, N equal to the matches asked for), the
// metrics of the last run equal to its stored rows (scheduled, finished,
// rating updates; queue and running back to 0), the faction and seat
// imbalance, and a full recomputation equal to the incremental ratings.
//
// Run: build/bench/ladder_soak [--matches N] [--chunk C] [--bots B]
//        [--restart-every R] [--max-turns T] [--db F]
// (--max-turns shortens every game: the arena's own cost per match shows
// better beside cheap games; cpu ms/match is this process's CPU time, which
// other work on the machine does not inflate.)
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "arena/metrics.h"
#include "arena/tournament.h"
#include "referee/rules/types.h"

namespace {

double Value(woodland::arena::ArenaMetrics& m, const std::string& name) {
  for (const auto& family : m.registry()->Collect()) {
    if (family.name != name || family.metric.empty()) continue;
    const auto& x = family.metric[0];
    return family.type == prometheus::MetricType::Counter ? x.counter.value
                                                          : x.gauge.value;
  }
  return -1;
}

double CpuSeconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_utime.tv_sec + u.ru_stime.tv_sec +
         1e-6 * (u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace woodland::arena;
  int matches = 2000, chunk = 250, bots = 6, restart_every = 0, max_turns = 0;
  std::string db = "/tmp/ladder_soak.db";
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string f = argv[i];
    if (f == "--matches") matches = std::atoi(argv[i + 1]);
    if (f == "--chunk") chunk = std::atoi(argv[i + 1]);
    if (f == "--bots") bots = std::atoi(argv[i + 1]);
    if (f == "--restart-every") restart_every = std::atoi(argv[i + 1]);
    if (f == "--db") db = argv[i + 1];
    if (f == "--max-turns") max_turns = std::atoi(argv[i + 1]);
  }
  if (restart_every <= 0) restart_every = matches;
  for (const char* s : {"", "-wal", "-shm"}) std::filesystem::remove(db + s);
  TournamentConfig c;
  for (int i = 1; i <= bots; ++i)
    c.bots.push_back({"bot" + std::to_string(i), "builtin:random"});
  c.factions = {woodland::rules::kMarquise, woodland::rules::kEyrie,
                woodland::rules::kAlliance, woodland::rules::kVagabond};
  c.players = 4;
  c.key = "soak";
  c.max_turns = max_turns;
  std::printf("%8s %10s %14s %16s\n", "matches", "matches/s", "cpu ms/match",
              "rows read/match");
  std::unique_ptr<Store> store;
  std::unique_ptr<ArenaMetrics> metrics;
  absl::StatusOr<Standings> s;
  int played = 0, last = 0, restarts = 0, run_start = 0;
  int64_t read0 = 0;
  double cpu0 = CpuSeconds();
  auto t0 = std::chrono::steady_clock::now();
  while (played < matches) {
    // A restart: a fresh store handle and fresh metrics (a new process).
    store.reset();
    auto opened = Store::Open(db);
    if (!opened.ok()) return 1;
    store = *std::move(opened);
    metrics = std::make_unique<ArenaMetrics>();
    c.metrics = metrics.get();
    read0 = store->match_rows_read();
    run_start = played;
    const int n = std::min(restart_every, matches - played);
    s = RunLadder(c, *store, n, [&](int done, int) {
      if (done == 0 || done % chunk != 0 || done == last) return;
      const auto now = std::chrono::steady_clock::now();
      const double secs = std::chrono::duration<double>(now - t0).count();
      const int64_t read = store->match_rows_read();
      const double cpu = CpuSeconds();
      if (last > 0) {
        std::printf("%8d %10.1f %14.2f %16.3f\n", done, (done - last) / secs,
                    1000 * (cpu - cpu0) / (done - last),
                    1.0 * (read - read0) / (done - last));
      }
      cpu0 = cpu;
      std::fflush(stdout);
      t0 = now;
      read0 = read;
      last = done;
    });
    if (!s.ok()) {
      std::fprintf(stderr, "%s\n", s.status().ToString().c_str());
      return 1;
    }
    played += n;
    if (played < matches) {
      ++restarts;
      std::printf("restart %d after %d matches\n", restarts, played);
    }
  }
  bool ok = true;
  auto rows = store->Matches(1);
  int done = 0, contiguous = 1;
  for (size_t i = 0; i < rows->size(); ++i) {
    done += (*rows)[i].state == "done";
    contiguous &= (*rows)[i].table_index == static_cast<int>(i);
  }
  const int last_run = played - run_start;
  std::printf(
      "stored %zu matches, %d done, indexes 0..N-1: %s, asked %d, restarts "
      "%d\n",
      rows->size(), done, contiguous ? "yes" : "NO", matches, restarts);
  ok &= static_cast<int>(rows->size()) == matches && done == matches &&
        contiguous && s->matches_done == matches;
  const double sched =
                   Value(*metrics, "woodland_arena_matches_scheduled_total"),
               fin = Value(*metrics, "woodland_arena_matches_finished_total"),
               upd = Value(*metrics, "woodland_arena_rating_updates_total"),
               queue = Value(*metrics, "woodland_arena_queue_depth"),
               running = Value(*metrics, "woodland_arena_matches_running");
  std::printf(
      "last run: %d matches stored; metrics scheduled %.0f finished %.0f "
      "rating updates %.0f queue %.0f running %.0f\n",
      last_run, sched, fin, upd, queue, running);
  ok &= sched == last_run && fin == last_run && upd == last_run && queue == 0 &&
        running == 0;
  std::printf("imbalance after %d matches: factions %d, seats %d\n",
              s->matches_done, s->balance.faction_imbalance,
              s->balance.seat_imbalance);
  ok &= s->balance.faction_imbalance <= 1 && s->balance.seat_imbalance <= 1;
  auto before = store->Ratings(1);
  auto again = RecomputeRatings(c, *store, 1);
  auto after = store->Ratings(1);
  bool same = before.ok() && after.ok() && again.ok() &&
              before->size() == after->size();
  for (size_t i = 0; same && i < before->size(); ++i) {
    same = (*before)[i].mu == (*after)[i].mu &&
           (*before)[i].sigma == (*after)[i].sigma &&
           (*before)[i].games == (*after)[i].games;
  }
  std::printf("full recomputation equals incremental ratings: %s\n",
              same ? "yes" : "NO");
  ok &= same;
  std::printf("%s\n", ok ? "SOAK OK" : "SOAK FAILED");
  return ok ? 0 : 1;
}
