// SPDX-License-Identifier: Apache-2.0
// The CUDA backend's device memory as seen from host code (linked from zkforge::cuda; no CUDA compiler
// needed): the accounting of each policy's resource on a device, and its flush and trim.
#pragma once

#include "zkforge/memory/host_memory.hpp"

namespace zkforge::cuda {

MemoryStats memory_stats(MemoryPolicy policy, int device);
void memory_flush(MemoryPolicy policy, int device);  // waits for the deferred frees queued so far
void memory_trim(MemoryPolicy policy, int device);   // frees what the pool holds idle

// Free and total bytes of the device, as the driver reports them.
void device_memory_info(int device, std::size_t& free_bytes, std::size_t& total_bytes);

}  // namespace zkforge::cuda
