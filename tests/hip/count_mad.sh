#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Counts the multiply instructions of each field's Montgomery product on AMD GPUs: compiles
# tests/hip/field_mul.hip (one product per kernel) with Debian's clang-15 at -O3 for gfx90a and
# gfx940, takes each target's code object out of the offload bundle (clang-offload-bundler) and
# counts per kernel in its disassembly (llvm-objdump).
# usage: tests/hip/count_mad.sh [source root]
set -euo pipefail
root=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
out=$(mktemp -d -t zkforge-mad.XXXXXX)
trap 'rm -rf "$out"' EXIT
printf '%-8s %-14s %14s %13s %13s %13s\n' arch field v_mad_u64_u32 v_mul_lo_u32 v_mul_hi_u32 instructions
for arch in gfx90a gfx940; do
  clang++-15 -x hip -std=c++17 -O3 --offload-arch=$arch --cuda-device-only -c \
    --rocm-path=/usr --rocm-device-lib-path=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode \
    -I"$root/include" "$root/tests/hip/field_mul.hip" -o "$out/$arch.bundle"
  clang-offload-bundler-15 --unbundle --type=o --input="$out/$arch.bundle" \
    --targets=hipv4-amdgcn-amd-amdhsa--$arch --output="$out/$arch.elf"
  llvm-objdump-15 -d --mcpu=$arch "$out/$arch.elf" | awk -v arch=$arch '
    function report() {
      if (name == "") return
      field = name
      if (name ~ /9bls12_3818FqParams/) field = "bls12_381::Fq"
      if (name ~ /9bls12_3818FrParams/) field = "bls12_381::Fr"
      if (name ~ /5bn2548FqParams/) field = "bn254::Fq"
      if (name ~ /5bn2548FrParams/) field = "bn254::Fr"
      printf "%-8s %-14s %14d %13d %13d %13d\n", arch, field, mad, lo, hi, all
    }
    /^[0-9a-f]+ <.*>:$/ { report(); name = $2 ~ /field_mul/ ? $2 : ""; mad = lo = hi = all = 0; next }
    name != "" && /^[ \t]+[sv]_/ { ++all }
    name != "" && /v_mad_u64_u32/ { ++mad }
    name != "" && /v_mul_lo_u32/ { ++lo }
    name != "" && /v_mul_hi_u32/ { ++hi }
    END { report() }'
done
