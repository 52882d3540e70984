// The Lord of the Hundreds (Law 14): the warlord, the Hoard with its Command
// and Prowess tracks, Contempt for Trade, Looters, mobs (raze and incite),
// the eight moods, Command the Hundreds, Advance the Warlord and Oppress.
//
// The warlord is one of the faction's warriors (see hundreds_board.h): moves
// and removals of Hundreds warriors from its clearing decide whether it went
// along; effects outside battle cannot remove it and moves outside the
// Hundreds' turn cannot take it (Law 14.2.2).
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "referee/rules/advanced_setup.h"
#include "referee/rules/check.h"
#include "referee/rules/exiles.h"
#include "referee/rules/faction.h"
#include "referee/rules/hirelings.h"
#include "referee/rules/map_rules.h"
#include "referee/rules/observation.h"

namespace woodland::rules {
namespace {

constexpr int kTaskBase = kFactionTaskBase + 16 * kHundreds;
enum HundredsTask : uint8_t {
  kHuSetup = kTaskBase,
  kHuBirdsong,
  kHuMobPlace,
  kHuLavish,
  kHuDaylight,
  kHuCommand,
  kHuPlaceByCard,
  kHuMove,
  kHuAdvance,
  kHuEvening,
  kHuItem,
  kHuLoot,
  kHuWarlordHit,
  kHuBitter,
  kHuRuinItem,
};

constexpr int kPromptBase = kFactionPromptBase + 32 * kHundreds;
// The hand-limit discard (Law 14.6.3), in the last slot of the range.
constexpr int kHuPromptDiscard = kPromptBase + 31;
enum HundredsPrompt : uint16_t {
  kHuPromptCorner = kPromptBase,
  kHuPromptRazeMob,
  kHuPromptJubilantMob,
  kHuPromptRecruit,
  kHuPromptAnoint,
  kHuPromptMood,
  kHuPromptLavish,
  kHuPromptCommand,
  kHuPromptBuildWhere,
  kHuPromptBuildCard,
  kHuPromptMove,
  kHuPromptMoveCount,
  kHuPromptAdvance,
  kHuPromptAdvanceBattle,
  kHuPromptRelentless,
  kHuPromptIncite,
  kHuPromptInciteCard,
  kHuPromptJubilant,
  kHuPromptContempt,
  kHuPromptOverflow,
  kHuPromptLoot,
  kHuPromptLootItem,
  kHuPromptWarlordHit,
  kHuPromptBitter,
  kHuPromptRuinItem,
};

enum HundredsAction : int8_t {
  kActMove = 0,     // Command: move (14.5.2.I)
  kActBattle,       // Command: battle (14.5.2.II)
  kActBuild,        // Command: build (14.5.2.III)
  kActMoveCount,    // b = warriors moving, the warlord stays
  kActMoveWarlord,  // b = warriors moving along with the warlord
  kActTakeItem,     // Contempt for Trade: keep the item (b = item)
  kActScoreItem,    // Contempt for Trade: remove it and score (b = item)
  kActLoot,         // Looters: declare (b = defender)
  kActNoLoot,
  kActLoseWarlord,  // a hit removed the warlord (FAQ on 14.2.2)
  kActKeepWarlord,
  kActRoll,  // Jubilant: roll the mob die
  kActMood,  // b = mood
};

// Law 14.7: the item each mood card shows (-1: Lavish shows none).
constexpr std::array<int8_t, kNumMoods> kMoodItem = {
    kHammer, kTea, kBoot, -1, kSack, kCoin, kCrossbow, kSword};
constexpr std::array<absl::string_view, kNumMoods> kMoodNames = {
    "Bitter",     "Grandiose", "Jubilant", "Lavish",
    "Relentless", "Rowdy",     "Stubborn", "Wrathful"};
constexpr int kWarriors = 21;       // 14.3.1: 20 warriors and the warlord
constexpr int kStrongholds = 6;     // 14.3.1
constexpr int kMobs = 5;            // the mob tokens
constexpr int kGarrison = 4;        // 14.3.2: warriors beside the warlord
constexpr int kTrackSpaces = 4;     // 14.2.4
constexpr int kJubilantRolls = 4;   // 14.7.3
constexpr int kLavishWarriors = 2;  // 14.7.4
constexpr int kHandLimit = 5;       // 14.6.3
// Law 14.6.2: VP by clearings oppressed (index = clearings, 6+ = 4).
constexpr std::array<int8_t, 7> kOppressVp = {0, 1, 1, 2, 2, 3, 4};
// Law 9.3.4 / 14.3.3: the "R" items under the ruins.
constexpr std::array<int8_t, 4> kRuinItems = {kSack, kBoot, kHammer, kSword};

int8_t I8(int v) { return static_cast<int8_t>(v); }
const HundredsBoard& Hb(const State& s) { return s.hundreds(); }
HundredsBoard& Hb(State& s) { return s.mutable_hundreds(); }
int HuSeat(const State& s) { return s.SeatOf(kHundreds); }
bool InMood(const State& s, int mood) { return Hb(s).mood == mood; }

int TrackOf(int item) { return HundredsBoard::TrackOf(item); }
int TrackItems(const State& s, int track) { return Hb(s).TrackItems(track); }
int CommandValue(const State& s) { return Hb(s).Command(); }
int ProwessValue(const State& s) { return Hb(s).Prowess(); }

// Law 14.2.2: off the map the warlord waits in the supply, unless it was
// removed onto Coffin Makers. (A State rebuilt from a view may not know: a
// supply without warriors holds no warlord either.)
bool WarlordInSupply(const State& s) {
  return Hb(s).warlord < 0 && !Hb(s).warlord_on_coffins &&
         s.warrior_supply(kHundreds) > 0;
}
// The warlord leaves the map in a battle: it goes where the warriors removed
// with it went, the supply or Coffin Makers.
void WarlordFalls(State& s) {
  Hb(s).warlord = -1;
  Hb(s).warlord_on_coffins = CoffinMakersCatch(s, kHundreds);
}
// Warriors of the supply that are not the warlord.
int RegularSupply(const State& s) {
  return s.warrior_supply(kHundreds) - (WarlordInSupply(s) ? 1 : 0);
}

// Places up to n regular warriors (never the warlord, 14.2.2).
int PlaceRegular(State& s, int c, int n) {
  n = std::min(n, RegularSupply(s));
  if (c < 0 || n <= 0 || !s.CanPlace(kHundreds, c)) return 0;
  return s.PlaceWarriors(kHundreds, c, n);
}

// --- Ruins (read through the Vagabond boards, where the items live) ---------

// The board holding an item under the ruin in c, or nullptr.
VagabondBoard* RuinBoard(State& s, int c) {
  for (int f : {kVagabond, kVagabond2}) {
    if (s.vagabond(f).ruin_item[c] > 0) return &s.mutable_vagabond(f);
  }
  return nullptr;
}
bool RuinItemsPlaced(const State& s) {
  for (int f : {kVagabond, kVagabond2}) {
    for (int8_t v : s.vagabond(f).ruin_item) {
      if (v > 0) return true;
    }
  }
  return false;
}

// Law 14.3.3: the four "R" items randomly under the ruins, unless done.
void PlaceRuinItems(State& s) {
  if (RuinItemsPlaced(s)) return;
  VagabondBoard& vb = s.mutable_vagabond(kVagabond);
  std::vector<int8_t> items(kRuinItems.begin(), kRuinItems.end());
  for (int c = 0; c < s.map().num_clearings && !items.empty(); ++c) {
    if (!s.map().clearings[c].ruin) continue;
    const int i =
        s.chance_stream().Draw(kChancePick, static_cast<int>(items.size()));
    vb.ruin_item[c] = I8(items[i] + 1);
    ++vb.box[items[i]];
    items.erase(items.begin() + i);
  }
}

// --- The Hoard (Law 14.2.4) -------------------------------------------------

// Law 14.2.4.I: into the leftmost empty space of its track; a full track
// asks which item is removed permanently (for one VP). `from_ruin`: an "R"
// item razed from a ruin (9.7.3).
void GainToHoard(State& s, int item, bool from_ruin = false) {
  HundredsBoard& hb = Hb(s);
  const int track = TrackOf(item);
  if (track < 0) {  // no track holds it (a torch): it leaves the game
    ++hb.removed[item];
    return;
  }
  if (TrackItems(s, track) < kTrackSpaces) {
    ++hb.hoard[item];
    hb.ruin_hoard[item] += from_ruin;
    return;
  }
  CHECK_EQ(hb.pending_item, -1);
  hb.pending_item = I8(item);
  hb.pending_ruin = from_ruin;
  s.Push(Task{.kind = kHuItem, .seat = I8(HuSeat(s)), .step = 1});
}

// An item of `kind` leaves the Hoard. Items of a kind are alike but for the
// "R" mark (Law 9.7.3); the one leaving is the "R" one when there is one (a
// rules decision: it leaves the Hundreds free to raze that kind again).
void LeaveHoard(HundredsBoard& hb, int kind) {
  --hb.hoard[kind];
  if (hb.ruin_hoard[kind] > 0) --hb.ruin_hoard[kind];
}

// Task kHuItem: step 0 Contempt for Trade (14.2.3), step 1 a full track.
void ItemStep(State& s) {
  const Task& t = s.top();
  const HundredsBoard& hb = Hb(s);
  const int8_t item = hb.pending_item;
  std::vector<Option> opts = NewOptionList();
  if (t.step == 0) {
    opts.push_back({.kind = kOptAction, .a = kActTakeItem, .b = item});
    opts.push_back({.kind = kOptAction, .a = kActScoreItem, .b = item});
    s.Ask(kHuPromptContempt, t.seat, std::move(opts), item, hb.pending_vp);
    return;
  }
  opts.push_back({.kind = kOptItem, .a = item});
  for (int i = 0; i < kNumItems; ++i) {
    if (i != item && TrackOf(i) == TrackOf(item) && hb.hoard[i] > 0)
      opts.push_back({.kind = kOptItem, .a = I8(i)});
  }
  s.Ask(kHuPromptOverflow, t.seat, std::move(opts), item);
}

void ItemChoose(State& s, const Option& o) {
  const Task t = s.top();
  s.Pop();
  HundredsBoard& hb = Hb(s);
  const int item = hb.pending_item;
  hb.pending_item = -1;
  if (t.step == 0) {
    if (o.a == kActTakeItem) {
      GainToHoard(s, item);  // no VP (14.2.3)
    } else {
      ++hb.removed[item];
      s.AddVp(t.seat, hb.pending_vp, kVpItem);
    }
    hb.pending_vp = 0;
    return;
  }
  const bool from_ruin = hb.pending_ruin;
  hb.pending_ruin = false;
  ++hb.removed[o.a];
  if (o.a != item) {
    LeaveHoard(hb, o.a);
    ++hb.hoard[item];
    hb.ruin_hoard[item] += from_ruin;
  }
  s.AddVp(t.seat, 1, kVpHoard);
}

// --- Setup (Law 14.3) -------------------------------------------------------

// Law 14.3.2: a corner that is no other player's starting corner and, if
// possible, diagonally opposite one. The factions set up before the Hundreds
// (5.1.7) mark theirs with a building or a token: the keep, a roost, a
// garden, the Duchy's tunnel (12.3.3).
std::vector<Option> GarrisonCorners(const State& s) {
  const MapDef& m = s.map();
  std::vector<bool> start(m.num_clearings, false);
  for (int c = 0; c < m.num_clearings; ++c) {
    if (!m.clearings[c].corner) continue;
    start[c] = c == s.marquise().keep;
    for (int p = 1; p < kNumPieces; ++p) {
      const int owner = GetPieceInfo(p).owner;
      if (owner != kHundreds && owner != kNoFaction &&
          s.clearing(c).pieces[p] > 0)
        start[c] = true;
    }
  }
  std::vector<Option> all, opposite;
  for (int c = 0; c < m.num_clearings; ++c) {
    if (!m.clearings[c].corner || start[c] || !s.CanPlace(kHundreds, c) ||
        s.OpenSlots(c) <= 0)
      continue;
    all.push_back({.kind = kOptClearing, .a = I8(c)});
    const int opp = m.OppositeCorner(c);
    if (opp >= 0 && start[opp]) opposite.push_back(all.back());
  }
  return opposite.empty() ? all : opposite;
}

void SetupStep(State& s) {
  if (SetupCards(s)) {
    // Law 19.8.3: the Hundreds' card, a homeland on the map edge with two
    // or more clearings between it and enemy homelands (19.8.3.II).
    s.Ask(kPromptHomeland, s.top().seat,
          CardHomelandOptions(s, kHundreds, true, true,
                              HomelandRule::kTwoBetween));
    return;
  }
  std::vector<Option> opts = GarrisonCorners(s);
  if (opts.empty()) {  // no free corner at all: any clearing with a slot
    for (int c = 0; c < s.map().num_clearings; ++c) {
      if (s.CanPlace(kHundreds, c) && s.OpenSlots(c) > 0)
        opts.push_back({.kind = kOptClearing, .a = I8(c)});
    }
  }
  s.Ask(kHuPromptCorner, s.top().seat, std::move(opts));
}

void SetupChoose(State& s, const Option& o) {
  s.Pop();
  HundredsBoard& hb = Hb(s);
  if (SetupCards(s)) AddHomeland(s, kHundreds, o.a);
  CHECK(s.PlacePiece(kStronghold, o.a));
  hb.warlord = o.a;  // first: the warlord is placed here (14.2.2)
  s.PlaceWarriors(kHundreds, o.a, kGarrison + 1);  // 14.3.2: + the warlord
  PlaceRuinItems(s);                               // 14.3.3
  hb.mood = kMoodStubborn;                         // 14.3.4
}

void NoChoice(State&, const Option&) { CHECK(false); }

// --- Mobs -------------------------------------------------------------------

bool HasMob(const State& s, int c) { return s.clearing(c).pieces[kMob] > 0; }

// A matching clearing with no mob, adjacent to a clearing with a mob
// (14.4.1, 14.7.3).
std::vector<Option> MobSpreadTargets(const State& s, int suit) {
  std::vector<Option> opts = NewOptionList();
  if (s.piece_supply(kMob) == 0) return opts;
  const MapDef& m = s.map();
  for (int c = 0; c < m.num_clearings; ++c) {
    if (!s.ClearingIs(c, suit) || HasMob(s, c) || !s.CanPlace(kHundreds, c))
      continue;
    for (int x = 0; x < m.num_clearings; ++x) {
      if (HasMob(s, x) && s.Adjacent(c, x)) {
        opts.push_back({.kind = kOptClearing, .a = I8(c)});
        break;
      }
    }
  }
  return opts;
}

// The mob die: one of the three clearing suits.
int RollMobDie(State& s) {
  return s.chance_stream().Draw(kChanceDie, kNumClearingSuits);
}

// Task kHuMobPlace: a = suit rolled, b = Jubilant rolls left (-1: the raze
// roll of 14.4.1). Step 0 asks whether to roll (Jubilant), step 1 where.
void MobPlaceStep(State& s) {
  Task& t = s.top();
  if (t.step == 0) {
    if (t.b <= 0 || s.piece_supply(kMob) == 0) {
      s.Pop();
      return;
    }
    s.Ask(kHuPromptJubilant, t.seat,
          {{.kind = kOptAction, .a = kActRoll}, {.kind = kOptDone}}, t.b);
    return;
  }
  std::vector<Option> opts = MobSpreadTargets(s, t.a);
  if (opts.empty()) {
    if (t.b < 0) {
      s.Pop();
    } else {
      t.step = 0;
    }
    return;
  }
  s.Ask(t.b < 0 ? kHuPromptRazeMob : kHuPromptJubilantMob, t.seat,
        std::move(opts), t.a);
}

void MobPlaceChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (o.kind == kOptDone) {
    s.Pop();
  } else if (o.kind == kOptAction) {  // Jubilant: roll
    --t.b;
    t.a = I8(RollMobDie(s));
    t.step = 1;
  } else if (t.b < 0) {
    s.Pop();
    s.PlacePiece(kMob, o.a);
  } else {
    t.step = 0;
    s.PlacePiece(kMob, o.a);
  }
}

// The kinds of item under the ruin in c that the Hundreds may take: with
// two Vagabonds a ruin holds two (9.7.1), and no "R" item of a kind the
// Hoard holds from a ruin may be taken (9.7.3).
std::vector<Option> RuinChoices(const State& s, int c) {
  std::vector<Option> opts = NewOptionList();
  for (int f : {kVagabond, kVagabond2}) {
    const int kind = s.vagabond(f).ruin_item[c] - 1;
    if (kind < 0 || Hb(s).ruin_hoard[kind] > 0) continue;
    if (std::none_of(opts.begin(), opts.end(),
                     [&](const Option& o) { return o.a == kind; })) {
      opts.push_back({.kind = kOptItem, .a = I8(kind)});
    }
  }
  return opts;
}

// Law 14.4.1: the item of `kind` taken from the ruin in c into the Hoard;
// the ruin goes with its last item.
void TakeRuinItem(State& s, int c, int kind) {
  for (int f : {kVagabond, kVagabond2}) {
    VagabondBoard& vb = s.mutable_vagabond(f);
    if (vb.ruin_item[c] != kind + 1) continue;
    vb.ruin_item[c] = 0;
    break;
  }
  if (RuinBoard(s, c) == nullptr) s.SetPieces(kRuin, c, 0);
  GainToHoard(s, kind, /*from_ruin=*/true);
}

// Law 14.4.1: remove every enemy building and token in c; take an item from
// the ruin (the ruin goes with its last item).
void Raze(State& s, int c) {
  const size_t mark = s.BeginSimultaneous();
  for (int o = 0; o < s.num_seats(); ++o) {
    const int f = s.seat(o).faction;
    if (!s.AreEnemies(kHundreds, f)) continue;
    std::array<int8_t, kNumPieces> pieces{};
    bool any = false;
    for (int p = 1; p < kNumPieces; ++p) {
      if (GetPieceInfo(p).owner != f) continue;
      pieces[p] = s.clearing(c).pieces[p];
      any |= pieces[p] > 0;
    }
    if (any) s.RemovePieces(f, c, 0, pieces, kHundreds);
  }
  RemoveEnemyHirelingsFor(s, c, kHundreds, true);  // vaults (Law 22.3.2)
  s.EndSimultaneous(mark);
  std::vector<Option> opts = RuinChoices(s, c);
  if (opts.size() == 1) {
    TakeRuinItem(s, c, opts[0].a);
  } else if (opts.size() > 1) {  // Law 9.7.3: they look at both, take one
    Task t{.kind = kHuRuinItem, .seat = I8(HuSeat(s))};
    t.a = I8(c);
    s.Push(t);
  }
  RecycleOptionList(std::move(opts));
}

// Task kHuRuinItem (a = the clearing): which of the ruin's items is taken.
void RuinItemStep(State& s) {
  const Task& t = s.top();
  s.Ask(kHuPromptRuinItem, t.seat, RuinChoices(s, t.a), t.a);
}

void RuinItemChoose(State& s, const Option& o) {
  const int c = s.top().a;
  s.Pop();
  TakeRuinItem(s, c, o.a);
}

// --- Birdsong (Law 14.4) ----------------------------------------------------

enum BirdsongStage : int8_t {
  kBsRaze = 0,
  kBsSpread,
  kBsRecruit,
  kBsRecruitChoice,
  kBsAnoint,
  kBsMood,
  kBsLavish,
  kBsDone,
};

std::vector<Option> AnointTargets(const State& s) {
  std::vector<Option> with, any;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (!s.CanPlace(kHundreds, c)) continue;
    any.push_back({.kind = kOptClearing, .a = I8(c)});
    if (s.clearing(c).warriors[kHundreds] > 0) with.push_back(any.back());
  }
  return with.empty() ? any : with;
}

