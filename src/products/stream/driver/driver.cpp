#include "stream/driver/driver.hpp"

#include <pthread.h>
#include <sched.h>
#include <sys/prctl.h>
#include <time.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "stream/driver/event_ring.hpp"
#include "stream/workload/lateness.hpp"
#include "stream/workload/monotonic_ns.hpp"

namespace tare::stream {
namespace {

constexpr std::int64_t kHistogramHighest = 3'600'000'000'000;  // 1 h in ns
// Closer than this to the next due event the loop spins instead of sleeping: a sleep wakes
// tens of microseconds late, a spin on time.
constexpr std::int64_t kSpinBelowNs = 20'000;
// A real-time thread that never sleeps is throttled by the kernel (sched_rt_runtime_us:
// by default 50 ms off every second once it has run 950 ms), which stalls the schedule for
// 50 ms: 5% of events late by up to that much. So a real-time generator that has spun this
// long gives its CPU up for kYieldNs (a tenth of its time, and wakes a little late): its
// events are late by microseconds, never by 50 ms.
constexpr std::int64_t kMaxSpinNs = 200'000;
constexpr std::int64_t kYieldNs = 20'000;
// The least time the SUT has to send done after end (DriverOptions::done_timeout_ns).
constexpr std::int64_t kLeastDoneTimeoutNs = 10'000'000'000;

std::int64_t realtime_ns() noexcept {
  timespec ts{};
  clock_gettime(CLOCK_REALTIME, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

void pin_to_cpu(int cpu) noexcept {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  (void)pthread_setaffinity_np(pthread_self(), sizeof set, &set);  // best effort: a bench setting
}

HdrHistogram latency_histogram(int digits) { return HdrHistogram(1, kHistogramHighest, digits); }

std::string seconds_text(std::int64_t ns) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", static_cast<double>(ns) / 1e9);
  return text;
}

std::uint64_t splitmix64(std::uint64_t x) noexcept {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// What the generator threads share: the start, and the first failure (which ends them all).
struct Shared {
  std::int64_t t0 = 0;  // monotonic ns of driver time 0
  std::atomic<bool> abort{false};
  std::mutex mutex;
  std::string abort_reason;     // guarded by mutex
  bool abort_is_failure = false;

  void end_run(const std::string& reason, bool failure) {
    std::lock_guard lock(mutex);
    if (abort.load()) return;
    abort_reason = reason;
    abort_is_failure = failure;
    abort.store(true);
  }
};

// Everything one generator and its connection measured.
struct GeneratorRecord {
  std::uint64_t generated = 0, taken = 0, outputs = 0;
  std::uint64_t measured_generated = 0, measured_outputs = 0;  // of the schedule before the cool-down
  bool done = false;              // the SUT said done on this connection
  bool cap_hit = false;
  std::int64_t cap_hit_ns = 0;
  std::int64_t schedule_end_ns = 0;
  std::vector<BacklogSample> backlog;
  std::vector<std::unique_ptr<LatencyInterval>> intervals;  // by index, null when no outputs
  HdrHistogram lateness, event_time, processing_time;
  std::vector<Output> outputs_kept;
  bool kept_capped = false;       // outputs came beyond this generator's share of max_kept_outputs
  std::uint64_t impossible = 0;   // outputs with impossible times (not in the latencies)
  std::string impossible_example;
  system::RealtimeRequest realtime;  // when asked for
  system::ThreadTimes times;         // the thread's, from its start to its end
  std::optional<BrokerCounters> broker;

  explicit GeneratorRecord(int digits)
      : lateness(latency_histogram(digits)), event_time(latency_histogram(digits)),
        processing_time(latency_histogram(digits)) {}
};

// One generator thread: generates what is due into its queue, hands events to the SUT through
// its link as the link has room, takes the SUT's outputs, samples the backlog.
class GeneratorLoop final : OutputSink {
 public:
  GeneratorLoop(std::size_t index, const DriverOptions& options, bool realtime, const WorkloadSpec& workload,
                std::unique_ptr<SourceLink> link, Shared& shared, GeneratorRecord& record,
                const std::function<void(const BacklogSample&, std::uint64_t)>* progress)
      : index_(index), options_(options), realtime_(realtime), generator_(workload), link_(std::move(link)),
        shared_(shared),
        record_(record), ring_(std::max<std::uint64_t>(options.backlog_cap / options.run.sources, 1)),
        progress_(progress),
        done_timeout_ns_(options.done_timeout_ns > 0 ? options.done_timeout_ns
                                                     : std::max(options.duration_ns, kLeastDoneTimeoutNs)),
        most_kept_(std::max<std::uint64_t>(options.max_kept_outputs / options.run.sources, 1)) {
    have_next_ = generator_.next(next_);
  }

  void run() {
    prctl(PR_SET_TIMERSLACK, 1UL, 0, 0, 0);  // sleeps wake on time, not 50 us late
    if (options_.generator_cpu >= 0) pin_to_cpu(options_.generator_cpu);
    if (realtime_) record_.realtime = system::make_thread_realtime(options_.realtime_priority);
    const system::ThreadTimes start = system::thread_times();
    try {
      loop();
    } catch (const ProtocolError& e) {
      fail("protocol error from the SUT: " + std::string(e.what()));
    } catch (const NetError& e) {
      fail(e.what());
    }
    record_.times = system::thread_times() - start;
    record_.taken = link_->taken();
    record_.broker = link_->broker_counters();
    link_.reset();  // the SUT sees this source close now, not when the last generator ends
  }

 private:
  std::int64_t now() const noexcept { return monotonic_ns() - shared_.t0; }

  void loop() {
    wait_for_start();
    for (;;) {
      const std::int64_t t = now();
      if (options_.stop && options_.stop->load()) shared_.end_run("interrupted", true);
      if (shared_.abort.load()) return say_goodbye();
      if (phase_ == Phase::generating) generate(t);
      sample(t);
      hand_over();
      link_->flush();
      link_->receive(*this);
      if (link_->done() || (end_sent_ && !options_.drain && !link_->waits_for_done_without_drain()) ||
          measured_part_done()) {
        record_.done = true;
        return;
      }
      if (phase_ == Phase::draining && t - record_.schedule_end_ns > options_.drain_timeout_ns) {
        shared_.end_run("the SUT had not taken every event " + std::to_string(options_.drain_timeout_ns / 1'000'000'000) +
                            " s after the schedule ended (" + std::to_string(ring_.size()) + " still queued)",
                        true);
        continue;
      }
      if (end_sent_ && t - end_sent_ns_ > done_timeout_ns_) {
        shared_.end_run("the SUT did not send done on connection " + std::to_string(index_) + " within " +
                            seconds_text(done_timeout_ns_) + " s after end",
                        true);
        continue;
      }
      wait(t);
    }
  }

  void wait_for_start() {
    for (std::int64_t t = now(); t < 0; t = now()) {
      if (-t > kSpinBelowNs) std::this_thread::sleep_for(std::chrono::nanoseconds(-t - kSpinBelowNs));
    }
  }

  // The events due by `t` enter the queue (`next_` is due at generator_.last_due_ns(); its
  // event time is that or, for an event the disorder moved back, earlier),
  // at most max_batch of them per pass: a driver behind its schedule still hands events over
  // between passes (generating everything due at once made each pass longer than the last,
  // and delivery collapsed). Lateness is measured per pass, not per event: the pass's first
  // event is its earliest due, so t - its due time is the pass's largest lateness, and every
  // event of the pass after the warmup is counted at that value (an upper bound for each).
  void generate(std::int64_t t) {
    std::uint64_t n = 0, measured = 0;
    std::int64_t earliest_due = 0;
    while (have_next_ && generator_.last_due_ns() <= t && n < options_.max_batch) {
      if (!ring_.push(next_)) {
        record_.cap_hit = true;
        record_.cap_hit_ns = t;
        shared_.end_run("the backlog reached the hard cap (" + std::to_string(options_.backlog_cap) + " events)", false);
        break;
      }
      if (n++ == 0) earliest_due = generator_.last_due_ns();
      if (generator_.last_due_ns() < options_.duration_ns) {
        ++record_.measured_generated;
        if (generator_.last_due_ns() >= options_.warmup_ns) ++measured;
      }
      have_next_ = generator_.next(next_);
    }
    record_.generated += n;
    if (measured > 0) record_.lateness.record(t - earliest_due, static_cast<std::int64_t>(measured));
    if (!have_next_ && t >= generation_end_ns()) end_schedule(t);
  }

  std::int64_t generation_end_ns() const noexcept { return options_.duration_ns + options_.cooldown_ns; }

  // With a cool-down the SUT may hold the cool-down's last events back for good (a pipe
  // waiting for more input): the run is over once it took every measured event and, for
  // the identity query (whose outputs are its events), each came back. Other queries wait
  // for the link's done (their output count only the oracle knows).
  bool measured_part_done() {
    if (options_.cooldown_ns == 0 || !end_sent_ || options_.run.query != Query::identity) return false;
    return link_->taken() >= record_.measured_generated && record_.measured_outputs >= record_.measured_generated;
  }

  void end_schedule(std::int64_t t) {
    record_.schedule_end_ns = std::min(t, options_.duration_ns);
    sample_at(t);
    phase_ = options_.drain ? Phase::draining : Phase::ending;
    if (phase_ == Phase::ending) send_end();
  }

  void sample(std::int64_t t) {
    while (t >= next_sample_ns_) {
      sample_at(next_sample_ns_);
      next_sample_ns_ += options_.sample_ns;
    }
  }

  void sample_at(std::int64_t t) {
    record_.taken = link_->taken();
    const BacklogSample s{static_cast<double>(t) / 1e9, record_.generated, record_.taken};
    record_.backlog.push_back(s);
    if (index_ == 0 && progress_ && *progress_ && t >= next_progress_ns_) {
      (*progress_)(s, record_.outputs);
      next_progress_ns_ = t + options_.interval_ns;
    }
  }

  void hand_over() {
    if (end_sent_) return;  // without a drain, what is still queued is never sent
    // The link takes the queue's contiguous runs of events in place, without a copy.
    for (std::uint64_t room = link_->room(); room > 0 && !ring_.empty(); room = link_->room()) {
      const auto batch = ring_.front(static_cast<std::size_t>(std::min<std::uint64_t>(room, options_.max_batch)));
      link_->send(batch);
      ring_.drop(batch.size());
    }
    if (phase_ == Phase::draining && ring_.empty() && !have_next_) {
      phase_ = Phase::ending;
      send_end();
    }
  }

  void send_end() {
    link_->end();
    end_sent_ = true;
    end_sent_ns_ = now();
  }

  // Outputs arrive now: stamped after they were received, so that no genuine output's event
  // time lies after its arrival.
  void outputs(std::span<const Output> outputs) override { record_outputs(outputs, now()); }

  // Times no genuine output can carry are counted and left out (their differences could
  // overflow, and a clamped latency of 0 ns would hide them).
  void record_outputs(std::span<const Output> outputs, std::int64_t arrival) {
    LatencyInterval& interval = interval_at(arrival);
    for (const Output& o : outputs) {
      std::int64_t processing_latency = 0;
      const bool event_possible = o.max_event_time_ns >= 0 && o.max_event_time_ns <= arrival;
      const bool processing_possible =
          !__builtin_sub_overflow(o.emit_time_ns, o.ingest_time_ns, &processing_latency) && processing_latency >= 0;
      if (!event_possible || !processing_possible) {
        note_impossible(o, arrival, event_possible);
        continue;
      }
      const std::int64_t event_latency = arrival - o.max_event_time_ns;  // both in [0, arrival]
      interval.event_time.record(event_latency);
      interval.processing_time.record(processing_latency);
      const bool measured = output_measured(options_, o);
      record_.measured_outputs += measured ? 1 : 0;
      if (arrival >= options_.warmup_ns && measured) {
        record_.event_time.record(event_latency);
        record_.processing_time.record(processing_latency);
      }
    }
    record_.outputs += outputs.size();
    if (options_.keep_outputs) keep(outputs);
  }

  void keep(std::span<const Output> outputs) {
    const std::size_t room = most_kept_ - std::min<std::size_t>(record_.outputs_kept.size(), most_kept_);
    const std::size_t kept = std::min(room, outputs.size());
    record_.outputs_kept.insert(record_.outputs_kept.end(), outputs.begin(),
                                outputs.begin() + static_cast<std::ptrdiff_t>(kept));
    if (kept < outputs.size()) record_.kept_capped = true;
  }

  void note_impossible(const Output& o, std::int64_t arrival, bool event_possible) {
    if (record_.impossible++ > 0) return;
    const std::string event = "event time " + std::to_string(o.max_event_time_ns) + " ns";
    if (!event_possible)
      record_.impossible_example = o.max_event_time_ns < 0 ? event + ", before the run's first event (0 ns)"
                                                           : event + ", after the output arrived (" +
                                                                 std::to_string(arrival) + " ns)";
    else
      record_.impossible_example = "emit time " + std::to_string(o.emit_time_ns) + " ns, before its ingest time " +
                                   std::to_string(o.ingest_time_ns) + " ns (SUT clock)";
  }

  LatencyInterval& interval_at(std::int64_t arrival) {
    const auto i = static_cast<std::size_t>(std::max<std::int64_t>(arrival, 0) / options_.interval_ns);
    if (record_.intervals.size() <= i) record_.intervals.resize(i + 1);
    auto& slot = record_.intervals[i];
    if (!slot) {
      slot = std::make_unique<LatencyInterval>(LatencyInterval{
          static_cast<std::int64_t>(i) * options_.interval_ns, latency_histogram(options_.significant_figures),
          latency_histogram(options_.significant_figures)});
    }
    return *slot;
  }

  // Waits for the next due event or sample: sleeps (woken early by the socket) until
  // kSpinBelowNs before it, then returns to the loop, which spins the rest of the way. A
  // real-time thread that has run kMaxSpinNs without sleeping sleeps kYieldNs first, work
  // or none (when it is behind it never waits otherwise).
  void wait(std::int64_t t) {
    if (record_.realtime.granted && t - last_sleep_ns_ >= kMaxSpinNs) return yield_cpu();
    if (!end_sent_ && !ring_.empty() && link_->room() > 0) return;  // work to do now
    std::int64_t deadline = next_sample_ns_;
    if (phase_ == Phase::generating) deadline = std::min(deadline, have_next_ ? generator_.last_due_ns() : generation_end_ns());
    const std::int64_t sleep_ns = deadline - t - kSpinBelowNs;
    if (sleep_ns > 0) sleep_for(sleep_ns);  // else spin: the next event is near
  }

  // Not a wait on the link: at high rates the SUT's requests arrive all the time and would
  // cut the sleep short, and the kernel would throttle the thread after all.
  void yield_cpu() {
    const timespec pause{0, kYieldNs};
    ::clock_nanosleep(CLOCK_MONOTONIC, 0, &pause, nullptr);
    last_sleep_ns_ = now();
  }

  void sleep_for(std::int64_t sleep_ns) {
    link_->wait(sleep_ns);
    last_sleep_ns_ = now();
  }

  void fail(const std::string& reason) { shared_.end_run(reason, true); }

  // The run ends early: tell the SUT why (best effort) so it stops too.
  void say_goodbye() {
    if (record_.done) return;
    std::string reason;
    {
      std::lock_guard lock(shared_.mutex);
      reason = shared_.abort_reason;
    }
    link_->abort("the driver ended the run: " + reason);
    if (record_.schedule_end_ns == 0) record_.schedule_end_ns = std::min(now(), options_.duration_ns);
  }

  enum class Phase { generating, draining, ending };

  std::size_t index_;
  const DriverOptions& options_;
  bool realtime_;
  Generator generator_;
  std::unique_ptr<SourceLink> link_;
  Shared& shared_;
  GeneratorRecord& record_;
  EventRing ring_;
  const std::function<void(const BacklogSample&, std::uint64_t)>* progress_;
  Event next_{};
  bool have_next_ = false;
  Phase phase_ = Phase::generating;
  bool end_sent_ = false;
  std::int64_t next_sample_ns_ = 0;
  std::int64_t next_progress_ns_ = 0;
  std::int64_t last_sleep_ns_ = 0;  // when the thread last gave its CPU up
  std::int64_t done_timeout_ns_;
  std::uint64_t most_kept_;        // outputs this generator keeps at most
  std::int64_t end_sent_ns_ = 0;
};

// Why the generator threads will not ask for real-time priority ("" when they will): a
// thread at real-time priority that spins (high rates) holds its CPU against everything
// else, so there must be a CPU left for the rest, the SUT's threads among them.
std::string realtime_not_asked(const DriverOptions& options) {
  if (!options.realtime) return "not asked for";
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  const int cpus = sched_getaffinity(0, sizeof allowed, &allowed) == 0 ? CPU_COUNT(&allowed) : 1;
  if (static_cast<int>(options.run.sources) >= cpus)
    return "not asked for: " + std::to_string(options.run.sources) + " generator threads on " + std::to_string(cpus) +
           " CPUs would leave no CPU to other work at real-time priority";
  return "";
}

DriverScheduling merge_scheduling(const std::vector<std::unique_ptr<GeneratorRecord>>& records,
                                  const std::string& not_asked) {
  DriverScheduling scheduling;
  scheduling.threads = static_cast<std::uint32_t>(records.size());
  scheduling.realtime_refused = not_asked;
  scheduling.times = records.front()->times;
  for (std::size_t g = 0; g < records.size(); ++g) {
    const auto& r = *records[g];
    if (g > 0) scheduling.times += r.times;
    if (r.realtime.granted) {
      ++scheduling.realtime_threads;
      scheduling.priority = r.realtime.priority;
    } else if (scheduling.realtime_refused.empty()) {
      scheduling.realtime_refused = r.realtime.refused;
    }
  }
  return scheduling;
}

DriverEvidence driver_evidence(const TrialResult& result) {
  const DriverScheduling& s = result.scheduling;
  DriverEvidence d;
  d.threads = static_cast<int>(s.threads);
  d.realtime = s.threads > 0 && s.realtime_threads == s.threads;
  d.elapsed_ns = static_cast<double>(result.ended_ns);
  if (s.times.has_schedstat()) {
    d.cpu_ns = static_cast<double>(s.times.cpu_ns);
    d.run_queue_wait_ns = static_cast<double>(s.times.wait_ns);
  }
  d.involuntary_switches = static_cast<double>(s.times.involuntary_switches);
  return d;
}

double offered_rate(const std::vector<WorkloadSpec>& workloads, std::int64_t from_ns, std::int64_t to_ns) {
  if (to_ns <= from_ns) return 0;
  double events = 0;
  for (const auto& w : workloads)
    events += static_cast<double>(w.rate.events_before(to_ns) - w.rate.events_before(from_ns));
  return events * 1e9 / static_cast<double>(to_ns - from_ns);
}

// Sums the generators' samples taken at the same scheduled moments.
std::vector<BacklogSample> merge_backlog(const std::vector<std::unique_ptr<GeneratorRecord>>& records) {
  std::vector<BacklogSample> merged = records.front()->backlog;
  for (std::size_t g = 1; g < records.size(); ++g) {
    const auto& other = records[g]->backlog;
    merged.resize(std::min(merged.size(), other.size()));
    for (std::size_t i = 0; i < merged.size(); ++i) {
      merged[i].generated += other[i].generated;
      merged[i].taken += other[i].taken;
    }
  }
  return merged;
}

std::vector<LatencyInterval> merge_intervals(const std::vector<std::unique_ptr<GeneratorRecord>>& records,
                                             const DriverOptions& options) {
  std::size_t count = 0;
  for (const auto& r : records) count = std::max(count, r->intervals.size());
  std::vector<LatencyInterval> merged;
  for (std::size_t i = 0; i < count; ++i) {
    LatencyInterval interval{static_cast<std::int64_t>(i) * options.interval_ns,
                             latency_histogram(options.significant_figures),
                             latency_histogram(options.significant_figures)};
    for (const auto& r : records) {
      if (i < r->intervals.size() && r->intervals[i]) {
        interval.event_time.add(r->intervals[i]->event_time);
        interval.processing_time.add(r->intervals[i]->processing_time);
      }
    }
    merged.push_back(std::move(interval));
  }
  return merged;
}

TrialEvidence evidence_of(const TrialResult& result, const DriverOptions& options) {
  TrialEvidence evidence;
  evidence.offered_rate = result.offered_rate;
  evidence.warmup_end_s = static_cast<double>(options.warmup_ns) / 1e9;
  evidence.end_s = static_cast<double>(result.schedule_end_ns) / 1e9;
  evidence.backlog = result.backlog;
  for (const auto& interval : result.intervals) {
    const auto& h = interval.event_time;
    const auto [p50, p99] = h.values_at_percentiles(std::array{50.0, 99.0});  // one scan per window
    evidence.event_time.push_back(IntervalLatency{
        static_cast<double>(interval.start_ns) / 1e9, static_cast<double>(options.interval_ns) / 1e9,
        h.total_count(), static_cast<double>(p50), static_cast<double>(p99), static_cast<double>(h.max())});
  }
  evidence.lateness_p99_ns = static_cast<double>(result.lateness.value_at_percentile(99));
  evidence.event_time_p99_ns = static_cast<double>(result.event_time.value_at_percentile(99));
  evidence.driver = driver_evidence(result);
  evidence.backlog_cap_hit = result.backlog_cap_hit;
  evidence.backlog_cap_hit_s = static_cast<double>(result.backlog_cap_hit_ns) / 1e9;
  return evidence;
}

}  // namespace

void validate(const DriverOptions& options) {
  auto fail = [](const std::string& what) { throw std::invalid_argument(what); };
  if (options.duration_ns <= 0) fail("duration must be > 0");
  if (options.warmup_ns < 0 || options.warmup_ns >= options.duration_ns)
    fail("warmup must be at least 0 and shorter than the duration");
  if (options.interval_ns <= 0) fail("interval must be > 0");
  if (options.sample_ns <= 0) fail("backlog sampling period must be > 0");
  if (options.backlog_cap < options.run.sources) fail("backlog cap must be at least one event per generator");
  if (options.run.sources < 1 || options.run.sources > 64) fail("generators must be 1..64");
  if (options.significant_figures < 1 || options.significant_figures > 5) fail("significant figures must be 1..5");
  if (options.generator_cpu < -1 || options.generator_cpu >= CPU_SETSIZE) fail("generator CPU out of range");
  if (options.max_batch < 1 || options.max_batch > kMostEventsPerSend) fail("batch size out of range");
  if (options.done_timeout_ns < 0) fail("the wait for done must be >= 0");
  if (options.cooldown_ns < 0) fail("the cool-down must be >= 0");
  validate_allowed_lateness(options.allowed_lateness_ns);
  validate(options.run.window);
  validate(options.workload);
  (void)split_workload(options.workload, options.run.sources);
}

bool output_measured(const DriverOptions& options, const Output& o) noexcept {
  if (options.cooldown_ns == 0) return true;  // every output is of the schedule's events
  if (options.run.query == Query::identity) return o.max_event_time_ns < options.duration_ns;
  return o.window_start_ns <= options.duration_ns - options.run.window.size_ns;
}

std::vector<WorkloadSpec> split_workload(const WorkloadSpec& workload, std::uint32_t generators) {
  if (generators == 1) return {workload};
  std::vector<WorkloadSpec> parts;
  for (std::uint32_t k = 0; k < generators; ++k) {
    std::vector<RatePhase> phases;
    for (const RatePhase& p : workload.rate.phases()) {
      const std::uint64_t share = p.events_per_s / generators + (k < p.events_per_s % generators ? 1 : 0);
      if (p.events_per_s > 0 && share == 0)
        throw std::invalid_argument("a rate of " + std::to_string(p.events_per_s) + " events/s cannot be split over " +
                                    std::to_string(generators) + " generators");
      phases.push_back(RatePhase{p.duration_ns, share});
    }
    WorkloadSpec part = workload;
    part.seed = splitmix64(workload.seed * 64 + k);
    part.rate = RateSchedule::from_phases(std::move(phases), workload.rate.repeats());
    if (workload.max_events != 0)
      part.max_events = workload.max_events / generators + (k < workload.max_events % generators ? 1 : 0);
    parts.push_back(std::move(part));
  }
  return parts;
}

namespace {

// One generator's counts, histograms and outputs added to the trial's.
void add_generator_record(const GeneratorRecord& r, bool drain, bool cooldown, TrialResult& result) {
  result.generated += r.generated;
  result.measured_generated += r.measured_generated;
  result.taken += r.taken;
  result.outputs += r.outputs;
  // With a cool-down, drained once the measured events were taken (the SUT may hold the
  // cool-down's last ones back).
  const std::uint64_t must_take = cooldown ? r.measured_generated : r.generated;
  result.drained = result.drained && r.done && r.taken >= must_take && drain;
  if (r.cap_hit && (!result.backlog_cap_hit || r.cap_hit_ns < result.backlog_cap_hit_ns)) {
    result.backlog_cap_hit = true;
    result.backlog_cap_hit_ns = r.cap_hit_ns;
  }
  result.schedule_end_ns = std::max(result.schedule_end_ns, r.schedule_end_ns);
  result.lateness.add(r.lateness);
  result.event_time.add(r.event_time);
  result.processing_time.add(r.processing_time);
  result.kept_outputs.insert(result.kept_outputs.end(), r.outputs_kept.begin(), r.outputs_kept.end());
  result.kept_outputs_capped = result.kept_outputs_capped || r.kept_capped;
  if (result.impossible_outputs == 0) result.impossible_example = r.impossible_example;
  if (r.broker) result.broker = r.broker;  // a broker takes one generator
  result.impossible_outputs += r.impossible;
}

}  // namespace

TrialResult run_trial(const DriverOptions& options, Transport& transport,
                      const std::function<void(const BacklogSample&, std::uint64_t)>& progress) {
  validate(options);
  std::vector<WorkloadSpec> workloads = split_workload(options.workload, options.run.sources);
  for (auto& w : workloads)
    w.duration_ns = w.duration_ns > 0 ? std::min(w.duration_ns, options.duration_ns + options.cooldown_ns)
                                      : options.duration_ns + options.cooldown_ns;

  TrialResult result;
  std::vector<std::unique_ptr<SourceLink>> links;
  for (std::uint32_t k = 0; k < options.run.sources; ++k) links.push_back(transport.open(k, options.run));
  result.sut_name = links.back()->sut_name();

  const std::string not_asked = realtime_not_asked(options);
  Shared shared;
  shared.t0 = monotonic_ns() + 2'000'000;  // every thread starts on the same schedule
  result.started_wall_ns = realtime_ns() + 2'000'000;
  std::vector<std::unique_ptr<GeneratorRecord>> records;
  std::vector<std::unique_ptr<GeneratorLoop>> loops;
  for (std::uint32_t k = 0; k < options.run.sources; ++k) {
    records.push_back(std::make_unique<GeneratorRecord>(options.significant_figures));
    loops.push_back(std::make_unique<GeneratorLoop>(k, options, not_asked.empty(), workloads[k], std::move(links[k]),
                                                    shared, *records.back(), k == 0 ? &progress : nullptr));
  }
  std::vector<std::thread> threads;
  for (auto& loop : loops) threads.emplace_back([&loop] { loop->run(); });
  for (auto& t : threads) t.join();

  result.ended_ns = monotonic_ns() - shared.t0;
  result.complete = !shared.abort_is_failure;
  if (shared.abort_is_failure) result.incomplete_reason = shared.abort_reason;
  result.drained = true;
  for (const auto& r : records) add_generator_record(*r, options.drain, options.cooldown_ns > 0, result);
  if (result.schedule_end_ns == 0) result.schedule_end_ns = std::min(result.ended_ns, options.duration_ns);
  result.scheduling = merge_scheduling(records, not_asked);
  result.backlog = merge_backlog(records);
  result.intervals = merge_intervals(records, options);
  result.interval_ns = options.interval_ns;
  result.warmup_ns = options.warmup_ns;
  result.offered_rate = offered_rate(workloads, options.warmup_ns, result.schedule_end_ns);
  result.verdict = judge_trial(evidence_of(result, options), options.rules);
  if (result.impossible_outputs > 0)
    result.verdict.notes.push_back("the SUT sent " + std::to_string(result.impossible_outputs) +
                                   " outputs with impossible times, left out of the latencies; the first: " +
                                   result.impossible_example);
  return result;
}

}  // namespace tare::stream
