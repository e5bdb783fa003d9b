#include "runner/callgrind_fork.hpp"

#include <unistd.h>

#include <stdlib.h>

#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <system_error>
#include <string_view>
#include <vector>

#include "disasm/rep_string_count.hpp"
#include "input/usage_error.hpp"
#include "runner/fork_steps.hpp"
#include "runner/launcher.hpp"
#include "system/find_on_path.hpp"
#include "worker/counted_batch.hpp"
#include "worker/layout.hpp"
#include "worker/protocol.hpp"

namespace tare::runner {
namespace {

std::uint64_t power_of_two_at_most(std::uint64_t n) {
  std::uint64_t power = 1;
  while (power <= n / 2) power *= 2;
  return power;
}

std::vector<std::string> callgrind_wrapper(const CallgrindPlan& plan) {
  const std::string counted = worker::kCountedBatchFunction;
  std::vector<std::string> wrapper{plan.valgrind,
                                   "--tool=callgrind",
                                   "-q",
                                   "--collect-atstart=no",
                                   "--toggle-collect=" + counted,
                                   "--dump-after=" + counted,
                                   "--callgrind-out-file=" + plan.output_directory + "/callgrind.out.%p"};
  if (plan.dump_instructions) wrapper.push_back("--dump-instr=yes");
  return wrapper;
}

// The "totals: <instructions>" line callgrind ends each file with.
std::uint64_t read_totals(const std::string& path) {
  std::ifstream in(path);
  if (!in)
    throw WorkerFailure("callgrind wrote no counts for a batch (no " + path + "): is " +
                        worker::kCountedBatchFunction + " in the binary's symbol table (not stripped)?");
  std::string line;
  constexpr std::string_view kTotals = "totals: ";
  while (std::getline(in, line)) {
    if (line.rfind(kTotals, 0) != 0) continue;
    std::uint64_t total = 0;
    const char* first = line.data() + kTotals.size();
    const char* last = line.data() + line.size();
    const auto [end, error] = std::from_chars(first, last, total);
    if (error == std::errc() && (end == last || *end == ' ')) return total;
    break;
  }
  throw WorkerFailure("callgrind's file " + path + " has no readable totals line");
}

// One counted batch: the worker runs it, callgrind writes its file as the batch's function
// returns (before the worker replies), and that file is the next part of the worker's.
CountedBatchFile count_batch(WorkerChannel& worker, const CallgrindPlan& plan, bool empty_loop, std::uint64_t invocations,
                             int part) {
  worker.send(worker::to_line(worker::CountBatch{empty_loop, invocations}));
  const std::string reply = worker.read_line();
  try {
    worker::parse_counted(reply);
  } catch (const worker::ProtocolError& e) {
    throw WorkerFailure(worker.description() + " sent " + e.what());
  }
  CountedBatchFile batch;
  batch.invocations = invocations;
  batch.path = plan.output_directory + "/callgrind.out." + std::to_string(worker.pid()) + "." + std::to_string(part);
  batch.instructions = read_totals(batch.path);
  return batch;
}

// N: the plan's, or calibrated here (the calibration's batches also warm the body up).
std::uint64_t batch_size(WorkerChannel& worker, const CallgrindPlan& plan, results::Fork& scratch) {
  if (plan.invocations > 0) {
    take_samples(worker, plan.invocations, 1);  // uncounted: the first call's binding and faults
    return plan.invocations;
  }
  return power_of_two_at_most(calibrate(worker, kCalibratedBatchNs, kMaxCountedInvocations, scratch));
}

// Of a batch's count, what callgrind counted at rep-prefixed string instructions (its file
// has per-instruction counts).
std::uint64_t rep_strings_in(const CountedBatchFile& batch) {
  try {
    return disasm::rep_string_count_of(batch.path);
  } catch (const std::runtime_error& failure) {
    throw WorkerFailure(std::string("callgrind's file of a batch: ") + failure.what());
  }
}

}  // namespace

std::optional<std::string> find_valgrind() { return system::find_on_path("valgrind"); }

std::string require_valgrind(const std::string& option) {
  auto valgrind = find_valgrind();
  if (!valgrind) throw input::UsageError(option + ": needs valgrind (apt-get install valgrind)");
  return *valgrind;
}

CallgrindDirectory::CallgrindDirectory() {
  std::string pattern = (std::filesystem::temp_directory_path() / "tare-callgrind-XXXXXX").string();
  if (!::mkdtemp(pattern.data())) throw std::system_error(errno, std::generic_category(), "mkdtemp " + pattern);
  path_ = pattern;
}

CallgrindDirectory::~CallgrindDirectory() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

CallgrindRun run_callgrind_fork(const CallgrindTarget& target, const CallgrindPlan& plan) {
  if (target.worker.threads != 1)
    throw WorkerFailure("instructions are counted for single-threaded benchmarks only (this one runs " +
                        std::to_string(target.worker.threads) + " threads)");
  worker::WorkerSpec spec = target.worker;
  spec.layout_seed = kCallgrindLayoutSeed;
  results::Fork scratch;  // what the protocol steps fill and nobody reads
  scratch.layout = worker::derive_layout(kCallgrindLayoutSeed);
  WorkerCommand command{target.executable, worker::to_args(spec), scratch.layout.env_pad_bytes,
                        callgrind_wrapper(plan), {}, {}};
  // Local always: callgrind writes its counts where the worker runs, and they are read here.
  const std::unique_ptr<WorkerChannel> channel = local_launcher().start(command, plan.timeout_seconds * kValgrindSlowdown);
  WorkerChannel& worker = *channel;
  expect_ready(worker, scratch);
  const std::uint64_t n = batch_size(worker, plan, scratch);
  measure_floor(worker, n);  // uncounted: the empty loop's first call
  begin_measurement(worker);
  CallgrindRun run;
  run.body_n = count_batch(worker, plan, false, n, 1);
  run.body_2n = count_batch(worker, plan, false, 2 * n, 2);
  run.empty_n = count_batch(worker, plan, true, n, 3);
  run.empty_2n = count_batch(worker, plan, true, 2 * n, 4);
  finish(worker, scratch);
  run.counts = {n,
                target.ops_per_invocation,
                run.body_n.instructions,
                run.body_2n.instructions,
                run.empty_n.instructions,
                run.empty_2n.instructions,
                std::nullopt};
  return run;
}

CallgrindRun run_callgrind_fork(const registry::Instance& instance, const CallgrindPlan& plan) {
  CallgrindTarget target;
  target.executable = plan.executable;
  target.worker.benchmark = instance.spec->name;
  target.worker.occurrence = registry::occurrence(*instance.spec);
  target.worker.params = instance.params;
  target.worker.threads = instance.threads;
  target.worker.tsc_ghz = plan.tsc_ghz;
  target.ops_per_invocation = instance.spec->ops_per_invocation;
  return run_callgrind_fork(target, plan);
}

results::InstructionCounts::RepStrings rep_strings_of(const CallgrindRun& run) {
  return {rep_strings_in(run.body_n), rep_strings_in(run.body_2n)};
}

}  // namespace tare::runner
