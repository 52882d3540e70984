// The woodland command-line program. Subcommands:
//   selfplay, play, replay, referee serve (see --help).
#include <iostream>
#include <string>
#include <vector>

#include "cli/commands.h"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "--help" || args[0] == "help") {
    std::cout
        << "usage: woodland <command> [flags]\n"
           "commands:\n"
           "  selfplay  play uniform-random games in-process\n"
           "            --factions marquise,eyrie --games N --seed S\n"
           "            [--max-turns T] [--shuffle-seats] [--check] [--json]\n";
    return args.empty() ? 2 : 0;
  }
  const std::string cmd = args[0];
  args.erase(args.begin());
  if (cmd == "selfplay") return woodland::cli::SelfplayMain(args);
  if (cmd == "play") return woodland::cli::PlayMain(args);
  if (cmd == "replay") return woodland::cli::ReplayMain(args);
  if (cmd == "referee") return woodland::cli::RefereeMain(args);
  std::cerr << "woodland: unknown command '" << cmd << "' (try --help)\n";
  return 2;
}
