// read_json: rebuilds exactly what write_json wrote, and rejects what it cannot trust
// with a one-line message that names the problem.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <optional>

#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>

#include "report/json_read.hpp"
#include "report/json_write.hpp"
#include "sample_runs.hpp"

namespace tare::report {
namespace {

using ::testing::HasSubstr;
using testing::to_text;

results::Run from_text(const std::string& text) {
  std::istringstream in(text);
  return read_json(in);
}

// The message read_json throws for `text` (fails the test when it does not throw).
std::string error_for(const std::string& text) {
  try {
    from_text(text);
  } catch (const std::runtime_error& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    EXPECT_EQ(message.rfind("results JSON: ", 0), 0u) << message;
    return message;
  }
  ADD_FAILURE() << "no exception for: " << text;
  return "";
}

// Same value, or both NaN.
void expect_same(double a, double b, const char* what) {
  if (std::isnan(a) && std::isnan(b)) return;
  EXPECT_EQ(a, b) << what;
}

void expect_same(const std::optional<results::Interval>& a, const std::optional<results::Interval>& b,
                 const char* what) {
  ASSERT_EQ(a.has_value(), b.has_value()) << what;
  if (!a) return;
  EXPECT_EQ(a->level, b->level) << what;
  EXPECT_EQ(a->low, b->low) << what;
  EXPECT_EQ(a->high, b->high) << what;
}

void expect_same(const results::Sample& a, const results::Sample& b) {
  EXPECT_EQ(a.ops, b.ops);
  expect_same(a.ns, b.ns, "ns");
  expect_same(a.cpu_ns, b.cpu_ns, "cpu_ns");
  EXPECT_EQ(a.counters, b.counters);
  EXPECT_EQ(a.wait_ns, b.wait_ns);
  EXPECT_EQ(a.preemptions, b.preemptions);
  EXPECT_EQ(a.stolen_ns > 0 ? a.stolen_ns : -1, b.stolen_ns);  // none stolen is written as not known
  EXPECT_EQ(a.age_ns, b.age_ns);
  EXPECT_EQ(a.overlap_ns, b.overlap_ns);
  EXPECT_EQ(a.span_ns, b.span_ns);
}

void expect_same(const results::Fork& a, const results::Fork& b) {
  EXPECT_EQ(a.pid, b.pid);
  EXPECT_EQ(a.layout.seed, b.layout.seed);
  EXPECT_EQ(a.layout.env_pad_bytes, b.layout.env_pad_bytes);
  EXPECT_EQ(a.layout.stack_offset_bytes, b.layout.stack_offset_bytes);
  EXPECT_EQ(a.layout.heap_offset_bytes, b.layout.heap_offset_bytes);
  EXPECT_EQ(a.ops_per_sample, b.ops_per_sample);
  ASSERT_EQ(a.warmup.size(), b.warmup.size());
  for (std::size_t i = 0; i < a.warmup.size(); ++i) expect_same(a.warmup[i], b.warmup[i]);
  ASSERT_EQ(a.samples.size(), b.samples.size());
  for (std::size_t i = 0; i < a.samples.size(); ++i) expect_same(a.samples[i], b.samples[i]);
  EXPECT_EQ(a.steady_class, b.steady_class);
  EXPECT_EQ(a.steady_first_index, b.steady_first_index);
  expect_same(a.mean, b.mean, "mean");
  EXPECT_EQ(a.disturbed_samples, b.disturbed_samples);
  EXPECT_EQ(a.all_samples_mean, b.all_samples_mean);
  ASSERT_EQ(a.slow_start.has_value(), b.slow_start.has_value());
  if (a.slow_start) {
    EXPECT_EQ(a.slow_start->horizon_ms, b.slow_start->horizon_ms);
    EXPECT_EQ(a.slow_start->warmup_ms, b.slow_start->warmup_ms);
    EXPECT_EQ(a.slow_start->slower, b.slow_start->slower);
    EXPECT_EQ(a.slow_start->near_horizon, b.slow_start->near_horizon);
    EXPECT_EQ(a.slow_start->confirmed, b.slow_start->confirmed);
  }
  EXPECT_EQ(a.setup_ns, b.setup_ns);
  EXPECT_EQ(a.teardown_ns, b.teardown_ns);
  EXPECT_EQ(a.measured_ns, b.measured_ns);
  EXPECT_EQ(a.floor_ns_per_op, b.floor_ns_per_op);
  EXPECT_EQ(a.resources.minor_faults, b.resources.minor_faults);
  EXPECT_EQ(a.resources.ops, b.resources.ops);
  EXPECT_EQ(a.resources.major_faults, b.resources.major_faults);
  EXPECT_EQ(a.resources.voluntary_switches, b.resources.voluntary_switches);
  EXPECT_EQ(a.resources.involuntary_switches, b.resources.involuntary_switches);
  EXPECT_EQ(a.ok, b.ok);
  EXPECT_EQ(a.error, b.error);
}

void expect_same(const results::Benchmark& a, const results::Benchmark& b) {
  SCOPED_TRACE(a.name);
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.family, b.family);
  EXPECT_EQ(a.group, b.group);
  EXPECT_EQ(a.params, b.params);
  EXPECT_EQ(a.mode, b.mode);
  EXPECT_EQ(a.unit, b.unit);
  EXPECT_EQ(a.threads, b.threads);
  EXPECT_EQ(a.ops_per_invocation, b.ops_per_invocation);
  EXPECT_EQ(a.counter_names, b.counter_names);
  EXPECT_EQ(a.ok, b.ok);
  EXPECT_EQ(a.error, b.error);
  EXPECT_EQ(a.stop_reason, b.stop_reason);
  EXPECT_EQ(a.score, b.score);
  expect_same(a.ci, b.ci, "ci");
  EXPECT_EQ(a.median, b.median);
  expect_same(a.ci_across_runs, b.ci_across_runs, "ci_across_runs");
  ASSERT_EQ(a.across_runs.has_value(), b.across_runs.has_value());
  if (a.across_runs) {
    EXPECT_EQ(a.across_runs->source, b.across_runs->source);
    EXPECT_EQ(a.across_runs->runs, b.across_runs->runs);
    EXPECT_EQ(a.across_runs->set_aside, b.across_runs->set_aside);
    EXPECT_EQ(a.across_runs->between_run_sd, b.across_runs->between_run_sd);
    EXPECT_EQ(a.across_runs->own_sd, b.across_runs->own_sd);
    EXPECT_EQ(a.across_runs->degrees_of_freedom, b.across_runs->degrees_of_freedom);
  }
  EXPECT_EQ(a.disturbed_share, b.disturbed_share);
  EXPECT_EQ(a.score_disturbed, b.score_disturbed);
  EXPECT_EQ(a.all_samples_score, b.all_samples_score);
  EXPECT_EQ(a.between_fork_variance, b.between_fork_variance);
  EXPECT_EQ(a.within_fork_variance, b.within_fork_variance);
  EXPECT_EQ(a.counters_per_op, b.counters_per_op);
  EXPECT_EQ(a.percentiles, b.percentiles);
  EXPECT_EQ(a.floor_ns_per_op, b.floor_ns_per_op);
  EXPECT_EQ(a.timer_cost_ns_per_op, b.timer_cost_ns_per_op);
  ASSERT_EQ(a.forks.size(), b.forks.size());
  for (std::size_t i = 0; i < a.forks.size(); ++i) expect_same(a.forks[i], b.forks[i]);
  EXPECT_EQ(a.warnings, b.warnings);
}

void expect_same(const results::Context& a, const results::Context& b) {
  EXPECT_EQ(a.date, b.date);
  EXPECT_EQ(a.host, b.host);
  EXPECT_EQ(a.executable, b.executable);
  EXPECT_EQ(a.tare_version, b.tare_version);
  EXPECT_EQ(a.command_line, b.command_line);
  EXPECT_EQ(a.seed, b.seed);
  EXPECT_EQ(a.cpu.model, b.cpu.model);
  EXPECT_EQ(a.cpu.cores, b.cpu.cores);
  EXPECT_EQ(a.cpu.scaling_governor, b.cpu.scaling_governor);
  EXPECT_EQ(a.cpu.turbo, b.cpu.turbo);
  EXPECT_EQ(a.build.compiler, b.build.compiler);
  EXPECT_EQ(a.build.flags, b.build.flags);
  EXPECT_EQ(a.build.type, b.build.type);
  EXPECT_EQ(a.build.debug, b.build.debug);
  EXPECT_EQ(a.clock.name, b.clock.name);
  EXPECT_EQ(a.clock.resolution_ns, b.clock.resolution_ns);
  EXPECT_EQ(a.clock.overhead_ns, b.clock.overhead_ns);
  EXPECT_EQ(a.clock.tsc_ghz, b.clock.tsc_ghz);
  EXPECT_EQ(a.clock.clocksource, b.clock.clocksource);
  EXPECT_EQ(a.aslr, b.aslr);
  EXPECT_EQ(a.load_average_1m, b.load_average_1m);
  EXPECT_EQ(a.busy_cores, b.busy_cores);
  EXPECT_EQ(a.virtualization, b.virtualization);
  EXPECT_EQ(a.between_runs.runs, b.between_runs.runs);
  EXPECT_EQ(a.between_runs.relative_sd, b.between_runs.relative_sd);
  EXPECT_EQ(a.between_runs.history, b.between_runs.history);
  EXPECT_EQ(a.warnings, b.warnings);
}

void expect_same(const results::Run& a, const results::Run& b) {
  expect_same(a.context, b.context);
  ASSERT_EQ(a.benchmarks.size(), b.benchmarks.size());
  for (std::size_t i = 0; i < a.benchmarks.size(); ++i) expect_same(a.benchmarks[i], b.benchmarks[i]);
}

TEST(JsonRead, RoundTripRebuildsEveryField) {
  const results::Run original = testing::full_run();
  const std::string text = to_text(original);
  const results::Run read = from_text(text);
  expect_same(original, read);
  EXPECT_EQ(to_text(read), text);
}

TEST(JsonRead, ProfilesAndTheirSettingRoundTrip) {
  results::Run original = testing::full_run();
  original.context.settings.profilers = {results::Profiler::rusage};
  original.benchmarks[0].forks[0].resources.max_rss_kib = 4096;
  original.benchmarks[0].profile = {
      {results::Profiler::rusage, "minor_faults", "/op", 4.05, results::Interval{0.95, 3.9, 4.2}, 2},
      {results::Profiler::rusage, "max_rss", "KiB", 3072, std::nullopt, 1}};
  const std::string text = to_text(original);
  const results::Run read = from_text(text);
  ASSERT_EQ(read.context.settings.profilers.size(), 1u);
  EXPECT_EQ(read.benchmarks[0].forks[0].resources.max_rss_kib, 4096);
  ASSERT_EQ(read.benchmarks[0].profile.size(), 2u);
  const auto& minor = read.benchmarks[0].profile[0];
  EXPECT_EQ(minor.name, "minor_faults");
  EXPECT_EQ(minor.unit, "/op");
  EXPECT_DOUBLE_EQ(minor.mean, 4.05);
  ASSERT_TRUE(minor.ci);
  EXPECT_DOUBLE_EQ(minor.ci->high, 4.2);
  EXPECT_EQ(minor.forks, 2);
  EXPECT_FALSE(read.benchmarks[0].profile[1].ci);
  EXPECT_EQ(to_text(read), text);
}

TEST(JsonRead, InstructionCountsRoundTripWithTheirProfileRows) {
  results::Run original = testing::full_run();
  original.context.settings.profilers = {results::Profiler::instructions};
  original.benchmarks[0].profile = {{results::Profiler::instructions, "instructions", "/op", 102, std::nullopt, 1},
                                    {results::Profiler::instructions, "empty_loop_instructions", "/op", 2, std::nullopt, 1}};
  original.benchmarks[0].instruction_counts =
      results::InstructionCounts{64, 1, 6602, 13130, 181, 309, results::InstructionCounts::RepStrings{4004, 8008}};
  const std::string text = to_text(original);
  const results::Run read = from_text(text);
  ASSERT_EQ(read.context.settings.profilers, original.context.settings.profilers);
  ASSERT_TRUE(read.benchmarks[0].instruction_counts);
  const auto& counts = *read.benchmarks[0].instruction_counts;
  EXPECT_EQ(counts.invocations, 64u);
  EXPECT_EQ(counts.ops_per_invocation, 1u);
  EXPECT_EQ(counts.body_n, 6602u);
  EXPECT_EQ(counts.body_2n, 13130u);
  EXPECT_EQ(counts.empty_n, 181u);
  EXPECT_EQ(counts.empty_2n, 309u);
  ASSERT_TRUE(counts.rep_strings);
  EXPECT_EQ(counts.rep_strings->n, 4004u);
  EXPECT_EQ(counts.rep_strings->two_n, 8008u);
  ASSERT_EQ(read.benchmarks[0].profile.size(), 2u);
  EXPECT_EQ(read.benchmarks[0].profile[1].profiler, results::Profiler::instructions);
  EXPECT_EQ(read.benchmarks[0].profile[1].name, "empty_loop_instructions");
  EXPECT_EQ(to_text(read), text);
  // Without counts the field is null, and reads back as none.
  EXPECT_FALSE(from_text(to_text(testing::full_run())).benchmarks[0].instruction_counts);
  // Counted without per-instruction counts, or a file from before rep strings were looked
  // for: none.
  original.benchmarks[0].instruction_counts->rep_strings.reset();
  const std::string without = to_text(original);
  EXPECT_NE(without.find("\"rep_strings\": null"), std::string::npos) << without;
  EXPECT_FALSE(from_text(without).benchmarks[0].instruction_counts->rep_strings);
}

// --prof perf: the fork's raw readings, the run's perf context and the figures (one never
// counted: no mean) come back as written.
TEST(JsonRead, PerfReadingsContextAndFiguresRoundTrip) {
  results::Run original = testing::full_run();
  original.context.settings.profilers = {results::Profiler::perf};
  original.context.perf = results::Context::Perf{{"page-faults", "cycles"}, true, 2, {{"cycles", "no such counter"}}};
  auto& fork = original.benchmarks[0].forks[0];
  fork.perf_ops = 4000;
  fork.perf_readings = {{"page-faults", 16000, 900, 450}};
  original.benchmarks[0].profile = {
      {results::Profiler::perf, "page-faults", "/op", 8, results::Interval{0.95, 7.5, 8.5}, 2, 0.5},
      {results::Profiler::perf, "LLC-loads", "/op", std::nan(""), std::nullopt, 0, 0.0}};
  const std::string text = to_text(original);
  const results::Run read = from_text(text);
  ASSERT_TRUE(read.context.perf);
  EXPECT_EQ(read.context.perf->events, (std::vector<std::string>{"page-faults", "cycles"}));
  EXPECT_TRUE(read.context.perf->user_only);
  EXPECT_EQ(read.context.perf->paranoid, 2);
  ASSERT_EQ(read.context.perf->unavailable.size(), 1u);
  EXPECT_EQ(read.context.perf->unavailable[0].second, "no such counter");
  const auto& read_fork = read.benchmarks[0].forks[0];
  EXPECT_EQ(read_fork.perf_ops, 4000u);
  ASSERT_EQ(read_fork.perf_readings.size(), 1u);
  EXPECT_EQ(read_fork.perf_readings[0].event, "page-faults");
  EXPECT_EQ(read_fork.perf_readings[0].value, 16000u);
  EXPECT_EQ(read_fork.perf_readings[0].running_ns, 450u);
  ASSERT_EQ(read.benchmarks[0].profile.size(), 2u);
  EXPECT_DOUBLE_EQ(*read.benchmarks[0].profile[0].time_counted, 0.5);
  EXPECT_TRUE(std::isnan(read.benchmarks[0].profile[1].mean));
  EXPECT_EQ(read.benchmarks[0].profile[1].forks, 0);
  EXPECT_EQ(to_text(read), text);
  // Without --prof perf none of it is written.
  const std::string plain = to_text(testing::full_run());
  EXPECT_EQ(plain.find("\"perf\""), std::string::npos);
  EXPECT_EQ(plain.find("time_counted"), std::string::npos);
}

TEST(JsonRead, AnUnknownProfilerIsRefusedNamingWhereItIs) {
  results::Run original = testing::full_run();
  original.context.settings.profilers = {results::Profiler::rusage};
  std::string text = to_text(original);
  const auto at = text.find("\"rusage\"");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 8, "\"cycles\"");
  try {
    from_text(text);
    ADD_FAILURE() << "read";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("expected a profiler"), std::string::npos) << e.what();
  }
}

