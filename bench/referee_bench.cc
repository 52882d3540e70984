// Referee overhead (issue 19.3): the cost of one decision through the
// referee (building the seat's observation, options and events, the RPC,
// validation, replay record) against a raw gRPC round trip of the same
// DecisionRequests to the same out-of-process random_bot over the same
// transport, both TCP (127.0.0.1) and Unix-domain sockets, in one run. Each
// BM_RefereeDecision iteration plays a match through the referee and then
// sends the raw round trips (timer paused), so both are measured close
// together: `ratio` = referee us/decision over raw us/round trip (goal
// <= 1.1), and `cpu_ratio` the same in this process's CPU time (less
// disturbed by other load on the machine); `seats` is the table's size (2,
// 4 or 6: Marquise, Eyrie, Alliance, Vagabond, Riverfolk, Lizard Cult,
// the first N); `kept` whether the bots' channels are kept across matches
// (as arena workers and the Referee service keep them) or made anew for
// each (a one-match `woodland play`). Also: the referee
// alone with in-process bots (its own cost per decision), matches per
// minute of bots the referee launches (exec:), and a match's fixed cost
// over gRPC (BM_MatchFixedCost: greeting, starting and ending the bots).
//
// Run: build/bench/referee_bench (it starts its own random_bot processes).
#include <benchmark/benchmark.h>
#include <grpcpp/grpcpp.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cstdlib>
#include <map>
#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "referee/convert.h"
#include "referee/match_runner.h"
#include "referee/process.h"
#include "woodland/v1/bot.grpc.pb.h"

