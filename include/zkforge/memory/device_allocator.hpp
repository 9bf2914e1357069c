// SPDX-License-Identifier: Apache-2.0
// Device-memory policies: Synchronous (allocate and free in place), Pooled (buffers reused across
// calls, with a cap and trim) and Deferred (frees handed to a bounded background queue, each one
// ordered after the work of the stream that used the memory). Algorithms take device memory only
// through a DeviceResource.
//
// deallocate(p, bytes, s) may be called while work on stream s still reads the memory; every policy
// makes that safe: Synchronous and Pooled wait for s first, Deferred records an event on s and its
// worker frees only after the event. Each resource keeps MemoryStats (host_memory.hpp).
#pragma once

#include <atomic>
#include <cstddef>
#include <map>
#include <mutex>
#include <utility>

#include "zkforge/arch/gpu_runtime.hpp"
#include "zkforge/memory/host_memory.hpp"
#include "zkforge/memory/release_queue.hpp"

namespace zkforge {

class DeviceResource {
 public:
  virtual ~DeviceResource() = default;
  virtual void* allocate(std::size_t bytes, gpu::Stream s) = 0;
  virtual void deallocate(void* p, std::size_t bytes, gpu::Stream s) = 0;
  virtual MemoryStats stats() const = 0;
  virtual void flush() {}  // waits for queued frees (deferred)
  virtual void trim() {}   // frees idle buffers (pooled)
};

namespace memory_detail {
inline void* device_block(std::size_t bytes) {
  void* p = nullptr;
  if (bytes != 0) gpu::check(ZKF_GPU(Malloc)(&p, bytes), "device allocation");
  return p;
}
}  // namespace memory_detail

// cudaMalloc / cudaFree; a free first waits for the stream that used the memory.
class SynchronousDevice final : public DeviceResource {
 public:
  void* allocate(std::size_t bytes, gpu::Stream) override {
    void* p = memory_detail::device_block(bytes);
    if (p != nullptr) counter_.add(bytes);
    return p;
  }
  void deallocate(void* p, std::size_t bytes, gpu::Stream s) override {
    if (p == nullptr) return;
    gpu::check(ZKF_GPU(StreamSynchronize)(s), "StreamSynchronize before free");
    gpu::check(ZKF_GPU(Free)(p), "device free");
    counter_.sub(bytes);
  }
  MemoryStats stats() const override { return {counter_.live(), 0, 0, counter_.peak()}; }

 private:
  memory_detail::LiveCounter counter_;
};

// Keeps freed buffers by size for reuse on the same device; a buffer goes back to the pool only
// after the stream that used it is done. `cap_bytes` bounds what the pool holds idle; trim() frees it.
class PooledDevice final : public DeviceResource {
 public:
  explicit PooledDevice(std::size_t cap_bytes = std::size_t{8} << 30) : cap_(cap_bytes) {}
  ~PooledDevice() override { trim(); }
  PooledDevice(const PooledDevice&) = delete;
  PooledDevice& operator=(const PooledDevice&) = delete;

  void* allocate(std::size_t bytes, gpu::Stream) override {
    if (bytes == 0) return nullptr;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      auto it = idle_.lower_bound(bytes);
      if (it != idle_.end() && it->first <= 2 * bytes) {
        void* p = it->second;
        idle_bytes_ -= it->first;
        sizes_[p] = it->first;
        idle_.erase(it);
        counter_.add(bytes);
        return p;
      }
    }
    void* p = memory_detail::device_block(bytes);
    std::lock_guard<std::mutex> lock(mutex_);
    sizes_[p] = bytes;
    counter_.add(bytes);
    return p;
  }
  void deallocate(void* p, std::size_t bytes, gpu::Stream s) override {
    if (p == nullptr) return;
    gpu::check(ZKF_GPU(StreamSynchronize)(s), "StreamSynchronize before reuse");
    std::unique_lock<std::mutex> lock(mutex_);
    const std::size_t size = sizes_.at(p);
    sizes_.erase(p);
    counter_.sub(bytes);
    if (idle_bytes_ + size > cap_) {
      lock.unlock();
      gpu::check(ZKF_GPU(Free)(p), "device free");
      return;
    }
    idle_.emplace(size, p);
    idle_bytes_ += size;
  }
  // Frees every idle buffer.
  void trim() override {
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto& [size, p] : idle_) (void)ZKF_GPU(Free)(p);
    idle_.clear();
    idle_bytes_ = 0;
  }
  std::size_t idle_bytes() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return idle_bytes_;
  }
  MemoryStats stats() const override {
    std::lock_guard<std::mutex> lock(mutex_);
    return {counter_.live(), idle_bytes_, 0, counter_.peak()};
  }

 private:
  std::size_t cap_;
  mutable std::mutex mutex_;
  std::multimap<std::size_t, void*> idle_;
  std::map<void*, std::size_t> sizes_;
  std::size_t idle_bytes_ = 0;
  memory_detail::LiveCounter counter_;
};

// Frees on a background thread, each after an event recorded on the stream that used the memory,
// so the freeing thread never waits for the GPU; at most `queue_capacity` frees wait (back-pressure
// beyond). `device` is the device the memory belongs to (made current by the worker).
class DeferredDevice final : public DeviceResource {
 public:
  explicit DeferredDevice(int device, std::size_t queue_capacity = 256) : device_(device), queue_(queue_capacity) {}
  ~DeferredDevice() override { queue_.flush(); }

  void* allocate(std::size_t bytes, gpu::Stream) override {
    void* p = memory_detail::device_block(bytes);
    if (p != nullptr) counter_.add(bytes);
    return p;
  }
  void deallocate(void* p, std::size_t bytes, gpu::Stream s) override {
    if (p == nullptr) return;
    gpu::Event done{};
    gpu::check(ZKF_GPU(EventCreateWithFlags)(&done, ZKF_GPU(EventDisableTiming)), "EventCreate (deferred free)");
    gpu::check(ZKF_GPU(EventRecord)(done, s), "EventRecord (deferred free)");
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
  memory_detail::LiveCounter counter_;
  memory::ReleaseQueue queue_;
};

// Owns `count` elements of device memory from allocator A, released on the stream it was made for.
template <class T, class A>
class DeviceBuffer {
 public:
  DeviceBuffer(A& alloc, std::size_t count, gpu::Stream s)
      : alloc_(&alloc), stream_(s), count_(count), data_(static_cast<T*>(alloc.allocate(count * sizeof(T), s))) {}
  ~DeviceBuffer() { release(); }
  DeviceBuffer(DeviceBuffer&& o) noexcept
      : alloc_(o.alloc_), stream_(o.stream_), count_(std::exchange(o.count_, 0)), data_(std::exchange(o.data_, nullptr)) {}
  DeviceBuffer& operator=(DeviceBuffer&& o) noexcept {
    if (this != &o) {
      release();
      alloc_ = o.alloc_;
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
      alloc_->deallocate(data_, count_ * sizeof(T), stream_);
    } catch (...) {
      // A failing free at destruction leaves the memory to the driver: nothing left to report to.
    }
    data_ = nullptr;
  }

  A* alloc_;
  gpu::Stream stream_;
  std::size_t count_;
  T* data_;
};

}  // namespace zkforge
