// Immutable game definitions: maps (Law 2.2-2.4) and decks (Law 2.1), parsed
// from the project's own line-based data files (data/maps, data/decks), which
// the build embeds into the library so the engine does no I/O.
#ifndef WOODLAND_REFEREE_RULES_DEFS_H_
#define WOODLAND_REFEREE_RULES_DEFS_H_

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "referee/rules/types.h"

namespace woodland::rules {

using ClearingMask = uint16_t;

struct ClearingDef {
  // The printed suit; on maps without printed suits (Law 19.1) the suit
  // marker drawn at setup (GameDef's copy of the map holds it).
  int8_t suit = kFox;
  int8_t slots = 0;  // building slots, including a ruin slot (Law 2.2.3)
  bool ruin = false;
  bool corner = false;
  bool edge = false;          // on the map edge (Law 21.15)
  ClearingMask adjacent = 0;  // by path (Law 2.2.1)
  ClearingMask river = 0;     // by river (Law 2.3), the lake's links too
  bool coastal = false;       // touches the lake (Law 25.3.3)
};

struct MapDef {
  std::string key;
  std::string title;
  int num_clearings = 0;
  std::array<ClearingDef, kMaxClearings> clearings;  // index = id - 1
  // Law 3.3.1.II: opposite corner pairs (0-based clearing indices).
  std::vector<std::pair<int8_t, int8_t>> opposite_corners;
  std::vector<ClearingMask> forests;  // clearings each forest touches
  std::vector<std::vector<int8_t>> forest_adjacent;
  // False when the map prints no suits: suit markers are placed at setup
  // (Law 19.1), and `suit` holds nothing until then.
  bool suits_printed = true;
  int8_t ferry = -1;  // the Ferry's starting clearing (Law 25.3.1), or -1
  int8_t tower = -1;  // the Pass (Law 25.4.4), or -1
  // Paths covered by closed path markers at setup (Law 25.4.1): not in
  // `adjacent` until removed (25.4.3), which State tracks.
  std::vector<std::pair<int8_t, int8_t>> closed_paths;

  bool Adjacent(int a, int b) const { return clearings[a].adjacent >> b & 1; }
  int OppositeCorner(int c) const;  // -1 if c is not a corner
};

// Parses a map file. Errors name the line.
absl::StatusOr<MapDef> ParseMap(absl::string_view text);

enum CardKind : int8_t {
  kAmbushCard,
  kDominanceCard,
  kItemCard,
  kImmediateCard,
  kPersistentCard,
};

// What a card does when crafted or held (the engine's timing windows).
enum CardEffect : int8_t {
  kNoEffect = 0,
  kArmorers,
  kBrutalTactics,
  kRoyalClaim,
  kSappers,
  kFavor,
  kStandAndDeliver,
  kTaxCollector,
  kBetterBurrowBank,
  kCobbler,
  kCommandWarren,
  kCodebreakers,
  kScoutingParty,
  // The Exiles and Partisans deck (Law 20.8.1; referee/rules/exiles.cc).
  kBoatBuilders,
  kCorvidPlanners,
  kEyrieEmigre,
  kSaboteurs,
  kSoupKitchens,
  kFalseOrders,
  kPartisans,  // Fox, Rabbit and Mouse Partisans: the card's suit
  kInformants,
  kPropagandaBureau,
  kCharmOffensive,
  kCoffinMakers,
  kSwapMeet,
  kTunnels,
  kLeagueOfAdventurousMice,
  kMasterEngravers,
  kMurineBroker,
};
inline constexpr int kNumCardEffects = 29;
static_assert(kNumCardEffects <= 32, "SeatState::used_effects is 32 bits");

struct CardDef {
  std::string name;
  int8_t suit = kBird;
  int8_t kind = kItemCard;
  std::vector<int8_t> cost;  // suits, or kAnySuit
  int8_t item = -1;
  int8_t vp = 0;
  int8_t effect = kNoEffect;
  int8_t type = 0;  // index of the distinct (name, suit) line in the file
};

// One entry per physical card: CardId = index into cards.
struct DeckDef {
  std::string key;
  std::string title;
  std::vector<CardDef> cards;
};

absl::StatusOr<DeckDef> ParseDeck(absl::string_view text);

// Built-in data embedded at build time. Keys: "autumn"...; "standard",
// "exiles" (Law 20.8.1).
absl::StatusOr<MapDef> BuiltinMap(absl::string_view key);
absl::StatusOr<DeckDef> BuiltinDeck(absl::string_view key);
// The same deck without a copy: parsed once per program, never freed.
absl::StatusOr<const DeckDef*> SharedBuiltinDeck(absl::string_view key);
// The built-in decks' keys, sorted ("exiles", "standard").
std::vector<std::string> BuiltinDeckKeys();

}  // namespace woodland::rules

#endif  // WOODLAND_REFEREE_RULES_DEFS_H_
