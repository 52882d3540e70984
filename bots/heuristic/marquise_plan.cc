#include "bots/heuristic/marquise_plan.h"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "bots/heuristic/request_view.h"

namespace woodland::bots {
namespace {

using v1::DecisionRequest;
using v1::Option;

constexpr v1::Faction kMe = v1::FACTION_MARQUISE;

// Law 6.5.4 / the Marquise's board: wood cost and VP of the next building
// of a type, by how many of that type are on the map.
constexpr int kWoodCost[6] = {0, 1, 2, 3, 3, 4};
constexpr int kVpSawmill[6] = {0, 1, 2, 3, 4, 5};
constexpr int kVpWorkshop[6] = {0, 2, 2, 3, 4, 5};
constexpr int kVpRecruiter[6] = {0, 1, 2, 3, 3, 4};

int Count(const v1::ClearingView* c, const std::string& piece, v1::Faction f) {
  int n = 0;
  if (c == nullptr) return 0;
  for (const auto& p : c->pieces()) {
    if (p.owner() == f && p.piece().find(piece) != std::string::npos)
      n += p.count();
  }
  return n;
}

int WoodOnMap(const DecisionRequest& r) {
  int n = 0;
  for (const auto& c : r.observation().clearings()) n += Count(&c, "wood", kMe);
  return n;
}

// Buildings of faction `f` in `c` (trade posts count, Law 11.2.5; tokens
// such as wood, the keep and sympathy do not).
int BuildingsOf(const v1::ClearingView* c, v1::Faction f) {
  int n = 0;
  if (c == nullptr) return 0;
  for (const auto& p : c->pieces()) {
    if (p.owner() != f) continue;
    const std::string& k = p.piece();
    if (k == "wood" || k == "keep" || k == "sympathy") continue;
    n += p.count();
  }
  return n;
}

int EnemyWarriors(const v1::ClearingView* c) {
  int n = 0;
  if (c == nullptr) return 0;
  for (const auto& w : c->warriors()) n += w.faction() != kMe ? w.count() : 0;
  return n;
}

int FreeSlots(const v1::ClearingView* c) {
  if (c == nullptr) return 0;
  int used = 0;
  for (const auto& p : c->pieces()) {
    const std::string& k = p.piece();
    if (k == "wood" || k == "keep" || k == "sympathy") continue;
    used += p.count();
  }
  return c->slots() - used;
}

// The cheapest next building's wood (Law 6.5.4.II), 99 if none is left.
int CheapestBuild(const DecisionRequest& r) {
  const auto& m = r.observation().marquise();
  int best = 99;
  for (int n : {m.sawmills(), m.workshops(), m.recruiters()}) {
    if (n < 6) best = std::min(best, kWoodCost[n]);
  }
  return best;
}

// The most any other faction has in `c` toward rule (Law 2.5: warriors
// plus buildings; a tie means nobody rules).
int TopEnemyPresence(const DecisionRequest& r, const v1::ClearingView* c) {
  int top = 0;
  for (const auto& seat : r.observation().seats()) {
    if (seat.faction() == kMe) continue;
    top = std::max(
        top, Warriors(c, seat.faction()) + BuildingsOf(c, seat.faction()));
  }
  return top;
}

// Law 6.5.4.II: the wood a Build in `start` can pay with: wood in it and in
// ruled clearings connected to it through ruled clearings (`start` counts
// as ruled: the clearing we are about to take; `lost`, a clearing the move
// leaves to others, does not).
int WoodReachable(const DecisionRequest& r, int start, int lost = 0) {
  std::vector<int> frontier = {start}, seen = {start, lost};
  int wood = 0;
  while (!frontier.empty()) {
    const auto* c = Clearing(r, frontier.back());
    frontier.pop_back();
    if (c == nullptr) continue;
    wood += Count(c, "wood", kMe);
    for (int a : c->adjacent()) {
      const auto* n = Clearing(r, a);
      if (n == nullptr || n->ruler() != kMe) continue;
      if (std::find(seen.begin(), seen.end(), a) != seen.end()) continue;
      seen.push_back(a);
      frontier.push_back(a);
    }
  }
  return wood;
}

// Actions left, from the prompt text "... (N left) ...".
int ActionsLeft(const DecisionRequest& r) {
  const std::string& t = r.prompt().text();
  const size_t at = t.find('(');
  return at == std::string::npos ? 0 : std::atoi(t.c_str() + at + 1);
}

// Law 11.2.5.I: a trade post we can take (request_view.h).
double TradePost(const DecisionRequest& r, const v1::ClearingView* c) {
  return HasTradePost(c) ? 1 + TradePostWorth(r) : 0;
}

// The value of attacking in `c` with `ours` warriors: buildings and trade
// posts that would fall (hits go to warriors first, Law 4.3.2).
double AttackValue(const DecisionRequest& r, const v1::ClearingView* c,
                   int ours) {
  double best = 0;
  for (const auto& seat : r.observation().seats()) {
    const v1::Faction f = seat.faction();
    if (f == kMe) continue;
    const int theirs = Warriors(c, f), b = BuildingsOf(c, f);
    if (b == 0 || ours <= theirs) continue;
    const double post = f == v1::FACTION_RIVERFOLK ? TradePost(r, c) : 0;
    best = std::max(best, post + 2.0 * b + (ours >= theirs + 2 ? 1 : 0));
  }
  return best;
}

double BestBattle(const DecisionRequest& r) {
  double best = 0;
  for (const auto& c : r.observation().clearings()) {
    const int ours = Warriors(&c, kMe);
    if (ours > 0) best = std::max(best, AttackValue(r, &c, ours));
  }
  return best;
}

// A march of two moves that ends with enough warriors on a target: one
// step away, or two (the same warriors moving twice, Law 6.5.2).
double BestMarch(const DecisionRequest& r) {
  double best = 0;
  for (const auto& c : r.observation().clearings()) {
    const int ours = Warriors(&c, kMe) - (BuildingsOf(&c, kMe) > 0 ? 1 : 0);
    if (ours < 1) continue;
    for (int to : c.adjacent()) {
      const auto* t = Clearing(r, to);
      best = std::max(best, AttackValue(r, t, ours + Warriors(t, kMe)) - 2);
      if (t == nullptr) continue;
      for (int far : t->adjacent()) {
        const auto* f = Clearing(r, far);
        if (far == c.id() || !HasTradePost(f)) continue;
        best = std::max(best, AttackValue(r, f, ours + Warriors(f, kMe)) - 3);
      }
    }
  }
  return best;
}

// A clearing that counts toward dominance of `suit` (Law 3.3.1.II: bird
// dominance counts the corners, clearings 1-4).
bool CountsFor(const v1::ClearingView* c, int suit) {
  if (c == nullptr || suit == 0) return false;
  if (suit == v1::SUIT_BIRD) return c->id() >= 1 && c->id() <= 4;
  return c->suit() == suit;
}

// Our lead over the strongest other faction in `c` (Law 2.5).
int Margin(const DecisionRequest& r, const v1::ClearingView* c) {
  return Warriors(c, kMe) + BuildingsOf(c, kMe) - TopEnemyPresence(r, c);
}

// Dominance mode (Law 3.3.1.I): a move is worth what it does to the
// clearings of the suit: taking one we do not rule, never giving one up.
double DominanceMove(const DecisionRequest& r, int suit,
                     const v1::MoveChoice& m) {
  const auto* from = Clearing(r, m.from_clearing());
  const auto* to = Clearing(r, m.to_clearing());
  const int movable = Warriors(from, kMe) - (BuildingsOf(from, kMe) > 0);
  double s = 1;
  if (CountsFor(to, suit) && to->ruler() != kMe &&
      Warriors(to, kMe) + movable > TopEnemyPresence(r, to))
    s += 6;
  if (CountsFor(from, suit) && from->ruler() == kMe && Margin(r, from) <= 1)
    s -= 6;
  return s;
}

// Law 6.5.4.I: a clearing we rule with a free slot and the wood to pay
// for the cheapest building there.
bool HasBuildSpot(const DecisionRequest& r) {
  const int cost = CheapestBuild(r);
  for (const auto& c : r.observation().clearings()) {
    if (c.ruler() == kMe && FreeSlots(&c) > 0 &&
        WoodReachable(r, c.id()) >= cost)
      return true;
  }
  return false;
}

// Moving `n` warriors into `to` makes it a build spot: a free slot, more
// of ours than any other faction's presence (Law 2.5) and the wood for the
// cheapest building connected to it (6.5.4.II).
bool MakesBuildSpot(const DecisionRequest& r, int to, int n, int from) {
  const auto* t = Clearing(r, to);
  if (t == nullptr || t->ruler() == kMe || FreeSlots(t) <= 0) return false;
  if (Warriors(t, kMe) + n <= TopEnemyPresence(r, t)) return false;
  // Law 2.5: the clearing the warriors leave may stop being ours, and its
  // wood with it (6.5.4.II).
  const auto* f = Clearing(r, from);
  const bool keeps =
      Warriors(f, kMe) - n + BuildingsOf(f, kMe) > TopEnemyPresence(r, f);
  return WoodReachable(r, to, keeps ? 0 : from) >= CheapestBuild(r);
}

// Is there a move that makes a build spot (MakesBuildSpot)?
bool CanExpand(const DecisionRequest& r) {
  for (const auto& c : r.observation().clearings()) {
    const int n = Warriors(&c, kMe) - (BuildingsOf(&c, kMe) > 0 ? 1 : 0);
    if (n < 1) continue;
    for (int to : c.adjacent()) {
      if (MakesBuildSpot(r, to, n, c.id())) return true;
    }
  }
  return false;
}

// Dominance mode: a march that takes a clearing of the suit, a battle
// where we stand in one we do not rule.
double DominanceAction(const DecisionRequest& r, int suit,
                       const std::string& label) {
  bool take = false, fight = false;
  for (const auto& c : r.observation().clearings()) {
    const int ours = Warriors(&c, kMe);
    if (CountsFor(&c, suit) && c.ruler() != kMe && ours > 0) fight = true;
    const int n = ours - (BuildingsOf(&c, kMe) > 0 ? 1 : 0);
    if (n < 1) continue;
    for (int a : c.adjacent()) {
      const auto* t = Clearing(r, a);
      if (CountsFor(t, suit) && t->ruler() != kMe &&
          Warriors(t, kMe) + n > TopEnemyPresence(r, t))
        take = true;
    }
  }
  if (label.rfind("March", 0) == 0) return take ? 10 : 2;
  if (label == "Battle") return fight ? 9.5 : 1;
  return -1;  // anything else: the usual scores
}

double Action(const DecisionRequest& r, const std::string& label) {
  const int wood = WoodOnMap(r);
  const int left = ActionsLeft(r);
  if (const int suit = DominanceSuit(r, kMe); suit != 0) {
    if (double d = DominanceAction(r, suit, label); d >= 0) return d;
  }
  if (label == "Build") return 12;
  if (label == "Overwork") {
    // Wood for a Build later this turn (or the next one).
    return wood < CheapestBuild(r) ? (left > 1 ? 9 : 6) : 3;
  }
  if (label.rfind("Spend a bird", 0) == 0)
    return wood >= std::min(CheapestBuild(r), 2) ? 8 : 3;
  // Warriors hold rule (buildings, dominance) and guard against raids;
  // measured best just below Overwork (issue 17, 1000 games each).
  if (label.rfind("Recruit", 0) == 0) return 8.5;
  if (label == "Battle") {
    const double v = BestBattle(r);
    return v > 0 ? 5 + v : 1;
  }
  if (label.rfind("March", 0) == 0) {
    // Law 6.5.4.I: with wood but no ruled clearing to build in, march into
    // one with a free slot, then Build with the next action.
    if (left >= 2 && !HasBuildSpot(r) && CanExpand(r)) return 10;
    // Only with an action left to battle after the march.
    const double v = left >= 2 ? BestMarch(r) : 0;
    return v > 0 ? 4 + v / 2 : 2;
  }
  return 1;
}

// Law 6.5.4: a building's VP plus what it yields later: sawmills make the
// wood every later Build needs (the second first of all); recruiters put a
// warrior on the map at every Recruit (6.5.3), the warriors that hold rule,
// dominance and the buildings against raids. Measured (issue 17.5, 1000
// games, seeds 1000/5000/9000/13000, with Field Hospitals for any batch):
// recruiters valued like this and wood weighing 0.4 for workshops and
// recruiters won 94.0/94.2/92.7/91.9% against 88.2/87.2/88.0/86.9%.
double BuildingValue(const DecisionRequest& r, const std::string& type) {
  const auto& m = r.observation().marquise();
  const int vp = VpOf(r, kMe);
  const double later = vp >= 22 ? 0.3 : 1;  // near the end only VP counts
  if (type == "sawmill") {
    const int n = std::min(m.sawmills(), 5);
    const double econ = n < 2 ? 5 : n < 3 ? 4 : n < 4 ? 2 : 0.5;
    return kVpSawmill[n] + later * econ - 0.8 * kWoodCost[n];
  }
  if (type == "workshop") {
    const int n = std::min(m.workshops(), 5);
    return kVpWorkshop[n] + later * 0.5 - 0.4 * kWoodCost[n];
  }
  const int n = std::min(m.recruiters(), 5);
  return kVpRecruiter[n] + later * 4 - 0.4 * kWoodCost[n];
}

// Build where the building is safe: our warriors, no enemy warriors, and
// room left for another building.
double BuildClearing(const DecisionRequest& r, const v1::ClearingView* c) {
  if (c == nullptr) return 0;
  return std::min(Warriors(c, kMe), 3) - 1.5 * EnemyWarriors(c) +
         0.5 * (FreeSlots(c) - 1) + 0.3 * Count(c, "wood", kMe);
}

// The clearings of a "Move N warriors from A (suit) to B (suit)" label.
bool ParseMoveCount(const std::string& label, int* n, int* from, int* to) {
  if (label.rfind("Move ", 0) != 0) return false;
  const size_t f = label.find(" from "), t = label.find(" to ");
  if (f == std::string::npos || t == std::string::npos) return false;
  *n = std::atoi(label.c_str() + 5);
  *from = std::atoi(label.c_str() + f + 6);
  *to = std::atoi(label.c_str() + t + 4);
  return true;
}

// A march: toward a building or trade post we can take, or into clearings
// nobody rules; never strip a clearing of its last guard of our buildings.
double Move(const DecisionRequest& r, const v1::MoveChoice& m) {
  if (const int suit = DominanceSuit(r, kMe); suit != 0)
    return DominanceMove(r, suit, m);
  const auto* from = Clearing(r, m.from_clearing());
  const auto* to = Clearing(r, m.to_clearing());
  const int movable = Warriors(from, kMe) - (BuildingsOf(from, kMe) > 0);
  double s = 1 + AttackValue(r, to, movable + Warriors(to, kMe));
  if (to && to->ruler() != kMe && FreeSlots(to) > 0) s += 1;
  // The first of two steps toward a trade post (BestMarch).
  if (movable >= 2 && StepsToTradePost(r, m.to_clearing(), 1) == 1 &&
      StepsToTradePost(r, m.from_clearing(), 1) > 1)
    s += 0.4 * TradePostWorth(r);
  if (movable <= 0) s -= 3;
  if (movable > 0 &&
      MakesBuildSpot(r, m.to_clearing(), movable, m.from_clearing()))
    s += HasBuildSpot(r) ? 1.5 : 5;
  return s;
}

double MoveCount(const DecisionRequest& r, const Option& o) {
  int n = 0, from = 0, to = 0;
  if (!ParseMoveCount(o.label(), &n, &from, &to)) return 0;
  const auto* f = Clearing(r, from);
  const int keep = BuildingsOf(f, kMe) > 0 ? 1 : 0;
  const int want = std::max(1, Warriors(f, kMe) - keep);
  return -std::abs(n - want);
}

double CardCost(const v1::Card& c) {
  if (c.name() == "Dominance") return -5;
  return c.suit() == v1::SUIT_BIRD ? -2 : 0;
}

// Law 3.3.1.I: ruling three clearings of the card's suit at the start of
// our next Birdsong wins, but activating ends our scoring: activate only
// with a hold the other players' turns are unlikely to break (three ruled
// by two or more, or four ruled).
double ActivateValue(const DecisionRequest& r, const v1::Card& card) {
  const int suit = card.suit();
  if (suit < 1 || suit > 3) return -1;  // bird: the general rule decides
  int ruled = 0, firm = 0;
  for (const auto& c : r.observation().clearings()) {
    if (c.suit() != suit || c.ruler() != kMe) continue;
    ++ruled;
    firm += Margin(r, &c) >= 2;
  }
  return ruled >= 4 || firm >= 3 ? 50 : -5;
}

}  // namespace

bool MarquisePlanScore(const DecisionRequest& r, const Option& o,
                       double* score) {
  if (r.faction() != kMe) return false;
  const std::string& kind = r.prompt().kind();
  const bool done = o.payload_case() == Option::kDone;
  double s = 0;
  if (o.payload_case() == Option::kExtra &&
      o.extra().action() == "activate_dominance") {
    s = ActivateValue(r, o.extra().card());
    if (s == -1) return false;
    *score = s;
    return true;
  }
  if (kind == "marquise.action") {
    if (o.payload_case() == Option::kExtra) return false;
    s = done ? 0 : Action(r, o.label());
  } else if (kind == "marquise.build.type") {
    s = BuildingValue(r, o.piece().piece());
  } else if (kind == "marquise.build.clearing") {
    s = BuildClearing(r, Clearing(r, o.clearing().clearing()));
  } else if (kind == "marquise.overwork.card" ||
             kind == "marquise.spend_bird") {
    s = CardCost(o.card());
  } else if (kind == "marquise.field_hospitals") {
    // Law 6.2.3: a card per batch of warriors, worth it even for one (a
    // warrior at the keep holds rule and recruits nothing can replace;
    // measured, 1000 games, seeds 1000/5000/9000/13000: 85.2/84.6/85.3/
    // 84.5% -> 88.2/87.2/88.0/86.9% against "two or more").
    s = done ? 0 : 1 + CardCost(o.card());
  } else if (kind == "move" && o.payload_case() == Option::kMove) {
    s = Move(r, o.move());
  } else if (kind == "move.count") {
    s = MoveCount(r, o);
  } else {
    return false;
  }
  *score = s;
  return true;
}

}  // namespace woodland::bots
