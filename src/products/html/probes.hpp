// The in-application probe's estimates (tare.probe/1, what tare::probe writes) as the
// report draws them: per probe, the mean time per call with its 95% interval from the
// coarse clock, beside the fine-clock sample that checks it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tare::html {

struct ProbeEstimate {
  std::string name, clock, status;
  std::uint64_t calls = 0, sampled_calls = 0;
  std::optional<double> mean_ns, ci_low_ns, ci_high_ns;
  std::optional<double> sampled_mean_ns, sampled_ci_low_ns, sampled_ci_high_ns;
  std::vector<std::string> warnings;
};

/// Throws std::runtime_error naming what is missing or of the wrong type.
std::vector<ProbeEstimate> probes_from_json(const nlohmann::json& document);

std::string probe_summary_rows(const std::vector<ProbeEstimate>& probes, const std::string& label,
                               const std::string& anchor);
std::string probe_section(const std::vector<ProbeEstimate>& probes, const std::string& label, const std::string& anchor);

}  // namespace tare::html
