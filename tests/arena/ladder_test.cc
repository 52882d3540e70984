// Issue 14: a ladder people can trust. Incremental ratings equal to a full
// recomputation and no re-reading of stored matches per result; forfeits
// and suspension of dead bots; the match count across a restart; metrics
// equal to the database; the rating dynamics factor; smaller service fixes.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "arena/service.h"
#include "arena/tournament.h"
#include "gtest/gtest.h"
#include "prometheus/registry.h"
#include "referee/convert.h"
#include "referee/rules/types.h"

namespace woodland::arena {
namespace {

TournamentConfig Builtin(int bots, const std::string& key) {
  TournamentConfig c;
  for (int i = 1; i <= bots; ++i)
    c.bots.push_back({"bot" + std::to_string(i), "builtin:random"});
  c.factions = {rules::kMarquise, rules::kEyrie, rules::kAlliance,
                rules::kVagabond};
  c.players = 4;
  c.tables_per_pairing = 4;
  c.seed = 5;
  c.workers = 2;
  c.key = key;
  return c;
}

std::map<std::pair<std::string, int>, RatingRow> ByKey(
    const std::vector<RatingRow>& rows) {
  std::map<std::pair<std::string, int>, RatingRow> out;
  for (const RatingRow& r : rows) out[{r.bot, r.faction}] = r;
  return out;
}

void ExpectSameRows(const std::vector<RatingRow>& a,
                    const std::vector<RatingRow>& b) {
  const auto x = ByKey(a), y = ByKey(b);
  ASSERT_EQ(x.size(), y.size());
  for (const auto& [key, r] : x) {
    ASSERT_TRUE(y.count(key)) << key.first << " " << key.second;
    const RatingRow& s = y.at(key);
    EXPECT_EQ(r.mu, s.mu) << key.first << " " << key.second;  // exactly
    EXPECT_EQ(r.sigma, s.sigma) << key.first << " " << key.second;
    EXPECT_EQ(r.games, s.games);
    EXPECT_EQ(r.wins, s.wins);
    EXPECT_EQ(r.vp, s.vp);
  }
}

// Issue 14.2: the explicit full recomputation gives the numbers the
// incremental updates stored, for a ladder and for a round-robin whose two
// workers finish matches out of schedule order.
TEST(Ladder, Issue14_FullRecomputationEqualsIncrementalRatings) {
  auto store = Store::Open(":memory:");
  ASSERT_TRUE(store.ok());
  const TournamentConfig ladder = Builtin(5, "recompute-ladder");
  ASSERT_TRUE(RunLadder(ladder, **store, 30).ok());
  const TournamentConfig rr = Builtin(5, "recompute-rr");
  ASSERT_TRUE(RunTournament(rr, **store).ok());
  for (auto [tid, c] :
       {std::pair<int64_t, const TournamentConfig*>{1, &ladder}, {2, &rr}}) {
    auto stored = (*store)->Ratings(tid);
    ASSERT_TRUE(stored.ok());
    ASSERT_FALSE(stored->empty());
    auto again = RecomputeRatings(*c, **store, tid);
    ASSERT_TRUE(again.ok()) << again.status();
    auto recomputed = (*store)->Ratings(tid);
    ASSERT_TRUE(recomputed.ok());
    ExpectSameRows(*stored, *recomputed);
    auto standings = StoredStandings(*c, **store, tid);
    ASSERT_TRUE(standings.ok());
    EXPECT_EQ(StandingsJson(*c, *again), StandingsJson(*c, *standings));
  }
}

// Issue 14.2: a finished match used to re-read every stored match; now a
// ladder reads the stored ones once when it starts.
TEST(Ladder, Issue14_AResultDoesNotReReadTheStoredMatches) {
  auto store = Store::Open(":memory:");
  ASSERT_TRUE(store.ok());
  const TournamentConfig c = Builtin(5, "reads");
  ASSERT_TRUE(RunLadder(c, **store, 10).ok());
  const int64_t before = (*store)->match_rows_read();
  ASSERT_TRUE(RunLadder(c, **store, 20).ok());  // resumes: 10 stored
  EXPECT_LE((*store)->match_rows_read() - before, 10);
}

v1::MatchResult FourSeats() {
  v1::MatchResult r;
  for (int i = 0; i < 4; ++i) {
    v1::SeatResult* s = r.add_seats();
    s->set_seat(i);
    s->set_faction(referee::FactionToProto(i));
    s->set_victory_points(10 + i);
    s->set_decisions(100);
  }
  r.mutable_seats(3)->set_victory_points(30);
  r.mutable_seats(3)->set_winner(true);
  return r;
}

// Issue 14.3: a seat that never connected, or whose decisions the fallback
// mostly made, forfeits with the reason; a seat the fallback played for
// half of its decisions or less does not.
TEST(Forfeit, Issue14_NeverConnectedOrMostlyFallbackForfeits) {
  v1::MatchResult r = FourSeats();
  v1::Fault* f = r.mutable_seats(3)->add_faults();
  f->set_decision_index(-1);
  f->set_reason(v1::FAULT_REASON_STARTUP);
  f->set_detail("exec failed");
  f = r.mutable_seats(3)->add_faults();
  f->set_decision_index(-1);
  f->set_reason(v1::FAULT_REASON_REPLACED);
  v1::Replay replay;
  auto decide = [&](int seat, int n, bool fallback) {
    for (int i = 0; i < n; ++i) {
      v1::DecisionRecord* d = replay.add_decisions();
      d->set_seat(seat);
      if (fallback) d->set_fallback_reason(v1::FAULT_REASON_REPLACED);
    }
  };
  decide(0, 49, true);  // seat 0: 49 of 100 by the fallback
  decide(0, 51, false);
  decide(1, 51, true);  // seat 1: 51 of 100
  decide(1, 49, false);
  decide(2, 100, false);
  decide(3, 100, true);
  const std::vector<SeatForfeit> got = FindForfeits(r, replay);
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0].seat, 1);
  EXPECT_FALSE(got[0].never_started);
  EXPECT_NE(got[0].reason.find("51 of 100"), std::string::npos);
  EXPECT_EQ(got[1].seat, 3);
  EXPECT_TRUE(got[1].never_started);
  EXPECT_NE(got[1].reason.find("exec failed"), std::string::npos);
  EXPECT_EQ(ParseForfeits(ForfeitsText(got)), got);
  // Seat 3 won on the board but forfeited: last with seat 1; seat 2 (VP 12)
  // first, seat 0 (VP 10) second.
  EXPECT_EQ(Ranks(r, got), (std::vector<int>{2, 3, 1, 3}));
}

