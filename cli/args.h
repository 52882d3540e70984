// Minimal flag reading for the woodland subcommands: "--name value" pairs
// and bare "--switch"es, with clear errors for anything unknown.
#ifndef WOODLAND_CLI_ARGS_H_
#define WOODLAND_CLI_ARGS_H_

#include <filesystem>
#include <map>
#include <string>
#include <system_error>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "referee/bot_catalog.h"

namespace woodland::cli {

class Args {
 public:
  // `valued`: flags that take a value (may repeat); `switches`: bare flags.
  static absl::StatusOr<Args> Parse(const std::vector<std::string>& args,
                                    const std::vector<std::string>& valued,
                                    const std::vector<std::string>& switches) {
    Args out;
    auto in = [](const std::vector<std::string>& v, const std::string& s) {
      for (const auto& x : v) {
        if (x == s) return true;
      }
      return false;
    };
    for (size_t i = 0; i < args.size(); ++i) {
      const std::string& a = args[i];
      if (in(switches, a)) {
        out.values_[a].push_back("");
      } else if (in(valued, a)) {
        if (i + 1 >= args.size())
          return absl::InvalidArgumentError(a + " needs a value");
        out.values_[a].push_back(args[++i]);
      } else if (a.rfind("--", 0) != 0) {
        out.positional_.push_back(a);
      } else {
        return absl::InvalidArgumentError(
            absl::StrCat("unknown flag '", a, "'"));
      }
    }
    return out;
  }
  bool Has(const std::string& f) const { return values_.count(f) > 0; }
  std::string Get(const std::string& f, const std::string& def = "") const {
    auto it = values_.find(f);
    return it == values_.end() ? def : it->second.back();
  }
  std::vector<std::string> All(const std::string& f) const {
    auto it = values_.find(f);
    return it == values_.end() ? std::vector<std::string>{} : it->second;
  }
  // A number flag; an error names the flag.
  template <typename T>
  absl::StatusOr<T> Number(const std::string& f, T def) const {
    if (!Has(f)) return def;
    T v;
    if (!absl::SimpleAtoi(Get(f), &v)) {
      return absl::InvalidArgumentError(
          absl::StrCat(f, " needs a number, got '", Get(f), "'"));
    }
    return v;
  }
  const std::vector<std::string>& positional() const { return positional_; }

 private:
  std::map<std::string, std::vector<std::string>> values_;
  std::vector<std::string> positional_;
};

// A directory flag such as `--stderr-dir DIR`: creates DIR and its parents
// if missing (issue 13 item 7: a missing one used to keep nothing, silently).
// Absent flag: nothing to do.
inline absl::Status MakeDirFlag(const Args& args, const std::string& flag) {
  if (!args.Has(flag)) return absl::OkStatus();
  const std::string dir = args.Get(flag);
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec || !std::filesystem::is_directory(dir, ec)) {
    return absl::InvalidArgumentError(absl::StrCat(
        flag, ": cannot create directory '", dir, "'",
        ec ? absl::StrCat(" (", ec.message(), ")") : std::string()));
  }
  return absl::OkStatus();
}

// The operator's bot catalogue and endpoint allowlist of a server command:
// `--bot NAME=SPEC`, `--bots-file FILE`, `--allow-endpoint PATTERN` (each
// may repeat).
inline absl::StatusOr<referee::BotCatalog> CatalogFromArgs(const Args& args) {
  referee::BotCatalog c;
  for (const std::string& b : args.All("--bot")) {
    if (absl::Status s = c.AddFlag(b); !s.ok()) return s;
  }
  for (const std::string& f : args.All("--bots-file")) {
    if (absl::Status s = c.AddFile(f); !s.ok()) return s;
  }
  for (const std::string& e : args.All("--allow-endpoint")) {
    if (absl::Status s = c.AllowEndpoint(e); !s.ok()) return s;
  }
  return c;
}

}  // namespace woodland::cli

#endif  // WOODLAND_CLI_ARGS_H_
