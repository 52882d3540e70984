// The search bot (bots/search) against heuristic or random bots, in
// process: every seat receives the same DecisionRequest the referee would
// send (referee/convert.h), the search seat answers with SearchPlayer (its
// time per decision on the wall clock), the others with HeuristicPolicy or
// uniform random choices. Four-player base tables (Marquise, Eyrie,
// Alliance, Vagabond); the search bot's faction and seat rotate.
//
// Run: build/bench/search_bench [--games N] [--seconds T] [--opponent
//        heuristic|random] [--horizon H] [--margin M] [--seed S]
//        [--iterations I] [--material W] [--policy P] [--depth D]
//        [--tournament] [--factions k1,k2,...] [--playout-bench N]
//        [--temperature T] [--puct C]
// Prints the search bot's win rate per faction with a 95% (Wilson)
// interval, the share of its decisions it searched (the rest the heuristic
// answered) and playouts per second per core. --tournament instead seats
// one search, one heuristic and two random players per table (rotating
// every seat and faction) and prints the standings by win rate.
// --iterations I: I playouts per decision instead of the clock (the same
// work on a loaded machine; I / (playouts/s/core) is the CPU time).
// --temperature T (> 0): PUCT at the root with a softmax of the
// heuristic's option scores at T as priors, --puct C its constant.
// --factions: the faction pool (keys, e.g. cult,riverfolk,duchy,corvid,
// hundreds,keepers; default the four base factions): game g seats the
// search bot as pool[g % n] against the next three of the pool.
// The full measurement: --games 400 --seconds 1 (per opponent).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/time/clock.h"
#include "bots/heuristic/policy.h"
#include "bots/search/playout_policy.h"
#include "bots/search/search_player.h"
#include "referee/convert.h"
#include "referee/rules/state.h"

