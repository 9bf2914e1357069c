#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The CPU prover beside rapidsnark, whole process against whole process, on the same files (issue #26):
# for the bundled 2^10 circuit, keys of 2^K constraints written by example 06 (INSECURE keys, for
# timing only) and the folders of KEYS (real circuits: scripts/real_circuits/build.sh), the median of
# RUNS processes each, both provers' proofs verified by `zkforge verify`; then one `zkforge prove
# --json` per thread count, for where each phase's time goes.
# usage: scripts/cpu_vs_rapidsnark.sh BUILD_DIR RAPIDSNARK_PROVER [K ...]   (K defaults to 12 14 16)
#   Environment: RUNS (5), THREADS (the thread counts of the profile, default "1 $(nproc)"), WORK (a
#   folder for the keys, default a temporary one), KEYS (folders, each with circuit.zkey, witness.wtns
#   and verification_key.json). Markdown on stdout.
set -euo pipefail
build=$1 rapidsnark=$2
shift 2
logs=("$@")
((${#logs[@]})) || logs=(12 14 16)
runs=${RUNS:-5} threads=${THREADS:-"1 $(nproc)"}
root=$(cd "$(dirname "$0")/.." && pwd)
z=$build/apps/zkforge/zkforge
work=${WORK:-$(mktemp -d)}
mkdir -p "$work"

median_ms() {  # median_ms COMMAND...: the median wall time of RUNS runs, in ms; exits on a failed run
  local times=() t0
  for _ in $(seq "$runs"); do
    t0=$(date +%s%N)
    "$@" > /dev/null 2>&1 || { echo "failed: $*" >&2; exit 1; }
    times+=($((($(date +%s%N) - t0) / 1000000)))
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n "$(((runs + 1) / 2))p"
}

# Each key beside its witness.wtns and verification_key.json.
keys=("$root/tests/data/chain1018/bn128/chain.zkey")
for k in "${logs[@]}"; do
  mkdir -p "$work/$k"
  [[ -f $work/$k/circuit.zkey ]] || "$build/examples/06_insecure_zkey" bn128 "$k" "$work/$k" > /dev/null
  keys+=("$work/$k/circuit.zkey")
done
for d in ${KEYS:-}; do keys+=("$d/circuit.zkey"); done

echo "| key | constraints (domain) | rapidsnark, ms | zkforge cpu, ms | rapidsnark / zkforge |"
echo "|---|---|---|---|---|"
for key in "${keys[@]}"; do
  d=$(dirname "$key")
  for prover in "$rapidsnark" "$z prove --quiet"; do
    rm -f "$work/proof.json" "$work/public.json"  # no earlier proof verified in place of this one
    $prover "$key" "$d/witness.wtns" "$work/proof.json" "$work/public.json" > /dev/null 2>&1 ||
      { echo "$prover failed on $key" >&2; exit 1; }
    "$z" verify "$d/verification_key.json" "$work/public.json" "$work/proof.json" > /dev/null ||
      { echo "a proof of $prover for $key does not verify" >&2; exit 1; }
  done
  r=$(median_ms "$rapidsnark" "$key" "$d/witness.wtns" "$work/proof.json" "$work/public.json")
  m=$(median_ms "$z" prove --quiet "$key" "$d/witness.wtns" "$work/proof.json" "$work/public.json")
  domain=$("$z" prove --quiet --json "$key" "$d/witness.wtns" "$work/proof.json" "$work/public.json" |
    sed -E 's/.*"log_domain":([0-9]+).*/\1/')
  echo "| $(basename "$d") | 2^$domain | $r | $m | $(awk -v a="$r" -v b="$m" 'BEGIN { printf "%.2f", a / b }') |"
done

echo
echo "| key | threads | read zkey | read wtns | evaluate | ntt_msm_h | tail_msm | b_g2_msm | assemble | self-verify | prove | wall |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
for key in "${keys[@]}"; do
  d=$(dirname "$key")
  for t in $threads; do
    "$z" prove --quiet --json --threads "$t" "$key" "$d/witness.wtns" "$work/proof.json" "$work/public.json" |
      python3 -c '
import json, sys
j = json.load(sys.stdin); s = j["steps_ms"]; p = j["phases_ms"]
cells = [s["read_zkey"], s["read_wtns"], p["evaluate"], p["ntt_msm_h"], p["tail_msm"], p["b_g2_msm"], p["assemble"],
         s["self_verify"], s["prove"], s["wall"]]
print("| %s | %s | " % (sys.argv[1], sys.argv[2]) + " | ".join("%.1f" % c for c in cells) + " |")' "$(basename "$d")" "$t"
  done
done
