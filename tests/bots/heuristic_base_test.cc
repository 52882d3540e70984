// The heuristic's base-faction decisions (Marquise, Eyrie, Vagabond) that
// have a Law-based reason (issue 17 item 5), each on a hand-made request:
// the prompt, the options and just enough of the seat's observation to make
// the reason visible. The policy sees only the request.
#include <google/protobuf/text_format.h>

#include <algorithm>
#include <initializer_list>
#include <string>

#include "bots/heuristic/policy.h"
#include "bots/heuristic/request_view.h"
#include "gtest/gtest.h"
#include "tests/bots/policy_request.h"

namespace woodland::bots {
namespace {

// Law 6.5.4.I: a Build needs a ruled clearing with a free slot. Clearing 1
// (ours, two wood) is full; clearing 2 next to it has a free slot and one
// enemy warrior: with two actions left the Marquise marches there (then
// builds) rather than recruiting.
// Law 3.3.1.II: opposite corners are 1-3 and 2-4 on the Autumn, Winter and
// Mountain maps, 1-2 and 3-4 on the Lake map (a map with coastal clearings,
// Law 25.3.3; its corners are numbered rotated).
TEST(HeuristicBase, Law_3_3_1_II_OppositeCornersFollowTheMap) {
  const auto autumn = Parse(R"pb(
    observation {
      clearings { id: 1 }
      clearings { id: 2 }
      clearings { id: 3 }
      clearings { id: 4 }
    }
  )pb");
  EXPECT_EQ(OppositeCorner(autumn, 1), 3);
  EXPECT_EQ(OppositeCorner(autumn, 2), 4);
  EXPECT_EQ(OppositeCorner(autumn, 3), 1);
  EXPECT_EQ(OppositeCorner(autumn, 4), 2);
  EXPECT_EQ(OppositeCorner(autumn, 5), 0);
  const auto lake = Parse(R"pb(
    observation {
      clearings { id: 1 coastal: true }
      clearings { id: 2 }
      clearings { id: 3 }
      clearings { id: 4 }
    }
  )pb");
  EXPECT_EQ(OppositeCorner(lake, 1), 2);
  EXPECT_EQ(OppositeCorner(lake, 2), 1);
  EXPECT_EQ(OppositeCorner(lake, 3), 4);
  EXPECT_EQ(OppositeCorner(lake, 4), 3);
  auto holds = [](std::initializer_list<int> ids) {
    return [ids](int id) {
      return std::find(ids.begin(), ids.end(), id) != ids.end();
    };
  };
  EXPECT_TRUE(HoldsCornerPair(autumn, holds({2, 4})));
  EXPECT_FALSE(HoldsCornerPair(autumn, holds({1, 2})));
  EXPECT_TRUE(HoldsCornerPair(lake, holds({1, 2})));
  EXPECT_FALSE(HoldsCornerPair(lake, holds({1, 3, 5})));
}

TEST(HeuristicBase, Law_6_5_4_MarquiseMarchesToABuildSpotWhenNoneIsLeft) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_MARQUISE
    prompt {
      kind: "marquise.action"
      text: "Daylight: choose an action (2 left), or end Daylight."
    }
    options {
      label: "Recruit (a warrior at each recruiter)"
      action { code: 2 }
    }
    options {
      label: "March (up to two moves)"
      action { code: 1 }
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
        adjacent: [ 2 ]
        warriors { faction: FACTION_MARQUISE count: 4 }
        pieces { piece: "sawmill" owner: FACTION_MARQUISE count: 1 }
        pieces { piece: "wood" owner: FACTION_MARQUISE count: 2 }
        ruler: FACTION_MARQUISE
      }
      clearings {
        id: 2
        suit: SUIT_MOUSE
        slots: 2
        adjacent: [ 1 ]
        warriors { faction: FACTION_EYRIE count: 1 }
        ruler: FACTION_EYRIE
      }
      seats { seat: 0 faction: FACTION_MARQUISE victory_points: 4 }
      seats { seat: 1 faction: FACTION_EYRIE victory_points: 3 }
      marquise { sawmills: 2 workshops: 1 recruiters: 1 }
    }
  )pb");
  EXPECT_EQ(Pick(r), "March (up to two moves)");
}

