#include "body.hpp"

#include <nlohmann/json.hpp>

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "access.hpp"
#include "call.hpp"
#include "call_plan.hpp"
#include "flags.hpp"
#include "thread_manager.hpp"
#include "clock/active_clock.hpp"
#include "registry/registry.hpp"
#include "tare/benchmark.hpp"

namespace tare::gbench {
namespace {

using benchmark::internal::Access;

benchmark::MemoryManager* g_memory_manager = nullptr;

// One thread's calls: the one going on, and the reports of those that ended since the
// measurement began.
struct RunRecord final : detail::StateBase {
  int thread_index = 0;
  CallOutlook outlook;
  std::unique_ptr<Call> call;  // a call still going when the worker goes away is abandoned
  BatchTimes last;             // what the last batch measured
  double ns_per_iteration = 0;  // the last batch's, this process's measure of an iteration
  bool measuring = false;
  std::vector<CallReport> measured;
  std::int64_t calls = 0;
  double outside_ns = 0;
  benchmark::IterationCount last_iterations = 0;  // of the last batch
  detail::UntimedBracket untimed;  // told to each call: its timer's pauses are set aside
};

RunRecord& record_of(detail::StateBase& base) { return static_cast<RunRecord&>(base); }

std::uint64_t seconds_to_ticks(double seconds) {
  const double ns = seconds * 1e9;
  return static_cast<std::uint64_t>(clock::using_tsc() ? ns * clock::tsc_ghz() : ns);
}

class GbenchBody final : public detail::Body {
 public:
  GbenchBody(Instance instance, std::int64_t fixed_iterations)
      : instance_(std::move(instance)),
        fixed_iterations_(fixed_iterations),
        loops_meet_(threaded() ? std::make_unique<benchmark::internal::ThreadManager>(instance_.threads) : nullptr),
        calls_meet_(threaded() ? std::make_unique<benchmark::internal::ThreadManager>(instance_.threads) : nullptr) {}

  std::unique_ptr<detail::StateBase> make_state(const Params&) const override {
    auto record = std::make_unique<RunRecord>();
    record->thread_index = tare::thread_index();  // per-thread records are built on their thread
    return record;
  }
  void expect(detail::StateBase& base, const detail::ForkOutlook& outlook) const override {
    record_of(base).outlook = {outlook.span_ns, outlook.invocation_ns};
  }

  // A call ends when the next batch would pass its max_iterations; the next one starts and
  // runs what comes before its loop.
  void prepare_run(detail::StateBase& base, std::uint64_t n) const override {
    RunRecord& r = record_of(base);
    const auto batch = static_cast<benchmark::IterationCount>(n);
    if (r.call && r.call->room() < batch) end_call(r);
    if (!r.call) start_call(r, batch);
    r.call->start();
  }
  bool run_needs_preparing(const detail::StateBase& base, std::uint64_t n) const override {
    const RunRecord& r = static_cast<const RunRecord&>(base);
    return !r.call || !r.call->started() || r.call->room() < static_cast<benchmark::IterationCount>(n);
  }
  std::uint64_t run(detail::StateBase& base, std::uint64_t n) const override {
    RunRecord& r = record_of(base);
    const auto batch = static_cast<benchmark::IterationCount>(n);
    prepare_run(base, n);  // (done already, unless the worker did not ask)
    r.last = r.call->run_batch(batch);
    r.last_iterations = batch;
    if (r.last.ticks > 0 && batch > 0) r.ns_per_iteration = clock::ticks_to_ns(r.last.ticks) / static_cast<double>(batch);
    // A function that returned part-way (an error, its loop broken off) ends its call. An
    // error ends the benchmark, whatever the other threads are doing; with threads, a loop
    // broken off in one of them leaves the others waiting for it, as Google Benchmark says.
    if (r.call->returned()) {
      const CallReport report = r.call->end();
      if (report.error) tare::skip(report.error_message);
      if (threaded()) tare::skip("Benchmark returned before State::KeepRunning() returned false!");
      end_call(r);
    }
    if (Access::manual_time(*instance_.family)) return seconds_to_ticks(r.last.manual_seconds);
    return r.last.ticks;
  }
  double timed_cpu_ns(const detail::StateBase& base) const override {
    return static_cast<const RunRecord&>(base).last.cpu_ns;
  }
  void end_call(detail::StateBase& base) const override {
    if (record_of(base).call) end_call(record_of(base));
  }
  std::uint64_t run_alone(detail::StateBase&, std::uint64_t n) const override {
    call_hook(Access::setup(*instance_.family));
    benchmark::State state = Access::make_state(*instance_.family, instance_.name,
                                                static_cast<benchmark::IterationCount>(n), instance_.args, 0, 1);
    instance_.family->Run(state);
    call_hook(Access::teardown(*instance_.family));
    return Access::timed_ticks(state);
  }

