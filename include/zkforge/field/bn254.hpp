// SPDX-License-Identifier: Apache-2.0
// The fields of BN254 (alt_bn128, snarkjs' bn128): Fq and Fr (254 bits each) and Fq2 = Fq[u]/(u^2+1).
#pragma once

#include "zkforge/field/fp2.hpp"

namespace zkforge::bn254 {

struct FqParams {
  static constexpr std::size_t limbs = 4;
  static constexpr const char* name = "bn254::Fq";
  static constexpr BigInt<4> modulus() {
    return BigInt<4>::from_hex("0x30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47");
  }
};

struct FrParams {
  static constexpr std::size_t limbs = 4;
  static constexpr const char* name = "bn254::Fr";
  static constexpr BigInt<4> modulus() {
    return BigInt<4>::from_hex("0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001");
  }
  ZKF_HD static constexpr std::uint64_t generator() { return 5; }  // also ffjavascript's non-residue
  static constexpr std::size_t two_adicity = 28;
};

using Fq = Fp<FqParams>;
using Fr = Fp<FrParams>;
using Fq2 = Fp2<Fq>;

static_assert(Fr::kTwoAdicity == FrParams::two_adicity, "BN254 Fr: 2-adicity of r - 1");
static_assert(Fq::kBits == 254 && Fr::kBits == 254, "BN254 field widths");

}  // namespace zkforge::bn254
