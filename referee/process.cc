#include "referee/process.h"

#include <fcntl.h>
#include <grp.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <functional>
#include <optional>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"

extern char** environ;

namespace woodland::referee {

namespace {

// Async-signal-safe: writes the decimal pid into an open file.
void WritePid(int fd, pid_t pid) {
  char buf[24];
  int n = 0;
  char tmp[24];
  do {
    tmp[n++] = static_cast<char>('0' + pid % 10);
    pid /= 10;
  } while (pid > 0);
  for (int i = 0; i < n; ++i) buf[i] = tmp[n - 1 - i];
  (void)!write(fd, buf, n);
}

[[noreturn]] void ChildFail(const char* what) {
  (void)!write(2, what, strlen(what));
  (void)!write(2, "\n", 1);
  _exit(127);
}

}  // namespace

absl::StatusOr<std::unique_ptr<ChildProcess>> ChildProcess::StartHere(
    const std::vector<std::string>& argv, const std::vector<std::string>& env,
    size_t stderr_limit, const ChildSetup& setup) {
  if (argv.empty()) return absl::InvalidArgumentError("empty command");
  int pipefd[2];
  if (pipe2(pipefd, O_CLOEXEC) != 0) {
    return absl::InternalError(absl::StrCat("pipe: ", strerror(errno)));
  }
  int wake[2];
  if (pipe2(wake, O_CLOEXEC | O_NONBLOCK) != 0) {
    close(pipefd[0]);
    close(pipefd[1]);
    return absl::InternalError(absl::StrCat("pipe: ", strerror(errno)));
  }
  std::vector<std::string> envs;
  if (!setup.clear_env) {
    for (char** e = environ; *e; ++e) envs.emplace_back(*e);
  }
  envs.insert(envs.end(), env.begin(), env.end());
  std::vector<char*> cargv, cenv;
  for (const auto& a : argv) cargv.push_back(const_cast<char*>(a.c_str()));
  cargv.push_back(nullptr);
  for (const auto& e : envs) cenv.push_back(const_cast<char*>(e.c_str()));
  cenv.push_back(nullptr);
  std::vector<int> cgroup_fds;
  for (const std::string& f : setup.cgroup_procs) {
    const int fd = open(f.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd >= 0) cgroup_fds.push_back(fd);
  }

  const pid_t pid = fork();
  if (pid < 0) {
    for (int fd : cgroup_fds) close(fd);
    return absl::InternalError(absl::StrCat("fork: ", strerror(errno)));
  }
  if (pid == 0) {
    // Child: own process group, stderr to the pipe, stdout and stdin nulled;
    // it dies with the referee, even if the referee is killed.
    setpgid(0, 0);
    const int devnull = open("/dev/null", O_RDWR);
    dup2(devnull, 0);
    dup2(devnull, 1);
    dup2(pipefd[1], 2);
    for (int fd : cgroup_fds) WritePid(fd, getpid());
    for (const auto& [resource, value] : setup.limits) {
      const rlimit rl{value, resource == RLIMIT_CPU ? value + 1 : value};
      if (setrlimit(resource, &rl) != 0) ChildFail("setrlimit failed");
    }
    if (setup.gid != static_cast<gid_t>(-1)) {
      if (setgroups(0, nullptr) != 0 ||
          setresgid(setup.gid, setup.gid, setup.gid) != 0) {
        ChildFail("setgid failed");
      }
    }
    if (setup.uid != static_cast<uid_t>(-1) &&
        setresuid(setup.uid, setup.uid, setup.uid) != 0) {
      ChildFail("setuid failed");
    }
    // After the uid change, which clears the parent-death signal.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() == 1) _exit(1);  // the parent died before prctl
    execvpe(cargv[0], cargv.data(), cenv.data());
    ChildFail("exec failed");
  }
  close(pipefd[1]);
  for (int fd : cgroup_fds) close(fd);
  std::unique_ptr<ChildProcess> p(new ChildProcess());
  p->pid_ = pid;
  p->stderr_fd_ = pipefd[0];
  p->wake_fd_[0] = wake[0];
  p->wake_fd_[1] = wake[1];
  p->limit_ = stderr_limit;
  p->reader_ = std::thread([raw = p.get()] { raw->ReadStderr(); });
  return p;
}

void ChildProcess::ReadStderr() {
  char buf[4096];
  for (;;) {
    pollfd fds[2] = {{stderr_fd_, POLLIN, 0}, {wake_fd_[0], POLLIN, 0}};
    const int r = poll(fds, 2, -1);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0 || (fds[1].revents & POLLIN)) break;  // told to stop
    const ssize_t n = read(stderr_fd_, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    std::lock_guard<std::mutex> lock(mu_);
    const size_t room = limit_ > stderr_.size() ? limit_ - stderr_.size() : 0;
    stderr_.append(buf, std::min<size_t>(room, n));
    if (static_cast<size_t>(n) > room) truncated_ = true;  // keep draining
  }
  std::lock_guard<std::mutex> lock(mu_);
  reader_done_ = true;
  reader_done_cv_.notify_all();
}

bool ChildProcess::ReapLocked(bool block) {
  if (reaped_) return true;
  int status = 0;
  const pid_t r = waitpid(pid_, &status, block ? 0 : WNOHANG);
  if (r == pid_) {
    reaped_ = true;
    status_ = status;
  }
  return reaped_;
}

bool ChildProcess::Running() {
  std::lock_guard<std::mutex> lock(state_mu_);
  return !ReapLocked(false);
}

int ChildProcess::ExitStatus() {
  std::lock_guard<std::mutex> lock(state_mu_);
  ReapLocked(false);
  return status_;
}

void ChildProcess::Kill() {
  std::lock_guard<std::mutex> lock(state_mu_);
  if (ReapLocked(false)) return;  // the pid may belong to someone else now
  kill(-pid_, SIGKILL);
  kill(pid_, SIGKILL);
}

void ChildProcess::Terminate() {
  std::lock_guard<std::mutex> lock(state_mu_);
  if (ReapLocked(false)) return;  // the pid may belong to someone else now
  kill(-pid_, SIGTERM);
  kill(pid_, SIGTERM);
}

void ChildProcess::Stop(int grace_ms) {
  if (Running()) {
    Terminate();
    // A bot usually exits within a millisecond of SIGTERM: polled finely,
    // a match's end does not wait 5 ms per seat.
    const auto until =
        std::chrono::steady_clock::now() + std::chrono::milliseconds(grace_ms);
    while (Running() && std::chrono::steady_clock::now() < until) {
      usleep(500);
    }
    std::lock_guard<std::mutex> lock(state_mu_);
    if (!ReapLocked(false)) {
      kill(-pid_, SIGKILL);
      kill(pid_, SIGKILL);
      ReapLocked(true);
    }
  }
  if (reader_.joinable()) {
    // The rest of stderr normally arrives at once; whatever still holds the
    // pipe open after a moment is not waited for.
    {
      std::unique_lock<std::mutex> lock(mu_);
      reader_done_cv_.wait_for(lock, std::chrono::milliseconds(200),
                               [&] { return reader_done_; });
    }
    (void)!write(wake_fd_[1], "x", 1);
    reader_.join();
    close(stderr_fd_);
    close(wake_fd_[0]);
    close(wake_fd_[1]);
  }
}

ChildProcess::~ChildProcess() { Stop(); }

std::string ChildProcess::Stderr() {
  std::lock_guard<std::mutex> lock(mu_);
  return truncated_ ? stderr_ + "\n[stderr truncated]\n" : stderr_;
}

namespace {

// Every child is forked from this one long-lived thread: PR_SET_PDEATHSIG
// fires when the forking *thread* ends, so forking here makes it mean "the
// referee process died" (a short-lived caller thread would kill its bots).
class Launcher {
 public:
  static Launcher& Get() {
    static Launcher* l = new Launcher();
    return *l;
  }
  template <typename Fn>
  auto Run(Fn fn) -> decltype(fn()) {
    using R = decltype(fn());
    std::optional<R> result;
    std::unique_lock<std::mutex> lock(mu_);
    jobs_.push_back([&] { result.emplace(fn()); });
    cv_.notify_all();
    done_cv_.wait(lock, [&] { return result.has_value(); });
    return std::move(*result);
  }

