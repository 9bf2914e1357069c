#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Configures and builds zkforge into build/ (or $ZKFORGE_BUILD_DIR); extra arguments go to cmake.
# usage: scripts/build.sh [cmake -D options...] [-- targets...]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/deps.sh"
build=${ZKFORGE_BUILD_DIR:-$root/build}
cmake_args=()
targets=()
while [[ $# -gt 0 ]]; do
  if [[ $1 == -- ]]; then shift; targets=("$@"); break; fi
  cmake_args+=("$1"); shift
done
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release "${cmake_args[@]}" >/dev/null
if [[ ${#targets[@]} -gt 0 ]]; then
  cmake --build "$build" --parallel "$(nproc)" --target "${targets[@]}"
else
  cmake --build "$build" --parallel "$(nproc)"
fi
