// What Group::items_per_op and bytes_per_op come to at one point of a benchmark's
// parameter matrix.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "registry/benchmark_spec.hpp"

namespace tare::registry {

/// The items or bytes one operation processes at these parameter values; 0 when not
/// declared. Throws std::invalid_argument, naming the setting, when its parameter is not
/// among `params` or its value is not a non-negative number.
double amount_per_op(const detail::PerOp& per_op, const std::vector<std::pair<std::string, std::string>>& params,
                     const char* setting);

}  // namespace tare::registry
