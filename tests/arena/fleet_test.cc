// Referee workers as a fleet behind one gRPC address (issue 18.3): gRPC's own
// name resolution gives the arena every backend and round_robin with health
// checks spreads the matches; when a backend dies mid-tournament its matches
// fail over to the others, nothing is lost or stored twice, and the
// standings equal the same tournament run in-process.
#include <signal.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "absl/strings/str_cat.h"
#include "arena/tournament.h"
#include "gtest/gtest.h"
#include "referee/process.h"
#include "referee/rules/types.h"
#include "tests/common/server_process.h"

namespace woodland::arena {
namespace {

const std::string kCli = WOODLAND_CLI;
const std::string kRandomBot = WOODLAND_RANDOM_BOT;

std::string Exec(int i) {
  return "exec:" + kRandomBot + " --seed " + std::to_string(i);
}

TournamentConfig Config(const std::string& kind,
                        const referee::BotCatalog* catalog) {
  TournamentConfig c;
  for (int i = 1; i <= 4; ++i) {
    const std::string name = "bot" + std::to_string(i);
    c.bots.push_back({name, "catalog:" + name});
  }
  c.factions = {rules::kMarquise, rules::kEyrie, rules::kAlliance,
                rules::kVagabond};
  c.players = 4;
  c.tables_per_pairing = 8;
  c.seed = 11;
  c.workers = 3;
  c.catalog = catalog;
  return c;
}

test_util::ServerProcess StartReferee() {
  std::vector<std::string> argv = {kCli,     "referee",   "serve",
                                   "--port", "0",         "--metrics-port",
                                   "0",      "--workers", "3"};
  for (int i = 1; i <= 4; ++i) {
    argv.push_back("--bot");
    argv.push_back("bot" + std::to_string(i) + "=" + Exec(i));
  }
  auto started = test_util::StartServer(argv, "referee");
  EXPECT_TRUE(started.ok()) << started.status();
  return started.ok() ? *std::move(started) : test_util::ServerProcess{};
}

// woodland_matches_started_total on a referee's /metrics page.
int MatchesStarted(int metrics_port) {
  const std::string page = test_util::HttpGet(metrics_port, "/metrics");
  const std::string name = "\nwoodland_matches_started_total";
  size_t at = page.find(name);
  if (at == std::string::npos) return -1;
  at = page.find(' ', at + name.size());
  return at == std::string::npos ? -1 : std::atoi(page.c_str() + at + 1);
}

TEST(Fleet, OneAddressManyBackendsRoundRobinAndFailover) {
  test_util::ServerProcess a = StartReferee(), b = StartReferee(),
                           c = StartReferee();
  ASSERT_NE(a.port, 0);
  ASSERT_NE(b.port, 0);
  ASSERT_NE(c.port, 0);
  // gRPC's ipv4 resolver stands in for DNS returning the pods of a headless
  // Service (dns:///woodland-referee:50051 in deploy/k8s/).
  const std::string fleet = absl::StrCat(
      "ipv4:127.0.0.1:", a.port, ",127.0.0.1:", b.port, ",127.0.0.1:", c.port);
  TournamentConfig config = Config("catalog", nullptr);
  config.referees = {fleet};
  const std::string path = ::testing::TempDir() + "/fleet.db";
  std::filesystem::remove(path);
  auto store = Store::Open(path);
  ASSERT_TRUE(store.ok());
  std::atomic<bool> killed{false};
  int a_started_before_kill = 0;
  auto progress = [&](int done, int total) {
    if (done < 3 || killed) return;
    // The balancer uses a backend once its connection is ready, so under
    // load `a` may not have had a match yet by the third result: it dies
    // once it has served one (never, if the address were not balanced).
    const int started = MatchesStarted(a.metrics_port);
    if (started > 0 && !killed.exchange(true)) {
      a_started_before_kill = started;
      kill(a.process->pid(), SIGKILL);  // a backend dies mid-tournament
    }
  };
  auto got = RunTournament(config, **store, progress);
  ASSERT_TRUE(got.ok()) << got.status();
  ASSERT_TRUE(killed);
  const int total = got->matches_done;
  EXPECT_EQ(total, 8);  // one pairing of four bots, eight tables
  // Every backend served matches: the single address was balanced.
  EXPECT_GT(a_started_before_kill, 0);
  EXPECT_GT(MatchesStarted(b.metrics_port), 0);
  EXPECT_GT(MatchesStarted(c.metrics_port), 0);
  auto rows = (*store)->Matches(1);
  ASSERT_TRUE(rows.ok());
  EXPECT_EQ(static_cast<int>(rows->size()), total);
  for (const MatchRow& r : *rows) EXPECT_EQ(r.state, "done");

  // The same tournament in-process gives the same standings.
  referee::BotCatalog catalog;
  for (int i = 1; i <= 4; ++i)
    ASSERT_TRUE(catalog.Add("bot" + std::to_string(i), Exec(i)).ok());
  TournamentConfig local = Config("catalog", &catalog);
  auto fresh = Store::Open(":memory:");
  ASSERT_TRUE(fresh.ok());
  auto expected = RunTournament(local, **fresh);
  ASSERT_TRUE(expected.ok()) << expected.status();
  Standings x = *got, y = *expected;
  x.resumed = y.resumed = false;
  EXPECT_EQ(StandingsJson(config, x), StandingsJson(local, y));
  b.process->Stop(2000);
  c.process->Stop(2000);
}

}  // namespace
}  // namespace woodland::arena
