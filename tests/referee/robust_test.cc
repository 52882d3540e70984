// Regression tests for issue 16's robustness items: bot strings that are not
// clean UTF-8, client-chosen limits, names used in paths, watch streams that
// cost threads, ports in use, replays whose results were edited, and flags
// whose values used to abort the program. Each test reproduces an attack.
#include <grpcpp/grpcpp.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <thread>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "google/protobuf/util/json_util.h"
#include "google/protobuf/util/time_util.h"
#include "gtest/gtest.h"
#include "referee/match_runner.h"
#include "referee/process.h"
#include "tests/common/server_process.h"
#include "woodland/v1/referee.grpc.pb.h"

namespace woodland::referee {
namespace {

using google::protobuf::util::TimeUtil;

const std::string kCli = WOODLAND_CLI;
const std::string kRandomBot = WOODLAND_RANDOM_BOT;
const std::string kFaultyBot = WOODLAND_FAULTY_BOT;

std::string Euros(int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += "\xe2\x82\xac";
  return s;
}

// Issue 16 item 5: a bot's name and notes cut at a byte limit in the middle
// of a character, and strings that were never UTF-8, made results and
// replays undeserializable. Every bot string now arrives as valid UTF-8.
TEST(BotStrings, MultiByteAndInvalidUtf8SurviveResultsAndReplays) {
  v1::MatchSpec spec = test_util::TwoSeatSpec(
      "exec:" + kFaultyBot + " --mode utf8", "builtin:random");
  spec.set_max_strikes(1000);
  spec.set_max_turns(8);  // each bot error costs 200 ms
  auto out = RunMatch(spec, MatchOptions{});
  ASSERT_TRUE(out.ok()) << out.status();
  for (const google::protobuf::Message* m :
       std::initializer_list<const google::protobuf::Message*>{&out->result,
                                                               &out->replay}) {
    std::string bytes;
    ASSERT_TRUE(m->SerializeToString(&bytes));
    std::unique_ptr<google::protobuf::Message> back(m->New());
    EXPECT_TRUE(back->ParseFromString(bytes)) << "binary form does not parse";
    std::string json;
    ASSERT_TRUE(google::protobuf::util::MessageToJsonString(*m, &json).ok());
    back->Clear();
    EXPECT_TRUE(
        google::protobuf::util::JsonStringToMessage(json, back.get()).ok())
        << "JSON form does not parse";
  }
  const v1::SeatResult& bad = out->result.seats(0);
  // 64 bytes hold 21 whole three-byte characters.
  EXPECT_EQ(bad.bot_info().name(), Euros(21));
  EXPECT_EQ(bad.bot_info().language(), Euros(21));
  // Error messages quoting the bot and answers that do not parse are faults
  // whose details are valid UTF-8 (checked by the round trips above).
  EXPECT_GT(bad.faults_size(), 10);
  EXPECT_FALSE(bad.replaced_by_fallback());
  int notes = 0;
  for (const v1::DecisionRecord& d : out->replay.decisions()) {
    if (d.note().empty()) continue;
    ++notes;
    EXPECT_EQ(d.note(), Euros(66));  // 200 bytes hold 66 characters
  }
  EXPECT_GT(notes, 0);
  auto s = StateFromReplay(out->replay);
  ASSERT_TRUE(s.ok()) << s.status();
}

}  // namespace
}  // namespace woodland::referee

namespace woodland::referee {
namespace {

class WatchServer : public ::testing::Test {
 protected:
  void Start(std::vector<std::string> extra) {
    std::vector<std::string> argv = {kCli,     "referee",   "serve",
                                     "--port", "0",         "--metrics-port",
                                     "0",      "--workers", "2"};
    argv.insert(argv.end(), extra.begin(), extra.end());
    absl::StatusOr<test_util::ServerProcess> s =
        test_util::StartServer(argv, "referee");
    ASSERT_TRUE(s.ok()) << s.status();
    process_ = std::move(s->process);
    // A reader that reads nothing: small flow-control windows that never
    // grow, so unread streams stay open with writes pending.
    grpc::ChannelArguments args;
    args.SetInt(GRPC_ARG_HTTP2_BDP_PROBE, 0);
    args.SetInt(GRPC_ARG_HTTP2_STREAM_LOOKAHEAD_BYTES, 1024);
    channel_ =
        grpc::CreateCustomChannel(absl::StrCat("127.0.0.1:", s->port),
                                  grpc::InsecureChannelCredentials(), args);
    stub_ = v1::Referee::NewStub(channel_);
  }
  void TearDown() override {
    if (process_) process_->Stop(2000);
  }
  // A whole match between built-in bots: thousands of updates to watch.
  void RunFinishedMatch(const std::string& id) {
    v1::MatchSpec spec =
        test_util::TwoSeatSpec("builtin:random", "builtin:random", 9);
    spec.set_match_id(id);
    grpc::ClientContext ctx;
    ctx.set_deadline(std::chrono::system_clock::now() +
                     std::chrono::seconds(60));
    v1::MatchResult r;
    grpc::Status st = stub_->RunMatch(&ctx, spec, &r);
    ASSERT_TRUE(st.ok()) << st.error_message();
  }
  struct Stream {
    grpc::ClientContext ctx;
    std::unique_ptr<grpc::ClientReader<v1::MatchUpdate>> reader;
  };
  // Opens a watch stream that is never read; its first message (or status)
  // tells whether the server accepted it.
  std::unique_ptr<Stream> OpenUnread(const std::string& id) {
    auto s = std::make_unique<Stream>();
    v1::WatchRequest req;
    req.set_match_id(id);
    s->reader = stub_->WatchMatch(&s->ctx, req);
    return s;
  }

