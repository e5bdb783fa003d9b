// What only a history on a PostgreSQL server meets: a server that cannot be reached, a wrong
// password, a role that may only read, and a URL libpq does not take. The run is never
// lost (recording fails saying why), and no message shows a password.
#include <gtest/gtest.h>

#if TARE_HAVE_POSTGRESQL

#include "input/usage_error.hpp"
#include "store/history_queries.hpp"
#include "store/history_url.hpp"
#include "store/open_history.hpp"
#include "store_backend.hpp"
#include "store_fixture.hpp"

namespace tare::store {
namespace {

using tare::test::PostgresServer;

// The message recording a run in the history `url` names fails with ("" when it is kept).
std::string recording_failure(const std::string& url) {
  auto history = open_run_history(choose_history(url, true), {});
  try {
    history->record(test::run_of("2026-01-01T00:00:00Z", {test::benchmark("b", {1, 2})}));
  } catch (const StoreError& e) {
    EXPECT_EQ(e.kind(), StoreError::Kind::unwritable) << e.what();
    return e.what();
  }
  return "";
}

TEST(StorePostgreSQL, AServerThatCannotBeReachedFailsOnlyWhenRecording) {
  const std::string port = std::to_string(PostgresServer::free_port());
  const std::string url = "postgresql://team:s3cret@127.0.0.1:" + port + "/bench";
  auto history = open_run_history(choose_history(url, true), {});
  EXPECT_TRUE(history->speed_readings(test::kMachine).empty());
  EXPECT_EQ(history->location(), "postgresql://team@127.0.0.1:" + port + "/bench");
  const std::string message = recording_failure(url);
  EXPECT_EQ(message.rfind("cannot connect: connection to server at \"127.0.0.1\"", 0), 0u) << message;
  EXPECT_EQ(message.find("s3cret"), std::string::npos) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
}

TEST(StorePostgreSQL, AWrongPasswordIsRefusedWithoutShowingIt) {
  PostgresServer& server = PostgresServer::shared();
  const std::string url = server.fresh_database();
  server.sql("postgres", "DROP ROLE IF EXISTS tare_password; CREATE ROLE tare_password LOGIN PASSWORD 'right'");
  const std::string wrong = "postgresql://tare_password:wr0ng@127.0.0.1:" + std::to_string(server.port()) +
                            url.substr(url.rfind('/'));
  const std::string message = recording_failure(wrong);
  EXPECT_NE(message.find("password authentication failed"), std::string::npos) << message;
  EXPECT_EQ(message.find("wr0ng"), std::string::npos) << message;
  try {
    open_results_history(choose_history(wrong, true), false);
    FAIL() << "opened with a wrong password";
  } catch (const StoreError& e) {
    EXPECT_EQ(e.kind(), StoreError::Kind::unwritable);
  }
  const std::string right = "postgresql://tare_password:right@127.0.0.1:" + std::to_string(server.port()) + "/postgres";
  EXPECT_NO_THROW(open_postgresql(right));
}

TEST(StorePostgreSQL, ARoleThatMayOnlyReadReadsButRecordsNothing) {
  PostgresServer& server = PostgresServer::shared();
  const std::string url = server.fresh_database();
  const std::string database = url.substr(url.rfind('/') + 1);
  open_results_history(choose_history(url, true), true)
      ->record(test::run_of("2026-01-01T00:00:00Z", {test::benchmark("b", {1, 2})}));
  server.sql("postgres", "DROP ROLE IF EXISTS tare_reader; CREATE ROLE tare_reader LOGIN");
  server.sql(database, "GRANT SELECT ON ALL TABLES IN SCHEMA public TO tare_reader");
  const std::string reader = server.url(database, "tare_reader");
  auto history = open_run_history(choose_history(reader, true), {});
  EXPECT_EQ(history->speed_readings(test::kMachine).size(), 1u);
  EXPECT_NE(recording_failure(reader).find("permission denied"), std::string::npos);
  EXPECT_EQ(server.sql(database, "SELECT count(*) FROM runs"), "1");
}

TEST(StorePostgreSQL, AConnectionTheServerClosedWhileTheRunMeasuredIsMadeAgain) {
  PostgresServer& server = PostgresServer::shared();
  const std::string url = server.fresh_database();
  const std::string database = url.substr(url.rfind('/') + 1);
  auto history = open_run_history(choose_history(url, true), {});
  EXPECT_EQ(server.sql("postgres", "SELECT count(*) FROM pg_stat_activity WHERE datname = '" + database + "'"), "1");
  // Waits (up to 30 s) until the server process is gone.
  server.sql("postgres",
             "SELECT pg_terminate_backend(pid, 30000) FROM pg_stat_activity WHERE datname = '" + database + "'");
  EXPECT_NO_THROW(history->record(test::run_of("2026-01-01T00:00:00Z", {test::benchmark("b", {1, 2})})));
  EXPECT_EQ(server.sql(database, "SELECT count(*) FROM runs"), "1");
}

TEST(StorePostgreSQL, AUrlLibpqDoesNotTakeIsRefusedInOneLine) {
  const std::vector<std::pair<std::string, std::string>> urls{
      {"postgresql://127.0.0.1/bench?colour=blue", "invalid URI query parameter: \"colour\""},
      {"postgresql://team:s3cret@[::1/bench", "in URI: \"postgresql://team@[::1/bench\""},
      {"postgresql://team:s3cret@127.0.0.1:fifty/bench", "a port is a number, not \"fifty\""}};
  for (const auto& [url, why] : urls) {
    try {
      open_run_history(choose_history(url, true), {});
      FAIL() << url;
    } catch (const input::UsageError& e) {
      const std::string message = e.what();
      EXPECT_EQ(message.rfind("--history " + without_password(url) + ": not a PostgreSQL URL (", 0), 0u) << message;
      EXPECT_NE(message.find(why), std::string::npos) << message;
      EXPECT_EQ(message.find("s3cret"), std::string::npos) << message;
      EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
  }
}

}  // namespace
}  // namespace tare::store

#endif
