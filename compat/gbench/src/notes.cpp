#include "notes.hpp"

#include <algorithm>
#include <cmath>

#include "report/console.hpp"

namespace tare::gbench {
namespace {

void write_intervals(const results::Run& run, std::ostream& out) {
  std::size_t width = 0;
  for (const auto& b : run.benchmarks) width = std::max(width, b.name.size());
  out << "\ntare: each benchmark ran in fresh worker processes; time per iteration, mean over them, 95% interval:\n";
  for (const auto& b : run.benchmarks) {
    out << "  " << b.name << std::string(width - b.name.size() + 2, ' ');
    if (!b.ok) {
      out << (b.skipped.empty() ? "failed: " + b.error : "skipped: " + b.skipped) << "\n";
      continue;
    }
    if (!b.score) {
      out << "no estimate (fewer than 2 processes measured it)\n";
      continue;
    }
    // Google Benchmark's time per iteration divides a thread's time by all threads' iterations.
    const double per_iteration = *b.score / b.threads;
    out << report::format_duration_ns(per_iteration);
    if (b.ci && *b.score > 0)
      out << "  +- " << report::format_duration_ns((b.ci->high - b.ci->low) / 2 / b.threads) << " ("
          << static_cast<int>(std::lround(100 * (b.ci->high - b.ci->low) / 2 / *b.score * 100)) / 100.0 << "%)";
    out << "  over " << b.forks.size() << " processes\n";
  }
}

void write_warnings(const results::Run& run, std::ostream& out) {
  bool any = false;
  for (const auto& b : run.benchmarks) {
    if (b.warnings.empty()) continue;
    if (!any) out << "\nWarnings:\n";
    any = true;
    out << "  " << b.name << "\n";
    for (const auto& w : b.warnings) out << "    " << w << "\n";
  }
  if (run.context.warnings.empty()) return;
  out << "\nEnvironment warnings:\n";
  for (const auto& w : run.context.warnings) out << "  " << w << "\n";
}

}  // namespace

void write_notes(const results::Run& run, const Flags& flags, const runner::RunOptions& options, std::ostream& out) {
  if (run.benchmarks.empty()) return;
  write_intervals(run, out);
  write_warnings(run, out);
  if (short_run(flags))
    out << "\nA short run (--benchmark_min_time=" << *flags.min_time_seconds << "): " << options.min_forks
        << " worker processes per benchmark, each measuring " << report::format_duration_ns(options.measure_ms * 1e6)
        << " after at most " << report::format_duration_ns(options.warmup_max_ms * 1e6)
        << " of warmup, so the intervals are wide. Without the flag each benchmark runs until its interval is "
           "within 1% (at least 5 processes, at most 3 s).\n";
}

}  // namespace tare::gbench