  void before_sample(detail::StateBase&) const override {}
  void after_sample(detail::StateBase&) const override {}
  void read_counters(detail::StateBase&, double*) const override {}
  bool times_each_invocation() const override { return false; }
  bool times_itself() const override { return true; }
  bool reports_its_own_time() const override { return Access::manual_time(*instance_.family); }

  void bracket_untimed(detail::StateBase& base, const detail::UntimedBracket& bracket) const override {
    RunRecord& r = record_of(base);
    r.untimed = bracket;
    if (r.call) r.call->bracket_untimed(bracket);
  }

  void begin_measurement(detail::StateBase& base) const override {
    RunRecord& r = record_of(base);
    r.measuring = true;
    r.measured.clear();
  }

  std::string annotations(const std::vector<detail::StateBase*>& states) const override;

 private:
  bool threaded() const { return instance_.threads > 1; }
  // The benchmark's threads start and end their calls together (their loops meet too).
  void meet() const {
    if (calls_meet_) calls_meet_->arrive_and_wait();
  }

  // As Google Benchmark runs Setup before a run's threads start: on one thread, and before
  // any thread's call begins; the call's max_iterations are decided there too, for all.
  void start_call(RunRecord& r, benchmark::IterationCount batch) const {
    if (r.thread_index == 0) {
      call_hook(Access::setup(*instance_.family));
      call_iterations_ = fixed_iterations_ > 0 ? fixed_iterations_ : call_iterations(r.outlook, r.ns_per_iteration, batch);
    }
    meet();
    r.call = std::make_unique<Call>(instance_, call_iterations_.load(), r.thread_index, loops_meet_.get());
    r.call->bracket_untimed(r.untimed);
    ++r.calls;
  }
  // Teardown once every thread's call returned, on one thread. An error the function set
  // after its loop (on any thread) ends the benchmark, on every thread once all are out of
  // their calls: none goes on to start another call that the others would never join.
  void end_call(RunRecord& r) const {
    const CallReport report = r.call->end();
    r.outside_ns += report.outside_ns;
    if (r.measuring) r.measured.push_back(report);
    r.call.reset();
    if (report.error) {
      const std::lock_guard lock(error_mutex_);
      if (!error_) error_ = report.error_message;
    }
    meet();
    if (r.thread_index == 0) call_hook(Access::teardown(*instance_.family));
    const std::lock_guard lock(error_mutex_);
    if (error_) tare::skip(*error_);
  }

  nlohmann::json measure_memory(const RunRecord& first) const;
  void call_hook(void (*hook)(const benchmark::State&)) const {
    if (!hook) return;
    const benchmark::State state =
        Access::make_state(*instance_.family, instance_.name, 1, instance_.args, 0, instance_.threads);
    hook(state);
  }

