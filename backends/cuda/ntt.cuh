// SPDX-License-Identifier: Apache-2.0
// The GPU backends' NTT (CUDA, or HIP compiling the same source): kernels and host orchestration,
// instantiated in ntt_instances.cu for this translation unit's tag.
//
// Radix-2 butterflies, several levels per kernel launch. A pass transforms tiles of 2^10 elements:
// a block of 256 threads reads its tile into shared memory, then runs the tile's levels in stages
// of up to two: in a stage every thread takes four elements into registers (one group of 4 or two
// of 2 that the stage's levels mix), runs their butterflies there and writes them back, so a tile
// of ten levels crosses shared memory five times, not ten. A transform of 2^24 or 2^26 reads and
// writes the array three times, 2^28 four (ntt_passes). Twiddles come from a table of omega^i per
// device and root convention, built once (ntt_twiddle_table): a block first copies the ones its
// tile uses into shared memory beside the tile, so that no stage waits on a global load. On NVIDIA
// GPUs a twiddle is a fixed factor (field/fixed_factor.hpp): omega^i with its Shoup quotient, whose
// product takes 17% fewer 64-bit-wide multiply-adds than a Montgomery product (the bound of every
// pass). Stages whose groups stay within one warp's part of the tile are separated by a warp's
// barrier only.
//   - natural input: Gentleman-Sande (decimation in frequency), levels of half-size n/2 down to 1,
//     which leaves the output bit-reversed; a butterfly's (u - v) w takes u + (p - v) unreduced
//     into Shoup's product (twiddle_times_difference), which needs no reduced input;
//   - bit-reversed input: Cooley-Tukey (decimation in time), half-sizes 1 up to n/2, natural output.
// NN and RR add one bit-reversal permutation, in place (tiles swapped). A forward coset multiplies
// coefficient j by g^j before the transform; an inverse with a coset multiplies coefficient j by
// g^-j / n after it, at j's position in the order the data is in: g^j = lo[j mod 2^10] hi[j >> 10] from
// two small tables made per call. An inverse without one divides by n = 2^k in its last pass's stores
// (ntt_div_pow2: a word times p each, not a product), which spares a pass over the array.
// The odd coset (g = psi, the root of 2n of the table's convention, so g^n = -1: snarkjs' H) from
// bit-reversed input spares its pass too: evaluating at psi^(2k+1) splits as a(x) = e(x^2) + x o(x^2)
// into two such transforms of half the size (root psi^2), so each level's butterfly is Cooley-Tukey's
// with the twiddle psi_4h^(2j+1) in place of omega_2h^j (h its half-size, psi_4h a primitive 4h-th
// root): entry (2j + 1) 2^(K - 2 - log h) of the table of omega_K, which this transform takes with K >
// log n. No twiddle is 1 then, so no stage skips a product.
#pragma once

#include <algorithm>
#include <cstring>
#include <iterator>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "backends/cuda/runtime.cuh"
#include "backends/cuda/session.cuh"
#include "zkforge/arch/carry.hpp"
#include "zkforge/field/fixed_factor.hpp"
#include "zkforge/ntt/domain.hpp"
#include "zkforge/ntt/gpu.hpp"

