#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The main job: builds the zkforge program and runs its demo on the CPU, or on a GPU with --backend cuda|hip.
# usage: scripts/demo.sh [--backend cpu|cuda|hip] [other `zkforge demo` options]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
backend=cpu
args=("$@")
for ((i = 0; i < ${#args[@]}; ++i)); do
  [[ ${args[i]} == --backend ]] && backend=${args[i + 1]:-cpu}
  [[ ${args[i]} == --backend=* ]] && backend=${args[i]#--backend=}
done
options=()
case "$backend" in
  cuda) options+=(-DZKFORGE_CUDA=ON) ;;
  hip) options+=(-DZKFORGE_HIP=ON) ;;
esac
build=${ZKFORGE_BUILD_DIR:-$root/build-$backend}
echo "zkforge: building into $build ..." >&2
log=$(mktemp -t zkforge-build.XXXXXX)
if ! ZKFORGE_BUILD_DIR=$build "$root/scripts/build.sh" "${options[@]}" -- zkforge_cli >"$log" 2>&1; then
  cat "$log" >&2
  exit 1
fi
rm -f "$log"
exec "$build/apps/zkforge/zkforge" demo "$@"
