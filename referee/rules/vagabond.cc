// The Vagabond (Law 9) with the Thief, Tinker and Ranger.
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "referee/rules/check.h"
#include "referee/rules/faction.h"

namespace woodland::rules {
namespace {

constexpr int kTaskBase = kFactionTaskBase + 16 * kVagabond;
enum VagabondTask : uint8_t {
  kVbSetup = kTaskBase,
  kVbBirdsong,
  kVbDaylight,
  kVbMove,
  kVbBattle,
  kVbAid,
  kVbQuest,
  kVbStrike,
  kVbRepair,
  kVbSpecial,
  kVbEvening,
  kVbTakeHits,
  kVbDamage,
  kVbCoalition,
  kVbRemoveItems,
};

constexpr int kPromptBase = kFactionPromptBase + 32 * kVagabond;
// The hand-limit discard (Law 9.6.3), in the last slot of the range.
constexpr int kVbPromptDiscard = kPromptBase + 31;
enum VagabondPrompt : uint16_t {
  kVbPromptCharacter = kPromptBase,
  kVbPromptForest,
  kVbPromptRefresh,
  kVbPromptSlip,
  kVbPromptAction,
  kVbPromptMoveTo,
  kVbPromptMoveAllies,
  kVbPromptBattleTarget,
  kVbPromptBattleAlly,
  kVbPromptAidTarget,
  kVbPromptAidCard,
  kVbPromptAidExhaust,
  kVbPromptAidTake,
  kVbPromptQuest,
  kVbPromptQuestReward,
  kVbPromptStrikeTarget,
  kVbPromptStrikePiece,
  kVbPromptRepair,
  kVbPromptSteal,
  kVbPromptDayLabor,
  kVbPromptTakeHit,
  kVbPromptDamage,
  kVbPromptCoalition,
  kVbPromptRemoveItem,
  kVbPromptHideout,
};

enum Character : int8_t { kThief = 0, kTinker, kRanger };
constexpr std::array<absl::string_view, 3> kCharacterNames = {"Thief", "Tinker",
                                                              "Ranger"};
// Law 9.3.5 starting items (vagabond.yaml).
constexpr std::array<std::array<int8_t, 4>, 3> kStartingItems = {{
    {kBoot, kTorch, kTea, kSword},
    {kBoot, kTorch, kSack, kHammer},
    {kBoot, kTorch, kCrossbow, kSword},
}};
// Law 9.3.4: the "R" items under the ruins.
constexpr std::array<int8_t, 4> kRuinItems = {kSack, kBoot, kHammer, kSword};

enum VagabondAction : int8_t {
  kActMove = 0,
  kActBattle,
  kActExplore,
  kActAid,
  kActQuest,
  kActStrike,
  kActRepair,
  kActCraft,
  kActSpecial,
  kRewardVp,
  kRewardCards,
  kActAlone,
};

struct QuestDef {
  absl::string_view name;
  int8_t suit;
  int8_t item1, item2;
};
// Law 9.5.5 quest deck (15 cards; vagabond.yaml).
constexpr std::array<QuestDef, 15> kQuests = {{
    {"Errand", kFox, kTea, kBoot},
    {"Errand", kRabbit, kTea, kBoot},
    {"Escort", kMouse, kBoot, kBoot},
    {"Expel Bandits", kRabbit, kSword, kSword},
    {"Expel Bandits", kMouse, kSword, kSword},
    {"Fend off a Bear", kRabbit, kTorch, kCrossbow},
    {"Fend off a Bear", kMouse, kTorch, kCrossbow},
    {"Fundraising", kFox, kTea, kCoin},
    {"Give a Speech", kFox, kTorch, kTea},
    {"Give a Speech", kRabbit, kTorch, kTea},
    {"Guard Duty", kRabbit, kTorch, kSword},
    {"Guard Duty", kMouse, kTorch, kSword},
    {"Logistics Help", kFox, kBoot, kSack},
    {"Logistics Help", kMouse, kBoot, kSack},
    {"Repair a Shed", kFox, kTorch, kHammer},
}};

// Law 9.2.9.I: aids needed to improve from each level, and VP on arrival.
constexpr std::array<int8_t, 3> kAidsNeeded = {1, 2, 3};
constexpr std::array<int8_t, 3> kRelationVp = {1, 2, 2};
constexpr int kAlliedAidVp = 2;  // Law 9.2.9.II.a
constexpr int kHandLimit = 5;
constexpr int kTrackCapacity = 3;  // Law 9.2.5.I

int8_t I8(int v) { return static_cast<int8_t>(v); }
VagabondBoard& Vb(State& s) { return s.mutable_vagabond(); }
const VagabondBoard& Vb(const State& s) { return s.vagabond(); }
int VbSeat(const State& s) { return s.SeatOf(kVagabond); }

// Index of an item of `kind` in the given condition, or -1.
int FindItem(const State& s, int kind, bool exhausted, bool damaged) {
  const auto& items = Vb(s).items;
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i].kind == kind && items[i].exhausted == exhausted &&
        items[i].damaged == damaged) {
      return static_cast<int>(i);
    }
  }
  return -1;
}
int CountReady(const State& s, int kind) {
  int n = 0;
  for (const VItem& it : Vb(s).items)
    n += it.kind == kind && !it.exhausted && !it.damaged;
  return n;
}
int CountUndamaged(const State& s, int kind) {
  int n = 0;
  for (const VItem& it : Vb(s).items) n += it.kind == kind && !it.damaged;
  return n;
}
void Exhaust(State& s, int kind, int n = 1) {
  for (int i = 0; i < n; ++i) {
    const int at = FindItem(s, kind, false, false);
    CHECK(at >= 0);
    Vb(s).items[at].exhausted = true;
  }
}
// Face-up undamaged items of a track kind that sit on their track.
int OnTrack(const State& s, int kind) {
  return std::min(CountReady(s, kind), kTrackCapacity);
}
// Law 9.6.4: items in the Satchel and damaged, against the limit.
int SatchelCount(const State& s) {
  int n = static_cast<int>(Vb(s).items.size());
  for (int k : {kTea, kCoin, kSack}) n -= OnTrack(s, k);
  return n;
}
int ItemLimit(const State& s) { return 6 + 2 * OnTrack(s, kSack); }

