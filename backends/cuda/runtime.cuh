// SPDX-License-Identifier: Apache-2.0
// Host and device helpers shared by the CUDA backend's algorithms (MSM, NTT): launch arithmetic,
// 16-byte loads and stores of field elements and points, the current device, one object per device
// (its pooled allocator, its pinned staging buffers), uploads through pinned staging, and a call's
// session (device, stream, allocator).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>

#include "zkforge/arch/gpu_runtime.hpp"
#include "zkforge/arch/macros.hpp"
#include "zkforge/backend/thread_pool.hpp"
#include "zkforge/memory/cuda.hpp"
#include "zkforge/memory/device_allocator.hpp"
#include "zkforge/memory/pinned_pool.hpp"
#include "zkforge/memory/policy.hpp"

namespace zkforge::cuda {

__device__ ZKF_INLINE std::size_t thread_index() {
  return static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
}

// A value whose size is a multiple of 16 bytes, read and written 16 bytes at a time; kReadOnly reads
// through the read-only cache (data that no thread writes during the kernel).
template <bool kReadOnly = false, class T>
__device__ ZKF_INLINE T load16(const T* p) {
  static_assert(sizeof(T) % 16 == 0, "16-byte vector loads need a size that is a multiple of 16");
  constexpr std::size_t kVectors = sizeof(T) / 16;
  uint4 v[kVectors];
  const uint4* src = reinterpret_cast<const uint4*>(p);
  ZKF_UNROLL
  for (std::size_t i = 0; i < kVectors; ++i) v[i] = kReadOnly ? __ldg(src + i) : src[i];
  T r;
  memcpy(&r, v, sizeof(T));
  return r;
}

template <class T>
__device__ ZKF_INLINE void store16(T* p, const T& value) {
  static_assert(sizeof(T) % 16 == 0, "16-byte vector stores need a size that is a multiple of 16");
  constexpr std::size_t kVectors = sizeof(T) / 16;
  uint4 v[kVectors];
  memcpy(v, &value, sizeof(T));
  uint4* dst = reinterpret_cast<uint4*>(p);
  ZKF_UNROLL
  for (std::size_t i = 0; i < kVectors; ++i) dst[i] = v[i];
}

// Orders the shared-memory accesses of the threads of one warp of 32 (on AMD GPUs, of the wavefront
// of 64 that holds them): __syncwarp's fences and barrier, as ROCm implements it.
__device__ ZKF_INLINE void sync_warp() {
#if defined(__HIP_PLATFORM_AMD__)
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront");
  __builtin_amdgcn_wave_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront");
#else
  __syncwarp();
#endif
}

// The lanes of the calling warp (wavefront of 64 on AMD GPUs) whose `lane_set` is true, as a mask
// (bit i = lane i); every lane of the warp must call it.
__device__ ZKF_INLINE std::uint64_t warp_ballot(bool lane_set) {
#if defined(__HIP_PLATFORM_AMD__)
  return __ballot(lane_set);
#else
  return __ballot_sync(0xffffffffu, lane_set);
#endif
}

// How many lanes below the calling one a warp_ballot mask holds.
__device__ ZKF_INLINE unsigned lanes_below(std::uint64_t mask) {
  const unsigned lane = threadIdx.x % warpSize;
  return static_cast<unsigned>(__popcll(mask & ((std::uint64_t{1} << lane) - 1)));
}

inline unsigned blocks_for(std::size_t threads, unsigned block) {
  return static_cast<unsigned>((threads + block - 1) / block);
}

inline void check_launch(const char* kernel) { gpu::check(ZKF_GPU(GetLastError)(), kernel); }

inline int current_device() {
  int d = 0;
  gpu::check(ZKF_GPU(GetDevice)(&d), "GetDevice");
  return d;
}

// Makes `device` current for the guard's life.
class DeviceGuard {
 public:
  explicit DeviceGuard(int device) : previous_(current_device()) {
    if (previous_ != device) gpu::check(ZKF_GPU(SetDevice)(device), "SetDevice");
  }
  ~DeviceGuard() { (void)ZKF_GPU(SetDevice)(previous_); }
  DeviceGuard(const DeviceGuard&) = delete;
  DeviceGuard& operator=(const DeviceGuard&) = delete;

