// The heuristic's Underground Duchy plan (Law 12): its Law-based decisions
// on hand-made requests (bird dominance, digging onto trade posts), and
// in-process four-player games with the Duchy played by the heuristic policy
// (through the protocol view, exactly as a bot sees it) and the other seats
// by uniform random choices; the same games with a random Duchy are the
// baseline.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "absl/strings/substitute.h"
#include "bots/heuristic/policy.h"
#include "gtest/gtest.h"
#include "referee/convert.h"
#include "referee/rules/state.h"
#include "tests/bots/policy_request.h"

namespace woodland::bots {
namespace {

using rules::GameSetup;
using rules::State;

uint64_t Next(uint64_t& x) {
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return x;
}

// Plays one game; returns whether the Duchy won.
bool PlayGame(uint64_t seed, int duchy_seat, bool heuristic) {
  GameSetup setup;
  setup.factions = {rules::kMarquise, rules::kEyrie, rules::kAlliance};
  setup.factions.insert(setup.factions.begin() + duchy_seat, rules::kDuchy);
  setup.max_turns = 400;
  auto st = State::NewGame(setup, seed);
  EXPECT_TRUE(st.ok());
  State& s = *st;
  HeuristicPolicy policy(seed);
  uint64_t rng = seed * 2654435761u + 1;
  while (!s.IsTerminal()) {
    const int seat = s.deciding_seat();
    int choice;
    if (heuristic && seat == duchy_seat) {
      v1::DecisionRequest r;
      r.set_seat(seat);
      r.set_faction(v1::FACTION_DUCHY);
      *r.mutable_prompt() = referee::PromptToProto(s);
      for (const rules::Option& o : s.options())
        referee::OptionToProto(s, o, r.add_options());
      referee::ObservationToProto(s, seat, r.mutable_observation());
      choice = policy.Choose(r);
    } else {
      choice = static_cast<int>(Next(rng) % s.options().size());
    }
    EXPECT_TRUE(s.Apply(choice).ok());
  }
  for (int8_t w : s.winners()) {
    if (w == duchy_seat) return true;
  }
  return false;
}

// A Parliament prompt offering one dominance extra (`action`, bird) or Done,
// the Duchy at 14 VP ruling the corner clearings `ruled` (Law 3.3.1.II);
// `lake`: on the Lake map (its clearing 1 is coastal, Law 25.3.3).
v1::DecisionRequest BirdDominanceRequest(const std::string& action,
                                         const std::vector<int>& ruled,
                                         bool lake = false) {
  std::string text = absl::Substitute(
      R"pb(
        seat: 0
        faction: FACTION_DUCHY
        prompt { kind: "duchy.parliament" }
        options {
          label: "Bird Dominance"
          extra {
            action: "$0"
            card { name: "Dominance" suit: SUIT_BIRD }
          }
        }
        options {
          label: "Done"
          done {}
        }
        observation {
          seats { seat: 0 faction: FACTION_DUCHY victory_points: 14 }
      )pb",
      action);
  for (int id = 1; id <= 4; ++id) {
    const bool ours = std::find(ruled.begin(), ruled.end(), id) != ruled.end();
    text += "clearings { id: " + std::to_string(id) + " suit: SUIT_FOX" +
            (ours ? " ruler: FACTION_DUCHY" : "") +
            (lake && id == 1 ? " coastal: true" : "") + " }\n";
  }
  return Parse(text + "}");
}

// Law 3.3.1.II: bird dominance wins only with two clearings in opposite
// corners (1-3 or 2-4); two neighbouring corners are no reason to give up
// scoring (3.3.1: an activated card ends our VP).
TEST(DuchyPlan, Law_3_3_1_II_ActivatesBirdDominanceOnlyOnOppositeCorners) {
  EXPECT_EQ(Pick(BirdDominanceRequest("activate_dominance", {1, 3})),
            "Bird Dominance");
  EXPECT_EQ(Pick(BirdDominanceRequest("activate_dominance", {1, 2})), "Done");
}

// Law 3.3.1.II on the Lake map, whose corners are numbered rotated
// (data/maps/lake.map: 1 bottom-right, 2 top-left, 3 bottom-left, 4
// top-right): the opposite pairs are 1-2 and 3-4, so 1 and 3 are
// neighbours there.
TEST(DuchyPlan, Law_3_3_1_II_LakeMapOppositeCornersAre1And2Or3And4) {
  EXPECT_EQ(Pick(BirdDominanceRequest("activate_dominance", {1, 2}, true)),
            "Bird Dominance");
  EXPECT_EQ(Pick(BirdDominanceRequest("activate_dominance", {3, 4}, true)),
            "Bird Dominance");
  EXPECT_EQ(Pick(BirdDominanceRequest("activate_dominance", {1, 3}, true)),
            "Done");
}

// Law 3.3.4: taking an available bird dominance card spends a bird card;
// worth it only once the Duchy holds a pair of opposite corners.
TEST(DuchyPlan, Law_3_3_4_TakesBirdDominanceOnlyOnOppositeCorners) {
  EXPECT_EQ(Pick(BirdDominanceRequest("take_dominance", {2, 4})),
            "Bird Dominance");
  EXPECT_EQ(Pick(BirdDominanceRequest("take_dominance", {2})), "Done");
}

// A Duchy observation: `burrow` warriors in the Burrow, a rabbit card in
// hand, clearing 5 (fox) empty and clearing 7 (rabbit) holding a Riverfolk
// trade post guarded by `guards`, the Riverfolk with `funds` funds.
std::string TradePostView(int burrow, int guards, int funds) {
  return absl::Substitute(
      R"pb(
        observation {
          seats { seat: 0 faction: FACTION_DUCHY victory_points: 6 }
          seats { seat: 1 faction: FACTION_RIVERFOLK victory_points: 9 }
          hand { name: "Rabbit card" suit: SUIT_RABBIT }
          duchy { burrow_warriors: $0 }
          riverfolk { funds { faction: FACTION_RIVERFOLK count: $2 } }
          clearings { id: 5 suit: SUIT_FOX adjacent: 7 }
          clearings {
            id: 7
            suit: SUIT_RABBIT
            adjacent: 5
            warriors { faction: FACTION_RIVERFOLK count: $1 }
            pieces {
              piece: "rabbit trade post"
              owner: FACTION_RIVERFOLK
              count: 1
            }
            ruler: FACTION_RIVERFOLK
          }
        }
      )pb",
      burrow, guards, funds);
}

// Law 12.5.1.V, 11.2.5.I: Dig lands up to four Burrow warriors on a trade
// post that outnumber its guards, and the second Assembly action battles it
// (the post falls, halving the Riverfolk's funds that score every Birdsong,
// 11.4.2): with both actions left Dig comes before Build.
TEST(DuchyPlan, Law_12_5_1_V_DigsBeforeBuildingWhenATradePostCanFall) {
  const std::string head = R"pb(
    seat: 0
    faction: FACTION_DUCHY
    prompt { kind: "duchy.assembly" }
    options {
      label: "Build"
      action { code: 0 }
    }
    options {
      label: "Dig"
      action { code: 4 }
    }
    options {
      label: "Done"
      done {}
    }
  )pb";
  EXPECT_EQ(Pick(Parse(head + TradePostView(3, 1, 8))), "Dig");
  // Guards the Burrow cannot outnumber, or a post worth little: Build.
  EXPECT_EQ(Pick(Parse(head + TradePostView(3, 3, 8))), "Build");
  EXPECT_EQ(Pick(Parse(head + TradePostView(3, 1, 0))), "Build");
}

