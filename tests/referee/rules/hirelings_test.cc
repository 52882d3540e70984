// The Marauder hirelings (Law 22, 19.6): setup, hiring, control, rule and
// the sides' timed actions.
#include "referee/rules/hirelings.h"

#include <algorithm>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "referee/rules/landmarks.h"
#include "referee/rules/observation.h"
#include "tests/referee/rules/random_play.h"
#include "tests/referee/rules/scenario.h"

namespace woodland::rules {
namespace {

using testing::C;
using testing::Scenario;

GameSetup Table(std::vector<int8_t> factions,
                std::vector<std::pair<int8_t, bool>> hirelings) {
  GameSetup g;
  g.factions = std::move(factions);
  g.hirelings = std::move(hirelings);
  return g;
}

// Index of a hireling's card on the board.
int CardOf(const State& s, int hireling) {
  const auto& cards = s.hirelings().cards;
  for (size_t i = 0; i < cards.size(); ++i) {
    if (cards[i].hireling == hireling) return static_cast<int>(i);
  }
  ADD_FAILURE() << "hireling not in play";
  return 0;
}

// Puts n warriors of a hireling in c from its supply.
void PutWarriors(State& s, int hireling, int c, int n) {
  HirelingCard& h = s.mutable_hirelings().cards[CardOf(s, hireling)];
  h.supply -= n;
  h.warriors[c] += n;
  s.mutable_hirelings().RecomputeOnMap();
}

void Control(State& s, int hireling, int seat, int markers, int gained = 0) {
  HirelingCard& h = s.mutable_hirelings().cards[CardOf(s, hireling)];
  h.controller = s.seat(seat).faction;
  h.control = static_cast<int8_t>(markers);
  h.gained_turn = static_cast<int16_t>(gained);
}

// Queues outcomes of the hirelings' dice.
void HirelingDice(State& s, std::vector<int> values) {
  auto v = std::make_shared<std::vector<ChanceOutcome>>();
  for (int x : values)
    v->push_back({kChanceHirelingDie, static_cast<uint16_t>(x)});
  s.chance_stream().Substitute(v);
}

// Answers the factions' setup decisions (first option) up to the hirelings'.
void SkipFactionSetup(State& s) {
  while (!s.IsTerminal() && !absl::StartsWith(s.PromptKey(), "hireling.")) {
    ASSERT_TRUE(s.Apply(0).ok());
  }
}

// Answers every setup decision with its first option.
void RunSetup(State& s) {
  while (!s.IsTerminal() && s.phase() == kPhaseSetup) {
    ASSERT_TRUE(s.Apply(0).ok());
  }
}

// --- 19.6: setup -------------------------------------------------------------

TEST(Hirelings, Law_19_6_5_FactionOfAHirelingInPlayIsRefused) {
  const std::pair<int8_t, bool> nobles{kHirelingLastDynasty, true};
  const std::pair<int8_t, bool> band{kHirelingPopularBand, false};
  const std::pair<int8_t, bool> scouts{kHirelingSpringUprising, true};
  // Either side blocks: the demoted Bluebird Nobles keep the Eyrie out.
  auto s =
      State::NewGame(Table({kMarquise, kEyrie}, {nobles, band, scouts}), 1);
  EXPECT_EQ(s.status().code(), absl::StatusCode::kInvalidArgument);
  // The Exile (or Brigand) keeps out both Vagabonds.
  s = State::NewGame(
      Table({kMarquise, kVagabond}, {{kHirelingExile, true}, band, scouts}), 1);
  EXPECT_EQ(s.status().code(), absl::StatusCode::kInvalidArgument);
  s = State::NewGame(Table({kMarquise, kEyrie},
                           {{kHirelingForestPatrol, false}, band, scouts}),
                     1);
  EXPECT_EQ(s.status().code(), absl::StatusCode::kInvalidArgument);
  s = State::NewGame(Table({kMarquise, kAlliance}, {band, scouts, nobles}), 1);
  EXPECT_EQ(s.status().code(), absl::StatusCode::kInvalidArgument);
  s = State::NewGame(Table({kMarquise, kHundreds},
                           {{kHirelingFlameBearers, true}, band, nobles}),
                     1);
  EXPECT_EQ(s.status().code(), absl::StatusCode::kInvalidArgument);
  s = State::NewGame(Table({kMarquise, kKeepers},
                           {{kHirelingVaultKeepers, true}, band, nobles}),
                     1);
  EXPECT_EQ(s.status().code(), absl::StatusCode::kInvalidArgument);
  // The Popular Band blocks nobody.
  s = State::NewGame(
      Table({kMarquise, kVagabond, kCult, kRiverfolk, kDuchy, kCorvid},
            {band, nobles, scouts}),
      1);
  EXPECT_TRUE(s.ok()) << s.status();
}

TEST(Hirelings, Law_19_6_ExactlyThreeDistinctHirelings) {
  const std::pair<int8_t, bool> band{kHirelingPopularBand, false};
  auto s = State::NewGame(
      Table({kMarquise, kEyrie}, {band, {kHirelingExile, false}}), 1);
  EXPECT_EQ(s.status().code(), absl::StatusCode::kInvalidArgument);
  s = State::NewGame(
      Table({kMarquise, kEyrie},
            {band, {kHirelingPopularBand, true}, {kHirelingExile, false}}),
      1);
  EXPECT_EQ(s.status().code(), absl::StatusCode::kInvalidArgument);
}

TEST(Hirelings, Law_19_6_2_DemotedCountByPlayers) {
  EXPECT_EQ(HirelingsDemotedAtSetup(2), 0);
  EXPECT_EQ(HirelingsDemotedAtSetup(3), 1);
  EXPECT_EQ(HirelingsDemotedAtSetup(4), 2);
  EXPECT_EQ(HirelingsDemotedAtSetup(5), 3);
  EXPECT_EQ(HirelingsDemotedAtSetup(6), 3);
}

// Law 19.6.1: "random" hirelings are dealt from the shuffled cards, never
// one already in play nor one keeping a seated faction out (19.6.5); 19.6.2:
// at four players two of the three are flipped to their demoted side.
TEST(Hirelings, Law_19_6_1_RandomHirelingsAreDealt) {
  GameSetup g;
  ASSERT_TRUE(ParseHirelingsFlag("random,random,random", g).ok());
  ASSERT_EQ(g.hirelings.size(), 3u);
  g.factions = {kMarquise, kEyrie, kCult, kDuchy};
  std::array<int, kNumHirelings> seen{};
  for (uint64_t seed = 1; seed <= 60; ++seed) {
    auto s = State::NewGame(g, seed);
    ASSERT_TRUE(s.ok()) << s.status();
    const auto& cards = s->hirelings().cards;
    ASSERT_EQ(cards.size(), 3u);
    int demoted = 0;
    for (const HirelingCard& h : cards) {
      ++seen[h.hireling];
      demoted += h.demoted;
      for (const HirelingCard& o : cards)
        EXPECT_TRUE(&o == &h || o.hireling != h.hireling);
    }
    EXPECT_EQ(demoted, 2) << "four players: two demoted (19.6.2)";
  }
  EXPECT_EQ(seen[kHirelingForestPatrol], 0) << "keeps the Marquise out";
  EXPECT_EQ(seen[kHirelingLastDynasty], 0) << "keeps the Eyrie out";
  for (int h : {kHirelingSpringUprising, kHirelingExile, kHirelingFlameBearers,
                kHirelingVaultKeepers, kHirelingPopularBand})
    EXPECT_GT(seen[h], 0) << h;
}

// Law 19.6.2 by the number of players; a card named with its side keeps it.
TEST(Hirelings, Law_19_6_2_DealtHirelingsDemotedByPlayers) {
  for (const auto& [factions, want] :
       std::vector<std::pair<std::vector<int8_t>, int>>{
           {{kCult, kDuchy}, 0},
           {{kCult, kDuchy, kCorvid}, 1},
           {{kCult, kDuchy, kCorvid, kRiverfolk, kMarquise}, 3}}) {
    GameSetup g;
    g.factions = factions;
    g.hirelings = {{-1, false}, {-1, false}, {-1, false}};
    auto s = State::NewGame(g, 7);
    ASSERT_TRUE(s.ok()) << s.status();
    int demoted = 0;
    for (const HirelingCard& h : s->hirelings().cards) demoted += h.demoted;
    EXPECT_EQ(demoted, want) << factions.size() << " players";
  }
  GameSetup g;
  g.factions = {kEyrie, kCult, kDuchy};
  g.hirelings = {{kHirelingForestPatrol, false}, {-1, false}, {-1, false}};
  for (uint64_t seed = 1; seed <= 10; ++seed) {
    auto s = State::NewGame(g, seed);
    ASSERT_TRUE(s.ok()) << s.status();
    const auto& cards = s->hirelings().cards;
    EXPECT_EQ(cards[0].hireling, kHirelingForestPatrol);
    EXPECT_FALSE(cards[0].demoted);
    EXPECT_EQ(cards[1].demoted + cards[2].demoted, 1) << "three players";
  }
}

TEST(Hirelings, Law_19_6_3_ForestPatrolInEveryClearing) {
  GameSetup g = Table({kEyrie, kAlliance}, {{kHirelingForestPatrol, false},
                                            {kHirelingLastDynasty, true},
                                            {kHirelingSpringUprising, true}});
  // Eyrie and Alliance are blocked by the Nobles and the Scouts.
  EXPECT_FALSE(State::NewGame(g, 3).ok());
  g.factions = {kVagabond, kCult};
  auto s = State::NewGame(g, 3);
  ASSERT_TRUE(s.ok()) << s.status();
  RunSetup(*s);  // the hirelings are set up after the factions
  const HirelingCard& patrol = s->hirelings().cards[0];
  for (int c = 0; c < 12; ++c) EXPECT_EQ(patrol.warriors[c], 1) << c;
  EXPECT_EQ(patrol.supply, 0);  // 12 Patrol warriors, all on the map
  EXPECT_TRUE(s->CheckInvariants().ok());
}

TEST(Hirelings, Law_19_6_3_SetupFromTheLastPlayerCounterclockwise) {
  GameSetup g =
      Table({kMarquise, kAlliance, kCult}, {{kHirelingLastDynasty, false},
                                            {kHirelingFlameBearers, false},
                                            {kHirelingPopularBand, false}});
  g.first_seat = 0;
  auto s = State::NewGame(g, 5);
  ASSERT_TRUE(s.ok()) << s.status();
  SkipFactionSetup(*s);
  // Law 6.2.2: the keep's clearing takes pieces only the Marquise places.
  const int keep = s->marquise().keep;
  ASSERT_TRUE(s->map().clearings[keep].edge);
  auto offers = [&](int c) {
    for (const Option& o : s->options()) {
      if (o.a == c) return true;
    }
    return false;
  };
  // The Last Dynasty (first card): the last player, seat 2, picks an edge
  // clearing (Autumn has 9: clearings 1-9) for all five warriors, not the
  // keep's.
  EXPECT_EQ(s->PromptKey(), "hireling.setup_clearing");
  EXPECT_EQ(s->deciding_seat(), 2);
  EXPECT_EQ(s->options().size(), 8u);
  EXPECT_FALSE(offers(keep));
  const int dynasty = s->options()[4].a;
  ASSERT_TRUE(s->Apply(4).ok());
  EXPECT_EQ(s->hirelings().cards[0].warriors[dynasty], 5);
  // The Flame Bearers: seat 1 places two warriors in any clearings.
  EXPECT_EQ(s->deciding_seat(), 1);
  EXPECT_EQ(s->options().size(), 11u);
  EXPECT_FALSE(offers(keep));
  const int bearers = s->options()[0].a;
  ASSERT_TRUE(s->Apply(0).ok());
  EXPECT_EQ(s->deciding_seat(), 1);
  ASSERT_TRUE(s->Apply(0).ok());
  EXPECT_EQ(s->hirelings().cards[1].warriors[bearers], 2);
  // The Popular Band: seat 0, the Marquise, two different clearings, the
  // keep's among them (FAQ 14).
  EXPECT_EQ(s->deciding_seat(), 0);
  EXPECT_EQ(s->options().size(), 12u);
  EXPECT_TRUE(offers(keep));
  ASSERT_TRUE(s->Apply(0).ok());
  EXPECT_EQ(s->options().size(), 11u);  // not clearing 1 again
  ASSERT_TRUE(s->Apply(0).ok());
  EXPECT_EQ(s->hirelings().cards[2].warriors[C(1)], 1);
  EXPECT_EQ(s->hirelings().cards[2].warriors[C(2)], 1);
  EXPECT_TRUE(s->CheckInvariants().ok());
}

TEST(Hirelings, Law_19_6_3_ExileInAForestVaultKeepersWithAVault) {
  GameSetup g = Table({kMarquise, kEyrie}, {{kHirelingExile, false},
                                            {kHirelingVaultKeepers, false},
                                            {kHirelingSpringUprising, false}});
  g.first_seat = 0;
  auto s = State::NewGame(g, 9);
  ASSERT_TRUE(s.ok()) << s.status();
  SkipFactionSetup(*s);
  EXPECT_EQ(s->PromptKey(), "hireling.setup_forest");
  EXPECT_EQ(s->options().size(), s->map().forests.size());
  ASSERT_TRUE(s->Apply(2).ok());
  EXPECT_EQ(s->hirelings().cards[0].forest, 2);
  EXPECT_EQ(s->hirelings().cards[0].clubs, 3);  // 3 Clubs (Law 20.4.2)
  // Vault Keepers: two warriors and a vault where a slot is open.
  ASSERT_EQ(s->PromptKey(), "hireling.setup_clearing");
  ASSERT_TRUE(s->Apply(0).ok());
  const HirelingCard& keepers = s->hirelings().cards[1];
  int warriors = 0, vaults = 0;
  for (int c = 0; c < 12; ++c) {
    warriors += keepers.warriors[c];
    vaults += keepers.vaults[c];
  }
  EXPECT_EQ(warriors, 2);
  EXPECT_EQ(vaults, 1);
  // Spring Uprising: two rolls, one warrior in a clearing of each suit.
  RunSetup(*s);
  EXPECT_EQ(s->hirelings().cards[2].WarriorsOnMap(), 2);
  EXPECT_EQ(s->hirelings().cards[2].supply, 2);  // of 4 (Law 20.4.3)
}

// --- 22.1: gaining and losing hirelings -------------------------------------

GameSetup ThreeSeats() {
  GameSetup g =
      Table({kMarquise, kEyrie, kCult}, {{kHirelingPopularBand, true},
                                         {kHirelingFlameBearers, true},
                                         {kHirelingSpringUprising, false}});
  return g;
}

TEST(Hirelings, Law_19_6_4_MarkersOnFourEightTwelve) {
  Scenario sc(ThreeSeats(), 11);
  State& s = sc.s();
  EXPECT_EQ(s.hirelings().markers_on_track, 0b111);
  s.AddVp(1, 3, kVpCard);  // 0 -> 3: no marker
  EXPECT_EQ(s.hirelings().markers_waiting[1], 0);
  s.AddVp(1, 1, kVpCard);  // enters 4
  EXPECT_EQ(s.hirelings().markers_waiting[1], 1);
  EXPECT_EQ(s.hirelings().markers_on_track, 0b110);
  s.AddVp(2, 4, kVpCard);  // the marker of 4 is gone
  EXPECT_EQ(s.hirelings().markers_waiting[2], 0);
  s.AddVp(2, 9, kVpCard);  // 4 -> 13 passes 8 and 12: both markers
  EXPECT_EQ(s.hirelings().markers_waiting[2], 2);
  EXPECT_EQ(s.hirelings().markers_on_track, 0);
}

TEST(Hirelings, Law_22_1_1_HireFromTheSupplyAtTheEndOfTurn) {
  Scenario sc(ThreeSeats(), 12);
  State& s = sc.s();
  s.AddVp(0, 4, kVpCard);
  s.AddVp(1, 6, kVpCard);  // seat 0 is not the leader
  HirelingDice(s, {5});
  sc.Start([](State& st) { HirelingsEndOfTurn(st, 0); });
  EXPECT_EQ(sc.Key(), "hireling.hire");
  EXPECT_EQ(s.options().size(), 3u);
  sc.Choose("Hire Street Band");
  const HirelingCard& band = s.hirelings().cards[0];
  EXPECT_EQ(band.controller, kMarquise);
  // Not the leader: all pips of the rolled face count.
  const int all_pips = band.control;
  EXPECT_EQ(s.hirelings().markers_waiting[0], 0);
  // Gained this turn: no control marker comes off yet (22.1.3).
  EXPECT_TRUE(sc.Paused());
  EXPECT_EQ(band.control, all_pips);
  // The leader rolling the same face counts only its gold pips: fewer.
  s.AddVp(2, 10, kVpCard);  // seat 2 leads (10 VP; markers 4 and 8)
  HirelingDice(s, {5});
  sc.Start([](State& st) { HirelingsEndOfTurn(st, 2); });
  sc.Choose("Hire Rat Smugglers");
  EXPECT_LT(s.hirelings().cards[1].control, all_pips);
  EXPECT_GE(s.hirelings().cards[1].control, 1);
}

TEST(Hirelings, Law_22_1_2_TiedForMostCountsGoldPips) {
  Scenario sc(ThreeSeats(), 13);
  State& s = sc.s();
  s.AddVp(0, 4, kVpCard);
  s.AddVp(1, 4, kVpCard);  // tied for the most
  HirelingDice(s, {5});
  sc.Start([](State& st) { HirelingsEndOfTurn(st, 0); });
  sc.Choose("Hire Street Band");
  const int tied = s.hirelings().cards[0].control;
  Scenario other(ThreeSeats(), 13);
  other.s().AddVp(0, 4, kVpCard);
  other.s().AddVp(1, 5, kVpCard);  // behind
  HirelingDice(other.s(), {5});
  other.Start([](State& st) { HirelingsEndOfTurn(st, 0); });
  other.Choose("Hire Street Band");
  EXPECT_LT(tied, other.s().hirelings().cards[0].control);
}

TEST(Hirelings, Law_22_1_3_LastControlMarkerGoesAndCardIsGiven) {
  Scenario sc(ThreeSeats(), 14);
  State& s = sc.s();
  Control(s, kHirelingPopularBand, 0, 2, /*gained=*/-5);
  Control(s, kHirelingFlameBearers, 0, 1, /*gained=*/-5);
  sc.Start([](State& st) { HirelingsEndOfTurn(st, 0); });
  // One marker off each: the Street Band keeps 1, the Smugglers reach 0 and
  // go to another player of seat 0's choice, who rolls at once.
  EXPECT_EQ(s.hirelings().cards[0].control, 1);
  EXPECT_EQ(sc.Key(), "hireling.give");
  EXPECT_EQ(s.options().size(), 2u);  // any other player
  sc.Choose("Lizard Cult");
  const HirelingCard& smugglers = s.hirelings().cards[1];
  EXPECT_EQ(smugglers.controller, kCult);
  EXPECT_GE(smugglers.control, 1);
  EXPECT_TRUE(sc.Paused());
  // At the Cult's end of a later turn it was gained on a previous turn: one
  // marker comes off.
  const int before = smugglers.control;
  s.mutable_hirelings().cards[1].gained_turn = -1;  // a turn ago
  s.SetCurrent(2, kPhaseEvening);
  sc.Start([](State& st) { HirelingsEndOfTurn(st, 2); });
  EXPECT_EQ(s.hirelings().cards[1].control, before - 1);
}

// --- 22.3: rules ----------------------------------------------------------

TEST(Hirelings, Law_22_3_1_ControllerRulesWithHirelingPieces) {
  Scenario sc(ThreeSeats(), 15);
  State& s = sc.s();
  s.SetWarriors(kEyrie, C(5), 2);
  PutWarriors(s, kHirelingPopularBand, C(5), 3);
  // Uncontrolled: the hireling rules as if it were a player.
  EXPECT_EQ(s.Ruler(C(5)), kNoFaction);
  Control(s, kHirelingPopularBand, 0, 2);
  // The Marquise rules with the Band alone (22.3.1).
  EXPECT_EQ(s.Ruler(C(5)), kMarquise);
  // A tie between an uncontrolled hireling and a player: no ruler.
  PutWarriors(s, kHirelingSpringUprising, C(9), 1);
  s.SetWarriors(kCult, C(9), 1);
  EXPECT_EQ(s.Ruler(C(9)), kNoFaction);
  // Not the controller's pieces otherwise (22.3.3): the Marquise has none.
  EXPECT_FALSE(s.HasPieces(kMarquise, C(5)));
}

TEST(Hirelings, Law_22_2_2_BluebirdNoblesRuleTiesAndScoreInBirdsong) {
  GameSetup g = Table({kMarquise, kCult}, {{kHirelingLastDynasty, true},
                                           {kHirelingPopularBand, true},
                                           {kHirelingExile, true}});
  Scenario sc(g, 16);
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(1), 1);
  s.SetWarriors(kCult, C(1), 1);
  EXPECT_EQ(s.Ruler(C(1)), kNoFaction);
  Control(s, kHirelingLastDynasty, 0, 2);
  EXPECT_EQ(s.Ruler(C(1)), kMarquise);  // ties, like Lords of the Forest
  for (int c : {2, 3, 4, 5, 6, 7}) s.SetWarriors(kMarquise, C(c), 1);
  // 7 ruled clearings: 2 VP (1 per 3) at the start of Birdsong.
  sc.Start([](State& st) { HirelingsBirdsongStart(st, 0); });
  EXPECT_EQ(s.seat(0).vp, 2);
}

TEST(Hirelings, Law_22_3_6_SpringUprisingRevoltScoresNothing) {
  Scenario sc(ThreeSeats(), 17);
  State& s = sc.s();
  Control(s, kHirelingSpringUprising, 0, 2);
  PutWarriors(s, kHirelingSpringUprising, C(3), 1);  // rabbit
  s.SetWarriors(kEyrie, C(3), 2);
  s.SetPieces(kRoost, C(3), 1);
  s.SetWarriors(kMarquise, C(3), 1);  // the controller's own: stays
  HirelingDice(s, {kRabbit});
  sc.Start([](State& st) { HirelingsBirdsongStart(st, 0); });
  EXPECT_EQ(sc.Key(), "hireling.uprising");
  EXPECT_TRUE(sc.Offers("Place in 10 (rabbit)"));
  sc.Choose("Revolt in 3 (rabbit)");
  EXPECT_EQ(s.clearing(C(3)).warriors[kEyrie], 0);
  EXPECT_EQ(s.clearing(C(3)).pieces[kRoost], 0);
  EXPECT_EQ(s.clearing(C(3)).warriors[kMarquise], 1);
  EXPECT_EQ(s.hirelings().cards[2].warriors[C(3)], 0);
  EXPECT_EQ(s.seat(0).vp, 0);  // no VP for the roost (22.3.6)
}

TEST(Hirelings, Law_22_2_1_SpringUprisingWhenHiredPlacesOne) {
  Scenario sc(ThreeSeats(), 18);
  State& s = sc.s();
  s.mutable_hirelings().markers_waiting[0] = 1;
  HirelingDice(s, {0, kMouse});  // control die face 0, then the suit
  sc.Start([](State& st) { HirelingsEndOfTurn(st, 0); });
  sc.Choose("Hire Spring Uprising");
  EXPECT_EQ(sc.Key(), "hireling.place");
  EXPECT_EQ(s.options().size(), 4u);  // the four mouse clearings
  sc.Choose("Place in 2 (mouse)");
  EXPECT_EQ(s.hirelings().cards[2].warriors[C(2)], 1);
}

TEST(Hirelings, Law_22_2_4_StreetBandOncePerDaylight) {
  Scenario sc(ThreeSeats(), 19);
  State& s = sc.s();
  Control(s, kHirelingPopularBand, 0, 2);
  std::vector<Option> opts;
  AppendHirelingExtras(s, 0, opts);
  ASSERT_EQ(opts.size(), 1u);
  EXPECT_EQ(s.OptionLabel(opts[0]), "Use Street Band");
  sc.Start([&](State& st) { ResolveHirelingExtra(st, 0, opts[0]); });
  sc.Choose("Place in 7 (mouse)");
  EXPECT_EQ(s.hirelings().cards[0].warriors[C(7)], 1);
  std::vector<Option> again;
  AppendHirelingExtras(s, 0, again);
  EXPECT_TRUE(again.empty());  // once per Daylight
  // Another seat's hireling offers nothing to seat 1.
  AppendHirelingExtras(s, 1, again);
  EXPECT_TRUE(again.empty());
}

// The Popular Band's card (hirelings_landmarks.yaml): 1st choose a clearing
// with a Band warrior and force any faction warriors in the adjacent
// clearings to move into it; 2nd may place a Band warrior anywhere.
GameSetup PopularBandTable(std::vector<int8_t> factions) {
  return Table(std::move(factions), {{kHirelingPopularBand, false},
                                     {kHirelingFlameBearers, true},
                                     {kHirelingVaultKeepers, true}});
}

TEST(Hirelings, Law_22_2_4_PopularBandPullsAdjacentWarriorsThenPlaces) {
  Scenario sc(PopularBandTable({kMarquise, kEyrie, kCult}), 41);
  State& s = sc.s();
  Control(s, kHirelingPopularBand, 0, 2);
  PutWarriors(s, kHirelingPopularBand, C(12), 1);
  s.SetWarriors(kEyrie, C(10), 3);    // adjacent, the Eyrie rules there
  s.SetWarriors(kMarquise, C(9), 3);  // adjacent, the Marquise rules there
  s.SetWarriors(kCult, C(9), 2);      // rules neither 9 nor 12 (4.2.1)
  s.SetWarriors(kEyrie, C(1), 2);     // not adjacent to 12
  const int supply = s.hirelings().cards[0].supply;
  std::vector<Option> opts;
  AppendHirelingExtras(s, 0, opts);
  ASSERT_EQ(opts.size(), 1u);
  EXPECT_EQ(s.OptionLabel(opts[0]), "Use Popular Band");
  sc.Start([&](State& st) { ResolveHirelingExtra(st, 0, opts[0]); });
  // One Band clearing: chosen without asking; the sources are its
  // neighbours with warriors that may move in.
  EXPECT_EQ(sc.Key(), "hireling.band_pull");
  EXPECT_EQ(sc.Labels(),
            (std::vector<std::string>{"9 (mouse)", "10 (rabbit)", "Done"}));
  sc.Choose("10 (rabbit)");
  EXPECT_EQ(sc.Key(), "hireling.band_pull_count");
  EXPECT_EQ(s.options().size(), 4u);  // 1-3 Eyrie warriors or none
  sc.Choose("With 2 Eyrie Dynasties warriors");
  EXPECT_EQ(s.clearing(C(10)).warriors[kEyrie], 1);
  EXPECT_EQ(s.clearing(C(12)).warriors[kEyrie], 2);
  // 10 is done; from 9 only the Marquise is asked, never the Cult.
  EXPECT_EQ(sc.Labels(), (std::vector<std::string>{"9 (mouse)", "Done"}));
  sc.Choose("9 (mouse)");
  EXPECT_TRUE(sc.Offers("With 3 Marquise de Cat warriors"));
  sc.Choose("Done");
  EXPECT_EQ(s.clearing(C(9)).warriors[kCult], 2);
  EXPECT_EQ(s.clearing(C(9)).warriors[kMarquise], 3);
  // 2nd: a Band warrior in any clearing, or none.
  EXPECT_EQ(sc.Key(), "hireling.place");
  EXPECT_EQ(s.options().size(), 13u);  // 12 clearings and Done
  sc.Choose("Place in 1 (fox)");
  EXPECT_EQ(s.hirelings().cards[0].warriors[C(1)], 1);
  EXPECT_EQ(s.hirelings().cards[0].supply, supply - 1);
  EXPECT_EQ(s.clearing(C(1)).warriors[kEyrie], 2);
  // The pulled enemies moved into a Band clearing: they may not leave it
  // this turn (the Band's ability).
  EXPECT_TRUE(HirelingMoveLock(s, kEyrie) >> C(12) & 1);
  EXPECT_TRUE(sc.Paused());
}

TEST(Hirelings, Law_1_5_5_PopularBandForcedMoverPaysOutrage) {
  Scenario sc(PopularBandTable({kMarquise, kEyrie, kAlliance}), 42);
  State& s = sc.s();
  Control(s, kHirelingPopularBand, 0, 2);
  PutWarriors(s, kHirelingPopularBand, C(12), 1);
  s.SetPieces(kSympathy, C(12), 1);  // fox
  s.SetWarriors(kEyrie, C(10), 1);
  sc.Give(0, "Foxfolk Steel", kFox);  // the Band's controller: keeps its card
  const CardId fox = sc.Give(1, "Anvil", kFox);
  s.mutable_hirelings().cards[0].supply = 0;  // no 2nd part
  std::vector<Option> opts;
  AppendHirelingExtras(s, 0, opts);
  ASSERT_EQ(opts.size(), 1u);
  sc.Start([&](State& st) { ResolveHirelingExtra(st, 0, opts[0]); });
  EXPECT_EQ(sc.Labels(), (std::vector<std::string>{"10 (rabbit)", "Done"}));
  sc.Choose("10 (rabbit)");
  sc.Choose("With 1 Eyrie Dynasties warrior");
  // Law 1.5.5, 8.2.6: the Eyrie moved into sympathy and pays.
  EXPECT_EQ(s.alliance().supporters, std::vector<CardId>{fox});
  EXPECT_TRUE(s.seat(1).hand.empty());
  EXPECT_EQ(s.seat(0).hand.size(), 1u);
}

TEST(Hirelings, Law_22_2_4_PopularBandWithNoneOnTheMapOnlyPlaces) {
  Scenario sc(PopularBandTable({kMarquise, kEyrie}), 43);
  State& s = sc.s();
  Control(s, kHirelingPopularBand, 0, 2);
  std::vector<Option> opts;
  AppendHirelingExtras(s, 0, opts);
  ASSERT_EQ(opts.size(), 1u);
  sc.Start([&](State& st) { ResolveHirelingExtra(st, 0, opts[0]); });
  EXPECT_EQ(sc.Key(), "hireling.place");
  sc.Choose("Done");  // "may place"
  EXPECT_EQ(s.hirelings().cards[0].WarriorsOnMap(), 0);
  // Nothing to pull and an empty supply: no action to offer.
  PutWarriors(s, kHirelingPopularBand, C(12), 5);
  s.mutable_hirelings().cards[0].used = false;
  opts.clear();
  AppendHirelingExtras(s, 0, opts);
  EXPECT_TRUE(opts.empty());
}

TEST(Hirelings, Law_22_2_1_PopularBandWhenHiredJoinsTheController) {
  Scenario sc(PopularBandTable({kMarquise, kEyrie}), 44);
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(3), 1);
  s.SetPieces(kSawmill, C(7), 1);
  s.mutable_hirelings().markers_waiting[0] = 1;
  HirelingDice(s, {0});
  sc.Start([](State& st) { HirelingsEndOfTurn(st, 0); });
  sc.Choose("Hire Popular Band");
  // None on the map: one in a clearing with the controller's pieces.
  EXPECT_EQ(sc.Key(), "hireling.place");
  EXPECT_EQ(sc.Labels(), (std::vector<std::string>{"Place in 3 (rabbit)",
                                                   "Place in 7 (mouse)"}));
  sc.Choose("Place in 7 (mouse)");
  EXPECT_EQ(s.hirelings().cards[0].warriors[C(7)], 1);
}

