// Small readers of a DecisionRequest's observation shared by the heuristic's
// scoring files (policy.cc and the per-faction plans): a clearing by id, a
// map's opposite corners, a faction's activated dominance and what it needs,
// a faction's warriors in a clearing, a faction's victory points, the
// Riverfolk's trade posts and what taking one is worth.
#ifndef WOODLAND_BOTS_HEURISTIC_REQUEST_VIEW_H_
#define WOODLAND_BOTS_HEURISTIC_REQUEST_VIEW_H_

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "woodland/v1/bot.pb.h"

namespace woodland::bots {

// The clearing with 1-based id `id` in the request's view, or nullptr.
inline const v1::ClearingView* Clearing(const v1::DecisionRequest& r, int id) {
  for (const auto& c : r.observation().clearings()) {
    if (c.id() == id) return &c;
  }
  return nullptr;
}

// Law 3.3.1.II: the corner opposite corner clearing `id` (1-4), 0 for any
// other clearing. The pairs are 1-3 and 2-4 on the Autumn, Winter and
// Mountain maps; the Lake map numbers its corners rotated, pairing 1-2 and
// 3-4 (data/maps/lake.map). A request does not name its map, but only the
// Lake map has coastal clearings (Law 25.3.3).
inline int OppositeCorner(const v1::DecisionRequest& r, int id) {
  if (id < 1 || id > 4) return 0;
  bool lake = false;
  for (const auto& c : r.observation().clearings()) lake = lake || c.coastal();
  static constexpr int kOther[2][5] = {{0, 3, 4, 1, 2}, {0, 2, 1, 4, 3}};
  return kOther[lake][id];
}

// Law 3.3.1.II: whether `holds(id)` is true of both clearings of a pair of
// opposite corners.
template <typename Holds>
bool HoldsCornerPair(const v1::DecisionRequest& r, Holds holds) {
  for (int id = 1; id <= 4; ++id) {
    if (holds(id) && holds(OppositeCorner(r, id))) return true;
  }
  return false;
}

// The suit of `who`'s activated dominance card (Law 3.3.1), unspecified if
// none.
inline v1::Suit DominanceSuit(const v1::DecisionRequest& r, v1::Faction who) {
  for (const auto& seat : r.observation().seats()) {
    if (seat.faction() == who && seat.has_dominance())
      return seat.dominance().suit();
  }
  return v1::SUIT_UNSPECIFIED;
}

// Law 3.3.1.II: `who` rules both clearings of a pair of opposite corners,
// what an activated bird dominance card needs to win.
inline bool RulesCornerPair(const v1::DecisionRequest& r, v1::Faction who) {
  return HoldsCornerPair(r, [&](int id) {
    const auto* c = Clearing(r, id);
    return c != nullptr && c->ruler() == who;
  });
}

// Law 3.3.1: whether `clearing` keeps an opponent's activated dominance
// winning: one of the card's suit it rules (bird: a corner 1-4 it rules);
// `who` is set to that opponent.
inline bool DominanceThreat(const v1::DecisionRequest& r, int clearing,
                            v1::Faction* who) {
  const auto* c = Clearing(r, clearing);
  if (c == nullptr || c->ruler() == v1::FACTION_UNSPECIFIED ||
      c->ruler() == r.faction()) {
    return false;
  }
  const v1::Suit suit = DominanceSuit(r, c->ruler());
  if (suit == v1::SUIT_UNSPECIFIED) return false;
  const bool counts = suit == v1::SUIT_BIRD ? (clearing >= 1 && clearing <= 4)
                                            : c->suit() == suit;
  if (counts) *who = c->ruler();
  return counts;
}

// `f`'s warriors in `c` (0 for a null clearing).
inline int Warriors(const v1::ClearingView& c, v1::Faction f) {
  for (const auto& w : c.warriors()) {
    if (w.faction() == f) return w.count();
  }
  return 0;
}
inline int Warriors(const v1::ClearingView* c, v1::Faction f) {
  return c == nullptr ? 0 : Warriors(*c, f);
}

// `f`'s victory points (0 when `f` is not seated).
inline int VpOf(const v1::DecisionRequest& r, v1::Faction f) {
  for (const auto& seat : r.observation().seats()) {
    if (seat.faction() == f) return seat.victory_points();
  }
  return 0;
}

// Glossary "Rule": tokens do not contribute to rule. The tokens among
// the pieces (the engine's kPieceInfo): the Marquise's keep and wood, the
// Alliance's sympathy, trade posts (20.2.2), tunnels, plots, mobs, relics.
inline bool IsToken(const std::string& piece) {
  return piece == "keep" || piece == "wood" || piece == "sympathy" ||
         piece == "tunnel" || piece == "mob" ||
         absl::EndsWith(piece, "trade post") || absl::EndsWith(piece, "plot") ||
         absl::EndsWith(piece, "relic");
}

// Law 2.5: `f`'s presence toward rule of `c`: its warriors and buildings,
// no tokens.
inline int RulePresence(const v1::ClearingView& c, v1::Faction f) {
  int n = Warriors(c, f);
  for (const auto& p : c.pieces()) {
    if (p.owner() == f && !IsToken(p.piece())) n += p.count();
  }
  return n;
}

// Law 11.2.5: a Riverfolk trade post in `c`.
inline bool HasTradePost(const v1::ClearingView* c) {
  if (c == nullptr) return false;
  for (const auto& p : c->pieces()) {
    if (p.owner() == v1::FACTION_RIVERFOLK &&
        p.piece().find("trade post") != std::string::npos)
      return true;
  }
  return false;
}

// Law 14.4.1: a Hundreds mob token in `c`; at the Hundreds' Birdsong it
// razes every enemy building and token there.
inline bool MobIn(const v1::ClearingView* c) {
  if (c == nullptr) return false;
  for (const auto& p : c->pieces()) {
    if (p.owner() == v1::FACTION_HUNDREDS && p.piece() == "mob") return true;
  }
  return false;
}

// The Riverfolk's Funds box (Law 11.2.4).
inline int RiverfolkFunds(const v1::DecisionRequest& r) {
  int funds = 0;
  for (const auto& f : r.observation().riverfolk().funds()) funds += f.count();
  return funds;
}

// What removing one trade post is worth to an opponent of the Riverfolk.
// Law 11.4.2: while any post stands they score a VP per two funds every
// Birdsong; Law 11.2.5.I: a removed post halves their funds. Taking the
// last post saves the next dividend (funds / 2) and more; any other post
// halves the dividends to come.
inline double TradePostWorth(const v1::DecisionRequest& r) {
  if (r.faction() == v1::FACTION_RIVERFOLK) return 0;
  int posts = 0;
  for (const auto& c : r.observation().clearings()) posts += HasTradePost(&c);
  const double funds = RiverfolkFunds(r);
  return 2 + 0.75 * funds + (posts == 1 ? 2 + funds / 2 : 0);
}

// Steps along paths from clearing `from` to the nearest clearing (by id)
// where `found(id, clearing)` holds (0: `from` itself), at most `limit`;
// limit + 1 when none is that close.
template <typename Found>
int StepsTo(const v1::DecisionRequest& r, int from, int limit, Found found) {
  std::vector<int> frontier = {from}, seen = {from};
  for (int d = 0; d <= limit && !frontier.empty(); ++d) {
    std::vector<int> next;
    for (int id : frontier) {
      const v1::ClearingView* c = Clearing(r, id);
      if (c == nullptr) continue;
      if (found(id, c)) return d;
      for (int a : c->adjacent()) {
        if (std::find(seen.begin(), seen.end(), a) != seen.end()) continue;
        seen.push_back(a);
        next.push_back(a);
      }
    }
    frontier = std::move(next);
  }
  return limit + 1;
}

// Steps from clearing `from` to the nearest trade post along paths (0: a
// post there), at most `limit`; limit + 1 when none is that close.
inline int StepsToTradePost(const v1::DecisionRequest& r, int from, int limit) {
  return StepsTo(r, from, limit, [](int, const v1::ClearingView* c) {
    return HasTradePost(c);
  });
}

}  // namespace woodland::bots

#endif  // WOODLAND_BOTS_HEURISTIC_REQUEST_VIEW_H_
