// `tare bisect`: the commits from good to bad built, each in a git worktree of its own under
// the work folder, and compared with tare ab (bisect/bisect_search.hpp chooses which), until
// the commit that made a benchmark slower is named. Every build and comparison is logged
// (bisect/bisect_log.hpp): the same bisect run again continues where it stopped.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "bisect/bisect_git.hpp"
#include "bisect/bisect_search.hpp"
#include "compare/compare.hpp"

namespace tare::bisect {

struct BisectOptions {
  std::string checkout = ".";  ///< a folder of the git checkout
  std::string good, bad;       ///< revisions
  std::string build;           ///< run by sh -c in each commit's worktree
  std::string binary;          ///< the benchmark binary, relative to the worktree
  std::optional<std::string> filter;  ///< must select one benchmark
  double threshold = 0.01;
  compare::Metric metric = compare::Metric::time;
  std::string work_dir;  ///< empty: .tare-bisect in the checkout's top folder
  double budget_seconds = 30;  ///< per comparison (--metric time)
  double timeout_seconds = 30;  ///< a worker silent this long is killed
  double build_timeout_seconds = 3600;
  bool skip_failed_builds = false;  ///< a build that fails skips its commit (exit 125 always does)
  bool resume = false;              ///< the arguments from the work folder's log
  bool quiet = false;
};

struct BisectReport {
  Finding finding;
  std::vector<CommitInfo> commits;  ///< 0 good .. n bad
  std::string benchmark, work_dir, log_path;
  double threshold = 0.01;
  compare::Metric metric = compare::Metric::time;
  std::size_t replayed = 0;  ///< steps answered from the log of an earlier run
  std::vector<std::string> notes;
};

/// Runs the bisect. Throws input::UsageError for arguments it cannot take (not a git
/// checkout, a revision that names no commit, a work folder holding another bisect, a filter
/// that does not select one benchmark at good), std::runtime_error naming the commit and the
/// step for a step that fails (a build, a binary missing after it, a comparison), and
/// runner::Interrupted on SIGINT/SIGTERM; the log keeps every step done before.
BisectReport run_bisect(const BisectOptions& options);

/// The outcome's word in the log and the JSON: "found", "nothing slower", "gradual".
const char* outcome_name(Outcome outcome);

}  // namespace tare::bisect
