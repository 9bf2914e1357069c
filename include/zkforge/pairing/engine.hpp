// SPDX-License-Identifier: Apache-2.0
// What a pairing engine E supplies: the data-only description of a pairing-friendly curve that the
// tower, Miller loop and final exponentiation templates read.
//
//   name                 "bls12_381", "bn254"
//   G1, G2               curve configs of curve/ (G2 on the sextic twist over Fq2)
//   Fq, Fq2, Fr          the fields
//   kXiC0                the sextic non-residue is xi = kXiC0 + u: Fq6 = Fq2[v]/(v^3 - xi), Fq12 = Fq6[w]/(w^2 - v)
//   frobenius_gamma()    xi^((p-1)/6) in Fq2, from which every Frobenius coefficient is derived
//   kFamily              BN or BLS12: selects the Miller loop scalar and the final exponentiation's hard part
//   kTwist               D (E': y^2 = x^3 + b/xi) or M (E': y^2 = x^3 + b*xi): where a line's terms sit in Fq12
//   kX, kXNegative       the curve's generating parameter (x of BLS12, u of BN) as magnitude and sign
//   g1_cube_root()       BLS12 only: the cube root of unity of the G1 membership test (subgroup.hpp)
#pragma once

namespace zkforge {

enum class PairingFamily { bn, bls12 };
enum class TwistType { d, m };

}  // namespace zkforge
