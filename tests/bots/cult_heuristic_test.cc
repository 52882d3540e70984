// The Lizard Cult's protocol view, and the heuristic bot's Lizard Cult plan
// (bots/heuristic/cult_plan.cc) against uniform-random opponents, in process:
// every Cult decision goes through the same DecisionRequest a bot receives. The
// plan must play legally (its index is always in range) and win clearly more
// often than a random Cult in the same games.
#include <cstdio>
#include <random>
#include <string>

#include "bots/heuristic/policy.h"
#include "gtest/gtest.h"
#include "referee/convert.h"
#include "referee/rules/state.h"
#include "tests/bots/policy_request.h"

namespace woodland {
namespace {

using bots::Parse;
using bots::Pick;

using rules::State;

// Plays one game; the Cult uses the heuristic policy when `heuristic`.
// Returns true if the Cult is among the winners.
bool CultWins(uint64_t seed, bool heuristic) {
  rules::GameSetup setup;
  setup.factions = {rules::kMarquise, rules::kEyrie, rules::kAlliance,
                    rules::kCult};
  setup.shuffle_seats = true;
  setup.max_turns = 400;
  auto st = State::NewGame(setup, seed);
  EXPECT_TRUE(st.ok()) << st.status();
  State& s = *st;
  bots::HeuristicPolicy policy(seed);
  std::mt19937_64 rng(seed * 31 + 7);
  const int cult = s.SeatOf(rules::kCult);
  while (!s.IsTerminal()) {
    const int seat = s.deciding_seat();
    int choice;
    if (heuristic && seat == cult) {
      v1::DecisionRequest req;
      req.set_seat(seat);
      req.set_faction(referee::FactionToProto(rules::kCult));
      *req.mutable_prompt() = referee::PromptToProto(s);
      for (const rules::Option& o : s.options())
        referee::OptionToProto(s, o, req.add_options());
      referee::ObservationToProto(s, seat, req.mutable_observation());
      choice = policy.Choose(req);
    } else {
      choice = static_cast<int>(rng() % s.options().size());
    }
    EXPECT_TRUE(s.Apply(seat, choice).ok());
  }
  for (int w : s.winners()) {
    if (w == cult) return true;
  }
  return false;
}

TEST(CultHeuristic, BeatsRandomCultAgainstRandomOpponents) {
  constexpr int kGames = 60;
  int heuristic_wins = 0, random_wins = 0;
  for (uint64_t seed = 1; seed <= kGames; ++seed) {
    heuristic_wins += CultWins(seed, true);
    random_wins += CultWins(seed, false);
  }
  std::printf(
      "Cult wins in %d four-player games vs random: heuristic %d, "
      "random %d\n",
      kGames, heuristic_wins, random_wins);
  EXPECT_GT(heuristic_wins, random_wins + kGames / 10);
}

// Law 10.2.6, 10.5: the Cult's board is public; every seat's observation
// carries it (CultViewToProto).
TEST(CultView, EverySeatSeesOutcastAcolytesLostSoulsAndTracks) {
  rules::GameSetup setup;
  setup.factions = {rules::kMarquise, rules::kCult};
  setup.first_seat = 0;
  auto st = State::NewGame(setup, 11);
  ASSERT_TRUE(st.ok()) << st.status();
  State& s = *st;
  while (s.phase() == rules::kPhaseSetup) ASSERT_TRUE(s.Apply(0).ok());
  rules::CultBoard& cb = s.mutable_cult();
  cb.hated = true;
  const rules::CardId lost = s.seat(0).hand[0];
  s.RemoveFromHand(0, lost);
  s.Discard(lost);  // into the Lost Souls (10.2.6)
  for (int seat = 0; seat < 2; ++seat) {
    v1::Observation o;
    referee::ObservationToProto(s, seat, &o);
    ASSERT_TRUE(o.has_cult());
    EXPECT_EQ(o.cult().outcast(), referee::SuitToProto(s.cult().outcast));
    EXPECT_TRUE(o.cult().hated());
    EXPECT_EQ(o.cult().acolytes(), 0);
    ASSERT_EQ(o.cult().lost_souls_size(), 1);
    EXPECT_EQ(o.cult().lost_souls(0).id(), lost);
    ASSERT_EQ(o.cult().gardens_on_tracks_size(), 3);
    EXPECT_EQ(o.cult().gardens_on_tracks(0) + o.cult().gardens_on_tracks(1) +
                  o.cult().gardens_on_tracks(2),
              14)
        << "one garden placed at setup (10.3.4)";
  }
}

// Law 3.3.2: once its mouse dominance card is activated the Cult scores no
// more VP, so a Score ritual (10.5.3) only burns the card; the mouse card
// recruits instead (10.5.2) to keep the mouse clearings (3.3.1).
TEST(CultHeuristicPlan, Law_3_3_2_NoScoreRitualAfterActivatingDominance) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_CULT
    prompt { kind: "cult.ritual" text: "Daylight: perform a ritual?" }
    options {
      label: "Score"
      action { code: 2 }
    }
    options {
      label: "Recruit"
      action { code: 1 }
    }
    options {
      label: "Done"
      done {}
    }
    observation {
      hand { id: 5 name: "Investments" suit: SUIT_MOUSE }
      seats {
        seat: 0
        faction: FACTION_CULT
        victory_points: 18
        dominance { id: 60 name: "Dominance" suit: SUIT_MOUSE }
      }
      seats { seat: 1 faction: FACTION_CORVID victory_points: 9 }
      cult {
        outcast: SUIT_FOX
        gardens_on_tracks: [ 5, 5, 2 ]
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Recruit");
}

// A Recruit (10.5.2) choosing between the rabbit garden clearing 4 and the
// mouse clearing 9, tied with a Corvid warrior, while the Cult's gardens
// hold the mouse clearings 3 and 7 (10.2.4); `rest` closes the observation
// (hand, seats, the Cult's board).
v1::DecisionRequest MouseRecruit(const std::string& rest) {
  return Parse(
      R"pb(
        seat: 0
        faction: FACTION_CULT
        prompt {
          kind: "cult.ritual_clearing"
          text: "Recruit: in which clearing?"
        }
        options {
          label: "4 (rabbit)"
          clearing { clearing: 4 }
        }
        options {
          label: "9 (mouse)"
          clearing { clearing: 9 }
        }
        observation {
          clearings {
            id: 3
            suit: SUIT_MOUSE
            pieces { piece: "mouse garden" owner: FACTION_CULT count: 1 }
            ruler: FACTION_CULT
          }
          clearings {
            id: 7
            suit: SUIT_MOUSE
            pieces { piece: "mouse garden" owner: FACTION_CULT count: 1 }
            ruler: FACTION_CULT
          }
          clearings {
            id: 4
            suit: SUIT_RABBIT
            warriors { faction: FACTION_CORVID count: 1 }
            pieces { piece: "rabbit garden" owner: FACTION_CULT count: 1 }
            ruler: FACTION_CULT
          }
          clearings {
            id: 9
            suit: SUIT_MOUSE
            warriors { faction: FACTION_CULT count: 1 }
            warriors { faction: FACTION_CORVID count: 1 }
          }
      )pb" +
      rest + R"pb(
      seats { seat: 1 faction: FACTION_CORVID victory_points: 9 }
      cult {
        outcast: SUIT_FOX
        gardens_on_tracks: [ 5, 4, 3 ]
      }
    }
      )pb");
}

// Law 3.3.1: the activated mouse dominance wins only if the Cult rules three
// mouse clearings at its next Birdsong. It rules 3 and 7 by gardens
// (10.2.4); 9 (mouse) is tied: the recruit goes there, not to the rabbit
// garden clearing 4.
TEST(CultHeuristicPlan, Law_3_3_1_RecruitWhereTheDominanceSuitLacksRule) {
  const auto r = MouseRecruit(R"pb(
    seats {
      seat: 0
      faction: FACTION_CULT
      victory_points: 18
      dominance { id: 60 name: "Dominance" suit: SUIT_MOUSE }
    }
  )pb");
  EXPECT_EQ(Pick(r), "9 (mouse)");
}

// Law 3.3.1: with the mouse dominance card in hand the Cult works toward
// ruling three mouse clearings before activating it: its gardens hold 3 and
// 7 (10.2.4), so the recruit (10.5.2) goes to the tied mouse clearing 9.
TEST(CultHeuristicPlan, Law_3_3_1_RecruitTowardTheDominanceCardInHand) {
  const auto r = MouseRecruit(R"pb(
    hand { id: 60 name: "Dominance" suit: SUIT_MOUSE }
    hand { id: 5 name: "Investments" suit: SUIT_MOUSE }
    seats { seat: 0 faction: FACTION_CULT victory_points: 12 }
  )pb");
  EXPECT_EQ(Pick(r), "9 (mouse)");
}

// Law 10.4.3.I with 11.2.5.I and 11.4.2: the Riverfolk hold 12 funds (a VP
// per two every Birdsong while a post stands). The Cult's three warriors in
// the fox (Outcast) clearing 6 can crusade into 10 and battle its unguarded
// trade post, halving those funds; that beats converting a warrior.
TEST(CultHeuristicPlan, Law_10_4_3_I_CrusadeAgainstAReachableTradePost) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_CULT
    prompt { kind: "cult.conspiracy" text: "Birdsong: conspiracy?" }
    options {
      label: "Crusade (1 acolyte)"
      action { code: 0 }
    }
    options {
      label: "Convert (1 acolyte)"
      action { code: 1 }
    }
    options {
      label: "Done"
      done {}
    }
    observation {
      clearings {
        id: 6
        suit: SUIT_FOX
        adjacent: [ 10 ]
        warriors { faction: FACTION_CULT count: 3 }
        warriors { faction: FACTION_DUCHY count: 1 }
        ruler: FACTION_CULT
      }
      clearings {
        id: 10
        suit: SUIT_RABBIT
        adjacent: [ 6 ]
        pieces { piece: "rabbit trade post" owner: FACTION_RIVERFOLK count: 1 }
        ruler: FACTION_RIVERFOLK
      }
      seats { seat: 0 faction: FACTION_CULT victory_points: 7 }
      seats { seat: 1 faction: FACTION_RIVERFOLK victory_points: 18 }
      riverfolk { funds { faction: FACTION_RIVERFOLK count: 12 } }
      cult { outcast: SUIT_FOX hated: true acolytes: 3 }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Crusade (1 acolyte)");
}

// A Recruit (10.5.2) choosing between the rabbit garden clearing 4 (the
// Cult rules it, 10.2.4) and clearing `tied` (of `suit`), where the Cult's
// warriors tie the Corvids' and a building slot is open; `rest` closes the
// observation (clearings, hand).
v1::DecisionRequest BuildRecruit(const std::string& options,
                                 const std::string& rest) {
  return Parse(R"pb(
                 seat: 0
                 faction: FACTION_CULT
                 prompt {
                   kind: "cult.ritual_clearing"
                   text: "Recruit: in which clearing?"
                 }
               )pb" +
               options + R"pb(
                 observation {
               )pb" +
               rest + R"pb(
                 seats { seat: 0 faction: FACTION_CULT victory_points: 10 }
                 seats { seat: 1 faction: FACTION_CORVID victory_points: 9 }
                 cult {
                   outcast: SUIT_FOX
                   gardens_on_tracks: [ 5, 4, 4 ]
                 }
               }
  )pb");
}

