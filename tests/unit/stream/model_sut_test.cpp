// The model SUT over real TCP, with the test as the driver: its outputs equal the
// oracle's for both queries with several sources and workers, emit >= ingest, the cost
// model bounds its throughput, and a driver that breaks the protocol or goes away ends the
// run with a log line, never a crash or a hang. No wall-clock thresholds: only facts.
#include "stream/suts/model_sut.hpp"

#include <gtest/gtest.h>
#include <poll.h>
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <future>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "stream/workload/oracle.hpp"
#include "stream/transport/tcp_protocol.hpp"
#include "stream/transport/run_description.hpp"
#include "stream/suts/window_operator.hpp"
#include "stream/trials/verify.hpp"
#include "fixtures.hpp"

namespace tare::stream {
namespace {

using testing::kMs;
constexpr int kWaitMs = 10'000;  // only a hang ever waits this long

std::int64_t monotonic_ns() {
  timespec ts{};
  ::clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

// run_model_sut (serve_once) on its own thread, its log lines collected.
class Sut {
 public:
  explicit Sut(SutOptions options) {
    options.serve_once = true;
    std::promise<Address> listening;
    std::future<Address> address = listening.get_future();
    thread_ = std::thread([this, options, listening = std::move(listening)]() mutable {
      try {
        run_model_sut(
            options, [&](const Address& a) { listening.set_value(a); },
            [this](const std::string& line) {
              const std::lock_guard lock(mutex_);
              log_.push_back(line);
            });
      } catch (...) {
        listening.set_exception(std::current_exception());
      }
    });
    address_ = address.get();
  }
  ~Sut() { join(); }

  const Address& address() const { return address_; }
  // Waits for the run to end (a hang fails the test by ctest's timeout).
  void join() {
    if (thread_.joinable()) thread_.join();
  }
  std::string log() {
    const std::lock_guard lock(mutex_);
    std::string text;
    for (const auto& line : log_) text += line + "\n";
    return text;
  }

 private:
  std::thread thread_;
  Address address_;
  std::mutex mutex_;
  std::vector<std::string> log_;
};

// One driver-side connection: blocking writes, reads with a timeout.
class DriverConnection {
 public:
  explicit DriverConnection(const Address& sut) : socket_(connect_to(sut, kWaitMs)) {}
  int fd() const { return socket_.fd(); }
  void close() { socket_.close(); }

  void send(const FrameWriter& frames) { write_all(socket_.fd(), frames.bytes()); }
  void send_bytes(const std::vector<std::uint8_t>& bytes) { write_all(socket_.fd(), bytes); }

  // Decodes what has arrived; false once the SUT closed the connection.
  bool receive() {
    std::uint8_t buffer[64 << 10];
    const std::size_t n = read_some(socket_.fd(), buffer);
    reader_.feed(std::span(buffer, n));
    return n > 0;
  }
  std::optional<Frame> next() { return reader_.next(); }

  // The next frame, waiting for it; nullopt when the SUT closed the connection first.
  std::optional<Frame> wait_frame() {
    for (;;) {
      if (auto frame = next()) return frame;
      pollfd p{socket_.fd(), POLLIN, 0};
      if (::poll(&p, 1, kWaitMs) != 1) throw std::runtime_error("the SUT sent nothing for 10 s");
      if (!receive()) return std::nullopt;
    }
  }

  void hello(const std::string& name) {
    const auto sut_hello = wait_frame();
    if (!sut_hello || sut_hello->type != FrameType::hello || sut_hello->text != "tare-reference-sut")
      throw std::runtime_error("no SUT hello");
    FrameWriter frame;
    frame.hello(name);
    send(frame);
  }

 private:
  Socket socket_;
  FrameReader reader_;
};

struct DriverResult {
  std::vector<Output> outputs;
  std::size_t done = 0;             // connections that got `done`
  std::vector<std::string> errors;  // error frames, early closes, timeouts
  std::int64_t first_send_ns = 0;   // the driver's clock before the first events left
};

// Acts as tare's driver: one connection per source, events sent as the SUT's credit allows,
// then `end`; outputs collected until every connection got `done`.
DriverResult drive(const Address& sut, const RunDescription& run, const std::vector<std::vector<Event>>& sources) {
  struct Source {
    std::unique_ptr<DriverConnection> connection;
    std::size_t sent = 0;
    std::uint64_t credit = 0;
    bool ended = false;
    bool finished = false;
  };
  DriverResult result;
  std::vector<Source> state(sources.size());
  for (auto& s : state) {
    s.connection = std::make_unique<DriverConnection>(sut);
    s.connection->hello(hello_name(run));
  }
  result.first_send_ns = monotonic_ns();
  for (std::size_t open = state.size(); open > 0;) {
    std::vector<pollfd> fds;
    for (std::size_t i = 0; i < state.size(); ++i) {
      Source& s = state[i];
      if (s.finished) continue;
      while (s.credit > 0 && s.sent < sources[i].size()) {
        const std::size_t n = std::min<std::size_t>({s.credit, sources[i].size() - s.sent, 300});
        FrameWriter frame;
        frame.events(std::span(sources[i]).subspan(s.sent, n));
        s.connection->send(frame);
        s.sent += n;
        s.credit -= n;
      }
      if (s.sent == sources[i].size() && !s.ended) {
        FrameWriter frame;
        frame.end();
        s.connection->send(frame);
        s.ended = true;
      }
      fds.push_back(pollfd{s.connection->fd(), POLLIN, 0});
    }
    if (::poll(fds.data(), fds.size(), kWaitMs) <= 0) {
      result.errors.push_back("timeout");
      break;
    }
    for (Source& s : state) {
      if (s.finished) continue;
      const bool readable = std::any_of(fds.begin(), fds.end(), [&](const pollfd& p) {
        return p.fd == s.connection->fd() && p.revents != 0;
      });
      if (!readable) continue;
      const bool open_still = s.connection->receive();
      while (auto frame = s.connection->next()) {
        if (frame->type == FrameType::request) s.credit += frame->max_events;
        if (frame->type == FrameType::outputs)
          result.outputs.insert(result.outputs.end(), frame->outputs.begin(), frame->outputs.end());
        if (frame->type == FrameType::error) result.errors.push_back(frame->text);
        if (frame->type == FrameType::done) ++result.done;
      }
      if (!open_still) {
        s.finished = true;
        --open;
      }
    }
  }
  return result;
}

// Splits a stream between sources round-robin: each part stays in time order.
std::vector<std::vector<Event>> split(const std::vector<Event>& events, std::size_t sources) {
  std::vector<std::vector<Event>> parts(sources);
  for (std::size_t i = 0; i < events.size(); ++i) parts[i % sources].push_back(events[i]);
  return parts;
}

using testing::mixed_workload;

Comparison compare_outputs(const std::vector<Event>& events, const RunDescription& run,
                           const std::vector<Output>& outputs) {
  return verify_outputs(run.query, run.window, events, outputs);
}

void expect_emit_after_ingest(const std::vector<Output>& outputs) {
  for (const Output& o : outputs) {
    ASSERT_GE(o.emit_time_ns, o.ingest_time_ns);
    ASSERT_GT(o.ingest_time_ns, 0);
  }
}

SutOptions small_options(unsigned workers) {
  SutOptions options;
  options.workers = workers;
  options.credit = 256;
  return options;
}

// A whole run: `sources` connections of `events`, then the checks every run must pass.
DriverResult run_and_check(const SutOptions& options, const RunDescription& run, const std::vector<Event>& events) {
  Sut sut(options);
  DriverResult result = drive(sut.address(), run, split(events, run.sources));
  sut.join();
  EXPECT_TRUE(result.errors.empty()) << result.errors.front();
  EXPECT_EQ(result.done, run.sources);
  const Comparison comparison = compare_outputs(events, run, result.outputs);
  EXPECT_TRUE(comparison.ok) << comparison.first_mismatch;
  EXPECT_GT(comparison.matched, 50u);
  expect_emit_after_ingest(result.outputs);
  EXPECT_NE(sut.log().find("run over: " + std::to_string(run.sources) + " sources"), std::string::npos) << sut.log();
  return result;
}

TEST(ModelSut, AggregationOverTwoSourcesAndTwoWorkersMatchesTheOracle) {
  for (std::uint64_t seed : {1u, 2u}) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const RunDescription run{2, Query::aggregate, WindowSpec{50 * kMs, 50 * kMs}};
    run_and_check(small_options(2), run, generate(mixed_workload(seed, 1000, 40), 8000));
  }
}

TEST(ModelSut, SlidingJoinOverTwoSourcesAndTwoWorkersMatchesTheOracle) {
  for (std::uint64_t seed : {3u, 4u}) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const RunDescription run{2, Query::join, WindowSpec{60 * kMs, 20 * kMs}};
    run_and_check(small_options(2), run, generate(mixed_workload(seed, 30, 10), 8000));
  }
}

TEST(ModelSut, IdentityOverTwoSourcesAndTwoWorkersPassesEveryEventOnce) {
  const RunDescription run{2, Query::identity, WindowSpec{50 * kMs, 50 * kMs}};
  const auto events = generate(mixed_workload(7, 1000, 40), 5000);
  const DriverResult result = run_and_check(small_options(2), run, events);
  EXPECT_EQ(result.outputs.size(), events.size());
}

TEST(ModelSut, OneSourceManyWorkersAndMoreSourcesThanWorkers) {
  const auto events = generate(mixed_workload(5, 1000, 40), 6000);
  run_and_check(small_options(3), RunDescription{1, Query::aggregate, WindowSpec{50 * kMs, 50 * kMs}}, events);
  run_and_check(small_options(1), RunDescription{3, Query::join, WindowSpec{50 * kMs, 50 * kMs}},
                generate(mixed_workload(6, 30, 10), 6000));
}

// The service-time model is a lower bound on the run's length: one worker at cost c cannot
// emit its last output before n * c after the first event arrived (slowed by the factor
// throughout a slow start that covers the run). Stalls change timing, never results.
TEST(ModelSut, PerEventCostBoundsTheThroughputAndStallsKeepResultsExact) {
  const auto events = generate(mixed_workload(7, 1000, 40), 2000);
  const RunDescription run{1, Query::aggregate, WindowSpec{20 * kMs, 20 * kMs}};
  const auto purchases = static_cast<std::int64_t>(
      std::count_if(events.begin(), events.end(), [](const Event& e) { return e.kind == EventKind::purchase; }));
  const auto last_emit = [](const DriverResult& r) {
    std::int64_t last = 0;
    for (const Output& o : r.outputs) last = std::max(last, o.emit_time_ns);
    return last;
  };
  SutOptions options = small_options(1);
  options.cost_ns = 10'000;
  const DriverResult plain = run_and_check(options, run, events);
  // Ads cost service time too: every event goes through the worker.
  EXPECT_GE(last_emit(plain) - plain.first_send_ns, static_cast<std::int64_t>(events.size()) * options.cost_ns);
  EXPECT_GT(purchases, 0);

  options.slow_start_ns = 3'600'000'000'000;
  options.slow_start_factor = 3.0;
  const DriverResult slow = run_and_check(options, run, events);
  EXPECT_GE(last_emit(slow) - slow.first_send_ns, static_cast<std::int64_t>(events.size()) * 3 * options.cost_ns);

  options.slow_start_ns = 0;
  options.stall_every_ns = 2 * kMs;
  options.stall_ns = kMs / 2;
  run_and_check(options, run, events);
}

// Raw frame bytes, for what FrameWriter refuses to write.
std::vector<std::uint8_t> raw_frame(std::uint8_t type, std::vector<std::uint8_t> payload) {
  const auto n = static_cast<std::uint32_t>(payload.size());
  // The header goes in front of the payload (appending the payload to a 5-byte vector
  // trips a false -Warray-bounds in GCC 12's inlined memcpy).
  const std::uint8_t header[] = {static_cast<std::uint8_t>(n), static_cast<std::uint8_t>(n >> 8),
                                 static_cast<std::uint8_t>(n >> 16), static_cast<std::uint8_t>(n >> 24), type};
  payload.insert(payload.begin(), std::begin(header), std::end(header));
  return payload;
}

// Reads until the SUT closes; the text of the first error frame, or "" if none came.
std::string error_before_close(DriverConnection& connection) {
  try {
    while (auto frame = connection.wait_frame())
      if (frame->type == FrameType::error) return frame->text;
  } catch (const NetError&) {
    // a reset ends the connection as well
  }
  return "";
}

const RunDescription kOneSource{1, Query::aggregate, WindowSpec{50 * kMs, 50 * kMs}};

// Starts a one-source run and waits for the SUT's first request.
void start_run(DriverConnection& driver, const RunDescription& run = kOneSource) {
  driver.hello(hello_name(run));
  const auto request = driver.wait_frame();
  ASSERT_TRUE(request && request->type == FrameType::request);
  EXPECT_EQ(request->max_events, 256u);
}

// The SUT logs the capacity its run's keys gave it: 1 / (cost x the busiest worker's share
// of the events), counted here through route() over the same events.
TEST(ModelSut, LogsTheCapacityItsBusiestWorkerSets) {
  const auto events = generate(mixed_workload(9, 1000, 40), 2000);
  const RunDescription run{1, Query::aggregate, WindowSpec{20 * kMs, 20 * kMs}};
  std::vector<std::uint64_t> per_worker(2, 0);
  for (const Event& e : events) ++per_worker[route(e, run.query, 2)];
  const double share = static_cast<double>(std::max(per_worker[0], per_worker[1])) / static_cast<double>(events.size());
  char expected[160];
  std::snprintf(expected, sizeof expected, "the busiest of 2 workers served %.1f%% of the events: capacity %.0f events/s",
                100 * share, 1e9 / (10'000 * share));
  SutOptions options = small_options(2);
  options.cost_ns = 10'000;
  Sut sut(options);
  const DriverResult result = drive(sut.address(), run, split(events, run.sources));
  sut.join();
  EXPECT_TRUE(result.errors.empty());
  EXPECT_NE(sut.log().find(expected), std::string::npos) << expected << "\n" << sut.log();
}

TEST(ModelSut, AMalformedFrameEndsTheRunWithALogLineAndAnErrorFrame) {
  Sut sut(small_options(2));
  DriverConnection driver(sut.address());
  start_run(driver);
  driver.send_bytes(raw_frame(99, {}));
  EXPECT_NE(error_before_close(driver).find("unknown frame type 99"), std::string::npos);
  sut.join();
  EXPECT_NE(sut.log().find("protocol error from driver: unknown frame type 99"), std::string::npos) << sut.log();
}

TEST(ModelSut, ADriverThatDisconnectsMidRunEndsTheRun) {
  Sut sut(small_options(2));
  {
    DriverConnection driver(sut.address());
    start_run(driver);
    FrameWriter frame;
    frame.events(generate(mixed_workload(1, 10, 10), 100));
    driver.send(frame);
  }  // closed without `end`
  sut.join();
  EXPECT_NE(sut.log().find("driver closed the connection mid-run"), std::string::npos) << sut.log();
}

TEST(ModelSut, ADriverThatDisconnectsWhileAnotherSourceRunsEndsTheRun) {
  Sut sut(small_options(2));
  const RunDescription run{2, Query::join, WindowSpec{50 * kMs, 50 * kMs}};
  DriverConnection first(sut.address());
  first.hello(hello_name(run));
  {
    DriverConnection second(sut.address());
    second.hello(hello_name(run));
  }
  sut.join();
  EXPECT_NE(sut.log().find("driver closed the connection mid-run"), std::string::npos) << sut.log();
}

TEST(ModelSut, AnErrorFrameFromTheDriverEndsTheRun) {
  Sut sut(small_options(1));
  DriverConnection driver(sut.address());
  start_run(driver);
  FrameWriter frame;
  frame.error("generator overloaded");
  driver.send(frame);
  sut.join();
  EXPECT_NE(sut.log().find("driver reported an error: generator overloaded"), std::string::npos) << sut.log();
}

TEST(ModelSut, AWrongProtocolVersionIsRefusedWithAnErrorFrame) {
  Sut sut(small_options(1));
  DriverConnection driver(sut.address());
  ASSERT_TRUE(driver.wait_frame());  // the SUT's hello
  const std::string name = hello_name(kOneSource);
  std::vector<std::uint8_t> payload{2, 0, static_cast<std::uint8_t>(name.size()), 0};  // version 2
  payload.insert(payload.end(), name.begin(), name.end());
  driver.send_bytes(raw_frame(1, payload));
  EXPECT_NE(error_before_close(driver).find("protocol version 2"), std::string::npos);
  sut.join();
  EXPECT_NE(sut.log().find("protocol error from driver"), std::string::npos) << sut.log();
}

TEST(ModelSut, HellosThatAreNotADriverOrDescribeAnotherRunAreRefused) {
  {
    Sut sut(small_options(1));
    DriverConnection driver(sut.address());
    driver.hello("some-other-program");
    EXPECT_NE(error_before_close(driver).find("not a tare driver"), std::string::npos);
  }
  {
    Sut sut(small_options(1));
    DriverConnection driver(sut.address());
    driver.hello(hello_name(RunDescription{1, Query::aggregate, WindowSpec{4096, 1}}));
    EXPECT_NE(error_before_close(driver).find("windows per event"), std::string::npos);
  }
  {
    Sut sut(small_options(1));
    const RunDescription run{2, Query::aggregate, WindowSpec{50 * kMs, 50 * kMs}};
    DriverConnection first(sut.address());
    first.hello(hello_name(run));
    DriverConnection second(sut.address());
    second.hello(hello_name(RunDescription{2, Query::join, run.window}));
    EXPECT_NE(error_before_close(first).find("describes another run"), std::string::npos);
    sut.join();
    EXPECT_NE(sut.log().find("connection 2 describes another run"), std::string::npos) << sut.log();
  }
}

// Out-of-order events are late, not errors (stream/workload/lateness.hpp); an event time
// outside the operator's range is one.
TEST(ModelSut, EventsOutsideTheTimeRangeOrBeyondTheCreditAreProtocolErrors) {
  {
    Sut sut(small_options(1));
    DriverConnection driver(sut.address());
    start_run(driver);
    FrameWriter frame;
    const std::vector<Event> backwards{Event{100, EventKind::purchase, 1, 1, 1},
                                       Event{-1, EventKind::purchase, 1, 1, 1}};
    frame.events(backwards);
    driver.send(frame);
    EXPECT_NE(error_before_close(driver).find("event time -1 ns is outside 0.."), std::string::npos);
  }
  {
    Sut sut(small_options(1));
    DriverConnection driver(sut.address());
    start_run(driver);
    FrameWriter frame;
    frame.events(generate(mixed_workload(1, 10, 10), 257));
    driver.send(frame);
    EXPECT_NE(error_before_close(driver).find("driver sent 257 events; the credit is 256"), std::string::npos);
  }
}

TEST(ModelSut, RejectsBadOptionsAndReportsListenFailures) {
  SutOptions options;
  options.workers = 0;
  EXPECT_THROW(validate(options), std::invalid_argument);
  options = SutOptions{};
  options.stall_every_ns = 10;
  options.stall_ns = 10;
  EXPECT_THROW(validate(options), std::invalid_argument);
  options = SutOptions{};
  options.credit = 0;
  EXPECT_THROW(validate(options), std::invalid_argument);
  options = SutOptions{};
  options.slow_start_factor = 0.0;
  EXPECT_THROW(validate(options), std::invalid_argument);
  options = SutOptions{};
  options.allowed_lateness_ns = -1;
  EXPECT_THROW(validate(options), std::invalid_argument);
  EXPECT_NO_THROW(validate(SutOptions{}));

  Listener taken(Address{"127.0.0.1", 0});
  options = SutOptions{};
  options.listen = taken.bound_address();
  EXPECT_THROW(run_model_sut(options, [](const Address&) {}, [](const std::string&) {}), NetError);
}

}  // namespace
}  // namespace tare::stream
