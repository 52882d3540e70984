// Scenario tests for the points where the Law is silent or ambiguous and the
// engine decided (docs/rules-decisions.md names each one and its test).
#include "gtest/gtest.h"
#include "tests/referee/rules/scenario.h"

namespace woodland::rules::testing {
namespace {

TEST(Decisions, Law_7_7_1_HumiliateStopsAtZero) {
  // Three birds on the Decree (two viziers and Sappers), one VP: the score
  // track has no negative spaces, so the score stops at 0.
  Scenario sc;
  State& s = sc.s();
  s.SetCurrent(1, kPhaseDaylight);
  EyrieBoard& eb = s.mutable_eyrie();
  eb.leader = 1;  // Charismatic: viziers on Recruit and Battle
  eb.viziers = {1, 0, 1, 0};
  const CardId sappers = sc.Card("Sappers");
  s.GiveCard(1, sappers);
  s.RemoveFromHand(1, sappers);
  eb.decree[0].push_back(sappers);
  s.mutable_seat(1).vp = 1;
  sc.Start([](State& s) { GetFaction(kEyrie)->PushDaylight(s, 1); });
  // No roost: the first recruit fails, turmoil.
  EXPECT_EQ(sc.Key(), "eyrie.leader");
  EXPECT_EQ(s.seat(1).vp, 0);
}

TEST(Decisions, Law_7_4_3_TiedClearingsForANewRoostAreTheEyriesChoice) {
  // Every clearing but 1, 6 and 9 holds a warrior: the three empty ones tie
  // for fewest warriors and the Eyrie choose among them.
  Scenario sc;
  State& s = sc.s();
  s.SetCurrent(1, kPhaseBirdsong);
  s.mutable_eyrie().leader = 0;
  s.mutable_eyrie().viziers = {1, 1, 0, 0};
  for (int c = 1; c <= 12; ++c) {
    if (c != 1 && c != 6 && c != 9) s.SetWarriors(kMarquise, C(c), 1);
  }
  sc.Give(1, "Anvil");
  sc.Start([](State& s) { GetFaction(kEyrie)->PushBirdsong(s, 1); });
  sc.Choose("Add Anvil (fox) to the Move column");
  EXPECT_EQ(sc.Key(), "eyrie.new_roost");
  EXPECT_EQ(s.deciding_seat(), 1);
  EXPECT_EQ(sc.Labels(),
            (std::vector<std::string>{"1 (fox)", "6 (fox)", "9 (mouse)"}));
  sc.Choose("9 (mouse)");
  EXPECT_EQ(s.clearing(C(9)).pieces[kRoost], 1);
  EXPECT_EQ(s.clearing(C(9)).warriors[kEyrie], 3);
}

TEST(Decisions, Law_7_5_2_WithinAColumnTheEyrieChooseTheOrder) {
  // Columns go left to right; inside one the Eyrie pick the next card, one
  // option per suit (cards of a suit are interchangeable), a Loyal Vizier
  // being a bird card.
  Scenario sc;
  State& s = sc.s();
  s.SetCurrent(1, kPhaseDaylight);
  EyrieBoard& eb = s.mutable_eyrie();
  eb.leader = 0;
  eb.viziers = {1, 0, 0, 0};
  for (const char* n : {"Anvil", "Foxfolk Steel"}) {
    const CardId id = sc.Card(n, kFox);
    s.GiveCard(1, id);
    s.RemoveFromHand(1, id);
    eb.decree[0].push_back(id);
  }
  s.SetPieces(kRoost, C(1), 1);
  s.SetPieces(kRoost, C(5), 1);
  sc.Start([](State& s) { GetFaction(kEyrie)->PushDaylight(s, 1); });
  EXPECT_EQ(sc.Key(), "eyrie.decree.resolve");
  EXPECT_EQ(sc.Labels(),
            (std::vector<std::string>{"Anvil (fox) in Recruit",
                                      "Loyal Vizier (bird) in Recruit"}));
  sc.Choose("Loyal Vizier (bird) in Recruit");
  sc.Choose("5 (rabbit)");
  // The two fox cards recruit in the one fox roost clearing, unasked.
  EXPECT_TRUE(sc.Paused());
  EXPECT_EQ(s.clearing(C(5)).warriors[kEyrie], 1);
  EXPECT_EQ(s.clearing(C(1)).warriors[kEyrie], 2);
}

TEST(Decisions, Law_6_2_3_FieldHospitalsAlsoAfterTaxCollector) {
  // Tax Collector removes one of the Marquise's own warriors; Field
  // Hospitals triggers on any removal of Marquise warriors.
  Scenario sc;
  State& s = sc.s();
  s.SetPieces(kKeep, C(1), 1);
  s.SetWarriors(kMarquise, C(5), 1);
  sc.Craft(0, "Tax Collector");
  const CardId rabbit = sc.Give(0, "Bake Sale", kRabbit);
  sc.Start([](State& s) { PushCraft(s, 0); });
  sc.Choose("Use Tax Collector");
  EXPECT_EQ(sc.Key(), "marquise.field_hospitals");
  EXPECT_TRUE(sc.Offers("Bake Sale (rabbit)"));
  sc.Choose("Bake Sale (rabbit)");
  EXPECT_EQ(s.clearing(C(5)).warriors[kMarquise], 0);
  EXPECT_EQ(s.clearing(C(1)).warriors[kMarquise], 1);
  EXPECT_EQ(s.discard().back(), rabbit);
}

TEST(Decisions, Law_9_2_9_I_b_RelationshipStepsScoreOneTwoTwo) {
  // Indifferent -> Allied in three steps of 1, 2 and 3 aids in a turn
  // (board: 1/2/2 VP, 2 VP per aid once Allied).
  Scenario sc({kMarquise, kEyrie, kAlliance, kVagabond});
  State& s = sc.s();
  constexpr int kVb = 3;
  s.SetCurrent(kVb, kPhaseDaylight);
  VagabondBoard& vb = s.mutable_vagabond();
  vb.character = 0;
  vb.clearing = C(1);
  vb.forest = -1;
  for (int i = 0; i < 6; ++i) sc.Item(kBoot);
  s.SetWarriors(kMarquise, C(1), 1);
  for (const char* n : {"Anvil", "Foxfolk Steel", "Gently Used Knapsack",
                        "Protection Racket", "Root Tea", "Travel Gear"}) {
    sc.Give(kVb, n, kFox);
  }
  sc.Start([](State& s) { GetFaction(kVagabond)->PushDaylight(s, kVb); });
  auto aid = [&] {
    sc.Choose("Aid");
    while (sc.Key() == "vagabond.aid.card" ||
           sc.Key() == "vagabond.aid.exhaust") {
      ASSERT_TRUE(s.Apply(kVb, 0).ok());
    }
    if (sc.Key() == "vagabond.aid.take_item") {
      ASSERT_TRUE(s.Apply(kVb, 0).ok());
    }
  };
  const std::vector<int> want_vp = {1, 1, 3, 3, 3, 5};
  const std::vector<int> want_rel = {1, 1, 2, 2, 2, kAllied};
  for (size_t i = 0; i < want_vp.size(); ++i) {
    aid();
    EXPECT_EQ(s.seat(kVb).vp, want_vp[i]) << "aid " << i + 1;
    EXPECT_EQ(s.vagabond().relation[kMarquise], want_rel[i]) << "aid " << i + 1;
  }
}

TEST(Decisions, Law_1_4_1_TurnLimitEndsAStalemateAsADraw) {
  // The Law has no end but a win; a match with max_turns stops there as a
  // draw (no winners).
  GameSetup setup;
  setup.factions = {kMarquise, kEyrie};
  setup.first_seat = 0;
  setup.max_turns = 3;
  auto st = State::NewGame(setup, 5);
  ASSERT_TRUE(st.ok()) << st.status();
  State& s = *st;
  for (int i = 0; i < 5000 && !s.IsTerminal(); ++i) {
    ASSERT_TRUE(s.Apply(s.deciding_seat(), 0).ok());
  }
  ASSERT_TRUE(s.IsTerminal());
  EXPECT_EQ(s.end_reason(), kReasonTurnLimit);
  EXPECT_TRUE(s.winners().empty());
  EXPECT_LT(s.seat(0).vp, 30);
  EXPECT_LT(s.seat(1).vp, 30);
}

}  // namespace
}  // namespace woodland::rules::testing
