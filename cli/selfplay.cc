#include <chrono>
#include <csignal>
#include <cstdio>
#include <iostream>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "cli/commands.h"
#include "referee/rules/hirelings.h"
#include "referee/rules/landmarks.h"
#include "referee/rules/map_rules.h"
#include "referee/rules/observation.h"
#include "referee/rules/playout.h"

namespace woodland::cli {
namespace {

using rules::State;

// Where a crash happened, for the abort handler.
volatile uint64_t g_seed = 0;
volatile int64_t g_decision = -1;

void OnFatal(int sig) {
  char buf[128];
  int n = snprintf(
      buf, sizeof buf,
      "woodland selfplay: crashed in game seed %llu at decision %lld\n",
      static_cast<unsigned long long>(g_seed),
      static_cast<long long>(g_decision));
  if (n > 0) fwrite(buf, 1, n, stderr);
  signal(sig, SIG_DFL);
  raise(sig);
}

struct Flags {
  std::vector<int8_t> factions = {rules::kMarquise, rules::kEyrie};
  std::vector<std::pair<int8_t, int8_t>> characters;  // --character
  int games = 100;
  uint64_t seed = 1;
  int max_turns = 1000;
  std::string map = "autumn";
  std::string deck = "standard";  // --deck (Law 20.8)
  std::string suits;
  std::string setup_mode = "standard";  // --setup (Law 5.1 or 19)
  std::string landmarks;                // --landmarks (Law 24, 19.5)
  int draft = 0;          // --draft N: N seats draft their factions (Law 19.8)
  std::string hirelings;  // --hirelings patrol,dynasty:demoted,...
  bool shuffle_seats = false;
  bool check = false;
  bool json = false;
};

bool ParseFlags(const std::vector<std::string>& args, Flags& f,
                std::string& err) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](std::string& out) {
      if (i + 1 >= args.size()) {
        err = a + " needs a value";
        return false;
      }
      out = args[++i];
      return true;
    };
    std::string v;
    if (a == "--json") {
      f.json = true;
    } else if (a == "--check") {
      f.check = true;
    } else if (a == "--shuffle-seats") {
      f.shuffle_seats = true;
    } else if (a == "--factions") {
      if (!value(v)) return false;
      f.factions.clear();
      for (absl::string_view key : absl::StrSplit(v, ',')) {
        const int id = rules::ParseFaction(key);
        if (id < 0) {
          err = absl::StrCat("unknown faction '", key, "'");
          return false;
        }
        f.factions.push_back(static_cast<int8_t>(id));
      }
    } else if (a == "--character") {  // vagabond=ronin (Law 26)
      if (!value(v)) return false;
      std::pair<std::string, std::string> kv =
          absl::StrSplit(v, absl::MaxSplits('=', 1));
      const int id = rules::ParseFaction(kv.first);
      const int c = rules::ParseVagabondCharacter(kv.second);
      if ((id != rules::kVagabond && id != rules::kVagabond2) || c < 0) {
        err =
            absl::StrCat("--character wants VAGABOND=CHARACTER, got '", v, "'");
        return false;
      }
      f.characters.push_back({static_cast<int8_t>(id), static_cast<int8_t>(c)});
    } else if (a == "--games") {
      if (!value(v) || !absl::SimpleAtoi(v, &f.games) || f.games < 1) {
        err = "--games needs a positive number";
        return false;
      }
    } else if (a == "--seed") {
      if (!value(v) || !absl::SimpleAtoi(v, &f.seed)) {
        err = "--seed needs a number";
        return false;
      }
    } else if (a == "--map") {
      if (!value(f.map)) return false;
    } else if (a == "--deck") {
      if (!value(f.deck)) return false;
      if (!rules::BuiltinDeck(f.deck).ok()) {
        err = absl::StrCat("unknown deck '", f.deck, "' (decks: ",
                           absl::StrJoin(rules::BuiltinDeckKeys(), ", "), ")");
        return false;
      }
    } else if (a == "--suits") {
      if (!value(f.suits)) return false;
    } else if (a == "--setup") {
      if (!value(f.setup_mode)) return false;
      if (f.setup_mode != "standard" && f.setup_mode != "advanced") {
        err = "--setup wants standard or advanced";
        return false;
      }
    } else if (a == "--landmarks") {
      if (!value(f.landmarks)) return false;
    } else if (a == "--draft") {
      if (!value(v) || !absl::SimpleAtoi(v, &f.draft) || f.draft < 2 ||
          f.draft > rules::kMaxSeats) {
        err = "--draft needs 2 to 6 seats";
        return false;
      }
    } else if (a == "--hirelings") {
      if (!value(f.hirelings)) return false;
    } else if (a == "--max-turns") {
      if (!value(v) || !absl::SimpleAtoi(v, &f.max_turns) || f.max_turns < 0) {
        err = "--max-turns needs a number";
        return false;
      }
    } else {
      err = absl::StrCat("unknown flag '", a, "'");
      return false;
    }
  }
  return true;
}

}  // namespace

