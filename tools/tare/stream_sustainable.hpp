// `tare stream sustainable`: the procedure on real trials (stream/trials/sustainable_trials.hpp:
// the overload probe, the bisection and the confirmation trials) from the command line's
// options, with its console lines and JSON (tare.stream.sustainable/1).
#pragma once

#include <string>

#include "tools/tare/stream_command.hpp"

namespace tare::tool {

/// 0 when a rate was found and confirmed; 1 when the probe was sustained, no rate was
/// sustainable or the confirmation failed.
int sustainable_command(const StreamArgs& args, const std::string& executable);

}  // namespace tare::tool
