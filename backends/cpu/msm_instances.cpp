// SPDX-License-Identifier: Apache-2.0
// Explicit instantiations of the CPU MSM and batch_add for G1 and G2 of BLS12-381 and BN254.
#include "msm.hpp"

namespace zkforge {

template struct MsmBackend<Cpu, bls12_381::G1Curve>;
template struct MsmBackend<Cpu, bls12_381::G2Curve>;
template struct MsmBackend<Cpu, bn254::G1Curve>;
template struct MsmBackend<Cpu, bn254::G2Curve>;

}  // namespace zkforge
