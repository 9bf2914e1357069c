// SPDX-License-Identifier: Apache-2.0
// Host-callable queries of the CUDA backend, usable from translation units that nvcc does not compile;
// backends/hip/device.hip compiles this file as HIP for the Hip backend.
#include "backends/cuda/device.hpp"

#include <map>
#include <memory>
#include <mutex>

#include "backends/cuda/runtime.cuh"
#include "zkforge/arch/gpu_runtime.hpp"
#include "zkforge/memory/cuda.hpp"
#include "zkforge/error.hpp"

namespace zkforge::cuda {

int device_count() { return gpu::device_count(); }

std::string device_description(int index) {
  gpu::DeviceProp p{};
  gpu::check(ZKF_GPU(GetDeviceProperties)(&p, index), "GetDeviceProperties");
#if defined(__HIP_PLATFORM_AMD__)
  const std::string arch = p.gcnArchName;
#else
  const std::string arch = "sm_" + std::to_string(p.major) + std::to_string(p.minor);
#endif
  return std::string(p.name) + ", " + std::to_string(p.totalGlobalMem >> 30) + " GiB, " + arch;
}

void select_device(int index) {
  const int count = device_count();
  if (index < 0 || index >= count)
    throw Error(Errc::invalid_argument, "no GPU device " + std::to_string(index) + " (this machine has " +
                                            std::to_string(count) + ")");
  gpu::check(ZKF_GPU(SetDevice)(index), "SetDevice");
}

DeviceResource& device_resource(MemoryPolicy policy, int device) {
  static std::mutex mutex;
  static std::map<std::pair<int, int>, std::unique_ptr<DeviceResource>> resources;
  std::lock_guard<std::mutex> lock(mutex);
  auto& r = resources[{static_cast<int>(policy), device}];
  if (!r) {
    if (policy == MemoryPolicy::synchronous) r = std::make_unique<SynchronousDevice>();
    else if (policy == MemoryPolicy::pooled) r = std::make_unique<PooledDevice>();
    else r = std::make_unique<DeferredDevice>(device);
  }
  return *r;
}

MemoryStats memory_stats(MemoryPolicy policy, int device) { return device_resource(policy, device).stats(); }
void memory_flush(MemoryPolicy policy, int device) { device_resource(policy, device).flush(); }
void memory_trim(MemoryPolicy policy, int device) { device_resource(policy, device).trim(); }

void* device_allocate(MemoryPolicy policy, int device, std::size_t bytes) {
  const DeviceGuard guard(device);
  void* p = device_resource(policy, device).allocate(bytes, gpu::Stream{});
  gpu::check(ZKF_GPU(StreamSynchronize)(gpu::Stream{}), "device_allocate");
  return p;
}

void device_deallocate(MemoryPolicy policy, int device, void* p, std::size_t bytes) noexcept {
  try {
    const DeviceGuard guard(device);
    device_resource(policy, device).deallocate(p, bytes, gpu::Stream{});
  } catch (...) {
    // A release has no caller to report to; the memory stays with the runtime.
  }
}

void upload(int device, void* dst, const void* src, std::size_t bytes) {
  const DeviceGuard guard(device);
  const gpu::OwnedStream stream;
  upload_bytes(device, dst, src, bytes, stream.get());
  stream.synchronize();
}

void device_memory_info(int device, std::size_t& free_bytes, std::size_t& total_bytes) {
  const DeviceGuard guard(device);
  gpu::check(ZKF_GPU(MemGetInfo)(&free_bytes, &total_bytes), "MemGetInfo");
}

}  // namespace zkforge::cuda
