// Runs a program and captures its standard output (no shell: arguments pass as they are).
#pragma once

#include <string>
#include <vector>

namespace tare::compare {

struct Captured {
  bool started = false;  ///< false: the program could not be started at all
  int exit_status = -1;  ///< the exit status; -1 when it did not exit normally
  std::string output;    ///< everything it wrote to stdout
  std::string errors;    ///< the first 4 KiB it wrote to stderr (what to tell the user when it failed)
};

Captured capture_output(const std::string& program, const std::vector<std::string>& args);

}  // namespace tare::compare
