// The Corvid Conspiracy (Law 13).
//
// Plot tokens are pieces kPlotBomb..kPlotRaid on the map, one per clearing at
// most (13.2.2.II); CorvidBoard::face_up says which lie face up. Hidden
// information: a face-down plot's kind reaches no other seat — observations
// show kPlotHidden (ObserveCorvid), events log kPlotHidden (PublicPiece), and
// the Corvids' own choices of kind are asked of the Corvids alone.
//
// Turn: Birdsong crafts with plots, flips plots (bomb, extortion take effect)
// and recruits once; Daylight takes up to three actions (move, plot, battle,
// trick); Evening exerts (one more action instead of drawing) or draws.
// Other factions may use Exposure (13.2.4) from their Daylight menus through
// the AppendEnemyExtras hook.
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "referee/rules/advanced_setup.h"
#include "referee/rules/check.h"
#include "referee/rules/faction.h"
#include "referee/rules/hirelings.h"
#include "referee/rules/observation.h"

namespace woodland::rules {
namespace {

constexpr int kTaskBase = kFactionTaskBase + 16 * kCorvid;
enum CorvidTask : uint8_t {
  kCoSetup = kTaskBase,
  kCoBirdsong,
  kCoRecruitSuit,
  kCoDaylight,
  kCoPlot,
  kCoTrick,
  kCoEvening,
  kCoExposure,
  kCoPlaceEach,
};

constexpr int kPromptBase = kFactionPromptBase + 32 * kCorvid;
constexpr int kCoPromptDiscard = kPromptBase + 31;  // hand limit (13.6.2)
enum CorvidPrompt : uint16_t {
  kCoPromptSetup = kPromptBase,
  kCoPromptFlip,
  kCoPromptRecruit,
  kCoPromptRecruitSuit,
  kCoPromptAction,
  kCoPromptPlotWhere,
  kCoPromptPlotKind,
  kCoPromptTrickFirst,
  kCoPromptTrickSecond,
  kCoPromptExert,
  kCoPromptExposureCard,
  kCoPromptExposureGuess,
  kCoPromptRecruitShort,
  kCoPromptRaidShort,
};

enum CorvidAction : int8_t { kActMove = 0, kActPlot, kActBattle, kActTrick };

constexpr int kWarriors = 15;        // Law 13.3.1
constexpr int kPlotsPerKind = 2;     // Law 13.2.2
constexpr int kDaylightActions = 3;  // Law 13.5
constexpr int kHandLimit = 5;        // Law 13.6.2

int8_t I8(int v) { return static_cast<int8_t>(v); }

bool IsPlot(int piece) { return piece >= kPlotBomb && piece <= kPlotRaid; }

// The plot in clearing c, or -1.
int PlotIn(const State& s, int c) {
  for (int p = kPlotBomb; p <= kPlotRaid; ++p) {
    if (s.clearing(c).pieces[p] > 0) return p;
  }
  return -1;
}

bool FaceDownPlot(const State& s, int c) {
  return PlotIn(s, c) >= 0 && !s.corvid().FaceUp(c);
}

int FaceUpPlots(const State& s) {
  int n = 0;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    n += PlotIn(s, c) >= 0 && s.corvid().FaceUp(c);
  }
  return n;
}

int FaceUpOf(const State& s, int kind) {
  int n = 0;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    n += PlotIn(s, c) == kind && s.corvid().FaceUp(c);
  }
  return n;
}

int PlotsInSupply(const State& s) {
  int n = 0;
  for (int p = kPlotBomb; p <= kPlotRaid; ++p) n += s.piece_supply(p);
  return n;
}

int CorvidSeat(const State& s) { return s.SeatOf(kCorvid); }

// --- Actions (Law 13.5) ------------------------------------------------------

// Law 13.5.2: a clearing without a plot, with 1 + (plots placed this turn)
// Corvid warriors.
std::vector<Option> PlotClearings(const State& s) {
  std::vector<Option> opts = NewOptionList();
  if (PlotsInSupply(s) == 0) return opts;
  const int cost = 1 + s.corvid().plotted;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (PlotIn(s, c) < 0 && s.clearing(c).warriors[kCorvid] >= cost &&
        s.CanPlace(kCorvid, c)) {
      opts.push_back({.kind = kOptClearing, .a = I8(c)});
    }
  }
  return opts;
}

