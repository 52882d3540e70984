#include "tests/common/server_process.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <regex>
#include <thread>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace woodland::test_util {

absl::StatusOr<ServerProcess> StartServer(const std::vector<std::string>& argv,
                                          absl::string_view service) {
  ServerProcess s;
  absl::StatusOr<std::unique_ptr<referee::ChildProcess>> p =
      referee::ChildProcess::Start(argv, {});
  if (!p.ok()) return p.status();
  s.process = *std::move(p);
  const std::regex ready(absl::StrCat(
      service, " listening on 127.0.0.1:(\\d+) metrics on 127.0.0.1:(\\d+)"));
  std::smatch m;
  for (int i = 0; i < 500; ++i) {
    const std::string err = s.process->Stderr();
    if (std::regex_search(err, m, ready)) {
      s.port = std::stoi(m[1]);
      s.metrics_port = std::stoi(m[2]);
      return s;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return absl::DeadlineExceededError(absl::StrCat(
      service, " did not report its ports; stderr: ", s.process->Stderr()));
}

std::string HttpGet(int port, absl::string_view path,
                    absl::string_view headers) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return "";
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    close(fd);
    return "";
  }
  const std::string req = absl::StrCat(
      "GET ", path, " HTTP/1.0\r\nHost: localhost\r\n", headers, "\r\n");
  (void)!write(fd, req.data(), req.size());
  std::string out;
  char buf[4096];
  ssize_t n;
  while ((n = read(fd, buf, sizeof buf)) > 0) out.append(buf, n);
  close(fd);
  return out;
}

v1::MatchSpec TwoSeatSpec(const std::string& marquise_bot,
                          const std::string& eyrie_bot, uint64_t seed) {
  v1::MatchSpec spec;
  spec.set_seed(seed);
  auto* a = spec.add_seats();
  a->set_faction(v1::FACTION_MARQUISE);
  a->set_bot(marquise_bot);
  auto* b = spec.add_seats();
  b->set_faction(v1::FACTION_EYRIE);
  b->set_bot(eyrie_bot);
  return spec;
}

int ThreadsOf(pid_t pid) {
  int n = 0;
  std::error_code ec;
  for (std::filesystem::directory_iterator
           it(absl::StrCat("/proc/", pid, "/task"), ec),
       end;
       !ec && it != end; it.increment(ec)) {
    ++n;
  }
  return n;
}

bool EndsOnSigterm(referee::ChildProcess& p, int seconds) {
  kill(p.pid(), SIGTERM);
  for (int i = 0; i < seconds * 20; ++i) {
    if (!p.Running()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

}  // namespace woodland::test_util
