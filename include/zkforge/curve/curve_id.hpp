// SPDX-License-Identifier: Apache-2.0
// The curves by name, as users spell them: zkforge's names (bn254, bls12_381) and snarkjs' and other
// tools' (bn128, alt_bn128; bls12381, bls12-381), for every place that takes a curve's name.
#pragma once

#include <string>

#include "zkforge/error.hpp"

namespace zkforge {

enum class CurveId { bn254, bls12_381 };

// Error(invalid_argument) listing the accepted names for any other.
inline CurveId curve_from_name(const std::string& name) {
  if (name == "bn254" || name == "bn128" || name == "alt_bn128" || name == "altbn128") return CurveId::bn254;
  if (name == "bls12_381" || name == "bls12381" || name == "bls12-381") return CurveId::bls12_381;
  throw Error(Errc::invalid_argument, "unknown curve '" + name +
                                          "' (bn254, bn128 or alt_bn128; bls12_381, bls12381 or bls12-381)");
}

}  // namespace zkforge
