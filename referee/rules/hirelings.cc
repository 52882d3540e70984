// The Marauder hirelings (Law 22, 19.6): setup, hiring at the score-track
// markers, the control die and passing control, and the hirelings' actions
// at their timings (when hired, start of Birdsong, once per Daylight).
//
// Hireling pieces live on HirelingsBoard (hirelings_board.h), never in the
// factions' piece counts (Law 22.3.3). Removing an enemy piece with a
// hireling scores nothing (22.3.6): removals pass kNoFaction as remover.
#include "referee/rules/hirelings.h"

#include <algorithm>
#include <array>
#include <bit>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "referee/rules/check.h"
#include "referee/rules/faction.h"
#include "referee/rules/keepers.h"

namespace woodland::rules {
namespace {

int8_t I8(int v) { return static_cast<int8_t>(v); }

enum HireTask : uint8_t {
  kTaskSetup = kHirelingTaskBase,  // a = card index, b = pieces placed
  kTaskEndTurn,                    // 22.1.1, 22.1.3
  kTaskWhenHired,                  // a = card (22.2.1)
  kTaskBirdsong,                   // a = card (22.2.3)
  kTaskDaylight,                   // a = card (22.2.4)
  kTaskHireMove,  // a = card: one move; x = battle after (1 any, 2 there)
  kTaskHireBattleChoice,  // a = card, b = clearing or -1, c = optional, x =
                          // times
  kTaskHireBattle,        // a = card, b = clearing, c = defender faction
  kTaskDefend,      // a = card, b = clearing, c = attacker faction (22.3.2)
  kTaskScouts,      // a = card: Rabbit Scouts before the roll
  kTaskBearers,     // a = card: Flame Bearers' Birdsong, b = clearing done
  kTaskPhysicians,  // a = card, b = clearing, c = faction, x = warriors
  kTaskAidExile,    // the Exile's ability outside Daylight (22.2.2)
};

enum HirePrompt : uint16_t {
  kPromptSetupClearing = kHirelingPromptBase,
  kPromptSetupForest,
  kPromptHire,
  kPromptGive,
  kPromptUprising,
  kPromptPlace,
  kPromptAction,
  kPromptHireMoveFrom,
  kPromptHireMoveCount,
  kPromptSmugglersCard,
  kPromptHireBattle,
  kPromptHireAmbush,
  kPromptHit,
  kPromptUprisingCost,   // attacker: discard a card matching the clearing
  kPromptAttackerHit,    // attacker: which of its pieces a hireling's hit takes
  kPromptScouts,         // defender: spend a matching card to swap the rolls
  kPromptBearersVictim,  // Flame Bearers: whose piece burns
  kPromptBearersSpread,  // Flame Bearers: where the new Bearer goes
  kPromptPhysicians,     // spend a matching card to place the warriors
  kPromptPhysiciansTo,   // where the saved warriors go
  kPromptBrigandRuin,    // The Brigand: which ruin item to take
  kPromptBrigandSteal,   // The Brigand: whose card to take
  kPromptBandPull,       // Popular Band: the adjacent clearing pulled from
  kPromptBandPullCount,  // Popular Band: how many of a faction's warriors
  kPromptAidExile,       // give the Exile a crafted item, or go on
};

// kOptAction codes (a); b carries the card index or clearing.
enum HireAct : int8_t {
  kActHire = 0,      // b = card index
  kActRevolt,        // b = clearing (Spring Uprising, Birdsong)
  kActPlace,         // b = clearing
  kActMove,          // take a move
  kActBattle,        // take a battle (Rat Smugglers)
  kActPlaceHeld,     // b = clearing: Forest Patrol's warriors on the card
  kActRecruit,       // a warrior at each vault (Vault Keepers)
  kActExplore,       // b = clearing: The Brigand takes a ruin item
  kActSteal,         // b = item: The Brigand exhausts it to take a card
  kActExileBattle,   // the Exile battles (b = clearing)
  kActPull,          // b = clearing: the Popular Band pulls warriors in
  kActPlaceKeepers,  // b = clearing: Vault Keepers' warriors and a vault
};

constexpr std::array<absl::string_view, kNumHirelings> kPromoted = {
    "Forest Patrol", "Last Dynasty",  "Spring Uprising", "The Exile",
    "Flame Bearers", "Vault Keepers", "Popular Band"};
constexpr std::array<absl::string_view, kNumHirelings> kDemoted = {
    "Feline Physicians", "Bluebird Nobles",   "Rabbit Scouts", "The Brigand",
    "Rat Smugglers",     "Badger Bodyguards", "Street Band"};
constexpr std::array<absl::string_view, kNumHirelings> kPromotedKey = {
    "patrol", "dynasty", "uprising", "exile", "bearers", "keepers", "band"};
constexpr std::array<absl::string_view, kNumHirelings> kDemotedKey = {
    "physicians", "nobles",     "scouts",    "brigand",
    "smugglers",  "bodyguards", "streetband"};

// Law 22.1.2: the control die. The Law names gold pips and all pips but not
// the faces; face k shows kControlGold[k] gold pips of kControlAll[k] pips
// (a rules decision, see the report).
constexpr std::array<int8_t, 6> kControlGold = {1, 1, 1, 1, 2, 2};
constexpr std::array<int8_t, 6> kControlAll = {1, 2, 2, 3, 3, 4};

HirelingsBoard& Board(State& s) { return s.mutable_hirelings(); }
HirelingCard& Card(State& s, int i) { return s.mutable_hirelings().cards[i]; }
const HirelingCard& Card(const State& s, int i) {
  return s.hirelings().cards[i];
}
bool Is(const HirelingCard& h, int hireling, bool demoted) {
  return h.hireling == hireling && h.demoted == demoted;
}

void LogHire(State& s, int card, int op, int c, int d, int seat = -1) {
  s.Log({.kind = kEvHireling,
         .seat = I8(seat),
         .a = Card(s, card).hireling,
         .b = I8(op),
         .c = I8(c),
         .d = static_cast<int16_t>(d)});
}

void PlaceBrigandRuinItems(State& s);
int ExileReadyCount(const HirelingCard& h);

// --- Pieces
// -------------------------------------------------------------------

int PlaceHirelingWarriors(State& s, int card, int c, int n) {
  HirelingCard& h = Card(s, card);
  n = std::min<int>(n, h.supply);
  if (n <= 0) return 0;
  h.supply -= n;
  h.warriors[c] += n;
  Board(s).on_map |= 1u << c;
  LogHire(s, card, kHireOpPlace, c, n);
  return n;
}

bool PlaceVault(State& s, int card, int c) {
  HirelingCard& h = Card(s, card);
  if (h.vault_supply <= 0 || s.OpenSlots(c) <= 0) return false;
  --h.vault_supply;
  ++h.vaults[c];
  Board(s).on_map |= 1u << c;
  LogHire(s, card, kHireOpVaultPlace, c, 1);
  return true;
}

// Removed hireling warriors go to the supply; the Forest Patrol's onto its
// card (its ability, hirelings_landmarks.yaml).
void RemoveHirelingWarriors(State& s, int card, int c, int n) {
  HirelingCard& h = Card(s, card);
  n = std::min<int>(n, h.warriors[c]);
  if (n <= 0) return;
  h.warriors[c] -= n;
  LogHire(s, card, kHireOpRemove, c, n);
  if (Is(h, kHirelingForestPatrol, false)) {
    h.held += n;
    LogHire(s, card, kHireOpToCard, c, n);
  } else {
    h.supply += n;
  }
  Board(s).RecomputeOnMap();
}

// Removes up to n vaults of hireling card `card` from c to its supply;
// returns how many.
int RemoveHirelingVaults(State& s, int card, int c, int n) {
  int removed = 0;
  for (; removed < n && Card(s, card).vaults[c] > 0; ++removed) {
    HirelingCard& h = Card(s, card);
    --h.vaults[c];
    ++h.vault_supply;
    LogHire(s, card, kHireOpVaultRemove, c, 1);
  }
  return removed;
}

// Faction `remover` removed `warriors` warriors and `vaults` vaults of
// hirelings in c: 1 VP per vault (Law 3.2.1; 22.3.6: hireling buildings
// score), then its removal hook with no victim faction (the Despot's extra
// point in battle, 7.8.4; FAQ 28, 29: no Vagabond relationship changes).
void HirelingPiecesRemovedBy(State& s, int remover, int c, int warriors,
                             int vaults) {
  if (remover == kNoFaction || s.SeatOf(remover) < 0) return;
  if (vaults > 0) s.AddVp(s.SeatOf(remover), vaults, kVpRemoval);
  if (warriors + vaults > 0) {
    GetFaction(remover)->OnRemovedEnemy(s, kNoFaction, c, warriors, vaults);
  }
}

void MoveHirelingWarriors(State& s, int card, int from, int to, int n) {
  HirelingCard& h = Card(s, card);
  CHECK_LE(n, h.warriors[from]);
  h.warriors[from] -= n;
  h.warriors[to] += n;
  LogHire(s, card, kHireOpRemove, from, n);
  LogHire(s, card, kHireOpPlace, to, n);
  Board(s).RecomputeOnMap();
  // Law 22.3.7: the controller moving hireling warriors into sympathy.
  const int ctl = Card(s, card).controller;
  if (ctl != kNoFaction && ctl != kAlliance && s.SeatOf(kAlliance) >= 0)
    GetFaction(kAlliance)->OnWarriorsMoved(s, ctl, from, to, n, ctl);
}

// Law 22.3.2: is `faction`'s piece an enemy of hireling card `card`?
bool EnemyOfHireling(const State& s, const HirelingCard& h, int faction) {
  return h.controller == kNoFaction || s.AreEnemies(h.controller, faction);
}

// Law 13.7.2, 6.2.2, 26.6.2 with 22.3.2: the clearings (bit per clearing)
// where pieces of hireling `card` may be placed. A controlled hireling's
// pieces are placed by its controller and are an enemy of the controller's
// enemies, so a face-up snare stops them unless the Corvids (or their
// coalition partner) control it, and the keep admits them only if the
// Marquise controls it (FAQ 14). An uncontrolled hireling (at setup) is an
// enemy of everyone; `placer` is the player setting it up, and the keep
// admits it if that is the Marquise (6.2.2 bars other players).
uint32_t Placeable(const State& s, int card, int placer = kNoFaction) {
  const HirelingCard& h = Card(s, card);
  const int as = h.Controlled()        ? h.controller
                 : placer == kMarquise ? kMarquise
                                       : kNoFaction;
  uint32_t m = 0;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (s.CanPlace(as, c)) m |= 1u << c;
  }
  return m;
}
int IndexOf(const State& s, const HirelingCard& h) {
  return static_cast<int>(&h - s.hirelings().cards.data());
}

// Removes every enemy piece in c (Spring Uprising): the enemy factions' and
// the enemy hirelings'. No one scores (Law 22.3.6).
void RemoveAllEnemies(State& s, int card, int c) {
  const HirelingCard h = Card(s, card);
  const size_t mark = s.BeginSimultaneous();
  for (int seat = 0; seat < s.num_seats(); ++seat) {
    const int f = s.seat(seat).faction;
    if (EnemyOfHireling(s, h, f) && s.HasPieces(f, c)) {
      const int sympathy = f == kAlliance ? s.clearing(c).pieces[kSympathy] : 0;
      GetFaction(f)->RemoveAllPieces(s, c, kNoFaction);
      // Law 22.3.7: removing sympathy with a hireling is Outrage.
      if (h.controller != kNoFaction && h.controller != kAlliance) {
        for (int i = 0; i < sympathy; ++i)
          GetFaction(kAlliance)->OnPieceRemoved(s, kSympathy, c, h.controller);
      }
    }
  }
  for (size_t i = 0; i < s.hirelings().cards.size(); ++i) {
    const HirelingCard& other = Card(s, static_cast<int>(i));
    if (static_cast<int>(i) == card) continue;
    if (other.controller == h.controller && h.controller != kNoFaction)
      continue;
    RemoveHirelingWarriors(s, static_cast<int>(i), c, other.warriors[c]);
    RemoveHirelingVaults(s, static_cast<int>(i), c, other.vaults[c]);
  }
  Board(s).RecomputeOnMap();
  s.EndSimultaneous(mark);
}

// --- Setup (Law 19.6)
// ---------------------------------------------------------

// Law 19.6.3: from the last player in turn order, counterclockwise.
int SetupSeat(const State& s, int k) {
  const int n = s.num_seats();
  return ((s.current_seat() - 1 - k) % n + n) % n;
}

std::vector<Option> ClearingOptions(const State& s, uint32_t mask) {
  std::vector<Option> opts;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (mask >> c & 1) opts.push_back({.kind = kOptClearing, .a = I8(c)});
  }
  return opts;
}
uint32_t AllClearings(const State& s) {
  return (1u << s.map().num_clearings) - 1;
}
uint32_t EdgeClearings(const State& s) {
  uint32_t m = 0;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (s.map().clearings[c].edge) m |= 1u << c;
  }
  return m;
}
uint32_t SuitClearings(const State& s, int suit) {
  uint32_t m = 0;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (s.ClearingIs(c, suit)) m |= 1u << c;  // the Lost City: any suit
  }
  return m;
}
int RollSuit(State& s) {
  return s.chance_stream().Draw(kChanceHirelingDie, kNumClearingSuits);
}

