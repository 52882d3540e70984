#include "arena/auth.h"

#include <openssl/evp.h>
#include <sys/random.h>

#include <cstdint>

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace woodland::arena {
namespace {

bool PlainName(const std::string& s) {
  if (s.empty() || s.size() > 64) return false;
  for (char c : s) {
    if (!absl::ascii_isalnum(static_cast<unsigned char>(c)) && c != '.' &&
        c != '_' && c != '-')
      return false;
  }
  return true;
}

}  // namespace

std::string HashToken(absl::string_view token) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  EVP_Digest(token.data(), token.size(), digest, &len, EVP_sha256(), nullptr);
  return absl::BytesToHexString(
      absl::string_view(reinterpret_cast<const char*>(digest), len));
}

std::string NewToken() {
  char bytes[32];
  size_t got = 0;
  while (got < sizeof(bytes)) {
    const ssize_t n = getrandom(bytes + got, sizeof(bytes) - got, 0);
    if (n > 0) got += static_cast<size_t>(n);
  }
  return absl::BytesToHexString(absl::string_view(bytes, sizeof(bytes)));
}

absl::StatusOr<std::string> AddUser(Store& store, const std::string& name,
                                    const std::string& role) {
  if (!PlainName(name)) {
    return absl::InvalidArgumentError(
        "a user name is 1-64 characters of [A-Za-z0-9._-]");
  }
  if (role != "admin" && role != "user")
    return absl::InvalidArgumentError("the role is admin or user");
  const std::string token = NewToken();
  if (absl::Status s = store.InsertUser(name, role, HashToken(token)); !s.ok())
    return s;
  return token;
}

absl::StatusOr<Principal> Authorizer::CheckToken(
    absl::string_view header) const {
  if (!enabled_) return Principal{"", true, true};
  absl::string_view token = absl::StripAsciiWhitespace(header);
  if (absl::StartsWithIgnoreCase(token, "bearer ")) {
    token = absl::StripLeadingAsciiWhitespace(token.substr(7));
  }
  if (token.empty() || token.size() > 256) {
    return absl::UnauthenticatedError(
        "this arena needs an API token (authorization: Bearer TOKEN)");
  }
  absl::StatusOr<UserRow> user = store_->UserByTokenHash(HashToken(token));
  if (!user.ok()) {
    if (absl::IsUnauthenticated(user.status())) return user.status();
    return absl::UnavailableError("cannot check the token");
  }
  return Principal{user->name, user->role == "admin", false};
}

absl::StatusOr<Principal> Authorizer::Caller(
    const grpc::ServerContextBase& ctx) const {
  if (!enabled_) return Principal{"", true, true};
  const auto& md = ctx.client_metadata();
  auto it = md.find("authorization");
  if (it == md.end()) return CheckToken("");
  return CheckToken(absl::string_view(it->second.data(), it->second.size()));
}

void AddToken(grpc::ClientContext* ctx, const std::string& token) {
  if (!token.empty())
    ctx->AddMetadata("authorization", absl::StrCat("Bearer ", token));
}

}  // namespace woodland::arena