// Law 6.5.4.II with 2.5: a Build pays with wood from clearings connected to
// it through clearings we rule. Marching all three warriors from 4 into 8
// would rule 8, but 4 (no buildings) would be ours no more, and 8 touches
// the wood in 3 only through 4: no Build could follow, so the Marquise
// recruits instead of marching for a build spot.
TEST(HeuristicBase, Law_6_5_4_MarquiseDoesNotMarchAwayFromItsOnlyWoodLink) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_MARQUISE
    prompt {
      kind: "marquise.action"
      text: "Daylight: choose an action (2 left), or end Daylight."
    }
    options {
      label: "Recruit (a warrior at each recruiter)"
      action { code: 2 }
    }
    options {
      label: "March (up to two moves)"
      action { code: 1 }
    }
    options {
      label: "Done"
      done {}
    }
    observation {
      clearings {
        id: 3
        suit: SUIT_RABBIT
        slots: 1
        adjacent: [ 4 ]
        warriors { faction: FACTION_MARQUISE count: 2 }
        pieces { piece: "sawmill" owner: FACTION_MARQUISE count: 1 }
        pieces { piece: "wood" owner: FACTION_MARQUISE count: 2 }
        ruler: FACTION_MARQUISE
      }
      clearings {
        id: 4
        suit: SUIT_RABBIT
        slots: 1
        adjacent: [ 3, 8 ]
        warriors { faction: FACTION_MARQUISE count: 3 }
        pieces { piece: "ruin" count: 1 }
        ruler: FACTION_MARQUISE
      }
      clearings {
        id: 8
        suit: SUIT_FOX
        slots: 2
        adjacent: [ 4 ]
        warriors { faction: FACTION_EYRIE count: 1 }
        ruler: FACTION_EYRIE
      }
      seats { seat: 0 faction: FACTION_MARQUISE victory_points: 5 }
      seats { seat: 1 faction: FACTION_EYRIE victory_points: 3 }
      marquise { sawmills: 1 workshops: 1 recruiters: 1 }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Recruit (a warrior at each recruiter)");
}

// Law 6.5.4.I / 2.5: the march goes where the moved warriors rule a
// clearing with a free slot (three beat one warrior), not into a full one.
TEST(HeuristicBase, Law_6_5_4_MarquiseMovesWhereItCanBuild) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_MARQUISE
    prompt { kind: "move" }
    options {
      label: "Move from 1 (fox) to 2 (mouse)"
      move { from_clearing: 1 to_clearing: 2 }
    }
    options {
      label: "Move from 1 (fox) to 3 (rabbit)"
      move { from_clearing: 1 to_clearing: 3 }
    }
    observation {
      clearings {
        id: 1
        suit: SUIT_FOX
        slots: 1
        adjacent: [ 2, 3 ]
        warriors { faction: FACTION_MARQUISE count: 4 }
        pieces { piece: "sawmill" owner: FACTION_MARQUISE count: 1 }
        pieces { piece: "wood" owner: FACTION_MARQUISE count: 2 }
        ruler: FACTION_MARQUISE
      }
      clearings {
        id: 2
        suit: SUIT_MOUSE
        slots: 2
        adjacent: [ 1 ]
        warriors { faction: FACTION_EYRIE count: 1 }
        ruler: FACTION_EYRIE
      }
      clearings {
        id: 3
        suit: SUIT_RABBIT
        slots: 1
        adjacent: [ 1 ]
        warriors { faction: FACTION_EYRIE count: 1 }
        pieces { piece: "roost" owner: FACTION_EYRIE count: 1 }
        ruler: FACTION_EYRIE
      }
      seats { seat: 0 faction: FACTION_MARQUISE victory_points: 4 }
      seats { seat: 1 faction: FACTION_EYRIE victory_points: 3 }
      marquise { sawmills: 2 workshops: 1 recruiters: 1 }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Move from 1 (fox) to 2 (mouse)");
}

