// A bot that attacks the referee, its host and its opponents, for the
// hostile-bot suite (tests/hostile/hostile_test.cc, tests/hostile/soak.cc).
//
//   hostile_bot --mode MODE [--listen unix:PATH | --port N] [--target PID]
//               [--scan 1] [--path FILE | --path-hex HEX] [--tcp-port N]
//               [--seed S]
//               [--tag ANY]
//
// It plays legally (uniformly at random, from --seed) and attacks; what an
// attack achieved goes into the Decision's note, "MODE:RESULT", so a test
// can check it failed. Modes:
//   sigstop   SIGSTOP to --target (an opponent's pid) on every decision,
//             and with --scan 1 (only ever sandboxed: it would stop the
//             whole host otherwise) at start to every pid it sees in /proc
//   read      reads --path or --path-hex (hex-encoded: the referee shares
//             the directory of an argument naming a file) (e.g. the arena
//             database, a secret file)
//   tcp       connects to 127.0.0.1:--tcp-port
//   env       lists the names of its environment variables
//   membomb   allocates and touches 2 GB on its first decision
//   forkbomb  forks until it cannot (children sleep), from its first decision
//   disk      writes up to 256 MB into $HOME (SIGXFSZ ignored)
//   cpu       spins forever on its first decision
//   setsid    a setsid grandchild holds stderr open forever; plays normally
//   sleep     never answers a decision
//   exit      exits on its first decision
//   hugenote  answers with a 2 MB note
//   nolisten  never listens
//   garbage   speaks bytes that are not HTTP/2
//   pingflood after the HTTP/2 preface floods PING frames
//   settingsflood  after the preface floods SETTINGS frames
//             (--no-read 1: without ever reading the client's bytes)
// --tag is ignored: tests put a unique word on the command line to find
// every process the bot leaves behind.
#include <arpa/inet.h>
#include <dirent.h>
#include <grpcpp/grpcpp.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <mutex>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "woodland/v1/bot.grpc.pb.h"

extern char** environ;

namespace {

std::string g_mode, g_path, g_listen;
int g_port = 0, g_tcp_port = 0;
pid_t g_target = 0;
bool g_scan = false;
bool g_no_read = false;  // floods: never read what the client sends

std::string Errno() { return strerror(errno); }

// SIGSTOP to the target and every visible pid but itself.
std::string Sigstop() {
  std::string out;
  if (g_target > 0) {
    out +=
        kill(g_target, SIGSTOP) == 0 ? "target-stopped" : "target-" + Errno();
  }
  int stopped = 0;
  if (!g_scan) return out;
  if (DIR* d = opendir("/proc")) {
    while (dirent* e = readdir(d)) {
      const pid_t pid = std::atoi(e->d_name);
      if (pid <= 1 || pid == getpid() || pid == getppid()) continue;
      if (kill(pid, SIGSTOP) == 0) {
        ++stopped;
        kill(pid, SIGCONT);  // its own processes: harmless
      }
    }
    closedir(d);
  }
  return out + ",visible-stopped=" + std::to_string(stopped);
}

std::string ReadSecret() {
  std::ifstream f(g_path);
  if (!f) return "denied:" + Errno();
  std::string s;
  std::getline(f, s);
  return "got:" + s.substr(0, 100);
}

std::string Tcp() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return "socket-" + Errno();
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = htons(g_tcp_port);
  const bool ok = connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
  const std::string r = ok ? "connected" : "failed-" + Errno();
  close(fd);
  return r;
}

std::string Env() {
  std::vector<std::string> names;
  for (char** e = environ; *e; ++e) {
    const std::string s = *e;
    names.push_back(s.substr(0, s.find('=')));
  }
  std::sort(names.begin(), names.end());
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ",") + n;
  return out;
}

