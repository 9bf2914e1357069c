// SPDX-License-Identifier: Apache-2.0
// The HIP backend's host-callable device queries and device memory: backends/cuda/device.cu compiled as HIP,
// where its tag (gpu::Backend) is Hip.
#include "backends/cuda/device.cu"