namespace zkforge::gpu {
inline namespace ZKF_GPU_NS {

inline constexpr unsigned kNttBlock = 256;
inline constexpr std::size_t kPowerRun = 64;
// Tiles of 2^10 elements, 4 per thread in registers; a pass after the first takes up to
// kNttTileLog - kNttMinColumnsLog levels with rows of at least 2^kNttMinColumnsLog consecutive
// elements (128 bytes, a whole cache line). A block holds its tile and the tile's twiddles in
// shared memory (96 KB for 32-byte elements and 64-byte fixed factors, 64 KB with Montgomery
// twiddles). Both directions run at up to 128 registers, two blocks per multiprocessor, in which the
// products of a stage interleave (with Montgomery twiddles decimation in time at three blocks, 85
// registers, as was measured faster on an H200; 4 elements per thread beat 8: docs/perf.md).
inline constexpr unsigned kNttTileLog = 10;
inline constexpr unsigned kNttMinColumnsLog = 2;
inline constexpr unsigned kNttThreadLog = 2;
inline constexpr unsigned kNttTileThreads = 1u << (kNttTileLog - kNttThreadLog);

// The twiddles as the passes hold them: on NVIDIA GPUs fixed factors (64 bytes: the value and its
// quotient), on AMD GPUs, whose blocks hold at most 64 KB of shared memory (the tile and its
// twiddles as fixed factors take 96 KB), Montgomery elements multiplied by the field's product.
#if defined(__HIP_PLATFORM_AMD__)
template <class F>
using NttTwiddle = F;
#else
template <class F>
using NttTwiddle = FixedFactor<F>;
#endif

template <class F>
ZKF_HD ZKF_INLINE F twiddle_times(const F& x, const F& w) {
  return x * w;
}
template <class F>
ZKF_HD ZKF_INLINE F twiddle_times(const F& x, const FixedFactor<F>& w) {
  return times_fixed(x, w);
}
// (u - v) w, the decimation in frequency's product: with a fixed factor from u - v + p unreduced.
template <class F>
ZKF_HD ZKF_INLINE F twiddle_times_difference(const F& u, const F& v, const F& w) {
  return (u - v) * w;
}
template <class F>
ZKF_HD ZKF_INLINE F twiddle_times_difference(const F& u, const F& v, const FixedFactor<F>& w) {
  return times_fixed_difference(u, v, w);
}
template <class F>
ZKF_HD ZKF_INLINE F twiddle_negated(const F& w) {
  return -w;
}
template <class F>
ZKF_HD ZKF_INLINE FixedFactor<F> twiddle_negated(const FixedFactor<F>& w) {
  return negated(w);
}
// A power as T holds it: the element itself, or a fixed factor.
template <class T, class F>
ZKF_HD ZKF_INLINE T twiddle_from(const F& w) {
  if constexpr (std::is_same_v<T, F>) {
    return w;
  } else {
    return fixed_factor(w);
  }
}

// Blocks per multiprocessor: decimation in time at three when the shared memory holds them (85
// registers), in frequency at two; with fixed factors (96 KB of shared memory a block) both at two.
template <class F, bool kDecimateInTime>
inline constexpr unsigned kNttMinBlocks = kDecimateInTime && std::is_same_v<NttTwiddle<F>, F> ? 3 : 2;
inline constexpr unsigned kNttWarpLog = 5;  // sync_warp orders 2^5 threads
inline constexpr unsigned kNttWarp = 1u << kNttWarpLog;
inline constexpr unsigned kNttPowerLowLog = 10;  // g^j = lo[j mod 2^10] * hi[j >> 10]

// out[i] = scale * base^i for i < count, as T holds it (twiddle_from).
template <class T, class F>
__global__ void ntt_powers(T* out, std::size_t count, F base, F scale) {
  const std::size_t start = thread_index() * kPowerRun;
  if (start >= count) return;
  F p = scale * base.pow(BigInt<1>::from_u64(start));
  const std::size_t end = start + kPowerRun < count ? start + kPowerRun : count;
  for (std::size_t i = start; i < end; ++i) {
    out[i] = twiddle_from<T>(p);
    p = p * base;
  }
}

__device__ ZKF_INLINE std::size_t bit_reverse(std::size_t i, unsigned log_n) {
  return log_n == 0 ? 0 : static_cast<std::size_t>(__brevll(static_cast<unsigned long long>(i)) >> (64 - log_n));
}

// x[position of j] *= hi[j >> kNttPowerLowLog] * lo[j mod 2^kNttPowerLowLog] (kCoset), or *= scale:
// position j in natural order, bitrev(j) in bit-reversed order. Thread `at` takes position at, so that
// a warp reads and writes consecutive elements in either order, and in bit-reversed order gathers
// its powers from the small tables instead (2^26 elements of BLS12-381 Fr on an H200: 7.1 ms when the
// threads went by j and scattered over the array).
template <class F, bool kCoset>
__global__ void ntt_scale(F* x, const F* lo, const F* hi, F scale, std::size_t n, unsigned log_n, bool reversed) {
  const std::size_t at = thread_index();
  if (at >= n) return;
  if constexpr (kCoset) {
    const std::size_t j = reversed ? bit_reverse(at, log_n) : at;
    x[at] = x[at] * (hi[j >> kNttPowerLowLog] * lo[j & ((std::size_t{1} << kNttPowerLowLog) - 1)]);
  } else {
    x[at] = x[at] * scale;
  }
}

// The bit-reversal permutation in place, by tiles. With index bits (a, b, c), a and c of t bits each
// (t = ntt_reverse_tile_log), element (a, b, c) belongs at (rev c, rev b, rev a). The
// 2^t x 2^t elements of one middle value b — rows a of 2^t consecutive elements — trade places with
// those of rev b, transposed and each coordinate reversed: block b (b <= rev b) reads both tiles into
// shared memory by rows and writes each over the other by rows, so every access to the array is a row
// of 2^t consecutive elements (512 bytes at t = 4), where one swap per element pair strides across it.
inline constexpr unsigned kNttReverseTileLog = 4;

inline unsigned ntt_reverse_tile_log(unsigned log_n) { return std::min(kNttReverseTileLog, log_n / 2); }

template <class F>
__global__ void __launch_bounds__(1u << (2 * kNttReverseTileLog))
    ntt_bit_reverse(F* x, unsigned log_n, unsigned t) {
  constexpr unsigned kSide = 1u << kNttReverseTileLog, kPitch = kSide + 1;  // a row's pad: fewer bank conflicts
  __shared__ __align__(16) unsigned char shared[2 * kSide * kPitch * sizeof(F)];
  F* const tiles = reinterpret_cast<F*>(shared);
  const unsigned middle = log_n - 2 * t;
  const std::size_t b = blockIdx.x, rb = bit_reverse(b, middle);
  if (b > rb) return;
  const unsigned r = threadIdx.x >> t, q = threadIdx.x & ((1u << t) - 1);
  auto at = [&](std::size_t mid) { return (std::size_t{r} << (log_n - t)) | (mid << t) | q; };
  tiles[r * kPitch + q] = load16(x + at(b));
  if (rb != b) tiles[kSide * kPitch + r * kPitch + q] = load16(x + at(rb));
  __syncthreads();
  // Row r, column q of tile rev b holds tile b's element (rev q, rev r); and the other way round.
  const unsigned from = static_cast<unsigned>(bit_reverse(q, t)) * kPitch + static_cast<unsigned>(bit_reverse(r, t));
  store16(x + at(rb), tiles[from]);
  if (rb != b) store16(x + at(b), tiles[kSide * kPitch + from]);
}

// The twiddle omega_K^i, or omega_K^-i for the inverse, from the table of omega_K^i (i < 2^(K-1)):
// omega^-i = omega^(2^K - i) = -omega^(2^(K-1) - i) for i > 0, and omega^0 = 1 both ways.
template <class T>
__device__ ZKF_INLINE T ntt_twiddle(const T* table, std::size_t i, unsigned log_table, bool inverse) {
  if (!inverse || i == 0) return load16<true>(table + i);
  return twiddle_negated(load16<true>(table + ((std::size_t{1} << (log_table - 1)) - i)));
}

// x 2^-k (1 <= k <= 63), in Montgomery form as x is: the inverse's 1/n for n = 2^k. One step of
// Montgomery reduction by 2^k, (x + m p) / 2^k with m = -x p^-1 mod 2^k (x + m p is then a multiple of
// 2^k, and below 2^k 2p, so one subtraction of p reduces the quotient): p times one word, not a product.
template <class F>
__device__ ZKF_INLINE F ntt_div_pow2(const F& x, unsigned k) {
  constexpr std::size_t N = F::kLimbs;
  constexpr typename F::Int p = F::modulus();
  const auto& a = x.montgomery_words();
  const std::uint64_t m = (a.w[0] * F::mont_inv()) & ((std::uint64_t{1} << k) - 1);
  std::uint64_t t[N + 1], carry = 0;
  ZKF_UNROLL
  for (std::size_t i = 0; i < N; ++i) t[i] = arch::mac(a.w[i], m, p.w[i], carry);
  t[N] = carry;
  typename F::Int r;
  ZKF_UNROLL
  for (std::size_t i = 0; i < N; ++i) r.w[i] = (t[i] >> k) | (t[i + 1] << (64 - k));
  typename F::Int d = r;
  const std::uint64_t borrow = d.sub_in_place(p);
  // Word by word: a choice between the two whole values put both in local memory (a 64-byte frame).
  ZKF_UNROLL
  for (std::size_t i = 0; i < N; ++i) d.w[i] = borrow != 0 ? r.w[i] : d.w[i];
  return F::from_montgomery_unchecked(d);
}

// Values of T in shared memory as planes of Unit (4 or 16 bytes): unit u of position `at` at u * pitch +
// at, so that a warp's lanes at consecutive (or equal) positions read distinct banks, one unit each.
template <class T, class Unit>
struct NttSharedPlanes {
  static constexpr unsigned kUnits = sizeof(T) / sizeof(Unit);
  Unit* units;
  unsigned pitch;

  static constexpr std::size_t bytes(unsigned size) { return std::size_t{kUnits} * size * sizeof(Unit); }
  __device__ ZKF_INLINE T load_at(unsigned at) const {
    Unit v[kUnits];
    ZKF_UNROLL
    for (unsigned u = 0; u < kUnits; ++u) v[u] = units[u * pitch + at];
    T r;
    memcpy(&r, v, sizeof(T));
    return r;
  }
  __device__ ZKF_INLINE void store_at(unsigned at, const T& x) const {
    Unit v[kUnits];
    memcpy(v, &x, sizeof(T));
    ZKF_UNROLL
    for (unsigned u = 0; u < kUnits; ++u) units[u * pitch + at] = v[u];
  }
};

// A tile in shared memory as 32-bit word planes, word w of element e at w * size + slot(e) (load and
// store; load_at and store_at take the position itself). slot
// permutes each run of 32 elements by XOR-ing its low five bits with a mask of bits 5-7 (columns
// 0x1f, 0x15, 0x19, chosen so that every access pattern of the stages puts a warp's 32 lanes on 32
// distinct banks: consecutive elements, and runs of 2^l consecutive ones 2^(l + R) apart, l < 5,
// R <= 3). The mask is byte (e >> 5) & 7 of the constant 0x130c0619'0a151f00, taken by one byte
// permutation (computed from the bits, it cost six instructions per access, some of them on the
// multiply-add pipe that the products keep busy).
template <class F>
struct NttSharedTile : NttSharedPlanes<F, std::uint32_t> {
  __device__ static ZKF_INLINE unsigned slot(unsigned e) {
    return e ^ __byte_perm(0x0a151f00u, 0x130c0619u, (e >> 5) & 7);
  }
  __device__ ZKF_INLINE F load(unsigned e) const { return this->load_at(slot(e)); }
  __device__ ZKF_INLINE void store(unsigned e, const F& x) const { this->store_at(slot(e), x); }
};

// A tile's twiddles as 16-byte planes, read at consecutive positions: 4 accesses for a 64-byte fixed
// factor, where 32-bit planes took 16.
template <class T>
using NttSharedVectors = NttSharedPlanes<T, uint4>;

// Where a tile lives and which twiddles it uses. Element index bits of the array: [0, s) the
// column, [s, s + levels) the row, above it the group; the tile holds one group's 2^log_c
// consecutive columns from column0 (log_c <= s). Tile element e = row << log_c | column offset.
// The butterfly of tile level t (half-size 2^(s + t) in the array) between rows r and r + 2^t uses
// omega_n^(j 2^(log_n - 1 - s - t)), j = (r mod 2^t) << s | column, which is table entry
// j << (log_table - 1 - s - t) of the table of omega_K, K = log_table >= log_n. stage copies them
// into the shared table twiddles, level t's at positions (2^t + row_low) << log_c | column (the
// first 2^log_c positions unused), where twiddle reads them.
template <class F>
struct NttTileFrame {
  using Twiddle = NttTwiddle<F>;
  const Twiddle* table;
  unsigned log_table, s, log_c;
  std::size_t column0;
  bool inverse;
  bool odd;  // the forward transform on the odd coset: twiddles psi_4h^(2j+1) (log_table > log_n)
  NttSharedVectors<Twiddle> twiddles;

  __device__ ZKF_INLINE Twiddle fetch(unsigned t, unsigned row_low, unsigned column) const {
    const std::size_t j = (static_cast<std::size_t>(row_low) << s) | (column0 + column);
    if (odd) return load16<true>(table + ((2 * j + 1) << (log_table - 2 - (s + t))));
    return ntt_twiddle(table, j << (log_table - 1 - (s + t)), log_table, inverse);
  }
  __device__ ZKF_INLINE void stage(unsigned levels) const {
    const unsigned count = 1u << (levels + log_c), column_mask = (1u << log_c) - 1;
    for (unsigned k = (1u << log_c) + threadIdx.x; k < count; k += blockDim.x) {
      const unsigned row = k >> log_c, t = 31 - __clz(row);
      twiddles.store_at(k, fetch(t, row ^ (1u << t), k & column_mask));
    }
  }
  __device__ ZKF_INLINE Twiddle twiddle(unsigned t, unsigned row_low, unsigned column) const {
    return twiddles.load_at((((1u << t) | row_low) << log_c) | column);
  }
};

// One stage: tile levels t .. t + R - 1 (R <= kNttThreadLog), decimation in time (levels upwards) or in
// frequency (downwards). The tile's 2^(log2 size - R) groups are the elements that differ only in
// row bits [t, t + R); group g keeps its low log_c + t bits in place (so that a warp's lanes read
// consecutive elements) and its other bits move above the stage's. Thread x takes the groups
// x, x + T, ... (T threads), 2^kNttThreadLog elements in all: with R = kNttThreadLog, the one group x
// (a tile of size >= 2^kNttThreadLog has size / 2^kNttThreadLog threads). kUnitFirst: the stage
// holds the transform's levels 0 and 1, whose butterflies i = 0 (all of level 0's, half of level
// 1's) have the twiddle omega^0 = 1 and skip the product.
template <class F, unsigned R, bool kDecimateInTime, bool kUnitFirst>
__device__ ZKF_INLINE void ntt_stage(const NttSharedTile<F>& tile, const NttTileFrame<F>& frame, unsigned t,
                                     unsigned size) {
  constexpr unsigned kRadix = 1u << R, kGroups = (1u << kNttThreadLog) >> R;
  const unsigned groups = size >> R, low_bits = frame.log_c + t, low_mask = (1u << low_bits) - 1;
  F x[kGroups][kRadix];
  unsigned at[kGroups];
  ZKF_UNROLL
  for (unsigned q = 0; q < kGroups; ++q) {
    const unsigned g = threadIdx.x + q * blockDim.x;
    at[q] = (g & low_mask) | ((g >> low_bits) << (low_bits + R));
    if (R == kNttThreadLog || g < groups) {
      ZKF_UNROLL
      for (unsigned m = 0; m < kRadix; ++m) x[q][m] = tile.load(at[q] | (m << low_bits));
    }
  }
  ZKF_UNROLL
  for (unsigned step = 0; step < R; ++step) {
    const unsigned k = kDecimateInTime ? step : R - 1 - step, half = 1u << k;
    ZKF_UNROLL
    for (unsigned q = 0; q < kGroups; ++q) {
      const unsigned g = threadIdx.x + q * blockDim.x;
      if (R < kNttThreadLog && g >= groups) continue;
      const unsigned column = g & ((1u << frame.log_c) - 1);
      const unsigned row_low = (g >> frame.log_c) & ((1u << t) - 1);
      ZKF_UNROLL
      for (unsigned i = 0; i < half; ++i) {
        const bool unit = kUnitFirst && i == 0;
        NttTwiddle<F> w{};
        if (!unit) w = frame.twiddle(t + k, row_low | (i << t), column);
        ZKF_UNROLL
        for (unsigned m = i; m < kRadix; m += 2 * half) {
          const F u = x[q][m];
          if (kDecimateInTime) {
            const F v = unit ? x[q][m + half] : twiddle_times(x[q][m + half], w);
            x[q][m] = u + v;
            x[q][m + half] = u - v;
          } else {
            const F v = x[q][m + half];
            x[q][m] = u + v;
            x[q][m + half] = unit ? u - v : twiddle_times_difference(u, v, w);
          }
        }
      }
    }
  }
  ZKF_UNROLL
  for (unsigned q = 0; q < kGroups; ++q) {
    if (R < kNttThreadLog && threadIdx.x + q * blockDim.x >= groups) continue;
    ZKF_UNROLL
    for (unsigned m = 0; m < kRadix; ++m) tile.store(at[q] | (m << low_bits), x[q][m]);
  }
}

template <class F, bool kDecimateInTime>
__device__ ZKF_INLINE void ntt_run_stage(unsigned r, const NttSharedTile<F>& tile, const NttTileFrame<F>& frame,
                                         unsigned t, unsigned size) {
  static_assert(kNttThreadLog == 2, "stages of one or two levels");
  if (r == 2 && frame.s + t == 0 && !frame.odd) {
    ntt_stage<F, 2, kDecimateInTime, true>(tile, frame, t, size);
  } else if (r == 2) {
    ntt_stage<F, 2, kDecimateInTime, false>(tile, frame, t, size);
  } else {
    ntt_stage<F, 1, kDecimateInTime, false>(tile, frame, t, size);
  }
}

// One tile of the levels s .. s + levels - 1 (see NttTileFrame): its twiddles and elements read
// into shared memory (the tile, then the twiddles), stages of up to kNttThreadLog levels (upwards
// for decimation in time, downwards in frequency), written back; kDivide: divided by 2^divide_log on
// the way (the inverse's 1/n, in the transform's last pass); odd: the odd coset's twiddles (a forward
// transform by decimation in time).
//
// Warp w reads and writes the tile's elements [w C, (w + 1) C), C = 2^kNttWarpLog * 2^kNttThreadLog,
// which are also the elements its threads hold in a stage of kNttThreadLog levels whose groups keep
// at most kNttWarpLog low bits in place (log_c + t <= kNttWarpLog: the warp's 2^kNttWarpLog groups
// then span exactly its part). Between two such phases only the warp's own threads need ordering.
template <class F, bool kDecimateInTime, bool kDivide>
__global__ void __launch_bounds__(kNttTileThreads, (kNttMinBlocks<F, kDecimateInTime>))
    ntt_tile(F* x, const NttTwiddle<F>* table, unsigned log_table, unsigned s, unsigned levels, unsigned log_c, bool inverse,
             bool odd, unsigned divide_log) {
  extern __shared__ __align__(16) unsigned char ntt_shared[];
  const unsigned size = 1u << (levels + log_c), column_mask = (1u << log_c) - 1;
  std::uint32_t* const words = reinterpret_cast<std::uint32_t*>(ntt_shared);
  const NttSharedTile<F> tile{{words, size}};
  const unsigned log_chunks = s - log_c;
  const std::size_t group = blockIdx.x >> log_chunks;
  const std::size_t column0 = static_cast<std::size_t>(blockIdx.x & ((1u << log_chunks) - 1)) << log_c;
  const std::size_t base = (group << (s + levels)) | column0;
  const NttTileFrame<F> frame{table, log_table, s, log_c, column0, inverse, odd,
                              NttSharedVectors<NttTwiddle<F>>{
                                  reinterpret_cast<uint4*>(words + NttSharedTile<F>::kUnits * size), size}};
  const unsigned lanes = blockDim.x < kNttWarp ? blockDim.x : kNttWarp, part = lanes << kNttThreadLog;
  const unsigned first = threadIdx.x / kNttWarp * part, lane = threadIdx.x % kNttWarp;
  auto address = [&](unsigned e) { return base + (static_cast<std::size_t>(e >> log_c) << s) + (e & column_mask); };
  for (unsigned e = first + lane; e < first + part && e < size; e += lanes) tile.store(e, load16(x + address(e)));
  frame.stage(levels);
  auto local = [&](unsigned t, unsigned r) {
    return blockDim.x <= kNttWarp || (r == kNttThreadLog && log_c + t <= kNttWarpLog);
  };
  auto barrier = [](bool warp_only) {
    if (warp_only) {
      sync_warp();
    } else {
      __syncthreads();
    }
  };
  const unsigned stages = (levels + kNttThreadLog - 1) / kNttThreadLog;
  bool after_local = false;  // the twiddles were copied by the whole block
  for (unsigned i = 0; i < stages; ++i) {
    // Stage i holds levels [Ki, min(Ki + K, levels)) upwards (K = kNttThreadLog), the same stages
    // in reverse downwards.
    const unsigned stage = kDecimateInTime ? i : stages - 1 - i;
    const unsigned t = kNttThreadLog * stage, r = std::min(unsigned{kNttThreadLog}, levels - t);
    const bool here = local(t, r);
    barrier(here && after_local);
    ntt_run_stage<F, kDecimateInTime>(r, tile, frame, t, size);
    after_local = here;
  }
  barrier(after_local);
  for (unsigned e = first + lane; e < first + part && e < size; e += lanes) {
    if constexpr (kDivide) {
      store16(x + address(e), ntt_div_pow2(tile.load(e), divide_log));
    } else {
      store16(x + address(e), tile.load(e));
    }
  }
}

// One pass: the levels s .. s + levels - 1, in tiles of 2^log_c columns.
struct NttPass {
  unsigned s, levels, log_c;
};

// The passes of a transform of size 2^log_n, lowest levels first: the bottom kNttTileLog levels in
// tiles of consecutive elements, then the rest in as few passes as tiles of rows of at least
// 2^kNttMinColumnsLog columns allow, their levels spread evenly but, except in the last pass, a whole
// number of stages (2^24: 10, 8 and 6 levels, not 10, 7 and 7, which spends a shared-memory round
// trip on a stage of one level in each pass); each later tile takes as many columns as fill
// 2^kNttTileLog elements.
inline std::vector<NttPass> ntt_passes(unsigned log_n) {
  std::vector<NttPass> passes;
  const unsigned first = std::min(kNttTileLog, log_n);
  if (first > 0) passes.push_back({0, first, 0});
  const unsigned rest = log_n - first, most = kNttTileLog - kNttMinColumnsLog;
  const unsigned count = (rest + most - 1) / most;
  for (unsigned i = 0, s = first; i < count; ++i) {
    const unsigned left = rest - (s - first), passes_left = count - i;
    unsigned levels = (left + passes_left - 1) / passes_left;
    if (passes_left > 1) levels = std::min(most, (levels + kNttThreadLog - 1) / kNttThreadLog * kNttThreadLog);
    passes.push_back({s, levels, std::min(s, kNttTileLog - levels)});
    s += levels;
  }
  return passes;
}

template <class F, bool kDecimateInTime, bool kDivide>
void ntt_launch_pass(const NttPass& p, F* x, const NttTwiddle<F>* table, unsigned log_table, unsigned log_n, bool inverse,
                     bool odd, unsigned divide_log, Stream stream) {
  const std::size_t tiles = std::size_t{1} << (log_n - p.levels - p.log_c);
  const unsigned size = 1u << (p.levels + p.log_c);
  // the tile and its twiddles
  const std::size_t shared = NttSharedTile<F>::bytes(size) + NttSharedVectors<NttTwiddle<F>>::bytes(size);
  const unsigned threads = std::max(1u, std::min(kNttTileThreads, size >> kNttThreadLog));
  // The kernel's shared-memory limit is raised to what its largest tile needs, the same value from
  // every thread: transforms of different sizes launched at once never see a limit below their own.
  constexpr std::size_t largest =
      NttSharedTile<F>::bytes(1u << kNttTileLog) + NttSharedVectors<NttTwiddle<F>>::bytes(1u << kNttTileLog);
  check(ZKF_GPU(FuncSetAttribute)(reinterpret_cast<const void*>(&ntt_tile<F, kDecimateInTime, kDivide>),
                                  ZKF_GPU(FuncAttributeMaxDynamicSharedMemorySize), static_cast<int>(largest)),
        "FuncSetAttribute (NTT tile shared memory)");
  ntt_tile<F, kDecimateInTime, kDivide><<<static_cast<unsigned>(tiles), threads, shared, stream>>>(
      x, table, log_table, p.s, p.levels, p.log_c, inverse, odd, divide_log);
  check_launch(kDecimateInTime ? "ntt_tile (DIT)" : "ntt_tile (DIF)");
}

// One pass, its outputs divided by 2^divide_log where that is not 0; odd: the odd coset's twiddles.
template <class F, bool kDecimateInTime>
void ntt_run_pass(const NttPass& p, F* x, const NttTwiddle<F>* table, unsigned log_table, unsigned log_n, bool inverse,
                  bool odd, unsigned divide_log, Stream stream) {
  if (divide_log != 0) {
    ntt_launch_pass<F, kDecimateInTime, true>(p, x, table, log_table, log_n, inverse, odd, divide_log, stream);
  } else {
    ntt_launch_pass<F, kDecimateInTime, false>(p, x, table, log_table, log_n, inverse, odd, 0, stream);
  }
}

// out[i] = scale * base^i for i < count, as T holds it: field elements, or the twiddles' fixed factors.
template <class T, class F>
void make_powers(Buffer<T>& out, std::size_t count, const F& base, const F& scale, Stream s) {
  ntt_powers<T, F><<<blocks_for((count + kPowerRun - 1) / kPowerRun, kNttBlock), kNttBlock, 0, s>>>(out.data(), count,
                                                                                                      base, scale);
  check_launch("ntt_powers");
}

// x[position of j] *= scale * g^j for j < n (g absent: 1).
template <class F>
void scale_by_powers(Session& s, F* x, std::size_t n, unsigned log_n, const std::optional<F>& g, const F& scale,
                     bool reversed) {
  const unsigned blocks = blocks_for(n, kNttBlock);
  if (!g) {
    ntt_scale<F, false><<<blocks, kNttBlock, 0, s.stream>>>(x, nullptr, nullptr, scale, n, log_n, reversed);
    check_launch("ntt_scale");
    return;
  }
  const std::size_t low = std::min<std::size_t>(n, std::size_t{1} << kNttPowerLowLog);
  const std::size_t high = (n + low - 1) / low;
  Buffer<F> lo(s.pool, low, s.stream), hi(s.pool, high, s.stream);
  make_powers(lo, low, *g, F::one(), s.stream);
  make_powers(hi, high, g->pow(BigInt<1>::from_u64(low)), scale, s.stream);
  ntt_scale<F, true><<<blocks, kNttBlock, 0, s.stream>>>(x, lo.data(), hi.data(), scale, n, log_n, reversed);
  check_launch("ntt_scale");
}

// The tables of omega_K^i (i < 2^(K-1), as NttTwiddle) of one device, per root convention, K the largest size
// asked for so far; a smaller transform reads every 2^(K-k)-th entry. A table is built once on the
// device and kept for the life of the process, in the tables' own synchronous resource (so that
// the memory policies' accounting sees only the calls' memory); a larger one is added beside it (a
// call in flight may still read the old), so the tables take less than twice the largest one's
// memory: 2^(K-1) elements.
template <class F>
struct NttTwiddleTables {
  struct Table {
    unsigned log_size;
    Buffer<NttTwiddle<F>> powers;
  };
  std::mutex mutex;
  SynchronousDevice memory;
  std::vector<std::unique_ptr<Table>> by_convention[2];
};

template <class F>
const typename NttTwiddleTables<F>::Table& ntt_twiddle_table(const Session& s, unsigned log_n, RootConvention c) {
  NttTwiddleTables<F>& cache = per_device<NttTwiddleTables<F>>(s.device);
  std::lock_guard<std::mutex> lock(cache.mutex);
  auto& tables = cache.by_convention[c == RootConvention::snarkjs ? 0 : 1];
  if (!tables.empty() && tables.back()->log_size >= log_n) return *tables.back();
  const std::size_t count = std::size_t{1} << (log_n - 1);
  auto table = std::make_unique<typename NttTwiddleTables<F>::Table>(typename NttTwiddleTables<F>::Table{
      log_n, Buffer<NttTwiddle<F>>(cache.memory, count, Stream{})});
  make_powers(table->powers, count, Domain<F>(log_n, c).omega(), F::one(), s.stream);
  check(ZKF_GPU(StreamSynchronize)(s.stream), "NTT twiddle table");
  tables.push_back(std::move(table));
  return *tables.back();
}

// The transform of x (n elements on s.device), enqueued on s.stream; on return the stream may still
// be running it.
template <class F>
void ntt_on_device(Session& s, F* x, std::size_t n, const NttConfig<F>& config) {
  unsigned log_n = 0;
  while ((std::size_t{1} << log_n) < n) ++log_n;
  const bool inverse = config.direction == NttDirection::inverse;
  const bool in_reversed = config.order == NttOrder::RN || config.order == NttOrder::RR;
  const bool out_reversed = config.order == NttOrder::NR || config.order == NttOrder::RR;
  const Domain<F> domain(log_n, config.convention);
  // A forward transform from bit-reversed input on the odd coset takes its powers in its twiddles.
  const bool odd = !inverse && in_reversed && config.coset && Domain<F>::is_odd_coset(log_n, *config.coset, config.convention);

  if (!inverse && config.coset && !odd) scale_by_powers(s, x, n, log_n, config.coset, F::one(), in_reversed);

  if (n > 1) {
    const auto& table = ntt_twiddle_table<F>(s, odd ? log_n + 1 : log_n, config.convention);
    const std::vector<NttPass> passes = ntt_passes(log_n);
    auto permute = [&] {
      const unsigned t = ntt_reverse_tile_log(log_n);
      ntt_bit_reverse<F><<<1u << (log_n - 2 * t), 1u << (2 * t), 0, s.stream>>>(x, log_n, t);
      check_launch("ntt_bit_reverse");
    };
    // The inverse's 1/n without a coset: in the last pass's stores.
    auto divide = [&](bool last) { return inverse && !config.coset && last ? log_n : 0u; };
    if (!in_reversed) {
      for (auto p = passes.rbegin(); p != passes.rend(); ++p)
        ntt_run_pass<F, false>(*p, x, table.powers.data(), table.log_size, log_n, inverse, false,
                               divide(std::next(p) == passes.rend()), s.stream);
      if (!out_reversed) permute();
    } else {
      for (std::size_t i = 0; i < passes.size(); ++i)
        ntt_run_pass<F, true>(passes[i], x, table.powers.data(), table.log_size, log_n, inverse, odd,
                              divide(i + 1 == passes.size()), s.stream);
      if (out_reversed) permute();
    }
  }

  if (inverse && (config.coset || n <= 1)) {
    const std::optional<F> g = config.coset ? std::optional<F>(config.coset->inverse()) : std::nullopt;
    scale_by_powers(s, x, n, log_n, g, domain.n_inv(), out_reversed);
  }
}

}  // namespace ZKF_GPU_NS
}  // namespace zkforge::gpu

