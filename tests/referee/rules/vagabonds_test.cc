// Scenario tests for two Vagabonds in one game (Law 9.7) and the characters
// of the Riverfolk Expansion and the Vagabond Pack (Law 26.4-26.9), plus
// random games with both Vagabonds seated. Seats in scenarios: 0 Marquise,
// 1 Eyrie, 2 Vagabond, 3 second Vagabond.
#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "gtest/gtest.h"
#include "referee/rules/observation.h"
#include "tests/referee/rules/random_play.h"
#include "tests/referee/rules/scenario.h"

namespace woodland::rules::testing {
namespace {

constexpr int kV1 = 2, kV2 = 3;  // seats of the two Vagabonds

// Character indices in Law 26 order.
enum : int8_t {
  kThiefC = 0,
  kTinkerC,
  kRangerC,
  kVagrantC,
  kArbiterC,
  kScoundrelC,
  kAdventurerC,
  kHarrierC,
  kRoninC
};

Scenario TwoVagabonds(int current = kV2, Phase phase = kPhaseDaylight) {
  Scenario sc({kMarquise, kEyrie, kVagabond, kVagabond2});
  sc.s().SetCurrent(current, phase);
  return sc;
}

// Puts Vagabond f in clearing c as `character`.
void Place(State& s, int f, int c, int character) {
  VagabondBoard& vb = s.mutable_vagabond(f);
  vb.character = static_cast<int8_t>(character);
  vb.clearing = static_cast<int8_t>(c);
  vb.forest = -1;
}

// Gives Vagabond f an item from the box (items stay accounted for).
void Give(State& s, int f, int kind, bool exhausted = false,
          bool damaged = false, bool ruin = false) {
  VagabondBoard& vb = s.mutable_vagabond(f);
  vb.items.push_back(
      VItem{static_cast<int8_t>(kind), exhausted, damaged, ruin});
  ++vb.box[kind];
}

int Count(const State& s, int f, int kind, bool exhausted, bool damaged) {
  int n = 0;
  for (const VItem& it : s.vagabond(f).items) {
    n += it.kind == kind && it.exhausted == exhausted && it.damaged == damaged;
  }
  return n;
}

void Daylight(State& s, int seat) {
  GetFaction(s.seat(seat).faction)->PushDaylight(s, seat);
}

// Plays the first option until `key` is asked; returns false if the game
// moved past setup first.
bool RunTo(Scenario& sc, const std::string& key) {
  for (int i = 0; i < 200 && sc.Key() != key; ++i) {
    if (!sc.s().Apply(0).ok()) return false;
  }
  return sc.Key() == key;
}

State NewTwoVagabondGame(uint64_t seed, GameSetup setup = {}) {
  setup.factions = {kMarquise, kEyrie, kVagabond, kVagabond2};
  setup.first_seat = 0;
  auto st = State::NewGame(setup, seed);
  EXPECT_TRUE(st.ok()) << st.status();
  return *std::move(st);
}

// --- Law 9.7 -----------------------------------------------------------------

TEST(TwoVagabonds, Law_9_7_1_BothRSetsTwoRandomItemsPerRuin) {
  Scenario sc;
  sc.state = std::make_unique<State>(NewTwoVagabondGame(5));
  State& s = sc.s();
  int setups = 0;
  for (int i = 0; i < 400 && setups < 2; ++i) {
    if (sc.Key() == "vagabond.setup.forest") ++setups;
    ASSERT_TRUE(s.Apply(0).ok());
  }
  ASSERT_EQ(setups, 2);
  std::map<int, int> items;  // kind -> count under the ruins
  for (int c : {C(6), C(10), C(11), C(12)}) {
    const int a = s.vagabond(kVagabond).ruin_item[c];
    const int b = s.vagabond(kVagabond2).ruin_item[c];
    EXPECT_GT(a, 0) << "clearing " << c + 1 << " holds two items";
    EXPECT_GT(b, 0) << "clearing " << c + 1 << " holds two items";
    ++items[a - 1];
    ++items[b - 1];
  }
  // Law 9.3.4 set (sack, boot, hammer, sword), twice.
  EXPECT_EQ(items, (std::map<int, int>{
                       {kBoot, 2}, {kSack, 2}, {kHammer, 2}, {kSword, 2}}));
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

TEST(TwoVagabonds, Law_9_7_1_WhichVagabondSetsUpFirstIsRandom) {
  std::map<int, int> first;  // seat asked for its character first -> games
  for (uint64_t seed = 1; seed <= 24; ++seed) {
    Scenario sc;
    sc.state = std::make_unique<State>(NewTwoVagabondGame(seed));
    ASSERT_TRUE(RunTo(sc, "vagabond.setup.character"));
    ++first[sc.s().prompt().seat];
  }
  EXPECT_EQ(first.size(), 2u) << "both Vagabonds set up first in some game";
  EXPECT_GT(first[kV1], 0);
  EXPECT_GT(first[kV2], 0);
}

TEST(TwoVagabonds, Law_9_7_SecondVagabondCannotTakeTheFirstsCharacter) {
  Scenario sc;
  sc.state = std::make_unique<State>(NewTwoVagabondGame(2));
  ASSERT_TRUE(RunTo(sc, "vagabond.setup.character"));
  EXPECT_EQ(sc.Labels().size(), 9u);
  sc.Choose("Ronin");
  ASSERT_TRUE(RunTo(sc, "vagabond.setup.character"));
  EXPECT_EQ(sc.Labels().size(), 8u);
  EXPECT_FALSE(sc.Offers("Ronin"));
}

TEST(TwoVagabonds, Law_9_7_2_OneSharedQuestDeckNoExtraQuests) {
  Scenario sc;
  sc.state = std::make_unique<State>(NewTwoVagabondGame(9));
  State& s = sc.s();
  int setups = 0;
  for (int i = 0; i < 400 && setups < 2; ++i) {
    if (sc.Key() == "vagabond.setup.forest") ++setups;
    ASSERT_TRUE(s.Apply(0).ok());
  }
  // 15 quest cards (9.5.5): three face up, twelve in the deck, once.
  EXPECT_EQ(s.vagabond(kVagabond).quests.size(), 3u);
  EXPECT_EQ(s.vagabond(kVagabond).quest_deck.size(), 12u);
  EXPECT_TRUE(s.vagabond(kVagabond2).quests.empty());
  EXPECT_TRUE(s.vagabond(kVagabond2).quest_deck.empty());
}

TEST(TwoVagabonds, Law_9_7_2_EitherVagabondCompletesTheFaceUpQuests) {
  Scenario sc = TwoVagabonds();
  State& s = sc.s();
  Place(s, kVagabond2, C(1), kThiefC);  // fox clearing
  // "Give a Speech" (fox): torch and tea.
  auto& q = s.mutable_vagabond(kVagabond);
  q.quests = {8};
  q.quest_deck = {0, 1};
  Give(s, kVagabond2, kTorch);
  Give(s, kVagabond2, kTea);
  sc.Start([](State& s) { Daylight(s, kV2); });
  sc.Choose("Quest");  // the one quest he can do is chosen at once
  sc.Choose("Score VP for the quest");
  EXPECT_EQ(s.seat(kV2).vp, 1);
  EXPECT_EQ(s.vagabond(kVagabond2).quests_done,
            (std::vector<int8_t>{8}));  // in his own play area
  EXPECT_TRUE(s.vagabond(kVagabond).quests_done.empty());
  EXPECT_EQ(s.vagabond(kVagabond).quests.size(), 1u) << "a new quest drawn";
  EXPECT_EQ(s.vagabond(kVagabond).quest_deck.size(), 1u);
}

TEST(TwoVagabonds, Law_9_7_3_ExploreTakesOneOfTwoItemsOfHisChoice) {
  Scenario sc = TwoVagabonds();
  State& s = sc.s();
  Place(s, kVagabond2, C(6), kThiefC);
  s.SetPieces(kRuin, C(6), 1);
  s.mutable_vagabond(kVagabond).ruin_item[C(6)] = kSack + 1;
  ++s.mutable_vagabond(kVagabond).box[kSack];
  s.mutable_vagabond(kVagabond2).ruin_item[C(6)] = kSword + 1;
  ++s.mutable_vagabond(kVagabond2).box[kSword];
  Give(s, kVagabond2, kTorch);
  Give(s, kVagabond2, kTorch);
  sc.Start([](State& s) { Daylight(s, kV2); });
  sc.Choose("Explore the ruin (torch)");
  EXPECT_EQ(sc.Key(), "vagabond.explore");
  EXPECT_EQ(sc.Labels(), (std::vector<std::string>{"sack", "sword", "Done"}));
  sc.Choose("sword");
  EXPECT_EQ(s.seat(kV2).vp, 1) << "one VP for the item (9.5.3)";
  EXPECT_EQ(s.clearing(C(6)).pieces[kRuin], 1) << "the sack is still there";
  // By two Explore actions he may take both items from one ruin.
  sc.Choose("Explore the ruin (torch)");
  sc.Choose("sack");
  EXPECT_EQ(s.seat(kV2).vp, 2);
  EXPECT_EQ(s.clearing(C(6)).pieces[kRuin], 0) << "the empty ruin goes";
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

TEST(TwoVagabonds, Law_9_7_3_NoRItemOfAKindAlreadyTakenFromARuin) {
  Scenario sc = TwoVagabonds();
  State& s = sc.s();
  Place(s, kVagabond2, C(6), kThiefC);
  s.SetPieces(kRuin, C(6), 1);
  s.mutable_vagabond(kVagabond).ruin_item[C(6)] = kBoot + 1;
  ++s.mutable_vagabond(kVagabond).box[kBoot];
  s.mutable_vagabond(kVagabond2).ruin_item[C(6)] = kHammer + 1;
  ++s.mutable_vagabond(kVagabond2).box[kHammer];
  Give(s, kVagabond2, kTorch);
  Give(s, kVagabond2, kBoot, false, false, /*ruin=*/true);
  Give(s, kVagabond2, kHammer, true, true);  // a starting-kind hammer
  sc.Start([](State& s) { Daylight(s, kV2); });
  sc.Choose("Explore the ruin (torch)");
  // The R boot is barred; a hammer that is no "R" item bars nothing.
  EXPECT_EQ(sc.Labels(), (std::vector<std::string>{"hammer", "Done"}));
  sc.Choose("Done");
  EXPECT_EQ(s.seat(kV2).vp, 0) << "no item taken, no VP";
  EXPECT_EQ(Count(s, kVagabond2, kTorch, true, false), 1)
      << "the torch is still exhausted";
}

TEST(TwoVagabonds, Law_9_7_EachVagabondHasHisOwnBoardAndRelationships) {
  Scenario sc = TwoVagabonds();
  State& s = sc.s();
  Place(s, kVagabond, C(5), kThiefC);
  Place(s, kVagabond2, C(5), kTinkerC);
  Give(s, kVagabond2, kBoot);
  s.SetWarriors(kMarquise, C(5), 1);
  sc.Give(kV2, "Ambush!", kBird);
  sc.Start([](State& s) { Daylight(s, kV2); });
  sc.Choose("Aid");
  sc.Choose("Marquise de Cat");
  EXPECT_EQ(s.vagabond(kVagabond2).relation[kMarquise], 1);
  EXPECT_EQ(s.vagabond(kVagabond).relation[kMarquise], 0);
  EXPECT_EQ(s.seat(kV2).vp, 1) << "9.2.9.I.b: first step scores one";
  EXPECT_EQ(s.seat(kV1).vp, 0);
}

TEST(TwoVagabonds, Law_9_2_7_HitsOnTheSecondVagabondDamageHisItemsOnly) {
  Scenario sc = TwoVagabonds(0);
  State& s = sc.s();
  Place(s, kVagabond, C(5), kThiefC);
  Place(s, kVagabond2, C(5), kRangerC);
  Give(s, kVagabond, kSword);
  Give(s, kVagabond2, kSword);
  Give(s, kVagabond2, kBoot);
  s.SetWarriors(kMarquise, C(5), 3);
  sc.Dice({2, 0});
  sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kVagabond2); });
  EXPECT_EQ(sc.Key(), "vagabond.take_hit");
  EXPECT_EQ(s.prompt().seat, kV2);
  sc.Choose("sword");  // the second hit: the boot, the only one left
  EXPECT_EQ(Count(s, kVagabond2, kSword, false, true), 1);
  EXPECT_EQ(Count(s, kVagabond2, kBoot, false, true), 1);
  EXPECT_EQ(Count(s, kVagabond, kSword, false, false), 1);
}

TEST(TwoVagabonds, Law_9_7_AVagabondMayBattleTheOtherVagabond) {
  Scenario sc = TwoVagabonds(kV1);
  State& s = sc.s();
  Place(s, kVagabond, C(5), kThiefC);
  Place(s, kVagabond2, C(5), kRangerC);
  Give(s, kVagabond, kSword);
  Give(s, kVagabond, kSword);
  Give(s, kVagabond2, kTorch);
  sc.Dice({2, 1});
  sc.Start([](State& s) { Daylight(s, kV1); });
  sc.Choose("Battle (sword)");
  // The defender has no sword: defenseless (9.2.4), 2 rolled + 1 hit, but
  // he has only his torch to damage (9.2.7: the rest are ignored).
  EXPECT_EQ(sc.Key(), "vagabond.action");
  EXPECT_EQ(Count(s, kVagabond2, kTorch, false, true), 1);
}

// Decision (9.5.6 with 9.2.2): Strike removes a warrior or another piece;
// the other Vagabond's only piece is his pawn, which cannot be removed, so
// he is no Strike target (battle him instead).
TEST(TwoVagabonds, Law_9_5_6_TheOtherVagabondIsNoStrikeTarget) {
  Scenario sc = TwoVagabonds(kV1);
  State& s = sc.s();
  Place(s, kVagabond, C(5), kRangerC);
  Place(s, kVagabond2, C(5), kThiefC);
  Give(s, kVagabond, kCrossbow);
  Give(s, kVagabond, kSword);
  Give(s, kVagabond2, kTorch);
  sc.Start([](State& s) { Daylight(s, kV1); });
  EXPECT_FALSE(sc.Offers("Strike (crossbow)"));
  EXPECT_TRUE(sc.Offers("Battle (sword)"));
  s.SetWarriors(kEyrie, C(5), 1);
  sc.Start([](State& s) { Daylight(s, kV1); });
  sc.Choose("Strike (crossbow)");
  EXPECT_EQ(s.clearing(C(5)).warriors[kEyrie], 0) << "the only target";
  EXPECT_EQ(Count(s, kVagabond2, kTorch, false, false), 1);
}

TEST(TwoVagabonds, Law_9_2_8_EitherVagabondFormsACoalitionAndWinsWithIt) {
  Scenario sc = TwoVagabonds();
  State& s = sc.s();
  s.mutable_seat(0).vp = 10;
  s.mutable_seat(1).vp = 3;
  s.mutable_seat(kV1).vp = 2;  // the other Vagabond is a player too
  s.mutable_seat(kV2).vp = 12;
  sc.Give(kV2, "Dominance", kFox);
  Place(s, kVagabond2, C(1), kThiefC);
  sc.Start([](State& s) { Daylight(s, kV2); });
  sc.Choose("Activate Dominance (fox)");
  // 9.2.8: fewest VP among the others but him; the first Vagabond has 2.
  EXPECT_EQ(s.vagabond(kVagabond2).coalition, kV1);
  EXPECT_FALSE(s.AreEnemies(kVagabond2, kVagabond));
  EXPECT_TRUE(s.AreEnemies(kVagabond2, kEyrie));
  EXPECT_EQ(s.WinnersWith(kV1), (std::vector<int8_t>{kV1, kV2}));
  EXPECT_EQ(s.WinnersWith(1), (std::vector<int8_t>{1}));
}

TEST(TwoVagabonds, Law_9_2_8_NoCoalitionWithAPlayerAlreadyInOne) {
  Scenario sc = TwoVagabonds();
  State& s = sc.s();
  s.mutable_seat(0).vp = 10;
  s.mutable_seat(1).vp = 3;
  s.mutable_seat(kV1).vp = 2;
  s.mutable_seat(kV2).vp = 12;
  s.mutable_vagabond(kVagabond).coalition = 1;  // first Vagabond with Eyrie
  sc.Give(kV2, "Dominance", kFox);
  Place(s, kVagabond2, C(1), kThiefC);
  sc.Start([](State& s) { Daylight(s, kV2); });
  // The Eyrie have the fewest VP of the scoring players but are in the
  // first Vagabond's coalition: no partner, so no activation.
  EXPECT_FALSE(sc.Offers("Activate Dominance (fox)"));
  EXPECT_EQ(s.WinnersWith(1), (std::vector<int8_t>{1, kV1}));
}

TEST(TwoVagabonds, Law_1_2_BothVagabondBoardsArePublicRuinItemsHidden) {
  Scenario sc = TwoVagabonds();
  State& s = sc.s();
  Place(s, kVagabond2, C(7), kRoninC);
  Give(s, kVagabond2, kBoot, true, false);
  s.mutable_vagabond(kVagabond2).relation[kEyrie] = kHostile;
  s.mutable_vagabond(kVagabond2).ruin_item[C(11)] = kSword + 1;  // slot 1
  ++s.mutable_vagabond(kVagabond2).box[kSword];
  s.SetPieces(kRuin, C(11), 1);
  const Observation o = Observe(s, 0);
  ASSERT_EQ(o.vagabonds.size(), 2u);
  EXPECT_EQ(o.vagabonds[0].faction, kVagabond);
  EXPECT_EQ(o.vagabonds[1].faction, kVagabond2);
  const VagabondBoard& b = o.vagabonds[1].board;
  EXPECT_EQ(b.character, kRoninC);
  EXPECT_EQ(b.clearing, C(7));
  ASSERT_EQ(b.items.size(), 1u);
  EXPECT_TRUE(b.items[0].exhausted);
  EXPECT_EQ(b.relation[kEyrie], kHostile);
  for (int8_t r : b.ruin_item) EXPECT_EQ(r, 0) << "what lies under a ruin";
  EXPECT_NE(
      std::find(o.ruins_with_items.begin(), o.ruins_with_items.end(), C(11)),
      o.ruins_with_items.end())
      << "a ruin whose one item is the second set's still has items";
}

// --- Law 26: the characters --------------------------------------------------

TEST(Characters, Law_9_3_1_TheMatchMayFixTheCharacter) {
  GameSetup setup;
  setup.characters = {{kVagabond, kRoninC}, {kVagabond2, kArbiterC}};
  Scenario sc;
  sc.state = std::make_unique<State>(NewTwoVagabondGame(4, setup));
  State& s = sc.s();
  for (int i = 0; i < 400 && s.phase() == kPhaseSetup; ++i) {
    EXPECT_NE(sc.Key(), "vagabond.setup.character") << "no choice left";
    ASSERT_TRUE(s.Apply(0).ok());
  }
  EXPECT_EQ(s.vagabond(kVagabond).character, kRoninC);
  EXPECT_EQ(s.vagabond(kVagabond2).character, kArbiterC);
  GameSetup same = setup;
  same.characters = {{kVagabond, kRoninC}, {kVagabond2, kRoninC}};
  same.factions = {kMarquise, kEyrie, kVagabond, kVagabond2};
  EXPECT_FALSE(State::NewGame(same, 1).ok()) << "one card per character";
  GameSetup lone;
  lone.factions = {kMarquise, kVagabond2};
  EXPECT_FALSE(State::NewGame(lone, 1).ok()) << "a second needs a first";
}

TEST(Characters, Law_26_4_2_VagrantInstigatesAndScoresTheRemovedBuildings) {
  Scenario sc = TwoVagabonds();
  State& s = sc.s();
  Place(s, kVagabond2, C(5), kVagrantC);
  Give(s, kVagabond2, kTorch);
  s.SetWarriors(kEyrie, C(5), 3);
  s.SetWarriors(kMarquise, C(5), 1);
  s.SetPieces(kSawmill, C(5), 1);
  s.mutable_vagabond(kVagabond2).relation[kMarquise] = kHostile;
  sc.Dice({3, 0});
  sc.Start([](State& s) { Daylight(s, kV2); });
  sc.Choose("Vagrant special action (torch)");
  EXPECT_EQ(sc.Key(), "vagabond.special.instigate");
  EXPECT_TRUE(sc.Offers("Second Vagabond")) << "even himself";
  sc.Choose("Eyrie Dynasties");
  EXPECT_EQ(sc.Key(), "vagabond.special.instigate.defender");
  sc.Choose("Marquise de Cat");
  // Three hits: the warrior, then the sawmill. He scores the sawmill (3.2.1
  // as if he removed it) and one Infamy for a Hostile faction's building
  // removed in battle on his turn; the Eyrie score nothing.
  EXPECT_EQ(s.seat(kV2).vp, 2);
  EXPECT_EQ(s.seat(1).vp, 0);
  EXPECT_EQ(s.clearing(C(5)).pieces[kSawmill], 0);
  EXPECT_EQ(Count(s, kVagabond2, kTorch, true, false), 1);
}

// Law 26.4.2 with 1.5.5 and 4.3: the forced player battles as if it chose
// to, so it needs warriors (or a pawn) in the clearing; a building alone
// does not let it attack.
TEST(Characters, Law_26_4_2_OnlyAPlayerWithWarriorsOrAPawnThereIsInstigated) {
  Scenario sc = TwoVagabonds();
  State& s = sc.s();
  Place(s, kVagabond2, C(5), kVagrantC);
  Give(s, kVagabond2, kTorch);
  s.SetPieces(kSawmill, C(5), 1);  // the Marquise: a building, no warrior
  s.SetWarriors(kEyrie, C(5), 2);
  sc.Start([](State& s) { Daylight(s, kV2); });
  sc.Choose("Vagrant special action (torch)");
  ASSERT_EQ(sc.Key(), "vagabond.special.instigate");
  EXPECT_FALSE(sc.Offers("Marquise de Cat")) << "no warrior to battle with";
  EXPECT_TRUE(sc.Offers("Eyrie Dynasties"));
  EXPECT_TRUE(sc.Offers("Second Vagabond")) << "his pawn";
}

// Decision (26.4.2): "battle a player in your clearing" includes the
// Vagrant himself as the defender, as "(even you)" includes him as the
// attacker.
TEST(Characters, Law_26_4_2_TheVagrantMayBeTheInstigatedDefender) {
  Scenario sc = TwoVagabonds();
  State& s = sc.s();
  Place(s, kVagabond2, C(5), kVagrantC);
  Give(s, kVagabond2, kTorch);
  Give(s, kVagabond2, kSword);
  s.SetWarriors(kEyrie, C(5), 2);
  s.SetWarriors(kMarquise, C(5), 1);
  sc.Start([](State& s) { Daylight(s, kV2); });
  sc.Choose("Vagrant special action (torch)");
  sc.Choose("Eyrie Dynasties");
  ASSERT_EQ(sc.Key(), "vagabond.special.instigate.defender");
  EXPECT_TRUE(sc.Offers("Marquise de Cat"));
  EXPECT_TRUE(sc.Offers("Second Vagabond"));
}

TEST(Characters, Law_26_5_2_ArbiterEnlistedByTheDefenderBeforeTheRoll) {
  Scenario sc = TwoVagabonds(0);
  State& s = sc.s();
  Place(s, kVagabond2, C(5), kArbiterC);
  Give(s, kVagabond2, kSword);
  Give(s, kVagabond2, kSword);
  Give(s, kVagabond2, kSword, true, false);  // exhausted still counts
  Give(s, kVagabond2, kSword, false, true);  // damaged does not
  s.SetWarriors(kMarquise, C(5), 5);
  s.SetWarriors(kEyrie, C(5), 1);
  sc.Dice({3, 3});
  sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kEyrie); });
  EXPECT_EQ(sc.Key(), "vagabond.protector");
  EXPECT_EQ(s.prompt().seat, 1) << "the defender decides";
  sc.Choose("Yes");
  EXPECT_EQ(s.seat(kV2).vp, 1);
  // The defender's cap: 1 warrior + 3 undamaged swords = 4, roll 3.
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 5 - 3);
}

