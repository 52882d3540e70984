#include "bots/heuristic/alliance_plan.h"

#include <algorithm>
#include <string>

#include "bots/heuristic/request_view.h"

namespace woodland::bots {
namespace {

using v1::DecisionRequest;
using v1::Option;

constexpr v1::Faction kMe = v1::FACTION_ALLIANCE;

bool Sympathy(const v1::ClearingView* c) {
  if (c == nullptr) return false;
  for (const auto& p : c->pieces()) {
    if (p.piece() == "sympathy") return true;
  }
  return false;
}

bool HasBase(const DecisionRequest& r) {
  for (const auto& c : r.observation().clearings()) {
    for (const auto& p : c.pieces()) {
      if (p.owner() == kMe && p.piece().find("base") != std::string::npos)
        return true;
    }
  }
  return false;
}

// Enemy buildings and tokens in `c` (a Revolt removes and scores each,
// Law 8.4.1.III); a trade post counts extra (Law 11.2.5.I).
double EnemyPiecesValue(const DecisionRequest& r, const v1::ClearingView* c) {
  double v = 0;
  if (c == nullptr) return 0;
  for (const auto& p : c->pieces()) {
    if (p.owner() == kMe || p.owner() == v1::FACTION_UNSPECIFIED) continue;
    v += p.count();
    if (p.piece().find("trade post") != std::string::npos) {
      int funds = 0;
      for (const auto& f : r.observation().riverfolk().funds())
        funds += f.count();
      v += 3 + 0.3 * funds;
    }
  }
  return v;
}

int EnemyWarriors(const v1::ClearingView* c) {
  int n = 0;
  if (c == nullptr) return 0;
  for (const auto& w : c->warriors()) n += w.faction() != kMe ? w.count() : 0;
  return n;
}

int MostEnemyWarriors(const v1::ClearingView* c) {
  int most = 0;
  if (c == nullptr) return 0;
  for (const auto& w : c->warriors()) {
    if (w.faction() != kMe) most = std::max(most, w.count());
  }
  return most;
}

double Action(const DecisionRequest& r, const std::string& label) {
  const int supporters = r.observation().alliance().supporters();
  if (label.rfind("Mobilize", 0) == 0) {
    // Law 8.2.3.I: without a base, supporters above five are discarded.
    if (!HasBase(r) && supporters >= 5) return 1;
    return supporters < 3 ? 7 : 4;
  }
  if (label == "Craft") return 6;
  if (label.rfind("Train", 0) == 0) return 9;
  return 1;
}

// A warrior that can move into an unsympathetic clearing to organize there
// next (Law 8.6.1.IV), keeping one at each base.
double Operation(const DecisionRequest& r, const std::string& label) {
  // Officers' operations (Law 8.6.1) turn into sympathy by Organize; a
  // Recruit only feeds them (weights measured, issue 17, 2500 games).
  if (label.rfind("Organize", 0) == 0) return 9;
  if (label.rfind("Recruit", 0) == 0) return 3;
  if (label == "Move") {
    for (const auto& c : r.observation().clearings()) {
      if (Warriors(&c, kMe) < 2) continue;
      for (int to : c.adjacent()) {
        const auto* t = Clearing(r, to);
        if (t && !Sympathy(t) && EnemyWarriors(t) == 0) return 8;
      }
    }
    return 1;
  }
  return 1;
}

double Spread(const DecisionRequest& r, const v1::ClearingView* c) {
  if (c == nullptr) return 0;
  // Law 8.4.2.II.a: Martial Law (three enemy warriors) costs a supporter
  // more; enemy warriors there may remove the token.
  return 6 + 0.5 * EnemyPiecesValue(r, c) -
         (MostEnemyWarriors(c) >= 3 ? 2 : 0) - 0.3 * EnemyWarriors(c);
}

double Move(const DecisionRequest& r, const v1::MoveChoice& m) {
  const auto* to = Clearing(r, m.to_clearing());
  const auto* from = Clearing(r, m.from_clearing());
  double s = 1;
  if (to && !Sympathy(to)) s += 2 - 0.5 * EnemyWarriors(to);
  if (from && Warriors(from, kMe) <= 1) s -= 1;
  return s;
}

}  // namespace

bool AlliancePlanScore(const DecisionRequest& r, const Option& o,
                       double* score) {
  if (r.faction() != kMe || o.payload_case() == Option::kExtra) return false;
  const std::string& kind = r.prompt().kind();
  const bool done = o.payload_case() == Option::kDone;
  double s = 0;
  if (kind == "alliance.action") {
    s = done ? 0 : Action(r, o.label());
  } else if (kind == "alliance.operation") {
    s = done ? 0 : Operation(r, o.label());
  } else if (kind == "alliance.spread_sympathy") {
    s = done ? 0 : Spread(r, Clearing(r, o.clearing().clearing()));
  } else if (kind == "alliance.revolt") {
    s = done ? 0
             : 8 + 1.5 * EnemyPiecesValue(r,
                                          Clearing(r, o.clearing().clearing()));
  } else if (kind == "move" && o.payload_case() == Option::kMove) {
    s = Move(r, o.move());
  } else {
    return false;
  }
  *score = s;
  return true;
}

}  // namespace woodland::bots
