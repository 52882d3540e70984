// What one seat may know (Law 1.2).
//
// Public: the map, scores, hand sizes, the discard pile (1.2.2), available
// dominance cards, play areas, crafted items, faction boards (the Decree is
// face up). Private to the seat: its own hand, and hands shown to it
// (Codebreakers). Never included: other hands, the deck's contents or
// order, the chance stream.
#ifndef WOODLAND_REFEREE_RULES_OBSERVATION_H_
#define WOODLAND_REFEREE_RULES_OBSERVATION_H_

#include <array>
#include <string>
#include <vector>

#include "referee/rules/state.h"

namespace woodland::rules {

struct SeatView {
  int8_t faction = kNoFaction;
  int16_t vp = 0;
  CardId dominance = kNoCard;
  int hand_size = 0;
  std::vector<CardId> play_area;
  std::array<int8_t, kNumItems> items{};
};

struct Observation {
  int seat = -1;
  int current_seat = -1;
  Phase phase = kPhaseSetup;
  int turn = 0;
  std::vector<ClearingState> clearings;
  std::vector<SeatView> seats;
  std::vector<CardId> hand;  // this seat's own hand
  std::vector<CardId> discard;
  std::vector<CardId> available_dominance;
  int deck_size = 0;
  std::array<int8_t, kNumItems> item_supply{};
  std::vector<Reveal> reveals;  // hands shown to this seat
  // Faction boards.
  int8_t keep = -1;
  std::array<int8_t, 3> marquise_placed{};
  int8_t eyrie_leader = -1;
  uint8_t eyrie_deposed = 0;
  std::array<std::vector<CardId>, 4> decree;
  std::array<int8_t, 4> viziers{};
  // The Vagabond (all public except what lies under the ruins).
  int8_t vagabond_character = -1;
  int8_t vagabond_clearing = -1;
  int8_t vagabond_forest = -1;
  std::vector<VItem> vagabond_items;
  std::array<int8_t, kNumFactions> relations{};
  std::vector<int8_t> quests;
  std::vector<int8_t> quests_done;
  std::vector<int8_t> ruins_with_items;  // clearings; the items stay hidden
  // Every seated Vagabond's board (Law 9.7: the second one's too), public
  // but for the items under the ruins and the quest deck (cleared here).
  struct VagabondPublic {
    int8_t faction = kNoFaction;
    VagabondBoard board;
  };
  std::vector<VagabondPublic> vagabonds;
  int supporters = 0;                   // count (public)
  std::vector<CardId> supporter_cards;  // only in the Alliance's own view
  int officers = 0;
  // Expansion factions' boards (Law 10-15) as this seat may know them: each
  // faction's Observe<Faction> copies its board and redacts hidden parts
  // (also in `clearings`, e.g. face-down plots).
  CultBoard cult;
  RiverfolkBoard riverfolk;
  std::vector<CardId> riverfolk_hand;  // public (Law 11.2.3)
  DuchyBoard duchy;
  CorvidBoard corvid;
  HundredsBoard hundreds;
  KeepersBoard keepers;
  // The Exiles and Partisans deck's cards (Coffin Makers, League of
  // Adventurous Mice): public (exiles.cc ObserveExiles).
  ExilesBoard exiles;
  // The hirelings in play (Law 22): all public.
  HirelingsBoard hirelings;
  // The homelands chosen with the faction setup cards (Law 19.8.3.I), one
  // entry per faction in the order of their first homeland, each with its
  // clearings in the order chosen: public (chosen face up on the map).
  // Empty in a standard setup (5.1), which has no homelands.
  struct Homeland {
    int8_t faction = kNoFaction;
    std::vector<int8_t> clearings;
  };
  std::vector<Homeland> homelands;
};

Observation Observe(const State& s, int seat);
// The same into `o`, every field replaced, its vectors' capacity kept (issue
// 19: a referee that observes at every decision allocates nothing).
void ObserveInto(const State& s, int seat, Observation& o);
void ObserveCult(const State& s, int seat, Observation& o);  // cult.cc
void ObserveRiverfolk(const State& s, int seat,
                      Observation& o);                           // riverfolk.cc
void ObserveDuchy(const State& s, int seat, Observation& o);     // duchy.cc
void ObserveCorvid(const State& s, int seat, Observation& o);    // corvid.cc
void ObserveHundreds(const State& s, int seat, Observation& o);  // hundreds.cc
void ObserveKeepers(const State& s, int seat, Observation& o);   // keepers.cc

// Names of Vagabond characters and quests (vagabond.cc).
absl::string_view VagabondCharacterName(int character);
absl::string_view QuestName(int quest);
int QuestSuit(int quest);
// Law 26: a character by name (case-insensitive), -1 if unknown.
int ParseVagabondCharacter(absl::string_view name);
int NumVagabondCharacters();

// Compact JSON for command-line output and tests.
std::string ObservationJson(const State& s, const Observation& o);

}  // namespace woodland::rules

#endif  // WOODLAND_REFEREE_RULES_OBSERVATION_H_
