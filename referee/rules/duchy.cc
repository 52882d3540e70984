// The Underground Duchy (Law 12).
//
// Turn: Birdsong places warriors in the Burrow (12.4); Daylight is Assembly
// (two actions: build, recruit, move, battle, dig; 12.5.1), Parliament (each
// swayed minister once; 12.5.2) and Sway (12.5.3); Evening returns revealed
// cards, crafts with citadels and markets, draws and discards (12.6).
//
// The Burrow lives on the Duchy's board (duchy_board.h): warriors there are
// off the map; the Duchy's own move task (kDuMove) adds moves between the
// Burrow and tunnelled clearings, which the core's LegalMoves does not know.
// Revealed cards sit on the board, public, until Evening (Law 2.1.4).
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "referee/rules/advanced_setup.h"
#include "referee/rules/check.h"
#include "referee/rules/faction.h"
#include "referee/rules/hirelings.h"
#include "referee/rules/map_rules.h"
#include "referee/rules/observation.h"

namespace woodland::rules {

absl::string_view DuchyMinisterName(int m) {
  static constexpr absl::string_view kNames[kNumMinisters] = {
      "Foremole", "Captain",        "Marshal",       "Brigadier",    "Banker",
      "Mayor",    "Duchess of Mud", "Baron of Dirt", "Earl of Stone"};
  return m >= 0 && m < kNumMinisters ? kNames[m] : "?";
}

namespace {

constexpr int kTaskBase = kFactionTaskBase + 16 * kDuchy;
enum DuchyTask : uint8_t {
  kDuSetup = kTaskBase,
  kDuBirdsong,
  kDuAssembly,
  kDuParliament,
  kDuSway,
  kDuEvening,
  kDuMove,   // a = 1: optional (offers Done)
  kDuBuild,  // c = 1: Foremole (any card, 12.5.2.I), else 12.5.1.I
  kDuDig,
  kDuBanker,
  kDuBrigadier,
  kDuMayor,
  kDuFailure,
};

constexpr int kPromptBase = kFactionPromptBase + 32 * kDuchy;
constexpr int kDuPromptDiscard = kPromptBase + 31;  // Law 12.6.3
enum DuchyPrompt : uint16_t {
  kDuPromptCorner = kPromptBase,
  kDuPromptAssembly,
  kDuPromptMove,
  kDuPromptMoveCount,
  kDuPromptBuildPiece,
  kDuPromptBuildClearing,
  kDuPromptBuildCard,
  kDuPromptForemolePiece,
  kDuPromptForemoleClearing,
  kDuPromptForemoleCard,
  kDuPromptDigClearing,
  kDuPromptDigRemove,
  kDuPromptDigCard,
  kDuPromptDigCount,
  kDuPromptParliament,
  kDuPromptMayor,
  kDuPromptBrigadier,
  kDuPromptBankerSuit,
  kDuPromptBankerCard,
  kDuPromptSway,
  kDuPromptSwayCard,
  kDuPromptFailure,
};

// Action codes (kOptAction, Option::a). Codes with an argument (a minister
// or a clearing index) add it to their base, so that the code alone names
// the choice (the protocol's ActionChoice carries only the code); Option::b
// repeats the argument.
enum DuchyAction : int8_t {
  kActBuild = 0,
  kActRecruit = 1,
  kActMove = 2,
  kActBattle = 3,
  kActDig = 4,
  kActMoves = 5,          // Brigadier: up to two moves
  kActBattles = 6,        // Brigadier: up to two battles
  kActMinister = 10,      // + minister (Parliament, the Mayor)
  kActSway = 20,          // + minister
  kActReturn = 30,        // + minister (Price of Failure)
  kActFromBurrow = 40,    // + destination clearing
  kActToBurrow = 60,      // + origin clearing
  kActRemoveTunnel = 80,  // + clearing
};

int CodeOf(int a) { return a < 10 ? a : a < 40 ? a / 10 * 10 : a / 20 * 20; }

Option Act(int code, int arg) {
  return {.kind = kOptAction,
          .a = static_cast<int8_t>(code + arg),
          .b = static_cast<int8_t>(arg)};
}

// Warriors placed in Birdsong by citadels on the map: one, plus the warrior
// icons the citadels uncover (Law 12.4; the Duchy board's citadel track).
constexpr std::array<int8_t, 4> kBirdsongWarriors = {1, 2, 4, 6};
constexpr int kAssemblyActions = 2;  // Law 12.5.1
constexpr int kDigWarriors = 4;      // Law 12.5.1.V
constexpr int kHandLimit = 5;        // Law 12.6.3
constexpr int kDuchessVp = 2;        // Law 12.5.2.VII
constexpr int kTunnels = 3;          // Law 12.2.4
constexpr int kBuildings = 3;        // Law 12.3.4: of each kind
constexpr int8_t kBurrowIx = 100;    // the Burrow in a move task's x / y
// Law 12.5.3.II / III: cards to reveal and crown VP by rank (squire, noble,
// lord), as printed on the minister cards and the crown spaces.
constexpr std::array<int8_t, kNumRanks> kRevealByRank = {2, 3, 4};
constexpr std::array<int8_t, kNumRanks> kCrownVp = {1, 2, 3};

int8_t I8(int v) { return static_cast<int8_t>(v); }

void NoChoice(State&, const Option&) { CHECK(false); }

int OnMap(const State& s, int piece) {
  const int total = piece == kTunnel ? kTunnels : kBuildings;
  return total - s.piece_supply(piece);
}

int DuchySeat(const State& s) { return s.SeatOf(kDuchy); }

// Moves n Duchy warriors between clearing c and the Burrow (Law 12.2.2);
// to_burrow false: from the Burrow into c. Other factions' move triggers
// (e.g. Outrage, 8.2.6) see a move into c from -1 (the Burrow).
void BurrowMove(State& s, int c, int n, bool to_burrow) {
  DuchyBoard& b = s.mutable_duchy();
  const int supply = s.warrior_supply(kDuchy);
  const int here = s.clearing(c).warriors[kDuchy];
  CHECK_LE(n, to_burrow ? here : b.burrow);
  s.SetWarriors(kDuchy, c, to_burrow ? here - n : here + n);
  s.SetWarriorSupply(kDuchy, supply);  // SetWarriors used the supply
  b.burrow += to_burrow ? n : -n;
  s.Log({.kind = kEvBurrow,
         .faction = kDuchy,
         .a = I8(n),
         .b = I8(to_burrow ? 0 : 1),
         .c = I8(c)});
  if (to_burrow) return;
  for (int seat = 0; seat < s.num_seats(); ++seat) {
    GetFaction(s.seat(seat).faction)
        ->OnWarriorsMoved(s, kDuchy, -1, c, n, kDuchy);
  }
  // Law 22.2.2: a Band locks warriors that moved into its clearing.
  if (s.hirelings().InPlay()) HirelingsOnWarriorsMoved(s, kDuchy, c);
}

// Places up to n warriors from the supply in the Burrow (12.4, 12.5.1.II).
void PlaceInBurrow(State& s, int n) {
  n = std::min(n, s.warrior_supply(kDuchy));
  if (n <= 0) return;
  s.SetWarriorSupply(kDuchy, s.warrior_supply(kDuchy) - n);
  s.mutable_duchy().burrow += n;
  s.Log({.kind = kEvBurrow, .faction = kDuchy, .a = I8(n), .b = 2});
}

// Reveals a card from hand into the play area (Law 2.1.4, 21.25).
void RevealCard(State& s, int seat, CardId id) {
  s.RemoveFromHand(seat, id);
  s.mutable_duchy().revealed.push_back(id);
  s.Log({.kind = kEvDuchyReveal, .seat = I8(seat), .card = id});
}

void SpendCard(State& s, int seat, CardId id) {
  s.RemoveFromHand(seat, id);
  s.Discard(id);
}

// --- Moves (Law 4.2, 12.2.2) -------------------------------------------------

std::vector<Option> BurrowMoves(const State& s) {
  std::vector<Option> opts = NewOptionList();
  // Scorched Earth (26.6.2) and a snare (13.7.2) hold Burrow moves too.
  uint32_t blocked_to, blocked_from;
  s.MoveBlocks(kDuchy, blocked_to, blocked_from);
  blocked_from |= HirelingMoveLock(s, kDuchy);  // the Bands (Law 22.2.2)
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (s.clearing(c).pieces[kTunnel] == 0) continue;
    if (s.duchy().burrow > 0 && !(blocked_to >> c & 1))
      opts.push_back(Act(kActFromBurrow, c));
    if (s.clearing(c).warriors[kDuchy] > 0 && !(blocked_from >> c & 1))
      opts.push_back(Act(kActToBurrow, c));
  }
  return opts;
}

std::vector<Option> AllMoves(const State& s) {
  std::vector<Option> opts = LegalMoves(s, kDuchy, -1);
  for (const Option& o : BurrowMoves(s)) opts.push_back(o);
  return opts;
}

void PushDuchyMove(State& s, int seat, bool optional) {
  Task t{.kind = kDuMove, .seat = I8(seat)};
  t.a = optional ? 1 : 0;
  s.Push(t);
}

void MoveStep(State& s) {
  const Task& t = s.top();
  if (t.step == 0) {
    std::vector<Option> opts = AllMoves(s);
    if (opts.empty()) {
      RecycleOptionList(std::move(opts));
      s.Pop();
      return;
    }
    if (t.a == 1) opts.push_back({.kind = kOptDone});
    s.Ask(kDuPromptMove, t.seat, std::move(opts));
    return;
  }
  const int n =
      t.x == kBurrowIx ? s.duchy().burrow : s.clearing(t.x).warriors[kDuchy];
  std::vector<Option> opts = NewOptionList();
  for (int i = 1; i <= n; ++i) opts.push_back({.kind = kOptCount, .a = I8(i)});
  s.Ask(kDuPromptMoveCount, t.seat, std::move(opts), t.x, t.y);
}

void MoveChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (o.kind == kOptDone) {
    s.Pop();
    return;
  }
  if (o.kind == kOptMove || o.kind == kOptAction) {
    t.step = 1;
    t.x = o.kind == kOptMove              ? o.a
          : CodeOf(o.a) == kActFromBurrow ? kBurrowIx
                                          : o.b;
    t.y = o.kind == kOptMove              ? o.b
          : CodeOf(o.a) == kActFromBurrow ? o.b
                                          : kBurrowIx;
    return;
  }
  const int from = t.x, to = t.y, t_seat = t.seat;
  s.Pop();
  if (from == kBurrowIx) {
    BurrowMove(s, to, o.a, false);
  } else if (to == kBurrowIx) {
    BurrowMove(s, from, o.a, true);
  } else {
    const bool ferry = IsFerryCrossing(s, from, to);  // Law 25.3.5
    s.MoveWarriors(kDuchy, from, to, o.a);
    if (ferry) FerryCrossed(s, t_seat, to);
  }
}