TEST(Characters, Law_26_5_2_TheArbiterIsNotEnlistedForHimselfOrAgainstHim) {
  Scenario sc = TwoVagabonds(0);
  State& s = sc.s();
  Place(s, kVagabond2, C(5), kArbiterC);
  Give(s, kVagabond2, kSword);
  s.SetWarriors(kMarquise, C(5), 2);
  sc.Dice({1, 1});
  sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kVagabond2); });
  EXPECT_NE(sc.Key(), "vagabond.protector");
}

TEST(Characters, Law_26_6_2_ScoundrelScorchesTheEarth) {
  Scenario sc = TwoVagabonds();
  State& s = sc.s();
  Place(s, kVagabond2, C(5), kScoundrelC);
  Give(s, kVagabond2, kTorch);
  s.SetWarriors(kMarquise, C(5), 2);
  s.SetPieces(kSawmill, C(5), 1);
  s.SetWarriors(kEyrie, C(5), 1);
  s.SetWarriors(kMarquise, C(1), 3);  // 1 is adjacent to 5
  s.SetPieces(kSawmill, C(1), 1);
  sc.Start([](State& s) { Daylight(s, kV2); });
  sc.Choose("Scoundrel special action (torch)");
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 0);
  EXPECT_EQ(s.clearing(C(5)).warriors[kEyrie], 0);
  EXPECT_EQ(s.clearing(C(5)).pieces[kSawmill], 0);
  EXPECT_EQ(s.seat(kV2).vp, 1) << "one VP for the sawmill (3.2.1)";
  EXPECT_EQ(s.vagabond(kVagabond2).relation[kMarquise], kHostile);
  EXPECT_EQ(Count(s, kVagabond2, kTorch, true, false), 0)
      << "the torch stays in the clearing";
  EXPECT_EQ(s.vagabond(kVagabond2).scorched, C(5));
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
  // Nothing may be placed in or moved into it.
  EXPECT_FALSE(s.CanPlace(kMarquise, C(5)));
  for (const Option& o : LegalMoves(s, kMarquise, -1)) EXPECT_NE(o.b, C(5));
  EXPECT_FALSE(LegalMoves(s, kMarquise, -1).empty());
}

