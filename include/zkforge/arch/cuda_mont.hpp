// SPDX-License-Identifier: Apache-2.0
// Modular arithmetic on NVIDIA GPUs: the Montgomery product and square in 32-bit limbs with PTX
// multiply-add carry chains, addition and subtraction with PTX carry chains, and the product by a
// fixed factor with its Shoup quotient (shoup_mul, the NTT's twiddles; at the end of this file).
//
// The GPU multiplies 32-bit integers natively; a 64-bit product costs several instructions and a
// carry compared in C++ costs more. Here the N 64-bit words are n = 2N limbs of 32 bits, and the
// running value of the CIOS product (montgomery::mul_portable's algorithm) is kept as two halves:
//   lo holds limbs at positions 0 .. n-1, hi holds limbs at positions 1 .. n (hi[k] weighs 2^(32(k+1))).
// A row t += x * y adds the products of x's even limbs into lo and those of its odd limbs into hi.
// Each product's low and high halves land in adjacent limbs (x_j y at positions j and j+1), so one
// row is two carry chains of mad.lo.cc / madc.hi.cc pairs on the same operands, which the assembler
// fuses into 64-bit-wide multiply-adds. The reduction row m * p is added the same way
// (m = lo_0 * (-p^-1 mod 2^32) clears position 0, which only lo holds). Dividing by 2^32 swaps the
// halves' roles: the old hi becomes the next lo, and the old lo, shifted, becomes the next hi, its
// lowest limb folded into the next lo's first limb by the carry that opens the next hi chain.
// With a, b < p and p < 2^(32n - 1) the value stays below 2p; one conditional subtraction reduces it.
// The square runs the same rows with operands whose low limbs are zero (sqr_rows), and a modulus
// whose two low limbs are 1 and 2^32 - 1 takes its reduction rows' first products as additions
// (reduce_row): both spare multiply-adds, the H200's bound in every kernel of products.
//
// Each instruction is its own asm statement: the compiler keeps the carry flag's order between
// them (the carry is a dependency of the .cc instructions). Host code and the HIP backend on AMD
// GPUs use the portable product; HIP compiled by nvcc for NVIDIA GPUs uses this one.
#pragma once

#if defined(__CUDA_ARCH__)

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#define ZKF_HAVE_CUDA_MONT 1

