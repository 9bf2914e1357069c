// SPDX-License-Identifier: Apache-2.0
// The GPU backend's host-callable device queries and device memory (gpu/device.hpp, gpu/memory.hpp),
// specialised for this translation unit's tag: Cuda here, Hip where backends/hip/device.hip compiles
// this file as HIP.
#include <algorithm>
#include <atomic>
#include <cstring>
#include <string>

#include "backends/cuda/device_memory.cuh"
#include "backends/cuda/runtime.cuh"
#include "backends/cuda/session.cuh"
#include "zkforge/error.hpp"
#include "zkforge/gpu/device.hpp"
#include "zkforge/gpu/faults.hpp"
#include "zkforge/gpu/memory.hpp"

namespace zkforge::gpu {

template <>
int device_count<Backend>() {
  return ZKF_GPU_NS::device_count();
}

template <>
std::string device_description<Backend>(int index) {
  DeviceProp p{};
  check(ZKF_GPU(GetDeviceProperties)(&p, index), "GetDeviceProperties");
#if defined(__HIP_PLATFORM_AMD__)
  const std::string arch = p.gcnArchName;
#else
  const std::string arch = "sm_" + std::to_string(p.major) + std::to_string(p.minor);
#endif
  return std::string(p.name) + ", " + std::to_string(p.totalGlobalMem >> 30) + " GiB, " + arch;
}

template <>
void select_device<Backend>(int index) {
  const int count = ZKF_GPU_NS::device_count();
  if (index < 0 || index >= count)
    throw Error(Errc::invalid_argument, std::string("no ") + Backend::name + " device " + std::to_string(index) +
                                            " (this machine has " + std::to_string(count) + ")");
  check(ZKF_GPU(SetDevice)(index), "SetDevice");
}

template <>
int current_device<Backend>() {
  return ZKF_GPU_NS::current_device();
}

template <>
DeviceMemoryInfo device_memory_info<Backend>(int device) {
  const DeviceGuard guard(device);
  return memory_info();
}

template <>
MemoryStats memory_stats<Backend>(MemoryPolicy policy, int device) {
  return device_resource(policy, device).stats();
}

template <>
void memory_flush<Backend>(MemoryPolicy policy, int device) {
  device_resource(policy, device).flush();
}

template <>
void memory_trim<Backend>(MemoryPolicy policy, int device) {
  const DeviceGuard guard(device);
  device_resource(policy, device).trim();
}

template <>
void* device_allocate<Backend>(MemoryPolicy policy, int device, std::size_t bytes) {
  const DeviceGuard guard(device);
  void* p = device_resource(policy, device).allocate(bytes, Stream{});
  check(ZKF_GPU(StreamSynchronize)(Stream{}), "device_allocate");
  return p;
}

template <>
void device_deallocate<Backend>(MemoryPolicy policy, int device, void* p, std::size_t bytes) noexcept {
  try {
    const DeviceGuard guard(device);
    device_resource(policy, device).deallocate(p, bytes, Stream{});
  } catch (...) {
    // A release has no caller to report to; the memory stays with the runtime.
  }
}

template <>
void upload<Backend>(int device, void* dst, const void* src, std::size_t bytes) {
  const DeviceGuard guard(device);
  const OwnedStream stream;
  upload_bytes(device, dst, src, bytes, stream.get());
  stream.synchronize();
}

template <>
std::size_t upload_checked<Backend>(int device, void* dst, const void* src, std::size_t bytes, std::size_t item,
                                    const FirstBadItem& first_bad) {
  const DeviceGuard guard(device);
  const OwnedStream stream;
  std::atomic<std::size_t> found{bytes};
  const ReadRange read = [&](std::size_t begin, std::size_t end) {
    const std::size_t bad = first_bad(begin, end);
    if (bad != end) atomic_min(found, bad);
  };
  upload_bytes(device, dst, src, bytes, stream.get(), item, &read);
  stream.synchronize();
  return found.load();
}

template <>
void download<Backend>(int device, void* dst, const void* src, std::size_t bytes) {
  const DeviceGuard guard(device);
  const OwnedStream stream;
  copy_to_host(dst, src, bytes, stream.get());
  stream.synchronize();
}

template <>
void zero_bytes<Backend>(int device, void* dst, std::size_t bytes) {
  const DeviceGuard guard(device);
  const OwnedStream stream;
  check(ZKF_GPU(MemsetAsync)(dst, 0, bytes, stream.get()), "MemsetAsync");
  stream.synchronize();
}

template <>
void inject_device_fault<Backend>(DeviceFault kind, unsigned skip) {
  fault_countdown[static_cast<int>(kind)].store(static_cast<int>(skip));
}

template <>
void clear_device_faults<Backend>() {
  for (auto& countdown : fault_countdown) countdown.store(-1);
}

}  // namespace zkforge::gpu