// Asks the setup clearing for the next piece of card t.a, or moves on.
void SetupStep(State& s) {
  Task& t = s.top();
  if (t.a >= static_cast<int>(s.hirelings().cards.size())) {
    s.Pop();
    return;
  }
  const int seat = SetupSeat(s, t.a);
  const HirelingCard& h = Card(s, t.a);
  const uint32_t placeable = Placeable(s, t.a, s.seat(seat).faction);
  auto next = [&] {
    ++t.a;
    t.b = 0;
    t.c = -1;
  };
  if (Is(h, kHirelingExile, true)) {  // the Brigand: items under ruins
    PlaceBrigandRuinItems(s);
    next();
    return;
  }
  if (h.demoted) {  // 19.6.3: the other demoted sides have no setup
    next();
    return;
  }
  switch (h.hireling) {
    case kHirelingForestPatrol:  // one warrior in every clearing
      for (int c = 0; c < s.map().num_clearings; ++c) {
        if (placeable >> c & 1) PlaceHirelingWarriors(s, t.a, c, 1);
      }
      next();
      return;
    case kHirelingLastDynasty:  // all five in one edge clearing
      if (t.b > 0 || (EdgeClearings(s) & placeable) == 0) break;
      s.Ask(kPromptSetupClearing, seat,
            ClearingOptions(s, EdgeClearings(s) & placeable), t.a);
      return;
    case kHirelingSpringUprising: {  // two rolls, one warrior per roll
      if (t.b >= 2) break;
      if (t.c < 0) t.c = I8(RollSuit(s));
      const uint32_t m = SuitClearings(s, t.c) & placeable;
      if (m == 0) {
        ++t.b;
        t.c = -1;
        return;
      }
      s.Ask(kPromptSetupClearing, seat, ClearingOptions(s, m), t.a);
      return;
    }
    case kHirelingExile: {  // the pawn in any forest
      if (t.b > 0) break;
      std::vector<Option> opts;
      for (size_t g = 0; g < s.map().forests.size(); ++g)
        opts.push_back({.kind = kOptForest, .a = I8(g)});
      if (opts.empty()) break;
      s.Ask(kPromptSetupForest, seat, std::move(opts), t.a);
      return;
    }
    case kHirelingFlameBearers:  // two warriors, any clearings
      if (t.b >= 2 || placeable == 0) break;
      s.Ask(kPromptSetupClearing, seat, ClearingOptions(s, placeable), t.a);
      return;
    case kHirelingVaultKeepers: {  // two warriors and a vault
      if (t.b > 0) break;
      uint32_t m = 0;
      for (int c = 0; c < s.map().num_clearings; ++c) {
        if (s.OpenSlots(c) > 0) m |= 1u << c;
      }
      m &= placeable;
      if (m == 0) break;
      s.Ask(kPromptSetupClearing, seat, ClearingOptions(s, m), t.a);
      return;
    }
    case kHirelingPopularBand: {  // two warriors in two different clearings
      if (t.b >= 2) break;
      uint32_t m = 0;
      for (int c = 0; c < s.map().num_clearings; ++c) {
        if (h.warriors[c] == 0) m |= 1u << c;
      }
      m &= placeable;
      if (m == 0) break;
      s.Ask(kPromptSetupClearing, seat, ClearingOptions(s, m), t.a);
      return;
    }
  }
  next();
}

void SetupChoose(State& s, const Option& o) {
  Task& t = s.top();
  const int card = t.a;
  if (o.kind == kOptForest) {
    Card(s, card).forest = o.a;
    LogHire(s, card, kHireOpExileForest, -1, o.a);
    ++t.b;
    return;
  }
  switch (Card(s, card).hireling) {
    case kHirelingLastDynasty:
      PlaceHirelingWarriors(s, card, o.a, 5);
      break;
    case kHirelingVaultKeepers:
      PlaceHirelingWarriors(s, card, o.a, 2);
      PlaceVault(s, card, o.a);
      break;
    default:
      PlaceHirelingWarriors(s, card, o.a, 1);
      break;
  }
  ++t.b;
  t.c = -1;
}

// --- Control (Law 22.1)
// -------------------------------------------------------

// Law 22.1.2: gold pips only for a player with the most VP or tied for it; a
// player with an activated dominance card counts all pips and is left out of
// the comparison (he has no score).
bool LeadsForControl(const State& s, int seat) {
  if (s.seat(seat).dominance != kNoCard) return false;
  for (int i = 0; i < s.num_seats(); ++i) {
    if (s.seat(i).dominance == kNoCard && s.seat(i).vp > s.seat(seat).vp)
      return false;
  }
  return true;
}

// `seat` takes control of the card and rolls the control die; then its
// when-hired action (22.2.1).
void TakeControl(State& s, int card, int seat) {
  HirelingCard& h = Card(s, card);
  const int face = s.chance_stream().Draw(kChanceHirelingDie, 6);
  h.controller = s.seat(seat).faction;
  h.brigand_exhausted = {};
  h.control = LeadsForControl(s, seat) ? kControlGold[face] : kControlAll[face];
  h.gained_turn = static_cast<int16_t>(s.turn());
  LogHire(s, card, kHireOpHired, -1, h.control, seat);
  s.Push(Task{.kind = kTaskWhenHired, .seat = I8(seat), .a = I8(card)});
}

void EndTurnStep(State& s) {
  Task& t = s.top();
  const int seat = t.seat;
  const int f = s.seat(seat).faction;
  HirelingsBoard& b = Board(s);
  const int n = static_cast<int>(b.cards.size());
  if (t.step == 0) {  // Law 22.1.1: hire with each marker taken
    if (b.markers_waiting[seat] > 0) {
      --b.markers_waiting[seat];
      std::vector<Option> opts;
      for (int i = 0; i < n; ++i) {
        if (!b.cards[i].Controlled())
          opts.push_back({.kind = kOptAction, .a = kActHire, .b = I8(i)});
      }
      // No card left in the supply: the marker is spent on nothing.
      if (!opts.empty()) s.Ask(kPromptHire, seat, std::move(opts));
      return;
    }
    // Law 22.1.3: one control marker off each card gained before this turn.
    for (int i = 0; i < n; ++i) {
      HirelingCard& h = b.cards[i];
      if (h.controller == f && h.gained_turn != s.turn() && h.control > 0) {
        --h.control;
        LogHire(s, i, kHireOpControl, -1, h.control, seat);
      }
    }
    t.step = 1;
    return;
  }
  // Law 22.1.3: each card with no control marker goes to another player.
  for (int i = 0; i < n; ++i) {
    const HirelingCard& h = b.cards[i];
    if (h.controller != f || h.control > 0) continue;
    std::vector<Option> opts;
    for (int o = 0; o < s.num_seats(); ++o) {
      if (o != seat)
        opts.push_back(
            {.kind = kOptFaction, .a = s.seat(o).faction, .b = I8(i)});
    }
    s.Ask(kPromptGive, seat, std::move(opts), i);
    return;
  }
  s.Pop();
}

void EndTurnChoose(State& s, const Option& o) {
  const int seat = s.top().seat;
  if (o.kind == kOptAction) {
    TakeControl(s, o.b, seat);
    return;
  }
  TakeControl(s, o.b, s.SeatOf(o.a));  // 22.1.3: he rolls at once
}

// --- Timed actions (Law 22.2)
// -------------------------------------------------

// Places one warrior of `card` in a clearing of `mask` chosen by `seat`
// (kTaskDaylight / kTaskWhenHired with x = pieces left to place).
void AskPlace(State& s, int card, int seat, uint32_t mask, bool optional) {
  mask &= Placeable(s, card);
  std::vector<Option> opts;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (mask >> c & 1)
      opts.push_back({.kind = kOptAction, .a = kActPlace, .b = I8(c)});
  }
  if (optional || opts.empty()) opts.push_back({.kind = kOptDone});
  s.Ask(kPromptPlace, seat, std::move(opts), card);
}

// The clearings where `warriors` Keeper warriors (as many as the supply
// holds) and a vault may go "in any clearing": those taking the most of
// them (Law 1.5.4), a vault only where a slot is open (2.2.3).
uint32_t KeepersDropClearings(const State& s, const HirelingCard& h,
                              int warriors) {
  uint32_t best_mask = 0;
  int best = 0;
  const int w = std::min<int>(warriors, h.supply);
  const uint32_t placeable = Placeable(s, IndexOf(s, h));
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (!(placeable >> c & 1)) continue;
    const int n = w + (h.vault_supply > 0 && s.OpenSlots(c) > 0);
    if (n > best) best = n, best_mask = 0;
    if (n == best && n > 0) best_mask |= 1u << c;
  }
  return best_mask;
}

void AskKeepersDrop(State& s, int prompt, int card, int seat, uint32_t mask) {
  std::vector<Option> opts;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (mask >> c & 1)
      opts.push_back({.kind = kOptAction, .a = kActPlaceKeepers, .b = I8(c)});
  }
  s.Ask(prompt, seat, std::move(opts), card);
}

void PlaceKeepers(State& s, int card, int c, int warriors) {
  PlaceHirelingWarriors(s, card, c, warriors);
  PlaceVault(s, card, c);
}

void WhenHiredStep(State& s) {
  Task& t = s.top();
  const HirelingCard& h = Card(s, t.a);
  if (Is(h, kHirelingVaultKeepers, false)) {
    // When hired: with no Keeper piece on the map, 2 warriors and a vault
    // in any clearing.
    const uint32_t m = KeepersDropClearings(s, h, 2);
    int vaults = 0;
    for (int8_t v : h.vaults) vaults += v;
    if (t.step++ > 0 || h.WarriorsOnMap() + vaults > 0 || m == 0) {
      s.Pop();
      return;
    }
    AskKeepersDrop(s, kPromptPlace, t.a, t.seat, m);
    return;
  }
  if (h.demoted || h.WarriorsOnMap() > 0 || h.supply == 0) {
    s.Pop();
    return;
  }
  if (Is(h, kHirelingSpringUprising, false)) {
    // When hired: with none on the map, roll and place one in a match.
    if (t.step++ > 0) {
      s.Pop();
      return;
    }
    const uint32_t m = SuitClearings(s, RollSuit(s)) & Placeable(s, t.a);
    if (m == 0) {
      s.Pop();
      return;
    }
    AskPlace(s, t.a, t.seat, m, false);
    return;
  }
  if (Is(h, kHirelingPopularBand, false)) {
    // When hired: with none on the map, place one in a clearing with the
    // controller's faction pieces (hirelings_landmarks.yaml, unverified).
    uint32_t m = 0;
    for (int c = 0; c < s.map().num_clearings; ++c) {
      if (s.HasPieces(h.controller, c)) m |= 1u << c;
    }
    m &= Placeable(s, t.a);
    if (t.step++ > 0 || m == 0) {
      s.Pop();
      return;
    }
    AskPlace(s, t.a, t.seat, m, false);
    return;
  }
  if (Is(h, kHirelingFlameBearers, false)) {
    // When hired: with none on the map, place two in any clearings.
    if (t.step >= 2 || Placeable(s, t.a) == 0) {
      s.Pop();
      return;
    }
    ++t.step;
    AskPlace(s, t.a, t.seat, AllClearings(s), false);
    return;
  }
  s.Pop();
}

void PlaceChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (o.kind == kOptAction && o.a == kActPlace) {
    PlaceHirelingWarriors(s, t.a, o.b, 1);
  }
  if (o.kind == kOptAction && o.a == kActPlaceKeepers)
    PlaceKeepers(s, t.a, o.b, 2);  // the Vault Keepers when hired
  if (t.kind != kTaskWhenHired) s.Pop();
}

// Start of Birdsong: Spring Uprising's roll; Bluebird Nobles' scoring.
void BirdsongStep(State& s) {
  Task& t = s.top();
  const HirelingCard& h = Card(s, t.a);
  const int f = s.seat(t.seat).faction;
  if (Is(h, kHirelingLastDynasty, true)) {
    // Bluebird Nobles: 1 VP per 3 clearings the controller rules.
    int ruled = 0;
    for (int c = 0; c < s.map().num_clearings; ++c) ruled += s.Rules(f, c);
    s.Pop();
    if (ruled >= 3) s.AddVp(t.seat, ruled / 3, kVpHireling);
    return;
  }
  if (Is(h, kHirelingSpringUprising, false) && t.step == 0) {
    // Roll the die; in a matching clearing revolt or place a warrior.
    t.step = 1;
    t.b = I8(RollSuit(s));
    std::vector<Option> opts;
    const uint32_t placeable = Placeable(s, t.a);
    for (int c = 0; c < s.map().num_clearings; ++c) {
      if (!s.ClearingIs(c, t.b)) continue;
      if (h.warriors[c] > 0)
        opts.push_back({.kind = kOptAction, .a = kActRevolt, .b = I8(c)});
      if (h.supply > 0 && (placeable >> c & 1))
        opts.push_back({.kind = kOptAction, .a = kActPlace, .b = I8(c)});
    }
    if (opts.empty()) {
      s.Pop();
      return;
    }
    opts.push_back({.kind = kOptDone});
    s.Ask(kPromptUprising, t.seat, std::move(opts), t.b);
    return;
  }
  s.Pop();
}

void BirdsongChoose(State& s, const Option& o) {
  const int card = s.top().a;
  s.Pop();
  if (o.kind != kOptAction) return;
  if (o.a == kActPlace) {
    PlaceHirelingWarriors(s, card, o.b, 1);
    return;
  }
  // Revolt: all enemy pieces there are removed, then the Uprising warrior.
  RemoveHirelingWarriors(s, card, o.b, 1);
  RemoveAllEnemies(s, card, o.b);
}

std::vector<Option> ClearingCards(const State& s, int seat, int c) {
  std::vector<Option> opts;
  for (CardId id : s.seat(seat).hand) {
    if (CardMatchesClearing(s, id, c))
      opts.push_back({.kind = kOptCard, .card = id});
  }
  return opts;
}

// Badger Bodyguards: their controller ignores the first hit it takes in
// each battle.
int BodyguardsIgnore(State& s, int faction, int hits) {
  HirelingsBoard& b = Board(s);
  if (hits <= 0 || b.bodyguards_used ||
      !b.Controls(faction, kHirelingVaultKeepers, true))
    return 0;
  b.bodyguards_used = true;
  return 1;
}

