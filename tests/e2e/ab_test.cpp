// `tare ab` end to end: two builds of one benchmark, run as pairs of live processes in
// lock-step; identical builds and one doing four times the work. Timing is asserted only
// where no load on a shared machine can change the answer: a fourfold difference, and
// identical builds never called 20% apart.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "command.hpp"

using nlohmann::json;
using tare_e2e::run_command;

namespace {

using tare_e2e::kTare;

}  // namespace

TEST(Ab, FourTimesTheWorkIsSlowerAndFailsTheGate) {
  const auto js = (tare_e2e::scratch_dir() / "ab.json").string();
  const auto md = (tare_e2e::scratch_dir() / "ab.md").string();
  const auto result = run_command({kTare, "ab", TARE_AB_BASE, TARE_AB_SLOWER, "--pairs", "5", "--measure-ms", "20",
                                   "--warmup-max-ms", "50", "--fail-on", "slower", "--json", js, "--markdown", md});
  EXPECT_EQ(result.exit_code, 1) << result.out << result.err;
  const json doc = json::parse(tare_e2e::slurp(js));
  ASSERT_EQ(doc["benchmarks"].size(), 1u);
  const json& row = doc["benchmarks"][0];
  EXPECT_EQ(row["name"], "ab.spin");
  EXPECT_EQ(row["verdict"], "slower") << result.out;
  EXPECT_EQ(row["base"]["forks"], 5);  // one per pair
  // 400 rounds against 100, plus the same loop overhead on both sides: about 4 on a quiet
  // machine; a busy one disturbs single pairs by factors (8.9 seen beside two builds), so
  // the upper bound only rules out a gross error (a ratio of batches, of units).
  EXPECT_GT(row["ratio"]["estimate"].get<double>(), 1.5);
  EXPECT_LT(row["ratio"]["estimate"].get<double>(), 40.0);
  EXPECT_NE(doc["method"].get<std::string>().find("lock-step"), std::string::npos);
  EXPECT_NE(tare_e2e::slurp(md).find("**slower by "), std::string::npos);
  EXPECT_EQ(row["against_threshold"], "beyond") << result.out;
  EXPECT_TRUE(row["fails_gate"].get<bool>());
  EXPECT_FALSE(row.contains("stopped"));  // a fixed number of pairs
  EXPECT_NE(result.err.find("tare: gate failed: ab.spin: slower by more than the threshold"), std::string::npos);
}

// By default pairs are added until the answer is known: the direction of a fourfold
// difference, and its size to ±5% or a quarter of itself. On a quiet machine that is the
// first look, after 3 pairs; on a busy one the pairs may be noisy enough to go on to the
// budget, and then the verdict says how loosely it knows the size.
TEST(Ab, PairsAreAddedUntilTheAnswerIsKnown) {
  const auto js = (tare_e2e::scratch_dir() / "sequential.json").string();
  const auto result = run_command({kTare, "ab", TARE_AB_BASE, TARE_AB_SLOWER, "--measure-ms", "20",
                                   "--warmup-max-ms", "50", "--budget", "10s", "--json", js});
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  const json row = json::parse(tare_e2e::slurp(js))["benchmarks"][0];
  EXPECT_EQ(row["verdict"], "slower") << result.out;
  EXPECT_GE(row["pairs"].size(), 3u);
  EXPECT_NE(result.out.find("pairs added until the answer was known"), std::string::npos) << result.out;
  const double estimate = row["ratio"]["estimate"], low = row["ratio"]["low"], high = row["ratio"]["high"];
  const double log_half_width = std::log(high / low) / 2;
  const bool size_known = log_half_width <= std::log(1.05) || log_half_width <= std::fabs(std::log(estimate)) / 4;
  const std::string stopped = row["stopped"];
  if (stopped == "answer known") {
    EXPECT_TRUE(size_known) << result.out;
  } else {
    EXPECT_TRUE(stopped == "budget spent" || stopped == "most pairs run") << stopped;
    EXPECT_FALSE(size_known) << result.out;
    EXPECT_NE(result.out.find(": the size only to ±"), std::string::npos) << result.out;
  }
}

