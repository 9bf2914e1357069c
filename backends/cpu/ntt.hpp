// SPDX-License-Identifier: Apache-2.0
// The CPU backend's NTT: radix-2 butterflies two levels per pass, depth-first inside cache-sized
// blocks, spread over the threads of cpu_pool.
//
// Algorithm (natural order in, bit-reversed out). With n = 2^k, omega the domain's root and
// zeta_j = omega^bitrev(j) for j < n/2 (bitrev over k - 1 bits): block j of level l, the 2h
// elements from 2hj on (h = n/2^(l+1)), holds the residue of the input polynomial f modulo
// z^(2h) - zeta_j^2. The Cooley-Tukey butterfly (a, b) <- (a + zeta_j b, a - zeta_j b) on its pairs
// (i, i + h) leaves f mod (z^h - zeta_j) and f mod (z^h + zeta_j) in its halves, which are the
// blocks 2j and 2j + 1 of level l + 1 because zeta_2j^2 = zeta_j and zeta_2j+1^2 = -zeta_j. After
// k levels position i holds f(omega^bitrev(i)). A block has a single twiddle, so one table
// zeta_0 .. zeta_(n/2 - 1) serves every level, read in order. Bit-reversed in, natural out is the
// mirror: the levels in reverse order with Gentleman-Sande butterflies (a, b) <- (a + b, (a - b) zeta_j).
// The inverse runs the same kernels over a table of zeta_j^-1 = -zeta_j' (ntt_inverse_twiddle_index),
// then scales by 1/n. NN and RR add one in-place bit-reversal permutation.
//
// Memory: a pass does two levels on the four elements i, i + q, i + 2q, i + 3q of a block of 4q
// ("column" i < q), so the data is read and written once per two levels; a radix-4 butterfly would
// cost the same four products, because the fourth root of unity is an ordinary field element.
// Passes over the whole array, split among threads by columns, run down to the block size
// (kNttLogBlock, a fraction of L2); each block is then finished depth-first by one thread.
// Columns go eight at a time on vector lanes (field_lanes.hpp: AVX-512 IFMA) where a block has
// eight or more. A block of at most 2^kNttLogLaneTail elements finishes its levels breadth-first on
// the lanes, eight (sub-block, column) pairs at a time, each lane with its own twiddles, so the
// last levels' narrow blocks run on the lanes too; only transforms below 32 elements (and the
// scalar lanes) go one column at a time. The coset powers and the inverse's 1/n go eight at a time.
//
// Cost: (n/2) log2 n butterflies of one product, one addition and one subtraction, less the
// ~n whose twiddle is 1 (block 0 of every level); plus n products for the inverse's 1/n, and n
// more with a coset (the chain of its powers). The twiddles cost n/2 products once per
// (field, k, convention) and n elements of memory (both directions' tables), kept for the life of
// the process.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "field_lanes.hpp"
#include "zkforge/backend/thread_pool.hpp"
#include "zkforge/memory/aligned.hpp"
#include "zkforge/ntt/ntt.hpp"

