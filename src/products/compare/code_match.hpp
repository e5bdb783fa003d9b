// Whether two builds run the same machine code for a benchmark, and where each placed it:
// the two sides' results::CodeIdentity compared. Same code that sits elsewhere is a
// difference of placement (alignment against cache lines, the decoded-instruction cache,
// branch predictors), not a change to the benchmark. Same code at the same addresses (and
// byte-identical binaries, above all) is neither: a difference in time is then not the
// code's, nor where it sits. Pure.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "results/results.hpp"

namespace tare::compare {

struct CodeMatch {
  /// The two binaries are byte-identical (tare ab): the same code at the same addresses,
  /// known without running either under callgrind; nothing else below is measured.
  bool identical = false;
  /// Same function names, every digest equal, and (where both sides counted them) as many
  /// instructions executed per invocation; or identical.
  bool same = false;
  std::vector<std::string> changed;  ///< functions whose code differs or that one side lacks (sorted, once each)
  /// Same code that sits elsewhere: some function's entry address differs, or the hot
  /// loop's (other padding before it). Never for identical binaries.
  bool moved = false;
  std::optional<std::uint64_t> base_loop_offset, candidate_loop_offset;  ///< hot loop address mod 64
  /// The same functions executed a different number of instructions per invocation: the
  /// code is the same, what it works on is not (a benchmark's input changed in its set-up).
  bool path_differs = false;
  double base_instructions = 0, candidate_instructions = 0;  ///< per invocation; 0 unknown
};

/// The alignment figures cache lines see: 64 bytes.
inline constexpr std::uint64_t kCacheLineBytes = 64;

/// Compares by function name; a name held by several functions (static functions of two
/// files) compares their digests as sorted lists. Loop offsets are filled whenever a side
/// knows its hot loop, same code or not.
CodeMatch match_code(const results::CodeIdentity& base, const results::CodeIdentity& candidate);

/// The match of two byte-identical binaries: identical and same, not moved.
CodeMatch identical_code();

}  // namespace tare::compare
