// The Exiles and Partisans deck (Law 20.8.1): the 25 persistent cards that
// replace the standard deck's persistent and immediate cards. Card texts are
// the printed ones (with the False Orders errata); each effect runs at the
// timing window its text names, through the hooks in exiles.h.
//
// One task kind (kTaskExilesCard) carries every decision a card asks for;
// Task::c is the card's CardEffect, Task::step the stage of that card.
#include "referee/rules/exiles.h"

#include <algorithm>
#include <bit>

#include "absl/strings/str_cat.h"
#include "referee/rules/check.h"
#include "referee/rules/faction.h"
#include "referee/rules/hirelings.h"
#include "referee/rules/observation.h"

namespace woodland::rules {
namespace {

int8_t I8(int v) { return static_cast<int8_t>(v); }
int8_t FactionOf(const State& s, int seat) { return s.seat(seat).faction; }

bool Used(const State& s, int seat, int effect) {
  return s.seat(seat).used_effects >> effect & 1;
}
void MarkUsed(State& s, int seat, int effect) {
  s.mutable_seat(seat).used_effects |= 1u << effect;
}

void PushCardTask(State& s, int seat, int effect, int a = -1) {
  Task t{.kind = kTaskExilesCard, .seat = I8(seat)};
  t.c = I8(effect);
  t.a = I8(a);
  s.Push(t);
}

// Takes a persistent card out of `seat`'s play area into the discard pile.
void DiscardFromPlay(State& s, int seat, CardId id) {
  auto& pa = s.mutable_seat(seat).play_area;
  auto it = std::find(pa.begin(), pa.end(), id);
  CHECK(it != pa.end()) << "card " << id << " not in play";
  pa.erase(it);
  s.RefreshPlayAreas();
  s.Discard(id);
  ExilesLeftPlay(s, seat, id);
}

// Tunnels: the pieces each faction crafts with (Law 4.1.1 and each
// faction's crafting clause), as a bit per Piece.
uint64_t CraftingPieceKinds(const State& s, int faction) {
  auto bit = [](int p) { return uint64_t{1} << p; };
  switch (faction) {
    case kMarquise:
      return bit(kWorkshop);  // 6.2.4
    case kEyrie:
      return bit(kRoost);  // 7.2.4
    case kAlliance:
      return bit(kSympathy);  // 8.2.5
    case kCult:               // 10.2.1: gardens of the Outcast suit
      return s.cult().outcast < 0 ? 0 : bit(kGardenFox + s.cult().outcast);
    case kDuchy:
      return bit(kCitadel) | bit(kMarket);
    case kCorvid:
      return bit(kPlotBomb) | bit(kPlotSnare) | bit(kPlotExtortion) |
             bit(kPlotRaid) | bit(kPlotHidden);
    case kHundreds:
      return bit(kStronghold);
    case kKeepers:
      return bit(kWaystationFigure) | bit(kWaystationTablet) |
             bit(kWaystationJewelry);
  }
  // Law 11.2.1: the Riverfolk craft with funds ("They have no crafting
  // pieces"); the Vagabonds with hammers, not pieces (9.2.1).
  return 0;
}

// --- Start of Birdsong: Saboteurs -----------------------------------------

// "At the start of Birdsong, may discard this card to discard an enemy's
// crafted card."
void SaboteursStep(State& s) {
  const int seat = s.top().seat;
  const int f = FactionOf(s, seat);
  const CardId own = s.FindEffect(seat, kSaboteurs);
  std::vector<Option> opts = NewOptionList();
  for (int o = 0; o < s.num_seats() && own != kNoCard; ++o) {
    if (o == seat || !s.AreEnemies(f, FactionOf(s, o))) continue;
    for (CardId id : s.seat(o).play_area) {
      opts.push_back({.kind = kOptCard, .a = I8(o), .card = id});
    }
  }
  s.AskWithDoneOrPop(kPromptSaboteurs, seat, std::move(opts));
}

void SaboteursChoose(State& s, const Option& o) {
  const int seat = s.top().seat;
  s.Pop();
  if (o.kind == kOptDone) return;
  DiscardFromPlay(s, seat, s.FindEffect(seat, kSaboteurs));
  DiscardFromPlay(s, o.a, o.card);
}

// --- In Birdsong: False Orders, Swap Meet ------------------------------------

// False Orders (errata): the enemy's warriors move from a clearing to an
// adjacent one (by path), both chosen by the card's owner, ignoring rule.
// Calls emit(from, to) for each such move in (from, to) order until it
// returns true; returns whether it did.
template <class Emit>
bool ScanFalseOrdersMoves(const State& s, int enemy, Emit&& emit) {
  uint32_t blocked_to, blocked_from;
  s.MoveBlocks(enemy, blocked_to, blocked_from);
  const int n = s.map().num_clearings;
  const FactionModule* module = GetFaction(enemy);
  for (int from = 0; from < n; ++from) {
    // Law 14.2.2: a lone warlord cannot be moved outside the Hundreds' turn.
    if (s.clearing(from).warriors[enemy] <=
            module->ProtectedWarriors(s, from) ||
        (blocked_from >> from & 1))
      continue;
    const uint32_t to_mask = s.AdjacentMask(from) & ~blocked_to;
    for (uint32_t m = to_mask; m != 0; m &= m - 1) {
      const int to = std::countr_zero(m);
      if (to < n && emit(from, to)) return true;
    }
  }
  return false;
}

std::vector<Option> FalseOrdersMoves(const State& s, int enemy) {
  std::vector<Option> opts = NewOptionList();
  ScanFalseOrdersMoves(s, enemy, [&](int from, int to) {
    opts.push_back({.kind = kOptMove, .a = I8(from), .b = I8(to)});
    return false;
  });
  return opts;
}

// Whether False Orders may target the faction in seat o.
bool FalseOrdersTarget(const State& s, int seat, int o) {
  const int of = FactionOf(s, o);
  return o != seat && s.AreEnemies(FactionOf(s, seat), of) &&
         GetFaction(of)->warriors() > 0 &&
         ScanFalseOrdersMoves(s, of, [](int, int) { return true; });
}

std::vector<int> FalseOrdersTargets(const State& s, int seat) {
  std::vector<int> out;
  for (int o = 0; o < s.num_seats(); ++o) {
    if (FalseOrdersTarget(s, seat, o)) out.push_back(FactionOf(s, o));
  }
  return out;
}

bool AnyFalseOrdersTarget(const State& s, int seat) {
  for (int o = 0; o < s.num_seats(); ++o) {
    if (FalseOrdersTarget(s, seat, o)) return true;
  }
  return false;
}

void FalseOrdersStep(State& s) {
  const Task& t = s.top();
  std::vector<Option> opts =
      t.step == 0 ? NewOptionList() : FalseOrdersMoves(s, t.x);
  if (t.step == 0) {
    for (int of : FalseOrdersTargets(s, t.seat))
      opts.push_back({.kind = kOptFaction, .a = I8(of)});
  }
  if (opts.empty()) {  // nothing left to move (cannot happen after step 0)
    RecycleOptionList(std::move(opts));
    s.Pop();
    return;
  }
  s.Ask(kPromptFalseOrdersMove, t.seat, std::move(opts),
        t.step == 0 ? -1 : t.x);
}

void FalseOrdersChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (t.step == 0) {
    t.step = 1;
    t.x = o.a;
    return;
  }
  const int enemy = t.x, by = FactionOf(s, t.seat);
  s.Pop();
  // Half their warriors there, rounded up.
  const int n = (s.clearing(o.a).warriors[enemy] + 1) / 2;
  s.MoveWarriors(enemy, o.a, o.b, n, by);
}

// Swap Meet: "may take a random card from another player and then give
// them a card." The card given is any card in hand.
void SwapMeetStep(State& s) {
  const Task& t = s.top();
  s.Ask(kPromptSwapMeetGive, t.seat, MatchingCards(s, t.seat, -1), t.a);
}

void SwapMeetChoose(State& s, const Option& o) {
  const int seat = s.top().seat, to = s.top().a;
  s.Pop();
  s.RemoveFromHand(seat, o.card);
  s.mutable_seat(to).hand.push_back(o.card);
  s.Log({.kind = kEvTakeCard,
         .seat = I8(to),
         .a = I8(seat),
         .card = o.card,
         .visible_to = static_cast<uint8_t>((1u << seat) | (1u << to))});
}

void TakeRandomCard(State& s, int seat, int victim) {
  auto& hand = s.mutable_seat(victim).hand;
  const int i =
      s.chance_stream().Draw(kChancePick, static_cast<int>(hand.size()));
  const CardId id = hand[i];
  hand.erase(hand.begin() + i);
  s.mutable_seat(seat).hand.push_back(id);
  s.Log({.kind = kEvTakeCard,
         .seat = I8(seat),
         .a = I8(victim),
         .card = id,
         .visible_to = static_cast<uint8_t>((1u << seat) | (1u << victim))});
}

// --- End of Birdsong: Eyrie Emigre -------------------------------------------

// "At the end of Birdsong, take a move, then initiate a battle in the
// clearing you moved into. If you did not take both actions, discard this
// card." Step 0 the move (then a core move task asks how many), step 1 the
// battle; x = the destination.
void EmigreStep(State& s) {
  Task& t = s.top();
  const int seat = t.seat, f = FactionOf(s, seat);
  std::vector<Option> opts =
      t.step == 0 ? LegalMoves(s, f, -1) : NewOptionList();
  if (t.step != 0) {
    std::vector<Option> battles = LegalBattles(s, f, -1);
    for (const Option& o : battles) {
      if (o.a == t.x) opts.push_back(o);
    }
    RecycleOptionList(std::move(battles));
  }
  if (opts.empty()) {
    RecycleOptionList(std::move(opts));
    s.Pop();
    const CardId id = s.FindEffect(seat, kEyrieEmigre);
    if (id != kNoCard) DiscardFromPlay(s, seat, id);
    return;
  }
  s.Ask(t.step == 0 ? kPromptEyrieEmigreMove : kPromptEyrieEmigreBattle, seat,
        std::move(opts), t.x);
}

void EmigreChoose(State& s, const Option& o) {
  Task& t = s.top();
  const int seat = t.seat;
  if (t.step == 0) {
    t.step = 1;
    t.x = o.b;
    Task mv{.kind = kTaskMove, .seat = I8(seat), .step = 1};
    mv.x = o.a;
    mv.y = o.b;
    s.Push(mv);  // asks how many warriors move (Law 4.2)
    return;
  }
  s.Pop();
  PushBattle(s, o.a, FactionOf(s, seat), o.b);
}

// --- Daylight: Propaganda Bureau, League of Adventurous Mice ----------------

// Warriors of f's supply a placement may take: not the Hundreds' warlord
// waiting there (Law 14.2.2, FactionModule::ReservedWarriors).
int PlaceableWarriors(const State& s, int f) {
  return s.warrior_supply(f) - GetFaction(f)->ReservedWarriors(s);
}

// Propaganda Bureau: "Once in Daylight, may spend a card to remove an enemy
// warrior from a matching clearing and place a warrior there."
bool PropagandaEnemyIn(const State& s, int f, int enemy, int c) {
  return enemy != f && s.clearing(c).warriors[enemy] > 0 &&
         s.SeatOf(enemy) >= 0 && s.AreEnemies(f, enemy) &&
         s.clearing(c).warriors[enemy] >
             GetFaction(enemy)->ProtectedWarriors(s, c);
}

// Law 22.3.2: an enemy hireling's warrior may be replaced too (targets
// named kBattleHirelingBase + card, hirelings.h).
std::vector<int> PropagandaHirelings(const State& s, int f, int c) {
  std::vector<int> out;
  for (int h : EnemyHirelingTargets(s, f, c, false)) {
    if (HirelingWarriorsIn(s, h, c) > 0) out.push_back(h);
  }
  return out;
}

std::vector<Option> PropagandaClearings(const State& s, int seat) {
  std::vector<Option> opts = NewOptionList();
  const int f = FactionOf(s, seat);
  if (PlaceableWarriors(s, f) <= 0) return opts;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (!s.CanPlace(f, c) || !AnyMatchingCard(s, seat, MatchSuitOf(s, c)))
      continue;
    bool any = !PropagandaHirelings(s, f, c).empty();
    for (int o = 0; o < s.num_seats() && !any; ++o)
      any = PropagandaEnemyIn(s, f, FactionOf(s, o), c);
    if (any) opts.push_back({.kind = kOptClearing, .a = I8(c)});
  }
  return opts;
}

