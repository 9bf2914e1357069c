// SPDX-License-Identifier: Apache-2.0
// The HIP backend's Groth16 prover instances: backends/cuda/prover_instances.cpp for the Hip tag.
#include "backends/cuda/prover_instances.cpp"
