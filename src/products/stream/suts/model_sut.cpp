// The model system under test (see model_sut.hpp): a handshake on the main thread,
// then one run = source threads (one per driver connection) -> bounded work queues -> worker
// threads (WindowOperator each) -> one sender thread writing outputs on connection 0.
//
// Shutdown: any thread that meets a broken or misbehaving driver calls Run::abort, which
// logs the first reason only, stops every queue (waking blocked pushers and poppers), wakes
// stalled sources and shuts the sockets down (waking blocked reads and writes). Sockets are
// closed only after every thread has been joined, so no thread ever sees a reused fd.
#include "stream/suts/model_sut.hpp"

#include <poll.h>
#include <sys/socket.h>
#include <time.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <deque>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include "stream/workload/monotonic_ns.hpp"
#include "stream/transport/tcp_protocol.hpp"
#include "stream/transport/run_description.hpp"
#include "stream/suts/service_clock.hpp"
#include "stream/suts/window_operator.hpp"
#include "stream/workload/lateness.hpp"

namespace tare::stream {
namespace {

using Log = std::function<void(const std::string&)>;

constexpr unsigned kMaxWorkers = 256;
constexpr std::uint32_t kMaxCredit = 1u << 22;
constexpr std::int64_t kMaxCostNs = 1'000'000'000;
constexpr double kMaxSlowStartFactor = 1000.0;
constexpr int kHandshakeTimeoutMs = 10'000;
constexpr std::size_t kMaxOutputsPerFrame = 4096;
constexpr std::size_t kReadBufferBytes = 256 << 10;
// Items a worker takes per lock. Few: what it has taken is held beyond the credit, and
// taking a whole credit at once would make the SUT hold and take input in bursts twice
// its credit in size (a 5k/s SUT then showed a drain rate 5% low over a 2 s trial).
constexpr std::size_t kPopChunk = 64;
constexpr std::int64_t kNoTime = std::numeric_limits<std::int64_t>::min();
constexpr std::int64_t kEndOfTime = std::numeric_limits<std::int64_t>::max();

// ---- frames on a connection -------------------------------------------------------------


// One driver connection. Connection 0 is written by its source (requests) and the sender
// (outputs, done), so writes hold a lock: frames must not interleave.
class Connection {
 public:
  explicit Connection(Socket socket) : socket_(std::move(socket)) {}
  int fd() const noexcept { return socket_.fd(); }

  void send(const FrameWriter& frames) {
    const std::lock_guard lock(write_mutex_);
    write_all(socket_.fd(), frames.bytes());
  }

  // Best effort, never blocking: an error frame for the driver before the connection goes
  // down. Skipped when another thread is mid-write, which the frame would cut in two.
  void try_send_error(const std::string& message) noexcept {
    const std::unique_lock lock(write_mutex_, std::try_to_lock);
    if (!lock.owns_lock()) return;
    FrameWriter frame;
    frame.error(message);
    [[maybe_unused]] const ssize_t sent =
        ::send(socket_.fd(), frame.bytes().data(), frame.bytes().size(), MSG_NOSIGNAL | MSG_DONTWAIT);
  }

  // Wakes every thread blocked on this socket; the fd stays open until destruction.
  void shut_down() noexcept { ::shutdown(socket_.fd(), SHUT_RDWR); }

  // The next frame; nullopt when the driver closed the connection. timeout_ms (< 0: none)
  // bounds each wait for bytes. ProtocolError, NetError.
  std::optional<Frame> next_frame(int timeout_ms = -1) {
    for (;;) {
      if (std::optional<Frame> frame = reader_.next()) return frame;
      if (timeout_ms >= 0) wait_readable(timeout_ms);
      const std::size_t n = read_some(socket_.fd(), buffer_);
      if (n == 0) return std::nullopt;
      reader_.feed(std::span(buffer_).first(n));
    }
  }

 private:
  void wait_readable(int timeout_ms) {
    for (;;) {
      pollfd p{socket_.fd(), POLLIN, 0};
      const int rc = ::poll(&p, 1, timeout_ms);
      if (rc > 0) return;
      if (rc == 0) throw NetError("the driver sent nothing within " + std::to_string(timeout_ms) + " ms");
      if (errno != EINTR) throw NetError(std::string("poll: ") + std::strerror(errno));
    }
  }

