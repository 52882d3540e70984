// Marquise de Cat (Law 6).
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "referee/rules/advanced_setup.h"
#include "referee/rules/check.h"
#include "referee/rules/faction.h"

namespace woodland::rules {
namespace {

constexpr int kTaskBase = kFactionTaskBase + 16 * kMarquise;
enum MarquiseTask : uint8_t {
  kMqSetupKeep = kTaskBase,
  kMqSetupBuildings,
  kMqBirdsong,
  kMqDaylight,
  kMqBuild,
  kMqOverwork,
  kMqSpendBird,
  kMqRecruit,
  kMqEvening,
  kMqFieldHospitals,
};

constexpr int kPromptBase = kFactionPromptBase + 32 * kMarquise;
enum MarquisePrompt : uint16_t {
  kMqPromptKeep = kPromptBase,
  kMqPromptSetupBuilding,
  kMqPromptWood,
  kMqPromptAction,
  kMqPromptBuildType,
  kMqPromptBuildClearing,
  kMqPromptPayWood,
  kMqPromptOverworkClearing,
  kMqPromptOverworkCard,
  kMqPromptSpendBird,
  kMqPromptRecruit,
  kMqPromptFieldHospitals,
  kMqPromptDiscard,
};

enum MarquiseAction : int8_t {
  kActBattle = 0,
  kActMarch,
  kActRecruit,
  kActBuild,
  kActOverwork,
  kActSpendBird,
};

// Building tracks (faction board; element k = the (k+1)-th building on the
// map, the first being placed free at setup).
constexpr std::array<int8_t, 6> kWoodCost = {0, 1, 2, 3, 3, 4};
constexpr std::array<std::array<int8_t, 6>, 3> kBuildVp = {{
    {0, 1, 2, 3, 4, 5},  // sawmill
    {0, 2, 2, 3, 4, 5},  // workshop
    {0, 1, 2, 3, 3, 4},  // recruiter
}};
constexpr int kBuildingsPerType = 6;
constexpr int kHandLimit = 5;

int8_t I8(int v) { return static_cast<int8_t>(v); }

// Law 6.5.4.II: wood in c and in clearings linked to c through clearings the
// Marquise rules. Returns the connected ruled clearings as a mask.
ClearingMask WoodComponent(const State& s, int c) {
  ClearingMask seen = ClearingMask{1} << c, frontier = seen;
  while (frontier) {
    const int cur = __builtin_ctz(frontier);
    frontier &= frontier - 1;
    ClearingMask adj = s.AdjacentMask(cur) & ~seen;
    while (adj) {
      const int n = __builtin_ctz(adj);
      adj &= adj - 1;
      if (s.Rules(kMarquise, n)) {
        seen |= ClearingMask{1} << n;
        frontier |= ClearingMask{1} << n;
      }
    }
  }
  return seen;
}

int WoodIn(const State& s, ClearingMask mask) {
  int n = 0;
  for (; mask; mask &= mask - 1)
    n += s.clearing(__builtin_ctz(mask)).pieces[kWood];
  return n;
}

bool CanBuildAt(const State& s, int type, int c) {
  const MarquiseBoard& mb = s.marquise();
  const int placed = mb.placed[type];
  if (placed >= kBuildingsPerType) return false;
  if (!s.Rules(kMarquise, c) || s.OpenSlots(c) <= 0) return false;
  if (!s.CanPlace(kMarquise, c)) return false;  // e.g. a snare (13.7.2)
  return WoodIn(s, WoodComponent(s, c)) >= kWoodCost[placed];
}

// Whether any building can be built (Law 6.5.4): the cheapest type left
// against each clearing's connected wood.
bool CanBuildAny(const State& s) {
  const MarquiseBoard& mb = s.marquise();
  int cost = -1;
  for (int type = 0; type < 3; ++type) {
    const int placed = mb.placed[type];
    if (placed >= kBuildingsPerType) continue;
    if (cost < 0 || kWoodCost[placed] < cost) cost = kWoodCost[placed];
  }
  if (cost < 0) return false;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (!s.Rules(kMarquise, c) || s.OpenSlots(c) <= 0) continue;
    if (!s.CanPlace(kMarquise, c)) continue;  // e.g. a snare (13.7.2)
    if (WoodIn(s, WoodComponent(s, c)) >= cost) return true;
  }
  return false;
}

bool CanBuildType(const State& s, int type) {
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (CanBuildAt(s, type, c)) return true;
  }
  return false;
}