  Instance instance_;
  std::int64_t fixed_iterations_;  // Iterations(N): every call runs exactly N
  std::unique_ptr<benchmark::internal::ThreadManager> loops_meet_, calls_meet_;  // when multi-threaded
  mutable std::atomic<std::int64_t> call_iterations_{0};
  mutable std::mutex error_mutex_;
  mutable std::optional<std::string> error_;  // the first error a call ended with
};

nlohmann::json counters_json(const std::map<std::string, CounterValue>& counters) {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& [name, c] : counters) out[name] = {{"value", c.value}, {"flags", c.flags}, {"one_k", c.one_k}};
  return out;
}

std::string GbenchBody::annotations(const std::vector<detail::StateBase*>& states) const {
  std::vector<std::vector<CallReport>> calls;
  std::string label;
  std::int64_t complexity_n = 0;
  for (const auto* base : states) {
    const auto& record = *static_cast<const RunRecord*>(base);
    calls.push_back(record.measured);
    for (const auto& report : record.measured) {
      if (!report.label.empty()) label = report.label;
      if (report.complexity_n != 0) complexity_n = report.complexity_n;
    }
  }
  const auto& first = *static_cast<const RunRecord*>(states.front());
  nlohmann::json reported{{"counters", counters_json(counters_over_calls(calls))},
                          {"iterations", run_iterations(calls)},
                          {"label", label},
                          {"complexity_n", complexity_n},
                          {"calls", first.calls},
                          {"outside_ns", first.outside_ns}};
  if (Access::manual_time(*instance_.family)) reported["manual_ns_per_iteration"] = manual_ns_per_iteration(calls);
  if (g_memory_manager) reported["memory"] = measure_memory(first);
  // A label is the user's text and may hold any bytes: U+FFFD for those that are not
  // UTF-8, rather than an exception that would lose the whole fork.
  return reported.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// As Google Benchmark does after a benchmark's measured runs: one more run, on one thread,
// of at most 16 iterations (few, so that one-time allocations weigh little), between the
// MemoryManager's Start and Stop.
nlohmann::json GbenchBody::measure_memory(const RunRecord& first) const {
  const benchmark::IterationCount iterations =
      std::min<benchmark::IterationCount>(16, std::max<benchmark::IterationCount>(first.last_iterations, 1));
  benchmark::MemoryManager::Result result;
  g_memory_manager->Start();
  call_hook(Access::setup(*instance_.family));
  benchmark::State state = Access::make_state(*instance_.family, instance_.name, iterations, instance_.args, 0, 1);
  instance_.family->Run(state);
  call_hook(Access::teardown(*instance_.family));
  g_memory_manager->Stop(result);
  return {{"iterations", iterations},
          {"num_allocs", result.num_allocs},
          {"max_bytes_used", result.max_bytes_used},
          {"total_allocated_bytes", result.total_allocated_bytes},
          {"net_heap_growth", result.net_heap_growth}};
}

}  // namespace

void register_all_with_tare(const std::vector<Instance>& instances, const ProcessLength& run) {
  registry::clear();  // a program may run, clear and register anew: each run registers what it has
  for (const auto& instance : instances) register_with_tare(instance, run);
}

void register_with_tare(const Instance& instance, const ProcessLength& run) {
  detail::BenchmarkSpec spec;
  spec.name = instance.name;
  spec.name_is_complete = true;
  spec.api = detail::SourceApi::google_benchmark;
  spec.threads = {instance.threads};
  const auto& family = *instance.family;
  // Iterations(N), else --benchmark_min_time=<N>x for a benchmark without a MinTime of its own.
  std::int64_t iterations = Access::iterations(family);
  if (iterations == 0 && Access::min_time(family) == 0) iterations = iterations_flag();
  spec.settings.invocations = static_cast<std::uint64_t>(iterations);
  // Iterations(N) is one run of exactly N iterations, as in Google Benchmark: a single shot
  // of N in each fork (code may count on the benchmark running no more often than that).
  if (spec.settings.invocations > 0) spec.mode = tare::Mode::ss;
  const bool cpu_timed = !Access::real_time(family) && !Access::manual_time(family);
  const ProcessLength length = benchmark_process_length(run, Access::min_time(family) * 1e3, instance.threads,
                                                        static_cast<int>(std::thread::hardware_concurrency()), cpu_timed);
  spec.settings.measure_ms = length.measure_ms;
  spec.settings.warmup_max_ms = length.warmup_max_ms;
  spec.settings.horizon_ms = length.horizon_ms;
  spec.settings.warmup_min_ms = Access::min_warmup_time(family) * 1e3;
  spec.settings.forks = Access::repetitions(family);
  spec.body = std::make_shared<GbenchBody>(instance, iterations);
  detail::register_benchmark(std::move(spec));
}

Reported parse_reported(const std::string& annotations) {
  Reported reported;
  if (annotations.empty()) return reported;
  const auto doc = nlohmann::json::parse(annotations, nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) return reported;
  const nlohmann::json counters = doc.value("counters", nlohmann::json::object());
  for (const auto& [name, c] : counters.items())
    reported.counters[name] = {c.value("value", 0.0), c.value("flags", 0), c.value("one_k", 1000)};
  reported.label = doc.value("label", "");
  reported.complexity_n = doc.value("complexity_n", std::int64_t{0});
  reported.manual_ns_per_iteration = doc.value("manual_ns_per_iteration", 0.0);
  reported.iterations = doc.value("iterations", 0.0);
  reported.calls = doc.value("calls", std::int64_t{0});
  reported.outside_ns = doc.value("outside_ns", 0.0);
  if (const auto memory = doc.find("memory"); memory != doc.end() && memory->is_object()) {
    benchmark::MemoryManager::Result result;
    result.num_allocs = memory->value("num_allocs", std::int64_t{0});
    result.max_bytes_used = memory->value("max_bytes_used", std::int64_t{0});
    result.total_allocated_bytes = memory->value("total_allocated_bytes", benchmark::MemoryManager::TombstoneValue);
    result.net_heap_growth = memory->value("net_heap_growth", benchmark::MemoryManager::TombstoneValue);
    reported.memory = result;
    reported.memory_iterations = memory->value("iterations", std::int64_t{0});
  }
  return reported;
}

}  // namespace tare::gbench

namespace benchmark {

void RegisterMemoryManager(MemoryManager* memory_manager) { tare::gbench::g_memory_manager = memory_manager; }

}  // namespace benchmark
