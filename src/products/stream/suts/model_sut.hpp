// The model system under test: a small multi-threaded stream engine that runs Karimov et
// al.'s queries (windowed aggregation, windowed join) as a separate process speaking tare's
// wire protocol, with knobs that inject the behaviours the method must expose: a known
// per-event cost, a worker count, periodic stalls and a slow start. `tare stream sut` runs
// it; `tare stream run` starts one itself when no --sut address is given.
//
// Dataflow: one source thread per driver connection pulls events (credit-based requests),
// stamps their ingest time on the SUT's clock and routes each by key (product for the
// aggregation; user and product for the join) to a worker; a worker owns its keys' window
// state and fires a window once the watermark (the smallest, over the sources, of the latest
// event time each source has delivered) passes the window's end. Outputs carry the largest
// event time of their inputs and that input's ingest time; one sender writes them back to
// the driver, stamping the emission time as it writes.
//
// A source's watermark is the latest event time it has delivered; an event earlier than that
// is late and enters only its windows still open under the allowed lateness (out-of-order
// events are counted, not refused). Event times must lie within 0 .. kMaxEventTimeNs
// (window_operator.hpp), and a driver never sends more than the SUT has requested; anything
// else is a protocol error. Windows
// are limited to kMaxWindowsPerEvent per event (size / slide).
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "stream/transport/net.hpp"

namespace tare::stream {

struct SutOptions {
  Address listen{"127.0.0.1", 0};
  unsigned workers = 1;
  /// Per-event service time of a worker, ns: a worker is busy this long per event (it
  /// sleeps for long waits and spins for short ones, so the capacity is exactly
  /// workers / cost whatever else runs on the machine). An event's service starts once it
  /// has arrived (its ingest) and the worker is free: a FIFO server on the SUT's clock, not
  /// on the thread's schedule. 0: as fast as it goes.
  std::int64_t cost_ns = 0;
  /// Every stall_every_ns the sources stop ingesting for stall_ns (a pause of the engine's
  /// input, as for garbage collection or a checkpoint). 0: no stalls.
  std::int64_t stall_every_ns = 0;
  std::int64_t stall_ns = 0;
  /// For the first slow_start_ns after the first event, the cost is multiplied by
  /// slow_start_factor (e.g. 2: half the capacity while "warming up").
  std::int64_t slow_start_ns = 0;
  double slow_start_factor = 1.0;
  /// How long after a window's end (in event time) it stays open for late events: a window
  /// fires once its sources' watermark passes end + allowed lateness, with every event it
  /// took; a later event for it is dropped (stream/workload/lateness.hpp). 0: fire at the end.
  std::int64_t allowed_lateness_ns = 0;
  /// Events each source asks for ahead of what it has taken (the credit window).
  std::uint32_t credit = 1024;
  /// Serve one run (all of a driver's connections) and return, or serve runs until killed.
  bool serve_once = true;
};

/// Throws std::invalid_argument naming the first bad option.
void validate(const SutOptions& options);

/// Validates `options` (std::invalid_argument), listens, then calls `on_listening` with the
/// bound address (the CLI prints "listening on HOST:PORT" so a parent can connect), then
/// serves. Returns when the run is over (serve_once). A driver that breaks the protocol or
/// goes away ends its run with a message on `log`, never a crash; NetError only when
/// listening fails. A run that ends well logs one "run over: ..." line.
void run_model_sut(const SutOptions& options, const std::function<void(const Address&)>& on_listening,
                       const std::function<void(const std::string&)>& log);

}  // namespace tare::stream
