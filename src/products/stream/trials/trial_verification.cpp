#include "stream/trials/trial_verification.hpp"

#include <cstdint>
#include <limits>
#include <vector>

#include "stream/trials/verify.hpp"
#include "stream/workload/workload.hpp"

namespace tare::stream {
namespace {

// Regenerating events for the oracle costs memory (24 bytes each): above this, not checked.
constexpr std::uint64_t kMaxVerifiedEvents = 20'000'000;

// Why the trial cannot be checked, or empty when it can.
std::string reason_not_checked(const TrialResult& trial) {
  if (!trial.complete) return "the run did not complete";
  if (!trial.drained) return "events were still queued when the run ended";
  if (trial.kept_outputs_capped)
    return "the SUT sent " + std::to_string(trial.outputs) + " outputs, more than the " +
           std::to_string(trial.kept_outputs.size()) + " kept for the check";
  if (trial.generated > kMaxVerifiedEvents)
    return std::to_string(trial.generated) + " events, more than the " + std::to_string(kMaxVerifiedEvents) + " checked";
  return {};
}

// Every source's events in its order, and, when some may be late, the windows each one
// entered: the lateness rule run over each source's own order, as the SUT runs it.
struct Regenerated {
  std::vector<Event> events;
  std::vector<std::int64_t> first_open_start_ns;  // empty: every event entered all its windows
  LateCounts late;
};

Regenerated regenerate_events(const DriverOptions& options, std::uint64_t generated, bool admit_late) {
  Regenerated r;
  for (auto spec : split_workload(options.workload, options.run.sources)) {
    spec.duration_ns = options.duration_ns + options.cooldown_ns;
    const auto part = generate(spec, static_cast<std::size_t>(generated));
    r.events.insert(r.events.end(), part.begin(), part.end());
    if (!admit_late) continue;
    SourceLateness source(options.run.window, options.allowed_lateness_ns);
    for (const Event& e : part) r.first_open_start_ns.push_back(source.observe(e.event_time_ns).first_open_start_ns);
    r.late += source.counts();
  }
  return r;
}

}  // namespace

const char* verification_status_name(VerificationStatus status) {
  switch (status) {
    case VerificationStatus::skipped: return "skipped";
    case VerificationStatus::match: return "match";
    case VerificationStatus::mismatch: return "mismatch";
  }
  return "?";
}

Verification verify_trial(const DriverOptions& options, const TrialResult& trial) {
  Verification v;
  v.message = reason_not_checked(trial);
  if (!v.message.empty()) return v;
  v.counted_late = options.workload.disorder.active() && options.run.query != Query::identity;
  const Regenerated regenerated = regenerate_events(options, trial.generated, v.counted_late);
  const std::vector<Event>& events = regenerated.events;
  v.late = regenerated.late;
  if (events.size() != trial.generated) {
    v.status = VerificationStatus::mismatch;
    v.message = "the driver generated " + std::to_string(trial.generated) + " events but the schedule holds " +
                std::to_string(events.size());
    return v;
  }
  // With a cool-down, its events complete the last measured windows but are not judged.
  const std::int64_t until_ns = options.cooldown_ns > 0 ? options.duration_ns : std::numeric_limits<std::int64_t>::max();
  const auto comparison = verify_outputs(options.run.query, options.run.window, events, trial.kept_outputs, until_ns,
                                         regenerated.first_open_start_ns);
  v.status = comparison.ok ? VerificationStatus::match : VerificationStatus::mismatch;
  v.message = comparison.first_mismatch;
  v.expected_results = comparison.matched;  // with a cool-down, its outputs are not compared
  return v;
}

}  // namespace tare::stream