std::vector<Option> OverworkClearings(const State& s, int seat) {
  std::vector<Option> opts = NewOptionList();
  if (s.piece_supply(kWood) == 0) return opts;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (s.clearing(c).pieces[kSawmill] == 0) continue;
    // Law 13.7.2: no wood at a snared sawmill (docs/rules-decisions.md).
    if (!s.CanPlace(kMarquise, c)) continue;
    if (AnyMatchingCard(s, seat, MatchSuitOf(s, c))) {
      opts.push_back({.kind = kOptClearing, .a = I8(c)});
    }
  }
  return opts;
}

bool HasBird(const State& s, int seat) {
  for (CardId id : s.seat(seat).hand) {
    if (s.card(id).suit == kBird) return true;
  }
  return false;
}

// --- Setup (Law 6.3) --------------------------------------------------------

// Law 19.8.3.I: in a draft an enemy may have set up first; its starting
// corner holds its building (as the other factions' setups read it).
bool EnemyStartCorner(const State& s, int c) {
  for (int p = 1; p < kNumPieces; ++p) {
    const PieceInfo& info = GetPieceInfo(p);
    if (info.building && info.owner != kNoFaction && info.owner != kMarquise &&
        s.clearing(c).pieces[p] > 0)
      return true;
  }
  return false;
}

// --- The Marquise's faction setup card (Law 19.8.3) -------------------------
// kMqSetupKeep when the table drafts: steps 0-2 three homelands, each
// adjacent to another, each with room for a building; then 2 warriors in
// each homeland and 1 in every other clearing; step 3 the keep in a
// homeland, not adjacent to an enemy homeland if able; steps 4-6 a sawmill,
// a workshop and a recruiter, each in a different homeland.

bool HomelandFree(const State& s, int c, const std::vector<int>& chosen) {
  return !EnemyHomeland(s, kNoFaction, c) && s.CanPlace(kMarquise, c) &&
         s.OpenSlots(c) > 0 &&
         std::find(chosen.begin(), chosen.end(), c) == chosen.end();
}

bool NextToAny(const State& s, int c, const std::vector<int>& chosen) {
  for (int h : chosen) {
    if (s.Adjacent(h, c)) return true;
  }
  return chosen.empty();
}

// Can `chosen` grow into three homelands, each adjacent to another?
bool Completes(const State& s, std::vector<int>& chosen) {
  if (chosen.size() >= 3) return true;
  for (int x = 0; x < s.map().num_clearings; ++x) {
    if (!HomelandFree(s, x, chosen) || !NextToAny(s, x, chosen)) continue;
    chosen.push_back(x);
    const bool ok = Completes(s, chosen);
    chosen.pop_back();
    if (ok) return true;
  }
  return false;
}

std::vector<Option> CardHomelands(const State& s) {
  std::vector<int> chosen = Homelands(s, kMarquise);
  std::vector<Option> opts = NewOptionList();
  // pass 0: completes three; 1: next to a homeland; 2: any (Law silent).
  for (int pass = 0; pass < 3 && opts.empty(); ++pass) {
    for (int c = 0; c < s.map().num_clearings; ++c) {
      if (!HomelandFree(s, c, chosen)) continue;
      if (pass < 2 && !NextToAny(s, c, chosen)) continue;
      if (pass == 0) {
        chosen.push_back(c);
        const bool ok = Completes(s, chosen);
        chosen.pop_back();
        if (!ok) continue;
      }
      opts.push_back({.kind = kOptClearing, .a = I8(c)});
    }
  }
  return opts;
}

void CardGarrison(State& s) {
  const std::vector<int> homes = Homelands(s, kMarquise);
  for (int c = 0; c < s.map().num_clearings; ++c) {
    const bool home = std::find(homes.begin(), homes.end(), c) != homes.end();
    if (s.CanPlace(kMarquise, c)) s.PlaceWarriors(kMarquise, c, home ? 2 : 1);
  }
}