// Law 14.4.4: a different mood that shows no item in the Hoard.
std::vector<Option> MoodChoices(const State& s) {
  std::vector<Option> opts = NewOptionList();
  for (int m = 0; m < kNumMoods; ++m) {
    if (m == Hb(s).mood) continue;
    if (kMoodItem[m] >= 0 && Hb(s).hoard[kMoodItem[m]] > 0) continue;
    opts.push_back({.kind = kOptAction, .a = kActMood, .b = I8(m)});
  }
  return opts;
}

// Law 14.4.2: Prowess warriors at the warlord, then one per stronghold (the
// Hundreds choose which strongholds go without when warriors run short).
void Recruit(State& s, Task& t) {
  HundredsBoard& hb = Hb(s);
  PlaceRegular(s, hb.warlord, ProwessValue(s));
  int needed = 0;
  hb.quota = {};
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (!s.CanPlace(kHundreds, c)) continue;
    hb.quota[c] = s.clearing(c).pieces[kStronghold];
    needed += hb.quota[c];
  }
  if (needed <= RegularSupply(s)) {
    for (int c = 0; c < s.map().num_clearings; ++c) {
      PlaceRegular(s, c, hb.quota[c]);
    }
    hb.quota = {};
    t.step = kBsAnoint;
  } else {
    t.step = kBsRecruitChoice;
  }
}

