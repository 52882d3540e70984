// The Exiles and Partisans deck (Law 20.8.1): its data, each card's effect
// at its timing window (numbers and conditions from the printed card texts),
// and random games over the deck with base and expansion factions.
#include "referee/rules/exiles.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "gtest/gtest.h"
#include "referee/rules/defs.h"
#include "referee/rules/faction.h"
#include "referee/rules/landmarks.h"
#include "referee/rules/observation.h"
#include "tests/referee/rules/random_play.h"
#include "tests/referee/rules/scenario.h"

namespace woodland::rules::testing {
namespace {

GameSetup ExilesSetup(std::vector<int8_t> factions) {
  GameSetup setup;
  setup.factions = std::move(factions);
  setup.deck = "exiles";
  return setup;
}

// --- The deck's data against shared/reference/decks.yaml -------------------

struct RefCard {
  std::string name, suit, kind, item;
  int count = 0, vp = 0;
  std::vector<std::string> cost;
};

std::string Unquote(absl::string_view v) {
  v = absl::StripAsciiWhitespace(v);
  if (v.size() >= 2 && v.front() == '"' && v.back() == '"')
    v = v.substr(1, v.size() - 2);
  return std::string(v);
}

// The `exiles_and_partisans` section's cards (a small reader for the
// reference file's own layout).
std::vector<RefCard> ReadReferenceDeck() {
  std::ifstream in(REFERENCE_DECKS_PATH);
  EXPECT_TRUE(in.good()) << REFERENCE_DECKS_PATH;
  std::vector<RefCard> cards;
  bool in_section = false;
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line[0] != ' ') {
      in_section = absl::StartsWith(line, "exiles_and_partisans:");
      continue;
    }
    if (!in_section) continue;
    absl::string_view l = absl::StripAsciiWhitespace(line);
    if (absl::ConsumePrefix(&l, "- name:")) {
      RefCard c;
      c.name = Unquote(l);
      cards.push_back(c);
      continue;
    }
    if (cards.empty()) continue;
    RefCard& c = cards.back();
    if (absl::ConsumePrefix(&l, "suit:")) c.suit = Unquote(l);
    if (absl::ConsumePrefix(&l, "kind:")) c.kind = Unquote(l);
    if (absl::ConsumePrefix(&l, "item:")) c.item = Unquote(l);
    if (absl::ConsumePrefix(&l, "count:")) c.count = std::stoi(Unquote(l));
    if (absl::ConsumePrefix(&l, "vp:")) c.vp = std::stoi(Unquote(l));
    if (absl::ConsumePrefix(&l, "cost:")) {
      std::string v = Unquote(l);
      v = v.substr(1, v.size() - 2);  // [a, b]
      for (absl::string_view s : absl::StrSplit(v, ',', absl::SkipEmpty()))
        c.cost.push_back(Unquote(s));
    }
  }
  return cards;
}

std::string CostName(int suit) {
  return suit == kAnySuit ? "any" : std::string(SuitName(suit));
}

absl::string_view KindName(int kind) {
  static constexpr absl::string_view kNames[] = {"ambush", "dominance", "item",
                                                 "immediate", "persistent"};
  return kNames[kind];
}

TEST(ExilesDeck, Law_20_8_1_MatchesTheReferenceCardByCard) {
  const std::vector<RefCard> ref = ReadReferenceDeck();
  ASSERT_EQ(ref.size(), 46u);  // distinct (name, suit) lines
  absl::StatusOr<DeckDef> deck = BuiltinDeck("exiles");
  ASSERT_TRUE(deck.ok()) << deck.status();
  EXPECT_EQ(deck->cards.size(), 54u);  // Law 20.8.1.I
  for (const RefCard& r : ref) {
    int count = 0;
    for (const CardDef& c : deck->cards) {
      if (c.name != r.name || SuitName(c.suit) != r.suit) continue;
      ++count;
      EXPECT_EQ(KindName(c.kind), r.kind) << r.name;
      std::vector<std::string> cost;
      for (int8_t s : c.cost) cost.push_back(CostName(s));
      EXPECT_EQ(cost, r.cost) << r.name;
      if (r.kind == "item") {
        EXPECT_EQ(ItemName(c.item), r.item) << r.name;
        EXPECT_EQ(c.vp, r.vp) << r.name;
      }
      if (r.kind == "persistent") {
        EXPECT_TRUE(IsExilesEffect(c.effect)) << r.name << " has no effect";
      }
    }
    EXPECT_EQ(count, r.count) << r.name << " (" << r.suit << ")";
  }
}

TEST(ExilesDeck, PerSuitCountsAreFourteenFourteenThirteenThirteen) {
  absl::StatusOr<DeckDef> deck = BuiltinDeck("exiles");
  ASSERT_TRUE(deck.ok());
  std::map<std::string, int> per_suit, per_kind;
  for (const CardDef& c : deck->cards) {
    ++per_suit[std::string(SuitName(c.suit))];
    ++per_kind[std::string(KindName(c.kind))];
  }
  EXPECT_EQ(per_suit["bird"], 14);
  EXPECT_EQ(per_suit["fox"], 14);
  EXPECT_EQ(per_suit["rabbit"], 13);
  EXPECT_EQ(per_suit["mouse"], 13);
  EXPECT_EQ(per_kind["ambush"], 5);
  EXPECT_EQ(per_kind["dominance"], 4);
  EXPECT_EQ(per_kind["item"], 20);
  EXPECT_EQ(per_kind["persistent"], 25);
  EXPECT_EQ(per_kind["immediate"], 0);
}

