#include "stream/driver/driver.hpp"

#include <gtest/gtest.h>

#include <set>
#include <span>
#include <thread>
#include <vector>

#include "stream/transport/net.hpp"
#include "stream/transport/tcp_protocol.hpp"
#include "stream/transport/tcp_transport.hpp"

namespace tare::stream {
namespace {

WorkloadSpec workload_at(const RateSchedule& rate) {
  WorkloadSpec spec;
  spec.rate = rate;
  spec.duration_ns = 2'000'000'000;
  return spec;
}

// Generators together follow the schedule: every phase's rate is split with the remainder
// to the first ones, so the rates add up exactly; counts too where each share fills its
// phases with whole events, otherwise each generator's phase may round up by one event.
TEST(SplitWorkload, PartsAddUpToTheSchedule) {
  const auto exact = workload_at(RateSchedule::square_wave(1400, 2800, 1'000'000'000));
  const auto odd = workload_at(RateSchedule::square_wave(1001, 3002, 1'000'000'000));
  for (std::uint32_t k : {1u, 2u, 7u}) {
    for (const auto* whole : {&exact, &odd}) {
      const auto parts = split_workload(*whole, k);
      ASSERT_EQ(parts.size(), k);
      std::uint64_t events = 0, rate = 0;
      std::set<std::uint64_t> seeds;
      for (const auto& p : parts) {
        events += p.rate.events_before(2'000'000'000);
        rate += p.rate.phases().front().events_per_s;
        seeds.insert(p.seed);
      }
      EXPECT_EQ(rate, whole->rate.phases().front().events_per_s) << k;
      const std::uint64_t expected = whole->rate.events_before(2'000'000'000);
      if (whole == &exact) {
        EXPECT_EQ(events, expected) << k;
      }
      EXPECT_GE(events, expected) << k;
      EXPECT_LE(events, expected + 4 * k) << k << ": at most one event per generator and phase";
      EXPECT_EQ(seeds.size(), k) << "each generator draws its own events";
    }
  }
  EXPECT_EQ(split_workload(odd, 1).front().seed, odd.seed) << "one generator: the seed as given";
}

TEST(SplitWorkload, ARateTooLowToSplitIsAnError) {
  EXPECT_THROW(split_workload(workload_at(RateSchedule::constant(3)), 4), std::invalid_argument);
}

TEST(DriverOptions, ValidationNamesTheProblem) {
  DriverOptions options;
  options.workload = workload_at(RateSchedule::constant(1000));
  EXPECT_NO_THROW(validate(options));
  auto expect_error = [&](auto change, const char* words) {
    DriverOptions bad = options;
    change(bad);
    try {
      validate(bad);
      ADD_FAILURE() << words;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    }
  };
  expect_error([](DriverOptions& o) { o.duration_ns = 0; }, "duration");
  expect_error([](DriverOptions& o) { o.warmup_ns = o.duration_ns; }, "warmup");
  expect_error([](DriverOptions& o) { o.interval_ns = 0; }, "interval");
  expect_error([](DriverOptions& o) { o.run.window = WindowSpec{10, 3}; }, "multiple of the slide");
  expect_error([](DriverOptions& o) { o.run.sources = 0; }, "generators");
  expect_error([](DriverOptions& o) { o.generator_cpu = -2; }, "generator CPU");
}

// A SUT that takes every event (credit per frame) and answers end with done.
void serve_counting_sut(Listener& listener, std::uint64_t& events) {
  Socket socket = listener.accept(10'000);
  FrameWriter out;
  out.hello("counting-sut");
  out.request(1000);
  write_all(socket.fd(), out.bytes());
  FrameReader reader;
  std::vector<std::uint8_t> buffer(1u << 16);
  for (;;) {
    const std::size_t n = read_some(socket.fd(), buffer);
    if (n == 0) return;
    reader.feed(std::span<const std::uint8_t>(buffer.data(), n));
    out.clear();
    bool end = false;
    while (auto frame = reader.next()) {
      if (frame->type == FrameType::events) {
        events += frame->events.size();
        if (!frame->events.empty()) out.request(static_cast<std::uint32_t>(frame->events.size()));
      }
      end = end || frame->type == FrameType::end;
    }
    if (end) out.done();
    if (!out.bytes().empty()) write_all(socket.fd(), out.bytes());
    if (end) return;
  }
}

// Batches of at most max_batch events, lateness recorded once a pass: every event is still
// generated, delivered and counted in the lateness histogram exactly once.
TEST(DriverTrial, BatchedPassesCountEveryEventOnce) {
  Listener listener(Address{"127.0.0.1", 0});
  std::uint64_t received = 0;
  std::thread sut([&] { serve_counting_sut(listener, received); });
  DriverOptions options;
  options.workload.rate = RateSchedule::constant(200'000);
  options.duration_ns = 300'000'000;
  options.warmup_ns = 100'000'000;
  options.max_batch = 64;
  options.keep_outputs = false;
  options.realtime = false;
  TcpTransport tcp(listener.bound_address());
  const TrialResult r = run_trial(options, tcp);
  sut.join();
  ASSERT_TRUE(r.complete) << r.incomplete_reason;
  EXPECT_EQ(r.generated, 60'000u);
  EXPECT_EQ(r.taken, 60'000u);
  EXPECT_EQ(received, 60'000u);
  EXPECT_EQ(r.lateness.total_count(), 40'000) << "the events due after the warmup";
  EXPECT_EQ(r.warmup_ns, options.warmup_ns);
}

// A cool-down keeps generating at the schedule's rate after it, but the measured window,
// its lateness and its offered rate are the schedule's alone.
TEST(DriverTrial, ACooldownGeneratesBeyondTheScheduleWithoutJoiningItsWindow) {
  Listener listener(Address{"127.0.0.1", 0});
  std::uint64_t received = 0;
  std::thread sut([&] { serve_counting_sut(listener, received); });
  DriverOptions options;
  options.workload.rate = RateSchedule::constant(100'000);
  options.duration_ns = 300'000'000;
  options.warmup_ns = 100'000'000;
  options.cooldown_ns = 200'000'000;
  options.keep_outputs = false;
  options.realtime = false;
  TcpTransport tcp(listener.bound_address());
  const TrialResult r = run_trial(options, tcp);
  sut.join();
  ASSERT_TRUE(r.complete) << r.incomplete_reason;
  EXPECT_EQ(r.generated, 50'000u);
  EXPECT_EQ(r.measured_generated, 30'000u);
  EXPECT_EQ(received, 50'000u);
  EXPECT_TRUE(r.drained);
  EXPECT_EQ(r.schedule_end_ns, options.duration_ns);
  EXPECT_EQ(r.lateness.total_count(), 20'000) << "the events due after the warmup and before the cool-down";
  EXPECT_DOUBLE_EQ(r.offered_rate, 100'000);
}

// Outputs of the schedule's events and windows count; the cool-down's do not.
TEST(DriverOptions, OnlyTheSchedulesOutputsAreMeasuredWithACooldown) {
  DriverOptions options;
  options.duration_ns = 1000;
  options.run.window = WindowSpec{100, 100};
  const Output last_window{999, 0, 0, 900, 1, 1};
  const Output cooldown_window{1001, 0, 0, 1000, 1, 1};
  EXPECT_TRUE(output_measured(options, cooldown_window)) << "without a cool-down, every output";
  options.cooldown_ns = 500;
  EXPECT_TRUE(output_measured(options, last_window));
  EXPECT_FALSE(output_measured(options, cooldown_window));
  options.run.window = WindowSpec{200, 100};  // sliding: [900, 1100) ends in the cool-down
  EXPECT_FALSE(output_measured(options, last_window));
  options.run.query = Query::identity;
  EXPECT_TRUE(output_measured(options, last_window));  // its event was due at 999
  EXPECT_FALSE(output_measured(options, cooldown_window));
}

}  // namespace
}  // namespace tare::stream
