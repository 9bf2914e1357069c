// SPDX-License-Identifier: Apache-2.0
// The device field and curve arithmetic compiled for AMD GPUs (gfx90a, MI200) by Debian's hipcc:
// the same headers as the CUDA kernels, through their portable paths (64-bit-word Montgomery
// product, no PTX). Compiled by tests/hip/compile_check.sh; nothing here runs.
#include <hip/hip_runtime.h>

#include "zkforge/curve/bls12_381.hpp"
#include "zkforge/curve/bn254.hpp"
#include "zkforge/curve/xyzz.hpp"

namespace zkforge::hip_check {

// Every XYZZ formula: mixed addition, full addition, doubling.
template <class C>
__global__ void xyzz_formulas(Xyzz<C>* acc, const Affine<C>* points, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) acc[i] = acc[i].add(points[i]).add(acc[i]).dbl();
}

// Every field operation the kernels use: product, square, sum, difference, inverse.
template <class F>
__global__ void field_operations(F* x, const F* y, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = (x[i] * y[i] + y[i] - x[i].sqr()).inverse();
}

template __global__ void xyzz_formulas<bls12_381::G1Curve>(Xyzz<bls12_381::G1Curve>*, const Affine<bls12_381::G1Curve>*,
                                                           unsigned);
template __global__ void xyzz_formulas<bls12_381::G2Curve>(Xyzz<bls12_381::G2Curve>*, const Affine<bls12_381::G2Curve>*,
                                                           unsigned);
template __global__ void xyzz_formulas<bn254::G1Curve>(Xyzz<bn254::G1Curve>*, const Affine<bn254::G1Curve>*, unsigned);
template __global__ void xyzz_formulas<bn254::G2Curve>(Xyzz<bn254::G2Curve>*, const Affine<bn254::G2Curve>*, unsigned);
template __global__ void field_operations<bls12_381::Fr>(bls12_381::Fr*, const bls12_381::Fr*, unsigned);
template __global__ void field_operations<bn254::Fr>(bn254::Fr*, const bn254::Fr*, unsigned);

}  // namespace zkforge::hip_check
