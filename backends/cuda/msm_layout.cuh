// SPDX-License-Identifier: Apache-2.0
// The GPU MSM's memory planner: the window of a piece, every buffer size of one piece of n points
// (the single source of the allocations and of msm_device_bytes), and the largest piece that fits the
// free device memory.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>

#include "backends/cuda/msm_affine.cuh"
#include "backends/cuda/msm_kernels.cuh"
#include "backends/cuda/session.cuh"
#include "zkforge/arch/gpu_sort.hpp"
#include "zkforge/msm/config.hpp"
#include "zkforge/msm/plan.hpp"

namespace zkforge::gpu {
inline namespace ZKF_GPU_NS {

// Segments of the bucket reduction a multiprocessor runs, a thread each (a lane pair each on G2): as
// many blocks as its registers hold (on an H200: 3 of BLS12-381 G1 and of G2's pairs, 4 of BN254
// G1), up to kReductionSegmentsPerSm segments. The layout gives the reduction one wave of them, each
// its share of a window's buckets: in a 2^26 proof a second, part-filled wave took G2's reduction
// 33.6 ms (25.9 in one wave), and G1's 384 threads a multiprocessor, each with its own offset to
// multiply, 13.7 ms where 248 took 11.9 (docs/perf.md, runs AY and BC).
template <class C>
unsigned reduction_segments_per_sm() {
  static const unsigned segments = [] {
    int b = 0;
    check(ZKF_GPU(OccupancyMaxActiveBlocksPerMultiprocessor)(&b, reduce_segments<C>, kPointBlock, 0),
          "OccupancyMaxActiveBlocksPerMultiprocessor (reduce_segments)");
    return std::min(static_cast<unsigned>(std::max(b, 1)) * kPointBlock / kPointLanes<C>, kReductionSegmentsPerSm);
  }();
  return segments;
}

// The GPU's window: c minimising W(c) * (n + kGpuBucketCost * 2^(c-1)), or the one forced.
template <class C>
MsmPlan gpu_msm_plan(std::size_t n, unsigned window_bits) {
  return make_msm_plan(n, C::Scalar::kModulus, window_bits, MsmCostModel{kGpuBucketCost, kMaxAutoWindow});
}

// An MsmContext's precomputed copies of its bases (MsmConfig::precompute): copy q of base i, at
// q * stride + i, is 2^(q W' c) times it, so that the W windows of the signed digits (c bits each) fold
// into W' = ceil(W / K) bucket windows: digit j goes to window j mod W' of copy j / W'. The window is
// fixed when the copies are made. count = 1: the bases alone, the window chosen per call.
struct Copies {
  unsigned count = 1;           // K
  std::size_t stride = 0;       // the context's bases
  unsigned window_bits = 0;     // c
  unsigned digit_windows = 0;   // W
  unsigned bucket_windows = 0;  // W'
  unsigned shift() const { return bucket_windows * window_bits; }  // bits between consecutive copies
  MsmPlan bucket_plan() const { return MsmPlan{window_bits, bucket_windows, std::size_t{1} << (window_bits - 1)}; }
};

// The copies of n bases for `wanted` of them (>= 2): the window minimising W(c) * d n + kGpuBucketCost *
// ceil(W(c) / wanted) * 2^(c-1), d the share of scalars expected wider than one digit
// (MsmConfig::dense_share), or the one forced; then the fewest copies that give the same W'. Point
// indices keep a sign bit, so K n stays below 2^31. count = 1 when copies would not fold a window.
template <class C>
Copies plan_copies(std::size_t n, unsigned window_bits, unsigned wanted, double dense_share) {
  Copies k;
  k.stride = n;
  if (n == 0 || wanted < 2) return k;
  wanted = static_cast<unsigned>(std::min<std::size_t>(wanted, (std::size_t{kIndexMask} + 1) / n));
  if (wanted < 2) return k;
  const MsmPlan p = make_msm_plan(n, C::Scalar::kModulus, window_bits, kMaxCopyWindow,
                                  [&](std::size_t points, unsigned c, unsigned windows) {
                                    const double folded = (windows + wanted - 1) / wanted;
                                    return windows * dense_share * static_cast<double>(points) +
                                           kGpuBucketCost * folded * static_cast<double>(std::size_t{1} << (c - 1));
                                  });
  const unsigned folded = (p.windows + wanted - 1) / wanted;
  const unsigned count = (p.windows + folded - 1) / folded;
  if (count < 2) return k;
  k.count = count;
  k.window_bits = p.window_bits;
  k.digit_windows = p.windows;
  k.bucket_windows = folded;
  return k;
}

// A context's dense share (MsmConfig::dense_share) lies in (0, 1].
inline void check_dense_share(const MsmConfig& config) {
  if (!(config.dense_share > 0 && config.dense_share <= 1))
    throw Error(Errc::invalid_argument,
                "MsmConfig::dense_share must lie in (0, 1], got " + std::to_string(config.dense_share));
}

// Level 1's batch-affine rounds (msm_affine.cuh) for a piece of `entries` digit pairs: with
// BucketMethod::batch_affine, config.affine_rounds or kAffineRounds; none otherwise. automatic takes
// XYZZ alone, measured faster on an H200 at every size from 2^20 to 2^26 and in every group
// (docs/perf.md, issue #24's run M).
inline unsigned affine_rounds_for(const MsmConfig& config, std::size_t entries) {
  if (config.affine_rounds > kMaxAffineRounds)
    throw Error(Errc::invalid_argument, "MSM of " + std::to_string(config.affine_rounds) +
                                            " batch-affine rounds (at most " + std::to_string(kMaxAffineRounds) + ")");
  if (config.bucket_method != BucketMethod::batch_affine || entries < 2) return 0;
  return config.affine_rounds != kAffineRoundsAuto ? config.affine_rounds : kAffineRounds;
}

// Every buffer size of one piece of n points: the single source of both the allocations and
// msm_device_bytes. `entries` bounds the digit pairs: W*n before the scalars are counted (what a piece
// may need), W*larger + ones after (what this one does). plan holds the bucket windows (W', which is
// W unless the bases have copies), digit_windows the digits' W. Level 1 takes chunks of `chunk`
// entries, with affine_rounds batch-affine rounds first when it is not 0, in launches of at most
// affine_tile chunks that share one scratch.
template <class C>
struct PieceLayout {
  MsmPlan plan;
  unsigned digit_windows = 0;
  std::size_t n = 0;
  std::size_t entries = 0;     // the most digit pairs
  std::uint32_t buckets = 0;   // W'*B
  unsigned key_bits = 0;       // bits the sort looks at
  unsigned chunk = 0;          // level-1 entries per thread
  unsigned affine_rounds = 0;  // level 1's batch-affine rounds
  std::size_t affine_tile = 0;  // level-1 chunks per launch with rounds
  std::size_t slots_a = 0, slots_b = 0;  // ping-pong slot buffers of the levels >= 2
  std::uint32_t segment = 1, groups = 1;  // the bucket reduction's Z buckets a thread, G threads a window
  std::size_t sort_bytes = 0;  // CUB's temporary storage

  // The bound of any n scalars, with the window chosen from n, or the copies' window.
  PieceLayout(std::size_t points, const MsmConfig& config, unsigned sms, const Copies& copies = {})
      : PieceLayout(points, copies.count > 1 ? copies.bucket_plan() : gpu_msm_plan<C>(points, config.window_bits),
                    copies.count > 1 ? copies.digit_windows : 0, points, 0, config, sms) {}

  // digits = 0: as many digit windows as bucket windows.
  PieceLayout(std::size_t points, const MsmPlan& bucket_plan, unsigned digits, std::size_t larger, std::size_t ones,
              const MsmConfig& config, unsigned sms)
      : plan(bucket_plan),
        digit_windows(digits != 0 ? digits : bucket_plan.windows),
        n(points),
        entries(static_cast<std::size_t>(digit_windows) * larger + ones) {
    if (digit_windows > kMaxWindows)
      throw Error(Errc::invalid_argument, "MSM of " + std::to_string(digit_windows) +
                                              " windows (the GPU's digit kernel has room for " +
                                              std::to_string(kMaxWindows) + ")");
    buckets = static_cast<std::uint32_t>(plan.windows * plan.buckets);
    while ((std::uint64_t{1} << key_bits) < buckets) ++key_bits;
    affine_rounds = affine_rounds_for(config, entries);
    if (affine_rounds > 0) {
      const std::size_t per_chunk = entries / (std::size_t{sms} * kAffineChunksPerSm);
      chunk = static_cast<unsigned>(std::clamp<std::size_t>(per_chunk, kMinAffineChunk, kMaxAffineChunk));
      affine_tile = std::min(chunks(entries), std::size_t{sms} * kAffineTileChunksPerSm<C>);
    } else {
      const std::size_t per_thread = entries / (std::size_t{sms} * kChunkThreadsPerSm);
      chunk = static_cast<unsigned>(std::clamp<std::size_t>(per_thread, kMinChunk, kMaxChunk));
    }
    slots_a = 2 * chunks(entries);
    slots_b = 2 * ((slots_a + kTreeChunk - 1) / kTreeChunk);
    const std::size_t wave = std::size_t{sms} * reduction_segments_per_sm<C>();
    const std::size_t want = std::clamp<std::size_t>(wave / plan.windows, 1, plan.buckets);
    segment = static_cast<std::uint32_t>((plan.buckets + want - 1) / want);
    groups = static_cast<std::uint32_t>((plan.buckets + segment - 1) / segment);
    DoubleBuffer<std::uint32_t> k(nullptr, nullptr), v(nullptr, nullptr);
    const int items = static_cast<int>(std::min<std::size_t>(entries, INT32_MAX));  // pieces stay below
    check(radix_sort_pairs(nullptr, sort_bytes, k, v, items, 0, static_cast<int>(key_bits)),
               "DeviceRadixSort::SortPairs (size query)");
  }
  std::size_t segments() const { return std::size_t{plan.windows} * groups; }
  std::size_t chunks(std::size_t pairs) const { return (pairs + chunk - 1) / chunk; }  // level-1 threads
  std::size_t affine_entries() const { return affine_tile * chunk; }        // scratch points and keys
  std::size_t affine_prefixes() const { return affine_tile * (chunk / 2); }  // stored products

  std::size_t bytes(bool with_points) const {
    constexpr std::size_t kXyzz = sizeof(Xyzz<C>);
    const std::size_t points = with_points ? n * (sizeof(DevicePoint<C>) + 1) : 0;
    const std::size_t scalars = n * sizeof(typename C::Scalar::Int);
    const std::size_t sort = 4 * entries * sizeof(std::uint32_t) + sort_bytes;
    const std::size_t slots = (slots_a + slots_b) * (sizeof(std::uint32_t) + kXyzz);
    const std::size_t reduce = (std::size_t{buckets} + segments() + sum_tree_scratch(plan.windows, groups)) * kXyzz;
    const std::size_t alignment_slack = 16 * 256;
    const std::size_t counters = kPieceCounters * sizeof(unsigned long long);
    const std::size_t affine = affine_entries() * (sizeof(DevicePoint<C>) + sizeof(std::uint32_t)) +
                               affine_prefixes() * sizeof(typename C::Field);
    return points + scalars + sort + slots + reduce + counters + affine + alignment_slack;
  }
};

// The layout of a piece whose scalars are counted: the window from the larger scalars alone (the ones
// add one pair each, whatever the window), unless that layout would need more memory than the bound
// that the piece was sized by, or the window is fixed (by the bases' copies, or by batches that share
// one bucket array), where the bound's window stays.
template <class C>
PieceLayout<C> counted_layout(const PieceLayout<C>& bound, const MsmConfig& config, std::size_t larger,
                              std::size_t ones, unsigned sms, bool window_fixed) {
  if (!window_fixed) {
    PieceLayout<C> counted(bound.n, gpu_msm_plan<C>(larger, config.window_bits), 0, larger, ones, config, sms);
    if (counted.entries <= bound.entries && counted.bytes(false) <= bound.bytes(false)) return counted;
  }
  return PieceLayout<C>(bound.n, bound.plan, bound.digit_windows, larger, ones, config, sms);
}

// The bound of n scalars before any is counted, config.dense_share of them expected wider than one
// digit: the window counted_layout would choose for that many, or the copies' window.
template <class C>
PieceLayout<C> expected_layout(std::size_t n, const MsmConfig& config, unsigned sms, const Copies& copies) {
  if (copies.count > 1) return PieceLayout<C>(n, config, sms, copies);
  check_dense_share(config);
  const auto larger = std::max<std::size_t>(1, static_cast<std::size_t>(config.dense_share * static_cast<double>(n)));
  return PieceLayout<C>(n, gpu_msm_plan<C>(larger, config.window_bits), 0, n, 0, config, sms);
}

// The largest piece (n, or n halved until it fits) whose bytes fit the free device memory plus the
// pool's idle buffers; trims the pool when fresh allocations will be needed. Frees still queued by a
// deferred policy are waited for first when they would make the difference.
template <class BytesOf>
std::size_t fit_piece(const Session& s, std::size_t n, std::size_t limit, BytesOf bytes_of, const char* what) {
  if (s.pool.stats().pending_bytes != 0 && bytes_of(std::min(n, limit)) + kReserveBytes > memory_info().free_bytes)
    s.pool.flush();
  const DeviceMemoryInfo m = memory_info();
  const std::size_t idle = s.pool.stats().idle_bytes;
  const std::size_t budget = m.free_bytes + idle > kReserveBytes ? m.free_bytes + idle - kReserveBytes : 0;
  std::size_t piece = std::min(n, limit);
  while (piece > kMinPiece && bytes_of(piece) > budget) piece = (piece + 1) / 2;
  if (bytes_of(piece) > budget)
    device_detail::out_of_device_memory(bytes_of(piece),
                                        (" (" + std::string(what) + " of " + std::to_string(piece) + " points)").c_str());
  if (bytes_of(piece) + kReserveBytes > m.free_bytes) s.pool.trim();
  return piece;
}

// The most points one piece may hold: indices keep a sign bit, and CUB counts items in an int.
template <class C>
std::size_t max_piece(std::size_t n, unsigned window_bits, const Copies& copies) {
  std::size_t piece = std::min<std::size_t>(n, kIndexMask);
  auto windows = [&](std::size_t p) {
    return copies.count > 1 ? copies.digit_windows : gpu_msm_plan<C>(p, window_bits).windows;
  };
  while (piece > kMinPiece && piece * windows(piece) > static_cast<std::size_t>(INT32_MAX)) piece /= 2;
  return piece;
}

template <class C>
std::size_t msm_piece(const Session& s, std::size_t n, const MsmConfig& config, bool with_points,
                      const Copies& copies = {}) {
  return fit_piece(s, n, max_piece<C>(n, config.window_bits, copies),
                   [&](std::size_t p) { return PieceLayout<C>(p, config, s.sms, copies).bytes(with_points); },
                   "an MSM piece");
}

// The device bytes of a context's bases: K copies of the points, one infinity byte per base.
template <class C>
std::size_t copies_bytes(const Copies& copies) {
  return copies.count * copies.stride * sizeof(DevicePoint<C>) + copies.stride;
}

// The copies of a context of n bases for config.precompute; kPrecomputeAuto takes the most whose bytes,
// with one run's buffers over all n, fit half of `free_bytes` less the backend's reserve.
template <class C>
Copies choose_copies(std::size_t n, const MsmConfig& config, unsigned sms, std::size_t free_bytes) {
  check_dense_share(config);
  if (config.precompute != kPrecomputeAuto)
    return plan_copies<C>(n, config.window_bits, config.precompute, config.dense_share);
  const std::size_t budget = free_bytes > kReserveBytes ? (free_bytes - kReserveBytes) / 2 : 0;
  Copies k = plan_copies<C>(n, config.window_bits, 1, config.dense_share);
  for (unsigned wanted = 2; wanted <= kMaxWindows; ++wanted) {
    const Copies more = plan_copies<C>(n, config.window_bits, wanted, config.dense_share);
    if (more.count > k.count && copies_bytes<C>(more) + PieceLayout<C>(n, config, sms, more).bytes(false) <= budget)
      k = more;
  }
  return k;
}

template <class C>
std::size_t batch_add_bytes(std::size_t n, bool with_points, unsigned sms) {
  const std::size_t points = with_points ? n * (sizeof(DevicePoint<C>) + 1) : 0;
  const std::size_t threads = std::size_t{sms} * kBatchThreadsPerSm;
  return points + (n + 63) / 64 * sizeof(std::uint64_t) + (threads + sum_tree_scratch(1, threads)) * sizeof(Xyzz<C>) +
         16 * 256;
}

// batch_add pieces hold whole bitmap words.
template <class C>
std::size_t batch_add_piece(const Session& s, std::size_t n, bool with_points) {
  const std::size_t piece = fit_piece(
      s, n, n, [&](std::size_t p) { return batch_add_bytes<C>(p, with_points, s.sms); }, "a batch_add piece");
  return piece < n ? piece & ~std::size_t{63} : n;
}

}  // namespace ZKF_GPU_NS
}  // namespace zkforge::gpu
