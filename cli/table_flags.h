// The table configuration flags shared by `woodland play` and `woodland
// tournament` (issue 12): --setup standard|advanced and --landmarks
// lost_city,forge@7,random (at most two, Law 19.5.1).
#ifndef WOODLAND_CLI_TABLE_FLAGS_H_
#define WOODLAND_CLI_TABLE_FLAGS_H_

#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "referee/rules/landmarks.h"
#include "referee/rules/state.h"
#include "woodland/v1/referee.pb.h"

namespace woodland::cli {

// Reads --setup into a SetupMode.
inline absl::Status ParseSetupMode(const std::string& text,
                                   v1::SetupMode& mode) {
  if (text == "standard" || text.empty()) {
    mode = v1::SETUP_MODE_STANDARD;
  } else if (text == "advanced") {
    mode = v1::SETUP_MODE_ADVANCED;
  } else {
    return absl::InvalidArgumentError(
        absl::StrCat("--setup wants standard or advanced, got '", text, "'"));
  }
  return absl::OkStatus();
}

// Reads --setup and --landmarks into a match spec's fields 22-23.
template <class Spec>
absl::Status AddTableFlags(const std::string& setup_text,
                           const std::string& landmarks_text, Spec& spec) {
  v1::SetupMode mode;
  if (absl::Status st = ParseSetupMode(setup_text, mode); !st.ok()) return st;
  spec.set_setup_mode(mode);
  rules::GameSetup parsed;
  if (absl::Status st = rules::ParseLandmarksFlag(landmarks_text, parsed);
      !st.ok()) {
    return st;
  }
  spec.clear_landmarks();
  for (auto [l, c] : parsed.landmarks) {
    v1::LandmarkSpec* ls = spec.add_landmarks();
    ls->set_landmark(l < 0 ? "random" : std::string(rules::LandmarkKey(l)));
    ls->set_clearing(c + 1);
  }
  return absl::OkStatus();
}

}  // namespace woodland::cli

#endif  // WOODLAND_CLI_TABLE_FLAGS_H_
