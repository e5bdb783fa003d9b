#include "worker/executor.hpp"

#include <algorithm>
#include <thread>
#include <ctime>
#include <stdexcept>

#include "clock/active_clock.hpp"
#include "registry/native_body.hpp"
#include "system/thread_schedule.hpp"
#include "worker/counted_batch.hpp"
#include "worker/thread_context.hpp"

namespace tare::worker {
namespace {

double cpu_clock_ns(clockid_t clock) {
  timespec ts;
  clock_gettime(clock, &ts);
  return static_cast<double>(ts.tv_sec) * 1e9 + static_cast<double>(ts.tv_nsec);
}
// The calling thread's CPU time. Read by each thread around its own run only: the process's
// clock would also count what the threads spend waiting for each other at the start line,
// and what the worker's own thread does between them.
double thread_cpu_ns() { return cpu_clock_ns(CLOCK_THREAD_CPUTIME_ID); }

double wall_ns() { return static_cast<double>(detail::monotonic_ns()); }

// When the program started (static initialisation, before main): samples carry the
// process's age, by which slow starts are judged.
const double g_program_start_ns = wall_ns();

struct EmptyOp {
  void operator()() const noexcept {}
};

void no_hook(void*, void*) {}

// How long a thread that reaches the start line early spins before it blocks: about as long
// as the threads' waking from the job's condition variable is staggered on an idle machine.
// With more threads than CPUs it blocks at once (a spinning thread would hold the CPU one it
// waits for needs).
constexpr double kStartLineSpinNs = 50'000;

bool more_threads_than_cpus(int threads) {
  return static_cast<unsigned>(threads) > std::max(1u, std::thread::hardware_concurrency());
}

// The empty operation in both loop kinds: the plain loop, and the one that times each
// invocation (its floor is the clock's cost per call).
const detail::Body& empty_body(bool times_each_invocation) {
  static const auto plain = registry::make_native_body<NoState>(EmptyOp{});
  static const auto each = [] {
    auto hooks = std::make_shared<registry::NativeHooks>();
    hooks->each.before = detail::StateHook{&no_hook, nullptr};
    return registry::make_native_body<NoState>(EmptyOp{}, std::move(hooks));
  }();
  return times_each_invocation ? *each : *plain;
}

}  // namespace

struct Executor::Slot {
  std::thread thread;
  std::unique_ptr<detail::StateBase> own_state;  // per-thread scope
  detail::StateBase* state = nullptr;
  std::uint64_t ticks = 0;       // inside the timed loop
  std::uint64_t begin = 0, end = 0;  // around it, on the shared clock
  double cpu_ns = 0;             // the thread's CPU time around its run
  system::ThreadTimes times;     // what the scheduler did to the thread over its run
  std::unique_ptr<system::ThreadTimesReader> scheduler;  // the thread's own, made on it
};

namespace {

// Adds what the scheduler did to the benchmark's threads over a sample: how long they
// waited for a CPU, how often they were preempted.
void add_interference(results::Sample& sample, const system::ThreadTimes& spent) {
  if (!spent.has_schedstat()) sample.wait_ns = -1;
  else if (sample.wait_ns >= 0) sample.wait_ns += static_cast<double>(spent.wait_ns);
  sample.preemptions += spent.involuntary_switches;
}

// The sample's time the thread neither ran nor waited for a CPU, when it never blocked:
// the thread's CPU clock leaves out time the hypervisor stole and interrupts took. (Not
// schedstat's run time: for the running thread it is brought up to date only at the
// scheduler's ticks. The windows read around the timed run are slightly longer than the
// run, so this errs low.)
double stolen_ns(double ns, double cpu_ns, const system::ThreadTimes& spent) {
  if (!spent.has_schedstat() || spent.voluntary_switches != 0) return -1;
  return std::max(0.0, ns - cpu_ns - static_cast<double>(spent.wait_ns));
}

}  // namespace

Executor::Executor(const detail::BenchmarkSpec& spec, const Params& params, int threads,
                   const detail::ForkOutlook& outlook)
    : spec_(spec),
      params_(params),
      threads_(threads),
      start_line_(threads, more_threads_than_cpus(threads) ? 0 : kStartLineSpinNs) {
  set_thread_count(threads_);
  if (threads_ == 1) scheduler_ = std::make_unique<system::ThreadTimesReader>();
  const double start = wall_ns();
  outlook_ = outlook;
  if (threads_ == 1 || spec_.shared_state) {
    shared_state_ = spec_.body->make_state(params_);
    spec_.body->expect(*shared_state_, outlook_);
  }
  if (threads_ > 1) {
    slots_.reserve(static_cast<std::size_t>(threads_));
    for (int i = 0; i < threads_; ++i) slots_.push_back(std::make_unique<Slot>());
    for (int i = 0; i < threads_; ++i) slots_[i]->thread = std::thread([this, i] { thread_main(*slots_[i], i); });
    // Per-thread states are built by their own threads (first touch puts their memory
    // near that thread); wait until all exist.
    std::exception_ptr failure;
    {
      std::unique_lock lock(mutex_);
      done_.wait(lock, [&] { return ready_ == threads_; });
      failure = failure_;
    }
    if (failure) {
      stop_threads();
      std::rethrow_exception(failure);
    }
  }
  setup_ns_ = wall_ns() - start;
}

Executor::~Executor() { stop_threads(); }

void Executor::stop_threads() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (auto& slot : slots_)
    if (slot->thread.joinable()) slot->thread.join();
}

