// SPDX-License-Identifier: Apache-2.0
// Host and device helpers shared by the GPU backends' algorithms (MSM, NTT, quotient), compiled as
// CUDA or as HIP: the backend tag of this translation unit, runtime error checks, owned streams and
// events, launch arithmetic, 16-byte loads and stores of field elements and points, the current
// device, one object per device, and the device's free memory.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "zkforge/arch/gpu_runtime.hpp"
#include "zkforge/arch/macros.hpp"
#include "zkforge/backend/tags.hpp"
#include "zkforge/error.hpp"
#include "zkforge/gpu/device.hpp"
#include "zkforge/gpu/faults.hpp"

namespace zkforge::gpu {
inline namespace ZKF_GPU_NS {

// The backend tag whose primitives a translation unit compiled for this runtime defines: the CUDA
// backend's sources compiled as HIP are the Hip backend.
#if ZKF_GPU_HIP
using Backend = Hip;
#else
using Backend = Cuda;
#endif

// Throws zkforge::Error naming the call and the runtime's message; out of memory has its own code.
inline void check(Error_t e, const char* what) {
  if (e == ZKF_GPU(Success)) return;
  const Errc code = e == ZKF_GPU(ErrorMemoryAllocation) ? Errc::out_of_memory : Errc::device_error;
  (void)ZKF_GPU(GetLastError)();  // clear the sticky non-fatal error so that the next call is clean
  throw Error(code, std::string(what) + ": " + ZKF_GPU(GetErrorString)(e));
}

// The armed faults of gpu/faults.hpp, one countdown per kind: -1 disarmed, else the operations of
// that kind still to pass before one fails.
inline std::atomic<int> fault_countdown[3] = {-1, -1, -1};

// Whether this operation of `kind` is the one to fail (the countdown reaching zero disarms it).
inline bool fault_due(DeviceFault kind) {
  std::atomic<int>& c = fault_countdown[static_cast<int>(kind)];
  int left = c.load(std::memory_order_relaxed);
  while (left >= 0 && !c.compare_exchange_weak(left, left - 1)) {
  }
  return left == 0;
}

inline int device_count() {
  int n = 0;
  if (ZKF_GPU(GetDeviceCount)(&n) != ZKF_GPU(Success)) {
    (void)ZKF_GPU(GetLastError)();
    return 0;
  }
  return n;
}

// Free and total bytes of the current device.
inline DeviceMemoryInfo memory_info() {
  DeviceMemoryInfo m;
  check(ZKF_GPU(MemGetInfo)(&m.free_bytes, &m.total_bytes), "MemGetInfo");
  return m;
}

// An event owned for the life of the object, without timing: one stream records it, others wait for it.
class OwnedEvent {
 public:
  OwnedEvent() { check(ZKF_GPU(EventCreateWithFlags)(&e_, ZKF_GPU(EventDisableTiming)), "EventCreate"); }
  ~OwnedEvent() { (void)ZKF_GPU(EventDestroy)(e_); }
  OwnedEvent(const OwnedEvent&) = delete;
  OwnedEvent& operator=(const OwnedEvent&) = delete;
  void record(Stream s) { check(ZKF_GPU(EventRecord)(e_, s), "EventRecord"); }
  // Work enqueued on s from now on waits for the work recorded.
  void await_on(Stream s) const { check(ZKF_GPU(StreamWaitEvent)(s, e_, 0), "StreamWaitEvent"); }

 private:
  Event e_{};
};

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

inline void check_launch(const char* kernel) {
  check(ZKF_GPU(GetLastError)(), kernel);
  if (fault_due(DeviceFault::kernel))
    throw Error(Errc::device_error, std::string(kernel) + ": the launch failed (a fault injected by a test)");
}

inline int current_device() {
  int d = 0;
  check(ZKF_GPU(GetDevice)(&d), "GetDevice");
  return d;
}

// Makes `device` current for the guard's life.
class DeviceGuard {
 public:
  explicit DeviceGuard(int device) : previous_(current_device()) {
    if (previous_ != device) check(ZKF_GPU(SetDevice)(device), "SetDevice");
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

// Idle streams of one device, kept to be taken again rather than destroyed: on an H200,
// cudaStreamDestroy on one thread waited for the other threads' copies to pageable host memory (each
// MSM ends with one, behind its kernels), 25 - 135 ms of every 2^26 proof's main thread, between its
// evaluate and its quotient (docs/perf.md, run BT). Left to the driver at exit.
struct IdleStreams {
  std::mutex mutex;
  std::vector<Stream> streams;
};
struct IdleHighStreams : IdleStreams {};  // those at the device's highest priority

// A stream of the current device, owned for the life of the object: an idle one of the device's, or a
// new one, given back idle when the object goes; `high`, at the device's highest priority.
class OwnedStream {
 public:
  explicit OwnedStream(bool high = false)
      : idle_(high ? &per_device<IdleHighStreams>(current_device()) : &per_device<IdleStreams>(current_device())) {
    {
      std::lock_guard<std::mutex> lock(idle_->mutex);
      if (!idle_->streams.empty()) {
        s_ = idle_->streams.back();
        idle_->streams.pop_back();
        return;
      }
    }
    int priority = 0;  // the default; the greatest priority is the lowest number
    if (high) {
      int least = 0;
      check(ZKF_GPU(DeviceGetStreamPriorityRange)(&least, &priority), "DeviceGetStreamPriorityRange");
    }
    check(ZKF_GPU(StreamCreateWithPriority)(&s_, ZKF_GPU(StreamNonBlocking), priority), "StreamCreate");
  }
  // Waits for the stream's work first: a call that throws while kernels are queued frees its buffers only
  // after they are done with them. A stream whose work failed is destroyed, not kept.
  ~OwnedStream() {
    if (ZKF_GPU(StreamSynchronize)(s_) == ZKF_GPU(Success)) {
      try {
        std::lock_guard<std::mutex> lock(idle_->mutex);
        idle_->streams.push_back(s_);
        return;
      } catch (...) {  // no room to keep it
      }
    }
    (void)ZKF_GPU(GetLastError)();
    (void)ZKF_GPU(StreamDestroy)(s_);
  }
  OwnedStream(const OwnedStream&) = delete;
  OwnedStream& operator=(const OwnedStream&) = delete;
  Stream get() const { return s_; }
  void synchronize() const { check(ZKF_GPU(StreamSynchronize)(s_), "StreamSynchronize"); }

 private:
  IdleStreams* idle_;
  Stream s_{};
};

inline unsigned sm_count(int device) {
#if ZKF_GPU_HIP
  constexpr auto kAttribute = hipDeviceAttributeMultiprocessorCount;
#else
  constexpr auto kAttribute = cudaDevAttrMultiProcessorCount;
#endif
  int v = 0;
  check(ZKF_GPU(DeviceGetAttribute)(&v, kAttribute, device), "DeviceGetAttribute(multiprocessors)");
  return static_cast<unsigned>(std::max(1, v));
}

}  // namespace ZKF_GPU_NS
}  // namespace zkforge::gpu
