// The results of a run: what the runner measured, what the statistics concluded, and the
// context. Reporters (console, JSON, CSV) read it; the JSON reader rebuilds it. Plain
// data, no behaviour: the shape mirrors the `tare.results/1` JSON schema (docs/results.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "results/finding.hpp"
#include "results/system_check.hpp"
#include "tare/mode.hpp"

namespace tare::results {

/// Barrett et al.'s class of a fork's series (flat, warmup, slowdown, no steady state), or
/// why it has none: too few samples to tell (unchecked), one cold call (single shot). The
/// JSON and the console name them (report/enum_names.hpp).
enum class SteadyClass { flat, warmup, slowdown, no_steady_state, unchecked, single_shot };

/// Why the runner stopped adding forks to a benchmark; none while it has not stopped.
/// The JSON names them (report/enum_names.hpp): null, "target-ci", "budget", "max-forks",
/// "failed", "skipped", "interrupted", "in progress".
enum class StopReason { none, target_ci, budget, max_forks, failed, skipped, interrupted, in_progress };

/// How far a warning qualifies the number it comes with: unusable (the number does not
/// measure the code: work optimised away, an unoptimised build, forks that failed), caution
/// (a valid number that needs reading with care) or note (advice and context).
enum class Severity { unusable, caution, note };

/// What a warning is about. The JSON names them (report/warning_names.hpp), and the names are
/// stable for scripts; `unclassified` is a warning read from a file without codes.
enum class WarningCode {
  unoptimised_build,
  assertions_enabled,
  optimised_away,
  failed,
  run_unfinished,
  unsteady_score,
  unsteady_forks,
  slowdown,
  steady_unchecked,
  slow_start,
  slow_start_unbounded,
  slow_start_unchecked,
  two_modes,
  process_dependent,
  forks_far_apart,
  disturbed_samples,
  score_disturbed,
  machine_drift,
  machine_busy,
  target_not_reached,
  forks_below_minimum,
  no_interval,
  timer_cost,
  coarse_clock,
  waits,
  fresh_memory,
  teardown,
  major_faults,
  stale_input,
  profiler,
  threads_apart,
  unclassified,
};

/// One judgement that qualifies a benchmark's number: its code and severity for scripts
/// and colours; the facts it rests on and the advice, which the report words for readers
/// (report/warning_words.hpp). `text` holds the words where there are no facts to word: a
/// warning read from a results file, or one the runner writes around another's message (a
/// profiler's failure). An acknowledged warning is one the benchmark declared known
/// (tare::Group::acknowledge): kept in the results, not shown by default.
struct Warning {
  WarningCode code = WarningCode::unclassified;
  Severity severity = Severity::caution;
  std::string text;
  bool acknowledged = false;
  Facts facts = std::monostate{};
  Advice advice = {};
  friend bool operator==(const Warning&, const Warning&) = default;
};

/// One timed batch: `ops` operations took `ns` of wall time and `cpu_ns` of the threads' CPU
/// time. `counters` are the user counters accumulated during the batch (declaration order).
/// Every count of a sample is a total over the benchmark's threads (operations, CPU time,
/// counters, waits); `ns` is wall time. So in avgt a thread's time per operation is
/// ns × threads / ops (the score), and in thrpt ops / ns is the threads' throughput together.
struct Sample {
  std::uint64_t ops = 0;  ///< operations all threads ran
  double ns = 0;
  /// CPU time the benchmark's threads used inside their timed runs, summed over threads (0:
  /// not measured). Where tare timed the batch, at most threads × ns (but for the CPU clock's
  /// granularity); where every call is timed, or the operation times itself, it also holds
  /// the untimed work between the timed parts.
  double cpu_ns = 0;
  std::vector<double> counters;
  /// Time the benchmark's threads were runnable but waited for a CPU during the sample
  /// (the kernel's run-queue wait, summed over the threads); -1 where it is not kept.
  double wait_ns = -1;
  /// Times the benchmark's threads were preempted during the sample (summed over threads).
  std::int64_t preemptions = 0;
  /// Time the thread neither ran nor waited in the run queue although it never blocked:
  /// the hypervisor gave its CPU to another guest (steal), or interrupts took it. Kept for
  /// single-threaded samples timed by the harness; -1 where it is not known.
  double stolen_ns = -1;
  /// The worker process's age when the sample ended (since the program started); -1 where
  /// not known. Slow starts are judged by it.
  double age_ns = -1;
  /// With several threads: how long every thread was inside its timed run at once (the
  /// overlap of their runs, 0 when one ended before another began); -1 with one thread.
  double overlap_ns = -1;
  /// Where the benchmark times itself (a paused timer, each invocation timed apart): the time
  /// that passed from the run's start to its end, the untimed parts included (from the first
  /// thread's start to the last one's end); -1 where the harness timed the run whole, whose
  /// span is its time (`ns`). Forks are paced by it (analysis::wall_span_ns).
  double span_ns = -1;
};

/// How a fork's memory layout was shifted, replayable from the seed.
struct Layout {
  std::uint64_t seed = 0;
  std::uint32_t env_pad_bytes = 0;
  std::uint32_t stack_offset_bytes = 0;
  std::uint32_t heap_offset_bytes = 0;
};

/// getrusage deltas over the measurement phase of a fork.
struct Resources {
  long minor_faults = 0;
  long major_faults = 0;
  long voluntary_switches = 0;
  long involuntary_switches = 0;
  long max_rss_kib = 0;  ///< the worker's peak resident set when it finished (0: not known)
  /// The operations of every sample measured while these were counted. Per-operation figures
  /// divide by it, not by the scored samples' operations: the fork's analysis may move the
  /// first measured samples into the warmup, but their faults and switches stay counted.
  std::uint64_t ops = 0;
};

/// What --prof alloc counted over a counting fork's measured batches (the benchmark's
/// untimed parts left out), as the worker's allocation counter totalled it; the figures per
/// operation divide by `ops`, the operations of exactly those batches.
struct Allocations {
  std::uint64_t ops = 0;
  std::uint64_t allocations = 0;
  std::uint64_t frees = 0;
  std::uint64_t bytes = 0;            ///< asked for by those allocations
  std::uint64_t peak_live_bytes = 0;  ///< most usable bytes held at once (per thread, summed)
};

/// What the first fork of a benchmark, warmed up to the horizon however steady it looked,
/// showed of the benchmark's speed by the age of its process: a start slower for longer
/// than an ordinary fork lives, which every later fork then warmed up past.
struct SlowStart {
  double horizon_ms = 0;      ///< how far into its process's life the fork looked (its warmup, wall time)
  double warmup_ms = 0;       ///< the samples' own time before the steady state began; 0: no slow start
  double slower = 1;          ///< time per op at first (the slow start's first segment) ÷ at the speed reached
  bool near_horizon = false;  ///< the steady state began late in the horizon: a longer start would be missed
  /// Whether the second fork, warmed up past it, was slower at the same age too (absent:
  /// no slow start, or no second fork); later forks wait it out only when it was.
  std::optional<bool> confirmed;
};

/// One worker process's contribution to a benchmark.
/// One hardware or software counter over a fork's measured samples (--prof perf): the raw
/// count, and how long the event was enabled and how long it actually counted (less when
/// the kernel multiplexed more events than the PMU has counters).
struct CounterReading {
  std::string event;  ///< as asked for: "cycles", "perf::PAGE-FAULTS"
  std::uint64_t value = 0;
  std::uint64_t enabled_ns = 0;
  std::uint64_t running_ns = 0;
};

struct Fork {
  int pid = 0;
  /// Where a fork launched as a Slurm job step ran: the node's name and the step
  /// ("<job id>.<step id>"); both empty for a local fork.
  std::string node;
  std::string slurm_step;
  Layout layout;
  std::uint64_t ops_per_sample = 0;  ///< calibrated batch size (operations per sample)
  std::vector<Sample> warmup;        ///< samples discarded as warmup, in order
  std::vector<Sample> samples;       ///< measured samples, in order
  SteadyClass steady_class = SteadyClass::flat;
  int steady_first_index = 0;        ///< index into warmup+samples where measurement began
  std::vector<int> changepoints;     ///< indices into warmup+samples where a new segment begins
  int outliers = 0;                  ///< samples kept out of changepoint detection (rolling filter)
  double lag1 = 0;                   ///< lag-1 autocorrelation of the measured values
  bool dependent = false;            ///< Ljung–Box says the measured values are not independent
  double mean = 0;                   ///< the fork's score: mean over its undisturbed samples, in the unit
  /// Measured samples that other work disturbed (their threads waited for a CPU); -1 where
  /// the kernel keeps no waits. `mean` leaves them out (when three or more others remain).
  int disturbed_samples = -1;
  std::optional<double> all_samples_mean;  ///< the mean had they counted (when any were left out)
  std::optional<SlowStart> slow_start;     ///< the first fork of a benchmark: what it saw by process age
  double setup_ns = 0;               ///< trial setup (state construction)
  double teardown_ns = 0;            ///< trial teardown (state destruction)
  double measured_ns = 0;            ///< wall time of the measured samples
  double floor_ns_per_op = 0;        ///< empty-operation floor measured in this fork
  double reference_before_ns = 0;    ///< reference workload, ns per iteration, before measuring (0: not run)
  double reference_after_ns = 0;     ///< the same, after measuring
  double wall_ns = 0;                ///< the whole fork, process start to exit (as the runner saw it)
  Resources resources;
  std::optional<Allocations> allocations;  ///< --prof alloc's counting forks only
  bool ok = true;
  std::string error;                 ///< why the fork failed ("killed by signal 11 ...")
  std::string skipped;               ///< the benchmark skipped itself, for this reason (then !ok)
  /// What the benchmark reported about itself over the measured samples (Body::annotations),
  /// as the worker sent it; for the benchmark's own reporter (Google Benchmark's counters).
  std::string annotations;
  /// --prof perf's counting forks: each counter over the measured samples (in the order the
  /// run counted them), and the operations those samples ran (the counts' denominator).
  std::vector<CounterReading> perf_readings = {};
  std::uint64_t perf_ops = 0;
};

struct Interval {
  double level = 0.95;
  double low = 0;
  double high = 0;
};

/// A profiler a run was asked for (--prof), beside the timing.
enum class Profiler { rusage, perf, instructions, alloc, disassembly };

/// A fork that ran with a profiler's instrument in its worker (--prof alloc's counter,
/// --prof perf's counters), apart from the scored forks: its counts are the profiler's
/// figures; its samples never enter the score, its interval, the judgement of warmup and
/// steady state, or the warnings.
struct ProfilingFork {
  Profiler profiler = Profiler::alloc;
  Fork fork;
};

/// One figure a profiler gives for a benchmark: its mean over the scored forks and the 95%
/// interval over them (none with fewer than two forks).
struct ProfileMetric {
  Profiler profiler = Profiler::rusage;
  std::string name;   ///< "minor_faults", "max_rss"
  std::string unit;   ///< "/op", "KiB"
  double mean = 0;
  std::optional<Interval> ci;
  int forks = 0;
  /// perf: the mean over the forks of time running / time enabled (1: counted throughout);
  /// 0 with forks 0 and no mean when the event never counted.
  std::optional<double> time_counted = {};
  /// The same whole number in every fork (a count that repeats exactly: 3 allocations per
  /// operation): shown as that number, with no interval.
  bool exact = false;
};

/// One instruction of the hot code --prof asm shows: objdump's disassembly beside callgrind's
/// count of its executions.
struct AsmInstruction {
  std::uint64_t address = 0;  ///< in the object file, as objdump shows it
  std::string text;           ///< "add %r8,%rcx" (objdump's AT&T syntax)
  std::string source;         ///< "sum.cpp:7" where debug info says; "" otherwise
  double share = 0;           ///< of every instruction counted in the timed loop's batch, 0..1
  bool hot = false;           ///< executed, in the hottest region (the loop that holds most of the count)
};

/// What a listing leaves out: how many (instructions or functions) and their share.
struct AsmElided {
  int count = 0;
  double share = 0;
};

/// A function's share of the instructions counted.
struct AsmFunctionShare {
  std::string function;
  std::string object;
  double share = 0;
};

/// The hottest region of the costliest function: the loop that holds most of its count
/// (hot_region.hpp), or without one the executed run around its costliest instruction.
struct AsmRegion {
  int instructions = 0;  ///< from its first instruction to its last, executed or not
  double share = 0;      ///< of every instruction counted in the batch
  bool loop = false;
};

/// The hot code of a benchmark (--prof asm): the costliest function's disassembly around
/// its hottest region, each instruction's share of the instructions executed in one batch
/// of the timed loop (callgrind's count), and whether the timed loop's work was optimized
/// away. The listing holds the whole region and whatever else of the function holds more
/// than a sliver of the count, up to an inline limit; beyond it, the costliest stretch of
/// that, and the function's whole listing in a file.
struct AsmProfile {
  std::uint64_t instructions = 0;  ///< counted in one batch of the timed loop (callgrind)
  std::string function;            ///< the function that executed the most of them
  std::string object;              ///< the file it is in
  double function_share = 0;
  /// The hottest region does nothing but count the timed loop's iterations (moves of
  /// constants and registers, the counter, the branch): the operation was deleted.
  bool optimized_away = false;
  AsmRegion region;
  std::vector<AsmInstruction> listing;  ///< in address order
  AsmElided before, after;              ///< the function's instructions above and below the listing
  /// What would be listed was longer than the inline limit: the listing is its costliest
  /// stretch of that many instructions.
  bool listing_cut = false;
  /// Where the function's whole annotated listing was written when the listing is cut; ""
  /// when it is not (or the file could not be written: the benchmark's warnings say why).
  std::string listing_file;
  std::vector<AsmFunctionShare> other_functions;  ///< the next costliest, most first
  AsmElided more_functions;        ///< the functions after those (count: functions)
  /// Of `instructions`, those counted at rep-prefixed string instructions (rep stos, rep
  /// movs, ...), which callgrind counts once per iteration and once more where each ends.
  std::uint64_t rep_string_instructions = 0;
};

/// What callgrind counted in one worker of a benchmark (--prof instructions): the
/// instructions of batches of N and 2N invocations of the benchmark, and of the empty
/// operation in the same kind of loop. The difference of the two batches is N invocations'
/// worth, without what every batch costs once (entering the loop, reading the clock).
struct InstructionCounts {
  std::uint64_t invocations = 0;  ///< N
  std::uint64_t ops_per_invocation = 1;
  std::uint64_t body_n = 0, body_2n = 0;    ///< instructions in the batches of N and 2N
  std::uint64_t empty_n = 0, empty_2n = 0;  ///< the same for the empty operation
  /// Of body_n and body_2n, the counts at rep-prefixed string instructions (rep stos, rep
  /// movs, ...): callgrind counts such an instruction once per iteration, and once more
  /// where the repeat ends. nullopt when they were not looked for.
  struct RepStrings {
    std::uint64_t n = 0, two_n = 0;
  };
  std::optional<RepStrings> rep_strings;
};

/// One function of a benchmark's timed code: executed inside its timed batch, in the
/// benchmark's own binary.
struct CodeFunction {
  std::string name;               ///< demangled, as callgrind names it
  std::string digest;             ///< 16 hex digits: a hash of its normalised instructions
  std::uint64_t address = 0;      ///< its entry (first instruction) address in the binary
  std::uint64_t instructions = 0; ///< instructions in the normalised listing
};

/// What a benchmark's timed code is (by content) and where it sits (--prof instructions,
/// --prof asm): two builds whose functions have the same digests run the same machine code,
/// wherever the linker put it.
struct CodeIdentity {
  std::vector<CodeFunction> functions;             ///< sorted by name
  std::string hot_function;                        ///< the function holding the hottest loop
  std::optional<std::uint64_t> hot_loop_address;   ///< first instruction of the hottest loop
  /// The instructions `invocations` invocations of the timed loop executed (callgrind: the
  /// batch of 2N less the batch of N); 0 unknown. The same code executing as many
  /// instructions took the same path through it: the data it works on did not change it.
  std::uint64_t invocations = 0, instructions = 0;
};

/// Tukey counts over the measured samples (fences per fork) and how much of the
/// within-fork variance outliers explain (median over forks).
struct Outliers {
  int low_severe = 0, low_mild = 0, high_mild = 0, high_severe = 0;
  double variance_fraction = 0;  ///< in [0, 1]
  std::string effect;            ///< "none", "slight", "moderate", "severe"
};

/// A cluster of forks that agree with each other and not with the rest.
struct ForkMode {
  double mean = 0;
  int forks = 0;
};

/// The hierarchical bootstrap (forks, then samples or blocks within forks).
struct Bootstrap {
  Interval mean;        ///< of the score (mean of fork means)
  Interval median;      ///< of the median of all samples
  int resamples = 0;
  int block_length = 1; ///< 1: single samples resampled; > 1: blocks (dependent samples)
};

/// How much the machine's speed moved while the benchmark ran, from the reference
/// workload each fork timed, and the score with that movement divided out.
struct Drift {
  double movement = 0;  ///< (max - min) / median of the forks' reference times
  std::optional<double> normalized_score;
  std::optional<Interval> normalized_ci;
};

/// A benchmark relative to its family's baseline (same parameters and threads): the ratio
/// of the scores, this / baseline, with a hierarchical-bootstrap interval.
struct Relative {
  std::string baseline;  ///< the baseline benchmark's full name
  double ratio = 0;
  Interval ci;
};

/// Where a benchmark's spread between runs came from: the machine's speed between runs
/// (Context::between_runs; the benchmark has too few past runs of its own), its own past
/// runs shrunk toward the machine's speed, or its own past runs alone (the machine's speed
/// not known). The JSON names them (report/enum_names.hpp): "machine speed", "shrunk",
/// "own history".
enum class SpreadSource { machine_speed, shrunk, own_history };

/// The spread between runs a benchmark's interval across runs took in
/// (analysis/between_run_spread).
struct AcrossRuns {
  SpreadSource source = SpreadSource::machine_speed;
  int runs = 0;       ///< the benchmark's past runs on this machine counted (recent, same code)
  int set_aside = 0;  ///< of those, runs further than 3.5 scaled MADs from their median, left out
  double between_run_sd = 0;  ///< standard deviation between runs, relative: what the interval took in
  double own_sd = -1;         ///< the benchmark's own estimate of it, relative; -1 with too few past runs
  /// Of the quantile the spread was multiplied by (Student's t); 0: the normal quantile.
  double degrees_of_freedom = 0;
};

/// Items or bytes per second (Group::items_per_op, bytes_per_op), from the score: the
/// amount per operation over the time per operation, its interval the score's turned the
/// same way.
struct Rate {
  double value = 0;
  std::optional<Interval> ci;
};

/// One benchmark at one point of its parameter matrix.
struct Benchmark {
  std::string name;    ///< "lookup.binary/size=1024/threads=2"
  std::string family;  ///< "lookup.binary" (the name without parameters)
  std::string group;   ///< "lookup"
  std::vector<std::pair<std::string, std::string>> params;
  Mode mode = Mode::avgt;
  std::string unit = "ns/op";
  int threads = 1;
  std::uint64_t ops_per_invocation = 1;
  std::vector<std::string> counter_names;
  /// Items and bytes one operation processes (Group::items_per_op, bytes_per_op); 0: not declared.
  double items_per_op = 0, bytes_per_op = 0;

