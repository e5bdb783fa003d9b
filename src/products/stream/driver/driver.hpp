// The open-loop driver (Karimov et al.): generators produce events on an absolute schedule,
// each into its own in-memory queue, and never wait for the system under test; each queue is
// handed to the SUT through its own link of a transport (stream/transport/transport.hpp; over
// TCP the SUT pulls with credit-based requests). The same links bring the SUT's outputs back,
// and the driver records, per interval of arrival time, event-time latency (arrival - the
// output's max event time, driver clock) and processing-time latency (emit - ingest, SUT
// clock) in separate HDR histograms.
//
// One thread per generator does everything for its link: generate what is due, hand events
// over as the link has room, take outputs, sample the backlog. The wait until the next due
// event sleeps when it is far (waiting on the link, with 1 ns timer slack) and spins when it
// is near, so the schedule holds to microseconds and the thread still serves the link while
// it waits. Each pass round the loop generates what is due (at most
// max_batch events) and sends it in one write: nothing per event but generating it. On a
// busy machine a sleeping thread wakes late whenever other work holds its CPU, so the
// generator threads ask for real-time priority (SCHED_FIFO) where the process may have it,
// and give the CPU up briefly now and then so that the kernel does not throttle them. Their
// lateness (time an event entered the queue - its due time, once a pass) is measured, with
// the scheduler's counters of the threads: a late driver makes a trial invalid, and the
// counters say why (descheduled by other work, or busy); keep_up.hpp says by how much.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "stream/histograms/hdr_histogram.hpp"
#include "stream/workload/oracle.hpp"
#include "stream/transport/transport.hpp"
#include "stream/transport/run_description.hpp"
#include "stream/verdict/held_by.hpp"
#include "stream/verdict/trial_verdict.hpp"
#include "stream/workload/workload.hpp"
#include "system/thread_schedule.hpp"