// --- 22.3.2: "remove all enemy pieces" takes enemy hirelings' pieces ------

// An uncontrolled Vault Keepers (an enemy to all, 22.3.2) and a Popular Band.
GameSetup VaultTable(std::vector<int8_t> factions) {
  return Table(std::move(factions), {{kHirelingVaultKeepers, false},
                                     {kHirelingPopularBand, false},
                                     {kHirelingSpringUprising, true}});
}
void PutVault(State& s, int c) {
  HirelingCard& h =
      s.mutable_hirelings().cards[CardOf(s, kHirelingVaultKeepers)];
  --h.vault_supply;
  ++h.vaults[c];
  s.mutable_hirelings().RecomputeOnMap();
}
const HirelingCard& Keepers(const State& s) {
  return s.hirelings().cards[CardOf(s, kHirelingVaultKeepers)];
}
const HirelingCard& Band(const State& s) {
  return s.hirelings().cards[CardOf(s, kHirelingPopularBand)];
}

TEST(Hirelings, Law_22_3_2_FavorRemovesEnemyHirelingPiecesVaultsScore) {
  Scenario sc(VaultTable({kMarquise, kEyrie}), 51);
  State& s = sc.s();
  for (int c : {1, 6, 8}) s.SetPieces(kWorkshop, C(c), 1);
  PutVault(s, C(8));  // fox
  PutWarriors(s, kHirelingVaultKeepers, C(8), 2);
  PutWarriors(s, kHirelingVaultKeepers, C(5), 1);  // rabbit: untouched
  Control(s, kHirelingPopularBand, 0, 2);          // the crafter's own: stays
  PutWarriors(s, kHirelingPopularBand, C(1), 1);
  sc.Give(0, "Favor of the Foxes");
  sc.Start([](State& st) { PushCraft(st, 0); });
  sc.Choose("Favor of the Foxes (fox)");
  EXPECT_EQ(Keepers(s).vaults[C(8)], 0);
  EXPECT_EQ(Keepers(s).warriors[C(8)], 0);
  EXPECT_EQ(Keepers(s).warriors[C(5)], 1);
  EXPECT_EQ(Band(s).warriors[C(1)], 1);
  EXPECT_EQ(s.seat(0).vp, 1) << "the vault is a building (22.3.6, 3.2.1)";
}