// Law 10.5.2 with 10.5.1 and 2.5: the Cult's warrior in the mouse clearing
// 9 ties the Corvid's, so one more recruited there makes the Cult rule it
// and, with the second mouse card in hand, build a garden there this
// Daylight (a slot is open). That beats a fourth piece in the rabbit garden
// clearing 4, which the Cult already rules.
TEST(CultHeuristicPlan, Law_10_5_2_RecruitWhereOneMoreWarriorOpensABuild) {
  const auto r = BuildRecruit(
      R"pb(
        options {
          label: "4 (rabbit)"
          clearing { clearing: 4 }
        }
        options {
          label: "9 (mouse)"
          clearing { clearing: 9 }
        }
      )pb",
      R"pb(
        clearings {
          id: 4
          suit: SUIT_RABBIT
          slots: 2
          warriors { faction: FACTION_CORVID count: 1 }
          pieces { piece: "rabbit garden" owner: FACTION_CULT count: 1 }
          ruler: FACTION_CULT
        }
        clearings {
          id: 9
          suit: SUIT_MOUSE
          slots: 1
          warriors { faction: FACTION_CULT count: 1 }
          warriors { faction: FACTION_CORVID count: 1 }
        }
        hand { id: 5 name: "Investments" suit: SUIT_MOUSE }
        hand { id: 6 name: "Mouse-in-a-Sack" suit: SUIT_MOUSE }
        hand { id: 7 name: "Bake Sale" suit: SUIT_RABBIT }
      )pb");
  EXPECT_EQ(Pick(r), "9 (mouse)");
}

