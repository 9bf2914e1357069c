#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# A GPU timeline without Nsight Systems, through CUPTI (the CUDA toolkit's activity API):
#   scripts/gpu_trace.sh build DIR             builds gpu_trace/cupti_trace.cpp into DIR/libzkf_trace.so
#                                              beside a copy of the toolkit's libcupti (DIR can travel
#                                              to a GPU machine that has only the driver)
#   scripts/gpu_trace.sh run DIR TRACE cmd...  runs cmd with the library injected; every kernel, copy and
#                                              memset and the slow runtime calls go to TRACE
# then scripts/gpu_trace/proofs.py TRACE says, for each proof of a `zkforge bench prove` run, the
# host's gap before it, its witness upload, its span and how much of it the GPU was busy
# (docs/perf.md, runs BB - BD).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
case ${1:-} in
  build)
    dir=${2:?usage: gpu_trace.sh build DIR}
    nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
    cuda=$(dirname "$(dirname "$(readlink -f "$nvcc")")")
    lib=$(find "$cuda" "$cuda/targets" -name 'libcupti.so.*' 2>/dev/null | sort | head -1)
    [[ -n $lib ]] || { echo "gpu_trace: no libcupti under $cuda" >&2; exit 2; }
    mkdir -p "$dir"
    cp -L "$lib" "$dir/"
    "${CXX:-g++}" -std=c++17 -O2 -Wall -Wextra -shared -fPIC -o "$dir/libzkf_trace.so" "$here/gpu_trace/cupti_trace.cpp" \
      -I"$(dirname "$(find "$cuda" -name cupti.h | head -1)")" "$dir/$(basename "$lib")" -Wl,-rpath,'$ORIGIN'
    echo "$dir/libzkf_trace.so" ;;
  run)
    dir=${2:?usage: gpu_trace.sh run DIR TRACE cmd...}
    trace=${3:?usage: gpu_trace.sh run DIR TRACE cmd...}
    shift 3
    ZKF_TRACE_OUT=$trace CUDA_INJECTION64_PATH=$(readlink -f "$dir/libzkf_trace.so") exec "$@" ;;
  *)
    sed -n '3,11p' "$0" >&2
    exit 2 ;;
esac