// The card index of a side in play, or -1.
int CardIndex(const State& s, int hireling) {
  const auto& cards = s.hirelings().cards;
  for (size_t i = 0; i < cards.size(); ++i) {
    if (cards[i].hireling == hireling) return static_cast<int>(i);
  }
  return -1;
}
int ScoutsCard(const State& s) { return CardIndex(s, kHirelingSpringUprising); }
// Rabbit Scouts: their controller, defending, may spend a card matching the
// clearing to swap the rolls (as Guerrilla War, Law 8.2.2).
bool ScoutsFor(const State& s, int defender) {
  return s.hirelings().Controls(defender, kHirelingSpringUprising, true);
}

// Law 22.3.6-22.3.7: `faction` loses pieces to the hireling of `card`:
// nobody scores, but removing sympathy is Outrage for its controller.
void RemoveForHireling(State& s, int card, int faction, int c,
                       const std::array<int8_t, kNumPieces>& pieces) {
  const int controller = Card(s, card).controller;
  s.RemovePieces(faction, c, 0, pieces, kNoFaction);
  if (faction != kAlliance || controller == kNoFaction ||
      controller == kAlliance)
    return;
  for (int i = 0; i < pieces[kSympathy]; ++i)
    GetFaction(kAlliance)->OnPieceRemoved(s, kSympathy, c, controller);
}

// --- Flame Bearers' Birdsong (Law 22.2.3) -----------------------------------
//
// Each clearing with Bearers loses one enemy piece per Bearer there, enemy
// warriors first (the controller picks whose); then a Bearer is added at or
// next to a Bearer. Task kTaskBearers: a = card, b = clearing burning, x =
// burns left there, c = faction whose building/token its owner picks (4.3.6
// as for hits: the owner knows its face-down pieces), step 1: spread.

bool IsPawnFaction(int f) { return f == kVagabond || f == kVagabond2; }

int BurnableWarriors(const State& s, int f, int c) {
  return s.clearing(c).warriors[f] - GetFaction(f)->ProtectedWarriors(s, c);
}

std::vector<Option> BurnOwnerPieces(const State& s, int f, int c) {
  std::vector<Option> opts;
  for (int p = 1; p < kNumPieces; ++p) {
    if (GetPieceInfo(p).owner == f && s.clearing(c).pieces[p] > 0)
      opts.push_back({.kind = kOptPiece, .a = I8(p)});
  }
  return opts;
}

// Whose piece may burn in c: enemy warriors first, else enemy buildings
// and tokens (kOptFaction, b = 1 for those).
std::vector<Option> BurnTargets(const State& s, int card, int c) {
  const HirelingCard& h = Card(s, card);
  std::vector<Option> warriors, others;
  for (int seat = 0; seat < s.num_seats(); ++seat) {
    const int f = s.seat(seat).faction;
    if (IsPawnFaction(f) || !EnemyOfHireling(s, h, f)) continue;
    if (BurnableWarriors(s, f, c) > 0)
      warriors.push_back({.kind = kOptFaction, .a = I8(f), .b = 0});
    if (!BurnOwnerPieces(s, f, c).empty())
      others.push_back({.kind = kOptFaction, .a = I8(f), .b = 1});
  }
  return warriors.empty() ? others : warriors;
}

void BearersStep(State& s) {
  Task& t = s.top();
  const HirelingCard& h = Card(s, t.a);
  if (t.step == 0) {
    if (t.c >= 0) {  // the owner picks its building or token
      s.Ask(kPromptHit, s.SeatOf(t.c), BurnOwnerPieces(s, t.c, t.b), t.b);
      return;
    }
    while (true) {
      if (t.b >= 0 && t.x > 0) {
        std::vector<Option> opts = BurnTargets(s, t.a, t.b);
        if (!opts.empty()) {
          s.Ask(kPromptBearersVictim, t.seat, std::move(opts), t.a, t.b);
          return;
        }
      }
      int c = t.b + 1;
      while (c < s.map().num_clearings && h.warriors[c] == 0) ++c;
      if (c >= s.map().num_clearings) break;
      t.b = I8(c);
      t.x = h.warriors[c];
    }
    t.step = 1;
    if (h.supply > 0) {  // then one more Bearer at or next to a Bearer
      uint32_t m = 0;
      for (int c = 0; c < s.map().num_clearings; ++c) {
        if (h.warriors[c] > 0) m |= s.AdjacentMask(c) | 1u << c;
      }
      m &= Placeable(s, t.a);
      std::vector<Option> opts;
      for (int c = 0; c < s.map().num_clearings; ++c) {
        if (m >> c & 1)
          opts.push_back({.kind = kOptAction, .a = kActPlace, .b = I8(c)});
      }
      if (!opts.empty()) {
        s.Ask(kPromptBearersSpread, t.seat, std::move(opts), t.a);
        return;
      }
    }
  }
  s.Pop();
}

void BearersChoose(State& s, const Option& o) {
  Task& t = s.top();
  const int card = t.a, c = t.b;
  if (o.kind == kOptAction) {  // the spread
    PlaceHirelingWarriors(s, card, o.b, 1);
    return;
  }
  if (o.kind == kOptPiece) {  // the owner's building or token
    const int f = t.c;
    t.c = -1;
    --t.x;
    std::array<int8_t, kNumPieces> pieces{};
    pieces[o.a] = 1;
    RemoveForHireling(s, card, f, c, pieces);
    return;
  }
  if (o.b == 0) {  // a warrior
    --t.x;
    s.RemoveWarriors(o.a, c, 1, kNoFaction);  // 22.3.6
    return;
  }
  std::vector<Option> own = BurnOwnerPieces(s, o.a, c);
  if (own.size() == 1) {
    --t.x;
    std::array<int8_t, kNumPieces> pieces{};
    pieces[own[0].a] = 1;
    RemoveForHireling(s, card, o.a, c, pieces);
    return;
  }
  t.c = o.a;
}

// --- The Brigand (the Exile's demoted side) ---------------------------------
//
// Setup: the "R" items go under the ruins as if the Vagabond were in play.
// Daylight, once each: take the item from a ruin in a clearing with the
// controller's pieces (it becomes a crafted item; the empty ruin leaves,
// 9.5.3); exhaust one of the controller's crafted items to take a random
// card from a player with pieces in a clearing with the controller's pieces.

constexpr std::array<int8_t, 4> kBrigandRuinItems = {kSack, kBoot, kHammer,
                                                     kSword};

void PlaceBrigandRuinItems(State& s) {
  for (int f : {kVagabond, kVagabond2}) {
    for (int8_t v : s.vagabond(f).ruin_item) {
      if (v > 0) return;  // already under the ruins (e.g. the Hundreds')
    }
  }
  VagabondBoard& vb = s.mutable_vagabond(kVagabond);
  std::vector<int8_t> items(kBrigandRuinItems.begin(), kBrigandRuinItems.end());
  for (int c = 0; c < s.map().num_clearings && !items.empty(); ++c) {
    if (!s.map().clearings[c].ruin || s.clearing(c).pieces[kRuin] == 0)
      continue;
    const int i =
        s.chance_stream().Draw(kChancePick, static_cast<int>(items.size()));
    vb.ruin_item[c] = I8(items[i] + 1);
    ++vb.box[items[i]];
    items.erase(items.begin() + i);
  }
}

int RuinItemAt(const State& s, int c) {
  for (int f : {kVagabond, kVagabond2}) {
    if (s.vagabond(f).ruin_item[c] > 0) return s.vagabond(f).ruin_item[c] - 1;
  }
  return -1;
}

std::vector<Option> BrigandExplores(const State& s, int seat) {
  std::vector<Option> opts;
  const int f = s.seat(seat).faction;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (RuinItemAt(s, c) >= 0 && s.HasPieces(f, c))
      opts.push_back({.kind = kOptAction, .a = kActExplore, .b = I8(c)});
  }
  return opts;
}

int BrigandReadyItems(const State& s, int seat, const HirelingCard& h) {
  int n = 0;
  for (int i = 0; i < kNumItems; ++i)
    n += std::max(0, s.seat(seat).items[i] - h.brigand_exhausted[i]);
  return n;
}

// Players with cards and pieces in a clearing with the controller's pieces.
std::vector<Option> BrigandVictims(const State& s, int seat) {
  std::vector<Option> opts;
  const int f = s.seat(seat).faction;
  for (int o = 0; o < s.num_seats(); ++o) {
    const int g = s.seat(o).faction;
    if (o == seat || s.seat(o).hand.empty()) continue;
    bool shared = false;
    for (int c = 0; c < s.map().num_clearings && !shared; ++c) {
      shared = s.HasPieces(f, c) &&
               (s.HasPieces(g, c) || GetFaction(g)->PawnIn(s, c));
    }
    if (shared)
      opts.push_back({.kind = kOptAction, .a = kActSteal, .b = I8(g)});
  }
  return opts;
}

std::vector<Option> BrigandActions(const State& s, int seat,
                                   const HirelingCard& h) {
  std::vector<Option> opts;
  if (!h.used) opts = BrigandExplores(s, seat);
  if (!h.used_steal && BrigandReadyItems(s, seat, h) > 0) {
    for (const Option& o : BrigandVictims(s, seat)) opts.push_back(o);
  }
  return opts;
}

void BrigandChoose(State& s, int card, int seat, const Option& o) {
  HirelingCard& h = Card(s, card);
  if (o.a == kActExplore) {
    h.used = true;
    const int c = o.b, item = RuinItemAt(s, c);
    for (int f : {kVagabond, kVagabond2}) {
      int8_t& slot = s.mutable_vagabond(f).ruin_item[c];
      if (slot == item + 1) {
        slot = 0;
        break;
      }
    }
    if (RuinItemAt(s, c) < 0) s.SetPieces(kRuin, c, 0);
    ++s.mutable_seat(seat).items[item];
    LogHire(s, card, kHireOpBrigand, c, item, seat);
    return;
  }
  // Steal: exhaust the first ready crafted item (they are alike here).
  h.used_steal = true;
  for (int i = 0; i < kNumItems; ++i) {
    if (s.seat(seat).items[i] > h.brigand_exhausted[i]) {
      ++h.brigand_exhausted[i];
      break;
    }
  }
  const int victim = s.SeatOf(o.b);
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

// --- Feline Physicians (the Forest Patrol's demoted side) -------------------
//
// When the controller's warriors are removed, it may spend a card matching
// their clearing to place them (from its supply) in a clearing with its
// pieces instead. Task kTaskPhysicians: b = clearing, c = faction, x = how
// many; step 0 the card, step 1 the clearing.

void PhysiciansStep(State& s) {
  Task& t = s.top();
  const int f = t.c;
  if (t.step == 0) {
    std::vector<Option> opts = ClearingCards(s, t.seat, t.b);
    if (opts.empty()) {
      s.Pop();
      return;
    }
    opts.push_back({.kind = kOptDone});
    s.Ask(kPromptPhysicians, t.seat, std::move(opts), t.b, t.x);
    return;
  }
  std::vector<Option> opts;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (s.HasPieces(f, c) && s.CanPlace(f, c))
      opts.push_back({.kind = kOptClearing, .a = I8(c)});
  }
  if (opts.empty()) {
    s.Pop();
    return;
  }
  s.Ask(kPromptPhysiciansTo, t.seat, std::move(opts), t.b, t.x);
}

void PhysiciansChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (o.kind == kOptCard) {
    s.RemoveFromHand(t.seat, o.card);
    s.Discard(o.card);
    t.step = 1;
    return;
  }
  const Task done = t;
  s.Pop();
  if (o.kind == kOptClearing) s.PlaceWarriors(done.c, o.a, done.x);
}

// --- The Exile's items (its Daylight action and battles) -------------------

bool IsExile(const HirelingCard& h) { return Is(h, kHirelingExile, false); }

// Exhausts n ready items, Clubs first (they are alike for exhausting).
void ExileExhaust(HirelingCard& h, int n) {
  for (; n > 0 && h.clubs > 0; --n) {
    --h.clubs;
    ++h.clubs_exhausted;
  }
  for (int i = 0; i < kNumItems && n > 0; ++i) {
    const int k = std::min<int>(n, h.items[i]);
    h.items[i] -= k;
    h.items_exhausted[i] += k;
    n -= k;
  }
}

// Hits on the Exile: each exhausts a ready item, or with none ready removes
// an exhausted one (Clubs leave the game, crafted items go to the supply).
void ExileTakeHits(State& s, int card, int hits) {
  HirelingCard& h = Card(s, card);
  const int ready = std::min(hits, ExileReadyCount(h));
  ExileExhaust(h, ready);
  for (hits -= ready; hits > 0 && h.clubs_exhausted > 0; --hits) {
    --h.clubs_exhausted;
    ++h.clubs_lost;
  }
  for (int i = 0; i < kNumItems && hits > 0; ++i) {
    const int k = std::min<int>(hits, h.items_exhausted[i]);
    h.items_exhausted[i] -= k;
    s.mutable_item_supply()[i] += k;
    hits -= k;
  }
}

void ExileRefresh(HirelingCard& h) {
  h.clubs += h.clubs_exhausted;
  h.clubs_exhausted = 0;
  for (int i = 0; i < kNumItems; ++i) {
    h.items[i] += h.items_exhausted[i];
    h.items_exhausted[i] = 0;
  }
}

// The Exile's most rolled hits: every item it holds, as the Vagabond's
// swords (Law 9.2.6; a rules decision, see the report).
int ExileCap(const HirelingCard& h) {
  int n = h.clubs + h.clubs_exhausted;
  for (int i = 0; i < kNumItems; ++i) n += h.items[i] + h.items_exhausted[i];
  return n;
}

