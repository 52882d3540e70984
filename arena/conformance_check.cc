#include "arena/conformance_check.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "cli/conformance_games.h"
#include "google/protobuf/unknown_field_set.h"
#include "google/protobuf/util/time_util.h"
#include "referee/bot_connection.h"
#include "referee/convert.h"
#include "referee/match_runner.h"
#include "referee/rules/faction.h"

namespace woodland::arena {
namespace {

using google::protobuf::util::TimeUtil;

// Adds fields a future protocol version might send (numbers the current
// protos do not use), at the top level and inside the observation.
void AddUnknownFields(v1::DecisionRequest* r) {
  auto* top = r->GetReflection()->MutableUnknownFields(r);
  top->AddVarint(1001, 42);
  top->AddLengthDelimited(1002, "future field");
  auto* obs = r->mutable_observation();
  obs->GetReflection()->MutableUnknownFields(obs)->AddFixed64(1003, 7);
  if (r->options_size() > 0) {
    auto* opt = r->mutable_options(0);
    opt->GetReflection()->MutableUnknownFields(opt)->AddLengthDelimited(1004,
                                                                        "x");
  }
}

class Checker {
 public:
  Checker(const ConformanceOptions& o, ConformanceReport* r)
      : options_(o), report_(r) {}
  void Line(bool ok, const std::string& check, const std::string& detail) {
    ++report_->checks;
    if (!ok && report_->failures++ == 0)
      report_->first_failure = absl::StrCat(check, ": ", detail);
    if (options_.on_check) options_.on_check(ok, check, detail);
  }

  // Hello, then start/end notifications on their own.
  bool Protocol(const std::string& spec) {
    std::string connect = spec;
    if (options_.catalog != nullptr &&
        spec.rfind(referee::kCatalogPrefix, 0) == 0) {
      absl::StatusOr<std::string> r = options_.catalog->Resolve(spec);
      if (!r.ok()) {
        Line(false, "start", std::string(r.status().message()));
        return false;
      }
      connect = *r;
    }
    auto bot = referee::ConnectBot(connect, referee::ConnectOptions{});
    if (!bot.ok()) {
      Line(false, "start", std::string(bot.status().message()));
      return false;
    }
    auto info = (*bot)->Hello(absl::Seconds(10));
    Line(info.ok() && !info->name().empty(), "Hello",
         info.ok() ? absl::StrCat("name '", info->name(), "', version '",
                                  info->version(), "', language '",
                                  info->language(), "'")
                   : std::string(info.status().message()));
    if (!info.ok()) return false;
    v1::MatchStart start;
    start.set_match_id("conformance-notify");
    start.set_faction(v1::FACTION_MARQUISE);
    absl::Status st = (*bot)->StartMatch(start, absl::Seconds(2));
    Line(st.ok(), "StartMatch notification", std::string(st.message()));
    v1::MatchEnd end;
    end.set_match_id("conformance-notify");
    end.set_end_reason(v1::END_REASON_ABORTED);
    st = (*bot)->EndMatch(end, absl::Seconds(2));
    Line(st.ok(), "EndMatch notification (for a match it never played)",
         std::string(st.message()));
    return true;
  }

  void Game(const std::string& spec, const cli::ConformanceGame& game,
            size_t g) {
    v1::MatchSpec m;
    m.set_match_id(absl::StrCat("conformance-", g + 1));
    m.set_seed(options_.seed + g);
    m.set_shuffle_seats(true);
    *m.mutable_decision_deadline() = TimeUtil::NanosecondsToDuration(
        absl::ToInt64Nanoseconds(options_.deadline));
    for (size_t i = 0; i < game.seats.size(); ++i) {
      v1::SeatSpec* s = m.add_seats();
      if (game.seats[i] >= 0)  // else drafted (Law 19.8)
        s->set_faction(referee::FactionToProto(game.seats[i]));
      s->set_bot(game.bot_seats[i] ? spec : "builtin:random");
    }
    if (game.tournament_table) {  // issue 12: Law 25.3, 20.8.1, 19, 24, 22
      m.set_map("lake");
      m.set_deck("exiles");
      m.set_setup_mode(v1::SETUP_MODE_ADVANCED);
      m.add_landmarks()->set_landmark("random");
      // Law 19.6.2: two of the three demoted at four players.
      for (const char* h : {"patrol", "nobles", "streetband"})
        m.add_hirelings()->set_hireling(h);
    }
    referee::MatchOptions options;
    options.catalog = options_.catalog;
    if (game.unknown_fields) options.decorate_request = AddUnknownFields;
    auto out = referee::RunMatch(m, options);
    if (!out.ok()) {
      Line(false, game.name, std::string(out.status().message()));
      return;
    }
    int faults = 0, decisions = 0;
    double slowest = 0;
    std::string first_fault;
    for (const v1::SeatResult& s : out->result.seats()) {
      if (s.bot() != spec) continue;
      decisions += s.decisions();
      for (const v1::Fault& f : s.faults()) {
        if (f.reason() == v1::FAULT_REASON_REPLACED) continue;
        if (faults++ == 0) {
          first_fault =
              absl::StrCat(v1::FaultReason_Name(f.reason()), " at decision ",
                           f.decision_index(), " (", f.detail(), ")");
        }
      }
    }
    for (const v1::DecisionRecord& d : out->replay.decisions()) {
      slowest =
          std::max(slowest, TimeUtil::DurationToNanoseconds(d.latency()) / 1e6);
    }
    Line(faults == 0, game.name,
         faults == 0
             ? absl::StrCat(decisions, " decisions, slowest ", slowest, " ms, ",
                            v1::EndReason_Name(out->result.end_reason()))
             : absl::StrCat(faults, " faults; first: ", first_fault));
  }

 private:
  const ConformanceOptions& options_;
  ConformanceReport* report_;
};

}  // namespace

ConformanceReport CheckConformance(const std::string& spec,
                                   const ConformanceOptions& options) {
  ConformanceReport report;
  Checker check(options, &report);
  if (!check.Protocol(spec)) return report;
  // Full games: every available faction (both Vagabonds, Law 9.7), every
  // seat count from 3 up to 6 and six-seat tables of the expansions.
  rules::RegisterAll();
  std::vector<int> factions;
  for (int f = 0; f < rules::kNumFactions; ++f) {
    if (rules::GetFaction(f) != nullptr) factions.push_back(f);
  }
  const std::vector<cli::ConformanceGame> games =
      cli::ConformanceGames(factions);
  for (size_t g = 0; g < games.size(); ++g) {
    // Quick: the first two-player game and the unknown-fields one (last).
    if (options.quick && g != 0 && g + 1 != games.size()) continue;
    check.Game(spec, games[g], g);
  }
  return report;
}

}  // namespace woodland::arena
