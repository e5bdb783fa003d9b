// A throwaway directory standing in for "/" so describe_machine reads files we wrote.
#pragma once

#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include <unistd.h>

namespace tare::test {

class FakeRoot {
 public:
  FakeRoot() {
    static std::atomic<int> counter{0};
    path_ = std::filesystem::temp_directory_path() /
            ("tare-system-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~FakeRoot() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  FakeRoot(const FakeRoot&) = delete;
  FakeRoot& operator=(const FakeRoot&) = delete;

  /// Writes `text` at `relative` (e.g. "proc/loadavg"), creating the folders.
  void write(std::string_view relative, std::string_view text) const {
    const std::filesystem::path file = path_ / relative;
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file) << text;
  }

  /// A symbolic link at `relative` pointing at `target` (which need not exist).
  void link(std::string_view relative, std::string_view target) const {
    const std::filesystem::path file = path_ / relative;
    std::filesystem::create_directories(file.parent_path());
    std::filesystem::create_symlink(target, file);
  }

  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace tare::test
