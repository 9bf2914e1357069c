#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# `zkforge soak` watched failing (issue #20): a short soak passes (exit 0), and one whose long-lived
# prover keeps memory per proof, or slows down proof by proof, fails (exit 1, the verdict naming it).
# The faults come from soak.cpp's test hook, ZKFORGE_TEST_SOAK_FAULT.
# usage: soak_faults.sh ZKFORGE DATA  (DATA: a folder with chain.zkey and witness.wtns)
set -uo pipefail
zkforge=$1 data=$2
soak=("$zkforge" soak "$data/chain.zkey" "$data/witness.wtns" --proofs 200 --warm-up 5 --threads 1 --json)

# check FAULT EXPECTED_EXIT PATTERN: the soak under ZKFORGE_TEST_SOAK_FAULT=FAULT exits EXPECTED_EXIT
# and its verdict matches the extended regular expression PATTERN.
check() {
  local fault=$1 expected=$2 pattern=$3 out code
  out=$(ZKFORGE_TEST_SOAK_FAULT=$fault "${soak[@]}" 2>&1)
  code=$?
  local verdict
  verdict=$(grep '"verdict"' <<<"$out")
  echo "fault '${fault}': exit $code, $verdict"
  if [[ $code -ne $expected ]] || ! grep -Eq "$pattern" <<<"$verdict"; then
    echo "FAIL: fault '${fault}' must exit $expected with a verdict matching $pattern; it printed:" >&2
    echo "$out" >&2
    exit 1
  fi
}
check "" 0 '"verdict":"pass"'
check leak:16384 1 '"verdict":"fail".*"resident_growth":0\.[0-9]*[1-9]'
check slow:20000 1 '"verdict":"fail".*"time_drift":0\.[0-9]*[1-9]'
out=$(ZKFORGE_TEST_SOAK_FAULT=leak "${soak[@]}" 2>&1)
code=$?
if [[ $code -ne 3 ]] || ! grep -q "ZKFORGE_TEST_SOAK_FAULT must be" <<<"$out"; then
  echo "FAIL: a malformed ZKFORGE_TEST_SOAK_FAULT must exit 3 naming the variable; exit $code: $out" >&2
  exit 1
fi
echo "soak faults: passed"
