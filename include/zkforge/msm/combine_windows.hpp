// SPDX-License-Identifier: Apache-2.0
// The last step of Pippenger on every backend: sum_j 2^(jc) S_j over the window sums, on the host.
#pragma once

#include <vector>

#include "zkforge/curve/xyzz.hpp"

namespace zkforge {

// Horner's rule from the top window: c doublings (skipped while the sum is still infinity) and one
// addition per window.
template <class C>
Xyzz<C> combine_windows(const std::vector<Xyzz<C>>& sums, unsigned c) {
  Xyzz<C> acc = Xyzz<C>::identity();
  for (std::size_t j = sums.size(); j-- > 0;) {
    for (unsigned k = 0; k < c && !acc.is_identity(); ++k) acc = acc.dbl();
    acc = acc.add(sums[j]);
  }
  return acc;
}

}  // namespace zkforge