std::vector<Option> CardKeep(const State& s) {
  std::vector<Option> all = NewOptionList(), apart;
  for (int h : Homelands(s, kMarquise)) {
    all.push_back({.kind = kOptClearing, .a = I8(h)});
    bool near = false;
    for (int x = 0; x < s.map().num_clearings; ++x)
      near |= s.Adjacent(h, x) && EnemyHomeland(s, kMarquise, x);
    if (!near) apart.push_back(all.back());
  }
  return apart.empty() ? all : apart;
}

std::vector<Option> CardBuildingSites(const State& s) {
  std::vector<Option> opts = NewOptionList();
  for (int h : Homelands(s, kMarquise)) {
    const auto& p = s.clearing(h).pieces;
    if (p[kSawmill] + p[kWorkshop] + p[kRecruiter] == 0 && s.OpenSlots(h) > 0)
      opts.push_back({.kind = kOptClearing, .a = I8(h)});
  }
  return opts;
}

void CardSetupStep(State& s) {
  Task& t = s.top();
  std::vector<Option> opts;
  if (t.step < 3) {
    opts = CardHomelands(s);
    if (opts.empty()) {  // no room for more homelands
      t.step = 3;
      CardGarrison(s);
      return;
    }
    s.Ask(kPromptHomeland, t.seat, std::move(opts));
    return;
  }
  opts = t.step == 3 ? CardKeep(s) : CardBuildingSites(s);
  if (t.step > 6 || opts.empty()) {
    s.Pop();
    return;
  }
  if (t.step == 3) {
    s.Ask(kMqPromptKeep, t.seat, std::move(opts));
  } else {
    s.Ask(kMqPromptSetupBuilding, t.seat, std::move(opts),
          kSawmill + t.step - 4);
  }
}

void CardSetupChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (t.step < 3) {
    AddHomeland(s, kMarquise, o.a);
    if (++t.step == 3) CardGarrison(s);
    return;
  }
  if (t.step == 3) {
    s.PlacePiece(kKeep, o.a);
    s.mutable_marquise().keep = o.a;
  } else {
    s.PlacePiece(kSawmill + t.step - 4, o.a);
    s.mutable_marquise().placed[t.step - 4] = 1;
  }
  ++t.step;
}

void SetupKeepStep(State& s) {
  if (SetupCards(s)) {
    CardSetupStep(s);
    return;
  }
  std::vector<Option> opts = NewOptionList();
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (s.map().clearings[c].corner && !EnemyStartCorner(s, c))
      opts.push_back({.kind = kOptClearing, .a = I8(c)});
  }
  s.Ask(kMqPromptKeep, s.top().seat, std::move(opts));
}

void SetupKeepChoose(State& s, const Option& o) {
  if (SetupCards(s)) {
    CardSetupChoose(s, o);
    return;
  }
  const int seat = s.top().seat;
  s.Pop();
  // Law 6.3.2: the keep in a corner; 6.3.3: a warrior in every clearing but
  // the diagonally opposite corner.
  s.PlacePiece(kKeep, o.a);
  s.mutable_marquise().keep = o.a;
  const int opposite = s.map().OppositeCorner(o.a);
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (c != opposite) s.PlaceWarriors(kMarquise, c, 1);
  }
  Task t{.kind = kMqSetupBuildings, .seat = I8(seat)};
  t.a = 0;
  s.Push(t);
}

// Law 6.3.4: a sawmill, a workshop and a recruiter in the keep clearing
// and/or adjacent clearings, one at a time.
void SetupBuildingsStep(State& s) {
  const Task& t = s.top();
  if (t.a >= 3) {
    s.Pop();
    return;
  }
  const int keep = s.marquise().keep;
  std::vector<Option> opts = NewOptionList();
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if ((c == keep || s.Adjacent(keep, c)) && s.OpenSlots(c) > 0) {
      opts.push_back({.kind = kOptClearing, .a = I8(c)});
    }
  }
  if (opts.empty()) {  // no room at all: place as many as possible (1.5.4)
    RecycleOptionList(std::move(opts));
    s.Pop();
    return;
  }
  s.Ask(kMqPromptSetupBuilding, t.seat, std::move(opts), kSawmill + t.a);
}

