// Rules engine speed: uniform-random playouts, single decisions and state
// copies, on one core. Counters report games/s, faction turns/s and
// decisions/s. Run: build/bench/rules_bench [--deck standard|exiles]
// (--deck: every table's shared deck, Law 20.8; default standard).
#include <benchmark/benchmark.h>
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "referee/rules/check.h"
#include "referee/rules/faction.h"
#include "referee/rules/playout.h"

namespace woodland::rules {

std::string g_deck = "standard";  // --deck

namespace {

GameSetup MarquiseEyrie() {
  GameSetup setup;
  setup.deck = g_deck;
  setup.factions = {kMarquise, kEyrie};
  setup.max_turns = 1000;
  return setup;
}

// Uniform-random playouts from consecutive seeds.
void Playouts(benchmark::State& state, const GameSetup& setup) {
  uint64_t seed = 1;
  int64_t games = 0, turns = 0, decisions = 0;
  for (auto _ : state) {
    auto r = RandomPlayout(setup, seed, PolicySeedFor(seed));
    ++seed;
    benchmark::DoNotOptimize(r);
    ++games;
    turns += r->final_state.counters().turns;
    decisions += r->final_state.counters().decisions;
  }
  state.counters["games/s"] =
      benchmark::Counter(games, benchmark::Counter::kIsRate);
  state.counters["turns/s"] =
      benchmark::Counter(turns, benchmark::Counter::kIsRate);
  state.counters["decisions/s"] =
      benchmark::Counter(decisions, benchmark::Counter::kIsRate);
}

void BM_RandomPlayout(benchmark::State& state) {
  Playouts(state, MarquiseEyrie());
}
BENCHMARK(BM_RandomPlayout)->Unit(benchmark::kMicrosecond);

void BM_RandomPlayoutFourPlayers(benchmark::State& state) {
  GameSetup setup = MarquiseEyrie();
  setup.factions = {kMarquise, kEyrie, kAlliance, kVagabond};
  setup.shuffle_seats = true;
  Playouts(state, setup);
}
BENCHMARK(BM_RandomPlayoutFourPlayers)->Unit(benchmark::kMicrosecond);

// Issue 10 (Speed): the six-player table of Marquise, Eyrie, Alliance,
// Vagabond, Lizard Cult and Riverfolk Company.
GameSetup SixPlayers() {
  GameSetup setup = MarquiseEyrie();
  setup.factions = {kMarquise, kEyrie, kAlliance, kVagabond, kCult, kRiverfolk};
  return setup;
}

// Issue 11 (Speed): Duchy, Corvids, Hundreds and Keepers at four seats.
GameSetup UnderworldFour() {
  GameSetup setup = MarquiseEyrie();
  setup.factions = {kDuchy, kCorvid, kHundreds, kKeepers};
  return setup;
}

// The largest table: six seats with both Vagabonds (Law 9.7).
GameSetup BothVagabondsSix() {
  GameSetup setup = MarquiseEyrie();
  setup.factions = {kMarquise, kVagabond, kVagabond2, kCult, kDuchy, kKeepers};
  return setup;
}

void BM_RandomPlayoutSixPlayers(benchmark::State& state) {
  GameSetup setup = SixPlayers();
  setup.shuffle_seats = true;
  Playouts(state, setup);
}
BENCHMARK(BM_RandomPlayoutSixPlayers)->Unit(benchmark::kMicrosecond);

void BM_RandomPlayoutUnderworldFour(benchmark::State& state) {
  GameSetup setup = UnderworldFour();
  setup.shuffle_seats = true;
  Playouts(state, setup);
}
BENCHMARK(BM_RandomPlayoutUnderworldFour)->Unit(benchmark::kMicrosecond);

void BM_RandomPlayoutBothVagabondsSix(benchmark::State& state) {
  GameSetup setup = BothVagabondsSix();
  setup.shuffle_seats = true;
  Playouts(state, setup);
}
BENCHMARK(BM_RandomPlayoutBothVagabondsSix)->Unit(benchmark::kMicrosecond);

// Issue 12 (Speed): every map with the Exiles and Partisans deck and the
// advanced setup (19.7, 19.10), four fixed seats, against the same seats on
// Autumn with the standard deck and setup (compare within one run: the
// issue allows at most 10% below the Autumn figures).
GameSetup FourSeatTable(const char* map, bool table) {
  GameSetup setup = MarquiseEyrie();
  setup.factions = {kMarquise, kEyrie, kAlliance, kVagabond};
  setup.shuffle_seats = true;
  setup.map = map;
  if (table) {
    setup.deck = "exiles";
    setup.mode = GameSetup::kAdvancedSetup;
  }
  return setup;
}

void BM_TableAutumnStandard(benchmark::State& state) {
  Playouts(state, FourSeatTable("autumn", false));
}
BENCHMARK(BM_TableAutumnStandard)->Unit(benchmark::kMicrosecond);

void BM_TableExilesAdvanced(benchmark::State& state, const char* map) {
  Playouts(state, FourSeatTable(map, true));
}
BENCHMARK_CAPTURE(BM_TableExilesAdvanced, autumn, "autumn")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_TableExilesAdvanced, winter, "winter")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_TableExilesAdvanced, lake, "lake")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_TableExilesAdvanced, mountain, "mountain")
    ->Unit(benchmark::kMicrosecond);