void BirdsongStep(State& s) {
  Task& t = s.top();
  const int seat = t.seat;
  switch (t.step) {
    case kBsRaze:
      for (int c = std::max<int>(0, t.x); c < s.map().num_clearings; ++c) {
        if (!HasMob(s, c)) continue;
        t.x = I8(c + 1);
        Raze(s, c);
        return;
      }
      t.step = kBsSpread;
      return;
    case kBsSpread: {
      t.step = kBsRecruit;
      bool any = false;
      for (int c = 0; c < s.map().num_clearings; ++c) any |= HasMob(s, c);
      if (!any || s.piece_supply(kMob) == 0) return;
      Task m{.kind = kHuMobPlace, .seat = I8(seat), .step = 1};
      m.a = I8(RollMobDie(s));
      m.b = -1;
      s.Push(m);
      return;
    }
    case kBsRecruit:
      Recruit(s, t);
      return;
    case kBsRecruitChoice: {
      std::vector<Option> opts = NewOptionList();
      if (RegularSupply(s) > 0) {
        for (int c = 0; c < s.map().num_clearings; ++c) {
          if (Hb(s).quota[c] > 0)
            opts.push_back({.kind = kOptClearing, .a = I8(c)});
        }
      }
      if (opts.empty()) {
        Hb(s).quota = {};
        t.step = kBsAnoint;
        return;
      }
      s.Ask(kHuPromptRecruit, seat, std::move(opts));
      return;
    }
    case kBsAnoint:
      // 14.4.3 places the warlord from the supply or from Coffin Makers
      // (a rules decision: Anoint names no source).
      if (!(WarlordInSupply(s) || Hb(s).warlord_on_coffins) ||
          AnointTargets(s).empty()) {
        t.step = kBsMood;
        return;
      }
      s.Ask(kHuPromptAnoint, seat, AnointTargets(s));
      return;
    case kBsMood: {
      std::vector<Option> opts = MoodChoices(s);
      if (opts.empty()) {  // 14.4.4: Lavish with no other choice stays
        t.step = kBsLavish;
        return;
      }
      s.Ask(kHuPromptMood, seat, std::move(opts));
      return;
    }
    case kBsLavish:
      t.step = kBsDone;
      if (InMood(s, kMoodLavish))
        s.Push(Task{.kind = kHuLavish, .seat = I8(seat)});
      return;
    default:
      s.Pop();
  }
}

