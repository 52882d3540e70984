#include "bots/heuristic/riverfolk_plan.h"

#include <cstdlib>
#include <map>
#include <string>

#include "bots/heuristic/request_view.h"

namespace woodland::bots {
namespace {

using v1::DecisionRequest;
using v1::Option;

// Prices the Riverfolk set (Law 11.6.2): riverboats cheap to draw buyers,
// cards and mercenaries dearer.
constexpr int kPriceCard = 2, kPriceBoats = 1, kPriceMercs = 3;

int Enemies(const v1::ClearingView* c, v1::Faction me) {
  if (c == nullptr) return 0;
  int n = 0;
  for (const auto& w : c->warriors())
    if (w.faction() != me) n += w.count();
  return n;
}

int Total(const google::protobuf::RepeatedPtrField<v1::FactionCount>& v) {
  int n = 0;
  for (const auto& fc : v) n += fc.count();
  return n;
}

int OnMap(const DecisionRequest& r, v1::Faction f) {
  int n = 0;
  for (const auto& c : r.observation().clearings()) n += Warriors(&c, f);
  return n;
}

double ActionScore(const DecisionRequest& r, const std::string& label) {
  const auto& rf = r.observation().riverfolk();
  const int funds = Total(rf.funds());
  if (label.rfind("Establish a trade post", 0) == 0) return 10;
  if (label.rfind("Craft", 0) == 0) return 8;
  if (label.rfind("Recruit", 0) == 0) return OnMap(r, r.faction()) < 4 ? 6 : 2;
  if (label.rfind("Draw", 0) == 0)
    return r.observation().hand().size() < 3 && funds > 3 ? 5 : 2;
  if (label.rfind("Export", 0) == 0)
    return r.observation().hand().size() > 4 ? 5 : 2;
  if (label.rfind("Battle", 0) == 0) return 1;
  if (label.rfind("Move", 0) == 0) return 1.5;
  return 1;
}

// The Riverfolk's own decisions.
bool OwnScore(const DecisionRequest& r, const Option& o, double* score) {
  const std::string& kind = r.prompt().kind();
  const bool done = o.payload_case() == Option::kDone;
  const v1::Faction me = r.faction();
  if (kind == "riverfolk.action") {
    // Hoard the rest: every two funds left score a VP at Birdsong (11.4.2).
    *score = done ? 3.5 : ActionScore(r, o.label());
    return true;
  }
  if (kind == "riverfolk.price") {
    const std::string& text = r.prompt().text();
    const int target = text.find("Hand Card") != std::string::npos ? kPriceCard
                       : text.find("Riverboats") != std::string::npos
                           ? kPriceBoats
                           : kPriceMercs;
    *score = -std::abs(o.count().count() - target);
    return true;
  }
  if (kind == "riverfolk.commit" || kind == "riverfolk.spend" ||
      kind == "riverfolk.trade_disruption") {
    // Keep other factions' warriors: they pay for trade posts in their
    // clearings (11.5.6.II) and stay out of their supply.
    *score = o.faction().faction() == me ? 2 : 1;
    return true;
  }
  if (kind == "riverfolk.setup_warrior" || kind == "riverfolk.recruit") {
    const auto* c = Clearing(r, o.clearing().clearing());
    *score =
        3 - Warriors(c, me) - 0.5 * Enemies(c, me) + (HasTradePost(c) ? 1 : 0);
    return true;
  }
  if (kind == "riverfolk.trade_post") {
    const auto* c = Clearing(r, o.clearing().clearing());
    *score = 2 + Warriors(c, me) - 0.3 * Enemies(c, me);
    return true;
  }
  return false;
}

}  // namespace

bool RiverfolkScore(const DecisionRequest& r, const Option& o, double* score) {
  const std::string& kind = r.prompt().kind();
  const bool done = o.payload_case() == Option::kDone;
  if (kind == "riverfolk.buy_service") {
    // Law 11.2.6 / 11.4.2: whatever a buyer pays becomes the Riverfolk's
    // funds, which score a VP per two at every Birdsong while a trade post
    // stands: against a Riverfolk that scores that way, buying only feeds
    // it (measured: buying never beat not buying, issue 17).
    *score = done ? 1 : -1;
    return true;
  }
  if (kind == "riverfolk.vagabond_pay") {
    static const std::map<std::string, double> kCheap = {
        {"crossbow", 8}, {"hammer", 7}, {"sack", 6},  {"sword", 5},
        {"tea", 4},      {"boot", 3},   {"torch", 2}, {"coin", 1}};
    auto it = kCheap.find(o.item().item());
    *score = it == kCheap.end() ? 0 : it->second;
    return true;
  }
  if (r.faction() != v1::FACTION_RIVERFOLK) return false;
  return OwnScore(r, o, score);
}

}  // namespace woodland::bots
