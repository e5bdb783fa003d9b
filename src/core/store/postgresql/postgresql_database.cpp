#include "store/postgresql/postgresql_database.hpp"

#include <libpq-fe.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "store/history_url.hpp"


namespace tare::store {
namespace {

// The advisory lock every tare writer of a database takes first ("tare" in ASCII): writers
// wait for each other, readers and other programs' locks are left alone.
constexpr const char* kWriteLockKey = "1952543333";

bool has_prefix(const std::string& text, const char* prefix) { return text.rfind(prefix, 0) == 0; }

// libpq's messages span lines (a hint on a second, indented one): one line.
std::string one_line(const std::string& text) {
  std::string line;
  for (const char c : text) {
    const bool space = c == '\n' || c == '\t' || c == '\r' || c == ' ';
    if (!space) line += c;
    else if (!line.empty() && line.back() != ' ') line += ' ';
  }
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return line;
}

// SQLSTATE codes as the failure rules group them: a server gone, a connection refused, a
// role without the right, a read-only server or a full disk cannot be written.
StoreError::Kind kind_of(const std::string& state) {
  if (state == "XX001" || state == "XX002") return StoreError::Kind::damaged;
  for (const char* unwritable : {"08", "28", "53", "57P", "3D000", "42501", "25006"})
    if (has_prefix(state, unwritable)) return StoreError::Kind::unwritable;
  return StoreError::Kind::failed;
}

[[noreturn]] void fail(PGconn* conn, const PGresult* result) {
  const char* state = result ? PQresultErrorField(result, PG_DIAG_SQLSTATE) : nullptr;
  const char* primary = result ? PQresultErrorField(result, PG_DIAG_MESSAGE_PRIMARY) : nullptr;
  std::string message = one_line(primary ? primary : PQerrorMessage(conn));
  if (PQstatus(conn) == CONNECTION_BAD) throw StoreError(StoreError::Kind::unwritable, "lost the server: " + message);
  const std::string code = state ? state : "";
  if (code == "55P03") message += " (another writer held it past the lock timeout)";
  throw StoreError(kind_of(code), message);
}

struct ClearResult {
  void operator()(PGresult* result) const { PQclear(result); }
};
using ResultPtr = std::unique_ptr<PGresult, ClearResult>;

// The answer, owned; a failed one throws.
ResultPtr checked(PGconn* conn, PGresult* answer) {
  ResultPtr result(answer);
  const auto status = PQresultStatus(answer);
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) fail(conn, answer);
  return result;
}

// The SQL with its `?` numbered $1, $2, ... as PostgreSQL takes them (none inside quotes).
std::string numbered(const std::string& sql, int& count) {
  std::string out;
  char quote = 0;
  for (const char c : sql) {
    if (quote && c == quote) quote = 0;
    else if (!quote && (c == '\'' || c == '"')) quote = c;
    if (c == '?' && !quote) out += "$" + std::to_string(++count);
    else out += c;
  }
  return out;
}

// A double as PostgreSQL reads it back exactly.
std::string real_text(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", value);
  return text;
}

class PostgresStatement final : public Statement {
 public:
  PostgresStatement(PGconn* conn, const std::string& sql) : conn_(conn) {
    int count = 0;
    sql_ = numbered(sql, count);
    values_.resize(static_cast<std::size_t>(count));
  }

  Statement& bind(int index, std::int64_t value) override { return set(index, std::to_string(value)); }
  Statement& bind(int index, double value) override { return set(index, real_text(value)); }
  Statement& bind(int index, const std::string& value) override { return set(index, value); }
  Statement& bind_null(int index) override { return set(index, std::nullopt); }
  using Statement::bind;

  bool step() override {
    if (!result_) run();
    return ++row_ < PQntuples(result_.get());
  }
  void reset() override {
    result_.reset();
    row_ = -1;
    for (auto& value : values_) value.reset();
  }
  bool is_null(int column) const override { return !on_row(column) || PQgetisnull(result_.get(), row_, column); }
  std::int64_t integer(int column) const override {
    return is_null(column) ? 0 : std::strtoll(PQgetvalue(result_.get(), row_, column), nullptr, 10);
  }
  double real(int column) const override {
    return is_null(column) ? 0 : std::strtod(PQgetvalue(result_.get(), row_, column), nullptr);
  }
  std::string text(int column) const override {
    if (is_null(column)) return {};
    const auto length = static_cast<std::size_t>(PQgetlength(result_.get(), row_, column));
    return std::string(PQgetvalue(result_.get(), row_, column), length);
  }

 private:
  Statement& set(int index, std::optional<std::string> value) {
    if (index < 1 || index > static_cast<int>(values_.size()))
      throw StoreError(StoreError::Kind::failed, "no parameter " + std::to_string(index) + " in " + sql_);
    values_[static_cast<std::size_t>(index - 1)] = std::move(value);
    return *this;
  }
  void run() {
    std::vector<const char*> values;
    for (const auto& value : values_) values.push_back(value ? value->c_str() : nullptr);
    result_ = checked(conn_, PQexecParams(conn_, sql_.c_str(), static_cast<int>(values.size()), nullptr,
                                          values.data(), nullptr, nullptr, 0));
    row_ = -1;
  }
  bool on_row(int column) const {
    return result_ && row_ >= 0 && row_ < PQntuples(result_.get()) && column >= 0 && column < PQnfields(result_.get());
  }

