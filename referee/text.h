// Strings that come from outside (bots, clients) made safe to store: valid
// UTF-8 of bounded length, and names that are safe inside a file path.
#ifndef WOODLAND_REFEREE_TEXT_H_
#define WOODLAND_REFEREE_TEXT_H_

#include <cstddef>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace woodland::referee {

// `s` as valid UTF-8 (each invalid byte becomes U+FFFD), cut to at most
// `max_bytes` bytes on a character boundary.
std::string CleanUtf8(absl::string_view s, size_t max_bytes);

// A match id (or any other name used in a file path): 1-64 characters of
// [A-Za-z0-9._-], starting with a letter or digit (so never "." or "..").
absl::Status ValidateName(absl::string_view what, absl::string_view name);

}  // namespace woodland::referee

#endif  // WOODLAND_REFEREE_TEXT_H_