void BirdsongChoose(State& s, const Option& o) {
  Task& t = s.top();
  HundredsBoard& hb = Hb(s);
  switch (t.step) {
    case kBsRecruitChoice:
      --hb.quota[o.a];
      PlaceRegular(s, o.a, 1);
      return;
    case kBsAnoint:
      // 14.4.3: replace a warrior there with the warlord, else place it
      // (named first: the supply's warlord is placed only so, 14.2.2).
      hb.warlord = o.a;
      if (s.clearing(o.a).warriors[kHundreds] == 0) {
        if (hb.warlord_on_coffins) {  // off the card, through the supply
          --s.mutable_exiles().coffins[kHundreds];
          s.SetWarriorSupply(kHundreds, s.warrior_supply(kHundreds) + 1);
        }
        s.PlaceWarriors(kHundreds, o.a, 1);
      }
      // Replacing a warrior with it leaves the card's count as it was: the
      // warrior replaced goes onto the card in its place.
      hb.warlord_on_coffins = false;
      t.step = kBsMood;
      return;
    case kBsMood:
      hb.mood = o.b;
      t.step = kBsLavish;
      return;
  }
  CHECK(false) << "bad Hundreds Birdsong choice";
}

// Law 14.7.4: remove Hoard items, two warriors at the warlord for each.
void LavishStep(State& s) {
  std::vector<Option> opts = NewOptionList();
  for (int i = 0; i < kNumItems; ++i) {
    if (Hb(s).hoard[i] > 0) opts.push_back({.kind = kOptItem, .a = I8(i)});
  }
  s.AskWithDoneOrPop(kHuPromptLavish, s.top().seat, std::move(opts));
}

void LavishChoose(State& s, const Option& o) {
  if (o.kind == kOptDone) {
    s.Pop();
    return;
  }
  HundredsBoard& hb = Hb(s);
  LeaveHoard(hb, o.a);
  ++hb.removed[o.a];
  PlaceRegular(s, hb.warlord, kLavishWarriors);
}

// --- Daylight (Law 14.5) ----------------------------------------------------

// Law 14.5.2.III: a matching clearing you rule, with an open slot.
std::vector<Option> BuildTargets(const State& s, int seat) {
  std::vector<Option> opts = NewOptionList();
  if (s.piece_supply(kStronghold) == 0) return opts;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (s.Rules(kHundreds, c) && s.OpenSlots(c) > 0 &&
        s.CanPlace(kHundreds, c) && AnyMatchingCard(s, seat, MatchSuitOf(s, c)))
      opts.push_back({.kind = kOptClearing, .a = I8(c)});
  }
  return opts;
}

// Law 14.6.1: a matching clearing with no mob but a Hundreds warrior.
std::vector<Option> InciteTargets(const State& s, int seat) {
  std::vector<Option> opts = NewOptionList();
  if (s.piece_supply(kMob) == 0) return opts;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (!HasMob(s, c) && s.clearing(c).warriors[kHundreds] > 0 &&
        s.CanPlace(kHundreds, c) && AnyMatchingCard(s, seat, MatchSuitOf(s, c)))
      opts.push_back({.kind = kOptClearing, .a = I8(c)});
  }
  return opts;
}

void DaylightStep(State& s) {
  Task& t = s.top();
  const int seat = t.seat;
  // 14.5: craft, command, advance; Grandiose swaps the last two (14.7.2).
  const bool grandiose = InMood(s, kMoodGrandiose);
  switch (t.step++) {
    case 0:
      PushCraft(s, seat);
      return;
    case 1:
    case 2: {
      const bool command = (t.step == 2) != grandiose;
      Task next{.kind = static_cast<uint8_t>(command ? kHuCommand : kHuAdvance),
                .seat = I8(seat)};
      next.a = 0;
      s.Push(next);
      return;
    }
    default:
      s.Pop();
  }
}

// Task kHuCommand: a = actions taken (14.5.2: up to your Command).
void CommandStep(State& s) {
  const Task& t = s.top();
  const int seat = t.seat;
  const int left = CommandValue(s) - t.a;
  std::vector<Option> opts = NewOptionList();
  if (left > 0) {
    if (AnyLegalMove(s, kHundreds, -1))
      opts.push_back({.kind = kOptAction, .a = kActMove});
    if (AnyLegalBattle(s, kHundreds, -1))
      opts.push_back({.kind = kOptAction, .a = kActBattle});
    if (!BuildTargets(s, seat).empty())
      opts.push_back({.kind = kOptAction, .a = kActBuild});
  }
  AppendDaylightExtras(s, seat, opts);
  s.AskWithDoneOrPop(kHuPromptCommand, seat, std::move(opts),
                     std::max(0, left));
}

