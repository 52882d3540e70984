// Woodland Alliance (Law 8).
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "referee/rules/check.h"
#include "referee/rules/faction.h"
#include "referee/rules/hirelings.h"

namespace woodland::rules {
namespace {

constexpr int kTaskBase = kFactionTaskBase + 16 * kAlliance;
enum AllianceTask : uint8_t {
  kAlSetup = kTaskBase,
  kAlBirdsong,
  kAlRevolt,
  kAlSpread,
  kAlSpend,
  kAlDaylight,
  kAlMobilize,
  kAlTrain,
  kAlEvening,
  kAlRecruit,
  kAlOrganize,
  kAlOutrage,
  kAlTrimSupporters,
};

constexpr int kPromptBase = kFactionPromptBase + 32 * kAlliance;
// The hand-limit discard (Law 8.6.2), in the last slot of the range.
constexpr int kAlPromptDiscard = kPromptBase + 31;
enum AlliancePrompt : uint16_t {
  kAlPromptRevolt = kPromptBase,
  kAlPromptSpread,
  kAlPromptSpend,
  kAlPromptAction,
  kAlPromptMobilize,
  kAlPromptTrain,
  kAlPromptOperation,
  kAlPromptRecruit,
  kAlPromptOrganize,
  kAlPromptOutrage,
  kAlPromptTrim,
  kAlPromptSpendSpread,  // as kAlPromptSpend, for Spread Sympathy
};

enum AllianceAction : int8_t {
  kActCraft = 0,
  kActMobilize,
  kActTrain,
  kOpMove,
  kOpBattle,
  kOpRecruit,
  kOpOrganize,
};

// Sympathy track (Law 8.2.5): supporters to place the k-th token, and the
// VP it scores.
constexpr std::array<int8_t, 10> kSympathyCost = {1, 1, 1, 2, 2, 2, 3, 3, 3, 3};
constexpr std::array<int8_t, 10> kSympathyVp = {0, 1, 1, 1, 2, 2, 3, 4, 4, 4};
constexpr int kSympathyTokens = 10;
constexpr int kSupporterCap = 5;  // Law 8.2.3.I without a base
constexpr int kHandLimit = 5;

int8_t I8(int v) { return static_cast<int8_t>(v); }

int BaseFor(int suit) { return kBaseFox + suit; }
int SuitOfBase(int piece) { return piece - kBaseFox; }

int BasesOnMap(const State& s) {
  return 3 - s.piece_supply(kBaseFox) - s.piece_supply(kBaseRabbit) -
         s.piece_supply(kBaseMouse);
}
int SympathyOnMap(const State& s) {
  return kSympathyTokens - s.piece_supply(kSympathy);
}
bool Sympathetic(const State& s, int c) {
  return s.clearing(c).pieces[kSympathy] > 0;
}

int MatchingSupporters(const State& s, int suit) {
  int n = 0;
  for (CardId id : s.alliance().supporters) n += CardMatchesSuit(s, id, suit);
  return n;
}

// Law 8.2.3.I: with no base on the map, at most five supporters; a card
// that does not fit is discarded.
void AddSupporter(State& s, CardId id) {
  auto& sup = s.mutable_alliance().supporters;
  if (BasesOnMap(s) == 0 && static_cast<int>(sup.size()) >= kSupporterCap) {
    s.Discard(id);
  } else {
    sup.push_back(id);
  }
}

// Law 8.4.2.II.a with 22.3.1: the warriors of the hirelings `faction`
// controls in c, which it treats as its own for rule.
int ControlledHirelingWarriors(const State& s, int faction, int c) {
  int n = 0;
  for (const HirelingCard& h : s.hirelings().cards) {
    if (h.controller == faction) n += h.warriors[c];
  }
  return n;
}

// Law 8.4.2: cost of placing sympathy in c, martial law included.
int SpreadCost(const State& s, int c) {
  int cost = kSympathyCost[SympathyOnMap(s)];
  for (int o = 0; o < s.num_seats(); ++o) {
    const int f = s.seat(o).faction;
    if (f == kAlliance) continue;
    // Law 8.4.2.II.a Martial Law: 3+ warriors of another player, those of
    // the hirelings it controls included. (Mercenaries count only in their
    // buyer's Daylight and Evening, 11.2.7.III, never in this Birdsong.)
    if (s.clearing(c).warriors[f] + ControlledHirelingWarriors(s, f, c) >= 3) {
      ++cost;
      break;
    }
  }
  return cost;
}

bool CanHoldSympathy(const State& s, int c) {
  return !Sympathetic(s, c) && s.piece_supply(kSympathy) > 0 &&
         s.CanPlace(kAlliance, c);
}

std::vector<Option> SpreadTargets(const State& s) {
  std::vector<Option> opts = NewOptionList();
  if (s.piece_supply(kSympathy) == 0) return opts;
  const int n = s.map().num_clearings;
  bool any = false;
  for (int c = 0; c < n; ++c) any |= Sympathetic(s, c);
  for (int c = 0; c < n; ++c) {
    if (!CanHoldSympathy(s, c)) continue;
    if (any) {
      bool adjacent = false;
      for (int o = 0; o < n; ++o)
        adjacent |= Sympathetic(s, o) && s.Adjacent(c, o);
      if (!adjacent) continue;
    }
    if (MatchingSupporters(s, MatchSuitOf(s, c)) >= SpreadCost(s, c)) {
      opts.push_back({.kind = kOptClearing, .a = I8(c)});
    }
  }
  return opts;
}

// Law 8.4.1: a sympathetic clearing matching a base still on the board.
std::vector<Option> RevoltTargets(const State& s) {
  std::vector<Option> opts = NewOptionList();
  for (int c = 0; c < s.map().num_clearings; ++c) {
    const int suit = s.SuitOf(c);  // the base: a lookup, decisions row
    if (!Sympathetic(s, c) || s.piece_supply(BaseFor(suit)) == 0) continue;
    if (MatchingSupporters(s, MatchSuitOf(s, c)) < 2) continue;
    const ClearingDef& def = s.map().clearings[c];
    if (def.slots - s.clearing(c).pieces[kRuin] <= 0) continue;
    opts.push_back({.kind = kOptClearing, .a = I8(c)});
  }
  return opts;
}

// c = 1: for a Revolt (8.4.1.II), else for Spread Sympathy (8.4.2.II).
void PushSpend(State& s, int seat, int suit, int count, bool revolt) {
  Task t{.kind = kAlSpend, .seat = I8(seat)};
  t.a = I8(suit);
  t.b = I8(count);
  t.c = revolt ? 1 : 0;
  s.Push(t);
}

// --- Setup (Law 8.3) --------------------------------------------------------

void SetupStep(State& s) {
  s.Pop();
  for (int i = 0; i < 3; ++i) {  // 8.3.4: three supporters from the deck
    const CardId id = s.DrawCard();
    if (id != kNoCard) AddSupporter(s, id);
  }
}

void NoChoice(State&, const Option&) { CHECK(false); }

// --- Birdsong (Law 8.4) -----------------------------------------------------

void BirdsongStep(State& s) {
  const Task& t = s.top();
  std::vector<Option> opts = t.step == 0 ? RevoltTargets(s) : SpreadTargets(s);
  if (opts.empty()) {
    RecycleOptionList(std::move(opts));
    if (t.step == 0) {
      const int seat = t.seat;
      s.top().step = 1;
      PushBirdsongCards(s, seat);  // between revolting and spreading
    } else {
      s.Pop();
    }
    return;
  }
  opts.push_back({.kind = kOptDone});
  s.Ask(t.step == 0 ? kAlPromptRevolt : kAlPromptSpread, t.seat,
        std::move(opts));
}

void BirdsongChoose(State& s, const Option& o) {
  Task& t = s.top();
  const int seat = t.seat;
  if (o.kind == kOptDone) {
    if (t.step == 0) {
      t.step = 1;
      PushBirdsongCards(s, seat);  // between revolting and spreading
    } else {
      s.Pop();
    }
    return;
  }
  // Read everything from `t` before pushing: a push may move the stack.
  const bool revolt = t.step == 0;
  Task effect{.kind = static_cast<uint8_t>(revolt ? kAlRevolt : kAlSpread),
              .seat = I8(seat)};
  effect.a = o.a;
  const int cost = revolt ? 2 : SpreadCost(s, o.a);
  s.Push(effect);
  PushSpend(s, seat, MatchSuitOf(s, o.a), cost, revolt);
}

// Spends `b` supporters matching suit `a`, asking which when it matters.
void SpendStep(State& s) {
  const Task& t = s.top();
  if (t.b <= 0) {
    s.Pop();
    return;
  }
  std::vector<Option> opts = NewOptionList();
  int matching = 0;
  for (CardId id : s.alliance().supporters) {
    if (!CardMatchesSuit(s, id, t.a)) continue;
    ++matching;
    bool dup = false;
    for (const Option& o : opts) dup |= s.card(o.card).type == s.card(id).type;
    if (!dup) opts.push_back({.kind = kOptCard, .card = id});
  }
  CHECK(matching >= t.b);
  if (matching == t.b) {  // no choice: all of them
    RecycleOptionList(std::move(opts));
    auto& sup = s.mutable_alliance().supporters;
    std::vector<CardId> keep;
    for (CardId id : sup) {
      if (CardMatchesSuit(s, id, t.a)) {
        s.Discard(id);
      } else {
        keep.push_back(id);
      }
    }
    sup = keep;
    s.Pop();
    return;
  }
  s.Ask(t.c == 1 ? kAlPromptSpend : kAlPromptSpendSpread, t.seat,
        std::move(opts), t.a, t.b);
}

void SpendChoose(State& s, const Option& o) {
  auto& sup = s.mutable_alliance().supporters;
  sup.erase(std::find(sup.begin(), sup.end(), o.card));
  s.Discard(o.card);
  --s.top().b;
}

// Law 8.4.1.III: remove every enemy piece, place the base, warriors equal to
// matching sympathetic clearings, and one officer.
void RevoltStep(State& s) {
  const Task t = s.top();
  s.Pop();
  const int c = t.a, suit = s.SuitOf(c);
  const size_t mark = s.BeginSimultaneous();
  for (int o = 0; o < s.num_seats(); ++o) {
    const int f = s.seat(o).faction;
    if (!s.AreEnemies(kAlliance, f)) continue;  // 9.2.8: not a partner
    GetFaction(f)->RemoveAllPieces(s, c, kAlliance);
  }
  // Enemy hirelings' pieces too (22.3.2); their vaults score (22.3.6).
  RemoveEnemyHirelingsFor(s, c, kAlliance);
  s.EndSimultaneous(mark);
  // Law silent: with no open slot left (the Alliance's own hireling's vault
  // fills it, 22.3.2: not an enemy) the base is not placed.
  s.PlacePiece(BaseFor(suit), c);
  int matching = 0;
  for (int x = 0; x < s.map().num_clearings; ++x) {
    matching += Sympathetic(s, x) && s.ClearingIs(x, suit);
  }
  s.PlaceWarriors(kAlliance, c, matching);
  if (s.warrior_supply(kAlliance) > 0) {
    s.SetWarriorSupply(kAlliance, s.warrior_supply(kAlliance) - 1);
    ++s.mutable_alliance().officers;
  }
}

void PlaceSympathy(State& s, int seat, int c) {
  CHECK(s.PlacePiece(kSympathy, c));
  s.AddVp(seat, kSympathyVp[SympathyOnMap(s) - 1], kVpSympathy);
}

void SpreadStep(State& s) {
  const Task t = s.top();
  s.Pop();
  PlaceSympathy(s, t.seat, t.a);  // 8.4.2.III
}

// --- Daylight (Law 8.5) -----------------------------------------------------

std::vector<Option> TrainCards(const State& s, int seat) {
  std::vector<Option> opts = NewOptionList();
  if (s.warrior_supply(kAlliance) == 0) return opts;
  std::vector<Option> matching = MatchingCards(s, seat, -1);
  for (const Option& o : matching) {
    for (int suit = 0; suit < kNumClearingSuits; ++suit) {
      if (s.piece_supply(BaseFor(suit)) == 0 && s.CardMatches(o.card, suit)) {
        opts.push_back(o);
        break;
      }
    }
  }
  RecycleOptionList(std::move(matching));
  return opts;
}

void DaylightStep(State& s) {
  const int seat = s.top().seat;
  std::vector<Option> opts = NewOptionList();
  if (CraftableExists(s, seat))
    opts.push_back({.kind = kOptAction, .a = kActCraft});
  if (!s.seat(seat).hand.empty())
    opts.push_back({.kind = kOptAction, .a = kActMobilize});
  if (AnyOption(TrainCards(s, seat)))
    opts.push_back({.kind = kOptAction, .a = kActTrain});
  AppendDaylightExtras(s, seat, opts);
  s.AskWithDoneOrPop(kAlPromptAction, seat, std::move(opts));
}

void DaylightChoose(State& s, const Option& o) {
  const int seat = s.top().seat;
  if (o.kind == kOptDone) {
    s.Pop();
  } else if (o.kind == kOptExtra) {
    ResolveDaylightExtra(s, seat, o);
  } else if (o.a == kActCraft) {
    PushCraftAction(s, seat);  // 8.5.1
  } else {
    s.Push(Task{.kind = static_cast<uint8_t>(o.a == kActMobilize ? kAlMobilize
                                                                 : kAlTrain),
                .seat = I8(seat)});
  }
}

void MobilizeStep(State& s) {
  const int seat = s.top().seat;
  s.Ask(kAlPromptMobilize, seat, MatchingCards(s, seat, -1));
}

void MobilizeChoose(State& s, const Option& o) {
  const int seat = s.top().seat;
  s.Pop();
  s.RemoveFromHand(seat, o.card);  // 8.5.2: a card into the supporters
  AddSupporter(s, o.card);
}

void TrainStep(State& s) {
  const int seat = s.top().seat;
  s.Ask(kAlPromptTrain, seat, TrainCards(s, seat));
}

void TrainChoose(State& s, const Option& o) {
  const int seat = s.top().seat;
  s.Pop();
  s.RemoveFromHand(seat, o.card);  // 8.5.3: spend a card matching a base
  s.Discard(o.card);
  s.SetWarriorSupply(kAlliance, s.warrior_supply(kAlliance) - 1);
  ++s.mutable_alliance().officers;
}

// --- Evening (Law 8.6) ------------------------------------------------------

// Law 8.6.1.III: clearings with a base where a warrior may be placed (not
// under a face-up snare, 13.7.2).
std::vector<Option> RecruitClearings(const State& s) {
  std::vector<Option> opts = NewOptionList();
  if (s.warrior_supply(kAlliance) == 0) return opts;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    const auto& p = s.clearing(c).pieces;
    if (p[kBaseFox] + p[kBaseRabbit] + p[kBaseMouse] > 0 &&
        s.CanPlace(kAlliance, c)) {
      opts.push_back({.kind = kOptClearing, .a = I8(c)});
    }
  }
  return opts;
}

std::vector<Option> OrganizeClearings(const State& s) {
  std::vector<Option> opts = NewOptionList();
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (s.clearing(c).warriors[kAlliance] > 0 && CanHoldSympathy(s, c)) {
      opts.push_back({.kind = kOptClearing, .a = I8(c)});
    }
  }
  return opts;
}

