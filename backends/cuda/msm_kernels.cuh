// SPDX-License-Identifier: Apache-2.0
// The GPU backends' MSM kernels (CUDA, or HIP compiling the same source): the algorithm, its
// constants, the device layout of points and the kernels of each phase. The host orchestration is
// msm.cuh's, the memory planner msm_layout.cuh's, the resident bases msm_context.cuh's.
//
// Pippenger with the signed digits of msm/plan.hpp, n points, window c, W windows, B = 2^(c-1)
// buckets per window. One MSM (or one piece of it, see below) is these phases, each one kernel
// launch (the tree phases one launch per level) on the call's stream, with two short host round trips
// (the counts below) before the W window sums come back:
//  0. count: how many scalars of finite points are 1 and how many are larger. The window is chosen
//     from the larger ones alone (a 1 is one pair in any window), so that a witness of mostly 0s and
//     1s gets the window of its significant scalars, and the digit arrays are sized W*larger + ones.
//  1. digits: one thread per point reads its scalar (canonical, or Montgomery turned canonical by
//     one product), adds the offset H and writes a pair key = j*B + |d| - 1 (the global bucket),
//     value = point index | sign bit, for each nonzero digit only: zero digits, points at infinity
//     and scalars >= r (flagged) write none, so no later phase sees them.
//  2. sort: CUB radix sort of the pairs on the key's bits (log2(W*B)), so every bucket's points are
//     one run of equal keys.
//  3. accumulate: the sorted array is cut into fixed chunks of L entries (L from 8 to 64, so that
//     there are >= ~1000 threads per multiprocessor); a thread sums its chunk with XYZZ mixed
//     additions (8M + 2S), finding run boundaries by comparing neighbouring keys. A run that lies
//     inside the chunk is a finished bucket and is stored; a run cut by the chunk's left or right
//     edge becomes a head or tail slot (key, partial sum), two per chunk, in key order. The slots
//     are the input of the next level, which does the same with full additions (12M + 2S) over
//     chunks of 8 slots, until one chunk is left. Every thread does the same amount of work at
//     every level whatever the digits are, so a bucket holding all n points (all scalars equal, or
//     all 1) is summed by a tree of depth log_4(n / L) instead of one thread: W*n madds plus
//     about W*n / L adds in all. With batch-affine rounds (msm_affine.cuh, asked for: larger chunks,
//     each run of a chunk halved `rounds` times by affine additions that share one inversion per
//     thread and round, 5M + 1S each), level 1 sums what the rounds leave in the same way. On G2
//     a chunk of level 1 takes a lane pair rather than a thread, each lane holding half of every
//     Fp2 value (fp2_pairs.cuh), and so does a segment of the reduction below.
//  4. bucket reduction: window j's sum is sum_b (b + 1) R_b. Its B buckets form G segments of Z
//     = B / G (G*W ~ 256 segments per multiprocessor); the thread of segment g computes its running
//     sums from the top (2Z adds) and adds (g*Z) * T_g, T_g the segment's total, by double-and-add
//     (<= c - 1 doublings and log2(G) adds). A tree of pairwise sums reduces the G results per
//     window to one; the W sums go to the host, which combines them by Horner's rule (W*c
//     doublings on the CPU, far quicker there than on one GPU thread).
//
// Cost, for m larger scalars: W*m madds + ~W*m/L adds + 2*W*B adds on the GPU, one sort of W*m 32-bit
// pairs, W*c host doublings. c minimises W(c) * (m + kGpuBucketCost * 2^(c-1)): the reduction's 2 full
// additions per bucket cost about 3 madds: c = 13 at 2^16, 16 at 2^20 and 2^22, 20 at 2^24, 22 at 2^26.
// Device memory per pair: 16 bytes of sort pairs and ~(4 + sizeof(Xyzz)) * 2/L of slots;
// plus 32 bytes of scalar and, when uploaded, sizeof(DevicePoint) + 1 per point; plus W*B buckets.
//
// Data layout: points live on the device as DevicePoint {x, y} (16-byte aligned, loaded with 16-byte
// vector loads, 96 bytes for BLS12-381 G1) plus one infinity byte per point, repacked on the host
// while they are copied into pinned staging; scalars, slots and buckets are likewise arrays of
// 16-byte multiples. The sorted gathers of points are inherently random; every other access is
// coalesced. batch_add's threads stride over the points so that a warp reads consecutive points.
//
// Precomputed copies (an MsmContext's, msm_layout.cuh's Copies): with K copies of the bases, copy q
// being 2^(q W' c) times them, digit j of point i becomes a pair of bucket window j mod W' and point
// i + (j / W') * stride (phase 1), and every later phase runs over W' = ceil(W / K) windows: the W*m
// madds stay, the 2*W*B reduction additions fall to 2*W'*B, and the sort's keys lose log2(K) bits. The
// window is then fixed when the copies are made (c up to 24, chosen with the reduction priced K-fold
// cheaper), not per call. copy_multiples makes each copy from the one before it: W' c doublings and a
// share of one inversion per point.
//
// Pieces: a call whose buffers do not fit the device's free memory (counting the pool's idle
// buffers) runs over consecutive pieces of the points, each a whole Pippenger, and sums them; pieces
// are sized by the bound of W*n pairs, before their scalars are counted.
//
// The mixed addition is inlined into the two loops that are nearly all of the work, whose register
// cap is set per group (kMaddBlocks), all but its rare doubling of an affine point (Xyzz's
// dbl_out_of_line), whose code made BLS12-381's loop wait on the instruction cache; full additions
// and doublings are __noinline__ functions, which keeps the other kernels small. Measured on an
// H200, BLS12-381 G1 at 2^22 points (ms, with the field product of before f4b2d8b; the whole MSM has
// taken 40 rather than 75 ms since): digits 0.3, sort 1.3, level-1 accumulation 69, later levels 5,
// bucket reduction 6, window sums 1.
#pragma once

