// Google Benchmark-format JSON in `tare compare`: the rows of tare::gbench binaries (tare's
// interval over worker processes beside real_time) kept as summaries and compared at that
// level; Google Benchmark's own rows as repetitions of one process; malformed files.
#include "compare/gbench_json.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

#include "compare/compare.hpp"
#include "stats/descriptive.hpp"
#include "stats/log_ratio_interval.hpp"
#include "tools/tare/compare_output.hpp"

using ::testing::HasSubstr;
using ::testing::Not;
using nlohmann::json;

namespace {

// Student's t at 0.975 for 4 and 9 degrees of freedom (mpmath, as in summary_ratio_test).
constexpr double kGbT4 = 2.77644510519779435780;
constexpr double kGbT9 = 2.26215716279820554261;

// A tare::gbench row without repetitions: real_time `per_iteration` in `unit`, tare's 95%
// interval at +/- t * se over `forks` worker processes.
json gb_tare_row(const std::string& name, double per_iteration, double se, int forks, double t,
                 const std::string& unit = "ns", int threads = 1) {
  return json{{"tare_forks", forks},
              {"tare_ci_level", 0.95},
              {"tare_ci_low", per_iteration - t * se},
              {"tare_ci_high", per_iteration + t * se},
              {"tare_steady_state", "flat"},
              {"name", name},
              {"family_index", 0},
              {"per_family_instance_index", 0},
              {"run_name", name},
              {"run_type", "iteration"},
              {"repetitions", 1},
              {"repetition_index", 0},
              {"threads", threads},
              {"iterations", 1000},
              {"real_time", per_iteration},
              {"cpu_time", per_iteration},
              {"time_unit", unit}};
}

// Google Benchmark's rows for `values.size()` repetitions, then its aggregates.
std::vector<json> gb_repetition_rows(const std::string& name, const std::vector<double>& values, int threads = 1) {
  std::vector<json> rows;
  for (std::size_t k = 0; k < values.size(); ++k)
    rows.push_back(json{{"name", name},
                        {"run_name", name},
                        {"run_type", "iteration"},
                        {"repetitions", values.size()},
                        {"repetition_index", k},
                        {"threads", threads},
                        {"iterations", 5000},
                        {"real_time", values[k]},
                        {"cpu_time", values[k]},
                        {"time_unit", "ns"}});
  rows.push_back(json{{"name", name + "_mean"},
                      {"run_name", name},
                      {"run_type", "aggregate"},
                      {"aggregate_name", "mean"},
                      {"iterations", values.size()},
                      {"real_time", 1.0},
                      {"cpu_time", 1.0},
                      {"time_unit", "ns"}});
  return rows;
}

std::string gb_file(const std::vector<json>& rows, bool by_tare) {
  json context{{"date", "2026-12-01T10:00:00+00:00"}, {"host_name", "vm"}, {"executable", "./bench"}};
  if (by_tare) {
    context["harness"] = "tare";
    context["tare_version"] = "0.1.0";
  }
  return json{{"context", context}, {"benchmarks", rows}}.dump(2);
}

tare::compare::GbenchFile gb_read(const std::string& text) {
  auto file = tare::compare::read_gbench_json(text);
  EXPECT_TRUE(file.has_value());
  return file.value_or(tare::compare::GbenchFile{});
}

bool gb_has(const std::vector<std::string>& list, const std::string& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

TEST(GbenchJson, ATareGbenchRowKeepsItsIntervalOverWorkerProcesses) {
  // 2 threads, in microseconds: tare's times are per operation per thread, in ns.
  const auto file = gb_read(gb_file({gb_tare_row("BM_x/8/threads:2", 0.05, 0.001, 5, kGbT4, "us", 2)}, true));
  EXPECT_TRUE(file.from_tare);
  ASSERT_EQ(file.run.benchmarks.size(), 1u);
  const auto& b = file.run.benchmarks[0];
  EXPECT_EQ(b.name, "BM_x/8/threads:2");
  EXPECT_EQ(b.unit, "ns/op");
  EXPECT_EQ(b.threads, 2);
  EXPECT_TRUE(b.forks.empty());  // nothing to resample
  ASSERT_TRUE(b.score.has_value());
  EXPECT_NEAR(*b.score, 100, 1e-9);
  ASSERT_TRUE(b.ci.has_value());
  EXPECT_NEAR(b.ci->low, 100 - kGbT4 * 2, 1e-9);
  ASSERT_EQ(file.summaries.count(b.name), 1u);
  const auto& s = file.summaries.at(b.name);
  EXPECT_EQ(s.n, 5u);
  EXPECT_DOUBLE_EQ(s.level, 0.95);
  EXPECT_NEAR(s.mean, 100, 1e-9);
  EXPECT_NEAR(s.high, 100 + kGbT4 * 2, 1e-9);
  EXPECT_NEAR(tare::stats::log_standard_error(s), 0.02, 1e-12);
  // Processes, not repetitions of one: no Google Benchmark caveat.
  EXPECT_TRUE(file.run.context.warnings.empty());
}

TEST(GbenchJson, ATareGbenchRowOfOneForkHasNoInterval) {
  json row = gb_tare_row("BM_one", 10, 1, 1, kGbT4);
  row.erase("tare_ci_level");
  row.erase("tare_ci_low");
  row.erase("tare_ci_high");
  const auto file = gb_read(gb_file({row}, true));
  const auto& s = file.summaries.at("BM_one");
  EXPECT_EQ(s.n, 1u);
  EXPECT_FALSE(tare::stats::usable(s));
  EXPECT_FALSE(file.run.benchmarks[0].ci.has_value());
}

TEST(GbenchJson, GoogleBenchmarkRowsAreRepetitionsOfOneProcess) {
  std::vector<json> rows = gb_repetition_rows("BM_y", {10, 11, 12});
  const auto threaded = gb_repetition_rows("BM_t/threads:4", {5, 5}, 4);
  rows.insert(rows.end(), threaded.begin(), threaded.end());
  const auto file = gb_read(gb_file(rows, false));
  EXPECT_FALSE(file.from_tare);
  EXPECT_TRUE(file.summaries.empty());
  ASSERT_EQ(file.run.benchmarks.size(), 2u);  // the aggregates are no benchmarks
  const auto& b = file.run.benchmarks[0];
  ASSERT_EQ(b.forks.size(), 3u);  // one single-sample fork per repetition
  EXPECT_EQ(b.forks[1].samples.size(), 1u);
  EXPECT_DOUBLE_EQ(b.forks[1].mean, 11);
  EXPECT_DOUBLE_EQ(*b.score, 11);
  // Per operation per thread, as tare's own results: Google Benchmark's real_time times 4.
  EXPECT_DOUBLE_EQ(*file.run.benchmarks[1].score, 20);
  EXPECT_EQ(file.run.context.warnings, std::vector<std::string>{tare::compare::kGbenchWarning});
}

TEST(GbenchJson, TareGbenchRepetitionsAreWorkerProcesses) {
  const auto file = gb_read(gb_file(gb_repetition_rows("BM_r", {10, 11, 12}), true));
  EXPECT_TRUE(file.from_tare);
  EXPECT_EQ(file.run.benchmarks[0].forks.size(), 3u);
  EXPECT_EQ(file.run.context.warnings, std::vector<std::string>{tare::compare::kGbenchTareRepetitionsNote});
}

TEST(GbenchJson, NotGoogleBenchmarkJsonIsNoneAndMalformedIsOneLine) {
  EXPECT_FALSE(tare::compare::read_gbench_json("{\"schema\": \"tare.results/1\", \"benchmarks\": []}").has_value());
  EXPECT_FALSE(tare::compare::read_gbench_json("garbage").has_value());
  EXPECT_FALSE(tare::compare::read_gbench_json("{\"benchmarks\": [{\"x\": 1}]}").has_value());

  auto error_of = [](const json& row) {
    try {
      tare::compare::read_gbench_json(gb_file({row}, true));
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  json crossed = gb_tare_row("BM_bad", 10, 1, 5, kGbT4);
  std::swap(crossed["tare_ci_low"], crossed["tare_ci_high"]);
  const std::string crossed_error = error_of(crossed);
  EXPECT_THAT(crossed_error, HasSubstr("Google Benchmark JSON: BM_bad: tare_ci_low"));
  EXPECT_EQ(crossed_error.find('\n'), std::string::npos);
  json no_forks = gb_tare_row("BM_bad", 10, 1, 5, kGbT4);
  no_forks["tare_forks"] = 0;
  EXPECT_THAT(error_of(no_forks), HasSubstr("BM_bad: tare_forks 0"));
  json no_time = gb_tare_row("BM_bad", 10, 1, 5, kGbT4);
  no_time.erase("real_time");
  const std::string no_time_error = error_of(no_time);
  EXPECT_THAT(no_time_error, HasSubstr("Google Benchmark JSON: "));
  EXPECT_THAT(no_time_error, HasSubstr("real_time"));
  EXPECT_EQ(no_time_error.find('\n'), std::string::npos);
  json text_level = gb_tare_row("BM_bad", 10, 1, 5, kGbT4);
  text_level["tare_ci_level"] = "95%";
  EXPECT_THAT(error_of(text_level), HasSubstr("Google Benchmark JSON: "));
}

// F9: a context field of the wrong type escaped as the JSON library's type_error (exit 1 in
// `tare compare`, and a message naming neither the field nor the file's part).
TEST(GbenchJson, AContextFieldOfTheWrongTypeIsOneLineNamingIt) {
  for (const char* key : {"date", "host_name", "executable", "harness"}) {
    json doc = json::parse(gb_file({gb_tare_row("BM_x", 10, 1, 5, kGbT4)}, true));
    doc["context"][key] = json::array({1, 2});
    try {
      tare::compare::read_gbench_json(doc.dump());
      ADD_FAILURE() << key << " of the wrong type was accepted";
    } catch (const std::runtime_error& e) {
      EXPECT_EQ(std::string(e.what()),
                std::string("Google Benchmark JSON: context: ") + key + ": expected a string, found array");
    }
  }
}

// ---- compare_runs on two tare::gbench files ----------------------------------------------

tare::compare::CompareReport gb_compare(const tare::compare::GbenchFile& base, const tare::compare::GbenchFile& next) {
  return tare::compare::compare_runs(base.run, next.run, {}, base.summaries, next.summaries);
}

// The hand computation of summary_ratio_test: base 100 ns with log SE 0.02 over 5 forks,
// new 110 ns with log SE 0.03 over 10 forks: 1.1 [1.0175695, 1.1891079], p = 0.0202634.
TEST(GbenchCompare, TwoTareGbenchFilesAreComparedAtTheSummaryLevel) {
  const auto base = gb_read(gb_file({gb_tare_row("BM_a", 100, 2, 5, kGbT4)}, true));
  const auto next = gb_read(gb_file({gb_tare_row("BM_a", 110, 3.3, 10, kGbT9)}, true));
  const auto report = gb_compare(base, next);
  ASSERT_EQ(report.rows.size(), 1u);
  const auto& row = report.rows[0];
  EXPECT_EQ(row.problem, "");
  EXPECT_NEAR(row.base.score, 100, 1e-9);
  EXPECT_EQ(row.base.forks, 5u);
  EXPECT_EQ(row.candidate.forks, 10u);
  EXPECT_NEAR(row.ratio.estimate, 1.1, 1e-12);
  EXPECT_NEAR(row.ratio.low, 1.01756954018000076049, 1e-9);
  EXPECT_NEAR(row.ratio.high, 1.18910792061047706871, 1e-9);
  EXPECT_NEAR(row.ratio.p_value, 0.0202634428367354973, 1e-9);
  EXPECT_DOUBLE_EQ(row.ratio.level, 0.95);
  EXPECT_NEAR(row.adjusted_p, row.ratio.p_value, 1e-12);  // one comparison: Holm changes nothing
  ASSERT_TRUE(report.geomean.has_value());
  EXPECT_NEAR(report.geomean->low, row.ratio.low, 1e-12);
  EXPECT_THAT(report.method, HasSubstr("combining the two files' own intervals over worker processes"));
  // The files' own intervals, and (a Google Benchmark-format file keeps no speed history)
  // that the machine's run-to-run variation is unknown, that no slow start was looked for
  // (the files record no watch); and, as a direction was named, that whether the code
  // changed was not checked (the files carry no code).
  ASSERT_EQ(report.notes.size(), 4u);
  EXPECT_EQ(report.notes[0],
            "tare::gbench results: each interval combines the two files' own 95% intervals over 5 to 10 worker "
            "processes a side; the geometric mean combines the rows' intervals alike");
  EXPECT_THAT(report.notes[1], HasSubstr("speed from run to run is unknown"));
  EXPECT_THAT(report.notes[2], HasSubstr("no slow start was looked for"));
  EXPECT_THAT(report.notes[3], HasSubstr("whether the timed code changed was not checked"));
  std::ostringstream out;
  tare::tool::write_compare_json(report, out);
  const json doc = json::parse(out.str());
  EXPECT_THAT(doc["method"].get<std::string>(), HasSubstr("the two files' own intervals over worker processes"));
  EXPECT_EQ(doc["benchmarks"][0]["base"]["forks"], 5);
  EXPECT_NEAR(doc["benchmarks"][0]["ratio"]["low"].get<double>(), 1.0175695, 1e-6);
}

TEST(GbenchCompare, ABenchmarkOfOneForkIsNotComparedTheOthersAre) {
  json one = gb_tare_row("BM_one", 10, 1, 1, kGbT4);
  one.erase("tare_ci_level");
  const auto base =
      gb_read(gb_file({gb_tare_row("BM_a", 100, 2, 5, kGbT4), gb_tare_row("BM_one", 10, 1, 5, kGbT4)}, true));
  const auto next = gb_read(gb_file({gb_tare_row("BM_a", 100, 2, 5, kGbT4), one}, true));
  const auto report = gb_compare(base, next);
  ASSERT_EQ(report.rows.size(), 2u);
  EXPECT_EQ(report.rows[0].problem, "");
  EXPECT_DOUBLE_EQ(report.rows[0].ratio.p_value, 1.0);
  // In the file's words: a tare::gbench row is an estimate over worker processes, and its
  // binary takes tare's --forks for more of them.
  const std::string problem =
      "the new file has an estimate over 1 worker process: no interval (rerun it with --forks N, N ≥ 2)";
  EXPECT_EQ(report.rows[1].problem, problem);
  EXPECT_EQ(report.rows[1].candidate.forks, 1u);
  EXPECT_EQ(tare::compare::gate_failures(report), std::vector<std::string>{"BM_one: not compared: " + problem});
  EXPECT_EQ(report.replicates, "worker processes per side");
}

// Google Benchmark's own files hold repetitions, not forks: the method, the count that would
// settle an undecided row and the reason a row of one repetition is not compared say so.
TEST(GbenchCompare, GoogleBenchmarkFilesAreSpokenOfAsRepetitions) {
  std::vector<json> base_rows = gb_repetition_rows("BM_r", {100, 101, 99, 100});
  std::vector<json> next_rows = gb_repetition_rows("BM_r", {100.5, 99.5, 101, 100});
  for (auto* rows : {&base_rows, &next_rows}) {
    const auto one = gb_repetition_rows("BM_once", {50});
    rows->insert(rows->end(), one.begin(), one.end());
  }
  const auto report = gb_compare(gb_read(gb_file(base_rows, false)), gb_read(gb_file(next_rows, false)));
  ASSERT_EQ(report.rows.size(), 2u);
  EXPECT_EQ(report.rows[0].problem, "");
  EXPECT_EQ(report.rows[1].problem,
            "each file has 1 repetition: no interval (rerun both with --benchmark_repetitions=N, N ≥ 2)");
  EXPECT_EQ(report.replicates, "repetitions per side");
  EXPECT_THAT(report.method, HasSubstr("bootstrap over the repetitions"));
  EXPECT_THAT(report.method, Not(HasSubstr("fork")));
}

// A tare::gbench file against tare's own results of the same benchmark (forks and
// samples): that side is summarised by the Student-t interval of its fork means, on the
// same footing (per operation per thread).
TEST(GbenchCompare, ATareGbenchFileAgainstTaresOwnResultsIsComparedAtTheSummaryLevel) {
  tare::results::Run native;
  tare::results::Benchmark b;
  b.name = b.family = "BM_t/threads:2";
  b.threads = 2;
  std::vector<double> fork_means;
  std::mt19937_64 rng(5);
  std::normal_distribution<double> luck(100.0, 1.0);
  for (int k = 0; k < 6; ++k) {
    tare::results::Fork f;
    const double per_op = luck(rng);  // per operation per thread
    for (int i = 0; i < 10; ++i) f.samples.push_back(tare::results::Sample{1000, per_op * 1000 / 2, 0, {}});
    f.mean = per_op;
    fork_means.push_back(per_op);
    b.forks.push_back(f);
  }
  b.score = tare::stats::mean(fork_means);
  native.benchmarks.push_back(b);
  // Google Benchmark's real_time of 2 threads is half the time per operation per thread.
  const auto gbench = gb_read(gb_file({gb_tare_row("BM_t/threads:2", 50, 1, 5, kGbT4, "ns", 2)}, true));
  const auto report = tare::compare::compare_runs(native, gbench.run, {}, {}, gbench.summaries);
  ASSERT_EQ(report.rows.size(), 1u);
  const auto& row = report.rows[0];
  ASSERT_EQ(row.problem, "");
  EXPECT_EQ(row.base.forks, 6u);
  // Welch's combination of the two intervals, never narrower than either side's own.
  const auto native_side = tare::stats::summarize(fork_means);
  const auto& stated_side = gbench.summaries.at("BM_t/threads:2");
  const auto expected =
      tare::stats::sides_ratio_interval(tare::stats::log_side(native_side), tare::stats::log_side(stated_side));
  const auto welch = tare::stats::summary_ratio(native_side, stated_side);
  EXPECT_NEAR(row.ratio.estimate, expected.estimate, 1e-12);
  EXPECT_NEAR(row.ratio.estimate, welch.estimate, 1e-12);
  EXPECT_NEAR(row.ratio.estimate, 1.0, 0.03);
  EXPECT_NEAR(row.ratio.low, expected.low, 1e-12);
  EXPECT_NEAR(row.ratio.high, expected.high, 1e-12);
  EXPECT_LE(row.ratio.low, welch.low);
  EXPECT_GE(row.ratio.high, welch.high);
  ASSERT_FALSE(report.notes.empty());
  EXPECT_THAT(report.notes[0], HasSubstr("over 5 worker processes a side; where only one file states a benchmark so"));
}

// Google Benchmark's own files keep the bootstrap over repetitions.
TEST(GbenchCompare, GoogleBenchmarkFilesKeepTheBootstrapOverRepetitions) {
  const auto base = gb_read(gb_file(gb_repetition_rows("BM_y", {10, 10.2, 9.9, 10.1}), false));
  const auto next = gb_read(gb_file(gb_repetition_rows("BM_y", {20, 20.3, 19.8, 20.1}), false));
  const auto report = gb_compare(base, next);
  ASSERT_EQ(report.rows.size(), 1u);
  EXPECT_EQ(report.rows[0].problem, "");
  EXPECT_EQ(report.rows[0].ratio.resamples, 2000u);
  EXPECT_EQ(report.rows[0].base.forks, 4u);
  EXPECT_NEAR(report.rows[0].ratio.estimate, 2.0, 0.01);
  EXPECT_THAT(report.method, HasSubstr("bootstrap over the repetitions"));
  // The caveat on repetitions travels in the runs' warnings (tare compare adds it).
  for (const auto& note : report.notes) EXPECT_THAT(note, ::testing::Not(HasSubstr("tare::gbench")));
  EXPECT_TRUE(gb_has(base.run.context.warnings, tare::compare::kGbenchWarning));
}

// The caveats the inputs carry become the comparison's notes, once per input that has one;
// other warnings of the runs stay theirs.
TEST(GbenchCompare, TheInputsCaveatsBecomeTheComparisonsNotes) {
  tare::results::Run base, candidate;
  base.context.warnings = {tare::compare::kGbenchWarning, "machine speed moved 3%"};
  candidate.context.warnings = {tare::compare::kGbenchWarning, tare::compare::kGbenchTareRepetitionsNote};
  tare::compare::CompareReport report;
  report.notes = {"an earlier note"};
  tare::compare::note_input_caveats(report, base, candidate);
  EXPECT_EQ(report.notes, (std::vector<std::string>{"an earlier note", tare::compare::kGbenchWarning,
                                                    tare::compare::kGbenchWarning,
                                                    tare::compare::kGbenchTareRepetitionsNote}));
}

}  // namespace
