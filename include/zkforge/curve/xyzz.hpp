// SPDX-License-Identifier: Apache-2.0
// Xyzz<C>: extended Jacobian coordinates (X, Y, ZZ, ZZZ) with x = X/ZZ, y = Y/ZZZ, ZZ^3 = ZZZ^2.
//
// The bucket form of GPU and CPU Pippenger: mixed addition is cheaper than in Jacobian form.
// Formulas for a = 0 from the Explicit-Formulas Database (g1p/shortw-xyzz):
//   dbl-2008-s-1    2M + 5S + (ZZ, ZZZ updates) = 6M + 3S in all
//   add-2008-s     12M + 2S
//   madd-2008-s     8M + 2S   (second input affine)
//   mdbl-2008-s-1   4M + 2S   (doubling an affine point)
// Each Y coordinate's a b - c d is Field::sum_of_products(a, b, -c, d): on NVIDIA GPUs the two products
// share one Montgomery reduction (Fp::sum_of_products).
#pragma once

#include "zkforge/curve/affine.hpp"
#include "zkforge/curve/jacobian.hpp"

namespace zkforge {

template <class C>
struct Xyzz {
  using Curve = C;
  using Field = typename C::Field;
  using AffinePoint = Affine<C>;

  Field X{}, Y{}, ZZ{}, ZZZ{};

  ZKF_HD static constexpr Xyzz identity() { return Xyzz{Field::one(), Field::one(), Field::zero(), Field::zero()}; }
  ZKF_HD static constexpr Xyzz from_affine(const AffinePoint& p) {
    return p.infinity ? identity() : Xyzz{p.x, p.y, Field::one(), Field::one()};
  }
  ZKF_HD constexpr bool is_identity() const { return ZZ.is_zero(); }
  ZKF_HD constexpr Xyzz operator-() const { return Xyzz{X, -Y, ZZ, ZZZ}; }

  AffinePoint to_affine() const {
    if (is_identity()) return AffinePoint::identity();
    const Field zzz_inv = ZZZ.inverse();
    const Field z_inv = zzz_inv * ZZ;  // ZZ / ZZZ = 1/Z
    return AffinePoint::from_xy(X * z_inv.sqr(), Y * zzz_inv);
  }
  // With Z = ZZZ/ZZ, the Jacobian representative scaled by ZZ has Z' = ZZZ, Z'^2 = ZZ^3:
  // X' = x Z'^2 = X ZZ^2 and Y' = y Z'^3 = Y ZZZ^2.
  ZKF_HD constexpr Jacobian<C> to_jacobian() const {
    if (is_identity()) return Jacobian<C>::identity();
    return Jacobian<C>{X * ZZ.sqr(), Y * ZZZ.sqr(), ZZZ};
  }

  ZKF_HD constexpr Xyzz dbl() const {
    if (is_identity()) return *this;
    const Field U = Y.dbl();
    const Field V = U.sqr();
    const Field W = U * V;
    const Field S = X * V;
    const Field X2 = X.sqr();
    const Field M = X2.dbl() + X2;
    Xyzz r;
    r.X = M.sqr() - S.dbl();
    r.Y = Field::sum_of_products(M, S - r.X, -W, Y);
    r.ZZ = V * ZZ;
    r.ZZZ = W * ZZZ;
    return r;
  }

  ZKF_HD static constexpr Xyzz dbl(const AffinePoint& p) {
    if (p.infinity) return identity();
    const Field U = p.y.dbl();
    const Field V = U.sqr();
    const Field W = U * V;
    const Field S = p.x * V;
    const Field X2 = p.x.sqr();
    const Field M = X2.dbl() + X2;
    Xyzz r;
    r.X = M.sqr() - S.dbl();
    r.Y = Field::sum_of_products(M, S - r.X, -W, p.y);
    r.ZZ = V;
    r.ZZZ = W;
    return r;
  }

