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

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
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
      kCli, "arena", "serve", "--port", "0", "--metrics-port", "0", "--db", db,
      "--workers", "2", "--bots-file", BotsFile(), "--poll-seconds", "1",
      "--lease-seconds", "3",
      // Games of random bots run to ~60-190 faction turns, a thousand
      // decisions each, every one a round trip to a bot process: under a
      // loaded CI that alone took this test past its timeout. Forty turns
      // keep every claim, takeover and result the test checks.
      "--max-turns", "40"};
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

// The matches of tournament `id` as `stub` lists them: "table:state" each.
std::string MatchStates(v1::Arena::Stub* stub, int64_t id) {
  v1::ListMatchesRequest req;
  req.set_tournament_id(id);
  v1::ListMatchesResponse resp;
  const grpc::Status st =
      Call(std::bind_front(&v1::Arena::Stub::ListMatches, stub), req, &resp);
  if (!st.ok()) return "ListMatches: " + st.error_message();
  std::string out;
  for (const v1::MatchSummary& m : resp.matches())
    absl::StrAppend(&out, out.empty() ? "" : " ", m.table(), ":", m.state());
  return out;
}

// The last `bytes` bytes of a node's stderr (its claims and takeovers).
std::string Tail(Node& n, size_t bytes = 3000) {
  if (n.process == nullptr) return "";
  const std::string err = n.process->Stderr();
  return err.size() <= bytes ? err : "..." + err.substr(err.size() - bytes);
}

// Waits until `stub` reports tournament `id` ended, until `end` at most
// (before the test's timeout, so a hang fails with what the nodes did).
absl::StatusOr<v1::TournamentStatus> WaitFinished(v1::Arena::Stub* stub,
                                                  int64_t id, absl::Time end) {
  const absl::Time start = absl::Now();
  v1::TournamentStatus s;
  while (absl::Now() < end) {
    v1::ListTournamentsResponse list;
    if (Call(std::bind_front(&v1::Arena::Stub::ListTournaments, stub),
             v1::ListTournamentsRequest(), &list)
            .ok()) {
      for (const v1::TournamentStatus& t : list.tournaments()) {
        if (t.tournament_id() == id) s = t;
      }
      if (s.tournament_id() == id &&
          s.state() != v1::TOURNAMENT_STATE_RUNNING) {
        return s;
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return absl::DeadlineExceededError(absl::StrCat(
      "tournament ", id, " still running after ",
      absl::FormatDuration(absl::Trunc(absl::Now() - start, absl::Seconds(1))),
      " (", s.matches_done(), "/", s.matches_total(),
      " done); matches: ", MatchStates(stub, id)));
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
  // Every wait ends before ctest's timeout (300 s): a slow or stuck run
  // fails with the matches' states and the nodes' logs.
  const absl::Time deadline = absl::Now() + absl::Seconds(280);
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
  while (a_finished < 2 && absl::Now() < deadline - absl::Seconds(150)) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    a_finished =
        Metric(a.metrics_port, "woodland_arena_matches_finished_total");
  }
  ASSERT_GE(a_finished, 2) << "node a:\n" << Tail(a);
  kill(a.process->pid(), SIGKILL);
  const absl::Time killed = absl::Now();
  a.process->Stop(100);

  // The single-node run below needs its time too.
  absl::StatusOr<v1::TournamentStatus> waited =
      WaitFinished(c.stub.get(), id, deadline - absl::Seconds(60));
  ASSERT_TRUE(waited.ok()) << waited.status() << "\nnode b:\n"
                           << Tail(b) << "\nnode c:\n"
                           << Tail(c);
  const v1::TournamentStatus& s = *waited;
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
  absl::StatusOr<v1::TournamentStatus> single_done =
      WaitFinished(single.stub.get(), one.tournament_id(), deadline);
  ASSERT_TRUE(single_done.ok()) << single_done.status() << "\n" << Tail(single);
  EXPECT_EQ(single_done->matches_done(), 20);
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
