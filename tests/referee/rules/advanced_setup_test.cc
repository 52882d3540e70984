// The advanced setup (Law 19): five cards and three kept (19.7, 19.10), the
// draft of faction setup cards (19.8), random games and perft from drafted
// tables.
#include "referee/rules/advanced_setup.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "referee/rules/playout.h"
#include "tests/referee/rules/random_play.h"

namespace woodland::rules {
namespace {

GameSetup Draft(int seats, std::string map = "autumn") {
  GameSetup setup;
  setup.mode = GameSetup::kAdvancedSetup;
  setup.factions.assign(seats, kNoFaction);
  setup.map = std::move(map);
  setup.first_seat = 0;
  return setup;
}

// Plays the first legal option until `stop` holds or the game starts.
template <class Pred>
void PlayUntil(State& s, Pred stop) {
  while (!s.IsTerminal() && !stop(s)) ASSERT_TRUE(s.Apply(0).ok());
}

TEST(AdvancedSetup, Law_19_7_FiveCardsAnd_19_10_ThreeKept) {
  GameSetup setup;
  setup.mode = GameSetup::kAdvancedSetup;
  setup.factions = {kMarquise, kEyrie, kVagabond};  // none draws at setup
  setup.first_seat = 0;
  auto s = State::NewGame(setup, 11);
  ASSERT_TRUE(s.ok()) << s.status();
  for (int i = 0; i < 3; ++i) EXPECT_EQ(s->seat(i).hand.size(), 5u);
  const size_t deck = s->deck().size();
  PlayUntil(
      *s, [](const State& st) { return st.prompt().kind == kPromptKeepCard; });
  EXPECT_EQ(s->prompt().seat, 0);  // the first player first
  EXPECT_EQ(s->PromptLaw(), "19.10");
  PlayUntil(*s, [](const State& st) { return st.phase() != kPhaseSetup; });
  for (int i = 0; i < 3; ++i) EXPECT_EQ(s->seat(i).hand.size(), 3u);
  EXPECT_EQ(s->deck().size(), deck + 6);  // two cards back per player
  EXPECT_TRUE(s->CheckInvariants().ok());
}

TEST(AdvancedSetup, Law_19_8_2_OneMilitantThenOneCardPerPlayer) {
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    auto s = State::NewGame(Draft(4), seed);
    ASSERT_TRUE(s.ok()) << s.status();
    const auto& pool = s->landmarks().pool;
    ASSERT_EQ(pool.size(), 5u);  // one more card than players
    EXPECT_TRUE(IsMilitant(pool[0]));
    EXPECT_EQ(s->landmarks().locked, !IsMilitant(pool.back()));
  }
}

TEST(AdvancedSetup, Law_19_8_2_I_TwoPlayersDraftMilitantsOnly) {
  for (uint64_t seed = 1; seed <= 10; ++seed) {
    auto s = State::NewGame(Draft(2), seed);
    ASSERT_TRUE(s.ok());
    for (int8_t f : s->landmarks().pool) EXPECT_TRUE(IsMilitant(f)) << int{f};
  }
}

TEST(AdvancedSetup, Law_19_8_3_LastPlayerChoosesFirstThenCounterclockwise) {
  auto s = State::NewGame(Draft(4), 3);
  ASSERT_TRUE(s.ok());
  ASSERT_EQ(s->prompt().kind, kPromptDraftFaction);
  EXPECT_EQ(s->prompt().seat, 3);  // seat 0 first: seat 3 is last
  EXPECT_EQ(s->PromptLaw(), "19.8.3");
  const int chosen = s->options()[0].a;
  ASSERT_TRUE(s->Apply(0).ok());
  EXPECT_EQ(s->seat(3).faction, chosen);
  // The chosen faction sets up before the next choice (19.8.3).
  PlayUntil(*s, [](const State& st) {
    return st.prompt().kind == kPromptDraftFaction;
  });
  EXPECT_EQ(s->prompt().seat, 2);
  EXPECT_EQ(s->prompt().a, 1);
  EXPECT_TRUE(s->CheckInvariants().ok());
}

TEST(AdvancedSetup, Law_19_8_2_II_LockedInsurgentWaitsForAMilitant) {
  int checked = 0;
  for (uint64_t seed = 1; seed <= 60 && checked < 3; ++seed) {
    auto s = State::NewGame(Draft(3), seed);
    ASSERT_TRUE(s.ok());
    if (!s->landmarks().locked) continue;
    ++checked;
    const int8_t locked = s->landmarks().pool.back();
    // Choose insurgents while any other is offered; the locked one never is
    // before a militant faction was chosen.
    while (s->prompt().kind == kPromptDraftFaction ||
           s->phase() == kPhaseSetup) {
      if (s->prompt().kind != kPromptDraftFaction) {
        ASSERT_TRUE(s->Apply(0).ok());
        continue;
      }
      int pick = 0;
      bool offered = false;
      for (size_t i = 0; i < s->options().size(); ++i) {
        const int f = s->options()[i].a;
        offered |= f == locked;
        if (!IsMilitant(f)) pick = static_cast<int>(i);
      }
      if (!s->landmarks().militant_chosen) {
        EXPECT_FALSE(offered) << "seed " << seed;
      }
      ASSERT_TRUE(s->Apply(pick).ok());
    }
  }
  EXPECT_EQ(checked, 3);
}

TEST(AdvancedSetup, Law_19_8_2_III_DealtVagabondKeepsItsCharacter) {
  int checked = 0;
  for (uint64_t seed = 1; seed <= 60 && checked < 2; ++seed) {
    auto s = State::NewGame(Draft(4), seed);
    ASSERT_TRUE(s.ok());
    const auto& pool = s->landmarks().pool;
    if (std::find(pool.begin(), pool.end(), kVagabond) == pool.end()) continue;
    ++checked;
    int fixed = -1;
    for (auto [f, c] : s->def().setup.characters) {
      if (f == kVagabond) fixed = c;
    }
    ASSERT_GE(fixed, 0);
    // Draft the Vagabond first and play through setup: his character is
    // the dealt one.
    int pick = -1;
    for (size_t i = 0; i < s->options().size(); ++i) {
      if (s->options()[i].a == kVagabond) pick = static_cast<int>(i);
    }
    if (pick < 0) continue;  // the locked card
    ASSERT_TRUE(s->Apply(pick).ok());
    PlayUntil(*s, [](const State& st) { return st.phase() != kPhaseSetup; });
    EXPECT_EQ(s->vagabond().character, fixed);
  }
  EXPECT_GT(checked, 0);
}

// Law 19.8.1: the group may include both Vagabond setup cards; each dealt
// one gets its own character (19.8.2.III; never the same, 9.7). Drafted,
// each Vagabond sets up when chosen (19.8.3), and the ruins end up with two
// "R" items each, one set per Vagabond (9.7.1).
TEST(AdvancedSetup, Law_19_8_1_BothVagabondSetupCards) {
  GameSetup setup = Draft(3);
  setup.draft_pool = {kMarquise, kEyrie, kVagabond};
  setup.vagabond_cards = 2;
  auto s = State::NewGame(setup, 5);
  ASSERT_TRUE(s.ok()) << s.status();
  // 19.8.2: one militant, then one card per player: all four cards.
  std::vector<int8_t> pool = s->landmarks().pool;
  std::sort(pool.begin(), pool.end());
  EXPECT_EQ(pool,
            (std::vector<int8_t>{kMarquise, kEyrie, kVagabond, kVagabond2}));
  int chars[2] = {-1, -1};
  for (auto [f, c] : s->def().setup.characters) {
    if (f == kVagabond) chars[0] = c;
    if (f == kVagabond2) chars[1] = c;
  }
  ASSERT_GE(chars[0], 0);
  ASSERT_GE(chars[1], 0);
  EXPECT_NE(chars[0], chars[1]);
  // Each chooser takes a Vagabond while one is left.
  while (s->phase() == kPhaseSetup && !s->IsTerminal()) {
    int pick = 0;
    if (s->prompt().kind == kPromptDraftFaction) {
      for (size_t i = 0; i < s->options().size(); ++i) {
        if (s->options()[i].a == kVagabond || s->options()[i].a == kVagabond2)
          pick = static_cast<int>(i);
      }
    }
    ASSERT_TRUE(s->Apply(pick).ok());
  }
  ASSERT_GE(s->SeatOf(kVagabond), 0);
  ASSERT_GE(s->SeatOf(kVagabond2), 0);
  EXPECT_EQ(s->vagabond(kVagabond).character, chars[0]);
  EXPECT_EQ(s->vagabond(kVagabond2).character, chars[1]);
  int ruins = 0;
  for (int c = 0; c < s->map().num_clearings; ++c) {
    if (!s->map().clearings[c].ruin) continue;
    ++ruins;
    EXPECT_GT(s->vagabond(kVagabond).ruin_item[c], 0) << c;
    EXPECT_GT(s->vagabond(kVagabond2).ruin_item[c], 0) << c;
  }
  EXPECT_EQ(ruins, 4);
  // 9.7.2: one set of quests, shared.
  EXPECT_EQ(s->vagabond(kVagabond).quests.size(), 3u);
  EXPECT_TRUE(s->CheckInvariants().ok());
}

// With both cards in the pool a lone Vagabond may be either one; random
// drafted games with both cards check conservation, redaction and replay.
TEST(AdvancedSetup, Law_19_8_1_RandomGamesWithBothVagabondCards) {
  uint64_t seed = 700;
  for (int n = 3; n <= 6; ++n) {
    GameSetup setup = Draft(n, n % 2 ? "winter" : "autumn");
    setup.vagabond_cards = 2;
    setup.first_seat = -1;
    SCOPED_TRACE(absl::StrCat("seats ", n));
    testing::RandomGamesCheck(setup, seed, 3);
    seed += 3;
  }
  GameSetup small = Draft(3);
  small.draft_pool = {kMarquise, kVagabond, kAlliance};
  small.vagabond_cards = 2;
  testing::RandomGamesCheck(small, 800, 4);
}

// Picks faction f in the draft prompt (fails the test if not offered).
void DraftFaction(State& s, int f) {
  ASSERT_EQ(s.prompt().kind, kPromptDraftFaction);
  for (size_t i = 0; i < s.options().size(); ++i) {
    if (s.options()[i].a == f) {
      ASSERT_TRUE(s.Apply(static_cast<int>(i)).ok());
      return;
    }
  }
  FAIL() << "faction " << f << " not offered";
}

std::vector<int> Clearings(const State& s) {
  std::vector<int> out;
  for (const Option& o : s.options()) out.push_back(o.a);
  return out;
}

// Law 19.8.3.I: a player cannot choose a homeland an enemy chose. Drafted,
// the Eyrie may set up before the Marquise: the keep avoids its corner.
TEST(AdvancedSetup, Law_19_8_3_I_KeepAvoidsTheEyriesHomeland) {
  GameSetup setup = Draft(2);
  setup.draft_pool = {kMarquise, kEyrie, kDuchy};
  auto s = State::NewGame(setup, 9);
  ASSERT_TRUE(s.ok()) << s.status();
  DraftFaction(*s, kEyrie);
  ASSERT_EQ(s->options()[0].kind, kOptClearing);
  const int roost = s->options()[0].a;  // the Eyrie's first corner
  ASSERT_TRUE(s->Apply(0).ok());
  PlayUntil(*s, [](const State& st) {
    return st.prompt().kind == kPromptDraftFaction;
  });
  ASSERT_EQ(s->clearing(roost).pieces[kRoost], 1);
  DraftFaction(*s, kMarquise);
  const std::vector<int> keep = Clearings(*s);
  EXPECT_EQ(keep.size(), 3u);  // Autumn's four corners less the Eyrie's
  EXPECT_EQ(std::find(keep.begin(), keep.end(), roost), keep.end());
}

// Law 19.8.3.I, 7.3.2: the Eyrie's corner is no enemy's starting corner,
// e.g. the Hundreds' stronghold corner when they drafted first.
TEST(AdvancedSetup, Law_19_8_3_I_EyrieAvoidsAnEarlierHomeland) {
  GameSetup setup = Draft(2);
  setup.draft_pool = {kHundreds, kEyrie, kKeepers};
  auto s = State::NewGame(setup, 4);
  ASSERT_TRUE(s.ok()) << s.status();
  DraftFaction(*s, kHundreds);
  PlayUntil(*s, [](const State& st) {
    return st.prompt().kind == kPromptDraftFaction;
  });
  int stronghold = -1;
  for (int c = 0; c < s->map().num_clearings; ++c) {
    if (s->clearing(c).pieces[kStronghold] > 0) stronghold = c;
  }
  ASSERT_GE(stronghold, 0);
  DraftFaction(*s, kEyrie);
  // 7.3.2: and, as it can, diagonally opposite that starting corner (the
  // only choice, so the engine takes it and asks for the leader).
  PlayUntil(*s, [](const State& st) { return st.phase() != kPhaseSetup; });
  for (int c = 0; c < s->map().num_clearings; ++c) {
    EXPECT_EQ(s->clearing(c).pieces[kRoost],
              c == s->map().OppositeCorner(stronghold) ? 1 : 0)
        << c;
  }
}

TEST(AdvancedSetup, Law_19_6_5_HirelingKeepsItsFactionOutOfThePool) {
  GameSetup setup = Draft(4);
  setup.hirelings = {{kHirelingForestPatrol, false},
                     {kHirelingExile, true},
                     {kHirelingPopularBand, false}};
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    auto s = State::NewGame(setup, seed);
    ASSERT_TRUE(s.ok());
    for (int8_t f : s->landmarks().pool) {
      EXPECT_NE(f, kMarquise);
      EXPECT_NE(f, kVagabond);
    }
  }
}

