// The Vagabond (Law 9): one module per Vagabond seat (two Vagabonds, Law
// 9.7) and the nine characters of Law 26 (Thief, Tinker, Ranger, Vagrant,
// Arbiter, Scoundrel, Adventurer, Harrier, Ronin).
#include <algorithm>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "referee/rules/advanced_setup.h"
#include "referee/rules/check.h"
#include "referee/rules/faction.h"
#include "referee/rules/hirelings.h"
#include "referee/rules/map_rules.h"
#include "referee/rules/quest_deck.h"

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
// The first Vagabond's range is full: the rest use the second one's (both
// Vagabonds run the same task kinds, see Me()).
constexpr int kTaskBase2 = kFactionTaskBase + 16 * kVagabond2;
enum VagabondTask2 : uint8_t {
  kVbExplore = kTaskBase2,  // 9.7.3
  kVbProtector,             // 26.5.2
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
constexpr int kPromptBase2 = kFactionPromptBase + 32 * kVagabond2;
enum VagabondPrompt2 : uint16_t {
  kVbPromptExplore = kPromptBase2,
  kVbPromptInstigate,
  kVbPromptInstigateDefender,
  kVbPromptScorch,
  kVbPromptGlide,
  kVbPromptProtector,
  kVbPromptImprovise,
};

// Law 26: the nine characters of the base game, the Riverfolk Expansion
// and the Vagabond Pack, in the Law's order.
enum Character : int8_t {
  kThief = 0,
  kTinker,
  kRanger,
  kVagrant,
  kArbiter,
  kScoundrel,
  kAdventurer,
  kHarrier,
  kRonin,
  kNumCharacters
};
constexpr std::array<absl::string_view, kNumCharacters> kCharacterNames = {
    "Thief",     "Tinker",     "Ranger",  "Vagrant", "Arbiter",
    "Scoundrel", "Adventurer", "Harrier", "Ronin"};
// Law 26.x.1 starting items (vagabond.yaml); -1 pads three-item characters.
constexpr std::array<std::array<int8_t, 4>, kNumCharacters> kStartingItems = {{
    {kBoot, kTorch, kTea, kSword},       // 26.1.1 Thief
    {kBoot, kTorch, kSack, kHammer},     // 26.2.1 Tinker
    {kBoot, kTorch, kCrossbow, kSword},  // 26.3.1 Ranger
    {kCoin, kTorch, kBoot, -1},          // 26.4.1 Vagrant
    {kBoot, kTorch, kSword, kSword},     // 26.5.1 Arbiter
    {kBoot, kBoot, kTorch, kCrossbow},   // 26.6.1 Scoundrel
    {kBoot, kTorch, kHammer, -1},        // 26.7.1 Adventurer
    {kCoin, kTorch, kSword, kCrossbow},  // 26.8.1 Harrier
    {kBoot, kBoot, kTorch, kSword},      // 26.9.1 Ronin
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
  kActImprovise,    // b = quest (26.7.2)
  kActSwiftStrike,  // 26.9.2
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
VagabondBoard& Vb(State& s, int f) { return s.mutable_vagabond(f); }
const VagabondBoard& Vb(const State& s, int f) { return s.vagabond(f); }
// The Vagabond whose task is on top of the stack (Law 9.7: each Vagabond
// seat runs the same tasks on its own board).
int Me(const State& s) { return s.seat(s.stack().back().seat).faction; }

// Index of an item of `kind` in the given condition, or -1.
int FindItem(const State& s, int f, int kind, bool exhausted, bool damaged) {
  const auto& items = Vb(s, f).items;
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i].kind == kind && items[i].exhausted == exhausted &&
        items[i].damaged == damaged) {
      return static_cast<int>(i);
    }
  }
  return -1;
}
int CountReady(const State& s, int f, int kind) {
  int n = 0;
  for (const VItem& it : Vb(s, f).items)
    n += it.kind == kind && !it.exhausted && !it.damaged;
  return n;
}
int CountUndamaged(const State& s, int f, int kind) {
  int n = 0;
  for (const VItem& it : Vb(s, f).items) n += it.kind == kind && !it.damaged;
  return n;
}
void Exhaust(State& s, int f, int kind, int n = 1) {
  for (int i = 0; i < n; ++i) {
    const int at = FindItem(s, f, kind, false, false);
    CHECK(at >= 0);
    Vb(s, f).items[at].exhausted = true;
  }
}
// Face-up undamaged items of a track kind that sit on their track.
int OnTrack(const State& s, int f, int kind) {
  return std::min(CountReady(s, f, kind), kTrackCapacity);
}
// Law 9.6.4: items in the Satchel and damaged, against the limit.
int SatchelCount(const State& s, int f) {
  int n = static_cast<int>(Vb(s, f).items.size());
  for (int k : {kTea, kCoin, kSack}) n -= OnTrack(s, f, k);
  return n;
}
int ItemLimit(const State& s, int f) { return 6 + 2 * OnTrack(s, f, kSack); }

// Relationship of Vagabond `f` with faction `g` (Law 9.2.9).
bool Hostile(const State& s, int f, int g) {
  return Vb(s, f).relation[g] == kHostile;
}
bool Allied(const State& s, int f, int g) {
  return Vb(s, f).relation[g] == kAllied;
}

bool IsVagabond(int g) { return g == kVagabond || g == kVagabond2; }

bool HostileWarriorsIn(const State& s, int f, int c) {
  for (int o = 0; o < s.num_seats(); ++o) {
    const int g = s.seat(o).faction;
    if (!IsVagabond(g) && Hostile(s, f, g) && s.clearing(c).warriors[g] > 0)
      return true;
  }
  return false;
}

// Which items a choice is about (Law 9.2.7 undamaged, 9.5.7 damaged, ...).
bool Undamaged(const State&, int, const VItem& it) { return !it.damaged; }
bool Damaged(const State&, int, const VItem& it) { return it.damaged; }
bool Ready(const State&, int, const VItem& it) {
  return !it.exhausted && !it.damaged;
}
bool Exhausted(const State&, int, const VItem& it) { return it.exhausted; }
// Law 9.6.4: only the Satchel and the Damaged box; face-up undamaged teas,
// coins and sacks sit on their tracks (up to three each, 9.2.5.I).
bool Removable(const State& s, int f, const VItem& it) {
  if (it.damaged || it.exhausted) return true;
  if (it.kind != kTea && it.kind != kCoin && it.kind != kSack) return true;
  return CountReady(s, f, it.kind) > kTrackCapacity;
}
using ItemFilter = bool (*)(const State&, int, const VItem&);

