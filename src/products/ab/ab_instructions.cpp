#include "ab/ab_instructions.hpp"

#include <iostream>
#include <utility>

#include "analysis/instructions.hpp"
#include "compare/instructions_compare.hpp"
#include "runner/worker_process.hpp"

namespace tare::ab {
namespace {

// Instructions per operation of `runs` callgrind runs of one build; `invocations` is the
// batch (0: the first run calibrates it, and the others count the same batches).
std::vector<double> count_side(const std::string& executable, runner::CallgrindTarget target, runner::CallgrindPlan& plan) {
  target.executable = executable;
  std::vector<double> per_op;
  for (int run = 0; run < kCountedRunsPerSide; ++run) {
    const runner::CallgrindRun counted = runner::run_callgrind_fork(target, plan);
    plan.invocations = counted.counts.invocations;
    per_op.push_back(analysis::instructions_per_op(counted.counts));
  }
  return per_op;
}

// A benchmark's row when its instructions could not be counted: `problem` says why.
compare::CompareRow not_counted(const std::string& name, std::string problem) {
  compare::CompareRow row;
  row.name = name;
  row.unit = compare::kInstructionsUnit;
  row.problem = std::move(problem);
  return row;
}

compare::CompareRow count_benchmark(const AbOptions& options, const std::string& valgrind, const std::string& directory,
                                    const CountedBenchmark& b, std::vector<std::string>& notes) {
  runner::CallgrindPlan plan;
  plan.valgrind = valgrind;
  plan.output_directory = directory;
  plan.timeout_seconds = options.timeout_seconds;
  try {
    const std::vector<double> base = count_side(options.base, b.target, plan);
    const std::vector<double> candidate = count_side(options.candidate, b.target, plan);
    std::string note;
    compare::CompareRow row = compare::instructions_row(b.name, base, candidate, note);
    if (!note.empty()) notes.push_back(note);
    return row;
  } catch (const runner::WorkerFailure& failure) {
    return not_counted(b.name, std::string("a worker failed under callgrind: ") + failure.what());
  } catch (const runner::BenchmarkSkipped& skipped) {
    return not_counted(b.name, std::string("the benchmark skipped itself: ") + skipped.what());
  }
}

}  // namespace

void count_ab_instructions(const AbOptions& options, const std::string& valgrind,
                           const std::vector<CountedBenchmark>& benchmarks, compare::CompareReport& report) {
  runner::install_interrupt_handlers();
  const runner::CallgrindDirectory directory;
  for (const auto& b : benchmarks) {
    if (!options.quiet) std::cerr << "Counting the instructions of " << b.name << " under callgrind, both builds\n";
    report.rows.push_back(count_benchmark(options, valgrind, directory.path(), b, report.notes));
  }
  compare::decide_instruction_verdicts(report);
}

}  // namespace tare::ab
