// SPDX-License-Identifier: Apache-2.0
// Fp6<E>: the cubic extension Fq6 = Fq2[v]/(v^3 - xi) of a pairing engine E, the middle floor of Fq12.
//
// Elements are c0 + c1 v + c2 v^2 with xi = E::kXiC0 + u (1 + u for BLS12-381, 9 + u for BN254).
// Costs are counted in Fq2 products (M) and squarings (S); a product by xi is additions only.
#pragma once

#include <cstdint>

#include "zkforge/pairing/frobenius.hpp"

namespace zkforge {

namespace detail {
// k * a for a small compile-time k: doublings and additions from the top bit of k.
template <std::uint64_t K, class F>
ZKF_HD constexpr F mul_small(const F& a) {
  static_assert(K >= 1, "a positive multiplier");
  if constexpr (K == 1) {
    return a;
  } else if constexpr (K % 2 == 0) {
    return mul_small<K / 2>(a).dbl();
  } else {
    return mul_small<K / 2>(a).dbl() + a;
  }
}
}  // namespace detail

// a * xi for xi = k + u: (a0 + a1 u)(k + u) = (k a0 - a1) + (a0 + k a1) u.
template <class E>
ZKF_HD constexpr typename E::Fq2 mul_by_xi(const typename E::Fq2& a) {
  return {detail::mul_small<E::kXiC0>(a.c0) - a.c1, a.c0 + detail::mul_small<E::kXiC0>(a.c1)};
}

template <class E>
class Fp6 {
 public:
  using Engine = E;
  using Fq2 = typename E::Fq2;

  Fq2 c0{}, c1{}, c2{};

  constexpr Fp6() = default;
  ZKF_HD constexpr Fp6(const Fq2& a0, const Fq2& a1, const Fq2& a2) : c0(a0), c1(a1), c2(a2) {}

  ZKF_HD static constexpr Fp6 zero() { return Fp6{}; }
  ZKF_HD static constexpr Fp6 one() { return Fp6{Fq2::one(), Fq2::zero(), Fq2::zero()}; }
  template <class Rng>
  static Fp6 random(Rng& rng) {
    const Fq2 a0 = Fq2::random(rng);
    const Fq2 a1 = Fq2::random(rng);
    return Fp6{a0, a1, Fq2::random(rng)};
  }

  ZKF_HD constexpr bool is_zero() const { return c0.is_zero() && c1.is_zero() && c2.is_zero(); }
  ZKF_HD constexpr bool is_one() const { return c0.is_one() && c1.is_zero() && c2.is_zero(); }

  friend ZKF_HD constexpr Fp6 operator+(const Fp6& a, const Fp6& b) { return {a.c0 + b.c0, a.c1 + b.c1, a.c2 + b.c2}; }
  friend ZKF_HD constexpr Fp6 operator-(const Fp6& a, const Fp6& b) { return {a.c0 - b.c0, a.c1 - b.c1, a.c2 - b.c2}; }
  friend ZKF_HD constexpr Fp6 operator-(const Fp6& a) { return {-a.c0, -a.c1, -a.c2}; }
  friend ZKF_HD constexpr bool operator==(const Fp6& a, const Fp6& b) { return a.c0 == b.c0 && a.c1 == b.c1 && a.c2 == b.c2; }
  friend ZKF_HD constexpr bool operator!=(const Fp6& a, const Fp6& b) { return !(a == b); }
  ZKF_HD constexpr Fp6 operator*(const Fq2& k) const { return {c0 * k, c1 * k, c2 * k}; }
  ZKF_HD constexpr Fp6 dbl() const { return {c0.dbl(), c1.dbl(), c2.dbl()}; }

