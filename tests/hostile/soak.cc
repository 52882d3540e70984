// The hostile-bot soak: N matches between random hostile bots (every mode
// of tests/hostile/hostile_bot) and random bots, 2 to 4 players, launched
// sandboxed; not run by ctest.
//
//   hostile_soak [--matches N] [--seed S] [--bound-s B]
//
// Prints, at the end, one line per count: attacks tried (per mode),
// matches, crashes (RunMatch failed), hangs (a match longer than B s),
// leaks (processes of a bot alive after its match, fds or threads of the
// referee not returned, bot cgroups or private directories left),
// results lost (no end reason or a replay that does not rebuild the
// result) and breaches (an attack that got through a boundary). Exits
// non-zero if any of the last five is not 0.
#include <arpa/inet.h>
#include <dirent.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <future>
#include <iostream>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "google/protobuf/util/time_util.h"
#include "referee/convert.h"
#include "referee/match_runner.h"
#include "referee/process.h"
#include "tests/hostile/hostile_util.h"

namespace woodland {
namespace {

using google::protobuf::util::TimeUtil;

const std::string kHostile = WOODLAND_HOSTILE_BOT;
const std::string kRandomBot = WOODLAND_RANDOM_BOT;

const std::vector<std::string> kModes = {
    "sigstop",         "read",     "tcp",       "env",
    "membomb",         "forkbomb", "disk",      "cpu",
    "setsid",          "sleep",    "exit",      "hugenote",
    "garbage",         "nolisten", "pingflood", "settingsflood",
    "pingflood-noread"};

int CountEntries(const std::string& dir, const std::string& prefix) {
  int n = 0;
  if (DIR* d = opendir(dir.c_str())) {
    while (dirent* e = readdir(d)) {
      if (absl::StartsWith(e->d_name, prefix)) ++n;
    }
    closedir(d);
  }
  return n;
}

// Bot cgroups this process created and not removed.
int LeftCgroups() {
  const std::string prefix = absl::StrCat("woodland-bot-", getpid(), "-");
  int n = 0;
  for (const char* c : {"memory", "pids"}) {
    std::ifstream f("/proc/self/cgroup");
    std::string line, path;
    while (std::getline(f, line)) {
      if (line.find(absl::StrCat(":", c, ":")) != std::string::npos)
        path = line.substr(line.rfind(':') + 1);
    }
    n += CountEntries(absl::StrCat("/sys/fs/cgroup/", c, path), prefix);
  }
  return n;
}

int Main(int argc, char** argv) {
  int matches = 40;
  uint64_t seed = 1;
  int bound_s = 120;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    if (a == "--matches") matches = std::atoi(argv[i + 1]);
    if (a == "--seed") seed = std::strtoull(argv[i + 1], nullptr, 10);
    if (a == "--bound-s") bound_s = std::atoi(argv[i + 1]);
  }
  std::mt19937_64 rng(seed);
  // Targets of the attacks.
  auto victim = referee::ChildProcess::Start({"sleep", "100000"}, {});
  const std::string secret = "SOAKSECRET-" + hostile::NewTag();
  const std::string secret_path = "/tmp/" + hostile::NewTag() + ".db";
  std::ofstream(secret_path) << secret << "\n";
  chmod(secret_path.c_str(), 0644);
  const int listener = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
  sockaddr_in la{};
  la.sin_family = AF_INET;
  la.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof la;
  bind(listener, reinterpret_cast<sockaddr*>(&la), sizeof la);
  listen(listener, 64);
  getsockname(listener, reinterpret_cast<sockaddr*>(&la), &len);
  const int tcp_port = ntohs(la.sin_port);

