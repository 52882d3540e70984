// The heuristic Vagabond's battle decisions (Law 9.2.9.III.a Infamy, and
// trade posts taken over several battles, 11.2.5.I with 9.2.6) on
// hand-made requests (issue 17 item 5).
#include "bots/heuristic/vagabond_plan.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/string_view.h"
#include "gtest/gtest.h"
#include "tests/bots/policy_request.h"

namespace woodland::bots {
namespace {

// The Vagabond in a fox clearing with the Marquise's three warriors (and
// the Eyrie's one); `prompt` and `options` complete the request.
std::string InfamyRequest(const std::string& prompt_and_options) {
  return R"pb(
           seat: 0 faction: FACTION_VAGABOND
         )pb" +
         prompt_and_options + R"pb(
    observation {
      clearings {
        id: 1
        suit: SUIT_FOX
        adjacent: [ 2 ]
        warriors { faction: FACTION_MARQUISE count: 3 }
        warriors { faction: FACTION_EYRIE count: 1 }
        ruler: FACTION_MARQUISE
      }
      clearings {
        id: 2
        suit: SUIT_MOUSE
        adjacent: [ 1 ]
      }
      seats { seat: 0 faction: FACTION_VAGABOND victory_points: 9 }
      seats { seat: 1 faction: FACTION_MARQUISE victory_points: 7 }
      seats { seat: 2 faction: FACTION_EYRIE victory_points: 5 }
      vagabonds {
        faction: FACTION_VAGABOND
        clearing: 1
        items { item: "boot" exhausted: true }
        items { item: "torch" exhausted: true }
        items { item: "sword" }
        items { item: "sword" }
        relationships { faction: FACTION_MARQUISE level: "indifferent" }
        relationships { faction: FACTION_EYRIE level: "indifferent" }
      }
    }
  )pb";
}

