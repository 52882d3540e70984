#include "arena/schedule.h"

#include <algorithm>
#include <climits>
#include <tuple>

#include "absl/strings/str_cat.h"

namespace woodland::arena {
namespace {

// All k-subsets of {0..n-1} in lexicographic order.
std::vector<std::vector<int>> Combinations(int n, int k) {
  std::vector<std::vector<int>> out;
  std::vector<int> c(k);
  for (int i = 0; i < k; ++i) c[i] = i;
  while (true) {
    out.push_back(c);
    int i = k - 1;
    while (i >= 0 && c[i] == n - k + i) --i;
    if (i < 0) break;
    ++c[i];
    for (int j = i + 1; j < k; ++j) c[j] = c[j - 1] + 1;
  }
  return out;
}

uint64_t Mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace

absl::StatusOr<std::vector<Table>> RoundRobin(const ScheduleSpec& spec) {
  const int p = spec.players;
  if (p < 2 || p > 6)
    return absl::InvalidArgumentError("players per table must be 2 to 6");
  if (spec.num_bots < p) {
    return absl::InvalidArgumentError(
        absl::StrCat(p, " players per table need at least ", p, " bots, got ",
                     spec.num_bots));
  }
  if (static_cast<int>(spec.faction_pool.size()) < p) {
    return absl::InvalidArgumentError(absl::StrCat(
        p, " players per table need at least ", p, " factions in the pool"));
  }
  if (spec.tables_per_pairing < 1) {
    return absl::InvalidArgumentError("tables per pairing must be at least 1");
  }
  // Refuse schedules too large to run or store: C(bots, players) tables
  // per pairing count, computed without overflow.
  double combos = 1;
  for (int i = 0; i < p; ++i) combos = combos * (spec.num_bots - i) / (i + 1);
  const double total = combos * spec.tables_per_pairing;
  if (total > kMaxTables) {
    return absl::InvalidArgumentError(absl::StrCat(
        "too many tables: ", spec.num_bots, " bots at ", p, " per table with ",
        spec.tables_per_pairing, " tables per pairing would be ",
        static_cast<int64_t>(total), " (at most ", kMaxTables, ")"));
  }
  const int pool = static_cast<int>(spec.faction_pool.size());
  std::vector<Table> tables;
  int group_counter = 0;
  for (const std::vector<int>& combo : Combinations(spec.num_bots, p)) {
    for (int t = 0; t < spec.tables_per_pairing; ++t) {
      const int group = t / p, r = t % p;
      // The group's factions: a window into the pool. With a larger pool
      // successive windows tile it (step p), so pool / gcd(p, pool)
      // groups of one combination seat every faction of the pool equally
      // often: a full round (tables_per_pairing a multiple of
      // lcm(p, pool)) balances every bot's factions exactly.
      const int step = pool == p ? 1 : p;
      const int offset =
          static_cast<int>((int64_t{group_counter + group} * step) % pool);
      std::vector<int> factions(p);
      for (int j = 0; j < p; ++j)
        factions[j] = spec.faction_pool[(offset + j) % pool];
      Table table;
      table.index = static_cast<int>(tables.size());
      table.seed = Mix(spec.seed * 1000003ULL +
                       static_cast<uint64_t>(group_counter + group));
      table.bots.assign(p, -1);
      table.factions.assign(p, -1);
      for (int j = 0; j < p; ++j) {
        const int seat = (j + r) % p;  // Latin square: bot j, rotation r
        table.bots[seat] = combo[j];
        table.factions[seat] = factions[(j + r) % p];
      }
      tables.push_back(std::move(table));
    }
    group_counter += (spec.tables_per_pairing + p - 1) / p;
  }
  return tables;
}

Balance MeasureBalance(const ScheduleSpec& spec,
                       const std::vector<Table>& tables) {
  Balance b;
  const int pool = static_cast<int>(spec.faction_pool.size());
  b.faction_games.assign(spec.num_bots, std::vector<int>(pool, 0));
  b.seat_games.assign(spec.num_bots, std::vector<int>(spec.players, 0));
  for (const Table& t : tables) {
    for (int seat = 0; seat < static_cast<int>(t.bots.size()); ++seat) {
      const int f = static_cast<int>(std::find(spec.faction_pool.begin(),
                                               spec.faction_pool.end(),
                                               t.factions[seat]) -
                                     spec.faction_pool.begin());
      ++b.faction_games[t.bots[seat]][f];
      ++b.seat_games[t.bots[seat]][seat];
    }
  }
  for (int bot = 0; bot < spec.num_bots; ++bot) {
    auto [fmin, fmax] = std::minmax_element(b.faction_games[bot].begin(),
                                            b.faction_games[bot].end());
    auto [smin, smax] =
        std::minmax_element(b.seat_games[bot].begin(), b.seat_games[bot].end());
    b.faction_imbalance = std::max(b.faction_imbalance, *fmax - *fmin);
    b.seat_imbalance = std::max(b.seat_imbalance, *smax - *smin);
  }
  return b;
}

}  // namespace woodland::arena

namespace woodland::arena {
namespace {

// Imbalance of one bot's counts after adding one game at `slot`.
int ImbalanceAfter(const std::vector<int>& counts, int slot) {
  int lo = INT32_MAX, hi = 0;
  for (size_t i = 0; i < counts.size(); ++i) {
    const int c = counts[i] + (static_cast<int>(i) == slot);
    lo = std::min(lo, c);
    hi = std::max(hi, c);
  }
  return hi - lo;
}

using Cost = std::tuple<int, int, int>;

// The injective assignment of the chosen bots to slots (factions of the
// pool, or seats) with the smallest (max imbalance, sum of imbalances, sum
// of counts); candidates are tried starting at `round` so ties rotate.
std::vector<int> BestAssignment(const std::vector<std::vector<int>>& counts,
                                const std::vector<int>& bots, int slots,
                                int round, Cost* cost = nullptr) {
  const int p = static_cast<int>(bots.size());
  Cost best{INT32_MAX, 0, 0};
  std::vector<int> pick(p, -1), chosen;
  std::vector<bool> used(slots, false);
  auto search = [&](auto&& self, int i, int max_imb, int sum_imb,
                    int sum_count) -> void {
    if (Cost{max_imb, sum_imb, sum_count} >= best) return;  // bound
    if (i == p) {
      best = {max_imb, sum_imb, sum_count};
      chosen = pick;
      return;
    }
    const std::vector<int>& mine = counts[bots[i]];
    for (int k = 0; k < slots; ++k) {
      const int slot = (k + round + i) % slots;
      if (used[slot]) continue;
      const int imb = ImbalanceAfter(mine, slot);
      used[slot] = true;
      pick[i] = slot;
      self(self, i + 1, std::max(max_imb, imb), sum_imb + imb,
           sum_count + mine[slot]);
      used[slot] = false;
    }
  };
  search(search, 0, 0, 0, 0);
  if (cost != nullptr) *cost = best;
  return chosen;
}

}  // namespace

Table LadderTable(const Balance& balance, const std::vector<int>& bots,
                  const std::vector<int>& faction_pool, int round) {
  const int p = static_cast<int>(bots.size());
  const std::vector<int> faction =
      BestAssignment(balance.faction_games, bots,
                     static_cast<int>(faction_pool.size()), round);
  const std::vector<int> seat =
      BestAssignment(balance.seat_games, bots, p, round);
  Table t;
  t.index = round;
  t.bots.assign(p, -1);  // seat -> bot
  t.factions.assign(p, -1);
  for (int i = 0; i < p; ++i) {
    t.bots[seat[i]] = bots[i];
    t.factions[seat[i]] = faction_pool[faction[i]];
  }
  return t;
}

}  // namespace woodland::arena

namespace woodland::arena {

Table PickLadderTable(const Balance& balance,
                      const std::vector<int>& candidates, int players,
                      const std::vector<int>& faction_pool, int round,
                      int spare) {
  const int k =
      std::min<int>(static_cast<int>(candidates.size()), players + spare);
  // (faction max, seat max, faction sum + seat sum, priority sum)
  using Score = std::tuple<int, int, int, int>;
  Score best{INT32_MAX, 0, 0, 0};
  std::vector<int> chosen;
  std::vector<int> pick;
  auto score = [&](const std::vector<int>& bots) {
    Cost f, s;
    int prio = 0;
    std::vector<int> ids;
    for (int i : bots) {
      ids.push_back(candidates[i]);
      prio += i;
    }
    BestAssignment(balance.faction_games, ids,
                   static_cast<int>(faction_pool.size()), round, &f);
    BestAssignment(balance.seat_games, ids, players, round, &s);
    return Score{std::get<0>(f), std::get<0>(s),
                 std::get<1>(f) + std::get<1>(s), prio};
  };
  auto search = [&](auto&& self, int from) -> void {
    if (static_cast<int>(pick.size()) == players) {
      const Score sc = score(pick);
      if (sc < best) {
        best = sc;
        chosen = pick;
      }
      return;
    }
    for (int i = from; i < k; ++i) {
      pick.push_back(i);
      self(self, i + 1);
      pick.pop_back();
    }
  };
  search(search, 0);
  std::vector<int> bots;
  for (int i : chosen) bots.push_back(candidates[i]);
  std::sort(bots.begin(), bots.end());
  return LadderTable(balance, bots, faction_pool, round);
}

}  // namespace woodland::arena