void Executor::record_failure() {
  std::lock_guard lock(mutex_);
  if (!failure_) failure_ = std::current_exception();
}

void Executor::make_thread_state(Slot& slot) {
  try {
    if (spec_.shared_state) {
      slot.state = shared_state_.get();
    } else {
      slot.own_state = spec_.body->make_state(params_);
      spec_.body->expect(*slot.own_state, outlook_);
      slot.state = slot.own_state.get();
    }
  } catch (...) {
    record_failure();
  }
  bool all_ready = false;
  {
    std::lock_guard lock(mutex_);
    all_ready = ++ready_ == threads_;
  }
  if (all_ready) done_.notify_all();  // the worker's thread waits for the last one only
}

bool Executor::wait_for_next_job(std::uint64_t& seen, Job& job, std::uint64_t& invocations) {
  std::unique_lock lock(mutex_);
  wake_.wait(lock, [&] { return stopping_ || generation_ != seen; });
  if (stopping_) return false;
  seen = generation_;
  job = job_;
  invocations = invocations_;
  return true;
}

void Executor::report_thread_finished() {
  bool all_finished = false;
  {
    std::lock_guard lock(mutex_);
    all_finished = ++finished_ == threads_;
  }
  if (all_finished) done_.notify_all();  // the worker's thread waits for the last one only
}

void Executor::thread_main(Slot& slot, int index) {
  set_thread_index(index);
  make_thread_state(slot);
  slot.scheduler = std::make_unique<system::ThreadTimesReader>();
  std::uint64_t seen = 0;
  Job job = Job::sample;
  std::uint64_t invocations = 0;
  while (wait_for_next_job(seen, job, invocations)) {
    try {
      if (!slot.state) throw std::runtime_error("state construction failed");
      switch (job) {
        case Job::prepare: spec_.body->prepare_run(*slot.state, invocations); break;
        case Job::end_call: spec_.body->end_call(*slot.state); break;
        case Job::sample: run_thread_sample(slot, invocations); break;
      }
    } catch (...) {
      record_failure();
    }
    report_thread_finished();
  }
  // Per-thread teardown happens on the owning thread, like setup.
  slot.own_state.reset();
}

// One thread's part of a sample: its run, prepared already (Job::prepare).
void Executor::run_thread_sample(Slot& slot, std::uint64_t invocations) {
  const system::ThreadTimesReader& scheduler = *slot.scheduler;
  // Waking from a condition variable is staggered: the threads line up here so they run
  // (and contend) together.
  start_line_.arrive_and_wait();
  const system::ThreadTimes before = scheduler.read();
  const double cpu_before = thread_cpu_ns();
  slot.begin = detail::ticks_start();
  slot.ticks = spec_.body->run(*slot.state, invocations);
  slot.end = detail::ticks_stop();
  slot.cpu_ns = thread_cpu_ns() - cpu_before;
  slot.times = scheduler.read() - before;
  if (const double timed = spec_.body->timed_cpu_ns(*slot.state); timed >= 0) slot.cpu_ns = timed;
}