// The 29 shared cards are the standard deck's, line for line.
TEST(ExilesDeck, SharesAmbushDominanceAndItemCardsWithTheStandardDeck) {
  absl::StatusOr<DeckDef> ex = BuiltinDeck("exiles");
  absl::StatusOr<DeckDef> std_deck = BuiltinDeck("standard");
  ASSERT_TRUE(ex.ok() && std_deck.ok());
  auto shared = [](const DeckDef& d) {
    std::vector<std::string> out;
    for (const CardDef& c : d.cards) {
      if (c.kind == kPersistentCard || c.kind == kImmediateCard) continue;
      std::string cost;
      for (int8_t s : c.cost) cost += CostName(s) + ",";
      out.push_back(absl::StrCat(c.name, "/", SuitName(c.suit), "/", c.kind,
                                 "/", cost, "/", c.item, "/", c.vp));
    }
    std::sort(out.begin(), out.end());
    return out;
  };
  EXPECT_EQ(shared(*ex).size(), 29u);
  EXPECT_EQ(shared(*ex), shared(*std_deck));
}

// --- Random games over the deck ------------------------------------------

TEST(ExilesRandom, TwoSeats) {
  RandomGamesCheck(ExilesSetup({kMarquise, kEyrie}), 51000, 60);
}

TEST(ExilesRandom, ThreeSeatsWithExpansionFactions) {
  GameSetup setup = ExilesSetup({kCult, kRiverfolk, kAlliance});
  setup.shuffle_seats = true;
  RandomGamesCheck(setup, 52000, 40);
}

TEST(ExilesRandom, FourSeats) {
  GameSetup setup = ExilesSetup({kMarquise, kDuchy, kVagabond, kCorvid});
  setup.shuffle_seats = true;
  RandomGamesCheck(setup, 53000, 35);
}

TEST(ExilesRandom, FiveSeats) {
  GameSetup setup =
      ExilesSetup({kEyrie, kHundreds, kKeepers, kAlliance, kCult});
  setup.shuffle_seats = true;
  RandomGamesCheck(setup, 54000, 25);
}

TEST(ExilesRandom, SixSeats) {
  GameSetup setup = ExilesSetup(
      {kMarquise, kEyrie, kRiverfolk, kVagabond, kVagabond2, kDuchy});
  setup.shuffle_seats = true;
  RandomGamesCheck(setup, 55000, 20);
}

// Every decision the deck adds comes up in random play (so the random
// games above exercise each card's window).
TEST(ExilesRandom, EveryCardDecisionOccurs) {
  std::map<int, int> seen;
  DecisionHook hook = [&](const State& s, uint64_t, int) -> absl::Status {
    ++seen[s.prompt().kind];
    return absl::OkStatus();
  };
  GameSetup setup = ExilesSetup({kMarquise, kEyrie, kAlliance, kDuchy});
  setup.shuffle_seats = true;
  RandomGamesCheck(setup, 56000, 40, hook);
  for (int k = kPromptSaboteurs; k <= kPromptInformants; ++k) {
    EXPECT_GT(seen[k], 0) << GetPromptInfo(k).key;
  }
}

// A Marquise (seat 0) / Eyrie (seat 1) table with the deck, Autumn map:
// 1 fox, 5 rabbit, 9 mouse, 10 rabbit; paths 1-5, 1-9, 1-10; river 5-10.
Scenario Table() { return Scenario(ExilesSetup({kMarquise, kEyrie}), 7); }

bool HasMove(const State& s, int faction, int from, int to) {
  for (const Option& o : LegalMoves(s, faction, -1)) {
    if (o.a == from && o.b == to) return true;
  }
  return false;
}

TEST(Exiles, BuiltinDeck_IsSelectableAndStandardStaysDefault) {
  EXPECT_TRUE(BuiltinDeck("exiles").ok());
  EXPECT_EQ(GameSetup{}.deck, "standard");
  EXPECT_FALSE(BuiltinDeck("squires").ok());
  auto s = State::NewGame(ExilesSetup({kMarquise, kEyrie}), 1);
  ASSERT_TRUE(s.ok());
  EXPECT_TRUE(s->exiles_deck());
  GameSetup standard;
  standard.factions = {kMarquise, kEyrie};
  EXPECT_FALSE(State::NewGame(standard, 1)->exiles_deck());
}

// "At the start of Birdsong, may discard this card to discard an enemy's
// crafted card."
TEST(Exiles, Card_Saboteurs_DiscardsEnemyPersistent) {
  Scenario sc = Table();
  State& s = sc.s();
  s.SetCurrent(0, kPhaseBirdsong);
  const CardId sab = sc.Craft(0, "Saboteurs");
  sc.Craft(0, "Tunnels");  // own cards are no targets
  const CardId target = sc.Craft(1, "Coffin Makers");
  sc.Start([](State& s) { ExilesBirdsongStart(s, 0); });
  EXPECT_EQ(sc.Key(), "card.saboteurs");
  EXPECT_EQ(s.PromptLaw(), "20.8.1");
  EXPECT_FALSE(sc.Offers("Tunnels (rabbit)"));
  EXPECT_TRUE(sc.Offers("Done"));
  sc.Choose("Coffin Makers (rabbit)");
  EXPECT_TRUE(s.seat(1).play_area.empty());
  EXPECT_EQ(s.seat(0).play_area.size(), 1u) << "Saboteurs is discarded";
  EXPECT_NE(std::find(s.discard().begin(), s.discard().end(), sab),
            s.discard().end());
  EXPECT_NE(std::find(s.discard().begin(), s.discard().end(), target),
            s.discard().end());
  EXPECT_TRUE(sc.Paused());
}

