// One trial with its SUT: the SUT started for it when none is running (stream/suts/sut_process.hpp),
// the driver run against it (stream/driver/driver.hpp), the SUT ended, and what it said. Shared by
// `tare stream run` and the sustainable search; what the command line makes of its options
// is a TrialSettings, built by the caller.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "stream/driver/driver.hpp"
#include "stream/suts/model_sut.hpp"
#include "stream/suts/sut_capacity.hpp"
#include "stream/transport/net.hpp"

namespace tare::stream {

struct TrialSettings {
  DriverOptions driver;
  /// Where the SUT listens (TCP: stream/transport/tcp_transport.hpp); the started SUT's
  /// address when one is started.
  Address sut;
  /// The program and arguments that start the trial's SUT (it says where it listens:
  /// stream/suts/sut_process.hpp); empty: the SUT already runs at `sut`.
  std::vector<std::string> sut_command;
  /// What the started SUT is configured with, when it is the model SUT: its capacity is
  /// then known. Empty for a SUT of the user's.
  std::optional<SutOptions> model_sut;
  /// Another way to the SUT than TCP (Kafka: stream/kafka/kafka_transport.hpp): when set,
  /// the trial runs through it, against the SUT sut_command starts (ready once it says it
  /// is consuming; stopped once the driver is done) or, without one, a SUT already running;
  /// `sut` is not used.
  std::shared_ptr<Transport> transport;
  /// How that transport's SUT is named in messages, e.g. "Kafka group g at 127.0.0.1:9092".
  std::string transport_name;
};

/// The model SUT's capacity with the trial's query and keys (none for a SUT of the user's).
std::optional<SutCapacity> model_capacity_of(const TrialSettings& settings);

/// What a person watching a trial is shown while it runs (a live console line).
class TrialWatcher {
 public:
  virtual ~TrialWatcher() = default;
  /// About once per interval, from the driver's first thread: the backlog and the outputs so far.
  virtual void progress(const BacklogSample& sample, std::uint64_t outputs) = 0;
  /// The driver is done; its SUT is still to be ended (which may take seconds).
  virtual void driver_done() = 0;
};

struct TrialOutcome {
  TrialResult result;
  std::string sut_messages;  ///< what the SUT started for the trial said (stream/suts/sut_process.hpp)
  /// The trial broke off and its SUT said something: what a person needs to see.
  bool sut_messages_matter() const { return !result.complete && !sut_messages.empty(); }
};

/// Runs one trial, against the SUT at settings.sut or one started for it (given up to
/// 5 s after the run to exit by itself, then killed). std::runtime_error when the SUT does
/// not start or breaks the protocol (naming its address); NetError when it cannot be reached.
TrialOutcome run_trial_with_sut(const TrialSettings& settings, TrialWatcher* watcher = nullptr);

}  // namespace tare::stream
