// The Vagabond's quest deck (Law 9.5.5) beyond the names and suits in
// observation.h: what the protocol tells bots about each quest card.
#ifndef WOODLAND_REFEREE_RULES_QUEST_DECK_H_
#define WOODLAND_REFEREE_RULES_QUEST_DECK_H_

#include <utility>

namespace woodland::rules {

// Law 9.5.5: the two items quest card `quest` exhausts, as item indices
// (ItemName), in the order the card lists them (vagabond.cc).
std::pair<int, int> QuestItems(int quest);

}  // namespace woodland::rules

#endif  // WOODLAND_REFEREE_RULES_QUEST_DECK_H_
