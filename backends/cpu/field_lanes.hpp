// SPDX-License-Identifier: Apache-2.0
// Eight field elements at a time for the CPU kernels: IFMA lanes (arch/x86_64_ifma.hpp) where the
// CPU has AVX-512 IFMA and the field fits them (a prime field of 4 or 6 words, or its quadratic
// extension as two such lanes), else eight scalar values. Kernels are written once over the
// interface they share:
//   Vec                           eight values
//   load(src, out)                out = *src[lane], src an array of 8 pointers
//   load_run(first, out)          out = first[lane]
//   store(v, dst)                 dst[lane] = v (fully reduced)
//   store_run(v, first)           first[lane] = v
//   mul, add, sub(a, b, out)      lane by lane; out may alias a or b
//   kVector                       true for the IFMA lanes
//   zero_mask(v)                  bit l set when lane l is zero
// and, for every Lanes, load_broadcast<Lanes>(v, out) (v in each lane) and store_to<Lanes>(v, dst)
// (*dst[lane] = v, dst an array of 8 pointers).
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "zkforge/arch/x86_64_ifma.hpp"
#include "zkforge/field/fp2.hpp"

namespace zkforge::cpu {

inline constexpr std::size_t kFieldLanes = 8;

// Eight scalar values: the portable path.
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

// out = v in every lane.
template <class Lanes, class F>
void load_broadcast(const F& v, typename Lanes::Vec& out) {
  const F* const src[kFieldLanes] = {&v, &v, &v, &v, &v, &v, &v, &v};
  Lanes::load(src, out);
}

// *dst[lane] = v's lane (fully reduced).
template <class Lanes, class F>
void store_to(const typename Lanes::Vec& v, F* const* dst) {
  F out[kFieldLanes];
  Lanes::store(v, out);
  for (std::size_t l = 0; l < kFieldLanes; ++l) *dst[l] = out[l];
}

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

// Eight values of Fp2 = Fp[u]/(u^2 + 1) as the IFMA lanes of their parts c0 and c1; a product by
// Karatsuba, three lane products: (a0 b0 - a1 b1) + ((a0 + a1)(b0 + b1) - a0 b0 - a1 b1) u.
template <class F2>
struct Fp2IfmaLanes {
  using F = typename F2::Base;
  using Part = IfmaLanes<F>;
  static constexpr bool kVector = true;
  struct Vec {
    typename Part::Vec c0, c1;
  };

  static void load(const F2* const* src, Vec& out) {
    const F* c0[kFieldLanes];
    const F* c1[kFieldLanes];
    for (std::size_t l = 0; l < kFieldLanes; ++l) {
      c0[l] = &src[l]->c0;
      c1[l] = &src[l]->c1;
    }
    Part::load(c0, out.c0);
    Part::load(c1, out.c1);
  }
  static void load_run(const F2* first, Vec& out) {
    const F2* src[kFieldLanes];
    for (std::size_t l = 0; l < kFieldLanes; ++l) src[l] = first + l;
    load(src, out);
  }
  static void store(const Vec& in, F2 (&dst)[kFieldLanes]) {
    F c0[kFieldLanes], c1[kFieldLanes];
    Part::store(in.c0, c0);
    Part::store(in.c1, c1);
    for (std::size_t l = 0; l < kFieldLanes; ++l) dst[l] = F2{c0[l], c1[l]};
  }
  static void store_run(const Vec& in, F2* first) {
    F2 v[kFieldLanes];
    store(in, v);
    for (std::size_t l = 0; l < kFieldLanes; ++l) first[l] = v[l];
  }
  static void mul(const Vec& a, const Vec& b, Vec& out) {
    typename Part::Vec v0, v1, sa, sb;
    Part::mul(a.c0, b.c0, v0);
    Part::mul(a.c1, b.c1, v1);
    Part::add(a.c0, a.c1, sa);
    Part::add(b.c0, b.c1, sb);
    Part::mul(sa, sb, out.c1);
    Part::sub(out.c1, v0, out.c1);
    Part::sub(out.c1, v1, out.c1);
    Part::sub(v0, v1, out.c0);
  }
  static void add(const Vec& a, const Vec& b, Vec& out) {
    Part::add(a.c0, b.c0, out.c0);
    Part::add(a.c1, b.c1, out.c1);
  }
  static void sub(const Vec& a, const Vec& b, Vec& out) {
    Part::sub(a.c0, b.c0, out.c0);
    Part::sub(a.c1, b.c1, out.c1);
  }
  static std::uint8_t zero_mask(const Vec& a) { return Part::zero_mask(a.c0) & Part::zero_mask(a.c1); }
};

// The IFMA lanes of F, void where it has none: IfmaLanes for a prime field that fits them,
// Fp2IfmaLanes for the quadratic extension of one.
template <class F, class = void>
struct ifma_lanes {
  using type = void;
};
template <class F>
struct ifma_lanes<F, std::enable_if_t<fits_ifma_lanes<F>::value>> {
  using type = IfmaLanes<F>;
};
template <class F>
struct ifma_lanes<Fp2<F>, std::enable_if_t<fits_ifma_lanes<F>::value>> {
  using type = Fp2IfmaLanes<Fp2<F>>;
};

// Runs f with F's IFMA lanes when it has them and the CPU has IFMA, else with ScalarLanes<F>.
template <class F, class Fn>
decltype(auto) with_field_lanes(Fn&& f) {
  using Lanes = typename ifma_lanes<F>::type;
  if constexpr (!std::is_void_v<Lanes>) {
    if (arch::x86_64::has_avx512ifma()) return f(Lanes{});
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
