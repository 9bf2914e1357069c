#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The figures of docs/serve.md for one key: `zkforge serve` on loopback, and `zkforge client load`
# against it: the throughput X with CLIENTS clients (pooled memory), the latency at 80% of X (an open
# loop at 0.8 X requests/s), and a soak of SOAK requests with the deferred policy (on the CPU the
# server's RSS flat within 5%, on a GPU backend the device memory within 1%). Each server is stopped with
# SIGTERM and must exit 0. JSON lines go to $OUT/serve.jsonl (OUT defaults to ./serve-results).
# usage: scripts/serve_bench.sh ZKFORGE KEY_DIR [serve options: --backend cuda --devices 0 ...]
#   KEY_DIR holds circuit.zkey (or chain.zkey), witness.wtns and verification_key.json, as
#   examples/06_insecure_zkey writes them. Environment: CLIENTS (8), REQUESTS per client (50), SOAK (1000).
set -uo pipefail
z=$1 dir=$2
shift 2
clients=${CLIENTS:-8} requests=${REQUESTS:-50} soak=${SOAK:-1000}
out=${OUT:-serve-results}
mkdir -p "$out"
key=$dir/circuit.zkey
[[ -f $key ]] || key=$dir/chain.zkey
# The soak's memory bar: on a GPU backend the device memory within 1% (the server's RSS is reported; its
# swing follows the witnesses in flight, 8 x 67 MB at 2^20), on the CPU the server's RSS within 5%.
flat=(--rss-flat 5)
[[ " $* " == *" --backend cuda "* || " $* " == *" --backend hip "* ]] && flat=(--device-flat 1)
status=0

start_server() {  # start_server MEMORY [serve options]: $pid and $url
  local memory=$1
  shift
  rm -f "$out/port"
  "$z" serve --key k="$key" --listen 127.0.0.1:0 --port-file "$out/port" --memory "$memory" "$@" 2>>"$out/serve.log" &
  pid=$!
  for _ in $(seq 3000); do
    [[ -s $out/port ]] && break
    kill -0 "$pid" 2>/dev/null || { echo "zkforge serve exited: $out/serve.log" >&2; exit 1; }
    sleep 0.2
  done
  url=http://127.0.0.1:$(cat "$out/port")
}
stop_server() {
  kill -TERM "$pid"
  wait "$pid" || { echo "zkforge serve did not exit 0 after SIGTERM" >&2; status=1; }
}
load() {
  "$z" client load --server "$url" k "$dir/witness.wtns" --verification-key "$dir/verification_key.json" --json "$@" |
    tee -a "$out/serve.jsonl"
  [[ ${PIPESTATUS[0]} -eq 0 ]] || status=1
}

start_server pooled "$@"
load --clients "$clients" --requests "$requests"
rate=$(tail -n 1 "$out/serve.jsonl" | sed -E 's/.*"proofs_per_s":([0-9.e+-]+).*/\1/' | awk '{printf "%.3f", 0.8 * $1}')
load --clients "$clients" --requests "$requests" --rate "$rate"
stop_server
start_server deferred "$@"
load --clients "$clients" --requests $(((soak + clients - 1) / clients)) "${flat[@]}"
stop_server
exit $status