namespace zkforge::cpu {

// a + b and a - b mod p without branches. Fp's operators branch on the comparison with p, which a
// butterfly's random inputs mispredict half the time; here both candidates are computed and a mask
// selects one. No carry leaves the top word: p < 2^(64N - 1).
template <class F>
ZKF_INLINE F ntt_add(const F& a, const F& b) {
  constexpr typename F::Int p = F::kModulus;
  const auto& x = a.montgomery_words();
  const auto& y = b.montgomery_words();
  typename F::Int s, d;
  std::uint64_t carry = 0, borrow = 0;
  for (std::size_t i = 0; i < F::kLimbs; ++i) s.w[i] = arch::adc(x.w[i], y.w[i], carry);
  for (std::size_t i = 0; i < F::kLimbs; ++i) d.w[i] = arch::sbb(s.w[i], p.w[i], borrow);
  const std::uint64_t keep_sum = 0 - borrow;  // all ones when s < p
  for (std::size_t i = 0; i < F::kLimbs; ++i) d.w[i] = (s.w[i] & keep_sum) | (d.w[i] & ~keep_sum);
  return F::from_montgomery_unchecked(d);
}

template <class F>
ZKF_INLINE F ntt_sub(const F& a, const F& b) {
  constexpr typename F::Int p = F::kModulus;
  const auto& x = a.montgomery_words();
  const auto& y = b.montgomery_words();
  typename F::Int d;
  std::uint64_t borrow = 0, carry = 0;
  for (std::size_t i = 0; i < F::kLimbs; ++i) d.w[i] = arch::sbb(x.w[i], y.w[i], borrow);
  const std::uint64_t add_p = 0 - borrow;  // all ones when a < b
  for (std::size_t i = 0; i < F::kLimbs; ++i) d.w[i] = arch::adc(d.w[i], p.w[i] & add_p, carry);
  return F::from_montgomery_unchecked(d);
}

// Block k's twiddle is zeta_k = tw[k] forward. The inverse's is zeta_k^-1 = omega^(-bitrev(k)) =
// -omega^(n/2 - bitrev(k)) = -tw[k'] (k > 0), where n/2 - bitrev(k) is the two's complement of
// bitrev(k), so k' (returned here) is k with every bit below its highest set bit flipped.
inline std::size_t ntt_inverse_twiddle_index(std::size_t k) {
  std::size_t below = k >> 1;
  for (unsigned shift = 1; shift < 8 * sizeof(std::size_t); shift *= 2) below |= below >> shift;
  return k ^ below;
}

// (a, b) <- (a + b, a - b): a butterfly of either kind with the twiddle 1.
template <class F>
ZKF_INLINE void ntt_butterfly(F& a, F& b) {
  const F s = ntt_add(a, b);
  b = ntt_sub(a, b);
  a = s;
}

// Cooley-Tukey (a, b) <- (a + t b, a - t b), or Gentleman-Sande (kGs) (a, b) <- (a + b, (a - b) t),
// with t as its direction's table holds it (NttTables: zeta_k forward, zeta_k^-1 inverse).
template <class F, bool kGs>
ZKF_INLINE void ntt_twiddle_butterfly(F& a, F& b, const F& t) {
  if constexpr (kGs) {
    const F s = ntt_add(a, b);
    b = ntt_sub(a, b) * t;
    a = s;
  } else {
    b *= t;
    ntt_butterfly(a, b);
  }
}

// The butterflies on single values (NttScalarOps) and on eight lanes (NttLaneOps), for the kernels
// written once over both (ntt_two_levels).
template <class F>
struct NttScalarOps {
  using Value = F;
  static ZKF_INLINE void butterfly(F& a, F& b) { ntt_butterfly(a, b); }
  template <bool kGs>
  static ZKF_INLINE void twiddle(F& a, F& b, const F& t) {
    ntt_twiddle_butterfly<F, kGs>(a, b, t);
  }
};

template <class Lanes>
struct NttLaneOps {
  using Value = typename Lanes::Vec;
  static ZKF_INLINE void butterfly(Value& a, Value& b) {
    Value s;
    Lanes::add(a, b, s);
    Lanes::sub(a, b, b);
    a = s;
  }
  template <bool kGs>
  static ZKF_INLINE void twiddle(Value& a, Value& b, const Value& t) {
    if constexpr (kGs) {
      Value s;
      Lanes::add(a, b, s);
      Lanes::sub(a, b, b);
      Lanes::mul(b, t, b);
      a = s;
    } else {
      Lanes::mul(b, t, b);
      butterfly(a, b);
    }
  }
};

// Two levels of the four elements j, j + q, j + 2q, j + 3q of a block k of 4q (a[0 .. 3]), w = zeta_k,
// we = zeta_2k, wo = zeta_2k+1. Natural to bit-reversed (Cooley-Tukey): (a0, a2) and (a1, a3) by w,
// then (a0, a1) by we and (a2, a3) by wo. Bit-reversed to natural (kGs): Gentleman-Sande butterflies
// in the opposite order. `unit` (block 0, w = we = 1): three of the four butterflies need no product.
template <bool kGs, class Ops, class V = typename Ops::Value>
ZKF_INLINE void ntt_two_levels(V (&a)[4], const V& w, const V& we, const V& wo, bool unit) {
  if (unit) {
    if constexpr (kGs) {
      Ops::butterfly(a[0], a[1]);
      Ops::template twiddle<kGs>(a[2], a[3], wo);
    }
    Ops::butterfly(a[0], a[2]);
    Ops::butterfly(a[1], a[3]);
    if constexpr (!kGs) {
      Ops::butterfly(a[0], a[1]);
      Ops::template twiddle<kGs>(a[2], a[3], wo);
    }
    return;
  }
  if constexpr (kGs) {
    Ops::template twiddle<kGs>(a[0], a[1], we);
    Ops::template twiddle<kGs>(a[2], a[3], wo);
  }
  Ops::template twiddle<kGs>(a[0], a[2], w);
  Ops::template twiddle<kGs>(a[1], a[3], w);
  if constexpr (!kGs) {
    Ops::template twiddle<kGs>(a[0], a[1], we);
    Ops::template twiddle<kGs>(a[2], a[3], wo);
  }
}

// The table entries of block k's twiddles for two levels: zeta_k, then zeta_2k and zeta_2k+1 below.
template <class F>
struct NttBlockTwiddles {
  F w, w_even, w_odd;
};

template <class F>
NttBlockTwiddles<F> ntt_block_twiddles(const F* tw, std::size_t k) {
  return {tw[k], tw[2 * k], tw[2 * k + 1]};
}

// Two levels of column j < q of block k, whose 4q elements start at x (ntt_two_levels).
template <class F, bool kGs>
ZKF_INLINE void ntt_column(F* x, std::size_t q, std::size_t j, std::size_t k, const NttBlockTwiddles<F>& t) {
  F a[4] = {x[j], x[j + q], x[j + 2 * q], x[j + 3 * q]};
  ntt_two_levels<kGs, NttScalarOps<F>>(a, t.w, t.w_even, t.w_odd, k == 0);
  for (std::size_t e = 0; e < 4; ++e) x[j + e * q] = a[e];
}

// The column kernel eight columns at a time (field_lanes.hpp), with the same butterflies.
template <class F, class Lanes>
struct NttLaneColumns {
  using Vec = typename Lanes::Vec;
  Vec w, w_even, w_odd;