// Issue 14.3: a bot whose process never starts is rated last, not on its
// stand-in's play; after 3 start failures in a row it is suspended and the
// ladder goes on without it.
TEST(Forfeit, Issue14_ADeadBotForfeitsAndIsSuspended) {
  auto store = Store::Open(":memory:");
  ASSERT_TRUE(store.ok());
  TournamentConfig c = Builtin(5, "dead");
  c.bots[2] = {"dead", "exec:/nonexistent/woodland-bot"};
  auto s = RunLadder(c, **store, 12);
  ASSERT_TRUE(s.ok()) << s.status();
  const BotStanding* dead = nullptr;
  for (const BotStanding& b : s->bots) {
    if (b.name == "dead") dead = &b;
  }
  ASSERT_NE(dead, nullptr);
  EXPECT_TRUE(dead->suspended);
  EXPECT_EQ(dead->games, 3);
  EXPECT_EQ(dead->forfeits, 3);
  EXPECT_EQ(dead->wins, 0);
  EXPECT_EQ(s->bots.back().name, "dead");  // lowest ordinal
  auto rows = (*store)->Matches(1);
  ASSERT_TRUE(rows.ok());
  int with_dead = 0;
  for (const MatchRow& m : *rows) {
    const auto seat = std::find(m.bots.begin(), m.bots.end(), 2);
    if (seat == m.bots.end()) continue;
    ++with_dead;
    const std::vector<SeatForfeit> f = ParseForfeits(m.forfeits);
    ASSERT_EQ(f.size(), 1u) << m.forfeits;
    EXPECT_EQ(f[0].seat, seat - m.bots.begin());
    EXPECT_TRUE(f[0].never_started);
    EXPECT_NE(f[0].reason.find("never connected"), std::string::npos);
  }
  EXPECT_EQ(with_dead, 3);
  EXPECT_NE(StandingsText(c, *s).find("SUSPENDED"), std::string::npos);
}

// The value of a metric without labels (or -1).
double Value(ArenaMetrics& m, const std::string& name) {
  for (const auto& family : m.registry()->Collect()) {
    if (family.name != name || family.metric.empty()) continue;
    const auto& x = family.metric[0];
    return family.type == prometheus::MetricType::Counter ? x.counter.value
                                                          : x.gauge.value;
  }
  return -1;
}

struct RowCounts {
  int all = 0, done = 0, pending = 0, running = 0;
};
RowCounts Count(Store& store, int64_t tid) {
  RowCounts n;
  auto rows = store.Matches(tid);
  for (const MatchRow& m : *rows) {
    ++n.all;
    n.done += m.state == "done";
    n.pending += m.state == "pending";
    n.running += m.state == "running";
  }
  return n;
}

