// The Referee service end to end: `woodland referee serve` runs as its own
// process on port 0; the test runs concurrent matches between bot processes
// through it, watches one live, fetches replays, checks health and scrapes
// the metrics endpoint.
#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/grpcpp.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <thread>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "referee/match_runner.h"
#include "referee/process.h"
#include "tests/common/peer_bot.h"
#include "tests/common/server_process.h"
#include "woodland/v1/referee.grpc.pb.h"

namespace woodland::referee {
namespace {

const std::string kCli = WOODLAND_CLI;
const std::string kRandomBot = WOODLAND_RANDOM_BOT;

class RefereeServer : public ::testing::Test {
 protected:
  void SetUp() override {
    absl::StatusOr<test_util::ServerProcess> s = test_util::StartServer(
        {kCli, "referee", "serve", "--port", "0", "--metrics-port", "0",
         "--workers", "4", "--bot", "random=exec:" + kRandomBot, "--bot",
         "random2=exec:" + kRandomBot + " --seed 2"},
        "referee");
    ASSERT_TRUE(s.ok()) << s.status();
    process_ = std::move(s->process);
    port_ = s->port;
    metrics_port_ = s->metrics_port;
    channel_ = grpc::CreateChannel("127.0.0.1:" + std::to_string(port_),
                                   grpc::InsecureChannelCredentials());
    stub_ = v1::Referee::NewStub(channel_);
  }
  void TearDown() override {
    if (process_) process_->Stop(2000);
  }

  v1::MatchSpec Spec(const std::string& id, uint64_t seed) {
    v1::MatchSpec spec;
    spec.set_match_id(id);
    spec.set_seed(seed);
    auto* a = spec.add_seats();
    a->set_faction(v1::FACTION_MARQUISE);
    a->set_bot("catalog:random");
    auto* b = spec.add_seats();
    b->set_faction(v1::FACTION_EYRIE);
    b->set_bot("catalog:random2");
    return spec;
  }

  grpc::Status Run(const v1::MatchSpec& spec, v1::MatchResult* result) {
    grpc::ClientContext ctx;
    ctx.set_deadline(std::chrono::system_clock::now() +
                     std::chrono::seconds(120));
    return stub_->RunMatch(&ctx, spec, result);
  }
  // Reads a WatchMatch stream to its end into `updates`.
  grpc::Status Watch(const std::string& id,
                     std::vector<v1::MatchUpdate>* updates) {
    grpc::ClientContext ctx;
    ctx.set_deadline(std::chrono::system_clock::now() +
                     std::chrono::seconds(120));
    v1::WatchRequest req;
    req.set_match_id(id);
    auto reader = stub_->WatchMatch(&ctx, req);
    v1::MatchUpdate u;
    while (reader->Read(&u)) updates->push_back(u);
    return reader->Finish();
  }

  std::unique_ptr<ChildProcess> process_;
  int port_ = 0, metrics_port_ = 0;
  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<v1::Referee::Stub> stub_;
};

TEST_F(RefereeServer, ConcurrentMatchesWatchReplayHealthAndMetrics) {
  // Three matches at once.
  std::vector<v1::MatchResult> results(3);
  std::vector<grpc::Status> statuses(3);
  std::vector<std::thread> runs;
  for (int i = 0; i < 3; ++i) {
    runs.emplace_back([&, i] {
      statuses[i] = Run(Spec(absl::StrCat("m", i), 20 + i), &results[i]);
    });
  }
  // Watch match m0 (retrying until the referee knows it).
  std::vector<v1::MatchUpdate> updates;
  for (int attempt = 0; attempt < 200 && updates.empty(); ++attempt) {
    grpc::Status st = Watch("m0", &updates);
    if (st.error_code() == grpc::StatusCode::NOT_FOUND) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
      continue;
    }
    ASSERT_TRUE(st.ok()) << st.error_message();
  }
  for (auto& t : runs) t.join();
  for (int i = 0; i < 3; ++i) {
    ASSERT_TRUE(statuses[i].ok()) << statuses[i].error_message();
    EXPECT_NE(results[i].end_reason(), v1::END_REASON_UNSPECIFIED);
    EXPECT_EQ(results[i].match_id(), absl::StrCat("m", i));
    // Results name catalogue bots, never the operator's command lines.
    ASSERT_EQ(results[i].seats_size(), 2);
    EXPECT_EQ(results[i].seats(0).bot(), "catalog:random");
    EXPECT_EQ(results[i].seats(1).bot(), "catalog:random2");
  }
  // The stream ends with the result, after every decision's events.
  ASSERT_FALSE(updates.empty());
  EXPECT_TRUE(updates.back().has_result());
  EXPECT_EQ(updates.back().result().final_state_hash(),
            results[0].final_state_hash());
  int events = 0;
  for (const auto& u : updates) {
    events += u.events_size();
    if (!u.has_result()) {
      // Issue 16.6: live updates carry events, never a decision count.
      EXPECT_GT(u.events_size(), 0);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
      EXPECT_EQ(u.decision_index(), 0);
#pragma GCC diagnostic pop
    }
    for (const auto& e : u.events()) {
      if (e.kind() == "draw") {
        EXPECT_FALSE(e.has_card()) << "spectators never see drawn cards";
      }
    }
  }
  EXPECT_GT(events, 100);

