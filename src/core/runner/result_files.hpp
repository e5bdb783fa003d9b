// The --json and --csv files. Checked before anything is measured; written atomically
// (a temporary file renamed over the target), so a reader never sees half a file; and the
// JSON is checkpointed during the run, so samples already measured survive even if the
// runner itself dies. They are the run's first store (results/store.hpp): the runner records
// every run it finishes in them, interrupted runs too.
#pragma once

#include <chrono>
#include <string>

#include "results/results.hpp"
#include "results/store.hpp"
#include "runner/options.hpp"

namespace tare::runner {

class ResultFiles : public results::RunStore {
 public:
  /// Throws UsageError naming the path when a file cannot be written.
  explicit ResultFiles(const RunOptions& options);

  /// Writes the final results to every requested file.
  void record(const results::Run& run) override;
  /// True when --json was given and the last checkpoint is at least `interval` old (and
  /// 20 times as old as that checkpoint took to write).
  bool checkpoint_due(std::chrono::seconds interval = std::chrono::seconds(2)) const;
  /// Rewrites the JSON with the results so far.
  void checkpoint(const results::Run& run);

 private:
  std::string json_path_, csv_path_;
  std::chrono::steady_clock::time_point last_checkpoint_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::duration last_checkpoint_cost_{};
};

}  // namespace tare::runner
