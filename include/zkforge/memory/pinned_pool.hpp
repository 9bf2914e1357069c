// SPDX-License-Identifier: Apache-2.0
// A pool of page-locked (pinned) host blocks for uploads: pinned memory copies to the device 10-50x
// faster than pageable memory and asynchronously, but pinning is slow, so blocks are kept and reused.
// checkout(bytes) hands out a block of at least that size (reusing an idle one, else pinning a new
// one); the PinnedBlock gives it back on destruction (checkin); shrink() unpins the idle blocks.
#pragma once

#include <cstddef>
#include <map>
#include <mutex>
#include <utility>

#include "zkforge/arch/gpu_runtime.hpp"
#include "zkforge/memory/host_memory.hpp"

namespace zkforge {

class PinnedPool;

// One checked-out pinned block; returns to its pool when destroyed.
class PinnedBlock {
 public:
  PinnedBlock() = default;
  PinnedBlock(PinnedPool* pool, void* p, std::size_t bytes) : pool_(pool), data_(p), bytes_(bytes) {}
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
  std::size_t size() const { return bytes_; }
  void reset();

 private:
  PinnedPool* pool_ = nullptr;
  void* data_ = nullptr;
  std::size_t bytes_ = 0;
};

class PinnedPool {
 public:
  PinnedPool() = default;
  ~PinnedPool() { shrink(); }
  PinnedPool(const PinnedPool&) = delete;
  PinnedPool& operator=(const PinnedPool&) = delete;

  PinnedBlock checkout(std::size_t bytes) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      const auto it = idle_.lower_bound(bytes);
      if (it != idle_.end()) {
        const auto [size, p] = *it;
        idle_.erase(it);
        idle_bytes_ -= size;
        counter_.add(size);
        return PinnedBlock(this, p, size);
      }
    }
    void* p = nullptr;
    gpu::check(gpu::malloc_host(&p, bytes), "MallocHost (pinned pool)");
    counter_.add(bytes);
    return PinnedBlock(this, p, bytes);
  }

  void checkin(void* p, std::size_t bytes) {
    std::lock_guard<std::mutex> lock(mutex_);
    idle_.emplace(bytes, p);
    idle_bytes_ += bytes;
    counter_.sub(bytes);
  }

  // Unpins and frees every idle block.
  void shrink() {
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto& [size, p] : idle_) (void)gpu::free_host(p);
    idle_.clear();
    idle_bytes_ = 0;
  }

  MemoryStats stats() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return {counter_.live(), idle_bytes_, 0, counter_.peak()};
  }

 private:
  mutable std::mutex mutex_;
  std::multimap<std::size_t, void*> idle_;
  std::size_t idle_bytes_ = 0;
  memory_detail::LiveCounter counter_;
};

inline void PinnedBlock::reset() {
  if (pool_ != nullptr && data_ != nullptr) pool_->checkin(data_, bytes_);
  pool_ = nullptr;
  data_ = nullptr;
}

}  // namespace zkforge