void CommandChoose(State& s, const Option& o) {
  Task& t = s.top();
  const int seat = t.seat;
  if (o.kind == kOptDone) {
    s.Pop();
    return;
  }
  if (o.kind == kOptExtra) {
    ResolveDaylightExtra(s, seat, o);
    return;
  }
  ++t.a;
  switch (o.a) {
    case kActMove:
      s.Push(Task{.kind = kHuMove, .seat = I8(seat), .a = 0});
      return;
    case kActBattle:
      PushBattleChoice(s, seat, -1, false);
      return;
    case kActBuild: {
      Task b{.kind = kHuPlaceByCard, .seat = I8(seat)};
      b.b = kStronghold;
      s.Push(b);
      return;
    }
  }
}

// Task kHuPlaceByCard: b = piece (stronghold: build; mob: incite), c = the
// clearing once chosen (step 1: spend a matching card).
void PlaceByCardStep(State& s) {
  const Task& t = s.top();
  if (t.step == 0) {
    s.Ask(kHuPromptBuildWhere, t.seat, BuildTargets(s, t.seat));
    return;
  }
  s.Ask(t.b == kStronghold ? kHuPromptBuildCard : kHuPromptInciteCard, t.seat,
        MatchingCardsIn(s, t.seat, t.c), t.c);
}

void PlaceByCardChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (t.step == 0) {
    t.c = o.a;
    t.step = 1;
    return;
  }
  const Task done = t;
  s.Pop();
  s.RemoveFromHand(done.seat, o.card);
  s.Discard(o.card);
  CHECK(s.PlacePiece(done.b, done.c));
  // 14.7.3 Jubilant: inciting at the warlord spreads up to four more mobs.
  if (done.b == kMob && done.c == Hb(s).warlord && InMood(s, kMoodJubilant)) {
    Task j{.kind = kHuMobPlace, .seat = done.seat, .step = 0};
    j.b = kJubilantRolls;
    s.Push(j);
  }
}

// Task kHuMove: a = 0 any move (14.5.2.I), 1 the warlord's move (14.5.3).
// Step 1 (x = from, y = to) asks how many warriors, and whether the warlord
// goes along.
void MoveStep(State& s) {
  const Task& t = s.top();
  const int lord = Hb(s).warlord;
  if (t.step == 0) {
    std::vector<Option> opts = NewOptionList();
    for (const Option& o : LegalMoves(s, kHundreds, -1)) {
      if (t.a == 0 || o.a == lord) opts.push_back(o);
    }
    if (opts.empty()) {
      RecycleOptionList(std::move(opts));
      s.Pop();
      return;
    }
    s.Ask(kHuPromptMove, t.seat, std::move(opts));
    return;
  }
  const int total = s.clearing(t.x).warriors[kHundreds];
  const bool with_lord = lord == t.x;
  std::vector<Option> opts = NewOptionList();
  if (t.a == 0) {
    for (int n = 1; n <= total - (with_lord ? 1 : 0); ++n)
      opts.push_back({.kind = kOptAction, .a = kActMoveCount, .b = I8(n)});
  }
  if (with_lord) {
    for (int n = 0; n < total; ++n)
      opts.push_back({.kind = kOptAction, .a = kActMoveWarlord, .b = I8(n)});
  }
  s.Ask(kHuPromptMoveCount, t.seat, std::move(opts), t.x, t.y);
}

void MoveChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (t.step == 0) {
    t.x = o.a;
    t.y = o.b;
    t.step = 1;
    return;
  }
  const int from = t.x, to = t.y, seat = t.seat;
  s.Pop();
  int n = o.b;
  if (o.a == kActMoveWarlord) {
    Hb(s).warlord = I8(to);
    ++n;
  }
  const bool ferry = IsFerryCrossing(s, from, to);  // Law 25.3.5
  s.MoveWarriors(kHundreds, from, to, n);
  if (ferry) FerryCrossed(s, seat, to);
}

void PushWarlordMove(State& s, int seat, int from, int to) {
  Task m{.kind = kHuMove, .seat = I8(seat), .step = 1, .a = 1};
  m.x = I8(from);
  m.y = I8(to);
  s.Push(m);
}

std::vector<Option> WarlordMoves(const State& s) {
  std::vector<Option> opts = NewOptionList();
  for (const Option& o : LegalMoves(s, kHundreds, -1)) {
    if (o.a == Hb(s).warlord) opts.push_back(o);
  }
  return opts;
}
std::vector<Option> WarlordBattles(const State& s) {
  std::vector<Option> opts = NewOptionList();
  for (const Option& o : LegalBattles(s, kHundreds, -1)) {
    if (o.a == Hb(s).warlord) opts.push_back(o);
  }
  return opts;
}

// Task kHuAdvance (14.5.3): a = actions taken (up to your Prowess). Step 0
// starts an action (move the warlord, or battle at once), step 1 follows a
// move (battle or not), step 2 is Relentless's extra move or battle (14.7.5).
void AdvanceStep(State& s) {
  Task& t = s.top();
  if (Hb(s).warlord < 0 || (t.step == 0 && t.a >= ProwessValue(s))) {
    s.Pop();
    return;
  }
  std::vector<Option> opts = NewOptionList();
  if (t.step != 1) opts = WarlordMoves(s);
  for (const Option& o : WarlordBattles(s)) opts.push_back(o);
  if (opts.empty()) {
    if (t.step == 0) {
      s.Pop();
    } else {
      if (t.step == 1) ++t.a;
      t.step = 0;
    }
    return;
  }
  opts.push_back({.kind = kOptDone});
  const int kinds[] = {kHuPromptAdvance, kHuPromptAdvanceBattle,
                       kHuPromptRelentless};
  s.Ask(kinds[t.step], t.seat, std::move(opts), ProwessValue(s) - t.a);
}

void AdvanceChoose(State& s, const Option& o) {
  Task& t = s.top();
  const int seat = t.seat;
  const int step = t.step;
  if (o.kind == kOptDone) {
    if (step == 0) {
      s.Pop();
      return;
    }
    if (step == 1) ++t.a;
    t.step = 0;
    return;
  }
  if (o.kind == kOptMove) {
    t.step = step == 0 ? 1 : 0;
    PushWarlordMove(s, seat, o.a, o.b);
    return;
  }
  // A battle: ends the action, unless Relentless follows a move and battle.
  if (step == 0) {
    ++t.a;
  } else if (step == 1) {
    ++t.a;
    if (InMood(s, kMoodRelentless))
      t.step = 2;
    else
      t.step = 0;
  } else {
    t.step = 0;
  }
  PushBattle(s, o.a, kHundreds, o.b);
}

// --- Evening (Law 14.6) -----------------------------------------------------

// Riverfolk warriors hired by the Hundreds this turn in c: no longer enemy
// pieces (Law 11.2.7.III, FAQ on 14.6.2).
int HiredMercenaries(const State& s, int c) {
  if (s.SeatOf(kRiverfolk) < 0) return 0;
  return GetFaction(kRiverfolk)->MercenariesFor(s, kHundreds, c, kNoFaction);
}

