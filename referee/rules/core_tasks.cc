// Core task handlers: the turn (Law 1.4), moving (4.2), battle (4.3),
// crafting (4.1), the hand limit, dominance (3.3) and the standard deck's
// timed effects. Faction modules build their turns from these pieces.
#include <algorithm>
#include <bit>

#include "absl/strings/str_cat.h"
#include "referee/rules/check.h"
#include "referee/rules/exiles.h"
#include "referee/rules/faction.h"
#include "referee/rules/hirelings.h"
#include "referee/rules/landmarks.h"
#include "referee/rules/map_rules.h"

namespace woodland::rules {
namespace {

constexpr int kDominanceScore = 10;  // Law 3.3.1

int8_t FactionOfSeat(const State& s, int seat) { return s.seat(seat).faction; }

// Law 11.2.7.III: Riverfolk warriors in c fighting for `faction` against
// `opponent` (kNoFaction: any enemy but the Riverfolk).
int Mercs(const State& s, int faction, int c, int opponent) {
  if (s.SeatOf(kRiverfolk) < 0 || faction == kRiverfolk) return 0;
  return GetFaction(kRiverfolk)->MercenariesFor(s, faction, c, opponent);
}

int BattleOpponent(const State& s, bool attacker) {
  return attacker ? s.battle().defender : s.battle().attacker;
}

// ---------------------------------------------------------------------------
// Turn structure (Law 1.4): Birdsong, Daylight, Evening, with the standard
// deck's "start of" windows and the dominance check (3.3.1).

bool DominanceWon(const State& s, int seat) {
  const CardId dom = s.seat(seat).dominance;
  if (dom == kNoCard) return false;
  const int f = FactionOfSeat(s, seat);
  const MapDef& m = s.map();
  if (s.card(dom).suit == kBird) {
    // Law 3.3.1.II: two clearings in opposite corners.
    for (auto [a, b] : m.opposite_corners) {
      if (s.Rules(f, a) && s.Rules(f, b)) return true;
    }
    return false;
  }
  // Law 3.3.1.I: three clearings of the card's suit.
  int ruled = 0;
  for (int c = 0; c < m.num_clearings; ++c) {
    if (s.ClearingIs(c, s.card(dom).suit) && s.Rules(f, c)) ++ruled;
  }
  return ruled >= 3;
}

void TurnStep(State& s) {
  Task& t = s.top();
  const int seat = t.seat;
  const FactionModule* m = GetFaction(FactionOfSeat(s, seat));
  switch (t.step++) {
    case 0:
      s.set_phase(kPhaseBirdsong);
      // Law 3.3.1: a dominance victory is checked at the start of Birdsong.
      if (DominanceWon(s, seat)) {
        s.EndGame(kReasonDominance, s.WinnersWith(seat));
        return;
      }
      // Better Burrow Bank: at start of Birdsong.
      if (s.HasEffect(seat, kBetterBurrowBank)) {
        s.Push(
            Task{.kind = kTaskBurrowBank, .seat = static_cast<int8_t>(seat)});
      }
      // Start of Birdsong: Saboteurs, Coffin Makers (Exiles and Partisans).
      if (s.exiles_deck()) ExilesBirdsongStart(s, seat);
      // Law 11.2.6: other factions' offers at the start of Birdsong.
      for (int o = 0; o < s.num_seats(); ++o) {
        if (o != seat)
          GetFaction(FactionOfSeat(s, o))->AtOthersBirdsongStart(s, seat);
      }
      HirelingsBirdsongStart(s, seat);  // Law 22.2.3
      return;
    case 1:
    case 3:
      // Eyrie Emigre: at the end of Birdsong, after the last window.
      if (t.step == 4 && s.exiles_deck()) ExilesBirdsongEnd(s, seat);
      // Royal Claim and Stand and Deliver! may be used in Birdsong; we offer
      // them before and after the faction's own Birdsong steps.
      s.Push(
          Task{.kind = kTaskBirdsongCards, .seat = static_cast<int8_t>(seat)});
      return;
    case 2:
      m->PushBirdsong(s, seat);
      return;
    case 4:
      s.set_phase(kPhaseDaylight);
      // Command Warren: at start of Daylight, may initiate a battle.
      if (s.HasEffect(seat, kCommandWarren)) {
        Task b{.kind = kTaskBattleTarget, .seat = static_cast<int8_t>(seat)};
        b.a = -1;
        b.b = 1;
        b.d = kPromptCommandWarren;
        s.Push(b);
      }
      return;
    case 5:
      m->PushDaylight(s, seat);
      return;
    case 6:
      // Daylight actions (dominance, Tax Collector, Codebreakers) stay
      // available until Daylight ends; offer them once more at its end.
      if (!s.daylight_closed()) {
        s.Push(Task{.kind = kTaskTakeDominance,
                    .seat = static_cast<int8_t>(seat),
                    .step = 10});
      }
      return;
    case 7:
      s.set_phase(kPhaseEvening);
      // Charm Offensive: at start of Evening (Exiles and Partisans).
      if (s.exiles_deck()) ExilesEveningStart(s, seat);
      // Cobbler: at start of Evening, may take one move.
      if (s.HasEffect(seat, kCobbler)) {
        Task mv{.kind = kTaskMove, .seat = static_cast<int8_t>(seat)};
        mv.a = -1;
        mv.b = 1;
        mv.d = kPromptCobbler;
        s.Push(mv);
      }
      PushAidTheExileWindow(s, seat);  // Law 22.2.2: any time on the turn
      return;
    case 8:
      m->PushEvening(s, seat);
      return;
    default:
      s.Pop();
      EndOfEvening(s, seat);        // Law 25.4.4: the Pass
      HirelingsEndOfTurn(s, seat);  // Law 22.1.1, 22.1.3
  }
}

void TurnChoose(State&, const Option&) { CHECK(false); }

// --- Birdsong cards -------------------------------------------------------

void BirdsongCardsStep(State& s) {
  const int seat = s.top().seat;
  std::vector<Option> opts = NewOptionList();
  const CardId claim = s.FindEffect(seat, kRoyalClaim);
  if (claim != kNoCard) opts.push_back({.kind = kOptCard, .card = claim});
  const CardId stand = s.FindEffect(seat, kStandAndDeliver);
  if (stand != kNoCard &&
      !(s.seat(seat).used_effects >> kStandAndDeliver & 1)) {
    for (int o = 0; o < s.num_seats(); ++o) {
      if (o != seat && !s.seat(o).hand.empty()) {
        opts.push_back(
            {.kind = kOptFaction, .a = FactionOfSeat(s, o), .card = stand});
      }
    }
  }
  if (s.exiles_deck()) AppendExilesBirdsong(s, seat, opts);
  AppendAidTheExile(s, seat, opts);  // Law 22.2.2: any time
  s.AskWithDoneOrPop(kPromptBirdsongCards, seat, std::move(opts));
}

void BirdsongCardsChoose(State& s, const Option& o) {
  const int seat = s.top().seat;
  if (o.kind == kOptExtra) {  // the Exile's ability (Law 22.2.2)
    ResolveHirelingExtra(s, seat, o);
    return;
  }
  if (o.kind != kOptDone && ResolveExilesBirdsong(s, seat, o)) return;
  SeatState& me = s.mutable_seat(seat);
  if (o.kind == kOptDone) {
    s.Pop();
  } else if (o.kind == kOptCard) {
    // Royal Claim: discard to score one VP per clearing you rule.
    const int f = me.faction;
    int ruled = 0;
    for (int c = 0; c < s.map().num_clearings; ++c) ruled += s.Rules(f, c);
    ruled += f == kDuchy;  // Law 12.2.2: the Burrow, always the Duchy's
    me.play_area.erase(
        std::find(me.play_area.begin(), me.play_area.end(), o.card));
    s.RefreshPlayAreas();
    s.Discard(o.card);
    s.AddVp(seat, ruled, kVpCard);
  } else {
    // Stand and Deliver!: take a random card; that player scores one VP.
    me.used_effects |= 1u << kStandAndDeliver;
    const int victim = s.SeatOf(o.a);
    auto& hand = s.mutable_seat(victim).hand;
    const int i =
        s.chance_stream().Draw(kChancePick, static_cast<int>(hand.size()));
    const CardId id = hand[i];
    hand.erase(hand.begin() + i);
    s.mutable_seat(seat).hand.push_back(id);
    s.Log({.kind = kEvTakeCard,
           .seat = static_cast<int8_t>(seat),
           .a = static_cast<int8_t>(victim),
           .b = kTakeStandAndDeliver,
           .card = id,
           .visible_to = static_cast<uint8_t>((1u << seat) | (1u << victim))});
    s.AddVp(victim, 1, kVpCard);
  }
}

void BurrowBankStep(State& s) {
  const int seat = s.top().seat;
  std::vector<Option> opts = NewOptionList();
  for (int o = 0; o < s.num_seats(); ++o) {
    if (o != seat)
      opts.push_back({.kind = kOptFaction, .a = FactionOfSeat(s, o)});
  }
  s.Ask(kPromptBurrowBank, seat, std::move(opts));
}

void BurrowBankChoose(State& s, const Option& o) {
  const int seat = s.top().seat;
  s.Pop();
  // Better Burrow Bank: you and another player each draw a card.
  s.DrawCards(seat, 1);
  s.DrawCards(s.SeatOf(o.a), 1);
}

// --- Moving (Law 4.2) -----------------------------------------------------

void MoveStep(State& s) {
  const Task& t = s.top();
  const int f = FactionOfSeat(s, t.seat);
  if (t.step == 0) {
    std::vector<Option> opts = LegalMoves(s, f, t.a);
    if (t.b == 1) opts.push_back({.kind = kOptDone});
    if (opts.empty()) {
      RecycleOptionList(std::move(opts));
      s.Pop();
      return;
    }
    s.Ask(t.d >= 0 ? t.d : static_cast<int>(kPromptMoveFrom), t.seat,
          std::move(opts));
    return;
  }
  const int n = s.clearing(t.x).warriors[f];
  std::vector<Option> opts = NewOptionList();
  for (int i = 1; i <= n; ++i) {
    opts.push_back({.kind = kOptCount, .a = static_cast<int8_t>(i)});
  }
  s.Ask(kPromptMoveCount, t.seat, std::move(opts), t.x, t.y);
}

void MoveChoose(State& s, const Option& o) {
  Task& t = s.top();
  if (o.kind == kOptDone) {
    s.Pop();
  } else if (o.kind == kOptMove) {
    t.step = 1;
    t.x = o.a;
    t.y = o.b;
  } else {
    const int f = FactionOfSeat(s, t.seat);
    const int seat = t.seat, from = t.x, to = t.y;
    s.Pop();
    const bool ferry = IsFerryCrossing(s, from, to);
    s.MoveWarriors(f, from, to, o.a);
    if (ferry) FerryCrossed(s, seat, to);
  }
}

// --- Battle (Law 4.3) -----------------------------------------------------

void BattleTargetStep(State& s) {
  const Task& t = s.top();
  std::vector<Option> opts = LegalBattles(s, FactionOfSeat(s, t.seat), t.a);
  if (t.b == 1) opts.push_back({.kind = kOptDone});
  if (opts.empty()) {
    RecycleOptionList(std::move(opts));
    s.Pop();
    return;
  }
  s.Ask(t.d >= 0 ? t.d : static_cast<int>(kPromptBattleTarget), t.seat,
        std::move(opts));
}

void BattleTargetChoose(State& s, const Option& o) {
  const int attacker = FactionOfSeat(s, s.top().seat);
  s.Pop();
  if (o.kind == kOptBattle) PushBattle(s, o.a, attacker, o.b);
}

enum BattleStep : int8_t {
  kBsAmbush = 0,
  kBsFoil,
  kBsAmbushHits,
  kBsAfterAmbush,
  kBsRoll,
  kBsEffects,  // Law 4.3.4: x = side to ask (0 attacker), y = passes in a row
  kBsCount,
  kBsEnd,
  kBsAssign = 20,  // assigning hits; return step kept in Task::c
  kBsApply,
};

// Law 4.3.1: the ambush cards in `seat`'s hand matching the clearing of
// battle (a bird matches any clearing; the Lost City's clearing counts as
// every suit, CardMatchesClearing).
std::vector<Option> AmbushCards(const State& s, int seat, int clearing) {
  std::vector<Option> opts = NewOptionList();
  for (CardId id : s.seat(seat).hand) {
    const CardDef& c = s.card(id);
    if (c.kind == kAmbushCard && CardMatchesClearing(s, id, clearing)) {
      bool dup = false;
      for (const Option& o : opts) dup |= s.card(o.card).type == c.type;
      if (!dup) opts.push_back({.kind = kOptCard, .card = id});
    }
  }
  return opts;
}

// Pieces of `faction` in the clearing not yet marked for removal.
int PiecesLeft(const State& s, int side, int faction, int piece) {
  return s.clearing(s.battle().clearing).pieces[piece] -
         s.battle().remove_pieces[side][piece];
}

// Law 4.3.6: warriors go first; then the owner picks buildings and tokens.
// Returns true when a decision was asked.
bool AssignHits(State& s) {
  BattleState& b = s.battle();
  for (int side = 0; side < 2; ++side) {
    const int f = side == 0 ? b.attacker : b.defender;
    if (GetFaction(f)->TakesHitsItself()) continue;  // e.g. the Vagabond
    const ClearingState& cl = s.clearing(b.clearing);
    const int mercs =
        Mercs(s, f, b.clearing, side == 0 ? b.defender : b.attacker);
    while (b.hits_left[side] > 0) {
      // Law 11.2.7.III.a: odd hits on owned warriors, even hits on
      // mercenaries, each falling back on the other; buildings and tokens
      // only when no warrior of either is left.
      const int own = cl.warriors[f] - b.remove_warriors[side];
      const int merc = mercs - b.remove_mercs[side];
      const bool odd =
          (b.remove_warriors[side] + b.remove_mercs[side]) % 2 == 0;
      if (own > 0 && (odd || merc == 0)) {
        ++b.remove_warriors[side];
        --b.hits_left[side];
        continue;
      }
      if (merc > 0) {
        ++b.remove_mercs[side];
        --b.hits_left[side];
        continue;
      }
      std::vector<Option> opts = NewOptionList();
      int total = 0;
      for (int p = 1; p < kNumPieces; ++p) {
        if (GetPieceInfo(p).owner != f) continue;
        const int left = PiecesLeft(s, side, f, p);
        if (left > 0) {
          opts.push_back({.kind = kOptPiece, .a = static_cast<int8_t>(p)});
          total += left;
        }
      }
      if (total == 0) {
        b.hits_left[side] = 0;  // excess hits are lost
        break;
      }
      if (opts.size() == 1 || b.hits_left[side] >= total) {
        // No real choice: every remaining piece goes, or one kind is left.
        for (const Option& o : opts) {
          const int take =
              std::min<int>(b.hits_left[side], PiecesLeft(s, side, f, o.a));
          b.remove_pieces[side][o.a] += take;
          b.hits_left[side] -= take;
        }
        continue;
      }
      s.Ask(kPromptRemovePiece, s.SeatOf(f), std::move(opts), side);
      return true;
    }
  }
  return false;
}

void ApplyHits(State& s) {
  BattleState& b = s.battle();
  const int c = b.clearing;
  // Law 4.3.6: hits are dealt simultaneously; triggered effects follow.
  std::array<int8_t, 2> warriors = b.remove_warriors;
  const std::array<int8_t, 2> mercs = b.remove_mercs;
  auto pieces = b.remove_pieces;
  b.remove_warriors = {};
  b.remove_mercs = {};
  b.remove_pieces = {};
  int enemy = 0;
  for (int p = 0; p < kNumPieces; ++p) enemy += pieces[1][p];
  b.enemy_pieces_removed_by_attacker += enemy;
  const size_t mark = s.BeginSimultaneous();
  // Tasks triggered by each side's losses (0 attacker, 1 defender).
  std::array<size_t, 2> triggered{};
  // Law 26.4.2: in a battle the Vagrant instigated, he removes the
  // buildings and tokens (the sides still remove each other's warriors).
  auto remove = [&](int victim, int side, int opponent) {
    if (b.instigator == kNoFaction) {
      s.RemovePieces(victim, c, warriors[side], pieces[side], opponent);
      return;
    }
    if (warriors[side] > 0)
      s.RemoveWarriors(victim, c, warriors[side], opponent);
    bool any = false;
    for (int8_t n : pieces[side]) any |= n > 0;
    if (any) s.RemovePieces(victim, c, 0, pieces[side], b.instigator);
  };
  size_t before = s.stack().size();
  remove(b.defender, 1, b.attacker);
  triggered[1] += s.stack().size() - before;
  before = s.stack().size();
  remove(b.attacker, 0, b.defender);
  triggered[0] += s.stack().size() - before;
  for (int side = 0; side < 2; ++side) {
    if (mercs[side] == 0) continue;
    // Law 11.2.7.III.b: mercenaries removed by a Vagabond do not make him
    // Hostile to the Riverfolk (no remover).
    int remover = side == 0 ? b.defender : b.attacker;
    if (remover == kVagabond || remover == kVagabond2) remover = kNoFaction;
    before = s.stack().size();
    s.RemoveWarriors(kRiverfolk, c, mercs[side], remover);
    triggered[side] += s.stack().size() - before;
  }
  for (int side = 0; side < 2; ++side) {
    const int f = side == 0 ? b.attacker : b.defender;
    if (GetFaction(f)->TakesHitsItself() && b.hits_left[side] > 0) {
      before = s.stack().size();
      GetFaction(f)->TakeHits(s, c, b.hits_left[side],
                              side == 0 ? b.defender : b.attacker);
      triggered[side] += s.stack().size() - before;
    }
    b.hits_left[side] = 0;
  }
  // Law 4.3.6: the side taking hits orders the effects its losses trigger;
  // when both sides' losses trigger effects, the current player orders them
  // all (1.1.3).
  int chooser = -1;
  if (triggered[0] == 0) chooser = s.SeatOf(b.defender);
  if (triggered[1] == 0) chooser = s.SeatOf(b.attacker);
  s.EndSimultaneous(mark, chooser);
}

}  // namespace

// Battle-card options for one side after the roll (Law 4.3.4).
std::vector<Option> BattleEffects(const State& s, int seat, bool attacker) {
  const BattleState& b = s.battle();
  std::vector<Option> opts = NewOptionList();
  auto offer = [&](int effect) {
    const CardId id = s.FindEffect(seat, effect);
    if (id != kNoCard) opts.push_back({.kind = kOptCard, .card = id});
  };
  if (attacker) {
    if (!b.brutal) offer(kBrutalTactics);
    if (!b.att_armorers) offer(kArmorers);
  } else {
    if (!b.def_armorers) offer(kArmorers);
    if (!b.sappers) offer(kSappers);
  }
  if (s.exiles_deck()) AppendExilesBattleEffects(s, seat, attacker, opts);
  GetFaction(s.seat(seat).faction)->AppendBattleEffects(s, attacker, opts);
  if (!opts.empty()) opts.push_back({.kind = kOptDone});
  return opts;
}

// Uses one option BattleEffects offered `seat` (not its "done").
void UseBattleEffect(State& s, int seat, bool attacker, const Option& o) {
  BattleState& b = s.battle();
  if (o.kind != kOptCard) {  // a faction ability (Swift Strike)
    GetFaction(s.seat(seat).faction)->UseBattleEffect(s, attacker, o);
    return;
  }
  if (UseExilesBattleEffect(s, seat, attacker, o.card)) return;
  const int effect = s.card(o.card).effect;
  auto discard_persistent = [&] {
    auto& pa = s.mutable_seat(seat).play_area;
    pa.erase(std::find(pa.begin(), pa.end(), o.card));
    s.RefreshPlayAreas();
    s.Discard(o.card);
  };
  if (effect == kBrutalTactics) {
    // One extra hit; the defender scores one VP. A hireling defender
    // (kNoFaction) scores nothing, nor does its controller (rules
    // decision with Law 22.3.1, 22.3.6).
    b.brutal = true;
    if (b.defender != kNoFaction) s.AddVp(s.SeatOf(b.defender), 1, kVpCard);
  } else if (effect == kArmorers) {
    (attacker ? b.att_armorers : b.def_armorers) = true;
    discard_persistent();
  } else if (effect == kSappers) {
    b.sappers = true;
    discard_persistent();
  }
}

namespace {

// Hits a side ignores (e.g. Devout Knights, Law 15.2.4).
void IgnoreHits(State& s, bool ambush) {
  BattleState& b = s.battle();
  for (int side = 0; side < 2; ++side) {
    if (b.hits_left[side] == 0) continue;
    const int f = side == 0 ? b.attacker : b.defender;
    b.hits_left[side] -= static_cast<int8_t>(
        GetFaction(f)->IgnoredHits(s, b.clearing, b.hits_left[side], ambush));
    // Badger Bodyguards: the controller's first hit in the battle.
    b.hits_left[side] -=
        static_cast<int8_t>(HirelingIgnoredHits(s, f, b.hits_left[side]));
  }
}

// Law 4.3.3: the battle's roll (after the effects taken once before it),
// then each side's rolled hits, capped (4.3.3.I). Returns false while an
// effect before the roll asks a question.
bool RollBattle(State& s, Task& t) {
  BattleState& b = s.battle();
  if (t.a < 0) {  // once, before the roll: Bitter (14.7.1), Protector
    t.a = 1;      // (26.5.2) and any other faction's effect
    const size_t depth = s.stack().size();
    for (int i = 0; i < s.num_seats(); ++i)
      GetFaction(s.seat(i).faction)->BeforeRoll(s);
    HirelingsBeforeRoll(s);  // Rabbit Scouts
    if (s.stack().size() != depth) return false;
  }
  // Law 4.3.3: attacker deals the higher roll, defender the lower.
  const int d1 = s.chance_stream().Draw(kChanceDie, 4);
  const int d2 = s.chance_stream().Draw(kChanceDie, 4);
  b.roll_hi = static_cast<int8_t>(std::max(d1, d2));
  b.roll_lo = static_cast<int8_t>(std::min(d1, d2));
  if (GetFaction(b.defender)->DefenderTakesHighRoll() ||
      HirelingsSwapRolls(s)) {
    std::swap(b.roll_hi, b.roll_lo);  // Law 8.2.2 Guerrilla War
  }
  s.Log({.kind = kEvDice, .a = b.roll_hi, .b = b.roll_lo});
  // Law 4.3.3.I: rolled hits are capped by warriors in the clearing.
  b.att_hits = static_cast<int8_t>(std::min<int>(
      b.roll_hi, GetFaction(b.attacker)->RolledHitCap(s, b.clearing, true)));
  int def_cap = GetFaction(b.defender)->RolledHitCap(s, b.clearing, false);
  for (int i = 0; i < s.num_seats(); ++i)
    def_cap += GetFaction(s.seat(i).faction)->DefenderExtraCap(s);
  b.def_hits = static_cast<int8_t>(std::min<int>(b.roll_lo, def_cap));
  return true;
}

// Law 4.3.5: the hits each side takes: rolled hits (less those an
// Armorers ignores), then extra hits, a defenseless defender's (4.3.5.II)
// among them; then the hits each side ignores.
void CountHits(State& s) {
  BattleState& b = s.battle();
  int att = b.def_armorers ? 0 : b.att_hits;
  int def = b.att_armorers ? 0 : b.def_hits;
  att += GetFaction(b.attacker)->AttackerExtraHits(s);
  if (b.brutal) ++att;
  if (b.sappers) ++def;
  att += b.extra_hits[0];
  def += b.extra_hits[1];
  def += GetFaction(b.defender)->DefenderExtraHits(s, b.clearing);
  // Law 4.3.5.II: a defender without warriors is defenseless.
  if (GetFaction(b.defender)->Defenseless(s, b.clearing)) ++att;
  def = GetFaction(b.attacker)->HitsToTake(s, def);
  att = GetFaction(b.defender)->HitsToTake(s, att);
  b.hits_left = {static_cast<int8_t>(def), static_cast<int8_t>(att)};
  s.Log({.kind = kEvHits,  // issue 13: hits each side deals
         .faction = b.attacker,
         .a = static_cast<int8_t>(att),
         .b = static_cast<int8_t>(def),
         .c = b.clearing});
  IgnoreHits(s, false);
}

void BattleStepFn(State& s) {
  BattleState& b = s.battle();
  const int att_seat = s.SeatOf(b.attacker), def_seat = s.SeatOf(b.defender);
  Task& t = s.top();
  switch (t.step) {
    case kBsAmbush: {
      // Law 4.3.1: the defender may play a matching ambush card. Scouting
      // Party: ambush cards have no effect on that attacker.
      std::vector<Option> opts = s.HasEffect(att_seat, kScoutingParty)
                                     ? NewOptionList()
                                     : AmbushCards(s, def_seat, b.clearing);
      if (opts.empty()) {
        RecycleOptionList(std::move(opts));
        t.step = kBsRoll;
        return;
      }
      opts.push_back({.kind = kOptDone});
      s.Ask(kPromptAmbush, def_seat, std::move(opts), b.clearing);
      return;
    }
    case kBsFoil: {
      std::vector<Option> opts = AmbushCards(s, att_seat, b.clearing);
      if (opts.empty()) {
        RecycleOptionList(std::move(opts));
        t.step = kBsAmbushHits;
        return;
      }
      opts.push_back({.kind = kOptDone});
      s.Ask(kPromptFoilAmbush, att_seat, std::move(opts), b.clearing);
      return;
    }
    case kBsAmbushHits:
      // Law 4.3.1.II: two immediate hits, then the ambush card is discarded.
      s.Discard(b.ambush);
      b.ambush = kNoCard;
      b.hits_left = {
          static_cast<int8_t>(GetFaction(b.attacker)->HitsToTake(s, 2)), 0};
      IgnoreHits(s, true);
      t.step = kBsAssign;
      t.c = kBsAfterAmbush;
      return;
    case kBsAfterAmbush:
      // Law 4.3.1.II: no attacking warriors left ends the battle.
      t.step = GetFaction(b.attacker)->StillAttacking(s, b.clearing) ? kBsRoll
                                                                     : kBsEnd;
      return;
    case kBsRoll:
      if (!RollBattle(s, t)) return;
      t.step = kBsEffects;
      t.x = 0;  // Law 4.3.4: the attacker chooses the order
      t.y = 0;
      return;
    case kBsEffects: {
      // Law 4.3.4: the sides take turns until both pass in a row; a side
      // with nothing left to use passes.
      if (t.y >= 2) {
        t.step = kBsCount;
        return;
      }
      const bool attacker = t.x == 0;
      std::vector<Option> opts =
          BattleEffects(s, attacker ? att_seat : def_seat, attacker);
      if (opts.empty()) {
        RecycleOptionList(std::move(opts));
        ++t.y;
        t.x ^= 1;
        return;
      }
      s.Ask(kPromptBattleEffect, attacker ? att_seat : def_seat,
            std::move(opts), b.clearing);
      return;
    }
    case kBsCount:
      CountHits(s);
      t.step = kBsAssign;
      t.c = kBsEnd;
      return;
    case kBsEnd: {
      const int attacker = b.attacker;
      const bool removed = b.enemy_pieces_removed_by_attacker > 0;
      s.Pop();
      b = BattleState{};
      GetFaction(attacker)->AfterBattle(s, removed);
      return;
    }
    case kBsAssign:
      if (AssignHits(s)) return;
      t.step = kBsApply;
      return;
    case kBsApply:
      t.step = t.c;
      ApplyHits(s);
      return;
  }
  CHECK(false) << "bad battle step " << int{t.step};
}

void BattleChooseFn(State& s, const Option& o) {
  BattleState& b = s.battle();
  Task& t = s.top();
  switch (t.step) {
    case kBsAmbush:
      if (o.kind == kOptDone) {
        t.step = kBsRoll;
      } else {
        s.RemoveFromHand(s.SeatOf(b.defender), o.card);
        b.ambush = o.card;
        s.Log({.kind = kEvAmbush,
               .seat = static_cast<int8_t>(s.SeatOf(b.defender)),
               .faction = b.defender,
               .card = o.card});
        t.step = kBsFoil;
      }
      return;
    case kBsFoil:
      if (o.kind == kOptDone) {
        t.step = kBsAmbushHits;
      } else {
        // Law 4.3.1.I: the attacker foils; both ambush cards are discarded.
        s.RemoveFromHand(s.SeatOf(b.attacker), o.card);
        s.Log({.kind = kEvAmbush,
               .seat = static_cast<int8_t>(s.SeatOf(b.attacker)),
               .faction = b.attacker,
               .card = o.card});
        s.Discard(o.card);
        s.Discard(b.ambush);
        b.ambush = kNoCard;
        t.step = kBsRoll;
      }
      return;
    case kBsEffects: {
      const bool attacker = t.x == 0;
      // A pass counts towards the two passes in a row; an effect lets the
      // other side answer (Law 4.3.4).
      t.y = o.kind == kOptDone ? t.y + 1 : 0;
      t.x ^= 1;
      if (o.kind == kOptDone) return;
      UseBattleEffect(s, s.SeatOf(attacker ? b.attacker : b.defender), attacker,
                      o);
      return;
    }
    case kBsAssign: {
      const int side = s.prompt().a;
      b.remove_pieces[side][o.a] += 1;
      b.hits_left[side] -= 1;
      return;
    }
  }
  CHECK(false) << "bad battle choice at step " << int{t.step};
}

// --- Crafting (Law 4.1) ---------------------------------------------------

// Crafting pieces still free this turn: by clearing suit, and wild ones (in
// a clearing of every suit, the Lost City), each paying one icon of any suit
// (Law 4.1.1 with 10.2.1's note). Pieces are alike but for their suit, so
// activations beyond a suit's pieces are taken as wild ones.
struct CraftPool {
  std::array<int8_t, kNumClearingSuits> by_suit{};
  int wild = 0;
};

CraftPool CraftAvailable(const State& s, int seat) {
  const FactionModule* m = GetFaction(FactionOfSeat(s, seat));
  CraftPool pool{.by_suit = m->CraftingPieces(s), .wild = 0};
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (EverySuit(s, c)) pool.wild += m->CraftingPiecesIn(s, c);
  }
  for (int i = 0; i < kNumClearingSuits; ++i) {
    const int left = pool.by_suit[i] - s.craft_used()[i];
    pool.by_suit[i] = static_cast<int8_t>(std::max(left, 0));
    pool.wild = std::max(pool.wild + std::min(left, 0), 0);
  }
  return pool;
}

// Law 4.1.1: each icon takes a piece of its suit or a wild one; "any" icons
// take whatever is left.
bool CanAfford(const CraftPool& pool, const std::vector<int8_t>& cost) {
  std::array<int, kNumClearingSuits> need{};
  int any = 0;
  for (int8_t c : cost) {
    if (c == kAnySuit) {
      ++any;
    } else {
      ++need[c];
    }
  }
  int shortfall = 0, spare = 0;
  for (int i = 0; i < kNumClearingSuits; ++i) {
    shortfall += std::max(need[i] - pool.by_suit[i], 0);
    spare += std::max(pool.by_suit[i] - need[i], 0);
  }
  return shortfall <= pool.wild && any <= spare + pool.wild - shortfall;
}

bool Craftable(const State& s, int seat, CardId id, const CraftPool& avail) {
  const CardDef& c = s.card(id);
  if (c.kind == kAmbushCard || c.kind == kDominanceCard) return false;
  // Law 11.5.3: the Riverfolk pay each crafting piece with a fund.
  if (static_cast<int>(c.cost.size()) >
      GetFaction(FactionOfSeat(s, seat))->CraftingBudget(s)) {
    return false;
  }
  // Law 4.1.2: an item must still be in the supply (or on the Legendary
  // Forge's card for a crafter with a piece there).
  if (c.kind == kItemCard && s.item_supply()[c.item] == 0 &&
      !ForgeOffers(s, seat, c.item)) {
    return false;
  }
  if (c.kind == kPersistentCard) {
    // Law 4.1.4: no identical persistent effect twice.
    for (CardId p : s.seat(seat).play_area) {
      if (s.card(p).name == c.name) return false;
    }
  }
  return CanAfford(avail, c.cost);
}

void ResolveCraft(State& s, int seat, CardId id) {
  const CardDef& c = s.card(id);
  const int f = FactionOfSeat(s, seat);
  s.RemoveFromHand(seat, id);
  s.Log({.kind = kEvCraft,
         .seat = static_cast<int8_t>(seat),
         .faction = static_cast<int8_t>(f),
         .card = id});
  switch (c.kind) {
    case kItemCard: {
      // The Legendary Forge: its item, one more VP and a card.
      const bool forge = ForgeOffers(s, seat, c.item);
      if (forge) {
        TakeFromForge(s, c.item);
        ForgeCrafted(s, seat);
      }
      if (GetFaction(f)->CraftItem(s, seat, id)) {  // e.g. Law 14.2.3
        s.Discard(id);
      } else {
        // Law 4.1.2 and 3.2.2: take the item, score the card's VP.
        GetFaction(f)->GainItem(s, seat, c.item);
        s.mutable_item_supply()[c.item] -= 1;
        s.AddVp(seat, GetFaction(f)->ItemVp(s, c.vp), kVpItem);
        s.Discard(id);
      }
      // Master Engravers, Murine Broker (Exiles and Partisans).
      if (s.exiles_deck()) ExilesItemCrafted(s, seat);
      return;
    }
    case kImmediateCard:
      if (c.effect == kFavor) {
        // Favor: remove all enemy pieces in clearings of the card's suit.
        const size_t mark = s.BeginSimultaneous();
        for (int cl = 0; cl < s.map().num_clearings; ++cl) {
          if (!s.ClearingIs(cl, c.suit)) continue;
          for (int o = 0; o < s.num_seats(); ++o) {
            const int of = FactionOfSeat(s, o);
            if (!s.AreEnemies(f, of) || !s.HasPieces(of, cl)) continue;
            GetFaction(of)->RemoveAllPieces(s, cl, f);
          }
          RemoveEnemyHirelingsFor(s, cl, f);  // Law 22.3.2
        }
        s.EndSimultaneous(mark);
      }
      s.Discard(id);
      return;
    case kPersistentCard:
      s.mutable_seat(seat).play_area.push_back(id);  // Law 4.1.3
      s.RefreshPlayAreas();
      return;
  }
  CHECK(false);
}

// Task fields: d = card being paid for, c = "any" costs still to pay,
// a = 1 for Craft taken as one action (PushCraftAction).
void CraftStep(State& s) {
  const Task& t = s.top();
  const int seat = t.seat;
  const CraftPool avail = CraftAvailable(s, seat);
  if (t.step == 1) {
    std::vector<Option> opts = NewOptionList();
    for (int i = 0; i < kNumClearingSuits; ++i) {
      if (avail.by_suit[i] > 0)
        opts.push_back({.kind = kOptSuit, .a = static_cast<int8_t>(i)});
    }
    s.Ask(kPromptCraftSuit, seat, std::move(opts), -1, -1);
    return;
  }
  std::vector<Option> opts = NewOptionList();
  for (CardId id : s.seat(seat).hand) {
    if (!Craftable(s, seat, id, avail)) continue;
    bool dup = false;
    for (const Option& o : opts) dup |= s.card(o.card).type == s.card(id).type;
    if (!dup) opts.push_back({.kind = kOptCard, .card = id});
  }
  if (s.phase() == kPhaseDaylight) AppendDaylightExtras(s, seat, opts);
  if (opts.empty()) {
    RecycleOptionList(std::move(opts));
    s.Pop();
    return;
  }
  if (t.a != 1) opts.push_back({.kind = kOptDone});  // not for one action
  s.Ask(kPromptCraft, seat, std::move(opts));
}

// Crafts `id` once its cost is paid; Craft taken as one action ends here.
void FinishCraft(State& s, int seat, CardId id) {
  if (s.top().a == 1) s.Pop();
  ResolveCraft(s, seat, id);
}

// Pays `any` "any" icons of card `id`, then crafts it, unless pieces of
// several suits are left: then asks which suit pays each (step 1, task c
// icons still due for card d). `again`: asked before, ask while pieces of a
// suit are left. Wild pieces pay only what pieces of a suit cannot.
void PayAnyIcons(State& s, const FactionModule& m, CardId id, int any,
                 bool again) {
  Task& t = s.top();
  const CraftPool avail = CraftAvailable(s, t.seat);
  int suits_left = 0, last = 0;
  for (int i = 0; i < kNumClearingSuits; ++i) {
    if (avail.by_suit[i] > 0) ++suits_left, last = i;
  }
  if (any > 0 && suits_left > (again ? 0 : 1)) {
    t.step = 1;
    t.c = static_cast<int8_t>(any);
    t.d = id;
    return;
  }
  if (any > 0) m.PayCrafting(s, last, any);
  t.step = 0;
  FinishCraft(s, t.seat, id);
}

void CraftChoose(State& s, const Option& o) {
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
  const FactionModule* m = GetFaction(FactionOfSeat(s, seat));
  if (o.kind == kOptSuit) {
    m->PayCrafting(s, o.a, 1);
    --t.c;
    PayAnyIcons(s, *m, t.d, t.c, true);
    return;
  }
  // Activate crafting pieces for the fixed suits now; "any" costs are paid
  // one by one when more than one suit could pay them.
  const CardDef& c = s.card(o.card);
  int any = 0;
  for (int8_t suit : c.cost) {
    if (suit == kAnySuit) {
      ++any;
    } else {
      m->PayCrafting(s, suit, 1);
    }
  }
  PayAnyIcons(s, *m, o.card, any, false);
}

// --- Hand limit -------------------------------------------------------------

void DiscardDownStep(State& s) {
  const Task& t = s.top();
  const auto& hand = s.seat(t.seat).hand;
  if (static_cast<int>(hand.size()) <= t.a) {
    s.Pop();
    return;
  }
  s.Ask(t.d, t.seat, MatchingCards(s, t.seat, -1),
        static_cast<int>(hand.size()) - t.a);
}

void DiscardDownChoose(State& s, const Option& o) {
  s.RemoveFromHand(s.top().seat, o.card);
  s.Discard(o.card);
}

// --- Daylight extras
// ----------------------------------------------------------

// kTaskTakeDominance doubles as the end-of-Daylight window (step 10).
void TakeDominanceStep(State& s) {
  const Task& t = s.top();
  if (t.step == 10) {
    std::vector<Option> opts = NewOptionList();
    AppendDaylightExtras(s, t.seat, opts);
    s.AskWithDoneOrPop(kPromptDaylightEnd, t.seat, std::move(opts));
    return;
  }
  // Law 3.3.4: spend a matching card (a bird dominance needs a bird card).
  const int suit = s.card(t.d).suit;
  std::vector<Option> opts = NewOptionList();
  std::vector<Option> matching = MatchingCards(s, t.seat, suit);
  for (const Option& o : matching) {
    if (suit != kBird || s.card(o.card).suit == kBird) opts.push_back(o);
  }
  RecycleOptionList(std::move(matching));
  s.Ask(kPromptSpendCard, t.seat, std::move(opts), suit);
}

void TakeDominanceChoose(State& s, const Option& o) {
  Task& t = s.top();
  const int seat = t.seat;
  if (t.step == 10) {
    if (o.kind == kOptDone) {
      s.Pop();
    } else {
      ResolveDaylightExtra(s, seat, o);
    }
    return;
  }
  const CardId dom = t.d;
  s.Pop();
  s.RemoveFromHand(seat, o.card);
  s.Discard(o.card);
  auto& avail = s.mutable_available_dominance();
  avail.erase(std::find(avail.begin(), avail.end(), dom));
  s.mutable_seat(seat).hand.push_back(dom);
  s.Log({.kind = kEvTakeCard,
         .seat = static_cast<int8_t>(seat),
         .b = kTakeDominance,
         .card = dom});
}

void TaxCollectorStep(State& s) {
  const int seat = s.top().seat;
  const int f = FactionOfSeat(s, seat);
  std::vector<Option> opts = NewOptionList();
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (s.clearing(c).warriors[f] > GetFaction(f)->ProtectedWarriors(s, c)) {
      opts.push_back({.kind = kOptClearing, .a = static_cast<int8_t>(c)});
    }
  }
  s.Ask(kPromptTaxCollector, seat, std::move(opts));
}