// Law 13.5.4: plots that have another plot of the same facing to swap with;
// `first` >= 0: the partners of that one.
std::vector<Option> TrickClearings(const State& s, int first) {
  std::vector<Option> opts = NewOptionList();
  const int n = s.map().num_clearings;
  for (int c = 0; c < n; ++c) {
    if (PlotIn(s, c) < 0 || c == first) continue;
    bool partner = false;
    for (int o = 0; o < n && !partner; ++o) {
      if (o == c || PlotIn(s, o) < 0) continue;
      if (first >= 0 && o != first) continue;
      partner = s.corvid().FaceUp(o) == s.corvid().FaceUp(c);
    }
    if (partner) opts.push_back({.kind = kOptClearing, .a = I8(c)});
  }
  return opts;
}

std::vector<Option> ActionOptions(const State& s) {
  std::vector<Option> opts = NewOptionList();
  if (AnyLegalMove(s, kCorvid, -1))
    opts.push_back({.kind = kOptAction, .a = kActMove});
  if (!PlotClearings(s).empty())
    opts.push_back({.kind = kOptAction, .a = kActPlot});
  if (AnyLegalBattle(s, kCorvid, -1))
    opts.push_back({.kind = kOptAction, .a = kActBattle});
  if (!TrickClearings(s, -1).empty())
    opts.push_back({.kind = kOptAction, .a = kActTrick});
  return opts;
}

void PushAction(State& s, int seat, int action) {
  switch (action) {
    case kActMove:
      PushMove(s, seat, -1, false);  // Law 13.5.1 (Nimble, 13.2.3)
      return;
    case kActPlot:
      s.Push(Task{.kind = kCoPlot, .seat = I8(seat)});
      return;
    case kActBattle:
      PushBattleChoice(s, seat, -1, false);  // Law 13.5.3
      return;
    case kActTrick:
      s.Push(Task{.kind = kCoTrick, .seat = I8(seat)});
      return;
  }
  CHECK(false) << "bad Corvid action " << action;
}

// Places one warrior in each clearing of `mask`; when the supply is short,
// the Corvids choose where (Law 1.5.4). b = 0 recruit, 1 raid.
void PushPlaceEach(State& s, int seat, uint32_t mask, bool raid) {
  Task t{.kind = kCoPlaceEach, .seat = I8(seat)};
  t.b = raid ? 1 : 0;
  t.d = static_cast<int16_t>(mask);
  s.Push(t);
}

void PlaceEachStep(State& s) {
  Task& t = s.top();
  std::vector<Option> opts = NewOptionList();
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if ((t.d >> c & 1) && s.CanPlace(kCorvid, c))
      opts.push_back({.kind = kOptClearing, .a = I8(c)});
  }
  const int supply = s.warrior_supply(kCorvid);
  if (supply == 0 || opts.empty()) {
    RecycleOptionList(std::move(opts));
    s.Pop();
    return;
  }
  if (supply >= static_cast<int>(opts.size())) {
    s.Pop();
    for (const Option& o : opts) s.PlaceWarriors(kCorvid, o.a, 1);
    RecycleOptionList(std::move(opts));
    return;
  }
  s.Ask(t.b == 1 ? kCoPromptRaidShort : kCoPromptRecruitShort, t.seat,
        std::move(opts), supply);
}

void PlaceEachChoose(State& s, const Option& o) {
  s.top().d &= static_cast<int16_t>(~(1 << o.a));
  s.PlaceWarriors(kCorvid, o.a, 1);
}

// --- Setup (Law 13.3) -------------------------------------------------------

// The Corvids' faction setup card (Law 19.8.3): step -2 a homeland with a
// warrior and a face-down plot of their choice (step -1), then a warrior in
// a clearing of each suit.
void CardSetupStep(State& s) {
  const Task& t = s.top();
  if (t.step == -2) {
    s.Ask(kPromptHomeland, t.seat,
          CardHomelandOptions(s, kCorvid, false, false, HomelandRule::kAny));
    return;
  }
  std::vector<Option> opts = NewOptionList();
  for (int p = kPlotBomb; p <= kPlotRaid; ++p) {
    if (s.piece_supply(p) > 0) opts.push_back({.kind = kOptPiece, .a = I8(p)});
  }
  s.Ask(kCoPromptPlotKind, t.seat, std::move(opts), t.a);
}

