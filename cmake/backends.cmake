# SPDX-License-Identifier: Apache-2.0
# Checks the GPU backends that were asked for; a backend asked for and not found stops the configure.
if(ZKFORGE_CUDA)
  include(CheckLanguage)
  check_language(CUDA)
  if(NOT CMAKE_CUDA_COMPILER)
    message(FATAL_ERROR "ZKFORGE_CUDA=ON but no CUDA compiler was found: install the CUDA toolkit "
                        "(nvcc) or set CMAKE_CUDA_COMPILER, or configure with -DZKFORGE_CUDA=OFF")
  endif()
  find_package(CUDAToolkit)
  if(NOT CUDAToolkit_FOUND)
    message(FATAL_ERROR "ZKFORGE_CUDA=ON but the CUDA toolkit libraries (cudart) were not found: "
                        "set CUDAToolkit_ROOT, or configure with -DZKFORGE_CUDA=OFF")
  endif()
  if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
    set(CMAKE_CUDA_ARCHITECTURES 90)
  endif()
  enable_language(CUDA)
  set(CMAKE_CUDA_STANDARD 17)
  set(CMAKE_CUDA_STANDARD_REQUIRED ON)
  message(STATUS "zkforge: CUDA backend ON (nvcc ${CMAKE_CUDA_COMPILER_VERSION}, sm ${CMAKE_CUDA_ARCHITECTURES})")
else()
  message(STATUS "zkforge: CUDA backend OFF (-DZKFORGE_CUDA=ON to build it)")
endif()

if(ZKFORGE_HIP)
  message(FATAL_ERROR "ZKFORGE_HIP=ON: the HIP backend is not part of this version of zkforge yet "
                      "(it comes with the HIP backend work); configure with -DZKFORGE_HIP=OFF")
else()
  message(STATUS "zkforge: HIP backend OFF")
endif()