  Socket socket_;
  std::mutex write_mutex_;
  FrameReader reader_;
  std::vector<std::uint8_t> buffer_ = std::vector<std::uint8_t>(kReadBufferBytes);
};

using Connections = std::vector<std::unique_ptr<Connection>>;

void send_request(Connection& connection, std::uint32_t events) {
  FrameWriter frame;
  frame.request(events);
  connection.send(frame);
}

// ---- handshake ----------------------------------------------------------------------------

bool same_run(const RunDescription& a, const RunDescription& b) noexcept {
  return a.sources == b.sources && a.query == b.query && a.window.size_ns == b.window.size_ns &&
         a.window.slide_ns == b.window.slide_ns;
}

// Accepts a driver connection and sends the SUT's hello (the SUT speaks first).
std::unique_ptr<Connection> greet(Listener& listener, int timeout_ms) {
  auto connection = std::make_unique<Connection>(listener.accept(timeout_ms));
  FrameWriter hello;
  hello.hello("tare-reference-sut");
  connection->send(hello);
  return connection;
}

// The run the driver describes in its hello on `connection`. A wrong protocol version is a
// ProtocolError from the frame decoder.
RunDescription read_description(Connection& connection) {
  const std::optional<Frame> frame = connection.next_frame(kHandshakeTimeoutMs);
  if (!frame) throw NetError("the driver closed the connection before its hello");
  if (frame->type != FrameType::hello)
    throw ProtocolError(std::string("expected a hello frame, got ") + frame_type_name(frame->type));
  const RunDescription run = parse_hello_name(frame->text);
  try {
    validate_operator_window(run.window);
  } catch (const std::invalid_argument& e) {
    throw ProtocolError(std::string("driver hello: ") + e.what());
  }
  return run;
}

// Accepts the first connection (waiting as long as it takes), then the rest of the run's
// connections, each within the handshake timeout and describing the same run. On failure
// the drivers get an error frame, `log` a line, and the result is empty.
std::optional<RunDescription> handshake(Listener& listener, Connections& connections, const Log& log) {
  const auto refuse = [&](const std::string& message) {
    for (const auto& connection : connections) connection->try_send_error(message);
    log(message);
  };
  try {
    connections.push_back(greet(listener, -1));
    const RunDescription run = read_description(*connections[0]);
    while (connections.size() < run.sources) {
      connections.push_back(greet(listener, kHandshakeTimeoutMs));
      if (!same_run(read_description(*connections.back()), run))
        throw ProtocolError("connection " + std::to_string(connections.size()) + " describes another run than \"" +
                            hello_name(run) + "\"");
    }
    return run;
  } catch (const ProtocolError& e) {
    refuse(std::string("protocol error from driver: ") + e.what());
  } catch (const NetError& e) {
    refuse(std::string("run not started: ") + e.what());
  }
  return std::nullopt;
}

// ---- queues between the threads -----------------------------------------------------------

// What a source hands a worker: an event with its ingest time, the source's latest event
// time (a watermark: its later events are no earlier), or the end of the source's stream.
struct Item {
  enum class Kind : std::uint8_t { event, watermark, end };
  Kind kind = Kind::event;
  std::uint32_t source = 0;
  std::int64_t time_ns = 0;  // event: ingest time; watermark: the source's latest event time
  std::int64_t first_open_start_ns = kNoTime;  // event: its windows starting before this are closed
  Event event;
};

// A bounded FIFO from the sources to one worker. A full queue blocks its sources: that is
// the SUT's backpressure (they stop reading, so the driver's backlog grows).
class WorkQueue {
 public:
  explicit WorkQueue(std::size_t capacity) : capacity_(capacity) {}

  // Appends all of `items`, waiting for room as needed; false when the run stopped.
  bool push(std::span<const Item> items) {
    std::unique_lock lock(mutex_);
    while (!items.empty()) {
      not_full_.wait(lock, [&] { return stopped_ || items_.size() < capacity_; });
      if (stopped_) return false;
      const std::size_t n = std::min(items.size(), capacity_ - items_.size());
      items_.insert(items_.end(), items.begin(), items.begin() + static_cast<std::ptrdiff_t>(n));
      items = items.subspan(n);
      not_empty_.notify_one();
    }
    return true;
  }

