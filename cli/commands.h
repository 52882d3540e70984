// The woodland subcommands. Each returns the process exit code.
#ifndef WOODLAND_CLI_COMMANDS_H_
#define WOODLAND_CLI_COMMANDS_H_

#include <string>
#include <vector>

namespace woodland::cli {

int SelfplayMain(const std::vector<std::string>& args);
int PlayMain(const std::vector<std::string>& args);
int ReplayMain(const std::vector<std::string>& args);
int RefereeMain(const std::vector<std::string>& args);
int ConformanceMain(const std::vector<std::string>& args);
int TournamentMain(const std::vector<std::string>& args);
int ArenaMain(const std::vector<std::string>& args);
int HealthMain(const std::vector<std::string>& args);
int DescribeMain(const std::vector<std::string>& args);

}  // namespace woodland::cli

#endif  // WOODLAND_CLI_COMMANDS_H_
