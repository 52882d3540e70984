// A bot that misbehaves on purpose, for the referee's fault tests.
//
//   faulty_bot --mode MODE [--after K] [--stream 1]
//              [--listen unix:PATH | --port N]
//
// With --stream 1 it offers Play (BotInfo.play_stream, issue 19) and shows
// the same faults on the stream: each request read from it is answered by
// Decide below (an error status ends the stream).
// It answers correctly (uniformly at random) for its first K decisions, then:
//   sleep    never answers in time (sleeps 10 s)
//   exit     exits the process
//   minus1   answers option -1
//   huge     answers an index far out of range
//   flood    answers with a 2 MB note and floods stderr
//   garbage  (from the start) speaks raw garbage instead of gRPC
//   error    returns an INTERNAL error
//   utf8     (from the start) long multi-byte strings everywhere; error
//            messages and some notes that are not valid UTF-8
// and, each failing one named conformance check only (plays well otherwise):
//   endmatch  EndMatch returns an error
//   strict    rejects a request that carries fields it does not know
//   four      answers option -1 in 4-player matches
// and one that plays well, slowly (the web tests watch it live):
//   slow      answers correctly after 40 ms
//   viewhash  plays well; each answer's note is ViewHash(request): what
//             the bot received (issue 19.3: the referee sends views as
//             pre-serialized bytes)
// and, for Play streams (issue 19; with --stream 1 but `nostream`):
//   streamclose  ends the stream without an answer (status OK)
//   streamonly   plays well on the stream; a Decide call is an error
//   nostream     offers Play in BotInfo but does not implement it (plays
//                well through Decide)
#include <arpa/inet.h>
#include <grpcpp/grpcpp.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <iostream>
#include <mutex>
#include <random>
#include <string>
#include <thread>

#include "tests/referee/view_hash.h"
#include "woodland/v1/bot.grpc.pb.h"

namespace {

std::string g_mode;
int g_after = 0;
bool g_stream = false;

// `n` euro signs: three bytes each in UTF-8.
std::string MultiByte(int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += "\xe2\x82\xac";
  return s;
}

class FaultyBot final : public woodland::v1::Bot::Service {
 public:
  grpc::Status Hello(grpc::ServerContext*, const woodland::v1::HelloRequest*,
                     woodland::v1::BotInfo* info) override {
    info->set_name("faulty-" + g_mode);
    info->set_language("C++");
    info->set_play_stream(g_stream || g_mode == "nostream");
    if (g_mode == "utf8") {
      info->set_name(MultiByte(100));  // 300 bytes: cut mid-char
      info->set_version(MultiByte(50));
      info->set_author(MultiByte(1000));
      info->set_language(MultiByte(43));
    }
    return grpc::Status::OK;
  }
  grpc::Status StartMatch(grpc::ServerContext*, const woodland::v1::MatchStart*,
                          woodland::v1::Ack*) override {
    return grpc::Status::OK;
  }
  grpc::Status EndMatch(grpc::ServerContext*, const woodland::v1::MatchEnd*,
                        woodland::v1::Ack*) override {
    if (g_mode == "endmatch")
      return grpc::Status(grpc::StatusCode::INTERNAL, "deliberate failure");
    return grpc::Status::OK;
  }
  grpc::Status Decide(grpc::ServerContext* ctx,
                      const woodland::v1::DecisionRequest* req,
                      woodland::v1::Decision* d) override {
    if (g_mode == "streamonly")
      return grpc::Status(grpc::StatusCode::INTERNAL, "Decide on a stream bot");
    return Answer(ctx, req, d);
  }
  grpc::Status Play(grpc::ServerContext* ctx,
                    grpc::ServerReaderWriter<woodland::v1::Decision,
                                             woodland::v1::DecisionRequest>*
                        stream) override {
    if (g_mode == "nostream")
      return grpc::Status(grpc::StatusCode::UNIMPLEMENTED, "no Play");
    woodland::v1::DecisionRequest req;
    while (stream->Read(&req)) {
      if (g_mode == "streamclose" && calls_++ >= g_after)
        return grpc::Status::OK;
      woodland::v1::Decision d;
      grpc::Status st = Answer(ctx, &req, &d);
      if (!st.ok()) return st;
      if (!stream->Write(d)) break;
    }
    return grpc::Status::OK;
  }

