#include "runner/result_files.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "input/output_path.hpp"
#include "report/csv.hpp"
#include "report/json_write.hpp"
#include "system/atomic_file.hpp"

namespace tare::runner {

ResultFiles::ResultFiles(const RunOptions& options) : json_path_(options.json_path), csv_path_(options.csv_path) {
  input::check_output_path(json_path_, "--json");
  input::check_output_path(csv_path_, "--csv");
}

void ResultFiles::record(const results::Run& run) {
  if (!json_path_.empty()) system::write_file_atomically(json_path_, [&](std::ostream& out) { report::write_json(run, out); });
  if (!csv_path_.empty()) system::write_file_atomically(csv_path_, [&](std::ostream& out) { report::write_csv(run, out); });
}

bool ResultFiles::checkpoint_due(std::chrono::seconds interval) const {
  // Large runs take longer to write: keep checkpoints under 5% of the run's time.
  const auto spacing = std::max<std::chrono::steady_clock::duration>(interval, 20 * last_checkpoint_cost_);
  return !json_path_.empty() && std::chrono::steady_clock::now() - last_checkpoint_ >= spacing;
}

void ResultFiles::checkpoint(const results::Run& run) {
  const auto start = std::chrono::steady_clock::now();
  system::write_file_atomically(json_path_, [&](std::ostream& out) { report::write_json(run, out); });
  last_checkpoint_ = std::chrono::steady_clock::now();
  last_checkpoint_cost_ = last_checkpoint_ - start;
}

}  // namespace tare::runner
