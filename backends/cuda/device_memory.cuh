// SPDX-License-Identifier: Apache-2.0
// A GPU backend's memory: the device-memory policies — Synchronous (allocate and free in place),
// Pooled (buffers reused across calls through SizePool, with a cap and trim) and Deferred (frees
// handed to a bounded background queue, each one ordered after the work of the stream that used the
// memory) — behind DeviceResource, each policy's resource per device, DeviceBuffer, and the pool of
// pinned host blocks that uploads stage through. Algorithms take device memory only through a
// DeviceResource.
//
// deallocate(p, bytes, s) may be called while work on stream s still reads the memory; every policy
// makes that safe: Synchronous and Pooled wait for s first, Deferred records an event on s and its
// worker frees only after the event. Each resource keeps MemoryStats.
#pragma once

#include <algorithm>
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <utility>

#include "backends/cuda/runtime.cuh"
#include "zkforge/memory/policy.hpp"
#include "zkforge/memory/release_queue.hpp"
#include "zkforge/memory/size_pool.hpp"

namespace zkforge::gpu {
inline namespace ZKF_GPU_NS {

class DeviceResource {
 public:
  virtual ~DeviceResource() = default;
  virtual void* allocate(std::size_t bytes, Stream s) = 0;
  virtual void deallocate(void* p, std::size_t bytes, Stream s) = 0;
  virtual MemoryStats stats() const = 0;
  virtual void flush() {}  // waits for queued frees (deferred)
  virtual void trim() {}   // frees idle buffers (pooled)
};

namespace device_detail {
// Out of device memory, named as such: the bytes asked and what the device had free.
[[noreturn]] inline void out_of_device_memory(std::size_t bytes, const char* why) {
  (void)ZKF_GPU(GetLastError)();
  std::size_t free_bytes = 0, total_bytes = 0;
  (void)ZKF_GPU(MemGetInfo)(&free_bytes, &total_bytes);
  (void)ZKF_GPU(GetLastError)();
  throw Error(Errc::out_of_memory, "out of device memory: " + std::to_string(bytes) + " bytes asked of device " +
                                       std::to_string(current_device()) + ", which has " +
                                       std::to_string(free_bytes >> 20) + " MiB free of " +
                                       std::to_string(total_bytes >> 20) + " MiB" + why);
}

// The test hook's allocation fault (gpu/faults.hpp), once per allocation a policy is asked for.
inline void allocation_fault_point(std::size_t bytes) {
  if (bytes != 0 && fault_due(DeviceFault::allocation)) out_of_device_memory(bytes, " (a fault injected by a test)");
}

inline void* device_block(std::size_t bytes) {
  void* p = nullptr;
  if (bytes == 0) return p;
  const Error_t e = ZKF_GPU(Malloc)(&p, bytes);
  if (e == ZKF_GPU(ErrorMemoryAllocation)) out_of_device_memory(bytes, "");
  check(e, "device allocation");
  return p;
}

// The upstream of the pooled device policy's SizePool.
struct DeviceUpstream {
  void* allocate(std::size_t bytes) { return device_block(bytes); }
  void free(void* p) noexcept { (void)ZKF_GPU(Free)(p); }
};

// The upstream of the pinned host pool.
struct PinnedUpstream {
  void* allocate(std::size_t bytes) {
    void* p = nullptr;
    check(malloc_host(&p, bytes), "MallocHost (pinned pool)");
    return p;
  }
  void free(void* p) noexcept { (void)free_host(p); }
};
}  // namespace device_detail

// Malloc / Free; a free first waits for the stream that used the memory.
class SynchronousDevice final : public DeviceResource {
 public:
  void* allocate(std::size_t bytes, Stream) override {
    device_detail::allocation_fault_point(bytes);
    void* p = device_detail::device_block(bytes);
    if (p != nullptr) counter_.add(bytes);
    return p;
  }
  void deallocate(void* p, std::size_t bytes, Stream s) override {
    if (p == nullptr) return;
    check(ZKF_GPU(StreamSynchronize)(s), "StreamSynchronize before free");
    check(ZKF_GPU(Free)(p), "device free");
    counter_.sub(bytes);
  }
  MemoryStats stats() const override { return {counter_.live(), 0, 0, counter_.peak()}; }

 private:
  zkforge::memory_detail::LiveCounter counter_;
};

// Keeps freed buffers by size for reuse on the same device; a buffer goes back to the pool only
// after the stream that used it is done. `cap_bytes` bounds what the pool holds idle; trim() frees it.
class PooledDevice final : public DeviceResource {
 public:
  explicit PooledDevice(std::size_t cap_bytes = std::size_t{8} << 30) : pool_(cap_bytes) {}

  void* allocate(std::size_t bytes, Stream) override {
    device_detail::allocation_fault_point(bytes);
    return bytes == 0 ? nullptr : pool_.take(bytes);
  }
  void deallocate(void* p, std::size_t bytes, Stream s) override {
    if (p == nullptr) return;
    check(ZKF_GPU(StreamSynchronize)(s), "StreamSynchronize before reuse");
    pool_.give(p, bytes);
  }
  void trim() override { pool_.trim(); }
  MemoryStats stats() const override { return pool_.stats(); }

 private:
  SizePool<device_detail::DeviceUpstream> pool_;
};

// Frees on a background thread, each after an event recorded on the stream that used the memory,
// so the freeing thread never waits for the GPU; at most `queue_capacity` frees wait (back-pressure
// beyond). `device` is the device the memory belongs to (made current by the worker).
class DeferredDevice final : public DeviceResource {
 public:
  explicit DeferredDevice(int device, std::size_t queue_capacity = 256) : device_(device), queue_(queue_capacity) {}
  ~DeferredDevice() override { queue_.flush(); }

  void* allocate(std::size_t bytes, Stream) override {
    device_detail::allocation_fault_point(bytes);
    void* p = device_detail::device_block(bytes);
    if (p != nullptr) counter_.add(bytes);
    return p;
  }
  void deallocate(void* p, std::size_t bytes, Stream s) override {
    if (p == nullptr) return;
    Event done{};
    check(ZKF_GPU(EventCreateWithFlags)(&done, ZKF_GPU(EventDisableTiming)), "EventCreate (deferred free)");
    check(ZKF_GPU(EventRecord)(done, s), "EventRecord (deferred free)");
    counter_.sub(bytes);
    const int device = device_;
    queue_.push([device, done, p] {
      (void)ZKF_GPU(SetDevice)(device);
      (void)ZKF_GPU(EventSynchronize)(done);
      (void)ZKF_GPU(EventDestroy)(done);
      (void)ZKF_GPU(Free)(p);
    }, bytes);
  }
  MemoryStats stats() const override { return {counter_.live(), 0, queue_.pending_bytes(), counter_.peak()}; }
  void flush() override { queue_.flush(); }

 private:
  int device_;
  zkforge::memory_detail::LiveCounter counter_;
  memory::ReleaseQueue queue_;
};

// The pooled policy's cap on idle buffers: a quarter of the device's memory, and at least 8 GiB. A
// BLS12-381 proof at 2^26 points gives back more than 8 GiB of buffers; under an 8 GiB cap every
// proof freed its largest and allocated them again, and a free waits for the device (7 frees, ~6 ms
// between two proofs on an H200: docs/perf.md, run BB).
inline std::size_t pooled_cap(int device) {
  const DeviceGuard guard(device);
  return std::max(std::size_t{8} << 30, memory_info().total_bytes / 4);
}

// The resource of `policy` on `device`, one per process and backend.
inline DeviceResource& device_resource(MemoryPolicy policy, int device) {
  static std::mutex mutex;
  static std::map<std::pair<int, int>, std::unique_ptr<DeviceResource>> resources;
  std::lock_guard<std::mutex> lock(mutex);
  auto& r = resources[{static_cast<int>(policy), device}];
  if (!r) {
    if (policy == MemoryPolicy::synchronous) r = std::make_unique<SynchronousDevice>();
    else if (policy == MemoryPolicy::pooled) r = std::make_unique<PooledDevice>(pooled_cap(device));
    else r = std::make_unique<DeferredDevice>(device);
  }
  return *r;
}

// Owns `count` elements of device memory from resource R, released on the stream it was made for.
template <class T, class R = DeviceResource>
class DeviceBuffer {
 public:
  DeviceBuffer(R& resource, std::size_t count, Stream s)
      : resource_(&resource), stream_(s), count_(count),
        data_(static_cast<T*>(resource.allocate(count * sizeof(T), s))) {}
  ~DeviceBuffer() { release(); }
  DeviceBuffer(DeviceBuffer&& o) noexcept
      : resource_(o.resource_), stream_(o.stream_), count_(std::exchange(o.count_, 0)),
        data_(std::exchange(o.data_, nullptr)) {}
  DeviceBuffer& operator=(DeviceBuffer&& o) noexcept {
    if (this != &o) {
      release();
      resource_ = o.resource_;
      stream_ = o.stream_;
      count_ = std::exchange(o.count_, 0);
      data_ = std::exchange(o.data_, nullptr);
    }
    return *this;
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;

  T* data() const { return data_; }
  std::size_t size() const { return count_; }

 private:
  void release() noexcept {
    if (data_ == nullptr) return;
    try {
      resource_->deallocate(data_, count_ * sizeof(T), stream_);
    } catch (...) {
      // A failing free at destruction leaves the memory to the driver: nothing left to report to.
    }
    data_ = nullptr;
  }

  R* resource_;
  Stream stream_;
  std::size_t count_;
  T* data_;
};

template <class T>
using Buffer = DeviceBuffer<T>;

// Page-locked (pinned) host blocks for uploads: pinned memory copies to the device 10-50x faster
// than pageable memory and asynchronously, but pinning is slow, so blocks are kept (SizePool, no cap)
// and reused. A PinnedBlock goes back to its pool when destroyed; trim() unpins the idle blocks.
using PinnedPool = SizePool<device_detail::PinnedUpstream>;

class PinnedBlock {
 public:
  PinnedBlock() = default;
  PinnedBlock(PinnedPool& pool, std::size_t bytes)
      : pool_(&pool), data_(pool.take(bytes)), bytes_(bytes) {}
  PinnedBlock(PinnedBlock&& o) noexcept
      : pool_(std::exchange(o.pool_, nullptr)), data_(std::exchange(o.data_, nullptr)), bytes_(o.bytes_) {}
  PinnedBlock& operator=(PinnedBlock&& o) noexcept {
    if (this != &o) {
      reset();
      pool_ = std::exchange(o.pool_, nullptr);
      data_ = std::exchange(o.data_, nullptr);
      bytes_ = o.bytes_;
    }
    return *this;
  }
  PinnedBlock(const PinnedBlock&) = delete;
  PinnedBlock& operator=(const PinnedBlock&) = delete;
  ~PinnedBlock() { reset(); }

  unsigned char* data() const { return static_cast<unsigned char*>(data_); }

 private:
  void reset() {
    if (pool_ != nullptr && data_ != nullptr) pool_->give(data_, bytes_);
    pool_ = nullptr;
    data_ = nullptr;
  }

  PinnedPool* pool_ = nullptr;
  void* data_ = nullptr;
  std::size_t bytes_ = 0;
};

}  // namespace ZKF_GPU_NS
}  // namespace zkforge::gpu
