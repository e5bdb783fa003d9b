#include "tools/tare/compare_output.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "report/console.hpp"
#include "compare/instructions_compare.hpp"
#include "report/json_print.hpp"
#include "tools/tare/markdown_text.hpp"
#include "tools/tare/metric.hpp"

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

// A percentage with the digits it deserves: 0.06, 0.6, 1.5, 12.
std::string percent(double fraction) {
  const double x = std::abs(100 * fraction);
  if (x < 0.1) return fmt::format("{:.2f}", x);
  return x < 10 ? fmt::format("{:.1f}", x) : fmt::format("{:.0f}", x);
}

std::string direction_name(compare::Direction d) {
  switch (d) {
    case compare::Direction::faster: return "faster";
    case compare::Direction::slower: return "slower";
    case compare::Direction::none: break;
  }
  return "no difference";
}

std::string against_threshold_name(compare::AgainstThreshold a) {
  switch (a) {
    case compare::AgainstThreshold::beyond: return "beyond";
    case compare::AgainstThreshold::within: return "within";
    case compare::AgainstThreshold::undecided: break;
  }
  return "undecided";
}

std::string stop_name(compare::CompareRow::Stop stop) {
  switch (stop) {
    case compare::CompareRow::Stop::answer_known: return "answer known";
    case compare::CompareRow::Stop::budget: return "budget spent";
    case compare::CompareRow::Stop::most_pairs: return "most pairs run";
    case compare::CompareRow::Stop::not_sequential: break;
  }
  return "";
}

// tare ab: a comparison the budget or the pair limit cut short says so, and, when it had
// named a direction, how loosely the size is known (it would have gone on for a useful one).
std::string budget_spent(const CompareRow& row) {
  if (row.stop != compare::CompareRow::Stop::budget && row.stop != compare::CompareRow::Stop::most_pairs) return "";
  std::string text = fmt::format(" ({} after {} pairs", stop_name(row.stop), row.pairs.size());
  const auto ratio = compare::time_ratio(row);
  if (row.verdict.direction != compare::Direction::none && !compare::size_known(ratio))
    text += fmt::format(": the size only to ±{}%{}", percent(compare::relative_half_width(ratio)),
                        row.stop == compare::CompareRow::Stop::budget ? ", raise --budget" : "");
  return text + ")";
}

// Where each side's hottest loop starts within its 64-byte cache line, when that differs.
std::string loop_offsets_text(const CompareRow& row) {
  if (!row.code || !row.code->base_loop_offset || !row.code->candidate_loop_offset) return "";
  if (*row.code->base_loop_offset == *row.code->candidate_loop_offset) return "";
  return fmt::format(" (its hot loop at byte {} of a cache line, then {})", *row.code->base_loop_offset,
                     *row.code->candidate_loop_offset);
}

// What changed in a benchmark's timed code: its functions, or the path through the same ones.
std::string code_change_text(const compare::CodeMatch& code) {
  if (!code.changed.empty()) return fmt::format("in {}", fmt::join(code.changed, ", "));
  return fmt::format("the same machine code executing {:+.3g}% instructions: what it works on changed",
                     100 * (code.candidate_instructions / code.base_instructions - 1));
}

// Below the table: which benchmarks' timed code is the same in both builds, and whether it
// sits at the same addresses there (then a difference is neither the code's nor where it
// sits), and which changed (and in which functions), where it was compared.
std::vector<std::string> code_lines(const CompareReport& report) {
  std::vector<std::string> identical, in_place, moved, changed;
  for (const auto& row : report.rows) {
    if (!row.code) continue;
    if (row.code->identical) identical.push_back(row.name);
    else if (row.code->same) (row.code->moved ? moved : in_place).push_back(row.name);
    else changed.push_back(fmt::format("{} ({})", row.name, code_change_text(*row.code)));
  }
  std::vector<std::string> lines;
  if (!identical.empty())
    lines.push_back(fmt::format("Identical binaries, the same code at the same addresses (a difference is not the code's, "
                                "nor where it sits): {}",
                                fmt::join(identical, ", ")));
  if (!in_place.empty())
    lines.push_back(fmt::format("Same machine code at the same addresses in both builds (a difference is not the code's, "
                                "nor where it sits): {}",
                                fmt::join(in_place, ", ")));
  if (!moved.empty())
    lines.push_back(fmt::format("Same machine code in both builds, placed elsewhere (any difference is placement): {}",
                                fmt::join(moved, ", ")));
  if (!changed.empty()) lines.push_back(fmt::format("Timed code changed: {}", fmt::join(changed, "; ")));
  return lines;
}

