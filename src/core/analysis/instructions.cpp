#include "analysis/instructions.hpp"

#include <cstdint>
#include <string>

namespace tare::analysis {
namespace {

// (count of 2N - count of N) / (N * ops per invocation); 0 when nothing was counted.
double per_op_difference(std::uint64_t n_batch, std::uint64_t two_n_batch, const results::InstructionCounts& counts) {
  const double ops = static_cast<double>(counts.invocations) * static_cast<double>(counts.ops_per_invocation);
  if (ops <= 0) return 0;
  // Signed: a benchmark whose larger batch cost less is reported as such, not wrapped round.
  const double difference = static_cast<double>(two_n_batch) - static_cast<double>(n_batch);
  return difference / ops;
}

results::ProfileMetric counted_metric(std::string name, double per_op) {
  results::ProfileMetric metric;
  metric.profiler = results::Profiler::instructions;
  metric.name = std::move(name);
  metric.unit = "/op";
  metric.mean = per_op;
  metric.forks = 1;
  return metric;
}

}  // namespace

double instructions_per_op(const results::InstructionCounts& counts) {
  return per_op_difference(counts.body_n, counts.body_2n, counts);
}

double empty_loop_instructions_per_op(const results::InstructionCounts& counts) {
  return per_op_difference(counts.empty_n, counts.empty_2n, counts);
}

std::optional<double> rep_string_instructions_per_op(const results::InstructionCounts& counts) {
  if (!counts.rep_strings) return std::nullopt;
  return per_op_difference(counts.rep_strings->n, counts.rep_strings->two_n, counts);
}

std::vector<results::ProfileMetric> instructions_profile(const results::InstructionCounts& counts) {
  std::vector<results::ProfileMetric> rows{counted_metric("instructions", instructions_per_op(counts)),
                                           counted_metric("empty_loop_instructions", empty_loop_instructions_per_op(counts))};
  if (const auto rep_strings = rep_string_instructions_per_op(counts))
    rows.push_back(counted_metric("rep_string_instructions", *rep_strings));
  return rows;
}

}  // namespace tare::analysis