void TaxCollectorChoose(State& s, const Option& o) {
  const int seat = s.top().seat;
  s.Pop();
  // Tax Collector: remove one of your warriors to draw a card.
  s.DrawCards(seat, 1);
  s.RemoveWarriors(FactionOfSeat(s, seat), o.a, 1, FactionOfSeat(s, seat));
}

void CodebreakersStep(State& s) {
  const int seat = s.top().seat;
  std::vector<Option> opts = NewOptionList();
  for (int o = 0; o < s.num_seats(); ++o) {
    if (o != seat)
      opts.push_back({.kind = kOptFaction, .a = FactionOfSeat(s, o)});
  }
  s.Ask(kPromptCodebreakers, seat, std::move(opts));
}

void CodebreakersChoose(State& s, const Option& o) {
  const int seat = s.top().seat;
  s.Pop();
  const int target = s.SeatOf(o.a);
  s.Log({.kind = kEvReveal,
         .seat = static_cast<int8_t>(seat),
         .a = static_cast<int8_t>(target)});
  s.mutable_reveals().push_back(
      Reveal{static_cast<int8_t>(seat), static_cast<int8_t>(target),
             static_cast<int16_t>(s.turn()), s.seat(target).hand});
}

// Law 1.1.3: the current player picks which of the `a` tasks below this one
// resolves next; the others wait under this task until it is their turn.
void OrderEffectsStep(State& s) {
  const Task& t = s.top();
  if (t.a < 2) {
    s.Pop();
    return;
  }
  std::vector<Option> opts = NewOptionList();
  for (int i = 0; i < t.a; ++i) {
    opts.push_back({.kind = kOptEffect, .a = static_cast<int8_t>(i)});
  }
  s.Ask(kPromptOrderEffects, t.seat, std::move(opts));
}

