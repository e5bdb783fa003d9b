#include "ab/identical_files.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <system_error>
#include <vector>

namespace tare::ab {

bool identical_files(const std::string& a, const std::string& b) {
  std::error_code error;
  if (std::filesystem::equivalent(a, b, error) && !error) return true;
  const auto size_a = std::filesystem::file_size(a, error);
  if (error) return false;
  const auto size_b = std::filesystem::file_size(b, error);
  if (error || size_a != size_b) return false;
  std::ifstream in_a(a, std::ios::binary), in_b(b, std::ios::binary);
  if (!in_a || !in_b) return false;
  // In blocks: a benchmark binary with debug information runs to tens of megabytes.
  std::vector<char> block_a(1 << 16), block_b(1 << 16);
  while (in_a && in_b) {
    in_a.read(block_a.data(), static_cast<std::streamsize>(block_a.size()));
    in_b.read(block_b.data(), static_cast<std::streamsize>(block_b.size()));
    const auto got = in_a.gcount();
    if (got != in_b.gcount() || !std::equal(block_a.begin(), block_a.begin() + got, block_b.begin())) return false;
  }
  return in_a.eof() && in_b.eof();
}

}  // namespace tare::ab