void SetupStep(State& s) {
  const Task& t = s.top();
  if (t.step < 0) {
    CardSetupStep(s);
    return;
  }
  if (t.step >= kNumClearingSuits) {
    s.Pop();
    return;
  }
  std::vector<Option> opts = NewOptionList();
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (s.ClearingIs(c, t.step) && s.CanPlace(kCorvid, c))
      opts.push_back({.kind = kOptClearing, .a = I8(c)});
  }
  if (opts.empty()) {
    ++s.top().step;
    return;
  }
  s.Ask(kCoPromptSetup, t.seat, std::move(opts), t.step);
}

void SetupChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (t.step == -2) {  // the card's homeland and its warrior
    t.a = o.a;
    AddHomeland(s, kCorvid, o.a);
    s.PlaceWarriors(kCorvid, o.a, 1);
  } else if (t.step == -1) {
    CHECK(s.PlacePiece(o.a, t.a));  // face down: logged as kPlotHidden
  } else {
    s.PlaceWarriors(kCorvid, o.a, 1);  // Law 13.3.2
  }
  ++t.step;
}

// --- Birdsong (Law 13.4)
// ------------------------------------------------------

// Law 13.4.2: flip, score one VP per face-up plot, then a bomb or an
// extortion takes effect.
void Flip(State& s, int seat, int c) {
  const int kind = PlotIn(s, c);
  s.mutable_corvid().face_up |= static_cast<uint16_t>(1u << c);
  s.Log({.kind = kEvPlotFlip,
         .seat = I8(seat),
         .faction = kCorvid,
         .b = I8(kind),
         .c = I8(c)});
  s.AddVp(seat, FaceUpPlots(s), kVpPlot);
  if (kind == kPlotBomb) {
    // Law 13.7.1: every enemy piece there, then the bomb itself.
    const size_t mark = s.BeginSimultaneous();
    for (int o = 0; o < s.num_seats(); ++o) {
      const int f = s.seat(o).faction;
      if (s.AreEnemies(kCorvid, f) && s.HasPieces(f, c))
        GetFaction(f)->RemoveAllPieces(s, c, kCorvid);
    }
    RemoveEnemyHirelingsFor(s, c, kCorvid);  // Law 22.3.2
    std::array<int8_t, kNumPieces> bomb{};
    bomb[kPlotBomb] = 1;
    s.RemovePieces(kCorvid, c, 0, bomb, kCorvid);
    s.EndSimultaneous(mark);
  } else if (kind == kPlotExtortion) {
    // Law 13.7.3: a random card from each enemy with pieces there.
    for (int o = 0; o < s.num_seats(); ++o) {
      const int f = s.seat(o).faction;
      auto& hand = s.mutable_seat(o).hand;
      if (!s.AreEnemies(kCorvid, f) || !s.HasPieces(f, c) || hand.empty())
        continue;
      const int i =
          s.chance_stream().Draw(kChancePick, static_cast<int>(hand.size()));
      const CardId id = hand[i];
      hand.erase(hand.begin() + i);
      s.mutable_seat(seat).hand.push_back(id);
      s.Log({.kind = kEvTakeCard,
             .seat = I8(seat),
             .a = I8(o),
             .b = kTakeRaid,
             .card = id,
             .visible_to = static_cast<uint8_t>((1u << seat) | (1u << o))});
    }
  }
}

std::vector<Option> FlipClearings(const State& s) {
  std::vector<Option> opts = NewOptionList();
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (FaceDownPlot(s, c) && s.clearing(c).warriors[kCorvid] > 0)
      opts.push_back({.kind = kOptClearing, .a = I8(c)});
  }
  return opts;
}

void Recruit(State& s, int seat, int suit) {
  uint32_t mask = 0;  // Law 13.4.3: each clearing of the suit
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (s.ClearingIs(c, suit)) mask |= 1u << c;
  }
  PushPlaceEach(s, seat, mask, false);
}

void BirdsongStep(State& s) {
  Task& t = s.top();
  const int seat = t.seat;
  if (t.step == 0) {
    t.step = 1;
    s.mutable_corvid().plotted = 0;
    PushCraft(s, seat);  // Law 13.4.1 (13.2.1: plots are crafting pieces)
    return;
  }
  if (t.step == 1) {
    std::vector<Option> opts = FlipClearings(s);
    if (opts.empty()) {
      t.step = 2;
      return;
    }
    opts.push_back({.kind = kOptDone});
    s.Ask(kCoPromptFlip, seat, std::move(opts));
    return;
  }
  std::vector<Option> opts = NewOptionList();
  if (s.warrior_supply(kCorvid) > 0) opts = MatchingCards(s, seat, -1);
  s.AskWithDoneOrPop(kCoPromptRecruit, seat, std::move(opts));
}