  ZKF_HD constexpr Xyzz add(const Xyzz& q) const {
    if (is_identity()) return q;
    if (q.is_identity()) return *this;
    const Field U1 = X * q.ZZ;
    const Field U2 = q.X * ZZ;
    const Field S1 = Y * q.ZZZ;
    const Field S2 = q.Y * ZZZ;
    const Field P = U2 - U1;
    const Field R = S2 - S1;
    if (P.is_zero()) return R.is_zero() ? dbl() : identity();
    const Field PP = P.sqr();
    const Field PPP = P * PP;
    const Field Q = U1 * PP;
    Xyzz r;
    r.X = R.sqr() - PPP - Q.dbl();
    r.Y = Field::sum_of_products(R, Q - r.X, -S1, PPP);
    r.ZZ = ZZ * q.ZZ * PP;
    r.ZZZ = ZZZ * q.ZZZ * PPP;
    return r;
  }

  // dbl(p) of a finite p, out of line (dbl_rare takes the form that suits the field): the rare branch of
  // the mixed addition below (q is this point).
  // The GPU MSM inlines the mixed addition into its hot loops, whose code the doubling's seven products
  // would make ~70% larger: at BLS12-381 the loop then waits on the instruction cache (docs/perf.md).
  // A reference to p keeps p in local memory, stored there by every addition of the loop; x and y by
  // value do not. By value where the field is wider than 48 bytes (G2, whose GPU kernels run
  // uncapped at 255 registers: BLS12-381 G2 2^22 16% faster), by reference otherwise (G1 under
  // its register cap: BLS12-381 2^24 3% slower by value) — docs/perf.md, run Z.
  static constexpr bool kDoubleByValue = sizeof(Field) > 48;
  ZKF_HD ZKF_NOINLINE static Xyzz dbl_out_of_line(const AffinePoint& p) { return dbl(p); }
  ZKF_HD ZKF_NOINLINE static Xyzz dbl_out_of_line(Field x, Field y) { return dbl(AffinePoint::from_xy(x, y)); }
  ZKF_HD ZKF_INLINE static Xyzz dbl_rare(const AffinePoint& q) {
    if constexpr (kDoubleByValue) {
      return dbl_out_of_line(q.x, q.y);
    } else {
      return dbl_out_of_line(q);
    }
  }

  ZKF_HD constexpr Xyzz add(const AffinePoint& q) const {
    if (q.infinity) return *this;
    if (is_identity()) return from_affine(q);
    const Field U2 = q.x * ZZ;
    const Field S2 = q.y * ZZZ;
    const Field P = U2 - X;
    const Field R = S2 - Y;
    if (P.is_zero()) return R.is_zero() ? dbl_rare(q) : identity();
    const Field PP = P.sqr();
    const Field PPP = P * PP;
    const Field Q = X * PP;
    Xyzz r;
    r.X = R.sqr() - PPP - Q.dbl();
    r.Y = Field::sum_of_products(R, Q - r.X, -Y, PPP);
    r.ZZ = ZZ * PP;
    r.ZZZ = ZZZ * PPP;
    return r;
  }

  // Same point: X1 ZZ2 = X2 ZZ1 and Y1 ZZZ2 = Y2 ZZZ1, or both at infinity.
  friend ZKF_HD constexpr bool operator==(const Xyzz& p, const Xyzz& q) {
    if (p.is_identity() || q.is_identity()) return p.is_identity() == q.is_identity();
    return p.X * q.ZZ == q.X * p.ZZ && p.Y * q.ZZZ == q.Y * p.ZZZ;
  }
  friend ZKF_HD constexpr bool operator!=(const Xyzz& p, const Xyzz& q) { return !(p == q); }
};

template <class C>
ZKF_HD constexpr bool operator==(const Xyzz<C>& p, const Affine<C>& q) {
  return p == Xyzz<C>::from_affine(q);
}
template <class C>
ZKF_HD constexpr bool operator==(const Xyzz<C>& p, const Jacobian<C>& q) {
  return p.to_jacobian() == q;
}

}  // namespace zkforge
