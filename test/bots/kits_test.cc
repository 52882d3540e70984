// The bot kits end to end: `woodland conformance` passes the C++, Python and
// Node bots and fails deliberately broken ones; a single match mixes C++,
// Python and Node bots through the referee.
#include <cstdio>
#include <memory>
#include <string>

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

TEST(Conformance, CppRandomBotConforms) {
  CmdResult r = Conformance("exec:" + kRandomBot);
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("CONFORMANT (0 failed checks)"), std::string::npos)
      << r.out;
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

TEST(Conformance, BrokenBotsAreCaught) {
  for (const char* mode : {"minus1", "exit", "huge", "error"}) {
    CmdResult r =
        Conformance("exec:" + kFaultyBot + " --mode " + mode + " --after 10");
    EXPECT_EQ(r.exit_code, 1) << mode << "\n" << r.out;
    EXPECT_NE(r.out.find("NOT CONFORMANT"), std::string::npos) << mode << "\n"
                                                               << r.out;
  }
  CmdResult garbage = Conformance("exec:" + kFaultyBot + " --mode garbage");
  EXPECT_NE(garbage.exit_code, 0) << garbage.out;
  EXPECT_NE(garbage.out.find("FAIL"), std::string::npos) << garbage.out;
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