 private:
  int previous_;
};

// One process-wide object of type T per device, made on first use.
template <class T>
T& per_device(int device) {
  static std::mutex mutex;
  static std::map<int, std::unique_ptr<T>> objects;
  std::lock_guard<std::mutex> lock(mutex);
  auto& p = objects[device];
  if (!p) p = std::make_unique<T>();
  return *p;
}

// The device memory a call on this thread uses: the scoped policy's (memory/policy.hpp), else the pool.
inline DeviceResource& device_pool(int device) {
  return device_resource(scoped_memory_policy().value_or(MemoryPolicy::pooled), device);
}

inline unsigned sm_count(int device) {
#if ZKF_GPU_HIP
  constexpr auto kAttribute = hipDeviceAttributeMultiprocessorCount;
#else
  constexpr auto kAttribute = cudaDevAttrMultiProcessorCount;
#endif
  int v = 0;
  gpu::check(ZKF_GPU(DeviceGetAttribute)(&v, kAttribute, device), "DeviceGetAttribute(multiprocessors)");
  return static_cast<unsigned>(std::max(1, v));
}

// Host memory that the driver has page-locked (cudaHostAlloc'd or registered) can be copied from
// directly and asynchronously; anything else goes through PinnedStaging.
inline bool is_pinned(const void* p) {
  unsigned flags = 0;
  if (ZKF_GPU(HostGetFlags)(&flags, const_cast<void*>(p)) == ZKF_GPU(Success)) return true;
  (void)ZKF_GPU(GetLastError)();
  return false;
}

// The pinned host pool of a device's uploads.
inline PinnedPool& pinned_pool(int device) { return per_device<PinnedPool>(device); }

// Two pinned host buffers (from the device's pinned pool) used in turn: while the device copies one, the host fills the other
// (with the CPU pool's threads). A buffer is refilled only after the copies it fed have finished.
class PinnedStaging {
 public:
  static constexpr std::size_t kBytes = std::size_t{16} << 20;

  explicit PinnedStaging(PinnedPool& pool) {
    for (int b = 0; b < 2; ++b) {
      block_[b] = pool.checkout(kBytes);
      buffer_[b] = block_[b].data();
      gpu::check(ZKF_GPU(EventCreateWithFlags)(&done_[b], ZKF_GPU(EventDisableTiming)), "EventCreate (staging)");
    }
  }
  ~PinnedStaging() {
    for (int b = 0; b < 2; ++b) {
      (void)ZKF_GPU(EventSynchronize)(done_[b]);
      (void)ZKF_GPU(EventDestroy)(done_[b]);
    }
  }
  PinnedStaging(const PinnedStaging&) = delete;
  PinnedStaging& operator=(const PinnedStaging&) = delete;

  // fill(staging, begin, end) writes items [begin, end) into the staging buffer and enqueues on s
  // the copies that read it; items go in pieces of per_piece.
  template <class Fill>
  void stream_pieces(std::size_t count, std::size_t per_piece, gpu::Stream s, Fill fill) {
    std::lock_guard<std::mutex> lock(mutex_);
    for (std::size_t begin = 0, k = 0; begin < count; begin += per_piece, ++k) {
      const std::size_t b = k % 2;
      gpu::check(ZKF_GPU(EventSynchronize)(done_[b]), "EventSynchronize (staging)");
      fill(buffer_[b], begin, std::min(count, begin + per_piece));
      gpu::check(ZKF_GPU(EventRecord)(done_[b], s), "EventRecord (staging)");
    }
  }

 private:
  std::mutex mutex_;
  PinnedBlock block_[2];
  unsigned char* buffer_[2] = {nullptr, nullptr};
  gpu::Event done_[2] = {};
};

// The staging buffers of a device's uploads.
inline PinnedStaging& staging(int device) {
  PinnedPool& pool = pinned_pool(device);  // first, so that the pools outlive the staging buffers at exit
  static std::mutex mutex;
  static std::map<int, std::unique_ptr<PinnedStaging>> objects;
  std::lock_guard<std::mutex> lock(mutex);
  auto& p = objects[device];
  if (!p) p = std::make_unique<PinnedStaging>(pool);
  return *p;
}

inline constexpr std::size_t kDirectCopyBytes = std::size_t{1} << 20;

inline void copy_to_device(void* dst, const void* src, std::size_t bytes, gpu::Stream s) {
  if (bytes == 0) return;
  gpu::check(ZKF_GPU(MemcpyAsync)(dst, src, bytes, ZKF_GPU(MemcpyHostToDevice), s), "MemcpyAsync to device");
}

// Bytes to the device: directly when small or already pinned, else through the staging buffers.
inline void upload_bytes(int device, void* dst, const void* src, std::size_t bytes, gpu::Stream s) {
  if (bytes <= kDirectCopyBytes || is_pinned(src)) {
    copy_to_device(dst, src, bytes, s);
    return;
  }
  auto* d = static_cast<unsigned char*>(dst);
  const auto* h = static_cast<const unsigned char*>(src);
  staging(device).stream_pieces(bytes, PinnedStaging::kBytes, s,
                                                  [&](unsigned char* buf, std::size_t begin, std::size_t end) {
    cpu_pool().parallel_for(end - begin, [&](std::size_t b, std::size_t e) {
      std::memcpy(buf + b, h + begin + b, e - b);
    }, std::size_t{1} << 18);
    copy_to_device(d + begin, buf, end - begin, s);
  });
}

// The stream, device and allocator of one call.
struct Session {
  int device;
  gpu::Stream stream;
  DeviceResource& pool;
  unsigned sms;
};

// A call's session on `device` and `stream`, with the device's allocator of the memory policy in force.
inline Session session_on(int device, gpu::Stream stream) {
  return {device, stream, device_pool(device), sm_count(device)};
}

template <class T>
using Buffer = DeviceBuffer<T, DeviceResource>;

}  // namespace zkforge::cuda
