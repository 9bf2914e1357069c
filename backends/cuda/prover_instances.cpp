// SPDX-License-Identifier: Apache-2.0
// Explicit instantiations of the GPU Groth16 prover for BLS12-381 and BN254, for this library's tag
// (Cuda; Hip where backends/hip/ compiles it): host code over the library's MSM and quotient,
// compiled by the host compiler.
#include "zkforge/groth16/prover.hpp"

namespace zkforge::groth16 {

#if ZKFORGE_USE_HIP
ZKFORGE_PROVER_INSTANCES(, Hip)
#else
ZKFORGE_PROVER_INSTANCES(, Cuda)
#endif

}  // namespace zkforge::groth16
