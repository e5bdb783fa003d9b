#include "analysis/stale_input.hpp"

namespace tare::analysis {

std::optional<std::string> stale_input_warning(const detail::InputRenewal& input, Mode mode) {
  // sample and ss modes make one call per sample: a reset per sample is a reset per call.
  const bool many_calls_per_sample = mode == Mode::avgt || mode == Mode::thrpt;
  if (!many_calls_per_sample || !input.per_sample_hook || !input.operation_mutates_state || input.per_call_hook)
    return std::nullopt;
  return "input reset per sample only: the operation takes State& and may change what before_sample prepared, "
         "so every call after a sample's first may see what the calls before it left (sorted data, an emptied "
         "container); reset it for every call with before_each, or take const State& if the operation does not "
         "change the state";
}

}  // namespace tare::analysis
