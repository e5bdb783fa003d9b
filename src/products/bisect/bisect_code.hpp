// Which built commits run the same timed code for the benchmark (`tare bisect` measures one
// commit of each code): byte-identical binaries, or the same machine code in the timed loop
// as callgrind and objdump see it (runner/timed_code, compare/code_match: the same functions,
// digests and instructions per call, wherever the linker put them). Each binary's timed code
// is identified once, every one after the same batch of calls (the first binary's
// calibration), so that a benchmark carrying state from call to call is counted alike.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ab/ab_listing.hpp"
#include "results/results.hpp"
#include "runner/hot_code_profile.hpp"

namespace tare::bisect {

class CodeClasses {
 public:
  /// `tools`: valgrind and objdump, to compare the timed code of binaries that differ;
  /// without them only byte-identical binaries share a class.
  CodeClasses(std::optional<runner::HotCodeTools> tools, double timeout_seconds)
      : tools_(std::move(tools)), timeout_seconds_(timeout_seconds) {}

  /// A class an earlier run of the bisect gave `binary` (its log): the binary stands for it.
  void known(int code, const std::string& binary);
  /// The class of `binary`, whose benchmark is `b`: an existing one, or a new one it stands for.
  int classify(const std::string& binary, const ab::Listed& b);
  /// Why a timed code could not be identified (a benchmark of several threads, callgrind failing).
  const std::vector<std::string>& notes() const { return notes_; }

 private:
  int class_of(const std::string& binary, const ab::Listed& b);
  /// The timed code of `binary`, identified once; nullopt when it cannot be (a note says why).
  const std::optional<results::CodeIdentity>& identity(const std::string& binary, const ab::Listed& b);
  std::optional<runner::HotCodeTools> tools_;
  double timeout_seconds_;
  std::optional<std::uint64_t> batch_;                ///< the calls every identity counts after
  std::map<int, std::string> representatives_;        ///< the first binary of each class
  std::vector<std::pair<std::string, int>> members_;  ///< every binary classified, for byte-identity
  std::map<std::string, std::optional<results::CodeIdentity>> identities_;
  std::vector<std::string> notes_;
};

}  // namespace tare::bisect
