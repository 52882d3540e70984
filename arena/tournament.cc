#include "arena/tournament.h"

#include <grpcpp/grpcpp.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <mutex>
#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "google/protobuf/util/json_util.h"
#include "google/protobuf/util/time_util.h"
#include "referee/convert.h"
#include "referee/match_runner.h"
#include "woodland/v1/referee.grpc.pb.h"

namespace woodland::arena {
namespace {

using google::protobuf::util::TimeUtil;

}  // namespace

std::string ConfigKey(const TournamentConfig& c) {
  if (!c.key.empty()) return c.key;
  std::vector<std::string> bots;
  for (const auto& b : c.bots) bots.push_back(b.name + "=" + b.spec);
  return absl::StrCat(
      "bots:", absl::StrJoin(bots, ";"),
      "|factions:", absl::StrJoin(c.factions, ","), "|players:", c.players,
      "|tables:", c.tables_per_pairing,
      "|seed:", c.random_seeds ? "random" : absl::StrCat(c.seed));
}

namespace {

ScheduleSpec Spec(const TournamentConfig& c) {
  return ScheduleSpec{static_cast<int>(c.bots.size()), c.factions, c.players,
                      c.tables_per_pairing, c.seed};
}

int PoolIndex(const TournamentConfig& c, int faction) {
  return static_cast<int>(
      std::find(c.factions.begin(), c.factions.end(), faction) -
      c.factions.begin());
}

// Ranks for the rating update: the winners first, then by VP (ties equal).
std::vector<int> Ranks(const v1::MatchResult& r) {
  std::vector<int> ranks(r.seats_size());
  auto key = [&](int i) {
    return std::pair<int, int>(r.seats(i).winner() ? 1 : 0,
                               r.seats(i).victory_points());
  };
  for (int i = 0; i < r.seats_size(); ++i) {
    int better = 0;
    for (int j = 0; j < r.seats_size(); ++j) better += key(j) > key(i);
    ranks[i] = better + 1;
  }
  return ranks;
}

// Parsed results by match id, so recomputing after each result does not
// parse every stored result again.
using ResultCache = std::map<int64_t, v1::MatchResult>;

// Recomputes everything from the finished matches, in schedule order.
Standings Compute(const TournamentConfig& c, const std::vector<MatchRow>& rows,
                  ResultCache* cache = nullptr) {
  Standings s;
  const int nb = static_cast<int>(c.bots.size()),
            nf = static_cast<int>(c.factions.size());
  s.bots.resize(nb);
  s.factions.resize(nf);
  for (int b = 0; b < nb; ++b) {
    s.bots[b].name = c.bots[b].name;
    s.bots[b].by_faction.resize(nf);
  }
  s.matches_total = static_cast<int>(rows.size());
  for (const MatchRow& m : rows) {
    if (m.state != "done") continue;
    v1::MatchResult parsed;
    const v1::MatchResult* found = nullptr;
    if (cache != nullptr) {
      auto it = cache->find(m.id);
      if (it != cache->end()) found = &it->second;
    }
    if (found == nullptr) {
      if (!google::protobuf::util::JsonStringToMessage(m.result_json, &parsed)
               .ok())
        continue;
      if (cache != nullptr) found = &cache->emplace(m.id, parsed).first->second;
    }
    const v1::MatchResult& r = found != nullptr ? *found : parsed;
    ++s.matches_done;
    const std::vector<int> ranks = Ranks(r);
    std::vector<std::vector<Rating>> overall, by_faction;
    std::vector<std::pair<int, int>> who;  // (bot, pool index) per seat
    for (int i = 0; i < r.seats_size(); ++i) {
      const int bot = m.bots[i];
      const int f =
          PoolIndex(c, referee::FactionFromProto(r.seats(i).faction()));
      who.push_back({bot, f});
      overall.push_back({s.bots[bot].rating});
      by_faction.push_back({s.bots[bot].by_faction[f].rating});
      for (FactionStats* fs : {&s.bots[bot].by_faction[f], &s.factions[f]}) {
        ++fs->games;
        fs->wins += r.seats(i).winner();
        fs->vp += r.seats(i).victory_points();
      }
      ++s.bots[bot].games;
      s.bots[bot].wins += r.seats(i).winner();
      s.bots[bot].vp += r.seats(i).victory_points();
    }
    const auto new_overall = RatePlackettLuce(overall, ranks);
    const auto new_by_faction = RatePlackettLuce(by_faction, ranks);
    for (size_t i = 0; i < who.size(); ++i) {
      s.bots[who[i].first].rating = new_overall[i][0];
      s.bots[who[i].first].by_faction[who[i].second].rating =
          new_by_faction[i][0];
    }
  }
  std::vector<Table> tables;
  for (const MatchRow& m : rows)
    tables.push_back(Table{m.table_index, m.bots, m.factions, m.seed});
  s.balance = MeasureBalance(Spec(c), tables);
  std::stable_sort(s.bots.begin(), s.bots.end(),
                   [](const BotStanding& a, const BotStanding& b) {
                     return a.rating.Ordinal() > b.rating.Ordinal();
                   });
  return s;
}

// Runs matches on remote referees, round-robin over the healthy ones; a
// worker that fails a call is skipped for a while and the match is retried
// on the next.
class RefereePool {
 public:
  explicit RefereePool(const std::vector<std::string>& addresses) {
    for (const std::string& a : addresses) {
      Worker w;
      w.stub = v1::Referee::NewStub(
          grpc::CreateChannel(a, grpc::InsecureChannelCredentials()));
      workers_.push_back(std::move(w));
    }
  }