// Law 10.5.1: Build needs a card of the clearing's suit besides the one the
// Recruit reveals (10.5). The fox clearing 5 and the mouse clearing 9 are
// both one warrior short of rule (2.5); only the mouse suit has a second
// card in hand, so the recruit goes to 9 though 5 holds fewer Cult warriors.
TEST(CultHeuristicPlan, Law_10_5_1_RecruitToBuildWhereASecondCardAllows) {
  const auto r =
      BuildRecruit(R"pb(
                     options {
                       label: "5 (fox)"
                       clearing { clearing: 5 }
                     }
                     options {
                       label: "9 (mouse)"
                       clearing { clearing: 9 }
                     }
                   )pb",
                   R"pb(
                     clearings {
                       id: 5
                       suit: SUIT_FOX
                       slots: 1
                       warriors { faction: FACTION_CULT count: 1 }
                       warriors { faction: FACTION_CORVID count: 1 }
                     }
                     clearings {
                       id: 9
                       suit: SUIT_MOUSE
                       slots: 1
                       warriors { faction: FACTION_CULT count: 2 }
                       warriors { faction: FACTION_CORVID count: 2 }
                     }
                     hand { id: 4 name: "Anvil" suit: SUIT_FOX }
                     hand { id: 5 name: "Investments" suit: SUIT_MOUSE }
                     hand { id: 6 name: "Mouse-in-a-Sack" suit: SUIT_MOUSE }
                   )pb");
  EXPECT_EQ(Pick(r), "9 (mouse)");
}

