#include "stream/trials/trial.hpp"

#include <functional>
#include <memory>
#include <stdexcept>

#include "stream/suts/sut_process.hpp"
#include "stream/transport/tcp_transport.hpp"

namespace tare::stream {
namespace {

// How long a started SUT has after the run to exit by itself before it is killed.
constexpr int kSutExitTimeoutMs = 5000;

}  // namespace

std::optional<SutCapacity> model_capacity_of(const TrialSettings& settings) {
  if (!settings.model_sut) return std::nullopt;
  const DriverOptions& driver = settings.driver;
  return model_capacity(settings.model_sut->workers, settings.model_sut->cost_ns, driver.run.query, driver.workload);
}

namespace {

BrokerEvidence broker_evidence(const TrialResult& result, const std::optional<SutCapacity>& capacity) {
  BrokerEvidence e;
  e.window_ns = static_cast<double>(result.schedule_end_ns);
  e.queue_full_ns = result.broker->queue_full_ns;
  e.delivery_failures = static_cast<double>(result.broker->delivery_failures);
  e.produce_latency_mean_ns = result.broker->produce_latency_mean_ns;
  e.event_time_p50_ns = static_cast<double>(result.event_time.value_at_percentile(50));
  e.processing_time_p50_ns = static_cast<double>(result.processing_time.value_at_percentile(50));
  e.lateness_p99_ns = static_cast<double>(result.lateness.value_at_percentile(99));
  e.taken_per_s = rates_between(result.backlog, static_cast<double>(result.warmup_ns) / 1e9,
                                static_cast<double>(result.schedule_end_ns) / 1e9)
                      .taken;
  if (capacity) e.sut_capacity_per_s = capacity->events_per_s;
  return e;
}

// Over another transport (Kafka), with the SUT started for the trial when there is a
// command for it. That SUT never ends by itself (its input has no end): once the driver is
// done with it (every event committed, every output in) it is stopped at once.
TrialOutcome run_through(const TrialSettings& settings, TrialWatcher* watcher) {
  std::unique_ptr<SutProcess> sut;
  if (!settings.sut_command.empty()) sut = std::make_unique<SutProcess>(settings.sut_command);
  const auto progress = [watcher](const BacklogSample& sample, std::uint64_t outputs) {
    watcher->progress(sample, outputs);
  };
  TrialOutcome outcome;
  try {
    outcome.result = run_trial(settings.driver, *settings.transport, watcher ? std::function(progress) : nullptr);
  } catch (const ProtocolError& e) {
    throw std::runtime_error("the SUT (" + settings.transport_name + "): " + e.what());
  }
  if (watcher) watcher->driver_done();
  if (sut) outcome.sut_messages = sut->finish(0);
  TrialResult& result = outcome.result;
  if (result.broker) result.held_by = held_by(result.verdict, broker_evidence(result, model_capacity_of(settings)));
  return outcome;
}

}  // namespace

TrialOutcome run_trial_with_sut(const TrialSettings& settings, TrialWatcher* watcher) {
  if (settings.transport) return run_through(settings, watcher);
  Address address = settings.sut;
  std::unique_ptr<SutProcess> sut;
  if (!settings.sut_command.empty()) {
    sut = std::make_unique<SutProcess>(settings.sut_command);
    address = sut->address();
  }
  TcpTransport transport(address);
  const auto progress = [watcher](const BacklogSample& sample, std::uint64_t outputs) {
    watcher->progress(sample, outputs);
  };
  TrialOutcome outcome;
  try {
    outcome.result = run_trial(settings.driver, transport, watcher ? std::function(progress) : nullptr);
  } catch (const ProtocolError& e) {
    throw std::runtime_error(std::string("the SUT at ") + address.text() + ": " + e.what());
  }
  if (watcher) watcher->driver_done();
  if (sut) outcome.sut_messages = sut->finish(kSutExitTimeoutMs);
  return outcome;
}

}  // namespace tare::stream
