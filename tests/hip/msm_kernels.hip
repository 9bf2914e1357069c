// SPDX-License-Identifier: Apache-2.0
// The HIP MSM for the G1 groups of both curves (6- and 4-word fields), instantiated as
// backends/hip/msm_instances.hip does for all four groups: CI's compile check of the MSM kernels for
// AMD targets (tests/hip/compile_check.sh), a quarter of the library's compile time. Nothing here runs.
#include "backends/cuda/msm_context.cuh"

namespace zkforge {

template struct MsmBackend<Hip, bls12_381::G1Curve>;
template struct MsmBackend<Hip, bn254::G1Curve>;
template class MsmContext<Hip, bls12_381::G1Curve>;
template class MsmContext<Hip, bn254::G1Curve>;

}  // namespace zkforge
