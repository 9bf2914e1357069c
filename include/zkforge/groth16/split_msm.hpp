// SPDX-License-Identifier: Apache-2.0
// Phases batch_add and tail_msm of one query: sum scalars[i] * points[i] as prep_msm's split says.
//
// Unsplit, it is one MSM over every point. Split, the points whose scalar is a private 1 are summed
// by batch_add over the split's bitmap and the tail's points and scalars are gathered (into memory
// from `host`) for one Pippenger MSM; zeros are skipped. A batch that shares the tail (unify_splits)
// passes its bases gathered once as `gathered`. The milliseconds of each part are added to batch_ms and tail_ms.
#pragma once

#include <vector>

#include "zkforge/backend/stopwatch.hpp"
#include "zkforge/groth16/prep_msm.hpp"
#include "zkforge/msm/msm.hpp"

namespace zkforge::groth16 {

template <class Backend, class C>
Jacobian<C> split_msm(Backend backend, HostSpan<const Affine<C>> points, HostSpan<const typename C::Scalar::Int> scalars,
                      const MsmSplit& split, const MsmConfig& config, double& batch_ms, double& tail_ms,
                      HostResource& host = host_resource(MemoryPolicy::synchronous),
                      const HostVector<Affine<C>>* gathered = nullptr) {
  if (points.size != scalars.size || split.size != scalars.size)
    throw Error(Errc::size_mismatch, "split MSM: " + std::to_string(points.size) + " points, " +
                                         std::to_string(scalars.size) + " scalars, a split of " +
                                         std::to_string(split.size));
  auto t0 = Clock::now();
  if (!split.split) {
    const Jacobian<C> sum = msm(backend, points, scalars, config);
    tail_ms += ms_since(t0);
    return sum;
  }
  const Jacobian<C> ones = batch_add(backend, points, host_span(split.one_bits), config);
  batch_ms += ms_since(t0);
  t0 = Clock::now();
  HostVector<Affine<C>> own{HostAllocator<Affine<C>>(host)};
  if (gathered == nullptr) own = gather(points, split.tail, host);
  const HostVector<Affine<C>>& bases = gathered != nullptr ? *gathered : own;
  const HostVector<typename C::Scalar::Int> tail_scalars = gather(scalars, split.tail, host);
  const Jacobian<C> tail = msm(backend, host_span(bases), host_span(tail_scalars), config);
  tail_ms += ms_since(t0);
  return ones.add(tail);
}

}  // namespace zkforge::groth16
