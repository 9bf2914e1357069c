// SPDX-License-Identifier: Apache-2.0
// Explicit instantiations of the HIP MSM, batch_add, MsmContext and msm_device_bytes for G1 and G2
// of BLS12-381 and BN254: the CUDA backend's source (backends/cuda/msm.cuh) compiled as HIP.
#include "zkforge/msm/hip.hpp"

#include "backends/cuda/msm.cuh"

namespace zkforge {

void cuda::trim_device_pool() { cuda::device_pool(cuda::current_device()).trim(); }

template struct MsmBackend<Hip, bls12_381::G1Curve>;
template struct MsmBackend<Hip, bls12_381::G2Curve>;
template struct MsmBackend<Hip, bn254::G1Curve>;
template struct MsmBackend<Hip, bn254::G2Curve>;

template class MsmContext<bls12_381::G1Curve>;
template class MsmContext<bls12_381::G2Curve>;
template class MsmContext<bn254::G1Curve>;
template class MsmContext<bn254::G2Curve>;

template std::size_t msm_device_bytes<bls12_381::G1Curve>(std::size_t, const MsmConfig&);
template std::size_t msm_device_bytes<bls12_381::G2Curve>(std::size_t, const MsmConfig&);
template std::size_t msm_device_bytes<bn254::G1Curve>(std::size_t, const MsmConfig&);
template std::size_t msm_device_bytes<bn254::G2Curve>(std::size_t, const MsmConfig&);

}  // namespace zkforge