bool Hostile(const State& s, int f) { return Vb(s).relation[f] == kHostile; }
bool Allied(const State& s, int f) { return Vb(s).relation[f] == kAllied; }

bool HostileWarriorsIn(const State& s, int c) {
  for (int o = 0; o < s.num_seats(); ++o) {
    const int f = s.seat(o).faction;
    if (f != kVagabond && Hostile(s, f) && s.clearing(c).warriors[f] > 0)
      return true;
  }
  return false;
}

// Which items a choice is about (Law 9.2.7 undamaged, 9.5.7 damaged, ...).
bool Undamaged(const State&, const VItem& it) { return !it.damaged; }
bool Damaged(const State&, const VItem& it) { return it.damaged; }
bool Ready(const State&, const VItem& it) {
  return !it.exhausted && !it.damaged;
}
bool Exhausted(const State&, const VItem& it) { return it.exhausted; }
// Law 9.6.4: only the Satchel and the Damaged box; face-up undamaged teas,
// coins and sacks sit on their tracks (up to three each, 9.2.5.I).
bool Removable(const State& s, const VItem& it) {
  if (it.damaged || it.exhausted) return true;
  if (it.kind != kTea && it.kind != kCoin && it.kind != kSack) return true;
  return CountReady(s, it.kind) > kTrackCapacity;
}
using ItemFilter = bool (*)(const State&, const VItem&);

// One option per item kind and damage among the items passing `keep`, split
// into a face-up and an exhausted copy when both qualify (the side matters:
// Law 9.2.7, 9.2.2.I, 9.5.7, 9.6.4).
std::vector<Option> CopyChoices(const State& s, ItemFilter keep) {
  std::vector<Option> opts;
  const auto& items = Vb(s).items;
  for (const VItem& first : items) {
    if (!keep(s, first)) continue;
    const int8_t dmg = first.damaged ? kItemDamaged : 0;
    bool seen = false;
    for (const Option& o : opts) seen |= o.a == first.kind && (o.b & 1) == dmg;
    if (seen) continue;
    bool up = false, down = false;
    for (const VItem& it : items) {
      if (it.kind != first.kind || it.damaged != first.damaged || !keep(s, it))
        continue;
      (it.exhausted ? down : up) = true;
    }
    if (up && down) {
      opts.push_back(
          {.kind = kOptItem, .a = first.kind, .b = I8(dmg | kItemFaceUp)});
      opts.push_back(
          {.kind = kOptItem, .a = first.kind, .b = I8(dmg | kItemExhausted)});
    } else {
      opts.push_back({.kind = kOptItem, .a = first.kind, .b = dmg});
    }
  }
  return opts;
}
bool AnyItem(const State& s, ItemFilter keep) {
  for (const VItem& it : Vb(s).items) {
    if (keep(s, it)) return true;
  }
  return false;
}
// The item a CopyChoices option names.
VItem& FindCopy(State& s, const Option& o, ItemFilter keep) {
  for (VItem& it : Vb(s).items) {
    if (it.kind != o.a || it.damaged != ((o.b & kItemDamaged) != 0) ||
        !keep(s, it)) {
      continue;
    }
    if ((o.b & kItemExhausted) && !it.exhausted) continue;
    if ((o.b & kItemFaceUp) && it.exhausted) continue;
    return it;
  }
  CHECK(false);
  return Vb(s).items.front();
}

void GainFaceUp(State& s, int kind) {
  Vb(s).items.push_back(VItem{I8(kind), false, false});
}

// Other factions with pieces in c (the pawn's clearing); only his enemies
// (not a coalition partner, 9.2.8) when `enemies`.
std::vector<int> OthersIn(const State& s, int c, bool enemies = false) {
  std::vector<int> out;
  for (int o = 0; o < s.num_seats(); ++o) {
    const int f = s.seat(o).faction;
    if (f == kVagabond || !s.HasPieces(f, c)) continue;
    if (!enemies || s.AreEnemies(kVagabond, f)) out.push_back(f);
  }
  return out;
}

void DrawQuest(State& s) {
  auto& deck = Vb(s).quest_deck;
  if (deck.empty()) return;
  const int i =
      s.chance_stream().Draw(kChanceDraw, static_cast<int>(deck.size()));
  Vb(s).quests.push_back(deck[i]);
  deck.erase(deck.begin() + i);
}

// --- Setup (Law 9.3) --------------------------------------------------------

void SetupStep(State& s) {
  const Task& t = s.top();
  std::vector<Option> opts;
  if (t.step == 0) {
    for (int c = 0; c < 3; ++c)
      opts.push_back({.kind = kOptCharacter, .a = I8(c)});
    s.Ask(kVbPromptCharacter, t.seat, std::move(opts));
  } else {
    for (size_t f = 0; f < s.map().forests.size(); ++f) {
      opts.push_back({.kind = kOptForest, .a = I8(f)});
    }
    s.Ask(kVbPromptForest, t.seat, std::move(opts));
  }
}

void SetupChoose(State& s, const Option& o) {
  Task& t = s.top();
  VagabondBoard& vb = Vb(s);
  if (t.step == 0) {
    vb.character = o.a;  // 9.3.1
    t.step = 1;
    return;
  }
  s.Pop();
  vb.forest = o.a;  // 9.3.2: the pawn in any forest
  vb.clearing = -1;
  // 9.3.3: three quests face up.
  for (int q = 0; q < static_cast<int>(kQuests.size()); ++q)
    vb.quest_deck.push_back(I8(q));
  for (int i = 0; i < 3; ++i) DrawQuest(s);
  // 9.3.4: the "R" items shuffled under the ruins (hidden until explored).
  std::vector<int8_t> ruin_items(kRuinItems.begin(), kRuinItems.end());
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (!s.map().clearings[c].ruin || ruin_items.empty()) continue;
    const int i = s.chance_stream().Draw(kChancePick,
                                         static_cast<int>(ruin_items.size()));
    vb.ruin_item[c] = I8(ruin_items[i] + 1);
    ++vb.box[ruin_items[i]];
    ruin_items.erase(ruin_items.begin() + i);
  }
  // 9.3.5: starting items face up; 9.3.6: relationships indifferent.
  for (int8_t item : kStartingItems[vb.character]) {
    GainFaceUp(s, item);
    ++vb.box[item];
  }
  vb.relation.fill(0);
}