  // Replaces `out` with up to `max` items, waiting while empty; false when the run stopped.
  bool pop(std::vector<Item>& out, std::size_t max) {
    std::unique_lock lock(mutex_);
    not_empty_.wait(lock, [&] { return stopped_ || !items_.empty(); });
    if (stopped_) return false;
    const auto n = static_cast<std::ptrdiff_t>(std::min(max, items_.size()));
    out.assign(items_.begin(), items_.begin() + n);
    items_.erase(items_.begin(), items_.begin() + n);
    not_full_.notify_all();  // several sources may be waiting
    return true;
  }

  void stop() {
    const std::lock_guard lock(mutex_);
    stopped_ = true;
    not_full_.notify_all();
    not_empty_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable not_full_;
  std::condition_variable not_empty_;
  std::deque<Item> items_;
  std::size_t capacity_;
  bool stopped_ = false;
};

// Outputs from the workers to the sender. Unbounded: its size is bounded by the window
// state the workers held, and a worker must never wait on the driver reading outputs.
class Outbox {
 public:
  explicit Outbox(std::size_t workers) : workers_left_(workers) {}

  void put(std::vector<Output>& outputs) {
    const std::lock_guard lock(mutex_);
    pending_.insert(pending_.end(), outputs.begin(), outputs.end());
    outputs.clear();
    ready_.notify_one();
  }

  void worker_finished() {
    const std::lock_guard lock(mutex_);
    --workers_left_;
    ready_.notify_one();
  }

  // Replaces `out` with the pending outputs, waiting for some; false when no more will come
  // (every worker finished and all were taken) or the run stopped.
  bool take(std::vector<Output>& out) {
    std::unique_lock lock(mutex_);
    ready_.wait(lock, [&] { return stopped_ || !pending_.empty() || workers_left_ == 0; });
    if (stopped_ || pending_.empty()) return false;
    out.swap(pending_);
    pending_.clear();
    return true;
  }

  void stop() {
    const std::lock_guard lock(mutex_);
    stopped_ = true;
    ready_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::vector<Output> pending_;
  std::size_t workers_left_;
  bool stopped_ = false;
};

// ---- one run --------------------------------------------------------------------------------

// A source's progress: the watermark it reports and its stall schedule.
struct SourceState {
  SourceState(const WindowSpec& window, std::int64_t allowed_lateness_ns) : lateness(window, allowed_lateness_ns) {}
  SourceLateness lateness;  // the watermark and the late events
  LateCounts late_reported;  // of lateness.counts(), what the run's totals hold already
  std::int64_t first_ingest_ns = kNoTime;
  std::int64_t next_stall_ns = kEndOfTime;
};

class Run {
 public:
  Run(const SutOptions& options, const RunDescription& description, Connections connections, const Log& log)
      : options_(options), description_(description), connections_(std::move(connections)), log_(log),
        outbox_(options.workers),
        slow_cost_ns_(std::llround(static_cast<double>(options.cost_ns) * options.slow_start_factor)) {
    for (unsigned w = 0; w < options_.workers; ++w)
      // As small as the credit: events queued inside the SUT count in processing-time
      // latency, so a SUT that buffers deeply would hide less of its backlog from it.
      queues_.push_back(std::make_unique<WorkQueue>(options_.credit));
  }

  // Runs the threads to the end of the run (or its abort) and joins them all.
  void execute() {
    std::vector<std::thread> threads;
    try {
      for (unsigned w = 0; w < options_.workers; ++w) threads.emplace_back(&Run::worker, this, w);
      threads.emplace_back(&Run::sender, this);
      for (std::uint32_t s = 0; s < description_.sources; ++s) threads.emplace_back(&Run::source, this, s);
    } catch (const std::system_error& e) {
      abort(std::string("cannot start the run's threads: ") + e.what());
    }
    for (std::thread& thread : threads) thread.join();
    if (!stopping_)
      log_("run over: " + std::to_string(description_.sources) + " sources, " + query_name(description_.query) +
           ", " + std::to_string(events_in_.load()) + " events in, " + std::to_string(outputs_out_) + " outputs out" +
           late_events() + capacity_served());
  }

