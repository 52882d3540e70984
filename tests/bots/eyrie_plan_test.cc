// The heuristic's Eyrie Decree planning (Law 7.4.2 / 7.5.2 / 7.7), each on a
// hand-made request: the prompt, the options and just enough of the seat's
// observation to make the reason visible. The policy sees only the request.
#include <string>

#include "gtest/gtest.h"
#include "tests/bots/policy_request.h"

namespace woodland::bots {
namespace {

// A Decree whose fox Build card cannot be resolved this turn: the only fox
// clearing holds our roost and no free slot, and no roost spot lies a move
// away. `cards` adds the options (and the Decree's first added card).
v1::DecisionRequest DoomedDecree(const std::string& options) {
  return Parse(R"pb(
                 seat: 0
                 faction: FACTION_EYRIE
                 prompt { kind: "eyrie.decree.add" }
               )pb" +
               options + R"pb(
    observation {
      clearings {
        id: 1
        suit: SUIT_FOX
        slots: 1
        adjacent: [ 2 ]
        warriors { faction: FACTION_EYRIE count: 3 }
        pieces { piece: "roost" owner: FACTION_EYRIE count: 1 }
        ruler: FACTION_EYRIE
      }
      clearings {
        id: 2
        suit: SUIT_RABBIT
        slots: 0
        adjacent: [ 1 ]
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
}

// Law 7.7.2 (Purge) with 7.4.2: the fox Build card fails this turn whatever
// is added, and turmoil discards every card of the Decree; one card added
// is enough, so the Eyrie stops rather than add a second card to lose.
TEST(HeuristicEyrie, Law_7_7_2_EyrieAddsNoSecondCardToADoomedDecree) {
  const auto r = DoomedDecree(R"pb(
    options {
      label: "Add Anvil (fox) to the Recruit column"
      decree {
        card { name: "Anvil" suit: SUIT_FOX }
        column: 0
      }
    }
    options {
      label: "Add Anvil (fox) to the Move column"
      decree {
        card { name: "Anvil" suit: SUIT_FOX }
        column: 1
      }
    }
    options {
      label: "Done"
      done {}
    }
  )pb");
  EXPECT_EQ(Pick(r), "Done");
}

// Law 7.7.1 (Humiliate): a bird card on a Decree that falls into turmoil
// costs a VP and is purged (7.7.2). The card that must be added (7.4.2)
// is the suited one, where it still resolves before the Build column.
TEST(HeuristicEyrie, Law_7_7_1_EyrieAddsNoBirdToADoomedDecree) {
  const auto r = DoomedDecree(R"pb(
    options {
      label: "Add Crossbow (bird) to the Recruit column"
      decree {
        card { name: "Crossbow" suit: SUIT_BIRD }
        column: 0
      }
    }
    options {
      label: "Add Anvil (fox) to the Move column"
      decree {
        card { name: "Anvil" suit: SUIT_FOX }
        column: 1
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Add Anvil (fox) to the Move column");
}

// Law 7.7.3 (Depose) with 7.8 and 7.5.2.I: all twenty warriors are on the
// map, so a Recruit vizier (the Builder's, 7.8.1) cannot place one and
// would throw the Eyrie into turmoil again next turn; the Commander's
// viziers (Move, Battle, 7.8.3) can both be resolved: warriors to move and
// two Marquise warriors to battle.
TEST(HeuristicEyrie, Law_7_7_3_EyrieDeposesToALeaderItsViziersCanServe) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_EYRIE
    prompt { kind: "eyrie.leader" }
    options {
      label: "Builder"
      leader { leader: "Builder" }
    }
    options {
      label: "Commander"
      leader { leader: "Commander" }
    }
    observation {
      clearings {
        id: 1
        suit: SUIT_FOX
        slots: 1
        adjacent: [ 2 ]
        warriors { faction: FACTION_EYRIE count: 20 }
        warriors { faction: FACTION_MARQUISE count: 2 }
        pieces { piece: "roost" owner: FACTION_EYRIE count: 1 }
        ruler: FACTION_EYRIE
      }
      clearings {
        id: 2
        suit: SUIT_RABBIT
        slots: 0
        adjacent: [ 1 ]
      }
      eyrie {
        decree {}
        decree {}
        decree {}
        decree {}
        roosts: 1
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Commander");
}

// The Eyrie's fox roost in 1, a ruled fox roost spot in 6 and a rabbit
// roost spot in 2 (free, unruled, next to 6); `decree` is the Decree's
// Build column, `six` our warriors and the Marquise's in 6.
v1::DecisionRequest FoxSpot(const std::string& prompt,
                            const std::string& options,
                            const std::string& build, const std::string& six) {
  return Parse(R"pb(
                 seat: 0
                 faction: FACTION_EYRIE
                 prompt { kind: ")pb" +
               prompt + "\" }" + options + R"pb(
                 observation { clearings {
                   id: 1
                   suit: SUIT_FOX
                   slots: 1
                   adjacent: [ 3 ]
                   warriors { faction: FACTION_EYRIE count: 3 }
                   pieces { piece: "roost" owner: FACTION_EYRIE count: 1 }
                   ruler: FACTION_EYRIE
                 }
                               clearings {
                                 id: 2
                                 suit: SUIT_RABBIT
                                 slots: 1
                                 adjacent: [ 6 ]
                               }
                               clearings {
                                 id: 3
                                 suit: SUIT_RABBIT
                                 slots: 0
                                 adjacent: [ 1 ]
                               }
                               clearings { id: 6 suit: SUIT_FOX slots: 2
                                           adjacent: [ 2 ]
               )pb" +
               six + R"pb(
        ruler: FACTION_EYRIE
      }
                         eyrie {
        leader: "Builder"
        decree { viziers: 1 }
        decree { viziers: 1 }
        decree {}
        decree { )pb" +
               build + R"pb(}
                            roosts: 1
      }
    }
  )pb");
}

// Law 7.5.2.IV with 7.7: a Build card must place a new roost every turn.
// The one ruled fox spot (6) serves a fox Build card this turn, and then
// none is left for the next: the card would doom next turn's Decree, so
// the fox card goes to Recruit (the fox roost in 1) instead.
TEST(HeuristicEyrie, Law_7_5_2_IV_EyrieAddsNoBuildCardWithoutASpotForNextTurn) {
  const auto r = FoxSpot("eyrie.decree.add", R"pb(
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
                         )pb",
                         "", "warriors { faction: FACTION_EYRIE count: 1 }");
  EXPECT_EQ(Pick(r), "Add Anvil (fox) to the Recruit column");
}

// Law 7.5.2 (Move resolves before Build) with 7.2.2: the fox Build card
// needs the ruled spot in 6, held by one warrior. Moving it out to the
// rabbit spot in 2 loses the rule and the Build (turmoil, 7.7); the move
// goes from the roost in 1 instead.
TEST(HeuristicEyrie, Law_7_5_2_IV_EyrieKeepsTheSpotItsBuildCardNeeds) {
  const auto r = FoxSpot("eyrie.decree.move", R"pb(
                           options {
                             label: "Move from 6 (fox) to 2 (rabbit)"
                             move { from_clearing: 6 to_clearing: 2 }
                           }
                           options {
                             label: "Move from 1 (fox) to 3 (rabbit)"
                             move { from_clearing: 1 to_clearing: 3 }
                           }
                         )pb",
                         R"pb(cards { name: "Sword" suit: SUIT_FOX })pb",
                         "warriors { faction: FACTION_EYRIE count: 1 }");
  EXPECT_EQ(Pick(r), "Move from 1 (fox) to 3 (rabbit)");
}

// Law 7.2.2 (Lords of the Forest: ties are ours) with 7.5.2.IV: moving out
// of the spot the fox Build card needs (three of ours against two Marquise
// warriors), the Eyrie leaves two to keep ruling it and moves one.
TEST(HeuristicEyrie, Law_7_2_2_EyrieLeavesEnoughToRuleTheSpotItBuildsIn) {
  const auto r =
      FoxSpot("move.count", R"pb(
                options {
                  label: "Move 1 warrior from 6 (fox) to 2 (rabbit)"
                  count { count: 1 }
                }
                options {
                  label: "Move 2 warriors from 6 (fox) to 2 (rabbit)"
                  count { count: 2 }
                }
                options {
                  label: "Move 3 warriors from 6 (fox) to 2 (rabbit)"
                  count { count: 3 }
                }
              )pb",
              R"pb(cards { name: "Sword" suit: SUIT_FOX })pb",
              R"pb(warriors { faction: FACTION_EYRIE count: 3 }
                   warriors { faction: FACTION_MARQUISE count: 2 })pb");
  EXPECT_EQ(Pick(r), "Move 1 warrior from 6 (fox) to 2 (rabbit)");
}

// Law 7.5.2.I with 7.3.1 and 7.7: every Recruit card places a warrior every
// turn from a supply of twenty. With seven warriors left, a third Recruit
// card (vizier, fox card, this one) empties the supply in three turns and
// then throws the Eyrie into turmoil; the Eyrie stops instead.
TEST(HeuristicEyrie, Law_7_5_2_I_EyrieAddsNoRecruitCardTheSupplyCannotFeed) {
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
      label: "Done"
      done {}
    }
    observation {
      clearings {
        id: 1
        suit: SUIT_FOX
        slots: 1
        adjacent: [ 2 ]
        warriors { faction: FACTION_EYRIE count: 13 }
        pieces { piece: "roost" owner: FACTION_EYRIE count: 1 }
        ruler: FACTION_EYRIE
      }
      clearings {
        id: 2
        suit: SUIT_RABBIT
        slots: 0
        adjacent: [ 1 ]
      }
      eyrie {
        leader: "Builder"
        decree {
          viziers: 1
          cards { name: "Sword" suit: SUIT_FOX }
        }
        decree { viziers: 1 }
        decree {}
        decree {}
        roosts: 1
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Done");
}

// Three fox clearings the Eyrie rules; `vp` its score, four roosts on the
// map (7.6.1: three VP this Evening), `extra` more of the request.
v1::DecisionRequest FoxDominance(const std::string& prompt, int vp,
                                 const std::string& extra) {
  return Parse(R"pb(
                 seat: 0
                 faction: FACTION_EYRIE
                 prompt { kind: ")pb" +
               prompt + "\" }" + extra + R"pb(
                 observation {
                   clearings {
                     id: 1
                     suit: SUIT_FOX
                     slots: 1
                     adjacent: [ 3 ]
                     warriors { faction: FACTION_EYRIE count: 3 }
                     pieces { piece: "roost" owner: FACTION_EYRIE count: 1 }
                     ruler: FACTION_EYRIE
                   }
                   clearings {
                     id: 2
                     suit: SUIT_RABBIT
                     slots: 1
                     adjacent: [ 6 ]
                   }
                   clearings {
                     id: 3
                     suit: SUIT_RABBIT
                     slots: 0
                     adjacent: [ 1 ]
                   }
                   clearings {
                     id: 6
                     suit: SUIT_FOX
                     slots: 0
                     adjacent: [ 2 ]
                     warriors { faction: FACTION_EYRIE count: 2 }
                     warriors { faction: FACTION_MARQUISE count: 2 }
                     ruler: FACTION_EYRIE
                   }
                   clearings {
                     id: 8
                     suit: SUIT_FOX
                     slots: 1
                     warriors { faction: FACTION_EYRIE count: 2 }
                     pieces { piece: "roost" owner: FACTION_EYRIE count: 1 }
                     ruler: FACTION_EYRIE
                   }
                   clearings {
                     id: 12
                     suit: SUIT_FOX
                     slots: 1
                     warriors { faction: FACTION_EYRIE count: 2 }
                     pieces { piece: "roost" owner: FACTION_EYRIE count: 1 }
                     ruler: FACTION_EYRIE
                   }
                   seats { seat: 0 faction: FACTION_EYRIE victory_points:)pb" +
               std::to_string(vp) + R"pb(
    }
    eyrie {
        leader: "Builder"
        decree { viziers: 1 }
        decree { viziers: 1 }
        decree {}
        decree {}
        roosts: 4
      }
    }
  )pb");
}

// Law 3.3.1 with 3.1 and 7.6.1: the fox dominance card would win at the
// next Birdsong, but at 27 VP the four roosts score the 30th VP this
// Evening, sooner, and an activated card would stop that scoring: the Eyrie
// resolves its Decree instead.
TEST(HeuristicEyrie, Law_3_3_1_EyrieLetsItsRoostsWinBeforeADominanceCard) {
  const auto r = FoxDominance("eyrie.decree.resolve", 27, R"pb(
    options {
      label: "Activate Dominance (fox)"
      extra {
        action: "activate_dominance"
        card { name: "Dominance" suit: SUIT_FOX }
      }
    }
    options {
      label: "Sword (fox) in Recruit"
      card { name: "Sword" suit: SUIT_FOX }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Sword (fox) in Recruit");
  // At 20 VP the roosts are far from 30: the card activates.
  EXPECT_EQ(Pick(FoxDominance("eyrie.decree.resolve", 20, R"pb(
              options {
                label: "Activate Dominance (fox)"
                extra {
                  action: "activate_dominance"
                  card { name: "Dominance" suit: SUIT_FOX }
                }
              }
              options {
                label: "Sword (fox) in Recruit"
                card { name: "Sword" suit: SUIT_FOX }
              }
            )pb")),
            "Activate Dominance (fox)");
}

// Law 3.3.1 with 7.2.2: with its fox dominance activated the Eyrie scores
// no more and wins only if it still rules three fox clearings at its
// Birdsong. Leaving 6 (two of ours tie two Marquise warriors) for the free
// rabbit spot in 2 would lose a fox clearing; the move goes from the roost
// in 1, which stays ruled.
TEST(HeuristicEyrie, Law_3_3_1_EyrieKeepsRulingItsActivatedDominanceSuit) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_EYRIE
    prompt { kind: "eyrie.decree.move" }
    options {
      label: "Move from 6 (fox) to 2 (rabbit)"
      move { from_clearing: 6 to_clearing: 2 }
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
        adjacent: [ 3 ]
        warriors { faction: FACTION_EYRIE count: 3 }
        pieces { piece: "roost" owner: FACTION_EYRIE count: 1 }
        ruler: FACTION_EYRIE
      }
      clearings {
        id: 2
        suit: SUIT_RABBIT
        slots: 1
        adjacent: [ 6 ]
      }
      clearings {
        id: 3
        suit: SUIT_RABBIT
        slots: 0
        adjacent: [ 1 ]
      }
      clearings {
        id: 6
        suit: SUIT_FOX
        slots: 0
        adjacent: [ 2 ]
        warriors { faction: FACTION_EYRIE count: 2 }
        warriors { faction: FACTION_MARQUISE count: 2 }
        ruler: FACTION_EYRIE
      }
      seats {
        seat: 0
        faction: FACTION_EYRIE
        victory_points: 12
        dominance { name: "Dominance" suit: SUIT_FOX }
      }
      eyrie {
        leader: "Builder"
        decree { viziers: 1 }
        decree { viziers: 1 }
        decree {}
        decree {}
        roosts: 2
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Move from 1 (fox) to 3 (rabbit)");
}

// Law 7.5.2.IV with 7.5.2 (Move resolves before Build): the Decree holds a
// mouse and a fox Build card and one Move (the vizier). The ruled free
// mouse clearing 7 already serves the mouse card, so the move goes to the
// free fox clearing 12, not to the mouse clearing 9: a second mouse spot
// leaves the fox card without a clearing (turmoil, 7.7).
TEST(HeuristicEyrie, Law_7_5_2_IV_EyrieMovesToTheSpotAnUnservedBuildCardNeeds) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_EYRIE
    prompt { kind: "eyrie.decree.move" }
    options {
      label: "Move from 3 (rabbit) to 9 (mouse)"
      move { from_clearing: 3 to_clearing: 9 }
    }
    options {
      label: "Move from 3 (rabbit) to 12 (fox)"
      move { from_clearing: 3 to_clearing: 12 }
    }
    observation {
      clearings {
        id: 3
        suit: SUIT_RABBIT
        slots: 1
        adjacent: [ 7, 9, 12 ]
        warriors { faction: FACTION_EYRIE count: 5 }
        pieces { piece: "roost" owner: FACTION_EYRIE count: 1 }
        ruler: FACTION_EYRIE
      }
      clearings {
        id: 7
        suit: SUIT_MOUSE
        slots: 2
        adjacent: [ 3 ]
        warriors { faction: FACTION_EYRIE count: 2 }
        ruler: FACTION_EYRIE
      }
      clearings {
        id: 9
        suit: SUIT_MOUSE
        slots: 2
        adjacent: [ 3 ]
      }
      clearings {
        id: 12
        suit: SUIT_FOX
        slots: 2
        adjacent: [ 3 ]
      }
      eyrie {
        leader: "Builder"
        decree { viziers: 1 }
        decree { viziers: 1 }
        decree {}
        decree {
          cards { name: "Sword" suit: SUIT_MOUSE }
          cards { name: "Anvil" suit: SUIT_FOX }
        }
        roosts: 1
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Move from 3 (rabbit) to 12 (fox)");
}

// Law 7.5.2 (Recruit resolves before Move) with 7.5.2.I/II: the fox
// Recruit card places a warrior at the fox roost in 1 before the Move
// column resolves, so a fox Move card finds a warrior to move this turn
// although no fox clearing holds one now; the Eyrie adds it.
TEST(HeuristicEyrie, Law_7_5_2_EyrieCountsRecruitsForItsMoveCards) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_EYRIE
    prompt { kind: "eyrie.decree.add" }
    options {
      label: "Add Anvil (fox) to the Move column"
      decree {
        card { name: "Anvil" suit: SUIT_FOX }
        column: 1
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
        adjacent: [ 2 ]
        pieces { piece: "roost" owner: FACTION_EYRIE count: 1 }
        ruler: FACTION_EYRIE
      }
      clearings {
        id: 2
        suit: SUIT_RABBIT
        slots: 1
        adjacent: [ 1 ]
        warriors { faction: FACTION_EYRIE count: 2 }
        pieces { piece: "roost" owner: FACTION_EYRIE count: 1 }
        ruler: FACTION_EYRIE
      }
      eyrie {
        leader: "Builder"
        decree {
          viziers: 1
          cards { name: "Sword" suit: SUIT_FOX }
        }
        decree { viziers: 1 }
        decree {}
        decree {}
        roosts: 2
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Add Anvil (fox) to the Move column");
}

// Law 11.2.5.I with 7.7.2: the fox Build card fails this turn whatever is
// added (no fox spot), so the Purge discards every card of the Decree. A
// fox Battle card added now still resolves before the Build column and
// takes the only trade post (one guard against our three in 1): the
// Riverfolk lose half of their funds and, with no post left, their
// dividends (11.4.2). It beats the Recruit card.
TEST(HeuristicEyrie, Law_11_2_5_I_EyrieSpendsADoomedDecreeOnATradePost) {
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
      label: "Add Anvil (fox) to the Battle column"
      decree {
        card { name: "Anvil" suit: SUIT_FOX }
        column: 2
      }
    }
    observation {
      clearings {
        id: 1
        suit: SUIT_FOX
        slots: 2
        adjacent: [ 2 ]
        warriors { faction: FACTION_EYRIE count: 3 }
        warriors { faction: FACTION_RIVERFOLK count: 1 }
        pieces { piece: "roost" owner: FACTION_EYRIE count: 1 }
        pieces { piece: "fox trade post" owner: FACTION_RIVERFOLK count: 1 }
        ruler: FACTION_EYRIE
      }
      clearings {
        id: 2
        suit: SUIT_RABBIT
        slots: 0
        adjacent: [ 1 ]
      }
      seats { seat: 0 faction: FACTION_EYRIE victory_points: 10 }
      seats { seat: 1 faction: FACTION_RIVERFOLK victory_points: 18 }
      riverfolk { funds { faction: FACTION_RIVERFOLK count: 12 } }
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
  EXPECT_EQ(Pick(r), "Add Anvil (fox) to the Battle column");
}

// Law 7.5.1 (crafting is optional) with 7.4.2 and 7.7: a bird card is the
// Decree's wild card, the one that keeps a Decree resolvable when a suit
// runs out of roost spots or warriors. Brutal Tactics crafted is neither an
// item (7.2.3) nor VP for the Eyrie, so the card stays in hand.
TEST(HeuristicEyrie, Law_7_5_1_EyrieKeepsABirdCardForTheDecree) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_EYRIE
    prompt { kind: "craft" }
    options {
      label: "Brutal Tactics (bird)"
      card { name: "Brutal Tactics" suit: SUIT_BIRD }
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
        warriors { faction: FACTION_EYRIE count: 3 }
        pieces { piece: "roost" owner: FACTION_EYRIE count: 1 }
        ruler: FACTION_EYRIE
      }
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
  EXPECT_EQ(Pick(r), "Done");
}

// Law 2.1.1 (birds are wild) with 7.5.2 and 7.7: a bird Move card moves
// from any clearing, a fox one only from a fox clearing that may be lost by
// next turn. Given the same card slot, the Eyrie adds the bird card: the VP
// it costs in turmoil (7.7.1) is less than the turmoils it saves.
TEST(HeuristicEyrie, Law_2_1_1_EyrieAddsTheWildBirdCardToItsDecree) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_EYRIE
    prompt { kind: "eyrie.decree.add" }
    options {
      label: "Add Anvil (fox) to the Move column"
      decree {
        card { name: "Anvil" suit: SUIT_FOX }
        column: 1
      }
    }
    options {
      label: "Add Crossbow (bird) to the Move column"
      decree {
        card { name: "Crossbow" suit: SUIT_BIRD }
        column: 1
      }
    }
    observation {
      clearings {
        id: 1
        suit: SUIT_FOX
        slots: 1
        adjacent: [ 2 ]
        warriors { faction: FACTION_EYRIE count: 4 }
        pieces { piece: "roost" owner: FACTION_EYRIE count: 1 }
        ruler: FACTION_EYRIE
      }
      clearings {
        id: 2
        suit: SUIT_RABBIT
        slots: 1
        adjacent: [ 1 ]
      }
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
  EXPECT_EQ(Pick(r), "Add Crossbow (bird) to the Move column");
}

// Law 7.3.5 (seven roosts in all) with 7.5.2.IV and 7.7: six roosts stand,
// so the track holds one more. A fox Build card places it this turn and
// finds none to place next turn, whatever fox spots the map offers: that
// Decree falls into turmoil, so the Eyrie stops instead.
TEST(HeuristicEyrie, Law_7_3_5_EyrieAddsNoBuildCardTheRoostsTrackCannotFeed) {
  std::string clearings;
  for (int id = 1; id <= 8; ++id) {
    clearings += "clearings { id: " + std::to_string(id) +
                 " suit: SUIT_FOX slots: 1 adjacent: [ " +
                 std::to_string(id % 8 + 1) +
                 " ] warriors { faction: FACTION_EYRIE count: 2 } " +
                 (id <= 6 ? "pieces { piece: \"roost\" owner: FACTION_EYRIE "
                            "count: 1 } "
                          : "") +
                 "ruler: FACTION_EYRIE }\n";
  }
  const auto r = Parse(R"pb(
                         seat: 0
                         faction: FACTION_EYRIE
                         prompt { kind: "eyrie.decree.add" }
                         options {
                           label: "Add Anvil (fox) to the Build column"
                           decree {
                             card { name: "Anvil" suit: SUIT_FOX }
                             column: 3
                           }
                         }
                         options {
                           label: "Done"
                           done {}
                         }
                         observation {
                       )pb" +
                       clearings + R"pb(
      eyrie {
        leader: "Builder"
        decree { viziers: 1 }
        decree { viziers: 1 }
        decree {}
        decree {}
        roosts: 6
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Done");
}

// Law 7.5.2.II: a Move card moves from a clearing of its suit, every turn.
// Our two warriors in the rabbit clearing serve a rabbit Move card now, but
// no roost holds one there (or recruits there, 7.5.2.I): once they move on
// or fall, next turn's Decree falls into turmoil (7.7). As the second card
// of the turn it is worth less than stopping.
TEST(HeuristicEyrie, Law_7_5_2_II_EyrieAddsNoMoveCardOfASuitWithoutARoost) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_EYRIE
    prompt { kind: "eyrie.decree.add" }
    options {
      label: "Add Anvil (rabbit) to the Move column"
      decree {
        card { name: "Anvil" suit: SUIT_RABBIT }
        column: 1
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
        adjacent: [ 2 ]
        warriors { faction: FACTION_EYRIE count: 3 }
        pieces { piece: "roost" owner: FACTION_EYRIE count: 1 }
        ruler: FACTION_EYRIE
      }
      clearings {
        id: 2
        suit: SUIT_RABBIT
        slots: 0
        adjacent: [ 1 ]
        warriors { faction: FACTION_EYRIE count: 2 }
        ruler: FACTION_EYRIE
      }
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
  EXPECT_EQ(Pick(r), "Done");
}

// Law 2.2.3: a building fills a slot, a token none. Two fox clearings we
// rule have a free slot each, one beside a Duchy tunnel, the other beside
// a Riverfolk trade post (both tokens): a fox Build card finds a spot this
// turn and the next, so the Eyrie adds it rather than stop.
TEST(HeuristicEyrie, Law_2_2_3_EyrieBuildsBesideTokensInAFreeSlot) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_EYRIE
    prompt { kind: "eyrie.decree.add" }
    options {
      label: "Add Anvil (fox) to the Build column"
      decree {
        card { name: "Anvil" suit: SUIT_FOX }
        column: 3
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
        adjacent: [ 2, 3 ]
        warriors { faction: FACTION_EYRIE count: 3 }
        pieces { piece: "roost" owner: FACTION_EYRIE count: 1 }
        ruler: FACTION_EYRIE
      }
      clearings {
        id: 2
        suit: SUIT_FOX
        slots: 1
        adjacent: [ 1 ]
        warriors { faction: FACTION_EYRIE count: 2 }
        pieces { piece: "tunnel" owner: FACTION_DUCHY count: 1 }
        ruler: FACTION_EYRIE
      }
      clearings {
        id: 3
        suit: SUIT_FOX
        slots: 1
        adjacent: [ 1 ]
        warriors { faction: FACTION_EYRIE count: 2 }
        pieces { piece: "fox trade post" owner: FACTION_RIVERFOLK count: 1 }
        ruler: FACTION_EYRIE
      }
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
  EXPECT_EQ(Pick(r), "Add Anvil (fox) to the Build column");
}

}  // namespace
}  // namespace woodland::bots
