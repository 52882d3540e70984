#include "bots/heuristic/policy.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "bots/heuristic/alliance_plan.h"
#include "bots/heuristic/corvid_plan.h"
#include "bots/heuristic/cult_plan.h"
#include "bots/heuristic/duchy_plan.h"
#include "bots/heuristic/eyrie_plan.h"
#include "bots/heuristic/hundreds_plan.h"
#include "bots/heuristic/keepers_plan.h"
#include "bots/heuristic/marquise_plan.h"
#include "bots/heuristic/request_view.h"
#include "bots/heuristic/riverfolk_plan.h"
#include "bots/heuristic/table_prompts.h"
#include "bots/heuristic/vagabond_plan.h"

namespace woodland::bots {
namespace {

using v1::DecisionRequest;
using v1::Option;

int Buildings(const v1::ClearingView* c, v1::Faction f) {
  if (c == nullptr) return 0;
  int n = 0;
  for (const auto& p : c->pieces()) {
    if (p.owner() == f) n += p.count();
  }
  return n;
}

// Clearings of a suit we rule now (bird: -1 means "opposite corners").
int RuledOfSuit(const DecisionRequest& r, v1::Suit suit) {
  int n = 0;
  for (const auto& c : r.observation().clearings()) {
    if (c.ruler() == r.faction() && (suit == v1::SUIT_BIRD || c.suit() == suit))
      ++n;
  }
  return n;
}

int Relation(const DecisionRequest& r, v1::Faction f) {
  return VagabondRelation(r, f);
}

double ActionScore(const DecisionRequest& r, const std::string& label) {
  static const std::map<std::string, double> kScores = {
      // Vagabond
      {"Quest", 9},
      {"Explore the ruin (torch)", 9},
      {"Aid", 7},
      {"Craft (hammers)", 8},
      {"Repair (hammer)", 5},
      {"Strike (crossbow)", 1.5},
      {"Battle (sword)", 1.2},
      {"Move (boot)", 2},
      {"Score VP for the quest", 5},
      {"Draw two cards", 3},
  };
  auto it = kScores.find(label);
  if (it != kScores.end()) return it->second;
  if (label.find("special action") != std::string::npos) return 4;
  return 1;
}

// Law 11.4.2: the Riverfolk score a VP per two funds every Birdsong while
// any trade post is on the map, which makes even a random Riverfolk a fast
// scorer. A clearing where an opposing Riverfolk keeps a trade post.
bool TradePostTarget(const DecisionRequest& r, int clearing) {
  return r.faction() != v1::FACTION_RIVERFOLK &&
         HasTradePost(Clearing(r, clearing));
}

double TradePostValue(const DecisionRequest& r) { return TradePostWorth(r); }

// A move that brings enough warriors onto a trade post to take it, or next
// to one (to battle it with the next action or turn).
double TradePostMove(const DecisionRequest& r, const v1::MoveChoice& m) {
  if (r.faction() == v1::FACTION_RIVERFOLK) return 0;
  const int to = m.to_clearing();
  const auto* c = Clearing(r, to);
  const int ours = Warriors(Clearing(r, m.from_clearing()), r.faction()) +
                   Warriors(c, r.faction());
  if (TradePostTarget(r, to))
    return ours > Warriors(c, v1::FACTION_RIVERFOLK) ? TradePostValue(r) : 0;
  if (ours >= 2 && StepsToTradePost(r, to, 1) == 1 &&
      StepsToTradePost(r, m.from_clearing(), 1) > 1)
    return 0.4 * TradePostValue(r);
  return 0;
}

// What we fight with in a clearing: our warriors, or the Vagabond's swords
// where its pawn stands (Law 9.2.6).
int Attackers(const DecisionRequest& r, const v1::ClearingView* c) {
  const bool vagabond = r.faction() == v1::FACTION_VAGABOND ||
                        r.faction() == v1::FACTION_VAGABOND_SECOND;
  if (!vagabond) return Warriors(c, r.faction());
  if (c == nullptr || MyVagabond(r).clearing() != c->id()) return 0;
  int swords = 0;
  for (const auto& it : MyVagabond(r).items())
    swords += it.item() == "sword" && !it.damaged();
  return swords;
}

// The seat with the most VP other than ours, and both scores.
v1::Faction Leader(const DecisionRequest& r, int* top, int* mine) {
  *top = *mine = 0;
  v1::Faction leader = v1::FACTION_UNSPECIFIED;
  for (const auto& seat : r.observation().seats()) {
    if (seat.faction() == r.faction()) {
      *mine = seat.victory_points();
    } else if (seat.victory_points() > *top) {
      *top = seat.victory_points();
      leader = seat.faction();
    }
  }
  return leader;
}

// A bonus for battling (or moving to) where an opponent is about to win:
// the clearings that keep its activated dominance winning (Law 3.3.1), the
// Riverfolk's trade posts (11.4.2), the runaway leader's buildings.
double BattleTargetBonus(const DecisionRequest& r, int clearing,
                         v1::Faction defender, bool threats = true) {
  v1::Faction who = v1::FACTION_UNSPECIFIED;
  if (threats && DominanceThreat(r, clearing, &who) &&
      (defender == who || defender == v1::FACTION_UNSPECIFIED)) {
    return 12;
  }
  if (TradePostTarget(r, clearing) && (defender == v1::FACTION_RIVERFOLK ||
                                       defender == v1::FACTION_UNSPECIFIED)) {
    // Only where the post would fall: more of ours than of their guards.
    const auto* c = Clearing(r, clearing);
    if (Attackers(r, c) > Warriors(c, v1::FACTION_RIVERFOLK))
      return TradePostValue(r);
  }
  int top = 0, mine = 0;
  const v1::Faction leader = Leader(r, &top, &mine);
  if (top >= 18 && top >= mine &&
      (defender == leader || defender == v1::FACTION_UNSPECIFIED)) {
    const int b = Buildings(Clearing(r, clearing), leader);
    return b > 0 ? 2 + 2 * b : 0;
  }
  return 0;
}

// How far the ruler of a clearing leads the next faction (Law 2.5: most
// warriors and buildings, tokens not counted; the Vagabond's pawn does not
// count, 9.2.2).
int RuleMargin(const v1::ClearingView* c) {
  if (c == nullptr || c->ruler() == v1::FACTION_UNSPECIFIED) return 0;
  int next = 0;
  for (const auto& w : c->warriors()) {
    if (w.faction() != c->ruler())
      next = std::max(next, RulePresence(*c, w.faction()));
  }
  return RulePresence(*c, c->ruler()) - next;
}

// A Vagabond's strike (9.5.6) removes one piece: where an opponent holds a
// dominance clearing by one, striking it breaks the win (3.3.1).
double StrikeDefense(const DecisionRequest& r, const Option& o) {
  const int here = MyVagabond(r).clearing();
  v1::Faction who = v1::FACTION_UNSPECIFIED;
  if (here == 0 || !DominanceThreat(r, here, &who)) return 0;
  if (RuleMargin(Clearing(r, here)) > 1) return 0;
  if (o.payload_case() == Option::kAction &&
      o.label().find("Strike") != std::string::npos) {
    return 10;
  }
  if (r.prompt().kind() == "vagabond.strike" &&
      o.payload_case() == Option::kFaction && o.faction().faction() == who) {
    return 10;
  }
  return 0;
}

double DominanceDefense(const DecisionRequest& r, const Option& o,
                        bool threats = true) {
  const bool vagabond = r.faction() == v1::FACTION_VAGABOND ||
                        r.faction() == v1::FACTION_VAGABOND_SECOND;
  // A Vagabond weighs dominance threats itself (vagabond_plan.cc).
  if (vagabond && threats) {
    return std::max(DominanceDefense(r, o, false),
                    VagabondDominanceDefense(r, o));
  }
  if (o.payload_case() == Option::kBattle) {
    return BattleTargetBonus(r, o.battle().clearing(), o.battle().defender(),
                             threats);
  }
  if (o.payload_case() == Option::kMove) {
    return std::max(BattleTargetBonus(r, o.move().to_clearing(),
                                      v1::FACTION_UNSPECIFIED, threats),
                    TradePostMove(r, o.move())) /
           2;
  }
  if (vagabond && o.payload_case() == Option::kClearing &&
      (r.prompt().kind() == "vagabond.move" ||
       r.prompt().kind() == "vagabond.slip")) {
    return BattleTargetBonus(r, o.clearing().clearing(),
                             v1::FACTION_UNSPECIFIED, threats) /
           2;
  }
  if (vagabond) {
    if (double s = StrikeDefense(r, o); s != 0) return s;
  }
  // Law 15.5.2.II: the Keepers battle where their card sends them.
  if (r.prompt().kind() == "keepers.battle_delve" &&
      o.payload_case() == Option::kClearing) {
    return BattleTargetBonus(r, o.clearing().clearing(),
                             v1::FACTION_UNSPECIFIED);
  }
  if (o.payload_case() != Option::kAction) return 0;
  // The action that leads there: a battle where we stand in a target
  // clearing, a move where we stand next to one.
  const std::string& label = o.label();
  const bool battle = label.find("Battle") != std::string::npos;
  const bool move = label.find("Move") != std::string::npos ||
                    label.find("March") != std::string::npos;
  if (!battle && !move) return 0;
  double best = 0;
  for (const auto& c : r.observation().clearings()) {
    // Where we can fight: our warriors, or the Vagabond's pawn (Law 9.1).
    const bool here = vagabond ? MyVagabond(r).clearing() == c.id()
                               : Warriors(&c, r.faction()) > 0;
    if (!here) continue;
    if (battle) {
      best = std::max(
          best, BattleTargetBonus(r, c.id(), v1::FACTION_UNSPECIFIED, threats));
      continue;
    }
    for (int to : c.adjacent()) {
      best = std::max(
          best, BattleTargetBonus(r, to, v1::FACTION_UNSPECIFIED, threats) / 3);
    }
  }
  return best;
}

// The Vagabond's character (Law 9.3.1): the Arbiter starts with two swords
// (boot, torch, sword, sword), what breaking an opponent's dominance and
// taking trade posts need (9.2.6: hits up to undamaged swords); measured
// against random tables (issue 17, 1000 games, two seeds) it beat the
// Harrier by 2-5 points in either Vagabond seat, then the Ranger.
double CharacterScore(const std::string& character) {
  if (character == "Arbiter") return 3;
  if (character == "Harrier") return 2.5;
  return character == "Ranger" ? 2 : 1;
}

// Law 3.3.3: a dominance card spent (or given away) becomes available to
// any player, and a random opponent may take and activate it. Keep our
// dominance cards in hand: a cost on every other use of one.
double DominanceCardCost(const DecisionRequest& r, const Option& o) {
  static const std::set<std::string> kSpends = {"keepers.recruit",
                                                "keepers.gather_retinue",
                                                "duchy.build_card",
                                                "duchy.sway_card",
                                                "duchy.dig_card",
                                                "cult.ritual_card",
                                                "alliance.spend_supporters",
                                                "marquise.field_hospitals",
                                                "vagabond.aid.card",
                                                "eyrie.decree.add",
                                                "alliance.mobilize"};
  if (o.payload_case() == Option::kExtra) return 0;
  const std::string& label = o.label();
  if (label.find("Dominance") == std::string::npos) return 0;
  const bool spends =
      label.rfind("Spend ", 0) == 0 || kSpends.count(r.prompt().kind()) > 0;
  return spends ? -1.5 : 0;
}

// Hirelings (Law 22): battle a hireling where we outnumber it (vaults
// score), give a card without control markers to the lowest scorer, burn
// the leader's pieces, spend cards on the controller's abilities.

bool HirelingScore(const DecisionRequest& r, const Option& o, double* out) {
  const std::string& kind = r.prompt().kind();
  const bool done = o.payload_case() == Option::kDone;
  // A hireling battled: no defending faction; the label names it.
  if (o.payload_case() == Option::kBattle &&
      o.battle().defender() == v1::FACTION_UNSPECIFIED) {
    const auto* c = Clearing(r, o.battle().clearing());
    int w = 0, v = 0;
    for (const auto& h : r.observation().hirelings()) {
      if (o.label().find(h.name()) == std::string::npos) continue;
      for (const auto& p : h.pieces()) {
        if (p.clearing() == o.battle().clearing()) {
          w = p.warriors();
          v = p.vaults();
        }
      }
    }
    *out = Warriors(c, r.faction()) - w + 2.0 * v + (w == 0 ? 3 : 0) - 1;
    return true;
  }
  if (kind.rfind("hireling.", 0) != 0) return false;
  if (kind == "hireling.give" && !done) {
    *out = -VpOf(r, o.faction().faction());
    return true;
  }
  if (kind == "hireling.bearers_burn" && !done) {
    *out = VpOf(r, o.faction().faction());
    return true;
  }
  if (kind == "hireling.scouts" || kind == "hireling.physicians" ||
      kind == "hireling.uprising") {
    *out = done ? 0 : 2;
    return true;
  }
  if (kind == "hireling.battle") {
    if (done) {
      *out = 0.5;
      return true;
    }
    const auto* c = Clearing(r, o.battle().clearing());
    const v1::Faction def = o.battle().defender();
    *out = 1 + 2.0 * Buildings(c, def) - 0.5 * Warriors(c, def) +
           0.1 * VpOf(r, def);
    return true;
  }
  return false;
}

// An "extra" option (dominance, Tax Collector). Dominance: activate only
// when it would already win at the next Birdsong.
double ExtraScore(const DecisionRequest& r, const Option& o) {
  const v1::Faction me = r.faction();
  const auto& e = o.extra();
  if (e.action() == "activate_dominance") {
    if (me == v1::FACTION_VAGABOND || me == v1::FACTION_VAGABOND_SECOND)
      return -5;  // joins the lowest scorer
    const v1::Suit suit = e.card().suit();
    const bool wins = suit == v1::SUIT_BIRD ? RulesCornerPair(r, r.faction())
                                            : RuledOfSuit(r, suit) >= 3;
    return wins ? 50 : -5;
  }
  if (e.action() == "take_dominance") {
    const v1::Suit suit = e.card().suit();
    return suit != v1::SUIT_BIRD && RuledOfSuit(r, suit) >= 3 ? 8 : -3;
  }
  return e.action() == "tax_collector" ? -2 : 0.5;
}

// The Vagabond's prompts its plan (vagabond_plan.cc) leaves; nothing for
// other prompts.
std::optional<double> VagabondKindScore(const DecisionRequest& r,
                                        const Option& o) {
  const std::string& kind = r.prompt().kind();
  const v1::Faction me = r.faction();
  const bool done = o.payload_case() == Option::kDone;
  if (kind == "vagabond.action" && o.label() == "Battle (sword)") {
    // Only against the Hostile, or buildings left without warriors, or a
    // trade post we can take (Law 11.2.5.I).
    const auto* c = Clearing(r, MyVagabond(r).clearing());
    if (c != nullptr && VagabondPostAttack(r, *c) > 2) return 3;
    for (const auto& seat : r.observation().seats()) {
      const v1::Faction f = seat.faction();
      if (f == me || c == nullptr) continue;
      if ((Relation(r, f) < 0 && Warriors(c, f) > 0) ||
          (Warriors(c, f) == 0 && Buildings(c, f) > 0)) {
        return 3;
      }
    }
    return -1;
  }
  if (kind == "vagabond.action" || kind == "vagabond.quest.reward") {
    return done ? 0 : ActionScore(r, o.label());
  }
  if (kind == "vagabond.battle") {
    const v1::Faction f = o.battle().defender();
    const auto* c = Clearing(r, o.battle().clearing());
    if (f == v1::FACTION_RIVERFOLK && c != nullptr &&
        VagabondPostAttack(r, *c) > 2)
      return 3;
    if (Relation(r, f) < 0) return 3 + Buildings(c, f);
    return Warriors(c, f) == 0 ? 2 + Buildings(c, f) : -5;
  }
  if (kind == "vagabond.setup.character")
    return CharacterScore(o.character().character());
  if (kind == "vagabond.aid.exhaust") {
    static const std::map<std::string, double> kCheap = {
        {"crossbow", 8}, {"hammer", 7}, {"sword", 5}, {"sack", 6},
        {"boot", 3},     {"torch", 2},  {"tea", 4},   {"coin", 1}};
    auto it = kCheap.find(o.item().item());
    return it == kCheap.end() ? 0 : it->second;
  }
  if (kind == "vagabond.aid.take_item") return done ? 0 : 2;
  return std::nullopt;
}

// Every other prompt by its kind.
double KindScore(const DecisionRequest& r, const Option& o) {
  const std::string& kind = r.prompt().kind();
  const v1::Faction me = r.faction();
  const auto payload = o.payload_case();
  const bool done = payload == Option::kDone;
  if (kind == "craft" || kind == "daylight.end") return done ? 0 : 6;
  if (kind == "battle.ambush" || kind == "battle.foil_ambush" ||
      kind == "battle.effect") {
    return done ? 0 : 5;
  }
  if (kind == "birdsong.cards") {
    if (done) return 0;
    if (payload == Option::kCard)
      return RuledOfSuit(r, v1::SUIT_BIRD) >= 4 ? 5 : -1;  // Royal Claim
    return 3;
  }
  if (kind == "battle" || kind == "card.command_warren" ||
      kind == "eyrie.decree.battle") {
    if (done) return 0.5;
    const auto* c = Clearing(r, o.battle().clearing());
    const v1::Faction def = o.battle().defender();
    return Warriors(c, me) - Warriors(c, def) + 2.0 * Buildings(c, def) +
           (Warriors(c, def) == 0 ? 3 : 0);
  }
  if (kind == "marquise.setup.building") {
    // Law 6.3.4: the keep's clearing is the safest (Law 6.2.2 keeps it
    // ours), then a neighbour with the fewest enemy pieces.
    const auto* c = Clearing(r, o.clearing().clearing());
    const int keep = r.observation().marquise().keep_clearing();
    int enemies = 0;
    for (const auto& w : c ? c->warriors() : decltype(c->warriors()){})
      enemies += w.faction() != me ? w.count() : 0;
    return (c && c->id() == keep ? 2 : 0) - enemies;
  }
  if (kind == "eyrie.decree.build" || kind == "alliance.recruit") {
    const auto* c = Clearing(r, o.clearing().clearing());
    return Warriors(c, me);
  }
  if (kind == "discard.hand_limit") {
    // Keep birds and dominance cards; drop the rest.
    return o.card().suit() == v1::SUIT_BIRD || o.card().name() == "Dominance"
               ? 0
               : 1;
  }
  return done ? 0.5 : 1;
}

}  // namespace

double HeuristicPolicy::Jitter() {
  state_ ^= state_ << 13;
  state_ ^= state_ >> 7;
  state_ ^= state_ << 17;
  return static_cast<double>(state_ % 1000) / 10000.0;  // < 0.1
}

double HeuristicPolicy::Score(const DecisionRequest& r, const Option& o) {
  const v1::Faction me = r.faction();
  if (double s; TablePromptScore(r, o, &s)) return s;
  if (double s; HirelingScore(r, o, &s)) return s;    // Law 22
  if (double s; RiverfolkScore(r, o, &s)) return s;   // Law 11
  if (auto d = DuchyScore(r, o)) return *d;           // duchy_plan.cc
  if (double s = 0; CorvidScore(r, o, &s)) return s;  // corvid_plan.cc
  if (double s; me == v1::FACTION_KEEPERS && KeepersPlanScore(r, o, &s))
    return s;
  if (double s; MarquisePlanScore(r, o, &s)) return s;  // marquise_plan.cc
  if (double s; EyriePlanScore(r, o, &s)) return s;     // eyrie_plan.cc
  if (double s; AlliancePlanScore(r, o, &s)) return s;  // alliance_plan.cc

  if (double s; CultDominanceScore(r, o, &s)) return s;  // cult_plan.cc
  if (o.payload_case() == Option::kExtra) return ExtraScore(r, o);
  if (double s; HundredsScore(r, o, &s)) return s;  // hundreds_plan.cc
  if (me == v1::FACTION_CULT) {  // the Cult's own plan (cult_plan.cc)
    double s = 0;
    if (CultScore(r, o, &s)) return s;
  }
  if (double s; VagabondPlanScore(r, o, &s, &vagabond_))
    return s;  // vagabond_plan.cc
  if (auto s = VagabondKindScore(r, o)) return *s;
  return KindScore(r, o);
}

int HeuristicPolicy::Choose(const DecisionRequest& r) {
  vagabond_.Observe(r);
  int best = 0;
  double best_score = -1e9;
  for (int i = 0; i < r.options_size(); ++i) {
    const double s = Score(r, r.options(i)) +
                     DominanceDefense(r, r.options(i)) +
                     DominanceCardCost(r, r.options(i)) + Jitter();
    if (s > best_score) {
      best_score = s;
      best = i;
    }
  }
  vagabond_.Chose(r, r.options(best));
  return best;
}

std::vector<double> HeuristicPolicy::Scores(const DecisionRequest& r) {
  std::vector<double> out;
  out.reserve(r.options_size());
  for (const auto& o : r.options())
    out.push_back(Score(r, o) + DominanceDefense(r, o) +
                  DominanceCardCost(r, o));
  return out;
}

}  // namespace woodland::bots
