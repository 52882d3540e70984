#include "bots/heuristic/table_prompts.h"

#include <string>

#include "bots/heuristic/request_view.h"

namespace woodland::bots {
namespace {

using v1::DecisionRequest;
using v1::Option;

// Law 19.8.3: the setup card to draft. How well this bot plays each faction
// (heuristic_bench: the Riverfolk and the Hundreds win most, the Vagabonds
// and the Keepers least); an unknown faction scores in the middle.
double DraftValue(v1::Faction f) {
  switch (f) {
    case v1::FACTION_RIVERFOLK:
      return 10;
    case v1::FACTION_HUNDREDS:
      return 9;
    case v1::FACTION_MARQUISE:
      return 8;
    case v1::FACTION_EYRIE:
      return 7;
    case v1::FACTION_DUCHY:
      return 6;
    case v1::FACTION_CULT:
      return 5;
    case v1::FACTION_ALLIANCE:
    case v1::FACTION_CORVID:
      return 4;
    case v1::FACTION_KEEPERS:
      return 3;
    case v1::FACTION_VAGABOND:
    case v1::FACTION_VAGABOND_SECOND:
      return 2;
    default:
      return 5;
  }
}

int Mine(const DecisionRequest& r, const v1::ClearingView& c) {
  int n = 0;
  for (const auto& w : c.warriors())
    n += w.faction() == r.faction() ? w.count() : 0;
  for (const auto& p : c.pieces())
    n += p.owner() == r.faction() ? p.count() : 0;
  return n;
}

// Law 19.10: the card put back. Dominance cards wait for the late game and
// fill a hand slot; birds are wild and ambushes defend (2.1.1, 4.3.1): keep
// those, put back the card of the suit we hold least of the map.
double PutBackValue(const DecisionRequest& r, const v1::Card& card) {
  const std::string& name = card.name();
  if (name.find("Dominance") != std::string::npos) return 5;
  if (card.suit() == v1::SUIT_BIRD) return -2;
  if (name.find("Ambush") != std::string::npos) return -1;
  int ours = 0;  // our presence in clearings of its suit
  for (const auto& c : r.observation().clearings()) {
    if (c.suit() == card.suit()) ours += Mine(r, c);
  }
  return 2 - 0.2 * ours;
}

// Law 19.5.3: a landmark helps whoever is around it (the Tower scores its
// ruler, the Forge and the Black Market serve those present): set it up
// among our pieces, next to as many as possible.
double LandmarkValue(const DecisionRequest& r, int id) {
  const v1::ClearingView* c = Clearing(r, id);
  if (c == nullptr) return 0;
  double v = Mine(r, *c);
  for (int a : c->adjacent()) {
    if (const v1::ClearingView* n = Clearing(r, a)) v += 0.3 * Mine(r, *n);
  }
  return v;
}

// The Exiles and Partisans deck (20.8.1): use a card's effect when offered,
// aimed at the leader (Saboteurs, False Orders); give away the least useful
// card (Swap Meet).
bool ExilesScore(const DecisionRequest& r, const Option& o, double* out) {
  const std::string& kind = r.prompt().kind();
  const bool done = o.payload_case() == Option::kDone;
  if (o.payload_case() == Option::kExtra) {
    const std::string& a = o.extra().action();
    if (a == "propaganda_bureau" || a == "league_of_adventurous_mice" ||
        a == "black_market") {
      *out = 1.5;
      return true;
    }
    return false;
  }
  if (kind.rfind("card.", 0) != 0) return false;
  if (done) {
    *out = 0;
    return true;
  }
  if (o.payload_case() == Option::kFaction) {  // whom it hits: the leader
    *out = 1 + 0.1 * VpOf(r, o.faction().faction());
    return true;
  }
  if (kind == "card.swap_meet" && o.payload_case() == Option::kCard) {
    *out = PutBackValue(r, o.card());
    return true;
  }
  *out = 1;
  return true;
}

}  // namespace

bool TablePromptScore(const DecisionRequest& r, const Option& o, double* out) {
  const std::string& kind = r.prompt().kind();
  if (kind == "setup.draft" && o.payload_case() == Option::kFaction) {
    *out = DraftValue(o.faction().faction());
    return true;
  }
  if (kind == "setup.starting_hand" && o.payload_case() == Option::kCard) {
    *out = PutBackValue(r, o.card());
    return true;
  }
  if (kind == "setup.landmark" && o.payload_case() == Option::kClearing) {
    *out = LandmarkValue(r, o.clearing().clearing());
    return true;
  }
  return ExilesScore(r, o, out);
}

}  // namespace woodland::bots