// Whether PropagandaClearings lists any clearing (the action menu's test;
// cheapest conditions first, no lists built).
bool AnyPropagandaClearing(const State& s, int seat) {
  const int f = FactionOf(s, seat);
  if (PlaceableWarriors(s, f) <= 0 || s.seat(seat).hand.empty()) return false;
  uint32_t suits = 0;  // the suits (bit per Suit) a card in hand matches
  for (CardId id : s.seat(seat).hand) {
    const int suit = s.card(id).suit;
    suits |= suit == kBird ? (1u << kNumSuits) - 1 : 1u << suit;
  }
  for (int c = 0; c < s.map().num_clearings; ++c) {
    const int suit = MatchSuitOf(s, c);  // Law 20.8.1 with 10.2.1
    if (suit >= 0 && !(suits >> suit & 1)) continue;
    bool any = false;
    for (int o = 0; o < s.num_seats() && !any; ++o)
      any = PropagandaEnemyIn(s, f, FactionOf(s, o), c);
    // (A hireling's warrior only where one is on the map, hirelings.cc.)
    if (!any && (s.hirelings().on_map >> c & 1))
      any = !PropagandaHirelings(s, f, c).empty();
    if (any && s.CanPlace(f, c)) return true;
  }
  return false;
}

void PropagandaStep(State& s) {
  const Task& t = s.top();
  const int f = FactionOf(s, t.seat);
  std::vector<Option> opts = t.step == 0   ? PropagandaClearings(s, t.seat)
                             : t.step == 1 ? NewOptionList()
                                           : MatchingCardsIn(s, t.seat, t.x);
  if (t.step == 1) {
    for (int o = 0; o < s.num_seats(); ++o) {
      if (PropagandaEnemyIn(s, f, FactionOf(s, o), t.x))
        opts.push_back({.kind = kOptFaction, .a = FactionOf(s, o)});
    }
    for (int h : PropagandaHirelings(s, f, t.x))
      opts.push_back({.kind = kOptFaction, .a = I8(h)});
  }
  CHECK(!opts.empty());
  s.Ask(kPromptPropaganda, t.seat, std::move(opts), t.step, t.x);
}

void PropagandaChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (t.step == 0) {
    t.x = o.a;
    t.step = 1;
    return;
  }
  if (t.step == 1) {
    t.y = o.a;
    t.step = 2;
    return;
  }
  const int seat = t.seat, c = t.x, enemy = t.y, f = FactionOf(s, seat);
  s.Pop();
  s.RemoveFromHand(seat, o.card);
  s.Discard(o.card);
  if (IsHirelingTarget(enemy)) {
    RemoveHirelingTargetPiece(s, enemy, c, f, false);
  } else {
    s.RemoveWarriors(enemy, c, 1, f);
  }
  s.PlaceWarriors(f, c, 1);
}

// League of Adventurous Mice: "Once in Daylight, may exhaust an item in
// your Crafted Items box to take a move or initiate battle." Step 0 the
// item, step 1 the move or battle.
std::vector<Option> LeagueItems(const State& s, int seat) {
  std::vector<Option> opts = NewOptionList();
  for (int i = 0; i < kNumItems; ++i) {
    if (s.seat(seat).items[i] > s.exiles().exhausted[seat][i])
      opts.push_back({.kind = kOptItem, .a = I8(i)});
  }
  return opts;
}

bool AnyLeagueItem(const State& s, int seat) {
  for (int i = 0; i < kNumItems; ++i) {
    if (s.seat(seat).items[i] > s.exiles().exhausted[seat][i]) return true;
  }
  return false;
}

