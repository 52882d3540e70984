#include "referee/bot_catalog.h"

#include <arpa/inet.h>
#include <sys/random.h>

#include <cerrno>
#include <fstream>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "referee/bot_connection.h"
#include "referee/rules/check.h"

namespace woodland::referee {
namespace {

// "HOST:PORT" of a grpc:// spec ("" if it is not one).
std::string Endpoint(const std::string& spec) {
  if (!absl::StartsWith(spec, "grpc://")) return "";
  return spec.substr(7);
}

// Parses an IPv4 address in dotted form.
bool ParseIpv4(const std::string& s, uint32_t* out) {
  in_addr a;
  if (inet_pton(AF_INET, s.c_str(), &a) != 1) return false;
  *out = ntohl(a.s_addr);
  return true;
}

}  // namespace

bool ValidBotName(const std::string& name) {
  if (name.empty() || name.size() > 64) return false;
  for (char c : name) {
    if (!absl::ascii_isalnum(c) && c != '_' && c != '-' && c != '.')
      return false;
  }
  return true;
}

uint64_t SecureRandom64() {
  uint64_t v = 0;
  char* p = reinterpret_cast<char*>(&v);
  size_t got = 0;
  while (got < sizeof v) {
    const ssize_t n = getrandom(p + got, sizeof v - got, 0);
    if (n > 0) got += static_cast<size_t>(n);
    // EINTR: try again. Any other failure means no kernel CSPRNG at all.
    CHECK(n > 0 || errno == EINTR) << "getrandom failed";
  }
  return v;
}

absl::Status BotCatalog::Add(const std::string& name, const std::string& spec) {
  if (!ValidBotName(name)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "bad catalogue name '", name, "': 1-64 characters of [A-Za-z0-9_.-]"));
  }
  if (absl::StartsWith(spec, kCatalogPrefix)) {
    return absl::InvalidArgumentError("a catalogue entry cannot name another");
  }
  if (absl::Status s = ValidateBotSpec(spec); !s.ok()) return s;
  if (!bots_.emplace(name, spec).second) {
    return absl::AlreadyExistsError(
        absl::StrCat("catalogue name '", name, "' defined twice"));
  }
  return absl::OkStatus();
}

absl::Status BotCatalog::AddFlag(const std::string& name_eq_spec) {
  std::pair<std::string, std::string> kv =
      absl::StrSplit(name_eq_spec, absl::MaxSplits('=', 1));
  return Add(kv.first, kv.second);
}

absl::Status BotCatalog::AddFile(const std::string& path) {
  std::ifstream f(path);
  if (!f) return absl::NotFoundError(absl::StrCat("cannot read ", path));
  std::string line;
  for (int n = 1; std::getline(f, line); ++n) {
    absl::string_view l = absl::StripAsciiWhitespace(line);
    if (l.empty() || l[0] == '#') continue;
    const size_t blank = l.find_first_of(" \t");
    if (blank == absl::string_view::npos) {
      return absl::InvalidArgumentError(
          absl::StrCat(path, ":", n, ": want `NAME SPEC`"));
    }
    const std::string name(l.substr(0, blank));
    const std::string spec(absl::StripLeadingAsciiWhitespace(l.substr(blank)));
    if (absl::Status s = Add(name, spec); !s.ok()) {
      return absl::Status(s.code(),
                          absl::StrCat(path, ":", n, ": ", s.message()));
    }
  }
  return absl::OkStatus();
}

absl::Status BotCatalog::AllowEndpoint(const std::string& pattern) {
  if (const size_t slash = pattern.find('/'); slash != std::string::npos) {
    uint32_t net;
    int bits;
    if (!ParseIpv4(pattern.substr(0, slash), &net) ||
        !absl::SimpleAtoi(pattern.substr(slash + 1), &bits) || bits < 0 ||
        bits > 32) {
      return absl::InvalidArgumentError(
          absl::StrCat("bad endpoint range '", pattern, "' (want A.B.C.D/N)"));
    }
    cidrs_.push_back({net, bits});
    return absl::OkStatus();
  }
  const size_t colon = pattern.rfind(':');
  int port = 0;
  if (colon == std::string::npos || colon == 0 ||
      (pattern.substr(colon + 1) != "*" &&
       (!absl::SimpleAtoi(pattern.substr(colon + 1), &port) || port < 1 ||
        port > 65535))) {
    return absl::InvalidArgumentError(absl::StrCat(
        "bad endpoint '", pattern, "' (want HOST:PORT, HOST:* or A.B.C.D/N)"));
  }
  endpoints_.push_back(pattern);
  return absl::OkStatus();
}

bool BotCatalog::EndpointAllowed(const std::string& host_port) const {
  const size_t colon = host_port.rfind(':');
  if (colon == std::string::npos) return false;
  const std::string host = host_port.substr(0, colon);
  int port = 0;
  if (!absl::SimpleAtoi(host_port.substr(colon + 1), &port) || port < 1 ||
      port > 65535) {
    return false;
  }
  for (const std::string& e : endpoints_) {
    if (e == host_port || e == host + ":*") return true;
  }
  uint32_t ip;
  if (!ParseIpv4(host, &ip)) return false;  // ranges match literal IPv4 only
  for (const auto& [net, bits] : cidrs_) {
    const uint32_t mask = bits == 0 ? 0 : ~uint32_t{0} << (32 - bits);
    if ((ip & mask) == (net & mask)) return true;
  }
  return false;
}

absl::Status BotCatalog::CheckRemote(const std::string& spec) const {
  if (spec == "builtin:random") return absl::OkStatus();
  if (absl::StartsWith(spec, kCatalogPrefix)) {
    const std::string name = spec.substr(sizeof kCatalogPrefix - 1);
    if (bots_.count(name)) return absl::OkStatus();
    return absl::NotFoundError(
        absl::StrCat("no bot '", name, "' in this server's catalogue"));
  }
  if (absl::StartsWith(spec, "exec:")) {
    return absl::PermissionDeniedError(
        "exec: bots cannot be requested over the network; name a bot of the "
        "operator's catalogue as catalog:NAME");
  }
  if (const std::string e = Endpoint(spec); !e.empty()) {
    if (EndpointAllowed(e)) return absl::OkStatus();
    return absl::PermissionDeniedError(absl::StrCat(
        "endpoint ", e, " is not allowed by this server (--allow-endpoint)"));
  }
  return ValidateBotSpec(spec);  // a syntax error
}

absl::StatusOr<std::string> BotCatalog::Resolve(const std::string& spec) const {
  if (!absl::StartsWith(spec, kCatalogPrefix)) return spec;
  auto it = bots_.find(spec.substr(sizeof kCatalogPrefix - 1));
  if (it == bots_.end()) {
    return absl::NotFoundError(
        absl::StrCat("no bot '", spec.substr(sizeof kCatalogPrefix - 1),
                     "' in the catalogue"));
  }
  return it->second;
}

std::string BotCatalog::Label(const std::string& spec) {
  if (absl::StartsWith(spec, kCatalogPrefix))
    return spec.substr(sizeof kCatalogPrefix - 1);
  if (spec == "builtin:random") return "builtin-random";
  if (const std::string e = Endpoint(spec); !e.empty()) return e;
  return "exec";
}

std::vector<std::string> BotCatalog::Names() const {
  std::vector<std::string> out;
  for (const auto& [name, spec] : bots_) out.push_back(name);
  return out;
}

}  // namespace woodland::referee
