#include "body.hpp"

#include <nlohmann/json.hpp>

#include "access.hpp"
#include "flags.hpp"
#include "thread_manager.hpp"
#include "clock/clock.hpp"
#include "registry/registry.hpp"
#include "tare/benchmark.hpp"

namespace tare::gbench {
namespace {

using benchmark::internal::Access;

benchmark::MemoryManager* g_memory_manager = nullptr;

// One thread's record of the measured runs.
struct RunRecord final : detail::StateBase {
  int thread_index = 0;
  benchmark::IterationCount last_iterations = 0;  // of the last run
  double runs = 0;
  double cpu_ns = 0;  // CPU time while the benchmark's timer ran, summed over runs
  double manual_ns = 0;  // the times a UseManualTime benchmark reported, summed over runs
  std::map<std::string, Reported::CounterValue> sums;
  std::string label;
  std::int64_t complexity_n = 0;
};

std::uint64_t seconds_to_ticks(double seconds) {
  const double ns = seconds * 1e9;
  return static_cast<std::uint64_t>(clock::using_tsc() ? ns * clock::tsc_ghz() : ns);
}

class GbenchBody final : public detail::Body {
 public:
  explicit GbenchBody(Instance instance)
      : instance_(std::move(instance)),
        threads_meet_(instance_.threads > 1 ? std::make_unique<benchmark::internal::ThreadManager>(instance_.threads)
                                            : nullptr) {}

  std::unique_ptr<detail::StateBase> make_state(const Params&) const override {
    auto record = std::make_unique<RunRecord>();
    record->thread_index = tare::thread_index();  // per-thread records are built on their thread
    return record;
  }

  std::uint64_t run(detail::StateBase& base, std::uint64_t n) const override {
    auto& record = static_cast<RunRecord&>(base);
    benchmark::State state = Access::make_state(*instance_.family, instance_.name,
                                                static_cast<benchmark::IterationCount>(n), instance_.args,
                                                record.thread_index, instance_.threads, threads_meet_.get());
    instance_.family->Run(state);
    if (Access::error(state)) tare::skip(Access::error_message(state));
    record.last_iterations = static_cast<benchmark::IterationCount>(n);
    record.runs += 1;
    record.cpu_ns += Access::timed_cpu_ns(state);
    record.manual_ns += Access::manual_seconds(state) * 1e9;
    for (const auto& [name, counter] : state.counters) {
      auto& sum = record.sums[name];
      sum.value += counter.value;
      sum.flags = static_cast<int>(counter.flags);
      sum.one_k = static_cast<int>(counter.oneK);
    }
    if (!Access::label(state).empty()) record.label = Access::label(state);
    if (Access::complexity_n(state) != 0) record.complexity_n = Access::complexity_n(state);
    if (Access::manual_time(*instance_.family)) return seconds_to_ticks(Access::manual_seconds(state));
    return Access::timed_ticks(state);
  }

  // Google Benchmark's Setup/Teardown run once per run, on one thread.
  void before_sample(detail::StateBase& base) const override {
    if (auto setup = Access::setup(*instance_.family); setup && is_first(base)) call(setup);
  }
  void after_sample(detail::StateBase& base) const override {
    if (auto teardown = Access::teardown(*instance_.family); teardown && is_first(base)) call(teardown);
  }
  void read_counters(detail::StateBase&, double*) const override {}
  bool times_each_invocation() const override { return false; }
  bool times_itself() const override { return true; }
  bool reports_its_own_time() const override { return Access::manual_time(*instance_.family); }

  void begin_measurement(detail::StateBase& base) const override {
    auto& record = static_cast<RunRecord&>(base);
    record.runs = 0;
    record.cpu_ns = 0;
    record.manual_ns = 0;
    record.sums.clear();
  }

