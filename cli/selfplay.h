// `woodland selfplay`: uniform-random games in-process, summarised as JSON.
#ifndef WOODLAND_CLI_SELFPLAY_H_
#define WOODLAND_CLI_SELFPLAY_H_

#include <string>
#include <vector>

namespace woodland::cli {

int SelfplayMain(const std::vector<std::string>& args);

}  // namespace woodland::cli

#endif  // WOODLAND_CLI_SELFPLAY_H_
