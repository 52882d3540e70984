// The data files under data/ compiled into the library (see CMakeLists.txt),
// so the rules engine performs no file I/O.
#ifndef WOODLAND_REFEREE_RULES_EMBEDDED_DATA_H_
#define WOODLAND_REFEREE_RULES_EMBEDDED_DATA_H_

#include <vector>

#include "absl/strings/string_view.h"

namespace woodland::rules {

struct EmbeddedFile {
  absl::string_view key;
  absl::string_view text;
};
const std::vector<EmbeddedFile>& EmbeddedMaps();
const std::vector<EmbeddedFile>& EmbeddedDecks();

}  // namespace woodland::rules

#endif  // WOODLAND_REFEREE_RULES_EMBEDDED_DATA_H_