// Law 8.6.1: operations "up to your number of officers", counted against
// the officers there are now (officers lost in an operation's battle,
// 8.2.4, shrink the operations still to come).
int OperationsLeft(const State& s) {
  return std::max(0, s.alliance().officers - s.alliance().ops_used);
}

void EveningStep(State& s) {
  Task& t = s.top();
  const int seat = t.seat;
  if (t.step == 0) {
    t.step = 1;
    s.mutable_alliance().ops_used = 0;
    return;
  }
  if (t.step == 1) {
    const int left = OperationsLeft(s);
    std::vector<Option> opts = NewOptionList();
    if (left > 0) {
      if (AnyLegalMove(s, kAlliance, -1))
        opts.push_back({.kind = kOptAction, .a = kOpMove});
      if (AnyLegalBattle(s, kAlliance, -1))
        opts.push_back({.kind = kOptAction, .a = kOpBattle});
      if (AnyOption(RecruitClearings(s)))
        opts.push_back({.kind = kOptAction, .a = kOpRecruit});
      if (AnyOption(OrganizeClearings(s)))
        opts.push_back({.kind = kOptAction, .a = kOpOrganize});
    }
    if (!opts.empty()) {
      opts.push_back({.kind = kOptDone});
      s.Ask(kAlPromptOperation, seat, std::move(opts), left);
      return;
    }
    t.step = 2;
    return;
  }
  s.Pop();
  s.mutable_alliance().ops_used = 0;
  s.DrawCards(seat, 1 + BasesOnMap(s));  // 8.6.2: one per uncovered base slot
  PushDiscardDown(s, seat, kHandLimit, kAlPromptDiscard);
}