namespace tare::stream {

struct DriverOptions {
  RunDescription run;                ///< sources = generators; the query and windows
  WorkloadSpec workload;             ///< the whole load (rate split across generators)
  std::int64_t duration_ns = 10'000'000'000;
  /// After the measured schedule, keep generating at its rate this long (0: none). The
  /// cool-down's events carry the watermark past the last measured window, and push through
  /// what a SUT holds back until more comes (kcat holds its last few KB): the trial is judged
  /// on the events due before duration_ns and the windows ending by then only.
  std::int64_t cooldown_ns = 0;
  /// The SUT's allowed lateness for late events (workload.disorder), so that the oracle
  /// predicts which of them it takes (stream/workload/lateness.hpp). Not sent to the SUT.
  std::int64_t allowed_lateness_ns = 0;
  std::int64_t warmup_ns = 2'000'000'000;  ///< excluded from the verdict and the summary
  std::int64_t interval_ns = 1'000'000'000;  ///< latency histograms per interval of arrival
  std::int64_t sample_ns = 100'000'000;      ///< backlog sampling period
  std::uint64_t backlog_cap = 1u << 22;      ///< events queued in all generators: abort at this
  /// After the schedule ends, keep serving until every queued event is taken and the SUT
  /// says done (needed to check results); false: end at once (search trials).
  bool drain = true;
  std::int64_t drain_timeout_ns = 30'000'000'000;
  /// After `end`, how long the SUT has to send `done` (its last outputs); 0: as long as the
  /// trial's duration, at least 10 s. Then the run ends incomplete, naming what is missing.
  std::int64_t done_timeout_ns = 0;
  int significant_figures = 3;
  bool keep_outputs = true;          ///< for checking them against the oracle
  /// Outputs kept for the oracle at most (48 bytes each): a SUT that floods the driver
  /// cannot exhaust its memory. Beyond it the rest are measured but not kept.
  std::uint64_t max_kept_outputs = 1u << 22;
  std::size_t max_batch = 4096;      ///< events per send at most (kMostEventsPerSend)
  std::atomic<bool>* stop = nullptr; ///< set from outside (Ctrl-C): end the run, keep results
  /// Generator threads ask for SCHED_FIFO at this priority (when there are fewer of them than
  /// CPUs, so they cannot hold every CPU); false: normal scheduling.
  bool realtime = true;
  int realtime_priority = 10;
  /// Generator threads pin themselves to this CPU (-1: no pinning). For benchmarks of the
  /// driver itself: the process's other threads (a SUT) keep the other CPUs, and real-time
  /// priority is still asked for when the process may use more CPUs than there are generators.
  int generator_cpu = -1;
  VerdictRules rules;
};

/// Throws std::invalid_argument naming the first bad setting.
void validate(const DriverOptions& options);

/// Whether an output is of the measured schedule: every output without a cool-down; with
/// one, the identity query's events due before duration_ns and the windows ending by then
/// (later ones are the cool-down's). Only these count in the trial's latency summaries.
bool output_measured(const DriverOptions& options, const Output& o) noexcept;

/// Latency histograms of the outputs that arrived in one interval.
struct LatencyInterval {
  std::int64_t start_ns = 0;
  HdrHistogram event_time;
  HdrHistogram processing_time;
};

/// How the generator threads fared with the scheduler.
struct DriverScheduling {
  std::uint32_t threads = 0;
  std::uint32_t realtime_threads = 0;  ///< granted SCHED_FIFO
  int priority = 0;                    ///< their SCHED_FIFO priority
  std::string realtime_refused;        ///< why not real-time (empty when every thread is)
  system::ThreadTimes times;           ///< summed over the threads, from their start to their end
};

struct TrialResult {
  // How the run went.
  bool complete = false;             ///< ran to the end and the SUT said done
  std::string incomplete_reason;     ///< why not (SUT gone, protocol error, interrupted, ...)
  bool backlog_cap_hit = false;
  std::int64_t backlog_cap_hit_ns = 0;
  bool drained = false;              ///< every generated event was taken before the end
  std::string sut_name;              ///< from the SUT's hello
  // Counts over the whole run.
  std::uint64_t generated = 0, taken = 0, outputs = 0;
  std::uint64_t measured_generated = 0;  ///< events due before the cool-down (all without one)
  std::int64_t started_wall_ns = 0;  ///< CLOCK_REALTIME at the run's start (for logs)
  std::int64_t ended_ns = 0;         ///< driver time when the run ended (incl. the drain)
  std::int64_t schedule_end_ns = 0;  ///< when generation stopped
  std::int64_t warmup_ns = 0;        ///< the measured window is [warmup_ns, schedule_end_ns)
  double offered_rate = 0;           ///< mean rate of the schedule over the measured window
  // Time series.
  std::vector<BacklogSample> backlog;
  std::vector<LatencyInterval> intervals;  ///< consecutive, interval_ns long, from time 0
  std::int64_t interval_ns = 0;
  // Over the measured window [warmup, schedule end) (arrival time for latencies).
  DriverScheduling scheduling;
  HdrHistogram lateness{1, 3'600'000'000'000, 3};
  HdrHistogram event_time{1, 3'600'000'000'000, 3};
  HdrHistogram processing_time{1, 3'600'000'000'000, 3};
  std::vector<Output> kept_outputs;  ///< when keep_outputs (every output of the run, up to max_kept_outputs)
  bool kept_outputs_capped = false;  ///< more outputs came than max_kept_outputs
  /// Outputs whose times cannot be (an event time before the run or after the output's
  /// arrival, an emit time before the ingest time): left out of the latencies, counted, and
  /// the first one described in words (also a note of the verdict).
  std::uint64_t impossible_outputs = 0;
  std::string impossible_example;
  TrialVerdict verdict;
  /// Through a broker (Kafka): what the link saw of it, and which part held the trial back
  /// (stream/verdict/held_by.hpp: judged by the trial, which knows its SUT).
  std::optional<BrokerCounters> broker;
  std::optional<Blame> held_by;
};

/// Runs one trial against the SUT `transport` reaches, one link per generator. Failures to
/// open a link, before the start, throw NetError or ProtocolError (nothing measured); anything
/// after the start ends the run with complete = false and a reason, keeping what was measured. `progress` (may be empty) is called from the driver's first thread about
/// once per interval with the backlog and the outputs so far, for a live console line.
TrialResult run_trial(const DriverOptions& options, Transport& transport,
                      const std::function<void(const BacklogSample&, std::uint64_t outputs)>& progress = {});

/// The per-generator workloads of `options`: generator k gets its own seed and 1/K of the
/// rate of every phase (the remainder to the first generators), so the sum is the schedule.
std::vector<WorkloadSpec> split_workload(const WorkloadSpec& workload, std::uint32_t generators);

}  // namespace tare::stream
