# SPDX-License-Identifier: Apache-2.0
# Installs headers and targets so that find_package(zkforge CONFIG) gives zkforge::zkforge, zkforge::cpu
# and the GPU backends built: zkforge::cuda, zkforge::hip (for AMD or for NVIDIA GPUs).
include(CMakePackageConfigHelpers)

install(DIRECTORY include/zkforge DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
set(zkforge_installed_targets zkforge zkforge_cpu)
if(ZKFORGE_CUDA)
  list(APPEND zkforge_installed_targets zkforge_cuda)
endif()
if(ZKFORGE_HIP OR ZKFORGE_HIP_NVIDIA)
  list(APPEND zkforge_installed_targets zkforge_hip)
endif()
install(TARGETS ${zkforge_installed_targets} EXPORT zkforgeTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(EXPORT zkforgeTargets NAMESPACE zkforge:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/zkforge)

configure_package_config_file(cmake/zkforgeConfig.cmake.in ${PROJECT_BINARY_DIR}/zkforgeConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/zkforge)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/zkforgeConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/zkforgeConfig.cmake ${PROJECT_BINARY_DIR}/zkforgeConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/zkforge)