// The fox (Outcast, 10.4.3) clearings of the conversion tests: 6 holds a
// Riverfolk trade post guarded by one Riverfolk warrior, 8 a Marquise
// sawmill and two Marquise warriors beside two Cult warriors. The Riverfolk
// hold 10 funds.
constexpr char kPostClearings[] = R"pb(
  clearings {
    id: 6
    suit: SUIT_FOX
    slots: 1
    warriors { faction: FACTION_RIVERFOLK count: 1 }
    pieces { piece: "fox trade post" owner: FACTION_RIVERFOLK count: 1 }
    ruler: FACTION_RIVERFOLK
  }
  clearings {
    id: 8
    suit: SUIT_FOX
    slots: 2
    warriors { faction: FACTION_CULT count: 2 }
    warriors { faction: FACTION_MARQUISE count: 2 }
    pieces { piece: "sawmill" owner: FACTION_MARQUISE count: 1 }
    ruler: FACTION_MARQUISE
  }
  seats { seat: 0 faction: FACTION_CULT victory_points: 10 }
  seats { seat: 1 faction: FACTION_MARQUISE victory_points: 12 }
  seats { seat: 2 faction: FACTION_RIVERFOLK victory_points: 14 }
  riverfolk { funds { faction: FACTION_RIVERFOLK count: 10 } }
  cult { outcast: SUIT_FOX hated: true acolytes: 3 }
)pb";

