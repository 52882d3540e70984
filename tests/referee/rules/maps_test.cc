// The four maps (Law 2.2-2.4, 19.1, 25): the map files against the reference
// data, the suit markers, and the Lake's and the Mountain's own rules.
#include <algorithm>
#include <bit>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "gtest/gtest.h"
#include "referee/rules/faction.h"
#include "referee/rules/map_rules.h"
#include "tests/referee/rules/random_play.h"
#include "tests/referee/rules/scenario.h"

namespace woodland::rules {
namespace {

using testing::C;
using testing::RandomGamesCheck;
using testing::Scenario;

// --- The map files against ../shared/reference/maps.yaml ------------------

using Pair = std::pair<std::string, std::string>;

// The facts of one map, read from the reference YAML by line patterns (the
// file is regular: one fact per line under a two-space key).
struct RefMap {
  std::set<Pair> paths, closed, rivers, forest_adjacent;
  std::map<std::string, std::set<int>> forests;
  std::map<int, std::map<std::string, std::string>> clearings;
  std::set<int> ruins, coastal;
  std::set<Pair> opposite;
  int ferry = 0, tower = 0;
};

Pair Ordered(std::string a, std::string b) {
  if (a.size() > b.size() || (a.size() == b.size() && a > b)) std::swap(a, b);
  return {a, b};
}

std::set<int> Numbers(const std::string& s) {
  std::set<int> out;
  static const std::regex kNum("\\d+");
  for (auto it = std::sregex_iterator(s.begin(), s.end(), kNum);
       it != std::sregex_iterator(); ++it) {
    out.insert(std::stoi(it->str()));
  }
  return out;
}

RefMap ReadReference(const std::string& key) {
  std::ifstream in(REFERENCE_MAPS_PATH);
  EXPECT_TRUE(in.good()) << REFERENCE_MAPS_PATH;
  RefMap r;
  std::string line, section;
  bool inside = false;
  static const std::regex kPair("^    - \\[(\\w+), (\\w+)\\]");
  static const std::regex kForest("^    (F\\d+): \\[([\\d, ]+)\\]");
  static const std::regex kClearing("^    - \\{id: (\\d+), (.*)\\}");
  static const std::regex kField("(\\w+): (\\w+)");
  std::smatch m;
  while (std::getline(in, line)) {
    if (!line.empty() && line[0] != ' ' && line[0] != '#') {
      inside = line == key + ":";
      continue;
    }
    if (!inside) continue;
    if (line.rfind("  ", 0) == 0 && line.size() > 2 && line[2] != ' ') {
      section = line.substr(2, line.find(':') - 2);
      const std::string value = line.substr(line.find(':') + 1);
      if (section == "ruins")
        r.ruins = Numbers(value.substr(0, value.find('#')));
      if (section == "tower_pass_clearing") r.tower = *Numbers(value).begin();
      if (section == "opposite_corners") {
        std::set<int> n = Numbers(value.substr(0, value.find('#')));
        std::vector<int> v(n.begin(), n.end());
        static const std::regex kOpp("\\[(\\d+), (\\d+)\\]");
        for (auto it = std::sregex_iterator(value.begin(), value.end(), kOpp);
             it != std::sregex_iterator(); ++it) {
          r.opposite.insert(Ordered((*it)[1], (*it)[2]));
        }
      }
      continue;
    }
    if (section == "lake") {
      if (line.find("coastal_clearings:") != std::string::npos)
        r.coastal = Numbers(line.substr(0, line.find('#')));
      if (line.find("ferry_start_clearing:") != std::string::npos)
        r.ferry = *Numbers(line.substr(0, line.find('#'))).begin();
      continue;
    }
    if (std::regex_search(line, m, kPair)) {
      const Pair p = Ordered(m[1], m[2]);
      if (section == "paths") r.paths.insert(p);
      if (section == "closed_paths") r.closed.insert(p);
      if (section == "rivers") r.rivers.insert(p);
      if (section == "forest_adjacency" ||
          section == "coastal_forest_ring_adjacency") {
        r.forest_adjacent.insert(p);
      }
    } else if (section == "forests" && std::regex_search(line, m, kForest)) {
      r.forests[m[1]] = Numbers(m[2]);
    } else if (section == "clearings" &&
               std::regex_search(line, m, kClearing)) {
      const int id = std::stoi(m[1]);
      const std::string fields = m[2];
      for (auto it = std::sregex_iterator(fields.begin(), fields.end(), kField);
           it != std::sregex_iterator(); ++it) {
        r.clearings[id][(*it)[1]] = (*it)[2];
      }
    }
  }
  return r;
}

std::set<Pair> Links(const MapDef& m, ClearingMask ClearingDef::*field) {
  std::set<Pair> out;
  for (int a = 0; a < m.num_clearings; ++a) {
    for (int b = 0; b < m.num_clearings; ++b) {
      if (m.clearings[a].*field >> b & 1) {
        EXPECT_TRUE(m.clearings[b].*field >> a & 1)
            << m.key << ": link " << a + 1 << "-" << b + 1 << " one-way";
        out.insert(Ordered(std::to_string(a + 1), std::to_string(b + 1)));
      }
    }
  }
  return out;
}

class MapData : public ::testing::TestWithParam<std::string> {};

TEST_P(MapData, Law_2_2_To_2_4_And_25_MapFileMatchesTheReferenceData) {
  const std::string key = GetParam();
  auto m = BuiltinMap(key);
  ASSERT_TRUE(m.ok()) << m.status();
  const RefMap ref = ReadReference(key);
  ASSERT_EQ(ref.clearings.size(), 12u) << "reference not read";
  EXPECT_EQ(m->num_clearings, 12);
  EXPECT_EQ(Links(*m, &ClearingDef::river), ref.rivers);
  std::set<Pair> closed;
  for (auto [a, b] : m->closed_paths)
    closed.insert(Ordered(std::to_string(a + 1), std::to_string(b + 1)));
  EXPECT_EQ(closed, ref.closed);
  // The reference lists closed paths among the paths (they are printed).
  std::set<Pair> paths = Links(*m, &ClearingDef::adjacent);
  paths.insert(closed.begin(), closed.end());
  EXPECT_EQ(paths, ref.paths);
  std::set<int> ruins, coastal;
  for (int c = 0; c < 12; ++c) {
    const ClearingDef& d = m->clearings[c];
    const auto& f = ref.clearings.at(c + 1);
    EXPECT_EQ(d.slots, std::stoi(f.at("slots_total"))) << key << " " << c + 1;
    EXPECT_EQ(d.corner, f.at("corner") == "true") << key << " " << c + 1;
    EXPECT_EQ(d.edge, f.at("map_edge") == "true") << key << " " << c + 1;
    if (f.count("suit")) {
      EXPECT_EQ(SuitName(d.suit), f.at("suit")) << key << " " << c + 1;
    }
    if (d.ruin) ruins.insert(c + 1);
    if (d.coastal) coastal.insert(c + 1);
  }
  EXPECT_EQ(m->suits_printed, key == "autumn");
  EXPECT_EQ(ruins, ref.ruins);
  EXPECT_EQ(coastal, ref.coastal);
  EXPECT_EQ(m->ferry + 1, ref.ferry);
  EXPECT_EQ(m->tower + 1, ref.tower);
  std::set<Pair> opposite;
  for (auto [a, b] : m->opposite_corners)
    opposite.insert(Ordered(std::to_string(a + 1), std::to_string(b + 1)));
  EXPECT_EQ(opposite, ref.opposite);
  // Forests, in the reference's order F1, F2, ...
  ASSERT_EQ(m->forests.size(), ref.forests.size());
  std::set<Pair> forest_adjacent;
  for (size_t i = 0; i < m->forests.size(); ++i) {
    const std::string name = "F" + std::to_string(i + 1);
    std::set<int> touches;
    for (int c = 0; c < 12; ++c) {
      if (m->forests[i] >> c & 1) touches.insert(c + 1);
    }
    EXPECT_EQ(touches, ref.forests.at(name)) << key << " " << name;
    for (int8_t j : m->forest_adjacent[i]) {
      forest_adjacent.insert(Ordered(name, "F" + std::to_string(j + 1)));
    }
  }
  EXPECT_EQ(forest_adjacent, ref.forest_adjacent);
}

INSTANTIATE_TEST_SUITE_P(AllMaps, MapData,
                         ::testing::Values("autumn", "winter", "lake",
                                           "mountain"));

// --- Suits (Law 19.1) -------------------------------------------------------

GameSetup Table(const std::string& map) {
  GameSetup setup;
  setup.factions = {kMarquise, kEyrie};
  setup.map = map;
  return setup;
}

TEST(Maps, Law_19_1_SuitMarkersAreFourOfEachSuitShuffled) {
  std::set<std::vector<int>> layouts;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    auto s = State::NewGame(Table("winter"), seed);
    ASSERT_TRUE(s.ok()) << s.status();
    std::vector<int> suits;
    std::array<int, 3> count{};
    for (int c = 0; c < 12; ++c) {
      suits.push_back(s->SuitOf(c));
      ++count[s->SuitOf(c)];
    }
    EXPECT_EQ(count, (std::array<int, 3>{4, 4, 4})) << "seed " << seed;
    layouts.insert(suits);
  }
  EXPECT_GT(layouts.size(), 15u) << "the markers are not shuffled";
}

TEST(Maps, Law_19_1_AutumnKeepsItsPrintedSuitsUnlessAskedToShuffle) {
  auto printed = State::NewGame(Table("autumn"), 3);
  ASSERT_TRUE(printed.ok());
  // Autumn's clearing 1 is a fox clearing, 2 mouse, 3 rabbit (printed).
  EXPECT_EQ(printed->SuitOf(C(1)), kFox);
  EXPECT_EQ(printed->SuitOf(C(2)), kMouse);
  EXPECT_EQ(printed->SuitOf(C(3)), kRabbit);
  bool differs = false;
  for (uint64_t seed = 1; seed <= 5 && !differs; ++seed) {
    GameSetup setup = Table("autumn");
    setup.random_suits = true;
    auto s = State::NewGame(setup, seed);
    ASSERT_TRUE(s.ok());
    for (int c = 0; c < 12; ++c) differs |= s->SuitOf(c) != printed->SuitOf(c);
  }
  EXPECT_TRUE(differs);
}

TEST(Maps, Law_19_1_SetupMayNameEverySuit) {
  GameSetup setup = Table("lake");
  setup.suits = {kFox,   kFox,    kMouse, kRabbit, kMouse,  kFox,
                 kMouse, kRabbit, kFox,   kMouse,  kRabbit, kRabbit};
  auto s = State::NewGame(setup, 9);
  ASSERT_TRUE(s.ok()) << s.status();
  for (int c = 0; c < 12; ++c) EXPECT_EQ(s->SuitOf(c), setup.suits[c]);
  setup.suits.pop_back();
  EXPECT_FALSE(State::NewGame(setup, 9).ok()) << "eleven suits for 12";
  setup.suits.push_back(kBird);
  EXPECT_FALSE(State::NewGame(setup, 9).ok()) << "bird is no clearing suit";
}

// --- The Lake (Law 25.3) ----------------------------------------------------

// Lake suits as in root-automated-setup's suggestion, so labels are fixed.
GameSetup LakeTable() {
  GameSetup setup = Table("lake");
  setup.suits = {kFox,   kFox,    kMouse, kRabbit, kMouse,  kFox,
                 kMouse, kRabbit, kFox,   kMouse,  kRabbit, kRabbit};
  return setup;
}

TEST(Maps, Law_25_3_2_TheLakeLinksEveryCoastalPairAsARiver) {
  auto m = BuiltinMap("lake");
  ASSERT_TRUE(m.ok());
  const std::vector<int> coast = {1, 10, 11, 12};  // Law 25.3.3, the board
  for (int a : coast) {
    for (int b : coast) {
      if (a == b) continue;
      EXPECT_TRUE(m->clearings[C(a)].river >> C(b) & 1) << a << "-" << b;
      EXPECT_FALSE(m->Adjacent(C(a), C(b))) << "the lake is no path";
    }
  }
}

TEST(Maps, Law_25_3_1_TheFerryStartsInTheCoastalCorner) {
  auto s = State::NewGame(LakeTable(), 1);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->ferry(), C(1));
}

