// SPDX-License-Identifier: Apache-2.0
// The HIP MSM for the G1 groups of both curves (6- and 4-word fields), instantiated as
// backends/hip/msm_instances.hip does for all four groups, and BLS12-381 G2's level 1, whose lane
// pairs exchange halves of their values (fp2_pairs.cuh) where G1's code has no exchange: CI's compile
// check of the MSM kernels for AMD targets (tests/hip/compile_check.sh), about a quarter of the
// library's compile time. Nothing here runs.
#include "backends/cuda/msm_context.cuh"

namespace zkforge {

template struct MsmBackend<Hip, bls12_381::G1Curve>;
template struct MsmBackend<Hip, bn254::G1Curve>;
template class MsmContext<Hip, bls12_381::G1Curve>;
template class MsmContext<Hip, bn254::G1Curve>;

namespace gpu {
using G2 = bls12_381::G2Curve;
template __global__ void accumulate<G2, true>(const std::uint32_t*, const std::uint32_t*, const DevicePoint<G2>*,
                                              const Xyzz<G2>*, std::size_t, unsigned, bool, std::uint32_t*,
                                              Xyzz<G2>*, Xyzz<G2>*);
}  // namespace gpu

}  // namespace zkforge
