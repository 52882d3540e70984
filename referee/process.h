// A child process: a bot the referee launches (`exec:` specs). Its stderr
// is captured through a pipe into a bounded buffer (a flooding bot cannot
// exhaust memory or disk) and optionally saved to a file at the end.
#ifndef WOODLAND_REFEREE_PROCESS_H_
#define WOODLAND_REFEREE_PROCESS_H_

#include <sys/types.h>

#include <atomic>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/statusor.h"

namespace woodland::referee {

class ChildProcess {
 public:
  // Starts argv[0] (looked up on PATH) with extra environment entries. The
  // child dies with this process (PR_SET_PDEATHSIG).
  static absl::StatusOr<std::unique_ptr<ChildProcess>> Start(
      const std::vector<std::string>& argv, const std::vector<std::string>& env,
      size_t stderr_limit = 256 * 1024);
  ~ChildProcess();  // Stop()

  bool Running();
  // SIGTERM, then SIGKILL after `grace`; reaps the process.
  void Stop(int grace_ms = 500);
  pid_t pid() const { return pid_; }
  // Captured stderr (at most stderr_limit bytes, then a truncation note).
  std::string Stderr();

 private:
  ChildProcess() = default;
  static absl::StatusOr<std::unique_ptr<ChildProcess>> StartHere(
      const std::vector<std::string>& argv, const std::vector<std::string>& env,
      size_t stderr_limit);
  void ReadStderr();

  pid_t pid_ = -1;
  int stderr_fd_ = -1;
  bool reaped_ = false;
  size_t limit_ = 0;
  std::mutex mu_;
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
