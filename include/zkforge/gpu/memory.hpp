// SPDX-License-Identifier: Apache-2.0
// A GPU backend B's device memory, from host code built without a GPU compiler: each policy's
// resource on a device (its accounting, flush, trim), bytes taken from it and given back, and copies
// between host and device. Defined by the backend's library for its tag.
#pragma once

#include <cstddef>

#include "zkforge/backend/tags.hpp"
#include "zkforge/memory/policy.hpp"

namespace zkforge::gpu {

template <class B>
MemoryStats memory_stats(MemoryPolicy policy, int device);
template <class B>
void memory_flush(MemoryPolicy policy, int device);  // waits for the deferred frees queued so far
template <class B>
void memory_trim(MemoryPolicy policy, int device);  // frees what the pool holds idle

// Bytes of `policy`'s memory on `device`: taken and ready before allocate returns. Every function that
// works on such memory (this header's copies, DeviceArray's, the MSMs and the prover's phases) returns
// only once its work is done, so a release has nothing pending on the memory: a pooled buffer is
// reused, and a synchronous one freed, at once.
template <class B>
void* device_allocate(MemoryPolicy policy, int device, std::size_t bytes);
template <class B>
void device_deallocate(MemoryPolicy policy, int device, void* p, std::size_t bytes) noexcept;

// Copies bytes from host memory (pinned, or pageable through the device's pinned staging buffers) to
// device memory on `device`, and back; each returns when the bytes are there.
template <class B>
void upload(int device, void* dst, const void* src, std::size_t bytes);
template <class B>
void download(int device, void* dst, const void* src, std::size_t bytes);
// Sets bytes of device memory on `device` to zero; returns when they are.
template <class B>
void zero_bytes(int device, void* dst, std::size_t bytes);

}  // namespace zkforge::gpu
