#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs compute-sanitizer's four tools — memcheck (with leak check), racecheck, synccheck, initcheck —
# over every GPU test suite of a build (tests/gpu/test_gpu_*: each runs on every GPU backend built),
# on the machine's GPU. The sanitizer is the one beside the nvcc that built the suites (the CUDA
# toolkit's own; `scripts/deps.sh --sanitizer` says which one is there or installs one); a sanitizer
# older than the toolkit cannot instrument its programs. Each run is bounded by SANITIZE_SECONDS
# (default 900); a suite whose cases together take too long under a tool may be narrowed with
# SANITIZE_CASES_<suite>_<tool>="Catch2 filter" (e.g. SANITIZE_CASES_msm_racecheck). Logs and a summary
# line per run go to $OUT (or ./sanitizer-results); exit 1 when any tool reported an error.
# usage: scripts/gpu_sanitize.sh [build-dir] [tool...]
set -uo pipefail
bin=${1:-build}
shift || true
tools=("$@")
[[ ${#tools[@]} -gt 0 ]] || tools=(memcheck racecheck synccheck initcheck)
out=${OUT:-sanitizer-results}
mkdir -p "$out"
export ZKFORGE_TESTS_DIR=${ZKFORGE_TESTS_DIR:-$PWD/tests}
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
sanitizer=$(command -v compute-sanitizer || echo "$(dirname "$nvcc")/compute-sanitizer")
[[ -x $sanitizer ]] || { echo "no compute-sanitizer (scripts/deps.sh --sanitizer)" >&2; exit 2; }
"$sanitizer" --version | tail -1 | tee "$out/version.txt"
status=0
for exe in "$bin"/tests/gpu/test_gpu_*; do
  [[ -x $exe ]] || continue
  suite=$(basename "$exe" | sed 's/^test_gpu_//')
  for tool in "${tools[@]}"; do
    var=SANITIZE_CASES_${suite}_${tool}
    cases=()
    [[ -n ${!var:-} ]] && cases=("${!var}")
    extra=()
    [[ $tool == memcheck ]] && extra=(--leak-check full)
    log=$out/${tool}_${suite}.log
    start=$SECONDS
    timeout "${SANITIZE_SECONDS:-900}" "$sanitizer" --tool "$tool" "${extra[@]}" --error-exitcode 9 "$exe" "${cases[@]}" \
      >"$log" 2>&1
    rc=$?
    summary=$(grep -E "ERROR SUMMARY|RACECHECK SUMMARY|All tests passed|test cases:" "$log" | tail -2 | tr '\n' ' ')
    echo "$tool $suite${cases:+ [${cases[*]}]}: rc=$rc in $((SECONDS - start)) s: $summary" | tee -a "$out/summary.txt"
    [[ $rc -eq 0 ]] || status=1
  done
done
exit $status