 private:
  Launcher() {
    std::thread([this] {
      std::unique_lock<std::mutex> lock(mu_);
      for (;;) {
        cv_.wait(lock, [&] { return !jobs_.empty(); });
        auto job = std::move(jobs_.front());
        jobs_.pop_front();
        job();
        done_cv_.notify_all();
      }
    }).detach();
  }
  std::mutex mu_;
  std::condition_variable cv_, done_cv_;
  std::deque<std::function<void()>> jobs_;
};

}  // namespace

absl::StatusOr<std::unique_ptr<ChildProcess>> ChildProcess::Start(
    const std::vector<std::string>& argv, const std::vector<std::string>& env,
    size_t stderr_limit, const ChildSetup& setup) {
  return Launcher::Get().Run(
      [&] { return StartHere(argv, env, stderr_limit, setup); });
}

absl::StatusOr<int> PickFreePort() {
  // A random port, not the kernel's next ephemeral one: two referees on one
  // host asking at the same moment must not be handed the same port.
  static std::atomic<uint64_t> counter{0};
  static const uint64_t base =
      static_cast<uint64_t>(getpid()) * 0x9E3779B97F4A7C15ULL ^
      static_cast<uint64_t>(absl::ToUnixNanos(absl::Now()));
  for (int attempt = 0; attempt < 64; ++attempt) {
    uint64_t x = base + (counter++) * 0xBF58476D1CE4E5B9ULL;
    x ^= x >> 31;
    const int port = 20000 + static_cast<int>(x % 40000);
    const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) break;
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = htons(port);
    const bool free =
        bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
    close(fd);
    if (free) return port;
  }
  return PickKernelPort();
}

absl::StatusOr<int> PickKernelPort() {
  const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return absl::InternalError("socket failed");
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = 0;
  socklen_t len = sizeof addr;
  if (bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
      getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) != 0) {
    close(fd);
    return absl::InternalError("could not bind a free port");
  }
  const int port = ntohs(addr.sin_port);
  close(fd);
  return port;
}

}  // namespace woodland::referee
