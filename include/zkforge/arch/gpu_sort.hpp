// SPDX-License-Identifier: Apache-2.0
// The GPU backends' radix sort of (key, value) pairs: CUB on NVIDIA GPUs (CUDA, and HIP compiled by
// nvcc), rocPRIM on AMD GPUs (Debian's ROCm has rocPRIM but no hipCUB). Device code: include it only
// from translation units that nvcc or a HIP compiler builds.
#pragma once

#include <cstddef>

#include "zkforge/arch/gpu_runtime.hpp"

#if defined(__HIP_PLATFORM_AMD__)
#include <rocprim/device/device_radix_sort.hpp>
#else
#include <cub/device/device_radix_sort.cuh>
#endif

namespace zkforge::gpu {
inline namespace ZKF_GPU_NS {

// The ping-pong buffers of a sort; Current() holds the sorted items afterwards (CUB's interface).
#if defined(__HIP_PLATFORM_AMD__)
template <class T>
struct DoubleBuffer : rocprim::double_buffer<T> {
  DoubleBuffer(T* current, T* alternate) : rocprim::double_buffer<T>(current, alternate) {}
  T* Current() const { return this->current(); }
};
#else
template <class T>
using DoubleBuffer = cub::DoubleBuffer<T>;
#endif

// Sorts count pairs by bits [begin_bit, end_bit) of their keys, stably, on `stream`. With
// temp == nullptr it only sets temp_bytes to the scratch memory that the sort needs (CUB's two calls).
template <class K, class V>
Error_t radix_sort_pairs(void* temp, std::size_t& temp_bytes, DoubleBuffer<K>& keys, DoubleBuffer<V>& values,
                         int count, int begin_bit, int end_bit, Stream stream = nullptr) {
#if defined(__HIP_PLATFORM_AMD__)
  return rocprim::radix_sort_pairs(temp, temp_bytes, keys, values, static_cast<unsigned>(count),
                                   static_cast<unsigned>(begin_bit), static_cast<unsigned>(end_bit), stream);
#elif ZKF_GPU_HIP
  return hipCUDAErrorTohipError(
      cub::DeviceRadixSort::SortPairs(temp, temp_bytes, keys, values, count, begin_bit, end_bit, stream));
#else
  return cub::DeviceRadixSort::SortPairs(temp, temp_bytes, keys, values, count, begin_bit, end_bit, stream);
#endif
}

}  // namespace ZKF_GPU_NS
}  // namespace zkforge::gpu