// --- Birdsong (Law 9.4) -----------------------------------------------------

std::vector<Option> SlipDestinations(const State& s) {
  const VagabondBoard& vb = Vb(s);
  const MapDef& m = s.map();
  std::vector<Option> opts;
  if (vb.clearing >= 0) {
    for (int c = 0; c < m.num_clearings; ++c) {
      if (m.Adjacent(vb.clearing, c))
        opts.push_back({.kind = kOptClearing, .a = I8(c)});
    }
    for (size_t f = 0; f < m.forests.size(); ++f) {
      if (m.forests[f] >> vb.clearing & 1)
        opts.push_back({.kind = kOptForest, .a = I8(f)});
    }
  } else {
    for (int c = 0; c < m.num_clearings; ++c) {
      if (m.forests[vb.forest] >> c & 1)
        opts.push_back({.kind = kOptClearing, .a = I8(c)});
    }
    for (int8_t f : m.forest_adjacent[vb.forest])
      opts.push_back({.kind = kOptForest, .a = f});
  }
  return opts;
}

void MovePawn(State& s, const Option& o) {
  VagabondBoard& vb = Vb(s);
  if (o.kind == kOptForest) {
    vb.forest = o.a;
    vb.clearing = -1;
  } else {
    vb.clearing = o.a;
    vb.forest = -1;
  }
  s.Log({.kind = kEvPawn,
         .faction = kVagabond,
         .c = vb.clearing,
         .d = vb.forest});
}

void BirdsongStep(State& s) {
  Task& t = s.top();
  VagabondBoard& vb = Vb(s);
  if (t.step == 0) {
    // 9.4.1 Refresh: 3 items plus 2 per face-up tea on its track.
    vb.aids.fill(0);
    t.c = I8(3 + 2 * OnTrack(s, kTea));
    t.step = 1;
    return;
  }
  if (t.step == 1) {
    // 9.4.1: any exhausted item, damaged ones too (they stay damaged).
    int exhausted = 0;
    for (const VItem& it : vb.items) exhausted += it.exhausted;
    if (t.c <= 0 || exhausted == 0) {
      const int seat = t.seat;
      t.step = 2;
      PushBirdsongCards(s, seat);  // between refreshing and slipping
      return;
    }
    std::vector<Option> opts = CopyChoices(s, Exhausted);
    if (exhausted <= t.c || opts.size() == 1) {
      // No choice to make: flip up all of them, or t.c of the only kind.
      for (VItem& it : vb.items) {
        if (t.c > 0 && it.exhausted) {
          it.exhausted = false;
          --t.c;
        }
      }
      t.c = 0;
      return;
    }
    s.Ask(kVbPromptRefresh, t.seat, std::move(opts), t.c);
    return;
  }
  // 9.4.2 Slip.
  std::vector<Option> opts = SlipDestinations(s);
  opts.push_back({.kind = kOptDone});
  s.Ask(kVbPromptSlip, t.seat, std::move(opts));
}

void BirdsongChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (t.step == 1) {
    FindCopy(s, o, Exhausted).exhausted = false;
    --t.c;
    return;
  }
  s.Pop();
  if (o.kind != kOptDone) MovePawn(s, o);
}

// --- Daylight (Law 9.5) -----------------------------------------------------

std::vector<Option> MoveDestinations(const State& s) {
  const VagabondBoard& vb = Vb(s);
  std::vector<Option> opts;
  const int boots = CountReady(s, kBoot);
  if (boots == 0) return opts;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    const bool adjacent = vb.clearing >= 0
                              ? s.map().Adjacent(vb.clearing, c)
                              : (s.map().forests[vb.forest] >> c & 1);
    if (!adjacent) continue;
    // 9.2.9.III.b: one more boot into a clearing with Hostile warriors.
    if (HostileWarriorsIn(s, c) && boots < 2) continue;
    opts.push_back({.kind = kOptClearing, .a = I8(c)});
  }
  return opts;
}

std::vector<Option> AidTargets(const State& s, int seat) {
  std::vector<Option> opts;
  const int c = Vb(s).clearing;
  if (c < 0 || !AnyItem(s, Ready)) return opts;
  if (MatchingCards(s, seat, s.SuitOf(c)).empty()) return opts;
  for (int f : OthersIn(s, c))
    opts.push_back({.kind = kOptFaction, .a = I8(f)});
  return opts;
}

std::vector<Option> QuestChoices(const State& s) {
  std::vector<Option> opts;
  const int c = Vb(s).clearing;
  if (c < 0) return opts;
  for (int8_t q : Vb(s).quests) {
    const QuestDef& d = kQuests[q];
    if (d.suit != s.SuitOf(c)) continue;
    const bool ok = d.item1 == d.item2 ? CountReady(s, d.item1) >= 2
                                       : CountReady(s, d.item1) >= 1 &&
                                             CountReady(s, d.item2) >= 1;
    if (ok) opts.push_back({.kind = kOptQuest, .a = q});
  }
  return opts;
}

std::vector<Option> SpecialTargets(const State& s, int seat) {
  std::vector<Option> opts;
  const VagabondBoard& vb = Vb(s);
  if (CountReady(s, kTorch) == 0) return opts;
  switch (vb.character) {
    case kThief:  // Steal: a player with pieces in the clearing
      if (vb.clearing < 0) break;
      for (int f : OthersIn(s, vb.clearing)) {
        if (!s.seat(s.SeatOf(f)).hand.empty())
          opts.push_back({.kind = kOptFaction, .a = I8(f)});
      }
      break;
    case kTinker:  // Day Labor: a card matching the clearing from the discard
      if (vb.clearing < 0) break;
      for (CardId id : s.discard()) {
        if (!s.CardMatches(id, s.SuitOf(vb.clearing))) continue;
        bool dup = false;
        for (const Option& o : opts)
          dup |= s.card(o.card).type == s.card(id).type;
        if (!dup) opts.push_back({.kind = kOptCard, .card = id});
      }
      break;
    case kRanger:  // Hideout: needs something to repair
      if (AnyItem(s, Damaged)) opts.push_back({.kind = kOptYes});
      break;
  }
  return opts;
}

