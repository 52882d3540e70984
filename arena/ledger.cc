#include "arena/ledger.h"

#include <algorithm>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "arena/store.h"
#include "referee/convert.h"

namespace woodland::arena {

std::vector<SeatForfeit> FindForfeits(const v1::MatchResult& result,
                                      const v1::Replay& replay) {
  std::vector<int> fallback(result.seats_size(), 0);
  for (const v1::DecisionRecord& d : replay.decisions()) {
    if (d.seat() >= 0 && d.seat() < result.seats_size() &&
        d.fallback_reason() != v1::FAULT_REASON_UNSPECIFIED) {
      ++fallback[d.seat()];
    }
  }
  std::vector<SeatForfeit> out;
  for (int i = 0; i < result.seats_size(); ++i) {
    const v1::SeatResult& s = result.seats(i);
    std::string startup;
    for (const v1::Fault& f : s.faults()) {
      if (f.reason() == v1::FAULT_REASON_STARTUP && f.decision_index() < 0 &&
          startup.empty()) {
        startup = f.detail();
      }
    }
    // Replaced before the first decision: the bot never played.
    bool replaced_at_start = false;
    for (const v1::Fault& f : s.faults()) {
      replaced_at_start |=
          f.reason() == v1::FAULT_REASON_REPLACED && f.decision_index() < 0;
    }
    if (replaced_at_start) {
      out.push_back({i, true,
                     absl::StrCat("never connected: ",
                                  startup.empty() ? "no answer" : startup)});
    } else if (s.decisions() > 0 && 2 * fallback[i] > s.decisions()) {
      out.push_back({i, false,
                     absl::StrCat("the fallback made ", fallback[i], " of ",
                                  s.decisions(), " decisions")});
    }
  }
  return out;
}

std::string ForfeitsText(const std::vector<SeatForfeit>& forfeits) {
  std::string out;
  for (const SeatForfeit& f : forfeits) {
    absl::StrAppend(&out, f.seat, ":", f.never_started ? "start" : "fallback",
                    ":", absl::StrReplaceAll(f.reason, {{"\n", " "}}), "\n");
  }
  return out;
}

std::vector<SeatForfeit> ParseForfeits(const std::string& text) {
  std::vector<SeatForfeit> out;
  for (absl::string_view line : absl::StrSplit(text, '\n', absl::SkipEmpty())) {
    std::vector<std::string> parts =
        absl::StrSplit(line, absl::MaxSplits(':', 2));
    SeatForfeit f;
    if (parts.size() != 3 || !absl::SimpleAtoi(parts[0], &f.seat)) continue;
    f.never_started = parts[1] == "start";
    f.reason = parts[2];
    out.push_back(std::move(f));
  }
  return out;
}

std::vector<int> Ranks(const v1::MatchResult& r,
                       const std::vector<SeatForfeit>& forfeits) {
  const int n = r.seats_size();
  std::vector<bool> lost(n, false);
  for (const SeatForfeit& f : forfeits) {
    if (f.seat >= 0 && f.seat < n) lost[f.seat] = true;
  }
  auto key = [&](int i) {
    return std::tuple<int, int, int>(lost[i] ? 0 : 1,
                                     !lost[i] && r.seats(i).winner() ? 1 : 0,
                                     lost[i] ? 0 : r.seats(i).victory_points());
  };
  std::vector<int> ranks(n);
  for (int i = 0; i < n; ++i) {
    int better = 0;
    for (int j = 0; j < n; ++j) better += key(j) > key(i);
    ranks[i] = better + 1;
  }
  return ranks;
}

Ledger::Ledger(LedgerOptions options) : options_(std::move(options)) {
  const int nb = static_cast<int>(options_.bots.size()),
            nf = static_cast<int>(options_.factions.size());
  bots_.resize(nb);
  factions_.resize(nf);
  for (int b = 0; b < nb; ++b) {
    bots_[b].name = options_.bots[b];
    bots_[b].by_faction.resize(nf);
  }
  balance_.faction_games.assign(nb, std::vector<int>(nf, 0));
  balance_.seat_games.assign(nb, std::vector<int>(options_.players, 0));
}

void Ledger::Schedule(const Table& t) {
  for (int seat = 0; seat < static_cast<int>(t.bots.size()); ++seat) {
    const int bot = t.bots[seat];
    if (bot < 0 || bot >= num_bots() || seat >= options_.players) continue;
    const auto& pool = options_.factions;
    const size_t f =
        std::find(pool.begin(), pool.end(), t.factions[seat]) - pool.begin();
    if (f < pool.size() && !options_.draft) ++balance_.faction_games[bot][f];
    ++balance_.seat_games[bot][seat];
  }
  UpdateImbalance();
}

void Ledger::UpdateImbalance() {
  // Bounded by bots x factions, not by matches.
  balance_.faction_imbalance = balance_.seat_imbalance = 0;
  for (int b = 0; b < num_bots(); ++b) {
    const auto& fg = balance_.faction_games[b];
    const auto& sg = balance_.seat_games[b];
    auto [fmin, fmax] = std::minmax_element(fg.begin(), fg.end());
    auto [smin, smax] = std::minmax_element(sg.begin(), sg.end());
    balance_.faction_imbalance =
        std::max(balance_.faction_imbalance, *fmax - *fmin);
    balance_.seat_imbalance = std::max(balance_.seat_imbalance, *smax - *smin);
  }
}

void Ledger::Apply(const std::vector<int>& bots, const v1::MatchResult& r,
                   const std::vector<SeatForfeit>& forfeits) {
  const int n = std::min<int>(r.seats_size(), bots.size());
  const std::vector<int> ranks = Ranks(r, forfeits);
  std::vector<bool> lost(r.seats_size(), false),
      no_start(r.seats_size(), false);
  for (const SeatForfeit& f : forfeits) {
    if (f.seat < 0 || f.seat >= r.seats_size()) continue;
    lost[f.seat] = true;
    no_start[f.seat] = f.never_started;
  }
  std::vector<std::vector<Rating>> overall, by_faction, faction;
  std::vector<std::pair<int, int>> who;  // (bot, pool index) per seat
  const auto& pool = options_.factions;
  for (int i = 0; i < n; ++i) {
    const int bot = bots[i];
    const int f = static_cast<int>(
        std::find(pool.begin(), pool.end(),
                  referee::FactionFromProto(r.seats(i).faction())) -
        pool.begin());
    if (bot < 0 || bot >= num_bots() || f >= static_cast<int>(pool.size()))
      return;  // not a match of this tournament
    who.push_back({bot, f});
  }
  for (int i = 0; i < n; ++i) {
    const auto [bot, f] = who[i];
    BotStanding& b = bots_[bot];
    const bool won = r.seats(i).winner() && !lost[i];
    overall.push_back({b.rating});
    by_faction.push_back({b.by_faction[f].rating});
    faction.push_back({factions_[f].rating});
    for (FactionStats* fs : {&b.by_faction[f], &factions_[f]}) {
      ++fs->games;
      fs->wins += won;
      fs->vp += r.seats(i).victory_points();
    }
    // Law 19.8: a drafted faction is known from the result only.
    if (options_.draft) ++balance_.faction_games[bot][f];
    ++b.games;
    b.wins += won;
    b.vp += r.seats(i).victory_points();
    b.forfeits += lost[i];
    b.start_failures_in_a_row = no_start[i] ? b.start_failures_in_a_row + 1 : 0;
    // A start ends the streak, and with it a suspension (a probe, issue 14).
    b.suspended = options_.suspend_after > 0 &&
                  b.start_failures_in_a_row >= options_.suspend_after;
  }
  const auto new_overall = RatePlackettLuce(overall, ranks, options_.model);
  const auto new_by_faction =
      RatePlackettLuce(by_faction, ranks, options_.model);
  // Issue 14.6: the factions themselves, rated like players (all bots).
  const auto new_faction = RatePlackettLuce(faction, ranks, options_.model);
  for (int i = 0; i < n; ++i) {
    const auto [bot, f] = who[i];
    bots_[bot].rating = new_overall[i][0];
    bots_[bot].by_faction[f].rating = new_by_faction[i][0];
    factions_[f].rating = new_faction[i][0];
    changed_.insert({bot, -1});
    changed_.insert({bot, f});
  }
  if (options_.draft) UpdateImbalance();
  ++done_;
}

void Ledger::Offer(int table_index, const std::vector<int>& bots,
                   const v1::MatchResult& result,
                   std::vector<SeatForfeit> forfeits) {
  if (table_index < next_) return;  // already applied
  waiting_[table_index] = Waiting{bots, result, std::move(forfeits)};
  for (auto it = waiting_.begin(); it != waiting_.end() && it->first == next_;
       it = waiting_.erase(it)) {
    Apply(it->second.bots, it->second.result, it->second.forfeits);
    ++next_;
  }
}

void UpdateLadderRows(const v1::MatchResult& r,
                      const std::vector<SeatForfeit>& forfeits,
                      const RatingModel& model,
                      std::vector<LadderRatingRow>& overall,
                      std::vector<LadderRatingRow>& by_faction) {
  const size_t n = std::min<size_t>(r.seats_size(), overall.size());
  if (n < 2 || by_faction.size() < n) return;
  std::vector<bool> lost(r.seats_size(), false);
  for (const SeatForfeit& f : forfeits) {
    if (f.seat >= 0 && f.seat < r.seats_size()) lost[f.seat] = true;
  }
  const std::vector<int> ranks = Ranks(r, forfeits);
  for (auto* rows : {&overall, &by_faction}) {
    std::vector<std::vector<Rating>> teams;
    for (size_t i = 0; i < n; ++i) {
      const LadderRatingRow& row = (*rows)[i];
      teams.push_back({row.found ? Rating{row.mu, row.sigma} : Rating{}});
    }
    const auto rated = RatePlackettLuce(teams, ranks, model);
    for (size_t i = 0; i < n; ++i) {
      LadderRatingRow& row = (*rows)[i];
      row.mu = rated[i][0].mu;
      row.sigma = rated[i][0].sigma;
      ++row.games;
      row.wins += r.seats(i).winner() && !lost[i];
      row.vp += r.seats(i).victory_points();
      row.found = true;
    }
  }
}

void Ledger::RowsOf(int bot, int f, std::vector<RatingRow>* out) const {
  const BotStanding& b = bots_[bot];
  if (f < 0) {
    out->push_back(
        {b.name, -1, b.rating.mu, b.rating.sigma, b.games, b.wins, b.vp});
    return;
  }
  const FactionStats& fs = b.by_faction[f];
  out->push_back({b.name, options_.factions[f], fs.rating.mu, fs.rating.sigma,
                  fs.games, fs.wins, fs.vp});
}

std::vector<RatingRow> Ledger::TakeChangedRows() {
  std::vector<RatingRow> rows;
  for (const auto& [bot, f] : changed_) RowsOf(bot, f, &rows);
  changed_.clear();
  return rows;
}

std::vector<RatingRow> Ledger::AllRows() const {
  std::vector<RatingRow> rows;
  // The rows the incremental updates write: those of bots (and factions)
  // that have played.
  for (int b = 0; b < num_bots(); ++b) {
    for (int f = -1; f < static_cast<int>(options_.factions.size()); ++f) {
      const int games = f < 0 ? bots_[b].games : bots_[b].by_faction[f].games;
      if (games > 0) RowsOf(b, f, &rows);
    }
  }
  return rows;
}

Standings Ledger::Snapshot(int matches_total) const {
  Standings s;
  s.bots = bots_;
  s.factions = factions_;
  s.balance = balance_;
  s.matches_done = done_;
  s.matches_total = matches_total;
  std::stable_sort(s.bots.begin(), s.bots.end(),
                   [](const BotStanding& a, const BotStanding& b) {
                     return a.rating.Ordinal() > b.rating.Ordinal();
                   });
  return s;
}

}  // namespace woodland::arena