  std::unique_ptr<ChildProcess> process_;
  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<v1::Referee::Stub> stub_;
};

// Issue 16 item 7: every WatchMatch stream held a server thread (500 unread
// streams, 500 threads), and SIGTERM hung while they were open.
TEST_F(WatchServer, ManyUnreadStreamsCostNoThreadsAndSigtermStillEnds) {
  Start({"--max-watchers", "500", "--max-watchers-per-client", "500"});
  RunFinishedMatch("big");
  const int before = test_util::ThreadsOf(process_->pid());
  std::vector<std::unique_ptr<Stream>> streams;
  for (int i = 0; i < 200; ++i) streams.push_back(OpenUnread("big"));
  v1::MatchUpdate first;
  ASSERT_TRUE(streams.back()->reader->Read(&first));  // all are served
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  const int during = test_util::ThreadsOf(process_->pid());
  EXPECT_LT(during, before + 20) << "threads before " << before;
  // The server still answers.
  grpc::ClientContext ctx;
  ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(5));
  v1::GetReplayRequest req;
  req.set_match_id("big");
  v1::Replay replay;
  EXPECT_TRUE(stub_->GetReplay(&ctx, req, &replay).ok());
  EXPECT_TRUE(test_util::EndsOnSigterm(*process_, 10));
  for (auto& s : streams) s->ctx.TryCancel();
}

// Beyond the per-client limit a stream is refused with RESOURCE_EXHAUSTED.
TEST_F(WatchServer, StreamsBeyondTheLimitAreRefused) {
  Start({"--max-watchers-per-client", "3"});
  RunFinishedMatch("big");
  std::vector<std::unique_ptr<Stream>> streams;
  for (int i = 0; i < 3; ++i) {
    streams.push_back(OpenUnread("big"));
    v1::MatchUpdate u;
    ASSERT_TRUE(streams.back()->reader->Read(&u)) << i;
  }
  std::unique_ptr<Stream> extra = OpenUnread("big");
  v1::MatchUpdate u;
  EXPECT_FALSE(extra->reader->Read(&u));
  EXPECT_EQ(extra->reader->Finish().error_code(),
            grpc::StatusCode::RESOURCE_EXHAUSTED);
  // Closing one stream frees a place.
  streams[0]->ctx.TryCancel();
  (void)streams[0]->reader->Finish();
  bool accepted = false;
  for (int i = 0; i < 100 && !accepted; ++i) {
    std::unique_ptr<Stream> again = OpenUnread("big");
    accepted = again->reader->Read(&u);
    if (accepted) {
      streams.push_back(std::move(again));
    } else {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
  EXPECT_TRUE(accepted);
  for (auto& s : streams) s->ctx.TryCancel();
}

}  // namespace
}  // namespace woodland::referee

namespace woodland::referee {
namespace {

absl::StatusCode CodeOf(const v1::MatchSpec& spec) {
  return RunMatch(spec, MatchOptions{}).status().code();
}

// Issue 16 item 8: a client chose a 86,400 s deadline, INT64 seconds,
// negative nanos and a 500 KB match id; all are refused up front.
TEST(ClientLimits, DurationsCountsAndIdsAreBounded) {
  const v1::MatchSpec base =
      test_util::TwoSeatSpec("builtin:random", "builtin:random");
  v1::MatchSpec spec = base;
  spec.mutable_decision_deadline()->set_seconds(86400);
  EXPECT_EQ(CodeOf(spec), absl::StatusCode::kInvalidArgument);
  spec = base;
  spec.mutable_time_bank()->set_seconds(std::numeric_limits<int64_t>::max());
  EXPECT_EQ(CodeOf(spec), absl::StatusCode::kInvalidArgument);
  spec = base;
  spec.mutable_decision_deadline()->set_nanos(-5);
  EXPECT_EQ(CodeOf(spec), absl::StatusCode::kInvalidArgument);
  spec = base;
  spec.mutable_time_bank()->set_seconds(1);
  spec.mutable_time_bank()->set_nanos(-1);
  EXPECT_EQ(CodeOf(spec), absl::StatusCode::kInvalidArgument);
  spec = base;
  spec.set_match_id(std::string(500 * 1024, 'a'));
  EXPECT_EQ(CodeOf(spec), absl::StatusCode::kInvalidArgument);
  spec = base;
  spec.set_max_strikes(std::numeric_limits<int32_t>::max());
  EXPECT_EQ(CodeOf(spec), absl::StatusCode::kInvalidArgument);
  spec = base;
  spec.set_max_turns(std::numeric_limits<int32_t>::max());
  EXPECT_EQ(CodeOf(spec), absl::StatusCode::kInvalidArgument);
  spec = base;
  spec.set_map(std::string(100 * 1024, 'm'));
  EXPECT_EQ(CodeOf(spec), absl::StatusCode::kInvalidArgument);
  // The operator's bounds decide: a 2 s deadline is fine under a 5 s one.
  MatchOptions options;
  options.max_deadline = absl::Seconds(5);
  spec = base;
  spec.mutable_decision_deadline()->set_seconds(2);
  EXPECT_TRUE(RunMatch(spec, options).ok());
  spec.mutable_decision_deadline()->set_seconds(6);
  EXPECT_EQ(RunMatch(spec, options).status().code(),
            absl::StatusCode::kInvalidArgument);
}

// Issue 16 item 11: a match id is a file name under --stderr-dir.
TEST(ClientLimits, MatchIdsThatAreNotPlainNamesAreRefused) {
  for (const std::string id :
       {"../x", "a/b", "..", ".hidden", "x\ny", "tab\there", "a\\b", " x"}) {
    v1::MatchSpec spec =
        test_util::TwoSeatSpec("builtin:random", "builtin:random");
    spec.set_match_id(id);
    EXPECT_EQ(CodeOf(spec), absl::StatusCode::kInvalidArgument) << id;
  }
  v1::MatchSpec spec =
      test_util::TwoSeatSpec("builtin:random", "builtin:random");
  spec.set_match_id("Table-7.round_2");
  EXPECT_TRUE(RunMatch(spec, MatchOptions{}).ok());
}

// Runs the CLI; returns its exit code, with stdout and stderr in *output.
// A command still running after `timeout_s` seconds is killed (exit 124).
int RunCli(const std::vector<std::string>& args, std::string* output,
           int timeout_s = 120) {
  std::string cmd = absl::StrCat("timeout ", timeout_s, " ", kCli);
  for (const std::string& a : args) {
    std::string quoted = "'";
    for (char c : a)
      quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    cmd += " " + quoted + "'";
  }
  const std::string out_file =
      absl::StrCat(::testing::TempDir(), "/cli_out_", getpid());
  const int rc = std::system((cmd + " >" + out_file + " 2>&1").c_str());
  std::ifstream f(out_file);
  output->assign(std::istreambuf_iterator<char>(f), {});
  return WIFEXITED(rc) ? WEXITSTATUS(rc) : 128;
}

TEST(ClientLimits, PlayWithATraversingMatchIdWritesNothingOutsideTheDir) {
  const std::string root = ::testing::TempDir() + "/stderr_root";
  std::filesystem::remove_all(root);
  std::filesystem::create_directories(root + "/logs");
  std::string out;
  const int rc =
      RunCli({"play", "--bot", "marquise=exec:" + kRandomBot, "--match-id",
              "../escaped", "--stderr-dir", root + "/logs"},
             &out);
  EXPECT_NE(rc, 0) << out;
  EXPECT_NE(out.find("match_id"), std::string::npos) << out;
  EXPECT_FALSE(std::filesystem::exists(root + "/escaped-seat0.stderr"));
}

}  // namespace
}  // namespace woodland::referee

namespace woodland::referee {
namespace {

int64_t RssKb(pid_t pid) {
  std::ifstream f(absl::StrCat("/proc/", pid, "/status"));
  std::string line;
  while (std::getline(f, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stoll(line.substr(6));
  }
  return -1;
}

// Issue 16 item 8: failed RunMatch calls each left a channel (and a copy of
// a 500 KB match id) behind: 60 calls, +114 MB.
TEST_F(WatchServer, FailedRunMatchCallsKeepNothing) {
  Start({});
  auto run = [&](const v1::MatchSpec& spec) {
    grpc::ClientContext ctx;
    ctx.set_deadline(std::chrono::system_clock::now() +
                     std::chrono::seconds(30));
    v1::MatchResult r;
    return stub_->RunMatch(&ctx, spec, &r).error_code();
  };
  const int64_t before = RssKb(process_->pid());
  for (int i = 0; i < 60; ++i) {
    v1::MatchSpec spec =
        test_util::TwoSeatSpec("builtin:random", "builtin:random");
    spec.set_match_id(absl::StrCat(i, std::string(500 * 1000, 'x')));
    EXPECT_EQ(run(spec), grpc::StatusCode::INVALID_ARGUMENT);
    spec.set_match_id(absl::StrCat("fail-", i));
    spec.set_map("nowhere");
    EXPECT_EQ(run(spec), grpc::StatusCode::INVALID_ARGUMENT);
  }
  const int64_t after = RssKb(process_->pid());
  EXPECT_LT(after - before, 16 * 1024) << before << " kB -> " << after;
  grpc::ClientContext ctx;
  v1::WatchRequest req;
  req.set_match_id("fail-0");
  auto reader = stub_->WatchMatch(&ctx, req);
  v1::MatchUpdate u;
  EXPECT_FALSE(reader->Read(&u));
  EXPECT_EQ(reader->Finish().error_code(), grpc::StatusCode::NOT_FOUND);
}

}  // namespace
}  // namespace woodland::referee

namespace woodland::referee {
namespace {

// Issue 16 item 10: with gRPC's SO_REUSEPORT a second server bound the same
// port and answered half the calls. A port in use must stop the start.
TEST(Ports, ASecondServerOnTheSamePortFailsToStart) {
  absl::StatusOr<test_util::ServerProcess> first = test_util::StartServer(
      {kCli, "referee", "serve", "--port", "0", "--metrics-port", "0"},
      "referee");
  ASSERT_TRUE(first.ok()) << first.status();
  std::string out;
  int rc = RunCli({"referee", "serve", "--port", absl::StrCat(first->port),
                   "--metrics-port", "0"},
                  &out, 10);
  EXPECT_EQ(rc, 1) << out;
  EXPECT_NE(out.find("cannot listen"), std::string::npos) << out;
  // The metrics port in use: a clear error, not an uncaught CivetException.
  rc = RunCli({"referee", "serve", "--port", "0", "--metrics-port",
               absl::StrCat(first->metrics_port)},
              &out, 10);
  EXPECT_EQ(rc, 1) << out;
  EXPECT_NE(out.find("metrics"), std::string::npos) << out;
  EXPECT_EQ(out.find("terminate"), std::string::npos) << out;
  rc = RunCli({"arena", "serve", "--port", absl::StrCat(first->port),
               "--metrics-port", "0", "--db", ":memory:"},
              &out, 10);
  EXPECT_EQ(rc, 1) << out;
  first->process->Stop(2000);
}

// Issue 16, minor items: values that aborted the program or were misread.
TEST(Flags, OutOfRangeValuesAreRefusedWithClearMessages) {
  struct Case {
    std::vector<std::string> args;
    std::string says;
  };
  const std::vector<Case> cases = {
      {{"play", "--deadline-ms", "9223372036854775807"}, "--deadline-ms"},
      {{"play", "--time-bank-ms", "9223372036854775807"}, "--time-bank-ms"},
      {{"play", "--deadline-ms", "-5"}, "--deadline-ms"},
      {{"tournament", "--bot", "a=builtin:random", "--bot", "b=builtin:random",
        "--players", "2", "--workers", "100000"},
       "--workers"},
      {{"tournament", "--bot", "a=builtin:random", "--bot", "b=builtin:random",
        "--players", "2", "--deadline-ms", "9223372036854775807"},
       "--deadline-ms"},
      {{"referee", "serve", "--port", "99999"}, "--port"},
      {{"referee", "serve", "--port", "0", "--metrics-port", "70000"},
       "--metrics-port"},
      {{"arena", "serve", "--port", "-1", "--db", ":memory:"}, "--port"},
      {{"referee", "serve", "--workers", "100000"}, "--workers"},
      {{"conformance", "builtin:random", "--deadline-ms",
        "9223372036854775807"},
       "--deadline-ms"},
  };
  for (const Case& c : cases) {
    std::string out;
    const int rc = RunCli(c.args, &out, 10);
    EXPECT_EQ(rc, 2) << absl::StrJoin(c.args, " ") << "\n" << out;
    EXPECT_NE(out.find(c.says), std::string::npos)
        << absl::StrJoin(c.args, " ") << "\n"
        << out;
  }
  std::string out;
  const int rc = RunCli({"referee", "serve", "--port", "0", "--metrics-port",
                         "0", "--address", "not an address"},
                        &out, 10);
  EXPECT_EQ(rc, 1) << out;
  EXPECT_EQ(out.find("terminate"), std::string::npos) << out;
}

// An exec: program that does not exist ends the command with an error.
TEST(Flags, MissingExecProgramFailsTheCommand) {
  std::string out;
  int rc = RunCli({"play", "--bot", "marquise=exec:/nonexistent/bot"}, &out);
  EXPECT_EQ(rc, 2) << out;
  EXPECT_NE(out.find("/nonexistent/bot"), std::string::npos) << out;
  rc = RunCli({"tournament", "--bot", "a=exec:/nonexistent/bot", "--bot",
               "b=builtin:random", "--players", "2"},
              &out);
  EXPECT_EQ(rc, 2) << out;
  EXPECT_NE(out.find("/nonexistent/bot"), std::string::npos) << out;
}

}  // namespace
}  // namespace woodland::referee

namespace woodland::referee {
namespace {

// Issue 16 item 12: `replay --verify` said OK for a replay whose winner and
// VP were edited; the whole recorded result is now recomputed and compared.
TEST(ReplayVerify, EditedResultsAreCaught) {
  const std::string file = ::testing::TempDir() + "/verify_replay.json";
  std::string out;
  ASSERT_EQ(RunCli({"play", "--seed", "4", "--replay", file}, &out), 0) << out;
  ASSERT_EQ(RunCli({"replay", file, "--verify"}, &out), 0) << out;
  std::ifstream in(file);
  const std::string json((std::istreambuf_iterator<char>(in)), {});
  v1::Replay original;
  ASSERT_TRUE(
      google::protobuf::util::JsonStringToMessage(json, &original).ok());
  ASSERT_EQ(original.result().seats_size(), 2);

  auto verify_edited = [&](const std::function<void(v1::Replay*)>& edit) {
    v1::Replay r = original;
    edit(&r);
    std::string text;
    EXPECT_TRUE(google::protobuf::util::MessageToJsonString(r, &text).ok());
    std::ofstream(file) << text;
    std::string output;
    const int rc = RunCli({"replay", file, "--verify"}, &output);
    return std::pair{rc, output};
  };
  // The loser made the winner, with the winner's VP.
  auto [rc, text] = verify_edited([](v1::Replay* r) {
    v1::MatchResult* res = r->mutable_result();
    const int w = res->seats(0).winner() ? 0 : 1;
    const int l = 1 - w;
    res->mutable_seats(l)->set_winner(true);
    res->mutable_seats(l)->set_victory_points(res->seats(w).victory_points());
    res->mutable_seats(w)->set_winner(false);
    res->mutable_seats(w)->set_victory_points(3);
    res->clear_winners();
    res->add_winners(l);
  });
  EXPECT_EQ(rc, 1) << text;
  EXPECT_NE(text.find("MISMATCH"), std::string::npos) << text;
  EXPECT_NE(text.find("victory_points"), std::string::npos) << text;
  EXPECT_NE(text.find("winner"), std::string::npos) << text;
  for (const auto& edit : std::vector<std::function<void(v1::Replay*)>>{
           [](v1::Replay* r) { r->mutable_result()->set_turns(1); },
           [](v1::Replay* r) { r->mutable_result()->set_decisions(3); },
           [](v1::Replay* r) {
             r->mutable_result()->set_end_reason(v1::END_REASON_DOMINANCE);
           },
           [](v1::Replay* r) {
             r->mutable_result()->mutable_seats(0)->set_faction(
                 v1::FACTION_VAGABOND);
           },
           [](v1::Replay* r) {
             r->mutable_decisions(5)->set_option_label("something else");
           },
       }) {
    auto [code, output] = verify_edited(edit);
    EXPECT_EQ(code, 1) << output;
    EXPECT_NE(output.find("MISMATCH"), std::string::npos) << output;
  }
}

}  // namespace
}  // namespace woodland::referee
