// The web front end's HTTP layer (issue 15): pages and the JSON API over a
// real tournament, served by civetweb on port 0.
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "arena/http/json.h"
#include "arena/http/local_arena.h"
#include "arena/http/server.h"
#include "arena/store.h"
#include "arena/tournament.h"
#include "gtest/gtest.h"
#include "referee/rules/types.h"
#include "tests/common/server_process.h"

namespace woodland::arena::http {
namespace {

class HttpTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto store = Store::Open(":memory:");
    ASSERT_TRUE(store.ok());
    store_ = *std::move(store);
    config_.bots = {{"a", "builtin:random"}, {"b", "builtin:random"}};
    config_.factions = {rules::kMarquise, rules::kEyrie};
    config_.players = 2;
    config_.tables_per_pairing = 2;
    config_.seed = 3;
    config_.workers = 1;
    config_.listen = [this](int64_t t, int64_t m, std::vector<std::string> b) {
      return live_.Listen(t, m, std::move(b));
    };
    ASSERT_TRUE(RunTournament(config_, *store_).ok());
    local_ = std::make_unique<LocalArena>(store_.get(), &config_);
  }

  std::unique_ptr<HttpServer> Start(Authorizer authorize = nullptr) {
    HttpOptions o;
    o.authorize = std::move(authorize);
    auto s = HttpServer::Start(local_.get(), &live_, o);
    EXPECT_TRUE(s.ok()) << s.status().message();
    return s.ok() ? *std::move(s) : nullptr;
  }

  // The body of GET `path`, after checking the status line.
  static std::string Get(int port, const std::string& path, int status = 200) {
    const std::string r = test_util::HttpGet(port, path);
    EXPECT_TRUE(absl::StartsWith(r, absl::StrCat("HTTP/1.1 ", status)))
        << path << ": " << r.substr(0, 200);
    const size_t body = r.find("\r\n\r\n");
    return body == std::string::npos ? "" : r.substr(body + 4);
  }

  int64_t FirstMatch() {
    auto rows = store_->Matches(1);
    EXPECT_TRUE(rows.ok() && !rows->empty());
    return rows.ok() && !rows->empty() ? rows->front().id : 0;
  }

  std::unique_ptr<Store> store_;
  TournamentConfig config_;
  LiveMatches live_;
  std::unique_ptr<LocalArena> local_;
};

TEST_F(HttpTest, BindsAFreePortAndServesTheEmbeddedPages) {
  auto server = Start();
  ASSERT_NE(server, nullptr);
  EXPECT_GT(server->port(), 0);
  for (const char* page :
       {"/", "/index.html", "/matches.html", "/replay.html", "/live.html",
        "/board.js", "/style.css", "/common.js"}) {
    EXPECT_FALSE(Get(server->port(), page).empty()) << page;
  }
  EXPECT_TRUE(absl::StrContains(Get(server->port(), "/"), "Standings"));
  Get(server->port(), "/nope.html", 404);
  Get(server->port(), "/api/nope", 404);
  EXPECT_EQ(server->Handle("POST", "/api/tournaments", "", "").status, 405);
}

TEST_F(HttpTest, StandingsAreTheServicesStandingsWithAHistory) {
  auto server = Start();
  ASSERT_NE(server, nullptr);
  grpc::ServerContext ctx;
  v1::TournamentRef ref;
  ref.set_tournament_id(1);
  v1::StandingsResponse want;
  ASSERT_TRUE(local_->GetStandings(&ctx, &ref, &want).ok());
  const std::string body = Get(server->port(), "/api/standings?tournament=1");
  EXPECT_TRUE(absl::StrContains(body, ProtoJson(want))) << body;
  EXPECT_TRUE(absl::StrContains(body, "\"history\":[{\"bot\":"));
  Get(server->port(), "/api/standings?tournament=x", 400);
}

