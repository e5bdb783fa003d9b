#include "runner/between_runs.hpp"

#include "analysis/between_run_spread.hpp"
#include "analysis/machine_speed.hpp"
#include "analysis/rates.hpp"
#include "system/speed_history.hpp"

namespace tare::runner {

void weigh_between_runs(results::Run& run, const results::RunHistory& history, std::int64_t now) {
  if (run.context.reference_ns <= 0) return;
  const std::string machine = system::machine_key(run.context.host, run.context.cpu.model, run.context.cpu.cores);
  run.context.between_runs = analysis::between_runs(history.speed_readings(machine), now, run.context.reference_ns);
  run.context.between_runs.history = history.location();
  for (auto& b : run.benchmarks) {
    b.ci_across_runs.reset();
    b.across_runs.reset();
    // Only a benchmark with an interval over forks has one across runs: the others' past
    // scores need not be read.
    if (b.score && b.ci) {
      b.across_runs = analysis::between_run_spread(history.past_scores(machine, b), now, run.context.between_runs);
      if (b.across_runs) b.ci_across_runs = analysis::interval_across_runs(b, *b.across_runs);
      if (!b.ci_across_runs) b.across_runs.reset();
    }
    // The rates turn the score's headline interval, which this may have changed.
    analysis::add_rates(b);
  }
}

}  // namespace tare::runner