TEST(Exiles, Card_Saboteurs_MayDecline) {
  Scenario sc = Table();
  State& s = sc.s();
  s.SetCurrent(0, kPhaseBirdsong);
  sc.Craft(0, "Saboteurs");
  sc.Craft(1, "Tunnels");
  sc.Start([](State& s) { ExilesBirdsongStart(s, 0); });
  sc.Choose("Done");
  EXPECT_EQ(s.seat(0).play_area.size(), 1u);
  EXPECT_EQ(s.seat(1).play_area.size(), 1u);
}

// "Whenever any warriors would return to a supply, place them on this card
// instead. At the start of Birdsong, you score one point per five warriors
// here, then return all warriors here to their supplies."
TEST(Exiles, Card_CoffinMakers_KeepsRemovedWarriorsAndScoresPerFive) {
  Scenario sc = Table();
  State& s = sc.s();
  sc.Craft(0, "Coffin Makers");
  s.SetWarriors(kEyrie, C(5), 7);
  s.SetWarriors(kMarquise, C(1), 4);
  const int eyrie_supply = s.warrior_supply(kEyrie);
  const int cat_supply = s.warrior_supply(kMarquise);
  s.RemoveWarriors(kEyrie, C(5), 7, kMarquise);
  s.RemoveWarriors(kMarquise, C(1), 4, kEyrie);  // the owner's own too
  EXPECT_EQ(s.exiles().coffins[kEyrie], 7);
  EXPECT_EQ(s.exiles().coffins[kMarquise], 4);
  EXPECT_EQ(s.warrior_supply(kEyrie), eyrie_supply);
  EXPECT_EQ(s.warrior_supply(kMarquise), cat_supply);
  EXPECT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
  // Public: every seat sees the warriors on the card.
  EXPECT_EQ(Observe(s, 1).exiles.coffins[kEyrie], 7);
  s.SetCurrent(1, kPhaseBirdsong);
  sc.Start([](State& s) { ExilesBirdsongStart(s, 1); });
  EXPECT_EQ(s.exiles().coffins[kEyrie], 7) << "only the owner's Birdsong";
  s.SetCurrent(0, kPhaseBirdsong);
  sc.Start([](State& s) { ExilesBirdsongStart(s, 0); });
  EXPECT_EQ(s.seat(0).vp, 2);  // 11 warriors: two fives
  EXPECT_EQ(s.exiles().coffins[kEyrie], 0);
  EXPECT_EQ(s.warrior_supply(kEyrie), eyrie_supply + 7);
  EXPECT_EQ(s.warrior_supply(kMarquise), cat_supply + 4);
}

TEST(Exiles, Card_CoffinMakers_StateIsHashed) {
  Scenario sc = Table();
  State& s = sc.s();
  sc.Craft(0, "Coffin Makers");
  s.SetWarriors(kEyrie, C(5), 2);
  State other = s;
  s.RemoveWarriors(kEyrie, C(5), 1, kMarquise);
  other.RemoveWarriors(kEyrie, C(5), 1, kMarquise);
  EXPECT_EQ(s.Hash(), other.Hash());
  other.mutable_exiles().coffins[kEyrie] = 0;
  other.SetWarriorSupply(kEyrie, other.warrior_supply(kEyrie) + 1);
  EXPECT_NE(s.Hash(), other.Hash());
}

// "Your tokens now count towards rule, and each of your tokens counts
// twice."
TEST(Exiles, Card_SoupKitchens_TokensCountTwiceTowardRule) {
  Scenario sc = Table();
  State& s = sc.s();
  s.SetPieces(kWood, C(5), 2);
  s.SetWarriors(kEyrie, C(5), 3);
  EXPECT_EQ(s.Presence(kMarquise, C(5)), 0);
  EXPECT_EQ(s.Ruler(C(5)), kEyrie);
  sc.Craft(0, "Soup Kitchens");
  EXPECT_EQ(s.Presence(kMarquise, C(5)), 4);
  EXPECT_EQ(s.Ruler(C(5)), kMarquise);
  s.SetWarriors(kEyrie, C(5), 4);  // a tie: the Eyrie rule ties (7.2.2)
  EXPECT_EQ(s.Ruler(C(5)), kEyrie);
}

