// `woodland play` (one match between bots) and `woodland replay`.
#include <fstream>
#include <iostream>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "cli/args.h"
#include "cli/bot_check.h"
#include "cli/commands.h"
#include "cli/table_flags.h"
#include "google/protobuf/util/json_util.h"
#include "google/protobuf/util/time_util.h"
#include "referee/convert.h"
#include "referee/match_runner.h"
#include "referee/rootlog.h"
#include "referee/rules/defs.h"
#include "referee/rules/hirelings.h"
#include "referee/rules/map_rules.h"
#include "referee/rules/observation.h"

namespace woodland::cli {
namespace {

using google::protobuf::util::TimeUtil;

std::string ToJson(const google::protobuf::Message& m, bool pretty = false) {
  google::protobuf::util::JsonPrintOptions o;
  o.add_whitespace = pretty;
  o.preserve_proto_field_names = true;
  o.always_print_primitive_fields = true;
  std::string out;
  (void)google::protobuf::util::MessageToJsonString(m, &out, o);
  return out;
}

int Fail(const std::string& cmd, const absl::Status& s) {
  std::cerr << "woodland " << cmd << ": " << s.message() << "\n";
  return s.code() == absl::StatusCode::kInvalidArgument ? 2 : 1;
}

}  // namespace

// `woodland play --draft N [--seat-bot SPEC]... [--draft-pool F,F,...]
// [--vagabond-cards 2]`: seats without factions that draft them (Law 19.8).
static absl::Status DraftSeats(const Args& args, v1::MatchSpec& spec) {
  auto n = args.Number<int>("--draft", 0);
  if (!n.ok()) return n.status();
  if (*n < 2 || *n > rules::kMaxSeats)
    return absl::InvalidArgumentError("--draft needs 2 to 6 seats");
  if (args.Has("--factions") || args.Has("--bot") || args.Has("--character"))
    return absl::InvalidArgumentError(
        "--draft seats bots, not factions: use --seat-bot SPEC per seat");
  const std::vector<std::string> bots = args.All("--seat-bot");
  if (static_cast<int>(bots.size()) > *n)
    return absl::InvalidArgumentError("more --seat-bot than --draft seats");
  for (int i = 0; i < *n; ++i) {
    const std::string bot =
        i < static_cast<int>(bots.size()) ? bots[i] : "builtin:random";
    if (absl::Status st = CheckExecBot(bot); !st.ok()) return st;
    spec.add_seats()->set_bot(bot);
  }
  for (absl::string_view key :
       absl::StrSplit(args.Get("--draft-pool", ""), ',', absl::SkipEmpty())) {
    const int f = rules::ParseFaction(key);
    if (f < 0)
      return absl::InvalidArgumentError("--draft-pool: unknown faction '" +
                                        std::string(key) + "'");
    spec.add_draft_pool(referee::FactionToProto(f));
  }
  auto cards = args.Number<int>("--vagabond-cards", 0);
  if (!cards.ok()) return cards.status();
  spec.set_vagabond_setup_cards(*cards);
  return absl::OkStatus();
}

namespace {

// The seats of `woodland play`: --factions (or --draft), each seated
// faction's --bot and --character.
absl::Status SeatsFromFlags(const Args& args, v1::MatchSpec& spec) {
  std::map<std::string, std::string> bots;
  for (const std::string& b : args.All("--bot")) {
    std::pair<std::string, std::string> kv =
        absl::StrSplit(b, absl::MaxSplits('=', 1));
    if (rules::ParseFaction(kv.first) < 0 || kv.second.empty()) {
      return absl::InvalidArgumentError("--bot wants FACTION=SPEC, got '" + b +
                                        "'");
    }
    if (absl::Status s = CheckExecBot(kv.second); !s.ok()) return s;
    bots[kv.first] = kv.second;
  }
  // --character vagabond=ronin: a Vagabond's character (Law 26).
  std::map<std::string, std::string> characters;
  for (const std::string& c : args.All("--character")) {
    std::pair<std::string, std::string> kv =
        absl::StrSplit(c, absl::MaxSplits('=', 1));
    if (rules::ParseVagabondCharacter(kv.second) < 0) {
      return absl::InvalidArgumentError(
          "--character wants VAGABOND=CHARACTER, got '" + c + "'");
    }
    characters[kv.first] = kv.second;
  }
  // --draft N: N seats draft their factions (advanced setup, Law 19.8); the
  // k-th --seat-bot plays seat k (default builtin:random).
  const bool draft = args.Has("--draft");
  if (draft) {
    if (absl::Status st = DraftSeats(args, spec); !st.ok()) return st;
  }
  for (absl::string_view key :
       absl::StrSplit(draft ? "" : args.Get("--factions", "marquise,eyrie"),
                      ',', absl::SkipEmpty())) {
    const int f = rules::ParseFaction(key);
    if (f < 0) {
      return absl::InvalidArgumentError("unknown faction '" + std::string(key) +
                                        "'");
    }
    v1::SeatSpec* seat = spec.add_seats();
    seat->set_faction(referee::FactionToProto(f));
    auto it = bots.find(std::string(key));
    seat->set_bot(it == bots.end() ? "builtin:random" : it->second);
    if (auto c = characters.find(std::string(key)); c != characters.end()) {
      seat->set_character(c->second);
      characters.erase(c);
    }
  }
  if (!characters.empty()) {
    return absl::InvalidArgumentError(
        "--character names a faction that is not seated: " +
        characters.begin()->first);
  }
  return absl::OkStatus();
}

constexpr int64_t kDayMs = 86400000;

// The limits of `woodland play`: seed, deadlines, strikes and turns.
absl::Status LimitsFromFlags(const Args& args, v1::MatchSpec& spec) {
  auto seed = args.Number<uint64_t>("--seed", 1);
  auto deadline = args.Number<int64_t>("--deadline-ms", 1000);
  auto bank = args.Number<int64_t>("--time-bank-ms", 60000);
  auto strikes = args.Number<int>("--max-strikes", 3);
  auto turns = args.Number<int>("--max-turns", 1000);
  for (const absl::Status& s : {seed.status(), deadline.status(), bank.status(),
                                strikes.status(), turns.status()}) {
    if (!s.ok()) return s;
  }
  // TimeUtil aborts beyond its range: bound the flags first (issue 16).
  if (*deadline < 1 || *deadline > kDayMs || *bank < 1 || *bank > kDayMs) {
    return absl::InvalidArgumentError(
        "--deadline-ms and --time-bank-ms take 1 to 86400000 (one day)");
  }
  if (args.Has("--seed")) spec.set_seed(*seed);  // else a secret one
  *spec.mutable_decision_deadline() =
      TimeUtil::MillisecondsToDuration(*deadline);
  *spec.mutable_time_bank() = TimeUtil::MillisecondsToDuration(*bank);
  spec.set_max_strikes(*strikes);
  spec.set_max_turns(*turns);
  return absl::OkStatus();
}

void PrintResult(const v1::MatchResult& r) {
  std::cout << "match " << r.match_id() << ": "
            << v1::EndReason_Name(r.end_reason()) << " after " << r.decisions()
            << " decisions, " << r.turns() << " turns, "
            << TimeUtil::DurationToMilliseconds(r.duration()) << " ms\n";
  for (const v1::SeatResult& s : r.seats()) {
    std::cout << "  seat " << s.seat() << " " << v1::Faction_Name(s.faction())
              << " (" << s.bot_info().name() << ", " << s.bot()
              << "): " << s.victory_points() << " VP"
              << (s.winner() ? "  WINNER" : "")
              << (s.replaced_by_fallback() ? "  [fallback]" : "") << ", "
              << s.faults_size() << " faults\n";
    for (const v1::Fault& f : s.faults()) {
      std::cout << "    decision " << f.decision_index() << ": "
                << v1::FaultReason_Name(f.reason()) << " " << f.detail()
                << "\n";
    }
  }
}

}  // namespace

int PlayMain(const std::vector<std::string>& argv) {
  auto args = Args::Parse(
      argv,
      {"--factions",      "--bot",         "--character",    "--seed",
       "--replay",        "--deadline-ms", "--time-bank-ms", "--max-strikes",
       "--max-turns",     "--stderr-dir",  "--match-id",     "--map",
       "--suits",         "--deck",        "--setup",        "--landmarks",
       "--hirelings",     "--draft",       "--seat-bot",     "--draft-pool",
       "--vagabond-cards"},
      {"--json", "--shuffle-seats"});
  if (!args.ok()) return Fail("play", args.status());
  if (absl::Status s = MakeDirFlag(*args, "--stderr-dir"); !s.ok())
    return Fail("play", s);
  v1::MatchSpec spec;
  if (absl::Status s = SeatsFromFlags(*args, spec); !s.ok()) {
    return Fail("play", s);
  }
  if (absl::Status s = LimitsFromFlags(*args, spec); !s.ok()) {
    return Fail("play", s);
  }
  spec.set_match_id(args->Get("--match-id", ""));
  spec.set_shuffle_seats(args->Has("--shuffle-seats"));
  if (absl::Status st =
          ReadTableFlags(*args, /*defaults=*/true, args->Has("--draft"), spec);
      !st.ok()) {
    return Fail("play", st);
  }
  referee::MatchOptions options;
  options.stderr_dir = args->Get("--stderr-dir", "");
  options.max_deadline = absl::Milliseconds(kDayMs);   // the user is the
  options.max_time_bank = absl::Milliseconds(kDayMs);  // operator here
  auto out = referee::RunMatch(spec, options);
  if (!out.ok()) return Fail("play", out.status());
  if (args->Has("--replay")) {
    std::ofstream f(args->Get("--replay"));
    f << ToJson(out->replay, true) << "\n";
    if (!f)
      return Fail("play",
                  absl::UnavailableError("could not write the replay file"));
  }
  if (args->Has("--json")) {
    std::cout << ToJson(out->result) << "\n";
    return 0;
  }
  PrintResult(out->result);
  return 0;
}

int ReplayMain(const std::vector<std::string>& argv) {
  auto args = Args::Parse(argv, {"--at", "--seat"}, {"--verify", "--rootlog"});
  if (!args.ok()) return Fail("replay", args.status());
  if (args->positional().size() != 1) {
    return Fail(
        "replay",
        absl::InvalidArgumentError(
            "usage: woodland replay FILE (--verify | --rootlog | --at N "
            "[--seat K])"));
  }
  std::ifstream f(args->positional()[0]);
  if (!f)
    return Fail("replay",
                absl::NotFoundError("cannot read " + args->positional()[0]));
  std::stringstream buf;
  buf << f.rdbuf();
  v1::Replay replay;
  google::protobuf::util::JsonParseOptions po;
  po.ignore_unknown_fields = true;
  if (!google::protobuf::util::JsonStringToMessage(buf.str(), &replay, po)
           .ok()) {
    return Fail("replay",
                absl::InvalidArgumentError("not a replay file (bad JSON)"));
  }
  if (args->Has("--rootlog")) {  // issue 15.6: the community's notation
    auto text = referee::RootlogFromReplay(replay);
    if (!text.ok()) return Fail("replay", text.status());
    std::cout << *text;
    return 0;
  }
  if (args->Has("--verify")) {
    // The whole result, not just the final hash (issue 16 item 12).
    auto diffs = referee::VerifyReplay(replay);
    if (!diffs.ok()) return Fail("replay", diffs.status());
    if (!diffs->empty()) {
      for (const std::string& d : *diffs)
        std::cout << "MISMATCH: " << d << "\n";
      return 1;
    }
    std::cout << "OK: " << replay.decisions_size()
              << " decisions replayed, result and final state "
              << replay.result().final_state_hash() << " agree\n";
    return 0;
  }
  auto at = args->Number<int64_t>("--at", -1);
  auto seat = args->Number<int>("--seat", 0);
  if (!at.ok()) return Fail("replay", at.status());
  if (!seat.ok()) return Fail("replay", seat.status());
  auto s = referee::StateFromReplay(replay, *at);
  if (!s.ok()) return Fail("replay", s.status());
  if (*seat < 0 || *seat >= s->num_seats()) {
    return Fail("replay", absl::InvalidArgumentError("--seat out of range"));
  }
  v1::DecisionRequest view;  // the seat's view, plus the pending decision
  // The operator's view: the match's decision index.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  view.set_decision_index(*at);
#pragma GCC diagnostic pop
  view.set_seat(*seat);
  view.set_faction(referee::FactionToProto(s->seat(*seat).faction));
  if (!s->IsTerminal() && s->deciding_seat() == *seat) {
    *view.mutable_prompt() = referee::PromptToProto(*s);
    for (const rules::Option& o : s->options())
      referee::OptionToProto(*s, o, view.add_options());
  }
  referee::ObservationToProto(*s, *seat, view.mutable_observation());
  std::cout << ToJson(view, true) << "\n";
  return 0;
}

}  // namespace woodland::cli
