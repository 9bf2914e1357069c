// SPDX-License-Identifier: Apache-2.0
// The HIP backend's NTT for users who link zkforge::hip: NttBackend<Hip, F>, the CUDA backend's
// source (backends/cuda/ntt.cuh) compiled as HIP; the same transforms as ntt(Cuda{}, ...)
// (ntt/cuda.hpp), on host spans or on a DeviceSpan of the current HIP device.
//
// Compiling this header needs no GPU compiler.
#pragma once

#include "zkforge/ntt/ntt.hpp"

namespace zkforge {

template <class F>
struct NttBackend<Hip, F> {
  static void run(HostSpan<F> data, const NttConfig<F>& config);    // backends/cuda/ntt.cuh
  static void run(DeviceSpan<F> data, const NttConfig<F>& config);  // backends/cuda/ntt.cuh
  // Groth16's quotient with every step on the device, as NttBackend<Cuda, F>::quotient (ntt/cuda.hpp).
  static void quotient(HostSpan<F> a, HostSpan<const F> b, HostSpan<const F> c, const F& shift, const F& scale,
                       bool to_coefficients, RootConvention roots);  // backends/cuda/ntt.cuh
  static void quotient_to_device(HostSpan<const F> a, HostSpan<const F> b, HostSpan<const F> c, const F& shift,
                                 const F& scale, bool to_coefficients, RootConvention roots,
                                 DeviceSpan<F> out);  // backends/cuda/ntt.cuh
};

extern template struct NttBackend<Hip, bls12_381::Fr>;
extern template struct NttBackend<Hip, bn254::Fr>;

}  // namespace zkforge
