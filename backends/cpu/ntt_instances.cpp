// SPDX-License-Identifier: Apache-2.0
// Explicit instantiations of the CPU NTT for the scalar fields of BLS12-381 and BN254.
#include "ntt.hpp"

namespace zkforge {

template struct NttBackend<Cpu, bls12_381::Fr>;
template struct NttBackend<Cpu, bn254::Fr>;

}  // namespace zkforge
