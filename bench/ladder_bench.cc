// Issue 14.2: the arena's cost per finished ladder match must not grow with
// the number of stored matches. Each iteration of BM_LadderMatchBookkeeping
// does what the ladder does around a match (the game itself excluded): pick
// the next table by uncertainty and balance, store it, mark it running,
// update the ratings incrementally and store the result with the rating
// rows it changed, in one SQLite (WAL, file) database already holding 100
// or 100,000 finished matches. BM_FullRecomputation is what every finished
// match cost before (read every stored match, recompute all ratings), now
// only the explicit `woodland arena recompute`.
//
// Run: build/bench/ladder_bench (databases in $TMPDIR or /tmp).
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <string>

#include "arena/ledger.h"
#include "arena/store.h"
#include "arena/tournament.h"
#include "google/protobuf/util/json_util.h"
#include "referee/convert.h"
#include "referee/rules/types.h"

namespace woodland::arena {
namespace {

constexpr int kBots = 8, kPlayers = 4;

TournamentConfig Config() {
  TournamentConfig c;
  for (int i = 0; i < kBots; ++i)
    c.bots.push_back({"bot" + std::to_string(i), "builtin:random"});
  c.factions = {rules::kMarquise, rules::kEyrie, rules::kAlliance,
                rules::kVagabond};
  c.players = kPlayers;
  return c;
}

// A plausible result: VP drawn from the table index, one winner.
v1::MatchResult Result(const Table& t) {
  v1::MatchResult r;
  r.set_match_id("bench-" + std::to_string(t.index));
  for (int s = 0; s < kPlayers; ++s) {
    v1::SeatResult* seat = r.add_seats();
    seat->set_seat(s);
    seat->set_faction(referee::FactionToProto(t.factions[s]));
    seat->set_bot("builtin:random");
    seat->set_victory_points((t.index * 7 + s * 11) % 30);
    seat->set_decisions(400);
  }
  r.mutable_seats(t.index % kPlayers)->set_victory_points(30);
  r.mutable_seats(t.index % kPlayers)->set_winner(true);
  return r;
}

struct Ladder {
  TournamentConfig config = Config();
  std::unique_ptr<Store> store;
  int64_t tid = 0;
  std::unique_ptr<Ledger> ledger;
  int next = 0;
  const std::string replay = std::string(2000, 'r');  // a (small) replay blob

  // One match: schedule, store, "play", rate and store the result.
  void Step() {
    std::vector<int> order;
    for (int b = 0; b < kBots; ++b) order.push_back(b);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
      return ledger->bot(a).rating.sigma > ledger->bot(b).rating.sigma;
    });
    Table t = PickLadderTable(ledger->balance(), order, kPlayers,
                              config.factions, next);
    t.seed = next;
    const int64_t id = *store->InsertMatch(tid, t);
    ledger->Schedule(t);
    (void)store->MarkRunning(id);
    const v1::MatchResult r = Result(t);
    std::string json;
    (void)google::protobuf::util::MessageToJsonString(r, &json);
    ledger->Offer(t.index, t.bots, r, {});
    (void)store->SaveResult(id, json, replay, "", tid,
                            ledger->TakeChangedRows());
    ++next;
  }
};

// One database per size, filled once.
Ladder& Fixture(int stored) {
  static std::map<int, std::unique_ptr<Ladder>> cache;
  auto& l = cache[stored];
  if (l) return *l;
  l = std::make_unique<Ladder>();
  const char* tmp = std::getenv("TMPDIR");
  const std::string path = std::string(tmp ? tmp : "/tmp") + "/ladder_bench_" +
                           std::to_string(stored) + ".db";
  for (const char* s : {"", "-wal", "-shm"}) std::filesystem::remove(path + s);
  l->store = *Store::Open(path);
  bool created = false;
  l->tid = *l->store->FindOrCreateTournament("bench", &created);
  l->ledger = std::make_unique<Ledger>(LedgerOptions{
      {"bot0", "bot1", "bot2", "bot3", "bot4", "bot5", "bot6", "bot7"},
      l->config.factions,
      kPlayers,
      {},
      3});
  for (int i = 0; i < stored; ++i) l->Step();
  return *l;
}

void BM_LadderMatchBookkeeping(benchmark::State& state) {
  Ladder& l = Fixture(static_cast<int>(state.range(0)));
  for (auto _ : state) l.Step();
  state.counters["stored_at_end"] = l.next;
}
// 1,000 matches per size: the small database ends with 1,100.
BENCHMARK(BM_LadderMatchBookkeeping)
    ->Arg(100)
    ->Arg(100000)
    ->Iterations(1000)
    ->Unit(benchmark::kMicrosecond);

void BM_FullRecomputation(benchmark::State& state) {
  Ladder& l = Fixture(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    auto s = StoredStandings(l.config, *l.store, l.tid);
    benchmark::DoNotOptimize(s);
  }
  state.counters["stored"] = l.next;
}
BENCHMARK(BM_FullRecomputation)
    ->Arg(100)
    ->Arg(100000)
    ->Iterations(3)
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace woodland::arena

BENCHMARK_MAIN();
