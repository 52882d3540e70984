#include "bots/heuristic/riverfolk_counter.h"

#include "bots/heuristic/request_view.h"

namespace woodland::bots {

int TradePostsOnMap(const v1::DecisionRequest& r) {
  int posts = 0;
  for (const auto& c : r.observation().clearings()) posts += HasTradePost(&c);
  return posts;
}

double PostUrgency(const v1::DecisionRequest& r) {
  if (r.faction() == v1::FACTION_RIVERFOLK || TradePostsOnMap(r) == 0) return 0;
  // Law 11.4.2: the nearer the Riverfolk are to 30 VP, the fewer dividends
  // they still need.
  return TradePostWorth(r) * (1 + VpOf(r, v1::FACTION_RIVERFOLK) / 20.0);
}

bool TakesPost(const v1::DecisionRequest& r, const v1::ClearingView* c, int n) {
  if (r.faction() == v1::FACTION_RIVERFOLK || !HasTradePost(c)) return false;
  return n + Warriors(c, r.faction()) > Warriors(c, v1::FACTION_RIVERFOLK);
}

}  // namespace woodland::bots
