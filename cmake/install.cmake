# SPDX-License-Identifier: Apache-2.0
# Installs headers, libraries and package files (ZKFORGE_INSTALL): find_package(zkforge CONFIG) gives
# zkforge::zkforge (headers), zkforge::cpu, zkforge::capi (libzkforge, the C interface) and the GPU
# backends built, zkforge::cuda and zkforge::hip; pkg-config's zkforge.pc gives libzkforge.
include(CMakePackageConfigHelpers)

install(DIRECTORY include/zkforge DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES ${PROJECT_BINARY_DIR}/include/zkforge/version.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/zkforge)
install(FILES LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR})
set(zkforge_installed_targets zkforge zkforge_cpu zkforge_capi)
if(ZKFORGE_CUDA)
  list(APPEND zkforge_installed_targets zkforge_cuda)
endif()
if(ZKFORGE_HIP OR ZKFORGE_HIP_NVIDIA)
  list(APPEND zkforge_installed_targets zkforge_hip)
endif()
install(TARGETS ${zkforge_installed_targets} EXPORT zkforgeTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(EXPORT zkforgeTargets NAMESPACE zkforge:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/zkforge)

configure_package_config_file(cmake/zkforgeConfig.cmake.in ${PROJECT_BINARY_DIR}/zkforgeConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/zkforge)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/zkforgeConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/zkforgeConfig.cmake ${PROJECT_BINARY_DIR}/zkforgeConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/zkforge)

# zkforge.pc, relocatable: its prefix is found from the file's own place.
file(RELATIVE_PATH zkforge_pc_to_prefix /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
set(zkforge_pc_libs_private "-lstdc++ -lm -lpthread")
configure_file(cmake/zkforge.pc.in ${PROJECT_BINARY_DIR}/zkforge.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/zkforge.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# The Python module (bindings/python), beside libzkforge, which it loads by a path relative to itself.
if(BUILD_SHARED_LIBS)
  get_target_property(zkforge_soversion zkforge_capi SOVERSION)
  file(RELATIVE_PATH zkforge_python_to_library /prefix/${ZKFORGE_PYTHON_INSTALL_DIR}/zkforge
       /prefix/${CMAKE_INSTALL_LIBDIR}/libzkforge.so.${zkforge_soversion})
  configure_file(bindings/python/zkforge/_build.py.in ${PROJECT_BINARY_DIR}/python/_build.py @ONLY)
  install(DIRECTORY bindings/python/zkforge DESTINATION ${ZKFORGE_PYTHON_INSTALL_DIR} FILES_MATCHING PATTERN "*.py")
  install(FILES ${PROJECT_BINARY_DIR}/python/_build.py DESTINATION ${ZKFORGE_PYTHON_INSTALL_DIR}/zkforge)
endif()
