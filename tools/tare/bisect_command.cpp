#include "tools/tare/bisect_command.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <iostream>

#include "input/duration.hpp"
#include "input/percent.hpp"
#include "tools/tare/metric.hpp"

namespace tare::tool {
namespace {

std::string short_hash(const std::string& hash) { return hash.substr(0, 12); }

// "1.0312x [1.0240, 1.0385]": NEW/BASE with its interval (one number when it is exact).
std::string comparison_text(const bisect::Comparison& c) {
  if (c.low == c.high) return fmt::format("{:.4f}x", c.ratio);
  return fmt::format("{:.4f}x [{:.4f}, {:.4f}]", c.ratio, c.low, c.high);
}

std::string commit_text(const bisect::BisectReport& report, std::size_t i) {
  return fmt::format("{} \"{}\"", short_hash(report.commits[i].hash), report.commits[i].subject);
}

std::string commits_text(const bisect::BisectReport& report, const std::vector<std::size_t>& which) {
  std::string text;
  for (const std::size_t i : which) text += (text.empty() ? "" : ", ") + short_hash(report.commits[i].hash);
  return text;
}

void write_finding(const bisect::BisectReport& report, std::ostream& out) {
  const bisect::Finding& f = report.finding;
  const std::string threshold = fmt::format("{:g}%", 100 * report.threshold);
  switch (f.outcome) {
    case bisect::Outcome::nothing_slower:
      out << fmt::format("Nothing got slower: bad is not slower than good by more than {}.\n", threshold);
      return;
    case bisect::Outcome::found:
      out << fmt::format("First slower commit: {}\n", commit_text(report, f.first));
      out << fmt::format("  against {} {}: {} ({:+.2f}%)\n", f.parent + 1 == f.first ? "its parent" : "its nearest built ancestor",
                         commit_text(report, f.parent), comparison_text(f.first_vs_parent), 100 * (f.first_vs_parent.ratio - 1));
      if (f.parent + 1 != f.first)
        out << fmt::format("  the commits between them did not build: any of the {} after {} may be the one\n",
                           f.first - f.parent, short_hash(report.commits[f.parent].hash));
      return;
    case bisect::Outcome::gradual:
      out << fmt::format("It got slower in steps, none slower than its parent by more than {}: slower than good from "
                         "{} on, which is {} against {}.\n",
                         threshold, commit_text(report, f.first), comparison_text(f.first_vs_parent),
                         short_hash(report.commits[f.parent].hash));
      return;
  }
}

}  // namespace

CLI::App* add_bisect_command(CLI::App& app, BisectArgs& args) {
  auto* command = app.add_subcommand(
      "bisect", "Find the commit that made a benchmark slower: commits built in git worktrees and compared by tare ab");
  auto& o = args.options;
  command->add_option("--good", o.good, "A revision where the benchmark was fast");
  command->add_option("--bad", o.bad, "A later revision where it is slower (bad's first-parent history is searched)");
  command->add_option("--build", o.build, "Shell command that builds a commit (run by sh -c in its worktree; exit "
                                          "125 skips the commit, as git bisect run)");
  command->add_option("--binary", o.binary, "The benchmark binary the build makes, relative to the worktree");
  command->add_option("--filter", args.filter, "Regex selecting the one benchmark to follow (needed when the binary has several)");
  command->add_option("--threshold", args.threshold, "Smallest slowdown that counts (a PERCENT, like 1% or 0.5%)")
      ->capture_default_str();
  command->add_option("--metric", args.metric, kMetricHelp)->capture_default_str();
  command->add_option("--repo", o.checkout, "A folder of the git checkout (default: the current one)");
  command->add_option("--work-dir", o.work_dir, "Folder of the worktrees and the log (default: .tare-bisect in the checkout)");
  command->add_option("--budget", args.budget, "Machine time per comparison at most (--metric time: 30s, 2m)")
      ->capture_default_str();
  command->add_option("--build-timeout", args.build_timeout, "Kill a build that runs longer (60m, 2h)")->capture_default_str();
  command->add_flag("--skip-failed-builds", o.skip_failed_builds,
                    "A commit whose build fails is skipped, not an error (the good and bad commits must build)");
  command->add_flag("--resume", o.resume, "Continue the bisect logged in the work folder, with its arguments");
  command->add_flag("--quiet", o.quiet, "No progress on stderr");
  command->footer("Examples:\n"
                  "  tare bisect --good v1.2 --bad HEAD --build 'cmake -B b && cmake --build b' --binary b/bench "
                  "--filter sort\n"
                  "  tare bisect --good v1.2 --bad HEAD --build make --binary ./bench --metric instructions\n"
                  "  tare bisect --resume          after an interruption");
  return command;
}

int bisect_command(BisectArgs& args) {
  auto& o = args.options;
  o.threshold = input::parse_percent(args.threshold, "--threshold") / 100;
  o.metric = parse_metric(args.metric);
  if (!args.filter.empty()) o.filter = args.filter;
  o.budget_seconds = input::parse_duration(args.budget, "--budget", input::TimeUnit::seconds);
  o.build_timeout_seconds = input::parse_duration(args.build_timeout, "--build-timeout", input::TimeUnit::seconds);
  const bisect::BisectReport report = bisect::run_bisect(o);
  write_bisect_report(report, std::cout);
  return 0;
}

void write_bisect_report(const bisect::BisectReport& report, std::ostream& out) {
  const bisect::Finding& f = report.finding;
  const std::size_t n = report.commits.size() - 1;
  out << fmt::format("Bisect of {}: {} commits after good {}, threshold {:g}%, metric {}\n", report.benchmark, n,
                     short_hash(report.commits.front().hash), 100 * report.threshold, metric_name(report.metric));
  out << fmt::format("Bad {} against good: {} ({:+.2f}%)\n", short_hash(report.commits.back().hash),
                     comparison_text(f.bad_vs_good), 100 * (f.bad_vs_good.ratio - 1));
  write_finding(report, out);
  out << fmt::format("Comparisons: {}; commits built: {}", f.comparisons, f.built.size());
  if (!f.by_code.empty())
    out << fmt::format("; judged by their unchanged timed code, not measured: {}", commits_text(report, f.by_code));
  if (!f.skipped.empty()) out << fmt::format("; skipped (did not build): {}", commits_text(report, f.skipped));
  out << "\n";
  if (report.replayed > 0) out << fmt::format("Resumed: {} steps taken from the log\n", report.replayed);
  for (const auto& note : report.notes) out << "Note: " << note << "\n";
  out << fmt::format("Log: {} (the worktrees are under {}; remove the folder and run git worktree prune when done)\n",
                     report.log_path, report.work_dir);
}

}  // namespace tare::tool
