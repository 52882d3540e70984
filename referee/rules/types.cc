#include "referee/rules/types.h"

#include <array>

namespace woodland::rules {
namespace {

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