// Law 10.4.3.II with 11.2.5.I and 11.4.2: converting the trade post's only
// guard leaves the post open to the Cult (it then rules clearing 6, 2.5)
// while the post pays the Riverfolk dividends; that ranks above
// sanctifying the sawmill in 8 (10.4.3.III).
TEST(CultHeuristicPlan, Law_10_4_3_II_ConvertATradePostGuardBeforeSanctify) {
  const auto r =
      Parse(std::string(R"pb(
              seat: 0
              faction: FACTION_CULT
              prompt { kind: "cult.conspiracy" text: "Birdsong: conspiracy?" }
              options {
                label: "Sanctify (2 acolytes)"
                action { code: 2 }
              }
              options {
                label: "Convert (1 acolyte)"
                action { code: 1 }
              }
              options {
                label: "Done"
                done {}
              }
              observation {
            )pb") +
            kPostClearings + "}");
  EXPECT_EQ(Pick(r), "Convert (1 acolyte)");
}

// Law 10.4.3.II: the conversion goes to the trade post's guard in 6, not to
// the Marquise warriors beside the Cult's in 8.
TEST(CultHeuristicPlan, Law_10_4_3_II_ConvertInTheTradePostClearing) {
  const auto r = Parse(std::string(R"pb(
                         seat: 0
                         faction: FACTION_CULT
                         prompt {
                           kind: "cult.convert"
                           text: "Convert an enemy warrior in which clearing?"
                         }
                         options {
                           label: "6 (fox)"
                           clearing { clearing: 6 }
                         }
                         options {
                           label: "8 (fox)"
                           clearing { clearing: 8 }
                         }
                         observation {
                       )pb") +
                       kPostClearings + "}");
  EXPECT_EQ(Pick(r), "6 (fox)");
}

// Law 10.4.3.II: in the fox (Outcast) clearing 6 a Marquise warrior stands
// beside the trade post's Riverfolk guard; the Cult converts the guard (the
// post feeds the Riverfolk, 11.2.5.I, 11.4.2), though the Marquise lead.
TEST(CultHeuristicPlan, Law_10_4_3_II_ConvertTheTradePostGuardNotItsNeighbour) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_CULT
    prompt {
      kind: "cult.convert_faction"
      text: "Convert whose warrior in 6 (fox)?"
    }
    options {
      label: "Marquise"
      faction { faction: FACTION_MARQUISE }
    }
    options {
      label: "Riverfolk"
      faction { faction: FACTION_RIVERFOLK }
    }
    observation {
      clearings {
        id: 6
        suit: SUIT_FOX
        slots: 1
        warriors { faction: FACTION_MARQUISE count: 1 }
        warriors { faction: FACTION_RIVERFOLK count: 1 }
        pieces { piece: "fox trade post" owner: FACTION_RIVERFOLK count: 1 }
      }
      seats { seat: 0 faction: FACTION_CULT victory_points: 10 }
      seats { seat: 1 faction: FACTION_MARQUISE victory_points: 16 }
      seats { seat: 2 faction: FACTION_RIVERFOLK victory_points: 14 }
      riverfolk { funds { faction: FACTION_RIVERFOLK count: 10 } }
      cult { outcast: SUIT_FOX hated: true acolytes: 3 }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Riverfolk");
}

// Law 10.4.3.III: Sanctify replaces an enemy building, never a trade post
// (a token, 20.2.2), so the post beside the Marquise sawmill in the fox
// (Outcast) clearing 1 adds nothing: the Cult sanctifies the leading
// Eyrie's roost in 8.
TEST(CultHeuristicPlan,
     Law_10_4_3_III_SanctifyIgnoresATradePostBesideTheBuilding) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_CULT
    prompt {
      kind: "cult.sanctify"
      text: "Sanctify an enemy building in which clearing?"
    }
    options {
      label: "1 (fox)"
      clearing { clearing: 1 }
    }
    options {
      label: "8 (fox)"
      clearing { clearing: 8 }
    }
    observation {
      clearings {
        id: 1
        suit: SUIT_FOX
        slots: 2
        warriors { faction: FACTION_MARQUISE count: 2 }
        pieces { piece: "sawmill" owner: FACTION_MARQUISE count: 1 }
        pieces { piece: "fox trade post" owner: FACTION_RIVERFOLK count: 1 }
        ruler: FACTION_MARQUISE
      }
      clearings {
        id: 8
        suit: SUIT_FOX
        slots: 1
        warriors { faction: FACTION_EYRIE count: 1 }
        pieces { piece: "roost" owner: FACTION_EYRIE count: 1 }
        ruler: FACTION_EYRIE
      }
      seats { seat: 0 faction: FACTION_CULT victory_points: 10 }
      seats { seat: 1 faction: FACTION_MARQUISE victory_points: 5 }
      seats { seat: 2 faction: FACTION_EYRIE victory_points: 15 }
      seats { seat: 3 faction: FACTION_RIVERFOLK victory_points: 5 }
      riverfolk { funds { faction: FACTION_RIVERFOLK count: 6 } }
      cult { outcast: SUIT_FOX acolytes: 3 }
    }
  )pb");
  EXPECT_EQ(Pick(r), "8 (fox)");
}

