// SPDX-License-Identifier: Apache-2.0
// Products by a factor known ahead (an NTT's twiddles), by Shoup's method: the factor w is kept as its
// canonical value with its quotient floor(w 2^(64N) / p), and a w mod p is a w - q p with q from the
// high half of a times that quotient, two low halves and one subtraction: no Montgomery reduction.
// For a in Montgomery form (a = x R) the result is x w's Montgomery form, so a field element times a
// fixed factor stays an element. On NVIDIA GPUs the PTX product of arch/cuda_mont.hpp (shoup_mul);
// elsewhere the whole high half by 64-bit words.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>

#include "zkforge/arch/carry.hpp"
#include "zkforge/arch/cuda_mont.hpp"
#include "zkforge/field/bigint.hpp"

namespace zkforge {

template <class F>
struct FixedFactor {
  using Int = typename F::Int;
  Int value;     // w, canonical (< p)
  Int quotient;  // floor(w 2^(64N) / p)
};

namespace fixed_factor_detail {

// 2^(64N) - p, the modulus's complement: q p subtracted modulo 2^(64N) is q times it added.
template <class Int>
ZKF_HD constexpr Int complement(const Int& p) {
  Int c = Int::zero();
  c.sub_in_place(p);
  return c;
}

// Bit j set when 32-bit limb j of v is zero.
template <class Int>
constexpr std::uint32_t zero_limbs(const Int& v) {
  std::uint32_t mask = 0;
  for (std::size_t j = 0; j < 2 * Int::kWords; ++j)
    if (static_cast<std::uint32_t>(v.w[j / 2] >> (32 * (j % 2))) == 0) mask |= std::uint32_t{1} << j;
  return mask;
}

#if defined(__CUDACC__)
template <std::uint64_t... W>
__constant__ std::uint64_t kDeviceComplement[sizeof...(W)] = {W...};
#endif

#if defined(ZKF_HAVE_CUDA_MONT)
template <class F, std::size_t... I>
__device__ ZKF_INLINE const std::uint64_t (&device_complement(std::index_sequence<I...>))[sizeof...(I)] {
  constexpr typename F::Int c = complement(F::modulus());
  return kDeviceComplement<c.w[I]...>;
}
#endif

}  // namespace fixed_factor_detail

// w with its quotient, by restoring division of w 2^(64N) by p (64N steps: for tables made once).
template <class F>
ZKF_HD constexpr FixedFactor<F> fixed_factor(const F& w) {
  using Int = typename F::Int;
  constexpr Int p = F::modulus();
  FixedFactor<F> f{w.to_int(), Int::zero()};
  Int rest = f.value;  // < p < 2^(64N - 1): doubling it never carries out
  for (std::size_t k = 0; k < 64 * Int::kWords; ++k) {
    rest.shl1();
    const bool bit = rest >= p;
    if (bit) rest.sub_in_place(p);
    f.quotient.shl1();
    f.quotient.w[0] |= bit ? 1 : 0;
  }
  return f;
}

// -w with its quotient: floor((p - w) 2^(64N) / p) = 2^(64N) - 1 - floor(w 2^(64N) / p) for 0 < w < p
// (w 2^(64N) / p is never an integer there); 0 stays 0.
template <class F>
ZKF_HD constexpr FixedFactor<F> negated(const FixedFactor<F>& f) {
  if (f.value.is_zero()) return f;
  FixedFactor<F> r{F::modulus() - f.value, f.quotient};
  for (std::size_t i = 0; i < F::Int::kWords; ++i) r.quotient.w[i] = ~r.quotient.w[i];
  return r;
}

// x w mod p for any x below 2^(64N) (Shoup's bound needs no more: arch/cuda_mont.hpp's shoup_mul) and a
// fixed factor w: x is a Montgomery form, reduced or not, and so is the result, reduced.
template <class F>
ZKF_HD ZKF_INLINE F times_fixed_words(const typename F::Int& x, const FixedFactor<F>& f) {
  using Int = typename F::Int;
  constexpr std::size_t N = Int::kWords;
  constexpr Int p = F::modulus();
  constexpr Int c = fixed_factor_detail::complement(p);
#if defined(ZKF_HAVE_CUDA_MONT)
  Int r;
  arch::cuda::shoup_mul<N, fixed_factor_detail::zero_limbs(c)>(
      r.w, x.w, f.value.w, f.quotient.w, F::device_modulus(std::make_index_sequence<N>{}),
      fixed_factor_detail::device_complement<F>(std::make_index_sequence<N>{}));
  return F::from_montgomery_unchecked(r);
#else
  // q = floor(x quotient / 2^(64N)), the high half of the whole product.
  std::uint64_t wide[2 * N] = {};
  for (std::size_t i = 0; i < N; ++i) {
    std::uint64_t carry = 0;
    for (std::size_t j = 0; j < N; ++j) wide[i + j] = arch::mac(wide[i + j], x.w[i], f.quotient.w[j], carry);
    wide[i + N] = carry;
  }
  Int q;
  for (std::size_t i = 0; i < N; ++i) q.w[i] = wide[N + i];
  // t = x w + q (2^(64N) - p) mod 2^(64N) = x w - q p, in [0, 2p).
  auto low_half = [](const Int& u, const Int& v) {
    Int t = Int::zero();
    for (std::size_t i = 0; i < N; ++i) {
      std::uint64_t carry = 0;
      for (std::size_t j = 0; i + j < N; ++j) t.w[i + j] = arch::mac(t.w[i + j], u.w[i], v.w[j], carry);
    }
    return t;
  };
  Int t = low_half(x, f.value);
  t.add_in_place(low_half(q, c));
  Int d = t;
  const std::uint64_t borrow = d.sub_in_place(p);
  return F::from_montgomery_unchecked(borrow != 0 ? t : d);
#endif
}

// a w for a field element a (Montgomery form) and a fixed factor w.
template <class F>
ZKF_HD ZKF_INLINE F times_fixed(const F& a, const FixedFactor<F>& f) {
  return times_fixed_words(a.montgomery_words(), f);
}

// (a - b) w, from a + (p - b) < 2p unreduced: the subtraction's borrow and correction left out.
template <class F>
ZKF_HD ZKF_INLINE F times_fixed_difference(const F& a, const F& b, const FixedFactor<F>& f) {
  typename F::Int x;
#if defined(ZKF_HAVE_CUDA_MONT)
  arch::cuda::add_complement<F::Int::kWords>(x.w, a.montgomery_words().w, b.montgomery_words().w,
                                             F::device_modulus(std::make_index_sequence<F::Int::kWords>{}));
#else
  x = F::modulus();
  x.sub_in_place(b.montgomery_words());
  x.add_in_place(a.montgomery_words());  // no carry out: 2p < 2^(64N)
#endif
  return times_fixed_words(x, f);
}

}  // namespace zkforge
