// The runnable instances of the registered families: one per argument tuple and thread
// count, named exactly as Google Benchmark names them ("BM_x/8/real_time/threads:2").
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>
#include <optional>
#include <regex>
#include <string>
#include <vector>

namespace tare::gbench {

struct Instance {
  benchmark::internal::Benchmark* family = nullptr;
  benchmark::BenchmarkName name_parts;  ///< Google Benchmark's parts of the name
  std::string name;                     ///< name_parts joined
  std::vector<std::int64_t> args;
  int threads = 1;
  int family_index = 0;               ///< among the families with a selected instance
  int per_family_instance_index = 0;  ///< among the family's selected instances
};

/// Google Benchmark's filter: a regular expression searched in the name; a leading '-'
/// selects the names it does not match. Empty or "all" selects everything.
class Filter {
 public:
  /// Throws std::regex_error for a pattern that does not compile.
  explicit Filter(const std::string& spec);
  bool selects(const std::string& name) const;

 private:
  std::optional<std::regex> pattern_;
  bool negated_ = false;
};

/// Every instance of every family, in registration order, with indexes among the selected;
/// none whose name starts with DISABLED_, as in Google Benchmark.
std::vector<Instance> expand(const Filter& filter);

}  // namespace tare::gbench
