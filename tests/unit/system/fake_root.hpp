// A throwaway directory standing in for "/" so describe_machine reads files we wrote.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include "support/scratch_dir.hpp"

namespace tare::test {

class FakeRoot : public ScratchDir {
 public:
  FakeRoot() : ScratchDir("tare-system-test") {}

  /// Writes `text` at `relative` (e.g. "proc/loadavg"), creating the folders.
  void write(std::string_view relative, std::string_view text) const {
    const std::filesystem::path file = path() / relative;
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file) << text;
  }

  /// A symbolic link at `relative` pointing at `target` (which need not exist).
  void link(std::string_view relative, std::string_view target) const {
    const std::filesystem::path file = path() / relative;
    std::filesystem::create_directories(file.parent_path());
    std::filesystem::create_symlink(target, file);
  }
};

}  // namespace tare::test
