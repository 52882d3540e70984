// Basic vocabulary of the rules engine: suits, factions, pieces, items.
//
// Everything here is a small integer so that a State is a flat value that
// copies cheaply (search bots copy states at every node). Names are the
// Law of Root's; see ../../data for the facts that fill them.
#ifndef WOODLAND_REFEREE_RULES_TYPES_H_
#define WOODLAND_REFEREE_RULES_TYPES_H_

#include <array>
#include <cstdint>

#include "absl/strings/string_view.h"

namespace woodland::rules {

// Law 2.1: card suits. Clearings only use the first three (Law 2.2.2).
enum Suit : int8_t { kFox = 0, kRabbit = 1, kMouse = 2, kBird = 3 };
inline constexpr int kNumClearingSuits = 3;
inline constexpr int kNumSuits = 4;
// Crafting cost "any" (the three-colour question mark, Law 4.1.1).
inline constexpr int8_t kAnySuit = 4;

// Every faction the engine will know. Rules for a faction live in its own
// module (faction.h); a faction without a module cannot be seated yet.
enum Faction : int8_t {
  kMarquise = 0,
  kEyrie,
  kAlliance,
  kVagabond,
  kVagabond2,
  kCult,
  kRiverfolk,
  kDuchy,
  kCorvid,
  kHundreds,
  kKeepers,
};
inline constexpr int kNumFactions = 11;
inline constexpr int8_t kNoFaction = -1;

// Buildings and tokens on the map (Law 21.20, 21.24), plus ruins (2.2.4).
// Warriors are counted separately per faction.
enum Piece : int8_t {
  kRuin = 0,
  kSawmill,
  kWorkshop,
  kRecruiter,
  kKeep,
  kWood,
  kRoost,
  kBaseFox,
  kBaseRabbit,
  kBaseMouse,
  kSympathy,
  // Lizard Cult (Law 10.2.1): gardens by suit.
  kGardenFox,
  kGardenRabbit,
  kGardenMouse,
  // Riverfolk Company (Law 11.2): trade posts by suit.
  kTradePostFox,
  kTradePostRabbit,
  kTradePostMouse,
  // Underground Duchy (Law 12.2).
  kTunnel,
  kCitadel,
  kMarket,
  // Corvid Conspiracy (Law 13.2): plot tokens. Observations show a face-down
  // plot to everyone but the Corvids as kPlotHidden (never on the board).
  kPlotBomb,
  kPlotSnare,
  kPlotExtortion,
  kPlotRaid,
  kPlotHidden,
  // Lord of the Hundreds (Law 14.2).
  kStronghold,
  kMob,
  // Keepers in Iron (Law 15.2): waystations by the relic type they show, and
  // relics by type (values live on the Keepers' board, 15.2.1).
  kWaystationFigure,
  kWaystationTablet,
  kWaystationJewelry,
  kRelicFigure,
  kRelicTablet,
  kRelicJewelry,
};
inline constexpr int kNumPieces = 33;

struct PieceInfo {
  absl::string_view name;
  int8_t owner;  // kNoFaction for ruins
  bool building;
};
inline constexpr std::array<PieceInfo, kNumPieces> kPieceInfo = {{
    {"ruin", kNoFaction, true},
    {"sawmill", kMarquise, true},
    {"workshop", kMarquise, true},
    {"recruiter", kMarquise, true},
    {"keep", kMarquise, false},
    {"wood", kMarquise, false},
    {"roost", kEyrie, true},
    {"fox base", kAlliance, true},
    {"rabbit base", kAlliance, true},
    {"mouse base", kAlliance, true},
    {"sympathy", kAlliance, false},
    {"fox garden", kCult, true},
    {"rabbit garden", kCult, true},
    {"mouse garden", kCult, true},
    {"fox trade post", kRiverfolk, false},
    {"rabbit trade post", kRiverfolk, false},
    {"mouse trade post", kRiverfolk, false},
    {"tunnel", kDuchy, false},
    {"citadel", kDuchy, true},
    {"market", kDuchy, true},
    {"bomb plot", kCorvid, false},
    {"snare plot", kCorvid, false},
    {"extortion plot", kCorvid, false},
    {"raid plot", kCorvid, false},
    {"face-down plot", kCorvid, false},
    {"stronghold", kHundreds, true},
    {"mob", kHundreds, false},
    {"figure waystation", kKeepers, true},
    {"tablet waystation", kKeepers, true},
    {"jewelry waystation", kKeepers, true},
    {"figure relic", kKeepers, false},
    {"tablet relic", kKeepers, false},
    {"jewelry relic", kKeepers, false},
}};
// Inline: rule and slots are computed from it at every step.
inline const PieceInfo& GetPieceInfo(int piece) { return kPieceInfo[piece]; }

// The building kinds each faction owns (rule, Law 2.5), as a small list.
struct FactionBuildings {
  std::array<int8_t, 4> piece{};
  int8_t count = 0;
};
inline constexpr std::array<FactionBuildings, kNumFactions> kBuildingsOf = [] {
  std::array<FactionBuildings, kNumFactions> out{};
  for (int p = 1; p < kNumPieces; ++p) {
    const PieceInfo& info = kPieceInfo[p];
    if (!info.building || info.owner < 0) continue;
    FactionBuildings& b = out[info.owner];
    b.piece[b.count++] = static_cast<int8_t>(p);
  }
  return out;
}();

// Every piece kind each faction owns (buildings and tokens), as a small list.
struct FactionPieces {
  std::array<int8_t, 16> piece{};
  int8_t count = 0;
};
inline constexpr std::array<FactionPieces, kNumFactions> kPiecesOf = [] {
  std::array<FactionPieces, kNumFactions> out{};
  for (int p = 1; p < kNumPieces; ++p) {
    const PieceInfo& info = kPieceInfo[p];
    if (info.owner < 0) continue;
    FactionPieces& b = out[info.owner];
    b.piece[b.count++] = static_cast<int8_t>(p);
  }
  return out;
}();

// Every faction's building kinds (they fill building slots, Law 2.2.3).
inline constexpr FactionPieces kAllBuildings = [] {
  FactionPieces out{};
  for (int p = 1; p < kNumPieces; ++p) {
    if (kPieceInfo[p].building && kPieceInfo[p].owner >= 0) {
      out.piece[out.count++] = static_cast<int8_t>(p);
    }
  }
  return out;
}();

// Law 5.1.5: the item supply.
enum Item : int8_t {
  kBoot = 0,
  kSack,
  kCrossbow,
  kHammer,
  kSword,
  kTea,
  kCoin,
  kTorch,
};
inline constexpr int kNumItems = 8;

// Landmarks (Law 24): owned by nobody, at most one per clearing. The Ferry
// and the Tower are also map features (Law 25.3, 25.4).
enum Landmark : int8_t {
  kLandmarkTower = 0,
  kLandmarkFerry,
  kLandmarkLostCity,
  kLandmarkLegendaryForge,
  kLandmarkBlackMarket,
  kLandmarkElderTreetop,
};
inline constexpr int kNumLandmarks = 6;

// The Marauder hirelings (Law 22, 20.4, 20.11), named by their promoted side;
// each is in play on its promoted or its demoted side (Law 19.6.3).
enum Hireling : int8_t {
  kHirelingForestPatrol = 0,  // demoted: Feline Physicians
  kHirelingLastDynasty,       // demoted: Bluebird Nobles
  kHirelingSpringUprising,    // demoted: Rabbit Scouts
  kHirelingExile,             // demoted: The Brigand
  kHirelingFlameBearers,      // demoted: Rat Smugglers
  kHirelingVaultKeepers,      // demoted: Badger Bodyguards
  kHirelingPopularBand,       // demoted: Street Band
};
inline constexpr int kNumHirelings = 7;

inline constexpr int kMaxClearings = 12;
inline constexpr int kMaxSeats = 6;
inline constexpr int kWinningScore = 30;  // Law 3.1

absl::string_view SuitName(int suit);
absl::string_view FactionName(int faction);  // "Marquise de Cat"
absl::string_view FactionKey(int faction);   // "marquise"
absl::string_view ItemName(int item);
// -1 when unknown.
int ParseSuit(absl::string_view s);
int ParseFaction(absl::string_view key);
int ParseItem(absl::string_view s);

}  // namespace woodland::rules

#endif  // WOODLAND_REFEREE_RULES_TYPES_H_