void BirdsongChoose(State& s, const Option& o) {
  Task& t = s.top();
  const int seat = t.seat;
  if (t.step == 1) {
    if (o.kind == kOptDone) {
      t.step = 2;
    } else {
      Flip(s, seat, o.a);
    }
    return;
  }
  s.Pop();
  if (o.kind == kOptDone) return;
  // Law 13.4.3: spend any card; a bird chooses the suit.
  s.RemoveFromHand(seat, o.card);
  s.Discard(o.card);
  const int suit = s.card(o.card).suit;
  if (suit == kBird) {
    s.Push(Task{.kind = kCoRecruitSuit, .seat = I8(seat)});
  } else {
    Recruit(s, seat, suit);
  }
}

void RecruitSuitStep(State& s) {
  std::vector<Option> opts = NewOptionList();
  for (int i = 0; i < kNumClearingSuits; ++i)
    opts.push_back({.kind = kOptSuit, .a = I8(i)});
  s.Ask(kCoPromptRecruitSuit, s.top().seat, std::move(opts));
}

void RecruitSuitChoose(State& s, const Option& o) {
  const int seat = s.top().seat;
  s.Pop();
  Recruit(s, seat, o.a);
}

// --- Daylight (Law 13.5)
// ------------------------------------------------------

void DaylightStep(State& s) {
  Task& t = s.top();
  const int seat = t.seat;
  if (t.step == 0) {
    t.step = 1;
    t.c = kDaylightActions;
  }
  std::vector<Option> opts = NewOptionList();
  if (t.c > 0) opts = ActionOptions(s);
  AppendDaylightExtras(s, seat, opts);
  s.AskWithDoneOrPop(kCoPromptAction, seat, std::move(opts), t.c);
}

void DaylightChoose(State& s, const Option& o) {
  Task& t = s.top();
  const int seat = t.seat;
  if (o.kind == kOptDone) {
    s.Pop();
  } else if (o.kind == kOptExtra) {
    ResolveDaylightExtra(s, seat, o);
  } else {
    --t.c;
    PushAction(s, seat, o.a);
  }
}

// Task: a = the chosen clearing (step 1).
void PlotStep(State& s) {
  const Task& t = s.top();
  if (t.step == 0) {
    s.Ask(kCoPromptPlotWhere, t.seat, PlotClearings(s), 1 + s.corvid().plotted);
    return;
  }
  std::vector<Option> opts = NewOptionList();
  for (int p = kPlotBomb; p <= kPlotRaid; ++p) {
    if (s.piece_supply(p) > 0) opts.push_back({.kind = kOptPiece, .a = I8(p)});
  }
  s.Ask(kCoPromptPlotKind, t.seat, std::move(opts), t.a);
}

void PlotChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (t.step == 0) {
    t.step = 1;
    t.a = o.a;
    return;
  }
  const int c = t.a;
  s.Pop();
  // Law 13.5.2: one warrior plus one per plot placed this turn.
  const int cost = 1 + s.corvid().plotted;
  s.RemoveWarriors(kCorvid, c, cost, kCorvid);
  CHECK(s.PlacePiece(o.a, c));  // face down: logged as kPlotHidden
  ++s.mutable_corvid().plotted;
}

void TrickStep(State& s) {
  const Task& t = s.top();
  if (t.step == 0) {
    s.Ask(kCoPromptTrickFirst, t.seat, TrickClearings(s, -1));
  } else {
    s.Ask(kCoPromptTrickSecond, t.seat, TrickClearings(s, t.a), t.a);
  }
}

// Law 13.5.4: the two plots change places; each keeps its facing.
void TrickChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (t.step == 0) {
    t.step = 1;
    t.a = o.a;
    return;
  }
  const int a = t.a, b = o.a;
  s.Pop();
  const int ka = PlotIn(s, a), kb = PlotIn(s, b);
  s.SetPieces(ka, a, 0);
  s.SetPieces(kb, b, 0);
  s.SetPieces(kb, a, 1);
  s.SetPieces(ka, b, 1);
  s.Log({.kind = kEvPlotSwap,
         .seat = I8(CorvidSeat(s)),
         .faction = kCorvid,
         .b = I8(a),
         .c = I8(b)});
}