  NttLaneColumns(const NttBlockTwiddles<F>& t) {
    load_broadcast<Lanes>(t.w, w);
    load_broadcast<Lanes>(t.w_even, w_even);
    load_broadcast<Lanes>(t.w_odd, w_odd);
  }

  // Columns j .. j + 7 of block k (ntt_column, lane l = column j + l).
  template <bool kGs>
  void run(F* x, std::size_t q, std::size_t j, std::size_t k) const {
    Vec a[4];
    for (std::size_t e = 0; e < 4; ++e) Lanes::load_run(x + j + e * q, a[e]);
    ntt_two_levels<kGs, NttLaneOps<Lanes>>(a, w, w_even, w_odd, k == 0);
    for (std::size_t e = 0; e < 4; ++e) Lanes::store_run(a[e], x + j + e * q);
  }
};

// Columns [begin, end) of block k: eight at a time on vector lanes, the rest one by one.
template <class F, bool kGs, class Lanes>
void ntt_columns(F* x, std::size_t q, std::size_t begin, std::size_t end, std::size_t k, const NttBlockTwiddles<F>& t) {
  std::size_t j = begin;
  if constexpr (Lanes::kVector) {
    if (end - begin >= kFieldLanes) {
      const NttLaneColumns<F, Lanes> lanes(t);
      for (; j + kFieldLanes <= end; j += kFieldLanes) lanes.template run<kGs>(x, q, j, k);
    }
  }
  for (; j < end; ++j) ntt_column<F, kGs>(x, q, j, k, t);
}

// All levels of block k (2^log_m elements at x, 5 <= log_m), breadth-first on the lanes, eight
// (sub-block, column) pairs at a time, each lane with its own elements and twiddles: the two-level
// passes of ntt_column over every sub-block at once, and for odd log_m one radix-2 level on the
// sub-blocks of two (last for Cooley-Tukey, first for Gentleman-Sande). Sub-block s of a pass at
// depth d is the block k 2^d + s.
template <class F, bool kGs, class Lanes>
void ntt_lane_tail(F* x, std::size_t log_m, std::size_t k, const F* tw) {
  using Ops = NttLaneOps<Lanes>;
  using Vec = typename Lanes::Vec;
  auto radix2 = [&] {
    const std::size_t d = log_m - 1;
    for (std::size_t s0 = 0; s0 < (std::size_t{1} << d); s0 += kFieldLanes) {
      F *pa[kFieldLanes], *pb[kFieldLanes];
      const F* pt[kFieldLanes];
      for (std::size_t l = 0; l < kFieldLanes; ++l) {
        pa[l] = x + 2 * (s0 + l);
        pb[l] = pa[l] + 1;
        pt[l] = tw + ((k << d) + s0 + l);
      }
      Vec a, b, t;
      Lanes::load(pa, a);
      Lanes::load(pb, b);
      Lanes::load(pt, t);
      Ops::template twiddle<kGs>(a, b, t);
      store_to<Lanes>(a, pa);
      store_to<Lanes>(b, pb);
    }
  };
  auto pass = [&](std::size_t d) {  // levels d and d + 1: sub-blocks of 4q elements
    const std::size_t log_q = log_m - d - 2, q = std::size_t{1} << log_q;
    for (std::size_t p0 = 0; p0 < (std::size_t{1} << (log_m - 2)); p0 += kFieldLanes) {
      F* pe[4][kFieldLanes];
      const F *pw[kFieldLanes], *pwe[kFieldLanes], *pwo[kFieldLanes];
      for (std::size_t l = 0; l < kFieldLanes; ++l) {
        const std::size_t p = p0 + l, s = p >> log_q, j = p & (q - 1), kk = (k << d) + s;
        for (std::size_t e = 0; e < 4; ++e) pe[e][l] = x + 4 * q * s + j + e * q;
        pw[l] = tw + kk;
        pwe[l] = tw + 2 * kk;
        pwo[l] = tw + 2 * kk + 1;
      }
      Vec a[4], w, we, wo;
      for (std::size_t e = 0; e < 4; ++e) Lanes::load(pe[e], a[e]);
      Lanes::load(pw, w);
      Lanes::load(pwe, we);
      Lanes::load(pwo, wo);
      ntt_two_levels<kGs, Ops>(a, w, we, wo, false);
      for (std::size_t e = 0; e < 4; ++e) store_to<Lanes>(a[e], pe[e]);
    }
  };
  const bool odd = (log_m & 1) != 0;
  const std::size_t passes = log_m / 2;
  if constexpr (kGs) {
    if (odd) radix2();
    for (std::size_t i = passes; i-- > 0;) pass(2 * i);
  } else {
    for (std::size_t i = 0; i < passes; ++i) pass(2 * i);
    if (odd) radix2();
  }
}

// log2 of the largest block that ntt_lane_tail finishes: blocks of 2^5 .. 2^7 elements (ntt_serial
// reaches one of them from any block of 32 or more).
inline constexpr std::size_t kNttLogLaneTail = 7;

// log2 of the largest block that one thread finishes depth-first: 2^14 elements are 512 KiB of
// 256-bit values, a quarter of this machine's L2.
inline constexpr std::size_t kNttLogBlock = 14;
// From 2^kNttLogSplit elements on, the blocks are made small enough to give every thread several.
inline constexpr std::size_t kNttLogSplit = 12;
// Columns per task in a pass over the whole array: about 16 * 4 products, a few microseconds.
inline constexpr std::size_t kNttMinColumns = 16;

// log2 of the blocks for a transform of size 2^log_n: at most kNttLogBlock, at least 16 blocks once
// log_n >= kNttLogSplit, and of log_n's parity (the passes above them take two levels each).
inline std::size_t ntt_block_log_size(std::size_t log_n) {
  const std::size_t target = log_n >= kNttLogSplit ? std::min(kNttLogBlock, log_n - 4) : log_n;
  std::size_t log_m = log_n;
  while (log_m > target) log_m -= 2;
  return log_m;
}

// Block k of size 2^log_m at x, all its levels on this thread, depth-first; its quarters are the
// blocks 4k .. 4k + 3 two levels down.
template <class F, bool kGs, class Lanes>
void ntt_serial(F* x, std::size_t log_m, std::size_t k, const F* tw) {
  if constexpr (Lanes::kVector) {
    if (log_m >= 5 && log_m <= kNttLogLaneTail) {
      ntt_lane_tail<F, kGs, Lanes>(x, log_m, k, tw);
      return;
    }
  }
  if (log_m == 0) return;
  if (log_m == 1) {
    if (k == 0) {
      ntt_butterfly(x[0], x[1]);
    } else {
      ntt_twiddle_butterfly<F, kGs>(x[0], x[1], tw[k]);
    }
    return;
  }
  const std::size_t q = std::size_t{1} << (log_m - 2);
  if constexpr (kGs) {
    for (std::size_t i = 0; i < 4; ++i) ntt_serial<F, kGs, Lanes>(x + i * q, log_m - 2, 4 * k + i, tw);
  }
  ntt_columns<F, kGs, Lanes>(x, q, 0, q, k, ntt_block_twiddles(tw, k));
  if constexpr (!kGs) {
    for (std::size_t i = 0; i < 4; ++i) ntt_serial<F, kGs, Lanes>(x + i * q, log_m - 2, 4 * k + i, tw);
  }
}

// Levels `level` and level + 1 of the whole array: every block of size 2^(log_n - level), columns
// split among the threads.
template <class F, bool kGs, class Lanes>
void ntt_pass(F* x, std::size_t log_n, std::size_t level, const F* tw, ThreadPool& pool) {
  const std::size_t log_m = log_n - level, log_q = log_m - 2, q = std::size_t{1} << log_q;
  pool.parallel_for(std::size_t{1} << (log_n - 2), [&](std::size_t begin, std::size_t end) {
    for (std::size_t c = begin; c < end;) {
      const std::size_t k = c >> log_q, block_end = std::min(end, (k + 1) << log_q);
      ntt_columns<F, kGs, Lanes>(x + (k << log_m), q, c & (q - 1), ((block_end - 1) & (q - 1)) + 1, k,
                                 ntt_block_twiddles(tw, k));
      c = block_end;
    }
  }, kNttMinColumns);
}

// The transform of x, size 2^log_n, without the 1/n of the inverse: natural to bit-reversed, or
// bit-reversed to natural (kGs). Passes over the whole array down to the block size, then the
// blocks in parallel (kGs: the same in the opposite order).
template <class F, bool kGs, class Lanes>
void ntt_kernel(F* x, std::size_t log_n, const F* tw, ThreadPool& pool) {
  const std::size_t log_block = ntt_block_log_size(log_n), outer = log_n - log_block;
  auto blocks = [&] {
    pool.parallel_for(std::size_t{1} << outer, [&](std::size_t begin, std::size_t end) {
      for (std::size_t k = begin; k < end; ++k)
        ntt_serial<F, kGs, Lanes>(x + (k << log_block), log_block, k, tw);
    });
  };
  if constexpr (kGs) {
    blocks();
    for (std::size_t level = outer; level >= 2; level -= 2)
      ntt_pass<F, kGs, Lanes>(x, log_n, level - 2, tw, pool);
  } else {
    for (std::size_t level = 0; level < outer; level += 2) ntt_pass<F, kGs, Lanes>(x, log_n, level, tw, pool);
    blocks();
  }
}

// The low `bits` bits of i in reverse order.
inline std::size_t ntt_reverse_bits(std::size_t i, std::size_t bits) {
  std::uint64_t v = i;
  v = ((v >> 1) & 0x5555555555555555ULL) | ((v & 0x5555555555555555ULL) << 1);
  v = ((v >> 2) & 0x3333333333333333ULL) | ((v & 0x3333333333333333ULL) << 2);
  v = ((v >> 4) & 0x0f0f0f0f0f0f0f0fULL) | ((v & 0x0f0f0f0f0f0f0f0fULL) << 4);
  v = ((v >> 8) & 0x00ff00ff00ff00ffULL) | ((v & 0x00ff00ff00ff00ffULL) << 8);
  v = ((v >> 16) & 0x0000ffff0000ffffULL) | ((v & 0x0000ffff0000ffffULL) << 16);
  v = (v >> 32) | (v << 32);
  return bits == 0 ? 0 : static_cast<std::size_t>(v >> (64 - bits));
}

// x[i] <-> x[bitrev(i)] in place: each pair is swapped by the owner of its smaller index.
template <class F>
void ntt_bit_reverse(F* x, std::size_t log_n, ThreadPool& pool) {
  pool.parallel_for(std::size_t{1} << log_n, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      const std::size_t r = ntt_reverse_bits(i, log_n);
      if (i < r) std::swap(x[i], x[r]);
    }
  }, 4096);
}

