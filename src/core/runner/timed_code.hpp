// What a benchmark's timed code is and where it sits (results::CodeIdentity): the functions
// of its binary that a counted batch under callgrind executed, disassembled and hashed
// (disasm/code_identity). `tare ab` and `tare compare` tell from it whether two builds run
// the same machine code for a benchmark, only placed elsewhere.
#pragma once

#include <cstdint>
#include <string>

#include "results/results.hpp"
#include "runner/callgrind_fork.hpp"
#include "runner/hot_code_profile.hpp"

namespace tare::runner {

/// The identity of the code `run` counted (its file of the 2N batch, written with
/// dump_instructions) in `executable`. Throws std::runtime_error saying why when the file
/// cannot be read, the binary's symbol table is unreadable or objdump fails.
results::CodeIdentity timed_code_of(const CallgrindRun& run, const std::string& executable, const std::string& objdump,
                                    double timeout_seconds);

/// Runs one callgrind worker of `target` with per-instruction counts (one batch, as
/// run_callgrind_fork does) and returns the benchmark's timed code. `invocations`: the
/// batch's, as CallgrindPlan::invocations (0: calibrated under callgrind). Throws
/// WorkerFailure or std::runtime_error saying why (valgrind/objdump failing, a
/// multi-threaded benchmark); BenchmarkSkipped and Interrupted as run_callgrind_fork.
results::CodeIdentity identify_timed_code(const CallgrindTarget& target, const HotCodeTools& tools,
                                          double timeout_seconds, std::uint64_t invocations = 0);

}  // namespace tare::runner
