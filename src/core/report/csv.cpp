#include "report/csv.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "report/enum_names.hpp"
#include "report/score_interval.hpp"
#include "report/utf8.hpp"
#include "report/warning_names.hpp"

namespace tare::report {
namespace {


// Shortest text that reads back as the same double; empty when there is no number.
std::string csv_number(std::optional<double> value) {
  if (!value || !std::isfinite(*value)) return "";
  return fmt::format("{}", *value);
}

std::vector<std::string> counter_columns(const results::Run& run) {
  std::vector<std::string> names;
  for (const results::Benchmark& b : run.benchmarks) {
    for (const std::string& name : b.counter_names) {
      if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    }
  }
  return names;
}

std::optional<double> counter_value(const results::Benchmark& b, const std::string& name) {
  const auto it = std::find(b.counter_names.begin(), b.counter_names.end(), name);
  const auto i = static_cast<std::size_t>(it - b.counter_names.begin());
  if (it == b.counter_names.end() || i >= b.counters_per_op.size()) return std::nullopt;
  return b.counters_per_op[i];
}

// Items and bytes per second (Group::items_per_op, bytes_per_op): three columns each, at
// the end, in files where any benchmark declares them.
struct RateColumns {
  const char* name;
  double results::Benchmark::*per_op;
  std::optional<results::Rate> results::Benchmark::*rate;
};
constexpr RateColumns kRateColumns[] = {
    {"items_per_second", &results::Benchmark::items_per_op, &results::Benchmark::items_per_second},
    {"bytes_per_second", &results::Benchmark::bytes_per_op, &results::Benchmark::bytes_per_second}};

std::vector<RateColumns> rate_columns(const results::Run& run) {
  std::vector<RateColumns> columns;
  for (const RateColumns& c : kRateColumns)
    if (std::any_of(run.benchmarks.begin(), run.benchmarks.end(), [&](const auto& b) { return b.*c.per_op > 0; }))
      columns.push_back(c);
  return columns;
}

void add_rate_fields(std::vector<std::string>& row, const std::optional<results::Rate>& rate) {
  row.push_back(rate ? csv_number(rate->value) : std::string());
  const bool ci = rate && rate->ci;
  row.push_back(ci ? csv_number(rate->ci->low) : std::string());
  row.push_back(ci ? csv_number(rate->ci->high) : std::string());
}

void write_row(std::ostream& out, const std::vector<std::string>& fields) {
  for (std::size_t i = 0; i < fields.size(); ++i) out << (i ? "," : "") << csv_field(fields[i]);
  out << '\n';
}

}  // namespace

std::string csv_field(std::string_view raw) {
  const std::string field = valid_utf8(raw);
  if (field.find_first_of(",\"\r\n") == std::string::npos) return field;
  std::string quoted = "\"";
  for (const char c : field) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + '"';
}

void write_csv(const results::Run& run, std::ostream& out) {
  const std::vector<std::string> counters = counter_columns(run);
  std::vector<std::string> header{"name",   "family",  "mode",     "unit",   "threads", "status",
                                  "score",  "ci_low",  "ci_high",  "ci_level", "ci_scope", "median", "forks",
                                  "samples", "between_fork_variance", "within_fork_variance", "steady_state",
                                  "outlier_effect", "warnings"};
  for (const std::string& name : counters) header.push_back("counter:" + name);
  const std::vector<RateColumns> rates = rate_columns(run);
  for (const RateColumns& c : rates)
    for (const char* suffix : {"", "_ci_low", "_ci_high"}) header.push_back(std::string(c.name) + suffix);
  write_row(out, header);

  for (const results::Benchmark& b : run.benchmarks) {
    // Forks and samples count the evidence behind the estimate: good forks only.
    std::size_t forks = 0;
    std::size_t samples = 0;
    for (const results::Fork& f : b.forks) {
      if (!f.ok) continue;
      ++forks;
      samples += f.samples.size();
    }
    // Codes, not texts: a script splits them on spaces and looks them up (the texts, with
    // commas and semicolons of their own, are in the JSON). Acknowledged ones are left out.
    std::string warnings;
    for (const results::Warning& w : b.warnings)
      if (!w.acknowledged) warnings.append(warnings.empty() ? "" : " ").append(warning_code_name(w.code));
    // The interval every output shows beside the score, and which one it is.
    const auto ci = headline_interval(b);

    std::vector<std::string> row{b.name,
                                 b.family,
                                 mode_name(b.mode),
                                 b.unit,
                                 fmt::format("{}", b.threads),
                                 b.ok ? "ok" : b.skipped.empty() ? "failed" : "skipped",
                                 csv_number(b.score),
                                 csv_number(ci ? std::optional(ci->interval.low) : std::nullopt),
                                 csv_number(ci ? std::optional(ci->interval.high) : std::nullopt),
                                 csv_number(ci ? std::optional(ci->interval.level) : std::nullopt),
                                 ci ? scope_words(ci->scope) : "",
                                 csv_number(b.median),
                                 fmt::format("{}", forks),
                                 fmt::format("{}", samples),
                                 csv_number(b.between_fork_variance),
                                 csv_number(b.within_fork_variance),
                                 b.steady_state,
                                 b.outliers ? b.outliers->effect : std::string(),
                                 warnings};
    for (const std::string& name : counters) row.push_back(csv_number(counter_value(b, name)));
    for (const RateColumns& c : rates) add_rate_fields(row, b.*c.rate);
    write_row(out, row);
  }
}

}  // namespace tare::report
