// The PostgreSQL engine of arena/db.h, on libpq. Statements run with
// PQexecParams: parameters as text (bytes as binary), results as text.
#include <libpq-fe.h>

#include <cstdio>
#include <cstdlib>
#include <regex>
#include <vector>

#include "absl/strings/str_cat.h"
#include "arena/db.h"

namespace woodland::arena {
namespace {

// `?` placeholders become $1, $2, ... (outside quoted strings).
std::string NumberPlaceholders(const std::string& sql) {
  std::string out;
  out.reserve(sql.size() + 8);
  int n = 0;
  char quote = 0;
  for (char ch : sql) {
    if (quote != 0) {
      if (ch == quote) quote = 0;
      out += ch;
    } else if (ch == '\'' || ch == '"') {
      quote = ch;
      out += ch;
    } else if (ch == '?') {
      absl::StrAppend(&out, "$", ++n);
    } else {
      out += ch;
    }
  }
  return out;
}

std::string FromHex(const char* v, int len) {
  // bytea text output: "\x" then two hex digits per byte.
  if (len < 2 || v[0] != '\\' || v[1] != 'x') return std::string(v, len);
  std::string out;
  out.reserve((len - 2) / 2);
  auto nib = [](char c) -> int {
    return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
  };
  for (int i = 2; i + 1 < len; i += 2)
    out += static_cast<char>(nib(v[i]) << 4 | nib(v[i + 1]));
  return out;
}

class PgStatement : public DbStatement {
 public:
  PgStatement(PGconn* conn, std::string sql, std::string* last_error)
      : conn_(conn), sql_(NumberPlaceholders(sql)), last_error_(last_error) {}
  ~PgStatement() override { Clear(); }
  bool ok() const override { return true; }
  DbStatement& Bind(int i, int64_t v) override {
    return Set(i, std::to_string(v), 0);
  }
  DbStatement& Bind(int i, double v) override {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return Set(i, buf, 0);
  }
  DbStatement& Bind(int i, const std::string& v) override {
    return Set(i, v, 0);
  }
  DbStatement& BindBlob(int i, const std::string& v) override {
    return Set(i, v, 1);
  }
  StepResult Step() override {
    if (res_ == nullptr && !Run()) return failed_;
    if (row_ + 1 < PQntuples(res_)) {
      ++row_;
      return kRow;
    }
    return kDone;
  }
  void Reset() override { Clear(); }
  int64_t Int(int c) override {
    return std::strtoll(PQgetvalue(res_, row_, c), nullptr, 10);
  }
  double Real(int c) override {
    return std::strtod(PQgetvalue(res_, row_, c), nullptr);
  }
  std::string Text(int c) override {
    if (PQgetisnull(res_, row_, c)) return "";
    return std::string(PQgetvalue(res_, row_, c), PQgetlength(res_, row_, c));
  }
  std::string Blob(int c) override {
    if (PQgetisnull(res_, row_, c)) return "";
    return FromHex(PQgetvalue(res_, row_, c), PQgetlength(res_, row_, c));
  }
  int64_t Changes() override {
    return res_ == nullptr ? 0 : std::atoll(PQcmdTuples(res_));
  }

 private:
  DbStatement& Set(int i, std::string v, int format) {
    if (static_cast<int>(values_.size()) < i) {
      values_.resize(i);
      formats_.resize(i, 0);
    }
    values_[i - 1] = std::move(v);
    formats_[i - 1] = format;
    return *this;
  }
  bool Run() {
    std::vector<const char*> values;
    std::vector<int> lengths;
    for (const std::string& v : values_) {
      values.push_back(v.data());
      lengths.push_back(static_cast<int>(v.size()));
    }
    res_ = PQexecParams(conn_, sql_.c_str(), static_cast<int>(values.size()),
                        nullptr, values.data(), lengths.data(), formats_.data(),
                        0);
    row_ = -1;
    const ExecStatusType st = PQresultStatus(res_);
    if (st == PGRES_TUPLES_OK || st == PGRES_COMMAND_OK) return true;
    const char* state = PQresultErrorField(res_, PG_DIAG_SQLSTATE);
    *last_error_ = PQresultErrorMessage(res_);
    // SQLSTATE class 23: integrity constraint violation.
    failed_ = state != nullptr && state[0] == '2' && state[1] == '3'
                  ? kConstraint
                  : kError;
    PQclear(res_);
    res_ = nullptr;
    return false;
  }
  void Clear() {
    if (res_ != nullptr) PQclear(res_);
    res_ = nullptr;
    row_ = -1;
  }

  PGconn* conn_;
  std::string sql_;
  std::string* last_error_;
  std::vector<std::string> values_;
  std::vector<int> formats_;
  PGresult* res_ = nullptr;
  int row_ = -1;
  StepResult failed_ = kError;
};

class PgDb : public Db {
 public:
  explicit PgDb(PGconn* conn) : conn_(conn) {}
  ~PgDb() override { PQfinish(conn_); }
  Engine engine() const override { return kPostgres; }
  absl::Status Exec(const std::string& sql) override {
    PGresult* r = PQexec(conn_, sql.c_str());
    const ExecStatusType st = PQresultStatus(r);
    absl::Status out = absl::OkStatus();
    if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK &&
        st != PGRES_EMPTY_QUERY) {
      last_error_ = PQresultErrorMessage(r);
      out = absl::InternalError(last_error_);
    }
    PQclear(r);
    return out;
  }
  std::unique_ptr<DbStatement> Prepare(const std::string& sql) override {
    return std::make_unique<PgStatement>(conn_, sql, &last_error_);
  }
  std::string LastError() override {
    return last_error_.empty() ? PQerrorMessage(conn_) : last_error_;
  }
  absl::Status Begin() override { return Exec("BEGIN;"); }
  std::string TranslateDdl(const std::string& sql) const override {
    static const std::regex pk(R"(\bINTEGER PRIMARY KEY\b)");
    static const std::regex integer(R"(\bINTEGER\b)");
    static const std::regex real(R"(\bREAL\b)");
    static const std::regex blob(R"(\bBLOB\b)");
    std::string s = std::regex_replace(sql, pk, "BIGSERIAL PRIMARY KEY");
    s = std::regex_replace(s, integer, "BIGINT");
    s = std::regex_replace(s, real, "DOUBLE PRECISION");
    return std::regex_replace(s, blob, "BYTEA");
  }

 private:
  PGconn* conn_;
  std::string last_error_;
};

}  // namespace

absl::StatusOr<std::unique_ptr<Db>> OpenPostgres(const std::string& url) {
  PGconn* conn = PQconnectdb(url.c_str());
  if (PQstatus(conn) != CONNECTION_OK) {
    // The message may name the host and user, never the password.
    std::string msg = PQerrorMessage(conn);
    PQfinish(conn);
    return absl::UnavailableError(
        absl::StrCat("cannot connect to PostgreSQL: ", msg));
  }
  auto db = std::make_unique<PgDb>(conn);
  // Quiet notices ("relation already exists, skipping").
  if (absl::Status st = db->Exec("SET client_min_messages = warning;");
      !st.ok()) {
    return st;
  }
  return db;
}

}  // namespace woodland::arena