TEST(Characters, Law_26_7_2_AdventurerImprovisesOnceAndDamagesTheItem) {
  Scenario sc = TwoVagabonds();
  State& s = sc.s();
  Place(s, kVagabond2, C(1), kAdventurerC);  // fox
  auto& q = s.mutable_vagabond(kVagabond);
  q.quests = {8, 0};  // Give a Speech (torch, tea), Errand (tea, boot), fox
  q.quest_deck = {1, 2, 3};
  Give(s, kVagabond2, kTorch);
  Give(s, kVagabond2, kBoot);
  Give(s, kVagabond2, kHammer);
  sc.Start([](State& s) { Daylight(s, kV2); });
  sc.Choose("Quest");
  EXPECT_TRUE(sc.Offers("Improvise: Give a Speech (fox)"));
  sc.Choose("Improvise: Give a Speech (fox)");
  EXPECT_EQ(sc.Key(), "vagabond.quest.improvise");
  // The boot or the hammer may stand in for the tea; the torch is needed.
  EXPECT_EQ(sc.Labels(), (std::vector<std::string>{"boot", "hammer"}));
  sc.Choose("hammer");
  sc.Choose("Draw two cards");
  EXPECT_EQ(Count(s, kVagabond2, kHammer, true, true), 1)
      << "exhausted and damaged";
  EXPECT_EQ(Count(s, kVagabond2, kTorch, true, false), 1);
  EXPECT_EQ(Count(s, kVagabond2, kBoot, false, false), 1);
  EXPECT_EQ(s.seat(kV2).hand.size(), 2u);
  // Once per turn: Errand would need the tea again.
  EXPECT_FALSE(sc.Offers("Quest"));
}

