// Where --prof alloc finds its allocation counter (libtare_alloc.so), and how a worker gets
// it: preloaded through its environment. Checked before anything is measured.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace tare::runner {

/// The places to look, in order, and what rules the counter out.
struct AllocLibraryPlaces {
  std::optional<std::string> override_path;  ///< TARE_ALLOC_LIBRARY: this file, or an error
  std::vector<std::string> defaults;         ///< this build's, the installed one, the .deb's
  bool address_sanitizer = false;            ///< this tare is built with AddressSanitizer
};

/// The environment variable that names the counter explicitly (an installed prefix moved
/// elsewhere, a build of its own).
inline constexpr const char* kAllocLibraryEnv = "TARE_ALLOC_LIBRARY";

/// The places of this process: the environment, then where this build put the counter,
/// where it installs it and where its Debian package does (under /usr).
AllocLibraryPlaces alloc_library_places();

/// The counter's path. Throws UsageError in one line naming where it looked when there is
/// none, or why the counter cannot work (AddressSanitizer replaces malloc itself).
std::string find_alloc_library(const AllocLibraryPlaces& places);

/// "LD_PRELOAD=<library>", with the LD_PRELOAD the runner has (`existing`) kept after it.
std::string preload_variable(const std::string& library, const char* existing);

}  // namespace tare::runner
