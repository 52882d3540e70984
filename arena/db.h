// The arena's SQL database behind one small interface with two engines:
// SQLite (the embedded default: a file, or ":memory:") and PostgreSQL
// through libpq (`postgres://` or `postgresql://` URLs, for several arena
// nodes on one database, issue 18). The Store writes its SQL once, in the
// common dialect: `?` placeholders, `INSERT ... ON CONFLICT`, `RETURNING`;
// the PostgreSQL engine rewrites placeholders to $N, and migrations name
// their types through TranslateDdl. A Db is used by one thread at a time
// (the Store serialises calls).
#ifndef WOODLAND_ARENA_DB_H_
#define WOODLAND_ARENA_DB_H_

#include <cstdint>
#include <memory>
#include <string>

#include "absl/status/statusor.h"

namespace woodland::arena {

// One prepared statement; parameters are numbered from 1, columns from 0.
class DbStatement {
 public:
  enum StepResult { kRow, kDone, kConstraint, kError };
  virtual ~DbStatement() = default;
  virtual bool ok() const = 0;  // prepared without error
  virtual DbStatement& Bind(int i, int64_t v) = 0;
  virtual DbStatement& Bind(int i, double v) = 0;
  virtual DbStatement& Bind(int i, const std::string& v) = 0;
  // Bytes that need not be text (serialized protobuf messages).
  virtual DbStatement& BindBlob(int i, const std::string& v) = 0;
  // Runs the statement on the first call; each call moves to the next row.
  virtual StepResult Step() = 0;
  // Back to before the first Step, keeping the bindings (to run it again).
  virtual void Reset() = 0;
  virtual int64_t Int(int c) = 0;
  virtual double Real(int c) = 0;
  virtual std::string Text(int c) = 0;
  virtual std::string Blob(int c) = 0;
  // Rows inserted, updated or deleted by the last run.
  virtual int64_t Changes() = 0;
};

class Db {
 public:
  enum Engine { kSqlite, kPostgres };
  virtual ~Db() = default;
  virtual Engine engine() const = 0;
  // One or more statements without parameters or results.
  virtual absl::Status Exec(const std::string& sql) = 0;
  virtual std::unique_ptr<DbStatement> Prepare(const std::string& sql) = 0;
  // The last error's message (for a failed Prepare or Step).
  virtual std::string LastError() = 0;
  // A write transaction (SQLite: BEGIN IMMEDIATE, so writers queue at once).
  virtual absl::Status Begin() = 0;
  absl::Status Commit() { return Exec("COMMIT;"); }
  void Rollback() { (void)Exec("ROLLBACK;"); }
  // A migration's DDL in this engine's types: INTEGER PRIMARY KEY becomes
  // BIGSERIAL PRIMARY KEY, INTEGER BIGINT, REAL DOUBLE PRECISION, BLOB BYTEA
  // on PostgreSQL; unchanged on SQLite.
  virtual std::string TranslateDdl(const std::string& sql) const = 0;
};

// True for postgres:// and postgresql:// URLs (and libpq "host=..." strings).
bool IsPostgresUrl(const std::string& target);

// Opens `target`: a PostgreSQL URL, else a SQLite path (WAL mode).
absl::StatusOr<std::unique_ptr<Db>> OpenDb(const std::string& target);

absl::StatusOr<std::unique_ptr<Db>> OpenSqlite(const std::string& path);
absl::StatusOr<std::unique_ptr<Db>> OpenPostgres(const std::string& url);

}  // namespace woodland::arena

#endif  // WOODLAND_ARENA_DB_H_