void OrderEffectsChoose(State& s, const Option& o) {
  TaskStack& st = s.mutable_stack();
  const size_t top = st.size() - 1;
  const size_t first = top - st[top].a;
  const Task chosen = st[first + o.a];
  st.erase(st.begin() + first + o.a);  // the order task is now at top - 1
  st.back().a -= 1;
  st.push_back(chosen);
}

void PauseStep(State& s) {
  s.Ask(kPromptPause, s.top().seat, {{.kind = kOptDone}, {.kind = kOptYes}});
}
void PauseChoose(State& s, const Option&) { s.Pop(); }

// ---------------------------------------------------------------------------
// Prompt texts.

std::string Text(absl::string_view s) { return std::string(s); }

std::string MoveCountText(const State& s, const Prompt& p) {
  return absl::StrCat("How many warriors move from ", ClearingName(s, p.a),
                      " to ", ClearingName(s, p.b), "?");
}
std::string AmbushText(const State& s, const Prompt& p) {
  return absl::StrCat(FactionName(s.battle().attacker), " attacks you in ",
                      ClearingName(s, p.a), ": play an ambush card?");
}
std::string FoilText(const State& s, const Prompt& p) {
  return absl::StrCat("The defender ambushes you in ", ClearingName(s, p.a),
                      ": foil it with your own ambush card?");
}
std::string RemovePieceText(const State& s, const Prompt& p) {
  return absl::StrCat("A hit in ", ClearingName(s, s.battle().clearing),
                      ": which of your pieces is removed?");
}
std::string SpendText(const State& s, const Prompt& p) {
  return absl::StrCat("Spend a ", SuitName(p.a),
                      " card to take the dominance card.");
}
std::string CraftText(const State& s, const Prompt& p) {
  return "Craft a card, use a Daylight action, or finish crafting.";
}

