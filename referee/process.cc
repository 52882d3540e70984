#include "referee/process.h"

#include <fcntl.h>
#include <netinet/in.h>
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

absl::StatusOr<std::unique_ptr<ChildProcess>> ChildProcess::StartHere(
    const std::vector<std::string>& argv, const std::vector<std::string>& env,
    size_t stderr_limit) {
  if (argv.empty()) return absl::InvalidArgumentError("empty command");
  int pipefd[2];
  if (pipe2(pipefd, O_CLOEXEC) != 0) {
    return absl::InternalError(absl::StrCat("pipe: ", strerror(errno)));
  }
  std::vector<std::string> envs;
  for (char** e = environ; *e; ++e) envs.emplace_back(*e);
  envs.insert(envs.end(), env.begin(), env.end());
  std::vector<char*> cargv, cenv;
  for (const auto& a : argv) cargv.push_back(const_cast<char*>(a.c_str()));
  cargv.push_back(nullptr);
  for (const auto& e : envs) cenv.push_back(const_cast<char*>(e.c_str()));
  cenv.push_back(nullptr);

  const pid_t pid = fork();
  if (pid < 0)
    return absl::InternalError(absl::StrCat("fork: ", strerror(errno)));
  if (pid == 0) {
    // Child: own process group, stderr to the pipe, stdout and stdin nulled;
    // it dies with the referee, even if the referee is killed.
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() == 1) _exit(1);  // the parent died before prctl
    const int devnull = open("/dev/null", O_RDWR);
    dup2(devnull, 0);
    dup2(devnull, 1);
    dup2(pipefd[1], 2);
    execvpe(cargv[0], cargv.data(), cenv.data());
    const char msg[] = "exec failed\n";
    (void)!write(2, msg, sizeof msg - 1);
    _exit(127);
  }
  close(pipefd[1]);
  std::unique_ptr<ChildProcess> p(new ChildProcess());
  p->pid_ = pid;
  p->stderr_fd_ = pipefd[0];
  p->limit_ = stderr_limit;
  p->reader_ = std::thread([raw = p.get()] { raw->ReadStderr(); });
  return p;
}

void ChildProcess::ReadStderr() {
  char buf[4096];
  for (;;) {
    const ssize_t n = read(stderr_fd_, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    std::lock_guard<std::mutex> lock(mu_);
    const size_t room = limit_ > stderr_.size() ? limit_ - stderr_.size() : 0;
    stderr_.append(buf, std::min<size_t>(room, n));
    if (static_cast<size_t>(n) > room) truncated_ = true;  // keep draining
  }
  close(stderr_fd_);
}

bool ChildProcess::Running() {
  if (reaped_) return false;
  int status = 0;
  const pid_t r = waitpid(pid_, &status, WNOHANG);
  if (r == pid_) reaped_ = true;
  return r == 0;
}

void ChildProcess::Stop(int grace_ms) {
  if (!reaped_) {
    kill(-pid_, SIGTERM);
    kill(pid_, SIGTERM);
    const auto until =
        std::chrono::steady_clock::now() + std::chrono::milliseconds(grace_ms);
    while (Running() && std::chrono::steady_clock::now() < until) {
      usleep(5000);
    }
    if (!reaped_) {
      kill(-pid_, SIGKILL);
      kill(pid_, SIGKILL);
      int status = 0;
      waitpid(pid_, &status, 0);
      reaped_ = true;
    }
  }
  if (reader_.joinable()) reader_.join();
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
    size_t stderr_limit) {
  return Launcher::Get().Run(
      [&] { return StartHere(argv, env, stderr_limit); });
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