// Issue 14.5: scheduled counted once, the queue back to the pending rows
// after a cancel, finished equal to the stored results, workers up the
// healthy ones.
TEST(Metrics, Issue14_MetricsEqualTheDatabase) {
  auto store = Store::Open(":memory:");
  ASSERT_TRUE(store.ok());
  ArenaMetrics metrics;
  TournamentConfig ladder = Builtin(5, "metrics-ladder");
  ladder.metrics = &metrics;
  ASSERT_TRUE(RunLadder(ladder, **store, 6).ok());
  RowCounts n = Count(**store, 1);
  EXPECT_EQ(Value(metrics, "woodland_arena_matches_scheduled_total"), n.all);
  EXPECT_EQ(Value(metrics, "woodland_arena_matches_finished_total"), n.done);
  EXPECT_EQ(Value(metrics, "woodland_arena_queue_depth"), n.pending);
  EXPECT_EQ(Value(metrics, "woodland_arena_matches_running"), 0);
  EXPECT_EQ(Value(metrics, "woodland_arena_referee_workers_up"), 1);

  // A round-robin stopped after 3 of its 20 matches: 17 pending.
  TournamentConfig rr = Builtin(5, "metrics-rr");
  rr.metrics = &metrics;
  rr.stop_after = 3;
  ASSERT_TRUE(RunTournament(rr, **store).ok());
  const RowCounts m = Count(**store, 2);
  EXPECT_EQ(m.done, 3);
  EXPECT_EQ(Value(metrics, "woodland_arena_matches_scheduled_total"),
            n.all + m.all);
  EXPECT_EQ(Value(metrics, "woodland_arena_matches_finished_total"),
            n.done + m.done);
  EXPECT_EQ(Value(metrics, "woodland_arena_queue_depth"), 0);  // not running
  EXPECT_EQ(Value(metrics, "woodland_arena_matches_running"), 0);

  // A referee worker that does not answer is not up.
  TournamentConfig remote = Builtin(5, "metrics-remote");
  remote.metrics = &metrics;
  remote.referees = {"127.0.0.1:1"};
  EXPECT_FALSE(RunLadder(remote, **store, 1).ok());
  EXPECT_EQ(Value(metrics, "woodland_arena_referee_workers_up"), 0);
  EXPECT_EQ(Value(metrics, "woodland_arena_queue_depth"), 0);
  EXPECT_EQ(Value(metrics, "woodland_arena_matches_running"), 0);
  EXPECT_EQ(Value(metrics, "woodland_arena_matches_failed_total"), 1);
}

