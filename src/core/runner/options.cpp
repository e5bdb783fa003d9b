#include "runner/options.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <iostream>

#include "input/cli.hpp"
#include "report/enum_names.hpp"
#include "runner/launcher_options.hpp"
#include "runner/profiler_options.hpp"
#include "system/build_info.hpp"
#include "text/split.hpp"

namespace tare::runner {

std::pair<std::string, std::vector<std::string>> parse_param_override(const std::string& text) {
  const auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0)
    throw UsageError("--param " + text + ": expected NAME=VALUE[,VALUE...], e.g. --param size=16,1024");
  std::vector<std::string> values = tare::text::split(text.substr(eq + 1), ',');
  for (const auto& v : values)
    if (v.empty()) throw UsageError("--param " + text + ": empty value in the list");
  return {text.substr(0, eq), std::move(values)};
}

namespace {

// What the numeric options allow beyond times (input/number.hpp turns away nan, inf and
// overflow too).
constexpr int kMostForks = 100000;
constexpr int kMostThreads = 4096;

std::vector<int> parse_thread_counts(const std::string& text) {
  std::vector<int> counts;
  for (const auto& part : tare::text::split(text, ','))
    counts.push_back(input::parse_whole<int>(part, "--threads", input::whole_number<int>(1, kMostThreads)));
  return counts;
}

// Options CLI11 reads as text, turned into RunOptions after parsing.
struct OptionText {
  std::vector<std::string> params;
  std::string threads, mode;
  std::vector<std::string> profilers;
  std::uint64_t seed = 0;
  CLI::Option* seed_option = nullptr;
};

// The options `add` adds are listed under `group` in the help.
void in_group(CLI::App& app, const std::string& group, const std::function<void()>& add) {
  const std::size_t before = app.get_options().size();
  add();
  const auto all = app.get_options();
  for (std::size_t i = before; i < all.size(); ++i) all[i]->group(group);
}

// --quick: a first number with an interval in a fraction of a second per cheap benchmark.
// Three forks are the fewest whose Student-t interval means anything (two give t = 12.7,
// three 4.3: wide, not wrong); each measures a fifth of the default and warms up at most a
// twentieth of it, so a slow start past 50 ms of a process's life is not looked for; the
// budget caps an expensive benchmark; no precision target. Explicit options win over these.
struct QuickPreset {
  int forks = 3;
  double measure_ms = 20;
  double warmup_max_ms = 50;
  double budget_seconds = 1;
};

// The quick look's values for the options the command line did not give.
void apply_quick(const CLI::App& app, RunOptions& options) {
  if (!options.quick) return;
  const auto given = [&](const char* name) { return app.get_option(name)->count() > 0; };
  const QuickPreset quick;
  // A --forks or --max-forks given moves the other as far as it must: never min above max.
  if (!given("--forks")) options.min_forks = given("--max-forks") ? std::min(quick.forks, options.max_forks) : quick.forks;
  if (!given("--max-forks")) options.max_forks = std::max(quick.forks, options.min_forks);
  if (!given("--measure-ms")) options.measure_ms = quick.measure_ms;
  if (!given("--warmup-max-ms")) options.warmup_max_ms = quick.warmup_max_ms;
  if (!given("--budget")) options.budget_seconds = quick.budget_seconds;
  // No precision is aimed at: the forks are fixed, and a missed ±1% is no news.
  if (!given("--target-ci")) options.target_ci_percent = 0;
}

// The help's last words: the commands people type most, with this binary's name.
std::string examples(const std::string& program) {
  return "Examples:\n"
         "  " + program + " --list                          what there is to run\n"
         "  " + program + " --filter 'sort' --json r.json   some of it, results kept for tare compare/plan\n"
         "  " + program + " --budget 10s --target-ci 0.5%   more time per benchmark for a narrower interval\n"
         "  " + program + " --quick                         a quick look: a first number in a fraction of a second\n"
         "Quantities: DURATION 500ms, 2s, 1m (a plain number is in the flag's unit); PERCENT 1%, 0.5% (the sign is\n"
         "required). Exit status: 0 all ran, 1 a benchmark failed, 2 usage error, 130 interrupted.";
}

// What to run: which benchmarks, with which parameters, threads and mode, how many forks.
void add_selection_options(CLI::App& app, RunOptions& options, OptionText& text) {
  const auto forks = input::whole_number<int>(1, kMostForks);
  app.add_flag("--list", options.list, "List the benchmarks (after --filter and --param) and exit");
  app.add_flag("--list-json", options.list_json,
               "List the benchmarks as JSON (name, family, params, threads, mode), for tools such as tare ab");
  app.add_option("--filter", options.filter, "Run only benchmarks whose name matches this regular expression")
      ->type_name("REGEX");
  input::add_number(&app, "--forks", options.min_forks, forks, "Minimum number of forks per benchmark");
  input::add_number(&app, "--max-forks", options.max_forks, forks, "Maximum number of forks per benchmark");
  app.add_option("--param", text.params, "Override a parameter's values: NAME=V1,V2 (repeatable)")->default_str("");
  app.add_option("--threads", text.threads, "Run with these thread counts instead of the declared ones: N[,N...]");
  app.add_option("--mode", text.mode, "Override the mode: avgt, thrpt, sample or ss");
}

// How long to measure: the budget, the precision to stop at, the time per fork.
void add_measurement_options(CLI::App& app, RunOptions& options) {
  input::add_duration(&app, "--budget", options.budget_seconds, input::TimeUnit::seconds,
                      "Time budget per benchmark (2s, 500ms, 1m; a plain number is seconds)");
  input::add_percent(&app, "--target-ci", options.target_ci_percent, input::percent_limits(false, true),
                     "Stop adding forks when this run's 95% CI half-width (over its forks) is this % of the score");
  input::add_duration(&app, "--timeout", options.timeout_seconds, input::TimeUnit::seconds,
                      "Kill a worker that is silent this long (a plain number is seconds)");
  input::add_duration(&app, "--measure-ms", options.measure_ms, input::TimeUnit::milliseconds,
                      "Measured time per fork (a plain number is milliseconds)");
  input::add_duration(&app, "--warmup-max-ms", options.warmup_max_ms, input::TimeUnit::milliseconds,
                    "Warmup bound per fork; the first fork of each benchmark warms up this long to find a slow start");
  input::add_percent(&app, "--steady-band", options.steady_band_percent, input::percent_limits(true, true),
                    "Changes of speed within a fork smaller than this % are not warmup or slowdown");
  app.add_flag("--quick", options.quick,
               "A quick look: 3 forks of 20 ms, warmup at most 50 ms, budget 1 s, no precision target (options "
               "given set their own); slow starts and slow drifts go unchecked, and the output says so");
}

// Where results go, and the seed that makes a run repeatable.
void add_output_options(CLI::App& app, RunOptions& options, OptionText& text) {
  app.add_option("--prof", text.profilers,
                 "Also profile each benchmark (repeatable): rusage (page faults and context switches per "
                 "operation, peak resident set); alloc (allocations, frees and bytes allocated per operation, "
                 "peak live bytes, counted in forks apart from the scored ones); perf[:EV1,EV2,...] (hardware and "
                 "software counters per operation, in forks apart from the scored ones; default cycles, "
                 "instructions, branches, branch-misses, cache-references, cache-misses and software "
                 "events); instructions (instructions per operation, counted by valgrind's callgrind in one more "
                 "worker); asm (the hot loop's disassembly with each instruction's share of the instructions "
                 "executed, from callgrind and objdump)")
      ->type_name("NAME")
      ->default_str("");
  app.add_option("--json", options.json_path, "Write all results, every raw sample included, as JSON")->type_name("FILE");
  app.add_option("--csv", options.csv_path, "Write the summary as CSV")->type_name("FILE");
  app.add_flag("--quiet", options.quiet,
               "No progress on stderr: neither the live line on a terminal nor a line every 5 s in a log");
  app.add_flag("!--no-plot", options.plot, "No sparkline of the fork means in the table");
  app.add_flag("--verbose", options.verbose,
               "Every warning in full under its benchmark, acknowledged ones too (by default notes and "
               "machine-level warnings are one line per kind)");
  app.add_option("--history", options.history,
                 "Keep the run in this results history and weigh it against the runs there: a file, or a "
                 "postgresql://user@host:port/db URL (default: $TARE_HISTORY, else "
                 "$XDG_DATA_HOME/tare/history.sqlite or ~/.local/share/tare/history.sqlite; a .jsonl file keeps "
                 "the machine's speed readings alone; off keeps nothing)")
      ->type_name("PATH|URL|off");
  app.add_option("--commit", options.commit, "The source's commit, kept with the run in the history (default: git's)");
  app.add_option("--branch", options.branch, "The source's branch, kept with the run in the history (default: git's)");
  text.seed_option = input::add_number(&app, "--seed", text.seed, input::whole_number<std::uint64_t>(),
                                       "Seed for fork order and memory-layout shifts (default: random)")
                         ->default_str("");
}

// The options read as text, checked and turned into RunOptions.
void apply_option_text(const OptionText& text, RunOptions& options) {
  if (text.seed_option->count() > 0) options.seed = text.seed;
  for (const auto& p : text.params) {
    auto parsed = parse_param_override(p);
    for (const auto& existing : options.overrides.params)
      if (existing.first == parsed.first) throw UsageError("--param " + parsed.first + " given twice");
    options.overrides.params.push_back(std::move(parsed));
  }
  if (!text.threads.empty()) options.overrides.threads = parse_thread_counts(text.threads);
  for (const auto& name : text.profilers) add_profiler(name, options);
  if (!text.mode.empty()) {
    options.overrides.mode = report::parse_mode(text.mode);
    if (!options.overrides.mode) throw UsageError("--mode " + text.mode + ": expected avgt, thrpt, sample or ss");
  }
  if (options.max_forks < options.min_forks)
    throw UsageError("--max-forks " + std::to_string(options.max_forks) + " is below --forks " +
                     std::to_string(options.min_forks));
}

}  // namespace

