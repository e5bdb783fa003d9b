// Data for the results history's self-measurement (bench/history.sh): a tare results file
// of N benchmarks, and a history of R runs of B benchmarks each, with known synthetic
// scores (a seeded generator: the same arguments make the same data).
//   tare_history_data results FILE N
//   tare_history_data store FILE RUNS BENCHMARKS
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <random>
#include <string>

#include "report/json_write.hpp"
#include "store/open_history.hpp"
#include "store/sqlite/sqlite_database.hpp"

namespace {

constexpr int kForks = 5;
constexpr int kSamples = 10;

tare::results::Benchmark benchmark(int index, std::mt19937_64& random) {
  tare::results::Benchmark b;
  b.name = "family" + std::to_string(index / 10) + ".case/size=" + std::to_string(index % 10);
  b.family = b.name.substr(0, b.name.find('/'));
  std::normal_distribution<double> noise(100.0 + index, 1.0);
  double sum = 0;
  for (int f = 0; f < kForks; ++f) {
    tare::results::Fork fork;
    fork.ops_per_sample = 1000;
    for (int s = 0; s < kSamples; ++s) {
      tare::results::Sample sample;
      sample.ops = 1000;
      sample.ns = 1000 * noise(random);
      fork.samples.push_back(sample);
    }
    fork.mean = noise(random);
    sum += fork.mean;
    b.forks.push_back(fork);
  }
  b.score = sum / kForks;
  b.ci = tare::results::Interval{0.95, *b.score * 0.99, *b.score * 1.01};
  return b;
}

tare::results::Run run(int benchmarks, int day, std::mt19937_64& random) {
  tare::results::Run r;
  char date[32];
  std::snprintf(date, sizeof date, "2026-%02d-%02dT%02d:%02d:00Z", 1 + day / 1440 % 12, 1 + day / 60 % 24 % 28,
                day / 60 % 24, day % 60);
  r.context.date = date;
  r.context.host = "bench-host";
  r.context.cpu.model = "Bench CPU";
  r.context.cpu.cores = 2;
  r.context.tare_version = "0.1.0";
  r.context.reference_ns = 2.5;
  for (int i = 0; i < benchmarks; ++i) r.benchmarks.push_back(benchmark(i, random));
  return r;
}

int usage() {
  std::cerr << "usage: tare_history_data results FILE N | store FILE RUNS BENCHMARKS\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::mt19937_64 random(42);
  const std::string what = argc > 1 ? argv[1] : "";
  if (what == "results" && argc == 4) {
    std::ofstream out(argv[2]);
    tare::report::write_json(run(std::atoi(argv[3]), 0, random), out);
    return out ? 0 : 1;
  }
  if (what == "store" && argc == 5) {
    const int runs = std::atoi(argv[3]), benchmarks = std::atoi(argv[4]);
    tare::store::open_results_history(argv[2], argv[2], true);
    // Made fast: no waiting for the disk between runs (a real run's history does).
    auto db = tare::store::open_sqlite(argv[2], tare::store::SqliteAccess::read_write);
    db->execute("PRAGMA synchronous = OFF");
    tare::store::ResultsHistory history(std::move(db), argv[2], {"0123456789abcdef", "main", false, ""});
    for (int i = 0; i < runs; ++i) history.record(run(benchmarks, i, random));
    return 0;
  }
  return usage();
}