// Enemy pieces in c: warriors, buildings, tokens and pawns of the enemy
// players but hired mercenaries, and the pieces of enemy hirelings
// (Law 22.3.2).
int EnemyPieces(const State& s, int c) {
  int n = 0;
  for (int o = 0; o < s.num_seats(); ++o) {
    const int f = s.seat(o).faction;
    if (!s.AreEnemies(kHundreds, f) || !s.HasPieces(f, c)) continue;
    n += s.clearing(c).warriors[f];
    if (GetFaction(f)->PawnIn(s, c)) ++n;
    for (int p = 1; p < kNumPieces; ++p) {
      if (GetPieceInfo(p).owner == f) n += s.clearing(c).pieces[p];
    }
  }
  n -= HiredMercenaries(s, c);
  for (int h : EnemyHirelingTargets(s, kHundreds, c, false)) {
    const HirelingCard& card = s.hirelings().cards[HirelingTargetCard(h)];
    n += card.warriors[c] + card.vaults[c];
  }
  return n;
}

// Law 14.6.2: clearings ruled with a Hundreds piece and no enemy piece.
int Oppressed(const State& s) {
  int n = 0;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (s.Rules(kHundreds, c) && s.HasPieces(kHundreds, c) &&
        EnemyPieces(s, c) == 0)
      ++n;
  }
  return n;
}

void EveningStep(State& s) {
  Task& t = s.top();
  const int seat = t.seat;
  if (t.step == 0) {
    std::vector<Option> opts = InciteTargets(s, seat);
    if (opts.empty()) {
      t.step = 1;
      return;
    }
    opts.push_back({.kind = kOptDone});
    s.Ask(kHuPromptIncite, seat, std::move(opts));
    return;
  }
  s.Pop();
  const int oppressed = std::min<int>(Oppressed(s), kOppressVp.size() - 1);
  if (kOppressVp[oppressed] > 0)
    s.AddVp(seat, kOppressVp[oppressed], kVpOppress);  // 14.6.2
  int draw = 1;                                        // 14.6.3
  if (InMood(s, kMoodRowdy)) {                         // 14.7.6
    const int lord = Hb(s).warlord;
    draw += lord >= 0 && EnemyPieces(s, lord) >= 3 ? 2 : 1;
  }
  s.DrawCards(seat, draw);
  PushDiscardDown(s, seat, kHandLimit, kHuPromptDiscard);
}

void EveningChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (o.kind == kOptDone) {
    t.step = 1;
    return;
  }
  Task inc{.kind = kHuPlaceByCard, .seat = t.seat, .step = 1};
  inc.b = kMob;
  inc.c = o.a;
  s.Push(inc);
}

// --- Battle (Looters 14.2.5, Bitter 14.7.1, the warlord's fall) -------------

bool Lootable(const State& s, int defender) {
  if (defender == kVagabond || defender == kVagabond2) return false;
  for (int8_t n : s.seat(s.SeatOf(defender)).items) {
    if (n > 0) return true;
  }
  return false;
}

// Task kHuLoot: step 0 declares (a = defender), step 1 takes an item from
// the defender (a) after the battle.
void LootStep(State& s) {
  const Task& t = s.top();
  std::vector<Option> opts = NewOptionList();
  if (t.step == 0) {
    opts.push_back({.kind = kOptAction, .a = kActLoot, .b = t.a});
    opts.push_back({.kind = kOptAction, .a = kActNoLoot, .b = t.a});
    s.Ask(kHuPromptLoot, t.seat, std::move(opts), t.a);
    return;
  }
  const auto& items = s.seat(s.SeatOf(t.a)).items;
  for (int i = 0; i < kNumItems; ++i) {
    if (items[i] > 0) opts.push_back({.kind = kOptItem, .a = I8(i)});
  }
  s.Ask(kHuPromptLootItem, t.seat, std::move(opts), t.a);
}

void LootChoose(State& s, const Option& o) {
  const Task t = s.top();
  s.Pop();
  if (t.step == 0) {
    if (o.a == kActLoot) {
      Hb(s).loot_clearing = s.battle().clearing;
      Hb(s).loot_target = t.a;
    }
    return;
  }
  --s.mutable_seat(s.SeatOf(t.a)).items[o.a];
  GainToHoard(s, o.a);
}

// FAQ on 14.2.2: a hit removing a warrior in the warlord's clearing may
// remove the warlord (the Hundreds choose). a = clearing.
void WarlordHitStep(State& s) {
  const Task& t = s.top();
  if (Hb(s).warlord != t.a || s.clearing(t.a).warriors[kHundreds] == 0) {
    s.Pop();
    return;
  }
  s.Ask(kHuPromptWarlordHit, t.seat,
        {{.kind = kOptAction, .a = kActKeepWarlord},
         {.kind = kOptAction, .a = kActLoseWarlord}},
        t.a);
}

void WarlordHitChoose(State& s, const Option& o) {
  s.Pop();
  // The count on the map is the same either way: one of the warriors left
  // is now a plain warrior, and the warlord is in the supply.
  if (o.a == kActLoseWarlord) WarlordFalls(s);
}

// Law 14.7.1: mobs at or next to the warlord's battle become warriors there.
std::vector<Option> BitterMobs(const State& s) {
  std::vector<Option> opts = NewOptionList();
  const int c = Hb(s).warlord;
  if (c < 0 || !s.CanPlace(kHundreds, c)) return opts;
  for (int x = 0; x < s.map().num_clearings; ++x) {
    if (HasMob(s, x) && (x == c || s.Adjacent(c, x)))
      opts.push_back({.kind = kOptClearing, .a = I8(x)});
  }
  return opts;
}

void BitterStep(State& s) {
  std::vector<Option> opts = BitterMobs(s);
  s.AskWithDoneOrPop(kHuPromptBitter, s.top().seat, std::move(opts),
                     Hb(s).warlord);
}

void BitterChoose(State& s, const Option& o) {
  if (o.kind == kOptDone) {
    s.Pop();
    return;
  }
  std::array<int8_t, kNumPieces> mob{};
  mob[kMob] = 1;
  s.RemovePieces(kHundreds, o.a, 0, mob, kHundreds);
  PlaceRegular(s, Hb(s).warlord, 1);
}

bool BattleAtWarlord(const State& s) {
  return Hb(s).warlord >= 0 && s.battle().clearing == Hb(s).warlord;
}

class Hundreds : public FactionModule {
 public:
  int faction() const override { return kHundreds; }
  int warriors() const override { return kWarriors; }
  std::array<int8_t, kNumPieces> pieces() const override {
    std::array<int8_t, kNumPieces> p{};
    p[kStronghold] = kStrongholds;
    p[kMob] = kMobs;
    return p;
  }
  void PushSetup(State& s, int seat) const override {
    s.Push(Task{.kind = kHuSetup, .seat = I8(seat)});
  }
  void PushBirdsong(State& s, int seat) const override {
    s.Push(Task{.kind = kHuBirdsong, .seat = I8(seat)});
  }
  void PushDaylight(State& s, int seat) const override {
    s.Push(Task{.kind = kHuDaylight, .seat = I8(seat)});
  }
  void PushEvening(State& s, int seat) const override {
    s.Push(Task{.kind = kHuEvening, .seat = I8(seat)});
  }
  std::string ActionLabel(const State& s, const Option& o) const override;

