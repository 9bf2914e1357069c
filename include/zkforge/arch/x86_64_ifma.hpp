// SPDX-License-Identifier: Apache-2.0
// Eight Montgomery products at once with AVX-512 IFMA (vpmadd52luq / vpmadd52huq).
//
// A value is held as L limbs of 52 bits, one 512-bit register per limb, one field element per
// 64-bit lane. For an N-word modulus p, L = ceil((64N + 1) / 52) limbs span 52L bits, s = 52L - 64N
// more than the words (BLS12-381 Fq: N = 6, L = 8, s = 32; BN254: N = 4, L = 5, s = 4).
//
// The product is Montgomery's with R' = 2^(52L), operand-scanning: for each limb b_i of b,
// t += a * b_i (low halves of the 104-bit products into t_j, high halves into t_{j+1}), then
// m = t_0 * (-p^-1) mod 2^52 and t += m * p, after which t_0 = 0 mod 2^52 and t shifts down one
// limb, its carry into the new t_0. Limbs stay below 2^64 without normalisation: a limb gains at
// most four 52-bit terms per row over L rows. One final pass normalises the limbs.
//
// The words of a value in the library's Montgomery form are aR mod p with R = 2^(64N). Shifting
// one operand up by s bits first makes the product (a 2^s R)(bR) / R' = abR: the same Montgomery
// product as the scalar code, so values move between the two without conversion.
//
// Values in lanes stay below a bound B. When p < R/4 (both curves' base fields, BN254's Fr),
// B = 2p and nothing more is needed: for a, b < 2p the product is below 4p^2 2^s / R' + p =
// p (1 + 4p / R) < 2p. Otherwise (BLS12-381 Fr, p < R/2) B = p: the product of a, b < p is below
// p (1 + p / R) < 1.5p, and one conditional subtraction of p reduces it. Sums and differences
// are reduced below B the same way. Values leave the lanes (store) fully reduced.
//
// The functions carry target("avx512f,avx512ifma") and are called only after has_avx512ifma():
// the rest of the library is built for any x86-64 CPU.
#pragma once

#if defined(__x86_64__) && !defined(__CUDA_ARCH__) && !defined(__HIP_DEVICE_COMPILE__) && \
    !defined(__CUDACC__) && !defined(__HIPCC__)

// GCC 12 warns that its own AVX-512 shift intrinsics read an uninitialised variable (GCC bug
// 105593, fixed in GCC 13); the warning is about the compiler's header, not this code.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#include <immintrin.h>

#include <atomic>
#include <cstddef>
#include <cstdint>

#define ZKF_HAVE_X86_64_IFMA 1
#define ZKF_IFMA_TARGET __attribute__((target("avx512f,avx512ifma")))

namespace zkforge::arch::x86_64 {

// True when the running CPU and OS execute AVX-512F and AVX-512 IFMA (libgcc checks the OS state too).
inline bool detect_avx512ifma() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512ifma");
}

inline const bool g_has_avx512ifma = detect_avx512ifma();

// Whether the IFMA kernels are used: when the CPU has them, unless turned off (tests and
// benchmarks run the scalar path on the same machine).
inline std::atomic<bool>& ifma_enabled_flag() {
  static std::atomic<bool> on{true};
  return on;
}
inline void set_ifma_enabled(bool on) { ifma_enabled_flag().store(on, std::memory_order_relaxed); }
inline bool has_avx512ifma() { return g_has_avx512ifma && ifma_enabled_flag().load(std::memory_order_relaxed); }

