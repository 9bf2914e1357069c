// SPDX-License-Identifier: Apache-2.0
// Explicit instantiations of the CPU's curve checks of many points for G1 and G2 of BLS12-381 and BN254.
#include "on_curve.hpp"

namespace zkforge {

template std::size_t first_off_curve<bls12_381::G1Curve>(const Affine<bls12_381::G1Curve>*, std::size_t);
template std::size_t first_off_curve<bls12_381::G2Curve>(const Affine<bls12_381::G2Curve>*, std::size_t);
template std::size_t first_off_curve<bn254::G1Curve>(const Affine<bn254::G1Curve>*, std::size_t);
template std::size_t first_off_curve<bn254::G2Curve>(const Affine<bn254::G2Curve>*, std::size_t);

}  // namespace zkforge
