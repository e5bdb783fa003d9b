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