TEST(AdvancedSetup, DraftedSeatsAllGetFactions) {
  for (int n = 2; n <= 6; ++n) {
    auto s = State::NewGame(Draft(n), 40 + n);
    ASSERT_TRUE(s.ok()) << s.status();
    PlayUntil(*s, [](const State& st) { return st.phase() != kPhaseSetup; });
    std::vector<int8_t> seen;
    for (int i = 0; i < n; ++i) {
      EXPECT_NE(s->seat(i).faction, kNoFaction);
      EXPECT_EQ(s->SeatOf(s->seat(i).faction), i);
      seen.push_back(s->seat(i).faction);
    }
    std::sort(seen.begin(), seen.end());
    EXPECT_EQ(std::unique(seen.begin(), seen.end()), seen.end());
  }
}

TEST(AdvancedSetup, StandardSetupUnchanged) {
  GameSetup setup;
  setup.factions = {kMarquise, kEyrie};
  auto s = State::NewGame(setup, 1);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->seat(0).hand.size(), 3u);  // Law 5.1.3
  EXPECT_TRUE(s->landmarks().pool.empty());
}

// Random games of drafted tables on every map with 2-6 seats, and of
// advanced tables with fixed factions and landmarks.
TEST(AdvancedSetup, RandomGamesEveryMapTwoToSixSeats) {
  uint64_t seed = 500;
  for (const char* map : {"autumn", "winter", "lake", "mountain"}) {
    for (int n = 2; n <= 6; ++n) {
      GameSetup setup = Draft(n, map);
      setup.first_seat = -1;
      if (n % 2 == 1) setup.landmarks = {{-1, -1}};
      SCOPED_TRACE(absl::StrCat(map, " seats ", n));
      testing::RandomGamesCheck(setup, seed, 3);
      seed += 3;
    }
  }
  GameSetup fixed;
  fixed.mode = GameSetup::kAdvancedSetup;
  fixed.factions = {kMarquise, kEyrie, kAlliance, kVagabond};
  fixed.landmarks = {{kLandmarkBlackMarket, -1}, {kLandmarkLegendaryForge, -1}};
  testing::RandomGamesCheck(fixed, 900, 4);
}

