// The console report: the summary table, then every detail that qualifies a number, in
// the order a reader needs it (what broke, what is doubtful, what else was measured, the
// machine it was measured on).
#include "report/console.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "report/between_runs_lines.hpp"
#include "report/hot_code_block.hpp"
#include "report/perf_table.hpp"
#include "report/profile_table.hpp"
#include "report/rates_section.hpp"
#include "report/section.hpp"
#include "report/summary_table.hpp"
#include "report/text.hpp"
#include "report/units.hpp"
#include "report/warnings_section.hpp"

namespace tare::report {
namespace {

using detail::paint;
using detail::Section;
using detail::Style;

// What "~" before a score means, under the table, only when a row shows one.
void write_approximate_legend(const results::Run& run, std::ostream& out) {
  if (std::none_of(run.benchmarks.begin(), run.benchmarks.end(), detail::score_shown_approximate)) return;
  out << "\n~ marks a score given without an interval: it mixes speeds (2 modes, no steady state) or counts other "
         "work's time (disturbed); the warnings below say why\n";
}

// Benchmarks that skipped themselves, with their reasons: not failures.
void write_skipped(const results::Run& run, std::ostream& out, bool color) {
  Section section(out, "Skipped", color);
  for (const results::Benchmark& b : run.benchmarks)
    if (!b.skipped.empty()) section.line(fmt::format("{}: {}", b.name, b.skipped));
}

void write_failures(const results::Run& run, std::ostream& out, bool color) {
  Section section(out, "Failures", color);
  for (const results::Benchmark& b : run.benchmarks) {
    if (!b.skipped.empty()) continue;
    if (!b.ok) section.line(fmt::format("{}: FAILED: {}", b.name, b.error.empty() ? "no error recorded" : b.error), Style::red);
    for (std::size_t i = 0; i < b.forks.size(); ++i) {
      const results::Fork& f = b.forks[i];
      // A failed benchmark's error usually is its first failed fork's; say it once.
      if (f.ok || (!b.ok && f.error == b.error)) continue;
      section.line(fmt::format("{}: fork {} (pid {}) failed: {}", b.name, i + 1, f.pid, f.error), Style::red);
    }
  }
}

// Forks that split into two speeds: both, with how many forks each, instead of a mean
// that lies between them.
void write_modes(const results::Run& run, std::ostream& out, bool color) {
  Section section(out, "Two modes (forks disagree)", color);
  for (const results::Benchmark& b : run.benchmarks) {
    if (b.modes.size() != 2) continue;
    section.line(fmt::format("{}: {} in {} forks, {} in {} forks", b.name, format_score(b.modes[0].mean, b.unit),
                             b.modes[0].forks, format_score(b.modes[1].mean, b.unit), b.modes[1].forks));
  }
}

// Benchmarks against their family's baseline, in words that cannot be misread: "1.23x"
// alone reads like a speed-up, though for a time it is a slow-down. 3 significant digits
// (a ratio can be 0.000538); the direction only when the interval excludes 1.
std::string relative_text(const results::Benchmark& b) {
  const auto& r = *b.relative;
  const bool rate = b.mode == Mode::thrpt;
  const bool lower = r.ci.high < 1, higher = r.ci.low > 1;
  const char* direction = !lower && !higher ? "no clear difference" : (lower != rate) ? "faster" : "slower";
  return fmt::format("{}: {:.3g}x the {} of {} [{:.3g}, {:.3g}]: {}", b.name, r.ratio, rate ? "throughput" : "time",
                     r.baseline, r.ci.low, r.ci.high, direction);
}

void write_relatives(const results::Run& run, std::ostream& out, bool color) {
  // Both sides ran at the same moments, so the machine's speed between runs does not enter.
  Section section(out, "Relative to the family baseline (ratio of scores, 95% CI of this run)", color);
  for (const results::Benchmark& b : run.benchmarks)
    if (b.relative) section.line(relative_text(b));
}

void write_counters(const results::Run& run, std::ostream& out, bool color) {
  Section section(out, "Counters per op", color);
  for (const results::Benchmark& b : run.benchmarks) {
    const std::size_t n = std::min(b.counter_names.size(), b.counters_per_op.size());
    if (n == 0) continue;
    std::vector<std::string> parts;
    for (std::size_t i = 0; i < n; ++i) {
      parts.push_back(fmt::format("{} {}/op", b.counter_names[i], detail::significant3(b.counters_per_op[i])));
    }
    section.line(fmt::format("{}: {}", b.name, fmt::join(parts, ", ")));
  }
}

// The profilers' table (--prof): per operation, mean over forks ± the 95% half-width.
void write_profiles(const results::Run& run, std::ostream& out, bool color) {
  if (const auto table = detail::rusage_table(run)) {
    out << "\nPer operation, mean over forks ± 95% CI half-width; peak RSS mean over forks:\n";
    for (const std::string& line : table->render(color)) out << line << '\n';
  }
  if (const auto table = detail::alloc_table(run)) {
    out << "\nAllocations per operation of the measured batches, in forks apart from the score (hooks left out); "
           "mean over those forks ± 95% CI half-width, a count the same in every fork shown whole; peak live bytes "
           "mean over forks:\n";
    for (const std::string& line : table->render(color)) out << line << '\n';
  }
  if (const auto table = detail::perf_table(run)) {  // --prof perf
    out << '\n' << detail::perf_table_title(run) << '\n';
    for (const std::string& line : table->render(color)) out << line << '\n';
  }
}

// --prof instructions: exact counts from one callgrind worker, so no interval.
void write_instruction_counts(const results::Run& run, std::ostream& out, bool color) {
  const auto table = detail::instructions_table(run);
  if (!table) return;
  out << "\nInstructions per operation, counted by callgrind (exact; body = instructions - empty loop):\n";
  for (const std::string& line : table->render(color)) out << line << '\n';
  if (const auto note = detail::rep_strings_note(run)) out << *note << '\n';
}

// The hot code of each benchmark (--prof asm), a block each.
void write_hot_code(const results::Run& run, std::ostream& out, bool color) {
  for (const results::Benchmark& b : run.benchmarks) {
    const auto block = detail::hot_code_block(b, color);
    if (block.empty()) continue;
    out << '\n';
    for (const std::string& line : block) out << line << '\n';
  }
}

std::string percentile_label(double p) {
  if (p == 100) return "max";
  if (p == 0) return "min";
  return fmt::format("p{}", p);  // shortest form: "p50", "p99.9"
}

void write_percentiles(const results::Run& run, std::ostream& out, bool color) {
  Section section(out, "Percentiles per call", color);
  for (const results::Benchmark& b : run.benchmarks) {
    if (b.percentiles.empty()) continue;
    std::vector<std::string> parts;
    for (const auto& [p, ns] : b.percentiles) parts.push_back(percentile_label(p) + " " + format_duration_ns(ns));
    std::string text = fmt::format("{}: {}", b.name, fmt::join(parts, ", "));
    // Each call was timed, so each percentile carries one clock read's cost.
    if (b.timer_cost_ns_per_op > 0) text += fmt::format(" (each includes ~{} of timer cost)", format_duration_ns(b.timer_cost_ns_per_op));
    section.line(text);
  }
}

// How much of the run other work disturbed, in one line, once it is more than the few
// samples a quiet machine's own housekeeping disturbs.
void write_disturbance(const results::Run& run, std::ostream& out) {
  const results::Benchmark* most = nullptr;
  for (const auto& b : run.benchmarks)
    if (b.disturbed_share && (!most || *b.disturbed_share > *most->disturbed_share)) most = &b;
  if (!most || *most->disturbed_share < 0.05) return;
  out << fmt::format("other work took the CPU during up to {:.0f}% of a benchmark's samples ({}): those samples are "
                     "left out of the scores\n",
                     100 * *most->disturbed_share, most->name);
}

void write_context(const results::Run& run, std::ostream& out, bool color) {
  const results::Context& c = run.context;
  Section section(out, "Environment warnings", color);
  for (const std::string& w : c.warnings) section.line(w, Style::yellow);

  std::vector<std::string> cpu_details;
  if (c.cpu.cores > 0) cpu_details.push_back(fmt::format("{} cores", c.cpu.cores));
  if (!c.cpu.scaling_governor.empty()) cpu_details.push_back("governor " + c.cpu.scaling_governor);
  if (c.cpu.turbo) cpu_details.push_back(*c.cpu.turbo ? "turbo on" : "turbo off");
  std::string clock = c.clock.name.empty() ? "unknown" : c.clock.name;
  if (c.clock.tsc_ghz > 0) clock += fmt::format(" @ {} GHz", detail::significant3(c.clock.tsc_ghz));
  clock += fmt::format(" (resolution {}, overhead {})", format_duration_ns(c.clock.resolution_ns),
                       format_duration_ns(c.clock.overhead_ns));
  std::string build = c.build.type.empty() ? "unknown" : c.build.type;
  if (c.build.debug) build += ", debug";
  std::string cpu = c.cpu.model.empty() ? "unknown" : c.cpu.model;
  if (!cpu_details.empty()) cpu += fmt::format(" ({})", fmt::join(cpu_details, ", "));
  out << '\n' << fmt::format("cpu: {}; clock: {}; build: {}", cpu, clock, build) << '\n';
  if (c.drift >= 0)
    out << fmt::format("machine drift during the run: {:.1f}% (reference workload {} per iteration, max - min over "
                       "forks, relative)",
                       100 * c.drift, format_duration_ns(c.reference_ns))
        << '\n';
  for (const std::string& line : between_runs_lines(run)) out << line << '\n';
}

}  // namespace

void write_console(const results::Run& run, std::ostream& out, const ConsoleOptions& options) {
  if (run.benchmarks.empty()) {
    out << "No benchmarks ran.\n";
  } else {
    for (const std::string& line : detail::summary_table(run, options.plot).render(options.color)) out << line << '\n';
    if (const auto legend = detail::interval_legend(run)) out << *legend << '\n';
    write_approximate_legend(run, out);
  }
  write_skipped(run, out, options.color);
  write_failures(run, out, options.color);
  detail::write_warnings(run, out, options.color, options.verbose);
  write_modes(run, out, options.color);
  write_relatives(run, out, options.color);
  write_counters(run, out, options.color);
  write_rates(run, out);
  write_percentiles(run, out, options.color);
  write_profiles(run, out, options.color);
  write_instruction_counts(run, out, options.color);
  write_hot_code(run, out, options.color);
  write_context(run, out, options.color);
  write_disturbance(run, out);
}

}  // namespace tare::report
