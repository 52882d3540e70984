// The heuristic's decisions that have a Law-based reason (issue 17 item 5),
// each on a hand-made request: the prompt, the options and just enough of
// the seat's observation to make the reason visible. The policy sees only
// the request, so a request is a complete scenario.
#include <google/protobuf/text_format.h>

#include <string>

#include "bots/heuristic/policy.h"
#include "gtest/gtest.h"
#include "tests/bots/policy_request.h"

namespace woodland::bots {
namespace {

// Law 11.2.6 / 11.4.2: what a buyer pays becomes the Riverfolk's funds,
// which score at their Birdsong while a trade post stands.
TEST(HeuristicPolicy, Law_11_4_2_NeverFeedsTheRiverfolkFunds) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_MARQUISE
    prompt { kind: "riverfolk.buy_service" }
    options {
      label: "Root Tea (mouse)"
      card { name: "Root Tea" suit: SUIT_MOUSE }
    }
    options {
      label: "Brutal Tactics (bird)"
      card { name: "Brutal Tactics" suit: SUIT_BIRD }
    }
    options {
      label: "Mercenaries for 1"
      action { code: 1 }
    }
    options {
      label: "Done"
      done {}
    }
    observation {
      seats { seat: 0 faction: FACTION_MARQUISE victory_points: 3 }
      seats { seat: 1 faction: FACTION_RIVERFOLK victory_points: 0 }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Done");
}

// Law 3.3.3: a dominance card given or spent becomes available to every
// player; the Vagabond aids with another card of the suit.
TEST(HeuristicPolicy, Law_3_3_3_KeepsDominanceCardsOutOfOpponentsHands) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_VAGABOND
    prompt { kind: "vagabond.aid.card" }
    options {
      label: "Dominance (fox)"
      card { name: "Dominance" suit: SUIT_FOX }
    }
    options {
      label: "Tax Collector (fox)"
      card { name: "Tax Collector" suit: SUIT_FOX }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Tax Collector (fox)");
}

// Law 3.3.1.I with 9.5.6: the Eyrie, with fox dominance activated, rules
// fox clearing 5 by a single warrior; the Vagabond standing there strikes it
// (the clearing falls out of the Eyrie's rule) rather than move on to the
// ruin next door (9.5.3), which it does when nobody threatens to win.
TEST(HeuristicPolicy, Law_3_3_1_VagabondStrikesTheDominanceClearing) {
  const std::string common = R"pb(
    seat: 0
    faction: FACTION_VAGABOND
    prompt { kind: "vagabond.action" }
    options {
      label: "Move (boot)"
      action { code: 1 }
    }
    options {
      label: "Strike (crossbow)"
      action { code: 2 }
    }
    options {
      label: "Done"
      done {}
    }
    observation { clearings {
      id: 5
      suit: SUIT_FOX
      slots: 2
      adjacent: 1
      warriors { faction: FACTION_EYRIE count: 1 }
      ruler: FACTION_EYRIE
    }
                  clearings { id: 1 suit: SUIT_FOX slots: 1 adjacent: 5 }
                  seats { seat: 0 faction: FACTION_VAGABOND victory_points: 12 }
  )pb";
  const std::string vagabond = R"pb(
    vagabonds {
      faction: FACTION_VAGABOND
      clearing: 5
      items { item: "boot" }
      items { item: "crossbow" }
      items { item: "torch" }
      ruins_with_items: 1
    }
  )pb";
  const auto threat = Parse(common + vagabond + R"pb(
      seats { seat: 1 faction: FACTION_EYRIE victory_points: 0
              dominance { name: "Dominance" suit: SUIT_FOX } }
    }
  )pb");
  EXPECT_EQ(Pick(threat), "Strike (crossbow)");
  // Without the activated dominance card it goes exploring.
  const auto quiet = Parse(common + vagabond + R"pb(
      seats { seat: 1 faction: FACTION_EYRIE victory_points: 0 }
    }
  )pb");
  EXPECT_EQ(Pick(quiet), "Move (boot)");
}

// Law 15.5.2.II.b / III.c: every clearing the Keepers rule counts toward
// the discard checks of delving and recovering, so a move takes an empty
// clearing rather than join warriors already there.
TEST(HeuristicPolicy, Law_15_5_2_KeepersSpreadIntoClearingsTheyWouldRule) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_KEEPERS
    prompt { kind: "move" }
    options {
      label: "Move from 2 (mouse) to 6 (fox)"
      move { from_clearing: 2 to_clearing: 6 }
    }
    options {
      label: "Move from 2 (mouse) to 5 (rabbit)"
      move { from_clearing: 2 to_clearing: 5 }
    }
    observation {
      clearings {
        id: 2
        suit: SUIT_MOUSE
        slots: 2
        adjacent: [ 5, 6 ]
        warriors { faction: FACTION_KEEPERS count: 3 }
        ruler: FACTION_KEEPERS
      }
      clearings { id: 5 suit: SUIT_RABBIT slots: 2 adjacent: 2 }
      clearings {
        id: 6
        suit: SUIT_FOX
        slots: 2
        adjacent: 2
        warriors { faction: FACTION_KEEPERS count: 2 }
        ruler: FACTION_KEEPERS
      }
      seats { seat: 0 faction: FACTION_KEEPERS }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Move from 2 (mouse) to 5 (rabbit)");
}

// Law 6.2.2 / 6.3.4: only the Marquise may place pieces in the keep's
// clearing, the safest place for a starting building.
TEST(HeuristicPolicy, Law_6_3_4_MarquiseBuildsFirstInTheKeepClearing) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_MARQUISE
    prompt { kind: "marquise.setup.building" }
    options {
      label: "3 (rabbit)"
      clearing { clearing: 3 }
    }
    options {
      label: "7 (mouse)"
      clearing { clearing: 7 }
    }
    observation {
      clearings {
        id: 3
        suit: SUIT_RABBIT
        slots: 2
        warriors { faction: FACTION_MARQUISE count: 1 }
      }
      clearings {
        id: 7
        suit: SUIT_MOUSE
        slots: 2
        warriors { faction: FACTION_MARQUISE count: 1 }
      }
      marquise { keep_clearing: 3 }
    }
  )pb");
  EXPECT_EQ(Pick(r), "3 (rabbit)");
}

