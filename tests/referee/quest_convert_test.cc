// The quest cards in the protocol (Law 9.5.5): QuestChoice carries each
// card's name, suit and the two items it exhausts, as the reference quest
// deck (../shared/reference/vagabond.yaml) lists them.
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "referee/convert.h"
#include "referee/rules/types.h"

namespace woodland::referee {
namespace {

struct RefQuest {
  std::string name, suit, first, second;
};

// The `quests:` list of the reference file, in deck order (one card a line).
std::vector<RefQuest> ReadQuests() {
  std::ifstream in(REFERENCE_VAGABOND_PATH);
  EXPECT_TRUE(in.good()) << REFERENCE_VAGABOND_PATH;
  static const std::regex kQuest(
      "^  - \\{name: ([\\w ]+), suit: (\\w+), items: \\[(\\w+), (\\w+)\\]\\}");
  std::vector<RefQuest> out;
  std::string line;
  bool inside = false;
  std::smatch m;
  while (std::getline(in, line)) {
    if (!line.empty() && line[0] != ' ' && line[0] != '#') {
      inside = line.rfind("quests:", 0) == 0;
      continue;
    }
    if (inside && std::regex_search(line, m, kQuest))
      out.push_back({m[1], m[2], m[3], m[4]});
  }
  return out;
}

TEST(QuestProto, Law_9_5_5_QuestChoiceListsTheCardsTwoItems) {
  const std::vector<RefQuest> deck = ReadQuests();
  ASSERT_EQ(deck.size(), 15u) << "the quest deck has 15 cards";
  for (int q = 0; q < static_cast<int>(deck.size()); ++q) {
    v1::QuestChoice c;
    QuestToProto(q, &c);
    EXPECT_EQ(c.quest(), q);
    EXPECT_EQ(c.name(), deck[q].name) << q;
    EXPECT_EQ(c.suit(), SuitToProto(rules::ParseSuit(deck[q].suit)))
        << c.name();
    ASSERT_EQ(c.items_size(), 2) << c.name();
    EXPECT_EQ(c.items(0), deck[q].first) << c.name();
    EXPECT_EQ(c.items(1), deck[q].second) << c.name();
  }
}

}  // namespace
}  // namespace woodland::referee
