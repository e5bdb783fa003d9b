// `tare stream sustainable`: the overload probe, the bisection (stream/search.hpp) and the
// confirmation trials, with their console lines and JSON (tare.stream.sustainable/1).
#pragma once

#include <string>

#include "tools/tare/stream_command.hpp"

namespace tare::tool {

/// 0 when a rate was found and confirmed; 1 when the probe was sustained, no rate was
/// sustainable or the confirmation failed.
int sustainable_command(const StreamArgs& args, const std::string& executable);

}  // namespace tare::tool
