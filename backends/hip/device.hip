// SPDX-License-Identifier: Apache-2.0
// The HIP backend's host-callable queries (device count and description, device selection, memory
// resources): backends/cuda/device.cu compiled as HIP.
#include "backends/cuda/device.cu"
