// The advanced setup (Law 19): five cards and three kept (19.7, 19.10), the
// draft of faction setup cards (19.8), random games and perft from drafted
// tables.
#include "referee/rules/advanced_setup.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "referee/rules/observation.h"
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
  // Re-recorded with the faction setup cards (19.8.3): a drafted faction
  // chooses its homeland among the map's clearings, not a corner.
  EXPECT_EQ(Perft(*s, 2), 33u);
  EXPECT_EQ(Perft(*s, 3), 87u);
}

// Golden signature of advanced tables (new with issue 12): a drafted
// four-seat table with a dealt landmark, on Autumn and on the Lake. (Changed
// with the Elder Treetop's extra VP, the homelands of 19.8.3.I, the faction
// setup cards of 19.8.3, mercenaries not being enemy pieces to the
// Hundreds' Oppress and Rowdy, FAQ on 14.6.2, and the Keepers choosing which
// of two waystations showing a type goes, 15.2.2.)
TEST(AdvancedSetup, GoldenSignature) {
  GameSetup setup = Draft(4);
  setup.first_seat = -1;
  setup.max_turns = 1000;
  setup.landmarks = {{-1, -1}, {-1, -1}};
  auto sum = Selfplay(setup, 1, 30);
  ASSERT_TRUE(sum.ok()) << sum.status();
  EXPECT_EQ(absl::StrCat(absl::Hex(sum->signature, absl::kZeroPad16)),
            "5987b33eeaa81d98");
  setup.map = "lake";
  sum = Selfplay(setup, 1, 30);
  ASSERT_TRUE(sum.ok()) << sum.status();
  EXPECT_EQ(absl::StrCat(absl::Hex(sum->signature, absl::kZeroPad16)),
            "3e96d4039ef54fe7");
}

// --- The faction setup cards (Law 19.8.3) -----------------------------------

// Paths between clearings a and b (breadth first over the map).
int Dist(const State& s, int a, int b) {
  const int n = s.map().num_clearings;
  std::vector<int> d(n, -1);
  std::vector<int> q = {a};
  d[a] = 0;
  for (size_t i = 0; i < q.size(); ++i) {
    for (int y = 0; y < n; ++y) {
      if (d[y] < 0 && s.Adjacent(q[i], y)) {
        d[y] = d[q[i]] + 1;
        q.push_back(y);
      }
    }
  }
  return d[b] < 0 ? 99 : d[b];
}

// Distance from c to the nearest homeland of a faction other than f.
int EnemyDist(const State& s, int f, int c) {
  int best = 99;
  const auto& lb = s.landmarks();
  for (size_t i = 0; i < lb.homeland_clearings.size(); ++i) {
    if (lb.homeland_factions[i] != f)
      best = std::min(best, Dist(s, c, lb.homeland_clearings[i]));
  }
  return best;
}

bool IsHomeland(const State& s, int c) {
  const auto& h = s.landmarks().homeland_clearings;
  return std::find(h.begin(), h.end(), c) != h.end();
}

std::vector<int> Sorted(std::vector<int> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// Law 19.8.3.II: among `cands`, those of the best reachable tier: two or
// more clearings between (distance 3+), else not adjacent, else adjacent.
std::vector<int> ExpectedTier(const State& s, int f,
                              const std::vector<int>& cands, int min_tier) {
  for (int tier = min_tier; tier < 3; ++tier) {
    std::vector<int> out;
    for (int c : cands) {
      const int d = EnemyDist(s, f, c);
      if ((tier == 0 && d >= 3) || (tier == 1 && d >= 2) || tier == 2)
        out.push_back(c);
    }
    if (!out.empty()) return out;
  }
  return {};
}

std::vector<int> OptionClearings(const std::vector<Option>& opts) {
  std::vector<int> out;
  for (const Option& o : opts) out.push_back(o.a);
  return Sorted(out);
}

// A drafted table whose first chooser is offered faction f.
State Offering(int seats, std::vector<int8_t> pool, int f) {
  GameSetup setup = Draft(seats);
  setup.draft_pool = std::move(pool);
  for (uint64_t seed = 1; seed < 200; ++seed) {
    auto s = State::NewGame(setup, seed);
    if (!s.ok()) continue;
    for (const Option& o : s->options()) {
      if (o.a == f) return *std::move(s);
    }
  }
  ADD_FAILURE() << "faction " << f << " never offered";
  return *State::NewGame(setup, 1);
}

void ToNextDraft(State& s) {
  PlayUntil(s, [](const State& st) {
    return st.prompt().kind == kPromptDraftFaction || st.phase() != kPhaseSetup;
  });
}

// Drafts `enemy` first and takes its first homeland option; returns it.
int EnemyFirst(State& s, int enemy) {
  DraftFaction(s, enemy);
  EXPECT_EQ(s.prompt().kind, kPromptHomeland);
  const int h = s.options()[0].a;
  EXPECT_TRUE(s.Apply(0).ok());
  ToNextDraft(s);
  return h;
}

std::vector<int> EdgeWithSlot(const State& s, int f) {
  std::vector<int> out;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (s.map().clearings[c].edge && !IsHomeland(s, c) && s.CanPlace(f, c) &&
        s.OpenSlots(c) > 0)
      out.push_back(c);
  }
  return out;
}

