#include "sample_runs.hpp"

#include <sstream>
#include <utility>

#include "report/json_write.hpp"

namespace tare::report::testing {
namespace {

results::Sample sample(std::uint64_t ops, double ns, double cpu_ns = 0, std::vector<double> counters = {}) {
  return results::Sample{ops, ns, cpu_ns, std::move(counters)};
}

results::Context full_context() {
  results::Context c;
  c.date = "2024-05-01T12:34:56Z";
  c.host = "bench-host";
  c.executable = "/opt/bench/lookup \"quoted\"";
  c.tare_version = "0.1.0";
  c.command_line = "lookup --forks 5 --param size=16,1024";
  c.seed = 18446744073709551615ull;  // the largest seed must survive the round trip
  c.settings = {7, 40, 12.5, 0.5, 250, 1500, 3, 60, {}};
  c.cpu.model = "Intel(R) Xeon(R) Gold 6248 CPU @ 2.50GHz";
  c.cpu.cores = 40;
  c.cpu.scaling_governor = "performance";
  c.cpu.turbo = false;
  c.build.compiler = "g++ 12.2.0";
  c.build.flags = "-O3 -DNDEBUG";
  c.build.type = "Release";
  c.build.debug = true;
  c.clock.name = "tsc";
  c.clock.resolution_ns = 0.3333333333333333;
  c.clock.overhead_ns = 7.125;
  c.clock.tsc_ghz = 2.494;
  c.clock.clocksource = "tsc";
  c.aslr = 2;
  c.load_average_1m = 0.42;
  c.busy_cores = 0.31;
  c.virtualization = "kvm";
  c.warnings = {"virtualized (kvm): timings include hypervisor noise", "ASLR is on"};
  c.reference_ns = 2.5625;
  c.drift = 0.03125;
  c.between_runs = {12, 0.025, "/h/speed.jsonl"};
  return c;
}

results::Fork fork(int pid, double mean) {
  results::Fork f;
  f.pid = pid;
  f.layout = results::Layout{1234567890123ull, 48, 192, 4096};
  f.ops_per_sample = 4096;
  f.warmup = {sample(4096, 60123.5, 60001.25, {4000, 96}), sample(4096, 51000, 50990, {3990, 106})};
  f.samples = {sample(4096, 50301, 50299.5, {3700, 396}), sample(4096, 50299.75, 50280, {3650, 446}),
               sample(4096, 50310.125, 50300, {3720, 376})};
  f.samples[0].wait_ns = 0;
  f.samples[1].wait_ns = 2500.5;  // waited for a CPU, preempted twice
  f.samples[1].preemptions = 2;
  f.samples[1].overlap_ns = 48000.5;  // several threads: how long they all ran at once
  f.samples[1].span_ns = 61000.25;    // a benchmark that timed itself: the run's span, untimed parts included
  f.samples[2].stolen_ns = 640.5;  // the hypervisor took the CPU
  f.samples[2].age_ns = 1.25e8;  // a process an eighth of a second old
  f.disturbed_samples = 1;
  f.all_samples_mean = mean * 1.02;
  f.steady_class = tare::results::SteadyClass::warmup;
  f.steady_first_index = 2;
  f.mean = mean;
  f.setup_ns = 1500.5;
  f.teardown_ns = 320.25;
  f.measured_ns = 150910.875;
  f.floor_ns_per_op = 0.25;
  f.resources = results::Resources{12, 1, 3, 7};
  f.changepoints = {1, 2};
  f.outliers = 1;
  f.lag1 = -0.125;
  f.dependent = true;
  f.reference_before_ns = 2.5;
  f.reference_after_ns = 2.625;
  f.wall_ns = 412345678.5;
  return f;
}

}  // namespace

results::Run full_run() {
  results::Run run;
  run.context = full_context();

  results::Benchmark b;
  b.name = "parse/invalid_percent=10/text=中文";
  b.family = "parse";
  b.group = "parsing";
  b.params = {{"invalid_percent", "10"}, {"text", "中文"}, {"alpha", "a,b"}};  // declaration order
  b.mode = tare::Mode::sample;
  b.unit = "ns/op";
  b.threads = 2;
  b.ops_per_invocation = 8;
  b.counter_names = {"valid", "invalid"};
  b.ok = true;
  b.stop_reason = tare::results::StopReason::target_ci;
  b.score = 12.28125;
  b.ci = results::Interval{0.95, 12.1, 12.5};
  b.ci_across_runs = results::Interval{0.95, 11.5, 13.0};
  b.across_runs = results::AcrossRuns{results::SpreadSource::shrunk, 12, 1, 0.0125, 0.015625, 15};
  b.median = 12.3;
  b.between_fork_variance = 0.01;
  b.within_fork_variance = 0.02;
  b.within_fork_method = "batch means";
  b.ci_method = "student-t over fork means";
  b.median_ci = results::Interval{0.96875, 12.0, 12.75};
  b.mad = 0.125;
  b.steady_state = "good inconsistent";
  b.disturbed_share = 0.25;
  b.score_disturbed = true;
  b.all_samples_score = 12.25;
  b.bootstrap = results::Bootstrap{{0.95, 12.125, 12.375}, {0.95, 12.0, 12.5}, 2000, 4};
  b.outliers = results::Outliers{0, 1, 3, 2, 0.25, "moderate"};
  b.modes = {{12.1, 3}, {12.5, 2}};
  b.drift = results::Drift{0.0625, 12.25, results::Interval{0.95, 12.0, 12.5}};
  b.relative = results::Relative{"parse/invalid_percent=0/text=中文", 1.125, results::Interval{0.95, 1.0625, 1.1875}};
  b.counters_per_op = {0.9, 0.1};
  b.percentiles = {{50, 12.25}, {90, 13.5}, {99, 20.75}, {99.9, 1020}, {100, 3400.5}};
  b.floor_ns_per_op = 0.5;
  b.timer_cost_ns_per_op = 6.75;
  b.forks = {fork(101, 12.28), fork(102, 12.31)};
  b.forks[0].slow_start = results::SlowStart{1000.25, 412.5, 2.875, false, true};
  b.forks[1].ok = false;
  b.forks[1].error = "killed by signal 11 (Segmentation fault)";
  b.warnings = {{results::WarningCode::unclassified, results::Severity::caution, "fork 2 failed"},
                {results::WarningCode::two_modes, results::Severity::caution, "bimodal: two modes at 12.1 and 12.5 ns/op",
                 true}};
  run.benchmarks.push_back(b);

  results::Benchmark failed;
  failed.name = "lookup.linear/size=16";
  failed.family = "lookup.linear";
  failed.group = "lookup";
  failed.params = {{"size", "16"}};
  failed.mode = tare::Mode::thrpt;
  failed.unit = "ops/s";
  failed.ok = false;
  failed.error = "threw std::out_of_range: \"vector::at\"";
  failed.stop_reason = tare::results::StopReason::failed;
  failed.forks = {fork(201, 1.5e7)};
  failed.forks[0].ok = false;
  failed.forks[0].error = failed.error;
  run.benchmarks.push_back(failed);
  return run;
}

results::Run console_run() {
  results::Run run;
  run.context = full_context();

  results::Benchmark binary;
  binary.name = "lookup.binary/size=1024";
  binary.family = "lookup.binary";
  binary.params = {{"size", "1024"}};
  binary.mode = tare::Mode::avgt;
  binary.unit = "ns/op";
  binary.score = 12345.6;  // 12.3 µs/op
  binary.ci = results::Interval{0.95, 12100, 12600};
  binary.forks = {fork(1, 12300), fork(2, 12400), fork(3, 12350)};
  binary.steady_state = "flat";
  binary.outliers = results::Outliers{0, 0, 1, 0, 0.004, "none"};
  run.benchmarks.push_back(binary);

  results::Benchmark linear;
  linear.name = "lookup.linear/size=16";
  linear.family = "lookup.linear";
  linear.params = {{"size", "16"}};
  linear.mode = tare::Mode::thrpt;
  linear.unit = "ops/s";
  linear.score = 1.5e7;  // 15.0 Mops/s
  linear.ci = results::Interval{0.95, 1.47e7, 1.53e7};
  linear.forks = {fork(4, 1.49e7), fork(5, 1.51e7)};
  linear.warnings = {{results::WarningCode::unsteady_score, results::Severity::caution, "steady state not reached in fork 1"},
                     {results::WarningCode::two_modes, results::Severity::caution, "bimodal distribution"}};
  linear.steady_state = "bad inconsistent";
  linear.outliers = results::Outliers{0, 0, 4, 3, 0.3, "moderate"};
  run.benchmarks.push_back(linear);

  results::Benchmark parse;
  parse.name = "parse/invalid_percent=10";
  parse.family = "parse";
  parse.mode = tare::Mode::sample;
  parse.unit = "ns/op";
  parse.score = 87.6;
  parse.ci = results::Interval{0.95, 86.0, 89.2};
  parse.counter_names = {"valid", "invalid"};
  parse.counters_per_op = {0.9, 0.1};
  parse.percentiles = {{50, 85.1}, {90, 92.4}, {99, 140.2}, {99.9, 1020}, {100, 3400}};
  parse.timer_cost_ns_per_op = 20.1;
  parse.forks = {fork(6, 87), fork(7, 88)};
  run.benchmarks.push_back(parse);

  results::Benchmark crash;
  crash.name = "crash/size=8";
  crash.family = "crash";
  crash.mode = tare::Mode::avgt;
  crash.ok = false;
  crash.error = "killed by signal 11 (Segmentation fault)";
  crash.forks = {fork(8, 0)};
  crash.forks[0].ok = false;
  crash.forks[0].error = crash.error;
  run.benchmarks.push_back(crash);
  return run;
}

std::string to_text(const results::Run& run) {
  std::ostringstream out;
  write_json(run, out);
  return out.str();
}

}  // namespace tare::report::testing
