// SPDX-License-Identifier: Apache-2.0
// Membership of untrusted points in G1 and G2, the order-r subgroups, by endomorphism tests.
//
// Each test costs one or two scalar multiplications by the 64-bit curve parameter x instead of one
// by the 255-bit r (curve/group.hpp's is_in_subgroup, the reference they are tested against):
//   G1, BN:    #E(Fq) = r, so the curve equation suffices.
//   G1, BLS12: phi(P) = [-x^2] P with phi(x, y) = (beta x, y), beta a cube root of unity (Scott,
//              "A note on group membership tests for G1, G2 and GT on BLS pairing-friendly curves",
//              ePrint 2021/1130, section 6). phi + [x^2] has degree x^4 - x^2 + 1 = r, so its kernel
//              is exactly G1; beta is the root for which phi acts on G1 as -x^2.
//   G2, BLS12: psi(Q) = [x] Q (same paper, section 4; psi of psi.hpp acts on G2 as p = x mod r).
//   G2, BN:    [x + 1] Q + psi([x] Q) + psi^2([x] Q) = psi^3([2x] Q) (Dai, Lin, Zhao, Zhou, "Fast
//              subgroup membership testings for G1, G2 and GT on pairing-friendly curves", ePrint
//              2022/348, sections 3 and 5.1).
#pragma once

#include <type_traits>

#include "zkforge/curve/jacobian.hpp"
#include "zkforge/pairing/engine.hpp"
#include "zkforge/pairing/psi.hpp"

namespace zkforge {

namespace detail {
// [x] P for the signed curve parameter x: 63 doublings and one addition per set bit of |x|.
template <class E, class C>
Jacobian<C> mul_by_x(const Jacobian<C>& p) {
  const Jacobian<C> r = p.mul(BigInt<1>{{E::kX}});
  return E::kXNegative ? -r : r;
}
}  // namespace detail

template <class E>
bool is_in_g1(const Affine<typename E::G1>& p) {
  using J = Jacobian<typename E::G1>;
  if (!p.is_on_curve()) return false;
  if constexpr (E::kFamily == PairingFamily::bn) {
    return true;
  } else {
    if (p.infinity) return true;
    const J x2p = detail::mul_by_x<E>(detail::mul_by_x<E>(J::from_affine(p)));
    const auto phi_p = Affine<typename E::G1>::from_xy(p.x * E::g1_cube_root(), p.y);
    return x2p.add(phi_p).is_identity();
  }
}

template <class E>
bool is_in_g2(const Affine<typename E::G2>& q) {
  using J = Jacobian<typename E::G2>;
  if (!q.is_on_curve()) return false;
  if (q.infinity) return true;
  const J jq = J::from_affine(q);
  const J xq = detail::mul_by_x<E>(jq);
  if constexpr (E::kFamily == PairingFamily::bls12) {
    return xq == psi<E>(jq);
  } else {
    const J psi_xq = psi<E>(xq);
    const J lhs = xq.add(jq).add(psi_xq).add(psi<E>(psi_xq));
    return lhs == psi<E>(psi<E>(psi_xq)).dbl();
  }
}

// Membership of a point of either group of E, by the test above that fits its curve.
template <class E, class C>
bool is_in_group(const Affine<C>& p) {
  if constexpr (std::is_same_v<C, typename E::G1>) {
    return is_in_g1<E>(p);
  } else {
    static_assert(std::is_same_v<C, typename E::G2>, "is_in_group: a curve that is neither G1 nor G2 of E");
    return is_in_g2<E>(p);
  }
}

}  // namespace zkforge
