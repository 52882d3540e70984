// The Riverfolk Company (Law 11).
//
// Funds are warriors of any faction in the Funds box (RiverfolkBoard); the
// Riverfolk commit them (to Committed, or to the Trade Posts tracks when
// crafting) or spend them (back to their owner's supply) to act in Daylight.
// Other players buy services at the start of their own Birdsong
// (AtOthersBirdsongStart, called by the turn task); mercenaries and
// riverboats reach the core through MercenariesFor, RiverAccess and the
// board's MercPresence.
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "referee/rules/check.h"
#include "referee/rules/faction.h"
#include "referee/rules/observation.h"

namespace woodland::rules {
namespace {

constexpr int kTaskBase = kFactionTaskBase + 16 * kRiverfolk;
enum RiverfolkTask : uint8_t {
  kRfSetup = kTaskBase,
  kRfBirdsong,
  kRfDaylight,
  kRfPay,
  kRfDraw,
  kRfRecruit,
  kRfTradePost,
  kRfExport,
  kRfEvening,
  kRfPrices,
  kRfDisrupt,
  kRfBuy,
  kRfVagabondPay,
};

constexpr int kPromptBase = kFactionPromptBase + 32 * kRiverfolk;
constexpr int kRfPromptDiscard = kPromptBase + 31;  // Law 11.6.1
enum RiverfolkPrompt : uint16_t {
  kRfPromptSetupPlace = kPromptBase,
  kRfPromptSetupPrice,
  kRfPromptAction,
  kRfPromptCommit,
  kRfPromptSpend,
  kRfPromptRecruit,
  kRfPromptTradePost,
  kRfPromptExport,
  kRfPromptExportSuit,
  kRfPromptPrice,
  kRfPromptDisrupt,
  kRfPromptBuy,
  kRfPromptVagabondPay,
};

enum RiverfolkAction : int8_t {
  kActMove = 0,
  kActBattle,
  kActCraft,
  kActExport,
  kActDraw,
  kActRecruit,
  kActTradePost,
  // Services, offered to the buyer with Option::b = kRiverfolk.
  kActRiverboats,
  kActMercenaries,
};

constexpr int kWarriors = 15;       // Law 11.3.1
constexpr int kSetupWarriors = 4;   // Law 11.3.2
constexpr int kStartingFunds = 3;   // Law 11.3.4
constexpr int kProtectionism = 2;   // Law 11.4.1
constexpr int kPostsPerSuit = 3;    // Law 11.3.3: 9 trade posts
constexpr int kTradePostVp = 2;     // Law 11.5.6.III (board)
constexpr int kTradePostFunds = 2;  // Law 11.5.6
constexpr int kMinPrice = 1;        // Services track (board)
constexpr int kMaxPrice = 4;
constexpr int kHandLimit = 5;  // Law 11.6.1

int8_t I8(int v) { return static_cast<int8_t>(v); }

RiverfolkBoard& Rf(State& s) { return s.mutable_riverfolk(); }
const RiverfolkBoard& Rf(const State& s) { return s.riverfolk(); }
int RfSeat(const State& s) { return s.SeatOf(kRiverfolk); }
bool IsVagabond(int f) { return f == kVagabond || f == kVagabond2; }

int PostOf(int suit) { return kTradePostFox + suit; }
bool HasPost(const State& s, int c) {
  const auto& p = s.clearing(c).pieces;
  return p[kTradePostFox] + p[kTradePostRabbit] + p[kTradePostMouse] > 0;
}
int PostsOnMap(const State& s) {
  int n = 0;
  for (int c = 0; c < s.map().num_clearings; ++c) n += HasPost(s, c);
  return n;
}
bool TouchesRiver(const State& s, int c) {
  return s.map().clearings[c].river != 0;
}

// --- Funds (Law 11.2.4) -----------------------------------------------------

// Commits (spend = false) or spends `n` funds, the Riverfolk choosing whose
// warriors; `only` >= 0 restricts to that faction's warriors (11.5.6.II).
void PushPay(State& s, int n, bool spend, int only = kNoFaction) {
  if (n <= 0) return;
  Task t{.kind = kRfPay, .seat = I8(RfSeat(s))};
  t.a = I8(n);
  t.b = spend ? 1 : 0;
  t.c = I8(only);
  s.Push(t);
}

void PayStep(State& s) {
  const Task& t = s.top();
  std::vector<Option> opts = NewOptionList();
  for (int f = 0; f < kNumFactions; ++f) {
    if (Rf(s).funds[f] > 0 && (t.c < 0 || t.c == f))
      opts.push_back({.kind = kOptFaction, .a = I8(f)});
  }
  if (t.a <= 0 || opts.empty()) {
    s.Pop();
    return;
  }
  s.Ask(t.b ? kRfPromptSpend : kRfPromptCommit, t.seat, std::move(opts), t.a);
}

void PayChoose(State& s, const Option& o) {
  Task& t = s.top();
  RiverfolkBoard& rf = Rf(s);
  --rf.funds[o.a];
  if (t.b) {
    s.SetWarriorSupply(o.a, s.warrior_supply(o.a) + 1);  // to its owner
  } else {
    ++rf.committed[o.a];
  }
  --t.a;
}

// --- Setup (Law 11.3) -------------------------------------------------------

std::vector<Option> RiverClearings(const State& s) {
  std::vector<Option> opts = NewOptionList();
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (TouchesRiver(s, c) && s.CanPlace(kRiverfolk, c))
      opts.push_back({.kind = kOptClearing, .a = I8(c)});
  }
  return opts;
}

// Task: a = warriors still to place.
void SetupStep(State& s) {
  Task& t = s.top();
  if (t.a > 0 && s.warrior_supply(kRiverfolk) > 0) {
    s.Ask(kRfPromptSetupPlace, t.seat, RiverClearings(s), t.a);
    return;
  }
  const int seat = t.seat;
  s.Pop();
  // 11.3.4: three warriors into Payments; 11.3.5: starting prices.
  const int n = std::min(kStartingFunds, s.warrior_supply(kRiverfolk));
  s.SetWarriorSupply(kRiverfolk, s.warrior_supply(kRiverfolk) - n);
  Rf(s).payments[kRiverfolk] += I8(n);
  s.Push(Task{.kind = kRfPrices, .seat = I8(seat), .step = 0, .a = 1});
}

void SetupChoose(State& s, const Option& o) {
  --s.top().a;
  s.PlaceWarriors(kRiverfolk, o.a, 1);  // 11.3.2
}

// Task: step = service being priced; a = 1 at setup (11.3.5), else 11.6.2.
void PricesStep(State& s) {
  const Task& t = s.top();
  if (t.step >= kNumRiverfolkServices) {
    s.Pop();
    return;
  }
  std::vector<Option> opts = NewOptionList();
  for (int p = kMinPrice; p <= kMaxPrice; ++p)
    opts.push_back({.kind = kOptCount, .a = I8(p)});
  s.Ask(t.a == 1 ? kRfPromptSetupPrice : kRfPromptPrice, t.seat,
        std::move(opts), t.step, Rf(s).prices[t.step]);
}

void PricesChoose(State& s, const Option& o) {
  Task& t = s.top();
  Rf(s).prices[t.step] = o.a;
  ++t.step;
}

// --- Birdsong (Law 11.4) ----------------------------------------------------

void BirdsongStep(State& s) {
  const int seat = s.top().seat;
  s.Pop();
  RiverfolkBoard& rf = Rf(s);
  if (rf.PaymentsTotal() == 0) {  // 11.4.1 Protectionism
    const int n = std::min(kProtectionism, s.warrior_supply(kRiverfolk));
    s.SetWarriorSupply(kRiverfolk, s.warrior_supply(kRiverfolk) - n);
    rf.payments[kRiverfolk] += I8(n);
  }
  if (PostsOnMap(s) > 0) {  // 11.4.2 Dividends: Funds only
    s.AddVp(seat, rf.FundsTotal() / 2, kVpDividends);
  }
  for (int f = 0; f < kNumFactions; ++f) {  // 11.4.3 Gather Funds
    rf.funds[f] += rf.payments[f] + rf.committed[f];
    rf.payments[f] = rf.committed[f] = 0;
  }
}

void NoChoice(State&, const Option&) { CHECK(false); }

// --- Daylight (Law 11.5) ----------------------------------------------------

// Crafting pieces per suit: the empty spaces of the Trade Posts tracks
// (11.2.1): posts on the map and posts removed from the game.
std::array<int8_t, kNumClearingSuits> TrackSpaces(const State& s) {
  std::array<int8_t, kNumClearingSuits> n{};
  for (int suit = 0; suit < kNumClearingSuits; ++suit) {
    n[suit] = Rf(s).posts_gone[suit];
    for (int c = 0; c < s.map().num_clearings; ++c)
      n[suit] += s.clearing(c).pieces[PostOf(suit)];
  }
  return n;
}

int Budget(const State& s) { return Rf(s).FundsTotal() - Rf(s).pending_commit; }

// Law 11.5.3.I (FAQ): a card can be exported only if it could be crafted.
bool Exportable(const State& s, CardId id) {
  const CardDef& c = s.card(id);
  if (c.kind == kAmbushCard || c.kind == kDominanceCard) return false;
  if (c.kind == kItemCard && s.item_supply()[c.item] == 0) return false;
  if (c.kind == kPersistentCard) {
    for (CardId p : s.seat(RfSeat(s)).play_area)
      if (s.card(p).name == c.name) return false;
  }
  if (static_cast<int>(c.cost.size()) > Budget(s)) return false;
  auto avail = TrackSpaces(s);
  int spare = 0, any = 0;
  for (int i = 0; i < kNumClearingSuits; ++i) avail[i] -= s.craft_used()[i];
  for (int8_t suit : c.cost) {
    if (suit == kAnySuit) {
      ++any;
    } else if (--avail[suit] < 0) {
      return false;
    }
  }
  for (int8_t v : avail) spare += v;
  return any <= spare;
}

std::vector<Option> ExportCards(const State& s) {
  std::vector<Option> opts = NewOptionList();
  if (s.warrior_supply(kRiverfolk) == 0) return opts;
  std::vector<Option> matching = MatchingCards(s, RfSeat(s), -1);
  for (const Option& o : matching) {
    if (Exportable(s, o.card)) opts.push_back(o);
  }
  RecycleOptionList(std::move(matching));
  return opts;
}

// Law 11.5.6.I-II: no trade post yet, ruled, the ruler has two funds, and a
// matching trade post is left.
std::vector<Option> TradePostClearings(const State& s) {
  std::vector<Option> opts = NewOptionList();
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (HasPost(s, c) || !s.CanPlace(kRiverfolk, c)) continue;
    if (s.piece_supply(PostOf(s.SuitOf(c))) == 0) continue;
    const int ruler = s.Ruler(c);
    if (ruler == kNoFaction || Rf(s).funds[ruler] < kTradePostFunds) continue;
    opts.push_back({.kind = kOptClearing, .a = I8(c)});
  }
  return opts;
}

