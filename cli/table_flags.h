// The table configuration flags shared by `woodland play` and `woodland
// tournament` (issue 12): --map, --deck standard|exiles (Law 20.8),
// --suits (19.1), --setup standard|advanced, --landmarks
// lost_city,forge@7,random (at most two, Law 19.5.1) and --hirelings
// patrol,dynasty:demoted,band (Law 22, 19.6).
#ifndef WOODLAND_CLI_TABLE_FLAGS_H_
#define WOODLAND_CLI_TABLE_FLAGS_H_

#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "cli/args.h"
#include "referee/convert.h"
#include "referee/rules/defs.h"
#include "referee/rules/hirelings.h"
#include "referee/rules/landmarks.h"
#include "referee/rules/map_rules.h"
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
  v1::SetupMode mode = v1::SETUP_MODE_UNSPECIFIED;
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

// Reads every table flag into a match spec or a tournament's table.
// `defaults`: map, deck and setup are set even when their flags are absent
// (one match's spec, recorded as played); otherwise only the flags given
// are set and the receiver's defaults hold for the rest. `draft`: the seats
// draft their factions, so the setup defaults to advanced (Law 19.8).
template <class Spec>
absl::Status ReadTableFlags(const Args& args, bool defaults, bool draft,
                            Spec& spec) {
  if (defaults || args.Has("--map")) spec.set_map(args.Get("--map", "autumn"));
  if (defaults || args.Has("--deck")) {
    spec.set_deck(args.Get("--deck", "standard"));  // Law 20.8
    if (!rules::BuiltinDeck(spec.deck()).ok()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "unknown deck '", spec.deck(),
          "' (decks: ", absl::StrJoin(rules::BuiltinDeckKeys(), ", "), ")"));
    }
  }
  rules::GameSetup suits;
  if (absl::Status st = rules::ParseSuitsFlag(args.Get("--suits", ""), suits);
      !st.ok()) {
    return st;
  }
  for (int8_t suit : suits.suits) spec.add_suits(referee::SuitToProto(suit));
  if (suits.random_suits) spec.set_random_suits(true);
  if (defaults || draft || args.Has("--setup") || args.Has("--landmarks")) {
    if (absl::Status st =
            AddTableFlags(args.Get("--setup", draft ? "advanced" : "standard"),
                          args.Get("--landmarks", ""), spec);
        !st.ok()) {
      return st;
    }
  }
  rules::GameSetup hirelings;
  if (absl::Status st =
          rules::ParseHirelingsFlag(args.Get("--hirelings", ""), hirelings);
      !st.ok()) {
    return st;
  }
  for (const auto& [h, demoted] : hirelings.hirelings) {
    v1::HirelingSpec* hs = spec.add_hirelings();
    hs->set_hireling(std::string(rules::HirelingKey(h, demoted)));
    hs->set_demoted(demoted);
  }
  return absl::OkStatus();
}

}  // namespace woodland::cli

#endif  // WOODLAND_CLI_TABLE_FLAGS_H_
