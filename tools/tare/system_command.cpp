#include "tools/tare/system_command.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <chrono>
#include <iostream>
#include <string>

#include "input/cli.hpp"
#include "input/usage_error.hpp"
#include "report/enum_names.hpp"
#include "system/read_system_facts.hpp"

namespace tare::tool {
namespace {

using results::Readiness;

int count_of(const std::vector<system::CheckOutcome>& checks, Readiness readiness) {
  int count = 0;
  for (const auto& c : checks) count += c.summary.readiness == readiness;
  return count;
}

}  // namespace

CLI::App* add_system_command(CLI::App& app, SystemArgs& args) {
  auto* command = app.add_subcommand(
      "system", "Is this machine ready to benchmark? Governor, turbo, SMT, huge pages, ASLR, isolation, clocksource, "
                "steal, perf counters, load: what each does to the numbers and the command that changes it");
  command->add_flag("--json", args.json, "Print the checks as JSON (tare.system/1) instead of text");
  input::add_duration(command, "--window", args.window_ms, input::TimeUnit::milliseconds,
                      "How long to watch /proc/stat for steal time (a plain number is milliseconds)");
  command->footer("Examples:\n  tare system\n  tare system --json | jq '.checks[] | select(.readiness == \"attention\")'");
  return command;
}

void write_system_console(const std::vector<system::CheckOutcome>& checks, std::ostream& out) {
  for (const auto& c : checks) {
    out << report::system_check_name(c.summary.check) << ": " << report::readiness_name(c.summary.readiness);
    if (!c.summary.state.empty()) out << " (" << c.summary.state << ")";
    out << "\n  " << c.meaning << "\n";
    if (!c.fix.empty()) out << "  change it: " << c.fix << "\n";
  }
  out << count_of(checks, Readiness::ready) << " ready, " << count_of(checks, Readiness::attention)
      << " need attention, " << count_of(checks, Readiness::unknown) << " unknown\n";
}

void write_system_json(const std::vector<system::CheckOutcome>& checks, std::ostream& out) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const auto& c : checks)
    list.push_back({{"check", report::system_check_name(c.summary.check)},
                    {"readiness", report::readiness_name(c.summary.readiness)},
                    {"state", c.summary.state.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(c.summary.state)},
                    {"meaning", c.meaning},
                    {"fix", c.fix.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(c.fix)}});
  const nlohmann::ordered_json doc = {{"schema", "tare.system/1"},
                                      {"ready", count_of(checks, Readiness::ready)},
                                      {"attention", count_of(checks, Readiness::attention)},
                                      {"unknown", count_of(checks, Readiness::unknown)},
                                      {"checks", std::move(list)}};
  out << doc.dump(2) << '\n';
}

// A window is a moment's look: longer is a mistake (a unit left off), not a wish to wait.
constexpr double kLongestWindowMs = 60000;

int system_command(const SystemArgs& args) {
  if (args.window_ms > kLongestWindowMs) throw input::UsageError("--window: at most 60s");
  const auto window = std::chrono::milliseconds(static_cast<long long>(args.window_ms));
  const auto checks = system::assess_system(system::read_system_facts("/", window));
  if (args.json) write_system_json(checks, std::cout);
  else write_system_console(checks, std::cout);
  return 0;
}

}  // namespace tare::tool
