// SPDX-License-Identifier: Apache-2.0
// The HIP backend's MSM, batch_add, MsmContext and msm_device_bytes instances:
// backends/cuda/msm_instances.cu compiled as HIP, where its tag (gpu::Backend) is Hip.
#include "backends/cuda/msm_instances.cu"