void DaylightStep(State& s) {
  const int seat = s.top().seat;
  if (s.daylight_closed()) {  // Hideout ended Daylight
    s.Pop();
    return;
  }
  const VagabondBoard& vb = Vb(s);
  const int c = vb.clearing;
  std::vector<Option> opts;
  auto act = [&](int code) {
    opts.push_back({.kind = kOptAction, .a = I8(code)});
  };
  if (!MoveDestinations(s).empty()) act(kActMove);
  if (c >= 0) {
    if (CountReady(s, kSword) > 0 && !OthersIn(s, c, true).empty())
      act(kActBattle);
    if (CountReady(s, kTorch) > 0 && vb.ruin_item[c] > 0) act(kActExplore);
    if (!AidTargets(s, seat).empty()) act(kActAid);
    if (!QuestChoices(s).empty()) act(kActQuest);
    if (CountReady(s, kCrossbow) > 0 && !OthersIn(s, c, true).empty())
      act(kActStrike);
    if (CraftableExists(s, seat)) act(kActCraft);
  }
  if (CountReady(s, kHammer) > 0 && AnyItem(s, Damaged)) act(kActRepair);
  if (!SpecialTargets(s, seat).empty()) act(kActSpecial);
  AppendDaylightExtras(s, seat, opts);
  opts.push_back({.kind = kOptDone});
  s.Ask(kVbPromptAction, seat, std::move(opts));
}

void DaylightChoose(State& s, const Option& o) {
  const int seat = s.top().seat;
  if (o.kind == kOptDone) {
    s.Pop();
    return;
  }
  if (o.kind == kOptExtra) {
    ResolveDaylightExtra(s, seat, o);
    return;
  }
  VagabondBoard& vb = Vb(s);
  auto push = [&](uint8_t kind) {
    s.Push(Task{.kind = kind, .seat = I8(seat)});
  };
  switch (o.a) {
    case kActMove:
      push(kVbMove);
      return;
    case kActBattle:
      push(kVbBattle);
      return;
    case kActExplore: {
      // 9.5.3: a torch takes the ruin's item face up, for one VP; an empty
      // ruin leaves the map.
      Exhaust(s, kTorch);
      const int c = vb.clearing;
      GainFaceUp(s, vb.ruin_item[c] - 1);
      vb.ruin_item[c] = 0;
      s.SetPieces(kRuin, c, 0);
      s.AddVp(seat, 1, kVpVagabond);
      return;
    }
    case kActAid:
      push(kVbAid);
      return;
    case kActQuest:
      push(kVbQuest);
      return;
    case kActStrike:
      push(kVbStrike);
      return;
    case kActRepair:
      push(kVbRepair);
      return;
    case kActCraft:
      PushCraft(s, seat);
      return;
    case kActSpecial:
      push(kVbSpecial);
      return;
  }
  CHECK(false);
}

// 9.5.1 Move: choose the clearing, then allied warriors to bring.
void MoveStep(State& s) {
  const Task& t = s.top();
  if (t.step == 0) {
    s.Ask(kVbPromptMoveTo, t.seat, MoveDestinations(s));
    return;
  }
  std::vector<Option> opts = {{.kind = kOptAction, .a = kActAlone}};
  const int from = Vb(s).clearing, to = t.a;
  if (from >= 0) {
    for (int o = 0; o < s.num_seats(); ++o) {
      const int f = s.seat(o).faction;
      if (f == kVagabond || !Allied(s, f)) continue;
      // 9.2.9.II.b by force (1.5.5): their own move, so Law 4.2.1 applies.
      if (!s.Rules(f, from) && !s.Rules(f, to)) continue;
      for (int n = 1; n <= s.clearing(from).warriors[f]; ++n) {
        opts.push_back({.kind = kOptCount, .a = I8(n), .b = I8(f)});
      }
    }
  }
  s.Ask(kVbPromptMoveAllies, t.seat, std::move(opts), t.a);
}

void MoveChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (t.step == 0) {
    t.step = 1;
    t.a = o.a;
    return;
  }
  const int from = Vb(s).clearing, to = t.a;
  s.Pop();
  Exhaust(s, kBoot, HostileWarriorsIn(s, to) ? 2 : 1);
  MovePawn(s, {.kind = kOptClearing, .a = I8(to)});
  if (o.kind == kOptCount)
    s.MoveWarriors(o.b, from, to, o.a, kVagabond);  // 9.2.9.II.b
}

// 9.5.2 Battle: exhaust a sword; an ally's warriors may fight with him.
void BattleStep(State& s) {
  const Task& t = s.top();
  const int c = Vb(s).clearing;
  std::vector<Option> opts;
  if (t.step == 0) {
    for (int f : OthersIn(s, c, true))  // 9.5.2: an enemy
      opts.push_back({.kind = kOptBattle, .a = I8(c), .b = I8(f)});
    s.Ask(kVbPromptBattleTarget, t.seat, std::move(opts));
    return;
  }
  for (int o = 0; o < s.num_seats(); ++o) {
    const int f = s.seat(o).faction;
    if (f != kVagabond && f != t.a && Allied(s, f) &&
        s.clearing(c).warriors[f] > 0) {
      opts.push_back({.kind = kOptFaction, .a = I8(f)});
    }
  }
  opts.push_back({.kind = kOptAction, .a = kActAlone});
  s.Ask(kVbPromptBattleAlly, t.seat, std::move(opts), t.a);
}

void BattleChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (t.step == 0) {
    t.step = 1;
    t.a = o.b;
    return;
  }
  const int defender = t.a;
  s.Pop();
  Exhaust(s, kSword);
  VagabondBoard& vb = Vb(s);
  vb.battle_ally = o.kind == kOptFaction ? o.a : kNoFaction;
  vb.ally_lost = 0;
  vb.damaged_in_battle = 0;
  PushBattle(s, vb.clearing, kVagabond, defender);
}

