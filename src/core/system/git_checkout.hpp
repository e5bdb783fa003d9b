// What a git checkout says about the source a benchmark was built from: its commit, its
// branch, and whether it has changes not committed. Asked of git itself (three short
// commands, each within a deadline); no git, or a folder that is no checkout, is no error:
// the run just does not know.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace tare::system {

struct GitState {
  std::string commit;           ///< the full hash of HEAD
  std::string branch;           ///< "" when HEAD is detached
  std::optional<bool> dirty;    ///< changes to tracked files; nullopt when git could not tell
};

/// The checkout `dir` is in; nullopt when git is not installed or `dir` is in none.
std::optional<GitState> git_state(const std::filesystem::path& dir);

}  // namespace tare::system
