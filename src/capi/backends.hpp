// SPDX-License-Identifier: Apache-2.0
// The C interface's one place that names backends and memory policies: a zkforge_device becomes a
// backend tag (and, on a GPU, the calling thread's current device), a zkforge_memory_policy a
// MemoryPolicy. The GPU backends are those of the libraries linked in (backend/linked.hpp).
#pragma once

#include <string>
#include <utility>

#include "zkforge/backend/linked.hpp"
#include "zkforge/backend/tags.hpp"
#include "zkforge/c/base.h"
#include "zkforge/c/groth16.h"
#include "zkforge/error.hpp"
#include "zkforge/gpu/device.hpp"
#include "zkforge/memory/policy.hpp"
#include "zkforge/msm/gpu.hpp"
#include "zkforge/msm/msm.hpp"
#include "zkforge/ntt/gpu.hpp"
#include "zkforge/ntt/ntt.hpp"

namespace zkforge::capi {

// A checked zkforge_device: a backend this library holds and a device index it accepts.
struct Target {
  std::string backend = "cpu";
  int index = 0;
};

// The backends built in, comma-separated ("cpu,cuda,hip"), for zkforge_backends().
inline const char* built_backends() {
  static const std::string names = [] {
    std::string s;
    for (const std::string& name : linked_backend_names()) s += (s.empty() ? "" : ",") + name;
    return s;
  }();
  return names.c_str();
}

// NULL and a NULL backend name mean the CPU; Error(backend_unavailable) names what was asked for and
// what there is.
inline Target target_of(const zkforge_device* device) {
  Target t;
  if (device == nullptr) return t;
  if (device->backend != nullptr) t.backend = device->backend;
  t.index = device->index;
  const std::string built = std::string(",") + built_backends() + ",";
  if (built.find("," + t.backend + ",") == std::string::npos)
    throw Error(Errc::backend_unavailable,
                "backend '" + t.backend + "' is not built into this libzkforge (it has " + built_backends() + ")");
  if (t.backend == "cpu" && t.index != 0)
    throw Error(Errc::invalid_argument, "the cpu backend has device 0 only, not " + std::to_string(t.index));
  return t;
}

// f(tag) with the backend tag of a checked target, its device made current first.
template <class F>
decltype(auto) on_backend(const Target& t, F&& f) {
  return gpu::with_backend_on_device(t.backend, t.index, std::forward<F>(f));
}

// The MemoryPolicy of a zkforge_memory_policy; Error(invalid_argument) for another value.
inline MemoryPolicy memory_policy_of(zkforge_memory_policy policy) {
  switch (policy) {
    case ZKFORGE_MEMORY_POOLED: return MemoryPolicy::pooled;
    case ZKFORGE_MEMORY_SYNCHRONOUS: return MemoryPolicy::synchronous;
    case ZKFORGE_MEMORY_DEFERRED: return MemoryPolicy::deferred;
  }
  throw Error(Errc::invalid_argument, "memory policy " + std::to_string(policy) + " is none of pooled (0), "
                                      "synchronous (1) and deferred (2)");
}

}  // namespace zkforge::capi
