#include "compare/compare_files.hpp"

#include <fmt/format.h>

#include <vector>

#include "compare/instructions_compare.hpp"
#include "compare/layout_variants.hpp"
#include "compare/results_file.hpp"
#include "compare/variant_compare.hpp"
#include "input/usage_error.hpp"

namespace tare::compare {
namespace {

// Every results file of a side: one, or one per layout variant of its build (a directory).
std::vector<ResultsFile> read_side(const std::string& path) {
  std::vector<ResultsFile> files;
  for (const auto& file : side_results_files(path)) files.push_back(read_results_file(file, ResultsUse::compare));
  return files;
}

std::vector<results::Run> runs_of(const std::vector<ResultsFile>& files) {
  std::vector<results::Run> runs;
  for (const auto& f : files) runs.push_back(f.run);
  return runs;
}

}  // namespace

CompareReport compare_files(const std::string& base_path, const std::string& candidate_path,
                            const CompareOptions& options, Metric metric) {
  const auto base = read_side(base_path);
  const auto candidate = read_side(candidate_path);
  if (base.size() != candidate.size())
    throw input::UsageError(fmt::format(
        "{} holds {} results files and {} holds {}: give each side the same number (one file each, or one per "
        "layout variant each)",
        base_path, base.size(), candidate_path, candidate.size()));
  const results::Run& first_base = base.front().run;
  const results::Run& first_candidate = candidate.front().run;
  CompareReport report;
  if (metric == Metric::instructions) {
    // A count does not depend on where the code sits: the first variant's file of each side.
    require_instruction_counts(first_base, base_path);
    require_instruction_counts(first_candidate, candidate_path);
    report = compare_instructions(first_base, first_candidate, options);
  } else if (base.size() > 1) {
    return compare_variant_runs(runs_of(base), runs_of(candidate), options);
  } else {
    report = compare_runs(first_base, first_candidate, options, base.front().summaries, candidate.front().summaries);
  }
  note_input_caveats(report, first_base, first_candidate);
  return report;
}

}  // namespace tare::compare
