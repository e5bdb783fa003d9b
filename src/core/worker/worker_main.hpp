// Entry point of a worker process (see protocol.hpp).
#pragma once

#include <string>
#include <vector>

namespace tare::worker {

/// Serves the parent's commands for one benchmark; returns the process exit status.
int run_worker(const std::vector<std::string>& args);

}  // namespace tare::worker
