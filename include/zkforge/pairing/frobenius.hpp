// SPDX-License-Identifier: Apache-2.0
// The sextic non-residue xi of a tower and the Frobenius coefficients gamma_{k,i} = xi^(i (p^k - 1)/6).
//
// w^6 = xi gives (w^i)^(p^k) = w^i (w^6)^(i (p^k - 1)/6) = gamma_{k,i} w^i: the p^k-power map of Fq12
// conjugates every Fq2 coefficient k times and multiplies the coefficient of w^i by gamma_{k,i}.
// All coefficients follow from gamma_{1,1} = E::frobenius_gamma():
//   gamma_{1,i} = gamma_{1,1}^i,   gamma_{k,i} = gamma_{k-1,i}^p * gamma_{1,i}   (p^k - 1 = p (p^(k-1) - 1) + p - 1),
// with y^p = conj(y) in Fq2; gamma_{2,i} lies in Fq. Each costs at most 7 Fq2 products, at compile time.
// gamma_{1,1} itself is checked here by gamma_{1,1}^6 = xi^(p-1) = conj(xi)/xi (cheap, up to a sixth
// root of unity) and exactly, xi^((p-1)/6) by exponentiation, in tests/pairing.
#pragma once

#include "zkforge/field/fp2.hpp"

namespace zkforge {

// xi = kXiC0 + u.
template <class E>
ZKF_HD constexpr typename E::Fq2 xi() {
  using Fq2 = typename E::Fq2;
  return Fq2{Fq2::Base::from_u64(E::kXiC0), Fq2::Base::one()};
}

namespace detail {
template <class E>
constexpr typename E::Fq2 frobenius_coefficient_value(int k, int i) {
  using Fq2 = typename E::Fq2;
  Fq2 g1i = Fq2::one();
  for (int j = 0; j < i; ++j) g1i = g1i * E::frobenius_gamma();
  Fq2 g = g1i;
  for (int j = 1; j < k; ++j) g = g.conjugate() * g1i;
  return g;
}

template <class E>
constexpr bool frobenius_gamma_is_sixth_root_of_xi_p_minus_1() {
  const auto g = E::frobenius_gamma();
  const auto g3 = g.sqr() * g;
  return g3.sqr() * xi<E>() == xi<E>().conjugate();
}
}  // namespace detail

template <class E, int K, int I>
ZKF_HD constexpr typename E::Fq2 frobenius_coefficient() {
  static_assert(K >= 1 && K <= 3 && I >= 0 && I <= 5, "gamma_{k,i} is tabulated for k = 1..3, i = 0..5");
  constexpr typename E::Fq2 v = detail::frobenius_coefficient_value<E>(K, I);
  return v;
}

}  // namespace zkforge