// --- Setup (Law 12.3)
// ----------------------------------------------------------

// Law 12.3.3: a corner that is no other player's starting corner and, if
// possible, diagonally opposite one. The factions set up before the Duchy
// (5.1.7) mark their corner with the keep, a roost or a garden; other
// pieces there (the Marquise's garrison, the Riverfolk's warriors) do not
// make a corner a starting corner.
std::vector<Option> StartCorners(const State& s) {
  const MapDef& m = s.map();
  auto taken = [&](int c) {
    // Law 12.3.3 with 6.3.2: the keep (a token) marks the Marquise's corner
    // even when her three buildings stand around it (6.3.4).
    if (c == s.marquise().keep) return true;
    for (int p = 1; p < kNumPieces; ++p) {
      const PieceInfo& info = GetPieceInfo(p);
      if (info.building && info.owner != kDuchy && info.owner != kNoFaction &&
          s.clearing(c).pieces[p] > 0)
        return true;
    }
    return false;
  };
  std::vector<Option> all, opposite;
  for (int c = 0; c < m.num_clearings; ++c) {
    if (!m.clearings[c].corner || taken(c) || !s.CanPlace(kDuchy, c)) continue;
    all.push_back({.kind = kOptClearing, .a = I8(c)});
    bool opp = false;
    for (int o = 0; o < m.num_clearings; ++o)
      opp |= m.clearings[o].corner && taken(o) && m.OppositeCorner(o) == c;
    if (opp) opposite.push_back(all.back());
  }
  return opposite.empty() ? all : opposite;
}

