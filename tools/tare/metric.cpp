#include "tools/tare/metric.hpp"

#include "input/usage_error.hpp"

namespace tare::tool {

compare::Metric parse_metric(const std::string& text) {
  if (text == "time") return compare::Metric::time;
  if (text == "instructions") return compare::Metric::instructions;
  throw input::UsageError("--metric " + text + ": expected time or instructions");
}

const char* metric_name(compare::Metric metric) {
  switch (metric) {
    case compare::Metric::time: return "time";
    case compare::Metric::instructions: return "instructions";
  }
  return "";
}

}  // namespace tare::tool