// The same tables drafted (Law 19.8: the factions vary by seed, so these
// figures move with the factions drawn) with a dealt landmark.
void BM_TableDrafted(benchmark::State& state, const char* map) {
  GameSetup setup = FourSeatTable(map, true);
  setup.factions.assign(4, kNoFaction);
  setup.shuffle_seats = false;
  setup.landmarks = {{-1, -1}};
  Playouts(state, setup);
}
BENCHMARK_CAPTURE(BM_TableDrafted, autumn, "autumn")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_TableDrafted, mountain, "mountain")
    ->Unit(benchmark::kMicrosecond);

// A mid-game position: seed 42 after 120 random decisions.
State Midgame(GameSetup setup = MarquiseEyrie()) {
  setup.first_seat = 0;
  State s = *State::NewGame(setup, 42);
  Chance policy(5);
  for (int i = 0; i < 120 && !s.IsTerminal(); ++i) {
    (void)s.Apply(
        policy.Draw(kChancePick, static_cast<int>(s.options().size())));
  }
  return s;
}

void BM_StateCopy(benchmark::State& state) {
  const State s = Midgame();
  for (auto _ : state) {
    State copy = s;
    benchmark::DoNotOptimize(copy);
  }
}
BENCHMARK(BM_StateCopy);

// The copy cost at six seats (issue 10.5: report it at six players).
void BM_StateCopySixPlayers(benchmark::State& state) {
  const State s = Midgame(SixPlayers());
  for (auto _ : state) {
    State copy = s;
    benchmark::DoNotOptimize(copy);
  }
}
BENCHMARK(BM_StateCopySixPlayers);

void BM_StateCopyBothVagabondsSix(benchmark::State& state) {
  const State s = Midgame(BothVagabondsSix());
  for (auto _ : state) {
    State copy = s;
    benchmark::DoNotOptimize(copy);
  }
}
BENCHMARK(BM_StateCopyBothVagabondsSix);

// Copy a state and play one decision from it (what a search node costs).
void BM_CopyAndApply(benchmark::State& state) {
  const State s = Midgame();
  int i = 0;
  for (auto _ : state) {
    State copy = s;
    (void)copy.Apply(i++ % static_cast<int>(s.options().size()));
    benchmark::DoNotOptimize(copy);
  }
}
BENCHMARK(BM_CopyAndApply);

void BM_Hash(benchmark::State& state) {
  const State s = Midgame();
  for (auto _ : state) benchmark::DoNotOptimize(s.Hash());
}
BENCHMARK(BM_Hash);

// Issue 19: the copy cost at four seats (goal: at most 150 ns).
void BM_StateCopyFourPlayers(benchmark::State& state) {
  GameSetup setup = MarquiseEyrie();
  setup.factions = {kMarquise, kEyrie, kAlliance, kVagabond};
  const State s = Midgame(setup);
  for (auto _ : state) {
    State copy = s;
    benchmark::DoNotOptimize(copy);
  }
}
BENCHMARK(BM_StateCopyFourPlayers);

// --signature=N [--table=NAME]: the Selfplay signature (a hash of every
// final state) of N games on each benchmarked table (or only NAME), so a speed
// change can be checked to change no result against another build (issue 12,
// issue 19).
int PrintSignatures(int games, const std::string& only) {
  std::vector<std::pair<std::string, GameSetup>> tables = {
      {"two", MarquiseEyrie()},
      {"four", FourSeatTable("autumn", false)},
      {"six", SixPlayers()},
      {"underworld", UnderworldFour()},
      {"both_vagabonds", BothVagabondsSix()}};
  for (const char* map : {"autumn", "winter", "lake", "mountain"}) {
    tables.emplace_back(absl::StrCat("exiles_", map), FourSeatTable(map, true));
    GameSetup drafted = FourSeatTable(map, true);
    drafted.factions.assign(4, kNoFaction);
    drafted.shuffle_seats = false;
    drafted.landmarks = {{-1, -1}};
    tables.emplace_back(absl::StrCat("drafted_", map), drafted);
  }
  for (auto& [name, setup] : tables) {
    if (!only.empty() && name != only) continue;
    if (name == "six" || name == "underworld" || name == "both_vagabonds") {
      setup.shuffle_seats = true;
    }
    auto sum = Selfplay(setup, 1, games);
    if (!sum.ok()) {
      fprintf(stderr, "%s: %s\n", name.c_str(),
              sum.status().ToString().c_str());
      return 1;
    }
    printf("%-20s games=%d decisions=%lld signature=%016llx\n", name.c_str(),
           sum->games, static_cast<long long>(sum->decisions),
           static_cast<unsigned long long>(sum->signature));
  }
  return 0;
}