// One option per item kind and damage among the items passing `keep`, split
// into a face-up and an exhausted copy when both qualify (the side matters:
// Law 9.2.7, 9.2.2.I, 9.5.7, 9.6.4).
std::vector<Option> CopyChoices(const State& s, int f, ItemFilter keep) {
  std::vector<Option> opts = NewOptionList();
  const auto& items = Vb(s, f).items;
  for (const VItem& first : items) {
    if (!keep(s, f, first)) continue;
    const int8_t dmg = first.damaged ? kItemDamaged : 0;
    bool seen = false;
    for (const Option& o : opts) seen |= o.a == first.kind && (o.b & 1) == dmg;
    if (seen) continue;
    bool up = false, down = false;
    for (const VItem& it : items) {
      if (it.kind != first.kind || it.damaged != first.damaged ||
          !keep(s, f, it))
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
bool AnyItem(const State& s, int f, ItemFilter keep) {
  for (const VItem& it : Vb(s, f).items) {
    if (keep(s, f, it)) return true;
  }
  return false;
}
// The item a CopyChoices option names.
VItem& FindCopy(State& s, int f, const Option& o, ItemFilter keep) {
  for (VItem& it : Vb(s, f).items) {
    if (it.kind != o.a || it.damaged != ((o.b & kItemDamaged) != 0) ||
        !keep(s, f, it)) {
      continue;
    }
    if ((o.b & kItemExhausted) && !it.exhausted) continue;
    if ((o.b & kItemFaceUp) && it.exhausted) continue;
    return it;
  }
  CHECK(false);
  return Vb(s, f).items.front();
}

void GainFaceUp(State& s, int f, int kind) {
  Vb(s, f).items.push_back(VItem{I8(kind), false, false});
}

// Law 26.6.2: nothing moves into the Scoundrel's scorched clearing.
bool Scorched(const State& s, int c) {
  return s.vagabond(kVagabond).scorched == c ||
         s.vagabond(kVagabond2).scorched == c;
}

// Other factions with pieces in c (the pawn's clearing); only his enemies
// (not a coalition partner, 9.2.8) when `enemies`.
// Factions by seat order, inline (no allocation: the action menu asks).
using SeatFactions = SmallVector<int, kMaxSeats>;

SeatFactions OthersIn(const State& s, int f, int c, bool enemies = false) {
  SeatFactions out;
  for (int o = 0; o < s.num_seats(); ++o) {
    const int g = s.seat(o).faction;
    if (g == f || !s.HasPieces(g, c)) continue;
    if (!enemies || s.AreEnemies(f, g)) out.push_back(g);
  }
  return out;
}

// Law 9.7.2: both Vagabonds share one quest deck and its face-up quests,
// kept on the first Vagabond's board (a second needs a first, see NewGame).
VagabondBoard& Quests(State& s) { return s.mutable_vagabond(kVagabond); }
const VagabondBoard& Quests(const State& s) { return s.vagabond(kVagabond); }

void DrawQuest(State& s) {
  auto& deck = Quests(s).quest_deck;
  if (deck.empty()) return;
  const int i =
      s.chance_stream().Draw(kChanceDraw, static_cast<int>(deck.size()));
  Quests(s).quests.push_back(deck[i]);
  deck.erase(deck.begin() + i);
}

// --- Setup (Law 9.3, 9.7.1) ------------------------------------------------

// The character fixed for faction f by the match setup, or -1.
int FixedCharacter(const State& s, int f) {
  for (const auto& [faction, character] : s.def().setup.characters) {
    if (faction == f) return character;
  }
  return -1;
}

void SetupStep(State& s) {
  const Task& t = s.top();
  const int f = Me(s);
  std::vector<Option> opts = NewOptionList();
  if (t.step == 0) {
    // 9.3.1; with two Vagabonds each character card exists once.
    const int other = f == kVagabond ? kVagabond2 : kVagabond;
    for (int c = 0; c < kNumCharacters; ++c) {
      if (s.SeatOf(other) >= 0 && s.vagabond(other).character == c) continue;
      if (FixedCharacter(s, f) >= 0 && FixedCharacter(s, f) != c) continue;
      opts.push_back({.kind = kOptCharacter, .a = I8(c)});
    }
    s.Ask(kVbPromptCharacter, t.seat, std::move(opts));
  } else {
    for (size_t g = 0; g < s.map().forests.size(); ++g) {
      opts.push_back({.kind = kOptForest, .a = I8(g)});
    }
    s.Ask(kVbPromptForest, t.seat, std::move(opts));
  }
}

// 9.3.3 and 9.3.4, done once (by the first Vagabond to set up): the quests,
// and the "R" items under the ruins, one set per Vagabond and two random
// items per ruin with two Vagabonds (9.7.1, 9.7.2: no extra quests).
void SetUpQuestsAndRuins(State& s) {
  VagabondBoard& q = Quests(s);
  for (int i = 0; i < static_cast<int>(kQuests.size()); ++i)
    q.quest_deck.push_back(I8(i));
  for (int i = 0; i < 3; ++i) DrawQuest(s);
  // Law 14.3.3: the Hundreds, set up first (a drafted table, 19.8.3),
  // already put one set of "R" items under the ruins.
  for (int8_t v : s.vagabond(kVagabond).ruin_item) {
    if (v > 0) return;
  }
  std::vector<std::pair<int8_t, int8_t>> pool;  // (item, owner faction)
  for (int f : {kVagabond, kVagabond2}) {
    if (s.SeatOf(f) < 0) continue;
    for (int8_t item : kRuinItems) pool.push_back({item, I8(f)});
  }
  const int per_ruin = static_cast<int>(pool.size() / kRuinItems.size());
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (!s.map().clearings[c].ruin) continue;
    for (int slot = 0; slot < per_ruin && !pool.empty(); ++slot) {
      const int i =
          s.chance_stream().Draw(kChancePick, static_cast<int>(pool.size()));
      const auto [item, owner] = pool[i];
      // Slot k of a ruin lives on board k; each board's box counts its set.
      s.mutable_vagabond(slot == 0 ? kVagabond : kVagabond2).ruin_item[c] =
          I8(item + 1);
      ++s.mutable_vagabond(owner).box[item];
      pool.erase(pool.begin() + i);
    }
  }
}

// Law 9.7.1 in a draft (19.8.3): the first Vagabond set up with one set of
// "R" items under the ruins; the second adds its own set, one item beside
// each ruin's first (slot 1 lives on the second board).
void AddSecondRuinSet(State& s, int f) {
  std::vector<int8_t> items(kRuinItems.begin(), kRuinItems.end());
  for (int c = 0; c < s.map().num_clearings && !items.empty(); ++c) {
    if (!s.map().clearings[c].ruin || s.vagabond(kVagabond2).ruin_item[c] > 0)
      continue;
    const int i =
        s.chance_stream().Draw(kChancePick, static_cast<int>(items.size()));
    s.mutable_vagabond(kVagabond2).ruin_item[c] = I8(items[i] + 1);
    ++s.mutable_vagabond(f).box[items[i]];
    items.erase(items.begin() + i);
  }
}

void SetupChoose(State& s, const Option& o) {
  Task& t = s.top();
  const int f = Me(s);
  VagabondBoard& vb = Vb(s, f);
  if (t.step == 0) {
    vb.character = o.a;  // 9.3.1
    t.step = 1;
    return;
  }
  s.Pop();
  vb.forest = o.a;  // 9.3.2: the pawn in any forest
  vb.clearing = -1;
  if (Quests(s).quest_deck.empty() && Quests(s).quests.empty()) {
    SetUpQuestsAndRuins(s);
  } else if (IsDraft(s.def().setup)) {
    AddSecondRuinSet(s, f);  // Law 9.7.1, the second drafted Vagabond
  }
  // 9.3.5: starting items face up; 9.3.6: relationships indifferent.
  for (int8_t item : kStartingItems[vb.character]) {
    if (item < 0) continue;
    GainFaceUp(s, f, item);
    ++vb.box[item];
  }
  vb.relation.fill(0);
}

// --- Birdsong (Law 9.4) -----------------------------------------------------

// Law 13.7.2: is `mover`'s piece in clearing c stopped from moving out (a
// face-up snare of an enemy)? Slipping ignores this (9.4.2).
bool MoveBlockedIn(const State& s, int mover, int c) {
  if (c < 0) return false;
  uint32_t to, from;
  s.MoveBlocks(mover, to, from);
  return from >> c & 1;
}

// Law 11.2.2, 11.2.7.II: 0 no rivers, 1 rivers as paths (Riverboats bought
// this turn), 2 also ignoring rule (Swimmers).
int RiverAccessOf(const State& s, int mover) {
  return s.SeatOf(kRiverfolk) < 0
             ? 0
             : GetFaction(kRiverfolk)->RiverAccess(s, mover);
}

// 9.4.2 Slip: rivers are paths with Riverboats (11.2.7.II); the Ferry is
// not offered (Slip is limited to adjacent clearings and forests).
std::vector<Option> SlipDestinations(const State& s, int f) {
  const VagabondBoard& vb = Vb(s, f);
  const MapDef& m = s.map();
  std::vector<Option> opts = NewOptionList();
  if (vb.clearing >= 0) {
    const bool rivers = RiverAccessOf(s, f) > 0;
    for (int c = 0; c < m.num_clearings; ++c) {
      if (s.Adjacent(vb.clearing, c) ||
          (rivers && (m.clearings[vb.clearing].river >> c & 1)))
        opts.push_back({.kind = kOptClearing, .a = I8(c)});
    }
    for (size_t g = 0; g < m.forests.size(); ++g) {
      if (m.forests[g] >> vb.clearing & 1)
        opts.push_back({.kind = kOptForest, .a = I8(g)});
    }
  } else {
    for (int c = 0; c < m.num_clearings; ++c) {
      if (m.forests[vb.forest] >> c & 1)
        opts.push_back({.kind = kOptClearing, .a = I8(c)});
    }
    for (int8_t g : m.forest_adjacent[vb.forest])
      opts.push_back({.kind = kOptForest, .a = g});
  }
  // 26.6.2: nothing moves into a scorched clearing, not even by slipping.
  std::erase_if(opts, [&](const Option& o) {
    return o.kind == kOptClearing && Scorched(s, o.a);
  });
  return opts;
}

void MovePawn(State& s, int f, const Option& o) {
  VagabondBoard& vb = Vb(s, f);
  if (o.kind == kOptForest) {
    vb.forest = o.a;
    vb.clearing = -1;
  } else {
    vb.clearing = o.a;
    vb.forest = -1;
  }
  s.Log({.kind = kEvPawn, .faction = I8(f), .c = vb.clearing, .d = vb.forest});
}

void BirdsongStep(State& s) {
  const int f = Me(s);
  Task& t = s.top();
  VagabondBoard& vb = Vb(s, f);
  if (t.step == 0) {
    // 9.4.1 Refresh: 3 items plus 2 per face-up tea on its track.
    vb.aids.fill(0);
    vb.improvised = false;  // 26.7.2: once per turn
    t.c = I8(3 + 2 * OnTrack(s, f, kTea));
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
    std::vector<Option> opts = CopyChoices(s, f, Exhausted);
    if (exhausted <= t.c || opts.size() == 1) {
      // No choice to make: flip up all of them, or t.c of the only kind.
      for (VItem& it : vb.items) {
        if (t.c > 0 && it.exhausted) {
          it.exhausted = false;
          --t.c;
        }
      }
      t.c = 0;
      RecycleOptionList(std::move(opts));
      return;
    }
    s.Ask(kVbPromptRefresh, t.seat, std::move(opts), t.c);
    return;
  }
  // 9.4.2 Slip.
  std::vector<Option> opts = SlipDestinations(s, f);
  opts.push_back({.kind = kOptDone});
  s.Ask(kVbPromptSlip, t.seat, std::move(opts));
}

void BirdsongChoose(State& s, const Option& o) {
  const int f = Me(s);
  Task& t = s.top();
  if (t.step == 1) {
    FindCopy(s, f, o, Exhausted).exhausted = false;
    --t.c;
    return;
  }
  s.Pop();
  if (o.kind != kOptDone) MovePawn(s, f, o);
}

// --- Daylight (Law 9.5) -----------------------------------------------------

// Law 9.5.1 Move: the pawn's destinations. A path or, with Riverboats, a
// river (11.2.7.II): kOptClearing. A Ferry crossing (25.3.5) to a clearing
// no path or river links: kOptMove (from, to), labelled "by the Ferry".
std::vector<Option> MoveDestinations(const State& s, int f) {
  const VagabondBoard& vb = Vb(s, f);
  std::vector<Option> opts = NewOptionList();
  const int boots = CountReady(s, f, kBoot);
  if (boots == 0 || MoveBlockedIn(s, f, vb.clearing)) return opts;  // 13.7.2
  const bool rivers = vb.clearing >= 0 && RiverAccessOf(s, f) > 0;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    const bool river =
        rivers && (s.map().clearings[vb.clearing].river >> c & 1);
    const bool adjacent = vb.clearing >= 0
                              ? s.Adjacent(vb.clearing, c) || river
                              : (s.map().forests[vb.forest] >> c & 1);
    const bool ferry = vb.clearing >= 0 && IsFerryCrossing(s, vb.clearing, c);
    if (!(adjacent || ferry) || Scorched(s, c)) continue;  // 26.6.2
    // 9.2.9.III.b: one more boot into a clearing with Hostile warriors.
    if (HostileWarriorsIn(s, f, c) && boots < 2) continue;
    if (adjacent) opts.push_back({.kind = kOptClearing, .a = I8(c)});
    if (ferry) {
      opts.push_back({.kind = kOptMove, .a = vb.clearing, .b = I8(c)});
    }
  }
  return opts;
}

std::vector<Option> AidTargets(const State& s, int f, int seat) {
  std::vector<Option> opts = NewOptionList();
  const int c = Vb(s, f).clearing;
  if (c < 0 || !AnyItem(s, f, Ready)) return opts;
  if (!AnyMatchingCard(s, seat, MatchSuitOf(s, c))) return opts;
  for (int g : OthersIn(s, f, c))
    opts.push_back({.kind = kOptFaction, .a = I8(g)});
  return opts;
}

// The item a quest lacks when exactly one of its two items is not ready
// (what the Adventurer may Improvise, 26.7.2), or -1.
int MissingQuestItem(const State& s, int f, const QuestDef& d) {
  if (d.item1 == d.item2) {
    return CountReady(s, f, d.item1) == 1 ? d.item1 : -1;
  }
  const bool has1 = CountReady(s, f, d.item1) > 0;
  const bool has2 = CountReady(s, f, d.item2) > 0;
  if (has1 == has2) return -1;
  return has1 ? d.item2 : d.item1;
}

// Ready item kinds that may stand in for the missing one of quest d.
std::vector<Option> ImproviseItems(const State& s, int f, const QuestDef& d) {
  std::vector<Option> opts = NewOptionList();
  const int missing = MissingQuestItem(s, f, d);
  if (missing < 0) return opts;
  const int other = missing == d.item1 ? d.item2 : d.item1;
  for (int k = 0; k < kNumItems; ++k) {
    if (k == missing) continue;
    if (CountReady(s, f, k) - (k == other ? 1 : 0) > 0)
      opts.push_back({.kind = kOptItem, .a = I8(k)});
  }
  return opts;
}

std::vector<Option> QuestChoices(const State& s, int f) {
  std::vector<Option> opts = NewOptionList();
  const VagabondBoard& vb = Vb(s, f);
  const int c = vb.clearing;
  if (c < 0) return opts;
  for (int8_t q : Quests(s).quests) {  // 9.7.2: either Vagabond's quests
    const QuestDef& d = kQuests[q];
    if (!s.ClearingIs(c, d.suit)) continue;  // the Lost City: any suit
    const bool ok = d.item1 == d.item2 ? CountReady(s, f, d.item1) >= 2
                                       : CountReady(s, f, d.item1) >= 1 &&
                                             CountReady(s, f, d.item2) >= 1;
    if (ok) {
      opts.push_back({.kind = kOptQuest, .a = q});
    } else if (vb.character == kAdventurer && !vb.improvised &&
               !ImproviseItems(s, f, d).empty()) {
      // 26.7.2 Improvise (only offered where the listed items are lacking).
      opts.push_back({.kind = kOptAction, .a = kActImprovise, .b = q});
    }
  }
  return opts;
}

// Instigate (26.4.2): factions that could be forced to attack, each with
// an enemy in the clearing.
std::vector<Option> InstigateDefenders(const State& s, int f, int attacker) {
  std::vector<Option> opts = NewOptionList();
  const int c = Vb(s, f).clearing;
  // Law 1.5.5, 4.3: forced, it battles as if by choice, from its warriors
  // or pawn in the clearing.
  if (s.clearing(c).warriors[attacker] == 0 &&
      !GetFaction(attacker)->PawnIn(s, c))
    return opts;
  for (int o = 0; o < s.num_seats(); ++o) {
    const int g = s.seat(o).faction;
    if (g != attacker && s.AreEnemies(attacker, g) && s.HasPieces(g, c))
      opts.push_back({.kind = kOptFaction, .a = I8(g)});
  }
  return opts;
}

std::vector<Option> SpecialTargets(const State& s, int f, int seat) {
  std::vector<Option> opts = NewOptionList();
  const VagabondBoard& vb = Vb(s, f);
  if (CountReady(s, f, kTorch) == 0) return opts;
  switch (vb.character) {
    case kThief:  // Steal: a player with pieces in the clearing
      if (vb.clearing < 0) break;
      for (int g : OthersIn(s, f, vb.clearing)) {
        if (!s.seat(s.SeatOf(g)).hand.empty())
          opts.push_back({.kind = kOptFaction, .a = I8(g)});
      }
      break;
    case kTinker:  // Day Labor: a card matching the clearing from the discard
      if (vb.clearing < 0) break;
      for (CardId id : s.discard()) {
        if (!CardMatchesClearing(s, id, vb.clearing)) continue;
        bool dup = false;
        for (const Option& o : opts)
          dup |= s.card(o.card).type == s.card(id).type;
        if (!dup) opts.push_back({.kind = kOptCard, .card = id});
      }
      break;
    case kRanger:  // Hideout: needs something to repair
      if (AnyItem(s, f, Damaged)) opts.push_back({.kind = kOptYes});
      break;
    case kVagrant:  // Instigate: the attacker first (even himself)
      if (vb.clearing < 0) break;
      for (int o = 0; o < s.num_seats(); ++o) {
        const int g = s.seat(o).faction;
        if (!InstigateDefenders(s, f, g).empty())
          opts.push_back({.kind = kOptFaction, .a = I8(g)});
      }
      break;
    case kScoundrel:  // Scorched Earth: his one torch stays in the clearing
      if (vb.clearing >= 0 && vb.scorched < 0)
        opts.push_back({.kind = kOptYes});
      break;
    case kHarrier:  // Glide: any clearing but his own and a scorched one
      if (MoveBlockedIn(s, f, vb.clearing)) break;  // 13.7.2: still a move
      for (int c = 0; c < s.map().num_clearings; ++c) {
        if (c != vb.clearing && !Scorched(s, c))
          opts.push_back({.kind = kOptClearing, .a = I8(c)});
      }
      break;
    default:  // Arbiter, Adventurer, Ronin: no Daylight special action
      break;
  }
  return opts;
}

// An enemy with warriors, buildings or tokens (not a lone pawn) in c. The
// warlord cannot be removed outside battle (14.2.2) but is a warrior, so
// it shields its faction's other pieces there (9.5.6).
SeatFactions StrikeTargets(const State& s, int f, int c) {
  SeatFactions out;
  for (int g : OthersIn(s, f, c, true)) {
    const int warriors = s.clearing(c).warriors[g];
    if (warriors > 0) {
      if (warriors > GetFaction(g)->ProtectedWarriors(s, c)) out.push_back(g);
      continue;
    }
    bool any = false;
    for (int p = 1; p < kNumPieces && !any; ++p)
      any = GetPieceInfo(p).owner == g && s.clearing(c).pieces[p] > 0;
    if (any) out.push_back(g);
  }
  // Law 22.3.2: an enemy hireling's warrior (or, with none, its vault).
  for (int h : EnemyHirelingTargets(s, f, c, false)) out.push_back(h);
  return out;
}

bool RuinHasItems(const State& s, int c) {
  return s.vagabond(kVagabond).ruin_item[c] > 0 ||
         s.vagabond(kVagabond2).ruin_item[c] > 0;
}
bool TwoVagabonds(const State& s) {
  return s.SeatOf(kVagabond) >= 0 && s.SeatOf(kVagabond2) >= 0;
}

void DaylightStep(State& s) {
  const int f = Me(s);
  const int seat = s.top().seat;
  if (s.daylight_closed()) {  // Hideout ended Daylight
    s.Pop();
    return;
  }
  const VagabondBoard& vb = Vb(s, f);
  const int c = vb.clearing;
  std::vector<Option> opts = NewOptionList();
  auto act = [&](int code) {
    opts.push_back({.kind = kOptAction, .a = I8(code)});
  };
  if (AnyOption(MoveDestinations(s, f))) act(kActMove);
  if (c >= 0) {
    if (CountReady(s, f, kSword) > 0 &&
        (!OthersIn(s, f, c, true).empty() || HirelingTargetsIn(s, f, c)))
      act(kActBattle);
    if (CountReady(s, f, kTorch) > 0 && RuinHasItems(s, c)) act(kActExplore);
    if (AnyOption(AidTargets(s, f, seat))) act(kActAid);
    if (AnyOption(QuestChoices(s, f))) act(kActQuest);
    if (CountReady(s, f, kCrossbow) > 0 && !StrikeTargets(s, f, c).empty())
      act(kActStrike);
    if (CraftableExists(s, seat)) act(kActCraft);
  }
  if (CountReady(s, f, kHammer) > 0 && AnyItem(s, f, Damaged)) act(kActRepair);
  if (AnyOption(SpecialTargets(s, f, seat))) act(kActSpecial);
  AppendDaylightExtras(s, seat, opts);
  opts.push_back({.kind = kOptDone});
  s.Ask(kVbPromptAction, seat, std::move(opts));
}

// Takes the item of `kind` from the ruin in c (9.5.3): one VP, and the ruin
// leaves the map once empty.
void TakeRuinItem(State& s, int f, int c, int kind) {
  for (int g : {kVagabond, kVagabond2}) {
    if (s.vagabond(g).ruin_item[c] == kind + 1) {
      s.mutable_vagabond(g).ruin_item[c] = 0;
      break;
    }
  }
  Vb(s, f).items.push_back(VItem{I8(kind), false, false, true});
  if (!RuinHasItems(s, c)) s.SetPieces(kRuin, c, 0);
  s.AddVp(s.SeatOf(f), 1, kVpVagabond);
}

void DaylightChoose(State& s, const Option& o) {
  const int f = Me(s);
  const int seat = s.top().seat;
  if (o.kind == kOptDone) {
    s.Pop();
    return;
  }
  if (o.kind == kOptExtra) {
    ResolveDaylightExtra(s, seat, o);
    return;
  }
  VagabondBoard& vb = Vb(s, f);
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
    case kActExplore:
      // 9.5.3: a torch takes the ruin's item face up; with two Vagabonds
      // he looks at both and takes one he may (9.7.3).
      Exhaust(s, f, kTorch);
      if (TwoVagabonds(s)) {
        push(kVbExplore);
      } else {
        const int c = vb.clearing;  // one item: slot 0, the first board's
        TakeRuinItem(s, f, c, s.vagabond(kVagabond).ruin_item[c] - 1);
      }
      return;
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
      PushCraftAction(s, seat);
      return;
    case kActSpecial:
      push(kVbSpecial);
      return;
  }
  CHECK(false);
}