std::string MemBomb() {
  constexpr size_t kChunk = 64 << 20;
  std::vector<char*> chunks;
  for (size_t total = 0; total < (size_t{2} << 30); total += kChunk) {
    char* p = static_cast<char*>(malloc(kChunk));
    if (!p) {  // out of memory: like most programs, it dies
      std::cerr << "malloc failed at " << (total >> 20) << " MB\n";
      abort();
    }
    memset(p, 1, kChunk);
    chunks.push_back(p);
  }
  return "allocated-2GB";  // kept: the bot holds it
}

std::string ForkBomb() {
  int n = 0;
  for (; n < 20000; ++n) {
    const pid_t p = fork();
    if (p < 0) break;
    if (p == 0) {
      for (;;) pause();
    }
  }
  return "forked=" + std::to_string(n);
}

std::string Disk() {
  signal(SIGXFSZ, SIG_IGN);
  const char* home = getenv("HOME");
  std::ofstream f(std::string(home ? home : "/tmp") + "/fill",
                  std::ios::binary);
  const std::string block(1 << 20, 'd');
  size_t written = 0;
  for (int i = 0; i < 256; ++i) {
    f.write(block.data(), block.size());
    f.flush();
    if (!f) break;
    written += block.size();
  }
  return "wrote=" + std::to_string(written >> 20) + "MB";
}

class Bot final : public woodland::v1::Bot::Service {
 public:
  explicit Bot(uint64_t seed) : rng_(seed) {}
  grpc::Status Hello(grpc::ServerContext*, const woodland::v1::HelloRequest*,
                     woodland::v1::BotInfo* info) override {
    info->set_name("hostile-" + g_mode);
    info->set_language("C++");
    return grpc::Status::OK;
  }
  grpc::Status StartMatch(grpc::ServerContext*, const woodland::v1::MatchStart*,
                          woodland::v1::Ack*) override {
    return grpc::Status::OK;
  }
  grpc::Status EndMatch(grpc::ServerContext*, const woodland::v1::MatchEnd*,
                        woodland::v1::Ack*) override {
    return grpc::Status::OK;
  }
  grpc::Status Decide(grpc::ServerContext*,
                      const woodland::v1::DecisionRequest* req,
                      woodland::v1::Decision* d) override {
    std::lock_guard<std::mutex> lock(mu_);
    const bool first = calls_++ == 0;
    d->set_option_index(
        std::uniform_int_distribution<int>(0, req->options_size() - 1)(rng_));
    std::string note;
    if (g_mode == "sigstop") note = Sigstop();
    if (g_mode == "read") note = ReadSecret();
    if (g_mode == "tcp") note = Tcp();
    if (g_mode == "env") note = Env();
    if (g_mode == "membomb" && first) note = MemBomb();
    if (g_mode == "forkbomb" && first) {
      std::thread([] { std::cerr << ForkBomb() << std::endl; }).detach();
    }
    if (g_mode == "disk" && first) note = Disk();
    if (g_mode == "cpu") {
      volatile uint64_t x = 0;
      for (;;) x = x * 3 + 1;
    }
    if (g_mode == "sleep") std::this_thread::sleep_for(std::chrono::hours(1));
    if (g_mode == "exit") _exit(3);
    if (g_mode == "hugenote") note = std::string(2 << 20, 'h');
    if (!note.empty()) d->set_note(g_mode + ":" + note);
    return grpc::Status::OK;
  }

 private:
  std::mutex mu_;
  std::mt19937_64 rng_;
  int calls_ = 0;
};

int ListenRaw() {
  if (g_listen.rfind("unix:", 0) == 0) {
    const int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un a{};
    a.sun_family = AF_UNIX;
    g_listen.substr(5).copy(a.sun_path, sizeof a.sun_path - 1);
    if (bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) return -1;
    return listen(fd, 16) == 0 ? fd : -1;
  }
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = htons(g_port);
  if (bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) return -1;
  return listen(fd, 16) == 0 ? fd : -1;
}