// Aid (9.5.4): target, card, item to exhaust, then an item to take.
void AidStep(State& s) {
  const Task& t = s.top();
  switch (t.step) {
    case 0:
      s.Ask(kVbPromptAidTarget, t.seat, AidTargets(s, t.seat));
      return;
    case 1:
      s.Ask(kVbPromptAidCard, t.seat,
            MatchingCards(s, t.seat, s.SuitOf(Vb(s).clearing)), t.a);
      return;
    case 2:
      s.Ask(kVbPromptAidExhaust, t.seat, CopyChoices(s, Ready));
      return;
    default: {
      std::vector<Option> opts;
      const SeatState& target = s.seat(s.SeatOf(t.a));
      for (int i = 0; i < kNumItems; ++i) {
        if (target.items[i] > 0) opts.push_back({.kind = kOptItem, .a = I8(i)});
      }
      if (opts.empty()) {
        s.Pop();
        return;
      }
      opts.push_back({.kind = kOptDone});
      s.Ask(kVbPromptAidTake, t.seat, std::move(opts), t.a);
    }
  }
}

void ImproveRelationship(State& s, int seat, int f) {
  // 9.2.9.I: enough aids this turn move the marker one step and score it;
  // 9.2.9.II.a: every aid to an ally scores two.
  VagabondBoard& vb = Vb(s);
  if (Hostile(s, f)) return;  // 9.2.9.III.c
  if (Allied(s, f)) {
    s.AddVp(seat, kAlliedAidVp, kVpVagabond);
    return;
  }
  if (++vb.aids[f] >= kAidsNeeded[vb.relation[f]]) {
    vb.aids[f] = 0;
    ++vb.relation[f];
    s.AddVp(seat, kRelationVp[vb.relation[f] - 1], kVpVagabond);
  }
}

void AidChoose(State& s, const Option& o) {
  Task& t = s.top();
  switch (t.step) {
    case 0:
      t.a = o.a;
      t.step = 1;
      return;
    case 1: {
      const int target = s.SeatOf(t.a);
      s.RemoveFromHand(t.seat, o.card);
      s.mutable_seat(target).hand.push_back(o.card);
      s.Log({.kind = kEvTakeCard,
             .seat = I8(target),
             .a = t.seat,
             .card = o.card,
             .visible_to =
                 static_cast<uint8_t>((1u << target) | (1u << t.seat))});
      t.step = 2;
      return;
    }
    case 2:
      FindCopy(s, o, Ready).exhausted = true;
      ImproveRelationship(s, t.seat, t.a);
      t.step = 3;
      return;
    default: {
      const int f = t.a;
      s.Pop();
      if (o.kind == kOptItem) {
        s.mutable_seat(s.SeatOf(f)).items[o.a] -= 1;
        GainFaceUp(s, o.a);
      }
    }
  }
}

// Quest (9.5.5).
void QuestStep(State& s) {
  const Task& t = s.top();
  if (t.step == 0) {
    s.Ask(kVbPromptQuest, t.seat, QuestChoices(s));
    return;
  }
  s.Ask(kVbPromptQuestReward, t.seat,
        {{.kind = kOptAction, .a = kRewardVp},
         {.kind = kOptAction, .a = kRewardCards}},
        t.a);
}

void QuestChoose(State& s, const Option& o) {
  Task& t = s.top();
  VagabondBoard& vb = Vb(s);
  if (t.step == 0) {
    const QuestDef& d = kQuests[o.a];
    Exhaust(s, d.item1);
    Exhaust(s, d.item2);
    vb.quests.erase(std::find(vb.quests.begin(), vb.quests.end(), o.a));
    vb.quests_done.push_back(o.a);
    DrawQuest(s);
    t.step = 1;
    t.a = o.a;
    return;
  }
  const int seat = t.seat, suit = kQuests[t.a].suit;
  s.Pop();
  if (o.a == kRewardCards) {
    s.DrawCards(seat, 2);
  } else {
    int done = 0;
    for (int8_t q : vb.quests_done) done += kQuests[q].suit == suit;
    s.AddVp(seat, done, kVpVagabond);
  }
}

// Strike (9.5.6): a warrior, or a building or token if the target has none.
void StrikeStep(State& s) {
  const Task& t = s.top();
  const int c = Vb(s).clearing;
  std::vector<Option> opts;
  if (t.step == 0) {
    for (int f : OthersIn(s, c, true))  // 9.5.6: an enemy
      opts.push_back({.kind = kOptFaction, .a = I8(f)});
    s.Ask(kVbPromptStrikeTarget, t.seat, std::move(opts));
    return;
  }
  for (int p = 1; p < kNumPieces; ++p) {
    if (GetPieceInfo(p).owner == t.a && s.clearing(c).pieces[p] > 0) {
      opts.push_back({.kind = kOptPiece, .a = I8(p)});
    }
  }
  s.Ask(kVbPromptStrikePiece, t.seat, std::move(opts), t.a);
}

void StrikeChoose(State& s, const Option& o) {
  Task& t = s.top();
  const int c = Vb(s).clearing;
  if (t.step == 0) {
    Exhaust(s, kCrossbow);
    if (s.clearing(c).warriors[o.a] > 0) {
      s.Pop();
      s.RemoveWarriors(o.a, c, 1, kVagabond);
      return;
    }
    t.step = 1;
    t.a = o.a;
    return;
  }
  const int f = t.a;
  s.Pop();
  std::array<int8_t, kNumPieces> pieces{};
  pieces[o.a] = 1;
  s.RemovePieces(f, c, 0, pieces, kVagabond);
}

// Repair (9.5.7), also used by Hideout (a = repairs left).
void RepairStep(State& s) {
  const Task& t = s.top();
  std::vector<Option> opts = CopyChoices(s, Damaged);
  if (opts.empty() || t.a == 0) {
    s.Pop();
    return;
  }
  // b == 1 from the start only for Hideout (a Repair asks before paying).
  s.Ask(t.b == 1 ? kVbPromptHideout : kVbPromptRepair, t.seat, std::move(opts),
        t.a);
}

void RepairChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (t.b != 1) {  // the Repair action exhausts a hammer first
    Exhaust(s, kHammer);
    t.b = 1;
    t.a = 1;
  }
  FindCopy(s, o, Damaged).damaged = false;  // on its current side
  if (--t.a <= 0) s.Pop();
}

// Special actions (9.5.9).
void SpecialStep(State& s) {
  const Task& t = s.top();
  const int character = Vb(s).character;
  s.Ask(character == kThief ? kVbPromptSteal : kVbPromptDayLabor, t.seat,
        SpecialTargets(s, t.seat));
}

void SpecialChoose(State& s, const Option& o) {
  const int seat = s.top().seat;
  s.Pop();
  Exhaust(s, kTorch);
  switch (Vb(s).character) {
    case kThief: {  // Steal: a random card
      auto& hand = s.mutable_seat(s.SeatOf(o.a)).hand;
      const int i =
          s.chance_stream().Draw(kChancePick, static_cast<int>(hand.size()));
      const CardId id = hand[i];
      hand.erase(hand.begin() + i);
      s.mutable_seat(seat).hand.push_back(id);
      s.Log({.kind = kEvTakeCard,
             .seat = I8(seat),
             .a = I8(s.SeatOf(o.a)),
             .card = id,
             .visible_to =
                 static_cast<uint8_t>((1u << seat) | (1u << s.SeatOf(o.a)))});
      return;
    }
    case kTinker: {  // Day Labor: from the discard pile
      auto& discard = s.mutable_discard();
      discard.erase(std::find(discard.begin(), discard.end(), o.card));
      s.mutable_seat(seat).hand.push_back(o.card);
      s.Log({.kind = kEvTakeCard, .seat = I8(seat), .card = o.card});
      return;
    }
    case kRanger: {  // Hideout: repair three items, then Daylight ends
      Task t{.kind = kVbRepair, .seat = I8(seat)};
      t.a = 3;
      t.b = 1;
      s.close_daylight();
      s.Push(t);
      return;
    }
  }
}

// --- Evening (Law 9.6) ------------------------------------------------------

void EveningStep(State& s) {
  Task& t = s.top();
  const int seat = t.seat;
  VagabondBoard& vb = Vb(s);
  switch (t.step++) {
    case 0:
      if (vb.forest >= 0) {  // 9.6.1 Evening Rest
        for (VItem& it : vb.items) {
          if (it.damaged) it.damaged = it.exhausted = false;  // face up
        }
      }
      s.DrawCards(seat, 1 + OnTrack(s, kCoin));  // 9.6.2
      // 9.6.3 Discard Cards
      PushDiscardDown(s, seat, kHandLimit, kVbPromptDiscard);
      return;
    default:
      s.Pop();
      s.Push(Task{.kind = kVbRemoveItems, .seat = I8(seat)});  // 9.6.4
  }
}

void RemoveItemsStep(State& s) {
  const Task& t = s.top();
  if (SatchelCount(s) <= ItemLimit(s)) {
    s.Pop();
    return;
  }
  s.Ask(kVbPromptRemoveItem, t.seat, CopyChoices(s, Removable),
        SatchelCount(s) - ItemLimit(s));
}

void RemoveItemsChoose(State& s, const Option& o) {
  VagabondBoard& vb = Vb(s);
  VItem& it = FindCopy(s, o, Removable);
  ++vb.removed[o.a];
  vb.items.erase(vb.items.begin() + (&it - vb.items.data()));
}

// --- Hits and damage (Law 9.2.7, 9.2.2.I) -----------------------------------

// Task: a = hits left; b = kind (0: battle hits, may take allied warriors;
// 1: damage three items).
void TakeHitsStep(State& s) {
  const Task& t = s.top();
  VagabondBoard& vb = Vb(s);
  std::vector<Option> opts =
      t.a > 0 ? CopyChoices(s, Undamaged) : std::vector<Option>{};
  const int c = vb.clearing;
  if (t.a > 0 && t.b == 0 && vb.battle_ally != kNoFaction && c >= 0 &&
      s.clearing(c).warriors[vb.battle_ally] > 0) {
    opts.push_back({.kind = kOptFaction, .a = vb.battle_ally});  // 9.2.9.II.d
  }
  if (opts.empty()) {  // nothing left to damage: the rest is ignored
    s.Pop();
    return;
  }
  s.Ask(t.b == 0 ? kVbPromptTakeHit : kVbPromptDamage, t.seat, std::move(opts),
        t.a);
}

void TakeHitsChoose(State& s, const Option& o) {
  Task& t = s.top();
  VagabondBoard& vb = Vb(s);
  --t.a;
  if (o.kind == kOptFaction) {
    ++vb.ally_lost;
    s.RemoveWarriors(o.a, vb.clearing, 1, s.battle().defender);
    return;
  }
  FindCopy(s, o, Undamaged).damaged = true;  // 9.2.7: the chosen copy
  ++vb.damaged_in_battle;
}

// --- Coalition (Law 9.2.8) --------------------------------------------------

std::vector<Option> CoalitionPartners(const State& s) {
  std::vector<Option> opts;
  int lowest = 1 << 20;
  for (int o = 0; o < s.num_seats(); ++o) {
    const SeatState& st = s.seat(o);
    if (st.faction == kVagabond || st.dominance != kNoCard) continue;
    if (st.vp < lowest) {
      lowest = st.vp;
      opts.clear();
    }
    if (st.vp == lowest) opts.push_back({.kind = kOptFaction, .a = st.faction});
  }
  return opts;
}

void CoalitionStep(State& s) {
  const Task& t = s.top();
  s.Ask(kVbPromptCoalition, t.seat, CoalitionPartners(s));
}

void CoalitionChoose(State& s, const Option& o) {
  s.Pop();
  VagabondBoard& vb = Vb(s);
  vb.coalition = I8(s.SeatOf(o.a));
  if (Hostile(s, o.a)) vb.relation[o.a] = 0;  // 9.2.9.III.d
}

void NoChoice(State&, const Option&) { CHECK(false); }