// Does the hireling still attack in c (its warriors, or the Exile)?
bool AttackerPresent(const State& s, int card, int c) {
  const HirelingCard& h = Card(s, card);
  return IsExile(h) ? ExileCap(h) > 0 : h.warriors[c] > 0;
}
int AttackerCap(const State& s, int card, int c) {
  const HirelingCard& h = Card(s, card);
  return IsExile(h) ? ExileCap(h) : h.warriors[c];
}

// --- Battle (Law 4.3 for hireling warriors, 22.3.4-22.3.6)
// --------------------
//
// A hireling attacks an enemy player's faction pieces. The defender may
// ambush (its controller cannot foil it: 22.3.5) and removes its own
// buildings and tokens; nobody scores for removing them (22.3.6). Hits on
// the hireling take its warriors, then its vaults.

// Law 4.3: may the hireling battle `f` in c? An enemy (22.3.2) with pieces
// there, a Vagabond's pawn included (9.2.2: it is his piece).
bool BattleableEnemy(const State& s, const HirelingCard& h, int f, int c) {
  return EnemyOfHireling(s, h, f) &&
         (s.HasPieces(f, c) || GetFaction(f)->PawnIn(s, c));
}

// Battles the hireling `card` may start in `only` (or anywhere, -1).
std::vector<Option> HirelingBattles(const State& s, int card, int only) {
  const HirelingCard& h = Card(s, card);
  std::vector<Option> opts;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if ((only >= 0 && c != only) || h.warriors[c] == 0) continue;
    for (int seat = 0; seat < s.num_seats(); ++seat) {
      const int f = s.seat(seat).faction;
      if (BattleableEnemy(s, h, f, c))
        opts.push_back({.kind = kOptBattle, .a = I8(c), .b = I8(f)});
    }
  }
  return opts;
}

// Hits on the hireling in c: warriors, then vaults (Law 4.3.6); returns the
// vaults removed (their remover scores them, 22.3.6).
int TakeHirelingHits(State& s, int card, int c, int hits) {
  const int w = std::min<int>(hits, Card(s, card).warriors[c]);
  RemoveHirelingWarriors(s, card, c, w);
  const int vaults = RemoveHirelingVaults(s, card, c, hits - w);
  Board(s).RecomputeOnMap();
  return vaults;
}

int HirelingHits(State& s, int card, int c, int hits) {
  if (IsExile(Card(s, card))) {
    ExileTakeHits(s, card, hits);
    return 0;
  }
  return TakeHirelingHits(s, card, c, hits);
}

void BattleChoiceStep(State& s) {
  Task& t = s.top();
  std::vector<Option> opts = HirelingBattles(s, t.a, t.b);
  if (opts.empty() || t.x <= 0) {
    s.Pop();
    return;
  }
  if (t.c == 1) opts.push_back({.kind = kOptDone});
  s.Ask(kPromptHireBattle, t.seat, std::move(opts), t.a);
}

// Hireling `card` of `seat` battles faction `def` in c (Law 4.3). The
// defender is a faction and keeps its abilities (22.3.5 bars only the
// controller's): the core's battle state names the clearing and the
// defender (the attacker is no faction) for its hooks, and its
// start-of-battle hook runs (Stubborn's first hit, 14.7.7).
void PushHirelingBattle(State& s, int seat, int card, int c, int def) {
  LogHire(s, card, kHireOpBattle, c, def, seat);
  HirelingsBattleStart(s);
  BattleState& b = s.battle();
  b = BattleState{};
  b.clearing = I8(c);
  b.defender = I8(def);
  s.Push(Task{.kind = kTaskHireBattle,
              .seat = I8(seat),
              .a = I8(card),
              .b = I8(c),
              .c = I8(def)});
  GetFaction(def)->OnBattleStart(s);
}

void EndHirelingBattle(State& s) {
  s.Pop();
  s.battle() = BattleState{};
}

void BattleChoiceChoose(State& s, const Option& o) {
  Task& t = s.top();
  const int seat = t.seat, card = t.a;
  if (o.kind != kOptBattle || --t.x <= 0) s.Pop();
  if (o.kind != kOptBattle) return;
  PushHirelingBattle(s, seat, card, o.a, o.b);
}

void BattleStep(State& s) {
  Task& t = s.top();
  const int c = t.b, def = t.c, dseat = s.SeatOf(def);
  if (t.step == 0) {  // Law 4.3.1: the defender may ambush
    t.step = 1;
    std::vector<Option> opts;
    for (CardId id : s.seat(dseat).hand) {
      const CardDef& k = s.card(id);
      if (k.kind == kAmbushCard && CardMatchesClearing(s, id, c))  // 4.3.1
        opts.push_back({.kind = kOptCard, .card = id});
    }
    if (opts.empty()) return;
    opts.push_back({.kind = kOptDone});
    s.Ask(kPromptHireAmbush, dseat, std::move(opts), t.a, c);
    return;
  }
  if (t.step == 1) {  // Law 4.3.2: before-roll effects (Bitter, Protector)
    t.step = 2;
    if (!AttackerPresent(s, t.a, c)) {  // Law 4.3.1.II
      EndHirelingBattle(s);
      return;
    }
    for (int i = 0; i < s.num_seats(); ++i)
      GetFaction(s.seat(i).faction)->BeforeRoll(s);
    return;
  }
  if (t.step == 2) {  // Law 4.3.2: Rabbit Scouts before the roll
    t.step = 3;
    if (AttackerPresent(s, t.a, c) && ScoutsFor(s, def)) {
      std::vector<Option> opts = ClearingCards(s, dseat, c);
      if (opts.empty()) return;
      opts.push_back({.kind = kOptDone});
      s.Ask(kPromptScouts, dseat, std::move(opts), c);
    }
    return;
  }
  if (t.step == 3) {  // Law 4.3.3: roll; hits are dealt at once
    t.step = 4;
    if (!AttackerPresent(s, t.a, c)) {
      EndHirelingBattle(s);
      return;
    }
    // The defender keeps its abilities (22.3.5 bars only the
    // controller's): Guerrilla War (8.2.2), Embedded Agents (13.2.5),
    // Stubborn (14.7.7), Devout Knights (15.2.4), the Arbiter it enlisted
    // (26.5.2).
    const FactionModule* dm = GetFaction(def);
    int hi = s.chance_stream().Draw(kChanceDie, 4);
    int lo = s.chance_stream().Draw(kChanceDie, 4);
    if (hi < lo) std::swap(hi, lo);
    // Rabbit Scouts or Law 8.2.2: the defender deals the higher roll.
    if (t.y == 1 || dm->DefenderTakesHighRoll()) std::swap(hi, lo);
    s.Log({.kind = kEvDice, .a = I8(hi), .b = I8(lo)});
    const int defenders = s.clearing(c).warriors[def];
    // Law 4.3.3.I (9.2.6: the Vagabond's undamaged swords).
    int def_cap = dm->RolledHitCap(s, c, false);
    for (int i = 0; i < s.num_seats(); ++i)
      def_cap += GetFaction(s.seat(i).faction)->DefenderExtraCap(s);
    int att = std::min<int>(hi, AttackerCap(s, t.a, c));
    if (dm->Defenseless(s, c)) ++att;  // Law 4.3.5.II (9.2.4)
    att = dm->HitsToTake(s, att);
    att -= dm->IgnoredHits(s, c, att, false);
    att -= BodyguardsIgnore(s, def, att);
    const int dfh = std::min(lo, def_cap) + dm->DefenderExtraHits(s, c);
    const size_t mark = s.BeginSimultaneous();
    const int before = Card(s, t.a).warriors[c];
    const int vaults = HirelingHits(s, t.a, c, dfh);
    HirelingPiecesRemovedBy(s, def, c, before - Card(s, t.a).warriors[c],
                            vaults);
    // 22.3.6: the hireling's removals score nobody.
    const int w = dm->TakesHitsItself() ? att : std::min(att, defenders);
    if (w > 0 && dm->TakesHitsItself()) {
      dm->TakeHits(s, c, w, kNoFaction);  // Law 9.2.7: he damages items
    } else if (w > 0) {
      s.RemoveWarriors(def, c, w, kNoFaction);
    }
    s.EndSimultaneous(mark);
    t.x = I8(att - w);
    return;
  }
  // Law 4.3.6: the defender chooses which buildings and tokens go.
  std::vector<Option> opts;
  for (int p = 1; p < kNumPieces && t.x > 0; ++p) {
    if (GetPieceInfo(p).owner == def && s.clearing(c).pieces[p] > 0)
      opts.push_back({.kind = kOptPiece, .a = I8(p)});
  }
  if (opts.empty()) {
    EndHirelingBattle(s);
    return;
  }
  s.Ask(kPromptHit, dseat, std::move(opts), c);
}

void BattleChoose(State& s, const Option& o) {
  Task& t = s.top();
  const int dseat = s.SeatOf(t.c);
  if (o.kind == kOptCard && t.step == 1) {  // the ambush: two hits
    s.RemoveFromHand(dseat, o.card);
    s.Log({.kind = kEvAmbush, .seat = I8(dseat), .card = o.card});
    s.Discard(o.card);
    const int before = Card(s, t.a).warriors[t.b];
    const int vaults = HirelingHits(s, t.a, t.b, 2);
    HirelingPiecesRemovedBy(s, t.c, t.b, before - Card(s, t.a).warriors[t.b],
                            vaults);
    return;
  }
  if (o.kind == kOptCard) {  // Rabbit Scouts: the rolls are swapped
    s.RemoveFromHand(dseat, o.card);
    s.Discard(o.card);
    t.y = 1;
    LogHire(s, ScoutsCard(s), kHireOpScouts, t.b, 0, dseat);
    return;
  }
  if (o.kind != kOptPiece) return;
  std::array<int8_t, kNumPieces> pieces{};
  pieces[o.a] = 1;
  --t.x;
  RemoveForHireling(s, t.a, t.c, t.b, pieces);
}

// --- Battling a hireling (Law 4.3 with 22.3.2-22.3.6) -----------------------
//
// A player battles an enemy hireling's pieces (22.3.2): the hireling takes
// the higher roll's hits, its warriors first, then its vaults (each vault
// scores the attacker 1 VP, 4.3.6, 22.3.6). Nobody plays an ambush for the
// hireling (22.3.5); the attacker's hits taken remove its pieces and score
// nobody (22.3.6).

// Law 22.3.2: may `faction` battle the hireling of `card` in c?
bool CanAttackHireling(const State& s, int faction, int card, int c) {
  const HirelingCard& h = Card(s, card);
  if (h.warriors[c] + h.vaults[c] == 0 || !EnemyOfHireling(s, h, faction))
    return false;
  // Spring Uprising: the attacker must discard a card matching the clearing.
  if (Is(h, kHirelingSpringUprising, false))
    return !ClearingCards(s, s.SeatOf(faction), c).empty();
  return true;
}

// Hits on the attacking faction: Law 11.2.7.III.a, the buyer of
// mercenaries splits them, odd hits on its own warriors and even hits on
// the mercenaries, each falling back on the other; returns the hits left
// for buildings and tokens.
int HitAttackerWarriors(State& s, int f, int c, int hits) {
  const int mercs =
      s.SeatOf(kRiverfolk) < 0 || f == kRiverfolk
          ? 0
          : GetFaction(kRiverfolk)->MercenariesFor(s, f, c, kNoFaction);
  const int warriors = s.clearing(c).warriors[f];
  int own = 0, merc = 0;
  for (int hit = 0; hit < hits; ++hit) {
    const bool odd = hit % 2 == 0;  // the 1st, 3rd, ... hit
    if (own < warriors && (odd || merc == mercs)) {
      ++own;
    } else if (merc < mercs) {
      ++merc;
    } else {
      break;
    }
  }
  if (own > 0) s.RemoveWarriors(f, c, own, kNoFaction);
  if (merc > 0) s.RemoveWarriors(kRiverfolk, c, merc, kNoFaction);
  return hits - own - merc;
}

// Law 4.3.3: the roll of a battle against hireling `t.a`, kept in the
// battle state for the effects used after it (4.3.4).
void DefendRoll(State& s) {
  BattleState& b = s.battle();
  int hi = s.chance_stream().Draw(kChanceDie, 4);
  int lo = s.chance_stream().Draw(kChanceDie, 4);
  if (hi < lo) std::swap(hi, lo);
  s.Log({.kind = kEvDice, .a = I8(hi), .b = I8(lo)});
  b.roll_hi = I8(hi);
  b.roll_lo = I8(lo);
}

// Law 4.3.5: the hits each side takes, dealt at once; the attacker's
// after-roll effects (Brutal Tactics, Armorers, Partisans, Swift Strike)
// count here.
void DefendHits(State& s, Task& t) {
  const int card = t.a, c = t.b, att = t.c;
  const FactionModule* m = GetFaction(att);
  const BattleState& b = s.battle();
  const int defenders = Card(s, card).warriors[c];
  // Law 4.3.3.I, 4.3.5.II: capped by the attacker's warriors; the hireling
  // without warriors there is defenseless.
  int att_hits = std::min<int>(b.roll_hi, m->RolledHitCap(s, c, true)) +
                 m->AttackerExtraHits(s) + (defenders == 0 ? 1 : 0) +
                 (b.brutal ? 1 : 0) + b.extra_hits[0];
  int def_hits = b.att_armorers ? 0 : std::min<int>(b.roll_lo, defenders);
  def_hits = m->HitsToTake(s, def_hits);
  def_hits -= m->IgnoredHits(s, c, def_hits, false);
  def_hits -= BodyguardsIgnore(s, att, def_hits);
  const int seat = s.SeatOf(att);
  const size_t mark = s.BeginSimultaneous();
  const int warriors = std::min(att_hits, defenders);
  const int vaults = TakeHirelingHits(s, card, c, att_hits);
  HirelingPiecesRemovedBy(s, att, c, warriors, vaults);  // 4.3.6, 22.3.6
  t.y = vaults > 0 ? 1 : 0;
  t.x = 0;
  if (def_hits > 0 && m->TakesHitsItself()) {
    m->TakeHits(s, c, def_hits, kNoFaction);
  } else if (def_hits > 0) {
    t.x = I8(HitAttackerWarriors(s, att, c, def_hits));
  }
  s.EndSimultaneous(mark, seat);
}