void SetupStep(State& s) {
  const Task& t = s.top();
  if (SetupCards(s)) {
    // Law 19.8.3: the Duchy's card, a homeland not adjacent to enemy
    // homelands (19.8.3.II).
    s.Ask(kPromptHomeland, t.seat,
          CardHomelandOptions(s, kDuchy, false, false,
                              HomelandRule::kNotAdjacent));
    return;
  }
  std::vector<Option> opts = StartCorners(s);
  if (opts.empty()) {  // every corner taken (Law silent): any open clearing
    for (int c = 0; c < s.map().num_clearings; ++c) {
      if (s.CanPlace(kDuchy, c))
        opts.push_back({.kind = kOptClearing, .a = I8(c)});
    }
  }
  CHECK(!opts.empty());
  s.Ask(kDuPromptCorner, t.seat, std::move(opts));
}

void SetupChoose(State& s, const Option& o) {
  const int seat = s.top().seat;
  s.Pop();
  const int c = o.a;
  s.PlaceWarriors(kDuchy, c, 2);  // Law 12.3.3
  s.PlacePiece(kTunnel, c);
  if (SetupCards(s)) {
    // The Duchy's card: 5 warriors around the homeland, evenly.
    AddHomeland(s, kDuchy, c);
    PushSpread(s, seat, kDuchy, c, 5);
    return;
  }
  for (int x = 0; x < s.map().num_clearings; ++x) {
    if (s.Adjacent(c, x) && s.CanPlace(kDuchy, x))
      s.PlaceWarriors(kDuchy, x, 2);
  }
}

// --- Birdsong (Law 12.4)
// -------------------------------------------------------

void BirdsongStep(State& s) {
  s.Pop();
  DuchyBoard& b = s.mutable_duchy();
  b.actions = 0;
  b.used = 0;
  PlaceInBurrow(s, kBirdsongWarriors[OnMap(s, kCitadel)]);
}

// --- Building (Law 12.5.1.I, 12.5.2.I)
// -------------------------------------------

bool HasCardFor(const State& s, int seat, int c, bool any_card) {
  return any_card ? !s.seat(seat).hand.empty()
                  : AnyMatchingCard(s, seat, MatchSuitOf(s, c));
}

std::vector<Option> BuildClearings(const State& s, int seat, bool any_card) {
  std::vector<Option> opts = NewOptionList();
  if (s.piece_supply(kCitadel) + s.piece_supply(kMarket) == 0) return opts;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (s.Rules(kDuchy, c) && s.OpenSlots(c) > 0 && s.CanPlace(kDuchy, c) &&
        HasCardFor(s, seat, c, any_card)) {
      opts.push_back({.kind = kOptClearing, .a = I8(c)});
    }
  }
  return opts;
}

void PushBuild(State& s, int seat, bool foremole) {
  Task t{.kind = kDuBuild, .seat = I8(seat)};
  t.c = foremole ? 1 : 0;
  s.Push(t);
}

void BuildStep(State& s) {
  const Task& t = s.top();
  const bool any = t.c == 1;
  std::vector<Option> opts = NewOptionList();
  int prompt;
  if (t.step == 0) {
    for (int p : {kCitadel, kMarket}) {
      if (s.piece_supply(p) > 0)
        opts.push_back({.kind = kOptPiece, .a = I8(p)});
    }
    prompt = any ? kDuPromptForemolePiece : kDuPromptBuildPiece;
  } else if (t.step == 1) {
    opts = BuildClearings(s, t.seat, any);
    prompt = any ? kDuPromptForemoleClearing : kDuPromptBuildClearing;
  } else {
    opts = MatchingCards(s, t.seat, any ? -1 : MatchSuitOf(s, t.x));
    prompt = any ? kDuPromptForemoleCard : kDuPromptBuildCard;
  }
  CHECK(!opts.empty());
  s.Ask(prompt, t.seat, std::move(opts), t.x);
}

void BuildChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (t.step == 0) {
    t.b = o.a;
    t.step = 1;
    return;
  }
  if (t.step == 1) {
    t.x = o.a;
    t.step = 2;
    return;
  }
  const int seat = t.seat, piece = t.b, c = t.x;
  s.Pop();
  RevealCard(s, seat, o.card);
  CHECK(s.PlacePiece(piece, c));
}

// --- Dig (Law 12.5.1.V)
// ----------------------------------------------------------

std::vector<Option> DigClearings(const State& s, int seat) {
  std::vector<Option> opts = NewOptionList();
  if (s.duchy().burrow == 0) return opts;  // "at least one" warrior moves
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (s.clearing(c).pieces[kTunnel] == 0 && s.CanPlace(kDuchy, c) &&
        HasCardFor(s, seat, c, false)) {
      opts.push_back({.kind = kOptClearing, .a = I8(c)});
    }
  }
  return opts;
}

void DigStep(State& s) {
  Task& t = s.top();
  if (t.step == 0) {
    s.Ask(kDuPromptDigClearing, t.seat, DigClearings(s, t.seat));
  } else if (t.step == 1) {
    if (s.piece_supply(kTunnel) > 0) {
      t.step = 2;
      return;
    }
    // Law 12.2.4: all three on the map: remove one first.
    std::vector<Option> opts = NewOptionList();
    for (int c = 0; c < s.map().num_clearings; ++c) {
      if (s.clearing(c).pieces[kTunnel] > 0)
        opts.push_back(Act(kActRemoveTunnel, c));
    }
    s.Ask(kDuPromptDigRemove, t.seat, std::move(opts), t.x);
  } else if (t.step == 2) {
    s.Ask(kDuPromptDigCard, t.seat, MatchingCardsIn(s, t.seat, t.x), t.x);
  } else {
    std::vector<Option> opts = NewOptionList();
    const int n = std::min<int>(kDigWarriors, s.duchy().burrow);
    for (int i = 1; i <= n; ++i)
      opts.push_back({.kind = kOptCount, .a = I8(i)});
    s.Ask(kDuPromptDigCount, t.seat, std::move(opts), t.x);
  }
}

void DigChoose(State& s, const Option& o) {
  Task& t = s.top();
  switch (t.step) {
    case 0:
      t.x = o.a;
      t.step = 1;
      return;
    case 1: {
      std::array<int8_t, kNumPieces> p{};
      p[kTunnel] = 1;
      t.step = 2;
      s.RemovePieces(kDuchy, o.b, 0, p, kNoFaction);
      return;
    }
    case 2:
      SpendCard(s, t.seat, o.card);
      CHECK(s.PlacePiece(kTunnel, t.x));
      t.step = 3;
      return;
    default: {
      const int c = t.x;
      s.Pop();
      BurrowMove(s, c, o.a, false);
    }
  }
}

// --- Assembly (Law 12.5.1)
// ---------------------------------------------------------

void AssemblyStep(State& s) {
  const int seat = s.top().seat;
  const DuchyBoard& b = s.duchy();
  if (b.actions >= kAssemblyActions) {
    s.Pop();
    return;
  }
  std::vector<Option> opts = NewOptionList();
  auto offer = [&](bool ok, int code) {
    if (ok) opts.push_back({.kind = kOptAction, .a = I8(code)});
  };
  offer(!BuildClearings(s, seat, false).empty(), kActBuild);
  offer(s.warrior_supply(kDuchy) > 0, kActRecruit);
  offer(!AllMoves(s).empty(), kActMove);
  offer(AnyLegalBattle(s, kDuchy, -1), kActBattle);
  offer(!DigClearings(s, seat).empty(), kActDig);
  AppendDaylightExtras(s, seat, opts);
  s.AskWithDoneOrPop(kDuPromptAssembly, seat, std::move(opts),
                     kAssemblyActions - b.actions);
}

void AssemblyChoose(State& s, const Option& o) {
  const int seat = s.top().seat;
  if (o.kind == kOptDone) {
    s.Pop();
    return;
  }
  if (o.kind == kOptExtra) {
    ResolveDaylightExtra(s, seat, o);
    return;
  }
  ++s.mutable_duchy().actions;
  switch (o.a) {
    case kActBuild:
      PushBuild(s, seat, false);
      return;
    case kActRecruit:
      PlaceInBurrow(s, 1);  // Law 12.5.1.II
      return;
    case kActMove:
      PushDuchyMove(s, seat, false);
      return;
    case kActBattle:
      PushBattleChoice(s, seat, -1, false);
      return;
    case kActDig:
      s.Push(Task{.kind = kDuDig, .seat = I8(seat)});
      return;
  }
}

// --- Parliament (Law 12.5.2)
// ---------------------------------------------------------

bool MinisterUsable(const State& s, int seat, int m);

bool MayorTargetUsable(const State& s, int seat, int m) {
  return m != kMayor && MinisterRank(m) <= 1 && s.duchy().Swayed(m) &&
         MinisterUsable(s, seat, m);
}

bool MinisterUsable(const State& s, int seat, int m) {
  switch (m) {
    case kForemole:
      return !BuildClearings(s, seat, true).empty();
    case kCaptain:
      return AnyLegalBattle(s, kDuchy, -1);
    case kMarshal:
      return !AllMoves(s).empty();
    case kBrigadier:
      return AnyLegalBattle(s, kDuchy, -1) || !AllMoves(s).empty();
    case kBanker:
      return !s.seat(seat).hand.empty();
    case kMayor:
      for (int x = 0; x < kNumMinisters; ++x) {
        if (MayorTargetUsable(s, seat, x)) return true;
      }
      return false;
    case kDuchessOfMud:
      return OnMap(s, kTunnel) == kTunnels;
    case kBaronOfDirt:
      return OnMap(s, kMarket) > 0;
    case kEarlOfStone:
      return OnMap(s, kCitadel) > 0;
  }
  return false;
}