// Law 11.2.5.I: a removed trade post halves the Riverfolk's funds and, the
// last one gone, their dividends stop (11.4.2): the battle that takes the
// last post beats an even fight elsewhere.
TEST(HeuristicPolicy, Law_11_2_5_BattlesTheLastTradePost) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_MARQUISE
    prompt { kind: "battle" }
    options {
      label: "Battle Eyrie Dynasties in 1 (fox)"
      battle { clearing: 1 defender: FACTION_EYRIE }
    }
    options {
      label: "Battle Riverfolk Company in 9 (mouse)"
      battle { clearing: 9 defender: FACTION_RIVERFOLK }
    }
    observation {
      clearings {
        id: 1
        suit: SUIT_FOX
        slots: 1
        warriors { faction: FACTION_MARQUISE count: 3 }
        warriors { faction: FACTION_EYRIE count: 1 }
        pieces { piece: "roost" owner: FACTION_EYRIE count: 1 }
      }
      clearings {
        id: 9
        suit: SUIT_MOUSE
        slots: 2
        warriors { faction: FACTION_MARQUISE count: 3 }
        warriors { faction: FACTION_RIVERFOLK count: 1 }
        pieces { piece: "mouse trade post" owner: FACTION_RIVERFOLK count: 1 }
      }
      seats { seat: 0 faction: FACTION_MARQUISE victory_points: 10 }
      seats { seat: 1 faction: FACTION_RIVERFOLK victory_points: 12 }
      riverfolk { funds { faction: FACTION_RIVERFOLK count: 6 } }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Battle Riverfolk Company in 9 (mouse)");
}

// Law 3.3.1.I: the Duchy activates a dominance card once it rules three
// clearings of its suit (a win at its next Birdsong), not with one.
TEST(HeuristicPolicy, Law_3_3_1_DuchyActivatesDominanceItAlmostHolds) {
  const std::string head = R"pb(
    seat: 0
    faction: FACTION_DUCHY
    prompt { kind: "duchy.parliament" }
    options {
      label: "Activate Dominance (mouse)"
      extra {
        action: "activate_dominance"
        card { name: "Dominance" suit: SUIT_MOUSE }
      }
    }
    options {
      label: "Done"
      done {}
    }
    observation { seats { seat: 0 faction: FACTION_DUCHY victory_points: 14 }
                  clearings { id: 2 suit: SUIT_MOUSE ruler: FACTION_DUCHY }
  )pb";
  const auto three = Parse(head + R"pb(
      clearings { id: 6 suit: SUIT_MOUSE ruler: FACTION_DUCHY }
      clearings { id: 9 suit: SUIT_MOUSE ruler: FACTION_DUCHY }
    }
  )pb");
  EXPECT_EQ(Pick(three), "Activate Dominance (mouse)");
  const auto one = Parse(head + R"pb(
      clearings { id: 6 suit: SUIT_MOUSE ruler: FACTION_EYRIE }
      clearings { id: 9 suit: SUIT_FOX ruler: FACTION_DUCHY }
    }
  )pb");
  EXPECT_EQ(Pick(one), "Done");
}

// Law 3.3.1.I: with its dominance active the Duchy digs into a clearing of
// the dominance suit it does not rule yet, the third it needs.
TEST(HeuristicPolicy, Law_3_3_1_DuchyDigsTowardItsDominanceSuit) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_DUCHY
    prompt { kind: "duchy.dig_clearing" }
    options {
      label: "5 (fox)"
      clearing { clearing: 5 }
    }
    options {
      label: "9 (rabbit)"
      clearing { clearing: 9 }
    }
    observation {
      seats {
        seat: 0
        faction: FACTION_DUCHY
        dominance { name: "Dominance" suit: SUIT_RABBIT }
      }
      clearings { id: 5 suit: SUIT_FOX }
      clearings {
        id: 9
        suit: SUIT_RABBIT
        warriors { faction: FACTION_MARQUISE count: 1 }
        ruler: FACTION_MARQUISE
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "9 (rabbit)");
}

// Law 9.6.1: a Vagabond in a forest with damaged items rests there (ends
// its turn) instead of walking out with its last boot.
TEST(HeuristicPolicy, Law_9_6_1_VagabondRestsInAForestWhenDamaged) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_VAGABOND
    prompt { kind: "vagabond.action" }
    options {
      label: "Move (boot)"
      action { code: 1 }
    }
    options {
      label: "Done"
      done {}
    }
    observation {
      seats { seat: 0 faction: FACTION_VAGABOND }
      vagabonds {
        faction: FACTION_VAGABOND
        forest: 3
        items { item: "boot" }
        items { item: "sword" damaged: true }
        items { item: "torch" damaged: true }
        items { item: "hammer" damaged: true }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Done");
}

// Law 9.6.4: over the item limit the Vagabond removes a spare copy (a
// third boot) rather than its only torch or sword.
TEST(HeuristicPolicy, Law_9_6_4_VagabondRemovesItsSpareItem) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_VAGABOND
    prompt { kind: "vagabond.item_limit" }
    options {
      label: "torch"
      item { item: "torch" }
    }
    options {
      label: "sword"
      item { item: "sword" }
    }
    options {
      label: "boot"
      item { item: "boot" }
    }
    observation {
      seats { seat: 0 faction: FACTION_VAGABOND }
      vagabonds {
        faction: FACTION_VAGABOND
        clearing: 4
        items { item: "torch" }
        items { item: "sword" }
        items { item: "boot" }
        items { item: "boot" }
        items { item: "boot" }
        ruins_with_items: 1
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "boot");
}

// Law 9.7.3: with two Vagabonds a ruin may hold only "R" items this one
// already has; an exploration that scored no VP (9.5.3) marks the ruin, and
// the Vagabond does not spend another torch there.
TEST(HeuristicPolicy, Law_9_7_3_VagabondDoesNotReexploreARuinItCannotTake) {
  const std::string request = R"pb(
    seat: 0
    faction: FACTION_VAGABOND_SECOND
    prompt { kind: "vagabond.action" }
    options {
      label: "Explore the ruin (torch)"
      action { code: 3 }
    }
    options {
      label: "Done"
      done {}
    }
    observation {
      seats { seat: 0 faction: FACTION_VAGABOND_SECOND victory_points: 7 }
      clearings { id: 6 suit: SUIT_FOX adjacent: 2 }
      clearings { id: 2 suit: SUIT_MOUSE adjacent: 6 }
      vagabonds {
        faction: FACTION_VAGABOND_SECOND
        clearing: 6
        items { item: "torch" }
        items { item: "torch" }
        ruins_with_items: 6
      }
    }
  )pb";
  const auto r = Parse(request);
  HeuristicPolicy policy(1);
  EXPECT_EQ(r.options(policy.Choose(r)).label(), "Explore the ruin (torch)");
  // The next request: still 7 VP, so nothing was taken.
  EXPECT_EQ(r.options(policy.Choose(r)).label(), "Done");
  // A fresh policy (no exploration seen) still explores.
  HeuristicPolicy fresh(1);
  EXPECT_EQ(r.options(fresh.Choose(r)).label(), "Explore the ruin (torch)");
}