TEST(JsonRead, RoundTripOfDefaultsKeepsTheModelsSentinels) {
  results::Run original;
  original.benchmarks.push_back(results::Benchmark{});
  original.benchmarks[0].forks.push_back(results::Fork{});
  const std::string text = to_text(original);
  const results::Run read = from_text(text);
  expect_same(original, read);
  EXPECT_EQ(read.context.aslr, -1);
  EXPECT_EQ(read.context.load_average_1m, -1);
  EXPECT_EQ(read.context.clock.tsc_ghz, 0);
  EXPECT_FALSE(read.context.cpu.turbo.has_value());
  EXPECT_EQ(to_text(read), text);
}

TEST(JsonRead, NonFiniteValuesComeBackAsNaNOrAbsent) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  results::Run run = testing::full_run();
  run.benchmarks[0].score = nan;
  run.benchmarks[0].forks[0].mean = std::numeric_limits<double>::infinity();
  run.benchmarks[0].forks[0].samples[0].counters[0] = nan;
  const std::string text = to_text(run);
  const results::Run read = from_text(text);
  EXPECT_FALSE(read.benchmarks[0].score.has_value());
  EXPECT_TRUE(std::isnan(read.benchmarks[0].forks[0].mean));
  EXPECT_TRUE(std::isnan(read.benchmarks[0].forks[0].samples[0].counters[0]));
  EXPECT_EQ(to_text(read), text);
}

