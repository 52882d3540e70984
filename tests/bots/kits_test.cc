// The bot kits end to end: `woodland conformance` passes the C++, Python,
// Node, Go and Java bots and fails deliberately broken ones; a single match
// mixes C++, Python, Node, Go and Java bots through the referee; every kit
// answers concurrent Decide calls of several matches (issue 13 item 7).
#include <grpcpp/grpcpp.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "woodland/v1/bot.grpc.pb.h"

namespace {

namespace v1 = woodland::v1;

const std::string kCli = WOODLAND_CLI;
const std::string kRoot = WOODLAND_SOURCE_DIR;
const std::string kRandomBot = WOODLAND_RANDOM_BOT;
const std::string kFaultyBot = WOODLAND_FAULTY_BOT;

struct CmdResult {
  int exit_code;
  std::string out;
};

CmdResult Shell(const std::string& cmd) {
  std::string out;
  FILE* p = popen((cmd + " 2>&1").c_str(), "r");
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  const int status = pclose(p);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

// Why a kit's toolchain is missing ("" when it is all there): the Debian
// packages scripts/deps.sh installs.
std::string MissingGo() {
  for (const char* f : {"/usr/bin/go", "/usr/bin/protoc-gen-go-grpc",
                        "/usr/share/gocode/src/google.golang.org/grpc",
                        "/usr/share/gocode/src/google.golang.org/protobuf"}) {
    if (access(f, R_OK) != 0) {
      return std::string("Go toolchain absent (") + f +
             "): install golang-go golang-google-grpc-dev "
             "golang-google-protobuf-dev protoc-gen-go-grpc (scripts/deps.sh)";
    }
  }
  return "";
}
std::string MissingJava() {
  for (const char* f :
       {"/usr/bin/javac", "/usr/bin/grpc_java_plugin",
        "/usr/share/java/grpc-netty.jar", "/usr/share/java/protobuf.jar",
        "/usr/share/java/netty-codec-http2.jar",
        "/usr/share/java/perfmark-api.jar",
        "/usr/share/java/geronimo-annotation-1.3-spec.jar"}) {
    if (access(f, R_OK) != 0) {
      return std::string("Java toolchain absent (") + f +
             "): install default-jdk-headless libgrpc-java libprotobuf-java "
             "protobuf-compiler-grpc-java-plugin libnetty-java "
             "libperfmark-java libgeronimo-annotation-1.3-spec-java "
             "(scripts/deps.sh)";
    }
  }
  return "";
}

// Builds a compiled kit outside the sandbox (a launched bot cannot write its
// own directory); a no-op when it is up to date.
void BuildKit(const std::string& kit) {
  const CmdResult r = Shell(kRoot + "/bots/" + kit + "/run.sh --build");
  ASSERT_EQ(r.exit_code, 0) << kit << " build\n" << r.out;
}

CmdResult Conformance(const std::string& spec) {
  return Shell(kCli + " conformance '" + spec + "' --deadline-ms 2000");
}

// The report's verdict per named check: "PASS  name: detail" or "FAIL  ...".
struct Check {
  bool pass;
  std::string detail;
};
std::map<std::string, Check> Checks(const std::string& out) {
  std::map<std::string, Check> checks;
  std::istringstream lines(out);
  for (std::string line; std::getline(lines, line);) {
    const bool pass = line.rfind("PASS  ", 0) == 0;
    if (!pass && line.rfind("FAIL  ", 0) != 0) continue;
    line = line.substr(6);
    const size_t colon = line.find(": ");
    const std::string name = line.substr(0, colon);
    EXPECT_EQ(checks.count(name), 0u) << "check reported twice: " << name;
    checks[name] = {pass, colon == std::string::npos ? std::string()
                                                     : line.substr(colon + 2)};
  }
  return checks;
}

// Every check `woodland conformance` runs: each faction at a two-player
// table, tables of 3 to 6 seats that together seat every faction, the six-seat
// expansion tables, and unknown fields (a check's name ends at its first
// colon: the tables' seats follow it).
const std::vector<std::string> kAllChecks = {
    "Hello", "StartMatch notification",
    "EndMatch notification (for a match it never played)",
    "marquise, 2 players", "eyrie, 2 players", "alliance, 2 players",
    "vagabond, 2 players", "vagabond2, 2 players", "cult, 2 players",
    "riverfolk, 2 players", "duchy, 2 players", "corvid, 2 players",
    "hundreds, 2 players", "keepers, 2 players", "3 players", "4 players",
    "5 players", "6 players", "both Vagabonds, 6 players",
    "expansions, 6 players",
    // Issue 12: one table as tournaments play it.
    "tournament table (Lake, Exiles and Partisans deck, draft, landmark, "
    "hirelings), 4 players",
    "unknown future fields in every request"};
const std::vector<std::string> kGameChecks(kAllChecks.begin() + 3,
                                           kAllChecks.end());

// Asserts that exactly the checks in `failing` failed and all others passed.
void ExpectOnlyFailing(const CmdResult& r, const std::set<std::string>& failing,
                       const std::string& what) {
  const std::map<std::string, Check> checks = Checks(r.out);
  std::vector<std::string> names;
  for (const auto& [name, c] : checks) names.push_back(name);
  std::vector<std::string> expected = kAllChecks;
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(names, expected) << what << "\n" << r.out;
  for (const auto& [name, c] : checks) {
    EXPECT_EQ(c.pass, !failing.count(name))
        << what << ": check '" << name << "'\n"
        << r.out;
  }
  EXPECT_EQ(r.exit_code, failing.empty() ? 0 : 1) << what << "\n" << r.out;
  const std::string verdict =
      failing.empty() ? std::string("CONFORMANT (0 failed checks)")
                      : "NOT CONFORMANT (" + std::to_string(failing.size()) +
                            " failed checks)";
  EXPECT_NE(r.out.find(verdict), std::string::npos) << what << "\n" << r.out;
}

TEST(Conformance, CppRandomBotPassesEveryNamedCheck) {
  CmdResult r = Conformance("exec:" + kRandomBot);
  ExpectOnlyFailing(r, {}, "random");
  const auto checks = Checks(r.out);
  EXPECT_EQ(checks.at("Hello").detail.rfind("name 'random'", 0), 0u) << r.out;
  for (const std::string& game : kGameChecks) {
    EXPECT_NE(checks.at(game).detail.find("END_REASON_"), std::string::npos)
        << game << " played to its end\n"
        << r.out;
  }
}

TEST(Conformance, HeuristicBotConforms) {
  CmdResult r = Conformance("exec:" + std::string(WOODLAND_HEURISTIC_BOT));
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("name 'heuristic'"), std::string::npos) << r.out;
}

TEST(Conformance, PythonStarterConforms) {
  CmdResult r = Conformance("exec:" + kRoot + "/bots/python/run.sh");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("name 'python-starter'"), std::string::npos) << r.out;
}

