// tare::run: the benchmark binary's main. Parses options, validates everything before
// measuring anything, runs forks of all benchmarks interleaved in a seeded random order,
// summarises and reports.
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstring>
#include <iostream>
#include <memory>
#include <random>
#include <optional>
#include <regex>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis/calibration.hpp"
#include "analysis/drift.hpp"
#include "analysis/relative.hpp"
#include "analysis/stopping.hpp"
#include "analysis/summarize.hpp"
#include "analysis/warning_severity.hpp"
#include "clock/active_clock.hpp"
#include "registry/per_op.hpp"
#include "registry/registry.hpp"
#include "report/console.hpp"
#include "report/enum_names.hpp"
#include "results/store.hpp"
#include "runner/callgrind_fork.hpp"
#include "runner/alloc_library.hpp"
#include "runner/between_runs.hpp"
#include "runner/campaign.hpp"
#include "runner/counted_instructions.hpp"
#include "runner/fork.hpp"
#include "runner/hot_code_file.hpp"
#include "runner/hot_code_profile.hpp"
#include "runner/options.hpp"
#include "runner/perf_plan.hpp"
#include "runner/profiling_forks.hpp"
#include "runner/result_files.hpp"
#include "runner/run_history.hpp"
#include "runner/run.hpp"
#include "runner/slurm_launcher.hpp"
#include "runner/slurm_run.hpp"
#include "runner/worker_process.hpp"
#include "system/describe_clock.hpp"
#include "system/describe_machine.hpp"
#include "system/read_system_facts.hpp"
#include "system/find_on_path.hpp"
#include "system/machine_warnings.hpp"
#include "system/other_load.hpp"
#include "system/speed_history.hpp"
#include "tare/tare.hpp"
#include "worker/protocol.hpp"
#include "worker/worker_main.hpp"

namespace tare {
namespace runner {

namespace {

// Group::items_per_op("size") at every instance, before any work: a parameter the
// command line set to something that is not a count is a usage error.
void check_amounts_per_op(const registry::Instance& instance) {
  try {
    registry::amount_per_op(instance.spec->items_per_op, instance.params, "items_per_op");
    registry::amount_per_op(instance.spec->bytes_per_op, instance.params, "bytes_per_op");
  } catch (const std::invalid_argument& e) {
    throw UsageError(instance.name + ": " + e.what());
  }
}

}  // namespace

std::vector<registry::Instance> select_instances(const RunOptions& options) {
  if (registry::all().empty()) throw UsageError("this executable declares no benchmarks");
  std::vector<registry::Instance> instances;
  try {
    instances = registry::expand(registry::all(), options.overrides);
  } catch (const registry::UnknownParameter& e) {
    throw UsageError(e.what());
  }
  if (options.filter) {
    std::regex pattern;
    try {
      pattern = std::regex(*options.filter, std::regex::ECMAScript);
    } catch (const std::regex_error& e) {
      throw UsageError("--filter " + *options.filter + ": not a valid regular expression (" + e.what() + ")");
    }
    std::erase_if(instances, [&](const registry::Instance& i) { return !std::regex_search(i.name, pattern); });
    if (instances.empty()) throw UsageError("--filter " + *options.filter + " matches no benchmark (see --list)");
  }
  for (const auto& instance : instances) check_amounts_per_op(instance);
  return instances;
}

void write_instances_json(const std::vector<registry::Instance>& instances, std::ostream& out) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const auto& instance : instances) {
    nlohmann::ordered_json params = nlohmann::ordered_json::object();
    for (const auto& [key, value] : instance.params) params[key] = value;
    list.push_back({{"name", instance.name},
                    {"family", instance.spec->name},
                    {"params", params},
                    {"threads", instance.threads},
                    {"mode", report::mode_name(instance.mode)},
                    {"ops_per_invocation", instance.spec->ops_per_invocation}});
    // Declared amounts only, so that a listing without them reads as before.
    const double items = registry::amount_per_op(instance.spec->items_per_op, instance.params, "items_per_op");
    const double bytes = registry::amount_per_op(instance.spec->bytes_per_op, instance.params, "bytes_per_op");
    if (items > 0) list.back()["items_per_op"] = items;
    if (bytes > 0) list.back()["bytes_per_op"] = bytes;
  }
  // Names come from the user's code and may hold any bytes: escaped by the dump, and
  // invalid UTF-8 written as U+FFFD rather than thrown about.
  out << list.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << "\n";
}