// Takes minister m's action (Law 12.5.2.I-IX).
void RunMinister(State& s, int seat, int m) {
  switch (m) {
    case kForemole:
      PushBuild(s, seat, true);
      return;
    case kCaptain:
      PushBattleChoice(s, seat, -1, false);
      return;
    case kMarshal:
      PushDuchyMove(s, seat, false);
      return;
    case kBrigadier:
      s.Push(Task{.kind = kDuBrigadier, .seat = I8(seat)});
      return;
    case kBanker:
      s.Push(Task{.kind = kDuBanker, .seat = I8(seat)});
      return;
    case kMayor:
      s.Push(Task{.kind = kDuMayor, .seat = I8(seat)});
      return;
    case kDuchessOfMud:
      s.AddVp(seat, kDuchessVp, kVpDuchyMinister);
      return;
    case kBaronOfDirt:
      s.AddVp(seat, OnMap(s, kMarket), kVpDuchyMinister);
      return;
    case kEarlOfStone:
      s.AddVp(seat, OnMap(s, kCitadel), kVpDuchyMinister);
      return;
  }
}

void ParliamentStep(State& s) {
  const int seat = s.top().seat;
  const DuchyBoard& b = s.duchy();
  std::vector<Option> opts = NewOptionList();
  for (int m = 0; m < kNumMinisters; ++m) {
    if (b.Swayed(m) && !(b.used >> m & 1) && MinisterUsable(s, seat, m))
      opts.push_back(Act(kActMinister, m));
  }
  AppendDaylightExtras(s, seat, opts);
  s.AskWithDoneOrPop(kDuPromptParliament, seat, std::move(opts));
}

void ParliamentChoose(State& s, const Option& o) {
  const int seat = s.top().seat;
  if (o.kind == kOptDone) {
    s.Pop();
  } else if (o.kind == kOptExtra) {
    ResolveDaylightExtra(s, seat, o);
  } else {
    s.mutable_duchy().used |= 1u << o.b;
    RunMinister(s, seat, o.b);
  }
}

// Law 12.5.2.VI: the action of any swayed noble or squire (even one that
// already acted this turn).
void MayorStep(State& s) {
  const int seat = s.top().seat;
  std::vector<Option> opts = NewOptionList();
  for (int m = 0; m < kNumMinisters; ++m) {
    if (MayorTargetUsable(s, seat, m)) opts.push_back(Act(kActMinister, m));
  }
  s.Ask(kDuPromptMayor, seat, std::move(opts));
}

void MayorChoose(State& s, const Option& o) {
  const int seat = s.top().seat;
  s.Pop();
  RunMinister(s, seat, o.b);
}

// Law 12.5.2.IV: up to two moves, or up to two battles (b = which).
void BrigadierStep(State& s) {
  Task& t = s.top();
  const int seat = t.seat;
  switch (t.step) {
    case 0: {
      std::vector<Option> opts = NewOptionList();
      if (!AllMoves(s).empty())
        opts.push_back({.kind = kOptAction, .a = kActMoves});
      if (AnyLegalBattle(s, kDuchy, -1))
        opts.push_back({.kind = kOptAction, .a = kActBattles});
      s.Ask(kDuPromptBrigadier, seat, std::move(opts));
      return;
    }
    case 1:
    case 2: {
      const bool optional = t.step == 2;
      const bool moves = t.b == kActMoves;
      ++t.step;
      if (moves) {
        PushDuchyMove(s, seat, optional);
      } else {
        PushBattleChoice(s, seat, -1, optional);
      }
      return;
    }
    default:
      s.Pop();
  }
}

void BrigadierChoose(State& s, const Option& o) {
  Task& t = s.top();
  t.b = o.a;
  t.step = 1;
}

// Law 12.5.2.V: spend one or more cards of one suit, a VP each.
// a = the suit, c = cards spent so far.
void BankerStep(State& s) {
  Task& t = s.top();
  const int seat = t.seat;
  if (t.step == 0) {
    std::vector<Option> opts = NewOptionList();
    for (int suit = 0; suit < kNumClearingSuits; ++suit) {
      if (AnyOption(MatchingCards(s, seat, suit)))
        opts.push_back({.kind = kOptSuit, .a = I8(suit)});
    }
    s.Ask(kDuPromptBankerSuit, seat, std::move(opts));
    return;
  }
  std::vector<Option> opts = MatchingCards(s, seat, t.a);
  if (opts.empty()) {
    RecycleOptionList(std::move(opts));
    s.Pop();
    return;
  }
  if (t.c > 0) opts.push_back({.kind = kOptDone});
  s.Ask(kDuPromptBankerCard, seat, std::move(opts), t.a, std::max(0, int{t.c}));
}

void BankerChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (t.step == 0) {
    t.a = o.a;
    t.step = 1;
    t.c = 0;
    return;
  }
  if (o.kind == kOptDone) {
    s.Pop();
    return;
  }
  ++t.c;
  const int seat = t.seat;
  SpendCard(s, seat, o.card);
  s.AddVp(seat, 1, kVpDuchyMinister);
}

// --- Sway (Law 12.5.3)
// --------------------------------------------------------------

// Suit counts of revealed cards are packed in Task::d, four bits per suit.
int Packed(int d, int suit) { return d >> (4 * suit) & 15; }

