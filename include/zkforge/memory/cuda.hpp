// SPDX-License-Identifier: Apache-2.0
// The CUDA backend's device memory as seen from host code (linked from zkforge::cuda; no CUDA compiler
// needed): each policy's resource on a device (for DeviceBuffer, or DeviceArray without a GPU
// compiler), its accounting, flush and trim.
#pragma once

#include "zkforge/memory/host_memory.hpp"

namespace zkforge {
class DeviceResource;
}

namespace zkforge::cuda {

// The resource of `policy` on `device`, one per process.
DeviceResource& device_resource(MemoryPolicy policy, int device);

MemoryStats memory_stats(MemoryPolicy policy, int device);
void memory_flush(MemoryPolicy policy, int device);  // waits for the deferred frees queued so far
void memory_trim(MemoryPolicy policy, int device);   // frees what the pool holds idle

// Bytes of `policy`'s memory on `device` for code built without a GPU compiler (DeviceArray): taken
// and ready before allocate returns; given back once the work that used them is done.
void* device_allocate(MemoryPolicy policy, int device, std::size_t bytes);
void device_deallocate(MemoryPolicy policy, int device, void* p, std::size_t bytes) noexcept;

// Copies bytes from host memory (pinned, or pageable through the device's pinned staging buffers) to
// device memory on `device`; returns when they are there.
void upload(int device, void* dst, const void* src, std::size_t bytes);

// Free and total bytes of the device, as the driver reports them.
void device_memory_info(int device, std::size_t& free_bytes, std::size_t& total_bytes);

}  // namespace zkforge::cuda
