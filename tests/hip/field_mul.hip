// SPDX-License-Identifier: Apache-2.0
// One Montgomery product per kernel, for reading the AMDGCN code of each field's multiplication:
// tests/hip/count_mad.sh compiles this for gfx90a and gfx940 and counts the v_mad_u64_u32 of each
// kernel (docs/perf.md). Nothing here runs.
#include <hip/hip_runtime.h>

#include "zkforge/field/bls12_381.hpp"
#include "zkforge/field/bn254.hpp"

namespace zkforge::hip_check {

template <class F>
__global__ void field_mul(F* x, const F* y) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  x[i] = x[i] * y[i];
}

template __global__ void field_mul<bls12_381::Fq>(bls12_381::Fq*, const bls12_381::Fq*);
template __global__ void field_mul<bls12_381::Fr>(bls12_381::Fr*, const bls12_381::Fr*);
template __global__ void field_mul<bn254::Fq>(bn254::Fq*, const bn254::Fq*);
template __global__ void field_mul<bn254::Fr>(bn254::Fr*, const bn254::Fr*);

}  // namespace zkforge::hip_check
