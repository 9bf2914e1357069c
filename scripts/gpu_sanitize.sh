#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs compute-sanitizer's four tools — memcheck (with leak check), racecheck, synccheck, initcheck —
# over every case of every GPU test suite of a build (tests/gpu/test_gpu_*: each runs on every GPU
# backend built), on the machine's GPU, at the tests' sanitizer scale (ZKFORGE_TEST_SCALE=sanitizer:
# tests/support/scale.hpp). Each (tool, case) is a process of its own, SANITIZE_JOBS at once; the
# cases tagged [alone] (they take or measure the whole device's memory) run after them, one at a time.
# SANITIZE_PHASE=shared|alone runs only one of the two phases, SANITIZE_ONLY (an extended regular
# expression) only the cases whose names match it; hidden cases ([.]: timings) never run;
# SANITIZE_ARGS are more arguments of the test programs (-s: every assertion in the log). The
# sanitizer is the one beside the nvcc that built the suites (the CUDA toolkit's own;
# `scripts/deps.sh --sanitizer` says which one is there or installs one); a sanitizer older than the
# toolkit cannot instrument its programs. Each run
# is bounded by SANITIZE_SECONDS (default 900). Logs and a summary line per run go to $OUT (or
# ./sanitizer-results); exit 1 when any run reported an error, failed or was cut.
# usage: scripts/gpu_sanitize.sh [build-dir] [tool...]
set -uo pipefail
bin=${1:-build}
shift || true
tools=("$@")
[[ ${#tools[@]} -gt 0 ]] || tools=(racecheck memcheck synccheck initcheck)  # the slowest first
out=${OUT:-sanitizer-results}
mkdir -p "$out/logs"
export ZKFORGE_TESTS_DIR=${ZKFORGE_TESTS_DIR:-$PWD/tests} ZKFORGE_TEST_SCALE=sanitizer
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
sanitizer=$(command -v compute-sanitizer || echo "$(dirname "$nvcc")/compute-sanitizer")
[[ -x $sanitizer ]] || { echo "no compute-sanitizer (scripts/deps.sh --sanitizer)" >&2; exit 2; }
"$sanitizer" --version | tail -1 | tee "$out/version.txt"

# One run: tool, suite executable, case name (Catch2's special characters escaped in the filter).
run_one() {
  local tool=$1 exe=$2 name=$3 extra=()
  [[ $tool == memcheck ]] && extra=(--leak-check full)
  local filter log start rc summary
  filter=$(printf '%s' "$name" | sed 's/[],[\\*~"]/\\&/g')
  log=$out/logs/${tool}_$(basename "$exe")_$(printf '%s' "$name" | tr -c 'A-Za-z0-9' '_' | cut -c1-60)_$(
    printf '%s' "$name" | md5sum | cut -c1-8).log
  start=$SECONDS
  # A busy machine may take long to reach a case's first GPU call: the sanitizer waits for it.
  # -w NoTests: a filter that matches no case is a failure, not a pass.
  timeout "${SANITIZE_SECONDS:-900}" "$sanitizer" --tool "$tool" "${extra[@]}" --launch-timeout "${SANITIZE_SECONDS:-900}" \
    --error-exitcode 9 "$exe" "$filter" -w NoTests ${SANITIZE_ARGS:-} >"$log" 2>&1
  rc=$?
  summary=$(grep -E "ERROR SUMMARY|RACECHECK SUMMARY|All tests passed|test cases:|No test cases matched" "$log" | tail -2 |
    tr '\n' ' ')
  echo "$tool $(basename "$exe") [$name]: rc=$rc in $((SECONDS - start)) s: $summary" >>"$out/summary.txt"
  [[ $rc -eq 0 ]]
}
export -f run_one
export sanitizer out

# The (tool, suite, case) lines of one phase: cases tagged [alone] or the others.
runs() {
  local tags=$1 exe tool
  for tool in "${tools[@]}"; do
    for exe in "$bin"/tests/gpu/test_gpu_*; do
      [[ -x $exe ]] || continue
      # Catch2's listing exits with the number of cases listed; grep finds none in a suite with none to run.
      { "$exe" --list-test-names-only "$tags~[.]" || true; } | { grep -v '^$' || true; } |
        { grep -E "${SANITIZE_ONLY:-.}" || true; } | while IFS= read -r name; do
          printf '%s\t%s\t%s\n' "$tool" "$exe" "$name"
        done
    done
  done
}

status=0
phase=${SANITIZE_PHASE:-both}
if [[ $phase != alone ]]; then
  runs '~[alone]' | xargs -d '\n' -P "${SANITIZE_JOBS:-4}" -I{} bash -c 'IFS=$'"'"'\t'"'"' read -r t e n <<<"$1"; run_one "$t" "$e" "$n"' _ {}
  [[ ${PIPESTATUS[1]} -eq 0 ]] || status=1
fi
if [[ $phase != shared ]]; then
  while IFS=$'\t' read -r tool exe name; do
    run_one "$tool" "$exe" "$name" || status=1
  done < <(runs '[alone]')
fi
touch "$out/summary.txt"
sort "$out/summary.txt" -o "$out/summary.txt"
cat "$out/summary.txt"
[[ -s $out/summary.txt ]] || { echo "no case ran: none listed by $bin/tests/gpu/test_gpu_* matches" >&2; status=1; }
exit $status
