#include "export_runs.hpp"

#include <cstdint>
#include <vector>

namespace tare::exports::testing {
namespace {

results::Sample timed(std::uint64_t ops, double ns, std::vector<double> counters = {}) {
  results::Sample s;
  s.ops = ops;
  s.ns = ns;
  s.counters = std::move(counters);
  return s;
}

results::Fork fork_of(std::vector<results::Sample> samples, std::vector<results::Sample> warmup, double mean) {
  results::Fork f;
  f.samples = std::move(samples);
  f.warmup = std::move(warmup);
  f.mean = mean;
  return f;
}

results::Benchmark lookup() {
  results::Benchmark b;
  b.name = "lookup.binary/size=1024";
  b.family = "lookup.binary";
  b.group = "lookup";
  b.params = {{"size", "1024"}};
  b.counter_names = {"calls"};
  b.counters_per_op = {2};
  b.score = 11.5;
  b.ci = results::Interval{0.95, 10.5, 12.5};
  b.warnings = {{results::WarningCode::two_modes, results::Severity::caution, "bimodal distribution"}};
  b.forks.push_back(fork_of({timed(10, 100, {20}), timed(10, 120, {20})}, {timed(10, 50), timed(10, 50), timed(10, 50)}, 11));
  b.forks.push_back(fork_of({timed(10, 130, {20}), timed(10, 110, {20}), timed(10, 120, {20})}, {timed(10, 100)}, 12));
  results::Fork failed = fork_of({timed(10, 900, {20})}, {}, 90);  // no part of any export's numbers
  failed.ok = false;
  failed.error = "killed by signal 9";
  b.forks.push_back(failed);
  return b;
}

results::Benchmark rate() {
  results::Benchmark b;
  b.name = "modes.rate";
  b.family = "modes.rate";
  b.group = "modes";
  b.mode = Mode::thrpt;
  b.unit = "ops/s";
  b.threads = 2;
  b.score = 2e6;
  b.ci = results::Interval{0.95, 1.9e6, 2.2e6};
  b.forks.push_back(fork_of({timed(1000, 500000), timed(1000, 500000)}, {}, 2e6));
  b.forks.push_back(fork_of({timed(1000, 500000), timed(1000, 500000)}, {}, 2e6));
  return b;
}

results::Benchmark crash() {
  results::Benchmark b;
  b.name = "crash/size=8";
  b.family = "crash";
  b.ok = false;
  b.error = "killed by signal 11";
  return b;
}

results::Benchmark lonely() {
  results::Benchmark b;
  b.name = "lonely";
  b.family = "lonely";
  b.forks.push_back(fork_of({timed(10, 100)}, {}, 10));
  return b;
}

}  // namespace

results::Run export_run() {
  results::Run run;
  run.context.tare_version = "1.2.3";
  run.context.executable = "/opt/bench/lookup";
  run.context.build.compiler = "g++ 12.2.0";
  run.benchmarks = {lookup(), rate(), crash(), lonely()};
  return run;
}

}  // namespace tare::exports::testing