// Law 12.5.3.II: the clearings holding a Duchy piece, by suit; `every`:
// those counting as every suit (the Lost City).
struct RevealSlots {
  std::array<int, kNumClearingSuits> by_suit{};
  int every = 0;
};

RevealSlots SlotsFor(const State& s) {
  RevealSlots slots;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (!s.HasPieces(kDuchy, c)) continue;
    if (EverySuit(s, c)) {
      ++slots.every;
    } else {
      ++slots.by_suit[s.SuitOf(c)];
    }
  }
  return slots;
}

// The most of `cards` (counts by suit, birds included) that can each take a
// clearing of its own: a card takes one of its suit, else one of every suit;
// birds are wild (Law 2.1.1) and take any clearing left.
int MostRevealable(const RevealSlots& slots,
                   const std::array<int, kNumSuits>& cards) {
  int matched = 0, spill = 0, total = slots.every;
  for (int suit = 0; suit < kNumClearingSuits; ++suit) {
    const int own = std::min(cards[suit], slots.by_suit[suit]);
    matched += own;
    spill += cards[suit] - own;
    total += slots.by_suit[suit];
  }
  matched += std::min(spill, slots.every);
  return matched + std::min(cards[kBird], total - matched);
}

// Law 12.5.3.II: can `chosen` (suit counts) grow, with cards still in hand,
// to `need` cards, each matched to its own clearing with a Duchy piece?
// `skip`: a card of the hand not to count (the one being tried). The chosen
// cards must all fit; a matching of them then grows to the most the chosen
// and the hand cards allow together.
bool SwayFeasible(const State& s, int seat, int chosen, int need,
                  CardId skip = kNoCard) {
  const RevealSlots slots = SlotsFor(s);
  std::array<int, kNumSuits> picked{}, all{};
  int have = 0;
  for (int suit = 0; suit < kNumSuits; ++suit) {
    picked[suit] = all[suit] = Packed(chosen, suit);
    have += picked[suit];
  }
  for (CardId id : s.seat(seat).hand) {
    if (id != skip) ++all[s.card(id).suit];
  }
  return MostRevealable(slots, picked) == have &&
         MostRevealable(slots, all) >= need;
}

bool CanSway(const State& s, int seat, int m) {
  const int rank = MinisterRank(m);
  return !s.duchy().Swayed(m) && s.duchy().CrownsLeft(rank) > 0 &&
         SwayFeasible(s, seat, 0, kRevealByRank[rank]);
}

void SwayStep(State& s) {
  Task& t = s.top();
  const int seat = t.seat;
  if (t.step == 0) {
    std::vector<Option> opts = NewOptionList();
    for (int m = 0; m < kNumMinisters; ++m) {
      if (CanSway(s, seat, m)) opts.push_back(Act(kActSway, m));
    }
    AppendDaylightExtras(s, seat, opts);
    s.AskWithDoneOrPop(kDuPromptSway, seat, std::move(opts));
    return;
  }
  const int m = t.b, rank = MinisterRank(m), need = kRevealByRank[rank];
  int have = 0;
  for (int suit = 0; suit < kNumSuits; ++suit) have += Packed(t.d, suit);
  if (have == need) {
    s.Pop();
    s.mutable_duchy().swayed |= 1u << m;  // 12.5.3.III
    s.Log({.kind = kEvMinister, .faction = kDuchy, .a = I8(m), .b = 1});
    s.AddVp(seat, kCrownVp[rank], kVpDuchyCrown);
    return;
  }
  std::vector<Option> opts = NewOptionList();
  std::vector<Option> matching = MatchingCards(s, seat, -1);
  for (const Option& o : matching) {
    const int suit = s.card(o.card).suit;
    const int after = t.d + (1 << (4 * suit));
    if (SwayFeasible(s, seat, after, need, o.card)) opts.push_back(o);
  }
  RecycleOptionList(std::move(matching));
  CHECK(!opts.empty());
  s.Ask(kDuPromptSwayCard, seat, std::move(opts), m, need - have);
}

void SwayChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (t.step == 0) {
    if (o.kind == kOptDone) {
      s.Pop();
    } else if (o.kind == kOptExtra) {
      ResolveDaylightExtra(s, t.seat, o);
    } else {
      t.b = o.b;
      t.step = 1;
      t.d = 0;
    }
    return;
  }
  t.d += 1 << (4 * s.card(o.card).suit);
  RevealCard(s, t.seat, o.card);
}

// --- Evening (Law 12.6)
// ----------------------------------------------------------------

void EveningStep(State& s) {
  Task& t = s.top();
  const int seat = t.seat;
  if (t.step == 0) {
    // 12.6.1: birds revealed are discarded, the rest return to hand.
    t.step = 1;
    DuchyBoard& b = s.mutable_duchy();
    std::vector<CardId> cards(b.revealed.begin(), b.revealed.end());
    b.revealed.clear();
    for (CardId id : cards) {
      if (s.card(id).suit == kBird) {
        s.Discard(id);
      } else {
        s.mutable_seat(seat).hand.push_back(id);
      }
    }
    PushCraft(s, seat);  // 12.6.2
    return;
  }
  if (t.step == 1) {
    t.step = 2;
    s.DrawCards(seat, 1 + OnMap(s, kMarket));  // 12.6.3
    PushDiscardDown(s, seat, kHandLimit, kDuPromptDiscard);
    return;
  }
  s.Pop();
  DuchyBoard& b = s.mutable_duchy();
  b.actions = 0;
  b.used = 0;
}

// --- The Price of Failure (Law 12.2.3)
// --------------------------------------------------