// Soup Kitchens is read from a cached flag (not a scan of the play areas on
// every rule check); the invariant check catches a stale flag.
TEST(Exiles, Card_SoupKitchens_CachedFlagFollowsThePlayArea) {
  Scenario sc = Table();
  State& s = sc.s();
  s.SetPieces(kWood, C(5), 1);
  EXPECT_EQ(s.soup_kitchens_faction(), kNoFaction);
  const CardId soup = sc.Craft(1, "Soup Kitchens");
  EXPECT_EQ(s.soup_kitchens_faction(), kEyrie);
  EXPECT_EQ(s.Presence(kMarquise, C(5)), 0);  // the Eyrie's card
  EXPECT_TRUE(s.CheckInvariants().ok());
  auto& pa = s.mutable_seat(1).play_area;
  pa.erase(std::find(pa.begin(), pa.end(), soup));
  s.mutable_seat(0).play_area.push_back(soup);
  EXPECT_FALSE(s.CheckInvariants().ok()) << "a stale flag is caught";
  s.RefreshPlayAreas();
  EXPECT_TRUE(s.CheckInvariants().ok());
  EXPECT_EQ(s.Presence(kMarquise, C(5)), 2);
}

// Issue 12 (speed): which effects each seat has in play is a kept mask, not
// a scan of the play areas; it follows crafting and discarding, and the
// invariant check catches a play area changed without RefreshPlayAreas.
TEST(Exiles, Issue12_EffectsInPlayMaskFollowsThePlayAreas) {
  Scenario sc = Table();
  State& s = sc.s();
  EXPECT_FALSE(s.HasEffect(0, kTunnels));
  EXPECT_EQ(s.FindEffect(0, kTunnels), kNoCard);
  const CardId tunnels = sc.Craft(0, "Tunnels");
  const CardId planners = sc.Craft(0, "Corvid Planners");
  EXPECT_TRUE(s.HasEffect(0, kTunnels));
  EXPECT_TRUE(s.HasEffect(0, kCorvidPlanners));
  EXPECT_FALSE(s.HasEffect(1, kTunnels)) << "seat 0's cards only";
  EXPECT_EQ(s.FindEffect(0, kTunnels), tunnels);
  EXPECT_EQ(s.FindEffect(0, kCorvidPlanners), planners);
  EXPECT_TRUE(s.CheckInvariants().ok());
  auto& pa = s.mutable_seat(0).play_area;
  pa.erase(std::find(pa.begin(), pa.end(), tunnels));
  s.mutable_seat(1).play_area.push_back(tunnels);
  EXPECT_FALSE(s.CheckInvariants().ok()) << "a stale mask is caught";
  s.RefreshPlayAreas();
  EXPECT_TRUE(s.CheckInvariants().ok());
  EXPECT_FALSE(s.HasEffect(0, kTunnels));
  EXPECT_TRUE(s.HasEffect(0, kCorvidPlanners));
  EXPECT_TRUE(s.HasEffect(1, kTunnels));
  EXPECT_EQ(s.FindEffect(1, kTunnels), tunnels);
}

// "You treat rivers as paths."
TEST(Exiles, Card_BoatBuilders_RiversArePaths) {
  Scenario sc = Table();
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(5), 2);
  EXPECT_FALSE(HasMove(s, kMarquise, C(5), C(10)));
  sc.Craft(0, "Boat Builders");
  EXPECT_TRUE(HasMove(s, kMarquise, C(5), C(10)));
  EXPECT_TRUE(HasMove(s, kMarquise, C(5), C(1)));  // paths stay
  EXPECT_FALSE(HasMove(s, kEyrie, C(5), C(10)));
}

// "While moving, you ignore rule."
TEST(Exiles, Card_CorvidPlanners_MovesIgnoreRule) {
  Scenario sc = Table();
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(1), 1);
  s.SetWarriors(kEyrie, C(1), 2);
  s.SetWarriors(kEyrie, C(5), 2);
  EXPECT_FALSE(HasMove(s, kMarquise, C(1), C(5)));
  sc.Craft(0, "Corvid Planners");
  EXPECT_TRUE(HasMove(s, kMarquise, C(1), C(5)));
  EXPECT_FALSE(HasMove(s, kMarquise, C(1), C(3))) << "still along paths";
}

// "You treat clearings with any of your crafting pieces as adjacent."
TEST(Exiles, Card_Tunnels_CraftingPieceClearingsAreAdjacent) {
  Scenario sc = Table();
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(1), 2);
  s.SetPieces(kWorkshop, C(1), 1);
  s.SetPieces(kWorkshop, C(3), 1);
  s.SetPieces(kSawmill, C(4), 1);
  EXPECT_FALSE(HasMove(s, kMarquise, C(1), C(3)));
  sc.Craft(0, "Tunnels");
  EXPECT_TRUE(HasMove(s, kMarquise, C(1), C(3)));
  EXPECT_FALSE(HasMove(s, kMarquise, C(1), C(4))) << "a sawmill crafts not";
}

// Law 11.2.1: the Riverfolk craft with funds and "have no crafting pieces",
// so Tunnels link none of their clearings (trade posts are not crafting
// pieces).
TEST(Exiles, Law_11_2_1_TunnelsLinkNoRiverfolkClearings) {
  Scenario sc(ExilesSetup({kMarquise, kRiverfolk}), 7);
  State& s = sc.s();
  s.SetWarriors(kRiverfolk, C(1), 2);
  s.SetPieces(kTradePostFox, C(1), 1);
  s.SetPieces(kTradePostFox, C(3), 1);
  ASSERT_FALSE(HasMove(s, kRiverfolk, C(1), C(3)));
  sc.Craft(1, "Tunnels");
  EXPECT_FALSE(HasMove(s, kRiverfolk, C(1), C(3)));
}