  PGconn* conn_;
  std::string sql_;
  std::vector<std::optional<std::string>> values_;
  ResultPtr result_;
  int row_ = -1;
};

class PostgresDatabase final : public Database {
 public:
  explicit PostgresDatabase(PGconn* conn) : conn_(conn) {}
  ~PostgresDatabase() override { PQfinish(conn_); }
  PostgresDatabase(const PostgresDatabase&) = delete;
  PostgresDatabase& operator=(const PostgresDatabase&) = delete;

  void execute(const std::string& sql) override { checked(conn_, PQexec(conn_, sql.c_str())); }
  std::unique_ptr<Statement> prepare(const std::string& sql) override {
    return std::make_unique<PostgresStatement>(conn_, sql);
  }
  void begin_write() override {
    try {
      execute("BEGIN");
    } catch (const StoreError&) {
      // A run holds its connection while it measures, minutes at times: a server that
      // closed it meanwhile (restarted, an idle timeout) is asked again, once.
      if (PQstatus(conn_) != CONNECTION_BAD) throw;
      PQreset(conn_);
      if (PQstatus(conn_) != CONNECTION_OK) fail(conn_, nullptr);
      settle(lock_timeout_);
      execute("BEGIN");
    }
    try {
      execute(std::string("SELECT pg_advisory_xact_lock(") + kWriteLockKey + ")");
    } catch (...) {
      rollback();
      throw;
    }
  }
  void commit() override {
    const ResultPtr done = checked(conn_, PQexec(conn_, "COMMIT"));
    // A transaction that failed part-way ends in a ROLLBACK, whatever it was asked.
    if (std::string(PQcmdStatus(done.get())) != "COMMIT")
      throw StoreError(StoreError::Kind::failed, "the transaction was rolled back");
  }
  void rollback() noexcept override {
    if (PQtransactionStatus(conn_) != PQTRANS_IDLE) PQclear(PQexec(conn_, "ROLLBACK"));
  }
  std::string identity_column() const override { return "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"; }
  bool table_exists(const std::string& name) override {
    auto query = prepare(
        "SELECT 1 FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace "
        "WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND c.relname = ?");
    query->bind(1, name);
    return query->step();
  }
  bool empty() override {
    // Tables, views and sequences of the schema the store's tables go in.
    return !prepare(
                "SELECT 1 FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace "
                "WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S') LIMIT 1")
                ->step();
  }
  // The server checks its own pages as it reads them (a broken one is an error of kind
  // damaged then): nothing the store could check cheaply on every open.
  std::string damage(const std::vector<std::string>&) override { return ""; }
  bool writable() const override { return writable_; }

  void settle(std::chrono::milliseconds lock_timeout) {
    lock_timeout_ = lock_timeout;
    execute("SET client_min_messages = warning; SET lock_timeout = " + std::to_string(lock_timeout.count()));
    auto query = prepare("SELECT pg_is_in_recovery() OR current_setting('transaction_read_only') = 'on'");
    writable_ = query->step() && query->text(0) == "f";
  }

 private:
  PGconn* conn_;
  bool writable_ = true;
  std::chrono::milliseconds lock_timeout_{kBusyTimeout};
};

void ignore_notice(void*, const char*) {}

std::string replaced(std::string text, const std::string& what, const std::string& with) {
  for (auto at = text.find(what); !what.empty() && at != std::string::npos; at = text.find(what, at + with.size()))
    text.replace(at, what.size(), with);
  return text;
}

// A URL's ports (one per host, comma-separated; empty for the default).
bool ports_are_numbers(const std::string& ports) {
  for (const char c : ports)
    if (c != ',' && (c < '0' || c > '9')) return false;
  return true;
}

}  // namespace

std::optional<std::string> postgresql_url_problem(const std::string& url) {
  char* error = nullptr;
  PQconninfoOption* options = PQconninfoParse(url.c_str(), &error);
  if (!options) {
    // libpq quotes the URL it could not read: without its password here.
    std::string problem = error ? replaced(one_line(error), url, without_password(url)) : "libpq could not read it";
    PQfreemem(error);
    return problem;
  }
  std::optional<std::string> problem;
  for (const PQconninfoOption* option = options; option->keyword; ++option)
    if (std::string(option->keyword) == "port" && option->val && !ports_are_numbers(option->val))
      problem = std::string("a port is a number, not \"") + option->val + "\"";
  PQconninfoFree(options);
  return problem;
}

std::unique_ptr<Database> open_postgresql(const std::string& url, std::chrono::milliseconds lock_timeout) {
  // Defaults first: what the URL says overrides them. Never waiting forever for a server.
  const char* keywords[] = {"connect_timeout", "application_name", "dbname", nullptr};
  const char* values[] = {"10", "tare", url.c_str(), nullptr};
  PGconn* conn = PQconnectdbParams(keywords, values, 1);
  if (!conn) throw StoreError(StoreError::Kind::unwritable, "cannot connect: no memory");
  if (PQstatus(conn) != CONNECTION_OK) {
    const std::string message = one_line(PQerrorMessage(conn));
    PQfinish(conn);
    throw StoreError(StoreError::Kind::unwritable, "cannot connect: " + message);
  }
  PQsetNoticeProcessor(conn, ignore_notice, nullptr);
  auto database = std::make_unique<PostgresDatabase>(conn);
  // Identity columns came with PostgreSQL 10.
  if (PQserverVersion(conn) < 100000)
    throw StoreError(StoreError::Kind::failed, "PostgreSQL " + std::to_string(PQserverVersion(conn)) +
                                                   " is too old: a results history needs 10 or later");
  database->settle(lock_timeout);
  return database;
}

}  // namespace tare::store