#include <cstdint>
#include <type_traits>

#include "backends/cuda/fp2_pairs.cuh"
#include "backends/cuda/runtime.cuh"
#include "zkforge/curve/xyzz.hpp"

namespace zkforge::gpu {
inline namespace ZKF_GPU_NS {

// ---------------------------------------------------------------------------------------------
// Constants and layout

inline constexpr unsigned kPointBlock = 128;  // threads per block of the point-arithmetic kernels
inline constexpr unsigned kWordBlock = 256;   // threads per block of the digit kernel
inline constexpr std::uint32_t kNegative = 0x80000000u;  // sign bit of a digit's value word
inline constexpr std::uint32_t kIndexMask = 0x7fffffffu;
inline constexpr unsigned kTreeChunk = 8;            // slots per thread at accumulation levels >= 2
inline constexpr unsigned kSumFanIn = 2;             // values per thread in the final sum trees
inline constexpr unsigned kMinChunk = 8, kMaxChunk = 256;  // entries per thread at level 1 (docs/perf.md, run AZ)
inline constexpr std::size_t kChunkThreadsPerSm = 1024;     // level-1 threads wanted per multiprocessor
inline constexpr unsigned kReductionSegmentsPerSm = 256;    // at most, bucket-reduction segments per multiprocessor
inline constexpr std::size_t kBatchThreadsPerSm = 1024;     // batch_add threads per multiprocessor
inline constexpr std::size_t kHostSums = 8;                 // batch_add partial sums finished on the host
inline constexpr double kGpuBucketCost = 3.0;               // one bucket's reduction against one madd
inline constexpr unsigned kMaxAutoWindow = 22;
inline constexpr unsigned kMaxWindows = 129;  // W at the narrowest window (c = 2) of scalars below 2^256
inline constexpr std::size_t kReserveBytes = std::size_t{256} << 20;  // left free for the runtime and CUB
inline constexpr std::size_t kMinPiece = std::size_t{1} << 12;
inline constexpr unsigned kMaxCopyWindow = 24;  // the widest window of a context with copies (plan.hpp's limit)
inline constexpr unsigned kCopyBatch = 8;       // bases per inversion when a context's copies are made

// The counters of one piece, in one device array: the ones and the larger scalars (count_scalars), the
// pairs written and the first scalar >= r (make_digits).
enum PieceCounter : unsigned { kOnes, kLarger, kWritten, kFirstBad, kPieceCounters };

// An affine point as the kernels read it; infinity is a separate byte array.
template <class C>
struct alignas(16) DevicePoint {
  typename C::Field x, y;
};

// ---------------------------------------------------------------------------------------------
// Point formulas

// The mixed addition of the two hot loops (level-1 accumulation and batch_add), inlined there.
template <class C>
__device__ ZKF_INLINE Xyzz<C> madd_point(const Xyzz<C>& acc, const DevicePoint<C>& p) {
  return acc.add(Affine<C>::from_xy(p.x, p.y));
}

// Full additions and doublings, off the hot path: one call each, for smaller kernels.
template <class C>
__device__ __noinline__ Xyzz<C> add_points(Xyzz<C> a, Xyzz<C> b) {
  return a.add(b);
}

// The full addition of the loops that add one per bucket or slot (the bucket reduction and the tree
// levels), inlined there rather than called with its points passed through the stack: 0.4 - 1.5%
// off the MSMs measured (docs/perf.md, run BA; the reduction still keeps 1.7 KB of stack a thread in
// BLS12-381 G1, 5 KB in G2).
template <class C>
__device__ ZKF_INLINE Xyzz<C> add_inline(const Xyzz<C>& a, const Xyzz<C>& b) {
  return a.add(b);
}

template <class C>
__device__ __noinline__ Xyzz<C> double_point(Xyzz<C> a) {
  return a.dbl();
}

// Blocks per multiprocessor that the madd kernels and the bucket reduction ask the register allocator
// for. Measured on an H200 (BLS12-381 G1, 2^22 points, the field product of before f4b2d8b): level-1
// accumulation took 81 ms at 246 registers (2 blocks of 128) and 69 ms capped to 168 (3 blocks; no
// spills since 3180f50). BN254 G1 (142 registers at 3 blocks) runs 4 blocks at 128 registers, 4 bytes
// of spills: 1 - 3% faster at 2^24 and 2^26 (run AL). A whole G2 point's formulas spill already at 255
// and are left uncapped (batch_add's sums): capped to 168 (3 blocks), BLS12-381 G2's level 1 made its
// MSM of a witness's 2^24 scalars take 210 ms rather than 134 (H100, run C1a); G2's level 1 and
// reduction hold half a point a lane instead (kLanePairs). The bucket reduction (2^26 points) took 57 ms
// at 255 registers and 49 ms capped to 168, spills and all (a963cef's tree and the cap, ncu).
template <class C>
inline constexpr unsigned kMaddBlocks = sizeof(typename C::Field) <= 32 ? 4 : sizeof(typename C::Field) <= 48 ? 3 : 1;

// Whether C's level 1 and bucket reduction give each chunk or segment a lane pair rather than one
// thread (fp2_pairs.cuh): G2's, whose whole additions spill at 255 registers; the threads a chunk or
// segment takes, and the blocks per multiprocessor those kernels ask for (half a BLS12-381 G2 point
// a lane, G1's registers).
template <class C>
inline constexpr bool kLanePairs = IsFp2<typename C::Field>::value;
template <class C>
inline constexpr unsigned kPointLanes = kLanePairs<C> ? 2 : 1;
inline constexpr unsigned kPairBlocks = 3;
template <class C>
inline constexpr unsigned kPointBlocks = kLanePairs<C> ? kPairBlocks : kMaddBlocks<C>;

// ---------------------------------------------------------------------------------------------
// Kernels

// Phase 0: how many finite points have the scalar 1 (one nonzero digit) and how many a larger one
// (up to W), into counter[kOnes] and counter[kLarger]; the window and the digit arrays' size follow.
// With skip_ones (MsmConfig::skip_ones) a 1 counts as a 0.
template <class S, bool kMontgomery>
__global__ void __launch_bounds__(kWordBlock)
    count_scalars(const typename S::Int* scalars, const std::uint8_t* infinity, std::uint32_t n, bool skip_ones,
                  unsigned long long* counter) {
  const std::size_t i = thread_index();
  int one = 0, larger = 0;
  if (i < n && infinity[i] == 0) {
    typename S::Int k = load16(scalars + i);
    if constexpr (kMontgomery) k = S::from_montgomery_unchecked(k).to_int();
    one = !skip_ones && k.is_one();
    larger = !k.is_zero() && !k.is_one();
  }
  const int ones = __syncthreads_count(one), largers = __syncthreads_count(larger);
  if (threadIdx.x == 0) {
    if (ones != 0) atomicAdd(counter + kOnes, static_cast<unsigned long long>(ones));
    if (largers != 0) atomicAdd(counter + kLarger, static_cast<unsigned long long>(largers));
  }
}

// Phase 1: a (key, value) pair per nonzero digit: key = j*B + |d| - 1 (window j's bucket) and value =
// point index | sign bit. A block's pairs are one run of the array, taken with one atomic addition
// (so the runs' order differs from call to call; the sort orders them), window-major inside it, so
// that each window's writes are coalesced: a lane's place is its warp's offset in the window plus
// the lanes below it with a digit there. Points at infinity and scalars >= r (flagged) write none,
// nor, with skip_ones (MsmConfig::skip_ones), scalars equal to 1; `written` ends as the count.
// With precomputed copies of the bases (msm_context.cuh), digit j of point i goes to bucket window
// j mod W' of copy j / W', whose point is i + (j / W') * stride; without, W' = W.
template <class S, bool kMontgomery>
__global__ void __launch_bounds__(kWordBlock)
    make_digits(const typename S::Int* scalars, const std::uint8_t* infinity, std::uint32_t n, bool skip_ones,
                BigInt<S::kLimbs + 1> offset, unsigned c, unsigned windows, unsigned bucket_windows,
                std::uint32_t stride, std::uint32_t* keys, std::uint32_t* values, unsigned long long* first_bad,
                unsigned long long* written) {
  // place[j][w]: warp w's pairs of window j, then their offset in the block's run; window j's start.
  __shared__ unsigned place[kMaxWindows][kWordBlock / 32];
  __shared__ unsigned window_start[kMaxWindows];
  __shared__ unsigned long long block_start;
  const std::size_t i = thread_index();
  BigInt<S::kLimbs + 1> e{};
  bool skip = true;
  if (i < n) {
    typename S::Int k = load16(scalars + i);
    skip = infinity[i] != 0;
    if constexpr (kMontgomery) {
      k = S::from_montgomery_unchecked(k).to_int();
    } else if (k >= S::modulus()) {
      atomicMin(first_bad, static_cast<unsigned long long>(i));
      skip = true;
    }
    skip = skip || (skip_ones && k.is_one());
    for (std::size_t w = 0; w < S::kLimbs; ++w) e.w[w] = k.w[w];
    e.add_in_place(offset);
  }
  const unsigned warp = threadIdx.x / warpSize, warps = blockDim.x / warpSize;
  const bool first_lane = threadIdx.x % warpSize == 0;
  for (unsigned j = 0; j < windows; ++j) {
    const std::uint64_t mask = warp_ballot(!skip && signed_digit(e, j, c) != 0);
    if (first_lane) place[j][warp] = static_cast<unsigned>(__popcll(mask));
  }
  __syncthreads();
  if (threadIdx.x < windows) {
    unsigned sum = 0;
    for (unsigned w = 0; w < warps; ++w) {
      const unsigned v = place[threadIdx.x][w];
      place[threadIdx.x][w] = sum;
      sum += v;
    }
    window_start[threadIdx.x] = sum;
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    unsigned sum = 0;
    for (unsigned j = 0; j < windows; ++j) {
      const unsigned v = window_start[j];
      window_start[j] = sum;
      sum += v;
    }
    block_start = atomicAdd(written, static_cast<unsigned long long>(sum));
  }
  __syncthreads();
  const std::uint32_t buckets = 1u << (c - 1);
  std::uint32_t window = 0, point = static_cast<std::uint32_t>(i);  // digit j's bucket window and point
  for (unsigned j = 0; j < windows; ++j) {
    const int d = skip ? 0 : signed_digit(e, j, c);
    const std::uint64_t mask = warp_ballot(d != 0);
    if (d != 0) {
      const std::size_t at = block_start + window_start[j] + place[j][warp] + lanes_below(mask);
      keys[at] = window * buckets + static_cast<std::uint32_t>(d > 0 ? d : -d) - 1;
      values[at] = point | (d < 0 ? kNegative : 0u);
    }
    if (++window == bucket_windows) {
      window = 0;
      point += stride;
    }
  }
}

// An MsmContext's copy of its bases, from the copy before it: 2^shift times each finite base, made
// affine. Thread t takes the bases t, t + T, ... (T threads), kCopyBatch at a time, whose affine
// forms share one inversion. A multiple at infinity (a base outside the prime-order subgroup) is
// counted into at_infinity; infinite bases' copies are left as they are (their digits are never made).
template <class C>
__global__ void __launch_bounds__(kPointBlock)
    copy_multiples(const DevicePoint<C>* from, const std::uint8_t* infinity, std::size_t n, unsigned shift,
                   DevicePoint<C>* to, unsigned long long* at_infinity) {
  using F = typename C::Field;
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t base = thread_index(); base < n; base += stride * kCopyBatch) {
    Xyzz<C> p[kCopyBatch];
    F prefix[kCopyBatch];  // products of the ZZZs so far, 1 standing for a point at infinity
    F running = F::one();
    for (unsigned m = 0; m < kCopyBatch; ++m) {
      const std::size_t i = base + m * stride;
      Xyzz<C> acc = Xyzz<C>::identity();
      if (i < n && infinity[i] == 0) {
        const DevicePoint<C> a = load16(from + i);
        acc = Xyzz<C>::from_affine(Affine<C>::from_xy(a.x, a.y));
        for (unsigned k = 0; k < shift; ++k) acc = double_point(acc);
        if (acc.is_identity()) atomicAdd(at_infinity, 1ull);
      }
      p[m] = acc;
      if (!acc.is_identity()) running = running * acc.ZZZ;
      prefix[m] = running;
    }
    F inverse = running.inverse();  // of every ZZZ of the batch
    for (unsigned m = kCopyBatch; m-- > 0;) {
      if (p[m].is_identity()) continue;
      const F zzz_inverse = m == 0 ? inverse : inverse * prefix[m - 1];
      inverse = inverse * p[m].ZZZ;
      const F z_inverse = zzz_inverse * p[m].ZZ;  // ZZ / ZZZ = 1/Z
      store16(to + base + m * stride, DevicePoint<C>{p[m].X * z_inverse.sqr(), p[m].Y * zzz_inverse});
    }
  }
}

// Where a chunk's entries come from: the sorted pairs' points (level 1 and batch-affine round 1:
// gathered, the sign applied) or the partial sums of the level before; entry i of the chunk, its key
// and point.
template <class C>
struct SortedPoints {
  using F = typename C::Field;
  const std::uint32_t* keys;
  const std::uint32_t* values;
  const DevicePoint<C>* points;
  __device__ ZKF_INLINE std::uint32_t key(std::size_t i) const { return keys[i]; }
  __device__ ZKF_INLINE F x(std::size_t i) const { return load16(&points[values[i] & kIndexMask].x); }
  __device__ ZKF_INLINE F y(std::size_t i) const {
    const std::uint32_t v = values[i];
    const F y = load16(&points[v & kIndexMask].y);
    return (v & kNegative) != 0 ? -y : y;
  }
  __device__ ZKF_INLINE DevicePoint<C> point(std::size_t i) const {
    const std::uint32_t v = values[i];
    DevicePoint<C> p = load16(points + (v & kIndexMask));
    if ((v & kNegative) != 0) p.y = -p.y;
    return p;
  }
  __device__ ZKF_INLINE void add_to(Xyzz<C>& acc, std::size_t i) const { acc = madd_point(acc, point(i)); }
};

template <class C>
struct SortedPartials {
  const std::uint32_t* keys;
  const Xyzz<C>* partials;
  __device__ ZKF_INLINE std::uint32_t key(std::size_t i) const { return keys[i]; }
  __device__ ZKF_INLINE void add_to(Xyzz<C>& acc, std::size_t i) const { acc = add_inline(acc, load16(partials + i)); }
};

// A lane pair's entries at G2's level 1 (accumulate): the sorted pairs' points, each lane gathering
// its half of x and y.
template <class C>
struct SortedHalves {
  using F = typename C::Field::Base;
  const std::uint32_t* keys;
  const std::uint32_t* values;
  const DevicePoint<C>* points;
  __device__ ZKF_INLINE std::uint32_t key(std::size_t i) const { return keys[i]; }
  __device__ ZKF_INLINE void add_to(Xyzz<PairCurve<C>>& acc, std::size_t i) const {
    const std::uint32_t v = values[i];
    const DevicePoint<C>* p = points + (v & kIndexMask);
    const F x = load16(half_of(&p->x));
    F y = load16(half_of(&p->y));
    if ((v & kNegative) != 0) y = -y;
    acc = acc.add(Affine<PairCurve<C>>::from_xy({x}, {y}));
  }
};

// How a walk's sums sit in registers and go to memory (buckets and slots, Xyzz<C> arrays): whole, one
// thread a point; or halves (G2's level 1 and reduction), a lane pair a point, each lane its half of
// each coordinate, and the even lane writing the slots' keys.
template <class C>
struct WholeSums {
  using Sum = Xyzz<C>;
  __device__ static ZKF_INLINE Sum load(const Xyzz<C>* at) { return load16(at); }
  __device__ static ZKF_INLINE void store(Xyzz<C>* at, const Sum& s) { store16(at, s); }
  __device__ static ZKF_INLINE bool writes_keys() { return true; }
};

template <class C>
struct HalfSums {
  using Sum = Xyzz<PairCurve<C>>;
  __device__ static ZKF_INLINE Sum load(const Xyzz<C>* at) {
    return {{load16(half_of(&at->X))}, {load16(half_of(&at->Y))}, {load16(half_of(&at->ZZ))},
            {load16(half_of(&at->ZZZ))}};
  }
  __device__ static ZKF_INLINE void store(Xyzz<C>* at, const Sum& s) {
    store16(half_of(&at->X), s.X.v);
    store16(half_of(&at->Y), s.Y.v);
    store16(half_of(&at->ZZ), s.ZZ.v);
    store16(half_of(&at->ZZZ), s.ZZZ.v);
  }
  __device__ static ZKF_INLINE bool writes_keys() { return pair_lane() == 0; }
};

// Phase 3's walk over one chunk of thread t: entries [0, count) of `entries`, keys in order, summed
// run by run. A run that ends inside the chunk is a finished bucket and is stored; the run cut by the
// chunk's left edge (open_left) goes to slot 2t, the one cut by its right edge (open_right) to 2t + 1,
// each with its key; a slot without such a run holds the identity. The head and tail slots are stored
// as soon as their runs close, so that only the running sum stays in registers through the loop.
// With `carried` (level 1 of a batch after the first, msm.cuh's run_batches), a run that starts in
// the chunk starts from its bucket's sum of the batches before, so that the bucket ends holding all:
// a run closed in the chunk is stored even when it sums to the identity, and a run cut by the right
// edge leaves its bucket at the identity until the tree levels store its whole sum (they skip a sum at
// the identity, which is also what an unused slot holds).
template <class C, class Sums = WholeSums<C>, class Entries>
__device__ ZKF_INLINE void sum_runs(const Entries& entries, std::size_t count, std::size_t t, bool open_left,
                                    bool open_right, bool carried, std::uint32_t* out_keys,
                                    Xyzz<C>* out_partials, Xyzz<C>* buckets) {
  using Sum = typename Sums::Sum;
  const std::uint32_t first_key = entries.key(0), last_key = entries.key(count - 1);
  auto run_start = [&](std::uint32_t k) { return carried ? Sums::load(buckets + k) : Sum::identity(); };
  Sum acc = open_left ? Sum::identity() : run_start(first_key);
  bool head_stored = false, tail_stored = false;
  std::uint32_t key = first_key;
  auto close_run = [&](bool last) {
    if (key == first_key && open_left) {
      Sums::store(out_partials + 2 * t, acc);
      head_stored = true;
    } else if (last && open_right) {
      Sums::store(out_partials + 2 * t + 1, acc);
      tail_stored = true;
      if (carried) Sums::store(buckets + key, Sum::identity());
    } else if (carried || !acc.is_identity()) {
      Sums::store(buckets + key, acc);
    }
  };
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint32_t k = entries.key(i);
    if (k != key) {
      close_run(false);
      key = k;
      acc = run_start(k);
    }
    entries.add_to(acc, i);
  }
  close_run(true);
  if (Sums::writes_keys()) {
    out_keys[2 * t] = first_key;
    out_keys[2 * t + 1] = last_key;
  }
  if (!head_stored) Sums::store(out_partials + 2 * t, Sum::identity());
  if (!tail_stored) Sums::store(out_partials + 2 * t + 1, Sum::identity());
}

