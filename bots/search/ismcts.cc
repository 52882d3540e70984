#include "bots/search/ismcts.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>

namespace woodland::bots {
namespace {

using rules::Option;

double ThreadCpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + t.tv_nsec * 1e-9;
}

using rules::State;

struct Edge {
  Option opt;
  int child = -1;
  int visits = 0;
  int avail = 0;
  std::array<double, rules::kMaxSeats> value{};
};

struct Node {
  std::vector<Edge> edges;
};

struct Rng {
  uint64_t x;
  uint64_t Next() {
    uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  int Below(int n) {
    return static_cast<int>(Next() % static_cast<uint64_t>(n));
  }
  double Unit() { return static_cast<double>(Next() >> 11) * 0x1.0p-53; }
};

// A seat's progress toward winning in VP terms: its score, or for an
// activated dominance card the share of the clearings it needs (Law 3.3.1).
double Progress(const State& s, int seat) {
  const rules::SeatState& st = s.seat(seat);
  if (st.dominance == rules::kNoCard) return st.vp;
  const int f = st.faction;
  const int suit = s.card(st.dominance).suit;
  if (suit == rules::kBird) {
    for (auto [a, b] : s.map().opposite_corners) {
      if (s.Rules(f, a) || s.Rules(f, b)) return 15;
    }
    return 0;
  }
  int ruled = 0;
  for (int c = 0; c < s.map().num_clearings; ++c)
    ruled += s.SuitOf(c) == suit && s.Rules(f, c);
  return 27.0 * std::min(ruled, 3) / 3;
}

int Decide(const State& s, Rng& rng, double done_chance) {
  const auto& opts = s.options();
  const int n = static_cast<int>(opts.size());
  if (rng.Unit() < done_chance) return rng.Below(n);
  int others = 0;
  for (const Option& o : opts) others += o.kind != rules::kOptDone;
  if (others == 0) return rng.Below(n);
  int k = rng.Below(others);
  for (int i = 0; i < n; ++i) {
    if (opts[i].kind == rules::kOptDone) continue;
    if (k-- == 0) return i;
  }
  return 0;
}

// AlphaZero's PUCT rule at the root: the option maximizing Q + c P
// sqrt(N) / (1 + n); unvisited options take the root's mean as Q.
int PuctPick(const Node& root, const std::vector<int>& edge_of, int seat,
             const std::vector<double>& priors, double c) {
  int total = 0;
  double sum = 0;
  for (int e : edge_of) {
    total += root.edges[e].visits;
    sum += root.edges[e].value[seat];
  }
  const double fpu = total > 0 ? sum / total : 0.5;
  const double sq = std::sqrt(static_cast<double>(std::max(total, 1)));
  int pick = 0;
  double best = -1e300;
  for (size_t i = 0; i < edge_of.size(); ++i) {
    const Edge& e = root.edges[edge_of[i]];
    const double q = e.visits > 0 ? e.value[seat] / e.visits : fpu;
    const double u = q + c * priors[i] * sq / (1 + e.visits);
    if (u > best) {
      best = u;
      pick = static_cast<int>(i);
    }
  }
  return pick;
}

}  // namespace

std::vector<double> RootPriors(const std::vector<double>& scores,
                               double temperature) {
  std::vector<double> p(scores.size());
  if (scores.empty()) return p;
  const double top = *std::max_element(scores.begin(), scores.end());
  double z = 0;
  for (size_t i = 0; i < scores.size(); ++i)
    z += p[i] = std::exp((scores[i] - top) / std::max(1e-6, temperature));
  for (double& x : p) x /= z;
  return p;
}

// A seat's standing on the map and in hand, in VP terms (see SeatValues).
double Material(const State& s, int seat) {
  const int f = s.seat(seat).faction;
  double m = 0.5 * static_cast<double>(s.seat(seat).hand.size());
  for (int c = 0; c < s.map().num_clearings; ++c) {
    m += 0.25 * s.Presence(f, c) + (s.Rules(f, c) ? 0.5 : 0);
  }
  return m;
}

std::array<double, rules::kMaxSeats> SeatValues(const State& s,
                                                double material) {
  std::array<double, rules::kMaxSeats> v{};
  const int n = s.num_seats();
  if (s.IsTerminal() && !s.winners().empty()) {
    for (int w : s.winners()) v[w] = 1;
    return v;
  }
  std::array<double, rules::kMaxSeats> e{};
  for (int i = 0; i < n; ++i) {
    e[i] = Progress(s, i);
    if (material > 0) e[i] += material * Material(s, i);
  }
  // Law 9.2.8: a Vagabond in a coalition wins with his partner.
  for (int f : {rules::kVagabond, rules::kVagabond2}) {
    const int vb = s.SeatOf(f);
    if (vb >= 0 && s.vagabond(f).coalition >= 0)
      e[vb] = e[s.vagabond(f).coalition];
  }
  for (int i = 0; i < n; ++i) {
    double best = 0;
    for (int j = 0; j < n; ++j) {
      if (j == i) continue;
      bool partner = false;
      for (int f : {rules::kVagabond, rules::kVagabond2}) {
        const int vb = s.SeatOf(f);
        const int co = vb >= 0 ? s.vagabond(f).coalition : -1;
        partner |= (vb == i && co == j) || (vb == j && co == i);
      }
      if (!partner) best = std::max(best, e[j]);
    }
    const double rel = 0.5 + 0.5 * std::tanh((e[i] - best) / 10.0);
    v[i] = 0.7 * rel + 0.3 * std::min(1.0, e[i] / rules::kWinningScore);
  }
  return v;
}

std::optional<State> RootFor(const rules::Determinizer& det, int seat,
                             const std::vector<std::string>& labels,
                             uint64_t seed, const State* control) {
  if (control != nullptr) {
    State s = det.Resume(seed, *control);
    if (rules::RootMatches(s, seat, labels)) return s;
    return std::nullopt;
  }
  State s = det.Sample(seed);
  if (rules::AlignRoot(s, seat, labels)) return s;
  return std::nullopt;
}

namespace {

using Path = std::vector<std::pair<int, int>>;  // (node, edge) from the root

// The edge of `node` for each of `s`'s options (added when new), each
// counted as available once more: in ISMCTS an edge's exploration term is
// over the determinizations that offered it, not over its node's visits.
std::vector<int> EdgesOf(const State& s, Node& node) {
  const auto& opts = s.options();
  std::vector<int> edge_of(opts.size());
  for (size_t i = 0; i < opts.size(); ++i) {
    auto& edges = node.edges;
    auto it = std::find_if(edges.begin(), edges.end(),
                           [&](const Edge& e) { return e.opt == opts[i]; });
    if (it == edges.end()) {
      edges.push_back(Edge{.opt = opts[i]});
      it = edges.end() - 1;
    }
    ++it->avail;
    edge_of[i] = static_cast<int>(it - edges.begin());
  }
  return edge_of;
}

// The option the tree follows at `node`: at the root the PUCT pick when
// priors are given; else the prior option while unvisited (config.prior at
// the root; at a node none of whose options was visited, the playout
// policy's), then an unvisited option at random, then the best UCB1 value
// for the deciding seat (the prior's option with its bias).
int PickOption(const State& s, const std::vector<Node>& nodes, int node,
               const std::vector<int>& edge_of, const SearchConfig& config,
               Rng& rng) {
  const int seat = s.deciding_seat();
  const size_t n = edge_of.size();
  const Node& here = nodes[node];
  int prior = node == 0 ? config.prior : -1;
  if (node != 0 && config.playout_policy && config.policy_chance >= 1 &&
      here.edges.size() == n &&
      std::all_of(edge_of.begin(), edge_of.end(),
                  [&](int e) { return here.edges[e].visits == 0; })) {
    prior = config.playout_policy(s);  // a new node: the policy first
    if (prior >= static_cast<int>(n)) prior = -1;
  }
  if (node == 0 && config.root_priors.size() == n)
    return PuctPick(here, edge_of, seat, config.root_priors, config.puct);
  if (prior >= 0 && here.edges[edge_of[prior]].visits == 0) return prior;
  int pick = -1, unvisited = 0;
  double best = -1;
  for (size_t i = 0; i < n; ++i) {
    const Edge& e = here.edges[edge_of[i]];
    if (e.visits == 0) {
      if (rng.Below(++unvisited) == 0) pick = static_cast<int>(i);
      continue;
    }
    if (unvisited > 0) continue;
    const double u =
        e.value[seat] / e.visits +
        (static_cast<int>(i) == prior ? config.prior_bias / (e.visits + 1)
                                      : 0) +
        config.exploration * std::sqrt(std::log(e.avail) / e.visits);
    if (u > best) {
      best = u;
      pick = static_cast<int>(i);
    }
  }
  return pick;
}

// Selection and expansion: follows PickOption from the root, adding the
// nodes met, until the first edge never visited (taken, then stop), the
// end of the game, the horizon in faction turns or the tree's depth.
Path Descend(State& s, int turns0, std::vector<Node>& nodes,
             const SearchConfig& config, Rng& rng) {
  Path path;
  int node = 0;
  while (!s.IsTerminal() &&
         s.counters().turns - turns0 <= config.horizon_turns &&
         (config.tree_depth <= 0 ||
          static_cast<int>(path.size()) < config.tree_depth)) {
    const std::vector<int> edge_of = EdgesOf(s, nodes[node]);
    const int pick = PickOption(s, nodes, node, edge_of, config, rng);
    const int edge = edge_of[pick];
    path.push_back({node, edge});
    const bool expand = nodes[node].edges[edge].visits == 0;
    (void)s.Apply(pick);
    if (nodes[node].edges[edge].child < 0) {
      nodes[node].edges[edge].child = static_cast<int>(nodes.size());
      nodes.emplace_back();
    }
    node = nodes[node].edges[edge].child;
    if (expand) break;
  }
  return path;
}

// Playout: the policy's choice with config.policy_chance, else a cheap
// random one ("done" discouraged), up to the horizon in faction turns.
void Playout(State& s, int turns0, const SearchConfig& config, Rng& rng,
             SearchStats& stats) {
  while (!s.IsTerminal() &&
         s.counters().turns - turns0 <= config.horizon_turns) {
    const bool policy = config.playout_policy && config.policy_chance > 0 &&
                        rng.Unit() < config.policy_chance;
    int pick = policy ? config.playout_policy(s) : -1;
    if (pick < 0 || pick >= static_cast<int>(s.options().size()))
      pick = Decide(s, rng, config.done_chance);
    (void)s.Apply(pick);
    ++stats.playout_decisions;
  }
}

// Backpropagation: every seat's value of where the playout ended, added to
// each edge on the path (max^n: each node picks by its deciding seat's).
void Backup(const State& s, const Path& path, double material,
            std::vector<Node>& nodes) {
  const auto v = SeatValues(s, material);
  for (auto [n, e] : path) {
    Edge& edge = nodes[n].edges[e];
    ++edge.visits;
    for (int i = 0; i < s.num_seats(); ++i) edge.value[i] += v[i];
  }
}

// The most visited root option, in the request's order (the first on a
// tie), with each of the request's options' visits and mean value for `me`
// in `stats`.
int MostVisited(const std::vector<Option>& root_options, size_t num_labels,
                const Node& root, int me, SearchStats& stats) {
  int best = 0, most = -1;
  stats.visits.assign(num_labels, 0);
  stats.values.assign(num_labels, 0);
  for (size_t i = 0; i < root_options.size(); ++i) {
    for (const Edge& e : root.edges) {
      if (e.opt != root_options[i]) continue;
      stats.visits[i] = e.visits;
      stats.values[i] = e.visits > 0 ? e.value[me] / e.visits : 0;
    }
    if (stats.visits[i] > most) {
      most = stats.visits[i];
      best = static_cast<int>(i);
    }
  }
  return best;
}

}  // namespace

std::optional<int> Search(const rules::InfoState& info,
                          const std::vector<std::string>& labels,
                          const SearchConfig& config, SearchStats* stats) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const double cpu_start = ThreadCpuSeconds();
  absl::StatusOr<rules::Determinizer> det = rules::Determinizer::Create(info);
  if (!det.ok()) return std::nullopt;
  const int me = info.obs.seat;
  Rng rng{config.seed};
  std::optional<State> first =
      RootFor(*det, me, labels, rng.Next(), config.control);
  if (!first.has_value()) return std::nullopt;
  const std::vector<Option> root_options = first->options();
  std::vector<Node> nodes(1);
  SearchStats local;
  auto elapsed = [&] {
    return std::chrono::duration<double>(Clock::now() - start).count();
  };
  while ((config.max_iterations <= 0 ||
          local.iterations < config.max_iterations) &&
         (config.seconds <= 0 || elapsed() < config.seconds)) {
    if (config.seconds <= 0 && config.max_iterations <= 0) break;
    // A determinization: the first, then fresh samples aligned with the
    // root (or the control's hidden facts resumed).
    State s = local.iterations == 0 ? *first
              : config.control != nullptr
                  ? det->Resume(rng.Next(), *config.control)
                  : det->Sample(rng.Next());
    if (local.iterations > 0 && config.control == nullptr)
      (void)rules::AlignRoot(s, me, labels);
    if (s.deciding_seat() != me || s.options() != root_options) {
      ++local.iterations;  // a determinization that asks otherwise
      continue;
    }
    const int turns0 = s.counters().turns;
    const Path path = Descend(s, turns0, nodes, config, rng);
    Playout(s, turns0, config, rng, local);
    Backup(s, path, config.material, nodes);
    ++local.iterations;
  }
  const int best =
      MostVisited(root_options, labels.size(), nodes[0], me, local);
  local.tree_nodes = static_cast<int>(nodes.size());
  local.seconds = elapsed();
  local.cpu_seconds = ThreadCpuSeconds() - cpu_start;
  if (stats != nullptr) *stats = local;
  return best;
}

}  // namespace woodland::bots
