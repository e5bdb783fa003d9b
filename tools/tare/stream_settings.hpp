// What `tare stream run` and `sustainable` make of their trial options: the model SUT's
// options from its knobs, the driver's options (defaults from stream/trials/trial_defaults.hpp) and
// the trial's settings (stream/trials/trial.hpp), with the command that starts the model SUT when no
// --sut is given. Anything invalid is an input::UsageError, before anything runs.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "stream/driver/driver.hpp"
#include "stream/suts/model_sut.hpp"
#include "stream/trials/trial.hpp"
#include "tools/tare/stream_command.hpp"

namespace tare::tool {

/// Set by Ctrl-C (and SIGTERM): the trial in progress ends and is reported incomplete.
std::atomic<bool>& stream_stop_flag();

/// The model SUT's options from its knobs (options named with `prefix`: "" or "sut-").
stream::SutOptions sut_options(const SutKnobs& knobs, const std::string& prefix);

/// `executable stream sut` listening on a free loopback port, with `knobs`.
std::vector<std::string> model_sut_command(const std::string& executable, const SutKnobs& knobs);

/// A trial's driver options from the command line, the rate and the duration.
stream::DriverOptions driver_options(const LoadArgs& load, const stream::RateSchedule& rate, std::int64_t duration_ns);

/// A trial against --sut, or against the model SUT started as `executable stream sut ...`
/// (`executable` is this program) with the --sut- knobs.
stream::TrialSettings trial_settings(const LoadArgs& load, const stream::RateSchedule& rate, std::int64_t duration_ns,
                                     const std::string& executable);

}  // namespace tare::tool