TEST(Characters, Law_26_8_2_HarrierGlidesAnywhereWithoutBoots) {
  Scenario sc = TwoVagabonds();
  State& s = sc.s();
  Place(s, kVagabond2, C(1), kHarrierC);
  Give(s, kVagabond2, kTorch);
  Give(s, kVagabond2, kBoot);
  s.SetWarriors(kMarquise, C(3), 2);
  s.mutable_vagabond(kVagabond2).relation[kMarquise] = kHostile;
  sc.Start([](State& s) { Daylight(s, kV2); });
  sc.Choose("Harrier special action (torch)");
  EXPECT_EQ(sc.Labels().size(), 11u) << "every clearing but his own";
  sc.Choose("3 (rabbit)");  // not adjacent to 1, and Hostile warriors there
  EXPECT_EQ(s.vagabond(kVagabond2).clearing, C(3));
  EXPECT_EQ(Count(s, kVagabond2, kBoot, false, false), 1);
  EXPECT_EQ(Count(s, kVagabond2, kTorch, true, false), 1);
}

TEST(Characters, Law_26_9_2_RoninExhaustsASwordForAnExtraHit) {
  Scenario sc = TwoVagabonds();
  State& s = sc.s();
  Place(s, kVagabond2, C(5), kRoninC);
  Give(s, kVagabond2, kSword);
  Give(s, kVagabond2, kSword);
  Give(s, kVagabond2, kSword);
  s.SetWarriors(kMarquise, C(5), 5);
  sc.Dice({1, 0});
  sc.Start([](State& s) { Daylight(s, kV2); });
  sc.Choose("Battle (sword)");
  EXPECT_EQ(sc.Key(), "battle.effect");
  sc.Choose("Swift Strike (exhaust a sword: one extra hit)");
  EXPECT_FALSE(sc.Offers("Swift Strike (exhaust a sword: one extra hit)"))
      << "once per battle";
  EXPECT_EQ(sc.Key(), "vagabond.action");
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 5 - 2)
      << "one rolled hit plus the Swift Strike";
  EXPECT_EQ(Count(s, kVagabond2, kSword, true, false), 2)
      << "one for the battle, one for Swift Strike";
}