// Waits until `pred` holds (at most 60 s).
template <typename Pred>
bool WaitFor(Pred pred) {
  for (int i = 0; i < 1200 && !pred(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  return pred();
}

// Cancels a tournament and returns its status once it has ended.
v1::TournamentStatus CancelAndWait(ArenaService& s, int64_t id) {
  v1::TournamentRef ref;
  ref.set_tournament_id(id);
  v1::TournamentStatus out;
  WaitFor([&] {
    out.Clear();
    (void)s.CancelTournament(nullptr, &ref, &out);
    return out.state() != v1::TOURNAMENT_STATE_RUNNING;
  });
  return out;
}

// Registers builtin random bots bot1..bot`n` with `s` (and lists them in
// `t` if given); false if one was refused.
bool RegisterBuiltin(ArenaService& s, int n,
                     v1::CreateTournamentRequest* t = nullptr) {
  for (int i = 1; i <= n; ++i) {
    v1::RegisterBotRequest r;
    r.set_name("bot" + std::to_string(i));
    r.set_spec("builtin:random");
    v1::BotRecord out;
    if (!s.RegisterBot(nullptr, &r, &out).ok()) return false;
    if (t != nullptr) t->add_bots(r.name());
  }
  return true;
}

// Issue 14.4: a ladder restarted on the same database keeps counting from
// the matches it has stored.
TEST(ArenaLadder, Issue14_MatchesDoneSurvivesARestart) {
  const std::string db = ::testing::TempDir() + "/issue14_restart.db";
  for (const char* s : {"", "-wal", "-shm"}) std::remove((db + s).c_str());
  auto store = Store::Open(db);
  ASSERT_TRUE(store.ok());
  {
    ArenaService s(store->get(), nullptr, {}, 1);
    ASSERT_TRUE(RegisterBuiltin(s, 4));
  }
  int64_t id = 0;
  {
    ArenaService first(store->get(), nullptr, {}, 1);
    v1::StartLadderRequest req;
    req.set_seed(3);
    v1::TournamentStatus st;
    ASSERT_TRUE(first.StartLadder(nullptr, &req, &st).ok());
    id = st.tournament_id();
    ASSERT_TRUE(WaitFor([&] { return Count(**store, id).done >= 3; }));
  }  // the arena stops (as if restarted: the ladder was running)
  ASSERT_TRUE((*store)->SetTournamentState(id, "running").ok());
  const int stored = Count(**store, id).done;
  ArenaService second(store->get(), nullptr, {}, 1);
  second.ResumeAll();
  ASSERT_TRUE(WaitFor([&] { return Count(**store, id).done >= stored + 2; }));
  v1::TournamentStatus st = CancelAndWait(second, id);
  // The match running at the cancel may still end and be stored: wait for
  // the status to say what the database says.
  EXPECT_TRUE(WaitFor([&] {
    st = CancelAndWait(second, id);
    return Count(**store, id).running == 0 &&
           st.matches_done() == Count(**store, id).done;
  })) << st.matches_done()
      << " done, stored " << Count(**store, id).done;
  EXPECT_GE(st.matches_done(), stored + 2);
}

// Issue 14.6: CreateTournament says how many matches it will play, and the
// all-bots faction list carries a faction rating.
TEST(ArenaLadder, Issue14_CreateReportsTotalAndFactionsAreRated) {
  auto store = Store::Open(":memory:");
  ASSERT_TRUE(store.ok());
  ArenaService s(store->get(), nullptr, {}, 2);
  v1::CreateTournamentRequest t;
  ASSERT_TRUE(RegisterBuiltin(s, 4, &t));
  t.set_players(4);
  t.set_tables_per_pairing(8);
  t.set_seed(1);
  v1::TournamentStatus st;
  ASSERT_TRUE(s.CreateTournament(nullptr, &t, &st).ok());
  EXPECT_EQ(st.matches_total(), 8);  // C(4,4) x 8 tables
  v1::TournamentRef ref;
  ref.set_tournament_id(st.tournament_id());
  ASSERT_TRUE(
      WaitFor([&] { return Count(**store, ref.tournament_id()).done == 8; }));
  v1::StandingsResponse standings;
  ASSERT_TRUE(WaitFor([&] {
    standings.Clear();
    return s.GetStandings(nullptr, &ref, &standings).ok() &&
           standings.factions_size() == 4 && standings.factions(0).games() == 8;
  }));
  std::vector<double> ordinals;
  for (const v1::FactionStanding& f : standings.factions()) {
    EXPECT_EQ(f.games(), 8);
    ordinals.push_back(f.ordinal());
  }
  // Rated like players: after 8 games each, sigma well below 25/3 and the
  // ordinals no longer all the initial 0.
  EXPECT_NE(*std::max_element(ordinals.begin(), ordinals.end()), 0.0);
  EXPECT_GT(*std::min_element(ordinals.begin(), ordinals.end()), -25.0);
}

// Issue 14.6: CancelTournament returns at once; the running match ends in
// the background and the ladder ends cancelled.
TEST(ArenaLadder, Issue14_CancelReturnsAtOnce) {
  auto store = Store::Open(":memory:");
  ASSERT_TRUE(store.ok());
  ArenaService s(store->get(), nullptr, {}, 1);
  ASSERT_TRUE(RegisterBuiltin(s, 4));
  v1::StartLadderRequest req;
  v1::TournamentStatus st;
  ASSERT_TRUE(s.StartLadder(nullptr, &req, &st).ok());
  v1::TournamentRef ref;
  ref.set_tournament_id(st.tournament_id());
  ASSERT_TRUE(WaitFor(
      [&] { return Count(**store, ref.tournament_id()).running == 1; }));
  const absl::Time t0 = absl::Now();
  v1::TournamentStatus out;
  ASSERT_TRUE(s.CancelTournament(nullptr, &ref, &out).ok());
  EXPECT_LT(absl::Now() - t0, absl::Milliseconds(20));
  EXPECT_EQ(CancelAndWait(s, ref.tournament_id()).state(),
            v1::TOURNAMENT_STATE_CANCELLED);
}

// Issue 14, API gaps: ListTournaments; ListMatches in pages; a finished
// match's replay by its id, refused while a table sharing its seed is not
// done (the tables of a round-robin group share one).
TEST(ArenaApi, Issue14_ListTournamentsPagedMatchesAndReplayById) {
  auto store = Store::Open(":memory:");
  ASSERT_TRUE(store.ok());
  ArenaService s(store->get(), nullptr, {}, 2);
  v1::CreateTournamentRequest t;
  ASSERT_TRUE(RegisterBuiltin(s, 4, &t));
  t.set_tables_per_pairing(8);  // two groups of 4 tables, one seed each
  t.set_seed(2);
  v1::TournamentStatus st;
  ASSERT_TRUE(s.CreateTournament(nullptr, &t, &st).ok());
  const int64_t id = st.tournament_id();
  // Waits for the run to end by itself (a cancel right after the last
  // result could still land before the state says finished).
  v1::ListTournamentsRequest lreq;
  v1::ListTournamentsResponse list;
  ASSERT_TRUE(WaitFor([&] {
    list.Clear();
    return s.ListTournaments(nullptr, &lreq, &list).ok() &&
           list.tournaments_size() == 1 && list.tournaments(0).settled();
  }));
  ASSERT_EQ(list.tournaments_size(), 1);
  EXPECT_EQ(list.tournaments(0).tournament_id(), id);
  EXPECT_EQ(list.tournaments(0).state(), v1::TOURNAMENT_STATE_FINISHED);
  EXPECT_EQ(list.tournaments(0).matches_done(), 8);
  EXPECT_EQ(list.tournaments(0).matches_total(), 8);

  v1::ListMatchesRequest page;
  page.set_tournament_id(id);
  page.set_page_size(3);
  std::vector<int> tables;
  std::vector<int64_t> match_ids;
  for (int pages = 0; pages < 10; ++pages) {
    v1::ListMatchesResponse resp;
    ASSERT_TRUE(s.ListMatches(nullptr, &page, &resp).ok());
    EXPECT_LE(resp.matches_size(), 3);
    for (const v1::MatchSummary& m : resp.matches()) {
      tables.push_back(m.table());
      match_ids.push_back(m.match_id());
    }
    if (resp.next_page_token().empty()) break;
    page.set_page_token(resp.next_page_token());
  }
  EXPECT_EQ(tables, (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}));

  v1::MatchReplayRequest rreq;
  rreq.set_match_id(match_ids[5]);
  v1::Replay replay;
  ASSERT_TRUE(s.GetMatchReplay(nullptr, &rreq, &replay).ok());
  EXPECT_GT(replay.decisions_size(), 0);
  EXPECT_EQ(replay.seed(), (*(*store)->Matches(id))[5].seed);
  rreq.set_match_id(123456);
  EXPECT_EQ(s.GetMatchReplay(nullptr, &rreq, &replay).error_code(),
            grpc::StatusCode::NOT_FOUND);

  // A round-robin stopped after one table: its group's seed is still in
  // play, so that replay is refused.
  auto other = Store::Open(":memory:");
  ASSERT_TRUE(other.ok());
  TournamentConfig c = Builtin(4, "partial");
  c.stop_after = 1;
  c.workers = 1;
  ASSERT_TRUE(RunTournament(c, **other).ok());
  ArenaService s2(other->get(), nullptr, {}, 1);
  const MatchRow first = (*(*other)->Matches(1))[0];
  ASSERT_EQ(first.state, "done");
  rreq.set_match_id(first.id);
  EXPECT_EQ(s2.GetMatchReplay(nullptr, &rreq, &replay).error_code(),
            grpc::StatusCode::FAILED_PRECONDITION);
}

// Issue 14: with the dynamics factor tau (default 25/300), a bot that was
// the weakest for 2,000 games and then turns the strongest overtakes the
// leader within a hundred games; without tau its shrunken sigma makes it
// take more than twice as long (and longer the longer the ladder ran).
// Finishing orders are drawn from a Plackett-Luce model of true strengths:
// performance = strength + Gumbel noise.
int GamesToOvertake(const RatingModel& model, int seed) {
  std::vector<Rating> r(4);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(1e-12, 1.0);
  std::vector<double> strength = {1.0, 0.5, 0.5, 0.0};
  auto play = [&] {
    std::vector<double> perf(4);
    for (int i = 0; i < 4; ++i)
      perf[i] = strength[i] - std::log(-std::log(u(rng)));
    std::vector<int> ranks(4);
    for (int i = 0; i < 4; ++i) {
      ranks[i] = 1;
      for (int j = 0; j < 4; ++j) ranks[i] += perf[j] > perf[i];
    }
    const auto out =
        RatePlackettLuce({{r[0]}, {r[1]}, {r[2]}, {r[3]}}, ranks, model);
    for (int i = 0; i < 4; ++i) r[i] = out[i][0];
  };
  for (int g = 0; g < 2000; ++g) play();
  strength[3] = 1.5;  // now the strongest
  for (int g = 1; g <= 5000; ++g) {
    play();
    if (r[3].Ordinal() >
        std::max({r[0].Ordinal(), r[1].Ordinal(), r[2].Ordinal()}))
      return g;
  }
  return 1 << 30;
}

TEST(Rating, Issue14_DynamicsFactorLetsAnImprovedBotOvertake) {
  EXPECT_DOUBLE_EQ(RatingModel().tau, 25.0 / 300.0);
  RatingModel frozen;
  frozen.tau = 0;
  for (int seed = 1; seed <= 5; ++seed) {
    const int with_tau = GamesToOvertake(RatingModel(), seed);
    const int without = GamesToOvertake(frozen, seed);
    EXPECT_LE(with_tau, 100) << "seed " << seed;
    EXPECT_GT(without, 2 * with_tau) << "seed " << seed;
    std::printf("seed %d: games to overtake with tau %d, without %d\n", seed,
                with_tau, without);
  }
}

}  // namespace
}  // namespace woodland::arena