// Explore with two Vagabonds (9.7.3): any item under the ruin but an "R"
// item of a kind he already holds from a ruin; or none (no VP).
void ExploreStep(State& s) {
  const int f = Me(s);
  const int c = Vb(s, f).clearing;
  std::vector<Option> opts = NewOptionList();
  for (int g : {kVagabond, kVagabond2}) {
    const int kind = s.vagabond(g).ruin_item[c] - 1;
    if (kind < 0) continue;
    bool held = false;
    for (const VItem& it : Vb(s, f).items) held |= it.ruin && it.kind == kind;
    for (const Option& o : opts) held |= o.a == kind;
    if (!held) opts.push_back({.kind = kOptItem, .a = I8(kind)});
  }
  opts.push_back({.kind = kOptDone});
  s.Ask(kVbPromptExplore, s.top().seat, std::move(opts));
}

void ExploreChoose(State& s, const Option& o) {
  const int f = Me(s);
  s.Pop();
  if (o.kind == kOptItem) TakeRuinItem(s, f, Vb(s, f).clearing, o.a);
}

// 9.2.9.II.b: allied warriors moved by force (1.5.5) make their own move
// along the pawn's route: a snare holds them (13.7.2) and Law 4.2.1 applies
// unless Nimble (13.2.3) or Swimmers on a river (11.2.2); the Ferry always
// needs rule at one end (25.3.5).
bool AllyMayGoAlong(const State& s, int g, int from, int to, bool ferry) {
  if (MoveBlockedIn(s, g, from)) return false;
  if (s.Rules(g, from) || s.Rules(g, to)) return true;
  if (ferry) return false;
  if (GetFaction(g)->MovesIgnoringRule()) return true;
  return !s.Adjacent(from, to) && RiverAccessOf(s, g) == 2;
}

