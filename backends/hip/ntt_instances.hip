// SPDX-License-Identifier: Apache-2.0
// The HIP backend's NTT and quotient instances: backends/cuda/ntt_instances.cu compiled as HIP,
// where its tag (gpu::Backend) is Hip.
#include "backends/cuda/ntt_instances.cu"
