// Google Benchmark's console, printed by a tare::gbench binary: both builds of a corpus source
// run with the same flags, and their standard output is compared as a table, never by its
// numbers. The same header lines and columns (tare adds one, after Iterations), the same rows
// in the same order, the same unit suffixes, counters in columns with
// --benchmark_counters_tabular, the same aggregate rows, colour escapes with
// --benchmark_color=true and none when piped, colour with "auto" on a terminal whose TERM
// Google Benchmark knows; and tare's additions: the interval column on the
// rows holding an estimate, a footnote for each row marker, the legend under the table.
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <cstdlib>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "support/process.hpp"

namespace console_test {

struct Builds {
  std::string google, tare;
};

const Builds kCounters{GBCORPUS_COUNTERS_GOOGLE, GBCORPUS_COUNTERS_TARE};
const Builds kRegistration{GBCORPUS_REGISTRATION_GOOGLE, GBCORPUS_REGISTRATION_TARE};
const Builds kComplexity{GBCORPUS_COMPLEXITY_GOOGLE, GBCORPUS_COMPLEXITY_TARE};
const Builds kThreads{GBCORPUS_THREADS_GOOGLE, GBCORPUS_THREADS_TARE};

const std::string kTareColumn = "tare 95% CI";

tare_test::ProcessResult run(const std::string& program, std::vector<std::string> flags,
                             const std::vector<std::string>& quick) {
  flags.insert(flags.begin(), program);
  flags.insert(flags.end(), quick.begin(), quick.end());
  return tare_test::run_process(flags);
}

struct Outputs {
  tare_test::ProcessResult google, tare;
};

// Both builds with the same flags; each also gets what keeps its run short.
Outputs run_both(const Builds& builds, const std::vector<std::string>& flags) {
  return {run(builds.google, flags, {"--benchmark_min_time=0.01"}),
          run(builds.tare, flags,
              {"--forks", "2", "--max-forks", "2", "--measure-ms", "2", "--warmup-max-ms", "20"})};
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> result;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) result.push_back(line);
  return result;
}

std::string trim_right(std::string text) {
  text.erase(text.find_last_not_of(' ') + 1);
  return text;
}

// A console table as a reader sees it: its headers (each framed by lines of dashes) and its
// rows, each split at Google Benchmark's fixed columns.
struct Row {
  std::string line, name, unit;  ///< unit: "ns".."s", "%", a big-O; empty for an error row
  bool error = false;
};
struct Table {
  std::vector<std::string> headers;
  std::vector<Row> rows;
  std::vector<std::string> after;  ///< the lines under the table
};

bool is_dashes(const std::string& line) { return !line.empty() && line.find_first_not_of('-') == std::string::npos; }

// The name column is as wide as the header's "Benchmark" field: up to the 13 characters of "Time".
std::size_t name_width(const std::string& header) { return header.find("Time") + 4 - 13 - 1; }

Row parse_row(const std::string& line, std::size_t width) {
  Row row;
  row.line = line;
  row.name = trim_right(line.substr(0, width));
  row.error = line.find("ERROR OCCURRED: '", width) == width + 1;
  // "%-*s " then a 10-character number, a space and the unit in 4.
  if (!row.error && line.size() >= width + 16) row.unit = trim_right(line.substr(width + 12, 4));
  return row;
}

Table parse_table(const std::string& out) {
  Table table;
  const auto all = split_lines(out);
  std::size_t width = 0;
  bool in_table = false;
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (is_dashes(all[i]) && i + 2 < all.size() && is_dashes(all[i + 2])) {
      EXPECT_EQ(all[i].size(), all[i + 1].size()) << "the dashes are as long as the header: " << all[i + 1];
      table.headers.push_back(all[i + 1]);
      width = name_width(all[i + 1]);
      in_table = true;
      i += 2;
    } else if (in_table && !all[i].empty()) {
      table.rows.push_back(parse_row(all[i], width));
    } else if (in_table) {
      in_table = false;
      table.after.assign(all.begin() + static_cast<long>(i) + 1, all.end());
      break;
    }
  }
  return table;
}

