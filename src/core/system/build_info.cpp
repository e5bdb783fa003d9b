// How the tare library was built. The flags and type come from CMake as compile
// definitions of this component; __OPTIMIZE__ is the compiler's own word on optimisation.
#include "system/build_info.hpp"

#include <string>
#include <string_view>

#include "text/split.hpp"

#ifndef TARE_VERSION
#define TARE_VERSION ""
#endif
#ifndef TARE_BUILD_TYPE
#define TARE_BUILD_TYPE ""
#endif
#ifndef TARE_CXX_FLAGS
#define TARE_CXX_FLAGS ""
#endif

namespace tare::system {

results::Context::Build build_info() {
  results::Context::Build build;
#if defined(__clang__)  // before __GNUC__, which clang defines too
  build.compiler = "clang " + std::string(text::trim(__clang_version__));
#elif defined(__GNUC__)
  build.compiler = "gcc " + std::string(text::trim(__VERSION__));
#else
  build.compiler = "unknown";
#endif
  build.flags = std::string(text::trim(TARE_CXX_FLAGS));
  build.type = TARE_BUILD_TYPE;
#ifdef __OPTIMIZE__
  constexpr bool optimized = true;
#else
  constexpr bool optimized = false;
#endif
  build.debug = is_debug_build(build.type, optimized);
  return build;
}

std::string tare_version() { return TARE_VERSION; }

bool is_debug_build(std::string_view build_type, bool optimized) {
  return build_type == "Debug" || !optimized;
}

}  // namespace tare::system