TEST(Hirelings, Law_22_3_2_BombRemovesEnemyHirelingPieces) {
  Scenario sc(VaultTable({kMarquise, kCorvid}), 52);
  State& s = sc.s();
  s.SetCurrent(1, kPhaseBirdsong);
  s.SetPieces(kPlotBomb, C(5), 1);
  s.SetWarriors(kCorvid, C(5), 2);
  PutVault(s, C(5));
  PutWarriors(s, kHirelingVaultKeepers, C(5), 1);
  Control(s, kHirelingPopularBand, 1, 2);  // the Corvids' own: stays
  PutWarriors(s, kHirelingPopularBand, C(5), 1);
  sc.Start([](State& st) { GetFaction(kCorvid)->PushBirdsong(st, 1); });
  sc.Choose("5 (rabbit)");
  EXPECT_EQ(Keepers(s).vaults[C(5)], 0);
  EXPECT_EQ(Keepers(s).warriors[C(5)], 0);
  EXPECT_EQ(Band(s).warriors[C(5)], 1);
  // 1 VP for the flip (one face-up plot), 1 for the vault.
  EXPECT_EQ(s.seat(1).vp, 2);
}

TEST(Hirelings, Law_22_3_2_RazeRemovesEnemyVaultsNotWarriors) {
  Scenario sc(VaultTable({kHundreds, kEyrie}), 53);
  State& s = sc.s();
  s.SetCurrent(0, kPhaseBirdsong);
  s.SetWarriors(kHundreds, C(5), 1);
  s.mutable_hundreds().warlord = C(5);
  s.SetPieces(kMob, C(6), 1);
  PutVault(s, C(6));
  PutWarriors(s, kHirelingVaultKeepers, C(6), 2);
  sc.Dice({kMouse});
  sc.Start([](State& st) { GetFaction(kHundreds)->PushBirdsong(st, 0); });
  // Law 14.4.1: buildings and tokens only.
  EXPECT_EQ(Keepers(s).vaults[C(6)], 0);
  EXPECT_EQ(Keepers(s).warriors[C(6)], 2);
  EXPECT_EQ(s.seat(0).vp, 1);
}

TEST(Hirelings, Law_22_3_2_ScorchedEarthRemovesEnemyHirelingPieces) {
  Scenario sc(VaultTable({kMarquise, kVagabond}), 54);
  State& s = sc.s();
  s.SetCurrent(1, kPhaseDaylight);
  VagabondBoard& vb = s.mutable_vagabond();
  vb.character = 5;  // the Scoundrel (Law 26 order)
  vb.clearing = C(5);
  vb.forest = -1;
  vb.items.push_back(VItem{kTorch, false, false});
  ++vb.box[kTorch];
  PutVault(s, C(5));
  PutWarriors(s, kHirelingVaultKeepers, C(5), 1);
  PutWarriors(s, kHirelingPopularBand, C(5), 2);  // uncontrolled: enemy
  sc.Start([](State& st) { GetFaction(kVagabond)->PushDaylight(st, 1); });
  sc.Choose("Scoundrel special action (torch)");
  EXPECT_EQ(Keepers(s).vaults[C(5)], 0);
  EXPECT_EQ(Keepers(s).warriors[C(5)], 0);
  EXPECT_EQ(Band(s).warriors[C(5)], 0);
  EXPECT_EQ(s.seat(1).vp, 1) << "the vault only (22.3.6)";
}

// --- 22.3.2: targeted removals take enemy hirelings' pieces ---------------

// Law 9.5.6 with 22.3.2: Strike removes an enemy hireling's warrior; with
// no warrior left there, its vault, which scores (22.3.6).
TEST(Hirelings, Law_22_3_2_StrikeTakesHirelingWarriorThenVault) {
  Scenario sc(VaultTable({kMarquise, kVagabond}), 55);
  State& s = sc.s();
  s.SetCurrent(1, kPhaseDaylight);
  VagabondBoard& vb = s.mutable_vagabond();
  vb.clearing = C(5);
  vb.forest = -1;
  sc.Item(kCrossbow);
  sc.Item(kCrossbow);
  s.SetWarriors(kMarquise, C(5), 1);
  PutVault(s, C(5));
  PutWarriors(s, kHirelingVaultKeepers, C(5), 1);
  sc.Start([](State& st) { GetFaction(kVagabond)->PushDaylight(st, 1); });
  sc.Choose("Strike (crossbow)");
  const std::vector<std::string> targets = sc.Labels();
  EXPECT_NE(std::find(targets.begin(), targets.end(), "Vault Keepers"),
            targets.end());
  sc.Choose("Vault Keepers");
  EXPECT_EQ(Keepers(s).warriors[C(5)], 0);
  EXPECT_EQ(Keepers(s).vaults[C(5)], 1) << "a warrior first (9.5.6)";
  EXPECT_EQ(s.seat(1).vp, 0) << "no VP for a hireling's warrior";
  sc.Choose("Strike (crossbow)");
  sc.Choose("Vault Keepers");
  EXPECT_EQ(Keepers(s).vaults[C(5)], 0);
  EXPECT_EQ(s.seat(1).vp, 1) << "a hireling building scores (22.3.6)";
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 1);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

// The controller's own hireling is no enemy (22.3.2): not a Strike target.
TEST(Hirelings, Law_22_3_2_StrikeSparesOwnHireling) {
  Scenario sc(VaultTable({kMarquise, kVagabond}), 56);
  State& s = sc.s();
  s.SetCurrent(1, kPhaseDaylight);
  VagabondBoard& vb = s.mutable_vagabond();
  vb.clearing = C(5);
  vb.forest = -1;
  sc.Item(kCrossbow);
  s.SetWarriors(kMarquise, C(5), 1);
  Control(s, kHirelingVaultKeepers, 1, 2);
  PutWarriors(s, kHirelingVaultKeepers, C(5), 1);
  PutWarriors(s, kHirelingPopularBand, C(5), 1);  // uncontrolled: enemy
  sc.Start([](State& st) { GetFaction(kVagabond)->PushDaylight(st, 1); });
  sc.Choose("Strike (crossbow)");
  const std::vector<std::string> targets = sc.Labels();
  EXPECT_EQ(std::find(targets.begin(), targets.end(), "Vault Keepers"),
            targets.end());
  EXPECT_NE(std::find(targets.begin(), targets.end(), "Popular Band"),
            targets.end());
}

Task CultConspiracies(int seat) {
  return Task{.kind = static_cast<uint8_t>(kFactionTaskBase + 16 * kCult + 1),
              .seat = static_cast<int8_t>(seat),
              .step = 1};
}

void CultAcolytes(State& s, int n, int outcast) {
  s.SetWarriorSupply(kCult, s.warrior_supply(kCult) - n);
  s.mutable_cult().acolytes += n;
  s.mutable_cult().outcast = outcast;
  s.mutable_cult().hated = false;
}

// Law 10.4.3.II with 22.3.2: Convert replaces an enemy hireling's warrior.
TEST(Hirelings, Law_22_3_2_ConvertReplacesHirelingWarrior) {
  Scenario sc(VaultTable({kMarquise, kCult}), 57);
  State& s = sc.s();
  s.SetCurrent(1, kPhaseBirdsong);
  CultAcolytes(s, 2, kRabbit);
  s.SetWarriors(kMarquise, C(5), 1);  // rabbit
  PutWarriors(s, kHirelingVaultKeepers, C(5), 2);
  PutWarriors(s, kHirelingVaultKeepers, C(10), 1);  // rabbit, hireling only
  sc.Start([](State& st) { st.Push(CultConspiracies(1)); });
  sc.Choose("Convert (2 acolytes)");
  EXPECT_TRUE(sc.Offers("10 (rabbit)")) << "a hireling warrior alone";
  sc.Choose("5 (rabbit)");
  sc.Choose("Vault Keepers");
  EXPECT_EQ(Keepers(s).warriors[C(5)], 1);
  EXPECT_EQ(s.clearing(C(5)).warriors[kCult], 1);
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 1);
  EXPECT_EQ(s.seat(1).vp, 0);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

