// What the store's tests share: a scratch folder per test, synthetic runs with known
// scores, and a look at a file's bytes (to see that a refused file was left as it was).
#pragma once

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "results/results.hpp"
#include "support/scoped_env.hpp"
#include "support/scratch_dir.hpp"

namespace tare::store::test {

/// A scratch folder per test, named for the store's tests.
class ScratchDir : public tare::test::ScratchDir {
 public:
  ScratchDir() : tare::test::ScratchDir("tare-store-test") {}
};

using tare::test::ScopedEnv;

inline std::string bytes_of(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

inline void write_bytes(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

/// A benchmark scored from its fork means (their mean), with an interval of ±1%.
inline results::Benchmark benchmark(const std::string& name, std::vector<double> fork_means) {
  results::Benchmark b;
  b.name = name;
  b.family = name;
  double sum = 0;
  for (double mean : fork_means) {
    results::Fork fork;
    fork.mean = mean;
    b.forks.push_back(fork);
    sum += mean;
  }
  if (!fork_means.empty()) {
    b.score = sum / static_cast<double>(fork_means.size());
    b.ci = results::Interval{0.95, *b.score * 0.99, *b.score * 1.01};
  }
  return b;
}

/// A run on `host` at `date`, its reference workload at `reference_ns`.
inline results::Run run_of(const std::string& date, std::vector<results::Benchmark> benchmarks,
                           const std::string& host = "box", double reference_ns = 2.5) {
  results::Run run;
  run.context.date = date;
  run.context.host = host;
  run.context.cpu.model = "Test CPU";
  run.context.cpu.cores = 4;
  run.context.tare_version = "0.1.0";
  run.context.reference_ns = reference_ns;
  run.benchmarks = std::move(benchmarks);
  return run;
}

/// The same code identity for the same `function` content.
inline results::CodeIdentity code(const std::string& digest) {
  results::CodeIdentity identity;
  identity.functions.push_back({"work()", digest, 0x1000, 12});
  return identity;
}

inline constexpr const char* kMachine = "box | Test CPU | 4 cpus";

}  // namespace tare::store::test