void SetupBuildingsChoose(State& s, const Option& o) {
  Task& t = s.top();
  s.PlacePiece(kSawmill + t.a, o.a);
  s.mutable_marquise().placed[t.a] = 1;
  ++t.a;
}

// --- Birdsong (Law 6.4) and recruiting (6.5.3): place one piece per
// building, choosing where when the supply runs short (Law 1.5.4).

// Law 1.5.4 with 13.7.2: a building where nothing may be placed (a face-up
// snare) takes no piece, so a short supply goes where pieces can go.
void FillQuota(State& s, int building) {
  auto& q = s.mutable_marquise().quota;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    q[c] = s.CanPlace(kMarquise, c) ? s.clearing(c).pieces[building] : 0;
  }
}

// Whether some `building` stands where a Marquise piece may be placed
// (Recruit is not offered when none can take one, docs/rules-decisions.md).
bool AnyPlaceable(const State& s, int building) {
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (s.clearing(c).pieces[building] > 0 && s.CanPlace(kMarquise, c))
      return true;
  }
  return false;
}

int QuotaTotal(const State& s) {
  int n = 0;
  for (int8_t v : s.marquise().quota) n += v;
  return n;
}

// Task: a = Piece placed (kWood) or -1 for warriors.
void PlaceEachStep(State& s) {
  const Task& t = s.top();
  const bool wood = t.a == kWood;
  const int supply = wood ? s.piece_supply(kWood) : s.warrior_supply(kMarquise);
  const int wanted = QuotaTotal(s);
  if (wanted == 0 || supply == 0) {
    s.Pop();
    return;
  }
  std::vector<Option> opts = NewOptionList();
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (s.marquise().quota[c] > 0)
      opts.push_back({.kind = kOptClearing, .a = I8(c)});
  }
  if (supply >= wanted || opts.size() == 1) {
    // Enough for every building (or one place only): place them all.
    for (const Option& o : opts) {
      const int n = s.marquise().quota[o.a];
      for (int i = 0; i < n; ++i) {
        if (wood) {
          s.PlacePiece(kWood, o.a);
        } else {
          s.PlaceWarriors(kMarquise, o.a, 1);
        }
      }
      s.mutable_marquise().quota[o.a] = 0;
    }
    RecycleOptionList(std::move(opts));
    s.Pop();
    return;
  }
  s.Ask(wood ? kMqPromptWood : kMqPromptRecruit, t.seat, std::move(opts));
}

void PlaceEachChoose(State& s, const Option& o) {
  if (s.top().a == kWood) {
    s.PlacePiece(kWood, o.a);
  } else {
    s.PlaceWarriors(kMarquise, o.a, 1);
  }
  --s.mutable_marquise().quota[o.a];
}

// --- Daylight (Law 6.5) -----------------------------------------------------

void DaylightStep(State& s) {
  Task& t = s.top();
  const int seat = t.seat;
  MarquiseBoard& mb = s.mutable_marquise();
  if (t.step == 0) {
    // Law 6.5: first craft with workshops, then up to three actions.
    t.step = 1;
    mb.actions = 3;
    mb.recruited = false;
    PushCraft(s, seat);
    return;
  }
  std::vector<Option> opts = NewOptionList();
  auto act = [&](int code) {
    opts.push_back({.kind = kOptAction, .a = I8(code)});
  };
  if (mb.actions > 0) {
    if (AnyLegalBattle(s, kMarquise, -1)) act(kActBattle);
    if (AnyLegalMove(s, kMarquise, -1)) act(kActMarch);
    if (!mb.recruited && s.warrior_supply(kMarquise) > 0 &&
        AnyPlaceable(s, kRecruiter)) {
      act(kActRecruit);
    }
    if (CanBuildAny(s)) act(kActBuild);
    if (AnyOption(OverworkClearings(s, seat))) act(kActOverwork);
  } else if (HasBird(s, seat)) {
    act(kActSpendBird);  // Law 6.5: then one more action per bird spent
  }
  AppendDaylightExtras(s, seat, opts);
  s.AskWithDoneOrPop(kMqPromptAction, seat, std::move(opts), mb.actions);
}

