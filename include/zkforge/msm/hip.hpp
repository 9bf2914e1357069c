// SPDX-License-Identifier: Apache-2.0
// The HIP backend's MSM for users who link zkforge::hip: MsmBackend<Hip, C>, the CUDA backend's
// source (backends/cuda/msm.cuh) compiled as HIP, for AMD GPUs or, through HIP's NVIDIA headers,
// for NVIDIA GPUs.
//
// msm(Hip{}, ...) and batch_add(Hip{}, ...) behave as msm(Cuda{}, ...) and batch_add(Cuda{}, ...)
// do (msm/cuda.hpp). MsmContext, msm_device_bytes and cuda::trim_device_pool, declared there, are
// defined by whichever of zkforge::cuda and zkforge::hip a program links (one of them: their host
// functions share names).
//
// Compiling this header needs no GPU compiler.
#pragma once

#include "zkforge/msm/cuda.hpp"

namespace zkforge {

template <class C>
struct MsmBackend<Hip, C> {
  using Scalar = typename C::Scalar;
  static Jacobian<C> run_canonical(HostSpan<const Affine<C>> points, HostSpan<const typename Scalar::Int> scalars,
                                   const MsmConfig& config);
  static Jacobian<C> run_montgomery(HostSpan<const Affine<C>> points, HostSpan<const Scalar> scalars,
                                    const MsmConfig& config);
  static Jacobian<C> batch_add(HostSpan<const Affine<C>> points, HostSpan<const std::uint64_t> bitmap,
                               const MsmConfig& config);
};

extern template struct MsmBackend<Hip, bls12_381::G1Curve>;
extern template struct MsmBackend<Hip, bls12_381::G2Curve>;
extern template struct MsmBackend<Hip, bn254::G1Curve>;
extern template struct MsmBackend<Hip, bn254::G2Curve>;

}  // namespace zkforge
