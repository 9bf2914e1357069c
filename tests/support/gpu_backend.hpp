// SPDX-License-Identifier: Apache-2.0
// The backend tag of the GPU tests: tests/cuda/*.cpp are built once against zkforge::cuda (Cuda) and
// once against zkforge::hip (Hip, which defines ZKFORGE_USE_HIP), from the same sources.
#pragma once

#include "zkforge/arch/gpu_runtime.hpp"
#include "zkforge/msm/cuda.hpp"
#include "zkforge/ntt/cuda.hpp"
#if ZKF_GPU_HIP
#include "zkforge/msm/hip.hpp"
#include "zkforge/ntt/hip.hpp"
#endif

using GpuBackend = zkforge::gpu::Backend;
