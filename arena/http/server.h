// The arena's web front end (issue 15): pages (HTML/CSS/JS embedded in the
// binary at build time from web/) and a small JSON API over the same data
// as the gRPC Arena service, served by civetweb (Debian's libcivetweb).
//
// JSON API (GET only; errors are {"error": "..."} with an HTTP status):
//   /api/tournaments                      ListTournaments
//   /api/standings?tournament=T           GetStandings + each bot's rating
//                                         after each of its matches
//   /api/matches?tournament=T&bot=&faction=&outcome=win|loss&state=
//                &from=MS&to=MS&page=P&size=N   filtered ListMatches, paged
//   /api/replay?match=M[&download=1]      GetMatchReplay (protobuf JSON)
//   /api/rootlog?match=M                  the replay in Rootlog notation
//   /api/replay/index?match=M             map, seats, turn and event steps
//   /api/replay/frame?match=M&at=N&view=V the board after N decisions as
//                                         view V (a seat, public or full)
//   /api/live                             matches running here
//   /api/live/match?match=M&after=K       a running match's public board
//                                         and its events from K on
// With an authorizer set, every /api/ request needs
// "Authorization: Bearer TOKEN" (the same tokens as the gRPC metadata);
// pages and assets hold no data and are public.
#ifndef WOODLAND_ARENA_HTTP_SERVER_H_
#define WOODLAND_ARENA_HTTP_SERVER_H_

#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "arena/http/frames.h"
#include "arena/http/live.h"
#include "woodland/v1/arena.grpc.pb.h"

struct mg_context;
struct mg_connection;

namespace woodland::arena::http {

// Checks a bearer token (empty when the request had none).
using Authorizer = std::function<absl::Status(absl::string_view token)>;

struct HttpOptions {
  std::string address = "127.0.0.1";
  int port = 0;  // 0: any free port (see HttpServer::port())
  int threads = 4;
  Authorizer authorize;  // unset: the API is open
};

// An HTTP response before it is written.
struct Response {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::string filename;  // set: sent as an attachment
};

class HttpServer {
 public:
  // `arena` answers the data calls (the ArenaService, or a tournament's
  // local view); `live` (optional) knows the matches running here.
  static absl::StatusOr<std::unique_ptr<HttpServer>> Start(
      v1::Arena::Service* arena, LiveMatches* live, HttpOptions options);
  ~HttpServer();

  int port() const { return port_; }
  // Answers one request (also used by tests without a socket).
  Response Handle(const std::string& method, const std::string& path,
                  const std::string& query, const std::string& bearer);

 private:
  HttpServer() = default;
  static int OnRequest(mg_connection* conn, void* self);
  Response Api(const std::string& path, const std::string& query);
  Response Standings(const std::string& query);
  Response Matches(const std::string& query);
  Response Replay(const std::string& query, bool rootlog);
  Response Index(const std::string& query);
  Response Frame(const std::string& query);
  Response LiveMatch(const std::string& query);
  absl::StatusOr<std::shared_ptr<ReplayFrames>> Frames(int64_t match);

  // Called in process with a null context: this server checks the bearer
  // token itself (HttpOptions.authorize) and reads as a plain user.
  v1::Arena::Service* arena_ = nullptr;
  LiveMatches* live_ = nullptr;
  HttpOptions options_;
  mg_context* ctx_ = nullptr;
  int port_ = 0;
  std::mutex cache_mu_;
  std::list<std::pair<int64_t, std::shared_ptr<ReplayFrames>>> cache_;
};

}  // namespace woodland::arena::http

#endif  // WOODLAND_ARENA_HTTP_SERVER_H_
