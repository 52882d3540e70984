// The heuristic's answers to the table's prompts (bots/heuristic/
// table_prompts.cc): the draft (Law 19.8.3), starting hands (19.10), where
// a landmark goes (19.5.3) and the Exiles and Partisans deck's cards.
#include "bots/heuristic/table_prompts.h"

#include "bots/heuristic/policy.h"
#include "gtest/gtest.h"

namespace woodland::bots {
namespace {

v1::DecisionRequest Request(const std::string& kind) {
  v1::DecisionRequest r;
  r.set_faction(v1::FACTION_MARQUISE);
  r.mutable_prompt()->set_kind(kind);
  return r;
}

double Score(const v1::DecisionRequest& r, int i) {
  double s = -1e9;
  EXPECT_TRUE(TablePromptScore(r, r.options(i), &s)) << i;
  return s;
}

TEST(TablePrompts, Law_19_8_3_DraftsTheFactionItPlaysBest) {
  v1::DecisionRequest r = Request("setup.draft");
  for (auto f :
       {v1::FACTION_VAGABOND, v1::FACTION_RIVERFOLK, v1::FACTION_ALLIANCE})
    r.add_options()->mutable_faction()->set_faction(f);
  // Through the policy's dispatch (one line in policy.cc).
  HeuristicPolicy policy(1);
  EXPECT_EQ(policy.Choose(r), 1);
}

TEST(TablePrompts, Law_19_10_PutsBackDominanceNeverABird) {
  v1::DecisionRequest r = Request("setup.starting_hand");
  auto card = [&](const std::string& name, v1::Suit suit) {
    v1::Card* c = r.add_options()->mutable_card();
    c->set_name(name);
    c->set_suit(suit);
  };
  card("Dominance", v1::SUIT_FOX);      // 0
  card("Ambush!", v1::SUIT_BIRD);       // 1
  card("Anvil", v1::SUIT_FOX);          // 2
  card("Ambush!", v1::SUIT_MOUSE);      // 3
  EXPECT_GT(Score(r, 0), Score(r, 2));  // dominance goes back first
  EXPECT_GT(Score(r, 2), Score(r, 3));  // an ambush defends (4.3.1)
  EXPECT_GT(Score(r, 3), Score(r, 1));  // a bird is wild (2.1.1)
}

TEST(TablePrompts, Law_19_5_3_LandmarkGoesAmongOurPieces) {
  v1::DecisionRequest r = Request("setup.landmark");
  for (int id = 1; id <= 3; ++id) {
    v1::ClearingView* c = r.mutable_observation()->add_clearings();
    c->set_id(id);
    r.add_options()->mutable_clearing()->set_clearing(id);
  }
  auto* w = r.mutable_observation()->mutable_clearings(1)->add_warriors();
  w->set_faction(v1::FACTION_MARQUISE);
  w->set_count(2);
  auto* e = r.mutable_observation()->mutable_clearings(2)->add_warriors();
  e->set_faction(v1::FACTION_EYRIE);  // an enemy's: no value to us
  e->set_count(5);
  EXPECT_GT(Score(r, 1), Score(r, 0));
  EXPECT_EQ(Score(r, 2), Score(r, 0));
}

TEST(TablePrompts, Law_20_8_1_SaboteursHitTheLeader) {
  v1::DecisionRequest r = Request("card.saboteurs");
  for (auto [f, vp] :
       {std::pair{v1::FACTION_EYRIE, 12}, std::pair{v1::FACTION_CULT, 20}}) {
    v1::SeatView* seat = r.mutable_observation()->add_seats();
    seat->set_faction(f);
    seat->set_victory_points(vp);
    r.add_options()->mutable_faction()->set_faction(f);
  }
  r.add_options()->mutable_done();
  EXPECT_GT(Score(r, 1), Score(r, 0));
  EXPECT_GT(Score(r, 0), Score(r, 2));  // used rather than declined
  // Not a table prompt: left to the rest of the policy.
  double s = 0;
  EXPECT_FALSE(TablePromptScore(Request("battle"), r.options(0), &s));
}

}  // namespace
}  // namespace woodland::bots
