// SPDX-License-Identifier: Apache-2.0
// Explicit instantiations of the HIP NTT for the scalar fields of BLS12-381 and BN254: the CUDA
// backend's source (backends/cuda/ntt.cuh) compiled as HIP.
#include "zkforge/ntt/hip.hpp"

#include "backends/cuda/ntt.cuh"

namespace zkforge {

template struct NttBackend<Hip, bls12_381::Fr>;
template struct NttBackend<Hip, bn254::Fr>;

}  // namespace zkforge
