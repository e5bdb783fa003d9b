// Reading a file whole: kernel files (/proc, /sys), results files, logs.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace tare::text {

/// The file's contents, or nullopt when it cannot be opened. Read to its end whatever size
/// it reports (kernel files say 0 or 4096), in one allocation where the size is true.
std::optional<std::string> read_file(const std::filesystem::path& path);

}  // namespace tare::text
