// A real PostgreSQL server for tests (issue 18: the PostgreSQL store is
// tested against the server, not a mock): initdb and pg_ctl from Debian's
// `postgresql` package in a temporary directory, listening on a free
// loopback port and a private socket directory, stopped and deleted by the
// destructor. As root (CI) the server runs as the `postgres` user, since
// PostgreSQL refuses to run as root.
#ifndef WOODLAND_TEST_COMMON_POSTGRES_SERVER_H_
#define WOODLAND_TEST_COMMON_POSTGRES_SERVER_H_

#include <memory>
#include <string>

#include "absl/status/statusor.h"

namespace woodland::test_util {

class PostgresServer {
 public:
  // NOT_FOUND when the PostgreSQL binaries are not installed.
  static absl::StatusOr<std::unique_ptr<PostgresServer>> Start();
  ~PostgresServer();

  int port() const { return port_; }
  // A new empty database on this server; returns its URL.
  absl::StatusOr<std::string> CreateDatabase(const std::string& name);

 private:
  PostgresServer() = default;
  std::string bin_, dir_, run_as_;
  int port_ = 0;
};

// A free loopback TCP port (bound and released; whoever binds it next gets
// it unless another process is quicker).
int FreePort();

}  // namespace woodland::test_util

#endif  // WOODLAND_TEST_COMMON_POSTGRES_SERVER_H_