void DaylightChoose(State& s, const Option& o) {
  const int seat = s.top().seat;
  MarquiseBoard& mb = s.mutable_marquise();
  if (o.kind == kOptDone) {
    s.Pop();
    return;
  }
  if (o.kind == kOptExtra) {
    ResolveDaylightExtra(s, seat, o);
    return;
  }
  if (o.a != kActSpendBird) --mb.actions;
  switch (o.a) {
    case kActBattle:  // Law 6.5.1
      PushBattleChoice(s, seat, -1, false);
      return;
    case kActMarch:  // Law 6.5.2: up to two moves
      PushMove(s, seat, -1, true);
      PushMove(s, seat, -1, false);
      return;
    case kActRecruit: {  // Law 6.5.3: once per turn, one at each recruiter
      mb.recruited = true;
      FillQuota(s, kRecruiter);
      Task t{.kind = kMqRecruit, .seat = I8(seat)};
      t.a = -1;
      s.Push(t);
      return;
    }
    case kActBuild:
      s.Push(Task{.kind = kMqBuild, .seat = I8(seat)});
      return;
    case kActOverwork:
      s.Push(Task{.kind = kMqOverwork, .seat = I8(seat)});
      return;
    case kActSpendBird:
      s.Push(Task{.kind = kMqSpendBird, .seat = I8(seat)});
      return;
  }
  CHECK(false);
}

// Law 6.5.4: choose the building, then the clearing, then pay wood.
void BuildStep(State& s) {
  const Task& t = s.top();
  MarquiseBoard& mb = s.mutable_marquise();
  std::vector<Option> opts = NewOptionList();
  if (t.step == 0) {
    for (int type = 0; type < 3; ++type) {
      if (CanBuildType(s, type))
        opts.push_back({.kind = kOptPiece, .a = I8(kSawmill + type)});
    }
    s.Ask(kMqPromptBuildType, t.seat, std::move(opts));
  } else if (t.step == 1) {
    for (int c = 0; c < s.map().num_clearings; ++c) {
      if (CanBuildAt(s, mb.build_type, c))
        opts.push_back({.kind = kOptClearing, .a = I8(c)});
    }
    s.Ask(kMqPromptBuildClearing, t.seat, std::move(opts),
          kSawmill + mb.build_type);
  } else {
    // Law 6.5.4.II: pay from the clearings connected when the clearing was
    // chosen (Task::d), even if paying ends rule in one (Soup Kitchens).
    const auto comp = static_cast<ClearingMask>(t.d);
    if (mb.wood_left > 0 && WoodIn(s, comp) > mb.wood_left) {
      for (ClearingMask m = comp; m; m &= m - 1) {
        const int c = __builtin_ctz(m);
        if (s.clearing(c).pieces[kWood] > 0)
          opts.push_back({.kind = kOptClearing, .a = I8(c)});
      }
      if (opts.size() > 1) {
        s.Ask(kMqPromptPayWood, t.seat, std::move(opts), mb.wood_left);
        return;
      }
    }
    // Pay what is left without choice, then place and score (6.5.4.III).
    for (ClearingMask m = comp; m && mb.wood_left > 0; m &= m - 1) {
      const int c = __builtin_ctz(m);
      const int take = std::min<int>(mb.wood_left, s.clearing(c).pieces[kWood]);
      std::array<int8_t, kNumPieces> wood{};
      wood[kWood] = I8(take);
      if (take > 0) s.RemovePieces(kMarquise, c, 0, wood, kNoFaction);
      mb.wood_left -= take;
    }
    const int type = mb.build_type;
    const int seat = t.seat;
    s.Pop();
    CHECK(s.PlacePiece(kSawmill + type, mb.build_clearing));
    const int vp = kBuildVp[type][mb.placed[type]];
    ++mb.placed[type];
    mb.build_type = -1;
    s.AddVp(seat, vp, kVpBuilding);
  }
}

