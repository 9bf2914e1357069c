// SPDX-License-Identifier: Apache-2.0
// psi = untwist-Frobenius-twist, the p-power endomorphism of the G2 curve E' (Galbraith, Scott,
// "Exponentiation in pairing-friendly groups using homomorphisms", Pairing 2008).
//
// With psi_t the twist map of line_functions.hpp, psi = psi_t^-1 o pi_p o psi_t; Frobenius moves w
// to gamma_{1,1} w (frobenius.hpp), so
//   D-twist: psi(x, y) = (conj(x) gamma_{1,2},   conj(y) gamma_{1,3})
//   M-twist: psi(x, y) = (conj(x) / gamma_{1,2}, conj(y) / gamma_{1,3})
// and in Jacobian coordinates Z is conjugated too. On G2 psi acts as multiplication by p mod r.
// Cost: 2 Fq2 products.
#pragma once

#include "zkforge/curve/jacobian.hpp"
#include "zkforge/pairing/engine.hpp"
#include "zkforge/pairing/frobenius.hpp"

namespace zkforge {

namespace detail {
template <class E, int I>
ZKF_HD constexpr typename E::Fq2 psi_coefficient() {
  if constexpr (E::kTwist == TwistType::d) {
    return frobenius_coefficient<E, 1, I>();
  } else {
    constexpr typename E::Fq2 v = frobenius_coefficient<E, 1, I>().inverse();
    return v;
  }
}
}  // namespace detail

template <class E>
Affine<typename E::G2> psi(const Affine<typename E::G2>& q) {
  if (q.infinity) return q;
  return Affine<typename E::G2>::from_xy(q.x.conjugate() * detail::psi_coefficient<E, 2>(),
                                         q.y.conjugate() * detail::psi_coefficient<E, 3>());
}

template <class E>
Jacobian<typename E::G2> psi(const Jacobian<typename E::G2>& q) {
  return {q.X.conjugate() * detail::psi_coefficient<E, 2>(), q.Y.conjugate() * detail::psi_coefficient<E, 3>(),
          q.Z.conjugate()};
}

}  // namespace zkforge
