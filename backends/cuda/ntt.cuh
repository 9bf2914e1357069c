// SPDX-License-Identifier: Apache-2.0
// The CUDA backend's NTT: kernels and host orchestration, instantiated in ntt_instances.cu.
//
// Radix-2 transforms, one kernel launch per level over the whole array (n/2 butterflies, one per
// thread), with one table of omega^i (i < n/2) made on the device for the call:
//   - natural input: Gentleman–Sande (decimation in frequency), levels of half-size n/2 down to 1,
//     which leaves the output bit-reversed;
//   - bit-reversed input: Cooley–Tukey (decimation in time), half-sizes 1 up to n/2, natural output.
// NN and RR add one out-of-place bit-reversal permutation. A forward coset multiplies coefficient j
// by g^j before the transform; an inverse multiplies coefficient j by g^-j / n after it (g = 1
// without a coset), at j's position in the order the data is in. Powers are made on the device by
// threads that each start one run of kPowerRun consecutive powers with a square-and-multiply.
// Each level reads and writes the array once: memory-bound, log n passes.
#pragma once

#include <string>

#include "backends/cuda/runtime.cuh"
#include "zkforge/ntt/cuda.hpp"
#include "zkforge/ntt/domain.hpp"

namespace zkforge::cuda {

inline constexpr unsigned kNttBlock = 256;
inline constexpr std::size_t kPowerRun = 64;

// out[i] = scale * base^i for i < count.
template <class F>
__global__ void ntt_powers(F* out, std::size_t count, F base, F scale) {
  const std::size_t start = thread_index() * kPowerRun;
  if (start >= count) return;
  F p = scale * base.pow(BigInt<1>::from_u64(start));
  const std::size_t end = start + kPowerRun < count ? start + kPowerRun : count;
  for (std::size_t i = start; i < end; ++i) {
    out[i] = p;
    p = p * base;
  }
}

__device__ ZKF_INLINE std::size_t bit_reverse(std::size_t i, unsigned log_n) {
  return log_n == 0 ? 0 : static_cast<std::size_t>(__brevll(static_cast<unsigned long long>(i)) >> (64 - log_n));
}

// x[position of j] *= powers[j]: position j in natural order, bitrev(j) in bit-reversed order.
template <class F>
__global__ void ntt_scale(F* x, const F* powers, std::size_t n, unsigned log_n, bool reversed) {
  const std::size_t j = thread_index();
  if (j >= n) return;
  const std::size_t at = reversed ? bit_reverse(j, log_n) : j;
  x[at] = x[at] * powers[j];
}

template <class F>
__global__ void ntt_bit_reverse(F* out, const F* in, std::size_t n, unsigned log_n) {
  const std::size_t i = thread_index();
  if (i < n) out[bit_reverse(i, log_n)] = in[i];
}

// One level of half-size 2^log_half; twiddles[k] = omega^k, stride n / 2^(log_half + 1).
template <class F, bool kDecimateInTime>
__global__ void ntt_level(F* x, const F* twiddles, std::size_t n, unsigned log_half, unsigned log_stride) {
  const std::size_t k = thread_index();
  if (k >= n / 2) return;
  const std::size_t half = std::size_t{1} << log_half;
  const std::size_t j = k & (half - 1);
  const std::size_t i0 = ((k >> log_half) << (log_half + 1)) | j, i1 = i0 + half;
  const F w = twiddles[j << log_stride];
  const F u = x[i0];
  if (kDecimateInTime) {
    const F v = x[i1] * w;
    x[i0] = u + v;
    x[i1] = u - v;
  } else {
    const F v = x[i1];
    x[i0] = u + v;
    x[i1] = (u - v) * w;
  }
}

template <class F>
void make_powers(Buffer<F>& out, std::size_t count, const F& base, const F& scale, gpu::Stream s) {
  ntt_powers<F><<<blocks_for((count + kPowerRun - 1) / kPowerRun, kNttBlock), kNttBlock, 0, s>>>(out.data(), count,
                                                                                                   base, scale);
  check_launch("ntt_powers");
}

template <class F>
void ntt_on_device(Session& s, F* x, std::size_t n, const NttConfig<F>& config) {
  unsigned log_n = 0;
  while ((std::size_t{1} << log_n) < n) ++log_n;
  const bool inverse = config.direction == NttDirection::inverse;
  const bool in_reversed = config.order == NttOrder::RN || config.order == NttOrder::RR;
  const bool out_reversed = config.order == NttOrder::NR || config.order == NttOrder::RR;
  const Domain<F> domain(log_n, config.convention);
  const unsigned n_blocks = blocks_for(n, kNttBlock);

  if (!inverse && config.coset) {
    Buffer<F> powers(s.pool, n, s.stream);
    make_powers(powers, n, *config.coset, F::one(), s.stream);
    ntt_scale<F><<<n_blocks, kNttBlock, 0, s.stream>>>(x, powers.data(), n, log_n, in_reversed);
    check_launch("ntt_scale");
  }

  if (n > 1) {
    Buffer<F> twiddles(s.pool, n / 2, s.stream);
    make_powers(twiddles, n / 2, inverse ? domain.omega_inv() : domain.omega(), F::one(), s.stream);
    const unsigned half_blocks = blocks_for(n / 2, kNttBlock);
    Buffer<F> scratch(s.pool, config.order == NttOrder::NN || config.order == NttOrder::RR ? n : 0, s.stream);
    auto permute = [&] {
      ntt_bit_reverse<F><<<n_blocks, kNttBlock, 0, s.stream>>>(scratch.data(), x, n, log_n);
      check_launch("ntt_bit_reverse");
      gpu::check(ZKF_GPU(MemcpyAsync)(x, scratch.data(), n * sizeof(F), ZKF_GPU(MemcpyDeviceToDevice), s.stream),
                 "MemcpyAsync (NTT permutation)");
    };
    if (!in_reversed) {
      for (unsigned level = log_n; level-- > 0;) {
        ntt_level<F, false><<<half_blocks, kNttBlock, 0, s.stream>>>(x, twiddles.data(), n, level, log_n - 1 - level);
        check_launch("ntt_level (DIF)");
      }
      if (!out_reversed) permute();
    } else {
      for (unsigned level = 0; level < log_n; ++level) {
        ntt_level<F, true><<<half_blocks, kNttBlock, 0, s.stream>>>(x, twiddles.data(), n, level, log_n - 1 - level);
        check_launch("ntt_level (DIT)");
      }
      if (out_reversed) permute();
    }
  }

  if (inverse) {
    Buffer<F> powers(s.pool, n, s.stream);
    make_powers(powers, n, config.coset ? config.coset->inverse() : F::one(), domain.n_inv(), s.stream);
    ntt_scale<F><<<n_blocks, kNttBlock, 0, s.stream>>>(x, powers.data(), n, log_n, out_reversed);
    check_launch("ntt_scale");
  }
}

}  // namespace zkforge::cuda

namespace zkforge {

template <class F>
void NttBackend<Cuda, F>::run(HostSpan<F> data, const NttConfig<F>& config) {
  const int device = cuda::current_device();
  gpu::OwnedStream stream;
  cuda::Session s{device, stream.get(), cuda::device_pool(device), cuda::sm_count(device)};
  const std::size_t n = data.size;
  cuda::Buffer<F> x(s.pool, n, s.stream);
  cuda::upload_bytes(device, x.data(), data.data, n * sizeof(F), s.stream);
  cuda::ntt_on_device(s, x.data(), n, config);
  gpu::check(ZKF_GPU(MemcpyAsync)(data.data, x.data(), n * sizeof(F), ZKF_GPU(MemcpyDeviceToHost), s.stream),
             "MemcpyAsync (NTT result)");
  gpu::check(ZKF_GPU(StreamSynchronize)(s.stream), "NTT kernels");
}

}  // namespace zkforge
