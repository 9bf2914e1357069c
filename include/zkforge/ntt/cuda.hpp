// SPDX-License-Identifier: Apache-2.0
// The CUDA backend's NTT for users who link zkforge::cuda: NttBackend<Cuda, F>.
//
// ntt(Cuda{}, data, config) takes a host span, uploads it, transforms it on the device that is
// current and copies it back; given a DeviceSpan it transforms the data in place on that span's
// device. Either way the same transform as the CPU's (ntt/ntt.hpp: orders, cosets, both root
// conventions, inverse scaled by 1/n), bit for bit, finished on return. Scratch memory comes from the
// device's allocator of the scoped memory policy (pooled by default); a size that does not fit the
// free memory is Error(out_of_memory). Each device keeps a table of twiddles for the largest size
// transformed so far (2^(k-1) elements).
//
// Compiling this header needs no CUDA compiler: the definitions live in backends/cuda/ntt.cuh and are
// instantiated for the scalar fields of BLS12-381 and BN254 in zkforge::cuda.
#pragma once

#include "zkforge/ntt/ntt.hpp"

namespace zkforge {

template <class F>
struct NttBackend<Cuda, F> {
  static void run(HostSpan<F> data, const NttConfig<F>& config);    // backends/cuda/ntt.cuh
  static void run(DeviceSpan<F> data, const NttConfig<F>& config);  // backends/cuda/ntt.cuh
  // Groth16's quotient (groth16/ntt_msm_h.hpp) with a, b and c uploaded once and every step on the
  // device: each of them to coefficients (inverse, natural -> bit-reversed) and onto the coset of
  // `shift` (bit-reversed -> natural), then a = (a b - c) scale, then, if `to_coefficients`, a back
  // from the coset (inverse, natural -> natural). Only a comes back.
  static void quotient(HostSpan<F> a, HostSpan<const F> b, HostSpan<const F> c, const F& shift, const F& scale,
                       bool to_coefficients, RootConvention roots);  // backends/cuda/ntt.cuh
  // The same quotient left on the device: its first out.size values (at most a.size) into out, on
  // out.device, for an MSM over device scalars (MsmContext::run); a, b and c are not changed.
  static void quotient_to_device(HostSpan<const F> a, HostSpan<const F> b, HostSpan<const F> c, const F& shift,
                                 const F& scale, bool to_coefficients, RootConvention roots,
                                 DeviceSpan<F> out);  // backends/cuda/ntt.cuh
};

extern template struct NttBackend<Cuda, bls12_381::Fr>;
extern template struct NttBackend<Cuda, bn254::Fr>;

}  // namespace zkforge
