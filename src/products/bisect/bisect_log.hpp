// `tare bisect`'s log: one JSON object a line in the work folder, appended and flushed as each
// step ends (the arguments, every build, every comparison, the finding), so that a bisect
// that was interrupted resumes without redoing a logged step. A last line cut short by the
// interruption is ignored.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <tuple>

#include "bisect/bisect_search.hpp"

namespace tare::bisect {

/// What a bisect is of: a log resumes only the same.
struct BisectKey {
  std::string good, bad, build, binary, filter, metric;
  double threshold = 0.01;
  bool operator==(const BisectKey&) const = default;
};

/// A comparison as logged: NEW against BASE, the repeat-th measurement of that pair.
using ComparisonKey = std::tuple<std::string, std::string, int>;

class BisectLog {
 public:
  /// Reads what `path` holds (nothing when it does not exist). Throws std::runtime_error when
  /// it exists and cannot be read.
  explicit BisectLog(std::string path);

  const std::string& path() const { return path_; }
  const std::optional<BisectKey>& key() const { return key_; }
  /// Logged builds by commit hash: the code class, or nullopt for a skipped commit.
  const std::map<std::string, std::optional<int>>& builds() const { return builds_; }
  const std::map<ComparisonKey, Comparison>& comparisons() const { return comparisons_; }

  void start(const BisectKey& key);
  void built(const std::string& commit, std::optional<int> code, int exit_status);
  /// A build that failed the bisect: logged for the record, never replayed (it is tried again).
  void failed(const std::string& commit, const std::string& step, const std::string& why);
  void compared(const ComparisonKey& key, const Comparison& comparison);
  void finished(const std::string& outcome, const std::string& first, const std::string& parent,
                std::size_t comparisons);

 private:
  void read_line(const std::string& line);
  void append(const std::string& line);
  std::string path_;
  std::optional<BisectKey> key_;
  std::map<std::string, std::optional<int>> builds_;
  std::map<ComparisonKey, Comparison> comparisons_;
  bool cut_short_ = false;  ///< the file ends in a line cut short
};

}  // namespace tare::bisect
