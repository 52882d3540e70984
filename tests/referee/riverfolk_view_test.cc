// The Riverfolk Company's public board in the protocol (Law 11.2.3, 11.2.4):
// every seat's observation carries funds, payments, committed warriors,
// prices, trade posts and the public hand.
#include "gtest/gtest.h"
#include "referee/convert.h"
#include "referee/rules/faction.h"
#include "referee/rules/state.h"

namespace woodland::referee {
namespace {

using rules::kEyrie;
using rules::kMarquise;
using rules::kRiverfolk;

int Count(const google::protobuf::RepeatedPtrField<v1::FactionCount>& v,
          v1::Faction f) {
  for (const auto& fc : v)
    if (fc.faction() == f) return fc.count();
  return 0;
}

TEST(RiverfolkView, Law_11_2_3_And_11_2_4_PublicBoardAndHandInEveryView) {
  rules::GameSetup setup;
  setup.factions = {kRiverfolk, kMarquise, kEyrie};
  setup.first_seat = 0;
  auto st = rules::State::NewGame(setup, 5);
  ASSERT_TRUE(st.ok()) << st.status();
  rules::State& s = *st;
  s.ClearForScenario();
  rules::RiverfolkBoard& rf = s.mutable_riverfolk();
  s.SetWarriorSupply(kMarquise, s.warrior_supply(kMarquise) - 3);
  rf.funds[kMarquise] = 2;
  rf.payments[kMarquise] = 1;
  s.SetWarriorSupply(kEyrie, s.warrior_supply(kEyrie) - 1);
  rf.committed[kEyrie] = 1;
  rf.prices = {2, 1, 4};
  rf.posts_gone[rules::kRabbit] = 1;
  s.set_piece_supply(rules::kTradePostRabbit, 2);
  s.SetPieces(rules::kTradePostFox, 0, 1);
  s.GiveCard(0, 0);
  s.GiveCard(1, 1);
  ASSERT_TRUE(s.CheckInvariants().ok()) << s.CheckInvariants();
  for (int seat = 0; seat < 3; ++seat) {
    v1::Observation o;
    ObservationToProto(s, seat, &o);
    const v1::RiverfolkView& v = o.riverfolk();
    EXPECT_EQ(Count(v.funds(), v1::FACTION_MARQUISE), 2);
    EXPECT_EQ(Count(v.payments(), v1::FACTION_MARQUISE), 1);
    EXPECT_EQ(Count(v.committed(), v1::FACTION_EYRIE), 1);
    EXPECT_EQ(v.price_hand_card(), 2);
    EXPECT_EQ(v.price_riverboats(), 1);
    EXPECT_EQ(v.price_mercenaries(), 4);
    ASSERT_EQ(v.trade_posts_on_map_size(), 3);
    EXPECT_EQ(v.trade_posts_on_map(0).count(), 1);  // fox
    EXPECT_EQ(v.trade_posts_on_tracks(0).count(), 2);
    EXPECT_EQ(v.trade_posts_removed(1).count(), 1);  // rabbit
    EXPECT_EQ(v.trade_posts_on_tracks(1).count(), 2);
    ASSERT_EQ(v.hand_size(), 1) << "seat " << seat;
    EXPECT_EQ(v.hand(0).id(), 0);
  }
}

}  // namespace
}  // namespace woodland::referee