void CraftAnvil(Scenario& sc) {
  State& s = sc.s();
  s.SetPieces(kWorkshop, C(1), 1);  // a fox crafting piece
  sc.Give(0, "Anvil");              // fox: hammer, 2 VP
  sc.Start([](State& s) { PushCraft(s, 0); });
  sc.Choose("Anvil (fox)");
}

// "Whenever you craft an item, score one extra point."
TEST(Exiles, Card_MasterEngravers_OneExtraPointPerItemCrafted) {
  Scenario sc = Table();
  sc.Craft(0, "Master Engravers");
  CraftAnvil(sc);
  EXPECT_EQ(sc.s().seat(0).vp, 2 + 1);
  EXPECT_EQ(sc.s().seat(0).items[kHammer], 1);
}

// "Whenever another player crafts an item, draw a card."
TEST(Exiles, Card_MurineBroker_DrawsWhenAnotherPlayerCraftsAnItem) {
  Scenario sc = Table();
  sc.Craft(1, "Murine Broker");
  const size_t before = sc.s().seat(1).hand.size();
  CraftAnvil(sc);
  EXPECT_EQ(sc.s().seat(1).hand.size(), before + 1);
}

TEST(Exiles, Card_MurineBroker_NotForOwnCrafting) {
  Scenario sc = Table();
  sc.Craft(0, "Murine Broker");
  CraftAnvil(sc);
  EXPECT_TRUE(sc.s().seat(0).hand.empty());
}

// "In battle in fox clearings, may deal one extra hit, then discard all your
// cards except foxes."
TEST(Exiles, Card_FoxPartisans_ExtraHitThenDiscardAllButFoxes) {
  Scenario sc = Table();
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(1), 3);
  s.SetWarriors(kEyrie, C(1), 3);
  const CardId partisans = sc.Craft(0, "Fox Partisans");
  const CardId fox = sc.Give(0, "Anvil");
  sc.Give(0, "Bake Sale");    // rabbit
  sc.Give(0, "Arms Trader");  // bird: Law 2.1.1.I
  sc.Dice({0, 0});
  sc.Start([](State& s) { PushBattle(s, C(1), kMarquise, kEyrie); });
  sc.Choose("Fox Partisans (fox)");
  EXPECT_EQ(s.seat(0).hand, std::vector<CardId>{fox});
  while (!sc.Paused()) sc.Choose("Done");
  EXPECT_EQ(s.clearing(C(1)).warriors[kEyrie], 3 - 1);
  EXPECT_EQ(s.clearing(C(1)).warriors[kMarquise], 3);
  EXPECT_EQ(s.seat(0).play_area, std::vector<CardId>{partisans});
}

TEST(Exiles, Card_RabbitPartisans_DefenderToo_OnlyInRabbitClearings) {
  Scenario sc = Table();
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(5), 3);
  s.SetWarriors(kEyrie, C(5), 3);
  s.SetWarriors(kMarquise, C(1), 3);
  s.SetWarriors(kEyrie, C(1), 3);
  sc.Craft(1, "Rabbit Partisans");
  sc.Dice({0, 0, 0, 0});
  sc.Start([](State& s) { PushBattle(s, C(1), kMarquise, kEyrie); });
  EXPECT_TRUE(sc.Paused()) << "no rabbit partisans in a fox clearing";
  sc.Start([](State& s) { PushBattle(s, C(5), kMarquise, kEyrie); });
  sc.Choose("Rabbit Partisans (rabbit)");
  while (!sc.Paused()) sc.Choose("Done");
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 3 - 1);
}

TEST(Exiles, Card_MousePartisans_OncePerBattle) {
  Scenario sc = Table();
  State& s = sc.s();
  s.SetWarriors(kMarquise, C(9), 3);
  s.SetWarriors(kEyrie, C(9), 3);
  sc.Craft(0, "Mouse Partisans");
  sc.Dice({0, 0});
  sc.Start([](State& s) { PushBattle(s, C(9), kMarquise, kEyrie); });
  sc.Choose("Mouse Partisans (mouse)");
  EXPECT_FALSE(sc.Offers("Mouse Partisans (mouse)"));
}

// The Lost City's clearing is every suit (Law 10.2.1 names it; landmarks.h):
// a battle there is "in mouse clearings" for the Mouse Partisans whatever
// suit the map prints under it.
TEST(Exiles, Law_20_8_1_PartisansInTheLostCityOfAnySuit) {
  Scenario sc = Table();
  State& s = sc.s();
  SetUpLandmark(s, kLandmarkLostCity, C(10));
  ASSERT_NE(s.SuitOf(C(10)), kMouse);
  s.SetWarriors(kMarquise, C(10), 3);
  s.SetWarriors(kEyrie, C(10), 3);
  sc.Craft(0, "Mouse Partisans");
  sc.Dice({0, 0});
  sc.Start([](State& s) { PushBattle(s, C(10), kMarquise, kEyrie); });
  EXPECT_TRUE(sc.Offers("Mouse Partisans (mouse)"));
}