std::string Frame(uint8_t type, uint8_t flags, const std::string& payload) {
  std::string f;
  const size_t n = payload.size();
  f += static_cast<char>(n >> 16);
  f += static_cast<char>(n >> 8);
  f += static_cast<char>(n);
  f += static_cast<char>(type);
  f += static_cast<char>(flags);
  f += std::string(4, '\0');  // stream 0
  return f + payload;
}

// Raw servers: garbage, or the HTTP/2 preface followed by a flood of PING
// or SETTINGS frames (each asks for an acknowledgement), on every
// connection, while draining whatever the client sends.
int RawServer() {
  const int fd = ListenRaw();
  if (fd < 0) return 1;
  std::cerr << "listening on " << g_listen << std::endl;
  for (;;) {
    const int c = accept(fd, nullptr, nullptr);
    if (c < 0) continue;
    std::thread([c] {
      if (!g_no_read) {
        std::thread([c] {
          char buf[65536];
          while (read(c, buf, sizeof buf) > 0) {
          }
        }).detach();
      }
      if (g_mode == "garbage") {
        const char junk[] = "\x17\x03\x01garbage-garbage\r\n\r\n\xff\xfe";
        for (int i = 0; i < 64; ++i) {
          if (write(c, junk, sizeof junk) < 0) break;
        }
        shutdown(c, SHUT_RDWR);
        return;
      }
      std::string batch = Frame(4, 0, "");  // server preface: SETTINGS
      const std::string one =
          g_mode == "pingflood"
              ? Frame(6, 0, "12345678")
              : Frame(4, 0, std::string("\x00\x03\x00\x00\x00\x64", 6));
      for (int i = 0; i < 2000; ++i) batch += one;
      for (;;) {
        if (write(c, batch.data(), batch.size()) < 0) break;
      }
      shutdown(c, SHUT_RDWR);
    }).detach();
  }
}

// Forks a grandchild in its own session that keeps stderr open forever.
void SetsidGrandchild() {
  const pid_t p = fork();
  if (p == 0) {
    setsid();
    if (fork() == 0) {
      for (;;) pause();
    }
    _exit(0);
  }
  waitpid(p, nullptr, 0);
}

}  // namespace

int main(int argc, char** argv) {
  uint64_t seed = 1;
  if (const char* a = getenv("WOODLAND_BOT_ADDRESS")) g_listen = a;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i], v = argv[i + 1];
    if (a == "--mode") g_mode = v;
    if (a == "--listen") g_listen = v;
    if (a == "--port") g_port = std::atoi(v.c_str());
    if (a == "--target") g_target = std::atoi(v.c_str());
    if (a == "--path") g_path = v;
    if (a == "--path-hex") {
      g_path.clear();
      for (size_t k = 0; k + 1 < v.size(); k += 2)
        g_path += static_cast<char>(std::stoi(v.substr(k, 2), nullptr, 16));
    }
    if (a == "--scan") g_scan = v == "1";
    if (a == "--no-read") g_no_read = v == "1";
    if (a == "--tcp-port") g_tcp_port = std::atoi(v.c_str());
    if (a == "--seed") seed = std::strtoull(v.c_str(), nullptr, 10);
  }
  if (g_listen.empty()) g_listen = "127.0.0.1:" + std::to_string(g_port);
  if (g_mode == "sigstop" && g_scan) Sigstop();
  if (g_mode == "setsid") SetsidGrandchild();
  if (g_mode == "nolisten") {
    for (;;) pause();
  }
  if (g_mode == "garbage" || g_mode == "pingflood" ||
      g_mode == "settingsflood") {
    return RawServer();
  }
  Bot bot(seed);
  grpc::ServerBuilder builder;
  builder.SetMaxSendMessageSize(16 << 20);
  builder.AddListeningPort(g_listen, grpc::InsecureServerCredentials());
  builder.RegisterService(&bot);
  auto server = builder.BuildAndStart();
  if (!server) return 1;
  std::cerr << "listening on " << g_listen << std::endl;
  server->Wait();
}
