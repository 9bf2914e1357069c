// SPDX-License-Identifier: Apache-2.0
// Memory-policy tags, the template parameter of Prover<E, Backend, Memory>, and the scope that makes a
// policy the one that a thread's backend calls draw device memory from.
//
// The GPU backends' algorithms are compiled once, not once per policy: they allocate from the
// resource of the policy in scope on the calling thread (the pooled one when none is), which
// ScopedMemoryPolicy sets for its lifetime. Host buffers of a prover come from host_resource(policy).
#pragma once

#include <optional>

#include "zkforge/memory/host_memory.hpp"

namespace zkforge {

struct SynchronousMemory {
  static constexpr MemoryPolicy kPolicy = MemoryPolicy::synchronous;
};
struct PooledMemory {
  static constexpr MemoryPolicy kPolicy = MemoryPolicy::pooled;
};
struct DeferredMemory {
  static constexpr MemoryPolicy kPolicy = MemoryPolicy::deferred;
};

namespace memory_detail {
inline thread_local std::optional<MemoryPolicy> scoped_policy;
}  // namespace memory_detail

// The policy set by the innermost ScopedMemoryPolicy of this thread, if any.
inline std::optional<MemoryPolicy> scoped_memory_policy() { return memory_detail::scoped_policy; }

class ScopedMemoryPolicy {
 public:
  explicit ScopedMemoryPolicy(MemoryPolicy p) : previous_(memory_detail::scoped_policy) { memory_detail::scoped_policy = p; }
  ~ScopedMemoryPolicy() { memory_detail::scoped_policy = previous_; }
  ScopedMemoryPolicy(const ScopedMemoryPolicy&) = delete;
  ScopedMemoryPolicy& operator=(const ScopedMemoryPolicy&) = delete;

 private:
  std::optional<MemoryPolicy> previous_;
};

}  // namespace zkforge