// Ends the battle: the attacker's after-battle hook runs as after any
// battle (9.2.9.II.d: an ally who lost more warriors than he damaged
// items turns Hostile).
void EndDefense(State& s) {
  const int att = s.top().c;
  const bool removed = s.top().y > 0;
  s.Pop();
  s.battle() = BattleState{};
  GetFaction(att)->AfterBattle(s, removed);
}

enum DefendSteps : int8_t {
  kDefPrice = 0,  // the Spring Uprising's card
  kDefRoll,
  kDefEffects,  // Law 4.3.4: the attacker's effects (the hireling has none)
  kDefHits,
  kDefPieces,  // Law 4.3.6: the attacker's buildings and tokens
};

void DefendStep(State& s) {
  Task& t = s.top();
  const int card = t.a, c = t.b, att = t.c, seat = s.SeatOf(att);
  switch (t.step) {
    case kDefPrice:
      t.step = kDefRoll;
      if (Is(Card(s, card), kHirelingSpringUprising, false)) {
        s.Ask(kPromptUprisingCost, seat, ClearingCards(s, seat, c), card, c);
      }
      return;
    case kDefRoll:
      t.step = kDefEffects;
      DefendRoll(s);
      return;
    case kDefEffects: {
      std::vector<Option> opts = BattleEffects(s, seat, true);
      if (opts.empty()) {
        RecycleOptionList(std::move(opts));
        t.step = kDefHits;
        return;
      }
      s.Ask(kPromptBattleEffect, seat, std::move(opts), c);
      return;
    }
    case kDefHits:
      t.step = kDefPieces;
      DefendHits(s, t);
      return;
  }
  // Law 4.3.6: the attacker picks which of its buildings and tokens go.
  std::vector<Option> opts;
  for (int p = 1; p < kNumPieces && t.x > 0; ++p) {
    if (GetPieceInfo(p).owner == att && s.clearing(c).pieces[p] > 0)
      opts.push_back({.kind = kOptPiece, .a = I8(p)});
  }
  if (opts.empty()) {
    EndDefense(s);
    return;
  }
  s.Ask(kPromptAttackerHit, seat, std::move(opts), c);
}

void DefendChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (t.step == kDefEffects) {  // Law 4.3.4: until the attacker passes
    if (o.kind == kOptDone) {
      t.step = kDefHits;
    } else {
      UseBattleEffect(s, t.seat, true, o);
    }
    return;
  }
  if (o.kind == kOptCard) {  // discarded to battle the Uprising
    s.RemoveFromHand(s.SeatOf(t.c), o.card);
    s.Discard(o.card);
    return;
  }
  --t.x;
  const int controller = Card(s, t.a).controller;
  if (o.a >= kRelicFigure && o.a <= kRelicJewelry) {
    // FAQ 41 (Law 15.2.5): its controller places the relic, else the player
    // taking the turn; nobody scores.
    RemoveRelicForHireling(
        s, o.a, t.b,
        controller != kNoFaction ? s.SeatOf(controller) : s.current_seat());
    return;
  }
  std::array<int8_t, kNumPieces> pieces{};
  pieces[o.a] = 1;
  s.RemovePieces(t.c, t.b, 0, pieces, kNoFaction);  // 22.3.6
}

// Rabbit Scouts in a battle between players (kTaskScouts, before the roll).
void ScoutsStep(State& s) {
  Task& t = s.top();
  if (t.step++ > 0) {
    s.Pop();
    return;
  }
  const int c = s.battle().clearing;
  std::vector<Option> opts = ClearingCards(s, t.seat, c);
  opts.push_back({.kind = kOptDone});
  s.Ask(kPromptScouts, t.seat, std::move(opts), c);
}

void ScoutsChoose(State& s, const Option& o) {
  const Task t = s.top();
  s.Pop();
  if (o.kind != kOptCard) return;
  s.RemoveFromHand(t.seat, o.card);
  s.Discard(o.card);
  Board(s).scouts_swap = true;
  LogHire(s, t.a, kHireOpScouts, s.battle().clearing, 0, t.seat);
}

// --- Daylight actions
// ---------------------------------------------------------

bool HasItemCard(const State& s, int seat) {
  for (CardId id : s.seat(seat).hand) {
    if (s.card(id).item >= 0) return true;
  }
  return false;
}

uint32_t WithWarriors(const HirelingCard& h) {
  uint32_t m = 0;
  for (int c = 0; c < kMaxClearings; ++c) {
    if (h.warriors[c] > 0) m |= 1u << c;
  }
  return m;
}

// Law 4.2.1 for hireling warriors: the controller rules either end
// (22.3.1).
// Law 13.7.2, 26.6.2 with 22.3.2: a face-up snare holds an enemy
// hireling's warriors; nothing moves into a scorched clearing.
std::vector<Option> HirelingMoves(const State& s, const HirelingCard& h) {
  std::vector<Option> opts;
  uint32_t blocked_to = 0, blocked_from = 0;
  s.MoveBlocks(h.controller, blocked_to, blocked_from);
  for (int a = 0; a < s.map().num_clearings; ++a) {
    if (h.warriors[a] == 0 || (blocked_from >> a & 1)) continue;
    for (int b = 0; b < s.map().num_clearings; ++b) {
      if (!s.Adjacent(a, b) || (blocked_to >> b & 1)) continue;
      if (!s.Rules(h.controller, a) && !s.Rules(h.controller, b)) continue;
      opts.push_back({.kind = kOptMove, .a = I8(a), .b = I8(b)});
    }
  }
  return opts;
}

// The clearing of the Last Dynasty's warriors (they move and return as one).
int DynastyClearing(const HirelingCard& h) {
  for (int c = 0; c < kMaxClearings; ++c) {
    if (h.warriors[c] > 0) return c;
  }
  return -1;
}

void PushHirelingBattles(State& s, int seat, int card, int only, bool optional,
                         int times) {
  s.Push(Task{.kind = kTaskHireBattleChoice,
              .seat = I8(seat),
              .a = I8(card),
              .b = I8(only),
              .c = I8(optional ? 1 : 0),
              .x = I8(times)});
}

// Clearings with a vault (ring 0), or at or next to one with an open slot
// (ring 1: where a vault may be built).
uint32_t VaultsAround(const State& s, const HirelingCard& h, int ring) {
  uint32_t m = 0;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (h.vaults[c] == 0) continue;
    m |= ring == 0 ? 1u << c : (s.AdjacentMask(c) | 1u << c);
  }
  if (ring == 1) {
    for (int c = 0; c < s.map().num_clearings; ++c) {
      if (s.OpenSlots(c) <= 0) m &= ~(1u << c);
    }
  }
  return m;
}

// The Exile's ready items: its Clubs and the crafted items given to it.
int ExileReadyCount(const HirelingCard& h) {
  int n = h.clubs;
  for (int8_t v : h.items) n += v;
  return n;
}
bool ExileReady(const HirelingCard& h) { return ExileReadyCount(h) > 0; }

// Law 22.2.2 (the Exile's ability): a player with pieces in a clearing of
// the Exile's forest gives it a crafted item, scores 1 VP and draws a card.
bool NextToExile(const State& s, int seat, const HirelingCard& h) {
  if (h.forest < 0) return false;
  const ClearingMask around = s.map().forests[h.forest];
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if ((around >> c & 1) && s.HasPieces(s.seat(seat).faction, c)) return true;
  }
  return false;
}

// --- The Popular Band's Daylight (hirelings_landmarks.yaml) ---------------
//
// 1st: choose a clearing with a Band warrior; the controller may force any
// faction warriors in each adjacent clearing to move into it. 2nd: may place
// a Band warrior in any clearing. A forced move is the owner's own move (Law
// 1.5.5): it must be one the owner could take (rule, locks, blocks), and the
// owner pays what it triggers (Outrage, 8.2.6). Task kTaskDaylight: b = the
// chosen clearing, d = adjacent clearings done (bits), x = the clearing
// pulled from, y = the next seat asked there; steps 0 choose, 1 from where,
// 2 how many of each faction, 3 place.
enum BandStepKind : int8_t {
  kBandChoose = 0,
  kBandFrom,
  kBandCount,
  kBandPlace
};

bool BandCanPull(const State& s, int f, int from, int to) {
  if (!s.Adjacent(from, to) || s.clearing(from).warriors[f] == 0) return false;
  std::vector<Option> moves = LegalMoves(s, f, -1);
  bool legal = false;
  for (const Option& o : moves) legal |= o.a == from && o.b == to;
  RecycleOptionList(std::move(moves));
  return legal;
}

bool BandPullsFrom(const State& s, int from, int to) {
  for (int seat = 0; seat < s.num_seats(); ++seat) {
    if (BandCanPull(s, s.seat(seat).faction, from, to)) return true;
  }
  return false;
}

// Clearings adjacent to c not yet done whose warriors may be pulled into c.
uint32_t BandSources(const State& s, int c, uint32_t done) {
  uint32_t m = 0;
  for (uint32_t adj = s.AdjacentMask(c) & ~done; adj != 0; adj &= adj - 1) {
    const int from = std::countr_zero(adj);
    if (BandPullsFrom(s, from, c)) m |= 1u << from;
  }
  return m;
}

bool PopularBandAvailable(const State& s, const HirelingCard& h) {
  if (h.supply > 0 && Placeable(s, IndexOf(s, h)) != 0) return true;
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (h.warriors[c] > 0 && BandSources(s, c, 0) != 0) return true;
  }
  return false;
}

void BandStep(State& s) {
  Task& t = s.top();
  const HirelingCard& h = Card(s, t.a);
  std::vector<Option> opts;
  switch (t.step) {
    case kBandChoose:
      for (int c = 0; c < s.map().num_clearings; ++c) {
        if (h.warriors[c] > 0)
          opts.push_back({.kind = kOptAction, .a = kActPull, .b = I8(c)});
      }
      if (opts.empty()) {  // none on the map: only the 2nd part
        t.step = kBandPlace;
        return;
      }
      s.Ask(kPromptAction, t.seat, std::move(opts), t.a);
      return;
    case kBandFrom: {
      const uint32_t m = BandSources(s, t.b, static_cast<uint16_t>(t.d));
      if (m == 0) {
        t.step = kBandPlace;
        return;
      }
      opts = ClearingOptions(s, m);
      opts.push_back({.kind = kOptDone});
      s.Ask(kPromptBandPull, t.seat, std::move(opts), t.b);
      return;
    }
    case kBandCount:
      for (; t.y < s.num_seats(); ++t.y) {
        const int f = s.seat(t.y).faction;
        if (!BandCanPull(s, f, t.x, t.b)) continue;
        for (int n = 1; n <= s.clearing(t.x).warriors[f]; ++n)
          opts.push_back({.kind = kOptCount, .a = I8(n), .b = I8(f)});
        opts.push_back({.kind = kOptDone});
        s.Ask(kPromptBandPullCount, t.seat, std::move(opts), t.x, t.b);
        return;
      }
      t.step = kBandFrom;
      return;
    default:
      if (h.supply == 0 || Placeable(s, t.a) == 0) {
        s.Pop();
        return;
      }
      AskPlace(s, t.a, t.seat, AllClearings(s), true);
      return;
  }
}

void BandChoose(State& s, const Option& o) {
  Task& t = s.top();
  switch (t.step) {
    case kBandChoose:
      t.b = o.b;
      t.d = 0;
      t.step = kBandFrom;
      return;
    case kBandFrom:
      if (o.kind == kOptDone) {
        t.step = kBandPlace;
        return;
      }
      t.d = static_cast<int16_t>(t.d | 1 << o.a);
      t.x = o.a;
      t.y = 0;
      t.step = kBandCount;
      return;
    case kBandCount: {
      const int from = t.x, to = t.b;
      ++t.y;
      // Law 1.5.5: the owner moves (and pays Outrage, 8.2.6).
      if (o.kind == kOptCount) s.MoveWarriors(o.b, from, to, o.a);
      return;
    }
    default: {
      const int card = t.a;
      s.Pop();
      if (o.kind == kOptAction) PlaceHirelingWarriors(s, card, o.b, 1);
      return;
    }
  }
}

bool DaylightAvailable(const State& s, int seat, const HirelingCard& h) {
  if (Is(h, kHirelingPopularBand, false)) return PopularBandAvailable(s, h);
  if (Is(h, kHirelingExile, true))  // The Brigand
    return !BrigandActions(s, seat, h).empty();
  const int card = IndexOf(s, h);
  if (Is(h, kHirelingPopularBand, true))  // Street Band
    return h.supply > 0 && Placeable(s, card) != 0;
  if (Is(h, kHirelingFlameBearers, true)) {  // Rat Smugglers
    const int f = s.seat(seat).faction;
    return HasItemCard(s, seat) &&
           (!LegalMoves(s, f, -1).empty() || !LegalBattles(s, f, -1).empty());
  }
  if (Is(h, kHirelingForestPatrol, false)) {
    return (h.held > 0 && (WithWarriors(h) & Placeable(s, card)) != 0) ||
           !HirelingMoves(s, h).empty() ||
           !HirelingBattles(s, card, -1).empty();
  }
  if (Is(h, kHirelingExile, false)) return ExileReady(h) && h.forest >= 0;
  if (Is(h, kHirelingVaultKeepers, false)) {
    return VaultsAround(s, h, 0) != 0 || KeepersDropClearings(s, h, 1) != 0;
  }
  if (Is(h, kHirelingLastDynasty, false)) {
    const int c = DynastyClearing(h);
    if (c < 0)
      return h.supply > 0 && (EdgeClearings(s) & Placeable(s, card)) != 0;
    return s.Rules(h.controller, c) ? !HirelingMoves(s, h).empty()
                                    : !HirelingBattles(s, card, c).empty();
  }
  return false;
}