// 9.5.1 Move: choose the clearing, then allied warriors to bring. Task c:
// 1 if by the Ferry.
void MoveStep(State& s) {
  const int f = Me(s);
  const Task& t = s.top();
  if (t.step == 0) {
    s.Ask(kVbPromptMoveTo, t.seat, MoveDestinations(s, f));
    return;
  }
  std::vector<Option> opts = {{.kind = kOptAction, .a = kActAlone}};
  const int from = Vb(s, f).clearing, to = t.a;
  if (from >= 0) {
    for (int o = 0; o < s.num_seats(); ++o) {
      const int g = s.seat(o).faction;
      if (IsVagabond(g) || !Allied(s, f, g)) continue;
      if (!AllyMayGoAlong(s, g, from, to, t.c == 1)) continue;
      // 14.2.2: the warlord moves only on the Hundreds' own turn.
      const int movable = s.clearing(from).warriors[g] -
                          GetFaction(g)->ProtectedWarriors(s, from);
      for (int n = 1; n <= movable; ++n) {
        opts.push_back({.kind = kOptCount, .a = I8(n), .b = I8(g)});
      }
    }
  }
  s.Ask(kVbPromptMoveAllies, t.seat, std::move(opts), t.a);
}

void MoveChoose(State& s, const Option& o) {
  const int f = Me(s);
  Task& t = s.top();
  if (t.step == 0) {
    t.step = 1;
    t.a = o.kind == kOptMove ? o.b : o.a;
    t.c = o.kind == kOptMove ? 1 : 0;
    return;
  }
  const int from = Vb(s, f).clearing, to = t.a, seat = t.seat;
  const bool ferry = t.c == 1;
  s.Pop();
  Exhaust(s, f, kBoot, HostileWarriorsIn(s, f, to) ? 2 : 1);
  MovePawn(s, f, {.kind = kOptClearing, .a = I8(to)});
  if (o.kind == kOptCount) s.MoveWarriors(o.b, from, to, o.a, f);  // 9.2.9.II.b
  if (!ferry) return;
  // 25.3.5: the Ferry goes along; he draws, and so does a carried ally (FAQ).
  FerryCrossed(s, seat, to);
  if (o.kind == kOptCount) s.DrawCards(s.SeatOf(o.b), 1);
}

