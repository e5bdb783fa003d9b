# Installation: headers, the libraries, a CMake package (find_package(tare)), a pkg-config
# file per library, and the tare command when it is built.
include(CMakePackageConfigHelpers)

install(DIRECTORY include/tare DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# tare::gbench's header goes under include/tare/gbench, so that it never shadows a real
# Google Benchmark installed beside it.
install(DIRECTORY src/products/gbench/include/benchmark DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/tare/gbench)
install(TARGETS tare tare_main tare_gbench tare_gbench_main EXPORT tareTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# The allocation counter --prof alloc preloads into workers: found there by the runner
# (runner/alloc_library), linked by nobody.
install(TARGETS tare_alloc LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}/tare)
install(EXPORT tareTargets NAMESPACE tare:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/tare)
if(TARE_BUILD_CLI)
  install(TARGETS tare_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

configure_package_config_file(cmake/tareConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/tareConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/tare)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/tareConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
# tare_layout_variants, for find_package(tare) users too (tareConfig.cmake includes it).
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/tareConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/tareConfigVersion.cmake
  cmake/layout_variants.cmake DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/tare)

# Relocatable .pc files: the prefix is found relative to the .pc file itself. None sets a
# language standard: the public headers need C++17 or later (docs/using.md), and the user's
# own -std stays the user's choice.
file(RELATIVE_PATH TARE_PC_TO_PREFIX /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
set(tare_pc_files)
set(TARE_PC_LIBPFM "")
if(TARE_HAVE_LIBPFM)
  set(TARE_PC_LIBPFM " -lpfm")  # --prof perf's event names (cmake/dependencies.cmake)
endif()
set(TARE_PC_SQLITE "")
if(TARE_HAVE_SQLITE)
  set(TARE_PC_SQLITE " -lsqlite3")  # the results history (src/core/store)
endif()
if(TARE_HAVE_POSTGRESQL)
  string(APPEND TARE_PC_SQLITE " -lpq")  # a results history on a PostgreSQL server
endif()
foreach(library tare tare_main tare_gbench tare_gbench_main)
  configure_file(cmake/pkgconfig/${library}.pc.in ${CMAKE_CURRENT_BINARY_DIR}/pkgconfig/${library}.pc @ONLY)
  list(APPEND tare_pc_files ${CMAKE_CURRENT_BINARY_DIR}/pkgconfig/${library}.pc)
endforeach()
install(FILES ${tare_pc_files} DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
