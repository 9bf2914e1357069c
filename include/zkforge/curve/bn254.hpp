// SPDX-License-Identifier: Apache-2.0
// The groups of BN254: G1 over Fq (y^2 = x^3 + 3) and G2 over Fq2 (y^2 = x^3 + 3/(9 + u)).
#pragma once

#include "zkforge/curve/affine.hpp"
#include "zkforge/curve/jacobian.hpp"
#include "zkforge/curve/xyzz.hpp"
#include "zkforge/field/bn254.hpp"

namespace zkforge::bn254 {

struct G1Curve {
  using Field = Fq;
  using Scalar = Fr;
  static constexpr const char* name = "bn254 G1";
  static constexpr Fq b() { return Fq::from_u64(3); }
  static constexpr Affine<G1Curve> generator() { return Affine<G1Curve>::from_xy(Fq::from_u64(1), Fq::from_u64(2)); }
};

struct G2Curve {
  using Field = Fq2;
  using Scalar = Fr;
  static constexpr const char* name = "bn254 G2";
  // 3/(9 + u), the D-type sextic twist of EIP-197.
  static constexpr Fq2 b() {
    return Fq2{Fq::from_hex("0x2b149d40ceb8aaae81be18991be06ac3b5b4c5e559dbefa33267e6dc24a138e5"),
               Fq::from_hex("0x009713b03af0fed4cd2cafadeed8fdf4a74fa084e52d1852e4a2bd0685c315d2")};
  }
  static constexpr Affine<G2Curve> generator() {
    return Affine<G2Curve>::from_xy(
        Fq2{Fq::from_hex("0x1800deef121f1e76426a00665e5c4479674322d4f75edadd46debd5cd992f6ed"),
            Fq::from_hex("0x198e9393920d483a7260bfb731fb5d25f1aa493335a9e71297e485b7aef312c2")},
        Fq2{Fq::from_hex("0x12c85ea5db8c6deb4aab71808dcb408fe3d1e7690c43d37b4ce6cc0166fa7daa"),
            Fq::from_hex("0x090689d0585ff075ec9e99ad690c3395bc4b313370b38ef355acdadcd122975b")});
  }
};

using G1Affine = Affine<G1Curve>;
using G1Jacobian = Jacobian<G1Curve>;
using G1Xyzz = Xyzz<G1Curve>;
using G2Affine = Affine<G2Curve>;
using G2Jacobian = Jacobian<G2Curve>;
using G2Xyzz = Xyzz<G2Curve>;

}  // namespace zkforge::bn254