std::vector<Option> LeagueActions(const State& s, int seat) {
  const int f = FactionOf(s, seat);
  std::vector<Option> opts = LegalMoves(s, f, -1);
  std::vector<Option> battles = LegalBattles(s, f, -1);
  opts.insert(opts.end(), battles.begin(), battles.end());
  RecycleOptionList(std::move(battles));
  return opts;
}

void LeagueStep(State& s) {
  const Task& t = s.top();
  std::vector<Option> opts =
      t.step == 0 ? LeagueItems(s, t.seat) : LeagueActions(s, t.seat);
  CHECK(!opts.empty());
  s.Ask(kPromptLeague, t.seat, std::move(opts), t.step);
}

void LeagueChoose(State& s, const Option& o) {
  Task& t = s.top();
  const int seat = t.seat;
  if (t.step == 0) {
    ++s.mutable_exiles().exhausted[seat][o.a];
    t.step = 1;
    return;
  }
  s.Pop();
  if (o.kind == kOptMove) {
    Task mv{.kind = kTaskMove, .seat = I8(seat), .step = 1};
    mv.x = o.a;
    mv.y = o.b;
    s.Push(mv);
  } else {
    PushBattle(s, o.a, FactionOf(s, seat), o.b);
  }
}

// --- Evening: Charm Offensive, Informants
// -------------------------------------

