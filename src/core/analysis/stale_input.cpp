#include "analysis/stale_input.hpp"

namespace tare::analysis {

bool input_goes_stale(const detail::InputRenewal& input, Mode mode) {
  // sample and ss modes make one call per sample: a reset per sample is a reset per call.
  const bool many_calls_per_sample = mode == Mode::avgt || mode == Mode::thrpt;
  return many_calls_per_sample && input.per_sample_hook && input.operation_mutates_state && !input.per_call_hook;
}

}  // namespace tare::analysis
