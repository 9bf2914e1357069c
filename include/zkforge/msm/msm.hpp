// SPDX-License-Identifier: Apache-2.0
// The MSM and batch_add front ends: written once, checked once, dispatched on the backend tag.
//
// msm(backend, points, scalars) = sum_i scalars[i] * points[i], with scalars either canonical
// integers below r (HostSpan<const Scalar::Int>) or field elements in Montgomery form
// (HostSpan<const Scalar>): the form is the span's type. batch_add(backend, points, bitmap) is the
// sum of the points whose bit is set (bit i of word i/64). Both are variable-time.
// Points are taken as given: callers that read untrusted points check them when decoding.
#pragma once

#include <cstdint>
#include <string>

#include "zkforge/backend/tags.hpp"
#include "zkforge/backend/thread_pool.hpp"
#include "zkforge/curve/jacobian.hpp"
#include "zkforge/error.hpp"
#include "zkforge/memory/span.hpp"
#include "zkforge/msm/config.hpp"

namespace zkforge {

// A backend's MSM primitives. The primary template is never defined: a backend provides a
// specialisation with run_canonical, run_montgomery and batch_add (the CPU's below, the GPU tags'
// in msm/gpu.hpp, one for both).
template <class Backend, class C, class = void>
struct MsmBackend {
  static_assert(backend_lacks_primitive_v<Backend>, "this backend has no MSM for this curve (no MsmBackend specialisation)");
};

template <class C>
struct MsmBackend<Cpu, C> {
  using Scalar = typename C::Scalar;
  static Jacobian<C> run_canonical(HostSpan<const Affine<C>> points, HostSpan<const typename Scalar::Int> scalars,
                                   const MsmConfig& config);
  static Jacobian<C> run_montgomery(HostSpan<const Affine<C>> points, HostSpan<const Scalar> scalars,
                                    const MsmConfig& config);
  static Jacobian<C> batch_add(HostSpan<const Affine<C>> points, HostSpan<const std::uint64_t> bitmap,
                               const MsmConfig& config);
};

namespace msm_detail {
inline void check_sizes(std::size_t points, std::size_t scalars) {
  if (points != scalars)
    throw Error(Errc::size_mismatch,
                "MSM of " + std::to_string(points) + " points and " + std::to_string(scalars) + " scalars");
}
}  // namespace msm_detail

template <class Backend, class C>
Jacobian<C> msm(Backend, HostSpan<const Affine<C>> points, HostSpan<const typename C::Scalar::Int> scalars,
                const MsmConfig& config = {}) {
  msm_detail::check_sizes(points.size, scalars.size);
  const std::size_t bad = first_where(scalars.size, [&](std::size_t i) { return scalars[i] >= C::Scalar::kModulus; });
  if (bad < scalars.size) throw Error(Errc::not_canonical, "MSM scalar " + std::to_string(bad) + " is not below r");
  return MsmBackend<Backend, C>::run_canonical(points, scalars, config);
}

template <class Backend, class C>
Jacobian<C> msm(Backend, HostSpan<const Affine<C>> points, HostSpan<const typename C::Scalar> scalars,
                const MsmConfig& config = {}) {
  msm_detail::check_sizes(points.size, scalars.size);
  return MsmBackend<Backend, C>::run_montgomery(points, scalars, config);
}

template <class Backend, class C>
Jacobian<C> batch_add(Backend, HostSpan<const Affine<C>> points, HostSpan<const std::uint64_t> bitmap,
                      const MsmConfig& config = {}) {
  if (bitmap.size != (points.size + 63) / 64)
    throw Error(Errc::size_mismatch, "batch_add over " + std::to_string(points.size) + " points needs " +
                                         std::to_string((points.size + 63) / 64) + " bitmap words, got " +
                                         std::to_string(bitmap.size));
  const std::size_t tail = points.size % 64;
  if (tail != 0 && (bitmap[bitmap.size - 1] >> tail) != 0)
    throw Error(Errc::invalid_argument, "batch_add bitmap selects points past the last of " + std::to_string(points.size));
  return MsmBackend<Backend, C>::batch_add(points, bitmap, config);
}

}  // namespace zkforge

#include "zkforge/msm/cpu_instances.hpp"