TEST(Maps, Law_25_3_5_FerryCrossingTakesTheFerryAlongAndDrawsACard) {
  Scenario sc(LakeTable(), 7);
  sc.s().SetWarriors(kMarquise, C(1), 3);
  sc.Start([](State& s) { PushMove(s, 0, -1, false); });
  EXPECT_TRUE(sc.Offers("Move from 1 (fox) to 10 (mouse) by the Ferry"));
  EXPECT_TRUE(sc.Offers("Move from 1 (fox) to 12 (rabbit) by the Ferry"));
  EXPECT_TRUE(sc.Offers("Move from 1 (fox) to 5 (mouse)"));  // by path
  const size_t hand = sc.s().seat(0).hand.size();
  sc.Choose("Move from 1 (fox) to 11 (rabbit) by the Ferry");
  sc.Choose("Move 2 warriors from 1 (fox) to 11 (rabbit)");
  EXPECT_EQ(sc.s().clearing(C(11)).warriors[kMarquise], 2);
  EXPECT_EQ(sc.s().ferry(), C(11));
  EXPECT_EQ(sc.s().seat(0).hand.size(), hand + 1);
  // Law 25.3.5: once per turn, even from the Ferry's new clearing.
  sc.Start([](State& s) { PushMove(s, 0, -1, true); });
  for (const std::string& l : sc.Labels()) {
    EXPECT_EQ(l.find("Ferry"), std::string::npos) << l;
  }
}

