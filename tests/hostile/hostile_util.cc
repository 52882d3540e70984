#include "tests/hostile/hostile_util.h"

#include <dirent.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"

namespace woodland::hostile {

std::string NewTag() {
  static std::atomic<int> counter{0};
  return absl::StrCat("hostiletag", getpid(), "x", counter++);
}

int CountTagged(const std::string& tag) {
  int n = 0;
  DIR* d = opendir("/proc");
  if (!d) return 0;
  while (dirent* e = readdir(d)) {
    if (std::atoi(e->d_name) <= 0) continue;
    std::ifstream f(absl::StrCat("/proc/", e->d_name, "/cmdline"));
    std::stringstream ss;
    ss << f.rdbuf();
    if (ss.str().find(tag) != std::string::npos) ++n;
  }
  closedir(d);
  return n;
}

int WaitUntilNoneTagged(const std::string& tag, absl::Duration wait) {
  const absl::Time until = absl::Now() + wait;
  int n = CountTagged(tag);
  while (n > 0 && absl::Now() < until) {
    absl::SleepFor(absl::Milliseconds(20));
    n = CountTagged(tag);
  }
  return n;
}

int OpenFds() {
  int n = 0;
  DIR* d = opendir("/proc/self/fd");
  if (!d) return 0;
  while (readdir(d)) ++n;
  closedir(d);
  return n;
}

int Threads() {
  std::ifstream f("/proc/self/status");
  std::string line;
  while (std::getline(f, line)) {
    if (line.rfind("Threads:", 0) == 0) return std::atoi(line.c_str() + 8);
  }
  return 0;
}

bool MemoryCgroupAvailable() {
  return geteuid() == 0 &&
         access("/sys/fs/cgroup/memory/cgroup.procs", W_OK) == 0;
}

char ProcessState(pid_t pid) {
  std::ifstream f(absl::StrCat("/proc/", pid, "/stat"));
  std::string line;
  std::getline(f, line);
  const size_t close = line.rfind(')');
  return close == std::string::npos ? '?' : line[close + 2];
}

}  // namespace woodland::hostile
