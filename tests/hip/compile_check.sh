#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Compiles device code for AMD GPUs with Debian's ROCm 5.2 clang (scripts/deps.sh --hip installs it):
# the field and curve arithmetic alone (field_kernels.hip), then the HIP backend's kernels as far as CI
# affords them — the NTT (backends/hip/ntt_instances.hip), the MSM of the two G1 groups and BLS12-381
# G2's level 1 (msm_kernels.hip) — for gfx90a and gfx940. The whole library (all four groups' MSMs) is
# the ZKFORGE_HIP=ON build. Exits 77 (ctest: skipped) when the compiler or rocPRIM is not installed.
# usage: compile_check.sh <source root> <output folder>
set -euo pipefail
root=$1
out=$2
if ! command -v hipcc >/dev/null || ! command -v clang++-15 >/dev/null; then
  echo "SKIP: hipcc / clang-15 not installed (scripts/deps.sh --hip installs Debian's ROCm 5.2 compiler)"
  exit 77
fi
if [[ ! -f /usr/include/rocprim/device/device_radix_sort.hpp ]]; then
  echo "SKIP: rocPRIM not installed (scripts/deps.sh --hip installs librocprim-dev)"
  exit 77
fi
mkdir -p "$out"
# clang as CMake's HIP build runs it (cmake/hip-debian.cmake), device code only.
hip=(clang++-15 -x hip -std=c++17 -O3 -Werror --rocm-path=/usr
     --rocm-device-lib-path=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode -I"$root" -I"$root/include")
"${hip[@]}" --offload-arch=gfx90a -c "$root/tests/hip/field_kernels.hip" -o "$out/field_kernels.o"
echo "field and curve arithmetic for gfx90a: $(stat -c %s "$out/field_kernels.o") bytes"
for unit in backends/hip/ntt_instances.hip tests/hip/msm_kernels.hip; do
  name=$(basename "$unit" .hip)
  t0=$SECONDS
  "${hip[@]}" --offload-arch=gfx90a --offload-arch=gfx940 --cuda-device-only -c "$root/$unit" -o "$out/$name.o"
  echo "$unit for gfx90a and gfx940: $(stat -c %s "$out/$name.o") bytes of device code in $((SECONDS - t0)) s"
done