void BuildChoose(State& s, const Option& o) {
  Task& t = s.top();
  MarquiseBoard& mb = s.mutable_marquise();
  if (t.step == 0) {
    mb.build_type = I8(o.a - kSawmill);
    t.step = 1;
  } else if (t.step == 1) {
    mb.build_clearing = o.a;
    mb.wood_left = kWoodCost[mb.placed[mb.build_type]];
    t.d = static_cast<int16_t>(WoodComponent(s, o.a));
    t.step = 2;
  } else {
    std::array<int8_t, kNumPieces> wood{};
    wood[kWood] = 1;
    s.RemovePieces(kMarquise, o.a, 0, wood, kNoFaction);
    --mb.wood_left;
  }
}

// Law 6.5.5: spend a card matching a sawmill's clearing to place wood there.
void OverworkStep(State& s) {
  const Task& t = s.top();
  if (t.step == 0) {
    s.Ask(kMqPromptOverworkClearing, t.seat, OverworkClearings(s, t.seat));
  } else {
    s.Ask(kMqPromptOverworkCard, t.seat, MatchingCardsIn(s, t.seat, t.a), t.a);
  }
}

void OverworkChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (t.step == 0) {
    t.step = 1;
    t.a = o.a;
    return;
  }
  const int seat = t.seat, c = t.a;
  s.Pop();
  s.RemoveFromHand(seat, o.card);
  s.Discard(o.card);
  s.PlacePiece(kWood, c);
}

void SpendBirdStep(State& s) {
  const int seat = s.top().seat;
  s.Ask(kMqPromptSpendBird, seat, MatchingCards(s, seat, kBird));
}

void SpendBirdChoose(State& s, const Option& o) {
  const int seat = s.top().seat;
  s.Pop();
  s.RemoveFromHand(seat, o.card);
  s.Discard(o.card);
  ++s.mutable_marquise().actions;
}

// --- Evening (Law 6.6) ------------------------------------------------------

void EveningStep(State& s) {
  const int seat = s.top().seat;
  s.Pop();
  // Draw one plus one per uncovered draw bonus (3rd and 5th recruiter).
  const int recruiters = s.marquise().placed[2];
  s.DrawCards(seat, 1 + (recruiters >= 3) + (recruiters >= 5));
  PushDiscardDown(s, seat, kHandLimit, kMqPromptDiscard);
}

void NoChoice(State&, const Option&) { CHECK(false); }

// Whether removed Marquise warriors went onto Coffin Makers ("whenever any
// warriors would return to a supply, place them on this card instead",
// exiles.cc ExilesTakeWarriors) rather than to the supply.
bool OnCoffinMakers(const State& s) {
  if (!s.exiles_deck()) return false;
  for (int seat = 0; seat < s.num_seats(); ++seat) {
    if (s.HasEffect(seat, kCoffinMakers)) return true;
  }
  return false;
}

// Law 6.2.3: whenever Marquise warriors are removed, she may spend a card
// matching their clearing to place them in the keep clearing.
void FieldHospitalsStep(State& s) {
  const Task& t = s.top();
  const MarquiseBoard& mb = s.marquise();
  std::vector<Option> opts = NewOptionList();
  if (mb.keep >= 0 && !mb.keep_removed) opts = MatchingCardsIn(s, t.seat, t.a);
  s.AskWithDoneOrPop(kMqPromptFieldHospitals, t.seat, std::move(opts), t.a,
                     t.b);
}

void FieldHospitalsChoose(State& s, const Option& o) {
  const Task t = s.top();
  s.Pop();
  if (o.kind == kOptDone) return;
  s.RemoveFromHand(t.seat, o.card);
  s.Discard(o.card);
  if (t.c > 0) {
    // Law 6.2.3: "those warriors" go to the keep instead of the supply;
    // Coffin Makers had taken them onto its card, so they come from there.
    ExilesBoard& eb = s.mutable_exiles();
    const int back = std::min<int>(t.b, eb.coffins[kMarquise]);
    eb.coffins[kMarquise] = I8(eb.coffins[kMarquise] - back);
    s.SetWarriorSupply(kMarquise, s.warrior_supply(kMarquise) + back);
  }
  s.PlaceWarriors(kMarquise, s.marquise().keep, t.b);
}

