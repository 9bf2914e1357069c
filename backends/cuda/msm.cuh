// SPDX-License-Identifier: Apache-2.0
// The CUDA backend's MSM, batch_add and MsmContext: kernels and their host orchestration, as
// templates that backends/cuda/msm_instances.cu instantiates for the shipped groups.
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
//     about W*n / L adds in all.
//  4. bucket reduction: window j's sum is sum_b (b + 1) R_b. Its B buckets form G segments of Z
//     = B / G (G*W ~ 256 threads per multiprocessor); the thread of segment g computes its running
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
// Pieces: a call whose buffers do not fit the device's free memory (counting the pool's idle
// buffers) runs over consecutive pieces of the points, each a whole Pippenger, and sums them; pieces
// are sized by the bound of W*n pairs, before their scalars are counted.
//
// The mixed addition is inlined into the two loops that are nearly all of the work, whose register
// cap is set per group (kMaddBlocks); full additions and doublings are __noinline__ functions, which
// keeps the other kernels small. Measured on an H200, BLS12-381 G1 at 2^22 points (ms, with the field
// product of before f4b2d8b; the whole MSM has taken 40 rather than 75 ms since): digits 0.3, sort 1.3,
// level-1 accumulation 69, later levels 5, bucket reduction 6, window sums 1.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "backends/cuda/runtime.cuh"
#include "zkforge/arch/gpu_sort.hpp"
#include "zkforge/curve/xyzz.hpp"
#include "zkforge/memory/device_allocator.hpp"
#include "zkforge/msm/combine_windows.hpp"
#include "zkforge/msm/cuda.hpp"
#include "zkforge/msm/plan.hpp"