namespace woodland::referee {
namespace {

const std::string kRandomBot = WOODLAND_RANDOM_BOT;

// One random_bot process per transport for the whole run.
struct BotProcess {
  explicit BotProcess(bool unix_socket) {
    if (unix_socket) {
      static std::string path;
      path = absl::StrCat("/tmp/referee_bench.", getpid(), ".sock");
      std::atexit([] { unlink(path.c_str()); });
      address = "unix:" + path;
    } else {
      address = absl::StrCat("127.0.0.1:", *PickFreePort());
    }
    process = *ChildProcess::Start({kRandomBot, "--listen", address}, {});
    channel = grpc::CreateChannel(address, grpc::InsecureChannelCredentials());
    channel->WaitForConnected(std::chrono::system_clock::now() +
                              std::chrono::seconds(10));
    stub = v1::Bot::NewStub(channel);
  }
  std::string address;
  std::unique_ptr<ChildProcess> process;
  std::shared_ptr<grpc::Channel> channel;
  std::unique_ptr<v1::Bot::Stub> stub;
};

BotProcess& Bot(bool unix_socket) {
  static BotProcess* tcp = new BotProcess(false);
  static BotProcess* uds = new BotProcess(true);
  return unix_socket ? *uds : *tcp;
}

// A match of the first `seats` of Marquise, Eyrie, Alliance, Vagabond,
// Riverfolk and Lizard Cult, every seat played by `bot`.
v1::MatchSpec Spec(const std::string& bot, uint64_t seed, int seats = 2) {
  static constexpr v1::Faction kFactions[] = {
      v1::FACTION_MARQUISE, v1::FACTION_EYRIE,     v1::FACTION_ALLIANCE,
      v1::FACTION_VAGABOND, v1::FACTION_RIVERFOLK, v1::FACTION_CULT};
  v1::MatchSpec spec;
  spec.set_seed(seed);
  for (int i = 0; i < seats && i < 6; ++i) {
    auto* s = spec.add_seats();
    s->set_faction(kFactions[i]);
    s->set_bot(bot);
  }
  return spec;
}

// A typical request: every request the referee sent in one match of
// `seats` seats, so the raw ping-pong sends exactly the same bytes.
std::vector<v1::DecisionRequest>& Requests(int seats = 2) {
  static auto* by_seats = new std::map<int, std::vector<v1::DecisionRequest>>();
  auto [it, added] = by_seats->try_emplace(seats);
  if (added) {
    struct Capture : MatchListener {
      std::vector<v1::DecisionRequest>* out;
      void OnRequest(const rules::State&,
                     const v1::DecisionRequest& r) override {
        out->push_back(r);
      }
    } capture;
    capture.out = &it->second;
    (void)RunMatch(Spec("builtin:random", 7, seats), MatchOptions{}, &capture);
  }
  return it->second;
}

// CPU seconds of this process (every thread: the referee and gRPC).
double ProcessCpu() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_utime.tv_sec + u.ru_stime.tv_sec +
         1e-6 * (u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

// Sends `n` of the captured requests to the bot, one round trip each;
// returns the seconds they took. stream: on one Play stream (issue 19),
// else one Decide call each.
double RawRoundTrips(v1::Bot::Stub& stub, size_t n, size_t* next,
                     bool stream = false, int seats = 2) {
  const auto& reqs = Requests(seats);
  const absl::Time t0 = absl::Now();
  if (stream) {
    grpc::ClientContext ctx;
    auto play = stub.Play(&ctx);
    v1::Decision d;
    for (size_t k = 0; k < n; ++k) {
      if (!play->Write(reqs[(*next)++ % reqs.size()]) || !play->Read(&d))
        return -1;
    }
    const double s = absl::ToDoubleSeconds(absl::Now() - t0);
    ctx.TryCancel();
    (void)play->Finish();
    return s;
  }
  for (size_t k = 0; k < n; ++k) {
    const v1::DecisionRequest& r = reqs[(*next)++ % reqs.size()];
    grpc::ClientContext ctx;
    ctx.set_deadline(std::chrono::system_clock::now() +
                     std::chrono::seconds(1));
    v1::Decision d;
    if (!stub.Decide(&ctx, r, &d).ok()) return -1;
  }
  return absl::ToDoubleSeconds(absl::Now() - t0);
}

void BM_RawPingPong(benchmark::State& state) {
  auto& stub = *Bot(state.range(0)).stub;
  const auto& reqs = Requests();
  size_t i = 0, bytes = 0;
  for (auto _ : state) {
    const v1::DecisionRequest& r = reqs[i++ % reqs.size()];
    grpc::ClientContext ctx;
    ctx.set_deadline(std::chrono::system_clock::now() +
                     std::chrono::seconds(1));
    v1::Decision d;
    grpc::Status st = stub.Decide(&ctx, r, &d);
    if (!st.ok()) state.SkipWithError("Decide failed");
    bytes += r.ByteSizeLong();
  }
  state.counters["bytes/request"] =
      static_cast<double>(bytes) / state.iterations();
}
BENCHMARK(BM_RawPingPong)
    ->ArgName("unix")
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMicrosecond)
    ->UseRealTime();

// Whole matches through the referee against the running bot (grpc://);
// time per decision includes everything the referee does; stream:1 sends
// the decisions on a Play stream (issue 19), stream:0 one Decide call each
// (the raw round trips stay unary Decide calls either way). After each
// match, as many raw round trips as it had decisions (at most 400), with
// the timer paused. seats: how many seats the matches have (Spec).
void BM_RefereeDecision(benchmark::State& state) {
  BotProcess& bot = Bot(state.range(0));
  MatchOptions options;
  options.connect.play_stream = state.range(1) != 0;
  const int seats = static_cast<int>(state.range(2));
  // kept:1: the bots' channels kept across matches, as an arena worker and
  // each match thread of the Referee service keep them (BotChannels, issue
  // 19.4); kept:0: a new connection per match, as a one-match `woodland
  // play` makes.
  BotChannels channels;
  if (state.range(3) != 0) options.connect.channels = &channels;
  const std::string spec = "grpc://" + bot.address;
  int64_t decisions = 0, matches = 0, raw_n = 0;
  double raw_s = 0, referee_s = 0, raw_cpu = 0, referee_cpu = 0;
  uint64_t seed = 1;
  size_t next = 0;
  for (auto _ : state) {
    const absl::Time t0 = absl::Now();
    double cpu0 = ProcessCpu();
    auto out = RunMatch(Spec(spec, seed++, seats), options);
    referee_s += absl::ToDoubleSeconds(absl::Now() - t0);
    referee_cpu += ProcessCpu() - cpu0;
    if (!out.ok()) state.SkipWithError("match failed");
    decisions += out->result.decisions();
    ++matches;
    state.PauseTiming();
    const size_t n = std::min<int64_t>(out->result.decisions(), 400);
    cpu0 = ProcessCpu();
    const double s =
        RawRoundTrips(*bot.stub, n, &next, options.connect.play_stream, seats);
    raw_cpu += ProcessCpu() - cpu0;
    if (s < 0) state.SkipWithError("raw Decide failed");
    raw_s += s;
    raw_n += n;
    state.ResumeTiming();
  }
  state.SetItemsProcessed(decisions);
  const double us = referee_s * 1e6 / decisions, raw_us = raw_s * 1e6 / raw_n;
  state.counters["us/decision"] = us;
  state.counters["raw_us/rt"] = raw_us;
  state.counters["ratio"] = us / raw_us;
  // The same in this process's CPU time (the bot's excluded), which other
  // load on the machine inflates less than wall time.
  state.counters["cpu_us/decision"] = referee_cpu * 1e6 / decisions;
  state.counters["cpu_ratio"] =
      (referee_cpu / decisions) / (raw_cpu / static_cast<double>(raw_n));
  state.counters["matches/min"] = benchmark::Counter(
      static_cast<double>(matches) * 60, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_RefereeDecision)
    ->ArgNames({"unix", "stream", "seats", "kept"})
    ->Args({0, 0, 2, 0})
    ->Args({0, 1, 2, 0})
    ->Args({1, 0, 2, 0})
    ->Args({1, 1, 2, 0})
    ->Args({1, 1, 4, 0})
    ->Args({1, 1, 6, 0})
    ->Args({1, 1, 2, 1})
    ->Args({1, 1, 4, 1})
    ->Args({1, 1, 6, 1})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MinTime(3);

// Issue 19.3: a match's fixed cost over gRPC: 2-seat matches of one turn
// (a few decisions) against the running bot on a Unix socket, on Play
// streams. greet_ms: from RunMatch to the first request (channels, Hello,
// StartMatch); end_ms: from the last request to RunMatch's return
// (EndMatch, closing the streams and channels).
void BM_MatchFixedCost(benchmark::State& state) {
  struct Times : MatchListener {
    void OnRequest(const rules::State&, const v1::DecisionRequest&) override {
      if (first == absl::InfinitePast()) first = absl::Now();
      last = absl::Now();
    }
    bool ReadsRequests() const override { return false; }
    bool Watched() const override { return false; }
    absl::Time first = absl::InfinitePast(), last;
  };
  const std::string spec = "grpc://" + Bot(true).address;
  MatchOptions options;
  double greet_s = 0, end_s = 0;
  int64_t matches = 0, decisions = 0;
  uint64_t seed = 1;
  for (auto _ : state) {
    v1::MatchSpec match = Spec(spec, seed++);
    match.set_max_turns(1);
    Times times;
    const absl::Time t0 = absl::Now();
    auto out = RunMatch(match, options, &times);
    const absl::Time t1 = absl::Now();
    if (!out.ok()) state.SkipWithError("match failed");
    greet_s += absl::ToDoubleSeconds(times.first - t0);
    end_s += absl::ToDoubleSeconds(t1 - times.last);
    decisions += out->result.decisions();
    ++matches;
  }
  state.counters["greet_ms"] = greet_s * 1e3 / matches;
  state.counters["end_ms"] = end_s * 1e3 / matches;
  state.counters["decisions"] = static_cast<double>(decisions) / matches;
}
BENCHMARK(BM_MatchFixedCost)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MinTime(2);

// The referee's own cost: whole matches with in-process random bots
// (builtin:random), every request built as for a remote bot; with
// `listened`, under the listener a watchable match has (the referee
// service's or the arena page's) while no one watches.
class UnwatchedListener : public MatchListener {
  bool ReadsRequests() const override { return false; }
  bool Watched() const override { return false; }
};
void RefereeInProcess(benchmark::State& state, bool listened) {
  int64_t decisions = 0;
  uint64_t seed = 1;
  const int seats = static_cast<int>(state.range(0));
  for (auto _ : state) {
    UnwatchedListener l;
    auto out = RunMatch(Spec("builtin:random", seed++, seats), MatchOptions{},
                        listened ? &l : nullptr);
    if (!out.ok()) state.SkipWithError("match failed");
    decisions += out->result.decisions();
  }
  state.counters["us/decision"] = benchmark::Counter(
      static_cast<double>(decisions),
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert,
      benchmark::Counter::kIs1000);
}
void BM_RefereeInProcess(benchmark::State& state) {
  RefereeInProcess(state, false);
}
BENCHMARK(BM_RefereeInProcess)
    ->ArgName("seats")
    ->Arg(2)
    ->Arg(4)
    ->Arg(6)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
void BM_RefereeInProcessListened(benchmark::State& state) {
  RefereeInProcess(state, true);
}
BENCHMARK(BM_RefereeInProcessListened)
    ->ArgName("seats")
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// Matches whose bots the referee launches itself (exec:), startup included.
void BM_MatchExecBots(benchmark::State& state) {
  int64_t matches = 0;
  uint64_t seed = 1;
  for (auto _ : state) {
    auto out = RunMatch(Spec("exec:" + kRandomBot, seed++), MatchOptions{});
    if (!out.ok()) state.SkipWithError("match failed");
    ++matches;
  }
  state.counters["matches/min"] = benchmark::Counter(
      static_cast<double>(matches) * 60, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_MatchExecBots)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MinTime(3);

}  // namespace
}  // namespace woodland::referee

BENCHMARK_MAIN();
