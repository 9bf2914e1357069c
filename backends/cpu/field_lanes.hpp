// SPDX-License-Identifier: Apache-2.0
// Eight field elements at a time for the CPU kernels: IFMA lanes (arch/x86_64_ifma.hpp) where the
// CPU has AVX-512 IFMA and the field fits them, else eight scalar values. Kernels are written once
// over the interface both share:
//   Vec                           eight values
//   load(src, out)                out = *src[lane], src an array of 8 pointers
//   load_run(first, out)          out = first[lane]
//   store(v, dst)                 dst[lane] = v (fully reduced)
//   store_run(v, first)           first[lane] = v
//   mul, add, sub(a, b, out)      lane by lane; out may alias a or b
//   kVector                       true for the IFMA lanes
//   zero_mask(v)                  bit l set when lane l is zero
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "zkforge/arch/x86_64_ifma.hpp"

namespace zkforge::cpu {

inline constexpr std::size_t kFieldLanes = 8;

// Eight scalar values: the portable path, and the one for extension fields.
template <class F>
struct ScalarLanes {
  static constexpr bool kVector = false;
  struct Vec {
    F v[kFieldLanes];
  };
  static void load(const F* const* src, Vec& out) {
    for (std::size_t l = 0; l < kFieldLanes; ++l) out.v[l] = *src[l];
  }
  static void load_run(const F* first, Vec& out) {
    for (std::size_t l = 0; l < kFieldLanes; ++l) out.v[l] = first[l];
  }
  static void store(const Vec& in, F (&dst)[kFieldLanes]) {
    for (std::size_t l = 0; l < kFieldLanes; ++l) dst[l] = in.v[l];
  }
  static void store_run(const Vec& in, F* first) {
    for (std::size_t l = 0; l < kFieldLanes; ++l) first[l] = in.v[l];
  }
  static void mul(const Vec& a, const Vec& b, Vec& out) {
    for (std::size_t l = 0; l < kFieldLanes; ++l) out.v[l] = a.v[l] * b.v[l];
  }
  static void add(const Vec& a, const Vec& b, Vec& out) {
    for (std::size_t l = 0; l < kFieldLanes; ++l) out.v[l] = a.v[l] + b.v[l];
  }
  static void sub(const Vec& a, const Vec& b, Vec& out) {
    for (std::size_t l = 0; l < kFieldLanes; ++l) out.v[l] = a.v[l] - b.v[l];
  }
  static std::uint8_t zero_mask(const Vec& a) {
    std::uint8_t m = 0;
    for (std::size_t l = 0; l < kFieldLanes; ++l) m |= static_cast<std::uint8_t>(a.v[l].is_zero() ? 1u << l : 0u);
    return m;
  }
};

#if defined(ZKF_HAVE_X86_64_IFMA)

// Whether F fits the IFMA lanes: a prime field of 4 or 6 words (Fp keeps p < 2^(64N - 1)).
template <class F, class = void>
struct fits_ifma_lanes : std::false_type {};
template <class F>
struct fits_ifma_lanes<F, std::void_t<decltype(F::kModulus), decltype(F::kLimbs)>>
    : std::bool_constant<F::kLimbs == 4 || F::kLimbs == 6> {};

template <class F>
struct IfmaLanes {
  static constexpr bool kVector = true;
  static constexpr std::size_t N = F::kLimbs;
  using Vec = arch::x86_64::ifma::Lanes<arch::x86_64::ifma::limbs_for(N)>;
  static constexpr arch::x86_64::ifma::Modulus<N> kModulus =
      arch::x86_64::ifma::make_modulus<N>(F::kModulus.w, F::mont_inv());

  static void load(const F* const* src, Vec& out) {
    const std::uint64_t* words[kFieldLanes];
    for (std::size_t l = 0; l < kFieldLanes; ++l) words[l] = src[l]->montgomery_words().w;
    arch::x86_64::ifma::gather<N>(words, out);
  }
  static void load_run(const F* first, Vec& out) {
    const F* src[kFieldLanes];
    for (std::size_t l = 0; l < kFieldLanes; ++l) src[l] = first + l;
    load(src, out);
  }
  static void store(const Vec& in, F (&dst)[kFieldLanes]) {
    std::uint64_t words[kFieldLanes * N];
    arch::x86_64::ifma::scatter<N>(in, kModulus, words);
    for (std::size_t l = 0; l < kFieldLanes; ++l) {
      typename F::Int m;
      for (std::size_t i = 0; i < N; ++i) m.w[i] = words[l * N + i];
      dst[l] = F::from_montgomery_unchecked(m);
    }
  }
  static void store_run(const Vec& in, F* first) {
    F v[kFieldLanes];
    store(in, v);
    for (std::size_t l = 0; l < kFieldLanes; ++l) first[l] = v[l];
  }
  static void mul(const Vec& a, const Vec& b, Vec& out) { arch::x86_64::ifma::mul<N>(a, b, kModulus, out); }
  static void add(const Vec& a, const Vec& b, Vec& out) { arch::x86_64::ifma::add<N>(a, b, kModulus, out); }
  static void sub(const Vec& a, const Vec& b, Vec& out) { arch::x86_64::ifma::sub<N>(a, b, kModulus, out); }
  static std::uint8_t zero_mask(const Vec& a) { return arch::x86_64::ifma::zero_mask<N>(a, kModulus); }
};

// Runs f with IfmaLanes<F> when the field fits and the CPU has IFMA, else with ScalarLanes<F>.
template <class F, class Fn>
decltype(auto) with_field_lanes(Fn&& f) {
  if constexpr (fits_ifma_lanes<F>::value) {
    if (arch::x86_64::has_avx512ifma()) return f(IfmaLanes<F>{});
  }
  return f(ScalarLanes<F>{});
}

#else

template <class F, class Fn>
decltype(auto) with_field_lanes(Fn&& f) {
  return f(ScalarLanes<F>{});
}

#endif

}  // namespace zkforge::cpu
