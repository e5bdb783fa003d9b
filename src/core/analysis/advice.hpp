// What a warning tells its reader to do, for the API the benchmark's source is written
// against: tare's own calls and options, or Google Benchmark's. The report words it
// (report/warning_words.hpp's advice_words).
#pragma once

#include "registry/benchmark_spec.hpp"
#include "results/finding.hpp"

namespace tare::analysis {

using detail::SourceApi;

/// The advice of this kind, to be said in `api`'s terms.
results::Advice advice(results::AdviceKind kind, SourceApi api);

}  // namespace tare::analysis
