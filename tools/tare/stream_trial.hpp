// One trial of `tare stream` from the command line's arguments: the options they make
// (defaults from stream/trial_defaults.hpp), the model SUT started when no --sut is given,
// and the run's description for the console and the JSON. Shared by `run` and
// `sustainable`; the oracle check is stream/trial_verification.hpp.
#pragma once

#include <optional>

#include "stream/sut_capacity.hpp"

#include <nlohmann/json.hpp>

#include <atomic>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "stream/driver.hpp"
#include "stream/model_sut.hpp"
#include "tools/tare/stream_command.hpp"
#include "tools/tare/stream_report.hpp"

namespace tare::tool {

/// Set by Ctrl-C (and SIGTERM): the trial in progress ends and is reported incomplete.
std::atomic<bool>& stream_stop_flag();

/// The model SUT's options from its knobs (options named with `prefix`: "" or "sut-").
stream::SutOptions sut_options(const SutKnobs& knobs, const std::string& prefix);
/// `tare stream sut` arguments giving the same knobs.
std::vector<std::string> sut_arguments(const SutKnobs& knobs);

/// A trial's driver options from the command line, the rate and the duration. UsageError
/// for anything invalid, before anything runs.
stream::DriverOptions driver_options(const LoadArgs& load, const stream::RateSchedule& rate, std::int64_t duration_ns);

/// "aggregate on tumbling 100 ms windows, products uniform:100".
std::string describe(const stream::DriverOptions& options, const LoadArgs& load);
/// "reference (started by tare), capacity 19.2k/s: 2 workers at 50 µs per event, the busiest
/// serving 52.0% of the events" (the capacity its configuration really has), or the address.
std::string describe_sut(const stream::DriverOptions& options, const LoadArgs& load);

/// The model SUT's capacity with these options' keys (null for an external SUT).
std::optional<stream::SutCapacity> model_capacity_of(const stream::DriverOptions& options, const LoadArgs& load);
/// The trial's configuration for the JSON.
nlohmann::json config_json(const stream::DriverOptions& options, const LoadArgs& load, const std::string& rate_text);

struct TrialOutcome {
  stream::TrialResult result;
  std::string sut_messages;  ///< what the model SUT said, when it was started here
};

/// Runs one trial against --sut, or against a model SUT started for it.
TrialOutcome run_one(const stream::DriverOptions& options, const LoadArgs& load, const std::string& executable,
                     bool live_progress);

/// When the trial broke off, what the model SUT said (on stderr).
void note_sut_messages(const TrialOutcome& outcome);

}  // namespace tare::tool
