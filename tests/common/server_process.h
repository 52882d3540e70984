// Helpers for end-to-end tests that run a `woodland ... serve` command as
// its own process: start it on port 0, learn the ports it bound from its
// readiness line on stderr, and fetch plain HTTP pages (metrics) from it.
#ifndef WOODLAND_TEST_COMMON_SERVER_PROCESS_H_
#define WOODLAND_TEST_COMMON_SERVER_PROCESS_H_

#include <sys/types.h>

#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "referee/process.h"
#include "woodland/v1/referee.pb.h"

namespace woodland::test_util {

struct ServerProcess {
  std::unique_ptr<referee::ChildProcess> process;
  int port = 0;
  int metrics_port = 0;
};

// Starts `argv` and waits up to five seconds for the line
// "<service> listening on 127.0.0.1:<port> metrics on 127.0.0.1:<port>".
// On failure the status carries the process's stderr so far.
absl::StatusOr<ServerProcess> StartServer(const std::vector<std::string>& argv,
                                          absl::string_view service);

// The whole HTTP/1.0 response (headers and body) for `path` on the loopback
// `port`, or "" when the connection fails. `headers` are extra request
// header lines, each ending in "\r\n".
std::string HttpGet(int port, absl::string_view path,
                    absl::string_view headers = "");

// A Marquise (seat 0) / Eyrie (seat 1) match between two bot specs.
v1::MatchSpec TwoSeatSpec(const std::string& marquise_bot,
                          const std::string& eyrie_bot, uint64_t seed = 5);

// The number of threads of process `pid` (entries of /proc/PID/task).
int ThreadsOf(pid_t pid);

// Sends SIGTERM and waits up to `seconds` for the process to exit by itself.
bool EndsOnSigterm(referee::ChildProcess& p, int seconds);

}  // namespace woodland::test_util

#endif  // WOODLAND_TEST_COMMON_SERVER_PROCESS_H_