// 9.5.2 Battle: exhaust a sword; an ally's warriors may fight with him.
void BattleStep(State& s) {
  const int f = Me(s);
  const Task& t = s.top();
  const int c = Vb(s, f).clearing;
  std::vector<Option> opts = NewOptionList();
  if (t.step == 0) {
    for (int g : OthersIn(s, f, c, true))  // 9.5.2: an enemy
      opts.push_back({.kind = kOptBattle, .a = I8(c), .b = I8(g)});
    AppendHirelingTargets(s, f, c, opts);  // Law 22.3.2
    s.Ask(kVbPromptBattleTarget, t.seat, std::move(opts));
    return;
  }
  // Law 9.2.9.II.c: an ally's warriors may join any battle he starts, one
  // against a hireling too (its controller's included: a hireling is not
  // its controller's faction, 22.3.3).
  for (int o = 0; o < s.num_seats(); ++o) {
    const int g = s.seat(o).faction;
    if (!IsVagabond(g) && g != t.a && Allied(s, f, g) &&
        s.clearing(c).warriors[g] > 0) {
      opts.push_back({.kind = kOptFaction, .a = I8(g)});
    }
  }
  opts.push_back({.kind = kOptAction, .a = kActAlone});
  s.Ask(kVbPromptBattleAlly, t.seat, std::move(opts), t.a);
}

void BattleChoose(State& s, const Option& o) {
  const int f = Me(s);
  Task& t = s.top();
  if (t.step == 0) {
    t.step = 1;
    t.a = o.b;
    return;
  }
  const int defender = t.a;
  s.Pop();
  Exhaust(s, f, kSword);
  VagabondBoard& vb = Vb(s, f);
  vb.battle_ally = o.kind == kOptFaction ? o.a : kNoFaction;
  vb.ally_lost = 0;
  vb.damaged_in_battle = 0;
  PushBattle(s, vb.clearing, f, defender);
}

// Aid (9.5.4): target, card, item to exhaust, then an item to take.
void AidStep(State& s) {
  const int f = Me(s);
  const Task& t = s.top();
  switch (t.step) {
    case 0:
      s.Ask(kVbPromptAidTarget, t.seat, AidTargets(s, f, t.seat));
      return;
    case 1:
      s.Ask(kVbPromptAidCard, t.seat,
            MatchingCardsIn(s, t.seat, Vb(s, f).clearing), t.a);
      return;
    case 2:
      s.Ask(kVbPromptAidExhaust, t.seat, CopyChoices(s, f, Ready));
      return;
    default: {
      std::vector<Option> opts = NewOptionList();
      const SeatState& target = s.seat(s.SeatOf(t.a));
      for (int i = 0; i < kNumItems; ++i) {
        if (target.items[i] > 0) opts.push_back({.kind = kOptItem, .a = I8(i)});
      }
      s.AskWithDoneOrPop(kVbPromptAidTake, t.seat, std::move(opts), t.a);
    }
  }
}

void ImproveRelationship(State& s, int f, int seat, int g) {
  // 9.2.9.I: enough aids this turn move the marker one step and score it;
  // 9.2.9.II.a: every aid to an ally scores two. 9.2.9: there is no marker
  // for the other Vagabond (9.7), so aiding him changes nothing.
  VagabondBoard& vb = Vb(s, f);
  if (IsVagabond(g) || Hostile(s, f, g)) return;  // 9.2.9.III.c
  if (Allied(s, f, g)) {
    s.AddVp(seat, kAlliedAidVp, kVpVagabond);
    return;
  }
  if (++vb.aids[g] >= kAidsNeeded[vb.relation[g]]) {
    vb.aids[g] = 0;
    ++vb.relation[g];
    s.AddVp(seat, kRelationVp[vb.relation[g] - 1], kVpVagabond);
  }
}

void AidChoose(State& s, const Option& o) {
  const int f = Me(s);
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
             .b = kTakeAid,
             .card = o.card,
             .visible_to =
                 static_cast<uint8_t>((1u << target) | (1u << t.seat))});
      t.step = 2;
      return;
    }
    case 2:
      FindCopy(s, f, o, Ready).exhausted = true;
      ImproveRelationship(s, f, t.seat, t.a);
      t.step = 3;
      return;
    default: {
      const int g = t.a;
      s.Pop();
      if (o.kind == kOptItem) {
        s.mutable_seat(s.SeatOf(g)).items[o.a] -= 1;
        GainFaceUp(s, f, o.a);
      }
    }
  }
}

// Quest (9.5.5). Steps: 0 choose, 2 the Improvised item (26.7.2), 1 reward,
// then the new quest.
void CompleteQuest(State& s, int f, Task& t, int q) {
  VagabondBoard& vb = Vb(s, f);
  auto& face_up = Quests(s).quests;
  face_up.erase(std::find(face_up.begin(), face_up.end(), q));
  vb.quests_done.push_back(I8(q));
  t.step = 1;
  t.a = I8(q);
}