// The budget is checked before each look: a budget smaller than one pair stops at the
// first look, with whatever it shows.
TEST(Ab, TheBudgetStopsAtTheLookItCanAfford) {
  const auto js = (tare_e2e::scratch_dir() / "budget.json").string();
  const auto result = run_command({kTare, "ab", TARE_AB_BASE, TARE_AB_SAME, "--measure-ms", "5", "--warmup-max-ms",
                                   "10", "--threshold", "0.01%", "--budget", "0.001s", "--json", js});
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  const json row = json::parse(tare_e2e::slurp(js))["benchmarks"][0];
  EXPECT_EQ(row["pairs"].size(), 3u);
  const std::string stopped = row["stopped"];
  EXPECT_TRUE(stopped == "budget spent" || stopped == "answer known") << stopped;
  if (stopped == "budget spent") {
    // A direction named by chance with a wide size also says how loosely it knows it.
    EXPECT_NE(result.out.find(row["verdict"] == "no difference" ? "(budget spent after 3 pairs)"
                                                                 : "(budget spent after 3 pairs: the size only to ±"),
              std::string::npos)
        << result.out;
  }
}

// Two benchmarks of one build against itself: the suite's geometric mean of the time ratios
// comes with its interval, as tare compare's does. stderr is no terminal here: progress is
// the log's form, a line at least as each benchmark ends.
TEST(Ab, TwoBenchmarksGiveAGeometricMeanWithItsIntervalAndLogTheirProgress) {
  const auto js = (tare_e2e::scratch_dir() / "geomean.json").string();
  const auto result = run_command({kTare, "ab", tare_e2e::kBench, tare_e2e::kBench, "--filter", "^family\\.",
                                   "--pairs", "3", "--measure-ms", "5", "--warmup-max-ms", "20", "--json", js});
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  const json doc = json::parse(tare_e2e::slurp(js));
  ASSERT_EQ(doc["benchmarks"].size(), 2u) << result.out;
  const json& geomean = doc["geomean"];
  ASSERT_TRUE(geomean.is_object()) << result.out;
  ASSERT_TRUE(geomean["estimate"].is_number());
  ASSERT_TRUE(geomean["low"].is_number());
  ASSERT_TRUE(geomean["high"].is_number());
  EXPECT_LE(geomean["low"].get<double>(), geomean["estimate"].get<double>());
  EXPECT_LE(geomean["estimate"].get<double>(), geomean["high"].get<double>());
  EXPECT_EQ(geomean["level"], 0.95);
  EXPECT_NE(result.out.find("Geometric mean of time ratios: "), std::string::npos) << result.out;
  EXPECT_NE(result.err.find("tare: [benchmark 1/2, "), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("] family.one: done, 3 pairs, NEW/BASE "), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("] family.eight: done, 3 pairs, NEW/BASE "), std::string::npos) << result.err;
}

TEST(Ab, QuietShowsNoProgress) {
  const auto result = run_command({kTare, "ab", TARE_AB_BASE, TARE_AB_SAME, "--pairs", "2", "--measure-ms", "5",
                                   "--warmup-max-ms", "20", "--quiet"});
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_EQ(result.err.find("tare: ["), std::string::npos) << result.err;
}

TEST(Ab, IdenticalBuildsAreNotCalledDifferent) {
  const auto js = (tare_e2e::scratch_dir() / "aa.json").string();
  const auto result = run_command({kTare, "ab", TARE_AB_BASE, TARE_AB_SAME, "--pairs", "5", "--measure-ms", "20",
                                   "--warmup-max-ms", "50", "--threshold", "20%", "--fail-on", "slower", "--json", js});
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  // A direction may be named (at most 1 time in 20, by design), but never a difference
  // beyond 20%.
  const json row = json::parse(tare_e2e::slurp(js))["benchmarks"][0];
  EXPECT_NE(row["against_threshold"], "beyond") << result.out;
  EXPECT_FALSE(row["fails_gate"].get<bool>()) << result.out;
}

