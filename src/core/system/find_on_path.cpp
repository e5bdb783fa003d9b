#include "system/find_on_path.hpp"

#include <unistd.h>

#include <cstdlib>

#include "text/split.hpp"

namespace tare::system {

std::optional<std::string> find_on_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  if (!path) return std::nullopt;
  for (const auto& folder : text::split(path, ':')) {
    if (folder.empty() || folder.front() != '/') continue;  // only absolute places
    const std::string candidate = std::string(folder) + "/" + name;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return std::nullopt;
}

}  // namespace tare::system
