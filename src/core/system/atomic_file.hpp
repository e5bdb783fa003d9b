// Every file tare writes (results JSON, CSV, markdown, checkpoints, HDR logs, the speed
// history) goes through one helper: written to a temporary file in the same directory,
// flushed, then renamed over the target. A reader, a crash or a write that fails half-way
// (a full disk, an exception while formatting) never leaves half a file: the target is
// either the new text or what it was before.
#pragma once

#include <functional>
#include <ostream>
#include <string>

namespace tare::system {

/// The temporary file write_file_atomically writes for `path` (same directory, so the
/// rename cannot cross file systems); a pre-check may create and remove it.
std::string temporary_path_for(const std::string& path);

/// Calls `write` on a stream into temporary_path_for(path), then renames it over `path`.
/// Throws std::runtime_error("<path>: cannot write (<reason>)") when the file cannot be
/// written or renamed, and rethrows whatever `write` throws; in both cases the temporary is
/// removed and `path` is left as it was.
void write_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write);

}  // namespace tare::system
