// SPDX-License-Identifier: Apache-2.0
// The fields of BLS12-381: base field Fq (381 bits), scalar field Fr (255 bits) and Fq2 = Fq[u]/(u^2+1).
#pragma once

#include "zkforge/field/fp2.hpp"

namespace zkforge::bls12_381 {

struct FqParams {
  static constexpr std::size_t limbs = 6;
  static constexpr const char* name = "bls12_381::Fq";
  static constexpr BigInt<6> modulus() {
    return BigInt<6>::from_hex(
        "0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab");
  }
};

struct FrParams {
  static constexpr std::size_t limbs = 4;
  static constexpr const char* name = "bls12_381::Fr";
  static constexpr BigInt<4> modulus() {
    return BigInt<4>::from_hex("0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001");
  }
  ZKF_HD static constexpr std::uint64_t generator() { return 7; }  // zkcrypto/ff's multiplicative generator
  static constexpr std::size_t two_adicity = 32;
};

using Fq = Fp<FqParams>;
using Fr = Fp<FrParams>;
using Fq2 = Fp2<Fq>;

static_assert(Fr::kTwoAdicity == FrParams::two_adicity, "BLS12-381 Fr: 2-adicity of r - 1");
static_assert(Fq::kBits == 381 && Fr::kBits == 255, "BLS12-381 field widths");

}  // namespace zkforge::bls12_381
