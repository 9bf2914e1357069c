// SPDX-License-Identifier: Apache-2.0
// The pairing engine of BN254 (alt_bn128): tower over xi = 9 + u, D-type twist, u = 0x44e992b44a6909f1.
#pragma once

#include "zkforge/curve/bn254.hpp"
#include "zkforge/pairing/pairing.hpp"

namespace zkforge::bn254 {

struct Engine {
  static constexpr const char* name = "bn254";
  using G1 = G1Curve;
  using G2 = G2Curve;
  using Fq = bn254::Fq;
  using Fq2 = bn254::Fq2;
  using Fr = bn254::Fr;
  static constexpr std::uint64_t kXiC0 = 9;
  // xi^((p-1)/6)
  static constexpr Fq2 frobenius_gamma() {
    return Fq2{Fq::from_hex("0x1284b71c2865a7dfe8b99fdd76e68b605c521e08292f2176d60b35dadcc9e470"),
               Fq::from_hex("0x246996f3b4fae7e6a6327cfe12150b8e747992778eeec7e5ca5cf05f80f362ac")};
  }
  static constexpr PairingFamily kFamily = PairingFamily::bn;
  static constexpr TwistType kTwist = TwistType::d;  // E': y^2 = x^3 + 3/(9 + u)
  static constexpr std::uint64_t kX = 0x44e992b44a6909f1;
  static constexpr bool kXNegative = false;
};

using Fq6 = Fp6<Engine>;
using Fq12 = Fp12<Engine>;
using G2Prepared = zkforge::G2Prepared<Engine>;

}  // namespace zkforge::bn254
