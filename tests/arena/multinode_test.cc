// Several arena nodes on one PostgreSQL database (issue 18.2): three
// `woodland arena serve` processes share a tournament created on one of
// them; that node is SIGKILLed mid-tournament; the others take over its
// claims when its lease runs out, every result is stored exactly once, and
// the standings equal those of an uninterrupted single-node run on SQLite.
#include <grpcpp/grpcpp.h>
#include <signal.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "gtest/gtest.h"
#include "tests/common/postgres_server.h"
#include "tests/common/server_process.h"
#include "woodland/v1/arena.grpc.pb.h"

namespace woodland::arena {
namespace {

const std::string kCli = WOODLAND_CLI;
const std::string kRandomBot = WOODLAND_RANDOM_BOT;

struct Node {
  std::unique_ptr<referee::ChildProcess> process;
  int metrics_port = 0;
  std::unique_ptr<v1::Arena::Stub> stub;
};

std::string BotsFile() {
  const std::string path = ::testing::TempDir() + "/multinode_bots.txt";
  std::ofstream f(path);
  for (int i = 1; i <= 5; ++i)
    f << "bot" << i << "  exec:" << kRandomBot << " --seed " << i << "\n";
  return path;
}

Node StartNode(const std::string& db, const std::string& node_id) {
  Node n;
  std::vector<std::string> argv = {
      kCli,       "arena",          "serve", "--port",
      "0",        "--metrics-port", "0",     "--db",
      db,         "--workers",      "2",     "--bots-file",
      BotsFile(), "--poll-seconds", "1",     "--lease-seconds",
      "3"};
  if (!node_id.empty()) {
    argv.push_back("--node-id");
    argv.push_back(node_id);
  }
  auto s = test_util::StartServer(argv, "arena");
  EXPECT_TRUE(s.ok()) << s.status();
  if (!s.ok()) return n;
  n.process = std::move(s->process);
  n.metrics_port = s->metrics_port;
  n.stub = v1::Arena::NewStub(
      grpc::CreateChannel("127.0.0.1:" + std::to_string(s->port),
                          grpc::InsecureChannelCredentials()));
  return n;
}

template <typename Req, typename Resp, typename Fn>
grpc::Status Call(Fn fn, const Req& req, Resp* resp) {
  grpc::ClientContext ctx;
  ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(30));
  return fn(&ctx, req, resp);
}

double Metric(int port, const std::string& name) {
  const std::string page = test_util::HttpGet(port, "/metrics");
  const size_t at = page.find("\n" + name + " ");
  return at == std::string::npos
             ? -1
             : std::atof(page.c_str() + at + name.size() + 2);
}

void Register(v1::Arena::Stub* stub) {
  for (int i = 1; i <= 5; ++i) {
    v1::RegisterBotRequest r;
    r.set_name("bot" + std::to_string(i));
    r.set_spec("catalog:bot" + std::to_string(i));
    v1::BotRecord out;
    ASSERT_TRUE(
        Call(std::bind_front(&v1::Arena::Stub::RegisterBot, stub), r, &out)
            .ok());
  }
}

v1::CreateTournamentRequest Request() {
  v1::CreateTournamentRequest t;
  for (int i = 1; i <= 5; ++i) t.add_bots("bot" + std::to_string(i));
  t.set_players(4);
  t.set_tables_per_pairing(4);
  t.set_seed(17);
  return t;
}

v1::TournamentStatus WaitFinished(v1::Arena::Stub* stub, int64_t id) {
  v1::TournamentStatus s;
  for (int i = 0; i < 3000; ++i) {
    v1::ListTournamentsResponse list;
    if (Call(std::bind_front(&v1::Arena::Stub::ListTournaments, stub),
             v1::ListTournamentsRequest(), &list)
            .ok()) {
      for (const v1::TournamentStatus& t : list.tournaments()) {
        if (t.tournament_id() == id) s = t;
      }
      if (s.tournament_id() == id &&
          s.state() != v1::TOURNAMENT_STATE_RUNNING) {
        break;
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return s;
}

v1::StandingsResponse Standings(v1::Arena::Stub* stub, int64_t id) {
  v1::TournamentRef ref;
  ref.set_tournament_id(id);
  v1::StandingsResponse out;
  EXPECT_TRUE(
      Call(std::bind_front(&v1::Arena::Stub::GetStandings, stub), ref, &out)
          .ok());
  return out;
}

TEST(MultiNode, ThreeNodesOneKilledStandingsEqualASingleNode) {
  auto pg = test_util::PostgresServer::Start();
  ASSERT_TRUE(pg.ok()) << pg.status();
  auto url = (*pg)->CreateDatabase("multinode");
  ASSERT_TRUE(url.ok()) << url.status();

  // Node names from other "hosts": a dead node's claims pass on only when
  // its lease (3 s) runs out, as across machines.
  Node a = StartNode(*url, "host-a/1");
  Node b = StartNode(*url, "host-b/1");
  Node c = StartNode(*url, "host-c/1");
  ASSERT_NE(a.stub, nullptr);
  ASSERT_NE(b.stub, nullptr);
  ASSERT_NE(c.stub, nullptr);
  Register(a.stub.get());
  v1::TournamentStatus created;
  ASSERT_TRUE(
      Call(std::bind_front(&v1::Arena::Stub::CreateTournament, a.stub.get()),
           Request(), &created)
          .ok());
  const int64_t id = created.tournament_id();
  ASSERT_EQ(created.matches_total(), 20);

  // Let the nodes pick the tournament up and play a few, then kill the node
  // the tournament was created on, with matches in flight.
  double a_finished = 0;
  for (int i = 0; i < 2000 && a_finished < 2; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    a_finished =
        Metric(a.metrics_port, "woodland_arena_matches_finished_total");
  }
  ASSERT_GE(a_finished, 2);
  kill(a.process->pid(), SIGKILL);
  const absl::Time killed = absl::Now();
  a.process->Stop(100);

  v1::TournamentStatus s = WaitFinished(c.stub.get(), id);
  EXPECT_EQ(s.state(), v1::TOURNAMENT_STATE_FINISHED);
  EXPECT_EQ(s.matches_done(), 20);
  std::printf("takeover: finished %.1f s after the kill\n",
              absl::ToDoubleSeconds(absl::Now() - killed));
  // Both survivors played.
  EXPECT_GT(Metric(b.metrics_port, "woodland_arena_matches_finished_total"), 0);
  EXPECT_GT(Metric(c.metrics_port, "woodland_arena_matches_finished_total"), 0);

  v1::ListMatchesRequest all;
  all.set_tournament_id(id);
  v1::ListMatchesResponse matches;
  ASSERT_TRUE(Call(std::bind_front(&v1::Arena::Stub::ListMatches, b.stub.get()),
                   all, &matches)
                  .ok());
  ASSERT_EQ(matches.matches_size(), 20);
  for (const auto& m : matches.matches()) EXPECT_EQ(m.state(), "done");
  const v1::StandingsResponse shared = Standings(b.stub.get(), id);
  int games = 0;
  for (const auto& bot : shared.bots()) games += bot.games();
  EXPECT_EQ(games, 80) << "20 matches x 4 seats, each stored once";

  // The same tournament on one node with SQLite, uninterrupted.
  const std::string db = ::testing::TempDir() + "/multinode_single.db";
  for (const char* x : {"", "-wal", "-shm"}) std::filesystem::remove(db + x);
  Node single = StartNode(db, "");
  Register(single.stub.get());
  v1::TournamentStatus one;
  ASSERT_TRUE(Call(std::bind_front(&v1::Arena::Stub::CreateTournament,
                                   single.stub.get()),
                   Request(), &one)
                  .ok());
  EXPECT_EQ(WaitFinished(single.stub.get(), one.tournament_id()).matches_done(),
            20);
  const v1::StandingsResponse expected =
      Standings(single.stub.get(), one.tournament_id());
  EXPECT_EQ(shared.SerializeAsString(), expected.SerializeAsString())
      << shared.DebugString() << "\nvs\n"
      << expected.DebugString();
  // And every node reports the same standings.
  EXPECT_EQ(Standings(c.stub.get(), id).SerializeAsString(),
            shared.SerializeAsString());
  for (Node* n : {&b, &c, &single}) n->process->Stop(2000);
}

}  // namespace
}  // namespace woodland::arena