TEST(Ab, ADuetRunsBothSidesAtOnceAndStillCallsFourTimesTheWorkSlower) {
  const auto js = (tare_e2e::scratch_dir() / "duet.json").string();
  // Pairs are added until the answer is known: a fixed 6 (three log-ratios) left the
  // interval across 1 when a busy machine disturbed one of them.
  const auto result = run_command({kTare, "ab", TARE_AB_BASE, TARE_AB_SLOWER, "--duet", "--measure-ms", "20",
                                   "--warmup-max-ms", "50", "--json", js});
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  const json doc = json::parse(tare_e2e::slurp(js));
  const json& row = doc["benchmarks"][0];
  EXPECT_EQ(row["verdict"], "slower") << result.out;
  EXPECT_GE(row["pairs"].size(), 6u);
  EXPECT_EQ(row["pairs"].size() % 2, 0u) << "the sides swap CPUs every pair";
  EXPECT_NE(doc["method"].get<std::string>().find("duet"), std::string::npos);
}

TEST(Ab, ADuetNeedsAnEvenNumberOfPairs) {
  const auto odd = run_command({kTare, "ab", TARE_AB_BASE, TARE_AB_SAME, "--duet", "--pairs", "5"});
  EXPECT_EQ(odd.exit_code, 2);
  EXPECT_EQ(odd.err,
            "tare: error: --duet needs an even number of pairs, at least 4 (the sides swap CPUs every pair), not 5\n");
}

TEST(Ab, BadBinariesAreOneLineAndExitTwo) {
  const auto missing = run_command({kTare, "ab", "/nonexistent/bench", TARE_AB_BASE});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(missing.err, "tare: error: /nonexistent/bench: no such file\n");

  const auto not_tare = run_command({kTare, "ab", TARE_AB_BASE, "/bin/true"});
  EXPECT_EQ(not_tare.exit_code, 2);
  EXPECT_EQ(not_tare.err,
            "tare: error: /bin/true: not a tare benchmark binary (its --list-json gave no benchmark list)\n");

#ifdef TARE_GBENCH_BASE
  // A binary built with Google Benchmark itself: the error is the binary's own.
  const auto google = run_command({kTare, "ab", TARE_AB_BASE, TARE_GBENCH_BASE});
  EXPECT_EQ(google.exit_code, 2);
  EXPECT_EQ(google.err, std::string("tare: error: ") + TARE_GBENCH_BASE + ": its --list-json gave no benchmark list: " +
                            TARE_GBENCH_BASE + ": error: unrecognized command-line flag: --list-json\n");
#endif

  const auto disjoint = run_command({kTare, "ab", TARE_AB_BASE, TARE_E2E_BENCH, "--filter", "spin|fast"});
  EXPECT_EQ(disjoint.exit_code, 2);
  EXPECT_NE(disjoint.err.find("no benchmark in common"), std::string::npos) << disjoint.err;

  const auto one_pair = run_command({kTare, "ab", TARE_AB_BASE, TARE_AB_SAME, "--pairs", "1"});
  EXPECT_EQ(one_pair.exit_code, 2);
}

