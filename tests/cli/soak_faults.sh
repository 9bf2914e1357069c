#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# `zkforge soak` watched failing (issue #20): a short soak passes (exit 0), and one whose long-lived
# prover keeps memory per proof, or slows down proof by proof, fails (exit 1, the verdict naming it);
# a soak too short for a verdict is refused (exit 3).
# The faults come from soak.cpp's test hook, ZKFORGE_TEST_SOAK_FAULT.
# usage: soak_faults.sh ZKFORGE DATA  (DATA: a folder with chain.zkey and witness.wtns)
set -uo pipefail
zkforge=$1 data=$2
soak=("$zkforge" soak "$data/chain.zkey" "$data/witness.wtns" --proofs 200 --warm-up 5 --threads 1 --json)

# check FAULT EXPECTED_EXIT VERDICT [FIELD SLACK]: the soak under ZKFORGE_TEST_SOAK_FAULT=FAULT exits
# EXPECTED_EXIT with that verdict (pass or fail) and, where FIELD is given, the verdict's FIELD is above
# SLACK (soak's own, for that field), so that the fault is what failed it.
check() {
  local fault=$1 expected=$2 verdict=$3 field=${4:-} slack=${5:-} out code line value
  out=$(ZKFORGE_TEST_SOAK_FAULT=$fault "${soak[@]}" 2>&1)
  code=$?
  line=$(grep '"verdict"' <<<"$out")
  echo "fault '${fault}': exit $code, $line"
  value=$(grep -Eo "\"${field:-none}\":-?[0-9.]+" <<<"$line" | cut -d: -f2)
  if [[ $code -ne $expected ]] || ! grep -q "\"verdict\":\"$verdict\"" <<<"$line" ||
     { [[ -n $field ]] && ! awk -v v="${value:-0}" -v s="$slack" 'BEGIN { exit !(v > s) }'; }; then
    echo "FAIL: fault '${fault}' must exit $expected with verdict $verdict${field:+ and $field above $slack}; it printed:" >&2
    echo "$out" >&2
    exit 1
  fi
}
check "" 0 pass
check leak:16384 1 fail resident_growth 0.01
check slow:20000 1 fail time_drift 0.05
out=$(ZKFORGE_TEST_SOAK_FAULT=leak "${soak[@]}" 2>&1)
code=$?
if [[ $code -ne 3 ]] || ! grep -q "ZKFORGE_TEST_SOAK_FAULT must be" <<<"$out"; then
  echo "FAIL: a malformed ZKFORGE_TEST_SOAK_FAULT must exit 3 naming the variable; exit $code: $out" >&2
  exit 1
fi
# Too few proofs for a verdict: the first hundred's row is the baseline.
out=$("$zkforge" soak "$data/chain.zkey" "$data/witness.wtns" --proofs 100 --warm-up 1 --threads 1 2>&1)
code=$?
if [[ $code -ne 3 ]] || ! grep -q "more than 100" <<<"$out"; then
  echo "FAIL: soak --proofs 100 must exit 3: the first hundred is only the baseline; exit $code: $out" >&2
  exit 1
fi
echo "soak faults: passed"
