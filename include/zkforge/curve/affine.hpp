// SPDX-License-Identifier: Apache-2.0
// Affine<C>: a point (x, y) of the curve y^2 = x^3 + b described by C, or the point at infinity.
//
// C supplies `Field` (base field of the coordinates), `Scalar` (the prime-order scalar field),
// `b()` and `generator()`. Infinity is an explicit flag, never a coordinate convention.
#pragma once

#include "zkforge/arch/macros.hpp"

namespace zkforge {

template <class C>
struct Affine {
  using Curve = C;
  using Field = typename C::Field;

  Field x{}, y{};
  bool infinity = true;

  ZKF_HD static constexpr Affine identity() { return Affine{}; }
  ZKF_HD static constexpr Affine from_xy(const Field& x, const Field& y) { return Affine{x, y, false}; }
  static Affine generator() { return C::generator(); }

  ZKF_HD constexpr bool is_identity() const { return infinity; }
  ZKF_HD constexpr Affine operator-() const { return infinity ? *this : Affine{x, -y, false}; }

  // y^2 = x^3 + b; the point at infinity is on the curve. b is folded at compile time (made at run time,
  // it cost a Montgomery conversion, or a hexadecimal parse, per point checked).
  bool is_on_curve() const {
    constexpr Field b = C::b();
    return infinity || y.sqr() == x.sqr() * x + b;
  }

  friend ZKF_HD constexpr bool operator==(const Affine& p, const Affine& q) {
    if (p.infinity || q.infinity) return p.infinity == q.infinity;
    return p.x == q.x && p.y == q.y;
  }
  friend ZKF_HD constexpr bool operator!=(const Affine& p, const Affine& q) { return !(p == q); }
};

}  // namespace zkforge