// Law 19.8.3.II over many sets of enemy homelands: the options are exactly
// the best tier, and each fallback (not adjacent, then adjacent) occurs.
TEST(AdvancedSetup, Law_19_8_3_II_EnemyHomelandAdjacencyFallbacks) {
  int tiers[3] = {0, 0, 0};
  for (uint64_t seed = 1; seed <= 150; ++seed) {
    State s = *State::NewGame(Draft(4), seed);
    uint64_t x = seed * 2654435761u;
    const int k = 1 + static_cast<int>(seed % 5);
    for (int i = 0; i < k; ++i) {
      x = x * 6364136223846793005u + 1442695040888963407u;
      const int c = static_cast<int>((x >> 33) % s.map().num_clearings);
      if (!IsHomeland(s, c)) AddHomeland(s, kCult, c);
    }
    const std::vector<int> edge = EdgeWithSlot(s, kEyrie);
    const std::vector<int> want = ExpectedTier(s, kEyrie, edge, 0);
    EXPECT_EQ(OptionClearings(CardHomelandOptions(s, kEyrie, true, true,
                                                  HomelandRule::kTwoBetween)),
              Sorted(want))
        << "seed " << seed;
    if (!want.empty()) {
      const int d = EnemyDist(s, kEyrie, want[0]);
      ++tiers[d >= 3 ? 0 : d == 2 ? 1 : 2];
    }
    // Not adjacent, else adjacent (the Duchy: any clearing, no slot).
    std::vector<int> all;
    for (int c = 0; c < s.map().num_clearings; ++c) {
      if (!IsHomeland(s, c)) all.push_back(c);
    }
    EXPECT_EQ(OptionClearings(CardHomelandOptions(s, kDuchy, false, false,
                                                  HomelandRule::kNotAdjacent)),
              Sorted(ExpectedTier(s, kDuchy, all, 1)))
        << "seed " << seed;
  }
  EXPECT_GT(tiers[0], 0);
  EXPECT_GT(tiers[1], 0);  // 19.8.3.II: "not adjacent" fallback
  EXPECT_GT(tiers[2], 0);  // and the adjacent one
}

// Law 19.8.3.I: an enemy's homeland is never offered.
TEST(AdvancedSetup, Law_19_8_3_I_NoEnemyHomeland) {
  State s = Offering(2, {kHundreds, kEyrie, kKeepers}, kHundreds);
  const int h = EnemyFirst(s, kHundreds);
  DraftFaction(s, kEyrie);
  ASSERT_EQ(s.prompt().kind, kPromptHomeland);
  const std::vector<int> got = Clearings(s);
  EXPECT_EQ(std::find(got.begin(), got.end(), h), got.end());
}

// The Hundreds' and the Eyrie's cards: a homeland on the map edge with two
// or more clearings between it and enemy homelands; the warlord, 4 warriors
// and a stronghold / 6 warriors and a roost there.
TEST(AdvancedSetup, Law_19_8_3_II_HundredsThenEyrieCards) {
  State s = Offering(2, {kHundreds, kEyrie, kKeepers}, kHundreds);
  DraftFaction(s, kHundreds);
  ASSERT_EQ(s.prompt().kind, kPromptHomeland);
  EXPECT_EQ(s.PromptLaw(), "19.8.3.I");
  EXPECT_EQ(Clearings(s), Sorted(EdgeWithSlot(s, kHundreds)));  // no enemy
  const int h = s.options()[0].a;
  ASSERT_TRUE(s.Apply(0).ok());
  ToNextDraft(s);
  EXPECT_EQ(s.clearing(h).pieces[kStronghold], 1);
  EXPECT_EQ(s.clearing(h).warriors[kHundreds], 5);  // warlord + 4
  EXPECT_EQ(s.hundreds().warlord, h);
  DraftFaction(s, kEyrie);
  const std::vector<int> want =
      ExpectedTier(s, kEyrie, EdgeWithSlot(s, kEyrie), 0);
  ASSERT_FALSE(want.empty());
  for (int c : want) EXPECT_GE(Dist(s, c, h), 3) << c;  // Autumn has room
  EXPECT_EQ(Clearings(s), Sorted(want));
  const int e = s.options()[0].a;
  ASSERT_TRUE(s.Apply(0).ok());
  EXPECT_EQ(s.clearing(e).pieces[kRoost], 1);
  EXPECT_EQ(s.clearing(e).warriors[kEyrie], 6);
}