  absl::StatusOr<referee::MatchOutput> Run(const v1::MatchSpec& spec) {
    absl::Status last = absl::UnavailableError("no referee worker");
    for (int attempt = 0; attempt < 3 * static_cast<int>(workers_.size()) + 3;
         ++attempt) {
      Worker* w = Next();
      if (w == nullptr) {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        continue;
      }
      v1::MatchSpec s = spec;
      // Ids unique across arenas and attempts: the referee keeps finished
      // matches by id.
      s.set_match_id(absl::StrCat(spec.match_id(), "-", nonce_, "-a", attempt));
      grpc::ClientContext ctx;
      ctx.set_deadline(std::chrono::system_clock::now() +
                       std::chrono::minutes(30));
      // Sealed: tables of a group share a seed, so nobody may watch this
      // one or fetch its replay; the replay comes back with the result.
      s.set_sealed(true);
      referee::MatchOutput out;
      grpc::Status st = w->stub->RunMatch(&ctx, s, &out.result);
      if (st.ok() && out.result.has_replay()) {
        out.replay = std::move(*out.result.mutable_replay());
        out.result.clear_replay();
      } else if (st.ok()) {  // a referee from before sealing existed
        grpc::ClientContext rctx;
        rctx.set_deadline(std::chrono::system_clock::now() +
                          std::chrono::seconds(30));
        v1::GetReplayRequest req;
        req.set_match_id(s.match_id());
        st = w->stub->GetReplay(&rctx, req, &out.replay);
      }
      if (st.ok()) return out;
      if (st.error_code() == grpc::StatusCode::INVALID_ARGUMENT) {
        return absl::InvalidArgumentError(st.error_message());
      }
      if (st.error_code() == grpc::StatusCode::ALREADY_EXISTS)
        continue;  // next id
      last = absl::UnavailableError(st.error_message());
      MarkDown(w);
    }
    return last;
  }

