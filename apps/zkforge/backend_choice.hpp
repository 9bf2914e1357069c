// SPDX-License-Identifier: Apache-2.0
// The --backend and --memory options of the command-line program: which backends this binary holds,
// and the memory-policy tag a --memory name stands for.
#pragma once

#include <string>
#include <vector>

#include "zkforge/memory/policy.hpp"

namespace zkforge::cli {

// Backends compiled into this binary, in the order `zkforge info` lists them.
std::vector<std::string> built_backends();

// Throws zkforge::Error(backend_unavailable) naming what to do when `name` is not built in.
void require_backend(const std::string& name);

// f(SynchronousMemory{}), f(PooledMemory{}) or f(DeferredMemory{}) for --memory sync, pooled or deferred.
template <class F>
decltype(auto) with_memory_policy(const std::string& name, F&& f) {
  if (name == "sync") return f(SynchronousMemory{});
  if (name == "deferred") return f(DeferredMemory{});
  return f(PooledMemory{});
}

}  // namespace zkforge::cli
