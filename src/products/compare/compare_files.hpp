// `tare compare BASE NEW` from the command line's two arguments: each a results file, or a
// directory of them (one run per layout variant of a build); read, then compared by time
// (one file a side: compare_runs; variants: compare_variant_runs) or by instruction counts.
#pragma once

#include <string>

#include "compare/compare.hpp"

namespace tare::compare {

/// Throws input::UsageError for a file that cannot be read as results, sides holding other
/// numbers of files, or (--metric instructions) a run without counts; std::runtime_error
/// when the sides have no benchmark in common.
CompareReport compare_files(const std::string& base, const std::string& candidate, const CompareOptions& options,
                            Metric metric);

}  // namespace tare::compare
