#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs the GPU test suite and the GPU benchmarks from a build made by scripts/device_stage.sh (or any
# CUDA build directory); logs and JSON results go to $OUT (or ./gpu-results).
# usage: scripts/gpu_suite.sh [stage-dir] [--bench-only|--tests-only]
set -uo pipefail
stage=${1:-.device}
mode=${2:-all}
out=${OUT:-gpu-results}
mkdir -p "$out"
export LD_LIBRARY_PATH=$stage/lib:${LD_LIBRARY_PATH:-}
bin=$stage/build
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.sm --format=csv | tee "$out/gpu.txt"
status=0
if [[ $mode != --bench-only ]]; then
  for t in "$bin"/tests/cuda/test_cuda_*; do
    [[ -x $t ]] || continue
    echo "=== $(basename "$t")"
    "$t" 2>&1 | tee "$out/$(basename "$t").log" | tail -4
    [[ ${PIPESTATUS[0]} -eq 0 ]] || status=1
  done
fi
if [[ $mode != --tests-only ]]; then
  z=$bin/apps/zkforge/zkforge
  bench() { "$z" bench "$@" --backend cuda --json | tee -a "$out/bench.jsonl"; }
  for k in 16 18 20 22 24 26; do bench msm --curve bls12_381 --log-n $k; done
  for k in 16 20 22 24 26; do bench msm --curve bn254 --log-n $k; done
  for k in 20 22 24; do bench msm --curve bls12_381 --g2 --log-n $k; bench msm --curve bn254 --g2 --log-n $k; done
  for k in 16 20 24 26 28; do
    for kind in forward inverse coset; do bench ntt --curve bls12_381 --log-n $k --ntt $kind; done
    bench ntt --curve bn254 --log-n $k
  done
fi
exit $status