// "slower by 0.6–1.5%, across the 1% threshold"; "no difference beyond ±1%"; "no
// difference found (±2.3% would have been found)".
std::string verdict_text(const CompareRow& row, const CompareReport& report) {
  if (!row.problem.empty()) return "not compared: " + row.problem;
  const auto& v = row.verdict;
  const std::string threshold = fmt::format("{:g}", 100 * report.options.threshold);
  if (v.direction == compare::Direction::none) {
    if (v.against_threshold == compare::AgainstThreshold::within) return "no difference beyond ±" + threshold + "%";
    std::string text = "no difference found";
    if (std::isfinite(v.detectable)) text += " (±" + percent(v.detectable) + "% would have been found)";
    if (row.forks_to_settle > 0) text += fmt::format("; ~{} {} would settle it", row.forks_to_settle, report.replicates);
    return text + budget_spent(row);
  }
  const auto r = compare::time_ratio(row);
  const bool slower = v.direction == compare::Direction::slower;
  std::string size = slower ? percent(r.low - 1) + "–" + percent(r.high - 1) : percent(1 - r.high) + "–" + percent(1 - r.low);
  // An exact ratio (--metric instructions) has one size.
  if (r.low == r.high) size = percent(r.estimate - 1);
  // In words, an undecided threshold statement is an interval across the threshold.
  const std::string where = v.against_threshold == compare::AgainstThreshold::undecided
                                ? "across"
                                : against_threshold_name(v.against_threshold);
  if (v.placement)
    return fmt::format("placement, not a change: the same machine code ran {} by {}%{}", direction_name(v.direction),
                       size, loop_offsets_text(row)) +
           budget_spent(row);
  return fmt::format("{} by {}%, {} the {}% threshold", direction_name(v.direction), size, where, threshold) +
         budget_spent(row);
}

std::string score_text(const Side& side, const std::string& unit) {
  if (!std::isfinite(side.score)) return "n/a";
  // A count per operation is exact: all its digits, not three.
  if (unit == compare::kInstructionsUnit) return fmt::format("{:.7g}", side.score);
  return report::format_score(side.score, unit);
}

// What the ratios are of, for the geometric mean's line.
const char* ratios_of(const CompareReport& report) {
  return report.metric == compare::Metric::instructions ? "instruction-count ratios" : "time ratios";
}

// Counted ratios have no confidence interval: their bounds are the ratios of the runs'
// lowest and highest counts (one point when the runs agree).
const char* ratio_header(const CompareReport& report) {
  return report.metric == compare::Metric::instructions ? "Ratio [runs' range]" : "Ratio [95% CI]";
}

// The console's and Markdown's first line under --metric instructions (time is the default,
// and says nothing).
std::string metric_line(const CompareReport& report) {
  if (report.metric != compare::Metric::instructions) return "";
  return "Metric: instructions per operation, counted by callgrind (exact)\n";
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
      "{}; a direction (faster, slower) is named when the interval excludes 1{}, with its size from the interval; "
      "apart from it, the interval lies beyond, within or across the ±{:g}% threshold; --fail-on slower fails on a "
      "slower whose estimate exceeds the threshold",
      report.method, report.intervals_adjusted ? "" : " and the Holm-adjusted p-value is below 5%",
      100 * report.options.threshold);
}

void write_compare_console(const CompareReport& report, std::ostream& out) {
  std::size_t width = 9;
  for (const auto& row : report.rows) width = std::max(width, row.name.size());
  out << metric_line(report);
  out << fmt::format("{:<{}}  {:>12}  {:>12}  {:>8}  {:<24}  {}\n", "Benchmark", width, "Base", "New", "Change",
                     ratio_header(report), "Verdict");
  for (const auto& row : report.rows) {
    const bool compared = row.problem.empty();
    out << fmt::format("{:<{}}  {:>12}  {:>12}  {:>8}  {:<24}  {}\n", row.name, width,
                       score_text(row.base, row.unit), score_text(row.candidate, row.unit),
                       compared ? change_text(row.ratio) : "", compared ? ratio_text(row.ratio) : "",
                       verdict_text(row, report));
  }
  if (report.geomean)
    out << fmt::format("\nGeometric mean of {}: {} over {} benchmarks\n", ratios_of(report), ratio_text(*report.geomean),
                       std::count_if(report.rows.begin(), report.rows.end(),
                                     [](const CompareRow& r) { return r.problem.empty(); }));
  if (!report.only_in_base.empty())
    out << fmt::format("Only in the base run: {}\n", fmt::join(report.only_in_base, ", "));
  if (!report.only_in_candidate.empty())
    out << fmt::format("Only in the new run: {}\n", fmt::join(report.only_in_candidate, ", "));
  for (const auto& line : code_lines(report)) out << line << "\n";
  out << "\n" << compare_method(report) << ".\n";
  for (const auto& note : unique(report.notes)) out << "Note: " << note << ".\n";
}

