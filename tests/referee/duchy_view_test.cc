// The Underground Duchy's board in the protocol (Law 12): every seat sees the
// Burrow, the ministers, the crowns and the revealed cards.
#include "gtest/gtest.h"
#include "referee/convert.h"
#include "tests/referee/rules/scenario.h"

namespace woodland::referee {
namespace {

using rules::testing::C;
using rules::testing::Scenario;

TEST(DuchyView, Law_12_5_3_II_EverySeatSeesTheDuchyBoard) {
  Scenario sc({rules::kDuchy, rules::kMarquise});
  rules::State& s = sc.s();
  s.SetWarriorSupply(rules::kDuchy, s.warrior_supply(rules::kDuchy) - 3);
  s.mutable_duchy().burrow = 3;
  s.mutable_duchy().swayed = 1u << rules::kBanker;
  s.mutable_duchy().crowns_lost[0] = 1;
  const rules::CardId anvil = sc.Give(0, "Anvil", rules::kFox);
  s.RemoveFromHand(0, anvil);
  s.mutable_duchy().revealed.push_back(anvil);
  v1::Observation o;
  ObservationToProto(s, 1, &o);  // the Marquise's view
  ASSERT_TRUE(o.has_duchy());
  const v1::DuchyView& d = o.duchy();
  EXPECT_EQ(d.burrow_warriors(), 3);
  ASSERT_EQ(d.ministers_size(), 9);
  EXPECT_EQ(d.ministers(4).name(), "Banker");
  EXPECT_EQ(d.ministers(4).rank(), "noble");
  EXPECT_TRUE(d.ministers(4).swayed());
  EXPECT_FALSE(d.ministers(0).swayed());
  EXPECT_EQ(d.ministers(8).name(), "Earl of Stone");
  EXPECT_EQ(d.ministers(8).rank(), "lord");
  ASSERT_EQ(d.crowns_on_board_size(), 3);
  EXPECT_EQ(d.crowns_on_board(0), 2);  // one squire crown lost
  EXPECT_EQ(d.crowns_on_board(1), 2);  // one noble crown on the Banker
  EXPECT_EQ(d.crowns_on_board(2), 3);
  EXPECT_EQ(d.crowns_lost(0), 1);
  ASSERT_EQ(d.revealed_size(), 1);
  EXPECT_EQ(d.revealed(0).name(), "Anvil");
}

}  // namespace
}  // namespace woodland::referee
