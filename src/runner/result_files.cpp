#include "runner/result_files.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "report/csv.hpp"
#include "report/json.hpp"
#include "system/atomic_file.hpp"

namespace tare::runner {
namespace {

void check_writable(const std::string& path, const char* flag) {
  if (path.empty()) return;
  // The temporary file is what will be written; its rename needs the same directory. An
  // existing result file is left alone until there is something to replace it with.
  const std::string temporary = system::temporary_path_for(path);
  std::ofstream probe(temporary);
  if (!probe) throw UsageError(std::string(flag) + " " + path + ": cannot write (" + std::strerror(errno) + ")");
  probe.close();
  std::remove(temporary.c_str());
}

}  // namespace

ResultFiles::ResultFiles(const RunOptions& options) : json_path_(options.json_path), csv_path_(options.csv_path) {
  check_writable(json_path_, "--json");
  check_writable(csv_path_, "--csv");
}

void ResultFiles::write(const results::Run& run) const {
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