// "At start of Evening, may draw a card and choose another player to score
// one point."
void CharmStep(State& s) {
  const int seat = s.top().seat;
  std::vector<Option> opts = NewOptionList();
  for (int o = 0; o < s.num_seats(); ++o) {
    if (o != seat) opts.push_back({.kind = kOptFaction, .a = FactionOf(s, o)});
  }
  opts.push_back({.kind = kOptDone});
  s.Ask(kPromptCharmOffensive, seat, std::move(opts));
}

void CharmChoose(State& s, const Option& o) {
  const int seat = s.top().seat;
  s.Pop();
  if (o.kind == kOptDone) return;
  s.AddVp(s.SeatOf(o.a), 1, kVpCard);
  s.DrawCards(seat, 1);
}

// "In Evening, if you would draw cards, you may instead take one ambush card
// from the discard pile." a = the cards the draw would give.
void InformantsStep(State& s) {
  const Task& t = s.top();
  std::vector<Option> opts = NewOptionList();
  for (CardId id : s.discard()) {
    if (s.card(id).kind != kAmbushCard) continue;
    bool dup = false;
    for (const Option& o : opts) dup |= s.card(o.card).type == s.card(id).type;
    if (!dup) opts.push_back({.kind = kOptCard, .card = id});
  }
  opts.push_back({.kind = kOptDone});
  s.Ask(kPromptInformants, t.seat, std::move(opts), t.a);
}

void InformantsChoose(State& s, const Option& o) {
  const int seat = s.top().seat, n = s.top().a;
  s.Pop();
  if (o.kind == kOptDone) {
    s.DrawCardsNow(seat, n);
    return;
  }
  auto& pile = s.mutable_discard();
  pile.erase(std::find(pile.begin(), pile.end(), o.card));
  s.mutable_seat(seat).hand.push_back(o.card);
  s.Log({.kind = kEvTakeCard, .seat = I8(seat), .card = o.card});
}

// --- The task
// -----------------------------------------------------------------

void CardStep(State& s) {
  switch (s.top().c) {
    case kSaboteurs:
      return SaboteursStep(s);
    case kFalseOrders:
      return FalseOrdersStep(s);
    case kSwapMeet:
      return SwapMeetStep(s);
    case kEyrieEmigre:
      return EmigreStep(s);
    case kPropagandaBureau:
      return PropagandaStep(s);
    case kLeagueOfAdventurousMice:
      return LeagueStep(s);
    case kCharmOffensive:
      return CharmStep(s);
    case kInformants:
      return InformantsStep(s);
  }
  CHECK(false) << "bad Exiles card task " << int{s.top().c};
}

void CardChoose(State& s, const Option& o) {
  switch (s.top().c) {
    case kSaboteurs:
      return SaboteursChoose(s, o);
    case kFalseOrders:
      return FalseOrdersChoose(s, o);
    case kSwapMeet:
      return SwapMeetChoose(s, o);
    case kEyrieEmigre:
      return EmigreChoose(s, o);
    case kPropagandaBureau:
      return PropagandaChoose(s, o);
    case kLeagueOfAdventurousMice:
      return LeagueChoose(s, o);
    case kCharmOffensive:
      return CharmChoose(s, o);
    case kInformants:
      return InformantsChoose(s, o);
  }
  CHECK(false) << "bad Exiles card choice " << int{s.top().c};
}

std::string Text(absl::string_view s) { return std::string(s); }

