// SPDX-License-Identifier: Apache-2.0
// The backends a program links, for code that picks one at run time: the CPU always, a GPU backend
// where its library is linked (zkforge::cuda and zkforge::hip define ZKFORGE_WITH_CUDA_BACKEND and
// ZKFORGE_WITH_HIP_BACKEND for their consumers).
//
// LinkedGpuBackends is a std::tuple of the GPU tags linked (a type list: Catch2's
// TEMPLATE_LIST_TEST_CASE takes it); linked_backend_names() lists every name, the CPU's first;
// with_backend(name, f) calls f with the tag of that name, or throws Error(backend_unavailable)
// saying how to build it in.
#pragma once

#include <string>
#include <tuple>
#include <vector>

#include "zkforge/backend/tags.hpp"
#include "zkforge/error.hpp"

namespace zkforge {

using LinkedGpuBackends = decltype(std::tuple_cat(
#if ZKFORGE_WITH_CUDA_BACKEND
    std::tuple<Cuda>{},
#endif
#if ZKFORGE_WITH_HIP_BACKEND
    std::tuple<Hip>{},
#endif
    std::tuple<>{}));

// f(tag) for every GPU tag linked, in LinkedGpuBackends' order.
template <class F>
void for_each_gpu_backend(F&& f) {
  std::apply([&](auto... tags) { (f(tags), ...); }, LinkedGpuBackends{});
}

inline std::vector<std::string> linked_backend_names() {
  std::vector<std::string> names = {Cpu::name};
  for_each_gpu_backend([&](auto tag) { names.emplace_back(decltype(tag)::name); });
  return names;
}

// f(Cpu{}), f(Cuda{}) or f(Hip{}) for "cpu", "cuda" or "hip"; every f(tag) must return the same type.
template <class F>
decltype(auto) with_backend(const std::string& name, F&& f) {
#if ZKFORGE_WITH_CUDA_BACKEND
  if (name == Cuda::name) return f(Cuda{});
#endif
#if ZKFORGE_WITH_HIP_BACKEND
  if (name == Hip::name) return f(Hip{});
#endif
  if (name == Cpu::name) return f(Cpu{});
  const bool known = name == Cuda::name || name == Hip::name;
  const std::string how = name == Hip::name ? "-DZKFORGE_HIP=ON for AMD GPUs or -DZKFORGE_HIP_NVIDIA=ON"
                                            : "-DZKFORGE_CUDA=ON";
  throw Error(Errc::backend_unavailable,
              known ? "backend '" + name + "' is not built into this program (rebuild with " + how + ")"
                    : "unknown backend '" + name + "' (cpu, cuda or hip)");
}

}  // namespace zkforge
