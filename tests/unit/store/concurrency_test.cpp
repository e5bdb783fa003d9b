// Runs that end together, and a run killed while it writes: real processes on one store, on
// each backend (an SQLite file, a PostgreSQL database).
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "store/history_queries.hpp"
#include "store/open_history.hpp"
#include "store/schema.hpp"
#include "store/sqlite/sqlite_database.hpp"
#include "store_backend.hpp"
#include "store_fixture.hpp"

namespace tare::store {
namespace {

using test::ScratchDir;

// In a child: records `runs` runs named after `writer`, then exits 0 (1 on any error).
[[noreturn]] void write_runs(const test::StoreUnderTest& store, int writer, int runs) {
  try {
    auto history = store.open(true);
    for (int i = 0; i < runs; ++i)
      history->record(test::run_of("2026-01-01T00:00:00Z",
                                   {test::benchmark("w" + std::to_string(writer) + "/" + std::to_string(i), {1, 2})}));
    _exit(0);
  } catch (...) {
    _exit(1);
  }
}

int exit_status(pid_t pid) {
  int status = 0;
  if (waitpid(pid, &status, 0) != pid) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

class StoreConcurrencyOn : public test::OnEachBackend {};
TARE_ON_EACH_BACKEND(StoreConcurrencyOn);

TEST_P(StoreConcurrencyOn, TwoProcessesWritingAtOnceBothLand) {
  store.open(true);
  constexpr int kRuns = 15;
  const pid_t first = fork();
  if (first == 0) write_runs(store, 1, kRuns);
  const pid_t second = fork();
  if (second == 0) write_runs(store, 2, kRuns);
  EXPECT_EQ(exit_status(first), 0);
  EXPECT_EQ(exit_status(second), 0);
  auto history = store.open(false);
  EXPECT_EQ(stored_runs(history->database(), false, false).size(), 2u * kRuns);
  EXPECT_EQ(history->speed_readings(test::kMachine).size(), 2u * kRuns);
}

// Whether the killed writer's transaction had written: SQLite's file was changed; the
// server holds the writer's lock.
bool written_part_way(const test::StoreUnderTest& store, const std::string& before) {
  if (store.backend() == test::Backend::sqlite) return store.snapshot() != before;
  try {
    auto db = store.connect();
    auto query = db->prepare("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted");
    return query->step() && query->integer(0) == 1;
  } catch (const StoreError&) {
    return false;
  }
}

TEST_P(StoreConcurrencyOn, AWriterKilledInItsTransactionLeavesTheStoreAsItWas) {
  store.open(true)->record(test::run_of("2026-01-01T00:00:00Z", {test::benchmark("kept", {1, 2})}));
  const std::string before = store.snapshot();

  int ready[2];
  ASSERT_EQ(pipe(ready), 0);
  const pid_t writer = fork();
  if (writer == 0) {
    close(ready[0]);
    try {
      auto db = store.connect();
      // A cache of a few pages: the transaction's pages go to the file before it commits.
      if (store.backend() == test::Backend::sqlite) db->execute("PRAGMA cache_size = 2");
      db->begin_write();
      auto insert = db->prepare(
          "INSERT INTO runs (content_hash, format, time, machine, command_line) VALUES (?, 'x', 0, 'm', ?)");
      for (int i = 0; i < 200; ++i) {
        insert->reset();
        insert->bind(1, "hash" + std::to_string(i)).bind(2, std::string(4000, 'r'));
        insert->step();
      }
      const char byte = 1;
      if (write(ready[1], &byte, 1) != 1) _exit(1);
      pause();  // killed here, the transaction open
    } catch (...) {
    }
    _exit(1);
  }
  close(ready[1]);
  char byte = 0;
  const bool in_transaction = read(ready[0], &byte, 1) == 1;
  close(ready[0]);
  const bool written = in_transaction && written_part_way(store, before);
  kill(writer, SIGKILL);  // whatever was found: no writer is left behind
  EXPECT_EQ(exit_status(writer), 128 + SIGKILL);
  ASSERT_TRUE(in_transaction);
  EXPECT_TRUE(written);

  auto history = store.open(false);  // SQLite: rolls the journal back
  const auto runs = stored_runs(history->database(), true, false);
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].row.benchmarks.at(0).name, "kept");
  EXPECT_EQ(history->database().damage({"runs", "benchmarks", "speed_readings", "run_results"}), "");
  // The server let the killed writer's lock go: this one takes it.
  history->record(test::run_of("2026-01-01T00:00:01Z", {test::benchmark("after", {1, 2})}));
  EXPECT_EQ(stored_runs(history->database(), false, false).size(), 2u);
}

}  // namespace
}  // namespace tare::store