// Daylight: the menu of the hireling's action, or its only part.
void DaylightStep(State& s) {
  Task& t = s.top();
  const HirelingCard& h = Card(s, t.a);
  std::vector<Option> opts;
  if (Is(h, kHirelingPopularBand, false)) {
    BandStep(s);
    return;
  }
  if (Is(h, kHirelingExile, true)) {  // The Brigand: explore or steal
    s.Ask(kPromptAction, t.seat, BrigandActions(s, t.seat, h), t.a);
    return;
  }
  if (Is(h, kHirelingPopularBand, true)) {
    // Street Band: place a warrior in any clearing.
    AskPlace(s, t.a, t.seat, AllClearings(s), false);
    return;
  }
  if (Is(h, kHirelingFlameBearers, true)) {
    // Rat Smugglers: discard a card showing an item to take a move or a
    // battle (the controller's own, Law 4.2, 4.3).
    for (CardId id : s.seat(t.seat).hand) {
      if (s.card(id).item >= 0) opts.push_back({.kind = kOptCard, .card = id});
    }
    s.Ask(kPromptSmugglersCard, t.seat, std::move(opts), t.a);
    return;
  }
  if (Is(h, kHirelingForestPatrol, false)) {
    // Move then may battle, or battle, or place the warriors on the card.
    if (!HirelingMoves(s, h).empty())
      opts.push_back({.kind = kOptAction, .a = kActMove});
    if (!HirelingBattles(s, t.a, -1).empty())
      opts.push_back({.kind = kOptAction, .a = kActBattle});
    if (h.held > 0) {
      const uint32_t m = WithWarriors(h) & Placeable(s, t.a);
      for (int c = 0; c < s.map().num_clearings; ++c) {
        if (m >> c & 1)
          opts.push_back({.kind = kOptAction, .a = kActPlaceHeld, .b = I8(c)});
      }
    }
    s.Ask(kPromptAction, t.seat, std::move(opts), t.a);
    return;
  }
  if (Is(h, kHirelingVaultKeepers, false)) {
    // Build a vault at or next to a vault (step 0), then battle at each
    // vault or recruit a warrior at each (step 1).
    if (t.step == 0) {
      const uint32_t m =
          h.vault_supply > 0 ? VaultsAround(s, h, 1) & Placeable(s, t.a) : 0;
      if (m == 0) {  // "if you cannot": a warrior and a vault anywhere
        const uint32_t any = KeepersDropClearings(s, h, 1);
        if (any != 0) {
          AskKeepersDrop(s, kPromptAction, t.a, t.seat, any);
          return;
        }
        t.step = 1;
        DaylightStep(s);
        return;
      }
      for (int c = 0; c < s.map().num_clearings; ++c) {
        if (m >> c & 1)
          opts.push_back({.kind = kOptAction, .a = kActPlace, .b = I8(c)});
      }
      opts.push_back({.kind = kOptDone});
    } else {
      opts.push_back({.kind = kOptAction, .a = kActBattle});
      if (h.supply > 0) opts.push_back({.kind = kOptAction, .a = kActRecruit});
      opts.push_back({.kind = kOptDone});
    }
    s.Ask(kPromptAction, t.seat, std::move(opts), t.a);
    return;
  }
  if (Is(h, kHirelingExile, false)) {
    // Move forest to forest (exhaust 1) or battle in a clearing of its
    // forest (exhaust 2), as often as its items allow; they refresh at the
    // end of the action.
    const int ready = ExileReadyCount(h);
    if (ready >= 1) {
      for (int8_t g : s.map().forest_adjacent[h.forest])
        opts.push_back({.kind = kOptForest, .a = g});
    }
    if (ready >= 2) {
      const ClearingMask around = s.map().forests[h.forest];
      for (int c = 0; c < s.map().num_clearings; ++c) {
        if (!(around >> c & 1)) continue;
        for (int seat = 0; seat < s.num_seats(); ++seat) {
          const int f = s.seat(seat).faction;
          if (BattleableEnemy(s, h, f, c))
            opts.push_back({.kind = kOptBattle, .a = I8(c), .b = I8(f)});
        }
      }
    }
    opts.push_back({.kind = kOptDone});
    s.Ask(kPromptAction, t.seat, std::move(opts), t.a);
    return;
  }
  if (Is(h, kHirelingLastDynasty, false)) {
    const int c = DynastyClearing(h);
    if (c < 0) {  // none on the map: all five to an edge clearing
      const uint32_t m = EdgeClearings(s) & Placeable(s, t.a);
      for (int e = 0; e < s.map().num_clearings; ++e) {
        if (m >> e & 1)
          opts.push_back({.kind = kOptAction, .a = kActPlace, .b = I8(e)});
      }
      s.Ask(kPromptAction, t.seat, std::move(opts), t.a);
      return;
    }
    const int seat = t.seat, card = t.a;
    const bool rules = s.Rules(h.controller, c);
    s.Pop();
    if (rules) {  // move them all, then may battle there
      s.Push(
          Task{.kind = kTaskHireMove, .seat = I8(seat), .a = I8(card), .x = 2});
    } else {  // battle there twice
      PushHirelingBattles(s, seat, card, c, false, 2);
    }
    return;
  }
  s.Pop();
}

void SmugglersCard(State& s, const Task& t, CardId card) {
  s.RemoveFromHand(t.seat, card);
  s.Discard(card);
  const int f = s.seat(t.seat).faction;
  const bool move = !LegalMoves(s, f, -1).empty();
  const bool battle = !LegalBattles(s, f, -1).empty();
  if (move && battle) {
    s.Push(Task{.kind = kTaskDaylight, .seat = t.seat, .step = 1, .a = t.a});
    s.Ask(kPromptAction, t.seat,
          {{.kind = kOptAction, .a = kActMove},
           {.kind = kOptAction, .a = kActBattle}},
          t.a);
    return;
  }
  if (move) PushMove(s, t.seat, -1, false);
  if (!move && battle) PushBattleChoice(s, t.seat, -1, false);
}

void VaultKeepersChoose(State& s, const Task& t, const Option& o) {
  const HirelingCard& h = Card(s, t.a);
  if (t.step == 0) {
    if (o.kind == kOptAction && o.a == kActPlaceKeepers) {
      PlaceKeepers(s, t.a, o.b, 1);  // the fallback: a warrior and a vault
    } else if (o.kind == kOptAction) {
      PlaceVault(s, t.a, o.b);
    }
    s.Push(Task{.kind = kTaskDaylight, .seat = t.seat, .step = 1, .a = t.a});
    return;
  }
  if (o.kind != kOptAction) return;
  const uint32_t vaults = VaultsAround(s, h, 0);
  const uint32_t placeable = Placeable(s, t.a);
  for (int c = s.map().num_clearings - 1; c >= 0; --c) {
    if (!(vaults >> c & 1)) continue;
    if (o.a == kActRecruit) {
      if (!(placeable >> c & 1)) continue;
      // A warrior at each vault (as 6.5.3 at each recruiter); a short
      // supply places what it holds (1.5.4).
      PlaceHirelingWarriors(s, t.a, c, h.vaults[c]);
    } else {
      PushHirelingBattles(s, t.seat, t.a, c, true, 1);
    }
  }
}

void DaylightChoose(State& s, const Option& o) {
  if (Is(Card(s, s.top().a), kHirelingPopularBand, false)) {
    BandChoose(s, o);
    return;
  }
  const Task t = s.top();
  s.Pop();
  HirelingCard& h = Card(s, t.a);
  const bool smugglers = Is(h, kHirelingFlameBearers, true);
  if (o.kind == kOptCard) {
    SmugglersCard(s, t, o.card);
    return;
  }
  if (Is(h, kHirelingVaultKeepers, false)) {
    VaultKeepersChoose(s, t, o);
    return;
  }
  if (Is(h, kHirelingExile, true)) {
    BrigandChoose(s, t.a, t.seat, o);
    return;
  }
  if (IsExile(h)) {
    if (o.kind == kOptDone) {
      ExileRefresh(h);
      return;
    }
    s.Push(Task{.kind = kTaskDaylight, .seat = t.seat, .a = t.a});
    if (o.kind == kOptForest) {  // the Exile moves
      ExileExhaust(h, 1);
      h.forest = o.a;
      LogHire(s, t.a, kHireOpExileForest, -1, o.a, t.seat);
      return;
    }
    ExileExhaust(h, 2);  // and battles (Law 4.3, 22.3.4)
    PushHirelingBattle(s, t.seat, t.a, o.a, o.b);
    return;
  }
  if (o.kind != kOptAction) return;
  switch (o.a) {
    case kActPlace:
      if (Is(h, kHirelingLastDynasty, false)) {  // and battle there
        PlaceHirelingWarriors(s, t.a, o.b, h.supply);
        PushHirelingBattles(s, t.seat, t.a, o.b, false, 1);
      } else {
        PlaceHirelingWarriors(s, t.a, o.b, 1);
      }
      return;
    case kActPlaceHeld: {
      const int n = h.held;
      h.supply += n;
      h.held = 0;
      PlaceHirelingWarriors(s, t.a, o.b, n);
      return;
    }
    case kActMove:
      if (smugglers) {
        PushMove(s, t.seat, -1, false);
      } else {  // the Forest Patrol: then may battle
        s.Push(Task{.kind = kTaskHireMove, .seat = t.seat, .a = t.a, .x = 1});
      }
      return;
    case kActBattle:
      if (smugglers) {
        PushBattleChoice(s, t.seat, -1, false);
      } else {
        PushHirelingBattles(s, t.seat, t.a, -1, false, 1);
      }
      return;
  }
}

// One move of hireling warriors (Law 4.2 with 22.3.1, 22.3.4). Step 0 asks
// (from, to), step 1 how many (the Last Dynasty moves them all); then the
// battle that may follow (x: 1 anywhere, 2 in the destination).
void MoveStep(State& s) {
  Task& t = s.top();
  const HirelingCard& h = Card(s, t.a);
  if (t.step == 0) {
    std::vector<Option> opts = HirelingMoves(s, h);
    if (opts.empty()) {
      s.Pop();
      return;
    }
    s.Ask(kPromptHireMoveFrom, t.seat, std::move(opts), t.a);
    return;
  }
  std::vector<Option> opts;
  const int n = h.warriors[t.b];
  const int least = Is(h, kHirelingLastDynasty, false) ? n : 1;
  for (int k = least; k <= n; ++k)
    opts.push_back({.kind = kOptCount, .a = I8(k)});
  s.Ask(kPromptHireMoveCount, t.seat, std::move(opts), t.b, t.c);
}

void MoveChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (o.kind == kOptMove) {
    t.step = 1;
    t.b = o.a;
    t.c = o.b;
    return;
  }
  const Task done = t;
  s.Pop();
  if (done.x > 0) {  // the battle follows what the move triggers (Outrage)
    PushHirelingBattles(s, done.seat, done.a, done.x == 2 ? done.c : -1, true,
                        1);
  }
  MoveHirelingWarriors(s, done.a, done.b, done.c, o.a);
}

// --- Texts
// --------------------------------------------------------------------

std::string CardText(const State& s, int card) {
  const HirelingCard& h = Card(s, card);
  return std::string(HirelingName(h.hireling, h.demoted));
}

std::string SetupText(const State& s, const Prompt& p) {
  return absl::StrCat("Set up ", CardText(s, p.a),
                      ": choose where its pieces start");
}
std::string HireText(const State&, const Prompt&) {
  return "Take a hireling from the supply and roll for control";
}
std::string GiveText(const State& s, const Prompt& p) {
  return absl::StrCat(CardText(s, p.a),
                      " has no control marker left: give it to a player");
}
std::string UprisingText(const State&, const Prompt& p) {
  return absl::StrCat("Spring Uprising rolled ", SuitName(p.a),
                      ": revolt or place a warrior in a matching clearing");
}
std::string PlaceText(const State& s, const Prompt& p) {
  return absl::StrCat("Place a warrior of ", CardText(s, p.a));
}
std::string ActionText(const State& s, const Prompt& p) {
  return absl::StrCat("Choose the action of ", CardText(s, p.a));
}
std::string MoveFromText(const State& s, const Prompt& p) {
  return absl::StrCat("Move warriors of ", CardText(s, p.a));
}
std::string MoveCountText(const State& s, const Prompt& p) {
  return absl::StrCat("How many hireling warriors move from ",
                      ClearingName(s, p.a), " to ", ClearingName(s, p.b));
}
std::string BattleText(const State& s, const Prompt& p) {
  return absl::StrCat("Choose where ", CardText(s, p.a), " battles");
}
std::string AmbushText(const State& s, const Prompt& p) {
  return absl::StrCat(CardText(s, p.a), " attacks you in ",
                      ClearingName(s, p.b), ": play an ambush card?");
}
std::string HitText(const State& s, const Prompt& p) {
  return absl::StrCat("A hireling's hit: remove one of your pieces in ",
                      ClearingName(s, p.a));
}
std::string SmugglersText(const State&, const Prompt&) {
  return "Rat Smugglers: discard a card showing an item";
}