// Law 10.4.3.III with 22.3.2: Sanctify replaces an enemy hireling's vault
// (a building) with a garden; the vault scores (22.3.6).
TEST(Hirelings, Law_22_3_2_SanctifyReplacesHirelingVault) {
  Scenario sc(VaultTable({kMarquise, kCult}), 58);
  State& s = sc.s();
  s.SetCurrent(1, kPhaseBirdsong);
  CultAcolytes(s, 3, kRabbit);
  s.SetPieces(kSawmill, C(5), 1);  // rabbit
  PutVault(s, C(5));
  PutVault(s, C(10));  // rabbit, the vault alone
  sc.Start([](State& st) { st.Push(CultConspiracies(1)); });
  sc.Choose("Sanctify (3 acolytes)");
  EXPECT_TRUE(sc.Offers("10 (rabbit)")) << "a vault alone";
  sc.Choose("5 (rabbit)");
  sc.Choose("Vault Keepers");
  EXPECT_EQ(Keepers(s).vaults[C(5)], 0);
  EXPECT_EQ(s.clearing(C(5)).pieces[kSawmill], 1);
  EXPECT_EQ(s.clearing(C(5)).pieces[kGardenRabbit], 1);
  EXPECT_EQ(s.seat(1).vp, 1);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

// Propaganda Bureau (20.8.1) with 22.3.2: it may replace an enemy
// hireling's warrior with one of the crafter's.
TEST(Hirelings, Law_22_3_2_PropagandaBureauReplacesHirelingWarrior) {
  GameSetup g = VaultTable({kMarquise, kEyrie});
  g.deck = "exiles";
  Scenario sc(g, 59);
  State& s = sc.s();
  sc.Craft(0, "Propaganda Bureau");
  // The only enemy warriors: the hireling's, in a fox clearing; one fox
  // card. Every later choice is the only one (answered by the engine).
  PutWarriors(s, kHirelingVaultKeepers, C(1), 2);
  sc.Give(0, "Anvil");  // fox
  sc.Start([](State& st) { PushCraft(st, 0); });
  sc.Choose("Use Propaganda Bureau");
  EXPECT_EQ(Keepers(s).warriors[C(1)], 1);
  EXPECT_EQ(s.clearing(C(1)).warriors[kMarquise], 1);
  EXPECT_TRUE(s.seat(0).hand.empty());
  EXPECT_EQ(s.seat(0).vp, 0);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

TEST(Hirelings, Law_22_2_4_RatSmugglersDiscardAnItemCardToMove) {
  Scenario sc(ThreeSeats(), 20);
  State& s = sc.s();
  Control(s, kHirelingFlameBearers, 0, 2);
  s.SetWarriors(kMarquise, C(1), 2);
  std::vector<Option> opts;
  AppendHirelingExtras(s, 0, opts);
  EXPECT_TRUE(opts.empty());  // no card showing an item
  const CardId boots = sc.Give(0, "Travel Gear", kFox);
  sc.Give(0, "Ambush!");  // shows no item: not offered
  AppendHirelingExtras(s, 0, opts);
  ASSERT_EQ(opts.size(), 1u);
  sc.Start([&](State& st) { ResolveHirelingExtra(st, 0, opts[0]); });
  // The only card showing an item is discarded; with no enemy to battle,
  // the move follows.
  ASSERT_EQ(s.seat(0).hand.size(), 1u);
  EXPECT_NE(s.seat(0).hand[0], boots);
  // Discarded (the Cult's Lost Souls take every discard, Law 10.2.6).
  ASSERT_FALSE(s.cult().lost_souls.empty());
  EXPECT_EQ(s.cult().lost_souls.back(), boots);
  EXPECT_EQ(sc.Key(), "move");
}

TEST(Hirelings, Law_22_2_2_ForestPatrolRemovedWarriorsGoOntoItsCard) {
  GameSetup g = Table({kEyrie, kCult}, {{kHirelingForestPatrol, false},
                                        {kHirelingSpringUprising, false},
                                        {kHirelingPopularBand, true}});
  Scenario sc(g, 21);
  State& s = sc.s();
  // The Eyrie's Uprising revolts where the uncontrolled Patrol stands.
  Control(s, kHirelingSpringUprising, 0, 2);
  PutWarriors(s, kHirelingSpringUprising, C(3), 1);
  PutWarriors(s, kHirelingForestPatrol, C(3), 2);
  PutWarriors(s, kHirelingForestPatrol, C(9), 1);
  HirelingDice(s, {kRabbit});
  sc.Start([](State& st) { HirelingsBirdsongStart(st, 0); });
  sc.Choose("Revolt in 3 (rabbit)");
  EXPECT_EQ(s.hirelings().cards[0].warriors[C(3)], 0);
  EXPECT_EQ(s.hirelings().cards[0].held, 2);  // onto the card
  EXPECT_TRUE(s.CheckInvariants().ok());
  // Its controller's Daylight action places them by a Patrol warrior.
  Control(s, kHirelingForestPatrol, 1, 2);
  std::vector<Option> opts;
  AppendHirelingExtras(s, 1, opts);
  ASSERT_EQ(opts.size(), 1u);
  sc.Start([&](State& st) { ResolveHirelingExtra(st, 1, opts[0]); });
  sc.Choose("Place the warriors on the card in 9 (mouse)");
  EXPECT_EQ(s.hirelings().cards[0].warriors[C(9)], 3);
  EXPECT_EQ(s.hirelings().cards[0].held, 0);
  EXPECT_TRUE(s.CheckInvariants().ok());
}

GameSetup DynastyTable() {
  return Table({kMarquise, kCult}, {{kHirelingLastDynasty, false},
                                    {kHirelingPopularBand, true},
                                    {kHirelingExile, true}});
}

TEST(Hirelings, Law_22_3_6_LastDynastyBattlesTwiceAndScoresNothing) {
  Scenario sc(DynastyTable(), 23);
  State& s = sc.s();
  Control(s, kHirelingLastDynasty, 0, 2);
  PutWarriors(s, kHirelingLastDynasty, C(5), 5);
  s.SetWarriors(kCult, C(5), 1);
  s.SetPieces(kGardenRabbit, C(5), 1);  // the Cult rules here (10.2.4)
  ASSERT_FALSE(s.Rules(kMarquise, C(5)));
  std::vector<Option> opts;
  AppendHirelingExtras(s, 0, opts);
  ASSERT_EQ(opts.size(), 1u);
  sc.Dice({3, 0});
  sc.Start([&](State& st) { ResolveHirelingExtra(st, 0, opts[0]); });
  // Not ruling its clearing, the Dynasty battles there: 3 hits take the
  // warrior and the garden; nothing is scored (22.3.6), and with no Cult
  // piece left the second battle has no target.
  EXPECT_TRUE(sc.Paused());
  EXPECT_EQ(s.clearing(C(5)).warriors[kCult], 0);
  EXPECT_EQ(s.clearing(C(5)).pieces[kGardenRabbit], 0);
  EXPECT_EQ(s.seat(0).vp, 0);
  EXPECT_EQ(s.hirelings().cards[0].warriors[C(5)], 5);
}

TEST(Hirelings, Law_4_3_1_AmbushAgainstAHireling) {
  Scenario sc(DynastyTable(), 24);
  State& s = sc.s();
  Control(s, kHirelingLastDynasty, 0, 2);
  PutWarriors(s, kHirelingLastDynasty, C(5), 2);
  s.SetWarriors(kCult, C(5), 3);
  sc.Give(1, "Ambush!");
  std::vector<Option> opts;
  AppendHirelingExtras(s, 0, opts);
  ASSERT_EQ(opts.size(), 1u);
  sc.Start([&](State& st) { ResolveHirelingExtra(st, 0, opts[0]); });
  EXPECT_EQ(sc.Key(), "hireling.ambush");
  EXPECT_EQ(s.deciding_seat(), 1);
  sc.Choose("Ambush! (bird)");
  // Two hits: both Dynasty warriors go; the battle ends before the roll.
  EXPECT_EQ(s.hirelings().cards[0].warriors[C(5)], 0);
  EXPECT_EQ(s.clearing(C(5)).warriors[kCult], 3);
  EXPECT_EQ(s.seat(1).vp, 0);  // no VP for hireling warriors
  // Next Daylight the Dynasty returns, all five in an edge clearing.
  s.mutable_hirelings().cards[0].used = false;
  std::vector<Option> again;
  AppendHirelingExtras(s, 0, again);
  ASSERT_EQ(again.size(), 1u);
  sc.Start([&](State& st) { ResolveHirelingExtra(st, 0, again[0]); });
  EXPECT_EQ(s.options().size(), 9u);  // Autumn's edge clearings 1-9
  sc.Choose("Place in 1 (fox)");
  EXPECT_EQ(s.hirelings().cards[0].warriors[C(1)], 5);
}

TEST(Hirelings, Law_22_2_2_AidTheExileScoresAndDraws) {
  GameSetup g = Table({kMarquise, kEyrie}, {{kHirelingExile, false},
                                            {kHirelingSpringUprising, true},
                                            {kHirelingPopularBand, true}});
  Scenario sc(g, 25);
  State& s = sc.s();
  HirelingCard& exile = s.mutable_hirelings().cards[0];
  exile.forest = 0;
  int next_to = -1;
  for (int c = 0; c < 12 && next_to < 0; ++c) {
    if (s.map().forests[0] >> c & 1) next_to = c;
  }
  s.SetWarriors(kMarquise, next_to, 1);
  --s.mutable_item_supply()[kSword];
  ++s.mutable_seat(0).items[kSword];  // a crafted sword
  std::vector<Option> opts;
  AppendHirelingExtras(s, 0, opts);
  ASSERT_EQ(opts.size(), 1u);
  EXPECT_EQ(s.OptionLabel(opts[0]), "Aid The Exile with a sword");
  sc.Start([&](State& st) { ResolveHirelingExtra(st, 0, opts[0]); });
  EXPECT_EQ(s.seat(0).vp, 1);
  EXPECT_EQ(s.seat(0).hand.size(), 1u);
  EXPECT_EQ(s.seat(0).items[kSword], 0);
  EXPECT_EQ(s.hirelings().cards[0].items[kSword], 1);
  EXPECT_TRUE(s.CheckInvariants().ok());
  // Its controller moves it to an adjacent forest.
  Control(s, kHirelingExile, 1, 2);
  std::vector<Option> mine;
  AppendHirelingExtras(s, 1, mine);
  ASSERT_EQ(mine.size(), 1u);
  sc.Start([&](State& st) { ResolveHirelingExtra(st, 1, mine[0]); });
  EXPECT_EQ(sc.Key(), "hireling.action");
  const int to = s.map().forest_adjacent[0][0];
  sc.Choose(absl::StrCat("Forest ", to + 1));
  EXPECT_EQ(s.hirelings().cards[0].forest, to);
}

TEST(Hirelings, Law_22_2_4_VaultKeepersBuildThenRecruitAtEachVault) {
  GameSetup g = Table({kMarquise, kEyrie}, {{kHirelingVaultKeepers, false},
                                            {kHirelingSpringUprising, true},
                                            {kHirelingPopularBand, true}});
  Scenario sc(g, 26);
  State& s = sc.s();
  Control(s, kHirelingVaultKeepers, 0, 2);
  HirelingCard& k = s.mutable_hirelings().cards[0];
  k.vaults[C(1)] = 1;  // clearing 1 has one slot: the vault fills it
  --k.vault_supply;
  s.mutable_hirelings().RecomputeOnMap();
  EXPECT_EQ(s.OpenSlots(C(1)), 0);
  std::vector<Option> opts;
  AppendHirelingExtras(s, 0, opts);
  ASSERT_EQ(opts.size(), 1u);
  sc.Start([&](State& st) { ResolveHirelingExtra(st, 0, opts[0]); });
  // At or next to the vault with an open slot: 5, 9 and 10, not 1.
  EXPECT_FALSE(sc.Offers("Place in 1 (fox)"));
  EXPECT_TRUE(sc.Offers("Place in 9 (mouse)"));
  EXPECT_TRUE(sc.Offers("Place in 10 (rabbit)"));
  sc.Choose("Place in 5 (rabbit)");
  EXPECT_EQ(s.hirelings().cards[0].vaults[C(5)], 1);
  sc.Choose("Recruit at each vault");
  EXPECT_EQ(s.hirelings().cards[0].warriors[C(1)], 1);
  EXPECT_EQ(s.hirelings().cards[0].warriors[C(5)], 1);
  EXPECT_TRUE(s.CheckInvariants().ok());
}

// The Vault Keepers' card (hirelings_landmarks.yaml; the card text as the
// third-party transcription of the Leder card library gives it): "1st: You
// may place a vault in a clearing with a vault or adjacent to one. If you
// cannot, place a warrior and a vault in any clearing. 2nd: You may battle
// in each clearing with a vault. OR: You may place a Keeper warrior at each
// vault." When hired: "If no Keeper pieces are on the map, place 2 Keeper
// warriors and a vault building in any clearing."
GameSetup KeeperTable() {
  return Table({kMarquise, kEyrie}, {{kHirelingVaultKeepers, false},
                                     {kHirelingSpringUprising, true},
                                     {kHirelingPopularBand, true}});
}

void UseVaultKeepers(Scenario& sc, int seat) {
  std::vector<Option> opts;
  AppendHirelingExtras(sc.s(), seat, opts);
  ASSERT_EQ(opts.size(), 1u);
  EXPECT_EQ(sc.s().OptionLabel(opts[0]), "Use Vault Keepers");
  sc.Start([&](State& st) { ResolveHirelingExtra(st, seat, opts[0]); });
}

// "a Keeper warrior at each vault": one per vault, as the Marquise's
// Recruit places one at each recruiter (6.5.3), so two vaults in one
// clearing get two warriors.
TEST(Hirelings, Law_22_2_4_VaultKeepersRecruitOneWarriorPerVault) {
  Scenario sc(KeeperTable(), 27);
  State& s = sc.s();
  Control(s, kHirelingVaultKeepers, 0, 2);
  PutVault(s, C(5));  // two slots: both vaults
  PutVault(s, C(5));
  PutVault(s, C(1));
  UseVaultKeepers(sc, 0);
  // 1st: at or next to a vault with an open slot: 2, 9, 10 (1 and 5 full).
  EXPECT_TRUE(sc.Offers("Place in 2 (mouse)"));
  EXPECT_FALSE(sc.Offers("Place in 5 (rabbit)"));
  sc.Choose("Done");  // the first step is optional ("may")
  sc.Choose("Recruit at each vault");
  EXPECT_EQ(Keepers(s).warriors[C(5)], 2);
  EXPECT_EQ(Keepers(s).warriors[C(1)], 1);
  EXPECT_EQ(Keepers(s).supply, 6 - 3);  // 6 Keeper warriors (20.11)
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

// No vault on the map: the action is still open, and its first step
// places a warrior and a vault in any clearing (with an open slot, 2.2.3).
TEST(Hirelings, Law_22_2_4_VaultKeepersWithoutVaultsPlaceWarriorAndVault) {
  Scenario sc(KeeperTable(), 28);
  State& s = sc.s();
  Control(s, kHirelingVaultKeepers, 0, 2);
  s.SetPieces(kWorkshop, C(1), 1);  // clearing 1's only slot
  UseVaultKeepers(sc, 0);
  EXPECT_FALSE(sc.Offers("Done")) << "the fallback is not optional";
  EXPECT_FALSE(sc.Offers("Place Keepers and a vault in 1 (fox)"));
  EXPECT_EQ(s.options().size(), 11u);  // every other Autumn clearing
  sc.Choose("Place Keepers and a vault in 9 (mouse)");
  EXPECT_EQ(Keepers(s).warriors[C(9)], 1);
  EXPECT_EQ(Keepers(s).vaults[C(9)], 1);
  sc.Choose("Recruit at each vault");  // 2nd step at the new vault
  EXPECT_EQ(Keepers(s).warriors[C(9)], 2);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

// A vault with no open slot at or next to it: "if you cannot", the
// warrior and vault go to any clearing with an open slot.
TEST(Hirelings, Law_22_2_4_VaultKeepersNoRoomByAVaultFallsBack) {
  Scenario sc(KeeperTable(), 29);
  State& s = sc.s();
  Control(s, kHirelingVaultKeepers, 0, 2);
  PutVault(s, C(1));                 // 1 slot: full
  s.SetPieces(kWorkshop, C(5), 2);   // 2 slots
  s.SetPieces(kWorkshop, C(9), 2);   // 2 slots
  s.SetPieces(kWorkshop, C(10), 1);  // 2 slots, one a ruin
  UseVaultKeepers(sc, 0);
  for (int c : {1, 5, 9, 10}) {
    EXPECT_FALSE(sc.Offers(absl::StrCat("Place Keepers and a vault in ", c,
                                        " (", SuitName(s.SuitOf(C(c))), ")")));
  }
  EXPECT_EQ(s.options().size(), 8u);  // the other eight clearings
  sc.Choose("Place Keepers and a vault in 3 (rabbit)");
  EXPECT_EQ(Keepers(s).warriors[C(3)], 1);
  EXPECT_EQ(Keepers(s).vaults[C(3)], 1);
}

// When hired with no Keeper piece on the map: two warriors and a vault in
// any clearing (with an open slot); with a Keeper piece on the map, none.
TEST(Hirelings, Law_22_2_1_VaultKeepersWhenHiredPlaceTwoWarriorsAndAVault) {
  Scenario sc(KeeperTable(), 30);
  State& s = sc.s();
  s.mutable_hirelings().markers_waiting[0] = 1;
  HirelingDice(s, {0});  // control die face 0
  sc.Start([](State& st) { HirelingsEndOfTurn(st, 0); });
  sc.Choose("Hire Vault Keepers");
  EXPECT_EQ(sc.Key(), "hireling.place");
  EXPECT_EQ(s.options().size(), 12u);
  sc.Choose("Place Keepers and a vault in 7 (mouse)");
  EXPECT_EQ(Keepers(s).warriors[C(7)], 2);
  EXPECT_EQ(Keepers(s).vaults[C(7)], 1);
  EXPECT_EQ(Keepers(s).controller, kMarquise);

  Scenario again(KeeperTable(), 31);
  State& t = again.s();
  PutVault(t, C(8));  // a vault alone is a Keeper piece on the map
  t.mutable_hirelings().markers_waiting[0] = 1;
  HirelingDice(t, {0});
  again.Start([](State& st) { HirelingsEndOfTurn(st, 0); });
  again.Choose("Hire Vault Keepers");
  EXPECT_NE(again.Key(), "hireling.place");
  EXPECT_EQ(Keepers(t).WarriorsOnMap(), 0);
  EXPECT_EQ(Keepers(t).vault_supply, 6 - 1);  // 6 vaults (20.11.2)
}

TEST(Hirelings, ObservationShowsEveryHireling) {
  Scenario sc(ThreeSeats(), 22);
  State& s = sc.s();
  Control(s, kHirelingPopularBand, 1, 3);
  PutWarriors(s, kHirelingPopularBand, C(4), 2);
  for (int seat = 0; seat < 3; ++seat) {
    const Observation o = Observe(s, seat);
    ASSERT_EQ(o.hirelings.cards.size(), 3u);
    EXPECT_EQ(o.hirelings.cards[0].controller, kEyrie);
    EXPECT_EQ(o.hirelings.cards[0].control, 3);
    EXPECT_EQ(o.hirelings.cards[0].warriors[C(4)], 2);
  }
}

TEST(Hirelings, ParseNamesAndSides) {
  int8_t h = -1;
  bool d = false;
  ASSERT_TRUE(ParseHireling("patrol", &h, &d).ok());
  EXPECT_EQ(h, kHirelingForestPatrol);
  EXPECT_FALSE(d);
  ASSERT_TRUE(ParseHireling("dynasty:demoted", &h, &d).ok());
  EXPECT_EQ(h, kHirelingLastDynasty);
  EXPECT_TRUE(d);
  ASSERT_TRUE(ParseHireling("Street Band", &h, &d).ok());
  EXPECT_EQ(h, kHirelingPopularBand);
  EXPECT_TRUE(d);
  EXPECT_FALSE(ParseHireling("dragons", &h, &d).ok());
  GameSetup g;
  ASSERT_TRUE(ParseHirelingsFlag("exile,brigand:demoted,keepers", g).ok());
  ASSERT_EQ(g.hirelings.size(), 3u);
  EXPECT_TRUE(g.hirelings[1].second);
}

// --- 22.3.2-22.3.7: battling hirelings ---------------------------------------

// Marquise and Eyrie with three hirelings neither blocks (Law 19.6.5).
GameSetup BattleTable(bool keepers_demoted = false,
                      bool uprising_demoted = false) {
  return Table({kMarquise, kEyrie},
               {{kHirelingPopularBand, false},
                {kHirelingVaultKeepers, keepers_demoted},
                {kHirelingSpringUprising, uprising_demoted}});
}

bool OffersHirelingBattle(const State& s, int faction, int c,
                          const std::string& name) {
  for (const Option& o : LegalBattles(s, faction, -1)) {
    if (o.a == c && IsHirelingTarget(o.b) && HirelingTargetName(s, o.b) == name)
      return true;
  }
  return false;
}

TEST(Hirelings, Law_22_3_2_EnemiesBattleAHirelingItsControllerCannot) {
  Scenario sc(BattleTable(), 31);
  State& s = sc.s();
  PutWarriors(s, kHirelingPopularBand, C(5), 2);
  s.SetWarriors(kMarquise, C(5), 1);
  s.SetWarriors(kEyrie, C(5), 1);
  // Uncontrolled, it is everyone's enemy.
  EXPECT_TRUE(OffersHirelingBattle(s, kMarquise, C(5), "Popular Band"));
  EXPECT_TRUE(OffersHirelingBattle(s, kEyrie, C(5), "Popular Band"));
  // Controlled by the Marquise: her enemy the Eyrie may battle it, she not.
  Control(s, kHirelingPopularBand, 0, 2);
  EXPECT_FALSE(OffersHirelingBattle(s, kMarquise, C(5), "Popular Band"));
  EXPECT_TRUE(OffersHirelingBattle(s, kEyrie, C(5), "Popular Band"));
  // Only where the attacker has warriors.
  PutWarriors(s, kHirelingPopularBand, C(1), 1);
  EXPECT_FALSE(OffersHirelingBattle(s, kEyrie, C(1), "Popular Band"));
}

TEST(Hirelings, Law_22_3_6_RemovingHirelingVaultsScoresWarriorsDoNot) {
  Scenario sc(BattleTable(), 32);
  State& s = sc.s();
  Control(s, kHirelingVaultKeepers, 1, 2);  // the Eyrie's hireling
  PutWarriors(s, kHirelingVaultKeepers, C(8), 1);
  HirelingCard& k = s.mutable_hirelings().cards[1];
  --k.vault_supply;
  ++k.vaults[C(8)];
  s.mutable_hirelings().RecomputeOnMap();
  s.SetWarriors(kMarquise, C(8), 3);
  ASSERT_TRUE(OffersHirelingBattle(s, kMarquise, C(8), "Vault Keepers"));
  sc.Dice({3, 1});
  sc.Start([](State& st) {
    PushBattle(st, C(8), kMarquise, kBattleHirelingBase + 1);
  });
  // No ambush for a hireling (22.3.5): the roll resolves at once. Three
  // hits take the Keeper warrior, then the vault: 1 VP for the building
  // (4.3.6), none for the warrior; one hit back costs the Marquise one.
  EXPECT_TRUE(sc.Paused());
  EXPECT_EQ(s.hirelings().cards[1].warriors[C(8)], 0);
  EXPECT_EQ(s.hirelings().cards[1].vaults[C(8)], 0);
  EXPECT_EQ(s.seat(0).vp, 1);
  EXPECT_EQ(s.clearing(C(8)).warriors[kMarquise], 2);
  EXPECT_EQ(s.seat(1).vp, 0);  // the controller scores nothing (22.3.6)
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

TEST(Hirelings, Law_22_3_6_DefenderScoresForAHirelingVault) {
  Scenario sc(BattleTable(), 33);
  State& s = sc.s();
  Control(s, kHirelingVaultKeepers, 1, 2);
  PutWarriors(s, kHirelingVaultKeepers, C(8), 1);
  HirelingCard& k = s.mutable_hirelings().cards[1];
  --k.vault_supply;
  ++k.vaults[C(8)];
  s.mutable_hirelings().RecomputeOnMap();
  s.SetWarriors(kMarquise, C(8), 2);
  std::vector<Option> opts;
  AppendHirelingExtras(s, 1, opts);
  ASSERT_EQ(opts.size(), 1u);
  sc.Dice({3, 2});
  sc.Start([&](State& st) { ResolveHirelingExtra(st, 1, opts[0]); });
  sc.Choose("Done");    // no new vault
  sc.Choose("Battle");  // battle at each vault
  sc.Choose(absl::StrCat("Battle Marquise de Cat in ", ClearingName(s, C(8))));
  // The Keepers deal 3 capped by their 1 warrior; the Marquise deals 2:
  // the warrior and the vault, scoring 1 VP for the building (22.3.6).
  EXPECT_EQ(s.clearing(C(8)).warriors[kMarquise], 1);
  EXPECT_EQ(s.hirelings().cards[1].vaults[C(8)], 0);
  EXPECT_EQ(s.seat(0).vp, 1);
  EXPECT_EQ(s.seat(1).vp, 0);
}

TEST(Hirelings, Law_22_3_5_NoAmbushWhenBattlingAHireling) {
  Scenario sc(BattleTable(), 34);
  State& s = sc.s();
  Control(s, kHirelingPopularBand, 1, 2);
  sc.Give(1, "Ambush!", kRabbit);  // the controller holds an ambush
  PutWarriors(s, kHirelingPopularBand, C(5), 1);
  s.SetWarriors(kMarquise, C(5), 2);
  sc.Dice({1, 0});
  sc.Start([](State& st) {
    PushBattle(st, C(5), kMarquise, kBattleHirelingBase + 0);
  });
  EXPECT_TRUE(sc.Paused());  // nobody was asked to ambush
  EXPECT_EQ(s.seat(1).hand.size(), 1u);
  EXPECT_EQ(s.hirelings().cards[0].warriors[C(5)], 0);
  EXPECT_EQ(s.hirelings().cards[0].supply, 5);
  EXPECT_EQ(s.seat(0).vp, 0);
}

TEST(Hirelings, Law_4_3_5_II_AHirelingWithoutWarriorsIsDefenseless) {
  Scenario sc(BattleTable(), 35);
  State& s = sc.s();
  HirelingCard& k = s.mutable_hirelings().cards[1];
  k.vault_supply -= 2;
  k.vaults[C(8)] += 2;
  s.mutable_hirelings().RecomputeOnMap();
  s.SetWarriors(kEyrie, C(8), 1);
  sc.Dice({1, 1});
  sc.Start(
      [](State& st) { PushBattle(st, C(8), kEyrie, kBattleHirelingBase + 1); });
  // One rolled hit and the extra hit: both vaults, 2 VP; no hit back.
  EXPECT_EQ(s.hirelings().cards[1].vaults[C(8)], 0);
  EXPECT_EQ(s.seat(1).vp, 2);
  EXPECT_EQ(s.clearing(C(8)).warriors[kEyrie], 1);
}

TEST(Hirelings, Law_22_2_2_SpringUprisingAttackerDiscardsAMatchingCard) {
  Scenario sc(BattleTable(), 36);
  State& s = sc.s();
  PutWarriors(s, kHirelingSpringUprising, C(8), 1);  // fox
  s.SetWarriors(kMarquise, C(8), 2);
  EXPECT_FALSE(OffersHirelingBattle(s, kMarquise, C(8), "Spring Uprising"));
  sc.Give(0, "Bake Sale", kRabbit);  // not matching
  EXPECT_FALSE(OffersHirelingBattle(s, kMarquise, C(8), "Spring Uprising"));
  const CardId fox = sc.Give(0, "Anvil", kFox);
  ASSERT_TRUE(OffersHirelingBattle(s, kMarquise, C(8), "Spring Uprising"));
  const CardId bird = sc.Give(0, "Ambush!", kBird);  // birds match too
  sc.Dice({2, 0});
  sc.Start([](State& st) {
    PushBattle(st, C(8), kMarquise, kBattleHirelingBase + 2);
  });
  EXPECT_EQ(sc.Key(), "hireling.uprising_cost");
  ASSERT_EQ(s.options().size(), 2u);  // the fox and the bird card
  EXPECT_EQ(s.options()[0].card, fox);
  EXPECT_EQ(s.options()[1].card, bird);
  ASSERT_TRUE(s.Apply(0).ok());
  EXPECT_EQ(s.seat(0).hand.size(), 2u);
  EXPECT_EQ(s.discard().back(), fox);
  EXPECT_EQ(s.hirelings().cards[2].warriors[C(8)], 0);
}

TEST(Hirelings, Law_22_2_2_BadgerBodyguardsIgnoreTheFirstHit) {
  Scenario sc(BattleTable(/*keepers_demoted=*/true), 37);
  State& s = sc.s();
  Control(s, kHirelingVaultKeepers, 0, 2);  // the Marquise's Bodyguards
  s.SetWarriors(kMarquise, C(8), 3);
  s.SetWarriors(kEyrie, C(8), 3);
  sc.Dice({2, 2});
  sc.Start([](State& st) { PushBattle(st, C(8), kEyrie, kMarquise); });
  ASSERT_TRUE(sc.Paused()) << sc.Key();
  // Two hits each: the Marquise ignores the first, the Eyrie takes both.
  EXPECT_EQ(s.clearing(C(8)).warriors[kMarquise], 2);
  EXPECT_EQ(s.clearing(C(8)).warriors[kEyrie], 1);
  // A new battle: its first hit is ignored again.
  sc.Dice({2, 2});
  sc.Start([](State& st) { PushBattle(st, C(8), kEyrie, kMarquise); });
  EXPECT_EQ(s.clearing(C(8)).warriors[kMarquise], 2);
  EXPECT_EQ(s.clearing(C(8)).warriors[kEyrie], 0);
}

TEST(Hirelings, Law_22_2_2_RabbitScoutsSwapTheRolls) {
  Scenario sc(BattleTable(false, /*uprising_demoted=*/true), 38);
  State& s = sc.s();
  Control(s, kHirelingSpringUprising, 0, 2);  // the Marquise's Scouts
  s.SetWarriors(kMarquise, C(8), 3);
  s.SetWarriors(kEyrie, C(8), 3);
  const CardId fox = sc.Give(0, "Anvil", kFox);
  sc.Dice({3, 0});
  sc.Start([](State& st) { PushBattle(st, C(8), kEyrie, kMarquise); });
  EXPECT_EQ(sc.Key(), "hireling.scouts");
  EXPECT_EQ(s.deciding_seat(), 0);
  sc.Choose("Anvil (fox)");
  // Swapped: the defender deals the 3, the attacker the 0.
  EXPECT_EQ(s.clearing(C(8)).warriors[kMarquise], 3);
  EXPECT_EQ(s.clearing(C(8)).warriors[kEyrie], 0);
  EXPECT_EQ(s.discard().back(), fox);
}

TEST(Hirelings, Law_22_2_2_RabbitScoutsMayDecline) {
  Scenario sc(BattleTable(false, true), 39);
  State& s = sc.s();
  Control(s, kHirelingSpringUprising, 0, 2);
  s.SetWarriors(kMarquise, C(8), 3);
  s.SetWarriors(kEyrie, C(8), 3);
  sc.Give(0, "Anvil", kFox);
  sc.Dice({3, 0});
  sc.Start([](State& st) { PushBattle(st, C(8), kEyrie, kMarquise); });
  sc.Choose("Done");
  EXPECT_EQ(s.clearing(C(8)).warriors[kMarquise], 0);
  EXPECT_EQ(s.clearing(C(8)).warriors[kEyrie], 3);
  EXPECT_EQ(s.seat(0).hand.size(), 1u);
}

TEST(Hirelings, Law_22_2_2_BandLocksEnemiesThatMovedIn) {
  Scenario sc(BattleTable(), 40);
  State& s = sc.s();
  PutWarriors(s, kHirelingPopularBand, C(5), 1);
  s.SetWarriors(kMarquise, C(1), 3);
  s.SetWarriors(kMarquise, C(5), 1);
  auto moves_from = [&](int faction, int c) {
    int n = 0;
    for (const Option& o : LegalMoves(s, faction, -1)) n += o.a == c;
    return n;
  };
  ASSERT_GT(moves_from(kMarquise, C(5)), 0);
  s.MoveWarriors(kMarquise, C(1), C(5), 2);
  EXPECT_EQ(moves_from(kMarquise, C(5)), 0);  // moved in: locked
  EXPECT_GT(moves_from(kMarquise, C(1)), 0);
  // A lock recorded in another turn no longer holds.
  s.mutable_hirelings().band_turn = static_cast<int16_t>(s.turn() - 1);
  EXPECT_GT(moves_from(kMarquise, C(5)), 0);
  // The Band's controller is no enemy: not locked.
  Control(s, kHirelingPopularBand, 0, 2);
  s.MoveWarriors(kMarquise, C(1), C(5), 1);
  EXPECT_GT(moves_from(kMarquise, C(5)), 0);
}

// Eyrie and Alliance with the Forest Patrol (it blocks only the Marquise).
GameSetup OutrageTable() {
  return Table({kEyrie, kAlliance}, {{kHirelingForestPatrol, false},
                                     {kHirelingPopularBand, false},
                                     {kHirelingVaultKeepers, false}});
}

TEST(Hirelings, Law_22_3_7_MovingHirelingsIntoSympathyIsOutrage) {
  Scenario sc(OutrageTable(), 41);
  State& s = sc.s();
  Control(s, kHirelingForestPatrol, 0, 2);  // the Eyrie's Patrol
  PutWarriors(s, kHirelingForestPatrol, C(1), 2);
  s.SetPieces(kSympathy, C(5), 1);
  const CardId rabbit = sc.Give(0, "Bake Sale", kRabbit);  // matches 5
  std::vector<Option> opts;
  AppendHirelingExtras(s, 0, opts);
  ASSERT_EQ(opts.size(), 1u);
  sc.Start([&](State& st) { ResolveHirelingExtra(st, 0, opts[0]); });
  // Its only choice (Move) is taken: the move is asked.
  ASSERT_EQ(sc.Key(), "hireling.move");
  sc.Choose(absl::StrCat("Move from ", ClearingName(s, C(1)), " to ",
                         ClearingName(s, C(5))));
  sc.Choose("1");
  // The Eyrie, controlling the Patrol, paid the Outrage at once (its only
  // matching card went to the supporters) before the battle choice.
  EXPECT_TRUE(s.seat(0).hand.empty());
  ASSERT_EQ(s.alliance().supporters.size(), 1u);
  EXPECT_EQ(s.alliance().supporters[0], rabbit);
  EXPECT_EQ(sc.Key(), "hireling.battle");
}

TEST(Hirelings, Law_22_3_7_RemovingSympathyWithAHirelingIsOutrage) {
  Scenario sc(OutrageTable(), 42);
  State& s = sc.s();
  Control(s, kHirelingForestPatrol, 0, 2);
  PutWarriors(s, kHirelingForestPatrol, C(5), 2);
  s.SetPieces(kSympathy, C(5), 1);
  const CardId rabbit = sc.Give(0, "Bake Sale", kRabbit);
  std::vector<Option> opts;
  AppendHirelingExtras(s, 0, opts);
  ASSERT_EQ(opts.size(), 1u);
  sc.Dice({1, 0});
  sc.Start([&](State& st) { ResolveHirelingExtra(st, 0, opts[0]); });
  sc.Choose("Battle");  // its only target and hit resolve alone
  // Defenseless: 1 + 1 hits; the sympathy token goes, scoring nothing
  // (22.3.6), and the Eyrie paid the Alliance its matching card (22.3.7).
  EXPECT_EQ(s.clearing(C(5)).pieces[kSympathy], 0);
  EXPECT_EQ(s.seat(0).vp, 0);
  EXPECT_TRUE(s.seat(0).hand.empty());
  ASSERT_EQ(s.alliance().supporters.size(), 1u);
  EXPECT_EQ(s.alliance().supporters[0], rabbit);
}

// --- Flame Bearers' Birdsong, The Brigand ------------------------------------

GameSetup BearersTable() {
  return Table({kMarquise, kEyrie}, {{kHirelingFlameBearers, false},
                                     {kHirelingPopularBand, false},
                                     {kHirelingExile, true}});
}

TEST(Hirelings, Law_22_2_3_FlameBearersBurnWarriorsFirstThenSpread) {
  Scenario sc(BearersTable(), 51);
  State& s = sc.s();
  Control(s, kHirelingFlameBearers, 0, 2);  // the Marquise's Bearers
  PutWarriors(s, kHirelingFlameBearers, C(8), 2);
  s.SetWarriors(kEyrie, C(8), 1);
  s.SetPieces(kRoost, C(8), 1);
  s.SetWarriors(kMarquise, C(8), 1);  // the controller's own: not burned
  sc.Start([](State& st) { HirelingsBirdsongStart(st, 0); });
  // Two Bearers: two enemy pieces, the warrior before the roost; the
  // controller's warrior stays and nobody scores (22.3.6).
  EXPECT_EQ(s.clearing(C(8)).warriors[kEyrie], 0);
  EXPECT_EQ(s.clearing(C(8)).pieces[kRoost], 0);
  EXPECT_EQ(s.clearing(C(8)).warriors[kMarquise], 1);
  EXPECT_EQ(s.seat(0).vp, 0);
  // Then a Bearer at or next to a Bearer: 8 and its neighbours 4 and 7.
  EXPECT_EQ(sc.Key(), "hireling.bearers_spread");
  EXPECT_EQ(s.options().size(), 3u);
  sc.Choose(absl::StrCat("Place in ", ClearingName(s, C(7))));
  EXPECT_EQ(s.hirelings().cards[0].warriors[C(7)], 1);
  EXPECT_EQ(s.hirelings().cards[0].supply, 3);
  EXPECT_TRUE(sc.Paused());
}

TEST(Hirelings, Law_22_2_3_FlameBearersControllerPicksWhoseWarrior) {
  Scenario sc(Table({kMarquise, kEyrie, kCult}, {{kHirelingFlameBearers, false},
                                                 {kHirelingPopularBand, false},
                                                 {kHirelingExile, true}}),
              52);
  State& s = sc.s();
  Control(s, kHirelingFlameBearers, 0, 2);
  PutWarriors(s, kHirelingFlameBearers, C(8), 1);
  s.SetWarriors(kEyrie, C(8), 1);
  s.SetWarriors(kCult, C(8), 1);
  s.SetPieces(kRoost, C(8), 1);
  sc.Start([](State& st) { HirelingsBirdsongStart(st, 0); });
  EXPECT_EQ(sc.Key(), "hireling.bearers_burn");
  EXPECT_EQ(s.options().size(), 2u);  // Eyrie or Cult warrior, no roost
  sc.Choose("Lizard Cult");
  EXPECT_EQ(s.clearing(C(8)).warriors[kCult], 0);
  EXPECT_EQ(s.clearing(C(8)).warriors[kEyrie], 1);
  EXPECT_EQ(s.clearing(C(8)).pieces[kRoost], 1);  // one Bearer, one piece
}

TEST(Hirelings, Law_19_6_3_BrigandPutsTheRuinItemsUnderTheRuins) {
  auto s = State::NewGame(BearersTable(), 53);
  ASSERT_TRUE(s.ok()) << s.status();
  RunSetup(*s);
  std::vector<int> items;
  for (int c = 0; c < 12; ++c) {
    const int v = s->vagabond(kVagabond).ruin_item[c];
    if (v > 0) items.push_back(v - 1);
    EXPECT_EQ(v > 0, s->map().clearings[c].ruin) << c;
  }
  std::sort(items.begin(), items.end());
  std::vector<int> want = {kSack, kBoot, kHammer, kSword};  // Law 9.3.4
  std::sort(want.begin(), want.end());
  EXPECT_EQ(items, want);
  EXPECT_TRUE(s->CheckInvariants().ok());
}

TEST(Hirelings, Law_22_2_4_BrigandExploresARuinThenSteals) {
  Scenario sc(BearersTable(), 54);
  State& s = sc.s();
  Control(s, kHirelingExile, 0, 2);  // the Marquise's Brigand
  VagabondBoard& vb = s.mutable_vagabond(kVagabond);
  vb.ruin_item[C(10)] = kBoot + 1;
  ++vb.box[kBoot];
  s.SetPieces(kRuin, C(10), 1);
  s.SetWarriors(kMarquise, C(10), 1);
  std::vector<Option> opts;
  AppendHirelingExtras(s, 0, opts);
  ASSERT_EQ(opts.size(), 1u);
  sc.Start([&](State& st) { ResolveHirelingExtra(st, 0, opts[0]); });
  // Its only choice: the item becomes the Marquise's; the empty ruin goes.
  EXPECT_EQ(s.seat(0).items[kBoot], 1);
  EXPECT_EQ(s.clearing(C(10)).pieces[kRuin], 0);
  EXPECT_EQ(s.seat(0).vp, 0);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
  // Explored once this Daylight; no one to steal from yet.
  opts.clear();
  AppendHirelingExtras(s, 0, opts);
  EXPECT_TRUE(opts.empty());
  s.SetWarriors(kEyrie, C(10), 1);
  sc.Give(1, "Anvil", kFox);
  AppendHirelingExtras(s, 0, opts);
  ASSERT_EQ(opts.size(), 1u);
  sc.Start([&](State& st) { ResolveHirelingExtra(st, 0, opts[0]); });
  EXPECT_EQ(s.seat(0).hand.size(), 1u);
  EXPECT_TRUE(s.seat(1).hand.empty());
  EXPECT_EQ(s.hirelings().cards[2].brigand_exhausted[kBoot], 1);
  // Both used, and the only item exhausted.
  opts.clear();
  AppendHirelingExtras(s, 0, opts);
  EXPECT_TRUE(opts.empty());
}

TEST(Hirelings, Law_22_2_2_FelinePhysiciansPlaceRemovedWarriors) {
  Scenario sc(Table({kEyrie, kDuchy}, {{kHirelingForestPatrol, true},
                                       {kHirelingPopularBand, false},
                                       {kHirelingVaultKeepers, false}}),
              55);
  State& s = sc.s();
  Control(s, kHirelingForestPatrol, 0, 2);  // the Eyrie's Physicians
  s.SetWarriors(kEyrie, C(8), 2);
  s.SetPieces(kRoost, C(1), 1);
  const CardId fox = sc.Give(0, "Anvil", kFox);  // clearing 8 is fox
  sc.Give(0, "Bake Sale", kRabbit);
  sc.Start([](State& st) { st.RemoveWarriors(kEyrie, C(8), 2, kDuchy); });
  EXPECT_EQ(sc.Key(), "hireling.physicians");
  EXPECT_EQ(s.options().size(), 2u);  // the fox card or decline
  sc.Choose("Anvil (fox)");
  // The only clearing with Eyrie pieces: both warriors are placed there.
  EXPECT_EQ(s.clearing(C(1)).warriors[kEyrie], 2);
  EXPECT_EQ(s.clearing(C(8)).warriors[kEyrie], 0);
  ASSERT_FALSE(s.discard().empty());
  EXPECT_EQ(s.discard().back(), fox);
  EXPECT_EQ(s.seat(0).hand.size(), 1u);
  EXPECT_TRUE(sc.Paused());
}

GameSetup ExileTable() {
  return Table({kMarquise, kEyrie}, {{kHirelingExile, false},
                                     {kHirelingPopularBand, false},
                                     {kHirelingVaultKeepers, false}});
}

TEST(Hirelings, Law_22_2_4_ExileBattlesFromItsForestExhaustingTwo) {
  Scenario sc(ExileTable(), 56);
  State& s = sc.s();
  Control(s, kHirelingExile, 1, 2);           // the Eyrie's Exile
  s.mutable_hirelings().cards[0].forest = 0;  // F1: clearings 1 2 5 10
  s.SetWarriors(kMarquise, C(5), 1);
  std::vector<Option> opts;
  AppendHirelingExtras(s, 1, opts);
  ASSERT_EQ(opts.size(), 1u);
  sc.Dice({3, 2});
  sc.Start([&](State& st) { ResolveHirelingExtra(st, 1, opts[0]); });
  sc.Choose(absl::StrCat("Battle Marquise de Cat in ", ClearingName(s, C(5))));
  // Two Clubs exhausted to battle; 3 hits (it holds 3 items) take the
  // warrior; the 1 hit back exhausts its last ready Club. With nothing
  // ready the action ends and its items refresh.
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 0);
  EXPECT_EQ(s.seat(1).vp, 0);
  const HirelingCard& x = s.hirelings().cards[0];
  EXPECT_EQ(x.clubs, 3);
  EXPECT_EQ(x.clubs_exhausted, 0);
  EXPECT_EQ(x.clubs_lost, 0);
  EXPECT_TRUE(sc.Paused());
}

TEST(Hirelings, Law_22_2_4_HitsOnTheExileRemoveExhaustedItems) {
  Scenario sc(ExileTable(), 57);
  State& s = sc.s();
  Control(s, kHirelingExile, 1, 2);
  s.mutable_hirelings().cards[0].forest = 0;
  s.SetWarriors(kMarquise, C(5), 3);
  std::vector<Option> opts;
  AppendHirelingExtras(s, 1, opts);
  ASSERT_EQ(opts.size(), 1u);
  sc.Dice({3, 3});
  sc.Start([&](State& st) { ResolveHirelingExtra(st, 1, opts[0]); });
  sc.Choose(absl::StrCat("Battle Marquise de Cat in ", ClearingName(s, C(5))));
  // 3 hits back: the ready Club is exhausted, then two exhausted Clubs
  // leave the game; the one left refreshes.
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 0);
  const HirelingCard& x = s.hirelings().cards[0];
  EXPECT_EQ(x.clubs_lost, 2);
  EXPECT_EQ(x.clubs, 1);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

TEST(Hirelings, Law_22_2_4_ExileMovesForestToForestExhaustingOne) {
  Scenario sc(ExileTable(), 58);
  State& s = sc.s();
  Control(s, kHirelingExile, 1, 2);
  s.mutable_hirelings().cards[0].forest = 0;
  std::vector<Option> opts;
  AppendHirelingExtras(s, 1, opts);
  ASSERT_EQ(opts.size(), 1u);
  sc.Start([&](State& st) { ResolveHirelingExtra(st, 1, opts[0]); });
  const int to = s.map().forest_adjacent[0][0];
  ASSERT_TRUE(s.Apply(0).ok());  // the first adjacent forest
  EXPECT_EQ(s.hirelings().cards[0].forest, to);
  EXPECT_EQ(s.hirelings().cards[0].clubs, 2);  // one exhausted
  EXPECT_EQ(sc.Key(), "hireling.action");      // it may go on
  sc.Choose("Done");
  EXPECT_EQ(s.hirelings().cards[0].clubs, 3);  // refreshed
}

// --- Random games
// --------------------------------------------------------------

// Hireling pieces on the map (warriors and vaults of every card).
int HirelingPiecesOnMap(const State& s) {
  int n = 0;
  for (const HirelingCard& h : s.hirelings().cards) {
    for (int c = 0; c < kMaxClearings; ++c) n += h.warriors[c] + h.vaults[c];
  }
  return n;
}

void RandomGames(std::vector<int8_t> factions,
                 std::vector<std::pair<int8_t, bool>> hirelings, uint64_t seed,
                 int games, bool expect_attacks = true) {
  GameSetup g = Table(std::move(factions), std::move(hirelings));
  // Random play reaches the hireling markers and hires (Law 22.1.1), and
  // players battle hirelings and remove their pieces (22.3.2).
  int hired = 0, offered = 0, removed = 0;
  bool last_offered = false;
  int last_pieces = 0;
  testing::RandomGamesCheck(
      g, seed, games, [&](const State& st, uint64_t, int) -> absl::Status {
        for (const HirelingCard& h : st.hirelings().cards) {
          if (h.Controlled()) ++hired;
        }
        const int pieces = HirelingPiecesOnMap(st);
        if (last_offered && pieces < last_pieces) ++removed;
        last_offered = false;
        for (const Option& o : st.options()) {
          if (o.kind == kOptBattle && IsHirelingTarget(o.b)) {
            last_offered = true;
            ++offered;
            break;
          }
        }
        last_pieces = pieces;
        return absl::OkStatus();
      });
  EXPECT_GT(hired, 0);
  if (expect_attacks) {
    EXPECT_GT(offered, 0);
    EXPECT_GT(removed, 0);
  }
}

TEST(HirelingsRandom, TwoSeatsPromoted) {
  RandomGames({kMarquise, kEyrie},
              {{kHirelingSpringUprising, false},
               {kHirelingPopularBand, false},
               {kHirelingExile, false}},
              100, 40);
}
TEST(HirelingsRandom, ThreeSeatsOneDemoted) {
  RandomGames({kMarquise, kEyrie, kCult},
              {{kHirelingSpringUprising, false},
               {kHirelingFlameBearers, true},
               {kHirelingVaultKeepers, false}},
              200, 30);
}
TEST(HirelingsRandom, FourSeatsTwoDemoted) {
  RandomGames({kEyrie, kAlliance, kVagabond, kRiverfolk},
              {{kHirelingForestPatrol, false},
               {kHirelingPopularBand, true},
               {kHirelingFlameBearers, true}},
              300, 20);
}
TEST(HirelingsRandom, FiveSeatsAllDemoted) {
  RandomGames({kMarquise, kAlliance, kCult, kDuchy, kCorvid},
              {{kHirelingLastDynasty, true},
               {kHirelingPopularBand, true},
               {kHirelingExile, true}},
              400, 10);
}
TEST(HirelingsRandom, SixSeatsAllDemoted) {
  RandomGames({kMarquise, kEyrie, kVagabond, kCult, kCorvid, kKeepers},
              {{kHirelingSpringUprising, true},
               {kHirelingFlameBearers, true},
               {kHirelingPopularBand, true}},
              500, 6);
}
TEST(HirelingsRandom, BearersBrigandBodyguardsFourSeats) {
  RandomGames({kMarquise, kEyrie, kAlliance, kCult},
              {{kHirelingFlameBearers, false},
               {kHirelingExile, true},
               {kHirelingVaultKeepers, true}},
              700, 20, /*expect_attacks=*/true);
}
TEST(HirelingsRandom, PhysiciansScoutsBandThreeSeats) {
  RandomGames({kEyrie, kCult, kDuchy},
              {{kHirelingForestPatrol, true},
               {kHirelingSpringUprising, true},
               {kHirelingPopularBand, false}},
              800, 20);
}
TEST(HirelingsRandom, ExilePromotedTwoSeats) {
  RandomGames({kMarquise, kCult},
              {{kHirelingExile, false},
               {kHirelingFlameBearers, false},
               {kHirelingVaultKeepers, false}},
              900, 20);
}
TEST(HirelingsRandom, PatrolAndDynastyPromoted) {
  RandomGames({kCult, kVagabond, kDuchy},
              {{kHirelingForestPatrol, false},
               {kHirelingLastDynasty, false},
               {kHirelingSpringUprising, false}},
              600, 20);
}

// Law 8.4.1.III with 22.3.2: the Revolt removes every enemy piece, an
// uncontrolled hireling's too; its vault scores one VP (22.3.6) and frees
// the slot the base needs (clearing 1 has one slot).
TEST(Hirelings, Law_22_3_2_RevoltRemovesEnemyHirelingPiecesAndScoresVaults) {
  GameSetup g = Table({kMarquise, kAlliance}, {{kHirelingVaultKeepers, false},
                                               {kHirelingPopularBand, true},
                                               {kHirelingFlameBearers, false}});
  Scenario sc(g, 27);
  State& s = sc.s();
  HirelingCard& k = s.mutable_hirelings().cards[0];
  k.vaults[C(1)] = 1;
  --k.vault_supply;
  s.mutable_hirelings().RecomputeOnMap();
  PutWarriors(s, kHirelingVaultKeepers, C(1), 1);
  ASSERT_EQ(s.OpenSlots(C(1)), 0);
  s.SetPieces(kSympathy, C(1), 1);
  for (const char* name : {"Anvil", "Foxfolk Steel"}) {  // two fox supporters
    const CardId id = sc.Give(1, name);
    auto& hand = s.mutable_seat(1).hand;
    hand.erase(std::find(hand.begin(), hand.end(), id));
    s.mutable_alliance().supporters.push_back(id);
  }
  const int vp = s.seat(1).vp;
  sc.Start([](State& st) { GetFaction(kAlliance)->PushBirdsong(st, 1); });
  sc.Choose("1 (fox)");
  EXPECT_EQ(s.hirelings().cards[0].vaults[C(1)], 0);
  EXPECT_EQ(s.hirelings().cards[0].warriors[C(1)], 0);
  EXPECT_EQ(s.clearing(C(1)).pieces[kBaseFox], 1);
  EXPECT_EQ(s.seat(1).vp, vp + 1) << "one VP for the vault, none for warriors";
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

// --- Audit of the hirelings against the Law (session hire16) ----------------

bool Has(const std::vector<std::string>& labels, const std::string& label) {
  return std::find(labels.begin(), labels.end(), label) != labels.end();
}
std::string PlaceIn(const State& s, int c) {
  return absl::StrCat("Place in ", ClearingName(s, c));
}

// Starts `seat`'s Daylight action of the hireling named `use` ("Use Street
// Band") and returns the labels of its first decision.
std::vector<std::string> UseHireling(Scenario& sc, int seat,
                                     const std::string& use) {
  State& s = sc.s();
  for (HirelingCard& h : s.mutable_hirelings().cards) h.used = false;
  std::vector<Option> opts;
  AppendHirelingExtras(s, seat, opts);
  for (const Option& o : opts) {
    if (s.OptionLabel(o) != use) continue;
    sc.Start([&](State& st) { ResolveHirelingExtra(st, seat, o); });
    return sc.Labels();
  }
  return {};
}

bool OffersUse(const State& s, int seat, const std::string& use) {
  std::vector<Option> opts;
  AppendHirelingExtras(s, seat, opts);
  for (const Option& o : opts) {
    if (s.OptionLabel(o) == use) return true;
  }
  return false;
}

// A face-up relic in c (as keepers_test.cc's PutRelic).
void PutRelic(State& s, int c, int type, int value) {
  s.SetPieces(kRelicFigure + type, c,
              s.clearing(c).pieces[kRelicFigure + type] + 1);
  s.mutable_keepers().clearings[c].push_back(
      {static_cast<int8_t>(type), static_cast<int8_t>(value), true});
}

GameSetup StreetBandTable(std::vector<int8_t> factions) {
  return Table(std::move(factions), {{kHirelingPopularBand, true},
                                     {kHirelingVaultKeepers, false},
                                     {kHirelingSpringUprising, false}});
}
GameSetup DynastyAgainst(int8_t faction) {
  return Table({kMarquise, faction}, {{kHirelingLastDynasty, false},
                                      {kHirelingPopularBand, true},
                                      {kHirelingExile, true}});
}

// Law 13.7.2 with 22.3.2: a hireling is an enemy of every player but its
// controller, so its pieces are not placed where a Corvid snare lies face
// up; the Corvids' own hireling may place there.
TEST(Hirelings, Law_13_7_2_NoEnemyHirelingIsPlacedUnderAFaceUpSnare) {
  Scenario sc(StreetBandTable({kMarquise, kCorvid}), 41);
  State& s = sc.s();
  s.SetPieces(kPlotSnare, C(5), 1);
  s.mutable_corvid().face_up |= static_cast<uint16_t>(1u << C(5));
  s.SetPieces(kPlotSnare, C(6), 1);  // face down: no effect
  Control(s, kHirelingPopularBand, 0, 2);
  std::vector<std::string> labels = UseHireling(sc, 0, "Use Street Band");
  ASSERT_FALSE(labels.empty());
  EXPECT_FALSE(Has(labels, PlaceIn(s, C(5))));
  EXPECT_TRUE(Has(labels, PlaceIn(s, C(6))));
  Control(s, kHirelingPopularBand, 1, 2);
  labels = UseHireling(sc, 1, "Use Street Band");
  EXPECT_TRUE(Has(labels, PlaceIn(s, C(5))));
}

// Law 13.7.2 with 22.3.2: nor do an enemy hireling's warriors move out of a
// face-up snare's clearing.
TEST(Hirelings, Law_13_7_2_NoEnemyHirelingMovesOutOfAFaceUpSnare) {
  Scenario sc(DynastyAgainst(kCorvid), 42);
  State& s = sc.s();
  Control(s, kHirelingLastDynasty, 0, 2);
  PutWarriors(s, kHirelingLastDynasty, C(5), 5);
  ASSERT_TRUE(s.Rules(kMarquise, C(5)));  // so the Dynasty would move
  EXPECT_TRUE(OffersUse(s, 0, "Use Last Dynasty"));
  s.SetPieces(kPlotSnare, C(5), 1);
  s.mutable_corvid().face_up |= static_cast<uint16_t>(1u << C(5));
  EXPECT_FALSE(OffersUse(s, 0, "Use Last Dynasty"));
  Control(s, kHirelingLastDynasty, 1, 2);  // the Corvids' own
  ASSERT_TRUE(s.Rules(kCorvid, C(5)));
  EXPECT_TRUE(OffersUse(s, 1, "Use Last Dynasty"));
}

// Law 6.2.2 with FAQ 14: only the Marquise places pieces in the keep's
// clearing, her own hireling's included; another player's hireling cannot.
TEST(Hirelings, Law_6_2_2_OnlyTheMarquisePlacesHirelingsAtTheKeep) {
  Scenario sc(StreetBandTable({kMarquise, kEyrie}), 43);
  State& s = sc.s();
  s.SetPieces(kKeep, C(1), 1);
  s.mutable_marquise().keep = C(1);
  Control(s, kHirelingPopularBand, 1, 2);
  std::vector<std::string> labels = UseHireling(sc, 1, "Use Street Band");
  ASSERT_FALSE(labels.empty());
  EXPECT_FALSE(Has(labels, PlaceIn(s, C(1))));
  Control(s, kHirelingPopularBand, 0, 2);
  labels = UseHireling(sc, 0, "Use Street Band");
  EXPECT_TRUE(Has(labels, PlaceIn(s, C(1))));
}

// Law 15.2.4: the Keepers ignore the first hit of each battle where a relic
// and a Keeper warrior are, a hireling's battle too (the defender keeps its
// faction's abilities; 22.3.5 bars only the controller's).
TEST(Hirelings, Law_15_2_4_DevoutKnightsAgainstAHireling) {
  Scenario sc(DynastyAgainst(kKeepers), 44);
  State& s = sc.s();
  Control(s, kHirelingLastDynasty, 0, 2);
  PutWarriors(s, kHirelingLastDynasty, C(5), 5);
  s.SetWarriors(kKeepers, C(5), 5);
  PutRelic(s, C(5), 0, 2);
  ASSERT_FALSE(s.Rules(kMarquise, C(5)));  // tied: the Dynasty battles twice
  sc.Dice({2, 0, 2, 0});
  UseHireling(sc, 0, "Use Last Dynasty");
  EXPECT_TRUE(sc.Paused()) << sc.Key();
  EXPECT_EQ(s.clearing(C(5)).warriors[kKeepers], 3) << "1 hit of 2, twice";
}

// FAQ 41 (Law 15.2.5 with 22.3.6): a relic removed by a controlled hireling
// is placed by its controller, and nobody scores; here the Keepers attack
// the Marquise's Last Dynasty on their own turn and lose a relic.
TEST(Hirelings, Law_15_2_5_TheControllerPlacesARelicItsHirelingRemoved) {
  Scenario sc(DynastyAgainst(kKeepers), 45);
  State& s = sc.s();
  s.SetCurrent(1, kPhaseDaylight);
  Control(s, kHirelingLastDynasty, 0, 2);
  PutWarriors(s, kHirelingLastDynasty, C(5), 5);
  s.SetWarriors(kKeepers, C(5), 1);
  PutRelic(s, C(5), 0, 2);
  ASSERT_TRUE(OffersHirelingBattle(s, kKeepers, C(5), "Last Dynasty"));
  sc.Dice({3, 3});
  sc.Start([](State& st) {
    PushBattle(st, C(5), kKeepers, kBattleHirelingBase + 0);
  });
  // 3 hits, the first ignored (15.2.4): the warrior, then the relic (the
  // Keepers' only piece left, so no question).
  ASSERT_EQ(sc.Key(), "keepers.prized_trophies");
  EXPECT_EQ(s.clearing(C(5)).warriors[kKeepers], 0);
  EXPECT_EQ(s.deciding_seat(), 0) << "the hireling's controller places it";
  EXPECT_EQ(s.seat(0).vp, 0);
  EXPECT_EQ(s.seat(1).vp, 0);
}

// FAQ 41, the other half: a relic an uncontrolled hireling removes is placed
// by the player taking the turn (here the Keepers, attacking it).
TEST(Hirelings,
     Law_15_2_5_TheCurrentPlayerPlacesARelicAnUncontrolledOneRemoved) {
  Scenario sc(DynastyAgainst(kKeepers), 45);
  State& s = sc.s();
  s.SetCurrent(1, kPhaseDaylight);
  PutWarriors(s, kHirelingLastDynasty, C(5), 5);
  s.SetWarriors(kKeepers, C(5), 1);
  PutRelic(s, C(5), 0, 2);
  ASSERT_EQ(s.hirelings().cards[0].controller, kNoFaction);
  sc.Dice({3, 3});
  sc.Start([](State& st) {
    PushBattle(st, C(5), kKeepers, kBattleHirelingBase + 0);
  });
  ASSERT_EQ(sc.Key(), "keepers.prized_trophies");
  EXPECT_EQ(s.deciding_seat(), 1);
  sc.Choose("Forest 1");
  EXPECT_EQ(s.seat(0).vp, 0);
  EXPECT_EQ(s.seat(1).vp, 0);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
}

// Law 11.2.7.III.a: the buyer of mercenaries battling a hireling splits the
// hits it takes, odd hits on its own warriors, even hits on mercenaries.
TEST(Hirelings, Law_11_2_7_III_a_MercenariesShareHitsAgainstAHireling) {
  Scenario sc(StreetBandTable({kMarquise, kRiverfolk}), 46);
  State& s = sc.s();
  HirelingCard& band = s.mutable_hirelings().cards[0];
  band.demoted = false;  // the Popular Band, uncontrolled
  PutWarriors(s, kHirelingPopularBand, C(5), 3);
  s.SetWarriors(kMarquise, C(5), 2);
  s.SetWarriors(kRiverfolk, C(5), 2);
  s.mutable_riverfolk().mercs_for = kMarquise;
  s.mutable_riverfolk().mercs_turn = static_cast<int16_t>(s.turn());
  sc.Dice({3, 2});
  sc.Start([](State& st) {
    PushBattle(st, C(5), kMarquise, kBattleHirelingBase + 0);
  });
  EXPECT_TRUE(sc.Paused()) << sc.Key();
  EXPECT_EQ(s.hirelings().cards[0].warriors[C(5)], 0);
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 1);
  EXPECT_EQ(s.clearing(C(5)).warriors[kRiverfolk], 1);
}

// Law 8.2.2: defending against a hireling, the Alliance deals the higher
// roll and the hireling the lower (Guerrilla War is the Alliance's ability).
TEST(Hirelings, Law_8_2_2_GuerrillaWarAgainstAHireling) {
  Scenario sc(DynastyAgainst(kAlliance), 47);
  State& s = sc.s();
  Control(s, kHirelingLastDynasty, 0, 2);
  PutWarriors(s, kHirelingLastDynasty, C(5), 5);
  s.SetWarriors(kAlliance, C(5), 5);
  sc.Dice({3, 1, 3, 1});
  UseHireling(sc, 0, "Use Last Dynasty");
  EXPECT_TRUE(sc.Paused()) << sc.Key();
  // Each battle: the Dynasty deals 1, the Alliance 3 (then 2 left).
  EXPECT_EQ(s.clearing(C(5)).warriors[kAlliance], 3);
  EXPECT_EQ(s.hirelings().cards[0].warriors[C(5)], 0);
}

// Law 13.2.5: defending against a hireling where they have a face-down plot,
// the Corvids deal an extra hit.
TEST(Hirelings, Law_13_2_5_EmbeddedAgentsAgainstAHireling) {
  Scenario sc(DynastyAgainst(kCorvid), 48);
  State& s = sc.s();
  Control(s, kHirelingLastDynasty, 0, 2);
  PutWarriors(s, kHirelingLastDynasty, C(5), 5);
  s.SetWarriors(kCorvid, C(5), 5);
  s.SetPieces(kPlotBomb, C(5), 1);  // face down
  sc.Dice({1, 0, 1, 0});
  UseHireling(sc, 0, "Use Last Dynasty");
  EXPECT_TRUE(sc.Paused()) << sc.Key();
  EXPECT_EQ(s.clearing(C(5)).warriors[kCorvid], 3);
  EXPECT_EQ(s.hirelings().cards[0].warriors[C(5)], 3) << "one extra hit each";
}

// Law 14.7.7: Stubborn, the Hundreds ignore the first hit of each battle
// at their warlord, a hireling's battle too.
TEST(Hirelings, Law_14_7_7_StubbornAgainstAHireling) {
  Scenario sc(DynastyAgainst(kHundreds), 49);
  State& s = sc.s();
  Control(s, kHirelingLastDynasty, 0, 2);
  PutWarriors(s, kHirelingLastDynasty, C(5), 5);
  s.SetWarriors(kHundreds, C(5), 5);
  s.mutable_hundreds().warlord = C(5);
  s.mutable_hundreds().mood = kMoodStubborn;
  s.mutable_hundreds().stubborn_used = true;  // left from an earlier battle
  ASSERT_FALSE(s.Rules(kMarquise, C(5)));
  sc.Dice({2, 0, 2, 0});
  UseHireling(sc, 0, "Use Last Dynasty");
  sc.Choose("The warlord stays");  // Law 14.2.2: a hit there, each battle
  sc.Choose("The warlord stays");
  EXPECT_TRUE(sc.Paused()) << sc.Key();
  EXPECT_EQ(s.clearing(C(5)).warriors[kHundreds], 3) << "1 hit of 2, twice";
}

// Law 10.2.3: Cult warriors removed while defending in battle become
// acolytes, against a hireling too.
TEST(Hirelings, Law_10_2_3_RevengeAgainstAHireling) {
  Scenario sc(DynastyAgainst(kCult), 50);
  State& s = sc.s();
  Control(s, kHirelingLastDynasty, 0, 2);
  PutWarriors(s, kHirelingLastDynasty, C(5), 5);
  s.SetWarriors(kCult, C(5), 5);
  ASSERT_FALSE(s.Rules(kMarquise, C(5)));
  const int acolytes = s.cult().acolytes;
  sc.Dice({2, 0, 2, 0});
  UseHireling(sc, 0, "Use Last Dynasty");
  EXPECT_TRUE(sc.Paused()) << sc.Key();
  EXPECT_EQ(s.clearing(C(5)).warriors[kCult], 1);
  EXPECT_EQ(s.cult().acolytes, acolytes + 4);
}

// Law 4.3.6 (a rules decision): hits from a hireling are taken by the side
// hit, so the Keepers choose which of their waystations goes (each shows one
// relic type of two), and of two showing the type which one goes back to
// their board (15.2.2). Here the Last Dynasty arrives in clearing 1 and
// battles once.
TEST(Hirelings, Law_4_3_6_TheKeepersChooseTheWaystationAHirelingRemoves) {
  Scenario sc(DynastyAgainst(kKeepers), 51);
  State& s = sc.s();
  Control(s, kHirelingLastDynasty, 0, 2);
  s.SetWarriors(kKeepers, C(1), 2);
  KeepersBoard& kb = s.mutable_keepers();
  for (const auto& [ws, back] : {std::pair{0, false}, {2, true}, {1, false}}) {
    kb.waystation[ws] = static_cast<int8_t>(C(1));
    kb.flipped[ws] = back;
    const int piece = kWaystationFigure + (back ? (ws + 1) % 3 : ws);
    s.SetPieces(piece, C(1), s.clearing(C(1)).pieces[piece] + 1);
  }
  ASSERT_EQ(s.clearing(C(1)).pieces[kWaystationFigure], 2);
  sc.Dice({3, 0});
  UseHireling(sc, 0, "Use Last Dynasty");
  sc.Choose(PlaceIn(s, C(1)));
  // Three hits: the two warriors, then a building the Keepers pick.
  ASSERT_EQ(sc.Key(), "hireling.remove_piece");
  EXPECT_EQ(s.deciding_seat(), 1);
  EXPECT_EQ(sc.Labels(), (std::vector<std::string>{"figure waystation",
                                                   "tablet waystation"}));
  sc.Choose("figure waystation");
  ASSERT_EQ(sc.Key(), "keepers.lose_waystation");
  EXPECT_EQ(s.deciding_seat(), 1);
  sc.Choose("Lose the jewelry/figure waystation");
  EXPECT_TRUE(sc.Paused()) << sc.Key();
  EXPECT_EQ(s.clearing(C(1)).pieces[kWaystationFigure], 1);
  EXPECT_EQ(s.clearing(C(1)).pieces[kWaystationTablet], 1);
  EXPECT_EQ(s.keepers().waystation[2], -1);
  EXPECT_EQ(s.keepers().waystation[0], C(1));
}

// Spring Uprising's Birdsong with the Lost City (rules decision 24: it
// counts as every suit for clearing-suit checks): the die's suit matches it.
TEST(Hirelings, Law_22_2_3_SpringUprisingRollMatchesTheLostCity) {
  Scenario sc(StreetBandTable({kMarquise, kEyrie}), 52);
  State& s = sc.s();
  Control(s, kHirelingSpringUprising, 0, 2);
  int lost = 0;
  while (s.SuitOf(lost) == 0) ++lost;
  SetUpLandmark(s, kLandmarkLostCity, lost);
  HirelingDice(s, {0});
  sc.Start([](State& st) { HirelingsBirdsongStart(st, 0); });
  ASSERT_EQ(sc.Key(), "hireling.uprising");
  EXPECT_TRUE(sc.Offers(PlaceIn(s, lost)));
}

// Law 4.3 with 9.2.2, 9.2.7: a hireling battles "an enemy in the clearing
// of battle", and the Vagabond's pawn makes him one: he defends with his
// undamaged swords and takes hits by damaging items.
TEST(Hirelings, Law_4_3_AHirelingBattlesTheVagabond) {
  Scenario sc(Table({kEyrie, kVagabond}, {{kHirelingForestPatrol, false},
                                          {kHirelingPopularBand, true},
                                          {kHirelingSpringUprising, false}}),
              53);
  State& s = sc.s();
  Control(s, kHirelingForestPatrol, 0, 2);
  PutWarriors(s, kHirelingForestPatrol, C(5), 2);
  s.mutable_vagabond().clearing = static_cast<int8_t>(C(5));
  s.mutable_vagabond().forest = -1;
  sc.Item(kSword);
  sc.Item(kBoot);
  sc.Item(kTorch);
  ASSERT_FALSE(UseHireling(sc, 0, "Use Forest Patrol").empty());
  sc.Dice({2, 1});
  sc.Choose("Battle");
  // The one target is taken at once: 2 hits on him, his 1 sword deals 1.
  EXPECT_EQ(sc.Key(), "vagabond.take_hit");
  EXPECT_EQ(s.deciding_seat(), 1);
  EXPECT_EQ(s.hirelings().cards[0].warriors[C(5)], 1);
}

// --- Seams between the hirelings and the factions (session hire28) -------

// The Vagabond (seat 1) in clearing 5 with the Marquise and an uncontrolled
// Popular Band of four warriors there, in his Daylight.
Scenario VagabondAgainstTheBand(uint64_t seed, const std::string& character) {
  Scenario sc(Table({kMarquise, kVagabond}, {{kHirelingPopularBand, false},
                                             {kHirelingVaultKeepers, false},
                                             {kHirelingSpringUprising, false}}),
              seed);
  State& s = sc.s();
  s.SetCurrent(1, kPhaseDaylight);
  VagabondBoard& vb = s.mutable_vagabond();
  vb.character = static_cast<int8_t>(ParseVagabondCharacter(character));
  vb.clearing = static_cast<int8_t>(C(5));
  vb.forest = -1;
  PutWarriors(s, kHirelingPopularBand, C(5), 4);
  return sc;
}

std::string BattleTheBand(const State& s) {
  return absl::StrCat("Battle ", HirelingTargetName(s, kBattleHirelingBase),
                      " in ", ClearingName(s, C(5)));
}

// Law 9.2.9.II.c: the Vagabond may fight with an ally's warriors in his
// clearing as his own, against a hireling too; 9.2.9.II.d: losing more of
// them than items damaged in that battle makes the ally Hostile.
TEST(Hirelings, Law_9_2_9_II_c_AnAllyFightsWithTheVagabondAgainstAHireling) {
  Scenario sc = VagabondAgainstTheBand(61, "Thief");
  State& s = sc.s();
  s.mutable_vagabond().relation[kMarquise] = kAllied;
  s.SetWarriors(kMarquise, C(5), 3);
  sc.Item(kSword);
  sc.Dice({3, 2});
  sc.Start([](State& st) { GetFaction(kVagabond)->PushDaylight(st, 1); });
  sc.Choose("Battle (sword)");
  sc.Choose(BattleTheBand(s));
  ASSERT_EQ(sc.Key(), "vagabond.battle.ally");
  ASSERT_TRUE(sc.Offers("Marquise de Cat"));
  sc.Choose("Marquise de Cat");
  // His cap: 1 sword and 3 allied warriors; the Band deals 2 back.
  EXPECT_EQ(s.hirelings().cards[0].warriors[C(5)], 1);
  ASSERT_EQ(sc.Key(), "vagabond.take_hit");
  sc.Choose("Marquise de Cat");
  sc.Choose("Marquise de Cat");
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 1);
  EXPECT_EQ(s.vagabond().relation[kMarquise], kHostile)
      << "2 allied warriors lost, no item damaged";
}

// Law 26.9.2 Swift Strike: after the roll (4.3.4) the Ronin may exhaust a
// sword for an extra hit, battling a hireling too.
TEST(Hirelings, Law_26_9_2_SwiftStrikeAgainstAHireling) {
  Scenario sc = VagabondAgainstTheBand(62, "Ronin");
  State& s = sc.s();
  sc.Item(kSword);
  sc.Item(kSword);
  sc.Dice({2, 0});
  sc.Start([](State& st) {
    PushBattle(st, C(5), kVagabond, kBattleHirelingBase + 0);
  });
  ASSERT_EQ(sc.Key(), "battle.effect");
  sc.Choose("Swift Strike (exhaust a sword: one extra hit)");
  EXPECT_TRUE(sc.Paused()) << sc.Key();
  EXPECT_EQ(s.hirelings().cards[0].warriors[C(5)], 1) << "2 rolled, 1 extra";
}

// Law 4.3.4: crafted battle cards are used after the roll against a
// hireling too. Brutal Tactics' point goes to "the defender", a hireling
// that scores nothing (rules decision, 22.3.6 and 22.3.1).
TEST(Hirelings, Law_4_3_4_BrutalTacticsAgainstAHirelingScoresNobody) {
  Scenario sc(BattleTable(), 63);
  State& s = sc.s();
  Control(s, kHirelingPopularBand, 1, 2);  // the Eyrie's
  PutWarriors(s, kHirelingPopularBand, C(5), 4);
  s.SetWarriors(kMarquise, C(5), 3);
  sc.Craft(0, "Brutal Tactics");
  sc.Dice({2, 0});
  sc.Start([](State& st) {
    PushBattle(st, C(5), kMarquise, kBattleHirelingBase + 0);
  });
  ASSERT_EQ(sc.Key(), "battle.effect");
  sc.Choose("Brutal Tactics (bird)");
  EXPECT_TRUE(sc.Paused()) << sc.Key();
  EXPECT_EQ(s.hirelings().cards[0].warriors[C(5)], 1);
  EXPECT_EQ(s.seat(0).vp, 0);
  EXPECT_EQ(s.seat(1).vp, 0) << "the controller is not the defender";
}

// Law 14.2.2: the warlord may be removed in battle, a hireling's battle
// too: a hit there lets the Hundreds choose, and when the last of their
// warriors falls the warlord goes with it.
TEST(Hirelings, Law_14_2_2_TheWarlordFallsInAHirelingsBattle) {
  Scenario sc(DynastyAgainst(kHundreds), 64);
  State& s = sc.s();
  Control(s, kHirelingLastDynasty, 0, 2);
  PutWarriors(s, kHirelingLastDynasty, C(5), 5);
  s.SetWarriors(kHundreds, C(5), 5);
  s.mutable_hundreds().warlord = C(5);
  s.mutable_hundreds().mood = kMoodRowdy;
  ASSERT_FALSE(s.Rules(kMarquise, C(5)));  // tied: the Dynasty battles twice
  sc.Dice({3, 0, 3, 0});
  UseHireling(sc, 0, "Use Last Dynasty");
  ASSERT_EQ(sc.Key(), "hundreds.warlord_hit");
  sc.Choose("The warlord stays");
  EXPECT_TRUE(sc.Paused()) << sc.Key();
  EXPECT_EQ(s.clearing(C(5)).warriors[kHundreds], 0);
  EXPECT_EQ(s.hundreds().warlord, -1) << "it fell with the last of them";
}

// Law 7.8.4 with 22.3.2 and 22.3.6: a hireling's vault is an enemy
// building and scores its remover 1 VP; removing one in battle, the Despot
// scores one extra VP (once per battle, FAQ 18).
TEST(Hirelings, Law_7_8_4_TheDespotScoresForAHirelingVaultInBattle) {
  Scenario sc(BattleTable(), 65);
  State& s = sc.s();
  s.mutable_eyrie().leader = 3;  // Despot
  HirelingCard& k = s.mutable_hirelings().cards[1];
  k.vault_supply -= 2;
  k.vaults[C(8)] += 2;
  s.mutable_hirelings().RecomputeOnMap();
  s.SetWarriors(kEyrie, C(8), 1);
  sc.Dice({1, 1});
  sc.Start(
      [](State& st) { PushBattle(st, C(8), kEyrie, kBattleHirelingBase + 1); });
  EXPECT_EQ(s.hirelings().cards[1].vaults[C(8)], 0);
  EXPECT_EQ(s.seat(1).vp, 3) << "2 vaults and the Despot's point";
}

// FAQ 28, 29 (Law 22.3.3): hireling warriors are no faction's pieces, so
// the Vagabond removing them turns nobody Hostile and scores no Infamy.
TEST(Hirelings, Law_22_3_3_RemovingHirelingWarriorsMakesNobodyHostile) {
  Scenario sc = VagabondAgainstTheBand(66, "Thief");
  State& s = sc.s();
  Control(s, kHirelingPopularBand, 0, 2);  // the Marquise's
  s.mutable_vagabond().relation[kMarquise] = 1;
  sc.Item(kSword);
  sc.Item(kSword);
  sc.Dice({2, 0});
  sc.Start([](State& st) {
    PushBattle(st, C(5), kVagabond, kBattleHirelingBase + 0);
  });
  EXPECT_TRUE(sc.Paused()) << sc.Key();
  EXPECT_EQ(s.hirelings().cards[0].warriors[C(5)], 2);
  EXPECT_EQ(s.vagabond().relation[kMarquise], 1);
  EXPECT_EQ(s.seat(1).vp, 0);
}

// Law 10.2.3 Revenge with the Feline Physicians (rules decision): Revenge
// is mandatory and puts the warriors removed defending into the Acolytes
// box, so none reaches the supply and the Physicians have none to place.
TEST(Hirelings, Law_10_2_3_RevengeLeavesNothingForThePhysicians) {
  Scenario sc(Table({kEyrie, kCult}, {{kHirelingForestPatrol, true},
                                      {kHirelingPopularBand, false},
                                      {kHirelingVaultKeepers, false}}),
              67);
  State& s = sc.s();
  Control(s, kHirelingForestPatrol, 1, 2);  // the Cult's Physicians
  s.SetWarriors(kCult, C(8), 3);
  s.SetWarriors(kEyrie, C(8), 3);
  sc.Give(1, "Anvil", kFox);  // clearing 8 is fox
  const int acolytes = s.cult().acolytes;
  const int supply = s.warrior_supply(kCult);
  sc.Dice({2, 0});
  sc.Start([](State& st) { PushBattle(st, C(8), kEyrie, kCult); });
  EXPECT_TRUE(sc.Paused()) << sc.Key();
  EXPECT_EQ(s.clearing(C(8)).warriors[kCult], 1);
  EXPECT_EQ(s.cult().acolytes, acolytes + 2);
  EXPECT_EQ(s.warrior_supply(kCult), supply);
  EXPECT_EQ(s.seat(1).hand.size(), 1u);
}

// The same Physicians save the Cult's warriors removed while attacking:
// those go to the supply (Revenge is for defenders only).
TEST(Hirelings, Law_10_2_3_PhysiciansSaveTheCultsAttackers) {
  Scenario sc(Table({kEyrie, kCult}, {{kHirelingForestPatrol, true},
                                      {kHirelingPopularBand, false},
                                      {kHirelingVaultKeepers, false}}),
              68);
  State& s = sc.s();
  s.SetCurrent(1, kPhaseDaylight);
  Control(s, kHirelingForestPatrol, 1, 2);
  s.SetWarriors(kCult, C(8), 3);
  s.SetWarriors(kEyrie, C(8), 3);
  sc.Give(1, "Anvil", kFox);
  const int acolytes = s.cult().acolytes;
  sc.Dice({2, 2});
  sc.Start([](State& st) { PushBattle(st, C(8), kCult, kEyrie); });
  ASSERT_EQ(sc.Key(), "hireling.physicians");
  sc.Choose("Anvil (fox)");
  EXPECT_EQ(s.clearing(C(8)).warriors[kCult], 3) << "both placed back";
  EXPECT_EQ(s.cult().acolytes, acolytes);
}

// The Exile in forest 1 (uncontrolled), the Marquise next to it with a
// crafted sword.
Scenario MarquiseNextToTheExile(uint64_t seed) {
  Scenario sc(Table({kMarquise, kEyrie}, {{kHirelingExile, false},
                                          {kHirelingSpringUprising, true},
                                          {kHirelingPopularBand, true}}),
              seed);
  State& s = sc.s();
  s.mutable_hirelings().cards[0].forest = 0;
  int next_to = 0;
  while (!(s.map().forests[0] >> next_to & 1)) ++next_to;
  s.SetWarriors(kMarquise, next_to, 1);
  --s.mutable_item_supply()[kSword];
  ++s.mutable_seat(0).items[kSword];
  return sc;
}

// Law 22.2.2: the Exile's ability names no time, so it is always active; a
// player next to it may aid it in Birdsong ...
TEST(Hirelings, Law_22_2_2_AidTheExileInBirdsong) {
  Scenario sc = MarquiseNextToTheExile(69);
  State& s = sc.s();
  s.SetCurrent(0, kPhaseBirdsong);
  sc.Start([](State& st) { PushBirdsongCards(st, 0); });
  ASSERT_EQ(sc.Key(), "birdsong.cards");
  sc.Choose("Aid The Exile with a sword");
  EXPECT_EQ(s.seat(0).vp, 1);
  EXPECT_EQ(s.hirelings().cards[0].items[kSword], 1);
}

// ... and in Evening.
TEST(Hirelings, Law_22_2_2_AidTheExileInEvening) {
  Scenario sc = MarquiseNextToTheExile(70);
  State& s = sc.s();
  s.SetCurrent(0, kPhaseDaylight);
  sc.Start([](State& st) {
    st.Push(Task{.kind = kTaskTurn, .seat = 0, .step = 7});
  });
  ASSERT_EQ(sc.Key(), "hireling.aid_exile");
  EXPECT_EQ(s.phase(), kPhaseEvening);
  sc.Choose("Aid The Exile with a sword");
  EXPECT_EQ(s.seat(0).vp, 1);
  EXPECT_EQ(s.hirelings().cards[0].items[kSword], 1);
}

}  // namespace
}  // namespace woodland::rules
