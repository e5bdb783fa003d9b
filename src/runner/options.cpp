#include "runner/options.hpp"

#include <CLI/CLI.hpp>

#include <iostream>

namespace tare::runner {
namespace {

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (;;) {
    const auto end = text.find(separator, start);
    parts.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos) return parts;
    start = end + 1;
  }
}

}  // namespace

std::pair<std::string, std::vector<std::string>> parse_param_override(const std::string& text) {
  const auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0)
    throw UsageError("--param " + text + ": expected NAME=VALUE[,VALUE...], e.g. --param size=16,1024");
  std::vector<std::string> values = split(text.substr(eq + 1), ',');
  for (const auto& v : values)
    if (v.empty()) throw UsageError("--param " + text + ": empty value in the list");
  return {text.substr(0, eq), std::move(values)};
}

std::optional<RunOptions> parse_options(int argc, char** argv) {
  RunOptions options;
  for (int i = 0; i < argc; ++i) options.command_line += (i ? " " : "") + std::string(argv[i]);

  CLI::App app{"Runs this executable's tare benchmarks in fresh worker processes and reports each score with a 95% "
               "confidence interval over processes."};
  app.name(argc > 0 ? argv[0] : "bench");
  app.option_defaults()->always_capture_default();
  std::vector<std::string> params;
  std::string threads, mode, target_ci = "1";
  std::uint64_t seed = 0;
  app.add_flag("--list", options.list, "List the benchmarks (after --filter and --param) and exit");
  app.add_flag("--list-json", options.list_json,
               "List the benchmarks as JSON (name, family, params, threads, mode), for tools such as tare ab");
  app.add_option("--filter", options.filter, "Run only benchmarks whose name matches this regular expression");
  app.add_option("--forks", options.min_forks, "Minimum number of forks per benchmark")->check(CLI::Range(1, 100000));
  app.add_option("--max-forks", options.max_forks, "Maximum number of forks per benchmark")->check(CLI::Range(1, 100000));
  app.add_option("--param", params, "Override a parameter's values: NAME=V1,V2 (repeatable)")->default_str("");
  app.add_option("--threads", threads, "Run with these thread counts instead of the declared ones: N[,N...]");
  app.add_option("--mode", mode, "Override the mode: avgt, thrpt, sample or ss");
  app.add_option("--budget", options.budget_seconds, "Time budget per benchmark, in seconds")->check(CLI::PositiveNumber);
  app.add_option("--target-ci", target_ci, "Stop adding forks when the 95% CI half-width is this % of the score");
  app.add_option("--timeout", options.timeout_seconds, "Kill a worker that is silent this many seconds")
      ->check(CLI::PositiveNumber);
  app.add_option("--measure-ms", options.measure_ms, "Measured time per fork, in milliseconds")->check(CLI::PositiveNumber);
  app.add_option("--warmup-max-ms", options.warmup_max_ms,
                 "Warmup bound per fork; the first fork of each benchmark warms up this long to find a slow start")
      ->check(CLI::PositiveNumber);
  app.add_option("--steady-band", options.steady_band_percent,
                 "Changes of speed within a fork smaller than this % are not warmup or slowdown")
      ->check(CLI::Range(0.0, 100.0));
  app.add_option("--json", options.json_path, "Write all results, every raw sample included, as JSON");
  app.add_option("--csv", options.csv_path, "Write the summary as CSV");
  auto* seed_option =
      app.add_option("--seed", seed, "Seed for fork order and memory-layout shifts (default: random)")->default_str("");

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    std::cout << app.help();
    return std::nullopt;
  } catch (const CLI::ParseError& e) {
    throw UsageError(e.what());
  }

  if (seed_option->count() > 0) options.seed = seed;
  for (const auto& p : params) {
    auto parsed = parse_param_override(p);
    for (const auto& existing : options.overrides.params)
      if (existing.first == parsed.first) throw UsageError("--param " + parsed.first + " given twice");
    options.overrides.params.push_back(std::move(parsed));
  }
  if (!threads.empty()) {
    std::vector<int> counts;
    for (const auto& part : split(threads, ',')) {
      try {
        std::size_t used = 0;
        const int n = std::stoi(part, &used);
        if (used != part.size() || n < 1) throw std::invalid_argument(part);
        counts.push_back(n);
      } catch (const std::exception&) {
        throw UsageError("--threads " + threads + ": expected positive integers separated by commas");
      }
    }
    options.overrides.threads = counts;
  }
  if (!mode.empty()) {
    options.overrides.mode = registry::parse_mode(mode);
    if (!options.overrides.mode) throw UsageError("--mode " + mode + ": expected avgt, thrpt, sample or ss");
  }
  if (!target_ci.empty()) {
    std::string number = target_ci;
    if (number.back() == '%') number.pop_back();
    try {
      std::size_t used = 0;
      options.target_ci_percent = std::stod(number, &used);
      if (used != number.size() || !(options.target_ci_percent > 0)) throw std::invalid_argument(number);
    } catch (const std::exception&) {
      throw UsageError("--target-ci " + target_ci + ": expected a positive percentage, e.g. 1 or 0.5%");
    }
  }
  if (options.max_forks < options.min_forks)
    throw UsageError("--max-forks " + std::to_string(options.max_forks) + " is below --forks " +
                     std::to_string(options.min_forks));
  return options;
}

}  // namespace tare::runner
