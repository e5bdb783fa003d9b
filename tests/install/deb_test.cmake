# `cpack -G DEB` makes a Debian package of what is installed, with the metadata apt shows
# and the dependencies a program built against it needs.
# Inputs: -DBUILD_DIR=... -DWORK_DIR=... -DCPACK=... -DDPKG_DEB=...
file(REMOVE_RECURSE ${WORK_DIR})

include(${CMAKE_CURRENT_LIST_DIR}/../support/run_command.cmake)

run(${CPACK} -G DEB --config ${BUILD_DIR}/CPackConfig.cmake -B ${WORK_DIR})
file(GLOB packages ${WORK_DIR}/tare_*.deb)
list(LENGTH packages count)
if(NOT count EQUAL 1)
  message(FATAL_ERROR "expected one tare_*.deb in ${WORK_DIR}, found: ${packages}")
endif()

run(${DPKG_DEB} --field ${packages} Package Version Maintainer Section Depends Description)
foreach(expected "Package: tare\n" "Version: [0-9]+\\.[0-9]+\\.[0-9]+\n" "Maintainer: [^\n]+<[^\n]+@[^\n]+>"
                 "Section: devel" "Depends: [^\n]*libfmt-dev" "Depends: [^\n]*libfmt9" "Depends: [^\n]*zlib1g"
                 "Description: A C\\+\\+ benchmark harness")
  if(NOT last_output MATCHES "${expected}")
    message(FATAL_ERROR "the package's control fields lack '${expected}':\n${last_output}")
  endif()
endforeach()

run(${DPKG_DEB} --contents ${packages})
set(listed "${last_output}")
set(expected_files usr/bin/tare usr/include/tare/tare.hpp usr/include/tare/gbench/benchmark/benchmark.h
  usr/lib/cmake/tare/tareConfig.cmake usr/lib/cmake/tare/tareConfigVersion.cmake usr/lib/cmake/tare/tareTargets.cmake
  usr/lib/cmake/tare/layout_variants.cmake
  usr/lib/tare/libtare_alloc.so)
foreach(library tare tare_main tare_gbench tare_gbench_main)
  list(APPEND expected_files usr/lib/lib${library}.a usr/lib/pkgconfig/${library}.pc)
endforeach()
foreach(file IN LISTS expected_files)
  string(FIND "${listed}" "./${file}\n" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the package lacks /${file}:\n${listed}")
  endif()
endforeach()
