#include "bots/heuristic/eyrie_plan.h"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "bots/heuristic/request_view.h"
#include "bots/heuristic/riverfolk_counter.h"

namespace woodland::bots {
namespace {

using v1::DecisionRequest;
using v1::Option;

constexpr v1::Faction kMe = v1::FACTION_EYRIE;
constexpr int kBird = v1::SUIT_BIRD;  // index 4; suits 1-3
enum Column { kRecruit = 0, kMove = 1, kBattle = 2, kBuild = 3 };

bool HasRoost(const v1::ClearingView* c) {
  if (c == nullptr) return false;
  for (const auto& p : c->pieces()) {
    if (p.piece() == "roost") return true;
  }
  return false;
}

// Law 2.2.3: filled building slots (ruins and buildings; tokens such as
// trade posts, tunnels, plots and mobs fill none).
int Used(const v1::ClearingView* c) {
  int used = 0;
  for (const auto& p : c->pieces()) {
    if (!IsToken(p.piece())) used += p.count();
  }
  return used;
}

int EnemyPieces(const v1::ClearingView* c) {
  int n = 0;
  for (const auto& w : c->warriors()) n += w.faction() != kMe ? w.count() : 0;
  for (const auto& p : c->pieces()) {
    if (p.owner() != kMe && p.owner() != v1::FACTION_UNSPECIFIED)
      n += p.count();
  }
  return n;
}

bool EnemyBuilding(const v1::ClearingView* c) {
  for (const auto& p : c->pieces()) {
    if (p.owner() != kMe && p.owner() != v1::FACTION_UNSPECIFIED) return true;
  }
  return false;
}

// Law 3.3.1.I/II: a clearing that counts for a dominance card of `suit`
// (bird: the corners, 1-4 on every map's numbering).
bool DominanceClearing(const v1::ClearingView* c, int suit) {
  if (c == nullptr || suit < 1 || suit > kBird) return false;
  return suit == kBird ? c->id() >= 1 && c->id() <= 4 : c->suit() == suit;
}

// Law 3.3.1: would a dominance card of `suit` win at our next Birdsong if
// the map stayed as it is: three clearings of the suit ruled (I), or two
// opposite corners (II).
bool DominanceHolds(const DecisionRequest& r, int suit) {
  auto ruled = [&](int id) {
    const auto* c = Clearing(r, id);
    return c != nullptr && c->ruler() == kMe;
  };
  if (suit == kBird) return HoldsCornerPair(r, ruled);
  int n = 0;
  for (const auto& c : r.observation().clearings())
    n += c.suit() == suit && c.ruler() == kMe;
  return n >= 3;
}

// Law 7.5.2.IV: a clearing where a Build card can place a roost.
// Law 6.2.2: nobody else places pieces in the keep's clearing.
bool RoostSpot(const v1::ClearingView* c) {
  if (c == nullptr || HasRoost(c) || Used(c) >= c->slots()) return false;
  for (const auto& p : c->pieces()) {
    if (p.piece() == "keep") return false;
  }
  return true;
}

// Our warriors that can leave `c` and still keep its roost guarded.
int Movable(const v1::ClearingView* c) {
  if (c == nullptr) return 0;
  return Warriors(c, kMe) - (HasRoost(c) ? 1 : 0);
}

// What the map offers the Decree this turn, by suit (index 4: any suit).
struct Offer {
  bool roost[5] = {};    // a roost of the suit (Recruit, 7.5.2.I)
  int warriors[5] = {};  // our warriors in clearings of the suit (Move)
  int targets[5] = {};   // clearings of the suit to battle in (Battle)
  int build[5] = {};     // ruled free clearings without a roost (Build)
  // Roost spots one move away (a Build after a Move): the spot's suit and
  // the suits (bits 1-3) of the clearings whose warriors could take it.
  std::vector<std::pair<int, int>> reach;
  int supply = 0, roosts_left = 0, mult = 1;
};

Offer Survey(const DecisionRequest& r) {
  Offer o;
  int on_map = 0, roosts = 0;
  for (const auto& c : r.observation().clearings()) {
    const int s = c.suit() >= 1 && c.suit() <= 3 ? c.suit() : 0;
    const int w = Warriors(&c, kMe);
    on_map += w;
    const bool roost = HasRoost(&c);
    roosts += roost;
    if (s == 0) continue;
    for (int i : {s, kBird}) {
      o.roost[i] |= roost;
      o.warriors[i] += w;
      if (w > 0 && (EnemyBuilding(&c) || EnemyPieces(&c) >= 2)) ++o.targets[i];
    }
    if (!RoostSpot(&c)) continue;
    if (c.ruler() == kMe) {
      ++o.build[s];
      ++o.build[kBird];
      continue;
    }
    int from_suits = 0;
    for (int from : c.adjacent()) {
      const auto* f = Clearing(r, from);
      if (f != nullptr && Movable(f) >= std::max(1, EnemyPieces(&c)))
        from_suits |= 1 << f->suit();
    }
    if (from_suits != 0) o.reach.emplace_back(s, from_suits);
  }
  o.supply = 20 - on_map;
  o.roosts_left = 7 - roosts;
  o.mult = r.observation().eyrie().leader() == "Charismatic" ? 2 : 1;
  return o;
}

// Cards (viziers as birds) per column and suit.
struct Demand {
  int n[4][5] = {};
  int Total(int col) const {
    int t = 0;
    for (int s = 1; s <= 4; ++s) t += n[col][s];
    return t;
  }
};

Demand CurrentDecree(const DecisionRequest& r) {
  Demand d;
  const auto& decree = r.observation().eyrie().decree();
  for (int col = 0; col < 4 && col < decree.size(); ++col) {
    d.n[col][kBird] += decree[col].viziers();
    for (const auto& c : decree[col].cards()) {
      if (c.suit() >= 1 && c.suit() <= 4) ++d.n[col][c.suit()];
    }
  }
  return d;
}

// How many cards of each column of the Decree could not be resolved this
// turn (all 0: safe); returns their sum.
int Shortfall(const Demand& d, const Offer& o, int col_miss[4]) {
  int miss[4] = {};
  // Recruit (7.5.2.I): a roost of the suit; warriors in supply.
  for (int s = 1; s <= 4; ++s) {
    if (d.n[kRecruit][s] > 0 && !o.roost[s]) miss[kRecruit] += d.n[kRecruit][s];
  }
  miss[kRecruit] +=
      std::max(0, o.mult * d.Total(kRecruit) - o.supply + o.mult - 1) / o.mult;
  // Move (7.5.2.II): warriors of the suit to move, one per card; the
  // Recruit column resolves first (7.5.2), placing warriors at roosts of
  // its cards' suits (bird cards: at any roost).
  int recruited[5] = {};
  int supply = o.supply;
  for (int s = 1; s <= 4; ++s) {
    if (!o.roost[s]) continue;
    const int n = std::min(supply, o.mult * d.n[kRecruit][s]);
    supply -= n;
    recruited[s] += n;
    if (s != kBird) recruited[kBird] += n;
  }
  for (int s = 1; s <= 3; ++s)
    miss[kMove] += std::max(0, d.n[kMove][s] - o.warriors[s] - recruited[s]);
  miss[kMove] +=
      std::max(0, d.Total(kMove) - o.warriors[kBird] - recruited[kBird]);
  // Battle (7.5.2.III): a target per card (at most two per clearing).
  for (int s = 1; s <= 3; ++s)
    miss[kBattle] += std::max(0, d.n[kBattle][s] - 2 * o.targets[s]);
  miss[kBattle] += std::max(0, d.Total(kBattle) - 2 * o.targets[kBird]);
  // Build (7.5.2.IV): a distinct clearing per card, some reached by moves;
  // a Move card moves only from a clearing of its suit (7.5.2.II), so a
  // spot counts only if warriors in such a clearing can take it.
  const int moves = d.Total(kMove);
  int allowed = 0;
  for (int s = 1; s <= 3; ++s) {
    if (d.n[kMove][s] > 0 || d.n[kMove][kBird] > 0) allowed |= 1 << s;
  }
  int reach[5] = {};
  for (const auto& [suit, from_suits] : o.reach) {
    if ((from_suits & allowed) == 0) continue;
    ++reach[suit];
    ++reach[kBird];
  }
  for (int s = 1; s <= 3; ++s) {
    miss[kBuild] +=
        std::max(0, d.n[kBuild][s] - o.build[s] - std::min(reach[s], moves));
  }
  miss[kBuild] += std::max(
      0, d.Total(kBuild) - o.build[kBird] - std::min(reach[kBird], moves));
  miss[kBuild] += std::max(0, d.Total(kBuild) - o.roosts_left);
  int sum = 0;
  for (int col = 0; col < 4; ++col) {
    if (col_miss != nullptr) col_miss[col] = miss[col];
    sum += miss[col];
  }
  return sum;
}

int Shortfall(const Demand& d, const Offer& o) {
  return Shortfall(d, o, nullptr);
}

// The leftmost column of the Decree that cannot be resolved (4: none).
// Law 7.5.2 resolves left to right and 7.7 stops at the first failure.
int DoomedColumn(const Demand& d, const Offer& o) {
  int miss[4];
  Shortfall(d, o, miss);
  for (int col = 0; col < 4; ++col) {
    if (miss[col] > 0) return col;
  }
  return 4;
}

// A Move card of the Decree that moves out of `c` (7.5.2.II).
bool MoveCardFrom(const Demand& d, const v1::ClearingView* c) {
  if (c == nullptr) return false;
  const int s = c->suit();
  return d.n[kMove][kBird] > 0 || (s >= 1 && s <= 3 && d.n[kMove][s] > 0);
}

// A trade post a Battle card of `suit` could take this turn (Law 11.2.5.I,
// riverfolk_counter.h): our warriors outnumber its guards there, or will
// once a Move card of the Decree brings those of a neighbour in (Move
// resolves before Battle, 7.5.2); worth less then, the move may go
// elsewhere.
double PostTarget(const DecisionRequest& r, int suit) {
  const Demand d = CurrentDecree(r);
  double best = 0;
  for (const auto& c : r.observation().clearings()) {
    if (suit != kBird && c.suit() != suit) continue;
    if (TakesPost(r, &c, 0)) {
      best = std::max(best, TradePostWorth(r));
      continue;
    }
    for (int a : c.adjacent()) {
      const auto* from = Clearing(r, a);
      if (MoveCardFrom(d, from) && TakesPost(r, &c, Movable(from)))
        best = std::max(best, 0.7 * TradePostWorth(r));
    }
  }
  return best;
}

// A Battle card of the Decree that can fight in `c` (7.5.2.III).
bool BattleCardFor(const DecisionRequest& r, const v1::ClearingView* c) {
  const Demand d = CurrentDecree(r);
  const int s = c->suit();
  return d.n[kBattle][kBird] > 0 || (s >= 1 && s <= 3 && d.n[kBattle][s] > 0);
}

// A card added to a Decree that fails this turn whatever is added (Law
// 7.7): the Purge discards it (7.7.2) and a bird costs a VP (7.7.1), so add
// one card only (7.4.2), a suited one, where it is still resolved before
// the failing column (7.5.2: left to right); always below stopping (4).
double DoomedAddValue(const DecisionRequest& r, const v1::DecreeChoice& c,
                      const Demand& after, const Offer& offer, int doomed_at) {
  static constexpr double kBefore[4] = {2, 1.5, 1.5, 3};
  double v = -1;
  if (c.column() < doomed_at && DoomedColumn(after, offer) == doomed_at) {
    v = kBefore[c.column()];
    // Law 11.2.5.I: a Battle card the Purge discards anyway can still take
    // a trade post on its way (a card the Decree keeps must find a target
    // every turn, 7.5.2.III).
    if (c.column() == kBattle) v += PostTarget(r, c.card().suit());
  }
  if (c.card().suit() == kBird) v -= 2;
  if (c.card().name() == "Dominance") v -= 3;
  return v;
}

// Adding `card` to `col`: what it is worth if the Decree stays safe.
double AddValue(const DecisionRequest& r, const v1::DecreeChoice& c) {
  const Offer offer = Survey(r);
  Demand before = CurrentDecree(r);
  const int base_miss = Shortfall(before, offer);
  Demand after = before;
  const int suit = c.card().suit();
  if (suit < 1 || suit > 4) return -9;
  ++after.n[c.column()][suit];
  if (base_miss > 0 && Shortfall(after, offer) > 0)
    return DoomedAddValue(r, c, after, offer, DoomedColumn(before, offer));
  const int miss = Shortfall(after, offer) - base_miss;
  if (miss > 0) return -10 - c.column();
  const bool bird = suit == kBird;
  double v = 0;
  switch (c.column()) {
    case kRecruit:
      // Every Recruit card places a warrior (two for the Charismatic,
      // 7.8.2) every turn from a supply of 20 (7.3.1): once it runs dry the
      // Recruit column throws the Eyrie into turmoil (7.7). Worth adding
      // only while the supply lasts four more turns, and then just above
      // stopping: warriors on the map score nothing by themselves.
      v = offer.supply >= 4 * offer.mult * after.Total(kRecruit) ? 4.5 : 2;
      break;
    case kMove:
      v = 5 - 0.5 * before.Total(kMove);
      // Law 7.5.2.II: a suited Move card needs our warriors in a clearing of
      // its suit every turn; a roost of the suit keeps one there (and
      // recruits, 7.5.2.I), elsewhere they move off or fall by next turn.
      if (!bird && !offer.roost[suit]) v -= 1;
      break;
    case kBattle:
      v = 3 + PostTarget(r, suit);
      break;
    default: {
      // A roost scores every Evening; a Build card must find a new clearing
      // every turn, so count the spots of its suit left after this one:
      // with none left, next turn's Decree is doomed (7.7) and the card is
      // worth less than a Recruit, a Move or stopping.
      int reach = 0;
      for (const auto& [spot, from_suits] : offer.reach)
        reach += suit == kBird || spot == suit;
      const int spots = offer.build[suit] + reach;
      v = spots >= 2 * after.n[kBuild][suit] ? 10 : 3.5;
      // Law 7.3.5: seven roosts in all. A Build column that needs more
      // roosts next turn than the track still holds dooms that Decree too.
      if (offer.roosts_left < 2 * after.Total(kBuild)) v = 1;
    }
  }
  // Law 2.1.1: a bird card is wild in every column, so it still resolves
  // when the map turns against one suit (7.5.2); the VP it costs in turmoil
  // (7.7.1) is less than the turmoils it saves (issue 17.5, measured).
  if (bird) v += 1;
  if (c.card().name() == "Dominance") v -= 3;
  return v;
}

// Law 7.7.4 / 7.8: viziers that are easiest to satisfy: Builder (Recruit,
// Move), then Commander (Move, Battle); a Despot's bird Build vizier needs a
// new roost every turn (measured last, 1000 games each order).
double LeaderValue(const std::string& leader) {
  if (leader == "Builder") return 4;
  if (leader == "Commander") return 3;
  if (leader == "Despot") return 0.5;
  return 1;
}

// Law 7.7.3 / 7.8: a leader whose Loyal Viziers (bird cards, 7.3.4) the map
// cannot satisfy next turn throws the Eyrie straight back into turmoil,
// e.g. a Recruit vizier with no warrior left in supply (7.5.2.I).
double LeaderChoice(const DecisionRequest& r, const std::string& leader) {
  static constexpr struct {
    const char* name;
    int cols[2];
  } kViziers[] = {{"Builder", {kRecruit, kMove}},
                  {"Charismatic", {kRecruit, kBattle}},
                  {"Commander", {kMove, kBattle}},
                  {"Despot", {kMove, kBuild}}};
  Offer offer = Survey(r);
  offer.mult = leader == "Charismatic" ? 2 : 1;  // Law 7.8.2
  Demand viziers;
  for (const auto& v : kViziers) {
    if (leader != v.name) continue;
    for (int col : v.cols) ++viziers.n[col][kBird];
  }
  return LeaderValue(leader) - 5 * Shortfall(viziers, offer);
}

// A Decree move: into a roost spot of a Build card's suit, or away from
// crowded clearings; never strip a roost of its last warrior.
bool BuildSuit(const DecisionRequest& r, int suit) {
  const Demand d = CurrentDecree(r);
  return d.n[kBuild][suit] > 0 || d.n[kBuild][kBird] > 0;
}

// Law 7.5.2.IV: a Build card of `suit` (or a bird one) that no ruled free
// clearing can take yet, so a move must win it one: a move into a spot of
// a suit whose Build cards already have their clearings wastes the Move
// card another suit's Build card needs (the Decree then falls, 7.7).
bool SpotWanted(const DecisionRequest& r, int suit) {
  if (suit < 1 || suit > 3) return false;
  const Demand d = CurrentDecree(r);
  const Offer o = Survey(r);
  if (d.n[kBuild][suit] > o.build[suit]) return true;
  // Bird Build cards take any spot left once the suited ones have theirs.
  int left = 0;
  for (int s = 1; s <= 3; ++s) left += std::max(0, o.build[s] - d.n[kBuild][s]);
  return d.n[kBuild][kBird] > left;
}

// A ruled roost spot a Build card of the Decree can use this turn
// (7.5.2.IV); moves resolve first (7.5.2), so they must keep it ruled.
bool NeededSpot(const DecisionRequest& r, const v1::ClearingView* c) {
  return c != nullptr && c->ruler() == kMe && RoostSpot(c) &&
         BuildSuit(r, c->suit());
}

double Move(const DecisionRequest& r, const v1::MoveChoice& m) {
  const auto* to = Clearing(r, m.to_clearing());
  const auto* from = Clearing(r, m.from_clearing());
  double s = 1;
  if (to == nullptr || from == nullptr) return s;
  // Law 7.2.2 (Lords of the Forest): a tie in presence is ours.
  const bool takes = Movable(from) + Warriors(to, kMe) >= EnemyPieces(to);
  if (RoostSpot(to) && to->ruler() != kMe && takes) s += 2;
  if (RoostSpot(to) && SpotWanted(r, to->suit()) && takes) s += 3;
  if (!takes) s -= 2;
  if (HasRoost(from) && Warriors(from, kMe) <= 1) s -= 3;
  // Law 7.2.2: leaving fewer than the enemy's pieces gives up the rule.
  if (NeededSpot(r, from) && !NeededSpot(r, to) &&
      Warriors(from, kMe) - 1 < std::max(1, EnemyPieces(from)))
    s -= 4;
  // Onto a trade post a Battle card of the Decree can then take.
  if (BattleCardFor(r, to) && TakesPost(r, to, Movable(from)))
    s += PostUrgency(r);
  // Law 3.3.1: with our dominance activated we score no more VP and win
  // only by ruling its clearings at our Birdsong: keep those we rule (7.2.2:
  // ties are ours), take those we do not.
  if (const int dom = DominanceSuit(r, kMe); dom != 0) {
    if (DominanceClearing(from, dom) && from->ruler() == kMe &&
        Warriors(from, kMe) - 1 + HasRoost(from) < EnemyPieces(from))
      s -= 6;
    if (DominanceClearing(to, dom) && to->ruler() != kMe && takes) s += 5;
  }
  return s;
}

double MoveCount(const DecisionRequest& r, const std::string& label) {
  if (label.rfind("Move ", 0) != 0) return 0;
  const size_t f = label.find(" from ");
  if (f == std::string::npos) return 0;
  const int n = std::atoi(label.c_str() + 5);
  const auto* from = Clearing(r, std::atoi(label.c_str() + f + 6));
  const auto* to =
      Clearing(r, std::atoi(label.c_str() + label.find(" to ") + 4));
  int want = std::max(1, Movable(from));
  // Out of a roost spot a Build card needs: keep enough to rule it.
  if (NeededSpot(r, from))
    want = std::min(want, std::max(1, Warriors(from, kMe) -
                                          std::max(1, EnemyPieces(from))));
  // Into a roost spot: enough to rule it (ties are ours), one to spare.
  if (RoostSpot(to))
    want = std::min(want, std::max(2, EnemyPieces(to) - Warriors(to, kMe) + 1));
  // Law 3.3.1: out of a clearing our activated dominance counts, leave
  // enough to keep ruling it (7.2.2).
  if (const int dom = DominanceSuit(r, kMe);
      dom != 0 && DominanceClearing(from, dom) && from->ruler() == kMe)
    want = std::min(want, std::max(1, Warriors(from, kMe) + HasRoost(from) -
                                          EnemyPieces(from)));
  return -std::abs(n - want);
}

// Law 7.5.2.I: recruit where warriors are few, next to roost spots, so
// later Move cards can spread them instead of piling them on one roost.
double Recruit(const DecisionRequest& r, const v1::ClearingView* c) {
  if (c == nullptr) return 0;
  double s = -0.5 * Warriors(c, kMe) + (EnemyPieces(c) > 0 ? 1 : 0);
  for (int a : c->adjacent()) {
    if (RoostSpot(Clearing(r, a))) return s + 1;
  }
  return s;
}

// Law 3.3.1: activate a dominance card only when it already holds (it wins
// at our next Birdsong) and the roosts would not win sooner: this
// Evening's roost VP (7.6.1) reaching 30 wins first (3.1), and an activated
// card stops our scoring for good.
double ActivationValue(const DecisionRequest& r, int suit) {
  static constexpr int kRoostVp[8] = {0, 0, 1, 2, 3, 4, 4, 5};  // 7.6.1
  if (!DominanceHolds(r, suit)) return -5;
  const int roosts = std::clamp(r.observation().eyrie().roosts(), 0, 7);
  return VpOf(r, kMe) + kRoostVp[roosts] >= 30 ? -5 : 50;
}

// Law 7.4.2 with 7.7: bird cards are the Decree's wild cards (a bird Build
// card takes a roost spot of any suit, a bird Move card moves from any
// clearing), the cards that keep a Decree resolvable. A bird card whose
// crafted effect does little for the Eyrie (no item, 7.2.3; no VP) stays
// in hand for the Decree instead (7.5.1: crafting is optional).
bool KeepBirdForDecree(const v1::Card& card) {
  static constexpr const char* kEffects[] = {
      "Armorers",        "Brutal Tactics", "Sappers",   "Boat Builders",
      "Corvid Planners", "Eyrie Emigre",   "Saboteurs", "Soup Kitchens"};
  if (card.suit() != kBird) return false;
  for (const char* name : kEffects) {
    if (card.name() == name) return true;
  }
  return false;
}

}  // namespace

bool EyriePlanScore(const DecisionRequest& r, const Option& o, double* score) {
  if (r.faction() != kMe) return false;
  if (o.payload_case() == Option::kExtra) {
    if (o.extra().action() != "activate_dominance") return false;
    *score = ActivationValue(r, o.extra().card().suit());
    return true;
  }
  const std::string& kind = r.prompt().kind();
  const bool done = o.payload_case() == Option::kDone;
  double s = 0;
  if (kind == "craft" && o.payload_case() == Option::kCard &&
      KeepBirdForDecree(o.card())) {
    *score = -1;  // below Done (0 in policy.cc)
    return true;
  }
  if (kind == "eyrie.decree.add") {
    s = done ? 4 : AddValue(r, o.decree());
  } else if (kind == "eyrie.leader") {
    s = LeaderChoice(r, o.leader().leader());
  } else if (kind == "eyrie.decree.resolve") {
    // Suited cards first: a bird can still go wherever is left.
    s = o.payload_case() == Option::kCard && o.card().suit() == v1::SUIT_BIRD
            ? 0
            : 1;
  } else if (kind == "eyrie.decree.recruit") {
    s = Recruit(r, Clearing(r, o.clearing().clearing()));
  } else if (kind == "eyrie.decree.move") {
    s = Move(r, o.move());
  } else if (kind == "move.count") {
    s = MoveCount(r, o.label());
  } else {
    return false;
  }
  *score = s;
  return true;
}

}  // namespace woodland::bots