void Executor::read_counters(std::vector<double>& out) {
  const std::size_t n = spec_.counters.size();
  out.assign(n, 0.0);
  if (n == 0) return;
  std::vector<double> one(n);
  auto add = [&](detail::StateBase& state) {
    spec_.body->read_counters(state, one.data());
    for (std::size_t i = 0; i < n; ++i) out[i] += one[i];
  };
  if (shared_state_) {
    add(*shared_state_);
  } else {
    for (auto& slot : slots_)
      if (slot->state) add(*slot->state);
  }
}

std::vector<detail::StateBase*> Executor::states() {
  std::vector<detail::StateBase*> all;
  if (shared_state_) all.push_back(shared_state_.get());
  else
    for (auto& slot : slots_) all.push_back(slot->state);
  return all;
}

void Executor::begin_measurement() {
  for (auto* state : states()) spec_.body->begin_measurement(*state);
}

void Executor::bracket_runs(RunBracket bracket) {
  bracket_ = bracket;
  for (auto* state : states())
    if (state) spec_.body->bracket_untimed(*state, bracket.untimed);
}

std::string Executor::annotations() {
  end_calls();
  return spec_.body->annotations(states());
}

results::Sample Executor::sample(std::uint64_t invocations) {
  run_sample_hooks(&detail::Body::before_sample);

  // Outside the bracket and the timing: what a body does between runs (the Google Benchmark
  // layer's set-up of a new call of the user's function); the threads are woken for it only
  // when there is something to do.
  if (slots_.empty()) spec_.body->prepare_run(*shared_state_, invocations);
  else if (run_needs_preparing(invocations)) run_on_threads(Job::prepare, invocations);

  std::vector<double> counters_before, counters_after;
  read_counters(counters_before);
  if (bracket_.open) bracket_.open();
  results::Sample sample = timed_run(invocations);
  if (bracket_.close) bracket_.close();
  sample.ops = invocations * spec_.ops_per_invocation * static_cast<std::uint64_t>(threads_);

  read_counters(counters_after);
  sample.counters.resize(counters_after.size());
  for (std::size_t i = 0; i < counters_after.size(); ++i) sample.counters[i] = counters_after[i] - counters_before[i];

  run_sample_hooks(&detail::Body::after_sample);
  return sample;
}

// The sample hooks run on the worker's thread, one call per state: a per-thread state's
// hook sees its thread's index (tare::thread_index), as the operation does; a shared
// state's, index 0.
void Executor::run_sample_hooks(void (detail::Body::*hook)(detail::StateBase&) const) {
  const std::vector<detail::StateBase*> all = states();
  const bool per_thread = !shared_state_;
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (per_thread) set_thread_index(static_cast<int>(i));
    (spec_.body.get()->*hook)(*all[i]);
  }
  set_thread_index(0);
}

results::Sample Executor::timed_run(std::uint64_t invocations) {
  results::Sample sample = slots_.empty() ? timed_run_alone(invocations) : timed_run_together(invocations);
  sample.age_ns = wall_ns() - g_program_start_ns;
  return sample;
}

// One piece on purpose: nothing may be called between the CPU clock's reads that the
// measured run does not need.
results::Sample Executor::timed_run_alone(std::uint64_t invocations) {
  results::Sample sample;
  sample.wait_ns = 0;
  const system::ThreadTimes before = scheduler_->read();
  const double cpu_before = thread_cpu_ns();
  // A body that times itself leaves parts of its run untimed: its span is read around it
  // (the harness's own timing of a whole run is its span already).
  const bool own_timing = spec_.body->times_each_invocation() || spec_.body->times_itself();
  const std::uint64_t begin = own_timing ? detail::ticks_start() : 0;
  sample.ns = clock::ticks_to_ns(spec_.body->run(*shared_state_, invocations));
  if (own_timing) sample.span_ns = clock::ticks_to_ns(detail::ticks_stop() - begin);
  sample.cpu_ns = thread_cpu_ns() - cpu_before;
  const system::ThreadTimes spent = scheduler_->read() - before;
  if (const double timed = spec_.body->timed_cpu_ns(*shared_state_); timed >= 0) sample.cpu_ns = timed;
  add_interference(sample, spent);
  if (!own_timing) sample.stolen_ns = stolen_ns(sample.ns, sample.cpu_ns, spent);
  return sample;
}

