#include "analysis/slow_start.hpp"

#include <algorithm>
#include <vector>

#include "analysis/disturbance.hpp"
#include "stats/descriptive.hpp"

namespace tare::analysis {
namespace {

// The series the steady state was located in: warmup, then measured samples.
const results::Sample& at(const results::Fork& fork, std::size_t i) {
  return i < fork.warmup.size() ? fork.warmup[i] : fork.samples[i - fork.warmup.size()];
}

// The speed of a stretch of samples: the median time per op of those other work left
// alone (on a busy machine a stretch can be mostly neighbours' time), of all when none was.
double median_time_per_op(const results::Fork& fork, std::size_t begin, std::size_t end, int threads) {
  std::vector<double> all, left_alone;
  for (std::size_t i = begin; i < end; ++i) {
    const results::Sample& s = at(fork, i);
    all.push_back(sample_value(s, Mode::avgt, threads));
    if (!is_disturbed(s, threads).value_or(false)) left_alone.push_back(all.back());
  }
  if (!left_alone.empty()) return stats::median(left_alone);
  return all.empty() ? 0 : stats::median(all);
}

// The process's age once the first `end` samples of the series had run: the worker stamps
// each sample with it; where it did not, the samples' own time stands in.
double age_after(const results::Fork& fork, std::size_t end) {
  if (end == 0) return 0;
  if (const double age = at(fork, end - 1).age_ns; age >= 0) return age;
  double ns = 0;
  for (std::size_t i = 0; i < end; ++i) ns += at(fork, i).ns;
  return ns;
}

// In sample mode the measured calls are single calls, another distribution than the
// warmup's batches: the process's age is judged on the warmup alone, as batches (copied
// into `warmup_only`); otherwise on the fork as it is.
const results::Fork& by_age(const results::Fork& fork, const ForkAnalysisInput& input, ForkAnalysisInput& judged_as,
                            results::Fork& warmup_only) {
  judged_as = input;
  if (input.mode != Mode::sample) return fork;
  judged_as.mode = Mode::avgt;
  warmup_only.warmup = fork.warmup;
  return warmup_only;
}

}  // namespace

results::SlowStart judge_slow_start(const results::Fork& measured, const ForkAnalysisInput& measured_input,
                                    double horizon_ns) {
  ForkAnalysisInput input;
  results::Fork warmup_only;
  const results::Fork& fork = by_age(measured, measured_input, input, warmup_only);
  results::SlowStart slow_start;
  slow_start.horizon_ms = horizon_ns / 1e6;
  const auto located = locate_steady_state(fork, input);
  if (!located || located->changepoints.empty()) return slow_start;
  // The segments between changepoints, after calibration (other batch sizes, dominated by
  // the clock). The speed the process reached is its last segment's.
  const std::size_t first = std::min(input.calibration_samples, fork.warmup.size());
  std::vector<std::size_t> bounds{first};
  for (std::size_t cp : located->changepoints)
    if (cp > bounds.back()) bounds.push_back(cp);
  bounds.push_back(fork.warmup.size() + fork.samples.size());
  const double reached = median_time_per_op(fork, bounds[bounds.size() - 2], bounds.back(), input.threads);
  if (reached <= 0) return slow_start;
  // A slow start is a prefix: the leading segments each slower than the speed reached by
  // more than the steady band (the machine's own steps are that large). A burst of
  // neighbours later in the process's life is not part of it, and a faster start is
  // nothing to wait out.
  std::size_t end = first;
  for (std::size_t i = 0; i + 2 < bounds.size(); ++i) {
    if (median_time_per_op(fork, bounds[i], bounds[i + 1], input.threads) < (1 + input.delta) * reached) break;
    end = bounds[i + 1];
  }
  if (end == first) return slow_start;
  slow_start.warmup_ms = age_after(fork, end) / 1e6;
  // How much slower at first: the first segment's speed (a start may ease in steps).
  slow_start.slower = median_time_per_op(fork, first, bounds[1], input.threads) / reached;
  slow_start.near_horizon = slow_start.warmup_ms * 1e6 > horizon_ns / 2;
  return slow_start;
}

bool confirms_slow_start(const results::Fork& second, const results::SlowStart& slow_start, int threads) {
  // Samples of batches near the fork's own size (the first steps of calibration, far
  // smaller, weigh the clock more than the operation; a slow start's batches are smaller
  // by its slowdown) that other work left alone: from the first half of the slow start's
  // length against those after it. (On a busy machine a stretch of neighbours right after
  // the start can join it in the first fork, making it look longer than it is; its first
  // half is slow all the same.)
  const double end_ns = slow_start.warmup_ms * 1e6;
  std::vector<double> before, after;
  for (std::size_t i = 0; i < second.warmup.size() + second.samples.size(); ++i) {
    const results::Sample& s = at(second, i);
    if (s.ops == 0 || s.ops * 10 < second.ops_per_sample || is_disturbed(s, threads).value_or(false)) continue;
    const double age = age_after(second, i + 1);
    if (age <= end_ns / 2) before.push_back(s.ns / static_cast<double>(s.ops));
    else if (age > end_ns) after.push_back(s.ns / static_cast<double>(s.ops));
  }
  if (before.empty() || after.empty()) return false;
  // Half the first fork's slowdown, at the same age: a stretch of machine noise in one
  // process does not repeat in the next at the same age; a slow start does.
  return stats::median(before) / stats::median(after) >= 1 + (slow_start.slower - 1) / 2;
}

bool looks_beyond_horizon(const results::Fork& warming, const ForkAnalysisInput& warming_input) {
  // A slow start that ended in the later half: too little steady time after it to trust,
  // and the start may be longer still.
  return judge_slow_start(warming, warming_input, age_after(warming, warming.warmup.size())).near_horizon;
}

void record_slow_start_confirmation(results::Fork& first, const results::Fork& second, int threads) {
  if (first.slow_start && first.slow_start->warmup_ms > 0)
    first.slow_start->confirmed = confirms_slow_start(second, *first.slow_start, threads);
}

double later_warmup_ns(const std::optional<results::SlowStart>& slow_start, std::size_t forks_run) {
  if (!slow_start || slow_start->warmup_ms <= 0) return 0;
  // The second fork warms up past it to confirm it; later ones only when it did.
  if (forks_run >= 2 && !slow_start->confirmed.value_or(false)) return 0;
  return kSlowStartMargin * slow_start->warmup_ms * 1e6;
}

}  // namespace tare::analysis