// Law 9.2.9.I: relationships are with non-Vagabond factions only, so the
// second Vagabond never hands a card to the first by aiding it.
TEST(HeuristicPolicy, Law_9_2_9_VagabondNeverAidsTheOtherVagabond) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_VAGABOND_SECOND
    prompt { kind: "vagabond.action" }
    options {
      label: "Aid"
      action { code: 4 }
    }
    options {
      label: "Done"
      done {}
    }
    observation {
      seats { seat: 0 faction: FACTION_VAGABOND_SECOND }
      seats { seat: 1 faction: FACTION_VAGABOND }
      hand { name: "Tax Collector" suit: SUIT_FOX }
      clearings {
        id: 12
        suit: SUIT_FOX
        pieces { piece: "pawn" owner: FACTION_VAGABOND count: 1 }
      }
      vagabonds {
        faction: FACTION_VAGABOND_SECOND
        clearing: 12
        items { item: "sword" }
        items { item: "boot" }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Done");
}

// --- Marquise plan (marquise_plan.cc) ---

// The Marquise chooses what to build (Law 6.5.4) with `vp` VP and the
// given buildings on the map (`counts`: "sawmills: 1 workshops: 1 ...").
v1::DecisionRequest BuildTypeRequest(int vp, const std::string& counts) {
  return Parse(R"pb(
                 seat: 0
                 faction: FACTION_MARQUISE
                 prompt { kind: "marquise.build.type" }
                 options {
                   label: "sawmill"
                   piece { piece: "sawmill" }
                 }
                 options {
                   label: "workshop"
                   piece { piece: "workshop" }
                 }
                 options {
                   label: "recruiter"
                   piece { piece: "recruiter" }
                 }
                 observation {
                   seats { seat: 0 faction: FACTION_MARQUISE victory_points:)pb" +
               std::to_string(vp) + " }\n marquise { " + counts + " } }");
}

// Law 6.4 / 6.5.4: wood comes only from sawmills, and every later building
// costs wood: with one sawmill on the map the second comes before the
// workshop's 2 VP.
TEST(HeuristicPolicy, Law_6_5_4_MarquiseBuildsSawmillsFirst) {
  EXPECT_EQ(Pick(BuildTypeRequest(2, "sawmills: 1 workshops: 1 recruiters: 1")),
            "sawmill");
}

// Law 6.5.3 / 6.5.4: every recruiter adds a warrior at each Recruit; with
// three sawmills on the map the next building is a recruiter (not the
// fourth sawmill's 3 VP for three wood, nor a workshop).
TEST(HeuristicPolicy, Law_6_5_3_MarquiseBuildsRecruitersForWarriors) {
  EXPECT_EQ(Pick(BuildTypeRequest(8, "sawmills: 3 workshops: 1 recruiters: 1")),
            "recruiter");
}

// Law 6.5.5: Overwork turns a card into wood at a sawmill; with no wood on
// the map and actions left it comes before a Recruit, so a Build can follow.
TEST(HeuristicPolicy, Law_6_5_5_MarquiseOverworksWhenWoodIsShort) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_MARQUISE
    prompt {
      kind: "marquise.action"
      text: "Daylight: choose an action (3 left), or end Daylight."
    }
    options {
      label: "Recruit (a warrior at each recruiter)"
      action { code: 2 }
    }
    options {
      label: "Overwork"
      action { code: 4 }
    }
    options {
      label: "Done"
      done {}
    }
    observation {
      clearings {
        id: 1
        suit: SUIT_FOX
        slots: 2
        warriors { faction: FACTION_MARQUISE count: 1 }
        pieces { piece: "sawmill" owner: FACTION_MARQUISE count: 1 }
      }
      marquise { sawmills: 2 workshops: 1 recruiters: 1 }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Overwork");
}

// Law 6.2.3: Field Hospitals costs a card per batch of removed warriors;
// even a single warrior is worth a (non-bird) card.
TEST(HeuristicPolicy, Law_6_2_3_FieldHospitalsSaveEvenOneWarrior) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_MARQUISE
    prompt {
      kind: "marquise.field_hospitals"
      text: "1 of your warriors were removed from 5 (rabbit): spend a matching card to return them to the keep?"
    }
    options {
      label: "Favor of the Rabbits (rabbit)"
      card { name: "Favor of the Rabbits" suit: SUIT_RABBIT }
    }
    options {
      label: "Done"
      done {}
    }
  )pb");
  EXPECT_EQ(Pick(r), "Favor of the Rabbits (rabbit)");
}

// --- Eyrie plan (eyrie_plan.cc) ---

