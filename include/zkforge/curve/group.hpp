// SPDX-License-Identifier: Apache-2.0
// Whole-group operations on any curve: reference scalar multiplication and the subgroup check.
#pragma once

#include "zkforge/curve/jacobian.hpp"

namespace zkforge {

// s * p by double-and-add over the canonical scalar: slow, simple, the oracle for MSM tests.
template <class C>
Jacobian<C> scalar_mul(const Affine<C>& p, const typename C::Scalar& s) {
  return Jacobian<C>::from_affine(p).mul(s.to_int());
}

// r * p = infinity, with r the order of the prime subgroup (C::Scalar's modulus).
template <class C>
bool is_in_subgroup(const Affine<C>& p) {
  return Jacobian<C>::from_affine(p).mul(C::Scalar::kModulus).is_identity();
}

}  // namespace zkforge
