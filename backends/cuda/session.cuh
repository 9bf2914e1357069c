// SPDX-License-Identifier: Apache-2.0
// A GPU call's session — its device, stream and the memory of its policy — and copies between host
// and device: directly from pinned memory, else through a device's pinned staging buffers (PinnedStaging).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "backends/cuda/device_memory.cuh"
#include "backends/cuda/runtime.cuh"
#include "zkforge/backend/thread_pool.hpp"
#include "zkforge/memory/policy.hpp"

namespace zkforge::gpu {
inline namespace ZKF_GPU_NS {

// Host memory that the driver has page-locked (cudaHostAlloc'd or registered) can be copied from
// directly and asynchronously; anything else goes through PinnedStaging. On NVIDIA GPUs the pointer's
// attributes say so without an error for pageable memory (which compute-sanitizer would report);
// ROCm 5.2 has no such query, so on AMD GPUs a failed hipHostGetFlags says it.
inline bool is_pinned(const void* p) {
#if defined(__HIP_PLATFORM_AMD__)
  unsigned flags = 0;
  if (hipHostGetFlags(&flags, const_cast<void*>(p)) == hipSuccess) return true;
  (void)hipGetLastError();
  return false;
#else
  cudaPointerAttributes attributes{};
  if (cudaPointerGetAttributes(&attributes, p) != cudaSuccess) {
    (void)cudaGetLastError();
    return false;
  }
  return attributes.type == cudaMemoryTypeHost;
#endif
}

// The pinned host pool of a device's uploads (no cap: it holds the staging buffers).
struct DevicePinnedPool : PinnedPool {
  DevicePinnedPool() : PinnedPool(SIZE_MAX) {}
};
inline PinnedPool& pinned_pool(int device) { return per_device<DevicePinnedPool>(device); }

// Pinned host buffers (from the device's pinned pool) used in turn: while the device copies some,
// the host fills the next. Four rather than two: an H200's copies began ~1 ms after they were
// enqueued, and with two the host waited that long for every other piece (a 410 MB witness took
// ~19 ms, its copies ~8; docs/perf.md, run BB). The CPU pool's threads fill the pieces in chunks, all
// of one upload in one pool job, in order: a thread that finishes a chunk takes the next, of the
// same piece or the one after, so no piece waits for the slowest thread of the piece before (one
// job a piece left the 16 MB copies of a 410 MB witness 0.05 - 0.2 ms apart on an H200's host; docs/
// perf.md, issue #24).
class PinnedStaging {
 public:
  static constexpr std::size_t kBytes = std::size_t{16} << 20;
  static constexpr std::size_t kBuffers = 4;
  static constexpr std::size_t kChunkBytes = std::size_t{256} << 10;  // a pool task's share of a piece, about

  explicit PinnedStaging(PinnedPool& pool) {
    for (std::size_t b = 0; b < kBuffers; ++b) {
      block_[b] = PinnedBlock(pool, kBytes);
      buffer_[b] = block_[b].data();
      check(ZKF_GPU(EventCreateWithFlags)(&done_[b], ZKF_GPU(EventDisableTiming)), "EventCreate (staging)");
    }
  }
  ~PinnedStaging() {
    for (std::size_t b = 0; b < kBuffers; ++b) {
      (void)ZKF_GPU(EventSynchronize)(done_[b]);
      (void)ZKF_GPU(EventDestroy)(done_[b]);
    }
  }
  PinnedStaging(const PinnedStaging&) = delete;
  PinnedStaging& operator=(const PinnedStaging&) = delete;

  // Items [0, count) to `device` in pieces of per_piece items, each in chunks of per_chunk: on the
  // CPU pool's threads, fill(staging, piece, begin, end) writes items [begin, end) of the piece that
  // starts at item `piece` into its staging buffer, and the thread that writes a piece's last chunk
  // enqueues on s the copies that read it, send(staging, piece, end). Returns once every copy is
  // enqueued; the first error of any thread is rethrown, the copies enqueued before it left to run.
  template <class Fill, class Send>
  void stream_pieces(int device, std::size_t count, std::size_t per_piece, std::size_t per_chunk, Stream s,
                     Fill fill, Send send) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (count == 0) return;
    const std::size_t pieces = (count + per_piece - 1) / per_piece;
    const std::size_t chunks = (per_piece + per_chunk - 1) / per_chunk;  // per piece, but the last
    const std::size_t last_chunks = (count - (pieces - 1) * per_piece + per_chunk - 1) / per_chunk;
    std::vector<std::atomic<std::size_t>> left(pieces);  // chunks of each piece not yet written
    std::vector<std::atomic<bool>> sent(pieces);         // its copies enqueued, its buffer's event recorded
    for (std::size_t p = 0; p < pieces; ++p) {
      left[p].store(p + 1 == pieces ? last_chunks : chunks);
      sent[p].store(false);
    }
    std::atomic<bool> failed{false};
    cpu_pool().run((pieces - 1) * chunks + last_chunks, [&](std::size_t task) {
      const std::size_t p = task / chunks, b = p % kBuffers;
      const std::size_t piece = p * per_piece, piece_end = std::min(count, piece + per_piece);
      const std::size_t begin = piece + task % chunks * per_chunk, end = std::min(piece_end, begin + per_chunk);
      try {
        const DeviceGuard guard(device);
        // The buffer's copies of the piece before it there (or of an earlier upload) finished.
        if (p >= kBuffers) {
          while (!sent[p - kBuffers].load(std::memory_order_acquire)) {
            if (failed.load()) return;
            std::this_thread::yield();
          }
        }
        check(ZKF_GPU(EventSynchronize)(done_[b]), "EventSynchronize (staging)");
        fill(buffer_[b], piece, begin, end);
        if (left[p].fetch_sub(1) == 1) {
          send(buffer_[b], piece, piece_end);
          check(ZKF_GPU(EventRecord)(done_[b], s), "EventRecord (staging)");
          sent[p].store(true, std::memory_order_release);
        }
      } catch (...) {
        failed = true;
        throw;
      }
    });
  }

 private:
  std::mutex mutex_;
  PinnedBlock block_[kBuffers];
  unsigned char* buffer_[kBuffers] = {};
  Event done_[kBuffers] = {};
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

inline void copy_to_device(void* dst, const void* src, std::size_t bytes, Stream s) {
  if (bytes == 0) return;
  check(ZKF_GPU(MemcpyAsync)(dst, src, bytes, ZKF_GPU(MemcpyHostToDevice), s), "MemcpyAsync to device");
}

// What an upload asks of each range [begin, end) of its source's bytes (whole items) where the host
// reads them to copy them: gpu::upload_checked's check, without a pass of its own.
using ReadRange = std::function<void(std::size_t begin, std::size_t end)>;

// Bytes to the device: directly when small or already pinned (`read`, if any, asked of every range
// first), else through the staging buffers in pieces of whole items of `item` bytes (`read` asked of
// each range as it is copied into them).
inline void upload_bytes(int device, void* dst, const void* src, std::size_t bytes, Stream s, std::size_t item = 1,
                         const ReadRange* read = nullptr) {
  if (fault_due(DeviceFault::upload))
    throw Error(Errc::device_error, "upload of " + std::to_string(bytes) + " bytes to device " + std::to_string(device) +
                                        " failed (a fault injected by a test)");
  const std::size_t grain = std::max<std::size_t>(1, (std::size_t{1} << 18) / item);
  if (bytes <= kDirectCopyBytes || is_pinned(src)) {
    if (read != nullptr)
      cpu_pool().parallel_for(bytes / item, [&](std::size_t lo, std::size_t hi) { (*read)(lo * item, hi * item); },
                              grain);
    copy_to_device(dst, src, bytes, s);
    return;
  }
  auto* d = static_cast<unsigned char*>(dst);
  const auto* h = static_cast<const unsigned char*>(src);
  const std::size_t chunk = std::max<std::size_t>(1, PinnedStaging::kChunkBytes / item) * item;
  staging(device).stream_pieces(
      device, bytes, PinnedStaging::kBytes / item * item, chunk, s,
      [&](unsigned char* buf, std::size_t piece, std::size_t begin, std::size_t end) {
        std::memcpy(buf + (begin - piece), h + begin, end - begin);
        if (read != nullptr) (*read)(begin, end);
      },
      [&](unsigned char* buf, std::size_t piece, std::size_t end) { copy_to_device(d + piece, buf, end - piece, s); });
}

// Bytes from the device to host memory; enqueued on s.
inline void copy_to_host(void* dst, const void* src, std::size_t bytes, Stream s) {
  if (bytes == 0) return;
  check(ZKF_GPU(MemcpyAsync)(dst, src, bytes, ZKF_GPU(MemcpyDeviceToHost), s), "MemcpyAsync to host");
}

// The device, stream and memory of one call: the device's resource of the call's memory policy.
struct Session {
  int device;
  Stream stream;
  DeviceResource& pool;
  unsigned sms;
};

inline Session session_on(int device, Stream stream, MemoryPolicy policy) {
  return {device, stream, device_resource(policy, device), sm_count(device)};
}

}  // namespace ZKF_GPU_NS
}  // namespace zkforge::gpu