  // 14.2.1: strongholds are the crafting pieces.
  int CraftingPiecesIn(const State& s, int c) const override {
    return s.clearing(c).pieces[kStronghold];
  }
  bool CraftItem(State& s, int seat, CardId id) const override {
    // 14.2.3: the item waits on Contempt for Trade.
    const CardDef& c = s.card(id);
    s.mutable_item_supply()[c.item] -= 1;
    HundredsBoard& hb = Hb(s);
    CHECK_EQ(hb.pending_item, -1);
    hb.pending_item = c.item;
    hb.pending_vp = c.vp;
    s.Push(Task{.kind = kHuItem, .seat = I8(seat), .step = 0});
    return true;
  }
  void GainItem(State& s, int seat, int item) const override {
    GainToHoard(s, item);  // 14.2.4: the Hoard, not Crafted Items
  }
  int ProtectedWarriors(const State& s, int c) const override {
    return Hb(s).warlord == c ? 1 : 0;  // 14.2.2
  }
  int ReservedWarriors(const State& s) const override {
    return WarlordInSupply(s) ? 1 : 0;  // 14.2.2
  }
  void RemoveAllPieces(State& s, int c, int remover) const override {
    // 14.2.2 (FAQ on Favors): everything but the warlord.
    std::array<int8_t, kNumPieces> pieces{};
    pieces[kStronghold] = s.clearing(c).pieces[kStronghold];
    pieces[kMob] = s.clearing(c).pieces[kMob];
    const int warriors =
        s.clearing(c).warriors[kHundreds] - ProtectedWarriors(s, c);
    if (warriors > 0 || pieces[kStronghold] > 0 || pieces[kMob] > 0)
      s.RemovePieces(kHundreds, c, warriors, pieces, remover);
  }
  void OnWarriorsRemoved(State& s, int c, int n, int remover) const override {
    HundredsBoard& hb = Hb(s);
    if (hb.warlord != c) return;
    const BattleState& b = s.battle();
    // In a battle there (also as the Vagabond's ally, 9.2.9.II.c). Law
    // 14.2.2: a hireling's battle is one too; its state names only the
    // defender (the attacker is no faction).
    const bool battle = b.clearing == c &&
                        (b.attacker != kNoFaction || b.defender != kNoFaction);
    if (s.clearing(c).warriors[kHundreds] == 0) {
      if (battle) {
        WarlordFalls(s);  // it fell with the last of them
      } else {
        s.PlaceWarriors(kHundreds, c, 1);  // 14.2.2: not outside battle
      }
      return;
    }
    if (battle) {
      Task t{.kind = kHuWarlordHit, .seat = I8(HuSeat(s))};
      t.a = I8(c);
      s.Push(t);
    }
  }
  void OnWarriorsMoved(State& s, int mover, int from, int to, int n,
                       int moved_by) const override {
    HundredsBoard& hb = Hb(s);
    if (mover != kHundreds || from != hb.warlord ||
        s.clearing(from).warriors[kHundreds] > 0)
      return;
    if (s.current_seat() == HuSeat(s) && s.phase() != kPhaseSetup) {
      hb.warlord = I8(to);  // every warrior went, the warlord too
    } else {
      s.MoveWarriors(kHundreds, to, from, 1, moved_by);  // 14.2.2: it stays
    }
  }
  void OnBattleStart(State& s) const override {
    const BattleState& b = s.battle();
    Hb(s).stubborn_used = false;
    if (b.attacker == kHundreds && Lootable(s, b.defender)) {
      Task t{.kind = kHuLoot, .seat = I8(HuSeat(s))};  // 14.2.5, FAQ: first
      t.a = b.defender;
      s.Push(t);
    }
  }
  void BeforeRoll(State& s) const override {
    const BattleState& b = s.battle();
    if (b.attacker != kHundreds && b.defender != kHundreds) return;
    if (InMood(s, kMoodBitter) && BattleAtWarlord(s) && !BitterMobs(s).empty())
      s.Push(Task{.kind = kHuBitter, .seat = I8(HuSeat(s))});
  }
  int RolledHitCap(const State& s, int c, bool attacker) const override {
    if (attacker && Hb(s).loot_clearing == c) return 0;  // 14.2.5
    return FactionModule::RolledHitCap(s, c, attacker);
  }
  int AttackerExtraHits(const State& s) const override {
    return InMood(s, kMoodWrathful) && BattleAtWarlord(s) ? 1 : 0;  // 14.7.8
  }
  int HitsToTake(State& s, int hits) const override {
    HundredsBoard& hb = Hb(s);
    // Law 14.7.7: a battle against a hireling (no defending player) takes
    // hits once, so its first hit is always the first; Stubborn does not
    // combine with the Badger Bodyguards' first hit.
    if (s.battle().defender == kNoFaction) hb.stubborn_used = false;
    if (hits > 0 && InMood(s, kMoodStubborn) && BattleAtWarlord(s) &&
        !hb.stubborn_used &&
        !s.hirelings().Controls(kHundreds, kHirelingVaultKeepers, true)) {
      hb.stubborn_used = true;  // 14.7.7
      return hits - 1;
    }
    return hits;
  }
  void AfterBattle(State& s, bool) const override {
    HundredsBoard& hb = Hb(s);
    const int c = hb.loot_clearing, target = hb.loot_target;
    hb.loot_clearing = hb.loot_target = -1;
    if (c < 0 || !s.Rules(kHundreds, c) || !Lootable(s, target)) return;
    Task t{.kind = kHuLoot, .seat = I8(HuSeat(s)), .step = 1};
    t.a = I8(target);
    s.Push(t);
  }
};

std::string CountText(int n) {
  return absl::StrCat(n, n == 1 ? " warrior" : " warriors");
}

std::string Hundreds::ActionLabel(const State& s, const Option& o) const {
  const Prompt& p = s.prompt();
  switch (o.a) {
    case kActMove:
      return "Move";
    case kActBattle:
      return "Battle";
    case kActBuild:
      return "Build a stronghold";
    case kActMoveCount:
      return absl::StrCat("Move ", CountText(o.b), " from ",
                          ClearingName(s, p.a), " to ", ClearingName(s, p.b));
    case kActMoveWarlord:
      return absl::StrCat("Move the warlord",
                          o.b > 0 ? absl::StrCat(" and ", CountText(o.b)) : "",
                          " from ", ClearingName(s, p.a), " to ",
                          ClearingName(s, p.b));
    case kActTakeItem:
      return absl::StrCat("Take the ", ItemName(o.b), " into the Hoard");
    case kActScoreItem:
      return absl::StrCat("Remove the ", ItemName(o.b), " and score ", int{p.b},
                          " VP");
    case kActLoot:
      return absl::StrCat("Loot ", FactionName(o.b));
    case kActNoLoot:
      return "Do not loot";
    case kActLoseWarlord:
      return "The warlord is removed";
    case kActKeepWarlord:
      return "The warlord stays";
    case kActRoll:
      return "Roll the mob die";
    case kActMood:
      return std::string(kMoodNames[o.b]);
  }
  return "?";
}

