// `tare ab --metric instructions`: each benchmark of the two builds counted by callgrind
// (runner/callgrind_fork), twice per build to show the count repeats, with the same batch
// sizes on both sides (the first run calibrates them). The ratio NEW/BASE of instructions
// per operation and its verdict against the threshold (compare/instructions_compare): no
// pairing in time and no bootstrap, since nothing the machine does changes a count.
#pragma once

#include <string>
#include <vector>

#include "ab/ab.hpp"
#include "compare/compare.hpp"
#include "runner/callgrind_fork.hpp"

namespace tare::ab {

/// A benchmark both builds have, as a callgrind worker is told it (the executable is set
/// per side).
struct CountedBenchmark {
  std::string name;
  runner::CallgrindTarget target;
};

/// How many callgrind runs each build gets per benchmark.
inline constexpr int kCountedRunsPerSide = 2;

/// Counts every benchmark on both sides and fills the report's rows, notes, verdicts and
/// geometric mean. A benchmark whose worker fails under callgrind becomes a row with a
/// problem; the others still run.
void count_ab_instructions(const AbOptions& options, const std::string& valgrind,
                           const std::vector<CountedBenchmark>& benchmarks, compare::CompareReport& report);

}  // namespace tare::ab