void write_compare_markdown(const CompareReport& report, std::ostream& out) {
  // A blank line after the metric's: a table does not interrupt a paragraph.
  if (const std::string line = metric_line(report); !line.empty()) out << line << "\n";
  out << fmt::format("| Benchmark | Base | New | Change | {} | Verdict |\n", ratio_header(report));
  out << "|---|---:|---:|---:|---|---|\n";
  for (const auto& row : report.rows) {
    const bool compared = row.problem.empty();
    const bool named = compared && row.verdict.direction != compare::Direction::none && !row.verdict.placement;
    const std::string verdict = named ? "**" + verdict_text(row, report) + "**" : verdict_text(row, report);
    out << fmt::format("| {} | {} | {} | {} | {} | {} |\n", markdown_code_cell(row.name), score_text(row.base, row.unit),
                       score_text(row.candidate, row.unit), compared ? change_text(row.ratio) : "",
                       compared ? ratio_text(row.ratio) : "", verdict);
  }
  if (report.geomean)
    out << fmt::format("\nGeometric mean of {}: {}\n", ratios_of(report), ratio_text(*report.geomean));
  for (const auto& line : code_lines(report)) out << "\n" << line << "\n";
  out << "\n<sub>" << compare_method(report) << ".</sub>\n";
  for (const auto& note : unique(report.notes)) out << "\n> " << note << ".\n";
}

namespace {

Json positive_or_null(double v) { return v > 0 ? Json(v) : Json(nullptr); }

Json optional_json(const std::optional<std::uint64_t>& v) { return v ? Json(*v) : Json(nullptr); }

// The two sides' timed code compared: the same (byte-identical binaries, or at other
// addresses) or which functions changed, and where the hot loop starts within a cache line
// on each side.
Json code_json(const compare::CodeMatch& code) {
  return Json{{"same", code.same},
              {"identical", code.identical},
              {"changed", code.changed},
              {"moved", code.moved},
              {"path_differs", code.path_differs},
              {"instructions_per_invocation",
               {{"base", positive_or_null(code.base_instructions)}, {"new", positive_or_null(code.candidate_instructions)}}},
              {"hot_loop_offset", {{"base", optional_json(code.base_loop_offset)}, {"new", optional_json(code.candidate_loop_offset)}}}};
}

// One benchmark's row of tare.compare/2 (the keys in this order, null where not compared).
Json compare_row_json(const CompareRow& row) {
  Json j;
  j["name"] = row.name;
  j["unit"] = row.unit;
  j["base"] = {{"score", number(row.base.score)}, {"forks", row.base.forks}};
  j["new"] = {{"score", number(row.candidate.score)}, {"forks", row.candidate.forks}};
  if (row.problem.empty()) {
    j["ratio"] = ratio_json(row.ratio);
    j["p_value"] = number(row.ratio.p_value);
    j["p_adjusted"] = number(row.adjusted_p);
    j["verdict"] = row.verdict.placement ? "placement" : direction_name(row.verdict.direction);
    j["against_threshold"] = against_threshold_name(row.verdict.against_threshold);
    j["detectable"] = number(row.verdict.detectable);
    j["fails_gate"] = row.verdict.fails_gate;
    j["forks_to_settle"] = row.forks_to_settle > 0 ? Json(row.forks_to_settle) : Json(nullptr);
    j["problem"] = nullptr;
  } else {
    j["ratio"] = nullptr;
    j["p_value"] = nullptr;
    j["p_adjusted"] = nullptr;
    j["verdict"] = "not compared";
    j["against_threshold"] = nullptr;
    j["detectable"] = nullptr;
    j["fails_gate"] = true;
    j["forks_to_settle"] = nullptr;
    j["problem"] = row.problem;
  }
  j["code"] = row.code ? code_json(*row.code) : Json(nullptr);
  // How far a process was watched for a slow start, and the start found (0: none).
  j["slow_start"] = row.slow_start ? Json{{"watched_ms", number(row.slow_start->horizon_ms)},
                                          {"found_ms", number(row.slow_start->warmup_ms)},
                                          {"slower", number(row.slow_start->slower)}}
                                   : Json(nullptr);
  if (row.stop != compare::CompareRow::Stop::not_sequential) j["stopped"] = stop_name(row.stop);
  if (!row.pairs.empty()) {
    Json pairs = Json::array();
    for (const auto& [base, candidate] : row.pairs) pairs.push_back({{"base", number(base)}, {"new", number(candidate)}});
    j["pairs"] = std::move(pairs);
  }
  return j;
}

}  // namespace

void write_compare_json(const CompareReport& report, std::ostream& out) {
  Json doc;
  doc["schema"] = "tare.compare/2";
  doc["method"] = compare_method(report);
  doc["metric"] = metric_name(report.metric);
  doc["threshold"] = report.options.threshold;
  doc["seed"] = report.options.seed;
  Json rows = Json::array();
  for (const auto& row : report.rows) rows.push_back(compare_row_json(row));
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
  doc["between_runs_sd"] = report.between_runs_sd >= 0 ? Json(report.between_runs_sd) : Json(nullptr);
  doc["notes"] = unique(report.notes);
  report::detail::print_json(doc, out);
  out << "\n";
}

}  // namespace tare::tool