std::vector<Option> DaylightOptions(const State& s, int seat) {
  std::vector<Option> opts = NewOptionList();
  auto add = [&](int code) {
    opts.push_back({.kind = kOptAction, .a = I8(code)});
  };
  const int funds = Rf(s).FundsTotal();
  if (funds > 0) {
    if (AnyLegalMove(s, kRiverfolk, -1)) add(kActMove);
    if (AnyLegalBattle(s, kRiverfolk, -1)) add(kActBattle);
  }
  if (CraftableExists(s, seat)) add(kActCraft);
  if (!ExportCards(s).empty()) add(kActExport);
  if (funds > 0) {
    if (!s.deck().empty() || !s.discard().empty()) add(kActDraw);
    if (s.warrior_supply(kRiverfolk) + Rf(s).funds[kRiverfolk] > 0 &&
        !RiverClearings(s).empty())
      add(kActRecruit);
  }
  if (!TradePostClearings(s).empty()) add(kActTradePost);
  AppendDaylightExtras(s, seat, opts);
  return opts;
}

void DaylightStep(State& s) {
  const int seat = s.top().seat;
  if (Rf(s).pending_commit > 0) {  // 11.5.3: pay for what was crafted
    const int n = Rf(s).pending_commit;
    Rf(s).pending_commit = 0;
    PushPay(s, n, false);
    return;
  }
  std::vector<Option> opts = DaylightOptions(s, seat);
  s.AskWithDoneOrPop(kRfPromptAction, seat, std::move(opts),
                     Rf(s).FundsTotal());
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
  // The action is pushed first, its payment on top (paid first).
  switch (o.a) {
    case kActMove:  // 11.5.1
      PushMove(s, seat, -1, false);
      PushPay(s, 1, false);
      return;
    case kActBattle:  // 11.5.2
      PushBattleChoice(s, seat, -1, false);
      PushPay(s, 1, false);
      return;
    case kActCraft:  // 11.5.3
      PushCraftAction(s, seat);
      return;
    case kActExport:  // 11.5.3.I
      s.Push(Task{.kind = kRfExport, .seat = I8(seat)});
      return;
    case kActDraw:  // 11.5.4
      s.Push(Task{.kind = kRfDraw, .seat = I8(seat)});
      PushPay(s, 1, false);
      return;
    case kActRecruit:  // 11.5.5
      s.Push(Task{.kind = kRfRecruit, .seat = I8(seat)});
      PushPay(s, 1, true);
      return;
    case kActTradePost:  // 11.5.6
      s.Push(Task{.kind = kRfTradePost, .seat = I8(seat)});
      return;
  }
  CHECK(false) << "bad Riverfolk action " << int{o.a};
}

