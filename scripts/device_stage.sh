#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds the CUDA configuration here into .device/ with the shared libraries its programs need, for
# a GPU machine that has the NVIDIA driver but none of zkforge's Debian dependencies.
# usage: scripts/device_stage.sh    then, on the GPU machine: scripts/gpu_suite.sh .device
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
stage=$root/.device
ZKFORGE_BUILD_DIR=$stage/build "$root/scripts/build.sh" -DZKFORGE_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=90
mkdir -p "$stage/lib"
for exe in "$stage"/build/tests/cuda/test_cuda_* "$stage/build/apps/zkforge/zkforge"; do
  [[ -x $exe ]] || continue
  ldd "$exe" | awk '/=> \// {print $3}' | grep -E 'libgmp|libfmt|libcudart' | xargs -r -I{} cp -L {} "$stage/lib/"
done
ls -la "$stage/lib"
