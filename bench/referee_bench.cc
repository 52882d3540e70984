// Referee overhead: the cost of one decision through the referee (building
// the seat's observation, options and events, the RPC, validation, replay
// record) against a raw gRPC ping-pong of the same DecisionRequest to the
// same out-of-process bot, measured in the same run. Also matches per minute
// between out-of-process random bots.
//
// Run: build/bench/referee_bench (it starts its own random_bot processes).
#include <benchmark/benchmark.h>
#include <grpcpp/grpcpp.h>

#include <thread>

#include "referee/convert.h"
#include "referee/match_runner.h"
#include "referee/process.h"
#include "woodland/v1/bot.grpc.pb.h"

namespace woodland::referee {
namespace {

const std::string kRandomBot = WOODLAND_RANDOM_BOT;

// One random_bot process for the whole run.
struct BotProcess {
  BotProcess() {
    port = *PickFreePort();
    process =
        *ChildProcess::Start({kRandomBot, "--port", std::to_string(port)}, {});
    channel = grpc::CreateChannel("127.0.0.1:" + std::to_string(port),
                                  grpc::InsecureChannelCredentials());
    channel->WaitForConnected(std::chrono::system_clock::now() +
                              std::chrono::seconds(10));
    stub = v1::Bot::NewStub(channel);
  }
  int port;
  std::unique_ptr<ChildProcess> process;
  std::shared_ptr<grpc::Channel> channel;
  std::unique_ptr<v1::Bot::Stub> stub;
};

BotProcess& Bot() {
  static BotProcess* bot = new BotProcess();
  return *bot;
}

v1::MatchSpec Spec(const std::string& bot, uint64_t seed) {
  v1::MatchSpec spec;
  spec.set_seed(seed);
  for (auto f : {v1::FACTION_MARQUISE, v1::FACTION_EYRIE}) {
    auto* s = spec.add_seats();
    s->set_faction(f);
    s->set_bot(bot);
  }
  return spec;
}

// A typical request: every request the referee sent in one match, so the
// raw ping-pong sends exactly the same bytes.
std::vector<v1::DecisionRequest>& Requests() {
  static auto* requests = [] {
    auto* v = new std::vector<v1::DecisionRequest>();
    struct Capture : MatchListener {
      std::vector<v1::DecisionRequest>* out;
      void OnRequest(const rules::State&,
                     const v1::DecisionRequest& r) override {
        out->push_back(r);
      }
    } capture;
    capture.out = v;
    (void)RunMatch(Spec("builtin:random", 7), MatchOptions{}, &capture);
    return v;
  }();
  return *requests;
}

void BM_RawPingPong(benchmark::State& state) {
  auto& stub = *Bot().stub;
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
BENCHMARK(BM_RawPingPong)->Unit(benchmark::kMicrosecond)->UseRealTime();

// Whole matches through the referee against the running bot (grpc://);
// time per decision includes everything the referee does.
void BM_RefereeDecision(benchmark::State& state) {
  const std::string bot = "grpc://127.0.0.1:" + std::to_string(Bot().port);
  int64_t decisions = 0, matches = 0;
  uint64_t seed = 1;
  for (auto _ : state) {
    auto out = RunMatch(Spec(bot, seed++), MatchOptions{});
    if (!out.ok()) state.SkipWithError("match failed");
    decisions += out->result.decisions();
    ++matches;
  }
  state.SetItemsProcessed(decisions);
  state.counters["us/decision"] = benchmark::Counter(
      static_cast<double>(decisions),
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert,
      benchmark::Counter::kIs1000);
  state.counters["matches/min"] = benchmark::Counter(
      static_cast<double>(matches) * 60, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_RefereeDecision)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MinTime(3);

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