namespace zkforge::arch::cuda {

// t_j, t_(j+1) = (x_j * y) low, high, for even j < k (no carries: the pairs do not overlap).
template <std::size_t k>
__device__ __forceinline__ void mul_pairs(std::uint32_t* t, const std::uint32_t* x, std::uint32_t y) {
#pragma unroll
  for (std::size_t j = 0; j < k; j += 2) {
    t[j] = x[j] * y;
    t[j + 1] = __umulhi(x[j], y);
  }
}

// t_j, t_(j+1) += x_j * y for even j from `from` to k - 2: one carry chain; with carry_in it starts
// from the carry flag.
template <std::size_t k, bool carry_in, std::size_t from = 0>
__device__ __forceinline__ void mad_pairs(std::uint32_t* t, const std::uint32_t* x, std::uint32_t y) {
  static_assert(from % 2 == 0 && from < k);
  if constexpr (carry_in)
    asm volatile("madc.lo.cc.u32 %0, %2, %3, %0; madc.hi.cc.u32 %1, %2, %3, %1;"
                 : "+r"(t[from]), "+r"(t[from + 1]) : "r"(x[from]), "r"(y));
  else
    asm volatile("mad.lo.cc.u32 %0, %2, %3, %0; madc.hi.cc.u32 %1, %2, %3, %1;"
                 : "+r"(t[from]), "+r"(t[from + 1]) : "r"(x[from]), "r"(y));
#pragma unroll
  for (std::size_t j = from + 2; j < k; j += 2)
    asm volatile("madc.lo.cc.u32 %0, %2, %3, %0; madc.hi.cc.u32 %1, %2, %3, %1;"
                 : "+r"(t[j]), "+r"(t[j + 1]) : "r"(x[j]), "r"(y));
}

__device__ __forceinline__ void add_carry(std::uint32_t& t) { asm volatile("addc.u32 %0, %0, 0;" : "+r"(t)); }

// Position pos of an operand whose limbs below zeros are zero holds a limb (a function, where the
// comparison written out would be one the compiler calls pointless for zeros = 0).
__device__ constexpr bool holds_limb(std::size_t pos, std::size_t zeros) { return pos >= zeros; }

// Whether a modulus's low word is 2^64 - 2^32 + 1, its 32-bit limbs 1 and 2^32 - 1 (BLS12-381's scalar
// field): then -p^-1 = -1 mod 2^32, and a reduction row's first two products need no multiplier.
constexpr bool low_limbs_one_minus_one(std::uint64_t p0) { return p0 == 0xffffffff00000001ULL; }

// The reduction row t += m p, m = lo_0 (-p^-1) mod 2^32, after which lo_0 is zero (and not read again).
// With low_one (low_limbs_one_minus_one), m = -lo_0 mod 2^32: m q_1 = m 2^32 - m has low half lo_0 and
// high half m - [lo_0 != 0], and lo_0 + m q_0 = 2^32 [lo_0 != 0], so two of the row's n products become
// additions (12% fewer multiply-adds in a product of BLS12-381's Fr). m itself stays a product by
// -p^-1 from constant memory: written as a negation, the assembler folded it into every product by m
// and split each 64-bit-wide multiply-add of the row into two (docs/perf.md).
template <std::size_t n, bool low_one>
__device__ __forceinline__ void reduce_row(std::uint32_t* lo, std::uint32_t* hi, const std::uint32_t* q,
                                           std::uint32_t inv32) {
  const std::uint32_t t0 = lo[0], m = t0 * inv32;
  if constexpr (low_one) {
    const std::uint32_t m_high = m - (t0 != 0 ? 1u : 0u);
    asm volatile("add.cc.u32 %0, %0, %2; addc.cc.u32 %1, %1, %3;" : "+r"(hi[0]), "+r"(hi[1]) : "r"(t0), "r"(m_high));
    mad_pairs<n, true, 2>(hi, q + 1, m);
    asm volatile("add.cc.u32 %0, %0, 0xffffffff; addc.cc.u32 %1, %1, 0;" : "+r"(lo[0]), "+r"(lo[1]));
    mad_pairs<n, true, 2>(lo, q, m);
  } else {
    mad_pairs<n, false>(hi, q + 1, m);
    mad_pairs<n, false>(lo, q, m);
  }
  add_carry(hi[n - 1]);
}

// One row t += x * y (the running value's halves lo and hi as above, n limbs each), not yet reduced.
// x's limbs below `zeros` are zero (a square's rows): their products are left out, and where hi
// moves up by one limb without them, its chain adds the carry alone.
template <std::size_t n, bool first, std::size_t zeros = 0>
__device__ __forceinline__ void product_row(std::uint32_t* lo, std::uint32_t* hi, const std::uint32_t* x,
                                            std::uint32_t y) {
  static_assert(zeros < n && (!first || zeros == 0));
  if constexpr (first) {
    mul_pairs<n>(lo, x, y);
    mul_pairs<n>(hi, x + 1, y);
  } else {
    // Entering, lo holds positions 0 .. n-1 and hi_1 .. hi_(n-1) positions 0 .. n-2 (hi_0 is zero).
    // lo_0 += hi_1, its carry opening the chain that moves hi up by one limb while adding x's odd limbs.
    asm volatile("add.cc.u32 %0, %0, %1;" : "+r"(lo[0]) : "r"(hi[1]));
#pragma unroll
    for (std::size_t j = 0; j + 2 < n; j += 2) {
      if (holds_limb(j + 1, zeros))
        asm volatile("madc.lo.cc.u32 %0, %2, %3, %4; madc.hi.cc.u32 %1, %2, %3, %5;"
                     : "=r"(hi[j]), "=r"(hi[j + 1]) : "r"(x[j + 1]), "r"(y), "r"(hi[j + 2]), "r"(hi[j + 3]));
      else
        asm volatile("addc.cc.u32 %0, %2, 0; addc.cc.u32 %1, %3, 0;"
                     : "=r"(hi[j]), "=r"(hi[j + 1]) : "r"(hi[j + 2]), "r"(hi[j + 3]));
    }
    asm volatile("madc.lo.cc.u32 %0, %2, %3, 0; madc.hi.u32 %1, %2, %3, 0;"
                 : "=r"(hi[n - 2]), "=r"(hi[n - 1]) : "r"(x[n - 1]), "r"(y));
    // x's even limbs from the first that is not zero; none are left in a square's last row.
    constexpr std::size_t from = zeros + zeros % 2;
    if constexpr (from < n) {
      mad_pairs<n, false, from>(lo, x, y);
      add_carry(hi[n - 1]);
    }
  }
}

// t += u * v into a row product_row has made (lo positions 0 .. n-1, hi positions 1 .. n): u's even
// limbs into lo, whose carry goes to hi's top limb, its odd limbs into hi. The caller bounds t below
// 2^(32(n + 1)), so no chain carries out of hi.
template <std::size_t n>
__device__ __forceinline__ void add_product_row(std::uint32_t* lo, std::uint32_t* hi, const std::uint32_t* u,
                                                std::uint32_t v) {
  mad_pairs<n, false>(lo, u, v);
  add_carry(hi[n - 1]);
  mad_pairs<n, false>(hi, u + 1, v);
}

// One row t += x * y, then the reduction row t += m * p, after which lo_0 is zero. On return hi holds
// positions 0 .. n-1 of t / 2^32 and lo_1 .. lo_(n-1) its positions 0 .. n-2: the caller swaps the two
// names for the next row. zeros: product_row's; low_one: reduce_row's.
template <std::size_t n, bool first, std::size_t zeros = 0, bool low_one = false>
__device__ __forceinline__ void mont_row(std::uint32_t* lo, std::uint32_t* hi, const std::uint32_t* x, std::uint32_t y,
                                         const std::uint32_t* q, std::uint32_t inv32) {
  product_row<n, first, zeros>(lo, hi, x, y);
  reduce_row<n, low_one>(lo, hi, q, inv32);
}

// The rows of a square from row i on. a^2 = sum over i of a_i X_i 2^(32 i), where X_i holds a_i at
// position i and 2 a_j at every position j > i: so row i multiplies a_i by X_i, whose limbs below i
// are zero, n - i products where the product's row has n. With d_k = 2 a_k + (a_(k-1) >> 31) mod 2^32
// (the doubled a's limb k), X_i's limb i + 1 is 2 a_(i+1) mod 2^32 and its limbs above are d_k; 2a's
// limb n is zero since a < 2^(32n - 1).
template <std::size_t n, std::size_t i>
__device__ __forceinline__ void sqr_rows(std::uint32_t* lo, std::uint32_t* hi, const std::uint32_t* a,
                                         const std::uint32_t* d, const std::uint32_t* q, std::uint32_t inv32) {
  std::uint32_t x[n];
#pragma unroll
  for (std::size_t k = 0; k < n; ++k) x[k] = !holds_limb(k, i) ? 0 : k == i ? a[i] : k == i + 1 ? a[i + 1] << 1 : d[k];
  if constexpr (i % 2 == 0)
    mont_row<n, i == 0, i>(lo, hi, x, a[i], q, inv32);
  else
    mont_row<n, false, i>(hi, lo, x, a[i], q, inv32);
  if constexpr (i + 1 < n) sqr_rows<n, i + 1>(lo, hi, a, d, q, inv32);
}

// r = t mod p for t < 2p < 2^(32n) in n = 2N limbs (q holds p's): t - p unless it borrows, chosen limb by
// limb, as 64-bit words.
template <std::size_t N>
__device__ __forceinline__ void reduce_once(std::uint64_t (&r)[N], const std::uint32_t* t, const std::uint32_t* q) {
  constexpr std::size_t n = 2 * N;
  std::uint32_t d[n], borrow;
  asm volatile("sub.cc.u32 %0, %1, %2;" : "=r"(d[0]) : "r"(t[0]), "r"(q[0]));
#pragma unroll
  for (std::size_t j = 1; j < n; ++j) asm volatile("subc.cc.u32 %0, %1, %2;" : "=r"(d[j]) : "r"(t[j]), "r"(q[j]));
  asm volatile("subc.u32 %0, 0, 0;" : "=r"(borrow));
  const bool below_p = borrow != 0;
#pragma unroll
  for (std::size_t i = 0; i < N; ++i) {
    const std::uint32_t l = below_p ? t[2 * i] : d[2 * i];
    const std::uint32_t h = below_p ? t[2 * i + 1] : d[2 * i + 1];
    r[i] = (static_cast<std::uint64_t>(h) << 32) | l;
  }
}

// t = lo + hi as they stand after an even number of rows (lo holds positions 0 .. n-1 of t and
// hi_1 .. hi_(n-1) positions 0 .. n-2), t < 2p; r = t mod p.
template <std::size_t N>
__device__ __forceinline__ void mont_finish(std::uint64_t (&r)[N], const std::uint32_t* lo, const std::uint32_t* hi,
                                            const std::uint32_t* q) {
  constexpr std::size_t n = 2 * N;
  std::uint32_t t[n];
  asm volatile("add.cc.u32 %0, %1, %2;" : "=r"(t[0]) : "r"(lo[0]), "r"(hi[1]));
#pragma unroll
  for (std::size_t j = 1; j + 1 < n; ++j) asm volatile("addc.cc.u32 %0, %1, %2;" : "=r"(t[j]) : "r"(lo[j]), "r"(hi[j + 1]));
  asm volatile("addc.u32 %0, %1, 0;" : "=r"(t[n - 1]) : "r"(lo[n - 1]));
  reduce_once<N>(r, t, q);
}

template <std::size_t N>
__device__ __forceinline__ void split_limbs(std::uint32_t (&x)[2 * N], const std::uint64_t (&a)[N]) {
#pragma unroll
  for (std::size_t i = 0; i < N; ++i) {
    x[2 * i] = static_cast<std::uint32_t>(a[i]);
    x[2 * i + 1] = static_cast<std::uint32_t>(a[i] >> 32);
  }
}

// The n rows of a Montgomery product, row(lo, hi, i, first) for i = 0 .. n - 1 (first: a
// std::bool_constant, true for row 0) with the halves' names swapped after each row (mont_row's
// contract), then t reduced into r (mont_finish).
template <std::size_t N, class Row>
__device__ __forceinline__ void mont_rows(std::uint64_t (&r)[N], const std::uint32_t* q, Row row) {
  constexpr std::size_t n = 2 * N;
  std::uint32_t lo[n], hi[n];
  row(lo, hi, 0, std::true_type{});
  row(hi, lo, 1, std::false_type{});
#pragma unroll
  for (std::size_t i = 2; i < n; i += 2) {
    row(lo, hi, i, std::false_type{});
    row(hi, lo, i + 1, std::false_type{});
  }
  mont_finish<N>(r, lo, hi, q);
}

// r = a * b * 2^(-64N) mod p for a, b < p < 2^(64N - 1); inv = -p^-1 mod 2^64 (its low half is
// -p^-1 mod 2^32); low_one when low_limbs_one_minus_one(p_0).
template <std::size_t N, bool low_one = false>
__device__ __forceinline__ void mont_mul(std::uint64_t (&r)[N], const std::uint64_t (&a)[N], const std::uint64_t (&b)[N],
                                         const std::uint64_t (&p)[N], std::uint64_t inv) {
  constexpr std::size_t n = 2 * N;
  std::uint32_t x[n], y[n], q[n];
  split_limbs<N>(x, a);
  split_limbs<N>(y, b);
  split_limbs<N>(q, p);
  const std::uint32_t inv32 = static_cast<std::uint32_t>(inv);
  mont_rows<N>(r, q, [&](std::uint32_t* lo, std::uint32_t* hi, std::size_t i, auto first) {
    mont_row<n, decltype(first)::value, 0, low_one>(lo, hi, x, y[i], q, inv32);
  });
}

// One row of a sum of two products, t += x * y + u * v, then its reduction row (mont_row's contract).
template <std::size_t n, bool first>
__device__ __forceinline__ void sum_row(std::uint32_t* lo, std::uint32_t* hi, const std::uint32_t* x, std::uint32_t y,
                                        const std::uint32_t* u, std::uint32_t v, const std::uint32_t* q,
                                        std::uint32_t inv32) {
  product_row<n, first>(lo, hi, x, y);
  add_product_row<n>(lo, hi, u, v);
  reduce_row<n, false>(lo, hi, q, inv32);
}

// r = (a * b + c * d) * 2^(-64N) mod p for a, b, c, d < p < 2^(64N - 2): each row adds both products'
// rows, then one reduction row, 3n^2 multiply-adds where two products take 4n^2. A row's sum stays
// below 2^32 4p (t < 4p entering it, three rows of at most 2^32 p added), within n + 1 limbs while
// 4p < 2^(32n): hence the bound on p, which BN254's fields and BLS12-381's base field meet. The result
// (ab + cd + Mp) / 2^(64N) is below p (1 + 2p / 2^(64N)) < 2p, so one subtraction reduces it.
template <std::size_t N>
__device__ __forceinline__ void mont_mul_sum(std::uint64_t (&r)[N], const std::uint64_t (&a)[N],
                                             const std::uint64_t (&b)[N], const std::uint64_t (&c)[N],
                                             const std::uint64_t (&d)[N], const std::uint64_t (&p)[N],
                                             std::uint64_t inv) {
  constexpr std::size_t n = 2 * N;
  std::uint32_t x[n], y[n], u[n], v[n], q[n];
  split_limbs<N>(x, a);
  split_limbs<N>(y, b);
  split_limbs<N>(u, c);
  split_limbs<N>(v, d);
  split_limbs<N>(q, p);
  const std::uint32_t inv32 = static_cast<std::uint32_t>(inv);
  mont_rows<N>(r, q, [&](std::uint32_t* lo, std::uint32_t* hi, std::size_t i, auto first) {
    sum_row<n, decltype(first)::value>(lo, hi, x, y[i], u, v[i], q, inv32);
  });
}

// r = a^2 * 2^(-64N) mod p for a < p < 2^(64N - 2): the product's rows with a square's operands
// (sqr_rows), n(n + 1)/2 products for a^2 where the product takes n^2, ~22% fewer in all. Each row's
// operand X_i is below 2a < 2p, so a row's sum stays below 2^32 3p, within n + 1 limbs while
// 3p < 2^(32n): hence the bound on p, which BN254's fields and BLS12-381's base field meet.
template <std::size_t N>
__device__ __forceinline__ void mont_sqr(std::uint64_t (&r)[N], const std::uint64_t (&a)[N], const std::uint64_t (&p)[N],
                                         std::uint64_t inv) {
  constexpr std::size_t n = 2 * N;
  std::uint32_t x[n], d[n], q[n], lo[n], hi[n];
  split_limbs<N>(x, a);
  split_limbs<N>(q, p);
#pragma unroll
  for (std::size_t k = 2; k < n; ++k) d[k] = __funnelshift_l(x[k - 1], x[k], 1);
  sqr_rows<n, 0>(lo, hi, x, d, q, static_cast<std::uint32_t>(inv));
  mont_finish<N>(r, lo, hi, q);
}

// r = a + b and r = a - b over N 64-bit words, as one carry (borrow) chain; the flag is left set for
// the caller's next .cc instruction (the borrow of a subtraction, read by subc.u64 0, 0).
template <std::size_t N>
__device__ __forceinline__ void add_chain(std::uint64_t (&r)[N], const std::uint64_t (&a)[N], const std::uint64_t (&b)[N]) {
  asm volatile("add.cc.u64 %0, %1, %2;" : "=l"(r[0]) : "l"(a[0]), "l"(b[0]));
#pragma unroll
  for (std::size_t i = 1; i < N; ++i) asm volatile("addc.cc.u64 %0, %1, %2;" : "=l"(r[i]) : "l"(a[i]), "l"(b[i]));
}
template <std::size_t N>
__device__ __forceinline__ void sub_chain(std::uint64_t (&r)[N], const std::uint64_t (&a)[N], const std::uint64_t (&b)[N]) {
  asm volatile("sub.cc.u64 %0, %1, %2;" : "=l"(r[0]) : "l"(a[0]), "l"(b[0]));
#pragma unroll
  for (std::size_t i = 1; i < N; ++i) asm volatile("subc.cc.u64 %0, %1, %2;" : "=l"(r[i]) : "l"(a[i]), "l"(b[i]));
}

// r = a + b mod p and r = a - b mod p for a, b < p < 2^(64N - 1): one carry chain of 64-bit adds
// (the assembler pairs 32-bit adds with carry predicates), then a second that subtracts p (adds p
// back) and a select by its borrow, with no carry word to shift out or sign-extend.
template <std::size_t N>
__device__ __forceinline__ void mod_add(std::uint64_t (&r)[N], const std::uint64_t (&a)[N], const std::uint64_t (&b)[N],
                                        const std::uint64_t (&p)[N]) {
  std::uint64_t s[N], d[N], borrow;
  add_chain<N>(s, a, b);
  sub_chain<N>(d, s, p);
  asm volatile("subc.u64 %0, 0, 0;" : "=l"(borrow));
#pragma unroll
  for (std::size_t i = 0; i < N; ++i) r[i] = borrow != 0 ? s[i] : d[i];
}

template <std::size_t N>
__device__ __forceinline__ void mod_sub(std::uint64_t (&r)[N], const std::uint64_t (&a)[N], const std::uint64_t (&b)[N],
                                        const std::uint64_t (&p)[N]) {
  std::uint64_t d[N], borrow;
  sub_chain<N>(d, a, b);
  asm volatile("subc.u64 %0, 0, 0;" : "=l"(borrow));
  // Each word of p masked where its addition reads it (masked into an array first, the PTX moves).
  asm volatile("add.cc.u64 %0, %1, %2;" : "=l"(r[0]) : "l"(d[0]), "l"(p[0] & borrow));
#pragma unroll
  for (std::size_t i = 1; i < N; ++i) asm volatile("addc.cc.u64 %0, %1, %2;" : "=l"(r[i]) : "l"(d[i]), "l"(p[i] & borrow));
}

// r = a + (p - b) for a, b < p, left unreduced (below 2p < 2^(64N)): two carry chains, where a - b mod p
// takes a borrow and a masked correction besides (mod_sub). Shoup's product takes it as it is.
template <std::size_t N>
__device__ __forceinline__ void add_complement(std::uint64_t (&r)[N], const std::uint64_t (&a)[N],
                                               const std::uint64_t (&b)[N], const std::uint64_t (&p)[N]) {
  std::uint64_t d[N];
  sub_chain<N>(d, p, b);
  add_chain<N>(r, d, a);
}

// acc += v_j y at positions i + j (low half) and i + j + 1 (high half) for j = j_first, j_first + 2, ...,
// j_last: one carry chain of madc pairs on consecutive limbs, which the assembler fuses into carry-chained
// 64-bit-wide multiply-adds, its carry added at position i + j_last + 2. Positions from `end` on are
// dropped: a pair at end - 1 adds its low half alone, and no carry goes to end or beyond.
template <std::size_t i, std::size_t j_first, std::size_t j_last, std::size_t end>
__device__ __forceinline__ void row_chain(std::uint32_t* acc, const std::uint32_t* v, std::uint32_t y) {
  static_assert((j_last - j_first) % 2 == 0 && i + j_first < end);
#pragma unroll
  for (std::size_t j = j_first; j <= j_last; j += 2) {
    const std::size_t pos = i + j;
    if (pos + 1 < end) {
      if (j == j_first)
        asm volatile("mad.lo.cc.u32 %0, %2, %3, %0; madc.hi.cc.u32 %1, %2, %3, %1;"
                     : "+r"(acc[pos]), "+r"(acc[pos + 1]) : "r"(v[j]), "r"(y));
      else
        asm volatile("madc.lo.cc.u32 %0, %2, %3, %0; madc.hi.cc.u32 %1, %2, %3, %1;"
                     : "+r"(acc[pos]), "+r"(acc[pos + 1]) : "r"(v[j]), "r"(y));
    } else if (pos + 1 == end) {
      if (j == j_first)
        acc[pos] += v[j] * y;
      else
        asm volatile("madc.lo.u32 %0, %1, %2, %0;" : "+r"(acc[pos]) : "r"(v[j]), "r"(y));
    }
  }
  if constexpr (i + j_last + 2 < end) asm volatile("addc.u32 %0, %0, 0;" : "+r"(acc[i + j_last + 2]));
}

// The largest j <= top with j = from mod 2.
constexpr std::size_t last_of_parity(std::size_t from, std::size_t top) { return (top - from) % 2 == 0 ? top : top - 1; }

// Row i of a product scanned row by row: the pairs v_j y with i + j in [low, end), as two carry chains
// (j even, j odd) into `even` (the chains starting at even positions) and `odd`; a chain's first limb
// of v whose bit is set in `skip` (a zero limb) is left out. Pairs below `low` are not added at all.
template <std::size_t n, std::size_t i, std::size_t low, std::size_t end, std::uint32_t skip>
__device__ __forceinline__ void product_row_range(std::uint32_t* even, std::uint32_t* odd, const std::uint32_t* v,
                                                  std::uint32_t y) {
  constexpr std::size_t top = end - 1 - i < n - 1 ? end - 1 - i : n - 1;  // the last j
  constexpr std::size_t start = low > i ? low - i : 0;
  auto chain = [&](auto from) {
    constexpr std::size_t first = decltype(from)::value;
    if constexpr (first <= top) {
      if constexpr (((skip >> first) & 1) != 0) {
        if constexpr (first + 2 <= top)
          row_chain<i, first + 2, last_of_parity(first, top), end>((i + first) % 2 == 0 ? even : odd, v, y);
      } else {
        row_chain<i, first, last_of_parity(first, top), end>((i + first) % 2 == 0 ? even : odd, v, y);
      }
    }
  };
  chain(std::integral_constant<std::size_t, start>{});
  chain(std::integral_constant<std::size_t, start + 1>{});
}

// The rows I... of v times y (y's limbs), product_row_range's pairs of each.
template <std::size_t n, std::size_t low, std::size_t end, std::uint32_t skip, std::size_t... I>
__device__ __forceinline__ void product_rows(std::uint32_t* even, std::uint32_t* odd, const std::uint32_t* v,
                                             const std::uint32_t* y, std::index_sequence<I...>) {
  (product_row_range<n, I, low, end, skip>(even, odd, v, y[I]), ...);
}

// s = even + odd at positions [from, to), carries beyond to - 1 dropped.
template <std::size_t from, std::size_t to>
__device__ __forceinline__ void merge_halves(std::uint32_t* s, const std::uint32_t* even, const std::uint32_t* odd) {
  asm volatile("add.cc.u32 %0, %1, %2;" : "=r"(s[from]) : "r"(even[from]), "r"(odd[from]));
#pragma unroll
  for (std::size_t p = from + 1; p + 1 < to; ++p)
    asm volatile("addc.cc.u32 %0, %1, %2;" : "=r"(s[p]) : "r"(even[p]), "r"(odd[p]));
  asm volatile("addc.u32 %0, %1, %2;" : "=r"(s[to - 1]) : "r"(even[to - 1]), "r"(odd[to - 1]));
}

template <std::size_t n>
struct Limbs32 {
  std::uint32_t v[n];
};

// floor(x z / 2^(32n)) from every pair of the product: shoup_mul's rare path, out of line.
template <std::size_t n>
__device__ __noinline__ Limbs32<n> exact_high_half(Limbs32<n> x, Limbs32<n> z) {
  std::uint32_t even[2 * n + 2] = {}, odd[2 * n + 2] = {}, s[2 * n];
  product_rows<n, 0, 2 * n, 0>(even, odd, z.v, x.v, std::make_index_sequence<n>{});
  merge_halves<0, 2 * n>(s, even, odd);
  Limbs32<n> q;
#pragma unroll
  for (std::size_t k = 0; k < n; ++k) q.v[k] = s[n + k];
  return q;
}

// r = a w mod p for any a < 2^(64N), p < 2^(64N - 1) and a factor w < p known with its quotient
// wq = floor(w 2^(64N) / p) (Shoup's product; field/fixed_factor.hpp): q = floor(a wq / 2^(64N)) is
// floor(a w / p) or one less, since a wq / 2^(64N) = a w / p - a e / 2^(64N) with 0 <= e < 1 and
// a < 2^(64N); so a w - q p lies in [0, 2p), below 2^(64N), and its low 64N bits,
// a w + q (2^(64N) - p) mod 2^(64N), are all of it. So a need not be reduced (the NTT's u - v + p).
// That takes the high half of a wq and two low halves, where the Montgomery product takes two whole
// products: with n = 2N limbs, q from the pairs in columns n - 2 and up, and the low halves' n(n+1)/2
// pairs each, 93 multiply-adds and 15 low multiplies at N = 4 (BLS12-381's Fr, whose complement has a
// zero limb) against 112 and 8. The pairs below column n - 2 add less than (n - 2 + 2^-28) 2^(32(n - 1))
// to the sum, so they can carry into column n only when column n - 1's limb is 2^32 - n or more: then
// (one product in ~2^29) q is recomputed from every pair. Each part is scanned row by row in two
// carry chains per row (even and odd positions), as the Montgomery product's rows are.
// complement = 2^(64N) - p (from constant memory: as immediates, the assembler splits the 64-bit-wide
// multiply-adds); kZeroLimbs has bit j set when its 32-bit limb j is zero, whose pairs are left out.
template <std::size_t N, std::uint32_t kZeroLimbs>
__device__ __forceinline__ void shoup_mul(std::uint64_t (&r)[N], const std::uint64_t (&a)[N], const std::uint64_t (&w)[N],
                                          const std::uint64_t (&wq)[N], const std::uint64_t (&p)[N],
                                          const std::uint64_t (&complement)[N]) {
  constexpr std::size_t n = 2 * N;
  Limbs32<n> x, z;
  std::uint32_t y[n], m[n], q[n], s[2 * n];
  split_limbs<N>(x.v, a);
  split_limbs<N>(y, w);
  split_limbs<N>(z.v, wq);
  split_limbs<N>(m, complement);
  {
    std::uint32_t even[2 * n + 2] = {}, odd[2 * n + 2] = {};
    product_rows<n, n - 2, 2 * n, 0>(even, odd, z.v, x.v, std::make_index_sequence<n>{});
    merge_halves<n - 2, 2 * n>(s, even, odd);
  }
#pragma unroll
  for (std::size_t k = 0; k < n; ++k) q[k] = s[n + k];
  if (s[n - 1] > 0xffffffffu - n) {
    const Limbs32<n> exact = exact_high_half<n>(x, z);
#pragma unroll
    for (std::size_t k = 0; k < n; ++k) q[k] = exact.v[k];
  }
  std::uint32_t t[n];
  {
    std::uint32_t even[2 * n + 2] = {}, odd[2 * n + 2] = {};
    product_rows<n, 0, n, 0>(even, odd, y, x.v, std::make_index_sequence<n>{});
    product_rows<n, 0, n, kZeroLimbs>(even, odd, m, q, std::make_index_sequence<n>{});
    merge_halves<0, n>(t, even, odd);
  }
  std::uint32_t q32[n];
  split_limbs<N>(q32, p);
  reduce_once<N>(r, t, q32);  // t < 2p
}

}  // namespace zkforge::arch::cuda

#endif
