// How the tare library itself was built, and its version.
#pragma once

#include <string>
#include <string_view>

#include "results/results.hpp"

namespace tare::system {

/// How the tare library itself was compiled (compiler, flags, CMake build type, debug).
results::Context::Build build_info();

/// This tare's version ("0.1.0"), as the project declares it.
std::string tare_version();

/// Whether a build is a debug build: CMake type "Debug", or compiled without optimisation.
bool is_debug_build(std::string_view build_type, bool optimized);

}  // namespace tare::system