// Law 10.4.3.I: a crusade starts from an Outcast clearing, so a warrior
// recruited (10.5.2) in the fox (Outcast) clearing 6, next to the Riverfolk
// trade post in 10, can battle the post on a later Birdsong (11.2.5.I halves
// the funds that pay their dividends, 11.4.2); the mouse clearing 2 reaches
// no post, though it holds fewer Cult warriors.
TEST(CultHeuristicPlan, Law_10_4_3_I_RecruitWhereACrusadeReachesATradePost) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_CULT
    prompt { kind: "cult.ritual_clearing" text: "Recruit: in which clearing?" }
    options {
      label: "2 (mouse)"
      clearing { clearing: 2 }
    }
    options {
      label: "6 (fox)"
      clearing { clearing: 6 }
    }
    observation {
      clearings {
        id: 2
        suit: SUIT_MOUSE
        adjacent: [ 6 ]
        warriors { faction: FACTION_CULT count: 1 }
        ruler: FACTION_CULT
      }
      clearings {
        id: 6
        suit: SUIT_FOX
        adjacent: [ 2, 10 ]
        warriors { faction: FACTION_CULT count: 2 }
        ruler: FACTION_CULT
      }
      clearings {
        id: 10
        suit: SUIT_RABBIT
        adjacent: [ 6 ]
        warriors { faction: FACTION_RIVERFOLK count: 1 }
        pieces { piece: "rabbit trade post" owner: FACTION_RIVERFOLK count: 1 }
        ruler: FACTION_RIVERFOLK
      }
      hand { id: 5 name: "Investments" suit: SUIT_MOUSE }
      hand { id: 4 name: "Anvil" suit: SUIT_FOX }
      seats { seat: 0 faction: FACTION_CULT victory_points: 10 }
      seats { seat: 1 faction: FACTION_RIVERFOLK victory_points: 14 }
      riverfolk { funds { faction: FACTION_RIVERFOLK count: 10 } }
      cult {
        outcast: SUIT_FOX
        gardens_on_tracks: [ 5, 5, 4 ]
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "6 (fox)");
}

// Law 10.4.1: the Outcast follows the Lost Souls, so the mouse clearings 3
// and 11 next to the rabbit trade post in 10 may become Outcast clearings
// from which a crusade or a convert reaches the post (10.4.3.I-II,
// 11.2.5.I), though fox is the Outcast now: a mouse Recruit (10.5.2) goes to
// 3, which no Cult warrior watches yet, rather than to 7, where a Marquise
// warrior stands but no post is near, or to 11, already watched by three.
TEST(CultHeuristicPlan, Law_10_4_1_RecruitBesideATradePostOfAnySuit) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_CULT
    prompt { kind: "cult.ritual_clearing" text: "Recruit: in which clearing?" }
    options {
      label: "3 (mouse)"
      clearing { clearing: 3 }
    }
    options {
      label: "7 (mouse)"
      clearing { clearing: 7 }
    }
    options {
      label: "11 (mouse)"
      clearing { clearing: 11 }
    }
    observation {
      clearings {
        id: 3
        suit: SUIT_MOUSE
        adjacent: [ 10 ]
      }
      clearings {
        id: 7
        suit: SUIT_MOUSE
        adjacent: [ 11 ]
        warriors { faction: FACTION_MARQUISE count: 1 }
        ruler: FACTION_MARQUISE
      }
      clearings {
        id: 10
        suit: SUIT_RABBIT
        adjacent: [ 3, 11 ]
        warriors { faction: FACTION_RIVERFOLK count: 1 }
        pieces { piece: "rabbit trade post" owner: FACTION_RIVERFOLK count: 1 }
        ruler: FACTION_RIVERFOLK
      }
      clearings {
        id: 11
        suit: SUIT_MOUSE
        adjacent: [ 7, 10 ]
        warriors { faction: FACTION_CULT count: 3 }
        warriors { faction: FACTION_MARQUISE count: 1 }
        ruler: FACTION_CULT
      }
      hand { id: 5 name: "Investments" suit: SUIT_MOUSE }
      seats { seat: 0 faction: FACTION_CULT victory_points: 10 }
      seats { seat: 1 faction: FACTION_RIVERFOLK victory_points: 14 }
      seats { seat: 2 faction: FACTION_MARQUISE victory_points: 8 }
      riverfolk { funds { faction: FACTION_RIVERFOLK count: 10 } }
      cult {
        outcast: SUIT_FOX
        gardens_on_tracks: [ 5, 5, 4 ]
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "3 (mouse)");
}