TEST(JsonRead, CounterNamesWithoutValuesRoundTrip) {
  results::Run run = testing::full_run();
  run.benchmarks[0].counters_per_op.clear();  // names known, no per-op values computed
  const results::Run read = from_text(to_text(run));
  EXPECT_EQ(read.benchmarks[0].counter_names, (std::vector<std::string>{"valid", "invalid"}));
  EXPECT_TRUE(read.benchmarks[0].counters_per_op.empty());
}

// The fields of the published contract only (docs/results.md, marked R): what another producer of tare.results/1 writes.
constexpr const char* kMinimal = R"({
  "schema": "tare.results/1",
  "context": {"date": "d", "host": "h", "executable": "e", "tare_version": "v",
              "cpu": {"model": "m", "cores": 2}, "build": {"compiler": "c", "flags": "f", "debug": false},
              "clock": {"name": "n", "resolution_ns": 0, "overhead_ns": 0}, "warnings": []},
  "benchmarks": [{
    "name": "lookup.binary/size=1024", "family": "lookup.binary", "params": {"size": "1024"},
    "mode": "avgt", "unit": "ns/op", "threads": 1, "status": "ok", "error": null,
    "score": 12.3, "ci": {"level": 0.95, "low": 12.1, "high": 12.5}, "median": 12.3,
    "forks": [{"pid": 123, "ops_per_sample": 4096,
               "warmup": [{"ops": 4096, "ns": 50123}],
               "samples": [{"ops": 4096, "ns": 50301}],
               "steady_state": {"class": "flat", "first_index": 0},
               "mean": 12.28}],
    "variance": {"between_forks": 0.01, "within_fork": 0.02},
    "secondary": {"alloc.bytes/op": 0.0},
    "warnings": [], "some_future_field": {"ignored": true}
  }]
})";

