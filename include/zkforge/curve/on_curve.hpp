// SPDX-License-Identifier: Apache-2.0
// Many points' curve checks at once, for the key readers: the index of the first of points[0, n) off
// its curve (the point at infinity is on it), n when there is none. The CPU backend computes it eight
// points at a time on its field lanes (backends/cpu/on_curve.hpp); zkforge::cpu holds G1 and G2 of
// BLS12-381 and BN254 (backends/cpu/curve_instances.cpp).
#pragma once

#include <cstddef>

#include "zkforge/curve/affine.hpp"
#include "zkforge/curve/bls12_381.hpp"
#include "zkforge/curve/bn254.hpp"

namespace zkforge {

template <class C>
std::size_t first_off_curve(const Affine<C>* points, std::size_t n);

extern template std::size_t first_off_curve<bls12_381::G1Curve>(const Affine<bls12_381::G1Curve>*, std::size_t);
extern template std::size_t first_off_curve<bls12_381::G2Curve>(const Affine<bls12_381::G2Curve>*, std::size_t);
extern template std::size_t first_off_curve<bn254::G1Curve>(const Affine<bn254::G1Curve>*, std::size_t);
extern template std::size_t first_off_curve<bn254::G2Curve>(const Affine<bn254::G2Curve>*, std::size_t);

}  // namespace zkforge
