#include "bots/heuristic/duchy_plan.h"

#include <algorithm>
#include <string>

#include "bots/heuristic/request_view.h"

namespace woodland::bots {
namespace {

using v1::DecisionRequest;
using v1::Option;

// Action codes of the Duchy (see DuchyView in game.proto).
enum : int {
  kBuild = 0,
  kRecruit = 1,
  kMove = 2,
  kBattle = 3,
  kDig = 4,
  kMoves = 5,
  kBattles = 6,
  kMinister = 10,
  kSway = 20,
  kReturn = 30,
  kFromBurrow = 40,
  kToBurrow = 60,
};

// `f`'s warriors in `c`, or its pieces (only those named `piece` if given).
int Count(const v1::ClearingView* c, v1::Faction f, bool warriors,
          const std::string& piece = "") {
  if (c == nullptr) return 0;
  int n = 0;
  if (warriors) {
    for (const auto& w : c->warriors()) n += w.faction() == f ? w.count() : 0;
  } else {
    for (const auto& p : c->pieces()) {
      if (p.owner() == f && (piece.empty() || p.piece() == piece))
        n += p.count();
    }
  }
  return n;
}

int Enemies(const v1::ClearingView* c, v1::Faction me) {
  if (c == nullptr) return 0;
  int n = 0;
  for (const auto& w : c->warriors()) n += w.faction() != me ? w.count() : 0;
  return n;
}

int OnMap(const DecisionRequest& r, const std::string& piece) {
  int n = 0;
  for (const auto& c : r.observation().clearings()) {
    for (const auto& p : c.pieces()) n += p.piece() == piece ? p.count() : 0;
  }
  return n;
}

// Clearings of a suit `who` rules (Law 2.5).
int Ruled(const DecisionRequest& r, v1::Suit suit, v1::Faction who) {
  int n = 0;
  for (const auto& c : r.observation().clearings())
    n += c.ruler() == who && c.suit() == suit;
  return n;
}

// Law 12.5.1.V: Dig moves at most four warriors from the Burrow.
constexpr int kDigWarriors = 4;
// A trade post worth taking before building (TradePostWorth): about the VP
// the Riverfolk's funds would score over the next few Birdsongs.
constexpr double kPostWorthDigging = 8;

// Law 12.5.1.V: a card in hand that pays for a Dig in `c` (its suit; birds
// are wild, Law 2.1.1).
bool CanPayDig(const DecisionRequest& r, const v1::ClearingView& c) {
  for (const auto& card : r.observation().hand()) {
    if (card.suit() == c.suit() || card.suit() == v1::SUIT_BIRD) return true;
  }
  return false;
}

// What a Dig into `c` gains by landing on a trade post (Law 12.5.1.V): the
// post's worth (request_view.h, Law 11.2.5.I, 11.4.2) where the warriors
// the Dig brings outnumber its guards, so the next battle takes it.
double DigTradePost(const DecisionRequest& r, const v1::ClearingView* c) {
  if (r.faction() == v1::FACTION_RIVERFOLK || !HasTradePost(c)) return 0;
  const int landing =
      std::min(kDigWarriors, r.observation().duchy().burrow_warriors());
  return landing > Warriors(c, v1::FACTION_RIVERFOLK) ? TradePostWorth(r) : 0;
}

// Law 3.3.1: `who`, its dominance active, wins at its next Birdsong as
// things stand: it rules three clearings of the card's suit (bird: both
// clearings of a pair of opposite corners, 3.3.1.II).
bool WinsNextBirdsong(const DecisionRequest& r, v1::Faction who) {
  const v1::Suit suit = DominanceSuit(r, who);
  if (suit == v1::SUIT_BIRD) return RulesCornerPair(r, who);
  return suit != v1::SUIT_UNSPECIFIED && Ruled(r, suit, who) >= 3;
}

// A Dig into `c` (up to four warriors, Law 12.5.1.V) that ends the rule of
// an opponent about to win by dominance there (Law 2.5: a tie rules nobody).
bool DigBreaksDominance(const DecisionRequest& r, const v1::ClearingView* c) {
  v1::Faction who = v1::FACTION_UNSPECIFIED;
  if (c == nullptr || !DominanceThreat(r, c->id(), &who) ||
      !WinsNextBirdsong(r, who))
    return false;
  return std::min(kDigWarriors, r.observation().duchy().burrow_warriors()) +
             Warriors(c, r.faction()) >=
         RulePresence(*c, who);
}

// A clearing a Dig can reach now (no tunnel, a card to pay) where it
// breaks a winning dominance.
bool CanDigToBreakDominance(const DecisionRequest& r) {
  for (const auto& c : r.observation().clearings()) {
    if (Count(&c, r.faction(), false, "tunnel") == 0 && CanPayDig(r, c) &&
        DigBreaksDominance(r, &c))
      return true;
  }
  return false;
}

// The best trade post a Dig could reach now (no tunnel there yet, a card
// to pay for it), 0 when none.
double BestDigTradePost(const DecisionRequest& r) {
  double best = 0;
  for (const auto& c : r.observation().clearings()) {
    if (Count(&c, r.faction(), false, "tunnel") > 0) continue;  // 12.5.1.V
    if (CanPayDig(r, c)) best = std::max(best, DigTradePost(r, &c));
  }
  return best;
}

double Assembly(const DecisionRequest& r, int code) {
  const int burrow = r.observation().duchy().burrow_warriors();
  switch (code) {
    case kBuild:
      return 10;
    case kDig:
      if (CanDigToBreakDominance(r)) return 12;  // Law 3.3.1
      // Dig onto a post, then battle it with the second action.
      if (r.observation().duchy().assembly_actions_taken() == 0 &&
          BestDigTradePost(r) >= kPostWorthDigging) {
        return 11;
      }
      return OnMap(r, "tunnel") < 3 || burrow >= 4 ? 8 : 3;
    case kRecruit:
      return 5;
    case kMove:
      return burrow >= 2 ? 6 : 2;
    case kBattle:
      return 3;
  }
  return 1;
}

double Minister(int m) {
  // Lords score, nobles and squires act; the Banker spends cards we need
  // for swaying, so last.
  static constexpr double kOrder[] = {7, 5, 6, 6, 1, 6, 9, 9, 9};
  return m >= 0 && m < 9 ? kOrder[m] : 1;
}

// With dominance active, take clearings of its suit we do not rule yet
// and keep those we hold (Law 3.3.1.I).
}  // namespace

double DominanceMoveBonus(const DecisionRequest& r,
                          const v1::ClearingView* from,
                          const v1::ClearingView* to) {
  const v1::Suit suit = DominanceSuit(r, r.faction());
  if (suit == v1::SUIT_UNSPECIFIED || suit == v1::SUIT_BIRD) return 0;
  double s = 0;
  if (to != nullptr && to->suit() == suit && to->ruler() != r.faction()) s += 4;
  if (from != nullptr && from->suit() == suit && from->ruler() == r.faction())
    s -= 3;
  return s;
}

namespace {

double Move(const DecisionRequest& r, const Option& o, v1::Faction me) {
  if (o.payload_case() == Option::kAction) {
    const int code = o.action().code();
    if (code >= kToBurrow) return -1;  // stay on the surface
    const auto* to = Clearing(r, code - kFromBurrow + 1);
    return 4 + 0.5 * Enemies(to, me) + DominanceMoveBonus(r, nullptr, to);
  }
  const auto* from = Clearing(r, o.move().from_clearing());
  const auto* to = Clearing(r, o.move().to_clearing());
  double s = 1 + 0.3 * Enemies(to, me);
  // Do not leave buildings unguarded.
  if (Count(from, me, false) > 0 && Count(from, me, true) <= 2) s -= 3;
  return s + DominanceMoveBonus(r, from, to);
}

}  // namespace

// Law 3.3: the Duchy's tunnels reach any clearing (12.2.4), so ruling three
// of a suit is its surest win; against loose opponents it scores VP slowly.

std::optional<double> RulerDominanceScore(const DecisionRequest& r,
                                          const Option& o, int early_vp) {
  if (o.payload_case() != Option::kExtra) return std::nullopt;
  const std::string& action = o.extra().action();
  const v1::Suit suit = o.extra().card().suit();
  if (suit == v1::SUIT_UNSPECIFIED) return std::nullopt;
  if (suit == v1::SUIT_BIRD) {
    // Law 3.3.1.II: achievable only on a pair of opposite corners we hold.
    const bool corners = RulesCornerPair(r, r.faction());
    if (action == "take_dominance") return corners ? 8 : -3;  // 3.3.4
    if (action == "activate_dominance") return corners ? 50 : -5;
    return std::nullopt;
  }
  const int ruled = Ruled(r, suit, r.faction());
  if (action == "take_dominance") return ruled >= 2 ? 8 : -3;
  if (action == "activate_dominance") {
    if (ruled >= 3) return 50;
    return ruled >= 2 && VpOf(r, r.faction()) < early_vp ? 12 : -5;
  }
  return std::nullopt;
}

std::optional<double> DuchyScore(const DecisionRequest& r, const Option& o) {
  const v1::Faction me = r.faction();
  if (me != v1::FACTION_DUCHY) return std::nullopt;
  const std::string& kind = r.prompt().kind();
  const bool done = o.payload_case() == Option::kDone;
  const int code = o.payload_case() == Option::kAction ? o.action().code() : -1;
  if (auto d = RulerDominanceScore(r, o, 12)) return d;
  if (o.payload_case() == Option::kExtra) {
    // Law 4.1.3: Codebreakers shows a hand no decision here reads; other
    // extras (Exposure, Tax Collector, ...) fall to the shared rules.
    if (o.extra().action() == "codebreakers") return -1;
    return std::nullopt;
  }
  if (kind == "duchy.assembly") {
    if (done) return 0;
    if (code < 0) return std::nullopt;  // dominance and card actions
    return Assembly(r, code);
  }
  if (kind == "duchy.parliament" || kind == "duchy.mayor") {
    if (done) return 0;
    return code >= kMinister && code < kSway ? Minister(code - kMinister) : 1;
  }
  if (kind == "duchy.sway") {
    if (done) return 0;
    if (code < kSway || code >= kReturn) return std::nullopt;
    const int m = code - kSway;
    return 3 + 3 * (m / 3) + Minister(m) / 10;  // highest rank first
  }
  if (kind == "duchy.sway_card" || kind == "duchy.build_card") {
    // Revealed birds are discarded in Evening (12.6.1): keep them.
    return o.card().suit() == v1::SUIT_BIRD ? -2 : 1;
  }
  if (kind == "duchy.build_piece") {
    const bool citadel = o.piece().piece() == "citadel";
    return citadel == (OnMap(r, "citadel") <= OnMap(r, "market")) ? 2 : 1;
  }
  if (kind == "duchy.build_clearing") {
    const auto* c = Clearing(r, o.clearing().clearing());
    return Count(c, me, true) - (MobIn(c) ? 10 : 0);
  }
  if (kind == "duchy.dig_clearing") {
    const auto* c = Clearing(r, o.clearing().clearing());
    return 5 - Enemies(c, me) + (Count(c, me, true) == 0 ? 1 : 0) +
           DominanceMoveBonus(r, nullptr, c) + DigTradePost(r, c) -
           (MobIn(c) ? 3 : 0) + (DigBreaksDominance(r, c) ? 12 : 0);
  }
  if (kind == "duchy.dig_count" || kind == "duchy.move_count") {
    return o.count().count();  // all the way
  }
  if (kind == "duchy.move") return done ? 0 : Move(r, o, me);
  if (kind == "duchy.brigadier") return code == kBattles ? 2 : 1;
  if (kind == "duchy.banker_card") {
    return done ? (r.observation().hand_size() <= 3 ? 2 : 0) : 1;
  }
  if (kind == "duchy.price_of_failure") return code == kReturn + 4 ? 2 : 1;
  return std::nullopt;
}

}  // namespace woodland::bots