// The Marquise's card: three homelands, each adjacent to another; 2
// warriors in each, 1 in each other clearing; the keep in a homeland not
// adjacent to an enemy homeland if able; the three buildings each in a
// different homeland.
TEST(AdvancedSetup, Law_19_8_3_MarquiseCard) {
  State s = Offering(2, {kMarquise, kEyrie, kDuchy}, kEyrie);
  const int e = EnemyFirst(s, kEyrie);
  DraftFaction(s, kMarquise);
  std::vector<int> homes;
  for (int i = 0; i < 3; ++i) {
    ASSERT_EQ(s.prompt().kind, kPromptHomeland);
    for (int c : Clearings(s)) {
      EXPECT_NE(c, e);
      if (!homes.empty()) {
        bool adj = false;
        for (int h : homes) adj |= s.Adjacent(h, c);
        EXPECT_TRUE(adj) << c;
      }
    }
    // Take the last option: not always next to the enemy.
    homes.push_back(s.options().back().a);
    ASSERT_TRUE(s.Apply(static_cast<int>(s.options().size()) - 1).ok());
  }
  for (int c = 0; c < s.map().num_clearings; ++c) {
    const bool home = std::find(homes.begin(), homes.end(), c) != homes.end();
    EXPECT_EQ(s.clearing(c).warriors[kMarquise], home ? 2 : 1) << c;
  }
  std::vector<int> apart;
  for (int h : homes) {
    if (!s.Adjacent(h, e)) apart.push_back(h);
  }
  ToNextDraft(s);
  const int keep = s.marquise().keep;
  EXPECT_NE(std::find(homes.begin(), homes.end(), keep), homes.end());
  if (!apart.empty()) {
    EXPECT_NE(std::find(apart.begin(), apart.end(), keep), apart.end());
  }
  for (int h : homes) {
    const auto& p = s.clearing(h).pieces;
    EXPECT_EQ(p[kSawmill] + p[kWorkshop] + p[kRecruiter], 1) << h;
  }
}

// Warriors of f around `center`: total and spread (max - min).
std::pair<int, int> Around(const State& s, int f, int center) {
  int total = 0, lo = 99, hi = 0;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (!s.Adjacent(center, c) || !s.CanPlace(f, c)) continue;
    const int w = s.clearing(c).warriors[f];
    total += w;
    lo = std::min(lo, w);
    hi = std::max(hi, w);
  }
  return {total, hi - lo};
}

// The Duchy's card: a homeland not adjacent to enemy homelands, 2 warriors
// and a tunnel there, 5 warriors around it as evenly as possible.
TEST(AdvancedSetup, Law_19_8_3_DuchyCard) {
  State s = Offering(2, {kDuchy, kEyrie, kMarquise}, kEyrie);
  EnemyFirst(s, kEyrie);
  DraftFaction(s, kDuchy);
  std::vector<int> all;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (!IsHomeland(s, c)) all.push_back(c);
  }
  EXPECT_EQ(Clearings(s), Sorted(ExpectedTier(s, kDuchy, all, 1)));
  const int h = s.options()[0].a;
  ASSERT_TRUE(s.Apply(0).ok());
  while (s.prompt().kind == kPromptSpread) {
    EXPECT_EQ(s.PromptLaw(), "19.8.3");
    ASSERT_TRUE(s.Apply(0).ok());
  }
  EXPECT_EQ(s.clearing(h).warriors[kDuchy], 2);
  EXPECT_EQ(s.clearing(h).pieces[kTunnel], 1);
  EXPECT_EQ(Around(s, kDuchy, h).first, 5);
  EXPECT_LE(Around(s, kDuchy, h).second, 1);
}