void DrawStep(State& s) {
  const int seat = s.top().seat;
  s.Pop();
  s.DrawCards(seat, 1);
}

void RecruitStep(State& s) {
  s.Ask(kRfPromptRecruit, s.top().seat, RiverClearings(s));
}
void RecruitChoose(State& s, const Option& o) {
  s.Pop();
  s.PlaceWarriors(kRiverfolk, o.a, 1);
}

// Task: step 0 choose the clearing (a), step 1 place and score.
void TradePostStep(State& s) {
  Task& t = s.top();
  if (t.step == 0) {
    s.Ask(kRfPromptTradePost, t.seat, TradePostClearings(s));
    return;
  }
  const int seat = t.seat, c = t.a;
  s.Pop();
  CHECK(s.PlacePiece(PostOf(s.SuitOf(c)), c));  // 11.5.6.III
  s.PlaceWarriors(kRiverfolk, c, 1);
  s.AddVp(seat, kTradePostVp, kVpTradePost);
}

void TradePostChoose(State& s, const Option& o) {
  Task& t = s.top();
  t.step = 1;
  t.a = o.a;
  const int ruler = s.Ruler(o.a);
  PushPay(s, kTradePostFunds, true, ruler);  // 11.5.6.II
}

// Export (11.5.3.I). Task: step 0 choose the card; step 1 pay `c` "any"
// costs by suit, then resolve the card `d`.
void ExportFinish(State& s, int seat, CardId id) {
  s.RemoveFromHand(seat, id);
  s.Discard(id);
  s.SetWarriorSupply(kRiverfolk, s.warrior_supply(kRiverfolk) - 1);
  ++Rf(s).payments[kRiverfolk];
}