std::optional<RunOptions> parse_options(int argc, char** argv) {
  RunOptions options;
  for (int i = 0; i < argc; ++i) options.command_line += (i ? " " : "") + std::string(argv[i]);
  for (int i = 1; i < argc; ++i) options.arguments.emplace_back(argv[i]);

  CLI::App app{"Runs this executable's tare benchmarks in fresh worker processes and reports each score with a 95% "
               "confidence interval over processes."};
  const std::string program = argc > 0 ? std::filesystem::path(argv[0]).filename().string() : "bench";
  app.name(program);  // as the user calls it, not the whole path
  app.set_version_flag("--version", program + ": benchmarks on tare " + system::tare_version());
  app.option_defaults()->always_capture_default();
  OptionText text;
  in_group(app, "What to run", [&] { add_selection_options(app, options, text); });
  in_group(app, "How long to measure", [&] { add_measurement_options(app, options); });
  in_group(app, "Output", [&] { add_output_options(app, options, text); });
  LauncherText launcher;
  in_group(app, "Where to run", [&] { add_launcher_options(app, options, launcher); });
  app.footer(examples(program));
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    std::cout << app.help();
    return std::nullopt;
  } catch (const CLI::CallForVersion& version) {
    std::cout << version.what() << "\n";
    return std::nullopt;
  } catch (const CLI::ParseError& e) {
    throw UsageError(e.what());
  }
  apply_quick(app, options);
  apply_option_text(text, options);
  apply_launcher_text(launcher, options);
  return options;
}

std::string quick_look_note(const RunOptions& options) {
  const std::string forks = options.min_forks == options.max_forks
                                ? std::to_string(options.min_forks)
                                : std::to_string(options.min_forks) + " to " + std::to_string(options.max_forks);
  return fmt::format("quick look: {} forks of {:g} ms; slow starts over {:g} ms and slow drifts are not checked; use "
                     "the defaults to publish",
                     forks, options.measure_ms, options.warmup_max_ms);
}

}  // namespace tare::runner
