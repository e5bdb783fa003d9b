// Where a program is on PATH, as a path a child process can be started from (system::
// ChildProcess takes no bare names: it does not search PATH itself).
#pragma once

#include <optional>
#include <string>

namespace tare::system {

/// The first executable `name` in PATH's absolute directories; nullopt when none.
std::optional<std::string> find_on_path(const std::string& name);

}  // namespace tare::system
