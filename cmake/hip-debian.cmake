# SPDX-License-Identifier: Apache-2.0
# Toolchain file for the HIP backend on AMD GPUs with Debian 12's ROCm 5.2 (hipcc, clang-15):
#   cmake -DZKFORGE_HIP=ON -DCMAKE_TOOLCHAIN_FILE=cmake/hip-debian.cmake ...
# CMake 3.25's HIP language looks for <ROCm root>/lib/cmake/hip-lang, and Debian installs ROCm's CMake
# files under /usr/lib/x86_64-linux-gnu/cmake and /usr/lib/cmake instead: the ROCm root CMake is
# given is a folder of links to them. Targets: gfx90a (MI200) and gfx940 (MI300A/X's first ISA;
# LLVM 15 does not know gfx942); set CMAKE_HIP_ARCHITECTURES to change them.
set(CMAKE_HIP_COMPILER /usr/bin/clang++-15 CACHE FILEPATH "HIP compiler (Debian's clang-15)")
set(CMAKE_HIP_ARCHITECTURES "gfx90a;gfx940" CACHE STRING "AMD GPU targets of the HIP backend")
set(CMAKE_HIP_FLAGS_INIT "--rocm-path=/usr --rocm-device-lib-path=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode")

set(_zkforge_rocm_root "${CMAKE_BINARY_DIR}/rocm-root")
set(_zkforge_rocm_cmake /usr/lib/x86_64-linux-gnu/cmake)
file(MAKE_DIRECTORY "${_zkforge_rocm_root}/lib/cmake")
foreach(_package hip-lang hip amd_comgr hsa-runtime64)
  file(CREATE_LINK "${_zkforge_rocm_cmake}/${_package}" "${_zkforge_rocm_root}/lib/cmake/${_package}" SYMBOLIC)
endforeach()
file(CREATE_LINK /usr/lib/cmake/AMDDeviceLibs "${_zkforge_rocm_root}/lib/cmake/AMDDeviceLibs" SYMBOLIC)
set(CMAKE_HIP_COMPILER_ROCM_ROOT "${_zkforge_rocm_root}" CACHE PATH "ROCm root as CMake's HIP support expects it")
list(APPEND CMAKE_PREFIX_PATH "${_zkforge_rocm_root}")
