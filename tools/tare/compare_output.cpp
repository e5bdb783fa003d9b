#include "tools/tare/compare_output.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "report/console.hpp"
#include "report/json_print.hpp"

namespace tare::tool {
namespace {

using Json = nlohmann::ordered_json;
using compare::CompareRow;
using compare::Side;

std::string ratio_text(const stats::RatioInterval& r) {
  return fmt::format("{:.3f} [{:.3f}, {:.3f}]", r.estimate, r.low, r.high);
}

std::string change_text(const stats::RatioInterval& r) {
  return fmt::format("{:+.1f}%", 100 * (r.estimate - 1));
}

std::string verdict_text(const CompareRow& row, const std::string& replicates) {
  if (!row.problem.empty()) return "not compared: " + row.problem;
  if (row.verdict != "inconclusive") return row.verdict;
  if (row.forks_to_settle == 0) return "inconclusive (on the threshold)";
  return fmt::format("inconclusive (~{} {} would settle it)", row.forks_to_settle, replicates);
}

std::string score_text(const Side& side, const std::string& unit) {
  return std::isfinite(side.score) ? report::format_score(side.score, unit) : "n/a";
}

std::vector<std::string> unique(std::vector<std::string> items) {
  std::sort(items.begin(), items.end());
  items.erase(std::unique(items.begin(), items.end()), items.end());
  return items;
}

Json number(double v) { return std::isfinite(v) ? Json(v) : Json(nullptr); }

Json ratio_json(const stats::RatioInterval& r) {
  return Json{{"estimate", number(r.estimate)}, {"low", number(r.low)}, {"high", number(r.high)},
              {"level", number(r.level)}};
}

}  // namespace

std::string compare_method(const CompareReport& report) {
  return fmt::format(
      "{}; faster/slower when the whole interval lies beyond ±{:g}% and the Holm-adjusted p-value is below 5%, "
      "same when it lies within ±{:g}%",
      report.method, 100 * report.options.threshold, 100 * report.options.threshold);
}

void write_compare_console(const CompareReport& report, std::ostream& out) {
  std::size_t width = 9;
  for (const auto& row : report.rows) width = std::max(width, row.name.size());
  out << fmt::format("{:<{}}  {:>12}  {:>12}  {:>8}  {:<24}  {}\n", "Benchmark", width, "Base", "New", "Change",
                     "Ratio [95% CI]", "Verdict");
  for (const auto& row : report.rows) {
    const bool compared = row.problem.empty();
    out << fmt::format("{:<{}}  {:>12}  {:>12}  {:>8}  {:<24}  {}\n", row.name, width,
                       score_text(row.base, row.unit), score_text(row.candidate, row.unit),
                       compared ? change_text(row.ratio) : "", compared ? ratio_text(row.ratio) : "",
                       verdict_text(row, report.replicates));
  }
  if (report.geomean)
    out << fmt::format("\nGeometric mean of time ratios: {} over {} benchmarks\n", ratio_text(*report.geomean),
                       std::count_if(report.rows.begin(), report.rows.end(),
                                     [](const CompareRow& r) { return r.problem.empty(); }));
  if (!report.only_in_base.empty())
    out << fmt::format("Only in the base run: {}\n", fmt::join(report.only_in_base, ", "));
  if (!report.only_in_candidate.empty())
    out << fmt::format("Only in the new run: {}\n", fmt::join(report.only_in_candidate, ", "));
  out << "\n" << compare_method(report) << ".\n";
  for (const auto& note : unique(report.notes)) out << "Note: " << note << ".\n";
}

void write_compare_markdown(const CompareReport& report, std::ostream& out) {
  out << "| Benchmark | Base | New | Change | Ratio [95% CI] | Verdict |\n";
  out << "|---|---:|---:|---:|---|---|\n";
  for (const auto& row : report.rows) {
    const bool compared = row.problem.empty();
    const std::string verdict = row.verdict == "faster" || row.verdict == "slower" ? "**" + row.verdict + "**"
                                                                                  : verdict_text(row, report.replicates);
    out << fmt::format("| `{}` | {} | {} | {} | {} | {} |\n", row.name, score_text(row.base, row.unit),
                       score_text(row.candidate, row.unit), compared ? change_text(row.ratio) : "",
                       compared ? ratio_text(row.ratio) : "", verdict);
  }
  if (report.geomean) out << fmt::format("\nGeometric mean of time ratios: {}\n", ratio_text(*report.geomean));
  out << "\n<sub>" << compare_method(report) << ".</sub>\n";
  for (const auto& note : unique(report.notes)) out << "\n> " << note << ".\n";
}

void write_compare_json(const CompareReport& report, std::ostream& out) {
  Json doc;
  doc["schema"] = "tare.compare/1";
  doc["method"] = compare_method(report);
  doc["threshold"] = report.options.threshold;
  Json rows = Json::array();
  for (const auto& row : report.rows) {
    Json j;
    j["name"] = row.name;
    j["unit"] = row.unit;
    j["base"] = {{"score", number(row.base.score)}, {"forks", row.base.forks}};
    j["new"] = {{"score", number(row.candidate.score)}, {"forks", row.candidate.forks}};
    if (row.problem.empty()) {
      j["ratio"] = ratio_json(row.ratio);
      j["p_value"] = number(row.ratio.p_value);
      j["p_adjusted"] = number(row.adjusted_p);
      j["verdict"] = row.verdict;
      j["forks_to_settle"] = row.forks_to_settle > 0 ? Json(row.forks_to_settle) : Json(nullptr);
      j["problem"] = nullptr;
    } else {
      j["ratio"] = nullptr;
      j["p_value"] = nullptr;
      j["p_adjusted"] = nullptr;
      j["verdict"] = "not compared";
      j["forks_to_settle"] = nullptr;
      j["problem"] = row.problem;
    }
    if (!row.pairs.empty()) {
      Json pairs = Json::array();
      for (const auto& [base, candidate] : row.pairs) pairs.push_back({{"base", number(base)}, {"new", number(candidate)}});
      j["pairs"] = std::move(pairs);
    }
    rows.push_back(std::move(j));
  }
  doc["benchmarks"] = std::move(rows);
  doc["geomean"] = report.geomean ? ratio_json(*report.geomean) : Json(nullptr);
  doc["only_in_base"] = report.only_in_base;
  doc["only_in_new"] = report.only_in_candidate;
  if (report.base_reference_ns > 0 && report.candidate_reference_ns > 0)
    doc["machine"] = {{"base_reference_ns", report.base_reference_ns},
                      {"new_reference_ns", report.candidate_reference_ns},
                      {"ratio", report.candidate_reference_ns / report.base_reference_ns}};
  else
    doc["machine"] = nullptr;
  doc["notes"] = unique(report.notes);
  report::detail::print_json(doc, out);
  out << "\n";
}

}  // namespace tare::tool