std::vector<std::string> names(const Table& table) {
  std::vector<std::string> result;
  for (const auto& row : table.rows) result.push_back(row.name);
  return result;
}

// tare's header without its column: Google Benchmark's header.
std::string without_tare_column(const std::string& header) {
  static const std::regex column(" +" + kTareColumn);
  return std::regex_replace(header, column, "");
}

// The two tables have the same shape: headers (tare's column aside), rows, names, units.
void expect_same_table(const Table& google, const Table& tare) {
  ASSERT_FALSE(google.rows.empty()) << "Google Benchmark printed no rows (a fault of the test)";
  ASSERT_EQ(tare.headers.size(), google.headers.size());
  for (std::size_t i = 0; i < google.headers.size(); ++i) {
    EXPECT_NE(tare.headers[i].find(kTareColumn), std::string::npos) << tare.headers[i];
    EXPECT_EQ(without_tare_column(tare.headers[i]), google.headers[i]);
  }
  ASSERT_EQ(names(tare), names(google));
  for (std::size_t i = 0; i < google.rows.size(); ++i) {
    SCOPED_TRACE(google.rows[i].name);
    EXPECT_EQ(tare.rows[i].error, google.rows[i].error) << tare.rows[i].line;
    EXPECT_EQ(tare.rows[i].unit, google.rows[i].unit) << tare.rows[i].line << "\n" << google.rows[i].line;
  }
}

void expect_same_console(const Builds& builds, const std::vector<std::string>& flags) {
  const Outputs out = run_both(builds, flags);
  ASSERT_EQ(out.google.exit_code, 0) << out.google.err;
  ASSERT_EQ(out.tare.exit_code, 0) << out.tare.err;
  expect_same_table(parse_table(out.google.out), parse_table(out.tare.out));
}

// The interval cell of a row (after Iterations), or "" when it has none.
std::string interval_cell(const Row& row) {
  static const std::regex cell(" ((\u00b1[0-9.]+% )?n=[0-9]+)( \\[[0-9]+\\])?( |$)");
  std::smatch match;
  return std::regex_search(row.line, match, cell) ? match[1].str() : std::string();
}

TEST(GbenchConsole, DefaultTableHasGoogleBenchmarksColumnsRowsAndUnits) {
  expect_same_console(kCounters, {});
  expect_same_console(kRegistration, {"--benchmark_filter=^BM_arg/(1|16)$|^BM_empty|^BM_template2|^renamed/"});
}

TEST(GbenchConsole, TimeUnitFlagGivesEveryRowThatUnit) {
  const Outputs out = run_both(kRegistration, {"--benchmark_filter=^BM_arg/(1|16)$|^BM_empty$", "--benchmark_time_unit=us"});
  ASSERT_EQ(out.tare.exit_code, 0) << out.tare.err;
  const Table google = parse_table(out.google.out), tare = parse_table(out.tare.out);
  expect_same_table(google, tare);
  // The flag sets the default: a benchmark's own Unit() wins (BM_empty's), as the comparison
  // above shows; BM_arg has none.
  std::size_t default_unit_rows = 0;
  for (const auto& row : tare.rows) {
    if (row.name.rfind("BM_arg/", 0) != 0 || row.unit == "%") continue;
    ++default_unit_rows;
    EXPECT_EQ(row.unit, "us") << row.line;
  }
  EXPECT_GT(default_unit_rows, 0u);
}

TEST(GbenchConsole, TabularCountersHaveGoogleBenchmarksColumnsAndANewHeaderWhenTheyChange) {
  const std::vector<std::string> flags{"--benchmark_counters_tabular=true"};
  const Outputs out = run_both(kCounters, flags);
  ASSERT_EQ(out.tare.exit_code, 0) << out.tare.err;
  const Table google = parse_table(out.google.out), tare = parse_table(out.tare.out);
  expect_same_table(google, tare);
  ASSERT_GE(google.headers.size(), 3u) << "the corpus changes counters between benchmarks (a fault of the test)";
  EXPECT_NE(tare.headers.front().find(" answer "), std::string::npos) << tare.headers.front();
  EXPECT_EQ(out.tare.out.find("answer=42"), std::string::npos) << "counters as columns, not name=value";
}

