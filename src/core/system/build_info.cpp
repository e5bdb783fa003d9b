// How the tare library was built. The flags and type come from CMake as compile
// definitions of this component; __OPTIMIZE__ is the compiler's own word on optimisation.
#include <string>

#include "system/machine.hpp"
#include "system/parse.hpp"

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
  build.compiler = "clang " + std::string(parse::trim(__clang_version__));
#elif defined(__GNUC__)
  build.compiler = "gcc " + std::string(parse::trim(__VERSION__));
#else
  build.compiler = "unknown";
#endif
  build.flags = std::string(parse::trim(TARE_CXX_FLAGS));
  build.type = TARE_BUILD_TYPE;
#ifdef __OPTIMIZE__
  constexpr bool optimized = true;
#else
  constexpr bool optimized = false;
#endif
  build.debug = parse::is_debug_build(build.type, optimized);
  return build;
}

std::string tare_version() { return TARE_VERSION; }

}  // namespace tare::system