  // Counters summed over threads, averaged over the measured runs.
  std::string annotations(const std::vector<detail::StateBase*>& states) const override {
    nlohmann::json counters = nlohmann::json::object();
    std::string label;
    std::int64_t complexity_n = 0;
    double cpu_ns = 0, manual_ns = 0;
    for (const auto* base : states) {
      const auto& record = *static_cast<const RunRecord*>(base);
      if (record.runs == 0) continue;
      cpu_ns += record.cpu_ns / record.runs;
      manual_ns += record.manual_ns / record.runs / static_cast<double>(states.size());
      for (const auto& [name, sum] : record.sums) {
        auto& c = counters[name];
        if (c.is_null()) c = {{"value", 0.0}};
        c["value"] = c["value"].get<double>() + sum.value / record.runs;
        c["flags"] = sum.flags;
        c["one_k"] = sum.one_k;
      }
      if (!record.label.empty()) label = record.label;
      if (record.complexity_n != 0) complexity_n = record.complexity_n;
    }
    nlohmann::json reported{{"counters", counters}, {"label", label}, {"complexity_n", complexity_n}, {"cpu_ns", cpu_ns}};
    if (Access::manual_time(*instance_.family)) reported["manual_ns"] = manual_ns;
    if (g_memory_manager && !states.empty()) reported["memory"] = measure_memory(*states.front());
    // A label is the user's text and may hold any bytes: U+FFFD for those that are not
    // UTF-8, rather than an exception that would lose the whole fork.
    return reported.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  }

 private:
  static bool is_first(detail::StateBase& base) { return static_cast<RunRecord&>(base).thread_index == 0; }

  // As Google Benchmark does after a benchmark's measured runs: one more run, on one thread,
  // of at most 16 iterations (few, so that one-time allocations weigh little), between the
  // MemoryManager's Start and Stop.
  nlohmann::json measure_memory(const detail::StateBase& first) const {
    const auto& record = static_cast<const RunRecord&>(first);
    const benchmark::IterationCount iterations = std::min<benchmark::IterationCount>(16, std::max<benchmark::IterationCount>(record.last_iterations, 1));
    benchmark::MemoryManager::Result result;
    g_memory_manager->Start();
    if (auto setup = Access::setup(*instance_.family)) call(setup);
    benchmark::State state =
        Access::make_state(*instance_.family, instance_.name, iterations, instance_.args, 0, 1);
    instance_.family->Run(state);
    if (auto teardown = Access::teardown(*instance_.family)) call(teardown);
    g_memory_manager->Stop(result);
    return {{"iterations", iterations},
            {"num_allocs", result.num_allocs},
            {"max_bytes_used", result.max_bytes_used},
            {"total_allocated_bytes", result.total_allocated_bytes},
            {"net_heap_growth", result.net_heap_growth}};
  }
  void call(void (*hook)(const benchmark::State&)) const {
    const benchmark::State state =
        Access::make_state(*instance_.family, instance_.name, 1, instance_.args, 0, instance_.threads);
    hook(state);
  }

  Instance instance_;
  std::unique_ptr<benchmark::internal::ThreadManager> threads_meet_;  // when multi-threaded
};

}  // namespace

void register_all_with_tare(const std::vector<Instance>& instances) {
  registry::clear();  // a program may run, clear and register anew: each run registers what it has
  for (const auto& instance : instances) register_with_tare(instance);
}

void register_with_tare(const Instance& instance) {
  detail::BenchmarkSpec spec;
  spec.name = instance.name;
  spec.name_is_complete = true;
  spec.threads = {instance.threads};
  const auto& family = *instance.family;
  // Iterations(N), else --benchmark_min_time=<N>x for a benchmark without a MinTime of its own.
  std::int64_t iterations = Access::iterations(family);
  if (iterations == 0 && Access::min_time(family) == 0) iterations = iterations_flag();
  spec.settings.invocations = static_cast<std::uint64_t>(iterations);
  // Iterations(N) is one run of exactly N iterations, as in Google Benchmark: a single shot
  // of N in each fork (code may count on the benchmark running no more often than that).
  if (spec.settings.invocations > 0) spec.mode = tare::Mode::ss;
  spec.settings.measure_ms = Access::min_time(family) * 1e3;
  spec.settings.warmup_min_ms = Access::min_warmup_time(family) * 1e3;
  spec.settings.forks = Access::repetitions(family);
  spec.body = std::make_shared<GbenchBody>(instance);
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
  reported.cpu_ns_per_run = doc.value("cpu_ns", 0.0);
  reported.manual_ns_per_run = doc.value("manual_ns", 0.0);
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
