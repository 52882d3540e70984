// The heuristic's Keepers in Iron plan against uniform-random seats, in
// process (no gRPC): four-player games of Keepers, Marquise, Eyrie and
// Alliance with the Keepers rotating through the seats; the other seats play
// uniformly at random. Compare with uniform-random Keepers (mode 0).
//
// Run: build/bench/keepers_plan_bench [GAMES] [1 heuristic | 0 random]
#include <cstdio>
#include <cstdlib>
#include <utility>

#include "bots/heuristic/policy.h"
#include "referee/convert.h"
#include "referee/rules/state.h"

namespace woodland {
namespace {

int Main(int games, bool heuristic) {
  int wins = 0, vp = 0, recovered = 0, in_forests = 0, in_clearings = 0,
      waystations = 0, retinue = 0, with_warriors = 0, at_waystation = 0,
      retainers_lost = 0, turns = 0;
  uint64_t rng = 12345;
  for (int g = 0; g < games; ++g) {
    rules::GameSetup setup;
    setup.factions = {rules::kKeepers, rules::kMarquise, rules::kEyrie,
                      rules::kAlliance};
    std::swap(setup.factions[0], setup.factions[g % 4]);
    setup.max_turns = 400;
    auto st = rules::State::NewGame(setup, 500 + g);
    if (!st.ok()) return 1;
    rules::State s = *std::move(st);
    bots::HeuristicPolicy policy(g);
    while (!s.IsTerminal()) {
      const int seat = s.deciding_seat();
      int choice;
      if (heuristic && s.seat(seat).faction == rules::kKeepers) {
        v1::DecisionRequest r;
        r.set_seat(seat);
        r.set_faction(referee::FactionToProto(rules::kKeepers));
        *r.mutable_prompt() = referee::PromptToProto(s);
        for (const auto& o : s.options())
          referee::OptionToProto(s, o, r.add_options());
        referee::ObservationToProto(s, seat, r.mutable_observation());
        choice = policy.Choose(r);
        if (std::getenv("KEEPERS_TRACE") != nullptr && g == 0) {
          std::printf("t%d vp%d %s: %s  [of %d]\n", s.turn(), s.seat(seat).vp,
                      r.prompt().kind().c_str(),
                      r.options(choice).label().c_str(), r.options_size());
        }
      } else {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        choice = static_cast<int>(rng % s.options().size());
      }
      if (!s.Apply(choice).ok()) return 1;
    }
    const int ks = s.SeatOf(rules::kKeepers);
    vp += s.seat(ks).vp;
    for (const auto& row : s.keepers().recovered) recovered += row.size();
    for (const auto& f : s.keepers().forests) in_forests += f.size();
    for (int c = 0; c < rules::kMaxClearings; ++c) {
      const auto& kb = s.keepers();
      for (const auto& rel : kb.clearings[c]) {
        ++in_clearings;
        with_warriors += s.clearing(c).warriors[rules::kKeepers] > 0;
        for (int w = 0; w < 3; ++w) {
          const int shown = kb.flipped[w] ? (w + 1) % 3 : w;
          at_waystation += kb.waystation[w] == c && shown == rel.type;
        }
      }
    }
    for (int8_t w : s.keepers().waystation) waystations += w >= 0;
    for (const auto& col : s.keepers().retinue) retinue += col.size();
    retainers_lost += s.keepers().retainers_removed;
    turns += s.turn();
    for (int w : s.winners()) wins += w == ks;
  }
  std::printf(
      "%s Keepers vs 3 random seats, %d games: win rate %.1f%% (%d), mean VP "
      "%.1f, relics recovered per game %.2f\n"
      "at the end, per game: relics in forests %.2f, in clearings %.2f, "
      "(with our warriors %.2f, at a waystation of their type %.2f), "
      "waystations on the map %.2f, Retinue cards %.2f, Faithful Retainers "
      "lost %.2f, turns %.1f\n",
      heuristic ? "heuristic" : "random", games, 100.0 * wins / games, wins,
      static_cast<double>(vp) / games, static_cast<double>(recovered) / games,
      static_cast<double>(in_forests) / games,
      static_cast<double>(in_clearings) / games,
      static_cast<double>(with_warriors) / games,
      static_cast<double>(at_waystation) / games,
      static_cast<double>(waystations) / games,
      static_cast<double>(retinue) / games,
      static_cast<double>(retainers_lost) / games,
      static_cast<double>(turns) / games);
  return 0;
}

}  // namespace
}  // namespace woodland

int main(int argc, char** argv) {
  return woodland::Main(argc > 1 ? std::atoi(argv[1]) : 200,
                        argc > 2 ? std::atoi(argv[2]) != 0 : true);
}
