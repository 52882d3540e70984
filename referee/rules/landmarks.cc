#include "referee/rules/landmarks.h"

#include <algorithm>
#include <string>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "referee/rules/faction.h"

namespace woodland::rules {
namespace {

constexpr absl::string_view kKeys[kNumLandmarks] = {
    "tower", "ferry", "lost_city", "forge", "black_market", "elder_treetop"};
constexpr absl::string_view kNames[kNumLandmarks] = {
    "the Tower",           "the Ferry",        "the Lost City",
    "the Legendary Forge", "the Black Market", "the Elder Treetop"};

int8_t I8(int v) { return static_cast<int8_t>(v); }

// The Law lets the group choose landmarks; the Elder Treetop's card is not
// for two players (its card's player count).
bool AllowedAtTable(int landmark, int seats) {
  return landmark != kLandmarkElderTreetop || seats >= 3;
}

// The clearing holding a landmark (the map's own Ferry and Tower count).
int LandmarkIn(const State& s, int c) {
  if (s.ferry() == c) return kLandmarkFerry;
  if (s.tower() == c) return kLandmarkTower;
  for (int l = 0; l < kNumLandmarks; ++l) {
    if (s.landmarks().at[l] == c) return l;
  }
  return -1;
}

// A river clearing, or on the Lake a coastal one (the cards of the Ferry
// and the Lost City; Law 25.3.3).
bool RiverClearing(const MapDef& m, int c) {
  if (m.ferry >= 0) return m.clearings[c].coastal;
  return m.clearings[c].river != 0;
}

// The kind of clearing each landmark's card asks for (its setup): a ruin for
// the Tower, a river (coastal) clearing for the Ferry and the Lost City, one
// slot and no ruin for the Black Market, a corner for the Elder Treetop.
bool KindFits(const MapDef& m, int landmark, int c) {
  const ClearingDef& cd = m.clearings[c];
  switch (landmark) {
    case kLandmarkTower:
      return cd.ruin;
    case kLandmarkFerry:
    case kLandmarkLostCity:
      return RiverClearing(m, c);
    case kLandmarkBlackMarket:
      return cd.slots == 1 && !cd.ruin;
    case kLandmarkElderTreetop:
      return cd.corner;
    default:
      return true;
  }
}

// Whether a landmark in `other` keeps `landmark` out of c: in c itself, or
// next to it for every card but the Tower's.
bool Blocks(const MapDef& m, int landmark, int c, int other) {
  return other == c ||
         (landmark != kLandmarkTower && (m.clearings[c].adjacent >> other & 1));
}

// Law 24 (the cards' setup): items the Legendary Forge takes from the supply
// by its clearing's suit.
std::vector<int> ForgeItems(int suit) {
  switch (suit) {
    case kFox:
      return {kSword, kSword, kCrossbow, kHammer};
    case kMouse:
      return {kSack, kSack, kTea, kTea};
    default:
      return {kBoot, kBoot, kCoin, kCoin};
  }
}

void LandmarkStep(State& s) {
  const Task& t = s.top();
  std::vector<Option> opts;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (CanSetUpLandmark(s, t.a, c)) {
      opts.push_back({.kind = kOptClearing, .a = I8(c)});
    }
  }
  if (opts.empty()) {  // Law silent: nowhere left, the landmark stays out
    s.Pop();
    return;
  }
  s.Ask(kPromptLandmarkClearing, t.seat, std::move(opts), t.a);
}

void LandmarkChoose(State& s, const Option& o) {
  const int landmark = s.top().a;
  s.Pop();
  SetUpLandmark(s, landmark, o.a);
}

std::string LandmarkText(const State&, const Prompt& p) {
  return absl::StrCat("Choose the clearing where ", kNames[p.a], " is set up.");
}

}  // namespace

absl::string_view LandmarkKey(int landmark) {
  return landmark >= 0 && landmark < kNumLandmarks ? kKeys[landmark] : "?";
}

int ParseLandmark(absl::string_view key) {
  for (int l = 0; l < kNumLandmarks; ++l) {
    if (key == kKeys[l]) return l;
  }
  if (key == "legendary_forge") return kLandmarkLegendaryForge;
  return -1;
}

absl::Status ParseLandmarksFlag(absl::string_view text, GameSetup& setup) {
  setup.landmarks.clear();
  if (text.empty() || text == "none") return absl::OkStatus();
  for (absl::string_view word : absl::StrSplit(text, ',')) {
    std::pair<absl::string_view, absl::string_view> kv =
        absl::StrSplit(word, absl::MaxSplits('@', 1));
    int landmark = -1;
    if (kv.first != "random") {
      landmark = ParseLandmark(kv.first);
      if (landmark < 0) {
        return absl::InvalidArgumentError(absl::StrCat(
            "landmarks: unknown landmark '", kv.first,
            "' (tower, ferry, lost_city, forge, black_market, elder_treetop, "
            "random)"));
      }
    }
    int clearing = 0;
    if (!kv.second.empty() && (!absl::SimpleAtoi(kv.second, &clearing) ||
                               clearing < 1 || clearing > kMaxClearings)) {
      return absl::InvalidArgumentError(
          absl::StrCat("landmarks: '", word, "' names no clearing 1-12"));
    }
    setup.landmarks.push_back({I8(landmark), I8(clearing - 1)});
  }
  return absl::OkStatus();
}