void ReturnMinister(State& s, int m) {
  DuchyBoard& b = s.mutable_duchy();
  b.swayed &= ~(1u << m);
  ++b.crowns_lost[MinisterRank(m)];
  s.Log({.kind = kEvMinister, .faction = kDuchy, .a = I8(m), .b = 0});
}

void DiscardRandom(State& s, int seat) {
  const auto& hand = s.seat(seat).hand;
  if (hand.empty()) return;
  const int i =
      s.chance_stream().Draw(kChancePick, static_cast<int>(hand.size()));
  SpendCard(s, seat, hand[i]);
}

void FailureStep(State& s) {
  const int seat = s.top().seat;
  s.mutable_duchy().failure_pending = false;
  std::vector<Option> opts = NewOptionList();
  for (int rank = kNumRanks - 1; rank >= 0 && opts.empty(); --rank) {
    for (int m = rank * 3; m < rank * 3 + 3; ++m) {
      if (s.duchy().Swayed(m)) opts.push_back(Act(kActReturn, m));
    }
  }
  if (opts.empty()) {
    s.Pop();
    DiscardRandom(s, seat);
    return;
  }
  s.Ask(kDuPromptFailure, seat, std::move(opts));
}

void FailureChoose(State& s, const Option& o) {
  const int seat = s.top().seat;
  s.Pop();
  ReturnMinister(s, o.b);
  DiscardRandom(s, seat);
}

// --- The module
// -----------------------------------------------------------------------

class Duchy : public FactionModule {
 public:
  int faction() const override { return kDuchy; }
  int warriors() const override { return 20; }  // Law 12.3.1
  std::array<int8_t, kNumPieces> pieces() const override {
    std::array<int8_t, kNumPieces> p{};
    p[kTunnel] = kTunnels;
    p[kCitadel] = p[kMarket] = kBuildings;  // 12.3.4
    return p;
  }
  void PushSetup(State& s, int seat) const override {
    s.Push(Task{.kind = kDuSetup, .seat = I8(seat)});
  }
  void PushBirdsong(State& s, int seat) const override {
    s.Push(Task{.kind = kDuBirdsong, .seat = I8(seat)});
  }
  void PushDaylight(State& s, int seat) const override {
    s.Push(Task{.kind = kDuSway, .seat = I8(seat)});
    s.Push(Task{.kind = kDuParliament, .seat = I8(seat)});
    s.Push(Task{.kind = kDuAssembly, .seat = I8(seat)});
  }
  void PushEvening(State& s, int seat) const override {
    s.Push(Task{.kind = kDuEvening, .seat = I8(seat)});
  }
  std::string ActionLabel(const State& s, const Option& o) const override;
  // Law 12.2.1: citadels and markets craft (in Evening).
  int CraftingPiecesIn(const State& s, int c) const override {
    return s.clearing(c).pieces[kCitadel] + s.clearing(c).pieces[kMarket];
  }
  // Law 12.2.3: once per removal, however many buildings went at once.
  void OnPieceRemoved(State& s, int piece, int c, int remover) const override {
    if (piece != kCitadel && piece != kMarket) return;
    if (s.duchy().failure_pending) return;
    s.mutable_duchy().failure_pending = true;
    s.Push(Task{.kind = kDuFailure, .seat = I8(DuchySeat(s))});
  }
};

std::string Duchy::ActionLabel(const State& s, const Option& o) const {
  switch (CodeOf(o.a)) {
    case kActBuild:
      return "Build (reveal a matching card)";
    case kActRecruit:
      return "Recruit in the Burrow";
    case kActMove:
      return "Move";
    case kActBattle:
      return "Battle";
    case kActDig:
      return "Dig (spend a matching card)";
    case kActMinister:
      return std::string(DuchyMinisterName(o.b));
    case kActSway:
      return absl::StrCat("Sway the ", DuchyMinisterName(o.b), " (reveal ",
                          kRevealByRank[MinisterRank(o.b)], " cards)");
    case kActReturn:
      return absl::StrCat("Return the ", DuchyMinisterName(o.b));
    case kActFromBurrow:
      return absl::StrCat("Move from the Burrow to ", ClearingName(s, o.b));
    case kActToBurrow:
      return absl::StrCat("Move from ", ClearingName(s, o.b), " to the Burrow");
    case kActRemoveTunnel:
      return absl::StrCat("Remove the tunnel in ", ClearingName(s, o.b));
    case kActMoves:
      return "Up to two moves";
    case kActBattles:
      return "Up to two battles";
  }
  return "?";
}

std::string Where(const State& s, int x) {
  return x == kBurrowIx ? std::string("the Burrow") : ClearingName(s, x);
}

}  // namespace

void ObserveDuchy(const State& s, int seat, Observation& o) {
  o.duchy = s.duchy();  // all public, revealed cards included (12.5.3.II)
}

