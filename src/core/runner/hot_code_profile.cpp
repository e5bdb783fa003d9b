#include "runner/hot_code_profile.hpp"

#include <chrono>
#include <iostream>
#include <set>
#include <stdexcept>
#include <utility>

#include "analysis/instructions.hpp"
#include "analysis/warning_severity.hpp"
#include "disasm/hot_code.hpp"
#include "disasm/objdump.hpp"
#include "input/usage_error.hpp"
#include "report/hot_code_block.hpp"
#include "runner/callgrind_fork.hpp"
#include "runner/counted_instructions.hpp"
#include "runner/hot_code_file.hpp"
#include "runner/timed_code.hpp"
#include "runner/worker_process.hpp"
#include "system/find_on_path.hpp"

namespace tare::runner {
namespace {

// The hot code of one benchmark, and what its timed code is (from the same file, when
// --prof instructions did not find it out already).
disasm::AnnotatedCode hot_code_of_benchmark(const registry::Instance& instance, const CallgrindPlan& plan,
                                            const HotCodeTools& tools, results::Benchmark& b) {
  const CallgrindRun counted = run_callgrind_fork(instance, plan);
  try {
    if (!b.code) b.code = timed_code_of(counted, plan.executable, tools.objdump, plan.timeout_seconds);
  } catch (const std::runtime_error& failure) {  // the hot code may still be known
    analysis::warn(b, results::WarningCode::profiler, std::string("--prof asm: the timed code was not identified: ") + failure.what());
  }
  const auto timeout = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
      std::chrono::duration<double>(plan.timeout_seconds));
  // The larger batch: the loop's share of what every batch costs once is the larger.
  disasm::AnnotatedCode hot = disasm::hot_code_of(counted.body_2n.path, tools.objdump, timeout);
  // Not one instruction per operation more than the empty loop: nothing of the operation is
  // left, whatever the loop's instructions look like.
  const double beyond_the_empty_loop =
      analysis::instructions_per_op(counted.counts) - analysis::empty_loop_instructions_per_op(counted.counts);
  if (beyond_the_empty_loop < 0.5) hot.shown.optimized_away = true;
  return hot;
}

// A listing cut to the inline limit: the whole of it in a file the block names, or a
// warning saying why not.
void write_whole_listing(const std::vector<results::AsmInstruction>& whole, const ListingFiles& files,
                         std::set<std::string>& taken, results::Benchmark& b) {
  try {
    b.hot_code->listing_file =
        write_listing(files.directory, listing_file_name(b.name, taken), report::detail::hot_code_listing(b, whole));
  } catch (const std::runtime_error& failure) {
    analysis::warn(b, results::WarningCode::profiler,
                   std::string("--prof asm: the whole listing was not written: ") + failure.what());
  }
}

}  // namespace

HotCodeTools require_hot_code_tools() {
  HotCodeTools tools;
  tools.valgrind = require_valgrind("--prof asm");
  const auto objdump = system::find_on_path("objdump");
  if (!objdump) throw input::UsageError("--prof asm: needs objdump (apt-get install binutils)");
  tools.objdump = *objdump;
  return tools;
}

bool profile_hot_code(results::Run& run, const std::vector<registry::Instance>& instances, const ForkPlan& plan,
                      const HotCodeTools& tools, const ListingFiles& files, bool quiet) {
  const CallgrindDirectory scratch;
  std::set<std::string> taken;  // the listing files' names
  for (std::size_t i = 0; i < instances.size(); ++i) {
    results::Benchmark& b = run.benchmarks[i];
    const std::uint64_t invocations = timed_batch(b);
    if (invocations == 0) continue;  // nothing measured: no hot code to show either
    if (!quiet) std::cerr << "Disassembling the hot code of " << b.name << " (callgrind, objdump)\n";
    const CallgrindPlan counting{plan.executable, tools.valgrind, scratch.path(), invocations, true, plan.tsc_ghz,
                                 plan.timeout_seconds};
    try {
      disasm::AnnotatedCode hot = hot_code_of_benchmark(instances[i], counting, tools, b);
      b.hot_code = std::move(hot.shown);
      if (b.hot_code->listing_cut) write_whole_listing(hot.whole, files, taken, b);
    } catch (const WorkerFailure& failure) {
      analysis::warn(b, results::WarningCode::profiler, std::string("--prof asm: no hot code: ") + failure.what());
    } catch (const BenchmarkSkipped& skipped) {
      analysis::warn(b, results::WarningCode::profiler, std::string("--prof asm: the benchmark skipped itself under callgrind: ") + skipped.what());
    } catch (const Interrupted&) {
      return true;
    } catch (const std::runtime_error& failure) {  // the file unreadable, objdump failed
      analysis::warn(b, results::WarningCode::profiler, std::string("--prof asm: no hot code: ") + failure.what());
    }
  }
  return false;
}

}  // namespace tare::runner
