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
// It takes many core-hours, so it can be played in pieces: --shard I/N
// plays only the games g with g % N == I (the same games, factions and
// seats as the whole run), --results FILE appends one line per game
// played (with the run's settings), and --summarize FILE (repeatable)
// prints the table of every game the files hold for one setting, each
// game once: e.g. two processes on two cores, `--shard 0/2 --results a`
// and `--shard 1/2 --results b`, then `--summarize a --summarize b`. A run
// whose --results file already holds some of its games (same setting) skips
// them, so an interrupted run resumes by running the same command again.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
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

// One game of a rotating-faction run, as --results keeps it.
struct GameLine {
  int game = 0, faction = 0, seat = 0, won = 0, vp = 0;
  bots::SearchPlayerStats stats;
};

std::string ToLine(const std::string& setting, const GameLine& g) {
  const bots::SearchPlayerStats& t = g.stats;
  return absl::StrCat(
      setting, " ", g.game, " ", g.faction, " ", g.seat, " ", g.won, " ", g.vp,
      " ", t.searched, " ", t.resumed, " ", t.fallback, " ", t.disagreed, " ",
      t.overrides, " ", t.iterations, " ", t.playout_decisions, " ",
      absl::StrFormat("%.6f %.6f", t.search_seconds, t.search_cpu_seconds));
}

bool FromLine(const std::string& line, std::string* setting, GameLine* g) {
  std::vector<std::string> f = absl::StrSplit(line, ' ', absl::SkipEmpty());
  if (f.size() != 15) return false;
  bots::SearchPlayerStats& t = g->stats;
  *setting = f[0];
  return absl::SimpleAtoi(f[1], &g->game) &&
         absl::SimpleAtoi(f[2], &g->faction) &&
         absl::SimpleAtoi(f[3], &g->seat) && absl::SimpleAtoi(f[4], &g->won) &&
         absl::SimpleAtoi(f[5], &g->vp) &&
         absl::SimpleAtoi(f[6], &t.searched) &&
         absl::SimpleAtoi(f[7], &t.resumed) &&
         absl::SimpleAtoi(f[8], &t.fallback) &&
         absl::SimpleAtoi(f[9], &t.disagreed) &&
         absl::SimpleAtoi(f[10], &t.overrides) &&
         absl::SimpleAtoi(f[11], &t.iterations) &&
         absl::SimpleAtoi(f[12], &t.playout_decisions) &&
         absl::SimpleAtod(f[13], &t.search_seconds) &&
         absl::SimpleAtod(f[14], &t.search_cpu_seconds);
}

void Add(bots::SearchPlayerStats& total, const bots::SearchPlayerStats& s) {
  total.searched += s.searched;
  total.resumed += s.resumed;
  total.fallback += s.fallback;
  total.disagreed += s.disagreed;
  total.overrides += s.overrides;
  total.iterations += s.iterations;
  total.playout_decisions += s.playout_decisions;
  total.search_seconds += s.search_seconds;
  total.search_cpu_seconds += s.search_cpu_seconds;
}

