// SPDX-License-Identifier: Apache-2.0
// Fp12<E>: the quadratic extension Fq12 = Fq6[w]/(w^2 - v) of a pairing engine E, home of the pairing values.
//
// Elements are c0 + c1 w with c0, c1 in Fq6; as a vector over Fq2 the basis is
// (1, v, v^2, w, v w, v^2 w) = (w^0, w^2, w^4, w^1, w^3, w^5). Costs are in Fq2 products (M) and
// squarings (S). Besides the field operations this holds the two maps the pairing is built from:
// the Frobenius p^k-power maps and the products by sparse line values.
#pragma once

#include "zkforge/pairing/fp6.hpp"

namespace zkforge {

template <class E>
class Fp12 {
 public:
  using Engine = E;
  using Fq2 = typename E::Fq2;
  using Fq6 = Fp6<E>;
  static_assert(detail::frobenius_gamma_is_sixth_root_of_xi_p_minus_1<E>(),
                "E::frobenius_gamma() must be xi^((p-1)/6)");

  Fq6 c0{}, c1{};

  constexpr Fp12() = default;
  ZKF_HD constexpr Fp12(const Fq6& a0, const Fq6& a1) : c0(a0), c1(a1) {}

  ZKF_HD static constexpr Fp12 zero() { return Fp12{}; }
  ZKF_HD static constexpr Fp12 one() { return Fp12{Fq6::one(), Fq6::zero()}; }
  template <class Rng>
  static Fp12 random(Rng& rng) {
    const Fq6 a0 = Fq6::random(rng);
    return Fp12{a0, Fq6::random(rng)};
  }

  ZKF_HD constexpr bool is_zero() const { return c0.is_zero() && c1.is_zero(); }
  ZKF_HD constexpr bool is_one() const { return c0.is_one() && c1.is_zero(); }

  friend ZKF_HD constexpr Fp12 operator+(const Fp12& a, const Fp12& b) { return {a.c0 + b.c0, a.c1 + b.c1}; }
  friend ZKF_HD constexpr Fp12 operator-(const Fp12& a, const Fp12& b) { return {a.c0 - b.c0, a.c1 - b.c1}; }
  friend ZKF_HD constexpr bool operator==(const Fp12& a, const Fp12& b) { return a.c0 == b.c0 && a.c1 == b.c1; }
  friend ZKF_HD constexpr bool operator!=(const Fp12& a, const Fp12& b) { return !(a == b); }

  // Karatsuba over w^2 = v: 3 Fq6 products = 18M.
  friend ZKF_HD constexpr Fp12 operator*(const Fp12& a, const Fp12& b) {
    const Fq6 v0 = a.c0 * b.c0, v1 = a.c1 * b.c1;
    return {v0 + v1.mul_by_v(), (a.c0 + a.c1) * (b.c0 + b.c1) - v0 - v1};
  }
  ZKF_HD constexpr Fp12& operator*=(const Fp12& b) { return *this = *this * b; }

  // Complex squaring: with t = c0 c1, c0' = (c0 + c1)(c0 + v c1) - t - v t, c1' = 2t. 2 Fq6 products = 12M.
  ZKF_HD constexpr Fp12 sqr() const {
    const Fq6 t = c0 * c1;
    return {(c0 + c1) * (c0 + c1.mul_by_v()) - t - t.mul_by_v(), t.dbl()};
  }

  // this^(p^6) = c0 - c1 w; equals 1/this in the cyclotomic subgroup, where pairing values live.
  ZKF_HD constexpr Fp12 conjugate() const { return {c0, -c1}; }

  // 1/(c0 + c1 w) = (c0 - c1 w)/(c0^2 - v c1^2): one Fq6 inverse. 0 maps to 0.
  ZKF_HD constexpr Fp12 inverse() const {
    const Fq6 t = (c0.sqr() - c1.sqr().mul_by_v()).inverse();
    return {c0 * t, -(c1 * t)};
  }