void EveningChoose(State& s, const Option& o) {
  Task& t = s.top();
  const int seat = t.seat;
  if (o.kind == kOptDone) {
    t.step = 2;
    return;
  }
  ++s.mutable_alliance().ops_used;
  switch (o.a) {
    case kOpMove:
      PushMove(s, seat, -1, false);
      return;
    case kOpBattle:
      PushBattleChoice(s, seat, -1, false);
      return;
    case kOpRecruit:
      s.Push(Task{.kind = kAlRecruit, .seat = I8(seat)});
      return;
    case kOpOrganize:
      s.Push(Task{.kind = kAlOrganize, .seat = I8(seat)});
      return;
  }
}

void RecruitStep(State& s) {
  s.Ask(kAlPromptRecruit, s.top().seat, RecruitClearings(s));
}
void RecruitChoose(State& s, const Option& o) {
  s.Pop();
  s.PlaceWarriors(kAlliance, o.a, 1);
}
void OrganizeStep(State& s) {
  s.Ask(kAlPromptOrganize, s.top().seat, OrganizeClearings(s));
}
void OrganizeChoose(State& s, const Option& o) {
  const int seat = s.top().seat;
  s.Pop();
  s.RemoveWarriors(kAlliance, o.a, 1, kAlliance);  // 8.6.1.IV
  PlaceSympathy(s, seat, o.a);
}