// The Cult's card: a homeland not adjacent to enemy homelands, 4 warriors
// and a matching garden there, 3 warriors around it as evenly as possible,
// 2 warriors in the Acolytes box, then the Outcast.
TEST(AdvancedSetup, Law_19_8_3_CultCard) {
  State s = Offering(3, {kCult, kHundreds, kEyrie, kDuchy}, kHundreds);
  EnemyFirst(s, kHundreds);
  DraftFaction(s, kCult);
  ASSERT_EQ(s.prompt().kind, kPromptHomeland);
  std::vector<int> cands;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (!IsHomeland(s, c) && s.OpenSlots(c) > 0 && s.CanPlace(kCult, c))
      cands.push_back(c);
  }
  EXPECT_EQ(Clearings(s), Sorted(ExpectedTier(s, kCult, cands, 1)));
  const int h = s.options()[0].a;
  const int supply = s.warrior_supply(kCult);
  ASSERT_TRUE(s.Apply(0).ok());
  while (s.prompt().kind == kPromptSpread) ASSERT_TRUE(s.Apply(0).ok());
  EXPECT_EQ(s.clearing(h).warriors[kCult], 4);
  EXPECT_EQ(s.clearing(h).pieces[kGardenFox + s.SuitOf(h)], 1);  // by suit
  EXPECT_EQ(Around(s, kCult, h).first, 3);
  EXPECT_LE(Around(s, kCult, h).second, 1);
  EXPECT_EQ(s.cult().acolytes, 2);
  EXPECT_EQ(s.warrior_supply(kCult), supply - 4 - 3 - 2);
}

// The Corvids' card: a homeland with a warrior and a face-down plot of
// their choice, then a warrior in a clearing of each suit (4 in all).
TEST(AdvancedSetup, Law_19_8_3_CorvidCard) {
  State s = Offering(3, {kCorvid, kHundreds, kEyrie, kDuchy}, kCorvid);
  DraftFaction(s, kCorvid);
  ASSERT_EQ(s.prompt().kind, kPromptHomeland);
  const int h = s.options()[0].a;
  ASSERT_TRUE(s.Apply(0).ok());
  ASSERT_EQ(s.options()[0].kind, kOptPiece);  // which plot
  const int plot = s.options().back().a;
  ASSERT_TRUE(s.Apply(static_cast<int>(s.options().size()) - 1).ok());
  EXPECT_EQ(s.clearing(h).pieces[plot], 1);
  EXPECT_FALSE(s.corvid().FaceUp(h));
  ToNextDraft(s);
  int total = 0;
  std::vector<int> suits(kNumClearingSuits, 0);
  for (int c = 0; c < s.map().num_clearings; ++c) {
    const int w = s.clearing(c).warriors[kCorvid];
    total += w;
    if (c != h) suits[s.SuitOf(c)] += w;
  }
  EXPECT_EQ(total, 4);
  EXPECT_GE(s.clearing(h).warriors[kCorvid], 1);
  // A warrior in a clearing of each suit besides the homeland's own one
  // (a suit's warrior may share the homeland).
  for (int suit = 0; suit < kNumClearingSuits; ++suit) {
    EXPECT_GE(suits[suit] + (s.SuitOf(h) == suit), 1) << suit;
  }
  EXPECT_TRUE(IsHomeland(s, h));
}

// The Keepers' card: two adjacent homelands on the map edge, each with two
// or more clearings between it and enemy homelands, 4 warriors in each.
TEST(AdvancedSetup, Law_19_8_3_KeepersCard) {
  State s = Offering(2, {kKeepers, kHundreds, kEyrie}, kHundreds);
  const int h = EnemyFirst(s, kHundreds);
  DraftFaction(s, kKeepers);
  PlayUntil(
      s, [](const State& st) { return st.prompt().kind == kPromptHomeland; });
  auto full = [&](int c) {
    return s.map().clearings[c].edge && c != h && Dist(s, c, h) >= 3;
  };
  std::vector<int> want;
  for (int a = 0; a < s.map().num_clearings; ++a) {
    bool pair = false;
    for (int b = 0; b < s.map().num_clearings; ++b)
      pair |= full(a) && full(b) && s.Adjacent(a, b);
    if (pair) want.push_back(a);
  }
  ASSERT_FALSE(want.empty());
  EXPECT_EQ(Clearings(s), want);
  const int a = s.options()[0].a;
  ASSERT_TRUE(s.Apply(0).ok());
  for (int b : Clearings(s)) EXPECT_TRUE(full(b) && s.Adjacent(a, b)) << b;
  const int b = s.options()[0].a;
  ASSERT_TRUE(s.Apply(0).ok());
  ToNextDraft(s);
  EXPECT_EQ(s.clearing(a).warriors[kKeepers], 4);
  EXPECT_EQ(s.clearing(b).warriors[kKeepers], 4);
}

