#include "export/jmh.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "analysis/rates.hpp"
#include "export/exported.hpp"
#include "report/enum_names.hpp"

namespace tare::exports {
namespace {

using Json = nlohmann::ordered_json;

// JMH writes a number it could not compute as the string "NaN" (JSON has no NaN).
Json jmh_number(double value) { return std::isfinite(value) ? Json(value) : Json("NaN"); }

// The percentiles JMH lists, with its keys.
constexpr double kJmhPercentiles[] = {0.0, 50.0, 90.0, 95.0, 99.0, 99.9, 99.99, 99.999, 99.9999, 100.0};

Json percentile_object(const std::vector<std::vector<double>>& rows) {
  std::vector<double> pooled;
  for (const auto& row : rows) pooled.insert(pooled.end(), row.begin(), row.end());
  std::sort(pooled.begin(), pooled.end());
  Json percentiles = Json::object();
  for (const double p : kJmhPercentiles) {
    // JMH's keys: "0.0", "50.0", "99.9", "99.9999", "100.0".
    std::string key = fmt::format("{}", p);
    if (key.find('.') == std::string::npos) key += ".0";
    percentiles[key] = pooled.empty() ? Json("NaN") : jmh_number(jmh_percentile(pooled, p));
  }
  return percentiles;
}

Json raw_data(const std::vector<std::vector<double>>& rows) {
  Json data = Json::array();
  for (const auto& row : rows) {
    Json values = Json::array();
    for (const double v : row) values.push_back(jmh_number(v));
    data.push_back(std::move(values));
  }
  return data;
}

Json primary_metric(const Exported& e) {
  return Json{{"score", jmh_number(e.score)},
              {"scoreError", jmh_number((e.ci.high - e.ci.low) / 2)},
              {"scoreConfidence", Json::array({jmh_number(e.ci.low), jmh_number(e.ci.high)})},
              {"scorePercentiles", percentile_object(e.fork_values)},
              {"scoreUnit", e.benchmark->unit},
              {"rawData", raw_data(e.fork_values)}};
}

// A user counter as JMH writes a secondary metric: the score is tare's counter per
// operation (over every good fork; tare gives it no interval), the raw data each scored
// fork's samples, so that rawData has the primary metric's forks.
Json counter_metric(const Exported& e, std::size_t index) {
  const results::Benchmark& b = *e.benchmark;
  std::vector<std::vector<double>> rows;
  for (const results::Fork* fork : e.forks) {
    std::vector<double> row;
    for (const results::Sample& s : fork->samples)
      if (s.ops > 0 && index < s.counters.size()) row.push_back(s.counters[index] / static_cast<double>(s.ops));
    rows.push_back(std::move(row));
  }
  const double score = index < b.counters_per_op.size() ? b.counters_per_op[index] : NAN;
  return Json{{"score", jmh_number(score)},
              {"scoreError", "NaN"},
              {"scoreConfidence", Json::array({"NaN", "NaN"})},
              {"scorePercentiles", percentile_object(rows)},
              {"scoreUnit", "#/op"},
              {"rawData", raw_data(rows)}};
}

// Items or bytes per second (Group::items_per_op, bytes_per_op) as a secondary metric named
// as Google Benchmark names it: the rate at the score with its interval, the raw data each
// sample value turned into a rate the same way.
Json rate_metric(const Exported& e, double amount_per_op, const results::Rate& rate, const char* unit) {
  std::vector<std::vector<double>> rows;
  for (const auto& values : e.fork_values) {
    std::vector<double> row;
    for (const double v : values)
      if (const auto r = analysis::rate_per_second(amount_per_op, v, std::nullopt, e.benchmark->mode)) row.push_back(r->value);
    rows.push_back(std::move(row));
  }
  const double low = rate.ci ? rate.ci->low : NAN, high = rate.ci ? rate.ci->high : NAN;
  return Json{{"score", jmh_number(rate.value)},
              {"scoreError", jmh_number((high - low) / 2)},
              {"scoreConfidence", Json::array({jmh_number(low), jmh_number(high)})},
              {"scorePercentiles", percentile_object(rows)},
              {"scoreUnit", unit},
              {"rawData", raw_data(rows)}};
}

Json secondary_metrics(const Exported& e) {
  Json metrics = Json::object();
  const results::Benchmark& b = *e.benchmark;
  const auto& names = b.counter_names;
  for (std::size_t i = 0; i < names.size(); ++i) metrics[names[i]] = counter_metric(e, i);
  if (b.items_per_second) metrics["items_per_second"] = rate_metric(e, b.items_per_op, *b.items_per_second, "items/s");
  if (b.bytes_per_second) metrics["bytes_per_second"] = rate_metric(e, b.bytes_per_op, *b.bytes_per_second, "B/s");
  return metrics;
}

// JMH writes an iteration's length as a whole number of the largest unit that keeps it at
// least 1: "10 s", "200 ms", "50 us".
std::string jmh_duration(double ns) {
  if (!(ns >= 1)) return "0 s";
  for (const auto& [unit, scale] : {std::pair{"s", 1e9}, {"ms", 1e6}, {"us", 1e3}})
    if (ns >= scale) return fmt::format("{} {}", std::llround(ns / scale), unit);
  return fmt::format("{} ns", std::llround(ns));
}

// Iterations and the length of one, as the scored forks ran them: the median fork's.
struct Iterations {
  int count = 0;
  double ns = 0;
};

Iterations typical_iterations(const std::vector<const results::Fork*>& forks, bool warmup) {
  std::vector<Iterations> each;
  for (const results::Fork* f : forks) {
    const auto& samples = warmup ? f->warmup : f->samples;
    double ns = 0;
    for (const results::Sample& s : samples) ns += s.ns;
    const int count = static_cast<int>(samples.size());
    each.push_back({count, count > 0 ? ns / count : 0});
  }
  if (each.empty()) return {};
  // Stable: forks with as many samples keep their order, so a file always gives one answer.
  std::stable_sort(each.begin(), each.end(), [](const Iterations& a, const Iterations& b) { return a.count < b.count; });
  return each[(each.size() - 1) / 2];
}

}  // namespace

double jmh_percentile(const std::vector<double>& sorted, double p) {
  const double n = static_cast<double>(sorted.size());
  const double position = p / 100 * (n + 1);
  if (position < 1) return sorted.front();
  if (position >= n) return sorted.back();
  const auto below = static_cast<std::size_t>(position);  // 1-based index of the value below
  const double fraction = position - static_cast<double>(below);
  return sorted[below - 1] + fraction * (sorted[below] - sorted[below - 1]);
}

namespace {

// A family run at several thread counts names each instance ".../threads=N". JMH runs one
// count per run, and its readers tell benchmarks apart by name and params alone: the count
// joins the params (unless the benchmark has a parameter of that name).
bool threads_in_name(const results::Benchmark& b) {
  const std::string suffix = "/threads=" + std::to_string(b.threads);
  return b.name.size() > suffix.size() && b.name.compare(b.name.size() - suffix.size(), suffix.size(), suffix) == 0;
}

Json params_object(const results::Benchmark& b) {
  Json params = Json::object();
  for (const auto& [name, value] : b.params) params[name] = value;
  if (threads_in_name(b) && !params.contains("threads")) params["threads"] = std::to_string(b.threads);
  return params;
}

// The fields in JMH's order. The JVM's fields say what ran instead: the benchmark binary,
// the compiler that built it, tare and its version.
Json benchmark_object(const results::Context& context, const Exported& e) {
  const results::Benchmark& b = *e.benchmark;
  const Iterations warmup = typical_iterations(e.forks, true);
  const Iterations measured = typical_iterations(e.forks, false);
  Json object{{"jmhVersion", context.tare_version.empty() ? std::string("tare") : "tare " + context.tare_version},
              {"benchmark", b.family.empty() ? b.name : b.family},
              {"mode", report::mode_name(b.mode)},
              {"threads", b.threads},
              {"forks", e.forks.size()},
              {"jvm", context.executable},
              {"jvmArgs", Json::array()},
              {"jdkVersion", context.build.compiler},
              {"vmName", "tare"},
              {"vmVersion", context.tare_version},
              {"warmupIterations", warmup.count},
              {"warmupTime", jmh_duration(warmup.ns)},
              {"warmupBatchSize", 1},
              {"measurementIterations", measured.count},
              {"measurementTime", jmh_duration(measured.ns)},
              {"measurementBatchSize", 1}};
  if (Json params = params_object(b); !params.empty()) object["params"] = std::move(params);  // JMH leaves it out when there are none
  object["primaryMetric"] = primary_metric(e);
  object["secondaryMetrics"] = secondary_metrics(e);
  return object;
}

}  // namespace

void write_jmh(const results::Run& run, std::ostream& out) {
  Json document = Json::array();
  for (const Exported& e : exportable(run).benchmarks) document.push_back(benchmark_object(run.context, e));
  out << document.dump(4, ' ', false, Json::error_handler_t::replace) << '\n';
}

}  // namespace tare::exports
