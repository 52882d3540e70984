// Accounts (issue 14): users with API tokens, sent as gRPC metadata
// `authorization: Bearer TOKEN` (or, for HTTP pages, the same header).
// Tokens are 32 random bytes in hex, shown once when the user is added and
// stored only as their SHA-256. Roles: `admin` (runs tournaments and
// ladders, moderates bots) and `user` (registers and updates its own bots).
//
// With accounts off (the default local mode) every caller is the local
// operator: an admin without a name, and nothing asks for a token.
#ifndef WOODLAND_ARENA_AUTH_H_
#define WOODLAND_ARENA_AUTH_H_

#include <grpcpp/grpcpp.h>

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "arena/store.h"

namespace woodland::arena {

struct Principal {
  std::string user;  // "" for the local operator (accounts off)
  bool admin = false;
  bool local = false;  // accounts off
};

// SHA-256 of a token, in hex.
std::string HashToken(absl::string_view token);
// A fresh token from the kernel's CSPRNG.
std::string NewToken();
// Adds a user (role "admin" or "user"; name 1-64 of [A-Za-z0-9._-]) and
// returns its token (not stored anywhere).
absl::StatusOr<std::string> AddUser(Store& store, const std::string& name,
                                    const std::string& role);

class Authorizer {
 public:
  // `store` must outlive it; with `enabled` false every call is local.
  Authorizer(Store* store, bool enabled) : store_(store), enabled_(enabled) {}
  bool enabled() const { return enabled_; }

  // The reusable check (gRPC and HTTP): "Bearer TOKEN" or a bare token.
  // UNAUTHENTICATED for a missing or unknown token.
  absl::StatusOr<Principal> CheckToken(absl::string_view header) const;
  // The caller of a gRPC call, from its `authorization` metadata.
  absl::StatusOr<Principal> Caller(const grpc::ServerContextBase& ctx) const;

 private:
  Store* store_;
  bool enabled_;
};

// Metadata for a client call made with `token` ("" adds nothing).
void AddToken(grpc::ClientContext* ctx, const std::string& token);

}  // namespace woodland::arena

#endif  // WOODLAND_ARENA_AUTH_H_