namespace {

// The locale's character set as the C library would take it: LC_ALL, else LC_CTYPE, else LANG.
bool locale_is_utf8() {
  for (const char* name : {"LC_ALL", "LC_CTYPE", "LANG"}) {
    const char* value = std::getenv(name);
    if (value == nullptr || *value == '\0') continue;
    std::string text(value);
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
    return text.find("utf-8") != std::string::npos || text.find("utf8") != std::string::npos;
  }
  return false;
}

results::Benchmark describe(const registry::Instance& instance) {
  results::Benchmark b;
  b.name = instance.name;
  b.family = instance.spec->name;
  b.group = instance.spec->group;
  b.params = instance.params;
  b.mode = instance.mode;
  b.unit = report::mode_unit(instance.mode);
  b.threads = instance.threads;
  b.ops_per_invocation = instance.spec->ops_per_invocation;
  b.counter_names = instance.spec->counters;
  b.items_per_op = registry::amount_per_op(instance.spec->items_per_op, instance.params, "items_per_op");
  b.bytes_per_op = registry::amount_per_op(instance.spec->bytes_per_op, instance.params, "bytes_per_op");
  return b;
}

// The run with estimates and warnings. Benchmarks still running get the stop reason "in
// progress" in a checkpoint, "interrupted" in the final summary (Ctrl-C).
results::Run summarized(results::Run run, const std::vector<registry::Instance>& instances,
                        analysis::SummaryContext context, bool checkpoint) {
  analysis::measure_run_drift(run);
  context.run_reference_ns = run.context.reference_ns;
  context.checkpoint = checkpoint;
  const auto unfinished = checkpoint ? results::StopReason::in_progress : results::StopReason::interrupted;
  for (std::size_t i = 0; i < instances.size(); ++i) {
    auto& b = run.benchmarks[i];
    if (b.stop_reason == results::StopReason::none) {
      b.stop_reason = unfinished;
      analysis::warn(b, results::WarningCode::run_unfinished, std::string("run ") + report::stop_reason_name(unfinished) +
                           ": the estimate rests on the forks completed so far");
    }
    analysis::summarize(b, instances[i], context);
  }
  if (!checkpoint) analysis::relate_to_baselines(run, instances);
  return run;
}

}  // namespace

std::string executable_path() {
  char buffer[4096];
  const ssize_t n = readlink("/proc/self/exe", buffer, sizeof buffer - 1);
  if (n <= 0) throw std::runtime_error("cannot find this executable (/proc/self/exe)");
  return std::string(buffer, static_cast<std::size_t>(n));
}

report::ConsoleOptions console_options(const RunOptions& options) {
  report::ConsoleOptions console;
  console.color = isatty(STDOUT_FILENO) != 0 && std::getenv("NO_COLOR") == nullptr;
  if (options.plot) console.plot = terminal_glyphs();
  console.verbose = options.verbose;
  return console;
}

report::Glyphs terminal_glyphs() { return locale_is_utf8() ? report::Glyphs::unicode : report::Glyphs::ascii; }