void RegisterPrompts() {
  auto reg = [](int kind, absl::string_view key, absl::string_view law,
                std::string (*text)(const State&, const Prompt&)) {
    RegisterPrompt(kind, PromptInfo{key, law, text});
  };
#define HU_TEXT(str) \
  [](const State&, const Prompt&) { return std::string(str); }
  reg(kHuPromptDiscard, "discard.hand_limit", "14.6.3", HandLimitText);
  reg(kHuPromptCorner, "hundreds.setup.corner", "14.3.2",
      HU_TEXT("Setup: place the warlord, four warriors and a stronghold in "
              "which corner?"));
  reg(kHuPromptRazeMob, "hundreds.raze.mob", "14.4.1",
      [](const State&, const Prompt& p) {
        return absl::StrCat("Raze: the mob die shows ", SuitName(p.a),
                            "; place a mob where?");
      });
  reg(kHuPromptJubilantMob, "hundreds.jubilant.mob", "14.7.3",
      [](const State&, const Prompt& p) {
        return absl::StrCat("Jubilant: the mob die shows ", SuitName(p.a),
                            "; place a mob where?");
      });
  reg(kHuPromptRecruit, "hundreds.recruit", "14.4.2",
      HU_TEXT("Recruit: too few warriors; which stronghold gets one?"));
  reg(kHuPromptAnoint, "hundreds.anoint", "14.4.3",
      HU_TEXT("Anoint: where does the new warlord rise?"));
  reg(kHuPromptMood, "hundreds.mood", "14.4.4",
      HU_TEXT("Choose a new mood (none showing an item in your Hoard)."));
  reg(kHuPromptLavish, "hundreds.lavish", "14.7.4",
      HU_TEXT("Lavish: remove an item from the Hoard for two warriors at "
              "the warlord, or finish."));
  reg(kHuPromptCommand, "hundreds.command", "14.5.2",
      [](const State&, const Prompt& p) {
        return absl::StrCat("Command the Hundreds (", int{p.a},
                            " left): move, battle or build, or finish.");
      });
  reg(kHuPromptBuildWhere, "hundreds.build", "14.5.2.III",
      HU_TEXT("Build a stronghold in which clearing you rule?"));
  reg(kHuPromptBuildCard, "hundreds.build.card", "14.5.2.III",
      HU_TEXT("Spend which matching card for the stronghold?"));
  reg(kHuPromptMove, "hundreds.move", "14.5.2.I",
      HU_TEXT("Choose a move: from which clearing to which adjacent one."));
  reg(kHuPromptMoveCount, "hundreds.move.count", "14.2.2",
      HU_TEXT("How many warriors move, and does the warlord go along?"));
  reg(kHuPromptAdvance, "hundreds.advance", "14.5.3",
      [](const State&, const Prompt& p) {
        return absl::StrCat("Advance the Warlord (", int{p.a},
                            " left): move the warlord, battle in its "
                            "clearing, or finish.");
      });
  reg(kHuPromptAdvanceBattle, "hundreds.advance.battle", "14.5.3",
      HU_TEXT("Advance the Warlord: battle in the warlord's clearing?"));
  reg(kHuPromptRelentless, "hundreds.relentless", "14.7.5",
      HU_TEXT("Relentless: move the warlord or battle once more?"));
  reg(kHuPromptIncite, "hundreds.incite", "14.6.1",
      HU_TEXT("Incite: place a mob in which clearing, or finish?"));
  reg(kHuPromptInciteCard, "hundreds.incite.card", "14.6.1",
      HU_TEXT("Spend which matching card to incite the mob?"));
  reg(kHuPromptJubilant, "hundreds.jubilant", "14.7.3",
      [](const State&, const Prompt& p) {
        return absl::StrCat("Jubilant: roll the mob die (", int{p.a},
                            " rolls left)?");
      });
  reg(kHuPromptContempt, "hundreds.contempt_for_trade", "14.2.3",
      HU_TEXT("Contempt for Trade: keep the item for no VP, or remove it "
              "for its VP?"));
  reg(kHuPromptOverflow, "hundreds.hoard.full", "14.2.4.I",
      HU_TEXT("The Hoard's track is full: remove which item permanently?"));
  reg(kHuPromptLoot, "hundreds.looters", "14.2.5",
      HU_TEXT("Looters: loot the defender (dealing no rolled hits)?"));
  reg(kHuPromptLootItem, "hundreds.looters.item", "14.2.5",
      HU_TEXT("Looters: take which item?"));
  reg(kHuPromptWarlordHit, "hundreds.warlord_hit", "14.2.2",
      HU_TEXT("Your warriors took hits where the warlord is: was the "
              "warlord among those removed?"));
  reg(kHuPromptRuinItem, "hundreds.raze.item", "9.7.3",
      [](const State& s, const Prompt& p) {
        return absl::StrCat("Raze: the ruin in ", ClearingName(s, p.a),
                            " holds two items; take which?");
      });
  reg(kHuPromptBitter, "hundreds.bitter", "14.7.1",
      HU_TEXT("Bitter: remove a mob here or next door for a warrior at the "
              "warlord, or finish?"));
#undef HU_TEXT
}

}  // namespace

absl::string_view HundredsMoodName(int mood) { return kMoodNames[mood]; }

void ObserveHundreds(const State& s, int seat, Observation& o) {
  o.hundreds = s.hundreds();  // nothing on the Hundreds' board is hidden
}

void RegisterHundreds() {
  static const Hundreds kModule;
  RegisterFaction(&kModule);
  RegisterTask(kHuSetup, {"hundreds.setup", SetupStep, SetupChoose});
  RegisterTask(kHuBirdsong,
               {"hundreds.birdsong", BirdsongStep, BirdsongChoose});
  RegisterTask(kHuMobPlace, {"hundreds.mob", MobPlaceStep, MobPlaceChoose});
  RegisterTask(kHuLavish, {"hundreds.lavish", LavishStep, LavishChoose});
  RegisterTask(kHuDaylight, {"hundreds.daylight", DaylightStep, NoChoice});
  RegisterTask(kHuCommand, {"hundreds.command", CommandStep, CommandChoose});
  RegisterTask(kHuPlaceByCard,
               {"hundreds.place_by_card", PlaceByCardStep, PlaceByCardChoose});
  RegisterTask(kHuMove, {"hundreds.move", MoveStep, MoveChoose});
  RegisterTask(kHuAdvance, {"hundreds.advance", AdvanceStep, AdvanceChoose});
  RegisterTask(kHuEvening, {"hundreds.evening", EveningStep, EveningChoose});
  RegisterTask(kHuItem, {"hundreds.item", ItemStep, ItemChoose});
  RegisterTask(kHuLoot, {"hundreds.looters", LootStep, LootChoose});
  RegisterTask(kHuWarlordHit,
               {"hundreds.warlord_hit", WarlordHitStep, WarlordHitChoose});
  RegisterTask(kHuBitter, {"hundreds.bitter", BitterStep, BitterChoose});
  RegisterTask(kHuRuinItem,
               {"hundreds.raze.item", RuinItemStep, RuinItemChoose});
  RegisterPrompts();
}

}  // namespace woodland::rules
