#include "analysis/advice.hpp"

namespace tare::analysis {

results::Advice advice(results::AdviceKind kind, SourceApi api) {
  return {kind, api == SourceApi::google_benchmark ? results::AdviceApi::google_benchmark : results::AdviceApi::tare};
}

}  // namespace tare::analysis