 private:
  void source(std::uint32_t index);
  bool ingest(std::uint32_t index, const std::vector<Event>& events, SourceState& state,
              std::vector<std::vector<Item>>& routed);
  void end_source(std::uint32_t index);
  bool stall_if_due(SourceState& state);
  void worker(unsigned index);
  void serve(std::int64_t& busy_until_ns, std::int64_t ingest_ns) const;
  void sender();
  void send_outputs(std::vector<Output>& outputs);
  void abort(const std::string& reason, Connection* culprit = nullptr);
  std::string capacity_served() const;
  std::string late_events() const;

  SutOptions options_;
  RunDescription description_;
  Connections connections_;
  const Log& log_;
  std::vector<std::unique_ptr<WorkQueue>> queues_;
  Outbox outbox_;
  std::int64_t slow_cost_ns_;
  std::atomic<std::int64_t> first_ingest_ns_{kNoTime};  // the run's, for the slow start
  std::atomic<std::uint64_t> events_in_{0};
  std::atomic<std::uint64_t> late_accepted_{0}, late_dropped_{0};
  // Events routed to each worker: the busiest one's share sets the capacity this run had.
  std::vector<std::atomic<std::uint64_t>> worker_events_ = std::vector<std::atomic<std::uint64_t>>(options_.workers);
  std::uint64_t outputs_out_ = 0;  // the sender's
  std::mutex stop_mutex_;
  std::condition_variable stop_cv_;
  std::atomic<bool> stopping_{false};
};

void Run::abort(const std::string& reason, Connection* culprit) {
  {
    const std::lock_guard lock(stop_mutex_);
    if (stopping_) return;
    stopping_ = true;
  }
  stop_cv_.notify_all();
  log_(reason);
  if (culprit != nullptr) culprit->try_send_error(reason);
  for (const auto& queue : queues_) queue->stop();
  outbox_.stop();
  for (const auto& connection : connections_) connection->shut_down();
}

// "; the busiest of 2 workers served 52.0% of the events: capacity 19.2k/s": with a cost,
// the capacity this run's keys gave, 1 / (cost x that share), not workers / cost.
std::string Run::capacity_served() const {
  std::uint64_t busiest = 0;
  for (const auto& n : worker_events_) busiest = std::max(busiest, n.load());
  const std::uint64_t total = events_in_.load();
  if (options_.cost_ns == 0 || busiest == 0) return "";
  const double share = static_cast<double>(busiest) / static_cast<double>(total);
  char text[160];
  std::snprintf(text, sizeof text, "; the busiest of %u workers served %.1f%% of the events: capacity %.0f events/s",
                options_.workers, 100 * share, 1e9 / (static_cast<double>(options_.cost_ns) * share));
  return text;
}

// ", 12 late events accepted, 3 dropped" (nothing when no event came late).
std::string Run::late_events() const {
  const std::uint64_t accepted = late_accepted_.load(), dropped = late_dropped_.load();
  if (accepted + dropped == 0) return "";
  return ", " + std::to_string(accepted) + " late events accepted, " + std::to_string(dropped) + " dropped";
}

void Run::source(std::uint32_t index) {
  Connection& connection = *connections_[index];
  try {
    SourceState state(description_.window, options_.allowed_lateness_ns);
    std::vector<std::vector<Item>> routed(options_.workers);
    send_request(connection, options_.credit);
    for (;;) {
      if (!stall_if_due(state)) return;
      const std::optional<Frame> frame = connection.next_frame();
      if (!frame) return abort("driver closed the connection mid-run");
      switch (frame->type) {
        case FrameType::events:
          // Every batch is replenished at once, so at most `credit` events are ever due.
          if (frame->events.size() > options_.credit)
            throw ProtocolError("driver sent " + std::to_string(frame->events.size()) + " events; the credit is " +
                                std::to_string(options_.credit));
          if (!ingest(index, frame->events, state, routed)) return;
          if (!frame->events.empty()) send_request(connection, static_cast<std::uint32_t>(frame->events.size()));
          break;
        case FrameType::end:
          end_source(index);
          return;
        case FrameType::error:
          return abort("driver reported an error: " + frame->text);
        default:
          throw ProtocolError(std::string("unexpected ") + frame_type_name(frame->type) + " frame");
      }
    }
  } catch (const ProtocolError& e) {
    abort(std::string("protocol error from driver: ") + e.what(), &connection);
  } catch (const NetError& e) {
    // A reset is the driver closing too (abortively: it had unread requests).
    abort(std::string("driver closed the connection mid-run: ") + e.what());
  } catch (const std::exception& e) {
    abort(std::string("source failed: ") + e.what());
  }
}

// Stamps the batch's ingest time, routes each event to its key's worker and then tells every
// worker how far this source has come. False when the run stopped while a queue was full.
bool Run::ingest(std::uint32_t index, const std::vector<Event>& events, SourceState& state,
                 std::vector<std::vector<Item>>& routed) {
  if (events.empty()) return true;
  const std::int64_t now = monotonic_ns();
  if (state.first_ingest_ns == kNoTime) {
    state.first_ingest_ns = now;
    if (options_.stall_every_ns > 0) state.next_stall_ns = now + options_.stall_every_ns;
    std::int64_t unset = kNoTime;
    first_ingest_ns_.compare_exchange_strong(unset, now);
  }
  for (const Event& e : events) {
    if (e.event_time_ns < 0 || e.event_time_ns > kMaxEventTimeNs)
      throw ProtocolError("event time " + std::to_string(e.event_time_ns) + " ns is outside 0.." +
                          std::to_string(kMaxEventTimeNs));
    // An event earlier than the source's watermark is late: it enters only its windows still
    // open (lateness.hpp). Decided here, in the source's own order, so that the oracle can
    // predict every decision; the workers' watermark never runs ahead of this one.
    const Admission admission = state.lateness.observe(e.event_time_ns);
    routed[route(e, description_.query, options_.workers)].push_back(
        Item{Item::Kind::event, index, now, admission.first_open_start_ns, e});
  }
  late_accepted_ += state.lateness.counts().accepted - state.late_reported.accepted;
  late_dropped_ += state.lateness.counts().dropped - state.late_reported.dropped;
  state.late_reported = state.lateness.counts();
  events_in_ += events.size();
  for (std::size_t w = 0; w < routed.size(); ++w) {
    worker_events_[w].fetch_add(routed[w].size(), std::memory_order_relaxed);
    routed[w].push_back(Item{Item::Kind::watermark, index, state.lateness.watermark(), kNoTime, {}});
    if (!queues_[w]->push(routed[w])) return false;
    routed[w].clear();
  }
  return true;
}

void Run::end_source(std::uint32_t index) {
  const Item end{Item::Kind::end, index, 0, kNoTime, {}};
  for (const auto& queue : queues_)
    if (!queue->push(std::span(&end, 1))) return;
}

// Pauses the source (it reads nothing) for stall_ns at every multiple of stall_every_ns
// since its first ingest. False when the run stopped during the pause.
bool Run::stall_if_due(SourceState& state) {
  const std::int64_t now = monotonic_ns();
  if (now < state.next_stall_ns) return true;
  const std::int64_t since_first = now - state.first_ingest_ns;
  state.next_stall_ns = state.first_ingest_ns + (since_first / options_.stall_every_ns + 1) * options_.stall_every_ns;
  std::unique_lock lock(stop_mutex_);
  return !stop_cv_.wait_for(lock, std::chrono::nanoseconds(options_.stall_ns), [&] { return stopping_.load(); });
}

void Run::worker(unsigned index) {
  try {
    WindowOperator windows(description_.query, description_.window, options_.allowed_lateness_ns);
    std::vector<std::int64_t> source_watermarks(description_.sources, kNoTime);
    std::uint32_t ended = 0;
    std::int64_t busy_until_ns = 0;
    std::vector<Item> items;
    std::vector<Output> outputs;
    while (ended < description_.sources) {
      if (!queues_[index]->pop(items, kPopChunk)) return;
      for (const Item& item : items) {
        if (item.kind == Item::Kind::event) {
          serve(busy_until_ns, item.time_ns);
          windows.add(item.event, item.time_ns, item.first_open_start_ns);
          continue;
        }
        source_watermarks[item.source] = item.kind == Item::Kind::end ? kEndOfTime : item.time_ns;
        ended += item.kind == Item::Kind::end ? 1 : 0;
        if (ended == description_.sources)
          windows.flush(outputs);
        else
          windows.advance_watermark(*std::min_element(source_watermarks.begin(), source_watermarks.end()), outputs);
        if (!outputs.empty()) {
          // An output cannot leave before the service of its inputs is over, and leaves
          // then, not after the service of the events queued behind it.
          wait_until_ns(busy_until_ns);
          outbox_.put(outputs);
        }
      }
    }
    outbox_.worker_finished();
  } catch (const std::exception& e) {
    abort(std::string("worker failed: ") + e.what());
  }
}

// The service-time model (service_clock.hpp).
void Run::serve(std::int64_t& busy_until_ns, std::int64_t ingest_ns) const {
  serve_event(ServiceCost{options_.cost_ns, slow_cost_ns_, options_.slow_start_ns}, busy_until_ns, ingest_ns,
              first_ingest_ns_.load(std::memory_order_relaxed));
}

void Run::sender() {
  try {
    std::vector<Output> outputs;
    while (outbox_.take(outputs)) send_outputs(outputs);
    if (stopping_) return;
    FrameWriter done;
    done.done();
    for (const auto& connection : connections_) connection->send(done);
  } catch (const NetError& e) {
    abort(std::string("cannot send to the driver: ") + e.what());
  } catch (const std::exception& e) {
    abort(std::string("sender failed: ") + e.what());
  }
}

// Writes outputs frames on connection 0, each stamped with its emission time just before
// it is written.
void Run::send_outputs(std::vector<Output>& outputs) {
  FrameWriter frame;
  for (std::size_t at = 0; at < outputs.size(); at += kMaxOutputsPerFrame) {
    const std::span batch = std::span(outputs).subspan(at, std::min(kMaxOutputsPerFrame, outputs.size() - at));
    const std::int64_t now = monotonic_ns();
    for (Output& output : batch) output.emit_time_ns = now;
    frame.clear();
    frame.outputs(batch);
    connections_[0]->send(frame);
  }
  outputs_out_ += outputs.size();
}

// False when no run started.
bool serve_run(Listener& listener, const SutOptions& options, const Log& log) {
  Connections connections;
  const std::optional<RunDescription> description = handshake(listener, connections, log);
  if (!description) return false;
  log("run started: " + hello_name(*description));
  Run(options, *description, std::move(connections), log).execute();
  return true;
}

}  // namespace

void validate(const SutOptions& options) {
  const auto fail = [](const std::string& message) { throw std::invalid_argument("model SUT: " + message); };
  if (options.workers < 1 || options.workers > kMaxWorkers)
    fail("workers must be in 1.." + std::to_string(kMaxWorkers) + " (got " + std::to_string(options.workers) + ")");
  if (options.cost_ns < 0 || options.cost_ns > kMaxCostNs)
    fail("per-event cost must be in 0.." + std::to_string(kMaxCostNs) + " ns");
  if (options.stall_every_ns < 0 || options.stall_ns < 0) fail("stall period and length must be >= 0 ns");
  if (options.stall_every_ns > 0 && (options.stall_ns == 0 || options.stall_ns >= options.stall_every_ns))
    fail("a stall must last > 0 ns and less than its period");
  if (options.slow_start_ns < 0) fail("slow-start length must be >= 0 ns");
  if (!(options.slow_start_factor > 0.0 && options.slow_start_factor <= kMaxSlowStartFactor))
    fail("slow-start factor must be in (0, " + std::to_string(static_cast<int>(kMaxSlowStartFactor)) + "]");
  if (options.allowed_lateness_ns < 0 || options.allowed_lateness_ns > kMaxAllowedLatenessNs)
    fail("allowed lateness must be in 0.." + std::to_string(kMaxAllowedLatenessNs) + " ns");
  if (options.credit < 1 || options.credit > kMaxCredit)
    fail("credit must be in 1.." + std::to_string(kMaxCredit) + " events");
}

void run_model_sut(const SutOptions& options, const std::function<void(const Address&)>& on_listening,
                       const std::function<void(const std::string&)>& log) {
  validate(options);
  Listener listener(options.listen);
  on_listening(listener.bound_address());
  do {
    // A pause after a failed start, so that a listener that keeps failing (out of file
    // descriptors) does not spin.
    if (!serve_run(listener, options, log) && !options.serve_once)
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
  } while (!options.serve_once);
}

}  // namespace tare::stream
