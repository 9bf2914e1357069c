// SPDX-License-Identifier: Apache-2.0
// Groth16's quotient on a GPU (groth16/quotient.hpp's QuotientBackend for this translation unit's
// tag): a, b and c uploaded once, each on a stream of its own beside the NTTs of the column before,
// or already on the device (evaluated there); each taken to coefficients and onto the coset by the
// NTT's device transform (ntt.cuh); then a = (a b - c) scale in one kernel, and for the monomial
// basis a back from the coset. The result comes back to the host, or stays on the device for the H MSM.
#pragma once

#include <string>
#include <type_traits>
#include <utility>

#include "backends/cuda/ntt.cuh"
#include "zkforge/groth16/quotient.hpp"

namespace zkforge::gpu {
inline namespace ZKF_GPU_NS {

// a[i] = (a[i] b[i] - c[i]) scale.
template <class F>
__global__ void quotient_kernel(F* a, const F* b, const F* c, F scale, std::size_t n) {
  const std::size_t i = thread_index();
  if (i < n) a[i] = (a[i] * b[i] - c[i]) * scale;
}

// One column taken to coefficients and onto the coset, in place; enqueued on s.stream. The coset goes
// on the forward transform here, not on the inverse as QuotientCoset has it: the inverse's 1/n then
// costs no pass of its own, and the odd coset's powers none either (ntt.cuh); other cosets take their
// scaling pass in either transform. The odd coset's table of twiddles (twice the size) is made before
// the inverse runs, so that the inverse reads it too instead of making a table of its own beside it.
template <class F>
void onto_coset(Session& s, F* column, std::size_t n, const groth16::QuotientCoset<F>& coset) {
  unsigned log_n = 0;
  while ((std::size_t{1} << log_n) < n) ++log_n;
  if (Domain<F>::is_odd_coset(log_n, coset.shift, coset.onto_coset.convention))
    ntt_twiddle_table<F>(s, log_n + 1, coset.onto_coset.convention);
  NttConfig<F> to_coefficients = coset.into_coefficients, to_coset = coset.onto_coset;
  to_coefficients.coset.reset();
  to_coset.coset = coset.shift;
  ntt_on_device(s, column, n, to_coefficients);
  ntt_on_device(s, column, n, to_coset);
}

// da <- the quotient of the columns da, db, dc on the coset; enqueued on s.stream.
template <class F>
void combine_on_coset(Session& s, F* da, const F* db, const F* dc, std::size_t n,
                      const groth16::QuotientCoset<F>& coset) {
  quotient_kernel<F><<<blocks_for(n, kNttBlock), kNttBlock, 0, s.stream>>>(da, db, dc, coset.scale, n);
  check_launch("quotient_kernel");
  if (coset.to_coefficients) ntt_on_device(s, da, n, coset.from_coset);
}

// The quotient of host a, b, c, left in da (n elements on s.device); enqueued on s.stream.
template <class F>
void quotient_on_device(Session& s, F* da, HostSpan<const F> a, HostSpan<const F> b, HostSpan<const F> c,
                        const groth16::QuotientCoset<F>& coset) {
  const std::size_t n = a.size;
  Buffer<F> db(s.pool, n, s.stream), dc(s.pool, n, s.stream);
  OwnedStream copies;
  OwnedEvent allocated, uploaded;
  allocated.record(s.stream);
  allocated.await_on(copies.get());
  const std::pair<F*, const F*> columns[] = {{da, a.data}, {db.data(), b.data}, {dc.data(), c.data}};
  for (const auto& [on_device, host] : columns) {
    upload_bytes(s.device, on_device, host, n * sizeof(F), copies.get());
    uploaded.record(copies.get());
    uploaded.await_on(s.stream);
    onto_coset(s, on_device, n, coset);
  }
  combine_on_coset(s, da, db.data(), dc.data(), n, coset);
}

}  // namespace ZKF_GPU_NS
}  // namespace zkforge::gpu

namespace zkforge::groth16 {

template <class B, class F>
void QuotientBackend<B, F, if_gpu<B>>::run(HostSpan<F> a, HostSpan<const F> b, HostSpan<const F> c,
                                           const QuotientCoset<F>& coset, const QuotientConfig& config) {
  static_assert(std::is_same_v<B, gpu::Backend>, "a GPU backend's source defines its own tag's primitives");
  const std::size_t n = a.size;
  const int device = gpu::current_device();
  gpu::OwnedStream stream;
  gpu::Session s = gpu::session_on(device, stream.get(), config.memory);
  gpu::Buffer<F> da(s.pool, n, s.stream);
  gpu::quotient_on_device(s, da.data(), HostSpan<const F>(a.data, n), b, c, coset);
  gpu::copy_to_host(a.data, da.data(), n * sizeof(F), s.stream);
  gpu::check(ZKF_GPU(StreamSynchronize)(s.stream), "quotient kernels");
}

template <class B, class F>
void QuotientBackend<B, F, if_gpu<B>>::to_device(HostSpan<const F> a, HostSpan<const F> b, HostSpan<const F> c,
                                                 const QuotientCoset<F>& coset, const QuotientConfig& config,
                                                 DeviceSpan<B, F> out) {
  static_assert(std::is_same_v<B, gpu::Backend>, "a GPU backend's source defines its own tag's primitives");
  const std::size_t n = a.size;
  const gpu::DeviceGuard guard(out.device);
  gpu::OwnedStream stream;
  gpu::Session s = gpu::session_on(out.device, stream.get(), config.memory);
  // Computed in out itself when it holds all n values, else in a buffer of the call's.
  gpu::Buffer<F> whole(s.pool, out.size == n ? 0 : n, s.stream);
  F* da = out.size == n ? out.data : whole.data();
  gpu::quotient_on_device(s, da, a, b, c, coset);
  if (da != out.data && out.size > 0)
    gpu::check(ZKF_GPU(MemcpyAsync)(out.data, da, out.size * sizeof(F), ZKF_GPU(MemcpyDeviceToDevice), s.stream),
               "MemcpyAsync (quotient to its output)");
  gpu::check(ZKF_GPU(StreamSynchronize)(s.stream), "quotient kernels");
}

template <class B, class F>
void QuotientBackend<B, F, if_gpu<B>>::on_device(DeviceSpan<B, F> a, DeviceSpan<B, F> b, DeviceSpan<B, F> c,
                                                 const QuotientCoset<F>& coset, const QuotientConfig& config) {
  static_assert(std::is_same_v<B, gpu::Backend>, "a GPU backend's source defines its own tag's primitives");
  const gpu::DeviceGuard guard(a.device);
  gpu::OwnedStream stream;
  gpu::Session s = gpu::session_on(a.device, stream.get(), config.memory);
  F* const columns[] = {a.data, b.data, c.data};
  for (F* column : columns) gpu::onto_coset(s, column, a.size, coset);
  gpu::combine_on_coset(s, a.data, b.data, c.data, a.size, coset);
  gpu::check(ZKF_GPU(StreamSynchronize)(s.stream), "quotient kernels");
}

}  // namespace zkforge::groth16
