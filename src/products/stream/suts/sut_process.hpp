// A trial's SUT as a child process: `tare stream run` without --sut starts
// `tare stream sut --listen 127.0.0.1:0 ...` (that same executable), this reads the address
// it listens on from its "listening on HOST:PORT" line, and ends it at the end. A separate
// process, so the SUT's threads never share the driver's address space or scheduling fate.
//
// What the SUT writes is read all the time it runs (a thread of its own), so that however
// much it writes it never blocks on a full pipe, and only its last kMessageBytes are kept.
#pragma once

#include <cstddef>
#include <string>
#include <thread>
#include <vector>

#include "stream/transport/net.hpp"
#include "system/child_process.hpp"

namespace tare::stream {

/// What the started SUT writes, followed by its address and a line end, once it listens.
inline constexpr const char* kListeningGreeting = "listening on ";
/// What a started SUT over Kafka writes instead (then where it reads and a line end) once
/// it reads its topic: it has no address (stream/kafka/kafka_sut.hpp).
inline constexpr const char* kConsumingGreeting = "consuming ";

class SutProcess {
 public:
  /// The SUT's last words kept for the report.
  static constexpr std::size_t kMessageBytes = 4096;
  /// Its "listening on" line must come within this much output.
  static constexpr std::size_t kGreetingBytes = 65536;

  /// Starts `command` (the program, then its arguments) and waits (up to 10 s) for its
  /// "listening on HOST:PORT" line. std::runtime_error when it fails to start.
  explicit SutProcess(const std::vector<std::string>& command);
  ~SutProcess();
  SutProcess(const SutProcess&) = delete;
  SutProcess& operator=(const SutProcess&) = delete;

  /// Where it listens (none for a SUT over Kafka).
  const Address& address() const noexcept { return address_; }
  /// Waits up to timeout_ms for it to exit by itself, then kills it (and what it started).
  /// Returns its messages (the last kMessageBytes of what it wrote after the address line,
  /// saying how much came before them), for the report when a run failed. Call once.
  std::string finish(int timeout_ms);

 private:
  void wait_for_the_address();
  void collect_messages();
  void stop_collecting();

  system::ChildProcess child_;
  Address address_;
  // Written only by the collecting thread while it runs, read only after it is joined.
  system::BoundedText messages_{kMessageBytes, system::BoundedText::Keep::tail};
  int stop_fds_[2] = {-1, -1};  // written to when the collecting thread is to stop
  std::thread collector_;
  bool finished_ = false;
};

}  // namespace tare::stream
