// What `tare bisect` asks of git: the checkout it runs in, the two revisions, the commits
// between them, and a worktree of each commit it builds. Every command runs within a
// deadline; a failure is one line naming the command's subject.
#pragma once

#include <string>
#include <vector>

namespace tare::bisect {

/// A commit of the range: its full hash and the first line of its message.
struct CommitInfo {
  std::string hash, subject;
};

class Git {
 public:
  /// git on PATH, run in `checkout`. Throws input::UsageError when git is missing or
  /// `checkout` is not in a git checkout.
  explicit Git(const std::string& checkout);

  /// The top folder of the checkout.
  const std::string& top() const { return top_; }
  /// The full hash of `revision` (`what` names it in the error: "--good"). Throws
  /// input::UsageError when it names no commit.
  std::string resolve(const std::string& revision, const std::string& what) const;
  /// good, then the commits after it up to bad along bad's first parents. Throws
  /// input::UsageError when good is not an ancestor of bad, or is bad.
  std::vector<CommitInfo> range(const std::string& good, const std::string& bad) const;
  /// A worktree of `hash` at `path` (detached), unless one is there already.
  void add_worktree(const std::string& path, const std::string& hash) const;

 private:
  /// Whose fault a failing git command is: the arguments' (input::UsageError) or a step's
  /// (std::runtime_error).
  enum class Blame { input, step };
  std::string run(const std::vector<std::string>& args, const std::string& failure, Blame blame = Blame::input) const;
  std::string git_, top_;
};

}  // namespace tare::bisect