class Vagabond : public FactionModule {
 public:
  int faction() const override { return kVagabond; }
  int warriors() const override { return 0; }
  void PushSetup(State& s, int seat) const override {
    s.Push(Task{.kind = kVbSetup, .seat = I8(seat)});
  }
  void PushBirdsong(State& s, int seat) const override {
    s.Push(Task{.kind = kVbBirdsong, .seat = I8(seat)});
  }
  void PushDaylight(State& s, int seat) const override {
    s.Push(Task{.kind = kVbDaylight, .seat = I8(seat)});
  }
  void PushEvening(State& s, int seat) const override {
    s.Push(Task{.kind = kVbEvening, .seat = I8(seat)});
  }
  std::string ActionLabel(const State& s, const Option& o) const override {
    switch (o.a) {
      case kActMove:
        return "Move (boot)";
      case kActBattle:
        return "Battle (sword)";
      case kActExplore:
        return "Explore the ruin (torch)";
      case kActAid:
        return "Aid";
      case kActQuest:
        return "Quest";
      case kActStrike:
        return "Strike (crossbow)";
      case kActRepair:
        return "Repair (hammer)";
      case kActCraft:
        return "Craft (hammers)";
      case kActSpecial:
        return absl::StrCat(kCharacterNames[s.vagabond().character],
                            " special action (torch)");
      case kRewardVp:
        return "Score VP for the quest";
      case kRewardCards:
        return "Draw two cards";
      case kActAlone:
        return "Alone";
    }
    return "?";
  }
  bool PawnIn(const State& s, int c) const override {
    return s.vagabond().clearing == c;
  }
  int RolledHitCap(const State& s, int c, bool attacker) const override {
    // 9.2.6: undamaged swords; 9.2.9.II.c: plus the fighting ally's warriors.
    int cap = CountUndamaged(s, kSword);
    const int ally = s.vagabond().battle_ally;
    if (attacker && ally != kNoFaction) cap += s.clearing(c).warriors[ally];
    return cap;
  }
  bool Defenseless(const State& s, int c) const override {
    return CountUndamaged(s, kSword) == 0;  // 9.2.4
  }
  bool StillAttacking(const State& s, int c) const override {
    return true;
  }  // 9.2.2
  bool TakesHitsItself() const override { return true; }
  void TakeHits(State& s, int c, int n, int from) const override {
    Task t{.kind = kVbTakeHits, .seat = I8(VbSeat(s))};
    t.a = I8(n);
    t.b = 0;
    s.Push(t);
  }
  void RemoveAllPieces(State& s, int c, int remover) const override {
    if (!PawnIn(s, c) || !s.AreEnemies(remover, kVagabond)) return;
    Task t{.kind = kVbTakeHits, .seat = I8(VbSeat(s))};  // 9.2.2.I
    t.a = 3;
    t.b = 1;
    s.Push(t);
  }
  std::array<int8_t, kNumClearingSuits> CraftingPieces(
      const State& s) const override {
    std::array<int8_t, kNumClearingSuits>
        n{};  // 9.2.1: hammers match his clearing
    if (s.vagabond().clearing >= 0)
      n[s.SuitOf(s.vagabond().clearing)] = I8(CountReady(s, kHammer));
    return n;
  }
  void PayCrafting(State& s, int suit, int n) const override {
    Exhaust(s, kHammer, n);
  }
  void GainItem(State& s, int seat, int item) const override {
    GainFaceUp(s, item);
  }
  void OnRemovedEnemy(State& s, int victim, int c, int warriors,
                      int others) const override {
    VagabondBoard& vb = Vb(s);
    int infamy = warriors + others;
    if (warriors > 0 && !Hostile(s, victim)) {
      vb.relation[victim] = kHostile;  // 9.2.9.III
      --infamy;  // not for the warrior that made them Hostile
    } else if (!Hostile(s, victim)) {
      infamy = 0;
    }
    // 9.2.9.III.a Infamy: in battle on his own turn.
    const BattleState& b = s.battle();
    const bool in_battle =
        b.clearing == c && (b.attacker == kVagabond || b.defender == kVagabond);
    if (infamy > 0 && in_battle && s.current_seat() == VbSeat(s)) {
      s.AddVp(VbSeat(s), infamy, kVpVagabond);
    }
  }
  void AfterBattle(State& s, bool removed) const override {
    // 9.2.9.II.d: more allied warriors lost than items damaged: Hostile.
    VagabondBoard& vb = Vb(s);
    if (vb.battle_ally != kNoFaction && vb.ally_lost > vb.damaged_in_battle) {
      vb.relation[vb.battle_ally] = kHostile;
    }
    vb.battle_ally = kNoFaction;
    vb.ally_lost = vb.damaged_in_battle = 0;
  }
  bool CanActivateDominance(const State& s, int seat) const override {
    // 9.2.8: only to form a coalition, with four or more players.
    return s.num_seats() >= 4 && !CoalitionPartners(s).empty();
  }
  void OnDominanceActivated(State& s, int seat) const override {
    s.Push(Task{.kind = kVbCoalition, .seat = I8(seat)});
  }
};

}  // namespace

absl::string_view VagabondCharacterName(int c) { return kCharacterNames[c]; }
absl::string_view QuestName(int q) { return kQuests[q].name; }
int QuestSuit(int q) { return kQuests[q].suit; }

