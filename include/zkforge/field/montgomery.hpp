// SPDX-License-Identifier: Apache-2.0
// Montgomery constants derived at compile time from a modulus, and the Montgomery product itself.
//
// For a modulus p of N words and R = 2^(64N): inv = -p^-1 mod 2^64, R mod p, R^2 mod p, R^3 mod p.
// The product is CIOS (Koc, Acar, Kaliski 1996) with the carry-free refinement that is valid when
// the top word of p is below 2^63 - 1: the running value then never needs an (N+2)-th word.
// Cost: 2N^2 + N word multiplications.
#pragma once

#include "zkforge/arch/cuda_mont.hpp"
#include "zkforge/arch/x86_64_mont.hpp"
#include "zkforge/field/bigint.hpp"

namespace zkforge::montgomery {

template <std::size_t N>
constexpr std::uint64_t neg_inverse_mod_word(const BigInt<N>& p) {
  std::uint64_t x = 1;  // Newton iteration on p*x = 1 mod 2^64: each step doubles the correct bits
  for (int i = 0; i < 6; ++i) x *= 2 - p.w[0] * x;
  return ~x + 1;
}

// 2^k mod p by k doublings of 1.
template <std::size_t N>
constexpr BigInt<N> pow2_mod(const BigInt<N>& p, std::size_t k) {
  BigInt<N> r = BigInt<N>::from_u64(1);
  for (std::size_t i = 0; i < k; ++i) {
    const std::uint64_t out = r.shl1();
    if (out != 0 || r >= p) r.sub_in_place(p);
  }
  return r;
}

// a*b*R^-1 mod p for a, b < p: the portable loop, for every target and for constant evaluation.
template <std::size_t N>
ZKF_HD constexpr BigInt<N> mul_portable(const BigInt<N>& a, const BigInt<N>& b, const BigInt<N>& p,
                                        std::uint64_t inv) {
  std::uint64_t t[N] = {};
  ZKF_UNROLL
  for (std::size_t i = 0; i < N; ++i) {
    std::uint64_t c = 0;
    ZKF_UNROLL
    for (std::size_t j = 0; j < N; ++j) t[j] = arch::mac(t[j], a.w[j], b.w[i], c);
    const std::uint64_t hi = c;
    const std::uint64_t m = t[0] * inv;
    c = 0;
    arch::mac(t[0], m, p.w[0], c);
    ZKF_UNROLL
    for (std::size_t j = 1; j < N; ++j) t[j - 1] = arch::mac(t[j], m, p.w[j], c);
    t[N - 1] = hi + c;
  }
  BigInt<N> r{};
  for (std::size_t j = 0; j < N; ++j) r.w[j] = t[j];
  if (r >= p) r.sub_in_place(p);
  return r;
}

// The PTX product, sum of products and square of arch/cuda_mont.hpp, apart from mul so that mul stays constexpr.
#if defined(ZKF_HAVE_CUDA_MONT)
template <std::size_t N, bool low_one>
__device__ __forceinline__ BigInt<N> mul_cuda(const BigInt<N>& a, const BigInt<N>& b, const std::uint64_t (&p)[N],
                                              std::uint64_t inv) {
  BigInt<N> r;
  arch::cuda::mont_mul<N, low_one>(r.w, a.w, b.w, p, inv);
  return r;
}

template <std::size_t N>
__device__ __forceinline__ BigInt<N> mul_sum_cuda(const BigInt<N>& a, const BigInt<N>& b, const BigInt<N>& c,
                                                  const BigInt<N>& d, const std::uint64_t (&p)[N], std::uint64_t inv) {
  BigInt<N> r;
  arch::cuda::mont_mul_sum<N>(r.w, a.w, b.w, c.w, d.w, p, inv);
  return r;
}

template <std::size_t N>
__device__ __forceinline__ BigInt<N> sqr_cuda(const BigInt<N>& a, const std::uint64_t (&p)[N], std::uint64_t inv) {
  BigInt<N> r;
  arch::cuda::mont_sqr<N>(r.w, a.w, p, inv);
  return r;
}
#endif

// A modulus and its -p^-1 mod 2^64 in the GPU's constant memory, one copy per modulus, for the
// fields' products on NVIDIA GPUs. Read from there they are values the assembler does not know: as
// immediates, the modulus words made it split each 64-bit-wide multiply-add of the reduction rows
// into two instructions, and so did an inverse it could fold (BLS12-381 Fr's low word is -1, which
// makes m = t_0 * inv a negation): 51.6 instead of 59.4 G products/s on an H200, and 8% of the NTT.
// (Declared in both of nvcc's passes: the host pass registers them.)
#if defined(__CUDACC__)
template <std::uint64_t... W>
__constant__ std::uint64_t kDeviceModulus[sizeof...(W)] = {W...};
template <std::uint64_t V>
__constant__ std::uint64_t kDeviceMontInv = V;
#endif

// a*b*R^-1 mod p for a, b < p. On x86-64 CPUs with BMI2 and ADX, 4- and 6-word moduli take the
// assembly of arch/x86_64_mont.hpp at run time; otherwise (and in constant evaluation) mul_portable.
// On NVIDIA GPUs, Fp's product calls mul_cuda with its modulus in constant memory instead.
template <std::size_t N>
ZKF_HD constexpr ZKF_INLINE BigInt<N> mul(const BigInt<N>& a, const BigInt<N>& b, const BigInt<N>& p,
                                          std::uint64_t inv) {
#if defined(ZKF_HAVE_X86_64_MONT)
  if constexpr (N == 4 || N == 6) {
    if (!__builtin_is_constant_evaluated() && arch::x86_64::has_bmi2_adx()) {
      BigInt<N> r{};
      arch::x86_64::mont_mul<N>(r.w, a.w, b.w, p.w, inv);
      return r;
    }
  }
#endif
  return mul_portable(a, b, p, inv);
}

template <std::size_t N>
struct Constants {
  BigInt<N> modulus;
  std::uint64_t inv;
  BigInt<N> r1;  // R mod p: Montgomery form of 1
  BigInt<N> r2;  // R^2 mod p: converts into Montgomery form
  BigInt<N> r3;  // R^3 mod p: corrects an inverse computed on a Montgomery value
};

template <std::size_t N>
constexpr Constants<N> derive(const BigInt<N>& p) {
  return Constants<N>{p, neg_inverse_mod_word(p), pow2_mod(p, 64 * N), pow2_mod(p, 128 * N),
                      pow2_mod(p, 192 * N)};
}

}  // namespace zkforge::montgomery