// --- Evening (Law 13.6)
// -------------------------------------------------------

// step 0: exert or draw; 1: after exerting; 2: draw.
void EveningStep(State& s) {
  Task& t = s.top();
  const int seat = t.seat;
  if (t.step == 0) {
    std::vector<Option> opts = ActionOptions(s);
    if (opts.empty()) {
      t.step = 2;
      return;
    }
    opts.push_back({.kind = kOptDone});
    s.Ask(kCoPromptExert, seat, std::move(opts));
    return;
  }
  const bool draw = t.step == 2;
  s.Pop();
  if (draw) s.DrawCards(seat, 1 + FaceUpOf(s, kPlotExtortion));  // 13.6.2
  PushDiscardDown(s, seat, kHandLimit, kCoPromptDiscard);
}

void EveningChoose(State& s, const Option& o) {
  Task& t = s.top();
  const int seat = t.seat;
  if (o.kind == kOptDone) {
    t.step = 2;
    return;
  }
  t.step = 1;  // Law 13.6.1: exerted, so no draw
  PushAction(s, seat, o.a);
}

// --- Exposure (Law 13.2.4)
// ----------------------------------------------------- Task: seat = the
// guessing enemy, a = clearing, d = the card shown.

void ExposureStep(State& s) {
  const Task& t = s.top();
  if (!FaceDownPlot(s, t.a)) {  // nothing left to guess
    s.Pop();
    return;
  }
  if (t.step == 0) {
    s.Ask(kCoPromptExposureCard, t.seat, MatchingCardsIn(s, t.seat, t.a), t.a);
    return;
  }
  std::vector<Option> opts = NewOptionList();
  for (int p = kPlotBomb; p <= kPlotRaid; ++p)
    opts.push_back({.kind = kOptPiece, .a = I8(p)});
  s.Ask(kCoPromptExposureGuess, t.seat, std::move(opts), t.a);
}

void ExposureChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (t.step == 0) {
    t.step = 1;
    t.d = o.card;
    return;
  }
  const int seat = t.seat, c = t.a;
  const CardId card = t.d;
  s.Pop();
  const int corvid = CorvidSeat(s);
  const bool right = PlotIn(s, c) == o.a;
  s.Log({.kind = kEvExposure,
         .seat = I8(seat),
         .faction = s.seat(seat).faction,
         .a = I8(right),
         .b = o.a,
         .c = I8(c),
         .card = card,
         .visible_to = static_cast<uint8_t>((1u << seat) | (1u << corvid))});
  if (!right) {
    // The Corvids say "no" and take the card shown.
    s.RemoveFromHand(seat, card);
    s.mutable_seat(corvid).hand.push_back(card);
    s.Log({.kind = kEvTakeCard,
           .seat = I8(corvid),
           .a = I8(seat),
           .b = kTakeRaid,
           .card = card,
           .visible_to = static_cast<uint8_t>((1u << seat) | (1u << corvid))});
    return;
  }
  // The guesser removes the plot, scoring one VP (3.2.1); a raid removed by
  // Exposure places no warriors (13.7.4).
  std::array<int8_t, kNumPieces> plot{};
  plot[o.a] = 1;
  s.mutable_corvid().exposing = true;
  s.RemovePieces(kCorvid, c, 0, plot, s.seat(seat).faction);
  s.mutable_corvid().exposing = false;
}