std::string LandmarksFlag(const GameSetup& setup) {
  std::vector<std::string> words;
  for (auto [l, c] : setup.landmarks) {
    std::string w(l < 0 ? "random" : LandmarkKey(l));
    if (c >= 0) absl::StrAppend(&w, "@", c + 1);
    words.push_back(std::move(w));
  }
  return absl::StrJoin(words, ",");
}

namespace {

// Law 19.5.3: a landmark whose clearing the setup fixes is set up "as
// described on its card" too, in the order listed (as PushLandmarksSetup
// does), after the map's own Ferry and Tower unless a card replaces them.
absl::Status ValidateFixedClearings(const GameSetup& setup, const MapDef& map) {
  std::vector<int> taken;
  bool listed[kNumLandmarks] = {};
  for (auto [l, c] : setup.landmarks) {
    if (l >= 0) listed[l] = true;
  }
  if (map.ferry >= 0 && !listed[kLandmarkFerry]) taken.push_back(map.ferry);
  if (map.tower >= 0 && !listed[kLandmarkTower]) taken.push_back(map.tower);
  for (auto [l, c] : setup.landmarks) {
    if (l < 0 || c < 0) continue;
    bool blocked = !KindFits(map, l, c);
    for (int other : taken) blocked |= Blocks(map, l, c, other);
    if (blocked) {
      return absl::InvalidArgumentError(
          absl::StrCat(kNames[l], "'s card does not allow clearing ", c + 1,
                       " (Law 19.5.3)"));
    }
    taken.push_back(c);
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status ValidateLandmarks(const GameSetup& setup, const MapDef& map,
                               int seats) {
  // Law 19.5.1: one or two landmarks.
  if (setup.landmarks.size() > 2) {
    return absl::InvalidArgumentError(
        "at most two landmarks are in play (Law 19.5.1)");
  }
  std::array<bool, kNumLandmarks> seen{};
  std::array<bool, kMaxClearings> used{};
  for (auto [l, c] : setup.landmarks) {
    if (l >= kNumLandmarks || l < -1) {
      return absl::InvalidArgumentError("unknown landmark");
    }
    if (c >= map.num_clearings || c < -1) {
      return absl::InvalidArgumentError(
          "a landmark's clearing is not on the map");
    }
    if (l >= 0) {
      if (seen[l]) {
        return absl::InvalidArgumentError(
            absl::StrCat("landmark '", kKeys[l], "' is listed twice"));
      }
      seen[l] = true;
      if (!AllowedAtTable(l, seats)) {
        return absl::InvalidArgumentError(
            "the Elder Treetop is not used with two players");
      }
    } else if (c >= 0) {
      return absl::InvalidArgumentError(
          "a dealt landmark cannot have a clearing fixed in advance");
    }
    if (c >= 0) {
      if (used[c]) {
        return absl::InvalidArgumentError(
            "two landmarks in one clearing (Law 24)");
      }
      used[c] = true;
    }
  }
  return ValidateFixedClearings(setup, map);
}

bool CanSetUpLandmark(const State& s, int landmark, int c) {
  const MapDef& m = s.map();
  // Every card: no landmark there; every card but the Tower's: none in an
  // adjacent clearing (by path).
  for (int o = 0; o < m.num_clearings; ++o) {
    if (LandmarkIn(s, o) >= 0 && Blocks(m, landmark, c, o)) return false;
  }
  if (landmark == kLandmarkTower && s.clearing(c).pieces[kRuin] > 0)
    return true;
  return KindFits(m, landmark, c);
}

void SetUpLandmark(State& s, int landmark, int c) {
  LandmarksBoard& lb = s.mutable_landmarks();
  lb.at[landmark] = I8(c);
  switch (landmark) {
    case kLandmarkTower:
      s.set_tower(c);
      break;
    case kLandmarkFerry:
      s.set_ferry(c);
      break;
    case kLandmarkLegendaryForge:
      for (int item : ForgeItems(s.SuitOf(c))) {
        if (s.item_supply()[item] == 0) continue;
        s.mutable_item_supply()[item] -= 1;
        lb.forge[item] += 1;
      }
      break;
    case kLandmarkBlackMarket:
      for (int i = 0; i < 3; ++i) {
        const CardId id = s.DrawCard();
        if (id == kNoCard) break;
        lb.black_market.push_back(id);
      }
      break;
    default:
      break;
  }
  s.Log({.kind = kEvLandmark, .a = I8(landmark), .c = I8(c)});
}

void PushLandmarksSetup(State& s) {
  const GameSetup& setup = s.def().setup;
  const int n = s.num_seats();
  // Law 19.5.2: deal the random ones from the cards nobody listed (the map's
  // own Ferry or Tower is already on the map).
  std::vector<int8_t> chosen;
  std::vector<int8_t> deck;
  for (int l = 0; l < kNumLandmarks; ++l) {
    bool listed = false;
    for (auto [x, c] : setup.landmarks) listed |= x == l;
    if (listed || !AllowedAtTable(l, n)) continue;
    if ((l == kLandmarkFerry && s.map().ferry >= 0) ||
        (l == kLandmarkTower && s.map().tower >= 0)) {
      continue;
    }
    deck.push_back(I8(l));
  }
  std::vector<int8_t> clearing;
  for (auto [l, c] : setup.landmarks) {
    int8_t landmark = l;
    if (landmark < 0) {
      if (deck.empty()) continue;
      const int pick =
          s.chance_stream().Draw(kChanceSetup, static_cast<int>(deck.size()));
      landmark = deck[pick];
      deck.erase(deck.begin() + pick);
    }
    chosen.push_back(landmark);
    clearing.push_back(c);
  }
  // Law 19.5, 25: a landmark Ferry or Tower overrides the map's placement.
  for (int8_t l : chosen) {
    if (l == kLandmarkFerry) s.set_ferry(-1);
    if (l == kLandmarkTower) s.set_tower(-1);
  }
  for (size_t i = 0; i < chosen.size(); ++i) {
    if (clearing[i] >= 0) SetUpLandmark(s, chosen[i], clearing[i]);
  }
  // Law 19.5.3: the last player in turn order sets up the first landmark,
  // the second-to-last the second; pushed in reverse so the first runs first.
  for (int i = static_cast<int>(chosen.size()) - 1; i >= 0; --i) {
    if (clearing[i] >= 0) continue;
    const int seat = (s.current_seat() + n - 1 - i) % n;
    s.Push(Task{.kind = kTaskLandmark, .seat = I8(seat), .a = chosen[i]});
  }
}

int LandmarkSlots(const State& s, int c) {
  return s.landmarks().at[kLandmarkElderTreetop] == c ? 1 : 0;
}

bool TreetopSlotFilled(const State& s, int c) {
  return s.landmarks().at[kLandmarkElderTreetop] == c && s.OpenSlots(c) <= 0;
}

bool ForgeOffers(const State& s, int seat, int item) {
  const int at = s.landmarks().at[kLandmarkLegendaryForge];
  return at >= 0 && s.landmarks().forge[item] > 0 &&
         s.HasPieces(s.seat(seat).faction, at);
}

void TakeFromForge(State& s, int item) {
  s.mutable_landmarks().forge[item] -= 1;
  s.mutable_item_supply()[item] += 1;
}

void ForgeCrafted(State& s, int seat) {
  // The Forge's card: one more VP (even under Disdain or Contempt for Trade,
  // Law 7.2.3, 14.2.3) and a card.
  s.AddVp(seat, 1, kVpItem);
  s.DrawCards(seat, 1);
}

void AppendLandmarkExtras(const State& s, int seat, std::vector<Option>& opts) {
  const LandmarksBoard& lb = s.landmarks();
  const int at = lb.at[kLandmarkBlackMarket];
  if (at < 0 || lb.black_market.empty() || (lb.market_used >> seat & 1) ||
      !s.HasPieces(s.seat(seat).faction, at)) {
    return;
  }
  std::vector<CardId> seen;
  for (CardId id : s.seat(seat).hand) {
    if (std::find(seen.begin(), seen.end(), id) != seen.end()) continue;
    seen.push_back(id);
    for (size_t b = 0; b < lb.black_market.size(); ++b) {
      opts.push_back({.kind = kOptExtra,
                      .a = kExtraBlackMarket,
                      .b = I8(static_cast<int>(b)),
                      .card = id});
    }
  }
}

void ResolveBlackMarket(State& s, int seat, const Option& o) {
  LandmarksBoard& lb = s.mutable_landmarks();
  lb.market_used |= 1u << seat;
  const CardId taken = lb.black_market[o.b];
  s.RemoveFromHand(seat, o.card);
  lb.black_market[o.b] = o.card;
  s.mutable_seat(seat).hand.push_back(taken);
}

void RegisterLandmarks() {
  RegisterTask(kTaskLandmark, {"landmark", LandmarkStep, LandmarkChoose});
  RegisterPrompt(kPromptLandmarkClearing,
                 PromptInfo{"setup.landmark", "19.5.3", LandmarkText});
}

}  // namespace woodland::rules