std::vector<Option> FreeSuits(const State& s) {
  const auto spaces = TrackSpaces(s);
  std::vector<Option> opts = NewOptionList();
  for (int i = 0; i < kNumClearingSuits; ++i) {
    if (spaces[i] > s.craft_used()[i])
      opts.push_back({.kind = kOptSuit, .a = I8(i)});
  }
  return opts;
}

void ExportStep(State& s) {
  const Task& t = s.top();
  if (t.step == 0) {
    s.Ask(kRfPromptExport, t.seat, ExportCards(s));
    return;
  }
  if (t.c > 0) {
    s.Ask(kRfPromptExportSuit, t.seat, FreeSuits(s), t.c);
    return;
  }
  const int seat = t.seat;
  const CardId id = t.d;
  s.Pop();
  ExportFinish(s, seat, id);
}

void PayTrack(State& s, int suit) {
  s.craft_used()[suit] += 1;
  ++Rf(s).pending_commit;
}

void ExportChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (o.kind == kOptSuit) {
    PayTrack(s, o.a);
    --t.c;
    return;
  }
  int any = 0;
  for (int8_t suit : s.card(o.card).cost) {
    if (suit == kAnySuit) {
      ++any;
    } else {
      PayTrack(s, suit);
    }
  }
  t.step = 1;
  t.c = I8(any);
  t.d = o.card;
}

// --- Evening (Law 11.6) -----------------------------------------------------

