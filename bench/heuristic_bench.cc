// Heuristic bot vs random bots: four-player matches through the referee,
// the heuristic bot (one out-of-process server) in one seat, rotating over
// the four base factions and every seat position, three uniform-random bots
// in the others. Reports the heuristic bot's win rate per faction.
//
// Run: build/bench/heuristic_bench [--games N] [--factions a,b,c,d]
// (default 200 games of the four base factions; N is rounded up to a
// multiple of 4 so every faction plays equally often)
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "referee/convert.h"
#include "referee/match_runner.h"
#include "referee/process.h"
#include "referee/rules/types.h"

namespace woodland::referee {
namespace {

int Main(int argc, char** argv) {
  int games = 200;
  v1::Faction kFactions[4] = {v1::FACTION_MARQUISE, v1::FACTION_EYRIE,
                              v1::FACTION_ALLIANCE, v1::FACTION_VAGABOND};
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::string(argv[i]) == "--games") games = std::atoi(argv[i + 1]);
    if (std::string(argv[i]) == "--factions") {
      std::vector<std::string> keys = absl::StrSplit(argv[i + 1], ',');
      if (keys.size() != 4) {
        std::fprintf(stderr, "--factions takes four faction keys\n");
        return 1;
      }
      for (int k = 0; k < 4; ++k) {
        const int f = rules::ParseFaction(keys[k]);
        if (f < 0) {
          std::fprintf(stderr, "unknown faction '%s'\n", keys[k].c_str());
          return 1;
        }
        kFactions[k] = FactionToProto(f);
      }
    }
  }
  games = (games + 3) / 4 * 4;
  const int port = *PickFreePort();
  auto bot = ChildProcess::Start(
      {WOODLAND_HEURISTIC_BOT, "--port", std::to_string(port)}, {});
  if (!bot.ok()) {
    std::fprintf(stderr, "cannot start the heuristic bot: %s\n",
                 bot.status().ToString().c_str());
    return 1;
  }
  const std::string spec = absl::StrCat("grpc://127.0.0.1:", port);
  int wins[4] = {}, played[4] = {}, vp[4] = {};
  int faults = 0;
  const absl::Time start = absl::Now();
  for (int g = 0; g < games; ++g) {
    const int f = g % 4;
    const int seat = (g / 4) % 4;  // seat position of the heuristic bot
    v1::MatchSpec m;
    m.set_match_id(absl::StrCat("bench-", g));
    m.set_seed(1000 + g);
    // Seat order: the four factions rotated so ours lands at `seat`.
    for (int i = 0; i < 4; ++i) {
      const int fi = (f - seat + i + 4) % 4;
      v1::SeatSpec* s = m.add_seats();
      s->set_faction(kFactions[fi]);
      s->set_bot(fi == f ? spec : "builtin:random");
    }
    auto out = RunMatch(m, MatchOptions{});
    if (!out.ok()) {
      std::fprintf(stderr, "match %d: %s\n", g,
                   out.status().ToString().c_str());
      return 1;
    }
    ++played[f];
    for (const v1::SeatResult& s : out->result.seats()) {
      if (s.faction() != kFactions[f]) continue;
      wins[f] += s.winner();
      vp[f] += s.victory_points();
      faults += s.faults_size();
    }
  }
  int total = 0;
  std::printf("heuristic bot vs 3 random bots, %d four-player games (%.1f s)\n",
              games, absl::ToDoubleSeconds(absl::Now() - start));
  for (int f = 0; f < 4; ++f) {
    total += wins[f];
    std::printf("  %-18s win rate %5.1f%%  (%d/%d), mean VP %.1f\n",
                v1::Faction_Name(kFactions[f]).c_str() + 8,
                100.0 * wins[f] / played[f], wins[f], played[f],
                static_cast<double>(vp[f]) / played[f]);
  }
  std::printf(
      "  overall            win rate %5.1f%%  (%d/%d); bot faults: %d\n",
      100.0 * total / games, total, games, faults);
  return 0;
}

}  // namespace
}  // namespace woodland::referee

int main(int argc, char** argv) { return woodland::referee::Main(argc, argv); }
