#include "bisect/bisect_git.hpp"

#include <chrono>
#include <filesystem>
#include <stdexcept>

#include "input/usage_error.hpp"
#include "system/capture.hpp"
#include "system/find_on_path.hpp"
#include "text/split.hpp"

namespace tare::bisect {
namespace {

// Long enough for a worktree of a large repository on a busy machine.
constexpr std::chrono::seconds kGitTimeout{300};
constexpr std::size_t kMostOutput = 64 << 20;

// The first line of git's complaint, for a one-line error.
std::string first_line(const std::string& text) {
  const std::string trimmed(text::trim(text));
  return trimmed.substr(0, trimmed.find('\n'));
}

}  // namespace

Git::Git(const std::string& checkout) {
  const auto git = system::find_on_path("git");
  if (!git) throw input::UsageError("tare bisect needs git on PATH (apt-get install git)");
  git_ = *git;
  top_ = checkout;
  top_ = std::string(text::trim(run({"rev-parse", "--show-toplevel"}, checkout + " is not in a git checkout")));
}

std::string Git::run(const std::vector<std::string>& args, const std::string& failure, Blame blame) const {
  std::vector<std::string> all{"-C", top_};
  all.insert(all.end(), args.begin(), args.end());
  const system::Captured answer =
      system::capture_output(git_, all, {std::chrono::steady_clock::now() + kGitTimeout, kMostOutput});
  if (answer.ending == system::Captured::Ending::ended && answer.exit_status == 0) return answer.output;
  const std::string why = answer.ending == system::Captured::Ending::ended ? first_line(answer.errors)
                          : answer.ending == system::Captured::Ending::deadline ? "git did not answer in time"
                                                                                : "git did not finish";
  const std::string message = why.empty() ? failure : failure + " (" + why + ")";
  if (blame == Blame::step) throw std::runtime_error(message);
  throw input::UsageError(message);
}

std::string Git::resolve(const std::string& revision, const std::string& what) const {
  if (revision.empty() || revision.front() == '-')
    throw input::UsageError(what + " '" + revision + "': not a revision");
  return std::string(text::trim(
      run({"rev-parse", "--verify", "--quiet", revision + "^{commit}"}, what + " " + revision + ": no such commit")));
}

std::vector<CommitInfo> Git::range(const std::string& good, const std::string& bad) const {
  if (good == bad) throw input::UsageError("--good and --bad are the same commit " + good.substr(0, 12));
  run({"merge-base", "--is-ancestor", good, bad},
      "--good " + good.substr(0, 12) + " is not an ancestor of --bad " + bad.substr(0, 12));
  // %H and %s separated by a tab, one commit a line, oldest first.
  const std::string listed = run({"log", "--first-parent", "--reverse", "--format=%H%x09%s", good + ".." + bad},
                                 "cannot list the commits from " + good.substr(0, 12) + " to " + bad.substr(0, 12));
  const std::string good_line = run({"log", "-1", "--format=%H%x09%s", good}, "cannot read commit " + good);
  std::vector<CommitInfo> commits;
  for (const auto& line : text::split(good_line + listed, '\n')) {
    if (line.empty()) continue;
    const auto tab = line.find('\t');
    commits.push_back({std::string(line.substr(0, tab)), tab == std::string::npos ? "" : std::string(line.substr(tab + 1))});
  }
  if (commits.size() < 2 || commits.back().hash != bad)
    throw input::UsageError("--bad " + bad.substr(0, 12) + " is not on the first-parent history after --good " +
                            good.substr(0, 12));
  return commits;
}

void Git::add_worktree(const std::string& path, const std::string& hash) const {
  if (std::filesystem::exists(std::filesystem::path(path) / ".git")) return;
  run({"worktree", "add", "--detach", "--force", path, hash}, "commit " + hash.substr(0, 12) + ": git worktree add failed",
      Blame::step);
}

}  // namespace tare::bisect
