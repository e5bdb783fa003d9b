#include "tools/tare/report_command.hpp"

#include <CLI/CLI.hpp>

#include <filesystem>
#include <iostream>

#include "compare/results_file.hpp"
#include "html/page.hpp"
#include "input/output_path.hpp"
#include "system/atomic_file.hpp"

namespace tare::tool {

CLI::App* add_report_command(CLI::App& app, ReportArgs& args) {
  auto* command = app.add_subcommand(
      "report", "One self-contained HTML page with pictures of the results: samples per fork, fork means with the "
                "interval, distributions");
  command->add_option("results", args.paths, "Results JSON of runs (a benchmark binary's --json)")->required();
  command->add_option("-o,--output", args.output, "The HTML file to write")->required();
  command->footer("Examples:\n  ./bench --json run.json && tare report run.json -o report.html\n"
                  "  tare report before.json after.json -o both.html");
  return command;
}

int report_command(const ReportArgs& args) {
  input::check_output_path(args.output, "--output");
  std::vector<html::RunFile> runs;
  std::size_t benchmarks = 0;
  for (const auto& path : args.paths) {
    auto run = compare::read_results_file(path, compare::ResultsUse::report).run;
    benchmarks += run.benchmarks.size();
    runs.push_back({std::filesystem::path(path).filename().string(), std::move(run)});
  }
  const std::string page = html::report_page(runs);
  system::write_file_atomically(args.output, [&](std::ostream& out) { out << page; });
  std::cout << "tare: wrote " << args.output << " (" << benchmarks << " benchmark" << (benchmarks == 1 ? "" : "s")
            << " from " << runs.size() << " file" << (runs.size() == 1 ? "" : "s") << ")\n";
  return 0;
}

}  // namespace tare::tool
