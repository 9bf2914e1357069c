// SPDX-License-Identifier: Apache-2.0
// base + sum_i k_i P_i for a few points, as Groth16 verification needs for its public inputs.
//
// Straus' interleaving without tables: one doubling chain over the longest scalar, adding P_i where
// bit j of k_i is set. Cost for n scalars of b bits: b doublings + about n b/2 mixed additions
// (instead of n b doublings for n separate double-and-add runs).
#pragma once

#include <algorithm>
#include <cstddef>

#include "zkforge/curve/jacobian.hpp"

namespace zkforge::groth16 {

template <class C, std::size_t N>
Jacobian<C> linear_combination(const Affine<C>& base, const Affine<C>* points, const BigInt<N>* scalars, std::size_t count) {
  std::size_t bits = 0;
  for (std::size_t i = 0; i < count; ++i) bits = std::max(bits, scalars[i].num_bits());
  Jacobian<C> acc = Jacobian<C>::identity();
  for (std::size_t j = bits; j-- > 0;) {
    acc = acc.dbl();
    for (std::size_t i = 0; i < count; ++i)
      if (scalars[i].bit(j)) acc = acc.add(points[i]);
  }
  return acc.add(base);
}

}  // namespace zkforge::groth16
