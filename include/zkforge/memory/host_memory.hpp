// SPDX-License-Identifier: Apache-2.0
// Host-memory policies: where a prover's large host buffers come from and how they go back.
//
//   SynchronousHost  allocates and frees in place;
//   PooledHost       keeps freed blocks by size for reuse (SizePool), up to a cap of idle bytes; trim()
//                    frees them;
//   DeferredHost     frees blocks of >= 1 MiB on a background thread through a bounded ReleaseQueue
//                    (a full queue applies back-pressure); flush() waits for every queued free.
// Each keeps its accounting: bytes live (handed out), idle (pooled), pending release (queued) and the
// peak of live bytes. HostAllocator<T> adapts a resource to std::vector; host_resource(policy) gives
// the process-wide resource of a policy, which zkforge's provers and the CLI's --memory use.
// Blocks are 64-byte aligned (boost::alignment::aligned_alloc). Allocation failure is
// Error(out_of_memory) naming the size.
#pragma once

#include <algorithm>
#include <boost/align/aligned_alloc.hpp>
#include <cstddef>
#include <new>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "zkforge/error.hpp"
#include "zkforge/memory/aligned.hpp"
#include "zkforge/memory/policy.hpp"
#include "zkforge/memory/release_queue.hpp"
#include "zkforge/memory/size_pool.hpp"

namespace zkforge {

class HostResource {
 public:
  virtual ~HostResource() = default;
  virtual void* allocate(std::size_t bytes) = 0;
  virtual void deallocate(void* p, std::size_t bytes) = 0;
  virtual MemoryStats stats() const = 0;
  virtual void flush() {}  // waits for queued releases (deferred)
  virtual void trim() {}   // frees idle blocks (pooled)
};

namespace memory_detail {

inline constexpr std::size_t kAlignment = kHostAlignment;

inline std::size_t rounded(std::size_t bytes) { return (bytes + kAlignment - 1) / kAlignment * kAlignment; }

inline void* aligned_block(std::size_t bytes) {
  void* p = boost::alignment::aligned_alloc(kAlignment, rounded(std::max<std::size_t>(bytes, 1)));
  if (p == nullptr) throw Error(Errc::out_of_memory, "host allocation of " + std::to_string(bytes) + " bytes failed");
  return p;
}

// The upstream of the pooled host policy's SizePool.
struct AlignedUpstream {
  void* allocate(std::size_t bytes) { return aligned_block(bytes); }
  void free(void* p) noexcept { boost::alignment::aligned_free(p); }
};

}  // namespace memory_detail

class SynchronousHost final : public HostResource {
 public:
  void* allocate(std::size_t bytes) override {
    void* p = memory_detail::aligned_block(bytes);
    counter_.add(bytes);
    return p;
  }
  void deallocate(void* p, std::size_t bytes) override {
    if (p == nullptr) return;
    boost::alignment::aligned_free(p);
    counter_.sub(bytes);
  }
  MemoryStats stats() const override { return {counter_.live(), 0, 0, counter_.peak()}; }

 private:
  memory_detail::LiveCounter counter_;
};

class PooledHost final : public HostResource {
 public:
  explicit PooledHost(std::size_t cap_bytes = std::size_t{32} << 30) : pool_(cap_bytes) {}

  void* allocate(std::size_t bytes) override { return pool_.take(bytes); }
  void deallocate(void* p, std::size_t bytes) override {
    if (p != nullptr) pool_.give(p, bytes);
  }
  MemoryStats stats() const override { return pool_.stats(); }
  void trim() override { pool_.trim(); }

 private:
  SizePool<memory_detail::AlignedUpstream> pool_;
};

// `upstream` does the allocations and the releases (on the queue's thread for large blocks).
class DeferredHost final : public HostResource {
 public:
  static constexpr std::size_t kDeferFrom = std::size_t{1} << 20;

  explicit DeferredHost(std::size_t queue_capacity = 64, HostResource* upstream = nullptr)
      : upstream_(upstream != nullptr ? upstream : &own_), queue_(queue_capacity) {}
  ~DeferredHost() override { queue_.flush(); }

  void* allocate(std::size_t bytes) override {
    void* p = upstream_->allocate(bytes);
    counter_.add(bytes);
    return p;
  }
  void deallocate(void* p, std::size_t bytes) override {
    if (p == nullptr) return;
    counter_.sub(bytes);
    if (bytes < kDeferFrom) {
      upstream_->deallocate(p, bytes);
      return;
    }
    HostResource* upstream = upstream_;
    queue_.push([upstream, p, bytes] { upstream->deallocate(p, bytes); }, bytes);
  }
  MemoryStats stats() const override { return {counter_.live(), 0, queue_.pending_bytes(), counter_.peak()}; }
  void flush() override { queue_.flush(); }

 private:
  SynchronousHost own_;
  HostResource* upstream_;
  memory_detail::LiveCounter counter_;
  memory::ReleaseQueue queue_;  // last: destroyed (and joined) first
};

// The process-wide host resource of a policy.
inline HostResource& host_resource(MemoryPolicy policy) {
  static SynchronousHost synchronous;
  static PooledHost pooled;
  static DeferredHost deferred;
  return policy == MemoryPolicy::synchronous ? static_cast<HostResource&>(synchronous)
         : policy == MemoryPolicy::pooled    ? static_cast<HostResource&>(pooled)
                                             : static_cast<HostResource&>(deferred);
}

// std::allocator over a HostResource (the synchronous one by default).
template <class T>
class HostAllocator {
 public:
  using value_type = T;
  // A container moved or copied into takes the source's resource, as the memory follows the data.
  using propagate_on_container_move_assignment = std::true_type;
  using propagate_on_container_copy_assignment = std::true_type;
  using propagate_on_container_swap = std::true_type;
  HostAllocator() noexcept : resource_(&host_resource(MemoryPolicy::synchronous)) {}
  explicit HostAllocator(HostResource& r) noexcept : resource_(&r) {}
  template <class U>
  HostAllocator(const HostAllocator<U>& o) noexcept : resource_(o.resource()) {}

  T* allocate(std::size_t n) { return static_cast<T*>(resource_->allocate(n * sizeof(T))); }
  void deallocate(T* p, std::size_t n) noexcept {
    try {
      resource_->deallocate(p, n * sizeof(T));
    } catch (...) {
      // a release that fails at deallocation has no caller left to report to
    }
  }
  // Elements made without a value are default-initialized, not value-initialized: a vector of n field
  // elements that parallel loops will write is not first zero-filled on one thread.
  template <class U>
  void construct(U* p) noexcept(std::is_nothrow_default_constructible_v<U>) {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
  HostResource* resource() const noexcept { return resource_; }
  friend bool operator==(const HostAllocator& a, const HostAllocator& b) { return a.resource_ == b.resource_; }
  friend bool operator!=(const HostAllocator& a, const HostAllocator& b) { return a.resource_ != b.resource_; }

 private:
  HostResource* resource_;
};

template <class T>
using HostVector = std::vector<T, HostAllocator<T>>;

}  // namespace zkforge