// x[pos(i)] *= factor * base^i for i < 2^log_n, pos(i) = i or bitrev(i). Each task starts its
// chain of powers with one exponentiation; base = 1 is a plain scaling. On vector lanes eight
// consecutive i at a time, the chain's eight powers advanced by base^8.
template <class F, class Lanes>
void ntt_scale_by_powers(F* x, std::size_t log_n, const F& base, const F& factor, bool bit_reversed, ThreadPool& pool) {
  const std::size_t n = std::size_t{1} << log_n;
  const bool plain = base.is_one();
  auto pos = [&](std::size_t i) { return bit_reversed ? ntt_reverse_bits(i, log_n) : i; };
  pool.parallel_for(n, [&](std::size_t begin, std::size_t end) {
    F c = plain ? factor : factor * base.pow(BigInt<1>::from_u64(begin));
    std::size_t i = begin;
    if constexpr (Lanes::kVector) {
      using Vec = typename Lanes::Vec;
      if (end - begin >= kFieldLanes) {
        F chain[kFieldLanes];
        chain[0] = c;
        for (std::size_t l = 1; l < kFieldLanes; ++l) chain[l] = plain ? c : chain[l - 1] * base;
        Vec cv, step;
        Lanes::load_run(chain, cv);
        load_broadcast<Lanes>(base.sqr().sqr().sqr(), step);
        for (; i + kFieldLanes <= end; i += kFieldLanes) {
          F* p[kFieldLanes];
          for (std::size_t l = 0; l < kFieldLanes; ++l) p[l] = x + pos(i + l);
          Vec v;
          Lanes::load(p, v);
          Lanes::mul(v, cv, v);
          store_to<Lanes>(v, p);
          if (!plain) Lanes::mul(cv, step, cv);
        }
        Lanes::store(cv, chain);
        c = chain[0];
      }
    }
    for (; i < end; ++i) {
      x[pos(i)] *= c;
      if (!plain) c *= base;
    }
  }, 4096);
}

