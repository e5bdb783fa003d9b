#include "tools/tare/export_command.hpp"

#include <CLI/CLI.hpp>

#include <iostream>
#include <stdexcept>
#include <string>

#include "compare/results_file.hpp"
#include "export/export_format.hpp"
#include "export/github_action.hpp"
#include "input/output_path.hpp"
#include "input/usage_error.hpp"
#include "system/atomic_file.hpp"

namespace tare::tool {
namespace {

using input::UsageError;

// Which benchmarks a github-action export holds: those of the direction asked for, or of
// the run's one direction; a run that mixes them needs the choice said.
exports::Better export_direction(const results::Run& run, const ExportArgs& args, exports::Format format) {
  if (format != exports::Format::github_action) {
    if (!args.direction.empty()) throw UsageError("--direction: only --format github-action takes it");
    return exports::Better::smaller;
  }
  if (args.direction == "smaller") return exports::Better::smaller;
  if (args.direction == "bigger") return exports::Better::bigger;
  if (!args.direction.empty())
    throw UsageError("--direction " + args.direction + ": expected smaller or bigger, like --direction smaller");
  if (const auto single = exports::single_direction(run)) return *single;
  throw UsageError(args.path + ": times per operation and throughputs together, and github-action-benchmark reads "
                                "one direction per file: pass --direction smaller, then --direction bigger for a "
                                "second file");
}

void note_left_out(const results::Run& run, exports::Format format, exports::Better better) {
  for (const auto& left : exports::left_out_of(run, format, better))
    std::cerr << "tare: note: " << left.name << " left out: " << left.reason << "\n";
}

}  // namespace

results::Run read_export_input(const std::string& path) {
  return compare::read_results_file(path, compare::ResultsUse::export_run).run;
}

CLI::App* add_export_command(CLI::App& app, ExportArgs& args) {
  auto* command = app.add_subcommand(
      "export", "A run's results for other tools: JMH's JSON, Bencher's BMF, github-action-benchmark's format, CSV");
  command->add_option("results", args.path, "Results JSON of a run (a benchmark binary's --json)")->required();
  command->add_option("--format", args.format, "One of " + exports::format_names())->required();
  command->add_option("-o,--output", args.output, "Write to this file (all of it or nothing) instead of standard output");
  command->add_option("--direction", args.direction,
                      "github-action: smaller (times per operation) or bigger (throughputs); default: the run's one "
                      "direction");
  command->footer(
      "Examples:\n  tare export --format jmh -o jmh.json results.json\n"
      "  tare export --format github-action --direction smaller -o benchmark.json results.json");
  return command;
}

int export_command(const ExportArgs& args) {
  const auto format = exports::format_named(args.format);
  if (!format)
    throw UsageError("--format " + args.format + ": expected one of " + exports::format_names() + ", like --format jmh");
  if (!args.output.empty()) input::check_output_path(args.output, "--output");
  const results::Run run = read_export_input(args.path);
  const exports::Better better = export_direction(run, args, *format);
  std::ostringstream text;  // all of it before any of it: a failure writes nothing
  try {
    exports::write_export(run, *format, better, text);
  } catch (const std::runtime_error& e) {  // a unit no format holds
    throw UsageError(args.path + ": " + e.what());
  }
  if (args.output.empty())
    std::cout << text.str() << std::flush;
  else
    system::write_file_atomically(args.output, [&](std::ostream& out) { out << text.str(); });
  note_left_out(run, *format, better);
  return 0;
}

}  // namespace tare::tool
