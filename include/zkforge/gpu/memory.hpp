// SPDX-License-Identifier: Apache-2.0
// A GPU backend B's device memory, from host code built without a GPU compiler: each policy's
// resource on a device (its accounting, flush, trim), bytes taken from it and given back, and copies
// between host and device. Defined by the backend's library for its tag.
#pragma once

#include <cstddef>
#include <functional>

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
// upload, checking what it copies where the host reads it anyway: first_bad(begin, end) is asked of
// each range [begin, end) of src's bytes (whole items of `item` bytes) as it is staged, or of all of
// them before a direct copy, and returns the offset of the range's first bad item, or end. Every
// byte is copied in any case; returns the least offset found, or `bytes` when none.
using FirstBadItem = std::function<std::size_t(std::size_t begin, std::size_t end)>;
template <class B>
std::size_t upload_checked(int device, void* dst, const void* src, std::size_t bytes, std::size_t item,
                           const FirstBadItem& first_bad);
template <class B>
void download(int device, void* dst, const void* src, std::size_t bytes);
// Sets bytes of device memory on `device` to zero; returns when they are.
template <class B>
void zero_bytes(int device, void* dst, std::size_t bytes);

}  // namespace zkforge::gpu