 private:
  grpc::Status Answer(grpc::ServerContext*,
                      const woodland::v1::DecisionRequest* req,
                      woodland::v1::Decision* d) {
    if (g_mode == "utf8") {
      // Long notes; every third answer fails with a multi-byte message that
      // ends in invalid UTF-8, every third has a note that is not UTF-8.
      std::cerr << MultiByte(2000) << "\xff" << std::endl;
      const int call = calls_++;
      if (call % 3 == 1) {
        return grpc::Status(grpc::StatusCode::INTERNAL,
                            MultiByte(200) + "\xc3\xff");
      }
      d->set_option_index(0);
      d->set_note(call % 3 == 0 ? MultiByte(101) : "bad \xff\xfe note");
      return grpc::Status::OK;
    }
    if (g_mode == "viewhash") {
      std::lock_guard<std::mutex> lock(mu_);  // same answers every match
      d->set_option_index(
          static_cast<int>(calls_++ * 7919u % req->options_size()));
      d->set_note(woodland::test_util::ViewHash(*req));
      return grpc::Status::OK;
    }
    if (g_mode == "strict" &&
        !req->GetReflection()->GetUnknownFields(*req).empty()) {
      return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, "unknown field");
    }
    if (g_mode == "four" && req->observation().seats_size() == 4) {
      d->set_option_index(-1);
      return grpc::Status::OK;
    }
    if (g_mode == "slow")
      std::this_thread::sleep_for(std::chrono::milliseconds(40));
    if (g_mode == "strict" || g_mode == "four" || g_mode == "endmatch" ||
        g_mode == "slow" || g_mode == "streamonly" || g_mode == "nostream" ||
        g_mode == "streamclose") {
      std::lock_guard<std::mutex> lock(mu_);
      d->set_option_index(static_cast<int>(rng_() % req->options_size()));
      return grpc::Status::OK;
    }
    if (calls_++ < g_after) {
      d->set_option_index(
          static_cast<int>(calls_ * 7919u % req->options_size()));
      return grpc::Status::OK;
    }
    if (g_mode == "sleep") {
      std::this_thread::sleep_for(std::chrono::seconds(10));
    } else if (g_mode == "exit") {
      _exit(3);
    } else if (g_mode == "minus1") {
      d->set_option_index(-1);
    } else if (g_mode == "huge") {
      d->set_option_index(1 << 30);
    } else if (g_mode == "flood") {
      d->set_option_index(0);
      d->set_note(std::string(2 << 20, 'x'));
      const std::string line(4096, 'z');
      for (int i = 0; i < 512; ++i) std::cerr << line << '\n';
    } else if (g_mode == "error") {
      return grpc::Status(grpc::StatusCode::INTERNAL, "deliberate failure");
    }
    return grpc::Status::OK;
  }

  std::atomic<int> calls_{0};
  std::mutex mu_;
  std::mt19937_64 rng_{std::random_device{}()};
};

// Accepts connections and answers every one with bytes that are not HTTP/2.
int GarbageServer(int port, const std::string& listen_address) {
  int fd;
  if (listen_address.rfind("unix:", 0) == 0) {
    fd = socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    const std::string path = listen_address.substr(5);
    path.copy(addr.sun_path, sizeof addr.sun_path - 1);
    if (bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
        listen(fd, 16) != 0) {
      return 1;
    }
  } else {
    fd = socket(AF_INET, SOCK_STREAM, 0);
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = htons(port);
    if (bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
        listen(fd, 16) != 0) {
      return 1;
    }
  }
  for (;;) {
    const int c = accept(fd, nullptr, nullptr);
    if (c < 0) continue;
    const char junk[] = "\x17\x03\x01garbage-garbage-garbage\r\n\r\n\xff\xfe";
    for (int i = 0; i < 64; ++i) {
      if (write(c, junk, sizeof junk) < 0) break;
    }
    close(c);
  }
}

}  // namespace

int main(int argc, char** argv) {
  int port = 0;
  std::string listen_address;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    if (a == "--mode") g_mode = argv[i + 1];
    if (a == "--after") g_after = std::atoi(argv[i + 1]);
    if (a == "--port") port = std::atoi(argv[i + 1]);
    if (a == "--listen") listen_address = argv[i + 1];
    if (a == "--stream") g_stream = std::atoi(argv[i + 1]) != 0;
  }
  if (g_mode == "garbage") return GarbageServer(port, listen_address);
  FaultyBot bot;
  grpc::ServerBuilder builder;
  builder.SetMaxSendMessageSize(16 << 20);
  const std::string address = listen_address.empty()
                                  ? "127.0.0.1:" + std::to_string(port)
                                  : listen_address;
  builder.AddListeningPort(address, grpc::InsecureServerCredentials());
  builder.RegisterService(&bot);
  auto server = builder.BuildAndStart();
  if (!server) return 1;
  std::cerr << "listening on " << address << std::endl;
  server->Wait();
}