TEST(Maps, Law_25_3_5_TheFerryStillNeedsRuleAtOneEnd) {
  Scenario sc(LakeTable(), 7);
  sc.s().SetWarriors(kMarquise, C(1), 1);
  sc.s().SetWarriors(kEyrie, C(1), 2);      // the Eyrie rule 1
  sc.s().SetWarriors(kEyrie, C(10), 1);     // and 10
  sc.s().SetWarriors(kMarquise, C(12), 1);  // the Marquise rule 12
  sc.Start([](State& s) { PushMove(s, 0, -1, true); });
  EXPECT_FALSE(sc.Offers("Move from 1 (fox) to 10 (mouse) by the Ferry"));
  EXPECT_FALSE(sc.Offers("Move from 1 (fox) to 11 (rabbit) by the Ferry"))
      << "nobody rules 11";
  EXPECT_TRUE(sc.Offers("Move from 1 (fox) to 12 (rabbit) by the Ferry"));
}

TEST(Maps, Law_25_3_5_OnlyFromTheFerrysClearing) {
  Scenario sc(LakeTable(), 7);
  sc.s().SetWarriors(kMarquise, C(10), 2);
  sc.Start([](State& s) { PushMove(s, 0, -1, true); });
  EXPECT_FALSE(sc.Offers("Move from 10 (mouse) to 11 (rabbit) by the Ferry"));
  EXPECT_FALSE(sc.Offers("Move from 10 (mouse) to 11 (rabbit)"));
}

