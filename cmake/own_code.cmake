# Options for tare's own code (not for users' benchmarks, nor for the tests' own code):
# warnings, and with TARE_SANITIZE the sanitizers. They are set target by target, never for
# a whole directory, so nothing reaches a parent project's targets.
set(TARE_COMPILE_OPTIONS -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion)
# -O2 where the build type asks for -O3 (Release): tare's own code is analysis and process
# control, which -O3's unrolling and vectorising do not speed up, and it compiles a third
# faster. Users' benchmarks keep their own flags; what is timed is compiled in their code.
list(APPEND TARE_COMPILE_OPTIONS $<$<CONFIG:Release>:-O2>)
set(TARE_LINK_OPTIONS)
if(TARE_SANITIZE)
  list(APPEND TARE_COMPILE_OPTIONS -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  set(TARE_LINK_OPTIONS -fsanitize=address,undefined)
endif()

# Compiles `target` with tare's options. Every program that links sanitized code needs the
# sanitizers' runtime, so the link option travels with the target to whatever links it, in
# this build only (an installed tare is never a sanitized one).
function(tare_own_code target)
  target_compile_options(${target} PRIVATE ${TARE_COMPILE_OPTIONS})
  if(TARE_LINK_OPTIONS)
    target_link_options(${target} PUBLIC $<BUILD_INTERFACE:${TARE_LINK_OPTIONS}>)
  endif()
endfunction()

# One precompiled header for tare's components (and the other targets compiled with the same
# options and position-independent), with clang: the standard headers most of tare's files
# include and nlohmann::json, which half the components parse. clang loads a precompiled
# header lazily: measured on the sanitizer stage's compiles (-O0, instrumented), a component
# that includes json compiles in 1.5 s less CPU (system: 5.6 s -> 4.0 s), one that does not
# in 0.4-0.7 s less (stats 5.8 -> 5.1, registry 2.1 -> 1.6), against 3 s to make the header
# once. g++ maps its whole precompiled heap into every compile: at -O2 a json user saves
# 0.8 s, the others lose 0.1-0.3 s, and making the header takes 7 s, so g++ builds without.
# fmt, Boost and CLI11 stay out: fmt's target defines FMT_SHARED, which a compile without
# it refuses in a precompiled header, and a header few components include would cost the
# others its loading. REUSE_FROM needs the flags that shape the header alike.
# A compiler cache does not cache a compile that uses a precompiled header (ccache counts it
# "could not use precompiled header" unless told to be sloppy): with ccache as the launcher,
# tare's code parses its headers itself and is cached.
set(TARE_PRECOMPILE_HEADERS OFF)
if(CMAKE_CXX_COMPILER_ID MATCHES "Clang" AND NOT CMAKE_CXX_COMPILER_LAUNCHER MATCHES "ccache")
  set(TARE_PRECOMPILE_HEADERS ON)
endif()
function(tare_precompiled target)
  if(NOT TARE_PRECOMPILE_HEADERS)
    return()
  endif()
  if(NOT TARGET tare_precompiled)
    add_library(tare_precompiled OBJECT ${PROJECT_SOURCE_DIR}/cmake/precompiled.cpp)
    tare_own_code(tare_precompiled)
    set_target_properties(tare_precompiled PROPERTIES POSITION_INDEPENDENT_CODE ON)
    target_link_libraries(tare_precompiled PRIVATE nlohmann_json::nlohmann_json)
    target_precompile_headers(tare_precompiled PRIVATE
      <nlohmann/json.hpp> <algorithm> <chrono> <cmath> <cstdint> <filesystem> <map> <memory>
      <optional> <stdexcept> <string> <string_view> <utility> <vector>)
  endif()
  target_precompile_headers(${target} REUSE_FROM tare_precompiled)
endfunction()
