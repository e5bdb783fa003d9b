#include "export/bmf.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "export/exported.hpp"

namespace tare::exports {
namespace {

using BmfJson = nlohmann::ordered_json;

// The time units tare and Google Benchmark write, in nanoseconds.
std::optional<double> nanoseconds_in(const std::string& unit) {
  for (const auto& [name, ns] : {std::pair{"ns", 1.0}, {"us", 1e3}, {"µs", 1e3}, {"ms", 1e6}, {"s", 1e9}})
    if (unit == name) return ns;
  return std::nullopt;
}

// A value with its interval as Bencher takes one: lower <= value <= upper, so an interval
// not centred on the value (a bootstrap's, a rate's) is widened to hold it.
BmfJson bmf_metric(double value, double low, double high) {
  return BmfJson{{"value", value}, {"lower_value", std::min(value, low)}, {"upper_value", std::max(value, high)}};
}

// Items and bytes per second (Group::items_per_op, bytes_per_op) as measures of their own,
// which Bencher creates by slug on first upload.
void add_rate_measures(BmfJson& measures, const results::Benchmark& b) {
  for (const auto& [slug, rate] : {std::pair{"items-per-second", &b.items_per_second}, {"bytes-per-second", &b.bytes_per_second}}) {
    if (!*rate) continue;
    const auto& r = **rate;
    measures[slug] = r.ci ? bmf_metric(r.value, r.ci->low, r.ci->high) : BmfJson{{"value", r.value}};
  }
}

}  // namespace

std::optional<BencherMeasure> bencher_measure(const std::string& unit) {
  const auto slash = unit.find('/');
  if (slash == std::string::npos) {  // a single shot's bare "ns"
    if (const auto ns = nanoseconds_in(unit)) return BencherMeasure{"latency", *ns};
    return std::nullopt;
  }
  const std::string numerator = unit.substr(0, slash), denominator = unit.substr(slash + 1);
  if (denominator == "op") {
    if (const auto ns = nanoseconds_in(numerator)) return BencherMeasure{"latency", *ns};
  } else if (numerator == "ops") {
    if (const auto ns = nanoseconds_in(denominator)) return BencherMeasure{"throughput", 1e9 / *ns};
  }
  return std::nullopt;
}

void write_bmf(const results::Run& run, std::ostream& out) {
  BmfJson document = BmfJson::object();
  for (const Exported& e : exportable(run).benchmarks) {
    const auto measure = bencher_measure(e.benchmark->unit);
    if (!measure)
      throw std::runtime_error(e.benchmark->name + ": unit \"" + e.benchmark->unit +
                               "\" is neither a time per operation (Bencher's latency) nor a rate (its throughput)");
    const double value = e.score * measure->factor;
    BmfJson& measures = document[e.benchmark->name];
    measures[measure->slug] = bmf_metric(value, e.ci.low * measure->factor, e.ci.high * measure->factor);
    add_rate_measures(measures, *e.benchmark);
  }
  out << document.dump(2, ' ', false, BmfJson::error_handler_t::replace) << '\n';
}

}  // namespace tare::exports
