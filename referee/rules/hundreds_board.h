// The Lord of the Hundreds's board (Law 14): everything about the faction that
// is not a piece on the map. Part of State (a plain value: keep it cheap to
// copy); only hundreds.cc writes it. Observe() copies it into every observation
// after hundreds.cc's ObserveHundreds redacts what a seat may not know (the
// Hundreds hide nothing: the whole board is public).
//
// The warlord (Law 14.2.2) is one of the faction's 21 warriors: on the map it
// is counted in ClearingState::warriors[kHundreds] of its clearing, and
// `warlord` says which clearing that is; off the map it is the one warrior of
// the supply that only setup and Anoint may place (regular placements leave it
// there), or, removed while Coffin Makers is in play (Exiles deck), one of the
// Hundreds' warriors on that card (`warlord_on_coffins`) until they return.
#ifndef WOODLAND_REFEREE_RULES_HUNDREDS_BOARD_H_
#define WOODLAND_REFEREE_RULES_HUNDREDS_BOARD_H_

#include <array>
#include <cstdint>
#include <vector>

#include "referee/rules/types.h"

namespace woodland::rules {

// Law 14.7: the eight mood cards, in the Law's order.
enum HundredsMood : int8_t {
  kMoodBitter = 0,
  kMoodGrandiose,
  kMoodJubilant,
  kMoodLavish,
  kMoodRelentless,
  kMoodRowdy,
  kMoodStubborn,
  kMoodWrathful,
};
inline constexpr int kNumMoods = 8;

struct HundredsBoard {
  int8_t warlord = -1;              // the warlord's clearing, -1 off the map
  bool warlord_on_coffins = false;  // off the map, on Coffin Makers
  int8_t mood = kMoodStubborn;      // the card in the Mood Card slot (14.3.4)
  // Law 14.2.4: items in the Hoard by kind (Command: boot, sack, coin;
  // Prowess: hammer, tea, sword, crossbow), and items removed permanently.
  std::array<int8_t, kNumItems> hoard{};
  std::array<int8_t, kNumItems> removed{};
  // Of the Hoard's items, the "R" items razed from ruins, by kind (Law
  // 9.7.3: with two Vagabonds, none of a kind held so is taken from a ruin).
  std::array<int8_t, kNumItems> ruin_hoard{};
  // An item gained whose fate waits on a decision (Contempt for Trade or a
  // full track), and the VP its card lists.
  int8_t pending_item = -1;
  int8_t pending_vp = 0;
  bool pending_ruin = false;  // the pending item is an "R" item from a ruin
  // Looters (14.2.5): the battle being looted (clearing, defender).
  int8_t loot_clearing = -1;
  int8_t loot_target = -1;
  bool stubborn_used = false;  // 14.7.7: the first hit of this battle
  // Recruit (14.4.2) with too few warriors: strongholds still unserved.
  std::array<int8_t, kMaxClearings> quota{};

  // Law 14.2.4: the track an item goes on (0 Command, 1 Prowess, -1 none).
  static int TrackOf(int item) {
    switch (item) {
      case kBoot:
      case kSack:
      case kCoin:
        return 0;
      case kHammer:
      case kTea:
      case kSword:
      case kCrossbow:
        return 1;
    }
    return -1;
  }
  int TrackItems(int track) const {
    int n = 0;
    for (int i = 0; i < kNumItems; ++i) n += TrackOf(i) == track ? hoard[i] : 0;
    return n;
  }
  // Law 14.2.4.II: no item 1, one or two 2, three 3, four 4.
  static int TrackValue(int items) {
    return items == 0 ? 1 : items < 2 ? 2 : items;
  }
  int Command() const { return TrackValue(TrackItems(0)); }
  int Prowess() const { return TrackValue(TrackItems(1)); }

  friend bool operator==(const HundredsBoard&, const HundredsBoard&) = default;

  // An unused board (no Hundreds seated) adds nothing, so tables without
  // the Hundreds keep their golden signatures.
  template <class H>
  void HashInto(H& h) const {
    if (*this == HundredsBoard{}) return;
    h.Add(warlord);
    h.Add(mood);
    for (int8_t v : hoard) h.Add(v);
    for (int8_t v : removed) h.Add(v);
    for (int8_t v : ruin_hoard) h.Add(v);
    h.Add(pending_item);
    h.Add(pending_vp);
    h.Add(pending_ruin);
    h.Add(loot_clearing);
    h.Add(loot_target);
    h.Add(stubborn_used);
    for (int8_t v : quota) h.Add(v);
    // Only when set: games that never put it there keep their signatures.
    if (warlord_on_coffins) h.Add(warlord_on_coffins);
  }
  template <class F>
  void ForEachCard(F&& f) const {}
  // The warlord off the map stays in the supply or on Coffin Makers, whose
  // warriors the Exiles board counts (see above).
  int OffMapWarriors(int faction) const { return 0; }
  int OffMapPieces(int piece) const { return 0; }
  int HeldItems(int item) const {
    return hoard[item] + removed[item] + (pending_item == item ? 1 : 0);
  }
};

absl::string_view HundredsMoodName(int mood);  // "Stubborn" (hundreds.cc)

}  // namespace woodland::rules

#endif  // WOODLAND_REFEREE_RULES_HUNDREDS_BOARD_H_
