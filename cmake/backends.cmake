# SPDX-License-Identifier: Apache-2.0
# Checks the GPU backends that were asked for (a backend asked for and not found stops the configure)
# and defines zkforge_add_gpu_backend, the one recipe of both GPU libraries. One build folder may hold
# the CUDA backend and the HIP backend together (HIP for NVIDIA through nvcc, or for AMD where both
# compilers exist): each library keeps its symbols in an inline namespace of its own (cuda_rt, hip_rt)
# and its runtime's definitions private, so a program may link both.

# nvcc for the CUDA backend or the HIP backend on NVIDIA GPUs: sm_90 unless CMAKE_CUDA_ARCHITECTURES says.
macro(zkforge_enable_nvcc)
  if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
    set(CMAKE_CUDA_ARCHITECTURES 90)
  endif()
  include(CheckLanguage)
  check_language(CUDA)
  find_package(CUDAToolkit)
  if(NOT CMAKE_CUDA_COMPILER OR NOT CUDAToolkit_FOUND)
    message(FATAL_ERROR "${ARGV0}=ON needs nvcc and the CUDA toolkit's libraries (cudart): install the CUDA "
                        "toolkit, set CMAKE_CUDA_COMPILER or CUDAToolkit_ROOT, or configure with -D${ARGV0}=OFF")
  endif()
  enable_language(CUDA)
  set(CMAKE_CUDA_STANDARD 17)
  set(CMAKE_CUDA_STANDARD_REQUIRED ON)
endmacro()

if(ZKFORGE_HIP AND ZKFORGE_HIP_NVIDIA)
  message(FATAL_ERROR "ZKFORGE_HIP (AMD GPUs) and ZKFORGE_HIP_NVIDIA (NVIDIA GPUs) are two builds of the same "
                      "backend, zkforge::hip: configure one of them")
endif()

if(ZKFORGE_CUDA)
  zkforge_enable_nvcc(ZKFORGE_CUDA)
  message(STATUS "zkforge: CUDA backend ON (nvcc ${CMAKE_CUDA_COMPILER_VERSION}, sm ${CMAKE_CUDA_ARCHITECTURES})")
else()
  message(STATUS "zkforge: CUDA backend OFF (-DZKFORGE_CUDA=ON to build it)")
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
  if(NOT EXISTS /usr/include/hip/nvidia_detail/nvidia_hip_runtime.h)
    message(FATAL_ERROR "ZKFORGE_HIP_NVIDIA=ON needs HIP's headers for NVIDIA (Debian: libamdhip64-dev; "
                        "scripts/deps.sh --hip)")
  endif()
  zkforge_enable_nvcc(ZKFORGE_HIP_NVIDIA)
  message(STATUS "zkforge: HIP backend ON for NVIDIA GPUs (nvcc ${CMAKE_CUDA_COMPILER_VERSION}, "
                 "sm ${CMAKE_CUDA_ARCHITECTURES})")
else()
  message(STATUS "zkforge: HIP backend OFF (-DZKFORGE_HIP=ON for AMD GPUs, -DZKFORGE_HIP_NVIDIA=ON for NVIDIA)")
endif()

# zkforge_add_gpu_backend(cuda|hip sources...): the static library zkforge_<name> (zkforge::<name>) of
# one GPU backend. Its consumers see ZKFORGE_WITH_<NAME>_BACKEND=1; what selects the runtime
# (ZKFORGE_USE_HIP, HIP's platform macro and headers) stays private to the library's own sources.
function(zkforge_add_gpu_backend name)
  string(TOUPPER ${name} upper)
  set(target zkforge_${name})
  # The .cu and .hip files are device code; a .cpp is host code over the library's primitives.
  set(device_sources ${ARGN})
  list(FILTER device_sources INCLUDE REGEX "\\.(cu|hip)$")
  if(name STREQUAL "hip" AND ZKFORGE_HIP)
    set_source_files_properties(${device_sources} PROPERTIES LANGUAGE HIP)
  else()
    set_source_files_properties(${device_sources} PROPERTIES LANGUAGE CUDA)
  endif()
  add_library(${target} STATIC ${ARGN})
  add_library(zkforge::${name} ALIAS ${target})
  set_target_properties(${target} PROPERTIES EXPORT_NAME ${name} POSITION_INDEPENDENT_CODE ON
                                             CUDA_SEPARABLE_COMPILATION OFF)
  target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR})
  target_compile_definitions(${target} PUBLIC ZKFORGE_WITH_${upper}_BACKEND=1)
  # zkforge::cpu: the GPU prover's host-side work (b_g2_msm on CPU threads when asked) runs on it.
  target_link_libraries(${target} PUBLIC zkforge zkforge_cpu)
  if(name STREQUAL "hip")
    target_compile_definitions(${target} PRIVATE ZKFORGE_USE_HIP=1)
  endif()
  if(name STREQUAL "hip" AND ZKFORGE_HIP)
    target_link_libraries(${target} PUBLIC hip::host)
    target_include_directories(${target} PRIVATE ${ZKFORGE_ROCPRIM_INCLUDE})
  else()
    target_link_libraries(${target} PUBLIC CUDA::cudart)
    target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CUDA>:--expt-relaxed-constexpr -lineinfo>)
  endif()
  if(name STREQUAL "hip" AND ZKFORGE_HIP_NVIDIA)
    target_include_directories(${target} BEFORE PRIVATE ${PROJECT_SOURCE_DIR}/third_party/hip-nvidia)
    target_compile_definitions(${target} PRIVATE __HIP_PLATFORM_NVIDIA__=1)
  endif()
endfunction()
