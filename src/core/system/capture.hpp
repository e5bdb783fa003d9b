// Runs a program and captures its standard output (no shell: arguments pass as they are),
// within a deadline and up to a cap: a program that hangs or floods is killed with its
// process group, and the caller is told which of the two happened.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

namespace tare::system {

struct CaptureLimits {
  std::chrono::steady_clock::time_point deadline;
  std::size_t max_output_bytes = 0;
};

struct Captured {
  enum class Ending {
    not_started,      ///< it could not be started at all (start_error says why)
    ended,            ///< it exited or was killed by a signal of its own
    deadline,         ///< still running at the deadline: killed
    too_much_output,  ///< wrote more than max_output_bytes to stdout: killed
    interrupted,      ///< a signal (the user's Ctrl-C) ended the wait: killed
  };
  Ending ending = Ending::not_started;
  std::string start_error;
  int exit_status = -1;  ///< the exit status; -1 when it did not exit normally
  std::string output;    ///< what it wrote to stdout (at most max_output_bytes)
  std::string errors;    ///< the first 4 KiB it wrote to stderr (what to tell the user when it failed)
};

Captured capture_output(const std::string& program, const std::vector<std::string>& args, const CaptureLimits& limits);

}  // namespace tare::system