void RegisterDuchy() {
  static const Duchy kModule;
  RegisterFaction(&kModule);
  RegisterTask(kDuSetup, {"duchy.setup", SetupStep, SetupChoose});
  RegisterTask(kDuBirdsong, {"duchy.birdsong", BirdsongStep, NoChoice});
  RegisterTask(kDuAssembly, {"duchy.assembly", AssemblyStep, AssemblyChoose});
  RegisterTask(kDuParliament,
               {"duchy.parliament", ParliamentStep, ParliamentChoose});
  RegisterTask(kDuSway, {"duchy.sway", SwayStep, SwayChoose});
  RegisterTask(kDuEvening, {"duchy.evening", EveningStep, NoChoice});
  RegisterTask(kDuMove, {"duchy.move", MoveStep, MoveChoose});
  RegisterTask(kDuBuild, {"duchy.build", BuildStep, BuildChoose});
  RegisterTask(kDuDig, {"duchy.dig", DigStep, DigChoose});
  RegisterTask(kDuBanker, {"duchy.banker", BankerStep, BankerChoose});
  RegisterTask(kDuBrigadier,
               {"duchy.brigadier", BrigadierStep, BrigadierChoose});
  RegisterTask(kDuMayor, {"duchy.mayor", MayorStep, MayorChoose});
  RegisterTask(kDuFailure,
               {"duchy.price_of_failure", FailureStep, FailureChoose});
  using TextFn = std::string (*)(const State&, const Prompt&);
  auto reg = [](int kind, absl::string_view key, absl::string_view law,
                TextFn text) {
    RegisterPrompt(kind, PromptInfo{key, law, text});
  };
  reg(kDuPromptDiscard, "discard.hand_limit", "12.6.3", HandLimitText);
  reg(kDuPromptCorner, "duchy.setup_corner", "12.3.3",
      [](const State&, const Prompt&) {
        return std::string(
            "Setup: place two warriors and a tunnel in which corner?");
      });
  reg(kDuPromptAssembly, "duchy.assembly", "12.5.1",
      [](const State&, const Prompt& p) {
        return absl::StrCat("Assembly: take an action (", int{p.a},
                            " left), or end Assembly.");
      });
  reg(kDuPromptMove, "duchy.move", "12.2.2", [](const State&, const Prompt&) {
    return std::string("Move: from where to where (the Burrow included)?");
  });
  reg(kDuPromptMoveCount, "duchy.move_count", "4.2.2",
      [](const State& s, const Prompt& p) {
        return absl::StrCat("Move how many warriors from ", Where(s, p.a),
                            " to ", Where(s, p.b), "?");
      });
  auto piece_text = [](const State&, const Prompt&) {
    return std::string("Build a citadel or a market?");
  };
  auto clearing_text = [](const State&, const Prompt&) {
    return std::string("Build in which clearing you rule?");
  };
  auto card_text = [](const State& s, const Prompt& p) {
    return absl::StrCat("Reveal which card to build in ", ClearingName(s, p.a),
                        "?");
  };
  reg(kDuPromptBuildPiece, "duchy.build_piece", "12.5.1.I", piece_text);
  reg(kDuPromptBuildClearing, "duchy.build_clearing", "12.5.1.I",
      clearing_text);
  reg(kDuPromptBuildCard, "duchy.build_card", "12.5.1.I", card_text);
  reg(kDuPromptForemolePiece, "duchy.build_piece", "12.5.2.I", piece_text);
  reg(kDuPromptForemoleClearing, "duchy.build_clearing", "12.5.2.I",
      clearing_text);
  reg(kDuPromptForemoleCard, "duchy.build_card", "12.5.2.I", card_text);
  reg(kDuPromptDigClearing, "duchy.dig_clearing", "12.5.1.V",
      [](const State&, const Prompt&) {
        return std::string("Dig: place a tunnel in which clearing?");
      });
  reg(kDuPromptDigRemove, "duchy.dig_remove_tunnel", "12.2.4",
      [](const State&, const Prompt&) {
        return std::string(
            "All three tunnels are on the map: remove which one first?");
      });
  reg(kDuPromptDigCard, "duchy.dig_card", "12.5.1.V",
      [](const State& s, const Prompt& p) {
        return absl::StrCat("Spend which card to dig in ", ClearingName(s, p.a),
                            "?");
      });
  reg(kDuPromptDigCount, "duchy.dig_count", "12.5.1.V",
      [](const State& s, const Prompt& p) {
        return absl::StrCat("Move how many warriors from the Burrow to ",
                            ClearingName(s, p.a), "?");
      });
  reg(kDuPromptParliament, "duchy.parliament", "12.5.2",
      [](const State&, const Prompt&) {
        return std::string(
            "Parliament: take which swayed minister's action, or end?");
      });
  reg(kDuPromptMayor, "duchy.mayor", "12.5.2.VI",
      [](const State&, const Prompt&) {
        return std::string("Mayor: take the action of which noble or squire?");
      });
  reg(kDuPromptBrigadier, "duchy.brigadier", "12.5.2.IV",
      [](const State&, const Prompt&) {
        return std::string("Brigadier: two moves or two battles?");
      });
  reg(kDuPromptBankerSuit, "duchy.banker_suit", "12.5.2.V",
      [](const State&, const Prompt&) {
        return std::string("Banker: spend cards of which suit?");
      });
  reg(kDuPromptBankerCard, "duchy.banker_card", "12.5.2.V",
      [](const State&, const Prompt& p) {
        return absl::StrCat("Banker: spend which ", SuitName(p.a), " card (",
                            int{p.b}, " spent)?");
      });
  reg(kDuPromptSway, "duchy.sway", "12.5.3.I", [](const State&, const Prompt&) {
    return std::string("Sway which minister, or end Daylight?");
  });
  reg(kDuPromptSwayCard, "duchy.sway_card", "12.5.3.II",
      [](const State&, const Prompt& p) {
        return absl::StrCat("Sway the ", DuchyMinisterName(p.a),
                            ": reveal which card (", int{p.b}, " to go)?");
      });
  reg(kDuPromptFailure, "duchy.price_of_failure", "12.2.3",
      [](const State&, const Prompt&) {
        return std::string(
            "The Price of Failure: return which minister of highest rank?");
      });
}

}  // namespace woodland::rules