// Issue 13: a bot written against the protocol before issue 13 (its .proto
// files frozen next to it) still passes every check: the wire format only
// grew (deprecated fields kept, nothing renumbered or removed).
TEST(Conformance, Issue13_BotOfTheOldProtocolConforms) {
  CmdResult r =
      Conformance("exec:" + kRoot + "/tests/bots/legacy_python/run.sh");
  ExpectOnlyFailing(r, {}, "legacy-python");
  EXPECT_NE(r.out.find("name 'legacy-python'"), std::string::npos) << r.out;
}

TEST(Conformance, NodeStarterConforms) {
  CmdResult r = Conformance("exec:" + kRoot + "/bots/node/run.sh");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("name 'node-starter'"), std::string::npos) << r.out;
}

TEST(Conformance, GoStarterConforms) {
  if (const std::string why = MissingGo(); !why.empty()) GTEST_SKIP() << why;
  BuildKit("go");
  CmdResult r = Conformance("exec:" + kRoot + "/bots/go/run.sh");
  ExpectOnlyFailing(r, {}, "go");
  EXPECT_NE(r.out.find("name 'go-starter'"), std::string::npos) << r.out;
}

TEST(Conformance, JavaStarterConforms) {
  if (const std::string why = MissingJava(); !why.empty()) GTEST_SKIP() << why;
  BuildKit("java");
  CmdResult r = Conformance("exec:" + kRoot + "/bots/java/run.sh");
  ExpectOnlyFailing(r, {}, "java");
  EXPECT_NE(r.out.find("name 'java-starter'"), std::string::npos) << r.out;
}

