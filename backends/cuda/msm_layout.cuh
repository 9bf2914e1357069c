// SPDX-License-Identifier: Apache-2.0
// The GPU MSM's memory planner: the window of a piece, every buffer size of one piece of n points
// (the single source of the allocations and of msm_device_bytes), and the largest piece that fits the
// free device memory.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>

#include "backends/cuda/msm_kernels.cuh"
#include "backends/cuda/session.cuh"
#include "zkforge/arch/gpu_sort.hpp"
#include "zkforge/msm/config.hpp"
#include "zkforge/msm/plan.hpp"

namespace zkforge::gpu {
inline namespace ZKF_GPU_NS {

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
    DoubleBuffer<std::uint32_t> k(nullptr, nullptr), v(nullptr, nullptr);
    const int items = static_cast<int>(std::min<std::size_t>(entries, INT32_MAX));  // pieces stay below
    check(radix_sort_pairs(nullptr, sort_bytes, k, v, items, 0, static_cast<int>(key_bits)),
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

}  // namespace ZKF_GPU_NS
}  // namespace zkforge::gpu
