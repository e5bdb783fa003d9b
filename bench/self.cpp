// tare measuring itself:
//  - harness.empty: the empty operation, i.e. the harness floor per invocation;
//  - accuracy.chain/length=100 and /length=200: a dependent chain of multiply-adds of
//    known length. Each step waits for the previous one, and each invocation continues
//    from the value the previous one left in the state, so the whole run is one chain
//    (otherwise the CPU overlaps the tail of one invocation with the head of the next, and
//    short chains look cheaper per step). Time is then proportional to the length: the
//    ratio of the two scores must come out at 2.0 (less the constant cost per invocation
//    of passing the value through memory: about 1%).
// After the run, the ratio is printed with an interval computed from the two fork-level
// CIs (conservative: the ratio of the extreme bounds).
#include <tare/tare.hpp>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

struct Chain {
  int length;
  std::uint64_t value = 1;
  std::uint64_t multiplier = 6364136223846793005ull;
  std::uint64_t increment = 1442695040888963407ull;
  explicit Chain(const tare::Params& p) : length(p.get<int>("length")) {}
};

std::uint64_t chain(std::uint64_t x, std::uint64_t m, std::uint64_t c, int length) {
  for (int i = 0; i < length; ++i) x = x * m + c;
  return x;
}

}  // namespace

TARE_BENCHMARKS {
  tare::bench("harness.empty", [] {});
  tare::group<Chain>("accuracy").param("length", {100, 200}).bench("chain", [](Chain& s) {
    s.value = chain(s.value, tare::opaque(s.multiplier), tare::opaque(s.increment), tare::opaque(s.length));
    return s.value;
  });
}

int main(int argc, char** argv) {
  // Worker processes are this executable too: hand them straight to tare.
  if (tare::is_worker(argc, argv)) return tare::run(argc, argv);

  const auto json_path = std::filesystem::temp_directory_path() / ("tare-self-" + std::to_string(getpid()) + ".json");
  std::vector<std::string> args(argv, argv + argc);
  args.push_back("--json");
  args.push_back(json_path.string());
  std::vector<char*> cargs;
  for (auto& a : args) cargs.push_back(a.data());
  const int status = tare::run(static_cast<int>(cargs.size()), cargs.data());
  if (status != 0) return status;

  std::ifstream in(json_path);
  const auto run = nlohmann::json::parse(in);
  std::filesystem::remove(json_path);
  const nlohmann::json *short_chain = nullptr, *long_chain = nullptr;
  for (const auto& b : run["benchmarks"]) {
    if (b["name"] == "accuracy.chain/length=100") short_chain = &b;
    if (b["name"] == "accuracy.chain/length=200") long_chain = &b;
  }
  if (short_chain && long_chain && !(*short_chain)["ci"].is_null() && !(*long_chain)["ci"].is_null()) {
    const double ratio = (*long_chain)["score"].get<double>() / (*short_chain)["score"].get<double>();
    const double low = (*long_chain)["ci"]["low"].get<double>() / (*short_chain)["ci"]["high"].get<double>();
    const double high = (*long_chain)["ci"]["high"].get<double>() / (*short_chain)["ci"]["low"].get<double>();
    std::printf("\nchain 200/100 ratio: %.4f (bounds from the two 95%% CIs: %.4f .. %.4f; expected 2.0)\n", ratio, low,
                high);
  }
  return 0;
}
