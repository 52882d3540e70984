// Rootlog export (issue 15.6): full games of every faction, written as
// Rootlog V2 and parsed back by our own reader, give the same sequence of
// board changes as the engine's events; the reader follows the notation's
// grammar (compound moves, groups, forests, the Burrow, plots, scores).
#include "referee/rootlog.h"

#include <map>
#include <random>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "referee/rules/state.h"
#include "referee/rules/types.h"

namespace woodland::referee {
namespace {

using rules::State;

State PlayOut(std::vector<int8_t> factions, uint64_t seed, int max_turns) {
  rules::GameSetup setup;
  setup.factions = std::move(factions);
  setup.record_events = true;
  setup.max_turns = max_turns;
  absl::StatusOr<State> started = State::NewGame(setup, seed);
  EXPECT_TRUE(started.ok()) << started.status().message();
  State s = *std::move(started);
  std::mt19937_64 rng(seed);
  while (!s.IsTerminal()) {
    const int n = static_cast<int>(s.options().size());
    EXPECT_GT(n, 0);
    if (n == 0) break;
    EXPECT_TRUE(s.Apply(s.deciding_seat(), static_cast<int>(rng() % n)).ok());
  }
  return s;
}

// The board the changes describe: "clearing:F:piece" -> count, for the
// clearings only, without the Corvids' plots (face down in Rootlog) and the
// raft.
std::map<std::string, int> Apply(const std::vector<BoardChange>& changes) {
  std::map<std::string, int> m;
  auto add = [&](const std::string& at, const BoardChange& c, int n) {
    int id = 0;
    if (!absl::SimpleAtoi(at, &id) || id < 1) return;
    if (c.piece == "r" || (c.faction == 'P' && c.piece[0] == 't')) return;
    m[absl::StrCat(at, ":", std::string(1, c.faction), ":", c.piece)] += n;
  };
  for (const BoardChange& c : changes) {
    if (c.kind == BoardChange::kPlace) add(c.to, c, c.count);
    if (c.kind == BoardChange::kRemove) add(c.from, c, -c.count);
    if (c.kind == BoardChange::kMove) {
      add(c.from, c, -c.count);
      add(c.to, c, c.count);
    }
  }
  std::erase_if(m, [](const auto& kv) { return kv.second == 0; });
  return m;
}

// The same from the engine's final state.
std::map<std::string, int> BoardOf(const State& s) {
  std::map<std::string, int> m;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    const rules::ClearingState& cs = s.clearing(c);
    for (int f = 0; f < rules::kNumFactions; ++f) {
      if (cs.warriors[f] > 0)
        m[absl::StrCat(c + 1, ":", std::string(1, RootlogFaction(f)), ":w")] +=
            cs.warriors[f];
    }
    for (int p = 0; p < rules::kNumPieces; ++p) {
      const auto& info = rules::GetPieceInfo(p);
      if (cs.pieces[p] <= 0 || p == rules::kRuin ||
          info.owner == rules::kCorvid)
        continue;
      m[absl::StrCat(c + 1, ":", std::string(1, RootlogFaction(info.owner)),
                     ":", RootlogPiece(p))] += cs.pieces[p];
    }
  }
  return m;
}

void ExpectRoundTrip(const State& s) {
  const std::string text = WriteRootlog(s, {});
  absl::StatusOr<RootlogGame> g = ParseRootlog(text);
  ASSERT_TRUE(g.ok()) << g.status().message();
  const std::vector<BoardChange> want = BoardChanges(s);
  ASSERT_EQ(g->changes.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    ASSERT_EQ(g->changes[i], want[i])
        << "change " << i << ": read " << g->changes[i].DebugString()
        << ", engine " << want[i].DebugString();
  }
  EXPECT_EQ(g->players.size(), static_cast<size_t>(s.num_seats()));
  EXPECT_GT(g->turns, s.num_seats());
  EXPECT_FALSE(want.empty());
  // Replaying the notation's changes on an empty map gives the final board.
  EXPECT_EQ(Apply(g->changes), BoardOf(s));
}

struct Table {
  const char* name;
  std::vector<int8_t> factions;
};

class RootlogGames : public ::testing::TestWithParam<Table> {};

TEST_P(RootlogGames, WrittenGamesParseBackToTheSameBoardChanges) {
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    SCOPED_TRACE(seed);
    ExpectRoundTrip(PlayOut(GetParam().factions, seed, 400));
  }
}