// --- Outrage (Law 8.2.6) ----------------------------------------------------
// Task: seat = the player who must give a card; a = the clearing.

void OutrageStep(State& s) {
  const Task& t = s.top();
  std::vector<Option> opts = MatchingCardsIn(s, t.seat, t.a);
  if (!opts.empty()) {
    s.Ask(kAlPromptOutrage, t.seat, std::move(opts), t.a);
    return;
  }
  RecycleOptionList(std::move(opts));
  // No matching card: the hand is shown to the Alliance, who draws a
  // supporter from the deck.
  const int seat = t.seat;
  s.Pop();
  const int alliance = s.SeatOf(kAlliance);
  s.Log({.kind = kEvReveal, .seat = I8(alliance), .a = I8(seat)});
  s.mutable_reveals().push_back(Reveal{I8(alliance), I8(seat),
                                       static_cast<int16_t>(s.turn()),
                                       s.seat(seat).hand});
  const CardId id = s.DrawCard();
  if (id != kNoCard) AddSupporter(s, id);
}

void OutrageChoose(State& s, const Option& o) {
  const int seat = s.top().seat;
  s.Pop();
  s.RemoveFromHand(seat, o.card);
  s.Log({.kind = kEvTakeCard,
         .seat = I8(s.SeatOf(kAlliance)),
         .a = I8(seat),
         .b = kTakeOutrage,
         .card = o.card,
         .visible_to =
             static_cast<uint8_t>((1u << seat) | (1u << s.SeatOf(kAlliance)))});
  AddSupporter(s, o.card);
}

