// Confinement of launched (`exec:`) bots.
//
// A launched bot runs under Debian's bubblewrap (`bwrap`) as its own
// unprivileged uid (one per launch, so per-uid limits are per bot), in new
// user, PID, mount, IPC, UTS, cgroup and network namespaces: no network at
// all, no other process visible or signalable, and only these files:
//   read-only  /usr (and the /bin, /lib*, /sbin links), a few /etc files
//              (loader cache, alternatives, passwd/group, nsswitch, localtime),
//              the program's directory and the directory of every argument
//              that names an existing file; for a kit under REPO/bots/, also
//              REPO/bots and REPO/proto. Nothing else of the repository or
//              the build directory (databases, other bots, logs).
//   writable   its private directory PRIVATE (a size-limited tmpfs when the
//              referee may mount one): PRIVATE/home (HOME, the working
//              directory) and PRIVATE/sock, where it must listen on the
//              Unix socket PRIVATE/sock/bot.sock; a size-limited /tmp.
// The environment is exactly PATH, HOME and WOODLAND_BOT_ADDRESS
// (unix:PRIVATE/sock/bot.sock), also passed as `--listen ADDRESS`.
// setrlimit bounds address space, CPU time, processes/threads (per uid),
// open files and file size, and disables core dumps; where the machine has
// writable cgroup v1 memory/pids controllers (or cgroup v2 with them), the
// bot's processes also get memory and pids limits, which also let the
// referee kill every process the bot started.
//
// Once the socket exists the referee takes its directory back (root-owned,
// read-only for the bot), so the bot cannot swap the socket for a link to
// someone else's. Killing bwrap kills the sandbox's PID 1 and with it every
// process of the bot (--die-with-parent and the PID namespace).
//
// `enabled = false` (the CLI's --no-sandbox) launches the command directly
// with the referee's uid and environment plus WOODLAND_BOT_ADDRESS: no
// isolation at all; it is reported on stderr once per process.
#ifndef WOODLAND_REFEREE_SANDBOX_H_
#define WOODLAND_REFEREE_SANDBOX_H_

#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "referee/process.h"

namespace woodland::referee {

struct SandboxOptions {
  bool enabled = true;
  std::string bwrap = "/usr/bin/bwrap";
  // Address space (RLIMIT_AS) and cgroup memory limit.
  int64_t memory_bytes = int64_t{1} << 30;
  int cpu_seconds = 600;  // RLIMIT_CPU
  // Processes and threads of the bot's uid (RLIMIT_NPROC) and cgroup pids.
  int max_tasks = 256;
  int max_open_files = 256;                    // RLIMIT_NOFILE
  int64_t max_file_bytes = int64_t{16} << 20;  // RLIMIT_FSIZE
  int64_t private_bytes = int64_t{64} << 20;   // PRIVATE's and /tmp's size
};

// The options ConnectOptions starts from (the CLI's --no-sandbox clears
// `enabled` for the whole process).
SandboxOptions& DefaultSandboxOptions();

// Removes private directories and cgroups left by referees that died
// without cleaning up (their pid is in the names) and kills what is left in
// those cgroups. Done once per process by the first Prepare; root only.
void SweepSandboxLeftovers();

class Sandbox {
 public:
  // Prepares the private directory, the uid and cgroups for `command`
  // (argv[0] is resolved on PATH). Fails if bwrap is missing while enabled.
  static absl::StatusOr<std::unique_ptr<Sandbox>> Prepare(
      const std::vector<std::string>& command, const SandboxOptions& options);
  // Kills whatever is left in its cgroups, removes the private directory and
  // the cgroups.
  ~Sandbox();

  // The command to start, its extra environment and child setup.
  const std::vector<std::string>& argv() const { return argv_; }
  const std::vector<std::string>& env() const { return env_; }
  const ChildSetup& setup() const { return setup_; }
  // "unix:PRIVATE/sock/bot.sock".
  std::string address() const { return "unix:" + socket_path_; }
  const std::string& socket_path() const { return socket_path_; }
  bool enabled() const { return options_.enabled; }

  // True once the bot listens on its socket; the socket's directory is then
  // taken back from the bot (see above).
  bool Listening();
  // SIGKILL to every process in the bot's cgroups.
  void KillAll();
  // Which limit the bot hit, if the referee can tell ("" otherwise).
  std::string LimitNote(int wait_status);
  // "isolated" or what is missing (cgroups, tmpfs, uid), for logs.
  std::string Describe() const;

 private:
  Sandbox() = default;
  absl::Status Build(const std::vector<std::string>& command);
  void MakeCgroups();

  SandboxOptions options_;
  std::string dir_;
  bool mounted_ = false;
  bool locked_ = false;
  std::string socket_path_;
  uid_t uid_ = static_cast<uid_t>(-1);
  std::vector<std::string> cgroups_;  // directories created
  std::vector<std::string> argv_;
  std::vector<std::string> env_;
  ChildSetup setup_;
};

}  // namespace woodland::referee

#endif  // WOODLAND_REFEREE_SANDBOX_H_
