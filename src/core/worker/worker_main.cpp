#include "worker/worker_main.hpp"

#include <alloca.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <variant>

#include "clock/active_clock.hpp"
#include "registry/registry.hpp"
#include "registry/skipped.hpp"
#include "tare/consume.hpp"
#include "worker/alloc_counter.hpp"
#include "worker/executor.hpp"
#include "worker/layout.hpp"
#include "worker/measured_counters.hpp"
#include "worker/protocol.hpp"
#include "worker/reference.hpp"
#include "worker/stdio_pipes.hpp"

namespace tare::worker {
namespace {

class Channel {
 public:
  std::optional<std::string> read_line() {
    for (;;) {
      const auto newline = buffer_.find('\n');
      if (newline != std::string::npos) {
        std::string line = buffer_.substr(0, newline);
        buffer_.erase(0, newline + 1);
        return line;
      }
      char chunk[4096];
      const ssize_t n = ::read(kCommandFd, chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return std::nullopt;  // the parent went away
      buffer_.append(chunk, static_cast<std::size_t>(n));
    }
  }
  void send(const std::string& line) {
    out_ += line;
    out_ += '\n';
  }
  void flush() {
    std::size_t done = 0;
    while (done < out_.size()) {
      const ssize_t n = ::write(kReplyFd, out_.data() + done, out_.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) std::_Exit(4);  // nobody listens; nothing left to do
      done += static_cast<std::size_t>(n);
    }
    out_.clear();
  }

 private:
  std::string buffer_, out_;
};

const detail::BenchmarkSpec& find_benchmark(const std::string& name, int occurrence) {
  int seen = 0;
  for (const auto& spec : registry::all())
    if (spec.name == name && seen++ == occurrence) return spec;
  throw std::invalid_argument("no benchmark named '" + name + "' in this executable" +
                              (occurrence > 0 ? " (occurrence " + std::to_string(occurrence) + ")" : ""));
}

results::Resources resources_since(const rusage& start) {
  rusage now{};
  getrusage(RUSAGE_SELF, &now);
  results::Resources r;
  r.minor_faults = now.ru_minflt - start.ru_minflt;
  r.major_faults = now.ru_majflt - start.ru_majflt;
  r.voluntary_switches = now.ru_nvcsw - start.ru_nvcsw;
  r.involuntary_switches = now.ru_nivcsw - start.ru_nivcsw;
  r.max_rss_kib = now.ru_maxrss;  // Linux reports kibibytes
  return r;
}

// The environment padding is reported as found, so the parent can check it arrived.
Ready ready_reply(const Executor& executor, const results::Layout& layout) {
  const char* pad = std::getenv(kLayoutPadEnv);
  return {static_cast<int>(getpid()), static_cast<std::int64_t>(executor.setup_ns()),
          static_cast<std::uint32_t>(pad ? std::strlen(pad) : 0), layout.stack_offset_bytes, layout.heap_offset_bytes};
}

// Takes `count` samples of `invocations` (perf counters on around each when measuring) and
// sends them; returns the operations they ran.
std::uint64_t send_samples(Executor& executor, MeasuredCounters& counters, Channel& channel, std::uint64_t invocations,
                           std::uint64_t count) {
  std::uint64_t ops = 0;
  std::uint64_t last_flush = detail::monotonic_ns();
  for (std::uint64_t i = 0; i < count; ++i) {
    const results::Sample sample = counters.sample(executor, invocations);
    ops += sample.ops;
    channel.send(to_line(sample));
    // Stream long runs of samples, in batches to keep system calls rare, but at least
    // every 50 ms: the runner's timeout counts silence, and a slow healthy run must not
    // look hung.
    const std::uint64_t now = detail::monotonic_ns();
    if ((i & 63) == 63 || now - last_flush > 50'000'000) {
      channel.flush();
      last_flush = now;
    }
  }
  return ops;
}

// --prof alloc: the counter, and the operations of the samples it counted (from "begin").
struct AllocationCounting {
  std::optional<AllocationCounter> counter;
  bool measuring = false;
  std::uint64_t ops = 0;
};

// A counting fork (--prof alloc) counts every sample's run from the first, calibration and
// warmup included, so that its series is alike throughout (nothing switches on part-way
// through it); the benchmark's untimed parts inside a run are set aside. "begin" then zeroes
// the totals: the figures are the measured samples'. The fork is never scored.
void count_every_run(const AllocationCounter& counter, Executor& executor) {
  executor.bracket_runs({counter.start_function(), counter.stop_function(),
                         {counter.aside_function(), counter.back_function()}});
}

enum class Served { carry_on, finished };

// The worker's answers to the runner's commands, one per command.
struct Session {
  Executor& executor;
  MeasuredCounters& counters;
  AllocationCounting& allocations;
  Channel& channel;
  rusage begin;

