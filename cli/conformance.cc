// `woodland conformance BOTSPEC`: checks that a bot speaks the protocol and
// plays legal, timely games with every faction and seat count, tolerating
// unknown future fields and the match start/end notifications. Prints a
// report; exits non-zero on any failure.
#include <iostream>

#include "absl/strings/str_cat.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "cli/conformance_games.h"
#include "google/protobuf/unknown_field_set.h"
#include "google/protobuf/util/time_util.h"
#include "referee/bot_connection.h"
#include "referee/convert.h"
#include "referee/match_runner.h"
#include "referee/rules/faction.h"

namespace woodland::cli {
namespace {

using google::protobuf::util::TimeUtil;

struct Report {
  int failures = 0;
  void Line(bool ok, const std::string& check, const std::string& detail) {
    if (!ok) ++failures;
    std::cout << (ok ? "PASS  " : "FAIL  ") << check
              << (detail.empty() ? "" : ": ") << detail << std::endl;
  }
  // Prints the verdict line; returns the exit code.
  int Verdict() const {
    std::cout << (failures == 0 ? "CONFORMANT" : "NOT CONFORMANT") << " ("
              << failures << " failed checks)" << std::endl;
    return failures == 0 ? 0 : 1;
  }
};

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

}  // namespace

int ConformanceMain(const std::vector<std::string>& argv) {
  auto args = Args::Parse(argv, {"--deadline-ms", "--seed"}, {});
  if (!args.ok() || args->positional().size() != 1) {
    std::cerr
        << "usage: woodland conformance BOTSPEC [--deadline-ms N] [--seed S]\n";
    return 2;
  }
  const std::string spec = args->positional()[0];
  if (absl::Status s = referee::ValidateBotSpec(spec); !s.ok()) {
    std::cerr << "woodland conformance: " << s.message() << "\n";
    return 2;
  }
  auto deadline = args->Number<int64_t>("--deadline-ms", 1000);
  auto seed = args->Number<uint64_t>("--seed", 1);
  if (!deadline.ok() || !seed.ok() || *deadline < 1 || *deadline > 60000) {
    std::cerr
        << "woodland conformance: --deadline-ms (1 to 60000) and --seed take "
           "numbers\n";
    return 2;
  }
  Report report;
  std::cout << "Conformance of " << spec << std::endl;

  // 1. Protocol: Hello, then start/end notifications on their own.
  {
    auto bot = referee::ConnectBot(spec, referee::ConnectOptions{});
    if (!bot.ok()) {
      report.Line(false, "start", std::string(bot.status().message()));
      return report.Verdict();
    }
    auto info = (*bot)->Hello(absl::Seconds(10));
    report.Line(info.ok() && !info->name().empty(), "Hello",
                info.ok() ? absl::StrCat("name '", info->name(), "', version '",
                                         info->version(), "', language '",
                                         info->language(), "'")
                          : std::string(info.status().message()));
    if (!info.ok()) return report.Verdict();
    v1::MatchStart start;
    start.set_match_id("conformance-notify");
    start.set_faction(v1::FACTION_MARQUISE);
    absl::Status st = (*bot)->StartMatch(start, absl::Seconds(2));
    report.Line(st.ok(), "StartMatch notification", std::string(st.message()));
    v1::MatchEnd end;
    end.set_match_id("conformance-notify");
    end.set_end_reason(v1::END_REASON_ABORTED);
    st = (*bot)->EndMatch(end, absl::Seconds(2));
    report.Line(st.ok(), "EndMatch notification (for a match it never played)",
                std::string(st.message()));
  }

  // 2. Full games: every available faction (both Vagabonds, Law 9.7), every
  // seat count from 3 up to 6 and six-seat tables of the expansions.
  rules::RegisterAll();
  std::vector<int> factions;
  for (int f = 0; f < rules::kNumFactions; ++f) {
    if (rules::GetFaction(f) != nullptr) factions.push_back(f);
  }
  const std::vector<ConformanceGame> games = ConformanceGames(factions);
  for (size_t g = 0; g < games.size(); ++g) {
    const ConformanceGame& game = games[g];
    v1::MatchSpec m;
    m.set_match_id(absl::StrCat("conformance-", g + 1));
    m.set_seed(*seed + g);
    m.set_shuffle_seats(true);
    *m.mutable_decision_deadline() =
        TimeUtil::MillisecondsToDuration(*deadline);
    for (size_t i = 0; i < game.seats.size(); ++i) {
      v1::SeatSpec* s = m.add_seats();
      s->set_faction(referee::FactionToProto(game.seats[i]));
      s->set_bot(game.bot_seats[i] ? spec : "builtin:random");
    }
    referee::MatchOptions options;
    if (game.unknown_fields) options.decorate_request = AddUnknownFields;
    auto out = referee::RunMatch(m, options);
    if (!out.ok()) {
      report.Line(false, game.name, std::string(out.status().message()));
      continue;
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
    report.Line(
        faults == 0, game.name,
        faults == 0
            ? absl::StrCat(decisions, " decisions, slowest ", slowest, " ms, ",
                           v1::EndReason_Name(out->result.end_reason()))
            : absl::StrCat(faults, " faults; first: ", first_fault));
  }
  return report.Verdict();
}

}  // namespace woodland::cli
