// Reading small kernel files (/proc, /sys) whole. Internal to the clock component.
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace tare::clock::detail {

/// The file's contents, or "" when it cannot be read. Kernel files report a size of 0 (or
/// 4096) whatever they hold, so the file is streamed rather than sized.
inline std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) return {};
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace tare::clock::detail