// Law 7.5.2.IV / 7.7: each Build card needs its own ruled clearing of its
// suit without a roost, or the Eyrie falls into turmoil. With one fox Build
// card already in the Decree and one such clearing, a second fox card goes
// to the Recruit column (a fox roost stands).
TEST(HeuristicPolicy, Law_7_5_2_EyrieNeverAddsABuildItCannotResolve) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_EYRIE
    prompt { kind: "eyrie.decree.add" }
    options {
      label: "Add Anvil (fox) to the Recruit column"
      decree {
        card { name: "Anvil" suit: SUIT_FOX }
        column: 0
      }
    }
    options {
      label: "Add Anvil (fox) to the Build column"
      decree {
        card { name: "Anvil" suit: SUIT_FOX }
        column: 3
      }
    }
    observation {
      clearings {
        id: 1
        suit: SUIT_FOX
        slots: 1
        warriors { faction: FACTION_EYRIE count: 1 }
        pieces { piece: "roost" owner: FACTION_EYRIE count: 1 }
        ruler: FACTION_EYRIE
      }
      clearings {
        id: 6
        suit: SUIT_FOX
        slots: 2
        warriors { faction: FACTION_EYRIE count: 1 }
        ruler: FACTION_EYRIE
      }
      eyrie {
        leader: "Builder"
        decree { viziers: 1 }
        decree { viziers: 1 }
        decree {}
        decree { cards { name: "Sword" suit: SUIT_FOX } }
        roosts: 1
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Add Anvil (fox) to the Recruit column");
}

// Law 7.2.2 (Lords of the Forest) / 7.5.2.IV: moving into a clearing to
// build a roost there, take enough warriors to rule it (ties are the
// Eyrie's) and keep the rest, one guarding the roost left behind.
TEST(HeuristicPolicy, Law_7_2_2_EyrieMovesEnoughToRuleARoostSpot) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_EYRIE
    prompt { kind: "move.count" }
    options {
      label: "Move 1 warrior from 1 (fox) to 5 (rabbit)"
      count { count: 1 }
    }
    options {
      label: "Move 2 warriors from 1 (fox) to 5 (rabbit)"
      count { count: 2 }
    }
    options {
      label: "Move 3 warriors from 1 (fox) to 5 (rabbit)"
      count { count: 3 }
    }
    options {
      label: "Move 4 warriors from 1 (fox) to 5 (rabbit)"
      count { count: 4 }
    }
    options {
      label: "Move 5 warriors from 1 (fox) to 5 (rabbit)"
      count { count: 5 }
    }
    observation {
      clearings {
        id: 1
        suit: SUIT_FOX
        slots: 1
        warriors { faction: FACTION_EYRIE count: 5 }
        pieces { piece: "roost" owner: FACTION_EYRIE count: 1 }
        ruler: FACTION_EYRIE
      }
      clearings {
        id: 5
        suit: SUIT_RABBIT
        slots: 2
        warriors { faction: FACTION_MARQUISE count: 2 }
        ruler: FACTION_MARQUISE
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Move 3 warriors from 1 (fox) to 5 (rabbit)");
}

// --- Alliance plan (alliance_plan.cc) ---

// Law 8.4.1.III: a Revolt removes every enemy piece in the clearing and
// scores each building and token; a trade post removed also halves the
// Riverfolk's funds (11.2.5.I). Revolt there, not in an empty clearing.
TEST(HeuristicPolicy, Law_8_4_1_AllianceRevoltsWhereMostEnemyPiecesFall) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_ALLIANCE
    prompt { kind: "alliance.revolt" }
    options {
      label: "3 (rabbit)"
      clearing { clearing: 3 }
    }
    options {
      label: "8 (fox)"
      clearing { clearing: 8 }
    }
    options {
      label: "Done"
      done {}
    }
    observation {
      clearings {
        id: 3
        suit: SUIT_RABBIT
        slots: 2
        pieces { piece: "sympathy" owner: FACTION_ALLIANCE count: 1 }
      }
      clearings {
        id: 8
        suit: SUIT_FOX
        slots: 2
        warriors { faction: FACTION_RIVERFOLK count: 1 }
        pieces { piece: "sympathy" owner: FACTION_ALLIANCE count: 1 }
        pieces { piece: "fox trade post" owner: FACTION_RIVERFOLK count: 1 }
      }
      riverfolk { funds { faction: FACTION_RIVERFOLK count: 6 } }
    }
  )pb");
  EXPECT_EQ(Pick(r), "8 (fox)");
}

// Law 8.4.2.II: sympathy costs supporters; with fewer than three (and room
// below the cap of five, 8.2.3.I) Mobilize comes before a Craft.
TEST(HeuristicPolicy, Law_8_5_2_AllianceMobilizesWhenShortOfSupporters) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_ALLIANCE
    prompt { kind: "alliance.action" }
    options {
      label: "Craft"
      action { code: 0 }
    }
    options {
      label: "Mobilize (a card to the supporters)"
      action { code: 1 }
    }
    options {
      label: "Done"
      done {}
    }
    observation { alliance { supporters: 1 } }
  )pb");
  EXPECT_EQ(Pick(r), "Mobilize (a card to the supporters)");
}

// Law 7.5.2.I: a Recruit card places warriors at a roost; piled on one
// roost they idle, spread they feed the Move cards that reach new roost
// spots. Recruit at the thin roost.
TEST(HeuristicPolicy, Law_7_5_2_EyrieRecruitsAtTheThinRoost) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_EYRIE
    prompt { kind: "eyrie.decree.recruit" }
    options {
      label: "3 (rabbit)"
      clearing { clearing: 3 }
    }
    options {
      label: "7 (mouse)"
      clearing { clearing: 7 }
    }
    observation {
      clearings {
        id: 3
        suit: SUIT_RABBIT
        slots: 1
        adjacent: 7
        warriors { faction: FACTION_EYRIE count: 8 }
        pieces { piece: "roost" owner: FACTION_EYRIE count: 1 }
        ruler: FACTION_EYRIE
      }
      clearings {
        id: 7
        suit: SUIT_MOUSE
        slots: 1
        adjacent: 3
        warriors { faction: FACTION_EYRIE count: 1 }
        pieces { piece: "roost" owner: FACTION_EYRIE count: 1 }
        ruler: FACTION_EYRIE
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "7 (mouse)");
}