// --- The Mountain (Law 25.4) ------------------------------------------------

GameSetup MountainTable() {
  GameSetup setup = Table("mountain");
  setup.suits = {kFox,    kRabbit, kFox,    kMouse, kMouse, kMouse,
                 kRabbit, kRabbit, kRabbit, kFox,   kMouse, kFox};
  return setup;
}

TEST(Maps, Law_25_4_2_ClearingsLinkedOnlyByAClosedPathAreNotAdjacent) {
  Scenario sc(MountainTable(), 7);
  EXPECT_FALSE(sc.s().Adjacent(C(2), C(5)));
  EXPECT_FALSE(sc.s().Adjacent(C(11), C(12)));
  EXPECT_TRUE(sc.s().Adjacent(C(2), C(6)));
  sc.s().SetWarriors(kMarquise, C(2), 2);
  sc.Start([](State& s) { PushMove(s, 0, -1, true); });
  EXPECT_FALSE(sc.Offers("Move from 2 (rabbit) to 5 (mouse)"));
  EXPECT_TRUE(sc.Offers("Move from 2 (rabbit) to 6 (mouse)"));
}

TEST(Maps, Law_25_4_3_SpendACardToRemoveAClosedPathForOnePoint) {
  Scenario sc(MountainTable(), 7);
  sc.s().SetWarriors(kMarquise, C(5), 1);  // a piece at one end of 2-5
  const CardId card = sc.Give(0, "Ambush!", kBird);
  sc.Give(0, "Ambush!", kFox);
  sc.Start([](State& s) {
    s.Push(Task{.kind = kTaskTakeDominance, .seat = 0, .step = 10});
  });
  // Only paths touching a clearing with Marquise pieces: 2-5 and 5-9.
  EXPECT_TRUE(
      sc.Offers("Remove the closed path between 2 (rabbit) and 5 "
                "(mouse)"));
  EXPECT_TRUE(
      sc.Offers("Remove the closed path between 5 (mouse) and 9 "
                "(rabbit)"));
  EXPECT_FALSE(
      sc.Offers("Remove the closed path between 3 (fox) and 7 "
                "(rabbit)"));
  sc.Choose("Remove the closed path between 2 (rabbit) and 5 (mouse)");
  EXPECT_EQ(sc.Key(), "map.open_path.card");
  sc.Choose("Ambush! (bird)");
  EXPECT_EQ(sc.s().seat(0).vp, 1);
  EXPECT_TRUE(sc.s().Adjacent(C(2), C(5)));
  EXPECT_EQ(sc.s().seat(0).hand.size(), 1u);
  EXPECT_EQ(std::count(sc.s().discard().begin(), sc.s().discard().end(), card),
            1);
  // Law 25.4.3: once per turn.
  sc.Start([](State& s) {
    s.Push(Task{.kind = kTaskTakeDominance, .seat = 0, .step = 10});
  });
  EXPECT_FALSE(
      sc.Offers("Remove the closed path between 5 (mouse) and 9 "
                "(rabbit)"));
}

