#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs the GPU test suite (every test on each GPU backend built: CUDA and HIP for NVIDIA), GPU proofs of
# snarkjs keys by `zkforge prove --backend cuda|hip` and the GPU benchmarks, from a build made by
# scripts/device_stage.sh (or any GPU build directory, as $stage/build). Logs, proofs and JSON results
# go to $OUT (or ./gpu-results). Run from the source tree's root (the tests read tests/data).
# usage: scripts/gpu_suite.sh [stage-dir] [--tests-only|--bench-only]
set -uo pipefail
stage=${1:-.device}
mode=${2:-all}
out=${OUT:-gpu-results}
mkdir -p "$out"
export LD_LIBRARY_PATH=$stage/lib:${LD_LIBRARY_PATH:-}
export ZKFORGE_TESTS_DIR=$PWD/tests
bin=$stage/build
z=$bin/apps/zkforge/zkforge
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.sm --format=csv | tee "$out/gpu.txt"
status=0
if [[ $mode != --bench-only ]]; then
  for t in "$bin"/tests/gpu/test_gpu_*; do
    [[ -x $t ]] || continue
    echo "=== $(basename "$t")"
    "$t" 2>&1 | tee "$out/$(basename "$t").log" | tail -4
    [[ ${PIPESTATUS[0]} -eq 0 ]] || status=1
  done
  # zkforge prove --backend cuda and hip on snarkjs keys: the bundled ones and any staged in
  # $stage/interop (folders holding key.zkey, witness.wtns, verification_key.json); proofs kept for
  # snarkjs.
  for dir in tests/data/chain1018/* "$stage"/interop/*; do
    [[ -d $dir ]] || continue
    for backend in cuda hip; do
      name=$(basename "$(dirname "$dir")")_$(basename "$dir")
      [[ $backend == cuda ]] || name+=_$backend
      zkey=$dir/key.zkey
      [[ -f $zkey ]] || zkey=$dir/chain.zkey
      mkdir -p "$out/proofs/$name"
      echo "=== prove --backend $backend: $name"
      "$z" prove --backend "$backend" --timings --quiet "$zkey" "$dir/witness.wtns" "$out/proofs/$name/proof.json" \
        "$out/proofs/$name/public.json" | tee "$out/proofs/$name/timings.txt" || status=1
      "$z" verify "$dir/verification_key.json" "$out/proofs/$name/public.json" "$out/proofs/$name/proof.json" ||
        status=1
    done
  done
fi
if [[ $mode != --tests-only ]]; then
  bench() { "$z" bench "$@" --backend cuda --json | tee -a "$out/bench.jsonl"; }
  for k in 16 20 22 24; do bench msm --curve bls12_381 --log-n $k; done
  for k in 20 24; do bench msm --curve bn254 --log-n $k; done
  for k in 20 22; do
    for c in bls12_381 bn254; do bench msm --curve $c --g2 --log-n $k --repeat 3; done
  done
  for k in 16 20 24 26; do
    for kind in forward inverse coset odd_coset; do bench ntt --curve bls12_381 --log-n $k --ntt $kind; done
    bench ntt --curve bn254 --log-n $k
  done
  bench ntt --curve bls12_381 --log-n 28 --repeat 3
  for k in 16 18 20 22; do
    bench prove --curve bn254 --log-n $k --repeat 3
    bench prove --curve bls12_381 --log-n $k --repeat 3
  done
  # The HIP backend on the same GPU (HIP's NVIDIA headers over CUDA), beside the CUDA figures above.
  hip_bench() { "$z" bench "$@" --backend hip --json | tee -a "$out/bench.jsonl"; }
  for k in 20 22; do hip_bench msm --curve bls12_381 --log-n $k; done
  hip_bench ntt --curve bls12_381 --log-n 24
fi
exit $status