TEST(GbenchConsole, RepetitionsGiveGoogleBenchmarksAggregateRowsWithTheIntervalOnTheMean) {
  const std::vector<std::string> flags{"--benchmark_filter=^BM_counters$|^BM_skipped$", "--benchmark_repetitions=3"};
  const Outputs out = {run(kCounters.google, flags, {"--benchmark_min_time=0.01"}),
                       run(kCounters.tare, flags, {"--measure-ms", "2", "--warmup-max-ms", "20"})};
  ASSERT_EQ(out.tare.exit_code, 0) << out.tare.err;
  const Table google = parse_table(out.google.out), tare = parse_table(out.tare.out);
  expect_same_table(google, tare);
  const std::vector<std::string> expected{"BM_counters",        "BM_counters",        "BM_counters",
                                          "BM_counters_mean",   "BM_counters_median", "BM_counters_stddev",
                                          "BM_counters_cv",     "BM_skipped",         "BM_skipped",
                                          "BM_skipped"};
  EXPECT_EQ(names(tare), expected);
  for (const auto& row : tare.rows) {
    SCOPED_TRACE(row.line);
    if (row.name == "BM_counters_cv") {
      EXPECT_EQ(row.unit, "%");
    }
    if (row.name == "BM_counters_mean") {
      EXPECT_NE(interval_cell(row), "");
    } else {
      EXPECT_EQ(interval_cell(row), "");
    }
  }
}

TEST(GbenchConsole, AggregatesOnlyFlagsLeaveOutTheRepetitionRowsAsGoogleBenchmarkDoes) {
  for (const std::string flag : {"--benchmark_display_aggregates_only=true", "--benchmark_report_aggregates_only=true"}) {
    SCOPED_TRACE(flag);
    const std::vector<std::string> flags{"--benchmark_filter=^BM_keep_running$", "--benchmark_repetitions=2", flag};
    const Outputs out = {run(kRegistration.google, flags, {"--benchmark_min_time=0.01"}),
                         run(kRegistration.tare, flags, {"--measure-ms", "2", "--warmup-max-ms", "20"})};
    ASSERT_EQ(out.tare.exit_code, 0) << out.tare.err;
    expect_same_table(parse_table(out.google.out), parse_table(out.tare.out));
  }
}

TEST(GbenchConsole, ComplexityRowsFollowTheFamilyAsInGoogleBenchmark) {
  expect_same_console(kComplexity, {"--benchmark_filter=^BM_linear/"});
}

TEST(GbenchConsole, ColourFlagPutsGoogleBenchmarksEscapesAndAPipeGetsNone) {
  for (const std::string colour : {"--benchmark_color=true", "--benchmark_color=yes"}) {
    const Outputs out = run_both(kCounters, {"--benchmark_filter=^BM_label_only$|^BM_skipped$", colour});
    ASSERT_EQ(out.tare.exit_code, 0) << out.tare.err;
    // Names green, times yellow, iterations cyan, errors red: each row as Google Benchmark starts it.
    for (const std::string code : {"\033[0;32mBM_label_only", "\033[0;33m", "\033[0;36m", "\033[0;31mERROR OCCURRED"}) {
      EXPECT_NE(out.google.out.find(code), std::string::npos) << "Google Benchmark (a fault of the test): " << code;
      EXPECT_NE(out.tare.out.find(code), std::string::npos) << colour << ": " << out.tare.out;
    }
  }
  for (const std::string colour : {"--benchmark_color=auto", "--benchmark_color=false", "--benchmark_color=no"}) {
    const Outputs out = run_both(kCounters, {"--benchmark_filter=^BM_label_only$", colour});
    ASSERT_EQ(out.tare.exit_code, 0) << out.tare.err;
    EXPECT_EQ(out.google.out.find('\033'), std::string::npos) << "Google Benchmark (a fault of the test)";
    EXPECT_EQ(out.tare.out.find('\033'), std::string::npos) << colour << ": " << out.tare.out;
  }
}