TEST(Maps, Law_25_4_3_NeedsACardAndAPieceAtAnEnd) {
  Scenario sc(MountainTable(), 7);
  sc.s().SetWarriors(kMarquise, C(1), 1);  // no closed path touches 1
  sc.Give(0, "Ambush!", kBird);
  std::vector<Option> opts;
  AppendOpenPathExtras(sc.s(), 0, opts);
  EXPECT_TRUE(opts.empty());
  sc.s().SetWarriors(kMarquise, C(8), 1);  // 8-9 is closed
  AppendOpenPathExtras(sc.s(), 0, opts);
  EXPECT_EQ(opts.size(), 1u);
  sc.s().mutable_seat(0).hand.clear();
  sc.s().mutable_discard().push_back(sc.Card("Ambush!", kMouse));
  opts.clear();
  AppendOpenPathExtras(sc.s(), 0, opts);
  EXPECT_TRUE(opts.empty()) << "no card to spend";
}

TEST(Maps, Law_25_4_4_RulingThePassScoresAtTheEndOfEvening) {
  Scenario sc(MountainTable(), 7);
  sc.s().SetWarriors(kMarquise, C(10), 1);  // the Pass
  sc.Start(
      [](State& s) { s.Push(Task{.kind = kTaskTurn, .seat = 0, .step = 9}); });
  EXPECT_EQ(sc.s().seat(0).vp, 1);
  sc.s().SetWarriors(kEyrie, C(10), 2);  // the Eyrie rule it now
  sc.Start(
      [](State& s) { s.Push(Task{.kind = kTaskTurn, .seat = 0, .step = 9}); });
  EXPECT_EQ(sc.s().seat(0).vp, 1) << "no point without rule";
}

// --- Random games on every map ---------------------------------------------

class MapGames : public ::testing::TestWithParam<std::string> {};

TEST_P(MapGames, RandomGamesKeepEveryInvariant) {
  GameSetup setup;
  setup.map = GetParam();
  setup.factions = {kMarquise, kEyrie, kAlliance, kVagabond};
  setup.shuffle_seats = true;
  RandomGamesCheck(setup, 77000, 40);
  setup.factions = {kMarquise, kEyrie};
  RandomGamesCheck(setup, 78000, 40);
}