namespace zkforge {

template <class B, class F>
void NttBackend<B, F, if_gpu<B>>::run(HostSpan<F> data, const NttConfig<F>& config) {
  static_assert(std::is_same_v<B, gpu::Backend>, "a GPU backend's source defines its own tag's primitives");
  const int device = gpu::current_device();
  gpu::OwnedStream stream;
  gpu::Session s = gpu::session_on(device, stream.get(), config.memory);
  const std::size_t n = data.size;
  gpu::Buffer<F> x(s.pool, n, s.stream);
  gpu::upload_bytes(device, x.data(), data.data, n * sizeof(F), s.stream);
  gpu::ntt_on_device(s, x.data(), n, config);
  gpu::copy_to_host(data.data, x.data(), n * sizeof(F), s.stream);
  gpu::check(ZKF_GPU(StreamSynchronize)(s.stream), "NTT kernels");
}

template <class B, class F>
void NttBackend<B, F, if_gpu<B>>::run(DeviceSpan<B, F> data, const NttConfig<F>& config) {
  static_assert(std::is_same_v<B, gpu::Backend>, "a GPU backend's source defines its own tag's primitives");
  const gpu::DeviceGuard guard(data.device);
  gpu::OwnedStream stream;
  gpu::Session s = gpu::session_on(data.device, stream.get(), config.memory);
  gpu::ntt_on_device(s, data.data, data.size, config);
  gpu::check(ZKF_GPU(StreamSynchronize)(s.stream), "NTT kernels");
}

}  // namespace zkforge
