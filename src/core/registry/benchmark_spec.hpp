// What the library keeps of one registered benchmark family, and the interface through which
// the worker runs it (Body): the native benchmarks of include/tare (registry/native_body) and
// the Google Benchmark layer (src/products/gbench) each implement it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "tare/mode.hpp"
#include "tare/params.hpp"
#include "results/source_api.hpp"
#include "tare/warning.hpp"

namespace tare::detail {

/// A benchmark's state as the worker holds it: built by Body::make_state, destroyed with it.
class StateBase {
 public:
  virtual ~StateBase() = default;
};

/// What the worker knows of the fork ahead, from the runner's plan: how long it will take
/// samples in all (warmup and measurement; 0: not said), and the time per invocation earlier
/// forks of the benchmark measured (0: none yet).
struct ForkOutlook {
  double span_ns = 0;
  double invocation_ns = 0;
};

/// What a profiler calls on a benchmark thread around the parts of a timed run that are not
/// the timed operation (per-invocation hooks, a paused timer): `aside` as such a part
/// begins, `back` as the operation goes on. Both set, or neither.
struct UntimedBracket {
  void (*aside)() = nullptr;
  void (*back)() = nullptr;
};

/// What the worker process needs of one benchmark.
class Body {
 public:
  virtual ~Body() = default;
  /// Trial setup: builds the state (once per fork, or once per thread).
  virtual std::unique_ptr<StateBase> make_state(const Params& params) const = 0;
  /// Runs `n` invocations in the benchmark's own timed loop; returns elapsed ticks.
  virtual std::uint64_t run(StateBase& state, std::uint64_t n) const = 0;
  virtual void before_sample(StateBase& state) const = 0;
  virtual void after_sample(StateBase& state) const = 0;
  /// Current values of the user counters, in declaration order.
  virtual void read_counters(StateBase& state, double* out) const = 0;
  /// True when each invocation is timed on its own (per-invocation setup/teardown).
  virtual bool times_each_invocation() const = 0;
  /// The operation times itself (Google Benchmark's loop, with paused or manual time): with
  /// several threads a sample's time is the mean of the threads' own totals, not the window
  /// from the first start to the last end.
  virtual bool times_itself() const { return false; }
  /// The time is what the operation says it took (Google Benchmark's manual time: a GPU's
  /// or a remote system's clock), not a clock around it: the CPU time spent meanwhile is no
  /// measure of waiting.
  virtual bool reports_its_own_time() const { return false; }
  /// The fork ahead, told once per state as it is made (a body whose calls of the user's
  /// function span samples plans them by it).
  virtual void expect(StateBase&, const ForkOutlook&) const {}
  /// Before a run of `n` invocations, on the thread that will run it and outside its timing
  /// (and the scheduler's account of it): a body whose calls of the user's function span
  /// samples ends a call and starts the next one here, set-up included.
  virtual void prepare_run(StateBase&, std::uint64_t) const {}
  /// Whether prepare_run has anything to do before a run of `n` (read between runs, from the
  /// worker's thread): with several threads, the worker wakes them for it only then.
  virtual bool run_needs_preparing(const StateBase&, std::uint64_t) const { return false; }
  /// The CPU time the last run() used while the operation's own timer ran (Google
  /// Benchmark's loop, which pauses); negative when the body does not know it, and the CPU
  /// time read around the run stands.
  virtual double timed_cpu_ns(const StateBase&) const { return -1; }
  /// A call that spans samples ends here, on the state's own thread (and every thread's at
  /// once): before the annotations are read and before teardown.
  virtual void end_call(StateBase&) const {}
  /// One self-contained run of `n` invocations for callgrind to count: a call of its own,
  /// never one resumed (callgrind follows calls, not switches of stack).
  virtual std::uint64_t run_alone(StateBase& state, std::uint64_t n) const { return run(state, n); }
  /// From here on, the untimed parts of the state's runs are bracketed by `bracket`'s calls,
  /// on the thread that runs them (--prof alloc: what they allocate is not the operation's).
  virtual void bracket_untimed(StateBase&, const UntimedBracket&) const {}
  /// The measured samples start: what the benchmark reports about itself counts from here.
  virtual void begin_measurement(StateBase&) const {}
  /// What the benchmark reported about itself over the measured samples, one line of text
  /// for its own reporter (the Google Benchmark layer: user counters, label, complexity N),
  /// from the state of every thread; empty when there is nothing.
  virtual std::string annotations(const std::vector<StateBase*>&) const { return {}; }
};

/// Per-benchmark settings that override the runner's (0: the runner's own). Google
/// Benchmark's Iterations, MinTime, MinWarmUpTime and Repetitions map onto them.
struct RunSettings {
  std::uint64_t invocations = 0;  ///< a fixed batch size: no calibration (in single shot: the one call's)
  double measure_ms = 0;          ///< measured time per fork
  double warmup_max_ms = 0;       ///< warm up at most this long per fork
  double horizon_ms = 0;          ///< the first fork watches for a slow start this long
  double warmup_min_ms = 0;       ///< warm up at least this long per fork (the bound grows to match)
  int forks = 0;                  ///< exactly this many forks
};

/// A quantity each operation processes (items, bytes; Group::items_per_op): `count`, times
/// the value of the parameter `param` at each point when it is named.
struct PerOp {
  std::uint64_t count = 0;  ///< 0: not declared
  std::string param;
};

/// What tare can tell of how an operation's input is renewed: a reset per sample serves
/// only the sample's first call when the operation may change the state.
struct InputRenewal {
  bool operation_mutates_state = false;  ///< takes State& (not const State&), as far as its type says
  bool per_sample_hook = false;          ///< before_sample or after_sample
  bool per_call_hook = false;            ///< before_each or after_each
};

/// The API a benchmark's source is written against (the words of its advice).
using SourceApi = results::SourceApi;

/// A registered benchmark family: one operation, all its parameter combinations.
struct BenchmarkSpec {
  std::string name;   ///< "group.bench", or "bench" outside a group
  std::string group;  ///< "group", or "" outside a group
  std::vector<std::pair<std::string, std::vector<std::string>>> params;
  std::vector<int> threads{1};
  Mode mode = Mode::avgt;
  bool shared_state = false;
  std::uint64_t ops_per_invocation = 1;
  std::vector<std::string> counters;
  PerOp items_per_op, bytes_per_op;
  InputRenewal input;
  bool optimized = true;   ///< compiled with optimisation (read in the user's TU)
  bool assertions = false; ///< compiled without NDEBUG
  std::string baseline;    ///< full name of the group's baseline benchmark ("lookup.linear"), or ""
  /// The name is the instance's whole name: nothing is appended for parameters or threads
  /// (Google Benchmark's names, which carry both in their own notation).
  bool name_is_complete = false;
  SourceApi api = SourceApi::tare;
  RunSettings settings;
  std::vector<Warning> acknowledged;  ///< warnings the benchmark declared known
  std::shared_ptr<const Body> body;
};

void register_benchmark(BenchmarkSpec spec);
/// Marks `baseline` (a full name) as the baseline of every benchmark of `group`, those
/// registered already included.
void set_group_baseline(const std::string& group, const std::string& baseline);

}  // namespace tare::detail
