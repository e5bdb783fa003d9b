// The driver against SUTs that misbehave (issue 17: F1 a flood of outputs, F3 no done, F12
// impossible times), each a real SUT on a real loopback socket, in a thread of the test.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <span>
#include <thread>
#include <vector>

#include "stream/driver/driver.hpp"
#include "stream/transport/net.hpp"
#include "stream/transport/tcp_protocol.hpp"
#include "stream/transport/tcp_transport.hpp"

namespace tare::stream {
namespace {

// A short trial, without a drain: `end` follows the schedule at once.
DriverOptions fault_trial_options() {
  DriverOptions options;
  options.workload.rate = RateSchedule::constant(1000);
  options.duration_ns = 300'000'000;
  options.warmup_ns = 0;
  options.interval_ns = 100'000'000;
  options.sample_ns = 50'000'000;
  options.drain = false;
  options.realtime = false;
  options.done_timeout_ns = 500'000'000;
  return options;
}

// Accepts the driver and says hello; the connection is then the caller's.
Socket accept_with_hello(Listener& listener, const char* name) {
  Socket socket = listener.accept(10'000);
  FrameWriter hello;
  hello.hello(name);
  write_all(socket.fd(), hello.bytes());
  return socket;
}

// Reads (and drops) what the driver sends until it closes the connection, or until `end`
// when stop_at_end; whether `end` came.
bool read_from_driver(const Socket& socket, bool stop_at_end) {
  std::vector<std::uint8_t> buffer(1u << 16);
  FrameReader reader;
  bool end = false;
  try {
    for (std::size_t n; (n = read_some(socket.fd(), buffer)) > 0;) {
      reader.feed(std::span<const std::uint8_t>(buffer.data(), n));
      while (auto frame = reader.next()) end = end || frame->type == FrameType::end;
      if (end && stop_at_end) return true;
    }
  } catch (const NetError&) {  // reset: the driver is gone just as well
  }
  return end;
}

// F3: a SUT that takes the run's end and never answers done. The driver waits
// done_timeout_ns for it, then ends the run incomplete, naming what did not come.
TEST(DriverFaults, ASutThatNeverSendsDoneEndsTheRunAtTheDeadline) {
  Listener listener(Address{"127.0.0.1", 0});
  TcpTransport tcp(listener.bound_address());
  bool end_came = false;
  std::thread sut([&] {
    Socket socket = accept_with_hello(listener, "never-done");
    end_came = read_from_driver(socket, false);
  });
  const TrialResult r = run_trial(fault_trial_options(), tcp);
  sut.join();
  EXPECT_TRUE(end_came);
  EXPECT_FALSE(r.complete);
  EXPECT_EQ(r.incomplete_reason, "the SUT did not send done on connection 0 within 0.5 s after end");
  EXPECT_GT(r.generated, 0u) << "what was measured is kept";
}

// F1: a SUT that sends outputs as fast as it can, forever. The driver still runs its
// schedule (a pass reads a bounded amount), keeps at most max_kept_outputs of them, and
// ends at the deadline for done.
TEST(DriverFaults, AFloodOfOutputsIsMeasuredWithinTheCapAndTheRunEnds) {
  Listener listener(Address{"127.0.0.1", 0});
  TcpTransport tcp(listener.bound_address());
  std::uint64_t sent = 0;
  std::thread sut([&] {
    Socket socket = accept_with_hello(listener, "flood");
    FrameWriter flood;
    flood.outputs(std::vector<Output>(10'000, Output{0, 1, 2, 0, 7, 1}));
    try {
      for (;; sent += 10'000) write_all(socket.fd(), flood.bytes());
    } catch (const NetError&) {  // the driver closed the connection: the run is over
    }
  });
  DriverOptions options = fault_trial_options();
  options.max_kept_outputs = 1000;
  const TrialResult r = run_trial(options, tcp);
  sut.join();
  EXPECT_FALSE(r.complete);
  EXPECT_NE(r.incomplete_reason.find("did not send done"), std::string::npos) << r.incomplete_reason;
  EXPECT_GT(r.outputs, 1000u);
  EXPECT_EQ(r.kept_outputs.size(), 1000u);
  EXPECT_TRUE(r.kept_outputs_capped);
  EXPECT_EQ(r.generated, 300u) << "the schedule ran whole beside the flood";
  EXPECT_EQ(r.event_time.total_count(), static_cast<std::int64_t>(r.outputs)) << "every output measured";
}

// F12: event and processing times no genuine output can carry: the oldest possible event
// time, and an emit time before the ingest time (whose difference overflows). Counted,
// named, and left out of the latencies; the genuine output is measured.
TEST(DriverFaults, ImpossibleTimesAreCountedNamedAndLeftOutOfTheLatencies) {
  Listener listener(Address{"127.0.0.1", 0});
  TcpTransport tcp(listener.bound_address());
  std::thread sut([&] {
    Socket socket = accept_with_hello(listener, "impossible-times");
    constexpr auto kOldest = std::numeric_limits<std::int64_t>::min();
    constexpr auto kNewest = std::numeric_limits<std::int64_t>::max();
    FrameWriter out;
    out.outputs(std::vector<Output>{{kOldest, 1, 2, 0, 7, 1}, {0, kOldest, kNewest, 0, 7, 1}, {0, 1, 2, 0, 7, 1}});
    write_all(socket.fd(), out.bytes());
    if (!read_from_driver(socket, true)) return;
    FrameWriter done;
    done.done();
    write_all(socket.fd(), done.bytes());
  });
  const TrialResult r = run_trial(fault_trial_options(), tcp);
  sut.join();
  EXPECT_TRUE(r.complete) << r.incomplete_reason;
  EXPECT_EQ(r.outputs, 3u);
  EXPECT_EQ(r.impossible_outputs, 2u);
  EXPECT_EQ(r.impossible_example, "event time -9223372036854775808 ns, before the run's first event (0 ns)");
  EXPECT_EQ(r.event_time.total_count(), 1);
  EXPECT_EQ(r.processing_time.total_count(), 1);
  EXPECT_EQ(r.event_time.out_of_range(), 0);
  ASSERT_FALSE(r.verdict.notes.empty());
  EXPECT_NE(r.verdict.notes.back().find("the SUT sent 2 outputs with impossible times"), std::string::npos)
      << r.verdict.notes.back();
}

}  // namespace
}  // namespace tare::stream

namespace tare::stream {
namespace {

// F1: bytes fed faster than frames are taken (a frame's header promising the largest
// payload, then more and more) stop at a bound with a named error, not at memory's end.
TEST(DriverFaults, AFrameReaderHoldsAtMostItsBound) {
  FrameReader reader;
  const std::vector<std::uint8_t> piece(1u << 20, 0);
  std::size_t fed = 0;
  try {
    for (; fed <= 2 * kMaxPendingBytes; fed += piece.size()) reader.feed(piece);
    ADD_FAILURE() << "fed " << fed << " bytes without an error";
  } catch (const ProtocolError& e) {
    EXPECT_LE(fed, kMaxPendingBytes);
    EXPECT_NE(std::string(e.what()).find("more than the limit"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace tare::stream
