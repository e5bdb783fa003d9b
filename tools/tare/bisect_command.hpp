// `tare bisect --good REV --bad REV --build CMD --binary PATH`: the commit that made a
// benchmark slower (src/products/bisect). Here only the command line and the printing.
#pragma once

#include <ostream>
#include <string>

#include "bisect/bisect_run.hpp"

// CLI11 is costly to compile: only the files that build the command line include it.
namespace CLI {
class App;
}

namespace tare::tool {

struct BisectArgs {
  bisect::BisectOptions options;
  std::string threshold = "1%", metric = "time", filter, budget = "30s", build_timeout = "60m";
};

/// Adds `tare bisect` to `app`; returns the subcommand.
CLI::App* add_bisect_command(CLI::App& app, BisectArgs& args);

/// Runs the bisect and prints what it found; 0 whatever it found.
int bisect_command(BisectArgs& args);

/// The finding as the console shows it.
void write_bisect_report(const bisect::BisectReport& report, std::ostream& out);

}  // namespace tare::tool