  bool ok = true;
  std::string error;        ///< first failure, when !ok
  std::string skipped;      ///< the benchmark skipped itself, for this reason (then !ok, not a failure)
  StopReason stop_reason = StopReason::none;

  // Estimates over forks (the fork is the unit of evidence). Absent with < 2 good forks.
  std::optional<double> score;
  std::optional<Interval> ci;
  std::optional<double> median;
  std::optional<double> between_fork_variance;
  std::optional<double> within_fork_variance;
  std::string within_fork_method;  ///< "samples", or "batch means" when samples are dependent
  std::string ci_method;           ///< how `ci` was computed
  std::optional<Interval> median_ci;  ///< sign-test CI of the median over fork means (>= 6 forks)
  /// `ci` widened by the spread between runs (across_runs: learned from the benchmark's own
  /// past runs, else the machine's speed between runs, Context::between_runs): where runs of
  /// this benchmark at other moments should score. Absent while the history holds too few
  /// runs. The console prints it when present.
  std::optional<Interval> ci_across_runs;
  /// Where the spread between runs in ci_across_runs came from (present with it).
  std::optional<AcrossRuns> across_runs;
  /// Share of the measured samples that other work disturbed (absent: waits not known);
  /// the score leaves them out.
  std::optional<double> disturbed_share;
  /// The score had the disturbed samples counted (absent: waits not known).
  std::optional<double> all_samples_score;
  /// Fewer than two forks kept enough undisturbed samples: the score counts samples other
  /// work disturbed, and is no measurement of the code alone (the console shows it as ~).
  bool score_disturbed = false;
  std::optional<double> mad;       ///< median absolute deviation of the fork means (normal-scaled)
  std::string steady_state;        ///< across forks: a class, "good inconsistent" or "bad inconsistent"
  std::optional<Bootstrap> bootstrap;
  std::optional<Outliers> outliers;
  std::vector<ForkMode> modes;     ///< two entries when the forks split into two modes
  std::optional<Drift> drift;
  std::optional<Relative> relative;  ///< when its family has a baseline (not itself)
  /// Google Benchmark's items_per_second and bytes_per_second: absent when not declared or
  /// without a score.
  std::optional<Rate> items_per_second, bytes_per_second;