// Law 3.3.1.I: with fox dominance activated only ruling fox clearings wins;
// the Marquise marches into the fox clearing it can take, not onto the
// roost in the mouse clearing that it would otherwise attack.
TEST(HeuristicBase, Law_3_3_1_MarquiseMarchesIntoItsDominanceSuit) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_MARQUISE
    prompt { kind: "move" }
    options {
      label: "Move from 1 (fox) to 2 (mouse)"
      move { from_clearing: 1 to_clearing: 2 }
    }
    options {
      label: "Move from 1 (fox) to 3 (fox)"
      move { from_clearing: 1 to_clearing: 3 }
    }
    observation {
      clearings {
        id: 1
        suit: SUIT_FOX
        slots: 1
        adjacent: [ 2, 3 ]
        warriors { faction: FACTION_MARQUISE count: 6 }
        pieces { piece: "sawmill" owner: FACTION_MARQUISE count: 1 }
        pieces { piece: "wood" owner: FACTION_MARQUISE count: 2 }
        ruler: FACTION_MARQUISE
      }
      clearings {
        id: 2
        suit: SUIT_MOUSE
        slots: 2
        adjacent: [ 1 ]
        warriors { faction: FACTION_EYRIE count: 1 }
        pieces { piece: "roost" owner: FACTION_EYRIE count: 1 }
        ruler: FACTION_EYRIE
      }
      clearings {
        id: 3
        suit: SUIT_FOX
        slots: 1
        adjacent: [ 1 ]
        warriors { faction: FACTION_EYRIE count: 2 }
        ruler: FACTION_EYRIE
      }
      seats {
        seat: 0
        faction: FACTION_MARQUISE
        victory_points: 14
        dominance { name: "Dominance" suit: SUIT_FOX }
      }
      seats { seat: 1 faction: FACTION_EYRIE victory_points: 3 }
      marquise { sawmills: 2 workshops: 1 recruiters: 1 }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Move from 1 (fox) to 3 (fox)");
}

// Law 3.3.1: activating a dominance card ends our scoring, and the win
// comes only if we still rule three fox clearings at our next Birdsong.
// Three clearings held by two warriors against one enemy warrior each (a
// lead of one) are one lucky battle from failing: keep scoring.
TEST(HeuristicBase, Law_3_3_1_MarquiseKeepsAThinDominanceCardInHand) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_MARQUISE
    prompt { kind: "craft" }
    options {
      label: "Activate Dominance (fox)"
      extra {
        action: "activate_dominance"
        card { name: "Dominance" suit: SUIT_FOX }
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
        warriors { faction: FACTION_MARQUISE count: 2 }
        warriors { faction: FACTION_EYRIE count: 1 }
        ruler: FACTION_MARQUISE
      }
      clearings {
        id: 2
        suit: SUIT_FOX
        slots: 1
        warriors { faction: FACTION_MARQUISE count: 2 }
        warriors { faction: FACTION_EYRIE count: 1 }
        ruler: FACTION_MARQUISE
      }
      clearings {
        id: 3
        suit: SUIT_FOX
        slots: 1
        warriors { faction: FACTION_MARQUISE count: 2 }
        warriors { faction: FACTION_EYRIE count: 1 }
        ruler: FACTION_MARQUISE
      }
      seats { seat: 0 faction: FACTION_MARQUISE victory_points: 16 }
      seats { seat: 1 faction: FACTION_EYRIE victory_points: 9 }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Done");
}

// Law 3.3.1: the same three fox clearings held by three warriors each (a
// lead of two or more everywhere): activate.
TEST(HeuristicBase, Law_3_3_1_MarquiseActivatesAFirmDominance) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_MARQUISE
    prompt { kind: "craft" }
    options {
      label: "Activate Dominance (fox)"
      extra {
        action: "activate_dominance"
        card { name: "Dominance" suit: SUIT_FOX }
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
        warriors { faction: FACTION_MARQUISE count: 3 }
        ruler: FACTION_MARQUISE
      }
      clearings {
        id: 2
        suit: SUIT_FOX
        slots: 1
        warriors { faction: FACTION_MARQUISE count: 3 }
        ruler: FACTION_MARQUISE
      }
      clearings {
        id: 3
        suit: SUIT_FOX
        slots: 1
        warriors { faction: FACTION_MARQUISE count: 3 }
        ruler: FACTION_MARQUISE
      }
      seats { seat: 0 faction: FACTION_MARQUISE victory_points: 16 }
      seats { seat: 1 faction: FACTION_EYRIE victory_points: 9 }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Activate Dominance (fox)");
}