// Law 11.4.2 / 11.2.5.I: a Riverfolk with many funds and one trade post
// scores half its funds next Birdsong; the Marquise marches toward that
// post (two steps away) rather than into an empty clearing.
TEST(HeuristicPolicy, Law_11_4_2_MarquiseMarchesTowardARichTradePost) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_MARQUISE
    prompt { kind: "move" }
    options {
      label: "Move from 1 (fox) to 2 (mouse)"
      move { from_clearing: 1 to_clearing: 2 }
    }
    options {
      label: "Move from 1 (fox) to 4 (rabbit)"
      move { from_clearing: 1 to_clearing: 4 }
    }
    observation {
      clearings {
        id: 1
        suit: SUIT_FOX
        slots: 1
        adjacent: [ 2, 4 ]
        warriors { faction: FACTION_MARQUISE count: 4 }
        ruler: FACTION_MARQUISE
      }
      clearings {
        id: 2
        suit: SUIT_MOUSE
        slots: 2
        adjacent: [ 1, 3 ]
      }
      clearings {
        id: 3
        suit: SUIT_RABBIT
        slots: 2
        adjacent: [ 2 ]
        warriors { faction: FACTION_RIVERFOLK count: 1 }
        pieces { piece: "rabbit trade post" owner: FACTION_RIVERFOLK count: 1 }
        ruler: FACTION_RIVERFOLK
      }
      clearings {
        id: 4
        suit: SUIT_RABBIT
        slots: 2
        adjacent: [ 1 ]
      }
      seats { seat: 0 faction: FACTION_MARQUISE victory_points: 10 }
      seats { seat: 1 faction: FACTION_RIVERFOLK victory_points: 12 }
      riverfolk { funds { faction: FACTION_EYRIE count: 16 } }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Move from 1 (fox) to 2 (mouse)");
}

// Law 11.2.5.I with 9.2.6: two ready swords take a trade post guarded by
// one warrior (hits fall on the warrior first, 4.3.2): the Vagabond moves
// there rather than to an empty clearing.
TEST(HeuristicPolicy, Law_11_2_5_VagabondGoesForATradePostItCanTake) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_VAGABOND
    prompt { kind: "vagabond.move" }
    options {
      label: "5 (fox)"
      clearing { clearing: 5 }
    }
    options {
      label: "6 (mouse)"
      clearing { clearing: 6 }
    }
    observation {
      clearings {
        id: 1
        suit: SUIT_RABBIT
        slots: 1
        adjacent: [ 5, 6 ]
      }
      clearings {
        id: 5
        suit: SUIT_FOX
        slots: 2
        adjacent: [ 1 ]
        warriors { faction: FACTION_RIVERFOLK count: 1 }
        pieces { piece: "fox trade post" owner: FACTION_RIVERFOLK count: 1 }
        ruler: FACTION_RIVERFOLK
      }
      clearings {
        id: 6
        suit: SUIT_MOUSE
        slots: 2
        adjacent: [ 1 ]
      }
      seats { seat: 0 faction: FACTION_VAGABOND victory_points: 8 }
      seats { seat: 1 faction: FACTION_RIVERFOLK victory_points: 10 }
      riverfolk { funds { faction: FACTION_MARQUISE count: 12 } }
      vagabonds {
        faction: FACTION_VAGABOND
        clearing: 1
        items { item: "boot" }
        items { item: "sword" }
        items { item: "sword" }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "5 (fox)");
}

