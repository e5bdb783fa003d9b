// How the driver reaches a system under test: the seam between the open-loop driver (which
// generates events on its schedule, queues them and measures what comes back) and the way
// events and outputs travel. Each generator opens its own link and is the only thread to use
// it. A link hands the driver's queued events to the SUT as the SUT can take them, brings its
// outputs back, counts the events the SUT has taken (the backlog is generated - taken) and
// ends the run with it: `end` after the last event, then the SUT says it is done.
//
// Today's transport is TCP (stream/transport/tcp_transport.hpp): the SUT pulls events with
// credit requests over one connection per generator, taken = handed over, and it answers
// `done` after `end`. A message-queue transport (Kafka) fits the same seam: room()
// is what its producer queue takes, send() produces events carrying their due time, receive()
// consumes the output topic, and taken() is what the SUT's consumer group has committed, so
// the backlog is the consumer lag plus the driver's own queue.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include "stream/transport/run_description.hpp"
#include "stream/workload/output.hpp"
#include "stream/workload/workload.hpp"

namespace tare::stream {

/// The SUT cannot be reached, or the link to it broke (it went away mid-run). The message
/// names where and why, e.g. "cannot connect to 127.0.0.1:1: Connection refused".
class NetError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The SUT sent something out of protocol (malformed, unexpected, or an error it reported).
class ProtocolError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The most events one send() is given, whatever the transport (a TCP frame holds this many
/// in its 16 MiB).
inline constexpr std::size_t kMostEventsPerSend = 699'050;

/// Where a link delivers the outputs it receives, as it decodes them: the driver stamps
/// their arrival when it is handed them (never before they were received).
class OutputSink {
 public:
  virtual void outputs(std::span<const Output> outputs) = 0;

 protected:
  ~OutputSink() = default;
};

/// What a link through a broker (Kafka) saw of it, for telling a slow broker from a slow
/// SUT (stream/verdict/held_by.hpp).
struct BrokerCounters {
  std::uint64_t delivered = 0;           ///< events the broker acknowledged
  std::uint64_t delivery_failures = 0;   ///< events it refused
  double produce_latency_mean_ns = 0;    ///< from handing an event over to its acknowledgement
  double produce_latency_max_ns = 0;
  double queue_full_ns = 0;              ///< time the producer's queue had no room
};

/// One generator's link to the SUT. Nothing blocks but wait(); failures throw NetError or
/// ProtocolError, which end the run with what was measured.
class SourceLink {
 public:
  virtual ~SourceLink() = default;

  /// The SUT's name, as it gave it when the link opened.
  virtual const std::string& sut_name() const = 0;
  /// How many events send() may take now (0: none until the SUT asks or the link drains).
  virtual std::uint64_t room() const = 0;
  /// Hands over `events` (at most room() of them); they leave the driver's queue.
  virtual void send(std::span<const Event> events) = 0;
  /// No more events will come (the last call but abort()).
  virtual void end() = 0;
  /// Moves what is pending towards the SUT, as far as it goes without blocking.
  virtual void flush() = 0;
  /// Takes what has arrived, without blocking: outputs go to `sink`.
  virtual void receive(OutputSink& sink) = 0;
  /// True once the SUT said it is done (every output sent) after end().
  virtual bool done() const = 0;
  /// Events the SUT has taken so far.
  virtual std::uint64_t taken() const = 0;
  /// Blocks up to `ns`, or until the SUT sends something or pending bytes can move.
  virtual void wait(std::int64_t ns) = 0;
  /// The run ended early: tells the SUT why, best effort (never throws).
  virtual void abort(std::string_view reason) noexcept = 0;
  /// A run without a drain (search trials) ends once end() is sent and, when this is true,
  /// the SUT said done (TCP: it holds no more than its credit). Through a broker the SUT
  /// holds the whole backlog: waiting for it would draw the trial out, so it ends at once.
  virtual bool waits_for_done_without_drain() const { return true; }
  /// What the broker between the driver and the SUT did, when there is one.
  virtual std::optional<BrokerCounters> broker_counters() const { return std::nullopt; }
};

/// Opens the links of a run. open() is called once per generator, before the run starts;
/// it may block (a connection and a handshake) and throws NetError or ProtocolError.
class Transport {
 public:
  virtual ~Transport() = default;
  /// The link of generator `source` (0 .. run.sources - 1) for `run`.
  virtual std::unique_ptr<SourceLink> open(std::uint32_t source, const RunDescription& run) = 0;
};

}  // namespace tare::stream
