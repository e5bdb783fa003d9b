// The stream driver's own limits (issue 6): events per second it generates and delivers on
// one core to a null SUT (one that takes every event and discards it), and its schedule
// lateness at fixed rates. The driver runs pinned to CPU 0, the null SUT on CPU 1.
// Run: build/bench/tare_stream_driver [seconds per rate] [rates...]
//      (default 5 s at 1M, 2M, 5M, 10M and 20M events/s)
#include <pthread.h>
#include <sched.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "stream/driver.hpp"
#include "stream/net.hpp"
#include "stream/protocol.hpp"
#include "stream/rate_text.hpp"

namespace {

using namespace tare::stream;

void pin_to(int cpu) {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  pthread_setaffinity_np(pthread_self(), sizeof set, &set);
}

void serve_null(Listener& listener) {
  Socket socket = listener.accept(10'000);
  FrameWriter out;
  out.hello("null-sut");
  out.request(1u << 20);
  write_all(socket.fd(), out.bytes());
  FrameReader reader;
  std::vector<std::uint8_t> buffer(1u << 20);
  for (;;) {
    const std::size_t n = read_some(socket.fd(), buffer);
    if (n == 0) return;
    reader.feed(std::span<const std::uint8_t>(buffer.data(), n));
    out.clear();
    while (auto frame = reader.next()) {
      if (frame->type == FrameType::events) out.request(static_cast<std::uint32_t>(frame->events.size()));
      if (frame->type == FrameType::end) out.done();
      if (frame->type == FrameType::error) return;
    }
    if (!out.bytes().empty()) write_all(socket.fd(), out.bytes());
  }
}

// Takes events as fast as they come: a large credit, replenished per frame; nothing else.
void null_sut(Listener& listener) {
  pin_to(1);
  try {
    serve_null(listener);
  } catch (const std::exception& e) {
    std::printf("null SUT: %s\n", e.what());
  }
}

void measure(std::uint64_t rate, double seconds) {
  Listener listener(Address{"127.0.0.1", 0});
  std::thread sut([&] { null_sut(listener); });
  DriverOptions options;
  options.sut = listener.bound_address();
  options.workload.rate = RateSchedule::constant(rate);
  options.duration_ns = static_cast<std::int64_t>(seconds * 1e9);
  options.warmup_ns = options.duration_ns / 5;
  options.drain = false;
  options.keep_outputs = false;
  options.backlog_cap = 1u << 24;
  const TrialResult r = run_trial(options);
  sut.join();
  const SampleRates rates = rates_between(r.backlog, static_cast<double>(options.warmup_ns) / 1e9,
                                          static_cast<double>(r.schedule_end_ns) / 1e9);
  std::printf("%10s  generated %10s  delivered %10s (%s of offered)  lateness p50 %.1f us  "
              "p99 %.1f us  p99.9 %.1f us  max %.2f ms  %s%s\n",
              rate_text(static_cast<double>(rate)).c_str(), rate_text(rates.generated).c_str(),
              rate_text(rates.taken).c_str(), percent_text(rates.taken, r.offered_rate, 3).c_str(),
              static_cast<double>(r.lateness.value_at_percentile(50)) / 1e3,
              static_cast<double>(r.lateness.value_at_percentile(99)) / 1e3,
              static_cast<double>(r.lateness.value_at_percentile(99.9)) / 1e3, static_cast<double>(r.lateness.max()) / 1e6,
              r.backlog_cap_hit ? "backlog cap hit" : "", r.complete ? "" : (" incomplete: " + r.incomplete_reason).c_str());
}

}  // namespace

int main(int argc, char** argv) {
  const double seconds = argc > 1 ? std::atof(argv[1]) : 5.0;
  std::vector<std::uint64_t> rates;
  for (int i = 2; i < argc; ++i) rates.push_back(std::strtoull(argv[i], nullptr, 10));
  if (rates.empty()) rates = {1'000'000, 2'000'000, 5'000'000, 10'000'000, 20'000'000};
  pin_to(0);  // the driver's generator thread inherits CPU 0
  std::printf("driver on CPU 0, null SUT on CPU 1, %.0f s per rate (first 20%% excluded)\n", seconds);
  for (auto rate : rates) measure(rate, seconds);
}