// Runs `args` with its standard output on a new pseudo-terminal and TERM set to `term`,
// standard error to /dev/null; returns what it printed (the terminal ends lines with \r\n),
// nothing where the system has no pseudo-terminals.
std::optional<std::string> run_on_terminal(const std::vector<std::string>& args, const char* term) {
  const int master = posix_openpt(O_RDWR | O_NOCTTY);
  if (master < 0) return std::nullopt;
  if (grantpt(master) != 0 || unlockpt(master) != 0) {
    close(master);
    return std::nullopt;
  }
  const std::string slave_name = ptsname(master);
  const pid_t pid = fork();
  if (pid == 0) {
    setsid();
    const int slave = open(slave_name.c_str(), O_RDWR);
    const int null = open("/dev/null", O_RDWR);
    if (slave < 0 || null < 0) _exit(126);
    dup2(null, 0);
    dup2(slave, 1);
    dup2(null, 2);
    setenv("TERM", term, 1);
    std::vector<char*> argv;
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  std::string out;
  char buffer[4096];
  // Read until the program has exited and closed the terminal (then read fails with EIO).
  for (ssize_t n; (n = read(master, buffer, sizeof buffer)) > 0;) out.append(buffer, static_cast<std::size_t>(n));
  close(master);
  int status = 0;
  waitpid(pid, &status, 0);
  return out;
}

// --benchmark_color=auto: colour on a terminal whose TERM Google Benchmark knows, none on another.
TEST(GbenchConsole, AutoColourFollowsTheTerminalAndItsTermAsGoogleBenchmark) {
  for (const char* term : {"xterm-256color", "dumb"}) {
    SCOPED_TRACE(term);
    const auto google_out =
        run_on_terminal({kCounters.google, "--benchmark_filter=^BM_label_only$", "--benchmark_min_time=0.01"}, term);
    if (!google_out) GTEST_SKIP() << "no pseudo-terminal on this system";
    const auto tare_out = run_on_terminal({kCounters.tare, "--benchmark_filter=^BM_label_only$", "--forks", "2",
                                           "--max-forks", "2", "--measure-ms", "2", "--warmup-max-ms", "20"},
                                          term);
    ASSERT_TRUE(tare_out.has_value());
    const std::string& google = *google_out;
    const std::string& tare = *tare_out;
    const bool colour = std::string(term) != "dumb";
    ASSERT_NE(google.find("BM_label_only"), std::string::npos) << "Google Benchmark (a fault of the test): " << google;
    EXPECT_EQ(google.find("\033[0;32mBM_label_only") != std::string::npos, colour) << "Google Benchmark: " << google;
    ASSERT_NE(tare.find("BM_label_only"), std::string::npos) << tare;
    EXPECT_EQ(tare.find("\033[0;32mBM_label_only") != std::string::npos, colour) << tare;
  }
}

// Every row holding an estimate has the interval; a marked row has its footnote under the
// table, naming it; the legend says what the column is. A deleted loop always carries a warning.
TEST(GbenchConsole, IntervalColumnAndFootnotesAreTaresAdditions) {
  const auto out = run(kRegistration.tare, {"--benchmark_filter=^BM_nothing$|^BM_keep_running$", "--benchmark_min_time=0.01"},
                       {});
  ASSERT_EQ(out.exit_code, 0) << out.err;
  const Table table = parse_table(out.out);
  ASSERT_EQ(table.rows.size(), 2u) << out.out;
  for (const auto& row : table.rows) EXPECT_NE(interval_cell(row), "") << row.line;
  std::smatch marker;
  const Row& deleted = table.rows[1].name == "BM_nothing" ? table.rows[1] : table.rows[0];
  ASSERT_TRUE(std::regex_search(deleted.line, marker, std::regex(" (\\[[0-9]+\\])( |$)"))) << deleted.line;
  std::string footnote;
  for (const auto& line : table.after)
    if (line.rfind(marker[1].str() + " BM_nothing: ", 0) == 0) footnote = line;
  EXPECT_NE(out.out.find("looks optimised away"), std::string::npos) << out.out;
  EXPECT_FALSE(footnote.empty()) << out.out;
  // The legend says what these rows hold: no repetitions, every cell an interval, and which
  // interval the column holds, in words (the tests keep no speed history: this run's).
  EXPECT_NE(out.out.find("tare: each benchmark ran in n fresh worker processes (forks); Time is the mean over them, "
                         "Iterations the iterations they measured in all, tare 95% CI the 95% confidence interval of "
                         "that mean, relative to it, of this run only, over its forks: the machine's speed between runs "
                         "is not known.\n"),
            std::string::npos)
      << out.out;
}

// The advice for a deleted loop is in Google Benchmark's API, which the source can call, not
// in tare's native one, which it cannot; and nothing under the table speaks of a "~" the
// table never shows.
TEST(GbenchConsole, AdviceForADeletedLoopIsInGoogleBenchmarksApi) {
  const auto out = run(kRegistration.tare, {"--benchmark_filter=^BM_nothing$", "--benchmark_min_time=0.01"}, {});
  ASSERT_EQ(out.exit_code, 0) << out.err;
  const Table table = parse_table(out.out);
  std::string footnote;
  for (const auto& line : table.after)
    if (line.find(" BM_nothing: ") != std::string::npos && line.find("looks optimised away") != std::string::npos)
      footnote = line;
  ASSERT_FALSE(footnote.empty()) << out.out;
  EXPECT_NE(footnote.find("pass its result to benchmark::DoNotOptimize()"), std::string::npos) << footnote;
  EXPECT_NE(footnote.find("benchmark::ClobberMemory()"), std::string::npos) << footnote;
  EXPECT_NE(footnote.find("do it several times per iteration"), std::string::npos) << footnote;
  for (const char* native : {"consume()", "opaque()", "acknowledge", "--measure-ms"})
    EXPECT_EQ(out.out.find(native), std::string::npos) << native << " in: " << out.out;
  EXPECT_EQ(out.out.find('~'), std::string::npos) << out.out;
  // It sets nothing up: no line about time outside its loop (a call's wait for the end of
  // its process's measurement is not set-up).
  EXPECT_EQ(out.out.find("outside its timed loop"), std::string::npos) << out.out;
}

// With repetitions the legend speaks of repetitions, each one process, and of the interval
// on the _mean row; a cell with n alone (one process) is explained only when one is printed.
TEST(GbenchConsole, TheLegendSaysWhatTheTableHolds) {
  const auto repeated = run(kRegistration.tare,
                            {"--benchmark_filter=^BM_keep_running$", "--benchmark_repetitions=2",
                             "--benchmark_min_time=0.01"},
                            {});
  ASSERT_EQ(repeated.exit_code, 0) << repeated.err;
  EXPECT_NE(repeated.out.find("; each repetition is one process (its row's Time, and the Iterations it measured), "
                              "and tare 95% CI on the _mean row the 95% confidence interval of their mean"),
            std::string::npos)
      << repeated.out;
  EXPECT_EQ(repeated.out.find("Time is the mean over them"), std::string::npos) << repeated.out;
  EXPECT_EQ(repeated.out.find("n alone"), std::string::npos) << repeated.out;

  const auto one = run(kRegistration.tare, {"--benchmark_filter=^BM_keep_running$", "--forks", "1", "--measure-ms",
                                            "2", "--warmup-max-ms", "20"},
                       {});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  const Table table = parse_table(one.out);
  ASSERT_EQ(table.rows.size(), 1u) << one.out;
  EXPECT_EQ(interval_cell(table.rows[0]), "n=1") << one.out;
  EXPECT_NE(one.out.find("; n alone: no interval (one process, or a time of about 0)."), std::string::npos) << one.out;
}

// With JSON on standard output it stays JSON; the footnotes go to standard error.
TEST(GbenchConsole, JsonFormatKeepsTheNotesOffStandardOutput) {
  const auto out = run(kRegistration.tare,
                       {"--benchmark_filter=^BM_nothing$", "--benchmark_format=json", "--benchmark_min_time=0.01"}, {});
  ASSERT_EQ(out.exit_code, 0) << out.err;
  EXPECT_TRUE(nlohmann::json::accept(out.out)) << out.out;
  EXPECT_NE(out.err.find("] BM_nothing: "), std::string::npos) << out.err;
  EXPECT_EQ(out.err.find(kTareColumn), std::string::npos) << "no legend without the column";
}

// A manual time is the operation's own account (1 µs per iteration here, while the loop
// spends nanoseconds of CPU): no warning that the benchmark waited for the CPU.
TEST(GbenchConsole, ManualTimeIsNotTakenForWaiting) {
  const auto out = run(kThreads.tare, {"--benchmark_filter=^BM_manual/1/manual_time$", "--benchmark_min_time=0.01"}, {});
  ASSERT_EQ(out.exit_code, 0) << out.err;
  const Table table = parse_table(out.out);
  ASSERT_EQ(table.rows.size(), 1u) << out.out;
  EXPECT_EQ(out.out.find("had the CPU for only"), std::string::npos) << out.out;
}

// tare's --prof passes through: its table comes under Google Benchmark's.
TEST(GbenchConsole, ProfilerTableComesUnderTheTable) {
  const auto out = run(kCounters.tare, {"--benchmark_filter=^BM_label_only$", "--prof", "rusage", "--benchmark_min_time=0.01"},
                       {});
  ASSERT_EQ(out.exit_code, 0) << out.err;
  const auto at = out.out.find("Profile: rusage");
  ASSERT_NE(at, std::string::npos) << out.out;
  EXPECT_NE(out.out.find("\nBM_label_only ", at), std::string::npos) << out.out;
}

// --prof instructions too: callgrind's counts of the GB loop, in their own table under it.
TEST(GbenchConsole, InstructionsTableComesUnderTheTable) {
  const auto out = run(kCounters.tare,
                       {"--benchmark_filter=^BM_label_only$", "--prof", "instructions", "--benchmark_min_time=0.01"}, {});
  ASSERT_EQ(out.exit_code, 0) << out.err;
  const auto at = out.out.find("tare --prof instructions: per operation, counted by callgrind (exact):");
  ASSERT_NE(at, std::string::npos) << out.out;
  EXPECT_NE(out.out.find("Profile: instructions", at), std::string::npos) << out.out;
  EXPECT_NE(out.out.find("\nBM_label_only ", at), std::string::npos) << out.out;
}

// --prof perf passes through too: its table (software events count on any machine with perf
// events) comes under Google Benchmark's.
TEST(GbenchConsole, PerfTableComesUnderTheTable) {
  const auto out = run(kCounters.tare,
                       {"--benchmark_filter=^BM_label_only$", "--prof", "perf:task-clock", "--benchmark_min_time=0.01"}, {});
  ASSERT_EQ(out.exit_code, 0) << out.err;
  if (out.err.find("--prof perf: not available here") != std::string::npos) GTEST_SKIP() << out.err;
  const auto at = out.out.find("Profile: perf");
  ASSERT_NE(at, std::string::npos) << out.out;
  EXPECT_NE(out.out.find("\nBM_label_only ", at), std::string::npos) << out.out;
  EXPECT_NE(out.out.find("task-clock", at), std::string::npos) << out.out;
}

// --prof asm too: a block of the benchmark function's hot code under the table.
TEST(GbenchConsole, HotCodeBlockComesUnderTheTable) {
  if (std::system("valgrind --version > /dev/null 2>&1") != 0 || std::system("objdump --version > /dev/null 2>&1") != 0)
    GTEST_SKIP() << "needs valgrind and objdump";
  const auto out = run(kCounters.tare, {"--benchmark_filter=^BM_label_only$", "--prof", "asm", "--benchmark_min_time=0.01"},
                       {});
  ASSERT_EQ(out.exit_code, 0) << out.err;
  const auto table_row = out.out.find("\nBM_label_only ");
  ASSERT_NE(table_row, std::string::npos) << out.out;
  EXPECT_NE(out.out.find("Hot code of BM_label_only (--prof asm)", table_row), std::string::npos) << out.out;
}

}  // namespace console_test