void QuestStep(State& s) {
  const int f = Me(s);
  const Task& t = s.top();
  if (t.step == 0) {
    s.Ask(kVbPromptQuest, t.seat, QuestChoices(s, f));
    return;
  }
  if (t.step == 2) {
    s.Ask(kVbPromptImprovise, t.seat, ImproviseItems(s, f, kQuests[t.a]), t.a);
    return;
  }
  s.Ask(kVbPromptQuestReward, t.seat,
        {{.kind = kOptAction, .a = kRewardVp},
         {.kind = kOptAction, .a = kRewardCards}},
        t.a);
}

void QuestChoose(State& s, const Option& o) {
  const int f = Me(s);
  Task& t = s.top();
  VagabondBoard& vb = Vb(s, f);
  if (t.step == 0 && o.kind == kOptAction) {  // Improvise
    t.step = 2;
    t.a = o.b;
    return;
  }
  if (t.step == 0) {
    const QuestDef& d = kQuests[o.a];
    Exhaust(s, f, d.item1);
    Exhaust(s, f, d.item2);
    CompleteQuest(s, f, t, o.a);
    return;
  }
  if (t.step == 2) {
    // 26.7.2: the stand-in is exhausted and damaged; the other listed item
    // is exhausted as usual.
    const QuestDef& d = kQuests[t.a];
    const int missing = MissingQuestItem(s, f, d);
    Exhaust(s, f, missing == d.item1 ? d.item2 : d.item1);
    VItem& it = Vb(s, f).items[FindItem(s, f, o.a, false, false)];
    it.exhausted = it.damaged = true;
    vb.improvised = true;
    CompleteQuest(s, f, t, t.a);
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
  DrawQuest(s);  // Law 9.5.5: "Finally, draw a new quest"
}

// Strike (9.5.6): a warrior, or a building or token if the target has none.
void StrikeStep(State& s) {
  const int f = Me(s);
  const Task& t = s.top();
  const int c = Vb(s, f).clearing;
  std::vector<Option> opts = NewOptionList();
  if (t.step == 0) {
    for (int g : StrikeTargets(s, f, c))
      opts.push_back({.kind = kOptFaction, .a = I8(g)});
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
  const int f = Me(s);
  Task& t = s.top();
  const int c = Vb(s, f).clearing;
  if (t.step == 0) {
    Exhaust(s, f, kCrossbow);
    if (IsHirelingTarget(o.a)) {
      s.Pop();
      RemoveHirelingTargetPiece(s, o.a, c, f, false);
      return;
    }
    if (s.clearing(c).warriors[o.a] > 0) {
      s.Pop();
      s.RemoveWarriors(o.a, c, 1, f);
      return;
    }
    t.step = 1;
    t.a = o.a;
    return;
  }
  const int g = t.a;
  s.Pop();
  std::array<int8_t, kNumPieces> pieces{};
  pieces[o.a] = 1;
  s.RemovePieces(g, c, 0, pieces, f);
}

// Repair (9.5.7), also used by Hideout (a = repairs left).
void RepairStep(State& s) {
  const int f = Me(s);
  const Task& t = s.top();
  std::vector<Option> opts = CopyChoices(s, f, Damaged);
  if (opts.empty() || t.a == 0) {
    s.Pop();
    return;
  }
  // b == 1 from the start only for Hideout (a Repair asks before paying).
  s.Ask(t.b == 1 ? kVbPromptHideout : kVbPromptRepair, t.seat, std::move(opts),
        t.a);
}

void RepairChoose(State& s, const Option& o) {
  const int f = Me(s);
  Task& t = s.top();
  if (t.b != 1) {  // the Repair action exhausts a hammer first
    Exhaust(s, f, kHammer);
    t.b = 1;
    t.a = 1;
  }
  FindCopy(s, f, o, Damaged).damaged = false;  // on its current side
  if (--t.a <= 0) s.Pop();
}

// Special actions (9.5.9, Law 26). Step 1 is Instigate's defender.
void SpecialStep(State& s) {
  const int f = Me(s);
  const Task& t = s.top();
  if (t.step == 1) {
    s.Ask(kVbPromptInstigateDefender, t.seat, InstigateDefenders(s, f, t.a),
          t.a);
    return;
  }
  static constexpr std::array<uint16_t, kNumCharacters> kPrompts = {
      kVbPromptSteal,     kVbPromptDayLabor, kVbPromptHideout,
      kVbPromptInstigate, kVbPromptHideout,  kVbPromptScorch,
      kVbPromptHideout,   kVbPromptGlide,    kVbPromptHideout};
  s.Ask(kPrompts[Vb(s, f).character], t.seat, SpecialTargets(s, f, t.seat));
}

// 26.6.2 Scorched Earth: the torch stays in the clearing (off his board);
// every enemy piece there is removed at once.
void ScorchedEarth(State& s, int f) {
  VagabondBoard& vb = Vb(s, f);
  const int c = vb.clearing;
  const int at = FindItem(s, f, kTorch, true, false);
  CHECK(at >= 0);
  vb.items.erase(vb.items.begin() + at);
  ++vb.removed[kTorch];
  vb.scorched = I8(c);
  const size_t mark = s.BeginSimultaneous();
  for (int o = 0; o < s.num_seats(); ++o) {
    const int g = s.seat(o).faction;
    if (g != f && s.AreEnemies(f, g) && s.HasPieces(g, c))
      GetFaction(g)->RemoveAllPieces(s, c, f);
  }
  RemoveEnemyHirelingsFor(s, c, f);  // Law 22.3.2
  s.EndSimultaneous(mark);
}

void SpecialChoose(State& s, const Option& o) {
  const int f = Me(s);
  Task& t = s.top();
  const int seat = t.seat;
  const int character = Vb(s, f).character;
  if (character == kVagrant && t.step == 0) {
    t.step = 1;
    t.a = o.a;
    return;
  }
  const int instigated = t.a;
  s.Pop();
  Exhaust(s, f, kTorch);
  switch (character) {
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
             .b = kTakeSteal,
             .card = id,
             .visible_to =
                 static_cast<uint8_t>((1u << seat) | (1u << s.SeatOf(o.a)))});
      return;
    }
    case kTinker: {  // Day Labor: from the discard pile
      auto& discard = s.mutable_discard();
      discard.erase(std::find(discard.begin(), discard.end(), o.card));
      s.mutable_seat(seat).hand.push_back(o.card);
      s.Log({.kind = kEvTakeCard,
             .seat = I8(seat),
             .b = kTakeDayLabor,
             .card = o.card});
      return;
    }
    case kRanger: {  // Hideout: repair three items, then Daylight ends
      Task r{.kind = kVbRepair, .seat = I8(seat)};
      r.a = 3;
      r.b = 1;
      s.close_daylight();
      s.Push(r);
      return;
    }
    case kVagrant:  // Instigate: he removes the buildings and tokens
      PushBattle(s, Vb(s, f).clearing, instigated, o.a);
      s.battle().instigator = I8(f);
      return;
    case kScoundrel:
      ScorchedEarth(s, f);
      return;
    case kHarrier:  // Glide: the pawn alone, no boots
      MovePawn(s, f, o);
      return;
  }
  CHECK(false);
}

// 26.5.2 Protector: the defender may enlist the Arbiter (faction t.a)
// before the roll; he scores one VP and lends his undamaged swords.
void ProtectorStep(State& s) {
  const Task& t = s.top();
  s.Ask(kVbPromptProtector, t.seat, {{.kind = kOptYes}, {.kind = kOptDone}},
        t.a);
}

void ProtectorChoose(State& s, const Option& o) {
  const int arbiter = s.top().a;
  s.Pop();
  if (o.kind != kOptYes) return;
  Vb(s, arbiter).protecting = true;
  s.AddVp(s.SeatOf(arbiter), 1, kVpVagabond);
}

