// How a trial's setup reads: one line on its query and windows, one on its SUT, its
// configuration in the JSON; the live progress line on stderr; and what the SUT said when a
// trial broke off.
#pragma once

#include "runner/progress.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

#include "stream/driver/driver.hpp"
#include "stream/trials/trial.hpp"
#include "tools/tare/stream_command.hpp"

namespace tare::tool {

/// "aggregate on tumbling 100 ms windows, products uniform:100".
std::string describe(const stream::DriverOptions& options, const LoadArgs& load);
/// "reference (started by tare), capacity 19.2k/s: 2 workers at 50 µs per event, the busiest
/// serving 52.0% of the events" (the capacity its configuration really has), or the address.
std::string describe_sut(const stream::TrialSettings& settings, const LoadArgs& load);

/// The trial's configuration for the JSON.
nlohmann::json config_json(const stream::TrialSettings& settings, const LoadArgs& load, const std::string& rate_text);

/// Progress of a trial on stderr (runner/progress.hpp): time, generated, backlog and
/// outputs so far; on a terminal rewritten in place and blanked when the driver is done.
class ConsoleTrialLine : public stream::TrialWatcher {
 public:
  ConsoleTrialLine(runner::ProgressStyle style, double duration_s) : line_(style), duration_s_(duration_s) {}
  void progress(const stream::BacklogSample& sample, std::uint64_t outputs) override;
  void driver_done() override;

 private:
  runner::Progress line_;
  double duration_s_;
};

/// When the trial broke off, what the SUT said (on stderr).
void note_sut_messages(const stream::TrialOutcome& outcome);

}  // namespace tare::tool
