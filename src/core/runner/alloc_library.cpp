#include "runner/alloc_library.hpp"

#include <unistd.h>

#include <cstdlib>
#include <string>

#include "input/usage_error.hpp"

namespace tare::runner {
namespace {

bool readable_file(const std::string& path) { return !path.empty() && access(path.c_str(), R_OK) == 0; }

}  // namespace

AllocLibraryPlaces alloc_library_places() {
  AllocLibraryPlaces places;
  if (const char* path = std::getenv(kAllocLibraryEnv); path && *path) places.override_path = path;
  places.defaults = {TARE_ALLOC_BUILD_PATH, TARE_ALLOC_INSTALL_PATH};
  if (std::string(TARE_ALLOC_PACKAGE_PATH) != TARE_ALLOC_INSTALL_PATH) places.defaults.push_back(TARE_ALLOC_PACKAGE_PATH);
#ifdef __SANITIZE_ADDRESS__
  places.address_sanitizer = true;
#endif
  return places;
}

std::string find_alloc_library(const AllocLibraryPlaces& places) {
  if (places.address_sanitizer)
    throw input::UsageError(
        "--prof alloc: this tare is built with AddressSanitizer (TARE_SANITIZE), which replaces malloc itself; "
        "count allocations with a build without it");
  if (places.override_path) {
    if (readable_file(*places.override_path)) return *places.override_path;
    throw input::UsageError("--prof alloc: " + std::string(kAllocLibraryEnv) + "=" + *places.override_path +
                            ": no such file (the allocation counter, libtare_alloc.so)");
  }
  std::string looked;
  for (const auto& path : places.defaults) {
    if (readable_file(path)) return path;
    looked += (looked.empty() ? "" : ", ") + path;
  }
  throw input::UsageError("--prof alloc: the allocation counter libtare_alloc.so is in none of " + looked +
                          "; name it with " + kAllocLibraryEnv + "=PATH");
}

std::string preload_variable(const std::string& library, const char* existing) {
  std::string value = "LD_PRELOAD=" + library;
  if (existing && *existing) value += std::string(":") + existing;
  return value;
}

}  // namespace tare::runner
