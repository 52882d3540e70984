#include "bots/search/search_player.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "bots/search/playout_policy.h"

namespace woodland::bots {
namespace {

double Seconds(const google::protobuf::Duration& d) {
  return static_cast<double>(d.seconds()) + d.nanos() * 1e-9;
}

// The kinds of the events `s` logged from `from` on, or of a request's.
std::vector<absl::string_view> KindsOf(const rules::State& s, size_t from) {
  std::vector<absl::string_view> out;
  for (size_t i = from; i < s.events().size(); ++i)
    out.push_back(rules::State::EventKindName(s.events()[i].kind));
  return out;
}

// Puts card `id` into `seat`'s hand in the seat's own determinization `s`
// (it was seen played from there, e.g. an ambush, Law 4.3.1): swapped with
// a card of that hand into wherever `id` was dealt (the deck or another
// hidden hand).
void Plant(rules::State& s, int me, int seat, rules::CardId id) {
  const auto& hand = s.seat(seat).hand;
  if (seat == me || hand.empty() ||
      std::find(hand.begin(), hand.end(), id) != hand.end())
    return;
  const rules::CardId out = hand.back();
  const auto& deck = s.deck();
  if (std::find(deck.begin(), deck.end(), id) != deck.end()) {
    s.GiveCard(seat, id);
    s.RemoveFromHand(seat, out);
    s.mutable_deck().push_back(out);
    return;
  }
  for (int j = 0; j < s.num_seats(); ++j) {
    const auto& other = s.seat(j).hand;
    if (j == me || j == seat ||
        std::find(other.begin(), other.end(), id) == other.end())
      continue;
    s.GiveCard(seat, id);
    s.GiveCard(j, out);
    return;
  }
}

// Whether the battle in `s` (Law 4.3) is the one the seat's observation
// shows: the same sides and clearing, ambush, rolls (public, Law 4.3.3),
// rolled hits and hits left; or none in either. A rebuilt decision inside
// another battle step (say the ambush's hits where the referee asks for
// the rolled hits) can offer the same options by coincidence.
bool BattleMatches(const rules::State& s, const v1::Observation& p) {
  const rules::BattleState& b = s.battle();
  const bool in_battle = b.attacker != rules::kNoFaction && b.clearing >= 0;
  if (!in_battle || !p.has_battle()) return in_battle == p.has_battle();
  const v1::BattleView& v = p.battle();
  const int ambush = b.ambush == rules::kNoCard ? -1 : b.ambush;
  return static_cast<int>(v.attacker()) - 1 == b.attacker &&
         static_cast<int>(v.defender()) - 1 == b.defender &&
         v.clearing() == b.clearing + 1 &&
         (v.has_ambush() ? static_cast<int>(v.ambush().id()) : -1) == ambush &&
         v.attacker_roll() == b.roll_hi && v.defender_roll() == b.roll_lo &&
         v.attacker_rolled_hits() == b.att_hits &&
         v.defender_rolled_hits() == b.def_hits &&
         v.attacker_hits_left() == b.hits_left[0] &&
         v.defender_hits_left() == b.hits_left[1];
}

// Whether the rebuilt decision `root` is the one `r` asks, beyond its
// options: the same prompt text (the Keepers' craft prompt, Law 15.5.1,
// can offer the same options as a Retinue column's, 15.5.2) and the same
// battle step (Law 4.3). Another decision with the same options by coincidence
// is not resumed: the heuristic answers, as for options that differ.
bool SameDecision(const rules::State& root, const v1::DecisionRequest& r) {
  return root.PromptText() == r.prompt().text() &&
         BattleMatches(root, r.observation());
}

// Event kinds in a canonical order. The public changes no rule logs are
// logged after each step (State::Advance), so a deal that stops where the
// referee did not (an ambush prompt for a defender dealt an ambush card)
// logs them in the same order; the sort stays as a guard for events a
// future rule may log at a decision's end.
std::vector<absl::string_view> Sorted(std::vector<absl::string_view> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// A search for the continuation of the seat's last decision to the one
// asked now: through other seats' decisions (each answer tried, at most
// `depth` of them in a row, `budget` rebuilds in all) to a decision of the
// seat that resumes as the one asked (the same options and the same prompt
// text: a Keepers Retinue column can offer the same options as another, and
// its prompt names the column) in the battle step the observation shows
// (BattleMatches). The first whose logged events are of the kinds the
// request's events show, in order, wins (e.g. an ambush or none), else the
// first with those kinds in another order, else the first found.
struct Continuation {
  const rules::Determinizer& det;
  int me;
  const std::vector<std::string>& labels;
  const v1::DecisionRequest& request;
  uint64_t seed;
  size_t events_from;
  std::vector<absl::string_view> want;  // the request's event kinds
  static constexpr int kBudget = 16;    // rebuilds tried in all
  int budget = kBudget;
  std::optional<rules::State> first, same_kinds, exact;

  void Reach(const rules::State& s, int depth) {
    if (exact.has_value() || s.IsTerminal() || budget <= 0) return;
    if (s.deciding_seat() == me) {
      --budget;
      const rules::State resumed = det.Resume(seed, s);
      if (!rules::RootMatches(resumed, me, labels) ||
          !SameDecision(resumed, request))
        return;
      const std::vector<absl::string_view> kinds = KindsOf(s, events_from);
      if (kinds == want) {
        exact = s;
      } else if (!same_kinds.has_value() && Sorted(kinds) == Sorted(want)) {
        same_kinds = s;
      } else if (!first.has_value()) {
        first = s;
      }
      return;
    }
    if (depth == 0) return;
    for (int i = 0; i < static_cast<int>(s.options().size()); ++i) {
      rules::State next = s;
      if (next.Apply(i).ok()) Reach(next, depth - 1);
    }
  }
};

}  // namespace

SearchPlayer::SearchPlayer(const v1::MatchStart* start,
                           SearchPlayerOptions options)
    : options_(options), heuristic_(options.seed) {
  if (start != nullptr) tracker_ = std::make_unique<InfoTracker>(*start);
}

double SearchPlayer::Budget(const v1::DecisionRequest& r) const {
  double t = options_.max_seconds;
  if (r.has_deadline())
    t = std::min(t, options_.deadline_fraction * Seconds(r.deadline()));
  if (r.has_time_bank())
    t = std::min(t, options_.bank_fraction * Seconds(r.time_bank()));
  return std::max(0.0, t);
}

std::optional<rules::State> SearchPlayer::FindControl(
    const rules::Determinizer& det, const rules::InfoState& info,
    const std::vector<std::string>& labels, const v1::DecisionRequest& r) {
  if (!shadow_.has_value() || shadow_->turn != info.obs.turn ||
      shadow_->current_seat != info.obs.current_seat)
    return std::nullopt;
  rules::State s = shadow_->root;
  // The dice rolled since are public (Law 4.3.3): the continuation rolls
  // them too.
  auto dice = std::make_shared<std::vector<rules::ChanceOutcome>>();
  for (const v1::Event& e : r.events()) {
    if (e.has_ambush() && e.ambush().has_card() && e.seat() >= 0 &&
        e.seat() < s.num_seats())
      Plant(s, info.obs.seat, e.seat(),
            static_cast<rules::CardId>(e.ambush().card().id()));
    if (!e.has_dice()) continue;
    for (int d : {e.dice().attacker_roll(), e.dice().defender_roll()})
      dice->push_back({rules::kChanceDie, static_cast<uint16_t>(d)});
  }
  s.chance_stream().Substitute(std::move(dice));
  Continuation c{.det = det,
                 .me = info.obs.seat,
                 .labels = labels,
                 .request = r,
                 .seed = last_seed_,
                 .events_from = s.events().size(),
                 .want = {},
                 .budget = Continuation::kBudget,
                 .first = {},
                 .same_kinds = {},
                 .exact = {}};
  for (const v1::Event& e : r.events()) c.want.push_back(e.kind());
  if (!s.Apply(shadow_->choice).ok()) return std::nullopt;
  c.Reach(s, 3);
  if (c.exact.has_value()) return std::move(c.exact);
  if (c.same_kinds.has_value()) return std::move(c.same_kinds);
  return std::move(c.first);
}

int SearchPlayer::Choose(const v1::DecisionRequest& r, std::string* note) {
  // The heuristic sees every request (it tracks this turn's aids).
  const int fallback = heuristic_.Choose(r);
  last_.reset();
  if (tracker_ == nullptr) return fallback;
  absl::StatusOr<rules::InfoState> info = tracker_->Update(r);
  std::optional<Shadow> shadow = std::move(shadow_);
  shadow_.reset();
  last_control_hash_ = 0;
  if (!info.ok() || !rules::Determinizable(*info)) {
    ++stats_.fallback;
    return fallback;
  }
  absl::StatusOr<rules::Determinizer> det = rules::Determinizer::Create(*info);
  // The root remembered for the turn logs its events (FindControl).
  absl::StatusOr<rules::Determinizer> logged =
      rules::Determinizer::Create(*info, /*record_events=*/true);
  if (!det.ok() || !logged.ok()) {
    ++stats_.fallback;
    return fallback;
  }
  last_ = *info;
  last_seed_ = options_.seed * 0x9E3779B97F4A7C15ULL +
               static_cast<uint64_t>(r.seat_decision_index()) * 1000003ULL +
               static_cast<uint64_t>(r.seat());
  const std::vector<std::string> labels = InfoTracker::Labels(r);
  shadow_ = std::move(shadow);
  std::optional<rules::State> control = FindControl(*det, *info, labels, r);
  shadow_.reset();
  std::optional<rules::State> root =
      RootFor(*logged, info->obs.seat, labels, last_seed_,
              control.has_value() ? &*control : nullptr);
  if (root.has_value() && !SameDecision(*root, r)) root.reset();
  if (!root.has_value() && control.has_value()) {
    control.reset();
    root = RootFor(*logged, info->obs.seat, labels, last_seed_);
    if (root.has_value() && !SameDecision(*root, r)) root.reset();
  }
  if (!root.has_value()) {
    ++stats_.fallback;
    return fallback;
  }
  if (control.has_value()) last_control_hash_ = control->Hash();
  const int turn = info->obs.turn, current = info->obs.current_seat;
  auto remember = [&](int choice) {
    shadow_ = Shadow{*std::move(root), choice, turn, current};
    return choice;
  };
  SearchConfig config;
  config.seed = last_seed_;
  config.control = control.has_value() ? &*control : nullptr;
  config.horizon_turns = options_.horizon_turns;
  config.material = options_.material;
  config.tree_depth = options_.tree_depth;
  PlayoutPolicy playout_heuristic(last_seed_);
  if (options_.policy_chance > 0) {
    config.policy_chance = options_.policy_chance;
    config.playout_policy = [&playout_heuristic](const rules::State& s) {
      return playout_heuristic.Choose(s);
    };
  }
  if (options_.fixed_iterations > 0) {
    config.seconds = 0;
    config.max_iterations = options_.fixed_iterations;
  } else {
    config.seconds = Budget(r);
    if (config.seconds <= 0.001) {
      ++stats_.fallback;
      return remember(fallback);
    }
  }
  config.prior = fallback;
  if (options_.prior_temperature > 0) {
    config.root_priors =
        RootPriors(heuristic_.Scores(r), options_.prior_temperature);
    config.puct = options_.puct;
  }
  SearchStats st;
  std::optional<int> pick = Search(*info, labels, config, &st);
  if (!pick.has_value()) {
    ++stats_.fallback;
    return remember(fallback);
  }
  ++stats_.searched;
  stats_.resumed += control.has_value();
  stats_.iterations += st.iterations;
  stats_.playout_decisions += st.playout_decisions;
  stats_.search_seconds += st.seconds;
  stats_.search_cpu_seconds += st.cpu_seconds;
  if (note != nullptr) *note = absl::StrCat("ismcts ", st.iterations, " it");
  // Few playouts are noisy: keep the heuristic's choice unless the search
  // found a clearly better one.
  if (*pick == fallback) return remember(fallback);
  ++stats_.disagreed;
  if (fallback < static_cast<int>(st.values.size()) &&
      st.values[*pick] < st.values[fallback] + options_.override_margin)
    return remember(fallback);
  ++stats_.overrides;
  return remember(*pick);
}

}  // namespace woodland::bots
