#include "report/warning_words.hpp"

#include <fmt/format.h>

#include "report/console.hpp"

namespace tare::report {
namespace {

using results::WarningCode;
namespace facts = results::facts;

std::string duration(double ns) { return format_duration_ns(ns); }

std::string fork_words(WarningCode code, const facts::Forks& f, results::Advice advice) {
  switch (code) {
    case WarningCode::unsteady_forks:
      return fmt::format("no steady state in {} of {} forks: their speed changed late in the measurement, so they "
                         "are left out of the score; {} to see where the speed settles",
                         f.forks, f.of, advice_words(advice));
    case WarningCode::unsteady_score:
      return fmt::format("no steady state: {} of {} forks changed speed late in their measurement; the score "
                         "mixes speeds and is not to be trusted ({})",
                         f.forks, f.of, advice_words(advice));
    case WarningCode::slowdown:
      return fmt::format("{} of {} forks ran faster at first, then settled slower: the slower speed is the score; "
                         "something in the measured code degrades as it runs (caches, memory growing)",
                         f.forks, f.of);
    case WarningCode::steady_unchecked:
      return fmt::format("steady state unchecked in {} of {} forks: fewer than {} samples to look for changes "
                         "(samples are long; {})",
                         f.forks, f.of, f.fewest_samples, advice_words(advice));
    default:  // score_disturbed
      return fmt::format("too few undisturbed samples: other work held the CPU through most samples of {} of {} "
                         "forks, so the score counts the time it took; give the benchmark a CPU of its own "
                         "(taskset -c) or run it at a quieter moment",
                         f.forks, f.of);
  }
}

std::string cost_words(WarningCode code, const facts::Cost& c, results::Advice advice) {
  switch (code) {
    case WarningCode::optimised_away:
      return fmt::format("looks optimised away, or is as cheap as the empty loop and cannot be resolved: {} per op in "
                         "its fastest sample is not above the empty-operation floor ({}); {}",
                         duration(c.ns), duration(c.against_ns), advice_words(advice));
    case WarningCode::timer_cost:
      return fmt::format("per-invocation hooks time every call: the clock's cost ({} per op) is {:.0f}% of the score",
                         duration(c.ns), 100 * c.ns / c.against_ns);
    default:  // coarse_clock
      return fmt::format("clock too coarse for the op: median call {} is under 10x the clock's cost ({}); per-call "
                         "times mostly measure the clock (use avgt for the mean)",
                         duration(c.ns), duration(c.against_ns));
  }
}

// "after 4 forks", or "after 7 forks, 4 of them scored": the table counts every fork that
// ran to the end, so say so when fewer are scored.
std::string forks_run(const facts::StoppedShort& s) {
  return s.scored < s.forks ? fmt::format("after {} forks, {} of them scored", s.forks, s.scored)
                            : fmt::format("after {} forks", s.scored);
}

std::string stopped_short_words(WarningCode code, const facts::StoppedShort& s, results::Advice advice) {
  switch (code) {
    case WarningCode::target_not_reached:
      return fmt::format("target ±{:.3g}% not reached: this run's own interval is ±{:.3g}% {} ({}); {}",
                         100 * s.target, 100 * s.reached, forks_run(s), s.budget_spent ? "budget spent" : "fork limit",
                         advice_words(advice));
    case WarningCode::forks_below_minimum:
      return fmt::format("the budget was spent {}, fewer than the {} scored forks asked for (--forks): raise "
                         "--budget for more forks, or lower --forks",
                         forks_run(s), s.min_forks);
    default:  // no_interval
      return s.budget_spent ? "one fork only, the budget allowed no more: no confidence interval"
                            : "only one fork succeeded: no confidence interval";
  }
}

std::string amount_words(WarningCode code, double value) {
  switch (code) {
    case WarningCode::waits:
      return fmt::format("the benchmark had the CPU for only {:.0f}% of its samples' time: it waited (I/O, locks, "
                         "sleeps)",
                         100 * value);
    case WarningCode::fresh_memory:
      return fmt::format("{:.0f} minor page faults per millisecond of measurement: the measured code keeps touching "
                         "fresh memory (allocation, first touch)",
                         value);
    case WarningCode::teardown:
      return fmt::format("teardown (the state's destruction) took {:.1f}% of the measured time: if the operation "
                         "defers work (frees, background work), some of its cost falls outside the measurement",
                         100 * value);
    case WarningCode::major_faults:
      return fmt::format("{:.0f} major page faults during measurement (I/O in the measured code?)", value);
    default:  // machine_busy
      return fmt::format("machine busy: {:.0f} involuntary context switches per second of measurement", value);
  }
}

std::string slow_start_words(WarningCode code, const facts::Watch& w) {
  if (code == WarningCode::slow_start_unbounded)
    return fmt::format("the speed still changed late in the {} the first process was watched: a slow start longer "
                       "than that would be measured as speed; raise --warmup-max-ms",
                       duration(w.watched_ns));
  return fmt::format("a slow start longer than {} was not looked for (the first process was watched for {}): "
                     "--warmup-max-ms 1s watches as far as tare's defaults",
                     duration(w.watched_ns), duration(w.watched_ns));
}

std::string threads_apart_words(const facts::ThreadsApart& t) {
  const std::string running =
      t.running > 0 ? fmt::format(" (on average {:.1f} of {} threads ran)", t.running, t.threads) : "";
  return fmt::format("threads did not run at once in {} of {} samples{}: too few free CPUs, so they took turns and "
                     "the score is not that of {} threads running together; free CPUs or use fewer threads",
                     t.samples, t.of, running, t.threads);
}

// The findings whose code says it all.
std::string code_words(WarningCode code) {
  switch (code) {
    case WarningCode::unoptimised_build:
      return "built without optimisation (no -O): this score says little about optimised code; build Release";
    case WarningCode::assertions_enabled: return "built without NDEBUG: assertions are compiled into the measured code";
    case WarningCode::stale_input:
      return "input reset per sample only: the operation takes State& and may change what before_sample prepared, "
             "so every call after a sample's first may see what the calls before it left (sorted data, an emptied "
             "container); reset it for every call with before_each, or take const State& if the operation does "
             "not change the state";
    default: return "";
  }
}

}  // namespace

const char* advice_words(results::Advice advice) {
  const bool google = advice.api == results::SourceApi::google_benchmark;
  switch (advice.kind) {
    case results::AdviceKind::none: return "";
    case results::AdviceKind::keep_the_work:
      return google ? "if the work was deleted, pass its result to benchmark::DoNotOptimize() (its inputs too, so "
                      "that they are not folded into constants) and call benchmark::ClobberMemory() after writes to "
                      "memory nothing reads; if it is real, it is too cheap to time alone: do it several times per "
                      "iteration"
                    : "if the work was deleted, return the result or consume() it and pass inputs through opaque(); "
                      "if it is real, .acknowledge() it";
    case results::AdviceKind::measure_longer: return google ? "raise --benchmark_min_time" : "raise --measure-ms";
    case results::AdviceKind::warm_up_and_measure_longer:
      return google ? "raise --benchmark_min_time: each process then warms up and measures longer"
                    : "raise --warmup-max-ms or --measure-ms";
    case results::AdviceKind::more_forks:
      return google ? "more processes narrow it: tare's --budget (e.g. --budget 10s) adds them until the target is "
                      "met, --benchmark_repetitions=N runs N"
                    : "raise --budget or --max-forks";
  }
  return "";
}

std::string warning_words(const results::Warning& w, const std::string& unit) {
  if (!w.text.empty()) return w.text;
  const auto score = [&](double value) { return format_score(value, unit); };
  const WarningCode code = w.code;
  if (const auto* f = std::get_if<facts::Forks>(&w.facts)) return fork_words(code, *f, w.advice);
  if (const auto* c = std::get_if<facts::Cost>(&w.facts)) return cost_words(code, *c, w.advice);
  if (const auto* s = std::get_if<facts::StoppedShort>(&w.facts)) return stopped_short_words(code, *s, w.advice);
  if (const auto* a = std::get_if<facts::Amount>(&w.facts)) return amount_words(code, a->value);
  if (const auto* watch = std::get_if<facts::Watch>(&w.facts)) return slow_start_words(code, *watch);
  if (const auto* t = std::get_if<facts::ThreadsApart>(&w.facts)) return threads_apart_words(*t);
  if (const auto* d = std::get_if<facts::MachineDrift>(&w.facts))
    return fmt::format(
        "machine speed moved {:.1f}% while this ran (reference workload) and the benchmark moved with it: at the "
        "slowest or fastest speed seen the score would be {:.1f}% off, beyond this run's own interval (±{:.1f}%); "
        "rerun at a quieter time, or read the drift-normalized score {} ± {}",
        100 * d->movement, 100 * d->shift, 100 * d->half_width, score(d->normalized_score),
        score(d->normalized_half_width));
  if (const auto* m = std::get_if<facts::TwoModes>(&w.facts))
    return fmt::format("forks disagree (two modes): {} forks near {}, {} near {}; layout or placement luck differs "
                       "between processes, so the mean {} describes neither",
                       m->forks_a, score(m->mean_a), m->forks_b, score(m->mean_b), score(m->score));
  if (const auto* p = std::get_if<facts::ProcessSpread>(&w.facts))
    return fmt::format("the speed depends on the process: fork means differ by {:.0f}% (SD) beyond what their "
                       "samples explain (at least {:.0f}%); the interval carries it, but more forks narrow it and "
                       "longer forks do not; memory layout or CPU placement may matter as much as the code",
                       100 * p->spread, 100 * p->at_least);
  if (const auto* far = std::get_if<facts::FarForks>(&w.facts))
    return fmt::format("{} of {} forks far from the others: a process disturbed throughout, or unlucky memory "
                       "layout; they stay in the score, so compare it with the median of the forks ({})",
                       far->forks, far->of, score(far->median));
  if (const auto* d = std::get_if<facts::DisturbedSamples>(&w.facts))
    return fmt::format("other work took the CPU during {:.0f}% of the samples (the benchmark waited for it): they "
                       "are left out of the score, which with them would be {} ({:+.1f}%); a CPU of its own "
                       "(taskset) or a quieter machine avoids it",
                       100 * d->share, score(d->score_with_them), 100 * d->moved);
  if (const auto* s = std::get_if<facts::SlowStart>(&w.facts))
    return fmt::format("slow start: {:.1f}x slower at first, at full speed only {} into each process (the first "
                       "process was watched for {}); every later fork warmed up until its process was {} old",
                       s->slower, duration(s->warmup_ns), duration(s->watched_ns), duration(s->waited_ns));
  if (const auto* failure = std::get_if<facts::Failure>(&w.facts))
    return fmt::format("a fork failed ({}): whatever the forks before it measured is not to be used",
                       failure->error.empty() ? "no error recorded" : failure->error);
  return code_words(code);
}

}  // namespace tare::report