TEST(JsonRead, ReadsTheDesignExampleWithDefaultsForLaterFields) {
  const results::Run run = from_text(kMinimal);
  ASSERT_EQ(run.benchmarks.size(), 1u);
  const results::Benchmark& b = run.benchmarks[0];
  EXPECT_EQ(b.params, (std::vector<std::pair<std::string, std::string>>{{"size", "1024"}}));
  EXPECT_EQ(b.score, 12.3);
  EXPECT_EQ(b.ci->low, 12.1);
  EXPECT_EQ(b.counter_names, std::vector<std::string>{"alloc.bytes/op"});
  EXPECT_EQ(b.counters_per_op, std::vector<double>{0.0});
  EXPECT_EQ(b.ops_per_invocation, 1u);
  EXPECT_EQ(b.stop_reason, tare::results::StopReason::none);
  ASSERT_EQ(b.forks.size(), 1u);
  EXPECT_TRUE(b.forks[0].ok);
  EXPECT_EQ(b.forks[0].samples[0].ns, 50301);
  EXPECT_EQ(run.context.aslr, -1);
  EXPECT_EQ(run.context.cpu.cores, 2);
  EXPECT_FALSE(b.across_runs);  // written before a benchmark's own history counted
}

TEST(JsonRead, TheSpreadBetweenRunsReadsBackWithItsSourceAndItsUnknowns) {
  results::Run run = testing::full_run();
  run.benchmarks[0].across_runs = results::AcrossRuns{results::SpreadSource::machine_speed, 3, 0, 0.02, -1, 0};
  const std::string text = to_text(run);
  const auto read = from_text(text).benchmarks[0].across_runs;
  ASSERT_TRUE(read);
  EXPECT_EQ(read->source, results::SpreadSource::machine_speed);
  EXPECT_EQ(read->runs, 3);
  EXPECT_EQ(read->own_sd, -1);             // null: too few past runs
  EXPECT_EQ(read->degrees_of_freedom, 0);  // null: the normal quantile
  std::string unknown = text;
  unknown.replace(unknown.find(R"("source": "machine speed")"), 25, R"("source": "proxy")");
  EXPECT_THAT(error_for(unknown), HasSubstr("expected \"machine speed\", \"shrunk\" or \"own history\", got \"proxy\""));
}

