// The hirelings' table (Law 22, 19.6): the three hireling cards in play,
// who controls each, its control markers, its pieces on the map and on the
// card, and the hireling markers on the score track. Part of State (a plain
// value); only hirelings.cc writes it. Everything here is public.
//
// Hireling pieces are not faction pieces (Law 22.3.3): they are counted here,
// per card and clearing, never in ClearingState. State::Presence adds them to
// their controller's presence for rule only (22.3.1).
#ifndef WOODLAND_REFEREE_RULES_HIRELINGS_BOARD_H_
#define WOODLAND_REFEREE_RULES_HIRELINGS_BOARD_H_

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "referee/rules/types.h"

namespace woodland::rules {

// Law 19.6.4: the hireling markers lie on these score-track spaces.
inline constexpr std::array<int8_t, 3> kHirelingMarkerSpaces = {4, 8, 12};
// The Exile's Clubs (Law 20.4.2: 3 Club items, kept on its card).
inline constexpr int kExileClubs = 3;

// Pieces each side uses (Law 20.4, 20.11; hirelings_landmarks.yaml): the
// demoted sides but Street Band play without pieces of their own.
struct HirelingBox {
  int8_t warriors = 0;
  int8_t vaults = 0;
};
inline constexpr HirelingBox HirelingPieces(int hireling, bool demoted) {
  switch (hireling) {
    case kHirelingForestPatrol:
      return {demoted ? int8_t{0} : int8_t{12}, 0};
    case kHirelingLastDynasty:
      return {demoted ? int8_t{0} : int8_t{5}, 0};
    case kHirelingSpringUprising:
      return {demoted ? int8_t{0} : int8_t{4}, 0};
    case kHirelingFlameBearers:
      return {demoted ? int8_t{0} : int8_t{6}, 0};
    case kHirelingVaultKeepers:
      return demoted ? HirelingBox{} : HirelingBox{6, 6};
    case kHirelingPopularBand:
      return {5, 0};  // both the Popular and the Street Band
    default:
      return {};
  }
}

struct HirelingCard {
  int8_t hireling = -1;  // Hireling
  bool demoted = false;
  int8_t controller = kNoFaction;  // controlling faction; none: the supply
  int8_t control = 0;              // control markers on the card (22.1.2)
  int16_t gained_turn = -1;        // the turn it was gained (22.1.3)
  bool used = false;  // its once-per-Daylight action taken (22.2.4)
  std::array<int8_t, kMaxClearings> warriors{};  // on the map
  std::array<int8_t, kMaxClearings> vaults{};    // Vault Keepers' buildings
  int8_t supply = 0;                             // warriors in the supply
  int8_t vault_supply = 0;                       // vaults in the supply
  int8_t held = 0;     // warriors on the card (Forest Patrol)
  int8_t forest = -1;  // the Exile's pawn
  int8_t clubs = 0;    // the Exile's ready Clubs
  int8_t clubs_exhausted = 0;
  int8_t clubs_lost = 0;  // Clubs removed by hits (out of the game)
  std::array<int8_t, kNumItems> items{};  // crafted items given to the Exile
  std::array<int8_t, kNumItems> items_exhausted{};
  // The Brigand: its steal taken this Daylight; the controller's crafted
  // items it exhausted (refreshed at the controller's Birdsong).
  bool used_steal = false;
  std::array<int8_t, kNumItems> brigand_exhausted{};

  bool Controlled() const { return controller != kNoFaction; }
  int WarriorsOnMap() const {
    int n = 0;
    for (int8_t w : warriors) n += w;
    return n;
  }
  friend bool operator==(const HirelingCard&, const HirelingCard&) = default;
};

struct HirelingsBoard {
  std::vector<HirelingCard> cards;  // the three in play (empty: no hirelings)
  uint8_t markers_on_track = 0;     // bit i: marker at space 4(i+1) remains
  // Markers taken and waiting under a seat's Evening for the end of its turn
  // (Law 22.1.1), by seat.
  std::array<int8_t, kMaxSeats> markers_waiting{};
  // Bit per clearing holding any hireling piece (a fast test for rule).
  uint32_t on_map = 0;
  // Per battle: Badger Bodyguards' ignored hit used; Rabbit Scouts swapped
  // the rolls.
  bool bodyguards_used = false;
  bool scouts_swap = false;
  // The Bands: clearings each seat moved into while they held Band
  // warriors, during turn band_turn (it may not move out of them then).
  std::array<uint32_t, kMaxSeats> band_lock{};
  int16_t band_turn = -1;

