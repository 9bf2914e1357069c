// SPDX-License-Identifier: Apache-2.0
// The Montgomery product on NVIDIA GPUs: 32-bit limbs and PTX multiply-add carry chains.
//
// The GPU multiplies 32-bit integers natively; a 64-bit product costs several instructions and a
// carry compared in C++ costs more. Here the N 64-bit words are n = 2N limbs of 32 bits and each
// row of the CIOS product (montgomery::mul_portable's algorithm) is four carry chains:
//   t += a * b_i     low halves into t_0 .. t_(n-1) (mad.lo.cc / madc.lo.cc), carry into t_n;
//                    high halves into t_1 .. t_n (mad.hi.cc / madc.hi.cc), carry into t_(n+1);
//   m = t_0 * (-p^-1 mod 2^32);  t += m * p the same way, which clears t_0;  t shifts down one limb.
// With a, b < p and p < 2^(64N - 1), t stays below 2p, and one conditional subtraction reduces it.
//
// Each instruction is its own asm statement: the compiler keeps the carry flag's order between
// them (the carry is a dependency of the .cc instructions). Host code and the HIP backend on AMD
// GPUs use the portable product; HIP compiled by nvcc for NVIDIA GPUs uses this one.
#pragma once

#if defined(__CUDA_ARCH__)

#include <cstddef>
#include <cstdint>

#define ZKF_HAVE_CUDA_MONT 1

namespace zkforge::arch::cuda {

__device__ __forceinline__ void mad_lo_cc(std::uint32_t& t, std::uint32_t a, std::uint32_t b) {
  asm volatile("mad.lo.cc.u32 %0, %1, %2, %0;" : "+r"(t) : "r"(a), "r"(b));
}
__device__ __forceinline__ void madc_lo_cc(std::uint32_t& t, std::uint32_t a, std::uint32_t b) {
  asm volatile("madc.lo.cc.u32 %0, %1, %2, %0;" : "+r"(t) : "r"(a), "r"(b));
}
__device__ __forceinline__ void mad_hi_cc(std::uint32_t& t, std::uint32_t a, std::uint32_t b) {
  asm volatile("mad.hi.cc.u32 %0, %1, %2, %0;" : "+r"(t) : "r"(a), "r"(b));
}
__device__ __forceinline__ void madc_hi_cc(std::uint32_t& t, std::uint32_t a, std::uint32_t b) {
  asm volatile("madc.hi.cc.u32 %0, %1, %2, %0;" : "+r"(t) : "r"(a), "r"(b));
}
__device__ __forceinline__ void addc_cc(std::uint32_t& t) { asm volatile("addc.cc.u32 %0, %0, 0;" : "+r"(t)); }
__device__ __forceinline__ void addc(std::uint32_t& t) { asm volatile("addc.u32 %0, %0, 0;" : "+r"(t)); }
__device__ __forceinline__ void sub_cc(std::uint32_t& d, std::uint32_t a, std::uint32_t b) {
  asm volatile("sub.cc.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
}
__device__ __forceinline__ void subc_cc(std::uint32_t& d, std::uint32_t a, std::uint32_t b) {
  asm volatile("subc.cc.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
}
__device__ __forceinline__ std::uint32_t subc(std::uint32_t a, std::uint32_t b) {
  std::uint32_t d;
  asm volatile("subc.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
  return d;
}

// t += x * y over n limbs: low halves into t_0 .. t_(n-1), high halves into t_1 .. t_n, carries into
// t_n and t_(n+1).
template <std::size_t n>
__device__ __forceinline__ void mul_add_row(std::uint32_t (&t)[n + 2], const std::uint32_t (&x)[n], std::uint32_t y) {
  mad_lo_cc(t[0], x[0], y);
#pragma unroll
  for (std::size_t j = 1; j < n; ++j) madc_lo_cc(t[j], x[j], y);
  addc_cc(t[n]);
  addc(t[n + 1]);
  mad_hi_cc(t[1], x[0], y);
#pragma unroll
  for (std::size_t j = 1; j < n; ++j) madc_hi_cc(t[j + 1], x[j], y);
  addc(t[n + 1]);
}

// r = a * b * 2^(-64N) mod p for a, b < p < 2^(64N - 1); inv = -p^-1 mod 2^64 (its low half is
// -p^-1 mod 2^32).
template <std::size_t N>
__device__ __forceinline__ void mont_mul(std::uint64_t (&r)[N], const std::uint64_t (&a)[N], const std::uint64_t (&b)[N],
                                         const std::uint64_t (&p)[N], std::uint64_t inv) {
  constexpr std::size_t n = 2 * N;
  std::uint32_t x[n], y[n], q[n], t[n + 2];
#pragma unroll
  for (std::size_t i = 0; i < N; ++i) {
    x[2 * i] = static_cast<std::uint32_t>(a[i]);
    x[2 * i + 1] = static_cast<std::uint32_t>(a[i] >> 32);
    y[2 * i] = static_cast<std::uint32_t>(b[i]);
    y[2 * i + 1] = static_cast<std::uint32_t>(b[i] >> 32);
    q[2 * i] = static_cast<std::uint32_t>(p[i]);
    q[2 * i + 1] = static_cast<std::uint32_t>(p[i] >> 32);
  }
#pragma unroll
  for (std::size_t j = 0; j < n + 2; ++j) t[j] = 0;
  const std::uint32_t inv32 = static_cast<std::uint32_t>(inv);
#pragma unroll
  for (std::size_t i = 0; i < n; ++i) {
    mul_add_row<n>(t, x, y[i]);
    mul_add_row<n>(t, q, t[0] * inv32);
#pragma unroll
    for (std::size_t j = 0; j <= n; ++j) t[j] = t[j + 1];
    t[n + 1] = 0;
  }
  // t = (t_n, t_(n-1) .. t_0) < 2p: keep t - p unless it borrows.
  std::uint32_t d[n];
  sub_cc(d[0], t[0], q[0]);
#pragma unroll
  for (std::size_t j = 1; j < n; ++j) subc_cc(d[j], t[j], q[j]);
  const bool below_p = subc(t[n], 0) != 0;
#pragma unroll
  for (std::size_t i = 0; i < N; ++i) {
    const std::uint32_t lo = below_p ? t[2 * i] : d[2 * i];
    const std::uint32_t hi = below_p ? t[2 * i + 1] : d[2 * i + 1];
    r[i] = (static_cast<std::uint64_t>(hi) << 32) | lo;
  }
}

}  // namespace zkforge::arch::cuda

#endif