// Law 26.9.2: Swift Strike is the Ronin's own extra hit; an extra hit from
// a crafted Partisans card in the same battle does not use it up.
TEST(Characters, Law_26_9_2_SwiftStrikeAfterPartisansInTheSameBattle) {
  GameSetup setup;
  setup.factions = {kMarquise, kEyrie, kVagabond, kVagabond2};
  setup.deck = "exiles";
  Scenario sc(setup, 7);
  State& s = sc.s();
  s.SetCurrent(kV2, kPhaseDaylight);
  Place(s, kVagabond2, C(1), kRoninC);  // fox
  Give(s, kVagabond2, kSword);
  Give(s, kVagabond2, kSword);
  Give(s, kVagabond2, kSword);
  s.SetWarriors(kMarquise, C(1), 5);
  sc.Craft(kV2, "Fox Partisans");
  sc.Dice({1, 0});
  sc.Start([](State& s) { Daylight(s, kV2); });
  sc.Choose("Battle (sword)");
  ASSERT_EQ(sc.Key(), "battle.effect");
  sc.Choose("Fox Partisans (fox)");
  ASSERT_EQ(sc.Key(), "battle.effect");
  EXPECT_TRUE(sc.Offers("Swift Strike (exhaust a sword: one extra hit)"));
  sc.Choose("Swift Strike (exhaust a sword: one extra hit)");
  EXPECT_EQ(sc.Key(), "vagabond.action");
  EXPECT_EQ(s.clearing(C(1)).warriors[kMarquise], 5 - 3)
      << "one rolled hit, Partisans and Swift Strike";
}

