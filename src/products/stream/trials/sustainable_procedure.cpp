#include "stream/trials/sustainable_procedure.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

#include "stream/verdict/rate_text.hpp"
#include "stream/verdict/trial_verdict.hpp"

namespace tare::stream {
namespace {

// Runs the trials of one procedure and keeps each one's outcome; a trial the driver could not
// keep (invalid: often a moment's interference on a shared machine) is run once more.
class TrialSequence {
 public:
  TrialSequence(const TrialRunner& run_trial, SustainableObserver& observer) : run_(run_trial), observer_(observer) {}

  RatedTrial run(const std::string& label, double rate) {
    for (int attempt = 0;; ++attempt) {
      RatedTrial trial{label, rate, run_(label, rate)};
      if (!trial.result.complete)
        throw std::runtime_error(label + " at " + rate_text(rate) + " did not complete: " + trial.result.incomplete_reason);
      observer_.trial_done(trial);
      if (trial.result.verdict.verdict != Verdict::invalid || attempt == 1) return trial;
    }
  }

 private:
  const TrialRunner& run_;
  SustainableObserver& observer_;
};

bool sustainable(const RatedTrial& trial) { return trial.result.verdict.verdict == Verdict::sustainable; }

// A failure this far under the probe's drain rate contradicts the probe, where the SUT took
// that rate under overload. On a shared machine a burst of other work in one trial can fail
// it (the SUT's threads wait for a CPU, and its latency climbs while they do), and bisection
// never returns above a rate that failed: one such trial cost a quarter of the capacity.
constexpr double kSurprisingFailureBelow = 0.9;

// The trials of one search, with the recheck of a surprising failure: under
// kSurprisingFailureBelow of the drain rate, a failed trial is run once more ("recheck 1.3")
// and the second verdict stands (both are kept). A failure its recheck confirms shows that
// this SUT does fail under its drain rate, so the search rechecks no more.
class BisectionTrials {
 public:
  BisectionTrials(double peak, TrialSequence& trials) : peak_(peak), trials_(trials) {}

  const RatedTrial& run(const std::string& number, double rate, std::vector<RatedTrial>& kept) {
    kept.push_back(trials_.run("trial " + number, rate));
    if (!rechecking_ || !failed(kept.back()) || rate >= kSurprisingFailureBelow * peak_) return kept.back();
    kept.push_back(trials_.run("recheck " + number, rate));
    rechecking_ = !failed(kept.back());
    return kept.back();
  }

 private:
  static bool failed(const RatedTrial& trial) { return trial.result.verdict.verdict == Verdict::unsustainable; }

  double peak_;
  TrialSequence& trials_;
  bool rechecking_ = true;
};

SearchRepeat run_search(int repeat, double peak, const SearchSettings& settings, TrialSequence& trials) {
  SustainableSearch search(peak, settings);
  BisectionTrials bisection(peak, trials);
  SearchRepeat outcome;
  while (auto rate = search.next_rate()) {
    const std::string number = std::to_string(repeat + 1) + "." + std::to_string(search.trials() + 1);
    const RatedTrial& trial = bisection.run(number, *rate, outcome.trials);
    if (trial.result.verdict.verdict == Verdict::invalid)
      throw std::runtime_error("two trials in a row were invalid: the driver could not keep its schedule (the "
                               "reasons above say why); this says nothing about the SUT's throughput");
    search.record(*rate, sustainable(trial));
  }
  outcome.sustainable_rate = search.sustainable_rate();
  outcome.unsustainable_rate = search.unsustainable_rate();
  outcome.converged = search.converged();
  return outcome;
}

// How far over its capacity the SUT may run in a passed trial, for the lowest rate the
// searches found: the fewest events, the widest key-split noise.
double margin_for(const SustainableSettings& settings, const std::vector<double>& found) {
  if (found.empty()) return 0;
  return pass_margin(settings.slack, settings.busiest_share, *std::min_element(found.begin(), found.end()),
                     settings.measured_window_s);
}

void combine_and_confirm(const SustainableSettings& settings, TrialSequence& trials, SustainableReport& report) {
  std::vector<double> found, bracket_high;
  for (const auto& repeat : report.repeats) {
    found.push_back(repeat.sustainable_rate);
    bracket_high.push_back(repeat.unsustainable_rate);
  }
  report.pass_margin = margin_for(settings, found);
  const CombinedRate combined = combine_repeats(found, bracket_high, report.pass_margin);
  if (!(combined.estimate > 0)) {
    report.status = SustainableStatus::none_sustainable;
    return;
  }
  report.combined = combined;
  Confirmation confirmation;
  confirmation.at_rate = trials.run("confirm", combined.estimate);
  confirmation.at_fraction = trials.run("confirm 90%", settings.confirm_fraction * combined.estimate);
  confirmation.confirmed = sustainable(confirmation.at_rate);
  report.status = confirmation.confirmed ? SustainableStatus::found : SustainableStatus::not_confirmed;
  report.confirmation = std::move(confirmation);
}

}  // namespace

const char* sustainable_status_name(SustainableStatus status) {
  switch (status) {
    case SustainableStatus::probe_sustained: return "probe sustained";
    case SustainableStatus::none_sustainable: return "none sustainable";
    case SustainableStatus::found: return "found";
    case SustainableStatus::not_confirmed: return "not confirmed";
  }
  return "?";
}

bool succeeded(const SustainableReport& report) { return report.status == SustainableStatus::found; }

double drain_rate(const TrialResult& overload) {
  if (overload.backlog.empty()) return NAN;
  const double end = overload.backlog.back().t_s;
  return rates_between(overload.backlog, end / 5, end).taken;
}

SustainableReport find_sustainable_rate(const SustainableSettings& settings, const TrialRunner& run_trial,
                                        SustainableObserver& observer) {
  TrialSequence trials(run_trial, observer);
  SustainableReport report;
  report.probe = trials.run("probe", settings.probe_rate);
  observer.probe_done(report.probe);
  report.drain_rate = drain_rate(report.probe.result);
  if (sustainable(report.probe)) {
    report.status = SustainableStatus::probe_sustained;
    return report;
  }
  const double peak = report.drain_rate;
  if (!(peak > 0)) throw std::runtime_error("the probe measured no drain rate (the SUT took nothing)");
  observer.search_starting(peak, settings.search.low_fraction * peak, settings.search.high_fraction * peak);
  for (int r = 0; r < settings.repeats; ++r) report.repeats.push_back(run_search(r, peak, settings.search, trials));
  combine_and_confirm(settings, trials, report);
  return report;
}

}  // namespace tare::stream
