#include "tools/tare/report_command.hpp"

#include <CLI/CLI.hpp>

#include <iostream>
#include <type_traits>
#include <variant>

#include "html/page.hpp"
#include "input/output_path.hpp"
#include "system/atomic_file.hpp"

namespace tare::tool {

CLI::App* add_report_command(CLI::App& app, ReportArgs& args) {
  auto* command = app.add_subcommand(
      "report", "One self-contained HTML page with pictures of results: runs, comparisons, stream runs, probes");
  command->add_option("results", args.paths,
                      "JSON files tare wrote: a benchmark binary's --json, tare compare/ab --json, tare stream run "
                      "--json, the probe's JSON")
      ->required();
  command->add_option("-o,--output", args.output, "The HTML file to write")->required();
  command->footer("Examples:\n  ./bench --json run.json && tare report run.json -o report.html\n"
                  "  tare ab ./bench_old ./bench_new --json ab.json && tare report ab.json -o ab.html");
  return command;
}

int report_command(const ReportArgs& args) {
  input::check_output_path(args.output, "--output");
  std::vector<html::ReportFile> files;
  for (const auto& path : args.paths) files.push_back(html::read_report_file(path));
  const std::string page = html::report_page(files);
  system::write_file_atomically(args.output, [&](std::ostream& out) { out << page; });
  std::cout << "tare: wrote " << args.output << " (" << files.size() << " file" << (files.size() == 1 ? "" : "s")
            << ")\n";
  return 0;
}

}  // namespace tare::tool
