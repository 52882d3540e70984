// The SQLite engine of arena/db.h.
#include <sqlite3.h>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "arena/db.h"

namespace woodland::arena {
namespace {

class SqliteStatement : public DbStatement {
 public:
  SqliteStatement(sqlite3* db, const std::string& sql) : db_(db) {
    ok_ = sqlite3_prepare_v2(db, sql.c_str(), -1, &s_, nullptr) == SQLITE_OK;
  }
  ~SqliteStatement() override { sqlite3_finalize(s_); }
  bool ok() const override { return ok_; }
  DbStatement& Bind(int i, int64_t v) override {
    sqlite3_bind_int64(s_, i, v);
    return *this;
  }
  DbStatement& Bind(int i, double v) override {
    sqlite3_bind_double(s_, i, v);
    return *this;
  }
  DbStatement& Bind(int i, const std::string& v) override {
    sqlite3_bind_text(s_, i, v.c_str(), static_cast<int>(v.size()),
                      SQLITE_TRANSIENT);
    return *this;
  }
  DbStatement& BindBlob(int i, const std::string& v) override {
    sqlite3_bind_blob(s_, i, v.data(), static_cast<int>(v.size()),
                      SQLITE_TRANSIENT);
    return *this;
  }
  StepResult Step() override {
    if (!ok_) return kError;
    switch (sqlite3_step(s_) & 0xff) {
      case SQLITE_ROW:
        return kRow;
      case SQLITE_DONE:
        changes_ = sqlite3_changes(db_);
        return kDone;
      case SQLITE_CONSTRAINT:
        return kConstraint;
      default:
        return kError;
    }
  }
  void Reset() override { sqlite3_reset(s_); }
  int64_t Int(int c) override { return sqlite3_column_int64(s_, c); }
  double Real(int c) override { return sqlite3_column_double(s_, c); }
  std::string Text(int c) override {
    const unsigned char* t = sqlite3_column_text(s_, c);
    return t ? std::string(reinterpret_cast<const char*>(t),
                           sqlite3_column_bytes(s_, c))
             : "";
  }
  std::string Blob(int c) override {
    const void* b = sqlite3_column_blob(s_, c);
    return b ? std::string(static_cast<const char*>(b),
                           sqlite3_column_bytes(s_, c))
             : "";
  }
  int64_t Changes() override { return changes_; }

 private:
  sqlite3* db_;
  sqlite3_stmt* s_ = nullptr;
  bool ok_ = false;
  int64_t changes_ = 0;
};

class SqliteDb : public Db {
 public:
  explicit SqliteDb(sqlite3* db) : db_(db) {}
  ~SqliteDb() override { sqlite3_close(db_); }
  Engine engine() const override { return kSqlite; }
  absl::Status Exec(const std::string& sql) override {
    char* err = nullptr;
    if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
      std::string msg = err ? err : "unknown error";
      sqlite3_free(err);
      return absl::InternalError(msg);
    }
    return absl::OkStatus();
  }
  std::unique_ptr<DbStatement> Prepare(const std::string& sql) override {
    return std::make_unique<SqliteStatement>(db_, sql);
  }
  std::string LastError() override { return sqlite3_errmsg(db_); }
  absl::Status Begin() override { return Exec("BEGIN IMMEDIATE;"); }
  std::string TranslateDdl(const std::string& sql) const override {
    return sql;
  }

 private:
  sqlite3* db_;
};

}  // namespace

absl::StatusOr<std::unique_ptr<Db>> OpenSqlite(const std::string& path) {
  sqlite3* raw = nullptr;
  if (sqlite3_open_v2(path.c_str(), &raw,
                      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
                      nullptr) != SQLITE_OK) {
    sqlite3_close(raw);
    return absl::UnavailableError(absl::StrCat("cannot open database ", path));
  }
  constexpr int kBusyMs = 5000;
  sqlite3_busy_timeout(raw, kBusyMs);
  auto db = std::make_unique<SqliteDb>(raw);
  // Switching a new database to WAL needs it to itself and does not wait on
  // the busy timeout: a second program opening it at that moment retries.
  absl::Status st;
  for (int waited = 0;; waited += 10) {
    st = db->Exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;");
    if (st.ok() || (sqlite3_errcode(raw) & 0xff) != SQLITE_BUSY ||
        waited >= kBusyMs) {
      break;
    }
    sqlite3_sleep(10);
  }
  if (!st.ok()) return st;
  return db;
}

bool IsPostgresUrl(const std::string& target) {
  return absl::StartsWith(target, "postgres://") ||
         absl::StartsWith(target, "postgresql://") ||
         absl::StartsWith(target, "host=") ||
         absl::StartsWith(target, "dbname=");
}

absl::StatusOr<std::unique_ptr<Db>> OpenDb(const std::string& target) {
  if (IsPostgresUrl(target)) return OpenPostgres(target);
  return OpenSqlite(target);
}

}  // namespace woodland::arena