// Law 12.5.1.V, 11.2.5.I: the Dig goes to the trade post the Burrow's
// warriors can take, not to an empty clearing.
TEST(DuchyPlan, Law_12_5_1_V_DigsOntoATradePostItCanTake) {
  const std::string head = R"pb(
    seat: 0
    faction: FACTION_DUCHY
    prompt { kind: "duchy.dig_clearing" }
    options {
      label: "5 (fox)"
      clearing { clearing: 5 }
    }
    options {
      label: "7 (rabbit)"
      clearing { clearing: 7 }
    }
  )pb";
  EXPECT_EQ(Pick(Parse(head + TradePostView(4, 2, 8))), "7 (rabbit)");
  EXPECT_EQ(Pick(Parse(head + TradePostView(2, 2, 8))), "5 (fox)");
}

// A Parliament prompt offering Done or the option `label`, an extra with
// the fields `extra`; a face-down Corvid plot lies in clearing 9, where the
// Duchy has a warrior.
v1::DecisionRequest ParliamentExtraRequest(const std::string& label,
                                           const std::string& extra) {
  return Parse(absl::Substitute(
      R"pb(
        seat: 0
        faction: FACTION_DUCHY
        prompt { kind: "duchy.parliament" }
        options { label: "$0" extra { $1 } }
        options {
          label: "Done"
          done {}
        }
        observation {
          seats { seat: 0 faction: FACTION_DUCHY victory_points: 8 }
          seats { seat: 1 faction: FACTION_CORVID victory_points: 8 }
          hand { name: "Mouse card" suit: SUIT_MOUSE }
          clearings {
            id: 9
            suit: SUIT_MOUSE
            warriors { faction: FACTION_DUCHY count: 1 }
          }
          corvid { plots { clearing: 9 plot: "face-down plot" } }
        }
      )pb",
      label, extra));
}

// Law 13.2.4: a wrong Exposure guess gives the Corvids the card shown; the
// Duchy guesses in Parliament only when the plot's kind is nearly known
// (the shared rule), not whenever a Corvid plot is offered.
TEST(DuchyPlan, Law_13_2_4_GuessesNoPlotBlindInParliament) {
  EXPECT_EQ(Pick(ParliamentExtraRequest("Exposure: guess the plot in 9",
                                        R"(action: "exposure" clearing: 9)")),
            "Done");
}