class Corvid : public FactionModule {
 public:
  int faction() const override { return kCorvid; }
  int warriors() const override { return kWarriors; }
  std::array<int8_t, kNumPieces> pieces() const override {
    std::array<int8_t, kNumPieces> p{};
    for (int k = kPlotBomb; k <= kPlotRaid; ++k) p[k] = kPlotsPerKind;
    return p;
  }
  void PushSetup(State& s, int seat) const override {
    s.Push(Task{.kind = kCoSetup,
                .seat = I8(seat),
                .step = static_cast<int8_t>(SetupCards(s) ? -2 : 0)});
  }
  void PushBirdsong(State& s, int seat) const override {
    s.Push(Task{.kind = kCoBirdsong, .seat = I8(seat)});
  }
  void PushDaylight(State& s, int seat) const override {
    s.Push(Task{.kind = kCoDaylight, .seat = I8(seat)});
  }
  void PushEvening(State& s, int seat) const override {
    s.Push(Task{.kind = kCoEvening, .seat = I8(seat)});
  }
  std::string ActionLabel(const State& s, const Option& o) const override {
    switch (o.a) {
      case kActMove:
        return "Move";
      case kActPlot:
        return "Plot (place a face-down plot)";
      case kActBattle:
        return "Battle";
      case kActTrick:
        return "Trick (swap two plots)";
    }
    return "?";
  }
  // Law 13.2.1: plot tokens, face up or down, are crafting pieces.
  int CraftingPiecesIn(const State& s, int c) const override {
    return PlotIn(s, c) >= 0 ? 1 : 0;
  }
  bool MayBlockPlacement() const override { return true; }
  bool MayBlockMoves() const override { return true; }
  // Law 13.7.2: no enemy piece is placed where a snare lies face up.
  bool BlocksPlacement(const State& s, int placer, int c) const override {
    return s.AreEnemies(kCorvid, placer) && PlotIn(s, c) == kPlotSnare &&
           s.corvid().FaceUp(c);
  }
  uint32_t MoveBlockedFrom(const State& s, int mover) const override {
    if (!s.AreEnemies(kCorvid, mover)) return 0;
    uint32_t mask = 0;
    for (int c = 0; c < s.map().num_clearings; ++c) {
      if (PlotIn(s, c) == kPlotSnare && s.corvid().FaceUp(c)) mask |= 1u << c;
    }
    return mask;
  }
  bool MovesIgnoringRule() const override { return true; }  // 13.2.3
  int DefenderExtraHits(const State& s, int c) const override {
    return FaceDownPlot(s, c) ? 1 : 0;  // 13.2.5 Embedded Agents
  }
  int PublicPiece(const State& s, int piece, int c) const override {
    return IsPlot(piece) && !s.corvid().FaceUp(c) ? kPlotHidden : piece;
  }
  void OnPieceRemoved(State& s, int piece, int c, int remover) const override {
    if (!IsPlot(piece)) return;
    s.mutable_corvid().face_up &= static_cast<uint16_t>(~(1u << c));
    if (piece != kPlotRaid || s.corvid().exposing) return;
    // Law 13.7.4: a warrior in each adjacent clearing.
    uint32_t mask = 0;
    for (int o = 0; o < s.map().num_clearings; ++o) {
      if (s.Adjacent(c, o)) mask |= 1u << o;
    }
    PushPlaceEach(s, CorvidSeat(s), mask, true);
  }
  // Law 13.2.4: an enemy with pieces where a plot lies face down, holding a
  // card of that clearing's suit.
  void AppendEnemyExtras(const State& s, int seat,
                         std::vector<Option>& opts) const override {
    const int f = s.seat(seat).faction;
    if (!s.AreEnemies(kCorvid, f)) return;
    for (int c = 0; c < s.map().num_clearings; ++c) {
      if (!FaceDownPlot(s, c) || !s.HasPieces(f, c)) continue;
      bool card = false;
      for (CardId id : s.seat(seat).hand) card |= CardMatchesClearing(s, id, c);
      if (card)
        opts.push_back({.kind = kOptExtra, .a = kExtraExposure, .b = I8(c)});
    }
  }
  void ResolveEnemyExtra(State& s, int seat, const Option& o) const override {
    Task t{.kind = kCoExposure, .seat = I8(seat)};
    t.a = o.b;
    s.Push(t);
  }
};

std::string Text(absl::string_view s) { return std::string(s); }