  /// User counters per operation, same order as counter_names.
  std::vector<double> counters_per_op;
  /// Percentiles of per-call times (sample and ss modes): (p in [0,100], ns).
  std::vector<std::pair<double, double>> percentiles;
  double floor_ns_per_op = 0;      ///< empty-op floor (median over forks)
  double timer_cost_ns_per_op = 0; ///< clock cost included per op when each call is timed
  std::vector<ProfileMetric> profile;  ///< what the profilers asked for found (--prof)
  std::optional<InstructionCounts> instruction_counts;  ///< --prof instructions, when callgrind counted them
  std::optional<AsmProfile> hot_code;   ///< --prof asm
  std::optional<CodeIdentity> code;     ///< --prof instructions or asm: the timed code's identity

  std::vector<Fork> forks;
  /// --prof alloc, --prof perf: the forks that counted, after the scored ones (in the order
  /// the profilers were asked for); never scored.
  std::vector<ProfilingFork> profiling_forks;
  std::vector<Warning> warnings;
};

struct Context {
  std::string date;          ///< ISO 8601, UTC
  std::string host;
  std::string executable;
  std::string tare_version;
  std::string command_line;
  std::uint64_t seed = 0;
  /// The runner's settings (what a plan must keep to predict a run's cost); 0 unknown.
  struct Settings {
    int min_forks = 0, max_forks = 0;
    double budget_seconds = 0, target_ci_percent = 0;
    double measure_ms = 0, warmup_max_ms = 0, steady_band_percent = 0, timeout_seconds = 0;
    std::vector<Profiler> profilers = {};
  } settings;
  struct Cpu {
    std::string model;
    int cores = 0;
    std::string scaling_governor;  ///< "" when not readable
    std::optional<bool> turbo;     ///< when readable
  } cpu;
  struct Build {
    std::string compiler;
    std::string flags;
    std::string type;  ///< CMake build type of the tare library
    bool debug = false;
  } build;
  struct Clock {
    std::string name;  ///< "tsc" or "clock_gettime(CLOCK_MONOTONIC)"
    double resolution_ns = 0;
    double overhead_ns = 0;
    double tsc_ghz = 0;  ///< 0 when not the TSC
    std::string clocksource;
  } clock;
  int aslr = -1;  ///< /proc/sys/kernel/randomize_va_space, -1 unknown
  double load_average_1m = -1;
  double busy_cores = -1;  ///< CPU other processes used during the run, in cores; -1 unknown
  /// Of the CPU time /proc/stat counted over the run, the share the hypervisor gave to other
  /// guests (steal); -1 unknown.
  double steal_share = -1;
  std::string virtualization;  ///< "none", "kvm", ...
  double reference_ns = 0;     ///< reference workload, ns per iteration, median over all forks; 0 unknown
  double drift = -1;           ///< (max - min) / median of every fork's reference time; -1 unknown
  /// The machine's speed between runs: the reference workload's readings of recent runs on
  /// this machine (this one included) and their spread.
  struct BetweenRuns {
    int runs = 0;             ///< readings counted
    double relative_sd = -1;  ///< standard deviation, relative; -1 unknown (too few runs, or no history)
    std::string history;      ///< the file the readings came from; "" when there is none
  } between_runs;
  std::vector<std::string> warnings;
  /// Whether the machine was ready to benchmark (`tare system`'s checks, read as the run
  /// ended, steal over the run itself); empty when not checked (an older file).
  std::vector<SystemState> system = {};
  /// --prof perf: the events asked for, how far the kernel let them count, and those this
  /// machine could not count (event, why).
  struct Perf {
    std::vector<std::string> events = {};
    bool user_only = false;            ///< the kernel was left out (perf_event_paranoid)
    std::optional<int> paranoid = {};  ///< /proc/sys/kernel/perf_event_paranoid
    std::vector<std::pair<std::string, std::string>> unavailable = {};
  };
  std::optional<Perf> perf = {};
};

struct Run {
  Context context;
  std::vector<Benchmark> benchmarks;
};

}  // namespace tare::results
