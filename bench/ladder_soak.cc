// Issue 14 soak: a ladder of built-in random bots run in chunks on one
// SQLite file, printing per chunk the matches per second, the faction and
// seat imbalance at the end and the stored match rows read per match (a
// result must not re-read the stored matches), then checking that a full
// recomputation equals the incremental ratings.
//
// Run: build/bench/ladder_soak [--matches N] [--chunk C] [--bots B] [--db F]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "arena/tournament.h"
#include "referee/rules/types.h"

int main(int argc, char** argv) {
  using namespace woodland::arena;
  int matches = 2000, chunk = 250, bots = 6;
  std::string db = "/tmp/ladder_soak.db";
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string f = argv[i];
    if (f == "--matches") matches = std::atoi(argv[i + 1]);
    if (f == "--chunk") chunk = std::atoi(argv[i + 1]);
    if (f == "--bots") bots = std::atoi(argv[i + 1]);
    if (f == "--db") db = argv[i + 1];
  }
  for (const char* s : {"", "-wal", "-shm"}) std::filesystem::remove(db + s);
  auto store = Store::Open(db);
  if (!store.ok()) return 1;
  TournamentConfig c;
  for (int i = 1; i <= bots; ++i)
    c.bots.push_back({"bot" + std::to_string(i), "builtin:random"});
  c.factions = {woodland::rules::kMarquise, woodland::rules::kEyrie,
                woodland::rules::kAlliance, woodland::rules::kVagabond};
  c.players = 4;
  c.key = "soak";
  std::printf("%8s %10s %16s\n", "matches", "matches/s", "rows read/match");
  auto t0 = std::chrono::steady_clock::now();
  int64_t read0 = 0;
  int last = 0;
  // One ladder run; the stored matches are read once when it starts.
  auto s = RunLadder(c, **store, matches, [&](int done, int) {
    if (done == 0 || done % chunk != 0 || done == last) return;
    const auto now = std::chrono::steady_clock::now();
    const double secs = std::chrono::duration<double>(now - t0).count();
    const int64_t read = (*store)->match_rows_read();
    if (last > 0) {
      std::printf("%8d %10.1f %16.3f\n", done, (done - last) / secs,
                  1.0 * (read - read0) / (done - last));
    }
    std::fflush(stdout);
    t0 = now;
    read0 = read;
    last = done;
  });
  if (!s.ok()) {
    std::fprintf(stderr, "%s\n", s.status().ToString().c_str());
    return 1;
  }
  std::printf("imbalance after %d matches: factions %d, seats %d\n",
              s->matches_done, s->balance.faction_imbalance,
              s->balance.seat_imbalance);
  auto before = (*store)->Ratings(1);
  auto again = RecomputeRatings(c, **store, 1);
  auto after = (*store)->Ratings(1);
  bool same = before.ok() && after.ok() && again.ok() &&
              before->size() == after->size();
  for (size_t i = 0; same && i < before->size(); ++i) {
    same = (*before)[i].mu == (*after)[i].mu &&
           (*before)[i].sigma == (*after)[i].sigma &&
           (*before)[i].games == (*after)[i].games;
  }
  std::printf("full recomputation equals incremental ratings: %s\n",
              same ? "yes" : "NO");
  return same ? 0 : 1;
}