// One Partisans card per seat per battle (docs/rules-decisions.md): in the
// Lost City, where a Fox and a Mouse Partisans both match, the second is not
// offered once the first is used.
TEST(Exiles, Law_20_8_1_OnePartisansPerSeatPerBattleInTheLostCity) {
  Scenario sc = Table();
  State& s = sc.s();
  SetUpLandmark(s, kLandmarkLostCity, C(10));
  s.SetWarriors(kMarquise, C(10), 3);
  s.SetWarriors(kEyrie, C(10), 3);
  sc.Craft(0, "Mouse Partisans");
  sc.Craft(0, "Fox Partisans");
  sc.Dice({0, 0});
  sc.Start([](State& s) { PushBattle(s, C(10), kMarquise, kEyrie); });
  ASSERT_TRUE(sc.Offers("Fox Partisans (fox)"));
  ASSERT_TRUE(sc.Offers("Mouse Partisans (mouse)"));
  sc.Choose("Fox Partisans (fox)");
  EXPECT_FALSE(sc.Offers("Mouse Partisans (mouse)"));
}

// "In Evening, if you would draw cards, you may instead take one ambush card
// from the discard pile."
TEST(Exiles, Card_Informants_TakeAnAmbushInsteadOfDrawing) {
  Scenario sc = Table();
  State& s = sc.s();
  s.SetCurrent(0, kPhaseEvening);
  sc.Craft(0, "Informants");
  const CardId ambush = sc.Card("Ambush!", kBird);
  s.GiveCard(1, ambush);
  s.RemoveFromHand(1, ambush);
  s.Discard(ambush);
  sc.Start([](State& s) { s.DrawCards(0, 2); });
  EXPECT_EQ(sc.Key(), "card.informants");
  sc.Choose("Ambush! (bird)");
  EXPECT_EQ(s.seat(0).hand, std::vector<CardId>{ambush});
  EXPECT_TRUE(s.discard().empty());
}

TEST(Exiles, Card_Informants_MayStillDraw_NotOutsideEvening) {
  Scenario sc = Table();
  State& s = sc.s();
  sc.Craft(0, "Informants");
  const CardId ambush = sc.Card("Ambush!", kBird);
  s.GiveCard(1, ambush);
  s.RemoveFromHand(1, ambush);
  s.Discard(ambush);
  s.SetCurrent(0, kPhaseDaylight);
  sc.Start([](State& s) { s.DrawCards(0, 1); });
  EXPECT_TRUE(sc.Paused());
  EXPECT_EQ(s.seat(0).hand.size(), 1u);
  s.SetCurrent(0, kPhaseEvening);
  sc.Start([](State& s) { s.DrawCards(0, 2); });
  sc.Choose("Done");
  EXPECT_EQ(s.seat(0).hand.size(), 1u + 2u);
}

// The hand limit follows the Informants decision (Law 6.6, any faction).
TEST(Exiles, Card_Informants_BeforeTheHandLimit) {
  Scenario sc = Table();
  State& s = sc.s();
  s.SetCurrent(0, kPhaseEvening);
  sc.Craft(0, "Informants");
  const CardId ambush = sc.Card("Ambush!", kBird);
  s.GiveCard(1, ambush);
  s.RemoveFromHand(1, ambush);
  s.Discard(ambush);
  for (const char* name :
       {"Anvil", "Sword", "Bake Sale", "Investments", "Root Tea"}) {
    sc.Give(0, name);
  }
  sc.Start([](State& s) { GetFaction(kMarquise)->PushEvening(s, 0); });
  EXPECT_EQ(sc.Key(), "card.informants") << "asked before the discard";
  sc.Choose("Ambush! (bird)");
  EXPECT_EQ(sc.Key(), "discard.hand_limit");
  EXPECT_EQ(s.seat(0).hand.size(), 6u);
}

// "Once in Daylight, may spend a card to remove an enemy warrior from a
// matching clearing and place a warrior there."
TEST(Exiles, Card_PropagandaBureau_ReplacesAnEnemyWarrior) {
  Scenario sc = Table();
  State& s = sc.s();
  sc.Craft(0, "Propaganda Bureau");
  s.SetWarriors(kEyrie, C(1), 2);
  s.SetWarriors(kEyrie, C(8), 1);
  s.SetWarriors(kEyrie, C(9), 1);  // mouse: no mouse card in hand
  const CardId fox = sc.Give(0, "Anvil");
  sc.Give(0, "Foxfolk Steel");
  sc.Give(0, "Bake Sale");  // rabbit
  sc.Start([](State& s) { PushCraft(s, 0); });
  sc.Choose("Use Propaganda Bureau");
  EXPECT_EQ(sc.Key(), "card.propaganda_bureau");
  EXPECT_EQ(s.PromptLaw(), "20.8.1");
  EXPECT_EQ(sc.Labels(), (std::vector<std::string>{"1 (fox)", "8 (fox)"}));
  sc.Choose("1 (fox)");
  EXPECT_FALSE(sc.Offers("Bake Sale (rabbit)"));
  sc.Choose("Anvil (fox)");
  EXPECT_EQ(s.clearing(C(1)).warriors[kEyrie], 1);
  EXPECT_EQ(s.clearing(C(1)).warriors[kMarquise], 1);
  EXPECT_EQ(s.discard().back(), fox);
  EXPECT_FALSE(sc.Offers("Use Propaganda Bureau")) << "once in Daylight";
}

