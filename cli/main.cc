// The woodland command-line program: selfplay, play, replay, referee serve,
// conformance (see --help).
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "referee/sandbox.h"

namespace {

constexpr char kUsage[] =
    "usage: woodland <command> [flags]   (woodland <command> --help)\n"
    "commands:\n"
    "  selfplay     uniform-random games in-process, summarised as JSON\n"
    "               --factions marquise,eyrie --games N --seed S\n"
    "               [--max-turns T] [--shuffle-seats] [--check] [--json]\n"
    "               [--character vagabond=ronin ...] (Law 26)\n"
    "               [--map autumn|winter|lake|mountain] [--suits S,S,...]\n"
    "               [--deck standard|exiles] [--setup standard|advanced]\n"
    "               [--landmarks L,L@CLEARING] [--hirelings H,H,H] (issue 12)\n"
    "               [--draft N] (N seats draft factions, Law 19.8)\n"
    "  play         one match between bots over gRPC\n"
    "               --factions marquise,eyrie --bot marquise=exec:PATH\n"
    "               --bot eyrie=grpc://HOST:PORT --seed S [--replay FILE] "
    "[--json]\n"
    "               [--deadline-ms N] [--time-bank-ms N] [--max-strikes K]\n"
    "               [--max-turns T] [--shuffle-seats] [--stderr-dir DIR]\n"
    "               [--match-id ID] [--character vagabond=ronin ...]\n"
    "               [--map autumn|winter|lake|mountain] [--suits S,S,...]\n"
    "               [--deck standard|exiles] [--setup standard|advanced]\n"
    "               [--landmarks L,L@CLEARING] [--hirelings H,H,H] (issue 12)\n"
    "               | --draft N [--seat-bot SPEC ...] [--draft-pool F,F,...]\n"
    "               [--vagabond-cards 2] (seats draft factions, Law 19.8)\n"
    "  replay       FILE --verify | FILE --at N [--seat K]\n"
    "  referee      serve [--port P] [--metrics-port M] [--workers W]\n"
    "               [--bot NAME=SPEC ...] [--bots-file FILE] "
    "[--allow-endpoint PATTERN ...]\n"
    "               [--address A] [--stderr-dir DIR] [--max-watchers N]\n"
    "               [--max-watchers-per-client N] [--max-deadline-ms N]\n"
    "               [--max-time-bank-ms N] [--max-kept-matches N]\n"
    "  conformance  BOTSPEC [--deadline-ms N] [--seed S]: check a bot end to "
    "end\n"
    "  tournament   --bot NAME=SPEC ... [--factions ...] [--players N]\n"
    "               [--tables T] [--seed S] [--db FILE] [--workers W] "
    "[--json]\n"
    "               (--workers: matches at once, default two per core)\n"
    "               [--referee HOST:PORT ...] [--bots-file FILE]\n"
    "               [--deadline-ms N] [--stop-after N] [--metrics-port M]\n"
    "               [--http-port P] [--tau T]\n"
    "               [--map autumn|winter|lake|mountain] [--suits S,S,...]\n"
    "               [--deck standard|exiles] [--setup standard|advanced]\n"
    "               [--landmarks L,L@CLEARING] [--hirelings H,H,H] (issue 12)\n"
    "               [--draft] (bots draft from --factions, Law 19.8)\n"
    "  arena        serve [--port P] [--metrics-port M] [--db FILE] [--referee "
    "...]\n"
    "               [--bot NAME=SPEC ...] [--bots-file FILE] "
    "[--allow-endpoint PATTERN ...] [--max-tables N]\n"
    "               [--address A] [--workers W] [--max-watchers N]\n"
    "               [--max-watchers-per-client N] [--tau T]\n"
    "               (--workers: tables at once, default two per core)\n"
    "               [--node-id NAME] [--lease-seconds S] [--poll-seconds S]\n"
    "               (--db takes a SQLite file or postgres://USER@HOST/DB)\n"
    "               | recompute --db FILE --tournament ID [--json]\n"
    "  describe     [--markdown | --json]: the protocol reference\n"
    "  health       ADDRESS [--service NAME]: exit 0 if the server is "
    "serving\n"
    "The table flags of selfplay, play and tournament: --deck is the shared\n"
    "deck (Law 20.8; default standard); --suits random or 12 suits in map\n"
    "order (19.1); --landmarks at most two (19.5, e.g. lost_city,forge@7);\n"
    "--hirelings three sides (22, 19.6, e.g. patrol,dynasty:demoted,band).\n"
    "Every command takes --help (its own usage).\n"
    "A bot spec is grpc://HOST:PORT, exec:COMMAND ARGS, builtin:random or\n"
    "catalog:NAME (a --bot/--bots-file entry). Servers never take exec: from\n"
    "the network: they launch only their catalogue's bots, and connect only\n"
    "to --allow-endpoint HOST:PORT, HOST:* or A.B.C.D/N endpoints.\n"
    "Without --seed the seed is secret (from getrandom).\n"
    "Launched (exec:) bots run sandboxed with bubblewrap (own uid, no\n"
    "network, private directory, limits); --no-sandbox, with any command,\n"
    "launches them unconfined (for machines without bwrap).\n";

// `woodland CMD --help`: CMD's own lines of kUsage (its first line starts
// with "  CMD ", the lines after it are indented deeper) and the note on
// bot specs.
std::string CommandUsage(const std::string& cmd) {
  std::istringstream lines(kUsage);
  std::string out, line;
  bool in = false;
  while (std::getline(lines, line)) {
    if (line.rfind("  ", 0) == 0 && line.size() > 2 && line[2] != ' ') {
      in = line.rfind("  " + cmd + " ", 0) == 0;
    } else if (line.rfind("   ", 0) != 0) {
      in = false;
    }
    if (in) out += line + "\n";
  }
  if (out.empty()) return "";
  out = "usage: woodland " + cmd + " [flags]\n" + out;
  if (cmd == "selfplay" || cmd == "replay") return out;
  const std::string notes = kUsage;
  return out + notes.substr(notes.find("A bot spec is"));
}

bool AsksForHelp(const std::vector<std::string>& args) {
  for (const std::string& a : args) {
    if (a == "--help" || a == "-h") return true;
  }
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) {
    if (std::string(argv[i]) == "--no-sandbox") {
      woodland::referee::DefaultSandboxOptions().enabled = false;
    } else {
      args.emplace_back(argv[i]);
    }
  }
  if (args.empty() || args[0] == "--help" || args[0] == "help") {
    std::cout << kUsage;
    return args.empty() ? 2 : 0;
  }
  const std::string cmd = args[0];
  args.erase(args.begin());
  if (AsksForHelp(args)) {
    const std::string usage = CommandUsage(cmd);
    if (!usage.empty()) {
      std::cout << usage;
      return 0;
    }
  }
  if (cmd == "selfplay") return woodland::cli::SelfplayMain(args);
  if (cmd == "play") return woodland::cli::PlayMain(args);
  if (cmd == "replay") return woodland::cli::ReplayMain(args);
  if (cmd == "referee") return woodland::cli::RefereeMain(args);
  if (cmd == "conformance") return woodland::cli::ConformanceMain(args);
  if (cmd == "tournament") return woodland::cli::TournamentMain(args);
  if (cmd == "arena") return woodland::cli::ArenaMain(args);
  if (cmd == "health") return woodland::cli::HealthMain(args);
  if (cmd == "describe") return woodland::cli::DescribeMain(args);
  std::cerr << "woodland: unknown command '" << cmd << "' (try --help)\n";
  return 2;
}
