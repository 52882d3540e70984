#include "referee/text.h"

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"

namespace woodland::referee {
namespace {

constexpr absl::string_view kReplacement = "\xef\xbf\xbd";  // U+FFFD

// The length of the valid UTF-8 character at s[i], or 0 if there is none
// (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF).
size_t CharLength(absl::string_view s, size_t i) {
  const auto b = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = b(i);
  if (c < 0x80) return 1;
  size_t n;
  unsigned char lo = 0x80, hi = 0xBF;
  if (c >= 0xC2 && c <= 0xDF) {
    n = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
  } else {
    return 0;
  }
  if (i + n > s.size()) return 0;
  if (b(i + 1) < lo || b(i + 1) > hi) return 0;
  for (size_t k = 2; k < n; ++k) {
    if (b(i + k) < 0x80 || b(i + k) > 0xBF) return 0;
  }
  return n;
}

}  // namespace

std::string CleanUtf8(absl::string_view s, size_t max_bytes) {
  std::string out;
  out.reserve(std::min(s.size(), max_bytes));
  for (size_t i = 0; i < s.size();) {
    const size_t n = CharLength(s, i);
    const absl::string_view ch = n ? s.substr(i, n) : kReplacement;
    if (out.size() + ch.size() > max_bytes) break;
    out.append(ch.data(), ch.size());
    i += n ? n : 1;
  }
  return out;
}

absl::Status ValidateName(absl::string_view what, absl::string_view name) {
  bool ok = !name.empty() && name.size() <= 64 &&
            absl::ascii_isalnum(static_cast<unsigned char>(name[0]));
  for (char c : name) {
    ok = ok && (absl::ascii_isalnum(static_cast<unsigned char>(c)) ||
                c == '.' || c == '_' || c == '-');
  }
  if (ok) return absl::OkStatus();
  return absl::InvalidArgumentError(
      absl::StrCat(what,
                   " must be 1-64 characters of [A-Za-z0-9._-] starting with a "
                   "letter or digit, got '",
                   CleanUtf8(absl::CHexEscape(name.substr(0, 80)), 100), "'"));
}

}  // namespace woodland::referee