void Reg(int kind, absl::string_view key, absl::string_view law,
         std::string (*text)(const State&, const Prompt&)) {
  RegisterPrompt(kind, PromptInfo{key, law, text});
}

}  // namespace

// Law 11.2.7.III: hired mercenaries count as the buyer's warriors in battle.
int FactionModule::RolledHitCap(const State& s, int c, bool attacker) const {
  return s.clearing(c).warriors[faction()] +
         Mercs(s, faction(), c, BattleOpponent(s, attacker));
}
bool FactionModule::Defenseless(const State& s, int c) const {
  return s.clearing(c).warriors[faction()] +
             Mercs(s, faction(), c, BattleOpponent(s, false)) ==
         0;
}
bool FactionModule::StillAttacking(const State& s, int c) const {
  return s.clearing(c).warriors[faction()] +
             Mercs(s, faction(), c, BattleOpponent(s, true)) >
         0;
}
std::array<int8_t, kNumClearingSuits> FactionModule::CraftingPieces(
    const State& s) const {
  std::array<int8_t, kNumClearingSuits> n{};
  for (int c = 0; c < s.map().num_clearings; ++c) {
    if (!EverySuit(s, c))
      n[s.SuitOf(c)] += static_cast<int8_t>(CraftingPiecesIn(s, c));
  }
  return n;
}
void FactionModule::PayCrafting(State& s, int suit, int n) const {
  s.craft_used()[suit] += static_cast<int8_t>(n);
}
void FactionModule::GainItem(State& s, int seat, int item) const {
  s.mutable_seat(seat).items[item] += 1;
}