void Executor::run_on_threads(Job job, std::uint64_t invocations) {
  {
    std::lock_guard lock(mutex_);
    finished_ = 0;
    job_ = job;
    invocations_ = invocations;
    ++generation_;
  }
  wake_.notify_all();
  std::unique_lock lock(mutex_);
  done_.wait(lock, [&] { return finished_ == threads_; });
  if (failure_) std::rethrow_exception(failure_);
}

// Read between jobs, while the benchmark's threads wait for the next one.
bool Executor::run_needs_preparing(std::uint64_t invocations) {
  for (auto* state : states())
    if (state && spec_.body->run_needs_preparing(*state, invocations)) return true;
  return false;
}

void Executor::end_calls() {
  if (slots_.empty()) {
    if (shared_state_) spec_.body->end_call(*shared_state_);
  } else {
    run_on_threads(Job::end_call, 0);
  }
}

results::Sample Executor::timed_run_together(std::uint64_t invocations) {
  run_on_threads(Job::sample, invocations);
  results::Sample sample;
  sample.wait_ns = 0;
  std::uint64_t first_begin = slots_.front()->begin, last_begin = first_begin;
  std::uint64_t first_end = slots_.front()->end, last_end = first_end;
  for (auto& slot : slots_) {
    add_interference(sample, slot->times);
    sample.cpu_ns += slot->cpu_ns;
    first_begin = std::min(first_begin, slot->begin);
    last_begin = std::max(last_begin, slot->begin);
    first_end = std::min(first_end, slot->end);
    last_end = std::max(last_end, slot->end);
  }
  // Whether the threads really ran at once is judged from this (analysis/thread_overlap).
  sample.overlap_ns = first_end > last_begin ? clock::ticks_to_ns(first_end - last_begin) : 0;
  if (spec_.body->times_each_invocation() || spec_.body->times_itself()) {
    // Only the invocations (or what the operation itself counts) are timed, so the
    // threads' own totals are what there is.
    double total = 0;
    for (auto& slot : slots_) total += clock::ticks_to_ns(slot->ticks);
    sample.ns = total / threads_;
    sample.span_ns = clock::ticks_to_ns(last_end - first_begin);
  } else {
    // The window from the first thread's start to the last one's end: if the threads did
    // not really run at once (too few free cores), the score says so instead of adding up
    // throughputs that never coexisted.
    sample.ns = clock::ticks_to_ns(last_end - first_begin);
  }
  return sample;
}

double Executor::floor_ns_per_op(std::uint64_t invocations) const {
  const detail::Body& body = empty_body(spec_.body->times_each_invocation());
  auto state = body.make_state(params_);
  const std::uint64_t n = invocations == 0 ? 1 : invocations;
  // The best of a few runs: the floor is a property of the loop, not of the noise.
  double best = 0;
  for (int i = 0; i < 5; ++i) {
    const double ns = clock::ticks_to_ns(body.run(*state, n)) / static_cast<double>(n);
    if (i == 0 || ns < best) best = ns;
  }
  return best / static_cast<double>(spec_.ops_per_invocation);
}

void Executor::counted_batch(std::uint64_t invocations, bool empty_loop) {
  if (threads_ != 1) throw std::invalid_argument("instructions are counted for single-threaded benchmarks only");
  if (empty_loop) {
    const detail::Body& body = empty_body(spec_.body->times_each_invocation());
    auto state = body.make_state(params_);
    tare_counted_batch(&body, state.get(), invocations);
    return;
  }
  spec_.body->before_sample(*shared_state_);
  tare_counted_batch(spec_.body.get(), shared_state_.get(), invocations);
  spec_.body->after_sample(*shared_state_);
}

double Executor::teardown() {
  const double start = wall_ns();
  stop_threads();
  shared_state_.reset();
  return wall_ns() - start;
}

}  // namespace tare::worker