namespace woodland::arena {
namespace {

const std::string kRandomBot = WOODLAND_RANDOM_BOT;

// A shell script in a fresh test directory (made executable).
std::string Script(const std::string& dir, const std::string& name,
                   const std::string& body) {
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/" + name;
  std::ofstream(path) << "#!/bin/sh\n" << body;
  using P = std::filesystem::perms;  // the sandbox runs it as another user
  std::filesystem::permissions(path, P::owner_all | P::group_read |
                                         P::group_exec | P::others_read |
                                         P::others_exec);
  return path;
}

// Issue 14 (the out-of-process soak): a cancel returns at once while the
// ladder's match still runs; that match is stored, and the status says when
// the counts are final (settled). The soak read the database, the status
// and the metrics while that match ended and compared counts of different
// moments ("stored 501, 500 done, ladder says 500, seats 2004").
TEST(ArenaLadder, Issue14_CancelledLadderSettlesOnTheStoredCount) {
  const std::string dir = ::testing::TempDir() + "/issue14_settle";
  // Each bot takes 0.3 s to start: the cancel lands during a match.
  const std::string slow = Script(dir, "slow.sh", "sleep 0.3\nexec \"$@\"\n");
  referee::BotCatalog catalog;
  for (int i = 1; i <= 4; ++i) {
    ASSERT_TRUE(
        catalog
            .Add(absl::StrCat("s", i),
                 absl::StrCat("exec:", slow, " ", kRandomBot, " --seed ", i))
            .ok());
  }
  auto store = Store::Open(":memory:");
  ASSERT_TRUE(store.ok());
  ArenaMetrics metrics;
  ArenaService s(store->get(), &metrics, {}, 1, catalog);
  s.set_conformance("off");
  for (int i = 1; i <= 4; ++i) {
    v1::RegisterBotRequest r;
    r.set_name(absl::StrCat("s", i));
    r.set_spec(absl::StrCat("catalog:s", i));
    v1::BotRecord out;
    ASSERT_TRUE(s.RegisterBot(nullptr, &r, &out).ok());
  }
  v1::StartLadderRequest req;
  req.set_seed(9);
  v1::TournamentStatus st;
  ASSERT_TRUE(s.StartLadder(nullptr, &req, &st).ok());
  EXPECT_FALSE(st.settled());
  v1::TournamentRef ref;
  ref.set_tournament_id(st.tournament_id());
  const int64_t id = st.tournament_id();
  ASSERT_TRUE(WaitFor([&] {
    return Count(**store, id).done >= 1 && Count(**store, id).running == 1;
  }));
  ASSERT_TRUE(s.CancelTournament(nullptr, &ref, &st).ok());
  EXPECT_EQ(st.state(), v1::TOURNAMENT_STATE_CANCELLED);
  EXPECT_FALSE(st.settled());  // the match in progress is not stored yet
  EXPECT_EQ(st.matches_running(), 1);
  ASSERT_TRUE(WaitFor([&] {
    st.Clear();
    return s.CancelTournament(nullptr, &ref, &st).ok() && st.settled();
  }));
  const RowCounts n = Count(**store, id);
  EXPECT_EQ(n.running, 0);
  EXPECT_EQ(n.all, n.done);  // the match running at the cancel was stored
  EXPECT_EQ(st.matches_done(), n.done);
  EXPECT_EQ(st.matches_running(), 0);
  EXPECT_EQ(Value(metrics, "woodland_arena_matches_finished_total"), n.done);
  EXPECT_EQ(Value(metrics, "woodland_arena_matches_running"), 0);
  v1::StandingsResponse standings;
  ASSERT_TRUE(s.GetStandings(nullptr, &ref, &standings).ok());
  int seats = 0;
  for (const v1::BotStanding& b : standings.bots()) seats += b.games();
  EXPECT_EQ(seats, 4 * n.done);
  // A settled status stays what it was.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  v1::TournamentStatus later;
  ASSERT_TRUE(s.CancelTournament(nullptr, &ref, &later).ok());
  EXPECT_EQ(later.matches_done(), st.matches_done());
}

// The never-started tables of bot `bot` in stored order.
std::vector<int> NeverStarted(Store& store, int64_t tid, int bot) {
  std::vector<int> out;
  const std::vector<MatchRow> rows = *store.Matches(tid);  // not dangling
  for (const MatchRow& m : rows) {
    const auto seat = std::find(m.bots.begin(), m.bots.end(), bot);
    if (seat == m.bots.end()) continue;
    for (const SeatForfeit& f : ParseForfeits(m.forfeits)) {
      if (f.seat == seat - m.bots.begin() && f.never_started) {
        out.push_back(m.table_index);
      }
    }
  }
  return out;
}

// The probe tests' ladder: five builtin bots, the fifth ("flaky") a random
// bot behind a script that fails to start while the file `dead` exists (it
// does at first); probes after 10 s of a simulated clock (`now`, which a
// test moves with the progress), short games (the starts are what is
// tested).
struct FlakyLadder {
  explicit FlakyLadder(const std::string& name)
      : dir(::testing::TempDir() + "/" + name), config(Builtin(5, name)) {
    std::filesystem::remove_all(dir);
    const std::string flaky =
        Script(dir, "flaky.sh",
               "[ -e \"$(dirname \"$0\")/dead\" ] && exit 1\nexec \"$@\"\n");
    std::ofstream(dir + "/dead") << "1";
    config.bots[4] = {"flaky", absl::StrCat("exec:", flaky, " ", kRandomBot)};
    config.probe_after = absl::Seconds(10);
    config.max_turns = 2;
    config.now = [this] { return now; };
  }
  FlakyLadder(const FlakyLadder&) = delete;
  FlakyLadder& operator=(const FlakyLadder&) = delete;
  // Table `done` is played at second `done`.
  void At(int done) { now = absl::UnixEpoch() + absl::Seconds(done); }
  void Revive() { std::filesystem::remove(dir + "/dead"); }

