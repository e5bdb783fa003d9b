// --prof instructions in a run: after the timing, one callgrind worker per benchmark
// (runner/callgrind_fork) counts its instructions, with per-instruction counts (they change
// no count) so that its file also says how many of them are rep strings' iterations and
// what the timed code is (runner/timed_code); the counts and the code go into the results,
// a failure into the benchmark's warnings, and the run goes on.
#pragma once

#include <string>
#include <vector>

#include "registry/registry.hpp"
#include "results/results.hpp"
#include "runner/fork.hpp"

namespace tare::runner {

/// The batch a callgrind worker counts for `b` (--prof instructions, --prof asm): its last
/// fork's that ran to the end, rounded down to a power of two, at most
/// kMaxCountedInvocations; 0 when no fork ran to the end.
std::uint64_t timed_batch(const results::Benchmark& b);

/// Counts the instructions of every benchmark of `run` that has a fork that ran to the end,
/// with the batch its timing forks calibrated (rounded down to a power of two, at most
/// kMaxCountedInvocations); fills Benchmark::instruction_counts, or adds a warning. With
/// `objdump` (its absolute path; "" when it is not installed) fills Benchmark::code too.
/// Returns true when the user interrupted it (the benchmarks not yet counted have no counts).
bool count_instructions(results::Run& run, const std::vector<registry::Instance>& instances, const ForkPlan& plan,
                        const std::string& valgrind, const std::string& objdump, bool quiet);

}  // namespace tare::runner
