// `tare system`: is this machine ready to benchmark? Each check's state, what it does to
// tare's numbers and the command that changes it (docs/system.md); on the console or as
// JSON (--json). The judgement is src/core/system/readiness; this only prints it.
#pragma once

#include <iosfwd>
#include <vector>

#include "system/readiness.hpp"

namespace CLI {
class App;
}

namespace tare::tool {

struct SystemArgs {
  bool json = false;
  double window_ms = 500;  ///< how long /proc/stat is watched for steal
};

/// Adds `tare system` to `app`; returns it.
CLI::App* add_system_command(CLI::App& app, SystemArgs& args);

/// Reads this machine, judges it and prints the checks; exits 0 whatever they say.
int system_command(const SystemArgs& args);

/// The checks as text: one block per check, then a count.
void write_system_console(const std::vector<system::CheckOutcome>& checks, std::ostream& out);
/// The checks as the `tare.system/1` JSON document.
void write_system_json(const std::vector<system::CheckOutcome>& checks, std::ostream& out);

}  // namespace tare::tool
