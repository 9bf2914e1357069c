// SPDX-License-Identifier: Apache-2.0
// The one shim over the CUDA and HIP runtimes for translation units that a GPU compiler builds (the
// GPU backends' sources): names, handle types and the two calls whose spelling differs, so that
// kernels and host code compile for either vendor.
//
// HIP is chosen by hipcc / clang -x hip (__HIPCC__, AMD GPUs) or, for nvcc, by -DZKFORGE_USE_HIP
// (with __HIP_PLATFORM_NVIDIA__: HIP's nvidia_detail headers over the CUDA runtime). Everything a
// GPU backend defines lives in zkforge::gpu's inline namespace ZKF_GPU_NS (cuda_rt or hip_rt), so
// that the CUDA and the HIP library define distinct symbols and one program can link both.
#pragma once

#if defined(__HIPCC__) || defined(ZKFORGE_USE_HIP)
#include <hip/hip_runtime.h>
#define ZKF_GPU(name) hip##name
#define ZKF_GPU_HIP 1
#define ZKF_GPU_NS hip_rt
#else
#include <cuda_runtime.h>
#define ZKF_GPU(name) cuda##name
#define ZKF_GPU_HIP 0
#define ZKF_GPU_NS cuda_rt
#endif

#include <cstddef>

namespace zkforge::gpu {
inline namespace ZKF_GPU_NS {

#if ZKF_GPU_HIP
using DeviceProp = hipDeviceProp_t;
#else
using DeviceProp = cudaDeviceProp;
#endif

using Error_t = ZKF_GPU(Error_t);
using Stream = ZKF_GPU(Stream_t);
using Event = ZKF_GPU(Event_t);

// Page-locked host memory (HIP deprecates hipMallocHost for hipHostMalloc).
inline Error_t malloc_host(void** p, std::size_t bytes) {
#if ZKF_GPU_HIP
  return hipHostMalloc(p, bytes, hipHostMallocDefault);
#else
  return cudaMallocHost(p, bytes);
#endif
}
inline Error_t free_host(void* p) {
#if ZKF_GPU_HIP
  return hipHostFree(p);
#else
  return cudaFreeHost(p);
#endif
}

}  // namespace ZKF_GPU_NS
}  // namespace zkforge::gpu