  // Replays rebuild each match.
  for (int i = 0; i < 3; ++i) {
    grpc::ClientContext ctx;
    v1::GetReplayRequest req;
    req.set_match_id(absl::StrCat("m", i));
    v1::Replay replay;
    ASSERT_TRUE(stub_->GetReplay(&ctx, req, &replay).ok());
    auto s = StateFromReplay(replay);
    ASSERT_TRUE(s.ok()) << s.status();
    EXPECT_EQ(HashHex(s->Hash()), results[i].final_state_hash());
  }

  // Health checking answers SERVING (grpc.health.v1; response bytes 08 01).
  {
    grpc::GenericStub generic(channel_);
    grpc::ClientContext ctx;
    grpc::ByteBuffer req, resp;
    grpc::Slice empty("");
    req = grpc::ByteBuffer(&empty, 1);
    std::mutex mu;
    std::condition_variable cv;
    bool done = false;
    grpc::Status st;
    generic.UnaryCall(&ctx, "/grpc.health.v1.Health/Check", grpc::StubOptions(),
                      &req, &resp, [&](grpc::Status s) {
                        std::lock_guard<std::mutex> l(mu);
                        st = s;
                        done = true;
                        cv.notify_all();
                      });
    std::unique_lock<std::mutex> l(mu);
    cv.wait(l, [&] { return done; });
    ASSERT_TRUE(st.ok()) << st.error_message();
    std::vector<grpc::Slice> slices;
    ASSERT_TRUE(resp.Dump(&slices).ok());
    std::string bytes;
    for (auto& s : slices)
      bytes += std::string(reinterpret_cast<const char*>(s.begin()), s.size());
    EXPECT_EQ(bytes, std::string("\x08\x01", 2));
  }

  // Metrics: scraped and parsed.
  const std::string metrics = test_util::HttpGet(metrics_port_, "/metrics");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(
      metrics, m, std::regex("woodland_matches_started_total (\\d+)")))
      << metrics.substr(0, 2000);
  EXPECT_EQ(std::stoi(m[1]), 3);
  double finished = 0;
  const std::regex finished_re(
      "woodland_matches_finished_total\\{outcome=\"\\w+\"\\} (\\d+)");
  for (std::sregex_iterator it(metrics.begin(), metrics.end(), finished_re),
       end;
       it != end; ++it) {
    finished += std::stod((*it)[1]);
  }
  EXPECT_EQ(finished, 3);
  EXPECT_NE(metrics.find("woodland_decisions_total{faction=\"marquise\"}"),
            std::string::npos);
  // Bot labels are the operator's catalogue names, whatever Hello said.
  EXPECT_NE(metrics.find(
                "woodland_bot_decision_latency_seconds_bucket{bot=\"random\""),
            std::string::npos);
  EXPECT_NE(metrics.find(
                "woodland_bot_decision_latency_seconds_bucket{bot=\"random2\""),
            std::string::npos);
  EXPECT_NE(metrics.find("woodland_active_matches 0"), std::string::npos);
}

