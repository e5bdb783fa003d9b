#include "text/read_file.hpp"

#include <fstream>
#include <system_error>

namespace tare::text {

std::optional<std::string> read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::string contents;
  // Room for the whole file at once where its size is known, so that a large results file
  // is held once rather than briefly twice while the string grows. Kernel files say 0 (or
  // 4096) whatever they hold, and pipes have no size: what is read is read to the end anyway.
  std::error_code error;
  if (const auto size = std::filesystem::file_size(path, error); !error) contents.reserve(static_cast<std::size_t>(size));
  char chunk[65536];
  while (in.read(chunk, sizeof chunk) || in.gcount() > 0) contents.append(chunk, static_cast<std::size_t>(in.gcount()));
  return contents;
}

}  // namespace tare::text