// --- Evening (Law 9.6) ------------------------------------------------------

void EveningStep(State& s) {
  const int f = Me(s);
  Task& t = s.top();
  const int seat = t.seat;
  VagabondBoard& vb = Vb(s, f);
  switch (t.step++) {
    case 0:
      if (vb.forest >= 0) {  // 9.6.1 Evening Rest
        for (VItem& it : vb.items) {
          if (it.damaged) it.damaged = it.exhausted = false;  // face up
        }
      }
      s.DrawCards(seat, 1 + OnTrack(s, f, kCoin));  // 9.6.2
      // 9.6.3 Discard Cards
      PushDiscardDown(s, seat, kHandLimit, kVbPromptDiscard);
      return;
    default:
      s.Pop();
      s.Push(Task{.kind = kVbRemoveItems, .seat = I8(seat)});  // 9.6.4
  }
}

void RemoveItemsStep(State& s) {
  const int f = Me(s);
  const Task& t = s.top();
  if (SatchelCount(s, f) <= ItemLimit(s, f)) {
    s.Pop();
    return;
  }
  s.Ask(kVbPromptRemoveItem, t.seat, CopyChoices(s, f, Removable),
        SatchelCount(s, f) - ItemLimit(s, f));
}

void RemoveItemsChoose(State& s, const Option& o) {
  const int f = Me(s);
  VagabondBoard& vb = Vb(s, f);
  VItem& it = FindCopy(s, f, o, Removable);
  ++vb.removed[o.a];
  vb.items.erase(vb.items.begin() + (&it - vb.items.data()));
}

// --- Hits and damage (Law 9.2.7, 9.2.2.I) -----------------------------------

// Task: a = hits left; b = kind (0: battle hits, may take allied warriors;
// 1: damage three items).
void TakeHitsStep(State& s) {
  const int f = Me(s);
  const Task& t = s.top();
  VagabondBoard& vb = Vb(s, f);
  std::vector<Option> opts =
      t.a > 0 ? CopyChoices(s, f, Undamaged) : std::vector<Option>{};
  const int c = vb.clearing;
  if (t.a > 0 && t.b == 0 && vb.battle_ally != kNoFaction && c >= 0 &&
      s.clearing(c).warriors[vb.battle_ally] > 0) {
    opts.push_back({.kind = kOptFaction, .a = vb.battle_ally});  // 9.2.9.II.d
  }
  if (opts.empty()) {  // nothing left to damage: the rest is ignored
    RecycleOptionList(std::move(opts));
    s.Pop();
    return;
  }
  s.Ask(t.b == 0 ? kVbPromptTakeHit : kVbPromptDamage, t.seat, std::move(opts),
        t.a);
}

void TakeHitsChoose(State& s, const Option& o) {
  const int f = Me(s);
  Task& t = s.top();
  VagabondBoard& vb = Vb(s, f);
  --t.a;
  if (o.kind == kOptFaction) {
    ++vb.ally_lost;
    s.RemoveWarriors(o.a, vb.clearing, 1, s.battle().defender);
    return;
  }
  FindCopy(s, f, o, Undamaged).damaged = true;  // 9.2.7: the chosen copy
  ++vb.damaged_in_battle;
}

// --- Coalition (Law 9.2.8) --------------------------------------------------

// Is `seat` in a coalition (a Vagabond who formed one, or a partner)?
bool InCoalition(const State& s, int seat) {
  for (int g : {kVagabond, kVagabond2}) {
    if (s.SeatOf(g) < 0) continue;
    if (s.vagabond(g).coalition == seat) return true;
    if (s.SeatOf(g) == seat && s.vagabond(g).coalition >= 0) return true;
  }
  return false;
}

// The players with fewest VP among those with a score marker (not a
// dominance player, not a Vagabond whose marker went to a partner), other
// than Vagabond f; of them, those not in a coalition.
std::vector<Option> CoalitionPartners(const State& s, int f) {
  std::vector<Option> opts = NewOptionList();
  int lowest = 1 << 20;
  const int me = s.SeatOf(f);
  for (int o = 0; o < s.num_seats(); ++o) {
    const SeatState& st = s.seat(o);
    if (o == me || st.dominance != kNoCard) continue;
    if (IsVagabond(st.faction) && s.vagabond(st.faction).coalition >= 0)
      continue;
    if (st.vp < lowest) {
      lowest = st.vp;
      opts.clear();
    }
    if (st.vp == lowest && !InCoalition(s, o))
      opts.push_back({.kind = kOptFaction, .a = st.faction});
  }
  return opts;
}

void CoalitionStep(State& s) {
  const int f = Me(s);
  const Task& t = s.top();
  s.Ask(kVbPromptCoalition, t.seat, CoalitionPartners(s, f));
}

void CoalitionChoose(State& s, const Option& o) {
  const int f = Me(s);
  s.Pop();
  VagabondBoard& vb = Vb(s, f);
  vb.coalition = I8(s.SeatOf(o.a));
  if (Hostile(s, f, o.a)) vb.relation[o.a] = 0;  // 9.2.9.III.d
}

void NoChoice(State&, const Option&) { CHECK(false); }

