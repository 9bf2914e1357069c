// SPDX-License-Identifier: Apache-2.0
// The groups of BLS12-381: G1 over Fq (y^2 = x^3 + 4) and G2 over Fq2 (y^2 = x^3 + 4(1 + u)).
#pragma once

#include "zkforge/curve/affine.hpp"
#include "zkforge/curve/jacobian.hpp"
#include "zkforge/curve/xyzz.hpp"
#include "zkforge/field/bls12_381.hpp"

namespace zkforge::bls12_381 {

struct G1Curve {
  using Field = Fq;
  using Scalar = Fr;
  static constexpr const char* name = "bls12_381 G1";
  static constexpr Fq b() { return Fq::from_u64(4); }
  static constexpr Affine<G1Curve> generator() {
    return Affine<G1Curve>::from_xy(
        Fq::from_hex("0x17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb"),
        Fq::from_hex("0x08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1"));
  }
};

struct G2Curve {
  using Field = Fq2;
  using Scalar = Fr;
  static constexpr const char* name = "bls12_381 G2";
  static constexpr Fq2 b() { return Fq2{Fq::from_u64(4), Fq::from_u64(4)}; }
  static constexpr Affine<G2Curve> generator() {
    return Affine<G2Curve>::from_xy(
        Fq2{Fq::from_hex("0x024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8"),
            Fq::from_hex("0x13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e")},
        Fq2{Fq::from_hex("0x0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801"),
            Fq::from_hex("0x0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be")});
  }
};

using G1Affine = Affine<G1Curve>;
using G1Jacobian = Jacobian<G1Curve>;
using G1Xyzz = Xyzz<G1Curve>;
using G2Affine = Affine<G2Curve>;
using G2Jacobian = Jacobian<G2Curve>;
using G2Xyzz = Xyzz<G2Curve>;

}  // namespace zkforge::bls12_381