// --- Tables of 2 to 6 seats (Law 5.1) --------------------------------------

TEST(Tables, Law_5_1_3_FiveSeatsEachDrawThreeFromTheFullDeck) {
  GameSetup setup;
  setup.factions = {kMarquise, kEyrie, kAlliance, kVagabond, kVagabond2};
  setup.first_seat = 0;
  auto st = State::NewGame(setup, 11);
  ASSERT_TRUE(st.ok()) << st.status();
  // Law 5.1.3: dominance cards stay in with more than two players; each of
  // the five draws three of the 54 cards.
  int hands = 0;
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(st->seat(i).hand.size(), 3u);
    hands += static_cast<int>(st->seat(i).hand.size());
  }
  EXPECT_EQ(hands + static_cast<int>(st->deck().size()), 54);
  EXPECT_TRUE(st->removed_cards().empty());
}

TEST(Tables, Law_5_1_TwoToSixDistinctSeats) {
  GameSetup setup;
  setup.factions = {kMarquise,  kEyrie,    kAlliance, kVagabond,
                    kVagabond2, kMarquise, kEyrie};
  EXPECT_FALSE(State::NewGame(setup, 1).ok()) << "seven seats";
  setup.factions = {kMarquise, kVagabond, kVagabond};
  EXPECT_FALSE(State::NewGame(setup, 1).ok()) << "a faction seated twice";
  setup.factions = {kVagabond};
  EXPECT_FALSE(State::NewGame(setup, 1).ok()) << "one seat";
  setup.factions = {kVagabond, kVagabond2};
  EXPECT_TRUE(State::NewGame(setup, 1).ok()) << "two Vagabonds count as two";
}

