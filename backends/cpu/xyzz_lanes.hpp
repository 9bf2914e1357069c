// SPDX-License-Identifier: Apache-2.0
// XYZZ additions in eight lanes at once (field_lanes.hpp): the same formulas as curve/xyzz.hpp,
// madd-2008-s (8M + 2S) and add-2008-s (12M + 2S), without their special cases. Each returns the
// lanes where the inputs shared an x coordinate (P = 0: a doubling or a cancellation); the result
// is not valid there, and the caller redoes those lanes with the scalar code, as it does lanes
// with an input at infinity.
#pragma once

#include <cstdint>

#include "field_lanes.hpp"
#include "zkforge/curve/xyzz.hpp"

namespace zkforge::cpu {

template <class C, class Lanes>
struct XyzzLanes {
  using F = typename C::Field;
  using Vec = typename Lanes::Vec;

  struct Point {
    Vec X, Y, ZZ, ZZZ;
  };
  struct AffinePoint {
    Vec x, y;
  };

  static void load(const Xyzz<C> (&p)[kFieldLanes], Point& out) {
    const F* src[kFieldLanes];
    const auto coordinate = [&](F Xyzz<C>::*c, Vec& v) {
      for (std::size_t l = 0; l < kFieldLanes; ++l) src[l] = &(p[l].*c);
      Lanes::load(src, v);
    };
    coordinate(&Xyzz<C>::X, out.X);
    coordinate(&Xyzz<C>::Y, out.Y);
    coordinate(&Xyzz<C>::ZZ, out.ZZ);
    coordinate(&Xyzz<C>::ZZZ, out.ZZZ);
  }

  static void store(const Point& p, Xyzz<C> (&out)[kFieldLanes]) {
    F v[kFieldLanes];
    const auto coordinate = [&](const Vec& in, F Xyzz<C>::*c) {
      Lanes::store(in, v);
      for (std::size_t l = 0; l < kFieldLanes; ++l) out[l].*c = v[l];
    };
    coordinate(p.X, &Xyzz<C>::X);
    coordinate(p.Y, &Xyzz<C>::Y);
    coordinate(p.ZZ, &Xyzz<C>::ZZ);
    coordinate(p.ZZZ, &Xyzz<C>::ZZZ);
  }

  // p += q (q affine).
  static std::uint8_t madd(Point& p, const AffinePoint& q) {
    Vec u2, s2, P, R, pp, ppp, Q, t;
    Lanes::mul(q.x, p.ZZ, u2);
    Lanes::mul(q.y, p.ZZZ, s2);
    Lanes::sub(u2, p.X, P);
    Lanes::sub(s2, p.Y, R);
    const std::uint8_t same_x = Lanes::zero_mask(P);
    Lanes::mul(P, P, pp);
    Lanes::mul(P, pp, ppp);
    Lanes::mul(p.X, pp, Q);
    finish(p, R, pp, ppp, Q, p.Y, t);
    return same_x;
  }

  // p += q.
  static std::uint8_t add(Point& p, const Point& q) {
    Vec u1, u2, s1, s2, P, R, pp, ppp, Q, t;
    Lanes::mul(p.X, q.ZZ, u1);
    Lanes::mul(q.X, p.ZZ, u2);
    Lanes::mul(p.Y, q.ZZZ, s1);
    Lanes::mul(q.Y, p.ZZZ, s2);
    Lanes::sub(u2, u1, P);
    Lanes::sub(s2, s1, R);
    const std::uint8_t same_x = Lanes::zero_mask(P);
    Lanes::mul(P, P, pp);
    Lanes::mul(P, pp, ppp);
    Lanes::mul(u1, pp, Q);
    Lanes::mul(p.ZZ, q.ZZ, p.ZZ);
    Lanes::mul(p.ZZZ, q.ZZZ, p.ZZZ);
    finish(p, R, pp, ppp, Q, s1, t);
    return same_x;
  }

 private:
  // The common tail: X3 = R^2 - PPP - 2Q, Y3 = R (Q - X3) - S1 PPP, ZZ3 = ZZ PP, ZZZ3 = ZZZ PPP.
  static void finish(Point& p, const Vec& R, const Vec& pp, const Vec& ppp, const Vec& Q, const Vec& s1, Vec& t) {
    Vec x3;
    Lanes::mul(R, R, x3);
    Lanes::sub(x3, ppp, x3);
    Lanes::sub(x3, Q, x3);
    Lanes::sub(x3, Q, x3);
    Lanes::mul(s1, ppp, t);
    Lanes::sub(Q, x3, p.Y);
    Lanes::mul(R, p.Y, p.Y);
    Lanes::sub(p.Y, t, p.Y);
    p.X = x3;
    Lanes::mul(p.ZZ, pp, p.ZZ);
    Lanes::mul(p.ZZZ, ppp, p.ZZZ);
  }
};

}  // namespace zkforge::cpu
