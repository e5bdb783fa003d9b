#include "report/between_runs_lines.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <climits>

namespace tare::report {
namespace {

using results::SpreadSource;

// The benchmarks whose spread between runs came from their own past runs, and the rest of
// those with an interval over forks (which could have had one across runs).
struct OwnSpreads {
  int own = 0, shrunk = 0, others = 0;
  int fewest_runs = INT_MAX, most_runs = 0;
  double sd = 0;  // the one benchmark's, when there is one
};

OwnSpreads own_spreads(const results::Run& run) {
  OwnSpreads s;
  for (const results::Benchmark& b : run.benchmarks) {
    if (!b.score || !b.ci) continue;
    if (!b.across_runs || b.across_runs->source == SpreadSource::machine_speed) {
      ++s.others;
      continue;
    }
    ++s.own;
    s.shrunk += b.across_runs->source == SpreadSource::shrunk;
    s.fewest_runs = std::min(s.fewest_runs, b.across_runs->runs);
    s.most_runs = std::max(s.most_runs, b.across_runs->runs);
    s.sd = b.across_runs->between_run_sd;
  }
  return s;
}

// How the machine's speed entered the own spreads: as the prior they were shrunk toward, or
// set aside (their runs contradict it), or not at all (not known).
std::string machine_part(const OwnSpreads& s, bool machine_known) {
  if (s.shrunk == s.own) return ", shrunk toward the machine's speed";
  if (s.shrunk > 0) return fmt::format(", {} of them shrunk toward the machine's speed", s.shrunk);
  return machine_known ? ", which contradict the machine's speed" : "";
}

std::string own_spread_line(const OwnSpreads& s, bool machine_known) {
  const std::string runs =
      s.fewest_runs == s.most_runs ? fmt::format("{}", s.most_runs) : fmt::format("{}-{}", s.fewest_runs, s.most_runs);
  const std::string how = runs + " runs" + machine_part(s, machine_known);
  const std::string rest = s.others == 0       ? (s.own == 1 ? "the interval includes it" : "the intervals include it")
                           : machine_known     ? "the others' intervals include the machine's speed"
                                               : "the others' intervals cover this run's processes only";
  if (s.own == 1 && s.others == 0)
    return fmt::format("spread between runs: {:.2f}% from the benchmark's own past runs ({}); {}", 100 * s.sd, how, rest);
  return fmt::format("spread between runs: from each benchmark's own past runs for {} of {} benchmarks ({}); {}", s.own,
                     s.own + s.others, how, rest);
}

}  // namespace

std::vector<std::string> between_runs_lines(const results::Run& run) {
  const results::Context::BetweenRuns& between = run.context.between_runs;
  if (between.history.empty()) return {};
  const OwnSpreads own = own_spreads(run);
  const bool known = between.relative_sd >= 0;
  std::string machine =
      known ? fmt::format("machine speed between runs: {:.1f}% (SD of the reference workload over the last {} runs on "
                          "this machine)",
                          100 * between.relative_sd, between.runs)
            : fmt::format("machine speed between runs: not known yet ({} run{} in {})", between.runs,
                          between.runs == 1 ? "" : "s", between.history);
  // With no benchmark's own history, the one line says what the intervals hold.
  if (own.own == 0) {
    machine += known ? "; the intervals include it"
                     : "; the intervals cover this run's processes only, and a run at another moment may differ by more";
    return {machine};
  }
  return {machine, own_spread_line(own, known)};
}

}  // namespace tare::report