// Law 14.2.2: the Hundreds' warlord waiting in the supply is placed only by
// setup and Anoint, so it cannot be the warrior the Bureau places; with no
// other warrior in the supply the card is not offered (it would remove the
// enemy warrior and place none).
TEST(Exiles, Law_14_2_2_PropagandaBureauCannotPlaceTheWarlord) {
  Scenario sc(ExilesSetup({kHundreds, kMarquise}), 7);
  State& s = sc.s();
  sc.Craft(0, "Propaganda Bureau");
  s.mutable_hundreds().warlord = -1;
  s.SetWarriorSupply(kHundreds, 1);  // the warlord alone
  s.SetWarriors(kMarquise, C(1), 1);
  sc.Give(0, "Anvil");  // fox, matches 1
  std::vector<Option> opts;
  AppendExilesDaylight(s, 0, opts);
  EXPECT_TRUE(opts.empty());
  s.SetWarriorSupply(kHundreds, 2);
  opts.clear();
  AppendExilesDaylight(s, 0, opts);
  EXPECT_EQ(opts.size(), 1u) << "one regular warrior besides the warlord";
}

// In the Lost City any suit matches: a card of a suit the map does not print
// there pays for the Bureau (Law 10.2.1; the Lost City's card).
TEST(Exiles, Law_20_8_1_PropagandaBureauInTheLostCityTakesAnySuit) {
  Scenario sc = Table();
  State& s = sc.s();
  SetUpLandmark(s, kLandmarkLostCity, C(10));
  ASSERT_NE(s.SuitOf(C(10)), kMouse);
  sc.Craft(0, "Propaganda Bureau");
  s.SetWarriors(kEyrie, C(10), 1);
  const CardId mouse = sc.Give(0, "Investments");  // mouse
  sc.Start([](State& s) { PushCraft(s, 0); });
  ASSERT_TRUE(sc.Offers("Use Propaganda Bureau"));
  sc.Choose("Use Propaganda Bureau");  // one clearing, one card: no asking
  EXPECT_EQ(s.clearing(C(10)).warriors[kEyrie], 0);
  EXPECT_EQ(s.clearing(C(10)).warriors[kMarquise], 1);
  EXPECT_EQ(s.discard().back(), mouse);
}

// "Once in Daylight, may exhaust an item in your Crafted Items box to take a
// move or initiate battle."
TEST(Exiles, Card_LeagueOfAdventurousMice_ExhaustAnItemToMoveOrBattle) {
  Scenario sc = Table();
  State& s = sc.s();
  sc.Craft(0, "League of Adventurous Mice");
  s.mutable_item_supply()[kBoot] -= 1;
  s.mutable_seat(0).items[kBoot] = 1;
  s.SetWarriors(kMarquise, C(1), 2);
  s.SetWarriors(kEyrie, C(1), 1);
  sc.Start([](State& s) { PushCraft(s, 0); });
  sc.Choose("Use League of Adventurous Mice");
  EXPECT_EQ(sc.Key(), "card.league_of_adventurous_mice");  // boot: only item
  EXPECT_EQ(s.exiles().exhausted[0][kBoot], 1);
  EXPECT_TRUE(sc.Offers("Battle Eyrie Dynasties in 1 (fox)"));
  sc.Choose("Move from 1 (fox) to 5 (rabbit)");
  sc.Choose("Move 2 warriors from 1 (fox) to 5 (rabbit)");
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 2);
  EXPECT_FALSE(sc.Offers("Use League of Adventurous Mice"));
  // No face-up item: not offered on a later turn until refreshed.
  s.mutable_seat(0).used_effects = 0;
  EXPECT_FALSE(sc.Offers("Use League of Adventurous Mice"));
  ExilesBirdsongStart(s, 0);
  EXPECT_EQ(s.exiles().exhausted[0][kBoot], 0);
}

// "At start of Evening, may draw a card and choose another player to score
// one point."
TEST(Exiles, Card_CharmOffensive_DrawAndAnotherPlayerScores) {
  Scenario sc = Table();
  State& s = sc.s();
  s.SetCurrent(0, kPhaseEvening);
  sc.Craft(0, "Charm Offensive");
  sc.Start([](State& s) { ExilesEveningStart(s, 0); });
  EXPECT_EQ(sc.Key(), "card.charm_offensive");
  EXPECT_TRUE(sc.Offers("Done"));
  sc.Choose("Eyrie Dynasties");
  EXPECT_EQ(s.seat(1).vp, 1);
  EXPECT_EQ(s.seat(0).vp, 0);
  EXPECT_EQ(s.seat(0).hand.size(), 1u);
}

// "Once in Birdsong, may take a random card from another player and then
// give them a card."
TEST(Exiles, Card_SwapMeet_TakeRandomThenGiveOnce) {
  Scenario sc = Table();
  State& s = sc.s();
  s.SetCurrent(0, kPhaseBirdsong);
  sc.Craft(0, "Swap Meet");
  const CardId theirs = sc.Give(1, "Sword");
  const CardId mine = sc.Give(0, "Anvil");
  sc.Start(
      [](State& s) { s.Push(Task{.kind = kTaskBirdsongCards, .seat = 0}); });
  sc.Choose("Swap Meet: Eyrie Dynasties");
  EXPECT_EQ(sc.Key(), "card.swap_meet");
  EXPECT_EQ(s.seat(0).hand.size(), 2u);
  sc.Choose("Anvil (fox)");
  EXPECT_EQ(s.seat(1).hand, std::vector<CardId>{mine});
  EXPECT_EQ(s.seat(0).hand, std::vector<CardId>{theirs});
  EXPECT_TRUE(sc.Paused()) << "once in Birdsong";
}

