// Where a benchmark's score changed over the commits of its history: change points in one
// benchmark's series of runs, each run weighed by its own interval widened by the series'
// spread between runs (docs/statistics.md, "Change points over commits"). Pure judgement:
// the store reads the series (store/history_check.hpp), the tool prints what is found.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace tare::analysis {

/// One run of a benchmark, in the order of the series: by commit, then by time within it.
struct SeriesRun {
  std::string commit;         ///< "" unknown: the run is a commit of its own
  double score = 0;           ///< > 0; a run without one is left out
  double standard_error = 0;  ///< of the score over its forks; 0 when not known
  std::string code;           ///< digest of the timed code's identity; "" unknown
};

/// Whether a lower score is the better one (time per operation) or a higher (throughput).
enum class Better { lower, higher };

/// Whether the timed code's identity differs between the commit before a change and the first
/// after it.
enum class CodeChange { unknown, same, changed };

struct ChangePointOptions {
  /// Chance that a series with no change is cut at all (Bonferroni over every split a test
  /// weighs): about one series in a hundred.
  double false_alarm = 0.01;
  /// Fewest runs each side of a change: one run off its neighbours is a spike until a second
  /// (at the same commit or the next) confirms it.
  std::size_t min_runs = 2;
  /// A run further than this many SDs (of a difference of two runs) from both its neighbours,
  /// the same way, is a spike: set aside.
  double spike_fence = 4;
  /// The level of each change's interval.
  double level = 0.95;
};

struct ChangePoint {
  std::size_t run = 0;  ///< index in the series of the first run after the change
  std::string commit;   ///< that run's commit
  /// The score after over the score before, less 1 (geometric means of the runs between the
  /// neighbouring changes), and its interval at `level`.
  double size = 0, low = 0, high = 0, level = 0.95;
  bool slower = false;  ///< the change makes the benchmark slower
  CodeChange code = CodeChange::unknown;
};

struct ChangePointSeries {
  std::vector<ChangePoint> changes;     ///< in the order of the series
  std::vector<std::size_t> spikes;      ///< runs set aside as spikes (indices in the series)
  double between_run_sd = 0;            ///< relative: the series' own spread between runs
  std::size_t runs_used = 0;            ///< runs weighed (scored, not spikes)
};

/// The change points of one benchmark's series (`runs` ordered by commit, then time); a
/// change falls only where a commit begins. Fewer than 2 · min_runs runs: none.
ChangePointSeries find_change_points(const std::vector<SeriesRun>& runs, Better better,
                                     const ChangePointOptions& options = {});

}  // namespace tare::analysis
