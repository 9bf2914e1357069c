#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs the Debian 12 packages zkforge builds with, when any is missing (apt-get, as root or via sudo),
# and Debian's nodejs (18) and npm where no node or npm is on PATH: the tests' second implementations
# (tests/interop: snarkjs, circom2, @noble/curves) run on them.
# usage: scripts/deps.sh [--hip]   (--hip adds Debian's ROCm 5.2 compiler, HIP headers and rocPRIM, for
#                                   the HIP backend: its AMD build and compile check, and HIP on NVIDIA)
set -euo pipefail
packages=(cmake ninja-build g++ pkg-config catch2 libgmp-dev libfmt-dev libcli11-dev nlohmann-json3-dev libboost-dev cargo
          python3-pytest python3-matplotlib)
[[ ${1:-} == --hip ]] && packages+=(hipcc libamdhip64-dev rocm-device-libs librocprim-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# node and npm may come from elsewhere (NodeSource, nvm): only their absence asks for Debian's.
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
[[ ${#missing[@]} -eq 0 ]] && exit 0
echo "zkforge: installing missing Debian packages: ${missing[*]}" >&2
sudo=""
[[ $(id -u) -eq 0 ]] || sudo="sudo"
log=$(mktemp -t zkforge-apt.XXXXXX)
if ! { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >"$log" 2>&1; then
  cat "$log" >&2
  echo "zkforge: installing Debian packages failed (log above)" >&2
  exit 1
fi
rm -f "$log"