 private:
  struct Worker {
    std::unique_ptr<v1::Referee::Stub> stub;
    absl::Time down_until = absl::InfinitePast();
  };
  Worker* Next() {
    std::lock_guard<std::mutex> lock(mu_);
    const absl::Time now = absl::Now();
    for (size_t i = 0; i < workers_.size(); ++i) {
      Worker& w = workers_[(next_++) % workers_.size()];
      if (w.down_until <= now) return &w;
    }
    return nullptr;
  }
  void MarkDown(Worker* w) {
    std::lock_guard<std::mutex> lock(mu_);
    w->down_until = absl::Now() + absl::Seconds(2);
  }
  std::mutex mu_;
  std::vector<Worker> workers_;
  size_t next_ = 0;
  const int64_t nonce_ =
      absl::ToUnixMicros(absl::Now()) ^ (static_cast<int64_t>(getpid()) << 40);
};

std::vector<RatingRow> RatingRows(const TournamentConfig& c,
                                  const Standings& s) {
  std::vector<RatingRow> rows;
  for (const BotStanding& b : s.bots) {
    rows.push_back(
        {b.name, -1, b.rating.mu, b.rating.sigma, b.games, b.wins, b.vp});
    for (size_t f = 0; f < b.by_faction.size(); ++f) {
      const FactionStats& fs = b.by_faction[f];
      rows.push_back({b.name, c.factions[f], fs.rating.mu, fs.rating.sigma,
                      fs.games, fs.wins, fs.vp});
    }
  }
  return rows;
}

}  // namespace

// Runs every stored match of tournament `tid` that is not done yet.
absl::StatusOr<Standings> RunPending(const TournamentConfig& c, Store& store,
                                     int64_t tid_value,
                                     const Progress& progress) {
  const int64_t* tid = &tid_value;
  absl::StatusOr<std::vector<MatchRow>> rows = store.Matches(*tid);
  if (!rows.ok()) return rows.status();

  std::vector<MatchRow> pending;
  int done = 0;
  for (const MatchRow& m : *rows)
    (m.state == "done" ? ++done : (pending.push_back(m), 0));
  const int total = static_cast<int>(rows->size());
  if (progress) progress(done, total);
  if (c.metrics) {
    c.metrics->Scheduled(static_cast<int>(pending.size()));
    c.metrics->Queued(static_cast<int>(pending.size()));
    c.metrics->WorkersUp(
        c.referees.empty() ? 1 : static_cast<int>(c.referees.size()));
  }

  std::unique_ptr<RefereePool> pool;
  if (!c.referees.empty()) pool = std::make_unique<RefereePool>(c.referees);
  ResultCache cache;
  std::mutex mu;
  std::atomic<size_t> next{0};
  std::atomic<int> started{0};
  absl::Status failure = absl::OkStatus();
  auto worker = [&] {
    for (;;) {
      const size_t i = next++;
      if (i >= pending.size()) return;
      if (c.stop_after > 0 && started++ >= c.stop_after) return;
      if (c.cancel != nullptr && c.cancel->load()) return;
      if (c.metrics) c.metrics->Started();
      const absl::Time t0 = absl::Now();
      const MatchRow& m = pending[i];
      if (absl::Status st = store.MarkRunning(m.id); !st.ok()) {
        std::lock_guard<std::mutex> lock(mu);
        failure = st;
        return;
      }
      v1::MatchSpec spec;
      spec.set_match_id(absl::StrCat("t", *tid, "-", m.table_index));
      spec.set_seed(m.seed);
      // Law 5.1.1 leaves the starting player to chance; the schedule rotates
      // every bot through every seat, so seat 0 starts (recorded in the
      // result as first_seat_pinned).
      spec.set_first_seat(0);
      *spec.mutable_decision_deadline() = TimeUtil::NanosecondsToDuration(
          absl::ToInt64Nanoseconds(c.decision_deadline));
      for (size_t seat = 0; seat < m.bots.size(); ++seat) {
        v1::SeatSpec* ss = spec.add_seats();
        ss->set_faction(referee::FactionToProto(m.factions[seat]));
        ss->set_bot(c.bots[m.bots[seat]].spec);
      }
      referee::MatchOptions local;
      local.catalog = c.catalog;
      auto out = pool ? pool->Run(spec) : referee::RunMatch(spec, local);
      std::lock_guard<std::mutex> lock(mu);
      if (!out.ok()) {
        failure = out.status();
        if (c.metrics) c.metrics->Failed();
        return;
      }
      std::string result, replay;
      (void)google::protobuf::util::MessageToJsonString(out->result, &result);
      (void)google::protobuf::util::MessageToJsonString(out->replay, &replay);
      // Ratings as of every finished match including this one.
      absl::StatusOr<std::vector<MatchRow>> now = store.Matches(*tid);
      if (!now.ok()) {
        failure = now.status();
        return;
      }
      for (MatchRow& r : *now) {
        if (r.id == m.id) {
          r.state = "done";
          r.result_json = result;
        }
      }
      const Standings st = Compute(c, *now, &cache);
      if (absl::Status s =
              store.SaveResult(m.id, result, replay, *tid, RatingRows(c, st));
          !s.ok()) {
        failure = s;
        return;
      }
      ++done;
      if (c.metrics) {
        c.metrics->Finished(absl::ToDoubleSeconds(absl::Now() - t0));
        c.metrics->RatingUpdate();
      }
      if (progress) progress(done, total);
    }
  };
  std::vector<std::thread> threads;
  for (int w = 0; w < std::max(1, c.workers); ++w) threads.emplace_back(worker);
  for (std::thread& t : threads) t.join();
  if (!failure.ok()) return failure;

  absl::StatusOr<std::vector<MatchRow>> final_rows = store.Matches(*tid);
  if (!final_rows.ok()) return final_rows.status();
  Standings s = Compute(c, *final_rows);

  return s;
}

namespace {

absl::Status Validate(const TournamentConfig& c) {
  if (c.bots.size() < 2)
    return absl::InvalidArgumentError("a tournament needs at least 2 bots");
  std::map<std::string, int> names;
  for (const TournamentBot& b : c.bots) {
    if (b.name.empty())
      return absl::InvalidArgumentError("every bot needs a name");
    if (!names.emplace(b.name, 1).second) {
      return absl::InvalidArgumentError("duplicate bot name '" + b.name + "'");
    }
    if (absl::Status st = referee::ValidateBotSpec(b.spec); !st.ok()) return st;
    // Matches run here resolve catalogue names now, not mid-tournament.
    if (c.referees.empty() && b.spec.rfind(referee::kCatalogPrefix, 0) == 0) {
      if (c.catalog == nullptr) {
        return absl::InvalidArgumentError(
            absl::StrCat("bot '", b.name,
                         "' names a catalogue bot but there "
                         "is no catalogue (--bots-file)"));
      }
      if (absl::StatusOr<std::string> r = c.catalog->Resolve(b.spec); !r.ok())
        return absl::InvalidArgumentError(r.status().message());
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<Standings> RunTournamentById(const TournamentConfig& c,
                                            Store& store, int64_t tid,
                                            const Progress& progress) {
  if (absl::Status st = Validate(c); !st.ok()) return st;
  absl::StatusOr<std::vector<Table>> tables = RoundRobin(Spec(c));
  if (!tables.ok()) return tables.status();
  if (c.random_seeds) {  // one fresh secret seed per group (equal seeds)
    std::map<uint64_t, uint64_t> fresh;
    for (Table& t : *tables) {
      auto [it, added] = fresh.emplace(t.seed, 0);
      if (added) it->second = referee::SecureRandom64();
      t.seed = it->second;
    }
  }
  // INSERT OR IGNORE: a resumed run keeps the stored seeds.
  if (absl::Status st = store.InsertMatches(tid, *tables); !st.ok()) return st;
  if (absl::Status st = store.ResetRunning(tid); !st.ok())
    return st;  // crash recovery
  absl::StatusOr<Standings> s = RunPending(c, store, tid, progress);
  if (s.ok() && s->matches_done == s->matches_total)
    (void)store.SetTournamentState(tid, "finished");
  return s;
}

namespace {

// Records the config's bots and finds (or creates) its tournament row.
absl::StatusOr<int64_t> StoreTournament(const TournamentConfig& c, Store& store,
                                        bool* created) {
  for (const TournamentBot& b : c.bots) {
    if (auto id = store.UpsertBot(b.name, b.spec); !id.ok()) return id.status();
  }
  return store.FindOrCreateTournament(ConfigKey(c), created);
}

}  // namespace

absl::StatusOr<Standings> RunTournament(const TournamentConfig& c, Store& store,
                                        const Progress& progress) {
  if (absl::Status st = Validate(c); !st.ok()) return st;
  if (absl::StatusOr<std::vector<Table>> t = RoundRobin(Spec(c)); !t.ok())
    return t.status();
  bool created = false;
  absl::StatusOr<int64_t> tid = StoreTournament(c, store, &created);
  if (!tid.ok()) return tid.status();
  absl::StatusOr<Standings> s = RunTournamentById(c, store, *tid, progress);
  if (s.ok()) s->resumed = !created;
  return s;
}

absl::StatusOr<Standings> StoredStandings(const TournamentConfig& c,
                                          Store& store, int64_t tournament) {
  absl::StatusOr<std::vector<MatchRow>> rows = store.Matches(tournament);
  if (!rows.ok()) return rows.status();
  return Compute(c, *rows);
}

absl::StatusOr<Standings> RunLadder(const TournamentConfig& c, Store& store,
                                    int max_matches, const Progress& progress) {
  bool created = false;
  absl::StatusOr<int64_t> tid = StoreTournament(c, store, &created);
  if (!tid.ok()) return tid.status();
  return RunLadderById(c, store, *tid, progress, max_matches);
}

absl::StatusOr<Standings> RunLadderById(const TournamentConfig& c, Store& store,
                                        int64_t tid_value,
                                        const Progress& progress,
                                        int max_matches) {
  const int64_t* tid = &tid_value;
  const int p = c.players;
  if (static_cast<int>(c.bots.size()) < p ||
      static_cast<int>(c.factions.size()) < p || p < 2) {
    return absl::InvalidArgumentError(
        "a ladder needs at least `players` bots and factions");
  }
  if (absl::Status st = store.ResetRunning(*tid); !st.ok()) return st;
  int played = 0;
  while ((max_matches <= 0 || played < max_matches) &&
         !(c.cancel && c.cancel->load())) {
    absl::StatusOr<std::vector<MatchRow>> rows = store.Matches(*tid);
    if (!rows.ok()) return rows.status();
    // Rerun a match a crash left pending before scheduling a new one.
    const MatchRow* again = nullptr;
    for (const MatchRow& m : *rows) {
      if (m.state != "done") again = &m;
    }
    Table table;
    if (again != nullptr) {
      table =
          Table{again->table_index, again->bots, again->factions, again->seed};
    } else {
      const Standings now = Compute(c, *rows);
      std::vector<int> order(c.bots.size());
      for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
      auto stats = [&](int bot) -> const BotStanding& {
        for (const BotStanding& b : now.bots) {
          if (b.name == c.bots[bot].name) return b;
        }
        return now.bots[0];
      };
      std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        const BotStanding &x = stats(a), &y = stats(b);
        if (x.rating.sigma != y.rating.sigma)
          return x.rating.sigma > y.rating.sigma;
        return x.games < y.games;
      });
      const int round = static_cast<int>(rows->size());
      table.index = round;
      table.seed = c.random_seeds
                       ? referee::SecureRandom64()
                       : c.seed * 1000003ULL + static_cast<uint64_t>(round);
      for (int s = 0; s < p; ++s) {
        table.bots.push_back(order[(s + round) % p]);
        table.factions.push_back(c.factions[(s + round) % c.factions.size()]);
      }
      if (absl::Status st = store.InsertMatches(*tid, {table}); !st.ok())
        return st;
      if (c.metrics) {
        c.metrics->Scheduled(1);
        c.metrics->Queued(1);
      }
    }
    // Run it through the same path as tournament matches.
    auto st = RunPending(c, store, *tid, nullptr);
    if (!st.ok()) return st.status();
    ++played;
    if (progress) progress(played, 0);
  }
  return StoredStandings(c, store, *tid);
}

std::string StandingsText(const TournamentConfig& c, const Standings& s) {
  std::string out =
      absl::StrFormat("%d/%d matches%s\n\n", s.matches_done, s.matches_total,
                      s.resumed ? " (resumed)" : "");
  absl::StrAppendFormat(&out, "%-4s %-20s %8s %7s %7s %6s %6s %7s\n", "rank",
                        "bot", "ordinal", "mu", "sigma", "games", "wins",
                        "mean VP");
  for (size_t i = 0; i < s.bots.size(); ++i) {
    const BotStanding& b = s.bots[i];
    absl::StrAppendFormat(
        &out, "%-4d %-20s %8.2f %7.2f %7.2f %6d %5.0f%% %7.1f\n", i + 1, b.name,
        b.rating.Ordinal(), b.rating.mu, b.rating.sigma, b.games,
        b.games ? 100.0 * b.wins / b.games : 0.0,
        b.games ? 1.0 * b.vp / b.games : 0.0);
  }
  out += "\nby faction (all bots):\n";
  for (size_t f = 0; f < s.factions.size(); ++f) {
    const FactionStats& fs = s.factions[f];
    absl::StrAppendFormat(
        &out, "  %-10s games %4d  win rate %5.1f%%  mean VP %5.1f\n",
        rules::FactionKey(c.factions[f]), fs.games,
        fs.games ? 100.0 * fs.wins / fs.games : 0.0,
        fs.games ? 1.0 * fs.vp / fs.games : 0.0);
  }
  out += "\nby bot and faction (ordinal / win rate):\n";
  for (const BotStanding& b : s.bots) {
    absl::StrAppendFormat(&out, "  %-20s", b.name);
    for (size_t f = 0; f < b.by_faction.size(); ++f) {
      const FactionStats& fs = b.by_faction[f];
      absl::StrAppendFormat(
          &out, "  %s %6.2f/%3.0f%%", rules::FactionKey(c.factions[f]),
          fs.rating.Ordinal(), fs.games ? 100.0 * fs.wins / fs.games : 0.0);
    }
    out += "\n";
  }
  absl::StrAppendFormat(
      &out, "\nimbalance: factions %d, seats %d (max - min games per bot)\n",
      s.balance.faction_imbalance, s.balance.seat_imbalance);
  return out;
}

std::string StandingsJson(const TournamentConfig& c, const Standings& s) {
  std::string out = absl::StrCat("{\"matches_done\":", s.matches_done,
                                 ",\"matches_total\":", s.matches_total,
                                 ",\"resumed\":", s.resumed ? "true" : "false",
                                 ",\"standings\":[");
  for (size_t i = 0; i < s.bots.size(); ++i) {
    const BotStanding& b = s.bots[i];
    absl::StrAppend(&out, i ? "," : "", "{\"bot\":\"", b.name,
                    "\",\"ordinal\":", b.rating.Ordinal(),
                    ",\"mu\":", b.rating.mu, ",\"sigma\":", b.rating.sigma,
                    ",\"games\":", b.games, ",\"wins\":", b.wins,
                    ",\"vp\":", b.vp, ",\"by_faction\":{");
    for (size_t f = 0; f < b.by_faction.size(); ++f) {
      const FactionStats& fs = b.by_faction[f];
      absl::StrAppend(
          &out, f ? "," : "", "\"", rules::FactionKey(c.factions[f]),
          "\":{\"ordinal\":", fs.rating.Ordinal(), ",\"games\":", fs.games,
          ",\"wins\":", fs.wins, ",\"vp\":", fs.vp, "}");
    }
    out += "}}";
  }
  out += "],\"factions\":{";
  for (size_t f = 0; f < s.factions.size(); ++f) {
    const FactionStats& fs = s.factions[f];
    absl::StrAppend(&out, f ? "," : "", "\"", rules::FactionKey(c.factions[f]),
                    "\":{\"games\":", fs.games, ",\"wins\":", fs.wins,
                    ",\"vp\":", fs.vp, "}");
  }
  absl::StrAppend(&out,
                  "},\"imbalance\":{\"factions\":", s.balance.faction_imbalance,
                  ",\"seats\":", s.balance.seat_imbalance, "}}");
  return out;
}

}  // namespace woodland::arena
