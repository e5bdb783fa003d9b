// `tare ab`'s first step: the benchmarks each build declares (its --list-json, within a
// deadline and a cap on its output), and those both builds have.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "compare/compare.hpp"
#include "results/results.hpp"
#include "runner/callgrind_fork.hpp"

namespace tare::ab {

/// One benchmark as a binary's --list-json declares it.
struct Listed {
  std::string name, family;
  Mode mode = Mode::avgt;
  std::vector<std::pair<std::string, std::string>> params;
  int threads = 1;
  std::uint64_t ops_per_invocation = 1;
};

/// The benchmarks `binary` declares (those matching `filter`). Throws UsageError when it does
/// not exist or is not a tare benchmark binary (its own first line of error when it says
/// one), std::runtime_error when it hangs past `timeout_seconds` or floods while listing (it
/// is killed), Interrupted on SIGINT/SIGTERM.
std::vector<Listed> list_benchmarks(const std::string& binary, const std::optional<std::string>& filter,
                                    double timeout_seconds);

/// The benchmark as a callgrind worker is told it (the executable is set per side).
runner::CallgrindTarget callgrind_target(const Listed& b);

/// The benchmarks both builds have (in the base's order); the others go to the report's
/// only_in_base and only_in_candidate.
std::vector<const Listed*> match_benchmarks(const std::vector<Listed>& base_list, const std::vector<Listed>& candidate_list,
                                            compare::CompareReport& report);

}  // namespace tare::ab
