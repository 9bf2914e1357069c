// SPDX-License-Identifier: Apache-2.0
// Jacobian<C>: a point in Jacobian coordinates (X, Y, Z) with x = X/Z^2, y = Y/Z^3; Z = 0 is infinity.
//
// Formulas for a = 0 from the Explicit-Formulas Database (hyperelliptic.org/EFD, g1p/shortw-jacobian-0):
//   dbl-2009-l    2M + 5S
//   add-2007-bl  11M + 5S   (falls back to doubling when both inputs are equal)
//   madd-2007-bl  7M + 4S   (second input affine)
#pragma once

#include "zkforge/curve/affine.hpp"
#include "zkforge/field/bigint.hpp"

namespace zkforge {

template <class C>
struct Jacobian {
  using Curve = C;
  using Field = typename C::Field;
  using AffinePoint = Affine<C>;

  Field X{}, Y{}, Z{};

  ZKF_HD static constexpr Jacobian identity() { return Jacobian{Field::one(), Field::one(), Field::zero()}; }
  ZKF_HD static constexpr Jacobian from_affine(const AffinePoint& p) {
    return p.infinity ? identity() : Jacobian{p.x, p.y, Field::one()};
  }
  ZKF_HD constexpr bool is_identity() const { return Z.is_zero(); }
  ZKF_HD constexpr Jacobian operator-() const { return Jacobian{X, -Y, Z}; }

  AffinePoint to_affine() const {
    if (is_identity()) return AffinePoint::identity();
    const Field zi = Z.inverse();
    const Field zi2 = zi.sqr();
    return AffinePoint::from_xy(X * zi2, Y * zi2 * zi);
  }

  ZKF_HD constexpr Jacobian dbl() const {
    if (is_identity()) return *this;
    const Field A = X.sqr();
    const Field B = Y.sqr();
    const Field Cc = B.sqr();
    const Field D = ((X + B).sqr() - A - Cc).dbl();
    const Field E = A.dbl() + A;
    const Field F = E.sqr();
    Jacobian r;
    r.X = F - D.dbl();
    r.Y = E * (D - r.X) - Cc.dbl().dbl().dbl();
    r.Z = (Y * Z).dbl();
    return r;
  }

  ZKF_HD constexpr Jacobian add(const Jacobian& q) const {
    if (is_identity()) return q;
    if (q.is_identity()) return *this;
    const Field Z1Z1 = Z.sqr();
    const Field Z2Z2 = q.Z.sqr();
    const Field U1 = X * Z2Z2;
    const Field U2 = q.X * Z1Z1;
    const Field S1 = Y * q.Z * Z2Z2;
    const Field S2 = q.Y * Z * Z1Z1;
    const Field H = U2 - U1;
    const Field R = (S2 - S1).dbl();
    if (H.is_zero()) return R.is_zero() ? dbl() : identity();
    const Field I = H.dbl().sqr();
    const Field J = H * I;
    const Field V = U1 * I;
    Jacobian r;
    r.X = R.sqr() - J - V.dbl();
    r.Y = R * (V - r.X) - (S1 * J).dbl();
    r.Z = ((Z + q.Z).sqr() - Z1Z1 - Z2Z2) * H;
    return r;
  }

  ZKF_HD constexpr Jacobian add(const AffinePoint& q) const {
    if (q.infinity) return *this;
    if (is_identity()) return from_affine(q);
    const Field Z1Z1 = Z.sqr();
    const Field U2 = q.x * Z1Z1;
    const Field S2 = q.y * Z * Z1Z1;
    const Field H = U2 - X;
    const Field R = (S2 - Y).dbl();
    if (H.is_zero()) return R.is_zero() ? dbl() : identity();
    const Field HH = H.sqr();
    const Field I = HH.dbl().dbl();
    const Field J = H * I;
    const Field V = X * I;
    Jacobian r;
    r.X = R.sqr() - J - V.dbl();
    r.Y = R * (V - r.X) - (Y * J).dbl();
    r.Z = (Z + H).sqr() - Z1Z1 - HH;
    return r;
  }

  // k * this by double-and-add from the top bit: the reference, not the fast path.
  template <std::size_t M>
  ZKF_HD constexpr Jacobian mul(const BigInt<M>& k) const {
    Jacobian r = identity();
    for (std::size_t i = k.num_bits(); i-- > 0;) {
      r = r.dbl();
      if (k.bit(i)) r = r.add(*this);
    }
    return r;
  }

  // Same point: X1 Z2^2 = X2 Z1^2 and Y1 Z2^3 = Y2 Z1^3, or both at infinity.
  friend ZKF_HD constexpr bool operator==(const Jacobian& p, const Jacobian& q) {
    if (p.is_identity() || q.is_identity()) return p.is_identity() == q.is_identity();
    const Field z1z1 = p.Z.sqr(), z2z2 = q.Z.sqr();
    return p.X * z2z2 == q.X * z1z1 && p.Y * z2z2 * q.Z == q.Y * z1z1 * p.Z;
  }
  friend ZKF_HD constexpr bool operator!=(const Jacobian& p, const Jacobian& q) { return !(p == q); }
};

template <class C>
ZKF_HD constexpr bool operator==(const Jacobian<C>& p, const Affine<C>& q) {
  return p == Jacobian<C>::from_affine(q);
}

}  // namespace zkforge
