// The `tare` command: tools around benchmark results (plan, compare, export, history) and builds (ab).
#include <CLI/CLI.hpp>

#include <filesystem>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>

#include "ab/ab.hpp"
#include "compare/compare.hpp"
#include "compare/compare_files.hpp"
#include "compare/results_file.hpp"
#include "input/cli.hpp"
#include "input/duration.hpp"
#include "input/output_path.hpp"
#include "input/percent.hpp"
#include "plan/run_plan.hpp"
#include "runner/options.hpp"
#include "runner/worker_process.hpp"
#include "system/atomic_file.hpp"
#include "system/build_info.hpp"
#include "tools/tare/bisect_command.hpp"
#include "tools/tare/compare_output.hpp"
#include "tools/tare/export_command.hpp"
#include "tools/tare/fleet_command.hpp"
#include "tools/tare/history_command.hpp"
#include "tools/tare/metric.hpp"
#include "tools/tare/plan_text.hpp"
#include "tools/tare/report_command.hpp"
#include "tools/tare/stream_command.hpp"
#include "tools/tare/system_command.hpp"

namespace {

struct PlanArgs {
  std::string path, target = "1%", budget = "60s";
};

int plan_command(const PlanArgs& args) {
  tare::plan::PlanOptions options;
  options.target_relative_half_width = tare::input::parse_percent(args.target, "--target-ci") / 100;
  options.budget_seconds = tare::input::parse_duration(args.budget, "--budget", tare::input::TimeUnit::seconds);
  const auto run = tare::compare::read_results_file(args.path, tare::compare::ResultsUse::plan).run;
  tare::tool::write_plan(run, tare::plan::plan_run(run, options), options, std::cout);
  return 0;
}

// Console, then the requested files; when gating on "slower", exit 1 naming each benchmark
// the gate could not clear (slower, or not compared at all).
int report_comparison(const tare::compare::CompareReport& report, const std::string& markdown, const std::string& json,
                      const std::string& fail_on) {
  tare::tool::write_compare_console(report, std::cout);
  if (!markdown.empty())
    tare::system::write_file_atomically(markdown, [&](std::ostream& out) { tare::tool::write_compare_markdown(report, out); });
  if (!json.empty()) tare::system::write_file_atomically(json, [&](std::ostream& out) { tare::tool::write_compare_json(report, out); });
  if (fail_on != "slower") return 0;
  const auto failures = tare::compare::gate_failures(report);
  for (const auto& failure : failures) std::cerr << "tare: gate failed: " << failure << "\n";
  return failures.empty() ? 0 : 1;
}

struct CompareArgs {
  std::string base, candidate, threshold = "1%", fail_on, markdown, json, metric = "time";
  std::uint64_t seed = 1;
};

// Before any work: a comparison that took half an hour must not fail at its last step.
void check_report_paths(const std::string& markdown, const std::string& json) {
  tare::input::check_output_path(markdown, "--markdown");
  tare::input::check_output_path(json, "--json");
}

int compare_command(const CompareArgs& args) {
  check_report_paths(args.markdown, args.json);
  const auto metric = tare::tool::parse_metric(args.metric);
  tare::compare::CompareOptions options;
  options.threshold = tare::input::parse_percent(args.threshold, "--threshold") / 100;
  options.seed = args.seed;
  if (!args.fail_on.empty() && args.fail_on != "slower")
    throw tare::input::UsageError("--fail-on " + args.fail_on + ": the only condition is \"slower\"");
  tare::compare::CompareReport report;
  try {
    report = tare::compare::compare_files(args.base, args.candidate, options, metric);
  } catch (const tare::input::UsageError&) {
    throw;
  } catch (const std::runtime_error& e) {
    throw tare::input::UsageError(args.base + " and " + args.candidate + ": " + e.what());
  }
  return report_comparison(report, args.markdown, args.json, args.fail_on);
}

// As many pairs as a benchmark binary allows forks.
constexpr int kMostPairs = 100000;

constexpr const char* kFailOnHelp =
    "slower: exit 1 when a benchmark is known slower by more than the threshold, or was not compared (for CI gating)";

struct AbArgs {
  tare::ab::AbOptions options;
  std::uint64_t seed = 0;
  CLI::Option* seed_option = nullptr;
  std::string threshold = "1%", fail_on, markdown, json, filter, budget = "30s", metric = "time";
  std::string launcher;
  CLI::Option* partition = nullptr;
  CLI::Option* slurm_args = nullptr;
};

// --launcher, and the Slurm options it alone takes.
void apply_ab_launcher(AbArgs& args) {
  if (args.launcher == "slurm") args.options.launcher = tare::runner::LauncherKind::slurm;
  else if (!args.launcher.empty() && args.launcher != "local")
    throw tare::input::UsageError("--launcher " + args.launcher + ": expected local or slurm");
  if (args.options.launcher == tare::runner::LauncherKind::slurm) {
    if (args.options.metric == tare::compare::Metric::instructions)
      throw tare::input::UsageError("--metric instructions runs callgrind here, not on Slurm's nodes: not with --launcher slurm");
    return;
  }
  for (const CLI::Option* given : {args.partition, args.slurm_args})
    if (given->count() > 0) throw tare::input::UsageError(given->get_name() + " needs --launcher slurm");
}

int ab_command(AbArgs& args) {
  check_report_paths(args.markdown, args.json);
  args.options.threshold = tare::input::parse_percent(args.threshold, "--threshold") / 100;
  if (!args.filter.empty()) args.options.filter = args.filter;
  if (!args.fail_on.empty() && args.fail_on != "slower")
    throw tare::input::UsageError("--fail-on " + args.fail_on + ": the only condition is \"slower\"");
  if (args.options.pairs == 1)
    throw tare::input::UsageError("--pairs must be at least 2 (the interval is over pairs)");
  args.options.budget_seconds = tare::input::parse_duration(args.budget, "--budget", tare::input::TimeUnit::seconds);
  args.options.metric = tare::tool::parse_metric(args.metric);
  apply_ab_launcher(args);
  if (args.seed_option->count() > 0) args.options.seed = args.seed;
  const auto report = tare::ab::run_ab(args.options);
  return report_comparison(report, args.markdown, args.json, args.fail_on);
}

// This program's own path, to start itself as the model SUT.
std::string self_executable(const char* argv0) {
  std::error_code error;
  const auto path = std::filesystem::read_symlink("/proc/self/exe", error);
  return error ? std::string(argv0) : path.string();
}

void add_plan_command(CLI::App& app, PlanArgs& args, CLI::App*& command) {
  command = app.add_subcommand(
      "plan", "From a pilot run, the forks and samples per fork that reach a target precision, as a command line");
  command->add_option("results", args.path, "Results JSON of the pilot run (--json)")->required();
  command->add_option("--target-ci", args.target, "Wanted 95% CI half-width, a PERCENT of the score (like 1%)")->capture_default_str();
  command->add_option("--budget", args.budget, "Machine time allowed per benchmark (60s, 5m, 1h)")->capture_default_str();
  command->footer("Example:\n  ./bench --json pilot.json && tare plan pilot.json --target-ci 0.5% --budget 5m");
}

void add_compare_command(CLI::App& app, CompareArgs& args, CLI::App*& command) {
  command = app.add_subcommand("compare", "NEW/BASE ratio of every benchmark with a 95% CI, and a verdict");
  command->add_option("base", args.base,
                      "Results JSON of the baseline (a directory: one per layout variant of the build)")
      ->required();
  command->add_option("new", args.candidate,
                      "Results JSON of the candidate (a directory: one per layout variant of the build)")
      ->required();
  command->add_option("--threshold", args.threshold, "Smallest change that matters (a PERCENT, like 1% or 0.5%)")->capture_default_str();
  command->add_option("--fail-on", args.fail_on, kFailOnHelp);
  command->add_option("--markdown", args.markdown, "Also write the table as Markdown (a PR comment)");
  command->footer("Examples:\n  tare compare base.json new.json\n"
                  "  tare compare base.json new.json --threshold 2% --fail-on slower --markdown comment.md   a CI gate");
  command->add_option("--json", args.json, "Also write the comparison as JSON (tare.compare/2)");
  command->add_option("--metric", args.metric, tare::tool::kMetricHelp)->capture_default_str();
  tare::input::add_number(command, "--seed", args.seed, tare::input::whole_number<std::uint64_t>(),
                          "Seed of the bootstrap");
}

void add_ab_command(CLI::App& app, AbArgs& args, CLI::App*& command) {
  auto* ab = command = app.add_subcommand("ab", "Run the benchmarks of two builds paired in time; NEW/BASE ratio with a 95% CI");
  ab->add_option("base", args.options.base,
                 "Baseline benchmark binary (a directory: its layout variants, from tare_layout_variants)")
      ->required();
  ab->add_option("new", args.options.candidate,
                 "Candidate benchmark binary (a directory: its layout variants, as many as the base's)")
      ->required();
  ab->add_option("--filter", args.filter, "Only the benchmarks whose name matches this regex");
  tare::input::add_number(ab, "--pairs", args.options.pairs, tare::input::whole_number<int>(0, kMostPairs),
                          "Exactly this many pairs of processes per benchmark (default: added until the answer is "
                          "known)")
      ->default_str("");
  ab->add_option("--budget", args.budget, "Machine time per benchmark at most, when pairs are added until the "
                                          "answer is known (30s, 2m)")
      ->capture_default_str();
  tare::input::add_duration(ab, "--measure-ms", args.options.measure_ms, tare::input::TimeUnit::milliseconds,
                            "Measured time per side per pair (a plain number is milliseconds)");
  tare::input::add_duration(ab, "--warmup-max-ms", args.options.warmup_max_ms, tare::input::TimeUnit::milliseconds,
                            "Warmup bound per process (a plain number is milliseconds)");
  tare::input::add_duration(ab, "--timeout", args.options.timeout_seconds, tare::input::TimeUnit::seconds,
                            "Kill a worker silent this long (a plain number is seconds)");
  ab->add_option("--threshold", args.threshold, "Smallest change that matters (a PERCENT, like 1% or 0.5%)")->capture_default_str();
  ab->add_option("--fail-on", args.fail_on, kFailOnHelp);
  ab->add_option("--markdown", args.markdown, "Also write the table as Markdown");
  ab->add_option("--json", args.json, "Also write the comparison as JSON (tare.compare/2)");
  ab->add_option("--metric", args.metric, tare::tool::kMetricHelp)->capture_default_str();
  args.seed_option = tare::input::add_number(ab, "--seed", args.seed, tare::input::whole_number<std::uint64_t>(),
                                             "Seed of the workers' memory-layout shifts (default: random, reported in "
                                             "the method line)")
                         ->default_str("");
  ab->add_flag("--duet", args.options.duet,
               "Run both sides at the same time on different CPUs (sides swap CPUs every pair) instead of "
               "alternating samples on the same CPUs");
  ab->footer("Examples:\n  tare ab ./bench_main ./bench_branch\n"
             "  tare ab ./bench_main ./bench_branch --filter sort --budget 2m --fail-on slower");
  ab->add_flag("--quiet", args.options.quiet,
               "No progress on stderr: neither the live line on a terminal nor a line every 5 s in a log");
  ab->add_option("--launcher", args.launcher,
                 "Where the pairs run: local (the default) or slurm (both workers of every pair job steps on one "
                 "node of an exclusive allocation; docs/slurm.md)")
      ->type_name("local|slurm");
  args.partition = ab->add_option("--partition", args.options.slurm.partition, "--launcher slurm: the partition to use")
                       ->type_name("NAME");
  args.slurm_args = ab->add_option("--slurm-arg", args.options.slurm.args,
                                   "--launcher slurm: an argument for salloc, as it is (repeatable)")
                        ->type_name("ARG")
                        ->allow_extra_args(false);
}

// Every command's arguments, filled by the command line.
struct CommandLine {
  CLI::App app{"tare: tools for benchmark results and stream-system benchmarks"};
  PlanArgs plan_args;
  CompareArgs compare_args;
  AbArgs ab_args;
  tare::tool::StreamArgs stream_args;
  tare::tool::ExportArgs export_args;
  tare::tool::ReportArgs report_args;
  tare::tool::HistoryArgs history_args;
  tare::tool::BisectArgs bisect_args;
  tare::tool::FleetArgs fleet_args;
  tare::tool::SystemArgs system_args;
  CLI::App* plan = nullptr;
  CLI::App* compare = nullptr;
  CLI::App* ab = nullptr;
  CLI::App* export_results = nullptr;
  CLI::App* report = nullptr;
  CLI::App* history = nullptr;
  CLI::App* bisect = nullptr;
  CLI::App* fleet = nullptr;
  CLI::App* system_check = nullptr;

