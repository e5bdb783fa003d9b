#include "bisect/bisect_code.hpp"

#include "ab/ab_code.hpp"
#include "ab/identical_files.hpp"
#include "compare/compare.hpp"

namespace tare::bisect {

void CodeClasses::known(int code, const std::string& binary) {
  representatives_.emplace(code, binary);
  members_.emplace_back(binary, code);
}

bool CodeClasses::same_timed_code(const std::string& representative, const std::string& binary, const ab::Listed& b) {
  if (!tools_) return false;
  compare::CompareRow row;
  ab::check_timed_code(*tools_, {representative, binary}, b, timeout_seconds_, row, notes_);
  return row.code && row.code->same;
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
  for (const auto& [code, representative] : representatives_)
    if (same_timed_code(representative, binary, b)) return code;
  return representatives_.empty() ? 0 : representatives_.rbegin()->first + 1;
}

}  // namespace tare::bisect
