#include "bisect/bisect_code.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "ab/identical_files.hpp"
#include "compare/code_match.hpp"
#include "runner/launcher.hpp"
#include "runner/timed_code.hpp"

namespace tare::bisect {

void CodeClasses::known(int code, const std::string& binary) {
  representatives_.emplace(code, binary);
  members_.emplace_back(binary, code);
}

int CodeClasses::classify(const std::string& binary, const ab::Listed& b) {
  const int code = class_of(binary, b);
  representatives_.emplace(code, binary);  // only when the class is new
  members_.emplace_back(binary, code);
  return code;
}

int CodeClasses::class_of(const std::string& binary, const ab::Listed& b) {
  // Bytes first: a copy, or a build that changed nothing, needs no callgrind.
  for (const auto& [member, code] : members_)
    if (ab::identical_files(member, binary)) return code;
  if (tools_ && b.threads == 1 && identity(binary, b)) {
    for (const auto& [code, representative] : representatives_) {
      const auto& known = identity(representative, b);
      if (known && compare::match_code(*known, *identity(binary, b)).same) return code;
    }
  }
  return representatives_.empty() ? 0 : representatives_.rbegin()->first + 1;
}

const std::optional<results::CodeIdentity>& CodeClasses::identity(const std::string& binary, const ab::Listed& b) {
  const auto known = identities_.find(binary);
  if (known != identities_.end()) return known->second;
  std::optional<results::CodeIdentity>& identified = identities_[binary];
  runner::CallgrindTarget target = ab::callgrind_target(b);
  target.executable = binary;
  try {
    // The first binary calibrates the batch; every identity, its own too, counts that batch.
    if (!batch_) batch_ = runner::identify_timed_code(target, *tools_, timeout_seconds_).invocations;
    identified = runner::identify_timed_code(target, *tools_, timeout_seconds_, *batch_);
  } catch (const runner::Interrupted&) {
    throw;
  } catch (const std::runtime_error& e) {  // WorkerFailure, BenchmarkSkipped, objdump, the files
    notes_.push_back(fmt::format("{}: its timed code was not identified, so it was measured: {}", binary, e.what()));
  }
  return identified;
}

}  // namespace tare::bisect