  CommandLine() {
    app.name("tare");
    app.set_version_flag("--version", "tare " + tare::system::tare_version());
    app.require_subcommand(1);
    app.footer("Examples:\n"
               "  tare compare base.json new.json           is new faster, slower or the same?\n"
               "  tare ab ./bench_old ./bench_new           the same, both builds run paired in time\n"
               "  tare plan pilot.json --target-ci 0.5%     forks and samples for a wanted precision\n"
               "  tare system                               is this machine ready to benchmark?\n"
               "  tare report run.json -o report.html       pictures of a run, in one HTML file\n"
               "  tare stream sustainable --probe 200k      the highest rate a stream system sustains\n"
               "  tare history show --filter sort           each benchmark over the runs kept\n"
               "  tare bisect --good v1 --bad HEAD --build make --binary ./bench   the commit that made it slower\n"
               "  tare fleet merge n1.json n2.json -o f.json  one benchmark binary on several machines\n"
               "Run `tare COMMAND --help` for a command's options.");
    add_plan_command(app, plan_args, plan);
    add_compare_command(app, compare_args, compare);
    add_ab_command(app, ab_args, ab);
    export_results = tare::tool::add_export_command(app, export_args);
    report = tare::tool::add_report_command(app, report_args);
    history = tare::tool::add_history_command(app, history_args);
    bisect = tare::tool::add_bisect_command(app, bisect_args);
    fleet = tare::tool::add_fleet_command(app, fleet_args);
    system_check = tare::tool::add_system_command(app, system_args);
    tare::tool::add_stream_commands(app, stream_args);
  }
};

// Parses; an exit status when the program ends here (help, or an error: 2).
std::optional<int> parse(CommandLine& cli, int argc, char** argv) {
  try {
    cli.app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return cli.app.exit(e);
    std::cerr << "tare: error: " << e.what() << "\n";
    return 2;
  } catch (const tare::input::UsageError& e) {  // a number out of its range (input/cli.hpp)
    std::cerr << "tare: error: " << e.what() << "\n";
    return 2;
  }
  return std::nullopt;
}

int run_chosen(CommandLine& cli, const char* argv0) {
  if (*cli.plan) return plan_command(cli.plan_args);
  if (*cli.compare) return compare_command(cli.compare_args);
  if (*cli.ab) return ab_command(cli.ab_args);
  if (*cli.export_results) return tare::tool::export_command(cli.export_args);
  if (*cli.report) return tare::tool::report_command(cli.report_args);
  if (*cli.history) return tare::tool::history_command(cli.history_args);
  if (*cli.bisect) return tare::tool::bisect_command(cli.bisect_args);
  if (*cli.fleet) return tare::tool::fleet_command(cli.fleet_args);
  if (*cli.system_check) return tare::tool::system_command(cli.system_args);
  if (cli.app.got_subcommand("stream")) return tare::tool::stream_command(cli.stream_args, self_executable(argv0));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CommandLine cli;
  if (const auto status = parse(cli, argc, argv)) return *status;
  try {
    return run_chosen(cli, argv[0]);
  } catch (const tare::runner::Interrupted&) {
    std::cerr << "tare: interrupted\n";
    return 130;
  } catch (const tare::input::UsageError& e) {
    std::cerr << "tare: error: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "tare: error: " << e.what() << "\n";
    return 1;
  }
}
