// SPDX-License-Identifier: Apache-2.0
// Memory policies, as values: where a call's large buffers come from and how they go back.
//
//   synchronous  allocated and freed in place;
//   pooled       freed buffers kept by size for reuse (memory/size_pool.hpp), up to a cap; trim frees them;
//   deferred     frees handed to a bounded background queue (memory/release_queue.hpp).
//
// A policy travels with each call: MsmConfig::memory, NttConfig::memory, ProverConfig::memory. Host
// memory comes from host_resource(policy) (host_memory.hpp), a GPU backend's device memory from its
// resource of the policy on the call's device. Every resource keeps MemoryStats.
#pragma once

#include <atomic>
#include <cstddef>
#include <optional>
#include <string>

namespace zkforge {

enum class MemoryPolicy { synchronous, pooled, deferred };

inline const char* memory_policy_name(MemoryPolicy p) {
  return p == MemoryPolicy::synchronous ? "synchronous" : p == MemoryPolicy::pooled ? "pooled" : "deferred";
}

// The policy of a name: "sync" or "synchronous", "pooled", "deferred".
inline std::optional<MemoryPolicy> memory_policy_from_name(const std::string& name) {
  if (name == "sync" || name == "synchronous") return MemoryPolicy::synchronous;
  if (name == "pooled") return MemoryPolicy::pooled;
  if (name == "deferred") return MemoryPolicy::deferred;
  return std::nullopt;
}

struct MemoryStats {
  std::size_t live_bytes = 0;     // handed out and not given back
  std::size_t idle_bytes = 0;     // given back and kept for reuse (pooled)
  std::size_t pending_bytes = 0;  // given back and not yet released (deferred)
  std::size_t peak_bytes = 0;     // the largest live_bytes seen
};

namespace memory_detail {

// Live and peak bytes, updated without a lock.
class LiveCounter {
 public:
  void add(std::size_t bytes) {
    const std::size_t now = live_.fetch_add(bytes) + bytes;
    std::size_t peak = peak_.load();
    while (now > peak && !peak_.compare_exchange_weak(peak, now)) {
    }
  }
  void sub(std::size_t bytes) { live_.fetch_sub(bytes); }
  std::size_t live() const { return live_.load(); }
  std::size_t peak() const { return peak_.load(); }

 private:
  std::atomic<std::size_t> live_{0}, peak_{0};
};

}  // namespace memory_detail
}  // namespace zkforge