  Served operator()(const TakeSamples& c) {
    const std::uint64_t ops = send_samples(executor, counters, channel, c.invocations, c.count);
    if (allocations.measuring) allocations.ops += ops;
    return Served::carry_on;
  }
  Served operator()(const TimeFloor& c) {
    channel.send(to_line(FloorTime{executor.floor_ns_per_op(c.invocations)}));
    return Served::carry_on;
  }
  Served operator()(const CountBatch& c) {
    executor.counted_batch(c.invocations, c.empty_loop);
    channel.send(to_line(Counted{}));
    return Served::carry_on;
  }
  Served operator()(const TimeReference&) {
    channel.send(to_line(ReferenceTime{time_reference_workload()}));
    return Served::carry_on;
  }
  Served operator()(const BeginMeasurement&) {
    executor.begin_measurement();
    if (allocations.counter) {
      // The figures are the measured samples' runs alone: not warmup, the floor, the
      // reference workload, nor what the harness does between runs (counting is off then).
      allocations.counter->reset();
      allocations.measuring = true;
    }
    counters.begin();
    getrusage(RUSAGE_SELF, &begin);
    channel.send(to_line(Begun{}));
    return Served::carry_on;
  }
  Served operator()(const Finish&) {
    const results::Resources used = resources_since(begin);
    std::string annotations = executor.annotations();
    if (!annotations.empty()) channel.send(to_line(Annotations{std::move(annotations)}));
    if (allocations.counter) channel.send(to_line(allocations.counter->read(allocations.ops)));
    if (const auto counted = counters.counts()) channel.send(to_line(*counted));
    channel.send(to_line(Teardown{static_cast<std::int64_t>(executor.teardown()), used}));
    channel.flush();
    return Served::finished;
  }
};

// Kept out of line so that the alloca in run_worker moves this frame, and everything the
// benchmark runs below it, by the fork's stack offset.
__attribute__((noinline)) int serve(const WorkerSpec& spec, const results::Layout& layout, Channel& channel) {
  const detail::BenchmarkSpec& benchmark = find_benchmark(spec.benchmark, spec.occurrence);
  MeasuredCounters counters(spec.perf_events);  // before the benchmark's threads: they inherit them
  AllocationCounting allocations;
  if (spec.count_allocations) allocations.counter = AllocationCounter::attach();
  Executor executor(benchmark, Params(spec.params), spec.threads, {spec.span_ns, spec.invocation_ns});
  if (allocations.counter) count_every_run(*allocations.counter, executor);
  channel.send(to_line(ready_reply(executor, layout)));
  channel.flush();

  Session session{executor, counters, allocations, channel, {}};
  getrusage(RUSAGE_SELF, &session.begin);
  while (auto line = channel.read_line()) {
    const std::optional<Command> command = parse_command(*line);
    if (!command) continue;
    if (std::visit(session, *command) == Served::finished) return 0;
    channel.flush();
  }
  return 0;  // the parent closed the pipe: it no longer wants this worker
}

}  // namespace

int run_worker(const std::vector<std::string>& args) {
  Channel channel;
  if (const auto placement = adopt_stdio_pipes()) {
    channel.send(to_line(*placement));
    channel.flush();
  }
  try {
    const WorkerSpec spec = parse_args(args);
    if (spec.tsc_ghz > 0) clock::use_tsc(spec.tsc_ghz);
    else clock::use_monotonic();
    const results::Layout layout = derive_layout(spec.layout_seed);
    // A live allocation of the fork's heap offset shifts every later allocation.
    void* heap_shift = std::malloc(layout.heap_offset_bytes + 1);
    void* stack_shift = alloca(layout.stack_offset_bytes + 16);
    consume(stack_shift);
    const int status = serve(spec, layout, channel);
    std::free(heap_shift);
    return status;
  } catch (const detail::Skipped& skipped) {
    // The benchmark's own decision: a clean exit, reported as skipped.
    channel.send(to_line(Skip{skipped.what()}));
    channel.flush();
    return 0;
  } catch (const std::exception& e) {
    channel.send(to_line(Error{e.what()}));
  } catch (...) {
    channel.send(to_line(Error{"unknown exception (not derived from std::exception)"}));
  }
  channel.flush();
  return 3;
}

}  // namespace tare::worker