INSTANTIATE_TEST_SUITE_P(AllMaps, MapGames,
                         ::testing::Values("autumn", "winter", "lake",
                                           "mountain"));

}  // namespace
}  // namespace woodland::rules

namespace woodland::rules {
namespace {

// The map rules do happen in random play: the Ferry crosses, closed paths
// are removed, the Pass scores.
TEST(Maps, RandomGamesUseTheFerryTheClosedPathsAndThePass) {
  std::array<int, 3> seen{};  // ferry crossings, paths removed, map VP
  for (const std::string map : {"lake", "mountain"}) {
    GameSetup setup;
    setup.map = map;
    setup.factions = {kMarquise, kEyrie, kAlliance, kVagabond};
    setup.record_events = true;
    setup.max_turns = 300;
    for (uint64_t seed = 1; seed <= 10; ++seed) {
      auto r = RandomPlayout(setup, seed, PolicySeedFor(seed));
      ASSERT_TRUE(r.ok()) << r.status();
      for (const Event& e : r->final_state.events()) {
        seen[0] += e.kind == kEvFerry;
        seen[1] += e.kind == kEvOpenPath;
        seen[2] += e.kind == kEvVp && e.a == kVpMap;
      }
    }
  }
  EXPECT_GT(seen[0], 0);
  EXPECT_GT(seen[1], 0);
  EXPECT_GT(seen[2], seen[1]) << "the Pass never scored";
}

// Issue 12 speed: the closed paths still on the map are a mask read from the
// removed ones (State::closed_paths_left), and AppendOpenPathExtras walks
// only those. Throughout random Mountain games, at every decision and for
// every seat, it offers what Law 25.4.3 allows, recomputed from the logged
// removals: each closed path not yet removed with a piece of the seat at an
// end, if the seat holds a card and removed none this turn; and a path is a
// path again (25.4.2) exactly once removed.
TEST(Maps, Issue12_OpenPathOffersFollowTheRemovedPaths) {
  GameSetup setup;
  setup.map = "mountain";
  setup.factions = {kMarquise, kEyrie, kAlliance, kVagabond};
  setup.shuffle_seats = true;
  setup.record_events = true;
  setup.max_turns = 200;
  int removed_total = 0, offers_total = 0;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    auto hook = [&](const State& s, uint64_t, int) -> absl::Status {
      const auto& paths = s.map().closed_paths;
      uint32_t removed = 0;
      for (const Event& e : s.events()) {
        if (e.kind == kEvOpenPath) removed |= 1u << e.a;
      }
      EXPECT_EQ(s.closed_paths_left(), ((1u << paths.size()) - 1) & ~removed);
      for (size_t i = 0; i < paths.size(); ++i) {
        EXPECT_EQ(s.Adjacent(paths[i].first, paths[i].second),
                  (removed >> i & 1) == 1);
      }
      for (int seat = 0; seat < s.num_seats(); ++seat) {
        const int f = s.seat(seat).faction;
        uint32_t want = 0;
        for (size_t i = 0; i < paths.size(); ++i) {
          if ((removed >> i & 1) || s.path_opened_this_turn() ||
              s.seat(seat).hand.empty()) {
            continue;
          }
          if (s.HasPieces(f, paths[i].first) ||
              s.HasPieces(f, paths[i].second)) {
            want |= 1u << i;
          }
        }
        std::vector<Option> opts;
        AppendOpenPathExtras(s, seat, opts);
        uint32_t got = 0;
        for (const Option& o : opts) {
          EXPECT_EQ(o.a, kExtraOpenPath);
          EXPECT_FALSE(got >> o.b & 1) << "offered twice";
          got |= 1u << o.b;
        }
        EXPECT_EQ(got, want) << "seat " << seat;
        offers_total += static_cast<int>(opts.size());
      }
      removed_total = std::max(removed_total, std::popcount(removed));
      return absl::OkStatus();
    };
    auto r = RandomPlayout(setup, seed, PolicySeedFor(seed), hook);
    ASSERT_TRUE(r.ok()) << r.status();
    if (HasFailure()) return;
  }
  EXPECT_GT(removed_total, 0);
  EXPECT_GT(offers_total, 0);
}

}  // namespace
}  // namespace woodland::rules
