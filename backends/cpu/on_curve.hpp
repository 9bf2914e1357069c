// SPDX-License-Identifier: Apache-2.0
// The CPU backend's curve checks of many points (zkforge/curve/on_curve.hpp): y^2 = x^3 + b eight
// points at a time on the field lanes (three products each: x^2, x^3, y^2), the last n mod 8 and the
// scalar lanes' one at a time.
#pragma once

#include <cstddef>
#include <cstdint>

#include "field_lanes.hpp"
#include "zkforge/curve/on_curve.hpp"

namespace zkforge {

template <class C>
std::size_t first_off_curve(const Affine<C>* points, std::size_t n) {
  using F = typename C::Field;
  std::size_t i = 0;
  cpu::with_field_lanes<F>([&](auto lanes) {
    using Lanes = decltype(lanes);
    if constexpr (Lanes::kVector) {
      typename Lanes::Vec b;
      cpu::load_broadcast<Lanes>(C::b(), b);
      for (; i + cpu::kFieldLanes <= n; i += cpu::kFieldLanes) {
        const F* xs[cpu::kFieldLanes];
        const F* ys[cpu::kFieldLanes];
        std::uint8_t at_infinity = 0;
        for (std::size_t l = 0; l < cpu::kFieldLanes; ++l) {
          xs[l] = &points[i + l].x;
          ys[l] = &points[i + l].y;
          if (points[i + l].infinity) at_infinity |= static_cast<std::uint8_t>(1u << l);
        }
        typename Lanes::Vec x, y, t, y2;
        Lanes::load(xs, x);
        Lanes::load(ys, y);
        Lanes::mul(x, x, t);
        Lanes::mul(t, x, t);
        Lanes::add(t, b, t);
        Lanes::mul(y, y, y2);
        Lanes::sub(y2, t, t);
        const std::uint8_t on_curve = Lanes::zero_mask(t) | at_infinity;
        if (on_curve != 0xff) return;  // the scalar loop below finds which
      }
    }
  });
  for (; i < n; ++i)
    if (!points[i].is_on_curve()) return i;
  return n;
}

}  // namespace zkforge
