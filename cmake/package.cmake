# A Debian package of what is installed: `cpack -G DEB` in the build directory writes
# tare_<version>_<arch>.deb. Only for tare built as its own project: a parent project's
# packaging is the parent's.
if(NOT PROJECT_IS_TOP_LEVEL)
  return()
endif()

set(CPACK_PACKAGE_NAME tare)
set(CPACK_PACKAGE_VENDOR "tare maintainers")
set(CPACK_PACKAGE_CONTACT "tare maintainers <maintainers@users.noreply.a-seed-220d564d.example>"
  CACHE STRING "The Maintainer of the .deb")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_DESCRIPTION
  "tare measures C++ code in separate processes, judges warmup and steady state,
and reports each benchmark with an interval. This package holds the static
libraries (tare, tare_main; tare_gbench, tare_gbench_main: Google Benchmark's
API on tare), their headers, the CMake package (find_package(tare)), the
pkg-config files and the tare command.")
set(CPACK_RESOURCE_FILE_README ${PROJECT_SOURCE_DIR}/README.md)
set(CPACK_STRIP_FILES ON)
set(CPACK_GENERATOR TGZ)
find_program(TARE_DPKG_DEB dpkg-deb)
if(TARE_DPKG_DEB)
  set(CPACK_GENERATOR DEB)
endif()

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
# The libraries are static: a program built against them links fmt, so its development
# package comes along (find_package(tare) finds it too). The tare command's own run-time
# libraries (libfmt9, zlib1g, libstdc++6, ...) are read from the binary by dpkg-shlibdeps.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libfmt-dev (>= 9)")
if(TARE_HAVE_LIBPFM)  # linked by every program too (--prof perf's event names)
  string(APPEND CPACK_DEBIAN_PACKAGE_DEPENDS ", libpfm4-dev")
endif()
if(TARE_HAVE_SQLITE)  # the results history
  string(APPEND CPACK_DEBIAN_PACKAGE_DEPENDS ", libsqlite3-dev")
endif()
if(TARE_HAVE_POSTGRESQL)  # a results history on a PostgreSQL server
  string(APPEND CPACK_DEBIAN_PACKAGE_DEPENDS ", libpq-dev")
endif()
find_program(TARE_DPKG_SHLIBDEPS dpkg-shlibdeps)
if(TARE_DPKG_SHLIBDEPS AND TARE_BUILD_CLI)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
endif()
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "pkg-config, cmake")

include(CPack)
