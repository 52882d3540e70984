// The heuristic's Keepers in Iron plan (bots/heuristic/keepers_plan.cc) on
// hand-made requests: each test names the Law clause its decision follows.
#include <string>

#include "gtest/gtest.h"
#include "tests/bots/policy_request.h"

namespace woodland::bots {
namespace {

// Law 15.5.2.III: a relic lying at a waystation showing its type is scored
// by a Move or Recover card of the clearing's suit (15.5.2.III.a-b), so the
// Evening's card (15.6.2) goes to that column rather than Battle then Delve.
TEST(KeepersPlan, Law_15_5_2_III_GatherMoveOrRecoverWhereARelicWaits) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_KEEPERS
    prompt { kind: "keepers.gather_retinue" }
    options {
      label: "Add Bake Sale (fox) to Move"
      action { code: 1 }
    }
    options {
      label: "Add Bake Sale (fox) to Battle then Delve"
      action { code: 1 }
    }
    options {
      label: "Add Bake Sale (fox) to Move or Recover"
      action { code: 1 }
    }
    options {
      label: "Done"
      done {}
    }
    observation {
      clearings {
        id: 3
        suit: SUIT_FOX
        warriors { faction: FACTION_KEEPERS count: 2 }
        pieces { piece: "tablet waystation" owner: FACTION_KEEPERS count: 1 }
        ruler: FACTION_KEEPERS
      }
      seats { seat: 0 faction: FACTION_KEEPERS }
      keepers {
        relics {
          clearing: 3
          relics { type: "tablet" value: 2 face_up: true }
        }
        waystations {
          front: "tablet"
          back: "jewelry"
          shown: "tablet"
          clearing: 3
        }
        retinue { column: "move" faithful_retainers: 1 }
        retinue { column: "battle_then_delve" faithful_retainers: 1 }
        retinue { column: "move_or_recover" faithful_retainers: 1 }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Add Bake Sale (fox) to Move or Recover");
}

// Law 15.4.2 then 15.4.1: decamped now, the waystation is encamped again
// next Birdsong showing its other side, where the relic of that type lying
// in its clearing can then be recovered (15.5.2.III.a) instead of carried to
// the other waystation showing that type.
TEST(KeepersPlan, Law_15_4_2_DecampToShowARelicHereEvenIfAnotherShowsIt) {
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
      clearings {
        id: 9
        suit: SUIT_MOUSE
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
        waystations {
          front: "tablet"
          back: "jewelry"
          shown: "tablet"
          clearing: 9
        }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Decamp the figure waystation in 5 (rabbit)");
}

// Law 15.5.2.II.b: a delve from a forest around which the Keepers rule fewer
// clearings than the relic's value discards the Retinue card; a relic that
// keeps the card comes first even when the other could be recovered on the
// spot (15.5.2.III.a) and this one must be carried to its waystation.
TEST(KeepersPlan,
     Law_15_5_2_II_b_DelveKeepingTheCardBeforeRecoveringOnTheSpot) {
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
      clearings {
        id: 3
        suit: SUIT_FOX
        warriors { faction: FACTION_KEEPERS count: 2 }
        ruler: FACTION_KEEPERS
      }
      clearings {
        id: 4
        suit: SUIT_RABBIT
        warriors { faction: FACTION_KEEPERS count: 1 }
        ruler: FACTION_KEEPERS
      }
      clearings { id: 6 suit: SUIT_MOUSE ruler: FACTION_EYRIE }
      clearings {
        id: 7
        suit: SUIT_MOUSE
        warriors { faction: FACTION_KEEPERS count: 1 }
        ruler: FACTION_KEEPERS
      }
      seats { seat: 0 faction: FACTION_KEEPERS }
      keepers {
        relics {
          forest: 1
          clearings_around: [ 3, 6 ]
          relics { type: "figure" value: 3 face_up: true }
        }
        relics {
          forest: 2
          clearings_around: [ 3, 4 ]
          relics { type: "tablet" value: 2 face_up: true }
        }
        waystations {
          front: "figure"
          back: "tablet"
          shown: "figure"
          clearing: 3
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
  EXPECT_EQ(Pick(r), "Forest 2");
}

// Law 3.3.1: an activated dominance card takes the score marker off the
// track; the plan races for 30 VP and does not hold the suit's clearings to
// its next Birdsong, so it keeps scoring even when it rules three clearings
// of the card's suit now.
TEST(HeuristicKeepers, Law_3_3_1_KeepScoringRatherThanActivateDominance) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_KEEPERS
    prompt { kind: "daylight.end" }
    options {
      label: "Activate Dominance (mouse)"
      extra {
        action: "activate_dominance"
        card { id: 50 name: "Dominance" suit: SUIT_MOUSE }
      }
    }
    options {
      label: "Done"
      done {}
    }
    observation {
      clearings {
        id: 2
        suit: SUIT_MOUSE
        warriors { faction: FACTION_KEEPERS count: 3 }
        ruler: FACTION_KEEPERS
      }
      clearings {
        id: 7
        suit: SUIT_MOUSE
        warriors { faction: FACTION_KEEPERS count: 3 }
        ruler: FACTION_KEEPERS
      }
      clearings {
        id: 9
        suit: SUIT_MOUSE
        warriors { faction: FACTION_KEEPERS count: 3 }
        ruler: FACTION_KEEPERS
      }
      seats { seat: 0 faction: FACTION_KEEPERS victory_points: 14 }
      seats { seat: 1 faction: FACTION_EYRIE victory_points: 9 }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Done");
}

// Law 15.4.3: a bird card matches any waystation. With no warriors left on
// the map no Retinue card can act (15.5.2: moves, battles, delves and
// recoveries all need warriors or a clearing we rule), so the bird recruits.
TEST(HeuristicKeepers, Law_15_4_3_RecruitWithABirdWhenNoWarriorsAreLeft) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_KEEPERS
    prompt { kind: "keepers.recruit" }
    options {
      label: "Spend Royal Claim (bird): two warriors at 12 (fox)"
      card { id: 20 name: "Royal Claim" suit: SUIT_BIRD }
    }
    options {
      label: "Done"
      done {}
    }
    observation {
      clearings {
        id: 12
        suit: SUIT_FOX
        pieces { piece: "tablet waystation" owner: FACTION_KEEPERS count: 1 }
        ruler: FACTION_KEEPERS
      }
      seats { seat: 0 faction: FACTION_KEEPERS }
      keepers {
        waystations {
          front: "tablet"
          back: "jewelry"
          shown: "tablet"
          clearing: 12
        }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Spend Royal Claim (bird): two warriors at 12 (fox)");
}

// Law 15.6.2: a Retinue of ten cards takes no more, but one card can be
// shifted. With relics still in the forests and no Battle then Delve card
// the Keepers never delve again (15.5.2.II): shift a spare Move card there.
TEST(HeuristicKeepers, Law_15_6_2_ShiftToBattleThenDelveWhenTheRetinueIsFull) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_KEEPERS
    prompt { kind: "keepers.gather_retinue" }
    options {
      label: "Shift Cobbler (rabbit) from Move to Battle then Delve"
      action { code: 2 }
    }
    options {
      label: "Shift Sword (mouse) from Move or Recover to Move"
      action { code: 2 }
    }
    options {
      label: "Done"
      done {}
    }
    observation {
      clearings {
        id: 5
        suit: SUIT_RABBIT
        warriors { faction: FACTION_KEEPERS count: 2 }
        ruler: FACTION_KEEPERS
      }
      seats { seat: 0 faction: FACTION_KEEPERS }
      keepers {
        relics {
          forest: 1
          clearings_around: [ 1, 5 ]
          relics { type: "figure" }
          relics { type: "tablet" }
        }
        relics {
          forest: 2
          clearings_around: [ 5, 9 ]
          relics { type: "jewelry" }
        }
        retinue {
          column: "move"
          faithful_retainers: 1
          cards { id: 38 name: "Cobbler" suit: SUIT_RABBIT }
          cards { id: 39 name: "Command Warren" suit: SUIT_RABBIT }
          cards { id: 34 name: "Favor of the Rabbits" suit: SUIT_RABBIT }
        }
        retinue { column: "battle_then_delve" }
        retinue {
          column: "move_or_recover"
          cards { id: 53 name: "Scouting Party" suit: SUIT_MOUSE }
          cards { id: 40 name: "Sword" suit: SUIT_MOUSE }
          cards { id: 33 name: "Smuggler's Trail" suit: SUIT_RABBIT }
          cards { id: 28 name: "Ambush!" suit: SUIT_RABBIT }
          cards { id: 50 name: "Codebreakers" suit: SUIT_MOUSE }
          cards { id: 51 name: "Bake Sale" suit: SUIT_RABBIT }
        }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Shift Cobbler (rabbit) from Move to Battle then Delve");
}

// Law 15.6.2 after 15.4.3: cards join the Retinue only from the hand at
// Evening, so with warriors enough on the map (nine here) and a small
// Retinue the last card of a suit is kept for it rather than spent on two
// more warriors.
TEST(HeuristicKeepers, Law_15_6_2_KeepTheLastSuitedCardForTheRetinue) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_KEEPERS
    prompt { kind: "keepers.recruit" }
    options {
      label: "Spend Cobbler (rabbit): two warriors at 4 (rabbit)"
      card { id: 38 name: "Cobbler" suit: SUIT_RABBIT }
    }
    options {
      label: "Done"
      done {}
    }
    observation {
      clearings {
        id: 4
        suit: SUIT_RABBIT
        warriors { faction: FACTION_KEEPERS count: 3 }
        pieces { piece: "figure waystation" owner: FACTION_KEEPERS count: 1 }
        ruler: FACTION_KEEPERS
      }
      clearings {
        id: 9
        suit: SUIT_MOUSE
        warriors { faction: FACTION_KEEPERS count: 3 }
        ruler: FACTION_KEEPERS
      }
      clearings {
        id: 12
        suit: SUIT_FOX
        warriors { faction: FACTION_KEEPERS count: 3 }
        ruler: FACTION_KEEPERS
      }
      seats { seat: 0 faction: FACTION_KEEPERS }
      keepers {
        waystations {
          front: "figure"
          back: "tablet"
          shown: "figure"
          clearing: 4
        }
        retinue { column: "move" faithful_retainers: 1 }
        retinue { column: "battle_then_delve" faithful_retainers: 1 }
        retinue { column: "move_or_recover" faithful_retainers: 1 }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Done");
}

// Law 15.2.3, 4.1.2: a waystation crafts an item for its VP. A card that
// crafts no item (Armorers) is worth more in the Retinue (15.6.2), where it
// acts every Daylight (15.5.2): craft the item, the most VP first.
TEST(HeuristicKeepers, Law_4_1_2_CraftTheItemThatScoresTheMost) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_KEEPERS
    prompt { kind: "craft" }
    options {
      label: "Armorers (bird)"
      card { id: 3 name: "Armorers" suit: SUIT_BIRD }
    }
    options {
      label: "Crossbow (mouse)"
      card { id: 30 name: "Crossbow" suit: SUIT_MOUSE }
    }
    options {
      label: "Root Tea (fox)"
      card { id: 20 name: "Root Tea" suit: SUIT_FOX }
    }
    options {
      label: "Done"
      done {}
    }
    observation {
      clearings {
        id: 2
        suit: SUIT_MOUSE
        warriors { faction: FACTION_KEEPERS count: 2 }
        ruler: FACTION_KEEPERS
      }
      seats { seat: 0 faction: FACTION_KEEPERS victory_points: 10 }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Root Tea (fox)");
}

// Law 15.6.2, 15.5.2: a card that crafts no item stays in hand for the
// Retinue rather than being crafted (a bird card fits any column).
TEST(HeuristicKeepers, Law_15_6_2_KeepACardThatCraftsNoItemForTheRetinue) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_KEEPERS
    prompt { kind: "craft" }
    options {
      label: "Sappers (bird)"
      card { id: 5 name: "Sappers" suit: SUIT_BIRD }
    }
    options {
      label: "Done"
      done {}
    }
    observation {
      clearings {
        id: 2
        suit: SUIT_MOUSE
        warriors { faction: FACTION_KEEPERS count: 2 }
        ruler: FACTION_KEEPERS
      }
      seats { seat: 0 faction: FACTION_KEEPERS victory_points: 10 }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Done");
}

// Law 15.6.2: the Retinue holds ten cards, and once full only one card can
// be shifted each Evening. A rabbit card acts only in a rabbit clearing
// (15.5.2): with no warriors (Move, Battle then Delve) and no waystation
// (Recover) there it cannot act, so with six cards already in the Retinue it
// stays in hand (to recruit at a rabbit waystation later, 15.4.3) and keeps
// the slot free for a card that can act.
TEST(HeuristicKeepers, Law_15_6_2_LeaveACardThatCannotActOutOfTheRetinue) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_KEEPERS
    prompt { kind: "keepers.gather_retinue" }
    options {
      label: "Add Cobbler (rabbit) to Move"
      action { code: 1 }
    }
    options {
      label: "Add Cobbler (rabbit) to Battle then Delve"
      action { code: 1 }
    }
    options {
      label: "Add Cobbler (rabbit) to Move or Recover"
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
        warriors { faction: FACTION_KEEPERS count: 3 }
        pieces { piece: "figure waystation" owner: FACTION_KEEPERS count: 1 }
        ruler: FACTION_KEEPERS
      }
      clearings { id: 4 suit: SUIT_RABBIT }
      seats { seat: 0 faction: FACTION_KEEPERS victory_points: 10 }
      keepers {
        waystations {
          front: "figure"
          back: "tablet"
          shown: "figure"
          clearing: 1
        }
        retinue {
          column: "move"
          faithful_retainers: 1
          cards { id: 20 name: "Royal Claim" suit: SUIT_BIRD }
        }
        retinue {
          column: "battle_then_delve"
          faithful_retainers: 1
          cards { id: 7 name: "Anvil" suit: SUIT_FOX }
        }
        retinue {
          column: "move_or_recover"
          faithful_retainers: 1
          cards { id: 8 name: "Root Tea" suit: SUIT_FOX }
        }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Done");
}

// Law 3.1: the first player to reach 30 victory points wins at once, and a
// recovered relic scores its value (15.5.2.III.b). At 27 VP the value-3
// relic wins now; the lowest value first (which keeps the Retinue card more
// often, 15.5.2.III.c) would leave the game open.
TEST(HeuristicKeepers, Law_3_1_RecoverTheRelicThatWinsNow) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_KEEPERS
    prompt { kind: "keepers.recover" text: "Recover which relic in 3 (fox)?" }
    options {
      label: "Recover the jewelry relic (value 1)"
      action { code: 1 }
    }
    options {
      label: "Recover the jewelry relic (value 3)"
      action { code: 2 }
    }
    options {
      label: "Done"
      done {}
    }
    observation {
      clearings {
        id: 3
        suit: SUIT_FOX
        warriors { faction: FACTION_KEEPERS count: 2 }
        pieces { piece: "jewelry waystation" owner: FACTION_KEEPERS count: 1 }
        ruler: FACTION_KEEPERS
      }
      seats { seat: 0 faction: FACTION_KEEPERS victory_points: 27 }
      keepers {
        relics {
          clearing: 3
          relics { type: "jewelry" value: 1 face_up: true }
          relics { type: "jewelry" value: 3 face_up: true }
        }
        waystations {
          front: "jewelry"
          back: "figure"
          shown: "jewelry"
          clearing: 3
        }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Recover the jewelry relic (value 3)");
}

// Law 11.4.2: while a trade post stands, the Riverfolk score a VP per two
// funds every Birdsong, and a removed post halves their funds (11.2.5.I).
// A stack of warriors heads toward the post three steps away (to battle it
// later, 15.5.2.II) rather than toward a forest holding one relic.
TEST(HeuristicKeepers, Law_11_4_2_MarchTowardATradePost) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_KEEPERS
    prompt { kind: "move" text: "Move from where to where?" }
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
        adjacent: [ 2, 3 ]
        warriors { faction: FACTION_KEEPERS count: 4 }
        ruler: FACTION_KEEPERS
      }
      clearings {
        id: 2
        suit: SUIT_MOUSE
        adjacent: [ 1, 6 ]
      }
      clearings {
        id: 3
        suit: SUIT_RABBIT
        adjacent: [ 1 ]
      }
      clearings {
        id: 6
        suit: SUIT_RABBIT
        adjacent: [ 2, 5 ]
      }
      clearings {
        id: 5
        suit: SUIT_FOX
        adjacent: [ 6 ]
        warriors { faction: FACTION_RIVERFOLK count: 1 }
        pieces { piece: "fox trade post" owner: FACTION_RIVERFOLK count: 1 }
        ruler: FACTION_RIVERFOLK
      }
      seats { seat: 0 faction: FACTION_KEEPERS victory_points: 12 }
      seats { seat: 1 faction: FACTION_RIVERFOLK victory_points: 14 }
      riverfolk { funds { faction: FACTION_MARQUISE count: 12 } }
      keepers {
        relics {
          forest: 4
          clearings_around: [ 3 ]
          relics { type: "tablet" face_up: false }
        }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Move from 1 (fox) to 2 (mouse)");
}

// Law 4.1.2: a crafted item card scores its VP, and the Keepers craft with
// their waystations (15.2.3). From 24 VP an item card in hand is kept to
// be crafted toward 30 (3.1) rather than spent to recruit (15.4.3).
TEST(HeuristicKeepers, Law_4_1_2_KeepAnItemCardNearThirty) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_KEEPERS
    prompt { kind: "keepers.recruit" }
    options {
      label: "Spend Root Tea (fox): two warriors at 1 (fox)"
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
        warriors { faction: FACTION_KEEPERS count: 4 }
        pieces { piece: "figure waystation" owner: FACTION_KEEPERS count: 1 }
        ruler: FACTION_KEEPERS
      }
      seats { seat: 0 faction: FACTION_KEEPERS victory_points: 25 }
      keepers {
        waystations {
          front: "figure"
          back: "tablet"
          shown: "figure"
          clearing: 1
        }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Done");
}

// Law 15.2.4: warriors carry relics as they move, and a relic is recovered
// only at a waystation of its type (15.5.2.III.a). From 22 VP carrying a
// relic a step closer to its waystation beats taking an empty clearing.
TEST(HeuristicKeepers, Law_15_2_4_CarryTheRelicHomeNearThirty) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_KEEPERS
    prompt { kind: "move" text: "Move from where to where?" }
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
        adjacent: [ 2, 3 ]
        warriors { faction: FACTION_KEEPERS count: 3 }
        ruler: FACTION_KEEPERS
      }
      clearings {
        id: 2
        suit: SUIT_MOUSE
        adjacent: [ 1, 5 ]
        warriors { faction: FACTION_KEEPERS count: 1 }
        ruler: FACTION_KEEPERS
      }
      clearings {
        id: 3
        suit: SUIT_RABBIT
        adjacent: [ 1 ]
      }
      clearings {
        id: 5
        suit: SUIT_RABBIT
        adjacent: [ 2, 7 ]
      }
      clearings {
        id: 7
        suit: SUIT_FOX
        adjacent: [ 5 ]
        warriors { faction: FACTION_KEEPERS count: 1 }
        pieces { piece: "tablet waystation" owner: FACTION_KEEPERS count: 1 }
        ruler: FACTION_KEEPERS
      }
      seats { seat: 0 faction: FACTION_KEEPERS victory_points: 22 }
      keepers {
        relics {
          clearing: 1
          relics { type: "tablet" value: 2 face_up: true }
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
  EXPECT_EQ(Pick(r), "Move from 1 (fox) to 2 (mouse)");
}

// Law 15.5.2: the Retinue's actions are taken if the Keepers wish ("you may
// take the column's action"). A Move or Recover card with nothing to
// recover and only a move that brings nothing (the warriors that just came
// to 7 would go back to 8, which they rule already, no relic, forest or
// trade post nearer) is left for a later Daylight: Done.
TEST(HeuristicKeepers, Law_15_5_2_DeclineAMoveThatBringsNothing) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_KEEPERS
    prompt { kind: "keepers.retinue" }
    options {
      label: "Use Sword (mouse) (Move or Recover)"
      action { code: 1 }
    }
    options {
      label: "Done"
      done {}
    }
    observation {
      clearings {
        id: 7
        suit: SUIT_MOUSE
        warriors { faction: FACTION_KEEPERS count: 2 }
        ruler: FACTION_KEEPERS
        adjacent: [ 8 ]
      }
      clearings {
        id: 8
        suit: SUIT_FOX
        warriors { faction: FACTION_KEEPERS count: 2 }
        pieces { piece: "tablet waystation" owner: FACTION_KEEPERS count: 1 }
        ruler: FACTION_KEEPERS
        adjacent: [ 7 ]
      }
      seats { seat: 0 faction: FACTION_KEEPERS }
      keepers {
        waystations {
          front: "figure"
          back: "tablet"
          shown: "tablet"
          clearing: 8
        }
        retinue { column: "move" faithful_retainers: 1 }
        retinue { column: "battle_then_delve" faithful_retainers: 1 }
        retinue {
          column: "move_or_recover"
          faithful_retainers: 1
          cards { name: "Sword" suit: SUIT_MOUSE }
        }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Done");
}

// Law 14.4.1: at the Hundreds' Birdsong a mob razes every enemy building
// and token in its clearing, a relic too, which then scores them two VP
// and goes back to a forest (15.2.5). A relic is not carried into a mob's
// clearing where no waystation of its type can take it.
TEST(HeuristicKeepers, Law_14_4_1_CarryNoRelicIntoAMob) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_KEEPERS
    prompt {
      kind: "keepers.devout_knights"
      text: "Carry a relic from 1 (fox) to 2 (mouse)?"
    }
    options {
      label: "Carry the figure relic (value 3)"
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
        warriors { faction: FACTION_KEEPERS count: 1 }
        ruler: FACTION_KEEPERS
        adjacent: [ 2 ]
      }
      clearings {
        id: 2
        suit: SUIT_MOUSE
        warriors { faction: FACTION_KEEPERS count: 2 }
        warriors { faction: FACTION_HUNDREDS count: 1 }
        pieces { piece: "mob" owner: FACTION_HUNDREDS count: 1 }
        ruler: FACTION_KEEPERS
        adjacent: [ 1, 3 ]
      }
      clearings {
        id: 3
        suit: SUIT_RABBIT
        pieces { piece: "figure waystation" owner: FACTION_KEEPERS count: 1 }
        ruler: FACTION_KEEPERS
        adjacent: [ 2 ]
      }
      seats { seat: 0 faction: FACTION_KEEPERS }
      seats { seat: 1 faction: FACTION_HUNDREDS }
      keepers {
        relics {
          clearing: 1
          relics { type: "figure" value: 3 face_up: true }
        }
        waystations {
          front: "figure"
          back: "tablet"
          shown: "figure"
          clearing: 3
        }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Done");
}

// Law 14.4.1: a waystation encamped in a mob's clearing is razed at the
// Hundreds' next Birdsong (a VP to them, Law 3.2.1); encamp elsewhere.
TEST(HeuristicKeepers, Law_14_4_1_EncampAwayFromAMob) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_KEEPERS
    prompt { kind: "keepers.encamp" }
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
        id: 2
        suit: SUIT_MOUSE
        warriors { faction: FACTION_KEEPERS count: 3 }
        pieces { piece: "mob" owner: FACTION_HUNDREDS count: 1 }
        ruler: FACTION_KEEPERS
      }
      seats { seat: 0 faction: FACTION_KEEPERS }
      seats { seat: 1 faction: FACTION_HUNDREDS }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Done");
}

// Law 3.3.1.I: the Hundreds rule three fox clearings with their fox
// dominance activated and win at their next Birdsong. Moving both warriors
// into 3 ties their two there, and nobody rules a tie (Law 2.5); keeping
// one back in 1 would not stop the win.
TEST(HeuristicKeepers, Law_3_3_1_I_MoveEnoughToBreakTheRuleThatWins) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_KEEPERS
    prompt {
      kind: "move.count"
      text: "How many warriors move from 1 (fox) to 3 (fox)?"
    }
    options {
      label: "Move 1 warrior from 1 (fox) to 3 (fox)"
      count { count: 1 }
    }
    options {
      label: "Move 2 warriors from 1 (fox) to 3 (fox)"
      count { count: 2 }
    }
    observation {
      clearings {
        id: 1
        suit: SUIT_FOX
        warriors { faction: FACTION_KEEPERS count: 2 }
        ruler: FACTION_KEEPERS
        adjacent: [ 3 ]
      }
      clearings {
        id: 3
        suit: SUIT_FOX
        warriors { faction: FACTION_HUNDREDS count: 2 }
        ruler: FACTION_HUNDREDS
        adjacent: [ 1 ]
      }
      clearings {
        id: 5
        suit: SUIT_FOX
        warriors { faction: FACTION_HUNDREDS count: 3 }
        ruler: FACTION_HUNDREDS
      }
      clearings {
        id: 6
        suit: SUIT_FOX
        warriors { faction: FACTION_HUNDREDS count: 3 }
        ruler: FACTION_HUNDREDS
      }
      seats { seat: 0 faction: FACTION_KEEPERS }
      seats {
        seat: 1
        faction: FACTION_HUNDREDS
        dominance { name: "Dominance" suit: SUIT_FOX }
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Move 2 warriors from 1 (fox) to 3 (fox)");
}

}  // namespace
}  // namespace woodland::bots