void PushOutrage(State& s, int payer_faction, int c) {
  const int payer = s.SeatOf(payer_faction);
  if (payer < 0) return;
  Task t{.kind = kAlOutrage, .seat = I8(payer)};
  t.a = I8(c);
  s.Push(t);
}

// Law 8.2.4: with no base left, the Alliance discards supporters down to 5.
void TrimStep(State& s) {
  const Task& t = s.top();
  if (BasesOnMap(s) > 0 ||
      static_cast<int>(s.alliance().supporters.size()) <= kSupporterCap) {
    s.Pop();
    return;
  }
  std::vector<Option> opts = NewOptionList();
  for (CardId id : s.alliance().supporters) {
    bool dup = false;
    for (const Option& o : opts) dup |= s.card(o.card).type == s.card(id).type;
    if (!dup) opts.push_back({.kind = kOptCard, .card = id});
  }
  s.Ask(kAlPromptTrim, t.seat, std::move(opts));
}

void TrimChoose(State& s, const Option& o) {
  auto& sup = s.mutable_alliance().supporters;
  sup.erase(std::find(sup.begin(), sup.end(), o.card));
  s.Discard(o.card);
}

class Alliance : public FactionModule {
 public:
  int faction() const override { return kAlliance; }
  int warriors() const override { return 10; }
  std::array<int8_t, kNumPieces> pieces() const override {
    std::array<int8_t, kNumPieces> p{};
    p[kBaseFox] = p[kBaseRabbit] = p[kBaseMouse] = 1;
    p[kSympathy] = kSympathyTokens;
    return p;
  }
  void PushSetup(State& s, int seat) const override {
    s.Push(Task{.kind = kAlSetup, .seat = I8(seat)});
  }
  void PushBirdsong(State& s, int seat) const override {
    s.Push(Task{.kind = kAlBirdsong, .seat = I8(seat)});
  }
  void PushDaylight(State& s, int seat) const override {
    s.Push(Task{.kind = kAlDaylight, .seat = I8(seat)});
  }
  void PushEvening(State& s, int seat) const override {
    s.Push(Task{.kind = kAlEvening, .seat = I8(seat)});
  }
  std::string ActionLabel(const State& s, const Option& o) const override {
    switch (o.a) {
      case kActCraft:
        return "Craft";
      case kActMobilize:
        return "Mobilize (a card to the supporters)";
      case kActTrain:
        return "Train (an officer)";
      case kOpMove:
        return "Move";
      case kOpBattle:
        return "Battle";
      case kOpRecruit:
        return "Recruit (a warrior at a base)";
      case kOpOrganize:
        return "Organize (a warrior becomes sympathy)";
    }
    return "?";
  }
  bool DefenderTakesHighRoll() const override { return true; }  // 8.2.2
  int CraftingPiecesIn(const State& s, int c) const override {
    return s.clearing(c).pieces[kSympathy];  // 8.2.1: sympathy tokens
  }
  void OnWarriorsMoved(State& s, int mover, int from, int to, int n,
                       int moved_by) const override {
    // Law 8.2.6: another player moving warriors into a sympathetic clearing
    // pays. A forced move (the Vagabond's allies, 9.2.9.II.b; False Orders)
    // is the warriors' owner's own move (Law 1.5.5): the owner pays, and
    // Alliance warriors cause none (FAQ 26).
    (void)moved_by;
    if (mover != kAlliance && Sympathetic(s, to)) PushOutrage(s, mover, to);
  }
  void OnPieceRemoved(State& s, int piece, int c, int remover) const override {
    if (piece == kSympathy) {
      // Law 8.2.6: another player removing sympathy.
      if (remover != kAlliance && remover != kNoFaction)
        PushOutrage(s, remover, c);
      return;
    }
    if (piece < kBaseFox || piece > kBaseMouse) return;
    // Law 8.2.4: discard matching supporters (birds too), lose half the
    // officers rounded up; with no base left, supporters down to five.
    const int suit = SuitOfBase(piece);
    auto& sup = s.mutable_alliance().supporters;
    std::vector<CardId> keep;
    for (CardId id : sup) {
      if (s.CardMatches(id, suit)) {
        s.Discard(id);
      } else {
        keep.push_back(id);
      }
    }
    sup = keep;
    AllianceBoard& ab = s.mutable_alliance();
    const int lost = (ab.officers + 1) / 2;
    ab.officers -= lost;
    s.SetWarriorSupply(kAlliance, s.warrior_supply(kAlliance) + lost);
    if (BasesOnMap(s) == 0 && static_cast<int>(sup.size()) > kSupporterCap) {
      s.Push(Task{.kind = kAlTrimSupporters, .seat = I8(s.SeatOf(kAlliance))});
    }
  }
};

}  // namespace

