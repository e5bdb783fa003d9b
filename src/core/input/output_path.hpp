// Files a command will write, checked before it does any work: a run that measured for an
// hour must not find out at the end that its --json names a directory.
#pragma once

#include <string>

#include "input/usage_error.hpp"

namespace tare::input {

/// Throws UsageError ("FLAG PATH: why") unless a file can be written at `path`: it is not a
/// directory, an existing file there may be written, and its directory exists and takes a
/// new file (tried for real, as the results are written to a temporary file beside it and
/// renamed). An empty path (the flag not given) passes.
void check_output_path(const std::string& path, const std::string& flag);

}  // namespace tare::input
