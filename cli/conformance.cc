// `woodland conformance BOTSPEC`: checks that a bot speaks the protocol and
// plays legal, timely games with every faction and seat count, tolerating
// unknown future fields and the match start/end notifications. Prints a
// report; exits non-zero on any failure. The checks themselves are
// arena/conformance_check.h (the arena runs them at registration).
#include <iostream>

#include "arena/conformance_check.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "referee/bot_connection.h"

namespace woodland::cli {

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
  std::cout << "Conformance of " << spec << std::endl;
  arena::ConformanceOptions options;
  options.deadline = absl::Milliseconds(*deadline);
  options.seed = *seed;
  options.on_check = [](bool ok, const std::string& check,
                        const std::string& detail) {
    std::cout << (ok ? "PASS  " : "FAIL  ") << check
              << (detail.empty() ? "" : ": ") << detail << std::endl;
  };
  const arena::ConformanceReport report =
      arena::CheckConformance(spec, options);
  std::cout << (report.failures == 0 ? "CONFORMANT" : "NOT CONFORMANT") << " ("
            << report.failures << " failed checks)" << std::endl;
  return report.failures == 0 ? 0 : 1;
}

}  // namespace woodland::cli
