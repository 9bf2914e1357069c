#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs the Debian 12 packages zkforge builds with, when any is missing (apt-get, as root or via sudo),
# and Debian's nodejs (18) and npm where no node or npm is on PATH: the tests' second implementations
# (tests/interop: snarkjs, circom2, @noble/curves) run on them.
# usage: scripts/deps.sh [--hip] [--sanitizer]
#   --hip        adds Debian's ROCm 5.2 compiler, HIP headers and rocPRIM, for the HIP backend: its AMD
#                build and compile check, and HIP on NVIDIA
#   --sanitizer  a compute-sanitizer for scripts/gpu_sanitize.sh: the one beside the nvcc found (PATH or
#                /usr/local/cuda) when there is one — a sanitizer instruments programs of its own toolkit or
#                older ones, so it is the one to use; else Debian's nvidia-cuda-toolkit (CUDA 11.8, from the
#                contrib and non-free components, enabled here) with g++-11, whose nvcc then builds the GPU
#                configuration that its compute-sanitizer checks (scripts/build.sh with
#                -DCMAKE_CUDA_COMPILER=/usr/bin/nvcc -DCMAKE_CUDA_HOST_COMPILER=g++-11)
set -euo pipefail
packages=(cmake ninja-build g++ pkg-config catch2 libgmp-dev libfmt-dev libcli11-dev nlohmann-json3-dev libboost-dev
          libcpp-httplib-dev cargo python3-pytest python3-matplotlib)
sanitizer=0
for option in "$@"; do
  case $option in
    --hip) packages+=(hipcc libamdhip64-dev rocm-device-libs librocprim-dev) ;;
    --sanitizer) sanitizer=1 ;;
    *) echo "usage: scripts/deps.sh [--hip] [--sanitizer]" >&2; exit 2 ;;
  esac
done
sudo=""
[[ $(id -u) -eq 0 ]] || sudo="sudo"
if ((sanitizer)); then
  nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
  if [[ -x $(dirname "$nvcc")/compute-sanitizer ]]; then
    echo "zkforge: compute-sanitizer of the toolkit that builds: $(dirname "$nvcc")/compute-sanitizer" >&2
  else
    if ! apt-cache policy nvidia-cuda-toolkit 2>/dev/null | grep -q "Candidate: [0-9]"; then
      printf 'Types: deb\nURIs: http://deb.debian.org/debian\nSuites: bookworm bookworm-updates\nComponents: contrib non-free\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' |
        $sudo tee /etc/apt/sources.list.d/zkforge-non-free.sources >/dev/null
    fi
    packages+=(nvidia-cuda-toolkit g++-11)
  fi
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# node and npm may come from elsewhere (NodeSource, nvm): only their absence asks for Debian's.
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
[[ ${#missing[@]} -eq 0 ]] && exit 0
echo "zkforge: installing missing Debian packages: ${missing[*]}" >&2
log=$(mktemp -t zkforge-apt.XXXXXX)
if ! { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >"$log" 2>&1; then
  cat "$log" >&2
  echo "zkforge: installing Debian packages failed (log above)" >&2
  exit 1
fi
rm -f "$log"
