#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds the GPU configuration here into .device/build — the CUDA backend and the HIP backend for
# NVIDIA GPUs (nvcc through HIP's headers) in one build, so that every GPU test and `zkforge
# --backend cuda|hip` run on the one GPU — with the shared libraries its programs need, for a GPU
# machine that has the NVIDIA driver but none of zkforge's Debian dependencies.
# usage: scripts/device_stage.sh [targets...]    then, on the GPU machine: scripts/gpu_suite.sh .device
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
stage=$root/.device
"$root/scripts/deps.sh" --hip
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=(test_gpu_msm test_gpu_ntt test_gpu_prover test_gpu_memory zkforge_cli)
ZKFORGE_BUILD_DIR=$stage/build "$root/scripts/build.sh" -DZKFORGE_CUDA=ON -DZKFORGE_HIP_NVIDIA=ON \
  -DCMAKE_CUDA_ARCHITECTURES=90 -- "${targets[@]}"
mkdir -p "$stage/lib"
for exe in "$stage"/build/tests/gpu/test_gpu_* "$stage/build/apps/zkforge/zkforge" "$stage/build/apps/libexec/zkforge/zkforge-http"; do
  [[ -x $exe ]] || continue
  ldd "$exe" | awk '/=> \// {print $3}' | grep -E 'libgmp|libfmt|libcudart|libcpp-httplib|libssl|libcrypto|libbrotli|libz\.' |
    xargs -r -I{} cp -L {} "$stage/lib/"
done
ls -la "$stage/lib"