void RegisterAlliance() {
  static const Alliance kModule;
  RegisterFaction(&kModule);
  RegisterTask(kAlSetup, {"alliance.setup", SetupStep, NoChoice});
  RegisterTask(kAlBirdsong,
               {"alliance.birdsong", BirdsongStep, BirdsongChoose});
  RegisterTask(kAlRevolt, {"alliance.revolt", RevoltStep, NoChoice});
  RegisterTask(kAlSpread, {"alliance.spread_sympathy", SpreadStep, NoChoice});
  RegisterTask(kAlSpend, {"alliance.spend_supporters", SpendStep, SpendChoose});
  RegisterTask(kAlDaylight,
               {"alliance.daylight", DaylightStep, DaylightChoose});
  RegisterTask(kAlMobilize,
               {"alliance.mobilize", MobilizeStep, MobilizeChoose});
  RegisterTask(kAlTrain, {"alliance.train", TrainStep, TrainChoose});
  RegisterTask(kAlEvening, {"alliance.evening", EveningStep, EveningChoose});
  RegisterTask(kAlRecruit, {"alliance.recruit", RecruitStep, RecruitChoose});
  RegisterTask(kAlOrganize,
               {"alliance.organize", OrganizeStep, OrganizeChoose});
  RegisterTask(kAlOutrage, {"alliance.outrage", OutrageStep, OutrageChoose});
  RegisterTask(kAlTrimSupporters,
               {"alliance.trim_supporters", TrimStep, TrimChoose});
  auto reg = [](int kind, absl::string_view key, absl::string_view law,
                std::string (*text)(const State&, const Prompt&)) {
    RegisterPrompt(kind, PromptInfo{key, law, text});
  };
  reg(kAlPromptDiscard, "discard.hand_limit", "8.6.2", HandLimitText);
  reg(kAlPromptRevolt, "alliance.revolt", "8.4.1",
      [](const State&, const Prompt&) {
        return std::string(
            "Birdsong: revolt in a sympathetic clearing, or go on to spread "
            "sympathy.");
      });
  reg(kAlPromptSpread, "alliance.spread_sympathy", "8.4.2",
      [](const State&, const Prompt&) {
        return std::string(
            "Birdsong: spread sympathy to which clearing, or finish?");
      });
  auto spend_text = [](const State&, const Prompt& p) {
    // p.a: -1 where any supporter matches (the Lost City, Law 24).
    return absl::StrCat("Spend which ", p.a < 0 ? "" : SuitName(p.a),
                        p.a < 0 ? "" : " ", "supporter (", int{p.b},
                        " still due)?");
  };
  reg(kAlPromptSpend, "alliance.spend_supporters", "8.4.1.II", spend_text);
  reg(kAlPromptSpendSpread, "alliance.spend_supporters", "8.4.2.II",
      spend_text);
  reg(kAlPromptAction, "alliance.action", "8.5",
      [](const State&, const Prompt&) {
        return std::string(
            "Daylight: craft, mobilize or train, or end Daylight.");
      });
  reg(kAlPromptMobilize, "alliance.mobilize", "8.5.2",
      [](const State&, const Prompt&) {
        return std::string("Mobilize: which card becomes a supporter?");
      });
  reg(kAlPromptTrain, "alliance.train", "8.5.3",
      [](const State&, const Prompt&) {
        return std::string(
            "Train: spend which card matching a base on the map?");
      });
  reg(kAlPromptOperation, "alliance.operation", "8.6.1",
      [](const State&, const Prompt& p) {
        return absl::StrCat("Evening: military operation (", int{p.a},
                            " left), or stop.");
      });
  reg(kAlPromptRecruit, "alliance.recruit", "8.6.1.III",
      [](const State&, const Prompt&) {
        return std::string("Recruit a warrior at which base?");
      });
  reg(kAlPromptOrganize, "alliance.organize", "8.6.1.IV",
      [](const State&, const Prompt&) {
        return std::string("Organize: in which unsympathetic clearing?");
      });
  reg(kAlPromptOutrage, "alliance.outrage", "8.2.6",
      [](const State& s, const Prompt& p) {
        return absl::StrCat(
            "Outrage in ", ClearingName(s, p.a),
            ": give the Alliance which matching card as a supporter?");
      });
  reg(kAlPromptTrim, "alliance.discard_supporters", "8.2.4",
      [](const State&, const Prompt&) {
        return std::string(
            "No base left: discard which supporter (down to five)?");
      });
}

}  // namespace woodland::rules