std::string UprisingCostText(const State& s, const Prompt& p) {
  return absl::StrCat("To battle ", CardText(s, p.a), " in ",
                      ClearingName(s, p.b),
                      ", discard a card matching the clearing");
}
std::string PhysiciansText(const State& s, const Prompt& p) {
  return absl::StrCat("Feline Physicians: spend a card matching ",
                      ClearingName(s, p.a), " to place your ", p.b,
                      " removed warriors in a clearing with your pieces");
}
std::string BurnText(const State& s, const Prompt& p) {
  return absl::StrCat("Flame Bearers burn in ", ClearingName(s, p.b),
                      ": whose piece is removed (warriors first)");
}
std::string BandPullText(const State& s, const Prompt& p) {
  return absl::StrCat("Popular Band: choose a clearing adjacent to ",
                      ClearingName(s, p.a), " to pull warriors from");
}
std::string BandCountText(const State& s, const Prompt& p) {
  return absl::StrCat("Popular Band: force warriors in ", ClearingName(s, p.a),
                      " to move into ", ClearingName(s, p.b));
}
std::string AidExileText(const State&, const Prompt&) {
  return "The Exile: give it a crafted item (1 VP and a card), or go on.";
}
std::string ScoutsText(const State& s, const Prompt& p) {
  return absl::StrCat("Rabbit Scouts: spend a card matching ",
                      ClearingName(s, p.a),
                      " to deal the higher roll as defender?");
}

void Reg(int kind, absl::string_view key, absl::string_view law,
         std::string (*text)(const State&, const Prompt&)) {
  RegisterPrompt(kind, {key, law, text});
}

}  // namespace

// --- Public entry points
// --------------------------------------------------------

absl::string_view HirelingName(int hireling, bool demoted) {
  if (hireling < 0 || hireling >= kNumHirelings) return "?";
  return demoted ? kDemoted[hireling] : kPromoted[hireling];
}
absl::string_view HirelingKey(int hireling, bool demoted) {
  if (hireling == -1) return "random";  // dealt at setup (19.6.1)
  if (hireling < 0 || hireling >= kNumHirelings) return "?";
  return demoted ? kDemotedKey[hireling] : kPromotedKey[hireling];
}
std::string HirelingPieceName(int hireling, bool demoted, bool vault) {
  return absl::StrCat(HirelingName(hireling, demoted),
                      vault ? " vault" : " warrior");
}

absl::Status ParseHireling(absl::string_view text, int8_t* hireling,
                           bool* demoted) {
  std::string t = absl::AsciiStrToLower(text);
  bool want_demoted = false;
  if (const size_t colon = t.find(':'); colon != std::string::npos) {
    const std::string side = t.substr(colon + 1);
    if (side != "demoted" && side != "promoted") {
      return absl::InvalidArgumentError(
          absl::StrCat("hireling '", text, "': side must be demoted/promoted"));
    }
    want_demoted = side == "demoted";
    t = t.substr(0, colon);
  }
  if (t == "random") {  // Law 19.6.1: dealt at setup
    *hireling = -1;
    *demoted = false;
    return absl::OkStatus();
  }
  for (int h = 0; h < kNumHirelings; ++h) {
    for (bool d : {false, true}) {
      if (t == HirelingKey(h, d) ||
          t == absl::AsciiStrToLower(HirelingName(h, d))) {
        *hireling = I8(h);
        *demoted = d || want_demoted;
        return absl::OkStatus();
      }
    }
  }
  return absl::InvalidArgumentError(absl::StrCat("unknown hireling '", text,
                                                 "' (e.g. patrol, dynasty, "
                                                 "uprising, exile, bearers, "
                                                 "keepers, band)"));
}

absl::Status ParseHirelingsFlag(absl::string_view text, GameSetup& setup) {
  if (text.empty()) return absl::OkStatus();
  for (absl::string_view part : absl::StrSplit(text, ',')) {
    int8_t h = -1;
    bool demoted = false;
    if (absl::Status st = ParseHireling(part, &h, &demoted); !st.ok())
      return st;
    setup.hirelings.push_back({h, demoted});
  }
  return absl::OkStatus();
}

std::vector<int8_t> HirelingBlocks(int hireling) {
  switch (hireling) {
    case kHirelingForestPatrol:
      return {kMarquise};
    case kHirelingLastDynasty:
      return {kEyrie};
    case kHirelingSpringUprising:
      return {kAlliance};
    case kHirelingExile:
      return {kVagabond, kVagabond2};
    case kHirelingFlameBearers:
      return {kHundreds};
    case kHirelingVaultKeepers:
      return {kKeepers};
    default:
      return {};
  }
}

int HirelingsDemotedAtSetup(int players) {
  if (players <= 2) return 0;
  return std::min(players - 2, 3);  // Law 19.6.2: 3p 1, 4p 2, 5+ all three
}

absl::Status ValidateHirelings(const GameSetup& setup) {
  if (setup.hirelings.empty()) return absl::OkStatus();
  if (setup.hirelings.size() != 3) {
    return absl::InvalidArgumentError(
        absl::StrCat("hirelings: exactly three are used (Law 19.6), got ",
                     setup.hirelings.size()));
  }
  std::array<bool, kNumHirelings> seen{};
  for (const auto& [h, demoted] : setup.hirelings) {
    if (h == -1) continue;  // dealt at setup (19.6.1)
    if (h < 0 || h >= kNumHirelings) {
      return absl::InvalidArgumentError(absl::StrCat("unknown hireling ", h));
    }
    if (seen[h]) {
      return absl::InvalidArgumentError(absl::StrCat(
          "hireling '", HirelingKey(h, false), "' is in play twice"));
    }
    seen[h] = true;
    for (int8_t f : HirelingBlocks(h)) {
      for (int8_t seated : setup.factions) {
        if (seated == f) {
          return absl::InvalidArgumentError(absl::StrCat(
              "faction '", FactionKey(f), "' cannot be played with the ",
              HirelingName(h, demoted), " hireling in play (Law 19.6.5)"));
        }
      }
    }
  }
  return absl::OkStatus();
}

absl::Status DealHirelings(GameSetup& setup, int seats, Chance& chance) {
  std::vector<int> dealt;  // indices of the entries dealt here
  int demoted = 0;
  for (size_t i = 0; i < setup.hirelings.size(); ++i) {
    auto& [h, d] = setup.hirelings[i];
    if (h >= 0) {
      demoted += d;
      continue;
    }
    std::vector<int8_t> deck;  // Law 19.6.1, 19.6.5
    for (int c = 0; c < kNumHirelings; ++c) {
      bool ok = true;
      for (const auto& [other, unused] : setup.hirelings) ok &= other != c;
      for (int8_t f : HirelingBlocks(c)) {
        for (int8_t seated : setup.factions) ok &= seated != f;
      }
      if (ok) deck.push_back(I8(c));
    }
    if (deck.empty()) {
      return absl::InvalidArgumentError(
          "hirelings: no hireling card left to deal (Law 19.6.1, 19.6.5)");
    }
    h = deck[chance.Draw(kChanceSetup, static_cast<int>(deck.size()))];
    d = false;
    dealt.push_back(static_cast<int>(i));
  }
  // Law 19.6.2: random ones of the dealt cards flip to their demoted side.
  for (int k = HirelingsDemotedAtSetup(seats) - demoted;
       k > 0 && !dealt.empty(); --k) {
    const int j = chance.Draw(kChanceSetup, static_cast<int>(dealt.size()));
    setup.hirelings[dealt[j]].second = true;
    dealt.erase(dealt.begin() + j);
  }
  return absl::OkStatus();
}

void PushHirelingSetup(State& s) {
  const GameSetup& setup = s.def().setup;
  if (setup.hirelings.empty()) return;
  HirelingsBoard& b = Board(s);
  for (const auto& [h, demoted] : setup.hirelings) {
    HirelingCard card;
    card.hireling = h;
    card.demoted = demoted;
    const HirelingBox box = HirelingPieces(h, demoted);
    card.supply = box.warriors;
    card.vault_supply = box.vaults;
    if (h == kHirelingExile && !demoted) card.clubs = kExileClubs;
    b.cards.push_back(card);
  }
  b.markers_on_track = 0b111;  // Law 19.6.4
  s.Push(Task{.kind = kTaskSetup,
              .seat = I8(s.current_seat()),
              .a = 0,
              .b = 0,
              .c = -1});
}

void HirelingsOnScore(State& s, int seat, int before, int after) {
  HirelingsBoard& b = Board(s);
  for (int i = 0; i < static_cast<int>(kHirelingMarkerSpaces.size()); ++i) {
    const int space = kHirelingMarkerSpaces[i];
    if (!(b.markers_on_track >> i & 1) || before >= space || after < space)
      continue;
    b.markers_on_track &= static_cast<uint8_t>(~(1u << i));
    ++b.markers_waiting[seat];
    s.Log({.kind = kEvHireling,
           .seat = I8(seat),
           .b = kHireOpMarker,
           .d = static_cast<int16_t>(space)});
  }
}

void HirelingsBirdsongStart(State& s, int seat) {
  if (!s.hirelings().InPlay()) return;
  const int f = s.seat(seat).faction;
  const int n = static_cast<int>(s.hirelings().cards.size());
  for (int i = n - 1; i >= 0; --i) {
    HirelingCard& h = Card(s, i);
    h.used = false;
    h.used_steal = false;
    if (h.controller != f) continue;
    h.brigand_exhausted = {};  // the Brigand's exhausted items refresh
    if (Is(h, kHirelingLastDynasty, true) ||
        Is(h, kHirelingSpringUprising, false)) {
      s.Push(Task{.kind = kTaskBirdsong, .seat = I8(seat), .a = I8(i)});
    }
    if (Is(h, kHirelingFlameBearers, false) && h.WarriorsOnMap() > 0) {
      s.Push(Task{.kind = kTaskBearers,
                  .seat = I8(seat),
                  .a = I8(i),
                  .b = -1,
                  .c = -1,
                  .x = 0});
    }
  }
}

void AppendHirelingExtras(const State& s, int seat, std::vector<Option>& opts) {
  if (!s.hirelings().InPlay()) return;
  const int f = s.seat(seat).faction;
  for (const HirelingCard& h : s.hirelings().cards) {
    if (h.controller != f) continue;
    // Rat Smugglers' action may be taken again (hirelings_landmarks.yaml);
    // the Brigand's two actions are tracked on their own.
    if (h.used && !Is(h, kHirelingFlameBearers, true) &&
        !Is(h, kHirelingExile, true))
      continue;
    if (DaylightAvailable(s, seat, h))
      opts.push_back({.kind = kOptExtra, .a = kExtraHireling, .b = h.hireling});
  }
  AppendAidTheExile(s, seat, opts);
}

// Aiding the Exile (b = -1 - item), offered to any player next to it.
void AppendAidTheExile(const State& s, int seat, std::vector<Option>& opts) {
  if (!s.hirelings().InPlay()) return;
  const HirelingCard* exile = s.hirelings().Find(kHirelingExile);
  if (exile && !exile->demoted && NextToExile(s, seat, *exile)) {
    for (int i = 0; i < kNumItems; ++i) {
      if (s.seat(seat).items[i] > 0)
        opts.push_back(
            {.kind = kOptExtra, .a = kExtraHireling, .b = I8(-1 - i)});
    }
  }
}

void PushAidTheExileWindow(State& s, int seat) {
  std::vector<Option> opts;
  AppendAidTheExile(s, seat, opts);
  if (!opts.empty()) s.Push(Task{.kind = kTaskAidExile, .seat = I8(seat)});
}

void ResolveHirelingExtra(State& s, int seat, const Option& o) {
  if (o.b < 0) {  // aid the Exile with item -1 - b
    const int item = -1 - o.b;
    --s.mutable_seat(seat).items[item];
    ++Board(s).Find(kHirelingExile)->items[item];
    s.AddVp(seat, 1, kVpHireling);
    s.DrawCards(seat, 1);
    return;
  }
  const auto& cards = s.hirelings().cards;
  for (size_t i = 0; i < cards.size(); ++i) {
    if (cards[i].hireling != o.b) continue;
    if (!Is(cards[i], kHirelingExile, true))
      Card(s, static_cast<int>(i)).used = true;
    s.Push(Task{.kind = kTaskDaylight, .seat = I8(seat), .a = I8(i)});
    return;
  }
  CHECK(false) << "no hireling " << int{o.b};
}

void HirelingsEndOfTurn(State& s, int seat) {
  if (!s.hirelings().InPlay()) return;
  s.Push(Task{.kind = kTaskEndTurn, .seat = I8(seat)});
}

bool HirelingRulesTies(const State& s, int faction) {
  return s.hirelings().Controls(faction, kHirelingLastDynasty, true);
}

std::string HirelingActionLabel(const State& s, const Option& o) {
  switch (o.a) {
    case kActHire:
      return absl::StrCat("Hire ", CardText(s, o.b));
    case kActRevolt:
      return absl::StrCat("Revolt in ", ClearingName(s, o.b));
    case kActPlace:
      return absl::StrCat("Place in ", ClearingName(s, o.b));
    case kActMove:
      return "Move";
    case kActBattle:
      return "Battle";
    case kActRecruit:
      return "Recruit at each vault";
    case kActPlaceKeepers:
      return absl::StrCat("Place Keepers and a vault in ",
                          ClearingName(s, o.b));
    case kActExplore:
      return absl::StrCat("Take the item from the ruin in ",
                          ClearingName(s, o.b));
    case kActSteal:
      return absl::StrCat("Exhaust an item to take a random card from ",
                          o.b >= 0 && o.b < kNumFactions
                              ? FactionName(o.b)
                              : absl::string_view("?"));
    case kActPull:
      return absl::StrCat("Pull warriors into ", ClearingName(s, o.b));
    case kActPlaceHeld:
      return absl::StrCat("Place the warriors on the card in ",
                          ClearingName(s, o.b));
  }
  return "?";
}

