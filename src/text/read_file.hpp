// Reading a small file whole: kernel files (/proc, /sys) and the files tare writes itself.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace tare::text {

/// The file's contents, or nullopt when it cannot be opened. Kernel files report a size of
/// 0 (or 4096) whatever they hold, so the file is streamed rather than sized.
std::optional<std::string> read_file(const std::filesystem::path& path);

}  // namespace tare::text
