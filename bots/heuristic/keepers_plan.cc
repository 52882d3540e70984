#include "bots/heuristic/keepers_plan.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "bots/heuristic/request_view.h"

namespace woodland::bots {
namespace {

using v1::DecisionRequest;
using v1::Option;

bool Has(const std::string& s, const char* part) {
  return s.find(part) != std::string::npos;
}

int Mine(const v1::ClearingView* c) {
  if (c == nullptr) return 0;
  for (const auto& w : c->warriors()) {
    if (w.faction() == v1::FACTION_KEEPERS) return w.count();
  }
  return 0;
}

// Recovered relics of a type ("figure", "tablet", "jewelry").
int Recovered(const DecisionRequest& r, const std::string& type) {
  for (const auto& row : r.observation().keepers().recovered()) {
    if (row.type() == type) return row.values_size();
  }
  return 0;
}

// Law 15.5.2.III.b: a relic of `type` recovered now fills a Relics column
// (two more VP) when every other type has more relics recovered.
bool FillsColumn(const DecisionRequest& r, const std::string& type) {
  const int n = Recovered(r, type);
  for (const char* t : {"figure", "tablet", "jewelry"}) {
    if (t != type && Recovered(r, t) <= n) return false;
  }
  return true;
}

// Relics of a type lying in a clearing.
int RelicsIn(const DecisionRequest& r, int clearing, const std::string& type) {
  int n = 0;
  for (const auto& place : r.observation().keepers().relics()) {
    if (place.clearing() != clearing) continue;
    for (const auto& rel : place.relics()) n += rel.type() == type;
  }
  return n;
}

// Relics of every type lying in a clearing.
int AllRelicsIn(const DecisionRequest& r, int clearing) {
  int n = 0;
  for (const char* t : {"figure", "tablet", "jewelry"})
    n += RelicsIn(r, clearing, t);
  return n;
}

bool WaystationShowing(const DecisionRequest& r, int clearing,
                       const std::string& type) {
  for (const auto& w : r.observation().keepers().waystations()) {
    if (w.clearing() == clearing && w.shown() == type) return true;
  }
  return false;
}

bool AnyWaystationShowing(const DecisionRequest& r, const std::string& type) {
  for (const auto& w : r.observation().keepers().waystations())
    if (w.clearing() > 0 && w.shown() == type) return true;
  return false;
}

// Steps along paths from `from` to the nearest waystation showing `type`
// (0: one there); 9 when none is on the map.
int StepsToWaystation(const DecisionRequest& r, int from,
                      const std::string& type) {
  return StepsTo(r, from, 8, [&](int id, const v1::ClearingView*) {
    return WaystationShowing(r, id, type);
  });
}

std::string TypeIn(const std::string& label) {
  for (const char* t : {"figure", "tablet", "jewelry"}) {
    if (Has(label, t)) return t;
  }
  return "";
}

// The value in "... relic (value 2)"; 2 for a face-down relic (its mean).
int ValueIn(const std::string& label) {
  const size_t at = label.find("(value ");
  return at == std::string::npos ? 2 : label[at + 7] - '0';
}

// Law 3.1: the first player to reach 30 VP wins at once; recovering the
// relic a label names scores its value and any column bonus (15.5.2.III.b).
bool RecoverWins(const DecisionRequest& r, const std::string& label) {
  const int bonus = FillsColumn(r, TypeIn(label)) ? 2 : 0;
  return VpOf(r, v1::FACTION_KEEPERS) + ValueIn(label) + bonus >= 30;
}

int RetinueSize(const DecisionRequest& r) {
  int n = 0;
  for (const auto& col : r.observation().keepers().retinue())
    n += col.cards_size() + col.faithful_retainers();
  return n;
}

bool Ruled(const DecisionRequest& r, int clearing) {
  const auto* c = Clearing(r, clearing);
  return c != nullptr && c->ruler() == v1::FACTION_KEEPERS;
}

// The forests around a clearing (KeepersRelicPlace.clearings_around).
std::vector<const v1::KeepersRelicPlace*> ForestsAround(
    const DecisionRequest& r, int clearing) {
  std::vector<const v1::KeepersRelicPlace*> out;
  for (const auto& place : r.observation().keepers().relics()) {
    if (place.forest() == 0) continue;
    for (int c : place.clearings_around()) {
      if (c == clearing) out.push_back(&place);
    }
  }
  return out;
}

// Law 15.5.2.II.b: ruled clearings around a forest.
int RuledAround(const DecisionRequest& r, const v1::KeepersRelicPlace& f) {
  int n = 0;
  for (int c : f.clearings_around()) n += Ruled(r, c);
  return n;
}

// Relics in the forests around a clearing.
int ForestRelicsAround(const DecisionRequest& r, int clearing) {
  int n = 0;
  for (const auto* f : ForestsAround(r, clearing)) n += f->relics_size();
  return n;
}

// A relic's value, or the mean of the values still face down (1, 2, 3, 3;
// Law 15.2.1) for a face-down one.
double ValueOf(const v1::KeepersRelic& rel) {
  return rel.face_up() ? rel.value() : 2.25;
}

// What delving `rel` from forest `f` into `into` is worth: a relic of the
// type its waystation shows can be recovered there this Daylight (Law
// 15.5.2.III.a); the Retinue card is lost when the ruled clearings around
// the forest are fewer than its value (15.5.2.II.b).
double DelveWorth(const DecisionRequest& r, const v1::KeepersRelicPlace& f,
                  const v1::KeepersRelic& rel, int into) {
  double s = 1;
  if (WaystationShowing(r, into, rel.type())) {
    s += 3;
  } else if (AnyWaystationShowing(r, rel.type())) {
    s += 1;
  }
  s += 0.3 * (3 - Recovered(r, rel.type()));
  // Law 14.4.1, 15.2.5: a relic that stays in a mob's clearing is razed
  // (with the other mob rules below, measured on the issue 17.5 seeds:
  // 9216 and 5512 rather than 9215 and 5507, within noise).
  if (MobIn(Clearing(r, into)) && !WaystationShowing(r, into, rel.type()))
    s -= 3;
  // Measured (issue 17, 3 seeds x 1000 games): a cost of 3 rather than 1.5
  // won 85.1/85.6/86.9% rather than 84.2/84.1/85.0%; the Faithful
  // Retainers (15.3.5) were lost 2 times in 3 at the end of a game.
  if (RuledAround(r, f) < ValueOf(rel)) s -= 3;
  return s;
}

// The best delve into `clearing` (0 when no forest around it has a relic).
double BestDelve(const DecisionRequest& r, int clearing) {
  double best = 0;
  for (const auto* f : ForestsAround(r, clearing)) {
    for (const auto& rel : f->relics())
      best = std::max(best, DelveWorth(r, *f, rel, clearing));
  }
  return best;
}

// The clearing number printed after the last `marker` in a prompt text
// ("... in 5 (rabbit)?"), 0 if none.
int ClearingAfter(const std::string& text, const char* marker) {
  const size_t at = text.rfind(marker);
  if (at == std::string::npos) return 0;
  return std::atoi(text.c_str() + at + std::char_traits<char>::length(marker));
}

double EncampSide(const DecisionRequest& r, const std::string& label) {
  // "Waystation A/B showing T": show a type with relics here, else the type
  // recovered least so far.
  const std::string shown = label.substr(label.rfind(' ') + 1);
  const int clearing = ClearingAfter(r.prompt().text(), " in ");
  double s = 3.0 - Recovered(r, shown) + 4.0 * RelicsIn(r, clearing, shown);
  // Relics of the type in the forests around can be delved here.
  for (const auto* f : ForestsAround(r, clearing)) {
    for (const auto& rel : f->relics()) s += rel.type() == shown ? 0.7 : 0;
  }
  return AnyWaystationShowing(r, shown) ? s - 2 : s;
}

// A relic here can be recovered here: a waystation here shows its type.
bool RecoverableAt(const DecisionRequest& r, int clearing) {
  for (const char* t : {"figure", "tablet", "jewelry"}) {
    if (RelicsIn(r, clearing, t) > 0 && WaystationShowing(r, clearing, t))
      return true;
  }
  return false;
}

bool SuitOk(const v1::ClearingView& c, const std::string& label) {
  if (Has(label, "(bird)")) return true;
  const char* suit = c.suit() == v1::SUIT_FOX      ? "(fox)"
                     : c.suit() == v1::SUIT_RABBIT ? "(rabbit)"
                                                   : "(mouse)";
  return Has(label, suit);
}

// Something to recover in a clearing of the card's suit (Law 15.5.2.III).
bool CanRecover(const DecisionRequest& r, const std::string& label) {
  for (const auto& c : r.observation().clearings()) {
    if (SuitOk(c, label) && RecoverableAt(r, c.id())) return true;
  }
  return false;
}

// A move from a clearing of the card's suit can carry a relic toward a
// waystation showing its type (Law 15.2.4).
bool UsefulMove(const DecisionRequest& r, const std::string& label) {
  for (const auto& c : r.observation().clearings()) {
    if (!SuitOk(c, label) || Mine(&c) == 0) continue;
    for (const char* t : {"figure", "tablet", "jewelry"}) {
      if (RelicsIn(r, c.id(), t) > 0 && !WaystationShowing(r, c.id(), t) &&
          AnyWaystationShowing(r, t))
        return true;
    }
  }
  return false;
}

int Others(const v1::ClearingView* c);

// Warriors of other factions in a clearing.
int EnemyWarriors(const v1::ClearingView& c) {
  int n = 0;
  for (const auto& w : c.warriors())
    n += w.faction() != v1::FACTION_KEEPERS ? w.count() : 0;
  return n;
}

// Law 15.5.2.II: a battle there is forced when enemy pieces stand there;
// then a delve where we rule and have a warrior. Enemy buildings and tokens
// score when removed; a fight against more warriors than ours costs.
double BattleDelveValue(const DecisionRequest& r, const v1::ClearingView& c) {
  const int mine = Mine(&c);
  if (mine == 0) return 0;
  const int enemy_warriors = EnemyWarriors(c);
  const int enemy_pieces = Others(&c) - enemy_warriors;
  double s = 0.1 * mine;
  if (c.ruler() == v1::FACTION_KEEPERS || enemy_warriors < mine)
    s += BestDelve(r, c.id());
  if (enemy_warriors + enemy_pieces > 0) {
    s += enemy_warriors >= mine ? -1.5 : 0.5;
    if (enemy_warriors < mine) s += enemy_pieces;
  }
  // Law 11.2.5.I / 11.4.2: a trade post taken halves the Riverfolk's funds.
  if (HasTradePost(&c) && mine > Warriors(&c, v1::FACTION_RIVERFOLK))
    s += TradePostWorth(r);
  return s;
}

// The best Battle then Delve a card of the label's suit allows.
double BestBattleDelve(const DecisionRequest& r, const std::string& label) {
  double best = 0;
  for (const auto& c : r.observation().clearings()) {
    if (SuitOk(c, label)) best = std::max(best, BattleDelveValue(r, c));
  }
  return best;
}

bool AnyMoveBrings(const DecisionRequest& r, const std::string& card);

// Within a column, a card of a suit acts before a bird card, which can
// still go anywhere afterwards (Law 15.5.2: each card in any order). The
// column's action is optional ("you may"): a card whose only action is a
// move that brings nothing stays unused (Done) rather than shuttle
// warriors back and forth. Measured (issue 17.5, heuristic_bench keepers,
// 2000 games, seeds 1000/3000/5000/7000/9000 and 21000/23000/25000): 9215
// and 5507 rather than 9173 and 5470.
double Retinue(const DecisionRequest& r, const std::string& label) {
  const double suited = Has(label, "(bird)") ? 0 : 0.3;
  if (Has(label, "(Battle then Delve)"))
    return suited + 2 + BestBattleDelve(r, label);
  const bool recover = Has(label, "(Move or Recover)");
  if (recover && CanRecover(r, label)) return suited + 8;
  if (UsefulMove(r, label)) return suited + 6;
  if (!AnyMoveBrings(r, label)) return -1;
  return suited + (recover ? 4 : 2);
}

// Does a card of the suit named in `label` ("(fox)", "(bird)") match a
// clearing with our warriors (delve) or with our waystation (recover)?
bool SuitFits(const DecisionRequest& r, const std::string& label,
              bool waystation) {
  if (Has(label, "(bird)")) return true;
  for (const auto& c : r.observation().clearings()) {
    const char* suit = c.suit() == v1::SUIT_FOX      ? "(fox)"
                       : c.suit() == v1::SUIT_RABBIT ? "(rabbit)"
                                                     : "(mouse)";
    if (!Has(label, suit)) continue;
    if (waystation) {
      for (const auto& w : r.observation().keepers().waystations())
        if (w.clearing() == c.id()) return true;
    } else if (Mine(&c) > 0) {
      return true;
    }
  }
  return false;
}

int ColumnSize(const DecisionRequest& r, int column) {
  const auto& ret = r.observation().keepers().retinue();
  if (column >= ret.size()) return 0;
  return ret[column].cards_size() + ret[column].faithful_retainers();
}

// A relic lies with our warriors where no waystation shows its type.
bool StrandedRelic(const DecisionRequest& r) {
  for (const auto& c : r.observation().clearings()) {
    if (Mine(&c) == 0) continue;
    for (const char* t : {"figure", "tablet", "jewelry"}) {
      if (RelicsIn(r, c.id(), t) > 0 && !WaystationShowing(r, c.id(), t))
        return true;
    }
  }
  return false;
}

// Law 15.4.2: take back a waystation with nothing to recover, so it can be
// encamped showing a stranded relic's type.
double Decamp(const DecisionRequest& r, const Option& o) {
  if (o.payload_case() == Option::kDone) return 1;
  const int c = ClearingAfter(o.label(), " in ");
  // Law 15.4.1-2: decamped now, encamped next Birdsong showing its other
  // side, where a relic of that type waits and none of the side shown.
  for (const auto& w : r.observation().keepers().waystations()) {
    if (w.clearing() != c) continue;
    const std::string& other = w.shown() == w.front() ? w.back() : w.front();
    int shown_around = 0;
    for (const auto* f : ForestsAround(r, c)) {
      for (const auto& rel : f->relics())
        shown_around += rel.type() == w.shown();
    }
    if (RelicsIn(r, c, other) > 0 && RelicsIn(r, c, w.shown()) == 0 &&
        shown_around == 0)
      return 2;
  }
  const int relics = AllRelicsIn(r, c);
  // A waystation on the map draws a card every Evening (15.6.3) and holds
  // the clearing: take one back only to re-show a stranded relic's type.
  return relics == 0 && StrandedRelic(r) ? 0.5 : 0;
}

// Relics lying at a waystation showing their type in a clearing of the
// card's suit: a Move or Recover card there scores them (Law 15.5.2.III).
int WaitingRelics(const DecisionRequest& r, const std::string& card) {
  int n = 0;
  for (const auto& c : r.observation().clearings()) {
    if (!SuitOk(c, card)) continue;
    for (const char* t : {"figure", "tablet", "jewelry"})
      if (WaystationShowing(r, c.id(), t)) n += RelicsIn(r, c.id(), t);
  }
  return n;
}

// Law 15.6.2 after 15.4.3: the Retinue grows only from the hand at Evening,
// and recruiting spends every card but birds. With eight warriors on the
// map and room in the Retinue, keep the last card of a suit for it (one
// more action every Daylight, 15.5.2). Measured (500 games, seeds
// 1000/5000/9000): 90.2/90.6/89.2% rather than 88.8/87.8/88.4%; at six
// warriors, keeping two cards or filling ten Retinue slots, no better.
bool LastSuitedCard(const DecisionRequest& r) {
  std::vector<std::string> cards;
  for (const auto& o : r.options()) {
    if (o.payload_case() == Option::kDone || Has(o.label(), "(bird)")) continue;
    const std::string name = o.label().substr(0, o.label().find(':'));
    if (std::find(cards.begin(), cards.end(), name) == cards.end())
      cards.push_back(name);
  }
  return cards.size() <= 1;
}

// The Retinue column a label names (Law 15.5.2), -1 if none.
int ColumnOf(const std::string& name) {
  if (name == "Move") return 0;
  if (name == "Battle then Delve") return 1;
  return name == "Move or Recover" ? 2 : -1;
}

// What one more card in `column`, now holding `n`, is worth: Battle then
// Delve while relics lie in forests (15.5.2.II), Move or Recover while
// relics are still to be recovered (15.5.2.III), at most four of each; a
// Move card only as the first.
double ColumnNeed(const DecisionRequest& r, int column, int n) {
  if (column == 0) return n == 0 ? 1 : 0.3;
  int forests = 0, clearings = 0;
  for (const auto& place : r.observation().keepers().relics())
    (place.forest() > 0 ? forests : clearings) += place.relics_size();
  const int wanted = column == 1 ? forests : forests + clearings;
  return std::max(0, std::min(wanted, 4) - n);
}

// Law 15.6.2: with ten cards in the Retinue none can be added, but one can
// be shifted: move a card to a column the relics left still need, out of
// one with more than they need (a full Retinue without a Battle then Delve
// card never delves again).
double Shift(const DecisionRequest& r, const std::string& l) {
  if (RetinueSize(r) < 10) return -1;  // adding cards is better
  const size_t from_at = l.rfind(" from ");
  if (from_at == std::string::npos) return -1;
  const size_t to_at = l.find(" to ", from_at);
  if (to_at == std::string::npos) return -1;
  const int from = ColumnOf(l.substr(from_at + 6, to_at - from_at - 6));
  const int to = ColumnOf(l.substr(to_at + 4));
  if (from < 0 || to < 0) return -1;
  const double gain = ColumnNeed(r, to, ColumnSize(r, to)) -
                      ColumnNeed(r, from, ColumnSize(r, from) - 1);
  // Measured (500 games, seeds 1000/5000/9000): shifting at a gain of 1 or
  // more won 88.8/87.8/88.4% rather than 88.4/86.0/88.2%; at 2, no change.
  return gain >= 1 ? gain : -5;
}

// A card of the suit named in `card` can act in some column (Law 15.5.2):
// our warriors stand in a clearing of its suit (move, battle then delve) or
// our waystation does (recover).
bool CanAct(const DecisionRequest& r, const std::string& card) {
  return SuitFits(r, card, true) || SuitFits(r, card, false);
}

// Law 15.6.2: the Retinue holds ten cards and, once full, only shifts one
// each Evening. From this many cards on, a card that cannot act stays in
// hand (it may recruit at a waystation of its suit later, 15.4.3) and keeps
// the slot for one that can. Measured (issue 17.5, heuristic_bench keepers,
// 2000 games, seeds 1000/3000/5000/7000/9000 and 21000/23000/25000): at 6,
// 9076/10000 and 5435/6000 rather than 8968 and 5397; never adding such a
// card, 9058 and 5407.
constexpr int kRoomyRetinue = 6;

double Gather(const DecisionRequest& r, const Option& o) {
  const std::string& l = o.label();
  if (o.payload_case() == Option::kDone) return 0;
  if (Has(l, "Shift")) return Shift(r, l);
  if (RetinueSize(r) >= 10) return -1;  // Law 15.6.2: ten at most
  // Delving brings relics in (Law 15.5.2.II), recovering scores them
  // (15.5.2.III): feed both, delving first while few cards are there.
  const std::string card = l.substr(0, l.find(" to "));
  if (!CanAct(r, card) && RetinueSize(r) >= kRoomyRetinue) return -0.2;
  if (Has(l, "to Move or Recover"))
    return SuitFits(r, card, true)
               ? 3.2 - 0.4 * ColumnSize(r, 2) + WaitingRelics(r, card)
               : 0.5;
  if (Has(l, "to Battle then Delve"))
    return SuitFits(r, card, false) ? 3 - 0.4 * ColumnSize(r, 1) : 0.3;
  return 0.4;
}

double SpreadBonus(const DecisionRequest& r, const v1::ClearingView* from,
                   const v1::ClearingView* to);

// Law 3.3.1: the warriors of ours that must stand in `clearing` to end an
// opponent's rule there (a tie: nobody rules, Law 2.5) when its activated
// dominance would win at its next Birdsong through it: three ruled
// clearings of the card's suit (3.3.1.I) or a pair of opposite corners
// (3.3.1.II). 0 when no such win hangs on the clearing.
int WarriorsToBreakDominance(const DecisionRequest& r, int clearing) {
  v1::Faction who = v1::FACTION_UNSPECIFIED;
  if (!DominanceThreat(r, clearing, &who)) return 0;
  const v1::Suit suit = DominanceSuit(r, who);
  int ruled = 0;
  for (const auto& c : r.observation().clearings())
    ruled += c.ruler() == who && c.suit() == suit;
  const bool wins =
      suit == v1::SUIT_BIRD ? RulesCornerPair(r, who) : ruled >= 3;
  const auto* c = Clearing(r, clearing);
  return wins ? std::max(1, RulePresence(*c, who) - Mine(c)) : 0;
}

// How many warriors to move (move.count): all but one, which keeps the
// origin ruled and able to delve (Law 15.5.2.II), but at least one per relic
// carried to a waystation of its type (Law 15.2.4), and all it takes to
// stop an opponent's dominance win (Law 3.3.1).
double MoveCountTarget(const DecisionRequest& r) {
  const std::string& text = r.prompt().text();
  const int from = ClearingAfter(text, " from ");
  const int to = ClearingAfter(text, " to ");
  const int mine = Mine(Clearing(r, from));
  int carry = 0;
  for (const char* t : {"figure", "tablet", "jewelry"}) {
    if (WaystationShowing(r, to, t)) carry += RelicsIn(r, from, t);
  }
  const int target = std::max(std::max(1, mine - 1), std::min(mine, carry));
  const int need = WarriorsToBreakDominance(r, to);
  return need <= mine ? std::max(target, need) : target;
}

// Law 11.4.2: while any trade post stands, the Riverfolk score a VP per two
// funds every Birdsong; a removed post halves their funds (11.2.5.I). A
// stack of three or more warriors steps toward a post up to kPostReach
// steps away, to battle it from a clearing of its suit (15.5.2.II); the
// policy's own pull covers only the last step. Measured alone (issue 17.5,
// heuristic_bench keepers, 2000 games, seeds 1000/3000/5000/7000/9000 and
// 21000/23000/25000; main 9076/10000 and 5435/6000): at 0.8 of the post's
// worth 9140 and 5465; 0.5, 9145 and 5456; 0.3, 9141 and 5449; 0.15, 9118
// and 5443; only at 6+ funds, 9101 on the first set. Losses to the
// Riverfolk fell from 930 to 827 of 16000 at 0.5.
constexpr int kPostReach = 4;
constexpr double kPostPull = 0.8;

double PostApproach(const DecisionRequest& r, int from, int to) {
  if (Mine(Clearing(r, from)) < 3) return 0;
  const int steps = StepsToTradePost(r, from, kPostReach);
  if (steps > kPostReach || StepsToTradePost(r, to, kPostReach) >= steps)
    return 0;
  return kPostPull * TradePostWorth(r);
}

// Law 15.5.2.I: whether moving warriors from `from` to `to` brings
// anything: a relic carried closer to a waystation of its type (15.2.4), a
// clearing nobody holds taken, forests with relics to delve from where none
// lie around (15.5.2.II.a), a trade post or enemy building approached to
// battle (11.2.5.I), or a warrior saved from Live Off the Land (15.6.1).
bool MoveBrings(const DecisionRequest& r, const v1::ClearingView& from,
                const v1::ClearingView& to) {
  for (const char* t : {"figure", "tablet", "jewelry"}) {
    if (RelicsIn(r, from.id(), t) > 0 && !WaystationShowing(r, from.id(), t) &&
        StepsToWaystation(r, to.id(), t) < StepsToWaystation(r, from.id(), t))
      return true;
  }
  if (Mine(&to) == 0 && Others(&to) < 2) return true;
  if (ForestRelicsAround(r, from.id()) == 0 &&
      ForestRelicsAround(r, to.id()) > 0)
    return true;
  const int enemy_warriors = EnemyWarriors(to);
  if (Others(&to) > enemy_warriors && Mine(&from) - 1 > enemy_warriors)
    return true;
  if (PostApproach(r, from.id(), to.id()) > 0) return true;
  return Mine(&from) >= 4 && Mine(&to) < 3;
}

// Law 4.2.1 / 15.5.2.I: some move a card of the label's suit allows (from a
// clearing of its suit with our warriors, ruling either end) brings
// something.
bool AnyMoveBrings(const DecisionRequest& r, const std::string& card) {
  for (const auto& c : r.observation().clearings()) {
    if (!SuitOk(c, card) || Mine(&c) == 0) continue;
    for (int id : c.adjacent()) {
      const auto* to = Clearing(r, id);
      if (to == nullptr || !(Ruled(r, c.id()) || Ruled(r, id))) continue;
      if (MoveBrings(r, c, *to)) return true;
    }
  }
  return false;
}

// From this many VP on, the plan plays for the last points: relics are
// carried to their waystations before anything else (Law 15.2.4, 15.5.2.III)
// and item cards stay in hand to be crafted (4.1.2) rather than recruit.
// Measured with PostApproach and RecoverWins (same bench and seeds): 9173
// and 5470 rather than 9140 and 5465 (at a pull of 0.5: 9162 and 5463).
constexpr int kHomeStretchVp = 22;
constexpr int kKeepItemsVp = 24;

// On top of the policy's DominanceDefense (half a battle's bonus for any
// move to a clearing that keeps a dominance winning). Measured with
// WarriorsToBreakDominance in MoveCountTarget (issue 17.5 seeds): 9228 and
// 5522 rather than 9216 and 5512.
constexpr double kBreakDominance = 6;

// Warriors carry relics to a waystation showing their type and stay where
// a relic can be recovered (Law 15.5.2.III); never shuttle relics away.
double MoveScore(const DecisionRequest& r, const Option& o) {
  if (o.payload_case() != Option::kMove) return 0.5;
  const int from_id = o.move().from_clearing();
  const auto* from = Clearing(r, from_id);
  const int to = o.move().to_clearing();
  double s = 1;
  if (RecoverableAt(r, from_id)) s -= 4;
  for (const auto& w : r.observation().keepers().waystations())
    s += w.clearing() == to ? 0.5 : 0;
  const bool home_stretch = VpOf(r, v1::FACTION_KEEPERS) >= kHomeStretchVp;
  for (const char* t : {"figure", "tablet", "jewelry"}) {
    // Law 15.2.4: warriors carry relics toward a waystation of their type,
    // first of all near the end (their recovery is what ends the game).
    if (RelicsIn(r, from_id, t) > 0 && !WaystationShowing(r, from_id, t)) {
      const int closer =
          StepsToWaystation(r, from_id, t) - StepsToWaystation(r, to, t);
      if (WaystationShowing(r, to, t)) {
        s += home_stretch ? 9 : 5;
      } else if (closer > 0) {
        s += home_stretch ? 6 : 2.5;
      }
    }
    s += RelicsIn(r, to, t) > 0 ? 0.3 : 0;
  }
  // Law 14.4.1, 15.2.5: relics left in a mob's clearing are razed at the
  // Hundreds' Birdsong; warriors leaving it can carry them out.
  if (MobIn(from) && !MobIn(Clearing(r, to)) && !RecoverableAt(r, from_id) &&
      AllRelicsIn(r, from_id) > 0)
    s += 2;
  if (Mine(from) >= 4) s += 1;  // Live Off the Land would cost one
  // Law 15.5.2.II.a: delve from the forests around a clearing; go where
  // relics lie in them and none lie around where we stand.
  if (ForestRelicsAround(r, from_id) == 0)
    s += std::min(3, ForestRelicsAround(r, to));
  // Law 11.2.5.I / 11.4.2: a trade post we can battle next halves the
  // Riverfolk's funds and their dividends.
  const auto* dest = Clearing(r, to);
  if (HasTradePost(dest) &&
      Mine(from) - 1 > Warriors(dest, v1::FACTION_RIVERFOLK))
    s += 0.5 * TradePostWorth(r);
  s += PostApproach(r, from_id, to);
  // Law 3.3.1: a move that ends the rule an opponent's dominance wins by.
  const int need = WarriorsToBreakDominance(r, to);
  if (need > 0 && need <= Mine(from)) s += kBreakDominance;
  bool waystation_here = false;
  for (const auto& w : r.observation().keepers().waystations())
    waystation_here |= w.clearing() == from_id;
  if (Mine(from) == 1 && from != nullptr &&
      from->ruler() == v1::FACTION_KEEPERS && !waystation_here)
    s -= 2;  // the clearing would be left to others
  return s + SpreadBonus(r, from, Clearing(r, to));
}

// Pieces of other factions in a clearing (warriors and buildings).
int Others(const v1::ClearingView* c) {
  if (c == nullptr) return 0;
  int n = 0;
  for (const auto& w : c->warriors())
    n += w.faction() != v1::FACTION_KEEPERS ? w.count() : 0;
  for (const auto& p : c->pieces()) {
    const bool other = p.owner() != v1::FACTION_KEEPERS &&
                       p.owner() != v1::FACTION_UNSPECIFIED;
    n += other ? p.count() : 0;
  }
  return n;
}

// Spread out: every clearing ruled counts toward the discard checks of
// delving and recovering (Law 15.5.2.II.b, III.c) and opens more forests
// to delve. Take a clearing we would rule; keep a warrior where we stand.
double SpreadBonus(const DecisionRequest& r, const v1::ClearingView* from,
                   const v1::ClearingView* to) {
  if (from == nullptr || to == nullptr) return 0;
  double s = 0;
  if (Mine(to) == 0 && Others(to) < 2) s += 4;
  if (Mine(from) <= 2 && from->ruler() == v1::FACTION_KEEPERS) s -= 1;
  return s;
}

// Delve from a forest holding a relic of a type the clearing's waystation
// shows (recoverable at once, Law 15.5.2.II.a).
double DelveForest(const DecisionRequest& r, const Option& o) {
  const int forest = o.forest().forest();
  const int into = ClearingAfter(r.prompt().text(), "into ");
  double best = 0;
  for (const auto& place : r.observation().keepers().relics()) {
    if (place.forest() != forest) continue;
    for (const auto& rel : place.relics())
      best = std::max(best, DelveWorth(r, place, rel, into));
  }
  return 5 + best;
}

// The item cards of the standard deck (data/decks/standard.deck) and the VP
// crafting each scores (Law 4.1.2); other cards craft no item.
struct ItemCard {
  const char* name;
  int vp;
};
constexpr ItemCard kItemCards[] = {
    {"Arms Trader", 2},
    {"Birdy Bindle", 1},
    {"Crossbow", 1},
    {"Woodland Runners", 1},
    {"Anvil", 2},
    {"Foxfolk Steel", 2},
    {"Gently Used Knapsack", 1},
    {"Protection Racket", 3},
    {"Root Tea", 2},
    {"Travel Gear", 1},
    {"A Visit to Friends", 1},
    {"Bake Sale", 3},
    {"Smuggler's Trail", 1},
    {"Investments", 3},
    {"Mouse-in-a-Sack", 1},
    {"Sword", 2},
};

// VP for crafting the card a label names ("Root Tea (fox)"); -1 when it is
// no item card.
int ItemVp(const std::string& label) {
  const std::string name = label.substr(0, label.find(" ("));
  for (const auto& c : kItemCards) {
    if (name == c.name) return c.vp;
  }
  return -1;
}

}  // namespace

bool KeepersPlanScore(const DecisionRequest& r, const Option& o,
                      double* score) {
  const std::string& kind = r.prompt().kind();
  const std::string& label = o.label();
  const bool done = o.payload_case() == Option::kDone;
  double s;
  if (o.payload_case() == Option::kExtra &&
      o.extra().action() == "activate_dominance") {
    // Law 3.3.1: an activated dominance card takes our score marker off the
    // track; the plan races for 30 VP and does not hold a suit's clearings
    // to the next Birdsong. Measured (issue 17.5, 500 games, seeds
    // 1000/5000/9000): never activating won 88.0/85.6/88.0% rather than
    // 87.0/84.4/88.0%.
    *score = -5;
    return true;
  }
  if (kind == "keepers.encamp") {
    // Camp where relics lie and two warriors stand (one stays to hold it).
    const int id = o.clearing().clearing();
    const auto* c = Clearing(r, id);
    int relics = AllRelicsIn(r, id);
    relics += std::min(2, ForestRelicsAround(r, id));
    s = done ? 0.5 : (Mine(c) >= 2 ? 3 + relics : 0.2 + relics);
    // Law 14.4.1: a mob there razes the waystation at the next Birdsong.
    if (!done && MobIn(c)) s = 0;
  } else if (kind == "keepers.encamp.waystation") {
    s = EncampSide(r, label);
  } else if (kind == "keepers.decamp") {
    s = Decamp(r, o);
  } else if (kind == "keepers.recruit") {
    // Law 15.4.3: recruit with every card but birds while warriors are in
    // the supply (15.3.2: fifteen). Measured over 400 games: keeping cards
    // for the Retinue instead (recruiting below 5 warriors) fell from 77%
    // to 61%: warriors hold clearings, trade posts and dominance suits.
    // A bird card recruits too when fewer than four warriors are left on
    // the map: without warriors no Retinue card can act (15.5.2), and the
    // plan sat out the rest of a game with only birds in hand.
    int warriors = 0;
    for (const auto& c : r.observation().clearings()) warriors += Mine(&c);
    const bool keep = Has(label, "(bird)") && warriors >= 4;
    s = done ? 1 : (keep || warriors >= 15 ? 0 : 2);
    if (!done && warriors >= 8 && RetinueSize(r) < 8 && LastSuitedCard(r))
      s = 0;
    // "Spend Root Tea (fox): ...": near 30 VP an item card is worth its VP.
    const int item_vp = ItemVp(label.substr(label.find(' ') + 1));
    if (!done && item_vp > 0 && VpOf(r, v1::FACTION_KEEPERS) >= kKeepItemsVp)
      s = 0;
  } else if (kind == "keepers.retinue") {
    s = done ? 0
             : (o.payload_case() == Option::kExtra ? -1 : Retinue(r, label));
  } else if (kind == "keepers.move_recover") {
    s = o.payload_case() == Option::kClearing ? 9 : 2;
  } else if (kind == "keepers.recover") {
    // Low values first: the Retinue card survives more often (15.5.2.III.c),
    // unless a relic wins the game now.
    s = done ? 0 : RecoverWins(r, label) ? 20 : 10 - ValueIn(label);
  } else if (kind == "keepers.lose_relic") {
    s = 4 - ValueIn(label);  // keep the valuable ones
  } else if (kind == "keepers.delve") {
    s = done ? 0 : DelveForest(r, o);
  } else if (kind == "keepers.delve.relic") {
    // A type the delve clearing's waystation shows can be recovered there.
    const int into = ClearingAfter(r.prompt().text(), " into ");
    s = 4 - ValueIn(label) + 0.5 * (3 - Recovered(r, TypeIn(label))) +
        (WaystationShowing(r, into, TypeIn(label)) ? 3 : 0);
  } else if (kind == "keepers.devout_knights") {
    // Carry relics toward a waystation of their type.
    // Never away from a waystation showing its type.
    const int to = ClearingAfter(r.prompt().text(), " to ");
    const int from = ClearingAfter(r.prompt().text(), " from ");
    const std::string type = TypeIn(label);
    const int closer =
        StepsToWaystation(r, from, type) - StepsToWaystation(r, to, type);
    // Law 14.4.1 and 15.2.5: a relic left in a mob's clearing is razed
    // (two VP to the Hundreds); carry it out, never in.
    const bool mob_to = MobIn(Clearing(r, to));
    s = done                               ? 1
        : WaystationShowing(r, to, type)   ? 5
        : mob_to                           ? 0
        : MobIn(Clearing(r, from))         ? 3
        : WaystationShowing(r, from, type) ? 0
        : closer > 0                       ? 3
        : closer == 0                      ? 1.5
                                           : 0.5;
  } else if (kind == "craft" && !done) {
    // Law 15.2.3, 4.1.2: craft items, the most VP first. Any other card
    // (Armorers, Sappers, Royal Claim, ...) stays in hand for the Retinue
    // (15.6.2), where it acts every Daylight (15.5.2). Measured (issue
    // 17.5, heuristic_bench keepers, seeds 1000/5000/9000 500 games and
    // 2000/7000 1000 games): 91.6/92.8/91.2/92.2/90.7% rather than
    // 90.2/90.6/89.2/87.7/88.5% crafting any card (ties at random); items
    // first and then the others: 86.8/86.2/84.4/86.4/86.5%; only items of
    // 2+ VP: 91.0/89.8/89.4/91.5/90.3%; nothing: 90.6/87.4/85.6/88.2/89.0%.
    const int vp = ItemVp(label);
    s = vp > 0 ? 6 + vp : -1;
  } else if (kind == "keepers.gather_retinue") {
    s = Gather(r, o);
  } else if (kind == "move") {
    s = MoveScore(r, o);
  } else if (kind == "move.count") {
    s = -std::abs(o.count().count() - MoveCountTarget(r));
  } else if (kind == "keepers.battle_delve") {
    const auto* c = Clearing(r, o.clearing().clearing());
    s = c == nullptr ? 0 : BattleDelveValue(r, *c);
  } else {
    return false;
  }
  *score = s;
  return true;
}

}  // namespace woodland::bots