// The domain and the twiddles zeta_k = omega^bitrev(k) (k < n/2) of one (k, convention), shared by
// both directions.
template <class F>
struct NttTables {
  Domain<F> domain;
  AlignedVector<F> twiddles;
  AlignedVector<F> inverse_twiddles;  // zeta_k^-1: 1 for k = 0, else -zeta_k' (ntt_inverse_twiddle_index)
};

// The tables of one (log_n, convention): zeta_(2^i + j) = zeta_j * omega^(n / 2^(i+2)) for j < 2^i,
// because bitrev adds the bit of 2^i to that of j: n/2 products, independent within each i; and
// their inverses, n/2 negations.
template <class F>
std::unique_ptr<const NttTables<F>> ntt_make_tables(std::size_t log_n, RootConvention convention, ThreadPool& pool) {
  const Domain<F> domain(log_n, convention);
  AlignedVector<F> twiddles((std::size_t{1} << log_n) / 2);
  if (!twiddles.empty()) twiddles[0] = F::one();
  std::vector<F> squares = {domain.omega()};  // omega^(2^e) for e < log_n - 1
  while (squares.size() + 1 < log_n) squares.push_back(squares.back().sqr());
  for (std::size_t i = 0; i + 1 < log_n; ++i) {
    const std::size_t half = std::size_t{1} << i;
    const F& c = squares[log_n - 2 - i];
    pool.parallel_for(half, [&](std::size_t begin, std::size_t end) {
      for (std::size_t j = begin; j < end; ++j) twiddles[half + j] = twiddles[j] * c;
    }, 4096);
  }
  AlignedVector<F> inverse_twiddles(twiddles.size());
  pool.parallel_for(twiddles.size(), [&](std::size_t begin, std::size_t end) {
    for (std::size_t k = begin; k < end; ++k)
      inverse_twiddles[k] = k == 0 ? F::one() : -twiddles[ntt_inverse_twiddle_index(k)];
  }, 4096);
  return std::make_unique<const NttTables<F>>(NttTables<F>{domain, std::move(twiddles), std::move(inverse_twiddles)});
}

