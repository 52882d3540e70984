// Issue 14 end to end with real processes on port 0: accounts (tokens as
// gRPC metadata, stored hashed; owners alone update their bots, admins
// alone run ladders), each bot's stderr shown to its owner only, Referee
// calls authenticated, the WatchMatch id of a running ladder match on a
// remote referee, and `woodland tournament --tau`.
#include <grpcpp/grpcpp.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <thread>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "arena/auth.h"
#include "arena/store.h"
#include "gtest/gtest.h"
#include "tests/common/server_process.h"
#include "woodland/v1/arena.grpc.pb.h"
#include "woodland/v1/referee.grpc.pb.h"

namespace woodland::arena {
namespace {

const std::string kCli = WOODLAND_CLI;
const std::string kRandomBot = WOODLAND_RANDOM_BOT;

// Runs a command; returns its stdout (and its exit status in *rc).
std::string RunCommand(const std::string& cmd, int* rc = nullptr) {
  std::string out;
  FILE* p = popen(cmd.c_str(), "r");
  if (p == nullptr) return out;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof(buf), p)) > 0) out.append(buf, n);
  const int status = pclose(p);
  if (rc != nullptr) *rc = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return out;
}

std::string AddUser(const std::string& db, const std::string& name,
                    const std::string& role) {
  int rc = 0;
  std::string token = RunCommand(absl::StrCat(kCli, " arena user add ", name,
                                              " --role ", role, " --db ", db),
                                 &rc);
  EXPECT_EQ(rc, 0);
  return std::string(absl::StripAsciiWhitespace(token));
}

std::string FreshDb(const std::string& name) {
  const std::string db = ::testing::TempDir() + "/" + name;
  for (const char* s : {"", "-wal", "-shm"}) std::remove((db + s).c_str());
  return db;
}