// Law 9.2.9.III.a: once a faction is Hostile, each further piece of it
// removed in battle on our turn scores a VP. With two ready swords and
// nothing else to do, the Vagabond battles the Marquise's three warriors
// here (the first removed turns them Hostile, the next ones score)
// instead of ending its turn with the swords unused.
TEST(VagabondPlan, Law_9_2_9_III_a_SpareSwordsOpenInfamy) {
  const auto r = Parse(InfamyRequest(R"pb(
    prompt { kind: "vagabond.action" }
    options {
      label: "Battle (sword)"
      action { code: 2 }
    }
    options {
      label: "Done"
      done {}
    }
  )pb"));
  EXPECT_EQ(Pick(r), "Battle (sword)");
}

// Law 9.2.9.III.a: the battle goes to the faction with the most warriors
// here (the Marquise's three: two of them score once they are Hostile),
// not to the Eyrie's lone warrior (removing it only turns them Hostile).
TEST(VagabondPlan, Law_9_2_9_III_a_InfamyBattlesTheBiggestStack) {
  const auto r = Parse(InfamyRequest(R"pb(
    prompt { kind: "vagabond.battle" }
    options {
      label: "Battle Eyrie Dynasties in 1 (fox)"
      battle { clearing: 1 defender: FACTION_EYRIE }
    }
    options {
      label: "Battle Marquise de Cat in 1 (fox)"
      battle { clearing: 1 defender: FACTION_MARQUISE }
    }
  )pb"));
  EXPECT_EQ(Pick(r), "Battle Marquise de Cat in 1 (fox)");
}

// Law 11.2.5.I with 9.2.6 and 9.5.2: three ready undamaged swords are three
// battles of up to three hits each, enough to clear a trade post's three
// guards and the post (hits fall on warriors first, 4.3.2) in one turn;
// with 16 funds and the only post on the map (11.4.2 dividends) the
// Vagabond starts the battle rather than ending its turn.
TEST(VagabondPlan, Law_11_2_5_I_SeveralBattlesTakeAGuardedTradePost) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_VAGABOND
    prompt { kind: "vagabond.action" }
    options {
      label: "Battle (sword)"
      action { code: 2 }
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
        adjacent: [ 2 ]
        warriors { faction: FACTION_RIVERFOLK count: 3 }
        pieces { piece: "fox trade post" owner: FACTION_RIVERFOLK count: 1 }
        ruler: FACTION_RIVERFOLK
      }
      clearings {
        id: 2
        suit: SUIT_MOUSE
        adjacent: [ 1 ]
      }
      seats { seat: 0 faction: FACTION_VAGABOND victory_points: 9 }
      seats { seat: 1 faction: FACTION_RIVERFOLK victory_points: 14 }
      riverfolk { funds { faction: FACTION_MARQUISE count: 16 } }
      vagabonds {
        faction: FACTION_VAGABOND
        clearing: 1
        items { item: "boot" exhausted: true }
        items { item: "sword" }
        items { item: "sword" }
        items { item: "sword" }
        relationships { faction: FACTION_RIVERFOLK level: "1" }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Battle (sword)");
}

// Law 9.2.9.I.a: a given aid counts toward one improvement only. This turn
// one aid already moved the Corvids to the first Allied space (their card
// passed from our seat, the marker now at "1"); the next step needs two
// fresh aids and we hold one mouse card, so the aid goes to the Marquise,
// whose first step one aid completes, not to the Corvids.
TEST(VagabondPlan, Law_9_2_9_I_a_AnAidCountsTowardOneImprovement) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_VAGABOND
    prompt { kind: "vagabond.aid.target" }
    options {
      label: "Corvid Conspiracy"
      faction { faction: FACTION_CORVID }
    }
    options {
      label: "Marquise de Cat"
      faction { faction: FACTION_MARQUISE }
    }
    events { kind: "take_card" seat: 2 a: 0 }
    observation {
      clearings {
        id: 1
        suit: SUIT_MOUSE
        adjacent: [ 2 ]
        warriors { faction: FACTION_MARQUISE count: 2 }
        warriors { faction: FACTION_CORVID count: 2 }
      }
      clearings {
        id: 2
        suit: SUIT_FOX
        adjacent: [ 1 ]
      }
      seats { seat: 0 faction: FACTION_VAGABOND victory_points: 9 }
      seats { seat: 1 faction: FACTION_MARQUISE victory_points: 7 }
      seats { seat: 2 faction: FACTION_CORVID victory_points: 5 }
      hand { name: "Mouse-in-a-Sack" suit: SUIT_MOUSE }
      vagabonds {
        faction: FACTION_VAGABOND
        clearing: 1
        items { item: "boot" }
        items { item: "sword" }
        items { item: "torch" exhausted: true }
        relationships { faction: FACTION_MARQUISE level: "indifferent" }
        relationships { faction: FACTION_CORVID level: "1" }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Marquise de Cat");
}

// Law 3.3.1: the Marquise's activated fox dominance wins at her next
// Birdsong while she rules the three fox clearings; we stand in one where
// she leads by a single warrior, with two ready swords. Three damaged
// items would have us rest in a forest (9.6.1), but the slip stays here to
// break her rule with a battle.
TEST(VagabondPlan, Law_3_3_1_StayToBreakAWinningDominance) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_VAGABOND
    prompt { kind: "vagabond.slip" }
    options {
      label: "2 (fox)"
      clearing { clearing: 2 }
    }
    options {
      label: "Forest 1"
      forest { forest: 1 }
    }
    options {
      label: "Done"
      done {}
    }
    observation {
      clearings {
        id: 1
        suit: SUIT_FOX
        adjacent: [ 2 ]
        warriors { faction: FACTION_MARQUISE count: 2 }
        warriors { faction: FACTION_EYRIE count: 1 }
        ruler: FACTION_MARQUISE
      }
      clearings {
        id: 2
        suit: SUIT_FOX
        adjacent: [ 1, 3 ]
        warriors { faction: FACTION_MARQUISE count: 4 }
        ruler: FACTION_MARQUISE
      }
      clearings {
        id: 3
        suit: SUIT_FOX
        adjacent: [ 2 ]
        warriors { faction: FACTION_MARQUISE count: 4 }
        ruler: FACTION_MARQUISE
      }
      seats { seat: 0 faction: FACTION_VAGABOND victory_points: 20 }
      seats {
        seat: 1
        faction: FACTION_MARQUISE
        dominance { name: "Dominance" suit: SUIT_FOX }
      }
      seats { seat: 2 faction: FACTION_EYRIE victory_points: 5 }
      vagabonds {
        faction: FACTION_VAGABOND
        clearing: 1
        items { item: "boot" }
        items { item: "sword" }
        items { item: "sword" }
        items { item: "torch" damaged: true }
        items { item: "hammer" damaged: true }
        items { item: "boot" damaged: true }
        relationships { faction: FACTION_MARQUISE level: "indifferent" }
        relationships { faction: FACTION_EYRIE level: "indifferent" }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Done");
}

// Law 3.3.1.II on the Lake map (its corners numbered rotated, pairs 1-2
// and 3-4; only that map has coastal clearings, 25.3.3): the Marquise's
// activated bird dominance wins at her next Birdsong while she rules
// corners 1 and 2; we stand in corner 1 where she leads by one warrior,
// with two ready swords, so the slip stays to break her rule there rather
// than rest in a forest (9.6.1).
TEST(VagabondPlan, Law_3_3_1_II_StayToBreakBirdDominanceOnLakeCorners) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_VAGABOND
    prompt { kind: "vagabond.slip" }
    options {
      label: "5 (fox)"
      clearing { clearing: 5 }
    }
    options {
      label: "Forest 1"
      forest { forest: 1 }
    }
    options {
      label: "Done"
      done {}
    }
    observation {
      clearings {
        id: 1
        suit: SUIT_FOX
        coastal: true
        adjacent: [ 5 ]
        warriors { faction: FACTION_MARQUISE count: 2 }
        warriors { faction: FACTION_EYRIE count: 1 }
        ruler: FACTION_MARQUISE
      }
      clearings {
        id: 2
        suit: SUIT_MOUSE
        warriors { faction: FACTION_MARQUISE count: 4 }
        ruler: FACTION_MARQUISE
      }
      clearings {
        id: 5
        suit: SUIT_FOX
        adjacent: [ 1 ]
      }
      seats { seat: 0 faction: FACTION_VAGABOND victory_points: 20 }
      seats {
        seat: 1
        faction: FACTION_MARQUISE
        dominance { name: "Dominance" suit: SUIT_BIRD }
      }
      seats { seat: 2 faction: FACTION_EYRIE victory_points: 5 }
      vagabonds {
        faction: FACTION_VAGABOND
        clearing: 1
        items { item: "boot" }
        items { item: "sword" }
        items { item: "sword" }
        items { item: "torch" damaged: true }
        items { item: "hammer" damaged: true }
        items { item: "boot" damaged: true }
        relationships { faction: FACTION_MARQUISE level: "indifferent" }
        relationships { faction: FACTION_EYRIE level: "indifferent" }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Done");
}

// Law 3.3.1: the Marquise rules the three fox clearings with her fox
// dominance activated; the nearest of them (3) is two steps away, through
// clearing 2. The slip (9.4.2) goes that way, toward breaking her rule
// with the boot's move and the swords, not to the Eyrie's unguarded roost
// in clearing 4 (a VP, 4.3.6).
TEST(VagabondPlan, Law_3_3_1_WalkTowardAWinningDominance) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_VAGABOND
    prompt { kind: "vagabond.slip" }
    options {
      label: "2 (mouse)"
      clearing { clearing: 2 }
    }
    options {
      label: "4 (rabbit)"
      clearing { clearing: 4 }
    }
    options {
      label: "Done"
      done {}
    }
    observation {
      clearings {
        id: 1
        suit: SUIT_MOUSE
        adjacent: [ 2, 4 ]
      }
      clearings {
        id: 2
        suit: SUIT_MOUSE
        adjacent: [ 1, 3 ]
      }
      clearings {
        id: 3
        suit: SUIT_FOX
        adjacent: [ 2, 5 ]
        warriors { faction: FACTION_MARQUISE count: 1 }
        ruler: FACTION_MARQUISE
      }
      clearings {
        id: 4
        suit: SUIT_RABBIT
        adjacent: [ 1 ]
        pieces { piece: "roost" owner: FACTION_EYRIE count: 1 }
        ruler: FACTION_EYRIE
      }
      clearings {
        id: 5
        suit: SUIT_FOX
        adjacent: [ 3, 6 ]
        warriors { faction: FACTION_MARQUISE count: 5 }
        ruler: FACTION_MARQUISE
      }
      clearings {
        id: 6
        suit: SUIT_FOX
        adjacent: [ 5 ]
        warriors { faction: FACTION_MARQUISE count: 5 }
        ruler: FACTION_MARQUISE
      }
      seats { seat: 0 faction: FACTION_VAGABOND victory_points: 20 }
      seats {
        seat: 1
        faction: FACTION_MARQUISE
        dominance { name: "Dominance" suit: SUIT_FOX }
      }
      seats { seat: 2 faction: FACTION_EYRIE victory_points: 5 }
      vagabonds {
        faction: FACTION_VAGABOND
        clearing: 1
        items { item: "boot" }
        items { item: "sword" }
        items { item: "sword" }
        relationships { faction: FACTION_MARQUISE level: "indifferent" }
        relationships { faction: FACTION_EYRIE level: "indifferent" }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "2 (mouse)");
}

// Law 11.4.2: the Riverfolk's only trade post stands in clearing 5, next to
// us, with 14 funds to score dividends from; a guard of the Hostile
// Riverfolk there needs two boots to enter (9.2.9.III.b), so we wait a
// step away to slip in next Birdsong (9.4.2 ignores Hostile warriors).
// The boot does not carry us away to the Eyrie's unguarded roost in 10.
TEST(VagabondPlan, Law_11_4_2_DoNotWalkAwayFromTheTradePost) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_VAGABOND
    prompt { kind: "vagabond.move" }
    options {
      label: "10 (rabbit)"
      clearing { clearing: 10 }
    }
    options {
      label: "Done"
      done {}
    }
    observation {
      clearings {
        id: 1
        suit: SUIT_FOX
        adjacent: [ 5, 10 ]
      }
      clearings {
        id: 5
        suit: SUIT_MOUSE
        adjacent: [ 1 ]
        warriors { faction: FACTION_RIVERFOLK count: 1 }
        pieces { piece: "mouse trade post" owner: FACTION_RIVERFOLK count: 1 }
        ruler: FACTION_RIVERFOLK
      }
      clearings {
        id: 10
        suit: SUIT_RABBIT
        adjacent: [ 1 ]
        pieces { piece: "roost" owner: FACTION_EYRIE count: 1 }
        ruler: FACTION_EYRIE
      }
      seats { seat: 0 faction: FACTION_VAGABOND victory_points: 20 }
      seats { seat: 1 faction: FACTION_RIVERFOLK victory_points: 17 }
      seats { seat: 2 faction: FACTION_EYRIE victory_points: 5 }
      riverfolk { funds { faction: FACTION_EYRIE count: 14 } }
      vagabonds {
        faction: FACTION_VAGABOND
        clearing: 1
        items { item: "boot" }
        items { item: "sword" }
        items { item: "sword" }
        relationships { faction: FACTION_RIVERFOLK level: "hostile" }
        relationships { faction: FACTION_EYRIE level: "indifferent" }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Done");
}

// Law 9.2.9.III.b: entering a clearing with warriors of a Hostile faction
// takes a second boot. With one ready boot the trade post guarded by the
// Hostile Riverfolk in 11 is out of this move's reach, and the only other
// way (9) leads away from it: the Vagabond keeps its boot rather than
// start a move (the move prompt has no way back) that undoes its approach.
TEST(VagabondPlan, Law_9_2_9_III_b_NoMoveTowardWhatOneBootCannotEnter) {
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
      clearings {
        id: 12
        suit: SUIT_FOX
        adjacent: [ 9, 11 ]
      }
      clearings {
        id: 11
        suit: SUIT_MOUSE
        adjacent: [ 12 ]
        warriors { faction: FACTION_RIVERFOLK count: 2 }
        pieces { piece: "mouse trade post" owner: FACTION_RIVERFOLK count: 1 }
        ruler: FACTION_RIVERFOLK
      }
      clearings {
        id: 9
        suit: SUIT_MOUSE
        adjacent: [ 12 ]
      }
      seats { seat: 0 faction: FACTION_VAGABOND victory_points: 20 }
      seats { seat: 1 faction: FACTION_RIVERFOLK victory_points: 17 }
      riverfolk { funds { faction: FACTION_EYRIE count: 10 } }
      vagabonds {
        faction: FACTION_VAGABOND
        clearing: 12
        items { item: "boot" }
        items { item: "sword" }
        items { item: "sword" }
        items { item: "sword" }
        relationships { faction: FACTION_RIVERFOLK level: "hostile" }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Done");
}

// Law 3.3.1 with the Glossary's Rule: tokens do not contribute to rule.
// The Hundreds' fox dominance wins at their next Birdsong with the three
// fox clearings they rule; here they hold one warrior and two mob tokens,
// so one hit ends their rule (no one rules an empty clearing). The
// Vagabond battles with its ready sword before exploring the ruin.
TEST(VagabondPlan, Law_3_3_1_TokensDoNotHoldRule) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_VAGABOND
    prompt { kind: "vagabond.action" }
    options {
      label: "Explore the ruin (torch)"
      action { code: 3 }
    }
    options {
      label: "Battle (sword)"
      action { code: 2 }
    }
    options {
      label: "Done"
      done {}
    }
    observation {
      clearings {
        id: 1
        suit: SUIT_FOX
        adjacent: [ 2 ]
        warriors { faction: FACTION_HUNDREDS count: 1 }
        pieces { piece: "mob" owner: FACTION_HUNDREDS count: 2 }
        pieces { piece: "ruin" count: 1 }
        ruler: FACTION_HUNDREDS
      }
      clearings {
        id: 2
        suit: SUIT_FOX
        adjacent: [ 1, 3 ]
        warriors { faction: FACTION_HUNDREDS count: 4 }
        ruler: FACTION_HUNDREDS
      }
      clearings {
        id: 3
        suit: SUIT_FOX
        adjacent: [ 2 ]
        warriors { faction: FACTION_HUNDREDS count: 4 }
        ruler: FACTION_HUNDREDS
      }
      seats { seat: 0 faction: FACTION_VAGABOND victory_points: 20 }
      seats {
        seat: 1
        faction: FACTION_HUNDREDS
        dominance { name: "Dominance" suit: SUIT_FOX }
      }
      vagabonds {
        faction: FACTION_VAGABOND
        clearing: 1
        items { item: "torch" }
        items { item: "sword" }
        items { item: "sword" exhausted: true }
        ruins_with_items: [ 1 ]
        relationships { faction: FACTION_HUNDREDS level: "indifferent" }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Battle (sword)");
}

// The Hundreds rule the three fox clearings with their fox dominance
// activated (Law 3.3.1), `here` warriors in clearing 1 where the Vagabond
// stands with two ready swords, deciding between a quest and a battle.
v1::DecisionRequest HundredsFoxDominance(int here) {
  constexpr absl::string_view kRequest = R"pb(
    seat: 0
    faction: FACTION_VAGABOND
    prompt { kind: "vagabond.action" }
    options {
      label: "Quest"
      action { code: 4 }
    }
    options {
      label: "Battle (sword)"
      action { code: 2 }
    }
    options {
      label: "Done"
      done {}
    }
    observation {
      clearings {
        id: 1
        suit: SUIT_FOX
        adjacent: [ 2 ]
        warriors { faction: FACTION_HUNDREDS count: HERE }
        ruler: FACTION_HUNDREDS
      }
      clearings {
        id: 2
        suit: SUIT_FOX
        adjacent: [ 1, 3 ]
        warriors { faction: FACTION_HUNDREDS count: 4 }
        ruler: FACTION_HUNDREDS
      }
      clearings {
        id: 3
        suit: SUIT_FOX
        adjacent: [ 2 ]
        warriors { faction: FACTION_HUNDREDS count: 4 }
        ruler: FACTION_HUNDREDS
      }
      seats { seat: 0 faction: FACTION_VAGABOND victory_points: 20 }
      seats {
        seat: 1
        faction: FACTION_HUNDREDS
        dominance { name: "Dominance" suit: SUIT_FOX }
      }
      vagabonds {
        faction: FACTION_VAGABOND
        clearing: 1
        items { item: "torch" }
        items { item: "sword" }
        items { item: "sword" }
        relationships { faction: FACTION_HUNDREDS level: "indifferent" }
      }
    }
  )pb";
  return Parse(absl::StrReplaceAll(kRequest, {{"HERE", absl::StrCat(here)}}));
}

// Law 3.3.1 with 9.2.6 and 4.3.3: two ready undamaged swords are two
// battles, each dealing the higher of two dice (0-3) up to two hits, about
// 1.7 hits a battle: enough, on average, for the three warriors that hold
// the Hundreds' third fox clearing of their activated dominance. The
// Vagabond battles before a quest exhausts its items.
TEST(VagabondPlan, Law_3_3_1_TwoSwordsCanBreakALeadOfThree) {
  const auto r = HundredsFoxDominance(3);
  EXPECT_EQ(Pick(r), "Battle (sword)");
}

// Law 3.3.1 with 9.5.2, 9.2.6 and 4.3.3: the Hundreds rule the three fox
// clearings with their fox dominance activated, four warriors here. Two
// battles with two undamaged swords deal four hits a little more often
// than not (each needs a higher die of 2+, 12 in 16): the game is lost
// otherwise, so the Vagabond battles before the quest spends its swords.
TEST(VagabondPlan, Law_3_3_1_TwoSwordsMayBreakALeadOfFour) {
  const auto r = HundredsFoxDominance(4);
  EXPECT_EQ(Pick(r), "Battle (sword)");
}

// Law 3.3.1 with 9.4.1, 9.4.2 and 9.5.1: the Marquise rules the three fox
// clearings with her fox dominance activated; the nearest (3) is two steps
// from us. The slip takes one step and a boot the other, and one ready
// sword can break her lone warrior there: Birdsong refreshes the boot
// before a second sword.
TEST(VagabondPlan, Law_3_3_1_RefreshTheBootTheWayNeeds) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_VAGABOND
    prompt { kind: "vagabond.refresh" }
    options {
      label: "sword"
      item { item: "sword" }
    }
    options {
      label: "boot"
      item { item: "boot" }
    }
    observation {
      clearings {
        id: 1
        suit: SUIT_MOUSE
        adjacent: [ 2 ]
      }
      clearings {
        id: 2
        suit: SUIT_MOUSE
        adjacent: [ 1, 3 ]
      }
      clearings {
        id: 3
        suit: SUIT_FOX
        adjacent: [ 2, 4 ]
        warriors { faction: FACTION_MARQUISE count: 1 }
        ruler: FACTION_MARQUISE
      }
      clearings {
        id: 4
        suit: SUIT_FOX
        adjacent: [ 3, 5 ]
        warriors { faction: FACTION_MARQUISE count: 5 }
        ruler: FACTION_MARQUISE
      }
      clearings {
        id: 5
        suit: SUIT_FOX
        adjacent: [ 4 ]
        warriors { faction: FACTION_MARQUISE count: 5 }
        ruler: FACTION_MARQUISE
      }
      seats { seat: 0 faction: FACTION_VAGABOND victory_points: 20 }
      seats {
        seat: 1
        faction: FACTION_MARQUISE
        dominance { name: "Dominance" suit: SUIT_FOX }
      }
      vagabonds {
        faction: FACTION_VAGABOND
        clearing: 1
        items { item: "boot" exhausted: true }
        items { item: "sword" }
        items { item: "sword" exhausted: true }
        items { item: "torch" }
        relationships { faction: FACTION_MARQUISE level: "indifferent" }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "boot");
}

// Law 3.3.1 before 11.4.2: the Duchy rules the three rabbit clearings
// with its rabbit dominance activated; the nearest (3) is two steps away
// and its lone warrior falls to one sword. The Riverfolk's post here (four
// guards, 16 funds) is out of our swords' reach; the slip goes toward the
// win to break, not held back by the post.
TEST(VagabondPlan, Law_3_3_1_ADominanceWinBeforeATradePost) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_VAGABOND
    prompt { kind: "vagabond.slip" }
    options {
      label: "2 (mouse)"
      clearing { clearing: 2 }
    }
    options {
      label: "Done"
      done {}
    }
    observation {
      clearings {
        id: 1
        suit: SUIT_MOUSE
        adjacent: [ 2 ]
        warriors { faction: FACTION_RIVERFOLK count: 4 }
        pieces { piece: "mouse trade post" owner: FACTION_RIVERFOLK count: 1 }
        ruler: FACTION_RIVERFOLK
      }
      clearings {
        id: 2
        suit: SUIT_MOUSE
        adjacent: [ 1, 3 ]
      }
      clearings {
        id: 3
        suit: SUIT_RABBIT
        adjacent: [ 2, 4 ]
        warriors { faction: FACTION_DUCHY count: 1 }
        ruler: FACTION_DUCHY
      }
      clearings {
        id: 4
        suit: SUIT_RABBIT
        adjacent: [ 3, 5 ]
        warriors { faction: FACTION_DUCHY count: 5 }
        ruler: FACTION_DUCHY
      }
      clearings {
        id: 5
        suit: SUIT_RABBIT
        adjacent: [ 4 ]
        warriors { faction: FACTION_DUCHY count: 5 }
        ruler: FACTION_DUCHY
      }
      seats { seat: 0 faction: FACTION_VAGABOND victory_points: 20 }
      seats { seat: 1 faction: FACTION_RIVERFOLK victory_points: 12 }
      seats {
        seat: 2
        faction: FACTION_DUCHY
        dominance { name: "Dominance" suit: SUIT_RABBIT }
      }
      riverfolk { funds { faction: FACTION_RIVERFOLK count: 16 } }
      vagabonds {
        faction: FACTION_VAGABOND
        clearing: 1
        items { item: "boot" }
        items { item: "sword" }
        items { item: "sword" }
        relationships { faction: FACTION_RIVERFOLK level: "hostile" }
        relationships { faction: FACTION_DUCHY level: "indifferent" }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "2 (mouse)");
}

// Law 11.4.2 with 3.1 and 9.6.1: the Riverfolk have 26 VP and 10 funds,
// so their next Birdsong's dividends (5) win unless their only trade post
// falls (11.2.5.I). The post stands one step away with one guard; resting
// in the forest to repair would give up the turn that takes it.
TEST(VagabondPlan, Law_11_4_2_NoRestWhileDividendsWin) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_VAGABOND
    prompt { kind: "vagabond.slip" }
    options {
      label: "Forest 1"
      forest { forest: 1 }
    }
    options {
      label: "Done"
      done {}
    }
    observation {
      clearings {
        id: 1
        suit: SUIT_MOUSE
        adjacent: [ 2 ]
      }
      clearings {
        id: 2
        suit: SUIT_FOX
        adjacent: [ 1 ]
        warriors { faction: FACTION_RIVERFOLK count: 1 }
        pieces { piece: "fox trade post" owner: FACTION_RIVERFOLK count: 1 }
        ruler: FACTION_RIVERFOLK
      }
      seats { seat: 0 faction: FACTION_VAGABOND victory_points: 20 }
      seats { seat: 1 faction: FACTION_RIVERFOLK victory_points: 26 }
      riverfolk { funds { faction: FACTION_RIVERFOLK count: 10 } }
      vagabonds {
        faction: FACTION_VAGABOND
        clearing: 1
        items { item: "boot" }
        items { item: "sword" }
        items { item: "sword" }
        items { item: "torch" damaged: true }
        items { item: "hammer" damaged: true }
        items { item: "boot" damaged: true }
        relationships { faction: FACTION_RIVERFOLK level: "indifferent" }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Done");
}

// Law 3.3.1: the Marquise's fox dominance is activated and she rules two
// of the three fox clearings, this one with two warriors our two swords
// can break. The Vagabond stays to keep her a clearing further from
// winning rather than slip to the Eyrie's unguarded roost (a VP, 4.3.6).
TEST(VagabondPlan, Law_3_3_1_StayWhereTheHolderIsOneClearingShort) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_VAGABOND
    prompt { kind: "vagabond.slip" }
    options {
      label: "4 (rabbit)"
      clearing { clearing: 4 }
    }
    options {
      label: "Done"
      done {}
    }
    observation {
      clearings {
        id: 1
        suit: SUIT_FOX
        adjacent: [ 2, 4 ]
        warriors { faction: FACTION_MARQUISE count: 2 }
        ruler: FACTION_MARQUISE
      }
      clearings {
        id: 2
        suit: SUIT_FOX
        adjacent: [ 1, 3 ]
        warriors { faction: FACTION_MARQUISE count: 3 }
        ruler: FACTION_MARQUISE
      }
      clearings {
        id: 3
        suit: SUIT_FOX
        adjacent: [ 2 ]
      }
      clearings {
        id: 4
        suit: SUIT_RABBIT
        adjacent: [ 1 ]
        pieces { piece: "roost" owner: FACTION_EYRIE count: 1 }
        ruler: FACTION_EYRIE
      }
      seats { seat: 0 faction: FACTION_VAGABOND victory_points: 20 }
      seats {
        seat: 1
        faction: FACTION_MARQUISE
        dominance { name: "Dominance" suit: SUIT_FOX }
      }
      seats { seat: 2 faction: FACTION_EYRIE victory_points: 5 }
      vagabonds {
        faction: FACTION_VAGABOND
        clearing: 1
        items { item: "sword" }
        items { item: "sword" }
        relationships { faction: FACTION_MARQUISE level: "indifferent" }
        relationships { faction: FACTION_EYRIE level: "indifferent" }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Done");
}

// Law 9.2.9.II.b: the Vagabond in clearing 1, Allied with the Marquise,
// whose fox dominance is activated and who rules fox clearings 2 and 3,
// moves to clearing 4 and is asked whether to take her warriors along;
// `clearings_1_4` are clearings 1 and 4, `to` clearing 4's name.
v1::DecisionRequest AlliesAlong(const std::string& to,
                                const std::string& clearings_1_4) {
  static const std::string kHead = R"pb(
    seat: 0
    faction: FACTION_VAGABOND
    prompt { kind: "vagabond.move.allies" }
    options {
      label: "Alone"
      action { code: 0 }
    }
    options {
      label: "With 1 Marquise de Cat warrior"
      count { count: 1 faction: FACTION_MARQUISE }
    }
    options {
      label: "With 2 Marquise de Cat warriors"
      count { count: 2 faction: FACTION_MARQUISE }
    }
    observation {
  )pb";
  static const std::string kTail = R"pb(
      clearings {
        id: 2
        suit: SUIT_FOX
        adjacent: [ 1, 3 ]
        warriors { faction: FACTION_MARQUISE count: 2 }
        ruler: FACTION_MARQUISE
      }
      clearings {
        id: 3
        suit: SUIT_FOX
        adjacent: [ 2 ]
        warriors { faction: FACTION_MARQUISE count: 2 }
        ruler: FACTION_MARQUISE
      }
      seats { seat: 0 faction: FACTION_VAGABOND victory_points: 20 }
      seats {
        seat: 1
        faction: FACTION_MARQUISE
        victory_points: 12
        dominance { name: "Dominance" suit: SUIT_FOX }
      }
      seats { seat: 2 faction: FACTION_EYRIE victory_points: 5 }
      vagabonds {
        faction: FACTION_VAGABOND
        clearing: 1
        items { item: "boot" exhausted: true }
        items { item: "sword" }
        items { item: "torch" }
        relationships { faction: FACTION_MARQUISE level: "allied" }
        relationships { faction: FACTION_EYRIE level: "indifferent" }
      }
    }
  )pb";
  v1::DecisionRequest r = Parse(kHead + clearings_1_4 + kTail);
  r.mutable_prompt()->set_text("Take allied warriors along to " + to + "?");
  return r;
}

// Law 9.2.9.II.b: the Vagabond may take an ally's warriors along when he
// moves. The Allied Marquise rules fox clearings 2 and 3 with her fox
// dominance activated (3.3.1); two of her warriors brought to fox
// clearing 4 would outnumber the Eyrie's one there and win her the game at
// her next Birdsong, so the Vagabond goes alone.
TEST(VagabondPlan, Law_9_2_9_II_b_NoAlliedWarriorsIntoADominanceWin) {
  const auto r = AlliesAlong("4 (fox)", R"pb(
    clearings {
      id: 1
      suit: SUIT_RABBIT
      adjacent: [ 2, 4 ]
      warriors { faction: FACTION_MARQUISE count: 2 }
      ruler: FACTION_MARQUISE
    }
    clearings {
      id: 4
      suit: SUIT_FOX
      adjacent: [ 1 ]
      warriors { faction: FACTION_EYRIE count: 1 }
      ruler: FACTION_EYRIE
    }
  )pb");
  EXPECT_EQ(Pick(r), "Alone");
}

// Law 9.2.9.II.b with 3.3.1: the other way round, the Allied Marquise holds
// the three fox clearings that win her dominance, and the Vagabond leaves
// fox clearing 1 for rabbit clearing 4: taking two of her three warriors
// along leaves her one against the Eyrie's one there, and a tie rules
// nothing (2.5), so clearing 1 no longer counts toward her win.
TEST(VagabondPlan, Law_9_2_9_II_b_TakeAlliedWarriorsOutOfADominanceWin) {
  const auto r = AlliesAlong("4 (rabbit)", R"pb(
    clearings {
      id: 1
      suit: SUIT_FOX
      adjacent: [ 2, 4 ]
      warriors { faction: FACTION_MARQUISE count: 3 }
      warriors { faction: FACTION_EYRIE count: 1 }
      ruler: FACTION_MARQUISE
    }
    clearings {
      id: 4
      suit: SUIT_RABBIT
      adjacent: [ 1 ]
    }
  )pb");
  EXPECT_EQ(Pick(r), "With 2 Marquise de Cat warriors");
}

// Law 9.2.9.II.a and 3.1: at 28 VP, one aid to the Allied Marquise in fox
// clearing 2 (a fox card in hand, a ready sword to exhaust) scores the two
// VP that win the game at once; the slip goes there rather than into the
// forest to repair the four damaged items (9.6.1).
TEST(VagabondPlan, Law_9_2_9_II_a_SlipWhereAnAidWinsTheGame) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_VAGABOND
    prompt { kind: "vagabond.slip" }
    options {
      label: "2 (fox)"
      clearing { clearing: 2 }
    }
    options {
      label: "Forest 1"
      forest { forest: 1 }
    }
    options {
      label: "Done"
      done {}
    }
    observation {
      clearings {
        id: 1
        suit: SUIT_RABBIT
        adjacent: [ 2 ]
      }
      clearings {
        id: 2
        suit: SUIT_FOX
        adjacent: [ 1 ]
        warriors { faction: FACTION_MARQUISE count: 3 }
        ruler: FACTION_MARQUISE
      }
      hand { name: "Anvil" suit: SUIT_FOX }
      seats { seat: 0 faction: FACTION_VAGABOND victory_points: 28 }
      seats { seat: 1 faction: FACTION_MARQUISE victory_points: 12 }
      seats { seat: 2 faction: FACTION_EYRIE victory_points: 5 }
      vagabonds {
        faction: FACTION_VAGABOND
        clearing: 1
        items { item: "sword" }
        items { item: "boot" damaged: true }
        items { item: "torch" damaged: true }
        items { item: "hammer" damaged: true }
        items { item: "sword" damaged: true }
        relationships { faction: FACTION_MARQUISE level: "allied" }
        relationships { faction: FACTION_EYRIE level: "indifferent" }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "2 (fox)");
}

// Law 9.2.6 with 3.3.1: the Vagabond rolls hits only up to his undamaged
// swords. With the Marquise's fox dominance activated, a hit taken in
// battle damages the hammer, not the third sword that may still break her
// rule.
TEST(VagabondPlan, Law_9_2_6_KeepSwordsWhileADominanceIsActivated) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_VAGABOND
    prompt { kind: "vagabond.take_hit" }
    options {
      label: "sword"
      item { item: "sword" }
    }
    options {
      label: "hammer"
      item { item: "hammer" }
    }
    observation {
      clearings {
        id: 1
        suit: SUIT_RABBIT
        adjacent: [ 2 ]
        warriors { faction: FACTION_EYRIE count: 2 }
        ruler: FACTION_EYRIE
      }
      clearings {
        id: 2
        suit: SUIT_FOX
        adjacent: [ 1 ]
        warriors { faction: FACTION_MARQUISE count: 3 }
        ruler: FACTION_MARQUISE
      }
      seats { seat: 0 faction: FACTION_VAGABOND victory_points: 20 }
      seats {
        seat: 1
        faction: FACTION_MARQUISE
        victory_points: 12
        dominance { name: "Dominance" suit: SUIT_FOX }
      }
      seats { seat: 2 faction: FACTION_EYRIE victory_points: 5 }
      vagabonds {
        faction: FACTION_VAGABOND
        clearing: 1
        items { item: "sword" }
        items { item: "sword" }
        items { item: "sword" }
        items { item: "hammer" }
        items { item: "boot" }
        relationships { faction: FACTION_MARQUISE level: "indifferent" }
        relationships { faction: FACTION_EYRIE level: "hostile" }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "hammer");
}

}  // namespace
}  // namespace woodland::bots
