// SPDX-License-Identifier: Apache-2.0
// The pairing engine of BLS12-381: tower over xi = 1 + u, M-type twist, x = -0xd201000000010000.
#pragma once

#include "zkforge/curve/bls12_381.hpp"
#include "zkforge/pairing/pairing.hpp"

namespace zkforge::bls12_381 {

struct Engine {
  static constexpr const char* name = "bls12_381";
  using G1 = G1Curve;
  using G2 = G2Curve;
  using Fq = bls12_381::Fq;
  using Fq2 = bls12_381::Fq2;
  using Fr = bls12_381::Fr;
  static constexpr std::uint64_t kXiC0 = 1;
  // xi^((p-1)/6)
  static constexpr Fq2 frobenius_gamma() {
    return Fq2{Fq::from_hex("0x1904d3bf02bb0667c231beb4202c0d1f0fd603fd3cbd5f4f7b2443d784bab9c4f67ea53d63e7813d8d0775ed92235fb8"),
               Fq::from_hex("0x00fc3e2b36c4e03288e9e902231f9fb854a14787b6c7b36fec0c8ec971f63c5f282d5ac14d6c7ec22cf78a126ddc4af3")};
  }
  static constexpr PairingFamily kFamily = PairingFamily::bls12;
  static constexpr TwistType kTwist = TwistType::m;  // E': y^2 = x^3 + 4 (1 + u)
  static constexpr std::uint64_t kX = 0xd201000000010000;
  static constexpr bool kXNegative = true;
  // A cube root of unity in Fq, the one for which phi(x, y) = (beta x, y) is [-x^2] on G1 (subgroup.hpp).
  static constexpr Fq g1_cube_root() {
    return Fq::from_hex("0x5f19672fdf76ce51ba69c6076a0f77eaddb3a93be6f89688de17d813620a00022e01fffffffefffe");
  }
};

using Fq6 = Fp6<Engine>;
using Fq12 = Fp12<Engine>;
using G2Prepared = zkforge::G2Prepared<Engine>;

}  // namespace zkforge::bls12_381