class Marquise : public FactionModule {
 public:
  int faction() const override { return kMarquise; }
  int warriors() const override { return 25; }
  std::array<int8_t, kNumPieces> pieces() const override {
    std::array<int8_t, kNumPieces> p{};
    p[kSawmill] = p[kWorkshop] = p[kRecruiter] = kBuildingsPerType;
    p[kKeep] = 1;
    p[kWood] = 8;
    return p;
  }
  void PushSetup(State& s, int seat) const override {
    s.Push(Task{.kind = kMqSetupKeep, .seat = I8(seat)});
  }
  void PushBirdsong(State& s, int seat) const override {
    // Law 6.4: one wood at each sawmill.
    FillQuota(s, kSawmill);
    Task t{.kind = kMqBirdsong, .seat = I8(seat)};
    t.a = kWood;
    s.Push(t);
  }
  void PushDaylight(State& s, int seat) const override {
    s.Push(Task{.kind = kMqDaylight, .seat = I8(seat)});
  }
  void PushEvening(State& s, int seat) const override {
    s.Push(Task{.kind = kMqEvening, .seat = I8(seat)});
  }
  std::string ActionLabel(const State& s, const Option& o) const override {
    switch (o.a) {
      case kActBattle:
        return "Battle";
      case kActMarch:
        return "March (up to two moves)";
      case kActRecruit:
        return "Recruit (a warrior at each recruiter)";
      case kActBuild:
        return "Build";
      case kActOverwork:
        return "Overwork";
      case kActSpendBird:
        return "Spend a bird card for another action";
    }
    return "?";
  }
  bool MayBlockPlacement() const override { return true; }
  bool BlocksPlacement(const State& s, int placer, int c) const override {
    // Law 6.2.2: only the Marquise may place pieces in the keep clearing.
    return placer != kMarquise && s.marquise().keep == c &&
           !s.marquise().keep_removed;
  }
  int CraftingPiecesIn(const State& s, int c) const override {
    return s.clearing(c).pieces[kWorkshop];  // Law 6.2.1: workshops
  }
  void OnWarriorsRemoved(State& s, int c, int n, int remover) const override {
    if (s.marquise().keep < 0 || s.marquise().keep_removed) return;
    Task t{.kind = kMqFieldHospitals, .seat = I8(s.SeatOf(kMarquise))};
    t.a = I8(c);
    t.b = I8(n);
    t.c = I8(OnCoffinMakers(s));
    s.Push(t);
  }
  void OnPieceRemoved(State& s, int piece, int c, int remover) const override {
    MarquiseBoard& mb = s.mutable_marquise();
    if (piece >= kSawmill && piece <= kRecruiter) {
      // Law 21.24: back to the rightmost empty space of its track.
      --mb.placed[piece - kSawmill];
    } else if (piece == kKeep) {
      // Law 6.2.2: a removed keep is out of the game.
      mb.keep = -1;
      mb.keep_removed = true;
      s.set_piece_supply(kKeep, 0);
    }
  }
};

// Law 6.3.4, or 19.8.3 with the faction setup card (each building in a
// different homeland).
std::string PieceWhereText(const State& s, const Prompt& p) {
  if (SetupCards(s)) {
    return absl::StrCat("Setup: which homeland gets your ",
                        GetPieceInfo(p.a).name,
                        " (each building in a different homeland)?");
  }
  return absl::StrCat("Setup: where does your ", GetPieceInfo(p.a).name,
                      " go (the keep clearing or next to it)?");
}

// Law 6.3.2, or 19.8.3 with the faction setup card (a homeland).
std::string KeepWhereText(const State& s, const Prompt&) {
  return SetupCards(s) ? "Setup: place the keep in which homeland?"
                       : "Setup: place the keep in which corner clearing?";
}

}  // namespace