// Law 7.5.2.II / 7.5.2.IV: a Build card is safe only if a roost spot of its
// suit is ruled now or one move away; a Move card moves only from a
// clearing of its own suit. The free fox clearing 3 lies next to our
// warriors in rabbit clearing 2, but the Decree's only Move card is a
// mouse: it cannot carry them there, so a fox Build would throw the Eyrie
// into turmoil (7.7). The fox card goes to Recruit (fox roost in 1).
TEST(HeuristicBase, Law_7_5_2_EyrieMovesOnlyFromTheMoveCardsSuit) {
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
        adjacent: [ 2 ]
        warriors { faction: FACTION_EYRIE count: 1 }
        pieces { piece: "roost" owner: FACTION_EYRIE count: 1 }
        ruler: FACTION_EYRIE
      }
      clearings {
        id: 2
        suit: SUIT_RABBIT
        slots: 1
        adjacent: [ 1, 3 ]
        warriors { faction: FACTION_EYRIE count: 3 }
        ruler: FACTION_EYRIE
      }
      clearings {
        id: 3
        suit: SUIT_FOX
        slots: 1
        adjacent: [ 2 ]
      }
      clearings {
        id: 4
        suit: SUIT_MOUSE
        slots: 0
        warriors { faction: FACTION_EYRIE count: 1 }
        ruler: FACTION_EYRIE
      }
      eyrie {
        leader: "Builder"
        decree { viziers: 1 }
        decree { cards { name: "Sword" suit: SUIT_MOUSE } }
        decree {}
        decree {}
        roosts: 1
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Add Anvil (fox) to the Recruit column");
}

// Law 7.5.2 with 11.2.5.I: Move cards resolve before Battle cards, so a
// trade post next to our warriors is in reach of a Battle card this turn
// when the Decree's bird Move vizier can carry more warriors there than it
// has guards (three from the roost in 1 against one). The mouse Battle card
// (safe: the sawmill in 10 is a target) takes the post and halves the
// Riverfolk's ten funds; without the post it would not beat keeping the
// card.
TEST(HeuristicBase, Law_11_2_5_EyrieDecreesABattleWhereAMoveReachesAPost) {
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
        adjacent: [ 9 ]
        warriors { faction: FACTION_EYRIE count: 4 }
        pieces { piece: "roost" owner: FACTION_EYRIE count: 1 }
        ruler: FACTION_EYRIE
      }
      clearings {
        id: 9
        suit: SUIT_MOUSE
        slots: 2
        adjacent: [ 1 ]
        warriors { faction: FACTION_RIVERFOLK count: 1 }
        pieces { piece: "mouse trade post" owner: FACTION_RIVERFOLK count: 1 }
        ruler: FACTION_RIVERFOLK
      }
      clearings {
        id: 10
        suit: SUIT_MOUSE
        slots: 1
        warriors { faction: FACTION_EYRIE count: 2 }
        pieces { piece: "sawmill" owner: FACTION_MARQUISE count: 1 }
        ruler: FACTION_EYRIE
      }
      seats { seat: 0 faction: FACTION_EYRIE victory_points: 8 }
      seats { seat: 1 faction: FACTION_RIVERFOLK victory_points: 10 }
      seats { seat: 2 faction: FACTION_MARQUISE victory_points: 6 }
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

