#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds everything and runs the whole test suite with ctest; GPU tests skip visibly without a GPU.
# usage: scripts/test.sh [cmake -D options...]   (ZKFORGE_SEED=N repeats a run's random inputs)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${ZKFORGE_BUILD_DIR:-$root/build}
ZKFORGE_BUILD_DIR=$build "$root/scripts/build.sh" "$@"
cd "$build"
ctest --output-on-failure --parallel "$(nproc)" --timeout 1200