void EveningStep(State& s) {
  const int seat = s.top().seat;
  s.Pop();
  s.Push(Task{.kind = kRfPrices, .seat = I8(seat), .step = 0, .a = 0});
  PushDiscardDown(s, seat, kHandLimit, kRfPromptDiscard);  // first
}

// --- Trade disruption (Law 11.2.5.I) ----------------------------------------
// Task: step 0 until the count is set; a = funds still to remove.

void DisruptStep(State& s) {
  Task& t = s.top();
  if (t.step == 0) {
    // Law 11.2.5.I: half of the funds there are when this disruption is
    // resolved, so posts removed together halve the funds one after another.
    t.step = 1;
    t.a = I8((Rf(s).FundsTotal() + 1) / 2);
  }
  std::vector<Option> opts = NewOptionList();
  for (int f = 0; f < kNumFactions; ++f) {
    if (Rf(s).funds[f] > 0) opts.push_back({.kind = kOptFaction, .a = I8(f)});
  }
  if (t.a <= 0 || opts.empty()) {
    s.Pop();
    return;
  }
  s.Ask(kRfPromptDisrupt, t.seat, std::move(opts), t.a);
}

void DisruptChoose(State& s, const Option& o) {
  --Rf(s).funds[o.a];
  s.SetWarriorSupply(o.a, s.warrior_supply(o.a) + 1);
  --s.top().a;
}

// --- Services (Law 11.2.6-11.2.7) -------------------------------------------
// kRfBuy: seat = buyer; a = services the buyer may still buy this turn.

int ServiceLimit(const State& s, int buyer) {
  int n = 1;  // 11.2.6.II
  for (int c = 0; c < s.map().num_clearings; ++c)
    n += HasPost(s, c) && s.HasPieces(buyer, c);
  return n;
}

int ReadyItems(const State& s, int vagabond) {
  int n = 0;
  for (const VItem& it : s.vagabond(vagabond).items)
    n += !it.exhausted && !it.damaged;
  return n;
}

bool CanPay(const State& s, int buyer, int price) {
  if (IsVagabond(buyer)) return ReadyItems(s, buyer) >= price;  // 11.2.6.III
  // 11.2.6.I, with warriors the buyer may spend (not the warlord, 14.2.2).
  return s.warrior_supply(buyer) - GetFaction(buyer)->ReservedWarriors(s) >=
         price;
}

std::vector<Option> ServiceOptions(const State& s, int buyer) {
  std::vector<Option> opts = NewOptionList();
  const RiverfolkBoard& rf = Rf(s);
  if (CanPay(s, buyer, rf.prices[kServiceHandCard])) {
    opts = MatchingCards(s, RfSeat(s), -1);  // 11.2.7.I
  }
  // 11.2.7.II: to the Vagabond too (his module's pawn moves ask RiverAccess).
  if (rf.boats_turn != s.turn() &&
      CanPay(s, buyer, rf.prices[kServiceRiverboats])) {
    opts.push_back({.kind = kOptAction, .a = kActRiverboats, .b = kRiverfolk});
  }
  // 11.2.7.III.b: not the Vagabond.
  if (!IsVagabond(buyer) && rf.mercs_turn != s.turn() &&
      CanPay(s, buyer, rf.prices[kServiceMercenaries])) {
    opts.push_back({.kind = kOptAction, .a = kActMercenaries, .b = kRiverfolk});
  }
  return opts;
}

void BuyStep(State& s) {
  const Task& t = s.top();
  const int buyer = s.seat(t.seat).faction;
  std::vector<Option> opts = NewOptionList();
  if (t.a > 0) opts = ServiceOptions(s, buyer);
  s.AskWithDoneOrPop(kRfPromptBuy, t.seat, std::move(opts), t.a);
}

void Pay(State& s, int buyer_seat, int price) {
  const int buyer = s.seat(buyer_seat).faction;
  if (IsVagabond(buyer)) {
    Task t{.kind = kRfVagabondPay, .seat = I8(buyer_seat)};
    t.a = I8(price);
    s.Push(t);
    return;
  }
  s.SetWarriorSupply(buyer, s.warrior_supply(buyer) - price);
  Rf(s).payments[buyer] += I8(price);
}

void BuyChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (o.kind == kOptDone) {
    s.Pop();
    return;
  }
  --t.a;
  const int seat = t.seat, buyer = s.seat(seat).faction;
  RiverfolkBoard& rf = Rf(s);
  if (o.kind == kOptCard) {
    s.RemoveFromHand(RfSeat(s), o.card);  // 11.2.7.I
    s.mutable_seat(seat).hand.push_back(o.card);
    s.Log({.kind = kEvTakeCard,
           .seat = I8(seat),
           .a = I8(RfSeat(s)),
           .b = kTakeService,
           .card = o.card});  // public: it was in the public hand
    Pay(s, seat, rf.prices[kServiceHandCard]);
  } else if (o.a == kActRiverboats) {
    rf.boats_for = I8(buyer);
    rf.boats_turn = static_cast<int16_t>(s.turn());
    Pay(s, seat, rf.prices[kServiceRiverboats]);
  } else {
    rf.mercs_for = I8(buyer);
    rf.mercs_turn = static_cast<int16_t>(s.turn());
    Pay(s, seat, rf.prices[kServiceMercenaries]);
  }
}

// Law 11.2.6.III: the Vagabond exhausts an item per point of cost; the
// Riverfolk put one of their own warriors in Payments for each.
void VagabondPayStep(State& s) {
  const Task& t = s.top();
  if (t.a <= 0) {
    s.Pop();
    return;
  }
  std::vector<Option> opts = NewOptionList();
  for (const VItem& it : s.vagabond(s.seat(t.seat).faction).items) {
    if (it.exhausted || it.damaged) continue;
    bool dup = false;
    for (const Option& o : opts) dup |= o.a == it.kind;
    if (!dup) opts.push_back({.kind = kOptItem, .a = it.kind, .b = 0});
  }
  CHECK(!opts.empty());
  s.Ask(kRfPromptVagabondPay, t.seat, std::move(opts), t.a);
}

void VagabondPayChoose(State& s, const Option& o) {
  Task& t = s.top();
  for (VItem& it : s.mutable_vagabond(s.seat(t.seat).faction).items) {
    if (it.kind == o.a && !it.exhausted && !it.damaged) {
      it.exhausted = true;
      break;
    }
  }
  --t.a;
  if (s.warrior_supply(kRiverfolk) > 0) {
    s.SetWarriorSupply(kRiverfolk, s.warrior_supply(kRiverfolk) - 1);
    ++Rf(s).payments[kRiverfolk];
  }
}

// --- The module -------------------------------------------------------------

