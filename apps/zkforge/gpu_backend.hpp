// SPDX-License-Identifier: Apache-2.0
// The GPU backend built into this binary, if any: at most one of zkforge::cuda (--backend cuda) and
// zkforge::hip (--backend hip), whose host functions share names. Its tag, its --backend name and
// the headers of its MSM, NTT, memory and device queries.
#pragma once

#define ZKFORGE_WITH_GPU (ZKFORGE_WITH_CUDA || ZKFORGE_WITH_HIP)

#if ZKFORGE_WITH_GPU
#include "backends/cuda/device.hpp"
#include "zkforge/arch/gpu_runtime.hpp"
#include "zkforge/memory/cuda.hpp"
#include "zkforge/memory/device_allocator.hpp"
#include "zkforge/msm/cuda.hpp"
#include "zkforge/ntt/cuda.hpp"
#if ZKF_GPU_HIP
#include "zkforge/msm/hip.hpp"
#include "zkforge/ntt/hip.hpp"
#endif

namespace zkforge::cli {

using GpuBackend = gpu::Backend;
inline constexpr const char* kGpuBackendName = ZKF_GPU_HIP ? "hip" : "cuda";

}  // namespace zkforge::cli
#endif