// Law 7.5.2.III with 11.2.5.I: where the Eyrie's warriors outnumber a
// trade post's guards, a Battle card of that suit takes the post (and
// halves the Riverfolk's funds) next Daylight; it beats keeping the card.
TEST(HeuristicPolicy, Law_11_2_5_EyrieDecreesABattleOnATradePost) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_EYRIE
    prompt { kind: "eyrie.decree.add" }
    options {
      label: "Add Anvil (mouse) to the Battle column"
      decree {
        card { name: "Anvil" suit: SUIT_MOUSE }
        column: 2
      }
    }
    options {
      label: "Done"
      done {}
    }
    observation {
      clearings {
        id: 1
        suit: SUIT_FOX
        slots: 1
        warriors { faction: FACTION_EYRIE count: 1 }
        pieces { piece: "roost" owner: FACTION_EYRIE count: 1 }
        ruler: FACTION_EYRIE
      }
      clearings {
        id: 9
        suit: SUIT_MOUSE
        slots: 2
        warriors { faction: FACTION_EYRIE count: 3 }
        warriors { faction: FACTION_RIVERFOLK count: 1 }
        pieces { piece: "mouse trade post" owner: FACTION_RIVERFOLK count: 1 }
        ruler: FACTION_EYRIE
      }
      seats { seat: 0 faction: FACTION_EYRIE victory_points: 8 }
      seats { seat: 1 faction: FACTION_RIVERFOLK victory_points: 10 }
      riverfolk { funds { faction: FACTION_MARQUISE count: 10 } }
      eyrie {
        leader: "Builder"
        decree { viziers: 1 }
        decree { viziers: 1 }
        decree {}
        decree {}
        roosts: 1
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Add Anvil (mouse) to the Battle column");
}

// --- h-heur-exp (session 10): Keepers in Iron, Lizard Cult, Corvids ---

// Law 15.5.2.II.a / III.a: a relic delved into a clearing whose waystation
// shows its type can be recovered there; the Keepers delve where the
// waystation matches a relic in a forest around the clearing.
TEST(HeuristicPolicy, Law_15_5_2_KeepersDelveWhereAWaystationShowsTheType) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_KEEPERS
    prompt { kind: "keepers.battle_delve" }
    options {
      label: "3 (fox)"
      clearing { clearing: 3 }
    }
    options {
      label: "7 (mouse)"
      clearing { clearing: 7 }
    }
    observation {
      clearings {
        id: 3
        suit: SUIT_FOX
        warriors { faction: FACTION_KEEPERS count: 2 }
        ruler: FACTION_KEEPERS
      }
      clearings {
        id: 7
        suit: SUIT_MOUSE
        warriors { faction: FACTION_KEEPERS count: 2 }
        pieces { piece: "waystation" owner: FACTION_KEEPERS count: 1 }
        ruler: FACTION_KEEPERS
      }
      seats { seat: 0 faction: FACTION_KEEPERS }
      keepers {
        relics {
          forest: 1
          clearings_around: [ 3, 5 ]
          relics { type: "tablet" }
        }
        relics {
          forest: 2
          clearings_around: [ 7, 8 ]
          relics { type: "tablet" }
        }
        waystations {
          front: "tablet"
          back: "jewelry"
          shown: "tablet"
          clearing: 7
        }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "7 (mouse)");
}

// Law 15.5.2.II.b: the Retinue card is discarded when the Keepers rule
// fewer clearings around the forest than the delved relic's value.
TEST(HeuristicPolicy, Law_15_5_2_II_b_KeepersDelveWhereTheyRuleAround) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_KEEPERS
    prompt {
      kind: "keepers.delve"
      text: "Delve into 3 (fox) from which adjacent forest?"
    }
    options {
      label: "Forest 1"
      forest { forest: 1 }
    }
    options {
      label: "Forest 2"
      forest { forest: 2 }
    }
    options {
      label: "Done"
      done {}
    }
    observation {
      clearings { id: 3 suit: SUIT_FOX ruler: FACTION_KEEPERS }
      clearings { id: 4 suit: SUIT_FOX ruler: FACTION_KEEPERS }
      clearings { id: 5 suit: SUIT_MOUSE ruler: FACTION_KEEPERS }
      clearings { id: 6 suit: SUIT_MOUSE ruler: FACTION_EYRIE }
      seats { seat: 0 faction: FACTION_KEEPERS }
      keepers {
        relics {
          forest: 1
          clearings_around: [ 3, 6 ]
          relics { type: "figure" value: 3 face_up: true }
        }
        relics {
          forest: 2
          clearings_around: [ 3, 4, 5 ]
          relics { type: "figure" value: 3 face_up: true }
        }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Forest 2");
}

// Law 15.4.2 then 15.4.1: a waystation decamped now can be encamped next
// Birdsong showing its other side, where a relic of that type lies with
// nothing of the shown type (and no waystation shows the other type).
TEST(HeuristicPolicy, Law_15_4_2_KeepersDecampToShowTheOtherSide) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_KEEPERS
    prompt { kind: "keepers.decamp" }
    options {
      label: "Decamp the figure waystation in 5 (rabbit)"
      action { code: 1 }
    }
    options {
      label: "Done"
      done {}
    }
    observation {
      clearings {
        id: 5
        suit: SUIT_RABBIT
        warriors { faction: FACTION_KEEPERS count: 1 }
        ruler: FACTION_KEEPERS
      }
      seats { seat: 0 faction: FACTION_KEEPERS }
      keepers {
        relics {
          clearing: 5
          relics { type: "tablet" value: 2 face_up: true }
        }
        waystations {
          front: "figure"
          back: "tablet"
          shown: "figure"
          clearing: 5
        }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Decamp the figure waystation in 5 (rabbit)");
}

// Law 15.5.2.II: a delve needs a Keeper warrior in a clearing the Keepers
// rule, so a move leaves one warrior behind.
TEST(HeuristicPolicy, Law_15_5_2_KeepersLeaveAWarriorBehind) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_KEEPERS
    prompt {
      kind: "move.count"
      text: "How many warriors move from 2 (mouse) to 5 (rabbit)?"
    }
    options {
      label: "1"
      count { count: 1 }
    }
    options {
      label: "2"
      count { count: 2 }
    }
    options {
      label: "3"
      count { count: 3 }
    }
    options {
      label: "4"
      count { count: 4 }
    }
    observation {
      clearings {
        id: 2
        suit: SUIT_MOUSE
        warriors { faction: FACTION_KEEPERS count: 4 }
        ruler: FACTION_KEEPERS
      }
      clearings { id: 5 suit: SUIT_RABBIT }
      seats { seat: 0 faction: FACTION_KEEPERS }
    }
  )pb");
  EXPECT_EQ(Pick(r), "3");
}

// Law 3.3.1: an opponent's activated dominance wins at its next Birdsong
// while it rules the suit's clearings; the Keepers' Battle then Delve
// (15.5.2.II) fights in such a clearing.
TEST(HeuristicPolicy, Law_3_3_1_KeepersBattleWhereADominanceIsHeld) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_KEEPERS
    prompt { kind: "keepers.battle_delve" }
    options {
      label: "6 (fox)"
      clearing { clearing: 6 }
    }
    options {
      label: "9 (mouse)"
      clearing { clearing: 9 }
    }
    observation {
      clearings {
        id: 6
        suit: SUIT_FOX
        warriors { faction: FACTION_KEEPERS count: 2 }
        warriors { faction: FACTION_EYRIE count: 1 }
        pieces { piece: "roost" owner: FACTION_EYRIE count: 1 }
        ruler: FACTION_EYRIE
      }
      clearings {
        id: 9
        suit: SUIT_MOUSE
        warriors { faction: FACTION_KEEPERS count: 2 }
        warriors { faction: FACTION_MARQUISE count: 1 }
        pieces { piece: "sawmill" owner: FACTION_MARQUISE count: 1 }
        ruler: FACTION_KEEPERS
      }
      seats { seat: 0 faction: FACTION_KEEPERS }
      seats {
        seat: 1
        faction: FACTION_EYRIE
        dominance { name: "Dominance" suit: SUIT_FOX }
      }
      seats { seat: 2 faction: FACTION_MARQUISE }
    }
  )pb");
  EXPECT_EQ(Pick(r), "6 (fox)");
}

// Law 3.3.1 / 10.2.4: the Cult rules every clearing with a garden, which
// only removing the garden undoes; it activates a dominance card only when
// gardens hold at least two of the three clearings of the suit it rules,
// since an activated card stops its VP (3.3.2) and wins only if rule holds
// until its next Birdsong.
TEST(HeuristicPolicy, Law_10_2_4_CultActivatesDominanceWhereGardensHold) {
  const std::string head = R"pb(
    seat: 0
    faction: FACTION_CULT
    prompt { kind: "cult.ritual" }
    options {
      label: "Activate Dominance (rabbit)"
      extra {
        action: "activate_dominance"
        card { name: "Dominance" suit: SUIT_RABBIT }
      }
    }
    options {
      label: "Recruit"
      action { code: 1 }
    }
    observation { seats { seat: 0 faction: FACTION_CULT victory_points: 12 }
  )pb";
  const std::string garden =
      R"pb(pieces { piece: "garden" owner: FACTION_CULT count: 1 })pb";
  auto clearing = [&](int id, bool with_garden) {
    return "clearings { id: " + std::to_string(id) +
           " suit: SUIT_RABBIT ruler: FACTION_CULT "
           "warriors { faction: FACTION_CULT count: 2 } " +
           (with_garden ? garden : "") + " }\n";
  };
  const auto warriors_only =
      Parse(head + clearing(3, true) + clearing(4, false) +
            clearing(10, false) + "}");
  EXPECT_EQ(Pick(warriors_only), "Recruit");
  const auto two_gardens = Parse(head + clearing(3, true) + clearing(4, true) +
                                 clearing(10, false) + "}");
  EXPECT_EQ(Pick(two_gardens), "Activate Dominance (rabbit)");
  const auto gardens = Parse(head + clearing(3, true) + clearing(4, true) +
                             clearing(10, true) + "}");
  EXPECT_EQ(Pick(gardens), "Activate Dominance (rabbit)");
}