// Law 19.8.3.III: when no pair meets both requirements, the Keepers choose
// one homeland at a time, each as well as they can.
TEST(AdvancedSetup, Law_19_8_3_III_MultipleHomelandsOneAtATime) {
  int fallbacks = 0;
  for (uint64_t seed = 1; seed <= 60; ++seed) {
    State s = *State::NewGame(Draft(4), seed);
    uint64_t x = seed * 11400714819323198485u;
    for (int i = 0; i < 3; ++i) {
      x = x * 6364136223846793005u + 1442695040888963407u;
      const int c = static_cast<int>((x >> 33) % s.map().num_clearings);
      if (!IsHomeland(s, c)) AddHomeland(s, kEyrie, c);
    }
    auto edge = [&](int c) {
      return s.map().clearings[c].edge && !IsHomeland(s, c) &&
             s.CanPlace(kKeepers, c);
    };
    bool any_pair = false;
    std::vector<int> edges;
    for (int a = 0; a < s.map().num_clearings; ++a) {
      if (!edge(a)) continue;
      edges.push_back(a);
      for (int b = 0; b < s.map().num_clearings; ++b) {
        any_pair |= edge(b) && s.Adjacent(a, b) &&
                    EnemyDist(s, kKeepers, a) >= 3 &&
                    EnemyDist(s, kKeepers, b) >= 3;
      }
    }
    if (any_pair || edges.empty()) continue;
    ++fallbacks;
    const auto first = PairedHomelandOptions(s, kKeepers, -1);
    EXPECT_EQ(OptionClearings(first),
              Sorted(ExpectedTier(s, kKeepers, edges, 0)));
    const int a = first[0].a;
    AddHomeland(s, kKeepers, a);
    std::vector<int> next;
    for (int b : edges) {
      if (b != a && s.Adjacent(a, b)) next.push_back(b);
    }
    if (next.empty()) continue;
    EXPECT_EQ(OptionClearings(PairedHomelandOptions(s, kKeepers, a)),
              Sorted(ExpectedTier(s, kKeepers, next, 0)));
  }
  EXPECT_GT(fallbacks, 0);
}

// Law 19.8.3.I: the homelands chosen with the faction setup cards are
// public: every seat's observation (and a spectator's) lists each faction's
// homelands, in the order chosen, exactly as the choosers picked them.
TEST(AdvancedSetup, Law_19_8_3_I_HomelandsInEveryObservation) {
  for (int seats : {2, 4}) {
    for (uint64_t seed = 1; seed <= 6; ++seed) {
      auto s = State::NewGame(Draft(seats), seed);
      ASSERT_TRUE(s.ok()) << s.status();
      std::vector<std::pair<int, std::vector<int>>> chosen;  // first-chosen
      while (s->phase() == kPhaseSetup && !s->IsTerminal()) {
        if (s->prompt().kind == kPromptHomeland) {
          const int f = s->seat(s->prompt().seat).faction;
          auto it = std::find_if(chosen.begin(), chosen.end(),
                                 [f](const auto& e) { return e.first == f; });
          if (it == chosen.end()) it = chosen.insert(chosen.end(), {f, {}});
          it->second.push_back(s->options()[0].a);
        }
        ASSERT_TRUE(s->Apply(0).ok());
      }
      ASSERT_FALSE(chosen.empty()) << "every militant card has a homeland";
      for (int seat = -1; seat < seats; ++seat) {
        const Observation o = Observe(*s, seat);
        ASSERT_EQ(o.homelands.size(), chosen.size()) << seat;
        for (size_t i = 0; i < chosen.size(); ++i) {
          EXPECT_EQ(o.homelands[i].faction, chosen[i].first);
          EXPECT_EQ(std::vector<int>(o.homelands[i].clearings.begin(),
                                     o.homelands[i].clearings.end()),
                    chosen[i].second);
        }
      }
    }
  }
}

// Law 5.1: the standard setup has no homelands.
TEST(AdvancedSetup, Law_5_1_StandardSetupHasNoHomelands) {
  GameSetup setup;
  setup.factions = {kMarquise, kEyrie, kAlliance, kVagabond};
  auto s = State::NewGame(setup, 5);
  ASSERT_TRUE(s.ok());
  PlayUntil(*s, [](const State& st) { return st.phase() != kPhaseSetup; });
  for (int seat = -1; seat < 4; ++seat)
    EXPECT_TRUE(Observe(*s, seat).homelands.empty()) << seat;
}

}  // namespace
}  // namespace woodland::rules