namespace zkforge::cuda {

// ---------------------------------------------------------------------------------------------
// Constants and layout

inline constexpr unsigned kPointBlock = 128;  // threads per block of the point-arithmetic kernels
inline constexpr unsigned kWordBlock = 256;   // threads per block of the digit kernel
inline constexpr std::uint32_t kNegative = 0x80000000u;  // sign bit of a digit's value word
inline constexpr std::uint32_t kIndexMask = 0x7fffffffu;
inline constexpr unsigned kTreeChunk = 8;            // slots per thread at accumulation levels >= 2
inline constexpr unsigned kSumFanIn = 2;             // values per thread in the final sum trees
inline constexpr unsigned kMinChunk = 8, kMaxChunk = 64;  // entries per thread at level 1
inline constexpr std::size_t kChunkThreadsPerSm = 1024;     // level-1 threads wanted per multiprocessor
inline constexpr std::size_t kSegmentThreadsPerSm = 384;    // bucket-reduction threads per multiprocessor
inline constexpr std::size_t kBatchThreadsPerSm = 1024;     // batch_add threads per multiprocessor
inline constexpr std::size_t kHostSums = 8;                 // batch_add partial sums finished on the host
inline constexpr double kGpuBucketCost = 3.0;               // one bucket's reduction against one madd
inline constexpr unsigned kMaxAutoWindow = 22;
inline constexpr unsigned kMaxWindows = 129;  // W at the narrowest window (c = 2) of scalars below 2^256
inline constexpr std::size_t kReserveBytes = std::size_t{256} << 20;  // left free for the runtime and CUB
inline constexpr std::size_t kMinPiece = std::size_t{1} << 12;

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
__device__ ZKF_INLINE Xyzz<C> madd_point(const Xyzz<C>& acc, const DevicePoint<C>* point, bool negate) {
  const DevicePoint<C> p = load16(point);
  return acc.add(Affine<C>::from_xy(p.x, negate ? -p.y : p.y));
}

// Full additions and doublings, off the hot path: one call each, for smaller kernels.
template <class C>
__device__ __noinline__ Xyzz<C> add_points(Xyzz<C> a, Xyzz<C> b) {
  return a.add(b);
}

template <class C>
__device__ __noinline__ Xyzz<C> double_point(Xyzz<C> a) {
  return a.dbl();
}

// Blocks per multiprocessor that the madd kernels and the bucket reduction ask the register allocator
// for. Measured on an H200 (BLS12-381 G1, 2^22 points, the field product of before f4b2d8b): level-1
// accumulation took 81 ms at 246 registers (2 blocks of 128) and 69 ms capped to 168 (3 blocks; no
// spills since 3180f50). BN254 G1 is capped alike (178 registers uncapped); G2's formulas spill
// already at 255 and are left uncapped. The bucket reduction (2^26 points) took 57 ms at 255
// registers and 49 ms capped to 168, spills and all (a963cef's tree and the cap, ncu).
template <class C>
inline constexpr unsigned kMaddBlocks = sizeof(typename C::Field) <= 48 ? 3 : 1;

// ---------------------------------------------------------------------------------------------
// Kernels

// Phase 0: how many finite points have the scalar 1 (one nonzero digit) and how many a larger one
// (up to W), into counter[kOnes] and counter[kLarger]; the window and the digit arrays' size follow.
template <class S, bool kMontgomery>
__global__ void __launch_bounds__(kWordBlock)
    count_scalars(const typename S::Int* scalars, const std::uint8_t* infinity, std::uint32_t n,
                  unsigned long long* counter) {
  const std::size_t i = thread_index();
  int one = 0, larger = 0;
  if (i < n && infinity[i] == 0) {
    typename S::Int k = load16(scalars + i);
    if constexpr (kMontgomery) k = S::from_montgomery_unchecked(k).to_int();
    std::uint64_t high = 0;
    for (std::size_t w = 1; w < S::kLimbs; ++w) high |= k.w[w];
    one = high == 0 && k.w[0] == 1;
    larger = high != 0 || k.w[0] > 1;
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
// the lanes below it with a digit there. Points at infinity and scalars >= r (flagged) write none;
// `written` ends as the count.
template <class S, bool kMontgomery>
__global__ void __launch_bounds__(kWordBlock)
    make_digits(const typename S::Int* scalars, const std::uint8_t* infinity, std::uint32_t n,
                BigInt<S::kLimbs + 1> offset, unsigned c, unsigned windows, std::uint32_t* keys,
                std::uint32_t* values, unsigned long long* first_bad, unsigned long long* written) {
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
  for (unsigned j = 0; j < windows; ++j) {
    const int d = skip ? 0 : signed_digit(e, j, c);
    const std::uint64_t mask = warp_ballot(d != 0);
    if (d == 0) continue;
    const std::size_t at = block_start + window_start[j] + place[j][warp] + lanes_below(mask);
    keys[at] = j * buckets + static_cast<std::uint32_t>(d > 0 ? d : -d) - 1;
    values[at] = static_cast<std::uint32_t>(i) | (d < 0 ? kNegative : 0u);
  }
}

// Phase 3, one level: thread t sums entries [t*chunk, (t+1)*chunk) of the sorted keys, storing the
// runs that end inside its chunk into buckets and writing its head and tail slots to 2t and 2t+1.
// Level 1 (kFromPoints) reads point indices and adds points; later levels read partial sums.
template <class C, bool kFromPoints>
__global__ void __launch_bounds__(kPointBlock, kFromPoints ? kMaddBlocks<C> : 1)
    accumulate(const std::uint32_t* keys, const std::uint32_t* indices, const DevicePoint<C>* points,
               const Xyzz<C>* partials, std::size_t len, unsigned chunk, std::uint32_t* out_keys,
               Xyzz<C>* out_partials, Xyzz<C>* buckets) {
  const std::size_t t = thread_index();
  const std::size_t begin = t * chunk;
  if (begin >= len) return;
  const std::size_t end = begin + chunk < len ? begin + chunk : len;
  const std::uint32_t first_key = keys[begin], last_key = keys[end - 1];
  const bool open_left = begin > 0 && keys[begin - 1] == first_key;
  const bool open_right = end < len && keys[end] == last_key;

  // The head and tail slots are stored as soon as their runs close, so that only the running sum
  // stays in registers through the loop.
  Xyzz<C> acc = Xyzz<C>::identity();
  bool head_stored = false, tail_stored = false;
  std::uint32_t key = first_key;
  auto close_run = [&](bool last) {
    if (key == first_key && open_left) {
      store16(out_partials + 2 * t, acc);
      head_stored = true;
    } else if (last && open_right) {
      store16(out_partials + 2 * t + 1, acc);
      tail_stored = true;
    } else if (!acc.is_identity()) {
      store16(buckets + key, acc);
    }
  };
  for (std::size_t i = begin; i < end; ++i) {
    const std::uint32_t k = keys[i];
    if (k != key) {
      close_run(false);
      key = k;
      acc = Xyzz<C>::identity();
    }
    if constexpr (kFromPoints) {
      const std::uint32_t v = indices[i];
      acc = madd_point(acc, points + (v & kIndexMask), (v & kNegative) != 0);
    } else {
      acc = add_points(acc, load16(partials + i));
    }
  }
  close_run(true);
  out_keys[2 * t] = first_key;
  out_keys[2 * t + 1] = last_key;
  if (!head_stored) store16(out_partials + 2 * t, Xyzz<C>::identity());
  if (!tail_stored) store16(out_partials + 2 * t + 1, Xyzz<C>::identity());
}

// Phase 4: thread t = j*G + g reduces buckets [t*Z, (t+1)*Z) of the window-major array (window j,
// segment g) to sum_b (g*Z + b + 1) R_b.
template <class C>
__global__ void __launch_bounds__(kPointBlock, kMaddBlocks<C>)
    reduce_segments(const Xyzz<C>* buckets, unsigned log_segment, unsigned log_segments, std::size_t count,
                    Xyzz<C>* out) {
  const std::size_t t = thread_index();
  if (t >= count) return;
  const std::size_t size = std::size_t{1} << log_segment;
  const Xyzz<C>* segment = buckets + t * size;
  Xyzz<C> running = Xyzz<C>::identity(), local = Xyzz<C>::identity();
  for (std::size_t b = size; b-- > 0;) {
    running = add_points(running, load16(segment + b));
    local = add_points(local, running);
  }
  const std::size_t g = t & ((std::size_t{1} << log_segments) - 1);
  Xyzz<C> offset = Xyzz<C>::identity();
  for (unsigned bit = log_segments; bit-- > 0;) {
    offset = double_point(offset);
    if ((g >> bit) & 1) offset = add_points(offset, running);
  }
  for (unsigned s = 0; s < log_segment && !offset.is_identity(); ++s) offset = double_point(offset);
  store16(out + t, add_points(local, offset));
}

// out[t] = in[t*group] + ... + in[min(count, (t+1)*group) - 1].
template <class C>
__global__ void __launch_bounds__(kPointBlock)
    sum_groups(const Xyzz<C>* in, std::size_t count, unsigned group, Xyzz<C>* out) {
  const std::size_t t = thread_index();
  const std::size_t begin = t * group;
  if (begin >= count) return;
  const std::size_t end = begin + group < count ? begin + group : count;
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
    if (((bitmap[i / 64] >> (i % 64)) & 1) != 0 && infinity[i] == 0) acc = madd_point(acc, points + i, false);
  store16(out + t, acc);
}

// Affine points to DevicePoints and infinity bytes, repacked while staged.
template <class C>
void upload_points(int device, DevicePoint<C>* points, std::uint8_t* infinity, HostSpan<const Affine<C>> src,
                   gpu::Stream s) {
  using F = typename C::Field;
  constexpr std::size_t kUnit = sizeof(DevicePoint<C>) + 1;
  staging(device).stream_pieces(src.size, PinnedStaging::kBytes / kUnit, s,
                                                  [&](unsigned char* buf, std::size_t begin, std::size_t end) {
    const std::size_t m = end - begin;
    unsigned char* flags = buf + m * sizeof(DevicePoint<C>);
    cpu_pool().parallel_for(m, [&](std::size_t b, std::size_t e) {
      for (std::size_t i = b; i < e; ++i) {
        const Affine<C>& p = src[begin + i];
        unsigned char* out = buf + i * sizeof(DevicePoint<C>);
        std::memcpy(out + offsetof(DevicePoint<C>, x), &p.x, sizeof(F));
        std::memcpy(out + offsetof(DevicePoint<C>, y), &p.y, sizeof(F));
        flags[i] = p.infinity ? 1 : 0;
      }
    }, 4096);
    copy_to_device(points + begin, buf, m * sizeof(DevicePoint<C>), s);
    copy_to_device(infinity + begin, flags, m, s);
  });
}


// ---------------------------------------------------------------------------------------------
// Plans

// The GPU's window: c minimising W(c) * (n + kGpuBucketCost * 2^(c-1)), or the one forced.
template <class C>
MsmPlan gpu_msm_plan(std::size_t n, unsigned window_bits) {
  return make_msm_plan(n, C::Scalar::kModulus, window_bits, MsmCostModel{kGpuBucketCost, kMaxAutoWindow});
}

inline unsigned floor_log2(std::size_t v) {
  unsigned r = 0;
  while (v > 1) {
    v >>= 1;
    ++r;
  }
  return r;
}

// Every buffer size of one piece of n points: the single source of both the allocations and
// msm_device_bytes. `entries` bounds the digit pairs: W*n before the scalars are counted (what a piece
// may need), W*larger + ones after (what this one does).
template <class C>
struct PieceLayout {
  MsmPlan plan;
  std::size_t n = 0;
  std::size_t entries = 0;     // the most digit pairs
  std::uint32_t buckets = 0;   // W*B
  unsigned key_bits = 0;       // bits the sort looks at
  unsigned chunk = 0;          // level-1 entries per thread
  std::size_t slots_a = 0, slots_b = 0;  // ping-pong slot buffers of the levels >= 2
  unsigned log_segment = 0, log_segments = 0;
  std::size_t sort_bytes = 0;  // CUB's temporary storage

  // The bound of any n scalars, with the window chosen from n.
  PieceLayout(std::size_t points, const MsmConfig& config, unsigned sms)
      : PieceLayout(points, gpu_msm_plan<C>(points, config.window_bits), points, 0, sms) {}

  PieceLayout(std::size_t points, const MsmPlan& window_plan, std::size_t larger, std::size_t ones, unsigned sms)
      : plan(window_plan), n(points), entries(static_cast<std::size_t>(window_plan.windows) * larger + ones) {
    if (plan.windows > kMaxWindows)
      throw Error(Errc::invalid_argument, "MSM of " + std::to_string(plan.windows) +
                                              " windows (the GPU's digit kernel has room for " +
                                              std::to_string(kMaxWindows) + ")");
    buckets = static_cast<std::uint32_t>(plan.windows * plan.buckets);
    while ((std::uint64_t{1} << key_bits) < buckets) ++key_bits;
    const std::size_t per_thread = entries / (std::size_t{sms} * kChunkThreadsPerSm);
    chunk = static_cast<unsigned>(std::clamp<std::size_t>(per_thread, kMinChunk, kMaxChunk));
    slots_a = 2 * chunks(entries);
    slots_b = 2 * ((slots_a + kTreeChunk - 1) / kTreeChunk);
    const std::size_t want = std::max<std::size_t>(1, std::size_t{sms} * kSegmentThreadsPerSm / plan.windows);
    log_segments = std::min(floor_log2(want), plan.window_bits - 1);
    log_segment = plan.window_bits - 1 - log_segments;
    gpu::DoubleBuffer<std::uint32_t> k(nullptr, nullptr), v(nullptr, nullptr);
    const int items = static_cast<int>(std::min<std::size_t>(entries, INT32_MAX));  // pieces stay below
    gpu::check(gpu::radix_sort_pairs(nullptr, sort_bytes, k, v, items, 0, static_cast<int>(key_bits)),
               "DeviceRadixSort::SortPairs (size query)");
  }
  std::size_t segments() const { return static_cast<std::size_t>(plan.windows) << log_segments; }
  std::size_t chunks(std::size_t pairs) const { return (pairs + chunk - 1) / chunk; }  // level-1 threads

  std::size_t bytes(bool with_points) const {
    constexpr std::size_t kXyzz = sizeof(Xyzz<C>);
    const std::size_t points = with_points ? n * (sizeof(DevicePoint<C>) + 1) : 0;
    const std::size_t scalars = n * sizeof(typename C::Scalar::Int);
    const std::size_t sort = 4 * entries * sizeof(std::uint32_t) + sort_bytes;
    const std::size_t slots = (slots_a + slots_b) * (sizeof(std::uint32_t) + kXyzz);
    const std::size_t reduce = (std::size_t{buckets} + segments() + segments() / kSumFanIn + 1) * kXyzz;
    const std::size_t alignment_slack = 16 * 256;
    const std::size_t counters = kPieceCounters * sizeof(unsigned long long);
    return points + scalars + sort + slots + reduce + counters + alignment_slack;
  }
};

// The layout of a piece whose scalars are counted: the window from the larger scalars alone (the ones
// add one pair each, whatever the window), unless that layout would need more memory than the bound
// that the piece was sized by, where the bound's window stays.
template <class C>
PieceLayout<C> counted_layout(const PieceLayout<C>& bound, const MsmConfig& config, std::size_t larger,
                              std::size_t ones, unsigned sms) {
  PieceLayout<C> counted(bound.n, gpu_msm_plan<C>(larger, config.window_bits), larger, ones, sms);
  if (counted.entries <= bound.entries && counted.bytes(false) <= bound.bytes(false)) return counted;
  return PieceLayout<C>(bound.n, bound.plan, larger, ones, sms);
}

// The largest piece (n, or n halved until it fits) whose bytes fit the free device memory plus the
// pool's idle buffers; trims the pool when fresh allocations will be needed. Frees still queued by a
// deferred policy are waited for first when they would make the difference.
template <class BytesOf>
std::size_t fit_piece(const Session& s, std::size_t n, std::size_t limit, BytesOf bytes_of, const char* what) {
  if (s.pool.stats().pending_bytes != 0 && bytes_of(std::min(n, limit)) + kReserveBytes > gpu::memory_info().free_bytes)
    s.pool.flush();
  const gpu::MemoryInfo m = gpu::memory_info();
  const std::size_t idle = s.pool.stats().idle_bytes;
  const std::size_t budget = m.free_bytes + idle > kReserveBytes ? m.free_bytes + idle - kReserveBytes : 0;
  std::size_t piece = std::min(n, limit);
  while (piece > kMinPiece && bytes_of(piece) > budget) piece = (piece + 1) / 2;
  if (bytes_of(piece) > budget)
    throw Error(Errc::out_of_memory, std::string(what) + " of " + std::to_string(piece) + " points needs " +
                                         std::to_string(bytes_of(piece)) + " bytes of device memory; " +
                                         std::to_string(m.free_bytes) + " are free");
  if (bytes_of(piece) + kReserveBytes > m.free_bytes) s.pool.trim();
  return piece;
}

// The most points one piece may hold: indices keep a sign bit, and CUB counts items in an int.
template <class C>
std::size_t max_piece(std::size_t n, unsigned window_bits) {
  std::size_t piece = std::min<std::size_t>(n, kIndexMask);
  while (piece > kMinPiece &&
         piece * gpu_msm_plan<C>(piece, window_bits).windows > static_cast<std::size_t>(INT32_MAX))
    piece /= 2;
  return piece;
}

template <class C>
std::size_t msm_piece(const Session& s, std::size_t n, const MsmConfig& config, bool with_points) {
  return fit_piece(s, n, max_piece<C>(n, config.window_bits),
                   [&](std::size_t p) { return PieceLayout<C>(p, config, s.sms).bytes(with_points); },
                   "an MSM piece");
}

template <class C>
std::size_t batch_add_bytes(std::size_t n, bool with_points, unsigned sms) {
  const std::size_t points = with_points ? n * (sizeof(DevicePoint<C>) + 1) : 0;
  const std::size_t threads = std::size_t{sms} * kBatchThreadsPerSm;
  return points + (n + 63) / 64 * sizeof(std::uint64_t) + (threads + threads / kSumFanIn + 1) * sizeof(Xyzz<C>) +
         16 * 256;
}

// batch_add pieces hold whole bitmap words.
template <class C>
std::size_t batch_add_piece(const Session& s, std::size_t n, bool with_points) {
  const std::size_t piece = fit_piece(
      s, n, n, [&](std::size_t p) { return batch_add_bytes<C>(p, with_points, s.sms); }, "a batch_add piece");
  return piece < n ? piece & ~std::size_t{63} : n;
}

// ---------------------------------------------------------------------------------------------
// Host orchestration

// Sums pairs of consecutive values of `from` (count of them) into `to` until at most `until`
// remain; returns the buffer holding them and their count. Pairs never straddle a window when
// count = windows * 2^k. These levels are latency-bound (few threads, serial additions), and a
// fan-in of 2 has the least serial additions in all: log2(count) rather than 7 log8(count).
template <class C>
std::pair<Xyzz<C>*, std::size_t> sum_tree(const Session& s, Xyzz<C>* from, Xyzz<C>* to, std::size_t count,
                                          std::size_t until, std::size_t per_window) {
  while (count > until) {
    const unsigned group = static_cast<unsigned>(std::min<std::size_t>(kSumFanIn, per_window));
    const std::size_t out = (count + group - 1) / group;
    sum_groups<C><<<blocks_for(out, kPointBlock), kPointBlock, 0, s.stream>>>(from, count, group, to);
    check_launch("sum_groups");
    std::swap(from, to);
    count = out;
    per_window = std::max<std::size_t>(1, per_window / group);
  }
  return {from, count};
}

// Where an MSM's scalars (32 bytes each) are: host memory, uploaded per piece, or the device's.
struct ScalarSource {
  const void* data;
  bool on_device;
};

// One whole Pippenger over n resident points and n scalars.
template <class C, bool kMontgomery>
Xyzz<C> run_piece(const Session& s, const DevicePoint<C>* points, const std::uint8_t* infinity,
                  ScalarSource source, std::size_t n, const MsmConfig& config, std::size_t first_index) {
  using S = typename C::Scalar;
  using Int = typename S::Int;
  static_assert(sizeof(S) == sizeof(Int), "Montgomery and canonical scalars must share their bytes");
  gpu::Stream st = s.stream;

  Buffer<Int> uploaded(s.pool, source.on_device ? 0 : n, st);
  if (!source.on_device) upload_bytes(s.device, uploaded.data(), source.data, n * sizeof(Int), st);
  const Int* scalars = source.on_device ? static_cast<const Int*>(source.data) : uploaded.data();

  Buffer<unsigned long long> counters(s.pool, kPieceCounters, st);
  unsigned long long* const counter = counters.data();
  gpu::check(ZKF_GPU(MemsetAsync)(counter, 0, kFirstBad * sizeof(unsigned long long), st), "MemsetAsync");
  gpu::check(ZKF_GPU(MemsetAsync)(counter + kFirstBad, 0xff, sizeof(unsigned long long), st), "MemsetAsync");
  count_scalars<S, kMontgomery><<<blocks_for(n, kWordBlock), kWordBlock, 0, st>>>(
      scalars, infinity, static_cast<std::uint32_t>(n), counter);
  check_launch("count_scalars");
  unsigned long long counts[kPieceCounters] = {};
  gpu::check(ZKF_GPU(MemcpyAsync)(counts, counter, sizeof counts, ZKF_GPU(MemcpyDeviceToHost), st),
             "MemcpyAsync (scalar counts)");
  gpu::check(ZKF_GPU(StreamSynchronize)(st), "count_scalars");
  const PieceLayout<C> layout =
      counted_layout(PieceLayout<C>(n, config, s.sms), config, counts[kLarger], counts[kOnes], s.sms);
  const MsmPlan& plan = layout.plan;

  Buffer<std::uint32_t> keys0(s.pool, layout.entries, st), keys1(s.pool, layout.entries, st);
  Buffer<std::uint32_t> values0(s.pool, layout.entries, st), values1(s.pool, layout.entries, st);
  const auto offset = msm_detail::digit_offset<S::kLimbs>(plan.window_bits, plan.windows);
  make_digits<S, kMontgomery><<<blocks_for(n, kWordBlock), kWordBlock, 0, st>>>(
      scalars, infinity, static_cast<std::uint32_t>(n), offset, plan.window_bits, plan.windows, keys0.data(),
      values0.data(), counter + kFirstBad, counter + kWritten);
  check_launch("make_digits");
  gpu::check(ZKF_GPU(MemcpyAsync)(counts, counter, sizeof counts, ZKF_GPU(MemcpyDeviceToHost), st),
             "MemcpyAsync (digit count)");
  gpu::check(ZKF_GPU(StreamSynchronize)(st), "make_digits");
  if (counts[kFirstBad] != ~0ull)
    throw Error(Errc::not_canonical,
                "MSM scalar " + std::to_string(first_index + counts[kFirstBad]) + " is not below r");
  const std::size_t pairs = counts[kWritten];
  if (pairs == 0) return Xyzz<C>::identity();

  gpu::DoubleBuffer<std::uint32_t> keys(keys0.data(), keys1.data()), values(values0.data(), values1.data());
  std::size_t sort_bytes = layout.sort_bytes;
  Buffer<unsigned char> sort_space(s.pool, std::max<std::size_t>(sort_bytes, 1), st);
  gpu::check(gpu::radix_sort_pairs(sort_space.data(), sort_bytes, keys, values, static_cast<int>(pairs), 0,
                                   static_cast<int>(layout.key_bits), st),
             "DeviceRadixSort::SortPairs");

  Buffer<Xyzz<C>> buckets(s.pool, layout.buckets, st);
  gpu::check(ZKF_GPU(MemsetAsync)(buckets.data(), 0, layout.buckets * sizeof(Xyzz<C>), st), "MemsetAsync (buckets)");
  Buffer<std::uint32_t> slot_keys_a(s.pool, layout.slots_a, st), slot_keys_b(s.pool, layout.slots_b, st);
  Buffer<Xyzz<C>> slots_a(s.pool, layout.slots_a, st), slots_b(s.pool, layout.slots_b, st);
  const std::size_t chunks = layout.chunks(pairs);
  accumulate<C, true><<<blocks_for(chunks, kPointBlock), kPointBlock, 0, st>>>(
      keys.Current(), values.Current(), points, nullptr, pairs, layout.chunk, slot_keys_a.data(), slots_a.data(),
      buckets.data());
  check_launch("accumulate (level 1)");
  std::uint32_t *in_keys = slot_keys_a.data(), *out_keys = slot_keys_b.data();
  Xyzz<C>* in_slots = slots_a.data();
  Xyzz<C>* out_slots = slots_b.data();
  for (std::size_t threads = chunks; threads > 1;) {
    const std::size_t len = 2 * threads;
    threads = (len + kTreeChunk - 1) / kTreeChunk;
    accumulate<C, false><<<blocks_for(threads, kPointBlock), kPointBlock, 0, st>>>(
        in_keys, nullptr, nullptr, in_slots, len, kTreeChunk, out_keys, out_slots, buckets.data());
    check_launch("accumulate (tree level)");
    std::swap(in_keys, out_keys);
    std::swap(in_slots, out_slots);
  }

  const std::size_t segments = layout.segments();
  Buffer<Xyzz<C>> sums_a(s.pool, segments, st), sums_b(s.pool, segments / kSumFanIn + 1, st);
  reduce_segments<C><<<blocks_for(segments, kPointBlock), kPointBlock, 0, st>>>(
      buckets.data(), layout.log_segment, layout.log_segments, segments, sums_a.data());
  check_launch("reduce_segments");
  const auto [window_sums, count] =
      sum_tree<C>(s, sums_a.data(), sums_b.data(), segments, plan.windows, std::size_t{1} << layout.log_segments);

  std::vector<Xyzz<C>> host_sums(count);
  gpu::check(ZKF_GPU(MemcpyAsync)(host_sums.data(), window_sums, count * sizeof(Xyzz<C>),
                                  ZKF_GPU(MemcpyDeviceToHost), st),
             "MemcpyAsync (window sums)");
  gpu::check(ZKF_GPU(StreamSynchronize)(st), "MSM kernels");
  return combine_windows(host_sums, plan.window_bits);
}

// MSM over resident points, in pieces that fit the device's memory.
template <class C, bool kMontgomery>
Jacobian<C> msm_resident(const Session& s, const DevicePoint<C>* points, const std::uint8_t* infinity,
                         ScalarSource scalars, std::size_t n, const MsmConfig& config) {
  if (n == 0) return Jacobian<C>::identity();
  const std::size_t piece = msm_piece<C>(s, n, config, false);
  const auto* bytes = static_cast<const unsigned char*>(scalars.data);
  Xyzz<C> sum = Xyzz<C>::identity();
  for (std::size_t b = 0; b < n; b += piece) {
    const std::size_t m = std::min(piece, n - b);
    const ScalarSource part{bytes + b * sizeof(typename C::Scalar), scalars.on_device};
    sum = sum.add(run_piece<C, kMontgomery>(s, points + b, infinity + b, part, m, config, b));
  }
  return sum.to_jacobian();
}

// MSM of host points: each piece's points are uploaded, then run as resident.
template <class C, bool kMontgomery>
Jacobian<C> msm_from_host(HostSpan<const Affine<C>> points, const void* host_scalars, const MsmConfig& config) {
  const std::size_t n = points.size;
  if (n == 0) return Jacobian<C>::identity();
  const int device = current_device();
  gpu::OwnedStream stream;
  const Session s = session_on(device, stream.get());
  const std::size_t piece = msm_piece<C>(s, n, config, true);
  Buffer<DevicePoint<C>> device_points(s.pool, piece, s.stream);
  Buffer<std::uint8_t> infinity(s.pool, piece, s.stream);
  const auto* bytes = static_cast<const unsigned char*>(host_scalars);
  Xyzz<C> sum = Xyzz<C>::identity();
  for (std::size_t b = 0; b < n; b += piece) {
    const std::size_t m = std::min(piece, n - b);
    upload_points(device, device_points.data(), infinity.data(), points.subspan(b, m), s.stream);
    const ScalarSource part{bytes + b * sizeof(typename C::Scalar), false};
    sum = sum.add(run_piece<C, kMontgomery>(s, device_points.data(), infinity.data(), part, m, config, b));
  }
  return sum.to_jacobian();
}

// batch_add over resident points: strided per-thread sums, an 8-way tree, the last few on the host.
template <class C>
Xyzz<C> batch_add_resident(const Session& s, const DevicePoint<C>* points, const std::uint8_t* infinity,
                           const std::uint64_t* host_bitmap, std::size_t n) {
  if (n == 0) return Xyzz<C>::identity();
  const std::size_t words = (n + 63) / 64;
  Buffer<std::uint64_t> bitmap(s.pool, words, s.stream);
  upload_bytes(s.device, bitmap.data(), host_bitmap, words * sizeof(std::uint64_t), s.stream);
  const std::size_t threads =
      std::min(blocks_for(n, kPointBlock), blocks_for(std::size_t{s.sms} * kBatchThreadsPerSm, kPointBlock)) *
      std::size_t{kPointBlock};
  Buffer<Xyzz<C>> sums_a(s.pool, threads, s.stream), sums_b(s.pool, threads / kSumFanIn + 1, s.stream);
  select_sum<C><<<static_cast<unsigned>(threads / kPointBlock), kPointBlock, 0, s.stream>>>(
      points, infinity, bitmap.data(), n, sums_a.data());
  check_launch("select_sum");
  const auto [partials, count] = sum_tree<C>(s, sums_a.data(), sums_b.data(), threads, kHostSums, threads);
  std::vector<Xyzz<C>> host(count);
  gpu::check(ZKF_GPU(MemcpyAsync)(host.data(), partials, count * sizeof(Xyzz<C>), ZKF_GPU(MemcpyDeviceToHost),
                                  s.stream),
             "MemcpyAsync (batch_add sums)");
  gpu::check(ZKF_GPU(StreamSynchronize)(s.stream), "batch_add kernels");
  Xyzz<C> sum = Xyzz<C>::identity();
  for (const auto& p : host) sum = sum.add(p);
  return sum;
}

// batch_add over resident points in pieces of whole bitmap words.
template <class C>
Jacobian<C> batch_add_pieces(const Session& s, const DevicePoint<C>* points, const std::uint8_t* infinity,
                             const std::uint64_t* bitmap, std::size_t n) {
  if (n == 0) return Jacobian<C>::identity();
  const std::size_t piece = batch_add_piece<C>(s, n, false);
  Xyzz<C> sum = Xyzz<C>::identity();
  for (std::size_t b = 0; b < n; b += piece)
    sum = sum.add(batch_add_resident<C>(s, points + b, infinity + b, bitmap + b / 64, std::min(piece, n - b)));
  return sum.to_jacobian();
}

template <class C>
Jacobian<C> batch_add_from_host(HostSpan<const Affine<C>> points, HostSpan<const std::uint64_t> bitmap) {
  const std::size_t n = points.size;
  if (n == 0) return Jacobian<C>::identity();
  const int device = current_device();
  gpu::OwnedStream stream;
  const Session s = session_on(device, stream.get());
  const std::size_t piece = batch_add_piece<C>(s, n, true);
  Buffer<DevicePoint<C>> device_points(s.pool, piece, s.stream);
  Buffer<std::uint8_t> infinity(s.pool, piece, s.stream);
  Xyzz<C> sum = Xyzz<C>::identity();
  for (std::size_t b = 0; b < n; b += piece) {
    const std::size_t m = std::min(piece, n - b);
    upload_points(device, device_points.data(), infinity.data(), points.subspan(b, m), s.stream);
    sum = sum.add(batch_add_resident<C>(s, device_points.data(), infinity.data(), bitmap.data + b / 64, m));
  }
  return sum.to_jacobian();
}

}  // namespace zkforge::cuda

namespace zkforge {

template <class C>
Jacobian<C> MsmBackend<gpu::Backend, C>::run_canonical(HostSpan<const Affine<C>> points,
                                               HostSpan<const typename Scalar::Int> scalars, const MsmConfig& config) {
  return cuda::msm_from_host<C, false>(points, scalars.data, config);
}

template <class C>
Jacobian<C> MsmBackend<gpu::Backend, C>::run_montgomery(HostSpan<const Affine<C>> points, HostSpan<const Scalar> scalars,
                                                const MsmConfig& config) {
  return cuda::msm_from_host<C, true>(points, scalars.data, config);
}

template <class C>
Jacobian<C> MsmBackend<gpu::Backend, C>::batch_add(HostSpan<const Affine<C>> points, HostSpan<const std::uint64_t> bitmap,
                                           const MsmConfig&) {
  return cuda::batch_add_from_host<C>(points, bitmap);
}

template <class C>
std::size_t msm_device_bytes(std::size_t n, const MsmConfig& config) {
  if (n == 0) return 0;
  return cuda::PieceLayout<C>(n, config, cuda::sm_count(cuda::current_device())).bytes(true);
}

template <class C>
struct MsmContext<C>::Impl {
  Impl(HostSpan<const Affine<C>> bases, const MsmConfig& cfg)
      : device(cuda::current_device()),
        config(cfg),
        n(reserve(bases.size, cuda::device_pool(device))),
        points(memory, n, stream.get()),
        infinity(memory, n, stream.get()) {
    cuda::upload_points(device, points.data(), infinity.data(), bases, stream.get());
    stream.synchronize();
  }

  // Checks that n bases fit before they are allocated (trimming the pool's idle buffers if that makes
  // the difference), for a message that says how much is missing.
  static std::size_t reserve(std::size_t count, DeviceResource& pool) {
    const std::size_t bytes = count * (sizeof(cuda::DevicePoint<C>) + 1);
    const gpu::MemoryInfo m = gpu::memory_info();
    if (bytes > m.free_bytes) {
      pool.flush();
      pool.trim();
    }
    if (bytes + cuda::kReserveBytes > gpu::memory_info().free_bytes)
      throw Error(Errc::out_of_memory, std::string("MsmContext of ") + C::name + " with " + std::to_string(count) +
                                           " bases needs " + std::to_string(bytes) + " bytes of device memory; " +
                                           std::to_string(m.free_bytes) + " are free");
    return count;
  }

  // A call's buffers come from the memory policy in force for the calling thread (ScopedMemoryPolicy).
  cuda::Session session() const { return cuda::session_on(device, stream.get()); }

  void check_range(std::size_t first, std::size_t count, const char* what) const {
    if (first > n || count > n - first)
      throw Error(Errc::size_mismatch, std::string(what) + " over bases [" + std::to_string(first) + ", " +
                                           std::to_string(first) + " + " + std::to_string(count) +
                                           ") of a context holding " + std::to_string(n));
  }

  void check_device(std::size_t count, int scalars_device) const {
    if (count > 0 && scalars_device != device)
      throw Error(Errc::invalid_argument, "MsmContext::run: scalars on device " + std::to_string(scalars_device) +
                                              ", bases on device " + std::to_string(device));
  }

  // An MSM of count scalars (Montgomery or canonical; on the host or this device) with the bases from first.
  template <bool kMontgomery>
  Jacobian<C> msm(cuda::ScalarSource scalars, std::size_t count, std::size_t first) {
    check_range(first, count, "MsmContext::run");
    const cuda::DeviceGuard guard(device);
    return cuda::msm_resident<C, kMontgomery>(session(), points.data() + first, infinity.data() + first, scalars, count,
                                              config);
  }

  int device;
  gpu::OwnedStream stream;
  SynchronousDevice memory;  // the bases': held for the context's life, outside the policies' accounting
  MsmConfig config;
  std::size_t n;
  cuda::Buffer<cuda::DevicePoint<C>> points;
  cuda::Buffer<std::uint8_t> infinity;
};

template <class C>
MsmContext<C>::MsmContext(HostSpan<const Affine<C>> bases, const MsmConfig& config)
    : impl_(std::make_unique<Impl>(bases, config)) {}

template <class C>
MsmContext<C>::~MsmContext() = default;
template <class C>
MsmContext<C>::MsmContext(MsmContext&&) noexcept = default;
template <class C>
MsmContext<C>& MsmContext<C>::operator=(MsmContext&&) noexcept = default;

template <class C>
std::size_t MsmContext<C>::size() const {
  return impl_->n;
}

template <class C>
int MsmContext<C>::device() const {
  return impl_->device;
}

template <class C>
Jacobian<C> MsmContext<C>::run(HostSpan<const Scalar> scalars, std::size_t first) {
  return impl_->template msm<true>({scalars.data, false}, scalars.size, first);
}

template <class C>
Jacobian<C> MsmContext<C>::run(DeviceSpan<const Scalar> scalars, std::size_t first) {
  impl_->check_device(scalars.size, scalars.device);
  return impl_->template msm<true>({scalars.data, true}, scalars.size, first);
}

template <class C>
Jacobian<C> MsmContext<C>::run(DeviceSpan<const typename Scalar::Int> scalars, std::size_t first) {
  impl_->check_device(scalars.size, scalars.device);
  return impl_->template msm<false>({scalars.data, true}, scalars.size, first);
}

template <class C>
Jacobian<C> MsmContext<C>::run(HostSpan<const typename Scalar::Int> scalars, std::size_t first) {
  return impl_->template msm<false>({scalars.data, false}, scalars.size, first);
}

template <class C>
Jacobian<C> MsmContext<C>::batch_add(HostSpan<const std::uint64_t> bitmap, std::size_t first, std::size_t count) {
  if (count == kToEnd) count = first <= impl_->n ? impl_->n - first : 0;
  impl_->check_range(first, count, "MsmContext::batch_add");
  if (bitmap.size != (count + 63) / 64)
    throw Error(Errc::size_mismatch, "batch_add over " + std::to_string(count) + " bases needs " +
                                         std::to_string((count + 63) / 64) + " bitmap words, got " +
                                         std::to_string(bitmap.size));
  if (count % 64 != 0 && (bitmap[bitmap.size - 1] >> (count % 64)) != 0)
    throw Error(Errc::invalid_argument, "batch_add bitmap selects bases past the last of " + std::to_string(count));
  const cuda::DeviceGuard guard(impl_->device);
  return cuda::batch_add_pieces<C>(impl_->session(), impl_->points.data() + first, impl_->infinity.data() + first,
                                   bitmap.data, count);
}

}  // namespace zkforge
