// SPDX-License-Identifier: Apache-2.0
// Explicit instantiations of the GPU MSM, batch_add, MsmContext and msm_device_bytes for G1 and G2 of
// BLS12-381 and BN254, for this translation unit's tag (Cuda; Hip where backends/hip/ compiles it).
#include "backends/cuda/msm_context.cuh"

namespace zkforge {

ZKFORGE_GPU_MSM_INSTANCES(, gpu::Backend)

}  // namespace zkforge