TEST(JsonRead, ParamsKeepDocumentOrder) {
  std::string text = kMinimal;
  text.replace(text.find(R"({"size": "1024"})"), 16, R"({"z": "1", "a": "2"})");
  EXPECT_EQ(from_text(text).benchmarks[0].params,
            (std::vector<std::pair<std::string, std::string>>{{"z", "1"}, {"a", "2"}}));
}

std::string with(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return text.replace(at, from.size(), to);
}

TEST(JsonRead, RejectsGarbage) {
  EXPECT_THAT(error_for("garbage"), HasSubstr("not valid JSON"));
  EXPECT_THAT(error_for(""), HasSubstr("not valid JSON"));
  EXPECT_THAT(error_for(std::string(kMinimal) + "trailing"), HasSubstr("not valid JSON"));
  EXPECT_THAT(error_for("[1, 2]"), HasSubstr("document: expected an object, got array"));
}

TEST(JsonRead, RejectsANumberNoDoubleHoldsInOneLine) {
  // nlohmann::json reports it as out_of_range, not parse_error (found by fuzz.results_json).
  const std::string message = error_for(with(kMinimal, R"("threads": 1)", R"("threads": 202.085e42494446584)"));
  EXPECT_THAT(message, HasSubstr("not valid JSON"));
  EXPECT_THAT(message, HasSubstr("number overflow"));
  EXPECT_EQ(message.find('\n'), std::string::npos);
}

