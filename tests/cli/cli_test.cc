// The woodland command line as a user runs it: every command answers
// --help with its own usage, and --stderr-dir keeps the bots' stderr in a
// directory it creates (issue 13 item 7).
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace {

const std::string kCli = WOODLAND_CLI;
const std::string kRandomBot = WOODLAND_RANDOM_BOT;

struct CmdResult {
  int exit_code;
  std::string out;  // stdout and stderr
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

// Each command, as typed, and a flag its usage must mention.
struct Command {
  std::string words;
  std::string flag;
};
const std::vector<Command> kCommands = {{"selfplay", "--games"},
                                        {"play", "--bot"},
                                        {"replay", "--verify"},
                                        {"referee", "--metrics-port"},
                                        {"referee serve", "--metrics-port"},
                                        {"conformance", "--deadline-ms"},
                                        {"tournament", "--tables"},
                                        {"arena", "--max-tables"},
                                        {"arena serve", "--max-tables"}};

TEST(CliHelp, Issue13_EveryCommandPrintsItsUsageAndExitsZero) {
  for (const Command& c : kCommands) {
    for (const char* help : {" --help", " -h"}) {
      const CmdResult r = Shell(kCli + " " + c.words + help);
      EXPECT_EQ(r.exit_code, 0) << c.words << help << "\n" << r.out;
      const std::string first = c.words.substr(0, c.words.find(' '));
      EXPECT_EQ(r.out.rfind("usage: woodland " + first, 0), 0u)
          << c.words << help << "\n"
          << r.out;
      EXPECT_NE(r.out.find(c.flag), std::string::npos)
          << c.words << help << "\n"
          << r.out;
      EXPECT_EQ(r.out.find("unknown flag"), std::string::npos) << r.out;
    }
  }
}

// A command's --help shows that command only, not the whole list.
TEST(CliHelp, Issue13_HelpShowsOnlyThatCommand) {
  const CmdResult r = Shell(kCli + " selfplay --help");
  EXPECT_EQ(r.out.find("tournament"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("conformance"), std::string::npos) << r.out;
}

// The whole usage still comes with `woodland --help` (exit 0) and a bare
// `woodland` (exit 2).
TEST(CliHelp, TopLevelUsageListsEveryCommand) {
  const CmdResult help = Shell(kCli + " --help");
  EXPECT_EQ(help.exit_code, 0);
  for (const Command& c : kCommands) {
    EXPECT_NE(help.out.find("  " + c.words.substr(0, c.words.find(' '))),
              std::string::npos)
        << c.words << "\n"
        << help.out;
  }
  EXPECT_EQ(Shell(kCli).exit_code, 2);
}

// --stderr-dir names a directory that need not exist yet: the command
// creates it (with its parents) and keeps each launched bot's stderr there.
TEST(StderrDir, Issue13_PlayCreatesTheDirectoryAndKeepsStderr) {
  const std::string root =
      ::testing::TempDir() + "/stderr-dir-" + std::to_string(getpid());
  std::filesystem::remove_all(root);
  const std::string dir = root + "/a/b";
  const CmdResult r =
      Shell(kCli + " play --factions marquise,eyrie --seed 3 --match-id m1" +
            " --bot marquise=exec:" + kRandomBot +
            " --bot eyrie=builtin:random --stderr-dir " + dir);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  ASSERT_TRUE(std::filesystem::is_directory(dir)) << r.out;
  const std::string kept = dir + "/m1-seat0.stderr";
  ASSERT_TRUE(std::filesystem::exists(kept)) << r.out;
  EXPECT_GT(std::filesystem::file_size(kept), 0u);
  std::filesystem::remove_all(root);
}

// A directory that cannot be created is an error before any match starts.
TEST(StderrDir, Issue13_UncreatableDirectoryFailsAtOnce) {
  const CmdResult r =
      Shell(kCli + " play --factions marquise,eyrie --seed 3" +
            " --bot marquise=builtin:random --bot eyrie=builtin:random" +
            " --stderr-dir /proc/no-such-place/x");
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("--stderr-dir"), std::string::npos) << r.out;
}

TEST(StderrDir, Issue13_RefereeServeCreatesTheDirectory) {
  const std::string dir = ::testing::TempDir() + "/stderr-serve-" +
                          std::to_string(getpid()) + "/logs";
  std::filesystem::remove_all(dir);
  // Port in use or not, the directory is made while the flags are read;
  // an impossible metrics port ends the server right after.
  const CmdResult r =
      Shell(kCli + " referee serve --port 0 --metrics-port 99999" +
            " --stderr-dir " + dir);
  EXPECT_TRUE(std::filesystem::is_directory(dir)) << r.out;
  std::filesystem::remove_all(std::filesystem::path(dir).parent_path());
}

// Issue 12.6: the commands that set up tables name every table flag in
// their own usage.
TEST(CliHelp, Issue12_TableCommandsNameEveryTableFlag) {
  for (const char* cmd : {"selfplay", "play", "tournament"}) {
    const CmdResult r = Shell(kCli + " " + cmd + " --help");
    for (const char* flag : {"--map", "--suits", "--deck", "--setup",
                             "--landmarks", "--hirelings", "--draft"}) {
      EXPECT_NE(r.out.find(flag), std::string::npos) << cmd << " " << flag;
    }
  }
}

// A two-seat table on the Lake map (Law 25), the E&P deck (20.8.1), suit
// markers drawn (19.1), a landmark (24) and three hirelings, one demoted
// (22, 19.6): `woodland play` records all of it in its replay.
const std::string kTable =
    " --map lake --deck exiles --suits random --landmarks lost_city"
    " --hirelings exile,band,bearers:demoted";

std::string ReadFile(const std::string& path) {
  std::ifstream f(path);
  return std::string(std::istreambuf_iterator<char>(f), {});
}

TEST(CliTable, Issue12_PlayRecordsItsTableInTheReplay) {
  const std::string replay = ::testing::TempDir() + "/cli-table-replay-" +
                             std::to_string(getpid()) + ".json";
  const CmdResult r =
      Shell(kCli + " play --factions alliance,cult --seed 7 --max-turns 12" +
            " --bot alliance=builtin:random --bot cult=builtin:random" +
            kTable + " --replay " + replay);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const std::string json = ReadFile(replay);
  for (const char* want :
       {"\"map\": \"lake\"", "\"deck\": \"exiles\"", "\"random_suits\": true",
        "\"landmark\": \"lost_city\"", "\"hireling\": \"exile\"",
        "\"hireling\": \"band\"", "\"demoted\": true"}) {
    EXPECT_NE(json.find(want), std::string::npos) << want << "\n" << json;
  }
  std::filesystem::remove(replay);
}

// The tournament's standings say which table its matches were played on,
// as text and as JSON.
TEST(CliTable, Issue12_TournamentReportsItsTable) {
  const std::string base = kCli +
                           " tournament --bot a=builtin:random"
                           " --bot b=builtin:random --factions alliance,cult"
                           " --players 2 --tables 1 --seed 5" +
                           kTable;
  const CmdResult text = Shell(base);
  ASSERT_EQ(text.exit_code, 0) << text.out;
  EXPECT_NE(text.out.find("table: map lake, suits random, deck exiles, "
                          "setup standard, landmarks lost_city, hirelings "
                          "exile,band,"),
            std::string::npos)
      << text.out;
  const CmdResult json = Shell(base + " --json");
  ASSERT_EQ(json.exit_code, 0) << json.out;
  EXPECT_NE(json.out.find("\"table\":{\"map\":\"lake\""), std::string::npos)
      << json.out;
  EXPECT_NE(json.out.find("\"deck\":\"exiles\""), std::string::npos)
      << json.out;
}

// Wrong table flags are refused before any match, with the reason.
TEST(CliTable, Issue12_BadTableFlagsAreRefused) {
  const std::string play = kCli +
                           " play --factions alliance,cult --seed 7"
                           " --bot alliance=builtin:random"
                           " --bot cult=builtin:random";
  const std::string tournament = kCli +
                                 " tournament --bot a=builtin:random"
                                 " --bot b=builtin:random"
                                 " --factions alliance,cult --players 2";
  for (const std::string& cmd : {play, tournament}) {
    CmdResult r = Shell(cmd + " --deck nope");
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_NE(r.out.find("unknown deck 'nope'"), std::string::npos) << r.out;
    r = Shell(cmd + " --hirelings nope,band,exile");
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_NE(r.out.find("unknown hireling 'nope'"), std::string::npos)
        << r.out;
    r = Shell(cmd + " --setup sideways");
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_NE(r.out.find("--setup wants standard or advanced"),
              std::string::npos)
        << r.out;
  }
}

}  // namespace