int SelfplayMain(const std::vector<std::string>& args) {
  Flags f;
  std::string err;
  if (!ParseFlags(args, f, err)) {
    std::cerr << "woodland selfplay: " << err << "\n";
    return 2;
  }
  signal(SIGABRT, OnFatal);
  signal(SIGSEGV, OnFatal);
  rules::GameSetup setup;
  setup.factions = f.factions;
  setup.characters = f.characters;
  setup.shuffle_seats = f.shuffle_seats;
  setup.max_turns = f.max_turns;
  setup.map = f.map;
  setup.deck = f.deck;
  if (absl::Status st = rules::ParseSuitsFlag(f.suits, setup); !st.ok()) {
    std::cerr << "woodland selfplay: " << st.message() << "\n";
    return 2;
  }
  if (absl::Status st = rules::ParseLandmarksFlag(f.landmarks, setup);
      !st.ok()) {
    std::cerr << "woodland selfplay: " << st.message() << "\n";
    return 2;
  }
  if (absl::Status st = rules::ParseHirelingsFlag(f.hirelings, setup);
      !st.ok()) {
    std::cerr << "woodland selfplay: " << st.message() << "\n";
    return 2;
  }
  if (f.setup_mode == "advanced" || f.draft > 0) {
    setup.mode = rules::GameSetup::kAdvancedSetup;
  }
  if (f.draft > 0) setup.factions.assign(f.draft, rules::kNoFaction);

  const auto start = std::chrono::steady_clock::now();
  rules::DecisionHook hook = [&](const State& s, uint64_t seed,
                                 int d) -> absl::Status {
    g_seed = seed;
    g_decision = d;
    return f.check ? s.CheckInvariants() : absl::OkStatus();
  };
  auto sum = rules::Selfplay(setup, f.seed, f.games, hook);
  if (!sum.ok()) {
    // The status names the game seed and the decision index.
    std::cerr << "woodland selfplay: " << sum.status() << "\n";
    return 1;
  }
  const int64_t turns = sum->turns, decisions = sum->decisions;
  const int finished = sum->finished, unfinished = sum->games - sum->finished;
  const int largest = sum->largest_option_list;
  const uint64_t signature = sum->signature;
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  std::string out =
      absl::StrCat("{\"games\":", f.games, ",\"finished\":", finished,
                   ",\"unfinished\":", unfinished, ",\"turns\":", turns,
                   ",\"decisions\":", decisions, ",\"seconds\":", seconds,
                   ",\"games_per_second\":", f.games / seconds,
                   ",\"turns_per_second\":", turns / seconds,
                   ",\"decisions_per_second\":", decisions / seconds,
                   ",\"largest_option_list\":", largest, ",\"wins\":{");
  bool first = true;
  for (int8_t fac : f.factions) {
    const std::string key(rules::FactionKey(fac));
    absl::StrAppend(&out, first ? "" : ",", "\"", key,
                    "\":{\"vp30\":", sum->wins[fac][0],
                    ",\"dominance\":", sum->wins[fac][1], "}");
    first = false;
  }
  absl::StrAppend(&out, ",\"draws\":{\"turn_limit\":", unfinished,
                  "}},\"signature\":\"", absl::Hex(signature, absl::kZeroPad16),
                  "\"}");
  if (f.json) {
    std::cout << out << "\n";
  } else {
    std::cout << "games " << f.games << "  finished " << finished << "  turns "
              << turns << "  decisions " << decisions << "  "
              << decisions / seconds << " decisions/s  largest list " << largest
              << "\nsignature "
              << absl::StrCat(absl::Hex(signature, absl::kZeroPad16)) << "\n";
  }
  return 0;
}

}  // namespace woodland::cli