void RegisterVagabond() {
  static const Vagabond kModule;
  RegisterFaction(&kModule);
  RegisterTask(kVbSetup, {"vagabond.setup", SetupStep, SetupChoose});
  RegisterTask(kVbBirdsong,
               {"vagabond.birdsong", BirdsongStep, BirdsongChoose});
  RegisterTask(kVbDaylight,
               {"vagabond.daylight", DaylightStep, DaylightChoose});
  RegisterTask(kVbMove, {"vagabond.move", MoveStep, MoveChoose});
  RegisterTask(kVbBattle, {"vagabond.battle", BattleStep, BattleChoose});
  RegisterTask(kVbAid, {"vagabond.aid", AidStep, AidChoose});
  RegisterTask(kVbQuest, {"vagabond.quest", QuestStep, QuestChoose});
  RegisterTask(kVbStrike, {"vagabond.strike", StrikeStep, StrikeChoose});
  RegisterTask(kVbRepair, {"vagabond.repair", RepairStep, RepairChoose});
  RegisterTask(kVbSpecial, {"vagabond.special", SpecialStep, SpecialChoose});
  RegisterTask(kVbEvening, {"vagabond.evening", EveningStep, NoChoice});
  RegisterTask(kVbTakeHits,
               {"vagabond.take_hits", TakeHitsStep, TakeHitsChoose});
  RegisterTask(kVbCoalition,
               {"vagabond.coalition", CoalitionStep, CoalitionChoose});
  RegisterTask(kVbRemoveItems,
               {"vagabond.item_limit", RemoveItemsStep, RemoveItemsChoose});

  auto reg = [](int kind, absl::string_view key, absl::string_view law,
                std::string (*text)(const State&, const Prompt&)) {
    RegisterPrompt(kind, PromptInfo{key, law, text});
  };
  reg(kVbPromptDiscard, "discard.hand_limit", "9.6.3", HandLimitText);
  reg(kVbPromptCharacter, "vagabond.setup.character", "9.3.1",
      [](const State&, const Prompt&) {
        return std::string("Setup: choose your character.");
      });
  reg(kVbPromptForest, "vagabond.setup.forest", "9.3.2",
      [](const State&, const Prompt&) {
        return std::string("Setup: place your pawn in which forest?");
      });
  reg(kVbPromptRefresh, "vagabond.refresh", "9.4.1",
      [](const State&, const Prompt& p) {
        return absl::StrCat("Refresh: turn which exhausted item face up (",
                            int{p.a}, " left)?");
      });
  reg(kVbPromptSlip, "vagabond.slip", "9.4.2", [](const State&, const Prompt&) {
    return std::string(
        "Slip: move to an adjacent clearing or forest, or stay.");
  });
  reg(kVbPromptAction, "vagabond.action", "9.5",
      [](const State&, const Prompt&) {
        return std::string(
            "Daylight: exhaust items for an action, or end Daylight.");
      });
  reg(kVbPromptMoveTo, "vagabond.move", "9.5.1",
      [](const State&, const Prompt&) {
        return std::string("Move to which adjacent clearing?");
      });
  reg(kVbPromptMoveAllies, "vagabond.move.allies", "9.2.9.II.b",
      [](const State& s, const Prompt& p) {
        return absl::StrCat("Take allied warriors along to ",
                            ClearingName(s, p.a), "?");
      });
  reg(kVbPromptBattleTarget, "vagabond.battle", "9.5.2",
      [](const State&, const Prompt&) {
        return std::string("Battle whom in your clearing?");
      });
  reg(kVbPromptBattleAlly, "vagabond.battle.ally", "9.2.9.II.c",
      [](const State&, const Prompt&) {
        return std::string("Fight with an ally's warriors as your own?");
      });
  reg(kVbPromptAidTarget, "vagabond.aid.target", "9.5.4",
      [](const State&, const Prompt&) { return std::string("Aid whom?"); });
  reg(kVbPromptAidCard, "vagabond.aid.card", "9.5.4",
      [](const State&, const Prompt&) {
        return std::string("Give which card matching your clearing?");
      });
  reg(kVbPromptAidExhaust, "vagabond.aid.exhaust", "9.5.4",
      [](const State&, const Prompt&) {
        return std::string("Exhaust which item for the aid?");
      });
  reg(kVbPromptAidTake, "vagabond.aid.take_item", "9.5.4",
      [](const State&, const Prompt&) {
        return std::string("Take one of their crafted items, or none?");
      });
  reg(kVbPromptQuest, "vagabond.quest", "9.5.5",
      [](const State&, const Prompt&) {
        return std::string("Complete which quest?");
      });
  reg(kVbPromptQuestReward, "vagabond.quest.reward", "9.5.5",
      [](const State&, const Prompt&) {
        return std::string("Quest reward: VP or two cards?");
      });
  reg(kVbPromptStrikeTarget, "vagabond.strike", "9.5.6",
      [](const State&, const Prompt&) { return std::string("Strike whom?"); });
  reg(kVbPromptStrikePiece, "vagabond.strike.piece", "9.5.6",
      [](const State&, const Prompt&) {
        return std::string(
            "They have no warriors here: strike which building or token?");
      });
  reg(kVbPromptRepair, "vagabond.repair", "9.5.7",
      [](const State&, const Prompt&) {
        return std::string("Repair which damaged item?");
      });
  reg(kVbPromptSteal, "vagabond.special.steal", "26.1.2",
      [](const State&, const Prompt&) {
        return std::string("Steal: take a random card from whom?");
      });
  reg(kVbPromptDayLabor, "vagabond.special.day_labor", "26.2.2",
      [](const State&, const Prompt&) {
        return std::string(
            "Day Labor: take which card matching your clearing from the "
            "discard pile?");
      });
  reg(kVbPromptHideout, "vagabond.special.hideout", "26.3.2",
      [](const State&, const Prompt& p) {
        return absl::StrCat("Hideout: repair which damaged item (", int{p.a},
                            " left)?");
      });
  reg(kVbPromptTakeHit, "vagabond.take_hit", "9.2.7",
      [](const State&, const Prompt& p) {
        return absl::StrCat("Take a hit (", int{p.a},
                            " left): damage which item?");
      });
  reg(kVbPromptDamage, "vagabond.lone_wanderer", "9.2.2.I",
      [](const State&, const Prompt& p) {
        return absl::StrCat("Lone Wanderer: damage which item (", int{p.a},
                            " left)?");
      });
  reg(kVbPromptCoalition, "vagabond.coalition", "9.2.8",
      [](const State&, const Prompt&) {
        return std::string(
            "Form a coalition with which lowest-scoring player?");
      });
  reg(kVbPromptRemoveItem, "vagabond.item_limit", "9.6.4",
      [](const State&, const Prompt& p) {
        return absl::StrCat("Over the item limit: remove which item (",
                            int{p.a}, " to go)?");
      });
}

}  // namespace woodland::rules
