// SPDX-License-Identifier: Apache-2.0
// The GPU backends' NTT, declared once for both tags (Cuda, Hip): NttBackend<B, F>, defined in
// backends/cuda/ntt.cuh and instantiated for the scalar fields of BLS12-381 and BN254 in
// zkforge::cuda and zkforge::hip.
//
// ntt(B{}, data, config) takes a host span, uploads it, transforms it on the device that is current
// and copies it back; given a DeviceSpan it transforms the data in place on that span's device.
// Either way the same transform as the CPU's (ntt/ntt.hpp: orders, cosets, both root conventions,
// inverse scaled by 1/n), bit for bit, finished on return. Scratch memory comes from the device's
// resource of the config's memory policy (NttConfig::memory); a size that does not fit the free
// memory is Error(out_of_memory). Each device keeps a table of twiddles for the largest size
// transformed so far (2^(k-1) elements; a forward transform of 2^k on the odd coset from bit-reversed
// input, which takes its shift's powers in its twiddles, counts as 2^(k+1)).
//
// Compiling this header needs no GPU compiler.
#pragma once

#include "zkforge/ntt/ntt.hpp"

namespace zkforge {

template <class B, class F>
struct NttBackend<B, F, if_gpu<B>> {
  static void run(HostSpan<F> data, const NttConfig<F>& config);
  static void run(DeviceSpan<B, F> data, const NttConfig<F>& config);
};

#define ZKFORGE_GPU_NTT_INSTANCES(prefix, B)          \
  prefix template struct NttBackend<B, bls12_381::Fr>; \
  prefix template struct NttBackend<B, bn254::Fr>;

ZKFORGE_GPU_NTT_INSTANCES(extern, Cuda)
ZKFORGE_GPU_NTT_INSTANCES(extern, Hip)

}  // namespace zkforge
