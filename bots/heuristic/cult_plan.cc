#include "bots/heuristic/cult_plan.h"

#include <string>

#include "bots/heuristic/request_view.h"

namespace woodland::bots {
namespace {

using v1::DecisionRequest;
using v1::Option;

// VP printed above the rightmost empty Gardens space (Law 10.5.3), by
// gardens of the suit on the map.
constexpr double kScoreVp[6] = {0, 0, 2, 2, 3, 4};

int EnemyWarriors(const v1::ClearingView* c, v1::Faction me) {
  int n = 0;
  if (c == nullptr) return 0;
  for (const auto& w : c->warriors()) n += w.faction() != me ? w.count() : 0;
  return n;
}

int Gardens(const v1::ClearingView* c) {
  int n = 0;
  if (c == nullptr) return 0;
  for (const auto& p : c->pieces()) {
    if (p.owner() == v1::FACTION_CULT) n += p.count();
  }
  return n;
}

// Gardens of `suit` (1 fox .. 3 mouse) on the map.
int GardensOnMap(const DecisionRequest& r, v1::Suit suit) {
  const auto& tracks = r.observation().cult().gardens_on_tracks();
  const int i = static_cast<int>(suit) - 1;
  return i >= 0 && i < tracks.size() ? 5 - tracks[i] : 0;
}

bool ScoredThisTurn(const DecisionRequest& r, v1::Suit suit) {
  for (int s : r.observation().cult().scored_this_turn()) {
    if (s == suit) return true;
  }
  return false;
}

// Cards of `suit` in hand (10.2.2: birds are not wild).
int HandCount(const DecisionRequest& r, v1::Suit suit) {
  int n = 0;
  for (const auto& c : r.observation().hand()) n += c.suit() == suit;
  return n;
}

// Law 2.2.3: open building slots in `c` (ruins fill theirs; tokens none).
int OpenSlots(const v1::ClearingView& c) {
  int used = 0;
  for (const auto& p : c.pieces()) used += IsToken(p.piece()) ? 0 : p.count();
  return c.slots() - used;
}

// Law 10.5.2 with 10.5.1 and 2.5: what a Recruit in `c` adds when the Cult
// does not rule `c` yet and one more warrior would make it rule there with
// a slot open and a garden of the suit left: a Build there, this Daylight
// if another card of the suit is in hand (the Recruit reveals one).
double RecruitOpensBuild(const DecisionRequest& r, const v1::ClearingView* c) {
  if (c == nullptr || c->ruler() == r.faction() || OpenSlots(*c) <= 0 ||
      GardensOnMap(r, c->suit()) >= 5)
    return 0;
  const int mine = RulePresence(*c, r.faction()) + 1;
  auto blocks = [&](v1::Faction f) {
    return f != r.faction() && f != v1::FACTION_UNSPECIFIED &&
           RulePresence(*c, f) >= mine;
  };
  for (const auto& w : c->warriors()) {
    if (blocks(w.faction())) return 0;
  }
  for (const auto& p : c->pieces()) {
    if (blocks(p.owner())) return 0;
  }
  return HandCount(r, c->suit()) >= 2 ? 8 : 4;
}

// The best Score ritual available now.
double BestScore(const DecisionRequest& r) {
  double best = 0;
  for (v1::Suit s : {v1::SUIT_FOX, v1::SUIT_RABBIT, v1::SUIT_MOUSE}) {
    if (HandCount(r, s) == 0 || ScoredThisTurn(r, s)) continue;
    const double vp = kScoreVp[GardensOnMap(r, s)];
    if (vp > best) best = vp;
  }
  return best;
}

// Law 3.3.1: clearings the activated card (else a dominance card in hand)
// needs ruled (bird: corners 1-4) that no garden holds yet (10.2.4); 0
// without such a card.
double HoldBonus(const DecisionRequest& r, const v1::ClearingView* c) {
  v1::Suit d = DominanceSuit(r, r.faction());
  for (const auto& h : r.observation().hand()) {
    if (d == v1::SUIT_UNSPECIFIED && h.name() == "Dominance") d = h.suit();
  }
  if (c == nullptr || d == v1::SUIT_UNSPECIFIED || Gardens(c) > 0) return 0;
  const bool counts =
      d == v1::SUIT_BIRD ? c->id() >= 1 && c->id() <= 4 : c->suit() == d;
  return counts ? 1 : 0;
}

double BattleValue(const DecisionRequest& r, const Option& o) {
  const auto* c = Clearing(r, o.battle().clearing());
  if (c == nullptr) return 0;
  const v1::Faction def = o.battle().defender();
  int buildings = 0;
  for (const auto& p : c->pieces()) {
    if (p.owner() == def) buildings += p.count();
  }
  return Warriors(c, r.faction()) - Warriors(c, def) + 2.0 * buildings +
         (Warriors(c, def) == 0 ? 3 : 0);
}

double Ritual(const DecisionRequest& r, const std::string& label) {
  if (label == "Build (a garden)") return 10;
  const bool active = DominanceSuit(r, r.faction()) != v1::SUIT_UNSPECIFIED;
  if (label == "Score") {
    if (active) return -1;  // Law 3.3.2: no more VP, the card only burns
    const double vp = BestScore(r);
    return vp >= 2 ? 6 + vp : -1;
  }
  if (label == "Recruit") return active ? 7 : 4;  // 3.3.1: hold the suit
  if (label.rfind("Sacrifice", 0) == 0)
    return r.observation().cult().acolytes() < 3 ? 5 : 2;
  return 1;
}

// Law 10.4.3.III: Sanctify replaces an enemy building with a garden (never
// a token such as a trade post, 20.2.2): the highest scorer's buildings.
double SanctifyClearing(const DecisionRequest& r, const v1::ClearingView* c) {
  if (c == nullptr) return 0;
  double s = 1;
  for (const auto& p : c->pieces()) {
    if (p.owner() != r.faction() && p.owner() != v1::FACTION_UNSPECIFIED &&
        !IsToken(p.piece()))
      s += 0.1 * VpOf(r, p.owner());
  }
  return s;
}

// Law 10.4.3.I: a crusade from an Outcast clearing whose Cult warriors
// outnumber the Riverfolk in it or next door can battle a trade post there
// (11.2.5.I halves their funds, 11.4.2): what the best such post is worth.
double CrusadePostWorth(const DecisionRequest& r) {
  const v1::Suit outcast = r.observation().cult().outcast();
  const v1::Faction me = r.faction();
  for (const auto& c : r.observation().clearings()) {
    if (c.suit() != outcast || Warriors(&c, me) == 0) continue;
    auto reach = [&](const v1::ClearingView* t) {
      return HasTradePost(t) &&
             Warriors(&c, me) > Warriors(t, v1::FACTION_RIVERFOLK);
    };
    if (reach(&c)) return TradePostWorth(r);
    for (int a : c.adjacent()) {
      if (reach(Clearing(r, a))) return TradePostWorth(r);
    }
  }
  return 0;
}

// Law 10.4.3.II: `c` is an Outcast clearing where Riverfolk warriors guard
// a trade post, so a Convert there takes a guard (11.2.5.I, 11.4.2: the
// post feeds the Riverfolk's points and dividends; its last guard gone, the
// Cult can take the clearing and then the post), or an unguarded post's
// clearing without Cult warriors where another enemy's warrior stands.
bool ConvertiblePostGuard(const DecisionRequest& r, const v1::ClearingView* c) {
  if (c == nullptr || c->suit() != r.observation().cult().outcast() ||
      !HasTradePost(c))
    return false;
  // Without a guard, an enemy warrior converted is the Cult's foothold
  // there for a crusade battle against the post (10.4.3.I).
  return Warriors(c, v1::FACTION_RIVERFOLK) > 0 ||
         (Warriors(c, r.faction()) == 0 && EnemyWarriors(c, r.faction()) > 0);
}

bool AnyConvertiblePostGuard(const DecisionRequest& r) {
  for (const auto& c : r.observation().clearings()) {
    if (ConvertiblePostGuard(r, &c)) return true;
  }
  return false;
}

// `c` is at or next to a Riverfolk trade post (Law 11.2.5).
bool NearTradePost(const DecisionRequest& r, const v1::ClearingView* c) {
  return c != nullptr && StepsToTradePost(r, c->id(), 1) <= 1;
}

// Law 10.4.3.I: a crusade starts in an Outcast clearing, so Cult warriors
// in `c`, an Outcast clearing at or next to a trade post, can later battle
// the post (11.2.5.I: the Riverfolk's funds, and so their dividends, 11.4.2,
// halve).
bool CrusadeBase(const DecisionRequest& r, const v1::ClearingView* c) {
  return NearTradePost(r, c) && c->suit() == r.observation().cult().outcast();
}

// Cult warriors that make a watch over a trade post (measured on the 28
// Riverfolk tables: 2, 3, 4 and no limit won 87.6, 87.6, 87.5 and 87.3%).
constexpr int kPostWatch = 3;

// Law 10.4.1: the Outcast follows the Lost Souls, so any suit may be the
// Outcast at a later Birdsong; a few Cult warriors at or next to a trade
// post of any suit can then convert its guards or crusade against it
// (10.4.3.I-II, 11.2.5.I). A Recruit (10.5.2) there scores this bonus
// until kPostWatch warriors stand in `c`.
double PostWatch(const DecisionRequest& r, const v1::ClearingView* c) {
  return NearTradePost(r, c) && Warriors(c, r.faction()) < kPostWatch ? 5 : 0;
}

// Law 10.4.1: the suit with the most Lost Souls becomes the Outcast, and
// conspiracies act only in Outcast clearings (10.4.3): the suit of the most
// trade-post clearings (11.2.5; a tie: the first suit), SUIT_UNSPECIFIED
// while no post stands.
v1::Suit PostSuit(const DecisionRequest& r) {
  int posts[4] = {0, 0, 0, 0};
  for (const auto& c : r.observation().clearings()) {
    const int s = static_cast<int>(c.suit());
    if (s >= 1 && s <= 3) posts[s] += HasTradePost(&c);
  }
  int best = 0;
  for (int s = 1; s <= 3; ++s) {
    if (posts[s] > posts[best]) best = s;
  }
  return static_cast<v1::Suit>(best);
}

double Conspiracy(const DecisionRequest& r, const std::string& label) {
  if (label.rfind("Sanctify", 0) == 0) return 9;
  if (label.rfind("Convert", 0) == 0)
    return AnyConvertiblePostGuard(r) ? 10 : 6;
  if (label.rfind("Crusade", 0) == 0) {
    const double post = CrusadePostWorth(r);
    return post > 0 ? 5 + 0.5 * post : 3;
  }
  return 1;
}

// The suit of the Cult's starting garden (setup), as the Outcast: the Cult
// can then craft and conspire at home.
double Outcast(const DecisionRequest& r, const Option& o) {
  for (const auto& c : r.observation().clearings()) {
    if (Gardens(&c) > 0 && c.suit() == o.suit().suit()) return 2;
  }
  return 1;
}

// Law 10.2.4: the Cult rules every clearing where it has a garden, which
// only the garden's removal undoes; elsewhere rule may fall to any move.
bool SecurelyRuled(const v1::ClearingView& c) { return Gardens(&c) > 0; }

// Law 3.3.1: an activated dominance card wins only if the Cult still rules
// the clearings at its next Birdsong, and 3.3.2: from then on it scores no
// more VP. Activate (or take) one only when gardens already hold three
// clearings of the suit, or two and the Cult rules a third (measured: 90.4%
// against 89.5% with three gardens, 1000 games); bird: opposite corners.
bool DominanceHeld(const DecisionRequest& r, v1::Suit suit) {
  auto held = [&](int id) {
    const auto* c = Clearing(r, id);
    return c != nullptr && SecurelyRuled(*c);
  };
  if (suit == v1::SUIT_BIRD) return HoldsCornerPair(r, held);
  int n = 0, ruled = 0;
  for (const auto& c : r.observation().clearings()) {
    n += c.suit() == suit && SecurelyRuled(c);
    ruled += c.suit() == suit && c.ruler() == r.faction();
  }
  return n >= 3 || (n == 2 && ruled >= 3);
}

}  // namespace

bool CultDominanceScore(const DecisionRequest& r, const Option& o,
                        double* score) {
  if (r.faction() != v1::FACTION_CULT || o.payload_case() != Option::kExtra)
    return false;
  const auto& e = o.extra();
  if (e.action() == "activate_dominance") {
    *score = DominanceHeld(r, e.card().suit()) ? 50 : -5;
    return true;
  }
  if (e.action() == "take_dominance") {
    *score = DominanceHeld(r, e.card().suit()) ? 8 : -3;
    return true;
  }
  return false;
}

bool CultScore(const DecisionRequest& r, const Option& o, double* score) {
  const std::string& kind = r.prompt().kind();
  const v1::Faction me = r.faction();
  const bool done = o.payload_case() == Option::kDone;
  double s = 0;
  if (kind == "cult.setup.outcast") {
    s = Outcast(r, o);
  } else if (kind == "cult.ritual") {
    if (o.payload_case() == Option::kExtra) return false;
    s = done ? 0.5 : Ritual(r, o.label());
  } else if (kind == "cult.ritual_clearing") {
    const auto* c = Clearing(r, o.clearing().clearing());
    const bool build = r.prompt().text().rfind("Build", 0) == 0;
    // Build behind our warriors; recruit to guard gardens, contest rule, open
    // a Build (10.5.1), stand where a crusade reaches a trade post and keep
    // a watch by every post.
    s = build
            ? Warriors(c, me) - 0.5 * EnemyWarriors(c, me) + 5 * HoldBonus(r, c)
            : 3.0 * (Gardens(c) > 0) + 1.0 * (EnemyWarriors(c, me) > 0) -
                  0.3 * Warriors(c, me) +
                  HoldBonus(r, c) * (4 + 2.0 * (c && c->ruler() != me)) +
                  RecruitOpensBuild(r, c) + 2.0 * CrusadeBase(r, c) +
                  PostWatch(r, c);
  } else if (kind == "cult.score_suit") {
    // A tie goes to the trade posts' suit: the spent card joins the Lost
    // Souls (10.5.3, 10.2.6).
    s = kScoreVp[GardensOnMap(r, o.suit().suit())] +
        (o.suit().suit() == PostSuit(r) ? 0.5 : 0);
  } else if (kind == "discard.hand_limit") {
    // Law 10.2.6: a discard joins the Lost Souls, so drop the trade posts'
    // suit first (a dominance card stays); else the general rule.
    if (o.card().suit() != PostSuit(r) || o.card().name() == "Dominance")
      return false;
    s = 2;
  } else if (kind == "cult.conspiracy") {
    s = done ? 0.5 : Conspiracy(r, o.label());
  } else if (kind == "cult.crusade" || kind == "cult.crusade_battle") {
    if (done) {
      s = 0.5;
    } else if (o.payload_case() == Option::kBattle) {
      const auto* c = Clearing(r, o.battle().clearing());
      s = BattleValue(r, o) +
          (o.battle().defender() == v1::FACTION_RIVERFOLK && HasTradePost(c)
               ? TradePostWorth(r)
               : 0);
    } else {
      const auto* to = Clearing(r, o.move().to_clearing());
      const bool post = HasTradePost(to) &&
                        Warriors(Clearing(r, o.move().from_clearing()), me) >
                            Warriors(to, v1::FACTION_RIVERFOLK);
      s = 1 + (to && to->ruler() != me ? 1 : 0) +
          (post ? TradePostWorth(r) : 0);
    }
  } else if (kind == "cult.sanctify") {
    s = SanctifyClearing(r, Clearing(r, o.clearing().clearing()));
  } else if (kind == "cult.sanctify_piece") {
    // Law 10.4.3.III: the leader's building (the engine offers buildings
    // only; a hireling's vault comes as a faction option, 22.3.2).
    if (o.payload_case() != Option::kPiece) return false;
    s = 1 + 0.1 * VpOf(r, o.piece().owner());
  } else if (kind == "cult.convert_faction") {
    // Law 10.4.3.II: a trade post's guard first, else the leader's warrior.
    if (o.payload_case() != Option::kFaction) return false;
    const v1::Faction f = o.faction().faction();
    s = 1 + 0.1 * VpOf(r, f) +
        (f == v1::FACTION_RIVERFOLK && AnyConvertiblePostGuard(r)
             ? TradePostWorth(r)
             : 0);
  } else if (kind == "cult.convert") {
    const auto* c = Clearing(r, o.clearing().clearing());
    s = Warriors(c, me) + (Gardens(c) > 0 ? 2 : 0) +
        (ConvertiblePostGuard(r, c) ? TradePostWorth(r) : 0);
  } else {
    return false;
  }
  *score = s;
  return true;
}

}  // namespace woodland::bots