class Riverfolk : public FactionModule {
 public:
  int faction() const override { return kRiverfolk; }
  int warriors() const override { return kWarriors; }
  std::array<int8_t, kNumPieces> pieces() const override {
    std::array<int8_t, kNumPieces> p{};
    p[kTradePostFox] = p[kTradePostRabbit] = p[kTradePostMouse] = kPostsPerSuit;
    return p;
  }
  void PushSetup(State& s, int seat) const override {
    Task t{.kind = kRfSetup, .seat = I8(seat)};
    t.a = kSetupWarriors;
    s.Push(t);
  }
  void PushBirdsong(State& s, int seat) const override {
    s.Push(Task{.kind = kRfBirdsong, .seat = I8(seat)});
  }
  void PushDaylight(State& s, int seat) const override {
    s.Push(Task{.kind = kRfDaylight, .seat = I8(seat)});
  }
  void PushEvening(State& s, int seat) const override {
    s.Push(Task{.kind = kRfEvening, .seat = I8(seat)});
  }
  std::string ActionLabel(const State& s, const Option& o) const override {
    const auto& prices = s.riverfolk().prices;
    switch (o.a) {
      case kActMove:
        return "Move (commit a fund)";
      case kActBattle:
        return "Battle (commit a fund)";
      case kActCraft:
        return "Craft (commit funds to the Trade Posts tracks)";
      case kActExport:
        return "Export (a craftable card for a warrior in Payments)";
      case kActDraw:
        return "Draw a card (commit a fund)";
      case kActRecruit:
        return "Recruit (spend a fund)";
      case kActTradePost:
        return "Establish a trade post (spend two of the ruler's funds)";
      case kActRiverboats:
        return absl::StrCat("Riverboats for ", int{prices[kServiceRiverboats]});
      case kActMercenaries:
        return absl::StrCat("Mercenaries for ",
                            int{prices[kServiceMercenaries]});
    }
    return "?";
  }
  std::array<int8_t, kNumClearingSuits> CraftingPieces(
      const State& s) const override {
    return TrackSpaces(s);  // 11.2.1
  }
  int CraftingBudget(const State& s) const override { return Budget(s); }
  void PayCrafting(State& s, int suit, int n) const override {
    s.craft_used()[suit] += I8(n);  // 11.5.3: funds onto the track spaces
    Rf(s).pending_commit += I8(n);
  }
  void OnPieceRemoved(State& s, int piece, int c, int remover) const override {
    if (piece < kTradePostFox || piece > kTradePostMouse) return;
    // 11.2.5.I: the post leaves the game; half the funds, rounded up.
    s.set_piece_supply(piece, s.piece_supply(piece) - 1);
    ++Rf(s).posts_gone[piece - kTradePostFox];
    // Law 11.2.5.I: the count is taken when the task runs (DisruptStep);
    // with no funds there is nothing to remove (and no effect to order).
    if (Rf(s).FundsTotal() > 0)
      s.Push(Task{.kind = kRfDisrupt, .seat = I8(RfSeat(s))});
  }
  void AtOthersBirdsongStart(State& s, int seat) const override {
    Task t{.kind = kRfBuy, .seat = I8(seat)};
    t.a = I8(ServiceLimit(s, s.seat(seat).faction));
    s.Push(t);
  }
  int RiverAccess(const State& s, int mover) const override {
    if (mover == kRiverfolk) return 2;  // 11.2.2 Swimmers
    const RiverfolkBoard& rf = s.riverfolk();
    return rf.boats_for == mover && rf.boats_turn == s.turn() ? 1 : 0;
  }
  // Law 11.2.7.III: hired mercenaries are no longer enemy pieces of their
  // buyer: an effect of the buyer's that removes all enemy pieces (a Favor)
  // leaves them and takes only the trade post.
  void RemoveAllPieces(State& s, int c, int remover) const override {
    if (MercenariesFor(s, remover, c, kNoFaction) == 0) {
      FactionModule::RemoveAllPieces(s, c, remover);
      return;
    }
    std::array<int8_t, kNumPieces> posts{};
    for (int p = kTradePostFox; p <= kTradePostMouse; ++p)
      posts[p] = s.clearing(c).pieces[p];
    if (posts[kTradePostFox] + posts[kTradePostRabbit] +
            posts[kTradePostMouse] >
        0) {
      s.RemovePieces(kRiverfolk, c, 0, posts, remover);
    }
  }
  int MercenariesFor(const State& s, int buyer, int c,
                     int opponent) const override {
    const RiverfolkBoard& rf = s.riverfolk();
    if (rf.mercs_for != buyer || rf.mercs_turn != s.turn() ||
        s.phase() == kPhaseBirdsong || opponent == kRiverfolk) {
      return 0;
    }
    return s.clearing(c).warriors[kRiverfolk];
  }
};

std::string Text(absl::string_view s) { return std::string(s); }

std::string ServiceName(int service) {
  switch (service) {
    case kServiceHandCard:
      return "Hand Card";
    case kServiceRiverboats:
      return "Riverboats";
  }
  return "Mercenaries";
}

