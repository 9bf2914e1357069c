#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Compiles tests/hip/field_kernels.hip for gfx90a with Debian's hipcc (scripts/deps.sh --hip installs
# it); exits 77 (ctest: skipped) when hipcc is not installed.
# usage: compile_check.sh <source root> <output folder>
set -euo pipefail
root=$1
out=$2
if ! command -v hipcc >/dev/null; then
  echo "SKIP: hipcc not installed (scripts/deps.sh --hip installs Debian's ROCm 5.2 compiler)"
  exit 77
fi
mkdir -p "$out"
hipcc -std=c++17 --offload-arch=gfx90a -Werror -I"$root/include" -c "$root/tests/hip/field_kernels.hip" \
  -o "$out/field_kernels.o"
echo "hipcc compiled the field and curve arithmetic for gfx90a: $(stat -c %s "$out/field_kernels.o") bytes"
