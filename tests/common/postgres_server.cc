#include "tests/common/postgres_server.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "absl/strings/str_cat.h"

namespace woodland::test_util {
namespace {

// The newest /usr/lib/postgresql/N/bin holding initdb.
std::string FindBin() {
  std::string best;
  std::error_code ec;
  for (const auto& e :
       std::filesystem::directory_iterator("/usr/lib/postgresql", ec)) {
    const std::string bin = e.path().string() + "/bin";
    if (std::filesystem::exists(bin + "/initdb") && bin > best) best = bin;
  }
  return best;
}

int Run(const std::string& run_as, const std::string& cmd) {
  const std::string full =
      run_as.empty() ? cmd : absl::StrCat("runuser -u ", run_as, " -- ", cmd);
  return std::system(full.c_str());
}

}  // namespace

absl::StatusOr<std::unique_ptr<PostgresServer>> PostgresServer::Start() {
  std::unique_ptr<PostgresServer> s(new PostgresServer());
  s->bin_ = FindBin();
  if (s->bin_.empty())
    return absl::NotFoundError("PostgreSQL is not installed (postgresql)");
  char tmpl[] = "/tmp/woodland-pg.XXXXXX";
  if (mkdtemp(tmpl) == nullptr) return absl::InternalError("mkdtemp failed");
  s->dir_ = tmpl;
  if (geteuid() == 0) {
    const passwd* pw = getpwnam("postgres");
    if (pw == nullptr)
      return absl::NotFoundError("running as root and no 'postgres' user");
    s->run_as_ = "postgres";
    if (chown(s->dir_.c_str(), pw->pw_uid, pw->pw_gid) != 0)
      return absl::InternalError("chown of the data directory failed");
  }
  const std::string data = s->dir_ + "/data";
  const std::string log = s->dir_ + "/log";
  if (Run(s->run_as_,
          absl::StrCat(s->bin_, "/initdb -D ", data,
                       " -U woodland --auth=trust -E UTF8 --no-sync > ",
                       s->dir_, "/initdb.log 2>&1")) != 0) {
    return absl::InternalError("initdb failed, see " + s->dir_ + "/initdb.log");
  }
  for (int attempt = 0; attempt < 5; ++attempt) {
    s->port_ = FreePort();
    const std::string opts =
        absl::StrCat("-p ", s->port_, " -k ", s->dir_,
                     " -c listen_addresses=127.0.0.1 -c fsync=off"
                     " -c synchronous_commit=off -c full_page_writes=off"
                     " -c max_connections=60");
    if (Run(s->run_as_, absl::StrCat(s->bin_, "/pg_ctl -D ", data, " -l ", log,
                                     " -w -t 60 -o '", opts,
                                     "' start > /dev/null 2>&1")) == 0) {
      return s;
    }
  }
  return absl::InternalError("pg_ctl start failed, see " + log);
}

PostgresServer::~PostgresServer() {
  if (port_ != 0) {
    Run(run_as_, absl::StrCat(bin_, "/pg_ctl -D ", dir_,
                              "/data -m immediate -w stop > /dev/null 2>&1"));
  }
  std::error_code ec;
  if (!dir_.empty()) std::filesystem::remove_all(dir_, ec);
}

absl::StatusOr<std::string> PostgresServer::CreateDatabase(
    const std::string& name) {
  if (Run(run_as_, absl::StrCat(bin_, "/createdb -h 127.0.0.1 -p ", port_,
                                " -U woodland ", name, " > /dev/null 2>&1")) !=
      0) {
    return absl::InternalError("createdb " + name + " failed");
  }
  return absl::StrCat("postgres://woodland@127.0.0.1:", port_, "/", name);
}

int FreePort() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof a;
  int port = 0;
  if (bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 &&
      getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0) {
    port = ntohs(a.sin_port);
  }
  close(fd);
  return port;
}

}  // namespace woodland::test_util
