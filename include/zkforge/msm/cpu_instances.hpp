// SPDX-License-Identifier: Apache-2.0
// The CPU MSM instantiations that zkforge::cpu ships: G1 and G2 of BLS12-381 and BN254.
#pragma once

#include "zkforge/curve/bls12_381.hpp"
#include "zkforge/curve/bn254.hpp"

namespace zkforge {

extern template struct MsmBackend<Cpu, bls12_381::G1Curve>;
extern template struct MsmBackend<Cpu, bls12_381::G2Curve>;
extern template struct MsmBackend<Cpu, bn254::G1Curve>;
extern template struct MsmBackend<Cpu, bn254::G2Curve>;

}  // namespace zkforge