std::string FalseOrdersText(const State& s, const Prompt& p) {
  if (p.a < 0) return "False Orders: whose warriors do you order to move?";
  return absl::StrCat("False Orders: move half of the ", FactionName(p.a),
                      " warriors (rounded up) from which clearing to which?");
}
std::string SwapMeetText(const State& s, const Prompt& p) {
  return absl::StrCat("Swap Meet: which card do you give to ",
                      FactionName(s.seat(p.a).faction), "?");
}
std::string EmigreBattleText(const State& s, const Prompt& p) {
  return absl::StrCat("Eyrie Emigre: initiate a battle in ",
                      ClearingName(s, p.a), ".");
}
std::string PropagandaText(const State& s, const Prompt& p) {
  if (p.a == 0)
    return "Propaganda Bureau: in which clearing do you replace an enemy "
           "warrior?";
  if (p.a == 1)
    return absl::StrCat("Propaganda Bureau: whose warrior in ",
                        ClearingName(s, p.b), "?");
  return absl::StrCat("Propaganda Bureau: spend a card matching ",
                      ClearingName(s, p.b), ".");
}
std::string LeagueText(const State& s, const Prompt& p) {
  return p.a == 0 ? "League of Adventurous Mice: exhaust which item?"
                  : "League of Adventurous Mice: take a move or initiate a "
                    "battle.";
}
std::string InformantsText(const State& s, const Prompt& p) {
  return absl::StrCat(
      "Informants: take an ambush card from the discard pile instead of "
      "drawing ",
      int{p.a}, p.a == 1 ? " card" : " cards", " (Done: draw them)?");
}

void Reg(int kind, absl::string_view key,
         std::string (*text)(const State&, const Prompt&)) {
  RegisterPrompt(kind, PromptInfo{key, "20.8.1", text});
}

}  // namespace

void RegisterExiles() {
  RegisterTask(kTaskExilesCard, {"exiles_card", CardStep, CardChoose});
  Reg(kPromptSaboteurs, "card.saboteurs", [](const State&, const Prompt&) {
    return Text(
        "Saboteurs: discard it to discard which enemy crafted card, or not?");
  });
  Reg(kPromptFalseOrdersMove, "card.false_orders", FalseOrdersText);
  Reg(kPromptSwapMeetGive, "card.swap_meet", SwapMeetText);
  Reg(kPromptEyrieEmigreMove, "card.eyrie_emigre.move",
      [](const State&, const Prompt&) {
        return Text(
            "Eyrie Emigre: take a move (then battle in the clearing you "
            "move into, or discard the card).");
      });
  Reg(kPromptEyrieEmigreBattle, "card.eyrie_emigre.battle", EmigreBattleText);
  Reg(kPromptPropaganda, "card.propaganda_bureau", PropagandaText);
  Reg(kPromptLeague, "card.league_of_adventurous_mice", LeagueText);
  Reg(kPromptCharmOffensive, "card.charm_offensive",
      [](const State&, const Prompt&) {
        return Text(
            "Charm Offensive: draw a card and choose who else scores one "
            "point, or not?");
      });
  Reg(kPromptInformants, "card.informants", InformantsText);
}

// --- Hooks
// ----------------------------------------------------------------------

namespace {

// Every warrior on Coffin Makers back to its supply, the Hundreds' warlord
// among them (Law 14.2.2: off the map and on no card, it is in the supply).
void ReturnCoffins(State& s) {
  ExilesBoard& eb = s.mutable_exiles();
  for (int f = 0; f < kNumFactions; ++f) {
    if (eb.coffins[f] == 0) continue;
    s.SetWarriorSupply(f, s.warrior_supply(f) + eb.coffins[f]);
    eb.coffins[f] = 0;
  }
  if (s.SeatOf(kHundreds) >= 0 && s.hundreds().warlord_on_coffins) {
    s.mutable_hundreds().warlord_on_coffins = false;
  }
}

}  // namespace

void ExilesBirdsongStart(State& s, int seat) {
  // League: items exhausted in the Crafted Items box refresh (the card is
  // silent on when; see exiles_board.h).
  s.mutable_exiles().exhausted[seat] = {};
  // Coffin Makers: "At the start of Birdsong, you score one point per five
  // warriors here, then return all warriors here to their supplies."
  if (s.HasEffect(seat, kCoffinMakers)) {
    ExilesBoard& eb = s.mutable_exiles();
    int total = 0;
    for (int8_t n : eb.coffins) total += n;
    if (total >= 5) s.AddVp(seat, total / 5, kVpCard);
    ReturnCoffins(s);
  }
  if (s.HasEffect(seat, kSaboteurs)) PushCardTask(s, seat, kSaboteurs);
}