// A kit started by hand (`run.sh --port 0`, outside the sandbox): its pid
// and the port it reports on stderr ("listening on 127.0.0.1:PORT").
struct KitProcess {
  pid_t pid = -1;
  int port = 0;
  std::string log;
  ~KitProcess() {
    if (pid > 0) {
      kill(-pid, SIGKILL);  // its own process group: run.sh and the bot
      waitpid(pid, nullptr, 0);
    }
  }
};

void StartKit(const std::string& kit, KitProcess* k) {
  k->log = ::testing::TempDir() + "/kit-" + kit + "-" +
           std::to_string(getpid()) + ".log";
  const std::string run = kRoot + "/bots/" + kit + "/run.sh";
  k->pid = fork();
  ASSERT_GE(k->pid, 0);
  if (k->pid == 0) {
    setpgid(0, 0);
    FILE* log = fopen(k->log.c_str(), "w");
    if (log) dup2(fileno(log), 2);
    execl("/bin/sh", "sh", "-c", (run + " --port 0").c_str(), nullptr);
    _exit(127);
  }
  const auto until = std::chrono::steady_clock::now() + std::chrono::minutes(3);
  std::string text;
  while (std::chrono::steady_clock::now() < until) {
    std::ifstream in(k->log);
    text.assign(std::istreambuf_iterator<char>(in), {});
    const size_t at = text.find("listening on 127.0.0.1:");
    if (at != std::string::npos && text.find('\n', at) != std::string::npos) {
      k->port = std::stoi(text.substr(at + 23));
      return;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  FAIL() << kit << " did not report its port:\n" << text;
}

// A request with `n` options (clearing choices) and a small observation.
v1::DecisionRequest Request(const std::string& match, int seat, int n) {
  v1::DecisionRequest r;
  r.set_match_id(match);
  r.set_seat(seat);
  r.set_seat_decision_index(n);
  r.set_faction(seat == 0 ? v1::FACTION_MARQUISE : v1::FACTION_EYRIE);
  r.mutable_prompt()->set_kind("marquise.recruit");
  r.mutable_prompt()->set_law("6.5.4");
  for (int c = 1; c <= 12; ++c)
    r.mutable_observation()->add_clearings()->set_id(c);
  for (int i = 0; i < n; ++i) {
    v1::Option* o = r.add_options();
    o->set_label("clearing " + std::to_string(i % 12 + 1));
    o->mutable_clearing()->set_clearing(i % 12 + 1);
  }
  r.mutable_deadline()->set_seconds(5);
  return r;
}

// Issue 13 item 7: one bot process serving several matches gets their
// Decide calls concurrently (the referee or a tournament runs matches in
// parallel against one grpc:// bot); every kit answers each one validly.
void ExpectConcurrentDecides(const std::string& kit, const std::string& name) {
  KitProcess k;
  StartKit(kit, &k);
  if (::testing::Test::HasFatalFailure()) return;
  auto channel = grpc::CreateChannel("127.0.0.1:" + std::to_string(k.port),
                                     grpc::InsecureChannelCredentials());
  auto stub = v1::Bot::NewStub(channel);
  auto deadline = [] {
    return std::chrono::system_clock::now() + std::chrono::seconds(30);
  };
  {
    grpc::ClientContext ctx;
    ctx.set_deadline(deadline());
    v1::BotInfo info;
    ASSERT_TRUE(stub->Hello(&ctx, v1::HelloRequest(), &info).ok());
    EXPECT_EQ(info.name(), name);
  }
  constexpr int kMatches = 8, kDecisions = 40;
  std::atomic<int> answered{0}, bad{0};
  std::vector<std::thread> threads;
  for (int m = 0; m < kMatches; ++m) {
    threads.emplace_back([&, m] {
      const std::string id = "c" + std::to_string(m);
      for (int seat = 0; seat < 2; ++seat) {
        grpc::ClientContext ctx;
        ctx.set_deadline(deadline());
        v1::MatchStart start;
        start.set_match_id(id);
        start.set_seat(seat);
        v1::Ack ack;
        if (!stub->StartMatch(&ctx, start, &ack).ok()) ++bad;
      }
      for (int i = 0; i < kDecisions; ++i) {
        const int n = 1 + (m * 7 + i) % 13;
        grpc::ClientContext ctx;
        ctx.set_deadline(deadline());
        v1::Decision d;
        const grpc::Status st = stub->Decide(&ctx, Request(id, i % 2, n), &d);
        if (st.ok() && d.option_index() >= 0 && d.option_index() < n) {
          ++answered;
        } else {
          ++bad;
        }
      }
      grpc::ClientContext ctx;
      ctx.set_deadline(deadline());
      v1::MatchEnd end;
      end.set_match_id(id);
      v1::Ack ack;
      if (!stub->EndMatch(&ctx, end, &ack).ok()) ++bad;
    });
  }
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(answered.load(), kMatches * kDecisions) << kit;
  EXPECT_EQ(bad.load(), 0) << kit;
}

TEST(ConcurrentDecide, Issue13_PythonKitServesParallelMatches) {
  ExpectConcurrentDecides("python", "python-starter");
}
TEST(ConcurrentDecide, Issue13_NodeKitServesParallelMatches) {
  ExpectConcurrentDecides("node", "node-starter");
}
TEST(ConcurrentDecide, Issue13_GoKitServesParallelMatches) {
  if (const std::string why = MissingGo(); !why.empty()) GTEST_SKIP() << why;
  BuildKit("go");
  ExpectConcurrentDecides("go", "go-starter");
}
TEST(ConcurrentDecide, Issue13_JavaKitServesParallelMatches) {
  if (const std::string why = MissingJava(); !why.empty()) GTEST_SKIP() << why;
  BuildKit("java");
  ExpectConcurrentDecides("java", "java-starter");
}

// A bot that breaks after 10 decisions passes the protocol checks and fails
// every game, each with the fault its breakage is (issue 9: which check
// failed, not only the exit code).
TEST(Conformance, BrokenBotsFailEveryGameWithTheirFault) {
  for (const auto& [mode, reason] :
       std::vector<std::pair<std::string, std::string>>{
           {"minus1", "FAULT_REASON_INVALID"},
           {"huge", "FAULT_REASON_INVALID"},
           {"exit", "FAULT_REASON_CRASHED"},
           {"error", "FAULT_REASON_TRANSPORT"}}) {
    CmdResult r =
        Conformance("exec:" + kFaultyBot + " --mode " + mode + " --after 10");
    ExpectOnlyFailing(
        r, std::set<std::string>(kGameChecks.begin(), kGameChecks.end()), mode);
    for (const auto& [name, c] : Checks(r.out)) {
      if (c.pass) continue;
      EXPECT_NE(c.detail.find("; first: " + reason + " at decision "),
                std::string::npos)
          << mode << ": " << name << ": " << c.detail;
    }
  }
}

// Bots that break one rule of the protocol fail exactly the checks that
// exercise it (a bot failing at four seats fails both four-seat tables).
TEST(Conformance, EachCheckCatchesItsOwnBreakage) {
  for (const auto& [mode, checks] :
       std::vector<std::pair<std::string, std::set<std::string>>>{
           {"endmatch",
            {"EndMatch notification (for a match it never played)"}},
           {"strict", {"unknown future fields in every request"}},
           {"four",
            {"4 players",
             "tournament table (Lake, Exiles and Partisans deck, draft, "
             "landmark, "
             "hirelings), 4 players"}}}) {
    CmdResult r = Conformance("exec:" + kFaultyBot + " --mode " + mode);
    ExpectOnlyFailing(r, checks, mode);
  }
}

// A bot that does not speak gRPC fails the first check, Hello, and the
// report stops there with its verdict.
TEST(Conformance, GarbageSpeakingBotFailsHello) {
  CmdResult r = Conformance("exec:" + kFaultyBot + " --mode garbage");
  const auto checks = Checks(r.out);
  ASSERT_EQ(checks.size(), 1u) << r.out;
  ASSERT_EQ(checks.count("Hello"), 1u) << r.out;
  EXPECT_FALSE(checks.at("Hello").pass);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("NOT CONFORMANT (1 failed checks)"), std::string::npos)
      << r.out;
}

TEST(MixedLanguages, CppPythonAndNodeBotsInOneMatch) {
  CmdResult r = Shell(
      kCli +
      " play --factions marquise,eyrie,alliance,vagabond --seed 5 --json" +
      " --bot 'marquise=exec:" + kRandomBot + "'" +
      " --bot 'eyrie=exec:" + kRoot + "/bots/python/run.sh'" +
      " --bot 'alliance=exec:" + kRoot + "/bots/node/run.sh'" +
      " --bot 'vagabond=exec:" + kRoot + "/bots/python/run.sh --seed 9'");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  for (const char* name : {"\"name\":\"random\"", "\"name\":\"python-starter\"",
                           "\"name\":\"node-starter\""}) {
    EXPECT_NE(r.out.find(name), std::string::npos) << name << "\n" << r.out;
  }
  EXPECT_EQ(r.out.find("\"faults\":[{"), std::string::npos)
      << "no bot faulted\n"
      << r.out;
  EXPECT_NE(r.out.find("END_REASON_"), std::string::npos);
}

// Issue 13 item 6: one match between bots in all five languages (a
// six-seat table: the Python kit plays two seats).
TEST(MixedLanguages, CppPythonNodeGoAndJavaBotsInOneMatch) {
  if (const std::string why = MissingGo(); !why.empty()) GTEST_SKIP() << why;
  if (const std::string why = MissingJava(); !why.empty()) GTEST_SKIP() << why;
  BuildKit("go");
  BuildKit("java");
  CmdResult r = Shell(
      kCli +
      " play --factions marquise,eyrie,alliance,vagabond,cult,riverfolk" +
      " --seed 11 --json --deadline-ms 3000" + " --bot 'marquise=exec:" +
      kRandomBot + "'" + " --bot 'eyrie=exec:" + kRoot +
      "/bots/python/run.sh'" + " --bot 'alliance=exec:" + kRoot +
      "/bots/node/run.sh'" + " --bot 'vagabond=exec:" + kRoot +
      "/bots/go/run.sh'" + " --bot 'cult=exec:" + kRoot + "/bots/java/run.sh'" +
      " --bot 'riverfolk=exec:" + kRoot + "/bots/python/run.sh --seed 9'");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  for (const char* name :
       {"\"name\":\"random\"", "\"name\":\"python-starter\"",
        "\"name\":\"node-starter\"", "\"name\":\"go-starter\"",
        "\"name\":\"java-starter\""}) {
    EXPECT_NE(r.out.find(name), std::string::npos) << name << "\n" << r.out;
  }
  EXPECT_EQ(r.out.find("\"faults\":[{"), std::string::npos)
      << "no bot faulted\n"
      << r.out;
  EXPECT_NE(r.out.find("END_REASON_"), std::string::npos);
}

}  // namespace