uint64_t Perft(const State& s, int depth) {
  if (depth == 0 || s.IsTerminal()) return 1;
  uint64_t n = 0;
  for (int i = 0; i < static_cast<int>(s.options().size()); ++i) {
    State next = s;
    EXPECT_TRUE(next.Apply(i).ok());
    n += Perft(next, depth - 1);
  }
  return n;
}

// Perft from a drafted two-player start: three militant cards are dealt
// (Law 19.8.2, 19.8.2.I), none locked, so the last player has three choices.
TEST(AdvancedSetup, PerftFromADraftedStart) {
  auto s = State::NewGame(Draft(2), 42);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(Perft(*s, 1), 3u);
  EXPECT_EQ(Perft(*s, 2), 12u);
  EXPECT_EQ(Perft(*s, 3), 32u);
}

// Golden signature of advanced tables (new with issue 12): a drafted
// four-seat table with a dealt landmark, on Autumn and on the Lake. (Changed
// with the Elder Treetop's extra VP and the homelands of 19.8.3.I.)
TEST(AdvancedSetup, GoldenSignature) {
  GameSetup setup = Draft(4);
  setup.first_seat = -1;
  setup.max_turns = 1000;
  setup.landmarks = {{-1, -1}, {-1, -1}};
  auto sum = Selfplay(setup, 1, 30);
  ASSERT_TRUE(sum.ok()) << sum.status();
  EXPECT_EQ(absl::StrCat(absl::Hex(sum->signature, absl::kZeroPad16)),
            "65a440987a9b4a92");
  setup.map = "lake";
  sum = Selfplay(setup, 1, 30);
  ASSERT_TRUE(sum.ok()) << sum.status();
  EXPECT_EQ(absl::StrCat(absl::Hex(sum->signature, absl::kZeroPad16)),
            "d5889ef2b461ce45");
}

}  // namespace
}  // namespace woodland::rules