void RegisterPrompts() {
  auto reg = [](int kind, absl::string_view key, absl::string_view law,
                std::string (*text)(const State&, const Prompt&)) {
    RegisterPrompt(kind, PromptInfo{key, law, text});
  };
  reg(kCoPromptDiscard, "discard.hand_limit", "13.6.2", HandLimitText);
  reg(kCoPromptSetup, "corvid.setup", "13.3.2",
      [](const State&, const Prompt& p) {
        return absl::StrCat("Setup: place a warrior in which ", SuitName(p.a),
                            " clearing?");
      });
  reg(kCoPromptFlip, "corvid.flip", "13.4.2", [](const State&, const Prompt&) {
    return Text(
        "Birdsong: flip a face-down plot where you have warriors, or "
        "go on to recruit.");
  });
  reg(kCoPromptRecruit, "corvid.recruit", "13.4.3",
      [](const State&, const Prompt&) {
        return Text(
            "Recruit: spend a card to place a warrior in each "
            "matching clearing, or not.");
      });
  reg(kCoPromptRecruitSuit, "corvid.recruit_suit", "13.4.3",
      [](const State&, const Prompt&) {
        return Text("Recruit with a bird: in the clearings of which suit?");
      });
  reg(kCoPromptAction, "corvid.action", "13.5",
      [](const State&, const Prompt& p) {
        return absl::StrCat("Daylight: move, plot, battle or trick (", int{p.a},
                            " actions left), or end Daylight.");
      });
  reg(kCoPromptPlotWhere, "corvid.plot", "13.5.2",
      [](const State&, const Prompt& p) {
        return absl::StrCat("Plot: remove ", int{p.a},
                            " warriors from which clearing?");
      });
  reg(kCoPromptPlotKind, "corvid.plot_kind", "13.5.2",
      [](const State& s, const Prompt& p) {
        return absl::StrCat("Plot: which token goes face down in ",
                            ClearingName(s, p.a), "?");
      });
  reg(kCoPromptTrickFirst, "corvid.trick", "13.5.4",
      [](const State&, const Prompt&) {
        return Text("Trick: swap the plot in which clearing?");
      });
  reg(kCoPromptTrickSecond, "corvid.trick_second", "13.5.4",
      [](const State& s, const Prompt& p) {
        return absl::StrCat("Trick: swap the plot in ", ClearingName(s, p.a),
                            " with the one in which clearing?");
      });
  reg(kCoPromptExert, "corvid.exert", "13.6.1",
      [](const State&, const Prompt&) {
        return Text("Evening: exert (one more action, no draw), or draw.");
      });
  reg(kCoPromptExposureCard, "corvid.exposure_card", "13.2.4",
      [](const State& s, const Prompt& p) {
        return absl::StrCat("Exposure in ", ClearingName(s, p.a),
                            ": show the Corvids which matching card?");
      });
  reg(kCoPromptExposureGuess, "corvid.exposure_guess", "13.2.4",
      [](const State& s, const Prompt& p) {
        return absl::StrCat("Exposure: which plot lies face down in ",
                            ClearingName(s, p.a), "?");
      });
  reg(kCoPromptRecruitShort, "corvid.recruit_short", "13.4.3",
      [](const State&, const Prompt& p) {
        return absl::StrCat("Recruit: ", int{p.a},
                            " warriors left; which clearing gets one?");
      });
  reg(kCoPromptRaidShort, "corvid.raid_short", "13.7.4",
      [](const State&, const Prompt& p) {
        return absl::StrCat("Raid: ", int{p.a},
                            " warriors left; which clearing gets one?");
      });
}

}  // namespace

// Law 13.2.2.I: only the Corvids know a face-down plot's kind.
void ObserveCorvid(const State& s, int seat, Observation& o) {
  o.corvid = s.corvid();
  const int corvid = s.SeatOf(kCorvid);
  if (corvid >= 0 && seat == corvid) return;
  for (size_t c = 0; c < o.clearings.size(); ++c) {
    const int kind = PlotIn(s, static_cast<int>(c));
    if (kind < 0 || s.corvid().FaceUp(static_cast<int>(c))) continue;
    o.clearings[c].pieces[kind] -= 1;
    o.clearings[c].pieces[kPlotHidden] += 1;
  }
}

void RegisterCorvid() {
  static const Corvid kModule;
  RegisterFaction(&kModule);
  RegisterTask(kCoSetup, {"corvid.setup", SetupStep, SetupChoose});
  RegisterTask(kCoBirdsong, {"corvid.birdsong", BirdsongStep, BirdsongChoose});
  RegisterTask(kCoRecruitSuit,
               {"corvid.recruit_suit", RecruitSuitStep, RecruitSuitChoose});
  RegisterTask(kCoDaylight, {"corvid.daylight", DaylightStep, DaylightChoose});
  RegisterTask(kCoPlot, {"corvid.plot", PlotStep, PlotChoose});
  RegisterTask(kCoTrick, {"corvid.trick", TrickStep, TrickChoose});
  RegisterTask(kCoEvening, {"corvid.evening", EveningStep, EveningChoose});
  RegisterTask(kCoExposure, {"corvid.exposure", ExposureStep, ExposureChoose});
  RegisterTask(kCoPlaceEach,
               {"corvid.place_warriors", PlaceEachStep, PlaceEachChoose});
  RegisterPrompts();
}

}  // namespace woodland::rules