using namespace rules;
INSTANTIATE_TEST_SUITE_P(
    EveryFaction, RootlogGames,
    ::testing::Values(
        Table{"Base", {kMarquise, kEyrie, kAlliance, kVagabond}},
        Table{"Riverfolk_Cult", {kCult, kRiverfolk, kMarquise, kEyrie}},
        Table{"Duchy_Corvid", {kDuchy, kCorvid, kAlliance, kVagabond}},
        Table{"Hundreds_Keepers",
              {kHundreds, kKeepers, kVagabond, kVagabond2}}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(Rootlog, HeaderNamesMapDeckClearingsAndPlayers) {
  State s = PlayOut({kMarquise, kEyrie}, 9, 40);
  const std::string text = WriteRootlog(s, {"alice", "bob"});
  absl::StatusOr<RootlogGame> g = ParseRootlog(text);
  ASSERT_TRUE(g.ok()) << g.status().message();
  EXPECT_EQ(g->map, "Fall");  // Rootlog calls the Autumn map "Fall"
  EXPECT_EQ(g->deck, "Standard");
  ASSERT_EQ(g->clearings.size(), 12u);
  EXPECT_EQ(g->clearings[0], "F1");  // Autumn clearing 1 is a fox clearing
  ASSERT_EQ(g->players.size(), 2u);
  EXPECT_EQ(g->players[0], std::make_pair('C', std::string("alice")));
  EXPECT_EQ(g->players[1], std::make_pair('E', std::string("bob")));
}

TEST(Rootlog, ReaderFollowsTheGrammar) {
  const char* text =
      "Map: Fall\nDeck: E&P\nC: one\nD: two\n\n"
      "C:t_k->4/w->3+11/2Dw3->5/(w+2Dw+b_s)9->/Dt5->/++2/D--/F#C->/#->C/"
      "XD9(2,1)/Zsap/Pt3^t_b/t12<->t4/p->1_2_5_10/3Dw0->6  // comment\n"
      "D:2w->0/Cw->5\n";
  absl::StatusOr<RootlogGame> g = ParseRootlog(text);
  ASSERT_TRUE(g.ok()) << g.status().message();
  using B = BoardChange;
  const std::vector<B> want = {
      {B::kPlace, 'C', "t_k", 1, "", "4"},
      {B::kPlace, 'C', "w", 1, "", "3"},
      {B::kPlace, 'C', "w", 1, "", "11"},
      {B::kMove, 'D', "w", 2, "3", "5"},
      {B::kRemove, 'C', "w", 1, "9", ""},
      {B::kRemove, 'D', "w", 2, "9", ""},
      {B::kRemove, 'C', "b_s", 1, "9", ""},
      {B::kRemove, 'D', "t", 1, "5", ""},
      {B::kScore, 'C', "", 2, "", ""},
      {B::kScore, 'D', "", -1, "", ""},
      {B::kFlip, 'P', "t_b", 1, "", "3"},
      {B::kSwap, 'P', "t", 1, "12", "4"},
      {B::kPawn, 'C', "p", 1, "", "1_2_5_10"},
      {B::kMove, 'D', "w", 3, "0", "6"},
      {B::kPlace, 'D', "w", 2, "", "0"},
      {B::kPlace, 'C', "w", 1, "", "5"},
  };
  ASSERT_EQ(g->changes.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i)
    EXPECT_EQ(g->changes[i], want[i])
        << i << ": " << g->changes[i].DebugString();
  EXPECT_EQ(g->turns, 2);
}

TEST(Rootlog, ReaderRefusesWhatIsNotRootlog) {
  for (const char* bad :
       {"Map: Fall\nC:qq->3\n", "Map: Fall\nhello\n", "Map: Fall\nC:w->x\n",
        "Map: Fall\nC:XE\n", "C:w->3\n"}) {
    EXPECT_FALSE(ParseRootlog(bad).ok()) << bad;
  }
}

}  // namespace
}  // namespace woodland::referee