TEST(JsonRead, RejectsAnotherSchema) {
  EXPECT_EQ(error_for(with(kMinimal, "tare.results/1", "tare.results/2")),
            "results JSON: schema: unsupported schema \"tare.results/2\" (expected \"tare.results/1\")");
  EXPECT_EQ(error_for(R"({"benchmarks": []})"), "results JSON: document: missing required field \"schema\"");
}

TEST(JsonRead, NamesTheMissingField) {
  EXPECT_EQ(error_for(with(kMinimal, R"("mode": "avgt", )", "")),
            "results JSON: benchmarks[0] (lookup.binary/size=1024): missing required field \"mode\"");
  EXPECT_EQ(error_for(with(kMinimal, R"("cores": 2)", R"("threads": 2)")),
            "results JSON: context.cpu: missing required field \"cores\"");
  EXPECT_EQ(error_for(with(kMinimal, R"("ops": 4096, "ns": 50301)", R"("ops": 4096)")),
            "results JSON: benchmarks[0] (lookup.binary/size=1024).forks[0].samples[0]: missing required field \"ns\"");
}

TEST(JsonRead, NamesTheMistypedValue) {
  EXPECT_EQ(error_for(with(kMinimal, R"("score": 12.3)", R"("score": "fast")")),
            "results JSON: benchmarks[0] (lookup.binary/size=1024).score: expected a number or null, got string");
  EXPECT_EQ(error_for(with(kMinimal, R"("threads": 1)", R"("threads": 1.5)")),
            "results JSON: benchmarks[0] (lookup.binary/size=1024).threads: expected an integer, got number");
  EXPECT_EQ(error_for(with(kMinimal, R"("ops": 4096, "ns": 50301)", R"("ops": -1, "ns": 50301)")),
            "results JSON: benchmarks[0] (lookup.binary/size=1024).forks[0].samples[0].ops: integer -1 out of range");
  EXPECT_EQ(error_for(with(kMinimal, R"("status": "ok")", R"("status": "fine")")),
            "results JSON: benchmarks[0] (lookup.binary/size=1024).status: expected \"ok\", \"failed\" or \"skipped\", got \"fine\"");
  EXPECT_EQ(error_for(with(kMinimal, R"({"size": "1024"})", R"({"size": 1024})")),
            "results JSON: benchmarks[0] (lookup.binary/size=1024).params.size: expected a string, got number");
  EXPECT_EQ(error_for(with(kMinimal, R"("benchmarks": [{)", R"("benchmarks": {"x": [{)") + "}"),
            "results JSON: benchmarks: expected an array, got object");
}

