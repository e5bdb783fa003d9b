// Why a compared benchmark has no interval, in the words of the files it came from: each
// side short of two replicates named as what its file holds, with the flag its binary takes.
#include "compare/replicates.hpp"

#include <gtest/gtest.h>

namespace tare::compare {
namespace {

TEST(TooFewReplicates, BothSidesWithTwoOrMoreHaveNoProblem) {
  EXPECT_EQ(too_few_replicates({Replicates::repetitions, 2}, {Replicates::processes, 5}), "");
  EXPECT_EQ(too_few_replicates({Replicates::forks, 3}, {Replicates::forks, 2}), "");
}

TEST(TooFewReplicates, TwoTareRunsKeepTaresWords) {
  EXPECT_EQ(too_few_replicates({Replicates::forks, 1}, {Replicates::forks, 5}),
            "fewer than 2 good forks on a side: no interval");
}

// Google Benchmark files without --benchmark_repetitions: one repetition each.
TEST(TooFewReplicates, GoogleBenchmarkFilesNameTheirRepetitionsFlag) {
  EXPECT_EQ(too_few_replicates({Replicates::repetitions, 1}, {Replicates::repetitions, 1}),
            "each file has 1 repetition: no interval (rerun both with --benchmark_repetitions=N, N ≥ 2)");
  EXPECT_EQ(too_few_replicates({Replicates::repetitions, 4}, {Replicates::repetitions, 1}),
            "the new file has 1 repetition: no interval (rerun it with --benchmark_repetitions=N, N ≥ 2)");
}

TEST(TooFewReplicates, EachShortSideIsNamedInItsOwnWords) {
  EXPECT_EQ(too_few_replicates({Replicates::repetitions, 1}, {Replicates::processes, 1}),
            "the base file has 1 repetition and the new file an estimate over 1 worker process: no interval (rerun "
            "the base with --benchmark_repetitions=N and the new with --forks N, N ≥ 2)");
  EXPECT_EQ(too_few_replicates({Replicates::forks, 1}, {Replicates::repetitions, 3}),
            "the base file has 1 good fork: no interval (rerun it with --forks N, N ≥ 2)");
  EXPECT_EQ(too_few_replicates({Replicates::processes, 5}, {Replicates::repetitions, 0}),
            "the new file has 0 repetitions: no interval (rerun it with --benchmark_repetitions=N, N ≥ 2)");
}

}  // namespace
}  // namespace tare::compare