// Issue 12: a match no one watched made no live update, yet a watcher who
// comes after it ended still gets every public event, then the result.
TEST_F(RefereeServer, Issue12_AWatcherAfterTheEndGetsEveryEvent) {
  v1::MatchResult result;
  ASSERT_TRUE(Run(Spec("unwatched", 31), &result).ok());
  std::vector<v1::MatchUpdate> updates;
  ASSERT_TRUE(Watch("unwatched", &updates).ok());
  grpc::ClientContext ctx;
  v1::GetReplayRequest req;
  req.set_match_id("unwatched");
  v1::Replay replay;
  ASSERT_TRUE(stub_->GetReplay(&ctx, req, &replay).ok());
  auto s = StateFromReplay(replay);
  ASSERT_TRUE(s.ok()) << s.status();
  // The events, in updates of at most 100, then the result.
  ASSERT_GE(updates.size(), 2u);
  size_t events = 0;
  for (size_t i = 0; i + 1 < updates.size(); ++i) {
    EXPECT_GT(updates[i].events_size(), 0);
    EXPECT_LE(updates[i].events_size(), 100);
    events += updates[i].events_size();
    for (const v1::Event& e : updates[i].events()) {
      if (e.kind() == "draw") {
        EXPECT_FALSE(e.has_card());
      }
    }
  }
  EXPECT_EQ(events, s->events().size());
  EXPECT_TRUE(updates.back().has_result());
  EXPECT_EQ(updates.back().result().final_state_hash(),
            result.final_state_hash());
}

