// SPDX-License-Identifier: Apache-2.0
// The C interface's curves: a zkforge_curve becomes the pairing engine that proves and verifies on it.
#pragma once

#include <string>

#include "zkforge/c/base.h"
#include "zkforge/error.hpp"
#include "zkforge/pairing/bls12_381.hpp"
#include "zkforge/pairing/bn254.hpp"

namespace zkforge::capi {

template <class E>
inline constexpr zkforge_curve kCurveOf = std::is_same_v<E, bn254::Engine> ? ZKFORGE_CURVE_BN254 : ZKFORGE_CURVE_BLS12_381;

// f(bn254::Engine{}) or f(bls12_381::Engine{}); Error(invalid_argument) for another value.
template <class F>
decltype(auto) with_engine(zkforge_curve curve, F&& f) {
  if (curve == ZKFORGE_CURVE_BN254) return f(bn254::Engine{});
  if (curve == ZKFORGE_CURVE_BLS12_381) return f(bls12_381::Engine{});
  throw Error(Errc::invalid_argument, "curve " + std::to_string(curve) + " is neither BN254 (0) nor BLS12-381 (1)");
}

}  // namespace zkforge::capi