// Law 10.4.3.II: the rabbit (Outcast) clearing 5 holds an unguarded trade
// post, a Marquise warrior and no Cult warrior: converting that warrior
// gives the Cult a warrior there from which a crusade battles the post
// (10.4.3.I, 11.2.5.I), worth more than a Sanctify elsewhere.
TEST(CultHeuristicPlan, Law_10_4_3_II_ConvertForAFootholdAtAnUnguardedPost) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_CULT
    prompt { kind: "cult.conspiracy" text: "Birdsong: perform a conspiracy?" }
    options {
      label: "Convert (1 acolyte)"
      action { code: 1 }
    }
    options {
      label: "Sanctify (2 acolytes)"
      action { code: 2 }
    }
    options {
      label: "Done"
      done {}
    }
    observation {
      clearings {
        id: 3
        suit: SUIT_RABBIT
        adjacent: [ 5 ]
        pieces { piece: "sawmill" owner: FACTION_MARQUISE count: 1 }
        ruler: FACTION_MARQUISE
      }
      clearings {
        id: 5
        suit: SUIT_RABBIT
        adjacent: [ 3 ]
        warriors { faction: FACTION_MARQUISE count: 1 }
        pieces { piece: "rabbit trade post" owner: FACTION_RIVERFOLK count: 1 }
        ruler: FACTION_MARQUISE
      }
      seats { seat: 0 faction: FACTION_CULT victory_points: 20 }
      seats { seat: 1 faction: FACTION_RIVERFOLK victory_points: 26 }
      seats { seat: 2 faction: FACTION_MARQUISE victory_points: 8 }
      riverfolk { funds { faction: FACTION_RIVERFOLK count: 14 } }
      cult {
        outcast: SUIT_RABBIT
        hated: true
        acolytes: 4
        gardens_on_tracks: [ 4, 4, 4 ]
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Convert (1 acolyte)");
}

// Law 10.2.6, 10.4.1: a card discarded joins the Lost Souls, whose most
// common suit becomes the Outcast, where conspiracies act (10.4.3): with
// both trade posts in mouse clearings the Cult discards its mouse card.
TEST(CultHeuristicPlan, Law_10_4_1_DiscardTheTradePostsSuit) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_CULT
    prompt { kind: "discard.hand_limit" text: "Discard down to five cards" }
    options {
      label: "Anvil (fox)"
      card { id: 4 name: "Anvil" suit: SUIT_FOX }
    }
    options {
      label: "Investments (mouse)"
      card { id: 5 name: "Investments" suit: SUIT_MOUSE }
    }
    options {
      label: "Bake Sale (rabbit)"
      card { id: 6 name: "Bake Sale" suit: SUIT_RABBIT }
    }
    observation {
      clearings {
        id: 2
        suit: SUIT_MOUSE
        pieces { piece: "mouse trade post" owner: FACTION_RIVERFOLK count: 1 }
      }
      clearings {
        id: 7
        suit: SUIT_MOUSE
        pieces { piece: "mouse trade post" owner: FACTION_RIVERFOLK count: 1 }
      }
      clearings {
        id: 9
        suit: SUIT_FOX
        warriors { faction: FACTION_CULT count: 2 }
      }
      seats { seat: 0 faction: FACTION_CULT victory_points: 10 }
      seats { seat: 1 faction: FACTION_RIVERFOLK victory_points: 14 }
      cult {
        outcast: SUIT_FOX
        gardens_on_tracks: [ 4, 5, 5 ]
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "Investments (mouse)");
}

}  // namespace
}  // namespace woodland
