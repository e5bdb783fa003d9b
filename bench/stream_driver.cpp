// The stream driver's own limits (issue 6, issue 16): events per second it generates and
// delivers on one core to a SUT that discards them, and its schedule lateness, at a sweep
// of rates. The driver runs pinned to CPU 0 (at real-time priority where the process may
// have it), the discarding SUT on CPU 1. A rate is "kept
// up" when the driver generated and delivered at least 99% of it over the measured window
// and its lateness p99 stayed within 100 us (issue 16's bound at 5M/s); otherwise the line
// says by how much it fell short. The driver thread's time on a CPU and in the run queue
// (shares of the trial) say whether lateness is the driver's cost or other work holding
// CPU 0.
// Run: build/bench/tare_stream_driver [seconds per rate] [rates...]
//      (default 5 s at 1M, 2M, 5M, 10M and 20M events/s)
#include <pthread.h>
#include <sched.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "bench/discarding_sut.hpp"
#include "stream/driver/driver.hpp"
#include "stream/trials/keep_up.hpp"
#include "stream/transport/net.hpp"
#include "stream/transport/tcp_transport.hpp"
#include "stream/verdict/rate_text.hpp"

namespace {

using namespace tare::stream;

constexpr double kLatenessLimitNs = 100'000;

void pin_to(int cpu) {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  pthread_setaffinity_np(pthread_self(), sizeof set, &set);
}

void discarding_sut(Listener& listener) {
  pin_to(1);
  try {
    tare::bench::serve_discarding(listener);
  } catch (const std::exception& e) {
    std::printf("discarding SUT: %s\n", e.what());
  }
}

TrialResult run_at(std::uint64_t rate, double seconds) {
  Listener listener(Address{"127.0.0.1", 0});
  std::thread sut([&] { discarding_sut(listener); });
  DriverOptions options;
  options.workload.rate = RateSchedule::constant(rate);
  options.duration_ns = static_cast<std::int64_t>(seconds * 1e9);
  options.warmup_ns = options.duration_ns / 5;
  options.drain = false;
  options.keep_outputs = false;
  options.backlog_cap = 1u << 24;
  options.generator_cpu = 0;
  TcpTransport tcp(listener.bound_address());
  TrialResult result = run_trial(options, tcp);
  sut.join();
  return result;
}

// "kept up", or what fell short: the driver's own shortfall, and delivery below 99%.
std::string outcome(const KeepUp& k) {
  std::string text = keep_up_warning(k);
  if (k.delivered < kKeepUpShare * k.offered)
    text += (text.empty() ? "" : "; ") + std::string("delivered ") + percent_text(k.delivered, k.offered) + " of offered";
  return text.empty() ? "kept up" : text;
}

// "35%/62%": the driver thread's time on a CPU and waiting in the run queue for one, as
// shares of the trial, marked "RT" when it ran at real-time priority; a large wait means
// another process held CPU 0.
std::string cpu_share(const TrialResult& r) {
  const auto& t = r.scheduling.times;
  if (!t.has_schedstat() || r.ended_ns <= 0) return "-";
  const auto elapsed = static_cast<double>(r.ended_ns);
  const bool realtime = r.scheduling.threads > 0 && r.scheduling.realtime_threads == r.scheduling.threads;
  return (realtime ? "RT " : "") + percent_text(static_cast<double>(t.cpu_ns), elapsed, 0) + "/" +
         percent_text(static_cast<double>(t.wait_ns), elapsed, 0);
}

// Events the driver generated per second of its own CPU time: what one whole core would
// reach, when the driver was behind (below the offered rate the spin-wait counts too).
std::string per_cpu_second(const TrialResult& r) {
  const auto& t = r.scheduling.times;
  if (!t.has_schedstat() || t.cpu_ns <= 0) return "-";
  return rate_text(static_cast<double>(r.generated) * 1e9 / static_cast<double>(t.cpu_ns));
}

void measure(std::uint64_t rate, double seconds) {
  const TrialResult r = run_at(rate, seconds);
  const KeepUp k = keep_up_of(r, kLatenessLimitNs);
  std::printf("%9s %10s %10s %8s %10.1f %10.1f %12s %9s  %s%s\n", rate_text(static_cast<double>(rate)).c_str(),
              rate_text(k.generated).c_str(), rate_text(k.delivered).c_str(), percent_text(k.delivered, k.offered).c_str(),
              static_cast<double>(k.lateness_p50_ns) / 1e3, static_cast<double>(k.lateness_p99_ns) / 1e3,
              cpu_share(r).c_str(), per_cpu_second(r).c_str(), outcome(k).c_str(), r.complete ? "" : (" (incomplete: " + r.incomplete_reason + ")").c_str());
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  const double seconds = argc > 1 ? std::atof(argv[1]) : 5.0;
  std::vector<std::uint64_t> rates;
  for (int i = 2; i < argc; ++i) rates.push_back(std::strtoull(argv[i], nullptr, 10));
  if (rates.empty()) rates = {1'000'000, 2'000'000, 5'000'000, 10'000'000, 20'000'000};
  // The main thread stays unpinned so that the driver asks for real-time priority (it does
  // not when the process may use only as many CPUs as it has generators); the generator
  // thread pins itself to CPU 0.
  std::printf("driver on CPU 0, discarding SUT on CPU 1, %.3g s per rate (first 20%% excluded); kept up: >= 99%% "
              "generated and delivered, lateness p99 <= 100 us\n",
              seconds);
  std::printf("%9s %10s %10s %8s %10s %10s %12s %9s  %s\n", "offered", "generated", "delivered", "deliv%", "late p50us",
              "late p99us", "run/wait", "per CPU-s", "outcome");
  for (auto rate : rates) measure(rate, seconds);
}
