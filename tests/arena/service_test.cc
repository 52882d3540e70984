// The Arena service end to end: a real `woodland arena serve` process,
// killed in the middle of a tournament and started again on the same
// database; bad requests; metrics scraped and parsed; a ladder.
#include <grpcpp/grpcpp.h>
#include <signal.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <thread>

#include "absl/strings/str_cat.h"
#include "arena/store.h"
#include "gtest/gtest.h"
#include "referee/process.h"
#include "tests/common/server_process.h"
#include "woodland/v1/arena.grpc.pb.h"

namespace woodland::arena {
namespace {

const std::string kCli = WOODLAND_CLI;
const std::string kRandomBot = WOODLAND_RANDOM_BOT;

struct Arena {
  std::unique_ptr<referee::ChildProcess> process;
  int port = 0, metrics_port = 0;
  std::unique_ptr<v1::Arena::Stub> stub;
};

// The operator's catalogue: bot1..bot5, random bots with their own seeds.
std::string BotsFile() {
  const std::string path = ::testing::TempDir() + "/arena_bots.txt";
  std::ofstream f(path);
  f << "# name spec\n";
  for (int i = 1; i <= 5; ++i)
    f << "bot" << i << "  exec:" << kRandomBot << " --seed " << i << "\n";
  return path;
}

Arena StartArena(const std::string& db) {
  Arena a;
  absl::StatusOr<test_util::ServerProcess> s = test_util::StartServer(
      {kCli, "arena", "serve", "--port", "0", "--metrics-port", "0", "--db", db,
       "--workers", "2", "--bots-file", BotsFile()},
      "arena");
  EXPECT_TRUE(s.ok()) << s.status();
  if (!s.ok()) return a;
  a.process = std::move(s->process);
  a.port = s->port;
  a.metrics_port = s->metrics_port;
  a.stub = v1::Arena::NewStub(
      grpc::CreateChannel("127.0.0.1:" + std::to_string(a.port),
                          grpc::InsecureChannelCredentials()));
  return a;
}

double Metric(const std::string& text, const std::string& name) {
  std::smatch m;
  if (!std::regex_search(text, m, std::regex(name + " ([0-9.e+]+)"))) return -1;
  return std::stod(m[1]);
}

// ListMatches takes a ListMatchesRequest (wire-compatible with a
// TournamentRef) since issue 14 added paging.
v1::ListMatchesRequest AllMatches(const v1::TournamentRef& ref) {
  v1::ListMatchesRequest r;
  r.set_tournament_id(ref.tournament_id());
  return r;
}

template <typename Req, typename Resp, typename Fn>
grpc::Status Call(Fn fn, const Req& req, Resp* resp) {
  grpc::ClientContext ctx;
  ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(30));
  return fn(&ctx, req, resp);
}

TEST(ArenaService,
     KilledMidTournamentAndRestartedResumesWithNothingCountedTwice) {
  const std::string db = ::testing::TempDir() + "/arena_service.db";
  for (const char* s : {"", "-wal", "-shm"}) std::filesystem::remove(db + s);
  Arena a = StartArena(db);
  auto stub = a.stub.get();
  auto reg = [&](const std::string& name, const std::string& spec) {
    v1::RegisterBotRequest r;
    r.set_name(name);
    r.set_spec(spec);
    r.set_version("1");
    r.set_owner("tests");
    v1::BotRecord out;
    return Call(std::bind_front(&v1::Arena::Stub::RegisterBot, stub), r, &out);
  };
  for (int i = 1; i <= 5; ++i) {
    ASSERT_TRUE(
        reg("bot" + std::to_string(i), "catalog:bot" + std::to_string(i)).ok());
  }
  EXPECT_EQ(reg("bot1", "builtin:random").error_code(),
            grpc::StatusCode::ALREADY_EXISTS);
  EXPECT_EQ(reg("bad", "carrier-pigeon").error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  // Issue 16.1: no command line and no unlisted endpoint from the network.
  const std::string marker =
      absl::StrCat(::testing::TempDir(), "/rce-", getpid(), "-arena");
  std::filesystem::remove(marker);
  EXPECT_EQ(reg("evil", "exec:/bin/touch " + marker).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(reg("evil", "grpc://169.254.169.254:80").error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(reg("evil", "catalog:nobody").error_code(),
            grpc::StatusCode::NOT_FOUND);
  {
    v1::ListBotsResponse bots;
    ASSERT_TRUE(Call(std::bind_front(&v1::Arena::Stub::ListBots, stub),
                     v1::ListBotsRequest(), &bots)
                    .ok());
    EXPECT_EQ(bots.bots_size(), 5);
    for (const v1::BotRecord& b : bots.bots()) {
      EXPECT_EQ(b.spec().find("exec:"), std::string::npos) << b.spec();
      EXPECT_EQ(b.spec().find(kRandomBot), std::string::npos) << b.spec();
    }
  }

  v1::CreateTournamentRequest t;
  for (int i = 1; i <= 5; ++i) t.add_bots("bot" + std::to_string(i));
  t.set_players(4);
  t.set_tables_per_pairing(4);
  t.set_seed(9);
  v1::TournamentStatus status;
  {
    v1::CreateTournamentRequest unknown = t;
    unknown.add_bots("nobody");
    EXPECT_EQ(Call(std::bind_front(&v1::Arena::Stub::CreateTournament, stub),
                   unknown, &status)
                  .error_code(),
              grpc::StatusCode::NOT_FOUND);
    v1::CreateTournamentRequest too_big = t;
    too_big.set_players(5);
    EXPECT_EQ(Call(std::bind_front(&v1::Arena::Stub::CreateTournament, stub),
                   too_big, &status)
                  .error_code(),
              grpc::StatusCode::INVALID_ARGUMENT);
    // Issue 16 (minor): refused when asked, not failing later.
    v1::CreateTournamentRequest twice = t;
    for (auto f : {v1::FACTION_MARQUISE, v1::FACTION_MARQUISE,
                   v1::FACTION_EYRIE, v1::FACTION_ALLIANCE})
      twice.add_factions(f);
    grpc::Status st =
        Call(std::bind_front(&v1::Arena::Stub::CreateTournament, stub), twice,
             &status);
    EXPECT_EQ(st.error_code(), grpc::StatusCode::INVALID_ARGUMENT)
        << st.error_message();
    // Over the operator's table limit (default 1000): 5 pairings x 400.
    v1::CreateTournamentRequest huge = t;
    huge.set_tables_per_pairing(400);
    st = Call(std::bind_front(&v1::Arena::Stub::CreateTournament, stub), huge,
              &status);
    EXPECT_EQ(st.error_code(), grpc::StatusCode::INVALID_ARGUMENT)
        << st.error_message();
  }
  ASSERT_TRUE(Call(std::bind_front(&v1::Arena::Stub::CreateTournament, stub), t,
                   &status)
                  .ok());
  const int64_t id = status.tournament_id();

  // Watch until a few matches are in, then kill the arena.
  {
    grpc::ClientContext ctx;
    v1::TournamentRef ref;
    ref.set_tournament_id(id);
    auto reader = stub->WatchTournament(&ctx, ref);
    v1::TournamentStatus s;
    while (reader->Read(&s) && s.matches_done() < 4) {
    }
    EXPECT_GE(s.matches_done(), 4);
    ctx.TryCancel();
  }
  kill(a.process->pid(), SIGKILL);
  a.process->Stop(100);

  // Restart on the same database: the tournament resumes and finishes.
  Arena b = StartArena(db);
  v1::TournamentRef ref;
  ref.set_tournament_id(id);
  {
    grpc::ClientContext ctx;
    auto reader = b.stub->WatchTournament(&ctx, ref);
    v1::TournamentStatus s;
    while (reader->Read(&s)) {
    }
    ASSERT_TRUE(reader->Finish().ok());
    EXPECT_EQ(s.state(), v1::TOURNAMENT_STATE_FINISHED);
    EXPECT_EQ(s.matches_done(), 20);
  }
  v1::ListMatchesResponse matches;
  ASSERT_TRUE(Call(std::bind_front(&v1::Arena::Stub::ListMatches, b.stub.get()),
                   AllMatches(ref), &matches)
                  .ok());
  ASSERT_EQ(matches.matches_size(), 20);
  for (const auto& m : matches.matches()) EXPECT_EQ(m.state(), "done");
  v1::StandingsResponse standings;
  ASSERT_TRUE(
      Call(std::bind_front(&v1::Arena::Stub::GetStandings, b.stub.get()), ref,
           &standings)
          .ok());
  ASSERT_EQ(standings.bots_size(), 5);
  int games = 0;
  for (const auto& bot : standings.bots()) games += bot.games();
  EXPECT_EQ(games, 80) << "20 matches x 4 seats, each counted once";
  EXPECT_EQ(standings.faction_imbalance(), 0);
  EXPECT_EQ(standings.seat_imbalance(), 0);
  EXPECT_GE(standings.bots(0).ordinal(), standings.bots(4).ordinal());

  // Metrics of the restarted arena, scraped and parsed.
  const std::string metrics = test_util::HttpGet(b.metrics_port, "/metrics");
  const double finished =
      Metric(metrics, "woodland_arena_matches_finished_total");
  EXPECT_GT(finished, 0);
  EXPECT_LT(finished, 20)
      << "the first arena had finished some before it was killed";
  EXPECT_EQ(Metric(metrics, "woodland_arena_rating_updates_total"), finished);
  EXPECT_EQ(Metric(metrics, "woodland_arena_matches_running"), 0);
  EXPECT_EQ(
      Metric(metrics, "woodland_arena_tournaments\\{state=\"finished\"\\}"), 1);

  // A ladder, cancelled after a few matches.
  v1::StartLadderRequest lr;
  lr.set_players(4);
  lr.set_seed(3);
  ASSERT_TRUE(Call(std::bind_front(&v1::Arena::Stub::StartLadder, b.stub.get()),
                   lr, &status)
                  .ok());
  EXPECT_TRUE(status.ladder());
  v1::TournamentRef ladder;
  ladder.set_tournament_id(status.tournament_id());
  {
    grpc::ClientContext ctx;
    auto reader = b.stub->WatchTournament(&ctx, ladder);
    v1::TournamentStatus s;
    while (reader->Read(&s) && s.matches_done() < 3) {
    }
    ctx.TryCancel();
  }
  ASSERT_TRUE(
      Call(std::bind_front(&v1::Arena::Stub::CancelTournament, b.stub.get()),
           ladder, &status)
          .ok());
  EXPECT_EQ(status.state(), v1::TOURNAMENT_STATE_CANCELLED);
  v1::ListMatchesResponse ladder_matches;
  ASSERT_TRUE(Call(std::bind_front(&v1::Arena::Stub::ListMatches, b.stub.get()),
                   AllMatches(ladder), &ladder_matches)
                  .ok());
  EXPECT_GE(ladder_matches.matches_size(), 3);
  b.process->Stop(2000);

  // After another restart, finished and cancelled tournaments can still be
  // queried.
  Arena c2 = StartArena(db);
  v1::StandingsResponse again;
  ASSERT_TRUE(
      Call(std::bind_front(&v1::Arena::Stub::GetStandings, c2.stub.get()), ref,
           &again)
          .ok());
  EXPECT_EQ(again.bots_size(), 5);
  v1::ListMatchesResponse old_ladder;
  ASSERT_TRUE(
      Call(std::bind_front(&v1::Arena::Stub::ListMatches, c2.stub.get()),
           AllMatches(ladder), &old_ladder)
          .ok());
  EXPECT_EQ(old_ladder.matches_size(), ladder_matches.matches_size());
  {
    grpc::ClientContext ctx;
    auto reader = c2.stub->WatchTournament(&ctx, ref);
    v1::TournamentStatus s;
    ASSERT_TRUE(reader->Read(&s));
    EXPECT_EQ(s.state(), v1::TOURNAMENT_STATE_FINISHED);
    EXPECT_EQ(s.matches_done(), 20);
  }
  c2.process->Stop(2000);
}

// The tournament `id` as ListTournaments reports it (id 0 if it is not).
v1::TournamentStatus Listed(v1::Arena::Stub* stub, int64_t id) {
  v1::ListTournamentsResponse list;
  EXPECT_TRUE(Call(std::bind_front(&v1::Arena::Stub::ListTournaments, stub),
                   v1::ListTournamentsRequest(), &list)
                  .ok());
  for (const v1::TournamentStatus& t : list.tournaments()) {
    if (t.tournament_id() == id) return t;
  }
  return v1::TournamentStatus();
}

// Issue 12.6: the arena reports the table a tournament is played on (map,
// deck, setup mode, landmarks, hirelings) in CreateTournament's answer, in
// ListTournaments, and after a restart from the store, both for a finished
// tournament and for one resumed mid-run.
TEST(ArenaService, Issue12_TableSetupIsReportedAndSurvivesARestart) {
  const std::string db = ::testing::TempDir() + "/arena_table.db";
  for (const char* s : {"", "-wal", "-shm"}) std::filesystem::remove(db + s);
  Arena a = StartArena(db);
  ASSERT_NE(a.stub, nullptr);
  for (int i = 1; i <= 4; ++i) {
    v1::RegisterBotRequest r;
    r.set_name("r" + std::to_string(i));
    r.set_spec("builtin:random");
    v1::BotRecord out;
    ASSERT_TRUE(
        Call(std::bind_front(&v1::Arena::Stub::RegisterBot, a.stub.get()), r,
             &out)
            .ok());
  }
  v1::TableSetup table;
  table.set_map("lake");
  table.set_deck("exiles");
  table.set_setup_mode(v1::SETUP_MODE_ADVANCED);
  table.add_landmarks()->set_landmark("black_market");
  for (const char* h : {"band", "bearers", "keepers"})
    table.add_hirelings()->set_hireling(h);
  table.mutable_hirelings(1)->set_demoted(true);
  v1::CreateTournamentRequest t;
  for (int i = 1; i <= 4; ++i) t.add_bots("r" + std::to_string(i));
  t.set_players(4);
  t.set_tables_per_pairing(1);
  t.set_seed(12);
  *t.mutable_table_setup() = table;
  const std::string want = table.SerializeAsString();
  auto create = [&](const v1::CreateTournamentRequest& req) {
    v1::TournamentStatus status;
    EXPECT_TRUE(
        Call(std::bind_front(&v1::Arena::Stub::CreateTournament, a.stub.get()),
             req, &status)
            .ok());
    EXPECT_EQ(status.table_setup().SerializeAsString(), want)
        << status.table_setup().DebugString();
    return status.tournament_id();
  };
  const int64_t finished = create(t);
  EXPECT_EQ(Listed(a.stub.get(), finished).table_setup().SerializeAsString(),
            want);
  {
    grpc::ClientContext ctx;
    v1::TournamentRef ref;
    ref.set_tournament_id(finished);
    auto reader = a.stub->WatchTournament(&ctx, ref);
    v1::TournamentStatus s;
    while (reader->Read(&s)) {
    }
    ASSERT_TRUE(reader->Finish().ok());
    ASSERT_EQ(s.state(), v1::TOURNAMENT_STATE_FINISHED) << s.error();
    EXPECT_EQ(s.table_setup().SerializeAsString(), want);
  }
  // A long one, still running when the arena is killed.
  v1::CreateTournamentRequest long_one = t;
  long_one.set_tables_per_pairing(400);
  const int64_t running = create(long_one);
  kill(a.process->pid(), SIGKILL);
  a.process->Stop(100);

  Arena b = StartArena(db);
  ASSERT_NE(b.stub, nullptr);
  const v1::TournamentStatus ended = Listed(b.stub.get(), finished);
  EXPECT_EQ(ended.state(), v1::TOURNAMENT_STATE_FINISHED);
  EXPECT_EQ(ended.table_setup().SerializeAsString(), want)
      << ended.table_setup().DebugString();
  const v1::TournamentStatus resumed = Listed(b.stub.get(), running);
  EXPECT_EQ(resumed.state(), v1::TOURNAMENT_STATE_RUNNING);
  EXPECT_EQ(resumed.table_setup().SerializeAsString(), want)
      << resumed.table_setup().DebugString();
  v1::TournamentRef ref;
  ref.set_tournament_id(running);
  v1::TournamentStatus cancelled;
  EXPECT_TRUE(
      Call(std::bind_front(&v1::Arena::Stub::CancelTournament, b.stub.get()),
           ref, &cancelled)
          .ok());
  EXPECT_EQ(cancelled.table_setup().SerializeAsString(), want);
  b.process->Stop(2000);
}

// Issue 16.1: a bot row stored by an older arena (when RegisterBot took
// exec:) never runs and its command line is never shown.
TEST(ArenaService, Issue16_StoredExecRowsNeitherRunNorShow) {
  const std::string db = ::testing::TempDir() + "/arena_legacy.db";
  for (const char* s : {"", "-wal", "-shm"}) std::filesystem::remove(db + s);
  const std::string marker =
      absl::StrCat(::testing::TempDir(), "/rce-", getpid(), "-legacy");
  std::filesystem::remove(marker);
  {
    auto store = Store::Open(db);
    ASSERT_TRUE(store.ok());
    ASSERT_TRUE((*store)
                    ->InsertBot({"old", "exec:/bin/touch " + marker, "1", "x"})
                    .ok());
    ASSERT_TRUE((*store)->InsertBot({"new", "builtin:random", "1", "x"}).ok());
  }
  Arena a = StartArena(db);
  v1::ListBotsResponse bots;
  ASSERT_TRUE(Call(std::bind_front(&v1::Arena::Stub::ListBots, a.stub.get()),
                   v1::ListBotsRequest(), &bots)
                  .ok());
  for (const v1::BotRecord& b : bots.bots())
    EXPECT_EQ(b.spec().find(marker), std::string::npos) << b.spec();
  v1::CreateTournamentRequest t;
  t.add_bots("old");
  t.add_bots("new");
  t.set_players(2);
  t.add_factions(v1::FACTION_MARQUISE);
  t.add_factions(v1::FACTION_EYRIE);
  v1::TournamentStatus status;
  EXPECT_EQ(
      Call(std::bind_front(&v1::Arena::Stub::CreateTournament, a.stub.get()), t,
           &status)
          .error_code(),
      grpc::StatusCode::PERMISSION_DENIED);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_FALSE(std::filesystem::exists(marker));
  a.process->Stop(2000);
}

}  // namespace
}  // namespace woodland::arena
