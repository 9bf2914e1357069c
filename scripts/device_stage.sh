#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds the CUDA configuration here into .device/ with the shared libraries its programs need, for
# a GPU machine that has the NVIDIA driver but none of zkforge's Debian dependencies. --hip adds the
# HIP backend built for NVIDIA GPUs (nvcc through HIP's headers) into .device/hip-build: its test
# programs and zkforge; --hip-only stages that alone.
# usage: scripts/device_stage.sh [--hip|--hip-only]    then, on the GPU machine: scripts/gpu_suite.sh .device
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
stage=$root/.device
mode=${1:-}
if [[ $mode != --hip-only ]]; then
  ZKFORGE_BUILD_DIR=$stage/build "$root/scripts/build.sh" -DZKFORGE_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=90
fi
if [[ $mode == --hip || $mode == --hip-only ]]; then
  "$root/scripts/deps.sh" --hip
  ZKFORGE_BUILD_DIR=$stage/hip-build "$root/scripts/build.sh" -DZKFORGE_HIP_NVIDIA=ON -DCMAKE_CUDA_ARCHITECTURES=90 \
    -- test_hip_msm test_hip_ntt test_hip_prover test_hip_memory zkforge_cli
fi
mkdir -p "$stage/lib"
for exe in "$stage"/build/tests/cuda/test_cuda_* "$stage"/hip-build/tests/hip/test_hip_* "$stage/build/apps/zkforge/zkforge" \
  "$stage/hip-build/apps/zkforge/zkforge"; do
  [[ -x $exe ]] || continue
  ldd "$exe" | awk '/=> \// {print $3}' | grep -E 'libgmp|libfmt|libcudart' | xargs -r -I{} cp -L {} "$stage/lib/"
done
ls -la "$stage/lib"
