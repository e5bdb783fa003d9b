// The `tare` command: tools that work on results files. `tare plan` for now; compare, ab
// and report come with their issues.
#include <CLI/CLI.hpp>

#include <fstream>
#include <iostream>
#include <stdexcept>
#include <string>

#include "report/json.hpp"
#include "tools/tare/plan.hpp"
#include "tools/tare/quantities.hpp"

namespace {

tare::results::Run read_results(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path + ": cannot open");
  try {
    return tare::report::read_json(in);
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(path + ": " + e.what());
  }
}

int plan_command(const std::string& path, const std::string& target, const std::string& budget) {
  tare::tool::PlanOptions options;
  options.target_relative_half_width = tare::tool::parse_percent(target, "--target-ci") / 100;
  options.budget_seconds = tare::tool::parse_seconds(budget, "--budget");
  const auto run = read_results(path);
  const auto rows = tare::tool::plan_run(run, options);
  tare::tool::write_plan(run, rows, options, std::cout);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"tare: tools for benchmark results"};
  app.require_subcommand(1);
  std::string path, target = "1%", budget = "60s";
  auto* plan = app.add_subcommand(
      "plan", "From a pilot run, the forks and samples per fork that reach a target precision, as a command line");
  plan->add_option("results", path, "Results JSON of the pilot run (--json)")->required();
  plan->add_option("--target-ci", target, "Wanted 95% CI half-width, percent of the score")->capture_default_str();
  plan->add_option("--budget", budget, "Machine time allowed per benchmark (60s, 5m, 1h)")->capture_default_str();
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);
    std::cerr << "tare: error: " << e.what() << "\n";
    return 2;
  }
  try {
    if (*plan) return plan_command(path, target, budget);
  } catch (const tare::tool::UsageError& e) {
    std::cerr << "tare: error: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "tare: error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