// Phase 3, one level: thread t sums entries [t*chunk, (t+1)*chunk) of the sorted keys (sum_runs).
// Level 1 (kFromPoints) reads point indices and adds points, onto the buckets' sums when `carried`;
// later levels read partial sums. G2's level 1 takes a lane pair a chunk (kPointLanes threads), the
// pair's lanes 2t and 2t + 1 each holding half of every sum (fp2_pairs.cuh).
template <class C, bool kFromPoints>
__global__ void __launch_bounds__(kPointBlock, kFromPoints ? kPointBlocks<C> : 1)
    accumulate(const std::uint32_t* keys, const std::uint32_t* indices, const DevicePoint<C>* points,
               const Xyzz<C>* partials, std::size_t len, unsigned chunk, bool carried, std::uint32_t* out_keys,
               Xyzz<C>* out_partials, Xyzz<C>* buckets) {
  constexpr bool kPairs = kFromPoints && kLanePairs<C>;
  const std::size_t t = kPairs ? thread_index() / 2 : thread_index();
  const std::size_t begin = t * chunk;
  if (begin >= len) return;
  const std::size_t end = begin + chunk < len ? begin + chunk : len;
  const bool open_left = begin > 0 && keys[begin - 1] == keys[begin];
  const bool open_right = end < len && keys[end] == keys[end - 1];
  if constexpr (kPairs) {
    sum_runs<C, HalfSums<C>>(SortedHalves<C>{keys + begin, indices + begin, points}, end - begin, t, open_left,
                             open_right, carried, out_keys, out_partials, buckets);
  } else if constexpr (kFromPoints) {
    sum_runs<C>(SortedPoints<C>{keys + begin, indices + begin, points}, end - begin, t, open_left, open_right,
                carried, out_keys, out_partials, buckets);
  } else {
    sum_runs<C>(SortedPartials<C>{keys + begin, partials + begin}, end - begin, t, open_left, open_right, false,
                out_keys, out_partials, buckets);
  }
}