TEST(JsonRead, AcceptsWholeFloatsAsIntegers) {
  const results::Run run = from_text(with(kMinimal, R"("threads": 1)", R"("threads": 4.0)"));
  EXPECT_EQ(run.benchmarks[0].threads, 4);
}


// F5: 300 000 levels of nesting where a number or a string belongs: one line, no crash
// (a recursive walk of such a tree overflows the stack).
TEST(JsonRead, RefusesNestingDeeperThanAnyResultsFile) {
  const std::string deep = std::string(300000, '[') + std::string(300000, ']');
  const std::pair<const char*, const char*> places[] = {
      {R"("score": 12.3)", "score"},
      {R"("ci": {"level": 0.95, "low": 12.1, "high": 12.5})", "ci"},
      {R"("params": {"size": "1024"})", "params"},
      {R"("name": "lookup.binary/size=1024")", "name"},
      {R"("error": null)", "error"}};
  for (const auto& [from, key] : places) {
    const std::string text = with(kMinimal, from, "\"" + std::string(key) + "\": " + deep);
    EXPECT_THAT(error_for(text), HasSubstr("nested deeper than 64 levels")) << key;
  }
  EXPECT_THAT(error_for(std::string(100, '[')), HasSubstr("document[0][0]"));
}

// F8: values a comparison divides by or ranks on must make sense; each is refused naming
// the benchmark and the field.
TEST(JsonRead, RefusesValuesNoVerdictCanRestOn) {
  const std::string benchmark = "results JSON: benchmarks[0] (lookup.binary/size=1024).";
  EXPECT_EQ(error_for(with(kMinimal, R"("score": 12.3)", R"("score": -12.3)")),
            benchmark + "score: expected a positive number or null, got -12.3");
  EXPECT_EQ(error_for(with(kMinimal, R"("score": 12.3)", R"("score": 0)")),
            benchmark + "score: expected a positive number or null, got 0");
  EXPECT_EQ(error_for(with(kMinimal, R"("threads": 1)", R"("threads": 0)")),
            benchmark + "threads: expected a positive count, got 0");
  EXPECT_EQ(error_for(with(kMinimal, R"("threads": 1)", R"("threads": -2)")),
            benchmark + "threads: expected a positive count, got -2");
  EXPECT_EQ(error_for(with(kMinimal, R"("ops": 4096, "ns": 50301)", R"("ops": 4096, "ns": -50301)")),
            benchmark + "forks[0].samples[0].ns: expected a positive time in ns, got -50301");
  EXPECT_EQ(error_for(with(kMinimal, R"("ops": 4096, "ns": 50301)", R"("ops": 0, "ns": 50301)")),
            benchmark + "forks[0].samples[0].ops: expected a positive count of operations, got 0");
  EXPECT_THAT(error_for(with(kMinimal, R"("mean": )", R"("mean": -)")), HasSubstr(benchmark + "forks[0].mean: expected a positive number"));
}

