#include "referee/rules/types.h"

#include <array>

namespace woodland::rules {
namespace {

constexpr std::array<PieceInfo, kNumPieces> kPieces = {{
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

constexpr std::array<absl::string_view, kNumSuits> kSuitNames = {
    "fox", "rabbit", "mouse", "bird"};
constexpr std::array<absl::string_view, kNumFactions> kFactionNames = {
    "Marquise de Cat",   "Eyrie Dynasties",
    "Woodland Alliance", "Vagabond",
    "Second Vagabond",   "Lizard Cult",
    "Riverfolk Company", "Underground Duchy",
    "Corvid Conspiracy", "Lord of the Hundreds",
    "Keepers in Iron"};
constexpr std::array<absl::string_view, kNumFactions> kFactionKeys = {
    "marquise",  "eyrie", "alliance", "vagabond", "vagabond2", "cult",
    "riverfolk", "duchy", "corvid",   "hundreds", "keepers"};
constexpr std::array<absl::string_view, kNumItems> kItemNames = {
    "boot", "sack", "crossbow", "hammer", "sword", "tea", "coin", "torch"};

template <size_t N>
int Find(const std::array<absl::string_view, N>& names, absl::string_view s) {
  for (size_t i = 0; i < N; ++i) {
    if (names[i] == s) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace

const PieceInfo& GetPieceInfo(int piece) { return kPieces[piece]; }
absl::string_view SuitName(int suit) {
  return suit == kAnySuit ? "any" : kSuitNames[suit];
}
absl::string_view FactionName(int faction) { return kFactionNames[faction]; }
absl::string_view FactionKey(int faction) { return kFactionKeys[faction]; }
absl::string_view ItemName(int item) { return kItemNames[item]; }
int ParseSuit(absl::string_view s) {
  if (s == "any") return kAnySuit;
  return Find(kSuitNames, s);
}
int ParseFaction(absl::string_view key) { return Find(kFactionKeys, key); }
int ParseItem(absl::string_view s) { return Find(kItemNames, s); }

}  // namespace woodland::rules
