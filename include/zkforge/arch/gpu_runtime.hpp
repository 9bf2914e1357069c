// SPDX-License-Identifier: Apache-2.0
// The one shim over the CUDA and HIP runtimes: names, error checks and stream handles used by
// every GPU backend file, so that kernels and host code compile for either vendor.
//
// HIP is chosen by hipcc / clang -x hip (__HIPCC__, AMD GPUs) or, for nvcc and the host compiler, by
// -DZKFORGE_USE_HIP (with __HIP_PLATFORM_NVIDIA__: HIP's nvidia_detail headers over the CUDA runtime).
#pragma once

#if defined(__HIPCC__) || defined(ZKFORGE_USE_HIP)
#include <hip/hip_runtime.h>
#define ZKF_GPU(name) hip##name
#define ZKF_GPU_HIP 1
#else
#include <cuda_runtime.h>
#define ZKF_GPU(name) cuda##name
#define ZKF_GPU_HIP 0
#endif

#include <cstddef>
#include <string>

#include "zkforge/backend/tags.hpp"
#include "zkforge/error.hpp"

namespace zkforge::gpu {

// The backend tag whose primitives a translation unit compiled for this runtime defines: the CUDA
// backend's sources (backends/cuda/*.cuh) compiled as HIP are the Hip backend.
#if ZKF_GPU_HIP
using Backend = Hip;
using DeviceProp = hipDeviceProp_t;
#else
using Backend = Cuda;
using DeviceProp = cudaDeviceProp;
#endif

using Error_t = ZKF_GPU(Error_t);
using Stream = ZKF_GPU(Stream_t);
using Event = ZKF_GPU(Event_t);

// Throws zkforge::Error naming the call and the runtime's message; out of memory has its own code.
inline void check(Error_t e, const char* what) {
  if (e == ZKF_GPU(Success)) return;
  const Errc code = e == ZKF_GPU(ErrorMemoryAllocation) ? Errc::out_of_memory : Errc::device_error;
  (void)ZKF_GPU(GetLastError)();  // clear the sticky non-fatal error so that the next call is clean
  throw Error(code, std::string(what) + ": " + ZKF_GPU(GetErrorString)(e));
}

// Page-locked host memory (HIP deprecates hipMallocHost for hipHostMalloc).
inline Error_t malloc_host(void** p, std::size_t bytes) {
#if ZKF_GPU_HIP
  return hipHostMalloc(p, bytes, hipHostMallocDefault);
#else
  return cudaMallocHost(p, bytes);
#endif
}
inline Error_t free_host(void* p) {
#if ZKF_GPU_HIP
  return hipHostFree(p);
#else
  return cudaFreeHost(p);
#endif
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
struct MemoryInfo {
  std::size_t free_bytes = 0, total_bytes = 0;
};
inline MemoryInfo memory_info() {
  MemoryInfo m;
  check(ZKF_GPU(MemGetInfo)(&m.free_bytes, &m.total_bytes), "MemGetInfo");
  return m;
}

// A stream owned for the life of the object.
class OwnedStream {
 public:
  OwnedStream() { check(ZKF_GPU(StreamCreateWithFlags)(&s_, ZKF_GPU(StreamNonBlocking)), "StreamCreate"); }
  ~OwnedStream() { (void)ZKF_GPU(StreamDestroy)(s_); }
  OwnedStream(const OwnedStream&) = delete;
  OwnedStream& operator=(const OwnedStream&) = delete;
  Stream get() const { return s_; }
  void synchronize() const { check(ZKF_GPU(StreamSynchronize)(s_), "StreamSynchronize"); }

 private:
  Stream s_{};
};

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

}  // namespace zkforge::gpu
