// The whole sustainable-throughput procedure of `tare stream sustainable`, apart from how a
// trial is run: the overload probe and the drain rate it shows, the repeated searches
// (stream/trials/search.hpp), one retry of a trial the driver could not keep (invalid) and one
// recheck of a failure well under the drain rate, the repeats combined, and the confirmation
// trials at the rate found and at 90% of it. Trials are run by a function the caller gives
// (real processes in the CLI, scripted outcomes in the tests); what was found comes back as
// plain data for the console and the JSON.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "stream/driver/driver.hpp"
#include "stream/trials/search.hpp"

namespace tare::stream {

struct SustainableSettings {
  double probe_rate = 0;  ///< events/s, above what the SUT can take
  SearchSettings search;
  int repeats = 1;  ///< independent searches, combined
  /// What pass_margin() needs: the verdict's slack on work held (the backlog slope
  /// fraction), the busiest SUT worker's share of the events (0: unknown, an external SUT)
  /// and the measured window of a trial in seconds.
  double slack = 0;
  double busiest_share = 0;
  double measured_window_s = 0;
  double confirm_fraction = 0.9;  ///< the second confirmation trial, as a fraction of the rate found
};

/// One trial as the procedure kept it (after its retry, if it needed one).
struct RatedTrial {
  std::string label;  ///< "probe", "trial 2.3", "confirm", "confirm 90%"
  double rate = 0;
  TrialResult result;
};

struct SearchRepeat {
  std::vector<RatedTrial> trials;
  double sustainable_rate = 0, unsustainable_rate = 0;
  bool converged = false;
};

struct Confirmation {
  RatedTrial at_rate, at_fraction;
  bool confirmed = false;  ///< the trial at the rate found was sustainable
};

enum class SustainableStatus {
  probe_sustained,  ///< the probe was no overload: the rate is at least the probe's
  none_sustainable,
  found,
  not_confirmed,  ///< found, but the confirmation trial at that rate did not pass
};
/// "probe sustained", "none sustainable", "found", "not confirmed" (the JSON's words).
const char* sustainable_status_name(SustainableStatus status);

struct SustainableReport {
  SustainableStatus status = SustainableStatus::none_sustainable;
  RatedTrial probe;
  double drain_rate = 0;  ///< events/s the SUT took during the probe (NaN: no backlog samples)
  std::vector<SearchRepeat> repeats;
  double pass_margin = 0;             ///< what combine_repeats() was given
  std::optional<CombinedRate> combined;  ///< when some rate was found sustainable
  std::optional<Confirmation> confirmation;
};

/// True for the one outcome the command reports as success: a rate found and confirmed.
bool succeeded(const SustainableReport& report);

/// What the procedure tells its caller as it goes, so a person sees each trial when it ends.
class SustainableObserver {
 public:
  virtual ~SustainableObserver() = default;
  /// Every trial run, the invalid ones that are retried too.
  virtual void trial_done(const RatedTrial& /*trial*/) {}
  /// The probe, as kept (after its retry, if any).
  virtual void probe_done(const RatedTrial& /*probe*/) {}
  /// The probe was an overload: the searches start in [low, high].
  virtual void search_starting(double /*drain_rate*/, double /*low*/, double /*high*/) {}
};

/// Runs a trial at `rate` (events/s, constant); `label` names it for messages.
using TrialRunner = std::function<TrialResult(const std::string& label, double rate)>;

/// The procedure. Throws std::runtime_error when a trial does not complete, when a search
/// trial is invalid twice in a row (nothing is then known of the SUT) and when the probe
/// shows no drain rate; std::invalid_argument for settings the search refuses.
SustainableReport find_sustainable_rate(const SustainableSettings& settings, const TrialRunner& run_trial,
                                        SustainableObserver& observer);

/// The events/s the SUT took during an overload trial, after the first fifth of what ran
/// (the trial may have stopped early at the backlog cap). NaN without backlog samples.
double drain_rate(const TrialResult& overload);

}  // namespace tare::stream