TEST_F(HttpTest, MatchesAreFilteredAndPaged) {
  auto server = Start();
  ASSERT_NE(server, nullptr);
  const int port = server->port();
  // One pairing of two bots, two tables: each bot plays each faction once.
  EXPECT_TRUE(
      absl::StrContains(Get(port, "/api/matches?tournament=1"), "\"total\":2"));
  EXPECT_TRUE(
      absl::StrContains(Get(port, "/api/matches?tournament=1&size=1&page=1"),
                        "\"total\":2,\"page\":1,\"size\":1,\"matches\":[{"));
  EXPECT_TRUE(absl::StrContains(
      Get(port, "/api/matches?tournament=1&size=1&page=2"), "\"matches\":[]"));
  EXPECT_TRUE(absl::StrContains(
      Get(port, "/api/matches?tournament=1&faction=eyrie&bot=a"),
      "\"total\":1"));
  EXPECT_TRUE(absl::StrContains(
      Get(port, "/api/matches?tournament=1&state=pending"), "\"total\":0"));
  // Wins and losses of a bot split its matches.
  auto total = [&](const std::string& q) {
    const std::string b = Get(port, "/api/matches?tournament=1&bot=a&" + q);
    const size_t k = b.find("\"total\":");
    int n = -1;
    if (k != std::string::npos)
      (void)absl::SimpleAtoi(b.substr(k + 8, b.find(',', k) - k - 8), &n);
    return n;
  };
  EXPECT_EQ(total("outcome=win") + total("outcome=loss"), 2);
  Get(port, "/api/matches?tournament=1&outcome=draw", 400);
  Get(port, "/api/matches?tournament=1&size=0", 400);
  Get(port, "/api/matches?tournament=1&faction=dragons", 400);
}

TEST_F(HttpTest, FramesShowOnlyWhatTheViewMayKnow) {
  auto server = Start();
  ASSERT_NE(server, nullptr);
  const std::string q = absl::StrCat("/api/replay/frame?match=", FirstMatch());
  const std::string seat = Get(server->port(), q + "&at=20&view=1");
  EXPECT_TRUE(absl::StrContains(seat, "\"seat\":1,")) << seat.substr(0, 300);
  EXPECT_FALSE(absl::StrContains(seat, "\"hands\""));
  const std::string full = Get(server->port(), q + "&at=20&view=full");
  EXPECT_TRUE(absl::StrContains(full, "\"hands\":[["));
  const std::string pub = Get(server->port(), q + "&at=20");
  EXPECT_TRUE(absl::StrContains(pub, "\"seat\":-1,"));
  EXPECT_TRUE(absl::StrContains(pub, "\"hand\":[]"));
  Get(server->port(), q + "&view=7", 400);
  EXPECT_TRUE(absl::StrContains(Get(server->port(), q + "&at=999999"),
                                "\"terminal\":true"));
  const std::string index = Get(
      server->port(), absl::StrCat("/api/replay/index?match=", FirstMatch()));
  EXPECT_TRUE(absl::StrContains(index, "\"map\":{\"key\":\"autumn\""));
  EXPECT_TRUE(absl::StrContains(index, "\"turn_starts\":[0,"));
}

TEST_F(HttpTest, ReplaysDownloadAsJsonAndRootlog) {
  auto server = Start();
  ASSERT_NE(server, nullptr);
  const std::string id = absl::StrCat(FirstMatch());
  const std::string r = test_util::HttpGet(
      server->port(), "/api/replay?match=" + id + "&download=1");
  EXPECT_TRUE(absl::StrContains(r, "Content-Disposition: attachment"));
  EXPECT_TRUE(absl::StrContains(r, "\"decisions\":[{"));
  const std::string log = Get(server->port(), "/api/rootlog?match=" + id);
  EXPECT_TRUE(absl::StrContains(log, "\nMap: Fall\n")) << log.substr(0, 200);
  Get(server->port(), "/api/replay?match=424242", 404);
}

TEST_F(HttpTest, LiveMatchesArePublic) {
  auto server = Start();
  ASSERT_NE(server, nullptr);
  const std::string list = Get(server->port(), "/api/live");
  EXPECT_TRUE(absl::StrContains(list, "\"done\":true"));
  const std::string m =
      Get(server->port(), absl::StrCat("/api/live/match?match=", FirstMatch()));
  EXPECT_TRUE(absl::StrContains(m, "\"seat\":-1,"));
  EXPECT_TRUE(absl::StrContains(m, "\"hand\":[]"));
  EXPECT_FALSE(absl::StrContains(m, "seed"));
  EXPECT_TRUE(absl::StrContains(m, "\"events\":[{"));
  Get(server->port(), "/api/live/match?match=99999", 404);
}

TEST_F(HttpTest, TheInjectedTokenCheckGuardsTheApiOnly) {
  auto server = Start([](absl::string_view token) {
    return token == "s3cret" ? absl::OkStatus()
                             : absl::PermissionDeniedError("bad token");
  });
  ASSERT_NE(server, nullptr);
  EXPECT_EQ(server->Handle("GET", "/api/tournaments", "", "").status, 401);
  EXPECT_EQ(server->Handle("GET", "/api/tournaments", "", "guess").status, 403);
  EXPECT_EQ(server->Handle("GET", "/api/tournaments", "", "s3cret").status,
            200);
  EXPECT_EQ(server->Handle("GET", "/index.html", "", "").status, 200);
  Get(server->port(), "/api/tournaments", 401);
}

}  // namespace
}  // namespace woodland::arena::http