void AppendExilesBirdsongCards(const State& s, int seat,
                               std::vector<Option>& opts) {
  const CardId orders = s.FindEffect(seat, kFalseOrders);
  if (orders != kNoCard && AnyFalseOrdersTarget(s, seat))
    opts.push_back({.kind = kOptCard, .card = orders});
  const CardId swap = s.FindEffect(seat, kSwapMeet);
  if (swap != kNoCard && !Used(s, seat, kSwapMeet)) {
    for (int o = 0; o < s.num_seats(); ++o) {
      if (o != seat && !s.seat(o).hand.empty())
        opts.push_back(
            {.kind = kOptFaction, .a = FactionOf(s, o), .card = swap});
    }
  }
}

bool ResolveExilesBirdsong(State& s, int seat, const Option& o) {
  if (o.card == kNoCard) return false;
  const int effect = s.card(o.card).effect;
  if (effect == kFalseOrders) {
    DiscardFromPlay(s, seat, o.card);  // "may discard this card to ..."
    PushCardTask(s, seat, kFalseOrders);
    return true;
  }
  if (effect == kSwapMeet) {
    MarkUsed(s, seat, kSwapMeet);  // once in Birdsong
    const int victim = s.SeatOf(o.a);
    TakeRandomCard(s, seat, victim);
    PushCardTask(s, seat, kSwapMeet, victim);
    return true;
  }
  return false;
}

void ExilesBirdsongEnd(State& s, int seat) {
  if (s.HasEffect(seat, kEyrieEmigre)) PushCardTask(s, seat, kEyrieEmigre);
}

void ExilesEveningStart(State& s, int seat) {
  if (s.HasEffect(seat, kCharmOffensive))
    PushCardTask(s, seat, kCharmOffensive);
}

void AppendExilesDaylightCards(const State& s, int seat,
                               std::vector<Option>& opts) {
  if (s.HasEffect(seat, kPropagandaBureau) &&
      !Used(s, seat, kPropagandaBureau) && AnyPropagandaClearing(s, seat)) {
    opts.push_back({.kind = kOptExtra, .a = kExtraPropagandaBureau});
  }
  if (s.HasEffect(seat, kLeagueOfAdventurousMice) &&
      !Used(s, seat, kLeagueOfAdventurousMice) && AnyLeagueItem(s, seat) &&
      (AnyLegalMove(s, FactionOf(s, seat), -1) ||
       AnyLegalBattle(s, FactionOf(s, seat), -1))) {
    opts.push_back({.kind = kOptExtra, .a = kExtraLeague});
  }
}

void ResolveExilesDaylight(State& s, int seat, const Option& o) {
  const int effect =
      o.a == kExtraLeague ? kLeagueOfAdventurousMice : kPropagandaBureau;
  MarkUsed(s, seat, effect);
  PushCardTask(s, seat, effect);
}

std::string ExilesExtraLabel(const State& s, const Option& o) {
  return o.a == kExtraLeague ? "Use League of Adventurous Mice"
                             : "Use Propaganda Bureau";
}

ExilesMoveRules ExilesMovingCards(const State& s, int seat, int faction) {
  ExilesMoveRules r;
  const uint32_t effects = s.EffectsInPlay(seat);
  // Corvid Planners: "While moving, you ignore rule."
  r.ignore_rule = effects >> kCorvidPlanners & 1;
  // Boat Builders: "You treat rivers as paths."
  r.rivers = effects >> kBoatBuilders & 1;
  // Tunnels: "You treat clearings with any of your crafting pieces as
  // adjacent."
  const uint64_t kinds = (effects >> kTunnels & 1)
                             ? CraftingPieceKinds(s, faction) & ~uint64_t{1}
                             : 0;
  const int n = s.map().num_clearings;
  if (kinds != 0 && (kinds & (kinds - 1)) == 0) {  // one kind: a test each
    // Without a branch per clearing (issue 12: cachegrind's branch
    // simulation found them mispredicted).
    const int k = std::countr_zero(kinds);
    uint32_t mask = 0;
    for (int c = 0; c < n; ++c) {
      mask |= static_cast<uint32_t>(s.clearing(c).pieces[k] > 0) << c;
    }
    r.tunnels = static_cast<ClearingMask>(mask);
    return r;
  }
  for (int c = 0; kinds != 0 && c < n; ++c) {
    const auto& pieces = s.clearing(c).pieces;
    for (uint64_t k = kinds; k != 0; k &= k - 1) {
      if (pieces[std::countr_zero(k)] > 0) {
        r.tunnels |= static_cast<ClearingMask>(1u << c);
        break;
      }
    }
  }
  return r;
}