TEST(JsonRead, SamplesMustBeAnArrayOfObjects) {
  EXPECT_EQ(error_for(with(kMinimal, R"("samples": [)", R"("samples": [7, )")),
            "results JSON: benchmarks[0] (lookup.binary/size=1024).forks[0].samples[0]: expected a sample (an object), got number");
  EXPECT_THAT(error_for(with(kMinimal, R"("warmup": [{"ops": 4096, "ns": 50123}])", R"("warmup": 5)")),
              HasSubstr("forks[0].warmup: expected an array of samples, got number"));
}

// A name with a line break still gives a one-line message (error_for checks).
TEST(JsonRead, MessagesStayOnOneLineWhateverTheName) {
  EXPECT_THAT(error_for(with(with(kMinimal, "lookup.binary/size=1024", "two\\nlines"), R"("threads": 1)", R"("threads": 0)")),
              HasSubstr("(two lines).threads"));
}

TEST(JsonRead, ReadsEveryStopReasonItWritesAndOldOnesAsNone) {
  EXPECT_EQ(from_text(with(kMinimal, R"("status": "ok",)", R"("status": "ok", "stop_reason": "max-forks",)"))
                .benchmarks[0].stop_reason,
            tare::results::StopReason::max_forks);
  // "single-shot" was a reason older versions gave.
  EXPECT_EQ(from_text(with(kMinimal, R"("status": "ok",)", R"("status": "ok", "stop_reason": "single-shot",)"))
                .benchmarks[0].stop_reason,
            tare::results::StopReason::none);
}

TEST(JsonRead, ReadsTheModeAndRejectsAnUnknownOne) {
  EXPECT_EQ(from_text(with(kMinimal, R"("mode": "avgt")", R"("mode": "thrpt")")).benchmarks[0].mode, tare::Mode::thrpt);
  EXPECT_THAT(error_for(with(kMinimal, R"("mode": "avgt")", R"("mode": "fast")")), HasSubstr("expected a mode"));
}

TEST(JsonRead, RejectsAnUnknownSteadyStateClass) {
  EXPECT_THAT(error_for(with(kMinimal, R"({"class": "flat")", R"({"class": "wobbly")")),
              HasSubstr("expected a steady-state class"));
}

}  // namespace
}  // namespace tare::report

namespace tare::report {
namespace {

// A file without codes (an older tare, another producer) gives unclassified cautions; a code
// this tare does not know keeps its severity; a bad severity is refused by name.
TEST(JsonRead, WarningCodesAreReadWithTheirTextsAndOldFilesHaveNone) {
  const std::string old_file = with(kMinimal, R"("warnings": [], "some)", R"("warnings": ["a", "b"], "some)");
  const auto plain = from_text(old_file).benchmarks[0].warnings;
  ASSERT_EQ(plain.size(), 2u);
  EXPECT_EQ(plain[1], (results::Warning{results::WarningCode::unclassified, results::Severity::caution, "b", false}));

  const std::string coded =
      with(old_file, R"("some_future_field")",
           R"("warning_codes": [{"code": "optimised_away", "severity": "unusable", "acknowledged": true}, )"
           R"({"code": "from_a_newer_tare", "severity": "note"}], "some_future_field")");
  const auto read = from_text(coded).benchmarks[0].warnings;
  ASSERT_EQ(read.size(), 2u);
  EXPECT_EQ(read[0], (results::Warning{results::WarningCode::optimised_away, results::Severity::unusable, "a", true}));
  EXPECT_EQ(read[1], (results::Warning{results::WarningCode::unclassified, results::Severity::note, "b", false}));

  EXPECT_THAT(error_for(with(coded, R"("severity": "note")", R"("severity": "dire")")),
              HasSubstr("expected \"unusable\", \"caution\" or \"note\", got \"dire\""));
  EXPECT_THAT(error_for(with(coded, R"(, {"code": "from_a_newer_tare", "severity": "note"})", "")),
              HasSubstr("warning_codes: expected one entry per warning"));
}

}  // namespace
}  // namespace tare::report