// --- Random games with both Vagabonds ---------------------------------------

TEST(TwoVagabonds, RandomGamesFourSeats) {
  GameSetup setup;
  setup.factions = {kMarquise, kEyrie, kVagabond, kVagabond2};
  setup.shuffle_seats = true;
  RandomGamesCheck(setup, 970001, 200);
}

TEST(TwoVagabonds, RandomGamesFiveSeats) {
  GameSetup setup;
  setup.factions = {kMarquise, kEyrie, kAlliance, kVagabond, kVagabond2};
  setup.shuffle_seats = true;
  RandomGamesCheck(setup, 980001, 150);
}

TEST(TwoVagabonds, RandomGamesSixSeatsWhenSixFactionsExist) {
  // Six seats need a sixth implemented faction (the expansions).
  RegisterAll();
  std::vector<int8_t> factions = {kMarquise, kEyrie, kAlliance, kVagabond,
                                  kVagabond2};
  for (int f = kCult; f < kNumFactions && factions.size() < 6; ++f) {
    if (GetFaction(f) != nullptr) factions.push_back(static_cast<int8_t>(f));
  }
  if (factions.size() < 6) GTEST_SKIP() << "no sixth faction implemented";
  GameSetup setup;
  setup.factions = factions;
  setup.shuffle_seats = true;
  RandomGamesCheck(setup, 990001, 40);
}

