// The arena store on both engines (issue 18.1): every test runs on SQLite
// and on a real PostgreSQL server started for the suite, with the same
// numbered migrations, and a whole tournament stored in PostgreSQL gives the
// standings it gives in SQLite.
#include <filesystem>
#include <memory>
#include <string>

#include "arena/store.h"
#include "arena/tournament.h"
#include "gtest/gtest.h"
#include "referee/rules/types.h"
#include "tests/common/postgres_server.h"

namespace woodland::arena {
namespace {

// One server per test process, started on first use and stopped when the
// process's tests end.
class PostgresEnvironment : public ::testing::Environment {
 public:
  test_util::PostgresServer* Get() {
    if (server_ == nullptr && !tried_) {
      tried_ = true;
      auto s = test_util::PostgresServer::Start();
      if (s.ok()) {
        server_ = *std::move(s);
      } else {
        ADD_FAILURE() << "PostgreSQL did not start: " << s.status();
      }
    }
    return server_.get();
  }
  void TearDown() override { server_.reset(); }

 private:
  std::unique_ptr<test_util::PostgresServer> server_;
  bool tried_ = false;
};

PostgresEnvironment* const kPostgres = static_cast<PostgresEnvironment*>(
    ::testing::AddGlobalTestEnvironment(new PostgresEnvironment));

test_util::PostgresServer* Postgres() { return kPostgres->Get(); }

// A fresh database of the engine under test.
std::string FreshTarget(const std::string& engine, const std::string& name) {
  static int n = 0;
  const std::string unique = name + "_" + std::to_string(++n);
  if (engine == "sqlite") {
    const std::string path = ::testing::TempDir() + "/" + unique + ".db";
    for (const char* suffix : {"", "-wal", "-shm"})
      std::filesystem::remove(path + suffix);
    return path;
  }
  test_util::PostgresServer* pg = Postgres();
  if (pg == nullptr) return "";
  auto url = pg->CreateDatabase(unique);
  EXPECT_TRUE(url.ok()) << url.status();
  return url.ok() ? *url : "";
}

class StoreEngines : public ::testing::TestWithParam<std::string> {
 protected:
  std::unique_ptr<Store> Open(const std::string& target) {
    auto s = Store::Open(target);
    EXPECT_TRUE(s.ok()) << s.status();
    return s.ok() ? *std::move(s) : nullptr;
  }
};

TEST_P(StoreEngines, MigrationsRunOnceAndDataSurvivesReopening) {
  const std::string target = FreshTarget(GetParam(), "migrations");
  ASSERT_FALSE(target.empty());
  int version = 0;
  {
    auto store = Open(target);
    ASSERT_NE(store, nullptr);
    version = store->schema_version();
    EXPECT_GE(version, 4);
    auto id = store->UpsertBot("alpha", "builtin:random");
    ASSERT_TRUE(id.ok()) << id.status();
  }
  auto again = Open(target);
  ASSERT_NE(again, nullptr);
  EXPECT_EQ(again->schema_version(), version);
  EXPECT_EQ(again->InsertBot({"alpha", "builtin:random", "1", "me"}).code(),
            absl::StatusCode::kAlreadyExists);
  auto id = again->UpsertBot("alpha", "builtin:heuristic");
  ASSERT_TRUE(id.ok());
  EXPECT_EQ(*id, 1);
  auto bots = again->Bots();
  ASSERT_TRUE(bots.ok());
  ASSERT_EQ(bots->size(), 1u);
  EXPECT_EQ((*bots)[0].spec, "builtin:heuristic");
}

TEST_P(StoreEngines, TournamentsMatchesResultsAndRatings) {
  auto store = Open(FreshTarget(GetParam(), "matches"));
  ASSERT_NE(store, nullptr);
  bool created = false;
  auto tid = store->FindOrCreateTournament("key-1", &created);
  ASSERT_TRUE(tid.ok()) << tid.status();
  EXPECT_TRUE(created);
  auto same = store->FindOrCreateTournament("key-1", &created);
  ASSERT_TRUE(same.ok());
  EXPECT_FALSE(created);
  EXPECT_EQ(*same, *tid);

  std::vector<Table> tables(3);
  for (int i = 0; i < 3; ++i) {
    tables[i].index = i;
    tables[i].bots = {0, 1};
    tables[i].factions = {rules::kMarquise, rules::kEyrie};
    // Seeds use all 64 bits (stored as signed 64-bit integers).
    tables[i].seed = 0xfedcba9876543210ull + i;
  }
  int inserted = -1;
  ASSERT_TRUE(store->InsertMatches(*tid, tables, &inserted).ok());
  EXPECT_EQ(inserted, 3);
  ASSERT_TRUE(store->InsertMatches(*tid, tables, &inserted).ok());
  EXPECT_EQ(inserted, 0) << "a resumed run keeps the stored rows";
  auto rows = store->Matches(*tid);
  ASSERT_TRUE(rows.ok());
  ASSERT_EQ(rows->size(), 3u);
  EXPECT_EQ((*rows)[2].seed, 0xfedcba9876543212ull);
  EXPECT_EQ((*rows)[1].factions, (std::vector<int>{0, 1}));

  const int64_t m = (*rows)[0].id;
  ASSERT_TRUE(store->MarkRunning(m).ok());
  std::vector<RatingRow> ratings = {{"a", -1, 26.5, 7.25, 1, 1, 20},
                                    {"b", -1, 23.5, 7.5, 1, 0, 11}};
  ASSERT_TRUE(
      store->SaveResult(m, "{\"x\":1}", "{\"r\":2}", "", *tid, ratings).ok());
  ratings[0].mu = 27.0;
  ratings[0].games = 2;
  ASSERT_TRUE(store
                  ->SaveResult((*rows)[1].id, "{}", "{}", "1:never:x", *tid,
                               {ratings[0]})
                  .ok());
  auto got = store->Ratings(*tid);
  ASSERT_TRUE(got.ok());
  ASSERT_EQ(got->size(), 2u);
  EXPECT_EQ((*got)[0].bot, "a");
  EXPECT_DOUBLE_EQ((*got)[0].mu, 27.0);
  EXPECT_EQ((*got)[0].games, 2);
  EXPECT_DOUBLE_EQ((*got)[1].sigma, 7.5);

  auto replay = store->Replay(m);
  ASSERT_TRUE(replay.ok());
  EXPECT_EQ(replay->replay_json, "{\"r\":2}");
  EXPECT_EQ(replay->state, "done");
  EXPECT_EQ(replay->unfinished_with_seed, 0);
  auto page = store->MatchesPage(*tid, 0, 10);
  ASSERT_TRUE(page.ok());
  ASSERT_EQ(page->size(), 2u);
  EXPECT_EQ((*page)[0].forfeits, "1:never:x");

  // A stored request is bytes (a serialized message), NULs included.
  const std::string request("\x08\x00\xff\x10\x02", 5);
  ASSERT_TRUE(store->SetTournamentRequest(*tid, request, true).ok());
  auto list = store->Tournaments();
  ASSERT_TRUE(list.ok());
  ASSERT_EQ(list->size(), 1u);
  EXPECT_EQ((*list)[0].request, request);
  EXPECT_TRUE((*list)[0].ladder);
  ASSERT_TRUE(store->SetTournamentState(*tid, "finished").ok());
  EXPECT_EQ(*store->TournamentState(*tid), "finished");
}

TEST_P(StoreEngines, ATournamentGivesTheSameStandingsOnEitherEngine) {
  TournamentConfig c;
  for (int i = 1; i <= 4; ++i)
    c.bots.push_back({"bot" + std::to_string(i), "builtin:random"});
  c.factions = {rules::kMarquise, rules::kEyrie, rules::kAlliance};
  c.players = 3;
  c.tables_per_pairing = 3;
  c.seed = 5;
  c.workers = 2;
  auto store = Open(FreshTarget(GetParam(), "standings"));
  ASSERT_NE(store, nullptr);
  auto got = RunTournament(c, *store);
  ASSERT_TRUE(got.ok()) << got.status();
  auto reference = Store::Open(":memory:");
  ASSERT_TRUE(reference.ok());
  auto expected = RunTournament(c, **reference);
  ASSERT_TRUE(expected.ok());
  EXPECT_EQ(StandingsJson(c, *got), StandingsJson(c, *expected));
}

INSTANTIATE_TEST_SUITE_P(Engines, StoreEngines,
                         ::testing::Values("sqlite", "postgres"),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace woodland::arena