  // Karatsuba over v^3 = xi (Devegili, O hEigeartaigh, Scott, Dahab, "Multiplication and squaring
  // on pairing-friendly fields", 2006, section 4): 6M.
  //   v0 = a0 b0, v1 = a1 b1, v2 = a2 b2
  //   c0 = v0 + xi ((a1 + a2)(b1 + b2) - v1 - v2)
  //   c1 = (a0 + a1)(b0 + b1) - v0 - v1 + xi v2
  //   c2 = (a0 + a2)(b0 + b2) - v0 - v2 + v1
  friend ZKF_HD constexpr Fp6 operator*(const Fp6& a, const Fp6& b) {
    const Fq2 v0 = a.c0 * b.c0, v1 = a.c1 * b.c1, v2 = a.c2 * b.c2;
    return {v0 + mul_by_xi<E>((a.c1 + a.c2) * (b.c1 + b.c2) - v1 - v2),
            (a.c0 + a.c1) * (b.c0 + b.c1) - v0 - v1 + mul_by_xi<E>(v2),
            (a.c0 + a.c2) * (b.c0 + b.c2) - v0 - v2 + v1};
  }

  // CH-SQR2 (Chung and Hasan 2007, in Devegili et al. 2006): 2M + 3S.
  //   s0 = a0^2, s1 = 2 a0 a1, s2 = (a0 - a1 + a2)^2, s3 = 2 a1 a2, s4 = a2^2
  //   c0 = s0 + xi s3, c1 = s1 + xi s4, c2 = s1 + s2 + s3 - s0 - s4
  ZKF_HD constexpr Fp6 sqr() const {
    const Fq2 s0 = c0.sqr(), s1 = (c0 * c1).dbl(), s2 = (c0 - c1 + c2).sqr(), s3 = (c1 * c2).dbl(), s4 = c2.sqr();
    return {s0 + mul_by_xi<E>(s3), s1 + mul_by_xi<E>(s4), s1 + s2 + s3 - s0 - s4};
  }

  // this * v = xi c2 + c0 v + c1 v^2: additions only.
  ZKF_HD constexpr Fp6 mul_by_v() const { return {mul_by_xi<E>(c2), c0, c1}; }

  // this * (b0 + b1 v), Karatsuba with b2 = 0: 5M.
  ZKF_HD constexpr Fp6 mul_by_01(const Fq2& b0, const Fq2& b1) const {
    const Fq2 v0 = c0 * b0, v1 = c1 * b1;
    return {v0 + mul_by_xi<E>((c1 + c2) * b1 - v1), (c0 + c1) * (b0 + b1) - v0 - v1, (c0 + c2) * b0 - v0 + v1};
  }

  // this * (b1 v) = xi c2 b1 + c0 b1 v + c1 b1 v^2: 3M.
  ZKF_HD constexpr Fp6 mul_by_1(const Fq2& b1) const { return {mul_by_xi<E>(c2 * b1), c0 * b1, c1 * b1}; }

  // 1/this from the adjugate (Scott, "Implementing cryptographic pairings", 2007): 9M + 3S and one
  // Fq2 inverse. t0 = c0^2 - xi c1 c2, t1 = xi c2^2 - c0 c1, t2 = c1^2 - c0 c2,
  // norm = c0 t0 + xi (c2 t1 + c1 t2), 1/this = (t0, t1, t2)/norm. 0 maps to 0.
  ZKF_HD constexpr Fp6 inverse() const {
    const Fq2 t0 = c0.sqr() - mul_by_xi<E>(c1 * c2);
    const Fq2 t1 = mul_by_xi<E>(c2.sqr()) - c0 * c1;
    const Fq2 t2 = c1.sqr() - c0 * c2;
    const Fq2 n = (c0 * t0 + mul_by_xi<E>(c2 * t1 + c1 * t2)).inverse();
    return {t0 * n, t1 * n, t2 * n};
  }

  // this^(p^K): v = w^2, so the coefficients of v and v^2 take gamma_{K,2} and gamma_{K,4}.
  template <int K>
  ZKF_HD constexpr Fp6 frobenius_map() const {
    const Fp6 a = (K % 2 == 1) ? Fp6{c0.conjugate(), c1.conjugate(), c2.conjugate()} : *this;
    return {a.c0, a.c1 * frobenius_coefficient<E, K, 2>(), a.c2 * frobenius_coefficient<E, K, 4>()};
  }
};

}  // namespace zkforge