TEST_F(RefereeServer, BadRequestsGetClearErrors) {
  v1::MatchSpec spec = Spec("", 1);
  spec.mutable_seats()->RemoveLast();
  v1::MatchResult r;
  grpc::Status st = Run(spec, &r);
  EXPECT_EQ(st.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(st.error_message().find("2 to 6 seats"), std::string::npos)
      << st.error_message();
  // Issue 16 (minor): a faction seated twice is refused when asked.
  spec = Spec("", 1);
  spec.mutable_seats(1)->set_faction(v1::FACTION_MARQUISE);
  st = Run(spec, &r);
  EXPECT_EQ(st.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(st.error_message().find("seated twice"), std::string::npos)
      << st.error_message();
  grpc::ClientContext ctx;
  v1::GetReplayRequest req;
  req.set_match_id("nope");
  v1::Replay replay;
  EXPECT_EQ(stub_->GetReplay(&ctx, req, &replay).error_code(),
            grpc::StatusCode::NOT_FOUND);
}

// Issue 13.5: history on demand needs the seat's token (MatchStart, which
// only that seat's bot receives); without it the referee refuses, and an
// unknown match is not found. (protocol_test checks what a right token
// returns.)
TEST_F(RefereeServer, Issue13_HistoryRefusesAWrongToken) {
  v1::MatchSpec spec = Spec("hist", 3);
  spec.set_max_turns(4);
  v1::MatchResult r;
  ASSERT_TRUE(Run(spec, &r).ok());
  for (const std::string& id : {std::string("hist"), std::string("nope")}) {
    for (int seat : {0, 1, 5}) {
      grpc::ClientContext ctx;
      ctx.set_deadline(std::chrono::system_clock::now() +
                       std::chrono::seconds(10));
      v1::HistoryRequest req;
      req.set_match_id(id);
      req.set_seat(seat);
      req.set_token("0123456789abcdef0123456789abcdef");
      v1::History h;
      EXPECT_EQ(stub_->GetHistory(&ctx, req, &h).error_code(),
                id == "nope" ? grpc::StatusCode::NOT_FOUND
                             : grpc::StatusCode::PERMISSION_DENIED);
      EXPECT_EQ(h.events_size(), 0);
    }
  }
}

// Issue 16.1: a command line never comes from the network.
TEST_F(RefereeServer, Issue16_ExecSpecFromTheNetworkIsRefusedAndRunsNothing) {
  const std::string marker =
      absl::StrCat(::testing::TempDir(), "/rce-", getpid(), "-referee");
  std::remove(marker.c_str());
  v1::MatchSpec spec = Spec("rce", 1);
  spec.mutable_seats(0)->set_bot("exec:/bin/touch " + marker);
  v1::MatchResult r;
  grpc::Status st = Run(spec, &r);
  EXPECT_EQ(st.error_code(), grpc::StatusCode::PERMISSION_DENIED)
      << st.error_message();
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_FALSE(std::filesystem::exists(marker)) << "the command ran";
  // Unknown catalogue names and endpoints outside the allowlist too.
  spec.mutable_seats(0)->set_bot("catalog:nobody");
  EXPECT_EQ(Run(spec, &r).error_code(), grpc::StatusCode::NOT_FOUND);
  spec.mutable_seats(0)->set_bot("grpc://10.1.2.3:22");
  EXPECT_EQ(Run(spec, &r).error_code(), grpc::StatusCode::PERMISSION_DENIED);
  spec.mutable_seats(0)->set_bot("builtin:random");
  EXPECT_TRUE(Run(spec, &r).ok());
}

// Issue 19.4: each of the service's match threads keeps its channels to
// grpc:// bots across matches, as arena workers do: matches played in turn
// on one worker reach each bot over one connection (a new channel per match
// and seat cost a handshake before the first Hello of every match).
TEST(RefereeChannels, Issue19_4_AWorkerKeepsOneConnectionPerBotAcrossMatches) {
  test_util::PeerBot bots[2];
  std::unique_ptr<grpc::Server> servers[2];
  std::string specs[2];
  for (int i = 0; i < 2; ++i) {
    grpc::ServerBuilder b;
    int port = 0;
    b.AddListeningPort("127.0.0.1:0", grpc::InsecureServerCredentials(), &port);
    b.RegisterService(&bots[i]);
    servers[i] = b.BuildAndStart();
    ASSERT_NE(port, 0);
    specs[i] = absl::StrCat("grpc://127.0.0.1:", port);
  }
  absl::StatusOr<test_util::ServerProcess> s = test_util::StartServer(
      {kCli, "referee", "serve", "--port", "0", "--metrics-port", "0",
       "--workers", "1", "--allow-endpoint", "127.0.0.1:*"},
      "referee");
  ASSERT_TRUE(s.ok()) << s.status();
  auto stub = v1::Referee::NewStub(grpc::CreateChannel(
      absl::StrCat("127.0.0.1:", s->port), grpc::InsecureChannelCredentials()));
  constexpr int kMatches = 3;
  for (int m = 0; m < kMatches; ++m) {
    v1::MatchSpec spec;
    spec.set_match_id(absl::StrCat("kept-", m));
    spec.set_seed(m + 1);
    spec.set_max_turns(2);
    for (int i = 0; i < 2; ++i) {
      v1::SeatSpec* seat = spec.add_seats();
      seat->set_faction(i == 0 ? v1::FACTION_MARQUISE : v1::FACTION_EYRIE);
      seat->set_bot(specs[i]);
    }
    grpc::ClientContext ctx;
    ctx.set_deadline(std::chrono::system_clock::now() +
                     std::chrono::seconds(60));
    v1::MatchResult r;
    grpc::Status st = stub->RunMatch(&ctx, spec, &r);
    ASSERT_TRUE(st.ok()) << st.error_message();
  }
  s->process->Stop(2000);
  for (int i = 0; i < 2; ++i) {
    EXPECT_EQ(bots[i].hellos(), kMatches);
    EXPECT_EQ(bots[i].peers().size(), 1u) << "bot " << i;
    servers[i]->Shutdown();
  }
}

// Issue 16.2: the tables of a group share a seed, so the arena seals them:
// the replay goes to the RunMatch caller only, and nobody can watch the
// match or fetch its replay.
TEST_F(RefereeServer, Issue16_SealedMatchIsPrivateToItsCaller) {
  v1::MatchSpec spec = Spec("sealed", 7);
  for (auto& seat : *spec.mutable_seats()) seat.set_bot("builtin:random");
  spec.set_sealed(true);
  v1::MatchResult r;
  grpc::Status st = Run(spec, &r);
  ASSERT_TRUE(st.ok()) << st.error_message();
  ASSERT_TRUE(r.has_replay());
  auto s = StateFromReplay(r.replay());
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(HashHex(s->Hash()), r.final_state_hash());
  {
    grpc::ClientContext ctx;
    v1::GetReplayRequest req;
    req.set_match_id("sealed");
    v1::Replay replay;
    EXPECT_EQ(stub_->GetReplay(&ctx, req, &replay).error_code(),
              grpc::StatusCode::PERMISSION_DENIED);
  }
  {
    grpc::ClientContext ctx;
    v1::WatchRequest req;
    req.set_match_id("sealed");
    auto reader = stub_->WatchMatch(&ctx, req);
    v1::MatchUpdate u;
    EXPECT_FALSE(reader->Read(&u));
    EXPECT_EQ(reader->Finish().error_code(),
              grpc::StatusCode::PERMISSION_DENIED);
  }
  // An unsealed match's result carries no replay (GetReplay serves it).
  spec.set_match_id("open");
  spec.set_sealed(false);
  ASSERT_TRUE(Run(spec, &r).ok());
  EXPECT_FALSE(r.has_replay());
}

// Issue 16.2: a launched bot never sees the seed: not on its command line,
// not in its environment, not in the match id it is told.
TEST(RefereeSecrets, Issue16_SeedNeverReachesALaunchedBot) {
  const std::string dir = absl::StrCat(::testing::TempDir(), "/spy-", getpid());
  std::filesystem::create_directories(dir);
  const std::string script = dir + "/spy.sh";
  {
    std::ofstream f(script);
    // The spy reports what it sees on stderr (the referee keeps it in
    // --stderr-dir; a sandboxed bot cannot write outside its own directory),
    // then becomes the random bot named by its first argument.
    f << "#!/bin/sh\necho \"$0 $@\" >&2\nenv >&2\nbot=\"$1\"\nshift\n"
      << "exec \"$bot\" \"$@\"\n";
  }
  absl::StatusOr<test_util::ServerProcess> server = test_util::StartServer(
      {kCli, "referee", "serve", "--port", "0", "--metrics-port", "0",
       "--stderr-dir", dir, "--bot",
       absl::StrCat("spy=exec:/bin/sh ", script, " ", kRandomBot)},
      "referee");
  ASSERT_TRUE(server.ok()) << server.status();
  auto stub = v1::Referee::NewStub(
      grpc::CreateChannel("127.0.0.1:" + std::to_string(server->port),
                          grpc::InsecureChannelCredentials()));
  v1::MatchSpec spec;  // no seed, no id: the referee picks both
  for (auto f : {v1::FACTION_MARQUISE, v1::FACTION_EYRIE}) {
    auto* seat = spec.add_seats();
    seat->set_faction(f);
    seat->set_bot("catalog:spy");
  }
  v1::MatchResult r;
  {
    grpc::ClientContext ctx;
    ctx.set_deadline(std::chrono::system_clock::now() +
                     std::chrono::seconds(120));
    grpc::Status st = stub->RunMatch(&ctx, spec, &r);
    ASSERT_TRUE(st.ok()) << st.error_message();
  }
  v1::Replay replay;
  {
    grpc::ClientContext ctx;
    v1::GetReplayRequest req;
    req.set_match_id(r.match_id());
    ASSERT_TRUE(stub->GetReplay(&ctx, req, &replay).ok());
  }
  server->process->Stop(2000);
  std::stringstream seen;
  for (int seat = 0; seat < 2; ++seat) {
    std::ifstream f(
        absl::StrCat(dir, "/", r.match_id(), "-seat", seat, ".stderr"));
    seen << f.rdbuf();
  }
  ASSERT_FALSE(seen.str().empty()) << "the spy ran";
  for (const std::string& form :
       {absl::StrCat(replay.seed()), absl::StrCat(absl::Hex(replay.seed())),
        absl::StrCat(absl::Hex(replay.seed(), absl::kZeroPad16))}) {
    EXPECT_EQ(seen.str().find(form), std::string::npos) << form;
    EXPECT_EQ(r.match_id().find(form), std::string::npos) << form;
  }
  for (const v1::SeatResult& seat : r.seats()) {
    EXPECT_EQ(seat.bot(), "catalog:spy") << "no command line in results";
  }
}

}  // namespace
}  // namespace woodland::referee