// The cached tables of (log_n, convention), never freed, so the reference stays valid. A build runs
// pool jobs, so it happens without the cache's lock held: a pool task that asks for tables must
// not wait on a thread that waits for the pool. Two first callers may both build; one result is kept.
template <class F>
const NttTables<F>& ntt_tables(std::size_t log_n, RootConvention convention, ThreadPool& pool) {
  static std::mutex mutex;
  static std::map<std::pair<std::size_t, RootConvention>, std::unique_ptr<const NttTables<F>>> cache;
  const std::pair<std::size_t, RootConvention> key{log_n, convention};
  {
    std::lock_guard<std::mutex> lock(mutex);
    const auto it = cache.find(key);
    if (it != cache.end()) return *it->second;
  }
  auto built = ntt_make_tables<F>(log_n, convention, pool);
  std::lock_guard<std::mutex> lock(mutex);
  auto& entry = cache[key];
  if (!entry) entry = std::move(built);
  return *entry;
}

}  // namespace zkforge::cpu

namespace zkforge {

// Order of work: bring the input to the order the kernel wants (bit-reversed for RN, natural
// otherwise), the forward coset powers on the coefficients, the kernel, the inverse's 1/n and coset
// powers on the coefficients, and a final permutation if the output order differs.
template <class F>
void NttBackend<Cpu, F>::run(HostSpan<F> data, const NttConfig<F>& config) {
  std::size_t log_n = 0;
  while ((std::size_t{1} << log_n) < data.size) ++log_n;
  ThreadPool& pool = cpu_pool(config.threads);
  const cpu::NttTables<F>& tables = cpu::ntt_tables<F>(log_n, config.convention, pool);
  F* x = data.data;
  const bool inverse = config.direction == NttDirection::inverse;
  const bool in_reversed = config.order == NttOrder::RN || config.order == NttOrder::RR;
  const bool out_reversed = config.order == NttOrder::NR || config.order == NttOrder::RR;
  const bool gs = in_reversed && !out_reversed;

  bool reversed = in_reversed;
  if (reversed && !gs) {
    cpu::ntt_bit_reverse(x, log_n, pool);
    reversed = false;
  }
  const F* tw = (inverse ? tables.inverse_twiddles : tables.twiddles).data();
  cpu::with_field_lanes<F>([&](auto lanes) {
    using Lanes = decltype(lanes);
    if (!inverse && config.coset) cpu::ntt_scale_by_powers<F, Lanes>(x, log_n, *config.coset, F::one(), reversed, pool);
    if (gs) {
      cpu::ntt_kernel<F, true, Lanes>(x, log_n, tw, pool);
    } else {
      cpu::ntt_kernel<F, false, Lanes>(x, log_n, tw, pool);
    }
    reversed = !reversed;
    if (inverse) {
      const F base = config.coset ? config.coset->inverse() : F::one();
      cpu::ntt_scale_by_powers<F, Lanes>(x, log_n, base, tables.domain.n_inv(), reversed, pool);
    }
  });
  if (reversed != out_reversed) cpu::ntt_bit_reverse(x, log_n, pool);
}

}  // namespace zkforge