  // this^(p^K): the Fq6 halves map as Fq6 (w^0, w^2, w^4); the w half takes gamma_{K,1} on top,
  // which makes gamma_{K,1}, gamma_{K,3}, gamma_{K,5} for w, w^3, w^5. 15M by Fq2 constants at most.
  template <int K>
  ZKF_HD constexpr Fp12 frobenius_map() const {
    return {c0.template frobenius_map<K>(), c1.template frobenius_map<K>() * frobenius_coefficient<E, K, 1>()};
  }

  // Squaring in the cyclotomic subgroup (this^(p^6 + 1) = 1), Granger and Scott, "Faster squaring in
  // the cyclotomic subgroup of sixth degree extensions", PKC 2010, section 3.2: 9S.
  // Over Fq4 = Fq2[s]/(s^2 - xi), s = w^3, the element is A + B w + C w^2 with
  // A = c0.c0 + c1.c1 s, B = c1.c0 + c0.c2 s, C = c0.c1 + c1.c2 s, and its square is
  //   A' = 3 A^2 - 2 conj(A),   B' = 3 s C^2 + 2 conj(B),   C' = 3 B^2 - 2 conj(C),
  // with conj(a + b s) = a - b s and (a + b s)^2 = (a^2 + xi b^2) + ((a + b)^2 - a^2 - b^2) s.
  ZKF_HD constexpr Fp12 cyclotomic_sqr() const {
    const Fq4Square a = fq4_sqr(c0.c0, c1.c1);
    const Fq4Square b = fq4_sqr(c1.c0, c0.c2);
    const Fq4Square c = fq4_sqr(c0.c1, c1.c2);
    auto three_minus_two = [](const Fq2& t, const Fq2& x) { return (t - x).dbl() + t; };  // 3t - 2x
    auto three_plus_two = [](const Fq2& t, const Fq2& x) { return (t + x).dbl() + t; };   // 3t + 2x
    const Fq2 s_c1 = mul_by_xi<E>(c.c1);  // s * C^2 = xi c.c1 + c.c0 s
    return {Fq6{three_minus_two(a.c0, c0.c0), three_minus_two(b.c0, c0.c1), three_minus_two(c.c0, c0.c2)},
            Fq6{three_plus_two(s_c1, c1.c0), three_plus_two(a.c1, c1.c1), three_plus_two(b.c1, c1.c2)}};
  }

  // this * (a + b v + c v w), the value of an M-twist line (nonzero at w^0, w^2, w^3): 13M.
  // With f = f0 + f1 w, l0 = a + b v, l1 = c v: f l = (f0 l0 + v f1 l1) + ((f0 + f1)(l0 + l1) - f0 l0 - f1 l1) w.
  ZKF_HD constexpr Fp12 mul_by_014(const Fq2& a, const Fq2& b, const Fq2& c) const {
    const Fq6 t0 = c0.mul_by_01(a, b), t1 = c1.mul_by_1(c);
    return {t0 + t1.mul_by_v(), (c0 + c1).mul_by_01(a, b + c) - t0 - t1};
  }

  // this * (a + b w + c v w), the value of a D-twist line (nonzero at w^0, w^1, w^3): 13M.
  // With l0 = a, l1 = b + c v, as above.
  ZKF_HD constexpr Fp12 mul_by_034(const Fq2& a, const Fq2& b, const Fq2& c) const {
    const Fq6 t0 = c0 * a, t1 = c1.mul_by_01(b, c);
    return {t0 + t1.mul_by_v(), (c0 + c1).mul_by_01(a + b, c) - t0 - t1};
  }

  // this^e by square-and-multiply from the top bit: the reference for tests, not a fast path.
  template <std::size_t M>
  ZKF_HD constexpr Fp12 pow(const BigInt<M>& e) const {
    Fp12 r = one();
    for (std::size_t i = e.num_bits(); i-- > 0;) {
      r = r.sqr();
      if (e.bit(i)) r = r * *this;
    }
    return r;
  }

 private:
  struct Fq4Square {
    Fq2 c0, c1;
  };
  ZKF_HD static constexpr Fq4Square fq4_sqr(const Fq2& a, const Fq2& b) {
    const Fq2 a2 = a.sqr(), b2 = b.sqr();
    return {a2 + mul_by_xi<E>(b2), (a + b).sqr() - a2 - b2};
  }
};

}  // namespace zkforge
