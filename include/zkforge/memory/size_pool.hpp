// SPDX-License-Identifier: Apache-2.0
// The one pool of zkforge's memory: blocks kept by size for reuse, under the pooled host policy
// (host_memory.hpp), the GPU backends' pooled device policy and their pinned staging blocks.
//
// take(bytes) hands out an idle block of at least bytes and at most twice that, else a new block of
// exactly bytes from Upstream; give(p, bytes) keeps the block idle while the idle bytes stay within
// the cap, else frees it; a new block refused for want of memory while idle blocks are held is asked
// again after they are freed. Upstream is a type with `void* allocate(std::size_t)` (throwing on
// failure, Error(out_of_memory) for want of memory) and `void free(void*) noexcept`. Live bytes count
// what callers asked for, idle bytes whole blocks.
#pragma once

#include <cstddef>
#include <map>
#include <mutex>
#include <utility>

#include "zkforge/error.hpp"
#include "zkforge/memory/policy.hpp"

namespace zkforge {

template <class Upstream>
class SizePool {
 public:
  explicit SizePool(std::size_t cap_bytes, Upstream upstream = {}) : cap_(cap_bytes), upstream_(std::move(upstream)) {}
  ~SizePool() { trim(); }
  SizePool(const SizePool&) = delete;
  SizePool& operator=(const SizePool&) = delete;

  void* take(std::size_t bytes) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      const auto it = idle_.lower_bound(bytes);
      if (it != idle_.end() && it->first <= 2 * bytes) {
        void* p = it->second;
        idle_bytes_ -= it->first;
        block_size_[p] = it->first;
        idle_.erase(it);
        counter_.add(bytes);
        return p;
      }
    }
    void* p = nullptr;
    try {
      p = upstream_.allocate(bytes);
    } catch (const Error& e) {
      // Out of memory with idle blocks held: they are given back, and the allocation tried once more.
      if (e.code() != Errc::out_of_memory || stats().idle_bytes == 0) throw;
      trim();
      p = upstream_.allocate(bytes);
    }
    std::lock_guard<std::mutex> lock(mutex_);
    block_size_[p] = bytes;
    counter_.add(bytes);
    return p;
  }

  void give(void* p, std::size_t bytes) {
    std::unique_lock<std::mutex> lock(mutex_);
    const std::size_t size = block_size_.at(p);
    block_size_.erase(p);
    counter_.sub(bytes);
    if (idle_bytes_ + size > cap_) {
      lock.unlock();
      upstream_.free(p);
      return;
    }
    idle_.emplace(size, p);
    idle_bytes_ += size;
  }

  // Frees every idle block.
  void trim() {
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto& [size, p] : idle_) upstream_.free(p);
    idle_.clear();
    idle_bytes_ = 0;
  }

  MemoryStats stats() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return {counter_.live(), idle_bytes_, 0, counter_.peak()};
  }

 private:
  std::size_t cap_;
  Upstream upstream_;
  mutable std::mutex mutex_;
  std::multimap<std::size_t, void*> idle_;
  std::map<void*, std::size_t> block_size_;
  std::size_t idle_bytes_ = 0;
  memory_detail::LiveCounter counter_;
};

}  // namespace zkforge
