// The full games `woodland conformance` plays: every implemented faction
// with the bot at a two-player table, tables of every seat count from 3 to 6
// whose windows over the faction list together seat every faction, and six-
// seat tables of the expansions (both Vagabonds, Law 9.7; the Underworld
// and Marauder factions), all with the bot in every seat; a tournament
// table of issue 12 (variant map, E&P deck, draft, landmark, hirelings).
#ifndef WOODLAND_CLI_CONFORMANCE_GAMES_H_
#define WOODLAND_CLI_CONFORMANCE_GAMES_H_

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "referee/rules/faction.h"
#include "referee/rules/types.h"

namespace woodland::cli {

struct ConformanceGame {
  std::string name;
  std::vector<int> seats;       // factions
  std::vector<bool> bot_seats;  // the bot under test plays these
  bool unknown_fields = false;
  // Issue 12: a tournament table (the Lake, the Exiles and Partisans deck,
  // the advanced setup's draft, a dealt landmark and three hirelings): the
  // seats are kNoFaction and draft their factions (Law 19.8).
  bool tournament_table = false;
};

inline std::string SeatList(const std::vector<int>& seats) {
  return absl::StrJoin(seats, ",", [](std::string* out, int f) {
    absl::StrAppend(out, rules::FactionKey(f));
  });
}

// `factions`: the implemented factions in enum order (at least two).
inline std::vector<ConformanceGame> ConformanceGames(
    const std::vector<int>& factions) {
  std::vector<ConformanceGame> games;
  auto has = [&](int f) {
    return std::find(factions.begin(), factions.end(), f) != factions.end();
  };
  for (int f : factions) {
    // A second Vagabond plays beside a first (Law 9.7).
    const int other = f == rules::kVagabond2 ? rules::kVagabond
                      : f == factions[0]     ? factions[1]
                                             : factions[0];
    games.push_back({absl::StrCat(rules::FactionKey(f), ", 2 players"),
                     {f, other},
                     {true, false}});
  }
  // Windows over the factions but the second Vagabond, each starting where
  // the last ended, so the tables of 3 to 6 together seat every faction.
  std::vector<int> singles;
  for (int f : factions) {
    if (f != rules::kVagabond2) singles.push_back(f);
  }
  const int n = static_cast<int>(singles.size());
  int start = 0;
  for (int size = 3; size <= std::min(rules::kMaxSeats, n); ++size) {
    std::vector<int> seats;
    for (int j = 0; j < size; ++j) seats.push_back(singles[(start + j) % n]);
    start = (start + size) % n;
    games.push_back({absl::StrCat(size, " players: ", SeatList(seats)), seats,
                     std::vector<bool>(size, true)});
  }
  auto six = [&](const std::string& what, std::vector<int> seats) {
    for (int f : seats) {
      if (!has(f)) return;
    }
    games.push_back({absl::StrCat(what, ", 6 players: ", SeatList(seats)),
                     seats, std::vector<bool>(seats.size(), true)});
  };
  six("both Vagabonds", {rules::kMarquise, rules::kVagabond, rules::kVagabond2,
                         rules::kCult, rules::kRiverfolk, rules::kCorvid});
  six("expansions", {rules::kCult, rules::kRiverfolk, rules::kDuchy,
                     rules::kCorvid, rules::kHundreds, rules::kKeepers});
  games.push_back(
      {"tournament table (Lake, Exiles and Partisans deck, draft, "
       "landmark, hirelings), 4 players",
       std::vector<int>(4, rules::kNoFaction), std::vector<bool>(4, true),
       false, true});
  games.push_back({"unknown future fields in every request",
                   {factions[0], factions[1]},
                   {true, true},
                   true});
  return games;
}

}  // namespace woodland::cli

#endif  // WOODLAND_CLI_CONFORMANCE_GAMES_H_
