// SPDX-License-Identifier: Apache-2.0
// Fp2<Fp>: the quadratic extension Fp[u]/(u^2 + 1), for base fields with p = 3 mod 4.
//
// Both BLS12-381 and BN254 build their G2 twist over this field. Elements are c0 + c1*u.
#pragma once

#include "zkforge/field/fp.hpp"

namespace zkforge {

template <class F>
class Fp2 {
 public:
  using Base = F;
  static_assert(F::kSqrtByPower, "u^2 = -1 is a non-residue only when p = 3 mod 4");

  F c0{}, c1{};

  constexpr Fp2() = default;
  ZKF_HD constexpr Fp2(const F& a0, const F& a1) : c0(a0), c1(a1) {}

  ZKF_HD static constexpr Fp2 zero() { return Fp2{}; }
  ZKF_HD static constexpr Fp2 one() { return Fp2{F::one(), F::zero()}; }
  ZKF_HD static constexpr Fp2 u() { return Fp2{F::zero(), F::one()}; }
  template <class Rng>
  static Fp2 random(Rng& rng) {
    const F a = F::random(rng);
    return Fp2{a, F::random(rng)};
  }

  ZKF_HD constexpr bool is_zero() const { return c0.is_zero() && c1.is_zero(); }
  ZKF_HD constexpr bool is_one() const { return c0.is_one() && c1.is_zero(); }

  friend ZKF_HD constexpr Fp2 operator+(const Fp2& a, const Fp2& b) { return {a.c0 + b.c0, a.c1 + b.c1}; }
  friend ZKF_HD constexpr Fp2 operator-(const Fp2& a, const Fp2& b) { return {a.c0 - b.c0, a.c1 - b.c1}; }
  friend ZKF_HD constexpr Fp2 operator-(const Fp2& a) { return {-a.c0, -a.c1}; }
  // Karatsuba: 3 base multiplications.
  friend ZKF_HD constexpr Fp2 operator*(const Fp2& a, const Fp2& b) {
    const F v0 = a.c0 * b.c0;
    const F v1 = a.c1 * b.c1;
    return {v0 - v1, (a.c0 + a.c1) * (b.c0 + b.c1) - v0 - v1};
  }
  ZKF_HD constexpr Fp2 operator*(const F& k) const { return {c0 * k, c1 * k}; }
  // a*b + c*d, as Fp::sum_of_products is named (Xyzz's formulas take either field).
  ZKF_HD static constexpr Fp2 sum_of_products(const Fp2& a, const Fp2& b, const Fp2& c, const Fp2& d) {
    return a * b + c * d;
  }
  ZKF_HD constexpr Fp2& operator+=(const Fp2& b) { return *this = *this + b; }
  ZKF_HD constexpr Fp2& operator-=(const Fp2& b) { return *this = *this - b; }
  ZKF_HD constexpr Fp2& operator*=(const Fp2& b) { return *this = *this * b; }
  friend ZKF_HD constexpr bool operator==(const Fp2& a, const Fp2& b) { return a.c0 == b.c0 && a.c1 == b.c1; }
  friend ZKF_HD constexpr bool operator!=(const Fp2& a, const Fp2& b) { return !(a == b); }

  ZKF_HD constexpr Fp2 dbl() const { return {c0.dbl(), c1.dbl()}; }
  // (c0 + c1 u)^2 = (c0 + c1)(c0 - c1) + 2 c0 c1 u: 2 base multiplications.
  ZKF_HD constexpr Fp2 sqr() const { return {(c0 + c1) * (c0 - c1), (c0 * c1).dbl()}; }
  ZKF_HD constexpr Fp2 conjugate() const { return {c0, -c1}; }
  // c0^2 + c1^2, the norm down to Fp.
  ZKF_HD constexpr F norm() const { return c0.sqr() + c1.sqr(); }
  ZKF_HD constexpr Fp2 inverse() const {
    const F t = norm().inverse();
    return {c0 * t, -(c1 * t)};
  }
  template <std::size_t M>
  ZKF_HD constexpr Fp2 pow(const BigInt<M>& e) const {
    Fp2 r = one();
    for (std::size_t i = e.num_bits(); i-- > 0;) {
      r = r.sqr();
      if (e.bit(i)) r = r * *this;
    }
    return r;
  }
  // x is a square in Fp2 exactly when its norm is a square in Fp.
  ZKF_HD constexpr int legendre() const { return norm().legendre(); }

  // Square root for p = 3 mod 4: Algorithm 9 of Adj and Rodriguez-Henriquez, "Square root
  // computation over even extension fields" (2014). a1 = x^((p-3)/4), alpha = a1^2 x; no root when
  // alpha^p alpha = -1; else x0 = a1 x and the root is u x0 (alpha = -1) or (1+alpha)^((p-1)/2) x0.
  ZKF_HD constexpr bool sqrt(Fp2& out) const {
    if (is_zero()) {
      out = *this;
      return true;
    }
    constexpr auto e = shr(F::kModulus - BigInt<F::kLimbs>::from_u64(3), 2);
    const Fp2 a1 = pow(e);
    const Fp2 alpha = a1.sqr() * *this;
    const Fp2 a0 = alpha.conjugate() * alpha;  // alpha^p = conjugate(alpha)
    const Fp2 minus_one = -one();
    if (a0 == minus_one) return false;
    const Fp2 x0 = a1 * *this;
    Fp2 r;
    if (alpha == minus_one) {
      r = u() * x0;
    } else {
      r = (one() + alpha).pow(F::kHalfPMinus1) * x0;
    }
    if (r.sqr() != *this) return false;
    out = r;
    return true;
  }
};

}  // namespace zkforge
