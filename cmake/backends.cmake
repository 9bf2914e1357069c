# SPDX-License-Identifier: Apache-2.0
# Checks the GPU backends that were asked for; a backend asked for and not found stops the configure.

# nvcc for the CUDA backend or the HIP backend on NVIDIA GPUs: sm_90 unless CMAKE_CUDA_ARCHITECTURES says.
macro(zkforge_enable_nvcc)
  if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
    set(CMAKE_CUDA_ARCHITECTURES 90)
  endif()
  enable_language(CUDA)
  set(CMAKE_CUDA_STANDARD 17)
  set(CMAKE_CUDA_STANDARD_REQUIRED ON)
endmacro()

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
  zkforge_enable_nvcc()
  message(STATUS "zkforge: CUDA backend ON (nvcc ${CMAKE_CUDA_COMPILER_VERSION}, sm ${CMAKE_CUDA_ARCHITECTURES})")
else()
  message(STATUS "zkforge: CUDA backend OFF (-DZKFORGE_CUDA=ON to build it)")
endif()

if(ZKFORGE_HIP AND ZKFORGE_HIP_NVIDIA)
  message(FATAL_ERROR "ZKFORGE_HIP (AMD GPUs) and ZKFORGE_HIP_NVIDIA (NVIDIA GPUs) are two builds of the "
                      "same backend: configure one of them per build folder")
endif()
if((ZKFORGE_HIP OR ZKFORGE_HIP_NVIDIA) AND ZKFORGE_CUDA)
  message(FATAL_ERROR "the HIP backend is the CUDA backend's source compiled as HIP, and both define the "
                      "same host functions (zkforge::cuda::*): configure ZKFORGE_CUDA and the HIP backend "
                      "in separate build folders")
endif()
if(ZKFORGE_HIP)
  include(CheckLanguage)
  check_language(HIP)
  if(NOT CMAKE_HIP_COMPILER)
    message(FATAL_ERROR "ZKFORGE_HIP=ON but CMake found no HIP compiler: with Debian's ROCm 5.2 "
                        "(scripts/deps.sh --hip) configure with -DCMAKE_TOOLCHAIN_FILE=cmake/hip-debian.cmake")
  endif()
  enable_language(HIP)
  set(CMAKE_HIP_STANDARD 17)
  set(CMAKE_HIP_STANDARD_REQUIRED ON)
  # ROCm 5.2's hip-lang::device forces every call inline (-amdgpu-function-calls=false), which undoes
  # the kernels' __noinline__ point formulas and makes the MSM's compile several times longer.
  set_property(TARGET hip-lang::device PROPERTY INTERFACE_COMPILE_OPTIONS "")
  find_package(hip CONFIG REQUIRED)
  find_path(ZKFORGE_ROCPRIM_INCLUDE rocprim/device/device_radix_sort.hpp)
  if(NOT ZKFORGE_ROCPRIM_INCLUDE)
    message(FATAL_ERROR "ZKFORGE_HIP=ON needs rocPRIM's headers (Debian: librocprim-dev; scripts/deps.sh --hip)")
  endif()
  message(STATUS "zkforge: HIP backend ON for AMD GPUs (${CMAKE_HIP_COMPILER}, ${CMAKE_HIP_ARCHITECTURES})")
elseif(ZKFORGE_HIP_NVIDIA)
  include(CheckLanguage)
  check_language(CUDA)
  find_package(CUDAToolkit)
  if(NOT CMAKE_CUDA_COMPILER OR NOT CUDAToolkit_FOUND)
    message(FATAL_ERROR "ZKFORGE_HIP_NVIDIA=ON compiles the HIP backend with nvcc: install the CUDA toolkit "
                        "or set CMAKE_CUDA_COMPILER")
  endif()
  if(NOT EXISTS /usr/include/hip/nvidia_detail/nvidia_hip_runtime.h)
    message(FATAL_ERROR "ZKFORGE_HIP_NVIDIA=ON needs HIP's headers for NVIDIA (Debian: libamdhip64-dev; "
                        "scripts/deps.sh --hip)")
  endif()
  zkforge_enable_nvcc()
  message(STATUS "zkforge: HIP backend ON for NVIDIA GPUs (nvcc ${CMAKE_CUDA_COMPILER_VERSION}, "
                 "sm ${CMAKE_CUDA_ARCHITECTURES})")
else()
  message(STATUS "zkforge: HIP backend OFF (-DZKFORGE_HIP=ON for AMD GPUs, -DZKFORGE_HIP_NVIDIA=ON for NVIDIA)")
endif()
