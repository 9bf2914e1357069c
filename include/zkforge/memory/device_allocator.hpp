// SPDX-License-Identifier: Apache-2.0
// Device-memory allocator policies: Synchronous (allocate and free in place) and Pooled (buffers
// reused across calls, with a cap and trim). Algorithms take device memory only through these.
//
// An allocator models: void* allocate(std::size_t bytes, gpu::Stream s);
//                      void deallocate(void* p, std::size_t bytes, gpu::Stream s);
// deallocate may be called while work on `s` still reads the memory; each policy makes that safe.
#pragma once

#include <cstddef>
#include <map>
#include <mutex>
#include <utility>

#include "zkforge/arch/gpu_runtime.hpp"

namespace zkforge {

// cudaMalloc / cudaFree; a free first waits for the stream that used the memory.
struct SynchronousDevice {
  void* allocate(std::size_t bytes, gpu::Stream) {
    void* p = nullptr;
    if (bytes != 0) gpu::check(ZKF_GPU(Malloc)(&p, bytes), "device allocation");
    return p;
  }
  void deallocate(void* p, std::size_t, gpu::Stream s) {
    if (p == nullptr) return;
    gpu::check(ZKF_GPU(StreamSynchronize)(s), "StreamSynchronize before free");
    gpu::check(ZKF_GPU(Free)(p), "device free");
  }
};

// Keeps freed buffers by size for reuse on the same device; a buffer goes back to the pool only
// after the stream that used it is done. `cap_bytes` bounds what the pool holds idle; trim() frees it.
class PooledDevice {
 public:
  explicit PooledDevice(std::size_t cap_bytes = std::size_t{8} << 30) : cap_(cap_bytes) {}
  ~PooledDevice() { trim(); }
  PooledDevice(const PooledDevice&) = delete;
  PooledDevice& operator=(const PooledDevice&) = delete;

  void* allocate(std::size_t bytes, gpu::Stream s) {
    if (bytes == 0) return nullptr;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      auto it = idle_.lower_bound(bytes);
      if (it != idle_.end() && it->first <= 2 * bytes) {
        void* p = it->second;
        idle_bytes_ -= it->first;
        sizes_[p] = it->first;
        idle_.erase(it);
        return p;
      }
    }
    void* p = SynchronousDevice{}.allocate(bytes, s);
    std::lock_guard<std::mutex> lock(mutex_);
    sizes_[p] = bytes;
    return p;
  }
  void deallocate(void* p, std::size_t, gpu::Stream s) {
    if (p == nullptr) return;
    gpu::check(ZKF_GPU(StreamSynchronize)(s), "StreamSynchronize before reuse");
    std::unique_lock<std::mutex> lock(mutex_);
    const std::size_t size = sizes_.at(p);
    sizes_.erase(p);
    if (idle_bytes_ + size > cap_) {
      lock.unlock();
      gpu::check(ZKF_GPU(Free)(p), "device free");
      return;
    }
    idle_.emplace(size, p);
    idle_bytes_ += size;
  }
  // Frees every idle buffer.
  void trim() {
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto& [size, p] : idle_) (void)ZKF_GPU(Free)(p);
    idle_.clear();
    idle_bytes_ = 0;
  }
  std::size_t idle_bytes() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return idle_bytes_;
  }

 private:
  std::size_t cap_;
  mutable std::mutex mutex_;
  std::multimap<std::size_t, void*> idle_;
  std::map<void*, std::size_t> sizes_;
  std::size_t idle_bytes_ = 0;
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
