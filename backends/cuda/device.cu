// SPDX-License-Identifier: Apache-2.0
// Host-callable queries of the CUDA backend, usable from translation units that nvcc does not compile.
#include "backends/cuda/device.hpp"
#include "zkforge/arch/gpu_runtime.hpp"

namespace zkforge::cuda {

int device_count() { return gpu::device_count(); }

std::string device_description(int index) {
  cudaDeviceProp p{};
  gpu::check(cudaGetDeviceProperties(&p, index), "cudaGetDeviceProperties");
  return std::string(p.name) + ", " + std::to_string(p.totalGlobalMem >> 30) + " GiB, sm_" +
         std::to_string(p.major) + std::to_string(p.minor);
}

}  // namespace zkforge::cuda
