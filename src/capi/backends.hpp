// SPDX-License-Identifier: Apache-2.0
// The C interface's one place that names backends and memory policies: a zkforge_device becomes a
// backend tag (and, on a GPU, the calling thread's current device), a zkforge_memory_policy a policy
// tag. Which GPU backends exist follows the libraries linked in (ZKFORGE_WITH_CUDA_BACKEND and
// ZKFORGE_WITH_HIP_BACKEND, defined by zkforge::cuda and zkforge::hip).
#pragma once

#include <string>

#include "zkforge/backend/tags.hpp"
#include "zkforge/c/base.h"
#include "zkforge/c/groth16.h"
#include "zkforge/error.hpp"
#include "zkforge/memory/policy.hpp"
#include "zkforge/msm/msm.hpp"
#include "zkforge/ntt/ntt.hpp"
#if defined(ZKFORGE_WITH_CUDA_BACKEND) || defined(ZKFORGE_WITH_HIP_BACKEND)
#include "backends/cuda/device.hpp"
#include "zkforge/msm/cuda.hpp"
#include "zkforge/ntt/cuda.hpp"
#endif
#if defined(ZKFORGE_WITH_HIP_BACKEND)
#include "zkforge/msm/hip.hpp"
#include "zkforge/ntt/hip.hpp"
#endif

namespace zkforge::capi {

// A checked zkforge_device: a backend this library holds and a device index it accepts.
struct Target {
  std::string backend = "cpu";
  int index = 0;
};

inline const char* built_backends() {
#if defined(ZKFORGE_WITH_CUDA_BACKEND)
  return "cpu,cuda";
#elif defined(ZKFORGE_WITH_HIP_BACKEND)
  return "cpu,hip";
#else
  return "cpu";
#endif
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

// Makes the target's GPU current on the calling thread (GPU calls run on the current device).
inline void make_current(const Target& t) {
#if defined(ZKFORGE_WITH_CUDA_BACKEND) || defined(ZKFORGE_WITH_HIP_BACKEND)
  if (t.backend != "cpu") cuda::select_device(t.index);
#else
  (void)t;
#endif
}

// f(tag) with the backend tag of a checked target, its device made current first.
template <class F>
decltype(auto) on_backend(const Target& t, F&& f) {
  make_current(t);
#if defined(ZKFORGE_WITH_CUDA_BACKEND)
  if (t.backend == "cuda") return f(Cuda{});
#endif
#if defined(ZKFORGE_WITH_HIP_BACKEND)
  if (t.backend == "hip") return f(Hip{});
#endif
  return f(Cpu{});
}

// f(policy tag) for a zkforge_memory_policy; Error(invalid_argument) for another value.
template <class F>
decltype(auto) with_memory(zkforge_memory_policy policy, F&& f) {
  switch (policy) {
    case ZKFORGE_MEMORY_POOLED: return f(PooledMemory{});
    case ZKFORGE_MEMORY_SYNCHRONOUS: return f(SynchronousMemory{});
    case ZKFORGE_MEMORY_DEFERRED: return f(DeferredMemory{});
  }
  throw Error(Errc::invalid_argument, "memory policy " + std::to_string(policy) + " is none of pooled (0), "
                                      "synchronous (1) and deferred (2)");
}

}  // namespace zkforge::capi
