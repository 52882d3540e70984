#include "bots/heuristic/corvid_plan.h"

#include <algorithm>
#include <cstdlib>
#include <string>

#include "bots/heuristic/request_view.h"

namespace woodland::bots {
namespace {

using v1::DecisionRequest;
using v1::Option;

int Mine(const v1::ClearingView* c, v1::Faction me) {
  if (c == nullptr) return 0;
  for (const auto& w : c->warriors()) {
    if (w.faction() == me) return w.count();
  }
  return 0;
}

// Enemy warriors and enemy buildings/tokens in the clearing.
int EnemyWarriors(const v1::ClearingView* c, v1::Faction me) {
  int n = 0;
  if (c == nullptr) return 0;
  for (const auto& w : c->warriors()) n += w.faction() != me ? w.count() : 0;
  return n;
}
int EnemyPieces(const v1::ClearingView* c, v1::Faction me) {
  int n = 0;
  if (c == nullptr) return 0;
  for (const auto& p : c->pieces()) {
    if (p.owner() != me && p.owner() != v1::FACTION_UNSPECIFIED) n += p.count();
  }
  return n;
}

std::string PlotIn(const v1::ClearingView* c) {
  if (c == nullptr) return "";
  for (const auto& p : c->pieces()) {
    if (p.owner() == v1::FACTION_CORVID) return p.piece();
  }
  return "";
}

// How many plots of `name` nobody has seen face up (2 of each, 13.2.2).
int Unseen(const DecisionRequest& r, const std::string& name) {
  int n = 2;
  for (const auto& p : r.observation().corvid().plots())
    n -= p.face_up() && p.plot() == name;
  return n;
}

// The clearing named in "... face down in 5 (rabbit)?" (0 if none).
int ClearingInText(const std::string& text) {
  const size_t at = text.rfind(" in ");
  if (at == std::string::npos) return 0;
  int id = 0;
  for (size_t i = at + 4; i < text.size() && text[i] >= '0' && text[i] <= '9';
       ++i)
    id = id * 10 + (text[i] - '0');
  return id;
}

// A face-down plot of ours in `clearing` (Law 13.4.2 flips it at our next
// Birdsong only where a Corvid warrior stands).
bool FaceDownPlot(const DecisionRequest& r, int clearing) {
  for (const auto& p : r.observation().corvid().plots())
    if (p.clearing() == clearing && !p.face_up()) return true;
  return false;
}

// Law 13.4.2: a plot flips only with a Corvid warrior in its clearing;
// move one onto a face-down plot that has none, keep one on each.
double CorvidMove(const DecisionRequest& r, const Option& o) {
  if (o.payload_case() != Option::kMove) return 0.5;
  const v1::Faction me = r.faction();
  const int from = o.move().from_clearing(), to = o.move().to_clearing();
  const auto* f = Clearing(r, from);
  const auto* t = Clearing(r, to);
  double s = 1;
  if (FaceDownPlot(r, to) && Mine(t, me) == 0) s += 3;
  if (FaceDownPlot(r, from) && Mine(f, me) <= 1) s -= 3;
  // Law 13.5.2: a plot needs a clearing without plot tokens.
  if (PlotIn(t).empty() && Mine(t, me) == 0) s += 0.5;
  return s;
}

// How many to move: one onto a plot that needs a flipper, else all but one
// where a face-down plot waits to flip.
double CorvidMoveCount(const DecisionRequest& r, const Option& o) {
  const std::string& text = r.prompt().text();
  const size_t at = text.find(" from ");
  const int from =
      at == std::string::npos ? 0 : std::atoi(text.c_str() + at + 6);
  const int mine = Mine(Clearing(r, from), r.faction());
  const int target = FaceDownPlot(r, from) ? std::max(1, mine - 1) : mine;
  return -std::abs(o.count().count() - target);
}

double CorvidTurn(const DecisionRequest& r, const Option& o,
                  const std::string& kind) {
  const v1::Faction me = r.faction();
  const bool done = o.payload_case() == Option::kDone;
  if (kind == "corvid.setup") {
    const auto* c = Clearing(r, o.clearing().clearing());
    return -EnemyWarriors(c, me) - EnemyPieces(c, me) +
           (c ? 0.3 * c->adjacent_size() : 0);
  }
  if (kind == "corvid.flip") {
    if (done) return 0;
    const auto* c = Clearing(r, o.clearing().clearing());
    const std::string plot = PlotIn(c);
    // Law 13.4.2: a flip scores one VP per face-up plot; a bomb then
    // removes itself (13.7.1), so bombs flip after the others.
    if (plot == "bomb plot")
      return 4 + std::min(0.9, 0.1 * (2 * EnemyPieces(c, me) +
                                      EnemyWarriors(c, me)));
    return plot == "extortion plot" ? 7 : 5;
  }
  if (kind == "corvid.recruit") {
    if (done) return 0;
    return o.card().suit() == v1::SUIT_BIRD ? -1 : 4;
  }
  if (kind == "corvid.action") {
    if (done) return 0;
    if (o.payload_case() == Option::kExtra) return -1;
    static const double kAction[] = {3, 9, 2, 0.5};  // move plot battle trick
    const int a = o.action().code();
    return a >= 0 && a < 4 ? kAction[a] : 0;
  }
  if (kind == "corvid.exert") {
    if (done) return 2;
    return o.action().code() == 1 ? 3 : -1;  // plot once more, else draw
  }
  if (kind == "corvid.plot") {
    const auto* c = Clearing(r, o.clearing().clearing());
    return 3 - EnemyWarriors(c, me) * 0.5 + EnemyPieces(c, me) +
           0.3 * Mine(c, me);
  }
  if (kind == "corvid.plot_kind") {
    const auto* c = Clearing(r, ClearingInText(r.prompt().text()));
    const std::string& p = o.piece().piece();
    const int enemies = EnemyPieces(c, me) + EnemyWarriors(c, me);
    if (p == "bomb plot") return 1 + 2 * EnemyPieces(c, me);
    if (p == "extortion plot") return 1.5 + enemies;
    if (p == "raid plot") return 2 + (c ? 0.3 * c->adjacent_size() : 0);
    return 1.8;  // snare
  }
  if (kind == "corvid.recruit_suit") return 1;
  return done ? 0.5 : 1;
}

}  // namespace

bool CorvidScore(const DecisionRequest& r, const Option& o, double* score) {
  const std::string& kind = r.prompt().kind();
  if (o.payload_case() == Option::kExtra && o.extra().action() == "exposure") {
    // Guess only when most plot kinds are already known face up.
    int unseen = 0;
    for (const char* p :
         {"bomb plot", "snare plot", "extortion plot", "raid plot"})
      unseen += Unseen(r, p) > 0;
    *score = unseen <= 1 ? 4 : -1;
    return true;
  }
  if (kind == "corvid.exposure_guess") {
    *score = Unseen(r, o.piece().piece());
    return true;
  }
  if (kind == "corvid.exposure_card") {
    *score = o.card().suit() == v1::SUIT_BIRD ? 0 : 1;  // keep birds
    return true;
  }
  if (r.faction() != v1::FACTION_CORVID) return false;
  if (kind == "move") {
    *score = CorvidMove(r, o);
    return true;
  }
  if (kind == "move.count") {
    *score = CorvidMoveCount(r, o);
    return true;
  }
  if (kind.rfind("corvid.", 0) != 0) return false;
  *score = CorvidTurn(r, o, kind);
  return true;
}

}  // namespace woodland::bots
