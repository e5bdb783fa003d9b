// --prof asm in a run: after the timing, one callgrind worker per benchmark with
// per-instruction counts (runner/callgrind_fork, --dump-instr=yes); the file of its larger
// counted batch is joined with objdump's disassembly of the costliest function
// (disasm/hot_code) into Benchmark::hot_code, and the same file says what the timed code is
// (runner/timed_code: Benchmark::code). A listing too long to print whole goes to a file
// beside the results (runner/hot_code_file). A failure becomes the benchmark's warning and
// the run goes on.
#pragma once

#include <string>
#include <vector>

#include "registry/registry.hpp"
#include "results/results.hpp"
#include "runner/fork.hpp"

namespace tare::runner {

/// The programs --prof asm runs, by absolute path.
struct HotCodeTools {
  std::string valgrind;
  std::string objdump;
};

/// Both found on PATH, or a UsageError naming the one missing and its package, so that
/// nothing is measured first.
HotCodeTools require_hot_code_tools();

/// Where the whole listings go when a block's is cut (runner/hot_code_file).
struct ListingFiles {
  std::string directory;
};

/// Fills Benchmark::hot_code, and Benchmark::code where it is not known yet, for every
/// benchmark of `run` with a fork that ran to the end, counting the batch its timing forks
/// calibrated; a benchmark callgrind or objdump fails on gets a warning instead. A listing
/// cut to the inline limit is written whole to a file in `files.directory`
/// (AsmProfile::listing_file), or the benchmark gets a warning saying why not. Returns
/// true when the user interrupted it.
bool profile_hot_code(results::Run& run, const std::vector<registry::Instance>& instances, const ForkPlan& plan,
                      const HotCodeTools& tools, const ListingFiles& files, bool quiet);

}  // namespace tare::runner
