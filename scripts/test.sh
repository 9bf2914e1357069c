#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds everything (the CUDA backend too where nvcc is installed, and beside it the HIP backend for
# NVIDIA GPUs where HIP's headers are: scripts/deps.sh --hip) and runs the whole test suite with ctest;
# GPU tests skip visibly without a GPU.
# usage: scripts/test.sh [cmake -D options...]   (ZKFORGE_SEED=N repeats a run's random inputs)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${ZKFORGE_BUILD_DIR:-$root/build}
# The CUDA targets too when nvcc is installed (sm_90 with PTX); their tests skip visibly without a GPU.
cuda_args=()
if [[ " $* " != *ZKFORGE_CUDA* ]]; then
  nvcc=$(command -v nvcc || true)
  [[ -z $nvcc && -x /usr/local/cuda/bin/nvcc ]] && nvcc=/usr/local/cuda/bin/nvcc
  if [[ -n $nvcc ]]; then
    cuda_args=(-DZKFORGE_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=90 "-DCMAKE_CUDA_COMPILER=$nvcc")
    [[ -f /usr/include/hip/nvidia_detail/nvidia_hip_runtime.h ]] && cuda_args+=(-DZKFORGE_HIP_NVIDIA=ON)
  else
    echo "zkforge: nvcc not found: the CUDA targets and their tests are not built" >&2
  fi
fi
ZKFORGE_BUILD_DIR=$build "$root/scripts/build.sh" "${cuda_args[@]}" "$@"
# The second implementations the tests compare against (npm, pinned to releases that run on Debian 12's
# node 18); without node >= 18, or where npm cannot reach its registry, those tests SKIP.
if command -v node >/dev/null && node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 18 ? 0 : 1)'; then
  (cd "$root/tests/interop" && npm ci --no-audit --no-fund --loglevel=error >/dev/null) ||
    echo "zkforge: npm ci in tests/interop failed: the cross-checks against @noble/curves and snarkjs will SKIP" >&2
else
  echo "zkforge: node >= 18 not found (scripts/deps.sh installs it): the cross-checks against @noble/curves and snarkjs will SKIP" >&2
fi
cd "$build"
ctest --output-on-failure --parallel "$(nproc)" --timeout 1200
