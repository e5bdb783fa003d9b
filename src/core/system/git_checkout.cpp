#include "system/git_checkout.hpp"

#include <chrono>
#include <vector>

#include "system/capture.hpp"
#include "system/find_on_path.hpp"
#include "text/split.hpp"

namespace tare::system {
namespace {

// Long enough for a large checkout's status on a busy machine; a run never waits longer.
constexpr std::chrono::seconds kGitTimeout{5};
constexpr std::size_t kMostOutput = 1 << 20;

std::optional<std::string> ask(const std::string& git, const std::filesystem::path& dir, std::vector<std::string> args) {
  // Reading only: status takes no lock on the index (--no-optional-locks).
  args.insert(args.begin(), {"--no-optional-locks", "-C", dir.string()});
  const Captured answer = capture_output(git, args, {std::chrono::steady_clock::now() + kGitTimeout, kMostOutput});
  if (answer.ending != Captured::Ending::ended || answer.exit_status != 0) return std::nullopt;
  return answer.output;
}

}  // namespace

std::optional<GitState> git_state(const std::filesystem::path& dir) {
  const auto git = find_on_path("git");
  if (!git) return std::nullopt;
  const auto commit = ask(*git, dir, {"rev-parse", "--verify", "HEAD"});
  if (!commit) return std::nullopt;
  GitState state;
  state.commit = std::string(text::trim(*commit));
  if (const auto branch = ask(*git, dir, {"rev-parse", "--abbrev-ref", "HEAD"})) {
    state.branch = std::string(text::trim(*branch));
    if (state.branch == "HEAD") state.branch.clear();  // detached
  }
  if (const auto status = ask(*git, dir, {"status", "--porcelain", "--untracked-files=no"}))
    state.dirty = !text::trim(*status).empty();
  return state;
}

}  // namespace tare::system