void RegisterPrompts() {
  auto reg = [](int kind, absl::string_view key, absl::string_view law,
                std::string (*text)(const State&, const Prompt&)) {
    RegisterPrompt(kind, PromptInfo{key, law, text});
  };
  reg(kRfPromptDiscard, "discard.hand_limit", "11.6.1", HandLimitText);
  reg(kRfPromptSetupPlace, "riverfolk.setup_warrior", "11.3.2",
      [](const State&, const Prompt& p) {
        return absl::StrCat(
            "Setup: place a warrior in a clearing touching the ", "river (",
            int{p.a}, " to go).");
      });
  auto price_text = [](const State&, const Prompt& p) {
    return absl::StrCat("Set the price of ", ServiceName(p.a), " (now ",
                        int{p.b}, ").");
  };
  reg(kRfPromptSetupPrice, "riverfolk.price", "11.3.5", price_text);
  reg(kRfPromptPrice, "riverfolk.price", "11.6.2", price_text);
  reg(kRfPromptAction, "riverfolk.action", "11.5",
      [](const State&, const Prompt& p) {
        return absl::StrCat("Daylight (", int{p.a},
                            " funds): commit or spend funds, or end Daylight.");
      });
  reg(kRfPromptCommit, "riverfolk.commit", "11.2.4",
      [](const State&, const Prompt& p) {
        return absl::StrCat("Commit whose warrior from the Funds box (",
                            int{p.a}, " to go)?");
      });
  reg(kRfPromptSpend, "riverfolk.spend", "11.2.4",
      [](const State&, const Prompt& p) {
        return absl::StrCat("Spend whose warrior from the Funds box (",
                            int{p.a}, " to go)?");
      });
  reg(kRfPromptRecruit, "riverfolk.recruit", "11.5.5",
      [](const State&, const Prompt&) {
        return Text("Recruit a warrior in which clearing with a river?");
      });
  reg(kRfPromptTradePost, "riverfolk.trade_post", "11.5.6.I",
      [](const State&, const Prompt&) {
        return Text("Establish a trade post in which ruled clearing?");
      });
  reg(kRfPromptExport, "riverfolk.export", "11.5.3.I",
      [](const State&, const Prompt&) {
        return Text("Export which card (discarded for a warrior in Payments)?");
      });
  reg(kRfPromptExportSuit, "craft.any_suit", "11.5.3",
      [](const State&, const Prompt&) {
        return Text("Which Trade Posts track pays an any-suit cost?");
      });
  reg(kRfPromptDisrupt, "riverfolk.trade_disruption", "11.2.5.I",
      [](const State&, const Prompt& p) {
        return absl::StrCat("A trade post was removed: remove whose fund (",
                            int{p.a}, " to go)?");
      });
  reg(kRfPromptBuy, "riverfolk.buy_service", "11.2.6",
      [](const State& s, const Prompt& p) {
        return absl::StrCat(
            "Buy a Riverfolk service (", int{p.a}, " left; a hand card costs ",
            int{s.riverfolk().prices[kServiceHandCard]}, "), or go on.");
      });
  reg(kRfPromptVagabondPay, "riverfolk.vagabond_pay", "11.2.6.III",
      [](const State&, const Prompt& p) {
        return absl::StrCat("Pay the Riverfolk: exhaust which item (", int{p.a},
                            " to go)?");
      });
}

}  // namespace

// Law 11.2.3: the hand is public; the board holds nothing hidden.
void ObserveRiverfolk(const State& s, int seat, Observation& o) {
  o.riverfolk = s.riverfolk();
  const int rf = s.SeatOf(kRiverfolk);
  if (rf >= 0) {
    o.riverfolk_hand.assign(s.seat(rf).hand.begin(), s.seat(rf).hand.end());
  }
}

void RegisterRiverfolk() {
  static const Riverfolk kModule;
  RegisterFaction(&kModule);
  RegisterTask(kRfSetup, {"riverfolk.setup", SetupStep, SetupChoose});
  RegisterTask(kRfBirdsong, {"riverfolk.birdsong", BirdsongStep, NoChoice});
  RegisterTask(kRfDaylight,
               {"riverfolk.daylight", DaylightStep, DaylightChoose});
  RegisterTask(kRfPay, {"riverfolk.pay_funds", PayStep, PayChoose});
  RegisterTask(kRfDraw, {"riverfolk.draw", DrawStep, NoChoice});
  RegisterTask(kRfRecruit, {"riverfolk.recruit", RecruitStep, RecruitChoose});
  RegisterTask(kRfTradePost,
               {"riverfolk.trade_post", TradePostStep, TradePostChoose});
  RegisterTask(kRfExport, {"riverfolk.export", ExportStep, ExportChoose});
  RegisterTask(kRfEvening, {"riverfolk.evening", EveningStep, NoChoice});
  RegisterTask(kRfPrices, {"riverfolk.prices", PricesStep, PricesChoose});
  RegisterTask(kRfDisrupt,
               {"riverfolk.trade_disruption", DisruptStep, DisruptChoose});
  RegisterTask(kRfBuy, {"riverfolk.buy_services", BuyStep, BuyChoose});
  RegisterTask(kRfVagabondPay,
               {"riverfolk.vagabond_pay", VagabondPayStep, VagabondPayChoose});
  RegisterPrompts();
}

}  // namespace woodland::rules
