// SPDX-License-Identifier: Apache-2.0
// Host-callable queries of the CUDA backend, usable from translation units that nvcc does not compile.
#include "backends/cuda/device.hpp"
#include "zkforge/arch/gpu_runtime.hpp"
#include "zkforge/error.hpp"

namespace zkforge::cuda {

int device_count() { return gpu::device_count(); }

std::string device_description(int index) {
  cudaDeviceProp p{};
  gpu::check(cudaGetDeviceProperties(&p, index), "cudaGetDeviceProperties");
  return std::string(p.name) + ", " + std::to_string(p.totalGlobalMem >> 30) + " GiB, sm_" +
         std::to_string(p.major) + std::to_string(p.minor);
}

void select_device(int index) {
  const int count = device_count();
  if (index < 0 || index >= count)
    throw Error(Errc::invalid_argument, "no CUDA device " + std::to_string(index) + " (this machine has " +
                                            std::to_string(count) + ")");
  gpu::check(cudaSetDevice(index), "cudaSetDevice");
}

}  // namespace zkforge::cuda
