#include "referee/sandbox.h"

#include <dirent.h>
#include <ftw.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <mutex>
#include <set>
#include <sstream>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "absl/time/clock.h"

namespace woodland::referee {
namespace {

bool Exists(const std::string& p) {
  struct stat st;
  return stat(p.c_str(), &st) == 0;
}

bool IsDir(const std::string& p) {
  struct stat st;
  return stat(p.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

std::string Parent(const std::string& p) {
  const size_t slash = p.rfind('/');
  if (slash == std::string::npos || slash == 0) return "/";
  return p.substr(0, slash);
}

std::string RealPath(const std::string& p) {
  char buf[PATH_MAX];
  if (realpath(p.c_str(), buf) == nullptr) return "";
  return buf;
}

// argv[0] as an absolute path: as given if it has a slash, else from PATH.
std::string ResolveProgram(const std::string& name) {
  if (name.find('/') != std::string::npos) return RealPath(name);
  const char* path = std::getenv("PATH");
  for (absl::string_view d :
       absl::StrSplit(path ? path : "/usr/bin:/bin", ':', absl::SkipEmpty())) {
    const std::string candidate = absl::StrCat(d, "/", name);
    if (access(candidate.c_str(), X_OK) == 0) return RealPath(candidate);
  }
  return "";
}

bool WriteFile(const std::string& path, const std::string& value) {
  std::ofstream f(path);
  f << value;
  f.flush();
  return static_cast<bool>(f);
}

std::string ReadFile(const std::string& path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// The value after `key ` in a "key value" per line file (0 if absent).
int64_t Field(const std::string& text, const std::string& key) {
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    if (absl::StartsWith(line, key + " "))
      return std::atoll(std::string(line.substr(key.size() + 1)).c_str());
  }
  return 0;
}

// This process's cgroup path in the hierarchy holding `controller` ("" for
// cgroup v2), from /proc/self/cgroup.
std::string OwnCgroup(const std::string& controller) {
  std::ifstream f("/proc/self/cgroup");
  std::string line;
  while (std::getline(f, line)) {
    std::vector<std::string> parts =
        absl::StrSplit(line, absl::MaxSplits(':', 2));
    if (parts.size() != 3) continue;
    if (controller.empty() ? parts[1].empty()
                           : absl::StrContains(parts[1], controller)) {
      return parts[2] == "/" ? "" : parts[2];
    }
  }
  return "";
}

int RemoveEntry(const char* path, const struct stat*, int, struct FTW*) {
  remove(path);
  return 0;
}

// A fresh uid per launch: per-uid limits (RLIMIT_NPROC) are then per bot,
// and no two bots share file ownership.
uid_t NextBotUid() {
  static std::atomic<uint32_t> counter{0};
  const uint32_t x = static_cast<uint32_t>(getpid()) * 7919u + counter++;
  return 200000 + x % 100000;
}

// Cgroup directories (v1 memory and pids, or v2) under which bot cgroups go.
std::vector<std::string> CgroupParents() {
  std::vector<std::string> out;
  const std::string v1 = "/sys/fs/cgroup/";
  for (const char* c : {"memory", "pids"}) {
    if (Exists(v1 + c + "/cgroup.procs")) out.push_back(v1 + c + OwnCgroup(c));
  }
  if (out.empty() && Exists(v1 + "cgroup.controllers"))
    out.push_back("/sys/fs/cgroup" + OwnCgroup(""));
  return out;
}

// The referee pid in "woodland-bot-<pid>-..." (0 if none).
pid_t OwnerPid(absl::string_view name) {
  if (!absl::ConsumePrefix(&name, "woodland-bot-")) return 0;
  return std::atoi(std::string(name.substr(0, name.find('-'))).c_str());
}

bool Dead(pid_t pid) { return pid > 0 && kill(pid, 0) != 0 && errno == ESRCH; }

// Private directories and cgroups left by referees that were killed before
// they could clean up (their pid is in the name), and their processes.
void SweepLeftoversOnce() {
  static std::once_flag once;
  std::call_once(once, [] { SweepSandboxLeftovers(); });
}

}  // namespace

void SweepSandboxLeftovers() {
  {
    if (geteuid() != 0) return;
    auto sweep = [](const std::string& parent, bool cgroup) {
      DIR* d = opendir(parent.c_str());
      if (!d) return;
      std::vector<std::string> stale;
      while (dirent* e = readdir(d)) {
        if (Dead(OwnerPid(e->d_name)))
          stale.push_back(parent + "/" + e->d_name);
      }
      closedir(d);
      for (const std::string& p : stale) {
        if (cgroup) {
          std::istringstream procs(ReadFile(p + "/cgroup.procs"));
          pid_t pid;
          while (procs >> pid) kill(pid, SIGKILL);
          for (int i = 0; i < 50 && rmdir(p.c_str()) != 0 && errno == EBUSY;
               ++i) {
            usleep(10000);
          }
        } else {
          umount2(p.c_str(), MNT_DETACH);
          nftw(p.c_str(), RemoveEntry, 16, FTW_DEPTH | FTW_PHYS);
        }
      }
    };
    sweep("/tmp", false);
    for (const std::string& c : CgroupParents()) sweep(c, true);
  }
}

namespace {

void WarnNoSandboxOnce() {
  static std::once_flag once;
  std::call_once(once, [] {
    std::cerr << "woodland: WARNING: --no-sandbox: launched bots run with the "
                 "referee's uid, environment, files and network\n";
  });
}

}  // namespace

SandboxOptions& DefaultSandboxOptions() {
  static SandboxOptions* o = new SandboxOptions();
  return *o;
}

absl::StatusOr<std::unique_ptr<Sandbox>> Sandbox::Prepare(
    const std::vector<std::string>& command, const SandboxOptions& options) {
  if (command.empty()) return absl::InvalidArgumentError("empty command");
  std::unique_ptr<Sandbox> s(new Sandbox());
  s->options_ = options;
  if (absl::Status st = s->Build(command); !st.ok()) return st;
  return s;
}

namespace {

// What a sandboxed bot may read besides /usr: the program's directory,
// every file argument's directory and, for a kit in REPO/bots/, REPO/bots
// and REPO/proto. File arguments in `args` (args[0] the resolved program)
// become their real paths.
std::set<std::string> ReadOnlyDirs(std::vector<std::string>& args) {
  const std::string& program = args[0];
  std::set<std::string> ro = {Parent(program)};
  for (size_t i = 1; i < args.size(); ++i) {
    struct stat st;
    if (args[i].find('/') == std::string::npos ||
        stat(args[i].c_str(), &st) != 0 || !S_ISREG(st.st_mode)) {
      continue;
    }
    args[i] = RealPath(args[i]);
    ro.insert(Parent(args[i]));
  }
  for (std::string d = Parent(program); d != "/"; d = Parent(d)) {
    if (!IsDir(d + "/proto/woodland/v1")) continue;
    if (absl::StartsWith(program, d + "/bots/")) {
      ro.insert(d + "/bots");
      ro.insert(d + "/proto");
    }
    break;
  }
  return ro;
}

// bubblewrap's read-only view of the system outside /usr: the merged-/usr
// links (or directories), the dynamic loader's and the name service's
// files, and the Java runtime's configuration.
void AppendSystemBinds(std::vector<std::string>& argv) {
  for (const char* d :
       {"/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"}) {
    char target[PATH_MAX];
    const ssize_t n = readlink(d, target, sizeof target - 1);
    if (n > 0) {
      argv.insert(argv.end(), {"--symlink", std::string(target, n), d});
    } else if (IsDir(d)) {
      argv.insert(argv.end(), {"--ro-bind", d, d});
    }
  }
  for (const char* f :
       {"/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d",
        "/etc/alternatives", "/etc/localtime", "/etc/nsswitch.conf",
        "/etc/passwd", "/etc/group"}) {
    if (Exists(f)) argv.insert(argv.end(), {"--ro-bind", f, f});
  }
  // The Java runtime's configuration (/etc/java-17-openjdk: java.security,
  // jvm.cfg, linked from /usr/lib/jvm); a JVM does not start without it.
  if (DIR* etc = opendir("/etc")) {
    while (const dirent* e = readdir(etc)) {
      const std::string d = absl::StrCat("/etc/", e->d_name);
      if (absl::StartsWith(e->d_name, "java-") && IsDir(d)) {
        argv.insert(argv.end(), {"--ro-bind", d, d});
      }
    }
    closedir(etc);
  }
}

}  // namespace

absl::Status Sandbox::Build(const std::vector<std::string>& command) {
  const bool root = geteuid() == 0;
  if (options_.enabled && access(options_.bwrap.c_str(), X_OK) != 0) {
    return absl::FailedPreconditionError(
        absl::StrCat("the bot sandbox needs bubblewrap (", options_.bwrap,
                     " not found): install the bubblewrap package or run with "
                     "--no-sandbox"));
  }
  const std::string program = ResolveProgram(command[0]);
  if (program.empty() || access(program.c_str(), X_OK) != 0) {
    return absl::NotFoundError(
        absl::StrCat("bot program '", command[0], "' not found"));
  }
  SweepLeftoversOnce();
  std::string tmpl = absl::StrCat("/tmp/woodland-bot-", getpid(), "-XXXXXX");
  if (mkdtemp(tmpl.data()) == nullptr)
    return absl::InternalError(absl::StrCat("mkdtemp: ", strerror(errno)));
  dir_ = tmpl;
  if (options_.enabled && root) uid_ = NextBotUid();
  if (root) {
    const std::string data =
        absl::StrCat("size=", options_.private_bytes, ",mode=0711");
    mounted_ = mount("tmpfs", dir_.c_str(), "tmpfs",
                     MS_NOSUID | MS_NODEV | MS_NOEXEC, data.c_str()) == 0;
  }
  chmod(dir_.c_str(), 0711);
  const std::string home = dir_ + "/home", sock = dir_ + "/sock";
  for (const std::string& d : {home, sock}) {
    mkdir(d.c_str(), 0700);
    if (uid_ != static_cast<uid_t>(-1) && chown(d.c_str(), uid_, uid_) != 0) {
      return absl::InternalError(absl::StrCat("chown: ", strerror(errno)));
    }
  }
  socket_path_ = sock + "/bot.sock";
  MakeCgroups();
  for (const std::string& c : cgroups_)
    setup_.cgroup_procs.push_back(c + "/cgroup.procs");
  auto limit = [&](int r, int64_t v) {
    setup_.limits.emplace_back(r, static_cast<rlim_t>(v));
  };
  // With a cgroup memory limit the address space may exceed it (runtimes
  // reserve more than they use) and an excess is an OOM kill, which the
  // referee can name; without one, the address space is the limit.
  const bool memory_cgroup =
      std::any_of(cgroups_.begin(), cgroups_.end(), [](const std::string& c) {
        return Exists(c + "/memory.limit_in_bytes") ||
               Exists(c + "/memory.max");
      });
  limit(RLIMIT_AS,
        memory_cgroup ? 4 * options_.memory_bytes : options_.memory_bytes);
  limit(RLIMIT_CPU, options_.cpu_seconds);
  limit(RLIMIT_NOFILE, options_.max_open_files);
  limit(RLIMIT_FSIZE, options_.max_file_bytes);
  limit(RLIMIT_CORE, 0);

  if (!options_.enabled) {
    WarnNoSandboxOnce();
    argv_ = command;
    argv_.push_back("--listen");
    argv_.push_back(address());
    env_ = {absl::StrCat("WOODLAND_BOT_ADDRESS=", address())};
    return absl::OkStatus();
  }
  if (uid_ != static_cast<uid_t>(-1)) {
    setup_.uid = uid_;
    setup_.gid = uid_;
    // Counts the bot's processes and threads: its uid is its own.
    limit(RLIMIT_NPROC, options_.max_tasks);
  }
  setup_.clear_env = true;
  env_ = {"PATH=/usr/bin:/bin"};

  std::vector<std::string> args = command;
  args[0] = program;
  const std::set<std::string> ro = ReadOnlyDirs(args);

  argv_ = {
      options_.bwrap,  "--unshare-all", "--unshare-user", "--die-with-parent",
      "--new-session", "--hostname",    "woodland-bot",   "--ro-bind",
      "/usr",          "/usr"};
  AppendSystemBinds(argv_);
  argv_.insert(argv_.end(), {"--proc", "/proc", "--dev", "/dev", "--size",
                             absl::StrCat(options_.private_bytes), "--tmpfs",
                             "/tmp", "--bind", dir_, dir_});
  for (const std::string& d : ro) {
    if (d != "/" && IsDir(d)) argv_.insert(argv_.end(), {"--ro-bind", d, d});
  }
  argv_.insert(argv_.end(),
               {"--chdir", home, "--clearenv", "--setenv", "PATH",
                "/usr/local/bin:/usr/bin:/bin", "--setenv", "HOME", home,
                "--setenv", "WOODLAND_BOT_ADDRESS", address(), "--"});
  argv_.insert(argv_.end(), args.begin(), args.end());
  argv_.push_back("--listen");
  argv_.push_back(address());
  return absl::OkStatus();
}

void Sandbox::MakeCgroups() {
  if (geteuid() != 0) return;
  static std::atomic<int> counter{0};
  const std::string name =
      absl::StrCat("woodland-bot-", getpid(), "-", counter++);
  const std::string mem = absl::StrCat(options_.memory_bytes);
  const std::string pids = absl::StrCat(options_.max_tasks);
  for (const std::string& parent : CgroupParents()) {
    std::vector<std::pair<std::string, std::string>> settings;
    if (absl::StrContains(parent, "/sys/fs/cgroup/memory")) {
      settings = {{"memory.limit_in_bytes", mem}};
    } else if (absl::StrContains(parent, "/sys/fs/cgroup/pids")) {
      settings = {{"pids.max", pids}};
    } else {
      const std::string controllers =
          ReadFile("/sys/fs/cgroup/cgroup.controllers");
      if (!absl::StrContains(controllers, "memory") ||
          !absl::StrContains(controllers, "pids")) {
        continue;
      }
      settings = {
          {"memory.max", mem}, {"memory.swap.max", "0"}, {"pids.max", pids}};
    }
    const std::string d = parent + "/" + name;
    if (mkdir(d.c_str(), 0755) != 0) continue;
    bool ok = true;
    for (const auto& [file, value] : settings)
      ok = ok && WriteFile(d + "/" + file, value);
    if (ok) {
      cgroups_.push_back(d);
    } else {
      rmdir(d.c_str());
    }
  }
}

bool Sandbox::Listening() {
  struct stat st;
  if (lstat(socket_path_.c_str(), &st) != 0 || !S_ISSOCK(st.st_mode))
    return false;
  if (locked_ || uid_ == static_cast<uid_t>(-1)) return true;
  // Take the directory back, then check again what is in it: from now on
  // the bot cannot replace the socket.
  const std::string sock = dir_ + "/sock";
  if (chown(sock.c_str(), 0, 0) != 0 || chmod(sock.c_str(), 0755) != 0)
    return false;
  locked_ = true;
  return lstat(socket_path_.c_str(), &st) == 0 && S_ISSOCK(st.st_mode) &&
         st.st_uid == uid_;
}

void Sandbox::KillAll() {
  for (int round = 0; round < 100; ++round) {
    bool any = false;
    for (const std::string& c : cgroups_) {
      std::istringstream procs(ReadFile(c + "/cgroup.procs"));
      pid_t pid;
      while (procs >> pid) {
        any = true;
        kill(pid, SIGKILL);
      }
    }
    if (!any) return;
    usleep(10000);
  }
}

std::string Sandbox::LimitNote(int wait_status) {
  std::vector<absl::string_view> notes;
  for (const std::string& c : cgroups_) {
    if (Field(ReadFile(c + "/memory.oom_control"), "oom_kill") > 0 ||
        Field(ReadFile(c + "/memory.events"), "oom_kill") > 0) {
      notes.push_back("memory limit reached");
    }
    if (Field(ReadFile(c + "/pids.events"), "max") > 0)
      notes.push_back("process limit reached");
  }
  // bwrap exits with 128 + the signal that ended the bot.
  int sig = 0;
  if (wait_status >= 0 && WIFSIGNALED(wait_status)) sig = WTERMSIG(wait_status);
  if (wait_status >= 0 && WIFEXITED(wait_status) &&
      WEXITSTATUS(wait_status) > 128)
    sig = WEXITSTATUS(wait_status) - 128;
  if (sig == SIGXCPU) notes.push_back("CPU time limit reached");
  if (sig == SIGXFSZ) notes.push_back("file size limit reached");
  if (sig != 0 && notes.empty()) return absl::StrCat("ended by signal ", sig);
  return absl::StrJoin(notes, ", ");
}

std::string Sandbox::Describe() const {
  if (!options_.enabled) return "not sandboxed (--no-sandbox)";
  std::vector<std::string> missing;
  if (uid_ == static_cast<uid_t>(-1)) missing.push_back("own uid");
  if (!mounted_) missing.push_back("size-limited private directory");
  if (cgroups_.empty()) missing.push_back("cgroup limits");
  if (missing.empty()) return "sandboxed";
  return absl::StrCat("sandboxed without ", absl::StrJoin(missing, ", "));
}

Sandbox::~Sandbox() {
  KillAll();
  for (const std::string& c : cgroups_) {
    for (int i = 0; i < 50 && rmdir(c.c_str()) != 0 && errno == EBUSY; ++i)
      usleep(10000);
  }
  if (dir_.empty()) return;
  if (mounted_) umount2(dir_.c_str(), MNT_DETACH);
  nftw(dir_.c_str(), RemoveEntry, 16, FTW_DEPTH | FTW_PHYS);
}

}  // namespace woodland::referee