// Law 13.4.2 / 13.7.1: each flip scores one VP per face-up plot on the map
// and a flipped bomb then removes itself, so the Corvids flip their other
// plots before a bomb.
TEST(HeuristicPolicy, Law_13_4_2_CorvidsFlipABombLast) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_CORVID
    prompt { kind: "corvid.flip" }
    options {
      label: "3 (rabbit)"
      clearing { clearing: 3 }
    }
    options {
      label: "5 (rabbit)"
      clearing { clearing: 5 }
    }
    options {
      label: "Done"
      done {}
    }
    observation {
      clearings {
        id: 3
        suit: SUIT_RABBIT
        warriors { faction: FACTION_CORVID count: 1 }
        warriors { faction: FACTION_MARQUISE count: 2 }
        pieces { piece: "bomb plot" owner: FACTION_CORVID count: 1 }
        pieces { piece: "sawmill" owner: FACTION_MARQUISE count: 1 }
      }
      clearings {
        id: 5
        suit: SUIT_RABBIT
        warriors { faction: FACTION_CORVID count: 1 }
        pieces { piece: "snare plot" owner: FACTION_CORVID count: 1 }
      }
      seats { seat: 0 faction: FACTION_CORVID }
      seats { seat: 1 faction: FACTION_MARQUISE }
    }
  )pb");
  EXPECT_EQ(Pick(r), "5 (rabbit)");
}

// Law 15.5.2.II.a: the Keepers delve only from a forest around a clearing
// they rule with a warrior; with no relic around them, they move beside a
// forest that holds relics.
TEST(HeuristicPolicy, Law_15_5_2_II_a_KeepersMoveBesideForestsWithRelics) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_KEEPERS
    prompt { kind: "move" }
    options {
      label: "Move from 2 (mouse) to 5 (rabbit)"
      move { from_clearing: 2 to_clearing: 5 }
    }
    options {
      label: "Move from 2 (mouse) to 6 (fox)"
      move { from_clearing: 2 to_clearing: 6 }
    }
    observation {
      clearings {
        id: 2
        suit: SUIT_MOUSE
        adjacent: [ 5, 6 ]
        warriors { faction: FACTION_KEEPERS count: 3 }
        ruler: FACTION_KEEPERS
      }
      clearings { id: 5 suit: SUIT_RABBIT adjacent: 2 }
      clearings { id: 6 suit: SUIT_FOX adjacent: 2 }
      seats { seat: 0 faction: FACTION_KEEPERS }
      keepers {
        relics {
          forest: 1
          clearings_around: [ 2, 5 ]
        }
        relics {
          forest: 2
          clearings_around: [ 6, 9 ]
          relics { type: "figure" }
          relics { type: "jewelry" }
        }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Move from 2 (mouse) to 6 (fox)");
}

// Law 15.2.4: warriors carry relics; a relic goes toward the nearest
// waystation showing its type, two steps away here.
TEST(HeuristicPolicy, Law_15_2_4_KeepersCarryARelicTowardItsWaystation) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_KEEPERS
    prompt { kind: "move" }
    options {
      label: "Move from 2 (mouse) to 5 (rabbit)"
      move { from_clearing: 2 to_clearing: 5 }
    }
    options {
      label: "Move from 2 (mouse) to 6 (fox)"
      move { from_clearing: 2 to_clearing: 6 }
    }
    observation {
      clearings {
        id: 2
        suit: SUIT_MOUSE
        adjacent: [ 5, 6 ]
        warriors { faction: FACTION_KEEPERS count: 3 }
        ruler: FACTION_KEEPERS
      }
      clearings {
        id: 5
        suit: SUIT_RABBIT
        adjacent: [ 2, 8 ]
      }
      clearings {
        id: 6
        suit: SUIT_FOX
        adjacent: [ 2, 7 ]
      }
      clearings { id: 7 suit: SUIT_FOX adjacent: 6 }
      clearings {
        id: 8
        suit: SUIT_RABBIT
        adjacent: 5
        warriors { faction: FACTION_KEEPERS count: 1 }
        ruler: FACTION_KEEPERS
      }
      seats { seat: 0 faction: FACTION_KEEPERS }
      keepers {
        relics {
          clearing: 2
          relics { type: "tablet" value: 2 face_up: true }
        }
        waystations {
          front: "tablet"
          back: "jewelry"
          shown: "tablet"
          clearing: 8
        }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Move from 2 (mouse) to 5 (rabbit)");
}

// Law 11.2.5.I / 11.4.2: removing a trade post halves the Riverfolk's funds
// and their dividends; the Keepers move onto one they outnumber.
TEST(HeuristicPolicy, Law_11_2_5_KeepersMoveOntoATradePostTheyCanTake) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_KEEPERS
    prompt { kind: "move" }
    options {
      label: "Move from 2 (mouse) to 5 (rabbit)"
      move { from_clearing: 2 to_clearing: 5 }
    }
    options {
      label: "Move from 2 (mouse) to 6 (fox)"
      move { from_clearing: 2 to_clearing: 6 }
    }
    observation {
      clearings {
        id: 2
        suit: SUIT_MOUSE
        adjacent: [ 5, 6 ]
        warriors { faction: FACTION_KEEPERS count: 4 }
        ruler: FACTION_KEEPERS
      }
      clearings { id: 5 suit: SUIT_RABBIT adjacent: 2 }
      clearings {
        id: 6
        suit: SUIT_FOX
        adjacent: 2
        warriors { faction: FACTION_RIVERFOLK count: 1 }
        pieces { piece: "trade post" owner: FACTION_RIVERFOLK count: 1 }
        ruler: FACTION_RIVERFOLK
      }
      seats { seat: 0 faction: FACTION_KEEPERS }
      seats { seat: 1 faction: FACTION_RIVERFOLK victory_points: 9 }
      riverfolk { funds { faction: FACTION_MARQUISE count: 2 } }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Move from 2 (mouse) to 6 (fox)");
}

// Law 15.5.2.II / 11.2.5.I: the Keepers' card sends them to battle a trade
// post they outnumber (its removal halves the Riverfolk's funds, and so
// their dividends, 11.4.2) rather than delve a relic of no waystation type.
TEST(HeuristicPolicy, Law_11_2_5_KeepersBattleDelveOnATradePost) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_KEEPERS
    prompt { kind: "keepers.battle_delve" }
    options {
      label: "3 (fox)"
      clearing { clearing: 3 }
    }
    options {
      label: "8 (fox)"
      clearing { clearing: 8 }
    }
    observation {
      clearings {
        id: 3
        suit: SUIT_FOX
        warriors { faction: FACTION_KEEPERS count: 2 }
        ruler: FACTION_KEEPERS
      }
      clearings {
        id: 8
        suit: SUIT_FOX
        warriors { faction: FACTION_KEEPERS count: 3 }
        warriors { faction: FACTION_RIVERFOLK count: 2 }
        pieces { piece: "trade post" owner: FACTION_RIVERFOLK count: 1 }
        ruler: FACTION_KEEPERS
      }
      seats { seat: 0 faction: FACTION_KEEPERS }
      clearings { id: 4 suit: SUIT_RABBIT ruler: FACTION_KEEPERS }
      clearings { id: 5 suit: SUIT_MOUSE ruler: FACTION_KEEPERS }
      clearings {
        id: 11
        suit: SUIT_MOUSE
        warriors { faction: FACTION_RIVERFOLK count: 1 }
        pieces { piece: "trade post" owner: FACTION_RIVERFOLK count: 1 }
        ruler: FACTION_RIVERFOLK
      }
      seats { seat: 1 faction: FACTION_RIVERFOLK victory_points: 8 }
      keepers {
        relics {
          forest: 1
          clearings_around: [ 3, 4, 5 ]
          relics { type: "jewelry" }
        }
        relics {
          forest: 2
          clearings_around: [ 8, 9 ]
        }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "8 (fox)");
}

// Law 9.5.5: a quest exhausts two particular items and scores one VP per
// completed quest of its suit. The Vagabond moves to the clearing whose
// quest its ready items complete (two swords: Expel Bandits, its second
// rabbit quest) rather than to one with two fox quests it lacks the items
// for (Repair a Shed needs a hammer, Fundraising tea and a coin). The items
// come from QuestChoice.items, as the referee fills them.
TEST(HeuristicPolicy, Law_9_5_5_VagabondGoesWhereItsItemsCompleteAQuest) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_VAGABOND
    prompt { kind: "vagabond.move" }
    options {
      label: "5 (fox)"
      clearing { clearing: 5 }
    }
    options {
      label: "6 (rabbit)"
      clearing { clearing: 6 }
    }
    observation {
      clearings {
        id: 1
        suit: SUIT_MOUSE
        adjacent: [ 5, 6 ]
      }
      clearings {
        id: 5
        suit: SUIT_FOX
        adjacent: [ 1 ]
      }
      clearings {
        id: 6
        suit: SUIT_RABBIT
        adjacent: [ 1 ]
      }
      seats { seat: 0 faction: FACTION_VAGABOND victory_points: 4 }
      vagabonds {
        faction: FACTION_VAGABOND
        clearing: 1
        items { item: "boot" exhausted: true }
        items { item: "torch" }
        items { item: "sword" }
        items { item: "sword" }
        quests {
          quest: 14
          name: "Repair a Shed"
          suit: SUIT_FOX
          items: [ "torch", "hammer" ]
        }
        quests {
          quest: 7
          name: "Fundraising"
          suit: SUIT_FOX
          items: [ "tea", "coin" ]
        }
        quests {
          quest: 3
          name: "Expel Bandits"
          suit: SUIT_RABBIT
          items: [ "sword", "sword" ]
        }
        quests_done { quest: 1 name: "Errand" suit: SUIT_RABBIT }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "6 (rabbit)");
}

}  // namespace
}  // namespace woodland::bots

