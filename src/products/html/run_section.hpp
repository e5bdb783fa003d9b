// A microbenchmark run (tare.results/1) in the report: a summary row and a section of
// pictures per benchmark, and the run's context (machine, build, options).
#pragma once

#include <string>
#include <vector>

#include "html/run_charts.hpp"
#include "results/results.hpp"

namespace tare::html {

/// A benchmark's forks as the charts draw them: values in its unit, warmup first.
std::vector<ForkSeries> fork_series(const results::Benchmark& benchmark);

/// The <tr> of each benchmark for the summary table; `label` names the file, `anchor`
/// prefixes the ids the rows link to.
std::string run_summary_rows(const results::Run& run, const std::string& label, const std::string& anchor);

/// A <section> per benchmark: its figures, warnings and the three charts.
std::string run_sections(const results::Run& run, const std::string& label, const std::string& anchor);

/// The run's context as a definition list.
std::string run_context(const results::Run& run, const std::string& label);

}  // namespace tare::html