namespace ifma {

inline constexpr unsigned kLimbBits = 52;
inline constexpr std::uint64_t kLimbMask = (std::uint64_t{1} << kLimbBits) - 1;
inline constexpr std::size_t kLanes = 8;

constexpr std::size_t limbs_for(std::size_t words) { return (64 * words + 1 + kLimbBits - 1) / kLimbBits; }

// Eight field elements: limb[j][lane].
template <std::size_t L>
struct alignas(64) Lanes {
  std::uint64_t limb[L][kLanes];
};

// The constants of one modulus: p and the bound B (2p or p) in limbs, -p^-1 mod 2^52.
template <std::size_t N>
struct Modulus {
  static constexpr std::size_t L = limbs_for(N);
  static constexpr unsigned kShift = static_cast<unsigned>(kLimbBits * L - 64 * N);
  std::uint64_t p[L];
  std::uint64_t bound[L];
  bool reduce_products;  // B = p: products take a conditional subtraction
  std::uint64_t k0;
};

// Bits [52j, 52j + 52) of a little-endian word array (constexpr: the constants are built at compile time).
template <std::size_t N>
constexpr std::uint64_t limb_of(const std::uint64_t (&w)[N], std::size_t j) {
  const std::size_t bit = kLimbBits * j, q = bit / 64, r = bit % 64;
  std::uint64_t v = q < N ? w[q] >> r : 0;
  if (r + kLimbBits > 64 && q + 1 < N) v |= w[q + 1] << (64 - r);
  return v & kLimbMask;
}

// The constants for modulus words p (p < 2^(64N - 1)) and inv = -p^-1 mod 2^64.
template <std::size_t N>
constexpr Modulus<N> make_modulus(const std::uint64_t (&p)[N], std::uint64_t inv) {
  Modulus<N> m{};
  std::uint64_t two_p[N] = {};
  std::uint64_t carry = 0;
  for (std::size_t i = 0; i < N; ++i) {
    two_p[i] = (p[i] << 1) | carry;
    carry = p[i] >> 63;
  }
  m.reduce_products = p[N - 1] >= (std::uint64_t{1} << 62);
  for (std::size_t j = 0; j < Modulus<N>::L; ++j) {
    m.p[j] = limb_of(p, j);
    m.bound[j] = m.reduce_products ? m.p[j] : limb_of(two_p, j);
  }
  m.k0 = inv & kLimbMask;
  return m;
}

// 64-bit words (one register per word, a value per lane) to 52-bit limbs.
template <std::size_t N, std::size_t L>
ZKF_IFMA_TARGET inline void words_to_limbs(const __m512i (&w)[N], __m512i (&l)[L]) {
  const __m512i mask = _mm512_set1_epi64(static_cast<long long>(kLimbMask));
  for (std::size_t j = 0; j < L; ++j) {
    const std::size_t bit = kLimbBits * j, q = bit / 64, r = bit % 64;
    __m512i v = q < N ? _mm512_srli_epi64(w[q], static_cast<unsigned>(r)) : _mm512_setzero_si512();
    if (r + kLimbBits > 64 && q + 1 < N) v = _mm512_or_si512(v, _mm512_slli_epi64(w[q + 1], static_cast<unsigned>(64 - r)));
    l[j] = _mm512_and_si512(v, mask);
  }
}

// Normalised 52-bit limbs (value < 2^(64N)) to 64-bit words.
template <std::size_t N, std::size_t L>
ZKF_IFMA_TARGET inline void limbs_to_words(const __m512i (&l)[L], __m512i (&w)[N]) {
  for (std::size_t i = 0; i < N; ++i) {
    __m512i v = _mm512_setzero_si512();
    for (std::size_t j = 0; j < L; ++j) {
      const std::size_t lo = kLimbBits * j, hi = lo + kLimbBits;
      if (hi <= 64 * i || lo >= 64 * (i + 1)) continue;
      v = _mm512_or_si512(v, lo >= 64 * i ? _mm512_slli_epi64(l[j], static_cast<unsigned>(lo - 64 * i))
                                          : _mm512_srli_epi64(l[j], static_cast<unsigned>(64 * i - lo)));
    }
    w[i] = v;
  }
}

// Signed limbs (each |limb| < 2^62) to normalised limbs; the top limb keeps the sign.
template <std::size_t L>
ZKF_IFMA_TARGET inline void normalise(__m512i (&l)[L]) {
  const __m512i mask = _mm512_set1_epi64(static_cast<long long>(kLimbMask));
  for (std::size_t j = 0; j + 1 < L; ++j) {
    l[j + 1] = _mm512_add_epi64(l[j + 1], _mm512_srai_epi64(l[j], kLimbBits));
    l[j] = _mm512_and_si512(l[j], mask);
  }
}

// l - c where l - c >= 0, else l (per lane); l normalised below 2^(52L - 1), c normalised limbs.
template <std::size_t L>
ZKF_IFMA_TARGET inline void subtract_if_not_below(__m512i (&l)[L], const std::uint64_t (&c)[L]) {
  __m512i d[L];
  for (std::size_t j = 0; j < L; ++j) d[j] = _mm512_sub_epi64(l[j], _mm512_set1_epi64(static_cast<long long>(c[j])));
  normalise(d);
  const __mmask8 keep = _mm512_cmpge_epi64_mask(d[L - 1], _mm512_setzero_si512());
  for (std::size_t j = 0; j < L; ++j) l[j] = _mm512_mask_mov_epi64(l[j], keep, d[j]);
}

template <std::size_t L>
ZKF_IFMA_TARGET inline void load_lanes(const Lanes<L>& v, __m512i (&l)[L]) {
  for (std::size_t j = 0; j < L; ++j) l[j] = _mm512_load_si512(v.limb[j]);
}
template <std::size_t L>
ZKF_IFMA_TARGET inline void store_lanes(const __m512i (&l)[L], Lanes<L>& v) {
  for (std::size_t j = 0; j < L; ++j) _mm512_store_si512(v.limb[j], l[j]);
}

// out = the Montgomery words of 8 field elements read through pointers to their N words each
// (every value < p).
template <std::size_t N>
ZKF_IFMA_TARGET void gather(const std::uint64_t* const (&src)[kLanes], Lanes<limbs_for(N)>& out) {
  constexpr std::size_t L = limbs_for(N);
  const __m512i addr = _mm512_loadu_si512(static_cast<const void*>(src));
  __m512i w[N], l[L];
  for (std::size_t i = 0; i < N; ++i)
    w[i] = _mm512_i64gather_epi64(_mm512_add_epi64(addr, _mm512_set1_epi64(static_cast<long long>(8 * i))), nullptr, 1);
  words_to_limbs<N, L>(w, l);
  store_lanes(l, out);
}

// Fully reduced Montgomery words of the 8 lanes (each < 2p) into dst[lane * N .. lane * N + N).
template <std::size_t N>
ZKF_IFMA_TARGET void scatter(const Lanes<limbs_for(N)>& v, const Modulus<N>& m, std::uint64_t* dst) {
  constexpr std::size_t L = limbs_for(N);
  __m512i l[L], w[N];
  load_lanes(v, l);
  subtract_if_not_below(l, m.p);
  limbs_to_words<N, L>(l, w);
  const __m512i lane_offset = _mm512_set_epi64(7 * N, 6 * N, 5 * N, 4 * N, 3 * N, 2 * N, N, 0);
  for (std::size_t i = 0; i < N; ++i)
    _mm512_i64scatter_epi64(dst, _mm512_add_epi64(lane_offset, _mm512_set1_epi64(static_cast<long long>(i))), w[i], 8);
}

// out = a * b * R^-1 mod p per lane (R = 2^(64N)), for a, b < B; out < B. out may alias a or b.
template <std::size_t N>
ZKF_IFMA_TARGET void mul(const Lanes<limbs_for(N)>& a, const Lanes<limbs_for(N)>& b, const Modulus<N>& m,
                         Lanes<limbs_for(N)>& out) {
  constexpr std::size_t L = limbs_for(N);
  constexpr unsigned s = Modulus<N>::kShift;
  const __m512i mask = _mm512_set1_epi64(static_cast<long long>(kLimbMask));
  const __m512i zero = _mm512_setzero_si512();
  const __m512i k0 = _mm512_set1_epi64(static_cast<long long>(m.k0));
  __m512i x[L], y[L], p[L], t[L + 1];
  for (std::size_t j = 0; j < L; ++j) p[j] = _mm512_set1_epi64(static_cast<long long>(m.p[j]));
  // x = a * 2^s, limbs renormalised: a < B <= 2p < 2^(52L - s).
  {
    __m512i a_l[L];
    load_lanes(a, a_l);
    for (std::size_t j = 0; j < L; ++j) {
      __m512i v = _mm512_and_si512(_mm512_slli_epi64(a_l[j], s), mask);
      if (j > 0) v = _mm512_or_si512(v, _mm512_srli_epi64(a_l[j - 1], kLimbBits - s));
      x[j] = v;
    }
  }
  load_lanes(b, y);
  for (std::size_t j = 0; j <= L; ++j) t[j] = zero;
  for (std::size_t i = 0; i < L; ++i) {
    for (std::size_t j = 0; j < L; ++j) {
      t[j] = _mm512_madd52lo_epu64(t[j], x[j], y[i]);
      t[j + 1] = _mm512_madd52hi_epu64(t[j + 1], x[j], y[i]);
    }
    const __m512i q = _mm512_madd52lo_epu64(zero, t[0], k0);
    for (std::size_t j = 0; j < L; ++j) {
      t[j] = _mm512_madd52lo_epu64(t[j], p[j], q);
      t[j + 1] = _mm512_madd52hi_epu64(t[j + 1], p[j], q);
    }
    const __m512i carry = _mm512_srli_epi64(t[0], kLimbBits);
    for (std::size_t j = 0; j < L; ++j) t[j] = t[j + 1];
    t[L] = zero;
    t[0] = _mm512_add_epi64(t[0], carry);
  }
  __m512i r[L];
  for (std::size_t j = 0; j < L; ++j) r[j] = t[j];
  normalise(r);
  if (m.reduce_products) subtract_if_not_below(r, m.p);
  store_lanes(r, out);
}

// out = a + b mod p per lane, for a, b < B; out < B. out may alias a or b.
template <std::size_t N>
ZKF_IFMA_TARGET void add(const Lanes<limbs_for(N)>& a, const Lanes<limbs_for(N)>& b, const Modulus<N>& m,
                         Lanes<limbs_for(N)>& out) {
  constexpr std::size_t L = limbs_for(N);
  __m512i x[L], y[L];
  load_lanes(a, x);
  load_lanes(b, y);
  for (std::size_t j = 0; j < L; ++j) x[j] = _mm512_add_epi64(x[j], y[j]);
  normalise(x);
  subtract_if_not_below(x, m.bound);
  store_lanes(x, out);
}

// out = a - b mod p per lane, for a, b < B; out < B. out may alias a or b.
template <std::size_t N>
ZKF_IFMA_TARGET void sub(const Lanes<limbs_for(N)>& a, const Lanes<limbs_for(N)>& b, const Modulus<N>& m,
                         Lanes<limbs_for(N)>& out) {
  constexpr std::size_t L = limbs_for(N);
  __m512i x[L], y[L];
  load_lanes(a, x);
  load_lanes(b, y);
  for (std::size_t j = 0; j < L; ++j)
    x[j] = _mm512_add_epi64(_mm512_sub_epi64(x[j], y[j]), _mm512_set1_epi64(static_cast<long long>(m.bound[j])));
  normalise(x);
  subtract_if_not_below(x, m.bound);
  store_lanes(x, out);
}

// Bit l set when lane l holds 0 mod p (0, or p when B = 2p).
template <std::size_t N>
ZKF_IFMA_TARGET std::uint8_t zero_mask(const Lanes<limbs_for(N)>& a, const Modulus<N>& m) {
  constexpr std::size_t L = limbs_for(N);
  __m512i x[L];
  load_lanes(a, x);
  subtract_if_not_below(x, m.p);
  __m512i any = x[0];
  for (std::size_t j = 1; j < L; ++j) any = _mm512_or_si512(any, x[j]);
  return static_cast<std::uint8_t>(_mm512_cmpeq_epi64_mask(any, _mm512_setzero_si512()));
}

}  // namespace ifma
}  // namespace zkforge::arch::x86_64

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

#endif