namespace {

bool asked_for(const RunOptions& options, results::Profiler profiler) {
  return std::find(options.profilers.begin(), options.profilers.end(), profiler) != options.profilers.end();
}

// What the profilers asked for need from outside the program: found before anything is
// measured, as the result files are checked, so that a missing tool costs no measurement.
struct ProfilerTools {
  std::string alloc_library;    ///< --prof alloc: the preloaded counter
  std::string valgrind;         ///< --prof instructions
  std::string objdump;          ///< --prof instructions: what the timed code is, when installed
  std::optional<HotCodeTools> hot_code;  ///< --prof asm: valgrind and objdump
};

ProfilerTools find_profiler_tools(const RunOptions& options) {
  ProfilerTools tools;
  if (asked_for(options, results::Profiler::alloc)) tools.alloc_library = find_alloc_library(alloc_library_places());
  if (asked_for(options, results::Profiler::instructions)) {
    tools.valgrind = require_valgrind("--prof instructions");
    tools.objdump = system::find_on_path("objdump").value_or("");
  }
  if (asked_for(options, results::Profiler::disassembly)) tools.hot_code = require_hot_code_tools();
  return tools;
}

ForkPlan fork_plan(const RunOptions& options, const clock::Characterization& clock, const Machine& machine) {
  ForkPlan plan;
  plan.launcher = machine.launcher;
  plan.executable = executable_path();
  // Another machine's workers read its clock at its rate (0 when it is not the TSC).
  plan.tsc_ghz = machine.context ? machine.context->clock.tsc_ghz : clock::tsc_ghz();
  plan.clock_resolution_ns = clock.resolution_ns;
  plan.clock_overhead_ns = clock.overhead_ns;
  plan.measure_ns = options.measure_ms * 1e6;
  plan.warmup_max_ns = options.warmup_max_ms * 1e6;
  plan.horizon_ns = (options.horizon_ms > 0 ? options.horizon_ms : options.warmup_max_ms) * 1e6;
  plan.min_samples = options.min_samples;
  plan.steady_band = options.steady_band_percent / 100;
  plan.timeout_seconds = options.timeout_seconds;
  return plan;
}

analysis::StopRule stop_rule(const RunOptions& options) {
  analysis::StopRule rule;
  rule.min_forks = options.min_forks;
  rule.max_forks = options.max_forks;
  rule.budget_ns = options.budget_seconds * 1e9;
  rule.target_relative_half_width = options.target_ci_percent / 100;
  return rule;
}

// What a run spends before its first fork, waiting: the TSC's rate is timed until it is
// known to 1e-5 (clock::kTscRateError: some 4 ms on a VM whose clock reads take 30 ns),
// 20 ms at most. (The rest of the machine's load is read over the run itself:
// system::OtherLoad.)
constexpr std::chrono::milliseconds kTscCalibration{20};

results::Run described_run(const RunOptions& options, const std::vector<registry::Instance>& instances,
                          const clock::Characterization& clock, const Machine& machine) {
  results::Run run;
  if (machine.context) {
    run.context = *machine.context;
  } else {
    system::describe_machine(run.context);
    system::describe_clock(run.context, clock);
  }
  run.context.command_line = options.command_line;
  run.context.settings = {options.min_forks,      options.max_forks,   options.budget_seconds,
                          options.target_ci_percent, options.measure_ms, options.warmup_max_ms,
                          options.steady_band_percent, options.timeout_seconds, options.profilers};
  run.context.seed = options.seed.value_or(std::random_device{}());
  for (const auto& instance : instances) run.benchmarks.push_back(describe(instance));
  return run;
}

// The profilers that count in forks of their own (alloc, perf), in the order asked for:
// the scored forks' plan with that one instrument on. perf's events are probed here, before
// anything is measured; with none that counts here it has no forks.
std::vector<ProfilingPlan> profiling_plans(const RunOptions& options, const ProfilerTools& tools, const ForkPlan& scored,
                                           results::Context& context) {
  std::vector<ProfilingPlan> plans;
  for (const auto profiler : options.profilers) {
    ProfilingPlan profiling{profiler, scored};
    if (profiler == results::Profiler::alloc) {
      profiling.plan.alloc_library = tools.alloc_library;
    } else if (profiler == results::Profiler::perf) {
      plan_perf(options, context, profiling.plan, std::cerr);
      if (profiling.plan.perf_events.empty()) continue;
    } else {
      continue;
    }
    plans.push_back(std::move(profiling));
  }
  return plans;
}

// After the timing, the profilers that need a worker of their own under callgrind. True
// when the user interrupted them.
bool run_callgrind_profilers(results::Run& run, const std::vector<registry::Instance>& instances, const ForkPlan& plan,
                             const ProfilerTools& tools, const RunOptions& options) {
  if (!tools.valgrind.empty() && count_instructions(run, instances, plan, tools.valgrind, tools.objdump, options.quiet))
    return true;
  const ListingFiles listings{listing_directory(options.json_path, options.csv_path)};
  return tools.hot_code && profile_hot_code(run, instances, plan, *tools.hot_code, listings, options.quiet);
}

// The clock the forks time with: this machine's best, or the one another machine's context
// describes (its workers choose the same).
clock::Characterization machine_clock(const Machine& machine) {
  if (!machine.context) {
    clock::select_best(kTscCalibration);
    return clock::characterize_active();
  }
  return {machine.context->clock.resolution_ns, machine.context->clock.overhead_ns};
}

}  // namespace