// --compare=ROUNDS [--slice=SECONDS]: issue 12's comparison, made robust to
// a host whose speed drifts. Each round plays every table for one slice of
// this thread's CPU time, in a rotating order, so drift and load hit all
// tables alike; a round's ratio compares tables played seconds apart. Prints
// each table's median ratio to Autumn standard (and the spread over rounds)
// for decisions/s, turns/s and games/s.
double ThreadCpuSeconds() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) +
         1e-9 * static_cast<double>(ts.tv_nsec);
}

struct Slice {
  double seconds = 0;
  int64_t games = 0, turns = 0, decisions = 0;
};

// Plays games of `setup` from `*seed` on until `budget` CPU seconds pass.
Slice PlaySlice(const GameSetup& setup, uint64_t* seed, double budget) {
  Slice out;
  const double start = ThreadCpuSeconds();
  do {
    auto r = RandomPlayout(setup, *seed, PolicySeedFor(*seed));
    ++*seed;
    CHECK(r.ok()) << r.status().ToString();
    ++out.games;
    out.turns += r->final_state.counters().turns;
    out.decisions += r->final_state.counters().decisions;
    out.seconds = ThreadCpuSeconds() - start;
  } while (out.seconds < budget);
  return out;
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int CompareTables(int rounds, double slice) {
  const std::vector<std::pair<std::string, GameSetup>> tables = {
      {"autumn_standard", FourSeatTable("autumn", false)},
      {"exiles_autumn", FourSeatTable("autumn", true)},
      {"exiles_winter", FourSeatTable("winter", true)},
      {"exiles_lake", FourSeatTable("lake", true)},
      {"exiles_mountain", FourSeatTable("mountain", true)}};
  const size_t n = tables.size();
  std::vector<uint64_t> seeds(n, 1);
  std::vector<std::vector<Slice>> played(n);
  for (int r = 0; r < rounds; ++r) {
    for (size_t k = 0; k < n; ++k) {
      const size_t t = (k + static_cast<size_t>(r)) % n;  // rotate the order
      played[t].push_back(PlaySlice(tables[t].second, &seeds[t], slice));
    }
  }
  printf(
      "%d rounds of %.2f s CPU per table; ratio = table / autumn_standard "
      "in the same round: median [min, max]\n",
      rounds, slice);
  auto rate = [](const Slice& s, int what) {
    const int64_t x = what == 0 ? s.decisions : what == 1 ? s.turns : s.games;
    return static_cast<double>(x) / s.seconds;
  };
  const char* names[] = {"decisions/s", "turns/s", "games/s"};
  for (size_t t = 0; t < n; ++t) {
    printf("%-16s", tables[t].first.c_str());
    for (int what = 0; what < 3; ++what) {
      std::vector<double> ratios;
      Slice total;
      for (int r = 0; r < rounds; ++r) {
        ratios.push_back(rate(played[t][r], what) / rate(played[0][r], what));
        total.seconds += played[t][r].seconds;
        total.games += played[t][r].games;
        total.turns += played[t][r].turns;
        total.decisions += played[t][r].decisions;
      }
      const auto [lo, hi] = std::minmax_element(ratios.begin(), ratios.end());
      printf("  %s %.0f (%+.1f%% [%+.1f, %+.1f])", names[what],
             rate(total, what), 100 * (Median(ratios) - 1), 100 * (*lo - 1),
             100 * (*hi - 1));
    }
    printf("\n");
  }
  return 0;
}

}  // namespace
}  // namespace woodland::rules

// BENCHMARK_MAIN, less our own --deck and --signature flags.
int main(int argc, char** argv) {
  std::vector<char*> args;
  int signature_games = 0;
  std::string signature_table;  // --table=NAME: only that table
  int compare_rounds = 0;
  double compare_slice = 0.5;
  for (int i = 0; i < argc; ++i) {
    const std::string a = argv[i];
    if (a.rfind("--deck=", 0) == 0) {
      woodland::rules::g_deck = a.substr(7);
    } else if (a == "--deck" && i + 1 < argc) {
      woodland::rules::g_deck = argv[++i];
    } else if (a.rfind("--signature=", 0) == 0) {
      signature_games = std::stoi(a.substr(12));
    } else if (a.rfind("--table=", 0) == 0) {
      signature_table = a.substr(8);
    } else if (a.rfind("--compare=", 0) == 0) {
      compare_rounds = std::stoi(a.substr(10));
    } else if (a.rfind("--slice=", 0) == 0) {
      compare_slice = std::stod(a.substr(8));
    } else {
      args.push_back(argv[i]);
    }
  }
  if (!woodland::rules::BuiltinDeck(woodland::rules::g_deck).ok()) {
    fprintf(stderr, "rules_bench: unknown deck '%s'\n",
            woodland::rules::g_deck.c_str());
    return 2;
  }
  if (signature_games > 0) {
    return woodland::rules::PrintSignatures(signature_games, signature_table);
  }
  if (compare_rounds > 0) {
    return woodland::rules::CompareTables(compare_rounds, compare_slice);
  }
  int n = static_cast<int>(args.size());
  benchmark::Initialize(&n, args.data());
  if (benchmark::ReportUnrecognizedArguments(n, args.data())) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