// A gate fails closed: a benchmark whose workers crash is no pass, and the gate says which
// and why.
TEST(Ab, ACrashingBenchmarkFailsTheGateAndIsNamed) {
  const auto result = run_command({kTare, "ab", tare_e2e::kBench, tare_e2e::kBench, "--filter", "^bad.segv$",
                                   "--pairs", "2", "--measure-ms", "5", "--warmup-max-ms", "10", "--fail-on", "slower"});
  EXPECT_EQ(result.exit_code, 1) << result.out << result.err;
  EXPECT_NE(result.err.find("tare: gate failed: bad.segv: not compared: a worker failed"), std::string::npos)
      << result.err;
  // Without a gate the report says so and the run succeeds.
  const auto plain = run_command({kTare, "ab", tare_e2e::kBench, tare_e2e::kBench, "--filter", "^bad.segv$",
                                  "--pairs", "2", "--measure-ms", "5", "--warmup-max-ms", "10"});
  EXPECT_EQ(plain.exit_code, 0) << plain.out << plain.err;
  EXPECT_NE(plain.out.find("not compared: a worker failed"), std::string::npos) << plain.out;
}

// As a run's, tare ab's seed is random unless given, and reported so that it can be given:
// the JSON and the method line carry it, and --seed N is reported as N.
TEST(Ab, TheSeedIsRandomUnlessGivenAndAlwaysReported) {
  std::vector<std::uint64_t> seeds;
  for (const char* name : {"seed_a.json", "seed_b.json"}) {
    const auto js = (tare_e2e::scratch_dir() / name).string();
    const auto result = run_command({kTare, "ab", TARE_AB_BASE, TARE_AB_SAME, "--pairs", "2", "--measure-ms", "2",
                                     "--warmup-max-ms", "10", "--json", js});
    ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
    const json doc = json::parse(tare_e2e::slurp(js));
    seeds.push_back(doc["seed"].get<std::uint64_t>());
    EXPECT_NE(result.out.find("memory-layout shifts from seed " + std::to_string(seeds.back())), std::string::npos)
        << result.out;
  }
  EXPECT_NE(seeds[0], seeds[1]);  // two draws of 64 bits
  const auto js = (tare_e2e::scratch_dir() / "seed_given.json").string();
  const auto given = run_command({kTare, "ab", TARE_AB_BASE, TARE_AB_SAME, "--pairs", "2", "--measure-ms", "2",
                                  "--warmup-max-ms", "10", "--seed", "42", "--json", js});
  ASSERT_EQ(given.exit_code, 0) << given.err;
  EXPECT_EQ(json::parse(tare_e2e::slurp(js))["seed"], 42);
  EXPECT_NE(given.out.find("from seed 42 (--seed 42 repeats them)"), std::string::npos) << given.out;
}

// A process 3x slower until it is 0.8 s old (e2e_bench's aging.slow_start): the first pair
// watches both processes for a slow start, as a run's first fork does, and every pair is
// measured past it. Asserted on the process's age, which no load changes.
TEST(Ab, TheFirstPairWatchesForASlowStartAndEveryPairWaitsItOut) {
  const auto js = (tare_e2e::scratch_dir() / "ab_slow_start.json").string();
  const auto result = run_command({kTare, "ab", tare_e2e::kBench, tare_e2e::kBench, "--filter", "^aging.slow_start$",
                                   "--pairs", "2", "--measure-ms", "20", "--json", js});
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  const json row = json::parse(tare_e2e::slurp(js))["benchmarks"][0];
  ASSERT_TRUE(row["slow_start"].is_object()) << row.dump();
  const json& watch = row["slow_start"];
  // Watched for a second, then two (the start ended late in the first): the start found
  // is 0.8 s, or a little early on a busy machine, which the 1.25 margin covers.
  EXPECT_GE(watch["watched_ms"].get<double>(), 1000) << watch;
  EXPECT_GE(1.25 * watch["found_ms"].get<double>(), 800) << watch;
  EXPECT_LT(watch["found_ms"].get<double>(), watch["watched_ms"].get<double>()) << watch;
  EXPECT_GT(watch["slower"].get<double>(), 1.5) << watch;
  EXPECT_NE(result.out.find("aging.slow_start: a slow start"), std::string::npos) << result.out;
  EXPECT_EQ(result.out.find("was not looked for"), std::string::npos) << result.out;
}
