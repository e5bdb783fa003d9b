#include "compare/gbench_json.hpp"

#include <nlohmann/json.hpp>

#include <map>
#include <stdexcept>
#include <vector>

#include "stats/descriptive.hpp"

namespace tare::compare {
namespace {

double nanoseconds_per(const std::string& unit) {
  if (unit == "ns") return 1;
  if (unit == "us") return 1e3;
  if (unit == "ms") return 1e6;
  if (unit == "s") return 1e9;
  throw std::runtime_error("Google Benchmark JSON: unknown time_unit \"" + unit + "\"");
}

}  // namespace

std::optional<results::Run> read_gbench_json(const std::string& text) {
  const auto doc = nlohmann::json::parse(text, nullptr, false);
  if (doc.is_discarded() || !doc.is_object() || doc.contains("schema")) return std::nullopt;
  const auto benchmarks = doc.find("benchmarks");
  if (benchmarks == doc.end() || !benchmarks->is_array() || benchmarks->empty()) return std::nullopt;
  const auto& first = (*benchmarks)[0];
  if (!first.is_object() || !(first.contains("run_type") || first.contains("real_time"))) return std::nullopt;

  results::Run run;
  run.context.warnings.push_back(kGbenchWarning);
  if (const auto ctx = doc.find("context"); ctx != doc.end() && ctx->is_object()) {
    run.context.date = ctx->value("date", "");
    run.context.host = ctx->value("host_name", "");
    run.context.executable = ctx->value("executable", "");
  }
  std::map<std::string, std::size_t> index;  // run name -> position in run.benchmarks
  try {
    for (const auto& entry : *benchmarks) {
      if (entry.value("run_type", "iteration") != "iteration") continue;  // aggregates: recomputed here
      if (entry.value("error_occurred", false)) continue;
      const std::string name = entry.value("run_name", entry.at("name").get<std::string>());
      auto [it, added] = index.emplace(name, run.benchmarks.size());
      if (added) {
        results::Benchmark b;
        b.name = b.family = name;
        b.mode = "avgt";
        b.unit = "ns/op";
        b.threads = entry.value("threads", 1);
        run.benchmarks.push_back(b);
      }
      auto& b = run.benchmarks[it->second];
      const auto iterations = entry.at("iterations").get<std::uint64_t>();
      const double per_op = entry.at("real_time").get<double>() * nanoseconds_per(entry.value("time_unit", "ns"));
      results::Fork fork;
      fork.samples.push_back(results::Sample{iterations, per_op * static_cast<double>(iterations), 0, {}});
      fork.ops_per_sample = iterations;
      fork.mean = per_op;
      b.forks.push_back(fork);
    }
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(std::string("Google Benchmark JSON: ") + e.what());
  }
  for (auto& b : run.benchmarks) {
    std::vector<double> means;
    for (const auto& f : b.forks) means.push_back(f.mean);
    b.score = stats::mean(means);
  }
  return run;
}

}  // namespace tare::compare
