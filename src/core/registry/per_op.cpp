#include "registry/per_op.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "tare/params.hpp"

namespace tare::registry {

double amount_per_op(const detail::PerOp& per_op, const std::vector<std::pair<std::string, std::string>>& params,
                     const char* setting) {
  const double count = static_cast<double>(per_op.count);
  if (per_op.param.empty()) return count;
  const std::string what = std::string(setting) + "(\"" + per_op.param + "\")";
  const Params values(params);
  if (!values.contains(per_op.param)) throw std::invalid_argument(what + ": the benchmark has no parameter of that name");
  double value = 0;
  try {
    value = values.get<double>(per_op.param);
  } catch (const std::invalid_argument&) {
    throw std::invalid_argument(what + ": its value '" + values.text(per_op.param) + "' is not a number");
  }
  if (!std::isfinite(value) || value < 0)
    throw std::invalid_argument(what + ": its value '" + values.text(per_op.param) + "' is not a count");
  return count * value;
}

}  // namespace tare::registry
