#include "runner/hot_code_file.hpp"

#include <filesystem>
#include <ostream>
#include <string_view>
#include <system_error>

#include "system/atomic_file.hpp"

namespace tare::runner {
namespace {

// Room for a suffix and ".txt" within a file system's 255 bytes a name.
constexpr std::size_t kLongestStem = 200;

bool kept_as_is(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '-' ||
         c == '_' || c == '=' || c == ',';
}

// "out/run.json" -> "out/run.asm", "out/run" -> "out/run.asm".
std::string beside(const std::string& results) {
  std::filesystem::path path(results);
  path.replace_extension(".asm");
  return path.string();
}

}  // namespace

std::string listing_directory(const std::string& json_path, const std::string& csv_path) {
  if (!json_path.empty()) return beside(json_path);
  if (!csv_path.empty()) return beside(csv_path);
  return "tare-asm";
}

std::string listing_file_name(const std::string& benchmark, std::set<std::string>& taken) {
  // "." and ".." are no files; a leading dot would hide it. (Prefixed before the loop: an
  // insert at 0 afterwards makes GCC 12 warn falsely, -Wrestrict.)
  const std::string_view kept = std::string_view(benchmark).substr(0, kLongestStem);
  std::string stem = kept.empty() || kept[0] == '.' ? "_" : "";
  for (const char c : kept) stem += kept_as_is(c) ? c : '_';
  std::string name = stem + ".txt";
  for (int n = 2; taken.count(name) > 0; ++n) name = stem + "-" + std::to_string(n) + ".txt";
  taken.insert(name);
  return name;
}

std::string write_listing(const std::string& directory, const std::string& name, const std::vector<std::string>& lines) {
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  if (error) throw std::runtime_error(directory + ": cannot create the folder (" + error.message() + ")");
  const std::string path = (std::filesystem::path(directory) / name).string();
  system::write_file_atomically(path, [&](std::ostream& out) {
    for (const auto& line : lines) out << line << '\n';
  });
  return path;
}

}  // namespace tare::runner