Measured measure(const RunOptions& options, const std::vector<registry::Instance>& instances, const Machine& machine) {
  const ProfilerTools tools = find_profiler_tools(options);
  ResultFiles files(options);  // checked before anything is measured, as the tools are
  // Checked before anything is measured too: a file that is no history is refused here.
  const std::unique_ptr<results::RunHistory> history = open_run_history(options, executable_path());
  install_interrupt_handlers();
  const auto characterization = machine_clock(machine);
  // The load of this machine's other processes: that of the machine the forks run on.
  std::optional<system::OtherLoad> other_load;
  if (!machine.context) other_load.emplace();

  results::Run run = described_run(options, instances, characterization, machine);
  // The scored forks run with no profiler's instrument in their workers.
  const ForkPlan plan = fork_plan(options, characterization, machine);
  const std::vector<ProfilingPlan> profiling = profiling_plans(options, tools, plan, run.context);
  const analysis::StopRule rule = stop_rule(options);
  analysis::SummaryContext summary{rule, characterization.resolution_ns + characterization.overhead_ns, run.context.seed};
  summary.profilers = options.profilers;
  summary.bootstrap = !options.json_path.empty();

  const CampaignOutcome outcome = run_campaign(instances, run, plan, rule, run.context.seed, progress_style(options.quiet), [&] {
    // Summarising copies the run: only when a checkpoint is due.
    if (files.checkpoint_due()) files.checkpoint(summarized(run, instances, summary, true));
  });
  const bool stopped_by_user = outcome.interrupted ||
                               run_profiling_forks(run, instances, profiling, rule, run.context.seed, options.quiet) ||
                               run_callgrind_profilers(run, instances, plan, tools, options);
  // Every worker is reaped by now: the load is the rest of the machine's.
  if (other_load) {
    run.context.busy_cores = other_load->cores();
    run.context.steal_share = other_load->steal_share();
    system::describe_system(run.context);
  }
  system::add_machine_warnings(run.context);
  Measured measured{summarized(std::move(run), instances, summary, false), stopped_by_user};
  // Where the finished run goes (results/store.hpp): the history, weighed against first,
  // then the results files. An interrupted run's reading is of a moment too, but its forks
  // may be few: it stays out of the history. A history that cannot take the run says so
  // and the files are written all the same.
  if (history && !measured.interrupted) {
    const auto now = std::chrono::system_clock::now().time_since_epoch();
    weigh_between_runs(measured.run, *history, std::chrono::duration_cast<std::chrono::seconds>(now).count());
    record_in_history(*history, measured.run, std::cerr);
  }
  files.record(measured.run);
  return measured;
}

int exit_status(const Measured& measured) {
  if (measured.interrupted) return 130;
  const auto& benchmarks = measured.run.benchmarks;
  // A benchmark that skipped itself did what it meant to.
  return std::any_of(benchmarks.begin(), benchmarks.end(), [](const auto& b) { return !b.ok && b.skipped.empty(); })
             ? 1
             : 0;
}

}  // namespace runner

bool is_worker(int argc, char** argv) { return argc >= 2 && std::strcmp(argv[1], worker::kWorkerFlag) == 0; }

std::string worker_benchmark(int argc, char** argv) {
  if (!is_worker(argc, argv)) return {};
  try {
    return worker::parse_args(std::vector<std::string>(argv + 2, argv + argc)).benchmark;
  } catch (const std::invalid_argument&) {
    return {};  // tare::run, serving it, says what is wrong
  }
}

int run(int argc, char** argv) {
  if (is_worker(argc, argv))
    return worker::run_worker(std::vector<std::string>(argv + 2, argv + argc));
  if (argc >= 2 && std::strcmp(argv[1], runner::kDescribeFlag) == 0) return runner::describe_this_machine();

  const char* program = argc > 0 ? argv[0] : "bench";
  try {
    const auto options = runner::parse_options(argc, argv);
    if (!options) return 0;
    const auto instances = runner::select_instances(*options);
    if (options->list_json) {
      runner::write_instances_json(instances, std::cout);
      return 0;
    }
    if (options->list) {
      for (const auto& instance : instances)
        std::cout << instance.name << "  [" << report::mode_name(instance.mode) << "]\n";
      return 0;
    }
    if (options->launcher == runner::LauncherKind::slurm) return runner::run_on_slurm(*options, instances);
    const runner::Measured measured = runner::measure(*options, instances);
    report::write_console(measured.run, std::cout, runner::console_options(*options));
    // A quick look's numbers must not pass for a full run's.
    if (options->quick) std::cout << runner::quick_look_note(*options) << "\n";
    return runner::exit_status(measured);
  } catch (const runner::UsageError& e) {
    std::cerr << program << ": error: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << program << ": error: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace tare
