// SPDX-License-Identifier: Apache-2.0
// One step of the Miller loop on the twist: double T or add Q to it, returning the line through them.
//
// T is kept in homogeneous projective coordinates (x = X/Z, y = Y/Z) on E': y^2 = x^3 + b' over Fq2.
// A line is returned as three Fq2 coefficients (cy, cx, c0) whose value at P = (xP, yP) in G1 is
//   D-twist (psi(x, y) = (x w^2, y w^3)):    cy yP + cx xP w + c0 w^3
//   M-twist (psi(x, y) = (x / w^2, y / w^3)): (cy yP w^3 + cx xP w^2 + c0), the line times w^3,
// both up to a factor in Fq2 (or w^3), which the final exponentiation sends to 1. For the slope
// lambda = dy/dx on E', the untwisted line y - lambda' x - (yT - lambda' xT) gives in both cases
// cy : cx : c0 = 1 : -lambda : lambda xT - yT, scaled below to clear denominators.
//
// Sources: Costello, Lange, Naehrig, "Faster pairing computations on curves with high-degree
// twists", PKC 2010 (doubling, a = 0); Aranha, Karabina, Longa, Gebotys, Lopez, "Faster explicit
// formulas for computing pairings over ordinary curves", EUROCRYPT 2011, section 4 (mixed addition).
// The formulas assume T != +-Q and T, Q of order > 2, which holds for Q in G2 and the loop scalars here.
#pragma once

#include "zkforge/curve/affine.hpp"
#include "zkforge/field/fp2.hpp"

namespace zkforge {

template <class E>
struct Line {
  using Fq2 = typename E::Fq2;
  Fq2 cy, cx, c0;
};

template <class E>
struct G2Homogeneous {
  using Fq2 = typename E::Fq2;
  Fq2 X, Y, Z;
  static constexpr G2Homogeneous from_affine(const Affine<typename E::G2>& q) { return {q.x, q.y, Fq2::one()}; }
};

namespace detail {
template <class F>
constexpr F half_of_one() {
  F h{};
  F::from_int(shr(F::kModulus + F::kOne, 1), h);  // (p + 1)/2 = 1/2 mod p
  return h;
}
}  // namespace detail

// T = 2T; the tangent at T, scaled by 2YZ (Z^2 cleared with Y^2 Z = X^3 + b' Z^3):
//   cy = 2YZ,  cx = -3X^2,  c0 = Y^2 - 3b'Z^2.
// Point (CLN 2010, a = 0): X' = XY/2 (Y^2 - 9b'Z^2), Y' = ((Y^2 + 9b'Z^2)/2)^2 - 27b'^2 Z^4, Z' = 2Y^3 Z.
// Cost: 3M + 6S + one product by the constant 3b' + 2 products by 1/2 in Fq.
template <class E>
constexpr Line<E> doubling_step(G2Homogeneous<E>& t) {
  using Fq2 = typename E::Fq2;
  using Fq = typename Fq2::Base;
  constexpr Fq kHalf = detail::half_of_one<Fq>();
  constexpr Fq2 kThreeB = E::G2::b().dbl() + E::G2::b();
  const Fq2 a = (t.X * t.Y) * kHalf;
  const Fq2 b = t.Y.sqr();
  const Fq2 c = t.Z.sqr();
  const Fq2 e = kThreeB * c;                    // 3b'Z^2
  const Fq2 f = e.dbl() + e;                    // 9b'Z^2
  const Fq2 g = (b + f) * kHalf;
  const Fq2 h = (t.Y + t.Z).sqr() - b - c;      // 2YZ
  const Fq2 j = t.X.sqr();
  const Fq2 e2 = e.sqr();
  t.X = a * (b - f);
  t.Y = g.sqr() - (e2.dbl() + e2);
  t.Z = b * h;
  return {h, -(j.dbl() + j), b - e};
}

// T = T + Q for Q affine; with theta = Y - yQ Z and lambda = X - xQ Z the chord's slope is
// theta/lambda, and scaled by lambda:  cy = lambda,  cx = -theta,  c0 = theta xQ - lambda yQ.
// Point (AKLGL 2011): C = theta^2, D = lambda^2, E = lambda D, F = Z C, G = X D, H = E + F - 2G,
//   X' = lambda H, Y' = theta (G - H) - E Y, Z' = Z E.
// Cost: 11M + 2S.
template <class E>
constexpr Line<E> addition_step(G2Homogeneous<E>& t, const Affine<typename E::G2>& q) {
  using Fq2 = typename E::Fq2;
  const Fq2 theta = t.Y - q.y * t.Z;
  const Fq2 lambda = t.X - q.x * t.Z;
  const Fq2 c = theta.sqr();
  const Fq2 d = lambda.sqr();
  const Fq2 e = lambda * d;
  const Fq2 f = t.Z * c;
  const Fq2 g = t.X * d;
  const Fq2 h = e + f - g.dbl();
  t.X = lambda * h;
  t.Y = theta * (g - h) - e * t.Y;
  t.Z = t.Z * e;
  return {lambda, -theta, theta * q.x - lambda * q.y};
}

}  // namespace zkforge