  const std::string dir;
  TournamentConfig config;
  absl::Time now = absl::UnixEpoch();
};

// Issue 14.2: GetStandings on a ladder answers from the standings the run
// publishes, reading no stored match, and agrees with the stored ratings;
// the arena's two workers play two tables at once.
TEST(ArenaLadder, Issue14_GetStandingsReadsNoStoredMatch) {
  auto store = Store::Open(":memory:");
  ASSERT_TRUE(store.ok());
  ArenaService s(store->get(), nullptr, {}, 2);
  ASSERT_TRUE(RegisterBuiltin(s, 5));
  v1::StartLadderRequest req;
  req.set_seed(4);
  v1::TournamentStatus st;
  ASSERT_TRUE(s.StartLadder(nullptr, &req, &st).ok());
  const int64_t id = st.tournament_id();
  v1::TournamentRef ref;
  ref.set_tournament_id(id);
  ASSERT_TRUE(WaitFor([&] { return Count(**store, id).done >= 8; }));
  ASSERT_TRUE(WaitFor([&] {
    st.Clear();
    return s.CancelTournament(nullptr, &ref, &st).ok() && st.settled();
  }));
  const int64_t read_before = (*store)->match_rows_read();
  v1::StandingsResponse standings;
  for (int i = 0; i < 3; ++i) {
    standings.Clear();
    ASSERT_TRUE(s.GetStandings(nullptr, &ref, &standings).ok());
  }
  EXPECT_EQ((*store)->match_rows_read(), read_before);
  const RowCounts n = Count(**store, id);
  EXPECT_EQ(n.all, n.done);
  int seats = 0;
  auto ratings = (*store)->Ratings(id);
  ASSERT_TRUE(ratings.ok());
  for (const v1::BotStanding& b : standings.bots()) {
    seats += b.games();
    bool found = false;
    for (const RatingRow& row : *ratings) {
      if (row.bot != b.bot() || row.faction != -1) continue;
      found = true;
      EXPECT_DOUBLE_EQ(row.mu, b.mu()) << b.bot();
      EXPECT_DOUBLE_EQ(row.sigma, b.sigma()) << b.bot();
      EXPECT_EQ(row.games, b.games()) << b.bot();
    }
    EXPECT_TRUE(found) << b.bot();
  }
  EXPECT_EQ(seats, 4 * n.done);
  EXPECT_LE(standings.faction_imbalance(), 1);
  EXPECT_LE(standings.seat_imbalance(), 1);
}

// Issue 14 (suspension policy): a suspended bot is probed after
// probe_after, then after twice as long each failed probe; a start at a
// probe's table resumes it. Here a bot fails to start until table 60 (one
// simulated second per table, probes after 10 s, 20 s, 40 s): suspended
// after 3 failures, two failed probes, then the third probe starts it and
// it plays on, not suspended.
TEST(Ladder, Issue14_SuspendedBotIsProbedWithBackoffAndResumes) {
  FlakyLadder f("issue14_probe");
  auto store = Store::Open(":memory:");
  ASSERT_TRUE(store.ok());
  auto progress = [&](int done, int) {
    f.At(done);
    if (done == 60) f.Revive();
  };
  auto s = RunLadder(f.config, **store, 120, progress);
  ASSERT_TRUE(s.ok()) << s.status();
  const std::vector<int> failed = NeverStarted(**store, 1, 4);
  ASSERT_EQ(failed.size(), 5u) << absl::StrJoin(failed, ",");
  EXPECT_LT(failed[4], 60);
  // Table i is played at second i: probes no earlier than 10 s after the
  // suspension (the third failure) and 20 s after the first probe.
  EXPECT_GE(failed[3] - failed[2], 10);
  EXPECT_GE(failed[4] - failed[3], 20);
  // Not seated between the probes.
  int seated_while_suspended = 0;
  const std::vector<MatchRow> rows = *(*store)->Matches(1);
  for (const MatchRow& m : rows) {
    if (m.table_index > failed[2] && m.table_index < 60 &&
        std::count(m.bots.begin(), m.bots.end(), 4))
      ++seated_while_suspended;
  }
  EXPECT_EQ(seated_while_suspended, 2);
  for (const BotStanding& b : s->bots) {
    if (b.name != "flaky") continue;
    EXPECT_FALSE(b.suspended);
    EXPECT_EQ(b.forfeits, 5);
    EXPECT_GE(b.games, 5 + 20);  // back in the rotation after table 70
  }
}

// Issue 14: a restarted ladder keeps a suspended bot's probe backoff. The
// ladder stops right after the first (failed) probe; after the restart the
// next probe still waits twice probe_after from that probe, not
// probe_after from the restart.
TEST(Ladder, Issue14_ProbeBackoffSurvivesARestart) {
  FlakyLadder f("issue14_probe_restart");
  const std::string db = f.dir + "/arena.db";
  TournamentConfig& c = f.config;
  std::atomic<bool> cancel{false};
  c.cancel = &cancel;
  std::vector<int> failed;
  {
    auto store = Store::Open(db);
    ASSERT_TRUE(store.ok());
    auto progress = [&](int done, int) {
      f.At(done);
      if (NeverStarted(**store, 1, 4).size() >= 4) cancel = true;
    };
    ASSERT_TRUE(RunLadder(c, **store, 200, progress).ok());
    failed = NeverStarted(**store, 1, 4);
    ASSERT_EQ(failed.size(), 4u);  // three failures, then a failed probe
    EXPECT_GE(failed[3] - failed[2], 10);
  }
  cancel = false;
  auto store = Store::Open(db);  // the restart
  ASSERT_TRUE(store.ok());
  auto progress = [&](int done, int) { f.At(done); };
  ASSERT_TRUE(RunLadder(c, **store, 40, progress).ok());
  failed = NeverStarted(**store, 1, 4);
  ASSERT_GE(failed.size(), 5u);
  EXPECT_GE(failed[4] - failed[3], 20);
}

// Issue 14: with probes off a suspension lasts until the operator resumes
// the bot (LiveBot::resume_requests, from SetBotEnabled true): then it is
// probed at the next table.
TEST(Ladder, Issue14_OperatorResumeProbesASuspendedBotAtOnce) {
  auto store = Store::Open(":memory:");
  ASSERT_TRUE(store.ok());
  TournamentConfig c = Builtin(5, "resume");
  c.bots[4] = {"dead", "exec:/nonexistent/woodland-bot"};
  c.probe_after = absl::ZeroDuration();
  std::atomic<int> resumes{0};
  c.live_bots = [&]() -> absl::StatusOr<std::vector<LiveBot>> {
    std::vector<LiveBot> live(5);
    live[4].resume_requests = resumes;
    return live;
  };
  auto progress = [&](int done, int) {
    if (done == 20) resumes = 1;
  };
  ASSERT_TRUE(RunLadder(c, **store, 30, progress).ok());
  const std::vector<int> failed = NeverStarted(**store, 1, 4);
  ASSERT_EQ(failed.size(), 4u) << absl::StrJoin(failed, ",");
  EXPECT_LT(failed[2], 20);
  EXPECT_GE(failed[3], 20);
}

// Issue 14: a ladder that cannot seat a table says why in its status (the
// soak's ladder waited 10 minutes with three eligible bots and said
// nothing), and schedules again when it can.
TEST(ArenaLadder, Issue14_WaitingLadderSaysWhy) {
  auto store = Store::Open(":memory:");
  ASSERT_TRUE(store.ok());
  ArenaService s(store->get(), nullptr, {}, 1);
  ASSERT_TRUE(RegisterBuiltin(s, 4));
  v1::StartLadderRequest req;
  req.set_seed(4);
  v1::TournamentStatus st;
  ASSERT_TRUE(s.StartLadder(nullptr, &req, &st).ok());
  const int64_t id = st.tournament_id();
  ASSERT_TRUE(WaitFor([&] { return Count(**store, id).done >= 2; }));
  v1::SetBotEnabledRequest off;
  off.set_name("bot3");
  off.set_enabled(false);
  v1::BotRecord rec;
  ASSERT_TRUE(s.SetBotEnabled(nullptr, &off, &rec).ok());
  auto status = [&] {
    v1::ListTournamentsRequest list;
    v1::ListTournamentsResponse all;
    EXPECT_TRUE(s.ListTournaments(nullptr, &list, &all).ok());
    return all.tournaments(0);
  };
  EXPECT_TRUE(WaitFor([&] {
    return status().waiting() ==
           "waiting: 3 schedulable bots for 4 seats (disabled: bot3)";
  })) << status().waiting();
  const int done = Count(**store, id).done;
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(Count(**store, id).done, done);
  off.set_enabled(true);
  ASSERT_TRUE(s.SetBotEnabled(nullptr, &off, &rec).ok());
  EXPECT_TRUE(WaitFor([&] {
    return status().waiting().empty() && Count(**store, id).done > done;
  })) << status().waiting();
  v1::TournamentRef ref;
  ref.set_tournament_id(id);
  (void)s.CancelTournament(nullptr, &ref, &st);
}

}  // namespace
}  // namespace woodland::arena
