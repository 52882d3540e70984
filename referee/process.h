// A child process: a bot the referee launches (`exec:` specs). Its stderr
// is captured through a pipe into a bounded buffer (a flooding bot cannot
// exhaust memory or disk) and optionally saved to a file at the end.
#ifndef WOODLAND_REFEREE_PROCESS_H_
#define WOODLAND_REFEREE_PROCESS_H_

#include <sys/resource.h>
#include <sys/types.h>

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/statusor.h"

namespace woodland::referee {

// What the forked child does before exec, besides the usual redirections
// (used to confine launched bots, see referee/sandbox.h). Everything here is
// prepared before fork; the child only makes system calls.
struct ChildSetup {
  bool clear_env = false;  // the environment is exactly the given entries
  // setrlimit(resource, {value, value}); RLIMIT_CPU's hard limit is a second
  // later, so the soft limit's SIGXCPU tells why the bot ended.
  std::vector<std::pair<int, rlim_t>> limits;
  uid_t uid = static_cast<uid_t>(-1);  // -1: keep the referee's
  gid_t gid = static_cast<gid_t>(-1);
  std::vector<std::string> cgroup_procs;  // cgroup.procs files to join
};

class ChildProcess {
 public:
  // Starts argv[0] (looked up on PATH) with extra environment entries. The
  // child dies with this process (PR_SET_PDEATHSIG).
  static absl::StatusOr<std::unique_ptr<ChildProcess>> Start(
      const std::vector<std::string>& argv, const std::vector<std::string>& env,
      size_t stderr_limit = 256 * 1024, const ChildSetup& setup = {});
  ~ChildProcess();  // Stop()

  bool Running();
  // SIGTERM, then SIGKILL after `grace`; reaps the process. Never waits for
  // stderr's end longer than a moment: a grandchild that escaped the process
  // group and keeps stderr open cannot block teardown.
  void Stop(int grace_ms = 500);
  // SIGTERM to the process and its group without waiting: processes asked
  // together end together, and Stop() then only reaps them.
  void Terminate();
  // SIGKILL to the process and its group, without reaping (safe from any
  // thread, e.g. a watchdog, while another thread waits on the bot).
  void Kill();
  // The wait status once reaped (-1 before).
  int ExitStatus();
  pid_t pid() const { return pid_; }
  // Captured stderr (at most stderr_limit bytes, then a truncation note).
  std::string Stderr();

 private:
  ChildProcess() = default;
  static absl::StatusOr<std::unique_ptr<ChildProcess>> StartHere(
      const std::vector<std::string>& argv, const std::vector<std::string>& env,
      size_t stderr_limit, const ChildSetup& setup);
  void ReadStderr();
  bool ReapLocked(bool block);

  pid_t pid_ = -1;
  int stderr_fd_ = -1;
  int wake_fd_[2] = {-1, -1};  // written to stop the reader
  std::mutex state_mu_;        // pid state: reaped_, status_
  bool reaped_ = false;
  int status_ = -1;
  size_t limit_ = 0;
  std::mutex mu_;
  std::condition_variable reader_done_cv_;
  bool reader_done_ = false;
  std::string stderr_;
  bool truncated_ = false;
  std::thread reader_;
};

// A random TCP port on 127.0.0.1 that was free a moment ago.
absl::StatusOr<int> PickFreePort();
// The kernel's choice (bind to port 0).
absl::StatusOr<int> PickKernelPort();

}  // namespace woodland::referee

#endif  // WOODLAND_REFEREE_PROCESS_H_
