#include "bots/heuristic/hundreds_plan.h"

#include <string>

#include "bots/heuristic/request_view.h"

namespace woodland::bots {
namespace {

using v1::DecisionRequest;
using v1::Option;

int Mine(const v1::ClearingView* c) {
  if (c == nullptr) return 0;
  for (const auto& w : c->warriors()) {
    if (w.faction() == v1::FACTION_HUNDREDS) return w.count();
  }
  return 0;
}

int EnemyWarriors(const v1::ClearingView* c) {
  int n = 0;
  if (c == nullptr) return n;
  for (const auto& w : c->warriors()) {
    if (w.faction() != v1::FACTION_HUNDREDS) n += w.count();
  }
  return n;
}

// Enemy buildings and tokens: what a mob razes (Law 14.4.1).
int EnemyPieces(const v1::ClearingView* c) {
  int n = 0;
  if (c == nullptr) return n;
  for (const auto& p : c->pieces()) {
    if (p.owner() != v1::FACTION_UNSPECIFIED &&
        p.owner() != v1::FACTION_HUNDREDS)
      n += p.count();
  }
  return n;
}

bool HasRuin(const v1::ClearingView* c) {
  if (c == nullptr) return false;
  for (const auto& p : c->pieces()) {
    if (p.piece() == "ruin") return true;
  }
  return false;
}

int Warlord(const DecisionRequest& r) {
  return r.observation().hundreds().warlord_clearing();
}

// Battle value: outnumber the defender, break buildings, finish the last.
double BattleScore(const DecisionRequest& r, const Option& o) {
  const auto* c = Clearing(r, o.battle().clearing());
  const int mine = Mine(c);
  int theirs = 0;
  if (c != nullptr) {
    for (const auto& w : c->warriors()) {
      if (w.faction() == o.battle().defender()) theirs = w.count();
    }
  }
  double s = mine - theirs + 1.5 * EnemyPieces(c);
  if (theirs == 0) s += 3;
  if (o.battle().clearing() == Warlord(r)) s += 1;  // Wrathful, Stubborn
  return s;
}

// Where to go: clearings to oppress (no enemies) or to fight at an advantage.
double DestinationScore(const DecisionRequest& r, int from, int to) {
  const auto* f = Clearing(r, from);
  const auto* t = Clearing(r, to);
  if (t == nullptr) return 0;
  double s = 1;
  if (EnemyWarriors(t) + EnemyPieces(t) == 0 && Mine(t) == 0) s += 3;
  if (EnemyPieces(t) > 0 && Mine(f) > EnemyWarriors(t)) s += 2;
  if (HasRuin(t)) s += 1;
  if (f != nullptr) {
    for (const auto& p : f->pieces()) {
      if (p.piece() == "stronghold" && Mine(f) <= 2) s -= 3;  // keep a guard
    }
  }
  return s;
}

double MoodScore(const DecisionRequest& r, const std::string& mood) {
  const int hand = r.observation().hand_size();
  if (mood == "Wrathful") return 5;
  if (mood == "Stubborn") return 4.5;
  if (mood == "Relentless") return 4;
  if (mood == "Rowdy") return hand <= 2 ? 6 : 3;
  if (mood == "Jubilant") return hand >= 4 ? 4.5 : 2;
  if (mood == "Bitter")
    return r.observation().hundreds().mob_clearings_size() >= 3 ? 3 : 1;
  if (mood == "Grandiose") return 2;
  return 0;  // Lavish: the Hoard is worth more than warriors
}

int Count(const std::string& label) {
  // "Move the warlord and 2 warriors from ...", "Move 3 warriors from ..."
  for (size_t i = 0; i < label.size(); ++i) {
    if (label[i] >= '0' && label[i] <= '9') return label[i] - '0';
    if (label.compare(i, 5, " from") == 0) break;
  }
  return 0;
}

}  // namespace

bool HundredsScore(const DecisionRequest& r, const Option& o, double* score) {
  const std::string& kind = r.prompt().kind();
  if (kind.rfind("hundreds.", 0) != 0) return false;
  const bool done = o.payload_case() == Option::kDone;
  const std::string& label = o.label();
  const auto& hv = r.observation().hundreds();
  double s = done ? 0.5 : 1;
  if (kind == "hundreds.mood") {
    s = MoodScore(r, label);
  } else if (kind == "hundreds.command") {
    if (o.payload_case() == Option::kExtra) {
      s = 0.2;
    } else if (label == "Build a stronghold") {
      s = 8;
    } else if (label == "Battle") {
      s = 5;
    } else if (label == "Move") {
      s = 3;
    }
  } else if (kind == "hundreds.move" || kind == "hundreds.advance" ||
             kind == "hundreds.relentless" ||
             kind == "hundreds.advance.battle") {
    if (o.payload_case() == Option::kMove) {
      s = DestinationScore(r, o.move().from_clearing(), o.move().to_clearing());
    } else if (o.payload_case() == Option::kBattle) {
      s = BattleScore(r, o) + 1;
    } else if (done) {
      s = 1.5;
    }
  } else if (kind == "hundreds.move.count") {
    // The warlord travels with a strong escort; plain moves leave one behind.
    const int n = Count(label);
    const bool lord = label.rfind("Move the warlord", 0) == 0;
    s = lord ? 2 + n : 1 + 0.5 * n;
  } else if (kind == "hundreds.build" || kind == "hundreds.anoint" ||
             kind == "hundreds.recruit") {
    s = Mine(Clearing(r, o.clearing().clearing()));
  } else if (kind == "hundreds.incite") {
    if (!done) {
      const auto* c = Clearing(r, o.clearing().clearing());
      s = 3 + 2 * EnemyPieces(c) + (HasRuin(c) ? 2 : 0);
    }
  } else if (kind == "hundreds.raze.mob" || kind == "hundreds.jubilant.mob") {
    const auto* c = Clearing(r, o.clearing().clearing());
    s = 1 + 2 * EnemyPieces(c) + (HasRuin(c) ? 2 : 0);
  } else if (kind == "hundreds.jubilant") {
    s = done ? 0 : 3;
  } else if (kind == "hundreds.contempt_for_trade") {
    // Hoard until the tracks give 3; then sell items for their VP.
    const bool keep = hv.command() < 3 || hv.prowess() < 3;
    s = label.rfind("Take", 0) == 0 ? (keep ? 3 : 1) : (keep ? 1 : 3);
  } else if (kind == "hundreds.looters") {
    s = label.rfind("Loot", 0) == 0 ? 2 : 1.5;
  } else if (kind == "hundreds.warlord_hit") {
    s = label == "The warlord stays" ? 5 : 0;
  } else if (kind == "hundreds.bitter") {
    s = done ? 1.5
             : (EnemyPieces(Clearing(r, o.clearing().clearing())) ? 0 : 2);
  } else if (kind == "hundreds.lavish") {
    s = done ? 2 : 0;
  } else if (kind == "hundreds.build.card" || kind == "hundreds.incite.card") {
    s = o.card().suit() == v1::SUIT_BIRD ? 0 : 1;  // keep birds
  }
  *score = s;
  return true;
}

}  // namespace woodland::bots
