// Heuristic bot vs random bots, per faction: for every faction of the list
// (default: all ten, one Vagabond), matches through the referee with the
// heuristic bot (one out-of-process server) in that faction's seat and
// uniform-random bots in the others. The opponents go through every set of
// the other factions of the pool (--tables window: the earlier few fixed
// tables) and the heuristic's seat rotates over every position.
// Prints a per-faction table of win rate (and how many of the wins were by
// a dominance card, Law 3.3), the 95% Wilson interval, mean VP and how the
// losses came (a random bot's 30 VP / its dominance / the turn limit).
//
// Run: build/bench/heuristic_bench [--games N] [--players P] [--seed S]
//        [--factions a,b,...] [--pool a,b,...] [--in-process 1]
//        [--trace K] [--tables all|window]
// N games per faction (default 40), P players per table (default 4),
// --factions the heuristic's factions (vagabond2: the second Vagabond, seated
// with a random first Vagabond), --pool the opponents' (default all), S the
// first match seed (default 1000). --in-process 1 plays the same tables
// without gRPC: the policy gets the request the referee would send (prompt,
// options, observation, the seat's events) and the others pick uniformly;
// --trace K (in process) prints the heuristic's decisions in the first K lost
// games of each faction, to see what it did (env TRACE_OPTIONS=1 lists
// every option, TRACE_VIEW=1 a Vagabond's items, relationships and the
// activated dominance cards; with a Riverfolk seated every trace line shows
// its funds / trade posts and each post's clearing and guards, e.g.
// "rf18/1@7g1"). In process it also prints each faction's mean game length
// (turns) and the heuristic's mean VP by reason, and with env WON_BY=1 the
// winners' mean VP by faction and reason over the lost games (how the
// random bots beat it).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "bots/heuristic/policy.h"
#include "referee/convert.h"
#include "referee/match_runner.h"
#include "referee/process.h"
#include "referee/rules/chance.h"
#include "referee/rules/state.h"
#include "referee/rules/types.h"

