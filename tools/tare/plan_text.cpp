#include "tools/tare/plan_text.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "report/console.hpp"

namespace tare::tool {
namespace {

std::string seconds_text(double ns) { return report::format_duration_ns(ns); }

}  // namespace

void write_plan(const results::Run& run, const std::vector<plan::PlanRow>& rows, const plan::PlanOptions& options,
                std::ostream& out) {
  out << fmt::format("Plan for ±{:g}% (95% CI) within {:g} s of machine time per benchmark, from the pilot run of {}\n\n",
                     100 * options.target_relative_half_width, options.budget_seconds, run.context.date);
  std::size_t width = 9;
  for (const auto& r : rows) width = std::max(width, r.name.size());
  out << fmt::format("{:<{}}  {:>5}  {:>12}  {:>15}  {:>10}  {:>10}  {:>11}\n", "Benchmark", width, "Forks",
                     "Samples/fork", "Predicted", "Time", "Fork cost", "Sample cost");
  for (const auto& r : rows) {
    if (!r.problem.empty()) {
      out << fmt::format("{:<{}}  {}\n", r.name, width, r.problem);
      continue;
    }
    const auto& p = r.plan;
    std::string predicted = fmt::format("±{:.2g}%", 100 * p.predicted_relative_half_width);
    if (!p.target_reached) predicted += " (" + (p.limited_by.empty() ? std::string("short") : p.limited_by) + ")";
    out << fmt::format("{:<{}}  {:>5}  {:>12}  {:>15}  {:>10}  {:>10}  {:>11}\n", r.name, width, p.forks,
                       p.samples_per_fork, predicted, seconds_text(p.predicted_ns), seconds_text(r.input.fork_cost_ns),
                       seconds_text(r.input.sample_cost_ns));
  }
  bool any = false;
  for (const auto& r : rows) {
    if (!r.problem.empty()) continue;
    if (!any) out << "\nTo run it:\n";
    any = true;
    out << "  " << plan::command_line(run, r, options) << "\n";
  }
  for (const auto& r : rows)
    if (r.problem.empty() && !r.slow_start_note.empty()) out << "\n" << r.slow_start_note << ".\n";
  for (const auto& r : rows) {
    if (r.problem.empty() && !r.plan.target_reached)
      out << fmt::format("\n{}: the target is out of reach within the budget; the plan gets ±{:.2g}%. Raise --budget "
                         "or accept a wider interval.\n",
                         r.name, 100 * r.plan.predicted_relative_half_width);
  }
}

}  // namespace tare::tool