void RegisterMarquise() {
  static const Marquise kModule;
  RegisterFaction(&kModule);
  RegisterTask(kMqSetupKeep,
               {"marquise.setup_keep", SetupKeepStep, SetupKeepChoose});
  RegisterTask(kMqSetupBuildings, {"marquise.setup_buildings",
                                   SetupBuildingsStep, SetupBuildingsChoose});
  RegisterTask(kMqBirdsong,
               {"marquise.birdsong", PlaceEachStep, PlaceEachChoose});
  RegisterTask(kMqRecruit,
               {"marquise.recruit", PlaceEachStep, PlaceEachChoose});
  RegisterTask(kMqDaylight,
               {"marquise.daylight", DaylightStep, DaylightChoose});
  RegisterTask(kMqBuild, {"marquise.build", BuildStep, BuildChoose});
  RegisterTask(kMqOverwork,
               {"marquise.overwork", OverworkStep, OverworkChoose});
  RegisterTask(kMqSpendBird,
               {"marquise.spend_bird", SpendBirdStep, SpendBirdChoose});
  RegisterTask(kMqEvening, {"marquise.evening", EveningStep, NoChoice});
  RegisterTask(kMqFieldHospitals, {"marquise.field_hospitals",
                                   FieldHospitalsStep, FieldHospitalsChoose});

  RegisterPrompt(kMqPromptKeep,
                 {"marquise.setup.keep", "6.3.2", KeepWhereText});
  RegisterPrompt(kMqPromptSetupBuilding,
                 {"marquise.setup.building", "6.3.4", PieceWhereText});
  RegisterPrompt(
      kMqPromptWood,
      {"marquise.birdsong.wood", "6.4", [](const State&, const Prompt&) {
         return std::string(
             "Not enough wood for every sawmill: place wood at which sawmill?");
       }});
  RegisterPrompt(kMqPromptAction,
                 {"marquise.action", "6.5", [](const State&, const Prompt& p) {
                    return absl::StrCat("Daylight: choose an action (",
                                        int{p.a}, " left), or end Daylight.");
                  }});
  RegisterPrompt(
      kMqPromptBuildType,
      {"marquise.build.type", "6.5.4.I", [](const State&, const Prompt&) {
         return std::string("Build: which building?");
       }});
  RegisterPrompt(
      kMqPromptBuildClearing,
      {"marquise.build.clearing", "6.5.4.I", [](const State&, const Prompt& p) {
         return absl::StrCat("Build a ", GetPieceInfo(p.a).name,
                             " in which clearing you rule?");
       }});
  RegisterPrompt(
      kMqPromptPayWood,
      {"marquise.build.wood", "6.5.4.II", [](const State&, const Prompt& p) {
         return absl::StrCat("Pay wood (", int{p.a},
                             " still due): take it from which clearing?");
       }});
  RegisterPrompt(
      kMqPromptOverworkClearing,
      {"marquise.overwork.clearing", "6.5.5", [](const State&, const Prompt&) {
         return std::string("Overwork: at which sawmill?");
       }});
  RegisterPrompt(
      kMqPromptOverworkCard,
      {"marquise.overwork.card", "6.5.5", [](const State& s, const Prompt& p) {
         return absl::StrCat("Overwork: spend which card matching ",
                             ClearingName(s, p.a), "?");
       }});
  RegisterPrompt(
      kMqPromptSpendBird,
      {"marquise.spend_bird", "6.5", [](const State&, const Prompt&) {
         return std::string("Spend which bird card for an extra action?");
       }});
  RegisterPrompt(
      kMqPromptRecruit,
      {"marquise.recruit", "6.5.3", [](const State&, const Prompt&) {
         return std::string(
             "Not enough warriors for every recruiter: recruit at which one?");
       }});
  RegisterPrompt(kMqPromptDiscard,
                 {"discard.hand_limit", "6.6", HandLimitText});  // Evening
  RegisterPrompt(kMqPromptFieldHospitals,
                 {"marquise.field_hospitals", "6.2.3",
                  [](const State& s, const Prompt& p) {
                    return absl::StrCat(
                        int{p.b}, " of your warriors were removed from ",
                        ClearingName(s, p.a),
                        ": spend a matching card to return them to the keep?");
                  }});
}

}  // namespace woodland::rules
