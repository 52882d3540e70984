// The heuristic's Riverfolk plan against uniform-random play, in process (no
// gRPC): four-player games of Marquise, Eyrie, Alliance and Riverfolk with
// every seat random except the Riverfolk, played once by the heuristic policy
// and once (same seeds) by random play. Reports both win rates and mean VP.
//
// Run: build/bench/riverfolk_bench [--games N]   (default 200)
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

#include "bots/heuristic/policy.h"
#include "referee/convert.h"
#include "referee/rules/state.h"

namespace woodland::referee {
namespace {

struct Result {
  int wins = 0, vp = 0, finished = 0;
};

void Play(uint64_t seed, bool heuristic, Result& out) {
  rules::GameSetup setup;
  setup.factions = {rules::kMarquise, rules::kEyrie, rules::kAlliance,
                    rules::kRiverfolk};
  setup.shuffle_seats = true;
  setup.max_turns = 400;
  auto st = rules::State::NewGame(setup, seed);
  if (!st.ok()) std::abort();
  rules::State& s = *st;
  bots::HeuristicPolicy policy(seed);
  std::mt19937_64 rng(seed * 31 + 7);
  while (!s.IsTerminal()) {
    const int seat = s.deciding_seat();
    int choice;
    if (heuristic && s.seat(seat).faction == rules::kRiverfolk) {
      v1::DecisionRequest req;
      req.set_seat(seat);
      req.set_faction(FactionToProto(rules::kRiverfolk));
      *req.mutable_prompt() = PromptToProto(s);
      for (const rules::Option& o : s.options())
        OptionToProto(s, o, req.add_options());
      ObservationToProto(s, seat, req.mutable_observation());
      choice = policy.Choose(req);
    } else {
      choice = static_cast<int>(rng() % s.options().size());
    }
    if (!s.Apply(seat, choice).ok()) std::abort();
  }
  const int rf = s.SeatOf(rules::kRiverfolk);
  out.vp += s.seat(rf).vp;
  out.finished += s.end_reason() != rules::kReasonTurnLimit;
  for (int8_t w : s.winners()) out.wins += w == rf;
}

int Main(int argc, char** argv) {
  int games = 200;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::string(argv[i]) == "--games") games = std::atoi(argv[i + 1]);
  }
  Result h, r;
  for (int g = 0; g < games; ++g) {
    Play(1000 + g, true, h);
    Play(1000 + g, false, r);
  }
  std::printf(
      "{\"games\":%d,\"heuristic\":{\"win_rate\":%.3f,\"mean_vp\":%.2f},"
      "\"random\":{\"win_rate\":%.3f,\"mean_vp\":%.2f}}\n",
      games, static_cast<double>(h.wins) / games,
      static_cast<double>(h.vp) / games, static_cast<double>(r.wins) / games,
      static_cast<double>(r.vp) / games);
  return 0;
}

}  // namespace
}  // namespace woodland::referee

int main(int argc, char** argv) { return woodland::referee::Main(argc, argv); }