// "In battle in <suit> clearings, may deal one extra hit, then discard all
// your cards except <suit>s."
void AppendExilesPartisans(const State& s, int seat,
                           std::vector<Option>& opts) {
  const BattleState& b = s.battle();
  if (b.partisans >> seat & 1) return;
  for (CardId id : s.seat(seat).play_area) {
    // Law 20.8.1 with 10.2.1: the Lost City is a clearing of every suit.
    if (s.card(id).effect == kPartisans &&
        s.ClearingIs(b.clearing, s.card(id).suit)) {
      opts.push_back({.kind = kOptCard, .card = id});
    }
  }
}

bool UseExilesBattleEffect(State& s, int seat, bool attacker, CardId id) {
  if (s.card(id).effect != kPartisans) return false;
  BattleState& b = s.battle();
  b.partisans |= static_cast<uint8_t>(1u << seat);
  ++b.extra_hits[attacker ? 0 : 1];
  // Law 2.1.1.I: told to discard the non-matching suits, birds go too.
  const int suit = s.card(id).suit;
  std::vector<CardId> hand = s.seat(seat).hand;
  for (CardId c : hand) {
    if (s.card(c).suit == suit) continue;
    s.RemoveFromHand(seat, c);
    s.Discard(c);
  }
  return true;
}

void ExilesItemCrafted(State& s, int seat) {
  // Master Engravers: "Whenever you craft an item, score one extra point."
  if (s.HasEffect(seat, kMasterEngravers)) s.AddVp(seat, 1, kVpCard);
  // Murine Broker: "Whenever another player crafts an item, draw a card."
  for (int o = 0; o < s.num_seats(); ++o) {
    if (o != seat && s.HasEffect(o, kMurineBroker)) s.DrawCards(o, 1);
  }
}

// Soup Kitchens: "Your tokens now count towards rule, and each of your
// tokens counts twice."
int ExilesExtraPresence(const State& s, int faction, int c) {
  const int seat = s.SeatOf(faction);
  if (seat < 0 || !s.HasEffect(seat, kSoupKitchens)) {
    return 0;
  }
  int tokens = 0;
  for (int p = 1; p < kNumPieces; ++p) {
    const PieceInfo& info = GetPieceInfo(p);
    if (info.owner == faction && !info.building)
      tokens += s.clearing(c).pieces[p];
  }
  return 2 * tokens;
}

// Coffin Makers: "Whenever any warriors would return to a supply, place them
// on this card instead."
bool CoffinMakersCatch(const State& s, int faction) {
  // Law 10.2.3 Revenge: Lizard warriors removed defending become acolytes
  // instead of returning to the supply; the Cult's rule comes first.
  const BattleState& b = s.battle();
  if (faction == kCult && b.defender == kCult) return false;
  for (int o = 0; o < s.num_seats(); ++o) {
    if (s.HasEffect(o, kCoffinMakers)) return true;
  }
  return false;
}

bool ExilesTakeWarriors(State& s, int faction, int n) {
  if (n <= 0 || !CoffinMakersCatch(s, faction)) return false;
  s.mutable_exiles().coffins[faction] += static_cast<int8_t>(n);
  return true;
}

bool ExilesDeferDraw(State& s, int seat, int n) {
  if (n <= 0 || !s.HasEffect(seat, kInformants)) return false;
  for (CardId id : s.discard()) {
    if (s.card(id).kind == kAmbushCard) {
      PushCardTask(s, seat, kInformants, n);
      return true;
    }
  }
  return false;
}

void ExilesLeftPlay(State& s, int seat, CardId id) {
  if (s.card(id).effect != kCoffinMakers) return;
  // Law silent: the warriors on a discarded Coffin Makers go back to their
  // supplies (they would have at the owner's next Birdsong), unscored.
  ReturnCoffins(s);
}

void ObserveExiles(const State& s, int seat, Observation& o) {
  o.exiles = s.exiles();  // all public
}

}  // namespace woodland::rules
