#include "bots/heuristic/vagabond_plan.h"

#include <algorithm>
#include <cstdlib>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "bots/heuristic/request_view.h"
#include "bots/heuristic/riverfolk_counter.h"

namespace woodland::bots {
namespace {

using v1::DecisionRequest;
using v1::Option;

// Buildings and tokens of `f` (each removed scores a VP, Law 4.3.6.II).
int Pieces(const v1::ClearingView& c, v1::Faction f) {
  int n = 0;
  for (const auto& p : c.pieces()) {
    if (p.owner() == f) n += p.count();
  }
  return n;
}

bool IsVagabond(v1::Faction f) {
  return f == v1::FACTION_VAGABOND || f == v1::FACTION_VAGABOND_SECOND;
}

bool CardOfSuit(const DecisionRequest& r, v1::Suit suit) {
  for (const auto& h : r.observation().hand()) {
    if (h.suit() == suit || h.suit() == v1::SUIT_BIRD) return true;
  }
  return false;
}

// The factions with warriors or pieces in a clearing, other than ours.
std::vector<v1::Faction> Present(const DecisionRequest& r,
                                 const v1::ClearingView& c) {
  std::vector<v1::Faction> out;
  auto add = [&](v1::Faction f) {
    if (f == v1::FACTION_UNSPECIFIED || f == r.faction()) return;
    if (std::find(out.begin(), out.end(), f) == out.end()) out.push_back(f);
  };
  for (const auto& w : c.warriors()) add(w.faction());
  for (const auto& p : c.pieces()) add(p.owner());
  return out;
}

}  // namespace

double VagabondPostAttack(const DecisionRequest& r, const v1::ClearingView& c) {
  if (!HasTradePost(&c)) return 0;
  // Law 9.2.6: hits up to our undamaged swords; the guards fall first
  // (4.3.2), an unguarded post to the defenseless extra hit (4.3.4.II).
  const int guards = Warriors(c, v1::FACTION_RIVERFOLK);
  const int swords = ReadyItems(r, "sword") + ReadyItems(r, "crossbow");
  if (guards == 0) return swords > 0 ? TradePostWorth(r) : 0;
  // Several battles this turn, one per ready sword (9.5.2), each rolling
  // up to our undamaged swords (9.2.6; the higher of two dice, 4.3.2.I):
  // about 1.7 hits a battle with two swords, 1 with one.
  int undamaged = 0;
  for (const auto& it : MyVagabond(r).items())
    undamaged += it.item() == "sword" && !it.damaged();
  const double hits = ReadyItems(r, "sword") * (undamaged >= 2 ? 1.7
                                                : undamaged    ? 1.0
                                                               : 0);
  if (hits >= guards + 1.5) return 0.75 * TradePostWorth(r);
  return hits >= guards + 0.7 ? 0.44 * TradePostWorth(r) : 0;
}

namespace {

// What battling or striking `f` here can score: unguarded buildings and
// tokens (a VP each), Hostile warriors in battle (Infamy, 9.2.9.III.a).
double TargetValue(const DecisionRequest& r, const v1::ClearingView& c,
                   v1::Faction f) {
  if (IsVagabond(f)) return 0;
  if (f == v1::FACTION_RIVERFOLK && HasTradePost(&c))
    return std::max(1.0, 0.5 * VagabondPostAttack(r, c));
  const int w = Warriors(c, f), b = Pieces(c, f);
  const int sword = ReadyItems(r, "sword"), bow = ReadyItems(r, "crossbow");
  if (w == 0 && b > 0) return sword > 0 ? 1.0 + std::min(b, 2) : bow > 0;
  if (VagabondRelation(r, f) < 0 && w > 0 && sword > 0) return 1.0;
  return 0;
}

int Damaged(const DecisionRequest& r) {
  int damaged = 0;
  for (const auto& it : MyVagabond(r).items()) damaged += it.damaged();
  return damaged;
}

int StepsToThreat(const DecisionRequest& r, int from, int limit);

// Law 11.4.2: while any trade post stands the Riverfolk score a VP per two
// funds every Birdsong; 11.2.5.I: a removed post halves their funds and is
// gone for good. Worth a detour of several turns: what moving from `from`
// to `to` brings us nearer the nearest post (a share of TradePostWorth per
// step; the slip and each ready boot are a step, 9.4.2 and 9.5.1).
double PostHunt(const DecisionRequest& r, int from, int to) {
  constexpr int kLimit = 3;
  // Law 3.3.1: a rival's dominance that wins at its next Birdsong within
  // reach comes first (ApproachThreat); no post holds us back from it.
  if (TradePostsOnMap(r) == 0 || StepsToThreat(r, from, kLimit) <= kLimit)
    return 0;
  const int a = StepsToTradePost(r, from, kLimit);
  const int b = StepsToTradePost(r, to, kLimit);
  // Stepping away costs as much: no back and forth between two clearings
  // while a post we could slip into next turn waits.
  if (a > kLimit && b > kLimit) return 0;
  return 0.3 * TradePostWorth(r) * (a - b);
}

// Law 3.1, 9.2.9.II.a: each aid to an Allied faction scores two VP, and
// 30 VP wins at once: can we win by aiding in clearing `id` this turn,
// with `spent` ready items going to get there (a boot, 9.5.1)? An aid
// spends a card of the clearing's suit (birds match any) and exhausts an
// undamaged item (9.5.4).
bool WinsByAid(const DecisionRequest& r, int id, int spent) {
  const auto* c = Clearing(r, id);
  if (c == nullptr) return false;
  const int vp = VpOf(r, r.faction());
  if (vp < 26) return false;
  bool ally = false;
  for (v1::Faction f : Present(r, *c))
    ally |= !IsVagabond(f) && VagabondRelation(r, f) == 3;
  if (!ally) return false;
  int cards = 0;
  for (const auto& h : r.observation().hand())
    cards += h.suit() == c->suit() || h.suit() == v1::SUIT_BIRD;
  int items = -spent;
  for (const auto& it : MyVagabond(r).items())
    items += !it.exhausted() && !it.damaged();
  return vp + 2 * std::min(cards, items) >= 30;
}

double MoveScore(const DecisionRequest& r, const Option& o,
                 const VagabondMemory* m) {
  const int damaged = Damaged(r);
  // A forest, to rest and repair everything in the Evening (9.6.1), which
  // costs the turn's actions: not while a win we could break (3.3.1,
  // BreakValue) is two steps away.
  if (o.payload_case() == Option::kForest) {
    const int here = MyVagabond(r).clearing();
    if (here > 0 && StepsToThreat(r, here, 2) <= 2) return -20;
    return damaged >= 2 ? 2.0 + damaged : 0.5;
  }
  if (o.payload_case() == Option::kDone) {
    const int here = MyVagabond(r).clearing();
    if (here > 0 && WinsByAid(r, here, 0)) return 50;
    return here > 0 ? 0.9 + VagabondClearingValue(r, here, m) : 0.2;
  }
  const int id =
      o.payload_case() == Option::kClearing ? o.clearing().clearing() : 0;
  const auto* c = Clearing(r, id);
  if (c == nullptr) return 0.5;
  if (WinsByAid(r, id, 0)) return 50;
  // Where we can act now, and a little for what lies one step beyond.
  double beyond = 0;
  for (int next : c->adjacent())
    beyond = std::max(beyond, VagabondClearingValue(r, next, m));
  return 1 + VagabondClearingValue(r, id, m) + 0.3 * beyond +
         PostHunt(r, MyVagabond(r).clearing(), id);
}

// Strike (9.5.6) where it scores: an unguarded building or token.
double StrikeAction(const DecisionRequest& r) {
  const auto* c = Clearing(r, MyVagabond(r).clearing());
  if (c == nullptr) return 0;
  for (v1::Faction f : Present(r, *c)) {
    if (!IsVagabond(f) && Warriors(*c, f) == 0 && Pieces(*c, f) > 0) return 4;
  }
  return -1;  // a warrior only: a friend turned Hostile for nothing
}

// Law 9.2.9.I: aid improves a relationship only with a non-Vagabond
// faction; is one with pieces here?
bool AidTargetHere(const DecisionRequest& r) {
  const auto* c = Clearing(r, MyVagabond(r).clearing());
  if (c == nullptr) return false;
  for (v1::Faction f : Present(r, *c)) {
    if (!IsVagabond(f) && VagabondRelation(r, f) >= 0) return true;
  }
  return false;
}

double StrikeTarget(const DecisionRequest& r, v1::Faction f) {
  const auto* c = Clearing(r, MyVagabond(r).clearing());
  if (c == nullptr) return 0;
  if (Warriors(*c, f) == 0) return 3;
  return VagabondRelation(r, f) < 0 ? 0.5 : -5;  // never turn a friend
}

// Law 9.5.4: the card given goes to a player who may use it; never hand a
// dominance card (3.3) to an opponent, and keep birds (they match anything).
double AidCard(const Option& o) {
  if (o.card().name() == "Dominance") return -3;
  return o.card().suit() == v1::SUIT_BIRD ? 0 : 1;
}

// Items of a kind we hold (any state, `ready`: face up and undamaged).
int Held(const DecisionRequest& r, const std::string& item, bool ready) {
  int n = 0;
  for (const auto& it : MyVagabond(r).items()) {
    if (it.item() == item && (!ready || (!it.exhausted() && !it.damaged())))
      ++n;
  }
  return n;
}

// What one more copy of an item is worth to us, the `nth` copy held: boots
// move us to what scores (9.5.1), swords battle (9.5.2), torches explore
// (9.5.3), hammers craft and repair (9.5.7), crossbows strike (9.5.6),
// teas refresh two more (9.4.1), coins draw (9.6.2), sacks hold two more
// items (9.6.4).
double ItemWorth(const DecisionRequest& r, const std::string& item, int nth) {
  const bool ruins = MyVagabond(r).ruins_with_items_size() > 0;
  if (item == "boot") return nth <= 1 ? 5 : nth == 2 ? 3.5 : 1.5;
  if (item == "sword") return nth <= 1 ? 4.5 : nth == 2 ? 4 : 2.5;
  if (item == "torch") return nth <= 1 ? (ruins ? 5 : 3.5) : 0.8;
  if (item == "hammer") return nth <= 1 ? 3 : 1.2;
  if (item == "crossbow") return nth <= 1 ? 2.5 : 1;
  if (item == "tea") return nth <= 1 ? 3 : 2;
  if (item == "coin") return 2;
  if (item == "sack") return 1.2;
  return 1;
}

// Refresh (9.4.1): the item whose next ready copy is worth most.
double Refresh(const DecisionRequest& r, const Option& o) {
  const std::string& item = o.item().item();
  return ItemWorth(r, item, Held(r, item, true) + 1) -
         (o.item().damaged() ? 9 : 0);
}

// Law 9.6.4: remove the item we miss least; damaged copies first (a
// forest or a hammer must mend them before use).
double ItemLimit(const DecisionRequest& r, const Option& o) {
  const std::string& item = o.item().item();
  return -ItemWorth(r, item, Held(r, item, false)) +
         (o.item().damaged() ? 1.5 : 0);
}

// Law 9.2.7: damage what we miss least, an exhausted copy before a face-up
// one (it is of no use this turn anyway).
double TakeHit(const DecisionRequest& r, const Option& o) {
  const std::string& item = o.item().item();
  const bool exhausted =
      o.item().exhausted() || o.label().find("exhausted") != std::string::npos;
  // Law 9.2.6, 3.3.1: while a rival's dominance is activated, our
  // undamaged swords are the hits that can break its rule.
  double keep = 0;
  for (const auto& seat : r.observation().seats()) {
    if (item == "sword" && seat.faction() != r.faction() &&
        !IsVagabond(seat.faction()) && seat.has_dominance())
      keep = 3;
  }
  return -ItemWorth(r, item, Held(r, item, false)) - keep + (exhausted ? 1 : 0);
}

// Warriors of a faction Hostile to us in `c` (Law 9.2.9.III.b).
bool HostileWarriors(const DecisionRequest& r, const v1::ClearingView* c) {
  if (c == nullptr) return false;
  for (const auto& w : c->warriors()) {
    if (w.count() > 0 && VagabondRelation(r, w.faction()) < 0) return true;
  }
  return false;
}

// Move (boot) only toward a clearing with clearly more to do than here.
double MoveAction(const DecisionRequest& r, const VagabondMemory* m) {
  const int here = MyVagabond(r).clearing();
  const auto* c = Clearing(r, here);
  // Law 9.6.1: ending the turn in a forest repairs every damaged item.
  if (c == nullptr) return Damaged(r) >= 2 ? -1 : 1;
  const double stay = VagabondClearingValue(r, here, m);
  const int boots = ReadyItems(r, "boot");
  double best = 0;
  for (int next : c->adjacent()) {
    // Law 9.2.9.III.b: a second boot into Hostile warriors; a clearing we
    // cannot enter is no reason to take the move (the move prompt has no
    // way back).
    if (boots < 2 && HostileWarriors(r, Clearing(r, next))) continue;
    if (!WinsByAid(r, here, 0) &&
        WinsByAid(r, next, HostileWarriors(r, Clearing(r, next)) ? 2 : 1))
      return 50;
    best = std::max(
        best, VagabondClearingValue(r, next, m) + PostHunt(r, here, next));
  }
  return best > stay + 0.5 ? 2 : -0.5;
}

}  // namespace

double QuestValue(const DecisionRequest& r, v1::Suit suit) {
  const auto& vb = MyVagabond(r);
  int done = 0;
  for (const auto& q : vb.quests_done()) done += q.suit() == suit;
  double best = 0;
  for (const auto& q : vb.quests()) {
    // Law 9.5.5: the two items the quest card lists (QuestChoice.items).
    if (q.suit() != suit || q.items_size() != 2) continue;
    const std::string& a = q.items(0);
    const std::string& b = q.items(1);
    const bool ready =
        a == b ? ReadyItems(r, a.c_str()) >= 2
               : ReadyItems(r, a.c_str()) > 0 && ReadyItems(r, b.c_str()) > 0;
    // Law 9.5.5: one VP per completed quest of the suit, this one
    // included (or two cards); a quest we lack the items for, little.
    best = std::max(best, ready ? 1.0 + done : 0.2);
  }
  return best;
}

const v1::VagabondView& MyVagabond(const DecisionRequest& r) {
  for (const auto& v : r.observation().vagabonds()) {
    if (v.faction() == r.faction()) return v;
  }
  return r.observation().vagabond();
}

int VagabondRelation(const DecisionRequest& r, v1::Faction f) {
  for (const auto& rel : MyVagabond(r).relationships()) {
    if (rel.faction() != f) continue;
    if (rel.level() == "hostile") return -1;
    if (rel.level() == "allied") return 3;
    return rel.level() == "indifferent" ? 0 : std::stoi(rel.level());
  }
  return 0;
}

int ReadyItems(const DecisionRequest& r, const char* item) {
  int n = 0;
  for (const auto& it : MyVagabond(r).items())
    n += it.item() == item && !it.exhausted() && !it.damaged();
  return n;
}

double VagabondClearingValue(const DecisionRequest& r, int id,
                             const VagabondMemory* m) {
  const auto* c = Clearing(r, id);
  if (c == nullptr) return 0;
  double v = 0;
  if (ReadyItems(r, "torch") > 0) {
    for (int ruin : MyVagabond(r).ruins_with_items())
      v += ruin == id && !(m && m->DeadRuin(ruin)) ? 3 : 0;
  }
  v += QuestValue(r, c->suit());
  const bool card = CardOfSuit(r, c->suit());
  double target = 0;
  for (v1::Faction f : Present(r, *c)) {
    target = std::max(target, TargetValue(r, *c, f));
    if (card && VagabondRelation(r, f) == 3) v += 2;  // 2 VP per aid
  }
  return v + target;
}

void VagabondMemory::Observe(const DecisionRequest& r) {
  // Events since our last request, in order: a "turn" event starts a new
  // turn (aids start over, 9.2.9.I.a); our aids show up as cards passed
  // from our seat to another.
  for (const auto& e : r.events()) {
    if (e.kind() == "turn") {
      std::fill(std::begin(aids_), std::end(aids_), 0);
      continue;
    }
    if (e.kind() != "take_card" || e.a() != r.seat() || e.seat() == r.seat())
      continue;
    for (const auto& seat : r.observation().seats()) {
      if (seat.seat() == e.seat() && seat.faction() > 0 && seat.faction() < 16)
        ++aids_[seat.faction()];
    }
  }
  // Law 9.2.9.I.a: a given aid counts toward one improvement only; the
  // engine starts the count over when the marker moves.
  for (const auto& rel : MyVagabond(r).relationships()) {
    const int f = rel.faction();
    if (f <= 0 || f >= 16) continue;
    const int level = VagabondRelation(r, rel.faction());
    if (level != level_[f]) aids_[f] = 0;
    level_[f] = level;
  }
  if (explored_at_ == 0 || r.prompt().kind() == "vagabond.explore") return;
  // Law 9.5.3: an item taken scores a VP; none taken (9.7.3), none scored.
  if (VpOf(r, r.faction()) == vp_before_) dead_.push_back(explored_at_);
  explored_at_ = 0;
}

void VagabondMemory::Chose(const DecisionRequest& r, const Option& o) {
  if (r.prompt().kind() == "vagabond.action" &&
      o.label() == "Explore the ruin (torch)") {
    explored_at_ = MyVagabond(r).clearing();
    vp_before_ = VpOf(r, r.faction());
  }
}

int VagabondMemory::AidsTowardNext(v1::Faction f) const {
  return f > 0 && f < 16 ? aids_[f] : 0;
}

bool VagabondAidPays(const DecisionRequest& r, v1::Faction f,
                     const VagabondMemory& m) {
  // Law 9.2.9.I.a: 1, 2 and 3 aids in one turn for the three steps.
  static constexpr int kNeeded[] = {1, 2, 3};
  const int rel = VagabondRelation(r, f);
  if (rel < 0 || rel > 2) return false;
  const int need = kNeeded[rel] - m.AidsTowardNext(f);
  const auto* c = Clearing(r, MyVagabond(r).clearing());
  if (c == nullptr) return false;
  int cards = 0;
  for (const auto& h : r.observation().hand())
    cards += h.suit() == c->suit() || h.suit() == v1::SUIT_BIRD;
  int items = 0;
  for (const auto& it : MyVagabond(r).items())
    items += !it.exhausted() && !it.damaged();
  return cards >= need && items >= need;
}

bool VagabondMemory::DeadRuin(int clearing) const {
  return std::find(dead_.begin(), dead_.end(), clearing) != dead_.end();
}

namespace {

// Law 2.5: presence toward rule (warriors and buildings; the Vagabond's
// pawn does not count, 9.2.2).
int Presence(const v1::ClearingView& c, v1::Faction f) {
  // Nor do ruins, which no faction owns.
  if (IsVagabond(f) || f == v1::FACTION_UNSPECIFIED) return 0;
  return RulePresence(c, f);
}

// How far `who` leads the next faction in `c`.
int LeadOf(const v1::ClearingView& c, v1::Faction who) {
  int next = 0;
  for (const auto& w : c.warriors()) {
    if (w.faction() != who) next = std::max(next, Presence(c, w.faction()));
  }
  for (const auto& p : c.pieces()) {
    if (p.owner() != who) next = std::max(next, Presence(c, p.owner()));
  }
  return Presence(c, who) - next;
}

// Law 9.5.2, 9.2.6, 4.3.3: the chance that our battles this turn, one per
// ready sword, each dealing the higher of two dice (0-3) up to our
// undamaged swords, deal at least `need` hits in all.
double BreakChance(const DecisionRequest& r, int need) {
  if (need <= 0) return 1;
  int undamaged = 0;
  for (const auto& it : MyVagabond(r).items())
    undamaged += it.item() == "sword" && !it.damaged();
  const int cap = std::min(undamaged, 3);
  // The higher of two dice: 0, 1, 2, 3 with 1, 3, 5, 7 sixteenths.
  static constexpr double kHigher[] = {1.0 / 16, 3.0 / 16, 5.0 / 16, 7.0 / 16};
  std::vector<double> p(need + 1, 0.0);  // p[h]: h hits so far (need: more)
  p[0] = 1;
  for (int b = 0; b < ReadyItems(r, "sword"); ++b) {
    std::vector<double> next(need + 1, 0.0);
    for (int h = 0; h <= need; ++h) {
      for (int k = 0; k < 4; ++k)
        next[std::min(need, h + std::min(k, cap))] += p[h] * kHigher[k];
    }
    p = std::move(next);
  }
  return p[need];
}

// Law 11.4.2 with 3.1: the Riverfolk's dividends at their next Birdsong
// (a VP per two funds while any post stands) would bring them to 30. What
// taking the trade post in `c` is worth then, when that stops the win: the
// last post ends the dividends, another halves the funds (11.2.5.I). Hits
// take the guards first (4.3.2); unguarded, the post falls to any battle
// (defenseless, 4.3.4.II).
double DividendStop(const DecisionRequest& r, const v1::ClearingView& c) {
  if (!HasTradePost(&c)) return 0;
  if (DominanceSuit(r, v1::FACTION_RIVERFOLK) != v1::SUIT_UNSPECIFIED)
    return 0;  // Law 3.3.1: it no longer scores
  const int vp = VpOf(r, v1::FACTION_RIVERFOLK);
  const int funds = RiverfolkFunds(r);
  if (vp + funds / 2 < 30) return 0;
  if (TradePostsOnMap(r) > 1 && vp + funds / 2 / 2 >= 30) return 0;
  const int guards = Warriors(c, v1::FACTION_RIVERFOLK);
  const double chance = guards > 0 ? BreakChance(r, guards + 1)
                        : ReadyItems(r, "sword") > 0 ? 1.0
                                                     : 0.0;
  return 12 * std::clamp(1.5 * chance, 0.25, 1.0);
}

// Law 3.3.1: what breaking `who`'s rule of clearing `id` is worth to us,
// where `who` holds an activated dominance card (or the Riverfolk's post
// when their dividends would win, DividendStop): a lot if the clearing is
// one of the three of its suit it rules (I) or of the opposite corners
// it rules (II), so that it would win at its next Birdsong, by the chance
// our ready swords remove its lead (hits fall on warriors first, 4.3.2).
double BreakValue(const DecisionRequest& r, int id, v1::Faction* who_out) {
  const auto* c = Clearing(r, id);
  if (c == nullptr) return 0;
  if (const double v = DividendStop(r, *c); v > 0) {
    *who_out = v1::FACTION_RIVERFOLK;
    return v;
  }
  const v1::Faction who = c->ruler();
  if (who == v1::FACTION_UNSPECIFIED || who == r.faction() || IsVagabond(who))
    return 0;
  const v1::Suit suit = DominanceSuit(r, who);
  if (suit == v1::SUIT_UNSPECIFIED) return 0;
  auto ruled = [&](int cid) {
    const auto* x = Clearing(r, cid);
    return x != nullptr && x->ruler() == who;
  };
  bool urgent = false;
  int held = 0;
  if (suit == v1::SUIT_BIRD) {
    if (id < 1 || id > 4) return 0;
    urgent = ruled(id) && ruled(OppositeCorner(r, id));
    held = urgent ? 3 : ruled(id) ? 2 : 0;  // one corner short
  } else {
    if (c->suit() != suit) return 0;
    for (const auto& x : r.observation().clearings())
      held += x.suit() == suit && x.ruler() == who;
    urgent = held >= 3;
  }
  if (!urgent && held != 2) return 0;
  *who_out = who;
  // Law 2.5: a tie breaks rule; Law 7.2.2: the Eyrie rule ties.
  const int need = LeadOf(*c, who) + (who == v1::FACTION_EYRIE ? 1 : 0);
  // Breaking one of exactly three (or a corner pair) stops the win: worth
  // trying even when our swords may fall short, since the game is lost
  // otherwise. One of two (or a corner whose opposite it lacks) keeps it a
  // clearing further from winning: a little, before it takes the third.
  const double base = held == 3 ? 12 : held == 2 ? 3 : 4;
  return base * std::clamp(1.5 * BreakChance(r, need), 0.25, 1.0);
}

// Law 3.3.1: steps from `from` to the nearest clearing whose rule keeps an
// activated dominance winning at its owner's next Birdsong (BreakValue of
// a win, 4 or more), at most `limit`; limit + 1 when none is that close.
int StepsToThreat(const DecisionRequest& r, int from, int limit) {
  v1::Faction who = v1::FACTION_UNSPECIFIED;
  return StepsTo(r, from, limit, [&](int id, const v1::ClearingView*) {
    return BreakValue(r, id, &who) >= 4;
  });
}

// What moving from `from` to `to` brings us nearer such a clearing: the
// slip and each ready boot are a step (9.4.2, 9.5.1), and the win comes at
// the owner's next Birdsong, so every step counts.
double ApproachThreat(const DecisionRequest& r, int from, int to) {
  constexpr int kLimit = 3;
  const int a = StepsToThreat(r, from, kLimit);
  const int b = StepsToThreat(r, to, kLimit);
  return b < a && b > 0 ? 6.0 * (a - b) : 0;
}

// What battling here scores without turning anyone Hostile (TargetValue).
double VagabondClearingTargets(const DecisionRequest& r) {
  const auto* c = Clearing(r, MyVagabond(r).clearing());
  double best = 0;
  for (v1::Faction f : c ? Present(r, *c) : std::vector<v1::Faction>{})
    best = std::max(best, TargetValue(r, *c, f));
  return best;
}

// Law 9.2.9.III.a: once a faction is Hostile, every further piece of it
// removed in battle on our turn scores a VP. With swords to spare, open
// that source where none is Hostile yet: battle the Indifferent faction
// with the most warriors here (at least two, so the warriors after the
// first score), when our undamaged swords can roll two hits (9.2.6).
v1::Faction InfamyOpening(const DecisionRequest& r) {
  const auto* c = Clearing(r, MyVagabond(r).clearing());
  if (c == nullptr || ReadyItems(r, "sword") == 0)
    return v1::FACTION_UNSPECIFIED;
  int swords = 0;
  for (const auto& it : MyVagabond(r).items())
    swords += it.item() == "sword" && !it.damaged();
  if (swords < 2) return v1::FACTION_UNSPECIFIED;
  for (const auto& rel : MyVagabond(r).relationships()) {
    if (rel.level() == "hostile") return v1::FACTION_UNSPECIFIED;
  }
  v1::Faction best = v1::FACTION_UNSPECIFIED;
  int most = 1;
  for (v1::Faction f : Present(r, *c)) {
    if (IsVagabond(f) || VagabondRelation(r, f) < 0 ||
        VagabondRelation(r, f) > 1)
      continue;
    if (Warriors(*c, f) > most) {
      most = Warriors(*c, f);
      best = f;
    }
  }
  return best;
}

// Law 9.2.9.II.a: an aid to an ally scores two VP; to any other
// non-Hostile faction, only the aid that completes an improvement scores
// (9.2.9.I.a), so aid where this turn's aids can complete one.
double AidAction(const DecisionRequest& r, const VagabondMemory& m) {
  const auto* c = Clearing(r, MyVagabond(r).clearing());
  if (c == nullptr) return 0.5;
  for (v1::Faction f : Present(r, *c)) {
    if (IsVagabond(f)) continue;
    if (VagabondRelation(r, f) == 3 || VagabondAidPays(r, f, m)) return 7;
  }
  return 0.5;
}

double AidTarget(const DecisionRequest& r, v1::Faction f,
                 const VagabondMemory& m) {
  const int rel = VagabondRelation(r, f);
  if (rel < 0) return 0;
  if (rel == 3) return 6;
  return VagabondAidPays(r, f, m) ? 3 + rel : 0.5;
}

// Law 9.2.9.II.b: the clearing a Move takes the pawn to, from the
// "vagabond.move.allies" prompt ("Take allied warriors along to 5 (rabbit)?").
int AlliesDestination(const DecisionRequest& r) {
  const std::string& text = r.prompt().text();
  const size_t at = text.rfind(" to ");
  return at == std::string::npos ? 0 : std::atoi(text.c_str() + at + 4);
}

// Law 3.3.1: how near an activated dominance of `who` (of `suit`) stands
// to winning at its next Birdsong once `n` warriors of `mover` go from
// clearing `from` to `to` (Law 2.5: rule is the most warriors and
// buildings; tokens and the Vagabond's pawn do not count): 10 if it would
// win, plus the clearings toward it that it rules.
double DominanceStanding(const DecisionRequest& r, v1::Faction who, int suit,
                         v1::Faction mover, int from, int to, int n) {
  auto presence = [&](const v1::ClearingView& c, v1::Faction f) {
    int p = Presence(c, f);
    if (f == mover) p += (c.id() == to ? n : 0) - (c.id() == from ? n : 0);
    return p;
  };
  auto rules = [&](const v1::ClearingView& c) {
    const int mine = presence(c, who);
    int next = 0;
    for (const auto& seat : r.observation().seats()) {
      if (seat.faction() != who)
        next = std::max(next, presence(c, seat.faction()));
    }
    // Law 7.2.2 Lords of the Forest: the Eyrie rule ties.
    return mine > 0 &&
           (mine > next || (who == v1::FACTION_EYRIE && mine == next));
  };
  bool corner[5] = {};
  int held = 0;
  for (const auto& c : r.observation().clearings()) {
    if (suit == v1::SUIT_BIRD) {
      if (c.id() >= 1 && c.id() <= 4 && rules(c)) {
        corner[c.id()] = true;
        ++held;
      }
    } else if (c.suit() == suit && rules(c)) {
      ++held;
    }
  }
  const bool win = suit == v1::SUIT_BIRD
                       ? HoldsCornerPair(r, [&](int id) { return corner[id]; })
                       : held >= 3;
  return (win ? 10 : 0) + held;
}

// Law 9.2.9.II.b: allied warriors go along only if we choose; while a
// rival's dominance is activated (3.3.1), take them where its rule drops
// (out of a clearing it holds, or in to outnumber it), never where it
// grows. The higher, the better for us.
double AlliesAlongDefense(const DecisionRequest& r, const Option& o) {
  const int from = MyVagabond(r).clearing();
  const int to = AlliesDestination(r);
  v1::Faction mover = v1::FACTION_UNSPECIFIED;
  int n = 0;
  if (o.payload_case() == Option::kCount) {
    mover = o.count().faction();
    n = o.count().count();
  }
  double worse = 0;
  bool any = false;
  for (const auto& seat : r.observation().seats()) {
    if (seat.faction() == r.faction() || IsVagabond(seat.faction()) ||
        !seat.has_dominance())
      continue;
    any = true;
    worse += DominanceStanding(r, seat.faction(), seat.dominance().suit(),
                               mover, from, to, n);
  }
  if (!any) return 0;
  // The dominance holder's own warriors stay home on a tie.
  bool holder = false;
  for (const auto& seat : r.observation().seats())
    holder |= seat.faction() == mover && seat.has_dominance();
  return 3 * (30 - worse) - (holder ? 0.5 : 0);
}

}  // namespace

double VagabondDominanceDefense(const DecisionRequest& r, const Option& o) {
  if (!IsVagabond(r.faction())) return 0;
  const std::string& kind = r.prompt().kind();
  const int here = MyVagabond(r).clearing();
  v1::Faction who = v1::FACTION_UNSPECIFIED;
  if (o.payload_case() == Option::kBattle) {
    const double v = BreakValue(r, o.battle().clearing(), &who);
    return o.battle().defender() == who ? v : 0;
  }
  // Law 9.2.6: the hits we can roll to break a rule are our undamaged
  // swords, one battle per ready sword (9.5.2): while an opponent's
  // dominance is activated, refresh swords first (9.4.1).
  if (kind == "vagabond.refresh" && o.payload_case() == Option::kItem &&
      o.item().item() == "sword" && !o.item().damaged()) {
    for (const auto& seat : r.observation().seats()) {
      if (seat.faction() != r.faction() && seat.has_dominance()) return 3;
    }
    return 0;
  }
  // Law 9.4.2, 9.5.1: the slip takes us one step toward such a win, each
  // ready boot one more (two into the holder's warriors once it is Hostile,
  // 9.2.9.III.b): refresh the boots the way there needs before swords.
  if (kind == "vagabond.refresh" && o.payload_case() == Option::kItem &&
      o.item().item() == "boot" && !o.item().damaged() && here > 0) {
    constexpr int kLimit = 3;
    const int steps = StepsTo(r, here, kLimit, [&](int id, const auto*) {
      return BreakValue(r, id, &who) >= 4;
    });
    if (steps < 2 || steps > kLimit) return 0;
    const int boots = steps - 1 + (VagabondRelation(r, who) < 0 ? 1 : 0);
    return ReadyItems(r, "boot") < boots ? 3.5 : 0;
  }
  // Staying where we can break it.
  if ((kind == "vagabond.move" || kind == "vagabond.slip") &&
      o.payload_case() == Option::kDone && here > 0)
    return BreakValue(r, here, &who);
  if ((kind == "vagabond.move" || kind == "vagabond.slip") &&
      o.payload_case() == Option::kClearing) {
    return std::max(BreakValue(r, o.clearing().clearing(), &who),
                    ApproachThreat(r, here, o.clearing().clearing()));
  }
  if (kind == "vagabond.strike" && o.payload_case() == Option::kFaction) {
    const double v = BreakValue(r, here, &who);
    const auto* c = Clearing(r, here);
    return o.faction().faction() == who && c && LeadOf(*c, who) <= 1 ? v : 0;
  }
  if (kind == "vagabond.move.allies") return AlliesAlongDefense(r, o);
  if (kind != "vagabond.action" || o.payload_case() != Option::kAction)
    return 0;
  const std::string& label = o.label();
  if (label == "Battle (sword)") return BreakValue(r, here, &who);
  if (label == "Strike (crossbow)") {
    const double v = BreakValue(r, here, &who);
    const auto* c = Clearing(r, here);
    return c && who != v1::FACTION_UNSPECIFIED && LeadOf(*c, who) <= 1 ? v : 0;
  }
  if (label == "Move (boot)") {
    const auto* c = Clearing(r, here);
    if (c == nullptr) return 0;
    double best = 0;
    double approach = 0;
    const int boots = ReadyItems(r, "boot");
    for (int a : c->adjacent()) {
      // Law 9.2.9.III.b: not where one boot cannot take us.
      if (boots < 2 && HostileWarriors(r, Clearing(r, a))) continue;
      best = std::max(best, BreakValue(r, a, &who));
      approach = std::max(approach, ApproachThreat(r, here, a));
    }
    // Before a quest or an aid spends the sword the break needs.
    return std::max(0.85 * best, approach);
  }
  return 0;
}

bool VagabondPlanScore(const DecisionRequest& r, const Option& o, double* score,
                       const VagabondMemory* m) {
  if (!IsVagabond(r.faction())) return false;
  const std::string& kind = r.prompt().kind();
  if (kind == "vagabond.move" || kind == "vagabond.slip") {
    *score = MoveScore(r, o, m);
  } else if (kind == "vagabond.action" && o.label() == "Strike (crossbow)") {
    *score = StrikeAction(r);
  } else if (kind == "vagabond.action" &&
             o.label().rfind("Harrier special action", 0) == 0 &&
             MyVagabond(r).clearing() == 0 && Damaged(r) >= 2) {
    // Law 9.6.1: resting in the forest repairs every damaged item; the
    // Glide would carry us out of it before the Evening.
    *score = -1;
  } else if (kind == "vagabond.action" && o.label() == "Battle (sword)" &&
             InfamyOpening(r) != v1::FACTION_UNSPECIFIED &&
             VagabondClearingTargets(r) == 0) {
    *score = 1.5;  // after what scores more, before ending the turn
  } else if (kind == "vagabond.battle" && o.payload_case() == Option::kBattle &&
             o.battle().defender() == InfamyOpening(r) &&
             o.battle().defender() != v1::FACTION_UNSPECIFIED) {
    *score = 1;
  } else if (kind == "vagabond.action" && o.label() == "Move (boot)") {
    *score = MoveAction(r, m);
  } else if (kind == "vagabond.action" &&
             o.label() == "Explore the ruin (torch)" && m &&
             m->DeadRuin(MyVagabond(r).clearing())) {
    *score = -1;  // nothing here we may take (Law 9.7.3)
  } else if (kind == "vagabond.action" && o.label() == "Aid" &&
             !AidTargetHere(r)) {
    *score = -1;  // only the other Vagabond: no relationship to improve
  } else if (kind == "vagabond.action" && o.label() == "Aid" && m) {
    *score = AidAction(r, *m);
  } else if (kind == "vagabond.aid.target" &&
             o.payload_case() == Option::kFaction &&
             IsVagabond(o.faction().faction())) {
    *score = -5;
  } else if (kind == "vagabond.aid.target" &&
             o.payload_case() == Option::kFaction && m) {
    *score = AidTarget(r, o.faction().faction(), *m);
  } else if (kind == "vagabond.strike") {
    *score = StrikeTarget(r, o.faction().faction());
  } else if (kind == "vagabond.aid.card") {
    *score = AidCard(o);
  } else if (kind == "vagabond.refresh") {
    *score = Refresh(r, o);
  } else if (kind == "vagabond.item_limit") {
    *score = ItemLimit(r, o);
  } else if (kind == "vagabond.take_hit" && o.payload_case() == Option::kItem) {
    *score = TakeHit(r, o);
  } else {
    return false;
  }
  return true;
}

}  // namespace woodland::bots
