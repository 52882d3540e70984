// Issue 14, bot lifecycle (the Arena service in this process, on SQLite):
// the conformance check at registration (a failing exec: bot is recorded
// as failing and never scheduled), versions that keep a bot's history with
// persistent ladder ratings carried over or restarted, disable and delete.
#include <algorithm>
#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "arena/service.h"
#include "arena/store.h"
#include "gtest/gtest.h"

namespace woodland::arena {
namespace {

const std::string kRandomBot = WOODLAND_RANDOM_BOT;

template <typename Pred>
bool WaitFor(Pred pred) {
  for (int i = 0; i < 3000 && !pred(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  return pred();
}

grpc::Status Register(ArenaService& s, const std::string& name,
                      const std::string& spec, const std::string& version = "1",
                      v1::BotRecord* out = nullptr) {
  v1::RegisterBotRequest r;
  r.set_name(name);
  r.set_spec(spec);
  r.set_version(version);
  v1::BotRecord ignored;
  return s.RegisterBot(nullptr, &r, out ? out : &ignored);
}

v1::BotRecord Bot(ArenaService& s, const std::string& name) {
  v1::ListBotsRequest req;
  v1::ListBotsResponse out;
  EXPECT_TRUE(s.ListBots(nullptr, &req, &out).ok());
  for (const v1::BotRecord& b : out.bots()) {
    if (b.name() == name) return b;
  }
  return {};
}

int64_t StartLadder(ArenaService& s, std::vector<std::string> bots,
                    int players) {
  v1::StartLadderRequest req;
  for (const std::string& b : bots) req.add_bots(b);
  req.set_players(players);
  req.set_seed(5);
  v1::TournamentStatus st;
  EXPECT_TRUE(s.StartLadder(nullptr, &req, &st).ok());
  return st.tournament_id();
}

void Cancel(ArenaService& s, int64_t id) {
  v1::TournamentRef ref;
  ref.set_tournament_id(id);
  v1::TournamentStatus out;
  WaitFor([&] {
    out.Clear();
    (void)s.CancelTournament(nullptr, &ref, &out);
    return out.state() != v1::TOURNAMENT_STATE_RUNNING;
  });
}

// Cancels and waits until no match of the ladder runs or will start: its
// results (and their rating updates) are all stored.
void CancelAndSettle(ArenaService& s, int64_t id) {
  v1::TournamentRef ref;
  ref.set_tournament_id(id);
  v1::TournamentStatus out;
  EXPECT_TRUE(WaitFor([&] {
    out.Clear();
    (void)s.CancelTournament(nullptr, &ref, &out);
    return out.state() != v1::TOURNAMENT_STATE_RUNNING &&
           out.matches_running() == 0;
  }));
}

// By value: a range-for over *StatusOr temporary would dangle.
std::vector<MatchRow> Rows(Store& store, int64_t id) {
  return *store.Matches(id);
}

int Done(Store& store, int64_t id) {
  int n = 0;
  for (const MatchRow& m : Rows(store, id)) n += m.state == "done";
  return n;
}

// Waits for `n` more finished matches than now (the ladder runs on).
void PlayMore(Store& store, int64_t id, int n) {
  const int target = Done(store, id) + n;
  ASSERT_TRUE(WaitFor([&] { return Done(store, id) >= target; }));
}

referee::BotCatalog Catalog() {
  referee::BotCatalog c;
  EXPECT_TRUE(c.Add("good", "exec:" + kRandomBot + " --seed 3").ok());
  EXPECT_TRUE(c.Add("dead", "exec:/bin/false").ok());
  return c;
}

TEST(BotLifecycle, Issue14_ExecBotFailingConformanceIsNeverScheduled) {
  auto store = Store::Open(":memory:");
  ASSERT_TRUE(store.ok());
  ArenaService s(store->get(), nullptr, {}, 1, Catalog());
  s.set_conformance("quick");
  v1::BotRecord dead, good;
  ASSERT_TRUE(Register(s, "dead", "catalog:dead", "1", &dead).ok());
  ASSERT_TRUE(Register(s, "good", "catalog:good", "1", &good).ok());
  // Checked before being scheduled; built-in bots pass at once.
  EXPECT_EQ(dead.conformance(), v1::CONFORMANCE_STATE_PENDING);
  ASSERT_TRUE(Register(s, "r1", "builtin:random").ok());
  EXPECT_EQ(Bot(s, "r1").conformance(), v1::CONFORMANCE_STATE_PASSED);
  s.WaitForChecks();
  EXPECT_EQ(Bot(s, "dead").conformance(), v1::CONFORMANCE_STATE_FAILED);
  EXPECT_NE(Bot(s, "dead").conformance_detail(), "");
  EXPECT_EQ(Bot(s, "good").conformance(), v1::CONFORMANCE_STATE_PASSED)
      << Bot(s, "good").conformance_detail();
  const int64_t id = StartLadder(s, {"dead", "good", "r1"}, 2);
  PlayMore(**store, id, 6);
  Cancel(s, id);
  int good_seated = 0;
  std::string tables;
  for (const MatchRow& m : Rows(**store, id)) {
    tables += absl::StrCat(absl::StrJoin(m.bots, ","), " ", m.state, "; ");
    EXPECT_EQ(std::count(m.bots.begin(), m.bots.end(), 0), 0)
        << "the failing bot was seated at table " << m.table_index;
    good_seated += std::count(m.bots.begin(), m.bots.end(), 1);
  }
  EXPECT_GT(good_seated, 0) << tables;
}

// Persistent ladder ratings of the bot's current version, overall.
v1::BotRatingsResponse::VersionRating Overall(ArenaService& s,
                                              const std::string& bot,
                                              const std::string& version) {
  v1::BotRef ref;
  ref.set_name(bot);
  v1::BotRatingsResponse out;
  EXPECT_TRUE(s.GetBotRatings(nullptr, &ref, &out).ok());
  for (const auto& r : out.ratings()) {
    if (r.version() == version && r.faction() == v1::FACTION_UNSPECIFIED)
      return r;
  }
  return {};
}

TEST(BotLifecycle, Issue14_VersionsKeepHistoryRatingsCarryOverOrRestart) {
  auto store = Store::Open(":memory:");
  ASSERT_TRUE(store.ok());
  ArenaService s(store->get(), nullptr, {}, 1);
  for (const char* b : {"a", "b", "c"})
    ASSERT_TRUE(Register(s, b, "builtin:random", "v1").ok());
  int64_t id = StartLadder(s, {"a", "b", "c"}, 2);
  PlayMore(**store, id, 9);
  CancelAndSettle(s, id);
  const auto a1 = Overall(s, "a", "v1"), b1 = Overall(s, "b", "v1");
  ASSERT_GT(a1.games(), 0);
  ASSERT_GT(b1.games(), 0);
  // The ladder ratings are per version and faction, apart from the
  // ladder's standings: every seated faction has its row.
  v1::BotRef ref;
  ref.set_name("a");
  v1::BotRatingsResponse all;
  ASSERT_TRUE(s.GetBotRatings(nullptr, &ref, &all).ok());
  int faction_games = 0;
  for (const auto& r : all.ratings()) {
    if (r.faction() != v1::FACTION_UNSPECIFIED) faction_games += r.games();
  }
  EXPECT_EQ(faction_games, a1.games());

  v1::UpdateBotRequest up;
  up.set_name("a");
  up.set_version("v2");
  v1::BotRecord rec;
  ASSERT_TRUE(s.UpdateBot(nullptr, &up, &rec).ok());  // carries over
  EXPECT_EQ(rec.version(), "v2");
  EXPECT_EQ(
      std::vector<std::string>(rec.versions().begin(), rec.versions().end()),
      (std::vector<std::string>{"v1", "v2"}));
  const auto a2 = Overall(s, "a", "v2");
  EXPECT_EQ(a2.mu(), a1.mu());
  EXPECT_EQ(a2.sigma(), a1.sigma());
  EXPECT_EQ(a2.games(), a1.games());
  up.set_name("b");
  up.set_restart_rating(true);
  ASSERT_TRUE(s.UpdateBot(nullptr, &up, &rec).ok());
  EXPECT_EQ(Overall(s, "b", "v2").games(), 0);  // no rating yet
  // The same version twice is refused; a bad version string too.
  EXPECT_EQ(s.UpdateBot(nullptr, &up, &rec).error_code(),
            grpc::StatusCode::ALREADY_EXISTS);
  up.set_version("v,3");
  EXPECT_EQ(s.UpdateBot(nullptr, &up, &rec).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);

  // A new ladder plays the new versions: a new start for b (from the
  // default), a going on for a; the old version's rows stay.
  id = StartLadder(s, {"a", "b", "c"}, 2);
  PlayMore(**store, id, 6);
  CancelAndSettle(s, id);
  int a_played = 0, b_played = 0;
  for (const MatchRow& m : Rows(**store, id)) {
    if (m.state != "done") continue;
    for (size_t i = 0; i < m.bots.size(); ++i) {
      if (m.bots[i] != 2) {
        EXPECT_EQ(m.versions[i], "v2");
      }
      a_played += m.bots[i] == 0;
      b_played += m.bots[i] == 1;
    }
  }
  ASSERT_GT(b_played, 0);
  EXPECT_EQ(Overall(s, "a", "v2").games(), a1.games() + a_played);
  EXPECT_EQ(Overall(s, "a", "v1").games(), a1.games());
  EXPECT_EQ(Overall(s, "b", "v2").games(), b_played);
  EXPECT_EQ(Overall(s, "b", "v1").games(), b1.games());
}

TEST(BotLifecycle, Issue14_DisabledAndDeletedBotsAreNotScheduled) {
  auto store = Store::Open(":memory:");
  ASSERT_TRUE(store.ok());
  ArenaService s(store->get(), nullptr, {}, 1);
  for (const char* b : {"a", "b", "c", "d"})
    ASSERT_TRUE(Register(s, b, "builtin:random").ok());
  v1::SetBotEnabledRequest off;
  off.set_name("c");
  off.set_enabled(false);
  v1::BotRecord rec;
  ASSERT_TRUE(s.SetBotEnabled(nullptr, &off, &rec).ok());
  EXPECT_FALSE(rec.enabled());
  v1::BotRef d;
  d.set_name("d");
  ASSERT_TRUE(s.DeleteBot(nullptr, &d, &rec).ok());
  EXPECT_EQ(Bot(s, "d").name(), "");  // gone from the list
  EXPECT_EQ(Register(s, "d", "builtin:random").error_code(),
            grpc::StatusCode::ALREADY_EXISTS);  // its history keeps the name
  EXPECT_EQ(s.DeleteBot(nullptr, &d, &rec).error_code(),
            grpc::StatusCode::NOT_FOUND);
  // Started with every bot (deleted ones are no longer listed).
  const int64_t id = StartLadder(s, {"a", "b", "c"}, 2);
  PlayMore(**store, id, 4);
  for (const MatchRow& m : Rows(**store, id))
    EXPECT_EQ(std::count(m.bots.begin(), m.bots.end(), 2), 0);
  // Enabled again, it is seated again.
  off.set_enabled(true);
  ASSERT_TRUE(s.SetBotEnabled(nullptr, &off, &rec).ok());
  ASSERT_TRUE(WaitFor([&] {
    for (const MatchRow& m : Rows(**store, id)) {
      if (std::count(m.bots.begin(), m.bots.end(), 2)) return true;
    }
    return false;
  }));
  Cancel(s, id);
}

// A ladder of bots still being checked waits for them instead of failing.
TEST(BotLifecycle, Issue14_LadderWaitsForBotsUnderCheck) {
  auto store = Store::Open(":memory:");
  ASSERT_TRUE(store.ok());
  ArenaService s(store->get(), nullptr, {}, 1, Catalog());
  s.set_conformance("quick");
  ASSERT_TRUE(Register(s, "r1", "builtin:random").ok());
  ASSERT_TRUE(Register(s, "good", "catalog:good").ok());
  const int64_t id = StartLadder(s, {"r1", "good"}, 2);
  PlayMore(**store, id, 2);
  EXPECT_EQ(Bot(s, "good").conformance(), v1::CONFORMANCE_STATE_PASSED);
  Cancel(s, id);
}

}  // namespace
}  // namespace woodland::arena