template <typename Pred>
bool WaitFor(Pred pred, int ms = 180000) {
  for (int i = 0; i < ms / 20 && !pred(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  return pred();
}

// One call with `token` ("" sends none).
template <typename Req, typename Resp, typename Fn>
grpc::Status Call(const std::string& token, Fn fn, const Req& req, Resp* resp) {
  grpc::ClientContext ctx;
  ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(30));
  AddToken(&ctx, token);
  return fn(&ctx, req, resp);
}

std::unique_ptr<v1::Arena::Stub> ArenaStub(int port) {
  return v1::Arena::NewStub(grpc::CreateChannel(
      absl::StrCat("127.0.0.1:", port), grpc::InsecureChannelCredentials()));
}

// Registers catalogue bots `names` (spec catalog:NAME) as `token`'s.
void RegisterCatalogBots(v1::Arena::Stub& stub, const std::string& token,
                         std::initializer_list<const char*> names) {
  auto reg = [&](auto* ctx, const auto& r, auto* o) {
    return stub.RegisterBot(ctx, r, o);
  };
  for (const char* name : names) {
    v1::RegisterBotRequest r;
    r.set_name(name);
    r.set_spec(absl::StrCat("catalog:", name));
    v1::BotRecord rec;
    ASSERT_TRUE(Call(token, reg, r, &rec).ok()) << name;
  }
}

TEST(Accounts, Issue14_TokensOwnersAdminsAndStderrForTheOwnerOnly) {
  const std::string db = FreshDb("accounts.db");
  const std::string root = AddUser(db, "root", "admin");
  const std::string alice = AddUser(db, "alice", "user");
  const std::string bob = AddUser(db, "bob", "user");
  ASSERT_EQ(root.size(), 64u);
  {  // stored as a hash only
    auto store = Store::Open(db);
    ASSERT_TRUE(store.ok());
    auto u = (*store)->UserByTokenHash(HashToken(alice));
    ASSERT_TRUE(u.ok());
    EXPECT_EQ(u->name, "alice");
    EXPECT_EQ(u->role, "user");
    EXPECT_FALSE((*store)->UserByTokenHash(alice).ok());
  }
  // A bot that talks on stderr, then plays randomly.
  const std::string dir = ::testing::TempDir() + "/talker";
  std::filesystem::create_directories(dir);
  {
    std::ofstream f(dir + "/talker.sh");
    f << "#!/bin/sh\necho \"talker says hello\" >&2\nexec \"$@\"\n";
  }
  std::filesystem::permissions(dir + "/talker.sh",
                               std::filesystem::perms::owner_all |
                                   std::filesystem::perms::group_read |
                                   std::filesystem::perms::group_exec |
                                   std::filesystem::perms::others_read |
                                   std::filesystem::perms::others_exec);
  const std::string bots = dir + "/bots.txt";
  {
    std::ofstream f(bots);
    f << "talker exec:" << dir << "/talker.sh " << kRandomBot << "\n";
  }
  auto server = test_util::StartServer(
      {kCli, "arena", "serve", "--port", "0", "--metrics-port", "0", "--db", db,
       "--workers", "1", "--bots-file", bots, "--accounts", "--conformance",
       "quick"},
      "arena");
  ASSERT_TRUE(server.ok()) << server.status();
  auto stub = ArenaStub(server->port);
  auto list = [&](auto* ctx, const auto& r, auto* o) {
    return stub->ListBots(ctx, r, o);
  };
  v1::ListBotsResponse bots_out;
  EXPECT_EQ(Call("", list, v1::ListBotsRequest(), &bots_out).error_code(),
            grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(
      Call("nonsense", list, v1::ListBotsRequest(), &bots_out).error_code(),
      grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_TRUE(Call(bob, list, v1::ListBotsRequest(), &bots_out).ok());

  auto reg = [&](auto* ctx, const auto& r, auto* o) {
    return stub->RegisterBot(ctx, r, o);
  };
  v1::RegisterBotRequest r;
  r.set_name("talker");
  r.set_spec("catalog:talker");
  r.set_version("1");
  r.set_owner("root");  // ignored: the caller owns it
  v1::BotRecord rec;
  ASSERT_TRUE(Call(alice, reg, r, &rec).ok());
  EXPECT_EQ(rec.owner(), "alice");
  r.set_name("r1");
  r.set_spec("builtin:random");
  ASSERT_TRUE(Call(root, reg, r, &rec).ok());
  r.set_name("mine");  // alice's second bot (built in: no check to wait for)
  ASSERT_TRUE(Call(alice, reg, r, &rec).ok());

  auto update = [&](auto* ctx, const auto& r, auto* o) {
    return stub->UpdateBot(ctx, r, o);
  };
  v1::UpdateBotRequest up;
  up.set_name("mine");
  up.set_version("2");
  EXPECT_EQ(Call(bob, update, up, &rec).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(Call(root, update, up, &rec).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);  // the owner alone
  ASSERT_TRUE(Call(alice, update, up, &rec).ok());
  auto enable = [&](auto* ctx, const auto& r, auto* o) {
    return stub->SetBotEnabled(ctx, r, o);
  };
  v1::SetBotEnabledRequest en;
  en.set_name("talker");
  en.set_enabled(true);
  EXPECT_EQ(Call(bob, enable, en, &rec).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);

  auto ladder = [&](auto* ctx, const auto& r, auto* o) {
    return stub->StartLadder(ctx, r, o);
  };
  v1::StartLadderRequest lr;
  lr.add_bots("talker");
  lr.add_bots("r1");
  lr.set_players(2);
  lr.add_factions(v1::FACTION_MARQUISE);
  lr.add_factions(v1::FACTION_EYRIE);
  v1::TournamentStatus st;
  EXPECT_EQ(Call(alice, ladder, lr, &st).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  ASSERT_TRUE(Call(root, ladder, lr, &st).ok());
  const int64_t id = st.tournament_id();

  auto matches = [&](auto* ctx, const auto& r, auto* o) {
    return stub->ListMatches(ctx, r, o);
  };
  v1::ListMatchesRequest mr;
  mr.set_tournament_id(id);
  int64_t match = 0;
  ASSERT_TRUE(WaitFor([&] {
    v1::ListMatchesResponse out;
    if (!Call(bob, matches, mr, &out).ok()) return false;
    for (const auto& m : out.matches()) {
      if (m.state() == "done") match = m.match_id();
    }
    return match != 0;
  })) << server->process->Stderr();
  auto err = [&](auto* ctx, const auto& r, auto* o) {
    return stub->GetBotStderr(ctx, r, o);
  };
  v1::BotStderrRequest er;
  er.set_match_id(match);
  er.set_bot("talker");
  v1::BotStderrResponse eout;
  ASSERT_TRUE(Call(alice, err, er, &eout).ok());
  ASSERT_EQ(eout.stderr_size(), 1);
  EXPECT_NE(eout.stderr(0).find("talker says hello"), std::string::npos);
  EXPECT_EQ(Call(bob, err, er, &eout).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(Call(root, err, er, &eout).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  // Results and replays never carry it.
  auto replay = [&](auto* ctx, const auto& r, auto* o) {
    return stub->GetMatchReplay(ctx, r, o);
  };
  v1::MatchReplayRequest rr;
  rr.set_match_id(match);
  v1::Replay rep;
  ASSERT_TRUE(Call(bob, replay, rr, &rep).ok());
  EXPECT_EQ(rep.DebugString().find("talker says hello"), std::string::npos);

  auto cancel = [&](auto* ctx, const auto& r, auto* o) {
    return stub->CancelTournament(ctx, r, o);
  };
  v1::TournamentRef ref;
  ref.set_tournament_id(id);
  EXPECT_EQ(Call(alice, cancel, ref, &st).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_TRUE(Call(root, cancel, ref, &st).ok());
  EXPECT_TRUE(test_util::EndsOnSigterm(*server->process, 30));
}

TEST(Accounts, Issue14_RefereeNeedsTokensAndLadderMatchesAreWatchable) {
  const std::string db = FreshDb("referee_accounts.db");
  const std::string root = AddUser(db, "root", "admin");
  const std::string alice = AddUser(db, "alice", "user");
  const std::string token_file = ::testing::TempDir() + "/root.token";
  { std::ofstream(token_file) << root << "\n"; }
  const std::string bot = "r=exec:" + kRandomBot;
  auto referee = test_util::StartServer(
      {kCli, "referee", "serve", "--port", "0", "--metrics-port", "0",
       "--accounts-db", db, "--bot", bot, "--bot", "r2=exec:" + kRandomBot},
      "referee");
  ASSERT_TRUE(referee.ok()) << referee.status();
  auto ref_stub = v1::Referee::NewStub(
      grpc::CreateChannel(absl::StrCat("127.0.0.1:", referee->port),
                          grpc::InsecureChannelCredentials()));
  auto run = [&](auto* ctx, const auto& r, auto* o) {
    return ref_stub->RunMatch(ctx, r, o);
  };
  const v1::MatchSpec spec =
      test_util::TwoSeatSpec("builtin:random", "builtin:random");
  v1::MatchResult result;
  EXPECT_EQ(Call("", run, spec, &result).error_code(),
            grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(Call(alice, run, spec, &result).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_TRUE(Call(root, run, spec, &result).ok());

  auto arena =
      test_util::StartServer({kCli,
                              "arena",
                              "serve",
                              "--port",
                              "0",
                              "--metrics-port",
                              "0",
                              "--db",
                              db,
                              "--workers",
                              "1",
                              "--accounts",
                              "--conformance",
                              "off",
                              "--referee",
                              absl::StrCat("127.0.0.1:", referee->port),
                              "--referee-token-file",
                              token_file,
                              "--bot",
                              bot,
                              "--bot",
                              "r2=exec:" + kRandomBot},
                             "arena");
  ASSERT_TRUE(arena.ok()) << arena.status();
  auto stub = ArenaStub(arena->port);
  RegisterCatalogBots(*stub, root, {"r", "r2"});
  auto ladder = [&](auto* ctx, const auto& r, auto* o) {
    return stub->StartLadder(ctx, r, o);
  };
  v1::StartLadderRequest lr;
  lr.set_players(2);
  lr.add_factions(v1::FACTION_MARQUISE);
  lr.add_factions(v1::FACTION_EYRIE);
  v1::TournamentStatus st;
  ASSERT_TRUE(Call(root, ladder, lr, &st).ok());
  auto matches = [&](auto* ctx, const auto& r, auto* o) {
    return stub->ListMatches(ctx, r, o);
  };
  v1::ListMatchesRequest mr;
  mr.set_tournament_id(st.tournament_id());
  v1::MatchSummary running;
  ASSERT_TRUE(WaitFor([&] {
    v1::ListMatchesResponse out;
    if (!Call(alice, matches, mr, &out).ok()) return false;
    for (const auto& m : out.matches()) {
      if (m.state() == "running" && !m.watch_match_id().empty()) running = m;
    }
    return !running.watch_match_id().empty();
  }));
  EXPECT_EQ(running.referee(), absl::StrCat("127.0.0.1:", referee->port));
  // The referee streams it to an authenticated watcher (to its end).
  v1::WatchRequest wr;
  wr.set_match_id(running.watch_match_id());
  {
    grpc::ClientContext ctx;
    ctx.set_deadline(std::chrono::system_clock::now() +
                     std::chrono::seconds(60));
    auto reader = ref_stub->WatchMatch(&ctx, wr);
    v1::MatchUpdate u;
    int updates = 0;
    while (reader->Read(&u)) ++updates;
    EXPECT_EQ(reader->Finish().error_code(), grpc::StatusCode::UNAUTHENTICATED);
    EXPECT_EQ(updates, 0);
  }
  // The arena enters the id just before its RunMatch reaches the referee:
  // a watcher may be a moment early (NOT_FOUND), then sees it to its end.
  bool ended = false;
  grpc::Status fin;
  for (int attempt = 0; attempt < 100 && !ended; ++attempt) {
    grpc::ClientContext ctx;
    ctx.set_deadline(std::chrono::system_clock::now() +
                     std::chrono::seconds(60));
    AddToken(&ctx, alice);
    auto reader = ref_stub->WatchMatch(&ctx, wr);
    v1::MatchUpdate u;
    while (reader->Read(&u)) ended |= u.has_result();
    fin = reader->Finish();
    if (fin.error_code() != grpc::StatusCode::NOT_FOUND) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_TRUE(fin.ok()) << fin.error_code() << " " << fin.error_message();
  EXPECT_TRUE(ended);
  auto cancel = [&](auto* ctx, const auto& r, auto* o) {
    return stub->CancelTournament(ctx, r, o);
  };
  v1::TournamentRef ref;
  ref.set_tournament_id(st.tournament_id());
  EXPECT_TRUE(Call(root, cancel, ref, &st).ok());
  EXPECT_TRUE(test_util::EndsOnSigterm(*arena->process, 30));
}

// `woodland tournament --tau T` sets the dynamics factor as `arena serve`
// does: without it (tau 0) sigma shrinks further over the same matches.
// Issue 14 with issue 15: with accounts on, the web API takes the same
// tokens as the gRPC metadata and answers a plain user as a reader of the
// Arena service (it was refused as unauthenticated before).
TEST(Accounts, Issue14_WebApiTakesTheSameTokensAsTheService) {
  const std::string db = FreshDb("web_accounts.db");
  const std::string root = AddUser(db, "root", "admin");
  const std::string alice = AddUser(db, "alice", "user");
  const std::string bot = "r=exec:" + kRandomBot;
  auto server = test_util::StartServer({kCli,
                                        "arena",
                                        "serve",
                                        "--port",
                                        "0",
                                        "--metrics-port",
                                        "0",
                                        "--db",
                                        db,
                                        "--workers",
                                        "1",
                                        "--accounts",
                                        "--conformance",
                                        "off",
                                        "--http-port",
                                        "0",
                                        "--bot",
                                        bot,
                                        "--bot",
                                        "r2=exec:" + kRandomBot},
                                       "arena");
  ASSERT_TRUE(server.ok()) << server.status();
  const std::string err = server->process->Stderr();
  const std::string mark = "arena http on 127.0.0.1:";
  const size_t at = err.find(mark);
  ASSERT_NE(at, std::string::npos) << err;
  const int http_port = std::atoi(err.c_str() + at + mark.size());
  ASSERT_GT(http_port, 0);

  auto stub = ArenaStub(server->port);
  RegisterCatalogBots(*stub, root, {"r", "r2"});
  auto create = [&](auto* ctx, const auto& r, auto* o) {
    return stub->CreateTournament(ctx, r, o);
  };
  v1::CreateTournamentRequest cr;
  cr.add_bots("r");
  cr.add_bots("r2");
  cr.add_factions(v1::FACTION_MARQUISE);
  cr.add_factions(v1::FACTION_EYRIE);
  cr.set_players(2);
  cr.set_tables_per_pairing(2);
  cr.set_seed(3);
  v1::TournamentStatus st;
  ASSERT_TRUE(Call(root, create, cr, &st).ok());
  const std::string standings =
      absl::StrCat("/api/standings?tournament=", st.tournament_id());
  auto get = [&](const std::string& path, const std::string& token) {
    return test_util::HttpGet(
        http_port, path,
        token.empty() ? ""
                      : absl::StrCat("Authorization: Bearer ", token, "\r\n"));
  };
  auto status_of = [](const std::string& response) {
    return response.substr(0, response.find("\r\n"));
  };
  EXPECT_NE(status_of(get("/api/tournaments", "")).find(" 401 "),
            std::string::npos);
  EXPECT_NE(status_of(get("/api/tournaments", "nonsense")).find(" 401 "),
            std::string::npos);
  EXPECT_NE(status_of(get(standings, "")).find(" 401 "), std::string::npos);
  // The pages themselves are public; only the API is guarded.
  EXPECT_NE(status_of(get("/", "")).find(" 200 "), std::string::npos);
  const std::string list = get("/api/tournaments", alice);
  EXPECT_NE(status_of(list).find(" 200 "), std::string::npos) << list;
  EXPECT_NE(
      list.find(absl::StrCat("\"tournament_id\":\"", st.tournament_id(), "\"")),
      std::string::npos)
      << list;
  ASSERT_TRUE(WaitFor([&] {
    const std::string page = get(
        absl::StrCat("/api/matches?tournament=", st.tournament_id()), alice);
    return page.find("\"done\"") != std::string::npos;
  })) << server->process->Stderr();
  const std::string table = get(standings, alice);
  EXPECT_NE(status_of(table).find(" 200 "), std::string::npos) << table;
  EXPECT_NE(table.find("\"r2\""), std::string::npos) << table;
}

TEST(TournamentCli, Issue14_TakesTau) {
  const std::string cmd = absl::StrCat(
      kCli,
      " tournament --bot a=builtin:random --bot b=builtin:random --players 2 "
      "--factions marquise,eyrie --tables 2 --seed 4 --json");
  int rc = 0;
  const std::string with = RunCommand(cmd, &rc);
  ASSERT_EQ(rc, 0);
  const std::string without = RunCommand(cmd + " --tau 0", &rc);
  ASSERT_EQ(rc, 0);
  auto sigma = [](const std::string& json) {
    const size_t at = json.find("\"sigma\":");
    return at == std::string::npos ? -1.0 : std::stod(json.substr(at + 8));
  };
  ASSERT_GT(sigma(with), 0);
  EXPECT_LT(sigma(without), sigma(with));
  (void)RunCommand(cmd + " --tau -1 2>/dev/null", &rc);
  EXPECT_EQ(rc, 2);
}

}  // namespace
}  // namespace woodland::arena
