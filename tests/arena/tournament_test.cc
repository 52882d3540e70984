// Tournaments end to end: persistence and migrations, resuming after an
// interruption (in-process and with a real SIGKILL of the CLI) with nothing
// lost or counted twice, and clear errors for bad requests.
#include "arena/tournament.h"

#include <grpcpp/grpcpp.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <set>
#include <thread>

#include "absl/time/clock.h"
#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"
#include "referee/convert.h"
#include "referee/match_runner.h"
#include "referee/process.h"
#include "referee/rules/types.h"
#include "tests/common/peer_bot.h"
#include "woodland/v1/bot.grpc.pb.h"
#include "woodland/v1/referee.pb.h"

namespace woodland::arena {
namespace {

const std::string kCli = WOODLAND_CLI;
const std::string kRandomBot = WOODLAND_RANDOM_BOT;

std::string TempDb(const std::string& name) {
  const std::string path = ::testing::TempDir() + "/" + name + ".db";
  for (const char* suffix : {"", "-wal", "-shm"})
    std::filesystem::remove(path + suffix);
  return path;
}

// The launch command of bot i (1-5).
std::string Exec(int i) {
  return "exec:" + kRandomBot + " --seed " + std::to_string(i);
}

// Bots "exec" (launched by this process), "catalog" (named in an operator's
// catalogue, see Catalog()) or "builtin".
TournamentConfig Config(const std::string& kind) {
  TournamentConfig c;
  for (int i = 1; i <= 5; ++i) {
    const std::string name = "bot" + std::to_string(i);
    c.bots.push_back({name, kind == "exec"      ? Exec(i)
                            : kind == "catalog" ? "catalog:" + name
                                                : "builtin:random"});
  }
  c.factions = {rules::kMarquise, rules::kEyrie, rules::kAlliance,
                rules::kVagabond};
  c.players = 4;
  c.tables_per_pairing = 4;
  c.seed = 3;
  c.workers = 2;
  return c;
}

// The standings without the "resumed" flag.
std::string Body(const TournamentConfig& c, Standings s) {
  s.resumed = false;
  return StandingsJson(c, s);
}

TEST(Store, MigrationsAreVersionedAndDataSurvivesReopening) {
  const std::string path = TempDb("migrations");
  {
    auto store = Store::Open(path);
    ASSERT_TRUE(store.ok()) << store.status();
    EXPECT_EQ((*store)->schema_version(), 7);
    ASSERT_TRUE((*store)->UpsertBot("alpha", "builtin:random").ok());
  }
  auto again = Store::Open(path);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ((*again)->schema_version(), 7);
  EXPECT_EQ((*again)->InsertBot({"alpha", "builtin:random", "1", "me"}).code(),
            absl::StatusCode::kAlreadyExists);
  auto id = (*again)->UpsertBot("alpha", "builtin:random");
  ASSERT_TRUE(id.ok());
  EXPECT_EQ(*id, 1);
}

// Issue 19.4: unless told, a tournament and the arena play two matches per
// core at once (a match's thread mostly waits for bots), never fewer than
// two.
// Two programs opening one new SQLite database at once (the CLI and a
// watcher, two arena nodes) both migrate it: one waits for the other's write
// lock instead of failing with "database is locked" (the CLI's flaky exit).
TEST(Store, ConnectionsOpeningOneNewDatabaseTogetherAllMigrate) {
  for (int round = 0; round < 20; ++round) {
    const std::string path = TempDb("together");
    std::vector<absl::Status> got(4);
    std::vector<int> versions(4, -1);
    std::vector<std::thread> threads;
    for (int i = 0; i < 4; ++i) {
      threads.emplace_back([&, i] {
        auto store = Store::Open(path);
        got[i] = store.status();
        if (store.ok()) versions[i] = (*store)->schema_version();
      });
    }
    for (std::thread& t : threads) t.join();
    for (int i = 0; i < 4; ++i) {
      ASSERT_TRUE(got[i].ok()) << "round " << round << ": " << got[i];
      EXPECT_EQ(versions[i], 7);
    }
  }
}

TEST(Tournament, Issue19_DefaultWorkersAreTwoPerCore) {
  const int cores = static_cast<int>(std::thread::hardware_concurrency());
  EXPECT_GE(DefaultWorkers(), 2);
  if (cores >= 1 && cores <= 32) {
    EXPECT_EQ(DefaultWorkers(), 2 * cores);
  }
  EXPECT_LE(DefaultWorkers(), 64);
}

TEST(Tournament, InterruptedAndResumedEqualsUninterrupted) {
  const TournamentConfig c = Config("builtin");
  auto full_store = Store::Open(TempDb("full"));
  ASSERT_TRUE(full_store.ok());
  auto full = RunTournament(c, **full_store);
  ASSERT_TRUE(full.ok()) << full.status();
  EXPECT_EQ(full->matches_done, 20);
  EXPECT_EQ(full->balance.faction_imbalance, 0);
  EXPECT_EQ(full->balance.seat_imbalance, 0);

  const std::string path = TempDb("interrupted");
  TournamentConfig stop = c;
  stop.stop_after = 7;
  {
    auto store = Store::Open(path);
    ASSERT_TRUE(store.ok());
    auto part = RunTournament(stop, **store);
    ASSERT_TRUE(part.ok());
    EXPECT_LT(part->matches_done, 20);
  }
  auto store = Store::Open(path);
  ASSERT_TRUE(store.ok());
  auto resumed = RunTournament(c, **store);
  ASSERT_TRUE(resumed.ok());
  EXPECT_TRUE(resumed->resumed);
  EXPECT_EQ(resumed->matches_done, 20);
  EXPECT_EQ(Body(c, *resumed), Body(c, *full));
}

TEST(Tournament, KilledMidwayTheCliResumesWithNothingLostOrCountedTwice) {
  const std::string path = TempDb("killed");
  const TournamentConfig c = Config("exec");
  std::vector<std::string> argv = {
      kCli, "tournament", "--db", path,        "--players", "4",     "--tables",
      "4",  "--seed",     "3",    "--workers", "2",         "--json"};
  for (const TournamentBot& b : c.bots) {
    argv.push_back("--bot");
    argv.push_back(b.name + "=" + b.spec);
  }
  // Kill it once a few matches are stored.
  {
    auto p = referee::ChildProcess::Start(argv, {});
    ASSERT_TRUE(p.ok());
    int done = 0;
    // Up to 60 s: under a loaded -j2 suite the exec-bot matches are slow.
    bool running = true;
    for (int i = 0; i < 3000 && done < 3 && running; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      running = (*p)->Running();
      auto store = Store::Open(path);
      if (!store.ok()) continue;
      auto rows = (*store)->Matches(1);
      done = 0;
      if (rows.ok()) {
        for (const MatchRow& r : *rows) done += r.state == "done";
      }
    }
    ASSERT_GE(done, 3) << "matches stored before the kill; the CLI "
                       << (running ? "still ran" : "had exited")
                       << ", its stderr:\n"
                       << (*p)->Stderr();
    kill(-(*p)->pid(), SIGKILL);
    kill((*p)->pid(), SIGKILL);
    (*p)->Stop(100);
  }
  {
    auto store = Store::Open(path);
    ASSERT_TRUE(store.ok());
    auto rows = (*store)->Matches(1);
    ASSERT_TRUE(rows.ok());
    int done = 0;
    for (const MatchRow& r : *rows) done += r.state == "done";
    EXPECT_LT(done, 20) << "killed before the end";
  }
  // Run the same command again: it resumes and finishes.
  std::string cmd;
  for (const std::string& a : argv) cmd += "'" + a + "' ";
  FILE* f = popen(cmd.c_str(), "r");
  std::string out;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) out.append(buf, n);
  ASSERT_EQ(pclose(f), 0) << out;
  EXPECT_NE(out.find("\"matches_done\":20"), std::string::npos) << out;
  EXPECT_NE(out.find("\"resumed\":true"), std::string::npos) << out;
  // Identical to an uninterrupted run of the same tournament.
  auto fresh = Store::Open(TempDb("fresh"));
  ASSERT_TRUE(fresh.ok());
  auto expected = RunTournament(c, **fresh);
  ASSERT_TRUE(expected.ok());
  Standings got_like = *expected;
  got_like.resumed = true;
  EXPECT_EQ(out.substr(0, out.find_last_not_of("\n") + 1),
            StandingsJson(c, got_like));
}

TEST(Tournament, BadRequestsGetClearErrors) {
  auto store = Store::Open(":memory:");
  ASSERT_TRUE(store.ok());
  TournamentConfig c = Config("builtin");
  c.bots[1].name = c.bots[0].name;
  EXPECT_EQ(RunTournament(c, **store).status().code(),
            absl::StatusCode::kInvalidArgument);
  c = Config("builtin");
  c.players = 6;
  EXPECT_EQ(RunTournament(c, **store).status().code(),
            absl::StatusCode::kInvalidArgument);
  c = Config("builtin");
  c.bots[2].spec = "carrier-pigeon";
  EXPECT_EQ(RunTournament(c, **store).status().code(),
            absl::StatusCode::kInvalidArgument);
  // Catalogue names run here need a catalogue that has them, checked before
  // any match runs.
  c = Config("catalog");
  EXPECT_EQ(RunTournament(c, **store).status().code(),
            absl::StatusCode::kInvalidArgument);
  referee::BotCatalog partial;
  ASSERT_TRUE(partial.Add("bot1", "builtin:random").ok());
  c.catalog = &partial;
  EXPECT_EQ(RunTournament(c, **store).status().code(),
            absl::StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace woodland::arena

namespace woodland::arena {
namespace {

// The catalogue bot1..bot5 (the same launch commands as Config("exec")).
const referee::BotCatalog& Catalog() {
  static const referee::BotCatalog* c = [] {
    auto* c = new referee::BotCatalog;
    for (int i = 1; i <= 5; ++i)
      EXPECT_TRUE(c->Add("bot" + std::to_string(i), Exec(i)).ok());
    return c;
  }();
  return *c;
}

// Starts `woodland referee serve` on port 0 with the catalogue bot1..bot5;
// returns its gRPC address.
std::string StartReferee(std::unique_ptr<referee::ChildProcess>& p) {
  std::vector<std::string> argv = {kCli,     "referee",   "serve",
                                   "--port", "0",         "--metrics-port",
                                   "0",      "--workers", "4"};
  for (int i = 1; i <= 5; ++i) {
    argv.push_back("--bot");
    argv.push_back("bot" + std::to_string(i) + "=" + Exec(i));
  }
  auto started = referee::ChildProcess::Start(argv, {});
  EXPECT_TRUE(started.ok());
  p = *std::move(started);
  for (int i = 0; i < 500; ++i) {
    const std::string err = p->Stderr();
    const size_t at = err.find("referee listening on ");
    if (at != std::string::npos) {
      const size_t end = err.find(' ', at + 21);
      return err.substr(at + 21, end - at - 21);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ADD_FAILURE() << "referee did not start: " << p->Stderr();
  return "";
}

TEST(Tournament, TwoRefereeWorkersOneKilledMidwayNothingLostOrDoubled) {
  std::unique_ptr<referee::ChildProcess> a, b;
  // Remote referees get catalogue names only (issue 16.1).
  TournamentConfig c = Config("catalog");
  c.referees = {StartReferee(a), StartReferee(b)};
  c.workers = 2;
  const std::string path = TempDb("workers");
  auto store = Store::Open(path);
  ASSERT_TRUE(store.ok());
  std::atomic<bool> killed{false};
  auto progress = [&](int done, int total) {
    if (done >= 4 && !killed.exchange(true)) {
      kill(a->pid(), SIGKILL);  // one worker dies with matches in flight
    }
  };
  auto got = RunTournament(c, **store, progress);
  ASSERT_TRUE(got.ok()) << got.status();
  EXPECT_TRUE(killed);
  EXPECT_EQ(got->matches_done, 20);
  auto rows = (*store)->Matches(1);
  ASSERT_TRUE(rows.ok());
  for (const MatchRow& r : *rows) {
    EXPECT_EQ(r.state, "done");
    // Law 5.1.1: the arena pins seat 0 to start (its schedule rotates the
    // seats) and the result says so.
    v1::MatchResult result;
    ASSERT_TRUE(
        google::protobuf::util::JsonStringToMessage(r.result_json, &result)
            .ok());
    EXPECT_TRUE(result.first_seat_pinned());
    EXPECT_EQ(result.first_seat(), 0);
    EXPECT_FALSE(result.has_replay()) << "the replay is stored on its own";
  }
  // The same standings as the tournament run in-process, resolving the
  // names in the same catalogue.
  TournamentConfig local = Config("catalog");
  local.catalog = &Catalog();
  auto fresh = Store::Open(":memory:");
  auto expected = RunTournament(local, **fresh);
  ASSERT_TRUE(expected.ok());
  EXPECT_EQ(Body(c, *got), Body(local, *expected));
  b->Stop(2000);
}

}  // namespace
}  // namespace woodland::arena

namespace woodland::arena {
namespace {

TEST(Tournament, ALadderStaysRunningInTheStoreSoItResumes) {
  auto store = Store::Open(":memory:");
  ASSERT_TRUE(store.ok());
  TournamentConfig c = Config("builtin");
  c.key = "ladder-test";
  auto s = RunLadder(c, **store, 3);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->matches_done, 3);
  EXPECT_EQ(*(*store)->TournamentState(1), "running");
  // The least certain bots play next: after 3 tables all 5 bots have played.
  int played = 0;
  for (const BotStanding& b : s->bots) played += b.games > 0;
  EXPECT_EQ(played, 5);
}

// Issue 16.2: unpinned, every group of tables gets a fresh secret seed;
// the tables of a group share it.
TEST(Tournament, Issue16_UnpinnedSeedsAreFreshAndSharedOnlyWithinAGroup) {
  std::vector<std::vector<uint64_t>> runs;
  for (int run = 0; run < 2; ++run) {
    auto store = Store::Open(":memory:");
    ASSERT_TRUE(store.ok());
    TournamentConfig c = Config("builtin");
    c.bots.resize(2);
    c.players = 2;
    c.factions = {rules::kMarquise, rules::kEyrie};
    c.tables_per_pairing = 4;  // two groups of two tables
    c.random_seeds = true;
    c.stop_after = 1;  // the seeds are stored before any match runs
    ASSERT_TRUE(RunTournament(c, **store).ok());
    auto rows = (*store)->Matches(1);
    ASSERT_TRUE(rows.ok());
    ASSERT_EQ(rows->size(), 4u);
    std::vector<uint64_t> seeds;
    for (const MatchRow& m : *rows) seeds.push_back(m.seed);
    EXPECT_EQ(seeds[0], seeds[1]);
    EXPECT_EQ(seeds[2], seeds[3]);
    EXPECT_NE(seeds[0], seeds[2]);
    runs.push_back(seeds);
  }
  EXPECT_NE(runs[0][0], runs[1][0]);
  EXPECT_NE(runs[0][2], runs[1][2]);
}

// Issue 12: a tournament's table configuration reaches every match and is
// recorded in each replay (map, setup mode, landmarks).
TEST(Tournament, Issue12_TableSetupReachesEveryMatch) {
  auto store = Store::Open(":memory:");
  ASSERT_TRUE(store.ok());
  TournamentConfig c = Config("builtin");
  c.tables_per_pairing = 1;
  c.table.set_map("lake");
  c.table.set_setup_mode(v1::SETUP_MODE_ADVANCED);
  v1::LandmarkSpec* l = c.table.add_landmarks();
  l->set_landmark("black_market");
  auto s = RunTournament(c, **store);
  ASSERT_TRUE(s.ok()) << s.status();
  auto rows = (*store)->Matches(1);
  ASSERT_TRUE(rows.ok());
  ASSERT_FALSE(rows->empty());
  for (const MatchRow& m : *rows) {
    EXPECT_EQ(m.state, "done");
    auto replay = (*store)->Replay(m.id);
    ASSERT_TRUE(replay.ok()) << replay.status();
    EXPECT_NE(replay->replay_json.find("\"lake\""), std::string::npos);
    EXPECT_NE(replay->replay_json.find("SETUP_MODE_ADVANCED"),
              std::string::npos);
    EXPECT_NE(replay->replay_json.find("black_market"), std::string::npos);
  }
  // A different table is a different tournament (its key differs).
  EXPECT_NE(ConfigKey(c), ConfigKey(Config("builtin")));
}

// Issue 12, Law 19.8: a drafting table seats bots only; they draft their
// factions from the tournament's pool, each replay verifies, and the
// ratings, faction statistics and faction balance count the drafted
// factions (a tournament of exec'd bot processes).
TEST(Tournament, Issue12_Law_19_8_DraftedTablesRateTheDraftedFactions) {
  auto store = Store::Open(":memory:");
  ASSERT_TRUE(store.ok());
  TournamentConfig c = Config("exec");
  c.bots.resize(3);
  c.players = 3;
  c.tables_per_pairing = 1;
  c.max_turns = 30;
  c.factions = {rules::kMarquise, rules::kEyrie, rules::kAlliance,
                rules::kVagabond, rules::kCult};
  c.table.set_map("winter");
  c.table.set_setup_mode(v1::SETUP_MODE_ADVANCED);
  c.table.set_draft(true);
  auto s = RunTournament(c, **store);
  ASSERT_TRUE(s.ok()) << s.status();
  auto rows = (*store)->Matches(1);
  ASSERT_TRUE(rows.ok());
  ASSERT_FALSE(rows->empty());
  std::vector<int> drafted(rules::kNumFactions, 0);
  int seats = 0;
  for (const MatchRow& m : *rows) {
    ASSERT_EQ(m.state, "done");
    auto stored = (*store)->Replay(m.id);
    ASSERT_TRUE(stored.ok()) << stored.status();
    v1::Replay replay;
    ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(stored->replay_json,
                                                            &replay)
                    .ok());
    auto diffs = referee::VerifyReplay(replay);
    ASSERT_TRUE(diffs.ok()) << diffs.status();
    EXPECT_TRUE(diffs->empty()) << (*diffs)[0];
    std::set<int> at_table;
    for (const v1::SeatSpec& seat : replay.spec().seats())
      EXPECT_EQ(seat.faction(), v1::FACTION_UNSPECIFIED);
    for (const v1::SeatResult& sr : replay.result().seats()) {
      const int f = referee::FactionFromProto(sr.faction());
      ASSERT_GE(f, 0);
      EXPECT_NE(std::find(c.factions.begin(), c.factions.end(), f),
                c.factions.end());
      at_table.insert(f);
      ++drafted[f];
      ++seats;
    }
    EXPECT_EQ(at_table.size(), 3u);
  }
  // Per-faction statistics and each bot's faction games are the drafted
  // factions, and every seat of every match is counted once.
  int faction_games = 0, balance_games = 0;
  for (size_t f = 0; f < c.factions.size(); ++f) {
    EXPECT_EQ(s->factions[f].games, drafted[c.factions[f]]);
    faction_games += s->factions[f].games;
  }
  for (const auto& per_bot : s->balance.faction_games)
    for (int g : per_bot) balance_games += g;
  EXPECT_EQ(faction_games, seats);
  EXPECT_EQ(balance_games, seats);
  // A draft needs the advanced setup (Law 19.8).
  TournamentConfig bad = c;
  bad.table.set_setup_mode(v1::SETUP_MODE_STANDARD);
  auto store2 = Store::Open(":memory:");
  EXPECT_EQ(RunTournament(bad, **store2).status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(Tournament, ARoundRobinEndsFinishedInTheStore) {
  auto store = Store::Open(":memory:");
  ASSERT_TRUE(store.ok());
  auto s = RunTournament(Config("builtin"), **store);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(*(*store)->TournamentState(1), "finished");
}

// Issue 18.2: a match a dead node held is taken over as soon as its lease
// has run out, before the matches nobody started: every node waits for it
// (the ratings apply in table order), so it must not wait for the rest.
TEST(Tournament, Issue18_AnExpiredClaimIsTakenOverBeforePendingMatches) {
  const std::string path = TempDb("takeover");
  auto store = Store::Open(path);
  ASSERT_TRUE(store.ok());
  TournamentConfig c = Config("builtin");
  c.tables_per_pairing = 1;
  c.workers = 1;
  c.node_id = "host-b/1";
  c.lease = absl::Seconds(3);
  {  // The tables are stored; nothing is played yet.
    std::atomic<bool> cancel{true};
    TournamentConfig stored = c;
    stored.cancel = &cancel;
    auto s = RunTournament(stored, **store);
    ASSERT_TRUE(s.ok()) << s.status();
    ASSERT_EQ(s->matches_done, 0);
  }
  auto rows = (*store)->Matches(1);
  ASSERT_TRUE(rows.ok());
  ASSERT_EQ(rows->size(), 5u);
  // Another host's node claimed table 2 and died: its lease ended 1 s ago.
  const int64_t now = absl::ToUnixMillis(absl::Now());
  const int64_t held = (*rows)[2].id;
  ASSERT_TRUE(*(*store)->ClaimMatch(held, "host-a/1", now - 1000, now));
  std::vector<int64_t> order;
  std::mutex mu;
  c.listen = [&](int64_t, int64_t match, std::vector<std::string>) {
    std::lock_guard<std::mutex> lock(mu);
    order.push_back(match);
    return std::unique_ptr<referee::MatchListener>();
  };
  auto s = RunTournament(c, **store);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->matches_done, 5);
  ASSERT_EQ(order.size(), 5u) << "each match played once";
  EXPECT_EQ(order[0], held) << "the dead node's match first";
  EXPECT_EQ(std::set<int64_t>(order.begin(), order.end()).size(), 5u);
}

// Issue 19.4: the timings count every match and decision played, and the
// parts (bots, encoding, store) are within the whole.
TEST(Tournament, Issue19_TimingsCountEveryMatchAndDecision) {
  auto store = Store::Open(":memory:");
  ASSERT_TRUE(store.ok());
  TournamentConfig c = Config("builtin");
  TournamentTimings t;
  c.timings = &t;
  auto s = RunTournament(c, **store);
  ASSERT_TRUE(s.ok()) << s.status();
  auto rows = (*store)->Matches(1);
  ASSERT_TRUE(rows.ok());
  int64_t decisions = 0;
  for (const MatchRow& m : *rows) {
    v1::MatchResult r;
    ASSERT_TRUE(
        google::protobuf::util::JsonStringToMessage(m.result_json, &r).ok());
    decisions += r.decisions();
  }
  EXPECT_EQ(t.matches.load(), static_cast<int64_t>(rows->size()));
  EXPECT_EQ(t.decisions.load(), decisions);
  EXPECT_GT(t.play_ns.load(), 0);
  EXPECT_GE(t.play_ns.load(), t.bots_ns.load());
  EXPECT_GT(t.encode_ns.load(), 0);
  EXPECT_GT(t.store_ns.load(), 0);
}

using test_util::PeerBot;

// Issue 19.4: a worker keeps its channels to grpc:// bots across its
// matches: each bot is reached over at most one connection per worker,
// however many matches it plays (a new channel per match and seat cost a
// handshake and several thread hops, with the worker idle meanwhile).
TEST(Tournament, Issue19_WorkersKeepOneConnectionPerBotAcrossMatches) {
  std::vector<std::unique_ptr<PeerBot>> bots;
  std::vector<std::unique_ptr<grpc::Server>> servers;
  TournamentConfig c = Config("builtin");
  for (int i = 0; i < 5; ++i) {
    bots.push_back(std::make_unique<PeerBot>());
    grpc::ServerBuilder b;
    int port = 0;
    b.AddListeningPort("127.0.0.1:0", grpc::InsecureServerCredentials(), &port);
    b.RegisterService(bots.back().get());
    servers.push_back(b.BuildAndStart());
    ASSERT_NE(port, 0);
    c.bots[i].spec = "grpc://127.0.0.1:" + std::to_string(port);
  }
  c.tables_per_pairing = 2;  // 10 matches, 8 for each bot
  c.workers = 2;
  c.max_turns = 2;
  auto store = Store::Open(":memory:");
  ASSERT_TRUE(store.ok());
  auto s = RunTournament(c, **store);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->matches_done, 10);
  for (auto& bot : bots) {
    EXPECT_EQ(bot->hellos(), 8);
    EXPECT_LE(bot->peers().size(), 2u) << "one connection per worker";
  }
  for (auto& server : servers) server->Shutdown();
}

}  // namespace
}  // namespace woodland::arena

namespace woodland::arena {
namespace {

std::vector<Table> StoredTables(Store& store, int64_t tid) {
  std::vector<Table> tables;
  const absl::StatusOr<std::vector<MatchRow>> rows = store.Matches(tid);
  for (const MatchRow& m : *rows)
    tables.push_back(Table{m.table_index, m.bots, m.factions, m.seed});
  return tables;
}

// Issue 14.1: one offset picked both the bots and the factions, so a bot
// played one faction almost always. Every prefix of the ladder must keep
// each bot's faction and seat counts within one table of even.
TEST(Ladder, Issue14_RotatesFactionsAndSeatsWithBalanceNearZero) {
  auto store = Store::Open(":memory:");
  ASSERT_TRUE(store.ok());
  TournamentConfig c = Config("builtin");
  c.key = "ladder-balance";
  const int kMatches = 40;
  auto s = RunLadder(c, **store, kMatches);
  ASSERT_TRUE(s.ok()) << s.status();
  const std::vector<Table> all = StoredTables(**store, 1);
  ASSERT_EQ(all.size(), static_cast<size_t>(kMatches));
  const ScheduleSpec spec{5, c.factions, 4, 4, c.seed};
  for (size_t n = 1; n <= all.size(); ++n) {
    const Balance b =
        MeasureBalance(spec, std::vector<Table>(all.begin(), all.begin() + n));
    EXPECT_LE(b.faction_imbalance, 1) << "after " << n << " tables";
    EXPECT_LE(b.seat_imbalance, 1) << "after " << n << " tables";
  }
  // Reported with the standings, equal to what the store says.
  const Balance b = MeasureBalance(spec, all);
  EXPECT_EQ(s->balance.faction_imbalance, b.faction_imbalance);
  EXPECT_EQ(s->balance.seat_imbalance, b.seat_imbalance);
  // Every bot played every faction and every seat.
  for (int bot = 0; bot < 5; ++bot) {
    for (int f = 0; f < 4; ++f) EXPECT_GT(b.faction_games[bot][f], 0);
    for (int seat = 0; seat < 4; ++seat) EXPECT_GT(b.seat_games[bot][seat], 0);
  }
}

// Issue 14 (a ladder across referee workers): with three tables in flight
// every match is still stored once under contiguous table indexes, each
// prefix of the ladder stays within one table of even in factions and
// seats (tables in flight count), the tables really overlap, and the
// incremental ratings equal a full recomputation.
TEST(Ladder, Issue14_ConcurrentTablesKeepBalanceAndStoreEachOnce) {
  auto store = Store::Open(":memory:");
  ASSERT_TRUE(store.ok());
  TournamentConfig c = Config("builtin");
  c.key = "ladder-concurrent";
  c.ladder_tables = 3;
  std::atomic<int> running{0};
  int most_running = 0;
  c.running = &running;
  const int kMatches = 45;
  auto s = RunLadder(c, **store, kMatches, [&](int, int) {
    most_running = std::max(most_running, running.load());
  });
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_GE(most_running, 2);
  const std::vector<Table> all = StoredTables(**store, 1);
  ASSERT_EQ(all.size(), static_cast<size_t>(kMatches));
  for (size_t i = 0; i < all.size(); ++i) EXPECT_EQ(all[i].index, int(i));
  EXPECT_EQ(s->matches_done, kMatches);
  const ScheduleSpec spec{5, c.factions, 4, 4, c.seed};
  for (size_t n = 1; n <= all.size(); ++n) {
    const Balance b =
        MeasureBalance(spec, std::vector<Table>(all.begin(), all.begin() + n));
    EXPECT_LE(b.faction_imbalance, 1) << "after " << n << " tables";
    EXPECT_LE(b.seat_imbalance, 1) << "after " << n << " tables";
  }
  auto stored = (*store)->Ratings(1);
  ASSERT_TRUE(stored.ok());
  auto again = RecomputeRatings(c, **store, 1);
  ASSERT_TRUE(again.ok()) << again.status();
  auto recomputed = (*store)->Ratings(1);
  ASSERT_TRUE(recomputed.ok());
  ASSERT_EQ(stored->size(), recomputed->size());
  for (size_t i = 0; i < stored->size(); ++i) {
    EXPECT_EQ((*stored)[i].mu, (*recomputed)[i].mu);
    EXPECT_EQ((*stored)[i].sigma, (*recomputed)[i].sigma);
  }
}

}  // namespace
}  // namespace woodland::arena

namespace woodland::arena {
namespace {

// Issue 10.7: ladders of 5 and 6 players per table, drawing from all ten
// factions, keep every bot's factions and seats within one game of even.
TEST(Ladder, Issue10_FiveAndSixSeatLaddersBalanceFactionsAndSeats) {
  for (int players : {5, 6}) {
    auto store = Store::Open(":memory:");
    ASSERT_TRUE(store.ok());
    TournamentConfig c = Config("builtin");
    for (int i = 6; i <= players + 2; ++i)
      c.bots.push_back({"bot" + std::to_string(i), "builtin:random"});
    c.factions = {rules::kMarquise, rules::kEyrie,  rules::kAlliance,
                  rules::kVagabond, rules::kCult,   rules::kRiverfolk,
                  rules::kDuchy,    rules::kCorvid, rules::kHundreds,
                  rules::kKeepers};
    c.players = players;
    c.key = "ladder-" + std::to_string(players);
    const int kMatches = 24;
    auto s = RunLadder(c, **store, kMatches);
    ASSERT_TRUE(s.ok()) << s.status();
    const std::vector<Table> all = StoredTables(**store, 1);
    ASSERT_EQ(all.size(), static_cast<size_t>(kMatches));
    const ScheduleSpec spec{static_cast<int>(c.bots.size()), c.factions,
                            players, 1, c.seed};
    for (size_t n = 1; n <= all.size(); ++n) {
      const Balance b = MeasureBalance(
          spec, std::vector<Table>(all.begin(), all.begin() + n));
      EXPECT_LE(b.faction_imbalance, 1) << players << " players, " << n;
      EXPECT_LE(b.seat_imbalance, 1) << players << " players, " << n;
    }
  }
}

int RunCliQuietly(const std::vector<std::string>& args) {
  std::string cmd = "timeout 120 " + kCli;
  for (const std::string& a : args) cmd += " '" + a + "'";
  const int rc = std::system((cmd + " >/dev/null 2>&1").c_str());
  return WIFEXITED(rc) ? WEXITSTATUS(rc) : 128;
}

// Issue 10.7 / 11.6: the CLI takes every faction by name, at six seats.
TEST(Tournament, Issue10_TheCliSeatsEveryFactionByName) {
  for (const std::string factions :
       {"cult,riverfolk,duchy,corvid,hundreds,keepers",
        "marquise,eyrie,alliance,vagabond,vagabond2,cult"}) {
    std::vector<std::string> args = {"tournament", "--players",  "6",
                                     "--tables",   "6",          "--seed",
                                     "5",          "--factions", factions};
    for (int i = 1; i <= 6; ++i) {
      args.push_back("--bot");
      args.push_back("b" + std::to_string(i) + "=builtin:random");
    }
    EXPECT_EQ(RunCliQuietly(args), 0) << factions;
  }
  // 'vagabond2' only joins 'vagabond' at tables of the whole pool (9.7).
  EXPECT_EQ(RunCliQuietly({"tournament", "--players", "2", "--factions",
                           "vagabond2,cult", "--bot", "a=builtin:random",
                           "--bot", "b=builtin:random"}),
            2);
}

// Issue 12 item 4: TableSetup.hirelings (Law 22, 19.6) reaches every match,
// is recorded in its replay and is part of the tournament's key.
TEST(Tournament, Issue12_HirelingsInTableSetupReachEveryMatch) {
  auto store = Store::Open(":memory:");
  ASSERT_TRUE(store.ok());
  TournamentConfig c = Config("builtin");
  c.tables_per_pairing = 1;
  for (const char* h : {"band", "bearers", "keepers"}) {
    c.table.add_hirelings()->set_hireling(h);
  }
  c.table.mutable_hirelings(1)->set_demoted(true);
  const std::string plain_key = ConfigKey(Config("builtin"));
  auto s = RunTournament(c, **store);
  ASSERT_TRUE(s.ok()) << s.status();
  auto rows = (*store)->Matches(1);
  ASSERT_TRUE(rows.ok());
  ASSERT_FALSE(rows->empty());
  for (const MatchRow& m : *rows) {
    EXPECT_EQ(m.state, "done");
    auto replay = (*store)->Replay(m.id);
    ASSERT_TRUE(replay.ok()) << replay.status();
    for (const char* h : {"\"band\"", "\"bearers\"", "\"keepers\""}) {
      EXPECT_NE(replay->replay_json.find(h), std::string::npos) << h;
    }
  }
  EXPECT_NE(ConfigKey(c), plain_key);
}

}  // namespace
}  // namespace woodland::arena