namespace woodland {
namespace {

using rules::State;

enum Kind { kSearch = 0, kHeuristic, kRandom };
constexpr const char* kKindNames[] = {"search", "heuristic", "random"};
const std::vector<int8_t> kBase = {rules::kMarquise, rules::kEyrie,
                                   rules::kAlliance, rules::kVagabond};

v1::DecisionRequest RequestFor(const State& s, size_t& cursor, int64_t index) {
  const int seat = s.deciding_seat();
  v1::DecisionRequest req;
  req.set_match_id("bench");
  req.set_seat(seat);
  req.set_faction(referee::FactionToProto(s.seat(seat).faction));
  req.set_seat_decision_index(index);
  *req.mutable_prompt() = referee::PromptToProto(s);
  for (const rules::Option& o : s.options())
    referee::OptionToProto(s, o, req.add_options());
  referee::ObservationToProto(s, seat, req.mutable_observation());
  for (; cursor < s.events().size(); ++cursor)
    referee::EventToProto(s, s.events()[cursor], seat, req.add_events());
  return req;
}

struct GameOut {
  std::vector<int> winners;  // seats
  std::vector<int> vp;
  bots::SearchPlayerStats stats;
};

// One game: kinds[i] plays seat i; factions in seat order.
GameOut Play(const std::vector<int8_t>& factions,
             const std::vector<Kind>& kinds, uint64_t seed,
             const bots::SearchPlayerOptions& options) {
  rules::GameSetup setup;
  setup.factions = factions;
  setup.first_seat = 0;
  setup.record_events = true;
  setup.max_turns = 400;
  State s = *State::NewGame(setup, seed);
  const int n = s.num_seats();
  std::vector<std::unique_ptr<bots::SearchPlayer>> search(n);
  std::vector<bots::HeuristicPolicy> heuristic;
  std::vector<size_t> cursor(n, 0);
  std::vector<int64_t> index(n, 0);
  std::mt19937_64 rng(seed * 977 + 3);
  for (int i = 0; i < n; ++i) {
    heuristic.emplace_back(seed * 31 + i);
    if (kinds[i] != kSearch) continue;
    v1::MatchStart ms;
    ms.set_match_id("bench");
    ms.set_seat(i);
    ms.set_faction(referee::FactionToProto(factions[i]));
    for (int8_t f : factions) ms.add_seats(referee::FactionToProto(f));
    ms.set_map(setup.map);
    ms.set_deck(setup.deck);
    ms.set_first_seat(0);
    bots::SearchPlayerOptions o = options;
    o.seed = seed * 131 + i;
    search[i] = std::make_unique<bots::SearchPlayer>(&ms, o);
  }
  while (!s.IsTerminal()) {
    const int seat = s.deciding_seat();
    int choice;
    if (kinds[seat] == kRandom) {
      choice = static_cast<int>(rng() % s.options().size());
    } else {
      const v1::DecisionRequest req =
          RequestFor(s, cursor[seat], index[seat]++);
      choice = kinds[seat] == kSearch ? search[seat]->Choose(req)
                                      : heuristic[seat].Choose(req);
    }
    if (!s.Apply(seat, choice).ok()) std::abort();
  }
  GameOut out;
  for (int w : s.winners()) out.winners.push_back(w);
  for (int i = 0; i < n; ++i) {
    out.vp.push_back(s.seat(i).vp);
    if (search[i]) {
      const auto& st = search[i]->stats();
      out.stats.searched += st.searched;
      out.stats.resumed += st.resumed;
      out.stats.fallback += st.fallback;
      out.stats.disagreed += st.disagreed;
      out.stats.overrides += st.overrides;
      out.stats.iterations += st.iterations;
      out.stats.playout_decisions += st.playout_decisions;
      out.stats.search_seconds += st.search_seconds;
      out.stats.search_cpu_seconds += st.search_cpu_seconds;
    }
  }
  return out;
}

// Wilson score interval at 95%.
std::pair<double, double> Wilson(int wins, int n) {
  if (n == 0) return {0, 0};
  const double z = 1.96, p = static_cast<double>(wins) / n;
  const double d = 1 + z * z / n;
  const double c = (p + z * z / (2 * n)) / d;
  const double h = z * std::sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / d;
  return {c - h, c + h};
}

bool Won(const GameOut& g, int seat) {
  for (int w : g.winners) {
    if (w == seat) return true;
  }
  return false;
}

double CpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + t.tv_nsec * 1e-9;
}

// --playout-bench N: N playouts (6 faction turns each) per variant from
// eight mid-game base states, the variants interleaved in three rounds
// (best of 3): the heuristic on a freshly built request per step (the old
// playout), on the reused request of bots::PlayoutPolicy, uniform random.
int PlayoutBench(int n, uint64_t seed) {
  std::vector<State> starts;
  for (uint64_t g = 0; starts.size() < 8; ++g) {
    rules::GameSetup setup;
    setup.factions = kBase;
    setup.max_turns = 400;
    State s = *State::NewGame(setup, seed + g);
    bots::HeuristicPolicy h(g);
    const int stop = 8 + static_cast<int>(g % 8);
    while (!s.IsTerminal() && s.counters().turns < stop)
      (void)s.Apply(s.deciding_seat(), h.Choose(bots::PlayoutRequest(s)));
    if (!s.IsTerminal()) starts.push_back(s);
  }
  const char* names[] = {"heuristic, fresh request", "heuristic, PlayoutPolicy",
                         "random", "random + reused request"};
  constexpr int kVariants = 4;
  double best[kVariants] = {1e300, 1e300, 1e300, 1e300};
  int64_t decisions[kVariants] = {};
  for (int round = 0; round < 3; ++round) {
    for (int v = 0; v < kVariants; ++v) {
      bots::HeuristicPolicy fresh(seed);
      bots::PlayoutPolicy reused(seed);
      std::mt19937_64 rng(seed);
      int64_t d = 0;
      const double t0 = CpuSeconds();
      for (int i = 0; i < n; ++i) {
        State s = starts[i % starts.size()];
        const int turns0 = s.counters().turns;
        while (!s.IsTerminal() && s.counters().turns - turns0 <= 6) {
          int pick;
          if (v == 0) {
            pick = fresh.Choose(bots::PlayoutRequest(s));
          } else if (v == 1) {
            pick = reused.Choose(s);
          } else {
            if (v == 3) (void)reused.Request(s);
            pick = static_cast<int>(rng() % s.options().size());
          }
          (void)s.Apply(pick);
          ++d;
        }
      }
      best[v] = std::min(best[v], CpuSeconds() - t0);
      decisions[v] = d;
    }
  }
  std::printf(
      "playouts of 6 faction turns from 8 base states, best of 3 "
      "(CPU time):\n");
  for (int v = 0; v < kVariants; ++v) {
    std::printf("  %-26s %9.0f playouts/s %10.0f decisions/s\n", names[v],
                n / best[v], decisions[v] / best[v]);
  }
  return 0;
}

int Main(int argc, char** argv) {
  int games = 8;
  bool tournament = false;
  Kind opponent = kHeuristic;
  uint64_t seed = 1;
  bots::SearchPlayerOptions options;
  std::vector<int8_t> pool = kBase;
  options.max_seconds = 0.05;
  options.deadline_fraction = options.bank_fraction = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (flag == "--tournament") {
      tournament = true;
      continue;
    }
    if (i + 1 >= argc) {
      std::fprintf(stderr, "%s needs a value\n", flag.c_str());
      return 1;
    }
    const char* v = argv[++i];
    if (flag == "--playout-bench") return PlayoutBench(std::atoi(v), seed);
    if (flag == "--games") {
      games = std::atoi(v);
    } else if (flag == "--seconds") {
      options.max_seconds = std::atof(v);
    } else if (flag == "--policy") {
      options.policy_chance = std::atof(v);
    } else if (flag == "--material") {
      options.material = std::atof(v);
    } else if (flag == "--iterations") {
      options.fixed_iterations = std::atoi(v);
    } else if (flag == "--temperature") {
      options.prior_temperature = std::atof(v);
    } else if (flag == "--puct") {
      options.puct = std::atof(v);
    } else if (flag == "--depth") {
      options.tree_depth = std::atoi(v);
    } else if (flag == "--margin") {
      options.override_margin = std::atof(v);
    } else if (flag == "--horizon") {
      options.horizon_turns = std::atoi(v);
    } else if (flag == "--factions") {
      pool.clear();
      for (absl::string_view key : absl::StrSplit(v, ',')) {
        for (int f = 0; f < rules::kNumFactions; ++f) {
          if (rules::FactionKey(f) == key)
            pool.push_back(static_cast<int8_t>(f));
        }
      }
      if (pool.size() < 4) {
        std::fprintf(stderr, "--factions needs four known faction keys\n");
        return 1;
      }
    } else if (flag == "--seed") {
      seed = std::strtoull(v, nullptr, 10);
    } else if (flag == "--opponent") {
      opponent = std::string(v) == "random" ? kRandom : kHeuristic;
    } else {
      std::fprintf(stderr, "unknown flag '%s'\n", flag.c_str());
      return 1;
    }
  }
  const absl::Time start = absl::Now();
  bots::SearchPlayerStats total;
  if (tournament) {
    // Per game g: kinds rotate over the seats; factions rotate too.
    int wins[3] = {}, played[3] = {};
    for (int g = 0; g < games; ++g) {
      std::vector<int8_t> factions(4);
      for (int i = 0; i < 4; ++i) factions[i] = kBase[(i + g / 4) % 4];
      std::vector<Kind> kinds(4, kRandom);
      kinds[g % 4] = kSearch;
      kinds[(g + 1 + (g / 4) % 3) % 4] = kHeuristic;
      const GameOut out = Play(factions, kinds, seed + g, options);
      for (int i = 0; i < 4; ++i) {
        ++played[kinds[i]];
        wins[kinds[i]] += Won(out, i);
      }
      std::fprintf(stderr, "game %d/%d done\n", g + 1, games);
    }
    std::printf("tournament: %d four-player games, search %.3f s/decision\n",
                games, options.max_seconds);
    for (int k = 0; k < 3; ++k) {
      auto [lo, hi] = Wilson(wins[k], played[k]);
      std::printf("  %-10s %6.1f%% (%d/%d, 95%% %.0f-%.0f%%)\n", kKindNames[k],
                  100.0 * wins[k] / std::max(1, played[k]), wins[k], played[k],
                  100 * lo, 100 * hi);
    }
    return 0;
  }
  const int np = static_cast<int>(pool.size());
  std::vector<int> wins(np), played(np);
  for (int g = 0; g < games; ++g) {
    const int k = g % np;           // the search bot's faction
    const int seat = (g / np) % 4;  // and seat
    std::vector<int8_t> factions;
    for (int j = 0; j < 3; ++j) factions.push_back(pool[(k + 1 + j) % np]);
    factions.insert(factions.begin() + seat, pool[k]);
    std::vector<Kind> kinds(4, opponent);
    kinds[seat] = kSearch;
    const GameOut out = Play(factions, kinds, seed + g, options);
    ++played[k];
    wins[k] += Won(out, seat);
    total.searched += out.stats.searched;
    total.resumed += out.stats.resumed;
    total.fallback += out.stats.fallback;
    total.disagreed += out.stats.disagreed;
    total.overrides += out.stats.overrides;
    total.iterations += out.stats.iterations;
    total.playout_decisions += out.stats.playout_decisions;
    total.search_seconds += out.stats.search_seconds;
    total.search_cpu_seconds += out.stats.search_cpu_seconds;
    std::fprintf(stderr, "game %d/%d: search %s seat %d %s (vp %d)\n", g + 1,
                 games, std::string(rules::FactionKey(pool[k])).c_str(), seat,
                 Won(out, seat) ? "won" : "lost", out.vp[seat]);
  }
  const std::string budget =
      options.fixed_iterations > 0
          ? absl::StrCat(options.fixed_iterations, " playouts/decision")
          : absl::StrCat(options.max_seconds, " s/decision");
  std::printf(
      "search bot (%s, horizon %d turns, margin %.2f) vs 3 %s bots, %d "
      "four-player games (%.0f s)\n",
      budget.c_str(), options.horizon_turns, options.override_margin,
      kKindNames[opponent], games, absl::ToDoubleSeconds(absl::Now() - start));
  std::printf("  %-10s %9s %9s %15s\n", "faction", "win rate", "wins",
              "95% interval");
  int all = 0, all_played = 0;
  for (int k = 0; k < np; ++k) {
    auto [lo, hi] = Wilson(wins[k], played[k]);
    std::printf("  %-10s %8.1f%% %4d/%-4d %6.0f-%.0f%%\n",
                std::string(rules::FactionKey(pool[k])).c_str(),
                100.0 * wins[k] / std::max(1, played[k]), wins[k], played[k],
                100 * lo, 100 * hi);
    all += wins[k];
    all_played += played[k];
  }
  auto [lo, hi] = Wilson(all, all_played);
  std::printf("  %-10s %8.1f%% %4d/%-4d %6.0f-%.0f%%\n", "overall",
              100.0 * all / std::max(1, all_played), all, all_played, 100 * lo,
              100 * hi);
  const int64_t decisions = total.searched + total.fallback;
  std::printf(
      "  searched %.0f%% of %lld decisions (%.0f%% resumed mid-turn; the "
      "heuristic answered the rest); "
      "%.0f playouts/s/core, %.0f playout decisions/s/core (CPU time), "
      "%.0f playouts per searched decision, %.0f%% of the wall clock on "
      "the CPU\n",
      100.0 * total.searched / std::max<int64_t>(1, decisions),
      static_cast<long long>(decisions),
      100.0 * total.resumed / std::max<int64_t>(1, decisions),
      total.iterations / std::max(1e-9, total.search_cpu_seconds),
      total.playout_decisions / std::max(1e-9, total.search_cpu_seconds),
      static_cast<double>(total.iterations) /
          std::max<int64_t>(1, total.searched),
      100 * total.search_cpu_seconds / std::max(1e-9, total.search_seconds));
  std::printf(
      "  the search's best differed from the heuristic's in %.0f%% of the "
      "searched decisions and overrode it in %.0f%%\n",
      100.0 * total.disagreed / std::max<int64_t>(1, total.searched),
      100.0 * total.overrides / std::max<int64_t>(1, total.searched));
  return 0;
}

}  // namespace
}  // namespace woodland

int main(int argc, char** argv) { return woodland::Main(argc, argv); }
