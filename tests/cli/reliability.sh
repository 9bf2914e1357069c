#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# `zkforge` on bad input, bad outputs and hostile files (issue #20): each case runs the program and
# requires its exit code, a message naming the file and the fault, and the outputs as they must be
# (written whole, or left as they were). Every case stops by itself (FIFOs under `timeout`). Item 6,
# a key truncated while it is read, is tests/io/test_input_file.cpp's: no shell can time the cut.
# Cases 11 and 12 are compiled keys' (issue #26): `key compile` then `prove`, `key check` and `key read`
# with the compiled key, and damaged or foreign compiled keys refused naming the file and the offset.
# usage: reliability.sh ZKFORGE DATA DAMAGED WORK CASE
#   DATA: a folder with chain.zkey, witness.wtns, verification_key.json (tests/data/chain1018/bn128; the
#   compiled keys' cases also bls12381)
#   DAMAGED: the folder tests/cli/damaged_inputs.cpp wrote (not read by the compiled keys' cases);
#   CASE: one of the functions below
set -uo pipefail
zkforge=$1 data=$2 damaged=$3 work=$4 case=$5
key=$data/chain.zkey wtns=$data/witness.wtns vk=$data/verification_key.json
pq=("$work/p.json" "$work/q.json")  # outputs of runs that must write nothing
rm -rf "$work"
mkdir -p "$work"