  bool InPlay() const { return !cards.empty(); }
  // The card of `hireling`, or nullptr if it is not in play.
  const HirelingCard* Find(int hireling) const {
    for (const HirelingCard& h : cards) {
      if (h.hireling == hireling) return &h;
    }
    return nullptr;
  }
  HirelingCard* Find(int hireling) {
    for (HirelingCard& h : cards) {
      if (h.hireling == hireling) return &h;
    }
    return nullptr;
  }
  // A side in play and controlled by `faction`.
  bool Controls(int faction, int hireling, bool demoted) const {
    const HirelingCard* h = Find(hireling);
    return h && h->demoted == demoted && h->controller == faction &&
           faction != kNoFaction;
  }
  void RecomputeOnMap() {
    on_map = 0;
    for (const HirelingCard& h : cards) {
      for (int c = 0; c < kMaxClearings; ++c) {
        if (h.warriors[c] > 0 || h.vaults[c] > 0) on_map |= 1u << c;
      }
    }
  }
  // Hireling pieces `faction` treats as its own for rule in c (22.3.1).
  int ControlledPresence(int faction, int c) const {
    if (!(on_map >> c & 1)) return 0;
    int n = 0;
    for (const HirelingCard& h : cards) {
      if (h.controller == faction) n += h.warriors[c] + h.vaults[c];
    }
    return n;
  }
  // Vaults in c: buildings, they fill building slots (Law 2.2.3).
  int Vaults(int c) const {
    if (!(on_map >> c & 1)) return 0;
    int n = 0;
    for (const HirelingCard& h : cards) n += h.vaults[c];
    return n;
  }
  // Law 22.3.1: the largest presence in c of an uncontrolled hireling.
  int UncontrolledPresence(int c) const {
    if (!(on_map >> c & 1)) return 0;
    int best = 0;
    for (const HirelingCard& h : cards) {
      if (!h.Controlled()) best = std::max(best, h.warriors[c] + h.vaults[c]);
    }
    return best;
  }

  template <class H>
  void HashInto(H& h) const {
    if (cards.empty()) return;  // no hirelings: older hashes unchanged
    for (const HirelingCard& k : cards) {
      h.Add(k.hireling);
      h.Add(k.demoted);
      h.Add(k.controller);
      h.Add(k.control);
      h.Add(k.gained_turn);
      h.Add(k.used);
      for (int8_t v : k.warriors) h.Add(v);
      for (int8_t v : k.vaults) h.Add(v);
      h.Add(k.supply);
      h.Add(k.vault_supply);
      h.Add(k.held);
      h.Add(k.forest);
      h.Add(k.clubs);
      h.Add(k.clubs_exhausted);
      h.Add(k.clubs_lost);
      for (int8_t v : k.items) h.Add(v);
      for (int8_t v : k.items_exhausted) h.Add(v);
      h.Add(k.used_steal);
      for (int8_t v : k.brigand_exhausted) h.Add(v);
    }
    h.Add(markers_on_track);
    for (int8_t v : markers_waiting) h.Add(v);
    h.Add(bodyguards_used);
    h.Add(scouts_swap);
    for (uint32_t v : band_lock) h.Add(v);
    h.Add(band_turn);
  }
  template <class F>
  void ForEachCard(F&&) const {}
  int OffMapWarriors(int) const { return 0; }
  int OffMapPieces(int) const { return 0; }
  int HeldItems(int item) const {
    int n = 0;
    for (const HirelingCard& h : cards)
      n += h.items[item] + h.items_exhausted[item];
    return n;
  }
  // Hireling pieces are conserved against their box (Law 1.5.1).
  absl::Status Check() const {
    for (const HirelingCard& h : cards) {
      const HirelingBox box = HirelingPieces(h.hireling, h.demoted);
      int w = h.supply + h.held, v = h.vault_supply;
      for (int c = 0; c < kMaxClearings; ++c) {
        if (h.warriors[c] < 0 || h.vaults[c] < 0)
          return absl::InternalError("negative hireling piece count");
        w += h.warriors[c];
        v += h.vaults[c];
      }
      if (w != box.warriors || v != box.vaults || h.supply < 0 ||
          h.vault_supply < 0 || h.held < 0) {
        return absl::InternalError(absl::StrCat("hireling ", int{h.hireling},
                                                " pieces: ", w, " warriors, ",
                                                v, " vaults in play"));
      }
      if (h.hireling == kHirelingExile && !h.demoted &&
          h.clubs + h.clubs_exhausted + h.clubs_lost != kExileClubs) {
        return absl::InternalError("the Exile's Clubs changed");
      }
    }
    return absl::OkStatus();
  }
  // Test support: every hireling piece back to its supply.
  void ClearPieces() {
    for (HirelingCard& h : cards) {
      for (int c = 0; c < kMaxClearings; ++c) {
        h.supply += h.warriors[c];
        h.vault_supply += h.vaults[c];
      }
      h.supply += h.held;
      h.held = 0;
      h.warriors = {};
      h.vaults = {};
    }
    on_map = 0;
  }
};

}  // namespace woodland::rules

#endif  // WOODLAND_REFEREE_RULES_HIRELINGS_BOARD_H_
