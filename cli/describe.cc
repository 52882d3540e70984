// `woodland describe --markdown|--json`: the protocol reference (issue 13).
#include "referee/describe.h"

#include <iostream>

#include "cli/commands.h"

namespace woodland::cli {

int DescribeMain(const std::vector<std::string>& args) {
  const bool json = args.size() == 1 && args[0] == "--json";
  const bool markdown =
      args.empty() || (args.size() == 1 && args[0] == "--markdown");
  if (args.size() == 1 && args[0] == "--help") {
    std::cout << "usage: woodland describe [--markdown | --json]\n"
                 "Prints the protocol reference (docs/protocol.md) generated "
                 "from the engine's tables.\n";
    return 0;
  }
  if (!json && !markdown) {
    std::cerr << "usage: woodland describe [--markdown | --json]\n";
    return 2;
  }
  std::cout << (json ? referee::DescribeJson() : referee::DescribeMarkdown());
  return 0;
}

}  // namespace woodland::cli
