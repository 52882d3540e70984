// Regression tests for issue 16 against `woodland arena serve`: watch
// streams that cost a thread each (item 7), concurrent CancelTournament
// calls that joined a thread twice and left the arena deaf to SIGTERM
// (item 9).
#include <grpcpp/grpcpp.h>
#include <signal.h>

#include <filesystem>
#include <thread>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "referee/process.h"
#include "tests/common/server_process.h"
#include "woodland/v1/arena.grpc.pb.h"

namespace woodland::arena {
namespace {

const std::string kCli = WOODLAND_CLI;

class ArenaRobust : public ::testing::Test {
 protected:
  void SetUp() override {
    db_ = ::testing::TempDir() + "/arena_robust.db";
    for (const char* s : {"", "-wal", "-shm"}) std::filesystem::remove(db_ + s);
    absl::StatusOr<test_util::ServerProcess> s = test_util::StartServer(
        {kCli, "arena", "serve", "--port", "0", "--metrics-port", "0", "--db",
         db_, "--workers", "2", "--max-watchers", "400",
         "--max-watchers-per-client", "400"},
        "arena");
    ASSERT_TRUE(s.ok()) << s.status();
    process_ = std::move(s->process);
    stub_ = v1::Arena::NewStub(
        grpc::CreateChannel(absl::StrCat("127.0.0.1:", s->port),
                            grpc::InsecureChannelCredentials()));
  }
  void TearDown() override {
    if (process_) process_->Stop(2000);
  }
  // A tournament of built-in bots long enough to still run during the test.
  int64_t CreateLongTournament() {
    for (int i = 1; i <= 5; ++i) {
      grpc::ClientContext ctx;
      v1::RegisterBotRequest r;
      r.set_name(absl::StrCat("bot", i));
      r.set_spec("builtin:random");
      v1::BotRecord out;
      EXPECT_TRUE(stub_->RegisterBot(&ctx, r, &out).ok());
    }
    grpc::ClientContext ctx;
    v1::CreateTournamentRequest t;
    for (int i = 1; i <= 5; ++i) t.add_bots(absl::StrCat("bot", i));
    t.set_players(4);
    t.set_tables_per_pairing(40);
    t.set_seed(3);
    v1::TournamentStatus status;
    grpc::Status st = stub_->CreateTournament(&ctx, t, &status);
    EXPECT_TRUE(st.ok()) << st.error_message();
    return status.tournament_id();
  }

  std::string db_;
  std::unique_ptr<referee::ChildProcess> process_;
  std::unique_ptr<v1::Arena::Stub> stub_;
};

TEST_F(ArenaRobust, ManyWatchStreamsCostNoThreads) {
  const int64_t id = CreateLongTournament();
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const int before = test_util::ThreadsOf(process_->pid());
  struct Stream {
    grpc::ClientContext ctx;
    std::unique_ptr<grpc::ClientReader<v1::TournamentStatus>> reader;
  };
  std::vector<std::unique_ptr<Stream>> streams;
  v1::TournamentRef ref;
  ref.set_tournament_id(id);
  for (int i = 0; i < 150; ++i) {
    streams.push_back(std::make_unique<Stream>());
    streams.back()->reader = stub_->WatchTournament(&streams.back()->ctx, ref);
  }
  v1::TournamentStatus s;
  ASSERT_TRUE(streams.back()->reader->Read(&s));
  EXPECT_EQ(s.state(), v1::TOURNAMENT_STATE_RUNNING) << "ended too early";
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  EXPECT_LT(test_util::ThreadsOf(process_->pid()), before + 20)
      << "before " << before;
  EXPECT_TRUE(test_util::EndsOnSigterm(*process_, 10));
  for (auto& st : streams) st->ctx.TryCancel();
}

TEST_F(ArenaRobust, ConcurrentCancelsThenSigterm) {
  const int64_t id = CreateLongTournament();
  std::vector<std::thread> cancels;
  std::vector<grpc::Status> statuses(4);
  std::vector<v1::TournamentStatus> results(4);
  for (int i = 0; i < 4; ++i) {
    cancels.emplace_back([&, i] {
      grpc::ClientContext ctx;
      ctx.set_deadline(std::chrono::system_clock::now() +
                       std::chrono::seconds(60));
      v1::TournamentRef ref;
      ref.set_tournament_id(id);
      statuses[i] = stub_->CancelTournament(&ctx, ref, &results[i]);
    });
  }
  for (auto& t : cancels) t.join();
  for (int i = 0; i < 4; ++i) {
    ASSERT_TRUE(statuses[i].ok()) << i << ": " << statuses[i].error_message();
    EXPECT_EQ(results[i].state(), v1::TOURNAMENT_STATE_CANCELLED) << i;
  }
  EXPECT_TRUE(process_->Running()) << process_->Stderr();
  EXPECT_TRUE(test_util::EndsOnSigterm(*process_, 10));
}

}  // namespace
}  // namespace woodland::arena