std::string HirelingExtraLabel(const State& s, const Option& o) {
  if (o.b < 0) return absl::StrCat("Aid The Exile with a ", ItemName(-1 - o.b));
  const HirelingCard* h = s.hirelings().Find(o.b);
  return absl::StrCat("Use ", h ? HirelingName(h->hireling, h->demoted) : "?");
}

std::string HirelingEventText(const State& s, const Event& e) {
  const HirelingCard* h = s.hirelings().Find(e.a);
  const std::string name(h ? HirelingName(h->hireling, h->demoted)
                           : absl::string_view("a hireling"));
  auto who = [&] {
    return e.seat >= 0 && e.seat < s.num_seats()
               ? std::string(FactionName(s.seat(e.seat).faction))
               : std::string("?");
  };
  const std::string where = e.c >= 0 ? ClearingName(s, e.c) : "";
  switch (e.b) {
    case kHireOpPlace:
      return absl::StrCat(name, " placed ", e.d, " warriors in ", where);
    case kHireOpRemove:
      return absl::StrCat(name, " lost ", e.d, " warriors in ", where);
    case kHireOpVaultPlace:
      return absl::StrCat(name, " built a vault in ", where);
    case kHireOpVaultRemove:
      return absl::StrCat(name, " lost a vault in ", where);
    case kHireOpHired:
      return absl::StrCat(who(), " took control of ", name, " for ", e.d,
                          e.d == 1 ? " turn" : " turns");
    case kHireOpMarker:
      return absl::StrCat(who(), " took the hireling marker ", e.d);
    case kHireOpExileForest:
      return absl::StrCat(name, " went to forest ", e.d + 1);
    case kHireOpToCard:
      return absl::StrCat(e.d, " warriors of ", name, " went onto its card");
    case kHireOpBattle:
      return absl::StrCat(name, " battles ",
                          e.d >= 0 && e.d < kNumFactions
                              ? FactionName(e.d)
                              : absl::string_view("?"),
                          " in ", where);
    case kHireOpAttacked:
      return absl::StrCat(e.d >= 0 && e.d < kNumFactions
                              ? FactionName(e.d)
                              : absl::string_view("?"),
                          " battles ", name, " in ", where);
    case kHireOpBrigand:
      return absl::StrCat(
          who(), " took a ",
          e.d >= 0 && e.d < kNumItems ? ItemName(e.d) : absl::string_view("?"),
          " from the ruin in ", where, " (The Brigand)");
    case kHireOpScouts:
      return absl::StrCat(who(), " spent a card with ", name,
                          ": the rolls are swapped");
    case kHireOpControl:
      return absl::StrCat(who(), " removed a control marker from ", name, ": ",
                          e.d, " left");
  }
  return "?";
}

bool HirelingTargetsIn(const State& s, int faction, int c) {
  std::vector<Option> opts;
  AppendHirelingTargets(s, faction, c, opts);
  return !opts.empty();
}

void AppendHirelingTargets(const State& s, int faction, int c,
                           std::vector<Option>& opts) {
  if (!s.hirelings().InPlay() || !(s.hirelings().on_map >> c & 1)) return;
  const int n = static_cast<int>(s.hirelings().cards.size());
  for (int i = 0; i < n; ++i) {
    if (CanAttackHireling(s, faction, i, c)) {
      opts.push_back(
          {.kind = kOptBattle, .a = I8(c), .b = I8(kBattleHirelingBase + i)});
    }
  }
}

void PushHirelingDefense(State& s, int c, int attacker, int defender) {
  const int card = defender - kBattleHirelingBase;
  CHECK(card >= 0 && card < static_cast<int>(s.hirelings().cards.size()));
  HirelingsBattleStart(s);
  // The core's battle state names the attacker and the clearing for the
  // factions' battle hooks (hit caps, Stubborn, mercenaries).
  BattleState& b = s.battle();
  b = BattleState{};
  b.clearing = I8(c);
  b.attacker = I8(attacker);
  const int seat = s.SeatOf(attacker);
  LogHire(s, card, kHireOpAttacked, c, attacker, seat);
  s.Push(Task{.kind = kTaskDefend,
              .seat = I8(seat),
              .a = I8(card),
              .b = I8(c),
              .c = I8(attacker)});
}

int HirelingTargetCard(int defender) {
  return IsHirelingTarget(defender) ? defender - kBattleHirelingBase : -1;
}

std::string HirelingTargetName(const State& s, int defender) {
  const int card = HirelingTargetCard(defender);
  if (card < 0 || card >= static_cast<int>(s.hirelings().cards.size()))
    return "?";
  return CardText(s, card);
}

void HirelingsBattleStart(State& s) {
  if (!s.hirelings().InPlay()) return;
  Board(s).bodyguards_used = false;
  Board(s).scouts_swap = false;
}

void HirelingsBeforeRoll(State& s) {
  if (!s.hirelings().InPlay()) return;
  const BattleState& b = s.battle();
  if (b.defender == kNoFaction || !ScoutsFor(s, b.defender)) return;
  const int seat = s.SeatOf(b.defender);
  if (ClearingCards(s, seat, b.clearing).empty()) return;
  s.Push(Task{.kind = kTaskScouts, .seat = I8(seat), .a = I8(ScoutsCard(s))});
}

bool HirelingsSwapRolls(const State& s) { return s.hirelings().scouts_swap; }

int HirelingIgnoredHits(State& s, int faction, int hits) {
  if (!s.hirelings().InPlay()) return 0;
  return BodyguardsIgnore(s, faction, hits);
}

uint32_t HirelingMoveLock(const State& s, int faction) {
  const HirelingsBoard& b = s.hirelings();
  if (!b.InPlay() || b.band_turn != s.turn()) return 0;
  const int seat = s.SeatOf(faction);
  return seat < 0 ? 0 : b.band_lock[seat];
}

void HirelingsOnWarriorsMoved(State& s, int faction, int to) {
  const int card = CardIndex(s, kHirelingPopularBand);
  if (card < 0) return;
  const HirelingCard& h = Card(s, card);
  const int seat = s.SeatOf(faction);
  if (seat < 0 || h.warriors[to] == 0 || !EnemyOfHireling(s, h, faction))
    return;
  HirelingsBoard& b = Board(s);
  if (b.band_turn != s.turn()) {
    b.band_lock = {};
    b.band_turn = static_cast<int16_t>(s.turn());
  }
  b.band_lock[seat] |= 1u << to;
}

void HirelingsOnWarriorsRemoved(State& s, int faction, int c, int n) {
  if (!s.hirelings().Controls(faction, kHirelingForestPatrol, true)) return;
  const int seat = s.SeatOf(faction);
  if (seat < 0 || s.seat(seat).hand.empty()) return;
  s.Push(Task{.kind = kTaskPhysicians,
              .seat = I8(seat),
              .b = I8(c),
              .c = I8(faction),
              .x = I8(n)});
}

// Law 22.2.2: the Exile's ability names no time, so it is always active:
// a window at the start of Evening (Birdsong offers it with its cards).
void AidExileStep(State& s) {
  std::vector<Option> opts;
  AppendAidTheExile(s, s.top().seat, opts);
  s.AskWithDoneOrPop(kPromptAidExile, s.top().seat, std::move(opts));
}

void AidExileChoose(State& s, const Option& o) {
  if (o.kind == kOptDone) {
    s.Pop();
    return;
  }
  ResolveHirelingExtra(s, s.top().seat, o);
}

void RegisterHirelings() {
  RegisterTask(kTaskSetup, {"hireling setup", SetupStep, SetupChoose});
  RegisterTask(kTaskEndTurn, {"hireling control", EndTurnStep, EndTurnChoose});
  RegisterTask(kTaskWhenHired, {"hireling hired", WhenHiredStep, PlaceChoose});
  RegisterTask(kTaskBirdsong,
               {"hireling birdsong", BirdsongStep, BirdsongChoose});
  RegisterTask(kTaskDaylight,
               {"hireling daylight", DaylightStep, DaylightChoose});
  RegisterTask(kTaskHireMove, {"hireling move", MoveStep, MoveChoose});
  RegisterTask(kTaskHireBattleChoice, {"hireling battle choice",
                                       BattleChoiceStep, BattleChoiceChoose});
  RegisterTask(kTaskHireBattle, {"hireling battle", BattleStep, BattleChoose});
  RegisterTask(kTaskDefend, {"battle a hireling", DefendStep, DefendChoose});
  RegisterTask(kTaskScouts, {"rabbit scouts", ScoutsStep, ScoutsChoose});
  RegisterTask(kTaskAidExile, {"aid the exile", AidExileStep, AidExileChoose});
  RegisterTask(kTaskPhysicians,
               {"feline physicians", PhysiciansStep, PhysiciansChoose});
  RegisterTask(kTaskBearers,
               {"flame bearers birdsong", BearersStep, BearersChoose});
  Reg(kPromptSetupClearing, "hireling.setup_clearing", "19.6.3", SetupText);
  Reg(kPromptSetupForest, "hireling.setup_forest", "19.6.3", SetupText);
  Reg(kPromptHire, "hireling.hire", "22.1.1", HireText);
  Reg(kPromptGive, "hireling.give", "22.1.3", GiveText);
  Reg(kPromptUprising, "hireling.uprising", "22.2.3", UprisingText);
  Reg(kPromptPlace, "hireling.place", "22.2", PlaceText);
  Reg(kPromptAction, "hireling.action", "22.2.4", ActionText);
  Reg(kPromptHireMoveFrom, "hireling.move", "22.3.4", MoveFromText);
  Reg(kPromptHireMoveCount, "hireling.move_count", "22.3.4", MoveCountText);
  Reg(kPromptSmugglersCard, "hireling.smugglers_card", "22.2.4", SmugglersText);
  Reg(kPromptHireBattle, "hireling.battle", "22.3.4", BattleText);
  Reg(kPromptHireAmbush, "hireling.ambush", "4.3.1", AmbushText);
  Reg(kPromptHit, "hireling.remove_piece", "4.3.6", HitText);
  Reg(kPromptUprisingCost, "hireling.uprising_cost", "22.2.2",
      UprisingCostText);
  Reg(kPromptAttackerHit, "hireling.attacker_piece", "4.3.6", HitText);
  Reg(kPromptScouts, "hireling.scouts", "22.2.2", ScoutsText);
  Reg(kPromptPhysicians, "hireling.physicians", "22.2.2", PhysiciansText);
  Reg(kPromptPhysiciansTo, "hireling.physicians_to", "22.2.2", PhysiciansText);
  Reg(kPromptBearersVictim, "hireling.bearers_burn", "22.2.3", BurnText);
  Reg(kPromptBearersSpread, "hireling.bearers_spread", "22.2.3", PlaceText);
  Reg(kPromptBandPull, "hireling.band_pull", "22.2.4", BandPullText);
  Reg(kPromptBandPullCount, "hireling.band_pull_count", "1.5.5", BandCountText);
  Reg(kPromptAidExile, "hireling.aid_exile", "22.2.2", AidExileText);
}

int RemoveEnemyHirelingPieces(State& s, int c, int remover) {
  int vaults = 0;
  for (size_t i = 0; i < s.hirelings().cards.size(); ++i) {
    const int card = static_cast<int>(i);
    if (!EnemyOfHireling(s, Card(s, card), remover)) continue;
    RemoveHirelingWarriors(s, card, c, Card(s, card).warriors[c]);
    vaults += RemoveHirelingVaults(s, card, c, Card(s, card).vaults[c]);
  }
  Board(s).RecomputeOnMap();
  return vaults;
}

void RemoveEnemyHirelingsFor(State& s, int c, int remover,
                             bool buildings_only) {
  if (!s.hirelings().InPlay() || !(s.hirelings().on_map >> c & 1)) return;
  int vaults = 0;
  if (buildings_only) {
    for (size_t i = 0; i < s.hirelings().cards.size(); ++i) {
      const int card = static_cast<int>(i);
      if (EnemyOfHireling(s, Card(s, card), remover))
        vaults += RemoveHirelingVaults(s, card, c, Card(s, card).vaults[c]);
    }
    Board(s).RecomputeOnMap();
  } else {
    vaults = RemoveEnemyHirelingPieces(s, c, remover);
  }
  const int seat = s.SeatOf(remover);
  if (vaults > 0 && seat >= 0) s.AddVp(seat, vaults, kVpRemoval);
}

std::vector<int> EnemyHirelingTargets(const State& s, int remover, int c,
                                      bool buildings) {
  std::vector<int> out;
  if (!s.hirelings().InPlay() || !(s.hirelings().on_map >> c & 1)) return out;
  for (size_t i = 0; i < s.hirelings().cards.size(); ++i) {
    const HirelingCard& h = Card(s, static_cast<int>(i));
    if (!EnemyOfHireling(s, h, remover)) continue;
    if (buildings ? h.vaults[c] > 0 : h.warriors[c] + h.vaults[c] > 0)
      out.push_back(kBattleHirelingBase + static_cast<int>(i));
  }
  return out;
}

void RemoveHirelingTargetPiece(State& s, int target, int c, int remover,
                               bool building) {
  const int card = target - kBattleHirelingBase;
  CHECK(card >= 0 && card < static_cast<int>(s.hirelings().cards.size()));
  if (!building && Card(s, card).warriors[c] > 0) {
    RemoveHirelingWarriors(s, card, c, 1);
  } else if (RemoveHirelingVaults(s, card, c, 1) > 0) {
    const int seat = s.SeatOf(remover);
    if (seat >= 0) s.AddVp(seat, 1, kVpRemoval);  // Law 22.3.6
  }
  Board(s).RecomputeOnMap();
}

int HirelingWarriorsIn(const State& s, int target, int c) {
  const int card = target - kBattleHirelingBase;
  if (card < 0 || card >= static_cast<int>(s.hirelings().cards.size()))
    return 0;
  return Card(s, card).warriors[c];
}

}  // namespace woodland::rules
