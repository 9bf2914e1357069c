// SPDX-License-Identifier: Apache-2.0
// Explicit instantiations of the GPU NTT, of Groth16's quotient on it (groth16/quotient.hpp) and of
// Groth16's evaluate (groth16/evaluate.hpp) for the scalar fields of BLS12-381 and BN254, for this
// translation unit's tag (Cuda; Hip where backends/hip/ compiles it). One unit for the three: the
// quotient's NTTs are the same kernels, and all share the field's arithmetic, compiled once.
#include "backends/cuda/evaluate.cuh"
#include "backends/cuda/ntt.cuh"
#include "backends/cuda/quotient.cuh"

namespace zkforge {

ZKFORGE_GPU_NTT_INSTANCES(, gpu::Backend)

namespace groth16 {
ZKFORGE_GPU_QUOTIENT_INSTANCES(, gpu::Backend)
ZKFORGE_GPU_EVALUATE_INSTANCES(, gpu::Backend)
}  // namespace groth16

}  // namespace zkforge