void FactionModule::RemoveAllPieces(State& s, int c, int remover) const {
  std::array<int8_t, kNumPieces> pieces{};
  for (int p = 1; p < kNumPieces; ++p) {
    if (GetPieceInfo(p).owner == faction()) pieces[p] = s.clearing(c).pieces[p];
  }
  const int warriors = s.clearing(c).warriors[faction()];
  bool any = warriors > 0;
  for (int8_t n : pieces) any |= n > 0;
  if (any) s.RemovePieces(faction(), c, warriors, pieces, remover);
}

bool CraftableExists(const State& s, int seat) {
  const auto avail = CraftAvailable(s, seat);
  for (CardId id : s.seat(seat).hand) {
    if (Craftable(s, seat, id, avail)) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------
// Shared helpers.

std::string ClearingName(const State& s, int c) {
  return absl::StrCat(c + 1, " (", SuitName(s.SuitOf(c)), ")");
}

std::string CardName(const State& s, CardId id) {
  return absl::StrCat(s.card(id).name, " (", SuitName(s.card(id).suit), ")");
}

std::vector<Option> MatchingCards(const State& s, int seat, int suit) {
  std::vector<Option> opts = NewOptionList();
  for (CardId id : s.seat(seat).hand) {
    if (!CardMatchesSuit(s, id, suit)) continue;
    bool dup = false;
    for (const Option& o : opts) dup |= s.card(o.card).type == s.card(id).type;
    if (!dup) opts.push_back({.kind = kOptCard, .card = id});
  }
  return opts;
}

bool EverySuit(const State& s, int c) {
  for (int suit = 0; suit < kNumClearingSuits; ++suit) {
    if (!s.ClearingIs(c, suit)) return false;
  }
  return true;
}

int MatchSuitOf(const State& s, int c) {
  return EverySuit(s, c) ? -1 : s.SuitOf(c);
}

bool CardMatchesSuit(const State& s, CardId id, int suit) {
  return suit < 0 || s.CardMatches(id, suit);
}

bool CardMatchesClearing(const State& s, CardId id, int c) {
  return CardMatchesSuit(s, id, MatchSuitOf(s, c));
}

bool AnyMatchingCard(const State& s, int seat, int suit) {
  for (CardId id : s.seat(seat).hand) {
    if (CardMatchesSuit(s, id, suit)) return true;
  }
  return false;
}

std::vector<Option> MatchingCardsIn(const State& s, int seat, int c) {
  return MatchingCards(s, seat, MatchSuitOf(s, c));
}

bool ClearingsMatch(const State& s, int a, int b) {
  for (int suit = 0; suit < kNumClearingSuits; ++suit) {
    if (s.ClearingIs(a, suit) && s.ClearingIs(b, suit)) return true;
  }
  return false;
}

namespace {

// Law 4.2: what limits a faction's moves this step.
struct MoveLimits {
  int rivers = 0;             // 1: rivers as paths; 2: ignoring rule
  uint32_t blocked_to = 0;    // e.g. Scorched Earth (Law 26.6.2)
  uint32_t blocked_from = 0;  // e.g. face-up snares (Law 13.7.2)
  bool nimble = false;        // moves ignoring rule (13.2.3)
  uint32_t tunnels = 0;       // Tunnels (Exiles and Partisans)
};

MoveLimits LimitsOf(const State& s, int faction) {
  MoveLimits l;
  // Law 11.2.2, 11.2.7.II: rivers as paths (2: ignoring rule).
  const int rivers = s.SeatOf(kRiverfolk) < 0
                         ? 0
                         : GetFaction(kRiverfolk)->RiverAccess(s, faction);
  // Law 13.7.2: clearings other factions' effects stop this one leaving.
  s.MoveBlocks(faction, l.blocked_to, l.blocked_from);
  l.blocked_from |= HirelingMoveLock(s, faction);  // the Bands (Law 22.2.2)
  // Corvid Planners, Boat Builders, Tunnels (Exiles and Partisans).
  ExilesMoveRules ex;
  if (s.exiles_deck()) ex = ExilesMoving(s, faction);
  l.nimble = GetFaction(faction)->MovesIgnoringRule() || ex.ignore_rule;
  l.rivers = ex.rivers && rivers == 0 ? 1 : rivers;
  l.tunnels = ex.tunnels;
  return l;
}

// Calls emit(option) for each move by path, river or tunnel in list order
// (origin, then destination clearing order) until emit returns true;
// returns whether it did.
template <class Emit>
bool ScanPathMoves(const State& s, int faction, int from_suit,
                   const MoveLimits& l, Emit&& emit) {
  const MapDef& m = s.map();
  for (int from = 0; from < m.num_clearings; ++from) {
    if (s.clearing(from).warriors[faction] == 0) continue;
    if (l.blocked_from >> from & 1) continue;
    if (from_suit >= 0 && from_suit != kBird &&
        !s.ClearingIs(from, from_suit)) {
      continue;
    }
    const bool rules_from = l.nimble || s.Rules(faction, from);
    // Destinations by path, river or tunnel, in clearing order.
    const uint32_t rivers_at = l.rivers > 0 ? m.clearings[from].river : 0;
    const uint32_t tunnels_at =
        (l.tunnels >> from & 1) ? l.tunnels & ~(1u << from) : 0;
    uint32_t reach = (s.AdjacentMask(from) | rivers_at | tunnels_at) &
                     ~l.blocked_to & ((1u << m.num_clearings) - 1);
    for (; reach != 0; reach &= reach - 1) {
      const int to = std::countr_zero(reach);
      const bool river = rivers_at >> to & 1;
      // Law 4.2.1: rule the origin, the destination, or both.
      if (rules_from || s.Rules(faction, to) || (river && l.rivers == 2)) {
        if (emit(Option{.kind = kOptMove,
                        .a = static_cast<int8_t>(from),
                        .b = static_cast<int8_t>(to)})) {
          return true;
        }
      }
    }
  }
  return false;
}

// Law 25.3.5: the Ferry needs rule at one end (even for Nimble, 13.2.3).
void AppendFerry(const State& s, int faction, int from_suit,
                 const MoveLimits& l, std::vector<Option>& opts) {
  const size_t by_path = opts.size();
  AppendFerryMoves(s, faction, from_suit, opts);
  opts.erase(std::remove_if(opts.begin() + by_path, opts.end(),
                            [&](const Option& o) {
                              return (l.blocked_from >> o.a & 1) ||
                                     (l.blocked_to >> o.b & 1);
                            }),
             opts.end());
}

// Calls emit(option) for each battle against a player in list order until
// emit returns true; returns whether it did. Hireling targets (Law 22.3.2)
// go to `hirelings` (per clearing, after the players) unless it is null.
template <class Emit>
bool ScanBattles(const State& s, int faction, int clearing_suit,
                 std::vector<Option>* hirelings, Emit&& emit) {
  const FactionModule* m = GetFaction(faction);
  for (int c = 0; c < s.map().num_clearings; ++c) {
    // Law 11.2.7.III (FAQ): mercenaries alone may battle (not the
    // Riverfolk).
    const bool own = s.clearing(c).warriors[faction] > 0 || m->PawnIn(s, c);
    if (!own && Mercs(s, faction, c, kNoFaction) == 0) continue;
    if (clearing_suit >= 0 && clearing_suit != kBird &&
        !s.ClearingIs(c, clearing_suit)) {
      continue;
    }
    for (int o = 0; o < s.num_seats(); ++o) {
      const int of = s.seat(o).faction;
      if (!own && of == kRiverfolk) continue;
      // Law 4.3: battle an enemy (not a coalition partner, 9.2.8).
      if (s.AreEnemies(faction, of) && s.HasPieces(of, c)) {
        if (emit(Option{.kind = kOptBattle,
                        .a = static_cast<int8_t>(c),
                        .b = static_cast<int8_t>(of)})) {
          return true;
        }
      }
    }
    if (hirelings) AppendHirelingTargets(s, faction, c, *hirelings);
  }
  return false;
}

}  // namespace

std::vector<Option> LegalMoves(const State& s, int faction, int from_suit) {
  std::vector<Option> opts = NewOptionList();
  const MoveLimits l = LimitsOf(s, faction);
  ScanPathMoves(s, faction, from_suit, l, [&](const Option& o) {
    opts.push_back(o);
    return false;
  });
  AppendFerry(s, faction, from_suit, l, opts);
  return opts;
}

bool AnyLegalMove(const State& s, int faction, int from_suit) {
  const MoveLimits l = LimitsOf(s, faction);
  if (ScanPathMoves(s, faction, from_suit, l,
                    [](const Option&) { return true; })) {
    return true;
  }
  if (s.ferry() < 0) return false;  // no Ferry to cross by (Law 25.3.5)
  std::vector<Option> ferry = NewOptionList();
  AppendFerry(s, faction, from_suit, l, ferry);
  return AnyOption(std::move(ferry));
}

std::vector<Option> LegalBattles(const State& s, int faction,
                                 int clearing_suit) {
  std::vector<Option> opts = NewOptionList();
  ScanBattles(s, faction, clearing_suit, &opts, [&](const Option& o) {
    opts.push_back(o);
    return false;
  });
  return opts;
}

bool AnyLegalBattle(const State& s, int faction, int clearing_suit) {
  // Hireling targets come per clearing after the players: with hirelings
  // in play the whole list decides.
  if (s.hirelings().InPlay()) {
    return AnyOption(LegalBattles(s, faction, clearing_suit));
  }
  return ScanBattles(s, faction, clearing_suit, nullptr,
                     [](const Option&) { return true; });
}

void PushMove(State& s, int seat, int from_suit, bool optional) {
  Task t{.kind = kTaskMove, .seat = static_cast<int8_t>(seat)};
  t.a = static_cast<int8_t>(from_suit);
  t.b = optional ? 1 : 0;
  s.Push(t);
}

void PushBattleChoice(State& s, int seat, int clearing_suit, bool optional) {
  Task t{.kind = kTaskBattleTarget, .seat = static_cast<int8_t>(seat)};
  t.a = static_cast<int8_t>(clearing_suit);
  t.b = optional ? 1 : 0;
  s.Push(t);
}

void PushBattle(State& s, int clearing, int attacker, int defender) {
  if (IsHirelingTarget(defender)) {  // Law 22.3.2: battling a hireling
    PushHirelingDefense(s, clearing, attacker, defender);
    return;
  }
  HirelingsBattleStart(s);
  BattleState& b = s.battle();
  b = BattleState{};
  b.clearing = static_cast<int8_t>(clearing);
  b.attacker = static_cast<int8_t>(attacker);
  b.defender = static_cast<int8_t>(defender);
  s.Log({.kind = kEvBattle,
         .faction = static_cast<int8_t>(attacker),
         .b = static_cast<int8_t>(defender),
         .c = static_cast<int8_t>(clearing)});
  s.Push(Task{.kind = kTaskBattle,
              .seat = static_cast<int8_t>(s.SeatOf(attacker))});
  GetFaction(attacker)->OnBattleStart(s);
  GetFaction(defender)->OnBattleStart(s);
}

void PushCraft(State& s, int seat) {
  s.Push(Task{.kind = kTaskCraft, .seat = static_cast<int8_t>(seat)});
}

void PushCraftAction(State& s, int seat) {
  s.Push(Task{.kind = kTaskCraft, .seat = static_cast<int8_t>(seat), .a = 1});
}

void PushBirdsongCards(State& s, int seat) {
  s.Push(Task{.kind = kTaskBirdsongCards, .seat = static_cast<int8_t>(seat)});
}

void PushDiscardDown(State& s, int seat, int limit, int prompt_kind) {
  const Task t{.kind = kTaskDiscardDown,
               .seat = static_cast<int8_t>(seat),
               .a = static_cast<int8_t>(limit),
               .d = static_cast<int16_t>(prompt_kind)};
  // Informants deferred the Evening draw just before: the hand limit
  // follows that decision.
  TaskStack& st = s.mutable_stack();
  if (!st.empty() && st.back().kind == kTaskExilesCard &&
      st.back().c == kInformants && st.back().seat == seat) {
    st.insert(st.end() - 1, t);
    return;
  }
  s.Push(t);
}

std::string HandLimitText(const State& s, const Prompt& p) {
  return absl::StrCat("Over the hand limit: discard a card (", int{p.a},
                      " to go).");
}

void AppendDaylightExtras(const State& s, int seat, std::vector<Option>& opts) {
  if (s.phase() != kPhaseDaylight || s.current_seat() != seat) return;
  const SeatState& me = s.seat(seat);
  // Law 3.3.1: activate a dominance card with 10+ VP.
  if (me.dominance == kNoCard && me.vp >= kDominanceScore &&
      GetFaction(me.faction)->CanActivateDominance(s, seat)) {
    for (CardId id : me.hand) {
      if (s.card(id).kind == kDominanceCard) {
        opts.push_back(
            {.kind = kOptExtra, .a = kExtraActivateDominance, .card = id});
      }
    }
  }
  // Law 3.3.4: take an available dominance card by spending a matching card.
  for (CardId dom : s.available_dominance()) {
    const int suit = s.card(dom).suit;
    bool can = false;
    for (CardId id : me.hand) {
      can |= suit == kBird ? s.card(id).suit == kBird : s.CardMatches(id, suit);
    }
    if (can)
      opts.push_back(
          {.kind = kOptExtra, .a = kExtraTakeDominance, .card = dom});
  }
  const int f = me.faction;
  if (s.HasEffect(seat, kTaxCollector) &&
      !(me.used_effects >> kTaxCollector & 1)) {
    bool any = false;
    for (int c = 0; c < s.map().num_clearings && !any; ++c) {
      any = s.clearing(c).warriors[f] > GetFaction(f)->ProtectedWarriors(s, c);
    }
    if (any) opts.push_back({.kind = kOptExtra, .a = kExtraTaxCollector});
  }
  if (s.HasEffect(seat, kCodebreakers) &&
      !(me.used_effects >> kCodebreakers & 1)) {
    opts.push_back({.kind = kOptExtra, .a = kExtraCodebreakers});
  }
  AppendOpenPathExtras(s, seat, opts);  // Law 25.4.3
  if (s.exiles_deck()) AppendExilesDaylight(s, seat, opts);
  AppendLandmarkExtras(s, seat, opts);  // the Black Market
  AppendHirelingExtras(s, seat, opts);  // Law 22.2.4
  // Actions other factions offer to this one (Exposure, Law 13.2.4).
  for (int o = 0; o < s.num_seats(); ++o) {
    if (o != seat)
      GetFaction(s.seat(o).faction)->AppendEnemyExtras(s, seat, opts);
  }
}

void ResolveDaylightExtra(State& s, int seat, const Option& o) {
  SeatState& me = s.mutable_seat(seat);
  switch (o.a) {
    case kExtraActivateDominance:
      // Law 3.3.1: into the play area; the score marker leaves the track.
      s.RemoveFromHand(seat, o.card);
      me.dominance = o.card;
      s.Log({.kind = kEvDominance,
             .seat = static_cast<int8_t>(seat),
             .faction = me.faction,
             .card = o.card});
      GetFaction(me.faction)->OnDominanceActivated(s, seat);
      return;
    case kExtraTakeDominance: {
      Task t{.kind = kTaskTakeDominance, .seat = static_cast<int8_t>(seat)};
      t.d = o.card;
      s.Push(t);
      return;
    }
    case kExtraTaxCollector:
      me.used_effects |= 1u << kTaxCollector;
      s.Push(
          Task{.kind = kTaskTaxCollector, .seat = static_cast<int8_t>(seat)});
      return;
    case kExtraCodebreakers:
      me.used_effects |= 1u << kCodebreakers;
      s.Push(
          Task{.kind = kTaskCodebreakers, .seat = static_cast<int8_t>(seat)});
      return;
    case kExtraOpenPath:
      PushOpenPath(s, seat, o.b);
      return;
    case kExtraExposure:
      GetFaction(kCorvid)->ResolveEnemyExtra(s, seat, o);
      return;
    case kExtraPropagandaBureau:
    case kExtraLeague:
      ResolveExilesDaylight(s, seat, o);
      return;
    case kExtraBlackMarket:
      ResolveBlackMarket(s, seat, o);
      return;
    case kExtraHireling:
      ResolveHirelingExtra(s, seat, o);
      return;
  }
  CHECK(false) << "bad extra action";
}

void RegisterCoreTasks() {
  RegisterMapRules();
  RegisterExiles();
  RegisterTask(kTaskTurn, {"turn", TurnStep, TurnChoose});
  RegisterTask(kTaskMove, {"move", MoveStep, MoveChoose});
  RegisterTask(kTaskBattleTarget,
               {"battle_target", BattleTargetStep, BattleTargetChoose});
  RegisterTask(kTaskBattle, {"battle", BattleStepFn, BattleChooseFn});
  RegisterTask(kTaskCraft, {"craft", CraftStep, CraftChoose});
  RegisterTask(kTaskDiscardDown,
               {"discard_down", DiscardDownStep, DiscardDownChoose});
  RegisterTask(kTaskBirdsongCards,
               {"birdsong_cards", BirdsongCardsStep, BirdsongCardsChoose});
  RegisterTask(kTaskBurrowBank,
               {"better_burrow_bank", BurrowBankStep, BurrowBankChoose});
  RegisterTask(kTaskTakeDominance,
               {"take_dominance", TakeDominanceStep, TakeDominanceChoose});
  RegisterTask(kTaskTaxCollector,
               {"tax_collector", TaxCollectorStep, TaxCollectorChoose});
  RegisterTask(kTaskCodebreakers,
               {"codebreakers", CodebreakersStep, CodebreakersChoose});
  RegisterTask(kTaskPause, {"pause", PauseStep, PauseChoose});
  RegisterTask(kTaskOrderEffects,
               {"order_effects", OrderEffectsStep, OrderEffectsChoose});
  Reg(kPromptOrderEffects, "order_effects", "1.1.3",
      [](const State&, const Prompt&) {
        return Text("Several effects happen at once: which resolves first?");
      });

  Reg(kPromptPause, "pause", "",
      [](const State&, const Prompt&) { return Text("Paused."); });
  Reg(kPromptMoveFrom, "move", "4.2", [](const State&, const Prompt&) {
    return Text("Choose a move: from which clearing to which adjacent one.");
  });
  Reg(kPromptMoveCount, "move.count", "4.2", MoveCountText);
  Reg(kPromptBattleTarget, "battle", "4.3", [](const State&, const Prompt&) {
    return Text("Choose a clearing and an enemy to battle.");
  });
  Reg(kPromptAmbush, "battle.ambush", "4.3.1", AmbushText);
  Reg(kPromptFoilAmbush, "battle.foil_ambush", "4.3.1.I", FoilText);
  Reg(kPromptBattleEffect, "battle.effect", "4.3.4",
      [](const State&, const Prompt&) {
        return Text("After the roll: use a battle card, or go on.");
      });
  Reg(kPromptRemovePiece, "battle.remove_piece", "4.3.6", RemovePieceText);
  Reg(kPromptCraft, "craft", "4.1", CraftText);
  // Law 3.3.1, 3.3.4 and the "once in Daylight" cards: usable until Daylight
  // ends, so once more after the faction's last Daylight step.
  Reg(kPromptDaylightEnd, "daylight.end", "3.3.1",
      [](const State&, const Prompt&) {
        return Text(
            "End of Daylight: use a dominance or card action, or finish.");
      });
  Reg(kPromptCraftSuit, "craft.any_suit", "4.1.1",
      [](const State&, const Prompt&) {
        return Text("Which suit of crafting piece pays an any-suit cost?");
      });
  Reg(kPromptBirdsongCards, "birdsong.cards", "4.1.3",
      [](const State&, const Prompt&) {
        return Text(
            "Birdsong: use a Birdsong card (Royal Claim, Stand and Deliver!, "
            "False Orders, Swap Meet), or go on.");
      });
  Reg(kPromptBurrowBank, "card.better_burrow_bank", "4.1.3",
      [](const State&, const Prompt&) {
        return Text(
            "Better Burrow Bank: which other player draws a card with you?");
      });
  Reg(kPromptCommandWarren, "card.command_warren", "4.1.3",
      [](const State&, const Prompt&) {
        return Text("Command Warren: initiate a battle, or not.");
      });
  Reg(kPromptCobbler, "card.cobbler", "4.1.3", [](const State&, const Prompt&) {
    return Text("Cobbler: take one move, or not.");
  });
  Reg(kPromptSpendCard, "dominance.take", "3.3.4", SpendText);
  Reg(kPromptTaxCollector, "card.tax_collector", "4.1.3",
      [](const State&, const Prompt&) {
        return Text(
            "Tax Collector: remove one of your warriors from which clearing?");
      });
  Reg(kPromptCodebreakers, "card.codebreakers", "4.1.3",
      [](const State&, const Prompt&) {
        return Text("Codebreakers: whose hand do you look at?");
      });
}

}  // namespace woodland::rules
