// A benchmark binary for the end-to-end tests: small, fast operations with exactly known
// side effects (so counters and op counts can be asserted exactly), plus benchmarks that
// crash, abort, throw or hang on purpose.
#include <tare/tare.hpp>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <cstdint>
#include <stdexcept>
#include <thread>

namespace {

struct Tally {
  std::uint64_t calls = 0;
  std::uint64_t odd_calls = 0;
  std::uint64_t prepared = 0;
  std::uint64_t on_second_thread = 0;
  std::uint64_t value;
  explicit Tally(const tare::Params& p) : value(p.contains("size") ? p.get<std::uint64_t>("size") : 1) {}
};

std::uint64_t step(Tally& t) {
  ++t.calls;
  if (t.calls & 1) ++t.odd_calls;
  if (tare::thread_index() == 1) ++t.on_second_thread;
  return t.value * t.calls;
}

// An operation whose speed changes after a given number of samples (counted by the
// before_sample hook, so the change lands at a known place in the fork's series whatever
// the machine's speed): warmup and late slowdowns, with exactly known shape.
struct Phased {
  int samples_seen = 0;
  explicit Phased(const tare::Params&) {}
};

// A process-wide slow start: every process runs 3x slower until it is 0.8 s old (a JIT,
// a cache filled lazily), far longer than an ordinary fork lives. The calls made while
// slow are counted, so a test can tell exactly whether any of them was measured.
const auto process_start = std::chrono::steady_clock::now();
bool still_slow() { return std::chrono::steady_clock::now() - process_start < std::chrono::milliseconds(800); }
struct Aging {
  std::uint64_t slow_calls = 0;
  explicit Aging(const tare::Params&) {}
};

std::uint64_t spin(int rounds) {
  std::uint64_t x = tare::opaque(std::uint64_t{88172645463325252ull});
  for (int i = 0; i < rounds; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
  }
  return x;
}

}  // namespace

TARE_BENCHMARKS {
  tare::group<Tally>("fast")
      .param("size", {3, 5})
      .counter("calls", &Tally::calls)
      .counter("odd", &Tally::odd_calls)
      .bench("step", [](Tally& t) { return step(t); });

  // Two benchmarks under one name (Google Benchmark allows it): each fork must run its own.
  tare::group<Tally>("twin").counter("calls", &Tally::calls).bench("same", [](Tally& t) { return step(t); });
  tare::group<Tally>("twin").ops_per_invocation(2).counter("calls", &Tally::calls).bench("same", [](Tally& t) {
    return step(t);
  });

  tare::group<Tally>("batched").ops_per_invocation(4).counter("calls", &Tally::calls).bench("step4", [](Tally& t) {
    return step(t);
  });

  tare::group<Tally>("threaded").threads(2).counter("second", &Tally::on_second_thread).bench("step", [](Tally& t) {
    return step(t);
  });

  struct SharedTally {
    std::atomic<std::uint64_t> hits{0};
  };
  tare::group<SharedTally>("shared").shared().threads(2).counter("hits", &SharedTally::hits).bench(
      "add", [](SharedTally& s) { return s.hits.fetch_add(1, std::memory_order_relaxed); });

  tare::group<Tally>("hooked")
      .before_each([](Tally& t) { ++t.prepared; })
      .counter("prepared", &Tally::prepared)
      .bench("step", [](Tally& t) { return step(t); });

  tare::group<Tally>("modes").mode(tare::Mode::ss).bench("cold", [](Tally& t) { return step(t); });
  tare::group<Tally>("modes").mode(tare::Mode::sample).bench("calls", [](Tally& t) { return step(t); });
  tare::group<Tally>("modes").mode(tare::Mode::thrpt).bench("rate", [](Tally& t) { return step(t); });

  // 4x slower for the first 25 samples (calibration, then warmup), then steady.
  tare::group<Phased>("phases")
      .before_sample([](Phased& p) { ++p.samples_seen; })
      .bench("warming", [](Phased& p) { return spin(p.samples_seen <= 25 ? 400 : 100); });
  // 4x slower from the 60th sample on: with a short warmup and 120 ms of measurement, the
  // change falls around the middle of the measurement: no steady state remains after it,
  // or (when the measurement ran long) the fork settled slower ("slowdown").
  tare::group<Phased>("phases")
      .before_sample([](Phased& p) { ++p.samples_seen; })
      .bench("late", [](Phased& p) { return spin(p.samples_seen < 60 ? 100 : 400); });

  tare::group<Aging>("aging").counter("slow", &Aging::slow_calls).bench("slow_start", [](Aging& a) {
    const bool slow = still_slow();
    a.slow_calls += slow;
    return spin(slow ? 300 : 100);
  });

  // A family with a baseline: "eight" does eight times the work of "one".
  tare::group("family")
      .baseline("one")
      .bench("one", [] { return spin(100); })
      .bench("eight", [] { return spin(800); });

  // An operation that does nothing: only tare's timed loop remains.
  tare::bench("empty.nothing", [] {});
  // The same, declared known: the warning stays in the results, acknowledged.
  tare::group("empty").acknowledge(tare::Warning::optimised_away).bench("known", [] {});

  // Long, idle operations: warmup cannot fit a trend window, and the CPU is mostly idle.
  tare::bench("slow.sleep", [] { std::this_thread::sleep_for(std::chrono::milliseconds(20)); });

  // Benchmarks that decide not to run: skipped, not failed.
  tare::bench("skips.in_operation", [] { tare::skip("not on this machine"); });
  struct Refuses {
    Refuses() { tare::skip("no device"); }
  };
  tare::group<Refuses>("skips").bench("in_setup", [](Refuses&) {});

  tare::group("bad")
      .bench("segv", [] { std::raise(SIGSEGV); })
      .bench("abort", [] { std::abort(); })
      .bench("throws", [] { throw std::runtime_error("the operation failed on purpose"); })
      .bench("hangs", [] {
        // Tells a test that the operation, not start-up, is where it hangs.
        if (const char* path = std::getenv("TARE_E2E_HANG_FILE")) std::ofstream(path) << "hanging\n";
        for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
      });

  struct Unbuildable {
    explicit Unbuildable(const tare::Params&) { throw std::invalid_argument("setup refused"); }
  };
  tare::group<Unbuildable>("bad").bench("setup", [](Unbuildable&) {});
}
