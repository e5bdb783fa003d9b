// Google Benchmark's Iterations are the iterations a run's time rests on. A tare::gbench
// binary's are too: a benchmark's row counts every iteration its processes measured (those
// the score rests on), a repetition's row its process's. Checked against tare's own results
// of the same run (--json: every fork and sample), in the Google Benchmark JSON and in the
// console's Iterations column: counts, never a timing.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/process.hpp"

namespace {

using nlohmann::json;

// The iterations each good fork measured (its measured samples' operations), in run order.
std::vector<std::int64_t> measured_per_fork(const json& tare_results) {
  std::vector<std::int64_t> forks;
  EXPECT_EQ(tare_results["benchmarks"].size(), 1u);
  for (const auto& fork : tare_results["benchmarks"][0]["forks"]) {
    if (fork["status"] != "ok") continue;
    std::int64_t ops = 0;
    for (const auto& sample : fork["samples"]) ops += sample["ops"].get<std::int64_t>();
    forks.push_back(ops);
  }
  return forks;
}

// Every sum of `k` of the forks' counts: the score rests on the forks that reached a steady
// state (tare_forks of them), which tare's results do not list, so the row must equal one of
// these.
std::set<std::int64_t> sums_of(const std::vector<std::int64_t>& forks, std::size_t k) {
  std::set<std::int64_t> sums;
  const std::size_t n = forks.size();
  for (std::uint32_t mask = 0; mask < (1u << n); ++mask) {
    if (static_cast<std::size_t>(__builtin_popcount(mask)) != k) continue;
    std::int64_t sum = 0;
    for (std::size_t i = 0; i < n; ++i)
      if (mask & (1u << i)) sum += forks[i];
    sums.insert(sum);
  }
  return sums;
}

// The Iterations column of the console row of `name`: the fourth number after the name
// ("BM_spin  1.23 ns  1.22 ns  123456 ...").
std::int64_t console_iterations(const std::string& out, const std::string& name) {
  std::istringstream lines(out);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind(name + " ", 0) != 0) continue;
    std::istringstream fields(line);
    std::string field;
    for (int i = 0; i < 5; ++i) fields >> field;  // name, time, unit, CPU, unit
    std::int64_t iterations = -1;
    fields >> iterations;
    return iterations;
  }
  return -1;
}

struct Recorded {
  tare_test::ProcessResult result;
  json google, tare;  ///< the Google Benchmark JSON file, tare's own results
};

Recorded record(const std::string& name, const std::vector<std::string>& flags) {
  const auto google = (tare_test::scratch_dir() / (name + "_gb.json")).string();
  const auto tare = (tare_test::scratch_dir() / (name + "_tare.json")).string();
  std::vector<std::string> args{GBENCH_AB_BASE, "--benchmark_out=" + google, "--benchmark_out_format=json",
                                "--json", tare, "--quiet"};
  args.insert(args.end(), flags.begin(), flags.end());
  Recorded r{tare_test::run_process(args), {}, {}};
  EXPECT_EQ(r.result.exit_code, 0) << r.result.err;
  r.google = json::parse(tare_test::slurp(google), nullptr, false);
  r.tare = json::parse(tare_test::slurp(tare), nullptr, false);
  return r;
}

TEST(GbenchIterations, ABenchmarksRowCountsWhatItsProcessesMeasuredInAll) {
  const Recorded r = record("iterations", {"--forks", "4", "--measure-ms", "10", "--warmup-max-ms", "30"});
  ASSERT_FALSE(r.google.is_discarded() || r.tare.is_discarded()) << r.result.out << r.result.err;
  ASSERT_EQ(r.google["benchmarks"].size(), 1u) << r.google.dump();
  const json& row = r.google["benchmarks"][0];
  const auto forks = measured_per_fork(r.tare);
  ASSERT_EQ(forks.size(), 4u);
  const auto scored = row["tare_forks"].get<std::size_t>();
  ASSERT_GE(scored, 2u);
  const auto iterations = row["iterations"].get<std::int64_t>();
  EXPECT_EQ(sums_of(forks, scored).count(iterations), 1u)
      << iterations << " is no sum of " << scored << " forks' measured iterations; tare: " << r.tare.dump();
  // Far more than one sample's batch: 10 ms of samples of about 1 ms each, per process.
  const auto batch = r.tare["benchmarks"][0]["forks"][0]["ops_per_sample"].get<std::int64_t>();
  EXPECT_GE(iterations, 5 * static_cast<std::int64_t>(scored) * batch);
  EXPECT_EQ(console_iterations(r.result.out, "BM_spin"), iterations) << r.result.out;
}

TEST(GbenchIterations, ARepetitionsRowCountsWhatItsProcessMeasured) {
  const Recorded r = record("iterations_repeated", {"--benchmark_repetitions=3", "--benchmark_min_time=0.01"});
  ASSERT_FALSE(r.google.is_discarded() || r.tare.is_discarded()) << r.result.out << r.result.err;
  const auto forks = measured_per_fork(r.tare);
  ASSERT_EQ(forks.size(), 3u);
  std::vector<std::int64_t> rows;
  for (const auto& row : r.google["benchmarks"]) {
    if (row["run_type"] == "iteration") rows.push_back(row["iterations"]);
    else EXPECT_EQ(row["iterations"], 3) << row.dump();  // an aggregate's: the repetitions, as Google Benchmark's
  }
  EXPECT_EQ(rows, forks);
}

}  // namespace
