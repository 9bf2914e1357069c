// SPDX-License-Identifier: Apache-2.0
// Explicit instantiations of the CUDA NTT for the scalar fields of BLS12-381 and BN254.
#include "backends/cuda/ntt.cuh"

namespace zkforge {

template struct NttBackend<Cuda, bls12_381::Fr>;
template struct NttBackend<Cuda, bn254::Fr>;

}  // namespace zkforge
