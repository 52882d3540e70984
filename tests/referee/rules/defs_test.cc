// Map and deck data (Law 2.1-2.4, 5.1) and their parsers.
#include "referee/rules/defs.h"

#include "gtest/gtest.h"

namespace woodland::rules {
namespace {

TEST(Defs, Law_2_2_And_2_3_AutumnMapClearingsPathsRiversSlots) {
  auto m = BuiltinMap("autumn");
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(m->num_clearings, 12);
  int paths = 0, rivers = 0, slots = 0, ruins = 0, corners = 0;
  for (int c = 0; c < 12; ++c) {
    paths += __builtin_popcount(m->clearings[c].adjacent);
    rivers += __builtin_popcount(m->clearings[c].river);
    slots += m->clearings[c].slots;
    ruins += m->clearings[c].ruin;
    corners += m->clearings[c].corner;
  }
  EXPECT_EQ(paths / 2, 18);
  EXPECT_EQ(rivers / 2, 4);
  EXPECT_EQ(slots, 22);
  EXPECT_EQ(ruins, 4);
  EXPECT_EQ(corners, 4);
  int suits[3] = {0, 0, 0};  // Law 2.2.2: four clearings of each suit
  for (int c = 0; c < 12; ++c) ++suits[m->clearings[c].suit];
  EXPECT_EQ(suits[0], 4);
  EXPECT_EQ(suits[1], 4);
  EXPECT_EQ(suits[2], 4);
  EXPECT_EQ(m->forests.size(), 7u);
  EXPECT_EQ(m->OppositeCorner(0), 2);
  EXPECT_EQ(m->OppositeCorner(3), 1);
  EXPECT_EQ(m->OppositeCorner(5), -1);
  EXPECT_TRUE(m->Adjacent(0, 4));
  EXPECT_FALSE(m->Adjacent(4, 9)) << "5-10 is a river, not a path";
}

TEST(Defs, StandardDeckFacts) {
  auto d = BuiltinDeck("standard");
  ASSERT_TRUE(d.ok()) << d.status();
  ASSERT_EQ(d->cards.size(), 54u);
  std::array<int, 4> suits{};
  std::array<int, 5> kinds{};
  for (const CardDef& c : d->cards) {
    ++suits[c.suit];
    ++kinds[c.kind];
  }
  EXPECT_EQ(suits,
            (std::array<int, 4>{14, 13, 13, 14}));  // fox rabbit mouse bird
  EXPECT_EQ(kinds[kAmbushCard], 5);                 // Law 2.1.2
  EXPECT_EQ(kinds[kDominanceCard], 4);              // Law 2.1.3
  EXPECT_EQ(kinds[kItemCard], 20);
  EXPECT_EQ(kinds[kImmediateCard], 3);
  EXPECT_EQ(kinds[kPersistentCard], 22);
}

TEST(Defs, BadMapFilesGiveClearErrors) {
  EXPECT_FALSE(ParseMap("").ok());
  auto r = ParseMap("map x \"X\"\nclearing 1 fox slots=1\npath 1 7\n");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("line 3"), absl::string_view::npos)
      << r.status();
  EXPECT_FALSE(ParseMap("map x \"X\"\nclearing 1 bird slots=1\n").ok());
  EXPECT_FALSE(ParseMap("map x \"X\"\nclearing 2 fox slots=1\n").ok());
  EXPECT_FALSE(ParseMap("map x \"X\"\nteleport 1 2\n").ok());
}

TEST(Defs, BadDeckFilesGiveClearErrors) {
  EXPECT_FALSE(ParseDeck("deck d \"D\"\ncard \"A\" fox x0 ambush\n").ok());
  EXPECT_FALSE(
      ParseDeck("deck d \"D\"\ncard \"A\" fox x1 item cost=fox\n").ok());
  EXPECT_FALSE(
      ParseDeck("deck d \"D\"\ncard \"A\" fox x1 persistent effect=nope\n")
          .ok());
  EXPECT_FALSE(
      ParseDeck("deck d \"D\"\ncard \"A\" fox x1 item cost=bird item=boot\n")
          .ok());
  EXPECT_TRUE(ParseDeck("deck d \"D\"\ncard \"A # B\" fox x1 ambush\n").ok());
}

}  // namespace
}  // namespace woodland::rules
