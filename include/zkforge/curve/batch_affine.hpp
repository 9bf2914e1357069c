// SPDX-License-Identifier: Apache-2.0
// Many projective points to affine with one inversion (Montgomery's trick): 3M per point + 1 inverse.
#pragma once

#include <vector>

#include "zkforge/curve/jacobian.hpp"

namespace zkforge {

template <class C>
std::vector<Affine<C>> to_affine_batch(const std::vector<Jacobian<C>>& points) {
  using F = typename C::Field;
  std::vector<F> prefix(points.size());
  F acc = F::one();
  for (std::size_t i = 0; i < points.size(); ++i) {
    prefix[i] = acc;
    if (!points[i].is_identity()) acc *= points[i].Z;
  }
  F inv = acc.inverse();
  std::vector<Affine<C>> out(points.size());
  for (std::size_t i = points.size(); i-- > 0;) {
    const Jacobian<C>& p = points[i];
    if (p.is_identity()) continue;
    const F z_inv = inv * prefix[i];
    inv *= p.Z;
    const F z_inv2 = z_inv.sqr();
    out[i] = Affine<C>::from_xy(p.X * z_inv2, p.Y * z_inv2 * z_inv);
  }
  return out;
}

}  // namespace zkforge
