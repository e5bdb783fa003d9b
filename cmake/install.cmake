# Installation: headers, the libraries, a CMake package (find_package(tare)) and a
# pkg-config file.
include(CMakePackageConfigHelpers)

install(DIRECTORY include/tare DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS tare tare_main EXPORT tareTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT tareTargets NAMESPACE tare:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/tare)

configure_package_config_file(cmake/tareConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/tareConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/tare)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/tareConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/tareConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/tareConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/tare)

# Relocatable .pc files: the prefix is found relative to the .pc file itself.
file(RELATIVE_PATH TARE_PC_TO_PREFIX /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
configure_file(cmake/tare.pc.in ${CMAKE_CURRENT_BINARY_DIR}/tare.pc @ONLY)
configure_file(cmake/tare_main.pc.in ${CMAKE_CURRENT_BINARY_DIR}/tare_main.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/tare.pc ${CMAKE_CURRENT_BINARY_DIR}/tare_main.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
