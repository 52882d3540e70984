// The bot kits end to end: `woodland conformance` passes the C++, Python and
// Node bots and fails deliberately broken ones; a single match mixes C++,
// Python and Node bots through the referee.
#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "gtest/gtest.h"

namespace {

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
    "Hello",
    "StartMatch notification",
    "EndMatch notification (for a match it never played)",
    "marquise, 2 players",
    "eyrie, 2 players",
    "alliance, 2 players",
    "vagabond, 2 players",
    "vagabond2, 2 players",
    "cult, 2 players",
    "riverfolk, 2 players",
    "duchy, 2 players",
    "corvid, 2 players",
    "hundreds, 2 players",
    "keepers, 2 players",
    "3 players",
    "4 players",
    "5 players",
    "6 players",
    "both Vagabonds, 6 players",
    "expansions, 6 players",
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

TEST(Conformance, NodeStarterConforms) {
  CmdResult r = Conformance("exec:" + kRoot + "/bots/node/run.sh");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("name 'node-starter'"), std::string::npos) << r.out;
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

// Bots that break one rule of the protocol fail exactly that check.
TEST(Conformance, EachCheckCatchesItsOwnBreakage) {
  for (const auto& [mode, check] :
       std::vector<std::pair<std::string, std::string>>{
           {"endmatch", "EndMatch notification (for a match it never played)"},
           {"strict", "unknown future fields in every request"},
           {"four", "4 players"}}) {
    CmdResult r = Conformance("exec:" + kFaultyBot + " --mode " + mode);
    ExpectOnlyFailing(r, {check}, mode);
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

}  // namespace