// Phase 4: thread t = j*G + g reduces the buckets [g*Z, min((g+1)*Z, B)) of window j (B buckets a
// window, window-major) to sum_b (b + 1) R_b, b counted from the window's first bucket: the segment's
// own weights by running sums, then g*Z times its sum by doubling and adding. G and Z are the layout's
// (PieceLayout: as many as one wave of this kernel holds). G2's segments take a lane pair each.
template <class C>
__global__ void __launch_bounds__(kPointBlock, kPointBlocks<C>)
    reduce_segments(const Xyzz<C>* buckets, std::uint32_t per_window, std::uint32_t segment, std::uint32_t groups,
                    std::size_t count, Xyzz<C>* out) {
  using Sums = std::conditional_t<kLanePairs<C>, HalfSums<C>, WholeSums<C>>;
  using Sum = typename Sums::Sum;
  const std::size_t t = thread_index() / kPointLanes<C>;
  if (t >= count) return;
  const std::uint32_t g = static_cast<std::uint32_t>(t % groups);
  const std::uint32_t first = g * segment;
  const std::uint32_t size = per_window - first < segment ? per_window - first : segment;
  const Xyzz<C>* in = buckets + (t / groups) * per_window + first;
  Sum running = Sum::identity(), local = Sum::identity();
  for (std::uint32_t b = size; b-- > 0;) {
    running = add_inline(running, Sums::load(in + b));
    local = add_inline(local, running);
  }
  Sum offset = Sum::identity();
  for (unsigned bit = 32; bit-- > 0;) {
    if (!offset.is_identity()) offset = double_point(offset);
    if ((first >> bit) & 1) offset = add_points(offset, running);
  }
  Sums::store(out + t, add_points(local, offset));
}