fail() {
  echo "FAIL ($case): $*" >&2
  exit 1
}
# run EXPECTED_EXIT PATTERN [--limit ULIMIT_ARGS] ARGS...: zkforge ARGS must exit EXPECTED_EXIT with
# stderr matching the extended regular expression PATTERN; its stderr is left in $err.
run() {
  local expected=$1 pattern=$2 limit=()
  shift 2
  if [[ $1 == --limit ]]; then
    limit=($2)
    shift 2
  fi
  local rc=0
  err=$( (if ((${#limit[@]})); then ulimit "${limit[@]}"; fi; exec timeout 60 "$zkforge" "$@") 2>&1 >/dev/null) || rc=$?
  echo "zkforge $* -> exit $rc: $err"
  [[ $rc == "$expected" ]] || fail "expected exit $expected, got $rc"
  [[ $err =~ $pattern ]] || fail "stderr does not match /$pattern/"
}
# A first good proof, kept as old.proof.json / old.public.json, to see that a failed run leaves it as it was.
old_outputs() {
  run 0 "" prove --quiet "$key" "$wtns" "$work/proof.json" "$work/public.json"
  cp "$work/proof.json" "$work/old.proof.json"
  cp "$work/public.json" "$work/old.public.json"
}
unchanged() {
  cmp -s "$work/proof.json" "$work/old.proof.json" || fail "proof.json changed"
  cmp -s "$work/public.json" "$work/old.public.json" || fail "public.json changed"
  [[ -z $(find "$work" -name '.*.zkforge-*') ]] || fail "a temporary file was left behind"
}

# 1. Write failures: a device is refused, a full file system (ulimit -f 0: EFBIG) is an error and
# leaves the old outputs.
write_failures() {
  run 3 "/dev/full: a device, expected a regular file" prove --quiet "$key" "$wtns" /dev/full "$work/pub.json"
  [[ ! -e $work/pub.json ]] || fail "public.json written beside a refused proof output"
  old_outputs
  run 3 "proof.json: cannot write [0-9]+ bytes \(File too large\)" --limit "-f 0" \
    prove --quiet "$key" "$wtns" "$work/proof.json" "$work/public.json"
  unchanged
}

# 2. One path for both outputs, or an input (the key, also through a link) as an output: refused, nothing written.
same_paths() {
  run 3 "the output $work/out.json is named twice" prove --quiet "$key" "$wtns" "$work/out.json" "$work/out.json"
  [[ ! -e $work/out.json ]] || fail "out.json written"
  cp "$key" "$work/key.zkey"
  ln -s "$work/key.zkey" "$work/link.json"
  run 3 "the output $work/key.zkey is the input of that name" \
    prove --quiet "$work/key.zkey" "$wtns" "$work/p.json" "$work/key.zkey"
  run 3 "the output $work/link.json is the input $work/key.zkey" \
    prove --quiet "$work/key.zkey" "$wtns" "$work/p.json" "$work/link.json"
  cmp -s "$key" "$work/key.zkey" || fail "the key was overwritten"
  [[ ! -e $work/p.json ]] || fail "p.json written"
}

# 3. Both outputs or neither: a folder missing for public.json leaves proof.json as it was.
both_or_neither() {
  old_outputs
  run 3 "missing/public.json: cannot create a file in .*missing/ \(No such file or directory\)" \
    prove --quiet "$key" "$wtns" "$work/proof.json" "$work/missing/public.json"
  unchanged
  run 0 "" prove --quiet "$key" "$wtns" "$work/proof.json" "$work/public.json"
  run 0 "" verify "$vk" "$work/public.json" "$work/proof.json"
}

# 4. What aborted: a folder given to verify, out of memory, a thread count no machine has, --device on the CPU.
no_aborts() {
  run 3 "$work: a folder, expected a regular file" verify "$work" "$work" "$work"
  run 3 "out of memory" --limit "-v 1000000" prove --quiet "$damaged/sparse_2p24.zkey" "$damaged/sparse_2p24.wtns" "${pq[@]}"
  run 2 "--threads: Value 100000 not in range 0 to 1024" prove --quiet --threads 100000 "$key" "$wtns" "${pq[@]}"
  run 2 "--device selects a GPU, and --backend cpu has none" prove --quiet --device 99 "$key" "$wtns" "${pq[@]}"
}

# 5. A FIFO as the key, the witness or a JSON file: refused at once, not waited on.
fifos() {
  mkfifo "$work/fifo"
  run 3 "fifo: a FIFO, expected a regular file" prove --quiet "$work/fifo" "$wtns" "${pq[@]}"
  run 3 "fifo: a FIFO, expected a regular file" prove --quiet "$key" "$work/fifo" "${pq[@]}"
  run 3 "fifo: a FIFO, expected a regular file" verify "$work/fifo" "$work/fifo" "$work/fifo"
}

# 7. Declared sizes checked before memory follows them: a sparse witness of 2^24 values against a key
# of 1024 wires is refused from the headers (under 300 MB of address space, which its values would
# overflow); an H section of zeros is refused.
declared_sizes() {
  run 3 "sparse_2p24.wtns: section 1 \(header\) at byte 60: nWitness 16777216, but .*chain.zkey has 1024 wires" \
    --limit "-v 300000" prove --quiet "$key" "$damaged/sparse_2p24.wtns" "${pq[@]}"
  run 3 "h_hole.zkey: section 9 \(H\) point 0 at byte [0-9]+: the point at infinity" \
    prove --quiet "$damaged/h_hole.zkey" "$wtns" "${pq[@]}"
}

# 8. A key point on the curve but outside its subgroup: prove refuses the proof it makes (self-verification),
# --check-key and key check name the point.
subgroups() {
  run 3 "off_subgroup.zkey: the proof made with this key is refused .*pi_b: point not in the prime-order subgroup" \
    prove --quiet "$damaged/off_subgroup.zkey" "$wtns" "${pq[@]}"
  [[ ! -e $work/p.json && ! -e $work/q.json ]] || fail "outputs written for a refused proof"
  local where="not in subgroup: .*off_subgroup.zkey: section 7 \(B2\) point 0 at byte [0-9]+: "
  where+=".* point not in the prime-order subgroup"
  run 3 "$where" prove --quiet --check-key "$damaged/off_subgroup.zkey" "$wtns" "${pq[@]}"
  run 3 "$where" key check "$damaged/off_subgroup.zkey"
  local rc=0 out
  out=$("$zkforge" key check "$key") || rc=$?
  echo "$out"
  [[ $rc == 0 && $out =~ "matrix entries with signal < 1024" && $out =~ "checked in" ]] || fail "key check of a valid key"
}

# 9. Messages name the file, the section and the byte offset.
messages() {
  run 3 "short.wtns: section 1 \(header\) at byte 60: nWitness 1023, but .*chain.zkey has 1024 wires" \
    prove --quiet "$key" "$damaged/short.wtns" "${pq[@]}"
  run 3 "constant_5.wtns: section 2 \(values\) at byte [0-9]+: witness value 0 \(the constant wire\) is not 1" \
    prove --quiet "$key" "$damaged/constant_5.wtns" "${pq[@]}"
  echo '["1", "2"]' >"$work/two.json"
  run 0 "" prove --quiet "$key" "$wtns" "$work/proof.json" "$work/public.json"
  run 3 "two.json: 2 public inputs, but .*verification_key.json has IC for 3" \
    verify "$vk" "$work/two.json" "$work/proof.json"
}

# 10. A GPU that fails (the fault hook of zkforge/gpu/faults.hpp): a device allocation, an upload, a kernel
# launch, early and late in the run; each gives exit 3 naming it, and the outputs stay as they were.
# Without a GPU this case is skipped (exit 77).
device_faults() {
  local backends=() b
  for b in cuda hip; do
    [[ $("$zkforge" info) =~ $b\ devices:\ [1-9] ]] && backends+=("$b")
  done
  ((${#backends[@]})) || { echo "SKIP: no GPU"; exit 77; }
  old_outputs
  for b in "${backends[@]}"; do
    for fault in allocation:0 allocation:5 upload:0 upload:3 kernel:0 kernel:20; do
      local pattern="failed \(a fault injected by a test\)"
      [[ $fault == allocation:* ]] && pattern="out of device memory: [0-9]+ bytes asked of device 0.*injected"
      ZKFORGE_TEST_DEVICE_FAULT=$fault run 3 "$pattern" \
        prove --backend "$b" "$key" "$wtns" "$work/proof.json" "$work/public.json"
      unchanged
    done
    run 0 "" prove --quiet --backend "$b" "$key" "$wtns" "$work/gpu.proof.json" "$work/gpu.public.json"
    cmp -s "$work/gpu.public.json" "$work/old.public.json" || fail "the public inputs of the proof on $b differ"
  done
}

# 11. A compiled key: written from the zkey, proved with (the proof verifies), checked, read and timed;
# the zkey compiled again, pinned to one core (taskset: the same threads, their blocks interleaved
# otherwise), gives the same bytes; a compiled key given to key compile is written out; an input is
# not overwritten.
compiled_keys() {
  local out rc=0
  out=$("$zkforge" key compile --timings "$key" "$work/key.zkf") || rc=$?
  echo "$out"
  [[ $rc == 0 && $out =~ "key.zkf: a compiled" && $out =~ "checked as zkforge key check does" && $out =~ "written in" ]] ||
    fail "key compile"
  run 0 "" prove --quiet "$work/key.zkf" "$wtns" "$work/proof.json" "$work/public.json"
  run 0 "" verify "$vk" "$work/public.json" "$work/proof.json"
  run 0 "" prove --quiet --check-key "$work/key.zkf" "$wtns" "$work/proof.json" "$work/public.json"
  run 0 "" verify "$vk" "$work/public.json" "$work/proof.json"
  out=$("$zkforge" key check "$work/key.zkf") || rc=$?
  echo "$out"
  [[ $rc == 0 && $out =~ "compiled key" && $out =~ "match their checksums" && $out =~ "checked in" ]] ||
    fail "key check of a compiled key"
  for file in "$work/key.zkf" "$key"; do
    out=$("$zkforge" key read --repeat 2 "$file") || rc=$?
    echo "$out"
    [[ $rc == 0 && $out =~ "read 2: ".*" GB/s" && $out =~ "best: " ]] || fail "key read $file"
  done
  taskset -c 0 "$zkforge" key compile "$key" "$work/again.zkf" || fail "key compile pinned to one core"
  cmp -s "$work/key.zkf" "$work/again.zkf" || fail "the zkey compiled twice (the second time pinned to one core) gives two different files"
  run 0 "" key compile "$work/key.zkf" "$work/copy.zkf"
  run 3 "the output $work/key.zkf is the input of that name" key compile "$work/key.zkf" "$work/key.zkf"
}

# 12. Damaged and foreign compiled keys: refused by prove and key check, naming the file, the offset and the
# fault, with nothing written.
compiled_damage() {
  run 0 "" key compile "$key" "$work/key.zkf"
  # Section 3 (A): its offset is the u64 at byte 128 + 2 * 40 + 8 of the header.
  local a
  a=$(od -An -t u8 -j 216 -N 8 "$work/key.zkf" | tr -d ' ')
  cp "$work/key.zkf" "$work/damaged.zkf"
  printf '\x55' | dd of="$work/damaged.zkf" bs=1 seek=$((a + 100)) conv=notrunc status=none
  local damaged="damaged.zkf at byte $a: section 3 \(A, bytes $a to [0-9]+\): the checksum recorded at byte 240 is "
  damaged+="0x[0-9a-f]+, the bytes give 0x[0-9a-f]+: the section is damaged"
  run 3 "$damaged" prove --quiet "$work/damaged.zkf" "$wtns" "${pq[@]}"
  run 3 "$damaged" key check "$work/damaged.zkf"
  cp "$work/key.zkf" "$work/truncated.zkf"
  truncate -s -1000 "$work/truncated.zkf"
  run 3 "truncated.zkf at byte 64: the header says the file holds [0-9]+ bytes, it holds [0-9]+ \(truncated\?\)" \
    prove --quiet "$work/truncated.zkf" "$wtns" "${pq[@]}"
  cp "$work/key.zkf" "$work/v2.zkf"
  printf '\x02' | dd of="$work/v2.zkf" bs=1 seek=8 conv=notrunc status=none
  run 3 "v2.zkf at byte 8: expected version 1 of the compiled key format, found 2" \
    prove --quiet "$work/v2.zkf" "$wtns" "${pq[@]}"
  run 3 "witness.wtns at byte 0: expected the magic \"zkey\" of a snarkjs key or \"zkf-key.n\" of a compiled key, found \"wtns" \
    prove --quiet "$wtns" "$wtns" "${pq[@]}"
  [[ ! -e $work/p.json && ! -e $work/q.json ]] || fail "outputs written for a refused key"
}

"$case"
echo "PASS: $case"
