// Checks, before anything starts, that every `exec:` bot on the command line
// names a program that exists and is executable (issue 16: a missing
// program used to end in a match played by the fallback, and exit 0).
#ifndef WOODLAND_CLI_BOT_CHECK_H_
#define WOODLAND_CLI_BOT_CHECK_H_

#include <unistd.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_split.h"

namespace woodland::cli {

inline absl::Status CheckExecBot(const std::string& spec) {
  if (!absl::StartsWith(spec, "exec:")) return absl::OkStatus();
  const std::vector<std::string> words =
      absl::StrSplit(spec.substr(5), ' ', absl::SkipWhitespace());
  if (words.empty()) return absl::InvalidArgumentError("empty exec: bot");
  const std::string& program = words[0];
  bool found = false;
  if (absl::StrContains(program, '/')) {
    found = access(program.c_str(), X_OK) == 0;
  } else if (const char* path = std::getenv("PATH")) {
    for (absl::string_view dir : absl::StrSplit(path, ':')) {
      const std::string candidate = std::string(dir) + "/" + program;
      if (access(candidate.c_str(), X_OK) == 0) found = true;
    }
  }
  if (found) return absl::OkStatus();
  return absl::InvalidArgumentError("bot program '" + program +
                                    "' does not exist or is not executable");
}

}  // namespace woodland::cli

#endif  // WOODLAND_CLI_BOT_CHECK_H_