TEST(TwoVagabonds, RandomGamesTwoSeatsBothVagabonds) {
  GameSetup setup;
  setup.factions = {kVagabond, kVagabond2};
  setup.max_turns = 300;
  RandomGamesCheck(setup, 960001, 5);
}

// Random play with every character (two Vagabonds, five seats: coalitions
// are possible) offers every Daylight action of Law 9.5 and reaches every
// Vagabond decision, so the random games above check them all.
TEST(TwoVagabonds, RandomPlayReachesEveryVagabondActionAndDecision) {
  std::set<std::string> keys;
  std::set<int> actions, specials;  // specials: characters offered theirs
  for (uint64_t seed = 1; seed <= 90; ++seed) {
    GameSetup setup;
    setup.factions = {kMarquise, kEyrie, kAlliance, kVagabond, kVagabond2};
    setup.shuffle_seats = true;
    setup.characters = {{kVagabond, static_cast<int8_t>(seed % 9)},
                        {kVagabond2, static_cast<int8_t>((seed + 4) % 9)}};
    DecisionHook hook = [&](const State& s, uint64_t, int) {
      const std::string key(s.PromptKey());
      keys.insert(key);
      if (key == "vagabond.action" || key == "battle.effect") {
        for (const Option& o : s.options()) {
          if (o.kind != kOptAction) continue;
          actions.insert(o.a);
          if (key == "vagabond.action" && o.a == 8) {
            const int f = s.seat(s.prompt().seat).faction;
            specials.insert(s.vagabond(f).character);
          }
        }
      }
      return absl::OkStatus();
    };
    auto r = RandomPlayout(setup, 4200 + seed, PolicySeedFor(seed), hook);
    ASSERT_TRUE(r.ok()) << r.status();
  }
  // Move, Battle, Explore, Aid, Quest, Strike, Repair, Craft, Special
  // (9.5.1-9.5.9) and Swift Strike (26.9.2).
  for (int a : {0, 1, 2, 3, 4, 5, 6, 7, 8, 13}) {
    EXPECT_TRUE(actions.count(a)) << "action " << a;
  }
  // Steal, Day Labor, Hideout, Instigate, Scorched Earth, Glide (26.x.2).
  for (int c :
       {kThiefC, kTinkerC, kRangerC, kVagrantC, kScoundrelC, kHarrierC}) {
    EXPECT_TRUE(specials.count(c)) << "character " << c;
  }
  for (const char* k : {"vagabond.refresh",
                        "vagabond.slip",
                        "vagabond.action",
                        "vagabond.move",
                        "vagabond.move.allies",
                        "vagabond.battle",
                        "vagabond.battle.ally",
                        "vagabond.aid.target",
                        "vagabond.aid.card",
                        "vagabond.aid.exhaust",
                        "vagabond.aid.take_item",
                        "vagabond.quest",
                        "vagabond.quest.reward",
                        "vagabond.quest.improvise",
                        "vagabond.strike",
                        "vagabond.strike.piece",
                        "vagabond.repair",
                        "vagabond.special.steal",
                        "vagabond.special.day_labor",
                        "vagabond.special.hideout",
                        "vagabond.special.instigate",
                        "vagabond.special.instigate.defender",
                        "vagabond.special.glide",
                        "vagabond.protector",
                        "vagabond.take_hit",
                        "vagabond.lone_wanderer",
                        "vagabond.item_limit",
                        "vagabond.explore",
                        "vagabond.coalition"}) {
    EXPECT_TRUE(keys.count(k)) << k;
  }
}

}  // namespace
}  // namespace woodland::rules::testing