// One module per Vagabond seat (Law 9.7): the same rules on its own board.
class Vagabond : public FactionModule {
 public:
  explicit Vagabond(int faction) : f_(faction) {}
  int faction() const override { return f_; }
  int warriors() const override { return 0; }
  void PushSetup(State& s, int seat) const override {
    const int other = f_ == kVagabond ? kVagabond2 : kVagabond;
    // Law 19.8.3: a drafted Vagabond sets up at once, when chosen.
    if (s.SeatOf(other) < 0 || IsDraft(s.def().setup)) {
      s.Push(Task{.kind = kVbSetup, .seat = I8(seat)});
      return;
    }
    // 9.7.1: which Vagabond sets up first is drawn at random; the first one
    // pushes both setups (the stack runs the last pushed first).
    if (f_ == kVagabond2) return;
    const int first = s.chance_stream().Draw(kChanceSeat, 2);
    const int seats[2] = {s.SeatOf(kVagabond), s.SeatOf(kVagabond2)};
    s.Push(Task{.kind = kVbSetup, .seat = I8(seats[1 - first])});
    s.Push(Task{.kind = kVbSetup, .seat = I8(seats[first])});
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
      case kActSpecial: {
        const int c = s.vagabond(f_).character;
        return absl::StrCat(kCharacterNames[c], " special action (torch)");
      }
      case kRewardVp:
        return "Score VP for the quest";
      case kRewardCards:
        return "Draw two cards";
      case kActAlone:
        return "Alone";
      case kActImprovise:
        return absl::StrCat("Improvise: ", kQuests[o.b].name, " (",
                            SuitName(kQuests[o.b].suit), ")");
      case kActSwiftStrike:
        return "Swift Strike (exhaust a sword: one extra hit)";
    }
    return "?";
  }
  bool PawnIn(const State& s, int c) const override {
    return s.vagabond(f_).clearing == c;
  }
  bool HasPawn() const override { return true; }
  int RolledHitCap(const State& s, int c, bool attacker) const override {
    // 9.2.6: undamaged swords; 9.2.9.II.c: plus the fighting ally's warriors.
    int cap = CountUndamaged(s, f_, kSword);
    const int ally = s.vagabond(f_).battle_ally;
    if (attacker && ally != kNoFaction) cap += s.clearing(c).warriors[ally];
    return cap;
  }
  bool Defenseless(const State& s, int c) const override {
    return CountUndamaged(s, f_, kSword) == 0;  // 9.2.4
  }
  bool StillAttacking(const State& s, int c) const override {
    return true;
  }  // 9.2.2
  bool TakesHitsItself() const override { return true; }
  void TakeHits(State& s, int c, int n, int from) const override {
    Task t{.kind = kVbTakeHits, .seat = I8(s.SeatOf(f_))};
    t.a = I8(n);
    t.b = 0;
    s.Push(t);
  }
  void RemoveAllPieces(State& s, int c, int remover) const override {
    if (!PawnIn(s, c) || !s.AreEnemies(remover, f_)) return;
    Task t{.kind = kVbTakeHits, .seat = I8(s.SeatOf(f_))};  // 9.2.2.I
    t.a = 3;
    t.b = 1;
    s.Push(t);
  }
  // Law 9.2.1: his ready hammers are crafting pieces of his clearing's suit
  // (wild in the Lost City, Law 4.1.1).
  int CraftingPiecesIn(const State& s, int c) const override {
    return c == s.vagabond(f_).clearing ? CountReady(s, f_, kHammer) : 0;
  }
  void PayCrafting(State& s, int suit, int n) const override {
    Exhaust(s, f_, kHammer, n);
  }
  void GainItem(State& s, int seat, int item) const override {
    GainFaceUp(s, f_, item);
  }
  void OnRemovedEnemy(State& s, int victim, int c, int warriors,
                      int others) const override {
    // No relationship marker (9.2.9); FAQ 28, 29: removing hireling pieces
    // (victim kNoFaction) neither makes anyone Hostile nor scores Infamy.
    if (victim == kNoFaction || IsVagabond(victim)) return;
    VagabondBoard& vb = Vb(s, f_);
    int infamy = warriors + others;
    if (warriors > 0 && !Hostile(s, f_, victim)) {
      vb.relation[victim] = kHostile;  // 9.2.9.III
      --infamy;  // not for the warrior that made them Hostile
    } else if (!Hostile(s, f_, victim)) {
      infamy = 0;
    }
    // 9.2.9.III.a Infamy: in battle on his own turn (26.4.2: also in a
    // battle he instigated).
    const BattleState& b = s.battle();
    const bool in_battle =
        b.clearing == c &&
        (b.attacker == f_ || b.defender == f_ || b.instigator == f_);
    if (infamy > 0 && in_battle && s.current_seat() == s.SeatOf(f_)) {
      s.AddVp(s.SeatOf(f_), infamy, kVpVagabond);
    }
  }
  void AfterBattle(State& s, bool removed) const override {
    // 9.2.9.II.d: more allied warriors lost than items damaged: Hostile.
    VagabondBoard& vb = Vb(s, f_);
    if (vb.battle_ally != kNoFaction && vb.ally_lost > vb.damaged_in_battle) {
      vb.relation[vb.battle_ally] = kHostile;
    }
    vb.battle_ally = kNoFaction;
    vb.ally_lost = vb.damaged_in_battle = 0;
  }
  bool CanActivateDominance(const State& s, int seat) const override {
    // 9.2.8: only to form a coalition, with four or more players, and not
    // while in one.
    return s.num_seats() >= 4 && !InCoalition(s, seat) &&
           AnyOption(CoalitionPartners(s, f_));
  }
  void OnDominanceActivated(State& s, int seat) const override {
    s.Push(Task{.kind = kVbCoalition, .seat = I8(seat)});
  }
  bool MayBlockPlacement() const override { return true; }
  bool MayBlockMoves() const override { return true; }
  // 26.6.2: nothing is placed in or moved into a scorched clearing.
  bool BlocksPlacement(const State& s, int placer, int c) const override {
    return s.vagabond(f_).scorched == c;
  }
  uint32_t BlockedClearings(const State& s) const override {
    const int c = s.vagabond(f_).scorched;
    return c >= 0 ? 1u << c : 0u;
  }
  // 26.5.2 Protector: offered to the defender before the roll.
  void BeforeRoll(State& s) const override {
    VagabondBoard& vb = Vb(s, f_);
    vb.protecting = false;
    const BattleState& b = s.battle();
    if (vb.character != kArbiter || vb.clearing != b.clearing ||
        b.attacker == f_ || b.defender == f_) {
      return;
    }
    Task t{.kind = kVbProtector, .seat = I8(s.SeatOf(b.defender))};
    t.a = I8(f_);
    s.Push(t);
  }
  int DefenderExtraCap(const State& s) const override {
    return s.vagabond(f_).protecting ? CountUndamaged(s, f_, kSword) : 0;
  }
  // Law 26.9.2 Swift Strike: after the roll, a sword for one extra hit
  // (once per battle). His side's extra hits also count a Partisans card's
  // (exiles.cc), which leaves Swift Strike unused.
  void AppendBattleEffects(const State& s, bool attacker,
                           std::vector<Option>& opts) const override {
    if (s.vagabond(f_).character != kRonin) return;
    const BattleState& b = s.battle();
    const int partisans = b.partisans >> s.SeatOf(f_) & 1;
    if (b.extra_hits[attacker ? 0 : 1] > partisans) return;
    if (CountReady(s, f_, kSword) == 0) return;
    opts.push_back({.kind = kOptAction, .a = kActSwiftStrike});
  }
  void UseBattleEffect(State& s, bool attacker,
                       const Option& o) const override {
    Exhaust(s, f_, kSword);
    ++s.battle().extra_hits[attacker ? 0 : 1];
  }

 private:
  int f_;
};

}  // namespace

absl::string_view VagabondCharacterName(int c) { return kCharacterNames[c]; }
absl::string_view QuestName(int q) { return kQuests[q].name; }
int QuestSuit(int q) { return kQuests[q].suit; }
std::pair<int, int> QuestItems(int q) {
  return {kQuests[q].item1, kQuests[q].item2};
}
int ParseVagabondCharacter(absl::string_view name) {
  for (int c = 0; c < kNumCharacters; ++c) {
    if (absl::EqualsIgnoreCase(name, kCharacterNames[c])) return c;
  }
  return -1;
}
int NumVagabondCharacters() { return kNumCharacters; }

void RegisterVagabond() {
  static const Vagabond kFirst(kVagabond), kSecond(kVagabond2);
  RegisterFaction(&kFirst);
  RegisterFaction(&kSecond);
  // Both Vagabonds run the same task kinds: a handler finds its board from
  // the seat of its task (Me).
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
  RegisterTask(kVbExplore, {"vagabond.explore", ExploreStep, ExploreChoose});
  RegisterTask(kVbProtector,
               {"vagabond.protector", ProtectorStep, ProtectorChoose});
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
  reg(kVbPromptExplore, "vagabond.explore", "9.7.3",
      [](const State&, const Prompt&) {
        return std::string(
            "Explore: take which item from the ruin (none: no VP)?");
      });
  reg(kVbPromptInstigate, "vagabond.special.instigate", "26.4.2",
      [](const State&, const Prompt&) {
        return std::string("Instigate: which player attacks?");
      });
  reg(kVbPromptInstigateDefender, "vagabond.special.instigate.defender",
      "26.4.2", [](const State&, const Prompt& p) {
        return absl::StrCat("Instigate: whom does ", FactionName(p.a),
                            " battle?");
      });
  reg(kVbPromptScorch, "vagabond.special.scorched_earth", "26.6.2",
      [](const State&, const Prompt&) {
        return std::string(
            "Scorched Earth: leave your torch here and remove every enemy "
            "piece?");
      });
  reg(kVbPromptGlide, "vagabond.special.glide", "26.8.2",
      [](const State&, const Prompt&) {
        return std::string("Glide: move your pawn to which clearing?");
      });
  reg(kVbPromptProtector, "vagabond.protector", "26.5.2",
      [](const State&, const Prompt& p) {
        return absl::StrCat("Protector: enlist the Arbiter (", FactionName(p.a),
                            ") before the roll? He scores one VP.");
      });
  reg(kVbPromptImprovise, "vagabond.quest.improvise", "26.7.2",
      [](const State&, const Prompt& p) {
        return absl::StrCat("Improvise ", kQuests[p.a].name,
                            ": which item stands in (exhausted and damaged)?");
      });
}

}  // namespace woodland::rules