  std::map<std::string, int> tried;
  int crashes = 0, hangs = 0, leaks = 0, lost = 0, breaches = 0, done = 0;
  const int fds0 = hostile::OpenFds();
  const int dirs0 = CountEntries("/tmp", "woodland-bot-");
  int threads0 = -1;
  const std::vector<v1::Faction> factions = {
      v1::FACTION_MARQUISE, v1::FACTION_EYRIE, v1::FACTION_ALLIANCE,
      v1::FACTION_VAGABOND};
  for (int m = 0; m < matches; ++m) {
    const int players = 2 + static_cast<int>(rng() % 3);
    v1::MatchSpec spec;
    spec.set_seed(rng());
    spec.set_shuffle_seats(true);
    *spec.mutable_decision_deadline() = TimeUtil::MillisecondsToDuration(500);
    spec.set_max_strikes(3);
    std::vector<std::string> tags;
    referee::MatchOptions options;
    options.connect.startup_timeout = absl::Seconds(3);
    options.connect.sandbox.memory_bytes = int64_t{256} << 20;
    options.connect.sandbox.cpu_seconds = 2;
    for (int p = 0; p < players; ++p) {
      auto* seat = spec.add_seats();
      seat->set_faction(factions[p]);
      if (rng() % 4 == 0) {
        seat->set_bot(absl::StrCat("exec:", kRandomBot, " --seed ", p));
        continue;
      }
      std::string mode = kModes[rng() % kModes.size()];
      ++tried[mode];
      std::string args = mode;
      if (mode == "pingflood-noread") args = "pingflood --no-read 1";
      if (mode == "sigstop")
        args += absl::StrCat(" --scan 1 --target ", (*victim)->pid());
      if (mode == "read")
        args += " --path-hex " + absl::BytesToHexString(secret_path);
      if (mode == "tcp") args += absl::StrCat(" --tcp-port ", tcp_port);
      tags.push_back(hostile::NewTag());
      seat->set_bot(absl::StrCat("exec:", kHostile, " --tag ", tags.back(),
                                 " --seed ", p, " --mode ", args));
    }
    const absl::Time t0 = absl::Now();
    auto future = std::async(std::launch::async, [spec, options] {
      return referee::RunMatch(spec, options);
    });
    if (future.wait_for(std::chrono::seconds(bound_s)) !=
        std::future_status::ready) {
      ++hangs;
      std::cerr << "match " << m << ": hang\n";
      new auto(std::move(future));  // abandoned, never joined
      continue;
    }
    auto out = future.get();
    ++done;
    if (!out.ok()) {
      ++crashes;
      std::cerr << "match " << m << ": " << out.status() << "\n";
      continue;
    }
    const v1::MatchResult& r = out->result;
    auto state = referee::StateFromReplay(out->replay);
    if (r.end_reason() == v1::END_REASON_UNSPECIFIED || !state.ok() ||
        referee::HashHex(state->Hash()) != r.final_state_hash()) {
      ++lost;
      std::cerr << "match " << m << ": result lost\n";
    }
    for (const auto& d : out->replay.decisions()) {
      if (absl::StrContains(d.note(), secret) ||
          absl::StrContains(d.note(), "tcp:connected") ||
          absl::StrContains(d.note(), "target-stopped") ||
          absl::StrContains(d.note(), "allocated-2GB") ||
          (absl::StartsWith(d.note(), "env:") &&
           d.note() != "env:HOME,PATH,PWD,WOODLAND_BOT_ADDRESS")) {
        ++breaches;
        std::cerr << "match " << m << ": breach: " << d.note().substr(0, 80)
                  << "\n";
      }
    }
    if (hostile::ProcessState((*victim)->pid()) == 'T') {
      ++breaches;
      kill((*victim)->pid(), SIGCONT);
    }
    const int conn = accept(listener, nullptr, nullptr);
    if (conn >= 0) {
      ++breaches;
      close(conn);
    }
    for (const std::string& t : tags) {
      if (hostile::WaitUntilNoneTagged(t, absl::Seconds(5)) > 0) {
        ++leaks;
        std::cerr << "match " << m << ": processes left\n";
      }
    }
    if (threads0 < 0) threads0 = hostile::Threads();  // gRPC's pools exist
    std::cerr << "match " << m << ": " << players << " players, "
              << absl::FormatDuration(absl::Now() - t0) << "\n";
  }
  // What is still open after every match has ended.
  absl::SleepFor(absl::Seconds(1));
  const int fds = hostile::OpenFds(), threads = hostile::Threads();
  const int cgroups = LeftCgroups();
  const int dirs = CountEntries("/tmp", "woodland-bot-");
  if (dirs > dirs0) ++leaks;
  if (fds > fds0 + 8) ++leaks;
  if (threads0 >= 0 && threads > threads0 + 8) ++leaks;
  if (cgroups > 0) ++leaks;
  unlink(secret_path.c_str());
  close(listener);

  int total = 0;
  std::cout << "attacks tried:";
  for (const auto& [mode, n] : tried) {
    std::cout << " " << mode << "=" << n;
    total += n;
  }
  std::cout << " (total " << total << ")\n"
            << "matches: " << done << " of " << matches << "\n"
            << "crashes: " << crashes << "\n"
            << "hangs: " << hangs << "\n"
            << "leaks: " << leaks << " (fds " << fds0 << "->" << fds
            << ", threads " << threads0 << "->" << threads << ", cgroups left "
            << cgroups << ", private dirs " << dirs0 << "->" << dirs << ")\n"
            << "results lost: " << lost << "\n"
            << "breaches: " << breaches << "\n";
  const bool clean = crashes + hangs + leaks + lost + breaches == 0;
  std::cout.flush();
  _exit(clean ? 0 : 1);  // abandoned hung matches must not block exit
}

}  // namespace
}  // namespace woodland

int main(int argc, char** argv) { return woodland::Main(argc, argv); }