namespace woodland::bots {
namespace {

// Law 2.5 (Rule): tokens (here the Marquise's wood) do not count
// toward rule, so the Marquise holds its activated fox dominance clearing by
// one warrior only, and a Vagabond strike there (9.5.6) breaks the win
// (3.3.1): the strike is worth its dominance-defence bonus.
TEST(HeuristicPolicy, Law_2_5_TokensDoNotHoldAClearingAgainstAStrike) {
  const std::string request = R"pb(
    seat: 0
    faction: FACTION_VAGABOND
    prompt { kind: "vagabond.action" }
    options {
      label: "Strike (crossbow)"
      action { code: 2 }
    }
    options {
      label: "Done"
      done {}
    }
    observation {
      clearings {
        id: 5
        suit: SUIT_FOX
        warriors { faction: FACTION_MARQUISE count: 2 }
        warriors { faction: FACTION_EYRIE count: 1 }
        pieces { piece: "wood" owner: FACTION_MARQUISE count: 3 }
        ruler: FACTION_MARQUISE
      }
      clearings {
        id: 1
        suit: SUIT_FOX
        warriors { faction: FACTION_MARQUISE count: 1 }
        ruler: FACTION_MARQUISE
      }
      clearings {
        id: 9
        suit: SUIT_FOX
        warriors { faction: FACTION_MARQUISE count: 1 }
        ruler: FACTION_MARQUISE
      }
      seats { seat: 0 faction: FACTION_VAGABOND victory_points: 10 }
      seats {
        seat: 1
        faction: FACTION_MARQUISE
        dominance { name: "Dominance" suit: SUIT_FOX }
      }
      seats { seat: 2 faction: FACTION_EYRIE }
      vagabonds {
        faction: FACTION_VAGABOND
        clearing: 5
        items { item: "crossbow" }
      }
    }
  )pb";
  const std::vector<double> s = HeuristicPolicy(1).Scores(Parse(request));
  ASSERT_EQ(s.size(), 2u);
  // The Strike's score with the bonus (Law 3.3.1) and without any threat.
  std::string quiet = request;
  quiet.replace(
      quiet.find("dominance {"),
      std::string("dominance { name: \"Dominance\" suit: SUIT_FOX }").size(),
      "");
  const std::vector<double> q = HeuristicPolicy(1).Scores(Parse(quiet));
  EXPECT_GE(s[0] - q[0], 10) << "the strike breaks the dominance";
}

}  // namespace
}  // namespace woodland::bots