namespace woodland::referee {
namespace {

// Every faction once, one Vagabond (the second needs the first, Law 9.7).
std::vector<int> AllFactions() {
  std::vector<int> out;
  for (int f = 0; f < rules::kNumFactions; ++f) {
    if (f != rules::kVagabond2) out.push_back(f);
  }
  return out;
}

bool ParseList(const char* text, std::vector<int>* out) {
  out->clear();
  for (absl::string_view key : absl::StrSplit(text, ',')) {
    const int f = rules::ParseFaction(key);
    if (f < 0) {
      std::fprintf(stderr, "unknown or unsupported faction '%s'\n",
                   std::string(key).c_str());
      return false;
    }
    out->push_back(f);
  }
  return !out->empty();
}

// The k-element subsets of {0, ..., n-1} in lexicographic order.
std::vector<std::vector<int>> Combinations(int n, int k) {
  std::vector<std::vector<int>> out;
  std::vector<int> c(k);
  for (int i = 0; i < k; ++i) c[i] = i;
  while (k <= n) {
    out.push_back(c);
    int i = k - 1;
    while (i >= 0 && c[i] == n - k + i) --i;
    if (i < 0) break;
    ++c[i];
    for (int j = i + 1; j < k; ++j) c[j] = c[j - 1] + 1;
  }
  return out;
}

// Game g of faction `mine`: the heuristic sits at seat g % players. Its
// opponents (the pool without `mine`), with every_table: each set of
// players-1 of them in turn, a new set every `players` games (so every set
// is met at every seat); without: the next players-1 after a window that
// moves by players-1 per game (a few fixed tables: with the nine other
// factions, three; the figures before the every-table rotation).
std::vector<int> TableFor(int mine, int g, int players,
                          const std::vector<int>& pool, bool every_table) {
  std::vector<int> others;
  for (int f : pool) {
    if (f != mine && !(mine == rules::kVagabond2 && f == rules::kVagabond))
      others.push_back(f);
  }
  const int n = static_cast<int>(others.size());
  std::vector<int> seats;
  // The second Vagabond needs the first at the table (Law 9.7).
  if (mine == rules::kVagabond2) seats.push_back(rules::kVagabond);
  const int free_seats = players - 1 - static_cast<int>(seats.size());
  if (every_table) {
    static std::map<std::pair<int, int>, std::vector<std::vector<int>>> sets;
    auto& all = sets[{n, free_seats}];
    if (all.empty()) all = Combinations(n, free_seats);
    for (int i : all[(g / players) % all.size()]) seats.push_back(others[i]);
  } else {
    while (static_cast<int>(seats.size()) < players - 1) {
      seats.push_back(others[(g * (players - 1) + seats.size()) % n]);
    }
  }
  seats.insert(seats.begin() + g % players, mine);
  return seats;
}

const char* FactionKeyOf(int f) {
  return f >= 0 && f < rules::kNumFactions ? rules::FactionKey(f).data() : "?";
}

// One match without gRPC: the heuristic in `mine`'s seat sees exactly the
// request the referee builds (match_runner.cc), the others choose
// uniformly. Fills `result` like RunMatch; appends the heuristic's
// decisions to *trace when trace is non-null.
bool PlayInProcess(const std::vector<int>& factions, int mine, uint64_t seed,
                   v1::MatchResult* result, std::string* trace,
                   std::map<std::string, int>* reasons,
                   std::map<std::string, int>* won_by, int* turns) {
  rules::GameSetup setup;
  for (int f : factions) setup.factions.push_back(f);
  setup.max_turns = MatchOptions{}.default_max_turns;
  setup.record_events = true;
  auto st = rules::State::NewGame(setup, seed);
  if (!st.ok()) return false;
  rules::State s = *std::move(st);
  bots::HeuristicPolicy policy(seed);
  rules::Chance rng(seed ^ 0x5bd1e995);
  const int me = s.SeatOf(mine);
  size_t cursor = 0;
  v1::Observation shown;
  while (!s.IsTerminal()) {
    const int seat = s.deciding_seat();
    int choice;
    if (seat == me) {
      v1::DecisionRequest req;
      req.set_seat(seat);
      req.set_faction(FactionToProto(mine));
      PromptToProto(s, req.mutable_prompt());
      for (const rules::Option& o : s.options())
        OptionToProto(s, o, req.add_options());
      ObservationToProto(s, seat, req.mutable_observation());
      for (; cursor < s.events().size(); ++cursor)
        EventToProto(s, s.events()[cursor], seat, req.add_events());
      if (v1::Event board;
          BoardEventToProto(s, seat, req.observation(), &shown, &board))
        *req.add_events() = std::move(board);
      choice = policy.Choose(req);
      if (trace != nullptr) {
        absl::StrAppend(trace, "  t", s.turn(), " vp");
        for (int i = 0; i < s.num_seats(); ++i)
          absl::StrAppend(trace, i ? "/" : "", s.seat(i).vp);
        if (s.SeatOf(rules::kRiverfolk) >= 0) {  // funds / posts on the map
          int funds = 0, posts = 0;
          const auto& rf = req.observation().riverfolk();
          for (const auto& f : rf.funds()) funds += f.count();
          for (const auto& p : rf.trade_posts_on_map()) posts += p.count();
          absl::StrAppend(trace, " rf", funds, "/", posts);
          for (const auto& c : req.observation().clearings()) {
            for (const auto& p : c.pieces()) {
              if (p.piece().find("trade post") == std::string::npos) continue;
              int guards = 0;
              for (const auto& w : c.warriors())
                if (w.faction() == v1::FACTION_RIVERFOLK) guards = w.count();
              absl::StrAppend(trace, "@", c.id(), "g", guards);
            }
          }
        }
        absl::StrAppend(trace, " ", req.prompt().kind(), ": ",
                        req.options(choice).label(), "  [of ",
                        req.options_size(), "]\n");
        if (std::getenv("TRACE_VIEW") != nullptr &&
            req.prompt().kind() == "vagabond.action") {
          for (const auto& v : req.observation().vagabonds()) {
            if (v.faction() != req.faction()) continue;
            absl::StrAppend(trace, "      @", v.clearing(), " items:");
            for (const auto& it : v.items())
              absl::StrAppend(trace, " ", it.item(), it.exhausted() ? "-" : "",
                              it.damaged() ? "x" : "");
            absl::StrAppend(trace, " rel:");
            for (const auto& rel : v.relationships())
              absl::StrAppend(trace, " ",
                              FactionKeyOf(FactionFromProto(rel.faction())),
                              "=", rel.level());
            for (const auto& seat : req.observation().seats()) {
              if (seat.has_dominance() && seat.dominance().suit() != 0)
                absl::StrAppend(trace, " DOM:",
                                FactionKeyOf(FactionFromProto(seat.faction())),
                                "/", static_cast<int>(seat.dominance().suit()));
            }
            absl::StrAppend(trace, "\n");
          }
          // The clearings an activated dominance counts (Law 3.3.1): id,
          // ruler (* the holder) and every faction's warriors there.
          for (const auto& seat : req.observation().seats()) {
            const int suit = seat.dominance().suit();
            if (!seat.has_dominance() || suit == 0) continue;
            absl::StrAppend(trace, "      dom ",
                            FactionKeyOf(FactionFromProto(seat.faction())),
                            ":");
            for (const auto& c : req.observation().clearings()) {
              if (suit == v1::SUIT_BIRD ? c.id() > 4 : c.suit() != suit)
                continue;
              absl::StrAppend(trace, " ", c.id(),
                              c.ruler() == seat.faction() ? "*" : "", "(");
              for (const auto& w : c.warriors())
                absl::StrAppend(trace, static_cast<int>(w.faction()), "w",
                                w.count(), " ");
              for (const auto& p : c.pieces())
                absl::StrAppend(trace, static_cast<int>(p.owner()), p.piece(),
                                " ");
              absl::StrAppend(trace, ")");
            }
            absl::StrAppend(trace, "\n");
          }
        }
        if (std::getenv("TRACE_OPTIONS") != nullptr) {
          for (const v1::Option& o : req.options())
            absl::StrAppend(trace, "      | ", o.label(), "\n");
        }
      }
    } else {
      choice = rng.Draw(rules::kChancePick, s.options().size());
    }
    if (!s.Apply(choice).ok()) return false;
  }
  for (const rules::Event& e : s.events()) {  // the heuristic's VP sources
    if (e.kind == rules::kEvVp && e.seat == me)
      (*reasons)[std::string(rules::VpReasonName(e.a))] += e.d;
  }
  *turns += s.turn();
  // Lost: the winners' VP by reason (faction:reason), to see how they won.
  const auto& winners = s.winners();
  if (std::find(winners.begin(), winners.end(), me) == winners.end()) {
    for (const rules::Event& e : s.events()) {
      if (e.kind != rules::kEvVp ||
          std::find(winners.begin(), winners.end(), e.seat) == winners.end())
        continue;
      (*won_by)[absl::StrCat(FactionKeyOf(s.seat(e.seat).faction), ":",
                             rules::VpReasonName(e.a))] += e.d;
    }
  }
  if (trace != nullptr) {  // where every seat's VP came from
    std::map<std::string, int> vp;
    for (const rules::Event& e : s.events()) {
      if (e.kind != rules::kEvVp) continue;
      vp[absl::StrCat(FactionKeyOf(s.seat(e.seat).faction), ":",
                      rules::VpReasonName(e.a))] += e.d;
    }
    absl::StrAppend(trace, "  vp by reason:");
    for (const auto& [k, v] : vp) absl::StrAppend(trace, " ", k, "=", v);
    absl::StrAppend(trace, "\n");
  }
  result->set_end_reason(EndReasonToProto(s.end_reason()));
  for (int i = 0; i < s.num_seats(); ++i) {
    v1::SeatResult* r = result->add_seats();
    r->set_faction(FactionToProto(s.seat(i).faction));
    r->set_victory_points(s.seat(i).vp);
    for (int w : s.winners()) r->set_winner(r->winner() || w == i);
  }
  return true;
}

struct Tally {
  int played = 0, wins = 0, dominance = 0, vp = 0, faults = 0;
  // Losses: to a random bot's 30 VP, to its dominance, by the turn limit.
  int lost_vp = 0, lost_dominance = 0, lost_other = 0;
  int lost_to[rules::kNumFactions] = {};  // the winners of the lost games
  int turns = 0;                          // summed over games (in process)
  std::map<std::string, int> reasons;     // the heuristic's VP by reason
  std::map<std::string, int> won_by;      // the winners' VP in lost games
};

// Wilson score interval (95%) of wins/n, in percent.
void Wilson(int wins, int n, double* lo, double* hi) {
  const double z = 1.96, p = static_cast<double>(wins) / n;
  const double d = 1 + z * z / n;
  const double c = (p + z * z / (2.0 * n)) / d;
  const double h = z * std::sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / d;
  *lo = 100 * (c - h);
  *hi = 100 * (c + h);
}

int Main(int argc, char** argv) {
  int games = 40, players = 4, seed = 1000, in_process = 0, trace = 0;
  bool every_table = true;
  std::vector<int> factions = AllFactions(), pool = AllFactions();
  for (int i = 1; i < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--help" || flag == "-h" || i + 1 >= argc) {
      std::fprintf(stderr,
                   "usage: heuristic_bench [--games N] [--players P] "
                   "[--factions a,b,...] [--pool a,b,...] [--seed S] "
                   "[--tables all|window]\n");
      return flag == "--help" || flag == "-h" ? 0 : 1;
    }
    if (flag == "--seed") {
      seed = std::atoi(argv[i + 1]);
    } else if (flag == "--games") {
      games = std::atoi(argv[i + 1]);
    } else if (flag == "--in-process") {
      in_process = std::atoi(argv[i + 1]);
    } else if (flag == "--trace") {
      trace = std::atoi(argv[i + 1]);
    } else if (flag == "--players") {
      players = std::atoi(argv[i + 1]);
    } else if (flag == "--factions") {
      if (!ParseList(argv[i + 1], &factions)) return 1;
    } else if (flag == "--pool") {
      if (!ParseList(argv[i + 1], &pool)) return 1;
    } else if (flag == "--tables") {
      const std::string v = argv[i + 1];
      if (v != "all" && v != "window") {
        std::fprintf(stderr, "--tables is all or window\n");
        return 1;
      }
      every_table = v == "all";
    } else {
      std::fprintf(stderr, "unknown flag '%s'\n", flag.c_str());
      return 1;
    }
  }
  if (games < 1 || players < 2 || players > 6 ||
      static_cast<int>(pool.size()) < players) {
    std::fprintf(stderr,
                 "need --games >= 1, 2 to 6 players and a pool of at "
                 "least that many factions\n");
    return 1;
  }
  const int port = *PickFreePort();
  absl::StatusOr<std::unique_ptr<ChildProcess>> bot;
  if (!in_process) {
    bot = ChildProcess::Start(
        {WOODLAND_HEURISTIC_BOT, "--port", std::to_string(port)}, {});
  }
  if (!in_process && !bot.ok()) {
    std::fprintf(stderr, "cannot start the heuristic bot: %s\n",
                 bot.status().ToString().c_str());
    return 1;
  }
  const std::string spec = absl::StrCat("grpc://127.0.0.1:", port);
  std::vector<Tally> tally(factions.size());
  const absl::Time start = absl::Now();
  int match = 0;
  // Interleave the factions so an interrupted run still covers them all.
  for (int g = 0; g < games; ++g) {
    for (size_t k = 0; k < factions.size(); ++k) {
      const int mine = factions[k];
      v1::MatchSpec m;
      m.set_match_id(absl::StrCat("bench-", match));
      m.set_seed(seed + match++);
      for (int f : TableFor(mine, g, players, pool, every_table)) {
        v1::SeatSpec* s = m.add_seats();
        s->set_faction(FactionToProto(f));
        s->set_bot(f == mine ? spec : "builtin:random");
      }
      Tally& t = tally[k];
      std::string log;
      const bool want = in_process && t.played - t.wins < trace;
      absl::StatusOr<MatchOutput> out = MatchOutput{};
      if (in_process) {
        if (!PlayInProcess(TableFor(mine, g, players, pool, every_table), mine,
                           m.seed(), &out->result, want ? &log : nullptr,
                           &t.reasons, &t.won_by, &t.turns)) {
          std::fprintf(stderr, "match %d failed in process\n", match - 1);
          return 1;
        }
      } else {
        out = RunMatch(m, MatchOptions{});
      }
      if (!out.ok()) {
        std::fprintf(stderr, "match %d: %s\n", match - 1,
                     out.status().ToString().c_str());
        return 1;
      }
      ++t.played;
      for (const v1::SeatResult& s : out->result.seats()) {
        if (s.faction() != FactionToProto(mine)) continue;
        t.wins += s.winner();
        t.dominance +=
            s.winner() && out->result.end_reason() == v1::END_REASON_DOMINANCE;
        t.vp += s.victory_points();
        t.faults += s.faults_size();
        if (!s.winner()) {
          for (const v1::SeatResult& w : out->result.seats()) {
            const int f = FactionFromProto(w.faction());
            if (w.winner() && f >= 0 && f < rules::kNumFactions) ++t.lost_to[f];
          }
          if (want) {
            std::printf("lost game (%s, seed %d):", FactionKeyOf(mine),
                        static_cast<int>(m.seed()));
            for (const v1::SeatResult& w : out->result.seats())
              std::printf(" %s=%d%s",
                          FactionKeyOf(FactionFromProto(w.faction())),
                          w.victory_points(), w.winner() ? "*" : "");
            std::printf("\n%s", log.c_str());
          }
          const auto why = out->result.end_reason();
          if (why == v1::END_REASON_DOMINANCE) {
            ++t.lost_dominance;
          } else if (why == v1::END_REASON_VICTORY_POINTS) {
            ++t.lost_vp;
          } else {
            ++t.lost_other;
          }
        }
      }
    }
  }
  std::printf(
      "heuristic bot vs %d random bots, %d games per faction, %d-player "
      "tables (%.1f s); random play would win ~%.0f%%\n",
      players - 1, games, players, absl::ToDoubleSeconds(absl::Now() - start),
      100.0 / players);
  std::printf("  %-10s %9s %13s %9s %9s %8s %7s  %s\n", "faction", "win rate",
              "95% interval", "wins", "dominance", "mean VP", "faults",
              "losses to vp/dominance/limit");
  Tally total;
  for (size_t k = 0; k < factions.size(); ++k) {
    const Tally& t = tally[k];
    total.played += t.played;
    total.wins += t.wins;
    total.faults += t.faults;
    double lo, hi;
    Wilson(t.wins, t.played, &lo, &hi);
    std::printf(
        "  %-10s %8.1f%% [%4.1f, %5.1f] %4d/%-4d %9d %8.1f %7d  %d/%d/%d\n",
        std::string(rules::FactionKey(factions[k])).c_str(),
        100.0 * t.wins / t.played, lo, hi, t.wins, t.played, t.dominance,
        static_cast<double>(t.vp) / t.played, t.faults, t.lost_vp,
        t.lost_dominance, t.lost_other);
    if (in_process) {
      std::string why;
      for (const auto& [k, v] : t.reasons)
        absl::StrAppend(
            &why, " ", k, "=",
            absl::StrFormat("%.1f", static_cast<double>(v) / t.played));
      std::printf("  %-10s mean turns %.1f, mean VP by reason:%s\n", "",
                  static_cast<double>(t.turns) / t.played, why.c_str());
    }
    std::string to;
    for (int f = 0; f < rules::kNumFactions; ++f) {
      if (t.lost_to[f] > 0)
        absl::StrAppend(&to, " ", rules::FactionKey(f), ":", t.lost_to[f]);
    }
    if (!to.empty()) std::printf("  %-10s lost to:%s\n", "", to.c_str());
    const int lost = t.played - t.wins;
    if (in_process && lost > 0 && std::getenv("WON_BY") != nullptr) {
      // Mean VP per lost game of the winners, by faction and reason.
      std::string by;
      for (const auto& [k, v] : t.won_by)
        absl::StrAppend(&by, " ", k, "=",
                        absl::StrFormat("%.1f", static_cast<double>(v) / lost));
      std::printf("  %-10s winners' VP per loss:%s\n", "", by.c_str());
    }
  }
  std::printf("  %-10s %8.1f%% %4d/%-4d %9s %8s %7d\n", "overall",
              100.0 * total.wins / total.played, total.wins, total.played, "",
              "", total.faults);
  return 0;
}

}  // namespace
}  // namespace woodland::referee

int main(int argc, char** argv) { return woodland::referee::Main(argc, argv); }