// The per-faction table of a rotating-faction run and the search's totals.
void Report(const std::string& title, const std::vector<GameLine>& lines) {
  std::map<int, int> wins, played;
  bots::SearchPlayerStats total;
  for (const GameLine& g : lines) {
    wins[g.faction] += g.won;
    ++played[g.faction];
    Add(total, g.stats);
  }
  std::printf("%s\n", title.c_str());
  std::printf("  %-10s %9s %9s %15s\n", "faction", "win rate", "wins",
              "95% interval");
  int all = 0, all_played = 0;
  for (const auto& [f, n] : played) {
    auto [lo, hi] = Wilson(wins[f], n);
    std::printf("  %-10s %8.1f%% %4d/%-4d %6.0f-%.0f%%\n",
                std::string(rules::FactionKey(f)).c_str(),
                100.0 * wins[f] / std::max(1, n), wins[f], n, 100 * lo,
                100 * hi);
    all += wins[f];
    all_played += n;
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
}

// --summarize: every game of the files, once each; one setting only.
int Summarize(const std::vector<std::string>& files) {
  std::string setting;
  std::map<int, GameLine> games;
  for (const std::string& file : files) {
    std::ifstream in(file);
    if (!in) {
      std::fprintf(stderr, "cannot read %s\n", file.c_str());
      return 1;
    }
    std::string line, s;
    for (int n = 1; std::getline(in, line); ++n) {
      GameLine g;
      if (!FromLine(line, &s, &g)) {
        std::fprintf(stderr, "%s:%d: not a game line\n", file.c_str(), n);
        return 1;
      }
      if (!setting.empty() && s != setting) {
        std::fprintf(stderr, "%s:%d: another setting (%s, not %s)\n",
                     file.c_str(), n, s.c_str(), setting.c_str());
        return 1;
      }
      setting = s;
      games[g.game] = g;
    }
  }
  std::vector<GameLine> lines;
  for (const auto& [g, line] : games) lines.push_back(line);
  Report(absl::StrCat("search bot, ", lines.size(), " games of ", setting),
         lines);
  return 0;
}

// The games `file` already holds for `setting` (none when it does not
// exist): a run appending to it plays only the others, so a long
// measurement interrupted anywhere goes on where it stopped. With
// --iterations a game is a pure function of the build, the setting and its
// number, so the games played later are those an uninterrupted run plays.
std::set<int> RecordedGames(const std::string& file,
                            const std::string& setting) {
  std::set<int> out;
  std::ifstream in(file);
  std::string line, s;
  while (std::getline(in, line)) {
    GameLine g;
    if (FromLine(line, &s, &g) && s == setting) out.insert(g.game);
  }
  return out;
}

int Main(int argc, char** argv) {
  int games = 8;
  int shard = 0, shards = 1;
  std::string results;
  std::vector<std::string> summarize;
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
    } else if (flag == "--shard") {
      std::pair<std::string, std::string> in_of = absl::StrSplit(v, '/');
      if (!absl::SimpleAtoi(in_of.first, &shard) ||
          !absl::SimpleAtoi(in_of.second, &shards) || shards < 1 || shard < 0 ||
          shard >= shards) {
        std::fprintf(stderr, "--shard takes I/N with 0 <= I < N\n");
        return 1;
      }
    } else if (flag == "--results") {
      results = v;
    } else if (flag == "--summarize") {
      summarize.push_back(v);
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
  if (!summarize.empty()) return Summarize(summarize);
  const absl::Time start = absl::Now();
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
  const std::string budget =
      options.fixed_iterations > 0
          ? absl::StrCat(options.fixed_iterations, " playouts/decision")
          : absl::StrCat(options.max_seconds, " s/decision");
  // What a results line is comparable by: the settings that change play.
  std::string setting = absl::StrCat(
      options.fixed_iterations > 0
          ? absl::StrCat(options.fixed_iterations, "it")
          : absl::StrCat(options.max_seconds, "s"),
      ",vs-", kKindNames[opponent], ",seed", seed, ",h", options.horizon_turns,
      ",m", options.override_margin, ",p", options.policy_chance, ",w",
      options.material, ",d", options.tree_depth, ",t",
      options.prior_temperature, ",c", options.puct);
  for (int8_t f : pool) absl::StrAppend(&setting, ",", rules::FactionKey(f));
  std::set<int> recorded;
  std::ofstream out_file;
  if (!results.empty()) {
    recorded = RecordedGames(results, setting);
    if (!recorded.empty())
      std::fprintf(stderr, "%s holds %zu games of this setting: not replayed\n",
                   results.c_str(), recorded.size());
    out_file.open(results, std::ios::app);
    if (!out_file) {
      std::fprintf(stderr, "cannot append to %s\n", results.c_str());
      return 1;
    }
  }
  std::vector<GameLine> lines;
  for (int g = shard; g < games; g += shards) {
    if (recorded.contains(g)) continue;
    const int k = g % np;           // the search bot's faction
    const int seat = (g / np) % 4;  // and seat
    std::vector<int8_t> factions;
    for (int j = 0; j < 3; ++j) factions.push_back(pool[(k + 1 + j) % np]);
    factions.insert(factions.begin() + seat, pool[k]);
    std::vector<Kind> kinds(4, opponent);
    kinds[seat] = kSearch;
    const GameOut out = Play(factions, kinds, seed + g, options);
    GameLine& line = lines.emplace_back();
    line.game = g;
    line.faction = pool[k];
    line.seat = seat;
    line.won = Won(out, seat);
    line.vp = out.vp[seat];
    line.stats = out.stats;
    if (out_file.is_open()) out_file << ToLine(setting, line) << std::endl;
    std::fprintf(stderr, "game %d/%d: search %s seat %d %s (vp %d)\n", g + 1,
                 games, std::string(rules::FactionKey(pool[k])).c_str(), seat,
                 Won(out, seat) ? "won" : "lost", out.vp[seat]);
  }
  Report(absl::StrFormat(
             "search bot (%s, horizon %d turns, margin %.2f) vs 3 %s bots, %d "
             "four-player games (%.0f s)",
             budget, options.horizon_turns, options.override_margin,
             kKindNames[opponent], static_cast<int>(lines.size()),
             absl::ToDoubleSeconds(absl::Now() - start)),
         lines);
  return 0;
}

}  // namespace
}  // namespace woodland

int main(int argc, char** argv) { return woodland::Main(argc, argv); }