// Law 4.1.3: Codebreakers (a persistent effect) shows an enemy's hand, which
// no decision of the plan reads: left unused.
TEST(DuchyPlan, Law_4_1_3_LeavesCodebreakersUnused) {
  EXPECT_EQ(Pick(ParliamentExtraRequest("Use Codebreakers",
                                        R"(action: "codebreakers")")),
            "Done");
}

// Law 14.4.1: at the Hundreds' Birdsong each mob razes every enemy building
// and token in its clearing (and a lost building costs the Duchy a minister,
// 12.2.3): the Duchy builds where no mob stands, even beside fewer warriors.
TEST(DuchyPlan, Law_14_4_1_BuildsWhereNoMobStands) {
  const auto r = Parse(R"pb(
    seat: 0
    faction: FACTION_DUCHY
    prompt { kind: "duchy.build_clearing" }
    options {
      label: "5 (fox)"
      clearing { clearing: 5 }
    }
    options {
      label: "7 (fox)"
      clearing { clearing: 7 }
    }
    observation {
      seats { seat: 0 faction: FACTION_DUCHY victory_points: 6 }
      seats { seat: 1 faction: FACTION_HUNDREDS victory_points: 9 }
      clearings {
        id: 5
        suit: SUIT_FOX
        warriors { faction: FACTION_DUCHY count: 2 }
        ruler: FACTION_DUCHY
      }
      clearings {
        id: 7
        suit: SUIT_FOX
        warriors { faction: FACTION_DUCHY count: 4 }
        pieces { piece: "mob" owner: FACTION_HUNDREDS count: 1 }
        ruler: FACTION_DUCHY
      }
    }
  )pb");
  EXPECT_EQ(Pick(r), "5 (fox)");
}

// Law 3.3.1.I: the Marquise, its rabbit dominance active, rules the rabbit
// clearings 7 (two warriors), 8 and 9: it wins at its next Birdsong if it
// still rules them; the Duchy has three warriors in the Burrow and a rabbit
// card, `taken` Assembly actions taken. `prompt` holds the
// request's prompt and options.
v1::DecisionRequest DominanceThreatRequest(const std::string& prompt,
                                           int taken = 0) {
  return Parse(
      prompt +
      absl::Substitute(
          R"pb(
            observation {
              seats { seat: 0 faction: FACTION_DUCHY victory_points: 6 }
              seats {
                seat: 1
                faction: FACTION_MARQUISE
                dominance { name: "Dominance" suit: SUIT_RABBIT }
              }
              hand { name: "Rabbit card" suit: SUIT_RABBIT }
              duchy { burrow_warriors: 3 assembly_actions_taken: $0 }
              clearings { id: 5 suit: SUIT_FOX }
              clearings {
                id: 7
                suit: SUIT_RABBIT
                warriors { faction: FACTION_MARQUISE count: 2 }
                ruler: FACTION_MARQUISE
              }
              clearings { id: 8 suit: SUIT_RABBIT ruler: FACTION_MARQUISE }
              clearings { id: 9 suit: SUIT_RABBIT ruler: FACTION_MARQUISE }
            }
          )pb",
          taken));
}

// Law 3.3.1.I, 12.5.1.V: a Dig lands enough warriors in a clearing that
// keeps an opponent's activated dominance winning to end its rule there
// (Law 2.5: a tie rules nobody), before any Build.
TEST(DuchyPlan, Law_3_3_1_I_DigsToBreakAnOpponentsDominance) {
  EXPECT_EQ(Pick(DominanceThreatRequest(R"pb(
              seat: 0
              faction: FACTION_DUCHY
              prompt { kind: "duchy.dig_clearing" }
              options {
                label: "5 (fox)"
                clearing { clearing: 5 }
              }
              options {
                label: "7 (rabbit)"
                clearing { clearing: 7 }
              }
            )pb")),
            "7 (rabbit)");
  EXPECT_EQ(Pick(DominanceThreatRequest(R"pb(
                                          seat: 0
                                          faction: FACTION_DUCHY
                                          prompt { kind: "duchy.assembly" }
                                          options {
                                            label: "Build"
                                            action { code: 0 }
                                          }
                                          options {
                                            label: "Dig"
                                            action { code: 4 }
                                          }
                                          options {
                                            label: "Done"
                                            done {}
                                          }
                                        )pb",
                                        1)),
            "Dig");
}

TEST(DuchyPlan, BeatsARandomDuchyAgainstRandomOpponents) {
  constexpr int kGames = 80;
  int heuristic_wins = 0, random_wins = 0;
  for (int g = 0; g < kGames; ++g) {
    heuristic_wins += PlayGame(500 + g, g % 4, true);
    random_wins += PlayGame(500 + g, g % 4, false);
  }
  std::printf(
      "Duchy win rate over %d four-player games: heuristic %d%%, "
      "random %d%%\n",
      kGames, 100 * heuristic_wins / kGames, 100 * random_wins / kGames);
  EXPECT_GT(heuristic_wins, random_wins);
}

}  // namespace
}  // namespace woodland::bots