// Law 7.5.2 with 11.2.5.I and 11.4.2: with a Battle card waiting in the
// Decree (the Commander's bird vizier), the Eyrie's move goes onto the
// trade post its warriors outnumber rather than into an empty clearing no
// Build card needs: the post falls in the Battle step, a building for a VP
// (3.2.1) and one post fewer paying the Riverfolk (at 16 VP) dividends.
TEST(HeuristicBase, Law_11_2_5_EyrieMovesOntoAPostItsBattleCardTakes) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_EYRIE
    prompt { kind: "eyrie.decree.move" }
    options {
      label: "Move from 1 (fox) to 5 (rabbit)"
      move { from_clearing: 1 to_clearing: 5 }
    }
    options {
      label: "Move from 1 (fox) to 9 (mouse)"
      move { from_clearing: 1 to_clearing: 9 }
    }
    observation {
      clearings {
        id: 1
        suit: SUIT_FOX
        slots: 1
        adjacent: [ 5, 9 ]
        warriors { faction: FACTION_EYRIE count: 4 }
        pieces { piece: "roost" owner: FACTION_EYRIE count: 1 }
        ruler: FACTION_EYRIE
      }
      clearings {
        id: 5
        suit: SUIT_RABBIT
        slots: 1
        adjacent: [ 1 ]
      }
      clearings {
        id: 9
        suit: SUIT_MOUSE
        slots: 1
        adjacent: [ 1 ]
        warriors { faction: FACTION_RIVERFOLK count: 1 }
        pieces { piece: "mouse trade post" owner: FACTION_RIVERFOLK count: 1 }
        ruler: FACTION_RIVERFOLK
      }
      clearings {
        id: 12
        suit: SUIT_FOX
        slots: 1
        warriors { faction: FACTION_RIVERFOLK count: 3 }
        pieces { piece: "fox trade post" owner: FACTION_RIVERFOLK count: 1 }
        ruler: FACTION_RIVERFOLK
      }
      seats { seat: 0 faction: FACTION_EYRIE victory_points: 12 }
      seats { seat: 1 faction: FACTION_RIVERFOLK victory_points: 16 }
      eyrie {
        leader: "Commander"
        decree {}
        decree { viziers: 1 }
        decree { viziers: 1 }
        decree {}
        roosts: 1
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Move from 1 (fox) to 9 (mouse)");
}

// Law 3.3.1.I: a dominance card wins only with three clearings of its suit
// ruled at the holder's Birdsong. The Marquise rules one fox clearing (the
// Vagabond's): no threat yet, so the Vagabond quests instead of battling a
// faction it is not Hostile with.
TEST(HeuristicBase, Law_3_3_1_VagabondIgnoresADominanceNotYetHeld) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_VAGABOND
    prompt { kind: "vagabond.action" }
    options {
      label: "Quest"
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
        id: 5
        suit: SUIT_FOX
        slots: 2
        warriors { faction: FACTION_MARQUISE count: 1 }
        ruler: FACTION_MARQUISE
      }
      clearings { id: 6 suit: SUIT_FOX slots: 2 }
      clearings { id: 7 suit: SUIT_FOX slots: 2 }
      seats { seat: 0 faction: FACTION_VAGABOND victory_points: 12 }
      seats {
        seat: 1
        faction: FACTION_MARQUISE
        victory_points: 11
        dominance { name: "Dominance" suit: SUIT_FOX }
      }
      vagabonds {
        faction: FACTION_VAGABOND
        clearing: 5
        items { item: "sword" }
        items { item: "sword" }
        items { item: "boot" }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Quest");
}

// Law 3.3.1.I with 9.2.6: the Marquise rules three fox clearings and wins
// at its next Birdsong unless one is broken. The Vagabond (two ready
// swords) moves to clearing 6, held by a lead of one warrior, not to
// clearing 7, held by five: there its battle can end the Marquise's rule.
TEST(HeuristicBase, Law_3_3_1_VagabondGoesWhereItCanBreakADominance) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_VAGABOND
    prompt { kind: "vagabond.move" }
    options {
      label: "6 (fox)"
      clearing { clearing: 6 }
    }
    options {
      label: "7 (fox)"
      clearing { clearing: 7 }
    }
    observation {
      clearings {
        id: 5
        suit: SUIT_FOX
        slots: 2
        adjacent: [ 6, 7 ]
        warriors { faction: FACTION_MARQUISE count: 3 }
        ruler: FACTION_MARQUISE
      }
      clearings {
        id: 6
        suit: SUIT_FOX
        slots: 2
        adjacent: [ 5 ]
        warriors { faction: FACTION_MARQUISE count: 2 }
        warriors { faction: FACTION_EYRIE count: 1 }
        ruler: FACTION_MARQUISE
      }
      clearings {
        id: 7
        suit: SUIT_FOX
        slots: 2
        adjacent: [ 5 ]
        warriors { faction: FACTION_MARQUISE count: 5 }
        ruler: FACTION_MARQUISE
      }
      seats { seat: 0 faction: FACTION_VAGABOND victory_points: 12 }
      seats {
        seat: 1
        faction: FACTION_MARQUISE
        victory_points: 11
        dominance { name: "Dominance" suit: SUIT_FOX }
      }
      seats { seat: 2 faction: FACTION_EYRIE victory_points: 4 }
      vagabonds {
        faction: FACTION_VAGABOND
        clearing: 5
        items { item: "sword" }
        items { item: "sword" }
        items { item: "boot" }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "6 (fox)");
}

// Law 9.3.1 / 9.2.6: the Arbiter's two starting swords break dominance
// holds and take trade posts; the heuristic picks him over the Harrier.
TEST(HeuristicBase, Law_9_3_1_VagabondPicksTheArbiter) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_VAGABOND_SECOND
    prompt { kind: "vagabond.setup.character" }
    options {
      label: "Harrier"
      character { character: "Harrier" }
    }
    options {
      label: "Arbiter"
      character { character: "Arbiter" }
    }
    options {
      label: "Thief"
      character { character: "Thief" }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Arbiter");
}

}  // namespace
}  // namespace woodland::bots
