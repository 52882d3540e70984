// What a network client may ask a server to connect to. A command line never
// comes from the network: bots the server launches are defined by the
// operator in a catalogue (the server's `--bot NAME=SPEC` flags and
// `--bots-file FILE`), and requests name them as `catalog:NAME`. A client's
// own `grpc://HOST:PORT` endpoint is accepted only if the operator allowed it
// (`--allow-endpoint HOST:PORT`, `HOST:*` for any port, or `A.B.C.D/N` for an
// IPv4 range); by default none is. `builtin:random` is always fine.
//
// A bots file holds one entry per line, `NAME SPEC` (SPEC is everything after
// the first run of blanks, e.g. `alice exec:/opt/bots/alice --fast`); blank
// lines and lines starting with '#' are ignored. Names are 1-64 characters
// of [A-Za-z0-9_.-].
//
// Operator-run commands (`woodland play`, `woodland tournament`) may still
// use raw `exec:` specs: they pass no catalogue policy (CheckRemote is only
// applied to what arrives over the network).
#ifndef WOODLAND_REFEREE_BOT_CATALOG_H_
#define WOODLAND_REFEREE_BOT_CATALOG_H_

#include <map>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace woodland::referee {

inline constexpr char kCatalogPrefix[] = "catalog:";

class BotCatalog {
 public:
  // An operator entry: NAME -> exec:..., grpc://... or builtin:random.
  absl::Status Add(const std::string& name, const std::string& spec);
  // `NAME=SPEC`, as given on a command line.
  absl::Status AddFlag(const std::string& name_eq_spec);
  // Every entry of a bots file (format above).
  absl::Status AddFile(const std::string& path);
  // An endpoint pattern network clients may name (format above).
  absl::Status AllowEndpoint(const std::string& pattern);

  // A spec that came from the network: OK for builtin:random, a catalogue
  // name that exists and an allowed grpc:// endpoint; PERMISSION_DENIED for
  // exec: and other endpoints; NOT_FOUND for an unknown name.
  absl::Status CheckRemote(const std::string& spec) const;
  // The spec to connect with: catalog:NAME becomes the operator's spec;
  // anything else is returned unchanged.
  absl::StatusOr<std::string> Resolve(const std::string& spec) const;
  // The bounded metric label of a spec: the catalogue name, "builtin-random",
  // the endpoint of a grpc:// bot, or "exec" for an operator's raw command.
  static std::string Label(const std::string& spec);

  bool empty() const { return bots_.empty(); }
  std::vector<std::string> Names() const;

 private:
  bool EndpointAllowed(const std::string& host_port) const;

  std::map<std::string, std::string> bots_;
  std::vector<std::string> endpoints_;           // exact HOST:PORT or HOST:*
  std::vector<std::pair<uint32_t, int>> cidrs_;  // IPv4 network, prefix bits
};

// True for a valid catalogue name.
bool ValidBotName(const std::string& name);

// A uniformly random 64-bit value from the kernel's CSPRNG (getrandom(2)).
uint64_t SecureRandom64();

}  // namespace woodland::referee

#endif  // WOODLAND_REFEREE_BOT_CATALOG_H_
