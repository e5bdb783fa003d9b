// An operation of a few microseconds, called inside an "application" that does
// other work between calls, timed by tare's probe with its cached tick (1 ms: a few hundred
// times longer than the call). Almost every reading is
// 0 and a few are one tick; their mean is the operation's time. Then tare's microbenchmark
// runner measures the same operation in fresh processes, and the two intervals are compared.
//
//   example_probe [--app-seconds 6] [--probe-json FILE] [tare options, e.g. --json FILE]
//
// It writes files only where told: the probe's JSON with --probe-json, the runner's with
// --json. Without --json the runner's results (which the comparison needs) go to a private
// temporary file that is removed before the example exits.
#include <tare/probe.hpp>
#include <tare/tare.hpp>

#include <nlohmann/json.hpp>

#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <string>
#include <vector>

namespace {

// The measured operation: a chain of 256 logarithms (each depends on the last), a few
// microseconds. Not inlined, so the application and the microbenchmark run the very same
// machine code (a layout difference alone can move a loop's speed by 20% on this VM).
[[gnu::noinline]] double operation(double x) {
  for (int i = 0; i < 256; ++i) x = std::log(x + 3.0);
  return x;
}

// Other application code between the calls: a random amount of unrelated integer work, so
// the calls start at random phases of the clock's tick.
std::uint64_t other_work(std::mt19937_64& rng, std::uint64_t h) {
  const auto steps = rng() % 2000;
  for (std::uint64_t i = 0; i < steps; ++i) h ^= (h << 13) ^ (h >> 7) ^ i;
  return h;
}

struct Options {
  double app_seconds = 6;
  std::string probe_json;
  std::string bench_json;
  std::vector<char*> tare_args;  // passed on to tare::run
};

Options parse(int argc, char** argv) {
  Options o;
  o.tare_args.push_back(argv[0]);
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--app-seconds" && i + 1 < argc) {
      o.app_seconds = std::atof(argv[++i]);
      if (!(o.app_seconds > 0)) {
        std::cerr << "example_probe: --app-seconds must be a positive number\n";
        std::exit(2);
      }
    } else if (arg == "--probe-json" && i + 1 < argc) {
      o.probe_json = argv[++i];
    } else {
      if (arg == "--json" && i + 1 < argc) o.bench_json = argv[i + 1];
      o.tare_args.push_back(argv[i]);
    }
  }
  return o;
}

// The application: calls the operation under a probe between bursts of other work.
double run_application(double seconds) {
  std::mt19937_64 rng(2026);
  double x = 1.0;
  std::uint64_t sink = 1;
  const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (std::chrono::steady_clock::now() < end) {
    for (int i = 0; i < 100; ++i) {
      {
        TARE_PROBE("operation");
        x = operation(x);
      }
      sink = other_work(rng, sink);
    }
  }
  return static_cast<double>(sink & 1) + x;
}

// The runner's score and interval for the operation, from its JSON results.
bool runner_interval(const std::string& path, double& score, double& low, double& high) {
  std::ifstream in(path);
  if (!in) return false;
  const auto results = nlohmann::json::parse(in, nullptr, false);
  if (results.is_discarded()) return false;
  for (const auto& b : results["benchmarks"]) {
    if (b["name"] != "probe.operation" || !b["score"].is_number() || !b["ci"]["low"].is_number()) continue;
    score = b["score"];
    low = b["ci"]["low"];
    high = b["ci"]["high"];
    return true;
  }
  return false;
}

// A fresh empty file in the temporary directory, for the runner's results when the user
// asked for none: the comparison needs them, the current directory must not get them.
// Removed when this goes out of scope. Empty path if none could be made.
class TemporaryFile {
 public:
  TemporaryFile() {
    std::error_code error;
    const auto dir = std::filesystem::temp_directory_path(error);
    std::string name = (error ? std::filesystem::path("/tmp") : dir) / "example_probe.XXXXXX";
    const int fd = ::mkstemp(name.data());
    if (fd < 0) return;
    ::close(fd);
    path_ = name;
  }
  ~TemporaryFile() {
    if (path_.empty()) return;
    std::error_code ignored;
    std::filesystem::remove(path_, ignored);
  }
  TemporaryFile(const TemporaryFile&) = delete;
  TemporaryFile& operator=(const TemporaryFile&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace

TARE_BENCHMARKS {
  tare::group("probe").bench("operation", [] { return operation(tare::opaque(1.0)); });
}

int main(int argc, char** argv) {
  if (tare::is_worker(argc, argv)) return tare::run(argc, argv);
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0 || std::strcmp(argv[i], "--list") == 0)
      return tare::run(argc, argv);
  Options options = parse(argc, argv);
  std::printf("The application: %.0f s of calls to the operation between other work, timed by a probe on %s "
              "(tick %.3g ms)\n",
              options.app_seconds, tare::probe::TickClock::name(),
              static_cast<double>(tare::probe::TickClock::resolution_ns()) / 1e6);
  const double result = run_application(options.app_seconds);
  tare::consume(result);
  tare::probe::write_text(std::cout);
  if (!options.probe_json.empty()) {
    std::ofstream out(options.probe_json);
    tare::probe::write_json(out);
  }
  const auto stats = tare::probe::snapshot().front();

  std::printf("\nThe same operation under tare's microbenchmark runner:\n");
  std::fflush(stdout);
  const TemporaryFile scratch;
  std::string bench_json = options.bench_json;
  std::string json_flag = "--json";
  if (bench_json.empty()) {
    if (scratch.path().empty()) {
      std::cerr << "example_probe: cannot make a temporary file for the runner's results; pass --json FILE\n";
      return 1;
    }
    bench_json = scratch.path();
    options.tare_args.push_back(json_flag.data());
    options.tare_args.push_back(bench_json.data());
  }
  const int status = tare::run(static_cast<int>(options.tare_args.size()), options.tare_args.data());
  double score = 0, low = 0, high = 0;
  if (status != 0 || !runner_interval(bench_json, score, low, high)) return status != 0 ? status : 1;
  const bool overlap = stats.enough && stats.ci_low_ns <= high && low <= stats.ci_high_ns;
  std::printf("\nprobe (coarse clock, in the application): %.3f us  [%.3f, %.3f]\n", stats.mean_ns / 1e3,
              stats.ci_low_ns / 1e3, stats.ci_high_ns / 1e3);
  std::printf("tare runner (fresh processes, TSC):       %.3f us  [%.3f, %.3f]\n", score / 1e3, low / 1e3, high / 1e3);
  std::printf("%s\n", overlap ? "The two intervals overlap: the probe's estimate agrees with the runner's."
                              : "The intervals do not overlap.");
  return 0;
}