// Errata: "In Birdsong, may discard this card to force an enemy to move half
// their faction warriors (round up) from a clearing you choose to a clearing
// you choose, ignoring rule."
TEST(Exiles, Card_FalseOrders_MovesHalfRoundedUpAndIsDiscarded) {
  Scenario sc = Table();
  State& s = sc.s();
  s.SetCurrent(0, kPhaseBirdsong);
  const CardId orders = sc.Craft(0, "False Orders");
  s.SetWarriors(kEyrie, C(1), 3);
  s.SetWarriors(kMarquise, C(5), 4);  // the Eyrie rule neither end
  sc.Start(
      [](State& s) { s.Push(Task{.kind = kTaskBirdsongCards, .seat = 0}); });
  sc.Choose("False Orders (fox)");
  EXPECT_EQ(sc.Key(), "card.false_orders");  // the Eyrie: the only enemy
  sc.Choose("Move from 1 (fox) to 5 (rabbit)");
  EXPECT_EQ(s.clearing(C(1)).warriors[kEyrie], 1);
  EXPECT_EQ(s.clearing(C(5)).warriors[kEyrie], 2);
  EXPECT_TRUE(s.seat(0).play_area.empty());
  EXPECT_EQ(s.discard().back(), orders);
}

// Law 14.2.2: the warlord cannot be moved outside the Hundreds' turn, so a
// lone warlord is no origin for False Orders (as for the Vagabond's allies);
// with only it on the map the card is not offered at all.
TEST(Exiles, Law_14_2_2_FalseOrdersCannotMoveALoneWarlord) {
  Scenario sc(ExilesSetup({kMarquise, kHundreds}), 7);
  State& s = sc.s();
  s.SetCurrent(0, kPhaseBirdsong);
  sc.Craft(0, "False Orders");
  s.SetWarriors(kHundreds, C(5), 1);
  s.mutable_hundreds().warlord = static_cast<int8_t>(C(5));
  std::vector<Option> opts;
  AppendExilesBirdsong(s, 0, opts);
  EXPECT_TRUE(opts.empty()) << "nothing the Hundreds could be forced to move";
  s.SetWarriors(kHundreds, C(9), 2);
  sc.Start(
      [](State& s) { s.Push(Task{.kind = kTaskBirdsongCards, .seat = 0}); });
  sc.Choose("False Orders (fox)");
  for (const std::string& l : sc.Labels()) {
    EXPECT_EQ(l.rfind("Move from 9 (mouse)", 0), 0u) << l;
  }
}

// "At the end of Birdsong, take a move, then initiate a battle in the
// clearing you moved into. If you did not take both actions, discard this
// card."
TEST(Exiles, Card_EyrieEmigre_MoveThenBattleThere) {
  Scenario sc = Table();
  State& s = sc.s();
  s.SetCurrent(0, kPhaseBirdsong);
  sc.Craft(0, "Eyrie Emigre");
  s.SetWarriors(kMarquise, C(1), 3);
  s.SetWarriors(kEyrie, C(5), 1);
  s.SetWarriors(kEyrie, C(1), 1);
  sc.Dice({3, 3});
  sc.Start([](State& s) { ExilesBirdsongEnd(s, 0); });
  EXPECT_EQ(sc.Key(), "card.eyrie_emigre.move");
  EXPECT_FALSE(sc.Offers("Done")) << "the move is not optional";
  sc.Choose("Move from 1 (fox) to 5 (rabbit)");
  sc.Choose("Move 2 warriors from 1 (fox) to 5 (rabbit)");
  // The only battle there is taken at once: 3 rolled hits capped at 2
  // warriors and at 1 (Law 4.3.3.I).
  EXPECT_TRUE(sc.Paused());
  EXPECT_EQ(s.clearing(C(5)).warriors[kEyrie], 0);
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 1);
  EXPECT_EQ(s.clearing(C(1)).warriors[kEyrie], 1) << "no battle elsewhere";
  EXPECT_EQ(s.seat(0).play_area.size(), 1u) << "kept: both actions taken";
}

TEST(Exiles, Card_EyrieEmigre_DiscardedWithoutABattle) {
  Scenario sc = Table();
  State& s = sc.s();
  s.SetCurrent(0, kPhaseBirdsong);
  const CardId emigre = sc.Craft(0, "Eyrie Emigre");
  s.SetWarriors(kMarquise, C(1), 3);
  sc.Start([](State& s) { ExilesBirdsongEnd(s, 0); });
  sc.Choose("Move from 1 (fox) to 9 (mouse)");
  sc.Choose("Move 1 warrior from 1 (fox) to 9 (mouse)");
  EXPECT_TRUE(sc.Paused());
  EXPECT_TRUE(s.seat(0).play_area.empty());
  EXPECT_EQ(s.discard().back(), emigre);
}

}  // namespace
}  // namespace woodland::rules::testing
