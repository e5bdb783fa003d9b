// A finished run as the history keeps it: one row of context and one row per benchmark,
// taken from the results model. Pure: no I/O. The whole results JSON goes with the run (so
// that it can be judged again later), and its hash is the run's identity: the same run
// recorded by its binary and added again from its --json file is kept once.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "results/results.hpp"

namespace tare::store {

/// What the results do not say about a run: the source it was built from (a git checkout's
/// commit and branch, and whether it had changes) and the kernel it ran on. Empty: not known.
struct RunOrigin {
  std::string commit, branch;
  std::optional<bool> dirty;
  std::string kernel;
};

/// The results format of a run's JSON: tare's own, or Google Benchmark's (a file added).
inline constexpr const char* kTareFormat = "tare.results/1";
inline constexpr const char* kGbenchFormat = "gbench";

struct BenchmarkRow {
  std::string name, family, mode, unit;
  std::optional<double> score;
  std::optional<results::Interval> ci, ci_across_runs;
  /// Of the score over its forks: their means' standard deviation over √forks (0 when fewer
  /// than two; a summary's interval turned back into one where the forks are not kept).
  double standard_error = 0;
  int forks = 0;
  std::vector<double> fork_means;
  std::vector<std::string> warnings;  ///< the warnings' codes (report/warning_names)
  std::string code_digest;            ///< of the timed code's identity; "" unknown
};

struct RunRow {
  std::int64_t time = 0;  ///< seconds since the epoch: the results' date, else 0
  std::string date, machine, host, cpu;
  int cores = 0;
  std::string compiler, flags, build_type, tare_version, executable, command_line;
  RunOrigin origin;
  double reference_ns = 0;  ///< 0: not measured
  std::string format = kTareFormat;
  std::string results_json;  ///< compact
  std::string content_hash;
  std::vector<BenchmarkRow> benchmarks;
};

/// The rows of a run of tare's own results (its JSON written compact, and hashed).
RunRow run_row(const results::Run& run, const RunOrigin& origin);

/// Keeps `text`, in `format`, as the run's JSON instead (a Google Benchmark file as it was
/// written), and hashes it.
void keep_original(RunRow& row, const std::string& format, const std::string& text);

/// A benchmark whose forks are not kept, only a summary of them: `forks` and the standard
/// error its 95% (or other) interval implies.
void summarised_spread(BenchmarkRow& row, int forks);

/// A digest (16 hex digits) of the timed code's identity: its functions by name and
/// content, not where they sit. Two builds of the same code have the same.
std::string code_digest(const results::CodeIdentity& code);

/// A hash (32 hex digits) of `text`: two 64-bit FNV-1a hashes of different bases.
std::string content_hash(const std::string& text);

/// Seconds since the epoch of an ISO 8601 date in UTC ("2026-12-04T15:17:57Z") or with an
/// offset ("2026-12-04T16:17:57+01:00"); nullopt when it is not one.
std::optional<std::int64_t> parse_utc_date(const std::string& date);

}  // namespace tare::store