// The values a sum tree's first level writes (sum_groups over `windows` windows of per_window values):
// each window rounds up, so windows * ceil(per_window / kSumFanIn), which the buffer it writes holds.
inline std::size_t sum_tree_scratch(std::size_t windows, std::size_t per_window) {
  return windows * ((per_window + kSumFanIn - 1) / kSumFanIn);
}

// Window j's out[j*G' + i] = in[j*G + i*group] + ... up to the window's end, G = per_window and
// G' = ceil(G / group): groups never straddle two windows.
template <class C>
__global__ void __launch_bounds__(kPointBlock)
    sum_groups(const Xyzz<C>* in, std::size_t count, std::size_t per_window, unsigned group, Xyzz<C>* out) {
  const std::size_t t = thread_index();
  const std::size_t out_per_window = (per_window + group - 1) / group;
  const std::size_t window = t / out_per_window;
  const std::size_t begin = window * per_window + (t % out_per_window) * group;
  if (begin >= count) return;
  const std::size_t window_end = (window + 1) * per_window;
  const std::size_t end = begin + group < window_end ? begin + group : window_end;
  Xyzz<C> acc = load16(in + begin);
  for (std::size_t i = begin + 1; i < end; ++i) acc = add_points(acc, load16(in + i));
  store16(out + t, acc);
}

// batch_add: thread t sums the selected finite points t, t + T, t + 2T, ... (T threads in all).
template <class C>
__global__ void __launch_bounds__(kPointBlock, kMaddBlocks<C>)
    select_sum(const DevicePoint<C>* points, const std::uint8_t* infinity, const std::uint64_t* bitmap,
               std::size_t n, Xyzz<C>* out) {
  const std::size_t t = thread_index();
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  Xyzz<C> acc = Xyzz<C>::identity();
  for (std::size_t i = t; i < n; i += stride)
    if (((bitmap[i / 64] >> (i % 64)) & 1) != 0 && infinity[i] == 0) acc = madd_point(acc, load16(points + i));
  store16(out + t, acc);
}

}  // namespace ZKF_GPU_NS
}  // namespace zkforge::gpu
