#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# `zkforge prove` against snarkjs: circom (circom2, WASM) compiles the circuits in circuits/ for bn128
# and bls12381, snarkjs makes the keys (a fresh powers-of-tau of 2^9, cached in WORK) and the
# witnesses, zkforge proves, and `snarkjs groth16 verify` must accept every proof; the public inputs
# must equal those of snarkjs' own proof of the same witness. With ZKFORGE_INSECURE_ZKEY (the path of
# example 06), snarkjs also proves with zkey and wtns files that zkforge wrote.
# usage: prove_with_snarkjs.sh ZKFORGE WORK [zkforge prove options, e.g. --backend cuda]
# Exit 77 (ctest: skipped) without node >= 18 or without `npm ci` in this folder.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
zkforge=$1
work=$2
shift 2
if ! command -v node >/dev/null || ! node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 18 ? 0 : 1)'; then
  echo "SKIP: node >= 18 is needed for snarkjs and circom2"
  exit 77
fi
if [[ ! -f $here/node_modules/snarkjs/build/cli.cjs || ! -f $here/node_modules/circom2/cli.js ]]; then
  echo "SKIP: snarkjs and circom2 are not installed (npm ci --prefix tests/interop)"
  exit 77
fi
snarkjs() { node "$here/node_modules/snarkjs/build/cli.cjs" "$@"; }
circom() { node "$here/node_modules/circom2/cli.js" "$@"; }
mkdir -p "$work"

for curve in bn128 bls12381; do
  ptau=$work/${curve}_9.ptau
  if [[ ! -f $ptau ]]; then
    echo "== powers of tau 2^9 for $curve"
    snarkjs powersoftau new "$curve" 9 "$work/${curve}_0.ptau" >/dev/null
    snarkjs powersoftau contribute "$work/${curve}_0.ptau" "$work/${curve}_1.ptau" --name=zkforge -e="zkforge interop $RANDOM" >/dev/null
    snarkjs powersoftau prepare phase2 "$work/${curve}_1.ptau" "$ptau.partial" >/dev/null
    mv "$ptau.partial" "$ptau"
    rm -f "$work/${curve}_0.ptau" "$work/${curve}_1.ptau"
  fi
  for circuit in chain bits; do
    dir=$work/${curve}_$circuit
    rm -rf "$dir"
    mkdir -p "$dir"
    echo "== $circuit on $curve"
    circom "$here/circuits/$circuit.circom" --r1cs --wasm -p "$curve" -o "$dir" >/dev/null
    snarkjs wtns calculate "$dir/${circuit}_js/$circuit.wasm" "$here/circuits/$circuit.input.json" "$dir/witness.wtns" >/dev/null
    snarkjs groth16 setup "$dir/$circuit.r1cs" "$ptau" "$dir/key_0.zkey" >/dev/null
    snarkjs zkey contribute "$dir/key_0.zkey" "$dir/key.zkey" --name=delta -e="zkforge delta $RANDOM" >/dev/null
    snarkjs zkey export verificationkey "$dir/key.zkey" "$dir/verification_key.json" >/dev/null
    "$zkforge" prove --quiet "$@" "$dir/key.zkey" "$dir/witness.wtns" "$dir/proof.json" "$dir/public.json"
    snarkjs groth16 verify "$dir/verification_key.json" "$dir/public.json" "$dir/proof.json" | tee "$dir/verify.log"
    grep -q "OK" "$dir/verify.log"
    snarkjs groth16 prove "$dir/key.zkey" "$dir/witness.wtns" "$dir/snarkjs_proof.json" "$dir/snarkjs_public.json" >/dev/null
    cmp <(tr -d ' \n' <"$dir/public.json") <(tr -d ' \n' <"$dir/snarkjs_public.json")
    # A changed public input must be refused.
    node -e 'const fs=require("fs"); const p=JSON.parse(fs.readFileSync(process.argv[1])); p[0]=(BigInt(p[0])+1n).toString(); fs.writeFileSync(process.argv[2], JSON.stringify(p));' \
      "$dir/public.json" "$dir/public_changed.json"
    if snarkjs groth16 verify "$dir/verification_key.json" "$dir/public_changed.json" "$dir/proof.json" | grep -q "OK"; then
      echo "snarkjs accepted the proof with a changed public input"
      exit 1
    fi
  done
done
# zkforge's own snarkjs files: the INSECURE test setup's key written as a zkey, a witness as a wtns and
# a verification_key.json (example 06): snarkjs must prove with them, and accept its proof and zkforge's.
if [[ -n ${ZKFORGE_INSECURE_ZKEY:-} ]]; then
  for curve in bn128 bls12381; do
    dir=$work/${curve}_insecure
    rm -rf "$dir"
    mkdir -p "$dir"
    echo "== zkforge-written zkey and wtns on $curve"
    "$ZKFORGE_INSECURE_ZKEY" "$curve" 8 "$dir" >/dev/null
    snarkjs groth16 prove "$dir/circuit.zkey" "$dir/witness.wtns" "$dir/snarkjs_proof.json" "$dir/snarkjs_public.json" >/dev/null
    snarkjs groth16 verify "$dir/verification_key.json" "$dir/snarkjs_public.json" "$dir/snarkjs_proof.json" | grep -q "OK"
    "$zkforge" prove --quiet "$@" "$dir/circuit.zkey" "$dir/witness.wtns" "$dir/proof.json" "$dir/public.json"
    snarkjs groth16 verify "$dir/verification_key.json" "$dir/public.json" "$dir/proof.json" | grep -q "OK"
  done
fi
echo "all zkforge proofs verified by snarkjs"
